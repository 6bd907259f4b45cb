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
    about = "A terminal chess analysis board with its own engine",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no subcommand: the board, opened as these say.
    #[command(flatten)]
    board: cli::board::BoardArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Analyse every game of a PGN file: evals, ?!/?/?? with the reasons, better lines, accuracy.
    Annotate(cli::annotate::AnnotateArgs),
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
        /// Also show this NNUE net's evaluation and per-piece values.
        #[arg(long, value_name = "PATH")]
        net: Option<PathBuf>,
        /// Explain every term: what it measures, its squares, its packed arithmetic.
        #[arg(long)]
        explain: bool,
        /// With --explain: also what this move (SAN or UCI) changes, term by term.
        #[arg(long = "move", value_name = "MOVE")]
        mv: Option<String>,
    },
    /// Time the NNUE building blocks (update, output, refreshes) in ns.
    NnueBench {
        /// A net file to time (default: a random net).
        #[arg(long, value_name = "PATH")]
        net: Option<PathBuf>,
    },
    /// Self-play training data: fixed-node games from random openings, appended to FILE.
    Datagen {
        /// Data file (32-byte records); appended to if it exists.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 5000)]
        nodes: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Play with this NNUE net instead of the hand-crafted eval.
        #[arg(long, value_name = "PATH")]
        net: Option<PathBuf>,
    },
    /// Train an NNUE net on `tapir datagen` records (pure-Rust CPU trainer).
    Train {
        /// Training data files (32-byte records); several are concatenated.
        #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// Where to write the net (rewritten after every epoch).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[arg(long, default_value_t = 10)]
        epochs: usize,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Base learning rate (cosine-decayed over the run).
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_LR)]
        lr: f32,
        /// Positions per optimiser step.
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_BATCH)]
        batch: usize,
        /// Weight of the search score vs the game result in the target (0..1).
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_LAMBDA)]
        lambda: f32,
        /// Fraction of positions held out for validation (0..0.5).
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_VAL_FRACTION)]
        val_fraction: f64,
        /// AdamW decoupled weight decay.
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_WEIGHT_DECAY)]
        weight_decay: f32,
        /// Learning rate of the 16 king-bucket rows relative to the shared
        /// factoriser rows (0..1; 0 trains the shared rows alone).
        #[arg(long, default_value_t = tapir::train::params::DEFAULT_BUCKET_LR)]
        bucket_lr: f32,
    },
    /// Fit the hand-crafted evaluation's weights to self-play records (Texel-style).
    Tune {
        /// Training data files (32-byte records); several are concatenated.
        #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// Params file whose generated weights are replaced (a new file gets
        /// them alone); without it the result is printed.
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = tapir::train::tune::tuner::DEFAULT_EPOCHS)]
        epochs: usize,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Sigmoid scale: a positive number, or auto to fit it to the results.
        #[arg(long, value_name = "K|auto", default_value = "auto", value_parser = tapir::cli::tune::parse_k)]
        k: tapir::cli::tune::KArg,
        /// Weight of the search score vs the game result in the target (0..1).
        #[arg(long, default_value_t = 0.0)]
        lambda: f64,
        /// Adam's learning rate in centipawns (cosine-decayed over the run).
        #[arg(long, default_value_t = tapir::train::tune::tuner::DEFAULT_LR)]
        lr: f64,
        /// Positions per optimiser step.
        #[arg(long, default_value_t = tapir::train::tune::tuner::DEFAULT_BATCH)]
        batch: usize,
        /// Fraction of positions held out for validation (0..0.5).
        #[arg(long, default_value_t = tapir::train::tune::tuner::DEFAULT_VAL_FRACTION)]
        val_fraction: f64,
        /// Pull towards the starting weights (times the sum of squared deviations in pawns).
        #[arg(long, default_value_t = 0.0)]
        reg: f64,
        /// Weight tables kept at their current values, e.g. piece_value,tempo.
        #[arg(long, value_name = "FIELD,...", value_delimiter = ',')]
        freeze: Vec<String>,
        /// Use only the first N positions of the data.
        #[arg(long, value_name = "N")]
        max_positions: Option<usize>,
    },
    /// Open the analysis board (also what `tapir` alone does on a terminal).
    Tui {
        #[command(flatten)]
        board: cli::board::BoardArgs,
        /// Draw N frames off-screen and print the frame time instead.
        #[arg(long, value_name = "N")]
        bench_frames: Option<usize>,
        /// Terminal size for --bench-frames.
        #[arg(long, value_name = "WxH", default_value = "120x40")]
        bench_size: String,
        /// With --bench-frames: a random net and the teaching views on.
        #[arg(long)]
        bench_teach: bool,
        /// With --bench-frames: a second engine's pane under the first.
        #[arg(long)]
        bench_second: bool,
        /// Time N info lines of an external engine (tapir uci, or
        /// --bench-engine CMD) from its pipe to the board, with tapir
        /// analysing beside it, then exit.
        #[arg(long, value_name = "N")]
        bench_link: Option<usize>,
        /// The engine command line for --bench-link.
        #[arg(long, value_name = "CMD")]
        bench_engine: Option<String>,
        /// Time opening FILE as `:load` does (read, index, the game picker)
        /// and reading its last game, then exit.
        #[arg(long, value_name = "FILE")]
        bench_open: Option<PathBuf>,
        /// Time what a key costs (the reducer and a frame) on the first
        /// game of FILE, then exit.
        #[arg(long, value_name = "FILE")]
        bench_keys: Option<PathBuf>,
    },
    /// Speak UCI on stdin/stdout (what chess GUIs start).
    Uci,
    /// Throw random, mutated and hostile UCI lines at a UCI engine and check every answer.
    UciFuzz(cli::fuzz::FuzzArgs),
    /// Search a fixed set of positions to a fixed depth; prints a node signature and the speed.
    Bench {
        /// Depth in plies (default: the standard bench depth).
        depth: Option<u32>,
        /// Search with this NNUE net instead of the built-in one.
        #[arg(long, value_name = "PATH", conflicts_with = "hce")]
        net: Option<PathBuf>,
        /// Search with the hand-crafted evaluation instead of a net.
        #[arg(long)]
        hce: bool,
        /// Search threads; more than 1 times Lazy SMP (nodes then vary run to run).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Probe the Syzygy tables in these folders (joined by `:`), as
        /// the engine does with a SyzygyPath.
        #[arg(long, value_name = "PATH")]
        syzygy: Option<String>,
    },
}

/// Parses the command line. Negative numbers are read as values, so that
/// `tapir bench -5` says why -5 is no depth instead of calling it an
/// unknown flag.
fn parse_cli() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Cli::command()
        .mut_subcommands(|sub| sub.allow_negative_numbers(true))
        .get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

fn main() -> ExitCode {
    let cli = parse_cli();
    let result = match cli.command {
        Some(Command::Annotate(args)) => cli::annotate::run(args),
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
            net,
            explain,
            mv,
        }) => cli::eval::run(cli::eval::EvalArgs {
            fen,
            gain_bench,
            speed,
            net,
            explain,
            mv,
        }),
        Some(Command::NnueBench { net }) => cli::nnue::run(cli::nnue::NnueBenchArgs { net }),
        Some(Command::Datagen {
            out,
            games,
            nodes,
            threads,
            seed,
            net,
        }) => cli::datagen::run(cli::datagen::DatagenArgs {
            out,
            games,
            nodes,
            threads,
            seed,
            net,
        }),
        Some(Command::Train {
            data,
            out,
            epochs,
            threads,
            seed,
            lr,
            batch,
            lambda,
            val_fraction,
            weight_decay,
            bucket_lr,
        }) => cli::train::run(cli::train::TrainArgs {
            data,
            out,
            config: tapir::train::trainer::TrainConfig {
                epochs,
                threads,
                seed,
                lr,
                batch,
                lambda,
                val_fraction,
                weight_decay,
                bucket_lr,
                ..Default::default()
            },
        }),
        Some(Command::Tune {
            data,
            out,
            epochs,
            threads,
            seed,
            k,
            lambda,
            lr,
            batch,
            val_fraction,
            reg,
            freeze,
            max_positions,
        }) => cli::tune::run(cli::tune::TuneArgs {
            data,
            out,
            max_positions,
            config: tapir::train::tune::tuner::TuneConfig {
                epochs,
                threads,
                seed,
                lr,
                batch,
                lambda,
                k: k.0,
                val_fraction,
                reg,
                freeze,
            },
        }),
        Some(Command::Tui {
            board,
            bench_frames,
            bench_size,
            bench_teach,
            bench_second,
            bench_link,
            bench_engine,
            bench_open,
            bench_keys,
        }) => match (bench_frames, bench_open, bench_keys) {
            _ if bench_link.is_some() => {
                cli::tuibench::link(bench_link.unwrap_or(1), bench_engine.as_deref())
            }
            (_, _, Some(file)) => cli::tuibench::keys(&file),
            (_, Some(file), None) => cli::tuibench::open(&file),
            (Some(n), None, None) => cli::tuibench::run(n, &bench_size, bench_teach, bench_second),
            (None, None, None) => tapir::tui::run(board.into_tui()),
        },
        Some(Command::Uci) => tapir::uci::run(),
        Some(Command::UciFuzz(args)) => cli::fuzz::run(args),
        Some(Command::Bench {
            depth,
            net,
            hce,
            threads,
            syzygy,
        }) => cli::bench::run(depth, net.as_deref(), hce, threads, syzygy.as_deref()),
        None => {
            use std::io::IsTerminal;
            let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            if terminal || cli.board.any() {
                tapir::tui::run(cli.board.into_tui())
            } else {
                // Not a terminal: a GUI started the plain binary with pipes.
                tapir::uci::run()
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln: it panics when stderr is gone (a closed terminal).
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
