//! Walking and editing the game: going to a ply, taking back, new games,
//! playing a move at the end of the line, and the autosave after each change.

use super::clocks::{new_clocks, LOST_ON_TIME};
use crate::chess::pgn::write_pgn;
use crate::chess::{to_san, Move};
use crate::tui::action::Effect;
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay, Replacement, View};
use crate::tui::game::Game;

impl App {
    pub(super) fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.game.len());
        if ply != self.ply {
            self.ply = ply;
            self.selected = None;
            self.refresh();
        }
    }

    /// Recomputes what the shown position implies.
    pub fn refresh(&mut self) {
        self.view = View::compute(&self.game, self.ply, self.net.as_deref());
        self.game_evals.sync(&self.game, self.net.as_ref());
    }

    /// Takes back the last move of the line (two against the engine, so it
    /// is the human's turn again) and shows the new end. Always from the
    /// end: a take-back while browsing never deletes more than that.
    pub(super) fn take_back(&mut self) {
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return;
        }
        if self.game.is_empty() {
            self.error("nothing to take back");
            return;
        }
        let mut target = self.game.len() - 1;
        if let Mode::Play { human, .. } = self.mode {
            // Back to the human's turn, taking the engine's reply too.
            while target > 0 && self.game.board_at(target).side_to_move() != human {
                target -= 1;
            }
        }
        let n = self.game.len() - target;
        self.game.truncate(target);
        self.ply = target;
        self.selected = None;
        if let Some(c) = &mut self.clocks {
            // The time thought so far is spent; the clock of the side to
            // move in the taken-back position runs from now.
            if c.ticking() {
                let used = self.now.saturating_duration_since(c.since);
                c.left[c.running.index()] = c.left[c.running.index()].saturating_sub(used);
            }
            c.running = self.game.board_at(target).side_to_move();
            c.since = self.now;
            c.stopped = false;
        }
        self.unsaved = true;
        self.refresh();
        self.autosave();
        self.info(format!(
            "took back {n} move{}",
            if n == 1 { "" } else { "s" }
        ));
    }

    fn new_game(&mut self, game: Game) {
        self.game = game;
        self.ply = self.game.len();
        self.selected = None;
        self.cursor = None;
        self.unsaved = false;
        self.file = None;
        if let Some(c) = &mut self.clocks {
            let to_move = self.game.last_board().side_to_move();
            *c = new_clocks(c.base, c.increment, to_move, self.now);
        }
        self.command_engine(Effect::NewGame);
        self.refresh();
        self.autosave();
        self.info("new game");
    }

    /// The `n` key and `:new`.
    pub(super) fn start_new_game(&mut self) {
        self.replace_game(Replacement {
            game: Game::default(),
            file: None,
            message: "new game".into(),
            question: "The game is not saved. Start a new one?",
            leaves_play: false,
        });
    }

    /// Puts another game on the board, asking first when that would drop
    /// moves that were never saved (the autosave keeps only the board's game).
    pub(super) fn replace_game(&mut self, r: Replacement) {
        if self.unsaved && !self.game.is_empty() {
            self.overlay = Overlay::Confirm(ConfirmWhat::Replace(Box::new(r)));
        } else {
            self.apply_replacement(r);
        }
    }

    pub(super) fn apply_replacement(&mut self, r: Replacement) {
        if r.leaves_play {
            self.leave_play();
        }
        self.new_game(r.game);
        if r.file.is_some() {
            self.file = r.file;
        }
        self.info(r.message);
    }

    pub(super) fn autosave(&mut self) {
        let text = write_pgn(&self.game.to_pgn());
        self.effects.push(Effect::Autosave(text));
    }

    /// Whether a clock has fallen: that game is over for good.
    pub(super) fn flagged(&self) -> bool {
        self.clocks.as_ref().is_some_and(|c| c.flagged.is_some())
    }

    /// Whether the human may move in the shown position now.
    fn may_move(&mut self) -> bool {
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return false;
        }
        let over = self.view.status.is_over();
        match self.mode {
            Mode::Play { human, .. } => {
                if over {
                    self.error("the game is over: n starts a new one, u takes back");
                    false
                } else if self.looking_back() {
                    self.looking_back_error();
                    false
                } else if self.view.board.side_to_move() != human {
                    self.error("it is the engine's turn");
                    false
                } else {
                    true
                }
            }
            Mode::TwoPlayers if over => {
                self.error("the game is over: n starts a new one, u takes back");
                false
            }
            _ => true,
        }
    }

    /// Plays a legal move of the shown position.
    pub(super) fn play(&mut self, m: Move) {
        if !self.may_move() {
            return;
        }
        let san = to_san(&self.view.board, m);
        let was_end = self.at_end();
        let dropped = self.game.play_at(self.ply, m);
        self.ply += 1;
        self.selected = None;
        self.drag = None;
        if dropped > 0 || was_end {
            self.unsaved = true;
            self.switch_clock();
        }
        self.refresh();
        self.autosave();
        if dropped > 1 {
            self.info(format!("{san}: replaced the {dropped} moves that followed"));
        } else if dropped == 1 {
            self.info(format!("{san}: replaced the move that followed"));
        } else {
            self.message = None;
        }
        if let Some(r) = self.result_text() {
            self.info(r);
        }
    }

    /// Against the engine, whether the shown position is an earlier one
    /// where it is the engine's turn: no move of the human's can be played
    /// there, so saying "illegal" would mislead.
    pub(super) fn looking_back(&self) -> bool {
        matches!(self.mode, Mode::Play { human, .. }
            if !self.at_end() && self.view.board.side_to_move() != human)
    }

    /// Says that the board shows an earlier position and how to get back.
    pub(super) fn looking_back_error(&mut self) {
        self.error(format!(
            "you are looking at an earlier position (ply {} of {}): End returns to the game",
            self.ply,
            self.game.len()
        ));
    }
}
