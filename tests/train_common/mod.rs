//! Helpers shared by the trainer's black-box tests: synthetic training data
//! from random playouts, labelled with a plain material count.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use tapir::chess::{legal_moves, Board, Color, PieceType};
use tapir::train::record::{GameResult, Record, RecordWriter};
use tapir::train::rng::Rng;

/// Material balance in centipawns from White's point of view.
pub fn material(b: &Board) -> i32 {
    const VALUE: [i32; 6] = [100, 300, 300, 500, 900, 0];
    PieceType::ALL
        .iter()
        .map(|&k| {
            VALUE[k.index()]
                * (b.colored(Color::White, k).count() as i32
                    - b.colored(Color::Black, k).count() as i32)
        })
        .sum()
}

/// `n` records from random playouts: score = material, result = its sign.
pub fn synthetic_records(n: usize, seed: u64) -> Vec<Record> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut b = Board::startpos();
        for _ in 0..rng.below(120) + 4 {
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            b = b.make(moves.as_slice()[rng.below(moves.len())]);
            if b.in_check() || rng.below(3) != 0 {
                continue;
            }
            let m = material(&b);
            let result = match m {
                m if m > 150 => GameResult::WhiteWin,
                m if m < -150 => GameResult::BlackWin,
                _ => GameResult::Draw,
            };
            out.push(Record::from_board(&b, m as i16, result).unwrap());
        }
    }
    out.truncate(n);
    out
}

/// A fresh scratch directory for one test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapir-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn write_records(path: &Path, records: &[Record]) {
    let mut w = RecordWriter::append(path).unwrap();
    for r in records {
        w.write(r).unwrap();
    }
    w.flush().unwrap();
}

/// Runs the tapir binary: (success, stdout, stderr).
pub fn run_tapir(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args(args)
        .output()
        .expect("run tapir");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
