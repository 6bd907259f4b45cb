//! The bench: a fixed-depth search of every bench position, one thread,
//! 16 MB of hash, tables cleared before each position. The node total is a
//! deterministic signature of the search; the CLI prints it. With more
//! threads (Lazy SMP) the node count is no longer deterministic, but the
//! time to reach the same depth measures the parallel speed-up.

use super::bench_positions::BENCH_FENS;
use super::control::Control;
use super::limits::Limits;
use super::pool::{run_search, SearchJob};
use super::tb::TbSearch;
use super::tt::{Tt, TtError};
use super::worker::Worker;
use crate::chess::{Board, FenError};
use crate::eval::nnue::Network;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Depth that keeps a release bench (hand-crafted eval) at 5-10 seconds.
pub const DEFAULT_DEPTH: u32 = 14;
pub const HASH_MB: usize = 16;

/// One position's result.
pub struct BenchLine {
    pub fen: &'static str,
    pub nodes: u64,
    pub best: String,
}

pub struct BenchResult {
    pub nodes: u64,
    /// Time spent searching.
    pub elapsed: Duration,
    /// Tablebase probes that answered.
    pub tbhits: u64,
}

/// Why the bench could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BenchError {
    /// Its hash table could not be allocated.
    Table(TtError),
    /// One of the built-in positions does not parse (a bug in the list).
    Position { fen: &'static str, error: FenError },
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            BenchError::Table(e) => e.fmt(f),
            BenchError::Position { fen, error } => write!(f, "bench position {fen}: {error}"),
        }
    }
}

// No `source()`: the message already holds the inner error's.
impl std::error::Error for BenchError {}

impl From<TtError> for BenchError {
    fn from(e: TtError) -> Self {
        BenchError::Table(e)
    }
}

/// Runs the bench with the hand-crafted eval, calling `each` after every
/// position.
pub fn run(depth: u32, each: &mut dyn FnMut(&BenchLine)) -> Result<BenchResult, BenchError> {
    run_with(depth, None, 1, each)
}

/// Runs the bench with `net` as the evaluator (`None`: hand-crafted) on
/// `threads` search threads sharing one table.
pub fn run_with(
    depth: u32,
    net: Option<Arc<Network>>,
    threads: usize,
    each: &mut dyn FnMut(&BenchLine),
) -> Result<BenchResult, BenchError> {
    run_with_tb(depth, net, threads, None, each)
}

/// `run_with`, probing `tb` as the engine does with a `SyzygyPath`.
pub fn run_with_tb(
    depth: u32,
    net: Option<Arc<Network>>,
    threads: usize,
    tb: Option<TbSearch>,
    each: &mut dyn FnMut(&BenchLine),
) -> Result<BenchResult, BenchError> {
    let tt = Arc::new(Tt::new(HASH_MB)?);
    let mut workers: Vec<Worker> = (0..threads.max(1))
        .map(|i| {
            let mut w = Worker::new(i, tt.clone());
            w.set_network(net.clone());
            w
        })
        .collect();
    let mut total = 0;
    let mut tbhits = 0;
    // Only the searches are timed, not the table clearing between them.
    let mut elapsed = Duration::ZERO;
    for &fen in BENCH_FENS {
        let board = Board::from_fen(fen).map_err(|error| BenchError::Position { fen, error })?;
        tt.clear();
        for w in workers.iter_mut() {
            w.clear();
        }
        let ctl = Arc::new(Control::new(workers.len(), false));
        let job = SearchJob {
            board,
            history: Vec::new(),
            limits: Limits::depth(depth),
            multipv: 1,
            overhead: Duration::ZERO,
            elo: None,
            tb: tb.clone(),
        };
        let start = Instant::now();
        let out = run_search(&mut workers, &tt, &ctl, &job, &mut |_| {});
        elapsed += start.elapsed();
        let nodes = workers.iter().map(Worker::nodes).sum();
        total += nodes;
        tbhits += ctl.total_tbhits();
        each(&BenchLine {
            fen,
            nodes,
            best: out.best.map_or("(none)".into(), |m| m.to_string()),
        });
    }
    Ok(BenchResult {
        nodes: total,
        elapsed,
        tbhits,
    })
}
