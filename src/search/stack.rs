//! The search stack: one frame per ply holding the board (copy-make), the
//! static eval, the move made from it, killers and the excluded move for
//! singular search, plus the hash list (game history, then the search path)
//! that repetition detection scans. The `do_*`/`undo_*` methods (a move, a
//! move whose board is already made, a null move) are the only way the
//! search changes position, so an incremental evaluator (NNUE accumulators)
//! hooks in here.

use super::history::{piece_to, PieceTo, NO_PIECE_TO};
use super::score::{MAX_PLY, NO_EVAL};
use crate::chess::{Board, Move};
use crate::eval::Evaluator;

/// Everything the search keeps per ply.
#[derive(Clone)]
pub struct Frame {
    pub board: Board,
    /// Static eval of `board`, `NO_EVAL` when in check.
    pub static_eval: i32,
    /// The move being searched from this ply (null for a null move).
    pub mv: Move,
    /// `piece_to` of `mv`, for continuation history and counter moves.
    pub piece_to: PieceTo,
    pub killers: [Move; 2],
    /// A move singular search leaves out.
    pub excluded: Move,
    /// Plies since the last null move (or the game's history length at the
    /// root): repetitions never span a null move.
    pub plies_from_null: usize,
    /// The plies by which the move from this ply is being searched
    /// shallower (late-move reduction), 0 otherwise: the child's hindsight.
    pub reduction: i32,
}

impl Frame {
    fn new(board: Board) -> Frame {
        Frame {
            board,
            static_eval: NO_EVAL,
            mv: Move::NULL,
            piece_to: NO_PIECE_TO,
            killers: [Move::NULL; 2],
            excluded: Move::NULL,
            plies_from_null: 0,
            reduction: 0,
        }
    }
}

/// The frames of one search thread plus its hash list.
pub struct SearchStack {
    pub frames: Vec<Frame>,
    hashes: Vec<u64>,
}

impl SearchStack {
    pub fn new() -> SearchStack {
        SearchStack {
            frames: vec![Frame::new(Board::startpos()); MAX_PLY + 4],
            hashes: Vec::with_capacity(1024),
        }
    }

    /// Starts a search from `root`; `history` holds the hashes of the game's
    /// earlier positions, oldest first.
    pub fn reset(&mut self, root: &Board, history: &[u64]) {
        for f in self.frames.iter_mut() {
            f.killers = [Move::NULL; 2];
            f.excluded = Move::NULL;
            f.mv = Move::NULL;
            f.piece_to = NO_PIECE_TO;
            f.static_eval = NO_EVAL;
            f.reduction = 0;
        }
        self.frames[0].board = *root;
        self.frames[0].plies_from_null = history.len();
        self.hashes.clear();
        self.hashes.extend_from_slice(history);
        self.hashes.push(root.hash());
    }

    /// Plays `m` (legal) at `ply`; the result is the board of `ply + 1`.
    #[inline(always)]
    pub fn do_move(&mut self, ply: usize, m: Move, eval: &mut Evaluator) {
        let next = self.frames[ply].board.make(m);
        self.do_move_to(ply, m, next, eval);
    }

    /// `do_move` when the caller already made the board `next`.
    #[inline(always)]
    pub fn do_move_to(&mut self, ply: usize, m: Move, next: Board, eval: &mut Evaluator) {
        eval.push(&self.frames[ply].board, m);
        let pt = piece_to(&self.frames[ply].board, m);
        let f = &mut self.frames[ply];
        f.mv = m;
        f.piece_to = pt;
        let pfn = f.plies_from_null + 1;
        let child = &mut self.frames[ply + 1];
        child.board = next;
        child.plies_from_null = pfn;
        self.hashes.push(next.hash());
    }

    #[inline(always)]
    pub fn undo_move(&mut self, _ply: usize, eval: &mut Evaluator) {
        eval.pop();
        self.hashes.pop();
    }

    /// Passes the move at `ply` (caller: not in check).
    #[inline(always)]
    pub fn do_null(&mut self, ply: usize, eval: &mut Evaluator) {
        eval.push_null();
        let next = self.frames[ply].board.make_null();
        let f = &mut self.frames[ply];
        f.mv = Move::NULL;
        f.piece_to = NO_PIECE_TO;
        let child = &mut self.frames[ply + 1];
        child.board = next;
        child.plies_from_null = 0;
        self.hashes.push(next.hash());
    }

    #[inline(always)]
    pub fn undo_null(&mut self, eval: &mut Evaluator) {
        eval.pop();
        self.hashes.pop();
    }

    /// Whether the position at `ply` occurred before (in the game or on the
    /// search path) since the last irreversible move: scored as a draw.
    #[inline]
    pub fn is_repetition(&self, ply: usize) -> bool {
        let f = &self.frames[ply];
        let n = self.hashes.len();
        let window = (f.board.halfmove_clock() as usize)
            .min(f.plies_from_null)
            .min(n - 1);
        let hash = f.board.hash();
        let mut back = 4;
        while back <= window {
            if self.hashes[n - 1 - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    /// Continuation slot of the move made `back` plies above `ply`.
    #[inline(always)]
    pub fn prev_piece_to(&self, ply: usize, back: usize) -> PieceTo {
        if ply >= back {
            self.frames[ply - back].piece_to
        } else {
            NO_PIECE_TO
        }
    }
}

impl Default for SearchStack {
    fn default() -> Self {
        SearchStack::new()
    }
}
