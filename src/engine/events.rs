//! What a search reports: progress per iteration and MultiPV line, the best
//! move at the end, and errors. Each event carries the id `go` returned so a
//! front end can drop reports of a search it has already replaced.

use crate::chess::Move;
use std::time::Duration;

#[derive(Clone, Debug)]
pub enum SearchEvent {
    Info {
        id: u64,
        info: SearchInfo,
    },
    /// `best` is `None` only when the root has no legal move.
    BestMove {
        id: u64,
        best: Option<Move>,
        ponder: Option<Move>,
    },
    /// A problem the front end should show (e.g. a net file failed to load).
    Error(String),
}

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
    pub time: Duration,
    pub pv: Vec<Move>,
}
