//! The board editor's state: a position being set up by hand (pieces,
//! side to move, castling rights, en-passant square) and the piece the
//! mouse puts down. It is checked after every change by the FEN reader
//! itself, so the reasons it gives ("White has 0 kings, needs exactly 1",
//! "a pawn on rank 8", "'K' needs a rook on h1", ...) are the same words a
//! bad FEN gets. Only the reducer (`update/editor.rs`) changes it.

use crate::chess::fen::format_fen;
use crate::chess::{Board, CastleRights, Color, Piece, PieceType, Square};

/// The palette beside the board: White's pieces, Black's, and the eraser
/// (`None`).
pub const PALETTE: [Option<Piece>; 13] = [
    Some(Piece::new(Color::White, PieceType::King)),
    Some(Piece::new(Color::White, PieceType::Queen)),
    Some(Piece::new(Color::White, PieceType::Rook)),
    Some(Piece::new(Color::White, PieceType::Bishop)),
    Some(Piece::new(Color::White, PieceType::Knight)),
    Some(Piece::new(Color::White, PieceType::Pawn)),
    Some(Piece::new(Color::Black, PieceType::King)),
    Some(Piece::new(Color::Black, PieceType::Queen)),
    Some(Piece::new(Color::Black, PieceType::Rook)),
    Some(Piece::new(Color::Black, PieceType::Bishop)),
    Some(Piece::new(Color::Black, PieceType::Knight)),
    Some(Piece::new(Color::Black, PieceType::Pawn)),
    None,
];

/// One change the editor can make (keys and clicks become these).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditAction {
    /// Put the palette's piece on the square (the same piece again takes
    /// it off; the eraser empties it).
    Place(Square),
    /// Put this piece (`None`: nothing) on the keyboard cursor's square
    /// and take it as the palette's piece.
    PutAtCursor(Option<Piece>),
    /// Choose the palette's piece.
    Brush(Option<Piece>),
    /// A piece dragged with the mouse: from its square to another (what
    /// stood there goes), or off the board (`None`).
    Drag(Square, Option<Square>),
    /// Ctrl-Z: the set-up before the last change.
    Undo,
    /// Ctrl-Y: the change Ctrl-Z took back.
    Redo,
    Clear,
    StartPosition,
    SideToMove,
    /// Switch one castling right (a `CastleRights` bit).
    Castle(u8),
    /// The en-passant square: the cursor's square, or none when it is
    /// already that square.
    EnPassant,
    /// Leave: a legal position starts a new game.
    Done,
    /// Leave without changing the game.
    Cancel,
}

/// A position being set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    pub squares: [Option<Piece>; 64],
    pub side: Color,
    pub castling: CastleRights,
    pub ep: Option<Square>,
    /// The move number the position starts at: the game's, kept from the
    /// position the editor opened on (1 after Clear or the start position).
    pub fullmove: u16,
    /// The halfmove clock (fifty-move rule): the opened position's while
    /// nothing changes, 0 once the set-up differs from it.
    pub halfmove: u16,
    /// What a click puts down (`None`: the eraser).
    pub brush: Option<Piece>,
    /// The position, or why it is not legal (in the FEN reader's words).
    pub check: Result<Board, String>,
    /// The set-ups before each change (FEN-like, legal or not), for
    /// Ctrl-Z; what Ctrl-Z took back, for Ctrl-Y.
    pub undo: Vec<String>,
    pub redo: Vec<String>,
    /// The set-up the last wholesale change (a clear, the start position,
    /// a paste) replaced: Esc keeps it beside the one left.
    pub replaced: Option<String>,
}

impl Editor {
    /// Starts from `board` (the shown position).
    pub fn from_board(board: &Board) -> Editor {
        let mut squares = [None; 64];
        for sq in Square::all() {
            squares[sq.index()] = board.piece_at(sq);
        }
        let mut e = Editor {
            squares,
            side: board.side_to_move(),
            castling: board.castling(),
            ep: board.ep_square(),
            fullmove: board.fullmove_number(),
            halfmove: board.halfmove_clock(),
            brush: PALETTE[0],
            check: Ok(*board),
            undo: Vec::new(),
            redo: Vec::new(),
            replaced: None,
        };
        e.validate();
        e
    }

    /// The FEN of what is set up.
    pub fn fen(&self) -> String {
        format_fen(
            |sq| self.squares[sq.index()],
            self.side,
            self.castling,
            self.ep,
            self.halfmove,
            self.fullmove,
        )
    }

    /// An editor from a FEN-like text whose position need not be legal
    /// (an autosaved one): placement, side, castling and e.p. are read as
    /// far as they make sense; `None` when the placement is not 8 ranks of
    /// 8 squares.
    pub fn from_text(text: &str) -> Option<Editor> {
        let mut fields = text.split_whitespace();
        let mut squares = [None; 64];
        let ranks: Vec<&str> = fields.next()?.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (i, r) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in r.chars() {
                match c.to_digit(10) {
                    Some(d @ 1..=8) => {
                        file += d as u8;
                        if file > 8 {
                            return None;
                        }
                    }
                    _ => {
                        if file >= 8 {
                            return None;
                        }
                        squares[Square::from_coords(file, rank).index()] =
                            Some(Piece::from_fen_char(c)?);
                        file += 1;
                    }
                }
            }
            if file != 8 {
                return None;
            }
        }
        // Lenient as the rest: "B" (a hand-typed FEN) is Black too.
        let side = match fields.next() {
            Some("b" | "B") => Color::Black,
            _ => Color::White,
        };
        let mut castling = 0;
        for c in fields.next().unwrap_or("-").chars() {
            castling |= match c {
                'K' => CastleRights::WHITE_KING,
                'Q' => CastleRights::WHITE_QUEEN,
                'k' => CastleRights::BLACK_KING,
                'q' => CastleRights::BLACK_QUEEN,
                _ => 0,
            };
        }
        let ep = fields.next().and_then(Square::parse);
        let halfmove = (fields.next())
            .and_then(|n| n.parse::<u16>().ok())
            .unwrap_or(0);
        let fullmove = (fields.next())
            .and_then(|n| n.parse::<u16>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or(1);
        let mut e = Editor {
            squares,
            side,
            castling: CastleRights(castling),
            ep,
            fullmove,
            halfmove,
            brush: PALETTE[0],
            check: Err(String::new()),
            undo: Vec::new(),
            redo: Vec::new(),
            replaced: None,
        };
        e.validate();
        Some(e)
    }

    /// Checks the position with the FEN reader.
    pub fn validate(&mut self) {
        self.check = Board::from_fen(&self.fen()).map_err(|e| e.message);
    }

    /// What the board shows: the pieces as placed, legal or not (no
    /// castling or en passant, which only a legal position may have).
    pub fn display_board(&self) -> Board {
        if let Ok(b) = &self.check {
            return *b;
        }
        let mut b = Board::empty();
        for sq in Square::all() {
            if let Some(p) = self.squares[sq.index()] {
                b.put(p, sq);
            }
        }
        b.set_state(self.side, CastleRights::NONE, None, 0, self.fullmove);
        b
    }

    /// Applies one change (not `Done`, `Cancel`, `Undo` or `Redo`, which
    /// the reducer handles, the last two with `step`); `cursor` is the
    /// keyboard cursor's square. A change to the position is kept for
    /// `step` to take back.
    pub fn apply(&mut self, action: EditAction, cursor: Square) {
        let before = self.fen();
        match action {
            EditAction::Place(sq) => {
                let cell = &mut self.squares[sq.index()];
                *cell = if *cell == self.brush {
                    None
                } else {
                    self.brush
                };
            }
            EditAction::PutAtCursor(p) => {
                self.squares[cursor.index()] = p;
                self.brush = p;
            }
            EditAction::Brush(p) => self.brush = p,
            EditAction::Drag(from, to) => {
                let piece = self.squares[from.index()].take();
                if let Some(to) = to {
                    self.squares[to.index()] = piece;
                }
            }
            EditAction::Clear => {
                self.replaced = Some(before.clone());
                self.squares = [None; 64];
                self.castling = CastleRights::NONE;
                self.ep = None;
                self.fullmove = 1;
            }
            EditAction::StartPosition => {
                self.replaced = Some(before.clone());
                self.set_position(&Editor::from_board(&Board::startpos()))
            }
            EditAction::SideToMove => {
                self.side = !self.side;
                self.ep = None;
            }
            EditAction::Castle(bit) => self.castling = CastleRights(self.castling.0 ^ bit),
            EditAction::EnPassant => {
                self.ep = if self.ep == Some(cursor) {
                    None
                } else {
                    Some(cursor)
                }
            }
            EditAction::Done | EditAction::Cancel | EditAction::Undo | EditAction::Redo => {}
        }
        // A changed set-up is a new position: its fifty-move count starts.
        if position_part(&self.fen()) != position_part(&before) {
            self.halfmove = 0;
        }
        self.validate();
        self.record(before);
    }

    /// Sets up `board` (a pasted position), as a change Ctrl-Z takes back.
    pub fn set_up(&mut self, board: &Board) {
        let before = self.fen();
        self.replaced = Some(before.clone());
        self.set_position(&Editor::from_board(board));
        self.validate();
        self.record(before);
    }

    /// Sets up a pasted FEN whose position need not be legal yet (two
    /// kings missing, a pawn on the back rank: the editor is where such a
    /// set-up is mended), as a change Ctrl-Z takes back; false when the
    /// text is no placement of 8 ranks.
    pub fn set_up_text(&mut self, text: &str) -> bool {
        let Some(pasted) = Editor::from_text(text) else {
            return false;
        };
        let before = self.fen();
        self.replaced = Some(before.clone());
        self.set_position(&pasted);
        self.validate();
        self.record(before);
        true
    }

    /// Keeps `before` for Ctrl-Z when the set-up changed from it. What
    /// Ctrl-Y could still bring back is kept too: Ctrl-Z walks from
    /// `before` up through the undone set-ups and back down (Emacs's
    /// undo), so a change after Ctrl-Z loses none of them.
    fn record(&mut self, before: String) {
        if self.fen() == before {
            return;
        }
        // `before`, then the undone set-ups in the order Ctrl-Y would
        // bring them back (the redo list's top first).
        let mut up = vec![before];
        up.extend(self.redo.drain(..).rev());
        let down: Vec<String> = up[..up.len() - 1].iter().rev().cloned().collect();
        self.undo.extend(up);
        self.undo.extend(down);
    }

    /// Ctrl-Z (`back`) or Ctrl-Y: whether there was a change to take back
    /// (or to make again).
    pub fn step(&mut self, back: bool) -> bool {
        let now = self.fen();
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(text) = from.pop() else {
            return false;
        };
        to.push(now);
        if let Some(e) = Editor::from_text(&text) {
            self.set_position(&e);
        }
        self.validate();
        true
    }

    /// The pieces, side, castling, e.p. and move number of `other`; the
    /// brush and the history stay.
    fn set_position(&mut self, other: &Editor) {
        self.squares = other.squares;
        self.side = other.side;
        self.castling = other.castling;
        self.ep = other.ep;
        self.fullmove = other.fullmove;
        self.halfmove = other.halfmove;
    }

    /// "KQkq", or "-" for none.
    pub fn castling_text(&self) -> String {
        let mut s = String::new();
        for (bit, ch) in [
            (CastleRights::WHITE_KING, 'K'),
            (CastleRights::WHITE_QUEEN, 'Q'),
            (CastleRights::BLACK_KING, 'k'),
            (CastleRights::BLACK_QUEEN, 'q'),
        ] {
            if self.castling.has(bit) {
                s.push(ch);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// A FEN's position without its move counters (pieces, side, castling,
/// en passant).
fn position_part(fen: &str) -> Vec<&str> {
    fen.split_whitespace().take(4).collect()
}
