//! One position as the tuner sees it: the sparse list of weight indices with
//! White's count minus Black's, the game phase and the drawish scale. The
//! evaluation is then `taper(sum of weight * count, phase) * scale / 64`, so
//! the tuner never has to run chess code again after loading.

use crate::chess::Board;
use crate::eval::hce::{self, params::SCALE_MAX};
use crate::eval::phase::{taper, MAX_PHASE};
use crate::eval::score::S;

/// One weight's count in a position: White's count minus Black's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index into `Params::to_vec()`.
    pub index: u16,
    pub count: i16,
}

/// A position's linear form (see the module comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearForm {
    /// Sorted by index, no zero counts.
    pub entries: Vec<Entry>,
    /// 0..=24.
    pub phase: u8,
    /// Drawish scale in 64ths, computed with the committed weights.
    pub scale: u8,
}

impl LinearForm {
    /// Extracts the linear form of `b` with the committed weights.
    pub fn from_board(b: &Board) -> LinearForm {
        let (coeffs, finish) = hce::linear_form(b);
        let entries = coeffs
            .into_iter()
            .map(|(i, n)| Entry {
                index: u16::try_from(i).expect("fewer than 65536 weights"),
                count: i16::try_from(n).expect("feature counts are small"),
            })
            .collect();
        LinearForm {
            entries,
            phase: finish.phase as u8,
            scale: finish.scale as u8,
        }
    }

    /// The integer evaluation (White's view) with packed weights `w`, done
    /// the way `evaluate` does it; equal to it whenever the scale is (always
    /// for the committed weights).
    pub fn eval_exact(&self, w: &[S]) -> i32 {
        let total: S = self
            .entries
            .iter()
            .map(|e| w[e.index as usize] * e.count as i32)
            .sum();
        taper(total, self.phase as i32) * self.scale as i32 / SCALE_MAX
    }

    /// The multipliers of the midgame and endgame sums in the evaluation:
    /// phase share times scale.
    #[inline]
    pub fn factors(phase: u8, scale: u8) -> (f64, f64) {
        let s = scale as f64 / SCALE_MAX as f64;
        let mg = phase as f64 / MAX_PHASE as f64;
        (mg * s, (1.0 - mg) * s)
    }

    /// The evaluation (White's view, centipawns, no rounding) with float
    /// weights laid out as in `weights`: midgame at `2i`, endgame at `2i+1`.
    pub fn eval(&self, w: &[f64]) -> f64 {
        let (fm, fe) = LinearForm::factors(self.phase, self.scale);
        let (mut mg, mut eg) = (0.0, 0.0);
        for e in &self.entries {
            let i = 2 * e.index as usize;
            mg += w[i] * e.count as f64;
            eg += w[i + 1] * e.count as f64;
        }
        fm * mg + fe * eg
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::hce::{evaluate_with, params::idx, Params, Tables};
    use crate::eval::score::s;
    use crate::train::tune::weights::from_params;

    fn playouts(seed: u64, n: usize) -> Vec<Board> {
        crate::eval::tests::playout_positions(n, seed)
    }

    #[test]
    fn start_position_is_tempo_only() {
        let r = LinearForm::from_board(&Board::startpos());
        assert_eq!(
            r.entries,
            vec![Entry {
                index: idx::tempo as u16,
                count: 1
            }]
        );
        assert_eq!((r.phase, r.scale), (24, 64));
        let black =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(LinearForm::from_board(&black).entries[0].count, -1);
    }

    #[test]
    fn counts_are_white_minus_black() {
        // White: knight on f3, pawns a2 b2; Black: pawn a7.
        let b = Board::from_fen("4k3/p7/8/8/8/5N2/PP6/4K3 w - - 0 1").unwrap();
        let r = LinearForm::from_board(&b);
        let count = |i: usize| {
            r.entries
                .iter()
                .find(|e| e.index as usize == i)
                .map_or(0, |e| e.count)
        };
        assert_eq!(count(idx::piece_value), 1); // 2 - 1 pawns
        assert_eq!(count(idx::piece_value + 1), 1); // the knight
        assert_eq!(count(idx::psqt + 64 + 21), 1); // f3 from White's side
                                                   // a2 for White and a7 for Black are the same relative square: they cancel.
        assert_eq!(count(idx::psqt + 8), 0);
        assert_eq!(count(idx::psqt + 9), 1); // b2
        assert!(r.entries.windows(2).all(|w| w[0].index < w[1].index));
        assert!(r.entries.iter().all(|e| e.count != 0));
    }

    #[test]
    fn linear_form_reproduces_evaluate() {
        let w = Params::DEFAULT.to_vec();
        let wf = from_params(&Params::DEFAULT);
        let mut scaled = 0;
        for b in playouts(5, 4000) {
            let r = LinearForm::from_board(&b);
            let white = crate::eval::evaluate(&b) * b.side_to_move().sign();
            // Exact with the integer arithmetic of `evaluate`...
            assert_eq!(r.eval_exact(&w), white, "{}", b.to_fen());
            // ...and within the taper's and scale's truncation in floats.
            assert!((r.eval(&wf) - white as f64).abs() < 2.0, "{}", b.to_fen());
            scaled += (r.scale != 64) as usize;
        }
        assert!(scaled > 20, "only {scaled} scaled positions");
    }

    #[test]
    fn linear_form_holds_for_other_weights_where_the_scale_does() {
        // Counts do not depend on the weights: with changed weights the form
        // still gives `evaluate_with` exactly, unless the drawish scale (the
        // one non-linear part, held at its committed value) changed.
        let mut p = Params::DEFAULT;
        p.tempo = s(7, -3);
        p.mobility_knight[4] = s(40, -20);
        p.psqt[0][28] = s(-30, 90);
        p.piece_value[3] = s(400, 700);
        p.king_attackers[2] = s(-60, 10);
        p.shield[1] = s(35, 5);
        let t = Tables::new(p.clone());
        let w = p.to_vec();
        let (mut same, mut differ) = (0, 0);
        for b in playouts(9, 3000) {
            let r = LinearForm::from_board(&b);
            let white = evaluate_with(&b, &t, None) * b.side_to_move().sign();
            let scale_now = crate::eval::trace::trace_with(&b, &t).scale;
            if scale_now == r.scale as i32 {
                assert_eq!(r.eval_exact(&w), white, "{}", b.to_fen());
                same += 1;
            } else {
                differ += 1;
            }
        }
        assert!(same > 2900 && differ < 100, "{same} {differ}");
    }
}
