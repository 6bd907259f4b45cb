//! Games coming onto the board as text: a file read by `:load` (one game
//! goes on the board, several open the picker), the picker's choice, the
//! board's own file read again for `<`, `>`, `:game N` and `:games`, and a
//! paste (a FEN, a game, or a move). Every replacement of an unsaved game
//! asks first (`replace_game`).

use crate::chess::Board;
use crate::game::pgn::{
    each_game, entries_at, index_games, nothing_read, read_span, split_games, Encoding, IndexEntry,
    PgnError, ReadGame,
};
use crate::game::plies;
use crate::tui::action::{Effect, GameWant};
use crate::tui::app::{App, ConfirmWhat, Overlay, PickerSource, PromptKind, Replacement};
use crate::tui::autosave::strip_session_tags;
use crate::tui::commands;
use crate::tui::document::{Origin, Pasted};
use crate::tui::files::{fingerprint, is_game};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

/// A read that found nothing of a game, only problems: `open_game`
/// refuses it, and `<` `>` step over it.
fn unreadable(r: &ReadGame) -> bool {
    nothing_read(r).is_some()
}

/// Where the game whose text had fingerprint `fp` is in the file now:
/// at `from` still, else the one game whose text it is (moved by another
/// program), else `None` (edited or removed elsewhere, or found twice).
fn place_now(text: &str, spans: &[Range<usize>], from: usize, fp: u64) -> Option<usize> {
    let holds = |i: usize| spans.get(i).is_some_and(|s| is_game(&text[s.clone()], fp));
    if holds(from) {
        return Some(from);
    }
    let mut found = (0..spans.len()).filter(|&i| holds(i));
    match (found.next(), found.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

impl App {
    /// `:load FILE`, `tapir tui --pgn FILE`: the file's text, read.
    pub(super) fn file_loaded(&mut self, path: PathBuf, text: &str, encoding: Encoding) {
        let name = path.display().to_string();
        self.open_games(&name, Some(path), text, encoding);
    }

    /// `<`, `>`, `:next`, `:prev`: the game before or after (`forward`) the
    /// board's in its file, read again (a save in place may have changed it).
    pub(super) fn step_game(&mut self, forward: bool) {
        let from = self.file_game();
        let origin = self.doc.origin.as_ref();
        self.reread_origin(GameWant::Step {
            from,
            forward,
            was: origin.and_then(|o| o.fingerprint),
            games: origin.and_then(|o| o.games),
        });
    }

    /// The board's game's place in its file (0-based): a one-game file's
    /// game, and a game from no file, have no index and count as first.
    pub(super) fn file_game(&self) -> usize {
        self.doc.origin.as_ref().and_then(|o| o.index).unwrap_or(0)
    }

    /// Asks for the board's file again, for `want`; a game from no file
    /// (a new one, a pasted one, a FEN) says how to open one.
    pub(super) fn reread_origin(&mut self, want: GameWant) {
        if self.editor.is_some() {
            self.error("the board editor is open: Enter starts a game from it, Esc leaves it");
            return;
        }
        let closed = self.dialogs.closed_picker_file.clone();
        match (&self.doc.origin, closed, want) {
            // A picker left with Esc: its file is still the one meant by
            // `:games` and `:game N`, until another game takes the board.
            (_, Some(path), want @ (GameWant::Picker { .. } | GameWant::Number(_))) => {
                self.effects.push(Effect::Reread { path, want })
            }
            (Some(o), _, want) => self.effects.push(Effect::Reread {
                path: o.path.clone(),
                want,
            }),
            // A game from no file: pasted games it is one of are walked
            // (`<` `>` too past a closed picker, as a file's game walks
            // its own file).
            (None, closed, want) => match (self.doc.pasted.clone(), closed) {
                (Some(pasted), _) => self.walk_pasted(pasted, want),
                // Only `<` `>` reach here with a closed picker's file.
                (None, Some(path)) => self.error(format!(
                    "the game on the board is from no file: :games lists {}'s games again",
                    path.display()
                )),
                (None, None) => self.error(
                    "the game on the board is from no file: :load FILE opens one, and < > walk its games",
                ),
            },
        }
    }

    /// `<` `>` `:games` `:game N` over the pasted games the board's game
    /// is one of, as over a file's (the text is kept, not read again).
    fn walk_pasted(&mut self, pasted: Pasted, want: GameWant) {
        let Pasted { games, index } = pasted;
        let count = games.spans.len();
        let name = games.name.clone();
        let to = match want {
            GameWant::Picker { .. } => {
                self.dialogs.overlay = Overlay::picker(games, index);
                return self.info(format!("{name}: {count} games - pick one"));
            }
            GameWant::Number(n) if (1..=count).contains(&n) => n - 1,
            GameWant::Number(n) => {
                return self.error(format!(
                    "{name} holds {count} games, so there is no game {n}"
                ))
            }
            GameWant::Step { forward: true, .. } if index + 1 < count => index + 1,
            GameWant::Step { forward: false, .. } if index > 0 => index - 1,
            GameWant::Step { forward: true, .. } => {
                return self.error(format!(
                    "{name} holds {count} games; this is the last (< goes back)"
                ))
            }
            GameWant::Step { forward: false, .. } => {
                return self.error(format!(
                    "{name} holds {count} games; this is the first (> goes on)"
                ))
            }
        };
        self.pick_game(games, to);
    }

    /// The board's file, read again: the game `want` names goes on the
    /// board (asking first if the board's game is unsaved), or the
    /// picker opens; a game beyond the file's ends is said, and nothing
    /// changes.
    pub(super) fn file_reread(
        &mut self,
        path: PathBuf,
        text: &str,
        encoding: Encoding,
        want: GameWant,
    ) {
        let name = path.display().to_string();
        // Only the picker needs each game's label.
        let spans = split_games(text);
        let count = spans.len();
        let games = match count {
            0 => format!("{name} holds no game now"),
            1 => format!("{name} holds only one game"),
            n => format!("{name} holds {n} games"),
        };
        let mut note = encoding_note(encoding);
        // The game `<` or `>` found, already read on the way.
        let mut found = None;
        // For `<` and `>`: where the board's game is now (`Some(None)`:
        // gone from the file). Another program may have added or removed
        // games before it.
        let placed = match want {
            GameWant::Step {
                from,
                was: Some(fp),
                ..
            } => Some(place_now(text, &spans, from, fp)),
            _ => None,
        };
        let index = match want {
            GameWant::Picker { .. } if count == 0 => {
                self.error(games);
                return;
            }
            GameWant::Picker { at } => {
                let labels = game_labels(
                    entries_at(text, spans.clone())
                        .map(|e| label_parts(&e))
                        .collect(),
                );
                self.open_picker(&name, Some(path), text, spans, labels, at.min(count - 1));
                self.info(format!("{games} - pick one{note}"));
                return;
            }
            GameWant::Number(n) if n <= count => n - 1,
            GameWant::Number(n) => {
                self.error(format!("{games}, so there is no game {n}"));
                return;
            }
            GameWant::Step { from, forward, .. }
                if from >= count && forward && count > 0 && !matches!(placed, Some(Some(_))) =>
            {
                // The file lost games since the board's was opened: it
                // is past the end now, and `<` is the way in.
                self.error(format!(
                    "{games}, fewer than when game {} was opened; < goes to the last",
                    from + 1
                ));
                return;
            }
            GameWant::Step {
                from,
                forward,
                games: then,
                ..
            } => {
                // Gone from a file that lost games, the board's game left
                // its place to the next one `>` has not shown; in a file
                // that did not, it was changed where it stood.
                let (from, gone) = match placed {
                    Some(Some(i)) => (i, false),
                    Some(None) => (from, then.is_none_or(|then| count < then)),
                    None => (from, false),
                };
                // From past a file that lost games, `<` starts at its last.
                let from = from.min(count);
                // The next game that holds one: a game no reader can make
                // anything of (a variant, stray bytes) is stepped over, so
                // it never walls off the games beyond it.
                let step = |i: usize| {
                    if forward {
                        i.checked_add(1)
                    } else {
                        i.checked_sub(1)
                    }
                };
                let mut skipped = Vec::new();
                let first = if gone && forward {
                    Some(from)
                } else {
                    step(from)
                };
                let to = std::iter::successors(first, |&i| step(i))
                    .take_while(|&i| i < count)
                    .find_map(|i| match read_span(text, spans[i].clone(), i + 1) {
                        Ok(r) if !unreadable(&r) => Some((i, r)),
                        _ => {
                            skipped.push((i + 1).to_string());
                            None
                        }
                    });
                let unread = match skipped.len() {
                    0 => String::new(),
                    1 => format!("game {} holds no game (:game N says why)", skipped[0]),
                    _ => format!("games {} hold none (:game N says why)", skipped.join(", ")),
                };
                match to {
                    Some((i, r)) => {
                        if !unread.is_empty() {
                            note = format!("; skipped: {unread}{note}");
                        }
                        found = Some(r);
                        i
                    }
                    None if count <= 1 => {
                        self.error(games);
                        return;
                    }
                    None if !unread.is_empty() => {
                        self.error(format!("{games}; {unread}"));
                        return;
                    }
                    None if forward => {
                        self.error(format!("{games}; this is the last (< goes back)"));
                        return;
                    }
                    None => {
                        self.error(format!("{games}; this is the first (> goes on)"));
                        return;
                    }
                }
            }
        };
        let span = spans[index].clone();
        // A one-game file's game is saved as the whole file, as `:load`
        // opens it.
        let origin = Origin {
            path,
            index: (count > 1).then_some(index),
            games: Some(count),
            fingerprint: Some(fingerprint(&text[span.clone()])),
            save_elsewhere: false,
        };
        let shown = if count > 1 {
            format!("game {} of {count} in {name}", index + 1)
        } else {
            name
        };
        let read = found.map_or_else(|| read_span(text, span, index + 1), Ok);
        self.open_game(&shown, read, Some(origin), None, &note);
        // The board's game is not in its file as it was read (another
        // program changed it): `:save` would refuse to write there.
        if matches!(placed, Some(None)) {
            if let Overlay::Confirm(ConfirmWhat::Replace(r)) = &mut self.dialogs.overlay {
                r.own_file_changed = true;
            }
        }
    }

    /// Opens the games of `text` (from `path`, if any; `name` is what the
    /// messages call it): one goes on the board, several open the picker.
    fn open_games(&mut self, name: &str, path: Option<PathBuf>, text: &str, encoding: Encoding) {
        // Only a label and the text's place are kept of each game.
        let mut tagged = false;
        let (spans, parts): (Vec<Range<usize>>, Vec<LabelParts>) = each_game(text)
            .map(|e| {
                tagged |= !e.tags.is_empty();
                (e.span.clone(), label_parts(&e))
            })
            .unzip();
        // Some other text (a source file, a list, /proc) that a lenient
        // reader would cut into "games" of nothing is not offered as games.
        let other_text = || !crate::game::pgn::holds_games(text, &index_games(text));
        if !spans.is_empty() && !tagged && other_text() {
            let what = if path.is_some() { "a PGN file" } else { "PGN" };
            self.error(format!(
                "{name}: not {what} (no game's tags or moves in it): nothing opened"
            ));
            return;
        }
        let labels = game_labels(parts);
        let encoding_note = encoding_note(encoding);
        match spans.len() {
            0 => self.error(format!("{name}: no game found")),
            1 => {
                let fingerprint = Some(fingerprint(&text[spans[0].clone()]));
                let origin = path.map(|path| Origin {
                    path,
                    index: None,
                    games: Some(1),
                    fingerprint,
                    save_elsewhere: false,
                });
                let read = read_span(text, spans[0].clone(), 1);
                self.open_game(name, read, origin, None, &encoding_note);
            }
            n => {
                // The board's own file opens at the board's game.
                let selected = match &self.doc.origin {
                    Some(o) if path.as_ref() == Some(&o.path) => o.index.unwrap_or(0).min(n - 1),
                    _ => 0,
                };
                self.open_picker(name, path, text, spans, labels, selected);
                self.info(format!("{name}: {n} games - pick one{encoding_note}"));
            }
        }
    }

    /// `:kept`: the files kept aside, in a list to load one from, or
    /// where they would be when there are none.
    pub(super) fn kept_listed(&mut self, dir: PathBuf, files: Vec<crate::tui::kept::KeptFile>) {
        if files.is_empty() {
            self.info(format!(
                "nothing kept aside: no unsaved game was moved aside and no file written over (they would be in {})",
                crate::tui::files::for_load(&dir)
            ));
            return;
        }
        self.dialogs.overlay = Overlay::Kept {
            dir,
            files,
            choice: 0,
        };
    }

    /// `r` in `:kept`: asks before putting the file back as the copy under
    /// the bar has it.
    pub(super) fn kept_restore(&mut self) {
        let Overlay::Kept { files, choice, .. } = &self.dialogs.overlay else {
            return;
        };
        let Some(file) = files.get(*choice) else {
            return;
        };
        let Some(to) = file.from.clone() else {
            let why = if file
                .name
                .starts_with(&format!("{}/", crate::tui::kept::COPIES))
            {
                "this copy does not say which file it was (it was kept before tapir noted that)"
            } else {
                "r puts back a copy from overwritten/; this one is a game"
            };
            return self.error(format!("{why}: Enter loads it, then :save FILE"));
        };
        let copy = file.path.clone();
        self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::RestoreCopy { copy, to });
    }

    /// A file put back from its copy: where what it held went.
    pub(super) fn copy_restored(&mut self, to: &std::path::Path, kept: Option<&std::path::Path>) {
        let to = crate::tui::files::for_load(to);
        self.info(match kept {
            Some(k) => format!(
                "put {to} back as its copy has it; what it held is kept as {} (:kept)",
                crate::tui::files::for_load(k)
            ),
            None => format!("put {to} back as its copy has it"),
        });
    }

    /// The picker over `text`'s games (`spans`, `labels`), at `selected`.
    fn open_picker(
        &mut self,
        name: &str,
        path: Option<PathBuf>,
        text: &str,
        spans: Vec<Range<usize>>,
        labels: Vec<String>,
        selected: usize,
    ) {
        let source = Arc::new(PickerSource {
            name: name.to_string(),
            path,
            text: text.to_string(),
            spans,
            labels,
        });
        self.dialogs.overlay = Overlay::picker(source, selected);
    }

    /// Puts a game read from a file's text on the board (asking first if
    /// the board's game is unsaved), or says why there is none. A game
    /// picked from pasted games (`from_paste`) keeps them with it.
    fn open_game(
        &mut self,
        name: &str,
        read: Result<ReadGame, PgnError>,
        origin: Option<Origin>,
        from_paste: Option<Pasted>,
        note: &str,
    ) {
        match read {
            Ok(r) if unreadable(&r) => {
                let why = nothing_read(&r).unwrap_or("");
                self.error(format!("{name}: no game found ({why})"));
            }
            Ok(mut r) => {
                // `<` `>` and `:game N` say which game of the file opens.
                let question = match origin.as_ref().and_then(|o| o.index) {
                    Some(i) => {
                        // The file's own name: a long path would be cut.
                        let file = std::path::Path::new(name)
                            .file_name()
                            .map_or(name.into(), |f| f.to_string_lossy());
                        format!("The game is not saved. Open game {} of {file}?", i + 1)
                    }
                    None => format!("The game is not saved. Open {name}?"),
                };
                // A board's session in a game's tags (an autosave loaded as
                // a file, such as one kept aside) is not this board's; the
                // file its game came from is: a save puts the game back in
                // its place there (checked as any save in place is).
                let (link, unsaved) = crate::tui::autosave::take_file_link(&mut r.game.tags);
                let linked = link.is_some();
                let kept_here = (origin.as_ref()).is_some_and(|o| self.kept_aside_here(&o.path));
                let link =
                    link.filter(|l| l.fingerprint.is_some() && r.problems.is_empty() && kept_here);
                // Comments typed and not written, kept aside with the
                // session by tapir itself, come back as they were typed.
                let mut unread = Vec::new();
                let drafts = if kept_here {
                    crate::tui::autosave::take_drafts(&mut r.game, &mut unread)
                } else {
                    Vec::new()
                };
                self.note_problems(name, &unread);
                let stripped =
                    strip_session_tags(&mut r.game.tags) + usize::from(linked && link.is_none());
                // "?" where the text has no Event or Site, as PGN writes a
                // missing one, so that saving does not name the game tapir's.
                r.game.tags.set_if_missing("Event", "?");
                r.game.tags.set_if_missing("Site", "?");
                let size = crate::game::game_size(r.game.tree());
                let problems = match r.problems.as_slice() {
                    [] => String::new(),
                    // Each problem says what became of its text.
                    [one] => format!("; {one}"),
                    [first, rest @ ..] => {
                        format!("; {first} (and {} more: :messages)", rest.len())
                    }
                };
                self.note_problems(name, &r.problems);
                // Pasted text lives nowhere but the clipboard: the board
                // holds the only copy, so replacing it asks first.
                let pasted = origin.is_none();
                // A game read only in part is not its file's game: `:save`
                // in place would write the part over the whole. It stays
                // the file's for `<` `>` and `:game N`.
                // Nor is a game of a copy tapir kept before an overwrite:
                // the copy stays as the file was.
                let (origin, partial) = match origin {
                    Some(o) if !r.problems.is_empty() => {
                        let note = format!(
                            "; read in part, so :save asks for a file ({} keeps its text)",
                            o.path.display()
                        );
                        (
                            Some(Origin {
                                save_elsewhere: true,
                                ..o
                            }),
                            note,
                        )
                    }
                    Some(o) if self.overwritten_copy(&o.path) => {
                        let note = "; a copy kept before an overwrite, so :save asks for a file (the copy stays as it is)".to_string();
                        (
                            Some(Origin {
                                save_elsewhere: true,
                                ..o
                            }),
                            note,
                        )
                    }
                    o => (o, String::new()),
                };
                let (origin, made_here, session) = match link {
                    Some(from) => {
                        let session = format!(
                            "; it came from {}{}: :save puts it back there",
                            from.path.display(),
                            from.index
                                .map_or(String::new(), |i| format!(" (game {})", i + 1))
                        );
                        (Some(from), unsaved, session)
                    }
                    None if stripped > 0 => (
                        origin,
                        pasted,
                        "; tapir's session tags left out".to_string(),
                    ),
                    None => (origin, pasted, String::new()),
                };
                let message = format!(
                    "loaded {name} ({size}, {}){problems}{partial}{session}{note}",
                    crate::tui::widgets::result_display(&r.game.result())
                );
                self.replace_game(Replacement {
                    game: r.game,
                    cursor: None,
                    origin,
                    message,
                    question,
                    leaves_play: true,
                    made_here,
                    drafts,
                    pasted: from_paste,
                    own_file_changed: false,
                });
            }
            Err(e) => self.error(format!("{name}: {e}")),
        }
    }

    /// Whether `path` is one of the copies kept in the data folder's
    /// `overwritten/` before a save wrote over their files.
    pub(super) fn overwritten_copy(&self, path: &std::path::Path) -> bool {
        let folder = path.parent();
        folder.is_some_and(|f| f.file_name() == Some(crate::tui::kept::COPIES.as_ref()))
            && self.is_sessions_dir(folder.and_then(std::path::Path::parent))
    }

    /// Whether `path` is in the folder where tapir keeps sessions aside
    /// (`sessions_dir`, made canonical once at start).
    fn kept_aside_here(&self, path: &std::path::Path) -> bool {
        self.is_sessions_dir(path.parent())
    }

    /// Whether `dir` is tapir's data folder (where sessions are kept).
    fn is_sessions_dir(&self, dir: Option<&std::path::Path>) -> bool {
        match (&self.sessions_dir, dir) {
            (Some(sessions), Some(dir)) => {
                std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()) == *sessions
            }
            _ => false,
        }
    }

    /// The picker's choice.
    pub(super) fn pick_game(&mut self, source: Arc<PickerSource>, selected: usize) {
        let Some(span) = source.spans.get(selected).cloned() else {
            return;
        };
        let origin = source.path.clone().map(|path| Origin {
            path,
            index: Some(selected),
            games: Some(source.spans.len()),
            fingerprint: Some(fingerprint(&source.text[span.clone()])),
            save_elsewhere: false,
        });
        let name = format!(
            "game {} of {} in {}",
            selected + 1,
            source.spans.len(),
            source.name
        );
        // Pasted games live nowhere else: they go with the one picked.
        let from_paste = (source.path.is_none() && source.spans.len() > 1).then(|| Pasted {
            games: source.clone(),
            index: selected,
        });
        let before = self.dialogs.message.clone();
        let read = read_span(&source.text, span, selected + 1);
        self.open_game(&name, read, origin, from_paste, "");
        // A game that cannot be read leaves the picker open.
        if self.dialogs.message.as_ref().is_some_and(|m| m.error) && self.dialogs.message != before
        {
            self.dialogs.overlay = Overlay::picker(source, selected);
        }
    }

    pub(super) fn paste(&mut self, text: &str) {
        // Terminals send a paste's line breaks as `\r`: read as a file's
        // would be, a `;` comment ends at its line, not at the game's end.
        let text = crate::game::pgn::normalize_newlines(text.to_string());
        let t = text.trim();
        if let Some(p) = &self.dialogs.prompt {
            // A comment keeps the paste's lines (PGN comments hold them);
            // any other prompt is one line, so they are joined by blanks.
            let joined = match p.kind {
                PromptKind::Comment { .. } => t.to_string(),
                _ => t.lines().map(str::trim).collect::<Vec<_>>().join(" "),
            };
            self.prompt_insert(&joined);
            return;
        }
        // A dialog answers its own keys; a game pasted under it would leave
        // it acting on a position that is gone.
        if self.dialogs.overlay != Overlay::None {
            self.error("close the dialog first (Esc), then paste");
            return;
        }
        if let Some(editor) = &mut self.editor {
            // The editor takes a pasted position to go on from; anything
            // else would be read against a board that is not the game's.
            match Board::from_fen(t) {
                Ok(b) => {
                    editor.set_up(&b);
                    self.sync_editor_view();
                    self.autosave();
                    self.info(
                        "board editor: the pasted position, Enter starts a game from it (Ctrl-Z: the one before)",
                    );
                }
                Err(e) if editor.set_up_text(t) => {
                    // The set-up may be legal once read as far as it makes
                    // sense (junk after the fields); else the editor says why.
                    let not_legal = editor.check.as_ref().err().cloned();
                    self.sync_editor_view();
                    self.autosave();
                    match not_legal {
                        Some(why) => self.error(format!(
                            "board editor: the pasted set-up, not legal yet ({why}): mend it, then Enter (Ctrl-Z: the one before)"
                        )),
                        None => self.info(format!(
                            "board editor: the pasted position, read in part ({}), Enter starts a game from it (Ctrl-Z: the one before)",
                            e.message
                        )),
                    }
                }
                Err(e) => self.error(format!(
                    "the board editor is open: the pasted text is no FEN ({}); paste a FEN to set it up, or Enter or Esc first",
                    e.message
                )),
            }
            return;
        }
        match Board::from_fen(t) {
            Ok(_) => return self.run_command(commands::Command::Fen(t.to_string())),
            // Eight ranks of a placement: a FEN meant, so the FEN reader
            // says what is wrong (not "is not a move").
            Err(e)
                if t.split_whitespace()
                    .next()
                    .is_some_and(|w| w.matches('/').count() == 7) =>
            {
                if !self.mend_fen_in_editor(t, &e.message) {
                    self.error(format!("the pasted FEN: {}", e.message));
                }
                return;
            }
            Err(_) => {}
        }
        if t.contains('[') || t.contains("1.") {
            self.open_games("the pasted text", None, t, Encoding::Utf8);
        } else {
            self.text_move(t);
        }
    }
}

/// "; read as Latin-1 (it is not UTF-8)" after a load message when the
/// text was not UTF-8, else nothing.
fn encoding_note(encoding: Encoding) -> String {
    encoding.note().map_or(String::new(), |n| format!("; {n}"))
}

/// The most cells a player's name takes in a games picker's row.
const PICKER_NAME_CELLS: usize = 30;

/// One picker row's parts: the players and result, then what tells a
/// match's or a tournament's games apart (round, date, event, site),
/// then the length.
struct LabelParts {
    head: String,
    fields: [Option<String>; 4],
    tail: String,
}

fn label_parts(e: &IndexEntry) -> LabelParts {
    let t = |k: &str| e.tags.known(k).unwrap_or("?").to_string();
    let vars = if e.variations > 0 {
        format!(", {} var.", e.variations)
    } else {
        String::new()
    };
    let known = |k: &str| e.tags.known(k).map(str::to_string);
    // A name too long for a row is shortened (initials, then "…") so
    // that the other player and the result stay in sight.
    let name = |k: &str| {
        crate::tui::widgets::movelist::Player {
            name: &t(k),
            elo: None,
        }
        .fit(PICKER_NAME_CELLS)
    };
    LabelParts {
        head: format!(
            "{} - {} {}",
            name("White"),
            name("Black"),
            crate::tui::widgets::result_display(e.result())
        ),
        fields: [
            known("Round").map(|r| format!("round {r}")),
            known("Date"),
            known("Event"),
            known("Site"),
        ],
        tail: format!("({}{vars})", plies(e.plies)),
    }
}

/// The picker's rows: after the players and the result, the fields that
/// differ from game to game in this file come first (the round and the
/// date in a match; the site where only it tells the games apart, as in
/// a file of Kasparov-Deep Blue games), then those every game shares,
/// then the length, which a narrow picker cuts first.
fn game_labels(parts: Vec<LabelParts>) -> Vec<String> {
    let differs: Vec<bool> = (0..4)
        .map(|k| {
            let mut values = parts.iter().map(|p| &p.fields[k]);
            let first = values.next();
            values.any(|v| Some(v) != first)
        })
        .collect();
    let order: Vec<usize> = (0..4)
        .filter(|&k| differs[k])
        .chain((0..4).filter(|&k| !differs[k]))
        .collect();
    parts
        .into_iter()
        .map(|p| {
            let mut where_when: Vec<&str> = order
                .iter()
                .filter_map(|&k| p.fields[k].as_deref())
                .collect();
            where_when.push(&p.tail);
            format!("{} {}", p.head, where_when.join(" · "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match's games differ by round and date: those come before the
    /// event and site they share and the length, which a narrow picker
    /// cuts first.
    #[test]
    fn a_picker_row_puts_what_differs_first() {
        let text = "[Event \"IBM Man-Machine, New York USA\"]\n[Site \"01\"]\n[Date \"1997.05.03\"]\n[Round \"2\"]\n[White \"Kasparov\"]\n[Black \"Deep Blue\"]\n[Result \"1-0\"]\n\n1. Nf3 d5 1-0\n";
        let e = each_game(text).next().unwrap();
        assert_eq!(
            game_labels(vec![label_parts(&e)]),
            ["Kasparov - Deep Blue 1-0 round 2 · 1997.05.03 · IBM Man-Machine, New York USA · 01 · (2 plies)"]
        );
        // A name too long for a row leaves room for the other player.
        let long = text.replace(
            "\"Kasparov\"",
            "\"Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Maximilian\"",
        );
        let e = each_game(&long).next().unwrap();
        assert!(
            game_labels(vec![label_parts(&e)])[0]
                .starts_with("Wolfeschlegelsteinhausenberge… - Deep Blue 1-0 round 2"),
            "{:?}",
            game_labels(vec![label_parts(&e)])
        );
        // Only the site tells these two apart: it comes first.
        let two = format!("{text}\n{}", text.replace("\"01\"", "\"02\""));
        let labels = game_labels(each_game(&two).map(|e| label_parts(&e)).collect());
        assert_eq!(
            labels[1],
            "Kasparov - Deep Blue 1-0 02 · round 2 · 1997.05.03 · IBM Man-Machine, New York USA · (2 plies)"
        );
    }
}
