//! Circles and arrows drawn on the shown move, as on Lichess: the right
//! button dragged from one square to another draws an arrow, let go where
//! it started circles the square (`:arrow`, `:circle` from the keyboard).
//! They live in the move's comment (`game::shapes`), so a save keeps them
//! and Ctrl-Z takes each back.

use crate::game::shapes::{self, Drawn, Shape, ShapeColor};
use crate::game::NodeId;
use crate::tui::app::App;

impl App {
    /// The right button went down: a shape of `color` (chosen by the keys
    /// held then, as Lichess does) starts on that square.
    pub(super) fn shape_from(&mut self, x: u16, y: u16, color: ShapeColor) {
        self.ui.shape_from = self.square_at(x, y).map(|sq| (sq, color));
    }

    /// The right button came up: the shape ends on that square (off the
    /// board, nothing is drawn).
    pub(super) fn shape_to(&mut self, x: u16, y: u16) {
        let (Some((from, color)), Some(to)) = (self.ui.shape_from.take(), self.square_at(x, y))
        else {
            return;
        };
        self.draw_shape(Shape { from, to, color });
    }

    /// Why shapes cannot be drawn now, if they cannot.
    fn shapes_refused(&self) -> Option<&'static str> {
        if self.editor.is_some() {
            Some("shapes are drawn on a game's moves: leave the editor first")
        } else if self.tracks_game_end() {
            Some("shapes are drawn while analysing, not during a game")
        } else {
            None
        }
    }

    /// Draws `shape` on the shown move, or takes it away where it is
    /// drawn so already; another colour recolours it.
    pub(super) fn draw_shape(&mut self, shape: Shape) {
        if let Some(why) = self.shapes_refused() {
            return self.error(why);
        }
        let node = self.doc.cursor;
        let old = self.tree().node(node).comment.clone();
        let (new, did) = shapes::toggle(&old, shape);
        let on = self.where_shapes_go(node);
        let what = shape.describe();
        // The undo list names what was done ("undid: take away ...").
        let (undo, said) = match did {
            Drawn::Added => (
                format!("draw {what} on {on}"),
                format!("{on}: {what} drawn (once more takes it away)"),
            ),
            Drawn::TakenAway => (
                format!("take away {what} from {on}"),
                format!("{on}: {what} taken away (Ctrl-Z puts it back)"),
            ),
            Drawn::Recoloured(was) => (
                format!("make {what} on {on} (was {})", was.name()),
                format!("{on}: now {what} (was {})", was.name()),
            ),
        };
        self.doc.game.set_comment_as(node, false, &new, undo);
        self.tree_changed();
        self.info(said);
    }

    /// `:shapes clear`: the shown move's shapes go, its words stay.
    pub(super) fn clear_shapes(&mut self) {
        if let Some(why) = self.shapes_refused() {
            return self.error(why);
        }
        let node = self.doc.cursor;
        let old = self.tree().node(node).comment.clone();
        let n = shapes::shapes(&old).len();
        let on = self.where_shapes_go(node);
        if n == 0 {
            return self.info(format!("no shapes on {on}"));
        }
        let what = format!("clear the shapes on {on}");
        self.doc
            .game
            .set_comment_as(node, false, &shapes::cleared(&old), what);
        self.tree_changed();
        let what = match n {
            1 => "its shape".to_string(),
            n => format!("its {n} shapes"),
        };
        self.info(format!("{on}: {what} taken away (Ctrl-Z puts them back)"));
    }

    /// `:shapes`: what the shown move draws.
    pub(super) fn show_shapes(&mut self) {
        let node = self.doc.cursor;
        let on = self.where_shapes_go(node);
        let all = shapes::shapes(&self.tree().node(node).comment);
        if all.is_empty() {
            return self.info(format!(
                "no shapes on {on}: the right button draws them, or :arrow e2e4, :circle d4"
            ));
        }
        let list: Vec<String> = all.iter().map(|s| s.describe()).collect();
        self.info(format!("{on}: {}", list.join(", ")));
    }

    /// "12. Nf3", or "the start" for the game's first position.
    fn where_shapes_go(&self, node: NodeId) -> String {
        match node == NodeId::ROOT {
            true => "the start".to_string(),
            false => self.doc.game.label(node),
        }
    }
}
