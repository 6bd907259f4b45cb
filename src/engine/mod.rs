//! The engine facade every front end uses (UCI and the TUI): set a position,
//! start a search that runs on background threads (`go` returns at once),
//! stop it, change options. Results arrive as `SearchEvent`s on a channel;
//! the search itself never prints.

mod events;
mod options;

pub use crate::search::Limits;
pub use events::{Bound, Score, SearchEvent, SearchInfo};
pub use options::{
    EngineOption, EvalKind, DEFAULT_ELO, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS,
    DEFAULT_MULTIPV, DEFAULT_THREADS, ELO_RANGE, HASH_RANGE, MOVE_OVERHEAD_RANGE, MULTIPV_RANGE,
    THREADS_RANGE,
};

use crate::chess::Position;
use crate::eval::nnue::{default_net, embedded_net, Network};
use crate::search::{run_search, Control, SearchJob, Tt, Worker};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The option values in force.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub limit_strength: bool,
    pub elo: u32,
    pub eval: EvalKind,
    pub eval_file: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            threads: DEFAULT_THREADS,
            multipv: DEFAULT_MULTIPV,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            ponder: false,
            limit_strength: false,
            elo: DEFAULT_ELO,
            eval: EvalKind::Hce,
            eval_file: None,
        }
    }
}

pub struct Engine {
    events: Sender<SearchEvent>,
    position: Position,
    next_id: u64,
    settings: Settings,
    tt: Arc<Tt>,
    /// The search threads' state while idle; moved into the search thread
    /// while it runs and handed back by `join`.
    workers: Vec<Worker>,
    running: Option<(u64, Arc<Control>, JoinHandle<Vec<Worker>>)>,
    /// The net `EvalFile` loaded (or the embedded one), used when
    /// `settings.eval` is NNUE.
    net: Option<Arc<Network>>,
}

impl Engine {
    /// A new engine and the receiving end of its event channel.
    pub fn new() -> (Engine, Receiver<SearchEvent>) {
        let (tx, rx) = channel();
        // The default table is small; should even that fail, run with 1 MB.
        let tt = Arc::new(
            Tt::new(DEFAULT_HASH_MB)
                .or_else(|_| Tt::new(1))
                .expect("1 MB of memory for the hash table"),
        );
        // The built-in net, if any, is loaded for EvalType NNUE; it is the
        // default evaluator only once it has been promoted (see eval::nnue).
        let net = default_net();
        let settings = Settings {
            eval: if net.is_some() {
                EvalKind::default_for_build()
            } else {
                EvalKind::Hce
            },
            ..Settings::default()
        };
        let mut worker = Worker::new(0, tt.clone());
        if settings.eval == EvalKind::Nnue {
            worker.set_network(net.clone());
        }
        (
            Engine {
                events: tx,
                position: Position::startpos(),
                next_id: 0,
                settings,
                workers: vec![worker],
                tt,
                running: None,
                net,
            },
            rx,
        )
    }

    /// The position the next `go` searches (its history counts for repetitions).
    pub fn set_position(&mut self, position: Position) {
        self.stop();
        self.position = position;
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Starts searching and returns the search id that tags this search's
    /// events. A running search is stopped first.
    pub fn go(&mut self, limits: Limits) -> u64 {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        let ctl = Arc::new(Control::new(self.workers.len(), limits.ponder));
        let job = SearchJob {
            board: *self.position.board(),
            history: self.position.repetition_hashes(),
            limits,
            multipv: self.settings.multipv,
            overhead: Duration::from_millis(self.settings.move_overhead_ms),
            elo: self.settings.limit_strength.then_some(self.settings.elo),
        };
        let tx = self.events.clone();
        let tt = self.tt.clone();
        let mut workers = std::mem::take(&mut self.workers);
        let thread_ctl = ctl.clone();
        let spawned = std::thread::Builder::new()
            .name("tapir-search".into())
            .stack_size(crate::search::SEARCH_THREAD_STACK)
            .spawn(move || {
                let out = run_search(&mut workers, &tt, &thread_ctl, &job, &mut |info| {
                    let _ = tx.send(SearchEvent::Info { id, info });
                });
                let _ = tx.send(SearchEvent::BestMove {
                    id,
                    best: out.best,
                    ponder: out.ponder,
                });
                workers
            });
        match spawned {
            Ok(handle) => self.running = Some((id, ctl, handle)),
            Err(e) => {
                self.workers = self.fresh_workers();
                let _ = self
                    .events
                    .send(SearchEvent::Error(format!("cannot start the search: {e}")));
                let _ = self.events.send(SearchEvent::BestMove {
                    id,
                    best: None,
                    ponder: None,
                });
            }
        }
        id
    }

    fn fresh_workers(&self) -> Vec<Worker> {
        (0..self.settings.threads)
            .map(|i| self.new_worker(i))
            .collect()
    }

    /// A worker evaluating with the evaluator in force.
    fn new_worker(&self, i: usize) -> Worker {
        let mut w = Worker::new(i, self.tt.clone());
        w.set_network(self.active_net());
        w
    }

    /// The net the search uses: `None` for the hand-crafted eval.
    fn active_net(&self) -> Option<Arc<Network>> {
        match self.settings.eval {
            EvalKind::Hce => None,
            EvalKind::Nnue => self.net.clone(),
        }
    }

    /// Gives every worker the evaluator in force.
    fn apply_eval(&mut self) {
        let net = self.active_net();
        for w in self.workers.iter_mut() {
            w.set_network(net.clone());
        }
    }

    /// The net to use for NNUE: the loaded one, else the embedded one.
    fn nnue_net(&mut self) -> Result<Arc<Network>, String> {
        if let Some(net) = &self.net {
            return Ok(net.clone());
        }
        if let Some(net) = default_net() {
            self.net = Some(net.clone());
            return Ok(net);
        }
        match embedded_net() {
            Some(Err(e)) => Err(format!("the built-in net is invalid: {e}")),
            _ => Err(
                "EvalType NNUE needs a net: no net is built in, set EvalFile to a net file first"
                    .into(),
            ),
        }
    }

    /// Goes back from a loaded net file to the built-in net (`EvalFile`
    /// set to its default). Without a built-in net only the HCE can run, so
    /// that is refused while NNUE is the evaluator.
    fn use_builtin_net(&mut self) -> Result<(), String> {
        let net = default_net();
        if net.is_none() && self.settings.eval == EvalKind::Nnue {
            return Err(
                "no net is built in: keeping the loaded net (set EvalType HCE first)".into(),
            );
        }
        self.net = net;
        self.settings.eval_file = None;
        self.apply_eval();
        Ok(())
    }

    /// Stops the running search, if any. When this returns, the search's
    /// `BestMove` event has been sent (by the engine itself, with no move,
    /// should the search thread have failed), so a front end may wait for it.
    pub fn stop(&mut self) {
        if let Some((id, ctl, handle)) = self.running.take() {
            ctl.stop();
            match handle.join() {
                Ok(workers) => self.workers = workers,
                Err(_) => {
                    self.workers = self.fresh_workers();
                    let _ = self
                        .events
                        .send(SearchEvent::Error("the search thread failed".into()));
                    let _ = self.events.send(SearchEvent::BestMove {
                        id,
                        best: None,
                        ponder: None,
                    });
                }
            }
        }
    }

    /// The opponent played the pondered move: continue as a normal search.
    pub fn ponderhit(&mut self) {
        if let Some((_, ctl, _)) = &self.running {
            ctl.ponderhit();
        }
    }

    /// Clears the hash and history for a new game.
    pub fn new_game(&mut self) {
        self.stop();
        self.tt.clear();
        for w in self.workers.iter_mut() {
            w.clear();
        }
    }

    pub fn set_option(&mut self, option: EngineOption) -> Result<(), String> {
        option.validate()?;
        match option {
            EngineOption::Hash(mb) => {
                self.stop();
                if mb != self.settings.hash_mb {
                    // Free the old table first so both never exist at once.
                    self.tt = Arc::new(Tt::new(1)?);
                    for w in self.workers.iter_mut() {
                        w.set_tt(self.tt.clone());
                    }
                    let result = Tt::new(mb);
                    let (tt, res) = match result {
                        Ok(tt) => {
                            self.settings.hash_mb = mb;
                            (tt, Ok(()))
                        }
                        Err(e) => (
                            Tt::new(self.settings.hash_mb).or_else(|_| Tt::new(1))?,
                            Err(e),
                        ),
                    };
                    self.tt = Arc::new(tt);
                    for w in self.workers.iter_mut() {
                        w.set_tt(self.tt.clone());
                    }
                    return res;
                }
            }
            EngineOption::Threads(n) => {
                self.stop();
                self.settings.threads = n;
                self.workers.truncate(n);
                while self.workers.len() < n {
                    let i = self.workers.len();
                    let w = self.new_worker(i);
                    self.workers.push(w);
                }
            }
            EngineOption::MultiPv(n) => self.settings.multipv = n,
            EngineOption::MoveOverhead(ms) => self.settings.move_overhead_ms = ms,
            EngineOption::ClearHash => {
                self.stop();
                self.tt.clear();
            }
            EngineOption::Ponder(on) => self.settings.ponder = on,
            EngineOption::LimitStrength(on) => self.settings.limit_strength = on,
            EngineOption::Elo(elo) => self.settings.elo = elo,
            EngineOption::Evaluator(EvalKind::Hce) => {
                self.stop();
                self.settings.eval = EvalKind::Hce;
                self.apply_eval();
            }
            EngineOption::Evaluator(EvalKind::Nnue) => {
                self.stop();
                self.nnue_net()?;
                self.settings.eval = EvalKind::Nnue;
                self.apply_eval();
            }
            EngineOption::EvalFile(None) => {
                self.stop();
                self.use_builtin_net()?;
            }
            EngineOption::EvalFile(Some(path)) => {
                self.stop();
                let net = Network::load_named(&path)?;
                self.net = Some(Arc::new(net));
                self.settings.eval_file = Some(path);
                self.apply_eval();
            }
        }
        Ok(())
    }

    pub fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|(_, _, h)| !h.is_finished())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
