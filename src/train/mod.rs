//! Making tapir's own net: the training record format, self-play data
//! generation (the parts that need no search yet) and a pure-Rust CPU
//! trainer that exports the NNUE file format v1 (see `export`).
//!
//! Depends on `chess` and `eval` only; nothing here prints (the `cli`
//! front ends render progress from the events the trainer sends).

pub mod bullet;
pub mod bullet_net;
pub mod datagen;
pub mod export;
pub mod features;
pub mod golden;
pub mod loss;
pub mod model;
pub mod optimizer;
pub mod params;
pub mod record;
pub mod rng;
pub mod schedule;
pub mod score_scale;
pub mod simd;
pub mod split;
pub mod trainer;
pub mod tune;
pub mod warm_start;
