//! The engine with Syzygy tables, through the real binary as a GUI drives
//! it: the options, a root in the tables (only winning moves, a TB score
//! that is not a mate, tbhits), a drawn root that is not lost, and paths
//! that do not work (the engine says so and plays on).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use tapir::chess::{parse_uci, Board};
use tapir::tb::{Tablebases, Wdl};

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

/// Every line `tapir uci` prints for `input` (ended by `quit`).
fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tapir");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.write_all(b"isready\nquit\n").unwrap();
    let lines: Vec<String> = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .collect();
    child.wait().unwrap();
    lines
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut it = line.split_whitespace();
    it.find(|w| *w == key)?;
    it.next()
}

/// The last info line's score and tbhits, and the best move.
fn search(fen: &str, go: &str, path: &str) -> (String, u64, String, Vec<String>) {
    let out = session(&format!(
        "uci\nsetoption name SyzygyPath value {path}\nposition fen {fen}\n{go}\n"
    ));
    let info = out
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{out:?}"))
        .clone();
    let best = out
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("{out:?}"))
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let mut score = info.split(" score ").nth(1).unwrap().split_whitespace();
    let score = format!("{} {}", score.next().unwrap(), score.next().unwrap());
    let hits = field(&info, "tbhits").unwrap().parse().unwrap();
    (score, hits, best, out)
}

#[test]
fn options_are_declared() {
    let out = session("uci\n");
    for name in [
        "SyzygyPath type string",
        "SyzygyProbeDepth type spin default 1 min 1 max 100",
        "Syzygy50MoveRule type check default true",
        "SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(
            out.iter()
                .any(|l| l.contains(&format!("option name {name}"))),
            "{name}: {out:?}"
        );
    }
}

#[test]
fn a_won_root_keeps_only_winning_moves_and_says_tb_win() {
    let (tb, _) = Tablebases::open(TABLES);
    // KRvK with the rook attacked: moves that drop it draw.
    let fen = "8/8/8/8/8/2k5/3R4/7K w - - 0 1";
    let (score, hits, best, out) = search(fen, "go depth 8", TABLES);
    assert!(hits >= 1, "the root's probes count: {hits}");
    assert!(
        out[1..]
            .iter()
            .any(|l| l.contains("Syzygy: 70 table files, up to 4 pieces")),
        "{out:?}"
    );
    let cp: i32 = score
        .strip_prefix("cp ")
        .unwrap_or_else(|| panic!("{score}"))
        .parse()
        .unwrap();
    assert!(cp > 19_000 && cp < 20_000, "{score}");
    let b = Board::from_fen(fen).unwrap();
    let m = parse_uci(&b, &best).unwrap();
    assert_eq!(tb.probe_wdl(&b.make(m)), Ok(Wdl::Loss), "{best}");
    // A drawn root (KRvKR) is not lost, and scores 0.
    let fen = "8/8/8/4k3/8/8/2r5/K2R4 w - - 0 1";
    let (score, _, best, _) = search(fen, "go depth 8", TABLES);
    assert_eq!(score, "cp 0");
    let b = Board::from_fen(fen).unwrap();
    let m = parse_uci(&b, &best).unwrap();
    assert_eq!(tb.probe_wdl(&b.make(m)), Ok(Wdl::Draw), "{best}");
    // KRvK with the 50-move count at 99: every move draws by the rule, and
    // the score says so (as Stockfish's).
    let (score, _, _, _) = search("8/8/8/4k3/8/8/8/4K2R w - - 99 80", "go depth 8", TABLES);
    assert_eq!(score, "cp 0");
}

/// MultiPV at a won root: each iteration's lines read best first by the
/// score they show (the tables' for each move, the shortest win first),
/// and the best move is the first line's.
#[test]
fn multipv_lines_at_a_won_root_read_best_first() {
    let fen = "8/8/8/4k3/8/8/8/KBN5 w - - 0 80";
    for depth in [8, 12] {
        let out = session(&format!(
            "uci\nsetoption name SyzygyPath value {TABLES}\nsetoption name MultiPV value 5\n\
             position fen {fen}\ngo depth {depth}\n"
        ));
        // Each finished iteration's five lines (a search in the tables
        // may stop before the depth asked for).
        let lines: Vec<(u32, usize, i32, String)> = out
            .iter()
            .filter(|l| l.starts_with("info depth ") && !l.contains("bound"))
            .map(|l| {
                let d: u32 = field(l, "depth").unwrap().parse().unwrap();
                let pv: usize = field(l, "multipv").unwrap().parse().unwrap();
                let cp: i32 = field(l, "cp").unwrap().parse().unwrap();
                (d, pv, cp, field(l, "pv").unwrap().to_string())
            })
            .collect();
        let deepest = lines.iter().map(|l| l.0).max().unwrap();
        for d in 1..=deepest {
            let it: Vec<_> = lines.iter().filter(|l| l.0 == d).collect();
            assert_eq!(it.len(), 5, "depth {d}: {out:?}");
            for w in it.windows(2) {
                assert!(w[0].1 < w[1].1 && w[0].2 >= w[1].2, "depth {d}: {it:?}");
            }
        }
        let last: Vec<_> = lines.iter().filter(|l| l.0 == deepest).collect();
        assert!(last[0].2 > last[4].2, "the shorter wins first: {last:?}");
        let best = out
            .iter()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        assert!(best.starts_with(&last[0].3), "{best} {last:?}");
    }
}

#[test]
fn the_tree_probes_after_captures() {
    // Five pieces: not in the 4-piece tables, but every capture is.
    let fen = "8/8/4k3/8/2r5/8/1R6/2K1N3 w - - 0 1";
    let (_, hits, _, _) = search(fen, "go depth 8", TABLES);
    assert!(hits > 0);
    let (_, none, _, _) = search(fen, "go depth 8", "<empty>");
    assert_eq!(none, 0);
}

#[test]
fn bad_paths_are_reported_and_the_engine_plays_on() {
    let (_, hits, best, out) = search(
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "go depth 4",
        "/no/such/folder",
    );
    assert!(
        out.iter()
            .any(|l| l == "info string Syzygy: 0 table files, up to 0 pieces"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.contains("left out /no/such/folder: no such folder")),
        "{out:?}"
    );
    assert_eq!(hits, 0);
    assert!(!best.is_empty() && best != "0000");
}
