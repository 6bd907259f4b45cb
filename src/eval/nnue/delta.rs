//! What a move changes for the network: the pieces it removes from and adds
//! to squares (at most two of each), and whether a king left its bucket or
//! crossed the mirror line so that its own perspective must be refreshed.
//! Also `PieceSet`, the bare piece placement the refresh paths work from.

use super::features::KingView;
use crate::chess::{Bitboard, Board, Color, Move, MoveKind, Piece, PieceType, Square};

/// One piece on one square.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PieceSquare {
    pub piece: Piece,
    pub sq: Square,
}

const NOTHING: PieceSquare = PieceSquare {
    piece: Piece::new(Color::White, PieceType::Pawn),
    sq: Square::A1,
};

/// The feature changes of one move, independent of any perspective.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Delta {
    adds: [PieceSquare; 2],
    subs: [PieceSquare; 2],
    n_adds: u8,
    n_subs: u8,
    /// Per colour: its king changed view, so this perspective is refreshed
    /// rather than updated.
    refresh: [bool; 2],
}

impl Default for Delta {
    fn default() -> Delta {
        Delta::NONE
    }
}

impl Delta {
    /// No change (a null move).
    pub const NONE: Delta = Delta {
        adds: [NOTHING; 2],
        subs: [NOTHING; 2],
        n_adds: 0,
        n_subs: 0,
        refresh: [false; 2],
    };

    /// The changes of `m` played on `before` (`m` legal there).
    #[inline]
    pub fn new(before: &Board, m: Move) -> Delta {
        let mut d = Delta::NONE;
        let Some(piece) = before.moved_piece(m) else {
            debug_assert!(false, "{m} does not start on a piece");
            return d;
        };
        let (from, to) = (m.from(), m.to());
        if m.is_castle() {
            let rank = from.rank();
            let (rook_from, rook_to) = if m.kind() == MoveKind::KingCastle {
                (Square::from_coords(7, rank), Square::from_coords(5, rank))
            } else {
                (Square::from_coords(0, rank), Square::from_coords(3, rank))
            };
            let rook = Piece::new(piece.color(), PieceType::Rook);
            d.sub(piece, from);
            d.sub(rook, rook_from);
            d.add(piece, to);
            d.add(rook, rook_to);
        } else {
            d.sub(piece, from);
            let placed = match m.promotion() {
                Some(kind) => Piece::new(piece.color(), kind),
                None => piece,
            };
            d.add(placed, to);
            if let Some(victim) = before.captured(m) {
                let at = if m.is_en_passant() {
                    Square::from_coords(to.file(), from.rank())
                } else {
                    to
                };
                d.sub(victim, at);
            }
        }
        if piece.kind() == PieceType::King {
            let us = piece.color();
            d.refresh[us.index()] = KingView::new(us, from) != KingView::new(us, to);
        }
        d
    }

    #[inline(always)]
    fn add(&mut self, piece: Piece, sq: Square) {
        self.adds[self.n_adds as usize] = PieceSquare { piece, sq };
        self.n_adds += 1;
    }

    #[inline(always)]
    fn sub(&mut self, piece: Piece, sq: Square) {
        self.subs[self.n_subs as usize] = PieceSquare { piece, sq };
        self.n_subs += 1;
    }

    /// Pieces placed by the move.
    #[inline(always)]
    pub fn adds(&self) -> &[PieceSquare] {
        &self.adds[..self.n_adds as usize]
    }

    /// Pieces taken off squares by the move.
    #[inline(always)]
    pub fn subs(&self) -> &[PieceSquare] {
        &self.subs[..self.n_subs as usize]
    }

    /// Whether perspective `p` must be refreshed (its king changed bucket or side).
    #[inline(always)]
    pub fn needs_refresh(&self, p: Color) -> bool {
        self.refresh[p.index()]
    }
}

/// Piece placement only: one bitboard per coloured piece (`Piece::index`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct PieceSet(pub [u64; 12]);

impl PieceSet {
    pub const EMPTY: PieceSet = PieceSet([0; 12]);

    #[inline]
    pub fn from_board(b: &Board) -> PieceSet {
        let mut s = PieceSet::EMPTY;
        for c in Color::BOTH {
            for t in PieceType::ALL {
                s.0[Piece::new(c, t).index()] = b.colored(c, t).0;
            }
        }
        s
    }

    /// The placement after the move that `d` describes.
    pub fn apply(&mut self, d: &Delta) {
        for ps in d.subs() {
            self.0[ps.piece.index()] &= !(1u64 << ps.sq.index());
        }
        for ps in d.adds() {
            self.0[ps.piece.index()] |= 1u64 << ps.sq.index();
        }
    }

    pub fn remove(&mut self, piece: Piece, sq: Square) {
        self.0[piece.index()] &= !(1u64 << sq.index());
    }

    /// The king of `c` (the lowest one should a placement have several).
    pub fn king(&self, c: Color) -> Square {
        let bb = self.0[Piece::new(c, PieceType::King).index()];
        Square::new((bb.trailing_zeros() & 63) as u8)
    }

    /// `eval::phase::game_phase` of this placement.
    pub fn game_phase(&self) -> i32 {
        use crate::eval::phase::{MAX_PHASE, PHASE_WEIGHT};
        let count = |t: PieceType| {
            (self.0[Piece::new(Color::White, t).index()].count_ones()
                + self.0[Piece::new(Color::Black, t).index()].count_ones()) as i32
        };
        let raw: i32 = PieceType::ALL
            .iter()
            .map(|&t| PHASE_WEIGHT[t.index()] * count(t))
            .sum();
        raw.min(MAX_PHASE)
    }

    /// Every (piece, square), in piece order.
    pub fn iter(&self) -> impl Iterator<Item = PieceSquare> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &bb)| {
            let piece = Piece::new(Color::BOTH[i / 6], PieceType::from_index(i % 6));
            Bitboard(bb).iter().map(move |sq| PieceSquare { piece, sq })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{legal_moves, parse_uci};

    fn delta_of(fen: &str, uci: &str) -> (Board, Delta) {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_uci(&b, uci).unwrap();
        (b, Delta::new(&b, m))
    }

    #[test]
    fn move_kinds_give_the_right_changes() {
        let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let (_, d) = delta_of(kiwi, "e1g1");
        assert_eq!((d.adds().len(), d.subs().len()), (2, 2));
        assert!(d.needs_refresh(Color::White) && !d.needs_refresh(Color::Black));
        let (_, d) = delta_of(kiwi, "e1f1"); // mirrored e1 is d1 (3), f1 is c1 (2)
        assert!(d.needs_refresh(Color::White));
        let lone = "4k3/8/8/8/8/3K4/8/8 w - - 0 1";
        let (_, d) = delta_of(lone, "d3c3"); // bucket 9 both
        assert!(!d.needs_refresh(Color::White) && !d.needs_refresh(Color::Black));
        let (_, d) = delta_of(lone, "d3e3"); // bucket 9 both, but crosses the mirror line
        assert!(d.needs_refresh(Color::White));
        let (_, d) = delta_of(lone, "d3d4"); // bucket 11
        assert!(d.needs_refresh(Color::White));
        let (_, d) = delta_of(kiwi, "e5f7");
        assert_eq!((d.adds().len(), d.subs().len()), (1, 2));
        let (_, d) = delta_of(kiwi, "a2a4");
        assert_eq!((d.adds().len(), d.subs().len()), (1, 1));
        let (_, d) = delta_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6");
        assert_eq!(d.subs()[1].sq, Square::parse("d5").unwrap());
        let (_, d) = delta_of("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n");
        assert_eq!(d.adds()[0].piece.kind(), PieceType::Knight);
        assert_eq!(d.subs()[0].piece.kind(), PieceType::Pawn);
        assert_eq!(d.subs()[1].piece.kind(), PieceType::Rook);
    }

    #[test]
    fn applying_a_delta_gives_the_next_placement() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            for &m in legal_moves(&b).iter() {
                let mut s = PieceSet::from_board(&b);
                s.apply(&Delta::new(&b, m));
                assert_eq!(s, PieceSet::from_board(&b.make(m)), "{fen} {m}");
            }
        }
    }

    #[test]
    fn phase_matches_the_eval_phase() {
        let b = Board::from_fen("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1")
            .unwrap();
        assert_eq!(
            PieceSet::from_board(&b).game_phase(),
            crate::eval::phase::game_phase(&b)
        );
        assert_eq!(PieceSet::from_board(&b).iter().count(), 31);
    }
}
