//! Any UCI engine behind the same calls as tapir's own (`set_position`,
//! `go`, `stop`, `ponderhit`, `new_game`, `set_option`), reporting the same
//! `SearchEvent`s on a channel, so a front end cannot tell them apart.
//!
//! The engine is a child process: one thread reads its output and turns
//! it into events, checking every move against tapir's move generator;
//! the caller's thread writes commands. Every wait has a deadline: an
//! engine that does not answer `uci`, `isready` or `stop` in time, exits,
//! prints garbage or plays an illegal move becomes an `Error` event (and a
//! `bestmove` without a move for the search it owed), never a hang.

mod error;
pub mod protocol;
mod spec;

pub use error::{ExternalError, SpecError};
pub use spec::EngineSpec;

use super::{EngineOption, SearchEvent};
use crate::chess::{Board, Position};
use crate::search::Limits;
use protocol::BestMove;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` (some load large nets).
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long `isready` may take (after options, a new game).
const READY: Duration = Duration::from_secs(10);
/// How long an engine may take to answer `stop` with its `bestmove`.
const STOP: Duration = Duration::from_secs(3);
/// How long a `stop` waits for the search's first line. Some engines
/// (Ethereal 12) lose a `stop` that comes before their search thread has
/// begun, and then search for ever: `go infinite` and at once `stop`
/// never gets its `bestmove`.
const SEARCH_BEGUN: Duration = Duration::from_millis(500);
/// The longest line read from an engine; longer ones are dropped.
const MAX_LINE: usize = 1 << 20;
/// The most `option` lines kept of one engine (Stockfish declares about
/// 20); the rest count as garbage, so an engine cannot grow tapir's memory
/// without bound.
const MAX_OPTIONS: usize = 1000;
/// The most of the engine's stderr kept for error messages.
const STDERR_TAIL: usize = 2000;

/// When each `info` line that became an event was read, oldest first,
/// while `stamp_infos(true)` is on: the board's latency benchmark
/// (`tapir tui --bench-link`) measures from here to the board having it.
static INFO_STAMPS: Mutex<Option<std::collections::VecDeque<Instant>>> = Mutex::new(None);

/// Starts (clearing) or stops the stamping of `info` lines read.
pub fn stamp_infos(on: bool) {
    let mut s = INFO_STAMPS.lock().unwrap_or_else(|p| p.into_inner());
    *s = on.then(std::collections::VecDeque::new);
}

/// When the oldest unclaimed stamped `info` line was read.
pub fn take_info_stamp() -> Option<Instant> {
    let mut s = INFO_STAMPS.lock().unwrap_or_else(|p| p.into_inner());
    s.as_mut().and_then(|q| q.pop_front())
}

/// What the reader thread and the caller share.
#[derive(Default)]
struct State {
    /// The search that owes a `bestmove`: its id and root.
    running: Option<(u64, Board)>,
    /// Whether the engine printed a search's `info` line (not an `info
    /// string`) since the running search's `go`: its search has begun.
    heard: bool,
    /// Whether the board told the running search to stop: an engine
    /// stopped before it has a move may answer a placeholder (Ethereal 12
    /// says `a1a1`), which is then no news.
    stop_sent: bool,
    uciok: bool,
    readyoks: u64,
    id_name: Option<String>,
    /// Declared options.
    options: Vec<protocol::Declared>,
    exited: bool,
    /// Whether the engine's end is no news: the board asked it to quit, or
    /// ended it and said so.
    end_said: bool,
    /// Lines that were none of UCI's.
    garbage: u64,
    /// Whether a line that is no UCI, or a line with an illegal move, was
    /// said (once each per engine: more are only counted).
    garbage_said: bool,
    illegal_pv_said: bool,
}

impl State {
    /// A line that is none of UCI's: counted, and the first during a
    /// search said (a banner before `uci`, as Stockfish prints, is not).
    fn garbage(&mut self, line: &str, events: &Sender<SearchEvent>, label: &str) {
        self.garbage += 1;
        if self.running.is_some() && !self.garbage_said {
            self.garbage_said = true;
            let name = self.id_name.as_deref().unwrap_or(label);
            let shown: String = line.chars().take(60).collect();
            let _ = events.send(SearchEvent::Error(format!(
                "{name} printed a line that is not UCI ('{shown}'): it was passed over, as any more will be"
            )));
        }
    }
}

type Shared = Arc<(Mutex<State>, Condvar)>;

fn lock(s: &Shared) -> MutexGuard<'_, State> {
    s.0.lock().unwrap_or_else(|p| p.into_inner())
}

/// A running external engine.
pub struct ExternalEngine {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    shared: Shared,
    stderr: Arc<Mutex<String>>,
    events: Sender<SearchEvent>,
    position: Position,
    next_id: u64,
    readies_sent: u64,
    /// The deadlines: handshake, isready, stop.
    limits: [Duration; 3],
    /// The options its spec sets (the user's for this engine, in
    /// `config.toml`): the board's own sizes never override them.
    own: Vec<String>,
}

/// The reason a program did not start, in the user's words where the
/// system's ("Permission denied") hides it: a directory, or a file
/// without the permission to run.
fn why_not_started(command: &str, source: std::io::Error) -> std::io::Error {
    use std::io::{Error, ErrorKind};
    if source.kind() != ErrorKind::PermissionDenied {
        return source;
    }
    let path = std::path::Path::new(command);
    if path.is_dir() {
        Error::new(ErrorKind::PermissionDenied, "a directory, not a program")
    } else if path.is_file() {
        Error::new(
            ErrorKind::PermissionDenied,
            "not allowed to run it (is it executable? chmod +x)",
        )
    } else {
        source
    }
}

impl ExternalEngine {
    /// Starts the engine and shakes hands (`uci` ... `uciok`, the spec's
    /// options, `isready` ... `readyok`). Options it does not have are
    /// reported as `Error` events on the channel, not refused.
    pub fn start(
        spec: &EngineSpec,
    ) -> Result<(ExternalEngine, Receiver<SearchEvent>), ExternalError> {
        let shown = spec.label();
        let mut child = Command::new(&spec.command)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| ExternalError::Spawn {
                command: spec.command.clone(),
                source: why_not_started(&spec.command, source),
            })?;
        let (events, rx) = channel();
        let shared: Shared = Arc::new((Mutex::new(State::default()), Condvar::new()));
        let stderr = Arc::new(Mutex::new(String::new()));
        let (Some(stdin), Some(stdout), Some(err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(ExternalError::NoPipes { engine: shown });
        };
        spawn_stderr(err, Arc::clone(&stderr));
        spawn_reader(stdout, Arc::clone(&shared), events.clone(), shown.clone());
        let mut engine = ExternalEngine {
            name: shown,
            child,
            stdin: Some(stdin),
            shared,
            stderr,
            events,
            position: Position::startpos(),
            next_id: 0,
            readies_sent: 0,
            limits: match spec.patience {
                Some(p) => [p; 3],
                None => [HANDSHAKE, READY, STOP],
            },
            own: spec.options.iter().map(|(n, _)| n.clone()).collect(),
        };
        engine.handshake(spec)?;
        Ok((engine, rx))
    }

    fn handshake(&mut self, spec: &EngineSpec) -> Result<(), ExternalError> {
        self.write("uci")?;
        let deadline = Instant::now() + self.limits[0];
        let state = self.wait_until(deadline, |s| s.uciok || s.exited);
        let (ok, exited, name) = (state.uciok, state.exited, state.id_name.clone());
        drop(state);
        if !ok {
            let why = if exited {
                ExternalError::Exited {
                    engine: self.name.clone(),
                    at_start: true,
                    stderr: self.stderr_tail(),
                }
            } else {
                ExternalError::Silent {
                    engine: self.name.clone(),
                    command: "uci",
                    waited: self.limits[0],
                }
            };
            let _ = self.child.kill();
            return Err(why);
        }
        if spec.name.is_none() {
            if let Some(n) = name {
                self.name = n;
            }
        }
        for (name, value) in &spec.options {
            if let Err(e) = self.set_uci_option(name, value) {
                let _ = self.events.send(SearchEvent::Error(e.to_string()));
            }
        }
        self.sync()
    }

    /// The engine's name: the spec's, else its `id name`, else its program.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn set_position(&mut self, position: Position) {
        self.position = position;
    }

    /// The `UCI_Elo` values the engine takes (a level's is kept inside
    /// them, see `set_option`); `None` when it declared no `UCI_Elo`.
    pub fn elo_range(&self) -> Option<(i64, i64)> {
        self.declaration("UCI_Elo")
            .map(|d| d.range.unwrap_or((i64::MIN, i64::MAX)))
    }

    /// Whether the engine declared an option (case as UCI says: ignored).
    pub fn has_option(&self, name: &str) -> bool {
        self.declared(name).is_some()
    }

    fn declared(&self, name: &str) -> Option<String> {
        self.declaration(name).map(|d| d.name)
    }

    fn declaration(&self, name: &str) -> Option<protocol::Declared> {
        lock(&self.shared)
            .options
            .iter()
            .find(|d| d.name.eq_ignore_ascii_case(name))
            .cloned()
    }

    /// Sends `setoption` for an option the engine declared, with a value
    /// its type takes: a spin's number (kept inside its range), a check's
    /// `true` or `false`. A value that type cannot take is refused, not
    /// sent: an engine may exit on it (Stockfish on `Threads abc`).
    pub fn set_uci_option(&mut self, name: &str, value: &str) -> Result<(), ExternalError> {
        let Some(declared) = self.declaration(name) else {
            return Err(ExternalError::NoSuchOption {
                engine: self.name.clone(),
                option: name.to_string(),
            });
        };
        if value.contains('\n') || value.contains('\r') {
            return Err(ExternalError::MultiLineValue {
                option: name.to_string(),
            });
        }
        let refuse = |takes: String| ExternalError::BadValue {
            engine: self.name.clone(),
            option: declared.name.clone(),
            value: value.to_string(),
            takes,
        };
        let value = match (declared.kind.as_str(), declared.range) {
            ("spin", range) => match (value.trim().parse::<i64>(), range) {
                (Ok(v), Some((lo, hi))) => v.clamp(lo, hi).to_string(),
                (Ok(v), None) => v.to_string(),
                (Err(_), Some((lo, hi))) => return Err(refuse(format!("a number {lo} to {hi}"))),
                (Err(_), None) => return Err(refuse("a number".to_string())),
            },
            ("check", _) => match value.trim().to_ascii_lowercase().as_str() {
                v @ ("true" | "false") => v.to_string(),
                _ => return Err(refuse("true or false".to_string())),
            },
            _ => value.to_string(),
        };
        let line = if value.is_empty() {
            format!("setoption name {}", declared.name)
        } else {
            format!("setoption name {} value {value}", declared.name)
        };
        self.write(&line)
    }

    /// tapir's typed options, for the engine's options of the same
    /// meaning. tapir's own (its evaluator, its net) and options the
    /// engine lacks are passed over: the board sends them to any engine.
    pub fn set_option(&mut self, option: EngineOption) -> Result<(), ExternalError> {
        // The engine's own Hash or Threads in its spec is what the user
        // chose for it: the board's setting (made for tapir) waits.
        let sizes = matches!(option, EngineOption::Hash(_) | EngineOption::Threads(_));
        let (name, value) = match option {
            EngineOption::Hash(v) => ("Hash", v.to_string()),
            EngineOption::Threads(v) => ("Threads", v.to_string()),
            EngineOption::MultiPv(v) => ("MultiPV", v.to_string()),
            EngineOption::MoveOverhead(v) => ("Move Overhead", v.to_string()),
            EngineOption::ClearHash => ("Clear Hash", String::new()),
            EngineOption::Ponder(v) => ("Ponder", v.to_string()),
            EngineOption::LimitStrength(v) => ("UCI_LimitStrength", v.to_string()),
            EngineOption::Elo(v) => ("UCI_Elo", v.to_string()),
            EngineOption::AnalyseMode(v) => ("UCI_AnalyseMode", v.to_string()),
            EngineOption::SyzygyPath(v) => ("SyzygyPath", v),
            EngineOption::SyzygyProbeDepth(v) => ("SyzygyProbeDepth", v.to_string()),
            EngineOption::Syzygy50MoveRule(v) => ("Syzygy50MoveRule", v.to_string()),
            EngineOption::SyzygyProbeLimit(v) => ("SyzygyProbeLimit", v.to_string()),
            EngineOption::OwnBook(v) => ("OwnBook", v.to_string()),
            EngineOption::Evaluator(_) | EngineOption::EvalFile(_) | EngineOption::BookFile(_) => {
                return Ok(())
            }
        };
        let own = self.own.iter().any(|n| n.eq_ignore_ascii_case(name));
        let Some(declared) = self.declaration(name) else {
            return Ok(());
        };
        if sizes && own {
            return Ok(());
        }
        // A number outside the engine's range would be ignored, leaving
        // whatever was set before (Stockfish's UCI_Elo starts at 1320 or
        // so, tapir's level 1 asks for 600): the nearest it takes.
        let value = match (declared.range, value.parse::<i64>()) {
            (Some((lo, hi)), Ok(v)) => v.clamp(lo, hi).to_string(),
            _ => value,
        };
        self.stop();
        self.set_uci_option(name, &value)
    }

    /// Starts a search of the position; its events carry the id returned.
    pub fn go(&mut self, limits: Limits) -> u64 {
        self.stop();
        self.next_id += 1;
        let id = self.next_id;
        if lock(&self.shared).exited {
            self.owe_nothing(id, format!("{} is not running", self.name));
            return id;
        }
        {
            let mut state = lock(&self.shared);
            state.running = Some((id, *self.position.board()));
            state.heard = false;
            state.stop_sent = false;
        }
        let sent = self
            .write(&protocol::position_line(&self.position))
            .and_then(|_| self.write(&protocol::go_line(&limits)));
        if let Err(e) = sent {
            if lock(&self.shared).running.take().is_some() {
                self.owe_nothing(id, e.to_string());
            }
        }
        id
    }

    /// Answers for a search the engine cannot: an error, then no move.
    fn owe_nothing(&self, id: u64, why: String) {
        let _ = self.events.send(SearchEvent::Error(why));
        let _ = self.events.send(SearchEvent::BestMove {
            id,
            best: None,
            ponder: None,
        });
    }

    /// Stops the search and waits for its `bestmove`; an engine that does
    /// not give it within `STOP` is ended.
    pub fn stop(&mut self) {
        let Some((id, _)) = lock(&self.shared).running else {
            return;
        };
        let begun = Instant::now() + SEARCH_BEGUN;
        let state = self.wait_until(begun, |s| s.heard || s.running.is_none() || s.exited);
        let ended = state.running.is_none_or(|(rid, _)| rid != id);
        let heard_before = state.heard;
        drop(state);
        if ended {
            return;
        }
        lock(&self.shared).stop_sent = true;
        let _ = self.write("stop");
        let deadline = Instant::now() + self.limits[2];
        let done = |s: &State| s.running.is_none() || s.exited;
        let mut state = self.wait_until(deadline, |s| done(s) || (!heard_before && s.heard));
        // A search that began only after the `stop` (a busy machine, a
        // slow start) may have lost it, as Ethereal 12 does: it is told
        // again, and has the whole wait again to answer.
        if !done(&state) && !heard_before && state.heard {
            drop(state);
            let _ = self.write("stop");
            let deadline = Instant::now() + self.limits[2];
            state = self.wait_until(deadline, done);
        }
        if let Some((rid, _)) = state.running {
            if rid == id {
                state.running = None;
                // Said here, before the search's `bestmove`: the reader
                // thread, seeing the end, adds nothing.
                let news = !state.end_said;
                state.end_said = true;
                drop(state);
                let _ = self.child.kill();
                let why = format!(
                    "{} did not answer 'stop' within {} s and was ended",
                    self.name,
                    self.limits[2].as_secs_f32()
                );
                if news {
                    let _ = self.events.send(SearchEvent::Exited(why));
                }
                let _ = self.events.send(SearchEvent::BestMove {
                    id,
                    best: None,
                    ponder: None,
                });
            }
        }
    }

    pub fn ponderhit(&mut self) {
        if lock(&self.shared).running.is_some() {
            let _ = self.write("ponderhit");
        }
    }

    pub fn new_game(&mut self) {
        self.stop();
        if self.write("ucinewgame").is_ok() {
            if let Err(e) = self.sync() {
                let _ = self.events.send(SearchEvent::Error(e.to_string()));
            }
        }
    }

    pub fn is_searching(&self) -> bool {
        lock(&self.shared).running.is_some()
    }

    /// `isready`, and waits for its `readyok`.
    fn sync(&mut self) -> Result<(), ExternalError> {
        self.write("isready")?;
        self.readies_sent += 1;
        let want = self.readies_sent;
        let deadline = Instant::now() + self.limits[1];
        let state = self.wait_until(deadline, |s| s.readyoks >= want || s.exited);
        if state.readyoks >= want {
            return Ok(());
        }
        let exited = state.exited;
        drop(state);
        Err(if exited {
            ExternalError::Exited {
                engine: self.name.clone(),
                at_start: false,
                stderr: self.stderr_tail(),
            }
        } else {
            ExternalError::Silent {
                engine: self.name.clone(),
                command: "isready",
                waited: self.limits[1],
            }
        })
    }

    fn wait_until(
        &self,
        deadline: Instant,
        done: impl Fn(&State) -> bool,
    ) -> MutexGuard<'_, State> {
        let mut state = lock(&self.shared);
        while !done(&state) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = self
                .shared
                .1
                .wait_timeout(state, left)
                .map(|(g, _)| g)
                .unwrap_or_else(|p| p.into_inner().0);
        }
        state
    }

    fn write(&mut self, line: &str) -> Result<(), ExternalError> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(ExternalError::NotRunning {
                engine: self.name.clone(),
            });
        };
        let r = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        r.map_err(|source| {
            self.stdin = None;
            ExternalError::Write {
                engine: self.name.clone(),
                source,
                stderr: self.stderr_tail(),
            }
        })
    }

    fn stderr_tail(&self) -> String {
        let text = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let text = text.trim();
        if text.is_empty() {
            String::new()
        } else {
            format!(": {}", text.lines().last().unwrap_or(text))
        }
    }

    /// Lines the engine printed that were not UCI (reported, not fatal).
    pub fn garbage_lines(&self) -> u64 {
        lock(&self.shared).garbage
    }
}

impl Drop for ExternalEngine {
    fn drop(&mut self) {
        lock(&self.shared).end_said = true;
        self.stop();
        let _ = self.write("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Keeps the end of what the engine writes to stderr, for messages.
fn spawn_stderr(err: impl Read + Send + 'static, keep: Arc<Mutex<String>>) {
    std::thread::spawn(move || {
        let mut r = BufReader::new(err);
        let mut buf = [0u8; 4096];
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            if let Ok(mut k) = keep.lock() {
                k.push_str(&String::from_utf8_lossy(&buf[..n]));
                if k.len() > STDERR_TAIL {
                    let cut = k.len() - STDERR_TAIL;
                    let cut = (cut..k.len())
                        .find(|&i| k.is_char_boundary(i))
                        .unwrap_or(k.len());
                    k.drain(..cut);
                }
            }
        }
    });
}

/// Reads the engine's output and turns it into state and events.
fn spawn_reader(
    out: impl Read + Send + 'static,
    shared: Shared,
    events: Sender<SearchEvent>,
    label: String,
) {
    std::thread::spawn(move || {
        let mut r = BufReader::new(out);
        loop {
            let line = match crate::linein::read_capped_line(&mut r, MAX_LINE) {
                Ok(Some(Ok(bytes))) => String::from_utf8_lossy(&bytes).trim().to_string(),
                Ok(Some(Err(_))) => {
                    lock(&shared).garbage += 1;
                    continue;
                }
                Ok(None) | Err(_) => break,
            };
            read_line(&line, &shared, &events, &label, Instant::now());
        }
        let mut state = lock(&shared);
        state.exited = true;
        let running = state.running.take();
        if !state.end_said {
            let name = state.id_name.clone().unwrap_or_else(|| label.clone());
            let when = if running.is_some() {
                " in the middle of a search"
            } else {
                ""
            };
            let _ = events.send(SearchEvent::Exited(format!("{name} exited{when}")));
        }
        if let Some((id, _)) = running {
            let _ = events.send(SearchEvent::BestMove {
                id,
                best: None,
                ponder: None,
            });
        }
        shared.1.notify_all();
    });
}

fn read_line(
    line: &str,
    shared: &Shared,
    events: &Sender<SearchEvent>,
    label: &str,
    read_at: Instant,
) {
    let mut state = lock(shared);
    let head = line.split_whitespace().next().unwrap_or("");
    // A search's own line, not the answer to an option set before its
    // `go` (Ethereal's "info string set Hash to 64MB").
    if head == "info" && line.split_whitespace().nth(1) != Some("string") {
        state.heard = true;
    }
    match head {
        "uciok" => state.uciok = true,
        "readyok" => state.readyoks += 1,
        "id" => {
            if let Some(n) = line.strip_prefix("id name ") {
                state.id_name = Some(n.trim().to_string());
            }
        }
        "option" => {
            if let Some(o) = protocol::parse_option(line) {
                if state.options.len() < MAX_OPTIONS {
                    state.options.push(o);
                } else {
                    state.garbage(line, events, label);
                }
            }
        }
        "info" => {
            if let Some((id, root)) = state.running {
                if let Some(i) = protocol::parse_info(line, &root) {
                    if let Some(k) = i.pv_cut_at.filter(|_| !state.illegal_pv_said) {
                        state.illegal_pv_said = true;
                        let name = state.id_name.as_deref().unwrap_or(label);
                        let bad = line
                            .split(" pv ")
                            .nth(1)
                            .and_then(|pv| pv.split_whitespace().nth(k))
                            .unwrap_or("?");
                        let shown = if k == 0 { "left out" } else { "shown up to it" };
                        let _ = events.send(SearchEvent::Error(format!(
                            "{name}'s line has an illegal move ({bad}, move {}): {shown}",
                            k + 1
                        )));
                    }
                    // A line whose first move is not legal says nothing
                    // about this position: its score is not shown either.
                    if i.pv_cut_at != Some(0) {
                        if let Some(q) = INFO_STAMPS
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .as_mut()
                        {
                            q.push_back(read_at);
                        }
                        let _ = events.send(SearchEvent::Info { id, info: i.info });
                    }
                }
            }
        }
        "bestmove" => {
            let Some((id, root)) = state.running.take() else {
                return;
            };
            let (best, ponder) = match protocol::parse_bestmove(line, &root) {
                Some(BestMove::Move(m, p)) => (Some(m), p),
                Some(BestMove::NoMove) | None => (None, None),
                Some(BestMove::Bad(_)) if state.stop_sent => (None, None),
                Some(BestMove::Bad(why)) => {
                    let name = state.id_name.as_deref().unwrap_or(label);
                    let _ = events.send(SearchEvent::Error(format!("{name} answered {why}")));
                    (None, None)
                }
            };
            let _ = events.send(SearchEvent::BestMove { id, best, ponder });
        }
        "" | "copyprotection" | "registration" => {}
        _ => state.garbage(line, events, label),
    }
    shared.1.notify_all();
}
