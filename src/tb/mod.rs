//! Syzygy endgame tablebases: win/draw/loss (WDL) and distance-to-zeroing
//! (DTZ) probes of `.rtbw`/`.rtbz` files found in one or more directories.
//! The decoding is the `shakmaty-syzygy` crate's; this module keeps it
//! behind tapir's own types: a `Board` goes in, a `Wdl` or `Dtz` comes out,
//! and every fault (a missing table, a corrupt file, a path that is not a
//! folder) is a typed error in words, never a panic. Depends only on
//! `chess` (and `fsread`, which opens every file a user names).
//!
//! Map: `types` (Wdl, Dtz, errors), `convert` (a Board as the crate's
//! position, built from bitboards), `files` (what may be opened: regular
//! files only, the magic bytes checked), `tables` (the loaded set and the
//! probes), `moves` (every legal move with its outcome, ranked for the
//! search's root and for the board's tablebase view), `bench` (the
//! probe benchmark's positions and timing).

pub mod bench;
mod convert;
mod files;
mod moves;
mod tables;
mod types;

pub use moves::{lichess_order, MoveOutcome, RootRank, MAX_DTZ};
pub use tables::{LoadReport, Tablebases};
pub use types::{Dtz, TbError, Wdl};
