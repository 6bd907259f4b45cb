//! The `tapir perft` command as a user runs it: right counts on good input,
//! and on bad input one line on stderr, nothing on stdout, a non-zero exit.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::path::PathBuf;

mod common;
use common::tapir;

/// A file under the system temp dir, unique to this test process.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tapir-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Asserts a clean failure whose one line mentions `fragment`.
fn fails_with(args: &[&str], fragment: &str) {
    let out = tapir(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(out.stdout.is_empty(), "{args:?} printed {:?}", out.stdout);
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr:?}");
    assert!(stderr.contains(fragment), "{args:?}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr:?}");
}

#[test]
fn bad_input_gets_one_line_and_a_failure_code() {
    fails_with(&["perft", "0"], "depth must be 1..=10, got 0");
    fails_with(&["perft", "99"], "depth must be 1..=10, got 99");
    fails_with(&["perft"], "give a depth");
    fails_with(&["perft", "3", "--fen", "not a fen"], "invalid FEN");
    fails_with(
        &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        "White has 0 kings",
    );
    fails_with(
        &["perft", "--suite", "/nonexistent/tapir/suite.epd"],
        "cannot read perft suite /nonexistent/tapir/suite.epd",
    );
    let suite = temp_file("ok.epd", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n");
    let s = suite.to_str().unwrap();
    fails_with(
        &[
            "perft",
            "--suite",
            s,
            "--fen",
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        ],
        "--suite cannot be combined with --fen",
    );
    fails_with(&["perft", "--suite", s, "--divide"], "--divide");
    fails_with(&["perft", "--suite", s, "--max-depth", "0"], "got 0");
    fails_with(
        &["perft", "3", "--max-depth", "2"],
        "--max-depth only goes with --suite",
    );
    let bad_fen = temp_file("badfen.epd", "4k3/8/8/8/8/8/8/4K2Z w - - 0 1 ;D1 5\n");
    fails_with(
        &["perft", "--suite", bad_fen.to_str().unwrap()],
        "badfen.epd:1",
    );
    let bad_line = temp_file("badline.epd", "\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 five\n");
    fails_with(
        &["perft", "--suite", bad_line.to_str().unwrap()],
        "badline.epd:2: 'five' is not a node count",
    );
    let empty = temp_file("empty.epd", "\n# nothing here\n");
    fails_with(
        &["perft", "--suite", empty.to_str().unwrap()],
        "holds no perft positions",
    );
    // A size too large for the terminal's cell count is out of range, not
    // malformed.
    fails_with(
        &["tui", "--bench-frames", "1", "--bench-size", "99999x99999"],
        "--bench-size must be between 80x24 and 1000x1000, got 99999x99999",
    );
    fails_with(
        &["tui", "--bench-frames", "1", "--bench-size", "wide"],
        "--bench-size must look like 120x40, got 'wide'",
    );
    // Counts only deeper than the limit: nothing checked is not a pass.
    let deep = temp_file("deep.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D11 5\n");
    let o = tapir(&["perft", "--suite", deep.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{stderr}");
    assert!(stderr.contains("nothing was checked"), "{stderr}");
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("skip "));
    for f in [suite, bad_fen, bad_line, empty, deep] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn counts_divide_and_suites() {
    let out = tapir(&["perft", "3"]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Nodes searched: 8902\n"), "{stdout}");
    assert!(stdout.contains("Nodes/second: "), "{stdout}");

    let out = tapir(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    ]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let divide: Vec<&str> = stdout.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(divide.len(), 15, "{stdout}");
    assert!(divide.contains(&"e1g1: 3"), "{stdout}");
    assert!(stdout.contains("Nodes searched: 66\n"), "{stdout}");

    let good = temp_file(
        "good.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n",
    );
    let out = tapir(&[
        "perft",
        "--suite",
        good.to_str().unwrap(),
        "--max-depth",
        "2",
    ]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("1 positions, 1 passed, 0 failed"),
        "{stdout}"
    );

    let wrong = temp_file(
        "wrong.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n",
    );
    let out = tapir(&["perft", "--suite", wrong.to_str().unwrap()]);
    assert!(!out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("FAIL 4k3/8/8/8/8/8/8/4K2R w K - 0 1: depth 2 expected 67 got 66"));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr, "error: 1 of 1 positions gave wrong counts\n");
    for f in [good, wrong] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn a_negative_number_is_a_bad_value_not_an_unknown_flag() {
    let cases: [&[&str]; 3] = [
        &["perft", "-1"],
        &["bench", "-5"],
        &["datagen", "--out", "never-written.bin", "--games", "-3"],
    ];
    for args in cases {
        let out = tapir(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(out.stdout.is_empty(), "{args:?} printed {:?}", out.stdout);
        assert!(
            stderr.starts_with("error: invalid value '-"),
            "{args:?}: {stderr:?}"
        );
        assert!(
            !stderr.contains("unexpected argument"),
            "{args:?}: {stderr:?}"
        );
    }
}

/// A reader that goes away (`tapir perft 6 --divide | head -1`) is no
/// error: no panic, a normal exit. A report that cannot be written (a full
/// disk) is said once on stderr and the command fails.
#[test]
fn a_closed_pipe_is_no_error_and_a_full_disk_is_one() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args(["perft", "6", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains(": "), "{first}");
    // The pipe's reading end is closed here (the reader was dropped).
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");

    if let Ok(full) = std::fs::File::create("/dev/full") {
        let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
            .args(["perft", "2", "--divide"])
            .stdout(full)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("cannot write the output"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// The board without a terminal (a pipe, a script) says so and writes
/// nothing: no terminal modes into the pipe.
#[test]
fn the_board_without_a_terminal_says_so_and_writes_nothing() {
    use std::process::{Command, Stdio};
    let home = std::env::temp_dir().join(format!("tapir-noterm-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("--new")
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("c"))
        .env("XDG_DATA_HOME", home.join("d"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("the board needs a terminal"), "{stderr}");
    assert!(out.stdout.is_empty(), "{:?}", out.stdout);
    assert!(!home.join("d").exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&home);
}

/// A subcommand's name mistyped reads as a file to open; with no such
/// file the error suggests the subcommand.
#[test]
fn a_mistyped_subcommand_is_suggested() {
    let o = tapir(&["bnech"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim(),
        "error: no file bnech (did you mean `tapir bench`?)"
    );
}
