//! The board editor in the reducer: opening it on the shown position,
//! each change checked at once (the status line says what is wrong, in the
//! FEN reader's words), the Terms panel and the phase following every
//! legal change, and leaving: a legal position starts a new game from it
//! (asking first when the game is not saved), Esc leaves the game as it was.

use crate::chess::Square;
use crate::game::{Game, NodeId};
use crate::tui::app::{App, Mode, Replacement, View};
use crate::tui::editor::{EditAction, Editor, PALETTE};
use crate::tui::params::LEFT_SETUPS_KEPT;

impl App {
    /// Why the editor cannot open now: a game against the engine, or one
    /// between engines (they would go on moving under the editor).
    fn editor_refused(&self) -> Option<&'static str> {
        if let Mode::Play { .. } = self.play.mode {
            return Some("end the game against the engine first (a), then set up a position");
        }
        if self.two_players_timed() {
            return Some("end the two players' game first (a), then set up a position");
        }
        if self.engine_game_on() {
            return Some("an engine game is on: :match off stops it, then set up a position");
        }
        None
    }

    /// Puts the editor on the shown position, the set-ups Esc left before
    /// under Ctrl-Z; whether there were any.
    fn place_editor(&mut self) -> bool {
        let mut editor = Editor::from_board(&self.view.board);
        let left = !self.left_setup.is_empty();
        editor.undo.extend(self.left_setup.iter().cloned());
        self.editor = Some(editor);
        self.ui.selected = None;
        self.ui.drag = None;
        if self.ui.cursor.is_none() {
            self.ui.cursor = Some(self.default_cursor());
        }
        left
    }

    /// `E`: sets up a position, starting from the shown one.
    pub(super) fn open_editor(&mut self) {
        if let Some(why) = self.editor_refused() {
            return self.error(why);
        }
        let left = self.place_editor();
        self.sync_editor_view();
        self.autosave();
        self.info(if left {
            "board editor: Ctrl-Z brings back the set-up Esc left; PNBRQK pnbrqk put a piece, \
             x takes it off, c clear, s start, Enter done, Esc cancel"
        } else {
            "board editor: PNBRQK pnbrqk put a piece, x takes it off, c clear, s start, \
             t side to move, 1-4 castling, e en passant, Ctrl-Z undo, Enter done, Esc cancel"
        });
    }

    /// A FEN (`:fen`, or pasted) whose placement reads but whose position
    /// is not legal: the editor opens on it, so the set-up can be mended
    /// rather than typed again (Esc leaves the game as it was). False,
    /// with nothing done, when the text is no placement of eight ranks or
    /// a game against the engine (or between engines) is on.
    pub(super) fn mend_fen_in_editor(&mut self, text: &str, why: &str) -> bool {
        if self.editor_refused().is_some() || Editor::from_text(text).is_none() {
            return false;
        }
        if self.editor.is_none() {
            self.place_editor();
        }
        let Some(editor) = &mut self.editor else {
            return false;
        };
        editor.set_up_text(text);
        // The editor reads more leniently than the FEN reader (a placement
        // alone, junk counters): what it made of the text may be legal.
        let legal = editor.check.is_ok();
        self.sync_editor_view();
        self.autosave();
        if legal {
            self.info(format!(
                "the FEN, read in part ({why}), is in the board editor: Enter starts a game from it (Esc: the game as it was)"
            ));
        } else {
            self.error(format!(
                "bad FEN ({why}): it is in the board editor to mend, then Enter (Esc: the game as it was)"
            ));
        }
        true
    }

    /// One change in the editor.
    pub(super) fn edit(&mut self, action: EditAction) {
        let Some(editor) = &mut self.editor else {
            return;
        };
        match action {
            EditAction::Done => match editor.check.clone() {
                Ok(board) => self.replace_game(Replacement {
                    game: Game::new(board),
                    cursor: None,
                    origin: None,
                    message: format!("new game from the set-up position {}", board.to_fen()),
                    question: "The game is not saved. Start a new game from the set-up position?"
                        .to_string(),
                    leaves_play: true,
                    made_here: true,
                    drafts: Vec::new(),
                    pasted: None,
                    own_file_changed: false,
                }),
                Err(e) => self.error(format!("not a legal position yet: {e}")),
            },
            EditAction::Cancel => {
                // A set-up made here is not thrown away: the next editor's
                // Ctrl-Z brings it back, and those left before it after
                // it (one left unchanged keeps them as they are). So are
                // the one a clear, the start position or a paste replaced,
                // and the furthest one Ctrl-Z stepped back from.
                let opened = Editor::from_board(self.doc.game.board(self.doc.cursor)).fen();
                let left = editor.fen();
                let mut keep: Vec<String> = Vec::new();
                for f in [
                    editor.replaced.clone(),
                    editor.redo.first().cloned(),
                    Some(left),
                ]
                .into_iter()
                .flatten()
                {
                    // The one left comes last: Ctrl-Z brings it first.
                    keep.retain(|k| *k != f);
                    if f != opened {
                        keep.push(f);
                    }
                }
                let changed = !keep.is_empty();
                self.editor = None;
                // The square cursor was the editor's.
                self.ui.cursor = None;
                for f in keep {
                    self.left_setup.retain(|x| *x != f);
                    self.left_setup.push(f);
                }
                let over = self.left_setup.len().saturating_sub(LEFT_SETUPS_KEPT);
                self.left_setup.drain(..over);
                self.refresh();
                // After `left_setup`: the autosave keeps it.
                self.autosave();
                if changed {
                    self.info("editor closed: the game is as it was (E, then Ctrl-Z, brings the set-up back)");
                } else {
                    self.info("editor closed: the game is as it was");
                }
            }
            EditAction::Undo | EditAction::Redo => {
                let back = action == EditAction::Undo;
                if !editor.step(back) {
                    let what = if back { "undo" } else { "redo" };
                    return self.info(format!("nothing to {what} in the set-up"));
                }
                self.sync_editor_view();
                self.autosave();
                self.info(if back {
                    "the set-up as it was before (Ctrl-Y: again)"
                } else {
                    "the change made again (Ctrl-Z: take it back)"
                });
            }
            other => {
                let cursor = self.ui.cursor.unwrap_or(Square::E1);
                editor.apply(other, cursor);
                let said = match &editor.check {
                    Ok(_) => "legal: Enter starts a new game from it, Esc cancels".to_string(),
                    Err(e) => {
                        format!("not legal yet: {e} (the panels show the last legal position)")
                    }
                };
                self.sync_editor_view();
                // The position being set up survives a crash or a quit.
                self.autosave();
                self.info(said);
            }
        }
    }

    /// The panels follow the editor's position while it is legal (Terms,
    /// phase, FEN, live); while it is not they keep the last legal one,
    /// which they can explain, and the board draws the pieces as placed.
    pub(super) fn sync_editor_view(&mut self) {
        let board = match self.editor.as_ref().map(|e| &e.check) {
            Some(Ok(board)) => board,
            // Not legal yet: nothing is evaluated, but the game's opening
            // name and book moves (a refresh, a restart) are not shown as
            // the set-up's.
            Some(Err(_)) => {
                self.view.opening = None;
                self.view.opening_of = None;
                self.view.book.clear();
                self.view.book_error = None;
                // Nor the game's tablebase verdict.
                self.tb.here = None;
                return;
            }
            None => return,
        };
        let board = *board;
        let game = Game::new(board);
        self.view = View::compute(&game, NodeId::ROOT, self.net.as_deref(), false);
        self.view.book.clear();
        self.view.book_error = None;
        // The tables' verdict is the set-up's, as the evaluation is.
        let problem = self.tb.refresh(&board);
        self.say_tb_problem(problem);
    }

    /// A press while editing: a palette piece is taken up; on a square the
    /// change waits for the release (a click or a drag).
    pub(super) fn editor_mouse(&mut self, x: u16, y: u16) {
        let areas = self.areas();
        if let Some(i) = crate::tui::widgets::editor::palette_at(areas.lines, x, y) {
            self.edit(EditAction::Brush(PALETTE[i]));
        } else if let Some(sq) = self.square_at(x, y) {
            self.ui.cursor = Some(sq);
            self.ui.drag = Some((sq, Some(sq)));
        }
    }

    /// A release while editing: on the square pressed, the click puts the
    /// palette's piece there (or takes the same piece off); a piece
    /// dragged elsewhere moves there, or off the board when dropped
    /// outside it, as in the editors of Lichess and ChessBase.
    pub(super) fn editor_mouse_up(&mut self, x: u16, y: u16) {
        let Some((from, _)) = self.ui.drag.take() else {
            return;
        };
        let to = self.square_at(x, y);
        let has_piece = self
            .editor
            .as_ref()
            .is_some_and(|e| e.squares[from.index()].is_some());
        if to == Some(from) || !has_piece {
            return self.edit(EditAction::Place(from));
        }
        if let Some(to) = to {
            self.ui.cursor = Some(to);
        }
        self.edit(EditAction::Drag(from, to));
    }
}
