//! `Network`: the quantised weights of one net, loaded from (and written to)
//! the v1 file format with every header field, the size and the checksum
//! verified. A bad file is a `NetError` naming the fault; nothing here panics
//! on file contents.

use super::arch::{
    fnv1a, ARCH_HASH, BODY_LEN, CHECKSUM_LEN, FEATURES, FILE_LEN, FORMAT_VERSION, HEADER_LEN,
    HIDDEN, LEGACY_QB, LEGACY_QB_FACTOR, MAGIC, PHASE_SCALE_MAX, PHASE_SCALE_ONE, QA, QB, SCALE,
};
use super::row::Row;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Why a net file was refused. One variant per fault so that callers (and
/// tests) can tell them apart; `Display` says what was wrong in a sentence.
#[derive(Debug)]
pub enum NetError {
    /// The file could not be read or written.
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Fewer bytes than the header or the header's body length needs.
    Truncated { len: usize, needed: usize },
    /// Not a tapir net at all.
    BadMagic { found: [u8; 8] },
    /// A tapir net of another format version.
    UnsupportedVersion { found: u32 },
    /// A net for another architecture.
    ArchMismatch { found: u32 },
    /// Features per perspective other than 12,288.
    FeatureCountMismatch { found: u32 },
    /// Hidden size other than 512.
    HiddenSizeMismatch { found: u32 },
    /// QA other than 255.
    QaMismatch { found: i32 },
    /// QB other than 512 (or the legacy 64).
    QbMismatch { found: i32 },
    /// A legacy (QB 64) file whose output weight (or bias) cannot be
    /// rescaled to QB within i16 (or i32).
    LegacyOutputOutOfRange { found: i32 },
    /// SCALE other than 400.
    ScaleMismatch { found: i32 },
    /// A phase scale below 0 or above 16.0.
    PhaseScaleOutOfRange { which: &'static str, found: i32 },
    /// The header's body length is not the architecture's.
    BodyLengthMismatch { found: u32 },
    /// Bytes after the checksum.
    TrailingBytes { extra: usize },
    /// The stored checksum does not match the contents: a damaged file.
    ChecksumMismatch { stored: u32, computed: u32 },
}

/// A `NetError` with the file it came from: shown as one line that names
/// the file (an I/O error names it already; a format error gets it in
/// front). The `error` stays typed for callers that react to it.
#[derive(Debug)]
pub struct NamedNetError {
    pub path: PathBuf,
    pub error: NetError,
}

impl fmt::Display for NamedNetError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.error {
            NetError::Io { .. } => self.error.fmt(f),
            e => write!(f, "{}: {e}", self.path.display()),
        }
    }
}

// No `source()`: the message already holds the inner error's, and
// anyhow's `{:#}` would print it twice.
impl std::error::Error for NamedNetError {}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use NetError::*;
        match self {
            Io { path, source } => write!(f, "cannot access net file {}: {source}", path.display()),
            Truncated { len, needed } => {
                write!(f, "net file is truncated: {len} bytes, {needed} needed")
            }
            BadMagic { found } => write!(
                f,
                "not a tapir net file (magic {:?}, expected \"TAPIRNNE\")",
                String::from_utf8_lossy(found)
            ),
            UnsupportedVersion { found } => write!(
                f,
                "net file format version {found} is not supported (expected {FORMAT_VERSION})"
            ),
            ArchMismatch { found } => write!(
                f,
                "net file is for another architecture (hash {found:#010x}, expected {ARCH_HASH:#010x})"
            ),
            FeatureCountMismatch { found } => write!(
                f,
                "net file has {found} features per perspective, expected {FEATURES}"
            ),
            HiddenSizeMismatch { found } => {
                write!(f, "net file has hidden size {found}, expected {HIDDEN}")
            }
            QaMismatch { found } => write!(f, "net file has QA = {found}, expected {QA}"),
            QbMismatch { found } => write!(
                f,
                "net file has QB = {found}, expected {QB} (or {LEGACY_QB} for older tapir nets)"
            ),
            LegacyOutputOutOfRange { found } => write!(
                f,
                "net file with QB = {LEGACY_QB} has an output value {found} too large to rescale to QB = {QB}"
            ),
            ScaleMismatch { found } => {
                write!(f, "net file has SCALE = {found}, expected {SCALE}")
            }
            PhaseScaleOutOfRange { which, found } => write!(
                f,
                "net file has {which} = {found}, outside 0..={PHASE_SCALE_MAX} (1024 = 1.0)"
            ),
            BodyLengthMismatch { found } => write!(
                f,
                "net file declares a body of {found} bytes, expected {BODY_LEN}"
            ),
            TrailingBytes { extra } => {
                write!(f, "net file has {extra} unexpected bytes after the checksum")
            }
            ChecksumMismatch { stored, computed } => write!(
                f,
                "net file is corrupted: checksum {stored:#010x} stored, {computed:#010x} computed"
            ),
        }
    }
}

/// The I/O cause is part of the message already, so `source` stays `None`
/// (error chains would print it twice).
impl std::error::Error for NetError {}

/// The weights of one net, every row 64-byte aligned for the SIMD kernels.
/// About 12.6 MB; share it between search threads behind an `Arc`.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// One row of 512 weights per feature.
    pub(crate) feature_weights: Vec<Row>,
    pub(crate) feature_bias: Row,
    /// The side to move's half, then the other side's half.
    pub(crate) output_weights: [Row; 2],
    pub(crate) output_bias: i32,
    /// Scales at full material and with bare kings, 1024 = 1.0.
    pub(crate) mg_scale_q: i32,
    pub(crate) eg_scale_q: i32,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "Network {{ output_bias: {}, mg_scale_q: {}, eg_scale_q: {} }}",
            self.output_bias, self.mg_scale_q, self.eg_scale_q
        )
    }
}

/// Little-endian reader over a byte slice whose length was checked first.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        out.copy_from_slice(&self.bytes[self.pos..self.pos + N]);
        self.pos += N;
        out
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take())
    }
    fn row(&mut self, row: &mut Row) {
        let bytes = &self.bytes[self.pos..self.pos + 2 * HIDDEN];
        for (w, b) in row.0.iter_mut().zip(bytes.chunks_exact(2)) {
            *w = i16::from_le_bytes([b[0], b[1]]);
        }
        self.pos += 2 * HIDDEN;
    }
}

impl Network {
    /// Reads and verifies a net file.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, NetError> {
        let path = path.as_ref();
        let io = |source| NetError::Io {
            path: path.to_path_buf(),
            source,
        };
        // One byte past a net's size is enough to tell a longer file from
        // a net, and keeps /dev/zero or a huge file from filling memory.
        let file = crate::fsread::open_regular(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let mut bytes = Vec::with_capacity(FILE_LEN + 1);
        file.take(FILE_LEN as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        Network::from_bytes(&bytes).map_err(|e| match e {
            // Say how much longer the whole file is, not the byte read past.
            NetError::TrailingBytes { .. } if len > FILE_LEN as u64 => NetError::TrailingBytes {
                extra: usize::try_from(len - FILE_LEN as u64).unwrap_or(usize::MAX),
            },
            e => e,
        })
    }

    /// `load`, with an error that names the file when shown, for the
    /// front ends that report it to the user.
    pub fn load_named(path: impl AsRef<Path>) -> Result<Network, NamedNetError> {
        let path = path.as_ref();
        Network::load(path).map_err(|error| NamedNetError {
            path: path.to_path_buf(),
            error,
        })
    }

    /// Verifies and decodes the bytes of a net file (for example an embedded one).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let truncated = |needed| NetError::Truncated {
            len: bytes.len(),
            needed,
        };
        if bytes.len() < MAGIC.len() {
            return Err(truncated(FILE_LEN));
        }
        let mut r = Reader { bytes, pos: 0 };
        let magic: [u8; 8] = r.take();
        if magic != MAGIC {
            return Err(NetError::BadMagic { found: magic });
        }
        if bytes.len() < HEADER_LEN {
            return Err(truncated(FILE_LEN));
        }
        let version = r.u32();
        if version != FORMAT_VERSION {
            return Err(NetError::UnsupportedVersion { found: version });
        }
        let arch = r.u32();
        if arch != ARCH_HASH {
            return Err(NetError::ArchMismatch { found: arch });
        }
        let features = r.u32();
        if features as usize != FEATURES {
            return Err(NetError::FeatureCountMismatch { found: features });
        }
        let hidden = r.u32();
        if hidden as usize != HIDDEN {
            return Err(NetError::HiddenSizeMismatch { found: hidden });
        }
        let qa = r.i32();
        if qa != QA {
            return Err(NetError::QaMismatch { found: qa });
        }
        let qb = r.i32();
        if qb != QB && qb != LEGACY_QB {
            return Err(NetError::QbMismatch { found: qb });
        }
        let scale = r.i32();
        if scale != SCALE {
            return Err(NetError::ScaleMismatch { found: scale });
        }
        let mg_scale_q = r.i32();
        let eg_scale_q = r.i32();
        for (which, found) in [("mg_scale_q", mg_scale_q), ("eg_scale_q", eg_scale_q)] {
            if !(0..=PHASE_SCALE_MAX).contains(&found) {
                return Err(NetError::PhaseScaleOutOfRange { which, found });
            }
        }
        let body_len = r.u32();
        if body_len as usize != BODY_LEN {
            return Err(NetError::BodyLengthMismatch { found: body_len });
        }
        if bytes.len() < FILE_LEN {
            return Err(truncated(FILE_LEN));
        }
        if bytes.len() > FILE_LEN {
            return Err(NetError::TrailingBytes {
                extra: bytes.len() - FILE_LEN,
            });
        }
        let (content, tail) = bytes.split_at(FILE_LEN - CHECKSUM_LEN);
        let stored = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        let computed = fnv1a(content);
        if stored != computed {
            return Err(NetError::ChecksumMismatch { stored, computed });
        }

        debug_assert_eq!(r.pos, HEADER_LEN);
        let mut net = Network {
            feature_weights: vec![Row::ZERO; FEATURES],
            feature_bias: Row::ZERO,
            output_weights: [Row::ZERO; 2],
            output_bias: 0,
            mg_scale_q,
            eg_scale_q,
        };
        for row in &mut net.feature_weights {
            r.row(row);
        }
        r.row(&mut net.feature_bias);
        for row in &mut net.output_weights {
            r.row(row);
        }
        net.output_bias = r.i32();
        if qb == LEGACY_QB {
            net.rescale_legacy_output()?;
        }
        Ok(net)
    }

    /// Brings the output layer of a QB-64 file to `QB`: every output weight
    /// and the bias times `QB / LEGACY_QB`, the same evaluations exactly.
    fn rescale_legacy_output(&mut self) -> Result<(), NetError> {
        let k = LEGACY_QB_FACTOR;
        let too_large = |found: i32| NetError::LegacyOutputOutOfRange { found };
        for w in self.output_weights.iter_mut().flat_map(|r| r.0.iter_mut()) {
            *w = w.checked_mul(k as i16).ok_or(too_large(i32::from(*w)))?;
        }
        self.output_bias = self
            .output_bias
            .checked_mul(k)
            .ok_or(too_large(self.output_bias))?;
        Ok(())
    }

    /// The net in file format v1, checksum included.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(&MAGIC);
        for v in [FORMAT_VERSION, ARCH_HASH, FEATURES as u32, HIDDEN as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in [QA, QB, SCALE, self.mg_scale_q, self.eg_scale_q] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&(BODY_LEN as u32).to_le_bytes());
        let rows = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(&self.output_weights);
        for row in rows {
            for w in row.0 {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        let checksum = fnv1a(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        debug_assert_eq!(out.len(), FILE_LEN);
        out
    }

    /// Writes the net file.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), NetError> {
        let path = path.as_ref();
        std::fs::write(path, self.to_bytes()).map_err(|source| NetError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// A valid net with pseudo-random weights from `seed`, for tests and
    /// benchmarks. Feature weights lie in -48..=48 and biases in -64..=127,
    /// so even 32 pieces stay far inside i16 (|acc| <= 127 + 32 * 48), and a
    /// fair share of hidden units sits between 0 and QA as in a trained net.
    /// Output weights lie in +-1/4 and the bias in +-400 cp, drawn as in
    /// the QB-64 days and scaled, so a seed gives the same evaluations.
    pub fn random(seed: u64) -> Network {
        let mut rng = SplitMix64(seed);
        let mut uniform = |lo: i32, hi: i32| lo + (rng.next() % (hi - lo + 1) as u64) as i32;
        let mut net = Network {
            feature_weights: vec![Row::ZERO; FEATURES],
            feature_bias: Row::ZERO,
            output_weights: [Row::ZERO; 2],
            output_bias: 0,
            mg_scale_q: 0,
            eg_scale_q: 0,
        };
        for row in &mut net.feature_weights {
            for w in row.0.iter_mut() {
                *w = uniform(-48, 48) as i16;
            }
        }
        for b in net.feature_bias.0.iter_mut() {
            *b = uniform(-64, 127) as i16;
        }
        let k = LEGACY_QB_FACTOR;
        for row in &mut net.output_weights {
            for w in row.0.iter_mut() {
                *w = (uniform(-16, 16) * k) as i16;
            }
        }
        net.output_bias = uniform(-QA * LEGACY_QB, QA * LEGACY_QB) * k;
        net.mg_scale_q = uniform(PHASE_SCALE_ONE * 3 / 4, PHASE_SCALE_ONE * 5 / 4);
        net.eg_scale_q = uniform(PHASE_SCALE_ONE * 3 / 4, PHASE_SCALE_ONE * 5 / 4);
        net
    }

    /// The 512 weights of feature `f` (< FEATURES).
    #[inline(always)]
    pub fn feature(&self, f: usize) -> &Row {
        &self.feature_weights[f]
    }

    pub fn feature_bias(&self) -> &Row {
        &self.feature_bias
    }

    pub fn output_weights(&self) -> &[Row; 2] {
        &self.output_weights
    }

    pub fn output_bias(&self) -> i32 {
        self.output_bias
    }

    /// The scale at full material (1024 = 1.0).
    pub fn mg_scale_q(&self) -> i32 {
        self.mg_scale_q
    }

    /// The scale with bare kings (1024 = 1.0).
    pub fn eg_scale_q(&self) -> i32 {
        self.eg_scale_q
    }
}

/// A small seeded generator (SplitMix64) for `Network::random`.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::OnceLock;

    /// One random net and its bytes, shared by the tests of this module.
    fn sample() -> &'static (Network, Vec<u8>) {
        static S: OnceLock<(Network, Vec<u8>)> = OnceLock::new();
        S.get_or_init(|| {
            let net = Network::random(7);
            let bytes = net.to_bytes();
            (net, bytes)
        })
    }

    /// `bytes` with the u32/i32 at `offset` replaced and the checksum redone,
    /// so that only the intended fault remains.
    fn patched(offset: usize, value: [u8; 4]) -> Vec<u8> {
        let mut b = sample().1.clone();
        b[offset..offset + 4].copy_from_slice(&value);
        reseal(&mut b);
        b
    }

    /// Rewrites the trailing checksum of edited file bytes.
    fn reseal(b: &mut [u8]) {
        let n = b.len() - CHECKSUM_LEN;
        let sum = fnv1a(&b[..n]);
        b[n..].copy_from_slice(&sum.to_le_bytes());
    }

    fn err(bytes: &[u8]) -> NetError {
        Network::from_bytes(bytes).expect_err("the loader must refuse this file")
    }

    /// `net` written as a QB-64 file: output weights and bias divided by 8
    /// (the caller makes them multiples of 8).
    fn legacy_bytes(net: &Network) -> Vec<u8> {
        let mut b = net.to_bytes();
        b[28..32].copy_from_slice(&LEGACY_QB.to_le_bytes());
        let k = LEGACY_QB_FACTOR as i16;
        let out_at = HEADER_LEN + (FEATURES + 1) * HIDDEN * 2;
        for i in 0..2 * HIDDEN {
            let at = out_at + 2 * i;
            let w = i16::from_le_bytes([b[at], b[at + 1]]);
            b[at..at + 2].copy_from_slice(&(w / k).to_le_bytes());
        }
        let bias_at = out_at + 4 * HIDDEN;
        b[bias_at..bias_at + 4].copy_from_slice(&(net.output_bias / i32::from(k)).to_le_bytes());
        reseal(&mut b);
        b
    }

    #[test]
    fn legacy_qb_files_load_with_the_same_output() {
        let mut net = sample().0.clone();
        for w in net.output_weights.iter_mut().flat_map(|r| r.0.iter_mut()) {
            *w *= 8;
        }
        net.output_bias = 8 * 1234;
        assert_eq!(Network::from_bytes(&legacy_bytes(&net)).unwrap(), net);
        // A legacy weight that cannot be multiplied by 8 within i16.
        let mut b = legacy_bytes(&net);
        let at = HEADER_LEN + (FEATURES + 1) * HIDDEN * 2 + 2 * (HIDDEN + 5);
        b[at..at + 2].copy_from_slice(&4096i16.to_le_bytes());
        reseal(&mut b);
        assert!(matches!(
            err(&b),
            NetError::LegacyOutputOutOfRange { found: 4096 }
        ));
    }

    #[test]
    fn round_trip_through_bytes_and_file() {
        let (net, bytes) = sample();
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(&Network::from_bytes(bytes).unwrap(), net);
        let path = std::env::temp_dir().join(format!("tapir-nnue-{}.nnue", std::process::id()));
        net.save(&path).unwrap();
        let loaded = Network::load(&path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(&loaded.unwrap(), net);
    }

    #[test]
    fn header_is_laid_out_as_specified() {
        let b = &sample().1;
        assert_eq!(&b[0..8], b"TAPIRNNE");
        let u = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
        assert_eq!(u(8), 1);
        assert_eq!(u(12), 0x183f_5ade);
        assert_eq!((u(16), u(20)), (12_288, 512));
        assert_eq!((u(24), u(28), u(32)), (255, 512, 400));
        assert_eq!(u(44), 12_585_988);
        // The first feature weight, then the output bias just before the checksum.
        let net = &sample().0;
        assert_eq!(
            i16::from_le_bytes([b[48], b[49]]),
            net.feature_weights[0].0[0]
        );
        let n = b.len();
        assert_eq!(
            i32::from_le_bytes(b[n - 8..n - 4].try_into().unwrap()),
            net.output_bias
        );
    }

    #[test]
    fn random_nets_are_deterministic() {
        assert_eq!(Network::random(7), sample().0);
        assert_ne!(Network::random(8), sample().0);
    }

    #[test]
    fn flipped_byte_is_a_checksum_error() {
        for offset in [HEADER_LEN, HEADER_LEN + 1000, FILE_LEN - 5] {
            let mut b = sample().1.clone();
            b[offset] ^= 0x10;
            assert!(matches!(err(&b), NetError::ChecksumMismatch { .. }));
        }
        let mut b = sample().1.clone();
        let n = b.len();
        b[n - 1] ^= 1; // the checksum itself
        assert!(matches!(err(&b), NetError::ChecksumMismatch { .. }));
    }

    #[test]
    fn truncated_files_are_refused() {
        let b = &sample().1;
        for len in [0, 7, 8, 20, HEADER_LEN, HEADER_LEN + 100, FILE_LEN - 1] {
            match err(&b[..len]) {
                NetError::Truncated { len: l, needed } => {
                    assert_eq!((l, needed), (len, FILE_LEN))
                }
                e => panic!("{len} bytes gave {e}"),
            }
        }
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut b = sample().1.clone();
        b.extend_from_slice(&[0, 0]);
        assert!(matches!(err(&b), NetError::TrailingBytes { extra: 2 }));
        // From a file, read only one byte past a net, the count is the file's.
        let path = std::env::temp_dir().join(format!("tapir-long-{}.nnue", std::process::id()));
        b.extend_from_slice(&[0; 1000]);
        std::fs::write(&path, &b).unwrap();
        let e = Network::load(&path).unwrap_err();
        assert!(matches!(e, NetError::TrailingBytes { extra: 1002 }), "{e}");
        std::fs::remove_file(&path).unwrap();
        // A device is refused before it is read.
        let e = Network::load("/dev/zero").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }

    #[test]
    fn each_header_fault_has_its_own_error() {
        let mut b = sample().1.clone();
        b[0] = b'X';
        assert!(matches!(err(&b), NetError::BadMagic { .. }));
        assert!(matches!(
            err(&patched(8, 2u32.to_le_bytes())),
            NetError::UnsupportedVersion { found: 2 }
        ));
        assert!(matches!(
            err(&patched(12, 0xdead_beefu32.to_le_bytes())),
            NetError::ArchMismatch { found: 0xdead_beef }
        ));
        assert!(matches!(
            err(&patched(16, 768u32.to_le_bytes())),
            NetError::FeatureCountMismatch { found: 768 }
        ));
        assert!(matches!(
            err(&patched(20, 256u32.to_le_bytes())),
            NetError::HiddenSizeMismatch { found: 256 }
        ));
        assert!(matches!(
            err(&patched(24, 127i32.to_le_bytes())),
            NetError::QaMismatch { found: 127 }
        ));
        assert!(matches!(
            err(&patched(28, 32i32.to_le_bytes())),
            NetError::QbMismatch { found: 32 }
        ));
        assert!(matches!(
            err(&patched(32, 600i32.to_le_bytes())),
            NetError::ScaleMismatch { found: 600 }
        ));
        assert!(matches!(
            err(&patched(36, (-1i32).to_le_bytes())),
            NetError::PhaseScaleOutOfRange {
                which: "mg_scale_q",
                ..
            }
        ));
        assert!(matches!(
            err(&patched(40, 70_000i32.to_le_bytes())),
            NetError::PhaseScaleOutOfRange {
                which: "eg_scale_q",
                ..
            }
        ));
        assert!(matches!(
            err(&patched(44, 12u32.to_le_bytes())),
            NetError::BodyLengthMismatch { found: 12 }
        ));
    }

    #[test]
    fn messages_name_the_fault() {
        let mut b = sample().1.clone();
        b[HEADER_LEN] ^= 1;
        assert!(err(&b).to_string().contains("corrupted"));
        assert!(err(&b[..100]).to_string().contains("truncated"));
        let e = err(&patched(12, 1u32.to_le_bytes())).to_string();
        assert!(e.contains("architecture"), "{e}");
        let e = Network::load("/nonexistent/tapir.nnue").unwrap_err();
        assert!(matches!(e, NetError::Io { .. }));
        assert!(e.to_string().contains("/nonexistent/tapir.nnue"));
    }
}
