//! `tapir tui --bench-frames N`: prints how long the board takes to draw a
//! frame off-screen (mean, 99th percentile, max); `--bench-teach` with
//! the teaching views on. `tapir tui --bench-open FILE`: how long `:load`
//! takes to put a many-game file in the picker, and to read a game of it.

use anyhow::{anyhow, bail, Result};
use std::path::Path;
use std::time::Instant;

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

/// Opens `file` as `:load` does, best of five: reading and decoding it,
/// indexing its games into the picker, then reading its last game in full.
pub fn open(file: &Path) -> Result<()> {
    use crate::tui::action::Action;
    use crate::tui::app::{App, Overlay};
    let mut best = [f64::MAX; 3];
    let mut games = 0;
    for _ in 0..5 {
        let mut app = App::new(Default::default(), Default::default());
        let t0 = Instant::now();
        let (text, encoding) =
            crate::tui::files::read_pgn(file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let t1 = Instant::now();
        app.update(Action::FileLoaded {
            path: file.to_path_buf(),
            text,
            encoding,
        });
        let t2 = Instant::now();
        let Overlay::Picker { source, .. } = &app.dialogs.overlay else {
            bail!(
                "{}: not a many-game file (no picker opened)",
                file.display()
            );
        };
        games = source.entries.len();
        app.update(Action::ChoiceMove(i32::MAX / 2));
        app.update(Action::ChoiceConfirm);
        let t3 = Instant::now();
        for (b, d) in best.iter_mut().zip([t1 - t0, t2 - t1, t3 - t2]) {
            *b = b.min(d.as_secs_f64() * 1e3);
        }
    }
    println!(
        "{games} games: read {:.1} ms, index and picker {:.1} ms, total {:.1} ms; reading the last game {:.2} ms (best of 5)",
        best[0],
        best[1],
        best[0] + best[1],
        best[2]
    );
    Ok(())
}
