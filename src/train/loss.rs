//! The training objective: the net's output squashed to an expected result,
//! compared by squared error with a blend of the search score's expected
//! result and the game's actual result.

use super::params::{NET_SCALE, SCALE_K};
use super::record::Record;

#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The target in 0..1 for the side to move: `lambda` of
/// sigmoid(score / SCALE_K) plus `1 - lambda` of the game result.
#[inline]
pub fn target(r: &Record, lambda: f32) -> f32 {
    let from_score = sigmoid(r.stm_score() as f32 / SCALE_K);
    let from_result = r.result.score_for(r.side_to_move());
    lambda * from_score + (1.0 - lambda) * from_result
}

/// Net output units (1.0 = NET_SCALE centipawns) to the logistic's input.
pub const OUT_TO_LOGIT: f32 = NET_SCALE as f32 / SCALE_K;

/// Loss of one position and its derivative by the float net output.
#[inline]
pub fn loss_and_grad(out: f32, target: f32) -> (f32, f32) {
    let p = sigmoid(out * OUT_TO_LOGIT);
    let e = p - target;
    (e * e, 2.0 * e * p * (1.0 - p) * OUT_TO_LOGIT)
}

/// Loss alone (validation).
#[inline]
pub fn loss(out: f32, target: f32) -> f32 {
    let e = sigmoid(out * OUT_TO_LOGIT) - target;
    e * e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gradient_matches_finite_difference() {
        for &(out, t) in &[(0.3f32, 0.9f32), (-1.2, 0.1), (2.0, 0.5)] {
            let h = 1e-3;
            let num = (loss(out + h, t) - loss(out - h, t)) / (2.0 * h);
            let (l, g) = loss_and_grad(out, t);
            assert!((l - loss(out, t)).abs() < 1e-7);
            assert!((num - g).abs() < 1e-3 * (1.0 + g.abs()), "{num} vs {g}");
        }
    }
}
