//! `tapir perft`: count move-tree leaves for one position (optionally per
//! root move) or check a whole EPD suite.

use crate::chess::perft::{divide, parse_suite_line, perft};
use crate::chess::{Board, START_FEN};
use anyhow::{bail, Context, Result};
use std::time::Instant;

pub const MAX_DEPTH: u32 = 10;

/// `tapir perft` arguments.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// Depth in plies (1-10).
    pub depth: Option<u32>,
    /// Position to start from (default: the initial position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Check every position of an EPD perft suite (";D1 20 ;D2 400 ...").
    #[arg(long, value_name = "FILE")]
    pub suite: Option<std::path::PathBuf>,
    /// With --suite, the deepest depth to check.
    #[arg(long, value_name = "D")]
    pub max_depth: Option<u32>,
}

pub fn run(args: PerftArgs) -> Result<()> {
    if let Some(path) = &args.suite {
        if args.fen.is_some() || args.divide {
            bail!("--suite cannot be combined with --fen or --divide");
        }
        let max = args.max_depth.or(args.depth).unwrap_or(MAX_DEPTH);
        check_depth(max)?;
        return run_suite(path, max);
    }
    if args.max_depth.is_some() {
        bail!("--max-depth only goes with --suite; give the depth itself (tapir perft 5)");
    }
    let Some(depth) = args.depth else {
        bail!("give a depth (tapir perft 5) or a suite (tapir perft --suite FILE)");
    };
    check_depth(depth)?;
    let fen = args.fen.as_deref().unwrap_or(START_FEN);
    let board = Board::from_fen(fen)?;

    let start = Instant::now();
    let nodes = if args.divide {
        let counts = divide(&board, depth);
        for (m, n) in &counts {
            outln!("{m}: {n}");
        }
        outln!();
        counts.iter().map(|c| c.1).sum()
    } else {
        perft(&board, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("Nodes searched: {nodes}");
    outln!("Time: {:.3} s", secs);
    outln!("Nodes/second: {}", (nodes as f64 / secs.max(1e-9)) as u64);
    Ok(())
}

fn check_depth(depth: u32) -> Result<()> {
    if !(1..=MAX_DEPTH).contains(&depth) {
        bail!("perft depth must be 1..={MAX_DEPTH}, got {depth}");
    }
    Ok(())
}

fn run_suite(path: &std::path::Path, max_depth: u32) -> Result<()> {
    let text = crate::fsread::read_regular_text(path, 64 << 20)
        .with_context(|| format!("cannot read perft suite {}", path.display()))?;
    let start = Instant::now();
    let (mut positions, mut failed, mut skipped, mut total) = (0, 0, 0, 0u64);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = parse_suite_line(line)
            .map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), i + 1))?;
        let board =
            Board::from_fen(&entry.fen).with_context(|| format!("{}:{}", path.display(), i + 1))?;
        positions += 1;
        let mut ok = true;
        let mut deepest = 0;
        for &(depth, expected) in entry.expected.iter().filter(|e| e.0 <= max_depth) {
            let got = perft(&board, depth);
            total += got;
            deepest = depth;
            if got != expected {
                ok = false;
                outln!(
                    "FAIL {}: depth {depth} expected {expected} got {got}",
                    entry.fen
                );
            }
        }
        if deepest == 0 {
            // Every count is deeper than --depth allows: nothing checked.
            skipped += 1;
            outln!(
                "skip {} (every count is deeper than {max_depth})",
                entry.fen
            );
        } else if ok {
            outln!("ok   {} (to depth {deepest})", entry.fen);
        } else {
            failed += 1;
        }
    }
    if positions == 0 {
        bail!("{} holds no perft positions", path.display());
    }
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "{positions} positions, {} passed, {failed} failed, {skipped} skipped; {total} nodes in {secs:.2} s ({} nodes/second)",
        positions - failed - skipped,
        (total as f64 / secs.max(1e-9)) as u64
    );
    if failed > 0 {
        bail!("{failed} of {positions} positions gave wrong counts");
    }
    if skipped == positions {
        bail!(
            "no count in {} is at depth {max_depth} or less: nothing was checked",
            path.display()
        );
    }
    Ok(())
}
