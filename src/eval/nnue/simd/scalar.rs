//! Portable reference kernels. Plain loops over `[i16; 512]` that the
//! compiler vectorises for the baseline target; every vector backend must
//! match these bit for bit.

use crate::eval::nnue::arch::QA;
use crate::eval::nnue::row::Row;

pub fn copy_add_sub(dst: &mut Row, src: &Row, a: &Row, s: &Row) {
    for (((d, &x), &a), &s) in dst.0.iter_mut().zip(&src.0).zip(&a.0).zip(&s.0) {
        *d = x.wrapping_add(a).wrapping_sub(s);
    }
}

pub fn copy_add_sub2(dst: &mut Row, src: &Row, a: &Row, s1: &Row, s2: &Row) {
    let it = dst.0.iter_mut().zip(&src.0).zip(&a.0).zip(&s1.0).zip(&s2.0);
    for ((((d, &x), &a), &s1), &s2) in it {
        *d = x.wrapping_add(a).wrapping_sub(s1).wrapping_sub(s2);
    }
}

pub fn copy_add2_sub2(dst: &mut Row, src: &Row, [a1, a2]: [&Row; 2], [s1, s2]: [&Row; 2]) {
    let it = dst.0.iter_mut().zip(&src.0).zip(&a1.0).zip(&a2.0);
    for (((d, &x), &a1), &a2) in it {
        *d = x.wrapping_add(a1).wrapping_add(a2);
    }
    for ((d, &s1), &s2) in dst.0.iter_mut().zip(&s1.0).zip(&s2.0) {
        *d = d.wrapping_sub(s1).wrapping_sub(s2);
    }
}

pub fn apply_lists(acc: &mut Row, table: &[Row], adds: &[u32], subs: &[u32]) {
    for &f in adds {
        for (d, &w) in acc.0.iter_mut().zip(&table[f as usize].0) {
            *d = d.wrapping_add(w);
        }
    }
    for &f in subs {
        for (d, &w) in acc.0.iter_mut().zip(&table[f as usize].0) {
            *d = d.wrapping_sub(w);
        }
    }
}

pub fn output(stm: &Row, nstm: &Row, w: &[Row; 2]) -> i32 {
    let half = |acc: &Row, w: &Row| {
        acc.0.iter().zip(&w.0).fold(0i32, |s, (&a, &w)| {
            s.wrapping_add(i32::from(a).clamp(0, QA) * i32::from(w))
        })
    };
    half(stm, &w[0]).wrapping_add(half(nstm, &w[1]))
}
