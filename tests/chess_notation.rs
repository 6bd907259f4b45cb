//! Move notation from the outside: the move parsers never panic on any
//! string and only ever return legal moves; every legal move is read back
//! from its SAN, its UCI form and the common sloppy forms (0-0, e8Q, ed5,
//! lower-case piece letters, long algebraic, check and annotation marks).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use proptest::prelude::*;
use tapir::chess::perft::parse_suite_line;
use tapir::chess::{
    legal_moves, parse_move, parse_san, parse_uci, to_san, Board, Move, MoveError, PieceType,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions with every kind of move: castling both ways, e.p., promotions
/// with and without capture, pinned pieces, disambiguation by file, rank
/// and square, checks and mates.
const BOARDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    KIWIPETE,
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1k6/8/8/8/Q6Q/8/8/Q3K2Q w - - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
    "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1",
    "7k/8/8/8/8/8/8/N1N1K3 w - - 0 1",
];

fn boards() -> Vec<Board> {
    BOARDS.iter().map(|f| Board::from_fen(f).unwrap()).collect()
}

/// Whatever a parser returns must be a legal move here.
fn check_result(b: &Board, s: &str, r: Result<Move, MoveError>) {
    match r {
        Ok(m) => assert!(legal_moves(b).contains(m), "{s:?} gave illegal {m:?}"),
        Err(e) => {
            // The error prints on one line and quotes the input.
            let line = e.to_string();
            assert!(!line.contains('\n'), "{line}");
        }
    }
}

fn parse_everything(s: &str) {
    for b in boards() {
        check_result(&b, s, parse_move(&b, s));
        check_result(&b, s, parse_san(&b, s));
        check_result(&b, s, parse_uci(&b, s));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn any_string_is_parsed_without_panic(s in "\\PC{0,12}") {
        parse_everything(&s);
    }

    #[test]
    fn move_shaped_strings_are_parsed_without_panic(
        s in "[NBRQKPnbrqkpoO0x:=+#!?. -]{0,3}[a-i]?[0-9]?[-x]?[a-i][0-9][=]?[NBRQKnbrqk]?[+#!?]{0,2}( ?e\\.?p\\.?)?"
    ) {
        parse_everything(&s);
    }
}

/// The sloppy renderings of one legal move that must read back as it.
fn sloppy_forms(b: &Board, m: Move, san: &str) -> Vec<String> {
    let mut forms = vec![
        san.to_string(),
        m.to_string(),
        format!(" {san} "),
        format!("{}!?", san.trim_end_matches(['+', '#'])),
        san.trim_end_matches(['+', '#']).to_string(),
    ];
    if m.is_castle() {
        forms.push(san.replace('O', "0"));
        forms.push(san.replace('O', "o"));
        return forms;
    }
    // Promotions without '=' and with a lower-case piece.
    if m.is_promotion() {
        forms.push(san.replace('=', ""));
        forms.push(san.to_lowercase());
    }
    // Captures without the 'x', and with ':'.
    if m.is_capture() {
        forms.push(san.replace('x', ""));
        forms.push(san.replace('x', ":"));
    }
    if m.is_en_passant() {
        forms.push(format!("{san} e.p."));
        forms.push(format!("{san}e.p."));
    }
    // Long algebraic: piece letter, origin, '-' or 'x', target.
    let kind = b.piece_at(m.from()).unwrap().kind();
    let letter = if kind == PieceType::Pawn {
        String::new()
    } else {
        kind.letter().to_string()
    };
    let sep = if m.is_capture() { "x" } else { "-" };
    let promo = m
        .promotion()
        .map(|p| format!("={}", p.letter()))
        .unwrap_or_default();
    forms.push(format!("{letter}{}{sep}{}{promo}", m.from(), m.to()));
    // Lower-case piece letters (a lower-case b is tried as a pawn first).
    if matches!(
        kind,
        PieceType::Knight | PieceType::Rook | PieceType::Queen | PieceType::King
    ) {
        let mut lower = san.to_string();
        lower.replace_range(0..1, &san[0..1].to_lowercase());
        forms.push(lower);
    }
    forms
}

#[test]
fn every_legal_move_reads_back_from_sloppy_forms() {
    let mut fens: Vec<String> = BOARDS.iter().map(|s| s.to_string()).collect();
    fens.extend(
        include_str!("data/perftsuite.epd")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| parse_suite_line(l).unwrap().fen),
    );
    let mut checked = 0;
    for fen in &fens {
        let b = Board::from_fen(fen).unwrap();
        // The position and each position one move later.
        let mut positions = vec![b];
        positions.extend(legal_moves(&b).iter().map(|&m| b.make(m)));
        for p in &positions {
            for &m in legal_moves(p).iter() {
                let san = to_san(p, m);
                for form in sloppy_forms(p, m, &san) {
                    assert_eq!(parse_move(p, &form), Ok(m), "{form:?} in {}", p.to_fen());
                    checked += 1;
                }
                assert_eq!(parse_san(p, &san), Ok(m));
                assert_eq!(parse_uci(p, &m.to_string()), Ok(m));
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// A lower-case bishop letter is accepted when no b-pawn move fits.
#[test]
fn lowercase_bishop_when_unambiguous() {
    let b = Board::from_fen(KIWIPETE).unwrap();
    assert_eq!(parse_san(&b, "bxa6").unwrap().to_string(), "e2a6");
    assert_eq!(parse_san(&b, "bh6").unwrap().to_string(), "d2h6");
    // With a b-pawn that can capture there, the pawn wins.
    let p = Board::from_fen("4k3/8/8/8/8/2p5/1P6/4KB2 w - - 0 1").unwrap();
    assert_eq!(parse_san(&p, "bc3").unwrap().to_string(), "b2c3");
    assert_eq!(parse_san(&p, "Bc4").unwrap().to_string(), "f1c4");
}

#[test]
fn castling_spellings() {
    let b = Board::from_fen(KIWIPETE).unwrap();
    for (s, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("o-o", "e1g1"),
        ("O-O+", "e1g1"),
        ("e1g1", "e1g1"),
        ("e1h1", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0", "e1c1"),
        ("e1a1", "e1c1"),
    ] {
        assert_eq!(parse_move(&b, s).unwrap().to_string(), uci, "{s}");
    }
    // No rights, no castling, in any spelling.
    let none = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
    for s in ["O-O", "0-0-0", "e1g1", "e1h1"] {
        assert!(
            matches!(parse_move(&none, s), Err(MoveError::Illegal(_))),
            "{s}"
        );
    }
}

#[test]
fn errors_name_the_problem() {
    let b = Board::from_fen(BOARDS[5]).unwrap(); // four queens
    match parse_san(&b, "Qd4") {
        Err(MoveError::Ambiguous(_, candidates)) => {
            assert_eq!(candidates, ["Q1d4", "Qa4d4", "Qhd4"]);
        }
        other => panic!("{other:?}"),
    }
    match parse_san(&b, "Qe4") {
        Err(MoveError::Ambiguous(_, candidates)) => {
            assert_eq!(candidates, ["Q1e4", "Qae4", "Qh4e4"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(to_san(&b, parse_move(&b, "a4d4").unwrap()), "Qa4d4");
    assert_eq!(parse_move(&b, "Qa4d4").unwrap().to_string(), "a4d4");
    assert_eq!(parse_move(&b, "Q1d4").unwrap().to_string(), "a1d4");
    let start = Board::startpos();
    assert_eq!(
        parse_move(&start, "e5"),
        Err(MoveError::Illegal("e5".into()))
    );
    assert_eq!(
        parse_move(&start, "zz"),
        Err(MoveError::Syntax("zz".into()))
    );
    assert_eq!(
        parse_move(&start, "e2e4q"),
        Err(MoveError::Illegal("e2e4q".into()))
    );
    assert!(matches!(
        parse_move(&start, "e7e5"),
        Err(MoveError::Illegal(_))
    ));
    assert_eq!(
        parse_move(&start, "e7e5").unwrap_err().to_string(),
        "'e7e5' is not legal here"
    );
}
