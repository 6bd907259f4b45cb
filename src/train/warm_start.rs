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
use super::params::{EG_SCALE_Q, FT_BOUND, MG_SCALE_Q, OUT_BIAS_BOUND, OUT_BOUND, QA, QB};
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
    let beyond = out_of_range(net);
    if beyond > 0 {
        bail!(
            "{beyond} of the net's weights lie outside the ranges the trainer keeps \
             (feature weights and biases within {FT_BOUND}, output weights within {OUT_BOUND}), \
             so its first export would clamp them: the net was not made by this trainer"
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

/// How many of the net's integer weights the trainer's clipping would
/// change (see `params`: the bounds keep the engine's sums from wrapping).
fn out_of_range(net: &Network) -> usize {
    let ft_max = (FT_BOUND * QA as f32).round() as i32;
    let out_max = (OUT_BOUND * QB as f32).round() as i32;
    let bias_max = (OUT_BIAS_BOUND * (QA * QB) as f32).round() as i32;
    let over = |row: &[i16], max: i32| row.iter().filter(|&&q| i32::from(q).abs() > max).count();
    let ft: usize = net
        .feature_weights
        .iter()
        .chain(std::iter::once(&net.feature_bias))
        .map(|row| over(&row.0, ft_max))
        .sum();
    let out: usize = net
        .output_weights
        .iter()
        .map(|row| over(&row.0, out_max))
        .sum();
    ft + out + usize::from(net.output_bias.abs() > bias_max)
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
        let net = net.unwrap();
        let model = model_from_network(&net).unwrap();
        assert!(model
            .ft
            .iter()
            .skip(FACTOR)
            .step_by(ROWS_PER_INPUT)
            .all(|row| row.iter().all(|&w| w == 0.0)));
        // Decoded again (checksum verified), every field equals the net's.
        let exported = Network::from_bytes(&quantise(&model).to_bytes()).unwrap();
        assert_eq!(exported, net);
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

    #[test]
    fn weights_the_trainer_would_clamp_are_refused() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let mut net = net.unwrap();
        net.feature_weights[7].0[3] = 2000;
        net.output_weights[1].0[0] = -9000;
        let e = model_from_network(&net).unwrap_err().to_string();
        assert!(e.starts_with("2 of the net's weights"), "{e}");
    }
}
