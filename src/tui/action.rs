//! What can happen to the board (`Action`, fed to `App::update`) and what
//! the board asks the outside world to do in return (`Effect`, carried out
//! by the runtime). Keeping both as plain data makes the reducer testable
//! without a terminal, an engine or a file system.

use crate::chess::pgn::PgnGame;
use crate::chess::{Color, PieceType, Position};
use crate::engine::{EngineOption, Limits, SearchEvent};
use crate::eval::nnue::Network;
use std::path::PathBuf;
use std::sync::Arc;
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
    /// Something for the teaching views (panel views, term, phase, heatmap).
    Teach(TeachAction),
    /// A net for the NNUE views (from `--net`, `:net` or the built-in one);
    /// `None` unloads it.
    SetNetwork(Option<Arc<Network>>),
    /// `:net FILE` read and checked: the engine searches with it, and the
    /// NNUE views show it.
    NetLoaded {
        path: PathBuf,
        net: Arc<Network>,
    },
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

/// What the teaching keys ask for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TeachAction {
    /// `v` / `V`: the next / previous side-panel view.
    View(i32),
    /// Tab / Shift-Tab: the next / previous term (or move, in the deltas view).
    Item(i32),
    /// `b`: the next second term of the packed sum.
    Second,
    /// `g`: opens the phase explorer at the position's phase, or closes it.
    TogglePhase,
    /// `[ ]` and `{ }`: moves the explorer's phase (opening it).
    Phase(i32),
    /// `c`: the next board heatmap.
    Heat,
    /// `o`: the next piece for the piece-square heatmap.
    HeatPiece,
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
    /// Load a net file; the result comes back as `NetLoaded` or `FileError`.
    LoadNet(PathBuf),
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
