//! The recursive search: principal-variation alpha-beta with the usual
//! selectivity (hash cut-offs, mate-distance pruning, reverse futility,
//! razoring, null move with verification, ProbCut, internal iterative
//! reduction, late-move/futility/history/SEE pruning, singular and check
//! extensions, late-move reductions), and the quiescence search.

use super::check::CheckInfo;
use super::history::{bonus, pawn_slot, piece_to, QuietCtx, NO_PIECE_TO};
use super::params::*;
use super::picker::Picker;
use super::score::{from_tt, to_tt, INF, MATE, MATE_BOUND, MAX_PLY, NO_EVAL, TB_WIN_BOUND};
use super::see::{move_gain, see_ge};
use super::threats::Threats;
use super::tt::{TtBound, TtHit};
use super::worker::Worker;
use crate::chess::{count_legal, Bitboard, Board, Move, Square};
use std::sync::OnceLock;

/// `[quiet?][depth][move number]` reductions in `LMR_GRAIN`ths of a ply.
type LmrTable = [[[i32; 64]; 64]; 2];

fn lmr_table() -> &'static LmrTable {
    static TABLE: OnceLock<Box<LmrTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[[0; 64]; 64]; 2]);
        for d in 1..64 {
            for m in 1..64 {
                let l = (d as f64).ln() * (m as f64).ln();
                let grain = LMR_GRAIN as f64;
                t[0][d][m] = ((LMR_CAPT_BASE + l / LMR_CAPT_DIV) * grain) as i32;
                t[1][d][m] = ((LMR_BASE + l / LMR_DIV) * grain) as i32;
            }
        }
        t
    })
}

/// Quiets tried before late-move pruning cuts the rest.
#[inline(always)]
fn lmp_limit(depth: i32, improving: bool) -> i32 {
    (lmp_base() + depth * depth) / (2 - improving as i32)
}

/// Shallow-depth pruning of a move at node `n`, the `seen`th tried: late
/// quiets, futile quiets, quiets with bad history or losing too much by
/// SEE, and losing captures that SEE finds losing more. (The caller keeps
/// checks.)
#[inline(always)]
fn prunes_move(n: &NodeCtx, mc: &MoveCtx, b: &Board, seen: usize, alpha: i32) -> bool {
    let depth = n.depth;
    if !mc.is_quiet {
        return mc.bad_capture
            && depth <= SEE_CAPTURE_DEPTH
            && !see_ge(b, mc.m, -see_capture_margin() * depth);
    }
    let r = n.lmr[1][depth.min(63) as usize][seen.min(63)] / LMR_GRAIN;
    let lmr_depth = (depth - 1 - r).max(0);
    seen as i32 > lmp_limit(depth, n.improving)
        || (!n.in_check
            && lmr_depth <= FUT_DEPTH
            && n.eval + fut_base() + fut_mul() * lmr_depth <= alpha)
        || (lmr_depth <= HIST_PRUNE_DEPTH && mc.hist_score < -hist_prune_margin() * depth)
        || (lmr_depth <= SEE_QUIET_DEPTH
            && !see_ge(b, mc.m, -see_quiet_margin() * lmr_depth * lmr_depth))
}

/// What a quiescence node out of check knows before its move loop.
struct QsNode {
    /// Standing pat plus the futility margin.
    futility_base: i32,
    /// Where the last move went: a recapture there is always tried.
    recapture_sq: Option<Square>,
    tt_move: Move,
}

/// A quiescence move: the `seen`th tried, `bad` when the picker ranked it
/// as losing material.
struct QsMove {
    m: Move,
    seen: usize,
    bad: bool,
}

/// Whether quiescence out of check skips move `q` (unless it checks), and
/// if so the score the node is known to reach without it: losing captures,
/// futile ones (standing pat plus the margin and the gain miss alpha),
/// hopeless ones (the margin alone misses and SEE wins nothing: no SEE for
/// a move already futile or already found losing; quiescence hands out no
/// under-promotion), late ones (past the first `QS_MOVE_LIMIT` only
/// recaptures and promotions are worth the nodes) and a hash move that
/// loses by SEE.
#[inline(always)]
fn qs_prunes(qs: &QsNode, q: &QsMove, b: &Board, alpha: i32, best: i32) -> Option<i32> {
    let m = q.m;
    if m.promotion().is_none() {
        let reach = qs.futility_base + move_gain(b, m);
        if reach <= alpha {
            return Some(reach);
        }
    }
    if qs.futility_base <= alpha && (q.bad || !see_ge(b, m, 1)) {
        return Some(qs.futility_base);
    }
    let late = q.seen > QS_MOVE_LIMIT
        && m.promotion().is_none()
        && Some(m.to()) != qs.recapture_sq
        && best > -TB_WIN_BOUND
        && b.has_non_pawn_material(b.side_to_move());
    (q.bad || late || (m == qs.tt_move && !see_ge(b, m, 0))).then_some(-INF)
}

/// How many plies less the `searched`th move of node `n` is searched
/// first: the table's value, more at non-PV, expected cut and
/// non-improving nodes and for quiets after a capture hash move, less for
/// good history, refutations, good captures, checks and where the
/// correction histories moved the static eval far.
#[inline(always)]
fn reduction(n: &NodeCtx, mc: &MoveCtx, searched: usize, gives_check: bool) -> i32 {
    let mut plies = !n.tt_pv as i32 + n.cut_node as i32 + !n.improving as i32;
    let mut r = n.lmr[mc.is_quiet as usize][n.depth.min(63) as usize][searched.min(63)];
    if mc.is_quiet {
        plies += n.tt_move.is_noisy() as i32 - mc.refutation as i32;
        r -= mc.hist_score * LMR_GRAIN / lmr_hist_div();
    } else if !mc.bad_capture {
        plies -= 1;
    }
    plies -= gives_check as i32;
    plies -= ((n.static_eval - n.raw_eval).abs() >= LMR_CORRECTION_MIN) as i32;
    (r + plies * LMR_GRAIN).div_euclid(LMR_GRAIN)
}

/// Whether a hash score with this bound answers the window on its own.
#[inline(always)]
fn bound_cuts(bound: TtBound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        TtBound::Exact => true,
        TtBound::Lower => score >= beta,
        TtBound::Upper => score <= alpha,
    }
}

/// The static eval sharpened by a hash score whose bound points the right way.
#[inline(always)]
fn adjusted_eval(raw: i32, hit: Option<TtHit>, tt_score: i32) -> i32 {
    match hit {
        Some(h)
            if (h.bound == TtBound::Exact)
                || (h.bound == TtBound::Lower && tt_score > raw)
                || (h.bound == TtBound::Upper && tt_score < raw) =>
        {
            tt_score
        }
        _ => raw,
    }
}

/// What a node has worked out before its move loop (the hash table's
/// word, the static eval): the pruning and extension helpers share it.
#[derive(Clone, Copy)]
struct NodeCtx {
    ply: usize,
    /// The remaining depth (one less after internal iterative reduction).
    depth: i32,
    cut_node: bool,
    hash: u64,
    hit: Option<TtHit>,
    tt_move: Move,
    /// The hash score, node-relative; `-INF` without a hit.
    tt_score: i32,
    tt_pv: bool,
    /// The static eval as computed, as corrected by the correction
    /// histories, and as sharpened by the hash score.
    raw_eval: i32,
    static_eval: i32,
    eval: i32,
    in_check: bool,
    /// The static eval is above the one two plies before.
    improving: bool,
    lmr: &'static LmrTable,
}

/// One move of a node's move loop as pruning and reductions see it.
struct MoveCtx {
    m: Move,
    is_quiet: bool,
    /// The quiet history (0 for a capture).
    hist_score: i32,
    /// A killer or the counter move.
    refutation: bool,
    /// A capture the picker ranked as losing material.
    bad_capture: bool,
}

/// How a node's move loop ended, for what it teaches and stores.
#[derive(Clone, Copy)]
struct Outcome {
    best_score: i32,
    best_move: Move,
    beta: i32,
    singular_search: bool,
}

/// The moves a node searched that did not become its best: they lose
/// history when another move causes the cut-off.
struct Tried {
    quiets: [Move; 64],
    n_quiets: usize,
    captures: [Move; 32],
    n_captures: usize,
}

impl Tried {
    fn new() -> Tried {
        Tried {
            quiets: [Move::NULL; 64],
            n_quiets: 0,
            captures: [Move::NULL; 32],
            n_captures: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move, is_quiet: bool) {
        if is_quiet {
            if self.n_quiets < self.quiets.len() {
                self.quiets[self.n_quiets] = m;
                self.n_quiets += 1;
            }
        } else if m.is_capture() && self.n_captures < self.captures.len() {
            self.captures[self.n_captures] = m;
            self.n_captures += 1;
        }
    }
}

impl Worker {
    /// The one place the search asks for a static evaluation.
    #[inline(always)]
    pub(super) fn static_eval(&mut self, ply: usize) -> i32 {
        let b = &self.stack.frames[ply].board;
        self.eval
            .evaluate(b)
            .clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// Draw by rule at `ply` (a mate on the 100th half-move still counts).
    #[inline(always)]
    fn is_draw(&self, ply: usize, b: &Board) -> bool {
        (b.halfmove_clock() >= 100 && (!b.in_check() || count_legal(b) > 0))
            || b.is_insufficient_material()
            || self.stack.is_repetition(ply)
    }

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let end = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = m;
        head[ply][ply + 1..end].copy_from_slice(&tail[0][ply + 1..end]);
        self.pv_len[ply] = end;
    }

    /// Alpha-beta search of the position at `ply` to `depth`.
    pub(super) fn negamax<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let b = self.stack.frames[ply].board;
        let in_check = b.in_check();

        if !root {
            if self.is_draw(ply, &b) {
                return 0;
            }
            if ply >= MAX_PLY - 1 {
                return if in_check { 0 } else { self.static_eval(ply) };
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // ---- hash table ----
        let excluded = self.stack.frames[ply].excluded;
        let singular_search = !excluded.is_null();
        let hash = b.hash();
        let hit = if singular_search {
            None
        } else {
            self.tt.probe(hash)
        };
        let tt_move = if root {
            self.root_moves[self.pv_idx].mv
        } else {
            hit.map_or(Move::NULL, |h| h.mv)
        };
        let tt_score = hit.map_or(-INF, |h| from_tt(h.score, ply));
        let tt_pv = PV || hit.is_some_and(|h| h.pv);
        if !PV {
            if let Some(h) = hit {
                if h.depth >= depth && bound_cuts(h.bound, tt_score, alpha, beta) {
                    return tt_score;
                }
            }
        }

        // ---- tablebases ----
        if self.tb_limit != 0 && !root && !singular_search {
            if let Some(s) = self.probe_tb(&b, ply, depth, alpha, beta, tt_pv) {
                return s;
            }
        }

        // ---- static evaluation ----
        let (raw_eval, static_eval, eval) =
            self.node_eval(ply, in_check, singular_search, hit, tt_score);
        let improving = !in_check && self.improving(ply, static_eval);
        if !in_check && !singular_search && ply >= 1 {
            depth += self.hindsight(ply, depth, static_eval);
        }
        if ply + 2 < self.stack.frames.len() {
            self.stack.frames[ply + 2].killers = [Move::NULL; 2];
        }

        let mut node = NodeCtx {
            ply,
            depth,
            cut_node,
            hash,
            hit,
            tt_move,
            tt_score,
            tt_pv,
            raw_eval,
            static_eval,
            eval,
            in_check,
            improving,
            lmr: lmr_table(),
        };

        // ---- node pruning ----
        if !PV && !in_check && !singular_search {
            if let Some(s) = self.prune_node(&node, &b, alpha, beta) {
                return s;
            }
        }

        // Internal iterative reduction: no hash move, probably a poor guess.
        if depth >= IIR_MIN_DEPTH && tt_move.is_null() && (PV || cut_node) {
            depth -= 1;
            node.depth = depth;
        }
        self.search_moves::<PV>(&node, &b, alpha, beta, excluded)
    }

    /// The move loop of node `n` (after the hash table, the tablebases and
    /// node pruning had their say): each move pruned, extended, reduced
    /// and searched in the picker's order; then mate or stalemate when no
    /// move was legal, the histories taught by a cut-off, and the result
    /// stored. `excluded` is the move a singular search leaves out.
    fn search_moves<const PV: bool>(
        &mut self,
        n: &NodeCtx,
        b: &Board,
        mut alpha: i32,
        beta: i32,
        excluded: Move,
    ) -> i32 {
        let (ply, depth, tt_move) = (n.ply, n.depth, n.tt_move);
        let root = ply == 0;
        let singular_search = !excluded.is_null();
        let us = b.side_to_move();
        let prev1 = self.stack.prev_piece_to(ply, 1);
        let prev2 = self.stack.prev_piece_to(ply, 2);
        let counter = if prev1 != NO_PIECE_TO {
            self.hist.counter(prev1)
        } else {
            Move::NULL
        };
        let killers = self.stack.frames[ply].killers;
        let danger = Threats::of(b);
        let ctx = QuietCtx {
            prev1,
            prev2,
            prev4: self.stack.prev_piece_to(ply, 4),
            threats: danger.all,
            pawns: pawn_slot(b),
        };
        let mut picker = Picker::new(tt_move, killers, counter, ctx, danger, depth);
        let mut best_score = -INF;
        let mut best_move = Move::NULL;
        let mut seen = 0usize;
        let mut searched = 0usize;
        let mut tried = Tried::new();
        let mut check_info: Option<CheckInfo> = None;

        while let Some(m) = picker.next(&mut self.bufs[ply], b, &self.hist) {
            if m == excluded {
                continue;
            }
            if root && !self.root_moves[self.pv_idx..].iter().any(|r| r.mv == m) {
                continue;
            }
            seen += 1;
            let is_quiet = !m.is_noisy();
            let mc = MoveCtx {
                m,
                is_quiet,
                hist_score: match picker.last_quiet_score {
                    Some(h) => h,
                    None if is_quiet => self.hist.quiet(us, m, piece_to(b, m), ctx),
                    None => 0,
                },
                refutation: m == killers[0] || m == killers[1] || m == counter,
                bad_capture: picker.last_was_bad,
            };

            // Shallow-depth pruning, once a real score is in hand. Checks
            // are never pruned (mates and sacrifices hide among them).
            if !root
                && best_score > -MATE_BOUND
                && b.has_non_pawn_material(us)
                && prunes_move(n, &mc, b, seen, alpha)
                && !check_info
                    .get_or_insert_with(|| CheckInfo::new(b))
                    .gives_check(b, m)
            {
                continue;
            }

            // Singular extension: is the hash move much better than the rest?
            let mut ext = 0;
            if !root
                && m == tt_move
                && depth >= SE_MIN_DEPTH
                && ply < SE_MAX_PLY_MUL * self.root_depth as usize
            {
                match self.singular_extension::<PV>(n, m, beta) {
                    Ok(e) => ext = e,
                    Err(cut) => return cut,
                }
            }

            let nodes_before = self.nodes;
            searched += 1;
            let score = self.search_move::<PV>(n, &mc, b, ext, alpha, beta, best_score, searched);
            if self.stopped {
                return 0;
            }

            if root {
                let spent = self.nodes - nodes_before;
                self.record_root_move(m, score, searched == 1 || score > alpha, spent);
                // A later move beat the first line's best at this depth: it
                // is played if the iteration does not finish (a node limit
                // or the clock cuts nearly every last one), as Stockfish
                // plays its partly searched iteration's best.
                if searched > 1 && score > alpha && self.pv_idx == 0 && self.completed_depth > 0 {
                    self.fail_high = self.root_moves.iter().find(|r| r.mv == m).cloned();
                }
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if PV && !root {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if m != best_move {
                tried.push(m, is_quiet);
            }
        }

        if seen == 0 {
            return if singular_search {
                alpha
            } else if n.in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }

        let outcome = Outcome {
            best_score,
            best_move,
            beta,
            singular_search,
        };
        self.learn_and_store::<PV>(n, b, &outcome, &tried, ctx);
        best_score
    }

    /// After node `n`'s move loop: the histories learn from a cut-off (or
    /// the opponent's refutation from a fail-low), the correction
    /// histories from how far the static eval missed, and the result goes
    /// into the hash table (not a singular search's, nor a later MultiPV
    /// line's at the root).
    fn learn_and_store<const PV: bool>(
        &mut self,
        n: &NodeCtx,
        b: &Board,
        outcome: &Outcome,
        tried: &Tried,
        ctx: QuietCtx,
    ) {
        let Outcome {
            best_score,
            best_move,
            beta,
            singular_search,
        } = *outcome;
        if best_score >= beta {
            self.learn_from_cutoff(b, n.ply, n.depth, best_move, tried, ctx);
        } else if best_move.is_null() && !singular_search && n.ply != 0 {
            self.reward_refutation(n.ply, n.depth);
        }

        // The correction histories learn how far the static eval
        // missed, where the result says which way: not from a capture's
        // score, a cut-off below the eval or a fail-low above it.
        let cut_below_eval = best_score >= beta && best_score <= n.static_eval;
        let low_above_eval = best_move.is_null() && best_score >= n.static_eval;
        let quiet_result = !n.in_check && !best_move.is_noisy() && !singular_search;
        if quiet_result && !cut_below_eval && !low_above_eval && best_score.abs() < TB_WIN_BOUND {
            let diff = best_score - n.static_eval;
            self.hist
                .update_correction(b, ctx.prev1, ctx.prev2, diff, n.depth);
        }
        if !(singular_search || (n.ply == 0 && self.pv_idx > 0)) {
            let bound = if best_score >= beta {
                TtBound::Lower
            } else if PV && !best_move.is_null() {
                TtBound::Exact
            } else {
                TtBound::Upper
            };
            let score = to_tt(best_score, n.ply);
            self.tt.store(
                n.hash, best_move, score, n.raw_eval, n.depth, bound, n.tt_pv,
            );
        }
    }

    /// The static evaluation at `ply`: raw (as the hash table keeps it),
    /// corrected by the correction histories (kept in the frame), and
    /// sharpened by the hash score. None in check; a singular search reuses
    /// its node's.
    #[inline(always)]
    fn node_eval(
        &mut self,
        ply: usize,
        in_check: bool,
        singular_search: bool,
        hit: Option<TtHit>,
        tt_score: i32,
    ) -> (i32, i32, i32) {
        if in_check {
            self.stack.frames[ply].static_eval = NO_EVAL;
            (NO_EVAL, NO_EVAL, NO_EVAL)
        } else if singular_search {
            let e = self.stack.frames[ply].static_eval;
            (e, e, e)
        } else {
            let raw = match hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.static_eval(ply),
            };
            let corrected = self.corrected(ply, raw);
            self.stack.frames[ply].static_eval = corrected;
            (raw, corrected, adjusted_eval(corrected, hit, tt_score))
        }
    }

    /// `raw` plus what the correction histories have learnt about this
    /// pawn structure, these pieces and the last two moves.
    #[inline(always)]
    fn corrected(&self, ply: usize, raw: i32) -> i32 {
        let b = &self.stack.frames[ply].board;
        let prev1 = self.stack.prev_piece_to(ply, 1);
        let prev2 = self.stack.prev_piece_to(ply, 2);
        let c = self.hist.correction(b, prev1, prev2);
        (raw + c).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// Hindsight on the reduction the move into this node got: a ply more
    /// when it was reduced by 3 or more and the mover's position did not
    /// get worse by it (this side's eval no better than the mover's
    /// was), a ply less when it was reduced at all and the two evals
    /// together say the move was clearly bad for the mover.
    #[inline(always)]
    fn hindsight(&self, ply: usize, depth: i32, static_eval: i32) -> i32 {
        let parent = &self.stack.frames[ply - 1];
        if parent.static_eval == NO_EVAL || parent.reduction == 0 {
            return 0;
        }
        let swing = static_eval + parent.static_eval;
        if parent.reduction >= HINDSIGHT_MORE_MIN && swing <= HINDSIGHT_WORSENING {
            1
        } else if depth >= 2 && swing > HINDSIGHT_LESS_SWING {
            -1
        } else {
            0
        }
    }

    /// Whether the side to move's static eval rose since its last move
    /// (or the one before, when that was in check); true with neither.
    #[inline(always)]
    fn improving(&self, ply: usize, static_eval: i32) -> bool {
        if ply < 2 {
            return false;
        }
        let e2 = self.stack.frames[ply - 2].static_eval;
        if e2 != NO_EVAL {
            static_eval > e2
        } else if ply >= 4 && self.stack.frames[ply - 4].static_eval != NO_EVAL {
            static_eval > self.stack.frames[ply - 4].static_eval
        } else {
            true
        }
    }

    /// Makes move `mc.m` of node `n`, searches it (check extension, late
    /// move reduction, then the null-window and PV re-searches as needed)
    /// and takes it back: its score from the node's side.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move<const PV: bool>(
        &mut self,
        n: &NodeCtx,
        mc: &MoveCtx,
        b: &Board,
        ext: i32,
        alpha: i32,
        beta: i32,
        best_score: i32,
        searched: usize,
    ) -> i32 {
        let ply = n.ply;
        let child = b.make(mc.m);
        self.tt.prefetch(child.hash());
        let gives_check = child.in_check();
        self.stack.do_move_to(ply, mc.m, child, &mut self.eval);
        self.count_node();
        let ext = if gives_check { ext.max(1) } else { ext };
        let mut new_depth = n.depth - 1 + ext;
        let mut score = -INF;
        let full_null_window;
        if searched > 1 + (PV as usize) && n.depth >= LMR_MIN_DEPTH {
            let r = reduction(n, mc, searched, gives_check);
            let reduced = (new_depth - r.max(0)).clamp(1, new_depth.max(1));
            self.stack.frames[ply].reduction = new_depth - reduced;
            score = -self.negamax::<false>(-alpha - 1, -alpha, reduced, ply + 1, true);
            self.stack.frames[ply].reduction = 0;
            // The reduced search beat alpha: by far, search the move a ply
            // deeper; barely above the best so far, a ply shallower (and
            // not again where that is the depth just searched).
            full_null_window = if score > alpha && reduced < new_depth {
                let deeper = score > best_score + LMR_DEEPER_BASE + LMR_DEEPER_MUL * new_depth;
                let shallower = score < best_score + LMR_SHALLOWER_MARGIN;
                new_depth += deeper as i32 - shallower as i32;
                reduced < new_depth
            } else {
                false
            };
        } else {
            full_null_window = !PV || searched > 1;
        }
        if full_null_window {
            score = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !n.cut_node);
        }
        if PV && (searched == 1 || score > alpha) {
            score = -self.negamax::<true>(-beta, -alpha, new_depth, ply + 1, false);
        }
        self.stack.undo_move(ply, &mut self.eval);
        score
    }

    /// Reverse futility, razoring, null move and ProbCut, tried before the
    /// move loop of a non-PV node not in check: the node's score when it
    /// can be cut (0 once the search has stopped).
    fn prune_node(&mut self, n: &NodeCtx, b: &Board, alpha: i32, beta: i32) -> Option<i32> {
        let (depth, eval, improving) = (n.depth, n.eval, n.improving);
        // Reverse futility: far enough above beta to stand pat, unless a
        // quiet hash move or a former PV says the node is worth a look.
        if depth <= RFP_DEPTH
            && !n.tt_pv
            && (n.tt_move.is_null() || n.tt_move.is_noisy())
            && eval < MATE_BOUND
            && eval - rfp_margin() * (depth - improving as i32) >= beta
        {
            return Some(eval);
        }
        // Razoring: hopeless quiet positions go straight to quiescence.
        if depth <= RAZOR_DEPTH && eval + razor_margin() * depth < alpha {
            let q = self.qsearch::<false>(alpha, alpha + 1, n.ply);
            if q <= alpha {
                return Some(q);
            }
        }
        if let Some(s) = self.null_move(n, b, beta) {
            return Some(s);
        }
        self.probcut(n, b, beta)
    }

    /// Null move: if passing still fails high, the node is a cut. At great
    /// depth the cut is verified by a search without null moves near this
    /// ply (zugzwang).
    fn null_move(&mut self, n: &NodeCtx, b: &Board, beta: i32) -> Option<i32> {
        let (ply, depth, eval) = (n.ply, n.depth, n.eval);
        let prev_null = ply > 0 && self.stack.frames[ply - 1].mv.is_null();
        if depth < NMP_MIN_DEPTH
            || eval < beta
            || prev_null
            || ply < self.nmp_min_ply
            || beta <= -MATE_BOUND
            || !b.has_non_pawn_material(b.side_to_move())
        {
            return None;
        }
        let r =
            NMP_BASE + depth / NMP_DEPTH_DIV + ((eval - beta) / nmp_eval_div()).min(NMP_EVAL_MAX);
        self.stack.do_null(ply, &mut self.eval);
        self.count_node();
        let s = -self.negamax::<false>(-beta, -beta + 1, depth - r, ply + 1, !n.cut_node);
        self.stack.undo_null(&mut self.eval);
        if self.stopped {
            return Some(0);
        }
        if s < beta {
            return None;
        }
        // A pass proves nothing about a mate or a tablebase win: return beta.
        let s = if s >= TB_WIN_BOUND { beta } else { s };
        if depth < NMP_VERIFY_DEPTH || self.nmp_min_ply > 0 {
            return Some(s);
        }
        self.nmp_min_ply = ply + (NMP_VERIFY_PLY_NUM * (depth - r) / NMP_VERIFY_PLY_DEN) as usize;
        let v = self.negamax::<false>(beta - 1, beta, depth - r, ply, false);
        self.nmp_min_ply = 0;
        if self.stopped {
            return Some(0);
        }
        (v >= beta).then_some(s)
    }

    /// ProbCut: a good capture that beats beta by a margin at reduced depth
    /// very likely beats beta at full depth.
    fn probcut(&mut self, n: &NodeCtx, b: &Board, beta: i32) -> Option<i32> {
        let (ply, depth) = (n.ply, n.depth);
        let pc_beta = beta + probcut_margin();
        if depth < PROBCUT_MIN_DEPTH
            || beta.abs() >= MATE_BOUND
            || n.hit
                .is_some_and(|h| h.depth >= depth - PROBCUT_TT_SLACK && n.tt_score < pc_beta)
        {
            return None;
        }
        let mut picker = Picker::qsearch(n.tt_move, false, QuietCtx::default());
        while let Some(m) = picker.next(&mut self.bufs[ply], b, &self.hist) {
            if !see_ge(b, m, pc_beta - n.eval) {
                continue;
            }
            self.stack.do_move(ply, m, &mut self.eval);
            self.count_node();
            let mut s = -self.qsearch::<false>(-pc_beta, -pc_beta + 1, ply + 1);
            if s >= pc_beta {
                s = -self.negamax::<false>(
                    -pc_beta,
                    -pc_beta + 1,
                    depth - PROBCUT_REDUCTION,
                    ply + 1,
                    !n.cut_node,
                );
            }
            self.stack.undo_move(ply, &mut self.eval);
            if self.stopped {
                return Some(0);
            }
            if s >= pc_beta {
                self.tt.store(
                    n.hash,
                    m,
                    to_tt(s, ply),
                    n.raw_eval,
                    depth - PROBCUT_TT_SLACK,
                    TtBound::Lower,
                    n.tt_pv,
                );
                return Some(s);
            }
        }
        None
    }

    /// Singular extension of the hash move `m`: searched without it, do
    /// all the other moves fail well below the hash score? `Ok(extension)`
    /// (-1 to 2 plies), or `Err(score)` when the node is cut instead
    /// (multi-cut, or 0 once the search has stopped).
    fn singular_extension<const PV: bool>(
        &mut self,
        n: &NodeCtx,
        m: Move,
        beta: i32,
    ) -> Result<i32, i32> {
        let depth = n.depth;
        let Some(h) = n.hit else {
            return Ok(0);
        };
        if h.depth < depth - SE_TT_DEPTH_SLACK
            || h.bound == TtBound::Upper
            || n.tt_score.abs() >= MATE_BOUND
        {
            return Ok(0);
        }
        let sbeta = n.tt_score - SE_MARGIN_MUL * depth;
        self.stack.frames[n.ply].excluded = m;
        let s = self.negamax::<false>(
            sbeta - 1,
            sbeta,
            (depth - 1) / SE_DEPTH_DIV,
            n.ply,
            n.cut_node,
        );
        self.stack.frames[n.ply].excluded = Move::NULL;
        if self.stopped {
            return Err(0);
        }
        Ok(if s < sbeta {
            if !PV && s < sbeta - se_double_margin() {
                2
            } else {
                1
            }
        } else if sbeta >= beta {
            // Several moves beat beta: multi-cut.
            return Err(sbeta);
        } else if n.tt_score >= beta {
            -1
        } else {
            0
        })
    }

    /// After a root move's search: its nodes, and its score and line when
    /// it is the best so far (`best`), else a fail low (`-INF`).
    fn record_root_move(&mut self, m: Move, score: i32, best: bool, spent: u64) {
        let end = self.pv_len[1].max(1);
        let seldepth = self.seldepth;
        if let Some(rm) = self.root_moves.iter_mut().find(|r| r.mv == m) {
            rm.nodes += spent;
            if best {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1][1..end]);
            } else {
                rm.score = -INF;
            }
        }
    }

    /// A beta cut-off by `best`: it gains history (and, when quiet, becomes
    /// a killer and the counter move); the moves tried before it lose.
    fn learn_from_cutoff(
        &mut self,
        b: &Board,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &Tried,
        ctx: QuietCtx,
    ) {
        let bonus = bonus(depth);
        let us = b.side_to_move();
        if !best.is_noisy() {
            let k = &mut self.stack.frames[ply].killers;
            if k[0] != best {
                k[1] = k[0];
                k[0] = best;
            }
            self.hist.set_counter(ctx.prev1, best);
            self.hist
                .update_quiet(us, best, piece_to(b, best), ctx, bonus);
            for &q in &tried.quiets[..tried.n_quiets] {
                self.hist.update_quiet(us, q, piece_to(b, q), ctx, -bonus);
            }
        } else if best.is_capture() {
            self.hist.update_capture(b, best, bonus);
        }
        for &c in &tried.captures[..tried.n_captures] {
            self.hist.update_capture(b, c, -bonus);
        }
    }

    /// A node where every move failed low: the opponent's quiet move into
    /// it refuted them all, so it gains the history a cut-off would give
    /// it at the parent.
    fn reward_refutation(&mut self, ply: usize, depth: i32) {
        let parent = &self.stack.frames[ply - 1];
        let (m, pt, pb) = (parent.mv, parent.piece_to, parent.board);
        if m.is_null() || m.is_noisy() {
            return;
        }
        let ctx = QuietCtx {
            prev1: self.stack.prev_piece_to(ply - 1, 1),
            prev2: self.stack.prev_piece_to(ply - 1, 2),
            prev4: self.stack.prev_piece_to(ply - 1, 4),
            threats: Threats::of(&pb).all,
            pawns: pawn_slot(&pb),
        };
        self.hist
            .update_quiet(pb.side_to_move(), m, pt, ctx, bonus(depth));
    }

    /// Quiescence out of check: the raw static eval and the score of
    /// standing pat (the corrected eval, sharpened by a hash score whose
    /// bound points the right way); `Err` with that score when it already
    /// reaches beta (stored when the table had nothing here).
    #[inline(always)]
    fn stand_pat(
        &mut self,
        ply: usize,
        hash: u64,
        hit: Option<TtHit>,
        tt_score: i32,
        beta: i32,
    ) -> Result<(i32, i32), i32> {
        let raw_eval = match hit {
            Some(h) if h.eval != NO_EVAL => h.eval,
            _ => self.static_eval(ply),
        };
        let corrected = self.corrected(ply, raw_eval);
        self.stack.frames[ply].static_eval = corrected;
        let stand = adjusted_eval(corrected, hit, tt_score);
        if stand >= beta {
            if hit.is_none() {
                let score = to_tt(stand, ply);
                (self.tt).store(hash, Move::NULL, score, raw_eval, 0, TtBound::Lower, false);
            }
            return Err(stand);
        }
        Ok((raw_eval, stand))
    }

    /// Quiescence: captures (and evasions when in check) until the position
    /// is quiet, standing pat on the static eval.
    pub(super) fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let b = self.stack.frames[ply].board;
        let in_check = b.in_check();
        if self.is_draw(ply, &b) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.static_eval(ply) };
        }

        let hash = b.hash();
        let hit = self.tt.probe(hash);
        let tt_score = hit.map_or(-INF, |h| from_tt(h.score, ply));
        if !PV {
            if let Some(h) = hit {
                if bound_cuts(h.bound, tt_score, alpha, beta) {
                    return tt_score;
                }
            }
        }

        let (raw_eval, mut best) = if in_check {
            self.stack.frames[ply].static_eval = NO_EVAL;
            (NO_EVAL, -INF)
        } else {
            match self.stand_pat(ply, hash, hit, tt_score, beta) {
                Ok(stand) => stand,
                Err(cut) => return cut,
            }
        };
        alpha = alpha.max(best);
        let tt_move = hit.map_or(Move::NULL, |h| h.mv);
        // Quiet evasions are scored like the main search's quiets.
        let ctx = QuietCtx {
            prev1: self.stack.prev_piece_to(ply, 1),
            prev2: self.stack.prev_piece_to(ply, 2),
            prev4: self.stack.prev_piece_to(ply, 4),
            threats: if in_check {
                b.attacked_by(!b.side_to_move(), b.occupied())
            } else {
                Bitboard::EMPTY
            },
            pawns: pawn_slot(&b),
        };
        let mut picker = Picker::qsearch(tt_move, in_check, ctx);
        let mut best_move = Move::NULL;
        let mut seen = 0;
        let mut quiet_evasions = 0;
        let mut check_info: Option<CheckInfo> = None;
        // The square the last move went to: a recapture there is always tried.
        let prev_mv = self.stack.frames[ply.saturating_sub(1)].mv;
        let qs = QsNode {
            futility_base: best + qs_futility_margin(),
            recapture_sq: (ply > 0 && !prev_mv.is_null()).then_some(prev_mv.to()),
            tt_move,
        };
        while let Some(m) = picker.next(&mut self.bufs[ply], &b, &self.hist) {
            seen += 1;
            if !in_check {
                let q = QsMove {
                    m,
                    seen,
                    bad: picker.last_was_bad,
                };
                // Skipped captures only when they do not check (they may mate).
                if let Some(bound) = qs_prunes(&qs, &q, &b, alpha, best) {
                    if !check_info
                        .get_or_insert_with(|| CheckInfo::new(&b))
                        .gives_check(&b, m)
                    {
                        best = best.max(bound);
                        continue;
                    }
                }
            }
            if in_check && !m.is_noisy() {
                // One evasion already holds off mate: past the first few
                // quiet ones, the rest are not worth the nodes.
                if quiet_evasions >= QS_QUIET_EVASIONS && best > -TB_WIN_BOUND {
                    continue;
                }
                quiet_evasions += 1;
            }
            let child = b.make(m);
            self.tt.prefetch(child.hash());
            self.stack.do_move_to(ply, m, child, &mut self.eval);
            self.count_node();
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.stack.undo_move(ply, &mut self.eval);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && seen == 0 {
            return -MATE + ply as i32;
        }
        let bound = if best >= beta {
            TtBound::Lower
        } else {
            TtBound::Upper
        };
        self.tt
            .store(hash, best_move, to_tt(best, ply), raw_eval, 0, bound, false);
        best
    }
}
