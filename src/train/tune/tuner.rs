//! The fitting loop: a seeded split into training and validation
//! positions (by blocks of consecutive records, so that positions of one
//! game rarely land on both sides), K fitted on the starting weights when
//! asked, then mini-batch Adam with a seeded shuffle per epoch and a
//! cosine learning-rate schedule, with the exact training and validation
//! loss after every epoch. The training loss is the objective (with the
//! lambda blend); the validation loss is always against the game results
//! alone, so runs with different lambdas can be compared by it.
//!
//! Batches are cut into fixed chunks whose gradients are summed in chunk
//! order, so a run is a pure function of the data, the configuration and
//! the seed, whatever the thread count.

use super::adam::Adam;
use super::dataset::Dataset;
use super::objective::{fit_k, loss_and_slope, target};
use super::weights::{from_params, normalise, to_params};
use crate::eval::hce::Params;
use crate::train::params::{MAX_EPOCHS, MAX_THREADS};
use crate::train::rng::Rng;
use crate::train::schedule::Schedule;
use crate::train::split::blocked_split;
use anyhow::{bail, Result};
use std::time::Instant;

/// Positions per unit of parallel work; fixed so that sums do not depend
/// on the thread count.
const CHUNK: usize = 2048;
/// The regularisation measures deviations in pawns, not centipawns.
const REG_UNIT: f64 = 100.0;

/// Largest `--lr`, in centipawns per step: Adam moves each weight by about
/// the learning rate per step, so more than a pawn a step only throws the
/// weights to the ends of their i16 range.
pub const MAX_LR: f64 = 100.0;
/// Largest `--reg`: at 1 a deviation of one pawn already costs several times
/// the whole data loss (about 0.1), which pins every weight; beyond that the
/// penalty only overflows.
pub const MAX_REG: f64 = 1.0;

pub const DEFAULT_EPOCHS: usize = 20;
pub const DEFAULT_LR: f64 = 1.0;
pub const DEFAULT_BATCH: usize = 16_384;
pub const DEFAULT_VAL_FRACTION: f64 = 0.05;

/// Everything that determines a tuning run besides the data.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub epochs: usize,
    pub threads: usize,
    pub seed: u64,
    /// Adam's learning rate at the top of the schedule, in centipawns.
    pub lr: f64,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Weight of the search score against the game result in the target.
    pub lambda: f64,
    /// The sigmoid scale; `None` fits it on the training positions.
    pub k: Option<f64>,
    /// Fraction of the positions held out for validation.
    pub val_fraction: f64,
    /// Pull towards the starting weights: this times the sum over all
    /// halves of (deviation in pawns)^2 is added to the loss.
    pub reg: f64,
    /// Fields of `Params` kept at their starting values.
    pub freeze: Vec<String>,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            epochs: DEFAULT_EPOCHS,
            threads: 1,
            seed: 1,
            lr: DEFAULT_LR,
            batch: DEFAULT_BATCH,
            lambda: 0.0,
            k: None,
            val_fraction: DEFAULT_VAL_FRACTION,
            reg: 0.0,
            freeze: Vec::new(),
        }
    }
}

impl TuneConfig {
    /// Checks every setting; the error names the flag.
    pub fn validate(&self) -> Result<()> {
        if !(1..=MAX_THREADS).contains(&self.threads) {
            bail!("--threads must be 1..={MAX_THREADS}, not {}", self.threads);
        }
        if !(1..=MAX_EPOCHS).contains(&self.epochs) {
            bail!("--epochs must be 1..={MAX_EPOCHS}, not {}", self.epochs);
        }
        if self.batch == 0 {
            bail!("--batch must be at least 1");
        }
        if !(self.lr.is_finite() && self.lr > 0.0 && self.lr <= MAX_LR) {
            bail!("--lr must be in (0, {MAX_LR}], not {}", self.lr);
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            bail!("--lambda must be in 0..1, not {}", self.lambda);
        }
        if let Some(k) = self.k {
            if !(k.is_finite() && k > 0.0) {
                bail!("--k must be a positive number or auto, not {k}");
            }
        }
        if !(0.0..=0.5).contains(&self.val_fraction) {
            bail!(
                "--val-fraction must be in 0..0.5, not {}",
                self.val_fraction
            );
        }
        if !(0.0..=MAX_REG).contains(&self.reg) {
            bail!("--reg must be in [0, {MAX_REG}], not {}", self.reg);
        }
        self.frozen_mask()?;
        Ok(())
    }

    /// One flag per float weight: whether it stays fixed.
    fn frozen_mask(&self) -> Result<Vec<bool>> {
        let mut mask = vec![false; 2 * Params::LEN];
        for name in &self.freeze {
            let Some(f) = Params::FIELDS.iter().find(|f| f.name == name) else {
                let all: Vec<&str> = Params::FIELDS.iter().map(|f| f.name).collect();
                bail!(
                    "--freeze: no weight table named {name:?} (there are: {})",
                    all.join(", ")
                );
            };
            mask[2 * f.offset..2 * (f.offset + f.len)].fill(true);
        }
        Ok(mask)
    }
}

/// Losses after one epoch (epoch 0: the starting weights).
#[derive(Clone, Debug)]
pub struct EpochStats {
    pub epoch: usize,
    /// Against the training targets (with the lambda blend).
    pub train_loss: f64,
    /// Against the game results alone; `None` when nothing is held out.
    pub val_loss: Option<f64>,
    pub secs: f64,
    pub lr: f64,
}

/// What the tuner reports while it runs.
#[derive(Clone, Debug)]
pub enum TuneEvent {
    /// The split and the scale in use (`fitted` with its loss when fitted).
    Start {
        train_positions: usize,
        val_positions: usize,
        k: f64,
        fitted: Option<f64>,
    },
    Epoch(EpochStats),
}

/// The result of a run.
pub struct TuneOutcome {
    pub k: f64,
    /// Fitted and normalised, before rounding.
    pub weights: Vec<f64>,
    /// Rounded: what goes into the params file.
    pub params: Params,
    /// Losses of the starting weights, and of the rounded result.
    pub start: EpochStats,
    pub end: EpochStats,
}

/// Runs `f` on chunks `0..n` on up to `threads` scoped threads and returns
/// the results in chunk order.
fn par_chunks<T: Send>(threads: usize, n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    if threads <= 1 || n <= 1 {
        return (0..n).map(f).collect();
    }
    let f = &f;
    let mut out: Vec<(usize, T)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(n))
            .map(|t| {
                s.spawn(move || {
                    (t..n)
                        .step_by(threads)
                        .map(|c| (c, f(c)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("tuner thread panicked"))
            .collect()
    });
    out.sort_by_key(|x| x.0);
    out.into_iter().map(|x| x.1).collect()
}

/// The fitting state shared by the passes.
struct Fit<'a> {
    data: &'a Dataset,
    targets: Vec<f64>,
    k: f64,
    threads: usize,
}

impl Fit<'_> {
    /// Mean loss over `positions` with weights `w`, against the training
    /// targets or (`results`) the game results alone.
    fn loss(&self, positions: &[usize], w: &[f64], results: bool) -> f64 {
        if positions.is_empty() {
            return 0.0;
        }
        let chunks = positions.chunks(CHUNK).collect::<Vec<_>>();
        let sums = par_chunks(self.threads, chunks.len(), |c| {
            chunks[c]
                .iter()
                .map(|&i| {
                    let t = if results {
                        self.data.result(i)
                    } else {
                        self.targets[i]
                    };
                    loss_and_slope(self.data.eval(i, w), t, self.k).0
                })
                .sum::<f64>()
        });
        sums.iter().sum::<f64>() / positions.len() as f64
    }

    /// The mean gradient of the loss over `positions`.
    fn gradient(&self, positions: &[usize], w: &[f64]) -> Vec<f64> {
        let chunks = positions.chunks(CHUNK).collect::<Vec<_>>();
        let parts = par_chunks(self.threads, chunks.len(), |c| {
            let mut g = vec![0.0; w.len()];
            for &i in chunks[c] {
                let (_, slope) = loss_and_slope(self.data.eval(i, w), self.targets[i], self.k);
                self.data.add_gradient(i, slope, &mut g);
            }
            g
        });
        let mut g = vec![0.0; w.len()];
        for part in parts {
            g.iter_mut().zip(part).for_each(|(a, b)| *a += b);
        }
        let n = positions.len().max(1) as f64;
        g.iter_mut().for_each(|x| *x /= n);
        g
    }

    fn stats(&self, epoch: usize, train: &[usize], val: &[usize], w: &[f64]) -> EpochStats {
        EpochStats {
            epoch,
            train_loss: self.loss(train, w, false),
            val_loss: (!val.is_empty()).then(|| self.loss(val, w, true)),
            secs: 0.0,
            lr: 0.0,
        }
    }
}

/// Fits the weights to `data`, starting from `start`.
pub fn tune(
    data: &Dataset,
    start: &Params,
    cfg: &TuneConfig,
    on_event: &mut dyn FnMut(TuneEvent),
) -> Result<TuneOutcome> {
    cfg.validate()?;
    if data.is_empty() {
        bail!("no positions to tune on");
    }
    let frozen = cfg.frozen_mask()?;
    let (train, val) = blocked_split(data.len(), cfg.val_fraction, cfg.seed);
    if train.is_empty() {
        bail!("every position went to validation; lower --val-fraction");
    }
    let w0 = from_params(start);

    let (k, fitted) = match cfg.k {
        Some(k) => (k, None),
        None => {
            let pairs: Vec<(f64, f64)> = train
                .iter()
                .map(|&i| (data.eval(i, &w0), data.result(i)))
                .collect();
            let (k, loss) = fit_k(&pairs);
            (k, Some(loss))
        }
    };
    on_event(TuneEvent::Start {
        train_positions: train.len(),
        val_positions: val.len(),
        k,
        fitted,
    });
    let fit = Fit {
        data,
        targets: (0..data.len())
            .map(|i| target(data.result(i), data.score(i), cfg.lambda, k))
            .collect(),
        k,
        threads: cfg.threads,
    };

    let start_stats = fit.stats(0, &train, &val, &w0);
    on_event(TuneEvent::Epoch(start_stats.clone()));

    let mut w = w0.clone();
    let mut adam = Adam::new(w.len());
    let steps_per_epoch = train.len().div_ceil(cfg.batch);
    let schedule = Schedule::new(cfg.lr as f32, (steps_per_epoch * cfg.epochs) as u64);
    let mut order = train.clone();
    let mut step = 0u64;
    for epoch in 1..=cfg.epochs {
        let t0 = Instant::now();
        Rng::derive(cfg.seed, 1 << 32 | epoch as u64).shuffle(&mut order);
        let mut lr = 0.0;
        for batch in order.chunks(cfg.batch) {
            let mut g = fit.gradient(batch, &w);
            if cfg.reg > 0.0 {
                let c = 2.0 * cfg.reg / (REG_UNIT * REG_UNIT);
                for ((g, w), w0) in g.iter_mut().zip(&w).zip(&w0) {
                    *g += c * (w - w0);
                }
            }
            lr = schedule.lr(step) as f64;
            adam.step(&mut w, &g, &frozen, lr);
            step += 1;
        }
        let mut stats = fit.stats(epoch, &train, &val, &w);
        stats.secs = t0.elapsed().as_secs_f64();
        stats.lr = lr;
        check_finite(&stats)?;
        on_event(TuneEvent::Epoch(stats));
    }

    normalise(&mut w, &w0, &frozen);
    let params = to_params(&w);
    let end = fit.stats(cfg.epochs, &train, &val, &from_params(&params));
    check_finite(&end)?;
    Ok(TuneOutcome {
        k,
        weights: w,
        params,
        start: start_stats,
        end,
    })
}

/// Stops a run whose loss is no longer a number: its weights are garbage
/// and must not be written (the caller writes only after `tune` succeeds).
fn check_finite(s: &EpochStats) -> Result<()> {
    let val_ok = s.val_loss.is_none_or(f64::is_finite);
    if !(s.train_loss.is_finite() && val_ok) {
        bail!(
            "the tuning diverged at epoch {} (train loss {}); nothing written, try a smaller --lr or --reg",
            s.epoch,
            s.train_loss
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, PieceType};
    use crate::train::record::{GameResult, Record};

    /// Positions whose results follow a material count with a knight worth
    /// two pawns and a rook four (far from the committed weights), drawn
    /// through a logistic so that the labels are noisy.
    fn labelled(n: usize) -> Dataset {
        const VALUE: [i32; 6] = [100, 200, 330, 400, 900, 0];
        let mut rng = Rng::new(17);
        let records: Vec<Record> = crate::eval::tests::playout_positions(n, 3)
            .into_iter()
            .filter(|b| !b.in_check() && b.occupied().count() <= 32)
            .map(|b| {
                let m: i32 = PieceType::ALL
                    .iter()
                    .map(|&k| {
                        VALUE[k.index()]
                            * (b.colored(Color::White, k).count() as i32
                                - b.colored(Color::Black, k).count() as i32)
                    })
                    .sum();
                let p = super::super::objective::expected(m as f64, 1.5);
                let u = rng.unit_f32() as f64;
                let result = if u < p * 0.8 {
                    GameResult::WhiteWin
                } else if u < p * 0.8 + 0.2 {
                    GameResult::Draw
                } else {
                    GameResult::BlackWin
                };
                Record::from_board(&b, m as i16, result).unwrap()
            })
            .collect();
        Dataset::build(&records, 2).unwrap()
    }

    #[test]
    fn a_loss_that_is_not_a_number_stops_the_run() {
        let ok = EpochStats {
            epoch: 3,
            train_loss: 0.1,
            val_loss: Some(0.2),
            secs: 0.0,
            lr: 1.0,
        };
        assert!(check_finite(&ok).is_ok());
        for bad in [
            EpochStats {
                train_loss: f64::NAN,
                ..ok.clone()
            },
            EpochStats {
                val_loss: Some(f64::INFINITY),
                ..ok.clone()
            },
        ] {
            let e = check_finite(&bad).unwrap_err().to_string();
            assert!(e.contains("diverged at epoch 3"), "{e}");
        }
    }

    #[test]
    fn a_short_run_lowers_the_loss_and_ignores_the_thread_count() {
        let data = labelled(6000);
        let cfg = TuneConfig {
            epochs: 4,
            batch: 512,
            lr: 2.0,
            val_fraction: 0.2,
            threads: 1,
            ..TuneConfig::default()
        };
        let mut lines = 0;
        let one = tune(&data, &Params::DEFAULT, &cfg, &mut |_| lines += 1).unwrap();
        // Start, epoch 0, four epochs.
        assert_eq!(lines, 6);
        assert!(
            one.end.train_loss < one.start.train_loss - 1e-3,
            "{:?}",
            one.end
        );
        let three = tune(
            &data,
            &Params::DEFAULT,
            &TuneConfig {
                threads: 3,
                ..cfg.clone()
            },
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(one.weights, three.weights);
        assert_eq!(one.params, three.params);

        // With only the piece values free (a fixed K, everything else
        // frozen) there is little to overfit: the held-out loss falls too,
        // and the knight gets cheaper, as the labels say.
        let freeze = Params::FIELDS
            .iter()
            .map(|f| f.name.to_string())
            .filter(|n| n != "piece_value")
            .collect();
        let values_only = TuneConfig {
            freeze,
            k: Some(1.5),
            ..cfg
        };
        let f = tune(&data, &Params::DEFAULT, &values_only, &mut |_| {}).unwrap();
        assert_eq!(f.k, 1.5);
        let (v0, v1) = (f.start.val_loss.unwrap(), f.end.val_loss.unwrap());
        assert!(v1 < v0 - 1e-3, "{v0} -> {v1}");
        let knight = |p: &Params| p.piece_value[1].mg() as i32 + p.piece_value[1].eg() as i32;
        assert!(knight(&f.params) < knight(&Params::DEFAULT) - 50);
        let mut p = f.params.clone();
        p.piece_value = Params::DEFAULT.piece_value;
        assert_eq!(p, Params::DEFAULT);
    }

    #[test]
    fn par_chunks_keeps_order() {
        for threads in [1, 2, 3, 8] {
            let v = par_chunks(threads, 10, |c| c * c);
            assert_eq!(v, (0..10).map(|c| c * c).collect::<Vec<_>>());
        }
    }

    #[test]
    fn bad_settings_are_named() {
        let bad = |f: fn(&mut TuneConfig)| {
            let mut c = TuneConfig::default();
            f(&mut c);
            c.validate().unwrap_err().to_string()
        };
        assert!(bad(|c| c.threads = 0).contains("--threads"));
        assert!(bad(|c| c.lambda = 1.5).contains("--lambda"));
        assert!(bad(|c| c.k = Some(-1.0)).contains("--k"));
        assert!(bad(|c| c.val_fraction = 0.9).contains("--val-fraction"));
        assert!(bad(|c| c.freeze = vec!["nope".into()]).contains("nope"));
        let c = TuneConfig {
            freeze: vec!["piece_value".into(), "tempo".into()],
            ..TuneConfig::default()
        };
        let m = c.frozen_mask().unwrap();
        assert_eq!(m.iter().filter(|&&x| x).count(), 2 * 7);
    }
}
