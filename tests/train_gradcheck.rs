//! Gradient check of the trainer's network math: the analytic gradient of
//! `model::batch_gradient` (sparse forward/backward, factoriser included)
//! against central finite differences of an independent dense f64
//! implementation of the same loss.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;

use tapir::train::features::{record_features, BUCKETS};
use tapir::train::loss::{target, OUT_TO_LOGIT};
use tapir::train::model::{batch_gradient, Model, FACTOR, H, ROWS_PER_INPUT};
use tapir::train::record::Record;

/// The model's parameters in f64, flattened: ft, ft_bias, out, out_bias.
struct Params {
    h: usize,
    v: Vec<f64>,
}

impl Params {
    fn of(m: &Model) -> Params {
        let mut v: Vec<f64> = m.ft.iter().flatten().map(|&x| x as f64).collect();
        v.extend(m.ft_bias.iter().map(|&x| x as f64));
        v.extend(m.out.iter().flatten().map(|&x| x as f64));
        v.push(m.out_bias as f64);
        Params { h: H, v }
    }

    fn ft_len(&self) -> usize {
        self.v.len() - 1 - 3 * self.h
    }

    /// Mean loss of the records, computed densely and directly from the
    /// architecture description.
    fn loss(&self, records: &[Record], lambda: f32) -> f64 {
        let h = self.h;
        let ft = &self.v[..self.ft_len()];
        let bias = &self.v[self.ft_len()..][..h];
        let out = &self.v[self.ft_len() + h..][..2 * h];
        let out_bias = self.v[self.v.len() - 1];
        let mut total = 0.0;
        for r in records {
            let a = record_features(r);
            let mut y = out_bias;
            for (half, rows) in [a.stm(), a.nstm()].into_iter().enumerate() {
                let mut acc = bias.to_vec();
                for &row in rows {
                    // Merged row j*16+b = bucket row j*17+b plus shared row j*17+16.
                    let (j, b) = (row as usize / BUCKETS, row as usize % BUCKETS);
                    for i in 0..h {
                        acc[i] += ft[(j * ROWS_PER_INPUT + b) * h + i]
                            + ft[(j * ROWS_PER_INPUT + FACTOR) * h + i];
                    }
                }
                for i in 0..h {
                    y += acc[i].clamp(0.0, 1.0) * out[half * h + i];
                }
            }
            let p = 1.0 / (1.0 + (-(y * OUT_TO_LOGIT as f64)).exp());
            let e = p - target(r, lambda) as f64;
            total += e * e;
        }
        total / records.len() as f64
    }
}

fn flat_grad(g: &Model) -> Vec<f64> {
    Params::of(g).v
}

#[test]
fn analytic_gradient_matches_finite_differences() {
    let lambda = 0.6;
    let records = train_common::synthetic_records(6, 42);
    let mut model = Model::new(9);
    // Give the shared rows and the output some size so every path matters.
    let mut rng = tapir::train::rng::Rng::new(5);
    for w in model.ft.iter_mut().flatten() {
        *w += rng.symmetric_f32(0.05);
    }
    for w in model.out.iter_mut().flatten() {
        *w = rng.symmetric_f32(0.1);
    }
    model.out_bias = 0.1;

    let (loss, grad) = batch_gradient(&model, &records, lambda);
    let p = Params::of(&model);
    assert!((loss - p.loss(&records, lambda)).abs() < 1e-5);
    let g = flat_grad(&grad);

    // Parameters to probe: every row some record uses (its bucket row and
    // shared row), a few untouched rows (gradient must be 0), all biases
    // and output weights.
    let mut probe: Vec<usize> = Vec::new();
    for r in &records[..2] {
        let a = record_features(r);
        for &row in a.stm().iter().chain(a.nstm()).step_by(5) {
            let (j, b) = (row as usize / BUCKETS, row as usize % BUCKETS);
            for i in [0, 7, 19, 200, 511] {
                probe.push((j * ROWS_PER_INPUT + b) * H + i);
                probe.push((j * ROWS_PER_INPUT + FACTOR) * H + i);
            }
        }
    }
    probe.push(3); // input 0, bucket 0: a white pawn on a1 is never active
    let ft_len = p.ft_len();
    probe.extend((ft_len..p.v.len()).step_by(7));
    probe.push(p.v.len() - 1);

    // Small, so no accumulator crosses a clipped-ReLU kink (f64 keeps it exact).
    let eps = 1e-6;
    let mut checked_nonzero = 0;
    let mut p = p;
    for &k in &probe {
        let x = p.v[k];
        p.v[k] = x + eps;
        let plus = p.loss(&records, lambda);
        p.v[k] = x - eps;
        let minus = p.loss(&records, lambda);
        p.v[k] = x;
        let num = (plus - minus) / (2.0 * eps);
        let ana = g[k];
        let tol = 2e-3 * num.abs().max(ana.abs()) + 2e-7;
        assert!(
            (num - ana).abs() <= tol,
            "parameter {k}: finite difference {num:e} vs backward {ana:e}"
        );
        if ana.abs() > 1e-6 {
            checked_nonzero += 1;
        }
    }
    assert_eq!(g[3], 0.0, "an untouched row has no gradient");
    assert!(
        checked_nonzero > probe.len() / 2,
        "{checked_nonzero} of {}",
        probe.len()
    );
}
