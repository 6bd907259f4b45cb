//! A position's search score from White's side, the one convention of the
//! report (PGN's `[%eval]` and the graph are White's view too). It keeps
//! the search's units, so a mate stays a mate with its distance until it
//! is turned into centipawns for the expected score.

use super::params::CP_CEILING;
use crate::chess::Color;
use crate::search::score::{is_mate, MATE, TB_WIN_BOUND};

/// White's view, search units: centipawns inside +-`MATE_BOUND`, beyond
/// it a mate (`MATE - plies`; `+-MATE`: mate on the board).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WhiteScore(pub i32);

impl WhiteScore {
    /// The score `score` of the side to move `stm`, from White's side.
    pub fn from_side(score: i32, stm: Color) -> WhiteScore {
        WhiteScore(score * stm.sign())
    }

    /// Checkmate on the board with `mated` to move.
    pub fn mated(mated: Color) -> WhiteScore {
        WhiteScore(-MATE * mated.sign())
    }

    /// The score from `side`'s point of view.
    pub fn for_side(self, side: Color) -> i32 {
        self.0 * side.sign()
    }

    pub fn is_mate(self) -> bool {
        is_mate(self.0)
    }

    /// Moves to mate (0: mate on the board), positive when White mates.
    pub fn mate_moves(self) -> Option<i32> {
        if !self.is_mate() {
            return None;
        }
        let moves = (MATE - self.0.abs() + 1) / 2;
        Some(if self.0 > 0 { moves } else { -moves })
    }

    /// Centipawns clipped to +-`CP_CEILING`, a mate counting as the ceiling.
    pub fn cp_ceiled(self) -> i32 {
        if self.is_mate() {
            CP_CEILING * self.0.signum()
        } else {
            self.0.clamp(-CP_CEILING, CP_CEILING)
        }
    }

    /// The value of a PGN `[%eval]`: "0.35", "-1.20", "#3", "#-2"; `None`
    /// for a mate on the board (the result says it).
    pub fn pgn_eval(self) -> Option<String> {
        match self.mate_moves() {
            Some(0) => None,
            Some(n) => Some(format!("#{n}")),
            None => Some(pawns(self.0)),
        }
    }

    /// A win the tablebases prove (the search's `TB_WIN` band), not a mate.
    pub fn is_tablebase_win(self) -> bool {
        !self.is_mate() && self.0.abs() >= TB_WIN_BOUND
    }

    /// The score as the board shows it: "+0.35", "#-2", "mate", and "+TB"
    /// or "-TB" for a tablebase win, as the engine lines say it.
    pub fn display(self) -> String {
        match self.mate_moves() {
            Some(0) => "mate".to_string(),
            Some(n) => format!("#{n}"),
            None if self.is_tablebase_win() => (if self.0 > 0 { "+TB" } else { "-TB" }).into(),
            None => format!("{:+.2}", self.0 as f64 / 100.0),
        }
    }
}

/// Centipawns as pawns with two decimals, "-0.05" and "0.00" as PGN
/// tools write them.
pub fn pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "" };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

/// Centipawns as signed pawns, "+1.05", "-0.95" (a sentence's numbers,
/// signed as the scores beside them are).
pub fn signed_pawns(cp: i32) -> String {
    let sign = if cp < 0 { "-" } else { "+" };
    let a = cp.unsigned_abs();
    format!("{sign}{}.{:02}", a / 100, a % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_mates_and_text() {
        let s = WhiteScore::from_side(-35, Color::Black);
        assert_eq!(s, WhiteScore(35));
        assert_eq!(s.for_side(Color::Black), -35);
        assert_eq!(s.pgn_eval().as_deref(), Some("0.35"));
        assert_eq!(WhiteScore(-5).pgn_eval().as_deref(), Some("-0.05"));
        assert_eq!(WhiteScore(-120).pgn_eval().as_deref(), Some("-1.20"));
        // Black to move, mated in 2 moves (3 plies from the root).
        let m = WhiteScore::from_side(-(MATE - 3), Color::Black);
        assert_eq!(m.mate_moves(), Some(2));
        assert_eq!(m.pgn_eval().as_deref(), Some("#2"));
        assert_eq!(m.cp_ceiled(), CP_CEILING);
        let mated = WhiteScore::mated(Color::White);
        assert_eq!(mated.mate_moves(), Some(0));
        assert_eq!(mated.cp_ceiled(), -CP_CEILING);
        assert_eq!(mated.pgn_eval(), None);
        assert_eq!(WhiteScore(4000).cp_ceiled(), CP_CEILING);
        assert_eq!(signed_pawns(-95), "-0.95");
        assert_eq!(signed_pawns(100), "+1.00");
    }

    #[test]
    fn a_tablebase_win_reads_as_one() {
        // Black wins, 12 plies from a zeroing move (the search's TB band).
        let s = WhiteScore(-(crate::search::score::TB_WIN - 12));
        assert!(s.is_tablebase_win() && !s.is_mate());
        assert_eq!(s.display(), "-TB");
        assert_eq!(s.cp_ceiled(), -CP_CEILING);
        assert!(!WhiteScore(4000).is_tablebase_win());
        assert!(!WhiteScore(MATE - 3).is_tablebase_win());
    }
}
