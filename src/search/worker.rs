//! One search thread's state: its evaluator, history tables, search stack,
//! move buffers and PV table, plus the root moves and iterative deepening
//! loop with aspiration windows and MultiPV. Workers outlive searches so
//! their histories carry over from move to move within a game.

use super::control::Control;
use super::history::History;
use super::limits::Limits;
use super::params::{
    asp_delta, ASP_GROWTH_DIV, ASP_MIN_DEPTH, TM_MATE_EXTRA_DEPTH, TM_SINGLE_MOVE_DEPTH,
};
use super::picker::MoveBuf;
use super::report::{Bound, SearchInfo};
use super::score::{is_mate, to_uci, INF, MATE, MATE_BOUND, MAX_PLY};
use super::stack::SearchStack;
use super::time::TimeManager;
use super::tt::Tt;
use crate::chess::{Board, Move};
use crate::eval::Evaluator;
use std::sync::Arc;
use std::time::Duration;

/// A move at the root with what the last iterations learnt about it.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// Score in the current iteration; `-INF` until searched with a result.
    pub score: i32,
    /// Score of the last completed iteration.
    pub prev_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
    /// The tables' score when the root is in them (shown unless the
    /// search finds a mate).
    pub tb_score: Option<i32>,
}

impl RootMove {
    fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INF,
            prev_score: -INF,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
            tb_score: None,
        }
    }

    /// What the root's lines are ordered by: the score, or the tables'
    /// score in its place once the move has one and the search found no
    /// mate (the score the line shows, so MultiPV lines read best first,
    /// the shortest win first). Unsearched moves (`-INF`) stay last.
    /// The score its line shows: this iteration's (the last one's while
    /// the move waits its turn), or the tables' in its place unless the
    /// search found a mate.
    pub(super) fn shown_score(&self) -> i32 {
        let score = if self.score > -INF {
            self.score
        } else {
            self.prev_score
        };
        match self.tb_score {
            Some(t) if !is_mate(score) => t,
            _ => score,
        }
    }

    fn order_key(&self) -> i32 {
        match self.tb_score {
            Some(t) if self.score > -INF && !is_mate(self.score) => t,
            _ => self.score,
        }
    }
}

/// What one search asks of every worker.
#[derive(Clone, Debug)]
pub struct SearchSetup {
    pub limits: Limits,
    /// Lines searched (at least the lines reported).
    pub multipv: usize,
    /// Lines reported.
    pub report_lines: usize,
    pub overhead: Duration,
    /// Tablebases for the tree (`None`: no probes).
    pub tb: Option<super::tb::TbSearch>,
    /// The root's moves with their tablebase scores, when it is in the tables.
    pub tb_scores: Vec<(Move, i32)>,
}

/// The per-thread search state.
pub struct Worker {
    pub(super) id: usize,
    pub(super) eval: Evaluator,
    pub(super) hist: History,
    pub(super) stack: SearchStack,
    pub(super) bufs: Vec<MoveBuf>,
    pub(super) pv: Vec<[Move; MAX_PLY + 1]>,
    pub(super) pv_len: Vec<usize>,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) root_moves: Vec<RootMove>,
    pub(super) pv_idx: usize,
    pub(super) root_depth: i32,
    pub(super) completed_depth: i32,
    pub(super) stopped: bool,
    pub(super) tt: Arc<Tt>,
    pub(super) ctl: Arc<Control>,
    pub(super) node_limit: u64,
    pub(super) time: TimeManager,
    /// Null-move pruning is off below this ply during a verification search.
    pub(super) nmp_min_ply: usize,
    /// The root lines of the last completed iteration, best first.
    pub(super) result: Vec<RootMove>,
    /// A move that beat the first line's best in an iteration that did not
    /// finish (the whole root failing high, or a later root move scoring
    /// above alpha): better than `result[0]`, so it is played if time runs out.
    pub(super) fail_high: Option<RootMove>,
    /// The tables the tree probes, and from how many pieces (0: none)
    /// and what depth.
    pub(super) tb: Option<super::tb::TbSearch>,
    pub(super) tb_limit: usize,
    pub(super) tb_depth: i32,
    pub(super) tb_hits: u64,
}

impl Worker {
    pub fn new(id: usize, tt: Arc<Tt>) -> Worker {
        Worker {
            id,
            eval: Evaluator::new(),
            hist: History::new(),
            stack: SearchStack::new(),
            bufs: (0..MAX_PLY + 2).map(|_| MoveBuf::default()).collect(),
            pv: vec![[Move::NULL; MAX_PLY + 1]; MAX_PLY + 2],
            pv_len: vec![0; MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            root_moves: Vec::new(),
            pv_idx: 0,
            root_depth: 0,
            completed_depth: 0,
            stopped: false,
            tt,
            ctl: Arc::new(Control::new(1, false)),
            node_limit: u64::MAX,
            time: TimeManager::default(),
            nmp_min_ply: 0,
            result: Vec::new(),
            fail_high: None,
            tb: None,
            tb_limit: 0,
            tb_depth: 0,
            tb_hits: 0,
        }
    }

    /// Forgets everything learnt (new game).
    pub fn clear(&mut self) {
        self.hist.clear();
        self.eval.clear();
    }

    /// Searches with `net`, or with the hand-crafted eval for `None`.
    pub fn set_network(&mut self, net: Option<Arc<crate::eval::nnue::Network>>) {
        self.eval.set_network(net);
    }

    pub fn set_tt(&mut self, tt: Arc<Tt>) {
        self.tt = tt;
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub fn completed_depth(&self) -> i32 {
        self.completed_depth
    }

    /// A better first move found by an iteration cut short (see `fail_high`).
    pub fn fail_high_line(&self) -> Option<&RootMove> {
        self.fail_high.as_ref()
    }

    /// The lines of the last completed iteration, best first; before depth
    /// 1 completes, the root moves as they stand.
    pub fn result(&self) -> &[RootMove] {
        if self.result.is_empty() {
            &self.root_moves
        } else {
            &self.result
        }
    }

    /// Gets ready to search `root` (whose legal moves, possibly restricted,
    /// are `moves`) under `ctl`.
    pub fn prepare(
        &mut self,
        root: &Board,
        history: &[u64],
        moves: &[Move],
        ctl: Arc<Control>,
        setup: &SearchSetup,
    ) {
        self.stack.reset(root, history);
        self.eval.reset(root);
        self.root_moves = moves.iter().map(|&m| RootMove::new(m)).collect();
        for rm in self.root_moves.iter_mut() {
            rm.tb_score = setup
                .tb_scores
                .iter()
                .find(|&&(m, _)| m == rm.mv)
                .map(|&(_, s)| s);
        }
        self.tb = setup.tb.clone();
        (self.tb_limit, self.tb_depth) = self.tb.as_ref().map_or((0, 0), super::tb::effective);
        // A root in the tables probed each root move once (counted by the
        // main thread, as Stockfish counts them): `tbhits` says the tables
        // answered, though the tree below may never probe.
        self.tb_hits = if self.id == 0 {
            setup.tb_scores.len() as u64
        } else {
            0
        };
        self.ctl = ctl;
        self.nodes = 0;
        self.seldepth = 0;
        self.pv_idx = 0;
        self.root_depth = 0;
        self.completed_depth = 0;
        self.stopped = false;
        self.result.clear();
        self.fail_high = None;
        self.nmp_min_ply = 0;
        self.node_limit = if self.id == 0 {
            setup.limits.nodes.unwrap_or(u64::MAX)
        } else {
            u64::MAX
        };
        self.time = TimeManager::new(&setup.limits, root.side_to_move(), setup.overhead);
    }

    /// Called every 1024 nodes: publishes the node count and checks the stop
    /// flag; the main thread also enforces the hard time and node limits
    /// (never before depth 1 is complete, so a move always exists).
    #[cold]
    pub(super) fn poll(&mut self) {
        self.ctl.set_nodes(self.id, self.nodes);
        self.ctl.set_tbhits(self.id, self.tb_hits);
        if self.ctl.stopped() {
            self.stopped = true;
            return;
        }
        // Every thread watches the clock once the main thread has a move:
        // with more threads than cores the main one can wait for a core,
        // and whichever runs first ends the search on time.
        let has_move = if self.id == 0 {
            self.completed_depth >= 1
        } else {
            self.ctl.has_move()
        };
        if !has_move {
            return;
        }
        let over_time = self
            .time
            .hard
            .is_some_and(|h| self.ctl.clock_elapsed() >= h);
        if self.id != 0 {
            if over_time {
                self.ctl.finish();
                self.stopped = true;
            }
            return;
        }
        let over_nodes = self.node_limit != u64::MAX && self.ctl.total_nodes() >= self.node_limit;
        if over_time || over_nodes {
            self.ctl.finish();
            self.stopped = true;
        }
    }

    /// Counts a node; checks the limits every 1024.
    #[inline(always)]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.poll();
        } else if self.nodes >= self.node_limit && self.completed_depth >= 1 {
            self.ctl.finish();
            self.stopped = true;
        }
    }

    /// Iterative deepening; the main thread (`report` given) decides when to
    /// stop and reports each completed line.
    pub fn iterate(&mut self, setup: &SearchSetup, mut report: Option<&mut dyn FnMut(SearchInfo)>) {
        let max_depth = setup.limits.depth.map_or(MAX_PLY as i32 - 1, depth_limit);
        let lines = setup.multipv.clamp(1, self.root_moves.len().max(1));
        let mut last_best = Move::NULL;
        let mut stable = 0usize;
        let mut last_score = -INF;
        // Helpers start at staggered depths so threads spread over the tree.
        let first = 1 + (self.id % 2) as i32;
        for depth in first.min(max_depth)..=max_depth {
            self.root_depth = depth;
            for rm in self.root_moves.iter_mut() {
                if rm.score > -INF {
                    rm.prev_score = rm.score;
                }
                rm.score = -INF;
                rm.nodes = 0;
            }
            let iter_start_nodes = self.nodes;
            self.fail_high = None;
            for pv_idx in 0..lines {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                self.aspiration(depth, &mut report, setup);
                // Keep the finished lines ordered by score.
                self.root_moves[..=pv_idx].sort_by_key(|r| std::cmp::Reverse(r.order_key()));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if self.id == 0 {
                self.ctl.set_has_move();
            }
            self.fail_high = None;
            self.result.clear();
            self.result.extend_from_slice(&self.root_moves[..lines]);
            if self.id != 0 {
                continue;
            }
            if let Some(r) = report.as_deref_mut() {
                for i in 0..lines.min(setup.report_lines) {
                    r(self.line_info(i, depth, Bound::Exact));
                }
            }
            // Main thread: should another iteration start?
            let best = &self.root_moves[0];
            if best.mv == last_best {
                stable += 1;
            } else {
                stable = 0;
            }
            last_best = best.mv;
            let drop = if last_score == -INF {
                0
            } else {
                last_score - best.score
            };
            last_score = best.score;
            if let Some(m) = setup.limits.mate {
                if mate_found_within(best.score, m) {
                    break;
                }
            }
            if self.time.clocked && self.root_moves.len() == 1 && depth >= TM_SINGLE_MOVE_DEPTH {
                break;
            }
            // A proven mate needs no deeper search on the clock.
            if self.time.hard.is_some()
                && is_mate(best.score)
                && depth >= (MATE - best.score.abs()) + TM_MATE_EXTRA_DEPTH
            {
                break;
            }
            let iter_nodes = (self.nodes - iter_start_nodes).max(1);
            let share = best.nodes * 1000 / iter_nodes;
            if let Some(soft) = self.time.scaled_soft(stable, drop, share) {
                if !self.ctl.is_pondering() && self.ctl.clock_elapsed() >= soft {
                    break;
                }
            }
        }
        self.ctl.set_nodes(self.id, self.nodes);
        self.ctl.set_tbhits(self.id, self.tb_hits);
    }

    /// One root search of line `pv_idx` with a window that widens until the
    /// score falls inside it.
    fn aspiration(
        &mut self,
        depth: i32,
        report: &mut Option<&mut dyn FnMut(SearchInfo)>,
        setup: &SearchSetup,
    ) {
        let prev = self.root_moves[self.pv_idx].prev_score;
        let mut delta = asp_delta();
        let (mut alpha, mut beta) = if depth >= ASP_MIN_DEPTH && prev > -INF {
            ((prev - delta).max(-INF), (prev + delta).min(INF))
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.negamax::<true>(alpha, beta, depth, 0, false);
            let pv_idx = self.pv_idx;
            self.root_moves[pv_idx..].sort_by_key(|r| std::cmp::Reverse(r.order_key()));
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                if pv_idx == 0 {
                    // The re-search took back an earlier fail high: that
                    // move is no longer the one to play if time runs out.
                    self.fail_high = None;
                }
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INF);
                if pv_idx == 0 && self.completed_depth > 0 {
                    self.fail_high = Some(self.root_moves[0].clone());
                }
                Bound::Lower
            } else {
                return;
            };
            if bound == Bound::Upper {
                // A fail low leaves the line's score at -INF: show the bound.
                self.root_moves[pv_idx].score = score;
            }
            if self.id == 0 && pv_idx < setup.report_lines && self.ctl.elapsed().as_millis() > 1000
            {
                if let Some(r) = report.as_deref_mut() {
                    // Every line, from the one list of root moves: a line
                    // reported alone could show the move another line
                    // still shows from the depth before (two lines, one
                    // move). The lines after this one keep their last
                    // depth's scores until searched.
                    let lines = setup.report_lines.min(self.root_moves.len());
                    for i in 0..lines {
                        let b = if i == pv_idx { bound } else { Bound::Exact };
                        r(self.line_info(i, depth, b));
                    }
                }
            }
            delta += delta / ASP_GROWTH_DIV;
        }
    }

    /// The report for MultiPV line `i`.
    pub(super) fn line_info(&self, i: usize, depth: i32, bound: Bound) -> SearchInfo {
        self.root_move_info(&self.root_moves[i], i, depth, bound)
    }

    /// The report for `rm` as MultiPV line `i`.
    pub(super) fn root_move_info(
        &self,
        rm: &RootMove,
        i: usize,
        depth: i32,
        bound: Bound,
    ) -> SearchInfo {
        let depth = if rm.score > -INF {
            depth
        } else {
            (depth - 1).max(1)
        };
        // The tables know better than any evaluation; only a mate the
        // search has seen says more.
        let score = rm.shown_score();
        self.ctl.set_nodes(self.id, self.nodes);
        self.ctl.set_tbhits(self.id, self.tb_hits);
        let nodes = self.ctl.total_nodes();
        let time = self.ctl.elapsed();
        let micros = time.as_micros().max(1) as u64;
        SearchInfo {
            depth: depth as u32,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i + 1,
            score: to_uci(score.clamp(-MATE, MATE)),
            bound,
            nodes,
            nps: nodes.saturating_mul(1_000_000) / micros,
            hashfull: self.tt.hashfull(),
            tbhits: self.ctl.total_tbhits(),
            time,
            pv: rm.pv.clone(),
        }
    }
}

/// The deepest iteration for `go depth d`: clamped while still a u32, so
/// that a depth of 2^31 or more means the deepest search, not a wrapped one.
fn depth_limit(d: u32) -> i32 {
    d.clamp(1, MAX_PLY as u32 - 1) as i32
}

/// Whether `score` is a mate for us in at most `moves` moves (`go mate`):
/// a mate score at all, and its distance counted in i64, so that a huge
/// `moves` neither wraps around nor takes a plain score for a mate.
fn mate_found_within(score: i32, moves: u32) -> bool {
    score >= MATE_BOUND && i64::from(MATE - score) < 2 * i64::from(moves)
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn huge_go_limits_do_not_wrap() {
        assert_eq!(depth_limit(1), 1);
        assert_eq!(depth_limit(9), 9);
        assert_eq!(depth_limit(u32::MAX), MAX_PLY as i32 - 1);
        assert_eq!(depth_limit(1 << 31), MAX_PLY as i32 - 1);
        assert!(mate_found_within(MATE - 3, 2));
        assert!(!mate_found_within(MATE - 5, 2));
        assert!(!mate_found_within(0, 1 << 30));
        assert!(!mate_found_within(0, u32::MAX));
        assert!(mate_found_within(MATE - 5, u32::MAX));
    }
}
