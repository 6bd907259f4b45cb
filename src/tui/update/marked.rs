//! `.` / `,`: from one marked move of the main line to the next, so a
//! game report (or an annotator's ?!/?/??) is read mistake by mistake, as
//! Lichess's report lets one click through a player's inaccuracies,
//! mistakes and blunders. A move counts as marked when the move list
//! shows ?!, ? or ?? after it: the player's own glyph, else the report's
//! verdict (also while the report still runs).

use crate::game::{Nag, NodeId};
use crate::tui::app::App;

/// The glyphs a step stops at.
const MARKS: [Nag; 3] = [Nag::DUBIOUS, Nag::MISTAKE, Nag::BLUNDER];

impl App {
    /// The main line's marked moves, in order, each with the glyph the
    /// move list shows for it.
    pub(super) fn marked_moves(&self) -> Vec<(NodeId, &'static str)> {
        let verdicts = self.report_verdicts();
        let tree = self.tree();
        tree.mainline()
            .filter_map(|id| {
                let nags = &tree.node(id).nags;
                if nags.iter().any(|n| n.is_move_quality()) {
                    // The player's glyph wins, as in the move list.
                    let mark = MARKS.into_iter().find(|&m| nags.contains(m))?;
                    return mark.glyph().map(|g| (id, g));
                }
                let (_, class) = verdicts.iter().find(|(n, _)| *n == id)?;
                Some((id, class.glyph()))
            })
            .collect()
    }

    /// `.` (`forward`) / `,`: the next / previous marked move of the main
    /// line. From inside a variation it counts from where the variation
    /// leaves the main line.
    pub(super) fn go_marked(&mut self, forward: bool) {
        let marked = self.marked_moves();
        if marked.is_empty() {
            self.info("no move of the main line is marked ?!, ? or ?? (r: game report)");
            return;
        }
        let tree = self.tree();
        // Where the shown position sits on the main line: a main-line
        // node at its ply, a variation just after the node it leaves from.
        let mut anchor = self.doc.cursor;
        while !tree.is_mainline(anchor) {
            anchor = tree.parent(anchor).unwrap_or(NodeId::ROOT);
        }
        let ply = tree.node(anchor).ply();
        let inside = anchor != self.doc.cursor;
        let ply_of = |id: NodeId| tree.node(id).ply();
        let found = if forward {
            marked.iter().position(|&(id, _)| ply_of(id) > ply)
        } else {
            marked
                .iter()
                .rposition(|&(id, _)| ply_of(id) < ply || (inside && ply_of(id) == ply))
        };
        let Some(i) = found else {
            let (way, back) = if forward {
                ("after", ", goes to the previous")
            } else {
                ("before", ". goes to the next")
            };
            self.info(format!(
                "no marked move {way} this one ({} in the game; {back})",
                marked.len()
            ));
            return;
        };
        let (id, glyph) = marked[i];
        self.go_to(id);
        let label = self.doc.game.label(id);
        let moves = if marked.len() == 1 { "move" } else { "moves" };
        self.info(format!(
            "{label}{glyph}: {} of {} marked {moves} (. and , go on and back)",
            i + 1,
            marked.len()
        ));
    }
}
