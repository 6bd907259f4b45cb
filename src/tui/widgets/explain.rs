//! The "Explain" panel view: the selected term in plain sentences, its
//! values in this position, and the contributions behind it, each with the
//! square(s) it came from and the weight it used, largest first (White's
//! view, tapered at the shown phase). The same squares are lit on the board.

use super::board::text_glyph;
use super::{put, put_fit, wrap};
use crate::chess::{Bitboard, Board};
use crate::eval::hce::attribution::Contribution;
use crate::eval::phase::taper;
use crate::eval::teach::{about, squares_hint};
use crate::eval::S;
use crate::tui::app::App;
use crate::tui::config::PieceStyle;
use crate::tui::heat::shown_phase;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The selected term's contributions, largest tapered value first.
pub fn ranked(app: &App, phase: i32) -> Vec<&Contribution> {
    let term = app.ui.teach.term_or_first();
    let mut v: Vec<&Contribution> = app
        .view
        .attribution
        .iter()
        .filter(|c| c.term == term)
        .collect();
    v.sort_by_key(|c| std::cmp::Reverse(taper(c.white_value(), phase).abs()));
    v
}

/// "♘f3", "♗c1 f1", "5 squares": where a contribution came from.
pub fn place(b: &Board, squares: Bitboard, pieces: PieceStyle) -> String {
    let n = squares.count();
    if n == 0 {
        return "-".to_string();
    }
    if n > 2 {
        return format!("{n} sq");
    }
    let mut out = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i == 0 {
            if let Some(p) = b.piece_at(sq) {
                out.push_str(text_glyph(p, pieces));
            }
        } else {
            out.push(' ');
        }
        out.push_str(&sq.to_string());
    }
    out
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let term = app.ui.teach.term_or_first();
    let i = term as usize;
    let t = &app.view.trace.terms[i];
    let p = shown_phase(app);
    let bottom = inner.y + inner.height;
    let mut y = inner.y;
    let total = t.total();
    let head = format!(
        "White {} · Black {} · total {} → {} cp at {p}/24",
        mg_eg(t.white),
        mg_eg(t.black),
        mg_eg(total),
        taper(total, p)
    );
    put_fit(buf, inner.x, y, &head, theme.title(), inner.width);
    y += 1;
    let text = Style::new().fg(theme.text);
    let words = wrap(about(term), inner.width as usize);
    // Leave at least three rows for the contributions.
    let room = bottom.saturating_sub(y + 4) as usize;
    for line in words.iter().take(room.max(1)) {
        if y >= bottom {
            return;
        }
        put(buf, inner.x, y, line, text, inner.width);
        y += 1;
    }
    if y < bottom {
        let hint = format!("lit on the board: {}", squares_hint(term));
        put(buf, inner.x, y, &hint, theme.dim_style(), inner.width);
        y += 1;
    }
    let list = ranked(app, p);
    if list.is_empty() {
        if y < bottom {
            put(
                buf,
                inner.x,
                y,
                "nothing in this position",
                theme.dim_style(),
                inner.width,
            );
        }
        return;
    }
    if y < bottom {
        let h = format!(
            "{:<7} {:<24} {:>5} {:>5} {:>5}",
            "from", "weight", "mg", "eg", "cp"
        );
        let style = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
        put_fit(buf, inner.x, y, &h, style, inner.width);
        y += 1;
    }
    let rows = bottom.saturating_sub(y) as usize;
    let shown = if list.len() > rows {
        rows.saturating_sub(1)
    } else {
        list.len()
    };
    for c in list.iter().take(shown) {
        put_fit(buf, inner.x, y, &contribution(app, c, p), text, inner.width);
        y += 1;
    }
    if shown < list.len() && y < bottom {
        let more = format!("… {} more", list.len() - shown);
        put(buf, inner.x, y, &more, theme.dim_style(), inner.width);
    }
}

/// "12/-5": a packed value's midgame and endgame halves.
fn mg_eg(v: S) -> String {
    format!("{}/{}", v.mg(), v.eg())
}

/// One contribution's row: where it comes from, the weight, its midgame
/// and endgame values and their taper at phase `p` (White's view).
fn contribution(app: &App, c: &Contribution, p: i32) -> String {
    let v = c.white_value();
    format!(
        "{} {:<24} {:>5} {:>5} {:>5}",
        super::pad(&place(&app.view.board, c.squares, app.pieces()), 7),
        c.weight_name(),
        v.mg(),
        v.eg(),
        taper(v, p)
    )
}
