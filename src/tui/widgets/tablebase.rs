//! The tablebase section: shown below the engine lines when the tables
//! hold the shown position. Its title is the verdict; each legal move is
//! a cell "SAN outcome" (best first, as Lichess lists them), laid out in
//! as many columns as fit.

use super::{put, titled};
use crate::tb::Wdl;
use crate::tui::app::App;
use crate::tui::tablebase::{outcome_text, TbPosition};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Width of one move's cell: at least this, more when an outcome is
/// longer ("cursed win DTZ ~28").
const CELL: u16 = 20;

/// The SAN's column in a cell: the longest SAN ("exd8=Q+") and a space.
const SAN: usize = 8;

/// Blanks between two cells.
const GAP: u16 = 2;

/// The cell width that fits every move of `here` ("SAN     outcome").
fn cell_width(here: &TbPosition) -> u16 {
    let widest = here
        .moves
        .iter()
        .map(|m| SAN + outcome_text(&m.outcome).chars().count() + GAP as usize)
        .max()
        .unwrap_or(0);
    (widest as u16).max(CELL)
}

/// Splits the lines' area: the engine lines keep the top (their lines
/// and a title), the tablebase section takes the rest when there is one.
pub fn split(app: &App, area: Rect) -> (Rect, Option<Rect>) {
    let Some(here) = &app.tb.here else {
        return (area, None);
    };
    let cols = (area.width / cell_width(here)).max(1) as usize;
    let want = 1 + here.moves.len().div_ceil(cols) as u16;
    let lines = (app.engine.lines.len() as u16 + 1).max(2);
    let tb_h = want
        .min(area.height.saturating_sub(lines))
        .max(2.min(area.height));
    let top = Rect::new(area.x, area.y, area.width, area.height - tb_h);
    let bottom = Rect::new(area.x, area.y + top.height, area.width, tb_h);
    (top, Some(bottom))
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let (Some(here), Some(verdict)) = (&app.tb.here, app.tb.verdict()) else {
        return;
    };
    let title = match here.best_dtz() {
        Some(d) => format!("{verdict} · DTZ {d}"),
        None => verdict,
    };
    let inner = titled(buf, area, &title, theme);
    if inner.height == 0 || inner.width < 8 {
        return;
    }
    let cell = cell_width(here);
    let cols = (inner.width / cell).max(1);
    let rows = inner.height;
    let outcomes: Vec<Wdl> = here.moves.iter().map(|m| m.outcome.wdl).collect();
    let (shown, hidden) = shown_moves(&outcomes, (cols * rows) as usize);
    let at = |i: usize| {
        let (col, row) = (i as u16 / rows, i as u16 % rows);
        (inner.x + col * cell, inner.y + row)
    };
    for (slot, &i) in shown.iter().enumerate() {
        let m = &here.moves[i];
        let style = match m.outcome.wdl {
            _ if m.outcome.mate => Style::new().fg(theme.good),
            Wdl::Win | Wdl::CursedWin => Style::new().fg(theme.good),
            Wdl::Draw => theme.dim_style(),
            Wdl::BlessedLoss | Wdl::Loss => Style::new().fg(theme.error),
        };
        let text = format!("{:<SAN$}{}", m.san, outcome_text(&m.outcome));
        let (x, y) = at(slot);
        put(buf, x, y, &text, style, cell - GAP);
    }
    if hidden > 0 {
        let (x, y) = at(shown.len());
        let text = format!("+{hidden} more");
        put(buf, x, y, &text, theme.dim_style(), cell - GAP);
    }
}

/// Which moves (indices, best first) fit in `room` cells, and how many
/// are left out. When not all fit, the last cell says how many more
/// there are, and the best move of every outcome (win, draw, loss...)
/// stays in sight: the moves that spoil a win are what a player looks
/// for, and they come last.
fn shown_moves(outcomes: &[Wdl], room: usize) -> (Vec<usize>, usize) {
    if outcomes.len() <= room {
        return ((0..outcomes.len()).collect(), 0);
    }
    let room = room.saturating_sub(1);
    // The first move of each outcome, in the list's order.
    let mut firsts: Vec<usize> = Vec::new();
    for (i, w) in outcomes.iter().enumerate() {
        if !firsts.iter().any(|&f| outcomes[f] == *w) {
            firsts.push(i);
        }
    }
    firsts.truncate(room);
    let mut shown = firsts.clone();
    for i in 0..outcomes.len() {
        if shown.len() >= room {
            break;
        }
        if !firsts.contains(&i) {
            shown.push(i);
        }
    }
    shown.sort_unstable();
    let hidden = outcomes.len() - shown.len();
    (shown, hidden)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_shows_when_all_fit() {
        let o = [Wdl::Win, Wdl::Win, Wdl::Draw];
        assert_eq!(shown_moves(&o, 3), (vec![0, 1, 2], 0));
    }

    #[test]
    fn a_cut_list_keeps_the_spoiling_moves_in_sight_and_counts_the_rest() {
        // KQ v K: 18 wins, then the three checks that draw.
        let mut o = vec![Wdl::Win; 18];
        o.extend([Wdl::Draw; 3]);
        let (shown, hidden) = shown_moves(&o, 14);
        assert_eq!(shown.len() + 1, 14, "one cell says how many more");
        assert_eq!(hidden, 21 - 13);
        assert!(
            shown.contains(&18),
            "the best drawing move is shown: {shown:?}"
        );
        assert!(shown.windows(2).all(|w| w[0] < w[1]), "best first");
        let o = [Wdl::Win, Wdl::Draw, Wdl::Loss, Wdl::Loss];
        assert_eq!(shown_moves(&o, 3), (vec![0, 1], 2));
        assert_eq!(shown_moves(&o, 1), (vec![], 4));
    }
}
