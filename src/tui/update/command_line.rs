//! The `:` command line, loading, pasting and saving games, and quitting:
//! what reaches the board as text. Saving never drops a game that is in
//! the file: `:save FILE` onto a file that exists asks (overwrite, append
//! this game, cancel); `:save` alone for a game picked from a many-game
//! file replaces just that game.

use crate::chess::{parse_move, Board, Color, MoveError};
use crate::engine::EngineOption;
use crate::game::pgn::{each_game, read_span, write_tree, Encoding, IndexEntry};
use crate::game::{plies, Game};
use crate::tui::action::{Effect, SaveChoice, SaveHow};
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay, PickerSource, PromptKind, Replacement};
use crate::tui::autosave::strip_session_tags;
use crate::tui::commands;
use crate::tui::document::{Document, Origin};
use crate::tui::files::Holding;
use crate::tui::files::{expand_path, fingerprint};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

impl App {
    pub(super) fn command(&mut self, text: &str) {
        match commands::parse(text) {
            Ok(cmd) => self.run_command(cmd),
            // Not a command but a move (even an illegal or ambiguous one):
            // it is played, or its own error says why not.
            Err(e) => match parse_move(&self.view.board, text.trim()) {
                Err(MoveError::Syntax(_)) => self.error(e),
                _ => self.text_move(text),
            },
        }
    }

    fn run_command(&mut self, cmd: commands::Command) {
        use commands::Command as C;
        match cmd {
            C::ShowFen => self.copy_fen(),
            C::Fen(fen) => match Board::from_fen(&fen) {
                Ok(b) => self.replace_game(Replacement {
                    game: Game::new(b),
                    cursor: None,
                    origin: None,
                    message: "position set from FEN".into(),
                    question: "The game is not saved. Set up the FEN?",
                    leaves_play: true,
                    made_here: false,
                }),
                Err(e) => self.error(format!("bad FEN: {e}")),
            },
            C::Load(path) => self.effects.push(Effect::Load(expand_path(&path))),
            C::Net(path) => self.effects.push(Effect::LoadNet(expand_path(&path))),
            C::Engine(choice) => self.choose_engine(choice),
            C::Match(choice) => self.match_command(choice),
            C::Book(choice) => self.book_command(match choice {
                commands::BookChoice::File(p) => commands::BookChoice::File(expand_path(&p)),
                other => other,
            }),
            C::Save(path) => self.save(path.map(|p| expand_path(&p))),
            C::Level(n) => {
                self.config.level = n;
                self.config_changed = true;
                if let Mode::Play { human, .. } = self.play.mode {
                    self.play.mode = Mode::Play { human, level: n };
                }
                self.info(format!("level {n}"));
            }
            C::Hash(mb) => {
                self.config.hash = mb;
                self.config_changed = true;
                self.command_engine(Effect::SetOption(EngineOption::Hash(mb)));
                self.info(format!("hash {mb} MiB"));
            }
            C::Threads(n) => {
                self.config.threads = n;
                self.config_changed = true;
                self.command_engine(Effect::SetOption(EngineOption::Threads(n)));
                self.info(format!(
                    "{n} search thread{}",
                    if n == 1 { "" } else { "s" }
                ));
            }
            C::MultiPv(n) => self.set_multipv(n),
            C::Resign => self.ask_resign(),
            C::Draw => self.offer_draw(),
            C::Claim => self.claim_draw(),
            C::ShowEval(on) => self.show_eval(on),
            C::Quit => self.request_quit(),
            C::New => self.start_new_game(),
            C::Flip => self.flip(),
            C::Report => self.report_key(),
            C::Help => self.dialogs.overlay = Overlay::Help,
            C::Messages => self.dialogs.overlay = Overlay::Messages { back: 0 },
            C::Undo => self.undo(false),
            C::Redo => self.undo(true),
            C::Comment(None) => self.edit_comment(),
            C::Comment(Some(t)) => {
                let node = self.doc.cursor;
                self.set_comment(node, false, &t)
            }
            C::Nag(n) => self.toggle_nag(n),
            C::Line(n) => self.add_engine_line(Some(n)),
            C::Promote => self.promote(false),
            C::Main => self.promote(true),
            C::Delete => self.ask_delete(false),
            C::Theme(t) => self.set_theme(t),
            C::Colors(c) => {
                self.config.colors = c;
                self.config_changed = true;
                self.info(format!("colours: {}", self.theme().depth.name()));
            }
            C::Syzygy(path) => self.set_syzygy(&path),
            C::Threat(on) => self.set_threat(on),
            C::Arrows(on) => self.set_arrows(on),
            C::Pieces(p) => {
                self.config.pieces = p;
                self.config_changed = true;
                self.info(match p {
                    crate::tui::config::PieceStyle::Unicode => "pieces: chess glyphs",
                    crate::tui::config::PieceStyle::Ascii => "pieces: letters (upper case White)",
                });
            }
        }
    }

    /// `T` and `:theme`: the named theme, or the next one; kept in the settings.
    pub(super) fn set_theme(&mut self, t: Option<crate::tui::config::ThemeName>) {
        use crate::tui::config::ThemeName;
        let next = t.unwrap_or_else(|| {
            let i = ThemeName::CYCLE
                .iter()
                .position(|&x| x == self.config.theme)
                .map_or(0, |i| i + 1);
            ThemeName::CYCLE[i % ThemeName::CYCLE.len()]
        });
        self.config.theme = next;
        self.config_changed = true;
        self.info(format!(
            "theme {} ({}; :colors changes the depth)",
            next.name(),
            self.theme().depth.name()
        ));
    }

    /// `q` and `:q`: quits, asking first when the game is unsaved.
    pub(super) fn request_quit(&mut self) {
        if self.doc.would_lose_work() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::Quit);
        } else {
            self.quit = true;
        }
    }

    /// What writing the autosave came to. A quit whose last autosave
    /// failed, with work no file has, stays on the board and asks again,
    /// saying so (unless it was forced or already answered).
    pub(super) fn autosave_written(&mut self, result: Result<(), String>) {
        match result {
            Ok(()) => self.autosave_failed = None,
            Err(why) => {
                self.error(format!("autosave failed: {why}"));
                self.autosave_failed = Some(why);
                if self.quit && !self.quit_anyway && self.would_lose_work_at_exit() {
                    self.quit = false;
                    self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::Quit);
                }
            }
        }
    }

    /// Whether leaving now loses something only the autosave would keep:
    /// the game's unsaved work, or a position being set up.
    pub fn would_lose_work_at_exit(&self) -> bool {
        self.doc.would_lose_work() || self.editor.is_some()
    }

    /// `f` and `:flip`.
    pub(super) fn flip(&mut self) {
        self.ui.flipped = !self.ui.flipped;
        self.autosave();
        self.info(if self.ui.flipped {
            "board flipped: Black at the bottom"
        } else {
            "board flipped: White at the bottom"
        });
    }

    /// `y` and `:fen` alone: shows the FEN and puts it on the clipboard.
    pub(super) fn copy_fen(&mut self) {
        let fen = self.view.fen.clone();
        self.effects.push(Effect::Copy(fen.clone()));
        // Said as it is: OSC 52 reaches the clipboard only where the
        // terminal (and tmux, with set-clipboard on) lets it.
        self.info(format!(
            "FEN {fen} · sent to the terminal's clipboard (OSC 52); select it here if that does not work"
        ));
    }

    // ---- loading ---------------------------------------------------------

    pub(super) fn file_loaded(&mut self, path: PathBuf, text: &str, encoding: Encoding) {
        let name = path.display().to_string();
        self.open_games(&name, Some(path), text, encoding);
    }

    /// Opens the games of `text` (from `path`, if any; `name` is what the
    /// messages call it): one goes on the board, several open the picker.
    fn open_games(&mut self, name: &str, path: Option<PathBuf>, text: &str, encoding: Encoding) {
        // Only a label and the text's place are kept of each game.
        let (spans, labels): (Vec<Range<usize>>, Vec<String>) = each_game(text)
            .map(|e| (e.span.clone(), game_label(&e)))
            .unzip();
        let encoding_note = encoding
            .note()
            .map_or(String::new(), |n| format!("; {n}, saved as UTF-8"));
        match spans.len() {
            0 => self.error(format!("{name}: no game found")),
            1 => {
                let fingerprint = Some(fingerprint(&text[spans[0].clone()]));
                let origin = path.map(|path| Origin {
                    path,
                    index: None,
                    fingerprint,
                });
                self.open_read(name, text, spans[0].clone(), 0, origin, &encoding_note);
            }
            n => {
                self.dialogs.overlay = Overlay::Picker {
                    source: Arc::new(PickerSource {
                        name: name.to_string(),
                        path,
                        text: text.to_string(),
                        spans,
                        labels,
                    }),
                    selected: 0,
                };
                self.info(format!("{name}: {n} games - pick one{encoding_note}"));
            }
        }
    }

    /// Reads game `index` (0-based) of a file's text in full and puts it
    /// on the board (asking first if the board's game is unsaved).
    fn open_read(
        &mut self,
        name: &str,
        text: &str,
        span: Range<usize>,
        index: usize,
        origin: Option<Origin>,
        note: &str,
    ) {
        match read_span(text, span, index + 1) {
            Ok(r) if r.game.tags.is_empty() && r.game.is_empty() && !r.problems.is_empty() => {
                let why = r.problems[0].split_once(": ").map_or("", |(_, w)| w);
                self.error(format!("{name}: no game found ({why})"));
            }
            Ok(mut r) => {
                // A board's session in a game's tags (an autosave loaded as
                // a file) is not this board's: the file keeps its text.
                let stripped = strip_session_tags(&mut r.game.tags);
                // "?" where the text has no Event or Site, as PGN writes a
                // missing one, so that saving does not name the game tapir's.
                r.game.tags.set_if_missing("Event", "?");
                r.game.tags.set_if_missing("Site", "?");
                let tree = r.game.tree();
                let variations = tree.variation_move_count();
                let var = if variations > 0 {
                    format!(", {} in variations", plies(variations))
                } else {
                    String::new()
                };
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
                // in place would write the part over the whole.
                let (origin, partial) = match origin {
                    Some(o) if !r.problems.is_empty() => (
                        None,
                        format!(
                            "; read in part, so :save asks for a file ({} keeps its text)",
                            o.path.display()
                        ),
                    ),
                    o => (o, String::new()),
                };
                let session = if stripped > 0 {
                    "; tapir's session tags left out"
                } else {
                    ""
                };
                let message = format!(
                    "loaded {name} ({}{var}, {}){problems}{partial}{session}{note}",
                    plies(tree.mainline_len()),
                    crate::tui::widgets::result_display(&r.game.result())
                );
                self.replace_game(Replacement {
                    game: r.game,
                    cursor: None,
                    origin,
                    message,
                    question: "The game is not saved. Open the loaded one?",
                    leaves_play: true,
                    made_here: pasted,
                });
            }
            Err(e) => self.error(format!("{name}: {e}")),
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
            fingerprint: Some(fingerprint(&source.text[span.clone()])),
        });
        let name = format!("game {} of {}", selected + 1, source.name);
        let before = self.dialogs.message.clone();
        self.open_read(&name, &source.text, span, selected, origin, "");
        // A game that cannot be read leaves the picker open.
        if self.dialogs.message.as_ref().is_some_and(|m| m.error) && self.dialogs.message != before
        {
            self.dialogs.overlay = Overlay::Picker { source, selected };
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
                Err(_) => self.error(
                    "the board editor is open: paste a FEN to set it up, or Enter or Esc first",
                ),
            }
            return;
        }
        if Board::from_fen(t).is_ok() {
            self.run_command(commands::Command::Fen(t.to_string()));
        } else if t.contains('[') || t.contains("1.") {
            self.open_games("the pasted text", None, t, Encoding::Utf8);
        } else {
            self.text_move(t);
        }
    }

    // ---- saving ----------------------------------------------------------

    /// The game as it is written to a file: tags a fresh game lacks filled
    /// in, the result the rules give if the tags have none.
    pub(super) fn save_text(&self) -> String {
        let game = &self.doc.game;
        let mut tags = game.tags.clone();
        strip_session_tags(&mut tags);
        // Only a game begun in tapir lacks these: a loaded game has them,
        // "?" where its file had none (`open_read`).
        tags.set_if_missing("Event", "tapir game");
        tags.set_if_missing("Site", "tapir");
        tags.set("Result", &game.result());
        if tags.get("PlyCount").is_some() {
            tags.set("PlyCount", &game.tree().mainline_len().to_string());
        }
        let end = game.tree().line_end(crate::game::NodeId::ROOT);
        if let Some(o) = crate::game::openings::classify(game.tree(), end) {
            tags.set_if_unknown("ECO", o.eco);
            tags.set_if_unknown("Opening", o.name);
        }
        if let Mode::Play { human, level } = self.play.mode {
            let engine = format!("tapir level {level}");
            let (w, b) = match human {
                Color::White => (self.config.player_name(), engine),
                Color::Black => (engine, self.config.player_name()),
            };
            tags.set_if_unknown("White", &w);
            tags.set_if_unknown("Black", &b);
        }
        write_tree(&tags, game.tree())
    }

    /// `:save FILE`, or `:save` alone (the game's own file).
    fn save(&mut self, path: Option<PathBuf>) {
        let own = self.doc.origin.clone();
        let (path, how) = match (path, own) {
            (Some(p), Some(o)) if o.path == p => (p, own_file_how(&o)),
            (Some(p), _) => (p, SaveHow::New),
            (None, Some(o)) => {
                let how = own_file_how(&o);
                (o.path, how)
            }
            (None, None) => {
                self.error(
                    ":save needs a file name: this game has no file of its own \
                     (a new game, a paste, or a game read only in part): :save FILE",
                );
                return;
            }
        };
        let text = self.save_text();
        self.effects.push(Effect::Save { path, text, how });
    }

    /// The answer to "that file exists".
    pub(super) fn save_choice(&mut self, choice: SaveChoice) {
        let Overlay::SaveExisting { path, holds } =
            std::mem::replace(&mut self.dialogs.overlay, Overlay::None)
        else {
            return;
        };
        let how = match choice {
            SaveChoice::Overwrite | SaveChoice::Append
                if matches!(holds, Holding::Unreadable(_)) =>
            {
                self.error(format!(
                    "not saved: {} cannot be read, so it is not written to (:save another name)",
                    path.display()
                ));
                return;
            }
            SaveChoice::Overwrite => SaveHow::Overwrite,
            SaveChoice::Append => SaveHow::Append,
            SaveChoice::Cancel => {
                self.info(format!("not saved; {} is unchanged", path.display()));
                return;
            }
        };
        let text = self.save_text();
        self.effects.push(Effect::Save { path, text, how });
    }

    pub(super) fn saved(&mut self, s: crate::tui::action::SavedAs) {
        self.doc.unsaved = false;
        let which = match (s.index, &s.note) {
            (Some(i), None) => format!(" (game {} of the file)", i + 1),
            _ => String::new(),
        };
        let note = s.note.map_or(String::new(), |n| format!("; {n}"));
        self.info(format!("saved {}{which}{note}", s.path.display()));
        self.doc.origin = Some(Origin {
            path: s.path,
            index: s.index,
            fingerprint: Some(s.fingerprint),
        });
        self.autosave();
    }

    /// The replaced unsaved game went aside as `path`: said after what the
    /// replacement said.
    pub(super) fn kept_aside(&mut self, path: &std::path::Path) {
        let name = path.file_name().map_or(path, std::path::Path::new);
        let said = self.dialogs.message.take().map(|m| m.text);
        let note = format!("the unsaved game kept as {} (:load)", name.display());
        self.info(match said {
            Some(s) if !s.is_empty() => format!("{s} · {note}"),
            _ => note,
        });
    }

    /// The tags of a game played in tapir (today's date, the players),
    /// each for where the game has none.
    fn play_tags(&self) -> Option<[(&'static str, String); 5]> {
        let Mode::Play { human, level } = self.play.mode else {
            return None;
        };
        let engine = format!("tapir level {level}");
        let (w, b) = match human {
            Color::White => (self.config.player_name(), engine),
            Color::Black => (engine, self.config.player_name()),
        };
        Some([
            ("Event", "tapir game".to_string()),
            ("Site", "tapir".to_string()),
            ("Date", crate::tui::files::today()),
            ("White", w),
            ("Black", b),
        ])
    }

    /// Names a new game begun against the engine: it is tapir's own, so
    /// its tags are simply set.
    pub(super) fn set_game_tags(&self, doc: &mut Document) {
        for (name, value) in self.play_tags().into_iter().flatten() {
            doc.game.tags.set_if_unknown(name, &value);
        }
    }

    /// Names the board's game when a game against the engine goes on from
    /// it: a game with moves or tags may be a loaded one, so the tags it
    /// gains are one edit that Ctrl-Z takes back, and it counts as changed.
    pub(super) fn name_played_game(&mut self) {
        let Some(tags) = self.play_tags() else {
            return;
        };
        if !self.doc.has_work() {
            // An empty board: the game is tapir's own from its first move.
            for (name, value) in &tags {
                self.doc.game.tags.set_if_unknown(name, value);
            }
            return;
        }
        let at = self.doc.cursor;
        let mut named = false;
        self.doc.game.in_one_step("name the players", |g| {
            for (name, value) in &tags {
                if g.tags.known(name).is_none() {
                    g.set_tag(name, Some(value), at);
                    named = true;
                }
            }
        });
        if named {
            self.doc.touch();
        }
    }
}

/// How `:save` alone writes the game's own file: in its place, checked
/// against what was there.
fn own_file_how(o: &Origin) -> SaveHow {
    SaveHow::Replace {
        index: o.index,
        expect: o.fingerprint,
    }
}

/// "Carlsen - Nepo 1-0 (84 plies) Event" for the picker.
fn game_label(e: &IndexEntry) -> String {
    let t = |k: &str| e.tags.known(k).unwrap_or("?").to_string();
    let vars = if e.variations > 0 {
        format!(", {} var.", e.variations)
    } else {
        String::new()
    };
    let mut where_when: Vec<String> = Vec::new();
    for k in ["Event", "Site", "Date"] {
        if let Some(v) = e.tags.known(k) {
            where_when.push(v.to_string());
        }
    }
    if let Some(r) = e.tags.known("Round") {
        where_when.push(format!("round {r}"));
    }
    format!(
        "{} - {} {} ({}{vars}) {}",
        t("White"),
        t("Black"),
        crate::tui::widgets::result_display(e.result()),
        plies(e.plies),
        where_when.join(" · ")
    )
}

impl App {
    /// `--engine` and the settings' `analysis_engine`: a configured name,
    /// `tapir`, or a command line, never read as `:engine`'s other words
    /// (`--engine "add x"` starts a program named add).
    pub fn use_engine(&mut self, wanted: &str) {
        let wanted = wanted.trim();
        self.choose_engine(if wanted.eq_ignore_ascii_case("tapir") {
            commands::EngineChoice::Tapir
        } else {
            commands::EngineChoice::Named(wanted.to_string())
        });
    }

    /// `:engine`: say which engine analyses, or switch to tapir, a
    /// configured engine, a command line, or add one to the settings.
    pub(super) fn choose_engine(&mut self, choice: commands::EngineChoice) {
        use crate::engine::EngineSpec;
        use commands::EngineChoice as E;
        match choice {
            E::Second(what) => self.choose_second(what.as_deref()),
            E::List => {
                let now = self
                    .engine
                    .external
                    .clone()
                    .unwrap_or_else(|| "tapir".into());
                let names: Vec<&str> = self
                    .config
                    .engines
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect();
                let using = self.engine_in_use(&now);
                self.info(if names.is_empty() {
                    format!("{using}; no [[engine]] configured (:engine add CMD)")
                } else {
                    format!("{using}; configured: tapir, {}", names.join(", "))
                });
            }
            E::Tapir => {
                self.switch_engine(None);
                self.info("starting tapir");
            }
            E::Named(name) => {
                let spec = match self.config.engine_named(&name) {
                    Some(e) => e.spec(),
                    None => match EngineSpec::from_command_line(&name) {
                        Ok(s) => s,
                        Err(e) => return self.error(format!(":engine: {e}")),
                    },
                };
                self.info(format!("starting {}", spec.label()));
                self.switch_engine(Some(spec));
            }
            E::Add(cmd) => {
                let spec = match EngineSpec::from_command_line(&cmd) {
                    Ok(s) => s,
                    Err(e) => return self.error(format!(":engine add: {e}")),
                };
                let mut name = spec.label();
                let mut k = 2;
                while name.eq_ignore_ascii_case("tapir")
                    || self.config.engine_named(&name).is_some()
                    || self
                        .engine
                        .adding
                        .iter()
                        .any(|(_, e)| e.name.eq_ignore_ascii_case(&name))
                {
                    name = format!("{}-{k}", spec.label());
                    k += 1;
                }
                let entry = crate::tui::config::EngineConfig {
                    name: name.clone(),
                    command: spec.command.clone(),
                    args: spec.args.clone(),
                    options: Default::default(),
                };
                // Kept in the settings once it starts (`EngineSwitched`); a
                // command that cannot start is not kept.
                let switch = self.engine.switches_sent + 1;
                self.engine.adding.push((switch, entry));
                self.info(format!(
                    "starting {name}; it joins the settings once it runs"
                ));
                self.switch_engine(Some(crate::engine::EngineSpec {
                    name: Some(name),
                    ..spec
                }));
            }
        }
    }
}
