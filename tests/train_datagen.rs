//! `tapir datagen` from the outside: a tiny run writes valid records
//! (legal, not in check, scores in range), the same seed gives the same
//! bytes, appending adds new games, and bad arguments are one-line errors.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;
use train_common::run_tapir;

use std::path::PathBuf;
use tapir::train::record::read_records;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapir-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn datagen(out: &str, seed: &str) -> (bool, String, String) {
    run_tapir(&[
        "datagen",
        "--out",
        out,
        "--games",
        "2",
        "--nodes",
        "500",
        "--threads",
        "2",
        "--seed",
        seed,
    ])
}

#[test]
fn writes_valid_deterministic_records_and_rejects_bad_arguments() {
    let dir = scratch("datagen-cli");
    let a = dir.join("a.bin");
    let b = dir.join("b.bin");
    let (sa, sb) = (a.to_str().unwrap(), b.to_str().unwrap());

    let (ok, stdout, stderr) = datagen(sa, "5");
    assert!(ok, "{stderr}");
    assert!(stdout.contains("positions/s"), "{stdout}");
    // The engine's own evaluator plays unless told otherwise.
    assert!(stdout.contains("NNUE, the built-in net"), "{stdout}");
    let file = read_records(&a).unwrap();
    assert_eq!(file.dropped_bytes, 0);
    assert!(file.records.len() > 20, "{}", file.records.len());
    for r in &file.records {
        let board = r.to_board().unwrap();
        assert!(!board.in_check(), "{}", r.to_fen());
        assert!(!tapir::chess::legal_moves(&board).is_empty());
        assert!(r.stm_score().abs() < 20_000, "{}", r.stm_score());
    }

    // Same seed and threads: same bytes.
    let (ok, _, stderr) = datagen(sb, "5");
    assert!(ok, "{stderr}");
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap());

    // Appending after a partial record: the cut is made, the old records
    // stay, and the new games differ from the old ones.
    let mut cut = bytes.clone();
    cut.extend_from_slice(&[1, 2, 3]);
    std::fs::write(&b, &cut).unwrap();
    let (ok, stdout, stderr) = datagen(sb, "5");
    assert!(ok, "{stderr}");
    assert!(stderr.contains("partial record"), "{stderr}");
    assert!(stdout.contains("appending"), "{stdout}");
    let appended = std::fs::read(&b).unwrap();
    assert_eq!(appended.len() % 32, 0);
    assert_eq!(&appended[..bytes.len()], &bytes[..]);
    assert_ne!(&appended[bytes.len()..], &bytes[..]);

    // Bad arguments and paths: a one-line error, no panic.
    for (flag, value) in [("--games", "0"), ("--nodes", "0"), ("--threads", "0")] {
        let c = dir.join("c.bin");
        let mut args = vec!["datagen", "--out", c.to_str().unwrap()];
        args.extend([flag, value]);
        let (ok, _, stderr) = run_tapir(&args);
        assert!(!ok);
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(flag), "{stderr}");
        assert!(!c.exists());
    }
    // A file that is not a data file (a net, a game, notes) is left alone.
    for (name, bytes) in [
        ("notes.txt", b"these are my notes, not positions\n".to_vec()),
        ("tiny.bin", b"short".to_vec()),
        ("net.nnue", tapir::eval::nnue::Network::random(1).to_bytes()),
    ] {
        let other = dir.join(name);
        std::fs::write(&other, &bytes).unwrap();
        let (ok, _, stderr) =
            run_tapir(&["datagen", "--out", other.to_str().unwrap(), "--games", "1"]);
        assert!(!ok, "{name}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains("not a tapir data file"), "{name}: {stderr}");
        assert_eq!(std::fs::read(&other).unwrap(), bytes, "{name} untouched");
    }
    let bad = dir.join("no-such-dir").join("x.bin");
    let (ok, _, stderr) = run_tapir(&["datagen", "--out", bad.to_str().unwrap(), "--games", "1"]);
    assert!(!ok);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot open"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn plays_with_a_net_and_rejects_a_bad_net_file() {
    let dir = scratch("datagen-net");
    let net = dir.join("random.nnue");
    tapir::eval::nnue::Network::random(3).save(&net).unwrap();
    let out = dir.join("n.bin");
    let (so, sn) = (out.to_str().unwrap(), net.to_str().unwrap());
    let args = [
        "datagen", "--out", so, "--games", "1", "--nodes", "300", "--net", sn,
    ];
    let (ok, stdout, stderr) = run_tapir(&args);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("NNUE"), "{stdout}");
    for r in read_records(&out).unwrap().records {
        assert!(!r.to_board().unwrap().in_check(), "{}", r.to_fen());
    }

    // A file that is not a net: one line naming the fault, nothing written.
    let junk = dir.join("junk.nnue");
    std::fs::write(&junk, b"not a net").unwrap();
    let fresh = dir.join("fresh.bin");
    let (ok, _, stderr) = run_tapir(&[
        "datagen",
        "--out",
        fresh.to_str().unwrap(),
        "--net",
        junk.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(!fresh.exists());

    // `--hce`: the hand-crafted evaluation plays (other games); it and
    // `--net` together are refused before anything is written.
    let hce = dir.join("hce.bin");
    let args = [
        "datagen",
        "--out",
        hce.to_str().unwrap(),
        "--games",
        "1",
        "--nodes",
        "300",
    ];
    let (ok, stdout, stderr) = run_tapir(&[&args[..], &["--hce"]].concat());
    assert!(ok, "{stderr}");
    assert!(stdout.contains("HCE"), "{stdout}");
    assert_ne!(std::fs::read(&hce).unwrap(), std::fs::read(&out).unwrap());
    let both = dir.join("both.bin");
    let (ok, _, stderr) = run_tapir(&[
        "datagen",
        "--out",
        both.to_str().unwrap(),
        "--hce",
        "--net",
        sn,
    ]);
    assert!(!ok && stderr.contains("--hce"), "{stderr}");
    assert!(!both.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--format bullet`: the same games as tapir's records, each written as
/// bulletformat's record of the same position; appending keeps the format
/// and a file of the other format is refused.
#[test]
fn bullet_format_holds_the_same_positions() {
    let dir = scratch("datagen-bullet");
    let tapir_file = dir.join("t.bin");
    let bullet_file = dir.join("b.bin");
    let (st, sb) = (tapir_file.to_str().unwrap(), bullet_file.to_str().unwrap());
    let run = |out: &str, format: &str| {
        run_tapir(&[
            "datagen",
            "--out",
            out,
            "--games",
            "2",
            "--nodes",
            "300",
            "--threads",
            "1",
            "--seed",
            "9",
            "--format",
            format,
        ])
    };
    let (ok, _, stderr) = run(st, "tapir");
    assert!(ok, "{stderr}");
    let (ok, stdout, stderr) = run(sb, "bullet");
    assert!(ok, "{stderr}");
    assert!(stdout.contains("bulletformat"), "{stdout}");

    let records = read_records(&tapir_file).unwrap().records;
    let bytes = std::fs::read(&bullet_file).unwrap();
    assert_eq!(bytes.len(), records.len() * 32);
    for (r, chunk) in records.iter().zip(bytes.chunks_exact(32)) {
        let chunk: &[u8; 32] = chunk.try_into().unwrap();
        tapir::train::bullet::check_bullet(chunk).unwrap();
        assert_eq!(&tapir::train::bullet::to_bullet(r), chunk, "{}", r.to_fen());
    }

    // Appending in the same format works; the other format is refused and
    // the file is left as it was.
    let (ok, _, stderr) = run(sb, "bullet");
    assert!(ok, "{stderr}");
    let grown = std::fs::read(&bullet_file).unwrap();
    assert!(grown.len() > bytes.len() && grown.starts_with(&bytes));
    let (ok, _, stderr) = run(sb, "tapir");
    assert!(!ok);
    assert!(stderr.contains("not a tapir data file"), "{stderr}");
    let (ok, _, stderr) = run(st, "bullet");
    assert!(!ok);
    assert!(stderr.contains("not a bulletformat data file"), "{stderr}");
    assert_eq!(std::fs::read(&bullet_file).unwrap(), grown);
    let _ = std::fs::remove_dir_all(&dir);
}
