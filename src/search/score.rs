//! Search scores: centipawns inside ±`MATE`, mates counted in plies from the
//! root, tablebase wins in a band of their own below the mates, and the
//! conversions to and from the hash table (which stores mates and
//! tablebase wins relative to the node) and to the UCI `Score`.

use super::report::Score;

/// The deepest ply the search can reach.
pub const MAX_PLY: usize = 128;
/// Greater than every real score.
pub const INF: i32 = 32_000;
/// Score of being mated at the root; mated at ply p scores `-(MATE - p)`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root; won at ply p scores `TB_WIN - p`. Below
/// every mate and above every evaluation, and shown as centipawns (a win
/// the tables prove is not a mate the search has seen).
pub const TB_WIN: i32 = 20_000;
/// Scores beyond this are tablebase wins (or mates).
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// Marks "no static eval" (in check).
pub const NO_EVAL: i32 = -INF;

#[inline(always)]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Root-relative score -> node-relative score for the hash table.
#[inline(always)]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Node-relative hash score -> root-relative score.
#[inline(always)]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The UCI view: mates in moves, the rest in centipawns.
pub fn to_uci(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-(MATE + score) / 2)
    } else {
        Score::Cp(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert() {
        assert_eq!(to_uci(MATE - 1), Score::Mate(1));
        assert_eq!(to_uci(MATE - 3), Score::Mate(2));
        assert_eq!(to_uci(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(to_uci(-MATE), Score::Mate(0));
        assert_eq!(to_uci(35), Score::Cp(35));
        assert_eq!(to_uci(TB_WIN - 3), Score::Cp(TB_WIN - 3));
        for ply in [0, 5, 40] {
            for s in [MATE - 7, -(MATE - 9), 120, -3, TB_WIN - 4, -TB_WIN + 2] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
    }
}
