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
pub mod shapes;
pub mod tags;
pub mod tree;

pub use edit::{EditError, Game, Undone};
pub use nag::{Nag, Nags};
pub use openings::Opening;
pub use tags::Tags;
pub use tree::{GameTree, Node, NodeId};

/// What a delete takes with `label`, the move at `id` (or, `after`, the
/// moves after it): "2. Qf3", "2. Qf3 and the 4 plies after it", "the 10
/// plies after 2. Qf3 (5 of them in variations)".
pub fn delete_phrase(tree: &GameTree, id: NodeId, label: &str, after: bool) -> String {
    let (line, all) = tree.plies_after(id);
    let in_variations = match all - line {
        0 => String::new(),
        n => format!(" ({n} of them in variations)"),
    };
    match (after, all) {
        (true, _) => format!("the {} after {label}{in_variations}", plies(all)),
        (false, 0) => label.to_string(),
        (false, _) => format!("{label} and the {} after it{in_variations}", plies(all)),
    }
}

/// A game's size in a message: "13 plies", or "13 plies, 24 in
/// variations" when it has any.
pub fn game_size(tree: &GameTree) -> String {
    match tree.variation_move_count() {
        0 => plies(tree.mainline_len()),
        aside => format!(
            "{}, {} in variations",
            plies(tree.mainline_len()),
            plies(aside)
        ),
    }
}

/// "1 ply", "84 plies".
pub fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
