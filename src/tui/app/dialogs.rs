//! The dialogs over the board, the status-line prompt and its messages.

use crate::chess::{Color, Move, PieceType, Square};
use crate::engine::{Bound, Score};
use crate::game::{Game, NodeId};
use crate::tui::document::Origin;
pub use crate::tui::many_games::PickerSource;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// A modal box over the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    None,
    Help,
    Promotion {
        from: Square,
        to: Square,
        choice: usize,
    },
    Play(PlayDialog),
    Picker {
        source: Arc<PickerSource>,
        /// The game under the bar (its place in the file).
        selected: usize,
        /// What was typed to narrow the list (players, event, year...).
        filter: String,
        /// The games the filter lets through, in the file's order.
        shown: Vec<usize>,
    },
    Confirm(ConfirmWhat),
    /// `:save FILE` onto a file that exists: overwrite, append or cancel.
    SaveExisting {
        path: PathBuf,
        /// Its games, or why it could not be read (then it is not
        /// written over).
        holds: crate::tui::files::Holding,
    },
    /// The annotation glyphs for the shown move.
    Annotate {
        choice: usize,
    },
    /// `:messages`: the session's messages, `back` rows up from the
    /// newest.
    Messages {
        back: u16,
    },
    /// `:tag` alone: the game's tags, each whole on a row of its own.
    Tags,
    /// `:kept`: the files kept aside, newest first; Enter loads one.
    Kept {
        /// The data folder, for the title.
        dir: std::path::PathBuf,
        files: Vec<crate::tui::kept::KeptFile>,
        choice: usize,
    },
    /// Which engine line to add as a variation: the lines as they were
    /// when the dialog opened (the analysis goes on meanwhile).
    AddLine {
        choice: usize,
        lines: Vec<FrozenLine>,
    },
}

/// An engine line as the add-line dialog shows and adds it.
#[derive(Clone, Debug, PartialEq)]
pub struct FrozenLine {
    pub score: Score,
    /// A line cut off by a fail high or low shows its bound (≥, ≤).
    pub bound: Bound,
    pub pv: String,
    pub moves: Vec<Move>,
}

impl Overlay {
    /// The picker of `source`'s games, unfiltered, at game `selected`.
    pub fn picker(source: Arc<PickerSource>, selected: usize) -> Overlay {
        let shown = (0..source.labels.len()).collect();
        Overlay::Picker {
            source,
            selected,
            filter: String::new(),
            shown,
        }
    }
}

/// What a yes/no dialog is about.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfirmWhat {
    Quit,
    /// Replacing the unsaved game with another (a new one, a FEN, a loaded
    /// or pasted game): held here until the answer.
    Replace(Box<Replacement>),
    /// Deleting `node` and what follows it, or (`after`) only what follows.
    Delete {
        node: NodeId,
        after: bool,
    },
    /// Ending a game against the engine for analysis.
    EndGame,
    /// Ending a game against the engine to move both sides by hand.
    TwoPlayers,
    /// Ending a game against the engine to start another from here (the
    /// other colour, another level or clock).
    NewPlay,
    /// Resigning the game against the engine (with two players on a
    /// clock, the side to move resigns).
    Resign,
    /// Two players on a clock agreeing a draw.
    AgreeDraw,
    /// `r` in `:kept`: putting the file `to` back as its kept `copy` has it
    /// (what `to` holds now is kept as a copy first).
    RestoreCopy {
        copy: std::path::PathBuf,
        to: std::path::PathBuf,
    },
}

/// A game about to take the board's place, and what to say once it has.
#[derive(Clone, Debug)]
pub struct Replacement {
    pub game: Game,
    /// The node to show (`None`: the end of the main line).
    pub cursor: Option<NodeId>,
    /// The file it came from.
    pub origin: Option<Origin>,
    pub message: String,
    /// The dialog's question, such as "The game is not saved. Start a new one?".
    pub question: String,
    /// Whether a game against the engine ends with it: a loaded game or
    /// position opens for analysis, while `n` starts the same kind of game.
    pub leaves_play: bool,
    /// Whether the new game is held by no file (a position set up in the
    /// editor, a pasted game): replacing it then asks first.
    pub made_here: bool,
    /// Comments typed and not written that come with it (a session kept
    /// aside, opened with `:load`): `i` on their moves opens with them.
    pub drafts: Vec<CommentDraft>,
    /// The pasted games it is one of (picked from them).
    pub pasted: Option<crate::tui::document::Pasted>,
    /// The board's own file, just read again (`<`, `>`), no longer holds
    /// the board's game as it was read: a save in place would be refused,
    /// so the question offers none.
    pub own_file_changed: bool,
}

/// Equality by what the dialog shows (for tests).
impl PartialEq for Replacement {
    fn eq(&self, other: &Self) -> bool {
        self.question == other.question && self.message == other.message
    }
}

/// The "play against the engine" dialog's choices, and the two-player
/// dialog's (its clock only).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayDialog {
    /// Two players at one board: the dialog asks only for the clock.
    pub two_players: bool,
    pub human: Color,
    pub level: u8,
    /// Index into `params::CLOCK_PRESETS`; 0 is no clocks.
    pub clock: usize,
}

/// The annotation dialog's glyphs, in order: the move glyphs (keys 1-7),
/// the position glyphs (a-h), and the novelty (n), as a Lichess study
/// offers them.
pub const NAG_CHOICES: [crate::game::Nag; 16] = [
    crate::game::Nag::MOVE[0],
    crate::game::Nag::MOVE[1],
    crate::game::Nag::MOVE[2],
    crate::game::Nag::MOVE[3],
    crate::game::Nag::MOVE[4],
    crate::game::Nag::MOVE[5],
    crate::game::Nag::MOVE[6],
    crate::game::Nag::POSITION[0],
    crate::game::Nag::POSITION[1],
    crate::game::Nag::POSITION[2],
    crate::game::Nag::POSITION[3],
    crate::game::Nag::POSITION[4],
    crate::game::Nag::POSITION[5],
    crate::game::Nag::POSITION[6],
    crate::game::Nag::POSITION[7],
    crate::game::Nag::NOVELTY,
];

/// Promotion picker order.
pub const PROMOTION_CHOICES: [PieceType; 4] = [
    PieceType::Queen,
    PieceType::Rook,
    PieceType::Bishop,
    PieceType::Knight,
];

/// A text prompt in the status line, with a caret to edit anywhere in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub kind: PromptKind,
    pub text: String,
    /// The caret, in characters from the start.
    pub caret: usize,
    /// What the prompt opened with: a comment written meanwhile by
    /// something else (a report, an engine game's result) shows as a
    /// difference from it, and is not written over without asking.
    pub opened_with: String,
}

impl Prompt {
    pub fn new(kind: PromptKind, text: &str) -> Prompt {
        Prompt {
            kind,
            text: text.to_string(),
            caret: text.chars().count(),
            opened_with: text.to_string(),
        }
    }

    /// Whether this is a comment prompt holding typing (its text is not
    /// what it opened with): what a closing board keeps as a draft.
    pub fn holds_typed_comment(&self) -> bool {
        matches!(self.kind, PromptKind::Comment { .. }) && self.text != self.opened_with
    }
}

/// A comment prompt left with Esc: its kind (the move), what was typed,
/// and the comment the prompt opened with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentDraft {
    pub kind: PromptKind,
    pub text: String,
    pub opened_with: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PromptKind {
    Move,
    Command,
    /// The comment after (or, with `before`, before) a node.
    Comment {
        node: NodeId,
        before: bool,
    },
    /// A custom clock ("minutes+seconds") for the game the play dialog
    /// was about to start.
    Clock(PlayDialog),
}

/// A status-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub error: bool,
}

/// The dialogs, the prompt and the status line's message.
#[derive(Clone, Debug)]
pub struct Dialogs {
    pub overlay: Overlay,
    pub prompt: Option<Prompt>,
    pub message: Option<Message>,
    /// Comments typed and left with Esc, one per move: the next comment
    /// prompt on that move opens with it (an accidental Esc costs no
    /// typing). Each keeps the comment its prompt opened with, so one
    /// written meanwhile is still not written over unasked.
    pub comment_drafts: Vec<CommentDraft>,
    /// The open prompt's kind and text as the autosave last held them,
    /// and when: typing reaches the autosave a tick after the first key,
    /// then at most every `TYPING_AUTOSAVE_GAP`.
    pub typing_autosaved: Option<(PromptKind, String, Instant)>,
    /// Every message of the session, oldest first (at most
    /// `MESSAGE_LOG_MAX`), and the details a status line only counts (a
    /// load's problems): `:messages` shows them whole.
    pub log: std::collections::VecDeque<Message>,
    /// Whether the log's last entry was said by the action being handled:
    /// a later message of the same action replaces it (the status line
    /// only ever showed the last).
    pub said_now: bool,
    /// The file of a picker closed with no pick (Esc): until another game
    /// takes the board, `:games` and `:game N` still reach it.
    pub closed_picker_file: Option<PathBuf>,
    /// A tablebase problem found while the action was handled: said
    /// after whatever the action itself says ("position set from FEN"
    /// would otherwise replace it, and it is said only once).
    pub tb_problem: Option<String>,
    /// A question is open over a game whose clocks were running: they wait
    /// (the game is paused) until it is answered, and go on after a no.
    pub question_hold: bool,
    /// What "the game is not saved" asked, answered with `s`: done once
    /// the save is written, dropped (the game stays) when it fails.
    pub after_save: Option<Box<ConfirmWhat>>,
}

impl Default for Dialogs {
    fn default() -> Self {
        Dialogs {
            overlay: Overlay::None,
            prompt: None,
            message: None,
            comment_drafts: Vec::new(),
            typing_autosaved: None,
            log: std::collections::VecDeque::new(),
            said_now: false,
            closed_picker_file: None,
            tb_problem: None,
            question_hold: false,
            after_save: None,
        }
    }
}

impl Dialogs {
    /// Keeps `m` in the log (once, when it repeats the last one):
    /// whether it went in. Past `MESSAGE_LOG_MAX` the oldest news goes
    /// first: the session's first message (what the start restored or
    /// kept aside) and the errors stay while news can go (an engine game
    /// says each move, and would push a warning out within a game).
    pub fn remember(&mut self, m: Message) -> bool {
        if self.log.back() == Some(&m) {
            return false;
        }
        self.log.push_back(m);
        while self.log.len() > crate::tui::params::MESSAGE_LOG_MAX {
            match self.log.iter().skip(1).position(|m| !m.error) {
                Some(i) => self.log.remove(i + 1),
                None => self.log.pop_front(),
            };
        }
        true
    }
}
