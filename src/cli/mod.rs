//! The command-line subcommands other than the two front ends. Each owns
//! its `#[derive(Args)]` struct (main.rs only matches on them), takes
//! its parsed arguments, prints its report to stdout and returns an error
//! for `main` to print on one line.

/// Set when a report could not be written (a full disk, not a closed
/// pipe): the command then exits with a failure, so that a script does not
/// take a cut report for a whole one.
static OUTPUT_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether some report text could not be written (see `OUTPUT_FAILED`).
pub fn output_failed() -> bool {
    OUTPUT_FAILED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Writes one report's text to stdout. A reader that went away (`tapir
/// perft 6 --divide | head -1`) is no error: the rest goes nowhere and the
/// command ends as it would (where `print!` would panic). Another failure
/// is said on stderr, once, and makes the command fail at its end.
pub(crate) fn write_out(args: std::fmt::Arguments, newline: bool) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        if e.kind() != std::io::ErrorKind::BrokenPipe
            && !OUTPUT_FAILED.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            let _ = writeln!(std::io::stderr(), "tapir: cannot write the output: {e}");
        }
    }
}

/// `println!` for the subcommands' reports (see `write_out`).
macro_rules! outln {
    () => {
        $crate::cli::write_out(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!($($arg)*), true)
    };
}

/// `print!` for the subcommands' reports (see `write_out`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_out(format_args!($($arg)*), false)
    };
}

pub mod annotate;
pub mod bench;
pub mod board;
pub mod datagen;
pub mod eval;
mod eval_bench;
pub mod explain;
pub mod fuzz;
pub mod import_bullet;
pub mod nnue;
mod out_file;
pub mod perft;
mod pgn_form;
mod progress;
pub mod train;
pub mod tui;
pub mod tuibench;
pub mod tune;
pub mod uci;
