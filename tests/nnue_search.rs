//! The network as the engine's evaluator, through UCI as a GUI drives it:
//! a random net loaded with `EvalFile`, selected with `EvalType`, searched;
//! bad files and NNUE without a net answer errors and change nothing.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;
use tapir::chess::{parse_uci, Position};
use tapir::eval::nnue::Network;

/// Generous: the test machine may be busy.
const WAIT: Duration = Duration::from_secs(60);

/// Sends `lines`, then reads until a line starting with `until`; returns
/// everything read.
fn session(lines: &[String], until: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tapir");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    stdin.flush().unwrap();
    let mut log = Vec::new();
    loop {
        let line = rx
            .recv_timeout(WAIT)
            .unwrap_or_else(|_| panic!("no '{until}' in time; got {log:#?}"));
        let done = line.starts_with(until);
        log.push(line);
        if done {
            break;
        }
    }
    let _ = writeln!(stdin, "quit");
    drop(stdin);
    let _ = child.wait();
    log
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("tapir-nnue-{}-{name}", std::process::id()))
}

fn assert_legal_bestmove(log: &[String], pos: &Position) {
    let last = log.last().unwrap();
    let word = last
        .split_whitespace()
        .nth(1)
        .expect("a move after bestmove");
    parse_uci(pos.board(), word).unwrap_or_else(|e| panic!("illegal {word}: {e}; {log:#?}"));
}

#[test]
fn random_net_searches_to_a_legal_move() {
    let path = temp_path("random.nnue");
    Network::random(11).save(&path).unwrap();
    let log = session(
        &[
            format!("setoption name EvalFile value {}", path.display()),
            "setoption name EvalType value NNUE".into(),
            "position startpos moves e2e4 c7c5".into(),
            "go depth 6".into(),
        ],
        "bestmove",
    );
    let _ = std::fs::remove_file(&path);
    assert!(
        !log.iter().any(|l| l.contains("error")),
        "unexpected error: {log:#?}"
    );
    assert!(log.iter().any(|l| l.contains(" depth 6 ")), "{log:#?}");
    let mut pos = Position::startpos();
    for m in ["e2e4", "c7c5"] {
        let mv = parse_uci(pos.board(), m).unwrap();
        pos.make(mv);
    }
    assert_legal_bestmove(&log, &pos);
}

#[test]
fn bad_net_files_are_errors_and_the_engine_keeps_its_net() {
    let garbage = temp_path("garbage.nnue");
    std::fs::write(&garbage, b"not a net at all").unwrap();
    let log = session(
        &[
            "setoption name EvalType value NNUE".into(),
            "setoption name EvalFile value /nonexistent/dir/none.nnue".into(),
            format!("setoption name EvalFile value {}", garbage.display()),
            "setoption name EvalType value NNUE".into(),
            "go depth 3".into(),
        ],
        "bestmove",
    );
    let _ = std::fs::remove_file(&garbage);
    let errors: Vec<&String> = log
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    // EvalType NNUE needs no EvalFile (the net is built in); each bad file
    // is one error and leaves the net in use as it was.
    assert_eq!(errors.len(), 2, "{log:#?}");
    assert!(errors[0].contains("/nonexistent/dir/none.nnue"), "{log:#?}");
    assert!(errors[1].contains("net file"), "{log:#?}");
    assert_legal_bestmove(&log, &Position::startpos());
}

/// The last `info depth 5` line without its timing fields (score, nodes
/// and pv stay; nps and time vary from run to run).
fn depth5_line(log: &[String]) -> String {
    let line = log
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth 5 "))
        .unwrap_or_else(|| panic!("no depth 5 line: {log:#?}"));
    let mut kept = Vec::new();
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        if w == "nps" || w == "time" {
            words.next();
        } else {
            kept.push(w);
        }
    }
    kept.join(" ")
}

#[test]
fn eval_file_default_goes_back_to_the_built_in_net() {
    let path = temp_path("reset.nnue");
    Network::random(5).save(&path).unwrap();
    let load = format!("setoption name EvalFile value {}", path.display());
    let search = |setup: &[String]| {
        let mut lines = setup.to_vec();
        lines.extend(["position startpos".into(), "go depth 5".into()]);
        session(&lines, "bestmove")
    };
    let nnue = "setoption name EvalType value NNUE".to_string();
    let built_in = search(std::slice::from_ref(&nnue));
    let random = search(&[load.clone(), nnue.clone()]);
    let mut resets = Vec::new();
    for reset in [
        "setoption name EvalFile value <empty>",
        "setoption name EvalFile value",
        "setoption name EvalFile",
    ] {
        resets.push(search(&[load.clone(), nnue.clone(), reset.into()]));
    }
    let _ = std::fs::remove_file(&path);
    assert_ne!(depth5_line(&random), depth5_line(&built_in));
    for log in resets {
        assert!(!log.iter().any(|l| l.contains("error")), "{log:#?}");
        assert_eq!(depth5_line(&log), depth5_line(&built_in), "{log:#?}");
    }
}
