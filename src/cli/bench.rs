//! `tapir bench [DEPTH]`: the search benchmark. Prints one line per
//! position, then the node signature and the speed.

use crate::engine::{DEFAULT_SYZYGY_PROBE_DEPTH, DEFAULT_SYZYGY_PROBE_LIMIT, THREADS_RANGE};
use crate::eval::nnue::{default_net_checked, nnue_is_default, Network};
use crate::search::bench::{self, DEFAULT_DEPTH};
use crate::search::TbSearch;
use crate::tb::Tablebases;
use anyhow::{anyhow, bail, Result};
use std::path::PathBuf;
use std::sync::Arc;

pub const MAX_DEPTH: u32 = 30;

/// `tapir bench` arguments.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Depth in plies (default: the standard bench depth).
    pub depth: Option<u32>,
    /// Search with this NNUE net instead of the built-in one.
    #[arg(long, value_name = "PATH", conflicts_with = "hce")]
    pub net: Option<PathBuf>,
    /// Search with the hand-crafted evaluation instead of a net.
    #[arg(long)]
    pub hce: bool,
    /// Search threads; more than 1 times Lazy SMP (nodes then vary run to run).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Probe the Syzygy tables in these folders (joined by `:`), as
    /// the engine does with a SyzygyPath.
    #[arg(long, value_name = "PATH")]
    pub syzygy: Option<String>,
}

/// Searches with the engine's default evaluator: the built-in net when it
/// is the default, `net` instead of it, the hand-crafted eval with `hce`.
/// `threads`: 1 gives the deterministic signature; more measure Lazy SMP's
/// time to the same depth.
/// `syzygy`: probe the tables of this path (the engine's defaults for the
/// other Syzygy options).
pub fn run(args: BenchArgs) -> Result<()> {
    let BenchArgs {
        depth,
        net,
        hce,
        threads,
        syzygy,
    } = args;
    let (net, syzygy) = (net.as_deref(), syzygy.as_deref());
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    if !(1..=MAX_DEPTH).contains(&depth) {
        bail!("bench depth must be 1..={MAX_DEPTH}, got {depth}");
    }
    let (lo, hi) = THREADS_RANGE;
    if !(lo..=hi).contains(&threads) {
        bail!("bench threads must be {lo}..={hi}, got {threads}");
    }
    let net = match net {
        Some(p) => Some(Arc::new(Network::load_named(p).map_err(|e| anyhow!(e))?)),
        None if hce || !nnue_is_default() => None,
        None => default_net_checked().map_err(|e| anyhow!("the built-in net is invalid: {e}"))?,
    };
    let evaluator = if net.is_some() { "NNUE" } else { "HCE" };
    let tb = match syzygy {
        Some(path) if path.trim().is_empty() => {
            bail!("--syzygy needs the folder of the Syzygy tables (--syzygy PATH)")
        }
        Some(path) => {
            let (tables, report) = Tablebases::open(path);
            outln!("Tablebases: {}", report.summary());
            if report.files == 0 {
                bail!("no Syzygy tables in {path}");
            }
            Some(TbSearch {
                tables: Arc::new(tables),
                probe_depth: DEFAULT_SYZYGY_PROBE_DEPTH,
                probe_limit: DEFAULT_SYZYGY_PROBE_LIMIT,
                rule50: true,
            })
        }
        None => None,
    };
    let tbhits = tb.is_some();
    let mut i = 0;
    let result = bench::run_with_tb(depth, net, threads, tb, &mut |line| {
        i += 1;
        outln!(
            "{i:>3} {:>10} nodes  bestmove {:<6} {}",
            line.nodes,
            line.best,
            line.fen
        );
    })
    .map_err(|e| anyhow!(e))?;
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    outln!();
    outln!("Evaluator: {evaluator}");
    outln!("Depth: {depth}");
    outln!("Threads: {threads}");
    outln!("Time: {:.3} s", secs);
    outln!("Nodes searched: {}", result.nodes);
    outln!("Nodes/second: {}", (result.nodes as f64 / secs) as u64);
    if let (true, Some(path)) = (tbhits, syzygy) {
        outln!("TB hits: {}", result.tbhits);
        // The probe itself, tables in memory: random 3-4 piece positions.
        let (tables, _) = Tablebases::open(path);
        let boards = crate::tb::bench::positions(&tables, 10_000, 27);
        let (per, probes) = crate::tb::bench::time_wdl(&tables, &boards, 20);
        outln!(
            "WDL probe: {} ns ({probes} probes of {} positions)",
            per.as_nanos(),
            boards.len()
        );
    }
    Ok(())
}
