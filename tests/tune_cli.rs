//! `tapir tune` from the outside: a short run on synthetic records lowers
//! the loss, reports every epoch and rewrites the generated part of a
//! params file (deterministically); bad input is a clear error, never a
//! panic.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;
use train_common::run_tapir;

/// The training loss of the line for `epoch` and the given tag.
fn train_loss(stdout: &str, tag: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.contains(tag))
        .unwrap_or_else(|| panic!("no line with {tag:?}:\n{stdout}"));
    let after = line.split("train loss ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn tunes_writes_params_and_rejects_bad_input() {
    let dir = train_common::scratch_dir("tune-cli");
    let data = dir.join("data.bin");
    train_common::write_records(&data, &train_common::synthetic_records(3000, 5));
    let d = data.to_str().unwrap();
    // A copy of the real params file: only its generated part may change.
    let params = dir.join("params.rs");
    let original = include_str!("../src/eval/hce/params.rs");
    std::fs::write(&params, original).unwrap();
    let p = params.to_str().unwrap();

    let run = |out: &str| {
        run_tapir(&[
            "tune",
            "--data",
            d,
            "--out",
            out,
            "--epochs",
            "3",
            "--threads",
            "2",
            "--batch",
            "256",
            "--lr",
            "2",
            "--seed",
            "3",
        ])
    };
    let (ok, stdout, stderr) = run(p);
    assert!(ok, "{stderr}");
    for tag in [
        "epoch   0/3",
        "epoch   1/3",
        "epoch   3/3",
        "K ",
        "val loss",
    ] {
        assert!(stdout.contains(tag), "{tag}: {stdout}");
    }
    let start = train_loss(&stdout, "(starting weights)");
    let end = train_loss(&stdout, "(normalised and rounded)");
    assert!(end < start, "{start} -> {end}\n{stdout}");
    assert!(
        stdout.contains("wrote") && stdout.contains("replaced"),
        "{stdout}"
    );
    let tuned = std::fs::read_to_string(&params).unwrap();
    assert_ne!(tuned, original);
    let head = |t: &str| t.split("// ---- generated").next().unwrap().to_string();
    let tail = |t: &str| {
        t.split("end of the generated weights ----")
            .nth(1)
            .unwrap()
            .to_string()
    };
    assert_eq!(head(&tuned), head(original));
    assert_eq!(tail(&tuned), tail(original));

    // Same seed, same result; a new file gets the generated part alone.
    let fresh = dir.join("fresh.rs");
    let (ok, _, stderr) = run(fresh.to_str().unwrap());
    assert!(ok, "{stderr}");
    let alone = std::fs::read_to_string(&fresh).unwrap();
    assert!(alone.starts_with("// ---- generated"), "{alone}");
    assert!(tuned.contains(&alone));

    // Without --out the generated part goes to stdout.
    let (ok, stdout, _) = run_tapir(&["tune", "--data", d, "--epochs", "1", "--k", "1.2"]);
    assert!(ok);
    assert!(stdout.contains("K 1.2000 (given)") && stdout.contains("define_params! {"));

    let missing = dir.join("missing.bin");
    let garbage = dir.join("garbage.bin");
    std::fs::write(&garbage, [0x5Au8; 96]).unwrap();
    let plain = dir.join("plain.rs");
    std::fs::write(&plain, "fn main() {}\n").unwrap();
    let nowhere = dir.join("no-such-dir").join("p.rs");
    // A read-only params file (it has the markers) is refused before the
    // tune, not after it (the tuned weights were lost).
    let locked = dir.join("locked.rs");
    std::fs::write(&locked, include_str!("../src/eval/hce/params.rs")).unwrap();
    let mut perms = std::fs::metadata(&locked).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&locked, perms).unwrap();
    for (args, expect) in [
        (
            vec!["--data", d, "--out", locked.to_str().unwrap()],
            "read-only",
        ),
        (vec!["--data", missing.to_str().unwrap()], "missing.bin"),
        (vec!["--data", garbage.to_str().unwrap()], "record 0"),
        (
            vec!["--data", d, "--out", plain.to_str().unwrap()],
            "no generated weights",
        ),
        (
            vec!["--data", d, "--out", nowhere.to_str().unwrap()],
            "no such folder",
        ),
        (vec!["--data", d, "--out", d], "also a --data file"),
        (vec!["--data", d, "--k=-1"], "positive number or auto"),
        (vec!["--data", d, "--k", "x"], "positive number or auto"),
        (
            vec!["--data", d, "--reg", "1e308"],
            "--reg must be in [0, 1]",
        ),
        (vec!["--data", d, "--reg=-1"], "--reg must be in [0, 1]"),
        (vec!["--data", d, "--reg", "NaN"], "--reg must be in [0, 1]"),
        (
            vec!["--data", d, "--lr", "1e30"],
            "--lr must be in (0, 100]",
        ),
        (vec!["--data", d, "--lr", "0"], "--lr must be in (0, 100]"),
        (vec!["--data", d, "--lambda", "2"], "--lambda"),
        (vec!["--data", d, "--threads", "0"], "--threads"),
        (vec!["--data", d, "--val-fraction", "0.9"], "--val-fraction"),
        (vec!["--data", d, "--freeze", "nonsense"], "nonsense"),
        (vec!["--data", d, "--max-positions", "0"], "--max-positions"),
        (vec!["--data", d, "--epochs", "x"], "invalid value"),
        (vec!["--epochs", "2"], "--data"),
    ] {
        let mut full = vec!["tune"];
        full.extend(args);
        let (ok, _, stderr) = run_tapir(&full);
        assert!(!ok, "{full:?} should fail");
        assert!(stderr.contains(expect), "{full:?}: {stderr}");
        assert!(stderr.starts_with("error:"), "{full:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // The params file was not touched by the failed runs.
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), "fn main() {}\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
