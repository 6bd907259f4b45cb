//! `Row`: one 512-wide slice of i16 hidden-layer values, aligned to 64 bytes
//! so that vector loads never straddle a cache line. Feature weights, the
//! feature bias, the output weights and accumulators are all rows.

use super::arch::HIDDEN;

/// 512 i16 values on a 64-byte boundary (1 KiB: a whole number of cache lines,
/// so a `Vec<Row>` keeps every element aligned too).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Row {
    pub const ZERO: Row = Row([0; HIDDEN]);
}

impl Default for Row {
    fn default() -> Row {
        Row::ZERO
    }
}

impl std::fmt::Debug for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Row({:?} ..)", &self.0[..8])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_cache_line_aligned_in_vectors() {
        assert_eq!(std::mem::align_of::<Row>(), 64);
        assert_eq!(std::mem::size_of::<Row>(), 2 * HIDDEN);
        let v = vec![Row::ZERO; 5];
        for r in &v {
            assert_eq!(r as *const Row as usize % 64, 0);
        }
    }
}
