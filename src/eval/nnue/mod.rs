//! NNUE evaluation: a king-bucketed 768x16 -> 512x2 -> 1 network with
//! clipped ReLU, evaluated incrementally with SIMD.
//!
//! - `arch`: sizes, quantisation constants, the file header and arch hash.
//! - `features`: king buckets, orientation, mirroring, feature indices.
//! - `network`: the weights; load/verify/save of net files, random nets.
//! - `delta`, `accumulator`, `finny`: incremental and cached refreshes.
//! - `state`: `NnueState`, the per-search-thread stack the search drives.
//! - `output`: accumulator -> centipawns with the phase scaling.
//! - `explain`: raw/phase/scale/final and per-piece values for display.
//! - `simd`: the kernels (scalar and AVX2), the only place with intrinsics.
//!
//! For the search and the engine: load a net once (`Network::load(path)` for
//! `--net`/`EvalFile`, `embedded_net()` for the default), share it as
//! `Arc<Network>`, give every search thread an `NnueState` (see `state.rs`
//! for the reset/push/pop/evaluate protocol). For display, `explain` and
//! `format_explain`.
//!
//! The default net: no trained net exists yet, so `embedded_net()` returns
//! `None` and the hand-crafted evaluation stays the default. Once the trainer's
//! net lands as `nets/default.nnue`, replace the body of `EMBEDDED` below with
//! `Some(include_bytes!("../../../nets/default.nnue"))`; `Network::from_bytes`
//! verifies it at start-up like any other file (a test should then check
//! that it loads).

pub mod accumulator;
pub mod arch;
pub mod delta;
pub mod explain;
pub mod features;
pub mod finny;
pub mod network;
pub mod output;
pub mod row;
pub mod simd;
pub mod state;

pub use accumulator::Accumulator;
pub use explain::{explain, format_explain, NnueExplain};
pub use finny::FinnyTable;
pub use network::{NetError, Network};
pub use output::evaluate;
pub use simd::Backend;
pub use state::NnueState;

/// The bytes of the net built into the binary, if there is one (see above).
const EMBEDDED: Option<&[u8]> = None;

/// The embedded default net, decoded and verified; `None` while tapir ships
/// without a trained net.
pub fn embedded_net() -> Option<Result<Network, NetError>> {
    EMBEDDED.map(Network::from_bytes)
}
