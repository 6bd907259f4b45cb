//! The reducer: `App::update(Action)` changes the state and queues
//! `Effect`s; nothing here touches the terminal, the engine or the disk.
//! After every action the wanted search is compared with the running one
//! (`reconcile_engine`), so analysis restarts on any change and the engine
//! moves when it is its turn.

mod board_input;
mod clocks;
mod command_line;
mod dialogs;
mod engine;
mod game;
mod teaching;

pub use engine::{line_view, pv_san};

use super::action::{Action, Effect};
use super::app::{App, ConfirmWhat, Mode, Overlay, PlayDialog, Prompt, PromptKind};
use super::params::{CLOCK_PRESETS, PROMPT_MAX};
use crate::engine::{EngineOption, EvalKind};

impl App {
    /// Applies one action. Returns whether the screen may have changed.
    pub fn update(&mut self, action: Action) -> bool {
        let redraw = self.apply(action);
        self.reconcile_engine();
        self.sync_heat();
        redraw
    }

    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Tick(now) => return self.tick(now),
            Action::Resize(w, h) => self.screen = (w, h),
            Action::Engine { token, event } => return self.engine_event(token, event),
            Action::EngineError(e) => self.error(format!("engine: {e}")),
            Action::First => self.goto(0),
            Action::Prev => self.goto(self.ply.saturating_sub(1)),
            Action::Next => self.goto(self.ply + 1),
            Action::Last => self.goto(self.game.len()),
            Action::TakeBack => self.take_back(),
            Action::Flip => self.flip(),
            Action::ToggleAnalysis => self.toggle_analysis(),
            Action::NewGame => self.start_new_game(),
            Action::OpenPlayDialog => {
                let human = match self.mode {
                    Mode::Play { human, .. } => human,
                    _ => self.view.board.side_to_move(),
                };
                self.overlay = Overlay::Play(PlayDialog {
                    human,
                    level: self.config.level,
                    clock: 0,
                });
            }
            Action::TwoPlayers => {
                if self.flagged() {
                    // With the clocks gone, so is the loss on time.
                    self.game.result_override = None;
                }
                self.mode = Mode::TwoPlayers;
                self.analysis = false;
                self.clocks = None;
                self.info("two players: both sides move by hand (a turns analysis on)");
            }
            Action::MultiPvUp => self.set_multipv(self.config.multipv + 1),
            Action::MultiPvDown => self.set_multipv(self.config.multipv.saturating_sub(1)),
            Action::ToggleEvalView => {
                self.eval_view = match self.eval_view {
                    EvalKind::Hce => EvalKind::Nnue,
                    EvalKind::Nnue => EvalKind::Hce,
                };
                self.command_engine(Effect::SetOption(EngineOption::Evaluator(self.eval_view)));
                self.info(match self.eval_view {
                    EvalKind::Hce => "evaluation: hand-crafted (HCE)",
                    EvalKind::Nnue => "evaluation: NNUE",
                });
            }
            Action::ToggleHelp => {
                self.overlay = match self.overlay {
                    Overlay::Help => Overlay::None,
                    _ => Overlay::Help,
                }
            }
            Action::ToggleFrameTimes => self.show_frame_times = !self.show_frame_times,
            Action::Teach(t) => self.teach_action(t),
            Action::SetNetwork(net) => self.set_network(net),
            Action::NetLoaded { path, net } => {
                self.command_engine(Effect::SetOption(EngineOption::EvalFile(Some(path))));
                self.set_network(Some(net));
            }
            Action::CopyFen => self.copy_fen(),
            Action::Quit => self.request_quit(),
            Action::ForceQuit => self.quit = true,
            Action::Cancel => self.cancel(),
            Action::CursorMove(dx, dy) => self.move_cursor(dx, dy),
            Action::CursorPick => match self.cursor {
                Some(sq) => self.pick_square(sq),
                None => self.cursor = Some(self.default_cursor()),
            },
            Action::OpenMovePrompt(first) => {
                self.prompt = Some(Prompt {
                    kind: PromptKind::Move,
                    text: first.map(String::from).unwrap_or_default(),
                })
            }
            Action::OpenCommand => {
                self.prompt = Some(Prompt {
                    kind: PromptKind::Command,
                    text: String::new(),
                })
            }
            Action::PromptChar(c) => {
                if let Some(p) = &mut self.prompt {
                    if p.text.len() + c.len_utf8() <= PROMPT_MAX {
                        p.text.push(c);
                    }
                }
            }
            Action::PromptBackspace => {
                if let Some(p) = &mut self.prompt {
                    if p.text.pop().is_none() {
                        self.prompt = None;
                    }
                }
            }
            Action::PromptSubmit => {
                if let Some(p) = self.prompt.take() {
                    match p.kind {
                        PromptKind::Move => self.text_move(&p.text),
                        PromptKind::Command => self.command(&p.text),
                    }
                }
            }
            Action::MoveText(t) => self.text_move(&t),
            Action::Command(t) => self.command(&t),
            Action::Paste(t) => self.paste(&t),
            Action::ChoiceMove(d) => self.choice_move(d),
            Action::ChoiceConfirm => self.choice_confirm(),
            Action::Promote(k) => {
                if let Overlay::Promotion { from, to, .. } = self.overlay {
                    self.overlay = Overlay::None;
                    self.try_from_to(from, to, Some(k));
                }
            }
            Action::PlaySide(c) => {
                if let Overlay::Play(d) = &mut self.overlay {
                    d.human = c;
                }
            }
            Action::PlayClock => {
                if let Overlay::Play(d) = &mut self.overlay {
                    d.clock = (d.clock + 1) % CLOCK_PRESETS.len();
                }
            }
            Action::Confirm(yes) => match std::mem::replace(&mut self.overlay, Overlay::None) {
                Overlay::Confirm(what) if yes => match what {
                    ConfirmWhat::Quit => self.quit = true,
                    ConfirmWhat::Replace(r) => self.apply_replacement(*r),
                },
                Overlay::Confirm(_) => {}
                other => {
                    self.overlay = other;
                    return false;
                }
            },
            Action::MouseDown(x, y) => self.mouse_down(x, y),
            Action::MouseDrag(x, y) => {
                let sq = self.square_at(x, y);
                match &mut self.drag {
                    Some((_, hover)) if *hover != sq => *hover = sq,
                    _ => return false,
                }
            }
            Action::MouseUp(x, y) => {
                if let Some((from, _)) = self.drag.take() {
                    match self.square_at(x, y) {
                        Some(sq) if sq != from && self.selected == Some(from) => {
                            self.pick_square(sq)
                        }
                        _ => {}
                    }
                }
            }
            Action::FileLoaded { path, text } => self.file_loaded(path, &text),
            Action::Saved(path) => {
                self.unsaved = false;
                self.info(format!("saved {}", path.display()));
                self.file = Some(path);
            }
            Action::FileError(e) => self.error(e),
        }
        true
    }
}

/// "1 ply", "84 plies".
pub fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
