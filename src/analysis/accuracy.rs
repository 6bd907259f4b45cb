//! Accuracy per side (0-100) and average centipawn loss, computed as
//! Lichess computes them (lila `AccuracyPercent.scala`):
//!
//! 1. every position's win% for White (mates as the centipawn ceiling);
//! 2. each move's accuracy from the mover's drop in win%:
//!    `103.17 * exp(-0.0435 * drop) - 3.17`, plus 1, within 0..100
//!    (100 when the mover's win% did not drop);
//! 3. each move's weight: the standard deviation of win% over a window
//!    of positions around it (a tenth of the game, 2 to 8 positions; the
//!    first moves share the first window), clipped to 0.5..12, so moves
//!    in sharp stretches count more;
//! 4. a side's accuracy: the mean of the weighted mean and the harmonic
//!    mean (each accuracy read as at least 1) of its moves' accuracies;
//!    the harmonic mean makes one blunder hurt more than an average would.
//!
//! Lichess starts from a fixed score of the initial position; the report
//! starts from its own search of the game's first position (a game from
//! a set-up position included).

use super::params::{
    ACCURACY_A, ACCURACY_B, ACCURACY_BONUS, ACCURACY_C, HARMONIC_FLOOR, WEIGHT_MAX, WEIGHT_MIN,
    WINDOW_MAX, WINDOW_MIN,
};
use super::score::WhiteScore;
use super::winprob::win_percent;
use crate::chess::Color;

/// One move's accuracy (0..100) from the mover's win% before and after.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    (ACCURACY_A * (-ACCURACY_B * drop).exp() + ACCURACY_C + ACCURACY_BONUS).clamp(0.0, 100.0)
}

/// What a side did over a game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SideFigures {
    /// 0..100; `None` when the side made no move.
    pub accuracy: Option<f64>,
    /// Average centipawn loss (scores clipped to +-10 pawns, mates as the
    /// clip); `None` when the side made no move.
    pub acpl: Option<f64>,
    pub moves: usize,
}

/// Both sides' figures from the scores of every position of a line,
/// `scores[0]` before the first move, made by `first`.
pub fn game_figures(scores: &[WhiteScore], first: Color) -> [SideFigures; 2] {
    let wins: Vec<f64> = scores
        .iter()
        .map(|&s| win_percent(s, Color::White))
        .collect();
    let moves = scores.len().saturating_sub(1);
    let weights = weights(&wins, moves);
    let mut acc: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    let mut loss: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for i in 0..moves {
        let mover = if i % 2 == 0 { first } else { !first };
        let (prev, next) = (wins[i], wins[i + 1]);
        let a = match mover {
            Color::White => move_accuracy(prev, next),
            Color::Black => move_accuracy(100.0 - prev, 100.0 - next),
        };
        let side = mover as usize;
        acc[side].push((a, weights[i]));
        let cp_loss =
            scores[i].cp_ceiled() * mover.sign() - scores[i + 1].cp_ceiled() * mover.sign();
        loss[side].push(cp_loss.max(0) as f64);
    }
    [0, 1].map(|side| SideFigures {
        accuracy: side_accuracy(&acc[side]),
        acpl: (!loss[side].is_empty())
            .then(|| loss[side].iter().sum::<f64>() / loss[side].len() as f64),
        moves: acc[side].len(),
    })
}

/// The weight of each move: the volatility of win% around it.
fn weights(wins: &[f64], moves: usize) -> Vec<f64> {
    let size = (moves / 10).clamp(WINDOW_MIN, WINDOW_MAX);
    let first = &wins[..size.min(wins.len())];
    let mut windows: Vec<&[f64]> = Vec::with_capacity(moves);
    for _ in 0..size.min(wins.len()).saturating_sub(2) {
        windows.push(first);
    }
    if wins.len() <= size {
        windows.push(wins);
    } else {
        windows.extend(wins.windows(size));
    }
    windows
        .iter()
        .take(moves)
        .map(|w| std_dev(w).clamp(WEIGHT_MIN, WEIGHT_MAX))
        .collect()
}

/// Population standard deviation.
fn std_dev(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The mean of the weighted mean and the harmonic mean.
fn side_accuracy(acc: &[(f64, f64)]) -> Option<f64> {
    if acc.is_empty() {
        return None;
    }
    let w: f64 = acc.iter().map(|&(_, w)| w).sum();
    let weighted = acc.iter().map(|&(a, w)| a * w).sum::<f64>() / w;
    let harmonic = acc.len() as f64
        / acc
            .iter()
            .map(|&(a, _)| 1.0 / a.max(HARMONIC_FLOOR))
            .sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    #[test]
    fn move_accuracy_is_lichess_fit() {
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(50.0, 60.0), 100.0);
        // No drop in the fit gives 100 + 1, clipped to 100.
        assert_eq!(move_accuracy(50.0, 49.999_999), 100.0);
        let a = move_accuracy(60.0, 50.0);
        let want = 103.166_810_071_164_9 * (-0.435_441_538_675_395_1f64).exp()
            - 3.166_924_740_191_411
            + 1.0;
        assert!((a - want).abs() < 1e-9, "{a}");
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn game_figures_on_crafted_sequences() {
        // Perfect play: both sides 100, no loss.
        let flat = vec![WhiteScore(20); 21];
        let [w, b] = game_figures(&flat, Color::White);
        assert_eq!(w.accuracy, Some(100.0));
        assert_eq!(b.accuracy, Some(100.0));
        assert_eq!((w.moves, b.moves), (10, 10));
        assert_eq!(w.acpl, Some(0.0));
        // Black blunders once (ply 6: +0.2 -> +3.5), then mates go on.
        let mut s = vec![WhiteScore(20); 12];
        for x in s.iter_mut().skip(6) {
            *x = WhiteScore(350);
        }
        s.push(WhiteScore(MATE - 3));
        s.push(WhiteScore(MATE - 2));
        s.push(WhiteScore(MATE - 1));
        let [w, b] = game_figures(&s, Color::White);
        assert_eq!(w.accuracy, Some(100.0), "White never lost ground");
        let ba = b.accuracy.unwrap();
        assert!(ba < 80.0 && ba > 20.0, "{ba}");
        // Black's losses: 330 cp at the blunder, the rest 0 or mate clip.
        assert_eq!(b.moves, 7);
        let acpl = b.acpl.unwrap();
        assert!((acpl - (330.0 + 650.0) / 7.0).abs() < 1e-9, "{acpl}");
        // Too short to judge.
        let [w, b] = game_figures(&[WhiteScore(0)], Color::White);
        assert_eq!((w.accuracy, b.accuracy), (None, None));
        // Black starts (a set-up position): the first move is Black's.
        let [w, b] = game_figures(&[WhiteScore(0), WhiteScore(300)], Color::Black);
        assert_eq!(w.moves, 0);
        assert!(b.accuracy.unwrap() < 60.0);
    }
}
