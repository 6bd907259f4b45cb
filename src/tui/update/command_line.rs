//! The `:` command line, saving games, and quitting (loading and pasting
//! are `loading.rs`). Saving never drops a game that is in the file:
//! `:save FILE` onto a file that exists asks (overwrite, append this game,
//! cancel); `:save` alone for a game picked from a many-game file replaces
//! just that game.

use crate::chess::{parse_move, Board, Color, GameStatus, MoveError};
use crate::engine::EngineOption;
use crate::game::pgn::write_tree;
use crate::game::tags::result_token;
use crate::game::Game;
use crate::tui::action::{Clip, Effect, GameWant, SaveChoice, SaveHow};
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay, Prompt, Replacement};
use crate::tui::autosave::strip_session_tags;
use crate::tui::commands;
use crate::tui::document::{Document, Origin};
use crate::tui::files::Holding;
use crate::tui::files::{expand_folders, expand_path};
use std::path::PathBuf;

impl App {
    pub(super) fn command(&mut self, text: &str) {
        use commands::Command as C;
        // In the board editor the command line only shows and sets what
        // leaves the game alone (`:fen FEN` sets the editor's position up,
        // as a pasted FEN does); the rest waits until the editor is left.
        if self.editor.is_some() {
            return match commands::parse(text) {
                Ok(C::Fen(fen)) => self.paste(&fen),
                Ok(cmd @ (C::ShowFen | C::Help | C::Messages | C::Quit)) => self.run_command(cmd),
                Ok(cmd @ (C::Theme(_) | C::Colors(_) | C::ColorsShow | C::Pieces(_))) => {
                    self.run_command(cmd)
                }
                Ok(_) => self.error(format!(
                    "the board editor is open: Enter starts a game from it, Esc leaves it (Ctrl-Z in the next editor brings it back), then :{}",
                    text.trim().trim_start_matches(':')
                )),
                Err(e) => self.error(e),
            };
        }
        match commands::parse(text) {
            Ok(cmd) => self.run_command(cmd),
            // Not a command but a move (even an illegal or ambiguous one):
            // it is played, or its own error says why not.
            Err(e) => match parse_move(&self.view.board, text.trim()) {
                Err(MoveError::Syntax(_)) => self.error(e),
                _ => {
                    self.text_move(text);
                }
            },
        }
    }

    pub(super) fn run_command(&mut self, cmd: commands::Command) {
        use commands::Command as C;
        match cmd {
            C::ShowFen => self.copy_fen(),
            C::Fen(fen) => match Board::from_fen(&fen) {
                Ok(b) => self.replace_game(Replacement {
                    game: Game::new(b),
                    cursor: None,
                    origin: None,
                    message: "position set from FEN".into(),
                    question: "The game is not saved. Set up the FEN?".to_string(),
                    leaves_play: true,
                    made_here: false,
                    drafts: Vec::new(),
                    pasted: None,
                    own_file_changed: false,
                }),
                Err(e) => {
                    if !self.mend_fen_in_editor(&fen, &e.message) {
                        self.error(format!("bad FEN: {e}"));
                    }
                }
            },
            C::Load(path) => self.effects.push(Effect::Load(expand_path(&path))),
            C::StepGame(forward) => self.step_game(forward),
            C::GameNumber(n) => self.reread_origin(GameWant::Number(n)),
            C::Games => self.reread_origin(GameWant::Picker {
                at: self.file_game(),
            }),
            C::Net(path) => self.effects.push(Effect::LoadNet(expand_path(&path))),
            C::Engine(choice) => {
                // `:engine tapir` or a kept engine's name is the settings'
                // `analysis_engine` once it runs: the board opens with it.
                let kept = match &choice {
                    commands::EngineChoice::Tapir => Some(String::new()),
                    commands::EngineChoice::Named(n) => {
                        self.config.engine_named(n).map(|e| e.name.clone())
                    }
                    _ => None,
                };
                let sent = self.engine.switches_sent;
                self.choose_engine(choice);
                if let Some(name) = kept.filter(|_| self.engine.switches_sent > sent) {
                    self.engine.choosing = Some((self.engine.switches_sent, name));
                }
            }
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
                let engine = match self.play.mode {
                    Mode::Play { .. } => self.play.engine.as_deref(),
                    _ => self.engine.external.as_deref(),
                };
                self.info(crate::tui::widgets::clocks::level_text(
                    n,
                    self.level_for(engine),
                ));
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
            C::Report(nodes) => self.report_key(nodes),
            C::Help => self.dialogs.overlay = Overlay::Help,
            C::Messages => self.dialogs.overlay = Overlay::Messages { back: 0 },
            C::Kept => self.effects.push(Effect::ListKept),
            C::Undo => self.undo(false),
            C::Redo => self.undo(true),
            C::Comment(None) => self.edit_comment(false),
            C::Comment(Some(t)) => self.comment_command(&t),
            C::Nag(n) => self.toggle_nag(n),
            C::Shape(shape) => self.draw_shape(shape),
            C::ShapesClear => self.clear_shapes(),
            C::ShapesShow => self.show_shapes(),
            C::Tag { name, value } => self.tag_command(name, value),
            C::Line(n) => self.add_engine_line(Some(n)),
            C::Promote => self.promote(false),
            C::Main => self.promote(true),
            C::Delete => self.ask_delete(false),
            // `:theme` alone says which (a look must change nothing); `T`
            // steps to the next.
            C::Theme(None) => self.info(format!(
                "theme {} ({}); :theme classic|ocean|light|ansi sets one, T steps to the next",
                self.config.theme.name(),
                self.theme().depth.name(),
            )),
            C::Theme(t) => self.set_theme(t),
            // As `:theme` alone: a look changes nothing.
            C::ColorsShow => self.info(format!(
                "colours: {}; :colors auto|truecolor|256|16|mono sets them",
                self.theme().depth.name()
            )),
            C::Colors(c) => {
                self.config.colors = c;
                self.config_changed = true;
                let shown = self.theme().depth;
                let asked = crate::tui::theme::ColorDepth::from_setting(c, self.ui.color_env);
                let why =
                    if shown != asked && self.config.theme == crate::tui::config::ThemeName::Ansi {
                        " (the ansi theme draws in 16 colours: T or :theme picks another)"
                    } else {
                        ""
                    };
                self.info(format!("colours: {}{why}", shown.name()));
            }
            C::Syzygy(path) => self.set_syzygy(&expand_folders(&path)),
            C::SyzygyShow => self.show_syzygy(),
            C::Threat(on) => self.set_threat(on),
            C::Arrows(on) => self.set_arrows(on),
            C::Panel(on) => self.set_panel(on),
            C::Pieces(p) => {
                self.config.pieces = p;
                self.config_changed = true;
                use crate::tui::config::PieceStyle;
                let drawn = match self.pieces() {
                    PieceStyle::Ascii => "letters (upper case White)",
                    _ => "chess glyphs",
                };
                self.info(match p {
                    PieceStyle::Auto => format!("pieces: auto, {drawn} on this terminal"),
                    _ => format!("pieces: {drawn}"),
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

    /// `:comment TEXT`: the shown move's comment says TEXT, its commands
    /// kept (`set_comment_words`).
    fn comment_command(&mut self, text: &str) {
        self.set_comment_words(self.doc.cursor, false, text);
    }

    /// `q` and `:q`: quits, asking first when the game is unsaved.
    /// Ctrl-C, SIGTERM, a terminal gone: quits without asking; a
    /// comment being typed goes into the autosave as a draft.
    pub(super) fn force_quit(&mut self) {
        self.quit = true;
        self.quit_anyway = true;
        if (self.dialogs.prompt.as_ref()).is_some_and(Prompt::holds_typed_comment) {
            self.autosave();
        }
    }

    pub(super) fn request_quit(&mut self) {
        // A running report or engine game is minutes of work: asked too.
        let running = self.engine_game_on() || self.report_running();
        if self.doc.would_lose_work() || running {
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
        self.ui.flipped_for_game = false;
        self.autosave();
        self.info(if self.ui.flipped {
            "board flipped: Black at the bottom"
        } else {
            "board flipped: White at the bottom"
        });
    }

    /// The FEN or the game went to the clipboard through an outside tool.
    pub(super) fn copied_with(&mut self, tool: &str, what: Clip) {
        match what {
            Clip::Fen => {
                let fen = self.view.fen.clone();
                self.info(format!("FEN {fen} · copied with {tool}"));
            }
            Clip::Pgn => self.info(format!("the game's PGN copied with {tool}")),
        }
    }

    /// `y` and `:fen` alone: shows the FEN and puts it on the clipboard.
    pub(super) fn copy_fen(&mut self) {
        let fen = self.view.fen.clone();
        self.effects.push(Effect::Copy(Clip::Fen, fen.clone()));
        // Said as it is: OSC 52 reaches the clipboard only where the
        // terminal (and tmux, with set-clipboard on) lets it.
        self.info(format!(
            "FEN {fen} · sent to the terminal's clipboard (OSC 52); select it here if that does not work"
        ));
    }

    /// After a save: the result the rules gave the main line's end (a
    /// mate, a stalemate, a dead position, the fifth repetition, 75 moves)
    /// that `save_text` wrote where the tags said `*` (or had no standard
    /// result) becomes the game's own Result tag, an edit Ctrl-Z takes back,
    /// so the board and its file agree and nothing changed unseen. Says so.
    fn settle_rule_result(&mut self) -> Option<String> {
        let game = &self.doc.game;
        // A standard result in the tags is what `save_text` wrote.
        if result_token(&game.tags) != "*" {
            return None;
        }
        let end = game.tree().line_end(crate::game::NodeId::ROOT);
        let status = game.position_at(end).played_status();
        let why = match status {
            GameStatus::Checkmate => "mate",
            GameStatus::Stalemate => "stalemate",
            GameStatus::Repetition => "a fifth repetition",
            GameStatus::FiftyMoves => "75 moves without a capture or pawn move",
            GameStatus::InsufficientMaterial => "a position neither side can mate in",
            GameStatus::Ongoing => return None,
        };
        let result = status
            .result_token(game.board(end).side_to_move())
            .to_string();
        let old = game.tags.get("Result").map(|r| r.trim().to_string());
        let at = self.doc.cursor;
        self.doc.game.in_one_step(&format!("result {result}"), |g| {
            g.set_tag("Result", Some(&result), at)
        });
        let was = old.map_or("no Result".to_string(), |r| format!("was \"{r}\""));
        Some(format!(
            "Result {result}, as the rules give: the main line ends in {why} ({was}; Ctrl-Z)"
        ))
    }

    /// `Y`: the game's PGN, every variation, comment and tag as `:save`
    /// writes them, to the clipboard (to paste into Lichess's import, a
    /// mail, another board).
    pub(super) fn copy_pgn(&mut self) {
        let text = self.save_text();
        let plies = crate::game::plies(self.tree().mainline_len());
        let size = match text.len() {
            n if n < 1024 => format!("{n} bytes"),
            n => format!("{} KB", n.div_ceil(1024)),
        };
        self.effects.push(Effect::Copy(Clip::Pgn, text));
        self.info(format!(
            "the game's PGN ({plies}, {size}) sent to the clipboard by OSC 52 (if it does not arrive: :save FILE)"
        ));
    }

    /// The engine refused `:hash` or `:threads`: the setting goes back to
    /// the value in effect, so that the config file never keeps a size no
    /// engine took. Where none is (none given, or the one given at start
    /// was refused too), the setting and the engine go to the default.
    pub(super) fn engine_option_refused(
        &mut self,
        refused: &EngineOption,
        in_effect: Option<&EngineOption>,
        why: &str,
    ) {
        let defaults = crate::tui::config::Config::default();
        // What is said of the setting kept, and the option that gives it.
        let kept = match (refused, in_effect) {
            (EngineOption::Hash(mb), before) if self.config.hash == *mb => {
                self.config.hash = match before {
                    Some(EngineOption::Hash(b)) => *b,
                    _ => defaults.hash,
                };
                let mb = self.config.hash;
                Some((format!("hash stays {mb} MiB"), EngineOption::Hash(mb)))
            }
            (EngineOption::Threads(n), before) if self.config.threads == *n => {
                self.config.threads = match before {
                    Some(EngineOption::Threads(b)) => *b,
                    _ => defaults.threads,
                };
                let n = self.config.threads;
                Some((format!("threads stay {n}"), EngineOption::Threads(n)))
            }
            _ => None,
        };
        match kept {
            Some((said, back)) => {
                self.config_changed = true;
                // (Not again where the default itself was refused.)
                if in_effect.is_none() && back != *refused {
                    self.command_engine(Effect::SetOption(back));
                }
                self.error(format!("engine: {why}; {said}"));
            }
            None => self.error(format!("engine: {why}")),
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
        // A Result tag outside the standard's four tokens ("1/2", "1-0
        // (forfeit)") is the file's own text: kept as it is, the moves
        // then ending in `*`, unless the board decided the game (a mate
        // or a draw by rule at the main line's end).
        let result = game.result();
        let own_text = tags
            .get("Result")
            .is_some_and(|r| result_token(&tags) != r.trim());
        if !own_text || result != "*" {
            tags.set("Result", &result);
        }
        if tags.get("PlyCount").is_some() {
            tags.set("PlyCount", &game.tree().mainline_len().to_string());
        }
        let end = game.tree().line_end(crate::game::NodeId::ROOT);
        // Filled in only beside what the game already says of its opening:
        // a code or a name from elsewhere (a database that classifies
        // differently) never gets a partner that contradicts it.
        if let Some(o) = crate::game::openings::classify(game.tree(), end) {
            let eco_fits = tags.known("ECO").is_none_or(|e| e == o.eco);
            let name_fits = tags.known("Opening").is_none_or(|n| n == o.name);
            if eco_fits && name_fits {
                tags.set_if_unknown("ECO", o.eco);
                tags.set_if_unknown("Opening", o.name);
            }
        }
        if let Mode::Play { human, level } = self.play.mode {
            let engine = self.opponent_name(level);
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
    pub(super) fn save(&mut self, path: Option<PathBuf>) {
        let own = self.doc.own_file().cloned();
        let (path, how) = match (path, own) {
            (Some(p), Some(o)) if o.path == p => (p, own_file_how(&o)),
            (Some(p), _) => (p, SaveHow::New),
            (None, Some(o)) => {
                let how = own_file_how(&o);
                (o.path, how)
            }
            (None, None) => {
                // Why, where the board knows: a file it walks but does not
                // save into.
                let why = match &self.doc.origin {
                    Some(o) if o.save_elsewhere && self.overwritten_copy(&o.path) => {
                        "it is from a copy kept before an overwrite, which stays as it is"
                    }
                    Some(o) if o.save_elsewhere => {
                        "it was read only in part, and the part is not saved over the whole"
                    }
                    _ => "a new game or a paste",
                };
                self.error(format!(
                    ":save needs a file name: this game has no file of its own ({why}): :save FILE"
                ));
                return;
            }
        };
        // Unchanged since its own file was read or saved: nothing of the
        // user's to write, and a rewrite would only reflow the file's text.
        let own_path = self.doc.own_file().map(|o| o.path.as_path());
        if !self.doc.unsaved && own_path == Some(path.as_path()) {
            self.info(format!(
                "nothing to save: the game is as it was when {} was read or saved",
                crate::tui::files::for_load(&path)
            ));
            return;
        }
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
            SaveChoice::Overwrite | SaveChoice::Append if matches!(holds, Holding::NotPgn(_)) => {
                self.error(format!(
                    "not saved: {} is not a PGN file, so it is not written to (:save another name)",
                    path.display()
                ));
                return;
            }
            SaveChoice::Overwrite if matches!(holds, Holding::Changed { .. }) => {
                // The question stays: `a` or Esc answer it.
                self.error("o is not offered: it would write over the other program's changes");
                self.dialogs.overlay = Overlay::SaveExisting { path, holds };
                return;
            }
            SaveChoice::Overwrite => SaveHow::Overwrite,
            SaveChoice::Append => SaveHow::Append,
            SaveChoice::Cancel => {
                // A step waiting for this save (`s` in "not saved") waits on.
                self.dialogs.after_save = None;
                let elsewhere = match holds {
                    Holding::Changed { .. } => " (:save FILE saves elsewhere)",
                    _ => "",
                };
                self.info(format!(
                    "not saved; {} is unchanged{elsewhere}",
                    path.display()
                ));
                return;
            }
        };
        let text = self.save_text();
        self.effects.push(Effect::Save { path, text, how });
    }

    pub(super) fn saved(&mut self, s: crate::tui::action::SavedAs) {
        let settled = self.settle_rule_result();
        self.doc.mark_clean();
        let which = match (s.index, &s.note) {
            (Some(i), None) => format!(" (game {} of the file)", i + 1),
            _ => String::new(),
        };
        let note = s
            .note
            .into_iter()
            .chain(settled)
            .fold(String::new(), |acc, n| acc + "; " + &n);
        // Saved elsewhere, the game belongs to the new file from now on
        // (as Save As): said, with the file it came from.
        let moved = match &self.doc.origin {
            Some(o) if o.path != s.path => format!(
                "; :save writes here now (it came from {})",
                crate::tui::files::for_load(&o.path)
            ),
            _ => String::new(),
        };
        self.info(format!("saved {}{which}{note}{moved}", s.path.display()));
        // A game saved into another file went after its last game (an
        // append); in its own file it kept its place, or went last.
        let games = match (&self.doc.origin, s.index) {
            (_, None) => Some(1),
            (Some(o), Some(i)) if o.path == s.path => o.games.map(|n| n.max(i + 1)),
            (_, Some(i)) => Some(i + 1),
        };
        self.doc.origin = Some(Origin {
            path: s.path,
            index: s.index,
            games,
            fingerprint: Some(s.fingerprint),
            save_elsewhere: false,
        });
        self.autosave();
        if let Some(next) = self.dialogs.after_save.take() {
            self.go_on_after_save(*next);
        }
    }

    /// The replaced unsaved game went aside as `path`: said after what the
    /// replacement said.
    pub(super) fn kept_aside(&mut self, path: &std::path::Path) {
        let said = self.dialogs.message.take().map(|m| m.text);
        let note = format!(
            "the unsaved game kept as {} (:load it)",
            crate::tui::files::for_load(path)
        );
        // Where the old game went first: at 80 columns a long message is
        // cut at its end, and this is the part that must be read.
        self.info(match said {
            Some(s) if !s.is_empty() => format!("{note} · {s}"),
            _ => note,
        });
    }

    /// The tags of a game played in tapir (today's date, the players),
    /// each for where the game has none.
    fn play_tags(&self) -> Option<Vec<(&'static str, String)>> {
        // Two players on a clock: the game is tapir's, its players the
        // people at the board (whose names the tags leave to them).
        if self.two_players_timed() {
            return Some(vec![
                ("Event", "tapir game".to_string()),
                ("Site", "tapir".to_string()),
                ("Date", crate::tui::files::today()),
                ("TimeControl", self.time_control_tag()),
            ]);
        }
        let Mode::Play { human, level } = self.play.mode else {
            return None;
        };
        let engine = self.opponent_name(level);
        let (w, b) = match human {
            Color::White => (self.config.player_name(), engine),
            Color::Black => (engine, self.config.player_name()),
        };
        Some(vec![
            ("Event", "tapir game".to_string()),
            ("Site", "tapir".to_string()),
            ("Date", crate::tui::files::today()),
            ("White", w),
            ("Black", b),
            ("TimeControl", self.time_control_tag()),
        ])
    }

    /// PGN's `TimeControl` of the game being played: seconds and the
    /// increment ("300+3", "30+0.5"), or "-" untimed.
    fn time_control_tag(&self) -> String {
        match &self.play.clocks {
            Some(c) => crate::tui::control::pgn_time_control(c.base, c.increment),
            None => "-".to_string(),
        }
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
        let own = self.doc.game.tags.get("Event") == Some("tapir game");
        let at = self.doc.cursor;
        // A game played from inside a file's game goes in as a variation:
        // the tags are the file's game's, and stay (the board's header
        // names who plays). Played on from its end, it is that game.
        if self.doc.origin.is_some() && !own && !self.tree().is_main_line_end(at) {
            return;
        }
        let mut named = false;
        // A game of tapir's own whose moves are all gone (taken back, or a
        // start abandoned before the first move) is played again from
        // scratch: its players, date and clock are this game's, whatever
        // the last start wrote.
        let replay = self.doc.game.is_empty() && own;
        // Played on from the main line's end, the game is this one: a side
        // that changes hands names both players.
        let goes_on = own && self.tree().is_main_line_end(at);
        self.doc.game.in_one_step("name the players", |g| {
            for (name, value) in &tags {
                let new = match g.tags.known(name) {
                    None => Some(value.clone()),
                    Some(k) if replay && k != value => Some(value.clone()),
                    // The sides changed hands on the way (`p` again as
                    // the other colour): who played them, in order.
                    Some(k)
                        if goes_on
                            && matches!(*name, "White" | "Black")
                            && k != value
                            && !k.ends_with(&format!(", then {value}")) =>
                    {
                        Some(format!("{k}, then {value}"))
                    }
                    Some(_) => None,
                };
                if let Some(v) = new {
                    g.set_tag(name, Some(&v), at);
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

impl App {
    /// `--engine` and the settings' `analysis_engine`: a configured name,
    /// `tapir`, or a command line, never read as `:engine`'s other words
    /// (`--engine "add x"` starts a program named add).
    /// The engine the board opens with (the settings' or `--engine`'s):
    /// as `use_engine`, but a game restored against another engine stays
    /// that engine's (it waits, paused, for `:engine`).
    pub fn open_with_engine(&mut self, wanted: &str) {
        let before = self.engine.switches_sent;
        self.use_engine(wanted);
        if self.engine.switches_sent > before {
            self.engine.opening_switch = Some(self.engine.switches_sent);
        }
    }

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
        use crate::tui::files::engine_from_line;
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
                let (spec, named) = match self.config.engine_named(&name) {
                    Some(e) => (e.spec(), true),
                    None => match engine_from_line(&name) {
                        Ok(s) => (s, false),
                        Err(e) => return self.error(format!(":engine: {e}")),
                    },
                };
                // A bare word that names no kept engine and no program:
                // most likely a kept engine's name mistyped.
                if !named && !crate::tui::files::findable(&spec.command) {
                    let kept: Vec<&str> = (self.config.engines.iter())
                        .map(|e| e.name.as_str())
                        .collect();
                    let kept = match kept.as_slice() {
                        [] => "none is kept (:engine add CMD keeps one)".to_string(),
                        k => format!("kept: tapir, {}", k.join(", ")),
                    };
                    return self.error(format!(
                        ":engine: no engine named {} ({kept}), nor a program of that name on the PATH",
                        spec.command
                    ));
                }
                self.info(format!("starting {}", spec.label()));
                self.switch_engine(Some(spec));
            }
            E::Add(cmd) => {
                let spec = match engine_from_line(&cmd) {
                    Ok(s) => s,
                    Err(e) => return self.error(format!(":engine add: {e}")),
                };
                // The same program with the same arguments is not added
                // twice ("stockfish-2"): the entry there is started.
                let known = (self.config.engines.iter())
                    .find(|e| e.command == spec.command && e.args == spec.args)
                    .map(|e| e.name.clone());
                if let Some(known) = known {
                    self.choose_engine(E::Named(known.clone()));
                    if let Some(m) = self.dialogs.message.as_mut().filter(|m| !m.error) {
                        m.text = format!("{known} is in the settings already · {}", m.text);
                    }
                    return;
                }
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
