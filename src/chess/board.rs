//! `Board`: one chess position as plain `Copy` data (bitboards, the side to
//! move, castling, en passant, counters, hashes and check info).
//! Moves are applied by copy-make: `board.make(m)` returns the next board, so
//! undoing a move is dropping a copy. `Position` adds the game history.
//! There is no mailbox on purpose: it keeps the board under 128 bytes, which
//! the compiler copies with a few vector moves instead of a `memcpy` call,
//! and finding a piece from the six kind sets costs a handful of operations.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_set,
    rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::types::{Color, Piece, PieceType, Square};
use super::zobrist::{piece_key, KEYS};

/// Castling rights as four bits: White O-O, White O-O-O, Black O-O, Black O-O-O.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastleRights(pub u8);

impl CastleRights {
    pub const WHITE_KING: u8 = 1;
    pub const WHITE_QUEEN: u8 = 2;
    pub const BLACK_KING: u8 = 4;
    pub const BLACK_QUEEN: u8 = 8;
    pub const NONE: CastleRights = CastleRights(0);
    pub const ALL: CastleRights = CastleRights(15);

    #[inline(always)]
    pub const fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }

    #[inline(always)]
    pub const fn king_side(color: Color) -> u8 {
        match color {
            Color::White => Self::WHITE_KING,
            Color::Black => Self::BLACK_KING,
        }
    }

    #[inline(always)]
    pub const fn queen_side(color: Color) -> u8 {
        match color {
            Color::White => Self::WHITE_QUEEN,
            Color::Black => Self::BLACK_QUEEN,
        }
    }
}

/// Rights that survive a move touching each square (king and rook homes clear theirs).
const fn castle_masks() -> [u8; 64] {
    let mut m = [15u8; 64];
    m[0] = 15 & !CastleRights::WHITE_QUEEN; // a1
    m[7] = 15 & !CastleRights::WHITE_KING; // h1
    m[4] = 15 & !(CastleRights::WHITE_KING | CastleRights::WHITE_QUEEN); // e1
    m[56] = 15 & !CastleRights::BLACK_QUEEN; // a8
    m[63] = 15 & !CastleRights::BLACK_KING; // h8
    m[60] = 15 & !(CastleRights::BLACK_KING | CastleRights::BLACK_QUEEN); // e8
    m
}
static CASTLE_MASK: [u8; 64] = castle_masks();

/// The Zobrist keys a board keeps: of the whole position, of the pawns
/// alone, and of each colour's other pieces (`[White, Black]`). One type,
/// so that the keys kept move by move and the keys computed from scratch
/// are compared whole.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Keys {
    pub hash: u64,
    pub pawn: u64,
    pub non_pawn: [u64; 2],
    pub minor: u32,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Board {
    by_kind: [Bitboard; 6],
    by_color: [Bitboard; 2],
    side: Color,
    castling: CastleRights,
    /// The en-passant square exactly as FEN states it (set after every double push).
    ep: Option<Square>,
    /// Whether `ep` is part of `hash`: only when a legal e.p. capture exists.
    ep_in_hash: bool,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
    pawn_hash: u64,
    /// Zobrist keys of each colour's pieces other than pawns (king
    /// included), for the search's non-pawn correction history.
    non_pawn_hash: [u64; 2],
    /// Zobrist key of both colours' knights and bishops, for the search's
    /// minor-piece correction history: the low half of the keys, which
    /// index a small table and keep the board within 128 bytes.
    minor_hash: u32,
    checkers: Bitboard,
    pinned: Bitboard,
}

impl Board {
    /// A board with no pieces, White to move. Only `fen` and tests build from it.
    pub(crate) fn empty() -> Board {
        Board {
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            side: Color::White,
            castling: CastleRights::NONE,
            ep: None,
            ep_in_hash: false,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            pawn_hash: 0,
            non_pawn_hash: [0; 2],
            minor_hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    pub fn startpos() -> Board {
        Board::from_fen(super::fen::START_FEN).expect("the start position is valid")
    }

    // ---- queries -------------------------------------------------------

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn pieces(&self, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn colored(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        Some(Piece::new(color, self.kind_at(sq)))
    }

    /// The kind of the piece on `sq`, which the caller knows is occupied
    /// (an empty square reads as a pawn). Branch-free: the kind sets are
    /// disjoint, so at most one term is non-zero.
    #[inline(always)]
    pub fn kind_at(&self, sq: Square) -> PieceType {
        let s = sq.index();
        let bit = |k: usize| ((self.by_kind[k].0 >> s) & 1) as usize;
        PieceType::from_index(bit(1) + 2 * bit(2) + 3 * bit(3) + 4 * bit(4) + 5 * bit(5))
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.colored(color, PieceType::King).lsb()
    }

    #[inline(always)]
    pub fn castling(&self) -> CastleRights {
        self.castling
    }

    #[inline(always)]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The en-passant square only when a legal e.p. capture exists.
    #[inline(always)]
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep.filter(|_| self.ep_in_hash)
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Zobrist key of the pawns alone, for the evaluation's pawn hash table.
    #[inline(always)]
    pub fn pawn_hash(&self) -> u64 {
        self.pawn_hash
    }

    /// Zobrist key of `color`'s pieces other than pawns.
    #[inline(always)]
    pub fn non_pawn_hash(&self, color: Color) -> u64 {
        self.non_pawn_hash[color.index()]
    }

    /// Zobrist key of both colours' knights and bishops.
    #[inline(always)]
    pub fn minor_hash(&self) -> u32 {
        self.minor_hash
    }

    /// Enemy pieces giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of the side to move pinned to their own king.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// Every piece of either colour attacking `sq`, given occupancy `occ`.
    #[inline(always)]
    pub fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let bq = self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen);
        let rq = self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        (pawn_attacks(Color::White, sq) & self.colored(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.colored(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.pieces(PieceType::Knight))
            | (king_attacks(sq) & self.pieces(PieceType::King))
            | (bishop_attacks(sq, occ) & bq)
            | (rook_attacks(sq, occ) & rq)
    }

    /// Whether `by` attacks `sq` with occupancy `occ`.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        (self.attackers_to(sq, occ) & self.color(by)).any()
    }

    /// Every square `by` attacks, with occupancy `occ` (the king "sees through"
    /// squares missing from `occ`, which the move generator relies on).
    pub fn attacked_by(&self, by: Color, occ: Bitboard) -> Bitboard {
        let mut att = pawn_attacks_set(by, self.colored(by, PieceType::Pawn));
        for sq in self.colored(by, PieceType::Knight) {
            att |= knight_attacks(sq);
        }
        let queens = self.colored(by, PieceType::Queen);
        for sq in self.colored(by, PieceType::Bishop) | queens {
            att |= bishop_attacks(sq, occ);
        }
        for sq in self.colored(by, PieceType::Rook) | queens {
            att |= rook_attacks(sq, occ);
        }
        att | king_attacks(self.king(by))
    }

    /// The piece a move captures (the pawn behind for en passant).
    #[inline(always)]
    pub fn captured(&self, m: Move) -> Option<Piece> {
        if m.is_en_passant() {
            Some(Piece::new(!self.side, PieceType::Pawn))
        } else {
            self.piece_at(m.to())
        }
    }

    /// The piece that moves.
    #[inline(always)]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.from())
    }

    /// Any pawn, rook or queen, or enough minor material to mate with help.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.pieces(PieceType::Pawn)
            | self.pieces(PieceType::Rook)
            | self.pieces(PieceType::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        let minors = (knights | bishops).count();
        if minors <= 1 {
            return true;
        }
        // Only bishops, all on squares of one colour: no mate is possible.
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// Material that matters for null-move safety: any piece but pawns and king.
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        (self.color(color) & !(self.pieces(PieceType::Pawn) | self.pieces(PieceType::King))).any()
    }

    // ---- construction helpers used by FEN and make -----------------------

    /// Puts a piece on an empty square (FEN parsing and board set-up).
    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.toggle(piece.color(), piece.kind(), Bitboard::from_square(sq), {
            piece_key(piece, sq)
        });
    }

    /// Flips the squares `b` of one piece kind and updates both hashes by `key`.
    #[inline(always)]
    fn toggle(&mut self, color: Color, kind: PieceType, b: Bitboard, key: u64) {
        self.by_kind[kind.index()] ^= b;
        self.by_color[color.index()] ^= b;
        self.hash ^= key;
        if kind == PieceType::Pawn {
            self.pawn_hash ^= key;
        } else {
            self.non_pawn_hash[color.index()] ^= key;
            if matches!(kind, PieceType::Knight | PieceType::Bishop) {
                self.minor_hash ^= key as u32;
            }
        }
    }

    #[inline(always)]
    fn remove(&mut self, color: Color, kind: PieceType, sq: Square) {
        let key = piece_key(Piece::new(color, kind), sq);
        self.toggle(color, kind, Bitboard::from_square(sq), key);
    }

    #[inline(always)]
    fn shift(&mut self, color: Color, kind: PieceType, from: Square, to: Square) {
        let p = Piece::new(color, kind);
        let key = piece_key(p, from) ^ piece_key(p, to);
        let b = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.toggle(color, kind, b, key);
    }

    /// Sets the fields FEN parsing reads and finishes the derived state.
    pub(crate) fn set_state(
        &mut self,
        side: Color,
        castling: CastleRights,
        ep: Option<Square>,
        halfmove: u16,
        fullmove: u16,
    ) {
        self.side = side;
        self.castling = castling;
        self.ep = ep;
        self.halfmove = halfmove;
        self.fullmove = fullmove;
        self.hash ^= KEYS.castling[castling.0 as usize];
        if side == Color::Black {
            self.hash ^= KEYS.side;
        }
        self.update_check_info();
        self.update_ep_hash();
    }

    /// Recomputes checkers and pinned pieces for the side to move. Sliders
    /// are found once, looking through our own pieces: a slider with nothing
    /// between it and the king checks, one with a single piece of ours
    /// between pins it. Leapers can only check.
    #[inline(always)]
    fn update_check_info(&mut self) {
        let us = self.side;
        let them = !us;
        let king = self.king(us);
        let occ = self.occupied();
        let theirs = self.color(them);
        let queens = self.pieces(PieceType::Queen);
        let their_bq = (self.pieces(PieceType::Bishop) | queens) & theirs;
        let their_rq = (self.pieces(PieceType::Rook) | queens) & theirs;
        let snipers =
            (bishop_attacks(king, theirs) & their_bq) | (rook_attacks(king, theirs) & their_rq);
        let mut checkers = ((knight_attacks(king) & self.pieces(PieceType::Knight))
            | (pawn_attacks(us, king) & self.pieces(PieceType::Pawn)))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occ;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(sniper);
            } else if !blockers.several() {
                // The rays stopped at their first enemy piece, so a lone
                // blocker is one of ours.
                pinned |= blockers;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Puts the e.p. file into the hash when some legal capture uses it.
    fn update_ep_hash(&mut self) {
        if let Some(ep) = self.ep {
            let capturers = pawn_attacks(!self.side, ep) & self.colored(self.side, PieceType::Pawn);
            if capturers
                .iter()
                .any(|from| super::movegen::ep_is_legal(self, from, ep))
            {
                self.ep_in_hash = true;
                self.hash ^= KEYS.ep_file[ep.file() as usize];
            }
        }
    }

    /// Every Zobrist key the board keeps, as kept (updated move by move).
    pub fn keys(&self) -> Keys {
        Keys {
            hash: self.hash,
            pawn: self.pawn_hash,
            non_pawn: self.non_pawn_hash,
            minor: self.minor_hash,
        }
    }

    /// Every Zobrist key computed from scratch; always equal to `keys()`.
    pub fn compute_keys(&self) -> Keys {
        let mut k = Keys {
            hash: 0,
            pawn: 0,
            non_pawn: [0; 2],
            minor: 0,
        };
        for sq in self.occupied() {
            let p = self.piece_at(sq).expect("occupied square has a piece");
            let key = piece_key(p, sq);
            k.hash ^= key;
            if p.kind() == PieceType::Pawn {
                k.pawn ^= key;
            } else {
                k.non_pawn[p.color().index()] ^= key;
                if matches!(p.kind(), PieceType::Knight | PieceType::Bishop) {
                    k.minor ^= key as u32;
                }
            }
        }
        k.hash ^= KEYS.castling[self.castling.0 as usize];
        if self.side == Color::Black {
            k.hash ^= KEYS.side;
        }
        if let Some(ep) = self.legal_ep_square() {
            k.hash ^= KEYS.ep_file[ep.file() as usize];
        }
        k
    }

    // ---- making moves ----------------------------------------------------

    /// The board after `m`, which must be legal here (from the generator, or
    /// checked with `is_legal`).
    #[inline(always)]
    pub fn make(&self, m: Move) -> Board {
        let mut b = *self;
        b.apply(m);
        b
    }

    #[inline(always)]
    fn apply(&mut self, m: Move) {
        let us = self.side;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let kind = self.kind_at(from);

        if self.ep_in_hash {
            if let Some(ep) = self.ep {
                self.hash ^= KEYS.ep_file[ep.file() as usize];
            }
        }
        self.ep = None;
        self.ep_in_hash = false;
        self.halfmove = self.halfmove.saturating_add(1);

        match m.kind() {
            MoveKind::Quiet => self.shift(us, kind, from, to),
            MoveKind::DoublePush => {
                self.shift(us, PieceType::Pawn, from, to);
                self.ep = Some(Square::new(((from.index() + to.index()) / 2) as u8));
            }
            MoveKind::KingCastle | MoveKind::QueenCastle => {
                let rank = from.rank();
                let (rook_from, rook_to) = if m.kind() == MoveKind::KingCastle {
                    (Square::from_coords(7, rank), Square::from_coords(5, rank))
                } else {
                    (Square::from_coords(0, rank), Square::from_coords(3, rank))
                };
                self.shift(us, PieceType::King, from, to);
                self.shift(us, PieceType::Rook, rook_from, rook_to);
            }
            MoveKind::EnPassant => {
                let victim_sq = Square::from_coords(to.file(), from.rank());
                self.remove(them, PieceType::Pawn, victim_sq);
                self.shift(us, PieceType::Pawn, from, to);
            }
            _ => {
                if m.is_capture() {
                    let victim = self.kind_at(to);
                    self.remove(them, victim, to);
                    self.halfmove = 0;
                }
                if let Some(promo) = m.promotion() {
                    self.remove(us, PieceType::Pawn, from);
                    self.put(Piece::new(us, promo), to);
                } else {
                    self.shift(us, kind, from, to);
                }
            }
        }
        if kind == PieceType::Pawn {
            self.halfmove = 0;
        }

        let rights = self.castling.0 & CASTLE_MASK[from.index()] & CASTLE_MASK[to.index()];
        if rights != self.castling.0 {
            self.hash ^= KEYS.castling[self.castling.0 as usize] ^ KEYS.castling[rights as usize];
            self.castling = CastleRights(rights);
        }

        self.side = them;
        self.hash ^= KEYS.side;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.update_check_info();
        if self.ep.is_some() {
            self.update_ep_hash();
        }
    }

    /// The board after passing the move (null-move pruning, a PGN's `--`).
    /// The caller must not be in check.
    pub fn make_null(&self) -> Board {
        let mut b = *self;
        if b.ep_in_hash {
            if let Some(ep) = b.ep {
                b.hash ^= KEYS.ep_file[ep.file() as usize];
            }
        }
        b.ep = None;
        b.ep_in_hash = false;
        b.halfmove = b.halfmove.saturating_add(1);
        if b.side == Color::Black {
            // A pass by Black ends the move pair, as a real move would (a
            // game record's "41... -- 42. Ke1" numbers on from it).
            b.fullmove = b.fullmove.saturating_add(1);
        }
        b.side = !b.side;
        b.hash ^= KEYS.side;
        b.update_check_info();
        b
    }

    /// The same position without the piece on `sq`, for evaluation studies
    /// ("what is this piece worth here?"). `None` for an empty square or a
    /// king. Castling rights that needed the piece go; the e.p. square goes.
    pub fn without(&self, sq: Square) -> Option<Board> {
        let gone = self.piece_at(sq)?;
        if gone.kind() == PieceType::King {
            return None;
        }
        let mut b = Board::empty();
        for s in self.occupied() {
            if s != sq {
                b.put(self.piece_at(s).expect("occupied"), s);
            }
        }
        let castling = CastleRights(self.castling.0 & CASTLE_MASK[sq.index()]);
        b.set_state(self.side, castling, None, self.halfmove, self.fullmove);
        Some(b)
    }

    /// The same position with colours swapped and the board mirrored top to
    /// bottom: evaluation must be identical from the side to move's view.
    pub fn color_flipped(&self) -> Board {
        let mut b = Board::empty();
        for sq in self.occupied() {
            let p = self.piece_at(sq).expect("occupied");
            b.put(Piece::new(!p.color(), p.kind()), sq.flip_rank());
        }
        let c = self.castling.0;
        let castling = CastleRights((c >> 2) | ((c & 3) << 2));
        b.set_state(
            !self.side,
            castling,
            self.ep.map(Square::flip_rank),
            self.halfmove,
            self.fullmove,
        );
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Copy-make copies a board per move: above 128 bytes the compiler
    /// calls `memcpy` instead of a few vector moves, and perft slows down by
    /// a third. A new field must keep the board under this size.
    #[test]
    fn board_fits_in_128_bytes() {
        assert!(std::mem::size_of::<Board>() <= 128);
    }

    #[test]
    fn without_takes_one_piece_off() {
        let b = Board::startpos();
        let sq = |s| Square::parse(s).unwrap();
        let w = b.without(sq("h1")).unwrap();
        assert_eq!(w.piece_at(sq("h1")), None);
        assert_eq!(w.occupied().count(), 31);
        assert!(!w.castling().has(CastleRights::WHITE_KING));
        assert!(w.castling().has(CastleRights::WHITE_QUEEN));
        assert_eq!(w.compute_keys(), w.keys());
        assert_eq!(b.without(sq("e1")), None);
        assert_eq!(b.without(sq("e4")), None);
    }

    #[test]
    fn pieces_are_found_from_the_kind_sets() {
        let b = Board::startpos();
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(
            b.piece_at(sq("d1")),
            Some(Piece::new(Color::White, PieceType::Queen))
        );
        assert_eq!(
            b.piece_at(sq("g8")),
            Some(Piece::new(Color::Black, PieceType::Knight))
        );
        assert_eq!(b.piece_at(sq("e4")), None);
        assert_eq!(b.kind_at(sq("e8")), PieceType::King);
        assert_eq!(b.kind_at(sq("a7")), PieceType::Pawn);
    }
}
