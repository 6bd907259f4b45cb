//! Where evaluation terms go. The evaluation code is generic over a `Sink`:
//! the fast path (`Total`) only keeps White's packed total, so tracing costs
//! nothing when it is off; `Recorder` keeps every term per side and the
//! feature count of every weight, for the side panel, `tapir eval` and the
//! tuner; `attribution::Attributor` also keeps the squares each
//! contribution comes from, for the board's term highlights.

use crate::chess::{Bitboard, Color};
use crate::eval::score::S;

/// The terms the trace shows, in display order.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Term {
    Material,
    Placement,
    Mobility,
    Pawns,
    Passed,
    BishopPair,
    Rooks,
    KingSafety,
    Threats,
    Tempo,
}

impl Term {
    pub const COUNT: usize = 10;
    pub const ALL: [Term; Term::COUNT] = [
        Term::Material,
        Term::Placement,
        Term::Mobility,
        Term::Pawns,
        Term::Passed,
        Term::BishopPair,
        Term::Rooks,
        Term::KingSafety,
        Term::Threats,
        Term::Tempo,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Placement => "Piece squares",
            Term::Mobility => "Mobility",
            Term::Pawns => "Pawn structure",
            Term::Passed => "Passed pawns",
            Term::BishopPair => "Bishop pair",
            Term::Rooks => "Rooks on files",
            Term::KingSafety => "King safety",
            Term::Threats => "Threats",
            Term::Tempo => "Tempo",
        }
    }
}

/// A weight together with its index in `Params::to_vec()`.
pub type Weight = (usize, S);

/// Receives every contribution: `n` times weight `w` for side `c` under `term`.
pub trait Sink {
    /// Whether per-term bookkeeping is wanted; the fast path tests this at
    /// compile time to take shortcuts (folded tables, the pawn cache).
    const TRACE: bool;
    fn add(&mut self, c: Color, term: Term, w: Weight, n: i32);

    /// `add`, naming the squares the contribution comes from: either `n`
    /// squares that each count once, or one square counted `n` times, or a
    /// group that earns it together (a bishop pair). Only the attribution
    /// sink looks at `from`; for the others it is dead code the compiler
    /// drops, so the fast path pays nothing.
    #[inline(always)]
    fn add_from(&mut self, c: Color, term: Term, w: Weight, n: i32, from: Bitboard) {
        let _ = from;
        self.add(c, term, w, n)
    }
}

/// The fast path: White's total minus Black's, packed.
#[derive(Default)]
pub struct Total(pub S);

impl Sink for Total {
    const TRACE: bool = false;
    #[inline(always)]
    fn add(&mut self, c: Color, _term: Term, w: Weight, n: i32) {
        // Negate without a branch for Black: (v ^ -1) - (-1) == -v.
        let flip = -(c as i32);
        let v = (w.1 * n).0;
        self.0 += S((v ^ flip).wrapping_sub(flip));
    }
}

/// The traced path: each term per side, and each weight's count per side.
pub struct Recorder {
    /// `[term][colour]`, each from that side's own point of view.
    pub terms: [[S; 2]; Term::COUNT],
    /// (weight index, White's count minus Black's), unmerged.
    pub features: Vec<(usize, i32)>,
}

impl Recorder {
    pub fn new() -> Recorder {
        Recorder {
            terms: [[S::ZERO; 2]; Term::COUNT],
            features: Vec::with_capacity(128),
        }
    }
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder::new()
    }
}

impl Sink for Recorder {
    const TRACE: bool = true;
    fn add(&mut self, c: Color, term: Term, w: Weight, n: i32) {
        self.terms[term as usize][c.index()] += w.1 * n;
        if n != 0 {
            self.features.push((w.0, n * c.sign()));
        }
    }
}

/// Shorthand for a weight and its flat index: `w!(p.field)`,
/// `w!(p.field[i])` or `w!(p.field[i][j])`.
macro_rules! w {
    ($p:ident . $f:ident) => {
        ($crate::eval::hce::params::idx::$f, $p.$f)
    };
    ($p:ident . $f:ident [$i:expr]) => {{
        let i: usize = $i;
        ($crate::eval::hce::params::idx::$f + i, $p.$f[i])
    }};
    ($p:ident . $f:ident [$i:expr] [$j:expr]) => {{
        let (i, j): (usize, usize) = ($i, $j);
        (
            $crate::eval::hce::params::idx::$f + i * $p.$f[0].len() + j,
            $p.$f[i][j],
        )
    }};
}
pub(crate) use w;
