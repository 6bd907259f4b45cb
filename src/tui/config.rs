//! The board's settings file (`config.toml` in the OS config directory) and
//! where tapir keeps its files. A missing file is written with defaults; a
//! broken one is reported, left untouched, and defaults are used.
//! `TAPIR_CONFIG_DIR` and `TAPIR_DATA_DIR` override the directories (tests
//! use them so they never touch a real home).

use crate::engine::EngineOption;
use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::params::{LEVEL_RANGE, MULTIPV_MAX};

/// Colour scheme of the board and panels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    /// Wood-brown squares.
    #[default]
    Classic,
    /// Blue-grey squares.
    Ocean,
    /// For terminals with a light background.
    Light,
    /// The classic board in the 16 ANSI colours (as `colors = "16"`).
    Ansi,
}

impl ThemeName {
    /// The order `T` walks through.
    pub const CYCLE: [ThemeName; 3] = [ThemeName::Classic, ThemeName::Ocean, ThemeName::Light];

    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Classic => "classic",
            ThemeName::Ocean => "ocean",
            ThemeName::Light => "light",
            ThemeName::Ansi => "ansi",
        }
    }

    pub fn parse(s: &str) -> Option<ThemeName> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "classic" => ThemeName::Classic,
            "ocean" => ThemeName::Ocean,
            "light" => ThemeName::Light,
            "ansi" => ThemeName::Ansi,
            _ => return None,
        })
    }
}

/// How many colours to draw with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ColorSetting {
    /// What the terminal announces (`NO_COLOR`, `COLORTERM`, `TERM`).
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "truecolor")]
    Truecolor,
    #[serde(rename = "256")]
    Ansi256,
    #[serde(rename = "16")]
    Ansi16,
    #[serde(rename = "mono")]
    Mono,
}

impl ColorSetting {
    pub fn parse(s: &str) -> Option<ColorSetting> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "auto" => ColorSetting::Auto,
            "truecolor" | "24bit" | "24-bit" => ColorSetting::Truecolor,
            "256" => ColorSetting::Ansi256,
            "16" => ColorSetting::Ansi16,
            "mono" | "none" | "0" => ColorSetting::Mono,
            _ => return None,
        })
    }
}

/// How pieces are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Chess glyphs (♞), coloured per side.
    #[default]
    Unicode,
    /// Letters: upper case White, lower case Black.
    Ascii,
}

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
            command: self.command.clone(),
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
            pieces: PieceStyle::Unicode,
            colors: ColorSetting::Auto,
            multipv: 3,
            hash: 64,
            threads: 1,
            level: 5,
            autostart_analysis: true,
            show_eval_in_games: false,
            player: String::new(),
            analysis_engine: String::new(),
            second_engine: String::new(),
            engines: Vec::new(),
            syzygy_path: String::new(),
            book: String::new(),
            arrows: true,
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

    pub fn validate(&self) -> Result<()> {
        let check = |name: &str, v: usize, (lo, hi): (usize, usize)| {
            if v < lo || v > hi {
                Err(anyhow!("{name} must be {lo}..={hi}, got {v}"))
            } else {
                Ok(())
            }
        };
        check("multipv", self.multipv, (1, MULTIPV_MAX))?;
        // The engine owns the hash and thread ranges.
        EngineOption::Hash(self.hash)
            .validate()
            .map_err(|e| anyhow!("hash: {e}"))?;
        EngineOption::Threads(self.threads)
            .validate()
            .map_err(|e| anyhow!("threads: {e}"))?;
        check(
            "level",
            self.level as usize,
            (*LEVEL_RANGE.start() as usize, *LEVEL_RANGE.end() as usize),
        )?;
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
            "# tapir settings. theme: classic | ocean | light | ansi; pieces: unicode | ascii;\n\
             # colors: auto | truecolor | 256 | 16 | mono (auto follows NO_COLOR, COLORTERM, TERM);\n\
             # multipv 1..=5; hash in MiB; level 1..=10 (10 = full strength);\n\
             # autostart_analysis: analyse on opening; player: your name in games;\n\
             # show_eval_in_games: the evaluation stays on during games against the engine;\n\
             # book: a Polyglot .bin file, \"\" for the built-in book, \"off\" for none.\n\
             # syzygy_path: Syzygy tablebase folders joined by ':'.\n\
             # analysis_engine: an [[engine]]'s name to analyse with (empty: tapir).\n\
             # arrows: the engine lines' best moves marked on the board (w switches).\n\
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
        Ok(Dirs {
            config: pick("TAPIR_CONFIG_DIR", project.as_ref().map(|p| p.config_dir()))?,
            data: pick("TAPIR_DATA_DIR", project.as_ref().map(|p| p.data_dir()))?,
        })
    }

    pub fn config_file(&self) -> PathBuf {
        self.config.join("config.toml")
    }

    pub fn autosave_file(&self) -> PathBuf {
        self.data.join("autosave.pgn")
    }
}

/// The result of reading the config at start-up.
#[derive(Debug)]
pub struct Loaded {
    pub config: Config,
    /// Set when the file was broken (defaults are in use) or could not be
    /// written; shown in the status line.
    pub warning: Option<String>,
    /// Whether changes may be written back (false for a broken file).
    pub writable: bool,
}

/// Reads the config file, creating it with defaults when missing.
pub fn load_or_create(path: &Path) -> Loaded {
    match crate::fsread::read_regular_text(path, 1 << 20) {
        Ok(text) => match Config::parse(&text) {
            Ok(config) => Loaded {
                config,
                warning: None,
                writable: true,
            },
            Err(e) => Loaded {
                config: Config::default(),
                warning: Some(format!(
                    "config {} is broken ({e}); using defaults, file left as is",
                    path.display()
                )),
                writable: false,
            },
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let config = Config::default();
            let warning = write_atomic(path, &config.to_toml())
                .err()
                .map(|e| format!("could not write default config: {e:#}"));
            Loaded {
                config,
                warning,
                writable: true,
            }
        }
        Err(e) => Loaded {
            config: Config::default(),
            warning: Some(format!(
                "cannot read config {}: {e}; using defaults",
                path.display()
            )),
            writable: false,
        },
    }
}

/// Writes `text` to a temporary file beside `path` and renames it over
/// `path`, so a crash never leaves a half-written file. A `path` that is a
/// symbolic link (a linked dotfile) is written through: its target is
/// replaced and the link stays. The file keeps its permissions.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let path = &link_target(path);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| -> Result<()> {
        let mut f =
            fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(text.as_bytes())?;
        if let Ok(meta) = fs::metadata(path) {
            let _ = f.set_permissions(meta.permissions());
        }
        f.sync_all()?;
        fs::rename(&tmp, path).with_context(|| format!("renaming onto {}", path.display()))?;
        // The rename itself is durable once the folder is synced.
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The file a path names once its symbolic links are followed (a link
/// whose target does not exist yet: that target).
fn link_target(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match fs::read_link(&p) {
                Ok(t) if t.is_absolute() => p = t,
                Ok(t) => p = p.parent().map_or(t.clone(), |d| d.join(&t)),
                Err(_) => break,
            },
            _ => break,
        }
    }
    p
}

/// Removes the temporary files of `write_atomic` that a killed process
/// left in `dir` (`.NAME.PID.tmp` whose process is gone); returns how many.
pub fn remove_stale_temps(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut n = 0;
    for e in entries.filter_map(|e| e.ok()) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_prefix('.').and_then(|s| s.strip_suffix(".tmp")) else {
            continue;
        };
        let Some(pid) = stem.rsplit('.').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !alive && e.file_type().is_ok_and(|t| t.is_file()) && fs::remove_file(e.path()).is_ok() {
            n += 1;
        }
    }
    n
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

    #[test]
    fn writes_go_through_links_and_stale_temps_are_cleaned() {
        let dir = std::env::temp_dir().join(format!("tapir-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("dotfiles")).unwrap();
        let real = dir.join("dotfiles/config.toml");
        fs::write(&real, "old").unwrap();
        let link = dir.join("config.toml");
        std::os::unix::fs::symlink("dotfiles/config.toml", &link).unwrap();
        write_atomic(&link, "new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        // A temp file of a process that is gone goes; ours stays.
        fs::write(dir.join(".autosave.pgn.999999999.tmp"), "x").unwrap();
        let mine = dir.join(format!(".autosave.pgn.{}.tmp", std::process::id()));
        fs::write(&mine, "x").unwrap();
        assert_eq!(remove_stale_temps(&dir), 1);
        assert!(mine.exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Config::parse("multipv = 9").unwrap_err().to_string();
        assert!(e.contains("multipv must be 1..=5"), "{e}");
        let e = Config::parse("colour = 1").unwrap_err().to_string();
        assert!(e.contains("colour"), "{e}");
        let e = Config::parse("theme = \"pink\"").unwrap_err().to_string();
        assert!(e.contains("pink") || e.contains("variant"), "{e}");
        assert!(Config::parse("level = 0").is_err());
        assert!(Config::parse("hash = = 3").is_err());
    }
}
