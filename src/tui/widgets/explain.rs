//! The "Explain" panel view: the selected term in plain sentences, its
//! values in this position, and the contributions behind it, each with the
//! square(s) it came from and the weight it used, largest first (White's
//! view, tapered at the shown phase). The same squares are lit on the board.

use super::board::text_glyph;
use super::{put, put_fit, wrap};
use crate::chess::{Bitboard, Board};
use crate::eval::hce::attribution::Contribution;
use crate::eval::teach::{about, squares_hint};
use crate::eval::S;
use crate::tui::app::App;
use crate::tui::config::PieceStyle;
use crate::tui::heat::shown_phase;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// One row of the contributions: a contribution, or several the same
/// (one weight from one square, as the king's shield on each of three
/// empty files) counted together.
pub struct Row<'a> {
    pub c: &'a Contribution,
    /// How many identical contributions the row stands for.
    pub times: i32,
    /// Their value together (White's view).
    pub value: S,
    /// Its tapered value, rounded so that the rows add up.
    pub share: i32,
}

/// The selected term's contributions, identical ones as one row, largest
/// tapered value first; the values rounded so that they add up to the
/// term's value in the Terms view's Taper column (`term_share`).
pub fn ranked(app: &App, phase: i32) -> Vec<Row<'_>> {
    let term = app.ui.teach.term_or_first();
    let mut rows: Vec<Row> = Vec::new();
    for c in app.view.attribution.iter().filter(|c| c.term == term) {
        let same = |r: &&mut Row| {
            r.c.color == c.color
                && r.c.weight == c.weight
                && r.c.squares == c.squares
                && r.c.value == c.value
        };
        match rows.iter_mut().find(same) {
            Some(r) => {
                r.times += 1;
                r.value += c.white_value();
            }
            None => rows.push(Row {
                c,
                times: 1,
                value: c.white_value(),
                share: 0,
            }),
        }
    }
    let values: Vec<S> = rows.iter().map(|r| r.value).collect();
    let target = super::terms::term_share(app, term as usize, phase);
    for (r, share) in rows
        .iter_mut()
        .zip(super::terms::tapered_shares_to(&values, phase, target))
    {
        r.share = share;
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.share.abs()));
    rows
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
        super::terms::term_share(app, i, p)
    );
    put_fit(buf, inner.x, y, &head, theme.title(), inner.width);
    y += 1;
    let text = Style::new().fg(theme.text);
    let width = inner.width as usize;
    let words = wrap(about(term), width);
    // "lit on the board" wrapped, over at most two rows (a word never cut).
    let hint = wrap(&format!("lit on the board: {}", squares_hint(term)), width);
    // Rows kept for the table: its header and three contributions. The
    // description gives way first, then the hint's second row.
    const TABLE: usize = 4;
    let free = bottom.saturating_sub(y) as usize;
    let hint_take = if words.len() + hint.len().min(2) + TABLE <= free {
        hint.len().min(2)
    } else {
        1
    };
    let desc_take = free
        .saturating_sub(hint_take + TABLE)
        .clamp(1, words.len().max(1));
    let cut = |rows: &[String], take: usize| -> Vec<String> {
        let mut out: Vec<String> = rows.iter().take(take).cloned().collect();
        if rows.len() > take {
            if let Some(last) = out.last_mut() {
                last.push_str(" …");
            }
        }
        out
    };
    for (lines, style) in [
        (cut(&words, desc_take), text),
        (cut(&hint, hint_take), theme.dim_style()),
    ] {
        for line in lines {
            if y >= bottom {
                return;
            }
            put_fit(buf, inner.x, y, &line, style, inner.width);
            y += 1;
        }
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
    let (skip, shown, below) = window(
        list.len(),
        app.ui.teach.explain_scroll,
        bottom.saturating_sub(y) as usize,
    );
    for r in list.iter().skip(skip).take(shown) {
        put_fit(buf, inner.x, y, &contribution(app, r), text, inner.width);
        y += 1;
    }
    if (skip > 0 || below > 0) && y < bottom {
        let more = match (skip, below) {
            (0, n) => format!("… {n} more · Shift-↓ scrolls"),
            (n, 0) => format!("… {n} above · Shift-↑ scrolls back"),
            (a, b) => format!("… {a} above, {b} more · Shift-↑↓ scroll"),
        };
        put(buf, inner.x, y, &more, theme.dim_style(), inner.width);
    }
}

/// Which of `n` rows show in `room` rows, `scroll` of them scrolled away
/// (at most all but the last): (skipped, shown, left below). A row is kept
/// for the count of those out of sight when any are.
fn window(n: usize, scroll: usize, room: usize) -> (usize, usize, usize) {
    let skip = scroll.min(n.saturating_sub(1));
    let rest = n - skip;
    if skip == 0 && rest <= room {
        return (0, rest, 0);
    }
    let shown = rest.min(room.saturating_sub(1));
    (skip, shown, rest - shown)
}

/// "12/-5": a packed value's midgame and endgame halves.
fn mg_eg(v: S) -> String {
    format!("{}/{}", v.mg(), v.eg())
}

/// One row: where it comes from, the weight (×N for N the same), its
/// midgame and endgame values and their tapered share (White's view).
fn contribution(app: &App, r: &Row) -> String {
    let v = r.value;
    let name = match r.times {
        1 => r.c.weight_name().to_string(),
        n => format!("{} ×{n}", r.c.weight_name()),
    };
    format!(
        "{} {:<24} {:>5} {:>5} {:>5}",
        super::pad(&place(&app.view.board, r.c.squares, app.pieces()), 7),
        name,
        v.mg(),
        v.eg(),
        r.share
    )
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn the_window_keeps_a_row_for_what_is_out_of_sight() {
        // All fit: no count row.
        assert_eq!(window(3, 0, 3), (0, 3, 0));
        // One too many: a row for "… 2 more".
        assert_eq!(window(4, 0, 3), (0, 2, 2));
        // Scrolled: the rest from there, a row for the count.
        assert_eq!(window(10, 4, 4), (4, 3, 3));
        assert_eq!(window(10, 8, 4), (8, 2, 0));
        // Never past the last row; no room, nothing shown.
        assert_eq!(window(10, 99, 4), (9, 1, 0));
        assert_eq!(window(10, 0, 0), (0, 0, 10));
    }
}
