//! A synchronous fixed-node search on the calling thread with its own
//! transposition table: what self-play data generation needs. It runs the
//! same `run_search` as the engine with one worker, so the search itself is
//! unchanged; only the driving is simpler (no facade, no channel).

use super::control::Control;
use super::limits::Limits;
use super::pool::{run_search, SearchJob};
use super::tt::{Tt, TtError};
use super::worker::Worker;
use crate::chess::{Board, Move};
use crate::eval::nnue::Network;
use std::sync::Arc;
use std::time::Duration;

/// One single-threaded searcher that keeps its table and histories from
/// search to search until `clear` (a new game).
pub struct FixedSearch {
    tt: Arc<Tt>,
    workers: Vec<Worker>,
}

/// The best move and its score (side to move's view, search units: mates
/// beyond `score::MATE_BOUND`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FixedResult {
    pub best: Move,
    pub score: i32,
    pub nodes: u64,
}

impl FixedSearch {
    /// A searcher with a `hash_mb` megabyte table.
    pub fn new(hash_mb: usize) -> Result<FixedSearch, TtError> {
        let tt = Arc::new(Tt::new(hash_mb)?);
        Ok(FixedSearch {
            workers: vec![Worker::new(0, tt.clone())],
            tt,
        })
    }

    /// Evaluates with `net` from now on (`None`: the hand-crafted eval).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        for w in self.workers.iter_mut() {
            w.set_network(net.clone());
        }
    }

    /// Forgets the table and the histories.
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in self.workers.iter_mut() {
            w.clear();
        }
    }

    /// Searches `board` (after the positions hashed in `history`, oldest
    /// first) with a budget of `nodes`; `None` in mate or stalemate.
    /// Deterministic for a given state of the searcher.
    pub fn search(&mut self, board: &Board, history: &[u64], nodes: u64) -> Option<FixedResult> {
        let ctl = Arc::new(Control::new(1, false));
        let job = SearchJob {
            board: *board,
            history: history.to_vec(),
            limits: Limits {
                nodes: Some(nodes.max(1)),
                ..Limits::default()
            },
            multipv: 1,
            overhead: Duration::ZERO,
            elo: None,
            tb: None,
        };
        let out = run_search(&mut self.workers, &self.tt, &ctl, &job, &mut |_| {});
        out.best.map(|best| FixedResult {
            best,
            score: out.score,
            nodes: self.workers[0].nodes(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_search_is_legal_and_repeatable() {
        let board = Board::startpos();
        let mut s = FixedSearch::new(1).unwrap();
        let a = s.search(&board, &[], 2000).unwrap();
        assert!(board.is_legal(a.best));
        assert!(a.nodes >= 2000 && a.nodes < 20_000, "{}", a.nodes);
        s.clear();
        let b = s.search(&board, &[], 2000).unwrap();
        assert_eq!(a, b);
        let mate = Board::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(s.search(&mate, &[], 1000), None);
    }
}
