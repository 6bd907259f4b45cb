//! Nets trained by bullet (the GPU trainer) into tapir's net file. bullet
//! trains the same shape as tapir's CPU trainer when set up as the README
//! says (16 mirrored king buckets x 768 -> 512 per perspective, clipped
//! ReLU, one output, eval scale 400) and saves its float weights; this
//! quantises them exactly as `export::quantise` quantises tapir's own
//! model, so a net from either trainer is one file format.
//!
//! The float file is little-endian `f32`, in this order (bullet's
//! `l0w`, `l0b`, `l1w`, `l1b` saved without quantisation):
//!
//! | values          | what                                                  |
//! |-----------------|-------------------------------------------------------|
//! | 12,288 x 512    | feature weights, feature-major, feature index as in    |
//! |                 | `eval::nnue::features` (bucket * 768 + side * 384 +    |
//! |                 | type * 64 + oriented, mirrored square)                 |
//! | 512             | feature biases                                         |
//! | 512 + 512       | output weights: side to move's half, then the other's  |
//! | 1               | output bias                                            |

use super::export::{quantise_value, QuantisedNet};
use super::params::{EG_SCALE_Q, FT_BOUND, HIDDEN, MG_SCALE_Q, OUT_BIAS_BOUND, OUT_BOUND, QA, QB};
use crate::eval::nnue::arch::FEATURES;
use anyhow::{bail, Result};

/// Floats in a bullet float file of tapir's shape.
pub const BULLET_FLOATS: usize = FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN + 1;

/// A quantised bullet net and how many weights lay outside the ranges the
/// file format can hold (clamped: a few are harmless, many mean the
/// trainer was not set up with tapir's bounds).
#[derive(Debug)]
pub struct Imported {
    pub net: QuantisedNet,
    pub clamped: usize,
}

/// Quantises the bytes of a bullet float file (see the module comment).
pub fn import_bullet_f32(bytes: &[u8]) -> Result<Imported> {
    if bytes.len() != BULLET_FLOATS * 4 {
        bail!(
            "a bullet float file of tapir's shape is {} bytes ({} f32 values: 12,288 x 512 \
             feature weights, 512 biases, 1,024 output weights, 1 output bias); this one is {} bytes",
            BULLET_FLOATS * 4,
            BULLET_FLOATS,
            bytes.len()
        );
    }
    let floats: Vec<f32> = bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if let Some(i) = floats.iter().position(|w| !w.is_finite()) {
        bail!("value {i} of the bullet file is not a finite number");
    }
    let (ft, rest) = floats.split_at(FEATURES * HIDDEN);
    let (ft_bias, rest) = rest.split_at(HIDDEN);
    let (out, out_bias) = rest.split_at(2 * HIDDEN);
    let mut clamped = 0;
    let mut q16 = |w: f32, bound: f32, scale: i32| {
        clamped += usize::from(w.abs() > bound);
        quantise_value(w, bound, scale) as i16
    };
    let ft: Vec<i16> = ft.iter().map(|&w| q16(w, FT_BOUND, QA)).collect();
    let ft_bias: Vec<i16> = ft_bias.iter().map(|&w| q16(w, FT_BOUND, QA)).collect();
    let out: Vec<i16> = out.iter().map(|&w| q16(w, OUT_BOUND, QB)).collect();
    let bias = out_bias[0];
    clamped += usize::from(bias.abs() > OUT_BIAS_BOUND);
    Ok(Imported {
        net: QuantisedNet {
            ft,
            ft_bias,
            out,
            out_bias: quantise_value(bias, OUT_BIAS_BOUND, QA * QB) as i32,
            mg_scale_q: MG_SCALE_Q,
            eg_scale_q: EG_SCALE_Q,
        },
        clamped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::export::quantise;
    use crate::train::features::train_row;
    use crate::train::model::Model;

    /// A model's float weights laid out as the bullet file is.
    fn bullet_floats(model: &Model) -> Vec<u8> {
        let merged = model.merged();
        let mut floats = Vec::with_capacity(BULLET_FLOATS);
        for f in 0..FEATURES {
            floats.extend_from_slice(&merged[train_row(f)]);
        }
        floats.extend_from_slice(&model.ft_bias);
        floats.extend_from_slice(&model.out[0]);
        floats.extend_from_slice(&model.out[1]);
        floats.push(model.out_bias);
        floats.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn a_model_through_the_bullet_layout_is_the_same_file() {
        let model = Model::new(7);
        let imported = import_bullet_f32(&bullet_floats(&model)).unwrap();
        assert_eq!(imported.clamped, 0);
        assert_eq!(imported.net, quantise(&model));
        assert_eq!(imported.net.to_bytes(), quantise(&model).to_bytes());
    }

    #[test]
    fn wrong_sizes_and_non_numbers_are_refused() {
        let err = import_bullet_f32(&[0u8; 100]).unwrap_err().to_string();
        assert!(err.contains("this one is 100 bytes"), "{err}");
        let mut bytes = bullet_floats(&Model::new(1));
        bytes[8..12].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = import_bullet_f32(&bytes).unwrap_err().to_string();
        assert!(err.contains("value 2"), "{err}");
        // Out-of-range weights are clamped and counted.
        let mut bytes = bullet_floats(&Model::new(1));
        bytes[0..4].copy_from_slice(&100.0f32.to_le_bytes());
        assert_eq!(import_bullet_f32(&bytes).unwrap().clamped, 1);
    }
}
