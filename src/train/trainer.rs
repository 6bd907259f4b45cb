//! The training loop: a seeded validation split, a seeded shuffle per
//! epoch, and per batch two parallel phases on scoped threads:
//!
//! 1. each thread runs forward and backward over its share of the batch,
//!    adding gradients into its own dense buffer and marking the feature
//!    rows it touched;
//! 2. each thread owns a contiguous range of inputs (a factoriser row and
//!    its 16 bucket rows lie together), sums the threads' gradients for the
//!    touched rows in thread order, applies AdamW to them and to the shared
//!    row, clips, and re-merges those inputs for the next forward pass.
//!
//! Every sum has a fixed order, so a run is a pure function of the data,
//! the configuration, the seed and the thread count.

use super::features::{bucket_pair, record_features, BUCKETS, INPUTS};
use super::loss::{loss, loss_and_grad, target};
use super::model::{
    backward, forward, merge_input, FloatRow, Grads, Model, Scratch, FACTOR, H, ROWS_PER_INPUT,
};
use super::optimizer::AdamStep;
use super::params::{
    DEFAULT_BATCH, DEFAULT_BUCKET_LR, DEFAULT_LAMBDA, DEFAULT_LR, DEFAULT_VAL_FRACTION,
    DEFAULT_WEIGHT_DECAY, FT_BOUND, FT_HALF_BOUND, MAX_EPOCHS, MAX_THREADS, OUT_BIAS_BOUND,
    OUT_BOUND,
};
use super::record::Record;
use super::rng::Rng;
use super::schedule::Schedule;
use super::simd::{multiversion, Isa};
use super::split::blocked_split;
use anyhow::{bail, Result};
use std::time::Instant;

/// Most positions per batch the trainer accepts: far above any useful
/// batch, and small enough that the per-batch buffers always allocate.
pub const MAX_BATCH: usize = 1 << 20;

/// Everything that determines a training run besides the data.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    pub threads: usize,
    pub seed: u64,
    /// Base learning rate of the cosine schedule.
    pub lr: f32,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Weight of the search score against the game result in the target.
    pub lambda: f32,
    /// Fraction of the positions held out for validation.
    pub val_fraction: f64,
    pub weight_decay: f32,
    /// Learning rate of the bucket rows relative to the shared rows.
    pub bucket_lr: f32,
    /// Which compiled version of the hot loops runs (results are the same).
    pub isa: Isa,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 1,
            threads: 1,
            seed: 1,
            lr: DEFAULT_LR,
            batch: DEFAULT_BATCH,
            lambda: DEFAULT_LAMBDA,
            val_fraction: DEFAULT_VAL_FRACTION,
            weight_decay: DEFAULT_WEIGHT_DECAY,
            bucket_lr: DEFAULT_BUCKET_LR,
            isa: Isa::detect(),
        }
    }
}

impl TrainConfig {
    /// Rejects values that cannot train, each with its own message.
    pub fn validate(&self) -> Result<()> {
        if !(1..=MAX_EPOCHS).contains(&self.epochs) {
            bail!("--epochs must be 1..={MAX_EPOCHS}, got {}", self.epochs);
        }
        if !(1..=MAX_THREADS).contains(&self.threads) {
            bail!("--threads must be 1..={MAX_THREADS}, got {}", self.threads);
        }
        if !(1..=MAX_BATCH).contains(&self.batch) {
            bail!("--batch must be 1..={MAX_BATCH}, got {}", self.batch);
        }
        if !(self.lr.is_finite() && self.lr > 0.0 && self.lr <= 1.0) {
            bail!("--lr must be in (0, 1], got {}", self.lr);
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            bail!("--lambda must be in [0, 1], got {}", self.lambda);
        }
        if !(0.0..=0.5).contains(&self.val_fraction) {
            bail!(
                "--val-fraction must be in [0, 0.5], got {}",
                self.val_fraction
            );
        }
        if !(self.weight_decay.is_finite() && (0.0..1.0).contains(&self.weight_decay)) {
            bail!(
                "--weight-decay must be in [0, 1), got {}",
                self.weight_decay
            );
        }
        if !(self.bucket_lr.is_finite() && (0.0..=1.0).contains(&self.bucket_lr)) {
            bail!("--bucket-lr must be in [0, 1], got {}", self.bucket_lr);
        }
        Ok(())
    }
}

/// What one epoch achieved.
#[derive(Clone, Debug)]
pub struct EpochStats {
    /// 1-based.
    pub epoch: usize,
    /// Mean training loss over the epoch (weights moving as it went).
    pub train_loss: f64,
    /// Mean validation loss after the epoch; `None` without a split.
    pub val_loss: Option<f64>,
    pub positions: usize,
    /// Wall time of the training passes (validation excluded).
    pub train_secs: f64,
    /// Learning rate at the epoch's last step.
    pub lr: f32,
}

impl EpochStats {
    pub fn positions_per_sec(&self) -> f64 {
        self.positions as f64 / self.train_secs.max(1e-9)
    }
}

/// Progress reports the trainer sends to its caller (which renders them).
pub enum TrainEvent<'a> {
    Start {
        train_positions: usize,
        val_positions: usize,
        batches_per_epoch: usize,
    },
    Batch {
        epoch: usize,
        batch: usize,
        batches: usize,
        positions: usize,
        secs: f64,
        running_loss: f64,
    },
    /// After each epoch; the model is the one an export would write now.
    EpochEnd { stats: EpochStats, model: &'a Model },
}

/// One thread's buffers.
struct Worker {
    scratch: Scratch,
    grads: Grads,
}

/// AdamW moments, shaped like the model.
struct Moments {
    m: Model,
    v: Model,
}

/// Trains a net on `records` from random weights and returns it.
/// `on_event` sees progress and may stop the run by returning an error
/// (e.g. when an export fails).
pub fn train(
    records: &[Record],
    cfg: &TrainConfig,
    on_event: &mut dyn FnMut(TrainEvent<'_>) -> Result<()>,
) -> Result<Model> {
    train_from(Model::new(cfg.seed), records, cfg, on_event)
}

/// `train`, starting from `start` (a fresh `Model::new`, or a finished
/// net's weights from `warm_start`) instead of random weights.
pub fn train_from(
    start: Model,
    records: &[Record],
    cfg: &TrainConfig,
    on_event: &mut dyn FnMut(TrainEvent<'_>) -> Result<()>,
) -> Result<Model> {
    cfg.validate()?;
    if records.len() > u32::MAX as usize {
        bail!("at most {} positions can be trained at once", u32::MAX);
    }
    let (train, val) = blocked_split(records.len(), cfg.val_fraction, cfg.seed);
    let index = |v: Vec<usize>| v.into_iter().map(|i| i as u32).collect::<Vec<u32>>();
    let (mut train, val) = (index(train), index(val));
    if train.is_empty() {
        bail!("no positions left to train on after the validation split");
    }
    let mut model = start;
    let mut merged = model.merged();
    let mut moments = Moments {
        m: Model::zeros(),
        v: Model::zeros(),
    };
    let mut workers: Vec<Worker> = (0..cfg.threads)
        .map(|_| Worker {
            scratch: Scratch::default(),
            grads: Grads::default(),
        })
        .collect();
    let batches = train.len().div_ceil(cfg.batch);
    let schedule = Schedule::new(cfg.lr, (batches * cfg.epochs) as u64);
    on_event(TrainEvent::Start {
        train_positions: train.len(),
        val_positions: val.len(),
        batches_per_epoch: batches,
    })?;

    let mut step = 0u64;
    let mut sort_buf: Vec<(u8, u32)> = Vec::with_capacity(cfg.batch);
    for epoch in 1..=cfg.epochs {
        Rng::derive(cfg.seed, epoch as u64).shuffle(&mut train);
        let start = Instant::now();
        let mut loss_sum = 0.0f64;
        let mut lr = cfg.lr;
        let n_train = train.len();
        for (bi, batch) in train.chunks_mut(cfg.batch).enumerate() {
            order_by_buckets(batch, records, &mut sort_buf);
            let batch = &*batch;
            lr = schedule.lr(step);
            step += 1;
            let adam = AdamStep::new(lr, cfg.weight_decay, step);
            let rates = Rates {
                shared: adam,
                bucket: (cfg.bucket_lr > 0.0).then(|| adam.scaled(cfg.bucket_lr)),
            };
            loss_sum += gradients(
                cfg.isa,
                &model,
                &merged,
                records,
                batch,
                cfg.lambda,
                &mut workers,
            );
            let inv_n = 1.0 / batch.len() as f32;
            update_features(
                cfg.isa,
                &mut model,
                &mut moments,
                &mut merged,
                &mut workers,
                rates,
                inv_n,
            );
            update_small(&mut model, &mut moments, &mut workers, adam, inv_n);
            let done = (bi * cfg.batch + batch.len()).min(n_train);
            on_event(TrainEvent::Batch {
                epoch,
                batch: bi + 1,
                batches,
                positions: done,
                secs: start.elapsed().as_secs_f64(),
                running_loss: loss_sum / done as f64,
            })?;
        }
        let train_secs = start.elapsed().as_secs_f64();
        let val_loss = (!val.is_empty()).then(|| {
            validate(
                cfg.isa,
                &model,
                &merged,
                records,
                &val,
                cfg.lambda,
                &mut workers,
            )
        });
        let stats = EpochStats {
            epoch,
            train_loss: loss_sum / train.len() as f64,
            val_loss,
            positions: train.len(),
            train_secs,
            lr,
        };
        on_event(TrainEvent::EpochEnd {
            stats,
            model: &model,
        })?;
    }
    Ok(model)
}

/// Reorders a batch (the same positions) by king-bucket pair, a stable
/// counting sort, so consecutive positions share bucket rows while they
/// are still in cache.
fn order_by_buckets(batch: &mut [u32], records: &[Record], buf: &mut Vec<(u8, u32)>) {
    buf.clear();
    buf.extend(
        batch
            .iter()
            .map(|&i| (bucket_pair(&records[i as usize]), i)),
    );
    let mut start = [0usize; 257];
    for &(k, _) in buf.iter() {
        start[k as usize + 1] += 1;
    }
    for k in 0..256 {
        start[k + 1] += start[k];
    }
    for &(k, i) in buf.iter() {
        batch[start[k as usize]] = i;
        start[k as usize] += 1;
    }
}

/// Phase 1: forward and backward over the batch, one share per worker.
/// Returns the summed loss (per-worker sums added in worker order).
fn gradients(
    isa: Isa,
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    batch: &[u32],
    lambda: f32,
    workers: &mut [Worker],
) -> f64 {
    let per = batch.len().div_ceil(workers.len());
    let work = |w: &mut Worker, idx: &[u32]| -> f64 {
        grad_pass_isa(isa, model, merged, records, idx, lambda, w)
    };
    parallel_sum(workers, batch, per, &work)
}

/// One worker's forward and backward passes; returns its loss sum.
#[inline(always)]
fn grad_pass(
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    idx: &[u32],
    lambda: f32,
    w: &mut Worker,
) -> f64 {
    let mut sum = 0.0f64;
    for &i in idx {
        let r = &records[i as usize];
        let a = record_features(r);
        let out = forward(model, merged, &a, &mut w.scratch);
        let (l, g) = loss_and_grad(out, target(r, lambda));
        sum += l as f64;
        backward(model, &a, &mut w.scratch, g, &mut w.grads);
    }
    sum
}

multiversion!(fn grad_pass_isa(
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    idx: &[u32],
    lambda: f32,
    w: &mut Worker,
) -> f64 = grad_pass;);

/// One worker's share of the validation loss.
#[inline(always)]
fn val_pass(
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    idx: &[u32],
    lambda: f32,
    w: &mut Worker,
) -> f64 {
    let mut sum = 0.0f64;
    for &i in idx {
        let r = &records[i as usize];
        let out = forward(model, merged, &record_features(r), &mut w.scratch);
        sum += loss(out, target(r, lambda)) as f64;
    }
    sum
}

multiversion!(fn val_pass_isa(
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    idx: &[u32],
    lambda: f32,
    w: &mut Worker,
) -> f64 = val_pass;);

/// Runs `work` on each worker with its chunk of `items` (the first on this
/// thread) and adds the results in worker order.
fn parallel_sum<F>(workers: &mut [Worker], items: &[u32], per: usize, work: &F) -> f64
where
    F: Fn(&mut Worker, &[u32]) -> f64 + Sync,
{
    let mut chunks = items.chunks(per.max(1));
    let mut iter = workers.iter_mut();
    let (Some(first_w), Some(first_c)) = (iter.next(), chunks.next()) else {
        return 0.0;
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = iter
            .zip(chunks)
            .map(|(w, c)| s.spawn(move || work(w, c)))
            .collect();
        let mut total = work(first_w, first_c);
        for h in handles {
            total += h.join().expect("a training thread panicked");
        }
        total
    })
}

/// Mean validation loss.
fn validate(
    isa: Isa,
    model: &Model,
    merged: &[FloatRow],
    records: &[Record],
    val: &[u32],
    lambda: f32,
    workers: &mut [Worker],
) -> f64 {
    let per = val.len().div_ceil(workers.len());
    let work = |w: &mut Worker, idx: &[u32]| -> f64 {
        val_pass_isa(isa, model, merged, records, idx, lambda, w)
    };
    parallel_sum(workers, val, per, &work) / val.len() as f64
}

/// Splits `s` into pieces of `(bounds[k+1] - bounds[k]) * unit` elements.
fn split_by<'a, T>(mut s: &'a mut [T], bounds: &[usize], unit: usize) -> Vec<&'a mut [T]> {
    let mut out = Vec::with_capacity(bounds.len());
    for w in bounds.windows(2) {
        let (a, rest) = std::mem::take(&mut s).split_at_mut((w[1] - w[0]) * unit);
        out.push(a);
        s = rest;
    }
    out
}

/// One thread's share of phase 2: a contiguous range of inputs.
struct InputRange<'a> {
    ft: &'a mut [FloatRow],
    m: &'a mut [FloatRow],
    v: &'a mut [FloatRow],
    merged: &'a mut [FloatRow],
    grads: Vec<&'a mut [FloatRow]>,
    touched: Vec<&'a mut [bool]>,
}

/// The optimiser steps of the feature rows: the shared rows', and the
/// bucket rows' (`None` when the buckets are frozen at zero).
#[derive(Clone, Copy)]
struct Rates {
    shared: AdamStep,
    bucket: Option<AdamStep>,
}

/// Phase 2: reduce, AdamW and re-merge the feature rows, inputs split
/// between the workers' threads.
fn update_features(
    isa: Isa,
    model: &mut Model,
    moments: &mut Moments,
    merged: &mut [FloatRow],
    workers: &mut [Worker],
    rates: Rates,
    inv_n: f32,
) {
    let parts = workers.len().min(INPUTS);
    let bounds: Vec<usize> = (0..=parts).map(|k| k * INPUTS / parts).collect();
    let mut ranges: Vec<InputRange> = split_by(&mut model.ft, &bounds, ROWS_PER_INPUT)
        .into_iter()
        .zip(split_by(&mut moments.m.ft, &bounds, ROWS_PER_INPUT))
        .zip(split_by(&mut moments.v.ft, &bounds, ROWS_PER_INPUT))
        .zip(split_by(merged, &bounds, BUCKETS))
        .map(|(((ft, m), v), merged)| InputRange {
            ft,
            m,
            v,
            merged,
            grads: Vec::new(),
            touched: Vec::new(),
        })
        .collect();
    for w in workers.iter_mut() {
        let g = split_by(&mut w.grads.ft, &bounds, BUCKETS);
        let t = split_by(&mut w.grads.touched, &bounds, BUCKETS);
        for ((r, g), t) in ranges.iter_mut().zip(g).zip(t) {
            r.grads.push(g);
            r.touched.push(t);
        }
    }
    let mut ranges = ranges.into_iter();
    let first = ranges.next().expect("at least one range");
    std::thread::scope(|s| {
        let handles: Vec<_> = ranges
            .map(|r| s.spawn(move || update_range_isa(isa, r, rates, inv_n)))
            .collect();
        update_range_isa(isa, first, rates, inv_n);
        for hd in handles {
            hd.join().expect("a training thread panicked");
        }
    });
}

multiversion!(fn update_range_isa(r: InputRange<'_>, rates: Rates, inv_n: f32) -> () = update_range;);

#[inline(always)]
fn update_range(mut r: InputRange, rates: Rates, inv_n: f32) {
    let mut gf = [0.0f32; H];
    for k in 0..r.merged.len() / BUCKETS {
        let mut any = false;
        for b in 0..BUCKETS {
            let row = k * BUCKETS + b;
            if !r.touched.iter().any(|t| t[row]) {
                continue;
            }
            if !any {
                gf = [0.0; H];
                any = true;
            }
            let mut gb = [0.0f32; H];
            for (g, t) in r.grads.iter_mut().zip(r.touched.iter_mut()) {
                if t[row] {
                    t[row] = false;
                    let src = &mut g[row];
                    for i in 0..H {
                        gb[i] += src[i] * inv_n;
                    }
                    *src = [0.0; H];
                }
            }
            for i in 0..H {
                gf[i] += gb[i];
            }
            if let Some(adam) = rates.bucket {
                let t = k * ROWS_PER_INPUT + b;
                adam.update(
                    &mut r.ft[t],
                    &mut r.m[t],
                    &mut r.v[t],
                    &gb,
                    true,
                    FT_HALF_BOUND,
                );
            }
        }
        if any {
            let t = k * ROWS_PER_INPUT + FACTOR;
            rates.shared.update(
                &mut r.ft[t],
                &mut r.m[t],
                &mut r.v[t],
                &gf,
                true,
                FT_HALF_BOUND,
            );
            merge_input(
                &r.ft[k * ROWS_PER_INPUT..][..ROWS_PER_INPUT],
                &mut r.merged[k * BUCKETS..][..BUCKETS],
            );
        }
    }
}

/// Phase 3: the feature biases and the output layer, on this thread.
fn update_small(
    model: &mut Model,
    moments: &mut Moments,
    workers: &mut [Worker],
    adam: AdamStep,
    inv_n: f32,
) {
    let mut g_bias = [0.0f32; H];
    let mut g_out = [[0.0f32; H]; 2];
    let mut g_out_bias = 0.0f32;
    for w in workers.iter_mut() {
        for i in 0..H {
            g_bias[i] += w.grads.ft_bias[i] * inv_n;
            g_out[0][i] += w.grads.out[0][i] * inv_n;
            g_out[1][i] += w.grads.out[1][i] * inv_n;
        }
        g_out_bias += w.grads.out_bias * inv_n;
        w.grads.ft_bias = [0.0; H];
        w.grads.out = [[0.0; H]; 2];
        w.grads.out_bias = 0.0;
    }
    let (m, v) = (&mut moments.m, &mut moments.v);
    adam.update(
        &mut model.ft_bias,
        &mut m.ft_bias,
        &mut v.ft_bias,
        &g_bias,
        false,
        FT_BOUND,
    );
    for (((w, m), v), g) in model
        .out
        .iter_mut()
        .zip(&mut m.out)
        .zip(&mut v.out)
        .zip(&g_out)
    {
        adam.update(w, m, v, g, true, OUT_BOUND);
    }
    adam.update(
        std::slice::from_mut(&mut model.out_bias),
        std::slice::from_mut(&mut m.out_bias),
        std::slice::from_mut(&mut v.out_bias),
        &[g_out_bias],
        false,
        OUT_BIAS_BOUND,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_errors() {
        let ok = TrainConfig::default();
        assert!(ok.validate().is_ok());
        for bad in [
            TrainConfig {
                epochs: 0,
                ..ok.clone()
            },
            TrainConfig {
                threads: 0,
                ..ok.clone()
            },
            TrainConfig {
                batch: 0,
                ..ok.clone()
            },
            TrainConfig {
                batch: MAX_BATCH + 1,
                ..ok.clone()
            },
            TrainConfig {
                lr: f32::NAN,
                ..ok.clone()
            },
            TrainConfig {
                lambda: 1.5,
                ..ok.clone()
            },
            TrainConfig {
                val_fraction: 0.9,
                ..ok.clone()
            },
            TrainConfig {
                bucket_lr: 1.5,
                ..ok.clone()
            },
        ] {
            assert!(bad.validate().is_err());
        }
    }
}
