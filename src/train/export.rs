//! Writing a trained model as an NNUE net file, format v1 (the contract in
//! NNUE-FORMAT.md, shared with `eval::nnue`): merge the factoriser into the
//! bucket rows, quantise (feature weights and biases x QA, output weights
//! x QB, output bias x QA*QB), lay out the header and body little-endian
//! and close with an FNV-1a checksum. The quantised net also has a plain
//! integer evaluation here, the trainer's own reference for what the
//! engine will compute.

use super::features::{board_features, feature_index, train_row, FEATURES};
use super::model::{forward, Model, Scratch};
use super::params::{
    EG_SCALE_Q, FT_BOUND, HIDDEN, MG_SCALE_Q, NET_SCALE, OUT_BIAS_BOUND, OUT_BOUND, QA, QB,
};
use crate::chess::{Board, Color};
use crate::eval::nnue::arch::{
    fnv1a, ARCH_HASH, BODY_LEN, FILE_LEN, FORMAT_VERSION, HEADER_LEN, MAGIC,
};
use crate::eval::phase::{game_phase, MAX_PHASE};
use anyhow::{Context, Result};
use std::path::Path;

/// The integer net as the file stores it.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantisedNet {
    /// `[FEATURES][HIDDEN]`, feature-major in the file's feature order.
    pub ft: Vec<i16>,
    pub ft_bias: Vec<i16>,
    /// `2 * HIDDEN`, side to move's half first.
    pub out: Vec<i16>,
    pub out_bias: i32,
    pub mg_scale_q: i32,
    pub eg_scale_q: i32,
}

/// Merges and quantises a model. The trainer's
/// clipping keeps every value in range; clamping here only guards a model
/// built some other way.
pub fn quantise(model: &Model) -> QuantisedNet {
    let merged = model.merged();
    let q = quantise_value;
    let mut ft = vec![0i16; FEATURES * HIDDEN];
    for (f, dst) in ft.chunks_exact_mut(HIDDEN).enumerate() {
        for (d, &w) in dst.iter_mut().zip(&merged[train_row(f)]) {
            *d = q(w, FT_BOUND, QA) as i16;
        }
    }
    QuantisedNet {
        ft,
        ft_bias: model
            .ft_bias
            .iter()
            .map(|&w| q(w, FT_BOUND, QA) as i16)
            .collect(),
        out: model
            .out
            .iter()
            .flatten()
            .map(|&w| q(w, OUT_BOUND, QB) as i16)
            .collect(),
        out_bias: q(model.out_bias, OUT_BIAS_BOUND, QA * QB) as i32,
        mg_scale_q: MG_SCALE_Q,
        eg_scale_q: EG_SCALE_Q,
    }
}

/// One float weight as the file stores it: clamped to `bound`, scaled and
/// rounded (the caller narrows it to the field's integer type).
pub fn quantise_value(w: f32, bound: f32, scale: i32) -> f32 {
    (w.clamp(-bound, bound) * scale as f32).round()
}

impl QuantisedNet {
    /// The complete file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(FILE_LEN);
        b.extend_from_slice(&MAGIC);
        for v in [FORMAT_VERSION, ARCH_HASH, FEATURES as u32, HIDDEN as u32] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in [QA, QB, NET_SCALE, self.mg_scale_q, self.eg_scale_q] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&(BODY_LEN as u32).to_le_bytes());
        for &w in self.ft.iter().chain(&self.ft_bias).chain(&self.out) {
            b.extend_from_slice(&w.to_le_bytes());
        }
        b.extend_from_slice(&self.out_bias.to_le_bytes());
        debug_assert_eq!(b.len(), HEADER_LEN + BODY_LEN);
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        debug_assert_eq!(b.len(), FILE_LEN);
        b
    }

    /// One perspective's accumulator, in i32 so a test can check that it
    /// never leaves the i16 range the engine uses.
    pub fn accumulate(&self, features: &[usize]) -> Vec<i32> {
        let mut acc: Vec<i32> = self.ft_bias.iter().map(|&b| b as i32).collect();
        for &f in features {
            for (a, &w) in acc.iter_mut().zip(&self.ft[f * HIDDEN..][..HIDDEN]) {
                *a += w as i32;
            }
        }
        acc
    }

    /// The net's centipawns before phase scaling, for the side to move,
    /// from both perspectives' spec feature indices.
    pub fn raw_cp(&self, stm: &[usize], nstm: &[usize]) -> i64 {
        let mut out = self.out_bias as i64;
        for (acc, w) in [
            (self.accumulate(stm), &self.out[..HIDDEN]),
            (self.accumulate(nstm), &self.out[HIDDEN..]),
        ] {
            for (&a, &w) in acc.iter().zip(w) {
                out += a.clamp(0, QA) as i64 * w as i64;
            }
        }
        out * NET_SCALE as i64 / (QA as i64 * QB as i64)
    }

    /// The evaluation the engine computes from this file: side to move's
    /// centipawns, phase-scaled.
    pub fn evaluate(&self, b: &Board) -> i64 {
        let raw = self.raw_cp_of(b);
        let gp = game_phase(b) as i64;
        let scale = self.mg_scale_q as i64 * gp + self.eg_scale_q as i64 * (MAX_PHASE as i64 - gp);
        raw * scale / (MAX_PHASE as i64 * 1024)
    }

    /// `raw_cp` of a board.
    pub fn raw_cp_of(&self, b: &Board) -> i64 {
        let stm = b.side_to_move();
        self.raw_cp(&spec_features(b, stm), &spec_features(b, !stm))
    }
}

/// The spec feature indices of every piece of `b` seen from `persp`.
fn spec_features(b: &Board, persp: Color) -> Vec<usize> {
    b.occupied()
        .iter()
        .filter_map(|sq| {
            b.piece_at(sq)
                .map(|pc| feature_index(persp, b.king(persp), pc, sq))
        })
        .collect()
}

/// What quantisation costs: the mean |float output - file output| over
/// `boards`, in centipawns before phase scaling (`tapir train` prints it).
pub fn quantisation_error(model: &Model, boards: &[Board]) -> f64 {
    let file = quantise(model);
    let merged = model.merged();
    let mut scratch = Scratch::default();
    let total: f64 = boards
        .iter()
        .map(|b| {
            let float = forward(model, &merged, &board_features(b), &mut scratch);
            (f64::from(float) * f64::from(NET_SCALE) - file.raw_cp_of(b) as f64).abs()
        })
        .sum();
    total / boards.len().max(1) as f64
}

/// Fails early (before hours of training) if `path` cannot be written.
pub fn check_writable(path: &Path) -> Result<()> {
    crate::fswrite::check_writable(path)
        .with_context(|| format!("cannot write the net file {}", path.display()))
}

/// Quantises `model` and writes it to `path` atomically (a temporary file
/// renamed over the target), so a kill never leaves half a net.
pub fn write_net(model: &Model, path: &Path) -> Result<()> {
    write_quantised(&quantise(model), path)
}

/// Writes a quantised net to `path` atomically.
pub fn write_quantised(net: &QuantisedNet, path: &Path) -> Result<()> {
    crate::fswrite::write_atomic(path, net.to_bytes())
        .with_context(|| format!("cannot write the net file {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantised_output_stays_close_to_the_float_net() {
        let boards: Vec<Board> = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "8/5k2/8/3P4/8/8/5K2/8 b - - 0 60",
        ]
        .iter()
        .map(|f| Board::from_fen(f).unwrap())
        .collect();
        let model = Model::new(5);
        let err = quantisation_error(&model, &boards);
        // Rounding of 1024 output weights (1/1024 each at QB 512) and of the
        // accumulators: about a centipawn, not the tens a wrong scale gives.
        assert!(err < 2.0, "{err}");
        // A shifted output bias (200 cp) is carried into the file too.
        let mut shifted = model.clone();
        shifted.out_bias += 0.5;
        assert!((quantisation_error(&shifted, &boards) - err).abs() < 1.0);
    }
}
