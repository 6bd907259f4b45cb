//! Terminal events to actions. What a key means depends on what is open: a
//! prompt takes text, a dialog takes its own keys, otherwise the board
//! keys apply. The board keys are one table, `BOARD_KEYS`, that both the
//! key handling and the help overlay read, so the help cannot drift from
//! what the keys do.

use super::action::{Action, SaveChoice, TeachAction};
use super::app::{App, Overlay, PromptKind, NAG_CHOICES};
use super::editor::EditAction;
use super::params::{MIN_HEIGHT, MIN_WIDTH};
use super::teach::PanelView;
use crate::chess::{CastleRights, Color, Piece, PieceType};
use crate::game::shapes::ShapeColor;
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// A key as the table names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Ctrl(char),
    Code(KeyCode),
}

/// The help overlay's headings, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Section {
    Moves,
    Walk,
    Edit,
    Game,
    Teach,
    View,
    /// The board editor's own keys (`EDITOR_KEYS`).
    Setup,
}

impl Section {
    pub const ALL: [Section; 7] = [
        Section::Moves,
        Section::Walk,
        Section::Edit,
        Section::Game,
        Section::Teach,
        Section::View,
        Section::Setup,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Section::Moves => "Moves",
            Section::Walk => "Walking the game",
            Section::Edit => "Variations and notes",
            Section::Game => "Games",
            Section::Teach => "Teaching views",
            Section::View => "View and engine",
            Section::Setup => "Board editor (E)",
        }
    }
}

/// One board key (or several keys with one meaning).
pub struct Binding {
    pub keys: &'static [Key],
    /// How the help writes the keys.
    pub label: &'static str,
    pub help: &'static str,
    pub section: Section,
    pub action: fn() -> Action,
}

use Key::{Char as C, Code, Ctrl};

/// Every board key, in help order. The first binding that matches wins.
pub const BOARD_KEYS: &[Binding] = &[
    Binding {
        keys: &[C('m'), C('/')],
        label: "m or /",
        help: "type a move (SAN/UCI)",
        section: Section::Moves,
        action: || Action::OpenMovePrompt(None),
    },
    Binding {
        keys: &[C('N'), C('B'), C('R'), C('Q'), C('K'), C('O')],
        label: "N B R Q K O",
        help: "type a piece move",
        section: Section::Moves,
        // The key's own letter is put in by `map_key`.
        action: || Action::OpenMovePrompt(None),
    },
    Binding {
        keys: &[Code(KeyCode::Enter), C(' ')],
        label: "Enter Space",
        help: "cursor: pick up, drop",
        section: Section::Moves,
        action: || Action::CursorPick,
    },
    Binding {
        keys: &[],
        label: "mouse",
        help: "click pieces and moves",
        section: Section::Moves,
        action: || Action::Cancel,
    },
    Binding {
        keys: &[],
        label: "right drag",
        help: "draw arrows, circles",
        section: Section::Moves,
        action: || Action::Cancel,
    },
    Binding {
        keys: &[Code(KeyCode::Esc)],
        label: "Esc",
        help: "close, unselect",
        section: Section::Moves,
        action: || Action::Cancel,
    },
    Binding {
        keys: &[Code(KeyCode::Left)],
        label: "Left Right",
        help: "previous / next move",
        section: Section::Walk,
        action: || Action::Prev,
    },
    Binding {
        keys: &[Code(KeyCode::Right)],
        label: "",
        help: "",
        section: Section::Walk,
        action: || Action::Next,
    },
    Binding {
        keys: &[Code(KeyCode::Up)],
        label: "Up Down",
        help: "other moves here",
        section: Section::Walk,
        action: || Action::VariationPrev,
    },
    Binding {
        keys: &[Code(KeyCode::Down)],
        label: "",
        help: "",
        section: Section::Walk,
        action: || Action::VariationNext,
    },
    Binding {
        keys: &[Code(KeyCode::Home)],
        label: "Home End",
        help: "start / end of line",
        section: Section::Walk,
        action: || Action::First,
    },
    Binding {
        keys: &[Code(KeyCode::End)],
        label: "",
        help: "",
        section: Section::Walk,
        action: || Action::Last,
    },
    Binding {
        keys: &[Code(KeyCode::PageUp)],
        label: "PgUp PgDn",
        help: "10 plies back / on",
        section: Section::Walk,
        action: || Action::PageBack,
    },
    Binding {
        keys: &[Code(KeyCode::PageDown)],
        label: "",
        help: "",
        section: Section::Walk,
        action: || Action::PageForward,
    },
    Binding {
        keys: &[C('.')],
        label: ". ,",
        help: "next / prev ?! ? ??",
        section: Section::Walk,
        action: || Action::NextMarked,
    },
    Binding {
        keys: &[C(',')],
        label: "",
        help: "",
        section: Section::Walk,
        action: || Action::PrevMarked,
    },
    Binding {
        keys: &[C('u')],
        label: "u",
        help: "back / take back",
        section: Section::Walk,
        action: || Action::TakeBack,
    },
    Binding {
        keys: &[C('i')],
        label: "i I",
        help: "comment after / before",
        section: Section::Edit,
        action: || Action::EditComment,
    },
    Binding {
        keys: &[C('I')],
        label: "",
        help: "",
        section: Section::Edit,
        action: || Action::EditCommentBefore,
    },
    Binding {
        keys: &[C('!')],
        label: "!",
        help: "glyphs ! ? !? ± = ...",
        section: Section::Edit,
        action: || Action::OpenAnnotate,
    },
    Binding {
        keys: &[C('P')],
        label: "P",
        help: "promote the variation",
        section: Section::Edit,
        action: || Action::PromoteLine,
    },
    Binding {
        keys: &[C('M')],
        label: "M",
        help: "make it the main line",
        section: Section::Edit,
        action: || Action::MakeMain,
    },
    Binding {
        keys: &[C('x')],
        label: "x",
        help: "delete from here",
        section: Section::Edit,
        action: || Action::Delete,
    },
    Binding {
        keys: &[C('X')],
        label: "X",
        help: "delete what follows",
        section: Section::Edit,
        action: || Action::DeleteAfter,
    },
    Binding {
        keys: &[C('l')],
        label: "l",
        help: "add an engine line",
        section: Section::Edit,
        action: || Action::AddEngineLine(None),
    },
    Binding {
        keys: &[Ctrl('z')],
        label: "Ctrl-Z Ctrl-Y",
        help: "undo / redo",
        section: Section::Edit,
        action: || Action::Undo,
    },
    Binding {
        keys: &[Ctrl('y')],
        label: "",
        help: "",
        section: Section::Edit,
        action: || Action::Redo,
    },
    Binding {
        keys: &[C('n')],
        label: "n",
        help: "new game",
        section: Section::Game,
        action: || Action::NewGame,
    },
    Binding {
        keys: &[C('<')],
        label: "< >",
        help: "prev/next game of file",
        section: Section::Game,
        action: || Action::StepGame(false),
    },
    Binding {
        keys: &[C('>')],
        label: "",
        help: "",
        section: Section::Game,
        action: || Action::StepGame(true),
    },
    Binding {
        keys: &[C('p')],
        label: "p",
        help: "play the engine",
        section: Section::Game,
        action: || Action::OpenPlayDialog,
    },
    Binding {
        keys: &[C('E')],
        label: "E",
        help: "set up a position",
        section: Section::Game,
        action: || Action::OpenEditor,
    },
    Binding {
        keys: &[C('2')],
        label: "2",
        help: "two players",
        section: Section::Game,
        action: || Action::TwoPlayers,
    },
    Binding {
        keys: &[C('D')],
        label: "D",
        help: "offer / claim a draw",
        section: Section::Game,
        action: || Action::Draw,
    },
    Binding {
        keys: &[C('k')],
        label: "k",
        help: "pause/resume a game",
        section: Section::Game,
        action: || Action::PauseEngineGame,
    },
    Binding {
        keys: &[C('a')],
        label: "a",
        help: "analysis; end a game",
        section: Section::Game,
        action: || Action::ToggleAnalysis,
    },
    Binding {
        keys: &[C('v')],
        label: "v V",
        help: "next / previous view",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::View(1)),
    },
    Binding {
        keys: &[C('V')],
        label: "",
        help: "",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::View(-1)),
    },
    Binding {
        keys: &[Code(KeyCode::Tab)],
        label: "Tab S-Tab",
        help: "select a term / move",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Item(1)),
    },
    Binding {
        keys: &[Code(KeyCode::BackTab)],
        label: "",
        help: "",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Item(-1)),
    },
    // Shift-↑↓ are read by `map_key` (the arrows' own bindings ignore Shift).
    Binding {
        keys: &[],
        label: "S-↑ S-↓",
        help: "scroll Explain's rows",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Scroll(1)),
    },
    Binding {
        keys: &[C('J')],
        label: "J",
        help: "report: both lines",
        section: Section::Teach,
        action: || Action::ReportPair,
    },
    Binding {
        keys: &[C('b')],
        label: "b",
        help: "packed sum: 2nd term",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Second),
    },
    Binding {
        keys: &[C('g')],
        label: "g",
        help: "phase explorer",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::TogglePhase),
    },
    Binding {
        keys: &[C('[')],
        label: "[ ] { }",
        help: "phase ±1 / to 0, 24",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Phase(-1)),
    },
    Binding {
        keys: &[C(']')],
        label: "",
        help: "",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Phase(1)),
    },
    Binding {
        keys: &[C('{')],
        label: "",
        help: "",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Phase(-crate::eval::phase::MAX_PHASE)),
    },
    Binding {
        keys: &[C('}')],
        label: "",
        help: "",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Phase(crate::eval::phase::MAX_PHASE)),
    },
    Binding {
        keys: &[C('c')],
        label: "c",
        help: "board heatmaps",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::Heat),
    },
    Binding {
        keys: &[C('o')],
        label: "o",
        help: "heatmap piece",
        section: Section::Teach,
        action: || Action::Teach(TeachAction::HeatPiece),
    },
    Binding {
        keys: &[C('s')],
        label: "s",
        help: "play best move",
        section: Section::View,
        action: || Action::PlayBest,
    },
    Binding {
        keys: &[C('w')],
        label: "w",
        help: "best-move marks",
        section: Section::View,
        action: || Action::Arrows(None),
    },
    Binding {
        keys: &[C('z')],
        label: "z",
        help: "eval panel on/off",
        section: Section::View,
        action: || Action::Panel(None),
    },
    Binding {
        keys: &[C('t')],
        label: "t",
        help: "threat view",
        section: Section::View,
        action: || Action::Threat(None),
    },
    Binding {
        keys: &[C('+'), C('=')],
        label: "+ -",
        help: "engine lines 1-5",
        section: Section::View,
        action: || Action::MultiPvUp,
    },
    Binding {
        keys: &[C('-'), C('_')],
        label: "",
        help: "",
        section: Section::View,
        action: || Action::MultiPvDown,
    },
    Binding {
        keys: &[C('e')],
        label: "e",
        help: "NNUE / HCE eval",
        section: Section::View,
        action: || Action::ToggleEvalView,
    },
    Binding {
        keys: &[C('f')],
        label: "f",
        help: "flip the board",
        section: Section::View,
        action: || Action::Flip,
    },
    Binding {
        keys: &[C('T')],
        label: "T",
        help: "next colour theme",
        section: Section::View,
        action: || Action::NextTheme,
    },
    Binding {
        keys: &[C('y')],
        label: "y",
        help: "show, copy the FEN",
        section: Section::View,
        action: || Action::CopyFen,
    },
    Binding {
        keys: &[C('Y')],
        label: "Y",
        help: "copy the game's PGN",
        section: Section::Game,
        action: || Action::CopyPgn,
    },
    Binding {
        keys: &[Code(KeyCode::F(12))],
        label: "F12",
        help: "frame-time overlay",
        section: Section::View,
        action: || Action::ToggleFrameTimes,
    },
    Binding {
        keys: &[C('r')],
        label: "r",
        help: "game report or stop",
        section: Section::View,
        action: || Action::Report,
    },
    Binding {
        keys: &[C(':')],
        label: ":",
        help: "command line",
        section: Section::View,
        action: || Action::OpenCommand,
    },
    Binding {
        keys: &[C('?'), C('h')],
        label: "? h",
        help: "this help",
        section: Section::View,
        action: || Action::ToggleHelp,
    },
    Binding {
        keys: &[C('q')],
        label: "q",
        help: "quit (Ctrl-C: now)",
        section: Section::View,
        action: || Action::Quit,
    },
];

/// The board editor's keys, while it is open; the arrows move the cursor.
pub const EDITOR_KEYS: &[Binding] = &[
    Binding {
        keys: &[
            C('P'),
            C('N'),
            C('B'),
            C('R'),
            C('Q'),
            C('K'),
            C('p'),
            C('n'),
            C('b'),
            C('r'),
            C('q'),
            C('k'),
        ],
        label: "PNBRQK pnbrqk",
        help: "put a piece; x: off",
        section: Section::Setup,
        // The key's own piece is put in by `editor_key`.
        action: || Action::Edit(EditAction::PutAtCursor(None)),
    },
    Binding {
        keys: &[C('x'), Code(KeyCode::Delete), Code(KeyCode::Backspace)],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::PutAtCursor(None)),
    },
    Binding {
        keys: &[C('c')],
        label: "c s",
        help: "clear / start",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Clear),
    },
    Binding {
        keys: &[C('s')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::StartPosition),
    },
    Binding {
        keys: &[C('t')],
        label: "t f",
        help: "side to move / flip",
        section: Section::Setup,
        action: || Action::Edit(EditAction::SideToMove),
    },
    Binding {
        keys: &[C('f')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Flip,
    },
    Binding {
        keys: &[C('1')],
        label: "1-4 e",
        help: "castling KQkq, e.p.",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Castle(CastleRights::WHITE_KING)),
    },
    Binding {
        keys: &[C('2')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Castle(CastleRights::WHITE_QUEEN)),
    },
    Binding {
        keys: &[C('3')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Castle(CastleRights::BLACK_KING)),
    },
    Binding {
        keys: &[C('4')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Castle(CastleRights::BLACK_QUEEN)),
    },
    Binding {
        keys: &[C('e')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::EnPassant),
    },
    Binding {
        keys: &[Ctrl('z')],
        label: "Ctrl-Z Ctrl-Y",
        help: "undo, redo",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Undo),
    },
    Binding {
        keys: &[Ctrl('y')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Redo),
    },
    Binding {
        keys: &[Code(KeyCode::Enter)],
        label: "Enter Esc",
        help: "done / cancel",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Done),
    },
    Binding {
        keys: &[Code(KeyCode::Esc)],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::Edit(EditAction::Cancel),
    },
    Binding {
        keys: &[C('?')],
        label: "",
        help: "",
        section: Section::Setup,
        action: || Action::ToggleHelp,
    },
];

/// A key in the board editor.
fn editor_key(k: &KeyEvent) -> Option<Action> {
    let step = match k.code {
        KeyCode::Left => Some((-1, 0)),
        KeyCode::Right => Some((1, 0)),
        KeyCode::Up => Some((0, 1)),
        KeyCode::Down => Some((0, -1)),
        _ => None,
    };
    if let Some((dx, dy)) = step {
        return Some(Action::CursorMove(dx, dy));
    }
    // `:` opens the command line, so that the letters typed after it do
    // not put pieces on the board (`command` says what waits for Esc).
    if k.code == KeyCode::Char(':') && !k.modifiers.contains(KeyModifiers::CONTROL) {
        return Some(Action::OpenCommand);
    }
    let b = EDITOR_KEYS
        .iter()
        .find(|b| b.keys.iter().any(|&key| matches(key, k)))?;
    Some(match (b.action)() {
        Action::Edit(EditAction::PutAtCursor(None)) => match k.code {
            KeyCode::Char(c) => Action::Edit(EditAction::PutAtCursor(Piece::from_fen_char(c))),
            _ => Action::Edit(EditAction::PutAtCursor(None)),
        },
        a => a,
    })
}

/// Whether the table's `key` is the pressed `k`.
fn matches(key: Key, k: &KeyEvent) -> bool {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    match (key, k.code) {
        (Key::Ctrl(c), KeyCode::Char(x)) => ctrl && x.eq_ignore_ascii_case(&c),
        (Key::Char(c), KeyCode::Char(x)) => !ctrl && x == c,
        (Key::Code(c), code) => !ctrl && c == code,
        _ => false,
    }
}

/// The action for a terminal event, if it means anything now.
pub fn map_event(app: &App, ev: &Event) -> Option<Action> {
    let (w, h) = app.screen;
    if w < MIN_WIDTH || h < MIN_HEIGHT {
        return too_small_event(ev);
    }
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => map_key(app, k),
        Event::Mouse(m) => map_mouse(app, m),
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        Event::Paste(s) => Some(Action::Paste(s.clone())),
        _ => None,
    }
}

/// While the terminal is too small, "Please enlarge the window" hides
/// the board and every dialog, so no key may act on them unseen: `q` and
/// Ctrl-C quit at once (the autosave keeps the game, a comment being typed
/// included, and the next start brings it back), and a resize is followed.
fn too_small_event(ev: &Event) -> Option<Action> {
    match ev {
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        Event::Key(k) if k.kind != KeyEventKind::Release => {
            let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
            match k.code {
                KeyCode::Char('c' | 'C') if ctrl => Some(Action::ForceQuit),
                KeyCode::Char('q') if !ctrl => Some(Action::ForceQuit),
                _ => None,
            }
        }
        _ => None,
    }
}

pub fn map_key(app: &App, k: &KeyEvent) -> Option<Action> {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('C')) {
        // As in a shell, Ctrl-C first abandons a line being typed; on an
        // empty prompt or the board it quits at once.
        return Some(match &app.dialogs.prompt {
            Some(p) if !p.text.is_empty() => Action::Cancel,
            _ => Action::ForceQuit,
        });
    }
    if let Some(p) = &app.dialogs.prompt {
        return prompt_key(p.kind, k, ctrl);
    }
    if let Some(a) = dialog_key(&app.dialogs.overlay, k) {
        return a;
    }
    if app.editor.is_some() {
        return editor_key(k);
    }
    // Shift-↑↓ scroll the Explain view's contributions.
    if app.ui.teach.panel == PanelView::Explain && k.modifiers.contains(KeyModifiers::SHIFT) {
        match k.code {
            KeyCode::Up => return Some(Action::Teach(TeachAction::Scroll(-1))),
            KeyCode::Down => return Some(Action::Teach(TeachAction::Scroll(1))),
            _ => {}
        }
    }
    // The keyboard cursor, while shown, takes the arrows.
    if app.ui.cursor.is_some() {
        let step = match k.code {
            KeyCode::Left => Some((-1, 0)),
            KeyCode::Right => Some((1, 0)),
            KeyCode::Up => Some((0, 1)),
            KeyCode::Down => Some((0, -1)),
            _ => None,
        };
        if let Some((dx, dy)) = step {
            return Some(Action::CursorMove(dx, dy));
        }
    }
    let b = BOARD_KEYS
        .iter()
        .find(|b| b.keys.iter().any(|&key| matches(key, k)));
    let Some(b) = b else {
        // A key the glyph dialog has no use for closes it all the same.
        return matches!(app.dialogs.overlay, Overlay::Annotate { .. }).then_some(Action::Cancel);
    };
    let a = match (b.action)() {
        Action::OpenMovePrompt(None) => match k.code {
            KeyCode::Char(c @ ('N' | 'B' | 'R' | 'Q' | 'K' | 'O')) => {
                Action::OpenMovePrompt(Some(c))
            }
            _ => Action::OpenMovePrompt(None),
        },
        a => a,
    };
    Some(match app.dialogs.overlay {
        Overlay::Annotate { .. } => Action::LeaveGlyphs(Box::new(a)),
        _ => a,
    })
}

/// Keys while a prompt is open: a small line editor.
fn prompt_key(kind: PromptKind, k: &KeyEvent, ctrl: bool) -> Option<Action> {
    Some(match k.code {
        KeyCode::Enter => Action::PromptSubmit,
        KeyCode::Esc => Action::Cancel,
        KeyCode::Backspace => Action::PromptBackspace,
        KeyCode::Delete => Action::PromptDelete,
        KeyCode::Left => Action::PromptCaret(-1),
        KeyCode::Right => Action::PromptCaret(1),
        KeyCode::Home => Action::PromptHome,
        KeyCode::End => Action::PromptEnd,
        KeyCode::Tab if kind == PromptKind::Command => Action::PromptComplete,
        KeyCode::Char('a') if ctrl => Action::PromptHome,
        KeyCode::Char('e') if ctrl => Action::PromptEnd,
        KeyCode::Char('u') if ctrl => Action::PromptKillBefore,
        KeyCode::Char('w') if ctrl => Action::PromptDeleteWord,
        KeyCode::Char(c) if !ctrl => Action::PromptChar(c),
        _ => return None,
    })
}

/// Keys while a dialog is open: `Some(action or nothing)`, or `None` when
/// no dialog is open (or the glyph dialog does not use the key, which
/// then closes it: see `map_key`).
fn dialog_key(overlay: &Overlay, k: &KeyEvent) -> Option<Option<Action>> {
    let choice = |k: &KeyEvent| match k.code {
        KeyCode::Left | KeyCode::Up => Some(Action::ChoiceMove(-1)),
        KeyCode::Right | KeyCode::Down | KeyCode::Tab => Some(Action::ChoiceMove(1)),
        KeyCode::Enter | KeyCode::Char(' ') => Some(Action::ChoiceConfirm),
        KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
        _ => None,
    };
    Some(match overlay {
        Overlay::None => return None,
        // The keys that scroll `:messages` scroll the help too.
        Overlay::Help => match k.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::HelpScroll(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::HelpScroll(1)),
            KeyCode::PageUp => Some(Action::HelpScroll(-10)),
            KeyCode::PageDown | KeyCode::Char(' ') => Some(Action::HelpScroll(10)),
            KeyCode::Home => Some(Action::HelpScroll(-i32::from(u16::MAX))),
            KeyCode::End => Some(Action::HelpScroll(i32::from(u16::MAX))),
            _ => Some(Action::ToggleHelp),
        },
        Overlay::Tags => Some(Action::Cancel),
        Overlay::Messages { .. } => match k.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::MessagesScroll(1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::MessagesScroll(-1)),
            KeyCode::PageUp => Some(Action::MessagesScroll(10)),
            KeyCode::PageDown | KeyCode::Char(' ') => Some(Action::MessagesScroll(-10)),
            KeyCode::Home => Some(Action::MessagesScroll(i32::from(u16::MAX))),
            KeyCode::End => Some(Action::MessagesScroll(-i32::from(u16::MAX))),
            _ => Some(Action::Cancel),
        },
        Overlay::Promotion { .. } => match k.code {
            KeyCode::Char('q') | KeyCode::Char('Q') => Some(Action::Promote(PieceType::Queen)),
            KeyCode::Char('r') | KeyCode::Char('R') => Some(Action::Promote(PieceType::Rook)),
            KeyCode::Char('b') | KeyCode::Char('B') => Some(Action::Promote(PieceType::Bishop)),
            KeyCode::Char('n') | KeyCode::Char('N') => Some(Action::Promote(PieceType::Knight)),
            _ => choice(k),
        },
        Overlay::Play(_) => match k.code {
            KeyCode::Char('w') | KeyCode::Char('W') => Some(Action::PlaySide(Color::White)),
            KeyCode::Char('b') | KeyCode::Char('B') => Some(Action::PlaySide(Color::Black)),
            KeyCode::Char('c') | KeyCode::Char('C') => Some(Action::PlayClock),
            KeyCode::Left | KeyCode::Down | KeyCode::Char('-') => Some(Action::ChoiceMove(-1)),
            KeyCode::Right | KeyCode::Up | KeyCode::Char('+') => Some(Action::ChoiceMove(1)),
            KeyCode::Enter => Some(Action::ChoiceConfirm),
            KeyCode::Esc | KeyCode::Char('q') => Some(Action::Cancel),
            _ => None,
        },
        // Letters narrow the list (a player, an event, a year), so only
        // the arrows and paging keys move the bar.
        Overlay::Picker { .. } => match k.code {
            KeyCode::Up => Some(Action::ChoiceMove(-1)),
            KeyCode::Down => Some(Action::ChoiceMove(1)),
            KeyCode::PageUp | KeyCode::PageDown | KeyCode::Home | KeyCode::End => paging(k),
            KeyCode::Enter => Some(Action::ChoiceConfirm),
            KeyCode::Esc => Some(Action::Cancel),
            KeyCode::Backspace => Some(Action::PickerFilter(None)),
            KeyCode::Char(c) if !k.modifiers.contains(KeyModifiers::CONTROL) => {
                Some(Action::PickerFilter(Some(c)))
            }
            _ => None,
        },
        Overlay::Confirm(_) => match k.code {
            // Only y drops or deletes anything: a stray Enter must not.
            KeyCode::Char('y') | KeyCode::Char('Y') => Some(Action::Confirm(true)),
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => Some(Action::Confirm(false)),
            KeyCode::Char('s') | KeyCode::Char('S') => Some(Action::ConfirmSave),
            _ => None,
        },
        Overlay::SaveExisting { .. } => match k.code {
            KeyCode::Char('o') | KeyCode::Char('O') => {
                Some(Action::SaveChoice(SaveChoice::Overwrite))
            }
            KeyCode::Char('a') | KeyCode::Char('A') => Some(Action::SaveChoice(SaveChoice::Append)),
            KeyCode::Char('c') | KeyCode::Char('C') | KeyCode::Esc => {
                Some(Action::SaveChoice(SaveChoice::Cancel))
            }
            _ => None,
        },
        Overlay::Annotate { .. } => match k.code {
            KeyCode::Char(c) if Overlay::annotate_index(c).is_some() => {
                Overlay::annotate_index(c).map(Action::ChoicePick)
            }
            KeyCode::Char('0') | KeyCode::Char('!') => Some(Action::Cancel),
            _ => match choice(k) {
                Some(a) => Some(a),
                // The dialog stays open between glyphs, and any key that is
                // not one of its own closes it and does its job on the
                // board: `i` after `?` opens the comment prompt, so the
                // words typed next are a comment, not glyph keys.
                None => return None,
            },
        },
        Overlay::AddLine { .. } => match k.code {
            KeyCode::Char(c @ '1'..='5') => Some(Action::ChoicePick(c as usize - '1' as usize)),
            _ => choice(k),
        },
        Overlay::Kept { .. } => match k.code {
            KeyCode::Char('r') => Some(Action::KeptRestore),
            KeyCode::Char('k') => Some(Action::ChoiceMove(-1)),
            KeyCode::Char('j') => Some(Action::ChoiceMove(1)),
            _ => paging(k).or_else(|| choice(k)),
        },
    })
}

/// The paging keys of a long list (the game picker, `:kept`): ten rows up
/// or down, the first or the last.
fn paging(k: &KeyEvent) -> Option<Action> {
    match k.code {
        KeyCode::PageUp => Some(Action::ChoiceMove(-10)),
        KeyCode::PageDown => Some(Action::ChoiceMove(10)),
        KeyCode::Home => Some(Action::ChoiceMove(i32::MIN / 2)),
        KeyCode::End => Some(Action::ChoiceMove(i32::MAX / 2)),
        _ => None,
    }
}

impl Overlay {
    /// The key of the annotation dialog's glyph `i`: digits for the move
    /// glyphs, letters from `a` for the position glyphs, `n` the novelty.
    pub fn annotate_key(i: usize) -> char {
        let moves = NAG_CHOICES.iter().filter(|n| n.is_move_quality()).count();
        let positions = NAG_CHOICES.iter().filter(|n| n.is_position()).count();
        match i {
            i if i < moves => char::from(b'1' + i as u8),
            i if i < moves + positions => char::from(b'a' + (i - moves) as u8),
            _ => 'n',
        }
    }

    /// The annotation dialog's glyph whose key is `c`.
    pub fn annotate_index(c: char) -> Option<usize> {
        (0..NAG_CHOICES.len()).find(|&i| Overlay::annotate_key(i) == c)
    }
}

/// A shape's colour by the keys held, as Lichess chooses it: none green,
/// Shift or Ctrl red, Alt blue, Alt with either yellow.
fn shape_color(held: KeyModifiers) -> ShapeColor {
    let red = held.intersects(KeyModifiers::SHIFT | KeyModifiers::CONTROL);
    match (red, held.contains(KeyModifiers::ALT)) {
        (false, false) => ShapeColor::Green,
        (true, false) => ShapeColor::Red,
        (false, true) => ShapeColor::Blue,
        (true, true) => ShapeColor::Yellow,
    }
}

fn map_mouse(app: &App, m: &MouseEvent) -> Option<Action> {
    // The wheel scrolls what an overlay lists, as its arrow keys do.
    let wheel = match m.kind {
        MouseEventKind::ScrollUp => Some(-1),
        MouseEventKind::ScrollDown => Some(1),
        _ => None,
    };
    if let (Some(d), None) = (wheel, &app.dialogs.prompt) {
        match app.dialogs.overlay {
            Overlay::Help => return Some(Action::HelpScroll(3 * d)),
            Overlay::Messages { .. } => return Some(Action::MessagesScroll(-3 * d)),
            Overlay::Picker { .. } | Overlay::Kept { .. } => return Some(Action::ChoiceMove(d)),
            _ => {}
        }
    }
    if app.dialogs.overlay != Overlay::None || app.dialogs.prompt.is_some() {
        return None;
    }
    // Over the panel, the wheel scrolls the Explain view's contributions.
    if let Some(d) = wheel.filter(|_| app.ui.teach.panel == PanelView::Explain) {
        let panel = app.areas().panel;
        if panel.contains(ratatui::layout::Position::new(m.column, m.row)) {
            return Some(Action::Teach(TeachAction::Scroll(3 * d)));
        }
    }
    match m.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Action::MouseDown(m.column, m.row)),
        MouseEventKind::Drag(MouseButton::Left) => Some(Action::MouseDrag(m.column, m.row)),
        MouseEventKind::Up(MouseButton::Left) => Some(Action::MouseUp(m.column, m.row)),
        MouseEventKind::Down(MouseButton::Right) => {
            Some(Action::ShapeFrom(m.column, m.row, shape_color(m.modifiers)))
        }
        MouseEventKind::Up(MouseButton::Right) => Some(Action::ShapeTo(m.column, m.row)),
        MouseEventKind::ScrollUp | MouseEventKind::ScrollDown if app.editor.is_some() => None,
        MouseEventKind::ScrollUp => Some(Action::Prev),
        MouseEventKind::ScrollDown => Some(Action::Next),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::tui::config::Config;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn name(a: Option<Action>) -> String {
        format!("{a:?}")
    }

    #[test]
    fn the_wheel_scrolls_an_open_list_and_steps_through_moves_otherwise() {
        use crossterm::event::{MouseEvent, MouseEventKind};
        let wheel = |down: bool| MouseEvent {
            kind: if down {
                MouseEventKind::ScrollDown
            } else {
                MouseEventKind::ScrollUp
            },
            column: 10,
            row: 10,
            modifiers: KeyModifiers::NONE,
        };
        let mut app = App::new(Config::default(), Game::default());
        assert_eq!(name(map_mouse(&app, &wheel(true))), "Some(Next)");
        app.dialogs.overlay = Overlay::Help;
        assert_eq!(name(map_mouse(&app, &wheel(true))), "Some(HelpScroll(3))");
        assert_eq!(name(map_mouse(&app, &wheel(false))), "Some(HelpScroll(-3))");
        app.dialogs.overlay = Overlay::Tags;
        assert_eq!(name(map_mouse(&app, &wheel(true))), "None");
    }

    #[test]
    fn keys_depend_on_what_is_open() {
        let mut app = App::new(Config::default(), Game::default());
        assert_eq!(name(map_key(&app, &key(KeyCode::Left))), "Some(Prev)");
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Up))),
            "Some(VariationPrev)"
        );
        assert_eq!(name(map_key(&app, &key(KeyCode::Char('q')))), "Some(Quit)");
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('N')))),
            "Some(OpenMovePrompt(Some('N')))"
        );
        assert_eq!(name(map_key(&app, &key(KeyCode::Char('j')))), "None");
        let ctrl_z = KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL);
        assert_eq!(name(map_key(&app, &ctrl_z)), "Some(Undo)");
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('v')))),
            "Some(Teach(View(1)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::BackTab))),
            "Some(Teach(Item(-1)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('}')))),
            "Some(Teach(Phase(24)))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('h')))),
            "Some(ToggleHelp)"
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(name(map_key(&app, &ctrl_c)), "Some(ForceQuit)");

        app.ui.cursor = Some(crate::chess::Square::E1);
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Left))),
            "Some(CursorMove(-1, 0))"
        );
        app.ui.cursor = None;

        app.update(Action::OpenMovePrompt(None));
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('q')))),
            "Some(PromptChar('q'))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Left))),
            "Some(PromptCaret(-1))"
        );
        assert_eq!(name(map_key(&app, &ctrl_c)), "Some(ForceQuit)");
        app.update(Action::PromptChar('e'));
        assert_eq!(
            name(map_key(&app, &ctrl_c)),
            "Some(Cancel)",
            "a line being typed is abandoned first"
        );
        app.update(Action::Cancel);

        app.dialogs.overlay = Overlay::Promotion {
            from: crate::chess::Square::E1,
            to: crate::chess::Square::E8,
            choice: 0,
        };
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('n')))),
            "Some(Promote(Knight))"
        );
        app.dialogs.overlay = Overlay::Help;
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('x')))),
            "Some(ToggleHelp)"
        );
        // End scrolls to the end (it closed the help), as in `:messages`.
        assert_eq!(
            name(map_key(&app, &key(KeyCode::End))),
            "Some(HelpScroll(65535))"
        );
        app.dialogs.overlay = Overlay::Confirm(crate::tui::app::ConfirmWhat::Quit);
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('y')))),
            "Some(Confirm(true))"
        );
        assert_eq!(name(map_key(&app, &key(KeyCode::Enter))), "None");
        app.dialogs.overlay = Overlay::Annotate { choice: 0 };
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('6')))),
            "Some(ChoicePick(5))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('a')))),
            "Some(ChoicePick(7))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('n')))),
            "Some(ChoicePick(15))"
        );
        // A board key closes the dialog and does its job.
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char(':')))),
            "Some(LeaveGlyphs(OpenCommand))"
        );
        assert_eq!(
            name(map_key(&app, &key(KeyCode::Char('i')))),
            "Some(LeaveGlyphs(EditComment))"
        );
        let release = KeyEvent {
            kind: KeyEventKind::Release,
            ..key(KeyCode::Char('y'))
        };
        assert_eq!(name(map_event(&app, &Event::Key(release))), "None");
        assert_eq!(
            name(map_event(&app, &Event::Resize(100, 30))),
            "Some(Resize(100, 30))"
        );
    }

    #[test]
    fn on_a_screen_too_small_only_quitting_and_resizing_act() {
        let mut app = App::new(Default::default(), Default::default());
        app.update(Action::Resize(70, 24));
        let ev = |c| Event::Key(key(c));
        // Hidden behind "Please enlarge the window", nothing may act unseen:
        // not moving through the game, not deleting, not a dialog's answer.
        for c in [
            KeyCode::Left,
            KeyCode::Char('x'),
            KeyCode::Char('y'),
            KeyCode::Char('n'),
        ] {
            assert_eq!(name(map_event(&app, &ev(c))), "None", "{c:?}");
        }
        app.dialogs.overlay = Overlay::Confirm(crate::tui::app::ConfirmWhat::Quit);
        assert_eq!(name(map_event(&app, &ev(KeyCode::Char('y')))), "None");
        assert_eq!(name(map_event(&app, &Event::Paste("e4".into()))), "None");
        // `q` quits at once (the autosave keeps the game), as Ctrl-C does.
        assert_eq!(
            name(map_event(&app, &ev(KeyCode::Char('q')))),
            "Some(ForceQuit)"
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            name(map_event(&app, &Event::Key(ctrl_c))),
            "Some(ForceQuit)"
        );
        assert_eq!(
            name(map_event(&app, &Event::Resize(80, 24))),
            "Some(Resize(80, 24))"
        );
        // Back at 80x24 the dialog answers again.
        app.update(Action::Resize(80, 24));
        assert_eq!(
            name(map_event(&app, &ev(KeyCode::Char('y')))),
            "Some(Confirm(true))"
        );
    }

    #[test]
    fn every_board_key_is_in_the_help_and_none_is_bound_twice() {
        let mut seen: Vec<Key> = Vec::new();
        for b in BOARD_KEYS {
            for &k in b.keys {
                assert!(!seen.contains(&k), "{k:?} is bound twice");
                seen.push(k);
            }
        }
        // Every binding is described, or continues the one before it.
        for (i, b) in BOARD_KEYS.iter().enumerate() {
            assert!(
                !b.help.is_empty() || (i > 0 && b.section == BOARD_KEYS[i - 1].section),
                "binding {i} has no help"
            );
        }
    }
}
