//! AVX2 kernels: 16 i16 lanes per register, 32 registers' worth per row.
//!
//! Every function carries `#[target_feature(enable = "avx2")]`, so it is
//! compiled for AVX2 whatever the build's target CPU, and may only be called
//! once the CPU is known to have AVX2 (`Backend` guarantees that). Loads and
//! stores use the aligned forms: a `Row` is 64-byte aligned and every chunk
//! starts at a multiple of 32 bytes inside it.

use crate::eval::nnue::arch::{HIDDEN, QA};
use crate::eval::nnue::row::Row;
use std::arch::x86_64::*;

/// i16 lanes per register.
const LANES: usize = 16;
/// Registers per row.
const CHUNKS: usize = HIDDEN / LANES;
/// Accumulator registers kept live while streaming weight rows in
/// `apply_lists`: all 16 AVX2 registers (the weight loads fold into the adds).
/// Measured with `tapir nnue-bench`: 16 beats 8, and 32 spills.
const TILE: usize = 16;

#[target_feature(enable = "avx2")]
#[inline]
fn load(r: &Row, chunk: usize) -> __m256i {
    let lanes = &r.0[chunk * LANES..chunk * LANES + LANES];
    // SAFETY: `lanes` is 16 readable i16 (32 bytes) inside a 64-byte aligned
    // `Row`, starting at a multiple of 32 bytes, as the aligned load requires.
    unsafe { _mm256_load_si256(lanes.as_ptr().cast()) }
}

#[target_feature(enable = "avx2")]
#[inline]
fn store(r: &mut Row, chunk: usize, v: __m256i) {
    let lanes = &mut r.0[chunk * LANES..chunk * LANES + LANES];
    // SAFETY: `lanes` is 16 writable i16 (32 bytes), exclusively borrowed,
    // 32-byte aligned for the same reason as in `load`.
    unsafe { _mm256_store_si256(lanes.as_mut_ptr().cast(), v) }
}

/// `dst = src + a - s`.
///
/// # Safety
/// Call only when the CPU has AVX2 (a `Backend` of kind AVX2 proves it).
#[target_feature(enable = "avx2")]
pub fn copy_add_sub(dst: &mut Row, src: &Row, a: &Row, s: &Row) {
    for c in 0..CHUNKS {
        let v = _mm256_add_epi16(load(src, c), load(a, c));
        store(dst, c, _mm256_sub_epi16(v, load(s, c)));
    }
}

/// `dst = src + a - s1 - s2`.
///
/// # Safety
/// Call only when the CPU has AVX2 (a `Backend` of kind AVX2 proves it).
#[target_feature(enable = "avx2")]
pub fn copy_add_sub2(dst: &mut Row, src: &Row, a: &Row, s1: &Row, s2: &Row) {
    for c in 0..CHUNKS {
        let v = _mm256_add_epi16(load(src, c), load(a, c));
        let v = _mm256_sub_epi16(v, load(s1, c));
        store(dst, c, _mm256_sub_epi16(v, load(s2, c)));
    }
}

/// `dst = src + a1 + a2 - s1 - s2`.
///
/// # Safety
/// Call only when the CPU has AVX2 (a `Backend` of kind AVX2 proves it).
#[target_feature(enable = "avx2")]
pub fn copy_add2_sub2(dst: &mut Row, src: &Row, [a1, a2]: [&Row; 2], [s1, s2]: [&Row; 2]) {
    for c in 0..CHUNKS {
        let v = _mm256_add_epi16(load(src, c), load(a1, c));
        let v = _mm256_add_epi16(v, load(a2, c));
        let v = _mm256_sub_epi16(v, load(s1, c));
        store(dst, c, _mm256_sub_epi16(v, load(s2, c)));
    }
}

/// `acc += table[adds] - table[subs]`, a tile of registers at a time so that
/// the accumulator is loaded and stored once per tile, not once per feature.
///
/// # Safety
/// Call only when the CPU has AVX2 (a `Backend` of kind AVX2 proves it).
#[target_feature(enable = "avx2")]
pub fn apply_lists(acc: &mut Row, table: &[Row], adds: &[u32], subs: &[u32]) {
    for tile in (0..CHUNKS).step_by(TILE) {
        let mut regs = [_mm256_setzero_si256(); TILE];
        for (k, r) in regs.iter_mut().enumerate() {
            *r = load(acc, tile + k);
        }
        for &f in adds {
            let w = &table[f as usize];
            for (k, r) in regs.iter_mut().enumerate() {
                *r = _mm256_add_epi16(*r, load(w, tile + k));
            }
        }
        for &f in subs {
            let w = &table[f as usize];
            for (k, r) in regs.iter_mut().enumerate() {
                *r = _mm256_sub_epi16(*r, load(w, tile + k));
            }
        }
        for (k, r) in regs.iter().enumerate() {
            store(acc, tile + k, *r);
        }
    }
}

/// Clipped ReLU and the output dot product of both halves (wrapping i32).
///
/// # Safety
/// Call only when the CPU has AVX2 (a `Backend` of kind AVX2 proves it).
#[target_feature(enable = "avx2")]
pub fn output(stm: &Row, nstm: &Row, w: &[Row; 2]) -> i32 {
    let zero = _mm256_setzero_si256();
    let ceiling = _mm256_set1_epi16(QA as i16);
    // Two independent sums so the adds do not wait on each other.
    let mut sums = [zero; 2];
    for (half, (acc, w)) in [(stm, &w[0]), (nstm, &w[1])].into_iter().enumerate() {
        for c in 0..CHUNKS {
            let a = _mm256_min_epi16(_mm256_max_epi16(load(acc, c), zero), ceiling);
            // a <= 255, so each pair sum of a * w fits an i32: madd never saturates.
            sums[half] = _mm256_add_epi32(sums[half], _mm256_madd_epi16(a, load(w, c)));
        }
    }
    let s = _mm256_add_epi32(sums[0], sums[1]);
    let s = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256::<1>(s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
    _mm_cvtsi128_si32(s)
}
