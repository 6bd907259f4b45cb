//! Differential test against shakmaty (a dev-dependency only). Random
//! playouts from every position of the perft suite visit over 100,000
//! positions; in each, tapir and shakmaty must agree on the legal moves, the
//! SAN of every move, the FEN, the legal en-passant square and the check,
//! mate and stalemate flags. Along the way tapir's own invariants are
//! checked: the incremental hashes equal recomputed ones after every move,
//! FEN round trips give back the identical board, unmake restores it, the
//! noisy/quiet generators split the legal moves, and `is_legal` accepts
//! exactly the legal moves.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use tapir::chess::perft::parse_suite_line;
use tapir::chess::{
    legal_moves, noisy_moves, parse_move, parse_san, parse_uci, quiet_moves, to_san, Board, Move,
    MoveKind, Position,
};

/// Positions to visit (about 5 s in release on a busy 2-core machine).
const POSITIONS: usize = 100_000;

/// A small seeded PRNG (SplitMix64): the same playouts on every run.
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

/// What the playouts met, so the test can insist it saw every rule at work.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    checks: usize,
    mates: usize,
    stalemates: usize,
    en_passant: usize,
    legal_ep_squares: usize,
    castles: usize,
    promotions: usize,
}

fn uci_of(m: &shakmaty::Move) -> String {
    UciMove::from_move(*m, CastlingMode::Standard).to_string()
}

fn shakmaty_position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("shakmaty parses the FEN");
    match fen.into_position(CastlingMode::Standard) {
        Ok(p) => p,
        Err(e) => e
            .ignore_impossible_check()
            .expect("shakmaty accepts the position"),
    }
}

/// One legal move in both libraries, and tapir's board after it.
#[derive(Clone)]
struct Cand {
    m: Move,
    tm: shakmaty::Move,
    child: Board,
}

/// Every check on one position; returns the legal moves in both libraries
/// (so the caller can play the same move in both).
fn compare(b: &Board, sp: &Chess, seen: &mut Seen) -> Vec<Cand> {
    let fen = b.to_fen();
    let ctx = || format!("in {fen}");
    seen.positions += 1;

    // FEN: shakmaty prints the e.p. square after every double push in
    // "Always" mode, as tapir does; the parse gives back the identical board.
    let theirs_fen = Fen::from_position(sp, EnPassantMode::Always).to_string();
    assert_eq!(fen, theirs_fen, "FEN differs");
    let reparsed = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{e} {}", ctx()));
    assert_eq!(&reparsed, b, "FEN round trip changes the board {}", ctx());
    assert_eq!(reparsed.to_fen(), fen);

    // The e.p. square that enters the hash: only with a legal capture.
    assert_eq!(
        b.legal_ep_square().map(|s| s.to_string()),
        sp.legal_ep_square().map(|s| s.to_string()),
        "legal e.p. square {}",
        ctx()
    );
    seen.legal_ep_squares += b.legal_ep_square().is_some() as usize;

    assert_eq!(b.keys(), b.compute_keys(), "hash {}", ctx());

    // Legal moves as sets of UCI strings.
    let ours = legal_moves(b);
    let theirs = sp.legal_moves();
    let mut ours_uci: Vec<String> = ours.iter().map(|m| m.to_string()).collect();
    let mut theirs_uci: Vec<String> = theirs.iter().map(uci_of).collect();
    ours_uci.sort();
    theirs_uci.sort();
    assert_eq!(ours_uci, theirs_uci, "legal moves {}", ctx());

    // Flags.
    assert_eq!(b.in_check(), sp.is_check(), "check {}", ctx());
    assert_eq!(b.is_checkmate(), sp.is_checkmate(), "mate {}", ctx());
    assert_eq!(b.is_stalemate(), sp.is_stalemate(), "stalemate {}", ctx());
    assert_eq!(
        b.is_insufficient_material(),
        sp.is_insufficient_material(),
        "insufficient material {}",
        ctx()
    );
    seen.checks += b.in_check() as usize;
    seen.mates += b.is_checkmate() as usize;
    seen.stalemates += b.is_stalemate() as usize;

    // Noisy and quiet moves split the legal moves exactly.
    let noisy = noisy_moves(b);
    let quiet = quiet_moves(b);
    assert_eq!(
        noisy.len() + quiet.len(),
        ours.len(),
        "noisy + quiet {}",
        ctx()
    );
    for m in &noisy {
        assert!(m.is_noisy() && ours.contains(*m), "noisy {m} {}", ctx());
    }
    for m in &quiet {
        assert!(!m.is_noisy() && ours.contains(*m), "quiet {m} {}", ctx());
    }

    // Every move: SAN both ways, UCI parsing, hashes after it, unmake.
    let mut pos = Position::new(*b);
    let mut pairs = Vec::with_capacity(theirs.len());
    for tm in theirs.iter() {
        let uci = uci_of(tm);
        let m = *ours
            .iter()
            .find(|m| m.to_string() == uci)
            .expect("same move sets");
        assert_eq!(m.is_noisy(), tm.is_capture() || tm.is_promotion(), "{uci}");
        let san = to_san(b, m);
        let their_san = SanPlus::from_move(sp.clone(), *tm).to_string();
        assert_eq!(san, their_san, "SAN of {uci} {}", ctx());
        assert_eq!(parse_san(b, &san), Ok(m), "parse_san {san} {}", ctx());
        assert_eq!(parse_move(b, &san), Ok(m), "parse_move {san} {}", ctx());
        assert_eq!(parse_uci(b, &uci), Ok(m), "parse_uci {uci} {}", ctx());
        assert!(b.is_legal(m), "is_legal {uci} {}", ctx());

        pos.make(m);
        let child = *pos.board();
        assert_eq!(
            child.keys(),
            child.compute_keys(),
            "hash after {uci} {}",
            ctx()
        );
        assert_eq!(child, b.make(m));
        // The search's check test without making the move agrees.
        assert_eq!(
            tapir::search::check::CheckInfo::new(b).gives_check(b, m),
            child.in_check(),
            "gives_check {uci} {}",
            ctx()
        );
        pos.unmake();
        assert_eq!(pos.board(), b, "unmake of {uci} {}", ctx());

        seen.moves += 1;
        seen.en_passant += m.is_en_passant() as usize;
        seen.castles += m.is_castle() as usize;
        seen.promotions += m.is_promotion() as usize;
        pairs.push(Cand { m, tm: *tm, child });
    }
    pairs
}

/// `is_legal` on arbitrary 16-bit moves agrees with the legal move list.
fn check_is_legal_on_noise(b: &Board, rng: &mut Rng) {
    let legal = legal_moves(b);
    for _ in 0..8 {
        let m = Move::from_raw(rng.next() as u16);
        assert_eq!(b.is_legal(m), legal.contains(m), "is_legal({m:?})");
    }
    // Moves of the right shape for another position: a move of this list
    // with its kind bits changed.
    for &m in legal.iter().take(4) {
        let other = Move::from_raw(m.raw() ^ ((rng.next() as u16 & 15) << 12));
        assert_eq!(b.is_legal(other), legal.contains(other), "{other:?}");
    }
}

/// A random move, biased towards what uniform play rarely reaches: taking
/// en passant, pushes that allow it, mates, stalemates and checks, and
/// otherwise "eventful" moves (captures, promotions, double pushes,
/// castling), so that the playouts cover every rule many times.
fn pick<'a>(cands: &'a [Cand], rng: &mut Rng) -> &'a Cand {
    type Want = fn(&Cand) -> bool;
    let wants: [(Want, usize); 5] = [
        (|c| c.m.is_en_passant(), 2),
        (|c| c.child.legal_ep_square().is_some(), 2),
        (|c| c.child.is_checkmate() || c.child.is_stalemate(), 2),
        (|c| c.child.in_check(), 4),
        (
            |c| c.m.is_noisy() || c.m.is_castle() || c.m.kind() == MoveKind::DoublePush,
            3,
        ),
    ];
    for (want, one_in) in wants {
        let fits: Vec<&Cand> = cands.iter().filter(|c| want(c)).collect();
        if !fits.is_empty() && rng.below(one_in) == 0 {
            return fits[rng.below(fits.len())];
        }
    }
    &cands[rng.below(cands.len())]
}

#[test]
fn playouts_agree_with_shakmaty() {
    let suite: Vec<String> = include_str!("data/perftsuite.epd")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_suite_line(l).unwrap().fen)
        .collect();
    let mut rng = Rng(0x7A91_5EED_2026_0001);
    let mut seen = Seen::default();
    let per_start = POSITIONS.div_ceil(suite.len());

    for fen in &suite {
        let start_seen = seen.positions;
        while seen.positions - start_seen < per_start {
            let mut pos = Position::from_fen(fen).unwrap();
            let mut sp = shakmaty_position(fen);
            let mut path = vec![*pos.board()];
            let length = 10 + rng.below(150);
            for _ in 0..length {
                let b = *pos.board();
                let pairs = compare(&b, &sp, &mut seen);
                check_is_legal_on_noise(&b, &mut rng);
                if pairs.is_empty() {
                    break;
                }
                let c = pick(&pairs, &mut rng).clone();
                pos.make(c.m);
                sp.play_unchecked(c.tm);
                path.push(*pos.board());
            }
            // Taking every move back walks the same boards in reverse.
            path.pop();
            while let Some(expected) = path.pop() {
                pos.unmake();
                assert_eq!(pos.board(), &expected);
            }
            assert_eq!(pos.ply(), 0);
        }
    }

    eprintln!("{seen:?}");
    assert!(seen.positions >= POSITIONS, "{seen:?}");
    // The playouts must have exercised every special rule (the counts are
    // deterministic: the seed is fixed and moves are drawn in shakmaty's order).
    let min = POSITIONS / 4000;
    for (what, n) in [
        ("checks", seen.checks),
        ("mates", seen.mates),
        ("stalemates", seen.stalemates),
        ("en passant captures", seen.en_passant),
        ("legal e.p. squares", seen.legal_ep_squares),
        ("castling moves", seen.castles),
        ("promotions", seen.promotions),
    ] {
        assert!(n >= min, "only {n} {what}: {seen:?}");
    }
}
