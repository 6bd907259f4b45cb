//! Editing the tree from the board: delete (asked first, and undoable),
//! promote a variation or make it the main line, comments, annotation
//! glyphs, an engine line added as a variation, undo and redo. Every edit
//! goes through `Game`, which records it for undo, and is autosaved.

use crate::game::{plies, Nag, NodeId};
use crate::tui::app::{App, ConfirmWhat, FrozenLine, Mode, Overlay, Prompt, PromptKind};

impl App {
    /// Refuses edits that would pull the tree from under a game against
    /// the engine or two players' game on a clock (its line must stay as
    /// it is while it runs).
    fn structure_locked(&mut self) -> bool {
        if self.tracks_game_end() && !self.any_game_running() {
            // Over on the board or on time (a resignation or an agreed
            // draw turns the board to analysis by itself).
            self.error(
                "the game is over: a turns the board to analysis, where moves can be edited",
            );
            true
        } else if let Mode::Play { .. } = self.play.mode {
            self.error("during a game against the engine only comments and glyphs can be edited (a ends the game)");
            true
        } else if self.two_players_timed() {
            self.error("during two players' game on the clock only comments and glyphs can be edited (a ends the game)");
            true
        } else {
            false
        }
    }

    /// `x` / `X`: asks before deleting the shown move and what follows it,
    /// or only what follows it.
    pub(super) fn ask_delete(&mut self, after: bool) {
        if self.structure_locked() {
            return;
        }
        let node = self.doc.cursor;
        if !after && node == NodeId::ROOT {
            self.error("this is the start position: X deletes every move after it");
            return;
        }
        if after && self.tree().children(node).is_empty() {
            self.error("no moves follow this one");
            return;
        }
        self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::Delete { node, after });
    }

    /// What the delete dialog asks.
    pub fn delete_question(&self, node: NodeId, after: bool) -> String {
        let label = self.doc.game.label(node);
        let what = crate::game::delete_phrase(self.tree(), node, &label, after);
        format!("Delete {what}?")
    }

    pub(super) fn delete(&mut self, node: NodeId, after: bool) {
        let cursor = self.doc.cursor;
        let result = if after {
            self.doc.game.delete_after(node, cursor)
        } else {
            self.doc.game.delete(node, cursor)
        };
        match result {
            Ok(to) => {
                self.doc.cursor = to;
                self.tree_changed();
                self.info("deleted (Ctrl-Z puts it back)");
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    pub(super) fn promote(&mut self, to_main: bool) {
        if self.structure_locked() {
            return;
        }
        let node = self.doc.cursor;
        let result = if to_main {
            self.doc.game.make_main(node)
        } else {
            self.doc.game.promote(node)
        };
        match result {
            Ok(()) => {
                self.tree_changed();
                self.info(if self.tree().is_mainline(node) {
                    "this line is now the main line"
                } else {
                    "the variation moved up one place"
                });
            }
            Err(e) => self.error(e.to_string()),
        }
    }

    pub(super) fn undo(&mut self, redo: bool) {
        if self.structure_locked() {
            return;
        }
        let done = if redo {
            self.doc.game.redo()
        } else {
            self.doc.game.undo()
        };
        match done {
            Some(u) => {
                self.report_step_moved(&u.what, redo);
                // After a step of many edits (a report) the board stays on
                // the move it shows, where that move is still there.
                if !(u.in_place && self.tree().is_attached(self.doc.cursor)) {
                    self.doc.cursor = u.cursor;
                }
                self.ui.selected = None;
                self.doc.touch_by_undo();
                self.refresh();
                self.autosave();
                let more = match (self.doc.game.can_undo(), self.doc.game.can_redo()) {
                    (true, true) => "Ctrl-Z: undo more, Ctrl-Y: redo",
                    (true, false) => "Ctrl-Z: undo more",
                    (false, true) => "Ctrl-Y: redo",
                    (false, false) => "",
                };
                let sep = if more.is_empty() { "" } else { " · " };
                // A live engine game waits while there is something to
                // redo, so that the user can look at what was taken back
                // before the engines play on from here (an undo of its own
                // last move stops it instead).
                let held = self.doc.game.can_redo()
                    && self
                        .duel
                        .as_ref()
                        .is_some_and(|d| self.doc.game.tree().is_attached(d.end))
                    && self.hold_duel();
                self.info(format!(
                    "{} {}{sep}{more}{}",
                    if redo { "redid:" } else { "undid:" },
                    u.what,
                    if held {
                        " · engine game paused (k resumes)"
                    } else {
                        ""
                    }
                ));
            }
            None => self.info(if redo {
                "nothing to redo"
            } else {
                "nothing to undo"
            }),
        }
    }

    /// `i` / `I`: opens the comment after the shown move, or the one
    /// before it. PGN keeps a comment of its own before a move only at a
    /// variation's start (elsewhere a comment between two moves belongs to
    /// the first), so `I` on any other move opens the comment after the
    /// move before, or the game's before the first move. The prompt opens
    /// filled with the comment.
    pub(super) fn edit_comment(&mut self, before: bool) {
        let mut node = self.doc.cursor;
        let mut before = before && node != NodeId::ROOT;
        let t = self.tree();
        // A comment typed before this move and left with Esc is still
        // there to open (the move may have become a main move since).
        let draft_here = self
            .dialogs
            .comment_drafts
            .iter()
            .any(|d| d.kind == PromptKind::Comment { node, before: true });
        if before
            && t.child_index(node) == 0
            && t.node(node).comment_before.is_empty()
            && !draft_here
        {
            node = t.parent(node).unwrap_or(NodeId::ROOT);
            before = false;
        }
        let n = self.tree().node(node);
        let full = if before {
            &n.comment_before
        } else {
            &n.comment
        };
        // The words only: a clock, an eval or arrows the comment holds are
        // the game's data, kept as they are at Enter (`set_comment_words`).
        let text = crate::game::annotations::words(full);
        let held = command_names(
            crate::game::annotations::commands(full)
                .iter()
                .map(|c| c.name),
        );
        let kind = PromptKind::Comment { node, before };
        let mut prompt = Prompt::new(kind, &text);
        let drafts = &mut self.dialogs.comment_drafts;
        if let Some(i) = drafts.iter().position(|d| d.kind == kind) {
            // What Esc left, with the comment its prompt opened with: a
            // comment written since is still caught at Enter.
            let d = drafts.remove(i);
            prompt.caret = d.text.chars().count();
            prompt.text = d.text;
            prompt.opened_with = d.opened_with;
            self.dialogs.prompt = Some(prompt);
            return self.info("what you typed is back: Enter keeps it");
        }
        self.dialogs.prompt = Some(prompt);
        let what = if node == NodeId::ROOT {
            "comment on the whole game".to_string()
        } else if before {
            "comment before this move".to_string()
        } else if node != self.doc.cursor {
            format!("comment after {}", self.doc.game.label(node))
        } else {
            "comment after this move".to_string()
        };
        self.info(match held.is_empty() {
            true => format!("{what}: Enter keeps it, an empty one removes it, Esc cancels"),
            false => format!("{what} (its {held} kept): Enter keeps it, Esc cancels"),
        });
    }

    /// The comment's words become `text`; the commands it held (a clock,
    /// an eval, arrows: data the move list hides) stay, but for one `text`
    /// gives anew by name. `i` and `:comment TEXT` both write through here.
    pub(super) fn set_comment_words(&mut self, node: NodeId, before: bool, text: &str) {
        if !self.tree().is_attached(node) {
            return self.error("that move is no longer in the game");
        }
        let n = self.tree().node(node);
        let old = if before {
            n.comment_before.clone()
        } else {
            n.comment.clone()
        };
        if crate::game::annotations::words(&old) == text.trim() {
            return self.info("comment unchanged");
        }
        let (new, kept) = crate::game::annotations::replace_words(&old, text);
        self.set_comment(node, before, &new);
        if !kept.is_empty() {
            let what = if text.trim().is_empty() {
                "words removed"
            } else {
                "comment set"
            };
            let kept = command_names(kept.into_iter());
            self.info(format!("{what}; the move's {kept} kept"));
        }
    }

    pub(super) fn set_comment(&mut self, node: NodeId, before: bool, text: &str) {
        if !self.tree().is_attached(node) {
            self.error("that move is no longer in the game");
            return;
        }
        // A comment holding a `}` is kept whole: a save writes it as `;`
        // comments, which braces would have cut.
        let text = text.trim();
        let old = if before {
            &self.tree().node(node).comment_before
        } else {
            &self.tree().node(node).comment
        };
        if old.trim() == text {
            self.info("comment unchanged");
            return;
        }
        self.doc.game.set_comment(node, before, text);
        self.tree_changed();
        self.info(if text.is_empty() {
            "comment removed (Ctrl-Z puts it back)"
        } else {
            "comment set"
        });
    }

    pub(super) fn open_annotate(&mut self) {
        if self.doc.cursor == NodeId::ROOT {
            self.error("glyphs annotate a move: go to one first");
            return;
        }
        self.dialogs.overlay = Overlay::Annotate { choice: 0 };
    }

    pub(super) fn toggle_nag(&mut self, nag: Nag) {
        let node = self.doc.cursor;
        if node == NodeId::ROOT {
            self.error("glyphs annotate a move: go to one first");
            return;
        }
        self.doc.game.toggle_nag(node, nag);
        let on = self.tree().node(node).nags.contains(nag);
        self.tree_changed();
        let label = self.doc.game.label(node);
        self.info(if on {
            format!("{label}: {} ({})", nag.display(), nag.name())
        } else {
            format!("{label}: {} removed", nag.display())
        });
    }

    /// Adds engine line `n` (1-based) from the shown position as a
    /// variation; `None` asks which when there are several.
    pub(super) fn add_engine_line(&mut self, n: Option<usize>) {
        if self.structure_locked() {
            return;
        }
        let lines: Vec<FrozenLine> = self
            .lines_here()
            .iter()
            .map(|l| FrozenLine {
                score: l.score,
                bound: l.bound,
                pv: l.pv.clone(),
                moves: l.moves.clone(),
            })
            .collect();
        if lines.is_empty() {
            self.error(format!(
                "no engine line for this position yet{}",
                self.start_analysis_hint()
            ));
            return;
        }
        match n {
            Some(n) => match lines.get(n.saturating_sub(1)) {
                Some(l) => {
                    let moves = l.moves.clone();
                    self.add_line_moves(n, &moves)
                }
                None => self.error(format!(
                    "there is no engine line {n} (there are {})",
                    lines.len()
                )),
            },
            None if lines.len() == 1 => {
                let moves = lines[0].moves.clone();
                self.add_line_moves(1, &moves)
            }
            None => self.dialogs.overlay = Overlay::AddLine { choice: 0, lines },
        }
    }

    /// Adds the moves of engine line `n` from the shown position.
    pub(super) fn add_line_moves(&mut self, n: usize, moves: &[crate::chess::Move]) {
        if moves.is_empty() {
            self.error("that line has no moves yet");
            return;
        }
        let at = self.doc.cursor;
        // At a line's end the moves continue the line; elsewhere they
        // branch off it.
        let how = if self.tree().children(at).is_empty() {
            "as the line's continuation"
        } else {
            "as a variation"
        };
        match self.doc.game.add_line(at, moves) {
            Ok(_) => {
                let first = self.tree().child_with_move(at, moves[0]);
                self.tree_changed();
                self.info(format!(
                    "added engine line {n} ({}) {how} (Ctrl-Z takes it out)",
                    plies(moves.len())
                ));
                if let Some(f) = first {
                    self.go_to(f);
                }
            }
            Err(e) => self.error(format!("cannot add the line: {e}")),
        }
    }
}

/// "[%clk] [%eval]": commands' names as the messages say them, once each.
fn command_names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut once: Vec<&str> = Vec::new();
    for name in names {
        if !once.contains(&name) {
            once.push(name);
        }
    }
    let shown: Vec<String> = once.iter().map(|n| format!("[%{n}]")).collect();
    shown.join(" ")
}
