//! A move in 16 bits (from 6, to 6, kind 4), small enough for the
//! transposition table and the killer slots, plus the fixed-capacity list the
//! generator fills.

use super::types::{PieceType, Square};
use std::fmt;

/// The four-bit kind of a move. Bit 2 marks a capture, bit 3 a promotion.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum MoveKind {
    Quiet = 0,
    DoublePush = 1,
    KingCastle = 2,
    QueenCastle = 3,
    Capture = 4,
    EnPassant = 5,
    PromoKnight = 8,
    PromoBishop = 9,
    PromoRook = 10,
    PromoQueen = 11,
    PromoCaptureKnight = 12,
    PromoCaptureBishop = 13,
    PromoCaptureRook = 14,
    PromoCaptureQueen = 15,
}

impl MoveKind {
    const fn from_bits(b: u16) -> MoveKind {
        match b & 15 {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::KingCastle,
            3 => MoveKind::QueenCastle,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            8 => MoveKind::PromoKnight,
            9 => MoveKind::PromoBishop,
            10 => MoveKind::PromoRook,
            11 => MoveKind::PromoQueen,
            12 => MoveKind::PromoCaptureKnight,
            13 => MoveKind::PromoCaptureBishop,
            14 => MoveKind::PromoCaptureRook,
            15 => MoveKind::PromoCaptureQueen,
            // 6 and 7 are never constructed; treat them as quiet.
            _ => MoveKind::Quiet,
        }
    }

    /// The promotion kind for `piece`, capturing or not.
    pub const fn promotion(piece: PieceType, capture: bool) -> MoveKind {
        let base = match piece {
            PieceType::Knight => 8,
            PieceType::Bishop => 9,
            PieceType::Rook => 10,
            _ => 11,
        };
        MoveKind::from_bits(base | if capture { 4 } else { 0 })
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// "No move": a1a1, which no legal move can be.
    pub const NULL: Move = Move(0);

    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::from_bits(self.0 >> 12)
    }

    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.0 >> 14 & 1 != 0
    }

    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        self.0 >> 15 != 0
    }

    /// Captures and promotions: what quiescence search looks at.
    #[inline(always)]
    pub const fn is_noisy(self) -> bool {
        self.0 >> 14 != 0
    }

    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::KingCastle | MoveKind::QueenCastle)
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind(), MoveKind::EnPassant)
    }

    pub const fn promotion(self) -> Option<PieceType> {
        if !self.is_promotion() {
            return None;
        }
        Some(match self.0 >> 12 & 3 {
            0 => PieceType::Knight,
            1 => PieceType::Bishop,
            2 => PieceType::Rook,
            _ => PieceType::Queen,
        })
    }
}

/// UCI long algebraic: e2e4, e7e8q, e1g1 for castling. Null prints as 0000.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion() {
            write!(f, "{}", p.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{self}({:?})", self.kind())
    }
}

/// The most legal moves any chess position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A stack-allocated move list, filled by the generator without allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // A legal position never reaches 256 moves; guard anyway instead of panicking.
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let e7 = Square::parse("e7").unwrap();
        let d8 = Square::parse("d8").unwrap();
        let m = Move::new(e7, d8, MoveKind::promotion(PieceType::Rook, true));
        assert_eq!((m.from(), m.to()), (e7, d8));
        assert!(m.is_capture() && m.is_promotion() && m.is_noisy());
        assert_eq!(m.promotion(), Some(PieceType::Rook));
        assert_eq!(m.to_string(), "e7d8r");
        let q = Move::new(e7, d8, MoveKind::Quiet);
        assert!(!q.is_noisy() && q.promotion().is_none());
        let ep = Move::new(e7, d8, MoveKind::EnPassant);
        assert!(ep.is_capture() && ep.is_en_passant() && !ep.is_promotion());
        assert_eq!(Move::NULL.to_string(), "0000");
    }
}
