//! `tapir tune`: load self-play records, turn them into the tuner's linear
//! form, fit the hand-crafted weights and write them as the generated part
//! of a params file (or print it). One line per epoch with the exact
//! training and validation loss; at the end, the largest changes.

use super::train::{load, refuse_overwriting_data};
use crate::eval::hce::Params;
use crate::train::tune::dataset::Dataset;
use crate::train::tune::render::{check_target, region, write_params};
use crate::train::tune::tuner::{self, tune, EpochStats, TuneConfig, TuneEvent};
use anyhow::{bail, Result};
use std::path::PathBuf;
use std::time::Instant;

/// Weight changes listed at the end of a run.
const SHOW_CHANGES: usize = 12;

/// `tapir tune` arguments.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// Training data files (32-byte records); several are concatenated.
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// Params file whose generated weights are replaced (a new file gets
    /// them alone); without it the result is printed.
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    #[arg(long, default_value_t = tuner::DEFAULT_EPOCHS)]
    pub epochs: usize,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Sigmoid scale: a positive number, or auto to fit it to the results.
    #[arg(long, value_name = "K|auto", default_value = "auto", value_parser = parse_k)]
    pub k: KArg,
    /// Weight of the search score vs the game result in the target (0..1).
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f64,
    /// Adam's learning rate in centipawns (cosine-decayed over the run).
    #[arg(long, default_value_t = tuner::DEFAULT_LR)]
    pub lr: f64,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = tuner::DEFAULT_BATCH)]
    pub batch: usize,
    /// Fraction of positions held out for validation (0..0.5).
    #[arg(long, default_value_t = tuner::DEFAULT_VAL_FRACTION)]
    pub val_fraction: f64,
    /// Pull towards the starting weights (times the sum of squared deviations in pawns).
    #[arg(long, default_value_t = 0.0)]
    pub reg: f64,
    /// Weight tables kept at their current values, e.g. piece_value,tempo.
    #[arg(long, value_name = "FIELD,...", value_delimiter = ',')]
    pub freeze: Vec<String>,
    /// Use only the first N positions of the data.
    #[arg(long, value_name = "N")]
    pub max_positions: Option<usize>,
}

impl TuneArgs {
    /// The tuner's settings these arguments name.
    pub fn config(&self) -> TuneConfig {
        TuneConfig {
            epochs: self.epochs,
            threads: self.threads,
            seed: self.seed,
            lr: self.lr,
            batch: self.batch,
            lambda: self.lambda,
            k: self.k.0,
            val_fraction: self.val_fraction,
            reg: self.reg,
            freeze: self.freeze.clone(),
        }
    }
}

/// `--k`: a positive number, or `auto` (`None`) to fit it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct KArg(pub Option<f64>);

pub fn parse_k(s: &str) -> Result<KArg, String> {
    if s == "auto" {
        return Ok(KArg(None));
    }
    match s.parse::<f64>() {
        Ok(k) if k.is_finite() && k > 0.0 => Ok(KArg(Some(k))),
        _ => Err(format!("expected a positive number or auto, not {s:?}")),
    }
}

pub fn run(args: TuneArgs) -> Result<()> {
    let cfg = &args.config();
    cfg.validate()?;
    if args.data.is_empty() {
        bail!("give at least one data file with --data");
    }
    if args.max_positions == Some(0) {
        bail!("--max-positions must be at least 1");
    }
    if let Some(out) = &args.out {
        refuse_overwriting_data(out, &args.data)?;
        check_target(out)?;
    }
    let t0 = Instant::now();
    let mut records = load(&args.data)?;
    if let Some(n) = args.max_positions {
        records.truncate(n);
    }
    let data = Dataset::build(&records, cfg.threads)?;
    drop(records);
    outln!(
        "loaded {} positions from {} file(s) in {:.1} s ({:.1} weight counts per position)",
        data.len(),
        args.data.len(),
        t0.elapsed().as_secs_f64(),
        data.entry_count() as f64 / data.len() as f64
    );
    outln!(
        "{} epochs, {} thread(s), seed {}, batch {}, lr {}, lambda {}, reg {}{}",
        cfg.epochs,
        cfg.threads,
        cfg.seed,
        cfg.batch,
        cfg.lr,
        cfg.lambda,
        cfg.reg,
        if cfg.freeze.is_empty() {
            String::new()
        } else {
            format!(", frozen: {}", cfg.freeze.join(" "))
        }
    );
    let epochs = cfg.epochs;
    let mut on_event = |e: TuneEvent| match e {
        TuneEvent::Start {
            train_positions,
            val_positions,
            k,
            fitted,
        } => {
            match fitted {
                Some(loss) => outln!("K {k:.4} (fitted to the results: loss {loss:.6})"),
                None => outln!("K {k:.4} (given)"),
            }
            outln!(
                "split: {train_positions} training, {val_positions} validation \
                 (validation loss against the game results alone)"
            );
        }
        TuneEvent::Epoch(s) if s.epoch == 0 => {
            outln!("{}  (starting weights)", epoch_line(&s, epochs));
        }
        TuneEvent::Epoch(s) => outln!(
            "{}  lr {:.3}  {:.1} s",
            epoch_line(&s, epochs),
            s.lr,
            s.secs
        ),
    };
    let outcome = tune(&data, &Params::DEFAULT, cfg, &mut on_event)?;
    outln!(
        "{}  (normalised and rounded)",
        epoch_line(&outcome.end, epochs)
    );
    print_changes(&Params::DEFAULT, &outcome.params);
    match &args.out {
        Some(out) => {
            let updated = write_params(out, &outcome.params)?;
            let how = if updated {
                "generated weights replaced"
            } else {
                "new file"
            };
            outln!("wrote {} ({how})", out.display());
        }
        None => out!("{}", region(&outcome.params)?),
    }
    Ok(())
}

fn epoch_line(s: &EpochStats, epochs: usize) -> String {
    let val = s.val_loss.map_or("-".to_string(), |v| format!("{v:.6}"));
    format!(
        "epoch {:>3}/{epochs}  train loss {:.6}  val loss {val}",
        s.epoch, s.train_loss
    )
}

/// A readable name of weight `i`: placement entries by piece and square.
fn weight_name(i: usize, names: &[String]) -> String {
    use crate::eval::hce::params::idx;
    const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    if (idx::psqt..idx::psqt + 384).contains(&i) {
        let (k, sq) = ((i - idx::psqt) / 64, (i - idx::psqt) % 64);
        let file = (b'a' + (sq % 8) as u8) as char;
        return format!("psqt[{}][{file}{}]", PIECES[k], sq / 8 + 1);
    }
    names[i].clone()
}

/// The weights that moved most (by the larger of the two halves).
fn print_changes(old: &Params, new: &Params) {
    let (a, b, names) = (old.to_vec(), new.to_vec(), Params::names());
    let mut moved: Vec<(i32, usize)> = (0..a.len())
        .map(|i| {
            let d = (a[i].mg() as i32 - b[i].mg() as i32)
                .abs()
                .max((a[i].eg() as i32 - b[i].eg() as i32).abs());
            (d, i)
        })
        .filter(|x| x.0 > 0)
        .collect();
    moved.sort_by_key(|&(d, i)| (-d, i));
    outln!(
        "{} of {} weights changed; the largest:",
        moved.len(),
        a.len()
    );
    for &(_, i) in moved.iter().take(SHOW_CHANGES) {
        outln!(
            "  {:<28} ({}, {}) -> ({}, {})",
            weight_name(i, &names),
            a[i].mg(),
            a[i].eg(),
            b[i].mg(),
            b[i].eg()
        );
    }
}
