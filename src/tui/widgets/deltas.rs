//! The "Deltas" panel view: what a move changes, term by term, largest
//! first (tempo, which only changes hands, left to the remainder), with the
//! whole hand-crafted and network evaluations, in centipawns from White's
//! point of view like everything else on the screen. The moves: the last one (that led to the shown
//! position) and the first move of each engine line about the shown
//! position. Tab picks which one is opened; the others get one line.

use super::{put, put_fit};
use crate::chess::{move_number_text, to_san, Board, Move};
use crate::eval::teach::MoveDelta;
use crate::tui::app::App;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// "12. Nf3" or "12... Nf6": `m` played on `before`.
pub fn numbered(before: &Board, m: Move) -> String {
    let number = move_number_text(before.fullmove_number(), before.side_to_move());
    format!("{number} {}", to_san(before, m))
}

/// "+12" or "—".
fn signed(v: Option<i32>) -> String {
    v.map_or("—".to_string(), |v| format!("{v:+}"))
}

/// One move the view can open: its label and its deltas.
struct Subject {
    label: String,
    delta: Option<MoveDelta>,
}

fn subjects(app: &App) -> Vec<Subject> {
    let last = match (app.view.last_move, &app.view.before) {
        (Some(m), Some(before)) => Subject {
            label: format!("last {}", numbered(before, m)),
            delta: app.view.last_delta,
        },
        _ => Subject {
            label: "no last move (start of the game)".to_string(),
            delta: None,
        },
    };
    let mut v = vec![last];
    for line in app.lines_here() {
        v.push(Subject {
            label: match line.first {
                Some(m) => format!("line {} {}", line.multipv, numbered(&app.view.board, m)),
                None => format!("line {} (no move)", line.multipv),
            },
            delta: line.delta,
        });
    }
    v
}

/// The opened subject's rows: each term that changed, largest first, and
/// what no term explains (tempo, rounding, the drawish scale).
fn term_rows(d: &MoveDelta) -> Vec<(String, i32)> {
    let mut rows: Vec<(String, i32)> = d
        .largest_first()
        .into_iter()
        .map(|(t, v)| (t.name().to_string(), v))
        .collect();
    if rows.is_empty() {
        rows.push(("no term changed".to_string(), 0));
    }
    if d.remainder() != 0 {
        rows.push(("(tempo, rounding, scale)".to_string(), d.remainder()));
    }
    rows
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let bottom = inner.y + inner.height;
    let mut y = inner.y;
    let list = subjects(app);
    let open = app.ui.teach.delta_item.min(list.len() - 1);
    // Rows the closed subjects need after the opened one.
    let closed_after = (list.len() - 1 - open) as u16;
    for (k, s) in list.iter().enumerate() {
        if y >= bottom {
            break;
        }
        // One sign for the whole screen: White's view, as the header and
        // the engine lines.
        let delta = s.delta.map(|d| d.white_view());
        let totals =
            delta.map(|d| format!("HCE {} · NNUE {}", signed(Some(d.hce)), signed(d.nnue)));
        if k != open {
            let summary = delta.map(|d| d.summary(2)).unwrap_or_default();
            let line = format!("  {} · {}", s.label, summary);
            put_fit(buf, inner.x, y, &line, theme.dim_style(), inner.width);
            y += 1;
            continue;
        }
        let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
        let title = match &totals {
            Some(t) => format!("▶ {}  {t}", s.label),
            None => format!("▶ {}", s.label),
        };
        put_fit(buf, inner.x, y, &title, head, inner.width);
        y += 1;
        let Some(d) = delta else {
            continue;
        };
        let rows = term_rows(&d);
        let room = bottom.saturating_sub(y + closed_after) as usize;
        let shown = if rows.len() > room {
            room.saturating_sub(1)
        } else {
            rows.len()
        };
        // One column for the numbers, past the longest name shown.
        let name_w = rows
            .iter()
            .take(shown)
            .map(|(name, _)| name.chars().count())
            .max()
            .unwrap_or(0)
            .max(18);
        for (name, v) in rows.iter().take(shown) {
            let style = match v.signum() {
                -1 => Style::new().fg(theme.error),
                1 => Style::new().fg(theme.good),
                _ => Style::new().fg(theme.text),
            };
            let line = format!("    {name:<name_w$}{v:>+6}");
            put_fit(buf, inner.x, y, &line, style, inner.width);
            y += 1;
        }
        if shown < rows.len() && y < bottom {
            let more = format!("    … {} more", rows.len() - shown);
            put(buf, inner.x, y, &more, theme.dim_style(), inner.width);
            y += 1;
        }
    }
    if list.len() == 1 && y + 1 < bottom {
        let hint = if app.play.analysis {
            "engine lines of this position add their first moves here"
        } else {
            "analysis (a) adds the engine lines' first moves here"
        };
        let rows = usize::from(bottom - (y + 1));
        let widths = vec![usize::from(inner.width); rows];
        for (k, row) in super::status::fit_rows(hint, &widths).iter().enumerate() {
            put(
                buf,
                inner.x,
                y + 1 + k as u16,
                row,
                theme.dim_style(),
                inner.width,
            );
        }
    }
}
