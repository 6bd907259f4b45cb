//! The game on the board and where the board is in it: the move tree, the
//! cursor (the node shown), the file it belongs to, and whether it changed
//! since it was last saved. The reducer is its only writer; `revision`
//! counts tree changes so that what is derived from the tree (the move
//! list's layout, evaluations per node) is rebuilt only when it changed.

use crate::game::{Game, NodeId};
use crate::tui::many_games::PickerSource;
use std::path::PathBuf;
use std::sync::Arc;

/// A pasted text of several games, one of them on the board: it lives
/// nowhere but here, so it goes with the game, and `<` `>` `:games`
/// `:game N` walk its games as they walk a file's.
#[derive(Clone, Debug)]
pub struct Pasted {
    pub games: Arc<PickerSource>,
    /// The board's game among them (0-based).
    pub index: usize,
}

/// The file a game came from or was saved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// An absolute path, so a restart elsewhere saves to the same file.
    pub path: PathBuf,
    /// Its place among the file's games (0-based) when the file holds
    /// several: `:save` alone replaces that game and keeps the others.
    pub index: Option<usize>,
    /// How many games the file held when it was last read or written
    /// (`None`: not known, as after a restart); the move list's title says
    /// "game 3/12".
    pub games: Option<usize>,
    /// The game's text as it is in the file (`files::fingerprint`): a save
    /// in place checks that the file still holds it there, so a file
    /// changed meanwhile never loses a game.
    pub fingerprint: Option<u64>,
    /// `:save` alone asks for a file, while `<` `>` and `:game N` still
    /// walk this one: the game was read only in part (its text had
    /// problems), and the part is never saved over the whole; or the file
    /// is a copy tapir keeps in `overwritten/`, which stays as it was.
    pub save_elsewhere: bool,
}

/// The game being shown and edited.
#[derive(Clone, Debug)]
pub struct Document {
    pub game: Game,
    /// The node shown on the board.
    pub cursor: NodeId,
    pub origin: Option<Origin>,
    /// The pasted games the board's game is one of.
    pub pasted: Option<Pasted>,
    /// Changed since the last save or load.
    pub unsaved: bool,
    /// Bumped on every change to the tree or its annotations.
    pub revision: u64,
    /// The game's text (`files::fingerprint` of `write_game`) when it last
    /// matched its file (loaded or saved): an undo or redo back to it
    /// leaves nothing to save.
    pub clean: Option<u64>,
}

impl Default for Document {
    fn default() -> Self {
        Document::new(Game::default())
    }
}

impl Document {
    /// A game shown at the end of its main line.
    pub fn new(game: Game) -> Document {
        let cursor = game.tree().line_end(NodeId::ROOT);
        Document {
            game,
            cursor,
            origin: None,
            pasted: None,
            unsaved: false,
            revision: 0,
            clean: None,
        }
    }

    /// The game's text as a number, to compare with `clean`.
    fn text_fingerprint(&self) -> u64 {
        crate::tui::files::fingerprint(&crate::game::pgn::write_game(&self.game))
    }

    /// The game is as its file holds it (just loaded or saved).
    pub fn mark_clean(&mut self) {
        self.unsaved = false;
        self.clean = Some(self.text_fingerprint());
    }

    /// After an undo or redo: changed, unless it is back to the game its
    /// file holds.
    pub fn touch_by_undo(&mut self) {
        self.revision += 1;
        self.unsaved = self.clean != Some(self.text_fingerprint());
    }

    /// The file `:save` alone writes the game back into: its origin, unless
    /// the game was read from it only in part.
    pub fn own_file(&self) -> Option<&Origin> {
        self.origin.as_ref().filter(|o| !o.save_elsewhere)
    }

    /// The tree changed: what is derived from it must be rebuilt.
    pub fn touch(&mut self) {
        self.revision += 1;
        self.unsaved = true;
    }

    /// Whether the game holds anything worth asking about before it goes:
    /// moves, a comment or glyph on the whole game, a start other than the
    /// initial position (one set up in the editor), or tags beyond those a
    /// new game from its start has.
    pub fn has_work(&self) -> bool {
        Document::game_has_work(&self.game)
    }

    /// `has_work` of a game not (yet) on the board: an autosave's.
    pub fn game_has_work(g: &Game) -> bool {
        let root = g.tree().node(NodeId::ROOT);
        !g.is_empty()
            || !root.comment.is_empty()
            || !root.comment_before.is_empty()
            || !root.nags.is_empty()
            || *g.start() != crate::chess::Board::startpos()
            || g.tags != Game::new(*g.start()).tags
    }

    /// Whether replacing the game, or quitting, would drop something the
    /// user made that no file holds: unsaved work, or an unsaved game whose
    /// undo or redo list still has it (all its moves deleted, say, after
    /// "Ctrl-Z puts it back": the autosave holds only the game as it is),
    /// or edits Ctrl-Y would bring back, saved or not: undone, they are in
    /// no file (a deletion taken back is not one: doing it again would
    /// only take out what the game holds).
    pub fn would_lose_work(&self) -> bool {
        self.game.redo_would_add() || self.unsaved && (self.has_work() || self.game.can_undo())
    }

    /// Moves from the start to the shown position.
    pub fn ply(&self) -> usize {
        self.game.tree().node(self.cursor).ply()
    }

    /// Whether the shown position is the end of its line (no move after it).
    pub fn at_line_end(&self) -> bool {
        self.game.tree().children(self.cursor).is_empty()
    }
}
