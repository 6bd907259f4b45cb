//! The game on the board: a start position and one main line of moves with
//! their SAN, plus the PGN tags it came with. Deliberately not a tree:
//! playing a different move at an earlier ply replaces the rest of the line
//! (the status line says how many moves were dropped).

use crate::chess::pgn::PgnGame;
use crate::chess::{to_san, Board, Color, GameStatus, Move, Position};

/// A main line of moves from a start position.
#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    moves: Vec<Move>,
    sans: Vec<String>,
    /// `boards[i]` is the position before `moves[i]`; one longer than `moves`.
    boards: Vec<Board>,
    /// Tags from a loaded PGN (kept when saving).
    pub tags: Vec<(String, String)>,
    /// A result that the rules cannot see (resignation, time, a loaded file).
    pub result_override: Option<String>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Board::startpos())
    }
}

impl Game {
    pub fn new(start: Board) -> Game {
        Game {
            start,
            moves: Vec::new(),
            sans: Vec::new(),
            boards: vec![start],
            tags: Vec::new(),
            result_override: None,
        }
    }

    /// A game from a parsed PGN; the moves were checked by the parser.
    pub fn from_pgn(pgn: &PgnGame) -> Game {
        let mut g = Game::new(pgn.start);
        for &m in &pgn.moves {
            g.push(m);
        }
        g.tags = pgn.tags.clone();
        if pgn.result != "*" {
            g.result_override = Some(pgn.result.clone());
        }
        g
    }

    pub fn start(&self) -> &Board {
        &self.start
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The board after `ply` moves (clamped to the end of the line).
    pub fn board_at(&self, ply: usize) -> &Board {
        &self.boards[ply.min(self.moves.len())]
    }

    pub fn last_board(&self) -> &Board {
        self.board_at(self.moves.len())
    }

    /// The position after `ply` moves with its history, for repetition
    /// checks and for the engine.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut p = Position::new(self.start);
        for &m in &self.moves[..ply.min(self.moves.len())] {
            p.make(m);
        }
        p
    }

    /// Appends a move that is legal in the last position.
    pub fn push(&mut self, m: Move) {
        let b = *self.last_board();
        self.sans.push(to_san(&b, m));
        self.moves.push(m);
        self.boards.push(b.make(m));
        self.result_override = None;
    }

    /// Plays `m` after `ply` moves. A move equal to the next one in the line
    /// keeps the line; any other move drops the rest of the line first.
    /// Returns how many moves were dropped.
    pub fn play_at(&mut self, ply: usize, m: Move) -> usize {
        let ply = ply.min(self.moves.len());
        if self.moves.get(ply) == Some(&m) {
            return 0;
        }
        let dropped = self.moves.len() - ply;
        self.truncate(ply);
        self.push(m);
        dropped
    }

    /// Keeps the first `ply` moves.
    pub fn truncate(&mut self, ply: usize) {
        if ply < self.moves.len() {
            self.moves.truncate(ply);
            self.sans.truncate(ply);
            self.boards.truncate(ply + 1);
            self.result_override = None;
        }
    }

    /// The rules' verdict after `ply` moves.
    pub fn status_at(&self, ply: usize) -> GameStatus {
        self.position_at(ply).status()
    }

    /// The PGN result token of the game as it stands at its end.
    pub fn result(&self) -> String {
        if let Some(r) = &self.result_override {
            return r.clone();
        }
        let b = self.last_board();
        match self.status_at(self.len()) {
            GameStatus::Checkmate => match b.side_to_move() {
                Color::White => "0-1".to_string(),
                Color::Black => "1-0".to_string(),
            },
            GameStatus::Ongoing => "*".to_string(),
            _ => "1/2-1/2".to_string(),
        }
    }

    /// The game as a PGN record (tags kept, result filled in).
    pub fn to_pgn(&self) -> PgnGame {
        PgnGame {
            tags: self.tags.clone(),
            start: self.start,
            moves: self.moves.clone(),
            result: self.result(),
            skipped: Default::default(),
        }
    }

    /// "12." / "12..." prefix of the move played at ply `i`.
    pub fn move_number(&self, i: usize) -> (u16, Color) {
        let b = self.board_at(i);
        (b.fullmove_number(), b.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;

    fn play(g: &mut Game, s: &str) {
        for t in s.split_whitespace() {
            let m = parse_move(g.last_board(), t).unwrap();
            g.push(m);
        }
    }

    #[test]
    fn truncates_on_a_new_move_and_keeps_the_same_move() {
        let mut g = Game::default();
        play(&mut g, "e4 e5 Nf3 Nc6");
        let same = parse_move(g.board_at(2), "Nf3").unwrap();
        assert_eq!(g.play_at(2, same), 0);
        assert_eq!(g.len(), 4);
        let other = parse_move(g.board_at(2), "Bc4").unwrap();
        assert_eq!(g.play_at(2, other), 2);
        assert_eq!(g.sans(), ["e4", "e5", "Bc4"]);
        assert_eq!(g.position_at(3).ply(), 3);
    }

    #[test]
    fn result_from_the_rules() {
        let mut g = Game::default();
        play(&mut g, "f3 e5 g4 Qh4#");
        assert_eq!(g.result(), "0-1");
        g.truncate(3);
        assert_eq!(g.result(), "*");
    }
}
