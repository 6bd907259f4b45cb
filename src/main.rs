//! The `tapir` binary: parses the command line and hands off to the
//! subcommand. Nothing else lives here.

use clap::{Parser, Subcommand};
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
    Perft(cli::perft::PerftArgs),
    /// Show the static evaluation term by term, or benchmark it.
    Eval(cli::eval::EvalArgs),
    /// Time the NNUE building blocks (update, output, refreshes) in ns.
    NnueBench(cli::nnue::NnueBenchArgs),
    /// Self-play training data: fixed-node games from random openings, appended to FILE.
    Datagen(cli::datagen::DatagenArgs),
    /// Train an NNUE net on `tapir datagen` records (pure-Rust CPU trainer).
    Train(cli::train::TrainArgs),
    /// Write a net trained by bullet (its f32 weights of tapir's shape) as a tapir net file.
    ImportBullet(cli::import_bullet::ImportBulletArgs),
    /// Fit the hand-crafted evaluation's weights to self-play records (Texel-style).
    Tune(cli::tune::TuneArgs),
    /// Open the analysis board (also what `tapir` alone does on a terminal).
    Tui(cli::tui::TuiArgs),
    /// Speak UCI on stdin/stdout (what chess GUIs start).
    Uci(cli::uci::UciArgs),
    /// Throw random, mutated and hostile UCI lines at a UCI engine and check every answer.
    UciFuzz(cli::fuzz::FuzzArgs),
    /// Search a fixed set of positions to a fixed depth; prints a node signature and the speed.
    Bench(cli::bench::BenchArgs),
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

/// A board's file argument that names no file but is a subcommand's name
/// mistyped (`tapir bnech`): that subcommand, to suggest it.
fn mistyped_subcommand(file: &std::path::Path) -> Option<String> {
    use clap::CommandFactory;
    let word = file.to_str()?;
    if file.exists() || word.contains(['/', '.']) {
        return None;
    }
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .find(|name| edit_distance(word, name) <= 2)
}

/// Levenshtein distance, for short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

fn main() -> ExitCode {
    let cli = parse_cli();
    let mistyped = cli
        .board
        .file
        .as_deref()
        .and_then(|f| Some((f, mistyped_subcommand(f)?)));
    if let Some((file, name)) = mistyped {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "error: no file {} (did you mean `tapir {name}`?)",
            file.display()
        );
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        Some(Command::Annotate(args)) => cli::annotate::run(args),
        Some(Command::Perft(args)) => cli::perft::run(args),
        Some(Command::Eval(args)) => cli::eval::run(args),
        Some(Command::NnueBench(args)) => cli::nnue::run(args),
        Some(Command::Datagen(args)) => cli::datagen::run(args),
        Some(Command::Train(args)) => cli::train::run(args),
        Some(Command::ImportBullet(args)) => cli::import_bullet::run(args),
        Some(Command::Tune(args)) => cli::tune::run(args),
        Some(Command::Tui(args)) => cli::tui::run(args),
        Some(Command::Uci(args)) => cli::uci::run(args),
        Some(Command::UciFuzz(args)) => cli::fuzz::run(args),
        Some(Command::Bench(args)) => cli::bench::run(args),
        None => {
            use std::io::IsTerminal;
            let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
            if terminal || cli.board.any() {
                tapir::tui::run(cli.board.into_tui())
            } else {
                // Not a terminal: a GUI started the plain binary with pipes.
                tapir::uci::run(false)
            }
        }
    };
    match result {
        // A report cut short (a full disk) has said so on stderr.
        Ok(()) if cli::output_failed() => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln: it panics when stderr is gone (a closed terminal).
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
