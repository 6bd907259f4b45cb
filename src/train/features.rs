//! The net's input features, exactly as NNUE-FORMAT v1 defines them: for
//! each perspective, squares are oriented (flipped for Black), mirrored when
//! that side's king stands on files e-h, and every piece (kings included)
//! becomes `bucket * 768 + ((own ? 0 : 1) * 6 + type) * 64 + square`.
//!
//! The trainer stores its weights feature-major by square-piece index and
//! then bucket (`train_row`), so that one factoriser row and its 16 bucket
//! rows lie next to each other and a thread can own a contiguous slice.

use super::params::MAX_ACTIVE;
use super::record::Record;
use crate::chess::{Board, Color, Piece, Square};

/// The format's sizes, under the trainer's shorter names.
pub use crate::eval::nnue::arch::{FEATURES, INPUTS_PER_BUCKET as INPUTS, KING_BUCKETS as BUCKETS};

/// King bucket of an oriented and mirrored king square (files a-d only).
const BUCKET_OF: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        let half = if file < 2 { 0 } else { 1 };
        t[sq] = match rank {
            0 => file as u8,
            1 => 4 + file as u8,
            2 => 8 + half,
            3 => 10 + half,
            4 | 5 => 12 + half,
            _ => 14 + half,
        };
        sq += 1;
    }
    t
};

/// The king bucket for a king on `oriented_king` (already flipped for
/// Black); also says whether the perspective is mirrored.
#[inline(always)]
pub fn bucket(oriented_king: usize) -> (usize, usize) {
    let mirror = if oriented_king & 7 >= 4 { 7 } else { 0 };
    (BUCKET_OF[oriented_king ^ mirror] as usize, mirror)
}

/// Spec feature index of `piece` on `sq` seen from `persp` whose king is
/// on `king` (both unoriented).
#[inline(always)]
pub fn feature_index(persp: Color, king: Square, piece: Piece, sq: Square) -> usize {
    let flip = if persp == Color::White { 0 } else { 56 };
    let (b, mirror) = bucket(king.index() ^ flip);
    let own = (piece.color() != persp) as usize;
    b * INPUTS + (own * 6 + piece.kind().index()) * 64 + (sq.index() ^ flip ^ mirror)
}

/// Where the trainer keeps spec feature `f`: the row `input * 16 + bucket`
/// of its merged (exported) weight matrix.
#[inline(always)]
pub fn train_row(f: usize) -> usize {
    (f % INPUTS) * BUCKETS + f / INPUTS
}

/// The active features of one position, both perspectives, as trainer rows
/// (`train_row` of the spec index), side to move first.
#[derive(Clone, Copy, Debug)]
pub struct Active {
    pub stm: [u32; MAX_ACTIVE],
    pub nstm: [u32; MAX_ACTIVE],
    pub len: usize,
}

impl Active {
    pub fn stm(&self) -> &[u32] {
        &self.stm[..self.len]
    }

    pub fn nstm(&self) -> &[u32] {
        &self.nstm[..self.len]
    }
}

/// Fills `out` with the trainer rows of both perspectives of a position
/// given as (square, piece code = colour * 6 + type) pairs.
#[inline]
fn collect(pieces: &[(u8, u8)], stm: Color, out: &mut Active) {
    let mut kings = [0usize; 2];
    for &(sq, code) in pieces {
        if code % 6 == 5 {
            kings[code as usize / 6] = sq as usize;
        }
    }
    let setup = |persp: Color| {
        let flip = if persp == Color::White { 0 } else { 56 };
        let (b, mirror) = bucket(kings[persp.index()] ^ flip);
        (b * INPUTS, flip ^ mirror, persp.index())
    };
    let (sb, sx, sc) = setup(stm);
    let (nb, nx, nc) = setup(!stm);
    for (k, &(sq, code)) in pieces.iter().enumerate() {
        let (c, t, s) = (code as usize / 6, code as usize % 6, sq as usize);
        let fs = sb + (((c != sc) as usize) * 6 + t) * 64 + (s ^ sx);
        let fnn = nb + (((c != nc) as usize) * 6 + t) * 64 + (s ^ nx);
        out.stm[k] = train_row(fs) as u32;
        out.nstm[k] = train_row(fnn) as u32;
    }
    out.len = pieces.len();
}

/// The pair of king buckets (side to move's * 16 + other's) of a record:
/// the trainer orders each batch by it so that consecutive positions read
/// and write the same bucket rows while they are still in cache.
#[inline]
pub fn bucket_pair(r: &Record) -> u8 {
    let mut kings = [0usize; 2];
    let mut occ = r.occupancy;
    let mut k = 0;
    while occ != 0 && k < MAX_ACTIVE {
        let code = r.code(k);
        if code % 6 == 5 {
            kings[code as usize / 6] = occ.trailing_zeros() as usize;
        }
        occ &= occ - 1;
        k += 1;
    }
    let stm = r.side_to_move();
    let b = |c: Color| bucket(kings[c.index()] ^ if c == Color::White { 0 } else { 56 }).0;
    (b(stm) * BUCKETS + b(!stm)) as u8
}

/// Active features of a stored record.
#[inline]
pub fn record_features(r: &Record) -> Active {
    let mut pieces = [(0u8, 0u8); MAX_ACTIVE];
    let mut occ = r.occupancy;
    let mut n = 0;
    while occ != 0 && n < MAX_ACTIVE {
        pieces[n] = (occ.trailing_zeros() as u8, r.code(n));
        occ &= occ - 1;
        n += 1;
    }
    let mut a = Active {
        stm: [0; MAX_ACTIVE],
        nstm: [0; MAX_ACTIVE],
        len: 0,
    };
    collect(&pieces[..n], r.side_to_move(), &mut a);
    a
}

/// Active features of a board (at most 32 pieces are used).
pub fn board_features(b: &Board) -> Active {
    let mut pieces = [(0u8, 0u8); MAX_ACTIVE];
    let mut n = 0;
    for sq in b.occupied().iter().take(MAX_ACTIVE) {
        if let Some(p) = b.piece_at(sq) {
            pieces[n] = (sq.index() as u8, p.index() as u8);
            n += 1;
        }
    }
    let mut a = Active {
        stm: [0; MAX_ACTIVE],
        nstm: [0; MAX_ACTIVE],
        len: 0,
    };
    collect(&pieces[..n], b.side_to_move(), &mut a);
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceType;
    use crate::train::record::{GameResult, Record};

    fn spec(f: usize) -> u32 {
        train_row(f) as u32
    }

    #[test]
    fn bucket_table_matches_the_spec() {
        let name = |s: &str| Square::parse(s).unwrap().index();
        for (sq, b) in [
            ("a1", 0),
            ("d1", 3),
            ("c2", 6),
            ("b3", 8),
            ("c3", 9),
            ("a4", 10),
            ("d4", 11),
            ("b5", 12),
            ("c6", 13),
            ("a7", 14),
            ("d8", 15),
        ] {
            assert_eq!(bucket(name(sq)), (b, 0), "{sq}");
        }
        // Files e-h mirror: e1 -> d1, h8 -> a8.
        assert_eq!(bucket(name("e1")), (3, 7));
        assert_eq!(bucket(name("h8")), (14, 7));
    }

    #[test]
    fn start_position_features_by_hand() {
        let b = Board::startpos();
        let a = board_features(&b);
        assert_eq!(a.len, 32);
        // White king e1 -> mirrored d1 -> bucket 3; White pawn a2 -> h2 = 15.
        let pawn_a2 = 3 * INPUTS + 15;
        assert!(a.stm().contains(&spec(pawn_a2)));
        // From Black's side the same pawn is a "their" pawn on a7 -> h7 = 55.
        let their_pawn = 3 * INPUTS + 6 * 64 + 55;
        assert!(a.nstm().contains(&spec(their_pawn)));
        // Black's own king e8: flipped e1, mirrored d1 = 3.
        assert!(a.nstm().contains(&spec(3 * INPUTS + 5 * 64 + 3)));
        let via_fn = feature_index(
            Color::White,
            b.king(Color::White),
            Piece::new(Color::White, PieceType::Pawn),
            Square::parse("a2").unwrap(),
        );
        assert_eq!(via_fn, pawn_a2);
        // The start position is symmetric: both perspectives see the same set.
        let mut s: Vec<u32> = a.stm().to_vec();
        let mut n: Vec<u32> = a.nstm().to_vec();
        s.sort();
        n.sort();
        assert_eq!(s, n);
    }

    #[test]
    fn colour_flip_swaps_perspectives_and_records_agree() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "2kr3r/pp3ppp/8/8/8/8/PPP2PPP/1K1R3R b - - 0 1",
        ] {
            let b = Board::from_fen(fen).unwrap();
            let f = b.color_flipped();
            let (a, af) = (board_features(&b), board_features(&f));
            let sorted = |x: &[u32]| {
                let mut v = x.to_vec();
                v.sort();
                v
            };
            assert_eq!(sorted(a.stm()), sorted(af.stm()), "{fen}");
            assert_eq!(sorted(a.nstm()), sorted(af.nstm()), "{fen}");
            let r = Record::from_board(&b, 0, GameResult::Draw).unwrap();
            let ar = record_features(&r);
            let pair = bucket_pair(&r) as usize;
            assert_eq!(
                (pair / BUCKETS, pair % BUCKETS),
                (ar.stm[0] as usize % BUCKETS, ar.nstm[0] as usize % BUCKETS)
            );
            assert_eq!(sorted(a.stm()), sorted(ar.stm()));
            assert_eq!(sorted(a.nstm()), sorted(ar.nstm()));
            // Every piece agrees with the one-feature function.
            for sq in b.occupied() {
                let p = b.piece_at(sq).unwrap();
                let stm = b.side_to_move();
                let fi = feature_index(stm, b.king(stm), p, sq);
                assert!(a.stm().contains(&spec(fi)));
                let fi = feature_index(!stm, b.king(!stm), p, sq);
                assert!(a.nstm().contains(&spec(fi)));
            }
        }
    }
}
