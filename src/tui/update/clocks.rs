//! The clocks of a game against the engine: charged after each move,
//! stopped when the game ends, and a flag fall when one runs out.

use super::endings::NORMAL;
use crate::chess::{Color, GameStatus};
use crate::tui::app::{App, Clocks, Mode, Overlay, PromptKind};
use std::time::{Duration, Instant};

impl App {
    /// After a move of the game: the time thought so far is charged to the
    /// clock that ran, the side that moved gets the increment (neither for
    /// a side's untimed first move), and the side to move's clock starts,
    /// or both stop when the move ended the game.
    pub(super) fn switch_clock(&mut self) {
        let now = self.now;
        let end = if self.tracks_game_end() {
            self.play.game_end
        } else {
            self.doc.cursor
        };
        let to_move = self.doc.game.board(end).side_to_move();
        let moved = !to_move;
        let over = self.status_at(end).is_over();
        if let Some(c) = &mut self.play.clocks {
            if !c.ticking() {
                return;
            }
            let ran = c.running.index();
            if !c.untimed[ran] {
                let used = now.saturating_duration_since(c.since);
                c.left[ran] = c.left[ran].saturating_sub(used);
                c.left[moved.index()] += c.increment;
            }
            c.untimed[ran] = false;
            c.running = to_move;
            c.since = now;
            c.stopped = over;
        }
    }

    /// A question over a game on running clocks (quit, open another game,
    /// end or resign this one) pauses the game until it is answered, and a
    /// no lets it go on: the program's questions cost no one thinking time.
    /// A yes to "start another" opens the game dialog (and perhaps its
    /// custom clock prompt): the game stays paused while the new one is
    /// chosen, and goes on only if none is started.
    pub(super) fn hold_clocks_for_question(&mut self) {
        let choosing = matches!(self.dialogs.overlay, Overlay::Play(_))
            || matches!(
                self.dialogs.prompt.as_ref().map(|p| &p.kind),
                Some(PromptKind::Clock(_))
            );
        if self.dialogs.question_hold && choosing {
            return;
        }
        if matches!(self.dialogs.overlay, Overlay::Confirm(_)) {
            let ticking = self.play.clocks.as_ref().is_some_and(Clocks::ticking);
            if ticking && !self.play.paused && self.any_game_running() {
                self.stop_game_clocks();
                self.dialogs.question_hold = true;
            }
        } else if std::mem::take(&mut self.dialogs.question_hold) && self.play.paused && !self.quit
        {
            // A yes that ended the game left nothing paused; quitting keeps
            // the game paused for the next start, as the question said.
            self.resume_game();
        }
    }

    /// The `[%clk]` of a move played now at `at` in a game with clocks
    /// (against the engine, or two players): "" in analysis.
    pub(super) fn move_clock_comment(&self, at: crate::game::NodeId) -> String {
        let mover = self.doc.game.board(at).side_to_move();
        match (&self.play.mode, &self.play.clocks) {
            (Mode::Play { .. } | Mode::TwoPlayers, Some(c)) => c.clock_comment(mover, self.now),
            _ => String::new(),
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
        let end = if self.tracks_game_end() {
            self.play.game_end
        } else {
            self.doc.cursor
        };
        if self.tree().is_main_line_end(end) {
            // As this mode judges it: two players at one board draw by
            // threefold at once, a game against the engine waits for a claim.
            let status = self.status_at(end);
            if !status.is_over() {
                return;
            }
            let result = status.result_token(self.doc.game.board(end).side_to_move());
            if self.result_stays(result).is_some() {
                // Played on past a finished record: its Result stays.
                return;
            }
            let at = self.doc.cursor;
            // A game tapir ran says how it ended, as a resignation does
            // (a mate says itself: "#").
            let tapirs = self.tracks_game_end();
            // Against the engine the rules' own ends: the fifth time, 75 moves.
            let claims = self.plays_by_claims();
            let why = match status {
                GameStatus::Stalemate => Some("Draw by stalemate."),
                GameStatus::Repetition if claims => Some("Draw by fivefold repetition."),
                GameStatus::Repetition => Some("Draw by threefold repetition."),
                GameStatus::FiftyMoves if claims => Some("Draw by the seventy-five-move rule."),
                GameStatus::FiftyMoves => Some("Draw by the fifty-move rule."),
                GameStatus::InsufficientMaterial => Some("Draw: neither side can mate."),
                GameStatus::Checkmate | GameStatus::Ongoing => None,
            };
            let comment = why
                .filter(|_| tapirs)
                .map(|w| super::endings::append_sentence(&self.tree().node(end).comment, w));
            self.doc.game.in_one_step(&format!("result {result}"), |g| {
                g.set_tag("Result", Some(result), at);
                if tapirs {
                    g.set_tag("Termination", Some(NORMAL), at);
                }
                if let Some(c) = &comment {
                    g.set_comment(end, false, c);
                }
            });
            self.autosave();
        }
    }

    pub(super) fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        self.autosave_typing();
        // A flag fall in an engine game is drawn now, not at the next key:
        // its clocks and engines stop, so no later tick would redraw it.
        let duel_ended = self.duel_tick(now);
        // An engine that ignores its move time is told to stop (and, if
        // it does not, ended by the engine thread's own rule).
        if self.engine.take_overdue(now) {
            self.effects.push(crate::tui::action::Effect::Stop);
            let name = self
                .engine
                .external
                .clone()
                .unwrap_or_else(|| "tapir".into());
            self.error(format!(
                "{name} went past its time for this move: stop sent"
            ));
        }
        if self.flag_falls(now) || duel_ended {
            // Drawn now, not at the next key: nothing runs any more.
            return true;
        }
        self.is_live()
    }

    /// Whether the running clock of the game against the engine ran out
    /// by `now`: if so the game ends on time, a move made after it never
    /// counts (the ticks come only every `LIVE_TICK`, so each move asks
    /// first). Lost, unless the side whose time is left has only its king
    /// and so could never mate (FIDE 6.9): then drawn.
    pub(super) fn flag_falls(&mut self, now: Instant) -> bool {
        let Some(c) = &mut self.play.clocks else {
            return false;
        };
        if !(c.ticking() && c.remaining(c.running, now).is_zero()) {
            return false;
        }
        let loser = c.running;
        c.left[loser.index()] = Duration::ZERO;
        c.flagged = Some(loser);
        let loses = self.flag_loses(loser);
        let (result, why) = match (loser, loses) {
            (Color::White, true) => ("0-1", "Time forfeit"),
            (Color::Black, true) => ("1-0", "Time forfeit"),
            (_, false) => ("1/2-1/2", "Time forfeit, insufficient material"),
        };
        // Written as a resignation is, the note after the game's last move.
        let note = if loses {
            format!("{} lost on time.", loser.name())
        } else {
            format!(
                "{}'s time ran out, but {} has only its king: drawn.",
                loser.name(),
                (!loser).name()
            )
        };
        self.write_result(result, why, &note);
        self.doc.touch();
        self.refresh();
        self.autosave();
        self.info(crate::tui::app::flag_verdict(loser, loses).to_string());
        true
    }
}

/// Why nothing more happens after a flag fall.
pub(super) const LOST_ON_TIME: &str = "the game ended on time: n starts a new one";

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
        untimed: [false, false],
    }
}
