//! What can happen to the board (`Action`, fed to `App::update`) and what
//! the board asks the outside world to do in return (`Effect`, carried out
//! by the runtime). Keeping both as plain data makes the reducer testable
//! without a terminal, an engine or a file system.

use crate::chess::{Color, PieceType, Position};
use crate::engine::{EngineOption, Limits, SearchEvent};
use crate::eval::nnue::Network;
use crate::game::pgn::Encoding;
use crate::game::{Nag, NodeId};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// One user intention or outside event.
#[derive(Clone, Debug)]
pub enum Action {
    // Walking the tree.
    First,
    Prev,
    Next,
    Last,
    /// Up/Down: the move played instead of the shown one, before / after it.
    VariationPrev,
    VariationNext,
    /// PageUp/PageDown: ten moves back / on along the line.
    PageBack,
    PageForward,
    /// A click on a move in the move list.
    GoTo(NodeId),
    /// `.` / `,`: the next / previous main-line move marked ?!, ? or ??.
    NextMarked,
    PrevMarked,
    /// `r`, `:report`: start the game report, or cancel the running one.
    Report,
    /// The report thread's news.
    ReportNews(super::report::ReportMsg),
    /// `J`: the shown move's explanation as its two positions side by side
    /// (the Deltas view), or back to the move deltas.
    ReportPair,
    /// `u`: one move back in analysis; against the engine, the game's last
    /// move pair taken back.
    TakeBack,
    // Editing the tree.
    Undo,
    Redo,
    /// Deletes the shown move and what follows (asks first).
    Delete,
    /// Deletes what follows the shown move (asks first).
    DeleteAfter,
    /// The shown line one place up among the alternatives at its branch.
    PromoteLine,
    /// The shown line becomes the main line.
    MakeMain,
    /// Opens the comment prompt for the shown move (the game's comment at
    /// the start position).
    EditComment,
    /// `I`: the comment before the shown move (PGN's `{...} 1... d5`).
    EditCommentBefore,
    /// A character typed in the games picker (narrows its list), or, with
    /// `None`, Backspace.
    PickerFilter(Option<char>),
    /// Opens the annotation glyph dialog.
    OpenAnnotate,
    /// Sets (or clears) a glyph on the shown move.
    ToggleNag(Nag),
    /// Adds an engine line as a variation: `None` asks which when several
    /// are shown.
    AddEngineLine(Option<usize>),
    /// `s`: plays the first engine line's move (a variation when another
    /// move was played here).
    PlayBest,
    /// A click on move `ply` (0-based) of engine line `line` (1-based):
    /// the line up to it goes into the tree, and the board goes there.
    PlayLineTo {
        line: usize,
        ply: usize,
    },
    /// `t`, `:threat [on|off]`: the threat view (`None`: switch).
    Threat(Option<bool>),
    /// `w`, `:arrows [on|off]`: the best-move marks (`None`: switch).
    Arrows(Option<bool>),
    /// `z`, `:panel [on|off]`: the evaluation panel (`None`: switch).
    Panel(Option<bool>),
    // Board and modes.
    Flip,
    /// `T`: the next colour theme.
    NextTheme,
    ToggleAnalysis,
    NewGame,
    OpenPlayDialog,
    TwoPlayers,
    /// `D`: claims a draw when the rules give one, else offers one.
    Draw,
    /// `k`: pause or resume the engine game (`:match`) or the game against
    /// the engine; closes a finished engine game.
    PauseEngineGame,
    MultiPvUp,
    MultiPvDown,
    ToggleEvalView,
    ToggleHelp,
    /// Scrolls the help overlay.
    HelpScroll(i32),
    /// Rows up (+) or down (-) in `:messages`.
    MessagesScroll(i32),
    ToggleFrameTimes,
    CopyFen,
    /// `Y`: the game's PGN, as `:save` writes it, to the clipboard.
    CopyPgn,
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
    /// Ctrl-C, SIGTERM, a terminal that went away: quits without asking.
    ForceQuit,
    /// An autosave was written (`Ok`) or could not be (why).
    AutosaveWritten(Result<(), String>),
    /// Another board took the autosave while this one's lock was gone
    /// (its data folder made anew): this board autosaves here from now on.
    AutosaveMoved(std::path::PathBuf),
    /// Esc: closes whatever is open, clears the selection.
    Cancel,
    // Board cursor.
    /// Screen directions: +x right, +y up.
    CursorMove(i8, i8),
    /// Enter/Space on the board: show the cursor, pick up a piece or drop it.
    CursorPick,
    // Prompts.
    /// Opens the move prompt, optionally with its first character.
    OpenMovePrompt(Option<char>),
    OpenCommand,
    /// A board key pressed in the glyph dialog: it closes the dialog, then
    /// does its job.
    LeaveGlyphs(Box<Action>),
    PromptChar(char),
    PromptBackspace,
    PromptDelete,
    /// Moves the caret by characters (Left/Right).
    PromptCaret(i32),
    PromptHome,
    PromptEnd,
    /// Ctrl-U: clears the text before the caret.
    PromptKillBefore,
    /// Ctrl-W: deletes the word before the caret.
    PromptDeleteWord,
    /// Tab in the command prompt: completes a file name.
    PromptComplete,
    PromptSubmit,
    /// A typed move or command, as if entered in a prompt (tests, paste).
    MoveText(String),
    Command(String),
    Paste(String),
    // Dialogs and pickers.
    /// Moves the highlighted choice (promotion, game picker, play dialog).
    ChoiceMove(i32),
    ChoiceConfirm,
    /// A choice picked by its key (a NAG digit, a line number).
    ChoicePick(usize),
    Promote(PieceType),
    /// Play dialog: which side the human takes.
    PlaySide(Color),
    /// Play dialog: cycle the clock preset.
    PlayClock,
    /// Yes/no dialog answers.
    Confirm(bool),
    /// `s` in "the game is not saved": save it in its file, then go on.
    ConfirmSave,
    /// The answer to "that file exists".
    SaveChoice(SaveChoice),
    // Mouse, in terminal cells.
    MouseDown(u16, u16),
    MouseDrag(u16, u16),
    MouseUp(u16, u16),
    /// The right button pressed: a shape starts there, in the colour the
    /// modifier keys held choose.
    ShapeFrom(u16, u16, crate::game::shapes::ShapeColor),
    /// The right button let go: a circle where it started, else an arrow
    /// to here.
    ShapeTo(u16, u16),
    // Outside events.
    Resize(u16, u16),
    Tick(Instant),
    Engine {
        token: u64,
        event: SearchEvent,
    },
    EngineError(String),
    /// The engine refused `Hash` or `Threads` (see `EngineReport::OptionRefused`).
    EngineOptionRefused {
        refused: EngineOption,
        in_effect: Option<EngineOption>,
        why: String,
    },
    /// An engine switch failed: the engine before it still runs.
    EngineNotStarted(String),
    /// The engine thread now runs this engine (`elo`: the `UCI_Elo`
    /// values it takes, `None` when it has none).
    EngineSwitched {
        name: String,
        tapir: bool,
        elo: Option<(i64, i64)>,
    },
    /// A report of another link than the main one.
    Link(super::engine_link::LinkId, super::engine_link::EngineReport),
    FileLoaded {
        path: PathBuf,
        text: String,
        encoding: Encoding,
    },
    /// `<`, `>`, `:game N`, `:games`: the board's file (`path`) read again
    /// to open one of its games, or its picker (`want`).
    FileReread {
        path: PathBuf,
        text: String,
        encoding: Encoding,
        want: GameWant,
    },
    /// `<`, `>`: the file's previous / next (`true`) game.
    StepGame(bool),
    /// `:save FILE` found FILE already there, holding what `holds` says;
    /// `own`: it is the game's own file under another name (a link), so
    /// the game is saved in place there.
    SaveTargetExists {
        path: PathBuf,
        holds: super::files::Holding,
        own: bool,
    },
    /// A save went through.
    Saved(SavedAs),
    /// The unsaved game was kept as `path` (`:load` brings it back):
    /// `replacement` may now take its place.
    KeptAside {
        path: PathBuf,
        replacement: Box<crate::tui::app::Replacement>,
    },
    /// The unsaved game could not be kept aside (why): it stays.
    KeepAsideFailed(String),
    FileError(String),
    /// `E`: open the board editor on the shown position.
    OpenEditor,
    /// A change in the board editor.
    Edit(crate::tui::editor::EditAction),
    /// A book file was read and checked (or why not).
    BookLoaded {
        path: PathBuf,
        book: Result<Arc<crate::book::Book>, String>,
    },
    /// The system clipboard took a copy of `Clip` through this tool.
    CopiedWith(String, Clip),
    /// `r` in `:kept`: put the file a copy was taken from back as it was.
    KeptRestore,
    /// A file put back from its copy (`kept`: where what it held went).
    CopyRestored {
        to: std::path::PathBuf,
        kept: Option<std::path::PathBuf>,
    },
    /// The files kept aside, for `:kept` (from the runtime).
    KeptListed {
        /// The data folder they were looked for in.
        dir: std::path::PathBuf,
        files: Vec<super::kept::KeptFile>,
    },
    /// Completions for the command prompt's file name (from the runtime).
    Completions(Vec<String>),
}

/// Where a save put the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedAs {
    pub path: PathBuf,
    /// The game's place in the file when it holds several.
    pub index: Option<usize>,
    /// Something worth saying (an append, a file made UTF-8, a new folder).
    pub note: Option<String>,
    /// The game's text as written (`files::fingerprint`).
    pub fingerprint: u64,
}

/// How to treat a file that is already there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SaveChoice {
    Overwrite,
    Append,
    Cancel,
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
    /// Shift-↓ / Shift-↑ (the wheel over the panel): scrolls the Explain
    /// view's contributions by this many rows.
    Scroll(i32),
}

/// What went to the clipboard, for the message that says so.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clip {
    Fen,
    Pgn,
}

/// How a save writes its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveHow {
    /// A file that should not exist yet: if it does, the board asks
    /// (the answer comes back as `SaveTargetExists`).
    New,
    Overwrite,
    /// After the games already in the file.
    Append,
    /// The game's own file: in place of game `index` (0-based; `None`: the
    /// file's only game), the others kept, and only if what is there now
    /// is still what was loaded or saved there (`expect`).
    Replace {
        index: Option<usize>,
        expect: Option<u64>,
    },
}

/// Which of a file's games the board asked for when it read the file again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameWant {
    /// The game after (or before, `forward` false) game `from` (0-based),
    /// the board's game, whose text the file held as fingerprint `was`
    /// (found again by it when other programs moved the file's games),
    /// among `games` games then.
    Step {
        from: usize,
        forward: bool,
        was: Option<u64>,
        games: Option<usize>,
    },
    /// Game `n` (1-based, as `:game N` counts).
    Number(usize),
    /// The picker, with game `at` (0-based) highlighted.
    Picker { at: usize },
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
    /// Analyse with another engine (`None`: tapir's own).
    UseEngine(Option<crate::engine::EngineSpec>),
    /// An engine effect for another link than the main one (the second
    /// analysing engine, an engine game's players); started on first use.
    Link(super::engine_link::LinkId, Box<Effect>),
    /// End a link and its engine.
    CloseLink(super::engine_link::LinkId),
    Load(PathBuf),
    /// Read the board's file again for `want`; the text comes back as
    /// `FileReread` (or `FileError`).
    Reread {
        path: PathBuf,
        want: GameWant,
    },
    /// Load a net file; the result comes back as `NetLoaded` or `FileError`.
    LoadNet(PathBuf),
    /// Read a Polyglot book; the result comes back as `BookLoaded`.
    LoadBook(PathBuf),
    Save {
        path: PathBuf,
        text: String,
        how: SaveHow,
    },
    Autosave(String),
    /// Write `text` (the session, with the unsaved game the user chose to
    /// replace) as the autosave and move that aside to
    /// `autosave.previous.pgn`; only then, with the name it got, does
    /// `KeptAside` bring the replacement in (`KeepAsideFailed` keeps the
    /// game on the board).
    KeepAutosaveAside {
        text: String,
        replacement: Box<crate::tui::app::Replacement>,
    },
    /// Put text on the system clipboard (OSC 52, and a clipboard tool
    /// where one is at hand).
    Copy(Clip, String),
    /// List the files kept aside in the data folder (`KeptListed`).
    ListKept,
    /// Write `copy`'s bytes over `to`, keeping what `to` holds first
    /// (`CopyRestored`, or `FileError`).
    RestoreCopy {
        copy: PathBuf,
        to: PathBuf,
    },
    /// List the file names that complete `prefix` (a path as typed).
    Complete(String),
    /// Run a game report in the background (news come back as `ReportNews`).
    StartReport(super::report::ReportJob),
}
