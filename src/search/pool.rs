//! Runs one search on every worker (Lazy SMP): all threads search the same
//! root and share the transposition table; the main thread reports and
//! decides when to stop, the helpers only fill the table. With a strength
//! limit the main thread searches a few lines and a noisy choice among them
//! picks the move.

use super::control::Control;
use super::limits::Limits;
use super::params::{
    STRENGTH_ELO_PER_DOUBLING, STRENGTH_MULTIPV, STRENGTH_NODES_BASE, STRENGTH_NOISE_DIV,
    STRENGTH_NOISE_TOP_ELO,
};
use super::report::{Bound, Score, SearchInfo};
use super::score::INF;
use super::tt::Tt;
use super::worker::{SearchSetup, Worker};
use crate::chess::{legal_moves, Board, Move};
use std::sync::Arc;
use std::time::Duration;

/// Stack for every thread that searches (the engine's, its helpers,
/// datagen's): the recursion is deep and frames are not tiny.
pub const SEARCH_THREAD_STACK: usize = 16 << 20;

/// One search request.
#[derive(Clone, Debug)]
pub struct SearchJob {
    pub board: Board,
    /// Hashes of the game's earlier positions, oldest first.
    pub history: Vec<u64>,
    pub limits: Limits,
    pub multipv: usize,
    pub overhead: Duration,
    /// `UCI_Elo` when the strength is limited.
    pub elo: Option<u32>,
    /// Syzygy tables and how to use them; `None` searches without.
    pub tb: Option<super::tb::TbSearch>,
}

/// The answer: the move to play (none only in mate or stalemate), the
/// expected reply and the score of the main line.
#[derive(Clone, Debug)]
pub struct SearchOutcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

/// Nodes per move that play at about `elo`.
pub fn strength_nodes(elo: u32) -> u64 {
    let e = elo as f64 - 1000.0;
    (STRENGTH_NODES_BASE * 2f64.powf(e / STRENGTH_ELO_PER_DOUBLING)) as u64
}

/// The root moves the job allows: `searchmoves` when it names any legal move.
pub fn root_moves(board: &Board, limits: &Limits) -> Vec<Move> {
    let legal = legal_moves(board);
    let restricted: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| limits.searchmoves.contains(m))
        .collect();
    if restricted.is_empty() {
        legal.as_slice().to_vec()
    } else {
        restricted
    }
}

/// What a search of `job` starts from: its root moves and the setup every
/// thread shares; `None` (after reporting mate or stalemate) when the root
/// has no move.
pub fn plan(
    job: &SearchJob,
    report: &mut dyn FnMut(SearchInfo),
) -> Option<(Vec<Move>, SearchSetup)> {
    let mut moves = root_moves(&job.board, &job.limits);
    if moves.is_empty() {
        // Nothing to search: say why (mated or stalemate), as GUIs expect
        // a score before the null bestmove.
        report(SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: if job.board.in_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: 0,
            tbhits: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        });
        return None;
    }
    let mut limits = job.limits.clone();
    let mut multipv = job.multipv.max(1);
    if let Some(elo) = job.elo {
        let n = strength_nodes(elo);
        limits.nodes = Some(limits.nodes.map_or(n, |x| x.min(n)));
        multipv = multipv.max(STRENGTH_MULTIPV);
    }
    // A root in the tables keeps only its best moves, best first.
    let mut tb_scores = Vec::new();
    let mut tb = job.tb.clone();
    if let Some(t) = &job.tb {
        if let Some((kept, by_dtz)) = super::tb::root_moves(t, &job.board, &job.history, &moves) {
            moves = kept.iter().map(|&(m, _)| m).collect();
            // Ranked by DTZ, or drawn or lost: the tree has nothing to add.
            if by_dtz || kept.first().is_none_or(|&(_, s)| s <= 0) {
                tb = None;
            }
            tb_scores = kept;
        }
    }
    let setup = SearchSetup {
        limits,
        multipv,
        report_lines: job.multipv.max(1),
        overhead: job.overhead,
        tb,
        tb_scores,
    };
    Some((moves, setup))
}

/// The outcome of a search with no root move.
pub fn no_move() -> SearchOutcome {
    SearchOutcome {
        best: None,
        ponder: None,
        score: 0,
        depth: 0,
        nodes: 0,
    }
}

/// Searches `job` on `workers` (at least one) until a limit, `ctl.stop()`
/// or, for infinite and ponder searches, until told to stop. `report` gets
/// every line of progress. The helpers run on scoped threads made for this
/// search (the engine keeps its threads alive instead: `threads`).
pub fn run_search(
    workers: &mut [Worker],
    tt: &Arc<Tt>,
    ctl: &Arc<Control>,
    job: &SearchJob,
    report: &mut dyn FnMut(SearchInfo),
) -> SearchOutcome {
    tt.new_search();
    let planned = if workers.is_empty() {
        None
    } else {
        plan(job, report)
    };
    let Some((moves, setup)) = planned else {
        wait_for_release(ctl, &job.limits);
        return no_move();
    };
    for w in workers.iter_mut() {
        w.set_tt(tt.clone());
        w.prepare(&job.board, &job.history, &moves, ctl.clone(), &setup);
    }
    let (main, helpers) = workers.split_first_mut().expect("at least one worker");
    std::thread::scope(|s| {
        for h in helpers.iter_mut() {
            let setup = &setup;
            let spawned = std::thread::Builder::new()
                .stack_size(SEARCH_THREAD_STACK)
                .spawn_scoped(s, move || h.iterate(setup, None));
            // A helper that cannot start only costs speed.
            drop(spawned);
        }
        main.iterate(&setup, Some(report));
        // Helpers end with the main thread; infinite and ponder searches
        // then wait for `stop` (or `ponderhit`) before answering.
        ctl.finish();
        wait_for_release(ctl, &job.limits);
    });
    outcome(main, tt, ctl, job, report)
}

/// The move to play once the main thread has finished: its best line (or,
/// with a strength limit, a noisy pick among its lines; or a move that
/// failed high in an unfinished iteration), with the reply to ponder.
pub fn outcome(
    main: &Worker,
    tt: &Tt,
    ctl: &Control,
    job: &SearchJob,
    report: &mut dyn FnMut(SearchInfo),
) -> SearchOutcome {
    let lines = main.result();
    if lines.is_empty() {
        return no_move();
    }
    let pick = match job.elo {
        Some(elo) => noisy_choice(lines, elo),
        None => 0,
    };
    let line = match (job.elo, main.fail_high_line()) {
        (None, Some(better)) => {
            // The move comes from an unfinished iteration whose line may
            // never have been shown: show it, so the GUI's last line is the
            // move played.
            let depth = main.completed_depth() + 1;
            report(main.root_move_info(better, 0, depth, Bound::Lower));
            better
        }
        _ => &lines[pick.min(lines.len() - 1)],
    };
    let best = line.mv;
    let mut ponder = line.pv.get(1).copied();
    if ponder.is_none() {
        // Ask the table for the reply to the best move.
        let next = job.board.make(best);
        ponder = tt
            .probe(next.hash())
            .map(|h| h.mv)
            .filter(|&m| !m.is_null() && next.is_legal(m));
    }
    SearchOutcome {
        best: Some(best),
        ponder,
        // As the last line showed it (the tables' verdict at their root).
        score: line.shown_score(),
        depth: main.completed_depth(),
        nodes: ctl.total_nodes(),
    }
}

/// Blocks while the GUI still owns the search: an infinite search until
/// `stop`, a ponder search until `ponderhit` or `stop`.
pub fn wait_for_release(ctl: &Control, limits: &Limits) {
    while !ctl.stop_requested() && (limits.infinite || ctl.is_pondering()) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Index of the line a limited-strength player picks: each line's score plus
/// random noise that grows as the Elo falls.
fn noisy_choice(lines: &[super::worker::RootMove], elo: u32) -> usize {
    let gap = STRENGTH_NOISE_TOP_ELO - (elo as i32).min(STRENGTH_NOISE_TOP_ELO);
    let amp = gap * gap / STRENGTH_NOISE_DIV;
    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0x9E37_79B9, |d| d.as_nanos() as u64)
        | 1;
    let mut best = 0;
    let mut best_val = i64::MIN;
    for (i, rm) in lines.iter().enumerate() {
        let s = if rm.score > -INF {
            rm.score
        } else {
            rm.prev_score
        };
        if s <= -INF {
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let noise = if amp > 0 {
            (seed % (amp as u64 + 1)) as i64
        } else {
            0
        };
        let v = s as i64 + noise;
        if v > best_val {
            best_val = v;
            best = i;
        }
    }
    best
}
