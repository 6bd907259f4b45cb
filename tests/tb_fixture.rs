//! tapir's Syzygy probes against python-chess's independent prober: the
//! answers `scripts/tb_fixture.py` wrote for 10,000 random positions of
//! every 3- and 4-piece set, en-passant and castling positions, and every
//! legal placement of KQvK.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::Board;
use tapir::tb::bench::placement;
use tapir::tb::{Tablebases, TbError, Wdl};

fn tables() -> Tablebases {
    let (tb, report) = Tablebases::open(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"));
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    tb
}

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn random_ep_and_castling_positions_match_python_chess() {
    let tb = tables();
    let text = read("tb_fixture.txt");
    let (mut checked, mut ep, mut castling) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split(';').collect();
        let board = Board::from_fen(f[0]).unwrap_or_else(|e| panic!("{line}: {e:?}"));
        if f[1] == "-" {
            assert_eq!(tb.probe_wdl(&board), Err(TbError::Castling), "{line}");
            assert_eq!(tb.probe_dtz(&board), Err(TbError::Castling), "{line}");
            castling += 1;
            continue;
        }
        let wdl = tb
            .probe_wdl(&board)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(wdl.signum2().to_string(), f[1], "WDL of {line}");
        let dtz = tb
            .probe_dtz(&board)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(dtz.plies.to_string(), f[2], "DTZ of {line}");
        ep += usize::from(board.legal_ep_square().is_some());
        checked += 1;
    }
    assert!(checked >= 10_000, "{checked}");
    assert!(ep >= 300, "{ep}");
    assert_eq!(castling, 50);
}

#[test]
fn every_kqvk_position_matches_python_chess() {
    let tb = tables();
    let text = read("tb_kqvk.txt");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * 64 * 64);
    let mut checked = 0;
    for (i, row) in lines.iter().enumerate() {
        let (stm, wk, bk) = (i / 4096, i / 64 % 64, i % 64);
        for (wq, c) in row.bytes().enumerate() {
            if c == b'.' {
                continue;
            }
            let mut squares = [None; 64];
            squares[wk] = Some('K');
            squares[bk] = Some('k');
            squares[wq] = Some('Q');
            let fen = format!(
                "{} {} - - 0 1",
                placement(&squares),
                if stm == 0 { 'w' } else { 'b' }
            );
            let board = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            let (wdl, dtz) = match c {
                b'=' => (Wdl::Draw, 0),
                b'A'..=b'Z' => (Wdl::Win, i32::from(c - 0x40)),
                _ => (Wdl::Loss, -i32::from(c - 0x60)),
            };
            assert_eq!(tb.probe_wdl(&board), Ok(wdl), "{fen}");
            assert_eq!(tb.probe_dtz(&board).map(|d| d.plies), Ok(dtz), "{fen}");
            checked += 1;
        }
    }
    // Every legal placement (python-chess's is_valid) was probed.
    assert!(checked > 300_000, "{checked}");
}
