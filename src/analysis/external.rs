//! Any UCI engine as the report's searcher (`tapir annotate --engine
//! CMD`): one engine process per worker thread, each position sent with
//! the game's moves before it after a `ucinewgame` (a clean slate, so a
//! deterministic engine gives the same result for a node budget however
//! the positions are shared out), and the engine's last main line and
//! score taken as the result. The explanations still come from tapir's own
//! traces of the positions those lines reach.

use super::params::{EXTERNAL_GRACE, EXTERNAL_NODES_PER_S};
use super::run::{position_at, LinePosition, PositionSearch};
use super::score::WhiteScore;
use super::searcher::{game_over, legal_prefix, Budget, PlyResult};
use crate::engine::external::{EngineSpec, ExternalEngine, ExternalError};
use crate::engine::SearchEvent;
use crate::search::score::{MATE, MATE_BOUND, MAX_PLY};
use crate::search::{Score, SearchInfo};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// One external engine process searching positions for the report.
pub struct ExternalSearcher {
    engine: ExternalEngine,
    events: Receiver<SearchEvent>,
}

impl ExternalSearcher {
    /// Starts the engine and shakes hands; one search thread each, where
    /// the engine has the option (the workers are the parallelism).
    pub fn start(spec: &EngineSpec) -> Result<ExternalSearcher, ExternalError> {
        let (mut engine, events) = ExternalEngine::start(spec)?;
        if engine.has_option("Threads") {
            engine.set_uci_option("Threads", "1")?;
        }
        Ok(ExternalSearcher { engine, events })
    }

    /// The engine's name (its `id name`).
    pub fn name(&self) -> &str {
        self.engine.name()
    }
}

/// An engine's score (side to move's view) in the search's units: a mate
/// stays a mate with its distance; centipawns stay below the mate band.
pub fn from_uci(score: Score) -> i32 {
    let longest = (MAX_PLY as i32) / 2 - 1;
    match score {
        Score::Cp(cp) => cp.clamp(-(MATE_BOUND - 1), MATE_BOUND - 1),
        Score::Mate(n) if n > 0 => MATE - (2 * n.min(longest) - 1),
        Score::Mate(n) => -MATE + 2 * (-n).min(longest),
    }
}

impl PositionSearch for ExternalSearcher {
    fn search_at(
        &mut self,
        positions: &[LinePosition],
        i: usize,
        budget: Budget,
    ) -> Result<PlyResult, String> {
        let board = positions[i].board;
        if let Some(over) = game_over(&board) {
            return Ok(over);
        }
        let name = self.engine.name().to_string();
        while self.events.try_recv().is_ok() {}
        self.engine.new_game();
        self.engine.set_position(position_at(positions, i));
        let id = self.engine.go(budget.limits());
        let patience = match budget {
            Budget::Nodes(n) => Duration::from_secs(n / EXTERNAL_NODES_PER_S) + EXTERNAL_GRACE,
            Budget::Movetime(t) => t + EXTERNAL_GRACE,
        };
        let deadline = Instant::now() + patience;
        let mut last: Option<SearchInfo> = None;
        let mut errors: Vec<String> = Vec::new();
        let mut stopped = false;
        let best = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(SearchEvent::Info { id: got, info }) if got == id && info.multipv == 1 => {
                    last = Some(info)
                }
                Ok(SearchEvent::Info { .. }) => {}
                Ok(SearchEvent::BestMove { id: got, best, .. }) if got == id => break best,
                Ok(SearchEvent::BestMove { .. }) => {}
                Ok(SearchEvent::Error(e) | SearchEvent::Exited(e)) => errors.push(e),
                Err(RecvTimeoutError::Timeout) if !stopped => {
                    // `stop` answers with the bestmove owed, or ends the
                    // engine and says so.
                    stopped = true;
                    errors.push(format!(
                        "{name} took longer than {} s on one position",
                        patience.as_secs()
                    ));
                    self.engine.stop();
                }
                Err(_) => break None,
            }
        };
        let why = || {
            if errors.is_empty() {
                String::new()
            } else {
                format!(" ({})", errors.join("; "))
            }
        };
        // An engine that does not stop at `go nodes` gives answers that
        // depend on the machine's speed, slowly: the run ends, saying how
        // to go on.
        if stopped && matches!(budget, Budget::Nodes(_)) {
            return Err(format!(
                "{name} does not stop at 'go nodes' (it took longer than {} s on position {i}); \
                 --movetime MS limits it by time instead",
                patience.as_secs()
            ));
        }
        let Some(best) = best else {
            return Err(format!(
                "{name} gave no move for position {} ({}){}",
                i,
                board.to_fen(),
                why()
            ));
        };
        let Some(info) = last else {
            return Err(format!(
                "{name} gave no score for position {} ({}){}",
                i,
                board.to_fen(),
                why()
            ));
        };
        let mut pv = if info.pv.first() == Some(&best) {
            info.pv
        } else {
            vec![best]
        };
        legal_prefix(&board, &mut pv);
        crate::analysis::line::queen_when_taken(&board, &mut pv);
        Ok(PlyResult {
            score: WhiteScore::from_side(from_uci(info.score), board.side_to_move()),
            pv,
            depth: info.depth as i32,
            nodes: info.nodes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::to_uci;

    #[test]
    fn uci_scores_round_trip() {
        for s in [0, 35, -120, MATE - 1, MATE - 5, -MATE + 2, -MATE + 6, -MATE] {
            assert_eq!(from_uci(to_uci(s)), s, "{s}");
        }
        assert_eq!(from_uci(Score::Cp(90_000)), MATE_BOUND - 1);
        assert!(WhiteScore(from_uci(Score::Mate(500))).is_mate());
        assert!(WhiteScore(from_uci(Score::Mate(-500))).is_mate());
        assert_eq!(from_uci(Score::Mate(0)), -MATE);
    }
}
