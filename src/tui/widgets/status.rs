//! The status line: the mode, then the open prompt or the latest message,
//! then clocks and key hints on the right.

use super::put;
use crate::chess::Color as Side;
use crate::tui::app::{App, Mode, PromptKind};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use std::time::Duration;

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let y = area.y;
    let right_edge = area.x + area.width;
    let mode = match app.mode {
        Mode::Analysis => " ANALYSIS ".to_string(),
        Mode::Play { human, level } => format!(
            " PLAY {} L{level} ",
            if human == Side::White {
                "WHITE"
            } else {
                "BLACK"
            }
        ),
        Mode::TwoPlayers => " TWO PLAYERS ".to_string(),
    };
    let badge = Style::new()
        .bg(theme.accent)
        .fg(Color::Black)
        .add_modifier(Modifier::BOLD);
    let mut x = put(buf, area.x, y, &mode, badge, area.width);
    x += 1;

    // Right side: clocks and hints.
    let mut right = String::new();
    if let Some(c) = &app.clocks {
        right.push_str(&format!(
            "W {} · B {}   ",
            clock(c.remaining(Side::White, app.now)),
            clock(c.remaining(Side::Black, app.now))
        ));
    }
    right.push_str(
        match (&app.prompt, app.overlay == crate::tui::app::Overlay::None) {
            (Some(_), _) => "Enter ok · Esc cancel",
            (None, true) => "m move · : cmd · ? help · q quit",
            (None, false) => "Esc close",
        },
    );
    let right_w = right.chars().count() as u16;
    let right_x = right_edge.saturating_sub(right_w + 1);
    let left_w = right_x.saturating_sub(x + 1);

    if let Some(p) = &app.prompt {
        let label = match p.kind {
            PromptKind::Move => "move> ",
            PromptKind::Command => ":",
        };
        let x2 = put(buf, x, y, label, Style::new().fg(theme.accent), left_w);
        let room = left_w.saturating_sub(x2 - x + 1) as usize;
        // Show the tail of long input.
        let chars: Vec<char> = p.text.chars().collect();
        let start = chars.len().saturating_sub(room);
        let shown: String = chars[start..].iter().collect();
        let x3 = put(buf, x2, y, &shown, Style::new().fg(theme.text), room as u16);
        put(
            buf,
            x3,
            y,
            "▏",
            Style::new()
                .fg(theme.accent)
                .add_modifier(Modifier::SLOW_BLINK),
            1,
        );
    } else if let Some(m) = &app.message {
        let style = if m.error {
            Style::new().fg(theme.error).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        put(buf, x, y, &m.text, style, left_w);
    }
    put(buf, right_x, y, &right, theme.dim_style(), right_w);
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s < 20 {
        format!("{}.{}", s, d.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
