//! Static evaluation: packed mg/eg scores, the game phase, the hand-crafted
//! terms with their trace, and the capture-gain helper for move ordering.
//!
//! The contract search and the TUI build on: `Evaluator` (one per search
//! thread, with its pawn cache), the free `evaluate` (no cache) and `trace`.

mod evaluator;
pub mod gain;
pub mod hce;
pub mod nnue;
pub mod phase;
pub mod score;
pub mod teach;
pub mod trace;

use crate::chess::Board;
pub use evaluator::{Evaluator, NNUE_EVAL_LIMIT};
pub use score::S;
pub use trace::{trace, TermTrace, Trace};

/// Score in centipawns from the side to move's point of view (no pawn
/// cache; the search uses `Evaluator`).
pub fn evaluate(b: &Board) -> i32 {
    hce::evaluate_with(b, &hce::DEFAULT_TABLES, None)
}

#[cfg(test)]
pub(crate) mod tests;
