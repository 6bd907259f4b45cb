//! FEN parsing from the outside: malformed FENs each get the expected error
//! (the field and a fragment of the message), odd but valid FENs parse, and
//! a property test feeds random and mutated strings, which must never
//! panic; whatever parses must print a FEN that parses to the same board,
//! and canonical FENs must print back exactly.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use proptest::prelude::*;
use tapir::chess::fen::FenField;
use tapir::chess::{legal_moves, Board, START_FEN};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// (FEN, field the error must name, fragment of its message)
const MALFORMED: &[(&str, FenField, &str)] = &[
    // Field count.
    ("", FenField::Fields, "found 0"),
    ("   ", FenField::Fields, "found 0"),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
        FenField::Fields,
        "found 3",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        FenField::Fields,
        "found 7",
    ),
    // Piece placement.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        FenField::Placement,
        "found 7",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "found 9",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        FenField::Placement,
        "rank 1 has 7 squares, not 8",
    ),
    (
        "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "rank 8 has more than 8 squares",
    ),
    (
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "rank 6 has 7 squares",
    ),
    (
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "'9' is not a square count",
    ),
    (
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "'0' is not a square count",
    ),
    (
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "two digits in a row",
    ),
    (
        "rnbqkbnr/pppppppp/7p1/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "rank 6 has more than 8 squares",
    ),
    (
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "'x' is not a piece letter",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{e9} w KQkq - 0 1",
        FenField::Placement,
        "is not a piece letter",
    ),
    (
        "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "rank 6 has 0 squares",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        FenField::Placement,
        "White has 0 kings",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/4k3/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        FenField::Placement,
        "Black has 2 kings",
    ),
    (
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
        FenField::Placement,
        "a pawn on rank 8",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/pNBQKBNR w Kkq - 0 1",
        FenField::Placement,
        "a pawn on rank 1",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenField::Placement,
        "White has 9 pawns",
    ),
    (
        // Two extra knights but only one pawn missing.
        "rnbqkbnr/pppppppp/8/8/8/NN6/1PPPPPPP/1NBQKBNR w Kkq - 0 1",
        FenField::Placement,
        "White has 7 pawns and 2 promoted pieces, more than 8",
    ),
    (
        "1k6/8/8/8/8/QQQQQQQQ/QQQQQQQQ/K7 w - - 0 1",
        FenField::Placement,
        "more than 16 pieces",
    ),
    // Side to move.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        FenField::Side,
        "expected 'w' or 'b', found 'x'",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        FenField::Side,
        "found 'W'",
    ),
    // Castling rights.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
        FenField::Castling,
        "'X' is not one of",
    ),
    (
        "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1",
        FenField::Castling,
        "'G' castles with a rook on the g-file: that is Chess960",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",
        FenField::Castling,
        "not in the order KQkq",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
        FenField::Castling,
        "repeats a right",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R4K1R w K - 0 1",
        FenField::Castling,
        "'K' needs the king on e1",
    ),
    (
        "r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1",
        FenField::Castling,
        "'K' needs a rook on h1",
    ),
    (
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        FenField::Castling,
        "'q' needs a rook on a8",
    ),
    (
        "r2k3r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        FenField::Castling,
        "'k' needs the king on e8",
    ),
    // En passant.
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
        FenField::EnPassant,
        "'e9' is not a square",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        FenField::EnPassant,
        "e4 is not on rank 3",
    ),
    (
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2",
        FenField::EnPassant,
        "e3 is not on rank 6",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        FenField::EnPassant,
        "e3 needs a pawn that just moved to e4",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        FenField::EnPassant,
        "needs e3 and e2 empty",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPBPPP/RNBQK1NR b KQkq e3 0 1",
        FenField::EnPassant,
        "needs e3 and e2 empty",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - - 1",
        FenField::Halfmove,
        "'-' is not a number",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1",
        FenField::Halfmove,
        "must be 0 right after the double push",
    ),
    (
        // Black is in check from a rook that the push e2-e4 cannot have uncovered.
        "R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
        FenField::EnPassant,
        "cannot have given the check from a8",
    ),
    // Counters.
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        FenField::Halfmove,
        "'x' is not a number",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        FenField::Halfmove,
        "'-1' is not a number",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1",
        FenField::Halfmove,
        "'+3' is not a number",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 70000",
        FenField::Fullmove,
        "out of range",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999999 1",
        FenField::Halfmove,
        "out of range 0..=65535",
    ),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
        FenField::Fullmove,
        "'1.5' is not a number",
    ),
    // The position as a whole.
    (
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        FenField::Position,
        "Black is in check but it is not Black's move",
    ),
    (
        "8/8/8/3kK3/8/8/8/8 b - - 0 1",
        FenField::Position,
        "the kings stand next to each other, on e5 and d5",
    ),
    (
        "8/8/8/3k4/8/8/8/r3K3 b - - 0 1",
        FenField::Position,
        "White is in check but it is not White's move",
    ),
    (
        "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
        FenField::Position,
        "double check by two pawns or knights",
    ),
    (
        "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1",
        FenField::Position,
        "double check by two pawns or knights",
    ),
    (
        "4k3/8/5N2/1B6/8/8/8/4R1K1 b - - 0 1",
        FenField::Position,
        "3 pieces give check",
    ),
];

#[test]
fn malformed_fens_get_the_expected_error() {
    assert!(MALFORMED.len() >= 30);
    for &(fen, field, fragment) in MALFORMED {
        match Board::from_fen(fen) {
            Ok(b) => panic!("accepted {fen:?} as {}", b.to_fen()),
            Err(e) => {
                assert_eq!(e.field, field, "{fen:?}: {e}");
                assert!(
                    e.message.contains(fragment),
                    "{fen:?}: expected {fragment:?} in {:?}",
                    e.message
                );
                // The one-line report names the field too.
                let line = e.to_string();
                assert!(!line.contains('\n') && line.contains(&field.to_string()));
            }
        }
    }
}

/// Odd but valid input: missing counters, extra spaces, legal e.p. after a
/// push that gives check, a double check with a slider, huge counters.
#[test]
fn unusual_but_valid_fens_parse() {
    for (fen, canonical) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            START_FEN,
        ),
        (
            "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  0   1 ",
            START_FEN,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1",
        ),
        // Move number 0, as some tools write it, is move 1.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            START_FEN,
        ),
        // The pushed pawn gives check.
        (
            "8/8/8/8/3k4/8/4P3/4K3 w - - 0 1",
            "8/8/8/8/3k4/8/4P3/4K3 w - - 0 1",
        ),
        (
            "8/8/8/8/3k4/8/8/4K3 w - - 0 1",
            "8/8/8/8/3k4/8/8/4K3 w - - 0 1",
        ),
        (
            "8/8/8/8/3kP3/8/8/4K3 b - e3 0 1",
            "8/8/8/8/3kP3/8/8/4K3 b - e3 0 1",
        ),
        // The push uncovers a bishop's check.
        (
            "8/8/8/8/4P3/8/8/B3K2k b - e3 0 1",
            "8/8/8/8/4P3/8/8/B3K2k b - e3 0 1",
        ),
        // A double check: knight plus discovered rook.
        (
            "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
            "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
            "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 007 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 7 1",
        ),
    ] {
        let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"));
        assert_eq!(b.to_fen(), canonical, "{fen:?}");
    }
    // The e.p. square stays in the FEN although no capture is possible, but
    // only a legal capture puts it into the hash.
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(b.ep_square().map(|s| s.to_string()), Some("e3".into()));
    assert_eq!(b.legal_ep_square(), None);
    let no_ep =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(b.hash(), no_ep.hash());
}

/// Counters saturate instead of overflowing, so a board reached from the
/// largest accepted counters still prints a FEN that parses.
#[test]
fn saturated_counters_still_round_trip() {
    let b = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 b Q - 65535 65535").unwrap();
    let m = legal_moves(&b).as_slice()[0];
    let after = b.make(m);
    assert_eq!(after.halfmove_clock(), 65535);
    assert_eq!(after.fullmove_number(), 65535);
    assert_eq!(Board::from_fen(&after.to_fen()).unwrap(), after);
}

/// Checks the property for one string: no panic (the harness catches one),
/// and a parsed board prints a FEN that parses to the same board and prints
/// the same again.
fn parse_and_round_trip(s: &str) {
    if let Ok(b) = Board::from_fen(s) {
        let fen = b.to_fen();
        let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{s:?} -> {fen:?}: {e}"));
        assert_eq!(again, b, "{s:?} -> {fen:?}");
        assert_eq!(again.to_fen(), fen);
        // The move generator copes with whatever the parser accepts.
        for &m in legal_moves(&b).iter() {
            let child = b.make(m);
            assert_eq!(Board::from_fen(&child.to_fen()).unwrap(), child);
        }
    }
}

/// Canonical FENs that must print back byte for byte.
const CANONICAL: &[&str] = &[
    START_FEN,
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/4k3/8/8/4K3 b - - 99 140",
];

fn mutate(fen: &str, edits: &[(usize, u8, u8)]) -> String {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x";
    let mut bytes = fen.as_bytes().to_vec();
    for &(pos, what, ch) in edits {
        let c = ALPHABET[ch as usize % ALPHABET.len()];
        if bytes.is_empty() {
            bytes.push(c);
            continue;
        }
        let i = pos % bytes.len();
        match what % 4 {
            0 => bytes[i] = c,
            1 => bytes.insert(i, c),
            2 => {
                bytes.remove(i);
            }
            _ => {
                let j = (i + 1) % bytes.len();
                bytes.swap(i, j);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,90}") {
        parse_and_round_trip(&s);
    }

    #[test]
    fn fen_shaped_strings_never_panic(s in "[pnbrqkPNBRQK1-9/]{0,40} [wbx] [KQkq-]{1,5} [a-h1-9-]{1,2}( [0-9]{1,6}){0,3}") {
        parse_and_round_trip(&s);
    }

    #[test]
    fn mutated_fens_never_panic(
        which in 0..CANONICAL.len(),
        edits in prop::collection::vec((0usize..100, 0u8..4, 0u8..255), 1..4),
    ) {
        parse_and_round_trip(&mutate(CANONICAL[which], &edits));
    }
}

/// Shredder-FEN (what Chess960 tools write, also for the standard
/// position) names each castling rook by its file: the outer files are the
/// standard rights, read as such and printed as KQkq.
#[test]
fn shredder_castling_letters_name_the_standard_rights() {
    for (shredder, standard) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            START_FEN,
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b Ah - 3 20",
            "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 3 20",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KAq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        ),
    ] {
        let b = Board::from_fen(shredder).unwrap_or_else(|e| panic!("{shredder}: {e}"));
        assert_eq!(b, Board::from_fen(standard).unwrap(), "{shredder}");
        assert_eq!(b.to_fen(), standard);
    }
    // The letter still needs its rook where the standard right needs it.
    let e = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K3 w H - 0 1").unwrap_err();
    assert!(e.message.contains("'H' needs a rook on h1"), "{e}");
}

#[test]
fn canonical_fens_round_trip_exactly() {
    for fen in CANONICAL {
        assert_eq!(Board::from_fen(fen).unwrap().to_fen(), *fen);
    }
}
