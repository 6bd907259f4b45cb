//! Pawn structure: doubled, isolated, backward, supported and phalanx pawns
//! and the rank bonus of passed pawns depend on the pawns alone, so they are
//! cached per pawn configuration in `PawnTable`. The passed-pawn terms that
//! also depend on kings and pieces (king distances, free path) are computed
//! every time by `passed_extras`. Each entry also remembers the pawn
//! shield and storm of each side for the king square it was last asked for.

use super::params::Params;
use super::sink::{w, Sink, Term, Total};
use super::Tables;
use crate::chess::attacks::pawn_attacks_set;
use crate::chess::{Bitboard, Board, Color, PieceType, Square};
use crate::eval::score::S;

/// Entries in one pawn hash table (a power of two): 16384 x 32 bytes = 512 KiB.
pub const PAWN_TABLE_ENTRIES: usize = 1 << 14;

/// `PawnEntry::king` value for "shelter not computed yet".
const NO_KING: u8 = 64;

/// One cached pawn structure.
#[derive(Copy, Clone)]
pub(crate) struct PawnEntry {
    key: u64,
    /// Passed pawns of both colours.
    pub passed: Bitboard,
    /// The cached terms plus the pawns' material and placement, White's
    /// total minus Black's.
    pub score: S,
    /// `[colour]`: that side's shield and storm (White's total minus
    /// Black's, like `score`) for its king on square `king[colour]`.
    shelter: [S; 2],
    king: [u8; 2],
}

impl Default for PawnEntry {
    /// Exactly right for the pawnless position (key 0): no score, no passed
    /// pawns, and no shelter computed yet.
    fn default() -> Self {
        PawnEntry {
            key: 0,
            passed: Bitboard::EMPTY,
            score: S::ZERO,
            shelter: [S::ZERO; 2],
            king: [NO_KING; 2],
        }
    }
}

impl PawnEntry {
    /// Side `c`'s shield and storm (White minus Black), computed once per
    /// king square.
    #[inline(always)]
    pub fn shelter(&mut self, b: &Board, p: &Params, c: Color) -> S {
        let ksq = b.king(c).index() as u8;
        if self.king[c.index()] != ksq {
            let mut sum = Total::default();
            super::king::shelter(b, p, c, &mut sum);
            self.king[c.index()] = ksq;
            self.shelter[c.index()] = sum.0;
        }
        self.shelter[c.index()]
    }
}

/// Cache of pawn-structure evaluations keyed by `Board::pawn_hash()`; one
/// per search thread (it lives in `Evaluator`). A default entry is exactly
/// right for the pawnless position (key 0), so a fresh table needs no
/// "empty" marker.
pub struct PawnTable {
    entries: Box<[PawnEntry]>,
}

impl PawnTable {
    pub fn new() -> PawnTable {
        PawnTable {
            entries: vec![PawnEntry::default(); PAWN_TABLE_ENTRIES].into_boxed_slice(),
        }
    }

    /// Forgets every entry (for a new game, or after the weights change).
    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    /// The entry for this board's pawns, computed and stored on a miss.
    #[inline(always)]
    pub(crate) fn probe(&mut self, b: &Board, t: &Tables) -> &mut PawnEntry {
        let key = b.pawn_hash();
        let e = &mut self.entries[key as usize & (PAWN_TABLE_ENTRIES - 1)];
        if e.key != key {
            let mut sum = Total::default();
            super::material(b, t, PieceType::Pawn, &mut sum);
            let passed = structure(b, &t.params, &mut sum);
            *e = PawnEntry {
                key,
                passed,
                score: sum.0,
                ..PawnEntry::default()
            };
        }
        e
    }
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable::new()
    }
}

#[inline(always)]
fn rel_rank(c: Color, sq: Square) -> usize {
    c.relative_rank(sq.rank()) as usize
}

/// The pawn-only terms for both sides; returns the passed pawns of both colours.
#[inline(always)]
pub(crate) fn structure<K: Sink>(b: &Board, p: &Params, k: &mut K) -> Bitboard {
    let mut passed = Bitboard::EMPTY;
    for c in Color::BOTH {
        let them = !c;
        let own = b.colored(c, PieceType::Pawn);
        let enemy = b.colored(them, PieceType::Pawn);
        let own_att = pawn_attacks_set(c, own);
        let enemy_att = pawn_attacks_set(them, enemy);

        // Squares behind an own pawn: a pawn there is the rear of a doubled pair.
        let behind_own = own.fill_forward(them);
        let doubled = own & behind_own;
        k.add_from(
            c,
            Term::Pawns,
            w!(p.doubled),
            doubled.count() as i32,
            doubled,
        );

        let files = own.file_fill();
        let isolated = own & !(files.west() | files.east());
        k.add_from(
            c,
            Term::Pawns,
            w!(p.isolated),
            isolated.count() as i32,
            isolated,
        );

        // Everything an own pawn attacks now or after advancing: a stop square
        // outside it can never be supported.
        let span = own_att | own_att.fill_forward(c);
        let backward = (own.forward(c) & enemy_att & !span).forward(them) & own & !isolated;
        k.add_from(
            c,
            Term::Pawns,
            w!(p.backward),
            backward.count() as i32,
            backward,
        );

        for sq in own & own_att {
            let w = w!(p.supported[rel_rank(c, sq)]);
            k.add_from(c, Term::Pawns, w, 1, Bitboard::from_square(sq));
        }
        for sq in own & (own.west() | own.east()) {
            let w = w!(p.phalanx[rel_rank(c, sq)]);
            k.add_from(c, Term::Pawns, w, 1, Bitboard::from_square(sq));
        }

        // Enemy pawns ahead on this or a neighbouring file stop a pawn; so
        // does an own pawn ahead on the same file (that one is the passer).
        let front = enemy.fill_forward(them);
        let stopped = front | front.west() | front.east() | behind_own;
        let ours = own & !stopped;
        for sq in ours {
            let w = w!(p.passed_rank[rel_rank(c, sq)]);
            k.add_from(c, Term::Passed, w, 1, Bitboard::from_square(sq));
        }
        passed |= ours;
    }
    passed
}

/// Passed-pawn terms that depend on more than pawns: distance of both kings
/// to the stop square, an empty path and a path the enemy does not attack.
/// `attacked[c]` is every square side `c` attacks.
#[inline(always)]
pub(crate) fn passed_extras<K: Sink>(
    b: &Board,
    p: &Params,
    passed: Bitboard,
    attacked: &[Bitboard; 2],
    k: &mut K,
) {
    if passed.is_empty() {
        return;
    }
    let occ = b.occupied();
    for c in Color::BOTH {
        let them = !c;
        let (own_king, enemy_king) = (b.king(c), b.king(them));
        for sq in passed & b.colored(c, PieceType::Pawn) {
            let r = rel_rank(c, sq);
            let at = Bitboard::from_square(sq);
            let path = at.fill_forward(c);
            // A passed pawn is never on its promotion rank, so the stop square exists.
            let stop = at.forward(c).lsb();
            k.add_from(
                c,
                Term::Passed,
                w!(p.passed_own_king[r]),
                stop.distance(own_king) as i32,
                at,
            );
            k.add_from(
                c,
                Term::Passed,
                w!(p.passed_enemy_king[r]),
                stop.distance(enemy_king) as i32,
                at,
            );
            if (path & occ).is_empty() {
                k.add_from(c, Term::Passed, w!(p.passed_free[r]), 1, at);
                if (path & attacked[them.index()]).is_empty() {
                    k.add_from(c, Term::Passed, w!(p.passed_safe[r]), 1, at);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::hce::sink::Recorder;

    fn pawn_terms(fen: &str) -> (Recorder, Bitboard) {
        let b = Board::from_fen(fen).unwrap();
        let mut r = Recorder::new();
        let passed = structure(&b, &Params::DEFAULT, &mut r);
        (r, passed)
    }

    fn count(r: &Recorder, idx: usize) -> i32 {
        r.features.iter().filter(|f| f.0 == idx).map(|f| f.1).sum()
    }

    #[test]
    fn recognises_structures() {
        use crate::eval::hce::params::idx;
        // White: doubled c-pawns (c2, c3), isolated a2, passed d5 (no black
        // pawns on c-e ahead), backward? Black: phalanx f7-g7, h7.
        let (r, passed) = pawn_terms("4k3/5ppp/8/3P4/8/2P5/P1P5/4K3 w - - 0 1");
        assert_eq!(count(&r, idx::doubled), 1);
        // a2 isolated (White) and... c2/c3 have d5 beside them on the d-file: not isolated.
        assert_eq!(count(&r, idx::isolated), 1);
        // a2, c3, d5 for White (c2 is behind c3); f7, g7, h7 for Black.
        assert_eq!(passed.count(), 6);
        assert!(passed.contains(Square::parse("d5").unwrap()));
        assert!(!passed.contains(Square::parse("c2").unwrap()));
        // Black's f7/g7 and g7/h7 phalanxes: f7, g7, h7 each have a neighbour.
        let phalanx: i32 = (0..8).map(|i| count(&r, idx::phalanx + i)).sum();
        assert_eq!(phalanx, -3);
    }

    #[test]
    fn backward_pawn() {
        // White d3 with e4 ahead-right: d3 has no neighbour behind it; its
        // stop square d4 is guarded by Black's c5. e4 is supported by d3.
        let (r, _) = pawn_terms("4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1");
        use crate::eval::hce::params::idx;
        assert_eq!(count(&r, idx::backward), 1);
        assert_eq!(count(&r, idx::supported + 3), 1);
    }

    #[test]
    fn cache_matches_direct_computation() {
        let b = Board::from_fen("4k3/5ppp/8/3P4/8/2P5/P1P5/4K3 w - - 0 1").unwrap();
        let t = &crate::eval::hce::DEFAULT_TABLES;
        let mut table = PawnTable::new();
        let mut direct = Total::default();
        crate::eval::hce::material(&b, t, PieceType::Pawn, &mut direct);
        let passed = structure(&b, &Params::DEFAULT, &mut direct);
        for _ in 0..2 {
            let e = table.probe(&b, t);
            assert_eq!((e.score, e.passed), (direct.0, passed));
        }
    }
}
