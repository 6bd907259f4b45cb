//! Input features: how a piece on a square becomes one of the 12,288 inputs
//! of a perspective.
//!
//! For perspective `p` every square is first *oriented* (unchanged for White,
//! `sq ^ 56` for Black, so each side sees its own pieces from rank 1). If p's
//! own king then stands on files e-h, every square of that perspective is
//! also *mirrored* left-right (`sq ^ 7`, the king included), so the king of a
//! perspective always sits on files a-d. The king bucket comes from that
//! oriented and mirrored king square:
//!
//! ```text
//!            a   b   c   d        (files e-h mirror onto d-a)
//! rank 7-8: 14  14  15  15
//! rank 5-6: 12  12  13  13
//! rank 4:   10  10  11  11
//! rank 3:    8   8   9   9
//! rank 2:    4   5   6   7
//! rank 1:    0   1   2   3
//! ```
//!
//! The feature index is `bucket * 768 + ((colour == p ? 0 : 1) * 6 + type) * 64 + sq''`
//! with types P N B R Q K = 0..5 and `sq''` the oriented, mirrored square.
//! Orientation and mirroring together are one XOR of the square index, which
//! `KingView` keeps.

use super::arch::INPUTS_PER_BUCKET;
use crate::chess::{Color, Piece, Square};

/// King bucket of each oriented (not yet mirrored) king square, a1 = 0 ..
/// h8 = 63; files e-h repeat files d-a, which is the mirroring.
#[rustfmt::skip]
pub const KING_BUCKET: [u8; 64] = [
     0,  1,  2,  3,  3,  2,  1,  0, // rank 1
     4,  5,  6,  7,  7,  6,  5,  4, // rank 2
     8,  8,  9,  9,  9,  9,  8,  8, // rank 3
    10, 10, 11, 11, 11, 11, 10, 10, // rank 4
    12, 12, 13, 13, 13, 13, 12, 12, // rank 5
    12, 12, 13, 13, 13, 13, 12, 12, // rank 6
    14, 14, 15, 15, 15, 15, 14, 14, // rank 7
    14, 14, 15, 15, 15, 15, 14, 14, // rank 8
];

/// How one perspective sees the board for a given position of its own king:
/// the bucket and the XOR that orients and mirrors squares. Every feature of
/// that perspective follows from it, and it only changes when that king moves
/// to another bucket or across the e/d file line.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct KingView {
    perspective: Color,
    bucket: u8,
    /// 0 or 56 (orientation) XOR 0 or 7 (mirroring).
    xor: u8,
}

impl KingView {
    /// The view of perspective `p` whose king stands on `king`.
    #[inline(always)]
    pub fn new(p: Color, king: Square) -> KingView {
        let oriented = king.relative(p).index();
        let mirror = if oriented & 7 >= 4 { 7 } else { 0 };
        KingView {
            perspective: p,
            bucket: KING_BUCKET[oriented],
            xor: (oriented as u8 ^ king.index() as u8) | mirror,
        }
    }

    #[inline(always)]
    pub fn perspective(self) -> Color {
        self.perspective
    }

    /// 0..16.
    #[inline(always)]
    pub fn bucket(self) -> usize {
        self.bucket as usize
    }

    /// Whether the king stands on files e-h (oriented), so squares are mirrored.
    #[inline(always)]
    pub fn is_mirrored(self) -> bool {
        self.xor & 7 != 0
    }

    /// The square as this perspective's features see it (oriented, mirrored).
    #[inline(always)]
    pub fn square(self, sq: Square) -> usize {
        (sq.index() as u8 ^ self.xor) as usize
    }

    /// The feature index of `piece` on `sq`, in 0..FEATURES.
    #[inline(always)]
    pub fn feature(self, piece: Piece, sq: Square) -> usize {
        let own = piece.color() == self.perspective;
        let slot = if own { 0 } else { 6 } + piece.kind().index();
        self.bucket() * INPUTS_PER_BUCKET + slot * 64 + self.square(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Board, PieceType};
    use crate::eval::nnue::arch::FEATURES;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// Sorted feature indices of every piece of `b` for perspective `p`.
    fn features(b: &Board, p: Color) -> Vec<usize> {
        let v = KingView::new(p, b.king(p));
        let mut f: Vec<usize> = b
            .occupied()
            .into_iter()
            .map(|s| v.feature(b.piece_at(s).unwrap(), s))
            .collect();
        f.sort_unstable();
        f
    }

    /// The board mirrored left-right (castling rights dropped).
    fn mirrored(b: &Board) -> Board {
        let fen = b.to_fen();
        let mut parts: Vec<String> = fen.split(' ').map(String::from).collect();
        parts[0] = parts[0]
            .split('/')
            .map(|r| {
                // Expand digits to one '1' per empty square.
                let mut cells = String::new();
                for c in r.chars() {
                    match c.to_digit(10) {
                        Some(n) => cells.extend(std::iter::repeat_n('1', n as usize)),
                        None => cells.push(c),
                    }
                }
                // Reverse, then merge runs of empty squares back into digits.
                let mut out = String::new();
                let mut empty = 0;
                for c in cells.chars().rev() {
                    if c == '1' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect::<Vec<_>>()
            .join("/");
        parts[2] = "-".into();
        parts[3] = "-".into();
        Board::from_fen(&parts.join(" ")).unwrap()
    }

    #[test]
    fn buckets_follow_the_documented_map() {
        let w = |s| KingView::new(Color::White, sq(s)).bucket();
        let b = |s| KingView::new(Color::Black, sq(s)).bucket();
        assert_eq!([w("a1"), w("b1"), w("c1"), w("d1")], [0, 1, 2, 3]);
        assert_eq!([w("h1"), w("g1"), w("f1"), w("e1")], [0, 1, 2, 3]);
        assert_eq!([w("a2"), w("b2"), w("c2"), w("d2")], [4, 5, 6, 7]);
        assert_eq!([w("a3"), w("b3"), w("c3"), w("d3")], [8, 8, 9, 9]);
        assert_eq!([w("h4"), w("g4"), w("f4"), w("e4")], [10, 10, 11, 11]);
        assert_eq!([w("a5"), w("d6"), w("a7"), w("d8")], [12, 13, 14, 15]);
        // Black sees the board from its own side: e8 is its "e1".
        assert_eq!([b("e8"), b("g8"), b("a8"), b("c7")], [3, 1, 0, 6]);
        assert_eq!([b("a1"), b("e1")], [15 - 1, 15]);
    }

    #[test]
    fn orientation_and_mirroring() {
        let v = KingView::new(Color::White, sq("e1"));
        assert!(v.is_mirrored());
        assert_eq!(v.square(sq("e1")), sq("d1").index());
        assert_eq!(v.square(sq("a8")), sq("h8").index());
        let v = KingView::new(Color::White, sq("d1"));
        assert!(!v.is_mirrored());
        assert_eq!(v.square(sq("a8")), sq("a8").index());
        let v = KingView::new(Color::Black, sq("b8"));
        assert!(!v.is_mirrored());
        assert_eq!(v.square(sq("b8")), sq("b1").index());
        assert_eq!(v.square(sq("h2")), sq("h7").index());
        let v = KingView::new(Color::Black, sq("g8"));
        assert!(v.is_mirrored());
        assert_eq!(v.square(sq("g8")), sq("b1").index());
        // Whatever the king square, the king's own square is on files a-d.
        for p in Color::BOTH {
            for k in Square::all() {
                assert!(KingView::new(p, k).square(k) & 7 < 4);
            }
        }
    }

    #[test]
    fn feature_index_layout() {
        let v = KingView::new(Color::White, sq("a1"));
        let wp = Piece::new(Color::White, PieceType::Pawn);
        let bk = Piece::new(Color::Black, PieceType::King);
        assert_eq!(v.feature(wp, sq("a1")), 0);
        assert_eq!(v.feature(bk, sq("h8")), (6 + 5) * 64 + 63);
        let v = KingView::new(Color::Black, sq("d8")); // bucket 3, not mirrored
        let bp = Piece::new(Color::Black, PieceType::Pawn);
        assert_eq!(v.feature(bp, sq("c7")), 3 * 768 + sq("c2").index());
        assert_eq!(v.feature(wp, sq("c2")), 3 * 768 + 6 * 64 + sq("c7").index());
    }

    #[test]
    fn features_are_distinct_and_in_range() {
        for p in Color::BOTH {
            for k in Square::all() {
                let v = KingView::new(p, k);
                let mut seen = std::collections::HashSet::new();
                for c in Color::BOTH {
                    for t in PieceType::ALL {
                        for s in Square::all() {
                            let f = v.feature(Piece::new(c, t), s);
                            assert!(f < FEATURES);
                            assert_eq!(f / INPUTS_PER_BUCKET, v.bucket());
                            assert!(seen.insert(f));
                        }
                    }
                }
            }
        }
    }

    const FENS: [&str; 5] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "8/8/3k4/8/2K5/8/5Pp1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];

    #[test]
    fn colour_flip_swaps_the_perspectives() {
        for fen in FENS {
            let b = Board::from_fen(fen).unwrap();
            let f = b.color_flipped();
            assert_eq!(features(&b, Color::White), features(&f, Color::Black));
            assert_eq!(features(&b, Color::Black), features(&f, Color::White));
        }
    }

    #[test]
    fn left_right_mirror_changes_nothing() {
        for fen in FENS {
            let b = Board::from_fen(fen).unwrap();
            let m = mirrored(&b);
            for p in Color::BOTH {
                assert_eq!(features(&b, p), features(&m, p), "{fen}");
            }
        }
    }
}
