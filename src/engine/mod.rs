//! The engine facade every front end uses (UCI and the TUI): set a position,
//! start a search that runs on background threads (`go` returns at once),
//! stop it, change options. Results arrive as `SearchEvent`s on a channel;
//! the search itself never prints.

mod any;
mod error;
mod events;
pub mod external;
mod lag;
mod options;

pub use crate::search::Limits;
pub use any::AnyEngine;
pub use error::{EngineError, OptionError};
pub use events::{Bound, Score, SearchEvent, SearchInfo};
pub use external::{EngineSpec, ExternalError, SpecError};
pub use options::{
    EngineOption, EvalKind, OutOfRange, DEFAULT_ELO, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS,
    DEFAULT_MULTIPV, DEFAULT_SYZYGY_PROBE_DEPTH, DEFAULT_SYZYGY_PROBE_LIMIT, DEFAULT_THREADS,
    ELO_RANGE, HASH_RANGE, MOVE_OVERHEAD_RANGE, MULTIPV_RANGE, SYZYGY_PROBE_DEPTH_RANGE,
    SYZYGY_PROBE_LIMIT_RANGE, THREADS_RANGE,
};

use crate::book::{fresh_seed, Book};
use crate::chess::Position;
use crate::eval::nnue::{default_net, embedded_net, Network};
use crate::search::{
    Control, SearchJob, SearchOutcome, SearchSink, SearchThreads, TbSearch, Tt, Worker,
};
use crate::tb::{LoadReport, Tablebases};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
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
    /// `UCI_AnalyseMode`: repetitions of the game before the root
    /// counted as a player counts them (`EngineOption::AnalyseMode`).
    pub analyse_mode: bool,
    pub eval: EvalKind,
    pub eval_file: Option<PathBuf>,
    /// `SyzygyPath` as given (empty: none).
    pub syzygy_path: String,
    pub syzygy_probe_depth: i32,
    pub syzygy_rule50: bool,
    pub syzygy_probe_limit: usize,
    /// Answer from the opening book when it has the position (off by
    /// default: a GUI brings its own book, and `bench` must search).
    pub own_book: bool,
    pub book_file: Option<PathBuf>,
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
            analyse_mode: false,
            eval: EvalKind::Hce,
            eval_file: None,
            syzygy_path: String::new(),
            syzygy_probe_depth: DEFAULT_SYZYGY_PROBE_DEPTH,
            syzygy_rule50: true,
            syzygy_probe_limit: DEFAULT_SYZYGY_PROBE_LIMIT,
            own_book: false,
            book_file: None,
        }
    }
}

pub struct Engine {
    events: Sender<SearchEvent>,
    position: Position,
    next_id: u64,
    settings: Settings,
    tt: Arc<Tt>,
    /// The search threads, alive between searches.
    threads: SearchThreads,
    /// What a new worker starts with (the table and the evaluator in force).
    fresh: Arc<Mutex<WorkerStart>>,
    running: Option<Running>,
    /// The net `EvalFile` loaded (or the embedded one), used when
    /// `settings.eval` is NNUE.
    net: Option<Arc<Network>>,
    /// The GUI's latency, read from the clocks it sends.
    lag: Arc<Mutex<lag::LagTracker>>,
    /// The Syzygy tables of `SyzygyPath` (none found: `None`) and what
    /// loading them found.
    tables: Option<Arc<Tablebases>>,
    tb_report: LoadReport,
    /// The book `BookFile` loaded (`None`: the built-in one).
    book: Option<Arc<Book>>,
    /// Draws this engine's book moves (fixed per engine, varied per position).
    book_seed: u64,
}

/// What a new worker is given: the table and the net (`None`: the HCE).
type WorkerStart = (Arc<Tt>, Option<Arc<Network>>);

/// The search under way.
struct Running {
    id: u64,
    ctl: Arc<Control>,
    sink: Arc<EventSink>,
    /// Signalled once the search's `BestMove` has been sent.
    done: Receiver<()>,
}

/// Turns a search's reports into events tagged with its id.
struct EventSink {
    id: u64,
    events: Sender<SearchEvent>,
    ended: AtomicBool,
    done: Mutex<Option<Sender<()>>>,
    lag: Arc<Mutex<lag::LagTracker>>,
}

impl SearchSink for EventSink {
    fn info(&self, info: SearchInfo) {
        let _ = self.events.send(SearchEvent::Info { id: self.id, info });
    }

    fn done(&self, out: SearchOutcome) {
        if let Ok(mut lag) = self.lag.lock() {
            lag.on_bestmove(std::time::Instant::now());
        }
        let _ = self.events.send(SearchEvent::BestMove {
            id: self.id,
            best: out.best,
            ponder: out.ponder,
        });
        self.ended.store(true, Ordering::Release);
        if let Some(tx) = self.done.lock().ok().and_then(|mut d| d.take()) {
            let _ = tx.send(());
        }
    }
}

/// The threads a `Threads` setting gets: never more than the machine's
/// logical CPUs, since more only take turns with each other (a helper
/// waiting for a core is no help, and the main thread waiting behind them
/// misses its clock).
pub fn effective_threads(asked: usize) -> usize {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.clamp(1, cpus.max(1))
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
        let active = (settings.eval == EvalKind::Nnue)
            .then(|| net.clone())
            .flatten();
        let fresh = Arc::new(Mutex::new((tt.clone(), active)));
        let make_from = fresh.clone();
        let make = Arc::new(move |i: usize| {
            let (tt, net) = make_from
                .lock()
                .map(|g| g.clone())
                .unwrap_or_else(|e| e.into_inner().clone());
            let mut w = Worker::new(i, tt);
            w.set_network(net);
            w
        });
        (
            Engine {
                events: tx,
                position: Position::startpos(),
                next_id: 0,
                threads: SearchThreads::new(effective_threads(settings.threads), make),
                settings,
                tt,
                fresh,
                running: None,
                net,
                lag: Arc::new(Mutex::new(lag::LagTracker::default())),
                tables: None,
                tb_report: LoadReport::default(),
                book: None,
                book_seed: fresh_seed(),
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
        if let Some(best) = self.book_move(&limits) {
            let _ = self.events.send(SearchEvent::BestMove {
                id,
                best: Some(best),
                ponder: None,
            });
            return id;
        }
        let ctl = Arc::new(Control::new(self.threads.len(), limits.ponder));
        let overhead = self.overhead_for(&limits);
        let job = SearchJob {
            board: *self.position.board(),
            history: if self.settings.analyse_mode {
                self.position.analysis_hashes()
            } else {
                self.position.repetition_hashes()
            },
            limits,
            multipv: self.settings.multipv,
            overhead,
            elo: self.settings.limit_strength.then_some(self.settings.elo),
            tb: self.tb_search(),
        };
        let (done_tx, done) = channel();
        let sink = Arc::new(EventSink {
            id,
            events: self.events.clone(),
            ended: AtomicBool::new(false),
            done: Mutex::new(Some(done_tx)),
            lag: Arc::clone(&self.lag),
        });
        self.threads
            .start(job, self.tt.clone(), ctl.clone(), sink.clone());
        self.running = Some(Running {
            id,
            ctl,
            sink,
            done,
        });
        id
    }

    /// The overhead charged per move: the Move Overhead, or more when the
    /// GUI's clocks show more latency than that.
    fn overhead_for(&self, limits: &Limits) -> Duration {
        let side = self.position.board().side_to_move();
        let clock = if limits.ponder || limits.infinite || limits.movetime.is_some() {
            None
        } else {
            match side {
                crate::chess::Color::White => {
                    limits.wtime.map(|t| (t, limits.winc.unwrap_or_default()))
                }
                crate::chess::Color::Black => {
                    limits.btime.map(|t| (t, limits.binc.unwrap_or_default()))
                }
            }
        };
        let seen = self
            .lag
            .lock()
            .map(|mut l| l.on_go(side, self.position.ply(), clock, std::time::Instant::now()))
            .unwrap_or_default();
        Duration::from_millis(self.settings.move_overhead_ms).max(seen)
    }

    /// The tables and how the search uses them, for the next `go`.
    fn tb_search(&self) -> Option<TbSearch> {
        let tables = self.tables.clone()?;
        Some(TbSearch {
            tables,
            probe_depth: self.settings.syzygy_probe_depth,
            probe_limit: self.settings.syzygy_probe_limit,
            rule50: self.settings.syzygy_rule50,
        })
    }

    /// The loaded Syzygy tables, if any (the board's tablebase view shares them).
    pub fn tablebases(&self) -> Option<Arc<Tablebases>> {
        self.tables.clone()
    }

    /// What the last `SyzygyPath` found: tables, and what was left out and why.
    pub fn tablebase_report(&self) -> &LoadReport {
        &self.tb_report
    }

    /// With `OwnBook` on, the book's move for the position, when it has
    /// one and the search is a real move (not `infinite`, pondering, a
    /// mate search or restricted to some moves). A book whose entries here cannot be
    /// played (an illegal move) is said, and the engine searches.
    fn book_move(&self, limits: &Limits) -> Option<crate::chess::Move> {
        if !self.settings.own_book
            || limits.infinite
            || limits.ponder
            || limits.mate.is_some()
            || !limits.searchmoves.is_empty()
        {
            return None;
        }
        let book = self.book.clone().unwrap_or_else(crate::book::builtin);
        let seed = self.book_seed ^ self.position.ply() as u64;
        match book.pick(self.position.board(), seed) {
            Ok(m) => m,
            Err(e) => {
                let _ = self
                    .events
                    .send(SearchEvent::Error(format!("book: {e}; searching instead")));
                None
            }
        }
    }

    /// Gives every worker what the settings call for now: the table and
    /// the evaluator (new workers start with the same).
    fn apply_workers(&mut self) {
        let tt = self.tt.clone();
        let net = self.active_net();
        if let Ok(mut f) = self.fresh.lock() {
            *f = (tt.clone(), net.clone());
        }
        self.threads.configure(Arc::new(move |w: &mut Worker| {
            w.set_tt(tt.clone());
            w.set_network(net.clone());
        }));
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
        self.apply_workers();
    }

    /// The net to use for NNUE: the loaded one, else the embedded one.
    fn nnue_net(&mut self) -> Result<Arc<Network>, EngineError> {
        if let Some(net) = &self.net {
            return Ok(net.clone());
        }
        if let Some(net) = default_net() {
            self.net = Some(net.clone());
            return Ok(net);
        }
        match embedded_net() {
            Some(Err(e)) => Err(EngineError::BuiltinNetInvalid(e)),
            _ => Err(EngineError::NoNetForNnue),
        }
    }

    /// Goes back from a loaded net file to the built-in net (`EvalFile`
    /// set to its default). Without a built-in net only the HCE can run, so
    /// that is refused while NNUE is the evaluator.
    fn use_builtin_net(&mut self) -> Result<(), EngineError> {
        let net = default_net();
        if net.is_none() && self.settings.eval == EvalKind::Nnue {
            return Err(EngineError::NoBuiltinNet);
        }
        self.net = net;
        self.settings.eval_file = None;
        self.apply_eval();
        Ok(())
    }

    /// Stops the running search, if any. When this returns, the search's
    /// `BestMove` event has been sent (by the engine itself, with no move,
    /// should a search thread have failed), so a front end may wait for it.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.ctl.stop();
            if r.done.recv().is_err() && !r.sink.ended.load(Ordering::Acquire) {
                // The main thread died without an answer: say so, answer for
                // it, and start the threads afresh.
                let _ = self
                    .events
                    .send(SearchEvent::Error("the search thread failed".into()));
                let _ = self.events.send(SearchEvent::BestMove {
                    id: r.id,
                    best: None,
                    ponder: None,
                });
                self.threads.heal();
                self.apply_workers();
            }
        }
    }

    /// The opponent played the pondered move: continue as a normal search.
    pub fn ponderhit(&mut self) {
        if let Some(r) = &self.running {
            r.ctl.ponderhit();
        }
    }

    /// Clears the hash and history for a new game.
    pub fn new_game(&mut self) {
        self.stop();
        if let Ok(mut l) = self.lag.lock() {
            l.new_game();
        }
        self.tt.clear();
        self.threads.configure(Arc::new(|w: &mut Worker| w.clear()));
    }

    pub fn set_option(&mut self, option: EngineOption) -> Result<(), EngineError> {
        option.validate()?;
        match option {
            EngineOption::Hash(mb) => {
                self.stop();
                if mb != self.settings.hash_mb {
                    // Free the old table first so both never exist at once
                    // (the workers let go of it before the new one is made).
                    self.tt = Arc::new(Tt::new(1)?);
                    self.apply_workers();
                    self.threads.sync();
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
                    self.apply_workers();
                    return res.map_err(EngineError::Table);
                }
            }
            EngineOption::Threads(n) => {
                self.stop();
                self.settings.threads = n;
                self.threads.resize(effective_threads(n));
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
            EngineOption::AnalyseMode(on) => self.settings.analyse_mode = on,
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
            EngineOption::SyzygyPath(path) => {
                self.stop();
                let path = path.trim().to_string();
                if path.is_empty() || path == "<empty>" {
                    self.tables = None;
                    self.tb_report = LoadReport::default();
                } else {
                    let (tables, report) = Tablebases::open(&path);
                    self.tables = (report.files > 0).then(|| Arc::new(tables));
                    self.tb_report = report;
                }
                self.settings.syzygy_path = path;
            }
            EngineOption::SyzygyProbeDepth(d) => self.settings.syzygy_probe_depth = d,
            EngineOption::Syzygy50MoveRule(on) => self.settings.syzygy_rule50 = on,
            EngineOption::SyzygyProbeLimit(n) => self.settings.syzygy_probe_limit = n,
            EngineOption::OwnBook(on) => self.settings.own_book = on,
            EngineOption::BookFile(None) => {
                self.book = None;
                self.settings.book_file = None;
            }
            EngineOption::BookFile(Some(path)) => {
                let book = Book::load(&path)?;
                self.book = Some(Arc::new(book));
                self.settings.book_file = Some(path);
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
            .is_some_and(|r| !r.sink.ended.load(Ordering::Acquire))
    }

    /// The threads searching (the `Threads` setting, at most the CPUs).
    pub fn search_threads(&self) -> usize {
        self.threads.len()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
