//! Every weight of the hand-crafted evaluation, in one place.
//!
//! Each weight is an `S(mg, eg)` pair in centipawns. The starting values are
//! hand-written, in the spirit of well-known published tables (PeSTO-like
//! piece values and square tables), and are meant to be refitted by a
//! Texel-style tuner: `Params::to_vec`/`from_slice`/`names` enumerate them
//! and `params::idx` gives each field's offset in that flat list.
//!
//! Piece-square tables are written as a board seen from White's side (rank 8
//! on the first row) and flipped into square order (a1 = 0) by `grid`. They
//! hold the positional part only; `Tables` folds the piece values in.

use super::tunable::{define_params, Tunable};
use crate::eval::score::{s, S};

/// Builds a square-indexed table (a1 = 0) from two boards written rank 8 first.
const fn grid(mg: [i16; 64], eg: [i16; 64]) -> [S; 64] {
    let mut out = [S::ZERO; 64];
    let mut i = 0;
    while i < 64 {
        out[i ^ 56] = S::new(mg[i], eg[i]);
        i += 1;
    }
    out
}

/// Builds a table from a list of (mg, eg) pairs.
const fn pairs<const N: usize>(v: [(i16, i16); N]) -> [S; N] {
    let mut out = [S::ZERO; N];
    let mut i = 0;
    while i < N {
        out[i] = S::new(v[i].0, v[i].1);
        i += 1;
    }
    out
}

#[rustfmt::skip]
const PAWN_MG: [i16; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     50,  60,  50,  55,  55,  50,  60,  50,
     10,  15,  25,  30,  30,  25,  15,  10,
     -5,   5,  10,  22,  22,  10,   5,  -5,
    -10,  -2,   5,  18,  18,   5,  -2, -10,
    -10,  -4,   0,   4,   4,   0,  -4, -10,
    -10,   0,  -2, -14, -14,   4,   8,  -8,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [i16; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     90,  85,  80,  70,  70,  80,  85,  90,
     50,  50,  40,  30,  30,  40,  50,  50,
     25,  20,  10,   5,   5,  10,  20,  25,
     10,   8,   0,  -5,  -5,   0,   8,  10,
      2,   2,  -5,  -2,  -2,  -5,   2,   2,
      5,   5,   0,   5,   5,   0,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [i16; 64] = [
   -100, -40, -30, -25, -25, -30, -40,-100,
    -40, -20,   5,  10,  10,   5, -20, -40,
    -25,  10,  25,  35,  35,  25,  10, -25,
    -15,   5,  20,  30,  30,  20,   5, -15,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -30, -10,  10,  10,  10,  10, -10, -30,
    -40, -25, -10,  -5,  -5, -10, -25, -40,
    -80, -30, -35, -25, -25, -35, -30, -80,
];
#[rustfmt::skip]
const KNIGHT_EG: [i16; 64] = [
    -60, -40, -25, -20, -20, -25, -40, -60,
    -35, -20,  -5,   0,   0,  -5, -20, -35,
    -25,  -5,  10,  15,  15,  10,  -5, -25,
    -20,   0,  15,  22,  22,  15,   0, -20,
    -20,   0,  15,  20,  20,  15,   0, -20,
    -25,  -5,   5,  12,  12,   5,  -5, -25,
    -40, -20, -10,  -5,  -5, -10, -20, -40,
    -60, -45, -25, -20, -20, -25, -45, -60,
];
#[rustfmt::skip]
const BISHOP_MG: [i16; 64] = [
    -25, -10, -15, -20, -20, -15, -10, -25,
    -20,   5,  -5,  -5,  -5,  -5,   5, -20,
    -10,  15,  20,  15,  15,  20,  15, -10,
     -5,   5,  10,  25,  25,  10,   5,  -5,
     -5,  10,  10,  20,  20,  10,  10,  -5,
      0,  10,  12,  10,  10,  12,  10,   0,
      0,  15,  10,   5,   5,  10,  15,   0,
    -25,  -5, -10, -15, -15, -10,  -5, -25,
];
#[rustfmt::skip]
const BISHOP_EG: [i16; 64] = [
    -15, -10,  -8,  -5,  -5,  -8, -10, -15,
     -8,  -2,   3,   0,   0,   3,  -2,  -8,
     -2,   3,   5,   5,   5,   5,   3,  -2,
     -3,   5,  10,  12,  12,  10,   5,  -3,
     -5,   2,   8,  12,  12,   8,   2,  -5,
     -8,  -2,   5,   6,   6,   5,  -2,  -8,
    -12, -10,  -5,   0,   0,  -5, -10, -12,
    -18, -10, -15,  -5,  -5, -15, -10, -18,
];
#[rustfmt::skip]
const ROOK_MG: [i16; 64] = [
     25,  25,  20,  30,  30,  20,  25,  25,
     20,  20,  35,  40,  40,  35,  20,  20,
      0,  10,  15,  20,  20,  15,  10,   0,
    -15,  -5,   5,  10,  10,   5,  -5, -15,
    -25, -15,  -5,   0,   0,  -5, -15, -25,
    -35, -20, -10, -10, -10, -10, -20, -35,
    -40, -15, -15,  -8,  -8, -15, -15, -40,
    -15,  -8,   2,  12,  12,   2,  -8, -15,
];
#[rustfmt::skip]
const ROOK_EG: [i16; 64] = [
     12,  12,  14,  12,  12,  14,  12,  12,
     12,  14,  14,  10,  10,  14,  14,  12,
      6,   6,   6,   5,   5,   6,   6,   6,
      4,   3,   6,   2,   2,   6,   3,   4,
      2,   3,   4,   0,   0,   4,   3,   2,
     -4,   0,  -4,  -2,  -2,  -4,   0,  -4,
     -6,  -6,   0,   0,   0,   0,  -6,  -6,
     -8,   0,   2,   0,   0,   2,   0,  -8,
];
#[rustfmt::skip]
const QUEEN_MG: [i16; 64] = [
    -20,  -5,   5,  10,  10,   5,  -5, -20,
    -20, -30,  -5,   0,   0,  -5, -30, -20,
    -10,  -5,   5,  10,  10,   5,  -5, -10,
    -15, -15,  -5,   0,   0,  -5, -15, -15,
    -10, -10,  -5,  -2,  -2,  -5, -10, -10,
    -12,   0,  -5,  -2,  -2,  -5,   0, -12,
    -25,  -5,   8,   3,   3,   8,  -5, -25,
     -5, -15,  -8,   8,   8,  -8, -15,  -5,
];
#[rustfmt::skip]
const QUEEN_EG: [i16; 64] = [
    -10,   5,  10,  15,  15,  10,   5, -10,
     -5,  10,  20,  25,  25,  20,  10,  -5,
     -5,  10,  20,  30,  30,  20,  10,  -5,
      0,  15,  25,  35,  35,  25,  15,   0,
     -5,  10,  20,  30,  30,  20,  10,  -5,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -20, -15, -15,  -5,  -5, -15, -15, -20,
    -30, -25, -20, -20, -20, -20, -25, -30,
];
#[rustfmt::skip]
const KING_MG: [i16; 64] = [
    -60, -30, -30, -40, -40, -30, -30, -60,
    -40, -30, -30, -40, -40, -30, -30, -40,
    -40, -30, -40, -50, -50, -40, -30, -40,
    -50, -40, -50, -60, -60, -50, -40, -50,
    -50, -40, -40, -50, -50, -40, -40, -50,
    -30, -20, -25, -40, -40, -25, -20, -30,
      5,   5, -10, -30, -30, -10,   5,   5,
     -5,  30,  15, -20,  -5, -10,  35,  10,
];
#[rustfmt::skip]
const KING_EG: [i16; 64] = [
    -70, -35, -20, -15, -15, -20, -35, -70,
    -25,  10,  15,  15,  15,  15,  10, -25,
    -10,  20,  30,  35,  35,  30,  20, -10,
    -15,  15,  30,  35,  35,  30,  15, -15,
    -20,   5,  20,  30,  30,  20,   5, -20,
    -25,   0,  12,  20,  20,  12,   0, -25,
    -35, -10,   5,  12,  12,   5, -10, -35,
    -60, -40, -25, -15, -15, -25, -40, -60,
];

define_params! {
    /// Material per piece type (pawn..king; the king's is unused and stays 0).
    piece_value: [S; 6] = [s(80, 100), s(320, 290), s(335, 305), s(460, 520), s(1000, 950), s(0, 0)],
    /// Placement per piece type and square (a1 = 0), from the owner's side.
    psqt: [[S; 64]; 6] = [
        grid(PAWN_MG, PAWN_EG),
        grid(KNIGHT_MG, KNIGHT_EG),
        grid(BISHOP_MG, BISHOP_EG),
        grid(ROOK_MG, ROOK_EG),
        grid(QUEEN_MG, QUEEN_EG),
        grid(KING_MG, KING_EG),
    ],

    /// Knight mobility by the number of safe squares it attacks (0..=8).
    mobility_knight: [S; 9] = pairs([
        (-60, -75), (-30, -50), (-10, -25), (0, -8), (8, 5), (14, 12), (20, 18), (26, 22), (32, 24),
    ]),
    /// Bishop mobility (0..=13 safe squares).
    mobility_bishop: [S; 14] = pairs([
        (-45, -60), (-22, -35), (-5, -15), (3, -3), (10, 6), (16, 14), (20, 20), (24, 25),
        (27, 30), (30, 33), (34, 36), (40, 37), (44, 40), (48, 42),
    ]),
    /// Rook mobility (0..=14 safe squares).
    mobility_rook: [S; 15] = pairs([
        (-50, -70), (-25, -35), (-12, -10), (-8, 5), (-4, 15), (0, 25), (4, 33), (8, 40),
        (12, 46), (15, 52), (17, 57), (19, 61), (21, 64), (23, 66), (25, 68),
    ]),
    /// Queen mobility (0..=27 safe squares).
    mobility_queen: [S; 28] = pairs([
        (-30, -50), (-18, -35), (-8, -20), (-3, -8), (0, 2), (3, 10), (6, 18), (8, 24),
        (10, 30), (12, 35), (14, 40), (16, 44), (18, 48), (19, 51), (20, 54), (21, 56),
        (22, 58), (23, 60), (24, 61), (25, 62), (26, 63), (27, 64), (28, 65), (29, 66),
        (30, 66), (31, 67), (32, 67), (33, 68),
    ]),

    /// A pawn with a pawn of its own side ahead of it on the same file.
    doubled: S = s(-10, -25),
    /// A pawn with no pawns of its own side on the neighbouring files.
    isolated: S = s(-8, -12),
    /// A pawn that no own pawn can support and whose stop square an enemy pawn guards.
    backward: S = s(-8, -10),
    /// A pawn defended by an own pawn, by its relative rank (0 = own back rank).
    supported: [S; 8] = pairs([(0, 0), (0, 0), (8, 4), (10, 8), (16, 15), (30, 30), (50, 60), (0, 0)]),
    /// A pawn with an own pawn beside it, by relative rank.
    phalanx: [S; 8] = pairs([(0, 0), (3, 0), (6, 2), (10, 6), (20, 15), (40, 35), (60, 70), (0, 0)]),
    /// A passed pawn, by relative rank (the part cached with the pawn structure).
    passed_rank: [S; 8] = pairs([(0, 0), (0, 10), (-5, 15), (-5, 30), (15, 55), (40, 100), (80, 160), (0, 0)]),
    /// Per step of distance from the pawn's stop square to its own king, by rank.
    passed_own_king: [S; 8] = pairs([(0, 0), (0, 0), (0, -1), (0, -2), (0, -4), (0, -6), (0, -8), (0, 0)]),
    /// Per step of distance from the pawn's stop square to the enemy king, by rank.
    passed_enemy_king: [S; 8] = pairs([(0, 0), (0, 0), (0, 1), (0, 3), (0, 6), (0, 10), (0, 14), (0, 0)]),
    /// A passed pawn whose path to promotion is empty, by rank.
    passed_free: [S; 8] = pairs([(0, 0), (0, 0), (0, 2), (0, 5), (5, 15), (10, 30), (20, 55), (0, 0)]),
    /// ... and also not attacked by the enemy anywhere along it, by rank.
    passed_safe: [S; 8] = pairs([(0, 0), (0, 0), (0, 3), (0, 5), (5, 12), (10, 20), (15, 30), (0, 0)]),

    /// Two bishops on squares of both colours.
    bishop_pair: S = s(25, 55),
    /// A rook on a file without pawns.
    rook_open: S = s(35, 10),
    /// A rook on a file without own pawns but with enemy ones.
    rook_semi_open: S = s(15, 8),

    /// Charged to the defending side per king-zone square an enemy piece of
    /// this type attacks.
    king_zone_attack: [S; 6] = pairs([(0, 0), (-6, -2), (-4, -1), (-6, -2), (-8, -3), (0, 0)]),
    /// Charged to the defending side by the number of enemy pieces attacking
    /// its king zone (capped at 7).
    king_attackers: [S; 8] = pairs([(0, 0), (-2, 0), (-15, -5), (-40, -10), (-70, -15), (-100, -20), (-120, -25), (-140, -30)]),
    /// Charged to the defending side when an enemy piece of this type can give
    /// check from a square the defender does not guard.
    safe_check: [S; 6] = pairs([(0, 0), (-35, -5), (-20, -5), (-40, -8), (-30, -5), (0, 0)]),
    /// Per file around the king: the nearest own pawn on it at or ahead of the
    /// king, by relative rank (0 = no such pawn).
    shield: [S; 8] = pairs([(-25, -5), (20, 0), (12, 0), (0, 0), (-5, 0), (-10, 0), (-10, 0), (-10, 0)]),
    /// Per file around the king: the nearest enemy pawn ahead of the king, by
    /// its rank relative to the defender (0 = no such pawn).
    storm: [S; 8] = pairs([(0, 0), (-5, 0), (-35, 0), (-20, 0), (-8, 0), (-2, 0), (0, 0), (0, 0)]),

    /// An enemy piece of this type attacked by one of our pawns.
    threat_by_pawn: [S; 6] = pairs([(0, 0), (50, 25), (50, 25), (70, 35), (60, 40), (0, 0)]),
    /// An enemy piece of this type attacked by one of our knights or bishops.
    threat_by_minor: [S; 6] = pairs([(0, 0), (0, 0), (0, 0), (40, 30), (40, 40), (0, 0)]),
    /// An enemy queen attacked by one of our rooks.
    threat_rook_on_queen: S = s(40, 20),
    /// An enemy piece (not pawn or king) we attack and they do not defend.
    hanging: S = s(30, 20),

    /// For the side to move.
    tempo: S = s(20, 10),
}

/// Drawish scaling of the tapered score, in 64ths. These are rules, not
/// fitted weights, so they are plain integers outside `Params`.
pub const SCALE_MAX: i32 = 64;
/// Opposite-coloured bishops and nothing but pawns besides.
pub const SCALE_OCB_PAWNS_ONLY: i32 = 32;
/// Opposite-coloured bishops with other pieces on the board.
pub const SCALE_OCB_WITH_PIECES: i32 = 52;
/// The stronger side has no pawns and is at most a minor piece up.
pub const SCALE_SMALL_EDGE: i32 = 16;
/// Rough material units for the drawish rules (pawn..king).
pub const DRAW_MATERIAL: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// Plain centipawn values of a captured piece (pawn..king) for capture
/// ordering (MVV-LVA, SEE) via `eval::gain`; not fitted with the rest.
pub const CAPTURE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
