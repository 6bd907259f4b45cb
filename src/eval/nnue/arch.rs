//! The fixed network architecture of net format v1 (see `NNUE-FORMAT.md` in
//! the design notes): sizes, quantisation constants, the header layout and the
//! architecture hash a net file must carry.
//!
//! Shape: 16 king buckets x 768 piece-square inputs per perspective -> 512
//! hidden (one matrix shared by both perspectives) -> clipped ReLU -> the side
//! to move's 512 then the other side's 512 -> one output.

/// King buckets per perspective.
pub const KING_BUCKETS: usize = 16;
/// Piece-square inputs per bucket: 2 colours x 6 piece types x 64 squares.
pub const INPUTS_PER_BUCKET: usize = 768;
/// Features per perspective.
pub const FEATURES: usize = KING_BUCKETS * INPUTS_PER_BUCKET;
/// Hidden units per perspective.
pub const HIDDEN: usize = 512;

/// Clipped-ReLU ceiling and the scale of feature weights and biases.
pub const QA: i32 = 255;
/// Scale of the output weights. Trained output weights are small (mean
/// |w| about 0.08), so 64 left them a handful of levels each: on a trained
/// model the rounding alone moved the output by 8.7 cp on average, against
/// 1.3 cp at 512. With |w| <= 16 (8192 stored) the i32 output sum stays
/// within 1024 * 255 * 8192 = 2.14e9 < i32::MAX.
pub const QB: i32 = 512;
/// The output scale of tapir's first nets (up to commit ba71f88). They still
/// load, their output weights and bias multiplied by `QB / LEGACY_QB`, which
/// gives exactly the same evaluations, so the README's reproduction steps
/// can play with them.
pub const LEGACY_QB: i32 = 64;
/// What a legacy output weight or bias is multiplied by on loading.
pub const LEGACY_QB_FACTOR: i32 = QB / LEGACY_QB;
/// Network output units to centipawns.
pub const SCALE: i32 = 400;
/// Unit of the two phase scales stored with the net (1024 = 1.0).
pub const PHASE_SCALE_ONE: i32 = 1024;
/// The largest phase scale a loader accepts (16.0); anything beyond is a
/// broken export, not a net.
pub const PHASE_SCALE_MAX: i32 = 16 * PHASE_SCALE_ONE;

/// The string whose FNV-1a hash identifies this architecture in net files.
pub const ARCH_STRING: &str = "tapir:kb16x768->512x2->1:crelu";
/// `fnv1a(ARCH_STRING)`, checked by a test.
pub const ARCH_HASH: u32 = 0x183f_5ade;

pub const MAGIC: [u8; 8] = *b"TAPIRNNE";
pub const FORMAT_VERSION: u32 = 1;
/// Bytes before the body.
pub const HEADER_LEN: usize = 48;
/// Feature weights, feature biases, output weights (i16) and the i32 output bias.
pub const BODY_LEN: usize = FEATURES * HIDDEN * 2 + HIDDEN * 2 + 2 * HIDDEN * 2 + 4;
/// The trailing FNV-1a checksum.
pub const CHECKSUM_LEN: usize = 4;
/// The exact size of a v1 net file.
pub const FILE_LEN: usize = HEADER_LEN + BODY_LEN + CHECKSUM_LEN;

/// FNV-1a 32-bit, as the net format specifies for the hash and the checksum.
pub const fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811C_9DC5;
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arch_hash_is_the_hash_of_the_arch_string() {
        assert_eq!(fnv1a(ARCH_STRING.as_bytes()), ARCH_HASH);
    }

    #[test]
    fn fnv1a_known_values() {
        assert_eq!(fnv1a(b""), 0x811C_9DC5);
        assert_eq!(fnv1a(b"a"), 0xE40C_292C);
    }

    #[test]
    fn sizes_match_the_format() {
        assert_eq!(FEATURES, 12_288);
        assert_eq!(BODY_LEN, 12_585_988);
        assert_eq!(FILE_LEN, 48 + 12_585_988 + 4);
    }
}
