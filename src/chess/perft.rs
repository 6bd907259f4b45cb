//! Perft: count the leaf nodes of the legal move tree to a fixed depth, the
//! standard correctness check (and speed benchmark) of a move generator.
//! The last ply is bulk-counted: moves are counted set-wise, never made.

use super::bitboard::Bitboard;
use super::board::Board;
use super::movegen::{count_legal, count_moves, gen, generate, legal_moves, EachMove};
use super::moves::Move;

/// Leaf nodes at `depth` plies below `b`.
pub fn perft(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(b),
        2 => perft2(b),
        _ => {
            let mut sink = Expand::<false> {
                parent: b,
                depth: depth - 1,
                nodes: 0,
            };
            generate::<_, { gen::ALL }>(b, &mut sink, Bitboard::ALL);
            sink.nodes
        }
    }
}

/// Perft at depth 2, where nearly all the work is: each child is made and
/// its moves bulk-counted. Counting is popcounts, so on x86-64 this runs a
/// copy compiled for the POPCNT instruction when the CPU has it (the default
/// x86-64 target lacks it and counts bits with a dozen shifts and masks).
#[inline]
#[allow(
    unsafe_code,
    reason = "calls the POPCNT copy after detecting the feature"
)]
fn perft2(b: &Board) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT (checked just above), the only
            // target feature `perft2_popcnt` is compiled with.
            return unsafe { perft2_popcnt(b) };
        }
    }
    perft2_scalar(b)
}

/// The portable twin of `perft2_popcnt`; tests compare the two.
fn perft2_scalar(b: &Board) -> u64 {
    perft2_body(b)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn perft2_popcnt(b: &Board) -> u64 {
    perft2_body(b)
}

#[inline(always)]
fn perft2_body(b: &Board) -> u64 {
    let mut sink = Expand::<true> {
        parent: b,
        depth: 1,
        nodes: 0,
    };
    generate::<_, { gen::ALL }>(b, &mut sink, Bitboard::ALL);
    sink.nodes
}

/// A sink that plays each generated move at once and counts below it, so
/// inner perft nodes never fill a move list. `LEAF`: the children are
/// counted here (depth 1 below them), else perft recurses.
struct Expand<'a, const LEAF: bool> {
    parent: &'a Board,
    /// Plies left below the child (at least 1).
    depth: u32,
    nodes: u64,
}

impl<const LEAF: bool> Expand<'_, LEAF> {
    #[inline(always)]
    fn visit(&mut self, m: Move) {
        let child = self.parent.make(m);
        self.nodes += if LEAF {
            count_moves(&child)
        } else {
            perft(&child, self.depth)
        };
    }
}

impl<const LEAF: bool> EachMove for Expand<'_, LEAF> {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        self.visit(m);
    }
}

/// Per-root-move counts, in generation order (`perft --divide`).
pub fn divide(b: &Board, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(b)
        .iter()
        .map(|&m| (m, perft(&b.make(m), depth - 1)))
        .collect()
}

/// One line of an EPD perft suite: a FEN and its expected counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    pub fen: String,
    /// (depth, expected nodes)
    pub expected: Vec<(u32, u64)>,
}

/// What is wrong with a perft suite line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuiteError {
    MissingFen,
    /// A field that is not `D<depth> <nodes>`.
    Field(String),
    /// A depth that is not `D` and a number.
    Depth(String),
    /// A node count that is not a number.
    Nodes(String),
    NoCounts,
}

impl std::fmt::Display for SuiteError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            SuiteError::MissingFen => f.write_str("missing FEN"),
            SuiteError::Field(p) => write!(f, "'{p}' is not of the form 'D<depth> <nodes>'"),
            SuiteError::Depth(d) => write!(f, "'{d}' is not a depth like D3"),
            SuiteError::Nodes(n) => write!(f, "'{n}' is not a node count"),
            SuiteError::NoCounts => f.write_str("no ';D<depth> <nodes>' fields"),
        }
    }
}

impl std::error::Error for SuiteError {}

/// Parses `FEN ;D1 20 ;D2 400 ...`.
pub fn parse_suite_line(line: &str) -> Result<SuiteEntry, SuiteError> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    if fen.is_empty() {
        return Err(SuiteError::MissingFen);
    }
    let mut expected = Vec::new();
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let mut it = p.split_whitespace();
        let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
            return Err(SuiteError::Field(p.to_string()));
        };
        let depth = d
            .strip_prefix('D')
            .and_then(|d| d.parse::<u32>().ok())
            .ok_or_else(|| SuiteError::Depth(d.to_string()))?;
        let nodes = n
            .parse::<u64>()
            .map_err(|_| SuiteError::Nodes(n.to_string()))?;
        expected.push((depth, nodes));
    }
    if expected.is_empty() {
        return Err(SuiteError::NoCounts);
    }
    Ok(SuiteEntry { fen, expected })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_small_depths() {
        let b = Board::startpos();
        assert_eq!(perft(&b, 0), 1);
        assert_eq!(perft(&b, 1), 20);
        assert_eq!(perft(&b, 3), 8902);
        assert_eq!(divide(&b, 2).iter().map(|x| x.1).sum::<u64>(), 400);
    }

    /// The POPCNT-compiled depth-2 loop against its portable twin.
    #[test]
    fn popcnt_twin_matches_scalar() {
        #[cfg(target_arch = "x86_64")]
        let has_popcnt = std::arch::is_x86_feature_detected!("popcnt");
        #[cfg(not(target_arch = "x86_64"))]
        let has_popcnt = false;
        if !has_popcnt {
            crate::test_support::say_skipped(
                "popcnt_twin_matches_scalar",
                "no POPCNT copy runs on this CPU, so perft2 is the scalar twin itself",
            );
            return;
        }
        for fen in [
            super::super::fen::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ] {
            let b = Board::from_fen(fen).unwrap();
            for &m in legal_moves(&b).iter() {
                let child = b.make(m);
                assert_eq!(perft2(&child), perft2_scalar(&child), "{fen} {m}");
            }
        }
    }

    #[test]
    fn suite_lines() {
        let e = parse_suite_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9").unwrap();
        assert_eq!(e.expected, vec![(1, 3), (2, 9)]);
        let err = |line| parse_suite_line(line).err();
        assert_eq!(err("fen ;X1 3"), Some(SuiteError::Depth("X1".into())));
        assert_eq!(err("fen ;D1 x"), Some(SuiteError::Nodes("x".into())));
        assert_eq!(err("fen ;D1"), Some(SuiteError::Field("D1".into())));
        assert_eq!(err("fen"), Some(SuiteError::NoCounts));
        assert_eq!(err(" ;D1 2"), Some(SuiteError::MissingFen));
    }
}
