//! The board editor's panel, in the engine lines' place (the engine rests
//! while a position is set up): the palette of pieces a click puts down,
//! whether the position is legal and if not why, the side to move, the
//! castling rights and the en-passant square, and the editor's keys.

use super::board::text_glyph;
use super::{put, titled};
use crate::tui::app::App;
use crate::tui::editor::{Editor, PALETTE};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The area under the title rule.
fn inner(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.y.saturating_add(1),
        area.width,
        area.height.saturating_sub(1),
    )
}

/// Cells per palette item: 3 where the panel has room, else 2.
fn item_width(inner: Rect) -> u16 {
    // A blank, then the items.
    if inner.width > 3 * PALETTE.len() as u16 {
        3
    } else {
        2
    }
}

/// The palette item drawn at (x, y) in the panel `area`, if any.
pub fn palette_at(area: Rect, x: u16, y: u16) -> Option<usize> {
    let inner = inner(area);
    if inner.height == 0 || y != inner.y || x < inner.x + 1 {
        return None;
    }
    let i = ((x - inner.x - 1) / item_width(inner)) as usize;
    (i < PALETTE.len()).then_some(i)
}

/// The rows under the palette, for a panel `width` columns wide.
fn rows(e: &Editor, width: usize) -> [String; 4] {
    let side = e.side.name();
    let ep = e.ep.map_or("-".to_string(), |s| s.to_string());
    let castling = e.castling_text();
    let mut setup = format!("{side} to move (t) · castling {castling} (1-4) · e.p. {ep} (e)");
    if setup.chars().count() > width {
        // Narrow (80x24): the keys go, the status line names them; the
        // position's facts stay whole.
        setup = format!("{side} to move · castling {castling} · e.p. {ep}");
    }
    [
        match &e.check {
            Ok(_) => "✓ legal: Enter starts a new game from it".to_string(),
            Err(why) => format!("✗ {why}"),
        },
        setup,
        "PNBRQK pnbrqk put, x off · click palette/square".to_string(),
        "c clear s start f flip · Enter done Esc cancel".to_string(),
    ]
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(e) = &app.editor else {
        return;
    };
    let inner = titled(buf, area, "Set up a position", theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    let w = item_width(inner);
    for (i, p) in PALETTE.iter().enumerate() {
        let x = inner.x + 1 + w * i as u16;
        let text = match p {
            Some(p) => text_glyph(*p, app.pieces()),
            None => "×",
        };
        let cell = if w == 3 {
            format!(" {text} ")
        } else {
            format!("{text} ")
        };
        let style = if e.brush == *p {
            theme.highlight().add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        put(buf, x, inner.y, &cell, style, w);
    }
    let styles = [
        match e.check {
            Ok(_) => Style::new().fg(theme.good).add_modifier(Modifier::BOLD),
            Err(_) => Style::new().fg(theme.error).add_modifier(Modifier::BOLD),
        },
        Style::new().fg(theme.text),
        theme.dim_style(),
        theme.dim_style(),
    ];
    let width = inner.width.saturating_sub(2);
    for (k, (row, style)) in rows(e, width as usize).iter().zip(styles).enumerate() {
        let y = inner.y + 1 + k as u16;
        if y >= inner.y + inner.height {
            break;
        }
        super::put_fit(buf, inner.x + 1, y, row, style, width);
    }
}
