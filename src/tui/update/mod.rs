//! The reducer: `App::update(Action)` changes the state and queues
//! `Effect`s; nothing here touches the terminal, the engine or the disk.
//! After every action the wanted search is compared with the running one
//! (`reconcile_engine`), so analysis restarts on any change and the engine
//! moves when it is its turn.

mod aids;
mod board_input;
mod book;
mod clocks;
mod command_line;
mod dialogs;
mod duel;
mod editor;
mod endings;
mod engine;
mod game;
mod layout;
mod loading;
mod marked;
mod prompt;
mod report;
mod second;
mod shapes;
mod tablebase;
mod tags;
mod teaching;
mod tree;

pub use engine::{line_view, pv_san};

use super::action::Action;
use super::app::{App, ConfirmWhat, Mode, Overlay, PlayDialog};
use super::files::Holding;
use super::params::CLOCK_PRESETS;
use duel::ENGINE_GAME_ON;

/// "1 ply", "84 plies".
pub use crate::game::plies;

/// Why another game cannot start while two players' game on a clock is
/// on: it would end that game without a word.
const TWO_PLAYERS_ON: &str = "two players' game on the clock is on: a ends it first (k pauses it)";

impl App {
    /// Applies one action. Returns whether the screen may have changed.
    pub fn update(&mut self, action: Action) -> bool {
        // Each action's messages start a new entry in `:messages`.
        self.dialogs.said_now = false;
        let quitting = self.quit;
        let config_changed = self.config_changed;
        let redraw = self.apply(action);
        self.said_tb_problem();
        self.hold_clocks_for_question();
        if self.config_changed && !config_changed {
            self.say_settings_not_saved();
        }
        self.play_from_book();
        if self.quit && !quitting {
            // The shown move and the rest of the session, for the next start.
            self.autosave();
        }
        self.reconcile_engine();
        // An editor's position that is not legal has nothing to explain.
        if self.editor.as_ref().is_none_or(|e| e.check.is_ok()) {
            self.sync_heat();
        }
        self.sync_report_pair();
        // The message may have wrapped the status line over the list's
        // last row: the shown move stays in sight.
        self.sync_move_list();
        redraw
    }

    /// The first change of a setting that cannot be written back says so
    /// beside what the change itself said.
    fn say_settings_not_saved(&mut self) {
        let Some(why) = self.settings_not_saved.clone() else {
            return;
        };
        let note = format!("this session's settings will not be saved: {why}");
        match &mut self.dialogs.message {
            // The change's own message said so already.
            Some(m) if m.text.contains("not kept: ") => {}
            Some(m) => m.text = format!("{}; {note}", m.text),
            None => self.info(note),
        }
    }

    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Tick(now) => return self.tick(now),
            Action::Resize(w, h) => {
                self.screen = (w, h);
                // A taller window shows more of the help: what is in sight
                // stays in reach of Up.
                self.ui.help_scroll = self.ui.help_scroll.min(crate::tui::widgets::help::max_scroll(h));
                self.sync_move_list();
            }
            Action::Engine { token, event } => return self.engine_event(token, event),
            Action::EngineError(e) => self.error(format!("engine: {e}")),
            Action::EngineOptionRefused {
                refused,
                in_effect,
                why,
            } => self.engine_option_refused(&refused, in_effect.as_ref(), &why),
            Action::Link(link, report) => return self.link_report(link, report),
            Action::PauseEngineGame => self.pause_duel(),
            Action::EngineNotStarted(e) => self.engine_not_started(&e),
            Action::EngineSwitched { name, tapir, elo } => self.engine_switched(&name, tapir, elo),
            Action::First => self.go_to(crate::game::NodeId::ROOT),
            Action::Prev => self.go_prev(),
            Action::Next => self.go_next(),
            Action::Last => self.go_end(),
            Action::VariationPrev => self.go_sibling(-1),
            Action::VariationNext => self.go_sibling(1),
            Action::PageBack => self.go_page(false),
            Action::PageForward => self.go_page(true),
            Action::NextMarked => self.go_marked(true),
            Action::PrevMarked => self.go_marked(false),
            Action::Report => self.report_key(None),
            Action::ReportNews(msg) => return self.report_news(msg),
            Action::ReportPair => self.report_pair_key(),
            Action::GoTo(node) => {
                self.go_to(node);
                self.say_where();
            }
            Action::TakeBack => self.take_back(),
            Action::Undo => self.undo(false),
            Action::Redo => self.undo(true),
            Action::Delete => self.ask_delete(false),
            Action::DeleteAfter => self.ask_delete(true),
            Action::PromoteLine => self.promote(false),
            Action::MakeMain => self.promote(true),
            Action::EditComment => self.edit_comment(false),
            Action::EditCommentBefore => self.edit_comment(true),
            Action::PickerFilter(c) => self.picker_filter(c),
            Action::OpenAnnotate => self.open_annotate(),
            Action::ToggleNag(n) => self.toggle_nag(n),
            Action::AddEngineLine(n) => self.add_engine_line(n),
            Action::PlayBest => self.play_best(),
            Action::PlayLineTo { line, ply } => self.play_line_to(line, ply),
            Action::Threat(on) => self.set_threat(on),
            Action::Arrows(on) => self.set_arrows(on),
            Action::Panel(on) => self.set_panel(on),
            Action::Flip => self.flip(),
            Action::NextTheme => self.set_theme(None),
            Action::ToggleAnalysis => self.toggle_analysis(),
            Action::NewGame => self.start_new_game(),
            Action::OpenPlayDialog => self.open_play_dialog(),
            Action::TwoPlayers => self.two_players(),
            Action::Draw => self.draw_key(),
            Action::MultiPvUp => self.set_multipv(self.config.multipv + 1),
            Action::MultiPvDown => self.set_multipv(self.config.multipv.saturating_sub(1)),
            // The engine's evaluator is the opponent's strength: a game
            // against it keeps the one it began with.
            Action::ToggleEvalView if self.game_running() => {
                self.error("the engine plays this game with the evaluation it began with: a ends the game first");
            }
            Action::ToggleEvalView => self.toggle_eval_view(),
            Action::ToggleHelp => self.toggle_help(),
            Action::HelpScroll(d) => self.help_scroll(d),
            Action::MessagesScroll(d) => self.messages_scroll(d),
            Action::ToggleFrameTimes => self.ui.show_frame_times = !self.ui.show_frame_times,
            Action::Teach(t) => self.teach_action(t),
            Action::SetNetwork(net) => self.set_network(net),
            Action::NetLoaded { path, net } => self.net_loaded(path, net),
            Action::CopyFen => self.copy_fen(),
            Action::CopyPgn => self.copy_pgn(),
            Action::Quit => self.request_quit(),
            Action::ForceQuit => self.force_quit(),
            Action::AutosaveWritten(result) => self.autosave_written(result),
            Action::AutosaveMoved(path) => self.error(format!(
                "the data folder was made anew and another board took its autosave: this board autosaves to {} from now on",
                crate::tui::files::for_load(&path)
            )),
            Action::Cancel => self.cancel(),
            Action::CursorMove(dx, dy) => self.move_cursor(dx, dy),
            Action::CursorPick => self.cursor_pick(),
            Action::OpenMovePrompt(first) => self.open_move_prompt(first),
            Action::OpenCommand => self.open_command_prompt(),
            Action::LeaveGlyphs(then) => {
                self.dialogs.overlay = Overlay::None;
                return self.apply(*then);
            }
            Action::PromptChar(c) => self.prompt_char(c),
            Action::PromptBackspace => self.prompt_backspace(),
            Action::PromptDelete => self.prompt_delete(),
            Action::PromptCaret(d) => self.prompt_caret(d),
            Action::PromptHome => self.prompt_home(),
            Action::PromptEnd => self.prompt_end(),
            Action::PromptKillBefore => self.prompt_kill_before(),
            Action::PromptDeleteWord => self.prompt_delete_word(),
            Action::PromptComplete => self.prompt_complete(),
            Action::Completions(list) => self.completions(list),
            Action::KeptListed { dir, files } => self.kept_listed(dir, files),
            Action::KeptRestore => self.kept_restore(),
            Action::CopyRestored { to, kept } => self.copy_restored(&to, kept.as_deref()),
            Action::CopiedWith(tool, what) => self.copied_with(&tool, what),
            Action::PromptSubmit => self.prompt_submit(),
            Action::MoveText(t) => {
                self.text_move(&t);
            }
            Action::Command(t) => self.command(&t),
            Action::Paste(t) => self.paste(&t),
            Action::ChoiceMove(d) => self.choice_move(d),
            Action::ChoiceConfirm => self.choice_confirm(),
            Action::ChoicePick(i) => self.choice_pick(i),
            Action::Promote(k) => self.promote_to(k),
            Action::PlaySide(c) => self.play_side(c),
            Action::PlayClock => self.play_clock(),
            Action::Confirm(yes) => return self.confirm(yes),
            Action::ConfirmSave => return self.confirm_save(),
            Action::SaveChoice(c) => self.save_choice(c),
            Action::OpenEditor => self.open_editor(),
            Action::Edit(e) => self.edit(e),
            Action::MouseDown(x, y) if self.editor.is_some() => self.editor_mouse(x, y),
            Action::MouseDown(x, y) => self.mouse_down(x, y),
            Action::MouseDrag(x, y) => return self.mouse_drag(x, y),
            Action::MouseUp(x, y) if self.editor.is_some() => self.editor_mouse_up(x, y),
            Action::MouseUp(x, y) => self.mouse_up(x, y),
            Action::ShapeFrom(x, y, color) => self.shape_from(x, y, color),
            Action::ShapeTo(x, y) => self.shape_to(x, y),
            Action::FileLoaded {
                path,
                text,
                encoding,
            } => self.file_loaded(path, &text, encoding),
            Action::FileReread {
                path,
                text,
                encoding,
                want,
            } => self.file_reread(path, &text, encoding, want),
            Action::StepGame(forward) => self.step_game(forward),
            // A new save into the board's own file is a save in place; a
            // save in place that found the file changed asks (below).
            Action::SaveTargetExists {
                own: true,
                holds: Holding::Games(_) | Holding::NotPgn(_) | Holding::Unreadable(_),
                ..
            } => self.save(None),
            Action::SaveTargetExists { path, holds, .. } => {
                // A save asked for by `s` wrote nothing: its step waits,
                // unless this asks only where in its own file the game
                // goes (`a` saves it, then the step goes on).
                if !matches!(holds, Holding::Changed { .. }) {
                    self.dialogs.after_save = None;
                }
                self.dialogs.overlay = Overlay::SaveExisting { path, holds };
            }
            Action::Saved(s) => self.saved(s),
            Action::KeptAside { path, replacement } => {
                self.apply_replacement(*replacement);
                self.kept_aside(&path);
            }
            Action::KeepAsideFailed(why) => self.error(format!(
                "the game on the board could not be kept aside ({why}), so it stays: :save FILE keeps it"
            )),
            Action::FileError(e) => match self.dialogs.after_save.take() {
                Some(_) => self.error(format!("{e}, so the game stays on the board")),
                None => self.error(e),
            },
            Action::BookLoaded { path, book } => self.book_loaded(path, book),
        }
        true
    }

    fn open_play_dialog(&mut self) {
        if self.play.paused && matches!(self.play.mode, Mode::Play { .. }) {
            self.resume_game();
            return;
        }
        if self.engine_game_on() {
            return self.error(ENGINE_GAME_ON);
        }
        if self.two_players_running() {
            return self.error(TWO_PLAYERS_ON);
        }
        if self.view.status.is_over() {
            return self.error(duel::GAME_OVER_HERE);
        }
        // A game on is asked about first, as `2` asks: a new start
        // refills the clocks and may change the colours.
        if self.game_running() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::NewPlay);
            return;
        }
        self.play_dialog();
    }

    /// The game dialog against the engine: side, level, clock.
    pub(super) fn play_dialog(&mut self) {
        let human = match self.play.mode {
            Mode::Play { human, .. } => human,
            _ => self.view.board.side_to_move(),
        };
        // The control of the game on the board, when it is a preset; else
        // the choice the last game started with (kept in the settings).
        self.dialogs.overlay = Overlay::Play(PlayDialog {
            two_players: false,
            human,
            level: self.config.level,
            clock: self.clock_choice(),
        });
    }

    /// The clock a game dialog opens on: the control of the game on the
    /// board when it is a preset, else the choice the last game started
    /// with (kept in the settings).
    fn clock_choice(&self) -> usize {
        let last = super::control::preset_choice(&self.config.clock).unwrap_or(0);
        self.play.clocks.as_ref().map_or(last, |c| {
            CLOCK_PRESETS
                .iter()
                .position(|&(m, i)| (m * 60, i) == (c.base.as_secs(), c.increment.as_secs()))
                .unwrap_or(last)
        })
    }

    /// `2`: both sides by hand. A game against the engine still running
    /// is asked about first (its clocks and its engine go).
    fn two_players(&mut self) {
        if self.game_running() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::TwoPlayers);
            return;
        }
        self.two_players_dialog();
    }

    /// The two-player dialog: the clock (none, a preset or custom), Enter
    /// starts. Esc leaves everything as it was.
    pub(super) fn two_players_dialog(&mut self) {
        if self.engine_game_on() {
            return self.error(ENGINE_GAME_ON);
        }
        if self.two_players_running() {
            return self.error(TWO_PLAYERS_ON);
        }
        self.dialogs.overlay = Overlay::Play(PlayDialog {
            two_players: true,
            human: self.view.board.side_to_move(),
            level: self.config.level,
            clock: self.clock_choice(),
        });
    }
}
