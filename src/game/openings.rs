//! Opening names (ECO code and name) from the lichess opening list, built
//! into the binary from `assets/openings/*.tsv` (CC0, see the licence file
//! beside them).
//!
//! Openings are named by position, not by move string, so a transposition
//! gets its name: each line's moves are played with tapir's SAN reader once,
//! lazily, and the position they reach (its Zobrist key: placement, side to
//! move, castling and a legal en-passant square, the EPD) is the map's key.
//! A game position is named after the last named position on the way to it.

use super::tree::{GameTree, NodeId};
use crate::chess::{parse_san, Board};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The lichess files, in ECO order (a later line naming the same position
/// as an earlier one does not replace it).
const SOURCES: [&str; 5] = [
    include_str!("../../assets/openings/a.tsv"),
    include_str!("../../assets/openings/b.tsv"),
    include_str!("../../assets/openings/c.tsv"),
    include_str!("../../assets/openings/d.tsv"),
    include_str!("../../assets/openings/e.tsv"),
];

/// An opening's ECO code and name, such as `B90` "Sicilian Defense: Najdorf Variation".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub eco: &'static str,
    pub name: &'static str,
}

impl std::fmt::Display for Opening {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

/// The named positions, keyed by Zobrist key.
pub struct Openings {
    by_key: HashMap<u64, Opening>,
    /// The longest line, in plies: deeper positions are never named.
    max_ply: usize,
    /// Lines that could not be read (`file:line: why`); none in the shipped files.
    pub errors: Vec<String>,
}

impl Openings {
    /// The table read from TSV texts with the columns `eco`, `name`, `pgn`
    /// (a header line and blank lines are skipped).
    pub fn parse(texts: &[&'static str]) -> Openings {
        let mut by_key = HashMap::with_capacity(4096);
        let mut max_ply = 0;
        let mut errors = Vec::new();
        // Lines share their first moves with others: each line starts from
        // the position of its longest prefix read before, so most need one
        // or two moves read (a third of the time of reading them all).
        let mut known: HashMap<&'static str, (Board, usize)> = HashMap::with_capacity(8192);
        for (file, text) in texts.iter().enumerate() {
            for (n, line) in text.lines().enumerate() {
                if n == 0 && line.starts_with("eco\t") || line.trim().is_empty() {
                    continue;
                }
                match read_line(line, &mut known) {
                    Ok((key, ply, opening)) => {
                        by_key.entry(key).or_insert(opening);
                        max_ply = max_ply.max(ply);
                    }
                    Err(e) => errors.push(format!("file {}:{}: {e}", file + 1, n + 1)),
                }
            }
        }
        Openings {
            by_key,
            max_ply,
            errors,
        }
    }

    /// How many positions have a name.
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// The name of exactly this position, if it has one.
    pub fn get(&self, board: &Board) -> Option<Opening> {
        self.by_key.get(&board.hash()).copied()
    }

    /// The name of the shown node: that of the last named position on the
    /// path from the start to `id` (the root's start position included).
    pub fn classify(&self, tree: &GameTree, id: NodeId) -> Option<Opening> {
        let mut cur = Some(id);
        while let Some(n) = cur {
            let node = tree.node(n);
            if node.ply() <= self.max_ply {
                if let Some(o) = self.get(node.board()) {
                    return Some(o);
                }
            }
            cur = node.parent();
        }
        None
    }
}

impl Openings {
    /// `classify`, given `near`: a neighbour of `id` (its parent or its
    /// child) and that neighbour's name. Deeper than any named position,
    /// a move changes no name, so a step along a long game costs nothing
    /// instead of a walk to the root.
    pub fn classify_near(
        &self,
        tree: &GameTree,
        id: NodeId,
        near: Option<(NodeId, Option<Opening>)>,
    ) -> Option<Opening> {
        if let Some((k, name)) = near {
            let deep = |n: NodeId| tree.node(n).ply() > self.max_ply;
            let adjacent = k == id || tree.parent(id) == Some(k) || tree.parent(k) == Some(id);
            if adjacent && deep(id) && deep(k) {
                return name;
            }
        }
        self.classify(tree, id)
    }
}

/// One TSV line: the key of the position its moves reach, their count and
/// the name. `known` holds the positions of move strings read before.
fn read_line(
    line: &'static str,
    known: &mut HashMap<&'static str, (Board, usize)>,
) -> Result<(u64, usize, Opening), String> {
    let mut cols = line.split('\t');
    let (Some(eco), Some(name), Some(pgn)) = (cols.next(), cols.next(), cols.next()) else {
        return Err("expected three tab-separated columns: eco, name, pgn".into());
    };
    let pgn = pgn.trim();
    // Where each move token ends, move numbers ("1.", "12...") left out.
    let ends: Vec<usize> = pgn
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(|t| t.as_ptr() as usize - pgn.as_ptr() as usize + t.len())
        .collect();
    // The longest prefix already read, else the start.
    let (mut board, mut ply, mut from) = (Board::startpos(), 0, 0);
    for (i, &end) in ends.iter().enumerate().rev() {
        if let Some(&(b, p)) = known.get(&pgn[..end]) {
            (board, ply, from) = (b, p, i + 1);
            break;
        }
    }
    for &end in &ends[from..] {
        let start = pgn[..end].rfind(' ').map_or(0, |s| s + 1);
        let token = &pgn[start..end];
        let m = parse_san(&board, token).map_err(|e| format!("{token}: {e}"))?;
        board = board.make(m);
        ply += 1;
        known.insert(&pgn[..end], (board, ply));
    }
    let opening = Opening {
        eco: eco.trim(),
        name: name.trim(),
    };
    Ok((board.hash(), ply, opening))
}

static TABLE: OnceLock<Openings> = OnceLock::new();

/// The built-in table, read on first use (a few milliseconds, once).
pub fn openings() -> &'static Openings {
    TABLE.get_or_init(read_builtin)
}

/// Reads the built-in files afresh (what `openings` does once).
pub fn read_builtin() -> Openings {
    Openings::parse(&SOURCES)
}

/// The built-in name of node `id` of `tree` (see `Openings::classify`).
pub fn classify(tree: &GameTree, id: NodeId) -> Option<Opening> {
    openings().classify(tree, id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_line_reads() {
        let t = openings();
        assert!(
            t.errors.is_empty(),
            "{:?}",
            &t.errors[..t.errors.len().min(5)]
        );
        assert!(t.len() > 3000, "{}", t.len());
    }

    #[test]
    fn a_bad_line_is_reported_not_fatal() {
        let t = Openings::parse(&["eco\tname\tpgn\nA00\tX\t1. e5\nB00\tY\t1. e4\nC00\tonly two"]);
        assert_eq!(t.len(), 1);
        assert_eq!(t.errors.len(), 2);
    }
}
