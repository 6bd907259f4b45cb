//! The dialogs (promotion, game picker, play against the engine) and the
//! analysis switches (on/off, number of lines).

use super::clocks::new_clocks;
use super::command_line::not_kept;
use crate::chess::Color;
use crate::tui::app::{App, Mode, Overlay, PlayDialog, Replacement, PROMOTION_CHOICES};
use crate::tui::game::Game;
use crate::tui::params::{CLOCK_PRESETS, LEVEL_MAX, MULTIPV_MAX};
use std::time::Duration;

impl App {
    pub(super) fn choice_move(&mut self, d: i32) {
        match &mut self.overlay {
            Overlay::Promotion { choice, .. } => {
                *choice = (*choice as i32 + d).rem_euclid(PROMOTION_CHOICES.len() as i32) as usize
            }
            Overlay::Picker { entries, selected } => {
                let n = entries.len() as i32;
                *selected = (*selected as i32 + d).clamp(0, n - 1) as usize;
            }
            Overlay::Play(dialog) => {
                dialog.level = (dialog.level as i32 + d).clamp(1, LEVEL_MAX as i32) as u8;
            }
            _ => {}
        }
    }

    pub(super) fn choice_confirm(&mut self) {
        match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::Promotion { from, to, choice } => {
                self.try_from_to(from, to, Some(PROMOTION_CHOICES[choice]))
            }
            Overlay::Picker { entries, selected } => {
                let entry = entries[selected].0.clone();
                match entry.game {
                    Ok(g) => self.replace_game(Replacement {
                        game: Game::from_pgn(&g),
                        file: None,
                        message: format!(
                            "loaded game {}: {}{}",
                            selected + 1,
                            entry.label,
                            not_kept(&g)
                        ),
                        question: "The game is not saved. Open the chosen one?",
                        leaves_play: true,
                    }),
                    Err(e) => {
                        self.error(format!("cannot load that game: {e}"));
                        self.overlay = Overlay::Picker { entries, selected };
                    }
                }
            }
            Overlay::Play(d) => self.start_play(d),
            other => self.overlay = other,
        }
    }

    fn start_play(&mut self, d: PlayDialog) {
        // The game goes on from the shown position; what followed it goes.
        let dropped = self.game.len().saturating_sub(self.ply);
        if dropped > 0 {
            self.game.truncate(self.ply);
            self.unsaved = true;
        }
        // A result the moves do not show (a resignation in a loaded game, a
        // flag fall) ended the old game, not this one.
        self.game.result_override = None;
        self.mode = Mode::Play {
            human: d.human,
            level: d.level,
        };
        self.analysis = false;
        self.config.level = d.level;
        self.config_changed = true;
        self.selected = None;
        let (mins, inc) = CLOCK_PRESETS[d.clock % CLOCK_PRESETS.len()];
        self.clocks = (mins > 0).then(|| {
            new_clocks(
                Duration::from_secs(mins * 60),
                Duration::from_secs(inc),
                self.game.last_board().side_to_move(),
                self.now,
            )
        });
        self.flipped = d.human == Color::Black;
        self.refresh();
        let side = match d.human {
            Color::White => "White",
            Color::Black => "Black",
        };
        let clock = if mins > 0 {
            format!(", clocks {mins}+{inc}")
        } else {
            String::new()
        };
        let dropped = match dropped {
            0 => String::new(),
            1 => "; dropped the move after the shown position".to_string(),
            n => format!("; dropped the {n} moves after the shown position"),
        };
        self.autosave();
        self.info(format!(
            "you play {side} against level {}{clock}{dropped}",
            d.level
        ));
    }

    pub(super) fn toggle_analysis(&mut self) {
        if let Mode::Play { .. } = self.mode {
            self.leave_play();
            self.info("the game against the engine is over: analysis on");
            return;
        }
        self.analysis = !self.analysis;
        self.info(if self.analysis {
            "analysis on"
        } else {
            "analysis off"
        });
    }

    /// Back to the analysis board from a game against the engine: no
    /// clocks, and the engine analyses instead of playing.
    pub(super) fn leave_play(&mut self) {
        if let Mode::Play { .. } = self.mode {
            self.mode = Mode::Analysis;
            self.analysis = true;
            self.clocks = None;
        }
    }

    pub(super) fn set_multipv(&mut self, n: usize) {
        let n = n.clamp(1, MULTIPV_MAX);
        if n != self.config.multipv {
            self.config.multipv = n;
            self.config_changed = true;
        }
        self.info(format!(
            "{n} analysis line{}",
            if n == 1 { "" } else { "s" }
        ));
    }
}
