//! `S`: a midgame and an endgame value packed into one `i32` as
//! `(eg << 16) + mg`. Adding, subtracting, negating and multiplying by an
//! integer work on both halves at once, so a whole evaluation accumulates
//! in single integer operations and is tapered once at the end. Packed
//! scores never divide: the halves would bleed into each other.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct S(pub i32);

impl S {
    pub const ZERO: S = S(0);

    /// Packs (mg, eg). The endgame half is shifted up; the midgame half is
    /// added as a signed value, borrowing from the endgame half when negative.
    #[inline(always)]
    pub const fn new(mg: i16, eg: i16) -> S {
        S(((eg as i32) << 16).wrapping_add(mg as i32))
    }

    /// The midgame half: the low 16 bits read as signed.
    #[inline(always)]
    pub const fn mg(self) -> i16 {
        self.0 as i16
    }

    /// The endgame half: adding 0x8000 first undoes the borrow a negative
    /// midgame half took from it.
    #[inline(always)]
    pub const fn eg(self) -> i16 {
        ((self.0.wrapping_add(0x8000)) >> 16) as i16
    }

    /// The raw packed integer.
    #[inline(always)]
    pub const fn packed(self) -> i32 {
        self.0
    }
}

/// Shorthand used throughout the parameter tables.
#[inline(always)]
pub const fn s(mg: i16, eg: i16) -> S {
    S::new(mg, eg)
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, o: S) -> S {
        S(self.0.wrapping_add(o.0))
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, o: S) -> S {
        S(self.0.wrapping_sub(o.0))
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(self.0.wrapping_neg())
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, o: S) {
        self.0 = self.0.wrapping_add(o.0);
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, o: S) {
        self.0 = self.0.wrapping_sub(o.0);
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, k: i32) -> S {
        S(self.0.wrapping_mul(k))
    }
}

impl std::iter::Sum for S {
    fn sum<I: Iterator<Item = S>>(iter: I) -> S {
        iter.fold(S::ZERO, |a, b| a + b)
    }
}

impl fmt::Debug for S {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "S(mg {}, eg {} | {:#010x})",
            self.mg(),
            self.eg(),
            self.0 as u32
        )
    }
}
