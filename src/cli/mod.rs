//! The command-line subcommands other than the two front ends. Each owns
//! its `#[derive(Args)]` struct (main.rs only matches on them), takes
//! its parsed arguments, prints its report to stdout and returns an error
//! for `main` to print on one line.

/// Writes one report's text to stdout. A reader that went away (`tapir
/// perft 6 --divide | head -1`) is no error: the rest goes nowhere and the
/// command ends as it would (where `print!` would panic); another failure
/// is said on stderr once per line.
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
        if e.kind() != std::io::ErrorKind::BrokenPipe {
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
pub mod perft;
mod progress;
pub mod train;
pub mod tui;
pub mod tuibench;
pub mod tune;
pub mod uci;
