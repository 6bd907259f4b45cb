//! A game's main line searched position by position on worker threads:
//! each worker its own single-threaded searcher (tapir's own, or one UCI
//! engine process per worker), taking the next position off a shared
//! counter; results come back over a channel to the caller's thread, in
//! the order they finish, so a progress bar or a board can show them as
//! they come. Each position is searched from a clean slate, so the
//! results are the same whatever the number of workers (for a node
//! budget, where the engine is deterministic).

use super::searcher::{Budget, PlyResult, Searcher};
use crate::chess::{Board, Position};
use crate::game::{Game, NodeId};
use crate::search::SEARCH_THREAD_STACK;
use crate::tb::Tablebases;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Arc;

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
    Memory(crate::search::TtError),
    /// Stopped from outside before the end.
    Cancelled,
    /// The engine failed (an external engine exited, hung or gave no move).
    Engine(String),
}

impl std::fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            AnalysisError::Memory(e) => write!(f, "no memory for the analysis: {e}"),
            AnalysisError::Cancelled => write!(f, "the analysis was cancelled"),
            AnalysisError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// What searches one position of a line for the report: tapir's own
/// `Searcher` or an external UCI engine. Each worker thread owns one.
pub trait PositionSearch: Send {
    /// Searches `positions[i]` (the earlier positions are the game before
    /// it) within `budget`, forgetting what it searched before.
    fn search_at(
        &mut self,
        positions: &[LinePosition],
        i: usize,
        budget: Budget,
    ) -> Result<PlyResult, String>;
}

impl PositionSearch for Searcher {
    fn search_at(
        &mut self,
        positions: &[LinePosition],
        i: usize,
        budget: Budget,
    ) -> Result<PlyResult, String> {
        let p = &positions[i];
        Ok(self.search(&p.board, &p.history, budget))
    }
}

/// The game up to `positions[i]` as a `Position` (the start and the moves
/// between the line's positions), for an engine that is sent the moves.
pub fn position_at(positions: &[LinePosition], i: usize) -> Position {
    let mut pos = Position::new(positions[0].board);
    for pair in positions[..=i].windows(2) {
        let next = pair[1].board.hash();
        let m = crate::chess::legal_moves(&pair[0].board)
            .iter()
            .copied()
            .find(|&m| pair[0].board.make(m).hash() == next);
        match m {
            Some(m) => pos.make(m),
            // Not a move apart (cannot happen with a main line): the
            // position alone.
            None => return Position::new(positions[i].board),
        }
    }
    pos
}

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
            // As a player counts repetitions (UCI_AnalyseMode): a
            // position met once before is no draw yet.
            history: pos.analysis_hashes(),
        });
    }
    out
}

/// The main-line move `positions` (what `mainline_positions` gave for
/// `game`) stop at, when they stop short of the line's end, and why: "a
/// null move" or "a move not legal there". A legal move after them is no
/// stop: the line grew after they were taken (an engine game went on
/// while a report ran).
pub fn stop_move(game: &Game, positions: &[LinePosition]) -> Option<(NodeId, &'static str)> {
    let tree = game.tree();
    let id = tree.mainline().nth(positions.len().saturating_sub(1))?;
    let node = tree.node(id);
    if node.is_null() {
        return Some((id, "a null move"));
    }
    let last = positions.last()?;
    if last.board.is_legal(node.mv()) {
        return None;
    }
    Some((id, "a move not legal there"))
}

/// Where `positions` (what `mainline_positions` gave for `game`) stop short
/// of the main line's end, said for the user: a null move (`--`) ends what
/// a search can be given, and a report must never be partial unawares.
pub fn stops_short(game: &Game, positions: &[LinePosition]) -> Option<String> {
    let tree = game.tree();
    let total = tree.mainline_len();
    let analysed = positions.len().saturating_sub(1);
    let (id, why) = stop_move(game, positions)?;
    let (number, side) = tree.move_number(id);
    let number = crate::chess::move_number_text(number, side);
    let at = if tree.node(id).is_null() {
        format!("{number} -- ({why})")
    } else {
        format!("{number} ({why})")
    };
    let left = total - analysed;
    let moves = if left == 1 {
        "move of the main line is".to_string()
    } else {
        format!("{left} moves of the main line are")
    };
    Some(format!(
        "the report stops at {at}: the last {moves} not analysed"
    ))
}

/// Searches every position on `threads` workers with tapir's own search,
/// probing `tables` where they hold a position; `on_result` hears of each
/// as it finishes (index into `positions`). `cancel` stops the work
/// between positions.
pub fn analyse_positions(
    positions: &[LinePosition],
    budget: Budget,
    threads: usize,
    tables: Option<Arc<Tablebases>>,
    cancel: &AtomicBool,
    on_result: impl FnMut(usize, &PlyResult),
) -> Result<Vec<PlyResult>, AnalysisError> {
    let threads = threads.clamp(1, positions.len().max(1));
    let mut searchers: Vec<Box<dyn PositionSearch>> = Vec::with_capacity(threads);
    for _ in 0..threads {
        let searcher = Searcher::new().map_err(AnalysisError::Memory)?;
        searchers.push(Box::new(searcher.with_tablebases(tables.clone())));
    }
    analyse_with(positions, budget, &mut searchers, cancel, on_result)
}

/// Searches every position with `searchers`, one worker thread each (they
/// are kept for the next line: an engine process need not start again).
/// A searcher's failure stops the work and is the error.
pub fn analyse_with(
    positions: &[LinePosition],
    budget: Budget,
    searchers: &mut [Box<dyn PositionSearch>],
    cancel: &AtomicBool,
    mut on_result: impl FnMut(usize, &PlyResult),
) -> Result<Vec<PlyResult>, AnalysisError> {
    if searchers.is_empty() {
        return Err(AnalysisError::Engine("no searcher to analyse with".into()));
    }
    let used = searchers.len().min(positions.len().max(1));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (tx, rx) = channel::<(usize, Result<PlyResult, String>)>();
    let mut results: Vec<Option<PlyResult>> = vec![None; positions.len()];
    let mut error: Option<String> = None;
    std::thread::scope(|s| {
        for searcher in searchers.iter_mut().take(used) {
            let tx = tx.clone();
            let (next, failed) = (&next, &failed);
            let spawned = std::thread::Builder::new()
                .stack_size(SEARCH_THREAD_STACK)
                .spawn_scoped(s, move || loop {
                    if cancel.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= positions.len() {
                        break;
                    }
                    let r = searcher.search_at(positions, i, budget);
                    if r.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if tx.send((i, r)).is_err() {
                        break;
                    }
                });
            // A worker that cannot start leaves its share to the others.
            drop(spawned);
        }
        drop(tx);
        for (i, r) in rx {
            match r {
                Ok(r) => {
                    on_result(i, &r);
                    results[i] = Some(r);
                }
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = error {
        return Err(AnalysisError::Engine(e));
    }
    if cancel.load(Ordering::Relaxed) && results.iter().any(Option::is_none) {
        return Err(AnalysisError::Cancelled);
    }
    // Every worker failing to start leaves holes: search them here.
    let mut out = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Some(r) => out.push(r),
            None => {
                let r = searchers[0]
                    .search_at(positions, i, budget)
                    .map_err(AnalysisError::Engine)?;
                on_result(i, &r);
                out.push(r);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::read_games;

    fn game(movetext: &str) -> Game {
        let text = format!("[Event \"t\"]\n\n{movetext} *\n");
        read_games(&text).remove(0).expect("a game").game
    }

    #[test]
    fn a_null_move_ends_the_analysed_line_and_says_so() {
        let g = game("1. e4 e5 2. Nf3 -- 3. Bc4 Nc6");
        let positions = mainline_positions(&g);
        assert_eq!(positions.len(), 4, "the start and three moves");
        assert_eq!(
            stops_short(&g, &positions).as_deref(),
            Some(
                "the report stops at 2... -- (a null move): the last 3 moves of the main \
                 line are not analysed"
            )
        );
        let g = game("1. e4 e5 2. Nf3 Nc6 3. --");
        let positions = mainline_positions(&g);
        assert_eq!(
            stops_short(&g, &positions).as_deref(),
            Some("the report stops at 3. -- (a null move): the last move of the main line is not analysed")
        );
        let g = game("1. e4 e5");
        assert_eq!(stops_short(&g, &mainline_positions(&g)), None);
    }
}
