//! The whole net pipeline in miniature, through the real binary: a tiny
//! self-play run, one training epoch on its records, and the engine
//! loading the result for `tapir eval` and for a UCI search.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;
use train_common::run_tapir;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

#[test]
fn datagen_then_one_epoch_gives_a_net_the_engine_uses() {
    let dir = train_common::scratch_dir("train-pipeline");
    let data = dir.join("selfplay.bin");
    let net = dir.join("tiny.nnue");
    let (d, n) = (data.to_str().unwrap(), net.to_str().unwrap());

    let (ok, _, stderr) = run_tapir(&[
        "datagen", "--out", d, "--games", "2", "--nodes", "400", "--seed", "5",
    ]);
    assert!(ok, "datagen: {stderr}");
    let records = std::fs::metadata(&data).unwrap().len() / 32;
    assert!(records > 20, "two games gave only {records} records");

    let (ok, stdout, stderr) = run_tapir(&[
        "train", "--data", d, "--out", n, "--epochs", "1", "--batch", "64",
    ]);
    assert!(ok, "train: {stderr}");
    assert!(stdout.contains("epoch   1/1"), "{stdout}");

    let (ok, stdout, stderr) = run_tapir(&["eval", "--net", n]);
    assert!(ok, "eval --net: {stderr}");
    assert!(stdout.contains("NNUE final"), "{stdout}");

    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let script = format!(
        "setoption name EvalFile value {n}\nsetoption name EvalType value NNUE\n\
         position startpos\ngo depth 4\n"
    );
    stdin.write_all(script.as_bytes()).unwrap();
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
    assert!(seen.last().unwrap().starts_with("bestmove "), "{seen:#?}");
}
