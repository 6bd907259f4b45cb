//! Board aids as Lichess has them: the engine lines' best moves marked on
//! the board, and the threat view (what the side not to move would play
//! if it could move now: a search of the shown position with the move
//! passed). This module holds the threat's state and derives, from the
//! state alone, what the board marks and what the lines pane says; the
//! reducer (`update::aids`) changes it and the widgets draw it.

use super::app::{App, LineView};
use crate::analysis::balance;
use crate::chess::{Board, Color, GameStatus, Square};
use crate::engine::Score;
use crate::game::shapes::Shape;

/// The threat view: on or off, and the latest threat found.
#[derive(Clone, Debug, Default)]
pub struct ThreatView {
    pub on: bool,
    /// The threat of one shown position (searched or being searched).
    pub found: Option<Threat>,
}

/// The null-move search of one shown position and what it found so far.
#[derive(Clone, Debug)]
pub struct Threat {
    /// The position on the board.
    pub shown: Board,
    /// The position searched: `shown` with the move passed.
    pub root: Board,
    /// The search's line (White's view), once it reported one.
    pub line: Option<LineView>,
    /// The search ended (its budget is small and fixed).
    pub done: bool,
}

impl ThreatView {
    /// The threat found for `board`, if it is the one searched.
    pub fn for_board(&self, board: &Board) -> Option<&Threat> {
        self.found.as_ref().filter(|t| t.shown == *board)
    }
}

/// Why no threat can be searched in a position (the side to move is in
/// check: passing would leave its king to be taken; or the game is over
/// on the board), in words; `None` when one can.
pub fn why_no_threat(board: &Board, status: GameStatus) -> Option<String> {
    let side = board.side_to_move().name();
    match status {
        GameStatus::Checkmate => return Some(format!("{side} is checkmated")),
        GameStatus::Stalemate => return Some("stalemate: the game is over".into()),
        _ => {}
    }
    board
        .in_check()
        .then(|| format!("{side} is in check: passing the move would leave the king to be taken"))
}

/// Whether the engine may analyse a position with this status: not after
/// a mate or a stalemate (or with too little material to mate), but a
/// threefold repetition or the 50-move rule, draws a player must claim,
/// can still be analysed.
pub fn analysable(status: GameStatus) -> bool {
    matches!(
        status,
        GameStatus::Ongoing | GameStatus::Repetition | GameStatus::FiftyMoves
    )
}

/// What the lines pane says of the threat view in the shown position:
/// "Threat: ...Qxf2# (mate in 1)", "Threat: Nxe5, winning a pawn (+1.20)".
pub fn threat_words(app: &App) -> String {
    let board = &app.view.board;
    if let Some(why) = why_no_threat(board, app.view.status) {
        return format!("Threat: none ({why})");
    }
    let Some(t) = app.engine.threat.for_board(board) else {
        return "Threat: searching…".to_string();
    };
    let Some(line) = t.line.as_ref().filter(|l| !l.moves.is_empty()) else {
        return if t.done {
            "Threat: none found".to_string()
        } else {
            "Threat: searching…".to_string()
        };
    };
    let first = crate::chess::to_san(&t.root, line.moves[0]);
    let mv = match t.root.side_to_move() {
        Color::White => first,
        Color::Black => format!("...{first}"),
    };
    let mover = t.root.side_to_move();
    let verdict = match line.score {
        Score::Mate(m) if (m > 0) == (mover == Color::White) => {
            format!("mate in {}", m.unsigned_abs())
        }
        s => {
            let score = super::widgets::score_text(s);
            match material_words(&t.root, &line.moves) {
                Some(w) => return format!("Threat: {mv}, {w} ({score})"),
                None => score,
            }
        }
    };
    let searching = if t.done { "" } else { " …" };
    format!("Threat: {mv} ({verdict}){searching}")
}

/// The line up to its last quiet position (no check, the last move no
/// capture or promotion), so material is not counted in the middle of an
/// exchange; the whole line when it has none.
fn quiet_prefix(root: &Board, line: &[crate::chess::Move]) -> usize {
    let mut b = *root;
    let mut quiet = None;
    for (i, &m) in line.iter().enumerate() {
        if !b.is_legal(m) {
            return quiet.unwrap_or(i);
        }
        b = b.make(m);
        if !m.is_capture() && !m.is_promotion() && !b.in_check() {
            quiet = Some(i + 1);
        }
    }
    quiet.unwrap_or(line.len())
}

/// "winning a pawn", "winning a knight", "winning the exchange", "winning
/// a rook for two pawns": the material the search's line wins for the
/// side that plays it, counted up to the line's last quiet position (in
/// the game report's words, `analysis::balance`); `None` when it wins none.
pub fn material_words(root: &Board, line: &[crate::chess::Move]) -> Option<String> {
    let taken = &line[..quiet_prefix(root, line)];
    let end = taken.iter().fold(*root, |b, &m| b.make(m));
    let promoted = balance::promotions(root, taken, &[]);
    balance::winning_words(&end, root, root.side_to_move(), promoted)
}

/// What a mark on the board stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// The best move of engine line N (1-based).
    Line(usize),
    /// The threat view's move.
    Threat,
    /// An arrow the move's comment draws (`[%cal]`), in its colour.
    Drawn(crate::game::shapes::ShapeColor),
}

/// A move marked on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub from: Square,
    pub to: Square,
    pub kind: MarkKind,
}

impl Mark {
    /// The character the board writes on the mark's squares.
    pub fn label(self) -> char {
        match self.kind {
            MarkKind::Line(n) => char::from_digit(n.min(9) as u32, 10).unwrap_or('?'),
            MarkKind::Threat => '!',
            // The board writes the arrow's direction instead.
            MarkKind::Drawn(_) => '*',
        }
    }
}

/// The moves to mark on the board, the threat first and then the lines
/// from the last to the first (so line 1 is drawn on top): each shown
/// engine line's first move while best-move marks are on, and the
/// threat's first move while the threat view is on. None during a game
/// (against the engine, or two players on a clock).
pub fn board_marks(app: &App) -> Vec<Mark> {
    if app.tracks_game_end() || app.editor.is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let board = &app.view.board;
    if app.engine.threat.on && why_no_threat(board, app.view.status).is_none() {
        let first = app
            .engine
            .threat
            .for_board(board)
            .and_then(|t| t.line.as_ref())
            .and_then(|l| l.moves.first());
        if let Some(m) = first {
            out.push(Mark {
                from: m.from(),
                to: m.to(),
                kind: MarkKind::Threat,
            });
        }
    }
    if app.config.arrows {
        for l in app.lines_here().iter().rev() {
            if let Some(m) = l.first {
                out.push(Mark {
                    from: m.from(),
                    to: m.to(),
                    kind: MarkKind::Line(l.multipv),
                });
            }
        }
    }
    out
}

/// The circles and arrows the shown move's comment draws (`[%csl]`,
/// `[%cal]`), the user's or the file's: none during a game on the board,
/// in the editor, or where the board shows another position than the
/// move's.
pub fn drawn_shapes(app: &App) -> Vec<Shape> {
    if app.tracks_game_end() || app.editor.is_some() {
        return Vec::new();
    }
    let node = app.tree().node(app.doc.cursor);
    if node.board().hash() != app.view.board.hash() {
        return Vec::new();
    }
    crate::game::shapes::shapes(&node.comment)
}
