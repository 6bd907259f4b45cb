//! The board: coloured squares with pieces, rank and file labels, the last
//! move, check, the selected piece with its legal targets, the keyboard
//! cursor and a mouse drag; flipped on request. The row above it says who
//! is to move (or how the game ended) and the score. A teaching overlay
//! (heatmap or the selected term's squares) recolours the squares, and so
//! do the circles the move's comment draws (`[%csl]`).

use super::{fill, put};
use crate::chess::{Color as Side, Piece, Square};
use crate::game::shapes::ShapeColor;
use crate::tui::app::{App, Mode, TbWords};
use crate::tui::config::PieceStyle;
use crate::tui::layout::Areas;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// The filled glyphs, coloured per side, read best on coloured squares.
/// The pawn carries the text presentation selector (U+FE0E): without it
/// many fonts draw U+265F as a wide coloured emoji and the board's columns
/// slip.
const SOLID: [&str; 6] = ["♟\u{FE0E}", "♞", "♝", "♜", "♛", "♚"];
/// White's pieces where colour cannot tell the sides apart.
const OUTLINE: [&str; 6] = ["♙", "♘", "♗", "♖", "♕", "♔"];

/// Three rows of block drawing per piece, for squares big enough (9x4 and
/// up), pawn to king.
const ART: [[&str; 3]; 6] = [
    ["     ", " ▄█▄ ", "▄███▄"],
    [" ▄██▄", "▀▀ ██", "▄███▄"],
    [" ▄▀▄ ", " ▀█▀ ", "▄███▄"],
    ["█▄█▄█", " ███ ", "▄███▄"],
    ["▀▄▀▄▀", "▀███▀", "▄███▄"],
    [" ▄█▄ ", "▀▀█▀▀", "▄███▄"],
];

/// The piece on the board: solid glyphs coloured per side, or, where the
/// sides must be told apart by shape (16 colours, none), White outlined
/// and Black solid; letters with the ASCII set.
pub fn glyph(p: Piece, style: PieceStyle, by_shape: bool) -> &'static str {
    match style {
        PieceStyle::Unicode | PieceStyle::Auto if by_shape && p.color() == Side::White => {
            OUTLINE[p.kind().index()]
        }
        // `Auto` is resolved before drawing (`App::pieces`).
        PieceStyle::Unicode | PieceStyle::Auto => SOLID[p.kind().index()],
        PieceStyle::Ascii => LETTERS[p.index()],
    }
}

/// A piece in running text (lists, dialogs), where no colour tells the
/// sides apart: White outlined, Black solid, or letters.
pub fn text_glyph(p: Piece, style: PieceStyle) -> &'static str {
    glyph(p, style, true)
}

/// FEN letters by `Piece::index` (White pawn..king, then Black).
const LETTERS: [&str; 12] = ["P", "N", "B", "R", "Q", "K", "p", "n", "b", "r", "q", "k"];

pub fn render(app: &App, theme: &Theme, a: &Areas, buf: &mut Buffer) {
    title(app, theme, a, buf);
    // The editor's pieces as placed, legal yet or not.
    let editing = app.editor.as_ref().map(|e| e.display_board());
    let b = editing.as_ref().unwrap_or(&app.view.board);
    let last = app.view.last_move;
    let check_sq = b.in_check().then(|| b.king(b.side_to_move()));
    let mut targets = [false; 64];
    for m in app.targets() {
        targets[m.to().index()] = true;
    }
    let drag_hover = app.ui.drag.and_then(|(_, h)| h);
    // Read from the move's comment once: circles here, arrows in `marks`.
    let shapes = crate::tui::aids::drawn_shapes(app);
    let mut circles = [None; 64];
    for s in &shapes {
        if s.is_circle() {
            circles[s.from.index()] = Some(s.color);
        }
    }
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
        } else if let Some(c) = circles[sq.index()] {
            circle_bg(theme, c, if light { theme.light } else { theme.dark })
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
        if !theme.colored() && !light {
            // Without colour the dark squares are shaded with a pattern.
            shade(buf, r);
        }
        if let (Some(h), Some(_)) = (&app.ui.heat, heat_bg) {
            super::heat::label(h, theme, sq, r, bg, buf);
        } else if circles[sq.index()].is_some() && !theme.colored() {
            // Without colours a circle is a ring in the square's corner.
            let style = Style::new().add_modifier(Modifier::BOLD);
            put(buf, r.x + r.width - 1, r.y + r.height - 1, "○", style, 1);
        }
        let cx = r.x + r.width / 2;
        let cy = r.y + r.height / 2;
        if let Some(p) = piece {
            let moved = Some(sq) == app.ui.selected || is_last;
            let mark = match (Some(sq) == check_sq, moved) {
                (true, true) => Mark::CheckMoved,
                (true, false) => Mark::Check,
                (false, true) => Mark::Moved,
                (false, false) => Mark::None,
            };
            draw_piece(app, theme, a, p, r, bg, mark, buf);
            if target && !theme.colored() {
                // A capture the selected piece can make: without colours
                // no background says it, so a mark beside the piece does.
                if let Some(c) = buf.cell_mut((r.x, cy)) {
                    c.set_char('×');
                }
            }
        } else if target {
            if let Some(c) = buf.cell_mut((cx, cy)) {
                c.set_char('•').set_fg(theme.target);
            }
        } else if !theme.colored() && (is_last || Some(sq) == app.ui.selected) {
            // An empty square the last move left: a mark where the piece was.
            if let Some(c) = buf.cell_mut((cx, cy)) {
                c.set_char('·');
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
    coordinates(app, theme, a, buf);
    super::marks::render(app, &shapes, theme, a, buf);
}

/// What a piece's square says without colours (a colour theme says it
/// with the square's background instead).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    None,
    /// Selected, or moved by the last move: underlined.
    Moved,
    /// The king in check: reversed, so it never reads as the last move.
    Check,
    /// The king in check, selected or just moved: both.
    CheckMoved,
}

/// A piece on its square `r` (of background `bg`): as five-cell art on
/// big squares with Unicode pieces, else one glyph in the middle; `mark`
/// shows without colours.
#[allow(clippy::too_many_arguments)]
fn draw_piece(
    app: &App,
    theme: &Theme,
    a: &Areas,
    p: Piece,
    r: Rect,
    bg: Color,
    mark: Mark,
    buf: &mut Buffer,
) {
    let fg = match p.color() {
        Side::White => theme.white_piece,
        Side::Black => theme.black_piece,
    };
    let mut style = Style::new().fg(fg).bg(bg).add_modifier(Modifier::BOLD);
    if !theme.colored() {
        style = match mark {
            Mark::None => style,
            Mark::Moved => style.add_modifier(Modifier::UNDERLINED),
            Mark::Check => style.add_modifier(Modifier::REVERSED),
            Mark::CheckMoved => style.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
        };
    }
    let art = a.sq_h >= 4
        && a.sq_w >= 9
        && !theme.pieces_by_shape()
        && app.pieces() == PieceStyle::Unicode;
    if art {
        let x = r.x + (r.width - 5) / 2;
        let y = r.y + (r.height - 3).div_ceil(2);
        for (k, row) in ART[p.kind().index()].iter().enumerate() {
            let plain = style.remove_modifier(Modifier::BOLD);
            put(buf, x, y + k as u16, row, plain, 5);
        }
        // Blank art cells keep the square's colour.
    } else if let Some(c) = buf.cell_mut((r.x + r.width / 2, r.y + r.height / 2)) {
        c.set_symbol(glyph(p, app.pieces(), theme.pieces_by_shape()))
            .set_style(style);
    }
}

/// Rank numbers left of the board and file letters under it.
fn coordinates(app: &App, theme: &Theme, a: &Areas, buf: &mut Buffer) {
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
    // The tablebase verdict rides along whole only where it fits beside
    // the side to move (cut, "White wins, not in 50 moves" would read
    // "White wins"); else it says "TB 1-0" in the score's place.
    let mut score = app.headline();
    if score.chars().count() + 2 + "White to move".len() > usize::from(r.width + 3) {
        score = app.headline_with(TbWords::Short);
    }
    // A set-up that is not legal yet has no score: the panels' is the
    // last legal position's, which is not the board drawn.
    let setting_up = app
        .editor
        .as_ref()
        .filter(|e| e.check.is_err())
        .map(|e| e.side);
    if setting_up.is_some() {
        score.clear();
    }
    let sw = score.chars().count() as u16;
    let sx = (r.x + r.width + 3).saturating_sub(sw);
    // The words give way to the score, never the other way round: the
    // longest form that fits, then the shortest cut.
    let room = sx.saturating_sub(r.x + 2);
    let (forms, style) = match (setting_up, app.verdict()) {
        (Some(side), _) => (
            vec![
                format!("Setting up · {} to move", side.name()),
                "Setting up".to_string(),
            ],
            Style::new().add_modifier(Modifier::BOLD),
        ),
        // The score is the headline's, beside it: not said twice.
        (None, Some(t)) => (
            vec![t.words.to_string()],
            Style::new().fg(theme.error).add_modifier(Modifier::BOLD),
        ),
        (None, None) => {
            let side = b.side_to_move().name();
            let who = match app.play.mode {
                Mode::Play { human, .. } if human == b.side_to_move() => " (you)",
                Mode::Play { .. } => " (engine)",
                _ => "",
            };
            let in_check = b.in_check();
            let check = if in_check { " · check!" } else { "" };
            let move_no = b.fullmove_number();
            let mut forms = vec![
                format!("{side}{who} to move{check} · move {move_no}"),
                format!("{side}{who} to move{check}"),
            ];
            if !who.is_empty() {
                forms.push(format!("{side}{who}{check}"));
            }
            // A check is the last thing to give way (a narrow board beside
            // a long score).
            if in_check {
                forms.push(format!("{side} · check!"));
                forms.push("check!".to_string());
            }
            (forms, Style::new().add_modifier(Modifier::BOLD))
        }
    };
    let text = super::status::first_fit(&forms, room as usize);
    put(buf, r.x + 1, r.y, &text, style, room);
    put(
        buf,
        sx,
        r.y,
        &score,
        Style::new().fg(theme.accent).add_modifier(Modifier::BOLD),
        sw,
    );
}

/// A circled square's background: the shape's colour over the square's
/// own, half and half where both are true colour, so light and dark
/// squares stay apart.
fn circle_bg(theme: &Theme, c: ShapeColor, square: Color) -> Color {
    match (super::marks::shape_color(theme, c), square) {
        (Color::Rgb(r, g, b), Color::Rgb(sr, sg, sb)) => {
            let mix = |x: u8, y: u8| ((u16::from(x) + u16::from(y)) / 2) as u8;
            Color::Rgb(mix(r, sr), mix(g, sg), mix(b, sb))
        }
        (shape, _) => shape,
    }
}

/// Fills `r` with a light shade, keeping whatever is drawn over it later.
fn shade(buf: &mut Buffer, r: ratatui::layout::Rect) {
    for y in r.top()..r.bottom() {
        for x in r.left()..r.right() {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_char('░');
            }
        }
    }
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
