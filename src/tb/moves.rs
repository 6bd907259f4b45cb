//! Every legal move of a position in the tables with what it leads to: the
//! board's tablebase view lists them (sorted as Lichess does), and the
//! search's root keeps only the best of them (Stockfish's root ranking: a
//! won endgame stays won within the 50-move rule, a drawn one is not lost).

use super::tables::Tablebases;
use super::types::{Dtz, TbError, Wdl};
use crate::chess::{legal_moves, Board, Move, PieceType};

/// A legal move and its outcome for the side that plays it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    pub mv: Move,
    /// The outcome after the move, for the mover (the table's value: the
    /// halfmove clock is not looked at).
    pub wdl: Wdl,
    /// Plies to the next zeroing move counted from before this move, for
    /// the mover (1 for a mate or a winning capture); `None` when the DTZ
    /// table is missing.
    pub dtz: Option<Dtz>,
    /// The DTZ of the position after the move, for the side to move there
    /// (0 after a mate or stalemate), as Lichess's tablebase view writes
    /// each move's: a zeroing move has its new material's count, not 1.
    /// `None` when the table for that position is missing.
    pub after: Option<Dtz>,
    /// A capture or pawn move (it resets the 50-move counter).
    pub zeroing: bool,
    /// The move mates.
    pub mate: bool,
    /// The move stalemates.
    pub stalemate: bool,
}

impl MoveOutcome {
    /// Whether the move ends the game by the 50-move rule when played at
    /// halfmove count `clock`: it neither mates nor zeroes the count at 99
    /// (Stockfish's `is_draw(1)` at the root).
    pub fn draws_by_rule50(&self, clock: u16) -> bool {
        clock >= 99 && !self.zeroing && !self.mate
    }

    /// The outcome once the halfmove clock `clock` (before the move) is
    /// counted, as Lichess's tablebase view counts it: a move that neither
    /// mates nor zeroes the count at 99 draws by the 50-move rule at once,
    /// and a win whose next zeroing move comes after the 100th half-move
    /// is a win the rule spoils (a loss likewise one it saves).
    pub fn under_clock(&self, clock: u16) -> MoveOutcome {
        let mut o = *self;
        if o.mate || o.stalemate {
            return o;
        }
        if o.draws_by_rule50(clock) {
            o.wdl = Wdl::Draw;
            o.dtz = Some(Dtz {
                plies: 0,
                rounded: false,
            });
            return o;
        }
        let clock = i32::from(clock);
        let late = |d: Option<Dtz>| d.is_some_and(|d| clock + d.plies.abs() > 100);
        o.wdl = match o.wdl {
            Wdl::Win if late(o.dtz) => Wdl::CursedWin,
            Wdl::Loss if late(o.dtz) => Wdl::BlessedLoss,
            w => w,
        };
        o
    }
}

/// A root move's standing in Stockfish's terms: higher is better; every
/// win within the 50-move rule ranks the same (`MAX_DTZ`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootRank {
    pub mv: Move,
    pub rank: i32,
    /// DTZ from the root for the mover (0 when only WDL was known).
    pub dtz: i32,
    /// Ranks at or above this are wins, at or below its negative losses.
    pub bound: i32,
    /// DTZ tables ranked the moves (else WDL alone did).
    pub by_dtz: bool,
}

/// The rank every win within the 50-move rule gets.
pub const MAX_DTZ: i32 = 1 << 18;

/// DTZ right after a zeroing move with this outcome (for the mover).
fn dtz_before_zeroing(w: Wdl) -> i32 {
    match w {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

impl Tablebases {
    /// Every legal move of `b` with its outcome; an error when `b` or a
    /// position after one of its moves is not in the loaded WDL tables.
    /// DTZ comes from the DTZ tables when they are there.
    pub fn move_outcomes(&self, b: &Board) -> Result<Vec<MoveOutcome>, TbError> {
        self.position(b)?;
        let mut out = Vec::new();
        for &mv in legal_moves(b).iter() {
            let child = b.make(mv);
            let zeroing = mv.is_capture() || b.kind_at(mv.from()) == PieceType::Pawn;
            if legal_moves(&child).is_empty() {
                let mate = child.in_check();
                out.push(MoveOutcome {
                    mv,
                    wdl: if mate { Wdl::Win } else { Wdl::Draw },
                    dtz: Some(Dtz {
                        plies: i32::from(mate),
                        rounded: false,
                    }),
                    after: Some(Dtz {
                        plies: 0,
                        rounded: false,
                    }),
                    zeroing,
                    mate,
                    stalemate: !mate,
                });
                continue;
            }
            let pos = self.position(&child)?;
            let wdl = self.wdl_of(&pos)?.flip();
            let child_dtz = self.dtz_of(&pos).ok();
            let after = child_dtz.map(|d| Dtz {
                plies: d.plies.abs(),
                rounded: d.rounded,
            });
            let dtz = if zeroing {
                Some(Dtz {
                    plies: dtz_before_zeroing(wdl),
                    rounded: false,
                })
            } else {
                child_dtz.map(|d| {
                    let p = -d.plies;
                    Dtz {
                        plies: p + p.signum(),
                        rounded: d.rounded,
                    }
                })
            };
            out.push(MoveOutcome {
                mv,
                wdl,
                dtz,
                after,
                zeroing,
                mate: false,
                stalemate: false,
            });
        }
        Ok(out)
    }

    /// The root moves ranked as Stockfish's `root_probe` does, best first
    /// (and among equals, by DTZ: the quickest win, the longest loss).
    /// `rule50`: whether the 50-move rule counts (`Syzygy50MoveRule`);
    /// `repeated`: the root has occurred before. Without DTZ tables the
    /// moves are ranked by WDL alone.
    pub fn rank_root(
        &self,
        b: &Board,
        rule50: bool,
        repeated: bool,
    ) -> Result<Vec<RootRank>, TbError> {
        let moves = self.move_outcomes(b)?;
        let bound = if rule50 { MAX_DTZ - 100 } else { 1 };
        let cnt50 = i32::from(b.halfmove_clock());
        let have_dtz = moves.iter().all(|m| m.dtz.is_some());
        let mut ranks: Vec<RootRank> = moves
            .iter()
            .map(|m| {
                if m.draws_by_rule50(b.halfmove_clock()) {
                    return RootRank {
                        mv: m.mv,
                        rank: 0,
                        dtz: 0,
                        bound,
                        by_dtz: have_dtz,
                    };
                }
                if !have_dtz {
                    let w = if rule50 {
                        m.wdl
                    } else {
                        m.wdl.without_rule50()
                    };
                    let rank = match w {
                        Wdl::Win => MAX_DTZ,
                        Wdl::CursedWin => 1,
                        Wdl::Draw => 0,
                        Wdl::BlessedLoss => -1,
                        Wdl::Loss => -MAX_DTZ,
                    };
                    return RootRank {
                        mv: m.mv,
                        rank,
                        dtz: 0,
                        bound,
                        by_dtz: false,
                    };
                }
                let dtz = m.dtz.map_or(0, |d| d.plies);
                let rank = if dtz > 0 {
                    if dtz + cnt50 <= 99 && !repeated {
                        MAX_DTZ
                    } else {
                        MAX_DTZ - (dtz + cnt50)
                    }
                } else if dtz < 0 {
                    if -dtz * 2 + cnt50 < 100 {
                        -MAX_DTZ
                    } else {
                        -MAX_DTZ + (-dtz + cnt50)
                    }
                } else {
                    0
                };
                RootRank {
                    mv: m.mv,
                    rank,
                    dtz,
                    bound,
                    by_dtz: true,
                }
            })
            .collect();
        ranks.sort_by_key(|r| (std::cmp::Reverse(r.rank), r.dtz));
        Ok(ranks)
    }
}

/// Lichess's order for a tablebase view: mates, then wins (quickest
/// first, a zeroing move before others at equal distance), cursed wins,
/// draws, blessed losses, losses (longest first).
pub fn lichess_order(moves: &mut [MoveOutcome]) {
    moves.sort_by_key(|m| {
        let d = m.dtz.map_or(0, |d| d.plies);
        let class = match (m.mate, m.wdl) {
            (true, _) => 0,
            (_, Wdl::Win) => 1,
            (_, Wdl::CursedWin) => 2,
            (_, Wdl::Draw) => 3,
            (_, Wdl::BlessedLoss) => 4,
            (_, Wdl::Loss) => 5,
        };
        let within = match m.wdl {
            Wdl::Win | Wdl::CursedWin => d,
            Wdl::Loss | Wdl::BlessedLoss => d,
            Wdl::Draw => 0,
        };
        // Among equals, the shorter count after the move for a win (a
        // queen's promotion before a rook's), the longer for a loss.
        let after = m.after.map_or(0, |a| a.plies);
        let after = if within < 0 { -after } else { after };
        (class, within, !m.zeroing, after)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tb() -> Tablebases {
        Tablebases::open(&format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))).0
    }

    #[test]
    fn root_keeps_the_result_and_ranks_by_dtz() {
        let tb = tb();
        // KRvK: every move that still wins within 50 ranks first.
        let b = Board::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
        let r = tb.rank_root(&b, true, false).unwrap();
        assert_eq!(r[0].rank, MAX_DTZ);
        assert!(r.windows(2).all(|w| w[0].rank >= w[1].rank));
        // Near the 50-move limit only the fastest wins keep the top rank.
        let late = Board::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 80 100").unwrap();
        let r2 = tb.rank_root(&late, true, false).unwrap();
        let best = r2.iter().filter(|x| x.rank == r2[0].rank).count();
        let early = r.iter().filter(|x| x.rank == MAX_DTZ).count();
        assert!(best < early, "{best} vs {early}");
    }

    #[test]
    fn a_move_at_a_count_of_99_that_does_not_zero_it_draws() {
        let tb = tb();
        // KRvK with the count at 99: every move is a king or rook move, so
        // each ends the game by the 50-move rule (Stockfish scores it 0).
        let b = Board::from_fen("8/8/8/4k3/8/8/8/4K2R w - - 99 80").unwrap();
        let r = tb.rank_root(&b, true, false).unwrap();
        assert!(r.iter().all(|x| x.rank == 0 && x.dtz == 0), "{r:?}");
        for o in tb.move_outcomes(&b).unwrap() {
            assert_eq!(o.wdl, Wdl::Win);
            assert_eq!(o.under_clock(99).wdl, Wdl::Draw, "{o:?}");
        }
        // At 95 the win is 27 plies away: the rule spoils it; at 0 it holds.
        let b = Board::from_fen("8/8/8/4k3/8/8/8/4K2R w - - 95 80").unwrap();
        let r = tb.rank_root(&b, true, false).unwrap();
        assert!(r[0].rank > 0 && r[0].rank < r[0].bound, "{:?}", r[0]);
        let outcomes = tb.move_outcomes(&b).unwrap();
        let best = outcomes.iter().filter(|o| o.wdl == Wdl::Win).count();
        assert!(best > 0);
        for o in &outcomes {
            let d = o.dtz.unwrap().plies;
            let w = o.under_clock(95).wdl;
            match o.wdl {
                Wdl::Win if d > 5 => assert_eq!(w, Wdl::CursedWin, "{o:?}"),
                other => assert_eq!(w, other, "{o:?}"),
            }
            assert_eq!(o.under_clock(0), *o);
        }
        // A capture zeroes the count: its outcome stands even at 99.
        let b = Board::from_fen("8/8/8/4k3/8/8/4r3/4K2R w - - 99 80").unwrap();
        let take = tb
            .move_outcomes(&b)
            .unwrap()
            .into_iter()
            .find(|o| o.zeroing)
            .unwrap();
        assert_eq!(take.under_clock(99), take);
    }

    #[test]
    fn outcomes_of_every_move() {
        let tb = tb();
        // Qh8# and Qb7# mate; nothing can take the queen, so the worst is a
        // draw (a stalemate).
        let b = Board::from_fen("k7/8/1K6/8/8/8/7Q/8 w - - 0 1").unwrap();
        let mut m = tb.move_outcomes(&b).unwrap();
        lichess_order(&mut m);
        assert!(m[0].mate, "{:?}", m[0]);
        assert_eq!(m[0].dtz.unwrap().plies, 1);
        let last = m.last().unwrap();
        assert!(last.wdl <= Wdl::Draw, "{last:?}");
    }
}
