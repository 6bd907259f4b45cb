//! Lines of play as an explanation uses them: followed from a position to
//! a quiet one (no check, the last move no capture or promotion), so a
//! trace is not read in the middle of an exchange; and written in SAN with
//! move numbers.

use super::params::LINE_QUIET_PLIES;
use crate::chess::{legal_moves, to_san, Board, Color, Move, MoveKind, PieceType};
use crate::search::see::see_ge;

/// The first moves of `line` from `start` up to its first quiet position
/// after at least `min_plies` plies (or its end, or `LINE_QUIET_PLIES`
/// more), and the position there: no capture, promotion or check just
/// played, and no next move of the line that takes a piece which cannot
/// be taken back. A line that runs out in the middle of an exchange (a
/// search's line cut short: "15.axb5" with ...cxb5 to come) goes on with
/// the captures that settle it (`settling_captures`), so that no trace
/// counts a piece taken that is about to be taken back.
pub fn to_quiet(start: &Board, line: &[Move], min_plies: usize) -> (Vec<Move>, Board) {
    let mut b = *start;
    let mut taken = Vec::new();
    for (k, &m) in line.iter().enumerate().take(min_plies + LINE_QUIET_PLIES) {
        if !b.is_legal(m) {
            break;
        }
        let noisy = m.is_capture() || m.is_promotion();
        b = b.make(m);
        taken.push(m);
        // A position whose next move in the line takes a piece that
        // cannot be taken back is not quiet: the piece stands hanging.
        let hanging = (line.get(k + 1)).is_some_and(|&n| {
            n.is_capture() && b.is_legal(n) && see_ge(&b, n, 1) && !can_take_back(&b, n)
        });
        if taken.len() >= min_plies && !noisy && !b.in_check() && !hanging {
            break;
        }
    }
    // Only the whole line run out on a capture (a quiet end is no
    // capture; a line cut for length or an illegal move is not run out).
    if taken.len() == line.len() && taken.last().is_some_and(|m| m.is_capture()) {
        for m in settling_captures(&b, LINE_QUIET_PLIES) {
            b = b.make(m);
            taken.push(m);
        }
    }
    (taken, b)
}

/// A mate, in `settle`'s material units: worse than any loss of pieces.
const SETTLE_MATED: i32 = -1000;

/// The captures that settle an exchange from `b`, best play by material
/// for both sides: the recapture, what the exchange left hanging (5.Nxe5
/// dxe5 and the queen takes the bishop the knight had pinned: 6.Qxg4), or
/// nothing when taking loses. Either side may stop taking; in check every
/// evasion counts. A small search rather than a greedy guess: taking back
/// 12.Rxe5 at once would leave the queens to 12...Qxd1+, where 12.Qxd8
/// Rxd8 13.Rxe5 trades them first (a report read "White ends a queen
/// down" from the guess).
fn settling_captures(b: &Board, plies: usize) -> Vec<Move> {
    let mut pv = Vec::new();
    let mut budget = SETTLE_NODES;
    settle(
        b,
        plies,
        SETTLE_MATED - 1,
        -SETTLE_MATED + 1,
        &mut pv,
        &mut budget,
    );
    pv
}

/// The most positions `settling_captures` looks at: a crowded board full
/// of captures is settled as far as this allows (a few milliseconds).
const SETTLE_NODES: u32 = 20_000;

/// The material balance from the side to move's view (FACT_VALUE; the
/// kings cancel).
fn material(b: &Board) -> i32 {
    let us = b.side_to_move();
    let mut sum = 0;
    for kind in PieceType::ALL {
        let n = |c: Color| b.colored(c, kind).count() as i32;
        sum += super::tactics::worth(kind) * (n(us) - n(!us));
    }
    sum
}

/// Negamax over captures and queen promotions (every move in check) with
/// alpha-beta: the score from the side to move's view, the best line in
/// `pv`. Standing still scores the material as it is; a capture must do
/// better, so an even trade is not played out. Each position spends one
/// of `budget`; with none left, the material stands.
fn settle(
    b: &Board,
    plies: usize,
    mut alpha: i32,
    beta: i32,
    pv: &mut Vec<Move>,
    budget: &mut u32,
) -> i32 {
    pv.clear();
    *budget = budget.saturating_sub(1);
    let in_check = b.in_check();
    let moves = legal_moves(b);
    if in_check && moves.is_empty() {
        return SETTLE_MATED;
    }
    let standing = material(b);
    if !in_check {
        if standing >= beta {
            return standing;
        }
        alpha = alpha.max(standing);
    }
    if plies == 0 || *budget == 0 {
        return standing;
    }
    let gain = |m: &Move| {
        let victim = match b.piece_at(m.to()) {
            Some(p) => super::tactics::worth(p.kind()),
            None if m.is_en_passant() => super::tactics::worth(PieceType::Pawn),
            None => 0,
        };
        let promoted = m.promotion().map_or(0, |k| super::tactics::worth(k) - 1);
        let mover = b
            .piece_at(m.from())
            .map_or(0, |p| super::tactics::worth(p.kind()));
        (victim + promoted, -mover)
    };
    let mut tried: Vec<Move> = (moves.iter().copied())
        .filter(|m| in_check || m.is_capture() || m.promotion() == Some(PieceType::Queen))
        .collect();
    // The most valuable victim first, taken by the least valuable piece.
    tried.sort_by_key(|m| std::cmp::Reverse(gain(m)));
    let mut best = if in_check { SETTLE_MATED } else { standing };
    let mut below = Vec::new();
    for m in tried {
        let score = -settle(&b.make(m), plies - 1, -beta, -alpha, &mut below, budget);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                pv.clear();
                pv.push(m);
                pv.extend_from_slice(&below);
            }
            if score >= beta {
                break;
            }
        }
    }
    best
}

/// Whether the side that `capture` (legal on `b`) takes from can take
/// back on its square at once.
pub fn can_take_back(b: &Board, capture: Move) -> bool {
    let after = b.make(capture);
    legal_moves(&after).iter().any(|m| m.to() == capture.to())
}

/// "24.Rc7 Qb6 25.Rxf7" (or "23...Qxb2 24.Rc7") for `line` from `start`.
pub fn san_line(start: &Board, line: &[Move]) -> String {
    let mut b = *start;
    let mut out = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        if !b.is_legal(m) {
            break;
        }
        let san = to_san(&b, m);
        let n = b.fullmove_number();
        out.push(match (b.side_to_move(), i) {
            (Color::White, _) => format!("{n}.{san}"),
            (Color::Black, 0) => format!("{n}...{san}"),
            (Color::Black, _) => san,
        });
        b = b.make(m);
    }
    out.join(" ")
}

/// "a, b and c", for sentences.
pub fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `line` (legal from `start`) with each under-promotion whose new piece
/// is taken on the next move written as the queen's: the position after
/// the capture is the same either way, and a player reads "46.g8=R Rxg8"
/// as a riddle where the search only chose between equals.
pub fn queen_when_taken(start: &Board, line: &mut [Move]) {
    let mut b = *start;
    for i in 0..line.len() {
        let m = line[i];
        if !b.is_legal(m) {
            return;
        }
        let after = b.make(m);
        if let (Some(kind), Some(&reply)) = (m.promotion(), line.get(i + 1)) {
            let queen = Move::new(
                m.from(),
                m.to(),
                MoveKind::promotion(PieceType::Queen, m.is_capture()),
            );
            let taken = reply.to() == m.to() && after.is_legal(reply);
            if kind != PieceType::Queen && taken && b.is_legal(queen) {
                let q = b.make(queen);
                if q.is_legal(reply) && q.make(reply).hash() == after.make(reply).hash() {
                    line[i] = queen;
                    b = q;
                    continue;
                }
            }
        }
        b = after;
    }
}

/// "a knight", for sentences.
pub fn piece_words(kind: PieceType) -> &'static str {
    match kind {
        PieceType::Pawn => "a pawn",
        PieceType::Knight => "a knight",
        PieceType::Bishop => "a bishop",
        PieceType::Rook => "a rook",
        PieceType::Queen => "the queen",
        PieceType::King => "the king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{parse_san, Square};

    fn line(b: &Board, sans: &[&str]) -> Vec<Move> {
        let mut b = *b;
        sans.iter()
            .map(|s| {
                let m = parse_san(&b, s).unwrap();
                b = b.make(m);
                m
            })
            .collect()
    }

    /// A position whose next move in the line takes something that cannot
    /// be taken back is no end: 1.e4 Nf6 2.a3 leaves e4 to 2...Nxe4.
    #[test]
    fn a_line_does_not_end_before_a_capture_that_wins() {
        let b = Board::startpos();
        let l = line(&b, &["e4", "Nf6", "a3", "Nxe4", "d3", "Nf6"]);
        let (taken, _) = to_quiet(&b, &l, 3);
        assert_eq!(taken.len(), 5, "a3 Nxe4 d3: the pawn is gone");
        let l = line(&b, &["e4", "d5", "a3", "dxe4"]);
        assert_eq!(to_quiet(&b, &l, 3).0.len(), 4, "dxe4 wins the pawn too");
        // A capture that wins nothing leaves the end where it was.
        let l = line(&b, &["e4", "d5", "Nc3", "dxe4", "Nxe4"]);
        assert_eq!(
            to_quiet(&b, &l, 3).0.len(),
            3,
            "Nc3 guards e4: dxe4 wins nothing"
        );
        let l = line(&b, &["d4", "d5", "Nf3", "Nf6", "Bf4"]);
        assert_eq!(to_quiet(&b, &l, 2).0.len(), 2);
    }

    #[test]
    fn quiet_ends_and_san() {
        let b = Board::startpos();
        let l = line(&b, &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]);
        let (taken, _) = to_quiet(&b, &l, 2);
        assert_eq!(taken.len(), 2, "e4 d5 is already quiet");
        let (taken, _) = to_quiet(&b.make(l[0]).make(l[1]), &l[2..], 2);
        assert_eq!(taken.len(), 3, "exd5 Qxd5 Nc3: the exchange is over");
        assert_eq!(san_line(&b, &l[..3]), "1.e4 d5 2.exd5");
        assert_eq!(san_line(&b.make(l[0]), &l[1..3]), "1...d5 2.exd5");
    }

    #[test]
    fn a_line_cut_in_an_exchange_is_settled_with_its_recaptures() {
        let b = Board::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
            .unwrap();
        let (taken, end) = to_quiet(&b, &line(&b, &["exd5"]), 2);
        assert_eq!(san_line(&b, &taken), "2.exd5 Qxd5");
        assert!(end.piece_at(Square::parse("d5").unwrap()).is_some());
        // Knight takes, knight takes back; nothing of White's takes again.
        let b = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
        let (taken, _) = to_quiet(&b, &line(&b, &["Nxe5"]), 2);
        assert_eq!(san_line(&b, &taken), "3.Nxe5 Nxe5");
        // Nothing can take back: the line stays as it was.
        let b = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let (taken, _) = to_quiet(&b, &line(&b, &["exd5"]), 2);
        assert_eq!(san_line(&b, &taken), "1.exd5");
        // A recapture that loses material by exchange is not guessed: the
        // queen taking back on d5 would be taken by the knight.
        let b = Board::from_fen("4k3/3q4/8/3p4/2B5/2N5/8/4K3 w - - 0 1").unwrap();
        let (taken, _) = to_quiet(&b, &line(&b, &["Bxd5"]), 2);
        assert_eq!(san_line(&b, &taken), "1.Bxd5");
        // A line that stops after the recapture, when the exchange left a
        // piece hanging: the pinned knight took, and the queen takes the
        // bishop that pinned it (a report read "Black ends with a knight
        // instead of a pawn" here).
        let b = Board::from_fen(
            "rn1qkbnr/ppp2p1p/3p2p1/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5",
        )
        .unwrap();
        let (taken, _) = to_quiet(&b, &line(&b, &["Nxe5", "dxe5"]), 2);
        assert_eq!(san_line(&b, &taken), "5.Nxe5 dxe5 6.Qxg4");
        // Taking back at once would hang the queen on d1 (12.Rxe5 Qxd1+,
        // "White ends a queen down"): the queens go first.
        let b =
            Board::from_fen("r1bq1rk1/2p1bppp/p1np4/1p2P3/4R3/1B3N2/PPP2PPP/RNBQ2K1 b - - 0 10")
                .unwrap();
        let (taken, _) = to_quiet(&b, &line(&b, &["Nxe5", "Nxe5", "dxe5"]), 2);
        assert_eq!(
            san_line(&b, &taken),
            "10...Nxe5 11.Nxe5 dxe5 12.Qxd8 Bxd8 13.Rxe5"
        );
    }

    #[test]
    fn a_promotion_taken_at_once_is_written_as_the_queens() {
        // Kasparov - Deep Blue 1997, game 1, the line after 44...Rd1 45.g7 Rd5.
        let b = Board::from_fen("4r3/6P1/2p2P1k/1p1r4/pP2p1R1/P1B5/2P2K2/8 w - - 1 46").unwrap();
        let mut l = line(&b, &["g8=R", "Rxg8", "Rxg8", "c5"]);
        queen_when_taken(&b, &mut l);
        assert_eq!(san_line(&b, &l), "46.g8=Q Rxg8 47.Rxg8 c5");
        // Any piece taken at once is the queen's; a knight kept is not.
        let b = Board::from_fen("8/5Pk1/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let mut l = line(&b, &["f8=N", "Kxf8"]);
        queen_when_taken(&b, &mut l);
        assert_eq!(san_line(&b, &l), "1.f8=Q+ Kxf8");
        let b = Board::from_fen("8/5P1k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let mut l = line(&b, &["f8=N+", "Kg7", "Nd7"]);
        queen_when_taken(&b, &mut l);
        assert_eq!(san_line(&b, &l), "1.f8=N+ Kg7 2.Nd7");
    }
}
