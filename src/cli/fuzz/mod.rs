//! `tapir uci-fuzz`: throws random, mutated, binary, overlong and hostile
//! UCI lines at a UCI engine (tapir itself unless told otherwise) as fast
//! as it takes them, and fails on the first broken promise: a `go` without
//! exactly one legal `bestmove`, an illegal `pv`, an `isready` unanswered
//! within the deadline, a crash, a panic, or an engine that does not quit.
//! The run is a pure function of its seed (the engine's timing aside).

mod input;
mod lines;
mod referee;

use anyhow::{anyhow, bail, Context, Result};
use input::Input;
use lines::{Lines, State};
use referee::Referee;
use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long an `isready` may wait for its `readyok`, and the engine for
/// anything it owes, before the run calls it a hang.
const DEADLINE: Duration = Duration::from_secs(5);

/// Lines kept for the failure report.
const TRANSCRIPT: usize = 40;

/// `tapir uci-fuzz`'s arguments.
#[derive(clap::Args)]
pub struct FuzzArgs {
    /// The seed of the line generator (a run replays from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How long to send lines, in seconds.
    #[arg(long, default_value_t = 10.0)]
    pub seconds: f64,
    /// The engine to fuzz, program and arguments (default: tapir's own `uci`).
    #[arg(long, num_args = 1.., value_name = "CMD", allow_hyphen_values = true)]
    pub engine: Vec<String>,
}

/// What the engine printed, line by line, or its end.
enum Output {
    Line(String),
    Closed,
}

pub fn run(args: FuzzArgs) -> Result<()> {
    // Negative and NaN mean no time at all; too large a number is refused
    // before an engine is started.
    if args.seconds.is_nan() || args.seconds <= 0.0 {
        bail!("--seconds must be more than 0, got {}", args.seconds);
    }
    let seconds = Duration::try_from_secs_f64(args.seconds).map_err(|_| {
        anyhow::anyhow!(
            "--seconds must be a number of seconds a clock can hold, got {}",
            args.seconds
        )
    })?;
    let mut child = spawn(&args.engine)?;
    let input = Input::new(child.stdin.take().context("the engine's input")?);
    let out = reader(child.stdout.take().context("the engine's output")?);
    let err = child.stderr.take().context("the engine's error output")?;
    // The engine's stderr, read to its end on a thread of its own, and
    // handed over through a channel: waiting on a join would wait for
    // ever on an engine (or a child of it) that holds stderr open.
    let (err_tx, err_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = BufReader::new(err).take(1 << 20).read_to_string(&mut text);
        let _ = err_tx.send(text);
    });
    let mut fuzz = Fuzz {
        input,
        out,
        referee: Referee::new(),
        transcript: VecDeque::new(),
        slowest_ready: Duration::ZERO,
        counts: None,
    };
    let started = Instant::now();
    let result = fuzz.session(args.seed, seconds);
    let elapsed = started.elapsed();
    let transcript = fuzz.transcript_text();
    let (tally, slowest) = (std::mem::take(&mut fuzz.referee.tally), fuzz.slowest_ready);
    let counts = fuzz.counts.take();
    fuzz.input.close();
    let status = wait(&mut child, Duration::from_secs(5));
    if status.is_none() {
        // Hung, or deaf to quit: killed before its stderr is read.
        let _ = child.kill();
        let _ = child.wait();
    }
    let stderr = err_rx
        .recv_timeout(Duration::from_secs(2))
        .unwrap_or_else(|_| "(still open: something the engine started holds it)".to_string());
    if let Err(e) = result {
        bail!("{e}\nthe last lines sent:\n{transcript}\nthe engine's stderr:\n{stderr}");
    }
    match status {
        Some(s) if s.success() => {}
        Some(s) => bail!("the engine quit with {s}\nits stderr:\n{stderr}"),
        None => {
            bail!("the engine did not exit within 5 s of quit");
        }
    }
    if stderr.contains("panicked") {
        bail!("the engine panicked:\n{stderr}");
    }
    let counts = counts.unwrap_or_default();
    outln!(
        "uci-fuzz: seed {}, {} lines in {:.1} s ({} mutated, {} binary, {} not UTF-8, {} overlong, {} hostile options and FENs)",
        args.seed,
        tally.lines,
        elapsed.as_secs_f64(),
        counts.mutated,
        counts.binary,
        tally.not_utf8,
        counts.overlong,
        counts.hostile
    );
    outln!(
        "  {} go: {} legal bestmoves, {} 0000 (refused or no legal move); {} pv lines legal; {} error replies",
        tally.gos, tally.moves, tally.nulls, tally.pvs, tally.errors
    );
    outln!(
        "  {} isready answered, slowest {:.1} ms; exited cleanly on quit, no panic",
        tally.readyoks,
        slowest.as_secs_f64() * 1e3
    );
    Ok(())
}

fn spawn(engine: &[String]) -> Result<Child> {
    let mut cmd = match engine.split_first() {
        Some((prog, rest)) => {
            let mut c = Command::new(prog);
            c.args(rest);
            c
        }
        None => {
            let mut c = Command::new(std::env::current_exe().context("tapir's own path")?);
            c.arg("uci");
            c
        }
    };
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting the engine")
}

/// The longest line of the engine's output kept (as the board's client).
const MAX_ENGINE_LINE: usize = 1 << 20;

/// Reads the engine's output on a thread of its own, so the engine never
/// blocks on a full pipe.
fn reader(stdout: impl Read + Send + 'static) -> Receiver<Output> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        loop {
            // An endless line is dropped, not kept: the engine under test
            // must not be able to grow this process without bound.
            let line = match crate::linein::read_capped_line(&mut r, MAX_ENGINE_LINE) {
                Ok(Some(Ok(bytes))) => String::from_utf8_lossy(&bytes).trim_end().to_string(),
                Ok(Some(Err(t))) => format!("(a line of {} bytes, not kept)", t.len),
                Ok(None) | Err(_) => break,
            };
            if tx.send(Output::Line(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Output::Closed);
    });
    rx
}

fn wait(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Ok(Some(s)) = child.try_wait() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

struct Fuzz {
    input: Input,
    out: Receiver<Output>,
    referee: Referee,
    transcript: VecDeque<String>,
    slowest_ready: Duration,
    counts: Option<lines::Counts>,
}

impl Fuzz {
    /// The handshake, lines until the time is up, then `stop`, `isready`
    /// (everything owed must have come by its `readyok`) and `quit`.
    fn session(&mut self, seed: u64, time: Duration) -> Result<()> {
        self.send(b"uci")?;
        self.until(|l| l == "uciok", "uciok")?;
        let mut lines = Lines::new(seed);
        let start = Instant::now();
        while start.elapsed() < time {
            let state = State {
                position: Some(self.referee.position()),
                endless: self.referee.endless,
                pondering: self.referee.pondering,
            };
            let mut line = lines.next(&state);
            if is_quit(&line) {
                line.insert(0, b'x');
            }
            if is_big_hash(&line) {
                continue;
            }
            if self.send(&line)? {
                self.ready()?;
            }
            self.drain()?;
        }
        self.counts = Some(std::mem::take(&mut lines.counts));
        self.send(b"stop")?;
        self.send(b"isready")?;
        self.ready()?;
        if self.referee.owed() > 0 {
            bail!(
                "{} go still without a bestmove after stop and readyok",
                self.referee.owed()
            );
        }
        self.send(b"quit")?;
        Ok(())
    }

    /// Sends a line; true if it was an `isready`.
    fn send(&mut self, line: &[u8]) -> Result<bool> {
        let sent = self.referee.sent(line);
        if self.transcript.len() == TRANSCRIPT {
            self.transcript.pop_front();
        }
        self.transcript.push_back(shown(line));
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        self.input.send(bytes).map_err(|e| anyhow!("{e}"))?;
        Ok(sent.isready)
    }

    /// Checks what the engine has printed so far.
    fn drain(&mut self) -> Result<()> {
        loop {
            match self.out.try_recv() {
                Ok(o) => self.check(o)?,
                Err(_) => return Ok(()),
            }
        }
    }

    fn check(&mut self, o: Output) -> Result<()> {
        match o {
            Output::Line(l) => self.referee.printed(&l).map_err(|e| anyhow!("{e}")),
            Output::Closed => bail!("the engine closed its output (it crashed or quit)"),
        }
    }

    /// Waits until every `isready` sent has its `readyok`.
    fn ready(&mut self) -> Result<()> {
        let start = Instant::now();
        while self.referee.unanswered() > 0 {
            self.next_line(start, "readyok")?;
        }
        self.slowest_ready = self.slowest_ready.max(start.elapsed());
        Ok(())
    }

    /// Reads lines until one matches `done`.
    fn until(&mut self, done: impl Fn(&str) -> bool, what: &str) -> Result<()> {
        let start = Instant::now();
        loop {
            if let Some(l) = self.next_line(start, what)? {
                if done(&l) {
                    return Ok(());
                }
            }
        }
    }

    fn next_line(&mut self, start: Instant, what: &str) -> Result<Option<String>> {
        let left = DEADLINE.saturating_sub(start.elapsed());
        match self.out.recv_timeout(left) {
            Ok(Output::Line(l)) => {
                self.referee.printed(&l).map_err(|e| anyhow!("{e}"))?;
                Ok(Some(l))
            }
            Ok(Output::Closed) | Err(RecvTimeoutError::Disconnected) => {
                bail!("the engine closed its output while {what} was awaited")
            }
            Err(RecvTimeoutError::Timeout) => {
                bail!(
                    "no {what} within {} s: the engine hangs",
                    DEADLINE.as_secs()
                )
            }
        }
    }

    fn transcript_text(&self) -> String {
        self.transcript
            .iter()
            .map(|l| format!("  > {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Whether the engine would read `line` as `quit` (the run sends that
/// only at its end).
fn is_quit(line: &[u8]) -> bool {
    crate::uci::decode_line(line)
        .split('\r')
        .any(|l| crate::uci::command_word(l) == "quit")
}

/// A `Hash` over 1 GB: clearing a table that size takes seconds, which
/// the deadline would call a hang (mutations make such numbers).
fn is_big_hash(line: &[u8]) -> bool {
    let text = crate::uci::decode_line(line);
    match crate::uci::parse(&text, &crate::chess::Board::startpos()) {
        Ok(crate::uci::Command::SetOption {
            name,
            value: Some(v),
        }) => {
            name.eq_ignore_ascii_case("hash") && v.trim().parse::<u64>().is_ok_and(|mb| mb > 1024)
        }
        _ => false,
    }
}

/// A line as the transcript shows it: escaped, and cut if long.
fn shown(line: &[u8]) -> String {
    let text: String = line
        .iter()
        .take(160)
        .flat_map(|b| std::ascii::escape_default(*b))
        .map(char::from)
        .collect();
    if line.len() > 160 {
        format!("{text}… ({} bytes)", line.len())
    } else {
        text
    }
}
