//! The board's tablebase view, as state: the tables of `syzygy_path`
//! (`:syzygy`), and for the shown position, when the tables hold it, its
//! verdict and every legal move with its outcome, sorted as Lichess
//! sorts them. The reducer computes it once per shown position; the
//! widget only draws it.

use crate::chess::{to_san, Board, Color};
use crate::tb::{lichess_order, Dtz, LoadReport, MoveOutcome, Tablebases, TbError, Wdl};
use std::sync::Arc;

/// The tables and what they say about the shown position.
#[derive(Clone, Debug, Default)]
pub struct TbState {
    pub tables: Option<Arc<Tablebases>>,
    /// The shown position's entry, when the tables hold it.
    pub here: Option<TbPosition>,
    /// The last problem a probe met (a table missing or corrupt), so that
    /// walking through positions with the same broken table says it once.
    said: Option<String>,
}

/// A position the tables hold: the verdict for the side to move and
/// every legal move, best first, with the halfmove clock counted.
#[derive(Clone, Debug, PartialEq)]
pub struct TbPosition {
    pub board: Board,
    /// The outcome of the best move under the 50-move rule, the position's
    /// halfmove clock counted.
    pub wdl: Wdl,
    /// The tables' own outcome differed (the clock spoils a win, saves a
    /// loss or leaves only draws).
    pub clock_changed: bool,
    pub moves: Vec<TbMove>,
}

impl TbPosition {
    /// The position's DTZ as its best move gives it ("~11", one more
    /// than that move's own, which is counted after it): the table's own
    /// value for the position may be a ply off, or rounded. `None` when
    /// the best move mates, stalemates or draws.
    pub fn best_dtz(&self) -> Option<String> {
        let o = &self.moves.first()?.outcome;
        let d = o
            .dtz
            .filter(|_| !o.mate && !o.stalemate && o.wdl != Wdl::Draw)?;
        Some(dtz_text(d))
    }
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
        let state = TbState {
            tables,
            ..TbState::default()
        };
        (state, Some(report))
    }

    /// Looks `board` up (cheap when it has too many pieces or castling
    /// rights: nothing is probed then); why the tables could not answer,
    /// when that was not said before (for the status line).
    pub fn refresh(&mut self, board: &Board) -> Option<String> {
        if self.here.as_ref().is_some_and(|h| h.board == *board) {
            return None;
        }
        let (here, problem) = match &self.tables {
            // Few enough pieces, but a castling right: the tables hold no
            // such position, and the section's absence is explained once.
            Some(t)
                if board.castling().0 != 0
                    && board.occupied().count() as usize <= t.max_pieces() =>
            {
                let why = "a side may still castle (the tables hold no castling rights)";
                (None, Some(why.to_string()))
            }
            Some(t) => match lookup(t, board) {
                Ok(here) => {
                    let note = here.as_ref().and_then(|h| missing_dtz(t, h));
                    (here, note)
                }
                Err(e) => (None, Some(t.describe(&e))),
            },
            None => (None, None),
        };
        self.here = here;
        let new = problem.filter(|p| self.said.as_ref() != Some(p))?;
        self.said = Some(new.clone());
        Some(new)
    }

    /// The verdict in a few cells, White's view: "TB 1-0", "TB ½-½", "TB
    /// 0-1"; a `*` marks a result the 50-move rule changes (a win that
    /// comes too late, or a draw only by the rule).
    pub fn short_verdict(&self) -> Option<String> {
        let words = match self.white_view()? {
            (Wdl::Win, _) => "TB 1-0",
            (Wdl::CursedWin, _) => "TB 1-0*",
            (Wdl::Draw, false) => "TB ½-½",
            (Wdl::Draw, true) => "TB ½-½*",
            (Wdl::BlessedLoss, _) => "TB 0-1*",
            (Wdl::Loss, _) => "TB 0-1",
        };
        Some(words.to_string())
    }

    /// The verdict for the header, White's view: "TB win", "TB draw"...
    pub fn verdict(&self) -> Option<String> {
        let words = match self.white_view()? {
            (Wdl::Win, _) => "TB: White wins",
            (Wdl::CursedWin, _) => "TB: White wins, not in 50 moves",
            (Wdl::Draw, false) => "TB: draw",
            (Wdl::Draw, true) => "TB: draw by the 50-move rule",
            (Wdl::BlessedLoss, _) => "TB: Black wins, not in 50 moves",
            (Wdl::Loss, _) => "TB: Black wins",
        };
        Some(words.to_string())
    }

    /// The shown position's outcome for White, and whether the halfmove
    /// clock changed it; `None` outside the tables.
    fn white_view(&self) -> Option<(Wdl, bool)> {
        let h = self.here.as_ref()?;
        let white = match h.board.side_to_move() {
            Color::White => h.wdl,
            Color::Black => h.wdl.flip(),
        };
        Some((white, h.clock_changed))
    }
}

/// The tables' word on `board`: none once the game is over there (mate,
/// stalemate, the 50-move rule, no mating material: the header says
/// which), else the
/// position's outcome and each move's, the halfmove clock counted.
fn lookup(tables: &Tablebases, board: &Board) -> Result<Option<TbPosition>, TbError> {
    if board.occupied().count() as usize > tables.max_pieces()
        || board.castling().0 != 0
        || board.halfmove_clock() >= 100
        || board.is_insufficient_material()
        || crate::chess::legal_moves(board).is_empty()
    {
        return Ok(None);
    }
    let table_wdl = tables.probe_wdl(board)?;
    // DTZ tables are optional: without them the moves show WDL alone.
    let clock = board.halfmove_clock();
    let mut outcomes: Vec<_> = (tables.move_outcomes(board)?)
        .iter()
        .map(|o| o.under_clock(clock))
        .collect();
    lichess_order(&mut outcomes);
    let best = |o: &MoveOutcome| if o.mate { Wdl::Win } else { o.wdl };
    let wdl = outcomes.iter().map(best).max().unwrap_or(table_wdl);
    Ok(Some(TbPosition {
        board: *board,
        wdl,
        clock_changed: wdl != table_wdl,
        moves: outcomes
            .into_iter()
            .map(|o| TbMove {
                san: to_san(board, o.mv),
                outcome: o,
            })
            .collect(),
    }))
}

/// Why a move of `here` shows no DTZ (a table the position after it
/// needs is missing), said once like any table problem, so that a bare
/// "win" and the order it leaves are explained.
fn missing_dtz(tables: &Tablebases, here: &TbPosition) -> Option<String> {
    let bare = here
        .moves
        .iter()
        .find(|m| m.outcome.after.is_none() && !m.outcome.mate && !m.outcome.stalemate)?;
    let e = tables.probe_dtz(&here.board.make(bare.outcome.mv)).err()?;
    Some(format!(
        "{}: moves into it show no DTZ, and their order is by result alone",
        tables.describe(&e)
    ))
}

/// A DTZ as the section writes it: "13", "~13" where the table rounds it.
fn dtz_text(d: Dtz) -> String {
    format!(
        "{}{}",
        if d.rounded { "~" } else { "" },
        d.plies.unsigned_abs()
    )
}

/// A move's outcome in words: "mate", "win DTZ 12", "draw", "loss DTZ 8"
/// (DTZ: the plies to the next capture or pawn move in the position the
/// move leaves, as Lichess labels each move, so that it does not read as
/// a mate in 12, and a promotion to a queen reads apart from one to a
/// rook; "~" when the table rounds it).
pub fn outcome_text(o: &MoveOutcome) -> String {
    if o.mate {
        return "mate".into();
    }
    if o.stalemate {
        return "stalemate".into();
    }
    let d = o.after.map(dtz_text);
    match (o.wdl, d) {
        (Wdl::Draw, _) => "draw".into(),
        (Wdl::Win, Some(d)) => format!("win DTZ {d}"),
        (Wdl::CursedWin, Some(d)) => format!("cursed win DTZ {d}"),
        (Wdl::BlessedLoss, Some(d)) => format!("blessed loss DTZ {d}"),
        (Wdl::Loss, Some(d)) => format!("loss DTZ {d}"),
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
        // The halfmove clock counts, as on Lichess: KRvK at 99 draws by the
        // 50-move rule whatever is played, at 95 the win comes too late.
        for (clock, verdict, first) in [
            (99, "TB: draw by the 50-move rule", "draw"),
            (95, "TB: White wins, not in 50 moves", "cursed win DTZ"),
            (0, "TB: White wins", "win DTZ"),
        ] {
            let fen = format!("8/8/8/4k3/8/8/8/4K2R w - - {clock} 80");
            tb.refresh(&Board::from_fen(&fen).unwrap());
            assert_eq!(tb.verdict().as_deref(), Some(verdict), "{clock}");
            let here = tb.here.as_ref().unwrap();
            let text = outcome_text(&here.moves[0].outcome);
            assert!(text.starts_with(first), "{clock}: {text}");
        }
        // A game over on the board (mate, the 50-move rule) shows no verdict:
        // the header says why it is over.
        for fen in [
            "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1",
            "8/8/8/4k3/8/8/8/4K2R w - - 100 80",
        ] {
            tb.refresh(&Board::from_fen(fen).unwrap());
            assert!(tb.here.is_none(), "{fen}");
        }
        // Too many pieces: nothing shown.
        tb.refresh(&Board::startpos());
        assert!(tb.here.is_none() && tb.verdict().is_none());
        // Few pieces but a castling right: nothing shown, and why is said
        // once (the next such position says nothing new).
        let castle = |fen: &str, tb: &mut TbState| tb.refresh(&Board::from_fen(fen).unwrap());
        let why = castle("8/8/8/4k3/8/8/8/4K2R w K - 0 1", &mut tb);
        assert!(why.unwrap().contains("castle"));
        assert!(tb.here.is_none() && tb.verdict().is_none());
        assert_eq!(castle("8/8/8/3k4/8/8/8/4K2R w K - 0 1", &mut tb), None);
    }
}
