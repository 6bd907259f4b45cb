//! The 126-position perft suite (copied from the shared data into
//! tests/data), each position to the depth its counts reach within a node
//! budget, plus Kiwipete to depth 5.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::perft::{parse_suite_line, perft};
use tapir::chess::Board;

/// Deepest depth per position whose expected count stays under this budget.
const NODE_BUDGET: u64 = 20_000_000;

#[test]
fn perft_suite_matches_every_position() {
    let text = include_str!("data/perftsuite.epd");
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let entry = parse_suite_line(line).unwrap();
        let board = Board::from_fen(&entry.fen).unwrap();
        for &(depth, expected) in entry.expected.iter().filter(|e| e.1 <= NODE_BUDGET) {
            assert_eq!(
                perft(&board, depth),
                expected,
                "{} depth {depth}",
                entry.fen
            );
            checked += 1;
        }
    }
    assert_eq!(text.lines().filter(|l| !l.trim().is_empty()).count(), 126);
    assert!(checked > 500, "only {checked} depth checks ran");
}

#[test]
fn kiwipete_depth_5() {
    let b = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    assert_eq!(perft(&b, 5), 193_690_690);
}
