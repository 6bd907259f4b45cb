//! The Polyglot book: keys of the positions the format's description
//! publishes, lookups and weighted picks in a small book cut from the
//! built-in one (tests/data/small-book.bin: the start, 1. e4, 1. e4 e5 ...
//! down the Ruy Lopez to 4... Nf6, where the book castles), and files that
//! are not books refused with a reason.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::book::{polyglot_key, Book, BookError};
use tapir::chess::{parse_san, Board};

fn after(sans: &[&str]) -> Board {
    let mut b = Board::startpos();
    for s in sans {
        let m = parse_san(&b, s).expect("legal move");
        b = b.make(m);
    }
    b
}

fn small_book() -> Book {
    let bytes = std::fs::read("tests/data/small-book.bin").expect("fixture");
    Book::from_bytes(bytes).expect("a valid book")
}

#[test]
fn published_keys() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463B96181691FC9C),
        (&["e4"], 0x823C9B50FD114196),
        (&["e4", "d5"], 0x0756B94461C50FB0),
        (&["e4", "d5", "e5"], 0x662FAFB965DB29D4),
        (&["e4", "d5", "e5", "f5"], 0x22A48B5A8E47FF78),
        (&["e4", "d5", "e5", "f5", "Ke2"], 0x652A607CA3F242C1),
        (&["e4", "d5", "e5", "f5", "Ke2", "Kf7"], 0x00FDD303C946BDD9),
        (&["a4", "b5", "h4", "b4", "c4"], 0x3C8123EA7B067637),
        (
            &["a4", "b5", "h4", "b4", "c4", "bxc3", "Ra3"],
            0x5C3F9B829B279560,
        ),
    ];
    for (moves, key) in cases {
        assert_eq!(polyglot_key(&after(moves)), key, "after {moves:?}");
    }
}

#[test]
fn lookups_give_the_weights_in_order() {
    let book = small_book();
    assert_eq!(book.len(), 77);
    let start = Board::startpos();
    let moves = book.moves(&start).expect("legal");
    let shown: Vec<(String, u32)> = moves
        .iter()
        .map(|m| (tapir::chess::to_san(&start, m.mv), m.weight))
        .collect();
    assert_eq!(shown.len(), 13);
    assert_eq!(shown[0], ("e4".to_string(), 12135));
    assert_eq!(shown[1], ("d4".to_string(), 11257));
    assert_eq!(shown[2], ("Nf3".to_string(), 3745));
    assert_eq!(shown[12], ("a3".to_string(), 2));

    let open = after(&["e4", "e5"]);
    let first = book.moves(&open).expect("legal")[0];
    assert_eq!(tapir::chess::to_san(&open, first.mv), "Nf3");
    assert_eq!(first.weight, 18106);

    // Not in the book: no moves, not an error.
    assert!(book.moves(&after(&["h4"])).expect("legal").is_empty());
}

#[test]
fn castling_is_read_as_the_king_taking_its_rook() {
    let book = small_book();
    let ruy = after(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]);
    let moves = book.moves(&ruy).expect("legal");
    assert_eq!(tapir::chess::to_san(&ruy, moves[0].mv), "O-O");
    assert_eq!(moves[0].weight, 7424);
    assert_eq!(moves[0].mv.to().to_string(), "g1");
    assert_eq!(tapir::book::encode(moves[0].mv), 0x0107);
}

#[test]
fn picks_follow_the_seed_and_stay_in_the_book() {
    let book = small_book();
    let start = Board::startpos();
    let listed: Vec<_> = book
        .moves(&start)
        .expect("legal")
        .iter()
        .map(|m| m.mv)
        .collect();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..200u64 {
        let m = book.pick(&start, seed).expect("legal").expect("in book");
        assert!(listed.contains(&m));
        assert_eq!(book.pick(&start, seed), Ok(Some(m)), "same seed, same move");
        seen.insert(m);
    }
    // e4 and d4 carry most of the weight; both come up.
    assert!(seen.len() >= 2, "{seen:?}");
    assert_eq!(book.pick(&after(&["h4"]), 1), Ok(None));
}

#[test]
fn files_that_are_not_books_are_refused() {
    let good = std::fs::read("tests/data/small-book.bin").expect("fixture");
    assert_eq!(Book::from_bytes(Vec::new()).err(), Some(BookError::Empty));
    assert_eq!(
        Book::from_bytes(good[..good.len() - 1].to_vec()).err(),
        Some(BookError::Size(good.len() as u64 - 1))
    );
    // The first and the last entry swapped.
    let mut unsorted = good.clone();
    let last = unsorted.len() - 16;
    let (head, tail) = unsorted.split_at_mut(last);
    head[..16].swap_with_slice(tail);
    assert_eq!(
        Book::from_bytes(unsorted).err(),
        Some(BookError::Unsorted(1))
    );

    // The start position's key with a rook jumping a1-a8 over its pawn.
    let mut entry = 0x463B96181691FC9Cu64.to_be_bytes().to_vec();
    entry.extend_from_slice(&0x0e00u16.to_be_bytes()); // a1a8: to a8 (rank 7), from a1
    entry.extend_from_slice(&[0, 1, 0, 0, 0, 0]);
    let book = Book::from_bytes(entry).expect("size and order are fine");
    let err = book.moves(&Board::startpos()).err();
    assert!(
        matches!(err, Some(BookError::IllegalMove { index: 0, .. })),
        "{err:?}"
    );
    assert!(err
        .expect("error")
        .to_string()
        .contains("not a Polyglot book"));
}

#[test]
fn a_named_pipe_or_a_folder_is_not_read() {
    let err = Book::load(std::path::Path::new("tests/data")).err();
    assert!(matches!(err, Some(BookError::Io(_))), "{err:?}");
    let err = Book::load(std::path::Path::new("tests/data/no-such-book.bin")).err();
    assert!(matches!(err, Some(BookError::Io(_))), "{err:?}");
}

/// A book that lists one position thousands of times (damaged, or made to
/// stall the board) is read only as far as `MAX_ENTRIES_PER_POSITION`
/// entries for it: the rest, here moves that are not even legal, are
/// never looked at.
#[test]
fn a_position_listed_thousands_of_times_is_read_only_in_part() {
    use tapir::book::{encode, MAX_ENTRIES_PER_POSITION};
    let start = Board::startpos();
    let key = polyglot_key(&start).to_be_bytes();
    let e4 = encode(parse_san(&start, "e4").unwrap()).to_be_bytes();
    let mut bytes = Vec::new();
    for i in 0..MAX_ENTRIES_PER_POSITION + 5_000 {
        bytes.extend_from_slice(&key);
        // Past the cap, a1a2: the rook through its own pawn.
        let raw = if i < MAX_ENTRIES_PER_POSITION {
            e4
        } else {
            [0, 8]
        };
        bytes.extend_from_slice(&raw);
        bytes.extend_from_slice(&1u16.to_be_bytes());
        bytes.extend_from_slice(&[0; 4]);
    }
    let book = Book::from_bytes(bytes).unwrap();
    let moves = book.moves(&start).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].weight as usize, MAX_ENTRIES_PER_POSITION);
    assert!(!book.contains(&start, parse_san(&start, "d4").unwrap()));
}

/// A move listed twice counts with both its weights, even where the sum
/// passes what one 16-bit entry holds: e4 at 40000 twice against d4 at
/// 60000 is 57% to 43%, not 52% to 48%.
#[test]
fn a_move_listed_twice_adds_its_weights_past_65535() {
    use tapir::book::encode;
    let start = Board::startpos();
    let key = polyglot_key(&start).to_be_bytes();
    let mut bytes = Vec::new();
    for (san, weight) in [("e4", 40_000u16), ("e4", 40_000), ("d4", 60_000)] {
        bytes.extend_from_slice(&key);
        bytes.extend_from_slice(&encode(parse_san(&start, san).unwrap()).to_be_bytes());
        bytes.extend_from_slice(&weight.to_be_bytes());
        bytes.extend_from_slice(&[0; 4]);
    }
    let book = Book::from_bytes(bytes).unwrap();
    let moves = book.moves(&start).unwrap();
    let shown: Vec<(String, u32)> = moves
        .iter()
        .map(|m| (tapir::chess::to_san(&start, m.mv), m.weight))
        .collect();
    assert_eq!(
        shown,
        vec![("e4".to_string(), 80_000), ("d4".to_string(), 60_000)]
    );
}
