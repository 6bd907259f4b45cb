//! `App`: everything the board knows, as owned parts with one job each:
//! the game and where the board is in it (`doc`), the engine's search and
//! lines (`engine`), who plays and the clocks (`play`), how things are
//! shown (`ui`: orientation, selection, teaching views, the move list's
//! layout), the dialogs and the status line (`dialogs`), and the facts
//! derived from the shown position (`view`). The reducer (`update/`) is
//! the only code that changes it; each widget reads the parts it draws.
//!
//! Values derived from the shown position (legal moves, status, eval
//! trace, the squares behind each term, piece values, the network's view,
//! the last move's deltas, FEN) are computed once per change in
//! `refresh`, so a frame only formats.

use super::action::Effect;
use super::config::Config;
use super::document::{Document, Origin};
use super::game_evals::GameEvals;
use super::heat::{Heat, HeatKey};
use super::movetext::MoveText;
use super::teach::Teach;
use crate::chess::{legal_moves, Board, Color, GameStatus, Move, PieceType, Square};
use crate::engine::{Bound, EvalKind, Score};
use crate::eval::hce::attribution::{attribute, Contribution};
use crate::eval::nnue::{explain, Network, NnueExplain};
use crate::eval::teach::{hce_piece_values, MoveDelta};
use crate::eval::{trace, Trace};
use crate::game::{Game, NodeId};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Who moves the pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Free moves for both sides, the engine analysing the shown position.
    Analysis,
    /// The human plays `human`; the engine answers at `level` 1..=10.
    Play { human: Color, level: u8 },
    /// Two people at one keyboard; no engine unless `a` turns analysis on.
    TwoPlayers,
}

/// The game mode and its clocks.
#[derive(Clone, Debug)]
pub struct PlayState {
    pub mode: Mode,
    /// Whether the engine analyses the shown position (outside games
    /// against it).
    pub analysis: bool,
    pub clocks: Option<Clocks>,
    /// In a game against the engine, its last move so far: the engine
    /// answers after it and the human's moves go after it.
    pub game_end: NodeId,
    /// A game against the engine restored from the autosave waits for `p`
    /// before its clocks and the engine run again.
    pub paused: bool,
    /// The moves the current game added to the tree (a take-back deletes
    /// those, and keeps the moves that were there before the game).
    pub created: Vec<NodeId>,
    /// The engine's evaluation after its last move of the game, White's
    /// view: what it judges a draw offer by.
    pub engine_score: Option<Score>,
    /// The seed of the game's book moves, drawn and not yet in its
    /// `BookSeed` tag: the tag goes in with the engine's move, in the
    /// same undo step, so that undoing the move takes it out again.
    pub unrecorded_book_seed: Option<u64>,
    /// The engine's move that brought the `BookSeed` tag in: a take-back
    /// of it takes the tag out too (the game has not used the seed).
    pub book_seed_move: Option<NodeId>,
    /// The external engine the game against the engine is played with
    /// (`None`: tapir's own): a game restored paused goes on only with it,
    /// or once `:engine` names another in the game's tags.
    pub engine: Option<String>,
    /// The engine has played a move of this game (a book move counts; a
    /// game restored from the autosave is taken to have one): an engine
    /// that takes over after it is named beside it ("A, then B"), one
    /// that takes over before it in its place.
    pub engine_moved: bool,
}

impl PlayState {
    /// A game in `mode` from `start` on `clocks`, with nothing of an
    /// earlier game's (its moves, engine score, book seed) carried over.
    pub fn begin(mode: Mode, start: NodeId, clocks: Option<Clocks>) -> PlayState {
        PlayState {
            mode,
            analysis: false,
            clocks,
            game_end: start,
            ..PlayState::default()
        }
    }
}

impl Default for PlayState {
    fn default() -> Self {
        PlayState {
            mode: Mode::Analysis,
            analysis: true,
            clocks: None,
            game_end: NodeId::ROOT,
            paused: false,
            created: Vec::new(),
            engine_score: None,
            unrecorded_book_seed: None,
            book_seed_move: None,
            engine: None,
            engine_moved: false,
        }
    }
}

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    Analysis,
    EngineMove,
    /// The threat view's null-move search: the shown position with the
    /// move passed to the other side, at a small fixed budget.
    Threat,
}

/// Identifies what a search is about; a different key means restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchKey {
    pub hash: u64,
    /// The node searched (its history is part of what is searched).
    pub node: NodeId,
    pub purpose: Purpose,
    pub multipv: usize,
    pub eval: EvalKind,
    pub level: u8,
}

/// The search the board is waiting on.
#[derive(Clone, Debug)]
pub struct ActiveSearch {
    pub token: u64,
    pub key: SearchKey,
    pub root: Board,
    pub started: Instant,
    /// When, with a move time, it is overdue and is sent `stop`
    /// (`OVERDUE_GRACE` after the time; `None` once stop was sent).
    pub overdue_at: Option<Instant>,
    /// Its `BestMove` arrived.
    pub finished: bool,
}

/// The engine as the board sees it: the running search and its lines.
#[derive(Clone, Debug)]
pub struct EngineSession {
    pub search: Option<ActiveSearch>,
    pub lines: Vec<LineView>,
    /// Each line's last report of a finished depth (an exact score, not a
    /// bound met part way): what an analysis keeps when it is stopped.
    pub settled: Vec<LineView>,
    pub next_token: u64,
    /// The external engine's name; `None` while tapir's own analyses.
    pub external: Option<String>,
    /// The threat view (`t`): on or off, and the threat found.
    pub threat: super::aids::ThreatView,
    /// Engine switches sent and answered so far: the engine thread
    /// answers each, in order, with the engine it runs or why it could not.
    pub switches_sent: u64,
    pub switches_answered: u64,
    /// Engines `:engine add` keeps in the settings once they have started
    /// (one that cannot start is not kept), each with the number of the
    /// switch that starts it.
    pub adding: Vec<(u64, super::config::EngineConfig)>,
    /// The engine `:engine NAME` (or `tapir`: empty) chose, with the
    /// number of the switch that starts it: the settings'
    /// `analysis_engine` once it has started.
    pub choosing: Option<(u64, String)>,
    /// The number of the switch that starts the board's own engine when it
    /// opens (the settings' or `--engine`'s): that engine takes over no
    /// game restored against another, which waits for `:engine`.
    pub opening_switch: Option<u64>,
    /// The lines of the last analysis stopped with lines of a finished
    /// depth (analysis switched off): while no analysis runs and the board
    /// shows their position, they stay in the pane, and `s`, `l` and a
    /// click use them, as on Lichess.
    pub kept: Option<KeptLines>,
    /// How the external engine's process ended by itself, once it has: it
    /// is asked nothing more until an engine is started (`:engine`).
    pub exited: Option<String>,
}

/// A stopped analysis's lines and the position they are about.
#[derive(Clone, Debug)]
pub struct KeptLines {
    pub root: Board,
    pub lines: Vec<LineView>,
}

impl Default for EngineSession {
    fn default() -> Self {
        EngineSession {
            search: None,
            lines: Vec::new(),
            settled: Vec::new(),
            next_token: 1,
            external: None,
            threat: Default::default(),
            switches_sent: 0,
            switches_answered: 0,
            adding: Vec::new(),
            choosing: None,
            opening_switch: None,
            kept: None,
            exited: None,
        }
    }
}

impl EngineSession {
    /// Whether the engine is searching right now.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.finished)
    }

    /// Forgets the search and every line: the engine changed, or was told
    /// something that makes what it said stale; a late report of the old
    /// search carries a stale token and is dropped.
    pub fn forget(&mut self) {
        self.search = None;
        self.lines.clear();
        self.settled.clear();
        self.kept = None;
    }

    /// The lines when they analyse `board` (a running analysis's, or a
    /// stopped one's), else none.
    pub fn lines_for(&self, board: &Board) -> &[LineView] {
        if let Some(k) = self.kept_for(board) {
            return &k.lines;
        }
        match &self.search {
            Some(s) if s.key.purpose == Purpose::Analysis && s.root == *board => &self.lines,
            _ => &[],
        }
    }

    /// The lines a pane shows while the board shows `board`: a stopped
    /// analysis's of `board`, else the running (or last finished) search's.
    pub fn shown_lines(&self, board: &Board) -> &[LineView] {
        match (self.kept_for(board), &self.search) {
            (Some(k), _) => &k.lines,
            (None, Some(_)) => &self.lines,
            (None, None) => &[],
        }
    }

    /// The stopped analysis's lines, when they are about `board` and no
    /// other analysis or engine move is being searched (the threat view's
    /// short search leaves them).
    pub fn kept_for(&self, board: &Board) -> Option<&KeptLines> {
        let idle = self
            .search
            .as_ref()
            .is_none_or(|s| s.key.purpose == Purpose::Threat);
        self.kept
            .as_ref()
            .filter(|k| idle && k.root == *board && !k.lines.is_empty())
    }
}

/// One engine line ready to draw: score from White's view, PV in SAN.
#[derive(Clone, Debug, PartialEq)]
pub struct LineView {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time: Duration,
    pub pv: String,
    /// The PV's moves that are legal from the root, in order.
    pub moves: Vec<Move>,
    /// The PV's first move, when it is legal in the root.
    pub first: Option<Move>,
    /// What that move changes (filled in by the reducer, reused while the
    /// line's first move stays the same).
    pub delta: Option<MoveDelta>,
}

/// How the board is shown: orientation, selection, the teaching views and
/// what they derived, the move list's layout.
#[derive(Clone, Debug)]
pub struct UiState {
    pub flipped: bool,
    /// The board was turned by a game the human played as Black, not by
    /// `f`: the next game opened in analysis is shown from White's side.
    pub flipped_for_game: bool,
    /// The keyboard cursor on the board, when shown.
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    /// Where a mouse drag started and where it is now.
    pub drag: Option<(Square, Option<Square>)>,
    pub eval_view: EvalKind,
    pub teach: Teach,
    /// The board overlay the teaching views ask for, and what it was made from.
    pub heat: Option<Heat>,
    pub heat_key: Option<HeatKey>,
    /// Both evaluations of every position, for the move list's markers.
    pub game_evals: GameEvals,
    /// The move list laid out for its width, and its scroll.
    pub moves: MoveText,
    pub show_frame_times: bool,
    /// How far the help overlay is scrolled.
    pub help_scroll: u16,
    /// The colours the terminal announced at start (`config.colors` may
    /// ask for others).
    pub color_env: super::theme::ColorDepth,
    /// Whether the terminal draws chess glyphs (`pieces = "auto"`).
    pub glyphs_env: bool,
}

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
        holds: super::files::Holding,
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

/// A many-game file's games for the picker: the text is kept, a game is
/// read in full when it is picked.
#[derive(Clone, Debug)]
pub struct PickerSource {
    /// What messages call it (the file name, or "the pasted text").
    pub name: String,
    pub path: Option<PathBuf>,
    pub text: String,
    /// Where each game's text is.
    pub spans: Vec<Range<usize>>,
    pub labels: Vec<String>,
}

impl PickerSource {
    /// The games whose label holds every word of `filter`, ignoring case
    /// (all of them for an empty filter).
    pub fn matching(&self, filter: &str) -> Vec<usize> {
        let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
        (0..self.labels.len())
            .filter(|&i| {
                let label = self.labels[i].to_lowercase();
                words.iter().all(|w| label.contains(w.as_str()))
            })
            .collect()
    }
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

/// Equal when they list the same games (for tests).
impl PartialEq for PickerSource {
    fn eq(&self, other: &Self) -> bool {
        self.labels == other.labels
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

/// The annotation dialog's glyphs, in order: the move glyphs (keys 1-6),
/// then the position glyphs.
pub const NAG_CHOICES: [crate::game::Nag; 14] = [
    crate::game::Nag::MOVE[0],
    crate::game::Nag::MOVE[1],
    crate::game::Nag::MOVE[2],
    crate::game::Nag::MOVE[3],
    crate::game::Nag::MOVE[4],
    crate::game::Nag::MOVE[5],
    crate::game::Nag::POSITION[0],
    crate::game::Nag::POSITION[1],
    crate::game::Nag::POSITION[2],
    crate::game::Nag::POSITION[3],
    crate::game::Nag::POSITION[4],
    crate::game::Nag::POSITION[5],
    crate::game::Nag::POSITION[6],
    crate::game::Nag::POSITION[7],
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
        while self.log.len() > super::params::MESSAGE_LOG_MAX {
            match self.log.iter().skip(1).position(|m| !m.error) {
                Some(i) => self.log.remove(i + 1),
                None => self.log.pop_front(),
            };
        }
        true
    }
}

/// Chess clocks for a game against the engine, or between engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Time left at the start of the running side's turn, by colour index.
    pub left: [Duration; 2],
    /// Each side's time at the start, for the next game at the same control.
    pub base: Duration,
    pub increment: Duration,
    pub running: Color,
    pub since: Instant,
    pub flagged: Option<Color>,
    /// The game ended on the board (mate or a draw), or it is paused:
    /// neither clock runs.
    pub stopped: bool,
    /// By colour index: the side's first move is still to come and is
    /// not timed. A game against the engine starts so, as on Lichess, where
    /// each clock starts after its side's first move (no time is lost
    /// to reading the board, no increment is earned by it).
    pub untimed: [bool; 2],
}

impl Clocks {
    /// Whether the running side's clock is counting down.
    pub fn ticking(&self) -> bool {
        self.flagged.is_none() && !self.stopped
    }

    /// Time left for `c` as of `now`.
    pub fn remaining(&self, c: Color, now: Instant) -> Duration {
        if c == self.running && self.ticking() && !self.untimed[c.index()] {
            self.left[c.index()].saturating_sub(now.saturating_duration_since(self.since))
        } else {
            self.left[c.index()]
        }
    }

    /// The `[%clk]` comment of a move `mover` makes at `now`: the time its
    /// clock shows after the move, increment included, as Lichess writes
    /// it into its games ("" while no clock runs).
    pub fn clock_comment(&self, mover: Color, now: Instant) -> String {
        if !self.ticking() || mover != self.running {
            return String::new();
        }
        let increment = if self.untimed[mover.index()] {
            Duration::ZERO
        } else {
            self.increment
        };
        crate::game::annotations::clock_command(self.remaining(mover, now) + increment)
    }

    /// The clocks with each side's first move untimed.
    pub fn untimed_first_moves(mut self) -> Self {
        self.untimed = [true, true];
        self
    }

    /// Stops both clocks at `now`: the running side is charged the time
    /// it has used (when its clock was counting down).
    pub fn stop(&mut self, now: Instant) {
        let running = self.running;
        self.left[running.index()] = self.remaining(running, now);
        self.since = now;
        self.stopped = true;
    }
}

/// Facts about the shown position, computed once per change.
#[derive(Clone, Debug)]
pub struct View {
    pub board: Board,
    pub legal: Vec<Move>,
    pub status: GameStatus,
    pub trace: Trace,
    /// Every term's contributions with the squares they come from.
    pub attribution: Vec<Contribution>,
    /// Each piece's hand-crafted worth (eval minus eval without it), White's view.
    pub hce_pieces: [Option<i32>; 64],
    /// The pieces without which the side not to move would be in check:
    /// their values are of a position no game reaches (said beside them).
    pub exposing: crate::chess::Bitboard,
    /// The network's evaluation opened up, when a net is loaded.
    pub nnue: Option<NnueExplain>,
    pub fen: String,
    /// The move that led here, for highlighting (none after a null move).
    pub last_move: Option<Move>,
    /// The position before it.
    pub before: Option<Board>,
    /// What that move changed, term by term (mover's view).
    pub last_delta: Option<MoveDelta>,
    /// The opening's name: the last named position on the way here
    /// (filled by `refresh`).
    pub opening: Option<crate::game::Opening>,
    /// The document revision and node `opening` was found for.
    pub opening_of: Option<(u64, NodeId)>,
    /// The book's moves here, heaviest first (filled by `refresh`).
    pub book: Vec<crate::book::BookMove>,
    /// Why the book could not say (a file that is not a book).
    pub book_error: Option<String>,
}

impl View {
    /// `played`: the position is a game being played, where threefold
    /// repetition and the fifty-move rule wait for a claim
    /// (`Position::played_status`).
    pub fn compute(game: &Game, at: NodeId, net: Option<&Network>, played: bool) -> View {
        let tree = game.tree();
        let position = game.position_at(at);
        let status = if played {
            position.played_status()
        } else {
            position.status()
        };
        let board = *tree.board(at);
        let node = tree.node(at);
        let before = node.parent().map(|p| *tree.board(p));
        let last_move = before.filter(|_| !node.is_null()).map(|_| node.mv());
        View {
            legal: legal_moves(&board).as_slice().to_vec(),
            status,
            trace: trace(&board),
            attribution: attribute(&board),
            hce_pieces: hce_piece_values(&board),
            exposing: crate::eval::teach::exposing_pieces(&board),
            nnue: net.map(|n| explain(n, &board)),
            fen: board.to_fen(),
            last_delta: match (before, last_move) {
                (Some(b), Some(m)) => Some(MoveDelta::of_move(&b, m, net)),
                _ => None,
            },
            opening: None,
            opening_of: None,
            book: Vec::new(),
            book_error: None,
            before,
            last_move,
            board,
        }
    }
}

/// How the shown position ended the game, so the headline and the eval
/// bar can show the result instead of an evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side is checkmated.
    Mated(Color),
    /// This side ran out of time.
    Flagged(Color),
    Draw,
}

/// The whole state of the board.
pub struct App {
    pub doc: Document,
    pub engine: EngineSession,
    /// A second engine analysing beside the first (`:engine second`); its
    /// `external` is its name, tapir's included.
    pub second: Option<EngineSession>,
    /// The second engine's session while `:engine second` starts another
    /// in its place: the old engine keeps running if the new one cannot
    /// start, and its session comes back.
    pub second_switching: Option<EngineSession>,
    /// The settings' name (`tapir` or an `[[engine]]`'s) of the second
    /// engine `:engine second NAME` is starting: written to
    /// `second_engine` once it runs (a command line is not a name).
    pub second_choosing: Option<String>,
    /// Two engines playing each other (`:match`).
    pub duel: Option<super::duel::Duel>,
    pub play: PlayState,
    pub ui: UiState,
    pub dialogs: Dialogs,
    /// Derived from the shown position.
    pub view: View,
    pub config: Config,
    /// The Syzygy tables and the shown position's entry in them.
    pub tb: super::tablebase::TbState,
    /// Settings changed and not yet written back (the runtime writes them
    /// to config.toml as soon as it can, and clears this).
    pub config_changed: bool,
    /// Why settings changed here cannot be written back at exit (the
    /// settings file did not read at start); said when the first changes.
    pub settings_not_saved: Option<String>,
    /// The folder where tapir keeps sessions aside (its data folder, made
    /// canonical at start): only a game loaded from there may name the
    /// file `:save` puts it back in (`TapirFile`); any other file's such
    /// tags are left out, so no file a user opens can steer a save onto
    /// another.
    pub sessions_dir: Option<std::path::PathBuf>,
    /// The net the board shows (and the engine uses for NNUE), if any.
    pub net: Option<Arc<Network>>,
    /// The opening book shown and played from.
    pub book: super::book::BookState,
    /// The board editor, while a position is being set up.
    pub editor: Option<super::editor::Editor>,
    /// The set-ups Esc left editors with (FEN-like), oldest first, at most
    /// `LEFT_SETUPS_KEPT`: the next editor's Ctrl-Z brings them back, the
    /// last first.
    pub left_setup: Vec<String>,
    pub screen: (u16, u16),
    pub now: Instant,
    pub quit: bool,
    /// The quit goes ahead even when the last autosave failed: a signal or
    /// Ctrl-C asked for it, or the user answered a dialog that said so.
    pub quit_anyway: bool,
    /// Why the last autosave could not be written (`None` once one is).
    /// A quit then asks again, and the exit keeps the game elsewhere.
    pub autosave_failed: Option<String>,
    pub effects: Vec<Effect>,
    /// The game report (`r`), running or finished.
    pub report: super::report::ReportState,
}

impl App {
    /// The engine's name in a game against it at `level`: the external
    /// engine's own, or tapir's with its level. The clocks panel and the
    /// game's White/Black tags say the same.
    pub fn opponent_name(&self, level: u8) -> String {
        App::player_name_of(self.engine.external.as_deref(), level)
    }

    /// The name a game records for an engine: an external one's own, or
    /// tapir's with its level.
    pub fn player_name_of(external: Option<&str>, level: u8) -> String {
        match external {
            Some(engine) => engine.to_string(),
            None => format!("tapir level {level}"),
        }
    }

    /// A board without a net: the hand-crafted view, NNUE views empty.
    pub fn new(config: Config, game: Game) -> App {
        App::with_net(config, game, None)
    }

    /// A board with `net` for the NNUE views. It opens on the evaluator the
    /// engine searches with: the net's, when the build makes NNUE the
    /// default and there is a net to show.
    pub fn with_net(config: Config, game: Game, net: Option<Arc<Network>>) -> App {
        let doc = Document::new(game);
        let view = View::compute(&doc.game, doc.cursor, net.as_deref(), false);
        let eval_view = match net {
            Some(_) => EvalKind::default_for_build(),
            None => EvalKind::Hce,
        };
        let analysis = config.autostart_analysis;
        let (tb, tb_report) =
            super::tablebase::TbState::open(&super::files::expand_folders(&config.syzygy_path));
        // The settings' tables, missing or broken, are said at the start
        // (`:messages` keeps it), as `:syzygy` says them.
        let tb_problem = tb_report
            .filter(|r| r.files == 0 || !r.problems.is_empty())
            .map(|r| {
                let each: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
                let summary = format!("syzygy_path {}: {}", config.syzygy_path, r.summary());
                (summary, each)
            });
        let mut app = App {
            doc,
            engine: EngineSession::default(),
            second: None,
            second_switching: None,
            second_choosing: None,
            duel: None,
            play: PlayState {
                analysis,
                ..PlayState::default()
            },
            ui: UiState {
                flipped: false,
                flipped_for_game: false,
                cursor: None,
                selected: None,
                drag: None,
                eval_view,
                teach: Teach::default(),
                heat: None,
                heat_key: None,
                game_evals: GameEvals::default(),
                moves: MoveText::default(),
                show_frame_times: false,
                help_scroll: 0,
                color_env: super::theme::ColorDepth::TrueColor,
                glyphs_env: true,
            },
            dialogs: Dialogs::default(),
            view,
            config,
            tb,
            config_changed: false,
            settings_not_saved: None,
            sessions_dir: None,
            net,
            book: super::book::BookState::default(),
            editor: None,
            left_setup: Vec::new(),
            screen: (120, 40),
            now: Instant::now(),
            quit: false,
            quit_anyway: false,
            autosave_failed: None,
            effects: Vec::new(),
            report: Default::default(),
        };
        app.refresh();
        app.reconcile_engine();
        if let Some((summary, each)) = tb_problem {
            app.error(summary);
            app.note_problems("syzygy_path", &each);
        }
        app.said_tb_problem();
        app
    }

    /// The effects queued by updates since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The colours to draw with: the theme at the depth the settings and
    /// the terminal allow.
    pub fn theme(&self) -> super::theme::Theme {
        let depth = super::theme::ColorDepth::from_setting(self.config.colors, self.ui.color_env);
        super::theme::Theme::get(self.config.theme, depth)
    }

    /// How pieces are drawn: the setting, `auto` decided by the terminal.
    pub fn pieces(&self) -> super::config::PieceStyle {
        self.config.pieces.resolve(self.ui.glyphs_env)
    }

    pub fn board(&self) -> &Board {
        &self.view.board
    }

    pub fn tree(&self) -> &crate::game::GameTree {
        self.doc.game.tree()
    }

    /// Legal targets of the selected piece.
    pub fn targets(&self) -> impl Iterator<Item = &Move> {
        let sel = self.ui.selected;
        self.view
            .legal
            .iter()
            .filter(move |m| Some(m.from()) == sel)
    }

    /// Whether the engine is searching right now.
    pub fn searching(&self) -> bool {
        self.engine.searching()
    }

    /// Whether something on screen changes with time alone.
    pub fn is_live(&self) -> bool {
        self.searching()
            || self.play.clocks.as_ref().is_some_and(Clocks::ticking)
            || self.duel.as_ref().is_some_and(|d| d.clocks.ticking())
    }

    /// The result ("0-1") a game against the engine started at the shown
    /// move would clear: the main line's end of a game that has one (what
    /// `Game::clear_result` takes there).
    pub fn result_play_clears(&self) -> Option<String> {
        let result = self.doc.game.tags.get("Result")?.trim();
        (result != "*" && self.tree().is_main_line_end(self.doc.cursor)).then(|| result.to_string())
    }

    /// Whether a game is being played, against the engine or two players
    /// on a clock: not over on the board or by a flag fall (a paused game
    /// counts).
    pub fn any_game_running(&self) -> bool {
        self.tracks_game_end()
            && self
                .play
                .clocks
                .as_ref()
                .is_none_or(|c| c.flagged.is_none())
            && !self.status_at(self.play.game_end).is_over()
    }

    /// Whether an engine game (`:match`) is on: started, not over, paused
    /// or not. The engine's links are its own while it lasts.
    pub fn engine_game_on(&self) -> bool {
        self.duel.as_ref().is_some_and(|d| d.result.is_none())
    }

    /// Whether the game report is searching (not yet done or cancelled).
    pub fn report_running(&self) -> bool {
        self.report.run.as_ref().is_some_and(|r| r.running)
    }

    /// Whether a game against the engine is being played.
    pub fn game_running(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. }) && self.any_game_running()
    }

    /// Whether two players play on a clock: the game has an end of its
    /// own (`PlayState::game_end`), where every move goes, as in a game
    /// against the engine.
    pub fn two_players_timed(&self) -> bool {
        self.play.mode == Mode::TwoPlayers && self.play.clocks.is_some()
    }

    /// Whether the moves of a game go at its own end (`game_end`) rather
    /// than at the shown position: against the engine, or two players on
    /// a clock.
    pub fn tracks_game_end(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. }) || self.two_players_timed()
    }

    /// Whether a two-player game on a clock is being played.
    pub fn two_players_running(&self) -> bool {
        self.play.mode == Mode::TwoPlayers && self.any_game_running()
    }

    /// Whether the evaluation is hidden: during a game against the engine,
    /// unless the settings show it (`show_eval_in_games`, `:showeval`).
    /// Where each widget goes on this board's screen (the evaluation
    /// panel shown or not), for drawing and for the mouse alike.
    pub fn areas(&self) -> super::layout::Areas {
        super::layout::for_screen(self.screen.0, self.screen.1, self.config.panel)
    }

    pub fn eval_hidden(&self) -> bool {
        !self.config.show_eval_in_games && self.game_running()
    }

    /// The rules' verdict at `node`: in a game against the engine, as
    /// FIDE's rules give it to a game being played (threefold and fifty
    /// moves wait for a claim), else as an analysis board judges it.
    pub fn status_at(&self, node: NodeId) -> GameStatus {
        let position = self.doc.game.position_at(node);
        if self.plays_by_claims() {
            position.played_status()
        } else {
            position.status()
        }
    }

    /// Whether draws by threefold repetition and the fifty-move rule are
    /// claimed rather than automatic: in a game against the engine.
    pub fn plays_by_claims(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. })
    }

    /// Whether the board shows the last position of the game against the
    /// engine (or, in other modes, the end of its line).
    pub fn at_game_end(&self) -> bool {
        if self.tracks_game_end() {
            self.doc.cursor == self.play.game_end
        } else {
            self.doc.at_line_end()
        }
    }

    /// The score to show in the eval bar, White's view: the first engine
    /// line of an analysis of the shown position, else the static eval.
    pub fn display_score(&self) -> Score {
        match self.lines_here().first() {
            Some(l) => l.score,
            None => Score::Cp(self.static_eval()),
        }
    }

    /// The engine lines when they analyse the shown position, else none.
    pub fn lines_here(&self) -> &[LineView] {
        self.engine.lines_for(&self.view.board)
    }

    /// The static evaluation being viewed (`e` switches), White's view, in
    /// centipawns: the network's when the NNUE view is on and a net is
    /// loaded (the panel says when none is), the hand-crafted one otherwise.
    pub fn static_eval(&self) -> i32 {
        match (self.ui.eval_view, &self.view.nnue) {
            (EvalKind::Nnue, Some(e)) => e.final_white(),
            _ => self.view.trace.tapered,
        }
    }

    /// Whether running out of time loses for `side` in the game against
    /// the engine: not when the other side has only its king, which could
    /// never mate (FIDE 6.9), and the flag draws.
    pub fn flag_loses(&self, side: Color) -> bool {
        flag_loses_on(self.doc.game.board(self.play.game_end), side)
    }

    /// The result, when the shown position ends the game.
    pub fn outcome(&self) -> Option<Outcome> {
        let flagged = self.play.clocks.as_ref().and_then(|c| c.flagged);
        if let Some(loser) = flagged.filter(|_| self.at_game_end()) {
            return Some(if self.flag_loses(loser) {
                Outcome::Flagged(loser)
            } else {
                Outcome::Draw
            });
        }
        match self.view.status {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate => Some(Outcome::Mated(self.view.board.side_to_move())),
            _ => Some(Outcome::Draw),
        }
    }

    /// The number beside the board's title: the result once the game is
    /// over ("1-0", "0-1", "½-½"), else the score of `display_score`, said
    /// to be the search's ("d18 +0.35") or the static evaluation's
    /// ("static +0.21").
    pub fn headline(&self) -> String {
        self.headline_with(TbWords::Whole)
    }

    /// The headline, with the tablebase verdict after the score whole, or
    /// short in the score's place ("TB 1-0").
    pub fn headline_with(&self, tb_words: TbWords) -> String {
        match self.outcome() {
            Some(Outcome::Mated(Color::White) | Outcome::Flagged(Color::White)) => {
                "0-1".to_string()
            }
            Some(Outcome::Mated(Color::Black) | Outcome::Flagged(Color::Black)) => {
                "1-0".to_string()
            }
            Some(Outcome::Draw) => "½-½".to_string(),
            None if self.eval_hidden() => "eval hidden".to_string(),
            None => {
                let score = crate::tui::widgets::score_text(self.display_score());
                let mut head = match self.lines_here().first() {
                    Some(l) => format!("d{} {score}", l.depth),
                    None => format!("static {score}"),
                };
                // The second engine's score beside tapir's.
                if let Some((name, s, _)) = self.second_score() {
                    let word = name.split_whitespace().next().unwrap_or("");
                    let name: String = word.chars().take(10).collect();
                    head = format!("{head} · {name} {}", crate::tui::widgets::score_text(s));
                }
                match tb_words {
                    TbWords::Whole => match self.tb.verdict() {
                        Some(v) => format!("{head} · {v}"),
                        None => head,
                    },
                    // Short: the tables' word in the score's place (they
                    // know better than any evaluation).
                    TbWords::Short => self.tb.short_verdict().unwrap_or(head),
                }
            }
        }
    }

    /// A human-readable verdict when the shown position ends the game.
    pub fn result_text(&self) -> Option<String> {
        self.verdict().map(|v| v.to_string())
    }

    /// Why the shown position ends the game, and its score, apart: the
    /// board's title says the words beside a score it shows itself.
    pub fn verdict(&self) -> Option<Verdict> {
        if let Some(c) = &self.play.clocks {
            if let Some(loser) = c.flagged {
                if self.at_game_end() {
                    return Some(flag_verdict(loser, self.flag_loses(loser)));
                }
            }
        }
        const DRAW: &str = "½-½";
        let stm = self.view.board.side_to_move();
        let (words, score) = match self.view.status {
            GameStatus::Ongoing => return None,
            GameStatus::Checkmate => match stm {
                Color::White => ("Checkmate · Black wins", "0-1"),
                Color::Black => ("Checkmate · White wins", "1-0"),
            },
            GameStatus::Stalemate => ("Stalemate · draw", DRAW),
            GameStatus::Repetition if self.plays_by_claims() => {
                ("Fivefold repetition · draw", DRAW)
            }
            // 75 moves end a game by themselves, also on the analysis board.
            GameStatus::FiftyMoves
                if self.plays_by_claims()
                    || u32::from(self.view.board.halfmove_clock())
                        >= crate::chess::SEVENTY_FIVE_MOVES =>
            {
                ("75-move rule · draw", DRAW)
            }
            GameStatus::Repetition => ("Threefold repetition · draw", DRAW),
            GameStatus::FiftyMoves => ("Fifty-move rule · draw", DRAW),
            GameStatus::InsufficientMaterial => ("Insufficient material · draw", DRAW),
        };
        Some(Verdict { words, score })
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.say(text.into(), false);
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.say(text.into(), true);
    }

    fn say(&mut self, text: String, error: bool) {
        let m = Message { text, error };
        if self.dialogs.said_now {
            self.dialogs.log.pop_back();
        }
        self.dialogs.said_now = self.dialogs.remember(m.clone());
        self.dialogs.message = Some(m);
    }

    /// A detail for `:messages` only: the status line keeps what it says.
    pub fn note(&mut self, text: impl Into<String>) {
        self.dialogs.remember(Message {
            text: text.into(),
            error: false,
        });
        self.dialogs.said_now = false;
    }

    /// A read's problems, each in full for `:messages`, when there are
    /// more than the one the status line names.
    pub fn note_problems(&mut self, source: &str, problems: &[String]) {
        if problems.len() > 1 {
            for p in problems {
                self.note(format!("{source}: {p}"));
            }
        }
    }
}

/// How much of the tablebase verdict the headline says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TbWords {
    /// "TB: White wins, not in 50 moves".
    Whole,
    /// "TB 1-0*", in the score's place.
    Short,
}

/// Whether `side` running out of time on `board` loses: the other side
/// has more than its king (a lone king could never mate, so it draws).
pub fn flag_loses_on(board: &Board, side: Color) -> bool {
    board.color(!side).count() > 1
}

/// How a finished game ended, in words, and its score: "Checkmate · White
/// wins" and "1-0", said together as "Checkmate · White wins 1-0".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub words: &'static str,
    pub score: &'static str,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.words, self.score)
    }
}

/// What a flag fall of `loser` says: the loss, or the draw when the other
/// side has only its king (`App::flag_loses`).
pub fn flag_verdict(loser: Color, loses: bool) -> Verdict {
    let (words, score) = match (loser, loses) {
        (Color::White, true) => ("White lost on time", "0-1"),
        (Color::Black, true) => ("Black lost on time", "1-0"),
        (_, false) => (
            "Time ran out against a lone king, which cannot mate · draw",
            "½-½",
        ),
    };
    Verdict { words, score }
}
