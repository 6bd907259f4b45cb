//! Who plays, and the clocks: the game mode, a game's own state, the
//! chess clocks and what a flag fall says.

use crate::chess::{Board, Color};
use crate::engine::Score;
use crate::game::NodeId;
use std::time::{Duration, Instant};

/// Who moves the pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Free moves for both sides, the engine analysing the shown position.
    Analysis,
    /// The human plays `human`; the engine answers at `level` 1..=10.
    Play { human: Color, level: u8 },
    /// Two people at one keyboard; no engine unless `a` turns analysis on.
    TwoPlayers,
}

/// The game mode and its clocks.
#[derive(Clone, Debug)]
pub struct PlayState {
    pub mode: Mode,
    /// Whether the engine analyses the shown position (outside games
    /// against it).
    pub analysis: bool,
    pub clocks: Option<Clocks>,
    /// In a game against the engine, its last move so far: the engine
    /// answers after it and the human's moves go after it.
    pub game_end: NodeId,
    /// A game against the engine restored from the autosave waits for `p`
    /// before its clocks and the engine run again.
    pub paused: bool,
    /// The moves the current game added to the tree (a take-back deletes
    /// those, and keeps the moves that were there before the game).
    pub created: Vec<NodeId>,
    /// The engine's evaluation after its last move of the game, White's
    /// view: what it judges a draw offer by.
    pub engine_score: Option<Score>,
    /// The seed of the game's book moves, drawn and not yet in its
    /// `BookSeed` tag: the tag goes in with the engine's move, in the
    /// same undo step, so that undoing the move takes it out again.
    pub unrecorded_book_seed: Option<u64>,
    /// The engine's move that brought the `BookSeed` tag in: a take-back
    /// of it takes the tag out too (the game has not used the seed).
    pub book_seed_move: Option<NodeId>,
    /// The external engine the game against the engine is played with
    /// (`None`: tapir's own): a game restored paused goes on only with it,
    /// or once `:engine` names another in the game's tags.
    pub engine: Option<String>,
    /// The engine has played a move of this game (a book move counts; a
    /// game restored from the autosave is taken to have one): an engine
    /// that takes over after it is named beside it ("A, then B"), one
    /// that takes over before it in its place.
    pub engine_moved: bool,
}

impl PlayState {
    /// A game in `mode` from `start` on `clocks`, with nothing of an
    /// earlier game's (its moves, engine score, book seed) carried over.
    pub fn begin(mode: Mode, start: NodeId, clocks: Option<Clocks>) -> PlayState {
        PlayState {
            mode,
            analysis: false,
            clocks,
            game_end: start,
            ..PlayState::default()
        }
    }
}

impl Default for PlayState {
    fn default() -> Self {
        PlayState {
            mode: Mode::Analysis,
            analysis: true,
            clocks: None,
            game_end: NodeId::ROOT,
            paused: false,
            created: Vec::new(),
            engine_score: None,
            unrecorded_book_seed: None,
            book_seed_move: None,
            engine: None,
            engine_moved: false,
        }
    }
}

/// Chess clocks for a game against the engine, or between engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left at the start of the running side's turn, by colour index.
    pub left: [Duration; 2],
    /// Each side's time at the start, for the next game at the same control.
    pub base: Duration,
    pub increment: Duration,
    pub running: Color,
    pub since: Instant,
    pub flagged: Option<Color>,
    /// The game ended on the board (mate or a draw), or it is paused:
    /// neither clock runs.
    pub stopped: bool,
    /// By colour index: the side's first move is still to come and is
    /// not timed. A game against the engine starts so, as on Lichess, where
    /// each clock starts after its side's first move (no time is lost
    /// to reading the board, no increment is earned by it).
    pub untimed: [bool; 2],
}

impl Clocks {
    /// Whether the running side's clock is counting down.
    pub fn ticking(&self) -> bool {
        self.flagged.is_none() && !self.stopped
    }

    /// Time left for `c` as of `now`.
    pub fn remaining(&self, c: Color, now: Instant) -> Duration {
        if c == self.running && self.ticking() && !self.untimed[c.index()] {
            self.left[c.index()].saturating_sub(now.saturating_duration_since(self.since))
        } else {
            self.left[c.index()]
        }
    }

    /// The `[%clk]` comment of a move `mover` makes at `now`: the time its
    /// clock shows after the move, increment included, as Lichess writes
    /// it into its games ("" while no clock runs).
    pub fn clock_comment(&self, mover: Color, now: Instant) -> String {
        if !self.ticking() || mover != self.running {
            return String::new();
        }
        let increment = if self.untimed[mover.index()] {
            Duration::ZERO
        } else {
            self.increment
        };
        crate::game::annotations::clock_command(self.remaining(mover, now) + increment)
    }

    /// The clocks with each side's first move untimed.
    pub fn untimed_first_moves(mut self) -> Self {
        self.untimed = [true, true];
        self
    }

    /// Stops both clocks at `now`: the running side is charged the time
    /// it has used (when its clock was counting down).
    pub fn stop(&mut self, now: Instant) {
        let running = self.running;
        self.left[running.index()] = self.remaining(running, now);
        self.since = now;
        self.stopped = true;
    }
}

/// Whether `side` running out of time on `board` loses: the other side
/// has more than its king (a lone king could never mate, so it draws).
pub fn flag_loses_on(board: &Board, side: Color) -> bool {
    board.color(!side).count() > 1
}

/// How a finished game ended, in words, and its score: "Checkmate · White
/// wins" and "1-0", said together as "Checkmate · White wins 1-0".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub words: &'static str,
    pub score: &'static str,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.words, self.score)
    }
}

/// What a flag fall of `loser` says: the loss, or the draw when the other
/// side has only its king (`App::flag_loses`).
pub fn flag_verdict(loser: Color, loses: bool) -> Verdict {
    let (words, score) = match (loser, loses) {
        (Color::White, true) => ("White lost on time", "0-1"),
        (Color::Black, true) => ("Black lost on time", "1-0"),
        (_, false) => (
            "Time ran out against a lone king, which cannot mate · draw",
            "½-½",
        ),
    };
    Verdict { words, score }
}
