//! The settings file on disk: read at start (created when missing), and
//! written back by merging the board's changes into the file's own text,
//! so a user's comments, order and settings the board did not change stay.

use super::{Config, EngineConfig};
use anyhow::{anyhow, Context, Result};
use serde::Serialize;
use std::path::Path;

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
            Err(e) => {
                // Each setting that reads is kept, the bad ones take their
                // defaults, and a setting changed on the board is still
                // merged in (only its line changes: how a bad one is
                // mended). A file that is not TOML gives defaults
                // throughout and is never written.
                match Config::parse_lenient(&text) {
                    Some((config, bad)) if !bad.is_empty() => {
                        let rest = if bad.len() == 1 {
                            "it takes its default, the other settings are used"
                        } else {
                            "they take their defaults, the other settings are used"
                        };
                        Loaded {
                            config,
                            warning: Some(format!(
                                "config {}: {}; {rest}",
                                path.display(),
                                bad.join("; ")
                            )),
                            writable: true,
                        }
                    }
                    // Not TOML as a whole (an unquoted word, a key given
                    // twice): the parts that read are used, so that one
                    // slip does not undo every setting; the file is not
                    // written until it is mended by hand.
                    _ => match Config::parse_in_parts(&text) {
                        Some((config, mut bad)) => {
                            bad.insert(0, format!("{e}"));
                            Loaded {
                                config,
                                warning: Some(format!(
                                    "config {} does not read as TOML ({}); the other settings in it are used, the file is left as is (mend it by hand: settings changed here are not kept)",
                                    path.display(),
                                    bad.join("; ")
                                )),
                                writable: false,
                            }
                        }
                        None => Loaded {
                            config: Config::default(),
                            warning: Some(format!(
                                "config {} is broken ({e}); using defaults, file left as is",
                                path.display()
                            )),
                            writable: false,
                        },
                    },
                }
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let config = Config::default();
            let warning = write_atomic(path, config.to_toml())
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

pub use crate::fswrite::{remove_stale_temps, write_atomic};

/// The settings file's text after a session: the file as it is on disk now
/// (its comments, and whatever was edited by hand while the board ran,
/// kept), with only the settings the session changed (`session` against
/// `loaded`, the settings read at start) written anew. An error when the
/// file on disk no longer reads as TOML: it is then left as it is.
pub fn merged_settings(on_disk: &str, loaded: &Config, session: &Config) -> Result<String> {
    // A file with bad settings still merges: they stay as they are unless
    // the session changed them.
    Config::parse_lenient(on_disk)
        .ok_or_else(|| anyhow!("it was changed by hand and no longer reads as TOML"))?;
    let mut doc: toml_edit::DocumentMut = on_disk.parse()?;
    let before = toml::Table::try_from(loaded)?;
    let after = toml::Table::try_from(session)?;
    let keys: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    // The engines merge one by one (`merge_engines`), not as one value.
    for key in keys.into_iter().filter(|k| *k != "engine") {
        match (before.get(key), after.get(key)) {
            (old, Some(new)) if old != Some(new) => {
                // One key as its own document, so that TOML writes it as
                // it would (an array of tables stays `[[engine]]` tables).
                let mut one = toml::Table::new();
                one.insert(key.clone(), new.clone());
                let mut item: toml_edit::DocumentMut = toml::to_string(&one)?.parse()?;
                let Some(item) = item.remove(key) else {
                    continue;
                };
                match (doc.get_mut(key), item) {
                    // A plain value changes in place: the comments around
                    // it stay.
                    (Some(toml_edit::Item::Value(old)), toml_edit::Item::Value(mut v)) => {
                        *v.decor_mut() = old.decor().clone();
                        *old = v;
                    }
                    (_, item) => {
                        doc.insert(key, item);
                    }
                }
            }
            (Some(_), None) => {
                doc.remove(key);
            }
            _ => {}
        }
    }
    merge_engines(&mut doc, &loaded.engines, &session.engines)?;
    // A key added last ends its line too, as text files do.
    let mut text = doc.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    // A file written with CRLF line ends (Windows editors) keeps them:
    // the lines written anew take the file's own.
    let text = match on_disk.contains("\r\n") {
        true => text.replace("\r\n", "\n").replace('\n', "\r\n"),
        false => text,
    };
    // And a byte-order mark (Notepad's) stays.
    let text = match on_disk.starts_with('\u{feff}') && !text.starts_with('\u{feff}') {
        true => format!("\u{feff}{text}"),
        false => text,
    };
    // What is written must read back as the session's settings where it
    // changed them.
    let (read, _) =
        Config::parse_lenient(&text).ok_or_else(|| anyhow!("the merged settings do not read"))?;
    let read = toml::Table::try_from(&read)?;
    for key in after.keys().filter(|k| *k != "engine") {
        if before.get(key) != after.get(key) && read.get(key) != after.get(key) {
            return Err(anyhow!("the merged settings do not read back ({key})"));
        }
    }
    Ok(text)
}

/// The session's changes to the engines (`before` as read at start,
/// `after` at exit), made by name in the file's `[[engine]]` tables: one
/// the session removed goes, one it changed is replaced in its place, one
/// it added is appended, and those it never touched (added by hand while
/// the board ran, or unchanged) stay with their comments.
fn merge_engines<'a>(
    doc: &mut toml_edit::DocumentMut,
    before: &'a [EngineConfig],
    after: &'a [EngineConfig],
) -> Result<()> {
    let named = |list: &'a [EngineConfig], name: &str| list.iter().find(|e| e.name == name);
    let removed: Vec<&str> = (before.iter())
        .filter(|e| named(after, &e.name).is_none())
        .map(|e| e.name.as_str())
        .collect();
    let changed: Vec<&EngineConfig> = (after.iter())
        .filter(|e| named(before, &e.name) != Some(*e))
        .collect();
    if removed.is_empty() && changed.is_empty() {
        return Ok(());
    }
    // Engines written as one inline array (`engine = [{ name = ... }]`)
    // become `[[engine]]` tables, every one kept; so does one `[engine]`
    // table (single brackets, a common slip: the start said it did not
    // read), as the list of one it was meant to be.
    if let Some(item) = doc.get_mut("engine") {
        *item = match std::mem::take(item) {
            toml_edit::Item::Table(t) => {
                let mut tables = toml_edit::ArrayOfTables::new();
                tables.push(t);
                toml_edit::Item::ArrayOfTables(tables)
            }
            other => match other.into_array_of_tables() {
                Ok(tables) => toml_edit::Item::ArrayOfTables(tables),
                Err(item) => item,
            },
        };
    }
    match doc.get("engine") {
        None => {
            doc.insert(
                "engine",
                toml_edit::Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
            );
        }
        Some(i) if i.is_array_of_tables() => {}
        // Anything else (a list holding other things than tables) would
        // be written over with the session's engines alone: left to the
        // user's hand instead, and said.
        Some(_) => {
            return Err(anyhow!(
                "its `engine` is not a list of [[engine]] tables, and writing the engines would drop it (mend it by hand)"
            ))
        }
    }
    let Some(tables) = doc
        .get_mut("engine")
        .and_then(toml_edit::Item::as_array_of_tables_mut)
    else {
        return Ok(());
    };
    fn name_of(t: &toml_edit::Table) -> Option<&str> {
        t.get("name").and_then(|v| v.as_str())
    }
    tables.retain(|t| name_of(t).is_none_or(|n| !removed.contains(&n)));
    for e in changed {
        let mut table = engine_table(e)?;
        let mut at = (tables.iter()).position(|t| name_of(t) == Some(e.name.as_str()));
        // An engine this board added whose name the file already has (in
        // any case: a table written by hand, or by another board, while
        // this one ran): the file's table stays, and the new engine comes
        // in under a free name unless it is the same engine.
        let taken = |tables: &toml_edit::ArrayOfTables, name: &str| {
            (tables.iter()).any(|t| name_of(t).is_some_and(|n| n.eq_ignore_ascii_case(name)))
        };
        if named(before, &e.name).is_none() && taken(tables, &e.name) {
            let same = (tables.iter()).any(|t| {
                toml::from_str::<EngineConfig>(&t.to_string()).is_ok_and(|theirs| theirs == *e)
            });
            if same {
                continue;
            }
            let free = (2..)
                .map(|k| format!("{}-{k}", e.name))
                .find(|n| {
                    !taken(tables, n) && !after.iter().any(|a| a.name.eq_ignore_ascii_case(n))
                })
                .unwrap_or_default();
            table.insert("name", toml_edit::value(free));
            at = None;
        }
        match at {
            Some(i) => {
                if let Some(t) = tables.get_mut(i) {
                    let (decor, position) = (t.decor().clone(), t.position());
                    *t = table;
                    *t.decor_mut() = decor;
                    t.set_position(position);
                }
            }
            None => {
                let mut table = table;
                table.decor_mut().set_prefix("\n");
                tables.push(table)
            }
        }
    }
    if tables.is_empty() {
        doc.remove("engine");
    }
    Ok(())
}

/// One engine as the `[[engine]]` table TOML writes for it.
fn engine_table(e: &EngineConfig) -> Result<toml_edit::Table> {
    #[derive(Serialize)]
    struct One<'a> {
        engine: [&'a EngineConfig; 1],
    }
    let mut doc: toml_edit::DocumentMut = toml::to_string(&One { engine: [e] })?.parse()?;
    let mut table = doc
        .remove("engine")
        .and_then(|i| i.into_array_of_tables().ok())
        .and_then(|mut a| {
            let t = a.get_mut(0).map(std::mem::take);
            t
        })
        .ok_or_else(|| anyhow!("engine {}: could not be written as TOML", e.name))?;
    // Its options inline (`options = { Threads = "2" }`): a sub-table
    // would keep its place in the document it came from.
    for (_, item) in table.iter_mut() {
        if item.is_table() {
            if let Ok(v) = std::mem::take(item).into_value() {
                *item = toml_edit::Item::Value(v);
            }
        }
    }
    table.fmt();
    table.set_position(None);
    Ok(table)
}

/// Writes the session's changed settings into the settings file at exit
/// (`merged_settings`), or the whole settings when the file is gone.
pub fn save_settings(path: &Path, loaded: &Config, session: &Config) -> Result<()> {
    let text = match crate::fsread::read_regular_text(path, 1 << 20) {
        Ok(on_disk) => merged_settings(&on_disk, loaded, session)
            .with_context(|| format!("{} is left as it is", path.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => session.to_toml(),
        Err(e) => return Err(anyhow!("cannot read {}: {e}", path.display())),
    };
    write_atomic(path, &text)
}
