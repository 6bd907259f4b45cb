//! `Accumulator`: the 512 hidden-layer sums of both perspectives for one
//! position, kept up to date move by move instead of being recomputed.
//!
//! Three ways to fill one: a full refresh from the piece placement, an
//! incremental update from the parent position's accumulator and the move's
//! `Delta` (one fused pass per perspective: add+sub for quiet moves,
//! add+sub+sub for captures and promotions, add+add+sub+sub for castling),
//! and, when a king changes bucket or crosses the mirror line, a refresh of
//! that perspective from the `FinnyTable`.

use super::arch::HIDDEN;
use super::delta::{Delta, PieceSet};
use super::features::KingView;
use super::finny::FinnyTable;
use super::network::Network;
use super::row::Row;
use super::simd::Backend;
use crate::chess::{Bitboard, Board, Color, Move, Piece, PieceType};

/// The hidden-layer sums, indexed by perspective (`Color::index`), 64-byte
/// aligned (each `Row` is).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Accumulator {
    pub rows: [Row; 2],
}

/// Feature indices collected for one refresh (a board has at most 64 pieces).
pub(crate) struct FeatureList {
    idx: [u32; 64],
    len: usize,
}

impl FeatureList {
    pub(crate) const fn new() -> FeatureList {
        FeatureList {
            idx: [0; 64],
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, f: usize) {
        if self.len < self.idx.len() {
            self.idx[self.len] = f as u32;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u32] {
        &self.idx[..self.len]
    }
}

impl Accumulator {
    /// Both perspectives computed from scratch for `board`.
    pub fn from_board(net: &Network, backend: Backend, board: &Board) -> Accumulator {
        Accumulator::from_pieces(net, backend, &PieceSet::from_board(board))
    }

    /// Both perspectives computed from scratch for a placement with both kings.
    pub fn from_pieces(net: &Network, backend: Backend, pieces: &PieceSet) -> Accumulator {
        let mut acc = Accumulator::default();
        for p in Color::BOTH {
            acc.refresh_full(net, backend, pieces, p);
        }
        acc
    }

    /// The sums of perspective `p`.
    #[inline(always)]
    pub fn row(&self, p: Color) -> &Row {
        &self.rows[p.index()]
    }

    /// Recomputes perspective `p` from scratch: bias plus every piece's weights.
    pub fn refresh_full(&mut self, net: &Network, backend: Backend, pieces: &PieceSet, p: Color) {
        let view = KingView::new(p, pieces.king(p));
        let mut list = FeatureList::new();
        for (i, &bb) in pieces.0.iter().enumerate() {
            let piece = Piece::new(Color::BOTH[i / 6], PieceType::from_index(i % 6));
            for sq in Bitboard(bb).iter() {
                list.push(view.feature(piece, sq));
            }
        }
        let row = &mut self.rows[p.index()];
        *row = *net.feature_bias();
        backend.apply_lists(row, &net.feature_weights, list.as_slice(), &[]);
    }

    /// Perspective `p` of this accumulator becomes `prev`'s plus the move's
    /// changes, seen through `view` (p's view, which the move did not change).
    #[inline]
    pub fn apply_delta(
        &mut self,
        prev: &Accumulator,
        net: &Network,
        backend: Backend,
        p: Color,
        view: KingView,
        delta: &Delta,
    ) {
        debug_assert!(!delta.needs_refresh(p));
        let w = |ps: &super::delta::PieceSquare| net.feature(view.feature(ps.piece, ps.sq));
        let dst = &mut self.rows[p.index()];
        let src = &prev.rows[p.index()];
        match (delta.adds(), delta.subs()) {
            ([a], [s]) => backend.copy_add_sub(dst, src, w(a), w(s)),
            ([a], [s1, s2]) => backend.copy_add_sub2(dst, src, w(a), w(s1), w(s2)),
            ([a1, a2], [s1, s2]) => {
                backend.copy_add2_sub2(dst, src, [w(a1), w(a2)], [w(s1), w(s2)])
            }
            (adds, subs) => {
                // A null move (nothing changes), or a shape no legal move has.
                *dst = *src;
                let mut a = FeatureList::new();
                let mut s = FeatureList::new();
                adds.iter()
                    .for_each(|x| a.push(view.feature(x.piece, x.sq)));
                subs.iter()
                    .for_each(|x| s.push(view.feature(x.piece, x.sq)));
                backend.apply_lists(dst, &net.feature_weights, a.as_slice(), s.as_slice());
            }
        }
    }

    /// The accumulator after `m`, computed now from `prev` (the accumulator
    /// of `before`, the board `m` is played on): both perspectives updated,
    /// or refreshed from `cache` where the move changed a king's view.
    pub fn update(
        &mut self,
        prev: &Accumulator,
        net: &Network,
        backend: Backend,
        cache: &mut FinnyTable,
        before: &Board,
        m: Move,
    ) {
        let delta = Delta::new(before, m);
        for p in Color::BOTH {
            if delta.needs_refresh(p) {
                let mut after = PieceSet::from_board(before);
                after.apply(&delta);
                let view = KingView::new(p, after.king(p));
                cache.refresh(net, backend, view, &after, &mut self.rows[p.index()]);
            } else {
                let view = KingView::new(p, before.king(p));
                self.apply_delta(prev, net, backend, p, view, &delta);
            }
        }
    }
}

const _: () = assert!(std::mem::size_of::<Accumulator>() == 2 * 2 * HIDDEN);
