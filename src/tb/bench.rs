//! The probe benchmark's positions and timing: random legal placements of
//! common 3- and 4-piece sets (the same for a seed), probed once to bring
//! the tables into memory, then timed. `tapir bench --syzygy` prints it.

use super::tables::Tablebases;
use crate::chess::Board;
use std::time::{Duration, Instant};

/// The material sets placed (White's pieces, then Black's).
const SETS: [(&str, &str); 10] = [
    ("KQ", "k"),
    ("KR", "k"),
    ("KP", "k"),
    ("KBN", "k"),
    ("KQ", "kr"),
    ("KR", "kp"),
    ("KP", "kp"),
    ("KR", "kr"),
    ("KQ", "kq"),
    ("KB", "kp"),
];

/// `n` positions the tables hold (fewer if they hold too few of them).
pub fn positions(tables: &Tablebases, n: usize, seed: u64) -> Vec<Board> {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut out = Vec::with_capacity(n);
    for _ in 0..n * 50 {
        if out.len() == n {
            break;
        }
        let (w, b) = SETS[(next() % SETS.len() as u64) as usize];
        let mut squares = [None; 64];
        for c in w.chars().chain(b.chars()) {
            let mut sq = (next() % 64) as usize;
            while squares[sq].is_some() || (c.eq_ignore_ascii_case(&'p') && !(8..56).contains(&sq))
            {
                sq = (next() % 64) as usize;
            }
            squares[sq] = Some(c);
        }
        let side = if next() % 2 == 0 { 'w' } else { 'b' };
        let fen = format!("{} {side} - - 0 1", placement(&squares));
        if let Ok(board) = Board::from_fen(&fen) {
            if tables.probe_wdl(&board).is_ok() {
                out.push(board);
            }
        }
    }
    out
}

/// Time per WDL probe over `rounds` passes of `boards` (after one pass
/// that is not timed), and the number of probes timed.
pub fn time_wdl(tables: &Tablebases, boards: &[Board], rounds: usize) -> (Duration, u64) {
    for b in boards {
        let _ = tables.probe_wdl(b);
    }
    let start = Instant::now();
    let mut probes = 0u64;
    for _ in 0..rounds {
        for b in boards {
            if tables.probe_wdl(std::hint::black_box(b)).is_ok() {
                probes += 1;
            }
        }
    }
    let per = start.elapsed() / (probes.max(1) as u32);
    (per, probes)
}

/// The FEN piece placement of `squares` (a1 = 0); the fixture test
/// builds its positions with it too.
pub fn placement(squares: &[Option<char>; 64]) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_in_the_tables_and_repeatable() {
        let (tb, _) = Tablebases::open(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy"));
        let a = positions(&tb, 50, 7);
        assert_eq!(a.len(), 50);
        assert_eq!(a, positions(&tb, 50, 7));
        let (_, probes) = time_wdl(&tb, &a, 1);
        assert_eq!(probes, 50);
    }
}
