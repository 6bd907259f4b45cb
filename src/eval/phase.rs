//! The game phase: 24 with all minor and major pieces on the board, 0 with
//! none. Every tapered value interpolates between its midgame and endgame
//! halves by this number.

use crate::chess::{Board, PieceType};

pub const MAX_PHASE: i32 = 24;

/// Phase weight of each piece type: minors 1, rooks 2, queens 4.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// 0 (bare kings and pawns) ..= 24 (opening material), clamped for
/// positions with promoted extra pieces.
pub fn game_phase(b: &Board) -> i32 {
    let raw: i32 = [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ]
    .iter()
    .map(|&k| PHASE_WEIGHT[k.index()] * b.pieces(k).count() as i32)
    .sum();
    raw.min(MAX_PHASE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_full_and_kings_are_zero() {
        assert_eq!(game_phase(&Board::startpos()), 24);
        assert_eq!(
            game_phase(&Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()),
            0
        );
        let promoted = Board::from_fen("QQQQ3k/8/8/8/8/8/8/QQQQK3 b - - 0 1").unwrap();
        assert_eq!(game_phase(&promoted), 24);
    }
}
