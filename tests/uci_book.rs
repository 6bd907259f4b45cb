//! The UCI book options: `OwnBook` (off by default, so a GUI's own book
//! and `bench` are untouched) and `BookFile` (empty: the built-in book).
//! With the book on, `go` in a book position answers a book move at once,
//! without searching; out of the book it searches as usual.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs a UCI session of `lines` (then `quit`) and returns its output.
fn session(lines: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tapir");
    let mut stdin = child.stdin.take().expect("stdin");
    for l in lines.iter().chain(&["isready", "quit"]) {
        writeln!(stdin, "{l}").expect("write");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("tapir ends");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The output cut after each bestmove: one slice per `go`.
fn answers(out: &[String]) -> Vec<Vec<String>> {
    let mut all = vec![Vec::new()];
    for l in out {
        all.last_mut().expect("one").push(l.clone());
        if l.starts_with("bestmove") {
            all.push(Vec::new());
        }
    }
    all.pop();
    all
}

/// The small book's moves after 1. e4 e5.
const AFTER_E4_E5: [&str; 10] = [
    "g1f3", "f2f4", "b1c3", "f1c4", "d2d4", "c2c3", "g1e2", "f1e2", "d2d3", "f1b5",
];

#[test]
fn own_book_answers_book_moves_at_once() {
    let out = session(&[
        "uci",
        "position startpos moves e2e4 e7e5",
        "go depth 2",
        "setoption name OwnBook value true",
        "setoption name BookFile value tests/data/small-book.bin",
        "position startpos moves e2e4 e7e5",
        "go wtime 60000 btime 60000",
        "position startpos moves h2h4",
        "go depth 2",
        "position startpos moves e2e4 e7e5",
        "go mate 2",
    ]);
    assert!(out
        .iter()
        .any(|l| l == "option name OwnBook type check default false"));
    assert!(out
        .iter()
        .any(|l| l == "option name BookFile type string default <empty>"));
    let a = answers(&out);
    assert_eq!(a.len(), 4, "{out:#?}");
    // Off by default: a search.
    assert!(
        a[0].iter().any(|l| l.starts_with("info depth")),
        "{:?}",
        a[0]
    );
    // On, in the book: no search, a book move.
    assert!(
        !a[1].iter().any(|l| l.starts_with("info depth")),
        "{:?}",
        a[1]
    );
    let best = a[1].last().expect("bestmove")["bestmove ".len()..].to_string();
    assert!(AFTER_E4_E5.contains(&best.as_str()), "{best}");
    // Out of the book: a search again.
    assert!(
        a[2].iter().any(|l| l.starts_with("info depth")),
        "{:?}",
        a[2]
    );
    // A mate search asks a question the book cannot answer: it searches.
    assert!(
        a[3].iter().any(|l| l.starts_with("info depth")),
        "{:?}",
        a[3]
    );
    assert!(!out.iter().any(|l| l.contains("error")), "{out:#?}");
}

#[test]
fn a_book_file_that_is_not_a_book_is_an_error() {
    let out = session(&["setoption name BookFile value Cargo.toml"]);
    let err: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(err.len(), 1, "{out:#?}");
    assert!(err[0].contains("not a Polyglot book"), "{}", err[0]);
}

/// A one-entry Polyglot book file: `board`'s key and the move `raw`.
fn one_entry_book(name: &str, board: &tapir::chess::Board, raw: u16) -> std::path::PathBuf {
    let mut entry = tapir::book::polyglot_key(board).to_be_bytes().to_vec();
    entry.extend(raw.to_be_bytes());
    entry.extend(1u16.to_be_bytes());
    entry.extend(0u32.to_be_bytes());
    let path = std::env::temp_dir().join(format!("tapir-{name}-{}.bin", std::process::id()));
    std::fs::write(&path, entry).unwrap();
    path
}

/// e2-e5: never a legal move.
const E2E5: u16 = (4 + 4 * 8) | ((4 + 8) << 6);

#[test]
fn a_book_whose_moves_from_the_start_are_illegal_is_refused() {
    let path = one_entry_book("bad-start", &tapir::chess::Board::startpos(), E2E5);
    let out = session(&[&format!("setoption name BookFile value {}", path.display())]);
    let _ = std::fs::remove_file(&path);
    let err: Vec<&String> = out.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(err.len(), 1, "{out:#?}");
    assert!(err[0].contains("illegal in its position"), "{}", err[0]);
}

#[test]
fn a_book_move_that_cannot_be_played_is_said_and_the_engine_searches() {
    // A position off the book's tree from the start (which it does not
    // hold), so the file loads: the bad move shows when the position comes.
    let start = tapir::chess::Board::startpos();
    let h4 = tapir::chess::parse_uci(&start, "h2h4").unwrap();
    let path = one_entry_book("bad-later", &start.make(h4), E2E5);
    let out = session(&[
        "setoption name OwnBook value true",
        &format!("setoption name BookFile value {}", path.display()),
        "position startpos moves h2h4",
        "go depth 2",
    ]);
    let _ = std::fs::remove_file(&path);
    let a = answers(&out);
    assert_eq!(a.len(), 1, "{out:#?}");
    assert!(
        a[0].iter()
            .any(|l| l.starts_with("info string error: book:") && l.ends_with("searching instead")),
        "{out:#?}"
    );
    assert!(a[0].iter().any(|l| l.starts_with("info depth")), "{out:#?}");
    assert_ne!(a[0].last().unwrap(), "bestmove 0000");
}
