//! Search behaviour: mates found with the right distance, draws by rule and
//! by repetition, distinct ordered MultiPV lines, legal moves even with a
//! hash table full of garbage, and a deterministic bench signature.

use super::*;
use crate::chess::{legal_moves, parse_move, Board, Move, Position};
use std::sync::Arc;
use std::time::Duration;

/// Searches `board` (with `history` hashes) and returns the outcome and
/// every report.
fn search_with(
    board: Board,
    history: Vec<u64>,
    limits: Limits,
    multipv: usize,
    threads: usize,
) -> (SearchOutcome, Vec<SearchInfo>) {
    let tt = Arc::new(Tt::new(4).unwrap());
    let mut workers: Vec<Worker> = (0..threads).map(|i| Worker::new(i, tt.clone())).collect();
    let ctl = Arc::new(Control::new(threads, false));
    let job = SearchJob {
        board,
        history,
        limits,
        multipv,
        overhead: Duration::ZERO,
        elo: None,
        tb: None,
    };
    let mut infos = Vec::new();
    let out = run_search(&mut workers, &tt, &ctl, &job, &mut |i| infos.push(i));
    (out, infos)
}

fn search(fen: &str, depth: u32) -> (SearchOutcome, Vec<SearchInfo>) {
    search_with(
        Board::from_fen(fen).unwrap(),
        Vec::new(),
        Limits::depth(depth),
        1,
        1,
    )
}

fn last_score(infos: &[SearchInfo]) -> Score {
    infos.last().expect("at least one report").score
}

/// Plays every PV in the reports to check each move is legal in turn.
fn assert_pvs_legal(board: &Board, infos: &[SearchInfo]) {
    for info in infos {
        let mut b = *board;
        for &m in &info.pv {
            assert!(b.is_legal(m), "illegal {m} in pv {:?}", info.pv);
            b = b.make(m);
        }
    }
}

#[test]
fn finds_mate_in_one_and_two() {
    let (out, infos) = search("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4);
    assert_eq!(out.best.unwrap().to_string(), "d1d8");
    assert_eq!(last_score(&infos), Score::Mate(1));

    let (out, infos) = search("k7/8/2K5/8/8/8/8/7R w - - 0 1", 6);
    assert_eq!(out.best.unwrap().to_string(), "c6b6");
    assert_eq!(last_score(&infos), Score::Mate(2));

    let fen = "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1";
    let (out, infos) = search(fen, 6);
    assert_eq!(out.best.unwrap().to_string(), "g2g1");
    assert_eq!(last_score(&infos), Score::Mate(2));
    assert_pvs_legal(&Board::from_fen(fen).unwrap(), &infos);
}

#[test]
fn mated_side_sees_negative_mate_and_go_mate_stops() {
    // Black to move is mated next move whatever it does.
    let (_, infos) = search("k7/8/1K6/8/8/8/8/6R1 b - - 0 1", 5);
    assert_eq!(last_score(&infos), Score::Mate(-1));
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let board = Board::from_fen("k7/8/2K5/8/8/8/8/7R w - - 0 1").unwrap();
    let (out, infos) = search_with(board, Vec::new(), limits, 1, 1);
    assert_eq!(out.best.unwrap().to_string(), "c6b6");
    assert_eq!(last_score(&infos), Score::Mate(2));
}

#[test]
fn no_legal_move_gives_no_best_move() {
    // Stalemate: one depth-0 report of a draw score, no move.
    let (out, infos) = search("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5);
    assert!(out.best.is_none());
    assert_eq!(infos.len(), 1);
    assert_eq!((infos[0].depth, infos[0].score), (0, Score::Cp(0)));
    assert!(infos[0].pv.is_empty());
    // Mated: mate 0.
    let (out, infos) = search("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 5);
    assert!(out.best.is_none());
    assert_eq!(last_score(&infos), Score::Mate(0));
}

#[test]
fn draws_by_rule() {
    // Bare bishop: nothing to win.
    let (_, infos) = search("8/8/4k3/8/8/3BK3/8/8 w - - 0 1", 6);
    assert_eq!(last_score(&infos), Score::Cp(0));
    // A queen down, but any move reaches the 100th half-move.
    let (_, infos) = search("7k/8/8/8/8/8/q7/7K w - - 99 80", 6);
    assert_eq!(last_score(&infos), Score::Cp(0));
    // The same position with a fresh clock is lost.
    let (_, infos) = search("7k/8/8/8/8/8/q7/7K w - - 0 80", 6);
    assert!(matches!(last_score(&infos), Score::Cp(s) if s < -300));
}

#[test]
fn repetition_with_game_history_is_a_draw() {
    let mut pos = Position::from_fen("7k/8/8/8/8/8/q7/7K w - - 0 1").unwrap();
    let mut history = Vec::new();
    for mv in ["Kg1", "Qa3", "Kh1", "Qa2"] {
        history.push(pos.board().hash());
        let m = parse_move(pos.board(), mv).unwrap();
        pos.make(m);
    }
    // Kg1 now repeats the position after the first move: the only legal
    // moves are Kg1 (repeats) and none else, so the score is a draw.
    let (out, infos) = search_with(*pos.board(), history, Limits::depth(6), 1, 1);
    assert_eq!(out.best.unwrap().to_string(), "h1g1");
    assert_eq!(last_score(&infos), Score::Cp(0));
}

#[test]
fn multipv_lines_are_distinct_and_ordered() {
    let board = Board::startpos();
    let (_, infos) = search_with(board, Vec::new(), Limits::depth(5), 4, 1);
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 5).collect();
    assert_eq!(last.len(), 4);
    let firsts: std::collections::HashSet<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 4);
    for (k, i) in last.iter().enumerate() {
        assert_eq!(i.multipv, k + 1);
    }
    let cp = |s: Score| match s {
        Score::Cp(c) => c,
        Score::Mate(m) => 100_000 * m.signum(),
    };
    for w in last.windows(2) {
        assert!(cp(w[0].score) >= cp(w[1].score));
    }
    assert_pvs_legal(&board, &infos);
    // More lines than moves: one line per legal move.
    let (_, infos) = search_with(
        Board::from_fen("k7/8/1K6/8/8/8/8/6R1 b - - 0 1").unwrap(),
        Vec::new(),
        Limits::depth(3),
        10,
        1,
    );
    assert!(infos.iter().all(|i| i.multipv <= 2));
}

#[test]
fn searchmoves_restricts_the_root() {
    let board = Board::startpos();
    let a3 = parse_move(&board, "a3").unwrap();
    let limits = Limits {
        depth: Some(4),
        searchmoves: vec![a3],
        ..Limits::default()
    };
    let (out, _) = search_with(board, Vec::new(), limits, 1, 1);
    assert_eq!(out.best, Some(a3));
}

#[test]
fn garbage_in_the_hash_table_never_yields_illegal_moves() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let mut seed = 0x1234_5678_9ABC_DEF1u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for fen in fens {
        let board = Board::from_fen(fen).unwrap();
        let tt = Arc::new(Tt::new(1).unwrap());
        // Poison the root and every position two plies down with random
        // moves, scores and bounds.
        let mut boards = vec![board];
        for m in legal_moves(&board).iter() {
            let b1 = board.make(*m);
            boards.push(b1);
            for m2 in legal_moves(&b1).iter() {
                boards.push(b1.make(*m2));
            }
        }
        for b in &boards {
            let r = rand();
            let bound =
                [tt::TtBound::Upper, tt::TtBound::Lower, tt::TtBound::Exact][(r % 3) as usize];
            tt.store(
                b.hash(),
                Move::from_raw((r >> 8) as u16),
                ((r >> 24) % 2000) as i32 - 1000,
                0,
                ((r >> 40) % 3) as i32,
                bound,
                false,
            );
        }
        let mut workers = vec![Worker::new(0, tt.clone())];
        let ctl = Arc::new(Control::new(1, false));
        let job = SearchJob {
            board,
            history: Vec::new(),
            limits: Limits::depth(5),
            multipv: 1,
            overhead: Duration::ZERO,
            elo: None,
            tb: None,
        };
        let mut infos = Vec::new();
        let out = run_search(&mut workers, &tt, &ctl, &job, &mut |i| infos.push(i));
        assert!(board.is_legal(out.best.unwrap()), "{fen}");
        if let Some(p) = out.ponder {
            assert!(board.make(out.best.unwrap()).is_legal(p));
        }
        assert_pvs_legal(&board, &infos);
    }
}

#[test]
fn two_threads_and_node_limit_give_legal_moves() {
    let board =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let (out, infos) = search_with(board, Vec::new(), Limits::depth(6), 1, 2);
    assert!(board.is_legal(out.best.unwrap()));
    assert_pvs_legal(&board, &infos);
    let limits = Limits {
        nodes: Some(3000),
        ..Limits::default()
    };
    let (out, _) = search_with(board, Vec::new(), limits, 1, 1);
    assert!(board.is_legal(out.best.unwrap()));
    assert!(out.nodes < 3000 + 1024);
}

#[test]
fn bench_signature_is_deterministic() {
    let a = bench::run(4, &mut |_| {}).unwrap().nodes;
    let b = bench::run(4, &mut |_| {}).unwrap().nodes;
    assert_eq!(a, b);
    assert!(a > 0);
}
