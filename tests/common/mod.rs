//! Helpers more than one test binary uses: running the built `tapir`
//! binary, and playing moves on the board as a user types them. Each test
//! file that needs them says `mod common;`.

#![allow(dead_code, reason = "each test binary uses some of the helpers")]

use std::process::{Command, Output};
use tapir::tui::action::Action;
use tapir::tui::app::App;

/// Runs the `tapir` binary this test build made, with `args`.
pub fn tapir(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args(args)
        .output()
        .expect("the tapir binary runs")
}

/// Types each move of `moves` (SAN or UCI, blank-separated) on the board;
/// every one must be taken.
pub fn play(a: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        a.update(Action::MoveText(m.into()));
        assert!(
            a.dialogs.message.as_ref().is_none_or(|m| !m.error),
            "{m}: {:?}",
            a.dialogs.message
        );
    }
}
