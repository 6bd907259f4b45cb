//! What each piece is worth to an evaluation here: the evaluation minus
//! the evaluation of the same position with that piece taken off, from
//! White's point of view. The network's side of this is
//! `nnue::explain`; this is the hand-crafted side, and the two whole
//! evaluations (White's view) that both views compare.

use crate::chess::{Bitboard, Board, Square};
use crate::eval::evaluate;
use crate::eval::nnue::{evaluate as nnue_output, Accumulator, Backend, Network};
use crate::eval::phase::game_phase;

/// The hand-crafted evaluation (tapered and scaled), White's view.
pub fn hce_white(b: &Board) -> i32 {
    evaluate(b) * b.side_to_move().sign()
}

/// The network's final evaluation, White's view: the number
/// `nnue::explain(..).final_white()` reports.
pub fn nnue_white(net: &Network, b: &Board) -> i32 {
    let acc = Accumulator::from_board(net, Backend::detect(), b);
    nnue_output(net, &acc, b.side_to_move(), game_phase(b)) * b.side_to_move().sign()
}

/// Per square (a1 = 0): the hand-crafted evaluation minus the evaluation
/// without the piece there, White's view; `None` for empty squares and kings.
pub fn hce_piece_values(b: &Board) -> [Option<i32>; 64] {
    let whole = hce_white(b);
    let mut out = [None; 64];
    for sq in b.occupied() {
        if let Some(without) = b.without(sq) {
            out[sq.index()] = Some(whole - hce_white(&without));
        }
    }
    out
}

/// The pieces without which the side not to move would be in check: a
/// position that could not arise, so their values above are of a board
/// no game reaches (a piece pinned to its king, a piece blocking a check
/// by the side to move).
pub fn exposing_pieces(b: &Board) -> Bitboard {
    let (us, them) = (b.side_to_move(), !b.side_to_move());
    let mut out = Bitboard::EMPTY;
    for sq in b.occupied() {
        if let Some(w) = b.without(sq) {
            if w.is_attacked(w.king(them), us, w.occupied()) {
                out |= Bitboard::from_square(sq);
            }
        }
    }
    out
}

/// The squares with a value, largest magnitude first (for lists).
pub fn largest_first(values: &[Option<i32>; 64]) -> Vec<(Square, i32)> {
    let mut v: Vec<(Square, i32)> = Square::all()
        .filter_map(|sq| values[sq.index()].map(|x| (sq, x)))
        .collect();
    v.sort_by_key(|&(sq, x)| (std::cmp::Reverse(x.abs()), sq.index()));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_that_shield_the_side_not_to_move_are_found() {
        // White to move: the knight on e7 shields Black's king from the
        // rook; a white bishop on d2 blocks nothing.
        let b = Board::from_fen("4k3/4n3/8/8/8/8/3B4/4RK2 w - - 0 1").unwrap();
        let e7 = Square::from_coords(4, 6);
        assert_eq!(exposing_pieces(&b), Bitboard::from_square(e7));
        // A white piece blocking White's own check on Black counts too.
        let b = Board::from_fen("4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1").unwrap();
        assert_eq!(
            exposing_pieces(&b),
            Bitboard::from_square(Square::from_coords(4, 1))
        );
    }
    use crate::chess::PieceType;
    use crate::eval::nnue::explain;

    #[test]
    fn removal_values_match_evaluate() {
        let b =
            Board::from_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
                .unwrap();
        let v = hce_piece_values(&b);
        for sq in Square::all() {
            match b.piece_at(sq) {
                Some(p) if p.kind() != PieceType::King => {
                    let without = b.without(sq).unwrap();
                    assert_eq!(v[sq.index()], Some(hce_white(&b) - hce_white(&without)));
                }
                _ => assert_eq!(v[sq.index()], None, "{sq}"),
            }
        }
        // A queen is worth a lot to its own side.
        let d1 = Square::parse("d1").unwrap().index();
        let d8 = Square::parse("d8").unwrap().index();
        assert!(v[d1].unwrap() > 500 && v[d8].unwrap() < -500);
        let list = largest_first(&v);
        assert_eq!(list.len(), 30);
        assert!(list.windows(2).all(|w| w[0].1.abs() >= w[1].1.abs()));
    }

    #[test]
    fn nnue_white_is_explains_final() {
        let net = Network::random(5);
        for fen in [crate::chess::START_FEN, "8/5k2/8/3p4/8/2N5/5K2/8 b - - 0 1"] {
            let b = Board::from_fen(fen).unwrap();
            assert_eq!(nnue_white(&net, &b), explain(&net, &b).final_white());
        }
    }
}
