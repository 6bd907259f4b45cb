//! The game as a tree (a layer above `chess`, below everything that shows
//! or analyses games): nodes with their moves, NAGs and comments
//! (`tree`), the game and its edits that can be undone (`edit`), tags, NAG glyphs, PGN
//! command annotations, and PGN reading and writing (`pgn`). Nothing here
//! draws, prints or knows the engine, so the board and `tapir`
//! subcommands share it.

pub mod annotations;
pub mod edit;
pub mod nag;
pub mod openings;
pub mod pgn;
pub mod tags;
pub mod tree;

pub use edit::{EditError, Game, Undone};
pub use nag::{Nag, Nags};
pub use openings::Opening;
pub use tags::Tags;
pub use tree::{GameTree, Node, NodeId};

/// "1 ply", "84 plies".
pub fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
