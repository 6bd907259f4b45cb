//! The UCI front end: reads commands on a thread of its own (so `stop` and
//! `quit` are seen while a search runs), drives the engine facade and prints
//! its events. Bad input answers `info string error: ...` and changes
//! nothing (a refused `go` still ends in `bestmove 0000`, and after a
//! refused `position` every `go` is refused until a valid one); end of
//! input or `quit` stops any search and returns.

mod command;
mod format;
mod options;

pub use command::{command_word, parse, Command};

use crate::engine::{Engine, SearchEvent};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

/// The longest input line taken (bytes): a `position` with thousands of
/// moves fits many times over; a longer line is refused whole.
pub const MAX_LINE: usize = 1 << 20;

/// The most of a bad line an error message repeats (characters).
const ECHO_MAX: usize = 120;

/// The longest error line sent: room for a clipped echo and the whole
/// reason after it.
const REPLY_MAX: usize = 400;

/// What the loop waits on: a line of input, its end, or an engine event.
enum Input {
    Line(String),
    /// A line longer than `MAX_LINE`: its length and its first bytes.
    TooLong(crate::linein::TooLong),
    Eof,
    Event(SearchEvent),
}

/// Runs a UCI session on stdin/stdout until `quit` or end of input. With
/// `tune`, the search's tunables (`search::tunables`) are options too, for
/// an SPSA tuner; a normal session neither lists nor takes them.
pub fn run(tune: bool) -> anyhow::Result<()> {
    let (tx, rx) = channel::<Input>();
    spawn_reader(tx.clone());
    let (engine, events) = Engine::new();
    let forwarder = spawn_forwarder(events, tx);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut session = Session {
        engine,
        rx,
        pending: None,
        deferred: VecDeque::new(),
        position_refused: false,
        tune,
    };
    while let Some(input) = session.next() {
        match input {
            Input::Line(line) => {
                if !session.line(&line, &mut out)? {
                    break;
                }
            }
            // Refused as a command that did not read: a `position` so
            // long still stops the next `go`, and a `go` still gets its
            // bestmove.
            Input::TooLong(t) => {
                let head = decode_line(&t.head);
                let head = head.split('\r').next().unwrap_or("");
                let why = format!(
                    "a line of {} bytes is longer than the {MAX_LINE} bytes taken; ignored",
                    t.len
                );
                if !session.reply_to(head, Some(why), &mut out)? {
                    break;
                }
            }
            Input::Eof => break,
            Input::Event(e) => session.print_event(&e, &mut out)?,
        }
    }
    // Stop any search and print what it still reports (its bestmove): the
    // engine's channel closes when it is dropped, so the forwarder ends
    // after passing on everything.
    let Session { engine, rx, .. } = session;
    drop(engine);
    let _ = forwarder.join();
    while let Ok(input) = rx.try_recv() {
        if let Input::Event(e) = input {
            writeln!(out, "{}", format::event(&e))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Passes the engine's events into the loop's channel, so one thread can
/// wait on input and events alike.
fn spawn_forwarder(events: Receiver<SearchEvent>, tx: Sender<Input>) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for e in events {
            if tx.send(Input::Event(e)).is_err() {
                break;
            }
        }
    })
}

/// The loop's state. `pending` is the search whose bestmove has not been
/// printed yet; once a command has ended that search, its bestmove is
/// printed before the command's own reply (GUIs rely on that order), and
/// input read meanwhile waits in `deferred`.
struct Session {
    engine: Engine,
    rx: Receiver<Input>,
    pending: Option<u64>,
    deferred: VecDeque<Input>,
    /// The last `position` was refused: the engine still holds the one
    /// before, which a `go` must not search (its move would be illegal in
    /// the GUI's game).
    position_refused: bool,
    /// The tunables are options (`tapir uci --tune`).
    tune: bool,
}

impl Session {
    /// The next input: what was read ahead first, then the channel.
    fn next(&mut self) -> Option<Input> {
        self.deferred.pop_front().or_else(|| self.rx.recv().ok())
    }

    /// Runs one command line; `false` when the session should end.
    fn line(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<bool> {
        self.reply_to(line, None, out)
    }

    /// Runs `line`, or refuses it with `refused` (a line refused before
    /// it was read, of which only the start is known, answered as a
    /// command that did not read); `false` when the session should end.
    fn reply_to(
        &mut self,
        line: &str,
        refused: Option<String>,
        out: &mut impl Write,
    ) -> std::io::Result<bool> {
        let head = command_word(line);
        let reply = if let Some(why) = refused {
            Reply::Refused(why)
        } else if head == "go" && self.position_refused {
            Reply::Refused("the last 'position' was refused; send a valid one".into())
        } else {
            handle(&mut self.engine, line, self.tune)
        };
        if head == "position" {
            self.position_refused = matches!(reply, Reply::Refused(_));
        }
        let started = match reply {
            Reply::Searching(id, _) => Some(id),
            _ => None,
        };
        if head == "go" && started.is_none() {
            // A `go` ends the search before it, even one it cannot start:
            // that search's bestmove comes first, then this one's 0000.
            self.engine.stop();
        }
        self.print_ended_search(started.is_some(), out)?;
        match reply {
            Reply::Lines(lines) => {
                for l in lines {
                    writeln!(out, "{l}")?;
                }
            }
            Reply::Refused(why) => {
                writeln!(out, "info string error: {}", clip_to(&why, REPLY_MAX))?;
                // Every `go` ends in a bestmove, or a GUI would wait for
                // one; 0000 is UCI's null move.
                if head == "go" {
                    writeln!(out, "bestmove 0000")?;
                }
            }
            Reply::Searching(id, notes) => {
                for n in notes {
                    writeln!(out, "{n}")?;
                }
                self.pending = Some(id);
            }
            Reply::Quit => return Ok(false),
        }
        out.flush()?;
        Ok(true)
    }

    /// If the pending search has ended (stopped by the command just run,
    /// replaced by a new `go`, or finished by itself), waits for its
    /// bestmove and prints it with anything else it still reported. The
    /// engine has sent that bestmove already, so this takes no longer than
    /// the forwarder's hand-over.
    fn print_ended_search(&mut self, replaced: bool, out: &mut impl Write) -> std::io::Result<()> {
        let Some(id) = self.pending else {
            return Ok(());
        };
        if !replaced {
            if self.engine.is_searching() {
                return Ok(());
            }
            // Joins a search that ended by itself, which guarantees its bestmove.
            self.engine.stop();
        }
        while let Ok(input) = self.rx.recv() {
            match input {
                Input::Event(e) => {
                    let done = matches!(e, SearchEvent::BestMove { id: b, .. } if b == id);
                    self.print_event(&e, out)?;
                    if done {
                        break;
                    }
                }
                other => self.deferred.push_back(other),
            }
        }
        Ok(())
    }

    /// Prints an engine event; a bestmove settles the pending search.
    fn print_event(&mut self, e: &SearchEvent, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out, "{}", format::event(e))?;
        out.flush()?;
        if let SearchEvent::BestMove { id, .. } = e {
            if self.pending == Some(*id) {
                self.pending = None;
            }
        }
        Ok(())
    }
}

/// Reads stdin line by line on its own thread. Lines are read as bytes and
/// decoded lossily, so a line that is not UTF-8 becomes a (bad) command that
/// answers an error instead of ending the session; only end of input (or a
/// read error) does that. A line longer than `MAX_LINE` is passed over to
/// its end without being kept, and reported.
fn spawn_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut stdin = stdin.lock();
        loop {
            match crate::linein::read_capped_line(&mut stdin, MAX_LINE) {
                Ok(None) | Err(_) => break,
                Ok(Some(Ok(line))) => {
                    // A lone CR ends a line too, as an old Mac wrote them.
                    for part in decode_line(&line).split('\r') {
                        if tx.send(Input::Line(part.to_string())).is_err() {
                            return;
                        }
                    }
                }
                Ok(Some(Err(t))) => {
                    if tx.send(Input::TooLong(t)).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Input::Eof);
    });
}

/// A piece of bad input as an error repeats it: cut to `ECHO_MAX`
/// characters (a megabyte of bad input gets a line back, not a
/// megabyte), its control characters escaped (a NUL or an escape
/// sequence sent back would reach the GUI's log or terminal as sent).
pub(crate) fn clip(why: &str) -> String {
    clip_to(why, ECHO_MAX)
}

fn clip_to(why: &str, max: usize) -> String {
    let shown = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                c if c.is_control() => c.escape_debug().to_string(),
                c => c.to_string(),
            })
            .collect()
    };
    if why.chars().count() <= max {
        return shown(why);
    }
    let head: String = why.chars().take(max).collect();
    format!("{}… ({} bytes)", shown(&head), why.len())
}

/// One input line as text: the line ending (`\n` or `\r\n`) removed and
/// any invalid UTF-8 replaced by U+FFFD.
pub fn decode_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).into_owned()
}

/// What loading a `SyzygyPath` found, as `info string` lines: the count,
/// then each folder or file left out (the first ten).
fn syzygy_lines(r: &crate::tb::LoadReport) -> Vec<String> {
    let mut lines = vec![format!(
        "info string Syzygy: {} table files, up to {} pieces",
        r.files, r.max_pieces
    )];
    for p in r.problems.iter().take(10) {
        lines.push(format!(
            "info string Syzygy: left out {}",
            clip(&p.to_string())
        ));
    }
    if r.problems.len() > 10 {
        lines.push(format!(
            "info string Syzygy: {} more left out",
            r.problems.len() - 10
        ));
    }
    lines
}

/// What a command asks the loop to do.
enum Reply {
    Lines(Vec<String>),
    /// Bad input, answered `info string error: ...`; nothing changed.
    Refused(String),
    /// A search started with this id, after these lines.
    Searching(u64, Vec<String>),
    Quit,
}

fn error(msg: impl std::fmt::Display) -> Reply {
    Reply::Refused(msg.to_string())
}

fn handle(engine: &mut Engine, line: &str, tune: bool) -> Reply {
    let cmd = match parse(line, engine.position().board()) {
        Ok(c) => c,
        Err(e) => return error(e),
    };
    let none = || Reply::Lines(Vec::new());
    match cmd {
        Command::Uci => {
            let mut lines = vec![
                format!("id name tapir {}", env!("CARGO_PKG_VERSION")),
                "id author the tapir authors".to_string(),
            ];
            lines.extend(options::declarations());
            if tune {
                lines.extend(options::tunable_declarations());
            }
            lines.push("uciok".into());
            Reply::Lines(lines)
        }
        Command::IsReady => Reply::Lines(vec!["readyok".into()]),
        Command::NewGame => {
            engine.new_game();
            none()
        }
        Command::Position(pos) => {
            engine.set_position(pos);
            none()
        }
        Command::Go { limits, notes } => {
            let notes = notes.iter().map(|n| format!("info string {n}")).collect();
            Reply::Searching(engine.go(limits), notes)
        }
        Command::Stop => {
            engine.stop();
            none()
        }
        Command::PonderHit => {
            engine.ponderhit();
            none()
        }
        Command::SetOption { name, value } if tune && options::is_tunable(&name) => {
            match options::set_tunable(&name, value.as_deref()) {
                Ok(()) => none(),
                Err(e) => error(e),
            }
        }
        Command::SetOption { name, value } => {
            let option = options::to_engine_option(&name, value.as_deref());
            let asked = match &option {
                Ok(crate::engine::EngineOption::Threads(n)) => Some(*n),
                _ => None,
            };
            let tables = matches!(&option, Ok(crate::engine::EngineOption::SyzygyPath(p)) if !p.is_empty() && p != "<empty>");
            match option.and_then(|o| engine.set_option(o).map_err(String::from)) {
                Ok(()) if tables => Reply::Lines(syzygy_lines(engine.tablebase_report())),
                Ok(()) => match asked {
                    Some(n) if engine.search_threads() < n => Reply::Lines(vec![format!(
                        "info string Threads {n}: searching with {}, one per logical CPU (more would only take turns)",
                        engine.search_threads()
                    )]),
                    _ => none(),
                },
                Err(e) => error(e),
            }
        }
        Command::Quit => Reply::Quit,
        Command::Display => Reply::Lines(vec![format::board(engine.position().board())]),
        Command::Debug | Command::Register | Command::Nothing => none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_refused_and_errors_clipped() {
        let mut input = std::io::Cursor::new(b"isready\nxxxxxxxxxx\nuci".to_vec());
        let line =
            |r: &mut std::io::Cursor<Vec<u8>>| crate::linein::read_capped_line(r, 8).unwrap();
        assert_eq!(line(&mut input), Some(Ok(b"isready\n".to_vec())));
        assert_eq!(
            line(&mut input),
            Some(Err(crate::linein::TooLong {
                len: 11,
                head: b"xxxxxxxxxx\n".to_vec()
            }))
        );
        assert_eq!(line(&mut input), Some(Ok(b"uci".to_vec())));
        assert_eq!(line(&mut input), None);
        let long = "x".repeat(10_000);
        let c = clip(&long);
        assert!(
            c.chars().count() < 150 && c.ends_with("(10000 bytes)"),
            "{c}"
        );
        assert_eq!(clip("short"), "short");
        assert_eq!(clip("go\0\x1b[31m"), "go\\0\\u{1b}[31m");
    }
}
