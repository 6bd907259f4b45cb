//! A set of squares as one `u64`, bit i = square i. Everything set-wise in the
//! move generator and the evaluation is expressed with these.

use super::types::{Color, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file)
    }

    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * rank))
    }

    /// The rank `rank` counted from `color`'s own side (0 = its back rank).
    #[inline(always)]
    pub const fn relative_rank(color: Color, rank: u8) -> Bitboard {
        Self::rank(color.relative_rank(rank))
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline(always)]
    pub const fn several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The lowest square; the caller guarantees the set is not empty.
    #[inline(always)]
    pub const fn lsb(self) -> Square {
        Square::new(self.0.trailing_zeros() as u8 & 63)
    }

    /// The highest square; the caller guarantees the set is not empty.
    #[inline(always)]
    pub const fn msb(self) -> Square {
        Square::new(63 - (self.0.leading_zeros() as u8 & 63))
    }

    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square one step "forward" for `color`.
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_A.0) >> 1)
    }

    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Self::FILE_H.0) << 1)
    }

    /// Mirrors the board top to bottom (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Every square reached by sliding forward from these squares, not included.
    pub const fn fill_forward(self, color: Color) -> Bitboard {
        let mut b = self.0;
        match color {
            Color::White => {
                b |= b << 8;
                b |= b << 16;
                b |= b << 32;
                Bitboard(b << 8)
            }
            Color::Black => {
                b |= b >> 8;
                b |= b >> 16;
                b |= b >> 32;
                Bitboard(b >> 8)
            }
        }
    }

    /// The files that hold at least one of these squares, as full files.
    pub const fn file_fill(self) -> Bitboard {
        let mut b = self.0;
        b |= b << 8;
        b |= b << 16;
        b |= b << 32;
        b |= b >> 8;
        b |= b >> 16;
        b |= b >> 32;
        Bitboard(b)
    }

    #[inline(always)]
    pub fn iter(self) -> BitIter {
        BitIter(self.0)
    }
}

/// Iterates the squares of a bitboard from a1 upwards.
pub struct BitIter(u64);

impl Iterator for BitIter {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitIter;
    fn into_iter(self) -> BitIter {
        BitIter(self.0)
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let set = self.contains(Square::from_coords(file, rank));
                write!(f, "{}", if set { " x" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_visits_every_square_once() {
        let b = Bitboard(0x8100_0000_0000_0081);
        let v: Vec<_> = b.iter().map(|s| s.to_string()).collect();
        assert_eq!(v, ["a1", "h1", "a8", "h8"]);
    }

    #[test]
    fn shifts_do_not_wrap_files() {
        assert_eq!(Bitboard::FILE_A.west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FILE_H.east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::FILE_A.east(), Bitboard::file(1));
    }

    #[test]
    fn fills() {
        let e4 = Bitboard::from_square(Square::parse("e4").unwrap());
        assert_eq!(e4.fill_forward(Color::White).count(), 4);
        assert_eq!(e4.fill_forward(Color::Black).count(), 3);
        assert_eq!(e4.file_fill(), Bitboard::file(4));
    }
}
