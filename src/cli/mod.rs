//! The command-line subcommands other than the two front ends. Each owns
//! its `#[derive(Args)]` struct (main.rs only matches on them), takes
//! its parsed arguments, prints its report to stdout and returns an error
//! for `main` to print on one line.

pub mod annotate;
pub mod bench;
pub mod board;
pub mod datagen;
pub mod eval;
mod eval_bench;
pub mod explain;
pub mod fuzz;
pub mod import_bullet;
pub mod nnue;
pub mod perft;
mod progress;
pub mod train;
pub mod tui;
pub mod tuibench;
pub mod tune;
pub mod uci;
