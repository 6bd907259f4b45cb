//! The board's command-line options, shared by `tapir` alone and `tapir
//! tui`: `tapir FILE.pgn`, `tapir --new`, `tapir --fen FEN` and `--net`
//! mean the same with or without the subcommand.

use clap::Args;
use std::path::PathBuf;

/// How the board opens.
#[derive(Args, Clone, Debug, Default)]
pub struct BoardArgs {
    /// A PGN file to open: its only game, or a picker of its games.
    #[arg(value_name = "FILE.pgn", conflicts_with_all = ["fen", "pgn"])]
    pub file: Option<PathBuf>,
    /// The same as FILE.pgn.
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub pgn: Option<PathBuf>,
    /// Start from this position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Ignore the autosaved game and start fresh.
    #[arg(long)]
    pub new: bool,
    /// An NNUE net for the NNUE views and NNUE search (default: the built-in net).
    #[arg(long, value_name = "PATH")]
    pub net: Option<PathBuf>,
    /// Analyse with this UCI engine: a configured [[engine]]'s name or a command line.
    #[arg(long, value_name = "NAME|CMD")]
    pub engine: Option<String>,
}

impl BoardArgs {
    /// Whether any option asks for the board.
    pub fn any(&self) -> bool {
        self.file.is_some()
            || self.pgn.is_some()
            || self.fen.is_some()
            || self.new
            || self.net.is_some()
            || self.engine.is_some()
    }

    pub fn into_tui(self) -> crate::tui::TuiArgs {
        crate::tui::TuiArgs {
            fen: self.fen,
            pgn: self.file.or(self.pgn),
            new: self.new,
            net: self.net,
            engine: self.engine,
        }
    }
}
