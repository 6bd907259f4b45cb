//! The vector kernels of NNUE inference and the one place that picks between
//! them. `scalar` is always built and is the reference; `avx2` is compiled
//! into every x86-64 binary with `#[target_feature]` and chosen at run time
//! when the CPU has it, so a plain `cargo build --release` is both portable
//! and fast. Intrinsics appear nowhere else in tapir's NNUE code.
//!
//! All i16 arithmetic wraps (as the vector instructions do) and the output
//! sums wrap in i32, so every backend gives bit-identical results whatever the
//! weights; a net exported with clipped weights never actually wraps.

#![allow(unsafe_code, reason = "the NNUE vector kernels and their dispatch")]

#[cfg(target_arch = "x86_64")]
pub mod avx2;
pub mod scalar;

use super::row::Row;
use std::sync::OnceLock;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

/// A set of kernels that this CPU can run. The vector kinds can only be
/// obtained through a constructor that checked the CPU, which is what makes
/// calling them sound.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Backend(Kind);

impl Backend {
    /// The portable kernels (auto-vectorised by the compiler for the baseline target).
    pub const fn scalar() -> Backend {
        Backend(Kind::Scalar)
    }

    /// The AVX2 kernels, if this CPU has AVX2.
    pub fn avx2() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Some(Backend(Kind::Avx2));
            }
        }
        None
    }

    /// The fastest backend this CPU runs, detected once per process.
    pub fn detect() -> Backend {
        static BEST: OnceLock<Backend> = OnceLock::new();
        *BEST.get_or_init(|| Backend::avx2().unwrap_or(Backend::scalar()))
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
        }
    }

    /// `dst = src + a - s`: a quiet move for one perspective.
    #[inline]
    pub fn copy_add_sub(self, dst: &mut Row, src: &Row, a: &Row, s: &Row) {
        match self.0 {
            Kind::Scalar => scalar::copy_add_sub(dst, src, a, s),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kind::Avx2` backend is only built after the CPU reported AVX2.
            Kind::Avx2 => unsafe { avx2::copy_add_sub(dst, src, a, s) },
        }
    }

    /// `dst = src + a - s1 - s2`: a capture or a promotion.
    #[inline]
    pub fn copy_add_sub2(self, dst: &mut Row, src: &Row, a: &Row, s1: &Row, s2: &Row) {
        match self.0 {
            Kind::Scalar => scalar::copy_add_sub2(dst, src, a, s1, s2),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kind::Avx2` backend is only built after the CPU reported AVX2.
            Kind::Avx2 => unsafe { avx2::copy_add_sub2(dst, src, a, s1, s2) },
        }
    }

    /// `dst = src + a1 + a2 - s1 - s2`: castling or a capturing promotion.
    #[inline]
    pub fn copy_add2_sub2(
        self,
        dst: &mut Row,
        src: &Row,
        [a1, a2]: [&Row; 2],
        [s1, s2]: [&Row; 2],
    ) {
        match self.0 {
            Kind::Scalar => scalar::copy_add2_sub2(dst, src, [a1, a2], [s1, s2]),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kind::Avx2` backend is only built after the CPU reported AVX2.
            Kind::Avx2 => unsafe { avx2::copy_add2_sub2(dst, src, [a1, a2], [s1, s2]) },
        }
    }

    /// `acc += sum of table[adds] - sum of table[subs]`, for refreshes. Each
    /// index must be below `table.len()` (checked).
    #[inline]
    pub fn apply_lists(self, acc: &mut Row, table: &[Row], adds: &[u32], subs: &[u32]) {
        match self.0 {
            Kind::Scalar => scalar::apply_lists(acc, table, adds, subs),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kind::Avx2` backend is only built after the CPU reported AVX2.
            Kind::Avx2 => unsafe { avx2::apply_lists(acc, table, adds, subs) },
        }
    }

    /// `sum_i crelu(stm[i]) * w[0][i] + crelu(nstm[i]) * w[1][i]` in wrapping
    /// i32, the output bias not included.
    #[inline]
    pub fn output(self, stm: &Row, nstm: &Row, w: &[Row; 2]) -> i32 {
        match self.0 {
            Kind::Scalar => scalar::output(stm, nstm, w),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kind::Avx2` backend is only built after the CPU reported AVX2.
            Kind::Avx2 => unsafe { avx2::output(stm, nstm, w) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::arch::HIDDEN;

    /// Rows of random i16 over the whole range (so wrapping is exercised),
    /// plus the extremes.
    fn rows(seed: u64, n: usize) -> Vec<Row> {
        let mut x = seed;
        let mut next = move || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut v = vec![Row::ZERO; n];
        for r in &mut v {
            for e in r.0.iter_mut() {
                *e = next() as i16;
            }
            r.0[0] = i16::MIN;
            r.0[HIDDEN - 1] = i16::MAX;
        }
        v
    }

    #[test]
    fn avx2_equals_scalar_bit_for_bit() {
        let Some(avx2) = Backend::avx2() else {
            crate::test_support::say_skipped(
                "avx2_equals_scalar_bit_for_bit",
                "this CPU has no AVX2, so there is no AVX2 kernel to compare",
            );
            return;
        };
        let scalar = Backend::scalar();
        for seed in 0..20 {
            let r = rows(seed, 40);
            let (mut d1, mut d2) = (Row::ZERO, Row::ZERO);

            scalar.copy_add_sub(&mut d1, &r[0], &r[1], &r[2]);
            avx2.copy_add_sub(&mut d2, &r[0], &r[1], &r[2]);
            assert_eq!(d1, d2);

            scalar.copy_add_sub2(&mut d1, &r[0], &r[1], &r[2], &r[3]);
            avx2.copy_add_sub2(&mut d2, &r[0], &r[1], &r[2], &r[3]);
            assert_eq!(d1, d2);

            scalar.copy_add2_sub2(&mut d1, &r[0], [&r[1], &r[2]], [&r[3], &r[4]]);
            avx2.copy_add2_sub2(&mut d2, &r[0], [&r[1], &r[2]], [&r[3], &r[4]]);
            assert_eq!(d1, d2);

            let adds: Vec<u32> = (0..(seed as u32 % 33)).map(|i| (i * 7) % 40).collect();
            let subs: Vec<u32> = (0..(seed as u32 % 5)).map(|i| (i * 3 + 1) % 40).collect();
            let (mut a1, mut a2) = (r[5], r[5]);
            scalar.apply_lists(&mut a1, &r, &adds, &subs);
            avx2.apply_lists(&mut a2, &r, &adds, &subs);
            assert_eq!(a1, a2);

            let w = [r[7], r[8]];
            assert_eq!(
                scalar.output(&r[5], &r[6], &w),
                avx2.output(&r[5], &r[6], &w)
            );
        }
    }

    #[test]
    fn scalar_kernels_compute_what_they_say() {
        let r = rows(99, 6);
        let mut d = Row::ZERO;
        Backend::scalar().copy_add2_sub2(&mut d, &r[0], [&r[1], &r[2]], [&r[3], &r[4]]);
        for i in 0..HIDDEN {
            let want = r[0].0[i]
                .wrapping_add(r[1].0[i])
                .wrapping_add(r[2].0[i])
                .wrapping_sub(r[3].0[i])
                .wrapping_sub(r[4].0[i]);
            assert_eq!(d.0[i], want);
        }
        let mut a = Row::ZERO;
        a.0[3] = 300; // clipped to 255
        a.0[4] = -5; // clipped to 0
        a.0[5] = 10;
        let mut w = [Row::ZERO; 2];
        w[0].0[3] = 2;
        w[0].0[4] = 100;
        w[0].0[5] = -3;
        w[1].0[5] = 7;
        let mut b = Row::ZERO;
        b.0[5] = 20;
        assert_eq!(
            Backend::scalar().output(&a, &b, &w),
            255 * 2 + 10 * -3 + 20 * 7
        );
    }

    #[test]
    fn detection_is_stable() {
        assert_eq!(Backend::detect(), Backend::detect());
        assert!(["scalar", "avx2"].contains(&Backend::detect().name()));
    }
}
