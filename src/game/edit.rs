//! `Game`: tags and a move tree, changed only through edits that can be
//! undone. Playing a move that is already in the tree walks into it; any
//! other move adds a variation; nothing leaves the tree except by an
//! explicit delete, and every edit (a new move included) can be undone and
//! redone. An edit made after an undo keeps what Ctrl-Y could still have
//! brought back: the undone edits go onto the undo list, done again and
//! taken back again, so Ctrl-Z walks back through them (Emacs's undo) and
//! no edit is ever lost. Reading a file builds the tree directly: what was
//! loaded is the starting point, not an edit.

use super::nag::{Nag, Nags};
use super::tags::{result_token, Tags};
use super::tree::{GameTree, NodeId};
use crate::chess::{Board, GameStatus, Move, Position};

/// How many edits can be undone (the oldest go first). Engine games add
/// one step a ply, so this is sized for many long games on top of the
/// user's own edits: a move step is a few dozen bytes, a comment step at
/// most two 4 KB comments.
pub const UNDO_LIMIT: usize = 5_000;
/// The longest history `position_at` replays (the 75-move horizon, where
/// a game being played ends by itself).
const HISTORY_PLIES: usize = 150;

/// One reversible change to the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Edit {
    /// `node` went into its parent's children at `index` (a new move, or
    /// a branch put back).
    Attach {
        node: NodeId,
        index: usize,
    },
    /// `node` left its parent's children from `index`.
    Detach {
        node: NodeId,
        index: usize,
    },
    /// A child of `parent` moved from `from` to `to`.
    Reorder {
        parent: NodeId,
        from: usize,
        to: usize,
    },
    Comment {
        node: NodeId,
        before: bool,
        old: String,
        new: String,
    },
    Nags {
        node: NodeId,
        old: Nags,
        new: Nags,
    },
    /// A tag set (`Some`) or removed (`None`): a game's result.
    Tag {
        name: String,
        old: Option<String>,
        new: Option<String>,
    },
    /// A move's comment before it joined to its comment after it, each pair
    /// (before, after): once the move no longer starts a variation (one
    /// promoted, the move before it deleted), PGN has no place before it.
    /// The words move; none go.
    Comments {
        node: NodeId,
        old: (String, String),
        new: (String, String),
    },
    /// Several edits as one step (an engine line, a promotion to main line).
    Group(Vec<Edit>),
}

impl Edit {
    /// Whether doing this edit puts something into the game (moves, words,
    /// a glyph, a tag, another order of lines) rather than only taking
    /// something out of it.
    fn adds(&self) -> bool {
        match self {
            Edit::Detach { .. } => false,
            Edit::Attach { .. } | Edit::Reorder { .. } => true,
            Edit::Comment { new, .. } => !new.is_empty(),
            Edit::Comments { .. } => false,
            Edit::Nags { old, new, .. } => new.iter().any(|n| !old.contains(n)),
            Edit::Tag { new, .. } => new.is_some(),
            Edit::Group(edits) => edits.iter().any(Edit::adds),
        }
    }

    /// Whether doing this edit takes something out of the game that it
    /// held (moves, words, a glyph, a tag's value): undone, it would bring
    /// that back. Another order of lines takes nothing out.
    fn takes_out(&self) -> bool {
        match self {
            Edit::Detach { .. } => true,
            Edit::Attach { .. } | Edit::Reorder { .. } => false,
            // Words added to a comment (a result's sentence after a
            // `[%clk]`) take nothing out: the old text is all still there.
            Edit::Comment { old, new, .. } => !old.is_empty() && !new.contains(old.as_str()),
            Edit::Comments { .. } => false,
            Edit::Nags { old, new, .. } => old.iter().any(|n| !new.contains(n)),
            // PGN's placeholders ("?", "????.??.??", "*") hold nothing.
            Edit::Tag { old, new, .. } => {
                let known = old
                    .as_deref()
                    .is_some_and(|v| !v.chars().all(|c| matches!(c, '?' | '.' | '*')));
                known && old != new
            }
            Edit::Group(edits) => edits.iter().any(Edit::takes_out),
        }
    }

    /// The edit that undoes this one: applying it is reverting this.
    fn inverse(&self) -> Edit {
        match self {
            Edit::Attach { node, index } => Edit::Detach {
                node: *node,
                index: *index,
            },
            Edit::Detach { node, index } => Edit::Attach {
                node: *node,
                index: *index,
            },
            Edit::Reorder { parent, from, to } => Edit::Reorder {
                parent: *parent,
                from: *to,
                to: *from,
            },
            Edit::Comment {
                node,
                before,
                old,
                new,
            } => Edit::Comment {
                node: *node,
                before: *before,
                old: new.clone(),
                new: old.clone(),
            },
            Edit::Comments { node, old, new } => Edit::Comments {
                node: *node,
                old: new.clone(),
                new: old.clone(),
            },
            Edit::Nags { node, old, new } => Edit::Nags {
                node: *node,
                old: new.clone(),
                new: old.clone(),
            },
            Edit::Tag { name, old, new } => Edit::Tag {
                name: name.clone(),
                old: new.clone(),
                new: old.clone(),
            },
            Edit::Group(edits) => Edit::Group(edits.iter().rev().map(Edit::inverse).collect()),
        }
    }
}

/// An undo step: the edit and where the cursor was before and after it.
#[derive(Clone, Debug)]
struct Step {
    edit: Edit,
    cursor_before: NodeId,
    cursor_after: NodeId,
    /// What the step did, in a few words ("add 24... Nf6").
    what: String,
    /// Many edits over the game made as one (`in_one_step_in_place`):
    /// its undo and redo leave the board where it is.
    in_place: bool,
}

impl Step {
    /// The step that takes this one back (its undo does it again).
    fn inverse(&self) -> Step {
        Step {
            edit: self.edit.inverse(),
            cursor_before: self.cursor_after,
            cursor_after: self.cursor_before,
            what: format!("the undo of {}", self.what),
            in_place: self.in_place,
        }
    }
}

/// What an undo or redo did: where the cursor goes and what to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    pub cursor: NodeId,
    pub what: String,
    /// The step was edits all over the game (`in_one_step_in_place`):
    /// `cursor` is only where the first or last of them was, and a board
    /// whose shown move is still in the tree stays there.
    pub in_place: bool,
}

/// Why an edit was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The start position cannot be deleted or promoted.
    Root,
    /// Nothing to delete after this move.
    NothingAfter,
    /// Already the main line (or the first variation, for a one-step promotion).
    AlreadyMain,
    /// A move in an engine line or a typed line was illegal.
    Illegal(String),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            EditError::Root => write!(f, "that is the start position"),
            EditError::NothingAfter => write!(f, "no moves follow this one"),
            EditError::AlreadyMain => write!(f, "this line is already the main line"),
            EditError::Illegal(m) => write!(f, "{m} is not legal there"),
        }
    }
}

impl std::error::Error for EditError {}

/// A game: its tags, its move tree and the edits that can be undone.
#[derive(Clone, Debug)]
pub struct Game {
    pub tags: Tags,
    tree: GameTree,
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Inside `in_one_step`: no step is dropped for the undo limit.
    grouping: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Board::startpos())
    }
}

impl Game {
    /// A game from `start`; a start other than the initial position is
    /// named in `SetUp` and `FEN` tags, as the export format wants.
    pub fn new(start: Board) -> Game {
        let mut tags = Tags::new();
        if start != Board::startpos() {
            tags.set("SetUp", "1");
            tags.set("FEN", &start.to_fen());
        }
        Game::from_tree(tags, GameTree::new(start))
    }

    /// A game around a tree built elsewhere (the PGN reader): no history.
    pub fn from_tree(tags: Tags, tree: GameTree) -> Game {
        Game {
            tags,
            tree,
            undo: Vec::new(),
            redo: Vec::new(),
            grouping: false,
        }
    }

    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    pub fn start(&self) -> &Board {
        self.tree.start()
    }

    pub fn board(&self, id: NodeId) -> &Board {
        self.tree.board(id)
    }

    /// Whether the tree holds no move at all.
    pub fn is_empty(&self) -> bool {
        self.tree.children(NodeId::ROOT).is_empty()
    }

    /// The position at `id` with the history a repetition can reach (back
    /// to the last irreversible move), for the rules and the engine.
    pub fn position_at(&self, id: NodeId) -> Position {
        // Only the positions since the last capture or pawn move can
        // repeat, and none more than 150 plies back matters: by then the
        // 75-move rule has ended the game. The cap keeps this O(1) in a
        // very long shuffle.
        let window = (self.tree.board(id).halfmove_clock() as usize).min(HISTORY_PLIES);
        let mut path = Vec::new();
        let mut cur = id;
        while path.len() < window {
            match self.tree.parent(cur) {
                Some(p) => {
                    path.push(cur);
                    cur = p;
                }
                None => break,
            }
        }
        let mut pos = Position::new(*self.tree.board(cur));
        for &n in path.iter().rev() {
            let node = self.tree.node(n);
            if node.is_null() {
                pos.make_null();
            } else {
                pos.make(node.mv());
            }
        }
        pos
    }

    /// The rules' verdict at `id`.
    pub fn status_at(&self, id: NodeId) -> GameStatus {
        self.position_at(id).status()
    }

    /// The `Result` tag's token, else the result the rules give the main
    /// line's end by themselves (a mate, a stalemate, a dead position, the
    /// fifth repetition or 75 moves), else `*`.
    pub fn result(&self) -> String {
        let tag = result_token(&self.tags);
        if tag != "*" {
            return tag.to_string();
        }
        // Threefold and fifty moves are draws a player claims: a game that
        // reached one without a result tag has none yet.
        let end = self.tree.line_end(NodeId::ROOT);
        let to_move = self.tree.board(end).side_to_move();
        self.position_at(end)
            .played_status()
            .result_token(to_move)
            .to_string()
    }

    // ---- edits ------------------------------------------------------------

    /// Plays `m` (legal at `at`): walks into the child that already has it,
    /// or adds it (as the main continuation when `at` has none, else as a
    /// variation). Returns the node and whether it is new.
    pub fn play(&mut self, at: NodeId, m: Move) -> (NodeId, bool) {
        self.play_with_comment(at, m, "")
    }

    /// `play`, with `comment` on the move when it is new (a game's
    /// `[%clk]`): the move and its comment are one undo step.
    pub fn play_with_comment(&mut self, at: NodeId, m: Move, comment: &str) -> (NodeId, bool) {
        if let Some(c) = self.tree.child_with_move(at, m) {
            return (c, false);
        }
        let id = self.tree.push(at, m);
        // Undo detaches the node and redo attaches it again, comment and
        // all, so the Attach step carries it.
        self.tree.node_mut(id).comment = comment.to_string();
        let index = self.tree.child_index(id);
        let what = format!("add {}", self.label(id));
        self.record(Edit::Attach { node: id, index }, at, id, what);
        (id, true)
    }

    /// Plays `moves` from `at` as one undo step (an engine line, a pasted
    /// line): existing moves are walked into, the rest added. Returns the
    /// last node, or an error (and no change) when a move is illegal.
    pub fn add_line(&mut self, at: NodeId, moves: &[Move]) -> Result<NodeId, EditError> {
        // Check the whole line first, so a bad move changes nothing.
        let mut b = *self.tree.board(at);
        for &m in moves {
            // A pass (`Move::NULL`) is a move here as `play` has it, but
            // not out of check.
            b = match m.is_null() {
                true if !b.in_check() => b.make_null(),
                false if crate::chess::legal_moves(&b).contains(m) => b.make(m),
                _ => return Err(EditError::Illegal(m.to_string())),
            };
        }
        let mut edits = Vec::new();
        let mut cur = at;
        for &m in moves {
            cur = match self.tree.child_with_move(cur, m) {
                Some(c) => c,
                None => {
                    let id = self.tree.push(cur, m);
                    edits.push(Edit::Attach {
                        node: id,
                        index: self.tree.child_index(id),
                    });
                    id
                }
            };
        }
        if !edits.is_empty() {
            let what = format!("add the line from {}", self.label(self.first_new(&edits)));
            self.record(Edit::Group(edits), at, cur, what);
        }
        Ok(cur)
    }

    /// Deletes `id` and everything after it; returns its parent (where the
    /// cursor goes).
    pub fn delete(&mut self, id: NodeId, cursor: NodeId) -> Result<NodeId, EditError> {
        let parent = self.tree.parent(id).ok_or(EditError::Root)?;
        let what = format!(
            "delete {}",
            super::delete_phrase(&self.tree, id, &self.label(id), false)
        );
        let index = self.tree.detach(id).ok_or(EditError::Root)?;
        let after = if self.tree.is_attached(cursor) {
            cursor
        } else {
            parent
        };
        // A main move deleted, the next alternative becomes the main move:
        // its comment before it joins its own, in the same step.
        self.group(&what.clone(), false, |g| {
            g.record(Edit::Detach { node: id, index }, cursor, after, what);
            if index == 0 {
                g.settle_comment_before(parent, after);
            }
        });
        Ok(after)
    }

    /// Deletes every move after `id` (the continuation and its variations).
    pub fn delete_after(&mut self, id: NodeId, cursor: NodeId) -> Result<NodeId, EditError> {
        let kids = self.tree.children(id).to_vec();
        if kids.is_empty() {
            return Err(EditError::NothingAfter);
        }
        let what = format!(
            "delete {}",
            super::delete_phrase(&self.tree, id, &self.label(id), true)
        );
        // Last first, so each recorded index is right when put back in reverse.
        let mut edits = Vec::new();
        for &k in kids.iter().rev() {
            if let Some(index) = self.tree.detach(k) {
                edits.push(Edit::Detach { node: k, index });
            }
        }
        let after = if self.tree.is_attached(cursor) {
            cursor
        } else {
            id
        };
        self.record(Edit::Group(edits), cursor, after, what);
        Ok(after)
    }

    /// Moves the variation that `id` is in one place up among the
    /// alternatives at its branch (the first place makes it the main
    /// continuation there).
    pub fn promote(&mut self, id: NodeId) -> Result<(), EditError> {
        let start = self.variation_start(id).ok_or(EditError::AlreadyMain)?;
        let parent = self.tree.parent(start).ok_or(EditError::Root)?;
        let from = self.tree.child_index(start);
        let what = format!("promote {}", self.label(start));
        self.group(&what.clone(), false, |g| {
            g.tree.move_child(parent, from, from - 1);
            g.record(
                Edit::Reorder {
                    parent,
                    from,
                    to: from - 1,
                },
                id,
                id,
                what,
            );
            g.settle_comment_before(parent, id);
        });
        Ok(())
    }

    /// The comment before the main move after `parent` joins its comment
    /// after it (see `Edit::Comments`), as a step of the edit that made it
    /// the main move (`cursor`: where that edit leaves the board): what the
    /// move list shows, `i` edits and a save writes is then one comment.
    fn settle_comment_before(&mut self, parent: NodeId, cursor: NodeId) {
        let Some(first) = self.tree.main_child(parent) else {
            return;
        };
        let n = self.tree.node(first);
        if n.comment_before.is_empty() {
            return;
        }
        let old = (n.comment_before.clone(), n.comment.clone());
        let joined = match n.comment.is_empty() {
            true => n.comment_before.clone(),
            false => format!("{} {}", n.comment_before, n.comment),
        };
        let new = (String::new(), joined);
        let edit = Edit::Comments {
            node: first,
            old,
            new,
        };
        self.apply(&edit);
        let what = format!("join the comments of {}", self.label(first));
        self.record(edit, cursor, cursor, what);
    }

    /// Makes the line through `id` the main line.
    pub fn make_main(&mut self, id: NodeId) -> Result<(), EditError> {
        if self.tree.is_mainline(id) {
            return Err(EditError::AlreadyMain);
        }
        let what = format!("make {} the main line", self.label(id));
        self.group(&what.clone(), false, |g| {
            let mut edits = Vec::new();
            let mut parents = Vec::new();
            let mut cur = id;
            while let Some(p) = g.tree.parent(cur) {
                let from = g.tree.child_index(cur);
                if from > 0 {
                    g.tree.move_child(p, from, 0);
                    edits.push(Edit::Reorder {
                        parent: p,
                        from,
                        to: 0,
                    });
                    parents.push(p);
                }
                cur = p;
            }
            g.record(Edit::Group(edits), id, id, what);
            for p in parents {
                g.settle_comment_before(p, id);
            }
        });
        Ok(())
    }

    /// Sets the comment after `id` (at the root: the game's comment), or
    /// before it with `before`.
    pub fn set_comment(&mut self, id: NodeId, before: bool, text: &str) {
        let what = if text.trim().is_empty() {
            format!("remove the comment on {}", self.label(id))
        } else {
            format!("comment on {}", self.label(id))
        };
        self.set_comment_as(id, before, text, what);
    }

    /// `set_comment`, the undo list calling the edit `what` ("shapes on
    /// 1... e5").
    pub fn set_comment_as(&mut self, id: NodeId, before: bool, text: &str, what: String) {
        let node = self.tree.node_mut(id);
        let slot = if before {
            &mut node.comment_before
        } else {
            &mut node.comment
        };
        if slot == text {
            return;
        }
        let old = std::mem::replace(slot, text.to_string());
        self.record(
            Edit::Comment {
                node: id,
                before,
                old,
                new: text.to_string(),
            },
            id,
            id,
            what,
        );
    }

    /// Sets `nag` as the only one of its group on `id`, or clears it when
    /// it is set.
    pub fn toggle_nag(&mut self, id: NodeId, nag: Nag) {
        let mut nags = self.tree.node(id).nags.clone();
        nags.toggle_exclusive(nag);
        self.set_nags(id, nags);
    }

    pub fn set_nags(&mut self, id: NodeId, nags: Nags) {
        let old = self.tree.node(id).nags.clone();
        if old == nags {
            return;
        }
        self.tree.node_mut(id).nags = nags.clone();
        let what = format!("annotate {}", self.label(id));
        self.record(
            Edit::Nags {
                node: id,
                old,
                new: nags,
            },
            id,
            id,
            what,
        );
    }

    /// Sets the tag `name` to `value`, or removes it (`None`), as an edit
    /// that can be undone (a game's result written in when it ends); `at`
    /// is the node shown, where an undo leaves the board.
    pub fn set_tag(&mut self, name: &str, value: Option<&str>, at: NodeId) {
        let old = self.tags.get(name).map(str::to_string);
        if old.as_deref() == value {
            return;
        }
        self.write_tag(name, value);
        let what = match value {
            Some(v) => format!("{name} {v}"),
            None => format!("remove {name}"),
        };
        self.record(
            Edit::Tag {
                name: name.to_string(),
                old,
                new: value.map(str::to_string),
            },
            at,
            at,
            what,
        );
    }

    fn write_tag(&mut self, name: &str, value: Option<&str>) {
        match value {
            Some(v) => self.tags.set(name, v),
            None => {
                self.tags.remove(name);
            }
        }
    }

    /// Removes a result other than `*` (and its `Termination`) as one undo
    /// step called `what`, the board left at `at`: the game is not over
    /// any more. Nothing happens without such a result.
    pub fn clear_result(&mut self, what: &str, at: NodeId) -> bool {
        if self.tags.get("Result").is_none_or(|r| r.trim() == "*") {
            return false;
        }
        self.in_one_step(what, |g| {
            g.set_tag("Result", None, at);
            g.set_tag("Termination", None, at);
        });
        true
    }

    /// Runs `f` on the game and makes every edit it records one undo step
    /// called `what` (a game report's comments, NAGs and lines undo
    /// together, and push no earlier edit out of the undo list).
    pub fn in_one_step(&mut self, what: &str, f: impl FnOnce(&mut Game)) {
        self.group(what, false, f);
    }

    /// `in_one_step` whose redo leaves the board where `f` says its edits
    /// took the player, not at the node of its last edit: a typed line
    /// that adds moves and then marks an earlier one with a glyph redoes
    /// to its last move.
    pub fn in_one_step_ending(&mut self, what: &str, f: impl FnOnce(&mut Game) -> Option<NodeId>) {
        let mut end = None;
        if self.group(what, false, |g| end = f(g)) {
            if let (Some(step), Some(end)) = (self.undo.last_mut(), end) {
                step.cursor_after = end;
            }
        }
    }

    /// `in_one_step` for edits all over the game (a game report's): its
    /// undo and redo leave the board on the move it shows, where that
    /// move is still in the tree, rather than taking it to the first or
    /// last edit.
    pub fn in_one_step_in_place(&mut self, what: &str, f: impl FnOnce(&mut Game)) {
        self.group(what, true, f);
    }

    /// Whether a step was recorded (`f` made some edit).
    fn group(&mut self, what: &str, in_place: bool, f: impl FnOnce(&mut Game)) -> bool {
        let saved = std::mem::take(&mut self.undo);
        let redo = std::mem::take(&mut self.redo);
        let was_grouping = std::mem::replace(&mut self.grouping, true);
        f(self);
        self.grouping = was_grouping;
        let steps = std::mem::replace(&mut self.undo, saved);
        // Back for the record below to keep (or as it was, when nothing
        // was recorded).
        self.redo = redo;
        let (Some(first), Some(last)) = (steps.first(), steps.last()) else {
            return false;
        };
        let (before, after) = (first.cursor_before, last.cursor_after);
        let edit = Edit::Group(steps.into_iter().map(|s| s.edit).collect());
        self.record(edit, before, after, what.to_string());
        if let Some(step) = self.undo.last_mut() {
            step.in_place = in_place;
        }
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether Ctrl-Y would bring back something the game does not hold
    /// now: some step left to redo adds moves, words, a glyph, a tag or an
    /// order of lines. A deletion taken back is not such a step: doing it
    /// again only takes out what the game still holds.
    pub fn redo_would_add(&self) -> bool {
        self.redo.iter().any(|s| s.edit.adds())
    }

    /// Whether Ctrl-Z would bring back something the game does not hold
    /// now: some step on the undo list took out moves, words, a glyph or a
    /// tag's value. A file or autosave of the game as it is lacks that.
    pub fn undo_would_bring_back(&self) -> bool {
        self.undo.iter().any(|s| s.edit.takes_out())
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) -> Option<Undone> {
        let step = self.undo.pop()?;
        self.revert(&step.edit);
        let done = Undone {
            cursor: step.cursor_before,
            what: step.what.clone(),
            in_place: step.in_place,
        };
        self.redo.push(step);
        Some(done)
    }

    /// Does again the last edit undone.
    pub fn redo(&mut self) -> Option<Undone> {
        let step = self.redo.pop()?;
        self.apply(&step.edit);
        let done = Undone {
            cursor: step.cursor_after,
            what: step.what.clone(),
            in_place: step.in_place,
        };
        self.undo.push(step);
        Some(done)
    }

    // ---- helpers ------------------------------------------------------------

    fn record(&mut self, edit: Edit, cursor_before: NodeId, cursor_after: NodeId, what: String) {
        self.keep_undone();
        if self.undo.len() >= UNDO_LIMIT && !self.grouping {
            self.undo.drain(..=self.undo.len() - UNDO_LIMIT);
        }
        self.undo.push(Step {
            edit,
            cursor_before,
            cursor_after,
            what,
            in_place: false,
        });
    }

    /// Before an edit: the edits Ctrl-Y could bring back go onto the undo
    /// list as they were done and then as their undo, so that Ctrl-Z,
    /// after taking back the new edit, does them again one by one and then
    /// takes them back. The tree is where the undo left it (their nodes
    /// are detached, never freed), so each step applies as recorded.
    fn keep_undone(&mut self) {
        if self.redo.is_empty() {
            return;
        }
        // The redo list's top is the first edit to do again.
        let undone: Vec<Step> = self.redo.drain(..).rev().collect();
        let taken_back: Vec<Step> = undone.iter().rev().map(Step::inverse).collect();
        self.undo.extend(undone);
        self.undo.extend(taken_back);
    }

    fn apply(&mut self, e: &Edit) {
        match e {
            Edit::Attach { node, index } => self.tree.attach(*node, *index),
            Edit::Detach { node, .. } => {
                self.tree.detach(*node);
            }
            Edit::Reorder { parent, from, to } => self.tree.move_child(*parent, *from, *to),
            Edit::Comment {
                node, before, new, ..
            } => self.comment_slot(*node, *before).clone_from(new),
            Edit::Comments { node, new, .. } => {
                let n = self.tree.node_mut(*node);
                (n.comment_before, n.comment) = new.clone();
            }
            Edit::Nags { node, new, .. } => self.tree.node_mut(*node).nags = new.clone(),
            Edit::Tag { name, new, .. } => self.write_tag(name, new.as_deref()),
            Edit::Group(edits) => edits.iter().for_each(|e| self.apply(e)),
        }
    }

    /// Takes `e` back: applies its inverse, the one place that says how
    /// each edit is undone.
    fn revert(&mut self, e: &Edit) {
        self.apply(&e.inverse());
    }

    fn comment_slot(&mut self, id: NodeId, before: bool) -> &mut String {
        let node = self.tree.node_mut(id);
        if before {
            &mut node.comment_before
        } else {
            &mut node.comment
        }
    }

    /// The nearest node at or above `id` that is not its parent's first
    /// child: where its variation begins.
    fn variation_start(&self, id: NodeId) -> Option<NodeId> {
        let mut cur = id;
        while let Some(p) = self.tree.parent(cur) {
            if self.tree.child_index(cur) > 0 {
                return Some(cur);
            }
            cur = p;
        }
        None
    }

    fn first_new(&self, edits: &[Edit]) -> NodeId {
        match edits.first() {
            Some(Edit::Attach { node, .. }) => *node,
            _ => NodeId::ROOT,
        }
    }

    /// "24... Nf6" for messages ("the start" for the root).
    pub fn label(&self, id: NodeId) -> String {
        let node = self.tree.node(id);
        if node.parent().is_none() {
            return "the start position".to_string();
        }
        let (n, side) = self.tree.move_number(id);
        format!("{} {}", crate::chess::move_number_text(n, side), node.san())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{parse_move, Color};

    fn mv(g: &Game, at: NodeId, san: &str) -> Move {
        parse_move(g.board(at), san).unwrap()
    }

    fn play(g: &mut Game, at: NodeId, sans: &str) -> NodeId {
        let mut cur = at;
        for s in sans.split_whitespace() {
            let m = mv(g, cur, s);
            cur = g.play(cur, m).0;
        }
        cur
    }

    fn sans(g: &Game, ids: impl IntoIterator<Item = NodeId>) -> Vec<String> {
        ids.into_iter()
            .map(|n| g.tree().node(n).san().to_string())
            .collect()
    }

    /// A game's move and its `[%clk]` go and come back together; a move
    /// already there is walked into and keeps its own comment.
    #[test]
    fn a_move_with_its_comment_is_one_undo_step() {
        let mut g = Game::default();
        let e4 = mv(&g, NodeId::ROOT, "e4");
        let (id, new) = g.play_with_comment(NodeId::ROOT, e4, "[%clk 0:03:00]");
        assert!(new);
        assert_eq!(g.tree().node(id).comment, "[%clk 0:03:00]");
        let (same, new) = g.play_with_comment(NodeId::ROOT, e4, "[%clk 0:01:00]");
        assert!(!new && same == id);
        assert_eq!(g.tree().node(id).comment, "[%clk 0:03:00]");
        g.undo().unwrap();
        assert!(g.tree().mainline().next().is_none() && !g.can_undo());
        g.redo().unwrap();
        assert_eq!(g.tree().node(id).comment, "[%clk 0:03:00]");
    }

    #[test]
    fn playing_walks_in_or_adds_a_variation_and_undo_takes_it_back() {
        let mut g = Game::default();
        let end = play(&mut g, NodeId::ROOT, "e4 e5 Nf3 Nc6");
        let e5 = g.tree().parent(g.tree().parent(end).unwrap()).unwrap();
        // The same move walks in; another one branches off.
        let (same, new) = g.play(e5, mv(&g, e5, "Nf3"));
        assert!(!new && g.tree().children(e5)[0] == same);
        let (bc4, new) = g.play(e5, mv(&g, e5, "Bc4"));
        assert!(new);
        assert_eq!(sans(&g, g.tree().mainline()), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(sans(&g, g.tree().siblings(bc4).to_vec()), ["Nf3", "Bc4"]);
        // Undo removes the variation; redo brings it back.
        let u = g.undo().unwrap();
        assert_eq!(u.cursor, e5);
        assert_eq!(u.what, "add 2. Bc4");
        assert!(!g.tree().is_attached(bc4));
        assert_eq!(g.redo().unwrap().cursor, bc4);
        assert!(g.tree().is_attached(bc4));
    }

    #[test]
    fn delete_promote_and_main_line_undo_exactly() {
        let mut g = Game::default();
        let e4 = play(&mut g, NodeId::ROOT, "e4");
        play(&mut g, e4, "e5 Nf3");
        let c5 = play(&mut g, e4, "c5");
        let c5_nf3 = play(&mut g, c5, "Nf3 d6");
        let e6 = play(&mut g, e4, "e6");
        let before = sans(&g, g.tree().preorder());

        // Promote one step: e6 moves above c5.
        g.promote(e6).unwrap();
        assert_eq!(sans(&g, g.tree().children(e4).to_vec()), ["e5", "e6", "c5"]);
        g.promote(e6).unwrap();
        assert_eq!(sans(&g, g.tree().children(e4).to_vec()), ["e6", "e5", "c5"]);
        assert_eq!(g.promote(e6), Err(EditError::AlreadyMain));
        // Main line from deep inside a variation.
        g.make_main(c5_nf3).unwrap();
        assert!(g.tree().is_mainline(c5_nf3));
        // Delete the variation; then everything after 1. e4.
        let cursor = g.delete(c5, c5_nf3).unwrap();
        assert_eq!(cursor, e4);
        assert!(!g.tree().is_attached(c5_nf3));
        g.delete_after(e4, e4).unwrap();
        assert!(g.tree().children(e4).is_empty());
        assert_eq!(g.delete_after(e4, e4), Err(EditError::NothingAfter));
        assert_eq!(g.delete(NodeId::ROOT, e4), Err(EditError::Root));
        // Five undos give back the tree as it was, order included.
        for _ in 0..5 {
            g.undo().unwrap();
        }
        assert_eq!(sans(&g, g.tree().preorder()), before);
        assert!(g.can_redo());
        for _ in 0..5 {
            g.redo().unwrap();
        }
        assert!(g.tree().children(e4).is_empty());
    }

    #[test]
    fn comments_nags_and_engine_lines() {
        let mut g = Game::default();
        let e4 = play(&mut g, NodeId::ROOT, "e4 e5");
        let e4 = g.tree().parent(e4).unwrap();
        g.set_comment(e4, false, "best by test");
        g.toggle_nag(e4, Nag::GOOD);
        g.toggle_nag(e4, Nag::BRILLIANT);
        g.toggle_nag(e4, Nag(16));
        let n = &g.tree().node(e4);
        assert_eq!(n.comment, "best by test");
        assert_eq!(n.nags.move_suffix(), "!!");
        assert_eq!(n.nags.trailing(), "±");
        // An engine line: walked into where it agrees, one undo step.
        let line: Vec<Move> = {
            let mut b = *g.board(e4);
            ["e5", "Nf3", "Nc6", "Bb5"]
                .iter()
                .map(|s| {
                    let m = parse_move(&b, s).unwrap();
                    b = b.make(m);
                    m
                })
                .collect()
        };
        let end = g.add_line(e4, &line).unwrap();
        assert_eq!(g.tree().node(end).ply(), 5);
        assert_eq!(g.tree().mainline_len(), 5);
        g.undo().unwrap();
        assert_eq!(g.tree().mainline_len(), 2);
        let bad = [line[1]];
        assert!(matches!(g.add_line(e4, &bad), Err(EditError::Illegal(_))));
        for _ in 0..4 {
            g.undo().unwrap();
        }
        let n = &g.tree().node(e4);
        assert!(n.comment.is_empty() && n.nags.is_empty());
    }

    /// An edit after Ctrl-Z drops nothing: Ctrl-Z takes the new edit back,
    /// then does the undone ones again one by one, then takes them back,
    /// each state exactly as it was.
    #[test]
    fn an_edit_after_an_undo_keeps_the_undone_edits_for_ctrl_z() {
        let text = |g: &Game| crate::game::pgn::write::write_game(g);
        let mut g = Game::default();
        let e5 = play(&mut g, NodeId::ROOT, "e4 e5");
        let e4 = g.tree().parent(e5).unwrap();
        let s0 = text(&g);
        g.set_comment(e4, false, "my deep analysis");
        let s1 = text(&g);
        play(&mut g, e5, "Nf3");
        let s2 = text(&g);
        g.toggle_nag(e4, Nag::GOOD);
        let s3 = text(&g);
        // Three undos back to s0; then a new move.
        for want in [&s2, &s1, &s0] {
            g.undo().unwrap();
            assert_eq!(&text(&g), want);
        }
        play(&mut g, e5, "Bc4");
        assert!(!g.can_redo());
        // Ctrl-Z: the new move goes, then the three edits come back in
        // order, then go again, then the moves of the start go.
        let mut walked = Vec::new();
        while let Some(u) = g.undo() {
            walked.push((text(&g), u.what));
        }
        let states: Vec<&String> = walked.iter().map(|(t, _)| t).collect();
        assert_eq!(states[..7], [&s0, &s1, &s2, &s3, &s2, &s1, &s0]);
        assert_eq!(walked[1].1, "the undo of comment on 1. e4");
        assert_eq!(walked[4].1, "annotate 1. e4");
        assert_eq!(walked.len(), 9, "then e5 and e4 go");
        // And Ctrl-Y walks all the way forward again.
        while g.redo().is_some() {}
        assert_eq!(text(&g), {
            let mut again = Game::default();
            let e5 = play(&mut again, NodeId::ROOT, "e4 e5");
            play(&mut again, e5, "Bc4");
            text(&again)
        });
    }

    /// A game report's edits go in as one step and keep what Ctrl-Y held.
    #[test]
    fn one_step_edits_keep_the_redo_list_too() {
        let mut g = Game::default();
        let e5 = play(&mut g, NodeId::ROOT, "e4 e5");
        g.set_comment(e5, false, "mine");
        g.undo().unwrap();
        g.in_one_step("report", |g| {
            g.toggle_nag(e5, Nag::GOOD);
            g.set_comment(e5, true, "report's");
        });
        g.undo().unwrap();
        g.undo().unwrap();
        assert_eq!(g.tree().node(e5).comment, "mine");
        assert!(g.tree().node(e5).nags.is_empty());
    }

    #[test]
    fn only_redo_steps_that_add_would_bring_anything_back() {
        let mut g = Game::default();
        let e4 = play(&mut g, NodeId::ROOT, "e4");
        g.set_comment(e4, false, "the words");
        g.set_comment(e4, false, "");
        g.undo();
        // Ctrl-Y would clear the words the game holds again: nothing new.
        assert!(g.can_redo() && !g.redo_would_add());
        g.undo();
        // Now it would bring the words back.
        assert!(g.redo_would_add());
        g.redo();
        g.redo();
        g.toggle_nag(e4, Nag::GOOD);
        g.undo();
        assert!(g.redo_would_add());
    }

    /// A move that stops starting a variation (promoted, made the main
    /// line, the main move before it deleted) has its comment before it
    /// joined to its own, in the same undo step; nothing is taken out.
    #[test]
    fn a_comment_before_joins_the_moves_own_when_it_becomes_the_main_move() {
        let made = || {
            let mut g = Game::default();
            let e4 = play(&mut g, NodeId::ROOT, "e4");
            let e5 = play(&mut g, e4, "e5");
            let c5 = play(&mut g, e4, "c5");
            let nf3 = play(&mut g, c5, "Nf3");
            let c3 = play(&mut g, c5, "c3");
            g.set_comment(c5, true, "Sicilian");
            g.set_comment(c5, false, "sharp");
            g.set_comment(c3, true, "Alapin");
            (g, e5, c5, nf3, c3)
        };
        let comments = |g: &Game, id: NodeId| {
            let n = g.tree().node(id);
            (n.comment_before.clone(), n.comment.clone())
        };
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        // Promoted: one undo step puts the comment back before the move.
        let (mut g, _, c5, _, _) = made();
        g.promote(c5).unwrap();
        assert_eq!(comments(&g, c5), pair("", "Sicilian sharp"));
        assert!(!g.undo_would_bring_back());
        g.undo();
        assert_eq!(comments(&g, c5), pair("Sicilian", "sharp"));
        assert_eq!(g.tree().child_index(c5), 1);
        g.redo();
        assert_eq!(comments(&g, c5), pair("", "Sicilian sharp"));
        // The main line through 2. c3: both branches' first moves settle.
        let (mut g, _, c5, _, c3) = made();
        g.make_main(c3).unwrap();
        assert_eq!(comments(&g, c5), pair("", "Sicilian sharp"));
        assert_eq!(comments(&g, c3), pair("", "Alapin"));
        g.undo();
        assert_eq!(comments(&g, c3), pair("Alapin", ""));
        // The main move deleted: the variation's move moves up and settles.
        let (mut g, e5, c5, ..) = made();
        g.delete(e5, e5).unwrap();
        assert_eq!(comments(&g, c5), pair("", "Sicilian sharp"));
        g.undo();
        assert_eq!(comments(&g, c5), pair("Sicilian", "sharp"));
        assert!(g.tree().is_attached(e5));
        // Where the move stays a variation's first, nothing changes.
        let (mut g, ..) = made();
        let e4 = g.tree().main_child(NodeId::ROOT).unwrap();
        let d5 = play(&mut g, e4, "d5");
        g.set_comment(d5, true, "Scandinavian");
        g.promote(d5).unwrap();
        assert_eq!(g.tree().child_index(d5), 1);
        assert_eq!(comments(&g, d5), pair("Scandinavian", ""));
    }

    #[test]
    fn only_undo_steps_that_took_something_out_would_bring_it_back() {
        // A game with two lines, words, a glyph and a tag, put in one by one.
        let made = || {
            let mut g = Game::default();
            let e4 = play(&mut g, NodeId::ROOT, "e4");
            let e5 = play(&mut g, e4, "e5");
            let c5 = play(&mut g, e4, "c5");
            g.set_comment(e4, false, "the words");
            g.toggle_nag(e4, Nag::GOOD);
            g.set_tag("White", Some("Me"), NodeId::ROOT);
            (g, e4, e5, c5)
        };
        let (mut g, _, _, c5) = made();
        assert!(
            !g.undo_would_bring_back(),
            "the game holds all it was given"
        );
        g.promote(c5).unwrap();
        assert!(
            !g.undo_would_bring_back(),
            "another order takes nothing out"
        );
        let (mut g, ..) = made();
        g.set_tag("White", Some("You"), NodeId::ROOT);
        assert!(g.undo_would_bring_back(), "a tag's value replaced");
        let (mut g, e4, ..) = made();
        g.toggle_nag(e4, Nag::GOOD);
        assert!(g.undo_would_bring_back(), "a glyph taken off");
        let (mut g, e4, ..) = made();
        g.set_comment(e4, false, "other words");
        assert!(g.undo_would_bring_back(), "words replaced");
        let (mut g, e4, ..) = made();
        g.set_comment(e4, false, "the words White lost on time.");
        assert!(!g.undo_would_bring_back(), "words added after them");
        let (mut g, _, e5, _) = made();
        g.delete(e5, e5).unwrap();
        assert!(g.undo_would_bring_back(), "a move deleted");
        g.undo();
        assert!(!g.undo_would_bring_back(), "taken back, the game holds it");
        // Undone and then another edit: Ctrl-Z goes back through the
        // deletion (done again, then taken back), so it still counts.
        g.redo();
        g.undo();
        g.set_comment(NodeId::ROOT, false, "new");
        assert!(g.undo_would_bring_back());
    }

    #[test]
    fn undo_keeps_the_last_steps_up_to_the_limit() {
        let mut g = Game::default();
        let e4 = play(&mut g, NodeId::ROOT, "e4");
        for i in 0..(UNDO_LIMIT + 20) {
            g.set_comment(e4, false, &format!("c{i}"));
        }
        let mut n = 0;
        while g.undo().is_some() {
            n += 1;
        }
        assert_eq!(n, UNDO_LIMIT);
        assert_eq!(g.tree().node(e4).comment, "c19");
    }

    #[test]
    fn positions_know_repetitions_and_passes() {
        let mut g = Game::default();
        let end = play(&mut g, NodeId::ROOT, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        assert_eq!(g.status_at(end), GameStatus::Repetition);
        // A threefold repetition is claimed, not automatic: no result yet.
        assert_eq!(g.result(), "*");
        let (pass, _) = g.play(end, Move::NULL);
        assert_eq!(g.position_at(pass).board().side_to_move(), Color::Black);
        assert_eq!(g.result(), "*");
        g.tags.set("Result", "1-0");
        assert_eq!(g.result(), "1-0");
    }

    #[test]
    fn only_draws_the_rules_make_without_a_claim_are_a_result() {
        let mut g = Game::default();
        let four = "Nf3 Nf6 Ng1 Ng8 ";
        play(&mut g, NodeId::ROOT, &four.repeat(4));
        assert_eq!(g.result(), "1/2-1/2", "the fifth time the position appears");
        let fifty = Game::new(Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 100 80").unwrap());
        assert_eq!(fifty.result(), "*", "fifty moves are claimed");
        let seventy_five =
            Game::new(Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 150 80").unwrap());
        assert_eq!(seventy_five.result(), "1/2-1/2");
    }
}
