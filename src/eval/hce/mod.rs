//! The hand-crafted evaluation. Every term adds packed `S` values to a
//! `Sink`, White and Black each from their own point of view; the sum is
//! tapered once by the game phase and then scaled for drawish material.
//!
//! The code is generic over the sink: `sink::Total` (the fast path, no
//! trace overhead: folded tables, pawn cache) and `sink::Recorder` (every
//! term per side and every weight's feature count). Both run the same code,
//! so the trace adds up exactly to what `evaluate` returns.

pub mod attribution;
mod king;
pub mod params;
mod pawns;
mod pieces;
pub mod scale;
pub mod sink;
mod threats;
pub mod tunable;

use crate::chess::{Bitboard, Board, Color, PieceType};
use crate::eval::phase::{game_phase, taper};
use crate::eval::score::S;
pub use params::Params;
pub use pawns::PawnTable;
use sink::{w, Recorder, Sink, Term, Total};

/// The weights plus what is derived from them for speed: piece values
/// folded into the square tables.
#[derive(Clone, Debug)]
pub struct Tables {
    pub params: Params,
    /// `[piece type][square from the owner's side]`: value + placement.
    pub psq: [[S; 64]; 6],
}

impl Tables {
    pub const fn new(params: Params) -> Tables {
        let mut psq = [[S::ZERO; 64]; 6];
        let mut k = 0;
        while k < 6 {
            let mut sq = 0;
            while sq < 64 {
                psq[k][sq] = S(params.piece_value[k].0.wrapping_add(params.psqt[k][sq].0));
                sq += 1;
            }
            k += 1;
        }
        Tables { params, psq }
    }
}

/// The committed weights, ready to use.
pub static DEFAULT_TABLES: Tables = Tables::new(Params::DEFAULT);

/// Material and placement of one piece type. The fast path adds one folded
/// entry per piece; the trace keeps the two apart and names the weights.
#[inline(always)]
pub(crate) fn material<K: Sink>(b: &Board, t: &Tables, kind: PieceType, k: &mut K) {
    let p = &t.params;
    let ki = kind.index();
    for c in Color::BOTH {
        for sq in b.colored(c, kind) {
            let rs = sq.relative(c).index();
            if K::TRACE {
                let at = Bitboard::from_square(sq);
                k.add_from(c, Term::Material, w!(p.piece_value[ki]), 1, at);
                k.add_from(c, Term::Placement, w!(p.psqt[ki][rs]), 1, at);
            } else {
                k.add(c, Term::Placement, (0, t.psq[ki][rs]), 1);
            }
        }
    }
}

/// Adds every term to `k`. With a pawn table (fast path only) the pawn
/// structure, the pawns' material and placement and each king's pawn
/// shelter come from the cache.
#[inline(always)]
pub fn terms<K: Sink>(b: &Board, t: &Tables, pawn_table: Option<&mut PawnTable>, k: &mut K) {
    use PieceType::*;
    let p = &t.params;
    for kind in [Knight, Bishop, Rook, Queen, King] {
        material(b, t, kind, k);
    }
    let (passed, entry) = match pawn_table {
        Some(table) if !K::TRACE => {
            let e = table.probe(b, t);
            // `score` is already White minus Black.
            k.add(Color::White, Term::Pawns, (0, e.score), 1);
            (e.passed, Some(e))
        }
        _ => {
            material(b, t, Pawn, k);
            (pawns::structure(b, p, k), None)
        }
    };
    let a = pieces::pieces(b, p, k);
    pawns::passed_extras(b, p, passed, &a.all, k);
    king::king_safety(b, p, &a, entry, k);
    threats::threats(b, p, &a, k);
    k.add(b.side_to_move(), Term::Tempo, w!(p.tempo), 1);
}

/// The last step shared by both paths: phase, taper, drawish scale.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub phase: i32,
    /// The tapered total before scaling, White's view.
    pub unscaled: i32,
    /// 0..=SCALE_MAX.
    pub scale: i32,
    /// After scaling, White's view.
    pub tapered: i32,
}

#[inline(always)]
pub fn finish(b: &Board, total: S) -> Finish {
    let phase = game_phase(b);
    let unscaled = taper(total, phase);
    let scale = scale::factor(b, unscaled);
    // Truncating division keeps this odd-symmetric, like `taper`.
    let tapered = unscaled * scale / params::SCALE_MAX;
    Finish {
        phase,
        unscaled,
        scale,
        tapered,
    }
}

/// Centipawns from the side to move's view, with the given weights and an
/// optional pawn cache.
#[inline]
pub fn evaluate_with(b: &Board, t: &Tables, pawn_table: Option<&mut PawnTable>) -> i32 {
    let mut k = Total::default();
    terms(b, t, pawn_table, &mut k);
    finish(b, k.0).tapered * b.side_to_move().sign()
}

/// Runs the traced path: the per-term record and the final numbers.
pub fn record(b: &Board, t: &Tables) -> (Recorder, Finish) {
    let mut r = Recorder::new();
    terms(b, t, None, &mut r);
    let total: S = r.terms.iter().map(|s| s[0] - s[1]).sum();
    let f = finish(b, total);
    (r, f)
}

/// For a tuner: each weight index used in this position with White's count
/// minus Black's (sorted, merged, zeros dropped). The packed total equals
/// the sum of `Params::to_vec()[i] * n` over these.
pub fn coefficients(b: &Board) -> Vec<(usize, i32)> {
    linear_form(b).0
}

/// The evaluation as a linear form in the weights: `coefficients` plus the
/// phase and the drawish scale, both computed with the committed weights
/// (the scale depends on the weights only through the sign of the score).
pub fn linear_form(b: &Board) -> (Vec<(usize, i32)>, Finish) {
    let (r, finish) = record(b, &DEFAULT_TABLES);
    let mut f = r.features;
    f.sort_unstable_by_key(|x| x.0);
    let mut out: Vec<(usize, i32)> = Vec::with_capacity(f.len());
    for (i, n) in f {
        match out.last_mut() {
            Some(last) if last.0 == i => last.1 += n,
            _ => out.push((i, n)),
        }
    }
    out.retain(|x| x.1 != 0);
    (out, finish)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_enumerate_and_round_trip() {
        let v = Params::DEFAULT.to_vec();
        assert_eq!(v.len(), Params::LEN);
        assert_eq!(Params::names().len(), Params::LEN);
        assert_eq!(Params::from_slice(&v), Some(Params::DEFAULT));
        assert_eq!(Params::from_slice(&v[1..]), None);
        // Offsets point at the right weights.
        assert_eq!(v[params::idx::tempo], Params::DEFAULT.tempo);
        assert_eq!(
            v[params::idx::psqt + 64 * 3 + 7],
            Params::DEFAULT.psqt[3][7]
        );
        assert_eq!(
            Params::names()[params::idx::mobility_rook + 2],
            "mobility_rook[2]"
        );
        assert_eq!(Params::names()[params::idx::hanging], "hanging");
    }

    #[test]
    fn changed_weights_change_the_score() {
        let b = Board::startpos();
        let mut p = Params::DEFAULT;
        p.tempo = crate::eval::score::s(50, 50);
        let t = Tables::new(p);
        assert_eq!(evaluate_with(&b, &t, None), 50);
    }
}
