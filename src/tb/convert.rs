//! tapir's `Board` as the prober's position. Built from the bitboards (both
//! sides use bit i = square i, a1 = 0), so a probe in the search costs no
//! FEN text; castling rights are refused before this point.

use super::types::TbError;
use crate::chess::{Board, Color, PieceType};
use shakmaty::{Bitboard, ByColor, ByRole, CastlingMode, Chess, FromSetup, Setup};
use std::num::NonZeroU32;

/// The position for the prober, or why it cannot be one.
pub(crate) fn to_chess(b: &Board) -> Result<Chess, TbError> {
    if b.castling().0 != 0 {
        return Err(TbError::Castling);
    }
    let bb = |k: PieceType| Bitboard(b.pieces(k).0);
    let by_role = ByRole {
        pawn: bb(PieceType::Pawn),
        knight: bb(PieceType::Knight),
        bishop: bb(PieceType::Bishop),
        rook: bb(PieceType::Rook),
        queen: bb(PieceType::Queen),
        king: bb(PieceType::King),
    };
    let by_color = ByColor {
        white: Bitboard(b.color(Color::White).0),
        black: Bitboard(b.color(Color::Black).0),
    };
    let board =
        shakmaty::Board::try_from_bitboards(by_role, by_color).map_err(|_| TbError::BadPosition)?;
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: match b.side_to_move() {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        },
        castling_rights: Bitboard::EMPTY,
        // Only a square with a legal capture matters to the tables.
        ep_square: b
            .legal_ep_square()
            .map(|sq| shakmaty::Square::new(sq.index() as u32)),
        remaining_checks: None,
        halfmoves: u32::from(b.halfmove_clock()),
        fullmoves: NonZeroU32::new(u32::from(b.fullmove_number())).unwrap_or(NonZeroU32::MIN),
    };
    Chess::from_setup(setup, CastlingMode::Standard).map_err(|_| TbError::BadPosition)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::EnPassantMode;

    #[test]
    fn bitboards_give_the_same_position_as_the_fen() {
        for fen in [
            "8/8/8/4k3/8/8/8/4K2R w - - 0 1",
            "8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1",
            "8/2p5/8/KP5r/8/8/8/7k w - - 3 40",
            "4k3/8/8/8/8/8/6q1/4K3 b - - 7 12",
        ] {
            let ours = to_chess(&Board::from_fen(fen).unwrap()).unwrap();
            let theirs: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(ours, theirs, "{fen}");
            assert_eq!(
                Fen::from_position(&ours, EnPassantMode::Legal).to_string(),
                Fen::from_position(&theirs, EnPassantMode::Legal).to_string()
            );
        }
        let castle = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert_eq!(to_chess(&castle), Err(TbError::Castling));
    }
}
