//! Training on from a finished net. A new generation of self-play data can
//! then refine the shipped net instead of training one from nothing, and
//! the older generations' data need not be kept to make the next net.
//!
//! The file's integer weights go back to the trainer's floats exactly
//! (each is a whole number of quantisation steps, so exporting the start
//! model writes the same file). Two layouts, by whether the king buckets
//! are to learn:
//!
//! - `Buckets::Kept` (bucket rate 0, the default): the net's rows become
//!   the 16 bucket rows of each input, which are then never updated; the
//!   shared rows start at zero and learn one change for every bucket, so
//!   weight decay pulls the change, not the net, towards zero.
//! - `Buckets::Learn`: the mean of an input's 16 rows becomes its shared
//!   row and each bucket row holds only its difference from it (zero for
//!   a net whose buckets are all alike, as every net trained with bucket
//!   rate 0 is). Then the buckets can grow apart, each from the shared
//!   row, as they do in a run from random weights, with weight decay
//!   pulling their differences back together.

use super::features::{train_row, BUCKETS, FEATURES, INPUTS};
use super::model::{Model, FACTOR, ROWS_PER_INPUT};
use super::params::{
    EG_SCALE_Q, FT_BOUND, FT_HALF_BOUND, MG_SCALE_Q, OUT_BIAS_BOUND, OUT_BOUND, QA, QB,
};
use crate::eval::nnue::network::Network;
use anyhow::{bail, Result};

/// Where a finished net's feature weights go in the trainer's rows (see
/// the module comment).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Buckets {
    /// In the bucket rows, which stay as they are.
    Kept,
    /// In the shared rows, the buckets holding their differences.
    Learn,
}

/// The trainer's model of `net` (see the module comment for the layout).
/// A net whose phase scales differ from the ones the trainer writes is
/// refused: training on from it would silently change its evaluation.
pub fn model_from_network(net: &Network, buckets: Buckets) -> Result<Model> {
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
    if buckets == Buckets::Learn {
        share_buckets(&mut m)?;
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

/// Moves each input's bucket rows into its shared row: the shared row
/// becomes their mean and each bucket row its difference from it. Rows
/// that are all alike move exactly, leaving the bucket rows zero. The
/// trainer keeps each kind of row within `FT_HALF_BOUND`, so a net whose
/// weights need more than that in either is refused.
fn share_buckets(m: &mut Model) -> Result<()> {
    let mut beyond = 0usize;
    for rows in m.ft.chunks_exact_mut(ROWS_PER_INPUT) {
        let (buckets, shared) = rows.split_at_mut(FACTOR);
        let shared = &mut shared[0];
        for i in 0..shared.len() {
            let first = buckets[0][i];
            let mean = if buckets.iter().all(|b| b[i] == first) {
                first
            } else {
                (buckets.iter().map(|b| f64::from(b[i])).sum::<f64>() / BUCKETS as f64) as f32
            };
            shared[i] = mean;
            for b in buckets.iter_mut() {
                b[i] -= mean;
                beyond += usize::from(b[i].abs() > FT_HALF_BOUND);
            }
            beyond += usize::from(mean.abs() > FT_HALF_BOUND);
        }
    }
    if beyond > 0 {
        bail!(
            "{beyond} of the net's feature weights, split into a shared row and the king buckets' \
             differences, lie outside the {FT_HALF_BOUND} the trainer keeps each within, so \
             its buckets cannot learn from it: train on with --bucket-lr 0"
        );
    }
    Ok(())
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
        let model = model_from_network(&net, Buckets::Kept).unwrap();
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
    fn buckets_that_learn_start_from_the_shared_rows_and_export_the_same_file() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let mut net = net.unwrap();
        // The built-in net's buckets are all alike: they move whole.
        let model = model_from_network(&net, Buckets::Learn).unwrap();
        for rows in model.ft.chunks_exact(ROWS_PER_INPUT) {
            assert!(rows[..FACTOR].iter().flatten().all(|&w| w == 0.0));
        }
        assert!(model
            .ft
            .iter()
            .skip(FACTOR)
            .step_by(ROWS_PER_INPUT)
            .flatten()
            .any(|&w| w != 0.0));
        assert_eq!(
            Network::from_bytes(&quantise(&model).to_bytes()).unwrap(),
            net
        );
        // One bucket apart from the rest: the shared row is the mean and the
        // file still comes back as it was.
        net.feature_weights[7].0[3] += 40;
        let model = model_from_network(&net, Buckets::Learn).unwrap();
        assert!(model
            .ft
            .iter()
            .flatten()
            .any(|&w| w != 0.0 && w.abs() < 40.0 / QA as f32));
        assert_eq!(
            Network::from_bytes(&quantise(&model).to_bytes()).unwrap(),
            net
        );
    }

    #[test]
    fn buckets_too_far_apart_to_split_are_refused() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let mut net = net.unwrap();
        // Within the file's bound, but 3.5 apart from its other buckets.
        net.feature_weights[7].0[3] = (3.5 * QA as f32) as i16;
        assert!(model_from_network(&net, Buckets::Kept).is_ok());
        let e = model_from_network(&net, Buckets::Learn)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("1 of the net's feature weights"), "{e}");
        assert!(e.contains("--bucket-lr 0"), "{e}");
    }

    #[test]
    fn other_phase_scales_are_refused() {
        let Some(net) = crate::eval::nnue::embedded_net() else {
            return;
        };
        let mut net = net.unwrap();
        net.mg_scale_q = 1200;
        let e = model_from_network(&net, Buckets::Kept)
            .unwrap_err()
            .to_string();
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
        let e = model_from_network(&net, Buckets::Kept)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("2 of the net's weights"), "{e}");
    }
}
