//! Which squares are unsafe for which of the side to move's pieces: those a
//! cheaper enemy piece attacks. The quiet-move ordering tries a piece
//! leaving such a square first and a piece stepping onto one last, which
//! the histories alone learn only slowly (they do not know piece values).

use super::params::THREAT_ORDER;
use crate::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks_set, rook_attacks,
};
use crate::chess::{Bitboard, Board, Move, PieceType};

/// The opponent's attacks by piece value: each set holds the cheaper
/// pieces' attacks too; `all` adds the queens' and the king's.
#[derive(Clone, Copy, Default)]
pub struct Threats {
    by_pawn: Bitboard,
    by_minor: Bitboard,
    by_rook: Bitboard,
    pub all: Bitboard,
}

impl Threats {
    /// The attacks of the side not to move in `b`.
    #[inline(always)]
    pub fn of(b: &Board) -> Threats {
        let them = !b.side_to_move();
        let occ = b.occupied();
        let by_pawn = pawn_attacks_set(them, b.colored(them, PieceType::Pawn));
        let mut by_minor = by_pawn;
        for sq in b.colored(them, PieceType::Knight) {
            by_minor |= knight_attacks(sq);
        }
        for sq in b.colored(them, PieceType::Bishop) {
            by_minor |= bishop_attacks(sq, occ);
        }
        let mut by_rook = by_minor;
        for sq in b.colored(them, PieceType::Rook) {
            by_rook |= rook_attacks(sq, occ);
        }
        let mut all = by_rook | king_attacks(b.king(them));
        for sq in b.colored(them, PieceType::Queen) {
            all |= bishop_attacks(sq, occ) | rook_attacks(sq, occ);
        }
        Threats {
            by_pawn,
            by_minor,
            by_rook,
            all,
        }
    }

    /// Where a piece of `kind` stands attacked by something cheaper.
    #[inline(always)]
    fn unsafe_for(&self, kind: PieceType) -> Bitboard {
        match kind {
            PieceType::Queen => self.by_rook,
            PieceType::Rook => self.by_minor,
            PieceType::Knight | PieceType::Bishop => self.by_pawn,
            PieceType::Pawn | PieceType::King => Bitboard::EMPTY,
        }
    }

    /// The ordering bonus of quiet `m` by a piece of `kind`: plus its
    /// weight for escaping to a safe square, minus it for stepping from a
    /// safe square into danger.
    #[inline(always)]
    pub fn order_bonus(&self, kind: PieceType, m: Move) -> i32 {
        let danger = self.unsafe_for(kind);
        match (danger.contains(m.from()), danger.contains(m.to())) {
            (true, false) => THREAT_ORDER[kind.index()],
            (false, true) => -THREAT_ORDER[kind.index()],
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test positions are known-good")]
    use super::*;
    use crate::chess::parse_uci;

    fn bonus(fen: &str, uci: &str) -> i32 {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_uci(&b, uci).unwrap();
        Threats::of(&b).order_bonus(b.kind_at(m.from()), m)
    }

    /// `all` is the set `Board::attacked_by` gives, which the histories
    /// were indexed by before `Threats` computed it.
    #[test]
    fn all_is_every_enemy_attack() {
        for fen in crate::search::bench_positions::BENCH_FENS {
            let b = Board::from_fen(fen).unwrap();
            let them = !b.side_to_move();
            assert_eq!(
                Threats::of(&b).all,
                b.attacked_by(them, b.occupied()),
                "{fen}"
            );
        }
    }

    #[test]
    fn a_queen_leaving_a_rooks_attack_goes_first_and_one_walking_into_it_last() {
        // Black's rook on d8 attacks the white queen on d1.
        let fen = "3r2k1/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert_eq!(bonus(fen, "d1a4"), THREAT_ORDER[4]);
        assert_eq!(bonus(fen, "d1d4"), 0, "still on the rook's file");
        // From a safe square onto the rook's file.
        let fen = "3r2k1/8/8/8/8/8/8/2Q1K3 w - - 0 1";
        assert_eq!(bonus(fen, "c1d2"), -THREAT_ORDER[4]);
        assert_eq!(bonus(fen, "c1c4"), 0);
    }

    #[test]
    fn a_knight_fears_pawns_but_not_rooks() {
        // The e5 pawn attacks d4 and f4; the rook on a4 the fourth rank.
        let fen = "6k1/8/8/4p3/r7/8/2N5/6K1 w - - 0 1";
        assert_eq!(bonus(fen, "c2b4"), 0, "a rook is no cheaper than a knight");
        assert_eq!(bonus(fen, "c2d4"), -THREAT_ORDER[1]);
        assert_eq!(bonus(fen, "c2e3"), 0);
        let fen = "r5k1/8/8/4p3/3N4/8/8/6K1 w - - 0 1";
        assert_eq!(bonus(fen, "d4f3"), THREAT_ORDER[1]);
        assert_eq!(bonus(fen, "d4f5"), THREAT_ORDER[1]);
    }
}
