//! The small value types every other module speaks: colours, piece kinds,
//! pieces and squares. All are `Copy` newtypes or enums over `u8` so they
//! index arrays directly and cost nothing to pass around.

use std::fmt;

/// The side a piece belongs to, or the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White, -1 for Black: turns a White-relative score into this side's view.
    #[inline(always)]
    pub const fn sign(self) -> i32 {
        1 - 2 * (self as i32)
    }

    /// The rank (0-based) a square has when seen from this side.
    #[inline(always)]
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::White => rank,
            Color::Black => 7 - rank,
        }
    }

    /// "White" or "Black", as PGN tags and messages write the side.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece without its colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl PieceType {
    pub const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub const fn from_index(i: usize) -> PieceType {
        match i {
            0 => PieceType::Pawn,
            1 => PieceType::Knight,
            2 => PieceType::Bishop,
            3 => PieceType::Rook,
            4 => PieceType::Queen,
            _ => PieceType::King,
        }
    }

    /// Upper-case letter as in SAN and FEN (White's letters).
    pub const fn letter(self) -> char {
        ['P', 'N', 'B', 'R', 'Q', 'K'][self as usize]
    }

    /// Parses a piece letter in either case.
    pub fn from_letter(c: char) -> Option<PieceType> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceType::Pawn,
            'N' => PieceType::Knight,
            'B' => PieceType::Bishop,
            'R' => PieceType::Rook,
            'Q' => PieceType::Queen,
            'K' => PieceType::King,
            _ => return None,
        })
    }
}

/// A coloured piece, numbered `colour * 6 + type` (0..12) so it indexes tables.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceType) -> Piece {
        Piece(color as u8 * 6 + kind as u8)
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub const fn kind(self) -> PieceType {
        PieceType::from_index((self.0 % 6) as usize)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceType::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }

    /// The Unicode chess glyph for this piece.
    pub fn glyph(self) -> char {
        const GLYPHS: [char; 12] = ['♙', '♘', '♗', '♖', '♕', '♔', '♟', '♞', '♝', '♜', '♛', '♚'];
        GLYPHS[self.index()]
    }
}

/// A square 0..64, a1 = 0, h1 = 7, a8 = 56 (little-endian rank-file mapping).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const B8: Square = Square(57);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);

    /// # Panics
    /// Never in release code paths: callers pass 0..64 (debug-asserted).
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    #[inline(always)]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square((rank << 3 | file) & 63)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The same square mirrored left-right (a1 <-> h1).
    #[inline(always)]
    pub const fn flip_file(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// This square from `color`'s point of view (identity for White).
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// Adds a signed offset; the caller guarantees the result is on the board.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8 & 63)
    }

    /// Chebyshev (king-move) distance.
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        if df > dr {
            df
        } else {
            dr
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// Parses "e4"; anything else is `None`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        (f < 8 && r < 8).then(|| Square::from_coords(f, r))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }

    #[test]
    fn piece_letters_round_trip() {
        for c in "PNBRQKpnbrqk".chars() {
            assert_eq!(Piece::from_fen_char(c).unwrap().fen_char(), c);
        }
        assert!(Piece::from_fen_char('x').is_none());
    }
}
