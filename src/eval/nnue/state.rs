//! `NnueState`: what a search thread keeps to evaluate with the network - a
//! stack of accumulators along the current search path and the Finny table.
//!
//! Updates are lazy. `push` only records the move's `Delta` (a few bytes);
//! `evaluate` brings the top accumulator up to date, per perspective, from
//! the nearest computed ancestor, or refreshes it from the Finny table if
//! that perspective's king changed view on the way. Nodes that are cut off
//! before their static evaluation (TT hits, mate distance, ...) cost nothing.
//!
//! Use with copy-make:
//! ```text
//! state.reset(&root);                  // once per search (or new position)
//! let child = board.make(m);
//! state.push(&board, m);               // the board the move is played FROM
//! let v = state.evaluate(&child);      // the board now on top, when needed
//! ...search child...
//! state.pop();
//! state.push_null(); ...; state.pop(); // around a null move
//! ```

use super::accumulator::Accumulator;
use super::delta::{Delta, PieceSet};
use super::features::KingView;
use super::finny::FinnyTable;
use super::network::Network;
use super::output;
use super::simd::Backend;
use crate::chess::{Board, Color, Move};
use crate::eval::phase::game_phase;
use std::sync::Arc;

/// One position of the search path.
#[derive(Clone)]
struct Frame {
    acc: Accumulator,
    /// The move that led here from the frame below.
    delta: Delta,
    /// Per perspective: `acc` holds this position's sums.
    computed: [bool; 2],
}

/// Accumulator stack and refresh cache of one search thread.
#[derive(Clone)]
pub struct NnueState {
    net: Arc<Network>,
    backend: Backend,
    cache: FinnyTable,
    frames: Vec<Frame>,
    top: usize,
}

/// Frames allocated up front; the stack grows past this if a path is deeper.
const INITIAL_DEPTH: usize = 256;

impl NnueState {
    /// A state for `net` with the fastest kernels this CPU has.
    pub fn new(net: Arc<Network>) -> NnueState {
        NnueState::with_backend(net, Backend::detect())
    }

    /// A state with chosen kernels (tests compare backends with this).
    pub fn with_backend(net: Arc<Network>, backend: Backend) -> NnueState {
        let frame = Frame {
            acc: Accumulator::default(),
            delta: Delta::NONE,
            computed: [false; 2],
        };
        NnueState {
            cache: FinnyTable::new(&net),
            net,
            backend,
            frames: vec![frame; INITIAL_DEPTH],
            top: 0,
        }
    }

    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Moves on the stack above the root.
    pub fn ply(&self) -> usize {
        self.top
    }

    /// Starts a new path at `root`, computing its accumulator now.
    pub fn reset(&mut self, root: &Board) {
        self.top = 0;
        let pieces = PieceSet::from_board(root);
        let frame = &mut self.frames[0];
        for p in Color::BOTH {
            let view = KingView::new(p, root.king(p));
            self.cache.refresh(
                &self.net,
                self.backend,
                view,
                &pieces,
                &mut frame.acc.rows[p.index()],
            );
        }
        frame.delta = Delta::NONE;
        frame.computed = [true; 2];
    }

    /// Records `m`, played on `before` (the position now on top of the stack).
    #[inline]
    pub fn push(&mut self, before: &Board, m: Move) {
        self.push_delta(Delta::new(before, m));
    }

    /// Records a null move (no piece changes).
    #[inline]
    pub fn push_null(&mut self) {
        self.push_delta(Delta::NONE);
    }

    #[inline]
    fn push_delta(&mut self, delta: Delta) {
        self.top += 1;
        if self.top == self.frames.len() {
            let grow = self.frames[0].clone();
            self.frames.push(grow);
        }
        let frame = &mut self.frames[self.top];
        frame.delta = delta;
        frame.computed = [false; 2];
    }

    /// Takes back the last `push` or `push_null` (nothing at the root).
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// The evaluation of `board`, the position on top of the stack, in
    /// centipawns from the side to move's point of view (unclamped: keep it
    /// clear of mate scores in the search).
    #[inline]
    pub fn evaluate(&mut self, board: &Board) -> i32 {
        self.bring_up_to_date(board);
        output::evaluate_with(
            self.backend,
            &self.net,
            &self.frames[self.top].acc,
            board.side_to_move(),
            game_phase(board),
        )
    }

    /// The accumulator of `board`, the position on top of the stack.
    pub fn accumulator(&mut self, board: &Board) -> &Accumulator {
        self.bring_up_to_date(board);
        &self.frames[self.top].acc
    }

    #[inline]
    fn bring_up_to_date(&mut self, board: &Board) {
        for p in Color::BOTH {
            if !self.frames[self.top].computed[p.index()] {
                self.compute(board, p);
            }
        }
    }

    /// Computes perspective `p` of the top frame.
    fn compute(&mut self, board: &Board, p: Color) {
        let top = self.top;
        let i = p.index();
        let mut start = top;
        let from_ancestor = loop {
            if self.frames[start].computed[i] {
                break true;
            }
            if start == 0 || self.frames[start].delta.needs_refresh(p) {
                break false;
            }
            start -= 1;
        };
        // No frame above `start` changed p's view, so the top's view is theirs.
        let view = KingView::new(p, board.king(p));
        if from_ancestor {
            for j in start + 1..=top {
                let (below, above) = self.frames.split_at_mut(j);
                let frame = &mut above[0];
                let prev = &below[j - 1].acc;
                frame
                    .acc
                    .apply_delta(prev, &self.net, self.backend, p, view, &frame.delta);
                frame.computed[i] = true;
            }
        } else {
            let frame = &mut self.frames[top];
            let pieces = PieceSet::from_board(board);
            self.cache.refresh(
                &self.net,
                self.backend,
                view,
                &pieces,
                &mut frame.acc.rows[i],
            );
            frame.computed[i] = true;
        }
    }
}
