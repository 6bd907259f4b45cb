//! The bench: a fixed-depth search of every bench position, one thread,
//! 16 MB of hash, tables cleared before each position. The node total is a
//! deterministic signature of the search; the CLI prints it.

use super::bench_positions::BENCH_FENS;
use super::control::Control;
use super::limits::Limits;
use super::pool::{run_search, SearchJob};
use super::tt::Tt;
use super::worker::Worker;
use crate::chess::Board;
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
}

/// Runs the bench with the hand-crafted eval, calling `each` after every
/// position.
pub fn run(depth: u32, each: &mut dyn FnMut(&BenchLine)) -> Result<BenchResult, String> {
    run_with(depth, None, each)
}

/// Runs the bench with `net` as the evaluator (`None`: hand-crafted).
pub fn run_with(
    depth: u32,
    net: Option<Arc<Network>>,
    each: &mut dyn FnMut(&BenchLine),
) -> Result<BenchResult, String> {
    let tt = Arc::new(Tt::new(HASH_MB)?);
    let mut workers = vec![Worker::new(0, tt.clone())];
    workers[0].set_network(net);
    let mut total = 0;
    // Only the searches are timed, not the table clearing between them.
    let mut elapsed = Duration::ZERO;
    for &fen in BENCH_FENS {
        let board = Board::from_fen(fen).map_err(|e| format!("bench position {fen}: {e}"))?;
        tt.clear();
        workers[0].clear();
        let ctl = Arc::new(Control::new(1, false));
        let job = SearchJob {
            board,
            history: Vec::new(),
            limits: Limits::depth(depth),
            multipv: 1,
            overhead: Duration::ZERO,
            elo: None,
        };
        let start = Instant::now();
        let out = run_search(&mut workers, &tt, &ctl, &job, &mut |_| {});
        elapsed += start.elapsed();
        let nodes = workers[0].nodes();
        total += nodes;
        each(&BenchLine {
            fen,
            nodes,
            best: out.best.map_or("(none)".into(), |m| m.to_string()),
        });
    }
    Ok(BenchResult {
        nodes: total,
        elapsed,
    })
}
