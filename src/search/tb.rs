//! Tablebases in the search (Stockfish's scheme). At the root, a position
//! in the tables keeps only the moves of the best rank (a win that stays
//! within the 50-move rule, a draw that is not lost), best DTZ first, and
//! reports tablebase scores: a win is `TB_WIN` less a distance, a large
//! number that is not a mate. Inside the tree, WDL probes right after a
//! capture or pawn move end the node with the table's score, stored in the
//! hash table with the bound it proves.

use super::params::{TB_DEPTH_BONUS, TB_SMALL_SCORE_DIV};
use super::score::{to_tt, MAX_PLY, TB_WIN};
use super::tt::TtBound;
use super::worker::Worker;
use crate::chess::{Board, Move};
use crate::tb::{Tablebases, Wdl, MAX_DTZ};
use std::sync::Arc;

/// What a search is told about tablebases (the UCI Syzygy options).
#[derive(Clone, Debug)]
pub struct TbSearch {
    pub tables: Arc<Tablebases>,
    /// `SyzygyProbeDepth`: probe only at this remaining depth or more
    /// (when the piece count equals the limit).
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: probe positions of at most this many pieces.
    pub probe_limit: usize,
    /// `Syzygy50MoveRule`: cursed wins and blessed losses are draws.
    pub rule50: bool,
}

impl TbSearch {
    /// Every position `tables` hold probed, at any depth, the 50-move rule
    /// counted: for analysis, where a verdict should be the tables' own.
    pub fn everywhere(tables: Arc<Tablebases>) -> TbSearch {
        TbSearch {
            tables,
            probe_depth: 0,
            probe_limit: usize::MAX,
            rule50: true,
        }
    }
}

/// The piece count and depth the tree probes at: the limit lowered to
/// the tables' size (and the depth then dropped, as Stockfish does).
pub(super) fn effective(tb: &TbSearch) -> (usize, i32) {
    let max = tb.tables.max_pieces();
    if tb.probe_limit > max {
        (max, 0)
    } else {
        (tb.probe_limit, tb.probe_depth)
    }
}

/// The root's moves ranked by the tables: the moves of the best rank
/// with their tablebase scores, and whether DTZ ranked them (then the
/// tree need not probe). `None` when the root is not in the tables.
pub(super) fn root_moves(
    tb: &TbSearch,
    board: &Board,
    history: &[u64],
    allowed: &[Move],
) -> Option<(Vec<(Move, i32)>, bool)> {
    let (limit, _) = effective(tb);
    if board.occupied().count() as usize > limit || board.castling().0 != 0 {
        return None;
    }
    let repeated = history.contains(&board.hash());
    let ranks = tb.tables.rank_root(board, tb.rule50, repeated).ok()?;
    let ranks: Vec<_> = ranks.iter().filter(|r| allowed.contains(&r.mv)).collect();
    let best = ranks.first()?.rank;
    let dtz_ranked = ranks[0].by_dtz;
    let kept = ranks
        .iter()
        .filter(|r| r.rank == best)
        .map(|r| (r.mv, root_score(r.rank, r.dtz, r.bound)))
        .collect();
    Some((kept, dtz_ranked))
}

/// A root move's tablebase score from its rank: a sure win `TB_WIN` less
/// its DTZ, a win the 50-move rule may spoil a small plus that grows as
/// the win nears (Stockfish's), a draw 0, losses the mirror images.
fn root_score(rank: i32, dtz: i32, bound: i32) -> i32 {
    let far = MAX_PLY as i32 - 1;
    if rank >= bound {
        TB_WIN - dtz.clamp(0, far)
    } else if rank > 0 {
        (rank - (MAX_DTZ - 200)).max(3) * 100 / TB_SMALL_SCORE_DIV
    } else if rank == 0 {
        0
    } else if rank > -bound {
        (rank + (MAX_DTZ - 200)).min(-3) * 100 / TB_SMALL_SCORE_DIV
    } else {
        -TB_WIN + (-dtz).clamp(0, far)
    }
}

impl Worker {
    /// Step "tablebases" of a node: the table's score when it ends the
    /// node (stored in the hash table), else `None`. Called only with
    /// tables loaded, after the hash table had its say.
    #[inline]
    pub(super) fn probe_tb(
        &mut self,
        b: &Board,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        tt_pv: bool,
    ) -> Option<i32> {
        let pieces = b.occupied().count() as usize;
        if pieces > self.tb_limit
            || (pieces == self.tb_limit && depth < self.tb_depth)
            || b.halfmove_clock() != 0
            || b.castling().0 != 0
        {
            return None;
        }
        let tb = self.tb.as_ref()?;
        let wdl = tb.tables.probe_wdl(b).ok()?;
        self.tb_hits += 1;
        let wdl = if tb.rule50 { wdl } else { wdl.without_rule50() };
        let (score, bound) = match wdl {
            Wdl::Win => (TB_WIN - ply as i32, TtBound::Lower),
            Wdl::Loss => (-TB_WIN + ply as i32, TtBound::Upper),
            Wdl::CursedWin => (2, TtBound::Exact),
            Wdl::BlessedLoss => (-2, TtBound::Exact),
            Wdl::Draw => (0, TtBound::Exact),
        };
        let cuts = match bound {
            TtBound::Exact => true,
            TtBound::Lower => score >= beta,
            TtBound::Upper => score <= alpha,
        };
        if !cuts {
            return None;
        }
        self.tt.store(
            b.hash(),
            Move::NULL,
            to_tt(score, ply),
            super::score::NO_EVAL,
            (depth + TB_DEPTH_BONUS).min(MAX_PLY as i32 - 1),
            bound,
            tt_pv,
        );
        Some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_scores_are_not_mates() {
        let bound = MAX_DTZ - 100;
        let win = root_score(MAX_DTZ, 7, bound);
        assert_eq!(win, TB_WIN - 7);
        assert!(win < super::super::score::MATE_BOUND);
        assert_eq!(root_score(-MAX_DTZ, -9, bound), -TB_WIN + 9);
        assert_eq!(root_score(0, 0, bound), 0);
        let cursed = root_score(MAX_DTZ - 130, 130, bound);
        assert!(cursed > 0 && cursed < 100, "{cursed}");
    }
}
