//! The board's settings file (`config.toml` in the OS config directory) and
//! where tapir keeps its files. A missing file is written with defaults.
//! One with bad settings is reported: its good settings are used, each bad
//! one's default in its place, and only settings changed on the board are
//! ever written into it. One that is not TOML is never written.
//! `TAPIR_CONFIG_DIR` and `TAPIR_DATA_DIR` override the directories (tests
//! use them so they never touch a real home).
//!
//! Here: what the settings are (`Config`, `[[engine]]`, the folders);
//! `names` the settings that name a choice; `file` reading the file and
//! writing the board's changes back into it.

use crate::engine::EngineOption;
use anyhow::{anyhow, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

use super::params::{LEVEL_RANGE, MULTIPV_MAX};

mod file;
mod names;

pub use file::*;
pub use names::*;

/// Everything the config file holds. Missing keys take their default;
/// unknown keys and out-of-range values make the file "broken".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub theme: ThemeName,
    pub pieces: PieceStyle,
    /// Colours: auto, truecolor, 256, 16 or mono.
    pub colors: ColorSetting,
    /// Analysis lines shown, 1..=5.
    pub multipv: usize,
    /// Transposition table size in MiB.
    pub hash: usize,
    pub threads: usize,
    /// Playing strength against the engine, 1..=10 (10 is full strength).
    pub level: u8,
    /// The play dialog's clock, the last game's choice: "none", a preset
    /// ("3+2"), or a custom control as itself ("7+2"; "custom" alone when
    /// none is remembered).
    pub clock: String,
    /// Whether the engine starts analysing when the board opens.
    pub autostart_analysis: bool,
    /// Whether a game against the engine shows the evaluation (eval bar,
    /// engine lines, teaching panel, tablebase verdict) while it is played.
    pub show_eval_in_games: bool,
    /// The name a game against the engine records for the human (empty:
    /// the login name).
    pub player: String,
    /// Syzygy tablebase folders joined by `:` (empty: none).
    pub syzygy_path: String,
    /// The opening book: a Polyglot file, "" for the built-in one, "off"
    /// for none.
    pub book: String,
    /// The engine lines' best moves marked on the board (`w`).
    pub arrows: bool,
    /// The evaluation panel on screen (`z`); hidden, the move list and
    /// the engine lines take its room.
    pub panel: bool,
    /// The engine that analyses when the board opens: a configured
    /// engine's name, or empty for tapir's own.
    pub analysis_engine: String,
    /// A second engine analysing beside the first when the board opens: a
    /// configured engine's name or `tapir`; empty for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub second_engine: String,
    /// External UCI engines (`[[engine]]` tables), last: TOML puts tables
    /// after plain keys.
    #[serde(rename = "engine", skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<EngineConfig>,
}

/// One `[[engine]]` table: a UCI engine the board can start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineConfig {
    pub name: String,
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    /// UCI options set after the handshake, e.g. `{ Threads = "2" }`.
    #[serde(default)]
    pub options: std::collections::BTreeMap<String, String>,
}

impl EngineConfig {
    pub fn spec(&self) -> crate::engine::EngineSpec {
        crate::engine::EngineSpec {
            name: Some(self.name.clone()),
            command: crate::tui::files::program_path(&self.command),
            args: self.args.clone(),
            options: self
                .options
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            patience: None,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            theme: ThemeName::Classic,
            pieces: PieceStyle::Auto,
            colors: ColorSetting::Auto,
            multipv: 3,
            hash: 64,
            threads: 1,
            level: 5,
            clock: "none".to_string(),
            autostart_analysis: true,
            show_eval_in_games: false,
            player: String::new(),
            analysis_engine: String::new(),
            second_engine: String::new(),
            engines: Vec::new(),
            syzygy_path: String::new(),
            book: String::new(),
            arrows: true,
            panel: true,
        }
    }
}

impl Config {
    /// Parses and range-checks a config file's text.
    pub fn parse(text: &str) -> Result<Config> {
        let c: Config = toml::from_str(text).map_err(|e| {
            let msg = e.message().trim().to_string();
            match e.span() {
                Some(span) => {
                    let start = span.start.min(text.len());
                    let line_no = text[..start].matches('\n').count() + 1;
                    let line = text.lines().nth(line_no - 1).unwrap_or("").trim();
                    anyhow!("line {line_no} `{line}`: {msg}")
                }
                None => anyhow!("{msg}"),
            }
        })?;
        c.validate()?;
        Ok(c)
    }

    /// A config file that reads as TOML but holds bad settings: every
    /// setting that reads (engines one by one, first, as the engine
    /// settings name them) is kept, and each bad one is named. `None` when
    /// the text is not TOML.
    pub fn parse_lenient(text: &str) -> Option<(Config, Vec<String>)> {
        let table: toml::Table = toml::from_str(text).ok()?;
        let read = |t: &toml::Table| -> Result<Config> {
            let c: Config = toml::Value::Table(t.clone())
                .try_into()
                .map_err(|e: toml::de::Error| anyhow!("{}", e.message().trim()))?;
            c.validate()?;
            Ok(c)
        };
        let mut kept = toml::Table::new();
        let mut bad = Vec::new();
        match table.get("engine") {
            None => {}
            Some(toml::Value::Array(list)) => {
                let mut engines = Vec::new();
                for (i, e) in list.iter().enumerate() {
                    let mut trial = kept.clone();
                    engines.push(e.clone());
                    trial.insert("engine".into(), toml::Value::Array(engines.clone()));
                    match read(&trial) {
                        Ok(_) => kept = trial,
                        Err(why) => {
                            engines.pop();
                            bad.push(format!("[[engine]] {}: {why}", i + 1));
                        }
                    }
                }
            }
            Some(_) => bad.push("engine: expected [[engine]] tables".to_string()),
        }
        for (key, value) in table.iter().filter(|(k, _)| *k != "engine") {
            let mut trial = kept.clone();
            trial.insert(key.clone(), value.clone());
            match read(&trial) {
                Ok(_) => kept = trial,
                // A reason that names its setting ("hash must be ...")
                // does not name it twice.
                Err(why) => bad.push(match plain_words(&why.to_string()) {
                    w if w.starts_with(&format!("{key} ")) || w.starts_with(&format!("{key}:")) => {
                        w
                    }
                    w => format!("{key}: {w}"),
                }),
            }
        }
        Some((read(&kept).ok()?, bad))
    }

    /// A file that is not TOML as a whole, read part by part: each
    /// setting (one line, or the few lines a value spans) and each
    /// `[[engine]]` table that reads alone is kept, a key given twice
    /// keeps its first value; then as `parse_lenient`. The parts that do
    /// not read are named after the first error (which the caller names).
    /// `None` when nothing reads.
    pub fn parse_in_parts(text: &str) -> Option<(Config, Vec<String>)> {
        const SPAN: usize = 30;
        let lines: Vec<&str> = text.lines().collect();
        let is_header = |l: &str| l.trim_start().starts_with('[');
        let mut table = toml::Table::new();
        let mut engines = Vec::new();
        let mut skipped = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim();
            if line.is_empty() || line.starts_with('#') {
                i += 1;
                continue;
            }
            // A table runs to the next header; a setting to the first
            // line that completes it.
            let ends: Vec<usize> = if is_header(line) {
                let end = (i + 1..lines.len())
                    .find(|&j| is_header(lines[j]))
                    .unwrap_or(lines.len());
                vec![end]
            } else {
                (i + 1..=lines.len().min(i + SPAN))
                    .take_while(|&j| j == i + 1 || !is_header(lines[j - 1]))
                    .collect()
            };
            let read = ends.iter().find_map(|&end| {
                let part = lines[i..end].join("\n");
                toml::from_str::<toml::Table>(&part).ok().map(|t| (end, t))
            });
            match read {
                Some((end, part)) => {
                    for (k, v) in part {
                        match (k.as_str(), v) {
                            ("engine", toml::Value::Array(list)) => engines.extend(list),
                            _ if table.contains_key(&k) => skipped.push(format!(
                                "line {}: {k} is given twice, the first is used",
                                i + 1
                            )),
                            (_, v) => {
                                table.insert(k, v);
                            }
                        }
                    }
                    i = end;
                }
                None => {
                    skipped.push(format!("line {} `{line}` is not used", i + 1));
                    i = if is_header(line) { ends[0] } else { i + 1 };
                }
            }
        }
        if table.is_empty() && engines.is_empty() {
            return None;
        }
        if !engines.is_empty() {
            table.insert("engine".into(), toml::Value::Array(engines));
        }
        let whole = toml::to_string(&table).ok()?;
        let (config, bad) = match Config::parse(&whole) {
            Ok(c) => (c, Vec::new()),
            Err(_) => Config::parse_lenient(&whole)?,
        };
        // The first part that did not read is the caller's error already.
        Some((config, skipped.into_iter().skip(1).chain(bad).collect()))
    }

    pub fn validate(&self) -> Result<()> {
        let check = |name: &str, v: usize, (lo, hi): (usize, usize)| {
            if v < lo || v > hi {
                Err(anyhow!("{name} must be {lo} to {hi}, got {v}"))
            } else {
                Ok(())
            }
        };
        check("multipv", self.multipv, (1, MULTIPV_MAX))?;
        // The engine owns the hash and thread ranges; the reason names
        // the setting as the file spells it.
        let named = |key: &str, e: crate::engine::OutOfRange| {
            anyhow!("{key} must be {} to {}, got {}", e.lo, e.hi, e.got)
        };
        EngineOption::Hash(self.hash)
            .validate()
            .map_err(|e| named("hash", e))?;
        EngineOption::Threads(self.threads)
            .validate()
            .map_err(|e| named("threads", e))?;
        check(
            "level",
            self.level as usize,
            (*LEVEL_RANGE.start() as usize, *LEVEL_RANGE.end() as usize),
        )?;
        if super::control::preset_choice(&self.clock).is_none() {
            return Err(anyhow!(
                "clock must be none, custom or minutes+seconds (3+2), got {:?}",
                self.clock
            ));
        }
        for (i, e) in self.engines.iter().enumerate() {
            if e.name.trim().is_empty() || e.command.trim().is_empty() {
                return Err(anyhow!("engine {}: a name and a command are needed", i + 1));
            }
            if e.name.eq_ignore_ascii_case("tapir") {
                return Err(anyhow!("engine {}: the name tapir is tapir's own", i + 1));
            }
            if self.engines[..i]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&e.name))
            {
                return Err(anyhow!(
                    "engine {}: a second engine named {}",
                    i + 1,
                    e.name
                ));
            }
        }
        let wanted = self.analysis_engine.trim();
        if !wanted.is_empty()
            && !wanted.eq_ignore_ascii_case("tapir")
            && self.engine_named(wanted).is_none()
        {
            return Err(anyhow!("analysis_engine: no [[engine]] is named {wanted}"));
        }
        let second = self.second_engine.trim();
        if !second.is_empty()
            && !second.eq_ignore_ascii_case("tapir")
            && self.engine_named(second).is_none()
        {
            return Err(anyhow!("second_engine: no [[engine]] is named {second}"));
        }
        Ok(())
    }

    /// The configured engine of that name (any case).
    pub fn engine_named(&self, name: &str) -> Option<&EngineConfig> {
        self.engines
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The human's name for a game's tags.
    pub fn player_name(&self) -> String {
        let set = self.player.trim();
        if !set.is_empty() {
            return set.to_string();
        }
        std::env::var("USER")
            .or_else(|_| std::env::var("USERNAME"))
            .ok()
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| "Player".to_string())
    }

    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).expect("the config serialises");
        format!(
            "# tapir settings. theme: classic | ocean | light | ansi; pieces: auto | unicode | ascii;\n\
             # colors: auto | truecolor | 256 | 16 | mono (auto follows NO_COLOR, COLORTERM, TERM);\n\
             # multipv 1..=5; hash in MiB; level 1..=10 (10 = full strength);\n\
             # clock: the play dialog's, none | 1+0 | 3+2 | 5+3 | 10+5 | 15+10 | 30+20 | custom | 7+2;\n\
             # autostart_analysis: analyse on opening; player: your name in games;\n\
             # show_eval_in_games: the evaluation stays on during games against the engine;\n\
             # book: a Polyglot .bin file, \"\" for the built-in book, \"off\" for none.\n\
             # syzygy_path: Syzygy tablebase folders joined by ':'.\n\
             # analysis_engine: an [[engine]]'s name to analyse with (empty: tapir).\n\
             # arrows: the engine lines' best moves marked on the board (w switches).\n\
             # panel: the evaluation panel on screen (z switches; hidden, the other panes take its room).\n\
             # second_engine: an [[engine]]'s name (or tapir) analysing beside it (empty: none).\n\
             # [[engine]] name = \"sf\", command = \"/usr/games/stockfish\", args = [], options = {{ Threads = \"2\" }}\n{body}"
        )
    }
}

/// Where the config file and the autosaved game live.
#[derive(Clone, Debug)]
pub struct Dirs {
    pub config: PathBuf,
    pub data: PathBuf,
    /// The autosave this board writes: `autosave.pgn` in `data`, or its
    /// own file while another board holds that one (`autosave_lock`).
    pub autosave: PathBuf,
}

impl Dirs {
    /// The OS directories, or the `TAPIR_CONFIG_DIR` / `TAPIR_DATA_DIR`
    /// overrides.
    pub fn from_env() -> Result<Dirs> {
        let project = directories::ProjectDirs::from("", "", "tapir");
        let pick = |var: &str, os: Option<&Path>| -> Result<PathBuf> {
            match std::env::var_os(var) {
                Some(v) if !v.is_empty() => Ok(PathBuf::from(v)),
                _ => os
                    .map(Path::to_path_buf)
                    .ok_or_else(|| anyhow!("no home directory found; set {var}")),
            }
        };
        let data = pick("TAPIR_DATA_DIR", project.as_ref().map(|p| p.data_dir()))?;
        Ok(Dirs {
            config: pick("TAPIR_CONFIG_DIR", project.as_ref().map(|p| p.config_dir()))?,
            autosave: data.join("autosave.pgn"),
            data,
        })
    }

    pub fn config_file(&self) -> PathBuf {
        self.config.join("config.toml")
    }

    pub fn autosave_file(&self) -> PathBuf {
        self.autosave.clone()
    }
}

/// A TOML reader's reason in a user's words: "invalid type: floating
/// point `2.0`, expected usize" is "floating point `2.0`, expected a whole
/// number".
fn plain_words(why: &str) -> String {
    let mut w = why
        .replace("invalid type: ", "")
        .replace("invalid value: ", "");
    for t in ["usize", "u64", "u32", "u16", "u8", "i64", "i32"] {
        w = w.replace(&format!("expected {t}"), "expected a whole number");
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_round_trip_and_partial_files() {
        let c = Config::default();
        assert_eq!(Config::parse(&c.to_toml()).unwrap(), c);
        let partial = Config::parse("multipv = 2\npieces = \"ascii\"\n").unwrap();
        assert_eq!(partial.multipv, 2);
        assert_eq!(partial.pieces, PieceStyle::Ascii);
        assert_eq!(partial.hash, c.hash);
    }

    /// An engine kept in the settings: a name and a program, no more.
    fn engine_config(name: &str, command: &str) -> EngineConfig {
        EngineConfig {
            name: name.into(),
            command: command.into(),
            args: Vec::new(),
            options: Default::default(),
        }
    }

    /// A setting the file did not have goes in as a whole line.
    #[test]
    fn a_new_setting_ends_its_line() {
        let loaded = Config::parse("autostart_analysis = false\n").unwrap();
        let mut session = loaded.clone();
        session.clock = "5+3".into();
        let text = merged_settings("# mine\nautostart_analysis = false\n", &loaded, &session);
        assert_eq!(
            text.unwrap(),
            "# mine\nautostart_analysis = false\nclock = \"5+3\"\n"
        );
    }

    /// A settings file with CRLF line ends keeps them in every line, the
    /// ones written anew too.
    #[test]
    fn saving_keeps_crlf_line_ends() {
        let loaded = Config::default();
        let on_disk = format!("# mine\r\n{}", loaded.to_toml().replace('\n', "\r\n"));
        let mut session = loaded.clone();
        session.multipv = 3;
        session
            .engines
            .push(engine_config("sf", "/usr/games/stockfish"));
        let text = merged_settings(&on_disk, &loaded, &session).unwrap();
        assert_eq!(
            text.matches('\n').count(),
            text.matches("\r\n").count(),
            "{text:?}"
        );
        assert!(!text.contains("\r\r"), "{text:?}");
        assert!(text.starts_with("# mine\r\n"), "{text:?}");
        // A byte-order mark stays too.
        let text = merged_settings(&format!("\u{feff}{on_disk}"), &loaded, &session).unwrap();
        assert!(text.starts_with("\u{feff}# mine\r\n"), "{text:?}");
        assert_eq!(Config::parse(&text).unwrap().multipv, 3);
        assert_eq!(Config::parse(&text).unwrap(), session);
        // An LF file stays LF.
        let text = merged_settings(&loaded.to_toml(), &loaded, &session).unwrap();
        assert!(!text.contains('\r'), "{text:?}");
    }

    /// At exit only what the session changed is written: a comment, and
    /// an engine added by hand while the board ran, stay.
    #[test]
    fn saving_keeps_hand_edits_and_comments() {
        let loaded = Config::default();
        let start = loaded.to_toml();
        let on_disk = format!(
            "{start}# my engines\n[[engine]]\nname = \"sf\"\ncommand = \"/usr/games/stockfish\"\n"
        );
        let mut session = loaded.clone();
        session.theme = ThemeName::Ocean;
        session.multipv = 3;
        let text = merged_settings(&on_disk, &loaded, &session).unwrap();
        let read = Config::parse(&text).unwrap();
        assert_eq!(read.theme, ThemeName::Ocean);
        assert_eq!(read.multipv, 3);
        assert_eq!(read.engines.len(), 1, "{text}");
        assert!(text.contains("# my engines"), "{text}");
        assert!(text.contains("# tapir settings"), "{text}");
        // An engine the session added joins the hand-written one's file.
        let mut session2 = read.clone();
        session2
            .engines
            .push(engine_config("ethereal", "/usr/games/ethereal-chess"));
        let text2 = merged_settings(&text, &read, &session2).unwrap();
        assert_eq!(Config::parse(&text2).unwrap(), session2, "{text2}");
        // A file that is no longer TOML is left alone; one with a bad
        // value written by hand meanwhile keeps it, and takes the
        // session's changes.
        assert!(merged_settings("multipv = = 99\n", &loaded, &session).is_err());
        let text3 = merged_settings("multipv = 99\n", &loaded, &session).unwrap();
        assert!(text3.contains("multipv = 99"), "{text3}");
        assert_eq!(
            Config::parse_lenient(&text3).unwrap().0.theme,
            ThemeName::Ocean
        );
    }

    /// An engine the board added under a name the file already has (one
    /// written by hand, or by another board, while this one ran, in any
    /// case of letters) never replaces that table: it comes in under a
    /// free name, or not at all when it is the same engine.
    #[test]
    fn an_added_engine_never_replaces_one_of_the_same_name() {
        let loaded = Config::default();
        let on_disk = format!(
            "{}[[engine]] # mine\nname = \"SF\"\ncommand = \"/opt/sf\"\noptions = {{ Hash = \"2048\" }}\n",
            loaded.to_toml()
        );
        let mut session = loaded.clone();
        session
            .engines
            .push(engine_config("sf", "/usr/games/stockfish"));
        let text = merged_settings(&on_disk, &loaded, &session).unwrap();
        let read = Config::parse(&text).unwrap();
        let names: Vec<&str> = read.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["SF", "sf-2"], "{text}");
        assert!(text.contains("[[engine]] # mine"), "{text}");
        assert_eq!(read.engines[0].options["Hash"], "2048");
        assert_eq!(read.engines[1].command, "/usr/games/stockfish");
        // The same engine under the same name is not added twice.
        let mine = read.engines[0].clone();
        let mut again = loaded.clone();
        again.engines.push(mine);
        let text = merged_settings(&on_disk, &loaded, &again).unwrap();
        assert_eq!(text, on_disk);
    }

    /// The session's engine changes go in by name: one added by hand while
    /// the board ran stays (with its comment) when the session adds,
    /// changes or removes others, even every one it knew.
    #[test]
    fn engine_changes_keep_engines_added_by_hand() {
        let engine = |name: &str, threads: &str| EngineConfig {
            name: name.into(),
            command: format!("/usr/games/{name}"),
            args: Vec::new(),
            options: [("Threads".to_string(), threads.to_string())].into(),
        };
        let loaded = Config {
            engines: vec![engine("a", "1"), engine("b", "1")],
            ..Config::default()
        };
        let on_start = loaded.to_toml();
        let by_hand = "# kept\n[[engine]]\nname = \"hand\"\ncommand = \"/usr/games/hand\"\n";
        let on_disk = format!("{on_start}{by_hand}");
        let names = |text: &str| -> Vec<String> {
            let c = Config::parse(text).unwrap();
            c.engines.iter().map(|e| e.name.clone()).collect()
        };
        // Removes a, changes b, adds c.
        let mut session = loaded.clone();
        session.engines = vec![engine("b", "4"), engine("c", "1")];
        let text = merged_settings(&on_disk, &loaded, &session).unwrap();
        assert_eq!(names(&text), ["b", "hand", "c"], "{text}");
        assert!(text.contains("# kept"), "{text}");
        let read = Config::parse(&text).unwrap();
        assert_eq!(read.engines[0], engine("b", "4"));
        // Removes every engine it knew: the hand-made one stays.
        let mut none = loaded.clone();
        none.engines.clear();
        let text = merged_settings(&on_disk, &loaded, &none).unwrap();
        assert_eq!(names(&text), ["hand"], "{text}");
        // Engines written as an inline array are kept as well.
        let inline = "engine = [{ name = \"a\", command = \"/usr/games/a\" }, \
                      { name = \"hand\", command = \"/usr/games/hand\" }]\n";
        let from_inline = Config::parse(inline).unwrap();
        assert_eq!(names(inline), ["a", "hand"]);
        let mut added = from_inline.clone();
        added.engines.push(engine("c", "1"));
        let text = merged_settings(inline, &from_inline, &added).unwrap();
        assert_eq!(names(&text), ["a", "hand", "c"], "{text}");
        // One `[engine]` table (single brackets) is kept as a list of one.
        let single = "[engine]\nname = \"sf\"\ncommand = \"/usr/games/stockfish\"\noptions = { Threads = \"8\" }\n";
        let (from_single, bad) = Config::parse_lenient(single).unwrap();
        assert!(!bad.is_empty());
        let mut added = from_single.clone();
        added.engines.push(engine("c", "1"));
        let text = merged_settings(single, &from_single, &added).unwrap();
        assert_eq!(names(&text), ["sf", "c"], "{text}");
        assert!(text.contains("Threads = \"8\""), "{text}");
        // A list holding something else is never written over.
        let mixed = "engine = [{ name = \"sf\", command = \"sf\" }, \"junk\"]\n";
        let (from_mixed, _) = Config::parse_lenient(mixed).unwrap();
        let mut added = from_mixed.clone();
        added.engines.push(engine("c", "1"));
        let e = merged_settings(mixed, &from_mixed, &added).unwrap_err();
        assert!(format!("{e:#}").contains("mend it by hand"), "{e:#}");
        // Nothing left at all: the key goes.
        let alone = on_start.clone();
        let text = merged_settings(&alone, &loaded, &none).unwrap();
        assert!(
            names(&text).is_empty() && !text.contains("\n[[engine]]"),
            "{text}"
        );
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Config::parse("multipv = 9").unwrap_err().to_string();
        assert!(e.contains("multipv must be 1 to 5"), "{e}");
        let e = Config::parse("colour = 1").unwrap_err().to_string();
        assert!(e.contains("colour"), "{e}");
        let e = Config::parse("theme = \"pink\"").unwrap_err().to_string();
        assert!(e.contains("'pink' is not a theme: classic, ocean"), "{e}");
        let e = Config::parse("theme = 5").unwrap_err().to_string();
        assert!(e.contains("'5' is not a theme"), "{e}");
        let e = Config::parse("pieces = true").unwrap_err().to_string();
        assert!(
            e.contains("is not a piece style: auto, unicode or ascii"),
            "{e}"
        );
        assert_eq!(
            Config::parse("theme = \"Ocean\"\npieces = \"ascii\"").unwrap(),
            Config {
                theme: ThemeName::Ocean,
                pieces: PieceStyle::Ascii,
                ..Config::default()
            }
        );
        assert!(Config::parse("level = 0").is_err());
        // The play dialog's clock is one of its choices.
        assert_eq!(Config::parse("clock = \"3+2\"").unwrap().clock, "3+2");
        assert_eq!(Config::parse("clock = \"4+4\"").unwrap().clock, "4+4");
        let e = Config::parse("clock = \"4+999\"").unwrap_err().to_string();
        assert!(
            e.contains("clock must be none, custom or minutes+seconds"),
            "{e}"
        );
        let (kept, bad) = Config::parse_lenient("clock = \"4+999\"\nlevel = 7").unwrap();
        assert_eq!((kept.level, kept.clock.as_str()), (7, "none"));
        assert_eq!(bad.len(), 1, "{bad:?}");
        // A colour depth may be written as a number; a bad one is named.
        assert_eq!(
            Config::parse("colors = 256").unwrap().colors,
            ColorSetting::Ansi256
        );
        assert_eq!(
            Config::parse("colors = \"mono\"").unwrap().colors,
            ColorSetting::Mono
        );
        let e = Config::parse("colors = 99").unwrap_err().to_string();
        assert!(e.contains("'99' is not a colour depth"), "{e}");
        let e = Config::parse("colors = true").unwrap_err().to_string();
        assert!(e.contains("not a colour depth"), "{e}");
        assert!(Config::parse("hash = = 3").is_err());
    }

    /// One bad setting costs only itself: the others, engines included,
    /// are read, and each bad one is named.
    #[test]
    fn a_bad_setting_keeps_the_others() {
        let text = "theme = \"nonexistent\"\nautostart_analysis = false\nmultipv = 9\n\
                    analysis_engine = \"sf\"\nlevel = 7\n\
                    [[engine]]\nname = \"sf\"\ncommand = \"/usr/games/stockfish\"\n\
                    [[engine]]\nname = \"\"\ncommand = \"x\"\n\
                    [[engine]]\nname = \"sf\"\ncommand = \"y\"\n";
        assert!(Config::parse(text).is_err());
        let (c, bad) = Config::parse_lenient(text).unwrap();
        assert!(!c.autostart_analysis);
        assert_eq!(c.level, 7);
        assert_eq!(c.analysis_engine, "sf");
        assert_eq!(c.engines.len(), 1);
        assert_eq!(c.engines[0].command, "/usr/games/stockfish");
        assert_eq!(c.theme, ThemeName::Classic);
        assert_eq!(c.multipv, Config::default().multipv);
        assert_eq!(bad.len(), 4, "{bad:?}");
        assert!(bad
            .iter()
            .any(|b| b.starts_with("theme: ") && b.contains("nonexistent")));
        assert!(bad.iter().any(|b| b.starts_with("multipv must be 1 to 5")));
        assert!(bad.iter().any(|b| b.starts_with("[[engine]] 2: ")));
        assert!(bad
            .iter()
            .any(|b| b.starts_with("[[engine]] 3: ") && b.contains("second")));
        // Not TOML at all: nothing to keep.
        assert!(Config::parse_lenient("hash = = 3").is_none());
    }

    /// A slip that makes the file no TOML (an unquoted word, a key given
    /// twice) costs only its own line: the other settings, engines too,
    /// are read.
    #[test]
    fn a_file_that_is_not_toml_keeps_the_lines_that_read() {
        let text = "# mine\nautostart_analysis = false\nhash = 128\ntheme = ocean\nlevel = 3\n\
                    multipv = 2\nmultipv = 4\nargs_like = [\n  1,\n  2,\n]\n\
                    [[engine]]\nname = \"sf\"\ncommand = \"/usr/games/stockfish\"\n";
        assert!(toml::from_str::<toml::Table>(text).is_err());
        let (c, bad) = Config::parse_in_parts(text).unwrap();
        assert!(!c.autostart_analysis);
        assert_eq!((c.hash, c.level, c.multipv), (128, 3, 2));
        assert_eq!(c.engines.len(), 1);
        assert!(
            bad.iter()
                .any(|b| b.contains("line 7: multipv is given twice")),
            "{bad:?}"
        );
        assert!(
            bad.iter().any(|b| b.contains("args_like")),
            "unknown key named: {bad:?}"
        );
        assert!(Config::parse_in_parts("= = =\n").is_none());
    }

    /// A bad setting's reason names it once, in a user's words.
    #[test]
    fn a_bad_settings_reason_names_it_once_in_plain_words() {
        let text = "analysis_engine = \"sf\"\nmultipv = 2.0\n";
        let (_, bad) = Config::parse_lenient(text).unwrap();
        assert!(
            bad.contains(&"analysis_engine: no [[engine]] is named sf".to_string()),
            "{bad:?}"
        );
        assert!(
            bad.contains(&"multipv: floating point `2.0`, expected a whole number".to_string()),
            "{bad:?}"
        );
    }

    /// The board's reading of such a file: the good settings in use, the
    /// bad one named, the file unchanged until the board changes a setting.
    #[test]
    fn a_file_with_a_bad_setting_is_read_in_part_and_mended_from_the_board() {
        let dir = std::env::temp_dir().join(format!("tapir-cfg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        let text = "theme = \"nonexistent\"\nautostart_analysis = false\n";
        std::fs::write(&path, text).unwrap();
        let l = load_or_create(&path);
        assert!(!l.config.autostart_analysis);
        let w = l.warning.unwrap();
        assert!(
            w.contains("theme: ") && w.contains("the other settings are used"),
            "{w}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        // A setting changed on the board goes in; the bad one stays as it
        // is until the board changes it too, which mends it.
        assert!(l.writable);
        let session = Config {
            multipv: 4,
            ..l.config.clone()
        };
        save_settings(&path, &l.config, &session).unwrap();
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(
            now.contains("theme = \"nonexistent\"") && now.contains("multipv = 4"),
            "{now}"
        );
        let session = Config {
            theme: ThemeName::Ocean,
            ..session
        };
        save_settings(&path, &l.config, &session).unwrap();
        let now = std::fs::read_to_string(&path).unwrap();
        assert_eq!(Config::parse(&now).unwrap(), session, "{now}");
        // Not TOML at all: never written.
        std::fs::write(&path, "hash = = 3").unwrap();
        assert!(!load_or_create(&path).writable);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
