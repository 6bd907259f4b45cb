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
//! The default net: `nets/default.nnue` is built into the binary when
//! `EMBEDDED` below names it; `default_net()` decodes and verifies it once
//! per process and shares it. It is always there for the board's NNUE
//! views and for `EvalType NNUE`; it is the engine's default evaluator
//! when `NNUE_IS_DEFAULT` says so, set since the built-in net beat the
//! hand-crafted evaluation in matches (README, "Measured figures").

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
pub use network::{NamedNetError, NetError, Network};
pub use output::evaluate;
pub use simd::Backend;
pub use state::NnueState;

use std::sync::{Arc, OnceLock};

/// The bytes of the net built into the binary, if there is one (see above).
const EMBEDDED: Option<&[u8]> = Some(include_bytes!("../../../nets/default.nnue"));

/// Whether the built-in net has earned its place as the default evaluator
/// (see the module comment).
const NNUE_IS_DEFAULT: bool = true;

/// Whether a net is built in.
pub const fn has_embedded_net() -> bool {
    EMBEDDED.is_some()
}

/// Whether the engine searches with the built-in net unless told otherwise.
pub const fn nnue_is_default() -> bool {
    has_embedded_net() && NNUE_IS_DEFAULT
}

/// The embedded default net, decoded and verified afresh; `None` when
/// tapir ships without one.
pub fn embedded_net() -> Option<Result<Network, NetError>> {
    EMBEDDED.map(Network::from_bytes)
}

/// The embedded net decoded once and shared by every engine of the
/// process; `None` without one, or should it fail to verify (a test checks
/// that it does, and `embedded_net` reports the fault).
pub fn default_net() -> Option<Arc<Network>> {
    static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
    NET.get_or_init(|| embedded_net().and_then(Result::ok).map(Arc::new))
        .clone()
}

/// `default_net`, or the reason the embedded net failed to verify.
pub fn default_net_checked() -> Result<Option<Arc<Network>>, NetError> {
    match default_net() {
        Some(net) => Ok(Some(net)),
        None => embedded_net().transpose().map(|_| None),
    }
}
