//! Opening names: known positions get their ECO code and name, a
//! transposition gets the name of the position it reaches, and a position
//! past the named ones keeps the last name on its way.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::{parse_san, Board};
use tapir::game::openings::{classify, openings};
use tapir::game::{Game, NodeId};

/// A game of `sans` from the start; returns it and its last node.
fn game(sans: &str) -> (Game, NodeId) {
    let mut g = Game::new(Board::startpos());
    let mut at = NodeId::ROOT;
    for s in sans.split_whitespace() {
        let m = parse_san(g.board(at), s).expect("legal move");
        at = g.play(at, m).0;
    }
    (g, at)
}

fn name(sans: &str) -> Option<(String, String)> {
    let (g, at) = game(sans);
    classify(g.tree(), at).map(|o| (o.eco.to_string(), o.name.to_string()))
}

fn named(eco: &str, name: &str) -> Option<(String, String)> {
    Some((eco.to_string(), name.to_string()))
}

#[test]
fn the_shipped_list_reads_whole() {
    let t = openings();
    assert!(t.errors.is_empty(), "{:?}", t.errors);
    assert_eq!(t.len(), 3807);
}

#[test]
fn known_positions() {
    assert_eq!(name(""), None);
    assert_eq!(name("e4"), named("B00", "King's Pawn Game"));
    assert_eq!(
        name("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
        named("B90", "Sicilian Defense: Najdorf Variation")
    );
    assert_eq!(
        name("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O"),
        named("C78", "Ruy Lopez: Morphy Defense")
    );
    assert_eq!(
        name("h4 h5 a4 a5 Nh3 Nh6 Na3"),
        named("A00", "Kádas Opening")
    );
}

#[test]
fn transpositions_are_named_by_position() {
    let qgd = named("D37", "Queen's Gambit Declined: Three Knights Variation");
    assert_eq!(name("d4 Nf6 c4 e6 Nc3 d5 Nf3"), qgd);
    assert_eq!(name("Nf3 Nf6 c4 e6 Nc3 d5 d4"), qgd);
    let zukertort = named("D02", "Queen's Pawn Game: Zukertort Variation");
    assert_eq!(name("d4 d5 Nf3"), zukertort);
    assert_eq!(name("Nf3 d5 d4"), zukertort);
}

#[test]
fn later_moves_keep_the_last_name() {
    assert_eq!(
        name("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Qf3 Qc7 Qg3"),
        named("B90", "Sicilian Defense: Najdorf Variation")
    );
    // A variation is named by its own path.
    let (mut g, e4) = game("e4");
    let d4 = g
        .play(
            NodeId::ROOT,
            parse_san(&Board::startpos(), "d4").expect("legal"),
        )
        .0;
    assert_eq!(classify(g.tree(), e4).map(|o| o.eco), Some("B00"));
    assert_eq!(classify(g.tree(), d4).map(|o| o.eco), Some("A40"));
}
