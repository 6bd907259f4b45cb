//! The clocks of a game against the engine: charged after each move,
//! stopped when the game ends, and a flag fall when one runs out.

use crate::chess::Color;
use crate::tui::app::{App, Clocks};
use std::time::{Duration, Instant};

impl App {
    /// After a move that ends the line (at its end, or replacing what
    /// followed): the time thought so far is charged to the clock that ran,
    /// the side that moved gets the increment, and the side to move's clock
    /// starts, or both stop when the move ended the game. The two differ
    /// only when the human rewrites an earlier move while the engine
    /// thinks: the engine's thinking is spent, as with a take-back.
    pub(super) fn switch_clock(&mut self) {
        let now = self.now;
        let to_move = self.game.last_board().side_to_move();
        let moved = !to_move;
        let over = self.game.status_at(self.game.len()).is_over();
        if let Some(c) = &mut self.clocks {
            if !c.ticking() {
                return;
            }
            let ran = c.running.index();
            let used = now.saturating_duration_since(c.since);
            c.left[ran] = c.left[ran].saturating_sub(used);
            c.left[moved.index()] += c.increment;
            c.running = to_move;
            c.since = now;
            c.stopped = over;
        }
    }

    pub(super) fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        if let Some(c) = &mut self.clocks {
            if c.ticking() && c.remaining(c.running, now).is_zero() {
                let loser = c.running;
                c.left[loser.index()] = Duration::ZERO;
                c.flagged = Some(loser);
                self.game.result_override = Some(
                    match loser {
                        Color::White => "0-1",
                        Color::Black => "1-0",
                    }
                    .to_string(),
                );
                self.unsaved = true;
                self.refresh();
                self.autosave();
                if let Some(r) = self.result_text() {
                    self.info(r);
                }
            }
        }
        self.is_live()
    }
}

/// Why nothing more happens after a flag fall.
pub(super) const LOST_ON_TIME: &str = "the game was lost on time: n starts a new one";

pub(super) fn new_clocks(
    base: Duration,
    increment: Duration,
    running: Color,
    now: Instant,
) -> Clocks {
    Clocks {
        left: [base, base],
        base,
        increment,
        running,
        since: now,
        flagged: None,
        stopped: false,
    }
}
