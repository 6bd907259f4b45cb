//! The `:messages` overlay: every message of the session, whole, newest at
//! the bottom. The status line has one or two rows and cuts what does not
//! fit with "…", and a load counts its problems there ("and 3 more"); here
//! each is read in full.

use super::{popup, put};
use crate::tui::app::Message;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::collections::VecDeque;

/// Widest the popup grows.
const MAX_W: u16 = 110;

/// Draws `log` with the newest message at the bottom, scrolled `back` rows
/// up (clamped to what there is).
pub fn render(log: &VecDeque<Message>, theme: &Theme, area: Rect, buf: &mut Buffer, back: u16) {
    let w = area.width.min(MAX_W);
    // A row for the footer, the borders, and one blank column each side.
    let room = w.saturating_sub(4) as usize;
    let mut rows: Vec<(String, bool)> = Vec::new();
    for m in log {
        // Rows enough that nothing is cut: a wrapped row is at least
        // half full, or holds a word as long as half a row.
        let need = 2 * m.text.chars().count() / room.max(1) + 2;
        let mut widths = vec![room.saturating_sub(2).max(1); need];
        widths[0] = room;
        // A message's later rows are indented, so each starts clearly.
        for (k, r) in super::status::fit_rows(&m.text, &widths)
            .into_iter()
            .enumerate()
        {
            let indent = if k == 0 { "" } else { "  " };
            rows.push((format!("{indent}{r}"), m.error));
        }
    }
    if rows.is_empty() {
        rows.push(("no messages yet".to_string(), false));
    }
    let h = (rows.len() as u16 + 3).min(area.height);
    let (_, inner) = popup(
        buf,
        area,
        w,
        h,
        "Messages · ↑↓ PgUp PgDn Home End scroll · other keys close",
        theme,
    );
    let body_h = inner.height.saturating_sub(1) as usize;
    let back = (back as usize).min(rows.len().saturating_sub(body_h));
    let first = rows.len().saturating_sub(body_h + back);
    for (y, (text, error)) in (inner.y..).zip(rows.iter().skip(first).take(body_h)) {
        let style = super::status::message_style(*error, theme);
        put(
            buf,
            inner.x + 1,
            y,
            text,
            style,
            inner.width.saturating_sub(1),
        );
    }
    if inner.height > 1 {
        let count = match log.len() {
            1 => "1 message".to_string(),
            n => format!("{n} messages"),
        };
        let line = if first > 0 {
            format!("↑ {first} earlier rows: Up / PageUp · {count}")
        } else {
            format!("{count}, oldest first")
        };
        super::footer(buf, inner, &line, theme);
    }
}
