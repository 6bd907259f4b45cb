//! Whole-evaluation checks over many positions from seeded random playouts:
//! the trace adds up exactly to `evaluate`, the cache changes nothing, the
//! tuner's feature counts reproduce the total, and colours are symmetric.

use super::hce::{self, Params};
use super::{evaluate, trace, Evaluator, S};
use crate::chess::{legal_moves, Board};

/// xorshift64*: a tiny deterministic generator for test playouts.
pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// At least `n` positions from random games (every position of each game).
pub(crate) fn playout_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n + 400);
    while out.len() < n {
        let mut b = Board::startpos();
        for _ in 0..400 {
            out.push(b);
            let moves = legal_moves(&b);
            if moves.is_empty() || b.halfmove_clock() >= 100 {
                break;
            }
            // Prefer captures half the time so games reach endgames.
            let caps: Vec<_> = moves.iter().copied().filter(|m| m.is_capture()).collect();
            let m = if !caps.is_empty() && rng.next().is_multiple_of(2) {
                caps[(rng.next() % caps.len() as u64) as usize]
            } else {
                moves.as_slice()[(rng.next() % moves.len() as u64) as usize]
            };
            b = b.make(m);
        }
    }
    out
}

#[test]
fn trace_cache_features_and_symmetry_agree_over_playouts() {
    let positions = playout_positions(10_000, 0x7a91_2bd3_55c0_e1f7);
    assert!(positions.len() >= 10_000);
    let weights = Params::DEFAULT.to_vec();
    let mut ev = Evaluator::new();
    let (mut scaled, mut pawnless) = (0, 0);
    for b in &positions {
        let fen = b.to_fen();
        let e = evaluate(b);
        let t = trace(b);
        assert_eq!(t.score, e, "trace vs evaluate: {fen}");
        let sum: S = t.terms.iter().map(|x| x.white - x.black).sum();
        assert_eq!(sum, t.total, "{fen}");
        assert_eq!(ev.evaluate(b), e, "cached vs uncached: {fen}");

        let from_features: S = hce::coefficients(b)
            .iter()
            .map(|&(i, n)| weights[i] * n)
            .sum();
        assert_eq!(from_features, t.total, "features vs total: {fen}");

        let f = b.color_flipped();
        assert_eq!(evaluate(&f), e, "colour flip: {fen}");
        assert_eq!(ev.evaluate(&f), e, "colour flip, cached: {fen}");

        scaled += (t.scale != 64) as usize;
        pawnless += b.pieces(crate::chess::PieceType::Pawn).is_empty() as usize;
    }
    // The sample must exercise the drawish rules and pawnless endings too.
    assert!(scaled > 100, "only {scaled} scaled positions");
    assert!(pawnless > 50, "only {pawnless} pawnless positions");
}

#[test]
fn start_position_is_tempo_only() {
    let b = Board::startpos();
    let tempo = Params::DEFAULT.tempo;
    assert_eq!(evaluate(&b), tempo.mg() as i32);
    let t = trace(&b);
    assert_eq!(t.phase, 24);
    assert_eq!(t.total, tempo);
    for term in &t.terms {
        if term.name != "Tempo" {
            assert_eq!(term.white, term.black, "{}", term.name);
        }
    }
    let black_to_move =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(evaluate(&black_to_move), tempo.mg() as i32);
}

#[test]
fn material_edges_are_large() {
    // Black's queen is missing.
    let up_queen =
        Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(evaluate(&up_queen) > 800, "{}", evaluate(&up_queen));
    let from_black =
        Board::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert!(evaluate(&from_black) < -800);
    // A lone extra knight cannot mate: scaled to a draw.
    let kn = Board::from_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").unwrap();
    assert_eq!(evaluate(&kn), 0);
    // KQ vs K is winning.
    let kq = Board::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
    assert!(evaluate(&kq) < -900);
}

#[test]
fn advanced_free_passer_beats_blocked_one() {
    let free = Board::from_fen("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
    let blocked = Board::from_fen("1n2k3/1n6/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
    let t_free = trace(&free);
    let t_blocked = trace(&blocked);
    let passed = |t: &super::Trace| {
        t.terms
            .iter()
            .find(|x| x.name == "Passed pawns")
            .unwrap()
            .white
    };
    assert!(passed(&t_free).eg() > passed(&t_blocked).eg());
}
