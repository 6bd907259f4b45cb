//! What tapir kept aside so that nothing was lost, listed for `:kept`: a
//! session's unsaved game moved aside when another game came
//! (`autosave.previous….pgn`), an autosave that could not be read back
//! (`autosave.pgn.broken…`), and a file's copy taken before a save wrote
//! over it (`overwritten/`). Each was named once in a message; this finds
//! them again, newest first, so `:load` can bring one back.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The data folder's folder of copies taken before an overwrite.
pub const COPIES: &str = "overwritten";

/// Where the copies taken before an overwrite go, in the data folder `data`.
pub fn copies_dir(data: &Path) -> PathBuf {
    data.join(COPIES)
}

/// One kept file, as the `:kept` list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptFile {
    pub path: PathBuf,
    /// Its name under the data folder (`overwritten/k.pgn`).
    pub name: String,
    /// Why it was kept (for a copy, of which file).
    pub why: String,
    /// For a copy in `overwritten/`, the file it was (when it says): `r`
    /// in the list puts the copy back there.
    pub from: Option<PathBuf>,
    /// Its games, or why it could not be read.
    pub holds: String,
    /// How long ago it was last written ("3 h ago").
    pub age: String,
}

/// Why a file of the data folder was kept, or `None` for one that is not a
/// kept file (the live autosave, an open board's, the settings).
fn why_kept(name: &str) -> Option<&'static str> {
    // A second board's autosave (`autosave.PID.pgn`) whose board is gone:
    // the next start moves it aside, and until then it is listed too.
    let closed_board = name
        .strip_prefix("autosave.")
        .and_then(|n| n.strip_suffix(".pgn"))
        .and_then(|pid| pid.parse::<u32>().ok())
        .is_some_and(|pid| !super::autosave_lock::may_be_running(pid));
    if name.starts_with("autosave.previous") && name.ends_with(".pgn") {
        Some("unsaved game moved aside")
    } else if name.starts_with("autosave.pgn.broken") {
        Some("autosave that would not read")
    } else if closed_board {
        Some("game of a board that closed")
    } else {
        None
    }
}

/// The kept files under `data`, newest first.
pub fn list(data: &Path) -> Vec<KeptFile> {
    let now = SystemTime::now();
    let mut found: Vec<(SystemTime, KeptFile)> = Vec::new();
    let mut add = |path: PathBuf, name: String, why: String, from: Option<PathBuf>| {
        let Ok(meta) = std::fs::metadata(&path) else {
            return;
        };
        if !meta.is_file() {
            return;
        }
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let age = age_text(now.duration_since(modified).unwrap_or_default());
        let holds = holds_text(&path);
        let file = KeptFile {
            path,
            name,
            why,
            from,
            holds,
            age,
        };
        found.push((modified, file));
    };
    for (path, name) in entries(data) {
        if let Some(why) = why_kept(&name) {
            add(path, name, why.to_string(), None);
        }
    }
    // Beside the copies: their labels (`.NAME.from`) and a save's
    // temporary files.
    let copies = entries(&copies_dir(data));
    let copies = copies
        .into_iter()
        .filter(|(_, n)| !n.starts_with(".tapir-") && !n.ends_with(".from"));
    for (path, name) in copies {
        let from = copied_from(&path);
        let why = match &from {
            Some(from) => format!(
                "copy of {} before an overwrite",
                super::files::for_load(from)
            ),
            None => "copy before an overwrite".to_string(),
        };
        add(path, format!("{COPIES}/{name}"), why, from);
    }
    // Newest first; of two written in the same instant, by name.
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
    found.into_iter().map(|(_, f)| f).collect()
}

/// Where a copy in `overwritten/` says which file it was: `.NAME.from`
/// beside it.
pub fn from_file(copy: &Path) -> Option<PathBuf> {
    let name = copy.file_name()?.to_string_lossy();
    Some(copy.with_file_name(format!(".{name}.from")))
}

/// The file a copy in `overwritten/` was taken from, when it says.
pub fn copied_from(copy: &Path) -> Option<PathBuf> {
    // A label is a line: anything longer, or not a regular file, is none.
    let text = crate::fsread::read_regular_text(&from_file(copy)?, 4096).ok()?;
    let line = text.lines().next()?.trim();
    (!line.is_empty()).then(|| PathBuf::from(line))
}

/// The files of `dir` with their names (none when it cannot be read).
fn entries(dir: &Path) -> Vec<(PathBuf, String)> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    read.flatten()
        .map(|e| (e.path(), e.file_name().to_string_lossy().into_owned()))
        .collect()
}

/// What a kept file holds: its one game's players, first moves and
/// length (an unsaved game is often an analysis with no players, told
/// apart by its moves), or how many games, or why it cannot be read.
fn holds_text(path: &Path) -> String {
    let text = match super::files::read_pgn(path) {
        Ok((text, _)) => text,
        Err(e) => return format!("cannot be read: {e}"),
    };
    let games = crate::game::pgn::index::index_games(&text);
    match games.as_slice() {
        [] => "no game in it".to_string(),
        [one] => {
            let name = |k: &str| one.tags.known(k).filter(|v| *v != "?");
            let plies = match one.plies {
                1 => "1 ply".to_string(),
                n => format!("{n} plies"),
            };
            let moves = crate::game::pgn::read_entry(&text, one, 0)
                .map(|r| first_moves(&r.game))
                .unwrap_or_default();
            let about = match moves.as_str() {
                "" => plies,
                _ => format!("{moves} ({plies})"),
            };
            match (name("White"), name("Black")) {
                (None, None) => about,
                (w, b) => format!(
                    "{} - {} {}, {about}",
                    w.unwrap_or("?"),
                    b.unwrap_or("?"),
                    one.result()
                ),
            }
        }
        many => format!("{} games", many.len()),
    }
}

/// The first moves of a game's main line as a book prints them ("1. e4
/// e5 2. Nf3 …").
fn first_moves(game: &crate::game::Game) -> String {
    const SHOWN: usize = 6;
    let tree = game.tree();
    let mut words = Vec::new();
    for (i, n) in tree.mainline().take(SHOWN).enumerate() {
        let Some(parent) = tree.parent(n) else {
            break;
        };
        let before = game.board(parent);
        let side = before.side_to_move();
        if i == 0 || side == crate::chess::Color::White {
            words.push(crate::chess::move_number_text(
                before.fullmove_number(),
                side,
            ));
        }
        words.push(tree.node(n).san().to_string());
    }
    if tree.mainline_len() > SHOWN {
        words.push("…".to_string());
    }
    words.join(" ")
}

/// A time since, in the largest unit that fits ("just now", "5 min ago",
/// "3 h ago", "2 days ago").
fn age_text(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => "just now".to_string(),
        60..3600 => format!("{} min ago", s / 60),
        3600..86_400 => format!("{} h ago", s / 3600),
        86_400..172_800 => "1 day ago".to_string(),
        _ => format!("{} days ago", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unsaved games moved aside, broken autosaves and overwritten copies
    /// are listed with what they hold; the live autosave and the settings
    /// are not.
    #[test]
    fn the_kept_files_are_listed_with_what_they_hold() {
        let dir = std::env::temp_dir().join(format!("tapir-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("overwritten")).unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
        write("autosave.pgn", "1. e4 *\n");
        write("config.toml", "theme = \"dark\"\n");
        write(
            "autosave.previous.pgn",
            "[TapirCursor \"2\"]\n\n1. e4 e5 *\n",
        );
        write(
            "autosave.previous.1.pgn",
            "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n\n1. d4 1-0\n",
        );
        write("autosave.pgn.broken", "\u{1}\u{2}\u{0}binary");
        // A gone second board's autosave is listed; an open board's is not.
        write("autosave.4000000000.pgn", "1. g3 *\n");
        write(&format!("autosave.{}.pgn", std::process::id()), "1. b3 *\n");
        write("overwritten/k.pgn", "1. c4 *\n\n1. Nf3 *\n");
        write("overwritten/.k.pgn.from", "/games/k.pgn\n");
        write("overwritten/.tapir-new-1-0.tmp", "half");
        let mut got = list(&dir);
        got.sort_by(|a, b| a.name.cmp(&b.name));
        let rows: Vec<(&str, &str)> = got.iter().map(|f| (&*f.name, &*f.holds)).collect();
        assert_eq!(
            rows,
            [
                ("autosave.4000000000.pgn", "1. g3 (1 ply)"),
                (
                    "autosave.pgn.broken",
                    "cannot be read: binary data, not PGN text"
                ),
                ("autosave.previous.1.pgn", "Anna - Ben 1-0, 1. d4 (1 ply)"),
                ("autosave.previous.pgn", "1. e4 e5 (2 plies)"),
                ("overwritten/k.pgn", "2 games"),
            ]
        );
        assert!(got.iter().all(|f| f.age == "just now"));
        assert_eq!(got[0].why, "game of a board that closed");
        assert_eq!(got[4].why, "copy of /games/k.pgn before an overwrite");
        let _ = std::fs::remove_dir_all(&dir);
        // A data folder that is not there lists nothing.
        assert!(list(&dir).is_empty());
    }

    #[test]
    fn an_age_reads_in_the_largest_unit() {
        let ages: Vec<String> = [5, 125, 3 * 3600 + 5, 90_000, 5 * 86_400]
            .into_iter()
            .map(|s| age_text(Duration::from_secs(s)))
            .collect();
        assert_eq!(
            ages,
            [
                "just now",
                "2 min ago",
                "3 h ago",
                "1 day ago",
                "5 days ago"
            ]
        );
    }
}
