//! Which engine to start and how: a program, its arguments, UCI options
//! to set after the handshake, and the name the board shows. Comes from
//! `config.toml`'s `[[engine]]` tables, `--engine CMD` or `:engine add`.

use super::error::SpecError;

/// An engine to start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineSpec {
    /// The name to show; the engine's `id name` when `None`.
    pub name: Option<String>,
    pub command: String,
    pub args: Vec<String>,
    /// UCI options (name, value) set after the handshake.
    pub options: Vec<(String, String)>,
    /// How long each answer (`uciok`, `readyok`, a `bestmove` after
    /// `stop`) may take; `None`: the defaults (10 s, 10 s, 3 s).
    pub patience: Option<std::time::Duration>,
}

impl EngineSpec {
    /// A command line as a shell would split it: words apart by blanks,
    /// '...' and "..." keep blanks, a backslash keeps the next character.
    pub fn from_command_line(line: &str) -> Result<EngineSpec, SpecError> {
        let words = split_words(line)?;
        let Some((command, args)) = words.split_first() else {
            return Err(SpecError::Empty);
        };
        Ok(EngineSpec {
            name: None,
            command: command.clone(),
            args: args.to_vec(),
            options: Vec::new(),
            patience: None,
        })
    }

    /// What messages call the engine before it has said its name.
    pub fn label(&self) -> String {
        if let Some(n) = &self.name {
            return n.clone();
        }
        std::path::Path::new(&self.command)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| self.command.clone())
    }
}

fn split_words(line: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(n) => {
                    word.push(n);
                    in_word = true;
                }
                None => return Err(SpecError::LoneBackslash),
            },
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(SpecError::UnclosedQuote);
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_as_a_shell_would() {
        let s = EngineSpec::from_command_line(r#"/opt/my engine/sf "a b" 'c d' e\ f"#).unwrap();
        assert_eq!(s.command, "/opt/my");
        assert_eq!(s.args, ["engine/sf", "a b", "c d", "e f"]);
        let s = EngineSpec::from_command_line("  stockfish  ").unwrap();
        assert_eq!((s.command.as_str(), s.args.len()), ("stockfish", 0));
        assert_eq!(s.label(), "stockfish");
        let err = |line| EngineSpec::from_command_line(line).err();
        assert_eq!(err(""), Some(SpecError::Empty));
        assert_eq!(err("'open"), Some(SpecError::UnclosedQuote));
        assert_eq!(err("x\\"), Some(SpecError::LoneBackslash));
        let s = EngineSpec::from_command_line("/usr/games/stockfish").unwrap();
        assert_eq!(s.label(), "stockfish");
    }
}
