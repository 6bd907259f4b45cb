//! The engine link: search reports become engine lines or the engine's
//! move, and after every action the wanted search (`wanted_key`) is
//! compared with the running one, so analysis restarts on any change.

use crate::chess::{to_san, Board, Color, Move, Position};
use crate::engine::{Bound, EngineOption, Limits, Score, SearchEvent, SearchInfo};
use crate::eval::teach::MoveDelta;
use crate::tui::action::Effect;
use crate::tui::app::{ActiveSearch, App, LineView, Mode, Purpose, SearchKey};
use crate::tui::params::{
    ENGINE_MOVETIME, LEVEL_ELO, LEVEL_MAX, LEVEL_NODES, MULTIPV_MAX, THREAT_DEPTH, THREAT_MOVETIME,
    THREAT_NODES,
};

impl App {
    pub(super) fn engine_event(&mut self, token: u64, event: SearchEvent) -> bool {
        if let SearchEvent::Error(e) = event {
            self.error(format!("engine: {e}"));
            return true;
        }
        let Some(search) = &mut self.engine.search else {
            return false;
        };
        if search.token != token {
            return false; // a search already replaced
        }
        if search.key.purpose == Purpose::Threat {
            return self.threat_event(event);
        }
        match event {
            SearchEvent::Info { info, .. } => {
                let root = search.root;
                let mut line = line_view(&root, &info);
                let i = line.multipv.saturating_sub(1);
                if i >= MULTIPV_MAX {
                    return false;
                }
                line.delta = match self.engine.lines.get(i) {
                    Some(old) if old.first == line.first => old.delta,
                    _ => line
                        .first
                        .map(|m| MoveDelta::of_move(&root, m, self.net.as_deref())),
                };
                match i.cmp(&self.engine.lines.len()) {
                    std::cmp::Ordering::Less => self.engine.lines[i] = line,
                    std::cmp::Ordering::Equal => self.engine.lines.push(line),
                    // A line before the ones above it: they come first.
                    std::cmp::Ordering::Greater => return false,
                }
                true
            }
            SearchEvent::BestMove { best, .. } => {
                search.finished = true;
                let purpose = search.key.purpose;
                let root = search.root;
                if purpose == Purpose::EngineMove {
                    if let Some(l) = self.engine.lines.first() {
                        self.play.engine_score = Some(l.score);
                    }
                    let here = matches!(self.play.mode, Mode::Play { .. })
                        && !self.play.paused
                        && *self.doc.game.board(self.play.game_end) == root;
                    if !(here && self.engine_claims(root.side_to_move())) {
                        self.engine_move(root, best);
                    }
                }
                true
            }
            SearchEvent::Error(_) => unreachable!("handled above"),
        }
    }

    pub(super) fn engine_move(&mut self, root: Board, best: Option<Move>) {
        let Mode::Play { human, .. } = self.play.mode else {
            return;
        };
        let end = self.play.game_end;
        let board = *self.doc.game.board(end);
        if board != root || board.side_to_move() == human || self.play.paused {
            return;
        }
        let Some(m) = best.filter(|m| crate::chess::legal_moves(&board).contains(*m)) else {
            self.error("the engine returned no legal move");
            return;
        };
        let follow = self.doc.cursor == end;
        let san = to_san(&board, m);
        let (node, new) = self.doc.game.play(end, m);
        if new {
            self.play.created.push(node);
        }
        self.play.game_end = node;
        if follow {
            self.doc.cursor = node;
            self.ui.selected = None;
            self.ui.drag = None;
        }
        self.switch_clock();
        if new {
            self.tree_changed();
        } else {
            self.refresh();
            self.autosave();
        }
        let n = board.fullmove_number();
        let dots = if board.side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        self.info(format!("engine plays {n}{dots} {san}"));
        if self.status_at(node).is_over() {
            self.game_over_on_board();
            if follow {
                if let Some(r) = self.result_text() {
                    self.info(r);
                }
            }
        }
    }

    /// What the state wants the engine to work on, if anything. Cheap: no
    /// position is built unless the status of the game's end is unknown.
    fn wanted_key(&self) -> Option<SearchKey> {
        if self.flagged() || self.editor.is_some() {
            return None;
        }
        match self.play.mode {
            Mode::Play { human, level } => {
                let end = self.play.game_end;
                let board = self.doc.game.board(end);
                if board.side_to_move() == human || self.play.paused {
                    return None;
                }
                let over = if self.doc.cursor == end {
                    self.view.status.is_over()
                } else {
                    self.status_at(end).is_over()
                };
                (!over).then(|| SearchKey {
                    hash: board.hash(),
                    node: end,
                    purpose: Purpose::EngineMove,
                    multipv: 1,
                    eval: self.ui.eval_view,
                    level,
                })
            }
            Mode::Analysis | Mode::TwoPlayers => {
                if let Some(key) = self.threat_key() {
                    return Some(key);
                }
                let go = self.play.analysis && crate::tui::aids::analysable(self.view.status);
                go.then(|| SearchKey {
                    hash: self.view.board.hash(),
                    node: self.doc.cursor,
                    purpose: Purpose::Analysis,
                    multipv: self.config.multipv,
                    eval: self.ui.eval_view,
                    level: LEVEL_MAX,
                })
            }
        }
    }

    /// The position, limits and engine options for a search with `key`.
    fn search_request(&self, key: &SearchKey) -> (Position, Limits, Vec<EngineOption>) {
        match key.purpose {
            Purpose::EngineMove => {
                let level = key.level;
                let mut limits = Limits::default();
                let mut options = vec![EngineOption::MultiPv(1)];
                if level < LEVEL_MAX {
                    let i = (level.max(1) - 1) as usize;
                    limits.nodes = Some(LEVEL_NODES[i]);
                    options.push(EngineOption::LimitStrength(true));
                    options.push(EngineOption::Elo(LEVEL_ELO[i]));
                } else {
                    options.push(EngineOption::LimitStrength(false));
                }
                match &self.play.clocks {
                    Some(c) => {
                        limits.wtime = Some(c.remaining(Color::White, self.now));
                        limits.btime = Some(c.remaining(Color::Black, self.now));
                        limits.winc = Some(c.increment);
                        limits.binc = Some(c.increment);
                    }
                    None => limits.movetime = Some(ENGINE_MOVETIME),
                }
                (self.doc.game.position_at(key.node), limits, options)
            }
            Purpose::Threat => {
                let board = self.doc.game.board(key.node).make_null();
                let limits = Limits {
                    depth: Some(THREAT_DEPTH),
                    nodes: Some(THREAT_NODES),
                    movetime: Some(THREAT_MOVETIME),
                    ..Limits::default()
                };
                (
                    Position::new(board),
                    limits,
                    vec![EngineOption::MultiPv(1), EngineOption::LimitStrength(false)],
                )
            }
            Purpose::Analysis => (
                self.doc.game.position_at(key.node),
                Limits::infinite(),
                vec![
                    EngineOption::MultiPv(key.multipv),
                    EngineOption::LimitStrength(false),
                ],
            ),
        }
    }

    /// Queues a command that makes the engine stop first (a new game, most
    /// settings). The running search then ends without a result worth
    /// showing or playing, so it is forgotten and the wanted search starts
    /// afresh; its late report carries a stale token and is dropped.
    pub(super) fn command_engine(&mut self, effect: Effect) {
        self.effects.push(effect);
        self.engine.search = None;
    }

    /// Starts, restarts or stops the engine so it works on what the state
    /// calls for.
    pub fn reconcile_engine(&mut self) {
        let wanted = self.wanted_key();
        if wanted.as_ref() == self.engine.search.as_ref().map(|s| &s.key) {
            return;
        }
        if let Some(old) = self.engine.search.take() {
            if !old.finished {
                self.effects.push(Effect::Stop);
            }
        }
        self.engine.lines.clear();
        if let Some(key) = wanted {
            let (position, limits, options) = self.search_request(&key);
            if key.purpose == Purpose::Threat {
                self.engine.threat.found = Some(crate::tui::aids::Threat {
                    shown: *self.doc.game.board(key.node),
                    root: *position.board(),
                    line: None,
                    done: false,
                });
            }
            let token = self.engine.next_token;
            self.engine.next_token += 1;
            self.engine.search = Some(ActiveSearch {
                token,
                key,
                root: *position.board(),
                started: self.now,
                finished: false,
            });
            self.effects.push(Effect::Search {
                token,
                position: Box::new(position),
                limits,
                options,
            });
        }
    }
}

/// Turns an engine report into a line to draw: White's view, SAN PV with
/// move numbers. Illegal PV moves (from a stale report) end the line.
pub fn line_view(root: &Board, info: &SearchInfo) -> LineView {
    let flip = root.side_to_move() == Color::Black;
    let score = match info.score {
        Score::Cp(c) if flip => Score::Cp(-c),
        Score::Mate(m) if flip => Score::Mate(-m),
        s => s,
    };
    // A bound is on the side to move's score: seen from White's side a
    // lower bound for Black is an upper one.
    let bound = match (info.bound, flip) {
        (Bound::Lower, true) => Bound::Upper,
        (Bound::Upper, true) => Bound::Lower,
        (b, _) => b,
    };
    LineView {
        multipv: info.multipv.max(1),
        depth: info.depth,
        seldepth: info.seldepth,
        score,
        bound,
        nodes: info.nodes,
        nps: info.nps,
        hashfull: info.hashfull,
        time: info.time,
        pv: pv_san(root, &info.pv),
        moves: legal_prefix(root, &info.pv),
        first: info
            .pv
            .first()
            .copied()
            .filter(|&m| crate::chess::legal_moves(root).contains(m)),
        delta: None,
    }
}

/// The PV's moves up to the first that is not legal (a stale report).
fn legal_prefix(root: &Board, pv: &[Move]) -> Vec<Move> {
    let mut out = Vec::with_capacity(pv.len());
    let mut b = *root;
    for &m in pv {
        if !crate::chess::legal_moves(&b).contains(m) {
            break;
        }
        out.push(m);
        b = b.make(m);
    }
    out
}

/// "12. e4 e5 13. Nf3" (or "12... e5 13. Nf3" with Black to move).
pub fn pv_san(root: &Board, pv: &[Move]) -> String {
    let mut out = String::with_capacity(pv.len() * 6);
    let mut b = *root;
    for (i, &m) in pv.iter().enumerate() {
        if !crate::chess::legal_moves(&b).contains(m) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        match b.side_to_move() {
            Color::White => out.push_str(&format!("{}. ", b.fullmove_number())),
            Color::Black if i == 0 => out.push_str(&format!("{}... ", b.fullmove_number())),
            Color::Black => {}
        }
        out.push_str(&to_san(&b, m));
        b = b.make(m);
    }
    out
}
