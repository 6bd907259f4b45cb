//! The UCI front end: reads commands on a thread of its own (so `stop` and
//! `quit` are seen while a search runs), drives the engine facade and prints
//! its events. Bad input answers `info string error: ...` and changes
//! nothing; end of input or `quit` stops any search and returns.

mod command;
mod format;
mod options;

pub use command::{parse, Command};

use crate::engine::{Engine, SearchEvent};
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Sender};

/// What the loop waits on: a line of input, its end, or an engine event.
enum Input {
    Line(String),
    Eof,
    Event(SearchEvent),
}

/// Runs a UCI session on stdin/stdout until `quit` or end of input.
pub fn run() -> anyhow::Result<()> {
    let (tx, rx) = channel::<Input>();
    spawn_reader(tx.clone());
    let (mut engine, events) = Engine::new();
    let etx = tx;
    let forwarder = std::thread::spawn(move || {
        for e in events {
            if etx.send(Input::Event(e)).is_err() {
                break;
            }
        }
    });

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for input in rx.iter() {
        match input {
            Input::Line(line) => {
                let reply = handle(&mut engine, &line);
                match reply {
                    Reply::Lines(lines) => {
                        for l in lines {
                            writeln!(out, "{l}")?;
                        }
                    }
                    Reply::Quit => break,
                }
                out.flush()?;
            }
            Input::Eof => break,
            Input::Event(e) => {
                writeln!(out, "{}", format::event(&e))?;
                out.flush()?;
            }
        }
    }
    // Stop any search and print what it still reports (its bestmove): the
    // engine's channel closes when it is dropped, so the forwarder ends
    // after passing on everything.
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

/// Reads stdin line by line on its own thread. Lines are read as bytes and
/// decoded lossily, so a line that is not UTF-8 becomes a (bad) command that
/// answers an error instead of ending the session; only end of input (or a
/// read error) does that.
fn spawn_reader(tx: Sender<Input>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut stdin = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if tx.send(Input::Line(decode_line(&buf))).is_err() {
                        return;
                    }
                }
            }
        }
        let _ = tx.send(Input::Eof);
    });
}

/// One input line as text: the line ending (`\n` or `\r\n`) removed and
/// any invalid UTF-8 replaced by U+FFFD.
fn decode_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).into_owned()
}

/// What a command asks the loop to do.
enum Reply {
    Lines(Vec<String>),
    Quit,
}

fn error(msg: impl std::fmt::Display) -> Reply {
    Reply::Lines(vec![format!("info string error: {msg}")])
}

fn handle(engine: &mut Engine, line: &str) -> Reply {
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
        Command::Go(limits) => {
            engine.go(limits);
            none()
        }
        Command::Stop => {
            engine.stop();
            none()
        }
        Command::PonderHit => {
            engine.ponderhit();
            none()
        }
        Command::SetOption { name, value } => {
            match options::to_engine_option(&name, value.as_deref())
                .and_then(|o| engine.set_option(o))
            {
                Ok(()) => none(),
                Err(e) => error(e),
            }
        }
        Command::Quit => Reply::Quit,
        Command::Display => Reply::Lines(vec![format::board(engine.position().board())]),
        Command::Debug | Command::Nothing => none(),
    }
}
