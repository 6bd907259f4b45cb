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
    /// Show the static evaluation term by term, or benchmark it.
    Eval {
        /// Position to evaluate (default: the initial position).
        #[arg(long)]
        fen: Option<String>,
        /// Benchmark the capture-gain lookups (ns per call).
        #[arg(long)]
        gain_bench: bool,
        /// Benchmark the static evaluation (ns per call).
        #[arg(long)]
        speed: bool,
    },
    /// Time the NNUE building blocks (update, output, refreshes) in ns.
    NnueBench {
        /// A net file to time (default: a random net).
        #[arg(long, value_name = "PATH")]
        net: Option<PathBuf>,
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
        Some(Command::Eval {
            fen,
            gain_bench,
            speed,
        }) => cli::eval::run(cli::eval::EvalArgs {
            fen,
            gain_bench,
            speed,
        }),
        Some(Command::NnueBench { net }) => cli::nnue::run(cli::nnue::NnueBenchArgs { net }),
        None => {
            eprintln!("tapir: the board is not built yet; try `tapir perft 5`");
            Ok(())
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
