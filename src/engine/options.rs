//! Engine settings, typed. The UCI layer turns `setoption` lines into these;
//! the TUI builds them directly. Ranges are checked here, once.

use crate::eval::nnue::nnue_is_default;
use std::path::PathBuf;

/// Which static evaluation the search uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EvalKind {
    Hce,
    Nnue,
}

impl EvalKind {
    /// What a fresh engine searches with: the built-in net once it has
    /// earned its place (see `eval::nnue`), else the hand-crafted terms.
    pub const fn default_for_build() -> EvalKind {
        if nnue_is_default() {
            EvalKind::Nnue
        } else {
            EvalKind::Hce
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum EngineOption {
    /// Transposition table size in MiB.
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    /// Milliseconds kept in reserve per move for GUI and transport lag.
    MoveOverhead(u64),
    ClearHash,
    Ponder(bool),
    LimitStrength(bool),
    Elo(u32),
    /// UCI's `UCI_AnalyseMode`: a position of the game's history before
    /// the root is a draw only once it has been reached twice before, as
    /// a player judges it (see `Position::analysis_hashes`); off, any
    /// earlier occurrence is, the stricter rule that plays better.
    AnalyseMode(bool),
    Evaluator(EvalKind),
    /// A net file to load; `None` goes back to the built-in net.
    EvalFile(Option<PathBuf>),
    /// Syzygy table folders joined by `:`; empty: no tables.
    SyzygyPath(String),
    /// Probe in the tree only this deep or deeper (at the piece limit).
    SyzygyProbeDepth(i32),
    /// Cursed wins and blessed losses count as draws.
    Syzygy50MoveRule(bool),
    /// Probe positions of at most this many pieces (0: never).
    SyzygyProbeLimit(usize),
    /// Whether `go` answers book moves at once (UCI's `OwnBook`).
    OwnBook(bool),
    /// A Polyglot book file; `None` is the built-in book.
    BookFile(Option<PathBuf>),
}

pub const HASH_RANGE: (usize, usize) = (1, 65536);
pub const THREADS_RANGE: (usize, usize) = (1, 256);
pub const MULTIPV_RANGE: (usize, usize) = (1, 10);
pub const MOVE_OVERHEAD_RANGE: (u64, u64) = (0, 5000);
pub const ELO_RANGE: (u32, u32) = (600, 3000);
pub const SYZYGY_PROBE_DEPTH_RANGE: (i32, i32) = (1, 100);
pub const SYZYGY_PROBE_LIMIT_RANGE: (usize, usize) = (0, 7);

pub const DEFAULT_HASH_MB: usize = 16;
pub const DEFAULT_THREADS: usize = 1;
pub const DEFAULT_MULTIPV: usize = 1;
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;
pub const DEFAULT_ELO: u32 = 1500;
pub const DEFAULT_SYZYGY_PROBE_DEPTH: i32 = 1;
pub const DEFAULT_SYZYGY_PROBE_LIMIT: usize = 7;

/// An option's value outside its range; shown as "NAME must be LO..=HI,
/// got V" (the numbers kept as text, since options differ in type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfRange {
    pub name: &'static str,
    pub lo: String,
    pub hi: String,
    pub got: String,
}

impl std::fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let OutOfRange { name, lo, hi, got } = self;
        write!(f, "{name} must be {lo} to {hi}, got {got}")
    }
}

impl std::error::Error for OutOfRange {}

/// For the front ends that still report errors as text.
impl From<OutOfRange> for String {
    fn from(e: OutOfRange) -> String {
        e.to_string()
    }
}

impl EngineOption {
    /// Checks the value against its range; the message names both.
    pub fn validate(&self) -> Result<(), OutOfRange> {
        fn check<T: PartialOrd + std::fmt::Display>(
            name: &'static str,
            v: T,
            (lo, hi): (T, T),
        ) -> Result<(), OutOfRange> {
            if v < lo || v > hi {
                Err(OutOfRange {
                    name,
                    lo: lo.to_string(),
                    hi: hi.to_string(),
                    got: v.to_string(),
                })
            } else {
                Ok(())
            }
        }
        match self {
            EngineOption::Hash(v) => check("Hash", *v, HASH_RANGE),
            EngineOption::Threads(v) => check("Threads", *v, THREADS_RANGE),
            EngineOption::MultiPv(v) => check("MultiPV", *v, MULTIPV_RANGE),
            EngineOption::MoveOverhead(v) => check("Move Overhead", *v, MOVE_OVERHEAD_RANGE),
            EngineOption::Elo(v) => check("UCI_Elo", *v, ELO_RANGE),
            EngineOption::SyzygyProbeDepth(v) => {
                check("SyzygyProbeDepth", *v, SYZYGY_PROBE_DEPTH_RANGE)
            }
            EngineOption::SyzygyProbeLimit(v) => {
                check("SyzygyProbeLimit", *v, SYZYGY_PROBE_LIMIT_RANGE)
            }
            _ => Ok(()),
        }
    }
}
