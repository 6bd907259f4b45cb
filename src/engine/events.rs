//! What a search reports: progress per iteration and MultiPV line, the best
//! move at the end, and errors. Each event carries the id `go` returned so a
//! front end can drop reports of a search it has already replaced.

use crate::chess::Move;
pub use crate::search::{Bound, Score, SearchInfo};

#[derive(Clone, Debug)]
pub enum SearchEvent {
    Info {
        id: u64,
        info: SearchInfo,
    },
    /// `best` is `None` when the root has no legal move, or when the search
    /// could not run at all (its thread failed); UCI prints it as `0000`.
    BestMove {
        id: u64,
        best: Option<Move>,
        ponder: Option<Move>,
    },
    /// A problem the front end should show (e.g. a net file failed to load).
    Error(String),
    /// An external engine's process ended by itself (what happened): it
    /// answers nothing more, so a front end stops asking it and says so.
    /// A search it owed still gets its `BestMove` (with no move) after this.
    Exited(String),
}
