//! The engine lines: one per MultiPV slot with score (White's view), depth,
//! and the principal variation in SAN, wrapped over the rows it is given.
//! The title carries the search summary: state, depth, nodes, speed, time.

use super::{human_count, put, score_text, titled};
use crate::engine::Bound;
use crate::tui::app::{App, Mode, Purpose};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let inner = titled(buf, area, &title(app, area.width), theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    // The engine's thinking in a game (its expected line holds the human's
    // reply) shows only once it has moved.
    let thinking = app
        .engine
        .search
        .as_ref()
        .is_some_and(|s| s.key.purpose == Purpose::EngineMove && !s.finished);
    if app.engine.lines.is_empty() || thinking {
        let hint = if thinking {
            "the engine is thinking; its line shows once it has moved".to_string()
        } else {
            idle_hint(app)
        };
        put(
            buf,
            inner.x + 1,
            inner.y,
            &hint,
            theme.dim_style(),
            inner.width - 1,
        );
        return;
    }
    let n = app.engine.lines.len().min(inner.height as usize).max(1);
    let rows_each = (inner.height as usize / n).max(1);
    let mut y = inner.y;
    for line in app.engine.lines.iter().take(n) {
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
fn title_fields(app: &App) -> Vec<String> {
    let who = app.engine.external.as_deref().unwrap_or("Engine");
    let Some(s) = &app.engine.search else {
        return vec![who.to_string()];
    };
    let what = match (s.key.purpose, s.finished) {
        (Purpose::Analysis, false) => "analysing",
        (Purpose::Analysis, true) => "done",
        (Purpose::EngineMove, false) => "thinking",
        (Purpose::EngineMove, true) => "moved",
    };
    let mut fields = vec![format!("{who} · {what}")];
    let first = app.engine.lines.first();
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
fn title(app: &App, width: u16) -> String {
    // The block pads the title with a space each side.
    let room = (width as usize).saturating_sub(2);
    let mut t = String::new();
    for (i, f) in title_fields(app).into_iter().enumerate() {
        let sep = if i == 0 { "" } else { " · " };
        if i > 0 && t.chars().count() + sep.chars().count() + f.chars().count() > room {
            break;
        }
        t.push_str(sep);
        t.push_str(&f);
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
