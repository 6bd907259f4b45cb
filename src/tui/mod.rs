//! The analysis board: a ratatui front end over the engine facade.
//!
//! Shape (see ARCHITECTURE.md): `app` holds the state, `action` lists what
//! can happen, `keymap` turns terminal events into actions, `commands`
//! parses the `:` line, `update` is the reducer (`App::update`, a file per
//! concern), `ui` and `widgets` draw from `&App`, `theme` holds the colours,
//! `layout` where things go and `params` the board's tuned numbers.
//! `runtime` owns the terminal and the event loop, `engine_link` keeps the
//! engine on its own thread, `files` reads and writes game files, `config`
//! the settings file, `document` the game tree and the shown move,
//! `movetext` the move list's layout, `autosave` the session kept across
//! restarts (`autosave_lock`: which open board writes it), `kept` the files kept aside
//! (`:kept`), `bench` the frame-time benchmark, `report` the game report run in the background.
//! The teaching views: `teach` (their state, changed by
//! `update::teaching`), `heat` (the board overlay they ask for) and
//! `game_evals` (both evaluations per ply, for the move list).

pub mod action;
pub mod aids;
pub mod app;
pub mod autosave;
pub mod autosave_lock;
pub mod bench;
pub mod book;
pub mod clipboard;
pub mod commands;
pub mod config;
pub mod control;
pub mod document;
pub mod duel;
pub mod editor;
pub mod engine_link;
pub mod files;
pub mod game_evals;
pub mod heat;
pub mod kept;
pub mod keymap;
pub mod layout;
pub mod many_games;
pub mod movetext;
pub mod params;
pub mod report;
pub mod runtime;
pub mod tablebase;
pub mod teach;
pub mod theme;
pub mod ui;
pub mod update;
pub mod widgets;

use std::path::PathBuf;

/// Command-line options of `tapir tui`.
#[derive(Clone, Debug, Default)]
pub struct TuiArgs {
    /// Start from this position.
    pub fen: Option<String>,
    /// Open this PGN file: its only game, or a picker of its games.
    pub pgn: Option<PathBuf>,
    /// Ignore the autosaved game.
    pub new: bool,
    /// A net file for the NNUE views and the engine (default: the built-in net, if any).
    pub net: Option<PathBuf>,
    /// The engine to analyse with: a configured name or a command line.
    pub engine: Option<String>,
}

/// Opens the board on the terminal and runs until the user quits.
pub fn run(args: TuiArgs) -> anyhow::Result<()> {
    runtime::run(args)
}
