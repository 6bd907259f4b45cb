//! The game phase: 24 with all minor and major pieces on the board, 0 with
//! none. Every tapered value interpolates between its midgame and endgame
//! halves by this number.

use super::score::S;
use crate::chess::{Board, PieceType};

pub const MAX_PHASE: i32 = 24;

/// Phase weight of each piece type: minors 1, rooks 2, queens 4.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
// `game_phase` counts knights and bishops together.
const _: () = assert!(PHASE_WEIGHT[1] == PHASE_WEIGHT[2]);

/// 0 (bare kings and pawns) ..= 24 (opening material), clamped for
/// positions with promoted extra pieces.
pub fn game_phase(b: &Board) -> i32 {
    // Minors share a weight, so one count covers both.
    let minors = b.pieces(PieceType::Knight) | b.pieces(PieceType::Bishop);
    let raw = PHASE_WEIGHT[PieceType::Knight.index()] * minors.count() as i32
        + PHASE_WEIGHT[PieceType::Rook.index()] * b.pieces(PieceType::Rook).count() as i32
        + PHASE_WEIGHT[PieceType::Queen.index()] * b.pieces(PieceType::Queen).count() as i32;
    raw.min(MAX_PHASE)
}

/// Interpolates a packed score by the phase: `(mg * phase + eg * (24 - phase)) / 24`.
///
/// Rounding: the division truncates toward zero (Rust's `/`). Truncation is
/// symmetric under negation (`taper(-s, p) == -taper(s, p)`), which keeps the
/// evaluation exactly colour-symmetric; flooring would not. `phase` must be
/// 0..=24 (what `game_phase` returns).
#[inline(always)]
pub const fn taper(s: S, phase: i32) -> i32 {
    taper_24ths(s, phase) / MAX_PHASE
}

/// `taper` before its division: the tapered value in 24ths of a unit,
/// exact (the teaching panel rounds several terms so they add up).
#[inline(always)]
pub const fn taper_24ths(s: S, phase: i32) -> i32 {
    s.mg() as i32 * phase + s.eg() as i32 * (MAX_PHASE - phase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn taper_ends_and_rounding() {
        let v = S::new(100, -50);
        assert_eq!(taper(v, 24), 100);
        assert_eq!(taper(v, 0), -50);
        // 12/24 of the way: (1200 - 600) / 24 = 25 exactly.
        assert_eq!(taper(v, 12), 25);
        // (1*1 + 0*23) / 24 = 0.04 truncates to 0; likewise -0.04 to 0, not -1.
        assert_eq!(taper(S::new(1, 0), 1), 0);
        assert_eq!(taper(S::new(-1, 0), 1), 0);
        // (23 * 1) / 24 = 0.958 truncates toward zero to 0, and -0.958 to 0.
        assert_eq!(taper(S::new(1, 0), 23), 0);
        assert_eq!(taper(S::new(-1, 0), 23), 0);
        // (7*5 + 3*19) / 24 = 92 / 24 = 3.83 -> 3; negated -> -3.
        assert_eq!(taper(S::new(7, 3), 5), 3);
        assert_eq!(taper(S::new(-7, -3), 5), -3);
    }

    proptest! {
        #[test]
        fn taper_is_odd_and_matches_exact_truncation(
            mg in -20000i16..=20000, eg in -20000i16..=20000, phase in 0i32..=24
        ) {
            let t = taper(S::new(mg, eg), phase);
            prop_assert_eq!(taper(S::new(-mg, -eg), phase), -t);
            let exact = (mg as f64 * phase as f64 + eg as f64 * (24 - phase) as f64) / 24.0;
            prop_assert_eq!(t, exact.trunc() as i32);
        }
    }

    #[test]
    fn start_is_full_and_kings_are_zero() {
        assert_eq!(game_phase(&Board::startpos()), 24);
        assert_eq!(
            game_phase(&Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()),
            0
        );
        let promoted = Board::from_fen("QQQQ3k/8/8/8/8/8/8/QQQQK3 b - - 0 1").unwrap();
        assert_eq!(game_phase(&promoted), 24);
    }
}
