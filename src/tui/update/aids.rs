//! The board aids from the reducer's side: `w` / `:arrows` switch the
//! best-move marks (kept in the settings), `t` / `:threat` the threat view,
//! whose null-move search runs through the same engine as the analysis,
//! first and at a small fixed budget, so the two never starve each other;
//! `s` plays the first line's best move and a click on an engine line's
//! move plays the line up to it, both into the tree without replacing
//! anything.

use crate::chess::Move;
use crate::engine::SearchEvent;
use crate::game::plies;
use crate::tui::aids::why_no_threat;
use crate::tui::app::{App, Purpose, SearchKey};
use crate::tui::params::LEVEL_MAX;

impl App {
    /// The threat search the state wants before any analysis: the threat
    /// view is on, the shown position has a threat to look for and its
    /// search has not ended yet.
    pub(super) fn threat_key(&self) -> Option<SearchKey> {
        let board = &self.view.board;
        let threat = &self.engine.threat;
        if !threat.on || why_no_threat(board, self.view.status).is_some() {
            return None;
        }
        if threat.for_board(board).is_some_and(|t| t.done) {
            return None;
        }
        Some(SearchKey {
            hash: board.make_null().hash(),
            node: self.doc.cursor,
            purpose: Purpose::Threat,
            multipv: 1,
            eval: self.ui.eval_view,
            level: LEVEL_MAX,
        })
    }

    /// A report of the threat search: its line, or its end.
    pub(super) fn threat_event(&mut self, event: SearchEvent) -> bool {
        let finished = matches!(event, SearchEvent::BestMove { .. });
        if let Some(s) = &mut self.engine.search {
            s.finished |= finished;
        }
        let Some(t) = &mut self.engine.threat.found else {
            return false;
        };
        match event {
            SearchEvent::Info { info, .. } if info.multipv <= 1 => {
                t.line = Some(super::line_view(&t.root, &info));
            }
            SearchEvent::Info { .. } => return false,
            SearchEvent::BestMove { best, .. } => {
                t.done = true;
                // An engine that answered without a line: its move alone.
                let legal = best.filter(|&m| crate::chess::legal_moves(&t.root).contains(m));
                if let (None, Some(m)) = (&t.line, legal) {
                    let info = crate::engine::SearchInfo {
                        depth: 0,
                        seldepth: 0,
                        multipv: 1,
                        score: crate::engine::Score::Cp(0),
                        bound: crate::engine::Bound::Exact,
                        nodes: 0,
                        nps: 0,
                        hashfull: 0,
                        tbhits: 0,
                        time: std::time::Duration::ZERO,
                        pv: vec![m],
                    };
                    t.line = Some(super::line_view(&t.root, &info));
                }
            }
            SearchEvent::Error(_) | SearchEvent::Exited(_) => return false,
        }
        true
    }

    /// `t` and `:threat [on|off]`: the threat view on or off.
    pub(super) fn set_threat(&mut self, on: Option<bool>) {
        let on = on.unwrap_or(!self.engine.threat.on);
        if on && self.tracks_game_end() {
            self.error("no threat view during a game (a ends the game)");
            return;
        }
        self.engine.threat.on = on;
        if !on {
            self.engine.threat.found = None;
            self.info("threat view off");
            return;
        }
        match why_no_threat(&self.view.board, self.view.status) {
            Some(why) => self.error(format!("threat view on, but no threat here: {why}")),
            None => {
                self.info("threat view on: the other side's move if it could move now (t: off)")
            }
        }
    }

    /// `w` and `:arrows [on|off]`: the engine's best moves marked on the
    /// board or not; kept in the settings.
    pub(super) fn set_arrows(&mut self, on: Option<bool>) {
        let on = on.unwrap_or(!self.config.arrows);
        self.config.arrows = on;
        self.config_changed = true;
        let kept = self.kept_in_settings();
        self.info(if on {
            format!("best-move marks on (w: off; {kept})")
        } else {
            format!("best-move marks off (w: on; {kept})")
        });
    }

    /// `z` and `:panel [on|off]`: the evaluation panel on screen or put
    /// away (the pane beside it takes its room); kept in the settings.
    pub(super) fn set_panel(&mut self, on: Option<bool>) {
        let on = on.unwrap_or(!self.config.panel);
        self.config.panel = on;
        self.config_changed = true;
        let kept = self.kept_in_settings();
        self.info(if on {
            format!("evaluation panel on (z: off; {kept})")
        } else {
            format!("evaluation panel off: the other panes take its room (z or v: on; {kept})")
        });
    }

    /// What a toggle's message says of its setting: kept, or not when the
    /// settings file cannot be written back (it did not read at start).
    fn kept_in_settings(&self) -> String {
        match &self.settings_not_saved {
            None => "kept in the settings".to_string(),
            Some(why) => format!("not kept: {why}"),
        }
    }

    /// A key that works on the evaluation panel (`v`, Tab, `b`, `g`, `J`)
    /// brings it back when `z` put it away.
    pub(super) fn show_panel(&mut self) {
        if !self.config.panel {
            self.config.panel = true;
            self.config_changed = true;
        }
    }

    /// `s`: plays the first engine line's move at the shown position, as a
    /// variation when another move was played here.
    pub(super) fn play_best(&mut self) {
        if self.tracks_game_end() {
            self.error("during a game you play your own moves");
            return;
        }
        let Some(m) = self.lines_here().first().and_then(|l| l.first) else {
            self.error(if self.play.analysis {
                "no engine line for this position yet"
            } else {
                "no engine line: a starts the analysis"
            });
            return;
        };
        let at = self.doc.cursor;
        let existed = self.tree().child_with_move(at, m).is_some();
        let others = self.tree().children(at).len();
        self.play(m);
        if self.doc.cursor == at || self.dialogs.message.as_ref().is_some_and(|m| m.error) {
            return;
        }
        let label = self.doc.game.label(self.doc.cursor);
        let how = match (existed, others) {
            (true, _) => "already in the game",
            (false, 0) => "added",
            (false, _) => "a new variation; Up/Down: the moves played here before",
        };
        if self.result_text().is_none() {
            self.info(format!("the engine's best move {label} ({how})"));
        }
    }

    /// A click on move `ply` (0-based) of engine line `n` (1-based): the
    /// line up to and including it goes into the tree as one undo step,
    /// and the board shows the position after it.
    pub(super) fn play_line_to(&mut self, n: usize, ply: usize) {
        if self.tracks_game_end() {
            self.error("during a game you play your own moves");
            return;
        }
        let Some(moves) = self
            .lines_here()
            .iter()
            .find(|l| l.multipv == n)
            .map(|l| l.moves.iter().take(ply + 1).copied().collect::<Vec<Move>>())
            .filter(|m| m.len() == ply + 1)
        else {
            return;
        };
        let at = self.doc.cursor;
        // How many of the moves the tree has yet, walking from here.
        let mut known = 0;
        let mut node = at;
        for &m in &moves {
            match self.tree().child_with_move(node, m) {
                Some(c) => (known, node) = (known + 1, c),
                None => break,
            }
        }
        match self.doc.game.add_line(at, &moves) {
            Ok(last) => {
                self.tree_changed();
                self.go_to(last);
                let label = self.doc.game.label(last);
                let added = moves.len() - known;
                self.info(if added == 0 {
                    format!("engine line {n} up to {label} (already in the game)")
                } else {
                    format!(
                        "engine line {n} up to {label}: {} added (Ctrl-Z takes them out)",
                        plies(added)
                    )
                });
            }
            Err(e) => self.error(format!("cannot play the line: {e}")),
        }
    }
}
