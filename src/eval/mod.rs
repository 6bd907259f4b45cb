//! Static evaluation.
//!
//! PLACEHOLDER: material only until the hand-crafted evaluation lands; the
//! public functions (`evaluate`, `trace`) are the contract search and the
//! TUI build on.

pub mod nnue;
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
