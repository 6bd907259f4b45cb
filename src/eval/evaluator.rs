//! `Evaluator`: the evaluation as the search uses it, one per search
//! thread, owning that thread's pawn hash table.

use super::hce::{self, Params, PawnTable, Tables};
use crate::chess::Board;

/// A thread's evaluator: the weights and a pawn-structure cache.
pub struct Evaluator {
    pawns: PawnTable,
    tables: Box<Tables>,
}

impl Evaluator {
    /// The committed weights and an empty pawn cache.
    pub fn new() -> Evaluator {
        Evaluator::with_params(Params::DEFAULT)
    }

    /// Other weights (for a tuner or experiments).
    pub fn with_params(params: Params) -> Evaluator {
        Evaluator {
            pawns: PawnTable::new(),
            tables: Box::new(Tables::new(params)),
        }
    }

    /// Centipawns from the side to move's point of view.
    #[inline]
    pub fn evaluate(&mut self, b: &Board) -> i32 {
        hce::evaluate_with(b, &self.tables, Some(&mut self.pawns))
    }

    /// Empties the pawn cache (new game).
    pub fn clear(&mut self) {
        self.pawns.clear();
    }
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new()
    }
}
