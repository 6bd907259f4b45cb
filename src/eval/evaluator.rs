//! `Evaluator`: the evaluation as the search uses it, one per search
//! thread: the hand-crafted eval with its pawn hash table, or the network
//! with its accumulator stack. The search drives the network's incremental
//! state through `reset`/`push`/`push_null`/`pop`; with the hand-crafted
//! eval active these are no-ops (one predictable branch).

use super::hce::{self, Params, PawnTable, Tables};
use super::nnue::{Network, NnueState};
use crate::chess::{Board, Move};
use std::sync::Arc;

/// The network's output is clamped to ±this many centipawns, far inside
/// the search's mate scores (about ±30,900) so that no net, however wild,
/// can pass for a mate.
pub const NNUE_EVAL_LIMIT: i32 = 20_000;

/// A thread's evaluator: the weights, a pawn-structure cache, and the
/// network state when the network is the evaluator in use.
pub struct Evaluator {
    pawns: PawnTable,
    tables: Box<Tables>,
    nnue: Option<Box<NnueState>>,
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
            nnue: None,
        }
    }

    /// Evaluates with `net` from now on, or with the hand-crafted eval for
    /// `None`. Call `reset` before the next search.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        match net {
            None => self.nnue = None,
            Some(net) => {
                let same = self
                    .nnue
                    .as_ref()
                    .is_some_and(|s| Arc::ptr_eq(s.network(), &net));
                if !same {
                    self.nnue = Some(Box::new(NnueState::new(net)));
                }
            }
        }
    }

    /// The network in use, if the network is the evaluator.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.nnue.as_ref().map(|s| s.network())
    }

    /// Starts a search path at `root`.
    #[inline]
    pub fn reset(&mut self, root: &Board) {
        if let Some(s) = self.nnue.as_deref_mut() {
            s.reset(root);
        }
    }

    /// `m` is played on `before`, the position on top of the path.
    #[inline(always)]
    pub fn push(&mut self, before: &Board, m: Move) {
        if let Some(s) = self.nnue.as_deref_mut() {
            s.push(before, m);
        }
    }

    /// A null move is played.
    #[inline(always)]
    pub fn push_null(&mut self) {
        if let Some(s) = self.nnue.as_deref_mut() {
            s.push_null();
        }
    }

    /// Takes back the last `push` or `push_null`.
    #[inline(always)]
    pub fn pop(&mut self) {
        if let Some(s) = self.nnue.as_deref_mut() {
            s.pop();
        }
    }

    /// Centipawns from the side to move's point of view. With the network,
    /// `b` must be the position on top of the path (see `push`).
    #[inline]
    pub fn evaluate(&mut self, b: &Board) -> i32 {
        match self.nnue.as_deref_mut() {
            None => hce::evaluate_with(b, &self.tables, Some(&mut self.pawns)),
            Some(s) => s.evaluate(b).clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;

    #[test]
    fn network_path_matches_a_fresh_state_and_stays_clamped() {
        let net = Arc::new(Network::random(7));
        let mut ev = Evaluator::new();
        ev.set_network(Some(net.clone()));
        let root = Board::startpos();
        ev.reset(&root);
        let m = legal_moves(&root).as_slice()[3];
        let child = root.make(m);
        ev.push(&root, m);
        let v = ev.evaluate(&child);
        let mut fresh = NnueState::new(net);
        fresh.reset(&child);
        let want = fresh.evaluate(&child);
        assert_eq!(v, want.clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT));
        ev.pop();
        ev.push_null();
        ev.pop();
        assert_eq!(ev.evaluate(&root), {
            let mut s = NnueState::new(ev.network().unwrap().clone());
            s.reset(&root);
            s.evaluate(&root).clamp(-NNUE_EVAL_LIMIT, NNUE_EVAL_LIMIT)
        });
        ev.set_network(None);
        assert_eq!(ev.evaluate(&root), crate::eval::evaluate(&root));
    }
}
