//! The `:` command line, loading and pasting games, and quitting: what
//! reaches the board as text.

use super::plies;
use crate::chess::pgn::{parse_games, write_pgn};
use crate::chess::{parse_move, Board, Color, MoveError};
use crate::engine::EngineOption;
use crate::tui::action::{Effect, PickerEntry};
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay, PickerEntryView, Replacement};
use crate::tui::commands;
use crate::tui::game::Game;
use crate::tui::params::PROMPT_MAX;
use std::path::PathBuf;

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
                    file: None,
                    message: "position set from FEN".into(),
                    question: "The game is not saved. Set up the FEN?",
                    leaves_play: true,
                }),
                Err(e) => self.error(format!("bad FEN: {e}")),
            },
            C::Load(path) => self.effects.push(Effect::Load(path)),
            C::Net(path) => self.effects.push(Effect::LoadNet(path)),
            C::Save(path) => {
                let Some(path) = path.or_else(|| self.file.clone()) else {
                    self.error(":save needs a file name (this game has not been saved yet)");
                    return;
                };
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
            C::Quit => self.request_quit(),
            C::New => self.start_new_game(),
            C::Flip => self.flip(),
            C::Help => self.overlay = Overlay::Help,
        }
    }

    /// `q` and `:q`: quits, asking first when the game is unsaved.
    pub(super) fn request_quit(&mut self) {
        if self.unsaved && !self.game.is_empty() {
            self.overlay = Overlay::Confirm(ConfirmWhat::Quit);
        } else {
            self.quit = true;
        }
    }

    /// `f` and `:flip`.
    pub(super) fn flip(&mut self) {
        self.flipped = !self.flipped;
        self.info(if self.flipped {
            "board flipped: Black at the bottom"
        } else {
            "board flipped: White at the bottom"
        });
    }

    /// `y` and `:fen` alone: shows the FEN and puts it on the clipboard.
    pub(super) fn copy_fen(&mut self) {
        let fen = self.view.fen.clone();
        self.effects.push(Effect::Copy(fen.clone()));
        self.info(format!("FEN (copied): {fen}"));
    }

    pub(super) fn file_loaded(&mut self, path: PathBuf, text: &str) {
        self.open_games(&path.display().to_string(), Some(path), text);
    }

    /// Opens the games of `text` (from `file`, if any; `name` is what the
    /// messages call it): one goes on the board, several open the picker.
    /// Only a file's only game is saved back to it by `:save`.
    fn open_games(&mut self, name: &str, file: Option<PathBuf>, text: &str) {
        let games = parse_games(text);
        match games.len() {
            0 => self.error(format!("{name}: no game found")),
            1 => match games.into_iter().next().expect("one game") {
                Ok(g) => self.replace_game(Replacement {
                    game: Game::from_pgn(&g),
                    file,
                    message: format!(
                        "loaded {name} ({}, {}){}",
                        plies(g.moves.len()),
                        g.result,
                        not_kept(&g)
                    ),
                    question: "The game is not saved. Open the loaded one?",
                    leaves_play: true,
                }),
                Err(e) => self.error(format!("{name}: {e}")),
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
                self.info(format!("{name}: {n} games - pick one"));
            }
        }
    }

    pub(super) fn paste(&mut self, text: &str) {
        let t = text.trim();
        if let Some(p) = &mut self.prompt {
            // The first line, cut at a character boundary to fit the prompt.
            let line = t.lines().next().unwrap_or("");
            let room = PROMPT_MAX.saturating_sub(p.text.len());
            let fits = line
                .char_indices()
                .map(|(i, c)| i + c.len_utf8())
                .take_while(|&end| end <= room)
                .last()
                .unwrap_or(0);
            p.text.push_str(&line[..fits]);
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
            self.open_games("the pasted text", None, t);
        } else {
            self.text_move(t);
        }
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

/// "; not kept: 3 comments, 1 variation" when the reader skipped any
/// annotations (the board keeps the main line only), else nothing.
pub(super) fn not_kept(g: &crate::chess::pgn::PgnGame) -> String {
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
