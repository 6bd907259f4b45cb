//! King safety, charged to the side whose king it is: enemy pieces bearing
//! on the king zone (the per-square part is counted while building attacks),
//! safe checking squares, and the pawn shield and storm on the three files
//! around the king.

use super::params::Params;
use super::pawns::PawnEntry;
use super::pieces::Attacks;
use super::sink::{w, Sink, Term};
use crate::chess::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use crate::chess::{Bitboard, Board, Color, PieceType};

/// Squares on the king's rank or ahead of it, seen from `c`.
#[inline(always)]
fn at_or_ahead(c: Color, rank: u8) -> Bitboard {
    match c {
        Color::White => Bitboard(!0u64 << (8 * rank)),
        Color::Black => Bitboard(!0u64 >> (8 * (7 - rank))),
    }
}

/// Of some squares on one file, the one nearest to `c`'s back rank.
#[inline(always)]
fn nearest_square(c: Color, set: Bitboard) -> Bitboard {
    Bitboard::from_square(match c {
        Color::White => set.lsb(),
        Color::Black => set.msb(),
    })
}

/// The relative rank of `nearest_square`.
#[inline(always)]
fn nearest(c: Color, set: Bitboard) -> u8 {
    let sq = match c {
        Color::White => set.lsb(),
        Color::Black => set.msb(),
    };
    c.relative_rank(sq.rank())
}

/// Attacks on the king zone, safe checks and (from the pawn entry when the
/// fast path has one) shield and storm.
pub(crate) fn king_safety<K: Sink>(
    b: &Board,
    p: &Params,
    a: &Attacks,
    mut pawns: Option<&mut PawnEntry>,
    k: &mut K,
) {
    use PieceType::*;
    let occ = b.occupied();
    for c in Color::BOTH {
        let them = !c;
        let ti = them.index();
        let ksq = b.king(c);

        let n = a.zone_attackers[c.index()];
        let king = Bitboard::from_square(ksq);
        if n > 0 {
            let w = w!(p.king_attackers[n.min(7) as usize]);
            k.add_from(c, Term::KingSafety, w, 1, king);
        }

        // Squares from which an enemy piece would check us, that we do not guard.
        let safe = !a.all[c.index()] & !b.color(them);
        let diag = bishop_attacks(ksq, occ) & safe;
        let orth = rook_attacks(ksq, occ) & safe;
        let checks = [
            (Knight, knight_attacks(ksq) & safe & a.by[ti][1]),
            (Bishop, diag & a.by[ti][2]),
            (Rook, orth & a.by[ti][3]),
            (Queen, (diag | orth) & a.by[ti][4]),
        ];
        for (kind, set) in checks {
            if set.any() {
                let w = w!(p.safe_check[kind.index()]);
                k.add_from(c, Term::KingSafety, w, 1, set);
            }
        }

        match pawns.as_deref_mut() {
            // Already White minus Black.
            Some(e) if !K::TRACE => {
                k.add(Color::White, Term::KingSafety, (0, e.shelter(b, p, c)), 1)
            }
            _ => shelter(b, p, c, k),
        }
    }
}

/// Shield and storm on the king's file and its neighbours (kept on the
/// board): depends on the pawns and the king square only.
#[inline(always)]
pub(crate) fn shelter<K: Sink>(b: &Board, p: &Params, c: Color, k: &mut K) {
    let ksq = b.king(c);
    let ahead = at_or_ahead(c, ksq.rank());
    let (own, enemy) = (
        b.colored(c, PieceType::Pawn) & ahead,
        b.colored(!c, PieceType::Pawn) & ahead,
    );
    let centre = ksq.file().clamp(1, 6);
    let king = Bitboard::from_square(ksq);
    for f in centre - 1..=centre + 1 {
        let file = Bitboard::file(f);
        let mine = own & file;
        let (shield, at) = if mine.any() {
            (nearest(c, mine), nearest_square(c, mine))
        } else {
            (0, king)
        };
        k.add_from(c, Term::KingSafety, w!(p.shield[shield as usize]), 1, at);
        let theirs = enemy & file;
        let (storm, at) = if theirs.any() {
            (nearest(c, theirs), nearest_square(c, theirs))
        } else {
            (0, king)
        };
        k.add_from(c, Term::KingSafety, w!(p.storm[storm as usize]), 1, at);
    }
}
