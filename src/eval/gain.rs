//! Capture gain: which enemy piece stands on a target square, and what it
//! is worth, found from bitboards without branches.
//!
//! The SSE2 form: the five enemy bitboards (pawn..queen) are split into
//! 32-bit halves and ANDed with the target's halves, each lane compared with
//! zero, the compare masks packed down to one byte per half-bitboard, those
//! bytes select a per-piece code, and a sum of absolute differences against
//! zero adds the (at most one) selected code up. The code indexes a small
//! table of (piece, value). `captured_scalar` is the twin the tests hold it
//! to; `captured_branchy` and the board's mailbox are the benchmark's
//! comparisons.

use super::hce::params::CAPTURE_VALUE;
use crate::chess::{Bitboard, Board, Color, PieceType, Square};

/// What a capture on the target square takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    /// `None` when no enemy pawn..queen stands there.
    pub kind: Option<PieceType>,
    /// `CAPTURE_VALUE` of that piece, 0 for none.
    pub value: i32,
}

const fn entry(kind: Option<PieceType>) -> Captured {
    Captured {
        kind,
        value: match kind {
            Some(k) => CAPTURE_VALUE[k.index()],
            None => 0,
        },
    }
}

/// Code 0 = nothing, 1..=5 = pawn..queen; 6 and 7 cannot occur for a
/// single-square target and read as nothing (the table has 8 entries so
/// `code & 7` needs no bounds check).
const BY_CODE: [Captured; 8] = [
    entry(None),
    entry(Some(PieceType::Pawn)),
    entry(Some(PieceType::Knight)),
    entry(Some(PieceType::Bishop)),
    entry(Some(PieceType::Rook)),
    entry(Some(PieceType::Queen)),
    entry(None),
    entry(None),
];

/// The enemy bitboards `captured*` read: pawns, knights, bishops, rooks and
/// queens, then a zero pad, 16-byte aligned so that SSE2 loads them as
/// three vectors of two bitboards each.
#[repr(C, align(16))]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Victims([u64; 6]);

impl Victims {
    /// From the five bitboards, pawns first.
    pub const fn new(v: [Bitboard; 5]) -> Victims {
        Victims([v[0].0, v[1].0, v[2].0, v[3].0, v[4].0, 0])
    }

    /// Pawn..queen.
    #[inline(always)]
    pub fn bitboards(&self) -> [Bitboard; 5] {
        std::array::from_fn(|i| Bitboard(self.0[i]))
    }
}

/// `them`'s pawns, knights, bishops, rooks and queens.
#[inline(always)]
pub fn victims(b: &Board, them: Color) -> Victims {
    Victims::new([
        b.colored(them, PieceType::Pawn),
        b.colored(them, PieceType::Knight),
        b.colored(them, PieceType::Bishop),
        b.colored(them, PieceType::Rook),
        b.colored(them, PieceType::Queen),
    ])
}

/// The fast form for this target: SSE2 on x86_64, the scalar twin elsewhere.
/// `target` must hold exactly one square.
#[inline(always)]
pub fn captured(target: Bitboard, v: &Victims) -> Captured {
    #[cfg(target_arch = "x86_64")]
    {
        captured_sse2(target, v)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        captured_scalar(target, v)
    }
}

/// SSE2, branch-free. `target` must hold exactly one square.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unsafe_code, reason = "SSE2 intrinsics (baseline on x86-64)")]
pub fn captured_sse2(target: Bitboard, v: &Victims) -> Captured {
    use std::arch::x86_64::*;
    debug_assert_eq!(target.count(), 1);
    // SAFETY: every intrinsic here is SSE2, which is part of the x86_64
    // baseline (this block only compiles for x86_64), so the CPU always has
    // it. The three loads read `v.0[0..2]`, `[2..4]` and `[4..6]`: inside the
    // 48-byte array, and 16-byte aligned because `Victims` is
    // `repr(C, align(16))` with the array as its only field.
    let code = unsafe {
        let zero = _mm_setzero_si128();
        // 32-bit lanes: [t_lo, t_hi, t_lo, t_hi].
        let t = _mm_set1_epi64x(target.0 as i64);
        // Lanes [P_lo, P_hi, N_lo, N_hi], [B.., R..], [Q_lo, Q_hi, 0, 0].
        let base = v.0.as_ptr() as *const __m128i;
        let pn = _mm_load_si128(base);
        let br = _mm_load_si128(base.add(1));
        let q = _mm_load_si128(base.add(2));
        // -1 where the half-bitboard misses the target, 0 where it holds it.
        let miss_pn = _mm_cmpeq_epi32(_mm_and_si128(pn, t), zero);
        let miss_br = _mm_cmpeq_epi32(_mm_and_si128(br, t), zero);
        let miss_q = _mm_cmpeq_epi32(_mm_and_si128(q, t), zero);
        // Signed saturation keeps -1 and 0: one byte per half-bitboard,
        // bytes 0..=9 = P_lo P_hi N_lo N_hi B_lo B_hi R_lo R_hi Q_lo Q_hi.
        let words = _mm_packs_epi32(miss_pn, miss_br);
        let words_q = _mm_packs_epi32(miss_q, miss_q);
        let miss = _mm_packs_epi16(words, words_q);
        let codes = _mm_set_epi8(0, 0, 0, 0, 0, 0, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1);
        // Keep the code where the target was hit, then add all bytes up:
        // SAD against zero sums bytes 0..=7 into bits 0..16 and 8..=15 into
        // bits 64..80.
        let hit = _mm_andnot_si128(miss, codes);
        let sums = _mm_sad_epu8(hit, zero);
        _mm_cvtsi128_si32(sums) + _mm_extract_epi16::<4>(sums)
    };
    BY_CODE[code as usize & 7]
}

/// The scalar twin of `captured_sse2`: the same sum of selected codes,
/// without branches.
#[inline(always)]
pub fn captured_scalar(target: Bitboard, v: &Victims) -> Captured {
    let t = target.0;
    let mut code = 0usize;
    for (k, bb) in v.0[..5].iter().enumerate() {
        code += ((bb & t != 0) as usize) * (k + 1);
    }
    BY_CODE[code & 7]
}

/// The obvious form: test pawn, knight, ... in turn. A benchmark baseline.
#[inline(always)]
pub fn captured_branchy(target: Bitboard, v: &Victims) -> Captured {
    for (k, bb) in v.0[..5].iter().enumerate() {
        if bb & target.0 != 0 {
            return BY_CODE[k + 1];
        }
    }
    BY_CODE[0]
}

/// The board's mailbox: what stands on `sq`, if it is `them`'s pawn..queen.
#[inline(always)]
pub fn captured_mailbox(b: &Board, sq: Square, them: Color) -> Captured {
    match b.piece_at(sq) {
        Some(p) if p.color() == them && p.kind() != PieceType::King => {
            BY_CODE[p.kind().index() + 1]
        }
        _ => BY_CODE[0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Piece;
    use crate::eval::tests::Rng;

    /// A board with `fill` random pieces of both colours and, on `sq`, the
    /// given piece (or nothing).
    fn random_board(rng: &mut Rng, sq: Square, on_target: Option<Piece>) -> Board {
        let mut b = Board::empty();
        if let Some(p) = on_target {
            b.put(p, sq);
        }
        let fill = 2 + rng.next() % 30;
        for _ in 0..fill {
            let s = Square::new((rng.next() % 64) as u8);
            if s == sq || b.piece_at(s).is_some() {
                continue;
            }
            let color = Color::BOTH[(rng.next() % 2) as usize];
            let kind = PieceType::from_index((rng.next() % 6) as usize);
            b.put(Piece::new(color, kind), s);
        }
        b
    }

    #[test]
    fn simd_scalar_branchy_and_mailbox_agree_on_every_square_and_piece() {
        let mut rng = Rng(0x51d_cafe_f00d_1234);
        let mut hits = 0;
        for sq in Square::all() {
            let mut cases: Vec<Option<Piece>> = vec![None];
            for c in Color::BOTH {
                for k in PieceType::ALL {
                    cases.push(Some(Piece::new(c, k)));
                }
            }
            for on_target in cases {
                for _ in 0..8 {
                    let b = random_board(&mut rng, sq, on_target);
                    for them in Color::BOTH {
                        let v = victims(&b, them);
                        let t = Bitboard::from_square(sq);
                        let want = captured_mailbox(&b, sq, them);
                        assert_eq!(captured_scalar(t, &v), want, "{sq} {on_target:?}");
                        assert_eq!(captured_branchy(t, &v), want, "{sq} {on_target:?}");
                        #[cfg(target_arch = "x86_64")]
                        assert_eq!(captured_sse2(t, &v), want, "{sq} {on_target:?}");
                        assert_eq!(captured(t, &v), want);
                        hits += want.kind.is_some() as u32;
                    }
                }
            }
        }
        // 64 squares x 2 colours x 5 capturable kinds x 8 boards: each
        // target piece is found when its own colour is the victim.
        assert_eq!(hits, 64 * 2 * 5 * 8);
    }

    #[test]
    fn values() {
        let b = Board::from_fen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let v = victims(&b, Color::Black);
        let d5 = Bitboard::from_square(Square::parse("d5").unwrap());
        let got = captured(d5, &v);
        assert_eq!(got.kind, Some(PieceType::Queen));
        assert_eq!(got.value, CAPTURE_VALUE[PieceType::Queen.index()]);
        let e5 = Bitboard::from_square(Square::parse("e5").unwrap());
        assert_eq!(
            captured(e5, &v),
            Captured {
                kind: None,
                value: 0
            }
        );
    }
}
