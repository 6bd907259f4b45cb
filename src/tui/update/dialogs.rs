//! The dialogs (promotion, game picker, play against the engine,
//! annotation glyphs, which engine line to add) and the analysis switches
//! (on/off, number of lines).

use super::clocks::new_clocks;
use super::engine::START_AN_ENGINE;
use crate::chess::{Color, PieceType};
use crate::tui::action::Effect;
use crate::tui::app::{
    App, ConfirmWhat, Mode, Overlay, PlayDialog, PlayState, Prompt, PromptKind, NAG_CHOICES,
    PROMOTION_CHOICES,
};
use crate::tui::control::{control_text, parse_control};
use crate::tui::params::{CLOCK_PRESETS, LEVEL_MAX, MULTIPV_MAX, PLAYER_CLOCKS};
use std::time::Duration;

impl App {
    /// `?`: the key list opens at its top, or closes.
    pub(super) fn toggle_help(&mut self) {
        self.ui.help_scroll = 0;
        self.dialogs.overlay = match self.dialogs.overlay {
            Overlay::Help => Overlay::None,
            _ => Overlay::Help,
        }
    }

    pub(super) fn help_scroll(&mut self, d: i32) {
        let max = i32::from(crate::tui::widgets::help::max_scroll(self.screen.1));
        self.ui.help_scroll = (i32::from(self.ui.help_scroll) + d).clamp(0, max) as u16;
    }

    pub(super) fn messages_scroll(&mut self, d: i32) {
        if let Overlay::Messages { back } = &mut self.dialogs.overlay {
            // Clamped to what there is when drawn.
            *back = (i32::from(*back) + d).clamp(0, i32::from(u16::MAX)) as u16;
        }
    }

    /// The promotion dialog's choice: the move is made with it.
    pub(super) fn promote_to(&mut self, k: PieceType) {
        if let Overlay::Promotion { from, to, .. } = self.dialogs.overlay {
            self.dialogs.overlay = Overlay::None;
            self.try_from_to(from, to, Some(k));
        }
    }

    pub(super) fn play_side(&mut self, c: Color) {
        if let Overlay::Play(d) = &mut self.dialogs.overlay {
            if !d.two_players {
                d.human = c;
            }
        }
    }

    pub(super) fn play_clock(&mut self) {
        if let Overlay::Play(d) = &mut self.dialogs.overlay {
            // The presets, then "custom".
            d.clock = (d.clock + 1) % (CLOCK_PRESETS.len() + 1);
        }
    }

    /// A yes or no to the open question. Returns false (nothing to
    /// redraw) when no question was open.
    pub(super) fn confirm(&mut self, yes: bool) -> bool {
        match std::mem::replace(&mut self.dialogs.overlay, Overlay::None) {
            Overlay::Confirm(what) if yes => match what {
                ConfirmWhat::Quit => {
                    self.quit = true;
                    // Told the autosave failed, the user chose.
                    self.quit_anyway = self.autosave_failed.is_some();
                }
                // The unsaved game goes aside, not away: the new
                // one comes only once it is safe (`KeptAside`).
                ConfirmWhat::Replace(replacement) => {
                    let text = crate::tui::autosave::encode(self);
                    self.effects
                        .push(Effect::KeepAutosaveAside { text, replacement });
                }
                ConfirmWhat::Delete { node, after } => self.delete(node, after),
                // The rules may have ended the game while it asked.
                ConfirmWhat::EndGame if !self.any_game_running() => {
                    self.leave_play();
                    self.info("the game is over: analysis on");
                }
                ConfirmWhat::EndGame => {
                    self.leave_play();
                    self.info("the game was left unfinished, with no result: analysis on");
                }
                ConfirmWhat::TwoPlayers => self.two_players_dialog(),
                ConfirmWhat::NewPlay => self.play_dialog(),
                ConfirmWhat::Resign => self.resign(),
                ConfirmWhat::AgreeDraw => self.agree_draw(),
                ConfirmWhat::RestoreCopy { copy, to } => {
                    self.effects.push(Effect::RestoreCopy { copy, to })
                }
            },
            // What the status said before the question ("pick one") would
            // outlive it.
            Overlay::Confirm(ConfirmWhat::Replace(_)) => {
                self.info("no: the game on the board stays as it is")
            }
            Overlay::Confirm(_) => {}
            other => {
                self.dialogs.overlay = other;
                return false;
            }
        }
        true
    }

    /// `s` to "the game is not saved": the game is saved in its own file
    /// and, once it is written (`saved`), what was asked goes on; a save
    /// that fails leaves the game on the board. Returns false (nothing to
    /// redraw) when the question offers no save.
    pub(super) fn confirm_save(&mut self) -> bool {
        let Overlay::Confirm(what) = &self.dialogs.overlay else {
            return false;
        };
        if self.save_first_target(what).is_none() {
            return false;
        }
        let Overlay::Confirm(what) = std::mem::replace(&mut self.dialogs.overlay, Overlay::None)
        else {
            return false;
        };
        self.dialogs.after_save = Some(Box::new(what));
        self.save(None);
        true
    }

    /// The step a question answered with `s` asked for, its game now saved.
    pub(super) fn go_on_after_save(&mut self, what: ConfirmWhat) {
        match what {
            ConfirmWhat::Quit => {
                self.quit = true;
                self.quit_anyway = self.autosave_failed.is_some();
            }
            // Saved, it replaces the game unasked (a comment typed and
            // left with Esc still asks); the save is said with what came.
            ConfirmWhat::Replace(r) => {
                let saved = self.dialogs.message.take().map(|m| m.text);
                self.replace_game(*r);
                if let (Some(saved), Some(now)) = (saved, &mut self.dialogs.message) {
                    now.text = format!("{saved} · {}", now.text);
                }
            }
            _ => {}
        }
    }

    pub(super) fn choice_move(&mut self, d: i32) {
        match &mut self.dialogs.overlay {
            Overlay::Promotion { choice, .. } => {
                *choice = (*choice as i32 + d).rem_euclid(PROMOTION_CHOICES.len() as i32) as usize
            }
            Overlay::Picker {
                selected, shown, ..
            } => {
                if shown.is_empty() {
                    return;
                }
                let at = shown.iter().position(|g| g == selected).unwrap_or(0) as i64;
                let to = (at + i64::from(d)).clamp(0, shown.len() as i64 - 1);
                *selected = shown[to as usize];
            }
            Overlay::Play(dialog) if !dialog.two_players => {
                dialog.level = (dialog.level as i32 + d).clamp(1, LEVEL_MAX as i32) as u8;
            }
            Overlay::Annotate { choice } => {
                *choice = (*choice as i32 + d).rem_euclid(NAG_CHOICES.len() as i32) as usize
            }
            Overlay::AddLine { choice, lines } => {
                *choice = (*choice as i32 + d).rem_euclid(lines.len().max(1) as i32) as usize
            }
            // A long list pages: the bar stops at either end.
            Overlay::Kept { choice, files, .. } => {
                *choice = (*choice as i64 + i64::from(d)).clamp(0, files.len() as i64 - 1) as usize
            }
            _ => {}
        }
    }

    /// Typing in the picker narrows its list to the games whose label
    /// holds every typed word; `None` takes the last character back. The
    /// bar stays on its game while that game is shown, else goes to the
    /// first one shown.
    pub(super) fn picker_filter(&mut self, typed: Option<char>) {
        // `:` before any filter is the command line, as everywhere else
        // (a reviewer's `:load …` went into the filter): the picker closes
        // as Esc closes it.
        let empty =
            matches!(&self.dialogs.overlay, Overlay::Picker { filter, .. } if filter.is_empty());
        if typed == Some(':') && empty {
            self.cancel();
            self.open_command_prompt();
            return;
        }
        self.edit_picker_filter(|filter| match typed {
            Some(c) => filter.push(c),
            None => {
                filter.pop();
            }
        });
    }

    /// Changes the picker's filter by `edit` and lists the games it lets
    /// through.
    pub(super) fn edit_picker_filter(&mut self, edit: impl FnOnce(&mut String)) {
        let Overlay::Picker {
            source,
            selected,
            filter,
            shown,
        } = &mut self.dialogs.overlay
        else {
            return;
        };
        edit(filter);
        *shown = source.matching(filter);
        if !shown.contains(selected) {
            if let Some(&first) = shown.first() {
                *selected = first;
            }
        }
    }

    pub(super) fn choice_confirm(&mut self) {
        match std::mem::replace(&mut self.dialogs.overlay, Overlay::None) {
            Overlay::Promotion { from, to, choice } => {
                self.try_from_to(from, to, Some(PROMOTION_CHOICES[choice]))
            }
            Overlay::Picker {
                source,
                selected,
                filter,
                shown,
            } => {
                if shown.contains(&selected) {
                    self.pick_game(source, selected)
                } else {
                    self.error(format!("no game of {} matches '{filter}'", source.name));
                    self.dialogs.overlay = Overlay::Picker {
                        source,
                        selected,
                        filter,
                        shown,
                    };
                }
            }
            Overlay::Play(d) if d.clock >= CLOCK_PRESETS.len() => {
                let last = crate::tui::control::last_custom(&self.config.clock).unwrap_or("");
                self.dialogs.prompt = Some(Prompt::new(PromptKind::Clock(d), last));
                self.info("clock: minutes+seconds of increment (7+2, 90+30, 0.5+0), Enter starts the game");
            }
            Overlay::Play(d) => {
                let (mins, inc) = CLOCK_PRESETS[d.clock];
                let clock =
                    (mins > 0).then(|| (Duration::from_secs(mins * 60), Duration::from_secs(inc)));
                self.start_game(d, clock);
            }
            Overlay::Annotate { choice } => {
                self.toggle_nag(NAG_CHOICES[choice]);
                // Stays open: a move and a position glyph often go together.
                self.dialogs.overlay = Overlay::Annotate { choice };
            }
            Overlay::AddLine { choice, lines } => {
                if let Some(l) = lines.get(choice) {
                    self.add_line_moves(choice + 1, &l.moves);
                }
            }
            // As `:load` of it: a game on the board that is not saved is
            // asked about first.
            Overlay::Kept { files, choice, .. } => {
                if let Some(f) = files.get(choice) {
                    self.effects.push(Effect::Load(f.path.clone()));
                }
            }
            other => self.dialogs.overlay = other,
        }
    }

    /// A choice by its key: a glyph's number, a line's number.
    pub(super) fn choice_pick(&mut self, i: usize) {
        match self.dialogs.overlay {
            Overlay::Annotate { .. } if i < NAG_CHOICES.len() => {
                self.dialogs.overlay = Overlay::Annotate { choice: i };
                self.choice_confirm();
            }
            Overlay::AddLine { .. } => {
                if let Overlay::AddLine { lines, .. } =
                    std::mem::replace(&mut self.dialogs.overlay, Overlay::None)
                {
                    if let Some(l) = lines.get(i) {
                        self.add_line_moves(i + 1, &l.moves);
                    }
                }
            }
            _ => {}
        }
    }

    /// The game dialog's choice: against the engine, or two players.
    fn start_game(&mut self, d: PlayDialog, clock: Option<(Duration, Duration)>) {
        if d.two_players {
            self.start_two_players(d, clock);
        } else {
            self.start_play(d, clock);
        }
    }

    /// The clock a game starts with, kept for the next dialog: a custom
    /// control as itself.
    fn remember_clock(&mut self, d: PlayDialog, clock: Option<(Duration, Duration)>) {
        self.config.clock = match clock {
            Some((base, inc)) if d.clock >= CLOCK_PRESETS.len() => {
                crate::tui::control::control_text(base, inc)
            }
            _ => crate::tui::control::preset_name(d.clock),
        };
        self.config_changed = true;
    }

    /// Two players at one board from the shown position, on a clock or
    /// not. Untimed, moves go in wherever the board is, as in analysis.
    /// On a clock the game has an end of its own, as against the engine:
    /// moves go there (the moves after the shown position stay in the
    /// tree, the game goes in as a variation where it differs), each
    /// side's clock starts after its first move, a flag fall ends the
    /// game, `k` pauses it.
    pub(super) fn start_two_players(&mut self, d: PlayDialog, clock: Option<(Duration, Duration)>) {
        if self.engine_game_on() {
            return self.error(super::duel::ENGINE_GAME_ON);
        }
        if clock.is_some() && self.view.status.is_over() {
            return self.error(super::duel::GAME_OVER_HERE);
        }
        self.remember_clock(d, clock);
        let start = self.doc.cursor;
        // On a clock, going on from the main line's end as against the
        // engine: the game is not over any more, so a result from before
        // goes, as an edit Ctrl-Z puts back once the game is over.
        // Untimed, only the engine game's loss on time goes with its
        // clocks.
        let cleared = if clock.is_some() {
            self.result_play_clears()
        } else {
            (self.flagged() && self.tree().is_main_line_end(self.play.game_end))
                .then(|| self.doc.game.result().to_string())
        };
        if cleared.is_some()
            && self
                .doc
                .game
                .clear_result("clear the result to play on", start)
        {
            self.doc.touch();
        }
        let later = !self.doc.at_line_end();
        let to_move = self.doc.game.board(start).side_to_move();
        let clocks =
            clock.map(|(base, inc)| new_clocks(base, inc, to_move, self.now).untimed_first_moves());
        self.play = PlayState::begin(Mode::TwoPlayers, start, clocks);
        // On a clock: the event, date and TimeControl, where unknown.
        self.name_played_game();
        self.refresh();
        self.autosave();
        self.info(match clock {
            None => "two players: both sides move by hand (a turns analysis on)".to_string(),
            Some((base, inc)) => format!(
                "two players, clocks {} (each starts after its side's first move; k pauses){}{}",
                control_text(base, inc),
                if later {
                    "; the moves after this position stay in the tree, the game goes in as a variation"
                } else {
                    ""
                },
                match &cleared {
                    Some(r) => format!("; the result {r} is cleared (Ctrl-Z puts it back)"),
                    None => String::new(),
                }
            ),
        });
    }

    /// Starts a game against the engine from the shown position. Moves
    /// that followed it stay in the tree; the game's moves go in as a new
    /// variation where they differ. What Ctrl-Y holds stays: the game's
    /// first edit puts it on the undo list (`Game`'s undo).
    pub(super) fn start_play(&mut self, d: PlayDialog, clock: Option<(Duration, Duration)>) {
        if self.engine_game_on() {
            return self.error(super::duel::ENGINE_GAME_ON);
        }
        if self.view.status.is_over() {
            return self.error(super::duel::GAME_OVER_HERE);
        }
        if let Some(why) = &self.engine.exited {
            return self.error(format!(
                "the engine has quit ({why}): {START_AN_ENGINE} to play"
            ));
        }
        self.remember_clock(d, clock);
        let start = self.doc.cursor;
        let later = !self.doc.at_line_end();
        // Going on from the main line's end, the game is not over any
        // more: a result from before (a flag fall, a loaded game's) goes,
        // as an edit that Ctrl-Z puts back once the game is over.
        let cleared = self.result_play_clears();
        if cleared.is_some() {
            self.doc
                .game
                .clear_result("clear the result to play on", start);
            self.doc.touch();
        }
        let to_move = self.doc.game.board(start).side_to_move();
        let clocks =
            clock.map(|(base, inc)| new_clocks(base, inc, to_move, self.now).untimed_first_moves());
        let mode = Mode::Play {
            human: d.human,
            level: d.level,
        };
        self.play = PlayState::begin(mode, start, clocks);
        self.play.engine = self.engine.external.clone();
        self.config.level = d.level;
        self.config_changed = true;
        self.ui.selected = None;
        self.ui.flipped = d.human == Color::Black;
        self.ui.flipped_for_game = self.ui.flipped;
        self.name_played_game();
        // A running report would show its verdicts in the move list.
        let report_stopped = self.eval_hidden() && self.report_running();
        if report_stopped {
            self.cancel_report();
        }
        // The engine hears of the new game (`ucinewgame`) before its
        // first `position`, as UCI asks.
        self.command_engine(Effect::NewGame);
        self.refresh();
        let side = d.human.name();
        let clock = match clock {
            Some((base, inc)) => format!(
                ", clocks {} (each starts after its side's first move)",
                control_text(base, inc)
            ),
            None => String::new(),
        };
        let kept = if later {
            "; the moves after this position stay in the tree, the game goes in as a variation"
        } else {
            ""
        };
        let cleared = match cleared {
            Some(r) => format!("; the result {r} is cleared (Ctrl-Z puts it back)"),
            None => String::new(),
        };
        let report = if report_stopped {
            "; the report is cancelled (it shows the evaluation: r after the game)"
        } else {
            ""
        };
        self.autosave();
        self.info(format!(
            "you play {side} against level {}{clock}{kept}{cleared}{report}",
            d.level
        ));
    }

    /// The custom clock prompt's answer: the game starts with it, or the
    /// prompt stays open with what was wrong.
    pub(super) fn custom_clock(&mut self, d: PlayDialog, text: &str) {
        match parse_control(text, PLAYER_CLOCKS) {
            Ok(c) => self.start_game(d, Some(c)),
            Err(e) => {
                self.dialogs.prompt = Some(Prompt::new(PromptKind::Clock(d), text));
                self.error(e);
            }
        }
    }

    /// `p` on a paused game: the clocks and the engine go on.
    pub(super) fn resume_game(&mut self) {
        let against_engine = matches!(self.play.mode, Mode::Play { .. });
        if let (true, Some(why)) = (against_engine, &self.engine.exited) {
            return self.error(format!(
                "the engine has quit ({why}): {START_AN_ENGINE}, then k goes on"
            ));
        }
        // Restored after a restart, the game waits for its own engine.
        if against_engine && self.play.engine != self.engine.external {
            let played = self.play.engine.as_deref().unwrap_or("tapir");
            let runs = self.engine.external.as_deref().unwrap_or("tapir");
            return self.error(format!(
                "this game is played against {played}, and {runs} runs now: :engine starts {played} (or names another to play on), then k goes on"
            ));
        }
        self.play.paused = false;
        let over = self.status_at(self.play.game_end).is_over();
        if let Some(c) = &mut self.play.clocks {
            if c.flagged.is_none() {
                c.since = self.now;
                c.stopped = over;
            }
        }
        self.info("the game goes on");
    }

    /// `k` in a game against the engine: the clocks stop and the engine
    /// stops thinking until `k` or `p` goes on.
    pub(super) fn pause_game(&mut self) {
        if self.play.paused {
            return self.resume_game();
        }
        if !self.any_game_running() {
            return self.info("the game is over: n starts a new one, a analyses");
        }
        self.stop_game_clocks();
        self.autosave();
        self.info(if self.two_players_timed() {
            "game paused, both clocks stopped: k goes on with it"
        } else {
            "game paused: k or p goes on with it"
        });
    }

    /// The game pauses: its clocks stop where they are (and with
    /// `paused` no engine is asked to move).
    pub(super) fn stop_game_clocks(&mut self) {
        if let Some(c) = &mut self.play.clocks {
            c.stop(self.now);
        }
        self.play.paused = true;
    }

    pub(super) fn toggle_analysis(&mut self) {
        if self.any_game_running() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::EndGame);
            return;
        }
        if self.tracks_game_end() {
            // Over on the board or on time: nothing is lost by leaving.
            self.leave_play();
            self.info("the game is over: analysis on");
            return;
        }
        self.play.analysis = !self.play.analysis;
        self.info(if self.play.analysis {
            "analysis on"
        } else {
            "analysis off"
        });
    }

    /// Back to the analysis board from a game (against the engine, or two
    /// players): no clocks, and the engine analyses instead of playing
    /// (a game loaded over it sets analysis as the settings say).
    pub(super) fn leave_play(&mut self) {
        if self.play.mode == Mode::Analysis {
            return;
        }
        // Nothing of the game stays but where it ended.
        self.play = PlayState {
            game_end: self.play.game_end,
            ..PlayState::default()
        };
        // Repetitions and fifty moves end the line again by themselves.
        self.refresh();
        self.autosave();
    }

    pub(super) fn set_multipv(&mut self, n: usize) {
        let n = n.clamp(1, MULTIPV_MAX);
        if n != self.config.multipv {
            self.config.multipv = n;
            self.config_changed = true;
        }
        // A stopped analysis shows no more lines than asked for.
        if let Some(k) = &mut self.engine.kept {
            k.lines.truncate(n);
        }
        let more = self.start_analysis_hint();
        self.info(format!(
            "{n} analysis line{}{more}",
            if n == 1 { "" } else { "s" }
        ));
    }
}
