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
    /// Speak UCI on stdin/stdout (what chess GUIs start).
    Uci,
    /// Search a fixed set of positions to a fixed depth; prints a node signature and the speed.
    Bench {
        /// Depth in plies (default: the standard bench depth).
        depth: Option<u32>,
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
        Some(Command::Uci) => tapir::uci::run(),
        Some(Command::Bench { depth }) => cli::bench::run(depth),
        None => {
            use std::io::IsTerminal;
            if std::io::stdin().is_terminal() {
                eprintln!("tapir: the board is not built yet; try `tapir uci` or `tapir bench`");
                Ok(())
            } else {
                // A GUI started the plain binary with pipes: speak UCI.
                tapir::uci::run()
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
