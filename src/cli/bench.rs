//! `tapir bench [DEPTH]`: the search benchmark. Prints one line per
//! position, then the node signature and the speed.

use crate::search::bench::{self, DEFAULT_DEPTH};
use anyhow::{anyhow, bail, Result};

pub const MAX_DEPTH: u32 = 30;

pub fn run(depth: Option<u32>) -> Result<()> {
    let depth = depth.unwrap_or(DEFAULT_DEPTH);
    if !(1..=MAX_DEPTH).contains(&depth) {
        bail!("bench depth must be 1..={MAX_DEPTH}, got {depth}");
    }
    let mut i = 0;
    let result = bench::run(depth, &mut |line| {
        i += 1;
        println!(
            "{i:>3} {:>10} nodes  bestmove {:<6} {}",
            line.nodes, line.best, line.fen
        );
    })
    .map_err(|e| anyhow!(e))?;
    let secs = result.elapsed.as_secs_f64().max(1e-9);
    println!();
    println!("Depth: {depth}");
    println!("Time: {:.3} s", secs);
    println!("Nodes searched: {}", result.nodes);
    println!("Nodes/second: {}", (result.nodes as f64 / secs) as u64);
    Ok(())
}
