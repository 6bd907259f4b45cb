//! The status line: the mode, then the open prompt or the latest message,
//! then clocks and key hints on the right. The hints follow what is open:
//! a teaching view's keys while it is in use, the main keys otherwise.
//!
//! A message always wins over the hints: it gets the whole line (the hints
//! only show when they fit after it with a clear gap), wraps at spaces onto
//! a second row when it is longer than one, and ends with "…" when even two
//! rows are not enough. The clocks always stay.

use super::{fill, put};
use crate::chess::Color as Side;
use crate::tui::app::{App, Mode, PromptKind};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use std::time::Duration;

/// The most rows a long message may take (the second covers the bottom row
/// of the panels above while it is shown).
pub const MAX_ROWS: u16 = 2;

/// Blank cells kept between a message and the hints after it.
const GAP: usize = 3;

/// What one status line shows, measured once and shared by `height` and
/// `render` so the two always agree.
struct Plan {
    mode: String,
    /// "W 4:59 · B 5:00" in a game with clocks.
    clocks: Option<String>,
    hints: &'static str,
    /// The message laid out over its rows (empty without a message).
    rows: Vec<String>,
    /// Whether the hints fit after a one-row message (or there is none).
    show_hints: bool,
}

/// The status line's area: one row, or more (taking the rows above) while a
/// message longer than one row is shown, or a message above an open prompt.
pub fn area(app: &App, one_row: Rect) -> Rect {
    let rows = height(app, one_row.width).min(one_row.y + one_row.height);
    let extra = rows.saturating_sub(one_row.height);
    Rect::new(
        one_row.x,
        one_row.y.saturating_sub(extra),
        one_row.width,
        one_row.height + extra,
    )
}

/// Rows the status line needs at `width`: two when the message is longer
/// than one row; with a prompt open, one more for each row of its message.
pub fn height(app: &App, width: u16) -> u16 {
    if app.dialogs.prompt.is_some() && app.dialogs.message.is_some() {
        // The message (completions, an error) stays readable above the prompt.
        return 1 + (above_prompt(app, width).len() as u16).clamp(1, MAX_ROWS);
    }
    (plan(app, width).rows.len() as u16).clamp(1, MAX_ROWS)
}

/// The message laid out over the rows above an open prompt: up to two,
/// so an error about a typed line is read whole at 80 columns.
fn above_prompt(app: &App, width: u16) -> Vec<String> {
    let w = width.saturating_sub(2) as usize;
    app.dialogs
        .message
        .as_ref()
        .map(|m| fit_rows(&m.text, &[w; MAX_ROWS as usize]))
        .unwrap_or_default()
}

/// Lays out the mode badge, the message and what goes on the right.
fn plan(app: &App, width: u16) -> Plan {
    let mode = mode_badge(app);
    let duel_clocks = app.duel.as_ref().map(|d| &d.clocks);
    let clocks = app.play.clocks.as_ref().or(duel_clocks).map(|c| {
        format!(
            "W {} · B {}",
            clock(c.remaining(Side::White, app.now)),
            clock(c.remaining(Side::Black, app.now))
        )
    });
    let hints = hints(app, width);
    let message = app
        .dialogs
        .message
        .as_ref()
        .filter(|_| app.dialogs.prompt.is_none());
    let Some(m) = message else {
        return Plan {
            mode,
            clocks,
            hints,
            rows: Vec::new(),
            show_hints: true,
        };
    };
    let room = message_width(width, &mode, clocks.as_deref());
    // Rows after the first start at the left edge, under the badge.
    let rest = (width as usize).saturating_sub(2);
    let rows = fit_rows(&m.text, &[room, rest]);
    let used = rows.first().map_or(0, |r| r.chars().count());
    let show_hints = rows.len() == 1 && used + GAP + hints.chars().count() <= room;
    Plan {
        mode,
        clocks,
        hints,
        rows,
        show_hints,
    }
}

/// " ANALYSIS ", " PLAY WHITE L5 " (" PLAY WHITE L5 PAUSED ") or
/// " TWO PLAYERS ".
fn mode_badge(app: &App) -> String {
    match &app.duel {
        Some(d) if d.result.is_none() && d.paused => return " ENGINES PAUSED ".to_string(),
        Some(d) if d.result.is_none() => return " ENGINES ".to_string(),
        _ => {}
    }
    match app.play.mode {
        Mode::Analysis => " ANALYSIS ".to_string(),
        Mode::Play { human, level } => format!(
            " PLAY {} L{level}{} ",
            if human == Side::White {
                "WHITE"
            } else {
                "BLACK"
            },
            if app.play.paused { " PAUSED" } else { "" }
        ),
        Mode::TwoPlayers if app.play.paused => " TWO PLAYERS PAUSED ".to_string(),
        Mode::TwoPlayers => " TWO PLAYERS ".to_string(),
    }
}

/// Cells for text between the badge and the clocks, keeping one blank
/// cell after the badge, before the clocks and at the right edge.
fn message_width(width: u16, mode: &str, clocks: Option<&str>) -> usize {
    let clocks_w = clocks.map_or(0, |c| c.chars().count() + GAP);
    (width as usize).saturating_sub(mode.chars().count() + 2 + clocks_w)
}

/// `text` in one row of `room` cells: whole, or cut at a word with "…".
pub fn fit_row(text: &str, room: usize) -> String {
    fit_rows(text, &[room])
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The first of `forms` (longest first) whose display width fits `room`
/// cells, else the last one cut by [`fit_row`]: a title says as much as
/// its room allows and never ends in a cut number.
pub fn first_fit(forms: &[String], room: usize) -> String {
    let fits = |t: &&String| ratatui::text::Span::raw(t.as_str()).width() <= room;
    match forms.iter().find(fits) {
        Some(t) => t.clone(),
        None => fit_row(forms.last().map_or("", String::as_str), room),
    }
}

/// Lays `text` out over rows of the given widths, breaking at spaces (any
/// run of whitespace, newlines included, counts as one space). A word wider
/// than a row is split over rows. What does not fit ends the last row with
/// "…", so nothing is ever cut off silently.
pub fn fit_rows(text: &str, widths: &[usize]) -> Vec<String> {
    let mut rows = Vec::new();
    if widths.is_empty() || widths.contains(&0) {
        return rows;
    }
    let mut words: std::collections::VecDeque<String> =
        text.split_whitespace().map(String::from).collect();
    let mut cur = String::new();
    while let Some(word) = words.pop_front() {
        let w = widths[rows.len()];
        let (cur_len, word_len) = (cur.chars().count(), word.chars().count());
        if cur_len == 0 && word_len <= w {
            cur = word;
            continue;
        }
        if cur_len > 0 && cur_len + 1 + word_len <= w {
            cur.push(' ');
            cur.push_str(&word);
            continue;
        }
        if cur_len == 0 {
            // Longer than a whole row: its head fills this one.
            cur = word.chars().take(w).collect();
            words.push_front(word.chars().skip(w).collect());
        } else {
            words.push_front(word);
        }
        if rows.len() + 1 == widths.len() {
            rows.push(ellipsize(&cur, w));
            return rows;
        }
        rows.push(std::mem::take(&mut cur));
    }
    if !cur.is_empty() {
        rows.push(cur);
    }
    rows
}

/// `row` with "…" after it, dropping whole words from its end until the
/// result fits `w` cells (a single word too long is shortened).
pub fn ellipsize(row: &str, w: usize) -> String {
    let mut kept = row.trim_end();
    while kept.chars().count() + 1 > w {
        match kept.rfind(' ') {
            Some(i) => kept = kept[..i].trim_end(),
            None => {
                let head: String = kept.chars().take(w.saturating_sub(1)).collect();
                return format!("{head}…");
            }
        }
    }
    format!("{kept}…")
}

/// How a message is drawn: an error bold in the error colour.
pub fn message_style(error: bool, theme: &Theme) -> Style {
    if error {
        Style::new().fg(theme.error).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(theme.text)
    }
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    // A second row covers the panels' bottom row: blank it first.
    fill(buf, area, Style::new());
    let p = plan(app, area.width);
    let right_edge = area.x + area.width;
    // With a prompt open, a message goes on the row above it.
    let above = app.dialogs.prompt.is_some() && area.height >= 2;
    let y = if above {
        area.y + area.height - 1
    } else {
        area.y
    };
    if let (true, Some(m)) = (above, &app.dialogs.message) {
        let style = message_style(m.error, theme);
        let w = area.width.saturating_sub(2);
        let rows = above_prompt(app, area.width);
        let room = (area.height - 1) as usize;
        // Fewer rows than laid out (a short screen): the last one says so.
        let shown = if rows.len() > room {
            let mut cut = rows[..room].to_vec();
            if let Some(last) = cut.last_mut() {
                *last = ellipsize(last, w as usize);
            }
            cut
        } else {
            rows
        };
        for (i, row) in shown.iter().enumerate() {
            put(buf, area.x + 1, area.y + i as u16, row, style, w);
        }
    }
    let badge = theme.badge();
    let x = put(buf, area.x, y, &p.mode, badge, area.width) + 1;

    // Right side: the clocks at the edge, the hints before them.
    let mut right_x = right_edge.saturating_sub(1);
    if let Some(c) = &p.clocks {
        right_x = right_x.saturating_sub(c.chars().count() as u16);
        put(buf, right_x, y, c, Style::new().fg(theme.text), area.width);
        right_x = right_x.saturating_sub(GAP as u16);
    }
    // A prompt whose text would scroll beside the hints gets their room:
    // Enter and Esc need no saying while a long line is typed.
    let prompt_fits = |hx: u16| {
        app.dialogs.prompt.as_ref().is_none_or(|prompt| {
            let (_, widths) = prompt_cells(&prompt.text);
            // The label, the text, the caret after it and the blanks around.
            let needs = prompt_label(prompt).chars().count() + widths.iter().sum::<usize>() + 3;
            x as usize + needs <= hx as usize
        })
    };
    if p.show_hints {
        let w = p.hints.chars().count() as u16;
        let hx = right_x.saturating_sub(w);
        if hx > x && prompt_fits(hx) {
            put(buf, hx, y, p.hints, theme.dim_style(), w);
            right_x = hx.saturating_sub(1);
        }
    }

    if let Some(prompt) = &app.dialogs.prompt {
        render_prompt(prompt, theme, x, y, right_x.saturating_sub(x), buf);
    } else if let Some(m) = &app.dialogs.message {
        let style = message_style(m.error, theme);
        for (k, row) in p.rows.iter().take(area.height as usize).enumerate() {
            let rx = if k == 0 { x } else { area.x + 1 };
            put(
                buf,
                rx,
                y + k as u16,
                row,
                style,
                right_edge.saturating_sub(rx + 1),
            );
        }
    }
}

/// The open prompt: its label, the text scrolled so the caret is in
/// view, and the caret.
fn render_prompt(
    p: &crate::tui::app::Prompt,
    theme: &Theme,
    x: u16,
    y: u16,
    left_w: u16,
    buf: &mut Buffer,
) {
    let label = prompt_label(p);
    let x2 = put(buf, x, y, label, Style::new().fg(theme.accent), left_w);
    let room = left_w.saturating_sub(x2 - x + 1) as usize;
    let (chars, widths) = prompt_cells(&p.text);
    let caret = p.caret.min(chars.len());
    let caret_w = widths.get(caret).copied().unwrap_or(1).max(1);
    // Keep the caret on screen: the window ends at the caret when it is
    // far along, else starts at the beginning.
    let mut start = 0;
    let mut before: usize = widths[..caret].iter().sum();
    while start < caret && before + caret_w > room {
        before -= widths[start];
        start += 1;
    }
    let mut shown = String::new();
    let mut used = 0;
    for (c, w) in chars[start..].iter().zip(&widths[start..]) {
        if used + w > room {
            break;
        }
        shown.push(*c);
        used += w;
    }
    put(buf, x2, y, &shown, Style::new().fg(theme.text), room as u16);
    let cx = x2 + before as u16;
    let under = chars.get(caret).map_or(' ', |&c| c);
    put(
        buf,
        cx,
        y,
        &under.to_string(),
        Style::new().fg(theme.text).add_modifier(Modifier::REVERSED),
        caret_w as u16,
    );
}

/// What an open prompt is for, drawn before its text.
fn prompt_label(p: &crate::tui::app::Prompt) -> &'static str {
    match p.kind {
        PromptKind::Move => "move> ",
        PromptKind::Command => ":",
        PromptKind::Comment { before: true, .. } => "comment before> ",
        PromptKind::Comment { .. } => "comment> ",
        PromptKind::Clock(_) => "clock (min+sec)> ",
    }
}

/// A prompt's text as drawn, each character with the cells it takes: a
/// comment's line breaks and tabs show as the blanks they read as, and a
/// wide character (CJK, emoji) takes two cells.
pub(super) fn prompt_cells(text: &str) -> (Vec<char>, Vec<usize>) {
    let chars: Vec<char> = (text.chars())
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let widths = (chars.iter())
        .map(|c| ratatui::text::Span::raw(c.to_string()).width())
        .collect();
    (chars, widths)
}

/// The key hints for what is open now.
fn hints(app: &App, width: u16) -> &'static str {
    use crate::tui::teach::{HeatMode, PanelView};
    if app.dialogs.prompt.is_some() {
        return "Enter ok · Esc cancel";
    }
    if app.dialogs.overlay != crate::tui::app::Overlay::None {
        return "Esc close";
    }
    // In the editor letters place pieces (q is a queen, not quit).
    if app.editor.is_some() {
        return "Enter use it · Esc cancel · ? help";
    }
    let wide = width >= 100;
    let t = &app.ui.teach;
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

/// "4:59", or "12.3" under twenty seconds.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s < 20 {
        format!("{}.{}", s, d.subsec_millis() / 100)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
