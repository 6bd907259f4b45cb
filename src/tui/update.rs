//! The reducer: `App::update(Action)` changes the state and queues
//! `Effect`s; nothing here touches the terminal, the engine or the disk.
//! After every action the wanted search is compared with the running one
//! (`reconcile_engine`), so analysis restarts on any change and the engine
//! moves when it is its turn.

use super::action::{Action, Effect, PickerEntry};
use super::app::{
    ActiveSearch, App, Clocks, ConfirmWhat, LineView, Mode, Overlay, PickerEntryView, PlayDialog,
    Prompt, PromptKind, Purpose, Replacement, SearchKey, View, PROMOTION_CHOICES,
};
use super::commands;
use super::game::Game;
use super::layout;
use super::params::{
    CLOCK_PRESETS, ENGINE_MOVETIME, LEVEL_ELO, LEVEL_MAX, LEVEL_NODES, MULTIPV_MAX,
};
use crate::chess::pgn::{parse_games, write_pgn};
use crate::chess::{parse_move, to_san, Board, Color, Move, MoveError, Position, Square};
use crate::engine::{EngineOption, EvalKind, Limits, Score, SearchEvent, SearchInfo};
use crate::eval::teach::MoveDelta;
use std::time::{Duration, Instant};

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
            Action::Flip => {
                self.flipped = !self.flipped;
                self.info(if self.flipped {
                    "board flipped: Black at the bottom"
                } else {
                    "board flipped: White at the bottom"
                });
            }
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
                self.effects
                    .push(Effect::SetOption(EngineOption::Evaluator(self.eval_view)));
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
            Action::CopyFen => {
                let fen = self.view.fen.clone();
                self.effects.push(Effect::Copy(fen.clone()));
                self.info(format!("FEN (copied): {fen}"));
            }
            Action::Quit => {
                if self.unsaved && !self.game.is_empty() {
                    self.overlay = Overlay::Confirm(ConfirmWhat::Quit);
                } else {
                    self.quit = true;
                }
            }
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
                    if p.text.len() < 512 {
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

    // ---- walking and editing the game --------------------------------

    fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.game.len());
        if ply != self.ply {
            self.ply = ply;
            self.selected = None;
            self.refresh();
        }
    }

    /// Recomputes what the shown position implies.
    pub fn refresh(&mut self) {
        self.view = View::compute(&self.game, self.ply, self.net.as_deref());
        self.game_evals.sync(&self.game, self.net.as_ref());
    }

    /// Takes back the last move of the line (two against the engine, so it
    /// is the human's turn again) and shows the new end. Always from the
    /// end: a take-back while browsing never deletes more than that.
    fn take_back(&mut self) {
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return;
        }
        if self.game.is_empty() {
            self.error("nothing to take back");
            return;
        }
        let mut target = self.game.len() - 1;
        if let Mode::Play { human, .. } = self.mode {
            // Back to the human's turn, taking the engine's reply too.
            while target > 0 && self.game.board_at(target).side_to_move() != human {
                target -= 1;
            }
        }
        let n = self.game.len() - target;
        self.game.truncate(target);
        self.ply = target;
        self.selected = None;
        if let Some(c) = &mut self.clocks {
            // The time thought so far is spent; the clock of the side to
            // move in the taken-back position runs from now.
            if c.ticking() {
                let used = self.now.saturating_duration_since(c.since);
                c.left[c.running.index()] = c.left[c.running.index()].saturating_sub(used);
            }
            c.running = self.game.board_at(target).side_to_move();
            c.since = self.now;
            c.stopped = false;
        }
        self.unsaved = true;
        self.refresh();
        self.autosave();
        self.info(format!(
            "took back {n} move{}",
            if n == 1 { "" } else { "s" }
        ));
    }

    fn new_game(&mut self, game: Game) {
        self.game = game;
        self.ply = self.game.len();
        self.selected = None;
        self.cursor = None;
        self.unsaved = false;
        self.file = None;
        if let Some(c) = &mut self.clocks {
            let (mins, inc) = CLOCK_PRESETS
                .iter()
                .copied()
                .find(|&(_, i)| Duration::from_secs(i) == c.increment)
                .unwrap_or((5, 3));
            *c = new_clocks(mins, inc, self.game.last_board().side_to_move(), self.now);
        }
        self.effects.push(Effect::NewGame);
        self.refresh();
        self.autosave();
        self.info("new game");
    }

    /// The `n` key and `:new`.
    fn start_new_game(&mut self) {
        self.replace_game(Replacement {
            game: Game::default(),
            file: None,
            message: "new game".into(),
            question: "The game is not saved. Start a new one?",
        });
    }

    /// Puts another game on the board, asking first when that would drop
    /// moves that were never saved (the autosave keeps only the board's game).
    fn replace_game(&mut self, r: Replacement) {
        if self.unsaved && !self.game.is_empty() {
            self.overlay = Overlay::Confirm(ConfirmWhat::Replace(Box::new(r)));
        } else {
            self.apply_replacement(r);
        }
    }

    fn apply_replacement(&mut self, r: Replacement) {
        self.new_game(r.game);
        if r.file.is_some() {
            self.file = r.file;
        }
        self.info(r.message);
    }

    fn autosave(&mut self) {
        let text = write_pgn(&self.game.to_pgn());
        self.effects.push(Effect::Autosave(text));
    }

    /// Whether a clock has fallen: that game is over for good.
    fn flagged(&self) -> bool {
        self.clocks.as_ref().is_some_and(|c| c.flagged.is_some())
    }

    /// Whether the human may move in the shown position now.
    fn may_move(&mut self) -> bool {
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return false;
        }
        let over = self.view.status.is_over();
        match self.mode {
            Mode::Play { human, .. } => {
                if over {
                    self.error("the game is over: n starts a new one, u takes back");
                    false
                } else if self.looking_back() {
                    self.looking_back_error();
                    false
                } else if self.view.board.side_to_move() != human {
                    self.error("it is the engine's turn");
                    false
                } else {
                    true
                }
            }
            Mode::TwoPlayers if over => {
                self.error("the game is over: n starts a new one, u takes back");
                false
            }
            _ => true,
        }
    }

    /// Plays a legal move of the shown position.
    fn play(&mut self, m: Move) {
        if !self.may_move() {
            return;
        }
        let san = to_san(&self.view.board, m);
        let was_end = self.at_end();
        let dropped = self.game.play_at(self.ply, m);
        self.ply += 1;
        self.selected = None;
        self.drag = None;
        if dropped > 0 || was_end {
            self.unsaved = true;
            self.switch_clock();
        }
        self.refresh();
        self.autosave();
        if dropped > 1 {
            self.info(format!("{san}: replaced the {dropped} moves that followed"));
        } else if dropped == 1 {
            self.info(format!("{san}: replaced the move that followed"));
        } else {
            self.message = None;
        }
        if let Some(r) = self.result_text() {
            self.info(r);
        }
    }

    /// Against the engine, whether the shown position is an earlier one
    /// where it is the engine's turn: no move of the human's can be played
    /// there, so saying "illegal" would mislead.
    fn looking_back(&self) -> bool {
        matches!(self.mode, Mode::Play { human, .. }
            if !self.at_end() && self.view.board.side_to_move() != human)
    }

    /// Says that the board shows an earlier position and how to get back.
    fn looking_back_error(&mut self) {
        self.error(format!(
            "you are looking at an earlier position (ply {} of {}): End returns to the game",
            self.ply,
            self.game.len()
        ));
    }

    fn text_move(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.looking_back() {
            self.looking_back_error();
            return;
        }
        match parse_move(&self.view.board, text) {
            Ok(m) => self.play(m),
            Err(MoveError::Ambiguous(s, c)) => self.error(format!(
                "'{s}' is ambiguous: {} - say which",
                c.join(" or ")
            )),
            Err(MoveError::Syntax(s)) => self.error(format!(
                "'{s}' is not a move: type SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3)"
            )),
            Err(e @ MoveError::Illegal(_)) => {
                let hint = if self.view.legal.is_empty() {
                    " (no legal moves: the game is over)".to_string()
                } else {
                    String::new()
                };
                self.error(format!("{e}{hint}"))
            }
        }
    }

    /// Tries the move `from`-`to`, asking for the piece when it promotes.
    fn try_from_to(&mut self, from: Square, to: Square, promo: Option<crate::chess::PieceType>) {
        let candidates: Vec<Move> = self
            .view
            .legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        match candidates.as_slice() {
            [] => self.error(format!("{from}-{to} is not legal here")),
            [m] => self.play(*m),
            many => match promo {
                Some(k) => {
                    if let Some(m) = many.iter().find(|m| m.promotion() == Some(k)) {
                        self.play(*m)
                    }
                }
                None => {
                    self.overlay = Overlay::Promotion {
                        from,
                        to,
                        choice: 0,
                    }
                }
            },
        }
    }

    /// Click or Enter on a square: select a piece, or move the selected one.
    fn pick_square(&mut self, sq: Square) {
        let own = self
            .view
            .board
            .piece_at(sq)
            .is_some_and(|p| p.color() == self.view.board.side_to_move());
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            Some(_) if own => self.select(sq),
            Some(from) => {
                self.selected = None;
                self.try_from_to(from, sq, None);
            }
            None => self.select(sq),
        }
    }

    fn select(&mut self, sq: Square) {
        if self.looking_back() {
            self.looking_back_error();
            return;
        }
        let b = &self.view.board;
        match b.piece_at(sq) {
            None => self.error(format!("no piece on {sq}")),
            Some(p) if p.color() != b.side_to_move() => self.error(format!(
                "{} is to move",
                match b.side_to_move() {
                    Color::White => "White",
                    Color::Black => "Black",
                }
            )),
            Some(_) if !self.view.legal.iter().any(|m| m.from() == sq) => {
                self.error(format!("the piece on {sq} has no legal move"))
            }
            Some(_) => {
                self.selected = Some(sq);
                self.message = None;
            }
        }
    }

    /// Where the keyboard cursor appears: on a piece of the side to move
    /// that can move (the e-pawn's home square, else the king, else any),
    /// so the first Enter picks something up.
    fn default_cursor(&self) -> Square {
        let b = &self.view.board;
        let king = b.king(b.side_to_move());
        let home = match b.side_to_move() {
            Color::White => Square::from_coords(4, 1),
            Color::Black => Square::from_coords(4, 6),
        };
        let movable = |sq: Square| self.view.legal.iter().any(|m| m.from() == sq);
        [home, king]
            .into_iter()
            .find(|&sq| movable(sq))
            .or_else(|| self.view.legal.first().map(|m| m.from()))
            .unwrap_or(king)
    }

    fn move_cursor(&mut self, dx: i8, dy: i8) {
        let Some(c) = self.cursor else {
            self.cursor = Some(self.default_cursor());
            return;
        };
        let (dx, dy) = if self.flipped { (-dx, -dy) } else { (dx, dy) };
        let f = (c.file() as i8 + dx).clamp(0, 7) as u8;
        let r = (c.rank() as i8 + dy).clamp(0, 7) as u8;
        self.cursor = Some(Square::from_coords(f, r));
    }

    fn cancel(&mut self) {
        if self.overlay != Overlay::None {
            self.overlay = Overlay::None;
        } else if self.prompt.is_some() {
            self.prompt = None;
        } else if self.selected.is_some() {
            self.selected = None;
        } else if self.cursor.is_some() {
            self.cursor = None;
        } else if !self.close_teaching() {
            self.message = None;
        }
    }

    // ---- mouse ---------------------------------------------------------

    fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        let areas = layout::compute(self.screen.0, self.screen.1);
        areas.square_at(x, y, self.flipped)
    }

    fn mouse_down(&mut self, x: u16, y: u16) {
        if let Overlay::Promotion { .. } = self.overlay {
            return;
        }
        let Some(sq) = self.square_at(x, y) else {
            // A click in the move list jumps to that move.
            let areas = layout::compute(self.screen.0, self.screen.1);
            let (_, moves) = super::widgets::heat::split_moves(self, areas.moves);
            if let Some(ply) = super::widgets::movelist::ply_at(self, moves, x, y) {
                self.goto(ply);
            }
            return;
        };
        self.cursor = None;
        let own = self
            .view
            .board
            .piece_at(sq)
            .is_some_and(|p| p.color() == self.view.board.side_to_move());
        match self.selected {
            Some(from) if from != sq && !own => {
                self.selected = None;
                self.try_from_to(from, sq, None);
            }
            Some(from) if from == sq => {
                // Second click on the same piece: start a drag, drop it on release.
                self.drag = Some((sq, Some(sq)));
            }
            _ => {
                self.select(sq);
                if self.selected == Some(sq) {
                    self.drag = Some((sq, Some(sq)));
                }
            }
        }
    }

    // ---- dialogs -------------------------------------------------------

    fn choice_move(&mut self, d: i32) {
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

    fn choice_confirm(&mut self) {
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
        self.mode = Mode::Play {
            human: d.human,
            level: d.level,
        };
        self.analysis = false;
        self.config.level = d.level;
        self.config_changed = true;
        self.selected = None;
        let (mins, inc) = CLOCK_PRESETS[d.clock % CLOCK_PRESETS.len()];
        self.clocks = (mins > 0)
            .then(|| new_clocks(mins, inc, self.game.last_board().side_to_move(), self.now));
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

    fn toggle_analysis(&mut self) {
        if let Mode::Play { .. } = self.mode {
            self.error("no analysis while playing the engine (2 or a new mode first)");
            return;
        }
        self.analysis = !self.analysis;
        self.info(if self.analysis {
            "analysis on"
        } else {
            "analysis off"
        });
    }

    fn set_multipv(&mut self, n: usize) {
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

    // ---- commands and files -------------------------------------------

    fn command(&mut self, text: &str) {
        match commands::parse(text) {
            Ok(cmd) => self.run_command(cmd),
            Err(e) => {
                // A move typed after ':' is played.
                if let Ok(m) = parse_move(&self.view.board, text.trim()) {
                    self.play(m);
                } else {
                    self.error(e);
                }
            }
        }
    }

    fn run_command(&mut self, cmd: commands::Command) {
        use commands::Command as C;
        match cmd {
            C::ShowFen => {
                let fen = self.view.fen.clone();
                self.info(format!("FEN: {fen}"));
            }
            C::Fen(fen) => match Board::from_fen(&fen) {
                Ok(b) => self.replace_game(Replacement {
                    game: Game::new(b),
                    file: None,
                    message: "position set from FEN".into(),
                    question: "The game is not saved. Set up the FEN?",
                }),
                Err(e) => self.error(format!("bad FEN: {e}")),
            },
            C::Load(path) => self.effects.push(Effect::Load(path)),
            C::Net(path) => self.effects.push(Effect::LoadNet(path)),
            C::Save(path) => {
                let mut pgn = self.game.to_pgn();
                fill_default_tags(&mut pgn, self.mode);
                self.effects.push(Effect::Save {
                    path,
                    text: write_pgn(&pgn),
                });
            }
            C::Level(n) => {
                self.config.level = n;
                self.config_changed = true;
                if let Mode::Play { human, .. } = self.mode {
                    self.mode = Mode::Play { human, level: n };
                }
                self.info(format!("level {n}"));
            }
            C::Hash(mb) => {
                self.config.hash = mb;
                self.config_changed = true;
                self.effects.push(Effect::SetOption(EngineOption::Hash(mb)));
                self.info(format!("hash {mb} MiB"));
            }
            C::Threads(n) => {
                self.config.threads = n;
                self.config_changed = true;
                self.effects
                    .push(Effect::SetOption(EngineOption::Threads(n)));
                self.info(format!(
                    "{n} search thread{}",
                    if n == 1 { "" } else { "s" }
                ));
            }
            C::MultiPv(n) => self.set_multipv(n),
            C::Quit => self.apply_quit(),
            C::New => self.start_new_game(),
            C::Flip => {
                self.flipped = !self.flipped;
            }
            C::Help => self.overlay = Overlay::Help,
        }
    }

    fn apply_quit(&mut self) {
        if self.unsaved && !self.game.is_empty() {
            self.overlay = Overlay::Confirm(ConfirmWhat::Quit);
        } else {
            self.quit = true;
        }
    }

    fn file_loaded(&mut self, path: std::path::PathBuf, text: &str) {
        let games = parse_games(text);
        match games.len() {
            0 => self.error(format!("{}: no game in this file", path.display())),
            1 => match games.into_iter().next().expect("one game") {
                Ok(g) => self.replace_game(Replacement {
                    game: Game::from_pgn(&g),
                    file: Some(path.clone()),
                    message: format!(
                        "loaded {} ({}, {}){}",
                        path.display(),
                        plies(g.moves.len()),
                        g.result,
                        not_kept(&g)
                    ),
                    question: "The game is not saved. Open the loaded one?",
                }),
                Err(e) => self.error(format!("{}: {e}", path.display())),
            },
            n => {
                let entries = games
                    .into_iter()
                    .map(|g| {
                        PickerEntryView(PickerEntry {
                            label: match &g {
                                Ok(g) => game_label(g),
                                Err(e) => format!("(unreadable) {}", e.message),
                            },
                            game: g.map_err(|e| e.to_string()),
                        })
                    })
                    .collect();
                self.overlay = Overlay::Picker {
                    entries,
                    selected: 0,
                };
                self.file = Some(path.clone());
                self.info(format!("{}: {n} games - pick one", path.display()));
            }
        }
    }

    fn paste(&mut self, text: &str) {
        let t = text.trim();
        if let Some(p) = &mut self.prompt {
            p.text.push_str(t.lines().next().unwrap_or(""));
            return;
        }
        // A dialog answers its own keys; a game pasted under it would leave
        // it acting on a position that is gone.
        if self.overlay != Overlay::None {
            self.error("close the dialog first (Esc), then paste");
            return;
        }
        if Board::from_fen(t).is_ok() {
            self.run_command(commands::Command::Fen(t.to_string()));
        } else if t.contains('[') || t.contains("1.") {
            self.file_loaded("(pasted)".into(), t);
        } else {
            self.text_move(t);
        }
    }

    // ---- clocks --------------------------------------------------------

    /// After a move at the game's end: the running clock is charged (plus
    /// the increment) and the other side's starts, or both stop when the
    /// move ended the game.
    fn switch_clock(&mut self) {
        let now = self.now;
        let mover = self.game.last_board().side_to_move();
        let over = self.game.status_at(self.game.len()).is_over();
        if let Some(c) = &mut self.clocks {
            if !c.ticking() {
                return;
            }
            let prev = c.running;
            let used = now.saturating_duration_since(c.since);
            let left = c.left[prev.index()].saturating_sub(used);
            c.left[prev.index()] = left + c.increment;
            c.running = mover;
            c.since = now;
            c.stopped = over;
        }
    }

    fn tick(&mut self, now: Instant) -> bool {
        self.now = now;
        if let Some(c) = &mut self.clocks {
            if c.ticking() && c.remaining(c.running, now).is_zero() {
                let loser = c.running;
                c.left[loser.index()] = Duration::ZERO;
                c.flagged = Some(loser);
                self.game.result_override = Some(
                    match loser {
                        Color::White => "0-1",
                        Color::Black => "1-0",
                    }
                    .to_string(),
                );
                self.unsaved = true;
                self.refresh();
                self.autosave();
                if let Some(r) = self.result_text() {
                    self.info(r);
                }
            }
        }
        self.is_live()
    }

    // ---- the engine ----------------------------------------------------

    fn engine_event(&mut self, token: u64, event: SearchEvent) -> bool {
        if let SearchEvent::Error(e) = event {
            self.error(format!("engine: {e}"));
            return true;
        }
        let Some(search) = &mut self.search else {
            return false;
        };
        if search.token != token {
            return false; // a search already replaced
        }
        match event {
            SearchEvent::Info { info, .. } => {
                let root = search.root;
                let mut line = line_view(&root, &info);
                let i = line.multipv.saturating_sub(1);
                if i >= MULTIPV_MAX {
                    return false;
                }
                line.delta = match self.lines.get(i) {
                    Some(old) if old.first == line.first => old.delta,
                    _ => line
                        .first
                        .map(|m| MoveDelta::of_move(&root, m, self.net.as_deref())),
                };
                if self.lines.len() <= i {
                    self.lines.resize(i + 1, line.clone());
                }
                self.lines[i] = line;
                true
            }
            SearchEvent::BestMove { best, .. } => {
                search.finished = true;
                let purpose = search.key.purpose;
                let root = search.root;
                if purpose == Purpose::EngineMove {
                    self.engine_move(root, best);
                }
                true
            }
            SearchEvent::Error(_) => unreachable!("handled above"),
        }
    }

    fn engine_move(&mut self, root: Board, best: Option<Move>) {
        let Mode::Play { human, .. } = self.mode else {
            return;
        };
        let end = *self.game.last_board();
        if end != root || end.side_to_move() == human {
            return;
        }
        let Some(m) = best.filter(|m| crate::chess::legal_moves(&end).contains(*m)) else {
            self.error("the engine returned no legal move");
            return;
        };
        let follow = self.at_end();
        let san = to_san(&end, m);
        self.game.push(m);
        if follow {
            self.ply = self.game.len();
        }
        self.unsaved = true;
        self.switch_clock();
        self.refresh();
        self.autosave();
        let n = end.fullmove_number();
        let dots = if end.side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        self.info(format!("engine plays {n}{dots} {san}"));
        if self.at_end() {
            if let Some(r) = self.result_text() {
                self.info(r);
            }
        }
    }

    /// What the state wants the engine to work on, if anything. Cheap: no
    /// position is built unless the status of the game's end is unknown.
    fn wanted_key(&self) -> Option<SearchKey> {
        if self.flagged() {
            return None;
        }
        match self.mode {
            Mode::Play { human, level } => {
                let end = self.game.last_board();
                let len = self.game.len();
                if end.side_to_move() == human {
                    return None;
                }
                let over = if self.at_end() {
                    self.view.status.is_over()
                } else {
                    self.game.status_at(len).is_over()
                };
                (!over).then(|| SearchKey {
                    hash: end.hash(),
                    ply: len,
                    game_len: len,
                    purpose: Purpose::EngineMove,
                    multipv: 1,
                    eval: self.eval_view,
                    level,
                })
            }
            Mode::Analysis | Mode::TwoPlayers => (self.analysis && !self.view.status.is_over())
                .then(|| SearchKey {
                    hash: self.view.board.hash(),
                    ply: self.ply,
                    game_len: self.game.len(),
                    purpose: Purpose::Analysis,
                    multipv: self.config.multipv,
                    eval: self.eval_view,
                    level: LEVEL_MAX,
                }),
        }
    }

    /// The position, limits and engine options for a search with `key`.
    fn search_request(&self, key: &SearchKey) -> (Position, Limits, Vec<EngineOption>) {
        match key.purpose {
            Purpose::EngineMove => {
                let level = key.level;
                let mut limits = Limits::default();
                let mut options = vec![EngineOption::MultiPv(1)];
                if level < LEVEL_MAX {
                    let i = (level.max(1) - 1) as usize;
                    limits.nodes = Some(LEVEL_NODES[i]);
                    options.push(EngineOption::LimitStrength(true));
                    options.push(EngineOption::Elo(LEVEL_ELO[i]));
                } else {
                    options.push(EngineOption::LimitStrength(false));
                }
                match &self.clocks {
                    Some(c) => {
                        limits.wtime = Some(c.remaining(Color::White, self.now));
                        limits.btime = Some(c.remaining(Color::Black, self.now));
                        limits.winc = Some(c.increment);
                        limits.binc = Some(c.increment);
                    }
                    None => limits.movetime = Some(ENGINE_MOVETIME),
                }
                (self.game.position_at(key.game_len), limits, options)
            }
            Purpose::Analysis => (
                self.game.position_at(key.ply),
                Limits::infinite(),
                vec![
                    EngineOption::MultiPv(key.multipv),
                    EngineOption::LimitStrength(false),
                ],
            ),
        }
    }

    /// Starts, restarts or stops the engine so it works on what the state
    /// calls for.
    pub fn reconcile_engine(&mut self) {
        let wanted = self.wanted_key();
        if wanted.as_ref() == self.search.as_ref().map(|s| &s.key) {
            return;
        }
        if let Some(old) = self.search.take() {
            if !old.finished {
                self.effects.push(Effect::Stop);
            }
        }
        self.lines.clear();
        if let Some(key) = wanted {
            let (position, limits, options) = self.search_request(&key);
            let token = self.next_token;
            self.next_token += 1;
            self.search = Some(ActiveSearch {
                token,
                key,
                root: *position.board(),
                started: self.now,
                finished: false,
            });
            self.effects.push(Effect::Search {
                token,
                position: Box::new(position),
                limits,
                options,
            });
        }
    }
}

/// Why nothing more happens after a flag fall.
const LOST_ON_TIME: &str = "the game was lost on time: n starts a new one";

fn new_clocks(mins: u64, inc: u64, running: Color, now: Instant) -> Clocks {
    let base = Duration::from_secs(mins * 60);
    Clocks {
        left: [base, base],
        increment: Duration::from_secs(inc),
        running,
        since: now,
        flagged: None,
        stopped: false,
    }
}

/// Fills the roster tags a fresh game lacks.
fn fill_default_tags(pgn: &mut crate::chess::pgn::PgnGame, mode: Mode) {
    if pgn.tag("Event").is_none() {
        pgn.set_tag("Event", "tapir game");
    }
    if pgn.tag("Site").is_none() {
        pgn.set_tag("Site", "tapir");
    }
    let (white, black) = match mode {
        Mode::Play { human, level } => {
            let engine = format!("tapir level {level}");
            match human {
                Color::White => ("Human".to_string(), engine),
                Color::Black => (engine, "Human".to_string()),
            }
        }
        _ => ("?".to_string(), "?".to_string()),
    };
    if pgn.tag("White").is_none() {
        pgn.set_tag("White", &white);
    }
    if pgn.tag("Black").is_none() {
        pgn.set_tag("Black", &black);
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

/// "; not kept: 3 comments, 1 variation" when the reader skipped any
/// annotations (the board keeps the main line only), else nothing.
fn not_kept(g: &crate::chess::pgn::PgnGame) -> String {
    let skipped = g.skipped.describe();
    if skipped.is_empty() {
        skipped
    } else {
        format!("; not kept: {skipped}")
    }
}

/// "Carlsen - Nepo 1-0 (84 plies) Event"
fn game_label(g: &crate::chess::pgn::PgnGame) -> String {
    let t = |k: &str| g.tag(k).unwrap_or("?").to_string();
    format!(
        "{} - {} {} ({}) {}",
        t("White"),
        t("Black"),
        g.result,
        plies(g.moves.len()),
        t("Event")
    )
}

/// Turns an engine report into a line to draw: White's view, SAN PV with
/// move numbers. Illegal PV moves (from a stale report) end the line.
pub fn line_view(root: &Board, info: &SearchInfo) -> LineView {
    let flip = root.side_to_move() == Color::Black;
    let score = match info.score {
        Score::Cp(c) if flip => Score::Cp(-c),
        Score::Mate(m) if flip => Score::Mate(-m),
        s => s,
    };
    LineView {
        multipv: info.multipv.max(1),
        depth: info.depth,
        seldepth: info.seldepth,
        score,
        bound: info.bound,
        nodes: info.nodes,
        nps: info.nps,
        hashfull: info.hashfull,
        time: info.time,
        pv: pv_san(root, &info.pv),
        first: info
            .pv
            .first()
            .copied()
            .filter(|&m| crate::chess::legal_moves(root).contains(m)),
        delta: None,
    }
}

/// "12. e4 e5 13. Nf3" (or "12... e5 13. Nf3" with Black to move).
pub fn pv_san(root: &Board, pv: &[Move]) -> String {
    let mut out = String::with_capacity(pv.len() * 6);
    let mut b = *root;
    for (i, &m) in pv.iter().enumerate() {
        if !crate::chess::legal_moves(&b).contains(m) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        match b.side_to_move() {
            Color::White => out.push_str(&format!("{}. ", b.fullmove_number())),
            Color::Black if i == 0 => out.push_str(&format!("{}... ", b.fullmove_number())),
            Color::Black => {}
        }
        out.push_str(&to_san(&b, m));
        b = b.make(m);
    }
    out
}
