//! Lines of play as an explanation uses them: followed from a position to
//! a quiet one (no check, the last move no capture or promotion), so a
//! trace is not read in the middle of an exchange; and written in SAN with
//! move numbers.

use super::params::LINE_QUIET_PLIES;
use crate::chess::{to_san, Board, Color, Move, PieceType};

/// The first moves of `line` from `start` up to its first quiet position
/// after at least `min_plies` plies (or its end, or `LINE_QUIET_PLIES`
/// more), and the position there.
pub fn to_quiet(start: &Board, line: &[Move], min_plies: usize) -> (Vec<Move>, Board) {
    let mut b = *start;
    let mut taken = Vec::new();
    for &m in line.iter().take(min_plies + LINE_QUIET_PLIES) {
        if !b.is_legal(m) {
            break;
        }
        let noisy = m.is_capture() || m.is_promotion();
        b = b.make(m);
        taken.push(m);
        if taken.len() >= min_plies && !noisy && !b.in_check() {
            break;
        }
    }
    (taken, b)
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
    use crate::chess::parse_san;

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
}
