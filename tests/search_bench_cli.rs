//! `tapir bench` as a user runs it: a deterministic node signature with one
//! thread, a Lazy SMP run with `--threads`, the default evaluator or the
//! hand-crafted one, and clear errors for bad input.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::tapir;

/// The value after `label` on its own line of the bench report.
fn field(stdout: &str, label: &str) -> u64 {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no '{label}' line in:\n{stdout}"))
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn one_thread_gives_the_same_signature_every_run() {
    let runs: Vec<String> = (0..2)
        .map(|_| {
            let out = tapir(&["bench", "5"]);
            assert!(out.status.success(), "{out:?}");
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    let nodes = field(&runs[0], "Nodes searched:");
    assert!(nodes > 1000);
    assert_eq!(nodes, field(&runs[1], "Nodes searched:"));
    assert_eq!(field(&runs[0], "Threads:"), 1);
    assert_eq!(field(&runs[0], "Depth:"), 5);
    // One line per position before the summary, each with its best move.
    let positions = runs[0].lines().filter(|l| l.contains("bestmove")).count();
    assert!(positions >= 40, "{positions} bench positions");
}

#[test]
fn two_threads_search_every_position_to_the_same_depth() {
    let out = tapir(&["bench", "5", "--threads", "2"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(field(&text, "Threads:"), 2);
    assert!(field(&text, "Nodes searched:") > 1000);
    assert!(text
        .lines()
        .filter(|l| l.contains("bestmove"))
        .all(|l| !l.contains("(none)")));
}

/// The line `Evaluator: ...` of the report.
fn evaluator(stdout: &str) -> &str {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("Evaluator: "))
        .unwrap_or_else(|| panic!("no evaluator line in:\n{stdout}"))
}

#[test]
fn searches_with_the_built_in_net_unless_told_hce() {
    let nnue = String::from_utf8(tapir(&["bench", "4"]).stdout).unwrap();
    let hce = String::from_utf8(tapir(&["bench", "4", "--hce"]).stdout).unwrap();
    assert_eq!(evaluator(&nnue), "NNUE");
    assert_eq!(evaluator(&hce), "HCE");
    // Different evaluations steer the same searches to other trees.
    assert_ne!(
        field(&nnue, "Nodes searched:"),
        field(&hce, "Nodes searched:")
    );
}

#[test]
fn bad_depth_and_thread_counts_are_one_line_errors() {
    for (args, needle) in [
        (&["bench", "0"][..], "bench depth must be 1..="),
        (&["bench", "99"][..], "bench depth must be 1..="),
        (
            &["bench", "--threads", "0"][..],
            "bench threads must be 1..=",
        ),
        (&["bench", "--threads", "many"][..], "invalid value 'many'"),
        (
            &["bench", "--hce", "--net", "nets/default.nnue"][..],
            "cannot be used with",
        ),
        (&["bench", "--syzygy", ""][..], "--syzygy needs the folder"),
    ] {
        let out = tapir(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed a report");
    }
}
