//! The files a user names (`--pgn`, `:load`, `:save`, the autosave): read
//! with limits and only when they are regular files (a device, a named
//! pipe or a huge file is a clear error instead of a board that hangs),
//! decoded as UTF-8 or Latin-1, written atomically so that no save can
//! lose a game that was in the file, and so that the games a save does
//! not touch keep their bytes. Paths may start with `~` or `$HOME`,
//! and Tab completes them.

use super::action::SaveHow;
use super::config::write_atomic;
use super::document::Origin;
use crate::game::pgn::lexer::is_space;
use crate::game::pgn::{
    decode, encode_latin1, normalize_newlines, source_offsets, split_games, Encoding,
};
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The largest PGN file the board opens: far beyond any game or
/// collection one browses in a picker.
pub const MAX_PGN_BYTES: u64 = 64 << 20;

/// A regular file's bytes, at most `max` of them; the error says why not.
pub use crate::fsread::read_regular;

/// A PGN file's text and the encoding it was read in.
pub fn read_pgn(path: &Path) -> io::Result<(String, Encoding)> {
    read_pgn_raw(path).map(|(text, enc, _)| (text, enc))
}

/// A PGN file's text, its encoding and its bytes, from one read (so a
/// save can keep the bytes of the games it does not touch).
pub fn read_pgn_raw(path: &Path) -> io::Result<(String, Encoding, Vec<u8>)> {
    let bytes = read_regular(path, MAX_PGN_BYTES)?;
    // Windows exports some files so; named, not called binary.
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "UTF-16 text: tapir reads PGN in UTF-8 or Latin-1 (save it as UTF-8)",
        ));
    }
    if looks_binary(&bytes) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "binary data, not PGN text",
        ));
    }
    let (text, enc) = decode(&bytes);
    Ok((text, enc, bytes))
}

/// Whether a file's bytes are binary data rather than text: NUL bytes,
/// unless they are a stray few (at most one byte in a hundred) in valid
/// UTF-8. A NUL pasted into a comment was once saved into a game file;
/// refused whole, such a file held every one of its games out of reach.
fn looks_binary(bytes: &[u8]) -> bool {
    let nuls = bytes.iter().filter(|&&b| b == 0).count();
    nuls > 0 && (nuls * 100 > bytes.len() || std::str::from_utf8(bytes).is_err())
}

/// `~`, `~/x`, `$HOME/x` and `${HOME}/x` with the home directory put in,
/// made absolute (so the autosave names the same file wherever tapir is
/// started next). A path typed in quotes, as a shell would take it
/// (`"my games.pgn"`), loses them: no file or folder named `"` is made.
pub fn expand_path(p: &Path) -> PathBuf {
    let unquoted = unquote(p);
    let expanded = expand_home(unquoted.as_deref().unwrap_or(p));
    std::path::absolute(&expanded).unwrap_or(expanded)
}

/// Each of the `:`-joined tablebase folders as `expand_path` gives it
/// (`~`, `$HOME`, made absolute), so the setting names the same folders
/// wherever tapir starts next (and `syzygy_path` in config.toml reads
/// as `:syzygy` does).
pub fn expand_folders(path: &str) -> String {
    path.split(':')
        .filter(|p| !p.trim().is_empty())
        .map(|p| expand_path(Path::new(p.trim())).display().to_string())
        .collect::<Vec<_>>()
        .join(":")
}

/// An engine's program as the board starts it: a path (`~/sf`, `./sf`,
/// `$HOME/bin/sf`) expanded and made absolute, so that an engine kept in
/// the settings starts from any folder; a bare name (`stockfish`) is
/// left for the PATH, or found in the folders Debian installs its chess
/// engines to when the PATH lacks them (root's has no /usr/games).
pub fn program_path(command: &str) -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    program_path_in(command, &path, &GAMES_DIRS.map(Path::new))
}

/// Where Debian and its derivatives put games, chess engines among them.
const GAMES_DIRS: [&str; 2] = ["/usr/local/games", "/usr/games"];

/// `program_path` with the PATH and the games folders given.
fn program_path_in(command: &str, path: &std::ffi::OsStr, games: &[&Path]) -> String {
    let is_path = command.contains('/') || command.starts_with('~') || command.starts_with('$');
    if is_path {
        return expand_path(Path::new(command))
            .to_string_lossy()
            .into_owned();
    }
    if !on_path(command, path) {
        if let Some(found) = games
            .iter()
            .map(|d| d.join(command))
            .find(|p| is_program(p))
        {
            return found.to_string_lossy().into_owned();
        }
    }
    command.to_string()
}

/// Whether `command`, as `engine_from_line` leaves it, could name a
/// program: a path (tried as given, so its own error says what is wrong
/// with it), or a bare name of a program in a folder of the PATH.
pub fn findable(command: &str) -> bool {
    command.contains('/') || std::env::var_os("PATH").is_some_and(|p| on_path(command, &p))
}

/// Whether a folder of `path` (a PATH's value) holds the program `command`.
fn on_path(command: &str, path: &std::ffi::OsStr) -> bool {
    std::env::split_paths(path).any(|dir| is_program(&dir.join(command)))
}

/// A file the board could start: a regular file with an execute bit.
fn is_program(p: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// An engine's command line as the board starts it: its program found
/// as `program_path` says.
pub fn engine_from_line(line: &str) -> Result<crate::engine::EngineSpec, crate::engine::SpecError> {
    let s = crate::engine::EngineSpec::from_command_line(line)?;
    Ok(crate::engine::EngineSpec {
        command: program_path(&s.command),
        ..s
    })
}

/// `p` without one pair of quotes (`"` or `'`) around the whole of it.
fn unquote(p: &Path) -> Option<PathBuf> {
    let s = p.to_str()?;
    ['"', '\'']
        .iter()
        .find_map(|&q| s.strip_prefix(q)?.strip_suffix(q))
        .filter(|inner| !inner.is_empty())
        .map(PathBuf::from)
}

/// `~` and `$HOME` at the start of `p` with the home directory put in.
fn expand_home(p: &Path) -> PathBuf {
    let s = p.to_string_lossy();
    let home = || std::env::var_os("HOME").map(PathBuf::from);
    let rest = if s == "~" || s == "$HOME" || s == "${HOME}" {
        Some("")
    } else {
        ["~/", "$HOME/", "${HOME}/"]
            .iter()
            .find_map(|pre| s.strip_prefix(pre))
    };
    match (rest, home()) {
        (Some(r), Some(h)) => h.join(r),
        _ => p.to_path_buf(),
    }
}

/// `p` as a message names it for `:load`: under the home directory
/// written from `~` (which `:load` reads back), else whole.
pub fn for_load(p: &Path) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match home.as_deref().and_then(|h| p.strip_prefix(h).ok()) {
        Some(rest) if !rest.as_os_str().is_empty() => format!("~/{}", rest.display()),
        _ => p.display().to_string(),
    }
}

/// The file names that complete `typed` (a path as typed, `~` allowed),
/// each written the way the user started it; directories end in `/`.
pub fn complete_path(typed: &str) -> Vec<String> {
    let (dir_typed, partial) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let dir = if dir_typed.is_empty() {
        PathBuf::from(".")
    } else {
        expand_home(Path::new(dir_typed))
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            // A name that is not UTF-8 cannot be typed back whole: offered,
            // it would name another file.
            let name = e.file_name().into_string().ok()?;
            if !name.starts_with(partial) || (name.starts_with('.') && !partial.starts_with('.')) {
                return None;
            }
            let is_dir = e.file_type().ok()?.is_dir()
                || (e.file_type().ok()?.is_symlink() && e.path().is_dir());
            Some(format!(
                "{dir_typed}{name}{}",
                if is_dir { "/" } else { "" }
            ))
        })
        .collect();
    out.sort();
    out
}

/// Whether `a` and `b` name one file (through a symbolic or a hard
/// link): `:save LINK` to the game's own file saves it in place.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}

/// What a save did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Written; the game's index in the file when it holds several, and
    /// a note worth saying.
    Done {
        index: Option<usize>,
        note: Option<String>,
    },
    /// A new save found the file there, or a save in place found its own
    /// file changed (`Holding::Changed`): ask.
    Exists(Holding),
}

/// What the file a new save found there holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holding {
    /// This many games tapir can read (0: none).
    Games(usize),
    /// It could not be read (why): it is never written over.
    Unreadable(String),
    /// Text that is not PGN (this many bytes; a list, a source file): it
    /// is never written over or added to.
    NotPgn(u64),
    /// The board's own file, changed by another program since the game
    /// was read (why), holding this many games: the game can go after
    /// them, and nothing is written over.
    Changed { why: String, games: usize },
}

/// A game's text in a file, as a number: what a save in place checks is
/// still there (FNV-1a over the text without its surrounding blanks).
pub fn fingerprint(game_text: &str) -> u64 {
    game_text
        .trim_matches(is_space)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
        })
}

/// Whether `game_text` is the game fingerprinted as `want`: its text as
/// now cut out of the file, or as tapir before 2026-12 cut a game without
/// tags (from its first move, without the move number before it), so
/// that an autosave of then still saves in place.
pub fn is_game(game_text: &str, want: u64) -> bool {
    if fingerprint(game_text) == want {
        return true;
    }
    let t = game_text.trim_start();
    let after_number = t.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = after_number.trim_start_matches('.');
    after_number.len() < t.len() && rest.len() < after_number.len() && fingerprint(rest) == want
}

/// A PGN file as a save finds it: its bytes, its text as read, how it
/// was read, where its games lie in the text and how it ends its lines.
/// A save splices its game into the bytes, so every other game keeps
/// its own, line ends, encoding and all.
struct FileNow {
    raw: Vec<u8>,
    text: String,
    enc: Encoding,
    spans: Vec<Range<usize>>,
    /// Most of its line ends are CRLF: a game goes in so.
    crlf: bool,
}

/// Why a save onto a file that is not PGN writes nothing.
const NOT_PGN: &str =
    "nothing was written: it is not a PGN file (tapir reads no game in it); :save another name";

impl FileNow {
    /// Whether it holds games (or only blanks), not some other text.
    fn is_pgn(&self) -> bool {
        self.text.trim().is_empty()
            || crate::game::pgn::holds_games(&self.text, &crate::game::pgn::index_games(&self.text))
    }

    fn read(path: &Path) -> anyhow::Result<FileNow> {
        let (text, enc, raw) =
            read_pgn_raw(path).map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
        Ok(FileNow {
            spans: split_games(&text),
            crlf: crate::game::pgn::crlf_majority(&raw),
            raw,
            text,
            enc,
        })
    }

    /// `text` (with `\n` line ends) in the file's line ends.
    fn line_ends(&self, text: &str) -> String {
        with_line_ends(text, self.crlf)
    }

    /// Whether a game goes in as Latin-1 (Windows-1252): in a file read
    /// as Latin-1, yes; in one part UTF-8, part not, as the game it
    /// replaces was (when it was not plain ASCII), else as most of the
    /// file's games that are not plain ASCII are.
    fn writes_latin1(&self, replacing: Option<usize>) -> bool {
        match self.enc {
            Encoding::Utf8 => return false,
            Encoding::Latin1 => return true,
            Encoding::Mixed => {}
        }
        let cuts: Vec<usize> = self.spans.iter().flat_map(|s| [s.start, s.end]).collect();
        let at = source_offsets(&self.raw, &cuts);
        // A game's bytes: Some(true) not UTF-8, Some(false) UTF-8 beyond
        // ASCII, None plain ASCII.
        let latin1 = |j: usize| match decode(&self.raw[at[2 * j]..at[2 * j + 1]]).1 {
            Encoding::Utf8 => (!self.text[self.spans[j].clone()].is_ascii()).then_some(false),
            Encoding::Latin1 | Encoding::Mixed => Some(true),
        };
        if let Some(was) = replacing.and_then(latin1) {
            return was;
        }
        let (latin, utf8): (Vec<bool>, Vec<bool>) =
            (0..self.spans.len()).filter_map(latin1).partition(|&l| l);
        latin.len() > utf8.len()
    }

    /// `text` (with `\n` line ends) as the bytes a save writes: CRLF line
    /// ends when `crlf`, in Windows-1252 when `latin1` and the text goes
    /// in so (a character Latin-1 lacks in UTF-8, said), else all in
    /// UTF-8, and then a note says so.
    fn encode(&self, text: &str, latin1: bool, crlf: bool) -> (Vec<u8>, Option<String>) {
        let text = with_line_ends(text, crlf);
        match latin1.then(|| encode_latin1(&text)) {
            None => (text.into_bytes(), None),
            Some(Some((bytes, 0))) => (bytes, None),
            Some(Some((bytes, n))) => (
                bytes,
                Some(format!("{n} character{} Latin-1 lacks went in as UTF-8 (the rest of the file is Latin-1)", if n == 1 { "" } else { "s" })),
            ),
            Some(None) => (
                text.into_bytes(),
                Some("the game does not go into the file's Latin-1 as it is, so it went in as UTF-8 (the other games keep their bytes)".to_string()),
            ),
        }
    }

    /// Whether `bytes`, read back, hold this file's games as they were
    /// with `text` as game `index` (in place of the game there, or after
    /// them all): the check that a save wrote what it says it saved and
    /// changed nothing else.
    fn reads_back(&self, bytes: &[u8], index: usize, text: &str) -> bool {
        let (after, _) = decode(bytes);
        let games = split_games(&after);
        let count = self.spans.len() + usize::from(index == self.spans.len());
        games.len() == count
            && games.iter().enumerate().all(|(j, s)| {
                let want = if j == index {
                    text
                } else {
                    &self.text[self.spans[j].clone()]
                };
                after[s.clone()].trim_matches(is_space) == want.trim_matches(is_space)
            })
    }
}

/// `text` (with `\n` line ends) with CRLF line ends when `crlf`.
fn with_line_ends(text: &str, crlf: bool) -> String {
    if crlf {
        text.replace('\n', "\r\n")
    } else {
        text.to_string()
    }
}

/// Two notes of a save as one ("a; b"), either alone, or none.
fn and_note(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

/// How many other names (hard links) the file at `path` has, links
/// followed; `None` for none or no such file.
fn other_names(path: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let links = std::fs::metadata(path).ok()?.nlink();
        (links > 1).then(|| links - 1)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Saves one game's `text` to `path` as `how` says, never dropping a game
/// that was in the file nor changing another game's bytes (the whole
/// file is written atomically, in the file's own line ends).
pub fn save_game(path: &Path, text: &str, how: &SaveHow) -> anyhow::Result<Saved> {
    save_game_keeping(path, text, how, None)
}

/// As [`save_game`]; an overwrite first copies the file's bytes, as they
/// are, into the folder `keep_in` (made when missing) under the first free
/// name after the file's own, and says where: a file's games leave the
/// disk only with a copy kept, which `:load` brings back.
pub fn save_game_keeping(
    path: &Path,
    text: &str,
    how: &SaveHow,
    keep_in: Option<&Path>,
) -> anyhow::Result<Saved> {
    let text = &normalize_newlines(text.to_string());
    // A new folder is said, not made silently.
    let new_dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.exists())
        .map(|d| format!("made the folder {}", d.display()));
    // The rename that makes the write atomic gives the file a new inode:
    // its other names (hard links) keep the old text, which is said.
    let parted = other_names(path).map(|n| match n {
        1 => "its other name (a hard link) keeps the old text".to_string(),
        n => format!("its {n} other names (hard links) keep the old text"),
    });
    let done = |index: Option<usize>, note: Option<String>| {
        let note = and_note(and_note(note, new_dir.clone()), parted.clone());
        Ok(Saved::Done { index, note })
    };
    if path.is_dir() {
        anyhow::bail!(
            "it is a folder: give a file name, such as {}",
            path.join("game.pgn").display()
        );
    }
    match how {
        SaveHow::New => match std::fs::metadata(path) {
            Ok(m) if m.len() > 0 || !m.is_file() => Ok(match FileNow::read(path) {
                Ok(file) if !file.is_pgn() => Saved::Exists(Holding::NotPgn(m.len())),
                Ok(file) => Saved::Exists(Holding::Games(file.spans.len())),
                Err(e) => Saved::Exists(Holding::Unreadable(format!("{e:#}"))),
            }),
            _ => {
                write_atomic(path, text)?;
                done(None, None)
            }
        },
        SaveHow::Overwrite => {
            // A file whose games tapir cannot read (too large, binary, not
            // a file) might hold any number of them: it is never written
            // over, whatever was answered before.
            let mut kept = None;
            if path.exists() {
                match FileNow::read(path) {
                    Err(e) => {
                        anyhow::bail!("{e:#}; a file tapir cannot read is not written over")
                    }
                    Ok(file) if !file.is_pgn() => anyhow::bail!(NOT_PGN),
                    Ok(file) => {
                        // A file that cannot be written leaves no copy.
                        crate::fswrite::check_writable(path)?;
                        if let Some(dir) = keep_in.filter(|_| !file.raw.is_empty()) {
                            kept = Some(keep_copy(path, &file.raw, dir).map_err(|e| {
                                anyhow::anyhow!(
                                    "nothing was written: no copy of the file could be kept in {} ({e}); :save another name",
                                    dir.display()
                                )
                            })?);
                        }
                    }
                }
            }
            write_atomic(path, text)?;
            let kept = kept.map(|k| format!("the old file kept as {} (:load it)", for_load(&k)));
            done(None, kept)
        }
        SaveHow::Append => {
            let file = FileNow::read(path)?;
            if !file.is_pgn() {
                anyhow::bail!(NOT_PGN);
            }
            let (bytes, encoding) = appended(&file, text);
            // A file that ends inside a comment or a game's tags would take
            // the new game into its last one: the board would say "saved"
            // of a game no reader finds.
            let games = file.spans.len();
            if !file.reads_back(&bytes, games, text) {
                anyhow::bail!(
                    "nothing was written: its last game does not end (an open comment or tags without moves), so this one would join it; :save another name"
                );
            }
            write_atomic(path, bytes)?;
            let note = format!("appended as game {} of {}", games + 1, games + 1);
            done(Some(games), and_note(Some(note), encoding))
        }
        SaveHow::Replace { index, expect } => {
            let file = match FileNow::read(path) {
                Ok(x) => x,
                // The file is gone: the game is written afresh.
                Err(_) if !path.exists() => {
                    write_atomic(path, text)?;
                    return done(None, Some("the file was gone; written anew".to_string()));
                }
                Err(e) => return Err(e),
            };
            let (i, moved) = match find_game(&file, *index, *expect) {
                Ok(found) => found,
                // Where the game was is not sure: nothing is written, and
                // the board offers to add it after the file's games.
                Err(why) if file.is_pgn() => {
                    let games = file.spans.len();
                    return Ok(Saved::Exists(Holding::Changed { why, games }));
                }
                Err(why) => anyhow::bail!(
                    "nothing was written: the file changed since the game was loaded ({why}); :save FILE saves elsewhere"
                ),
            };
            let (bytes, encoding) = replaced(&file, i, text);
            if !file.reads_back(&bytes, i, text) {
                anyhow::bail!(
                    "nothing was written: the game would not read back from the file as it is; :save another name"
                );
            }
            write_atomic(path, bytes)?;
            let moved = moved.map(|was| {
                format!(
                    "the file's games moved, so it went in as game {}, where its text was (game {} when loaded)",
                    i + 1,
                    was + 1
                )
            });
            // Its place in a file of several games, from now on.
            let at = (index.is_some() || file.spans.len() > 1).then_some(i);
            done(at, and_note(moved, encoding))
        }
    }
}

/// Writes `bytes`, the file at `path` as it was, as a new file in `dir`:
/// `games.pgn` goes in as `games.pgn`, or `games.1.pgn`, `games.2.pgn`, ...
/// when taken; no earlier copy is written over. Which file it was goes
/// beside it (`.games.1.pgn.from`, read by `kept::copied_from`), so that
/// `:kept` tells two `games.pgn` of two folders apart.
fn keep_copy(path: &Path, bytes: &[u8], dir: &Path) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    // A dotfile's copy is not hidden in its turn (`.k.pgn` is kept as
    // `k.pgn`), so a listing of the folder shows it.
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().trim_start_matches('.').to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "game".to_string());
    let ext = path.extension().map(|e| e.to_string_lossy());
    let name = |k: usize| match (k, &ext) {
        (0, Some(e)) => format!("{stem}.{e}"),
        (0, None) => stem.to_string(),
        (k, Some(e)) => format!("{stem}.{k}.{e}"),
        (k, None) => format!("{stem}.{k}"),
    };
    let copy = crate::fswrite::write_new(dir, name, bytes)?;
    if let Some(from) = super::kept::from_file(&copy) {
        let whole = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        // Only a label: the copy is kept whether or not it can be written.
        let _ = write_atomic(&from, whole.to_string_lossy().as_bytes());
    }
    Ok(copy)
}

/// Puts `copy` (a file's copy in `overwritten/`) back as the file `to`:
/// what `to` holds now is first kept as a copy of its own in `keep_in`,
/// as any overwrite keeps one, and only then is `to` written (atomically)
/// with the copy's bytes. The copy stays. Returns the new copy's path, or
/// `None` when `to` held nothing.
pub fn restore_copy(copy: &Path, to: &Path, keep_in: &Path) -> anyhow::Result<Option<PathBuf>> {
    let bytes = crate::fsread::read_regular(copy, MAX_PGN_BYTES)
        .map_err(|e| anyhow::anyhow!("reading {}: {e}", copy.display()))?;
    // Through fsread, as every read of a user's file: a pipe or a device
    // named there is an error, not a read that waits for ever.
    let now = match crate::fsread::read_regular(to, MAX_PGN_BYTES) {
        Ok(now) => now,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => anyhow::bail!("reading {}: {e}; nothing was written", to.display()),
    };
    if now == bytes {
        anyhow::bail!("{} already holds what the copy holds", for_load(to));
    }
    if to.exists() {
        crate::fswrite::check_writable(to)?;
    }
    let kept = match now.is_empty() {
        true => None,
        false => Some(keep_copy(to, &now, keep_in).map_err(|e| {
            anyhow::anyhow!(
                "nothing was written: no copy of {} could be kept in {} ({e})",
                for_load(to),
                keep_in.display()
            )
        })?),
    };
    write_atomic(to, &bytes)?;
    Ok(kept)
}

/// The file's bytes with `text` after its games, and the note of its
/// encoding. The file's games keep their bytes, line ends, byte-order
/// mark and all; the new game takes the file's usual line ends.
fn appended(file: &FileNow, text: &str) -> (Vec<u8>, Option<String>) {
    let raw = &file.raw;
    let at = source_offsets(raw, &[0, file.text.trim_end_matches(is_space).len()]);
    let (bom, body, tail) = (&raw[..at[0]], &raw[at[0]..at[1]], &raw[at[1]..]);
    // The last game's own line end stays as it was; a DOS end-of-file mark
    // (Ctrl-Z) stays the file's last byte, after the new game, where
    // readers that stop at it still see it.
    let eof_mark: &[u8] = if tail.contains(&0x1a) { b"\x1a" } else { b"" };
    let eol = [&b"\r\n"[..], b"\n", b"\r"]
        .into_iter()
        .find(|e| tail.starts_with(e))
        .map_or_else(|| file.line_ends("\n").into_bytes(), <[u8]>::to_vec);
    let (game, note) = file.encode(text, file.writes_latin1(None), file.crlf);
    let mut bytes = bom.to_vec();
    if !body.is_empty() {
        bytes.extend(body);
        bytes.extend(eol);
        bytes.extend(file.line_ends("\n").into_bytes());
    }
    bytes.extend(game);
    bytes.extend(eof_mark);
    (bytes, note)
}

/// Which of the file's games a save in place writes over: game `index`
/// (`None`: the file's only game), or where other programs moved it, the
/// game whose text is the loaded one's (`expect`, its fingerprint), with
/// its number when loaded; or why the file is no longer what was loaded,
/// when nothing may be written.
fn find_game(
    file: &FileNow,
    index: Option<usize>,
    expect: Option<u64>,
) -> Result<(usize, Option<usize>), String> {
    let spans = &file.spans;
    // A file of one game that holds more now is searched as one whose
    // games moved: its game was game 1.
    let mut i = match index {
        Some(i) => i,
        None if spans.len() <= 1 || expect.is_some() => 0,
        None => return Err(format!("it holds {} games now", spans.len())),
    };
    // The game is found by its text where another program added or removed
    // games before it: saved where it is now, said so. A text found twice,
    // or not at all, is not this game for sure.
    let mut moved = None;
    if let (Some(want), true) = (expect, index.is_some() || spans.len() > 1) {
        let holds = |j: usize| is_game(&file.text[spans[j].clone()], want);
        if !(i < spans.len() && holds(i)) {
            let found: Vec<usize> = (0..spans.len()).filter(|&j| holds(j)).collect();
            match found[..] {
                [j] => {
                    moved = Some(i);
                    i = j;
                }
                [] => {}
                _ => {
                    let places: Vec<String> = found.iter().map(|j| (j + 1).to_string()).collect();
                    return Err(format!(
                        "its games moved, and game {}'s text is there {} times now (games {}), so which is this game's is not sure",
                        i + 1,
                        found.len(),
                        places.join(", ")
                    ));
                }
            }
        }
    }
    let Some(span) = spans.get(i) else {
        return Err(format!(
            "it holds {} games, not game {}",
            spans.len(),
            i + 1
        ));
    };
    if let Some(want) = expect {
        if !is_game(&file.text[span.clone()], want) {
            return Err(format!(
                "game {}'s text is no longer the one this game was read from",
                i + 1
            ));
        }
    }
    Ok((i, moved))
}

/// Why the file `origin` names no longer holds the game as it was last
/// read or saved (the file is gone, unreadable, or its game was edited
/// or removed elsewhere); `None` when it still does, or when the game's
/// text was never known.
pub fn no_longer_holds(origin: &Origin) -> Option<String> {
    let path = &origin.path;
    if !path.exists() {
        return Some(format!("its file {} is gone", path.display()));
    }
    let file = match FileNow::read(path) {
        Ok(f) => f,
        Err(e) => return Some(format!("its file cannot be read ({e:#})")),
    };
    origin.fingerprint?;
    find_game(&file, origin.index, origin.fingerprint)
        .err()
        .map(|why| format!("{} changed since it was saved ({why})", path.display()))
}

/// The file's bytes with `text` in place of game `i`, and the note of its
/// encoding. Only the game's own text changes: what follows it (its
/// line ends and blank lines, a byte-order mark or an end-of-file mark
/// between two files joined into one, the file's end) keeps its bytes.
fn replaced(file: &FileNow, i: usize, text: &str) -> (Vec<u8>, Option<String>) {
    let span = file.spans[i].clone();
    let text_end = span.start + file.text[span.clone()].trim_end_matches(is_space).len();
    let at = source_offsets(&file.raw, &[span.start, text_end]);
    // The game keeps its own line ends (its last line's end, after the
    // text, stays as it was): a CRLF game in a file of LF ones, or the
    // other way about, is not left with two kinds.
    let own = &file.raw[at[0]..file.raw.len().min(at[1] + 2)];
    let crlf = if own.contains(&b'\n') {
        crate::game::pgn::crlf_majority(own)
    } else {
        file.crlf
    };
    let (game, note) = file.encode(text.trim_end(), file.writes_latin1(Some(i)), crlf);
    let mut bytes = file.raw[..at[0]].to_vec();
    bytes.extend(game);
    bytes.extend(&file.raw[at[1]..]);
    (bytes, note)
}

/// Today's date as PGN writes it ("2026.11.25"), in UTC.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The calendar date of a day count since 1970-01-01 (Howard Hinnant's
/// civil-from-days algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_bare_engine_name_is_found_in_the_games_folders_when_the_path_lacks_it() {
        use std::os::unix::fs::PermissionsExt;
        let root = temp("games");
        let (bin, games) = (root.join("bin"), root.join("games"));
        for d in [&bin, &games] {
            std::fs::create_dir_all(d).unwrap();
        }
        let make = |p: &Path, mode: u32| {
            std::fs::write(p, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        make(&games.join("fish"), 0o755);
        make(&games.join("note"), 0o644);
        let path = bin.clone().into_os_string();
        let dirs = [games.as_path()];
        let want = games.join("fish").to_string_lossy().into_owned();
        assert_eq!(program_path_in("fish", &path, &dirs), want);
        // Not a program: left for the PATH (and its "not found").
        assert_eq!(program_path_in("note", &path, &dirs), "note");
        assert_eq!(program_path_in("nothing", &path, &dirs), "nothing");
        // On the PATH: the PATH's, by its bare name, as the shell would.
        make(&bin.join("fish"), 0o755);
        assert_eq!(program_path_in("fish", &path, &dirs), "fish");
        std::fs::remove_dir_all(&root).ok();
    }

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tapir-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn refuses_devices_directories_and_binary() {
        assert!(read_pgn(Path::new("/dev/zero")).is_err());
        let dir = temp("refuse");
        assert!(read_pgn(&dir).is_err(), "a directory");
        let bin = dir.join("bin.pgn");
        std::fs::write(&bin, [0x00, 0x01]).unwrap();
        assert!(read_pgn(&bin).is_err());
        // A stray NUL in a text file (one an older tapir saved from a
        // pasted comment) keeps none of its games out of reach.
        let games = "[Event \"A\"]\n\n1. e4 { pasted\0x } *\n\n".to_string()
            + &"[Event \"B\"]\n\n1. d4 d5 *\n\n".repeat(4);
        std::fs::write(&bin, &games).unwrap();
        assert_eq!(read_pgn(&bin).unwrap(), (games, Encoding::Utf8));
        // Not when the NULs are many, nor in bytes that are no UTF-8.
        std::fs::write(&bin, b"[Event \"A\"]\n\0\0\n1. e4 *\n").unwrap();
        assert!(read_pgn(&bin).is_err());
        let mut gz = vec![0x1f, 0x8b, 0x08, 0x00];
        gz.extend(std::iter::repeat_n(b'x', 400));
        std::fs::write(&bin, gz).unwrap();
        assert!(read_pgn(&bin).is_err());
        // UTF-16 (a Windows export) is named as such.
        let utf16: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("[White \"A\"]".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        std::fs::write(&bin, utf16).unwrap();
        let why = read_pgn(&bin).unwrap_err().to_string();
        assert!(why.starts_with("UTF-16 text"), "{why}");
        let latin = dir.join("l.pgn");
        std::fs::write(&latin, b"[White \"J\xfcrgen\"]\n").unwrap();
        assert_eq!(
            read_pgn(&latin).unwrap(),
            ("[White \"Jürgen\"]\n".to_string(), Encoding::Latin1)
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A save into a file read as Latin-1 (or part Latin-1) leaves the
    /// other games' bytes as they were, and writes its game in the file's
    /// Windows-1252 where it fits, in UTF-8 (said) where it does not.
    #[test]
    fn a_latin1_file_keeps_its_bytes_and_its_encoding() {
        let dir = temp("save-enc");
        let f = dir.join("e.pgn");
        let a = b"[White \"J\xfcrgen\"]\r\n\r\n1. e4 {\x93ok\x94} *\r\n\r\n".to_vec();
        let b = b"[White \"Sj\xf6berg\"]\r\n\r\n1. d4 *\r\n".to_vec();
        std::fs::write(&f, [a.clone(), b.clone()].concat()).unwrap();
        let note = |how: SaveHow, game: &str| match save_game(&f, game, &how).unwrap() {
            Saved::Done { note, .. } => note.unwrap_or_default(),
            other => panic!("{other:?}"),
        };
        // In place of the first game, in Windows-1252 and CRLF.
        let said = note(in_place(&f, 0), "[White \"Réti\"]\n\n1. c4 {“x”} *\n");
        assert!(!said.contains("UTF-8"), "{said}");
        let a2 = b"[White \"R\xe9ti\"]\r\n\r\n1. c4 {\x93x\x94} *\r\n\r\n".to_vec();
        assert_eq!(std::fs::read(&f).unwrap(), [a2.clone(), b.clone()].concat());
        // A game Latin-1 cannot hold goes in as UTF-8, said; the others
        // keep their Latin-1.
        let said = note(SaveHow::Append, "[White \"Карпов\"]\n\n1. e4 *\n");
        assert!(said.contains("went in as UTF-8"), "{said}");
        let c = "\r\n[White \"Карпов\"]\r\n\r\n1. e4 *\r\n".as_bytes();
        assert_eq!(
            std::fs::read(&f).unwrap(),
            [a2.clone(), b.clone(), c.to_vec()].concat()
        );
        let (text, enc) = read_pgn(&f).unwrap();
        assert_eq!(enc, Encoding::Mixed);
        assert!(text.contains("Réti") && text.contains("Sjöberg") && text.contains("Карпов"));
        // Part UTF-8 now: a game goes in as the one it replaces was, and a
        // new one as most of the games are.
        let said = note(in_place(&f, 1), "[White \"Sjöberg\"]\n\n1. Nf3 *\n");
        assert!(!said.contains("UTF-8"), "{said}");
        let b2 = b"[White \"Sj\xf6berg\"]\r\n\r\n1. Nf3 *\r\n".to_vec();
        let now = [a2.clone(), b2.clone(), c.to_vec()].concat();
        assert_eq!(std::fs::read(&f).unwrap(), now);
        note(in_place(&f, 2), "[White \"Tal\"]\n\n1. e4 {Réti} *\n");
        let c2 = "\r\n[White \"Tal\"]\r\n\r\n1. e4 {Réti} *\r\n".as_bytes();
        let now = [a2.clone(), b2.clone(), c2.to_vec()].concat();
        assert_eq!(std::fs::read(&f).unwrap(), now);
        note(SaveHow::Append, "[White \"Réti\"]\n\n1. Nf3 *\n");
        let d = b"\r\n[White \"R\xe9ti\"]\r\n\r\n1. Nf3 *\r\n";
        let now = [a2, b2, c2.to_vec(), d.to_vec()].concat();
        assert_eq!(std::fs::read(&f).unwrap(), now);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// What lies between two games (a byte-order mark or an end-of-file
    /// mark where two files were joined, blank lines) stays when the game
    /// before it is saved in place; a text with `\r\n` goes in as the
    /// file's line ends; a save that would make a neighbour read otherwise
    /// writes nothing.
    #[test]
    fn what_lies_between_games_keeps_its_bytes() {
        let dir = temp("between");
        let f = dir.join("j.pgn");
        let a = "[Event \"A\"]\r\n\r\n1. e4 *\r\n\r\n\r\n\u{1a}";
        let b = "\u{feff}[Event \"B\"]\r\n\r\n1. d4 *\r\n";
        std::fs::write(&f, format!("{a}{b}")).unwrap();
        save_game(&f, "[Event \"S\"]\r\n\r\n1. c4 *\r\n", &in_place(&f, 0)).unwrap();
        let want = format!("[Event \"S\"]\r\n\r\n1. c4 *\r\n\r\n\r\n\u{1a}{b}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), want);
        // A Latin-1 game ending in a lone 0xC3: a game starting with a
        // no-break space after it would turn that byte into "à".
        let bytes = b"[Event \"A\"]\n\n1. e4 *\xC3[Event \"B\"]\n\n1. d4 *\n";
        std::fs::write(&f, bytes).unwrap();
        let how = in_place(&f, 1);
        let e = save_game(&f, "\u{a0}[Event \"S\"]\n\n1. c4 *\n", &how).unwrap_err();
        assert!(format!("{e:#}").contains("nothing was written"), "{e:#}");
        assert_eq!(std::fs::read(&f).unwrap(), bytes);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_names_the_same_file() {
        let dir = temp("links");
        let f = dir.join("f.pgn");
        std::fs::write(&f, "*").unwrap();
        std::os::unix::fs::symlink(&f, dir.join("soft.pgn")).unwrap();
        std::fs::hard_link(&f, dir.join("hard.pgn")).unwrap();
        std::fs::write(dir.join("other.pgn"), "*").unwrap();
        assert!(same_file(&f, &dir.join("soft.pgn")));
        assert!(same_file(&f, &dir.join("hard.pgn")));
        assert!(same_file(&f, &dir.join(".").join("f.pgn")));
        assert!(!same_file(&f, &dir.join("other.pgn")));
        assert!(!same_file(&f, &dir.join("none.pgn")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// An overwrite keeps the file's bytes first, each time under a name
    /// of its own, and names the copy; with no copy, nothing is written.
    #[test]
    fn an_overwrite_keeps_a_copy_of_what_it_writes_over() {
        let dir = temp("save-keep");
        let (f, keep) = (dir.join("three.pgn"), dir.join("data").join("overwritten"));
        let old = b"[Event \"A\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"B\"]\r\n\r\n1. d4 *\r\n".to_vec();
        std::fs::write(&f, &old).unwrap();
        let note = |game: &str| match save_game_keeping(&f, game, &SaveHow::Overwrite, Some(&keep))
            .unwrap()
        {
            Saved::Done { note, .. } => note.unwrap_or_default(),
            other => panic!("{other:?}"),
        };
        let said = note("[Event \"C\"]\n\n1. c4 *\n");
        assert!(
            said.contains("the old file kept as") && said.contains("three.pgn (:load it)"),
            "{said}"
        );
        assert_eq!(std::fs::read(keep.join("three.pgn")).unwrap(), old);
        assert!(std::fs::read_to_string(&f).unwrap().contains("1. c4"));
        // The copy says which file it was, for :kept.
        assert_eq!(
            crate::tui::kept::copied_from(&keep.join("three.pgn")),
            Some(std::fs::canonicalize(&f).unwrap())
        );
        // A second overwrite keeps the first copy and adds one.
        let said = note("[Event \"D\"]\n\n1. Nf3 *\n");
        assert!(said.contains("three.1.pgn"), "{said}");
        assert_eq!(std::fs::read(keep.join("three.pgn")).unwrap(), old);
        assert!(std::fs::read_to_string(keep.join("three.1.pgn"))
            .unwrap()
            .contains("1. c4"));
        // A dotfile's copy is not hidden.
        let hidden = dir.join(".hidden.pgn");
        std::fs::write(&hidden, &old).unwrap();
        save_game_keeping(&hidden, "1. b3 *", &SaveHow::Overwrite, Some(&keep)).unwrap();
        assert_eq!(std::fs::read(keep.join("hidden.pgn")).unwrap(), old);
        // No copy can be made (the folder's name is a file's): the file
        // stays as it was.
        let blocked = dir.join("blocked");
        std::fs::write(&blocked, "x").unwrap();
        let e = save_game_keeping(&f, "1. g3 *", &SaveHow::Overwrite, Some(&blocked.join("o")))
            .unwrap_err();
        assert!(format!("{e:#}").contains("nothing was written"), "{e:#}");
        assert!(std::fs::read_to_string(&f).unwrap().contains("1. Nf3"));
        // A file that cannot be written is not written, and leaves no copy.
        let mut perms = std::fs::metadata(&f).unwrap().permissions();
        perms.set_readonly(true);
        std::fs::set_permissions(&f, perms.clone()).unwrap();
        let e = save_game_keeping(&f, "1. g3 *", &SaveHow::Overwrite, Some(&keep)).unwrap_err();
        assert!(format!("{e:#}").contains("read-only"), "{e:#}");
        assert!(!keep.join("three.2.pgn").exists());
        #[allow(clippy::permissions_set_readonly_false, reason = "the test's own file")]
        perms.set_readonly(false);
        std::fs::set_permissions(&f, perms).unwrap();
        // Put back, the file has the copy's bytes again, and what it held
        // is kept first; a second time there is nothing to do.
        let now = std::fs::read(&f).unwrap();
        let kept = restore_copy(&keep.join("three.pgn"), &f, &keep)
            .unwrap()
            .unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), old);
        assert_eq!(std::fs::read(&kept).unwrap(), now);
        let again = restore_copy(&keep.join("three.pgn"), &f, &keep).unwrap_err();
        assert!(format!("{again}").contains("already holds"), "{again}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_onto_a_folder_says_so() {
        let dir = temp("save-dir");
        let e = save_game(&dir, "[Event \"A\"]\n\n1. e4 *\n", &SaveHow::New).unwrap_err();
        assert!(format!("{e:#}").contains("it is a folder"), "{e:#}");
        let e = save_game(&dir, "", &SaveHow::Overwrite).unwrap_err();
        assert!(format!("{e:#}").contains("it is a folder"), "{e:#}");
        assert!(dir.is_dir());
    }

    /// A save in place of game `i` of the file as it is now.
    fn in_place(f: &std::path::Path, i: usize) -> SaveHow {
        let (text, _) = read_pgn(f).unwrap();
        let spans = split_games(&text);
        SaveHow::Replace {
            index: Some(i),
            expect: Some(fingerprint(&text[spans[i].clone()])),
        }
    }

    #[test]
    fn a_crlf_file_with_a_bom_keeps_its_other_games_byte_for_byte() {
        let dir = temp("crlf");
        let f = dir.join("w.pgn");
        let a = "[Event \"A\"]\r\n\r\n1. e4 e5 *\r\n\r\n";
        let b = "[Event \"B\"]\r\n\r\n1. d4 d5 *\r\n";
        std::fs::write(&f, format!("\u{feff}{a}{b}")).unwrap();
        save_game(&f, "[Event \"A2\"]\n\n1. c4 *\n", &in_place(&f, 0)).unwrap();
        let bytes = std::fs::read(&f).unwrap();
        let want = format!("\u{feff}[Event \"A2\"]\r\n\r\n1. c4 *\r\n\r\n{b}");
        assert_eq!(String::from_utf8(bytes).unwrap(), want);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file whose games differ in line ends (collections merged from
    /// several systems): a save in place or at the end leaves every other
    /// game's bytes as they were, a lone `\r` too.
    #[test]
    fn games_with_other_line_ends_keep_their_bytes() {
        let dir = temp("mixed");
        let f = dir.join("m.pgn");
        let a = "[Event \"A\"]\n\n1. e4 e5 *\n\n";
        let b = "[Event \"B\"]\n\n1. d4 {x\ry} d5 *\n\n";
        let c = "[Event \"C\"]\r\n\r\n1. c4 *\r\n";
        std::fs::write(&f, format!("{a}{b}{c}")).unwrap();
        let how = in_place(&f, 1);
        save_game(&f, "[Event \"B2\"]\n\n1. Nf3 *\n", &how).unwrap();
        let want = format!("{a}[Event \"B2\"]\n\n1. Nf3 *\n\n{c}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), want);
        save_game(&f, "[Event \"D\"]\n\n1. g3 *\n", &SaveHow::Append).unwrap();
        let want = format!("{want}\n[Event \"D\"]\n\n1. g3 *\n");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), want);
        // The CRLF game saved in place keeps CRLF line ends, every one of
        // them, in this file of LF ones.
        save_game(&f, "[Event \"C2\"]\n\n1. b3 *\n", &in_place(&f, 2)).unwrap();
        let c2 = "[Event \"C2\"]\r\n\r\n1. b3 *\r\n";
        let want = want.replace(c, c2);
        assert_eq!(std::fs::read_to_string(&f).unwrap(), want);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Another program put a game before the board's: the save finds the
    /// game by its text and replaces it where it is now, saying so. A text
    /// edited elsewhere, or found twice, is still refused.
    #[test]
    fn a_game_whose_place_moved_is_saved_where_its_text_is() {
        let dir = temp("moved");
        let f = dir.join("m.pgn");
        let (a, b, c) = (
            "[Event \"A\"]\n\n1. e4 *\n\n",
            "[Event \"B\"]\n\n1. d4 *\n\n",
            "[Event \"C\"]\n\n1. c4 *\n",
        );
        let z = "[Event \"Z\"]\n\n1. g3 *\n\n";
        std::fs::write(&f, format!("{a}{b}{c}")).unwrap();
        let how = in_place(&f, 1);
        std::fs::write(&f, format!("{z}{a}{b}{c}")).unwrap();
        let saved = save_game(&f, "[Event \"B2\"]\n\n1. Nf3 *\n", &how).unwrap();
        let Saved::Done { index, note } = saved else {
            panic!("not saved")
        };
        assert_eq!(index, Some(2));
        assert!(note.unwrap().contains("went in as game 3"));
        let want = format!("{z}{a}[Event \"B2\"]\n\n1. Nf3 *\n\n{c}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), want);
        // Found twice: not surely the board's game.
        std::fs::write(&f, format!("{z}{b}{a}{b}{c}")).unwrap();
        let how = SaveHow::Replace {
            index: Some(0),
            expect: Some(fingerprint(b)),
        };
        let before = std::fs::read_to_string(&f).unwrap();
        let saved = save_game(&f, "[Event \"B3\"]\n\n1. b3 *\n", &how).unwrap();
        let Saved::Exists(Holding::Changed { why, games: 5 }) = saved else {
            panic!("{saved:?}")
        };
        assert!(
            why.contains("game 1's text is there 2 times now (games 2, 4)"),
            "{why}"
        );
        assert_eq!(
            std::fs::read_to_string(&f).unwrap(),
            before,
            "nothing written"
        );
        // What the board then offers: the game after the file's five.
        let saved = save_game(&f, "[Event \"B3\"]\n\n1. b3 *\n", &SaveHow::Append).unwrap();
        assert_eq!(
            saved,
            Saved::Done {
                index: Some(5),
                note: Some("appended as game 6 of 6".into())
            }
        );
        assert!(std::fs::read_to_string(&f).unwrap().starts_with(&before));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file of one game that another program added games to: the
    /// board's game is found by its text and saved in its place, never
    /// added a second time.
    #[test]
    fn a_one_game_file_that_grew_is_saved_in_place() {
        let dir = temp("grew");
        let f = dir.join("one.pgn");
        let a = "[Event \"A\"]\n\n1. e4 *\n";
        let c = "\n[Event \"C\"]\n\n1. c4 *\n";
        std::fs::write(&f, a).unwrap();
        let how = SaveHow::Replace {
            index: None,
            expect: Some(fingerprint(a)),
        };
        std::fs::write(&f, format!("{c}\n{a}")).unwrap();
        let saved = save_game(&f, "[Event \"A\"]\n\n1. e4 e5 *\n", &how).unwrap();
        let Saved::Done { index, .. } = saved else {
            panic!("{saved:?}")
        };
        assert_eq!(index, Some(1), "game 2 of the file from now on");
        let back = std::fs::read_to_string(&f).unwrap();
        assert_eq!(back.matches("[Event \"A\"]").count(), 1, "{back}");
        assert!(
            back.contains("1. e4 e5 *") && back.contains("1. c4 *"),
            "{back}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The last game saved in place: the file ends as it ended, with its
    /// final blank line or without one.
    #[test]
    fn the_last_game_saved_in_place_keeps_the_files_end() {
        let dir = temp("last");
        let f = dir.join("l.pgn");
        let a = "[Event \"A\"]\r\n\r\n1. e4 e5 *\r\n\r\n";
        for end in ["\r\n\r\n", "\r\n", ""] {
            std::fs::write(&f, format!("{a}[Event \"B\"]\r\n\r\n1. d4 d5 *{end}")).unwrap();
            let how = in_place(&f, 1);
            save_game(&f, "[Event \"B2\"]\n\n1. Nf3 *\n", &how).unwrap();
            let want = format!("{a}[Event \"B2\"]\r\n\r\n1. Nf3 *{end}");
            assert_eq!(std::fs::read_to_string(&f).unwrap(), want, "{end:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn read_only_files_and_pipes_are_not_replaced() {
        let dir = temp("readonly");
        let f = dir.join("ro.pgn");
        let old = "[Event \"A\"]\n\n1. e4 *\n";
        std::fs::write(&f, old).unwrap();
        let mut perms = std::fs::metadata(&f).unwrap().permissions();
        perms.set_readonly(true);
        std::fs::set_permissions(&f, perms).unwrap();
        let e = save_game(&f, "[Event \"B\"]\n\n1. d4 *\n", &SaveHow::Overwrite).unwrap_err();
        assert!(format!("{e:#}").contains("read-only"), "{e:#}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), old);
        let fifo = dir.join("pipe.pgn");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if made {
            let e = save_game(&fifo, old, &SaveHow::Overwrite).unwrap_err();
            assert!(format!("{e:#}").contains("not a regular file"), "{e:#}");
            assert!(!std::fs::metadata(&fifo).unwrap().is_file());
        }
        let mut perms = std::fs::metadata(&f).unwrap().permissions();
        #[allow(clippy::permissions_set_readonly_false, reason = "a test's own file")]
        perms.set_readonly(false);
        std::fs::set_permissions(&f, perms).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file whose games cannot be read (here binary data; a file over
    /// the size limit reads the same) is said so at `:save FILE`, and
    /// never written over, not even after an "overwrite".
    #[test]
    fn an_unreadable_file_is_never_written_over() {
        let dir = temp("unread");
        let f = dir.join("base.pgn");
        let old = b"[Event \"A\"]\n\n1. e4 *\n\0\n[Event \"B\"]\n\n1. d4 *\n";
        std::fs::write(&f, old).unwrap();
        let g = "[Event \"C\"]\n\n1. c4 *\n";
        match save_game(&f, g, &SaveHow::New).unwrap() {
            Saved::Exists(Holding::Unreadable(why)) => assert!(why.contains("binary"), "{why}"),
            other => panic!("{other:?}"),
        }
        let e = save_game(&f, g, &SaveHow::Overwrite).unwrap_err();
        assert!(format!("{e:#}").contains("not written over"), "{e:#}");
        assert!(save_game(&f, g, &SaveHow::Append).is_err());
        assert_eq!(std::fs::read(&f).unwrap(), old);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A DOS file's end-of-file mark (Ctrl-Z) is no game, and a game
    /// appended goes before it: the mark stays the last byte.
    #[test]
    fn a_dos_end_of_file_mark_is_no_game_and_stays_last() {
        let dir = temp("dos");
        let f = dir.join("dos.pgn");
        let old =
            "[Event \"A\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"B\"]\r\n\r\n1. d4 d5 0-1\r\n\u{1a}";
        std::fs::write(&f, old).unwrap();
        assert_eq!(split_games(old).len(), 2);
        let r = save_game(&f, "[Event \"C\"]\n\n1. c4 *\n", &SaveHow::Append).unwrap();
        assert!(matches!(r, Saved::Done { index: Some(2), .. }), "{r:?}");
        let text = std::fs::read_to_string(&f).unwrap();
        assert_eq!(
            text,
            format!(
                "{}\r\n\r\n[Event \"C\"]\r\n\r\n1. c4 *\r\n\u{1a}",
                &old[..old.len() - 3]
            )
        );
        assert_eq!(split_games(&text).len(), 3);
        // The last game saved in place: the file still ends as it ended.
        let how = SaveHow::Replace {
            index: Some(2),
            expect: None,
        };
        save_game(&f, "[Event \"C\"]\n\n1. c4 c5 *\n", &how).unwrap();
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(text.ends_with("1. c4 c5 *\r\n\u{1a}"), "{text:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A file cut off inside a comment (or after a game's tags) would
    /// swallow an appended game: the append is refused and the file kept.
    #[test]
    fn an_append_that_would_join_the_last_game_is_refused() {
        let dir = temp("join");
        let g = "[Event \"C\"]\n\n1. c4 *\n";
        for old in [
            "[Event \"A\"]\n\n1. e4 e5 2. Nf3 {unfinis",
            "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n[Site \"?\"]\n",
        ] {
            let f = dir.join("cut.pgn");
            std::fs::write(&f, old).unwrap();
            let e = save_game(&f, g, &SaveHow::Append).unwrap_err();
            assert!(format!("{e:#}").contains("nothing was written"), "{e:#}");
            assert_eq!(std::fs::read_to_string(&f).unwrap(), old);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The atomic rename parts a file from its hard links; the save says
    /// so rather than leaving the other name stale unannounced.
    #[cfg(unix)]
    #[test]
    fn a_save_says_when_a_hard_link_keeps_the_old_text() {
        let dir = temp("hardlink");
        let (f, other) = (dir.join("games.pgn"), dir.join("also.pgn"));
        let g = |n: &str| format!("[Event \"{n}\"]\n\n1. e4 *\n");
        save_game(&f, &g("A"), &SaveHow::New).unwrap();
        std::fs::hard_link(&f, &other).unwrap();
        let own = SaveHow::Replace {
            index: None,
            expect: None,
        };
        let Saved::Done { note, .. } = save_game(&f, &g("B"), &own).unwrap() else {
            panic!("saved");
        };
        let note = note.expect("a note");
        assert!(
            note.contains("its other name (a hard link) keeps the old text"),
            "{note}"
        );
        assert_eq!(std::fs::read_to_string(&f).unwrap(), g("B"));
        assert_eq!(std::fs::read_to_string(&other).unwrap(), g("A"));
        // Parted now: the next save has nothing to say.
        let Saved::Done { note, .. } = save_game(&f, &g("C"), &own).unwrap() else {
            panic!("saved");
        };
        assert_eq!(note, None);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A list or a source file is not PGN, whatever a lenient reader
    /// makes of its words: `:save` onto it is neither offered nor done.
    #[test]
    fn a_file_that_is_not_pgn_is_never_written_over_or_added_to() {
        let dir = temp("notpgn");
        let g = "[Event \"A\"]\n\n1. e4 *\n";
        let texts = [
            "Shopping list:\n- milk\n- eggs\n",
            "[package]\nname = \"x\"\n\n[dependencies]\nanyhow = \"1\"\n",
            "fn main() {\n    println!(\"hi\");\n}\n",
        ];
        for (i, text) in texts.iter().enumerate() {
            let f = dir.join(format!("f{i}.txt"));
            std::fs::write(&f, text).unwrap();
            assert_eq!(
                save_game(&f, g, &SaveHow::New).unwrap(),
                Saved::Exists(Holding::NotPgn(text.len() as u64)),
                "{text}"
            );
            for how in [SaveHow::Overwrite, SaveHow::Append] {
                let e = save_game(&f, g, &how).unwrap_err().to_string();
                assert!(e.contains("not a PGN file"), "{e}");
                assert_eq!(std::fs::read_to_string(&f).unwrap(), *text);
            }
        }
        // A game with a bad NAG and no tags is still a game.
        let f = dir.join("nag.pgn");
        std::fs::write(&f, "1. e4 $abc e5 *\n").unwrap();
        assert_eq!(
            save_game(&f, g, &SaveHow::New).unwrap(),
            Saved::Exists(Holding::Games(1))
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn saving_never_drops_the_other_games() {
        let dir = temp("save");
        let f = dir.join("games.pgn");
        let g = |n: &str| format!("[Event \"{n}\"]\n\n1. e4 *\n");
        assert_eq!(
            save_game(&f, &g("A"), &SaveHow::New).unwrap(),
            Saved::Done {
                index: None,
                note: None
            }
        );
        assert_eq!(
            save_game(&f, &g("B"), &SaveHow::New).unwrap(),
            Saved::Exists(Holding::Games(1))
        );
        save_game(&f, &g("B"), &SaveHow::Append).unwrap();
        save_game(&f, &g("C"), &SaveHow::Append).unwrap();
        let b = Some(fingerprint(&g("B")));
        let replace = |i, expect| SaveHow::Replace {
            index: Some(i),
            expect,
        };
        let r = save_game(&f, &g("B2"), &replace(1, b)).unwrap();
        assert_eq!(
            r,
            Saved::Done {
                index: Some(1),
                note: None
            }
        );
        let text = std::fs::read_to_string(&f).unwrap();
        assert_eq!(text, format!("{}\n{}\n{}", g("A"), g("B2"), g("C")));
        // The file changed under the game: nothing is written, and the
        // board is told why and how many games the file holds now.
        let changed = |r: anyhow::Result<Saved>| match r.unwrap() {
            Saved::Exists(Holding::Changed { why, games: 3 }) => why,
            other => panic!("{other:?}"),
        };
        let why = changed(save_game(&f, &g("X"), &replace(7, None)));
        assert!(why.contains("holds 3 games"), "{why}");
        let why = changed(save_game(&f, &g("B3"), &replace(1, b)));
        assert!(
            why.contains("is no longer the one this game was read from"),
            "{why}"
        );
        let own = SaveHow::Replace {
            index: None,
            expect: None,
        };
        let why = changed(save_game(&f, &g("Y"), &own));
        assert!(why.contains("holds 3 games now"), "{why}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), text, "untouched");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A game without tags whose fingerprint an older tapir took from its
    /// first move (not its move number) still saves in place.
    #[test]
    fn an_older_fingerprint_of_a_tagless_game_still_saves_in_place() {
        let dir = temp("save-legacy");
        let f = dir.join("t.pgn");
        std::fs::write(&f, "1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
        let old_print = Some(fingerprint("d4 d5 *"));
        let how = SaveHow::Replace {
            index: Some(1),
            expect: old_print,
        };
        save_game(&f, "1. d4 d5 2. c4 *", &how).unwrap();
        let text = std::fs::read_to_string(&f).unwrap();
        assert_eq!(text, "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n");
        assert!(!is_game("1. d4 d6 *", fingerprint("d4 d5 *")));
        assert!(!is_game("d4 d5 *", fingerprint("5 *")));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_path_for_load_is_written_from_home() {
        if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
            let p = home.join(".local/share/tapir/autosave.previous.pgn");
            assert_eq!(for_load(&p), "~/.local/share/tapir/autosave.previous.pgn");
            assert_eq!(expand_path(Path::new(&for_load(&p))), p);
        }
        assert_eq!(
            for_load(Path::new("/data/autosave.previous.pgn")),
            "/data/autosave.previous.pgn"
        );
    }

    #[test]
    fn paths_expand_and_complete() {
        let home = std::env::var("HOME").unwrap();
        assert_eq!(
            expand_path(Path::new("~/x.pgn")),
            Path::new(&home).join("x.pgn")
        );
        assert_eq!(
            expand_path(Path::new("$HOME/x")),
            Path::new(&home).join("x")
        );
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(expand_path(Path::new("a/~")), cwd.join("a/~"));
        // Quotes around the whole path go, as in a shell.
        assert_eq!(
            expand_path(Path::new("\"/tmp/my games.pgn\"")),
            PathBuf::from("/tmp/my games.pgn")
        );
        assert_eq!(expand_path(Path::new("'a b.pgn'")), cwd.join("a b.pgn"));
        assert_eq!(
            expand_path(Path::new("\"~/x.pgn\"")),
            expand_path(Path::new("~/x.pgn"))
        );
        // An engine's program: a path expanded and made absolute, a bare
        // name left for the PATH.
        let sf = engine_from_line("~/sf --uci 'a b'").unwrap();
        assert_eq!(sf.command, format!("{home}/sf"));
        assert_eq!(sf.args, ["--uci", "a b"]);
        let rel = engine_from_line("./engines/sf").unwrap();
        assert_eq!(Path::new(&rel.command), cwd.join("engines/sf"));
        let no_games: [&Path; 0] = [];
        let path = std::ffi::OsString::from("/nonexistent");
        assert_eq!(program_path_in("stockfish", &path, &no_games), "stockfish");
        // Not a pair around the whole: kept.
        assert_eq!(expand_path(Path::new("\"")), cwd.join("\""));
        assert_eq!(expand_path(Path::new("it's.pgn")), cwd.join("it's.pgn"));
        let dir = temp("complete");
        std::fs::write(dir.join("alpha.pgn"), "").unwrap();
        std::fs::write(dir.join("alps.pgn"), "").unwrap();
        std::fs::create_dir(dir.join("albums")).unwrap();
        // A name that is not UTF-8 ("al\xe9.pgn", Latin-1) is not offered:
        // shown with U+FFFD, it would save to another, new file.
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            std::fs::write(dir.join(std::ffi::OsStr::from_bytes(b"al\xe9.pgn")), "").unwrap();
        }
        let base = format!("{}/al", dir.display());
        let got = complete_path(&base);
        assert_eq!(got.len(), 3, "{got:?}");
        assert!(got[0].ends_with("albums/"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_417), (2025, 11, 25));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
