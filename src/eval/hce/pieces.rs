//! Piece activity: mobility over safe squares, the bishop pair and rooks on
//! open files. Building the attack maps happens here too, since mobility
//! needs each piece's attacks anyway; king safety and threats read them.

use super::params::Params;
use super::sink::{w, Sink, Term};
use crate::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks_set, queen_attacks, rook_attacks,
};
use crate::chess::{Bitboard, Board, Color, PieceType, Square};

/// What each side attacks, gathered while scoring mobility.
pub(crate) struct Attacks {
    /// `[colour][piece type]`: squares attacked by that side's pieces of that type.
    pub by: [[Bitboard; 6]; 2],
    /// `[colour]`: squares attacked by anything of that side.
    pub all: [Bitboard; 2],
    /// `[colour]`: how many enemy pieces attack that side's king zone.
    pub zone_attackers: [i32; 2],
}

/// The squares around a king that attacks are counted on: the king's square,
/// its neighbours and one more rank towards the enemy.
#[inline(always)]
pub(crate) fn king_zone(b: &Board, c: Color) -> Bitboard {
    let k = b.king(c);
    let z = king_attacks(k).with(k);
    z | z.forward(c)
}

/// Records one piece's attacks: mobility is scored by the caller, the
/// king-zone hit here (charged to the side whose zone it is; it comes from
/// the attacker's square `from`).
#[inline(always)]
fn zone_hit<K: Sink>(
    p: &Params,
    a: &mut Attacks,
    k: &mut K,
    victim: Color,
    kind: PieceType,
    hits: Bitboard,
    from: Square,
) {
    if hits.any() {
        a.zone_attackers[victim.index()] += 1;
        k.add_from(
            victim,
            Term::KingSafety,
            w!(p.king_zone_attack[kind.index()]),
            hits.count() as i32,
            Bitboard::from_square(from),
        );
    }
}

pub(crate) fn pieces<K: Sink>(b: &Board, p: &Params, k: &mut K) -> Attacks {
    use PieceType::*;
    let occ = b.occupied();
    let pawns = b.pieces(Pawn);
    let pawn_att = [
        pawn_attacks_set(Color::White, b.colored(Color::White, Pawn)),
        pawn_attacks_set(Color::Black, b.colored(Color::Black, Pawn)),
    ];
    let zones = [king_zone(b, Color::White), king_zone(b, Color::Black)];
    let mut a = Attacks {
        by: [[Bitboard::EMPTY; 6]; 2],
        all: [Bitboard::EMPTY; 2],
        zone_attackers: [0; 2],
    };
    for c in Color::BOTH {
        let (ci, them) = (c.index(), !c);
        let zone = zones[them.index()];
        // Safe squares: not our own pawns or king, not guarded by enemy pawns.
        let area = !(b.colored(c, Pawn) | b.colored(c, King) | pawn_att[them.index()]);

        for sq in b.colored(c, Knight) {
            let att = knight_attacks(sq);
            a.by[ci][1] |= att;
            let n = (att & area).count() as usize;
            let at = Bitboard::from_square(sq);
            k.add_from(c, Term::Mobility, w!(p.mobility_knight[n]), 1, at);
            zone_hit(p, &mut a, k, them, Knight, att & zone, sq);
        }
        let bishops = b.colored(c, Bishop);
        for sq in bishops {
            let att = bishop_attacks(sq, occ);
            a.by[ci][2] |= att;
            let n = (att & area).count() as usize;
            let at = Bitboard::from_square(sq);
            k.add_from(c, Term::Mobility, w!(p.mobility_bishop[n]), 1, at);
            zone_hit(p, &mut a, k, them, Bishop, att & zone, sq);
        }
        if (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any() {
            k.add_from(c, Term::BishopPair, w!(p.bishop_pair), 1, bishops);
        }
        let own_pawns = b.colored(c, Pawn);
        for sq in b.colored(c, Rook) {
            let att = rook_attacks(sq, occ);
            a.by[ci][3] |= att;
            let n = (att & area).count() as usize;
            let at = Bitboard::from_square(sq);
            k.add_from(c, Term::Mobility, w!(p.mobility_rook[n]), 1, at);
            zone_hit(p, &mut a, k, them, Rook, att & zone, sq);
            let file = Bitboard::file(sq.file());
            if (file & pawns).is_empty() {
                k.add_from(c, Term::Rooks, w!(p.rook_open), 1, at);
            } else if (file & own_pawns).is_empty() {
                k.add_from(c, Term::Rooks, w!(p.rook_semi_open), 1, at);
            }
        }
        for sq in b.colored(c, Queen) {
            let att = queen_attacks(sq, occ);
            a.by[ci][4] |= att;
            let n = (att & area).count() as usize;
            let at = Bitboard::from_square(sq);
            k.add_from(c, Term::Mobility, w!(p.mobility_queen[n]), 1, at);
            zone_hit(p, &mut a, k, them, Queen, att & zone, sq);
        }
        a.by[ci][0] = pawn_att[ci];
        a.by[ci][5] = king_attacks(b.king(c));
        a.all[ci] = a.by[ci].iter().fold(Bitboard::EMPTY, |x, &y| x | y);
    }
    a
}
