//! What the search learns about moves while it runs, for move ordering and
//! reductions: a butterfly history (side, whether the opponent attacks
//! the from and the to square, from, to), a capture history
//! (piece, to, victim), a continuation history (previous piece and square,
//! this piece and square), counter moves, and the correction histories
//! (how far the static eval missed the search's score in positions with
//! this pawn structure, these pieces of one colour, after these two
//! moves), and a pawn history (this pawn structure's slot, this piece
//! and square). Killers live in the search stack. The move histories are
//! updated with the "gravity" rule that keeps values inside ±`HISTORY_MAX`
//! and lets old knowledge fade; the correction histories are running
//! averages (`update_correction`).

use super::params::{
    corr_cont_weight, corr_minor_weight, corr_non_pawn_weight, corr_pawn_weight,
    history_bonus_base, history_bonus_max, history_bonus_mul, CORR_GRAIN, CORR_MAX, CORR_SIZE,
    CORR_WEIGHT_MAX, CORR_WEIGHT_SCALE, HISTORY_MAX, PAWN_HIST_SIZE,
};
use crate::chess::{Bitboard, Board, Color, Move};

/// Index of a (piece, to-square) pair: `piece * 64 + to`, 0..768.
pub type PieceTo = usize;
/// The continuation slot used when there is no previous move (root, null move).
pub const NO_PIECE_TO: PieceTo = 0;

/// What a quiet move's history depends on besides the move: the
/// continuation slots of the last two moves and of the side's own move
/// before its last (four plies up), and the squares the opponent
/// attacks (a move out of an attack, or into one, is another move), and
/// the pawn structure's slot (`pawn_slot`): a piece's best squares depend
/// on where the pawns stand.
#[derive(Copy, Clone, Default)]
pub struct QuietCtx {
    pub prev1: PieceTo,
    pub prev2: PieceTo,
    pub prev4: PieceTo,
    pub threats: Bitboard,
    pub pawns: usize,
}

/// The pawn history's slot of `b`'s pawn structure.
#[inline(always)]
pub fn pawn_slot(b: &Board) -> usize {
    b.pawn_hash() as usize & (PAWN_HIST_SIZE - 1)
}

/// Bonus for a cut-off at `depth` (malus is its negation).
#[inline]
pub fn bonus(depth: i32) -> i32 {
    (history_bonus_mul() * depth + history_bonus_base()).clamp(0, history_bonus_max())
}

#[inline(always)]
fn gravity(v: &mut i16, bonus: i32) {
    let x = *v as i32;
    *v = (x + bonus - x * bonus.abs() / HISTORY_MAX) as i16;
}

/// All the per-thread ordering tables.
pub struct History {
    /// `[side][from attacked][to attacked][from][to]`, flattened.
    main: Vec<i16>,
    capture: Vec<i16>,
    /// `[prev PieceTo][PieceTo]`, flattened.
    cont: Vec<i16>,
    /// `[pawn slot][PieceTo]`, flattened.
    pawn: Vec<i16>,
    counter: Vec<Move>,
    /// `[side][pawn hash % CORR_SIZE]`, in 1/`CORR_GRAIN` centipawns.
    corr: Vec<i16>,
    /// `[side][colour][that colour's non-pawn hash % CORR_SIZE]`, the same units.
    non_pawn_corr: Vec<i16>,
    /// `[side][minor-piece hash % CORR_SIZE]`, the same units.
    minor_corr: Vec<i16>,
    /// `[PieceTo two plies back][PieceTo one ply back]`, the same units:
    /// how far the eval misses after this pair of moves.
    cont_corr: Vec<i16>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            main: vec![0; 2 * 4 * 64 * 64],
            capture: vec![0; 768 * 6],
            cont: vec![0; 768 * 768],
            pawn: vec![0; PAWN_HIST_SIZE * 768],
            counter: vec![Move::NULL; 768],
            corr: vec![0; 2 * CORR_SIZE],
            non_pawn_corr: vec![0; 4 * CORR_SIZE],
            minor_corr: vec![0; 2 * CORR_SIZE],
            cont_corr: vec![0; 768 * 768],
        }
    }

    pub fn clear(&mut self) {
        self.main.fill(0);
        self.capture.fill(0);
        self.cont.fill(0);
        self.pawn.fill(0);
        self.counter.fill(Move::NULL);
        self.corr.fill(0);
        self.non_pawn_corr.fill(0);
        self.minor_corr.fill(0);
        self.cont_corr.fill(0);
    }

    #[inline(always)]
    fn corr_idx(side: Color, key: u64) -> usize {
        side.index() * CORR_SIZE + (key as usize & (CORR_SIZE - 1))
    }

    /// The non-pawn entry of `side` to move for `color`'s pieces.
    #[inline(always)]
    fn non_pawn_idx(side: Color, color: Color, b: &Board) -> usize {
        (side.index() * 2 + color.index()) * CORR_SIZE
            + (b.non_pawn_hash(color) as usize & (CORR_SIZE - 1))
    }

    /// The continuation entry of the moves `prev2` then `prev1`.
    #[inline(always)]
    fn cont_corr_idx(prev1: PieceTo, prev2: PieceTo) -> usize {
        prev2 * 768 + prev1
    }

    /// What to add to the static eval of the side to move on `b`,
    /// reached by the moves `prev2` then `prev1`, centipawns: what the
    /// pawn structure's entry, each side's non-pawn pieces' entries, the
    /// knights' and bishops' entry and the last two moves' entry have
    /// learnt, weighted by `corr_pawn_weight`, `corr_non_pawn_weight`,
    /// `corr_minor_weight` and `corr_cont_weight`
    /// (256ths).
    #[inline(always)]
    pub fn correction(&self, b: &Board, prev1: PieceTo, prev2: PieceTo) -> i32 {
        let side = b.side_to_move();
        let pawns = self.corr[Self::corr_idx(side, b.pawn_hash())] as i32;
        let pieces = self.non_pawn_corr[Self::non_pawn_idx(side, Color::White, b)] as i32
            + self.non_pawn_corr[Self::non_pawn_idx(side, Color::Black, b)] as i32;
        let minors = self.minor_corr[Self::corr_idx(side, b.minor_hash() as u64)] as i32;
        let moves = self.cont_corr[Self::cont_corr_idx(prev1, prev2)] as i32;
        (pawns * corr_pawn_weight()
            + pieces * corr_non_pawn_weight()
            + minors * corr_minor_weight()
            + moves * corr_cont_weight())
            / (256 * CORR_GRAIN)
    }

    /// Moves the position's entries towards `diff` (search score - static
    /// eval), the more the deeper the search was.
    #[inline(always)]
    pub fn update_correction(
        &mut self,
        b: &Board,
        prev1: PieceTo,
        prev2: PieceTo,
        diff: i32,
        depth: i32,
    ) {
        let side = b.side_to_move();
        let w = (depth + 1).min(CORR_WEIGHT_MAX);
        let target = diff.clamp(-CORR_MAX / CORR_GRAIN, CORR_MAX / CORR_GRAIN) * CORR_GRAIN;
        let towards = |e: &mut i16| {
            let v = (*e as i32 * (CORR_WEIGHT_SCALE - w) + target * w) / CORR_WEIGHT_SCALE;
            *e = v.clamp(-CORR_MAX, CORR_MAX) as i16;
        };
        towards(&mut self.corr[Self::corr_idx(side, b.pawn_hash())]);
        towards(&mut self.non_pawn_corr[Self::non_pawn_idx(side, Color::White, b)]);
        towards(&mut self.non_pawn_corr[Self::non_pawn_idx(side, Color::Black, b)]);
        towards(&mut self.minor_corr[Self::corr_idx(side, b.minor_hash() as u64)]);
        towards(&mut self.cont_corr[Self::cont_corr_idx(prev1, prev2)]);
    }

    #[inline(always)]
    fn main_idx(side: Color, m: Move, threats: Bitboard) -> usize {
        let from_attacked = threats.contains(m.from()) as usize;
        let to_attacked = threats.contains(m.to()) as usize;
        ((side.index() * 2 + from_attacked) * 2 + to_attacked) * 4096
            + m.from().index() * 64
            + m.to().index()
    }

    #[inline(always)]
    pub fn main(&self, side: Color, m: Move, threats: Bitboard) -> i32 {
        self.main[Self::main_idx(side, m, threats)] as i32
    }

    #[inline(always)]
    pub fn cont(&self, prev: PieceTo, cur: PieceTo) -> i32 {
        self.cont[prev * 768 + cur] as i32
    }

    /// Quiet-move score: butterfly plus the continuation histories of the
    /// moves one, two and four plies up plus the pawn history.
    #[inline(always)]
    pub fn quiet(&self, side: Color, m: Move, pt: PieceTo, ctx: QuietCtx) -> i32 {
        self.main(side, m, ctx.threats)
            + self.cont(ctx.prev1, pt)
            + self.cont(ctx.prev2, pt)
            + self.cont(ctx.prev4, pt)
            + self.pawn[ctx.pawns * 768 + pt] as i32
    }

    #[inline(always)]
    fn capture_idx(b: &Board, m: Move) -> usize {
        let piece = b.moved_piece(m).map_or(0, |p| p.index());
        let victim = b.captured(m).map_or(0, |p| p.kind().index());
        (piece * 64 + m.to().index()) * 6 + victim
    }

    /// A capture's history from parts the caller already has: the moving
    /// piece's index, the target square and the victim's kind index.
    #[inline(always)]
    pub fn capture_of(&self, piece: usize, to: usize, victim: usize) -> i32 {
        self.capture[(piece * 64 + to) * 6 + victim] as i32
    }

    pub fn update_quiet(&mut self, side: Color, m: Move, pt: PieceTo, ctx: QuietCtx, bonus: i32) {
        gravity(&mut self.main[Self::main_idx(side, m, ctx.threats)], bonus);
        gravity(&mut self.pawn[ctx.pawns * 768 + pt], bonus);
        for prev in [ctx.prev1, ctx.prev2, ctx.prev4] {
            if prev != NO_PIECE_TO {
                gravity(&mut self.cont[prev * 768 + pt], bonus);
            }
        }
    }

    pub fn update_capture(&mut self, b: &Board, m: Move, bonus: i32) {
        gravity(&mut self.capture[Self::capture_idx(b, m)], bonus);
    }

    #[inline(always)]
    pub fn counter(&self, prev: PieceTo) -> Move {
        self.counter[prev]
    }

    pub fn set_counter(&mut self, prev: PieceTo, m: Move) {
        if prev != NO_PIECE_TO {
            self.counter[prev] = m;
        }
    }
}

/// The (piece, to) index of a move about to be made on `b`.
#[inline(always)]
pub fn piece_to(b: &Board, m: Move) -> PieceTo {
    b.moved_piece(m)
        .map_or(NO_PIECE_TO, |p| p.index() * 64 + m.to().index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_stays_bounded() {
        let mut v = 0i16;
        for _ in 0..10_000 {
            gravity(&mut v, history_bonus_max());
        }
        assert!(v as i32 <= HISTORY_MAX && v > 0);
        for _ in 0..10_000 {
            gravity(&mut v, -history_bonus_max());
        }
        assert!(v as i32 >= -HISTORY_MAX && v < 0);
    }

    #[test]
    fn correction_learns_towards_the_search_and_stays_capped() {
        let b = Board::startpos();
        let (p1, p2) = (5 * 64 + 20, 64 + 45);
        let mut h = History::new();
        assert_eq!(h.correction(&b, p1, p2), 0);
        for _ in 0..1000 {
            h.update_correction(&b, p1, p2, 40, 20);
        }
        // Each table converges on +40, joined by the default weights:
        // pawns 256, each colour's pieces 128, the minor pieces 128, the
        // moves 128 (256ths).
        let c = h.correction(&b, p1, p2);
        assert!((115..=120).contains(&c), "{c}");
        // Another pair of moves into the same position shares the pawn,
        // non-pawn and minor entries but not the continuation entry.
        let other = h.correction(&b, p2, p1);
        assert!((95..=100).contains(&other), "{other}");
        // A huge miss moves the entries no further than the cap.
        for _ in 0..1000 {
            h.update_correction(&b, p1, p2, 10_000, 20);
        }
        let cap = CORR_MAX / CORR_GRAIN;
        assert!(h.correction(&b, p1, p2) <= cap * 768 / 256);
    }
}
