//! The help overlay: every key and command on one screen, in one column
//! when the terminal is tall enough and in two otherwise (80x24 fits).

use super::{popup, put};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// (keys, what they do), in display order; a "" key starts a heading.
pub const KEYS: &[(&str, &str)] = &[
    ("", "Moves"),
    ("m or /", "type a move: SAN or UCI"),
    ("N B R Q K O", "type a piece move"),
    ("Up Down", "show / move the cursor"),
    ("Enter Space", "pick up / drop a piece"),
    ("mouse", "click/drag; click a move"),
    ("Esc", "close, unselect"),
    ("", "Game"),
    ("Left Right", "walk the game/cursor"),
    ("Home End", "start / end of the game"),
    ("u", "take back (to your turn)"),
    ("n", "new game"),
    ("p", "play the engine"),
    ("2", "two players"),
    ("", "Teaching views"),
    ("v V", "panel view: next / back"),
    ("Tab S-Tab", "select a term (or move)"),
    ("b", "2nd term of packed sum"),
    ("g", "phase explorer on / off"),
    ("[ ] { }", "phase -1 +1 / to 0 24"),
    ("c", "board heatmaps, cycle"),
    ("o", "heatmap piece"),
    ("", "View and engine"),
    ("a", "analyse / end a game"),
    ("+ -", "engine lines 1-5"),
    ("e", "evaluator NNUE / HCE"),
    ("f", "flip the board"),
    ("y", "show and copy the FEN"),
    ("F12", "frame-time overlay"),
    ("?", "this help"),
    ("q", "quit (Ctrl-C: at once)"),
    ("", "Commands"),
    (":fen [FEN]", "set / show a position"),
    (":load FILE", "open a PGN"),
    (":save [FILE]", "save the game as PGN"),
    (":net FILE", "load an NNUE net"),
    (":level N", "engine level 1-10"),
    (":hash MB", "hash size in MiB"),
    (":threads N", "search threads"),
    (":multipv N", "engine lines 1-5"),
    (":new :flip :q", "as n, f, q"),
];

/// Said under the keys.
const FOOTER: &str = "A move at an earlier ply replaces the rest of the line.";

/// Blank cells kept after a description, before the next column.
const COL_GAP: u16 = 2;

/// Widest popup in two-column mode: room for every description.
const TWO_COLUMN_W: u16 = 96;

/// The key column's width for `keys`: the longest key and one blank.
fn key_width(keys: &[(&str, &str)]) -> u16 {
    keys.iter()
        .map(|(k, _)| k.chars().count() as u16)
        .max()
        .unwrap_or(0)
        + 1
}

/// `what` as it fits `room` cells: whole, or cut at a word with "…".
fn fitted(what: &str, room: u16) -> String {
    super::status::fit_rows(what, &[room as usize])
        .into_iter()
        .next()
        .unwrap_or_default()
}

pub fn render(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let one_column = area.height >= KEYS.len() as u16 + 4;
    let (columns, w): (Vec<&[(&str, &str)]>, u16) = if one_column {
        (vec![KEYS], 60)
    } else {
        // Split at the heading that makes the longer column shortest.
        let split = KEYS
            .iter()
            .enumerate()
            .filter(|(i, (k, _))| k.is_empty() && *i > 0)
            .map(|(i, _)| i)
            .min_by_key(|&i| i.max(KEYS.len() - i))
            .unwrap_or(KEYS.len() / 2);
        (
            vec![&KEYS[..split], &KEYS[split..]],
            area.width.min(TWO_COLUMN_W),
        )
    };
    let rows = columns.iter().map(|c| c.len()).max().unwrap_or(0) as u16;
    // The footer goes when the screen is too short for it.
    let h = if rows + 4 <= area.height {
        rows + 4
    } else {
        rows + 2
    };
    let (_, inner) = popup(buf, area, w, h, "Keys · any key closes", theme);
    let col_w = inner.width / columns.len() as u16;
    for (c, keys) in columns.iter().enumerate() {
        let x0 = inner.x + c as u16 * col_w;
        let key_w = key_width(keys);
        let room = col_w.saturating_sub(1 + key_w + COL_GAP);
        for (y, (k, what)) in (inner.y..inner.y + inner.height).zip(keys.iter()) {
            if k.is_empty() {
                put(buf, x0 + 1, y, what, theme.title(), col_w - 1);
            } else {
                let key = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
                put(buf, x0 + 1, y, k, key, key_w);
                let text = Style::new().fg(theme.text);
                put(buf, x0 + 1 + key_w, y, &fitted(what, room), text, room);
            }
        }
    }
    let y = inner.y + rows + 1;
    if y < inner.y + inner.height {
        put(
            buf,
            inner.x + 1,
            y,
            FOOTER,
            theme.dim_style(),
            inner.width - 1,
        );
    }
}
