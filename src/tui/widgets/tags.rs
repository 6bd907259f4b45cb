//! The `:tag` overlay: the game's PGN tags, a row each, the value whole
//! (wrapped, never cut). The status line could only join them with " · "
//! and cut the rest, which lost a Lichess game's players and ratings.

use super::{popup, put};
use crate::game::tags::Tags;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// Widest the popup grows.
const MAX_W: u16 = 90;
/// Widest a name column grows (a longer name wraps its value below it).
const NAME_MAX: usize = 16;

/// Draws `tags`, names in a column and values beside them.
pub fn render(tags: &Tags, theme: &Theme, area: Rect, buf: &mut Buffer) {
    // As wide as the longest row or the footer, within the screen.
    let footer = ":tag NAME VALUE sets one · :tag NAME \"\" removes one";
    let longest = (tags.iter())
        .map(|(k, v)| k.chars().count().min(NAME_MAX) + 2 + v.chars().count())
        .max()
        .unwrap_or(0)
        .max(footer.chars().count());
    let w = area.width.min(MAX_W).min(longest as u16 + 4);
    let room = w.saturating_sub(4) as usize;
    let rows = rows(tags, room);
    let h = (rows.len() as u16 + 3).min(area.height);
    let (_, inner) = popup(buf, area, w, h, "Tags · any key closes", theme);
    let body_h = inner.height.saturating_sub(1) as usize;
    let shown = rows.len().min(body_h);
    for (y, (name, value)) in (inner.y..).zip(rows.iter().take(shown)) {
        let x = put(
            buf,
            inner.x + 1,
            y,
            name,
            theme.dim_style(),
            inner.width.saturating_sub(1),
        );
        let used = x - (inner.x + 1);
        put(
            buf,
            x,
            y,
            value,
            ratatui::style::Style::new(),
            inner.width.saturating_sub(1 + used),
        );
    }
    if inner.height > 1 {
        let line = match rows.len() - shown {
            0 => footer.to_string(),
            n => format!("… {n} more rows on a taller screen · :tag NAME shows one"),
        };
        super::footer(buf, inner, &line, theme);
    }
}

/// The rows to draw in `room` cells: a name padded to the name column and
/// the first part of its value, then the value's other parts indented.
fn rows(tags: &Tags, room: usize) -> Vec<(String, String)> {
    let name_w = (tags.iter())
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0)
        .min(NAME_MAX)
        .min(room / 3);
    let value_w = room.saturating_sub(name_w + 2).max(1);
    let mut out = Vec::new();
    for (k, v) in tags.iter() {
        let value = if v.is_empty() { "\"\"" } else { v };
        // Rows enough that nothing is cut: a wrapped row is at least half
        // full, or holds a word as long as half a row.
        let need = 2 * value.chars().count() / value_w + 2;
        let mut parts = super::status::fit_rows(value, &vec![value_w; need]);
        if parts.is_empty() {
            parts.push(String::new());
        }
        for (i, part) in parts.into_iter().enumerate() {
            let name = if i == 0 { k } else { "" };
            let pad = name_w.saturating_sub(name.chars().count());
            out.push((format!("{name}{}  ", " ".repeat(pad)), part));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_wraps_under_its_own_column() {
        let mut tags = Tags::default();
        tags.set("White", "Nepomniachtchi, Ian");
        tags.set("Event", "FIDE World Championship Match 2023 in Astana");
        let rows = rows(&tags, 30);
        assert_eq!(rows[0], ("White  ".into(), "Nepomniachtchi, Ian".into()));
        assert_eq!(rows[1].0, "Event  ");
        assert_eq!(rows[2].0, "       ");
        let event: Vec<&str> = rows[1..].iter().map(|r| r.1.as_str()).collect();
        assert_eq!(
            event.join(" "),
            "FIDE World Championship Match 2023 in Astana"
        );
    }
}
