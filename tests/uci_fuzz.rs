//! The UCI fuzzer, run short with fixed seeds: every `go` answered once
//! with a legal move (or 0000 when refused), every `pv` legal, every
//! `isready` answered, a clean exit. And the referee itself: an engine
//! that answers an illegal move, or never answers, fails the run.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::process::Command;

fn fuzz(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci-fuzz")
        .args(args)
        .output()
        .expect("run tapir uci-fuzz");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tapir_keeps_every_promise_under_fuzzed_input() {
    for seed in ["1", "2"] {
        let (ok, out, err) = fuzz(&["--seed", seed, "--seconds", "2"]);
        assert!(ok, "seed {seed}:\n{out}\n{err}");
        assert!(out.contains("legal bestmoves"), "{out}");
    }
}

/// A shell script engine: the referee must not take its word.
fn script(name: &str, body: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tapir-fuzz-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("engine.sh");
    std::fs::write(&path, body).unwrap();
    path
}

#[test]
fn an_illegal_bestmove_fails_the_run() {
    let engine = script(
        "illegal",
        "while IFS= read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo bestmove a1a1;; quit) exit 0;; esac; done\n",
    );
    let (ok, _, err) = fuzz(&["--seconds", "1", "--engine", "sh", engine.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("a1a1") && err.contains("not legal"), "{err}");
}

#[test]
fn an_engine_that_stops_answering_isready_fails_the_run() {
    let engine = script(
        "mute",
        "while IFS= read -r l; do case \"$l\" in uci) echo uciok;; quit) exit 0;; esac; done\n",
    );
    let (ok, _, err) = fuzz(&[
        "--seconds",
        "30",
        "--engine",
        "sh",
        engine.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("no readyok within"), "{err}");
}

#[test]
fn an_engine_that_hangs_alive_fails_the_run_instead_of_holding_it() {
    // Answers uci and one isready, then sleeps with stdin and stderr open:
    // the run must end (the sleeping engine killed), not wait for ever.
    let engine = script(
        "hang",
        "read l; echo uciok; read l; echo readyok; exec sleep 600\n",
    );
    let started = std::time::Instant::now();
    let (ok, _, err) = fuzz(&["--seconds", "2", "--engine", "sh", engine.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("readyok"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(120));
}

#[test]
fn an_engine_that_stops_reading_fails_the_run_instead_of_holding_it() {
    // Reads `uci` and never another line. Seed 45 sends a line of a
    // megabyte before its first isready: the pipe fills, and the run must
    // still fail at that isready's deadline (it used to wait for ever in
    // the write).
    let engine = script("deaf", "read l; echo uciok; exec sleep 600\n");
    let started = std::time::Instant::now();
    let (ok, _, err) = fuzz(&[
        "--seed",
        "45",
        "--seconds",
        "2",
        "--engine",
        "sh",
        engine.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("no readyok within"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(120));
}

#[test]
fn a_duration_no_clock_can_hold_is_refused_before_any_engine_starts() {
    for seconds in ["inf", "1e20"] {
        let (ok, _, err) = fuzz(&["--seconds", seconds, "--engine", "/nonexistent/engine"]);
        assert!(!ok, "--seconds {seconds}");
        assert!(
            err.contains("--seconds must be") && !err.contains("panicked"),
            "{err}"
        );
    }
}

#[test]
fn a_run_of_no_time_is_refused() {
    for secs in ["0", "-1", "NaN"] {
        let (ok, _, err) = fuzz(&["--seconds", secs]);
        assert!(!ok, "--seconds {secs}");
        assert!(err.contains("--seconds must be more than 0"), "{err}");
    }
}
