//! The Polyglot key of a position: the XOR of `RANDOM64` entries for each
//! piece, each castling right, the en-passant file (only when a pawn of
//! the side to move stands beside the pawn that just moved two squares, as
//! the format says, whether or not the capture is legal) and White to move.

use super::random::RANDOM64;
use crate::chess::{Board, CastleRights, Color, PieceType, Square};

const CASTLE: usize = 768;
const EN_PASSANT: usize = 772;
const TURN: usize = 780;

/// Polyglot's piece index: black pawn 0, white pawn 1, black knight 2, ...
fn kind_index(kind: PieceType, color: Color) -> usize {
    2 * kind.index() + usize::from(color == Color::White)
}

/// The Polyglot key of `board`.
pub fn polyglot_key(board: &Board) -> u64 {
    let mut key = 0;
    for sq in board.occupied() {
        if let Some(p) = board.piece_at(sq) {
            key ^= RANDOM64[64 * kind_index(p.kind(), p.color()) + sq.index()];
        }
    }
    let rights = board.castling();
    for (i, bit) in [
        CastleRights::WHITE_KING,
        CastleRights::WHITE_QUEEN,
        CastleRights::BLACK_KING,
        CastleRights::BLACK_QUEEN,
    ]
    .into_iter()
    .enumerate()
    {
        if rights.has(bit) {
            key ^= RANDOM64[CASTLE + i];
        }
    }
    if let Some(ep) = board.ep_square() {
        if ep_counts(board, ep) {
            key ^= RANDOM64[EN_PASSANT + ep.file() as usize];
        }
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[TURN];
    }
    key
}

/// Whether a pawn of the side to move stands beside the pawn that just
/// moved past `ep`.
fn ep_counts(board: &Board, ep: Square) -> bool {
    let us = board.side_to_move();
    // The pushed pawn stands one rank beyond the e.p. square, seen from us.
    let rank = match us {
        Color::White => ep.rank().checked_sub(1),
        Color::Black => Some(ep.rank() + 1).filter(|&r| r < 8),
    };
    let Some(rank) = rank else {
        return false;
    };
    let pawns = board.colored(us, PieceType::Pawn);
    [
        ep.file().checked_sub(1),
        Some(ep.file() + 1).filter(|&f| f < 8),
    ]
    .into_iter()
    .flatten()
    .any(|f| pawns.contains(Square::from_coords(f, rank)))
}
