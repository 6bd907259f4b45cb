//! The board: coloured squares with pieces, rank and file labels, the last
//! move, check, the selected piece with its legal targets, the keyboard
//! cursor and a mouse drag; flipped on request. The row above it says who
//! is to move (or how the game ended) and the score. A teaching overlay
//! (heatmap or the selected term's squares) recolours the squares.

use super::{fill, put};
use crate::chess::{Color as Side, Piece, Square};
use crate::tui::app::{App, Mode};
use crate::tui::config::PieceStyle;
use crate::tui::layout::Areas;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

/// The filled glyphs, coloured per side, read best on coloured squares.
const SOLID: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

pub fn glyph(p: Piece, style: PieceStyle) -> char {
    match style {
        PieceStyle::Unicode => SOLID[p.kind().index()],
        PieceStyle::Ascii => p.fen_char(),
    }
}

pub fn render(app: &App, theme: &Theme, a: &Areas, buf: &mut Buffer) {
    title(app, theme, a, buf);
    let b = &app.view.board;
    let last = app.view.last_move;
    let check_sq = b.in_check().then(|| b.king(b.side_to_move()));
    let mut targets = [false; 64];
    for m in app.targets() {
        targets[m.to().index()] = true;
    }
    let drag_hover = app.ui.drag.and_then(|(_, h)| h);
    for sq in Square::all() {
        let r = a.square_rect(sq, app.ui.flipped);
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let is_last = last.is_some_and(|m| m.from() == sq || m.to() == sq);
        let heat_bg = app
            .ui
            .heat
            .as_ref()
            .and_then(|h| super::heat::square_bg(h, theme, sq, light));
        let bg = if Some(sq) == check_sq {
            theme.check
        } else if Some(sq) == app.ui.selected {
            theme.selected
        } else if let Some(c) = heat_bg {
            c
        } else if is_last {
            if light {
                theme.light_last
            } else {
                theme.dark_last
            }
        } else if light {
            theme.light
        } else {
            theme.dark
        };
        let piece = b.piece_at(sq);
        let target = targets[sq.index()];
        let bg = if target && piece.is_some() {
            theme.capture
        } else {
            bg
        };
        fill(buf, r, Style::new().bg(bg));
        if let (Some(h), Some(_)) = (&app.ui.heat, heat_bg) {
            super::heat::label(h, theme, sq, r, bg, buf);
        }
        let cx = r.x + r.width / 2;
        let cy = r.y + r.height / 2;
        if let Some(p) = piece {
            let fg = match p.color() {
                Side::White => theme.white_piece,
                Side::Black => theme.black_piece,
            };
            if let Some(c) = buf.cell_mut((cx, cy)) {
                c.set_char(glyph(p, app.config.pieces))
                    .set_fg(fg)
                    .set_bg(bg)
                    .modifier = Modifier::BOLD;
            }
        } else if target {
            if let Some(c) = buf.cell_mut((cx, cy)) {
                c.set_char('•').set_fg(theme.target);
            }
        }
        if app.ui.cursor == Some(sq) || (drag_hover == Some(sq) && app.ui.selected != Some(sq)) {
            let style = Style::new()
                .fg(theme.cursor)
                .bg(bg)
                .add_modifier(Modifier::BOLD);
            put(buf, r.x, cy, "[", style, 1);
            put(buf, r.x + r.width - 1, cy, "]", style, 1);
        }
    }
    // Rank numbers and file letters.
    let coord = Style::new().fg(theme.coord);
    for i in 0..8u8 {
        let rank = if app.ui.flipped { i } else { 7 - i };
        let y = a.squares.y + i as u16 * a.sq_h + a.sq_h / 2;
        put(buf, 0, y, &format!("{} ", rank + 1), coord, 2);
        let file = if app.ui.flipped { 7 - i } else { i };
        let x = a.squares.x + i as u16 * a.sq_w + a.sq_w / 2;
        put(
            buf,
            x,
            a.files_row.y,
            &((b'a' + file) as char).to_string(),
            coord,
            1,
        );
    }
}

/// "White to move · move 12" or the result, with the score on the right.
fn title(app: &App, theme: &Theme, a: &Areas, buf: &mut Buffer) {
    let r = a.board_title;
    let b = &app.view.board;
    let (text, style) = match app.result_text() {
        Some(t) => (t, Style::new().fg(theme.error).add_modifier(Modifier::BOLD)),
        None => {
            let side = match b.side_to_move() {
                Side::White => "White",
                Side::Black => "Black",
            };
            let who = match app.play.mode {
                Mode::Play { human, .. } if human == b.side_to_move() => " (you)",
                Mode::Play { .. } => " (engine)",
                _ => "",
            };
            let check = if b.in_check() { " · check!" } else { "" };
            let long = format!("{side}{who} to move{check} · move {}", b.fullmove_number());
            let text = if long.chars().count() + 6 <= r.width as usize {
                long
            } else {
                format!("{side}{who} to move{check}")
            };
            (text, Style::new().add_modifier(Modifier::BOLD))
        }
    };
    put(buf, r.x + 1, r.y, &text, style, r.width.saturating_sub(6));
    let score = app.headline();
    let sx = (r.x + r.width + 3).saturating_sub(score.chars().count() as u16);
    put(
        buf,
        sx,
        r.y,
        &score,
        Style::new().fg(theme.accent).add_modifier(Modifier::BOLD),
        score.chars().count() as u16,
    );
}

/// A plain-text picture of the board for tests and logs: one row per rank,
/// FEN letters, '.' for empty squares.
pub fn ascii(b: &crate::chess::Board, flipped: bool) -> Vec<String> {
    (0..8u8)
        .map(|i| {
            let rank = if flipped { i } else { 7 - i };
            (0..8u8)
                .map(|j| {
                    let file = if flipped { 7 - j } else { j };
                    b.piece_at(Square::from_coords(file, rank))
                        .map_or('.', |p| p.fen_char())
                })
                .collect()
        })
        .collect()
}
