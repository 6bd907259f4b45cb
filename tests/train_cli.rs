//! `tapir train` from the outside: a short run writes a net and reports
//! per-epoch losses and speed; bad input is a clear error, never a panic.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;
use train_common::run_tapir;

use tapir::eval::nnue::arch::FILE_LEN;

#[test]
fn trains_and_reports_and_rejects_bad_input() {
    let dir = train_common::scratch_dir("train-cli");
    let data = dir.join("data.bin");
    train_common::write_records(&data, &train_common::synthetic_records(700, 3));
    let net = dir.join("t.nnue");
    let (d, n) = (data.to_str().unwrap(), net.to_str().unwrap());

    let (ok, stdout, stderr) = run_tapir(&[
        "train",
        "--data",
        d,
        "--out",
        n,
        "--epochs",
        "2",
        "--threads",
        "2",
        "--seed",
        "7",
        "--batch",
        "128",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("epoch   1/2") && stdout.contains("epoch   2/2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("val loss") && stdout.contains("pos/s"),
        "{stdout}"
    );
    // Each file's scores are brought to the trainer's scale, and it says so.
    assert!(
        stdout.contains("data.bin: 700 positions, scores fitted at"),
        "{stdout}"
    );
    assert_eq!(std::fs::metadata(&net).unwrap().len() as usize, FILE_LEN);
    // And what quantising the net cost, measured on the 700 positions: a
    // few centipawns (truncation to whole centipawns alone is 0.5).
    let quant = stdout
        .lines()
        .find_map(|l| l.strip_prefix("quantisation: the file's output is "))
        .unwrap_or_else(|| panic!("no quantisation line: {stdout}"));
    let cp: f64 = quant.split(' ').next().unwrap().parse().unwrap();
    assert!(cp < 5.0 && quant.ends_with("(700 positions)"), "{quant}");

    // A data file cut mid-record still trains (with a warning).
    let cut = dir.join("cut.bin");
    let mut bytes = std::fs::read(&data).unwrap();
    bytes.truncate(bytes.len() - 5);
    std::fs::write(&cut, &bytes).unwrap();
    let (ok, _, stderr) = run_tapir(&[
        "train",
        "--data",
        cut.to_str().unwrap(),
        "--out",
        n,
        "--epochs",
        "1",
        "--batch",
        "256",
        "--force",
    ]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("partial record"), "{stderr}");

    // --out naming a --data file (however spelled) would destroy the data.
    let before = std::fs::read(&data).unwrap();
    let dotted = dir.join(".").join("data.bin");
    for out in [d, dotted.to_str().unwrap()] {
        let (ok, _, stderr) = run_tapir(&["train", "--data", d, "--out", out]);
        assert!(!ok, "--out {out} should fail");
        assert!(stderr.contains("also a --data file"), "{stderr}");
        assert_eq!(std::fs::read(&data).unwrap(), before, "data changed");
    }

    let missing = dir.join("missing.bin");
    let garbage = dir.join("garbage.bin");
    std::fs::write(&garbage, [0x5Au8; 96]).unwrap();
    let unwritable = dir.join("no-such-dir").join("x.nnue");
    for (args, expect) in [
        (
            vec!["--data", missing.to_str().unwrap(), "--out", n],
            "missing.bin",
        ),
        (
            vec!["--data", garbage.to_str().unwrap(), "--out", n],
            "record 0",
        ),
        (
            vec!["--data", d, "--out", unwritable.to_str().unwrap()],
            "cannot write",
        ),
        (vec!["--data", d, "--out", n, "--lambda", "2"], "--lambda"),
        (vec!["--data", d, "--out", n, "--threads", "0"], "--threads"),
        (
            vec!["--data", d, "--out", n, "--batch", "18446744073709551615"],
            "--batch must be 1..=1048576",
        ),
        (
            vec!["--data", d, "--out", n, "--batch", "1048577"],
            "--batch must be 1..=1048576",
        ),
        (
            vec!["--data", d, "--out", n, "--epochs", "x"],
            "invalid value",
        ),
        (
            vec!["--data", d, "--out", n, "--init", missing.to_str().unwrap()],
            "missing.bin",
        ),
        (
            vec!["--data", d, "--out", n, "--init", garbage.to_str().unwrap()],
            "garbage.bin",
        ),
        (
            vec!["--data", d, "--out", n, "--init", n, "--bucket-lr", "0.5"],
            "also the --init net",
        ),
        (vec!["--data", d, d, "--out", n], "are one file"),
        (
            vec!["--data", d, "--out", "/dev/null"],
            "not a regular file",
        ),
    ] {
        // --force: the net from the runs above is not what these refuse.
        let mut full = vec!["train", "--force"];
        full.extend(args);
        let (ok, _, stderr) = run_tapir(&full);
        assert!(!ok, "{full:?} should fail");
        assert!(stderr.contains(expect), "{full:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }

    // --out naming a file that is not a net (a game file) is someone's
    // work: refused before training, untouched, unless --force.
    let games = dir.join("games.pgn");
    let pgn = "[Event \"A\"]\n\n1. e4 e5 *\n";
    std::fs::write(&games, pgn).unwrap();
    let g = games.to_str().unwrap();
    let (ok, _, stderr) = run_tapir(&["train", "--data", d, "--out", g, "--epochs", "1"]);
    assert!(!ok);
    assert!(
        stderr.contains("not a tapir net") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&games).unwrap(), pgn, "untouched");
    let (ok, _, stderr) = run_tapir(&[
        "train", "--data", d, "--out", g, "--epochs", "1", "--batch", "256", "--force",
    ]);
    assert!(ok, "{stderr}");
    assert_eq!(std::fs::metadata(&games).unwrap().len() as usize, FILE_LEN);
    // A net already there (one trained before) is someone's work too: a
    // run that diverged would replace it after its first epoch.
    let before = std::fs::read(n).unwrap();
    let (ok, _, stderr) = run_tapir(&[
        "train", "--data", d, "--out", n, "--epochs", "1", "--batch", "256",
    ]);
    assert!(
        !ok && stderr.contains("already holds a tapir net"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(n).unwrap(), before, "untouched");
    let (ok, _, stderr) = run_tapir(&[
        "train", "--data", d, "--out", n, "--epochs", "1", "--batch", "256", "--force",
    ]);
    assert!(ok, "{stderr}");

    // import-bullet: never over its own input (the float weights), and not
    // over a file already there unless --force.
    let floats = dir.join("floats.bin");
    std::fs::write(&floats, [7u8; 64]).unwrap();
    let f = floats.to_str().unwrap();
    let (ok, _, stderr) = run_tapir(&["import-bullet", f, "--out", f]);
    assert!(!ok && stderr.contains("is the input"), "{stderr}");
    assert_eq!(std::fs::read(&floats).unwrap(), [7u8; 64]);
    std::fs::write(&games, pgn).unwrap();
    let (ok, _, stderr) = run_tapir(&["import-bullet", f, "--out", g]);
    assert!(!ok && stderr.contains("not a tapir net"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&games).unwrap(), pgn, "untouched");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The validation loss an epoch line reports.
fn val_loss(stdout: &str, epoch: &str) -> f64 {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(&format!("epoch {epoch}")))
        .unwrap_or_else(|| panic!("no epoch {epoch} line: {stdout}"));
    let rest = line.split("val loss ").nth(1).unwrap();
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn training_on_from_a_net_starts_where_that_net_left_off() {
    let dir = train_common::scratch_dir("train-init");
    let data = dir.join("data.bin");
    train_common::write_records(&data, &train_common::synthetic_records(2000, 5));
    let (first, next) = (dir.join("first.nnue"), dir.join("next.nnue"));
    let d = data.to_str().unwrap();
    let common = [
        "--data",
        d,
        "--seed",
        "3",
        "--batch",
        "128",
        "--threads",
        "2",
    ];
    let run = |extra: &[&str]| {
        let mut args = vec!["train"];
        args.extend(common);
        args.extend(extra);
        let (ok, stdout, stderr) = run_tapir(&args);
        assert!(ok, "{args:?}: {stderr}");
        stdout
    };
    let trained = run(&["--out", first.to_str().unwrap(), "--epochs", "3"]);
    let fresh = val_loss(&trained, "  1/3");
    let left_off = val_loss(&trained, "  3/3");
    assert!(left_off < fresh, "{trained}");
    // A step too small to move anything: the net from the file, so the
    // loss is the trained one's (up to quantisation), not a fresh net's.
    let resumed = run(&[
        "--out",
        next.to_str().unwrap(),
        "--epochs",
        "1",
        "--lr",
        "0.0000001",
        "--init",
        first.to_str().unwrap(),
    ]);
    assert!(resumed.contains("starting from"), "{resumed}");
    let start = val_loss(&resumed, "  1/1");
    assert!(
        (start - left_off).abs() < 0.1 * (fresh - left_off),
        "fresh {fresh}, trained {left_off}, resumed {start}"
    );
    // With the king buckets learning, the net moves into the shared rows
    // and starts from the same place.
    let with_buckets = run(&[
        "--out",
        next.to_str().unwrap(),
        "--force",
        "--epochs",
        "1",
        "--lr",
        "0.0000001",
        "--bucket-lr",
        "0.5",
        "--init",
        first.to_str().unwrap(),
    ]);
    let start = val_loss(&with_buckets, "  1/1");
    assert!(
        (start - left_off).abs() < 0.1 * (fresh - left_off),
        "fresh {fresh}, trained {left_off}, resumed with buckets {start}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
