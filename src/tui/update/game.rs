//! Walking the tree and playing moves into it: going to a node, the next
//! and previous moves, the alternatives at a branch, take-backs, new games,
//! and the autosave after each change. A move that is already in the tree
//! is walked into; any other move adds a variation, so nothing is replaced.

use super::clocks::{new_clocks, LOST_ON_TIME};
use crate::chess::{to_san, Color, Move};
use crate::game::{plies, NodeId};
use crate::tui::action::Effect;
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay, PromptKind, Replacement, View};
use crate::tui::book::SEED_TAG;
use crate::tui::document::Document;
use crate::tui::params::{PAGE_PLIES, TYPING_AUTOSAVE_GAP};
use std::sync::Arc;
use std::time::Instant;

/// Why a null move is refused, alone or in a typed line.
pub(super) const NULL_IN_A_GAME: &str = "a null move (--) is for analysis, not for a game";
pub(super) const NULL_IN_CHECK: &str = "no null move (--) in check: the king could be taken";

impl App {
    /// Shows `node` (attached nodes only).
    pub(super) fn go_to(&mut self, node: NodeId) {
        if node != self.doc.cursor && self.tree().is_attached(node) {
            self.doc.cursor = node;
            self.ui.selected = None;
            // What was said about the move left behind (its new variation,
            // its glyph) is no longer about the one shown; an error stays
            // until it is answered (`:messages` keeps all).
            if self.dialogs.message.as_ref().is_some_and(|m| !m.error) {
                self.dialogs.message = None;
            }
            self.refresh();
        }
    }

    pub(super) fn go_prev(&mut self) {
        if let Some(p) = self.tree().parent(self.doc.cursor) {
            self.go_to(p);
        }
    }

    pub(super) fn go_next(&mut self) {
        if let Some(c) = self.tree().main_child(self.doc.cursor) {
            self.go_to(c);
        }
    }

    pub(super) fn go_last(&mut self) {
        let end = self.tree().line_end(self.doc.cursor);
        self.go_to(end);
    }

    /// `n` moves back (negative) or on along the line.
    pub(super) fn go_by(&mut self, n: i32) {
        let mut at = self.doc.cursor;
        for _ in 0..n.unsigned_abs() {
            let step = if n < 0 {
                self.tree().parent(at)
            } else {
                self.tree().main_child(at)
            };
            match step {
                Some(s) => at = s,
                None => break,
            }
        }
        self.go_to(at);
    }

    /// Up/Down: the alternative played instead of the shown move.
    pub(super) fn go_sibling(&mut self, d: i32) {
        let cur = self.doc.cursor;
        let sibs = self.tree().siblings(cur);
        if sibs.len() < 2 {
            // At a branch point (the next move has alternatives), Down
            // steps into the first variation and Up into the last.
            let kids = self.tree().children(cur);
            if kids.len() > 1 {
                let target = if d > 0 { kids[1] } else { kids[kids.len() - 1] };
                self.go_to(target);
                self.say_where();
            } else {
                self.info("no other move was played here (a variation shows in parentheses)");
            }
            return;
        }
        let i = self.tree().child_index(cur) as i32;
        let j = (i + d).clamp(0, sibs.len() as i32 - 1) as usize;
        let target = sibs[j];
        if target == cur {
            let which = if d < 0 { "first" } else { "last" };
            self.info(format!(
                "this is the {which} of the {} moves here",
                sibs.len()
            ));
        } else {
            self.go_to(target);
            self.say_where();
        }
    }

    /// "2. Bc4: variation 2 of 3 here" when the shown move is one of several.
    pub(super) fn say_where(&mut self) {
        let cur = self.doc.cursor;
        let n = self.tree().siblings(cur).len();
        if n > 1 && cur != NodeId::ROOT {
            let i = self.tree().child_index(cur);
            let label = self.doc.game.label(cur);
            let which = match (i, n) {
                (0, _) => "the main move".to_string(),
                (_, 2) => "the variation".to_string(),
                _ => format!("variation {i} of {}", n - 1),
            };
            let others = if n == 2 {
                "the other move"
            } else {
                "the others"
            };
            self.info(format!("{label}: {which} here (Up/Down: {others})"));
        }
    }

    /// Takes back `node` and what follows it as one undo step called
    /// `what`. When that takes away the end of the main line where the
    /// rules had ended the game (a mate, a draw), the result written for
    /// it goes in the same step; any other result (a loaded game's
    /// resignation, a game whose main line is untouched) stays. With
    /// `drop_seed`, the `BookSeed` tag the taken-back moves brought goes
    /// in the same step.
    fn take_back_edit(&mut self, node: NodeId, what: &str, drop_seed: bool) -> Option<NodeId> {
        let old_end = self.tree().line_end(NodeId::ROOT);
        let was_over = self.status_at(old_end).is_over();
        let cursor = self.doc.cursor;
        let mut to = None;
        self.doc.game.in_one_step(what, |g| {
            let Ok(parent) = g.delete(node, cursor) else {
                return;
            };
            to = Some(parent);
            if drop_seed {
                g.set_tag(SEED_TAG, None, parent);
            }
            let end = g.tree().line_end(NodeId::ROOT);
            if was_over && end != old_end && !g.status_at(end).is_over() {
                g.clear_result("clear the result", parent);
            }
        });
        to
    }

    /// Recomputes what the shown position implies, and the move list.
    pub fn refresh(&mut self) {
        let near = self.view.opening_of;
        let near_name = self.view.opening;
        let played = self.plays_by_claims();
        let before = self.view.board.hash();
        self.view = View::compute(&self.doc.game, self.doc.cursor, self.net.as_deref(), played);
        // Another position's contributions are read from their top.
        if self.view.board.hash() != before {
            self.ui.teach.explain_scroll = 0;
        }
        let tb_problem = self.tb.refresh(&self.view.board);
        self.say_tb_problem(tb_problem);
        self.sync_opening(near, near_name);
        self.sync_book_view();
        self.sync_editor_view();
        self.sync_move_list();
    }

    /// The tree changed: derived data is rebuilt, the game is autosaved.
    pub(super) fn tree_changed(&mut self) {
        self.doc.touch();
        self.refresh();
        self.autosave();
    }

    /// After a move was played: a `new` node changed the tree (autosaved);
    /// a move already in the tree changed nothing to save, so only what is
    /// shown is refreshed.
    pub(super) fn moved_to(&mut self, new: bool) {
        if new {
            self.tree_changed();
        } else {
            self.refresh();
        }
    }

    /// `u`: against the engine, takes back the game's last move pair (so it
    /// is the human's turn again); with two players, the last move; in
    /// analysis, one move back without deleting anything.
    pub(super) fn take_back(&mut self) {
        match self.play.mode {
            Mode::Play { human, .. } => self.take_back_game(Some(human)),
            // On a clock: the game's last move, wherever the board is.
            Mode::TwoPlayers if self.two_players_timed() => self.take_back_game(None),
            Mode::TwoPlayers => {
                let cur = self.doc.cursor;
                let leaf_end = self.doc.at_line_end() && cur != NodeId::ROOT;
                if self.flagged() {
                    self.error(LOST_ON_TIME);
                } else if leaf_end {
                    let label = self.doc.game.label(cur);
                    if let Some(to) = self.take_back_edit(cur, &format!("take back {label}"), false)
                    {
                        self.doc.cursor = to;
                        self.tree_changed();
                        self.info(format!("took back {label} (Ctrl-Z puts it back)"));
                    }
                } else {
                    self.go_prev();
                }
            }
            Mode::Analysis => {
                if self.doc.cursor == NodeId::ROOT {
                    self.info("this is the start of the game");
                }
                self.go_prev();
            }
        }
    }

    /// Takes back the game's last moves: against the engine back to the
    /// `human`'s turn (the engine's reply too), with two players (`None`)
    /// one move.
    fn take_back_game(&mut self, human: Option<Color>) {
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return;
        }
        let end = self.play.game_end;
        let Some(mut target) = self.tree().parent(end) else {
            self.error("nothing to take back");
            return;
        };
        // Two players on a clock take back only the game's own moves.
        if human.is_none() && !self.play.created.contains(&end) {
            let label = self.doc.game.label(end);
            self.error(format!(
                "nothing to take back: {label} was played before the clocks started"
            ));
            return;
        }
        // Back to the human's turn, taking the engine's reply too.
        while human.is_some_and(|h| self.tree().board(target).side_to_move() != h) {
            match self.tree().parent(target) {
                Some(p) => target = p,
                None => break,
            }
        }
        // Only the engine has moved (its first move, the human Black):
        // taking it back would only have it played again.
        if human.is_some_and(|h| self.tree().board(target).side_to_move() != h) {
            self.error("nothing of yours to take back yet: the engine's first move stays");
            return;
        }
        let n = self.tree().node(end).ply() - self.tree().node(target).ply();
        // The moves this game added go (they are its own line); moves that
        // were in the tree before the game stay where they were.
        let gone: Vec<NodeId> = self
            .tree()
            .path(end)
            .into_iter()
            .skip(self.tree().node(target).ply())
            .collect();
        // Each of the game's own moves taken back: its mover, and whether
        // it earned an increment (it was not that side's first move of the
        // game), which goes with it.
        let refunds: Vec<(Color, bool)> = gone
            .iter()
            .filter(|n| self.play.created.contains(n))
            .filter_map(|&n| {
                let before = self.tree().parent(n)?;
                let mover = self.tree().board(before).side_to_move();
                let earned = self
                    .tree()
                    .parent(before)
                    .is_some_and(|b| self.play.created.contains(&b));
                Some((mover, earned))
            })
            .collect();
        // The seed came with a move taken back: the game has not used it.
        let drop_seed = self.play.book_seed_move.is_some_and(|s| gone.contains(&s));
        let mut annotated = 0;
        if let Some(&first) = gone.iter().find(|n| self.play.created.contains(n)) {
            annotated = self.annotated_in(first);
            self.take_back_edit(first, &format!("take back {}", plies(n)), drop_seed);
        } else if drop_seed {
            self.doc.game.set_tag(SEED_TAG, None, target);
        }
        if drop_seed {
            self.play.book_seed_move = None;
        }
        self.play.created.retain(|n| !gone.contains(n));
        self.play.game_end = target;
        self.doc.cursor = target;
        self.ui.selected = None;
        if let Some(c) = &mut self.play.clocks {
            // The time thought so far is spent; the clock of the side to
            // move in the taken-back position runs from now.
            c.stop(self.now);
            c.running = self.doc.game.board(target).side_to_move();
            c.since = self.now;
            // A paused game stays paused: its clocks wait for `k`.
            c.stopped = self.play.paused;
            // A move's increment goes with it, so taking back never adds
            // time; a side's first move taken back is untimed again.
            for (mover, earned) in refunds {
                if earned {
                    c.left[mover.index()] = c.left[mover.index()].saturating_sub(c.increment);
                } else {
                    c.untimed[mover.index()] = true;
                }
            }
        }
        self.tree_changed();
        // Comments and glyphs can be written during the game; taking their
        // moves back takes them too, which the player must hear about.
        let note = match annotated {
            0 => String::new(),
            1 => " and the comment or glyph on one of them (Ctrl-Z after the game brings it back)"
                .to_string(),
            k => format!(
                " and the comments or glyphs on {k} of them (Ctrl-Z after the game brings them back)"
            ),
        };
        self.info(format!("took back {}{note}", plies(n)));
    }

    /// How many moves from `node` on (its variations too) carry a comment
    /// or a glyph; the game's own `[%clk]`s are no comment of the player's.
    fn annotated_in(&self, node: NodeId) -> usize {
        use crate::game::annotations::text_without_commands;
        let tree = self.tree();
        let mut stack = vec![node];
        let mut n = 0;
        while let Some(id) = stack.pop() {
            let x = tree.node(id);
            if !text_without_commands(&x.comment).trim().is_empty()
                || !text_without_commands(&x.comment_before).trim().is_empty()
                || !x.nags.is_empty()
            {
                n += 1;
            }
            stack.extend(tree.children(id).iter().copied());
        }
        n
    }

    /// Puts `doc` on the board, with the comments typed and not written
    /// that came with it (a kept session's; the old tree's go).
    fn new_document(&mut self, doc: Document, drafts: Vec<crate::tui::app::CommentDraft>) {
        // Revisions go on counting across documents: the move list's layout
        // is keyed on them.
        let revision = self.doc.revision + 1;
        // A report of the old game has nothing to say about this one, nor
        // an engine game played in it.
        self.cancel_report();
        self.report.written.clear();
        self.report.undone.clear();
        self.close_duel();
        self.doc = doc;
        self.doc.revision = revision;
        // Drafts and the game's own moves name nodes of the old tree.
        self.dialogs.comment_drafts = drafts;
        self.play.created.clear();
        self.ui.selected = None;
        self.ui.cursor = None;
        // A game opened for analysis after one played as Black is shown
        // from White's side, as Lichess opens a game; a turn of `f` stays.
        if self.play.mode == Mode::Analysis && self.ui.flipped_for_game {
            self.ui.flipped = false;
            self.ui.flipped_for_game = false;
        }
        self.play.game_end = self.doc.cursor;
        if let Some(c) = &mut self.play.clocks {
            let to_move = self.doc.game.board(self.doc.cursor).side_to_move();
            *c = new_clocks(c.base, c.increment, to_move, self.now).untimed_first_moves();
            c.stopped = self.play.paused;
        }
        self.command_engine(Effect::NewGame);
        self.refresh();
        self.autosave();
        self.info("new game");
    }

    /// The `n` key and `:new`.
    pub(super) fn start_new_game(&mut self) {
        self.replace_game(Replacement {
            game: crate::game::Game::default(),
            cursor: None,
            origin: None,
            message: "new game".into(),
            question: "The game is not saved. Start a new one?".to_string(),
            leaves_play: false,
            made_here: false,
            drafts: Vec::new(),
            pasted: None,
            own_file_changed: false,
        });
    }

    /// Whether a comment typed and not written names a move still in the
    /// game (the autosave keeps only those).
    pub(crate) fn has_live_drafts(&self) -> bool {
        self.dialogs.comment_drafts.iter().any(|d| match d.kind {
            crate::tui::app::PromptKind::Comment { node, .. } => self.tree().is_attached(node),
            _ => false,
        })
    }

    /// Where a comment draft was typed, as the move list names it.
    fn draft_place(&self, d: &crate::tui::app::CommentDraft) -> String {
        match d.kind {
            PromptKind::Comment { node, .. } if node != NodeId::ROOT => self.doc.game.label(node),
            _ => "the game's start".to_string(),
        }
    }

    /// Puts another game on the board, asking first when that would drop
    /// moves that were never saved (the autosave keeps only the board's
    /// game) or a comment typed and not written (its draft names a move of
    /// this game: a yes keeps it aside with the game).
    pub(super) fn replace_game(&mut self, r: Replacement) {
        // A pasted game, unedited, stays in the pasted text that goes on
        // with the next of its games (`>`): nothing is lost, so no question.
        let same_paste = match (&self.doc.pasted, &r.pasted) {
            (Some(now), Some(next)) => Arc::ptr_eq(&now.games, &next.games),
            _ => false,
        };
        let unedited = !self.doc.game.can_undo() && !self.doc.game.redo_would_add();
        let kept = same_paste && unedited;
        if (!kept && self.doc.would_lose_work()) || self.has_live_drafts() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::Replace(Box::new(r)));
        } else {
            self.apply_replacement(r);
        }
    }

    pub(super) fn apply_replacement(&mut self, r: Replacement) {
        // A set-up position becomes the new game; the editor's work is done
        // (and the square cursor it showed goes with it).
        if self.editor.take().is_some() {
            self.ui.cursor = None;
        }
        if r.leaves_play {
            let was_game = self.play.mode != Mode::Analysis;
            self.leave_play();
            // The new game is analysed as any opened game is: when the
            // settings say so (leaving a game by `a` or `:resign` analyses).
            if was_game {
                self.play.analysis = self.config.autostart_analysis;
            }
        }
        let mut doc = Document::new(r.game);
        if let Some(c) = r.cursor.filter(|&c| doc.game.tree().is_attached(c)) {
            doc.cursor = c;
        }
        doc.origin = r.origin;
        doc.pasted = r.pasted;
        // Any game replacing the board's ends what a closed picker meant.
        self.dialogs.closed_picker_file = None;
        if r.made_here {
            doc.unsaved = true;
        } else {
            doc.mark_clean();
        }
        if self.tracks_game_end() {
            self.set_game_tags(&mut doc);
        }
        // The report running on the game that goes stops with it: said.
        let report_stopped = self.report_running();
        let duel_ended = match &self.duel {
            Some(d) if self.engine_game_on() => format!("; the engine game {} ended", d.pairing()),
            _ => String::new(),
        };
        self.new_document(doc, r.drafts);
        let drafts = match self.dialogs.comment_drafts.as_slice() {
            [] => String::new(),
            [d] => format!(
                "; a comment typed and not written comes back: i on {}",
                self.draft_place(d)
            ),
            [d, ..] => format!(
                "; {} comments typed and not written come back: i on {} and others",
                self.dialogs.comment_drafts.len(),
                self.draft_place(d)
            ),
        };
        let message = format!("{}{duel_ended}{drafts}", r.message);
        if report_stopped {
            self.info(format!(
                "{}; the report on the game before stopped (r on that game runs it again)",
                message
            ));
        } else {
            self.info(message);
        }
    }

    pub(super) fn autosave(&mut self) {
        let text = crate::tui::autosave::encode(self);
        self.effects.push(Effect::Autosave(text));
        // It holds the open prompt's typing as it is now.
        let now = self.now;
        self.dialogs.typing_autosaved = self
            .dialogs
            .prompt
            .as_ref()
            .map(|p| (p.kind, p.text.clone(), now));
    }

    /// Autosaves the comment being typed when it changed since the
    /// autosave last held it, at most every `TYPING_AUTOSAVE_GAP`: what
    /// is typed survives a crash, not only a hang-up or an Esc.
    pub(super) fn autosave_typing(&mut self) {
        let Some(p) = &self.dialogs.prompt else {
            return;
        };
        let held = self.dialogs.typing_autosaved.as_ref();
        let same = |&(kind, ref text, _): &(PromptKind, String, Instant)| {
            kind == p.kind && *text == p.text
        };
        if !p.holds_typed_comment() || held.is_some_and(same) {
            return;
        }
        if held.is_some_and(|&(_, _, at)| self.now < at + TYPING_AUTOSAVE_GAP) {
            return;
        }
        self.autosave();
    }

    /// Whether a clock has fallen: that game is over for good.
    pub(super) fn flagged(&self) -> bool {
        self.play
            .clocks
            .as_ref()
            .is_some_and(|c| c.flagged.is_some())
    }

    /// Whether the human may move in the shown position now.
    pub(super) fn may_move(&mut self) -> bool {
        // The board shows the position being set up, not the game's: a
        // move read against it does not belong in the tree.
        if self.editor.is_some() {
            self.error("the board editor is open: Enter starts a game from it, Esc leaves it");
            return false;
        }
        // A flag that fell since the last tick ends the game before the
        // move: its message says how.
        if self.flag_falls(self.now) {
            return false;
        }
        if self.flagged() {
            self.error(LOST_ON_TIME);
            return false;
        }
        if self
            .duel
            .as_ref()
            .is_some_and(|d| d.result.is_none() && d.end == self.doc.cursor)
        {
            self.error("the engines play here: k pauses, :match off stops them");
            return false;
        }
        let over = self.view.status.is_over();
        match self.play.mode {
            Mode::Play { human, .. } => {
                if self.play.paused {
                    self.error("the game is paused: k or p goes on with it, a ends it");
                    false
                } else if self.looking_back() {
                    self.looking_back_error();
                    false
                } else if over {
                    self.error("the game is over: n starts a new one, u takes back");
                    false
                } else if self.view.board.side_to_move() != human {
                    self.error("it is the engine's turn");
                    false
                } else {
                    true
                }
            }
            Mode::TwoPlayers if self.play.paused => {
                self.error("the game is paused: k goes on with it, a ends it");
                false
            }
            Mode::TwoPlayers if self.looking_back() => {
                self.looking_back_error();
                false
            }
            Mode::TwoPlayers if self.flagged() => {
                self.error(LOST_ON_TIME);
                false
            }
            Mode::TwoPlayers if over => {
                self.error("the game is over: n starts a new one, u takes back");
                false
            }
            _ => true,
        }
    }

    /// Plays a legal move of the shown position: into the tree, as a new
    /// variation when other moves were played here.
    pub(super) fn play(&mut self, m: Move) {
        if !self.may_move() {
            return;
        }
        let at = self.doc.cursor;
        // The tree takes only moves legal in its own position.
        if !self.doc.game.board(at).is_legal(m) {
            self.error(format!("{m} is not legal in the game's position"));
            return;
        }
        let san = to_san(&self.view.board, m);
        let others = self.tree().children(at).len();
        let clk = self.move_clock_comment(at);
        let (node, new) = self.doc.game.play_with_comment(at, m, &clk);
        if new && self.tracks_game_end() {
            self.play.created.push(node);
        }
        self.doc.cursor = node;
        self.ui.selected = None;
        self.ui.drag = None;
        self.ui.cursor = None;
        if self.tracks_game_end() {
            self.play.game_end = node;
        }
        if matches!(self.play.mode, Mode::Play { .. } | Mode::TwoPlayers) {
            self.switch_clock();
        }
        self.moved_to(new);
        self.dialogs.message = None;
        if new && others > 0 {
            let label = self.doc.game.label(node);
            self.info(format!(
                "{label}: a new variation; {} (Up/Down)",
                if others == 1 {
                    "the move played here before stays".to_string()
                } else {
                    format!("the {others} moves played here before stay")
                }
            ));
        } else if !new && others > 1 {
            self.say_where();
        } else if !new {
            let _ = san;
        } else if self.play.mode == Mode::Analysis
            && self.tree().is_main_line_end(node)
            && self.doc.game.result() != "*"
        {
            // The record ended with its result; a move after it is
            // analysis written onto the main line, and said so.
            let label = self.doc.game.label(node);
            self.info(format!(
                "{label} goes on past the game's end ({}): the Result tag stays, Ctrl-Z takes the move back",
                crate::tui::widgets::result_display(&self.doc.game.result())
            ));
        }
        if let Some(r) = self.result_text() {
            self.game_over_on_board();
            self.info(r);
        }
    }

    /// A null move (`--`): the side to move passes, as annotators write
    /// "if it were White's move" lines. Only in analysis, and never in
    /// check (the king could be taken).
    pub(super) fn play_null(&mut self) {
        if !self.null_move_allowed() {
            self.error(NULL_IN_A_GAME);
            return;
        }
        if !self.may_move() {
            return;
        }
        if self.view.board.in_check() {
            self.error(NULL_IN_CHECK);
            return;
        }
        let at = self.doc.cursor;
        let (node, new) = self.doc.game.play(at, Move::NULL);
        self.doc.cursor = node;
        self.ui.selected = None;
        self.ui.drag = None;
        self.moved_to(new);
        let label = self.doc.game.label(node);
        let side = self.view.board.side_to_move().name();
        self.info(format!(
            "{label}: a null move, {side} moves again (Ctrl-Z takes it back)"
        ));
    }

    /// Whether a null move (`--`) may be played at all: in analysis, not
    /// in a game or an engine game (a position in check refuses it too).
    pub(super) fn null_move_allowed(&self) -> bool {
        self.play.mode == Mode::Analysis && self.duel.is_none()
    }

    /// Against the engine, whether the shown position is not the game's
    /// last one: no move of the human's can be played there, so saying
    /// "illegal" would mislead.
    pub(super) fn looking_back(&self) -> bool {
        self.tracks_game_end() && self.doc.cursor != self.play.game_end
    }

    /// Says that the board shows another position and how to get back.
    pub(super) fn looking_back_error(&mut self) {
        self.error(format!(
            "you are looking at another position (ply {} of the game's {}): End returns to the game",
            self.doc.ply(),
            self.tree().node(self.play.game_end).ply()
        ));
    }

    /// End on the board: back to the game's last position against the
    /// engine, else to the end of the shown line.
    pub(super) fn go_end(&mut self) {
        if self.tracks_game_end() && self.doc.cursor != self.play.game_end {
            let end = self.play.game_end;
            self.go_to(end)
        } else {
            self.go_last()
        }
    }

    /// PageUp/PageDown.
    pub(super) fn go_page(&mut self, forward: bool) {
        let n = PAGE_PLIES as i32;
        self.go_by(if forward { n } else { -n });
    }
}

impl App {
    /// Puts back the session the autosave kept: the tree, the shown move,
    /// the file, the orientation, and a game against the engine (paused,
    /// its clocks stopped, until `p`).
    pub fn restore_session(&mut self, r: crate::tui::autosave::Restored) {
        self.note_problems("autosave", &r.problems);
        let mut doc = Document::new(r.game);
        doc.cursor = r.cursor;
        doc.origin = r.origin;
        if r.unsaved {
            doc.unsaved = true;
        } else {
            doc.mark_clean();
        }
        doc.revision = self.doc.revision + 1;
        self.doc = doc;
        self.dialogs.comment_drafts = r.drafts;
        if !self.dialogs.comment_drafts.is_empty() {
            self.info(match self.dialogs.comment_drafts.len() {
                1 => "a comment typed and not written is kept: i on its move brings it back"
                    .to_string(),
                n => format!(
                    "{n} comments typed and not written are kept: i on their moves brings them back"
                ),
            });
        }
        self.ui.flipped = r.flipped;
        if r.two_players {
            self.play.mode = Mode::TwoPlayers;
            self.play.analysis = false;
        }
        if let Some(p) = r.play {
            self.play.mode = match p.human {
                Some(human) => Mode::Play {
                    human,
                    level: p.level,
                },
                None => Mode::TwoPlayers,
            };
            self.play.analysis = false;
            self.play.game_end = p.game_end;
            self.play.created = p.created;
            self.play.clocks = p.clocks;
            self.play.engine = p.engine;
            self.play.engine_moved = true;
            // A game that ended (a flag, mate) has nothing to go on with.
            self.play.paused = self.any_game_running();
        }
        // A set-up left with Esc is still the next editor's Ctrl-Z.
        self.left_setup = r.left_setup;
        // A position being set up comes back in the editor.
        if let Some(e) = r
            .editor
            .as_deref()
            .and_then(crate::tui::editor::Editor::from_text)
        {
            self.editor = Some(e);
            self.ui.cursor = Some(crate::chess::Square::E1);
        }
        self.refresh();
        self.reconcile_engine();
    }
}
