//! The `tapir` binary: parses the command line and hands off to the
//! subcommand. Nothing else lives here.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tapir::cli;

#[derive(Parser)]
#[command(
    name = "tapir",
    version,
    about = "A terminal chess analysis board with its own engine"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    Perft {
        /// Depth in plies (1-10).
        depth: Option<u32>,
        /// Position to start from (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Check every position of an EPD perft suite (";D1 20 ;D2 400 ...").
        #[arg(long, value_name = "FILE")]
        suite: Option<PathBuf>,
        /// With --suite, the deepest depth to check.
        #[arg(long, value_name = "D")]
        max_depth: Option<u32>,
    },
    /// Open the analysis board (also what `tapir` alone does on a terminal).
    Tui {
        /// Start from this position.
        #[arg(long)]
        fen: Option<String>,
        /// Open the first game of this PGN file.
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,
        /// Ignore the autosaved game and start fresh.
        #[arg(long)]
        new: bool,
        /// Draw N frames off-screen and print the frame time instead.
        #[arg(long, value_name = "N")]
        bench_frames: Option<usize>,
        /// Terminal size for --bench-frames.
        #[arg(long, value_name = "WxH", default_value = "120x40")]
        bench_size: String,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft {
            depth,
            fen,
            divide,
            suite,
            max_depth,
        }) => cli::perft::run(cli::perft::PerftArgs {
            depth,
            fen,
            divide,
            suite,
            max_depth,
        }),
        Some(Command::Tui {
            fen,
            pgn,
            new,
            bench_frames,
            bench_size,
        }) => match bench_frames {
            Some(n) => cli::tuibench::run(n, &bench_size),
            None => tapir::tui::run(tapir::tui::TuiArgs { fen, pgn, new }),
        },
        None => {
            use std::io::IsTerminal;
            if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
                tapir::tui::run(tapir::tui::TuiArgs::default())
            } else {
                // UCI HOOK: stdin is a pipe, so a GUI is talking to us. The
                // UCI loop (src/uci) goes here, e.g. `uci::run()`.
                eprintln!("tapir: UCI mode is not built yet; run `tapir tui` for the board");
                Ok(())
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
