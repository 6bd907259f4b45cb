//! Training on from a finished net. A new generation of self-play data can
//! then refine the shipped net instead of training one from nothing, and
//! the older generations' data need not be kept to make the next net.
//!
//! The file's integer weights go back to the trainer's floats exactly
//! (each is a whole number of quantisation steps, so exporting the start
//! model writes the same file). They become the 16 bucket rows of each
//! input, which the default bucket rate of 0 leaves as they are; the
//! shared rows start at zero and learn one change for every bucket, so
//! weight decay pulls the change, not the net, towards zero.

use super::features::{train_row, BUCKETS, FEATURES, INPUTS};
use super::model::{Model, FACTOR, ROWS_PER_INPUT};
use super::params::{EG_SCALE_Q, MG_SCALE_Q, QA, QB};
use crate::eval::nnue::network::Network;
use anyhow::{bail, Result};

/// The trainer's model of `net` (see the module comment for the layout).
/// A net whose phase scales differ from the ones the trainer writes is
/// refused: training on from it would silently change its evaluation.
pub fn model_from_network(net: &Network) -> Result<Model> {
    if (net.mg_scale_q, net.eg_scale_q) != (MG_SCALE_Q, EG_SCALE_Q) {
        bail!(
            "the net's phase scales are {}/{} (1/1024 units); the trainer writes {MG_SCALE_Q}/{EG_SCALE_Q}, \
             so training on from it would change its evaluation",
            net.mg_scale_q,
            net.eg_scale_q
        );
    }
    let ft = |q: i16| f32::from(q) / QA as f32;
    let out = |q: i16| f32::from(q) / QB as f32;
    let mut m = Model::zeros();
    debug_assert_eq!(net.feature_weights.len(), FEATURES);
    for (f, row) in net.feature_weights.iter().enumerate() {
        let (input, bucket) = (train_row(f) / BUCKETS, train_row(f) % BUCKETS);
        debug_assert!(bucket != FACTOR && input < INPUTS);
        let dst = &mut m.ft[input * ROWS_PER_INPUT + bucket];
        for (d, &q) in dst.iter_mut().zip(&row.0) {
            *d = ft(q);
        }
    }
    for (d, &q) in m.ft_bias.iter_mut().zip(&net.feature_bias.0) {
        *d = ft(q);
    }
    for (half, src) in m.out.iter_mut().zip(&net.output_weights) {
        for (d, &q) in half.iter_mut().zip(&src.0) {
            *d = out(q);
        }
    }
    m.out_bias = net.output_bias as f32 / (QA * QB) as f32;
    Ok(m)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;
    use crate::train::export::quantise;

    #[test]
    fn the_start_model_exports_the_same_file() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let bytes = include_bytes!("../../nets/default.nnue");
        let model = model_from_network(&net.unwrap()).unwrap();
        assert!(model
            .ft
            .iter()
            .skip(FACTOR)
            .step_by(ROWS_PER_INPUT)
            .all(|row| row.iter().all(|&w| w == 0.0)));
        assert_eq!(quantise(&model).to_bytes(), bytes.to_vec());
    }

    #[test]
    fn other_phase_scales_are_refused() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let mut net = net.unwrap();
        net.mg_scale_q = 1200;
        let e = model_from_network(&net).unwrap_err().to_string();
        assert!(e.contains("1200/1024"), "{e}");
    }
}
