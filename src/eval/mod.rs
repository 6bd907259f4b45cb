//! Static evaluation. Placeholder until the hand-crafted evaluation lands:
//! material only, from the side to move's point of view.

pub mod phase;

use crate::chess::{Board, PieceType};

/// Score in centipawns from the side to move's point of view.
pub fn evaluate(b: &Board) -> i32 {
    const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
    let us = b.side_to_move();
    PieceType::ALL
        .iter()
        .map(|&k| {
            VALUE[k.index()] * (b.colored(us, k).count() as i32 - b.colored(!us, k).count() as i32)
        })
        .sum()
}
