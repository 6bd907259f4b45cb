//! `tapir import-bullet FLOATS --out NET`: a net trained by bullet (its
//! float weights, laid out as `train::bullet_net` says) written as a tapir
//! net file, then loaded back by the engine's own loader as a check.

use crate::chess::Board;
use crate::eval::nnue::Network;
use crate::train::bullet_net::{import_bullet_f32, BULLET_FLOATS};
use crate::train::export::write_quantised;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ImportBulletArgs {
    /// bullet's float weights.
    #[arg(value_name = "FLOATS")]
    pub input: PathBuf,
    /// The tapir net file to write (never the input; over a file already
    /// there only with `--force`).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Lets `--out` replace a file already there.
    #[arg(long)]
    pub force: bool,
}

pub fn run(args: ImportBulletArgs) -> Result<()> {
    // The float weights are what a GPU run made; the net is a lossy copy.
    if crate::fswrite::same_file(&args.out, &args.input) {
        bail!(
            "--out {} is the input: the float weights would be replaced by their quantised copy (name another file)",
            args.out.display()
        );
    }
    super::out_file::refuse_replacing(&args.out, args.force)?;
    crate::train::export::check_writable(&args.out)?;
    // A few bytes over, so a near miss is named by its size below.
    let max = (BULLET_FLOATS * 4 + 64) as u64;
    let bytes = crate::fsread::read_regular(&args.input, max)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let imported = import_bullet_f32(&bytes).with_context(|| {
        format!(
            "{} is not a bullet net of tapir's shape",
            args.input.display()
        )
    })?;
    write_quantised(&imported.net, &args.out)?;
    Network::load(&args.out).map_err(|e| anyhow::anyhow!("the written net does not load: {e}"))?;
    outln!(
        "wrote {} from {}: {} weights clamped to the file's ranges; start position {:+} cp (side to move)",
        args.out.display(),
        args.input.display(),
        imported.clamped,
        imported.net.evaluate(&Board::startpos())
    );
    Ok(())
}
