//! The teaching views' part of the reducer: panel views, the selected
//! term, the phase explorer, heatmaps, loading a net, and keeping the board
//! overlay (`App::heat`) in step with all of it.

use crate::chess::Board;
use crate::engine::EngineOption;
use crate::eval::hce::sink::Term;
use crate::eval::nnue::Network;
use crate::eval::phase::MAX_PHASE;
use crate::eval::teach::MoveDelta;
use crate::tui::action::{Effect, TeachAction};
use crate::tui::app::{App, LineView};
use crate::tui::heat::{self, piece_name, HeatKey};
use crate::tui::teach::{Half, HeatMode, PanelView, HEAT_PIECES};
use std::sync::Arc;

impl App {
    /// The phase explorer is drawn in the Terms view: opening or moving it
    /// from another view (a report's pair, the deltas) shows that view.
    fn show_terms_view(&mut self) {
        if self.ui.teach.panel != PanelView::Terms {
            self.ui.teach.panel = PanelView::Terms;
            self.ui.teach.explain_scroll = 0;
        }
    }

    pub(super) fn teach_action(&mut self, a: TeachAction) {
        if !matches!(a, TeachAction::Heat | TeachAction::HeatPiece) {
            self.show_panel();
        }
        match a {
            TeachAction::View(step) => {
                self.ui.teach.panel = self.ui.teach.panel.step(step);
                self.ui.teach.explain_scroll = 0;
                let hint = match self.ui.teach.panel {
                    PanelView::Terms => "Tab selects a term, g opens the phase explorer",
                    PanelView::Explain => "Tab picks the term; its squares light up",
                    PanelView::Deltas => "Tab picks the move: the last one or an engine line's",
                    PanelView::Compare if self.net.is_none() => "no net loaded (:net FILE)",
                    PanelView::Compare => "both evaluations of the shown position",
                    PanelView::Packed => "Tab picks the term, b the second one of the sum",
                };
                self.info(format!("panel: {} · {hint}", self.ui.teach.panel.name()));
            }
            TeachAction::Item(step) if self.ui.teach.panel == PanelView::Deltas => {
                let n = self.delta_subjects() as i32;
                let i = (self.ui.teach.delta_item as i32 + step).rem_euclid(n.max(1));
                self.ui.teach.delta_item = i as usize;
                self.info(match i {
                    0 => "deltas of the last move".to_string(),
                    k => format!("deltas of engine line {k}'s first move"),
                });
            }
            TeachAction::Item(step) => {
                let n = Term::COUNT as i32;
                let i = match self.ui.teach.term {
                    None if step > 0 => 0,
                    None => n - 1,
                    Some(i) => (i as i32 + step).rem_euclid(n),
                };
                self.ui.teach.term = Some(i as usize);
                self.ui.teach.explain_scroll = 0;
                // The board shows the term's squares rather than a heatmap.
                self.ui.teach.heat = HeatMode::Off;
                let term = Term::ALL[i as usize];
                self.info(format!(
                    "term: {} · its squares are lit on the board{}",
                    term.name(),
                    if self.ui.teach.panel == PanelView::Terms {
                        " · v explains it"
                    } else {
                        ""
                    }
                ));
            }
            TeachAction::Second => {
                let first = self.ui.teach.term.unwrap_or(0);
                let mut next = (self.ui.teach.second_term() as usize + 1) % Term::COUNT;
                if next == first {
                    next = (next + 1) % Term::COUNT;
                }
                self.ui.teach.second = next;
                self.ui.teach.panel = PanelView::Packed;
                self.info(format!(
                    "packed sum: {} + {}",
                    self.ui.teach.term_or_first().name(),
                    self.ui.teach.second_term().name()
                ));
            }
            TeachAction::TogglePhase => {
                if self.ui.teach.phase.take().is_some() {
                    self.info("phase explorer closed: the position's own phase again");
                } else {
                    self.ui.teach.phase = Some(self.view.trace.phase);
                    self.show_terms_view();
                    self.info(format!(
                        "phase explorer: [ ] move the phase, {{ }} to 0 / 24, g closes (real phase {})",
                        self.view.trace.phase
                    ));
                }
            }
            TeachAction::Phase(step) => {
                self.show_terms_view();
                let real = self.view.trace.phase;
                let p = (self.ui.teach.phase.unwrap_or(real) + step).clamp(0, MAX_PHASE);
                self.ui.teach.phase = Some(p);
                self.info(format!(
                    "phase {p}/{MAX_PHASE} (real {real}): mg weight {}% · eg weight {}%",
                    crate::tui::widgets::terms::mg_percent(p),
                    100 - crate::tui::widgets::terms::mg_percent(p)
                ));
            }
            TeachAction::Heat => {
                self.ui.teach.heat = self.ui.teach.heat.next();
                let text = match self.ui.teach.heat {
                    HeatMode::Off => "heatmap off".to_string(),
                    HeatMode::PieceSquares(h) => format!(
                        "heatmap: piece-square values, {} · o picks the piece (or pick one on the board)",
                        match h {
                            Half::Mg => "midgame half",
                            Half::Eg => "endgame half",
                            Half::Tapered => "tapered by the phase",
                        }
                    ),
                    HeatMode::HcePieces => {
                        "heatmap: each piece's hand-crafted worth (eval - eval without it)"
                            .to_string()
                    }
                    HeatMode::NnuePieces if self.net.is_none() => {
                        "heatmap: NNUE piece values - no net loaded (:net FILE)".to_string()
                    }
                    HeatMode::NnuePieces => {
                        "heatmap: each piece's worth to the network (eval - eval without it)"
                            .to_string()
                    }
                };
                self.info(text);
            }
            TeachAction::Scroll(rows) => {
                // As far as the last contribution; the view keeps as many
                // in sight as fit (`widgets::explain`).
                let phase = crate::tui::heat::shown_phase(self);
                let n = crate::tui::widgets::explain::ranked(self, phase).len();
                let at = self.ui.teach.explain_scroll as i64 + rows as i64;
                self.ui.teach.explain_scroll = at.clamp(0, n.saturating_sub(1) as i64) as usize;
            }
            TeachAction::HeatPiece => {
                let i = HEAT_PIECES
                    .iter()
                    .position(|&p| p == self.ui.teach.heat_piece)
                    .unwrap_or(0);
                let p = HEAT_PIECES[(i + 1) % HEAT_PIECES.len()];
                self.ui.teach.heat_piece = p;
                if !matches!(self.ui.teach.heat, HeatMode::PieceSquares(_)) {
                    self.ui.teach.heat = HeatMode::PieceSquares(Half::Tapered);
                }
                self.info(format!(
                    "heatmap piece: {} {}",
                    p.color().name(),
                    piece_name(p)
                ));
            }
        }
    }

    /// How many moves the deltas view offers: the last move and the first
    /// move of each engine line about the shown position.
    pub fn delta_subjects(&self) -> usize {
        1 + self.lines_here().len()
    }

    /// Loads (or with `None` unloads) the net the NNUE views show.
    /// `:net FILE` was read and checked: the engine and the views use it.
    pub(super) fn net_loaded(&mut self, path: std::path::PathBuf, net: Arc<Network>) {
        self.command_engine(Effect::SetOption(EngineOption::EvalFile(Some(path))));
        self.set_network(Some(net));
    }

    pub(super) fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
        self.refresh();
        let net = self.net.as_deref();
        if let Some(s) = &self.engine.search {
            redo_deltas(&s.root, &mut self.engine.lines, net);
        }
        if let Some(k) = &mut self.engine.kept {
            redo_deltas(&k.root, &mut k.lines, net);
        }
        if self.net.is_some() {
            self.info("NNUE net loaded: the NNUE views and the NNUE search use it");
        }
    }

    /// Esc: turns off the heatmap, then the phase explorer, then the term
    /// selection. Returns whether it closed something.
    pub(super) fn close_teaching(&mut self) -> bool {
        if self.ui.teach.heat != HeatMode::Off {
            self.ui.teach.heat = HeatMode::Off;
        } else if self.ui.teach.phase.is_some() {
            self.ui.teach.phase = None;
        } else if self.ui.teach.term.is_some() {
            self.ui.teach.term = None;
        } else {
            return false;
        }
        true
    }

    /// Recomputes the board overlay when something it depends on changed.
    pub(super) fn sync_heat(&mut self) {
        // A heatmap would give a hidden evaluation away.
        if self.eval_hidden() {
            self.ui.heat = None;
            self.ui.heat_key = None;
            return;
        }
        let n = self.delta_subjects();
        if self.ui.teach.delta_item >= n {
            self.ui.teach.delta_item = 0;
        }
        let key = HeatKey::of(self);
        if self.ui.heat_key.as_ref() != Some(&key) {
            self.ui.heat = heat::compute(self);
            self.ui.heat_key = Some(key);
        }
    }
}

/// What the first move of each line in `root` changes, by `net`.
fn redo_deltas(root: &Board, lines: &mut [LineView], net: Option<&Network>) {
    for line in lines {
        line.delta = line.first.map(|m| MoveDelta::of_move(root, m, net));
    }
}
