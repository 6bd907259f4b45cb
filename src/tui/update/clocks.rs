//! The clocks of a game against the engine: charged after each move,
//! stopped when the game ends, and a flag fall when one runs out.

use crate::chess::Color;
use crate::tui::app::{App, Clocks, Mode};
use std::time::{Duration, Instant};

impl App {
    /// After a move of the game: the time thought so far is charged to the
    /// clock that ran, the side that moved gets the increment, and the side
    /// to move's clock starts, or both stop when the move ended the game.
    pub(super) fn switch_clock(&mut self) {
        let now = self.now;
        let end = match self.play.mode {
            Mode::Play { .. } => self.play.game_end,
            _ => self.doc.cursor,
        };
        let to_move = self.doc.game.board(end).side_to_move();
        let moved = !to_move;
        let over = self.status_at(end).is_over();
        if let Some(c) = &mut self.play.clocks {
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

    /// A move ended the game on the board (mate or a draw) in a game: the
    /// clocks stop and, on the main line, the result goes into the tags.
    pub(super) fn game_over_on_board(&mut self) {
        if self.play.mode == Mode::Analysis {
            return;
        }
        if let Some(c) = &mut self.play.clocks {
            c.stopped = true;
        }
        let end = match self.play.mode {
            Mode::Play { .. } => self.play.game_end,
            _ => self.doc.cursor,
        };
        if self.tree().is_main_line_end(end) {
            let result = self.doc.game.result();
            let at = self.doc.cursor;
            self.doc.game.set_tag("Result", Some(&result), at);
            self.autosave();
        }
    }

    pub(super) fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        self.duel_tick(now);
        if let Some(c) = &mut self.play.clocks {
            if c.ticking() && c.remaining(c.running, now).is_zero() {
                let loser = c.running;
                c.left[loser.index()] = Duration::ZERO;
                c.flagged = Some(loser);
                let result = match loser {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                };
                // Only where the game is the main line's end: a game played
                // from inside it leaves the line's own result alone.
                if self.tree().is_main_line_end(self.play.game_end) {
                    let at = self.doc.cursor;
                    self.doc.game.in_one_step(&format!("result {result}"), |g| {
                        g.set_tag("Result", Some(result), at);
                        g.set_tag("Termination", Some("Time forfeit"), at);
                    });
                }
                self.doc.touch();
                self.refresh();
                self.autosave();
                let who = match loser {
                    Color::White => "White lost on time · 0-1",
                    Color::Black => "Black lost on time · 1-0",
                };
                self.info(who);
                // Drawn now, not at the next key: nothing runs any more.
                return true;
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
