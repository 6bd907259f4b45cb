//! A game's main line searched position by position on worker threads:
//! each worker its own single-threaded searcher, taking the next position
//! off a shared counter; results come back over a channel to the caller's
//! thread, in the order they finish, so a progress bar or a board can show
//! them as they come. Each position is searched from a clean slate, so the
//! results are the same whatever the number of workers (for a node
//! budget).

use super::searcher::{Budget, PlyResult, Searcher};
use crate::chess::{Board, Position};
use crate::game::{Game, NodeId};
use crate::search::SEARCH_THREAD_STACK;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

/// One position of the line to search and the game before it.
#[derive(Clone, Debug)]
pub struct LinePosition {
    /// The node whose position this is (the root: the start).
    pub node: NodeId,
    pub board: Board,
    /// Hashes of the positions a repetition can reach, oldest first.
    pub history: Vec<u64>,
}

/// Why a line was not analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// No memory for a worker's table.
    Memory(String),
    /// Stopped from outside before the end.
    Cancelled,
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            AnalysisError::Memory(e) => write!(f, "no memory for the analysis: {e}"),
            AnalysisError::Cancelled => write!(f, "the analysis was cancelled"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The positions of `game`'s main line: the start and after every move.
pub fn mainline_positions(game: &Game) -> Vec<LinePosition> {
    let tree = game.tree();
    let mut pos = Position::new(*tree.start());
    let mut out = vec![LinePosition {
        node: NodeId::ROOT,
        board: *tree.start(),
        history: Vec::new(),
    }];
    for id in tree.mainline() {
        let node = tree.node(id);
        if node.is_null() || !pos.board().is_legal(node.mv()) {
            break;
        }
        pos.make(node.mv());
        out.push(LinePosition {
            node: id,
            board: *pos.board(),
            history: pos.repetition_hashes(),
        });
    }
    out
}

/// Searches every position on `threads` workers; `on_result` hears of each
/// as it finishes (index into `positions`). `cancel` stops the work
/// between positions.
pub fn analyse_positions(
    positions: &[LinePosition],
    budget: Budget,
    threads: usize,
    cancel: &AtomicBool,
    mut on_result: impl FnMut(usize, &PlyResult),
) -> Result<Vec<PlyResult>, AnalysisError> {
    let threads = threads.clamp(1, positions.len().max(1));
    let mut searchers = Vec::with_capacity(threads);
    for _ in 0..threads {
        searchers.push(Searcher::new().map_err(AnalysisError::Memory)?);
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<(usize, PlyResult)>();
    let mut results: Vec<Option<PlyResult>> = vec![None; positions.len()];
    std::thread::scope(|s| {
        for mut searcher in searchers {
            let tx = tx.clone();
            let next = &next;
            let spawned = std::thread::Builder::new()
                .stack_size(SEARCH_THREAD_STACK)
                .spawn_scoped(s, move || loop {
                    if cancel.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = positions.get(i) else { break };
                    let r = searcher.search(&p.board, &p.history, budget);
                    if tx.send((i, r)).is_err() {
                        break;
                    }
                });
            // A worker that cannot start leaves its share to the others.
            drop(spawned);
        }
        drop(tx);
        for (i, r) in rx {
            on_result(i, &r);
            results[i] = Some(r);
        }
    });
    if cancel.load(Ordering::Relaxed) && results.iter().any(Option::is_none) {
        return Err(AnalysisError::Cancelled);
    }
    // Every worker failing to start leaves holes: search them here.
    let mut out = Vec::with_capacity(results.len());
    let mut here: Option<Searcher> = None;
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Some(r) => out.push(r),
            None => {
                if here.is_none() {
                    here = Some(Searcher::new().map_err(AnalysisError::Memory)?);
                }
                if let Some(s) = here.as_mut() {
                    let p = &positions[i];
                    let r = s.search(&p.board, &p.history, budget);
                    on_result(i, &r);
                    out.push(r);
                }
            }
        }
    }
    Ok(out)
}
