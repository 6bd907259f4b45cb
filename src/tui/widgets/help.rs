//! The help overlay: every board key and command, built from the key map
//! (`keymap::BOARD_KEYS`) and the command list (`commands::COMMANDS`), so it
//! always says what the keys do. One column when the terminal is tall
//! enough, two otherwise; Up/Down/PageUp/PageDown scroll what does not fit.

use super::{popup, put};
use crate::tui::commands::COMMANDS;
use crate::tui::keymap::{Section, BOARD_KEYS, EDITOR_KEYS};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Said under the keys.
const FOOTER: &str =
    "A move played at an earlier position starts a variation: nothing is replaced.";

/// Blank cells kept after a description, before the next column.
const COL_GAP: u16 = 2;

/// Widest popup in two-column mode: room for every description.
const TWO_COLUMN_W: u16 = 110;

/// (keys, what they do), in display order; a "" key starts a heading.
pub fn entries() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for s in Section::ALL {
        out.push(("", s.title()));
        for b in BOARD_KEYS
            .iter()
            .chain(EDITOR_KEYS)
            .filter(|b| b.section == s && !b.label.is_empty())
        {
            out.push((b.label, b.help));
        }
    }
    out.extend(MARKS.iter().copied());
    out.push(("", "Commands"));
    out.extend(COMMANDS.iter().copied());
    out
}

/// What the move list's marks mean (after a move, or in its header).
const MARKS: &[(&str, &str)] = &[
    ("", "Marks in the move list"),
    (super::movelist::BOOK_MARK, "a book move"),
    (super::movelist::MARK, "HCE/NNUE apart 1.5+"),
    ("?! ? ??", "report's verdict"),
    ("! !! !?", "the game's glyphs"),
];

/// The key column's width for `keys`: the longest key and one blank.
fn key_width(keys: &[(&str, &str)]) -> u16 {
    keys.iter()
        .map(|(k, _)| k.chars().count() as u16)
        .max()
        .unwrap_or(0)
        + 1
}

/// Where the two columns part, when one does not fit: at the heading
/// that makes the longer column shortest. `None`: one column.
fn split(all: &[(&str, &str)], height: u16) -> Option<usize> {
    if height >= all.len() as u16 + 4 {
        return None;
    }
    Some(
        all.iter()
            .enumerate()
            .filter(|(i, (k, _))| k.is_empty() && *i > 0)
            .map(|(i, _)| i)
            .min_by_key(|&i| i.max(all.len() - i))
            .unwrap_or(all.len() / 2),
    )
}

/// The rows of the longer column, and the rows of it shown at once on a
/// screen `height` rows tall (the popup's borders, footer and gap left out).
fn rows_and_room(all: &[(&str, &str)], height: u16) -> (u16, u16) {
    let rows = match split(all, height) {
        None => all.len(),
        Some(at) => at.max(all.len() - at),
    } as u16;
    let h = (rows + 4).min(height);
    (rows, h.saturating_sub(4))
}

/// The furthest the help scrolls on a screen `height` rows tall: the last
/// row in sight, so that Up moves at once however often Down was pressed.
pub fn max_scroll(height: u16) -> u16 {
    let (rows, room) = rows_and_room(&entries(), height);
    rows.saturating_sub(room)
}

/// Draws the help scrolled by `scroll` rows (clamped to what there is).
pub fn render(theme: &Theme, area: Rect, buf: &mut Buffer, scroll: u16) {
    let all = entries();
    let (columns, w): (Vec<&[(&str, &str)]>, u16) = match split(&all, area.height) {
        None => (vec![&all[..]], 64.min(area.width)),
        Some(at) => (vec![&all[..at], &all[at..]], area.width.min(TWO_COLUMN_W)),
    };
    let (rows, _) = rows_and_room(&all, area.height);
    let h = (rows + 4).min(area.height);
    let (_, inner) = popup(
        buf,
        area,
        w,
        h,
        "Keys · ↑↓ PgUp PgDn Home End scroll · other keys close",
        theme,
    );
    // One row for the footer or the "more" line.
    let body_h = inner.height.saturating_sub(2);
    let scroll = scroll.min(rows.saturating_sub(body_h));
    let col_w = inner.width / columns.len() as u16;
    for (c, keys) in columns.iter().enumerate() {
        let x0 = inner.x + c as u16 * col_w;
        let key_w = key_width(keys);
        let room = col_w.saturating_sub(1 + key_w + COL_GAP);
        for (y, (k, what)) in (inner.y..inner.y + body_h).zip(keys.iter().skip(scroll as usize)) {
            if k.is_empty() {
                put(buf, x0 + 1, y, what, theme.title(), col_w - 1);
            } else {
                let key = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
                put(buf, x0 + 1, y, k, key, key_w);
                let text = Style::new().fg(theme.text);
                put(
                    buf,
                    x0 + 1 + key_w,
                    y,
                    &super::status::fit_row(what, room as usize),
                    text,
                    room,
                );
            }
        }
    }
    let more = rows > body_h + scroll;
    let line = if more {
        format!("↓ {} more rows: Down / PageDown", rows - body_h - scroll)
    } else {
        FOOTER.to_string()
    };
    if inner.height > 2 {
        super::footer(buf, inner, &line, theme);
    }
}
