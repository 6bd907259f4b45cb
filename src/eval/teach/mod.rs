//! What the board's teaching views and `tapir eval --explain` show, built
//! from the evaluation without changing it: plain sentences per term
//! (`about`), each piece's worth by removal (`piece_values`), what a move
//! changes term by term (`move_delta`) and the packed arithmetic spelled
//! out (`packed`). Which squares produced a term is `hce::attribution`.

pub mod about;
pub mod move_delta;
pub mod packed;
pub mod piece_values;

pub use about::{about, squares_hint};
pub use move_delta::MoveDelta;
pub use piece_values::{hce_piece_values, hce_white, nnue_white};
