//! Static exchange evaluation: does a move win at least `threshold`
//! centipawns once both sides have traded off every attacker of the target
//! square, cheapest first? Sliders behind a piece that leaves the square
//! join in (x-rays). Pins are ignored, which is the usual approximation.

use super::params::SEE_VALUE;
use crate::chess::attacks::{bishop_attacks, rook_attacks};
use crate::chess::{Bitboard, Board, Move, PieceType};

/// The material a move wins at once: the victim plus any promotion gain.
#[inline]
pub fn move_gain(b: &Board, m: Move) -> i32 {
    let mut v = b.captured(m).map_or(0, |p| SEE_VALUE[p.kind().index()]);
    if let Some(p) = m.promotion() {
        v += SEE_VALUE[p.index()] - SEE_VALUE[PieceType::Pawn.index()];
    }
    v
}

/// Whether `m` wins at least `threshold` by exchange on its target square.
pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let from = m.from();
    let to = m.to();
    let mut swap = move_gain(b, m) - threshold;
    if swap < 0 {
        return false;
    }
    let mover = match m.promotion() {
        Some(p) => p,
        None => match b.piece_at(from) {
            Some(p) => p.kind(),
            None => return false,
        },
    };
    swap = SEE_VALUE[mover.index()] - swap;
    if swap <= 0 {
        return true;
    }

    let mut occ = b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
    if m.is_en_passant() {
        occ ^= Bitboard::from_square(crate::chess::Square::from_coords(to.file(), from.rank()));
    }
    let bq = b.pieces(PieceType::Bishop) | b.pieces(PieceType::Queen);
    let rq = b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen);
    let mut attackers = b.attackers_to(to, occ) & occ;
    let mut stm = b.side_to_move();
    // 1 while the side that moved last is winning the exchange so far.
    let mut res = 1;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & b.color(stm);
        if ours.is_empty() {
            break;
        }
        res ^= 1;
        let mut kind = PieceType::King;
        for k in [
            PieceType::Pawn,
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ] {
            if (ours & b.pieces(k)).any() {
                kind = k;
                break;
            }
        }
        if kind == PieceType::King {
            // The king may only capture last: if the other side still
            // attacks, the capture is illegal and the result flips back.
            if (attackers & b.color(!stm)).any() {
                res ^= 1;
            }
            break;
        }
        swap = SEE_VALUE[kind.index()] - swap;
        if swap < res {
            break;
        }
        let sq = (ours & b.pieces(kind)).lsb();
        occ ^= Bitboard::from_square(sq);
        match kind {
            PieceType::Pawn | PieceType::Bishop => attackers |= bishop_attacks(to, occ) & bq,
            PieceType::Rook => attackers |= rook_attacks(to, occ) & rq,
            PieceType::Queen => {
                attackers |= (bishop_attacks(to, occ) & bq) | (rook_attacks(to, occ) & rq)
            }
            _ => {}
        }
    }
    res != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{parse_move, Board};

    fn see(fen: &str, mv: &str, t: i32) -> bool {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_move(&b, mv).unwrap();
        see_ge(&b, m, t)
    }

    #[test]
    fn exchanges() {
        // Undefended pawn: wins 100.
        let f = "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1";
        assert!(see(f, "Rxd5", 100));
        assert!(!see(f, "Rxd5", 101));
        // Pawn defended by a pawn: rook for pawn loses 400.
        let f = "4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1";
        assert!(see(f, "Rxd5", -400));
        assert!(!see(f, "Rxd5", -399));
        // Knight takes a defended knight, x-ray rook behind: even trade.
        let f = "3rk3/3r4/8/3n4/8/4N3/8/3RK3 w - - 0 1";
        assert!(see(f, "Nxd5", 0));
        // Quiet move onto a square a pawn attacks loses the piece.
        let f = "4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1";
        assert!(!see(f, "Nb5", -100));
        assert!(see(f, "Nb5", -320));
        assert!(see(f, "Ne4", 0));
        // Queen promotion on a safe square gains 850.
        let f = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert!(see(f, "a8=Q", 850));
        assert!(!see(f, "a8=Q", 851));
    }
}
