//! A game's report put together from its positions' search results: per
//! move the scores around it, the expected score given away, the verdict,
//! the engine's better line and the explanation; per side the accuracy,
//! the average centipawn loss and the count of each verdict. It can be
//! built from a part of the results (the board fills it in as they come).

use super::accuracy::{game_figures, SideFigures};
use super::classify::{classify, Class, MateTurn};
use super::explain::{explain, Explanation, Judged};
use super::run::LinePosition;
use super::score::WhiteScore;
use super::searcher::PlyResult;
use super::winprob::expected_drop;
use crate::book::Book;
use crate::chess::{Color, Move};
use crate::game::NodeId;

/// What the report says of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReport {
    /// The move's node in the game tree.
    pub node: NodeId,
    pub mover: Color,
    /// The search's score before and after the move, White's view.
    pub before: WhiteScore,
    pub after: WhiteScore,
    /// The expected score the mover gave away (0..1).
    pub drop: f64,
    pub class: Option<Class>,
    pub turn: MateTurn,
    /// The engine's line from the position before the move, when it
    /// starts with another move (empty otherwise).
    pub better: Vec<Move>,
    pub explanation: Option<Explanation>,
}

/// The whole report (or as much of it as the results allow).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReport {
    /// Each position's score, White's view; `None` not yet searched.
    pub scores: Vec<Option<WhiteScore>>,
    /// Each move's report; `None` until both its positions are searched.
    pub moves: Vec<Option<MoveReport>>,
    /// White's and Black's figures, once every position is searched.
    pub sides: Option<[SideFigures; 2]>,
    /// The figures so far: over the positions searched from the start
    /// without a gap (the whole game once complete); `None` before two.
    pub so_far: Option<[SideFigures; 2]>,
    /// Per side (White, Black): inaccuracies, mistakes, blunders.
    pub counts: [[usize; 3]; 2],
}

impl GameReport {
    /// Whether every position has its score.
    pub fn is_complete(&self) -> bool {
        self.scores.iter().all(Option::is_some)
    }
}

/// The report of the line `positions` from its results so far.
pub fn build(
    positions: &[LinePosition],
    results: &[Option<PlyResult>],
    book: Option<&Book>,
) -> GameReport {
    let scores: Vec<Option<WhiteScore>> = results
        .iter()
        .map(|r| r.as_ref().map(|r| r.score))
        .collect();
    let moves: Vec<Option<MoveReport>> = (0..positions.len().saturating_sub(1))
        .map(|i| judge(positions, results, i, book))
        .collect();
    let mut counts = [[0; 3]; 2];
    for m in moves.iter().flatten() {
        if let Some(c) = m.class {
            counts[m.mover as usize][c as usize] += 1;
        }
    }
    let sides =
        (scores.len() == positions.len() && scores.iter().all(Option::is_some)).then(|| {
            let s: Vec<WhiteScore> = scores.iter().flatten().copied().collect();
            game_figures(&s, positions[0].board.side_to_move())
        });
    let prefix: Vec<WhiteScore> = scores.iter().map_while(|s| *s).collect();
    let so_far =
        (prefix.len() >= 2).then(|| game_figures(&prefix, positions[0].board.side_to_move()));
    GameReport {
        scores,
        moves,
        sides,
        so_far,
        counts,
    }
}

/// The report of the move from position `i` to `i + 1`. A move `book`
/// plays (a weight above 0) is theory and gets no verdict, as a player
/// reads a book move: a search of 100,000 nodes should not call the
/// main line of the Caro-Kann a mistake.
pub fn judge(
    positions: &[LinePosition],
    results: &[Option<PlyResult>],
    i: usize,
    book: Option<&Book>,
) -> Option<MoveReport> {
    let before_r = results.get(i)?.as_ref()?;
    let after_r = results.get(i + 1)?.as_ref()?;
    let (from, to) = (positions.get(i)?, positions.get(i + 1)?);
    let board = &from.board;
    let played = positions_move(from, to)?;
    let mover = board.side_to_move();
    let (before, after) = (before_r.score, after_r.score);
    // An under-promotion taken at once is the engine's queen promotion
    // (`line::queen_when_taken` wrote it so): the same choice.
    let engine_agrees = before_r.best() == Some(played) || {
        let mut as_written = [played, before_r.pv.get(1).copied().unwrap_or(Move::NULL)];
        crate::analysis::line::queen_when_taken(board, &mut as_written);
        before_r.best() == Some(as_written[0])
    };
    // The engine's own choice is no error by its own lights, and theory
    // is none either (the book is looked in only when the engine differs).
    let unjudged = engine_agrees
        || book.is_some_and(|b| {
            b.moves(board)
                .is_ok_and(|ms| ms.iter().any(|m| m.mv == played && m.weight > 0))
        });
    let (class, turn) = if unjudged {
        (None, MateTurn::None)
    } else {
        classify(before, after, mover)
    };
    let better = if unjudged {
        Vec::new()
    } else {
        before_r.pv.clone()
    };
    let explanation = class.map(|class| {
        explain(&Judged {
            board,
            played,
            reply: &after_r.pv,
            best: &before_r.pv,
            before,
            after,
            class,
            turn,
        })
    });
    Some(MoveReport {
        node: to.node,
        mover,
        before,
        after,
        drop: expected_drop(before, after, mover),
        class,
        turn,
        better,
        explanation,
    })
}

/// The move that leads from one position of the line to the next.
fn positions_move(from: &LinePosition, to: &LinePosition) -> Option<Move> {
    crate::chess::legal_moves(&from.board)
        .iter()
        .copied()
        .find(|&m| from.board.make(m).hash() == to.board.hash())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{parse_san, Board};

    fn result(score: i32, b: &Board, sans: &[&str]) -> Option<PlyResult> {
        let mut at = *b;
        let pv = sans
            .iter()
            .map(|s| {
                let m = parse_san(&at, s).unwrap();
                at = at.make(m);
                m
            })
            .collect();
        Some(PlyResult {
            score: WhiteScore(score),
            pv,
            depth: 10,
            nodes: 1,
        })
    }

    /// The two positions around a move, as `judge` takes them.
    fn around(before: Board, after: Board) -> [LinePosition; 2] {
        let at = |board: Board| LinePosition {
            node: NodeId::ROOT,
            board,
            history: Vec::new(),
        };
        [at(before), at(after)]
    }

    #[test]
    fn an_under_promotion_taken_at_once_agrees_with_the_engines_queen() {
        let b = Board::from_fen("4r3/6P1/2p2P1k/1p1r4/pP2p1R1/P1B5/2P2K2/8 w - - 1 46").unwrap();
        let after = b.make(parse_san(&b, "g8=R").unwrap());
        let positions = around(b, after);
        // The engine's line was written with the queen; the scores (as a
        // deeper search after the move could give) would make it a blunder.
        let results = [
            result(500, &b, &["g8=Q", "Rxg8", "Rxg8"]),
            result(0, &after, &["Rxg8", "Rxg8"]),
        ];
        let r = judge(&positions, &results, 0, None).unwrap();
        assert_eq!(r.class, None);
        assert!(r.better.is_empty());
    }

    #[test]
    fn a_book_move_gets_no_verdict() {
        // 1.e4 c6 2.d4 d5 3.Nc3 dxe4 4.Nxe4 Nd7 5.Ng5: the Caro-Kann's main
        // line, which a shallow search once scored as a mistake.
        let mut b = Board::startpos();
        for san in ["e4", "c6", "d4", "d5", "Nc3", "dxe4", "Nxe4", "Nd7"] {
            b = b.make(parse_san(&b, san).unwrap());
        }
        let after = b.make(parse_san(&b, "Ng5").unwrap());
        let positions = around(b, after);
        let results = [
            result(80, &b, &["Bd3", "Ngf6"]),
            result(-30, &after, &["Ngf6"]),
        ];
        let book = crate::book::builtin();
        assert!(judge(&positions, &results, 0, None)
            .unwrap()
            .class
            .is_some());
        let r = judge(&positions, &results, 0, Some(&book)).unwrap();
        assert_eq!(r.class, None);
        assert!(r.better.is_empty() && r.explanation.is_none());
    }
}
