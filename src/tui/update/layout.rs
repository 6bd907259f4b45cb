//! Keeping the move list's layout in step with the tree, the width of its
//! pane and the markers, and its scroll on the shown move: done here, once
//! per change, so that drawing and mouse clicks read the same rows.

use crate::tui::app::App;
use crate::tui::movetext;
use crate::tui::widgets::movelist::{panes, text_area};

impl App {
    /// Relayouts the move list when the tree, the width or the markers
    /// changed, then scrolls it to the shown move.
    pub(super) fn sync_move_list(&mut self) {
        let net = self.net.clone();
        self.ui
            .game_evals
            .sync(self.doc.game.tree(), net.as_ref(), self.doc.revision);
        let areas = self.areas();
        let (_, moves) = panes(self, &areas);
        let text = text_area(self, moves);
        // The marks are the teaching panel's: hidden with it (`z`).
        let marks = self.ui.game_evals.active() && !self.eval_hidden() && self.config.panel;
        // The report's verdicts change as its results arrive.
        let report = self.report.run.as_ref().map_or(0, |r| {
            (r.token + 1) << 32 | r.report.moves.iter().flatten().count() as u64
        });
        let key = (
            self.doc.revision,
            text.width,
            marks,
            self.book.generation,
            report,
        );
        if self.ui.moves.key != Some(key) {
            let scroll = self.ui.moves.scroll;
            let evals = marks.then_some(&self.ui.game_evals);
            let book = self.book.book.as_deref();
            let verdicts = self.report_verdicts();
            self.ui.moves = movetext::layout(&self.doc.game, text.width, evals, book, &verdicts);
            self.ui.moves.key = Some(key);
            self.ui.moves.scroll = scroll;
        }
        self.ui
            .moves
            .scroll_to(self.doc.cursor, text.height as usize);
    }
}
