//! The opening book in the reducer: the shown position's book moves, the
//! engine's book moves in games against it (drawn with the seed kept in the
//! game's `BookSeed` tag, so a saved game replays the same choices), and
//! changing books (`:book`, config.toml's `book`).

use crate::book::{fresh_seed, Book};
use crate::tui::app::{App, Mode};
use crate::tui::book::SEED_TAG;
use crate::tui::commands::BookChoice;
use std::path::PathBuf;
use std::sync::Arc;

impl App {
    /// The book's moves for the shown position.
    pub(super) fn sync_book_view(&mut self) {
        match self.book.moves(&self.view.board) {
            Ok(moves) => {
                self.view.book = moves;
                self.view.book_error = None;
            }
            Err(e) => {
                self.view.book = Vec::new();
                self.view.book_error = Some(e);
            }
        }
    }

    /// The shown position's opening name; `near` is the node (and its
    /// document revision) the last name was found for, which spares a
    /// walk to the root on a step along a long game.
    pub(super) fn sync_opening(
        &mut self,
        near: Option<(u64, crate::game::NodeId)>,
        near_name: Option<crate::game::Opening>,
    ) {
        let rev = self.doc.revision;
        let near = near.filter(|(r, _)| *r == rev).map(|(_, n)| (n, near_name));
        let tree = self.doc.game.tree();
        self.view.opening =
            crate::game::openings::openings().classify_near(tree, self.doc.cursor, near);
        self.view.opening_of = Some((rev, self.doc.cursor));
    }

    /// The seed of this game's book moves: the game's tag, or one drawn
    /// on first use (recorded with the engine's move: `engine_move`).
    fn book_seed(&mut self) -> u64 {
        let recorded = self
            .doc
            .game
            .tags
            .get(SEED_TAG)
            .and_then(|v| v.trim().parse::<u64>().ok());
        match recorded {
            Some(s) => s,
            None => *self
                .play
                .unrecorded_book_seed
                .get_or_insert_with(fresh_seed),
        }
    }

    /// In a game against the engine, on the engine's turn: a book move at
    /// once while the position is in the book (at every level).
    pub(super) fn play_from_book(&mut self) {
        let Mode::Play { human, .. } = self.play.mode else {
            return;
        };
        if self.editor.is_some() {
            return;
        }
        let end = self.play.game_end;
        let board = *self.doc.game.board(end);
        if board.side_to_move() == human || self.play.paused || self.flagged() {
            return;
        }
        let Some(book) = self.book.book.clone() else {
            return;
        };
        // Cheap first: most positions are not in the book.
        if book.moves(&board).map_or(true, |m| m.is_empty()) {
            return;
        }
        if self.status_at(end).is_over() {
            return;
        }
        let seed = self.book_seed();
        if let Ok(Some(m)) = book.pick(&board, seed) {
            self.engine_move(board, Some(m));
            if let Some(msg) = &mut self.dialogs.message {
                if !msg.error && msg.text.starts_with("engine plays") {
                    msg.text.push_str(" (book)");
                }
            }
        }
    }

    /// `:book`: show, switch off, go back to the built-in book, or load a file.
    pub(super) fn book_command(&mut self, choice: BookChoice) {
        match choice {
            BookChoice::Show => {
                let text = match &self.book.book {
                    None => "book: off · :book FILE, :book default".to_string(),
                    // The moves themselves: the move list's book row has
                    // room for a few at 80 columns.
                    Some(b) => {
                        let here = crate::tui::book::shares(&self.view.board, &self.view.book);
                        let words: Vec<String> = here.into_iter().map(|(_, w)| w).collect();
                        format!(
                            "book: {} ({}); {}{} · :book FILE, :book default, :book off",
                            self.book.name,
                            counted(b.len(), "entry", "entries"),
                            counted(words.len(), "book move", "book moves"),
                            if words.is_empty() {
                                " here".to_string()
                            } else {
                                format!(": {}", words.join(", "))
                            },
                        )
                    }
                };
                self.info(text);
            }
            BookChoice::Off => {
                self.book.set(None, "off".to_string());
                self.remember_book("off");
                self.refresh();
                self.info("book off: the engine thinks from the first move");
            }
            BookChoice::Builtin => {
                self.book
                    .set(Some(crate::book::builtin()), "built-in".into());
                self.remember_book("");
                self.refresh();
                self.info("book: the built-in one (gnuchess)");
            }
            BookChoice::File(path) => self
                .effects
                .push(crate::tui::action::Effect::LoadBook(path)),
        }
    }

    /// A book file was read (from `:book FILE` or the config at start).
    pub(super) fn book_loaded(&mut self, path: PathBuf, book: Result<Arc<Book>, String>) {
        match book {
            Ok(b) => {
                let n = b.len();
                let name = path.display().to_string();
                self.book.set(Some(b), name.clone());
                // The setting stays as the user wrote it (`~/books/x.bin`)
                // while it names this same file.
                let written = self.config.book.trim();
                let same_file = !matches!(written, "" | "off")
                    && crate::tui::files::expand_path(std::path::Path::new(written)) == path;
                if !same_file {
                    self.remember_book(&name);
                }
                self.refresh();
                self.info(format!("book: {name} ({})", counted(n, "entry", "entries")));
            }
            Err(e) => self.error(format!("book not changed: {e}")),
        }
    }

    fn remember_book(&mut self, value: &str) {
        if self.config.book != value {
            self.config.book = value.to_string();
            self.config_changed = true;
        }
    }
}

/// "1 entry", "2 entries".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
