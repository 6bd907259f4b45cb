//! Why another UCI engine could not start, take an option or answer:
//! typed, so that a front end can tell a missing program from a silent or
//! crashed one, and shown as the one line the user reads.

use std::fmt;
use std::io;
use std::time::Duration;

/// Something an external engine did not do; the engine is in the state
/// the variant says (ended where it says so, else as before).
#[derive(Debug)]
pub enum ExternalError {
    /// The program could not be started (not found, not executable).
    Spawn { command: String, source: io::Error },
    /// The program started without the pipes asked for.
    NoPipes { engine: String },
    /// The engine ended. `stderr` is ": " and the last line it wrote on
    /// its error output, or empty.
    Exited {
        engine: String,
        at_start: bool,
        stderr: String,
    },
    /// No answer to `command` ("uci", "isready") within `waited`.
    Silent {
        engine: String,
        command: &'static str,
        waited: Duration,
    },
    /// An option the engine did not declare.
    NoSuchOption { engine: String, option: String },
    /// An option value with a line break (it would smuggle in a command).
    MultiLineValue { option: String },
    /// A value the option's declared type cannot take ("abc" for a spin:
    /// Stockfish 15.1 exits on it), with what it takes.
    BadValue {
        engine: String,
        option: String,
        value: String,
        takes: String,
    },
    /// The engine's input is closed: it was ended, or stopped reading.
    NotRunning { engine: String },
    /// A write to the engine failed (and closed its input).
    Write {
        engine: String,
        source: io::Error,
        stderr: String,
    },
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ExternalError::Spawn { command, source } => {
                write!(f, "cannot start {command}: {source}")
            }
            ExternalError::NoPipes { engine } => write!(f, "cannot talk to {engine}: no pipes"),
            ExternalError::Exited {
                engine,
                at_start,
                stderr,
            } => {
                let when = if *at_start { " at start" } else { "" };
                write!(f, "{engine} exited{when}{stderr}")
            }
            ExternalError::Silent {
                engine,
                command,
                waited,
            } => {
                let hint = if *command == "uci" {
                    ": is it a UCI engine?"
                } else {
                    ""
                };
                let secs = waited.as_secs_f32();
                write!(
                    f,
                    "{engine} did not answer '{command}' within {secs} s{hint}"
                )
            }
            ExternalError::NoSuchOption { engine, option } => {
                write!(f, "{engine} has no option '{option}'")
            }
            ExternalError::MultiLineValue { option } => {
                write!(f, "option {option}: a value must be one line")
            }
            ExternalError::BadValue {
                engine,
                option,
                value,
                takes,
            } => write!(
                f,
                "{engine}'s option {option} takes {takes}, not '{value}' (not sent)"
            ),
            ExternalError::NotRunning { engine } => write!(f, "{engine} is not running"),
            ExternalError::Write {
                engine,
                source,
                stderr,
            } => write!(f, "{engine} stopped reading its input ({source}){stderr}"),
        }
    }
}

impl std::error::Error for ExternalError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ExternalError::Spawn { source, .. } | ExternalError::Write { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }
}

/// For the front ends that report errors as text.
impl From<ExternalError> for String {
    fn from(e: ExternalError) -> String {
        e.to_string()
    }
}

/// Why a command line does not name an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    Empty,
    LoneBackslash,
    UnclosedQuote,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            SpecError::Empty => "no engine command given",
            SpecError::LoneBackslash => "the command ends in a lone backslash",
            SpecError::UnclosedQuote => "the command has an unclosed quote",
        })
    }
}

impl std::error::Error for SpecError {}

/// For the front ends that report errors as text.
impl From<SpecError> for String {
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}
