//! The net built into the binary: it verifies like any net file, judges
//! material sensibly, and UCI can switch to it without an EvalFile.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use tapir::chess::Board;
use tapir::eval::nnue::{default_net, embedded_net, explain, has_embedded_net};

fn white_eval(fen: &str) -> i32 {
    let net = default_net().expect("the built-in net loads");
    explain(&net, &Board::from_fen(fen).unwrap()).final_white()
}

#[test]
fn the_built_in_net_verifies_and_knows_material() {
    assert!(has_embedded_net());
    assert!(embedded_net().unwrap().is_ok());
    let start = white_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 100, "start position {start}");
    let no_black_queen = white_eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(no_black_queen > 500, "a queen up: {no_black_queen}");
    let no_white_rook = white_eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
    assert!(no_white_rook < -250, "a rook down: {no_white_rook}");
}

#[test]
fn uci_switches_to_the_built_in_net_without_an_eval_file() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(
            b"uci\nsetoption name EvalType value NNUE\nposition startpos moves e2e4\ngo depth 5\n",
        )
        .unwrap();
    stdin.flush().unwrap();
    let mut seen = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("bestmove ");
        seen.push(line);
        if done {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    child.wait().unwrap();
    assert!(seen.iter().all(|l| !l.contains("error")), "{seen:#?}");
    assert!(seen.iter().any(|l| l.contains(" depth 5 ")), "{seen:#?}");
    assert!(seen.last().unwrap().starts_with("bestmove "), "{seen:#?}");
}
