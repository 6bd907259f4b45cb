//! `tapir tui --bench-frames N`: prints how long the board takes to draw a
//! frame off-screen (mean, 99th percentile, max); `--bench-teach` with
//! the teaching views on. `tapir tui --bench-open FILE`: how long `:load`
//! takes to put a many-game file in the picker, and to read a game of it.

use anyhow::{anyhow, bail, Result};
use std::path::Path;
use std::time::Instant;

pub fn run(frames: usize, size: &str, teach: bool, second: bool) -> Result<()> {
    let Some((w, h)) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u64>().ok()?, h.trim().parse::<u64>().ok()?)))
    else {
        bail!("--bench-size must look like 120x40, got '{size}'");
    };
    if !(1..=1_000_000).contains(&frames) {
        bail!("--bench-frames must be 1..=1000000, got {frames}");
    }
    if w < 80 || h < 24 || w > 1000 || h > 1000 {
        bail!("--bench-size must be between 80x24 and 1000x1000, got {w}x{h}");
    }
    // Both fit: at most 1000 each.
    let (w, h) = (w as u16, h as u16);
    let r = crate::tui::bench::run(frames, w, h, teach, second);
    outln!(
        "frames {}{}{} at {}x{}: mean {:.3} ms, median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        r.frames,
        if teach { " (teaching views)" } else { "" },
        if second { " (two engines' panes)" } else { "" },
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
        games = source.spans.len();
        app.update(Action::ChoiceMove(i32::MAX / 2));
        app.update(Action::ChoiceConfirm);
        let t3 = Instant::now();
        for (b, d) in best.iter_mut().zip([t1 - t0, t2 - t1, t3 - t2]) {
            *b = b.min(d.as_secs_f64() * 1e3);
        }
    }
    outln!(
        "{games} games: read {:.1} ms, index and picker {:.1} ms, total {:.1} ms; reading the last game {:.2} ms (best of 5)",
        best[0],
        best[1],
        best[0] + best[1],
        best[2]
    );
    Ok(())
}

/// Opens the first game of `file` and times what a key costs on it, the
/// reducer and a 120x40 frame together: moves along the line, jumps to the
/// ends, a new move (a variation), its take-back, undo and redo, a glyph.
/// Per-key work must not grow with the game's length.
pub fn keys(file: &Path) -> Result<()> {
    use crate::tui::action::Action;
    use crate::tui::app::{App, Overlay};
    use crate::tui::ui;
    use crate::tui::widgets::frametime::FrameStats;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    let (text, encoding) =
        crate::tui::files::read_pgn(file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
    let mut app = App::new(Default::default(), Default::default());
    app.update(Action::Resize(120, 40));
    let t = Instant::now();
    app.update(Action::FileLoaded {
        path: file.to_path_buf(),
        text,
        encoding,
    });
    if let Overlay::Picker { .. } = app.dialogs.overlay {
        app.update(Action::ChoiceConfirm);
    }
    let load_ms = t.elapsed().as_secs_f64() * 1e3;
    let moves = app.tree().move_count();
    let mut term = Terminal::new(TestBackend::new(120, 40))?;
    let stats = FrameStats::default();
    let mut rows: Vec<(&str, Vec<f64>)> = Vec::new();
    let mut time = |app: &mut App, name: &'static str, a: Action| -> Result<()> {
        let t = Instant::now();
        app.update(a);
        app.take_effects();
        term.draw(|f| ui::draw(f, app, &stats))?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        match rows.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(ms),
            None => rows.push((name, vec![ms])),
        }
        Ok(())
    };
    time(&mut app, "End", Action::Last)?;
    for _ in 0..50 {
        time(&mut app, "PageUp", Action::PageBack)?;
    }
    for _ in 0..200 {
        time(&mut app, "Left", Action::Prev)?;
    }
    for _ in 0..100 {
        time(&mut app, "Right", Action::Next)?;
    }
    for _ in 0..5 {
        time(&mut app, "Home", Action::First)?;
        time(&mut app, "End", Action::Last)?;
    }
    for _ in 0..20 {
        time(&mut app, "PageUp", Action::PageBack)?;
    }
    let board = app.view.board;
    let list = crate::chess::legal_moves(&board);
    for &m in list.as_slice().iter().take(10) {
        let san = crate::chess::notation::to_san(&board, m);
        time(&mut app, "a move (variation)", Action::MoveText(san))?;
        time(&mut app, "u (back)", Action::TakeBack)?;
    }
    for _ in 0..10 {
        time(
            &mut app,
            "! glyph",
            Action::ToggleNag(crate::game::Nag::MOVE[0]),
        )?;
        time(&mut app, "Ctrl-Z", Action::Undo)?;
        time(&mut app, "Ctrl-Y", Action::Redo)?;
    }
    outln!(
        "{}: {} moves, loaded in {load_ms:.1} ms; per key (reducer and a 120x40 frame):",
        file.display(),
        moves
    );
    for (name, v) in rows {
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let max = v.iter().cloned().fold(0.0, f64::max);
        outln!(
            "  {name:<20} x{:<4} mean {mean:.3} ms, max {max:.3} ms",
            v.len()
        );
    }
    Ok(())
}

/// `tapir tui --bench-link N`: how long an external engine's `info` line
/// takes from its pipe to the board, with tapir analysing beside it.
pub fn link(infos: usize, engine: Option<&str>) -> Result<()> {
    if !(1..=100_000).contains(&infos) {
        bail!("--bench-link must be 1..=100000, got {infos}");
    }
    let own = std::env::current_exe().map_err(|e| anyhow!("finding tapir itself: {e}"))?;
    let default = format!("'{}' uci", own.display().to_string().replace('\'', ""));
    let engine = engine.map(str::to_string).unwrap_or(default);
    let r = crate::tui::bench::link_latency(infos, &engine).map_err(|e| anyhow!(e))?;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    outln!(
        "info lines {} (two engines analysing): pipe to board median {:.3} ms, p99 {:.3} ms, max {:.3} ms; frames {} at 120x40: median {:.3} ms, max {:.3} ms",
        r.infos,
        ms(r.median),
        ms(r.p99),
        ms(r.max),
        r.frames,
        ms(r.frame_median),
        ms(r.frame_max)
    );
    Ok(())
}
