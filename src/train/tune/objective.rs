//! What the tuner minimises: the squared difference between the expected
//! result sigmoid(K * eval / 400) and a target, the game result blended
//! with the search score's expected result by lambda. Also the fit of K
//! itself: the scale that best maps the starting evaluation to results.

use crate::train::golden::minimise_log;

/// Centipawns per unit of the logistic's input when K = 1. The NNUE
/// trainer's logistic uses 400 / K for the tuned K (`SCALE_K`, 159).
pub const CP_PER_UNIT: f64 = 400.0;

/// The range searched for K.
pub const K_RANGE: (f64, f64) = (0.05, 10.0);

#[inline(always)]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Expected result (0..1, White's view) of an evaluation in centipawns.
#[inline(always)]
pub fn expected(eval: f64, k: f64) -> f64 {
    sigmoid(k * eval / CP_PER_UNIT)
}

/// The target for a position: `lambda` of the search score's expected
/// result plus `1 - lambda` of the game result (both White's view).
#[inline]
pub fn target(result: f64, score: f64, lambda: f64, k: f64) -> f64 {
    lambda * expected(score, k) + (1.0 - lambda) * result
}

/// The loss of one position and its derivative by the evaluation.
#[inline(always)]
pub fn loss_and_slope(eval: f64, target: f64, k: f64) -> (f64, f64) {
    let p = expected(eval, k);
    let d = p - target;
    (d * d, 2.0 * d * p * (1.0 - p) * k / CP_PER_UNIT)
}

/// Mean loss of (evaluation, target) pairs at scale `k`.
pub fn mean_loss(pairs: &[(f64, f64)], k: f64) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    let sum: f64 = pairs.iter().map(|&(e, t)| loss_and_slope(e, t, k).0).sum();
    sum / pairs.len() as f64
}

/// The K in `K_RANGE` minimising the mean loss of (evaluation, result)
/// pairs (the loss is unimodal in log K for any sensible evaluation).
/// Returns K and its loss.
pub fn fit_k(pairs: &[(f64, f64)]) -> (f64, f64) {
    let k = minimise_log(K_RANGE, |k| mean_loss(pairs, k));
    (k, mean_loss(pairs, k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::rng::Rng;

    #[test]
    fn slope_matches_finite_difference() {
        for &(e, t, k) in &[(120.0, 1.0, 1.3), (-300.0, 0.5, 0.8), (0.0, 0.0, 2.0)] {
            let h = 1e-4;
            let num = (loss_and_slope(e + h, t, k).0 - loss_and_slope(e - h, t, k).0) / (2.0 * h);
            let g = loss_and_slope(e, t, k).1;
            assert!((num - g).abs() < 1e-9 + 1e-6 * g.abs(), "{num} vs {g}");
        }
    }

    #[test]
    fn target_blends() {
        assert_eq!(target(1.0, -500.0, 0.0, 1.0), 1.0);
        assert_eq!(target(0.0, 0.0, 1.0, 1.0), 0.5);
        assert!((target(1.0, 0.0, 0.5, 1.0) - 0.75).abs() < 1e-12);
    }

    #[test]
    fn fit_k_recovers_the_scale_results_were_drawn_with() {
        // Results drawn from sigmoid(1.7 * eval / 400): the fit finds ~1.7.
        let mut rng = Rng::new(3);
        let pairs: Vec<(f64, f64)> = (0..200_000)
            .map(|_| {
                let e = rng.symmetric_f32(800.0) as f64;
                let r = (rng.unit_f32() as f64) < expected(e, 1.7);
                (e, r as u8 as f64)
            })
            .collect();
        let (k, loss) = fit_k(&pairs);
        assert!((k - 1.7).abs() < 0.05, "{k}");
        assert!(loss <= mean_loss(&pairs, 1.5) && loss <= mean_loss(&pairs, 1.9));
    }
}
