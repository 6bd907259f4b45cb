//! Legal move generation. One generic generator computes the check mask,
//! pins and king danger once and hands whole target sets to a `MoveSink`: the
//! list sink writes moves out, the counting sink only adds popcounts, which
//! is what makes bulk-counting perft fast. The same code, limited to one
//! origin square, answers "is this hash/killer move legal here?".

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::board::{Board, CastleRights};
use super::moves::{Move, MoveKind, MoveList};
use super::types::{Color, PieceType, Square};

/// Which moves to generate: every legal move, only captures and promotions
/// ("noisy", for quiescence), or only the rest.
pub mod gen {
    pub const ALL: u8 = 0;
    pub const NOISY: u8 = 1;
    pub const QUIET: u8 = 2;
}

/// Receives target sets from the generator.
pub trait MoveSink {
    /// Ordinary moves of the piece on `from` to each target.
    fn targets(&mut self, from: Square, targets: Bitboard, kind: MoveKind);
    /// Pawn moves set-wise: each target `to` comes from `to - offset`.
    fn pawn_targets(&mut self, targets: Bitboard, offset: i8, kind: MoveKind);
    /// Pawn promotions set-wise, four moves per target.
    fn promotions(&mut self, targets: Bitboard, offset: i8, capture: bool);
    /// A single special move (castling, en passant).
    fn single(&mut self, m: Move);
    /// Captures and quiet moves of the piece on `from` (disjoint sets); a
    /// counting sink adds both with one popcount.
    #[inline(always)]
    fn moves(&mut self, from: Square, captures: Bitboard, quiets: Bitboard) {
        self.targets(from, captures, MoveKind::Capture);
        self.targets(from, quiets, MoveKind::Quiet);
    }
}

/// A sink that takes its moves one at a time: `MoveSink` expands the
/// generator's target sets into single moves for it, in one order for
/// every such sink (the move list, the search's picker, perft's walk).
pub trait EachMove {
    fn each(&mut self, m: Move);
}

impl<T: EachMove> MoveSink for T {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard, kind: MoveKind) {
        for to in targets {
            self.each(Move::new(from, to, kind));
        }
    }

    #[inline(always)]
    fn pawn_targets(&mut self, targets: Bitboard, offset: i8, kind: MoveKind) {
        for to in targets {
            self.each(Move::new(to.offset(-offset), to, kind));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, offset: i8, capture: bool) {
        for to in targets {
            let from = to.offset(-offset);
            // Queen first: move ordering tries the likely move early.
            for p in [
                PieceType::Queen,
                PieceType::Knight,
                PieceType::Rook,
                PieceType::Bishop,
            ] {
                self.each(Move::new(from, to, MoveKind::promotion(p, capture)));
            }
        }
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.each(m);
    }
}

impl EachMove for MoveList {
    #[inline(always)]
    fn each(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without writing them: perft's last ply.
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn targets(&mut self, _from: Square, targets: Bitboard, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn pawn_targets(&mut self, targets: Bitboard, _offset: i8, _kind: MoveKind) {
        self.0 += targets.count() as u64;
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, _offset: i8, _capture: bool) {
        self.0 += 4 * targets.count() as u64;
    }

    #[inline(always)]
    fn single(&mut self, _m: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn moves(&mut self, _from: Square, captures: Bitboard, quiets: Bitboard) {
        self.0 += (captures | quiets).count() as u64;
    }
}

/// Looks for one move among the generated ones without listing them: the
/// legality check for hash and killer moves.
struct MoveFinder {
    wanted: Move,
    found: bool,
}

impl MoveSink for MoveFinder {
    #[inline(always)]
    fn targets(&mut self, from: Square, targets: Bitboard, kind: MoveKind) {
        let w = self.wanted;
        self.found |= w.from() == from && w.kind() == kind && targets.contains(w.to());
    }

    #[inline(always)]
    fn pawn_targets(&mut self, targets: Bitboard, offset: i8, kind: MoveKind) {
        let w = self.wanted;
        self.found |=
            w.kind() == kind && targets.contains(w.to()) && w.to().offset(-offset) == w.from();
    }

    #[inline(always)]
    fn promotions(&mut self, targets: Bitboard, offset: i8, capture: bool) {
        let w = self.wanted;
        self.found |= w.is_promotion()
            && w.is_capture() == capture
            && targets.contains(w.to())
            && w.to().offset(-offset) == w.from();
    }

    #[inline(always)]
    fn single(&mut self, m: Move) {
        self.found |= m == self.wanted;
    }
}

/// Whether the pawn on `from` may legally capture en passant onto `ep`.
/// Decided by removing both pawns and looking for a slider on the king.
pub fn ep_is_legal(b: &Board, from: Square, ep: Square) -> bool {
    let us = b.side_to_move();
    let them = !us;
    let king = b.king(us);
    let victim = Square::from_coords(ep.file(), from.rank());
    // In check: the capture must remove the checker or block it.
    if b.in_check() {
        let checkers = b.checkers();
        if checkers.several() {
            return false;
        }
        let mask = between(king, checkers.lsb()) | checkers;
        if !mask.contains(ep) && !mask.contains(victim) {
            return false;
        }
    }
    let occ = (b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
        | Bitboard::from_square(ep);
    let bq = b.colored(them, PieceType::Bishop) | b.colored(them, PieceType::Queen);
    let rq = b.colored(them, PieceType::Rook) | b.colored(them, PieceType::Queen);
    (bishop_attacks(king, occ) & bq).is_empty() && (rook_attacks(king, occ) & rq).is_empty()
}

/// Whether `them` attacks `sq` given occupancy `occ`. The king's targets and
/// castling squares are tested one by one with this: a king has few free
/// squares, so it is cheaper than a full attack map of every enemy piece.
#[inline(always)]
fn attacked(b: &Board, sq: Square, them: Color, occ: Bitboard) -> bool {
    let theirs = b.color(them);
    let bq = (b.pieces(PieceType::Bishop) | b.pieces(PieceType::Queen)) & theirs;
    let rq = (b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen)) & theirs;
    (knight_attacks(sq) & b.pieces(PieceType::Knight) & theirs).any()
        || (pawn_attacks(!them, sq) & b.pieces(PieceType::Pawn) & theirs).any()
        || (king_attacks(sq) & b.pieces(PieceType::King) & theirs).any()
        || (bishop_attacks(sq, occ) & bq).any()
        || (rook_attacks(sq, occ) & rq).any()
}

/// The generator. `from_mask` limits the moving pieces (all squares for
/// normal use, one square for legality checks).
#[inline(always)]
pub fn generate<S: MoveSink, const MODE: u8>(b: &Board, sink: &mut S, from_mask: Bitboard) {
    let us = b.side_to_move();
    let them = !us;
    let occ = b.occupied();
    let ours = b.color(us);
    let theirs = b.color(them);
    let king = b.king(us);
    let want_quiet = MODE != gen::NOISY;
    let want_noisy = MODE != gen::QUIET;

    // King moves: never onto a square the enemy attacks with our king lifted
    // off the board (so it cannot hide behind itself from a slider).
    let occ_no_king = occ ^ Bitboard::from_square(king);
    if from_mask.contains(king) {
        let mut t = king_attacks(king) & !ours;
        if !want_quiet {
            t &= theirs;
        }
        if !want_noisy {
            t &= !theirs;
        }
        for to in t {
            if attacked(b, to, them, occ_no_king) {
                t ^= Bitboard::from_square(to);
            }
        }
        sink.moves(king, t & theirs, t & !occ);
    }

    let checkers = b.checkers();
    if checkers.several() {
        return;
    }
    let check_mask = if checkers.any() {
        between(king, checkers.lsb()) | checkers
    } else {
        Bitboard::ALL
    };
    let capture_mask = if want_noisy {
        theirs & check_mask
    } else {
        Bitboard::EMPTY
    };
    let quiet_mask = if want_quiet {
        !occ & check_mask
    } else {
        Bitboard::EMPTY
    };
    let pinned = b.pinned();

    pawn_moves::<S, MODE>(b, sink, from_mask, check_mask);

    let knights = b.colored(us, PieceType::Knight) & !pinned & from_mask;
    for from in knights {
        let t = knight_attacks(from);
        sink.moves(from, t & capture_mask, t & quiet_mask);
    }
    let pin_line = |from: Square, t: Bitboard| {
        if pinned.contains(from) {
            t & line(king, from)
        } else {
            t
        }
    };
    let queens = b.colored(us, PieceType::Queen);
    for from in (b.colored(us, PieceType::Bishop) | queens) & from_mask {
        let t = pin_line(from, bishop_attacks(from, occ));
        sink.moves(from, t & capture_mask, t & quiet_mask);
    }
    for from in (b.colored(us, PieceType::Rook) | queens) & from_mask {
        let t = pin_line(from, rook_attacks(from, occ));
        sink.moves(from, t & capture_mask, t & quiet_mask);
    }

    if want_quiet && checkers.is_empty() && from_mask.contains(king) {
        castling(b, sink, occ);
    }
}

#[inline(always)]
fn castling<S: MoveSink>(b: &Board, sink: &mut S, occ: Bitboard) {
    let us = b.side_to_move();
    let rights = b.castling();
    let ks = rights.has(CastleRights::king_side(us));
    let qs = rights.has(CastleRights::queen_side(us));
    if !ks && !qs {
        return;
    }
    let them = !us;
    let rank = us.relative_rank(0);
    let sq = |file| Square::from_coords(file, rank);
    let king = sq(4);
    // The king is not in check here; the squares it crosses must be safe.
    if ks {
        let path = Bitboard::from_square(sq(5)) | Bitboard::from_square(sq(6));
        if (occ & path).is_empty()
            && !attacked(b, sq(5), them, occ)
            && !attacked(b, sq(6), them, occ)
        {
            sink.single(Move::new(king, sq(6), MoveKind::KingCastle));
        }
    }
    if qs {
        let empty = Bitboard::from_square(sq(1))
            | Bitboard::from_square(sq(2))
            | Bitboard::from_square(sq(3));
        if (occ & empty).is_empty()
            && !attacked(b, sq(3), them, occ)
            && !attacked(b, sq(2), them, occ)
        {
            sink.single(Move::new(king, sq(2), MoveKind::QueenCastle));
        }
    }
}

#[inline(always)]
fn pawn_moves<S: MoveSink, const MODE: u8>(
    b: &Board,
    sink: &mut S,
    from_mask: Bitboard,
    check_mask: Bitboard,
) {
    let us = b.side_to_move();
    let pawns = b.colored(us, PieceType::Pawn) & from_mask;
    if pawns.is_empty() {
        return;
    }
    let pinned = b.pinned();
    let king = b.king(us);
    pawn_set::<S, MODE>(b, sink, pawns & !pinned, check_mask);
    // Pinned pawns (rare) move one at a time, along the pin line only.
    for from in pawns & pinned {
        pawn_set::<S, MODE>(
            b,
            sink,
            Bitboard::from_square(from),
            check_mask & line(king, from),
        );
    }

    if MODE != gen::QUIET {
        if let Some(ep) = b.ep_square() {
            let capturers = pawn_attacks(!us, ep) & pawns;
            for from in capturers {
                if ep_is_legal(b, from, ep) {
                    sink.single(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }
}

/// Pushes, double pushes, captures and promotions of a set of pawns whose
/// targets must lie in `mask`.
#[inline(always)]
fn pawn_set<S: MoveSink, const MODE: u8>(b: &Board, sink: &mut S, pawns: Bitboard, mask: Bitboard) {
    let us = b.side_to_move();
    let occ = b.occupied();
    let theirs = b.color(!us) & mask;
    let up: i8 = if us == Color::White { 8 } else { -8 };
    let seventh = Bitboard::relative_rank(us, 6);
    let third = Bitboard::relative_rank(us, 2);

    let promoting = pawns & seventh;
    let normal = pawns & !seventh;

    if MODE != gen::NOISY {
        let single = normal.forward(us) & !occ;
        let double = (single & third).forward(us) & !occ;
        sink.pawn_targets(single & mask, up, MoveKind::Quiet);
        sink.pawn_targets(double & mask, 2 * up, MoveKind::DoublePush);
    }
    if MODE != gen::QUIET {
        let fwd = normal.forward(us);
        sink.pawn_targets(fwd.west() & theirs, up - 1, MoveKind::Capture);
        sink.pawn_targets(fwd.east() & theirs, up + 1, MoveKind::Capture);
        if promoting.any() {
            let fwd = promoting.forward(us);
            sink.promotions(fwd & !occ & mask, up, false);
            sink.promotions(fwd.west() & theirs, up - 1, true);
            sink.promotions(fwd.east() & theirs, up + 1, true);
        }
    }
}

/// Every legal move.
pub fn legal_moves(b: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate::<_, { gen::ALL }>(b, &mut list, Bitboard::ALL);
    list
}

/// Legal captures, en passant and promotions (all four pieces).
pub fn noisy_moves(b: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate::<_, { gen::NOISY }>(b, &mut list, Bitboard::ALL);
    list
}

/// Legal moves that are neither captures nor promotions.
pub fn quiet_moves(b: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate::<_, { gen::QUIET }>(b, &mut list, Bitboard::ALL);
    list
}

/// The number of legal moves, counted set-wise.
#[inline]
pub fn count_legal(b: &Board) -> u64 {
    count_moves(b)
}

/// `count_legal` forced inline, so that perft's POPCNT-compiled leaf loop
/// gets the whole generator compiled with that instruction.
#[inline(always)]
pub(crate) fn count_moves(b: &Board) -> u64 {
    let mut c = MoveCounter(0);
    generate::<_, { gen::ALL }>(b, &mut c, Bitboard::ALL);
    c.0
}

impl Board {
    /// Whether `m` is a legal move here, for moves from the hash table or a
    /// killer slot that may belong to another position. Generates only the
    /// moves of the piece on `m.from()`.
    pub fn is_legal(&self, m: Move) -> bool {
        if m.is_null() || !self.color(self.side_to_move()).contains(m.from()) {
            return false;
        }
        // Kind codes 6 and 7 are never generated (they read back as quiet).
        if Move::new(m.from(), m.to(), m.kind()) != m {
            return false;
        }
        let mut finder = MoveFinder {
            wanted: m,
            found: false,
        };
        generate::<_, { gen::ALL }>(self, &mut finder, Bitboard::from_square(m.from()));
        finder.found
    }

    /// No legal move and in check.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && count_legal(self) == 0
    }

    /// No legal move and not in check.
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && count_legal(self) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_twenty_moves() {
        let b = Board::startpos();
        assert_eq!(legal_moves(&b).len(), 20);
        assert_eq!(count_legal(&b), 20);
        assert_eq!(noisy_moves(&b).len(), 0);
        assert_eq!(quiet_moves(&b).len(), 20);
    }

    #[test]
    fn modes_partition_all_moves() {
        let b =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let all = legal_moves(&b);
        let noisy = noisy_moves(&b);
        let quiet = quiet_moves(&b);
        assert_eq!(all.len(), noisy.len() + quiet.len());
        assert!(noisy.iter().all(|m| m.is_noisy()));
        assert!(quiet.iter().all(|m| !m.is_noisy()));
        for m in &all {
            assert!(b.is_legal(*m));
        }
    }

    /// `is_legal` accepts exactly the generated moves among all 65,536 codes.
    #[test]
    fn legality_check_on_every_16_bit_code() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1",
        ] {
            let b = Board::from_fen(fen).unwrap();
            let legal = legal_moves(&b);
            let accepted = (0..=u16::MAX)
                .map(Move::from_raw)
                .filter(|&m| b.is_legal(m))
                .count();
            assert_eq!(accepted, legal.len(), "{fen}");
            assert!(legal.iter().all(|&m| b.is_legal(m)), "{fen}");
        }
    }

    #[test]
    fn legality_check_rejects_foreign_moves() {
        let b = Board::startpos();
        let sq = |s| Square::parse(s).unwrap();
        assert!(b.is_legal(Move::new(sq("e2"), sq("e4"), MoveKind::DoublePush)));
        assert!(!b.is_legal(Move::new(sq("e2"), sq("e4"), MoveKind::Quiet)));
        assert!(!b.is_legal(Move::new(sq("e7"), sq("e5"), MoveKind::DoublePush)));
        assert!(!b.is_legal(Move::new(sq("e1"), sq("g1"), MoveKind::KingCastle)));
        assert!(!b.is_legal(Move::NULL));
    }
}
