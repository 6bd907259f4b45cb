//! Perft: count the leaf nodes of the legal move tree to a fixed depth, the
//! standard correctness check (and speed benchmark) of a move generator.
//! The last ply is bulk-counted: moves are counted set-wise, never made.

use super::bitboard::Bitboard;
use super::board::Board;
use super::movegen::{count_legal, gen, generate, legal_moves, MoveSink};
use super::moves::{Move, MoveKind};
use super::types::{PieceType, Square};

/// Leaf nodes at `depth` plies below `b`.
pub fn perft(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(b),
        _ => {
            let mut sink = Expand {
                parent: b,
                depth: depth - 1,
                nodes: 0,
            };
            generate::<_, { gen::ALL }>(b, &mut sink, Bitboard::ALL);
            sink.nodes
        }
    }
}

/// A sink that plays each generated move at once and counts below it, so
/// inner perft nodes never fill a move list.
struct Expand<'a> {
    parent: &'a Board,
    /// Plies left below the child (at least 1).
    depth: u32,
    nodes: u64,
}

impl Expand<'_> {
    #[inline(always)]
    fn visit(&mut self, m: Move) {
        let child = self.parent.make(m);
        self.nodes += if self.depth == 1 {
            count_legal(&child)
        } else {
            perft(&child, self.depth)
        };
    }
}

impl MoveSink for Expand<'_> {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard, kind: MoveKind) {
        for to in targets {
            self.visit(Move::new(from, to, kind));
        }
    }

    #[inline(always)]
    fn pawn_targets(&mut self, targets: Bitboard, offset: i8, kind: MoveKind) {
        for to in targets {
            self.visit(Move::new(to.offset(-offset), to, kind));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, offset: i8, capture: bool) {
        for to in targets {
            let from = to.offset(-offset);
            for p in [
                PieceType::Queen,
                PieceType::Knight,
                PieceType::Rook,
                PieceType::Bishop,
            ] {
                self.visit(Move::new(from, to, MoveKind::promotion(p, capture)));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
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

/// Parses `FEN ;D1 20 ;D2 400 ...`. Returns a message naming the fault.
pub fn parse_suite_line(line: &str) -> Result<SuiteEntry, String> {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    if fen.is_empty() {
        return Err("missing FEN".into());
    }
    let mut expected = Vec::new();
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let mut it = p.split_whitespace();
        let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
            return Err(format!("'{p}' is not of the form 'D<depth> <nodes>'"));
        };
        let depth = d
            .strip_prefix('D')
            .and_then(|d| d.parse::<u32>().ok())
            .ok_or_else(|| format!("'{d}' is not a depth like D3"))?;
        let nodes = n
            .parse::<u64>()
            .map_err(|_| format!("'{n}' is not a node count"))?;
        expected.push((depth, nodes));
    }
    if expected.is_empty() {
        return Err("no ';D<depth> <nodes>' fields".into());
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

    #[test]
    fn suite_lines() {
        let e = parse_suite_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9").unwrap();
        assert_eq!(e.expected, vec![(1, 3), (2, 9)]);
        assert!(parse_suite_line("fen ;X1 3").is_err());
        assert!(parse_suite_line("fen").is_err());
        assert!(parse_suite_line(" ;D1 2").is_err());
    }
}
