//! The float network being trained and its per-position math: sparse
//! forward over the active features, and the backward pass that adds the
//! gradient into only the feature rows a position used.
//!
//! Parameters mirror NNUE-FORMAT v1 with one addition, the king-bucket
//! factoriser: every input (piece-square, 768 of them) has a shared row
//! that is added to each of its 16 bucket rows. The forward pass reads the
//! merged matrix (`merged`, bucket row + shared row, kept up to date by the
//! trainer), which is also exactly what the exporter writes.
//!
//! The hidden width is the compile-time `H`, and every row is a `[f32; H]`:
//! the hot loops then run over fixed-size arrays, with no bounds checks
//! left inside them, in blocks the compiler keeps in vector registers.

use super::features::{Active, BUCKETS, FEATURES, INPUTS};
use super::loss::{loss_and_grad, target};
use super::params::{HIDDEN, INIT_FT_BIAS, INIT_FT_RANGE, INIT_OUT_RANGE, MAX_ACTIVE};
use super::record::Record;
use super::rng::Rng;

/// Hidden width per perspective.
pub const H: usize = HIDDEN;
/// One row of weights (a feature's, or a bias or output half).
pub type FloatRow = [f32; H];

/// Trained rows per input: 16 bucket rows, then the shared factoriser row.
pub const ROWS_PER_INPUT: usize = BUCKETS + 1;
/// Index of the factoriser row among an input's rows.
pub const FACTOR: usize = BUCKETS;

/// The float parameters (also used, all zero, as a gradient of the same
/// shape).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// `INPUTS * ROWS_PER_INPUT` rows: row `j * 17 + b` is bucket `b` of
    /// input `j`; `j * 17 + 16` is input `j`'s shared row.
    pub ft: Vec<FloatRow>,
    pub ft_bias: FloatRow,
    /// The side to move's half, then the other side's.
    pub out: [FloatRow; 2],
    pub out_bias: f32,
}

impl Model {
    /// All-zero parameters.
    pub fn zeros() -> Model {
        Model {
            ft: vec![[0.0; H]; INPUTS * ROWS_PER_INPUT],
            ft_bias: [0.0; H],
            out: [[0.0; H]; 2],
            out_bias: 0.0,
        }
    }

    /// Random initial parameters for `seed`: shared rows small and uniform,
    /// bucket rows zero (a bucket starts as the shared net and moves away
    /// only as far as its own positions pull it, so a rarely seen bucket
    /// carries no start-up noise), biases inside the activation's linear
    /// range.
    pub fn new(seed: u64) -> Model {
        let mut rng = Rng::derive(seed, 0x004D_4F44_454C);
        let mut m = Model::zeros();
        for (k, row) in m.ft.iter_mut().enumerate() {
            if k % ROWS_PER_INPUT == FACTOR {
                for w in row.iter_mut() {
                    *w = rng.symmetric_f32(INIT_FT_RANGE);
                }
            }
        }
        m.ft_bias = [INIT_FT_BIAS; H];
        let r = INIT_OUT_RANGE / ((2 * H) as f32).sqrt();
        for w in m.out.iter_mut().flatten() {
            *w = rng.symmetric_f32(r);
        }
        m
    }

    /// The merged feature matrix in trainer-row order (`features::train_row`).
    pub fn merged(&self) -> Vec<FloatRow> {
        let mut m = vec![[0.0; H]; FEATURES];
        for (src, dst) in self
            .ft
            .chunks_exact(ROWS_PER_INPUT)
            .zip(m.chunks_exact_mut(BUCKETS))
        {
            merge_input(src, dst);
        }
        m
    }
}

/// Merges one input: its 17 trained rows `src` into 16 rows `dst`
/// (bucket row + shared row).
#[inline(always)]
pub fn merge_input(src: &[FloatRow], dst: &mut [FloatRow]) {
    let shared = &src[FACTOR];
    for (d, row) in dst.iter_mut().zip(src) {
        for i in 0..H {
            d[i] = row[i] + shared[i];
        }
    }
}

/// Per-thread buffers of one position's forward and backward pass.
#[derive(Clone, Debug)]
pub struct Scratch {
    /// Accumulators, side to move first.
    pub acc: [FloatRow; 2],
    /// Their gradients.
    d: [FloatRow; 2],
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            acc: [[0.0; H]; 2],
            d: [[0.0; H]; 2],
        }
    }
}

/// One thread's gradient: feature rows dense in merged layout (only rows
/// flagged in `touched` are non-zero), plus the small tensors.
#[derive(Clone, Debug)]
pub struct Grads {
    pub ft: Vec<FloatRow>,
    pub touched: Vec<bool>,
    pub ft_bias: FloatRow,
    pub out: [FloatRow; 2],
    pub out_bias: f32,
}

impl Default for Grads {
    fn default() -> Self {
        Grads {
            ft: vec![[0.0; H]; FEATURES],
            touched: vec![false; FEATURES],
            ft_bias: [0.0; H],
            out: [[0.0; H]; 2],
            out_bias: 0.0,
        }
    }
}

/// Floats per block of the forward pass: 64 is four AVX-512 registers,
/// eight AVX2 or sixteen SSE registers.
const BLOCK: usize = 64;

/// acc = bias + the sum of `rows` of `w`, one block at a time so that a
/// block of the accumulator stays in registers across all the rows.
#[inline(always)]
fn accumulate(acc: &mut FloatRow, bias: &FloatRow, w: &[FloatRow], rows: &[u32]) {
    let mut srcs: [&FloatRow; MAX_ACTIVE] = [bias; MAX_ACTIVE];
    for (s, &r) in srcs.iter_mut().zip(rows) {
        *s = &w[r as usize];
    }
    let srcs = &srcs[..rows.len().min(MAX_ACTIVE)];
    for blk in 0..H / BLOCK {
        let c = blk * BLOCK;
        // Element-wise init and store (not memcpy) so the block is promoted
        // to registers rather than kept on the stack.
        let mut r: [f32; BLOCK] = std::array::from_fn(|i| bias[c + i]);
        for src in srcs {
            for i in 0..BLOCK {
                r[i] += src[c + i];
            }
        }
        #[allow(clippy::manual_memcpy)] // see above: a memcpy spills the block
        for i in 0..BLOCK {
            acc[c + i] = r[i];
        }
    }
}

/// The clipped ReLU in float units (1.0 = QA), as max/min so it
/// vectorises without a NaN check.
#[inline(always)]
#[allow(clippy::manual_clamp)] // `clamp` checks its bounds and keeps NaN: not vectorised
pub fn crelu(x: f32) -> f32 {
    x.max(0.0).min(1.0)
}

/// sum of crelu(acc) * w with 16 independent lanes (a float sum is only
/// vectorised when written as separate partial sums).
#[inline(always)]
fn crelu_dot(acc: &FloatRow, w: &FloatRow) -> f32 {
    let mut lanes = [0.0f32; 16];
    for (a, w) in acc.chunks_exact(16).zip(w.chunks_exact(16)) {
        for i in 0..16 {
            lanes[i] += crelu(a[i]) * w[i];
        }
    }
    lanes.iter().sum()
}

/// Forward pass: fills the two accumulators and returns the float output
/// (1.0 = `NET_SCALE` centipawns, before phase scaling) for the side to
/// move. `merged` is the merged feature matrix in trainer-row order.
#[inline(always)]
pub fn forward(model: &Model, merged: &[FloatRow], a: &Active, s: &mut Scratch) -> f32 {
    accumulate(&mut s.acc[0], &model.ft_bias, merged, a.stm());
    accumulate(&mut s.acc[1], &model.ft_bias, merged, a.nstm());
    crelu_dot(&s.acc[0], &model.out[0]) + crelu_dot(&s.acc[1], &model.out[1]) + model.out_bias
}

/// Backward pass after `forward` on the same scratch: adds d(loss)/d(param)
/// for loss-gradient `g` (d loss / d out) into `grads`.
#[inline(always)]
pub fn backward(model: &Model, a: &Active, s: &mut Scratch, g: f32, grads: &mut Grads) {
    for p in 0..2 {
        half_backward(&s.acc[p], &model.out[p], g, &mut grads.out[p], &mut s.d[p]);
    }
    grads.out_bias += g;
    for i in 0..H {
        grads.ft_bias[i] += s.d[0][i] + s.d[1][i];
    }
    for (rows, d) in [(a.stm(), &s.d[0]), (a.nstm(), &s.d[1])] {
        for &row in rows {
            let row = row as usize;
            grads.touched[row] = true;
            let dst = &mut grads.ft[row];
            for i in 0..H {
                dst[i] += d[i];
            }
        }
    }
}

/// One perspective: output-weight gradient and the accumulator gradient
/// (zero where the clipped ReLU is flat). `&` rather than `&&` and a
/// select keep the loop branch-free, so it vectorises.
#[inline(always)]
fn half_backward(acc: &FloatRow, w: &FloatRow, g: f32, g_out: &mut FloatRow, d: &mut FloatRow) {
    for i in 0..H {
        let x = acc[i];
        g_out[i] += g * crelu(x);
        let live = (x > 0.0) & (x < 1.0);
        d[i] = if live { g * w[i] } else { 0.0 };
    }
}

/// Mean loss and its gradient over `records` in the model's own parameter
/// layout (factoriser rows included), single-threaded. The trainer does
/// the same work in parallel; this plain version is the reference the
/// gradient check and tests compare against.
pub fn batch_gradient(model: &Model, records: &[Record], lambda: f32) -> (f64, Model) {
    let merged = model.merged();
    let mut s = Scratch::default();
    let mut g = Grads::default();
    let mut total = 0.0f64;
    for r in records {
        let a = super::features::record_features(r);
        let out = forward(model, &merged, &a, &mut s);
        let (l, dl) = loss_and_grad(out, target(r, lambda));
        total += l as f64;
        backward(model, &a, &mut s, dl, &mut g);
    }
    let n = records.len().max(1) as f32;
    let mut grad = Model::zeros();
    for (dst, src) in grad
        .ft
        .chunks_exact_mut(ROWS_PER_INPUT)
        .zip(g.ft.chunks_exact(BUCKETS))
    {
        for (b, row) in src.iter().enumerate() {
            for i in 0..H {
                dst[b][i] = row[i] / n;
                dst[FACTOR][i] += row[i] / n;
            }
        }
    }
    grad.ft_bias = g.ft_bias.map(|x| x / n);
    grad.out = g.out.map(|r| r.map(|x| x / n));
    grad.out_bias = g.out_bias / n;
    (total / n as f64, grad)
}
