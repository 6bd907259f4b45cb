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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Halves small enough that a sum or difference of two stays in i16.
    fn half() -> impl Strategy<Value = i16> {
        -16000i16..=16000
    }

    #[test]
    fn sign_correction_examples() {
        let a = S::new(-1, 0);
        assert_eq!((a.mg(), a.eg()), (-1, 0));
        let b = S::new(-300, -200);
        assert_eq!((b.mg(), b.eg()), (-300, -200));
        let c = S::new(i16::MIN, i16::MAX);
        assert_eq!((c.mg(), c.eg()), (i16::MIN, i16::MAX));
        let d = S::new(i16::MAX, i16::MIN);
        assert_eq!((d.mg(), d.eg()), (i16::MAX, i16::MIN));
        assert_eq!(
            format!("{:?}", S::new(-5, 7)),
            "S(mg -5, eg 7 | 0x0006fffb)"
        );
    }

    proptest! {
        #[test]
        fn round_trip(mg in any::<i16>(), eg in any::<i16>()) {
            let p = S::new(mg, eg);
            prop_assert_eq!((p.mg(), p.eg()), (mg, eg));
            prop_assert_eq!(s(mg, eg), p);
        }

        #[test]
        fn add_sub_agree_pairwise(a in half(), b in half(), c in half(), d in half()) {
            let (x, y) = (S::new(a, b), S::new(c, d));
            prop_assert_eq!(x + y, S::new(a + c, b + d));
            prop_assert_eq!(x - y, S::new(a - c, b - d));
            let mut z = x;
            z += y;
            prop_assert_eq!(z, S::new(a + c, b + d));
            let mut z = x;
            z -= y;
            prop_assert_eq!(z, S::new(a - c, b - d));
        }

        #[test]
        fn neg_agrees_pairwise(a in -32767i16..=32767, b in -32767i16..=32767) {
            prop_assert_eq!(-S::new(a, b), S::new(-a, -b));
        }

        #[test]
        fn mul_agrees_pairwise(a in -300i16..=300, b in -300i16..=300, k in -100i32..=100) {
            let (mg, eg) = (a as i32 * k, b as i32 * k);
            prop_assert_eq!(S::new(a, b) * k, S::new(mg as i16, eg as i16));
        }

        #[test]
        fn sums_of_many_agree(v in proptest::collection::vec((-500i16..=500, -500i16..=500), 0..60)) {
            let packed: S = v.iter().map(|&(m, e)| S::new(m, e)).sum();
            let mg: i32 = v.iter().map(|p| p.0 as i32).sum();
            let eg: i32 = v.iter().map(|p| p.1 as i32).sum();
            prop_assert_eq!((packed.mg() as i32, packed.eg() as i32), (mg, eg));
        }
    }
}
