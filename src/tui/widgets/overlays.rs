//! The small modal boxes: promotion picker, play-the-engine dialog, PGN
//! game picker, yes/no question, and the "enlarge the window" screen.

use super::board::glyph;
use super::{popup, put};
use crate::chess::{Color as Side, Piece};
use crate::tui::app::{App, ConfirmWhat, Overlay, PROMOTION_CHOICES};
use crate::tui::params::{CLOCK_PRESETS, MIN_HEIGHT, MIN_WIDTH};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

pub fn render(app: &App, theme: &Theme, board: Rect, full: Rect, buf: &mut Buffer) {
    match &app.overlay {
        Overlay::None | Overlay::Help => {}
        Overlay::Promotion { choice, .. } => promotion(app, *choice, theme, board, buf),
        Overlay::Play(d) => {
            let (_, inner) = popup(buf, full, 56, 9, "Play the engine", theme);
            let side = match d.human {
                Side::White => "White",
                Side::Black => "Black",
            };
            let (m, i) = CLOCK_PRESETS[d.clock % CLOCK_PRESETS.len()];
            let clocks = if m == 0 {
                "none".to_string()
            } else {
                format!("{m} min + {i} s")
            };
            let strength = if d.level >= 10 {
                "full strength".to_string()
            } else {
                "limited strength".to_string()
            };
            let rows = [
                format!("You play   {side:<6}   (w / b)"),
                format!("Level      {:<2} {strength}  (Left / Right)", d.level),
                format!("Clocks     {clocks:<14}  (c)"),
                String::new(),
                "Enter starts from the shown position · Esc cancels".to_string(),
            ];
            for (k, r) in rows.iter().enumerate() {
                put(
                    buf,
                    inner.x + 1,
                    inner.y + 1 + k as u16,
                    r,
                    Style::new().fg(theme.text),
                    inner.width - 1,
                );
            }
        }
        Overlay::Picker { entries, selected } => {
            let h = (entries.len() as u16 + 4)
                .min(full.height.saturating_sub(2))
                .max(5);
            let (_, inner) = popup(
                buf,
                full,
                full.width.saturating_sub(8).min(100),
                h,
                "Pick a game · Enter · Esc",
                theme,
            );
            let rows = inner.height.saturating_sub(1) as usize;
            let first = selected.saturating_sub(rows.saturating_sub(1));
            for (k, e) in entries.iter().enumerate().skip(first).take(rows) {
                let style = if k == *selected {
                    Style::new().bg(theme.current).add_modifier(Modifier::BOLD)
                } else if e.0.game.is_err() {
                    Style::new().fg(theme.error)
                } else {
                    Style::new().fg(theme.text)
                };
                put(
                    buf,
                    inner.x + 1,
                    inner.y + (k - first) as u16,
                    &e.0.label,
                    style,
                    inner.width - 1,
                );
            }
        }
        Overlay::Confirm(what) => {
            let (question, note) = match what {
                ConfirmWhat::Quit => (
                    "The game is not saved. Quit anyway?",
                    "(it stays in the autosave; :save FILE keeps it)",
                ),
                ConfirmWhat::Replace(r) => {
                    (r.question, "(its moves will be lost; n, then :save FILE)")
                }
            };
            let (_, inner) = popup(buf, full, 52, 6, "Unsaved game", theme);
            put(
                buf,
                inner.x + 1,
                inner.y,
                question,
                Style::new().fg(theme.text),
                inner.width - 1,
            );
            put(
                buf,
                inner.x + 1,
                inner.y + 1,
                note,
                theme.dim_style(),
                inner.width - 1,
            );
            put(
                buf,
                inner.x + 1,
                inner.y + 3,
                "y yes · n no",
                theme.title(),
                inner.width - 1,
            );
        }
    }
}

fn promotion(app: &App, choice: usize, theme: &Theme, board: Rect, buf: &mut Buffer) {
    let (_, inner) = popup(buf, board, 30, 5, "Promote to", theme);
    let side = app.view.board.side_to_move();
    // Four choices of five cells, a cell apart where the box has room
    // (a board of 80x24 leaves it 22 wide).
    let wide = inner.width > 4 * 6;
    let gap = u16::from(wide);
    let mut x = inner.x + 1;
    for (i, k) in PROMOTION_CHOICES.iter().enumerate() {
        let style = if i == choice {
            Style::new().bg(theme.current).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        let text = format!(
            " {} {} ",
            glyph(Piece::new(side, *k), app.config.pieces),
            k.letter()
        );
        x = put(buf, x, inner.y + 1, &text, style, 5) + gap;
    }
    put(
        buf,
        inner.x + 1,
        inner.y + 2,
        if wide {
            "q r b n · ←→ Enter · Esc"
        } else {
            "qrbn · ←→ Enter · Esc"
        },
        theme.dim_style(),
        inner.width - 1,
    );
}

/// Shown instead of everything when the terminal is too small.
pub fn too_small(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let lines = [
        "Please enlarge the window".to_string(),
        format!(
            "tapir needs {MIN_WIDTH}x{MIN_HEIGHT}, this is {}x{}",
            area.width, area.height
        ),
        "(q quits)".to_string(),
    ];
    let y0 = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, l) in lines.iter().enumerate() {
        let w = l.chars().count() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        let style = if i == 0 {
            theme.title()
        } else {
            Style::new().fg(theme.text)
        };
        put(buf, x, y0 + i as u16, l, style, area.width);
    }
}
