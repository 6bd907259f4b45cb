//! The engine facade every front end uses (UCI and the TUI): set a position,
//! start a search that runs on background threads (`go` returns at once),
//! stop it, change options. Results arrive as `SearchEvent`s on a channel;
//! the search itself never prints.
//!
//! PLACEHOLDER: the search behind this facade is a stub until the search
//! issue lands; the API is the contract the front ends build on.

mod events;
mod limits;
mod options;

pub use events::{Bound, Score, SearchEvent, SearchInfo};
pub use limits::Limits;
pub use options::{EngineOption, EvalKind};

use crate::chess::{legal_moves, Position};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

pub struct Engine {
    events: Sender<SearchEvent>,
    position: Position,
    next_id: u64,
    worker: Option<JoinHandle<()>>,
}

impl Engine {
    /// A new engine and the receiving end of its event channel.
    pub fn new() -> (Engine, Receiver<SearchEvent>) {
        let (tx, rx) = channel();
        (
            Engine {
                events: tx,
                position: Position::startpos(),
                next_id: 0,
                worker: None,
            },
            rx,
        )
    }

    /// The position the next `go` searches (its history counts for repetitions).
    pub fn set_position(&mut self, position: Position) {
        self.stop();
        self.position = position;
    }

    /// Starts searching and returns the search id that tags this search's
    /// events. A running search is stopped first.
    pub fn go(&mut self, _limits: Limits) -> u64 {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        let tx = self.events.clone();
        let board = *self.position.board();
        self.worker = Some(std::thread::spawn(move || {
            let moves = legal_moves(&board);
            let best = moves.as_slice().first().copied();
            let info = SearchInfo {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: Score::Cp(crate::eval::evaluate(&board)),
                bound: Bound::Exact,
                nodes: 1,
                nps: 0,
                hashfull: 0,
                time: Duration::ZERO,
                pv: best.into_iter().collect(),
            };
            let _ = tx.send(SearchEvent::Info { id, info });
            let _ = tx.send(SearchEvent::BestMove {
                id,
                best,
                ponder: None,
            });
        }));
        id
    }

    /// Stops the running search, if any; its `BestMove` event still follows.
    pub fn stop(&mut self) {
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }

    /// The opponent played the pondered move: continue as a normal search.
    pub fn ponderhit(&mut self) {}

    /// Clears the hash and history for a new game.
    pub fn new_game(&mut self) {
        self.stop();
    }

    pub fn set_option(&mut self, option: EngineOption) -> Result<(), String> {
        option.validate()
    }

    pub fn is_searching(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
