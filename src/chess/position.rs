//! `Position`: the current `Board` plus the boards before it, so moves can be
//! taken back and repetitions found. Search, UCI and the TUI all hold one.

use std::collections::HashMap;

use super::board::Board;
use super::fen::FenError;
use super::movegen::count_legal;
use super::moves::Move;
use super::types::Color;

/// How a game stands in this position.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum GameStatus {
    Ongoing,
    Checkmate,
    Stalemate,
    /// Threefold repetition.
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
}

impl GameStatus {
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }

    /// The PGN result token of a game that ended so with `to_move` to move
    /// ("*" while it goes on).
    pub fn result_token(self, to_move: Color) -> &'static str {
        match (self, to_move) {
            (GameStatus::Ongoing, _) => "*",
            (GameStatus::Checkmate, Color::White) => "0-1",
            (GameStatus::Checkmate, Color::Black) => "1-0",
            _ => "1/2-1/2",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    /// Boards before each move, oldest first; `unmake` pops from here.
    history: Vec<Board>,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    pub fn new(board: Board) -> Position {
        Position {
            board,
            history: Vec::with_capacity(256),
        }
    }

    pub fn startpos() -> Position {
        Position::new(Board::startpos())
    }

    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::new(Board::from_fen(fen)?))
    }

    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plies played since this `Position` was created.
    #[inline(always)]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Plays a legal move.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let next = self.board.make(m);
        self.history.push(std::mem::replace(&mut self.board, next));
    }

    /// Takes back the last move (or null move); nothing happens at the root.
    #[inline]
    pub fn unmake(&mut self) {
        if let Some(prev) = self.history.pop() {
            self.board = prev;
        }
    }

    #[inline]
    pub fn make_null(&mut self) {
        let next = self.board.make_null();
        self.history.push(std::mem::replace(&mut self.board, next));
    }

    /// Hashes of the earlier positions a repetition can reach (back to the
    /// last irreversible move), oldest first: what a search from here needs
    /// to see repetitions of the game before its root.
    pub fn repetition_hashes(&self) -> Vec<u64> {
        let window = (self.board.halfmove_clock() as usize).min(self.history.len());
        self.history[self.history.len() - window..]
            .iter()
            .map(Board::hash)
            .collect()
    }

    /// `repetition_hashes` as an analysis needs them: a position of the
    /// game met only once before (the root counted) is blanked, so the
    /// search takes a return to it as the second occurrence it is, not a
    /// draw; one met twice stays (a return is the third). Repetitions on
    /// the search's own path still count at once.
    pub fn analysis_hashes(&self) -> Vec<u64> {
        let mut hashes = self.repetition_hashes();
        // Counted once, not rescanned for each position: a long shuffle
        // with no capture or pawn move has thousands of them.
        let mut seen: HashMap<u64, usize> = HashMap::with_capacity(hashes.len() + 1);
        for &h in hashes.iter().chain(std::iter::once(&self.board.hash())) {
            *seen.entry(h).or_default() += 1;
        }
        for h in hashes.iter_mut() {
            if seen[h] < 2 {
                // No position hashes to this (one in 2^64).
                *h = BLANK_HASH;
            }
        }
        hashes
    }

    /// How many earlier boards had this hash (same side to move, within the
    /// half-move clock window).
    pub fn repetitions(&self) -> usize {
        let hash = self.board.hash();
        let window = (self.board.halfmove_clock() as usize).min(self.history.len());
        let n = self.history.len();
        let mut count = 0;
        let mut back = 4;
        while back <= window {
            if self.history[n - back].hash() == hash {
                count += 1;
            }
            back += 2;
        }
        count
    }

    /// The game result as a player would judge it (threefold, not twofold).
    pub fn status(&self) -> GameStatus {
        let no_moves = count_legal(&self.board) == 0;
        if no_moves {
            return if self.board.in_check() {
                GameStatus::Checkmate
            } else {
                GameStatus::Stalemate
            };
        }
        if self.board.is_insufficient_material() {
            GameStatus::InsufficientMaterial
        } else if self.repetitions() >= 2 {
            GameStatus::Repetition
        } else if self.board.halfmove_clock() >= 100 {
            GameStatus::FiftyMoves
        } else {
            GameStatus::Ongoing
        }
    }
}

/// Half-moves without a capture or pawn move after which a game being
/// played is drawn without a claim (FIDE's 75-move rule).
pub const SEVENTY_FIVE_MOVES: u32 = 150;

/// What `analysis_hashes` puts in place of a position met only once: a
/// hash no board is expected to have.
const BLANK_HASH: u64 = 0;

/// Earlier occurrences after which a repetition ends a game being played
/// without a claim (the fifth time the position appears).
const FIVEFOLD: usize = 4;

impl Position {
    /// A draw a player may claim here: threefold repetition or the
    /// fifty-move rule (`None` when neither holds, or the game is already
    /// over by mate or stalemate).
    pub fn claimable_draw(&self) -> Option<GameStatus> {
        match self.status() {
            s @ (GameStatus::Repetition | GameStatus::FiftyMoves) => Some(s),
            _ => None,
        }
    }

    /// The result as FIDE's rules give it in a game being played:
    /// threefold repetition and the fifty-move rule are draws a player
    /// claims (`claimable_draw`), so the game goes on; the fifth
    /// occurrence of a position and 75 moves without a capture or pawn
    /// move end it by themselves.
    pub fn played_status(&self) -> GameStatus {
        match self.status() {
            GameStatus::Repetition | GameStatus::FiftyMoves => {
                if self.repetitions() >= FIVEFOLD {
                    GameStatus::Repetition
                } else if self.board.halfmove_clock() as u32 >= SEVENTY_FIVE_MOVES {
                    GameStatus::FiftyMoves
                } else {
                    GameStatus::Ongoing
                }
            }
            s => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_move;

    /// After Rb1 Kf8 Ra1 Kg8 the start is back: met once before, it stays
    /// (a return would be its third time); the three positions between,
    /// met once, are blanked (a return is their second: no draw yet).
    #[test]
    fn analysis_hashes_keep_only_positions_met_twice() {
        let mut p = Position::from_fen("6k1/8/6K1/8/8/8/8/R7 w - - 0 1").unwrap();
        let start = p.board().hash();
        for m in ["a1b1", "g8f8", "b1a1", "f8g8"] {
            let mv = crate::chess::parse_uci(p.board(), m).unwrap();
            p.make(mv);
        }
        let all = p.repetition_hashes();
        assert_eq!(all.len(), 4);
        assert_eq!(all[0], start);
        assert_eq!(
            p.analysis_hashes(),
            vec![start, BLANK_HASH, BLANK_HASH, BLANK_HASH]
        );
    }

    fn play(pos: &mut Position, moves: &str) {
        for s in moves.split_whitespace() {
            let m = parse_move(pos.board(), s).unwrap();
            pos.make(m);
        }
    }

    #[test]
    fn knight_dance_repeats() {
        let mut pos = Position::startpos();
        play(&mut pos, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(pos.repetitions(), 1);
        assert_eq!(pos.status(), GameStatus::Ongoing);
        // The four earlier positions, oldest (the start) first.
        let hashes = pos.repetition_hashes();
        assert_eq!(hashes.len(), 4);
        assert_eq!(hashes[0], pos.board().hash());
        let mut after_pawn = pos.clone();
        play(&mut after_pawn, "e4");
        assert!(
            after_pawn.repetition_hashes().is_empty(),
            "a pawn move ends the window"
        );
        play(&mut pos, "Nf3 Nf6 Ng1 Ng8");
        assert_eq!(pos.status(), GameStatus::Repetition);
    }

    #[test]
    fn fools_mate_and_unmake() {
        let mut pos = Position::startpos();
        play(&mut pos, "f3 e5 g4 Qh4#");
        assert_eq!(pos.status(), GameStatus::Checkmate);
        for _ in 0..4 {
            pos.unmake();
        }
        assert_eq!(pos.board(), Position::startpos().board());
        pos.unmake();
        assert_eq!(pos.ply(), 0);
    }

    #[test]
    fn played_games_draw_at_fivefold_and_75_moves() {
        let mut pos = Position::startpos();
        play(&mut pos, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        assert_eq!(pos.status(), GameStatus::Repetition);
        assert_eq!(pos.claimable_draw(), Some(GameStatus::Repetition));
        assert_eq!(
            pos.played_status(),
            GameStatus::Ongoing,
            "threefold is claimed"
        );
        play(&mut pos, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert_eq!(pos.played_status(), GameStatus::Ongoing);
        play(&mut pos, "Ng8");
        assert_eq!(pos.played_status(), GameStatus::Repetition, "fivefold");
        let fifty = Position::from_fen("8/8/4k3/8/8/3RK3/8/7r w - - 100 80").unwrap();
        assert_eq!(fifty.claimable_draw(), Some(GameStatus::FiftyMoves));
        assert_eq!(fifty.played_status(), GameStatus::Ongoing);
        let seventy_five = Position::from_fen("8/8/4k3/8/8/3RK3/8/7r w - - 150 80").unwrap();
        assert_eq!(seventy_five.played_status(), GameStatus::FiftyMoves);
        assert_eq!(Position::startpos().claimable_draw(), None);
    }

    #[test]
    fn stalemate_and_material() {
        let pos = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(pos.status(), GameStatus::Stalemate);
        let pos = Position::from_fen("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").unwrap();
        assert_eq!(pos.status(), GameStatus::InsufficientMaterial);
        let pos = Position::from_fen("8/8/4k3/8/8/3BK3/8/7r w - - 100 80").unwrap();
        assert_eq!(pos.status(), GameStatus::FiftyMoves);
    }
}
