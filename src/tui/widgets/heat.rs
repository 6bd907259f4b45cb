//! Painting the board overlay (`App::heat`): each square's colour on the
//! theme's diverging scale, its value where the square has a free row, and
//! the legend (what is shown, the scale, whose view) above the move list.

use super::{put, titled};
use crate::chess::Square;
use crate::tui::heat::Heat;
use crate::tui::params::HEAT_LIGHT_LIFT;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Rows the legend takes above the move list.
const LEGEND_H: u16 = 2;
/// The widest the legend's colour bar gets, in cells.
const LEGEND_BAR_MAX: u16 = 21;

/// The background of `sq` under the overlay, if the overlay colours it.
pub fn square_bg(heat: &Heat, theme: &Theme, sq: Square, light: bool) -> Option<Color> {
    let c = match heat.values[sq.index()] {
        Some(v) => theme.heat(v as f64 / heat.scale.max(1) as f64),
        None if heat.marked.contains(sq) => theme.heat_mark,
        None => return None,
    };
    Some(if light { lift(c) } else { c })
}

/// A little lighter, so light and dark squares stay apart.
fn lift(c: Color) -> Color {
    match c {
        Color::Rgb(r, g, b) => Color::Rgb(
            r.saturating_add(HEAT_LIGHT_LIFT),
            g.saturating_add(HEAT_LIGHT_LIFT),
            b.saturating_add(HEAT_LIGHT_LIFT),
        ),
        other => other,
    }
}

/// Writes the square's value in the row the piece does not use, when the
/// squares are tall enough to have one (5x2 and 7x3). Without colours,
/// where no number fits (or the square is marked without one), a sign in
/// the square's first cell says what a colour would: `+`, `-`, `=` for
/// the value's sign, `*` for a marked square.
pub fn label(heat: &Heat, theme: &Theme, sq: Square, r: Rect, bg: Color, buf: &mut Buffer) {
    let value = heat.values[sq.index()];
    if !theme.colored() && (r.height < 2 || value.is_none()) {
        let sign = value.map_or("*", |v| sign_mark(f64::from(v)));
        put(
            buf,
            r.x,
            r.y,
            sign,
            Style::new().add_modifier(Modifier::BOLD),
            1,
        );
        return;
    }
    let Some(v) = value else {
        return;
    };
    if r.height < 2 {
        return;
    }
    // The piece sits on the middle row (r.y + r.height / 2).
    let y = if r.height >= 3 {
        r.y + r.height - 1
    } else {
        r.y
    };
    let text = format!("{v:+}");
    let w = text.chars().count() as u16;
    if w > r.width {
        return;
    }
    let x = r.x + (r.width - w) / 2;
    put(
        buf,
        x,
        y,
        &text,
        Style::new().fg(theme.ink_on(bg)).bg(bg),
        w,
    );
}

/// A value's sign where no colour can say it: `+`, `-`, `=` for zero.
fn sign_mark(v: f64) -> &'static str {
    if v > 0.0 {
        "+"
    } else if v < 0.0 {
        "-"
    } else {
        "="
    }
}

/// Where the legend and the move list go within the move-list area.
pub fn split_moves(heat_shown: bool, moves: Rect) -> (Option<Rect>, Rect) {
    if !heat_shown || moves.height < LEGEND_H + 3 {
        return (None, moves);
    }
    let legend = Rect::new(moves.x, moves.y, moves.width, LEGEND_H);
    let rest = Rect::new(
        moves.x,
        moves.y + LEGEND_H,
        moves.width,
        moves.height - LEGEND_H,
    );
    (Some(legend), rest)
}

/// "-50 ███████ +50 White's view ■ group": the scale under a title rule.
pub fn legend(heat: &Heat, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let inner = titled(buf, area, &heat.title, theme);
    if inner.height == 0 || inner.width < 12 {
        return;
    }
    let y = inner.y;
    // One column kept free before whatever is to the right.
    let right = inner.x + inner.width - 1;
    if let Some(note) = &heat.note {
        put(
            buf,
            inner.x + 1,
            y,
            note,
            Style::new().fg(theme.error),
            inner.width - 1,
        );
        return;
    }
    let lo = format!("-{} ", heat.scale);
    let hi = format!(" +{}", heat.scale);
    let text = Style::new().fg(theme.text);
    let mut x = put(buf, inner.x + 1, y, &lo, text, inner.width - 1);
    let tail = format!(" {}", heat.view);
    let mark = match (heat.marked.any(), theme.colored()) {
        (false, _) => "",
        (true, true) => " ■ group",
        (true, false) => " * group",
    };
    let room = right.saturating_sub(x + hi.len() as u16);
    let fixed = (tail.chars().count() + mark.chars().count()) as u16;
    // The bar gives way to the words when room is short, down to 8 cells.
    let bar_w = if room > fixed + 8 {
        (room - fixed).min(LEGEND_BAR_MAX)
    } else {
        room.min(LEGEND_BAR_MAX)
    };
    for i in 0..bar_w {
        let t = if bar_w > 1 {
            -1.0 + 2.0 * i as f64 / (bar_w - 1) as f64
        } else {
            0.0
        };
        // Without colours the bar is the signs the squares carry.
        let cell = if theme.colored() { " " } else { sign_mark(t) };
        put(buf, x, y, cell, Style::new().bg(theme.heat(t)), 1);
        x += 1;
    }
    x = put(buf, x, y, &hi, text, right.saturating_sub(x));
    x = put(buf, x, y, &tail, theme.dim_style(), right.saturating_sub(x));
    if !mark.is_empty() {
        put(
            buf,
            x,
            y,
            mark,
            Style::new()
                .fg(theme.heat_mark)
                .add_modifier(Modifier::BOLD),
            right.saturating_sub(x),
        );
    }
}
