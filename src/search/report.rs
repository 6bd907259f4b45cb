//! What the search reports while it runs: the score (centipawns or mate),
//! whether it is a bound, and one line of progress per iteration and
//! MultiPV line. The engine facade forwards these unchanged.

use crate::chess::Move;
use std::time::Duration;

/// Score from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (not plies); negative when being mated.
    Mate(i32),
}

/// Whether a score is exact or only a bound (aspiration fail high/low).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Tablebase probes that answered, over every thread.
    pub tbhits: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}
