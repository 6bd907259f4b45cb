//! The incremental NNUE paths against a full refresh: 1,000 seeded random
//! games (with random take-backs, as a search walks its tree) from positions
//! chosen to reach every move kind, king bucket changes and mirror crossings.
//! After every move the eagerly updated accumulator must equal a refresh from
//! scratch bit for bit; so must the lazy `NnueState` (evaluated at random
//! plies, so several moves are caught up at once, and given null moves) and,
//! in a quarter of the games, a scalar-kernel state, with equal evaluations.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::sync::Arc;
use tapir::chess::{legal_moves, Board, Move, MoveKind, PieceType};
use tapir::eval::nnue::features::KingView;
use tapir::eval::nnue::output::evaluate_with;
use tapir::eval::nnue::{Accumulator, Backend, FinnyTable, Network, NnueState};
use tapir::eval::phase::game_phase;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const STARTS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/8/4k3/8/2pP4/8/1K6/8 b - d3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/1p1p1p1p/8/2P1P1P1/8/8/8/4K3 b - - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1",
];

/// Counts of what the games went through, to prove the coverage.
#[derive(Default, Debug)]
struct Seen {
    quiet: u32,
    double_push: u32,
    capture: u32,
    en_passant: u32,
    king_castle: u32,
    queen_castle: u32,
    promotion: u32,
    promo_capture: u32,
    under_promotion: u32,
    bucket_change: [u32; 2],
    mirror_cross: [u32; 2],
    take_backs: u32,
    null_moves: u32,
    positions: u32,
}

impl Seen {
    fn record(&mut self, b: &Board, m: Move) {
        match m.kind() {
            MoveKind::Quiet => self.quiet += 1,
            MoveKind::DoublePush => self.double_push += 1,
            MoveKind::Capture => self.capture += 1,
            MoveKind::EnPassant => self.en_passant += 1,
            MoveKind::KingCastle => self.king_castle += 1,
            MoveKind::QueenCastle => self.queen_castle += 1,
            _ if m.is_capture() => self.promo_capture += 1,
            _ => self.promotion += 1,
        }
        if matches!(m.promotion(), Some(p) if p != PieceType::Queen) {
            self.under_promotion += 1;
        }
        let us = b.side_to_move();
        if b.piece_at(m.from()).map(|p| p.kind()) == Some(PieceType::King) {
            let (v0, v1) = (KingView::new(us, m.from()), KingView::new(us, m.to()));
            if v0.bucket() != v1.bucket() {
                self.bucket_change[us.index()] += 1;
            }
            if v0.is_mirrored() != v1.is_mirrored() {
                self.mirror_cross[us.index()] += 1;
            }
        }
    }
}

fn check(net: &Network, board: &Board, got: &Accumulator, what: &str, ctx: &str) {
    let want = Accumulator::from_board(net, Backend::scalar(), board);
    assert!(
        got == &want,
        "{what} differs from a full refresh at {} ({ctx})",
        board.to_fen()
    );
}

#[test]
fn incremental_equals_full_refresh_in_random_games() {
    let net = Arc::new(Network::random(2024));
    let best = Backend::detect();
    let mut rng = Rng(42);
    let mut seen = Seen::default();
    let mut cache = FinnyTable::new(&net);

    for game in 0..1000 {
        let root = Board::from_fen(STARTS[game % STARTS.len()]).unwrap();
        let mut lazy = NnueState::new(net.clone());
        lazy.reset(&root);
        let mut scalar =
            (game % 4 == 0).then(|| NnueState::with_backend(net.clone(), Backend::scalar()));
        if let Some(s) = &mut scalar {
            s.reset(&root);
        }
        // The path from the root: boards and their eagerly updated accumulators.
        let mut path = vec![(root, Accumulator::from_board(&net, best, &root))];
        let ctx = |ply: usize| format!("game {game}, ply {ply}");

        for ply in 0..30 {
            // Now and then take back one to three moves, as a search does.
            if path.len() > 3 && rng.below(8) == 0 {
                for _ in 0..1 + rng.below(3) {
                    path.pop();
                    lazy.pop();
                    if let Some(s) = &mut scalar {
                        s.pop();
                    }
                }
                seen.take_backs += 1;
            }
            let (board, acc) = path.last().copied().unwrap();
            // Now and then a null move, looked at and taken back at once.
            if !board.in_check() && rng.below(10) == 0 {
                let passed = board.make_null();
                lazy.push_null();
                let eval = lazy.evaluate(&passed);
                check(
                    &net,
                    &passed,
                    lazy.accumulator(&passed),
                    "null move",
                    &ctx(ply),
                );
                let phase = game_phase(&passed);
                let want = evaluate_with(best, &net, &acc, passed.side_to_move(), phase);
                assert_eq!(eval, want);
                lazy.pop();
                seen.null_moves += 1;
            }
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            seen.record(&board, m);
            let child = board.make(m);

            let mut next = Accumulator::default();
            next.update(&acc, &net, best, &mut cache, &board, m);
            check(&net, &child, &next, "eager update", &ctx(ply));

            lazy.push(&board, m);
            if let Some(s) = &mut scalar {
                s.push(&board, m);
            }
            path.push((child, next));
            seen.positions += 1;

            if rng.below(3) != 0 {
                let eval = lazy.evaluate(&child);
                check(
                    &net,
                    &child,
                    lazy.accumulator(&child),
                    "lazy state",
                    &ctx(ply),
                );
                let full = Accumulator::from_board(&net, Backend::scalar(), &child);
                let phase = game_phase(&child);
                let stm = child.side_to_move();
                assert_eq!(
                    eval,
                    evaluate_with(Backend::scalar(), &net, &full, stm, phase)
                );
                if let Some(s) = &mut scalar {
                    assert_eq!(s.evaluate(&child), eval, "scalar vs {}", best.name());
                    check(
                        &net,
                        &child,
                        s.accumulator(&child),
                        "scalar state",
                        &ctx(ply),
                    );
                }
            }
        }
    }

    println!("{seen:?}");
    let s = &seen;
    for (name, n) in [
        ("quiet", s.quiet),
        ("double push", s.double_push),
        ("capture", s.capture),
        ("en passant", s.en_passant),
        ("king-side castling", s.king_castle),
        ("queen-side castling", s.queen_castle),
        ("promotion", s.promotion),
        ("capturing promotion", s.promo_capture),
        ("under-promotion", s.under_promotion),
        ("white bucket change", s.bucket_change[0]),
        ("black bucket change", s.bucket_change[1]),
        ("white mirror crossing", s.mirror_cross[0]),
        ("black mirror crossing", s.mirror_cross[1]),
        ("take-back", s.take_backs),
        ("null move", s.null_moves),
    ] {
        assert!(n >= 5, "only {n} x {name} in the random games");
    }
}

/// The colour-flipped position is the same position for the side to move,
/// and a left-right mirror changes nothing (without castling rights).
#[test]
fn evaluation_is_symmetric() {
    let net = Arc::new(Network::random(5));
    let fens = [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ];
    let eval = |b: &Board| {
        let mut s = NnueState::new(net.clone());
        s.reset(b);
        s.evaluate(b)
    };
    for fen in fens {
        let b = Board::from_fen(fen).unwrap();
        assert_eq!(eval(&b), eval(&b.color_flipped()), "{fen}");
        let mirrored: String = {
            let (placement, rest) = fen.split_once(' ').unwrap();
            let ranks: Vec<String> = placement
                .split('/')
                .map(|r| r.chars().rev().collect())
                .collect();
            format!("{} {rest}", ranks.join("/"))
        };
        let m = Board::from_fen(&mirrored).unwrap();
        assert_eq!(eval(&b), eval(&m), "{fen} vs {mirrored}");
    }
    // The side to move matters: the same (asymmetric) placement, other side to move.
    let b = Board::from_fen(fens[0]).unwrap();
    let other = Board::from_fen(&fens[0].replace(" w ", " b ")).unwrap();
    assert_ne!(eval(&b), eval(&other));
}
