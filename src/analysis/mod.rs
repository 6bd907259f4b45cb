//! Whole-game work over a game tree: every position of a game's main line
//! searched on worker threads (`run`, `searcher`, or any UCI engine:
//! `external`), each move judged by the
//! expected score it gives away (`winprob`, `classify`), accuracy and
//! average centipawn loss per side as Lichess computes them (`accuracy`),
//! and the reasons behind each inaccuracy, mistake and blunder from the
//! evaluation's traces and the search's facts (`explain`, `line`, and
//! `balance` for the words: material, passed pawns, the king), put
//! together in `report`. Tuned numbers live in `params`. Depends on the
//! search, the game tree and the evaluation; prints nothing.

pub mod accuracy;
pub mod annotate;
pub mod balance;
pub mod classify;
pub mod explain;
pub mod external;
pub mod line;
pub mod params;
pub mod report;
pub mod run;
pub mod score;
pub mod searcher;
pub mod tactics;
pub mod winprob;

pub use accuracy::{game_figures, move_accuracy, SideFigures};
pub use classify::{classify, Class, MateTurn};
pub use explain::Explanation;
pub use external::ExternalSearcher;
pub use report::{build, GameReport, MoveReport};
pub use run::{
    analyse_positions, analyse_with, mainline_positions, stops_short, AnalysisError, LinePosition,
    PositionSearch,
};
pub use score::WhiteScore;
pub use searcher::{Budget, PlyResult, Searcher};
