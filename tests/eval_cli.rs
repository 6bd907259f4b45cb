//! `tapir eval --explain` as a user runs it: every term explained with its
//! numbers for a FEN, a move's deltas with `--move`, and on bad input one
//! line on stderr and a failure code.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::Board;
use tapir::eval::hce::sink::Term;
use tapir::eval::phase::taper;
use tapir::eval::teach::packed::hex;
use tapir::eval::trace;

mod common;
use common::tapir;

#[test]
fn explains_every_term_of_a_fen() {
    let fen = "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 9";
    let out = tapir(&["eval", "--explain", "--fen", fen, "--move", "Bb4"]);
    assert!(out.status.success(), "{:?}", out);
    let text = String::from_utf8(out.stdout).unwrap();
    let t = trace(&Board::from_fen(fen).unwrap());
    for (i, term) in Term::ALL.iter().enumerate() {
        let total = t.terms[i].total();
        assert!(text.contains(&format!("{}. {}\n", i + 1, term.name())));
        assert!(text.contains(&format!(
            "total S({}, {}) → {} cp at phase {}",
            total.mg(),
            total.eg(),
            taper(total, t.phase),
            t.phase
        )));
        assert!(text.contains(&hex(total)));
    }
    assert!(
        text.contains("psqt[pawn][g2]"),
        "the squares behind the terms"
    );
    assert!(text.contains("mg half by half"));
    assert!(text.contains("HCE piece values"));
    assert!(text.contains("The move Bb4 (Black), in the mover's view"));
    assert!(text.contains(&format!(
        "Score for the side to move (Black): {:+} cp",
        t.score
    )));
}

#[test]
fn bad_explain_input_is_one_line() {
    for (args, fragment) in [
        (vec!["eval", "--explain", "--fen", "nonsense"], "--fen"),
        (vec!["eval", "--explain", "--move", "e5"], "--move 'e5'"),
        (vec!["eval", "--move", "e4"], "--move goes with --explain"),
        (vec!["eval", "--explain", "--speed"], "--explain cannot"),
        (
            vec!["eval", "--explain", "--net", "/nonexistent/x.nnue"],
            "/nonexistent/x.nnue",
        ),
    ] {
        let out = tapir(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
}

/// A net file that is there but broken: every front end that takes
/// `--net` says which file and what is wrong with it, on one line.
#[test]
fn a_broken_net_file_is_named_in_the_error() {
    let dir = std::env::temp_dir().join(format!("tapir-badnet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("short.nnue");
    std::fs::write(&path, b"TAPIRNNUE and not much else").unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["eval", "--net", p],
        vec!["bench", "2", "--net", p],
        vec!["nnue-bench", "--net", p],
    ] {
        let out = tapir(&args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(&format!("error: {p}: ")), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
