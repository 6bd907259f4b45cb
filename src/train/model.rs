//! The float network being trained and its per-position math: sparse
//! forward over the active features, and the backward pass that adds the
//! gradient into only the feature rows a position used.
//!
//! Parameters mirror NNUE-FORMAT v1 with one addition, the king-bucket
//! factoriser: every input (piece-square, 768 of them) has a shared row
//! that is added to each of its 16 bucket rows. The forward pass reads the
//! merged matrix (`merged`, bucket row + shared row, kept up to date by the
//! trainer), which is also exactly what the exporter writes.

use super::features::{Active, BUCKETS, FEATURES, INPUTS};
use super::loss::{loss_and_grad, target};
use super::params::{INIT_FT_BIAS, INIT_FT_RANGE, INIT_OUT_RANGE};
use super::record::Record;
use super::rng::Rng;

/// Trained rows per input: 16 bucket rows, then the shared factoriser row.
pub const ROWS_PER_INPUT: usize = BUCKETS + 1;
/// Index of the factoriser row among an input's rows.
pub const FACTOR: usize = BUCKETS;

/// The float parameters (also used, all zero, as a gradient of the same
/// shape).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub hidden: usize,
    /// `INPUTS * ROWS_PER_INPUT` rows of `hidden`: row `j * 17 + b` is
    /// bucket `b` of input `j`; `j * 17 + 16` is input `j`'s shared row.
    pub ft: Vec<f32>,
    pub ft_bias: Vec<f32>,
    /// `2 * hidden`: the side to move's half first.
    pub out: Vec<f32>,
    pub out_bias: f32,
}

impl Model {
    /// All-zero parameters.
    pub fn zeros(hidden: usize) -> Model {
        Model {
            hidden,
            ft: vec![0.0; INPUTS * ROWS_PER_INPUT * hidden],
            ft_bias: vec![0.0; hidden],
            out: vec![0.0; 2 * hidden],
            out_bias: 0.0,
        }
    }

    /// Random initial parameters for `seed`: bucket rows small and uniform,
    /// shared rows zero, biases inside the activation's linear range.
    pub fn new(hidden: usize, seed: u64) -> Model {
        let mut rng = Rng::derive(seed, 0x4D4F_4445_4C);
        let mut m = Model::zeros(hidden);
        for j in 0..INPUTS {
            for b in 0..BUCKETS {
                let row = (j * ROWS_PER_INPUT + b) * hidden;
                for w in &mut m.ft[row..row + hidden] {
                    *w = rng.symmetric_f32(INIT_FT_RANGE);
                }
            }
        }
        m.ft_bias.fill(INIT_FT_BIAS);
        let r = INIT_OUT_RANGE / ((2 * hidden) as f32).sqrt();
        for w in &mut m.out {
            *w = rng.symmetric_f32(r);
        }
        m
    }

    /// Writes the merged rows (bucket + shared) of inputs `j0..` into
    /// `merged`, which holds `16 * hidden` floats per input.
    pub fn merge_inputs(&self, j0: usize, merged: &mut [f32]) {
        let h = self.hidden;
        for (k, dst) in merged.chunks_exact_mut(BUCKETS * h).enumerate() {
            merge_input(&self.ft[(j0 + k) * ROWS_PER_INPUT * h..][..ROWS_PER_INPUT * h], dst, h);
        }
    }

    /// The merged feature matrix in trainer-row order (`features::train_row`).
    pub fn merged(&self) -> Vec<f32> {
        let mut m = vec![0.0; FEATURES * self.hidden];
        self.merge_inputs(0, &mut m);
        m
    }
}

/// Merges one input: its 17 trained rows `src` into 16 rows `dst`
/// (bucket row + shared row).
#[inline]
pub fn merge_input(src: &[f32], dst: &mut [f32], h: usize) {
    let shared = &src[FACTOR * h..][..h];
    for (b, d) in dst.chunks_exact_mut(h).enumerate() {
        let row = &src[b * h..][..h];
        for i in 0..h {
            d[i] = row[i] + shared[i];
        }
    }
}

/// Per-thread buffers of one position's forward and backward pass.
#[derive(Clone, Debug)]
pub struct Scratch {
    pub acc_stm: Vec<f32>,
    pub acc_nstm: Vec<f32>,
    d_stm: Vec<f32>,
    d_nstm: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            acc_stm: vec![0.0; hidden],
            acc_nstm: vec![0.0; hidden],
            d_stm: vec![0.0; hidden],
            d_nstm: vec![0.0; hidden],
        }
    }
}

/// One thread's gradient: feature rows dense in merged layout (only rows
/// flagged in `touched` are non-zero), plus the small tensors.
#[derive(Clone, Debug)]
pub struct Grads {
    pub ft: Vec<f32>,
    pub touched: Vec<bool>,
    pub ft_bias: Vec<f32>,
    pub out: Vec<f32>,
    pub out_bias: f32,
}

impl Grads {
    pub fn new(hidden: usize) -> Grads {
        Grads {
            ft: vec![0.0; FEATURES * hidden],
            touched: vec![false; FEATURES],
            ft_bias: vec![0.0; hidden],
            out: vec![0.0; 2 * hidden],
            out_bias: 0.0,
        }
    }
}

/// acc = bias + the sum of `rows` of `w`, in register-sized blocks of `B`
/// so each block of the accumulator stays in registers across the rows.
#[inline(always)]
fn accumulate_blocked<const B: usize>(acc: &mut [f32], bias: &[f32], w: &[f32], rows: &[u32]) {
    let h = acc.len();
    for c in (0..h).step_by(B) {
        let mut r = [0.0f32; B];
        r.copy_from_slice(&bias[c..c + B]);
        for &row in rows {
            let src = &w[row as usize * h + c..][..B];
            for i in 0..B {
                r[i] += src[i];
            }
        }
        acc[c..c + B].copy_from_slice(&r);
    }
}

#[inline(always)]
fn accumulate(acc: &mut [f32], bias: &[f32], w: &[f32], rows: &[u32]) {
    if acc.len() % 64 == 0 {
        accumulate_blocked::<64>(acc, bias, w, rows)
    } else {
        accumulate_blocked::<16>(acc, bias, w, rows)
    }
}

/// sum of clamp(acc, 0, 1) * w with 16 independent lanes (a float sum is
/// only vectorised when written as separate partial sums).
#[inline(always)]
fn crelu_dot(acc: &[f32], w: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 16];
    for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
        for i in 0..16 {
            lanes[i] += a[i].clamp(0.0, 1.0) * w[i];
        }
    }
    lanes.iter().sum()
}

/// Forward pass: fills the two accumulators and returns the float output
/// (1.0 = `NET_SCALE` centipawns, before phase scaling) for the side to
/// move. `merged` is the merged feature matrix in trainer-row order.
#[inline]
pub fn forward(model: &Model, merged: &[f32], a: &Active, s: &mut Scratch) -> f32 {
    let h = model.hidden;
    accumulate(&mut s.acc_stm, &model.ft_bias, merged, a.stm());
    accumulate(&mut s.acc_nstm, &model.ft_bias, merged, a.nstm());
    crelu_dot(&s.acc_stm, &model.out[..h]) + crelu_dot(&s.acc_nstm, &model.out[h..]) + model.out_bias
}

/// Backward pass after `forward` on the same scratch: adds d(loss)/d(param)
/// for loss-gradient `g` (d loss / d out) into `grads`.
#[inline]
pub fn backward(model: &Model, a: &Active, s: &mut Scratch, g: f32, grads: &mut Grads) {
    let h = model.hidden;
    let (w_stm, w_nstm) = model.out.split_at(h);
    let (g_stm, g_nstm) = grads.out.split_at_mut(h);
    half_backward(&s.acc_stm, w_stm, g, g_stm, &mut s.d_stm);
    half_backward(&s.acc_nstm, w_nstm, g, g_nstm, &mut s.d_nstm);
    grads.out_bias += g;
    for i in 0..h {
        grads.ft_bias[i] += s.d_stm[i] + s.d_nstm[i];
    }
    for (rows, d) in [(a.stm(), &s.d_stm), (a.nstm(), &s.d_nstm)] {
        for &row in rows {
            let row = row as usize;
            grads.touched[row] = true;
            let dst = &mut grads.ft[row * h..][..h];
            for i in 0..h {
                dst[i] += d[i];
            }
        }
    }
}

/// One perspective: output-weight gradient and the accumulator gradient
/// (zero where the clipped ReLU is flat).
#[inline(always)]
fn half_backward(acc: &[f32], w: &[f32], g: f32, g_out: &mut [f32], d: &mut [f32]) {
    for i in 0..acc.len() {
        let x = acc[i];
        g_out[i] += g * x.clamp(0.0, 1.0);
        d[i] = if x > 0.0 && x < 1.0 { g * w[i] } else { 0.0 };
    }
}

/// Mean loss and its gradient over `records` in the model's own parameter
/// layout (factoriser rows included), single-threaded. The trainer does
/// the same work in parallel; this plain version is the reference the
/// gradient check and tests compare against.
pub fn batch_gradient(model: &Model, records: &[Record], lambda: f32) -> (f64, Model) {
    let h = model.hidden;
    let merged = model.merged();
    let mut s = Scratch::new(h);
    let mut g = Grads::new(h);
    let mut total = 0.0f64;
    for r in records {
        let a = super::features::record_features(r);
        let out = forward(model, &merged, &a, &mut s);
        let (l, dl) = loss_and_grad(out, target(r, lambda));
        total += l as f64;
        backward(model, &a, &mut s, dl, &mut g);
    }
    let n = records.len().max(1) as f32;
    let mut grad = Model::zeros(h);
    for j in 0..INPUTS {
        for b in 0..BUCKETS {
            let src = &g.ft[(j * BUCKETS + b) * h..][..h];
            for i in 0..h {
                grad.ft[(j * ROWS_PER_INPUT + b) * h + i] = src[i] / n;
                grad.ft[(j * ROWS_PER_INPUT + FACTOR) * h + i] += src[i] / n;
            }
        }
    }
    grad.ft_bias = g.ft_bias.iter().map(|x| x / n).collect();
    grad.out = g.out.iter().map(|x| x / n).collect();
    grad.out_bias = g.out_bias / n;
    (total / n as f64, grad)
}
