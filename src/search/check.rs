//! Whether a move gives check, without making it: the moved piece's own
//! attacks from its target square, or a slider of ours uncovered by the
//! move (en passant uncovers two squares; castling falls back to making the
//! move). The search asks this before deciding to prune a move, which is
//! most of the time cheaper than the copy-make it would otherwise need.
//! `CheckInfo` precomputes, once per node, the squares from which each
//! piece type checks and the pieces whose move uncovers a check.

use crate::chess::attacks::{
    between, bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::chess::{Bitboard, Board, Move, PieceType, Square};

/// Per-node check data for the side to move against the enemy king.
pub struct CheckInfo {
    ksq: Square,
    /// Squares from which a piece of each type gives check.
    direct: [Bitboard; 6],
    /// Our pieces that alone block one of our sliders from the enemy king.
    discoverers: Bitboard,
}

impl CheckInfo {
    pub fn new(b: &Board) -> CheckInfo {
        let us = b.side_to_move();
        let ksq = b.king(!us);
        let occ = b.occupied();
        let diag = bishop_attacks(ksq, occ);
        let orth = rook_attacks(ksq, occ);
        let bq = b.colored(us, PieceType::Bishop) | b.colored(us, PieceType::Queen);
        let rq = b.colored(us, PieceType::Rook) | b.colored(us, PieceType::Queen);
        let snipers =
            (bishop_attacks(ksq, Bitboard::EMPTY) & bq) | (rook_attacks(ksq, Bitboard::EMPTY) & rq);
        let mut discoverers = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(ksq, s) & occ;
            if blockers.any() && !blockers.several() {
                discoverers |= blockers & b.color(us);
            }
        }
        CheckInfo {
            ksq,
            direct: [
                pawn_attacks(!us, ksq),
                knight_attacks(ksq),
                diag,
                orth,
                diag | orth,
                Bitboard::EMPTY,
            ],
            discoverers,
        }
    }

    /// `gives_check(b, m)` for the board this was built from.
    #[inline]
    pub fn gives_check(&self, b: &Board, m: Move) -> bool {
        if m.is_castle() || m.is_en_passant() || m.is_promotion() {
            return gives_check(b, m);
        }
        let from = m.from();
        let to = m.to();
        let Some(piece) = b.piece_at(from) else {
            return false;
        };
        self.direct[piece.kind().index()].contains(to)
            || (self.discoverers.contains(from) && !line(from, self.ksq).contains(to))
    }
}

/// Whether `m` (legal on `b`) gives check.
pub fn gives_check(b: &Board, m: Move) -> bool {
    if m.is_castle() {
        return b.make(m).in_check();
    }
    let us = b.side_to_move();
    let them = !us;
    let ksq = b.king(them);
    let from = m.from();
    let to = m.to();
    let Some(piece) = b.piece_at(from) else {
        return false;
    };
    let kind = m.promotion().unwrap_or(piece.kind());
    let mut occ = b.occupied() ^ Bitboard::from_square(from) | Bitboard::from_square(to);
    if m.is_en_passant() {
        occ ^= Bitboard::from_square(Square::from_coords(to.file(), from.rank()));
    }
    let direct = match kind {
        PieceType::Pawn => pawn_attacks(us, to).contains(ksq),
        PieceType::Knight => knight_attacks(to).contains(ksq),
        PieceType::Bishop => bishop_attacks(to, occ).contains(ksq),
        PieceType::Rook => rook_attacks(to, occ).contains(ksq),
        PieceType::Queen => (bishop_attacks(to, occ) | rook_attacks(to, occ)).contains(ksq),
        // A king never checks directly.
        PieceType::King => false,
    };
    if direct {
        return true;
    }
    // Discovered: one of our other sliders now sees the king.
    let ours = b.color(us) & !Bitboard::from_square(from);
    let bq = (b.pieces(PieceType::Bishop) | b.pieces(PieceType::Queen)) & ours;
    let rq = (b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen)) & ours;
    (bishop_attacks(ksq, occ) & bq).any() || (rook_attacks(ksq, occ) & rq).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;

    #[test]
    fn agrees_with_make_on_the_perft_suite_two_plies_deep() {
        let text = include_str!("../../tests/data/perftsuite.epd");
        let mut checked = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let fen = line.split(';').next().unwrap().trim();
            let root = Board::from_fen(fen).unwrap();
            let mut boards = vec![root];
            for m in legal_moves(&root).iter() {
                boards.push(root.make(*m));
            }
            for b in boards {
                for &m in legal_moves(&b).iter() {
                    assert_eq!(
                        gives_check(&b, m),
                        b.make(m).in_check(),
                        "{} {m}",
                        b.to_fen()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }
}
