//! Why an engine refused an option: typed, so that a front end can
//! react to the cause, and shown as the one line the user reads.

use super::external::ExternalError;
use super::options::OutOfRange;
use crate::book::BookError;
use crate::eval::nnue::{NamedNetError, NetError};
use crate::search::TtError;
use std::fmt;

/// An option the engine could not apply; its settings are as before.
#[derive(Debug)]
pub enum EngineError {
    /// A number outside the option's range.
    OutOfRange(OutOfRange),
    /// The hash table of the asked size could not be allocated.
    Table(TtError),
    /// The `EvalFile` net could not be loaded.
    Net(NamedNetError),
    /// The net built into the binary does not verify.
    BuiltinNetInvalid(NetError),
    /// `EvalType NNUE` with no net built in and none loaded.
    NoNetForNnue,
    /// `EvalFile` back to the default while NNUE runs on a loaded net and
    /// no net is built in.
    NoBuiltinNet,
    /// The `BookFile` could not be read.
    Book(BookError),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            EngineError::OutOfRange(e) => e.fmt(f),
            EngineError::Table(e) => e.fmt(f),
            EngineError::Net(e) => e.fmt(f),
            EngineError::BuiltinNetInvalid(e) => write!(f, "the built-in net is invalid: {e}"),
            EngineError::NoNetForNnue => f.write_str(
                "EvalType NNUE needs a net: no net is built in, set EvalFile to a net file first",
            ),
            EngineError::NoBuiltinNet => {
                f.write_str("no net is built in: keeping the loaded net (set EvalType HCE first)")
            }
            EngineError::Book(e) => e.fmt(f),
        }
    }
}

// No `source()`: each message already holds its cause's.
impl std::error::Error for EngineError {}

/// For the front ends (and the engine switch in any.rs) that report errors
/// as text.
impl From<EngineError> for String {
    fn from(e: EngineError) -> String {
        e.to_string()
    }
}

impl From<OutOfRange> for EngineError {
    fn from(e: OutOfRange) -> Self {
        EngineError::OutOfRange(e)
    }
}

impl From<TtError> for EngineError {
    fn from(e: TtError) -> Self {
        EngineError::Table(e)
    }
}

impl From<NamedNetError> for EngineError {
    fn from(e: NamedNetError) -> Self {
        EngineError::Net(e)
    }
}

impl From<BookError> for EngineError {
    fn from(e: BookError) -> Self {
        EngineError::Book(e)
    }
}

/// An option an engine, tapir's or another, refused.
#[derive(Debug)]
pub enum OptionError {
    Tapir(EngineError),
    External(ExternalError),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            OptionError::Tapir(e) => e.fmt(f),
            OptionError::External(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OptionError {}

/// For the front ends that report errors as text.
impl From<OptionError> for String {
    fn from(e: OptionError) -> String {
        e.to_string()
    }
}
