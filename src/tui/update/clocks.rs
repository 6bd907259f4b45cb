//! The clocks of a game against the engine: charged after each move,
//! stopped when the game ends, and a flag fall when one runs out.

use crate::chess::Color;
use crate::tui::app::{App, Clocks};
use std::time::{Duration, Instant};

impl App {
    /// After a move at the game's end: the running clock is charged (plus
    /// the increment) and the other side's starts, or both stop when the
    /// move ended the game.
    pub(super) fn switch_clock(&mut self) {
        let now = self.now;
        let mover = self.game.last_board().side_to_move();
        let over = self.game.status_at(self.game.len()).is_over();
        if let Some(c) = &mut self.clocks {
            if !c.ticking() {
                return;
            }
            let prev = c.running;
            let used = now.saturating_duration_since(c.since);
            let left = c.left[prev.index()].saturating_sub(used);
            c.left[prev.index()] = left + c.increment;
            c.running = mover;
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

pub(super) fn new_clocks(mins: u64, inc: u64, running: Color, now: Instant) -> Clocks {
    let base = Duration::from_secs(mins * 60);
    Clocks {
        left: [base, base],
        increment: Duration::from_secs(inc),
        running,
        since: now,
        flagged: None,
        stopped: false,
    }
}
