//! The evaluation opened up: every term's packed value for each side, the
//! phase and the tapered result. The side panel and `tapir eval` show this;
//! tests check that the terms add up exactly to `evaluate()`.

use super::hce::{self, sink::Term, Tables};
use super::score::S;
use crate::chess::Board;

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
    /// Drawish scale factor applied to the tapered total, in 64ths (64 = none).
    pub scale: i32,
    /// The tapered total before the drawish scale, White's view.
    pub unscaled: i32,
}

/// The trace with the committed weights.
pub fn trace(b: &Board) -> Trace {
    trace_with(b, &hce::DEFAULT_TABLES)
}

/// The trace with other weights.
pub fn trace_with(b: &Board, t: &Tables) -> Trace {
    let (r, f) = hce::record(b, t);
    let terms: Vec<TermTrace> = Term::ALL
        .iter()
        .map(|&term| TermTrace {
            name: term.name(),
            white: r.terms[term as usize][0],
            black: r.terms[term as usize][1],
        })
        .collect();
    let total: S = terms.iter().map(TermTrace::total).sum();
    Trace {
        terms,
        phase: f.phase,
        total,
        tapered: f.tapered,
        score: f.tapered * b.side_to_move().sign(),
        scale: f.scale,
        unscaled: f.unscaled,
    }
}
