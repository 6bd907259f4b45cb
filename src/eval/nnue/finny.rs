//! The "Finny table": for every (perspective, king bucket, mirrored) one
//! accumulator row together with the placement it was computed for. When a
//! king changes view, its perspective is rebuilt from the entry of the new
//! view by applying only the pieces that differ from the cached placement -
//! usually a handful instead of all 32.

use super::accumulator::FeatureList;
use super::arch::KING_BUCKETS;
use super::delta::PieceSet;
use super::features::KingView;
use super::network::Network;
use super::row::Row;
use super::simd::Backend;
use crate::chess::{Bitboard, Color, Piece, PieceType};

#[derive(Clone)]
struct Entry {
    row: Row,
    pieces: PieceSet,
}

/// The cache of one search thread; valid for the one net it was made for.
#[derive(Clone)]
pub struct FinnyTable {
    /// `[(perspective * KING_BUCKETS + bucket) * 2 + mirrored]`.
    entries: Vec<Entry>,
}

impl FinnyTable {
    /// Every entry starts as the empty board (bias only).
    pub fn new(net: &Network) -> FinnyTable {
        let empty = Entry {
            row: *net.feature_bias(),
            pieces: PieceSet::EMPTY,
        };
        FinnyTable {
            entries: vec![empty; 2 * KING_BUCKETS * 2],
        }
    }

    /// Writes into `out` the sums of `view`'s perspective for `pieces`, and
    /// leaves the cache entry of that view holding them too.
    pub fn refresh(
        &mut self,
        net: &Network,
        backend: Backend,
        view: KingView,
        pieces: &PieceSet,
        out: &mut Row,
    ) {
        let slot = (view.perspective().index() * KING_BUCKETS + view.bucket()) * 2
            + view.is_mirrored() as usize;
        let entry = &mut self.entries[slot];
        let mut adds = FeatureList::new();
        let mut subs = FeatureList::new();
        for (i, (&now, &then)) in pieces.0.iter().zip(&entry.pieces.0).enumerate() {
            if now == then {
                continue;
            }
            let piece = Piece::new(Color::BOTH[i / 6], PieceType::from_index(i % 6));
            for sq in Bitboard(now & !then).iter() {
                adds.push(view.feature(piece, sq));
            }
            for sq in Bitboard(then & !now).iter() {
                subs.push(view.feature(piece, sq));
            }
        }
        backend.apply_lists(
            &mut entry.row,
            &net.feature_weights,
            adds.as_slice(),
            subs.as_slice(),
        );
        entry.pieces = *pieces;
        *out = entry.row;
    }
}
