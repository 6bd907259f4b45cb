//! The `:` command line: parses `fen`, `load`, `save`, `level`, `hash`,
//! `threads` and a few conveniences into `Command`s. Bad input gives a
//! message that says what was expected; nothing changes.

use super::params::{LEVEL_RANGE, MULTIPV_MAX};
use crate::engine::EngineOption;
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `:fen` alone shows and copies the FEN.
    ShowFen,
    Fen(String),
    Load(PathBuf),
    /// `:save FILE`, or `:save` alone: the file the game came from or was
    /// last saved to.
    Save(Option<PathBuf>),
    /// Load an NNUE net for the views and the engine.
    Net(PathBuf),
    Level(u8),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    New,
    Flip,
    Help,
    Quit,
}

/// Every command with its argument, for the help overlay and errors.
pub const USAGE: &str =
    ":fen [FEN] · :load FILE · :save [FILE] · :net FILE · :level 1-10 · :hash MB · :threads N · :multipv 1-5 · :new · :flip · :q";

pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim().trim_start_matches(':').trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let need = |what: &str| -> Result<&str, String> {
        if rest.is_empty() {
            Err(format!(":{word} needs {what}"))
        } else {
            Ok(rest)
        }
    };
    let number = |what: &str| -> Result<usize, String> {
        need(what)?
            .parse::<usize>()
            .map_err(|_| format!(":{word} needs {what}, got '{rest}'"))
    };
    match word.to_ascii_lowercase().as_str() {
        "" => Err(format!("commands: {USAGE}")),
        "fen" if rest.is_empty() => Ok(Command::ShowFen),
        "fen" => Ok(Command::Fen(rest.to_string())),
        "load" | "open" | "e" => Ok(Command::Load(PathBuf::from(need("a file name")?))),
        "save" | "w" => Ok(Command::Save(
            (!rest.is_empty()).then(|| PathBuf::from(rest)),
        )),
        "net" => Ok(Command::Net(PathBuf::from(need("a net file")?))),
        "level" => {
            let n = number("a level 1-10")?;
            if n > u8::MAX as usize || !LEVEL_RANGE.contains(&(n as u8)) {
                Err(format!(":level must be 1-10, got {n}"))
            } else {
                Ok(Command::Level(n as u8))
            }
        }
        "hash" => {
            let n = number("a size in MiB")?;
            EngineOption::Hash(n).validate()?;
            Ok(Command::Hash(n))
        }
        "threads" => {
            let n = number("a thread count")?;
            EngineOption::Threads(n).validate()?;
            Ok(Command::Threads(n))
        }
        "multipv" | "lines" => {
            let n = number("a line count 1-5")?;
            if !(1..=MULTIPV_MAX).contains(&n) {
                Err(format!(":multipv must be 1-{MULTIPV_MAX}, got {n}"))
            } else {
                Ok(Command::MultiPv(n))
            }
        }
        "new" => Ok(Command::New),
        "flip" => Ok(Command::Flip),
        "help" | "h" => Ok(Command::Help),
        "q" | "quit" | "exit" => Ok(Command::Quit),
        _ => Err(format!("unknown command ':{word}'; {USAGE}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(parse("level 3"), Ok(Command::Level(3)));
        assert_eq!(parse(":hash 128"), Ok(Command::Hash(128)));
        assert_eq!(parse("fen"), Ok(Command::ShowFen));
        assert_eq!(
            parse("save my game.pgn"),
            Ok(Command::Save(Some("my game.pgn".into())))
        );
        assert!(parse("level 11").unwrap_err().contains("1-10"));
        assert!(parse("level x").unwrap_err().contains("got 'x'"));
        assert!(parse("hash 0").unwrap_err().contains("Hash"));
        assert!(parse("threads").unwrap_err().contains("needs"));
        assert!(parse("load").is_err());
        assert_eq!(parse("net my.nnue"), Ok(Command::Net("my.nnue".into())));
        assert!(parse("net").unwrap_err().contains("needs a net file"));
        assert!(parse("frobnicate").unwrap_err().contains("unknown"));
        assert!(parse("level 99999999999999999999").is_err());
    }
}
