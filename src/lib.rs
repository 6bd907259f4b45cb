//! tapir: a terminal chess analysis board with its own engine.
//!
//! Layers, each depending only on those above it in this list:
//! `chess` (rules) -> `game` (move trees, PGN, opening names), `book`
//! (Polyglot), `eval` and `tb` (Syzygy tablebases) -> `search` -> `engine`
//! -> `analysis` (whole-game reports) -> front ends (`uci`, `tui`) and the
//! `cli` subcommands.

pub mod analysis;
pub mod book;
pub mod chess;
#[allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "the subcommands print their results"
)]
pub mod cli;
pub mod engine;
pub mod eval;
pub mod fsread;
pub mod fswrite;
pub mod game;
pub mod linein;
pub mod search;
pub mod tb;
pub mod train;
pub mod tui;
#[allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "UCI speaks on stdout"
)]
pub mod uci;

/// What the unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    /// Says on the terminal that a twin test could not test its vector
    /// path on this CPU, so a pass is not read as a check. Written to
    /// stderr directly: the test harness swallows `eprintln!`.
    pub fn say_skipped(test: &str, why: &str) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
    }
}
