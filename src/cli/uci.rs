//! `tapir uci`: the UCI front end, optionally with the search's tunables as
//! options (for SPSA), or the tunables in OpenBench's SPSA input format.

use anyhow::Result;

/// The perturbation-to-step ratio at the end of an SPSA run that
/// `--spsa-input` suggests (OpenBench's and Fishtest's usual `r_end`).
const SPSA_R_END: f64 = 0.002;

/// `tapir uci` arguments.
#[derive(clap::Args)]
pub struct UciArgs {
    /// List the search's tunables as spin options and take `setoption` for
    /// them (what scripts/spsa.py and OpenBench's SPSA start).
    #[arg(long)]
    pub tune: bool,
    /// Print the tunables as OpenBench SPSA input (name, int, default, min,
    /// max, c_end, r_end) and exit.
    #[arg(long)]
    pub spsa_input: bool,
}

pub fn run(args: UciArgs) -> Result<()> {
    if args.spsa_input {
        use crate::search::{params::TUNABLES, tunables::openbench_lines};
        for line in openbench_lines(TUNABLES, SPSA_R_END) {
            outln!("{line}");
        }
        return Ok(());
    }
    crate::uci::run(args.tune)
}
