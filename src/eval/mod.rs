//! Static evaluation.
//!
//! PLACEHOLDER: material only until the hand-crafted evaluation lands; the
//! public functions (`evaluate`, `trace`) are the contract search and the
//! TUI build on.

pub mod phase;
pub mod score;
pub mod trace;

use crate::chess::Board;
pub use score::S;
pub use trace::{trace, TermTrace, Trace};

/// Score in centipawns from the side to move's point of view.
pub fn evaluate(b: &Board) -> i32 {
    trace(b).score
}

/// One evaluator per search thread; the search calls `evaluate` through it
/// so an incremental evaluator (NNUE accumulators) can keep state here.
///
/// PLACEHOLDER until the real evaluator lands: forwards to `evaluate`.
#[derive(Default)]
pub struct Evaluator;

impl Evaluator {
    pub fn new() -> Evaluator {
        Evaluator
    }

    /// Centipawns from the side to move's point of view.
    #[inline]
    pub fn evaluate(&mut self, b: &Board) -> i32 {
        evaluate(b)
    }

    /// Forgets cached state (new game).
    pub fn clear(&mut self) {}
}
