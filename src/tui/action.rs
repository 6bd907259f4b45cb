//! What can happen to the board (`Action`, fed to `App::update`) and what
//! the board asks the outside world to do in return (`Effect`, carried out
//! by the runtime). Keeping both as plain data makes the reducer testable
//! without a terminal, an engine or a file system.

use crate::chess::pgn::PgnGame;
use crate::chess::{Color, PieceType, Position};
use crate::engine::{EngineOption, Limits, SearchEvent};
use std::path::PathBuf;
use std::time::Instant;

/// One user intention or outside event.
#[derive(Clone, Debug)]
pub enum Action {
    // Walking the game.
    First,
    Prev,
    Next,
    Last,
    TakeBack,
    // Board and modes.
    Flip,
    ToggleAnalysis,
    NewGame,
    OpenPlayDialog,
    TwoPlayers,
    MultiPvUp,
    MultiPvDown,
    ToggleEvalView,
    ToggleHelp,
    ToggleFrameTimes,
    CopyFen,
    /// `q`: quits, asking first when the game is unsaved.
    Quit,
    /// Ctrl-C, SIGTERM, or "yes" in the quit dialog.
    ForceQuit,
    /// Esc: closes whatever is open, clears the selection.
    Cancel,
    // Board cursor.
    /// Screen directions: +x right, +y up.
    CursorMove(i8, i8),
    /// Enter/Space on the board: pick up a piece or drop it.
    CursorPick,
    // Prompts.
    /// Opens the move prompt, optionally with its first character.
    OpenMovePrompt(Option<char>),
    OpenCommand,
    PromptChar(char),
    PromptBackspace,
    PromptSubmit,
    /// A typed move or command, as if entered in a prompt (tests, paste).
    MoveText(String),
    Command(String),
    Paste(String),
    // Dialogs and pickers.
    /// Moves the highlighted choice (promotion, game picker, play dialog).
    ChoiceMove(i32),
    ChoiceConfirm,
    Promote(PieceType),
    /// Play dialog: which side the human takes.
    PlaySide(Color),
    /// Play dialog: cycle the clock preset.
    PlayClock,
    /// Quit/new-game dialog answers.
    Confirm(bool),
    // Mouse, in terminal cells.
    MouseDown(u16, u16),
    MouseDrag(u16, u16),
    MouseUp(u16, u16),
    // Outside events.
    Resize(u16, u16),
    Tick(Instant),
    Engine {
        token: u64,
        event: SearchEvent,
    },
    EngineError(String),
    FileLoaded {
        path: PathBuf,
        text: String,
    },
    Saved(PathBuf),
    FileError(String),
}

/// Something the runtime must do for the board.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Stop any search, apply `options`, set the position, search; events
    /// come back tagged with `token`.
    Search {
        token: u64,
        position: Box<Position>,
        limits: Limits,
        options: Vec<EngineOption>,
    },
    Stop,
    SetOption(EngineOption),
    /// Clear the engine's hash and history.
    NewGame,
    Load(PathBuf),
    Save {
        path: PathBuf,
        text: String,
    },
    Autosave(String),
    /// Put text on the system clipboard (OSC 52).
    Copy(String),
}

/// A game read from a multi-game PGN, ready for the picker.
#[derive(Clone, Debug)]
pub struct PickerEntry {
    pub label: String,
    pub game: Result<PgnGame, String>,
}
