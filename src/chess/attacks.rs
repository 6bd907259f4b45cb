//! Attack tables: leapers by lookup, sliders by "fancy" magic bitboards, and the
//! between/line tables that pin and check detection need. Every table is built
//! by `const fn` at compile time, so start-up does no work at all.

use super::bitboard::Bitboard;
use super::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use super::types::{Color, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Walks each direction from `sq` until the edge or the first occupied square
/// (included). The reference the magic tables are built from and tested against.
pub const fn slide(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let s = (r * 8 + f) as u64;
            attacks |= 1 << s;
            if occ & (1 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square.
const fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq % 8) as i8 + df;
        let mut r = (sq / 8) as i8 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// One square's entry: which bits matter, the multiplier, and where its slice
/// of the shared attack table starts.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occ: u64) -> usize {
        self.offset + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

const fn build_magics(magics: &[u64; 64], dirs: &[(i8, i8); 4]) -> ([Magic; 64], usize) {
    let mut out = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = 0;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        out[sq] = Magic {
            mask,
            magic: magics[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (out, offset)
}

const fn build_table<const N: usize>(magics: &[Magic; 64], dirs: &[(i8, i8); 4]) -> [u64; N] {
    let mut table = [0u64; N];
    let mut sq = 0;
    while sq < 64 {
        let m = magics[sq];
        // Carry-Rippler enumeration of every subset of the mask.
        let mut sub = 0u64;
        loop {
            table[m.index(sub)] = slide(sq, sub, dirs);
            sub = sub.wrapping_sub(m.mask) & m.mask;
            if sub == 0 {
                break;
            }
        }
        sq += 1;
    }
    table
}

const ROOK_BUILD: ([Magic; 64], usize) = build_magics(&ROOK_MAGICS, &ROOK_DIRS);
const BISHOP_BUILD: ([Magic; 64], usize) = build_magics(&BISHOP_MAGICS, &BISHOP_DIRS);
const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;
const _: () = assert!(ROOK_BUILD.1 == ROOK_TABLE_SIZE && BISHOP_BUILD.1 == BISHOP_TABLE_SIZE);

static ROOK_MAGIC: [Magic; 64] = ROOK_BUILD.0;
static BISHOP_MAGIC: [Magic; 64] = BISHOP_BUILD.0;
static ROOK_TABLE: [u64; ROOK_TABLE_SIZE] = build_table(&ROOK_BUILD.0, &ROOK_DIRS);
static BISHOP_TABLE: [u64; BISHOP_TABLE_SIZE] = build_table(&BISHOP_BUILD.0, &BISHOP_DIRS);

const fn leaper_table(steps: &[(i8, i8); 8]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < 8 {
            let f = (sq % 8) as i8 + steps[i].0;
            let r = (sq / 8) as i8 + steps[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[sq] |= 1 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

static KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

const fn pawn_table() -> [[u64; 64]; 2] {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let b = 1u64 << sq;
        let not_a = !0x0101_0101_0101_0101u64;
        let not_h = !0x8080_8080_8080_8080u64;
        t[0][sq] = ((b & not_a) << 7) | ((b & not_h) << 9);
        t[1][sq] = ((b & not_a) >> 9) | ((b & not_h) >> 7);
        sq += 1;
    }
    t
}
static PAWN: [[u64; 64]; 2] = pawn_table();

/// BETWEEN[a][b]: squares strictly between two aligned squares, else empty.
/// LINE[a][b]: the whole line through two aligned squares, else empty.
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let bb = 1u64 << b;
                let dirs = [ROOK_DIRS, BISHOP_DIRS];
                let mut k = 0;
                while k < 2 {
                    if slide(a, 0, &dirs[k]) & bb != 0 {
                        between[a][b] = slide(a, bb, &dirs[k]) & slide(b, 1 << a, &dirs[k]);
                        line[a][b] =
                            (slide(a, 0, &dirs[k]) & slide(b, 0, &dirs[k])) | (1 << a) | bb;
                    }
                    k += 1;
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}
static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

#[inline(always)]
#[allow(
    unsafe_code,
    reason = "unchecked magic-table lookup on the movegen hot path"
)]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &ROOK_MAGIC[sq.index()];
    let i = m.index(occ.0);
    debug_assert!(i < ROOK_TABLE_SIZE);
    // SAFETY: `i` = offset + (subset * magic >> shift) < offset + 2^bits, and
    // the offsets were laid out so that each square's 2^bits slots fit inside
    // the table (checked by the const assertion on the total size above).
    Bitboard(unsafe { *ROOK_TABLE.get_unchecked(i) })
}

#[inline(always)]
#[allow(
    unsafe_code,
    reason = "unchecked magic-table lookup on the movegen hot path"
)]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &BISHOP_MAGIC[sq.index()];
    let i = m.index(occ.0);
    debug_assert!(i < BISHOP_TABLE_SIZE);
    // SAFETY: as for `rook_attacks`: the index stays inside this square's slice.
    Bitboard(unsafe { *BISHOP_TABLE.get_unchecked(i) })
}

#[inline(always)]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares attacked by every pawn of `color` in the set.
#[inline(always)]
pub fn pawn_attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    let f = pawns.forward(color);
    f.west() | f.east()
}

#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.0[a.index()][b.index()])
}

#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINES.1[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The magic lookups are the fast twin of `slide`; they must agree on every
    /// relevant subset of every square.
    #[test]
    fn magic_lookups_match_ray_walks_for_every_subset() {
        for (dirs, f) in [
            (&ROOK_DIRS, rook_attacks as fn(Square, Bitboard) -> Bitboard),
            (&BISHOP_DIRS, bishop_attacks),
        ] {
            for sq in 0..64 {
                let mask = relevant_mask(sq, dirs);
                let mut sub = 0u64;
                loop {
                    // Noise outside the mask must not change the answer.
                    let noise = !mask & 0x9a3c_55e1_0f0f_8001u64.rotate_left(sq as u32);
                    let got = f(Square::new(sq as u8), Bitboard(sub | noise));
                    assert_eq!(got.0, slide(sq, sub | noise, dirs), "sq {sq} sub {sub:#x}");
                    sub = sub.wrapping_sub(mask) & mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(knight_attacks(sq("a1")).count(), 2);
        assert_eq!(knight_attacks(sq("e4")).count(), 8);
        assert_eq!(king_attacks(sq("h8")).count(), 3);
        assert_eq!(
            pawn_attacks(Color::White, sq("a2")),
            Bitboard::from_square(sq("b3"))
        );
        assert_eq!(pawn_attacks(Color::Black, sq("e5")).count(), 2);
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b3")), Bitboard::EMPTY);
        assert_eq!(line(sq("b2"), sq("c3")).count(), 8);
        assert!(line(sq("e1"), sq("e8")).contains(sq("e4")));
    }
}
