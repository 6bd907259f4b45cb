//! The status line: the mode, then the open prompt or the latest message,
//! then clocks and key hints on the right. The hints follow what is open:
//! a teaching view's keys while it is in use, the main keys otherwise.

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
    right.push_str(hints(app, area.width));
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

/// The key hints for what is open now.
fn hints(app: &App, width: u16) -> &'static str {
    use crate::tui::teach::{HeatMode, PanelView};
    if app.prompt.is_some() {
        return "Enter ok · Esc cancel";
    }
    if app.overlay != crate::tui::app::Overlay::None {
        return "Esc close";
    }
    let wide = width >= 100;
    let t = &app.teach;
    if t.heat != HeatMode::Off {
        return if wide {
            "c next map · o piece · Esc off · ? help"
        } else {
            "c next · o piece · Esc off"
        };
    }
    if t.phase.is_some() {
        return if wide {
            "[ ] phase · { } 0/24 · g close · ? help"
        } else {
            "[ ] phase · g close"
        };
    }
    match (t.panel, t.term.is_some()) {
        (PanelView::Packed, _) if wide => "Tab term · b 2nd term · v view · ? help",
        (PanelView::Deltas, _) if wide => "Tab move · v view · ? help · q quit",
        (_, true) if wide => "Tab term · v view · Esc · ? help",
        (_, true) => "Tab term · v view · Esc",
        _ if wide => "m move · : cmd · v views · c heat · ? help · q quit",
        _ => "m move · : cmd · ? help · q quit",
    }
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s < 20 {
        format!("{}.{}", s, d.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
