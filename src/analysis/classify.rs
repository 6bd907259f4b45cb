//! A move's verdict from the scores before and after it: inaccuracy,
//! mistake or blunder by the drop in winning chances, and forced mates
//! judged on their own (a move into a mate, a mate let go), the way Lichess
//! judges them. Pure arithmetic on scores: the tests feed it crafted
//! sequences.

use super::params::{
    BLUNDER_DROP, CP_CEILING, INACCURACY_DROP, MATE_INACCURACY_CP, MATE_MISTAKE_CP, MISTAKE_DROP,
};
use super::score::WhiteScore;
use super::winprob::winning_chances;
use crate::chess::Color;
use crate::game::Nag;

/// How bad a move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    /// The NAG PGN writes for it: ?!, ? or ??.
    pub fn nag(self) -> Nag {
        match self {
            Class::Inaccuracy => Nag::DUBIOUS,
            Class::Mistake => Nag::MISTAKE,
            Class::Blunder => Nag::BLUNDER,
        }
    }

    pub fn glyph(self) -> &'static str {
        match self {
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// Why a move was judged, beside the drop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MateTurn {
    /// Not about a mate: the centipawn drop decided.
    None,
    /// The mover now gets mated by force.
    MateCreated,
    /// The mover had a forced mate and let it go.
    MateLost,
}

/// The verdict on `mover`'s move from `before` to `after` (both White's
/// view), and whether a mate decided it.
pub fn classify(before: WhiteScore, after: WhiteScore, mover: Color) -> (Option<Class>, MateTurn) {
    let b = before.for_side(mover);
    let a = after.for_side(mover);
    let b_mate_for = before.is_mate() && b > 0;
    let b_mate_against = before.is_mate() && b < 0;
    let a_mate_for = after.is_mate() && a > 0;
    let a_mate_against = after.is_mate() && a < 0;
    let cp = |s: WhiteScore| s.cp_ceiled() * mover.sign();
    if b_mate_for && !a_mate_for {
        // A forced mate let go: how won is the position still?
        let left = if a_mate_against {
            -CP_CEILING
        } else {
            cp(after)
        };
        let class = if !a_mate_against && left > MATE_INACCURACY_CP {
            Class::Inaccuracy
        } else if !a_mate_against && left > MATE_MISTAKE_CP {
            Class::Mistake
        } else {
            Class::Blunder
        };
        return (Some(class), MateTurn::MateLost);
    }
    if !before.is_mate() && a_mate_against {
        // Walked into a forced mate: how lost was it already?
        let was = cp(before);
        let class = if was < -MATE_INACCURACY_CP {
            Class::Inaccuracy
        } else if was < -MATE_MISTAKE_CP {
            Class::Mistake
        } else {
            Class::Blunder
        };
        return (Some(class), MateTurn::MateCreated);
    }
    if before.is_mate() || after.is_mate() || b_mate_against {
        // A mate kept (perhaps a slower one), a mate still coming, or a
        // mate found: no verdict.
        return (None, MateTurn::None);
    }
    let drop = winning_chances(cp(before)) - winning_chances(cp(after));
    let class = if drop >= BLUNDER_DROP {
        Some(Class::Blunder)
    } else if drop >= MISTAKE_DROP {
        Some(Class::Mistake)
    } else if drop >= INACCURACY_DROP {
        Some(Class::Inaccuracy)
    } else {
        None
    };
    (class, MateTurn::None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    fn mate_in(moves: i32, for_white: bool) -> WhiteScore {
        let s = MATE - (2 * moves - 1);
        WhiteScore(if for_white { s } else { -s })
    }

    #[test]
    fn centipawn_drops() {
        let w = Color::White;
        let b = Color::Black;
        assert_eq!(classify(WhiteScore(30), WhiteScore(20), w).0, None);
        // 0 -> -0.60: chances 0 -> -0.11; -1.20: -0.22; -2.00: -0.35.
        assert_eq!(
            classify(WhiteScore(0), WhiteScore(-60), w).0,
            Some(Class::Inaccuracy)
        );
        assert_eq!(
            classify(WhiteScore(0), WhiteScore(-120), w).0,
            Some(Class::Mistake)
        );
        assert_eq!(
            classify(WhiteScore(0), WhiteScore(-200), w).0,
            Some(Class::Blunder)
        );
        // The same drop for Black is a rise of White's score.
        assert_eq!(
            classify(WhiteScore(0), WhiteScore(200), b).0,
            Some(Class::Blunder)
        );
        assert_eq!(classify(WhiteScore(0), WhiteScore(-200), b).0, None);
        // A pawn in a won position costs little.
        assert_eq!(classify(WhiteScore(900), WhiteScore(700), w).0, None);
    }

    #[test]
    fn mates() {
        let w = Color::White;
        // Into a mate from equality: blunder; from a lost position: less.
        assert_eq!(
            classify(WhiteScore(0), mate_in(3, false), w),
            (Some(Class::Blunder), MateTurn::MateCreated)
        );
        assert_eq!(
            classify(WhiteScore(-800), mate_in(3, false), w).0,
            Some(Class::Mistake)
        );
        assert_eq!(
            classify(WhiteScore(-1500), mate_in(3, false), w).0,
            Some(Class::Inaccuracy)
        );
        // A mate let go: blunder unless still crushing.
        assert_eq!(
            classify(mate_in(2, true), WhiteScore(100), w),
            (Some(Class::Blunder), MateTurn::MateLost)
        );
        assert_eq!(
            classify(mate_in(2, true), WhiteScore(800), w).0,
            Some(Class::Mistake)
        );
        assert_eq!(
            classify(mate_in(2, true), WhiteScore(2000), w).0,
            Some(Class::Inaccuracy)
        );
        assert_eq!(
            classify(mate_in(2, true), mate_in(4, false), w).0,
            Some(Class::Blunder)
        );
        // A slower mate, a mate delivered, a mate found: no verdict.
        assert_eq!(classify(mate_in(2, true), mate_in(5, true), w).0, None);
        assert_eq!(
            classify(mate_in(1, true), WhiteScore::mated(Color::Black), w).0,
            None
        );
        assert_eq!(classify(WhiteScore(300), mate_in(2, true), w).0, None);
        // Already being mated: nothing more to lose.
        assert_eq!(classify(mate_in(3, false), mate_in(2, false), w).0, None);
        // Black's view of the same things.
        let b = Color::Black;
        assert_eq!(
            classify(WhiteScore(0), mate_in(2, true), b).0,
            Some(Class::Blunder)
        );
        assert_eq!(
            classify(mate_in(2, false), WhiteScore(0), b).0,
            Some(Class::Blunder)
        );
    }
}
