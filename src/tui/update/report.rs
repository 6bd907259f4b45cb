//! The reducer's part of the game report: `r` / `:report` starts it (or
//! cancels the running one), the thread's news fill it in as they come,
//! a finished report goes into the game as one undo step, and a click on
//! the graph goes to that position. A cancelled report, or one whose game
//! was replaced or changed under it, changes nothing in the game.

use crate::analysis::annotate::{apply, kept_evals_words, REPORT_STEP};
use crate::analysis::params::BOARD_REPORT_NODES;
use crate::analysis::{build, mainline_positions, stops_short, GameReport};
use crate::game::NodeId;
use crate::tui::action::Effect;
use crate::tui::app::{App, PromptKind};
use crate::tui::report::{ReportJob, ReportMsg, ReportPair, ReportRun};
use crate::tui::teach::PanelView;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

impl App {
    /// `r` (`nodes` None: the usual depth) or `:report NODES`: start the
    /// report of the shown game's main line, or cancel the running one.
    pub(super) fn report_key(&mut self, nodes: Option<u64>) {
        let nodes = nodes.unwrap_or(BOARD_REPORT_NODES);
        if self.report_running() {
            self.cancel_report();
            self.info("report cancelled: the game is as it was");
            return;
        }
        if self.eval_hidden() || self.two_players_running() {
            self.error("the report waits for the end of the game (it shows the evaluation)");
            return;
        }
        let positions = mainline_positions(&self.doc.game);
        // A null move ends what can be searched: said, never partial unawares.
        let short = stops_short(&self.doc.game, &positions);
        if positions.len() < 2 {
            match short {
                Some(short) => self.error(format!("nothing to report: {short}")),
                None => self.error("the report needs a game: play or load some moves first"),
            }
            return;
        }
        let token = self.report.next_token;
        self.report.next_token += 1;
        self.report.pair = None;
        let cancel = Arc::new(AtomicBool::new(false));
        let n = positions.len();
        self.report.run = Some(ReportRun {
            token,
            positions: positions.clone(),
            results: vec![None; n],
            report: GameReport::default(),
            cancel: cancel.clone(),
            running: true,
            applied: false,
        });
        self.effects.push(Effect::StartReport(ReportJob {
            token,
            positions,
            threads: self.config.threads.max(1),
            nodes,
            tables: self.tb.tables.clone(),
            cancel,
        }));
        let what = format!(
            "{n} positions at {} nodes each (r again: cancel)",
            crate::tui::widgets::human_count(nodes)
        );
        match short {
            // First, where a narrow status line still shows it.
            Some(short) => self.info(format!("{short}; report: {what}")),
            None => self.info(format!("report: {what}")),
        }
    }

    /// Stops a running report and forgets it; the game is untouched.
    pub(super) fn cancel_report(&mut self) {
        if let Some(run) = self.report.run.take() {
            run.cancel.store(true, Ordering::Relaxed);
        }
        self.report.pair = None;
        self.sync_move_list();
    }

    /// News from the report thread; old runs' news are dropped.
    pub(super) fn report_news(&mut self, msg: ReportMsg) -> bool {
        match msg {
            ReportMsg::Result {
                token,
                index,
                result,
            } => {
                let book = self.book.book.clone();
                let Some(run) = self.report.run.as_mut().filter(|r| r.token == token) else {
                    return false;
                };
                if let Some(slot) = run.results.get_mut(index) {
                    *slot = Some(*result);
                    run.report = build(&run.positions, &run.results, book.as_deref());
                }
                // The move list shows the verdicts as they come.
                self.sync_move_list();
                true
            }
            ReportMsg::Done { token, error } => {
                let Some(run) = self.report.run.as_mut().filter(|r| r.token == token) else {
                    return false;
                };
                run.running = false;
                match error {
                    Some(e) => {
                        self.report.run = None;
                        self.sync_move_list();
                        self.error(format!("report: {e}"));
                    }
                    None => self.finish_report(),
                }
                true
            }
        }
    }

    /// Writes the finished report into the game, if the game is still the
    /// one it analysed: the same positions, still the main line (moves
    /// played on after its end are no change), and no game against the
    /// engine hiding the evaluation.
    fn finish_report(&mut self) {
        if self.eval_hidden() {
            self.cancel_report();
            self.info("report done; not written while a game hides the evaluation (r after the game runs it again)");
            return;
        }
        let Some(run) = self.report.run.as_mut() else {
            return;
        };
        let tree = self.doc.game.tree();
        let same = run.positions.iter().all(|p| {
            tree.is_attached(p.node)
                && tree.board(p.node).hash() == p.board.hash()
                && tree.is_mainline(p.node)
        });
        if !same || !run.report.is_complete() {
            self.info("report done; the game changed meanwhile, so it was not written into it");
            return;
        }
        // Writing it is one edit: what Ctrl-Y held goes onto the undo
        // list under it (`Game`'s undo), so Ctrl-Z still reaches it.
        // A report run again replaces the one before it (a deeper one,
        // say): its figures are not kept as though they were the file's.
        let earlier = self.report.written.last();
        let replaces = earlier.is_some();
        // A comment being typed (or kept as a draft) on a move of the
        // earlier report's line keeps that line.
        let held: Vec<NodeId> = (self.dialogs.prompt.iter().map(|p| p.kind))
            .chain(self.dialogs.comment_drafts.iter().map(|d| d.kind))
            .filter_map(|k| match k {
                PromptKind::Comment { node, .. } => Some(node),
                _ => None,
            })
            .collect();
        let (kept, written) = apply(
            &mut self.doc.game,
            &run.positions,
            &run.report,
            earlier,
            &held,
        );
        run.applied = true;
        let counts = run.report.counts;
        self.report.written.push(written);
        self.report.undone.clear();
        // The shown move may have been on the earlier report's line.
        let tree = self.doc.game.tree();
        while !tree.is_attached(self.doc.cursor) {
            match tree.parent(self.doc.cursor) {
                Some(p) => self.doc.cursor = p,
                None => break,
            }
        }
        self.tree_changed();
        let kept = match kept {
            0 => String::new(),
            n => format!("; {}", kept_evals_words(n)),
        };
        let replaced = if replaces {
            "; it replaces the earlier report"
        } else {
            ""
        };
        // Moves played on while it ran (an engine game's) are not in it.
        let later = match &self.report.run {
            Some(r) if stops_short(&self.doc.game, &r.positions).is_none() => self
                .doc
                .game
                .tree()
                .mainline_len()
                .saturating_sub(r.positions.len().saturating_sub(1)),
            _ => 0,
        };
        let later = match later {
            0 => String::new(),
            1 => "; the move played since it began is not in it (r runs it again)".into(),
            n => format!("; the {n} moves played since it began are not in it (r runs it again)"),
        };
        self.info(format!(
            "report done: White {}?! {}? {}??, Black {}?! {}? {}??{kept}{replaced}{later} (Ctrl-Z takes it back)",
            counts[0][0], counts[0][1], counts[0][2], counts[1][0], counts[1][1], counts[1][2]
        ));
    }

    /// Keeps the records of what reports wrote in step with the game
    /// after an undo (or `redo`) of the step `what`.
    pub(super) fn report_step_moved(&mut self, what: &str, redo: bool) {
        let r = &mut self.report;
        if what == REPORT_STEP {
            let (from, to) = if redo {
                (&mut r.undone, &mut r.written)
            } else {
                (&mut r.written, &mut r.undone)
            };
            if let Some(w) = from.pop() {
                to.push(w);
            }
        } else if what.ends_with(REPORT_STEP) {
            // Emacs's undo names a report done again after a later edit
            // "the undo of ...": which record holds now is not followed.
            r.written.clear();
            r.undone.clear();
        }
    }

    /// `J`: opens the shown move's explanation in the Deltas view (its two
    /// positions side by side), or closes it.
    pub(super) fn report_pair_key(&mut self) {
        if self.report.pair_open {
            self.report.pair_open = false;
            self.report.pair = None;
            self.info("deltas: the moves' deltas again");
            return;
        }
        self.report.pair_open = true;
        self.ui.teach.panel = PanelView::Deltas;
        self.show_panel();
        self.sync_report_pair();
        let msg = if self.report.pair.is_some() {
            "deltas: the played line's end beside the better line's, with the numbers the explanation quotes (J: back)"
        } else if self.report.run.is_none() {
            "deltas: no report yet (r runs it); each move it explains opens here (J: back)"
        } else {
            NO_EXPLANATION_HERE
        };
        self.info(msg);
    }

    /// Keeps the opened explanation on the shown move.
    pub(super) fn sync_report_pair(&mut self) {
        if !self.report.pair_open {
            return;
        }
        let cursor = self.doc.cursor;
        if self.report.pair.as_ref().is_some_and(|p| p.node == cursor) {
            return;
        }
        self.report.pair = self.report.run.as_ref().and_then(|run| {
            let i = run.positions.iter().position(|p| p.node == cursor)?;
            let m = run.report.moves.get(i.checked_sub(1)?)?.as_ref()?;
            ReportPair::of(m, &run.positions[i - 1].board)
        });
        // Said of the move before: on a move with an explanation it is
        // no longer true (the panel says the rest).
        let stale = self
            .dialogs
            .message
            .as_ref()
            .is_some_and(|m| m.text == NO_EXPLANATION_HERE);
        if stale && self.report.pair.is_some() {
            self.dialogs.message = None;
        }
    }

    /// The report's verdicts so far (each move's as its two positions are
    /// searched), for the move list.
    pub(super) fn report_verdicts(&self) -> Vec<(crate::game::NodeId, crate::analysis::Class)> {
        let Some(run) = &self.report.run else {
            return Vec::new();
        };
        run.report
            .moves
            .iter()
            .flatten()
            .filter_map(|m| m.class.map(|c| (m.node, c)))
            .collect()
    }

    /// A click at (x, y): on the report's graph, go to that position.
    pub(super) fn report_click(&mut self, x: u16, y: u16) -> bool {
        let areas = self.areas();
        let (Some(area), _) = crate::tui::widgets::report::split(self, areas.lines) else {
            return false;
        };
        let node = crate::tui::widgets::report::node_at_cell(self, area, x, y)
            .filter(|&n| self.doc.game.tree().is_attached(n));
        match node {
            Some(n) => {
                self.go_to(n);
                self.say_where();
                true
            }
            None => false,
        }
    }
}

/// What `J` says on a move the report did not explain.
const NO_EXPLANATION_HERE: &str =
    "deltas: this move has no explanation; go to a move marked ?!, ? or ?? (J: back)";
