//! `tapir tui --bench-frames N`: prints how long the board takes to draw a
//! frame off-screen (mean, 99th percentile, max); `--bench-teach` with
//! the teaching views on.

use anyhow::{bail, Result};

pub fn run(frames: usize, size: &str, teach: bool) -> Result<()> {
    let Some((w, h)) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u16>().ok()?, h.trim().parse::<u16>().ok()?)))
    else {
        bail!("--bench-size must look like 120x40, got '{size}'");
    };
    if !(1..=1_000_000).contains(&frames) {
        bail!("--bench-frames must be 1..=1000000, got {frames}");
    }
    if w < 80 || h < 24 || w > 1000 || h > 1000 {
        bail!("--bench-size must be between 80x24 and 1000x1000, got {w}x{h}");
    }
    let r = crate::tui::bench::run(frames, w, h, teach);
    println!(
        "frames {}{} at {}x{}: mean {:.3} ms, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        r.frames,
        if teach { " (teaching views)" } else { "" },
        r.width,
        r.height,
        r.mean.as_secs_f64() * 1e3,
        r.median.as_secs_f64() * 1e3,
        r.p99.as_secs_f64() * 1e3,
        r.max.as_secs_f64() * 1e3
    );
    Ok(())
}
