//! The help overlay: every key and command on one screen.

use super::{popup, put};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// (keys, what they do), in display order; a "" key starts a heading.
pub const KEYS: &[(&str, &str)] = &[
    ("", "Moves"),
    (
        "m or /",
        "type a move (SAN Nf3, exd5, O-O, e8=Q or UCI g1f3)",
    ),
    ("N B R Q K O", "start typing a piece move right away"),
    ("Up Down", "show the board cursor and move it"),
    (
        "Enter Space",
        "pick up the piece under the cursor / drop it",
    ),
    ("mouse", "click a piece then a square, or drag it"),
    ("Esc", "close, unselect, hide the cursor"),
    ("", "Game"),
    (
        "Left Right",
        "walk back / forward (move the cursor when shown)",
    ),
    ("Home End", "go to the start / the end"),
    ("u", "take back (in play: back to your turn)"),
    ("n", "new game (asks when unsaved)"),
    ("p", "play the engine: side, level, clocks"),
    ("2", "two players on this keyboard"),
    ("", "View and engine"),
    ("a", "analysis on / off"),
    ("+ -", "more / fewer engine lines (1-5)"),
    ("e", "eval panel: HCE / NNUE view"),
    ("f", "flip the board"),
    ("y", "show and copy the FEN"),
    ("F12", "frame-time overlay"),
    ("?", "this help"),
    ("q  Ctrl-C", "quit (q asks when unsaved) / quit now"),
    ("", "Commands (:)"),
    (":fen [FEN]", "set a position / show the FEN"),
    (":load FILE", "open a PGN (a picker for several games)"),
    (":save FILE", "save the game as PGN"),
    (":level N", "engine level 1-10 (10 = full strength)"),
    (":hash MB", "hash size; :threads N search threads"),
    (":multipv N", "engine lines 1-5; also :new :flip :q"),
    (
        "",
        "Playing a move at an earlier ply replaces the rest of the line.",
    ),
];

pub fn render(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let h = KEYS.len() as u16 + 3;
    let (_, inner) = popup(buf, area, 76, h, "Keys · any key closes", theme);
    for (y, (k, what)) in (inner.y..inner.y + inner.height).zip(KEYS.iter()) {
        if k.is_empty() {
            put(buf, inner.x + 1, y, what, theme.title(), inner.width - 1);
        } else {
            put(
                buf,
                inner.x + 2,
                y,
                k,
                Style::new().fg(theme.accent).add_modifier(Modifier::BOLD),
                14,
            );
            put(
                buf,
                inner.x + 17,
                y,
                what,
                Style::new().fg(theme.text),
                inner.width.saturating_sub(17),
            );
        }
    }
}
