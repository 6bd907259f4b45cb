//! The progress line of the long jobs (`datagen`, `train`) on stderr:
//! redrawn in place on a terminal, where a log gets a plain line now and
//! then, or nothing.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// `line` in at most `width` characters: without its bar first (the
/// figures matter more), then cut.
fn fit(line: &str, width: usize) -> String {
    if line.chars().count() <= width {
        return line.to_string();
    }
    let barless = match (line.find('['), line.find(']')) {
        (Some(a), Some(b)) if a < b && line[a + 1..b].chars().all(|c| c == '#' || c == '.') => {
            format!("{}{}", line[..a].trim_end(), &line[b + 1..])
        }
        _ => line.to_string(),
    };
    barless.chars().take(width).collect()
}

/// When to draw the progress line, and drawing it.
pub struct Progress {
    tty: bool,
    /// How often a log (stderr not a terminal) gets a line; `None`: never.
    log_every: Option<Duration>,
    last: Option<Instant>,
}

impl Progress {
    /// A terminal's line is redrawn at most this often.
    const EVERY: Duration = Duration::from_millis(100);
    const WIDTH: usize = 30;

    pub fn new(log_every: Option<Duration>) -> Progress {
        Progress {
            tty: std::io::stderr().is_terminal(),
            log_every,
            last: None,
        }
    }

    /// Whether a line is due now; on a terminal the last one (`done`)
    /// always is.
    pub fn due(&mut self, done: bool) -> bool {
        let every = match (self.tty, self.log_every) {
            (true, _) => Self::EVERY,
            (false, Some(every)) => every,
            (false, None) => return false,
        };
        let due = match self.last {
            None => self.tty,
            Some(t) => t.elapsed() >= every,
        } || (done && self.tty);
        if due || self.last.is_none() {
            self.last = Some(Instant::now());
        }
        due
    }

    /// Draws `line`: over the previous one on a terminal, as a new line in
    /// a log.
    pub fn show(&self, line: &str) {
        let mut err = std::io::stderr().lock();
        let _ = if self.tty {
            // A line wider than the terminal wraps, and the next redraw
            // clears only its last row: one fits, or each leaves a row.
            let width = crossterm::terminal::size().map_or(80, |(w, _)| w as usize);
            write!(err, "\r\x1b[2K{}", fit(line, width.saturating_sub(1)))
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }

    /// Wipes the terminal's line before the final report.
    pub fn clear(&self) {
        if self.tty {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }

    /// `[#####.....]  42%  ETA 0:01:05` for a job `frac` done after `secs`.
    pub fn bar(frac: f64, secs: f64) -> String {
        let frac = frac.clamp(0.0, 1.0);
        let filled = ((frac * Self::WIDTH as f64) as usize).min(Self::WIDTH);
        let eta = secs * (1.0 - frac) / frac.max(1e-9);
        format!(
            "[{}{}] {:>3.0}%  ETA {}",
            "#".repeat(filled),
            ".".repeat(Self::WIDTH - filled),
            frac * 100.0,
            clock(eta)
        )
    }
}

/// Seconds as `h:mm:ss`.
pub fn clock(secs: f64) -> String {
    let s = secs.max(0.0) as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_wider_than_the_terminal_loses_its_bar_then_its_end() {
        let line = format!(
            "game 1/6  positions 51/525  18 pos/s  {}",
            Progress::bar(0.1, 3.0)
        );
        assert_eq!(fit(&line, 200), line);
        let f = fit(&line, 79);
        assert!(f.chars().count() <= 79 && !f.contains('#'), "{f}");
        assert!(f.contains("ETA 0:00:27") && f.contains("18 pos/s"), "{f}");
        assert_eq!(fit(&line, 10).chars().count(), 10);
    }

    #[test]
    fn bar_and_clock() {
        assert_eq!(clock(3725.9), "1:02:05");
        assert_eq!(clock(-4.0), "0:00:00");
        let b = Progress::bar(0.5, 60.0);
        assert!(
            b.starts_with(&format!("[{}{}]", "#".repeat(15), ".".repeat(15))),
            "{b}"
        );
        assert!(b.ends_with(" 50%  ETA 0:01:00"), "{b}");
        assert!(Progress::bar(2.0, 1.0).contains("100%"));
    }
}
