//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a shared lockless transposition table and Lazy SMP threads.
//! It depends on `chess` and `eval` only and never prints; the engine facade
//! drives it and turns its reports into events.
//!
//! Map: `params` (every tuned number), `limits` (what `go` asks for),
//! `report` (scores and progress lines), `score` (mate arithmetic), `tt`,
//! `see`, `check` (does a move give check, without making it), `history`,
//! `picker` (staged move ordering), `stack` (make/unmake and repetitions),
//! `control` (stop/ponder flags), `time`, `worker` (per thread state,
//! iterative deepening, aspiration, MultiPV), `search` (negamax and
//! quiescence), `pool` (a search's plan and outcome, the strength limit,
//! scoped threads), `threads` (the engine's threads, alive between
//! searches), `tb` (Syzygy at the root and in the tree), `fixed` (the synchronous
//! search datagen drives), `bench` and `bench_positions`.

pub mod bench;
pub mod bench_positions;
pub mod check;
pub mod control;
pub mod fixed;
pub mod history;
pub mod limits;
pub mod params;
pub mod picker;
pub mod pool;
pub mod report;
pub mod score;
#[allow(clippy::module_inception)]
mod search;
pub mod see;
pub mod stack;
pub mod tb;
pub mod threads;
pub mod threats;
pub mod time;
pub mod tt;
pub mod tunables;
pub mod worker;

#[cfg(test)]
mod tests;

pub use control::Control;
pub use fixed::{FixedResult, FixedSearch};
pub use limits::Limits;
pub use pool::{run_search, strength_nodes, SearchJob, SearchOutcome, SEARCH_THREAD_STACK};
pub use report::{Bound, Score, SearchInfo};
pub use tb::TbSearch;
pub use threads::{Configure, SearchSink, SearchThreads};
pub use tt::{Tt, TtError};
pub use worker::Worker;
