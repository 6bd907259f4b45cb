//! `tapir nnue-bench`: times the NNUE building blocks - an incremental
//! update of both perspectives for a quiet move, the output layer, a refresh
//! from the Finny table and a full refresh - with the kernels this CPU uses
//! (and the scalar ones for comparison). Each figure is the best of several
//! runs, as the machine may be busy.

use crate::chess::{parse_uci, Board, Color};
use crate::eval::nnue::delta::PieceSet;
use crate::eval::nnue::features::KingView;
use crate::eval::nnue::output::evaluate_with;
use crate::eval::nnue::{Accumulator, Backend, FinnyTable, Network, NnueState};
use crate::eval::phase::game_phase;
use anyhow::Result;
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// `tapir nnue-bench` arguments.
#[derive(clap::Args)]
pub struct NnueBenchArgs {
    /// A net file to time (default: a random net).
    #[arg(long, value_name = "PATH")]
    pub net: Option<PathBuf>,
}

/// Timed runs per figure; the best is reported. Runs are short (about a
/// millisecond, within one scheduler time slice) and many, so that on a
/// shared machine some of them run undisturbed.
const RUNS: usize = 60;
/// Target length of one timed run.
const RUN_NS: f64 = 1_000_000.0;

/// Best nanoseconds per call of `f` over `RUNS` runs.
fn time_ns(mut f: impl FnMut(u32)) -> f64 {
    // Calibrate the calls per run from a first estimate.
    let start = Instant::now();
    for i in 0..1000 {
        f(i);
    }
    let estimate = start.elapsed().as_nanos() as f64 / 1000.0;
    let ops = (RUN_NS / estimate.max(1.0)).clamp(100.0, 1_000_000.0) as u32;
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            for i in 0..ops {
                f(i);
            }
            start.elapsed().as_nanos() as f64 / f64::from(ops)
        })
        .fold(f64::INFINITY, f64::min)
}

pub fn run(args: NnueBenchArgs) -> Result<()> {
    let net = match &args.net {
        Some(path) => Network::load_named(path).map_err(anyhow::Error::msg)?,
        None => Network::random(1),
    };
    let net = Arc::new(net);
    let source = match &args.net {
        Some(p) => p.display().to_string(),
        None => "random net (seed 1)".to_string(),
    };
    outln!("net: {source}");
    let mut backends = vec![Backend::detect()];
    if Backend::detect() != Backend::scalar() {
        backends.push(Backend::scalar());
    }
    outln!(
        "{:<8} {:>10} {:>10} {:>14} {:>13} {:>15}",
        "kernels",
        "update",
        "output",
        "cache refresh",
        "full refresh",
        "push+eval+pop"
    );
    for backend in backends {
        let r = measure(&net, backend)?;
        outln!(
            "{:<8} {:>7.1} ns {:>7.1} ns {:>11.1} ns {:>10.1} ns {:>12.1} ns",
            backend.name(),
            r[0],
            r[1],
            r[2],
            r[3],
            r[4]
        );
    }
    outln!(
        "update: both perspectives, quiet move g1f3 from the start position (fused add+sub)\n\
         output: clipped ReLU + output layer + phase scaling of one accumulator\n\
         cache refresh: one perspective from the Finny table, 6 pieces differing\n\
         full refresh: both perspectives from scratch, 32 pieces\n\
         push+eval+pop: NnueState cycle for one quiet move (lazy update, then output)"
    );
    Ok(())
}

/// [update, output, cache refresh, full refresh, push+eval+pop] in ns.
fn measure(net: &Arc<Network>, backend: Backend) -> Result<[f64; 5]> {
    let start = Board::startpos();
    let nf3 = parse_uci(&start, "g1f3")?;
    let mut cache = FinnyTable::new(net);
    let root = Accumulator::from_board(net, backend, &start);

    let mut next = [Accumulator::default(); 2];
    let update = time_ns(|i| {
        let dst = &mut next[(i & 1) as usize];
        dst.update(
            black_box(&root),
            net,
            backend,
            &mut cache,
            black_box(&start),
            nf3,
        );
    });
    black_box(&next);

    let phase = game_phase(&start);
    let mut sum = 0i32;
    let output = time_ns(|_| {
        sum = sum.wrapping_add(evaluate_with(
            backend,
            net,
            black_box(&root),
            Color::White,
            phase,
        ));
    });
    black_box(sum);

    // Two placements six pieces apart (1. e4 e5 2. Nf3 played or not) for one view.
    let mut later = start;
    for uci in ["e2e4", "e7e5", "g1f3"] {
        later = later.make(parse_uci(&later, uci)?);
    }
    let placements = [PieceSet::from_board(&start), PieceSet::from_board(&later)];
    let view = KingView::new(Color::White, start.king(Color::White));
    let mut out = Accumulator::default();
    let cache_refresh = time_ns(|i| {
        cache.refresh(
            net,
            backend,
            view,
            black_box(&placements[(i & 1) as usize]),
            &mut out.rows[0],
        );
    });
    black_box(&out);

    let full = time_ns(|_| {
        black_box(Accumulator::from_board(net, backend, black_box(&start)));
    });

    let mut state = NnueState::with_backend(net.clone(), backend);
    state.reset(&start);
    let child = start.make(nf3);
    let cycle = time_ns(|_| {
        state.push(black_box(&start), nf3);
        sum = sum.wrapping_add(state.evaluate(black_box(&child)));
        state.pop();
    });
    black_box(sum);
    Ok([update, output, cache_refresh, full, cycle])
}
