//! The evaluation benchmarks behind `tapir eval --speed` and
//! `tapir eval --gain-bench`, over a fixed set of positions.

use crate::chess::{legal_moves, Bitboard, Board, Square};
use crate::eval::gain::{
    captured, captured_branchy, captured_mailbox, captured_scalar, victims, Captured, Victims,
};
use crate::eval::{evaluate, Evaluator};
use anyhow::{Context, Result};
use std::hint::black_box;
use std::time::Instant;

/// Fifty positions: openings, middlegames, endgames, drawish material.
pub const BENCH_FENS: [&str; 50] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbq1bnr/pp1kppp1/2pp3p/8/7N/8/PPPPPPPP/RNBQKB1R w KQ - 2 5",
    "rn1qkbnr/p1p1p1pp/5p2/1p1p4/6b1/PP1P4/2PBPPPP/RN1QKBNR w KQkq - 0 5",
    "rnbqkbnr/2ppp1pp/1p6/p4p2/PP6/N4P2/2PPP1PP/R1BQKBNR w KQkq - 0 5",
    "rnb1k1nr/pppp1ppp/4p3/b7/3P3q/2N4N/PPP1PPPP/R1BQKB1R w KQkq - 1 5",
    "rnbqkb1r/pp2ppp1/2pp3n/7p/3P3N/8/PPP1PPPP/RNBQKB1R w KQkq - 0 5",
    "rnbqkb2/ppp1pppr/5n2/1N1p3p/8/6PP/PPPPPP2/R1BQKBNR w KQq - 0 5",
    "rnbqk1nr/pp1pp1bp/5pp1/2p5/8/1PP1PP2/P2P2PP/RNBQKBNR w KQkq - 1 5",
    "rnb1kbnr/p1pqp1pp/1p6/3p1pP1/8/NP6/P1PPPP1P/R1BQKBNR w KQkq - 1 5",
    "r1b1kbnr/ppp1p1pp/2nq1p2/3p4/1P6/2QP4/P1P1PPPP/RNB1KBNR w KQkq - 0 5",
    "r1bqkb1r/ppp1ppp1/2np1n1p/8/1QP5/6P1/PP1PPP1P/RNB1KBNR w KQkq - 0 5",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQ1RK1 w - - 0 7",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bqr1k1/pp3pbp/2np1np1/2p1p3/2P1P3/2NP1NP1/PP3PBP/R1BQR1K1 w - - 0 10",
    "2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PNBPN2/PB3PPP/2RQ1RK1 w - - 0 12",
    "r1b2rk1/2q1bppp/p2ppn2/1p4B1/3NPP2/2N2Q2/PPP3PP/2KR1B1R w - - 0 12",
    "r3r1k1/pp1q1ppp/2pb1n2/3p4/3P4/2NBP3/PPQ2PPP/R4RK1 w - - 0 15",
    "3r2k1/pp3ppp/2p1b3/4P3/2P5/1P3N2/P4PPP/3R2K1 w - - 0 22",
    "2r3k1/5ppp/p3p3/1p1pP3/3P4/P3KP2/1P4PP/2R5 w - - 0 28",
    "8/5pk1/6p1/7p/7P/6P1/5PK1/8 w - - 0 40",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 50",
    "8/8/8/3k4/8/2B5/1P2K3/8 w - - 0 50",
    "6k1/5p2/6p1/8/2b5/6P1/1B3PK1/8 w - - 0 40",
    "8/5k2/8/8/8/8/3RK3/8 w - - 0 60",
    "8/8/3k4/8/8/3NK3/8/8 w - - 0 60",
    "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
    "8/1p3k2/p1p5/2P1p3/1P2P3/P4K2/8/8 w - - 0 45",
    "2k5/8/1PK5/8/8/8/8/8 w - - 0 60",
    "6k1/8/6K1/6P1/8/8/8/8 w - - 0 60",
    "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 30",
    "8/8/8/8/4q3/5k2/8/7K b - - 0 80",
    "8/3k4/8/2n5/8/8/4NK2/8 w - - 0 70",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/p4pk1/1p4p1/2p4p/2P4P/1P4P1/P4PK1/8 w - - 0 35",
    "8/1n4N1/2k5/8/8/5K2/1N4n1/8 w - - 0 1",
    "7k/RR6/8/8/8/8/rr6/7K w - - 0 1",
    "K7/8/8/3Q4/4q3/8/8/7k b - - 0 1",
    "3k4/3pp3/8/8/8/8/3PP3/3K4 b - - 0 1",
    "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
    "1rbqkb1r/pp1ppppp/n6n/2p5/3P1P2/P7/1PP1P1PP/RNBQKBNR w KQk - 1 5",
    "r2qkbnr/pbppp1pp/np3p2/8/7P/N7/PPPPPPP1/1RBQKBNR w Kkq - 1 5",
];

pub fn positions() -> Result<Vec<Board>> {
    BENCH_FENS
        .iter()
        .map(|f| Board::from_fen(f).with_context(|| format!("bench FEN '{f}'")))
        .collect()
}

/// ns per call of `f` (one run of `f` makes `calls` calls): the fastest of
/// many short batches run for about `millis` in all. Each batch is far
/// shorter than a scheduler time slice, so the minimum is the time of a
/// batch that was not preempted; on a shared machine the mean is not.
fn time_per_call(calls: usize, millis: u128, mut f: impl FnMut() -> i64) -> f64 {
    // Warm up (fills caches, the pawn table included).
    black_box(f());
    let start = Instant::now();
    let mut best = f64::MAX;
    let mut sink = 0i64;
    while start.elapsed().as_millis() < millis {
        let t = Instant::now();
        for _ in 0..4 {
            sink = sink.wrapping_add(f());
        }
        best = best.min(t.elapsed().as_nanos() as f64 / (4 * calls) as f64);
    }
    black_box(sink);
    best
}

/// ns per static evaluation, with the pawn cache hit, without any cache,
/// and for the full trace.
pub fn speed(boards: &[Board]) {
    let n = boards.len();
    let mut ev = Evaluator::new();
    let hit = time_per_call(n, 1000, || {
        boards
            .iter()
            .map(|b| ev.evaluate(black_box(b)) as i64)
            .sum()
    });
    let nocache = time_per_call(n, 1000, || {
        boards.iter().map(|b| evaluate(black_box(b)) as i64).sum()
    });
    let traced = time_per_call(n, 500, || {
        boards
            .iter()
            .map(|b| crate::eval::trace(black_box(b)).score as i64)
            .sum()
    });
    let checksum: i64 = boards.iter().map(|b| evaluate(b) as i64).sum();
    outln!("Static evaluation over {n} positions (checksum {checksum}), best batch:");
    outln!("  Evaluator::evaluate, pawn hash hit : {hit:8.1} ns/eval");
    outln!("  eval::evaluate, no pawn hash       : {nocache:8.1} ns/eval");
    outln!("  eval::trace (full per-term trace)  : {traced:8.1} ns/trace");
}

/// ns per call of the four ways to find what a capture takes, over every
/// capture target (and every other enemy-occupied square) of the positions.
pub fn gain(boards: &[Board]) {
    // (board index, target square) pairs in a fixed shuffled order, so the
    // branch chain cannot learn the sequence.
    let mut items: Vec<(usize, Square)> = Vec::new();
    for (i, b) in boards.iter().enumerate() {
        for m in legal_moves(b).iter() {
            items.push((i, m.to()));
        }
    }
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in (1..items.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        items.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let vics: Vec<Victims> = boards
        .iter()
        .map(|b| victims(b, !b.side_to_move()))
        .collect();
    let n = items.len();
    let val = |c: Captured| c.value as i64;

    let mailbox = time_per_call(n, 500, || {
        items
            .iter()
            .map(|&(i, sq)| {
                let b = &boards[i];
                val(captured_mailbox(b, black_box(sq), !b.side_to_move()))
            })
            .sum()
    });
    let branchy = time_per_call(n, 500, || {
        items
            .iter()
            .map(|&(i, sq)| {
                val(captured_branchy(
                    black_box(Bitboard::from_square(sq)),
                    &vics[i],
                ))
            })
            .sum()
    });
    let scalar = time_per_call(n, 500, || {
        items
            .iter()
            .map(|&(i, sq)| {
                val(captured_scalar(
                    black_box(Bitboard::from_square(sq)),
                    &vics[i],
                ))
            })
            .sum()
    });
    let simd = time_per_call(n, 500, || {
        items
            .iter()
            .map(|&(i, sq)| val(captured(black_box(Bitboard::from_square(sq)), &vics[i])))
            .sum()
    });
    let captures = items
        .iter()
        .filter(|&&(i, sq)| {
            captured_mailbox(&boards[i], sq, !boards[i].side_to_move())
                .kind
                .is_some()
        })
        .count();
    outln!("Capture gain over {n} move targets ({captures} captures), ns per call, best batch:");
    outln!("  board array (mailbox) lookup : {mailbox:6.2} ns");
    outln!("  branch chain                 : {branchy:6.2} ns");
    outln!("  scalar branch-free           : {scalar:6.2} ns");
    outln!(
        "  {:<29}: {simd:6.2} ns",
        if cfg!(target_arch = "x86_64") {
            "SSE2 branch-free"
        } else {
            "branch-free (no SSE2 here)"
        }
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn bench_positions_are_valid() {
        assert_eq!(super::positions().unwrap().len(), 50);
    }
}
