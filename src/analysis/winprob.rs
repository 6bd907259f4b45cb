//! From a centipawn score to the expected score: Lichess's logistic curve
//! (see `params::LOGISTIC_K`). A move's cost is how much of the mover's
//! expected score it gives away, which weighs a pawn near equality far
//! more than a pawn in a won position.

use super::params::LOGISTIC_K;
use super::score::WhiteScore;
use crate::chess::Color;

/// Winning chances, -1..+1, of a centipawn score (already clipped).
pub fn winning_chances(cp: i32) -> f64 {
    (2.0 / (1.0 + (-LOGISTIC_K * cp as f64).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// Win% (0..100) of `side` in a position scored `s`; mates count as the
/// centipawn ceiling, as Lichess counts them.
pub fn win_percent(s: WhiteScore, side: Color) -> f64 {
    50.0 + 50.0 * winning_chances(s.cp_ceiled() * side.sign())
}

/// Expected score (0..1) of `side`.
pub fn expected_score(s: WhiteScore, side: Color) -> f64 {
    win_percent(s, side) / 100.0
}

/// What `mover` gave away with a move from `before` to `after`, in
/// expected score (0..1; never negative: a move that gains gives nothing).
pub fn expected_drop(before: WhiteScore, after: WhiteScore, mover: Color) -> f64 {
    (expected_score(before, mover) - expected_score(after, mover)).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curve_is_lichess_s() {
        assert_eq!(winning_chances(0), 0.0);
        // 2 / (1 + e^-3.68208) - 1 = 0.9509...
        assert!((winning_chances(1000) - 0.950_9).abs() < 1e-3);
        assert!((winning_chances(-1000) + 0.950_9).abs() < 1e-3);
        let w = win_percent(WhiteScore(100), Color::White);
        assert!((w - 59.10).abs() < 0.01, "{w}");
        let b = win_percent(WhiteScore(100), Color::Black);
        assert!((w + b - 100.0).abs() < 1e-9);
        assert!(expected_drop(WhiteScore(0), WhiteScore(50), Color::White) == 0.0);
        let d = expected_drop(WhiteScore(0), WhiteScore(-300), Color::White);
        assert!((d - (0.5 - win_percent(WhiteScore(-300), Color::White) / 100.0)).abs() < 1e-12);
    }
}
