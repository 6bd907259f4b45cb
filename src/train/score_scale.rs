//! Putting every data file's search scores on one scale before training.
//!
//! A score only means something through the results it predicts: the
//! hand-crafted evaluation's self-play wins about 73% at +160 cp, while a
//! net trained on a different scale may say +300 cp for the same chances.
//! Mixing such files as they are gives the net two contradicting targets
//! for one position, and a net whose centipawns are not the ones the
//! search's margins were tuned for. So each file's scale (centipawns per
//! unit of the logistic that best maps its scores to its game results) is
//! fitted, and its scores are multiplied into the trainer's `SCALE_K`.

use super::golden::minimise_log;
use super::loss::sigmoid;
use super::params::{FIT_SAMPLE, SCALE_FIT_RANGE, SCALE_K};
use super::record::Record;

/// Mean squared error of sigmoid(score / scale) against the results.
fn result_loss(pairs: &[(f32, f32)], scale: f32) -> f64 {
    let sum: f64 = pairs
        .iter()
        .map(|&(s, r)| f64::from((sigmoid(s / scale) - r).powi(2)))
        .sum();
    sum / pairs.len().max(1) as f64
}

/// The centipawns per logistic unit that best predict the game results
/// of `records` from their scores (`golden::minimise_log`), from an
/// evenly spaced sample of at most `FIT_SAMPLE` records. `None` for an
/// empty slice.
pub fn fit_scale(records: &[Record]) -> Option<f32> {
    if records.is_empty() {
        return None;
    }
    let step = records.len().div_ceil(FIT_SAMPLE);
    let pairs: Vec<(f32, f32)> = records
        .iter()
        .step_by(step)
        .map(|r| (r.stm_score() as f32, r.result.score_for(r.side_to_move())))
        .collect();
    let range = (f64::from(SCALE_FIT_RANGE.0), f64::from(SCALE_FIT_RANGE.1));
    Some(minimise_log(range, |scale| result_loss(&pairs, scale as f32)) as f32)
}

/// Multiplies every score by `SCALE_K / scale` (rounded, saturated to
/// i16), so that sigmoid(score / SCALE_K) afterwards is what
/// sigmoid(score / scale) was before.
pub fn rescale(records: &mut [Record], scale: f32) {
    let factor = SCALE_K / scale;
    for r in records {
        let s = (f32::from(r.score) * factor).round();
        r.score = s.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Board;
    use crate::train::record::GameResult;
    use crate::train::rng::Rng;

    /// Records whose results are drawn win/loss from sigmoid(score / scale).
    fn synthetic(scale: f32, n: usize) -> Vec<Record> {
        let board = Board::startpos();
        let mut rng = Rng::derive(9, 1);
        (0..n)
            .map(|i| {
                let score = (i % 1201) as i16 - 600;
                let p = sigmoid(score as f32 / scale);
                let result = if rng.symmetric_f32(0.5) + 0.5 < p {
                    GameResult::WhiteWin
                } else {
                    GameResult::BlackWin
                };
                Record::from_board(&board, score, result).unwrap()
            })
            .collect()
    }

    #[test]
    fn fit_recovers_the_scale_results_were_drawn_from() {
        for scale in [120.0f32, 300.0] {
            let fitted = fit_scale(&synthetic(scale, 60_000)).unwrap();
            assert!((fitted / scale - 1.0).abs() < 0.08, "{scale} -> {fitted}");
        }
        assert_eq!(fit_scale(&[]), None);
    }

    #[test]
    fn rescaling_keeps_the_expected_results() {
        let mut rs = synthetic(300.0, 1201);
        let before: Vec<i16> = rs.iter().map(|r| r.score).collect();
        rescale(&mut rs, 300.0);
        for (r, &s) in rs.iter().zip(&before) {
            let want = sigmoid(f32::from(s) / 300.0);
            let got = sigmoid(f32::from(r.score) / SCALE_K);
            assert!((want - got).abs() < 0.005, "{s} -> {}", r.score);
        }
    }
}
