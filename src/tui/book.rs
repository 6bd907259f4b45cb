//! The opening book the board shows and the engine plays from in games:
//! the built-in one (gnuchess's), a user's Polyglot file (`book = "path"`
//! in config.toml, or `:book FILE`), or none (`:book off`).

use crate::book::{builtin, Book, BookMove};
use crate::chess::{Board, Move};
use std::sync::Arc;

/// The board's book and what to call it.
#[derive(Clone, Debug)]
pub struct BookState {
    pub book: Option<Arc<Book>>,
    /// "built-in", a file's path, or "off".
    pub name: String,
    /// Bumped on every change, so the move list's book marks are redone.
    pub generation: u64,
}

impl Default for BookState {
    fn default() -> Self {
        BookState {
            book: Some(builtin()),
            name: "built-in".to_string(),
            generation: 0,
        }
    }
}

/// The PGN tag that keeps the seed of a game's book moves, so the same
/// game replays the same choices.
pub const SEED_TAG: &str = "BookSeed";

impl BookState {
    /// Swaps in another book (`None`: no book).
    pub fn set(&mut self, book: Option<Arc<Book>>, name: String) {
        self.book = book;
        self.name = name;
        self.generation += 1;
    }

    /// The book's moves for `board` (an error when the file turned out
    /// not to be a book).
    pub fn moves(&self, board: &Board) -> Result<Vec<BookMove>, String> {
        match &self.book {
            Some(b) => b.moves(board).map_err(|e| e.to_string()),
            None => Ok(Vec::new()),
        }
    }

    /// Whether `m` from `board` is a book move.
    pub fn contains(&self, board: &Board, m: Move) -> bool {
        self.book.as_ref().is_some_and(|b| b.contains(board, m))
    }
}

/// The book config.toml names, set up before the first frame: "" keeps
/// the built-in book, "off" none, else the file (when it is not a book the
/// status line says why and the built-in book stays).
pub fn start_book(app: &mut super::app::App, setting: &str) {
    use super::action::Action;
    let changed = app.config_changed;
    // The words `:book` takes, in any case, as it takes them.
    let setting = setting.trim();
    match setting.to_ascii_lowercase().as_str() {
        "" | "default" | "builtin" | "built-in" => return,
        "off" | "none" => {
            app.update(Action::Command("book off".to_string()));
        }
        _ => {
            let path = super::files::expand_path(std::path::Path::new(setting));
            match Book::load(&path) {
                Ok(book) => {
                    app.update(Action::BookLoaded {
                        path,
                        book: Ok(Arc::new(book)),
                    });
                }
                // Nothing was being changed: the setting stays as written.
                Err(e) => {
                    app.error(format!(
                        "config.toml's book did not read ({e}): the built-in book is used"
                    ));
                }
            }
        }
    }
    // Reading the settings is not changing them.
    app.config_changed = changed;
}

/// Each book move at `board` with its share of the weight, in the order
/// given: "e4 39%".
pub fn shares(board: &Board, moves: &[BookMove]) -> Vec<(Move, String)> {
    let total: u64 = moves
        .iter()
        .map(|m| u64::from(m.weight))
        .sum::<u64>()
        .max(1);
    moves
        .iter()
        .map(|m| {
            let pct = share(u64::from(m.weight), total);
            (
                m.mv,
                format!("{} {pct}%", crate::chess::to_san(board, m.mv)),
            )
        })
        .collect()
}

/// A book move's share of `total` weight in whole percent, but never
/// 100 or 0 for a share that is not: the other moves are still in the book.
pub fn share(w: u64, total: u64) -> String {
    match (w * 100 + total / 2) / total {
        100 if w < total => "99".to_string(),
        0 if w > 0 => "<1".to_string(),
        p => p.to_string(),
    }
}
