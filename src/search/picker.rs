//! The staged move picker: hands out moves best-first and generates lazily,
//! so a cut-off by the hash move or a good capture never pays for quiet
//! move generation. Stages: hash move, good captures (MVV-LVA plus capture
//! history, SEE >= 0), killers, counter move, quiets by history, bad
//! captures. Every move it returns is legal: generated moves are legal by
//! construction and the hash, killer and counter moves are checked with
//! `Board::is_legal` (they may come from another position).

use super::history::{History, QuietCtx};
use super::params::{CAPTURE_HIST_DIV, MVV_MUL, QUIET_SORT_LIMIT, SEE_VALUE};
use super::see::see_ge;
use super::threats::Threats;
use crate::chess::movegen::{gen, generate, EachMove};
use crate::chess::moves::MAX_MOVES;
use crate::chess::{Bitboard, Board, Move, Piece, PieceType};

/// A move and its ordering score side by side: the sort shifts one
/// eight-byte entry where two arrays took two stores per step.
#[derive(Copy, Clone)]
struct Scored {
    score: i32,
    m: Move,
}

/// Moves and their ordering scores for one ply, allocated once per thread
/// so nodes never initialise large arrays.
pub struct MoveBuf {
    list: [Scored; MAX_MOVES],
    len: usize,
}

impl Default for MoveBuf {
    fn default() -> Self {
        MoveBuf {
            list: [Scored {
                score: 0,
                m: Move::NULL,
            }; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveBuf {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.len < MAX_MOVES {
            self.list[self.len].m = m;
            self.len += 1;
        }
    }
}

impl EachMove for MoveBuf {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        self.push(m);
    }
}

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    Counter,
    GenQuiet,
    Quiet,
    BadNoisy,
    Done,
}

/// Picker state for one node; the moves themselves live in a `MoveBuf`.
pub struct Picker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    ctx: QuietCtx,
    /// The opponent's attacks by piece value, for the quiets' order.
    danger: Threats,
    /// Quiescence: noisy moves only (all evasions when in check), no under-promotions.
    qsearch: bool,
    skip_quiets: bool,
    cur: usize,
    /// Bad captures are moved to `0..bad_end` as they are found.
    bad_end: usize,
    bad_cur: usize,
    /// Whether the last move returned came from the bad-capture stage.
    pub last_was_bad: bool,
    /// The history score of the last move when it came from the quiet stage.
    pub last_quiet_score: Option<i32>,
    /// Quiets scoring below this stay unsorted (tried last, in any order).
    sort_limit: i32,
}

impl Picker {
    /// A picker for the main search at `depth`.
    pub fn new(
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        ctx: QuietCtx,
        danger: Threats,
        depth: i32,
    ) -> Picker {
        Picker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            counter,
            ctx,
            danger,
            qsearch: false,
            skip_quiets: false,
            cur: 0,
            bad_end: 0,
            bad_cur: 0,
            last_was_bad: false,
            last_quiet_score: None,
            sort_limit: -QUIET_SORT_LIMIT * depth,
        }
    }

    /// A picker for quiescence: captures and queen promotions (losing ones
    /// last, flagged by `last_was_bad`), or every evasion when `in_check`.
    pub fn qsearch(tt_move: Move, in_check: bool, ctx: QuietCtx) -> Picker {
        let mut p = Picker::new(
            tt_move,
            [Move::NULL; 2],
            Move::NULL,
            ctx,
            Threats::default(),
            0,
        );
        p.sort_limit = i32::MIN;
        p.qsearch = !in_check;
        p.skip_quiets = !in_check;
        p
    }

    /// Whether a (hash/killer) move fits this picker's mode.
    #[inline(always)]
    fn wanted(&self, m: Move) -> bool {
        !self.qsearch || (m.is_noisy() && !is_under_promotion(m))
    }

    #[inline(always)]
    fn is_special(&self, m: Move) -> bool {
        m == self.tt_move || m == self.killers[0] || m == self.killers[1] || m == self.counter
    }

    /// Moves the best-scored move of `cur..len` to `cur` and returns it.
    #[inline(always)]
    fn pick_best(buf: &mut MoveBuf, cur: usize) -> Move {
        let mut best = cur;
        for i in cur + 1..buf.len {
            if buf.list[i].score > buf.list[best].score {
                best = i;
            }
        }
        buf.list.swap(cur, best);
        buf.list[cur].m
    }

    /// Hands out `m` with what the search reads beside it. The flags are
    /// written here, as the move leaves, rather than cleared on entry: a
    /// store on entry sat in the store buffer when the quiet stage loaded
    /// the hash, killer and counter moves beside it in one wide load, and
    /// the load stalled (about 2% of `bench`'s time).
    #[inline(always)]
    fn give(&mut self, m: Move, bad: bool, quiet_score: Option<i32>) -> Option<Move> {
        self.last_was_bad = bad;
        self.last_quiet_score = quiet_score;
        Some(m)
    }

    /// The next move, or `None` when every stage is exhausted.
    pub fn next(&mut self, buf: &mut MoveBuf, b: &Board, h: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenNoisy;
                    let m = self.tt_move;
                    if !m.is_null() && b.is_legal(m) {
                        if self.wanted(m) {
                            return self.give(m, false, None);
                        }
                    } else {
                        self.tt_move = Move::NULL;
                    }
                }
                Stage::GenNoisy => {
                    buf.len = 0;
                    generate::<_, { gen::NOISY }>(b, buf, Bitboard::ALL);
                    let side = b.side_to_move();
                    for i in 0..buf.len {
                        let m = buf.list[i].m;
                        let mut score = m.promotion().map_or(0, |p| SEE_VALUE[p.index()]);
                        if m.is_capture() {
                            // Generated moves: the mover is ours and a
                            // capture's target holds the victim (bar e.p.).
                            let victim = if m.is_en_passant() {
                                PieceType::Pawn
                            } else {
                                b.kind_at(m.to())
                            };
                            let mover = Piece::new(side, b.kind_at(m.from()));
                            score = (score + SEE_VALUE[victim.index()]) * MVV_MUL
                                + h.capture_of(mover.index(), m.to().index(), victim.index())
                                    / CAPTURE_HIST_DIV;
                        } else {
                            score *= MVV_MUL;
                        }
                        buf.list[i].score = score;
                    }
                    self.cur = 0;
                    self.bad_end = 0;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    while self.cur < buf.len {
                        let m = Self::pick_best(buf, self.cur);
                        self.cur += 1;
                        if m == self.tt_move {
                            continue;
                        }
                        if self.qsearch && is_under_promotion(m) {
                            continue;
                        }
                        if is_under_promotion(m) || !see_ge(b, m, 0) {
                            buf.list[self.bad_end].m = m;
                            self.bad_end += 1;
                            continue;
                        }
                        return self.give(m, false, None);
                    }
                    self.stage = if self.skip_quiets {
                        Stage::BadNoisy
                    } else {
                        Stage::Killer1
                    };
                }
                Stage::Killer1 | Stage::Killer2 | Stage::Counter => {
                    let m = match self.stage {
                        Stage::Killer1 => self.killers[0],
                        Stage::Killer2 => self.killers[1],
                        _ => self.counter,
                    };
                    let dup = match self.stage {
                        Stage::Killer1 => m == self.tt_move,
                        Stage::Killer2 => m == self.tt_move || m == self.killers[0],
                        _ => m == self.tt_move || m == self.killers[0] || m == self.killers[1],
                    };
                    self.stage = match self.stage {
                        Stage::Killer1 => Stage::Killer2,
                        Stage::Killer2 => Stage::Counter,
                        _ => Stage::GenQuiet,
                    };
                    if !self.skip_quiets && !m.is_null() && !dup && !m.is_noisy() && b.is_legal(m) {
                        return self.give(m, false, None);
                    }
                    // Not tried here: do not filter it out of the quiets later
                    // (a duplicate stays filtered by the move it duplicates).
                    match self.stage {
                        Stage::Killer2 => self.killers[0] = Move::NULL,
                        Stage::Counter => self.killers[1] = Move::NULL,
                        _ => self.counter = Move::NULL,
                    }
                }
                Stage::GenQuiet => {
                    if self.skip_quiets {
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    // Quiets go after the bad captures in the buffer.
                    let start = self.bad_end;
                    buf.len = start;
                    generate::<_, { gen::QUIET }>(b, buf, Bitboard::ALL);
                    let side = b.side_to_move();
                    for i in start..buf.len {
                        let m = buf.list[i].m;
                        // A generated move: the mover is the side to move's.
                        let kind = b.kind_at(m.from());
                        let pt = Piece::new(side, kind).index() * 64 + m.to().index();
                        buf.list[i].score =
                            h.quiet(side, m, pt, self.ctx) + self.danger.order_bonus(kind, m);
                    }
                    partial_sort(buf, start, self.sort_limit);
                    self.cur = start;
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    while !self.skip_quiets && self.cur < buf.len {
                        let Scored { m, score } = buf.list[self.cur];
                        self.cur += 1;
                        if self.is_special(m) {
                            continue;
                        }
                        // Pruning and reductions see the history alone.
                        let danger = self.danger.order_bonus(b.kind_at(m.from()), m);
                        return self.give(m, false, Some(score - danger));
                    }
                    self.stage = Stage::BadNoisy;
                }
                Stage::BadNoisy => {
                    if self.bad_cur < self.bad_end {
                        let m = buf.list[self.bad_cur].m;
                        self.bad_cur += 1;
                        return self.give(m, true, None);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => {
                    self.last_was_bad = false;
                    self.last_quiet_score = None;
                    return None;
                }
            }
        }
    }
}

/// Sorts the moves of `start..len` scoring at least `limit` to the front,
/// best first (insertion sort); the rest follow in generation order.
fn partial_sort(buf: &mut MoveBuf, start: usize, limit: i32) {
    let list = &mut buf.list[..buf.len];
    let mut sorted_end = start;
    for p in start..list.len() {
        let entry = list[p];
        if entry.score < limit {
            continue;
        }
        list[p] = list[sorted_end];
        let mut q = sorted_end;
        while q > start && list[q - 1].score < entry.score {
            list[q] = list[q - 1];
            q -= 1;
        }
        list[q] = entry;
        sorted_end += 1;
    }
}

#[inline(always)]
fn is_under_promotion(m: Move) -> bool {
    matches!(m.promotion(), Some(p) if p != PieceType::Queen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{legal_moves, parse_move};

    fn all_picked(fen: &str, tt: &str, killers: [&str; 2]) -> Vec<Move> {
        let b = Board::from_fen(fen).unwrap();
        let mv = |s: &str| parse_move(&b, s).unwrap_or(Move::NULL);
        let h = History::new();
        let mut buf = MoveBuf::default();
        let mut p = Picker::new(
            mv(tt),
            [mv(killers[0]), mv(killers[1])],
            Move::NULL,
            QuietCtx::default(),
            Threats::of(&b),
            5,
        );
        let mut out = Vec::new();
        while let Some(m) = p.next(&mut buf, &b, &h) {
            out.push(m);
        }
        out
    }

    #[test]
    fn every_legal_move_exactly_once() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            let legal = legal_moves(&b);
            let first = legal.as_slice()[0].to_string();
            let last = legal.as_slice()[legal.len() - 1].to_string();
            for (tt, k) in [("", ["", ""]), (&first[..], [&last[..], "a1a2"])] {
                let mut got = all_picked(fen, tt, k);
                assert_eq!(got.len(), legal.len(), "{fen}");
                got.sort_by_key(|m| m.raw());
                let mut want = legal.as_slice().to_vec();
                want.sort_by_key(|m| m.raw());
                assert_eq!(got, want, "{fen}");
            }
        }
    }

    #[test]
    fn partial_sort_orders_the_good_and_keeps_the_rest() {
        let mut buf = MoveBuf::default();
        let scores = [5, -100, 30, 7, -5000, 30, 0];
        for (i, &sc) in scores.iter().enumerate() {
            buf.list[i] = Scored {
                score: sc,
                m: Move::from_raw(i as u16 + 1),
            };
        }
        buf.len = scores.len();
        partial_sort(&mut buf, 0, 0);
        let scores: Vec<i32> = buf.list[..7].iter().map(|e| e.score).collect();
        assert_eq!(scores[..5], [30, 30, 7, 5, 0]);
        let mut rest = scores[5..7].to_vec();
        rest.sort();
        assert_eq!(rest, [-5000, -100]);
        let mut all: Vec<u16> = buf.list[..7].iter().map(|e| e.m.raw()).collect();
        all.sort();
        assert_eq!(all, (1..=7).collect::<Vec<u16>>());
    }

    #[test]
    fn hash_move_first_then_winning_capture() {
        let fen = "4k3/8/8/3q4/8/8/3R4/4K2N w - - 0 1";
        let got = all_picked(fen, "Kf2", ["", ""]);
        assert_eq!(got[0].to_string(), "e1f2");
        assert_eq!(got[1].to_string(), "d2d5");
    }
}
