//! The Deltas view's side-by-side of one report explanation (`J`): where
//! the played line and the better line end, drawn small side by side, the
//! two lines, the search's scores around the move and the term
//! differences the sentence quotes with their total, so every number of
//! the sentence is on screen; the sentence itself below when there is room.
//! Without an explanation, the shown move's comment whole, which the move
//! list may cut at 80x24.

use super::{put, wrap};
use crate::chess::{Board, Color, Square};
use crate::tui::app::App;
use crate::tui::report::ReportPair;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Cells of one small board (one per square) and the gap after it.
const BOARD_W: u16 = 8;
const GAP: u16 = 2;
/// The narrowest right-hand block beside the boards; narrower panels put
/// the lines and terms under the boards.
const SIDE_MIN_W: u16 = 24;

/// A small board at (x, y): a letter per piece (White upper case), the
/// squares in the board's colours.
fn small_board(b: &Board, flipped: bool, theme: &Theme, x: u16, y: u16, buf: &mut Buffer) {
    for row in 0..8u8 {
        for col in 0..8u8 {
            let (file, rank) = if flipped {
                (7 - col, row)
            } else {
                (col, 7 - row)
            };
            let sq = Square::from_coords(file, rank);
            let light = (file + rank) % 2 == 1;
            let mut style = Style::new().bg(if light { theme.light } else { theme.dark });
            let ch = match b.piece_at(sq) {
                Some(p) => {
                    style = style
                        .fg(if p.color() == Color::White {
                            theme.white_piece
                        } else {
                            theme.black_piece
                        })
                        .add_modifier(Modifier::BOLD);
                    p.fen_char()
                }
                None => ' ',
            };
            let s = ch.to_string();
            put(buf, x + col as u16, y + row as u16, &s, style, 1);
        }
    }
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let dim = theme.dim_style();
    let Some(p) = &app.report.pair else {
        let why = if app.report.run.is_none() {
            "No game report yet: r runs it. Each move it explains opens here, its two lines side by side."
        } else {
            "The shown move has no explanation. Go to a move the report marked ?!, ? or ?? (the graph or the move list)."
        };
        // A file's own comment on the move (a saved report's explanation,
        // an annotator's note), whole: the move list has few rows for it.
        // Before any report, it has the panel to itself (a saved report's
        // explanation runs to ten rows at 80x24).
        let comment = shown_comment(app);
        let rows = if comment.is_some() && app.report.run.is_none() {
            Vec::new()
        } else {
            wrap(why, inner.width as usize)
        };
        for (k, row) in rows.iter().enumerate() {
            put(buf, inner.x, inner.y + k as u16, row, dim, inner.width);
        }
        let below = match rows.len() {
            0 => inner.y,
            n => inner.y + n as u16 + 1,
        };
        let room = (inner.y + inner.height).saturating_sub(below + 2);
        if let Some(comment) = comment.filter(|_| room > 0) {
            let head = format!("The comment after {}:", app.doc.game.label(app.doc.cursor));
            put(buf, inner.x, below, &head, dim, inner.width);
            let widths = vec![inner.width as usize; room as usize];
            let text = Style::new().fg(theme.text);
            for (k, row) in super::status::fit_rows(&comment, &widths)
                .iter()
                .enumerate()
            {
                put(buf, inner.x, below + 1 + k as u16, row, text, inner.width);
            }
        }
        put(
            buf,
            inner.x,
            inner.y + inner.height - 1,
            "J: back to the move deltas",
            dim,
            inner.width,
        );
        return;
    };
    draw_pair(p, app.ui.flipped, theme, inner, buf);
}

/// The shown move's comment after it, without its PGN commands; `None`
/// when it has none.
fn shown_comment(app: &App) -> Option<String> {
    let node = app.doc.game.tree().node(app.doc.cursor);
    let text = crate::game::annotations::text_without_commands(&node.comment);
    let text = text.trim();
    (!text.is_empty() && node.parent().is_some()).then(|| text.to_string())
}

fn draw_pair(p: &ReportPair, flipped: bool, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    let dim = theme.dim_style();
    let text = Style::new().fg(theme.text);
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    let bottom = inner.y + inner.height;
    let x = put(buf, inner.x, inner.y, &p.head, head, inner.width);
    put(
        buf,
        x,
        inner.y,
        &format!(" · search {} \u{2192} {}", p.before, p.after),
        text,
        (inner.x + inner.width).saturating_sub(x),
    );
    let boards_w = 2 * BOARD_W + GAP;
    let y0 = inner.y + 1;
    put(buf, inner.x, y0, "played", dim, BOARD_W);
    put(buf, inner.x + BOARD_W + GAP, y0, "better", dim, BOARD_W);
    small_board(&p.played_end, flipped, theme, inner.x, y0 + 1, buf);
    small_board(
        &p.better_end,
        flipped,
        theme,
        inner.x + BOARD_W + GAP,
        y0 + 1,
        buf,
    );
    // The lines and the numbers: beside the boards, or under them.
    let beside = inner.width > boards_w + SIDE_MIN_W;
    let (bx, mut y, bw) = if beside {
        (inner.x + boards_w + 1, y0, inner.width - boards_w - 1)
    } else {
        (inner.x, y0 + 9, inner.width)
    };
    let mut line = |y: &mut u16, s: &str, style: Style| {
        if *y < bottom {
            put(buf, bx, *y, s, style, bw);
            *y += 1;
        }
    };
    for (name, l) in [("played", &p.played), ("better", &p.better)] {
        for (k, row) in wrap(&format!("{name} {l}"), bw as usize)
            .iter()
            .take(2)
            .enumerate()
        {
            let style = if k == 0 { text } else { dim };
            line(&mut y, row, style);
        }
    }
    let side = p.mover.name();
    match &p.total {
        Ok(total) => {
            line(&mut y, &format!("terms, {side}'s view, pawns:"), dim);
            let name_w = (bw as usize).saturating_sub(8).min(16);
            for (name, v) in &p.terms {
                let style = if v.starts_with('+') {
                    Style::new().fg(theme.good)
                } else {
                    Style::new().fg(theme.error)
                };
                line(&mut y, &format!("{name:<name_w$}{v:>7}"), style);
            }
            line(
                &mut y,
                &format!("{:<name_w$}{:>7}", "in all", total),
                text.add_modifier(Modifier::BOLD),
            );
        }
        // A mate (or stalemate) decides: the terms where the lines stop
        // would only blur it, and the sentence gives none.
        Err(why) => line(&mut y, &format!("no terms: {why}"), dim),
    }
    // The sentence under everything, when rows are left.
    let first = y.max(y0 + 9) + 1;
    for (y, row) in (first..bottom).zip(wrap(&p.text, inner.width as usize)) {
        put(buf, inner.x, y, &row, dim, inner.width);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_the_width() {
        assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("", 6), Vec::<String>::new());
        assert_eq!(wrap("toolongword x", 4), ["toolongword", "x"]);
    }
}
