//! Threats, credited to the attacking side: pawns attacking pieces, minors
//! attacking rooks and queens, rooks attacking queens, and pieces that are
//! attacked but not defended at all.

use super::params::Params;
use super::pieces::Attacks;
use super::sink::{w, Sink, Term};
use crate::chess::{Board, Color, PieceType};

pub(crate) fn threats<K: Sink>(b: &Board, p: &Params, a: &Attacks, k: &mut K) {
    use PieceType::*;
    for c in Color::BOTH {
        let (ci, them) = (c.index(), !c);
        let by = &a.by[ci];
        // Most positions have few threats: test each set before counting it.
        let pieces = b.color(them) & !b.pieces(Pawn) & !b.pieces(King);
        if (by[0] & pieces).any() {
            for kind in [Knight, Bishop, Rook, Queen] {
                let hit = by[0] & b.colored(them, kind);
                let w = w!(p.threat_by_pawn[kind.index()]);
                k.add_from(c, Term::Threats, w, hit.count() as i32, hit);
            }
        }
        let heavy = b.color(them) & (b.pieces(Rook) | b.pieces(Queen));
        if ((by[1] | by[2] | by[3]) & heavy).any() {
            let minors = by[1] | by[2];
            for kind in [Rook, Queen] {
                let hit = minors & b.colored(them, kind);
                let w = w!(p.threat_by_minor[kind.index()]);
                k.add_from(c, Term::Threats, w, hit.count() as i32, hit);
            }
            let hit = by[3] & b.colored(them, Queen);
            let w = w!(p.threat_rook_on_queen);
            k.add_from(c, Term::Threats, w, hit.count() as i32, hit);
        }
        let hanging = pieces & a.all[ci] & !a.all[them.index()];
        if hanging.any() {
            let n = hanging.count() as i32;
            k.add_from(c, Term::Threats, w!(p.hanging), n, hanging);
        }
    }
}
