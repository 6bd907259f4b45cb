//! `tapir tui`: the board, or with one of the `--bench-*` options a timing
//! of it (cli/tuibench.rs) instead.

use super::board::BoardArgs;
use super::tuibench;
use anyhow::Result;
use std::path::PathBuf;

/// `tapir tui` arguments: how the board opens, and the timings.
#[derive(clap::Args)]
pub struct TuiArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Draw N frames off-screen and print the frame time instead.
    #[arg(long, value_name = "N")]
    pub bench_frames: Option<usize>,
    /// Terminal size for --bench-frames.
    #[arg(long, value_name = "WxH", default_value = "120x40")]
    pub bench_size: String,
    /// With --bench-frames: a random net and the teaching views on.
    #[arg(long)]
    pub bench_teach: bool,
    /// With --bench-frames: a second engine's pane under the first.
    #[arg(long)]
    pub bench_second: bool,
    /// Time N info lines of an external engine (tapir uci, or
    /// --bench-engine CMD) from its pipe to the board, with tapir
    /// analysing beside it, then exit.
    #[arg(long, value_name = "N")]
    pub bench_link: Option<usize>,
    /// The engine command line for --bench-link.
    #[arg(long, value_name = "CMD")]
    pub bench_engine: Option<String>,
    /// Time opening FILE as `:load` does (read, index, the game picker)
    /// and reading its last game, then exit.
    #[arg(long, value_name = "FILE")]
    pub bench_open: Option<PathBuf>,
    /// Time what a key costs (the reducer and a frame) on the first
    /// game of FILE, then exit.
    #[arg(long, value_name = "FILE")]
    pub bench_keys: Option<PathBuf>,
}

pub fn run(args: TuiArgs) -> Result<()> {
    if let Some(n) = args.bench_link {
        return tuibench::link(n, args.bench_engine.as_deref());
    }
    match (args.bench_frames, args.bench_open, args.bench_keys) {
        (_, _, Some(file)) => tuibench::keys(&file),
        (_, Some(file), None) => tuibench::open(&file),
        (Some(n), None, None) => {
            tuibench::run(n, &args.bench_size, args.bench_teach, args.bench_second)
        }
        (None, None, None) => crate::tui::run(args.board.into_tui()),
    }
}
