//! The board's tablebase view, as state: the tables of `syzygy_path`
//! (`:syzygy`), and for the shown position, when the tables hold it, its
//! verdict and every legal move with its outcome, sorted as Lichess
//! sorts them. The reducer computes it once per shown position; the
//! widget only draws it.

use crate::chess::{to_san, Board, Color};
use crate::tb::{lichess_order, Dtz, LoadReport, MoveOutcome, Tablebases, Wdl};
use std::sync::Arc;

/// The tables and what they say about the shown position.
#[derive(Clone, Debug, Default)]
pub struct TbState {
    pub tables: Option<Arc<Tablebases>>,
    /// The shown position's entry, when the tables hold it.
    pub here: Option<TbPosition>,
}

/// A position the tables hold: the verdict for the side to move and
/// every legal move, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct TbPosition {
    pub board: Board,
    pub wdl: Wdl,
    pub dtz: Option<Dtz>,
    pub moves: Vec<TbMove>,
}

/// One legal move with its SAN and outcome (for the mover).
#[derive(Clone, Debug, PartialEq)]
pub struct TbMove {
    pub san: String,
    pub outcome: MoveOutcome,
}

impl TbState {
    /// Opens the tables of `path` (empty: none); the report says what was
    /// found and what was left out.
    pub fn open(path: &str) -> (TbState, Option<LoadReport>) {
        if path.trim().is_empty() {
            return (TbState::default(), None);
        }
        let (tables, report) = Tablebases::open(path);
        let tables = (report.files > 0).then(|| Arc::new(tables));
        (TbState { tables, here: None }, Some(report))
    }

    /// Looks `board` up (cheap when it has too many pieces or castling
    /// rights: nothing is probed then).
    pub fn refresh(&mut self, board: &Board) {
        if self.here.as_ref().is_some_and(|h| h.board == *board) {
            return;
        }
        self.here = self.tables.as_ref().and_then(|t| lookup(t, board));
    }

    /// The verdict for the header, White's view: "TB win", "TB draw"...
    pub fn verdict(&self) -> Option<String> {
        let h = self.here.as_ref()?;
        let white = match h.board.side_to_move() {
            Color::White => h.wdl,
            Color::Black => h.wdl.flip(),
        };
        Some(
            match white {
                Wdl::Win => "TB: White wins",
                Wdl::CursedWin => "TB: White wins, not in 50 moves",
                Wdl::Draw => "TB: draw",
                Wdl::BlessedLoss => "TB: Black wins, not in 50 moves",
                Wdl::Loss => "TB: Black wins",
            }
            .to_string(),
        )
    }
}

fn lookup(tables: &Tablebases, board: &Board) -> Option<TbPosition> {
    if board.occupied().count() as usize > tables.max_pieces() || board.castling().0 != 0 {
        return None;
    }
    let wdl = tables.probe_wdl(board).ok()?;
    let dtz = tables.probe_dtz(board).ok();
    let mut outcomes = tables.move_outcomes(board).ok()?;
    lichess_order(&mut outcomes);
    Some(TbPosition {
        board: *board,
        wdl,
        dtz,
        moves: outcomes
            .into_iter()
            .map(|o| TbMove {
                san: to_san(board, o.mv),
                outcome: o,
            })
            .collect(),
    })
}

/// A move's outcome in words, as Lichess writes it: "mate", "win in 13",
/// "draw", "loss in 8" (DTZ in plies; "~" when the table rounds it).
pub fn outcome_text(o: &MoveOutcome) -> String {
    if o.mate {
        return "mate".into();
    }
    if o.stalemate {
        return "stalemate".into();
    }
    let d = o.dtz.map(|d| {
        format!(
            "{}{}",
            if d.rounded { "~" } else { "" },
            d.plies.unsigned_abs()
        )
    });
    match (o.wdl, d) {
        (Wdl::Draw, _) => "draw".into(),
        (Wdl::Win, Some(d)) => format!("win in {d}"),
        (Wdl::CursedWin, Some(d)) => format!("cursed win in {d}"),
        (Wdl::BlessedLoss, Some(d)) => format!("blessed loss in {d}"),
        (Wdl::Loss, Some(d)) => format!("loss in {d}"),
        (w, None) => w.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_move_best_first() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
        let (mut tb, report) = TbState::open(dir);
        assert_eq!(report.map(|r| r.files), Some(70));
        let b = Board::from_fen("k7/8/1K6/8/8/8/7Q/8 w - - 0 1").unwrap();
        tb.refresh(&b);
        let here = tb.here.as_ref().unwrap();
        assert_eq!(here.moves.len(), crate::chess::legal_moves(&b).len());
        assert_eq!(outcome_text(&here.moves[0].outcome), "mate");
        assert_eq!(tb.verdict().as_deref(), Some("TB: White wins"));
        // Too many pieces: nothing shown.
        tb.refresh(&Board::startpos());
        assert!(tb.here.is_none() && tb.verdict().is_none());
    }
}
