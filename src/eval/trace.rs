//! The evaluation opened up: every term's packed value for each side, the
//! phase and the tapered result. The side panel and `tapir eval` show this;
//! tests check that the terms add up exactly to `evaluate()`.
//!
//! PLACEHOLDER: until the hand-crafted terms land this holds material only.

use super::phase::game_phase;
use super::score::S;
use crate::chess::{Board, Color, PieceType};

/// One evaluation term, from each side's own point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermTrace {
    pub name: &'static str,
    pub white: S,
    pub black: S,
}

impl TermTrace {
    /// White's value minus Black's.
    pub fn total(&self) -> S {
        self.white - self.black
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub terms: Vec<TermTrace>,
    /// 0..=24.
    pub phase: i32,
    /// Sum of every term's total, White's view, packed.
    pub total: S,
    /// The total tapered by the phase (and scaled), White's view, centipawns.
    pub tapered: i32,
    /// What `evaluate()` returns: the side to move's view.
    pub score: i32,
}

/// The placeholder trace: material only.
pub fn trace(b: &Board) -> Trace {
    const VALUE: [S; 6] = [
        S::new(100, 100),
        S::new(320, 320),
        S::new(330, 330),
        S::new(500, 500),
        S::new(900, 900),
        S::ZERO,
    ];
    let side = |c: Color| -> S {
        PieceType::ALL
            .iter()
            .map(|&k| VALUE[k.index()] * b.colored(c, k).count() as i32)
            .sum()
    };
    let terms = vec![TermTrace {
        name: "Material",
        white: side(Color::White),
        black: side(Color::Black),
    }];
    let total: S = terms.iter().map(TermTrace::total).sum();
    let phase = game_phase(b);
    let tapered = super::phase::taper(total, phase);
    Trace {
        terms,
        phase,
        total,
        tapered,
        score: tapered * b.side_to_move().sign(),
    }
}
