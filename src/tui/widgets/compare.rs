//! The "HCE vs NNUE" panel view: both evaluations of the shown position
//! side by side (White's view): the totals, the phase each uses, and what
//! each piece is worth to each (eval minus eval without it), the pieces
//! they value most differently first. Says so plainly when no net is loaded.

use super::board::text_glyph;
use super::{pawns, put, put_fit};
use crate::chess::Square;
use crate::tui::app::App;
use crate::tui::params::DISAGREE_CP;
use crate::tui::theme::Theme;
use crate::tui::widgets::movelist::MARK;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// (square, HCE value, NNUE value) for every piece, most different first
/// (largest HCE value first without a net).
pub fn piece_rows(app: &App) -> Vec<(Square, i32, Option<i32>)> {
    let nnue = app.view.nnue.as_ref().map(|e| e.piece_values);
    let mut v: Vec<(Square, i32, Option<i32>)> = Square::all()
        .filter_map(|sq| {
            let h = app.view.hce_pieces[sq.index()]?;
            Some((sq, h, nnue.and_then(|n| n[sq.index()])))
        })
        .collect();
    v.sort_by_key(|&(sq, h, n)| {
        let key = match n {
            Some(n) => (n - h).abs(),
            None => h.abs(),
        };
        (std::cmp::Reverse(key), sq.index())
    });
    v
}

/// The evaluations side by side: both totals and their difference, the
/// phase each uses, the side to move's view, NNUE's raw output and scale
/// (or how to load a net).
fn summary_lines(app: &App, theme: &Theme) -> Vec<(String, Style)> {
    let text = Style::new().fg(theme.text);
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    let t = &app.view.trace;
    let e = app.view.nnue.as_ref();
    let mut lines: Vec<(String, Style)> =
        vec![(format!("{:<10} {:>8} {:>8}", "", "HCE", "NNUE"), head)];
    let nnue_eval = e.map_or("—".to_string(), |e| pawns(e.final_white()));
    let differ = e.map_or(String::new(), |e| {
        format!("  NNUE-HCE {}", pawns(e.final_white() - t.tapered))
    });
    lines.push((
        format!(
            "{:<10} {:>8} {:>8}{differ}",
            "eval",
            pawns(t.tapered),
            nnue_eval
        ),
        Style::new().fg(theme.text).add_modifier(Modifier::BOLD),
    ));
    lines.push((
        format!(
            "{:<10} {:>8} {:>8}",
            "phase",
            format!("{}/24", t.phase),
            e.map_or("—".to_string(), |e| format!("{}/24", e.game_phase))
        ) + &e.map_or(String::new(), |e| format!("  scale {:.3}", e.scale)),
        text,
    ));
    lines.push((
        format!(
            "{:<10} {:>8} {:>8}",
            "to move",
            pawns(t.score),
            e.map_or("—".to_string(), |e| pawns(e.final_cp))
        ),
        text,
    ));
    if let Some(e) = e {
        lines.push((
            // The row above's NNUE value, as it came: the side to move's
            // (the Terms view's raw is White's).
            format!(
                "NNUE to move {} = raw {} × scale {:.3}",
                pawns(e.final_cp),
                pawns(e.raw_cp),
                e.scale
            ),
            theme.dim_style(),
        ));
    }
    if e.is_none() {
        lines.push((
            "no net loaded: tapir tui --net FILE, or :net FILE".to_string(),
            Style::new().fg(theme.error),
        ));
    }
    lines
}

/// One piece's row: the piece and its square, its value to each
/// evaluation (the score lost without it) and their difference.
fn piece_line(app: &App, sq: Square, h: i32, n: Option<i32>) -> String {
    let piece = app
        .view
        .board
        .piece_at(sq)
        .map(|p| text_glyph(p, app.pieces()))
        .unwrap_or(" ");
    let exposing = if app.view.exposing.contains(sq) {
        "*"
    } else {
        ""
    };
    format!(
        "{} {:>8} {:>8} {:>7}",
        super::pad(&format!("{piece}{sq}{exposing}"), 10),
        format!("{h:+}"),
        n.map_or("—".to_string(), |n| format!("{n:+}")),
        n.map_or(String::new(), |n| format!("{:+}", n - h))
    )
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let bottom = inner.y + inner.height;
    let mut y = inner.y;
    let text = Style::new().fg(theme.text);
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    let lines = summary_lines(app, theme);
    let e = app.view.nnue.as_ref();
    for (l, style) in &lines {
        if y >= bottom {
            return;
        }
        put_fit(buf, inner.x, y, l, *style, inner.width);
        y += 1;
    }
    // A piece whose removal leaves the side not to move in check is
    // valued on a position no game reaches: said before the rows' key.
    let footer = if !app.view.exposing.is_empty() {
        Some("* without it the side not to move is in check".to_string())
    } else {
        e.is_some()
            .then(|| format!("{MARK} in the move list: they differ by more than {DISAGREE_CP} cp"))
    };
    if y < bottom {
        let h = format!(
            "{:<10} {:>8} {:>8} {:>7}",
            "piece, cp", "HCE", "NNUE", "diff"
        );
        put_fit(buf, inner.x, y, &h, head, inner.width);
        y += 1;
    }
    let rows = piece_rows(app);
    let room = bottom.saturating_sub(y + u16::from(footer.is_some())) as usize;
    for &(sq, h, n) in rows.iter().take(room) {
        put(
            buf,
            inner.x,
            y,
            &piece_line(app, sq, h, n),
            text,
            inner.width,
        );
        y += 1;
    }
    if let Some(f) = footer {
        if y < bottom {
            put(buf, inner.x, y, &f, theme.dim_style(), inner.width);
        }
    }
}
