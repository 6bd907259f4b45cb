//! `tapir train`: load training data, run the CPU trainer with a progress
//! bar on stderr, print one line per epoch (losses, positions/s) and write
//! the net after every epoch, so an interrupted run still leaves the last
//! finished epoch's net behind.

use super::progress::Progress;
use crate::eval::nnue::arch::FILE_LEN;
use crate::eval::nnue::network::Network;
use crate::fswrite::same_file;
use crate::train::export::{check_writable, quantisation_error, write_net};
use crate::train::model::Model;
use crate::train::params::{self, SCALE_K};
use crate::train::record::{read_records, Record};
use crate::train::score_scale::{fit_scale, rescale};
use crate::train::trainer::{train_from, TrainConfig, TrainEvent};
use crate::train::warm_start::{model_from_network, Buckets};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// `tapir train` arguments.
#[derive(clap::Args)]
pub struct TrainArgs {
    /// Training data files (32-byte records); several are concatenated.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// Where to write the net (rewritten after every epoch). A file
    /// already there, a net too, is written over only with `--force`.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Lets `--out` replace a file already there.
    #[arg(long)]
    pub force: bool,
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Base learning rate (cosine-decayed over the run).
    #[arg(long, default_value_t = params::DEFAULT_LR)]
    pub lr: f32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = params::DEFAULT_BATCH)]
    pub batch: usize,
    /// Weight of the search score vs the game result in the target (0..1).
    #[arg(long, default_value_t = params::DEFAULT_LAMBDA)]
    pub lambda: f32,
    /// Fraction of positions held out for validation (0..0.5).
    #[arg(long, default_value_t = params::DEFAULT_VAL_FRACTION)]
    pub val_fraction: f64,
    /// AdamW decoupled weight decay.
    #[arg(long, default_value_t = params::DEFAULT_WEIGHT_DECAY)]
    pub weight_decay: f32,
    /// Learning rate of the 16 king-bucket rows relative to the shared
    /// factoriser rows (0..1; 0 trains the shared rows alone).
    #[arg(long, default_value_t = params::DEFAULT_BUCKET_LR)]
    pub bucket_lr: f32,
    /// Train on from this net instead of random weights: with --bucket-lr
    /// 0 (the default) its weights are kept as the bucket rows and the
    /// shared rows learn one change on top; with a bucket rate above 0
    /// they become the shared rows and the king buckets learn from there.
    #[arg(long, value_name = "NET")]
    pub init: Option<PathBuf>,
}

impl TrainArgs {
    /// The trainer's settings these arguments name (the rest default).
    pub fn config(&self) -> TrainConfig {
        TrainConfig {
            epochs: self.epochs,
            threads: self.threads,
            seed: self.seed,
            lr: self.lr,
            batch: self.batch,
            lambda: self.lambda,
            val_fraction: self.val_fraction,
            weight_decay: self.weight_decay,
            bucket_lr: self.bucket_lr,
            ..Default::default()
        }
    }
}

pub fn run(args: TrainArgs) -> Result<()> {
    let cfg = &args.config();
    cfg.validate()?;
    if args.data.is_empty() {
        bail!("give at least one data file with --data");
    }
    refuse_overwriting_data(&args.out, &args.data)?;
    refuse_repeated_data(&args.data)?;
    if let Some(init) = &args.init {
        if same_file(&args.out, init) {
            bail!(
                "--out {} is also the --init net; refusing to overwrite the net training starts from",
                args.out.display()
            );
        }
    }
    super::out_file::refuse_replacing(&args.out, args.force)?;
    check_writable(&args.out)?;
    let start = start_model(&args, cfg)?;
    let records = load_on_one_scale(&args.data)?;
    outln!(
        "training on {} positions from {} file(s): {} epochs, {} thread(s), seed {}, batch {}, lr {}, lambda {}",
        records.len(),
        args.data.len(),
        cfg.epochs,
        cfg.threads,
        cfg.seed,
        cfg.batch,
        cfg.lr,
        cfg.lambda
    );
    // Logs get the epoch lines alone.
    let mut bar = Progress::new(None);
    let out = &args.out;
    let mut on_event = |e: TrainEvent<'_>| -> Result<()> {
        match e {
            TrainEvent::Start {
                train_positions,
                val_positions,
                batches_per_epoch,
            } => outln!(
                "split: {train_positions} training, {val_positions} validation; {batches_per_epoch} batches per epoch"
            ),
            TrainEvent::Batch {
                epoch,
                batch,
                batches,
                positions,
                secs,
                running_loss,
            } => {
                if bar.due(batch >= batches) {
                    bar.show(&format!(
                        "epoch {epoch}/{} {}  {:.0} pos/s  loss {running_loss:.6}",
                        cfg.epochs,
                        Progress::bar(batch as f64 / batches.max(1) as f64, secs),
                        positions as f64 / secs.max(1e-9),
                    ));
                }
            }
            TrainEvent::EpochEnd { stats, model } => {
                bar.clear();
                let val = stats
                    .val_loss
                    .map_or("-".to_string(), |v| format!("{v:.6}"));
                outln!(
                    "epoch {:>3}/{}  train loss {:.6}  val loss {val}  {:.0} pos/s  {:.1} s  lr {:.3e}",
                    stats.epoch,
                    cfg.epochs,
                    stats.train_loss,
                    stats.positions_per_sec(),
                    stats.train_secs,
                    stats.lr
                );
                write_net(model, out)?;
            }
        }
        Ok(())
    };
    let model = train_from(start, &records, cfg, &mut on_event)?;
    outln!("wrote {} ({FILE_LEN} bytes)", args.out.display());
    let sample = quantisation_sample(&records);
    outln!(
        "quantisation: the file's output is {:.2} cp from the float net's on average ({} positions)",
        quantisation_error(&model, &sample),
        sample.len()
    );
    Ok(())
}

/// Random weights for the seed, or the `--init` net's. Read before the
/// data, so a wrong net path is reported at once.
fn start_model(args: &TrainArgs, cfg: &TrainConfig) -> Result<Model> {
    let Some(path) = &args.init else {
        return Ok(Model::new(cfg.seed));
    };
    let buckets = if cfg.bucket_lr > 0.0 {
        Buckets::Learn
    } else {
        Buckets::Kept
    };
    let net = Network::load_named(path)?;
    let model =
        model_from_network(&net, buckets).with_context(|| format!("--init {}", path.display()))?;
    outln!("starting from {}", path.display());
    Ok(model)
}

/// Up to `QUANT_SAMPLE` boards spread evenly over the data.
fn quantisation_sample(records: &[Record]) -> Vec<crate::chess::Board> {
    let step = (records.len() / QUANT_SAMPLE).max(1);
    records
        .iter()
        .step_by(step)
        .take(QUANT_SAMPLE)
        .filter_map(|r| r.to_board().ok())
        .collect()
}

/// Positions the quantisation report is measured on.
const QUANT_SAMPLE: usize = 10_000;

/// Refuses an output file that is one of the data files: writing it would
/// destroy the training data. Paths are compared canonicalised (so `./x`
/// and `x` match); an output that does not exist yet cannot be a data file.
pub(crate) fn refuse_overwriting_data(out: &Path, data: &[PathBuf]) -> Result<()> {
    for d in data {
        if same_file(out, d) {
            bail!(
                "--out {} is also a --data file; refusing to overwrite the training data",
                out.display()
            );
        }
    }
    Ok(())
}

/// Refuses a data file named twice (as two paths to one file, too): its
/// positions would count twice, and the validation split would hold
/// copies of training positions.
fn refuse_repeated_data(data: &[PathBuf]) -> Result<()> {
    for (i, a) in data.iter().enumerate() {
        if let Some(b) = data[..i].iter().find(|b| same_file(a, b)) {
            bail!(
                "--data {} and {} are one file: each file counts once",
                b.display(),
                a.display()
            );
        }
    }
    Ok(())
}

/// Reads every data file; a dropped partial record is only a warning.
pub(crate) fn load(paths: &[PathBuf]) -> Result<Vec<Record>> {
    let mut all = Vec::new();
    for p in paths {
        all.extend_from_slice(&read_data_file(p)?);
    }
    Ok(all)
}

/// Reads every data file and brings its scores to the trainer's scale
/// (`score_scale`), saying what each file's fitted scale was.
fn load_on_one_scale(paths: &[PathBuf]) -> Result<Vec<Record>> {
    let mut all = Vec::new();
    for p in paths {
        let mut records = read_data_file(p)?;
        if let Some(scale) = fit_scale(&records) {
            rescale(&mut records, scale);
            outln!(
                "{}: {} positions, scores fitted at {scale:.0} cp per logistic unit, scaled by {:.3}",
                p.display(),
                records.len(),
                SCALE_K / scale
            );
        }
        all.extend_from_slice(&records);
    }
    Ok(all)
}

/// One data file's records; a dropped partial record is only a warning.
fn read_data_file(p: &Path) -> Result<Vec<Record>> {
    let f = read_records(p)?;
    if f.dropped_bytes > 0 {
        eprintln!(
            "warning: {} ends in a partial record ({} bytes), ignored",
            p.display(),
            f.dropped_bytes
        );
    }
    Ok(f.records)
}
