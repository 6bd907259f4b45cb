//! One position searched on its own: a single search thread with its own
//! table, cleared before every position, so a position's result depends on
//! the position and the budget alone (not on which worker took it or what
//! it searched before). That is what makes a report deterministic for a
//! fixed node count whatever the number of workers. The hand-crafted
//! evaluation is searched, the one the explanations' traces break down.

use super::params::{LINE_MIN_SEARCHED, LINE_SEARCHES, PV_TABLE_PLIES, WORKER_HASH_MB};
use super::score::WhiteScore;
use crate::chess::{legal_moves, Board, Move};
use crate::search::tt::TtBound;
use crate::search::{run_search, Control, Limits, SearchJob, TbSearch, Tt, TtError, Worker};
use crate::tb::Tablebases;
use std::sync::Arc;
use std::time::Duration;

/// How long each position is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A node count: the same result every run.
    Nodes(u64),
    /// Wall time: faster to reason about, not repeatable.
    Movetime(Duration),
}

impl Budget {
    /// A quarter of the budget (a reply's search).
    pub fn quarter(self) -> Budget {
        match self {
            Budget::Nodes(n) => Budget::Nodes((n / 4).max(1)),
            Budget::Movetime(t) => Budget::Movetime(t / 4),
        }
    }

    /// The search limits of the budget.
    pub fn limits(self) -> Limits {
        match self {
            Budget::Nodes(n) => Limits {
                nodes: Some(n.max(1)),
                ..Limits::default()
            },
            Budget::Movetime(t) => Limits {
                movetime: Some(t.max(Duration::from_millis(1))),
                ..Limits::default()
            },
        }
    }
}

/// What the search says of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyResult {
    /// White's view; a mate on the board or a stalemate needs no search.
    pub score: WhiteScore,
    /// The principal variation, best move first (empty when no move).
    pub pv: Vec<Move>,
    pub depth: i32,
    pub nodes: u64,
}

impl PlyResult {
    pub fn best(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// A single-threaded searcher that forgets everything between positions.
pub struct Searcher {
    tt: Arc<Tt>,
    workers: Vec<Worker>,
    /// Syzygy tables: a position they hold gets their verdict.
    tb: Option<TbSearch>,
}

impl Searcher {
    pub fn new() -> Result<Searcher, TtError> {
        let tt = Arc::new(Tt::new(WORKER_HASH_MB)?);
        let mut w = Worker::new(0, tt.clone());
        w.set_network(None);
        Ok(Searcher {
            workers: vec![w],
            tt,
            tb: None,
        })
    }

    /// The searcher probing `tables` (none: the search alone): a position
    /// they hold, or one the search reaches, scores as they say, a win as
    /// `TB_WIN` less its distance.
    pub fn with_tablebases(mut self, tables: Option<Arc<Tablebases>>) -> Searcher {
        self.tb = tables.map(TbSearch::everywhere);
        self
    }

    /// Searches `board` (after the positions hashed in `history`, oldest
    /// first) within `budget`.
    pub fn search(&mut self, board: &Board, history: &[u64], budget: Budget) -> PlyResult {
        let mut result = self.search_once(board, history, budget);
        // A short line (the last iteration cut, the table holding no
        // more) goes on from a search of its end, a quarter of the budget:
        // an explanation shows the move and the answer to it ("better
        // 14...a6 15.axb5 cxb5", not "14...a6"), and far enough to see what
        // comes of it.
        for _ in 0..LINE_SEARCHES {
            if result.pv.is_empty() || result.pv.len() >= LINE_MIN_SEARCHED {
                break;
            }
            let mut end = *board;
            let mut seen = history.to_vec();
            for &m in &result.pv {
                seen.push(end.hash());
                end = end.make(m);
            }
            let more = self.search_once(&end, &seen, budget.quarter());
            result.nodes += more.nodes;
            if more.pv.is_empty() {
                break;
            }
            result.pv.extend(more.pv);
        }
        result
    }

    fn search_once(&mut self, board: &Board, history: &[u64], budget: Budget) -> PlyResult {
        let stm = board.side_to_move();
        if let Some(over) = game_over(board) {
            return over;
        }
        self.tt.clear();
        for w in self.workers.iter_mut() {
            w.clear();
        }
        let ctl = Arc::new(Control::new(1, false));
        let job = SearchJob {
            board: *board,
            history: history.to_vec(),
            limits: budget.limits(),
            multipv: 1,
            overhead: Duration::ZERO,
            elo: None,
            tb: self.tb.clone(),
        };
        let mut last_pv: Vec<Move> = Vec::new();
        let out = run_search(&mut self.workers, &self.tt, &ctl, &job, &mut |info| {
            if info.multipv == 1 && !info.pv.is_empty() {
                last_pv = info.pv;
            }
        });
        let best = out.best.or_else(|| last_pv.first().copied());
        let mut pv = match best {
            Some(b) if last_pv.first() == Some(&b) => last_pv,
            Some(b) => vec![b],
            None => Vec::new(),
        };
        legal_prefix(board, &mut pv);
        extend_from_table(&self.tt, board, &mut pv, PV_TABLE_PLIES);
        crate::analysis::line::queen_when_taken(board, &mut pv);
        PlyResult {
            score: WhiteScore::from_side(out.score, stm),
            pv,
            depth: out.depth,
            nodes: out.nodes,
        }
    }
}

/// The result of a position with no legal move (mate or stalemate: no
/// search needed), or `None`.
pub fn game_over(board: &Board) -> Option<PlyResult> {
    if !legal_moves(board).is_empty() {
        return None;
    }
    Some(PlyResult {
        score: if board.in_check() {
            WhiteScore::mated(board.side_to_move())
        } else {
            WhiteScore(0)
        },
        pv: Vec::new(),
        depth: 0,
        nodes: 0,
    })
}

/// Cuts `line` at its first move that is not legal where it is played (a
/// table move from another position, however unlikely).
pub fn legal_prefix(start: &Board, line: &mut Vec<Move>) {
    let mut b = *start;
    let mut keep = 0;
    for &m in line.iter() {
        if !b.is_legal(m) {
            break;
        }
        b = b.make(m);
        keep += 1;
    }
    line.truncate(keep);
}

/// A line shorter than `plies` goes on with the moves the table holds
/// after it (a line cut by a table hit says only its first move or two),
/// while each is a move the search chose (not a fail-low's), is legal,
/// and no position comes twice.
fn extend_from_table(tt: &Tt, start: &Board, line: &mut Vec<Move>, plies: usize) {
    if line.is_empty() {
        return;
    }
    let mut b = *start;
    let mut seen = vec![b.hash()];
    for &m in line.iter() {
        b = b.make(m);
        seen.push(b.hash());
    }
    while line.len() < plies {
        let Some(hit) = tt.probe(b.hash()) else {
            break;
        };
        // A fail-low entry's move is only the one tried last or first, no
        // choice: an exact score's or a cut's move is the side's own.
        let chosen = matches!(hit.bound, TtBound::Exact | TtBound::Lower);
        if !chosen || hit.mv.is_null() || !b.is_legal(hit.mv) {
            break;
        }
        let next = b.make(hit.mv);
        if seen.contains(&next.hash()) {
            break;
        }
        line.push(hit.mv);
        seen.push(next.hash());
        b = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the budget, a best line says the move and the reply to it
    /// (a report's "better 14...a6" alone told the player nothing).
    #[test]
    fn a_line_has_the_reply() {
        let mut s = Searcher::new().unwrap();
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r2qk2r/pp1n1ppp/2pbpn2/3p4/2PP4/2NBPN2/PP3PPP/R2Q1RK1 b kq - 0 9",
            "8/5pk1/6p1/8/3R4/6P1/5PKP/3r4 w - - 0 40",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            for nodes in [1, 20, 200, 2000] {
                let r = s.search(&b, &[], Budget::Nodes(nodes));
                assert!(r.pv.len() >= 2, "{fen} at {nodes} nodes: {:?}", r.pv);
                assert_eq!(s.search(&b, &[], Budget::Nodes(nodes)), r, "repeatable");
            }
        }
    }

    /// A line cut short by the table goes on from searches of its end far
    /// enough to see what comes: after 44...Rd1 (Kasparov-Deep Blue 1997,
    /// game 1) the report's line was "45.g7 Rd5", short of the queen.
    #[test]
    fn a_short_line_goes_on_far_enough() {
        let mut s = Searcher::new().unwrap();
        let b = Board::from_fen("4r3/8/2p2PPk/1p6/pP2p1R1/P1B5/2P2K2/3r4 w - - 1 45").unwrap();
        let r = s.search(&b, &[], Budget::Nodes(100_000));
        assert!(r.pv.len() >= LINE_MIN_SEARCHED, "{:?}", r.pv);
        assert!(r.pv.iter().any(|m| m.is_promotion()), "{:?}", r.pv);
        assert_eq!(s.search(&b, &[], Budget::Nodes(100_000)), r, "repeatable");
    }

    #[test]
    fn repeatable_and_terminal() {
        let mut s = Searcher::new().unwrap();
        let b = Board::startpos();
        let a = s.search(&b, &[], Budget::Nodes(3000));
        let a2 = s.search(&b, &[], Budget::Nodes(3000));
        assert_eq!(a, a2);
        assert!(!a.pv.is_empty());
        let mated = Board::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let r = s.search(&mated, &[], Budget::Nodes(100));
        assert_eq!(r.score, WhiteScore::mated(crate::chess::Color::Black));
        let stale = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            s.search(&stale, &[], Budget::Nodes(100)).score,
            WhiteScore(0)
        );
        // Mate in one is found and scored as such.
        let m1 = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let r = s.search(&m1, &[], Budget::Nodes(2000));
        assert_eq!(r.score.mate_moves(), Some(1));
    }
}
