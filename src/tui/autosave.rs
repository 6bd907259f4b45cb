//! The autosave: the whole game tree as PGN, plus the board's session in
//! `Tapir…` tags: the shown move, the file the game belongs to, whether it
//! was saved, the orientation, comments typed and not yet written, and for
//! a game against the engine its side, level, last move, the moves it
//! added (a take-back after a restart deletes them) and clocks (time
//! left). Written atomically after every change, so a crash or a `kill
//! -9` loses at most the move being made; a game against the engine
//! comes back paused. The tags are taken off again
//! when the autosave is read, so they never reach a file the user saves;
//! a game from anywhere else loses any it carries (`strip_session_tags`),
//! so a file cannot name the file a later `:save` writes.

use super::app::{App, Clocks, CommentDraft, Mode, PromptKind};
use super::document::Origin;
use crate::chess::Color;
use crate::game::pgn::{read_first, write_tree};
use crate::game::{Game, NodeId};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const CURSOR: &str = "TapirCursor";
const MODE: &str = "TapirMode";
const GAME_END: &str = "TapirGameEnd";
/// The first move a game against the engine added to the tree (it and
/// the moves after it on the way to the game's end are the game's own,
/// which a take-back deletes; the moves before were there already).
const CREATED_FROM: &str = "TapirCreatedFrom";
const CLOCKS: &str = "TapirClocks";
/// The external engine a game against the engine was played with (none:
/// tapir's own), so that after a restart it does not go on against
/// another without a word.
const ENGINE: &str = "TapirEngine";
const FLIPPED: &str = "TapirFlipped";
const FILE: &str = "TapirFile";
const FILE_INDEX: &str = "TapirFileIndex";
const UNSAVED: &str = "TapirUnsaved";
const FILE_PRINT: &str = "TapirFileFingerprint";
/// The file's path as bytes in hex, where `TapirFile` cannot hold it
/// exactly (a name not in UTF-8, or with a control character).
const FILE_BYTES: &str = "TapirFileBytes";
/// The board editor's position, legal or not, while it is open.
const EDITOR: &str = "TapirEditor";
/// The set-ups left with Esc, which the next editor's Ctrl-Z brings back
/// (`|` between them, oldest first).
const LEFT_SETUP: &str = "TapirLeftSetup";
/// A comment typed and not written (the open prompt, or one left with
/// Esc), one tag each: `TapirDraft1`, `TapirDraft2`, ...
const DRAFT: &str = "TapirDraft";
/// The players of an engine game (`:match`) still going when the board
/// last saved its session ("White - Black"): a restart ends it, and says
/// so.
const DUEL: &str = "TapirDuel";

/// The roster tags the game does not have (a PGN writes all seven, "?"
/// for those missing), so that they come back missing: a game begun in
/// tapir is still saved as a "tapir game" after a restart.
const ABSENT: &str = "TapirAbsent";

/// Every session tag's name but the numbered drafts'.
const SESSION_TAGS: [&str; 17] = [
    CURSOR,
    DUEL,
    ENGINE,
    MODE,
    GAME_END,
    CREATED_FROM,
    CLOCKS,
    FLIPPED,
    FILE,
    FILE_INDEX,
    UNSAVED,
    FILE_PRINT,
    FILE_BYTES,
    EDITOR,
    LEFT_SETUP,
    ABSENT,
    DRAFT,
];

/// Whether a tag of this name is one of the board's session tags
/// (`TapirDraft` with a number included). Only these names: a user's own
/// tag that merely starts with "Tapir" (`TapirNotes`) is the user's.
pub fn is_session_tag(name: &str) -> bool {
    SESSION_TAGS.contains(&name)
        || name
            .strip_prefix(DRAFT)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Takes the session tags off a game's tags: they are the board's state,
/// never the user's, and a game that brings its own (a pasted autosave, a
/// file saved from one) must not steer the board. How many there were.
pub fn strip_session_tags(tags: &mut crate::game::Tags) -> usize {
    tags.remove_named(is_session_tag)
}

/// The file a session's game came from (`TapirFile` and its kin, taken
/// out of `tags`), and whether the game held work that file does not
/// (`TapirUnsaved`): a session kept aside and loaded with `:load` saves
/// back in the game's place there, as the restored session would.
pub fn take_file_link(tags: &mut crate::game::Tags) -> (Option<Origin>, bool) {
    let unsaved = tags.remove(UNSAVED).is_some_and(|v| v.trim() == "1");
    let file = tags.remove(FILE).filter(|f| !f.trim().is_empty());
    let index = tags
        .remove(FILE_INDEX)
        .and_then(|v| v.trim().parse::<usize>().ok());
    let bytes = tags.remove(FILE_BYTES).and_then(|h| path_from_bytes(&h));
    let print = tags
        .remove(FILE_PRINT)
        .and_then(|v| u64::from_str_radix(v.trim(), 16).ok());
    let origin = file.map(|f| Origin {
        path: bytes.unwrap_or_else(|| PathBuf::from(f)),
        index,
        games: None,
        fingerprint: print,
        save_elsewhere: false,
    });
    (origin, unsaved)
}

/// The hex of `path`'s bytes when a tag's text would not give the path
/// back (not UTF-8, or a control character a tag writes as a space), so
/// that a restart saves to the file the game came from and not to a new
/// one of a mangled name. Only where paths are bytes (Unix).
fn path_bytes_if_lossy(path: &std::path::Path) -> Option<String> {
    if path
        .to_str()
        .is_some_and(|p| !p.chars().any(char::is_control))
    {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bytes = path.as_os_str().as_bytes();
        Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }
    #[cfg(not(unix))]
    None
}

/// The path `path_bytes_if_lossy` wrote (`None` if the hex is bad).
fn path_from_bytes(hex: &str) -> Option<PathBuf> {
    let hex = hex.trim();
    if hex.is_empty() || !hex.len().is_multiple_of(2) || !hex.is_ascii() {
        return None;
    }
    let bytes = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect::<Option<Vec<u8>>>()?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes)))
    }
    #[cfg(not(unix))]
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

/// A node by its place in PGN order (the same after a write and a read).
fn place(game: &Game, id: NodeId) -> usize {
    place_of(game, id).unwrap_or(0)
}

/// The place of a node still in the game.
fn place_of(game: &Game, id: NodeId) -> Option<usize> {
    game.tree().preorder().iter().position(|&n| n == id)
}

/// The comments typed and not yet written: those left with Esc, and the
/// open prompt's when it holds typing.
fn drafts(app: &App) -> Vec<CommentDraft> {
    let mut all = app.dialogs.comment_drafts.clone();
    if let Some(p) = &app.dialogs.prompt {
        if p.holds_typed_comment() {
            all.retain(|d| d.kind != p.kind);
            all.push(CommentDraft {
                kind: p.kind,
                text: p.text.clone(),
                opened_with: p.opened_with.clone(),
            });
        }
    }
    all
}

/// A draft as a tag value, `PLACE after|before|OPENED_WITH|TEXT`: `%`,
/// `|` and control characters (a comment read from a file may hold line
/// breaks) are written `%HEX;`, so both texts come back exactly.
fn draft_value(place: usize, before: bool, d: &CommentDraft) -> String {
    let field = |s: &str| {
        s.chars()
            .map(|c| {
                if c == '%' || c == '|' || c.is_control() {
                    format!("%{:x};", u32::from(c))
                } else {
                    c.to_string()
                }
            })
            .collect::<String>()
    };
    let side = if before { "before" } else { "after" };
    format!(
        "{place} {side}|{}|{}",
        field(&d.opened_with),
        field(&d.text)
    )
}

/// A draft tag's value read back: the node's place, whether the comment
/// goes before the move, the comment the prompt opened with, the text.
fn read_draft_value(v: &str) -> Option<(usize, bool, String, String)> {
    let field = |s: &str| -> Option<String> {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find('%') {
            out.push_str(&rest[..i]);
            let (code, after) = rest[i + 1..].split_once(';')?;
            out.push(char::from_u32(u32::from_str_radix(code, 16).ok()?)?);
            rest = after;
        }
        out.push_str(rest);
        Some(out)
    };
    let mut parts = v.split('|');
    let (head, opened, text) = (parts.next()?, parts.next()?, parts.next()?);
    let (place, side) = head.trim().split_once(' ')?;
    let before = match side {
        "before" => true,
        "after" => false,
        _ => return None,
    };
    Some((place.parse().ok()?, before, field(opened)?, field(text)?))
}

/// Takes the comments typed and not written out of `game`'s tags (an
/// autosave's, or a session kept aside and opened with `:load`), each on
/// the move it was typed at; one that does not read is said in `problems`.
pub fn take_drafts(game: &mut Game, problems: &mut Vec<String>) -> Vec<CommentDraft> {
    let values: Vec<String> = (1..)
        .map_while(|i| game.tags.remove(&format!("{DRAFT}{i}")))
        .collect();
    let order = game.tree().preorder();
    let mut drafts = Vec::new();
    for v in &values {
        match read_draft_value(v).and_then(|(at, before, opened_with, text)| {
            Some(CommentDraft {
                kind: PromptKind::Comment {
                    node: *order.get(at)?,
                    before,
                },
                text,
                opened_with,
            })
        }) {
            Some(d) => drafts.push(d),
            None => problems.push(format!("a comment typed and not written did not read: {v}")),
        }
    }
    drafts
}

/// The autosave text for the board's state now.
pub fn encode(app: &App) -> String {
    let game = &app.doc.game;
    let mut tags = game.tags.clone();
    // Only the board's session now: none a game brought along.
    strip_session_tags(&mut tags);
    tags.set(CURSOR, &place(game, app.doc.cursor).to_string());
    let absent: Vec<&str> = crate::game::tags::SEVEN_TAG_ROSTER
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| game.tags.get(name).is_none())
        .collect();
    if !absent.is_empty() {
        tags.set(ABSENT, &absent.join(" "));
    }
    if app.ui.flipped {
        tags.set(FLIPPED, "1");
    }
    if app.doc.unsaved {
        tags.set(UNSAVED, "1");
    }
    if !app.left_setup.is_empty() {
        tags.set(LEFT_SETUP, &app.left_setup.join("|"));
    }
    if let Some(e) = &app.editor {
        tags.set(EDITOR, &e.fen());
    }
    if let Some(d) = app.duel.as_ref().filter(|d| d.result.is_none()) {
        let [w, b] = d.players.each_ref().map(|p| p.name.as_str());
        tags.set(DUEL, &format!("{w} - {b}"));
    }
    let kept = drafts(app).into_iter().filter_map(|d| match d.kind {
        PromptKind::Comment { node, before } => {
            Some(draft_value(place_of(game, node)?, before, &d))
        }
        _ => None,
    });
    for (i, value) in kept.enumerate() {
        tags.set(&format!("{DRAFT}{}", i + 1), &value);
    }
    // A game read in part is kept as no file's: a restart must not let
    // `:save` write the part over the whole.
    if let Some(o) = app.doc.own_file() {
        tags.set(FILE, &o.path.to_string_lossy());
        if let Some(hex) = path_bytes_if_lossy(&o.path) {
            tags.set(FILE_BYTES, &hex);
        }
        if let Some(i) = o.index {
            tags.set(FILE_INDEX, &i.to_string());
        }
        if let Some(f) = o.fingerprint {
            tags.set(FILE_PRINT, &format!("{f:016x}"));
        }
    }
    match app.play.mode {
        Mode::Analysis => {}
        Mode::TwoPlayers => tags.set(MODE, "two-players"),
        Mode::Play { human, level } => {
            let side = match human {
                Color::White => "white",
                Color::Black => "black",
            };
            tags.set(MODE, &format!("play {side} {level}"));
            if let Some(engine) = &app.play.engine {
                tags.set(ENGINE, engine);
            }
        }
    }
    // A game with an end of its own: against the engine, or two players
    // on a clock.
    if app.tracks_game_end() {
        tags.set(GAME_END, &place(game, app.play.game_end).to_string());
        let line = game.tree().path(app.play.game_end);
        if let Some(&first) = line.iter().find(|n| app.play.created.contains(n)) {
            tags.set(CREATED_FROM, &place(game, first).to_string());
        }
        if let Some(c) = &app.play.clocks {
            let ms = |d: Duration| d.as_millis().to_string();
            let running = match c.running {
                Color::White => "w",
                Color::Black => "b",
            };
            let flag = match c.flagged {
                Some(Color::White) => " flag-w",
                Some(Color::Black) => " flag-b",
                None => "",
            };
            let untimed: String = (c.untimed.iter().zip([" first-w", " first-b"]))
                .filter_map(|(&u, word)| u.then_some(word))
                .collect();
            tags.set(
                CLOCKS,
                &format!(
                    "{} {} {} {} {running}{flag}{untimed}",
                    ms(c.remaining(Color::White, app.now)),
                    ms(c.remaining(Color::Black, app.now)),
                    ms(c.base),
                    ms(c.increment),
                ),
            );
        }
    }
    write_tree(&tags, game.tree())
}

/// A game against the engine, or two players' game on a clock, to go on
/// with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoredPlay {
    /// The human's side against the engine; `None` for two players on a
    /// clock.
    pub human: Option<Color>,
    pub level: u8,
    pub game_end: NodeId,
    /// The moves the game added (`PlayState::created`).
    pub created: Vec<NodeId>,
    pub clocks: Option<Clocks>,
    /// The external engine it was played against (`PlayState::engine`).
    pub engine: Option<String>,
}

/// What the autosave brings back.
#[derive(Clone, Debug)]
pub struct Restored {
    pub game: Game,
    pub cursor: NodeId,
    pub origin: Option<Origin>,
    pub unsaved: bool,
    pub flipped: bool,
    pub two_players: bool,
    pub play: Option<RestoredPlay>,
    /// The board editor's position, when it was open.
    pub editor: Option<String>,
    /// The set-ups left with Esc (the next editor's Ctrl-Z), oldest first.
    pub left_setup: Vec<String>,
    /// Comments typed and not yet written.
    pub drafts: Vec<CommentDraft>,
    /// What could not be kept of the game (normally nothing).
    pub problems: Vec<String>,
    /// The players of an engine game the restart cut off ("White -
    /// Black"): its moves are kept, the game itself is over.
    pub duel_cut: Option<String>,
    /// Why a game restored as saved counts as unsaved after all: its file
    /// is gone, or no longer holds it as it was saved (set by the
    /// runtime, which looks at the file; `files::no_longer_holds`).
    pub stale: Option<String>,
}

/// Reads an autosave's text; `now` starts restored clocks (stopped).
pub fn decode(text: &str, now: Instant) -> Result<Restored, String> {
    let read = read_first(text).map_err(|e| e.message)?;
    let mut game = read.game;
    let tags = &mut game.tags;
    let take = |tags: &mut crate::game::Tags, k: &str| tags.remove(k);
    let cursor_at = take(tags, CURSOR).and_then(|v| v.trim().parse::<usize>().ok());
    let mode = take(tags, MODE).unwrap_or_default();
    let end_at = take(tags, GAME_END).and_then(|v| v.trim().parse::<usize>().ok());
    let created_at = take(tags, CREATED_FROM).and_then(|v| v.trim().parse::<usize>().ok());
    let clocks = take(tags, CLOCKS);
    let engine = take(tags, ENGINE).filter(|e| !e.trim().is_empty());
    let flipped = take(tags, FLIPPED).is_some_and(|v| v.trim() == "1");
    let (link, unsaved) = take_file_link(tags);
    let editor = take(tags, EDITOR);
    let duel_cut = take(tags, DUEL).filter(|d| !d.trim().is_empty());
    if let Some(absent) = take(tags, ABSENT) {
        for name in absent.split_whitespace() {
            // Only the placeholder the writer put in: a value is the user's.
            let placeholder = crate::game::tags::SEVEN_TAG_ROSTER
                .iter()
                .find(|(r, _)| *r == name)
                .map(|(_, v)| *v);
            if placeholder.is_some() && tags.get(name) == placeholder {
                tags.remove(name);
            }
        }
    }
    let left_setup: Vec<String> = take(tags, LEFT_SETUP)
        .map(|v| {
            v.split('|')
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    // A game that read only in part is not its file's game: a plain
    // `:save` in place would write the part over the whole (as a file's
    // game read in part, it keeps no link and counts as unsaved).
    let in_part = !read.problems.is_empty();
    let mut problems = read.problems;
    if let Some(e) = editor
        .as_deref()
        .filter(|e| super::editor::Editor::from_text(e).is_none())
    {
        problems.push(format!("the board editor's position '{e}' did not read"));
    }
    let drafts = take_drafts(&mut game, &mut problems);
    // Any other session tag (from a later tapir) is not the user's either.
    strip_session_tags(&mut game.tags);
    let order = game.tree().preorder();
    let node = |i: Option<usize>| i.and_then(|i| order.get(i).copied());
    let cursor = node(cursor_at).unwrap_or_else(|| game.tree().line_end(NodeId::ROOT));
    let mut words = mode.split_whitespace();
    let clocks = clocks.and_then(|c| parse_clocks(&c, now));
    let kind = match (words.next(), words.next(), words.next()) {
        (Some("play"), Some(side), Some(level)) => {
            let human = if side == "black" {
                Color::Black
            } else {
                Color::White
            };
            let level = level
                .parse::<u8>()
                .ok()
                .filter(|l| (1..=10).contains(l))
                .unwrap_or(5);
            Some((Some(human), level))
        }
        // Two players on a clock; untimed, they keep no game end.
        (Some("two-players"), None, None) if clocks.is_some() => Some((None, 5)),
        _ => None,
    };
    let play = match kind {
        Some((human, level)) => {
            let game_end = node(end_at).unwrap_or_else(|| game.tree().line_end(NodeId::ROOT));
            // The game's own moves: from the first it added to its end (a
            // place not on that line names none).
            let line = game.tree().path(game_end);
            let created = node(created_at)
                .and_then(|first| line.iter().position(|&n| n == first))
                .map_or_else(Vec::new, |i| line[i..].to_vec());
            Some(RestoredPlay {
                human,
                level,
                game_end,
                created,
                clocks,
                engine,
            })
        }
        None => None,
    };
    Ok(Restored {
        cursor,
        origin: link.filter(|_| !in_part),
        unsaved: unsaved || in_part,
        flipped,
        two_players: mode.trim() == "two-players",
        play,
        editor,
        left_setup,
        drafts,
        problems,
        duel_cut,
        stale: None,
        game,
    })
}

/// "298765 300000 300000 2000 w [flag-w]": time left for White and Black,
/// the base and the increment in ms, the side whose clock ran. The clocks
/// come back stopped (the game is paused).
fn parse_clocks(s: &str, now: Instant) -> Option<Clocks> {
    let w: Vec<&str> = s.split_whitespace().collect();
    let ms =
        |i: usize| -> Option<Duration> { w.get(i)?.parse::<u64>().ok().map(Duration::from_millis) };
    let running = match *w.get(4)? {
        "b" => Color::Black,
        _ => Color::White,
    };
    let said = |word: &str| w.iter().skip(5).any(|x| *x == word);
    let flagged = if said("flag-w") {
        Some(Color::White)
    } else if said("flag-b") {
        Some(Color::Black)
    } else {
        None
    };
    Some(Clocks {
        left: [ms(0)?, ms(1)?],
        base: ms(2)?,
        increment: ms(3)?,
        running,
        since: now,
        flagged,
        stopped: true,
        untimed: [said("first-w"), said("first-b")],
    })
}

/// Moves a broken autosave to the first free `autosave.pgn.broken`,
/// `.broken.1`, `.broken.2`, ... so no earlier one is overwritten (a hard
/// link never replaces a file, so two starts at once cannot clash).
pub fn keep_aside(auto: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    crate::fswrite::move_to_free_name(auto, |k| {
        if k == 0 {
            "autosave.pgn.broken".to_string()
        } else {
            format!("autosave.pgn.broken.{k}")
        }
    })
}

/// Moves the last session's autosave, which holds work no file has, to
/// the first free `autosave.previous.pgn`, `autosave.previous.1.pgn`, ...
/// before a start with another game (a file, `--fen`, `--new`) writes over
/// it: `:load` brings it back.
pub fn keep_previous(auto: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    crate::fswrite::move_to_free_name(auto, |k| {
        if k == 0 {
            "autosave.previous.pgn".to_string()
        } else {
            format!("autosave.previous.{k}.pgn")
        }
    })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::tui::action::Action;
    use crate::tui::config::Config;

    /// Only tapir's own session tags are taken off; a user's tag whose
    /// name starts with "Tapir" stays, also through an autosave.
    #[test]
    fn only_the_session_tags_are_stripped() {
        let mut tags = crate::game::Tags::new();
        for (k, v) in [
            ("TapirNotes", "prepared"),
            ("TapirCursor", "3"),
            ("TapirDraft2", "half a thought"),
            ("TapirDrafts", "mine"),
            ("White", "A"),
        ] {
            tags.set(k, v);
        }
        assert_eq!(strip_session_tags(&mut tags), 2);
        let kept: Vec<_> = tags.iter().map(|(k, _)| k).collect();
        assert_eq!(kept, ["TapirNotes", "TapirDrafts", "White"]);

        let mut app = App::new(Config::default(), Game::default());
        app.update(Action::Paste(
            "[TapirNotes \"prepared\"]\n\n1. e4 e5 *".to_string(),
        ));
        if let crate::tui::app::Overlay::Confirm(_) = app.dialogs.overlay {
            app.update(Action::Confirm(true));
        }
        assert_eq!(app.doc.game.tags.get("TapirNotes"), Some("prepared"));
        let back = decode(&encode(&app), Instant::now()).unwrap();
        assert_eq!(back.game.tags.get("TapirNotes"), Some("prepared"));
    }

    #[test]
    fn broken_autosaves_are_numbered_and_none_is_overwritten() {
        let dir = std::env::temp_dir().join(format!("tapir-aside-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let auto = dir.join("autosave.pgn");
        let mut kept = Vec::new();
        for i in 0..3 {
            std::fs::write(&auto, format!("broken {i}")).unwrap();
            kept.push(keep_aside(&auto).unwrap());
            assert!(!auto.exists());
        }
        let names: Vec<_> = kept
            .iter()
            .map(|p| p.file_name().unwrap().to_owned())
            .collect();
        assert_eq!(
            names,
            [
                "autosave.pgn.broken",
                "autosave.pgn.broken.1",
                "autosave.pgn.broken.2"
            ]
        );
        for (i, p) in kept.iter().enumerate() {
            assert_eq!(std::fs::read_to_string(p).unwrap(), format!("broken {i}"));
        }
        // A folder in the autosave's place is not moved.
        std::fs::create_dir(&auto).unwrap();
        assert!(keep_aside(&auto).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_against_the_engine_comes_back_paused() {
        let mut app = App::new(Config::default(), Game::default());
        for m in ["e4", "e5", "Nf3"] {
            app.update(Action::MoveText(m.into()));
        }
        app.update(Action::Prev);
        app.update(Action::MoveText("Bc4".into()));
        app.play.mode = Mode::Play {
            human: Color::Black,
            level: 3,
        };
        app.play.game_end = app.doc.cursor;
        app.ui.flipped = true;
        app.play.clocks = Some(Clocks {
            left: [Duration::from_secs(170), Duration::from_secs(175)],
            base: Duration::from_secs(180),
            increment: Duration::from_secs(2),
            running: Color::White,
            since: app.now,
            flagged: None,
            stopped: false,
            untimed: [false, true],
        });
        let text = encode(&app);
        assert!(text.contains("[TapirMode \"play black 3\"]"), "{text}");
        let r = decode(&text, app.now).unwrap();
        assert!(r.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
        assert_eq!(r.game.tree().node(r.cursor).san(), "Bc4");
        assert!(r.flipped && r.unsaved);
        let p = r.play.unwrap();
        assert_eq!((p.human, p.level), (Some(Color::Black), 3));
        assert_eq!(p.game_end, r.cursor);
        let c = p.clocks.unwrap();
        assert!(c.stopped);
        assert_eq!(c.base, Duration::from_secs(180));
        // Black's first move is still to come, untimed.
        assert_eq!(c.untimed, [false, true]);
        assert_eq!(r.game.tree().move_count(), 4);
    }

    #[test]
    fn two_players_on_a_clock_come_back_paused() {
        let mut app = App::new(Config::default(), Game::default());
        app.update(Action::TwoPlayers);
        app.update(Action::PlayClock);
        app.update(Action::ChoiceConfirm);
        for m in ["e4", "e5"] {
            app.update(Action::MoveText(m.into()));
        }
        let text = encode(&app);
        assert!(text.contains("[TapirMode \"two-players\"]"), "{text}");
        let r = decode(&text, app.now).unwrap();
        let p = r.play.unwrap();
        assert_eq!(p.human, None);
        assert_eq!(p.game_end, r.cursor);
        assert_eq!(p.created.len(), 2);
        let c = p.clocks.unwrap();
        assert!(c.stopped);
        assert_eq!((c.base, c.running), (Duration::from_secs(60), Color::White));
        let mut back = App::new(Config::default(), Game::default());
        back.restore_session(decode(&text, back.now).unwrap());
        assert_eq!(back.play.mode, Mode::TwoPlayers);
        assert!(back.play.paused && back.two_players_timed());
        // One over on time has nothing to go on with: not paused.
        app.play.clocks.as_mut().unwrap().flagged = Some(Color::White);
        let mut back = App::new(Config::default(), Game::default());
        back.restore_session(decode(&encode(&app), back.now).unwrap());
        assert!(
            !back.play.paused
                && back
                    .play
                    .clocks
                    .as_ref()
                    .is_some_and(|c| c.flagged.is_some())
        );
        // Untimed, two players keep no game end.
        let mut app = App::new(Config::default(), Game::default());
        app.update(Action::TwoPlayers);
        app.update(Action::ChoiceConfirm);
        let r = decode(&encode(&app), app.now).unwrap();
        assert!(r.two_players && r.play.is_none());
    }

    /// What the autosave holds when the board closes now.
    /// The last autosave `app` asked for (the runtime's tests use it too).
    pub(crate) fn autosaved(app: &mut App) -> String {
        app.take_effects()
            .into_iter()
            .filter_map(|e| match e {
                crate::tui::action::Effect::Autosave(t) => Some(t),
                _ => None,
            })
            .last()
            .expect("an autosave")
    }

    #[test]
    fn comments_typed_and_not_written_come_back_exactly() {
        // A comment with a line break (as files have), typed on and left
        // with Esc on e5.
        let game = read_first("1. e4 e5 {was\nbook} *").unwrap().game;
        let mut app = App::new(Config::default(), game);
        app.doc.cursor = app.tree().line_end(NodeId::ROOT);
        app.update(Action::EditComment);
        app.update(Action::PromptEnd);
        for c in " 100% | \"sure\" \\ ok".chars() {
            app.update(Action::PromptChar(c));
        }
        app.update(Action::Cancel);
        let after_esc = autosaved(&mut app);
        assert!(after_esc.contains("TapirDraft1"), "{after_esc}");
        // The prompt open on e4 at a hang-up is kept as well.
        app.update(Action::Prev);
        app.update(Action::EditComment);
        app.update(Action::PromptChar('!'));
        app.update(Action::ForceQuit);
        let text = autosaved(&mut app);
        assert!(text.contains("TapirDraft2"), "{text}");
        let r = decode(&text, app.now).unwrap();
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert!(r.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
        let mut back = App::new(Config::default(), Game::default());
        back.restore_session(r);
        let said = back.dialogs.message.as_ref().unwrap().text.clone();
        assert!(said.contains("2 comments typed and not written"), "{said}");
        let node = |san: &str| {
            let t = back.doc.game.tree();
            t.preorder()
                .into_iter()
                .find(|&n| t.node(n).san() == san)
                .unwrap()
        };
        let (e4, e5) = (node("e4"), node("e5"));
        back.doc.cursor = e5;
        back.update(Action::EditComment);
        let p = back.dialogs.prompt.clone().unwrap();
        assert_eq!(p.text, "was\nbook 100% | \"sure\" \\ ok");
        assert_eq!(p.opened_with, "was\nbook");
        // Enter writes it: the comment it opened with is still the move's.
        back.update(Action::PromptSubmit);
        assert_eq!(
            back.tree().node(e5).comment,
            "was\nbook 100% | \"sure\" \\ ok"
        );
        back.doc.cursor = e4;
        back.update(Action::EditComment);
        assert_eq!(back.dialogs.prompt.as_ref().unwrap().text, "!");
    }

    /// A comment being typed reaches the autosave at the next tick, and
    /// then at most every `TYPING_AUTOSAVE_GAP` while the typing goes on:
    /// a `kill -9` loses seconds of it, not the whole comment.
    #[test]
    fn typing_reaches_the_autosave_without_esc() {
        use crate::tui::params::TYPING_AUTOSAVE_GAP;
        use std::time::Duration;
        let game = read_first("1. e4 e5 *").unwrap().game;
        let mut app = App::new(Config::default(), game);
        let t0 = app.now;
        let autosaves = |app: &mut App| -> Vec<String> {
            app.take_effects()
                .into_iter()
                .filter_map(|e| match e {
                    crate::tui::action::Effect::Autosave(t) => Some(t),
                    _ => None,
                })
                .collect()
        };
        app.update(Action::EditComment);
        app.update(Action::Tick(t0));
        assert!(autosaves(&mut app).is_empty(), "nothing typed yet");
        for c in "the main idea".chars() {
            app.update(Action::PromptChar(c));
        }
        app.update(Action::Tick(t0 + Duration::from_millis(250)));
        let saved = autosaves(&mut app);
        assert_eq!(saved.len(), 1);
        let draft = |text: &str| {
            let r = decode(text, t0).unwrap();
            let mut back = App::new(Config::default(), Game::default());
            back.restore_session(r);
            back.update(Action::EditComment);
            back.dialogs.prompt.unwrap().text
        };
        assert_eq!(draft(&saved[0]), "the main idea");
        // More typing within the gap waits; after it, it is written.
        app.update(Action::PromptChar('!'));
        app.update(Action::Tick(t0 + Duration::from_millis(500)));
        assert!(autosaves(&mut app).is_empty());
        app.update(Action::Tick(
            t0 + TYPING_AUTOSAVE_GAP + Duration::from_millis(250),
        ));
        let saved = autosaves(&mut app);
        assert_eq!(saved.len(), 1);
        assert_eq!(draft(&saved[0]), "the main idea!");
        // Nothing new typed: nothing written.
        app.update(Action::Tick(t0 + 3 * TYPING_AUTOSAVE_GAP));
        assert!(autosaves(&mut app).is_empty());
    }

    /// An autosave whose game reads only in part keeps no link to the
    /// game's file: `:save` asks for a file rather than writing the part
    /// over the whole game there.
    #[test]
    fn a_game_read_in_part_is_not_its_files_game() {
        let whole = "[TapirFile \"/tmp/g.pgn\"]\n[TapirFileIndex \"0\"]\n\n1. e4 e5 *\n";
        let r = decode(whole, Instant::now()).unwrap();
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert!(r.origin.is_some() && !r.unsaved);
        let part = "[TapirFile \"/tmp/g.pgn\"]\n[TapirFileIndex \"0\"]\n\n1. e4 e5 2. Ke5 Nc6 *\n";
        let r = decode(part, Instant::now()).unwrap();
        assert!(!r.problems.is_empty());
        assert!(r.origin.is_none(), "{:?}", r.origin);
        assert!(r.unsaved);
        assert_eq!(r.game.tree().mainline().count(), 2);
    }

    /// A file whose name is not UTF-8 (or holds a control character) is
    /// the same file after a restart, so `:save` writes to it.
    #[test]
    #[cfg(unix)]
    fn a_files_name_in_any_bytes_comes_back_exactly() {
        use std::os::unix::ffi::OsStrExt;
        for name in [
            &b"/tmp/J\xfcrgen.pgn"[..],
            b"/tmp/a\tb.pgn",
            b"/tmp/plain.pgn",
        ] {
            let path = PathBuf::from(std::ffi::OsStr::from_bytes(name));
            let mut app = App::new(Config::default(), Game::default());
            app.doc.origin = Some(Origin {
                path: path.clone(),
                index: Some(2),
                games: None,
                fingerprint: None,
                save_elsewhere: false,
            });
            let text = encode(&app);
            assert_eq!(
                text.contains(FILE_BYTES),
                name != b"/tmp/plain.pgn",
                "{text}"
            );
            let r = decode(&text, Instant::now()).unwrap();
            let back = r.origin.unwrap();
            assert_eq!(back.path, path);
            assert_eq!(back.index, Some(2));
            assert!(r.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
        }
        for bad in ["", "f", "zz", "é1"] {
            assert_eq!(path_from_bytes(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_draft_that_does_not_read_is_a_problem_not_a_loss() {
        let text = "[TapirDraft1 \"x y|z\"]\n\n1. e4 *\n";
        let r = decode(text, Instant::now()).unwrap();
        assert!(r.drafts.is_empty());
        assert!(r.problems[0].contains("x y|z"), "{:?}", r.problems);
    }
}
