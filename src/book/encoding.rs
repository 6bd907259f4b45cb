//! Polyglot's 16-bit move: to file (bits 0-2), to rank (3-5), from file
//! (6-8), from rank (9-11), promotion (12-14: none, knight, bishop, rook,
//! queen). Castling is written as the king taking its own rook (e1h1);
//! some books write the king's two-square step (e1g1), which is read too.

use crate::chess::{Move, PieceType, Square};

/// The Polyglot form of tapir's `m` (legal on its board).
pub fn encode(m: Move) -> u16 {
    let from = m.from();
    let to = if m.is_castle() {
        // The rook's corner on the king's rank.
        let file = if m.to().file() > from.file() { 7 } else { 0 };
        Square::from_coords(file, from.rank())
    } else {
        m.to()
    };
    let promo = match m.promotion() {
        Some(PieceType::Knight) => 1,
        Some(PieceType::Bishop) => 2,
        Some(PieceType::Rook) => 3,
        Some(PieceType::Queen) => 4,
        _ => 0,
    };
    to.file() as u16
        | (to.rank() as u16) << 3
        | (from.file() as u16) << 6
        | (from.rank() as u16) << 9
        | promo << 12
}

/// The move of `legal` (a position's legal moves, generated once for all
/// its entries) that `raw` stands for, if any.
pub fn decode(legal: &[Move], raw: u16) -> Option<Move> {
    if let Some(m) = legal.iter().copied().find(|&m| encode(m) == raw) {
        return Some(m);
    }
    // The king's two-square step for castling.
    legal
        .iter()
        .copied()
        .filter(|m| m.is_castle())
        .find(|&m| plain(m) == raw)
}

/// From and to squares as they are, no promotion.
pub(super) fn plain(m: Move) -> u16 {
    let (from, to) = (m.from(), m.to());
    to.file() as u16
        | (to.rank() as u16) << 3
        | (from.file() as u16) << 6
        | (from.rank() as u16) << 9
}
