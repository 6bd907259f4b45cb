//! The tuner's weights: every `S` of `Params` as two floats (midgame at
//! `2i`, endgame at `2i + 1`), the way back to rounded integer `Params`, and
//! the exact re-parameterisations that keep the fitted tables readable.
//!
//! Some directions in weight space do not change any evaluation: adding a
//! constant to every placement entry of a piece type while taking it off
//! the piece value (each piece has exactly one placement entry), likewise
//! for its mobility table, or shifting the whole king table or the whole
//! shield or storm table (each side always has one king and three shelter
//! files, so the shift cancels between White and Black). The data cannot
//! say where along those directions the weights belong, so after fitting
//! `normalise` moves each such table's mean back to where it started and
//! hands the difference to the piece value where there is one (and where
//! the piece value is not frozen). The evaluation is unchanged by this
//! (before rounding).

use crate::eval::hce::params::idx;
use crate::eval::hce::Params;
use crate::eval::score::S;

/// Two floats per weight, midgame first.
pub fn from_params(p: &Params) -> Vec<f64> {
    p.to_vec()
        .iter()
        .flat_map(|s| [s.mg() as f64, s.eg() as f64])
        .collect()
}

/// Rounds to the nearest integer centipawn (clamped to `i16`) and builds
/// `Params` from the result.
pub fn to_params(w: &[f64]) -> Params {
    let round = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    let packed: Vec<S> = w
        .chunks_exact(2)
        .map(|h| S::new(round(h[0]), round(h[1])))
        .collect();
    Params::from_slice(&packed).expect("two floats per weight")
}

/// Squares a piece type can stand on, from its owner's side.
fn usable_squares(kind: usize) -> std::ops::Range<usize> {
    if kind == 0 {
        8..56
    } else {
        0..64
    }
}

/// Shifts weights `first..first + n` (stride 1, both halves) so that their
/// mean over `range` equals that of `start`; returns the (mg, eg) amount
/// taken off each of them.
fn recentre(w: &mut [f64], start: &[f64], first: usize, range: std::ops::Range<usize>) -> [f64; 2] {
    let n = range.len() as f64;
    let mut shift = [0.0; 2];
    for (h, s) in shift.iter_mut().enumerate() {
        let mean = |v: &[f64]| range.clone().map(|i| v[2 * (first + i) + h]).sum::<f64>() / n;
        *s = mean(w) - mean(start);
        for i in range.clone() {
            w[2 * (first + i) + h] -= *s;
        }
    }
    shift
}

/// Moves the fitted weights along the directions that change no
/// evaluation, back to the starting tables' means (see the module comment).
/// `frozen` flags the weights (as float halves) the fit kept fixed; a
/// frozen piece value takes nothing over.
pub fn normalise(w: &mut [f64], start: &[f64], frozen: &[bool]) {
    let mobility = [
        (1, idx::mobility_knight, 9),
        (2, idx::mobility_bishop, 14),
        (3, idx::mobility_rook, 15),
        (4, idx::mobility_queen, 28),
    ];
    for kind in 0..5 {
        if frozen[2 * (idx::piece_value + kind)] {
            continue;
        }
        let [mg, eg] = recentre(w, start, idx::psqt + 64 * kind, usable_squares(kind));
        w[2 * (idx::piece_value + kind)] += mg;
        w[2 * (idx::piece_value + kind) + 1] += eg;
    }
    for (kind, first, n) in mobility {
        if frozen[2 * (idx::piece_value + kind)] {
            continue;
        }
        let [mg, eg] = recentre(w, start, first, 0..n);
        w[2 * (idx::piece_value + kind)] += mg;
        w[2 * (idx::piece_value + kind) + 1] += eg;
    }
    recentre(w, start, idx::psqt + 64 * 5, 0..64);
    recentre(w, start, idx::shield, 0..8);
    recentre(w, start, idx::storm, 0..8);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::rng::Rng;
    use crate::train::tune::linear_form::LinearForm;

    #[test]
    fn round_trip_and_rounding() {
        let w = from_params(&Params::DEFAULT);
        assert_eq!(w.len(), 2 * Params::LEN);
        assert_eq!(to_params(&w), Params::DEFAULT);
        let mut v = w.clone();
        v[2 * idx::tempo] = 20.6;
        v[2 * idx::tempo + 1] = -1e9;
        let p = to_params(&v);
        assert_eq!((p.tempo.mg(), p.tempo.eg()), (21, i16::MIN));
    }

    #[test]
    fn normalise_changes_no_evaluation() {
        // Kinds are wrong in the mobility table below if the layout changes.
        assert_eq!(idx::mobility_bishop - idx::mobility_knight, 9);
        assert_eq!(idx::mobility_queen - idx::mobility_rook, 15);
        let start = from_params(&Params::DEFAULT);
        let mut rng = Rng::new(4);
        let mut w: Vec<f64> = start
            .iter()
            .map(|x| x + rng.symmetric_f32(30.0) as f64)
            .collect();
        let before = w.clone();
        normalise(&mut w, &start, &vec![false; start.len()]);
        assert_ne!(w, before);
        let boards = crate::eval::tests::playout_positions(3000, 77);
        for b in &boards {
            let r = LinearForm::from_board(b);
            assert!(
                (r.eval(&w) - r.eval(&before)).abs() < 1e-6,
                "{}",
                b.to_fen()
            );
        }
        // The king table's mean is back where it started.
        let mean = |v: &[f64]| (0..64).map(|i| v[2 * (idx::psqt + 320 + i)]).sum::<f64>();
        assert!((mean(&w) - mean(&start)).abs() < 1e-6);
        // A frozen piece value takes nothing over.
        let mut frozen = vec![false; start.len()];
        frozen[2 * (idx::piece_value + 1)..2 * (idx::piece_value + 2)].fill(true);
        let mut v = before.clone();
        normalise(&mut v, &start, &frozen);
        assert_eq!(
            v[2 * (idx::piece_value + 1)],
            before[2 * (idx::piece_value + 1)]
        );
        assert_ne!(
            v[2 * (idx::piece_value + 2)],
            before[2 * (idx::piece_value + 2)]
        );
    }
}
