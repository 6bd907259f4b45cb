//! The settings file: written with defaults on first run, a broken file
//! reported and left untouched with defaults in use, directories
//! overridable for tests, atomic writes.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::path::PathBuf;
use tapir::tui::config::{load_or_create, write_atomic, Config, Dirs, PieceStyle, ThemeName};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tapir-cfg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn first_run_writes_defaults() {
    let dir = temp("first");
    let path = dir.join("nested").join("config.toml");
    let loaded = load_or_create(&path);
    assert_eq!(loaded.config, Config::default());
    assert!(loaded.warning.is_none());
    assert!(loaded.writable);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("multipv = 3") && text.contains("theme = \"classic\""));
    // Reading it back gives the same settings.
    assert_eq!(load_or_create(&path).config, Config::default());
}

#[test]
fn a_broken_file_is_reported_and_kept() {
    let dir = temp("broken");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    for (text, expect) in [
        ("multipv = 7\n", "multipv must be 1 to 5"),
        ("theme = \"neon\"\n", "neon"),
        ("hash = \"big\"\n", "hash"),
        ("this is not toml", "config"),
        ("levle = 3\n", "levle"),
        ("threads = 0\n", "threads"),
    ] {
        std::fs::write(&path, text).unwrap();
        let loaded = load_or_create(&path);
        let w = loaded.warning.expect("a warning");
        assert!(w.contains(expect), "{text:?}: {w}");
        // Not TOML: defaults throughout; else the bad setting's default.
        assert!(
            w.contains("using defaults") || w.contains("takes its default"),
            "{w}"
        );
        assert_eq!(loaded.config, Config::default());
        // Not TOML: never written; else a setting changed on the board
        // is merged in (the file is read again then, its text kept).
        assert_eq!(loaded.writable, text != "this is not toml", "{text}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "file untouched"
        );
    }
}

#[test]
fn settings_are_read() {
    let dir = temp("read");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        "theme = \"ansi\"\npieces = \"ascii\"\nmultipv = 5\nhash = 256\nthreads = 4\nlevel = 10\n",
    )
    .unwrap();
    let c = load_or_create(&path).config;
    assert_eq!(c.theme, ThemeName::Ansi);
    assert_eq!(c.pieces, PieceStyle::Ascii);
    assert_eq!((c.multipv, c.hash, c.threads, c.level), (5, 256, 4, 10));
}

#[test]
fn atomic_write_replaces_whole_files_and_env_overrides_dirs() {
    let dir = temp("atomic");
    let path = dir.join("a.txt");
    write_atomic(&path, "one").unwrap();
    write_atomic(&path, "two").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left");
    assert!(write_atomic(&path.join("under-a-file"), "x").is_err());

    std::env::set_var("TAPIR_CONFIG_DIR", dir.join("c"));
    std::env::set_var("TAPIR_DATA_DIR", dir.join("d"));
    let d = Dirs::from_env().unwrap();
    assert_eq!(d.config_file(), dir.join("c").join("config.toml"));
    assert_eq!(d.autosave_file(), dir.join("d").join("autosave.pgn"));
}
