//! `tapir tune`: a Texel-style tuner for the hand-crafted evaluation.
//!
//! The evaluation is a sum of weights times feature counts, tapered by the
//! game phase and shrunk by the drawish scale. Each training position is
//! turned once into that linear form (`row`), so an epoch is a plain pass
//! over sparse rows with no chess code in it. The tuner fits the sigmoid
//! scale K (optionally), then minimises the squared error between
//! sigmoid(K * eval / 400) and the target (game result, optionally blended
//! with the search score) with Adam over every weight's midgame and endgame
//! halves, and writes the result back as the params file's generated part
//! (`render`).
//!
//! One part of the evaluation is not linear in the weights: the drawish
//! scale factor depends on which side is ahead. It is computed once per
//! position with the committed weights and then held fixed (a linearisation
//! around the starting point); everything else is exact up to the integer
//! rounding of the taper.

pub mod adam;
pub mod dataset;
pub mod linear_form;
pub mod objective;
pub mod render;
pub mod tuner;
pub mod weights;
