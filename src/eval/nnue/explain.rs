//! `explain`: the network's verdict on one position taken apart for the user
//! (raw output, phase, scale, final value) and what each piece is worth to
//! it: the evaluation minus the evaluation with that piece taken off (kings
//! excluded), from White's point of view, like Stockfish 15's "NNUE derived
//! piece values". `format_explain` draws that as a board.

use super::accumulator::Accumulator;
use super::delta::PieceSet;
use super::network::Network;
use super::output::{raw_cp, scale, scale_factor};
use super::simd::Backend;
use crate::chess::{Board, Color, PieceType, Square};
use std::fmt::Write;

/// The NNUE evaluation of one position, opened up.
#[derive(Clone, Debug, PartialEq)]
pub struct NnueExplain {
    pub side_to_move: Color,
    /// Network output in centipawns, side to move's view, before phase scaling.
    pub raw_cp: i32,
    /// 0 (bare kings) ..= 24 (full material).
    pub game_phase: i32,
    /// The phase scale factor applied to `raw_cp` (1.0 = unchanged).
    pub scale: f32,
    /// The evaluation in centipawns, side to move's view.
    pub final_cp: i32,
    /// Per square (a1 = 0): the piece's worth in centipawns from White's view
    /// (positive helps White); `None` for empty squares and kings.
    pub piece_values: [Option<i32>; 64],
}

impl NnueExplain {
    /// `final_cp` from White's point of view.
    pub fn final_white(&self) -> i32 {
        self.side_to_move.sign() * self.final_cp
    }
}

/// White-relative final evaluation of a placement with `stm` to move.
fn white_eval(net: &Network, backend: Backend, pieces: &PieceSet, stm: Color) -> i32 {
    let acc = Accumulator::from_pieces(net, backend, pieces);
    stm.sign() * scale(net, raw_cp(backend, net, &acc, stm), pieces.game_phase())
}

/// The network's evaluation of `board` and the derived value of each piece.
pub fn explain(net: &Network, board: &Board) -> NnueExplain {
    let backend = Backend::detect();
    let stm = board.side_to_move();
    let pieces = PieceSet::from_board(board);
    let acc = Accumulator::from_pieces(net, backend, &pieces);
    let raw = raw_cp(backend, net, &acc, stm);
    let game_phase = pieces.game_phase();
    let final_cp = scale(net, raw, game_phase);
    let whole = stm.sign() * final_cp;

    let mut piece_values = [None; 64];
    for ps in pieces.iter() {
        if ps.piece.kind() == PieceType::King {
            continue;
        }
        let mut without = pieces;
        without.remove(ps.piece, ps.sq);
        piece_values[ps.sq.index()] = Some(whole - white_eval(net, backend, &without, stm));
    }
    NnueExplain {
        side_to_move: stm,
        raw_cp: raw,
        game_phase,
        scale: scale_factor(net, game_phase),
        final_cp,
        piece_values,
    }
}

/// Centipawns as signed pawns with two decimals ("+1.05", "-0.30").
fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { '-' } else { '+' };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// `pawns` in at most five characters, for a board cell: two decimals
/// below ten pawns, one below a hundred, then whole pawns ("+10.8").
fn cell_pawns(cp: i32) -> String {
    let a = cp.unsigned_abs();
    let sign = if cp < 0 { '-' } else { '+' };
    match a {
        0..1000 => pawns(cp),
        1000..10000 => format!("{sign}{}.{}", a / 100, a % 100 / 10),
        _ => format!("{sign}{}", a / 100),
    }
}

/// A text board of the derived piece values (each cell: the piece letter,
/// then its value in pawns from White's view), followed by the summary
/// lines. Returned as a string; the caller prints it.
pub fn format_explain(e: &NnueExplain, board: &Board) -> String {
    let mut s = String::new();
    let rule = format!("+{}\n", "-------+".repeat(8));
    s.push_str("NNUE derived piece values (pawns, White's view):\n");
    s.push_str(&rule);
    for rank in (0..8).rev() {
        let mut letters = String::from("|");
        let mut values = String::from("|");
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            let letter = board.piece_at(sq).map_or(' ', |p| p.fen_char());
            let _ = write!(letters, "   {letter}   |");
            match e.piece_values[sq.index()] {
                Some(v) => {
                    let _ = write!(values, " {:>5} |", cell_pawns(v));
                }
                None => values.push_str("       |"),
            }
        }
        let _ = writeln!(s, "{letters} {}", rank + 1);
        let _ = writeln!(s, "{values}");
        s.push_str(&rule);
    }
    s.push_str("    a       b       c       d       e       f       g       h\n");
    let _ = writeln!(s, "NNUE raw      {} (side to move)", pawns(e.raw_cp));
    let _ = writeln!(
        s,
        "NNUE phase    {} / 24, scale {:.3}",
        e.game_phase, e.scale
    );
    let _ = writeln!(
        s,
        "NNUE final    {} (side to move), {} (White)",
        pawns(e.final_cp),
        pawns(e.final_white())
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::output::evaluate_with;
    use std::sync::OnceLock;

    fn net() -> &'static Network {
        static NET: OnceLock<Network> = OnceLock::new();
        NET.get_or_init(|| Network::random(11))
    }

    #[test]
    fn explain_agrees_with_evaluate_and_removal() {
        let fen = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
        let b = Board::from_fen(fen).unwrap();
        let e = explain(net(), &b);
        let acc = Accumulator::from_board(net(), Backend::scalar(), &b);
        let phase = crate::eval::phase::game_phase(&b);
        assert_eq!(e.game_phase, phase);
        assert_eq!(
            e.final_cp,
            evaluate_with(Backend::scalar(), net(), &acc, Color::Black, phase)
        );
        assert_eq!(e.final_white(), -e.final_cp);
        // Kings and empty squares have no value; every other piece has one.
        for sq in Square::all() {
            let has = matches!(b.piece_at(sq), Some(p) if p.kind() != PieceType::King);
            assert_eq!(e.piece_values[sq.index()].is_some(), has, "{sq}");
        }
        // The value of the a6 queen is the eval minus the eval without it.
        let without =
            Board::from_fen("r2q1rk1/pP1p2pp/5n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1")
                .unwrap();
        let e2 = explain(net(), &without);
        let a6 = Square::parse("a6").unwrap().index();
        assert_eq!(e.piece_values[a6], Some(e.final_white() - e2.final_white()));
    }

    #[test]
    fn formatted_board_has_every_rank_and_the_summary() {
        let b = Board::startpos();
        let text = format_explain(&explain(net(), &b), &b);
        assert_eq!(text.lines().count(), 1 + 1 + 8 * 3 + 1 + 3);
        assert!(text.contains("NNUE final"));
        assert!(text.lines().nth(2).unwrap().starts_with("|   r   |"));
        assert_eq!(pawns(-5), "-0.05");
        assert_eq!(pawns(123), "+1.23");
    }

    #[test]
    fn a_cell_value_fits_its_five_columns() {
        assert_eq!(cell_pawns(105), "+1.05");
        assert_eq!(cell_pawns(-999), "-9.99");
        assert_eq!(cell_pawns(1084), "+10.8");
        assert_eq!(cell_pawns(-12345), "-123");
    }
}
