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
/// longer ("cursed win in 28").
const CELL: u16 = 20;

/// The cell width that fits every move of `here` ("SAN    outcome").
fn cell_width(here: &TbPosition) -> u16 {
    let widest = here
        .moves
        .iter()
        .map(|m| 7 + outcome_text(&m.outcome).chars().count() + 1)
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
    let title = match here.dtz {
        Some(d) if d.plies != 0 => format!("{verdict} · DTZ {}", d.plies.abs()),
        _ => verdict,
    };
    let inner = titled(buf, area, &title, theme);
    if inner.height == 0 || inner.width < 8 {
        return;
    }
    let cell = cell_width(here);
    let cols = (inner.width / cell).max(1);
    let rows = inner.height;
    for (i, m) in here.moves.iter().enumerate().take((cols * rows) as usize) {
        let (col, row) = (i as u16 / rows, i as u16 % rows);
        let x = inner.x + col * cell;
        let style = match m.outcome.wdl {
            _ if m.outcome.mate => Style::new().fg(theme.good),
            Wdl::Win | Wdl::CursedWin => Style::new().fg(theme.good),
            Wdl::Draw => theme.dim_style(),
            Wdl::BlessedLoss | Wdl::Loss => Style::new().fg(theme.error),
        };
        let text = format!("{:<7}{}", m.san, outcome_text(&m.outcome));
        put(buf, x, inner.y + row, &text, style, cell - 1);
    }
}
