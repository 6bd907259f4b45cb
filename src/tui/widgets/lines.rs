//! The engine lines: one per MultiPV slot with score (White's view), depth,
//! and the principal variation in SAN, wrapped over the rows it is given.
//! The title carries the search summary: state, depth, nodes, speed, time.

use super::{human_count, put, score_text, titled};
use crate::engine::Bound;
use crate::tui::app::{App, EngineSession, Mode, Purpose};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The main engine's pane.
pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    // Beside a second engine, the first is named too.
    let unnamed = if app.second.is_some() {
        "tapir"
    } else {
        "Engine"
    };
    let who = app.engine.external.as_deref().unwrap_or(unnamed);
    let fields = title_fields(app, &app.engine, who.to_string());
    render_session(&app.engine, fields, &idle_hint(app), theme, area, buf);
}

/// The second analysing engine's pane, below the first.
pub fn render_second(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(s) = &app.second else {
        return;
    };
    let who = s.external.as_deref().unwrap_or("second engine");
    let hint = match &s.external {
        None => "starting…",
        Some(_) if !app.play.analysis => "analysis off - press a to analyse",
        Some(_) if app.view.status.is_over() => "game over - nothing to analyse",
        Some(_) => "waiting for the engine…",
    };
    let fields = title_fields(app, s, who.to_string());
    render_session(s, fields, hint, theme, area, buf);
}

/// One player's pane in an engine game: its colour, name and clock (a
/// marker on the side to move), then its search.
pub fn render_player(
    app: &App,
    side: crate::chess::Color,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let Some(d) = &app.duel else {
        return;
    };
    let p = &d.players[side.index()];
    let colour = match side {
        crate::chess::Color::White => "White",
        crate::chess::Color::Black => "Black",
    };
    let to_move = d.result.is_none() && app.doc.game.board(d.end).side_to_move() == side;
    let mark = if to_move { "▶ " } else { "" };
    let clock = super::status::clock(d.clocks.remaining(side, app.now));
    let who = format!("{mark}{colour} {} {clock}", p.name);
    let hint = match &d.result {
        Some(r) => r.clone(),
        None if !p.ready => "starting…".to_string(),
        None if d.paused => "paused - k resumes".to_string(),
        None if to_move => "thinking…".to_string(),
        None => "waiting for its turn".to_string(),
    };
    let fields = title_fields(app, &p.session, who);
    render_session(&p.session, fields, &hint, theme, area, buf);
}

/// A pane of one engine session's lines under a title of `fields`.
fn render_session(
    session: &EngineSession,
    fields: Vec<String>,
    hint: &str,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let inner = titled(buf, area, &fit_title(&fields, area.width), theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    if session.lines.is_empty() {
        put(
            buf,
            inner.x + 1,
            inner.y,
            hint,
            theme.dim_style(),
            inner.width - 1,
        );
        return;
    }
    let n = session.lines.len().min(inner.height as usize).max(1);
    let rows_each = (inner.height as usize / n).max(1);
    let mut y = inner.y;
    for line in session.lines.iter().take(n) {
        let bound = match line.bound {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        };
        let score = format!("{bound}{}", score_text(line.score));
        let score_style = Style::new()
            .fg(if score.contains('-') {
                theme.error
            } else {
                theme.good
            })
            .add_modifier(Modifier::BOLD);
        let mut x = inner.x;
        x = put(
            buf,
            x,
            y,
            &format!("{} ", line.multipv),
            theme.dim_style(),
            3,
        );
        x = put(buf, x, y, &format!("{score:>6} "), score_style, 8);
        x = put(
            buf,
            x,
            y,
            &format!("d{:<2} ", line.depth),
            theme.dim_style(),
            5,
        );
        // Wrap the PV at spaces over the rows this line owns.
        let left = x;
        let width = (inner.x + inner.width).saturating_sub(left) as usize;
        let mut row = 0;
        let mut col = 0usize;
        for word in pv_words(&line.pv) {
            let word = word.as_str();
            let w = word.chars().count();
            if col > 0 && col + 1 + w > width {
                row += 1;
                col = 0;
                if row >= rows_each || y + row as u16 >= inner.y + inner.height {
                    break;
                }
            }
            if col > 0 {
                col += 1;
            }
            // "38. Kd3": the number dim, the move plain, never apart.
            let (number, mv) = match word.split_once(". ") {
                Some((n, m)) => (format!("{n}. "), m),
                None => (String::new(), word),
            };
            let x0 = left + col as u16;
            let room = width.saturating_sub(col) as u16;
            let x1 = put(buf, x0, y + row as u16, &number, theme.dim_style(), room);
            put(
                buf,
                x1,
                y + row as u16,
                mv,
                Style::new().fg(theme.text),
                room.saturating_sub(x1 - x0),
            );
            col += w;
        }
        y += rows_each as u16;
        if y >= inner.y + inner.height {
            break;
        }
    }
}

/// A PV's words for wrapping, each move number kept with its move
/// ("38. Kd3" and "38... Kd3" are one word).
pub fn pv_words(pv: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut pending: Option<&str> = None;
    for w in pv.split(' ').filter(|w| !w.is_empty()) {
        match pending.take() {
            Some(n) => out.push(format!("{n} {w}")),
            None if w.ends_with('.') => pending = Some(w),
            None => out.push(w.to_string()),
        }
    }
    if let Some(n) = pending {
        out.push(n.to_string());
    }
    out
}

/// The title's fields, most important first; `fit_title` drops them from
/// the end (hash, then time, speed, nodes) when the row is short.
fn title_fields(app: &App, session: &EngineSession, who: String) -> Vec<String> {
    let Some(s) = &session.search else {
        return vec![who];
    };
    let what = match (s.key.purpose, s.finished) {
        (Purpose::Analysis, false) => "analysing",
        (Purpose::Analysis, true) => "done",
        (Purpose::EngineMove, false) => "thinking",
        (Purpose::EngineMove, true) => "moved",
    };
    let mut fields = vec![format!("{who} · {what}")];
    let first = session.lines.first();
    if let Some(l) = first {
        let nps = if l.nps > 0 {
            l.nps
        } else if l.time.as_millis() > 0 {
            (l.nodes as u128 * 1000 / l.time.as_millis()) as u64
        } else {
            0
        };
        fields.push(format!("d{}/{}", l.depth, l.seldepth));
        fields.push(format!("{} nodes", human_count(l.nodes)));
        fields.push(format!("{} n/s", human_count(nps)));
    }
    let shown = if s.finished {
        first.map(|l| l.time).unwrap_or_default()
    } else {
        app.now.saturating_duration_since(s.started)
    };
    fields.push(format!("{:.1}s", shown.as_secs_f64()));
    if let Some(l) = first.filter(|l| l.hashfull > 0) {
        fields.push(format!("hash {}%", l.hashfull / 10));
    }
    fields
}

/// The title for a panel `width` cells wide: as many whole fields as fit
/// (the first always), joined by " · ", never one cut part way.
fn fit_title(fields: &[String], width: u16) -> String {
    // The block pads the title with a space each side.
    let room = (width as usize).saturating_sub(2);
    let mut t = String::new();
    for (i, f) in fields.iter().enumerate() {
        let sep = if i == 0 { "" } else { " · " };
        if i > 0 && t.chars().count() + sep.chars().count() + f.chars().count() > room {
            break;
        }
        t.push_str(sep);
        t.push_str(f);
    }
    t
}

fn idle_hint(app: &App) -> String {
    if app.view.status.is_over() {
        return "game over - nothing to analyse".to_string();
    }
    match app.play.mode {
        Mode::Play { human, level } if app.engine.search.is_none() => format!(
            "level {level} · your move ({})",
            if human == crate::chess::Color::White {
                "White"
            } else {
                "Black"
            }
        ),
        _ if app.searching() => "thinking…".to_string(),
        _ if !app.play.analysis => "analysis off - press a to analyse".to_string(),
        _ => "waiting for the engine…".to_string(),
    }
}
