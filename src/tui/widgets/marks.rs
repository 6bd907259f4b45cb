//! The board aids drawn over the board: each engine line's best move and
//! the threat view's move (`aids::board_marks`). Every size gets marks on
//! the squares: the line's number (or `!` for the threat) in the line's
//! colour at the top-left corner of the square the piece leaves and at the
//! top-right corner of the square it goes to. From 9x4 squares (about
//! 127x44) an arrow in line characters joins them, through the squares
//! between and around the pieces. Without colour the marks are in reverse
//! video and told apart by their labels. Arrows the move's comment draws
//! (`aids::drawn_shapes`) go under the engine's, in their own colour, and
//! their squares' marks point the arrow's way.

use crate::chess::Square;
use crate::game::shapes::Shape;
use crate::game::shapes::ShapeColor;
use crate::tui::aids::{board_marks, Mark, MarkKind};
use crate::tui::app::App;
use crate::tui::config::PieceStyle;
use crate::tui::layout::Areas;
use crate::tui::theme::{to_256, ColorDepth, Theme};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

/// Each line's colour (lines 1-5) and the threat's, in 24 bits.
const LINE_RGB: [(u8, u8, u8); 5] = [
    (60, 130, 230),
    (50, 160, 80),
    (225, 140, 30),
    (165, 85, 200),
    (30, 165, 165),
];
const THREAT_RGB: (u8, u8, u8) = (215, 40, 40);
/// Drawn shapes' colours (green, red, yellow, blue), bright enough for
/// line characters on either square.
const SHAPE_RGB: [(u8, u8, u8); 4] = [(40, 175, 60), (220, 50, 50), (235, 185, 0), (45, 115, 235)];
const SHAPE_16: [Color; 4] = [Color::Green, Color::Red, Color::Yellow, Color::Blue];
/// The same in the 16 ANSI colours.
const LINE_16: [Color; 5] = [
    Color::Blue,
    Color::Green,
    Color::Magenta,
    Color::Cyan,
    Color::DarkGray,
];

/// The colour of a mark: its line's own, or the threat's red.
pub fn mark_color(theme: &Theme, kind: MarkKind) -> Color {
    let i = match kind {
        MarkKind::Line(n) => Some(n.clamp(1, LINE_RGB.len()) - 1),
        MarkKind::Threat => None,
        MarkKind::Drawn(c) => return shape_color(theme, c),
    };
    match theme.depth {
        ColorDepth::Mono => Color::Reset,
        ColorDepth::Ansi16 => i.map_or(Color::Red, |i| LINE_16[i]),
        depth => {
            let (r, g, b) = i.map_or(THREAT_RGB, |i| LINE_RGB[i]);
            let c = Color::Rgb(r, g, b);
            if depth == ColorDepth::Ansi256 {
                to_256(c)
            } else {
                c
            }
        }
    }
}

/// A drawn shape's colour at the theme's depth (none without colours).
pub fn shape_color(theme: &Theme, c: ShapeColor) -> Color {
    let i = ShapeColor::ALL.iter().position(|&x| x == c).unwrap_or(0);
    let (r, g, b) = SHAPE_RGB[i];
    match theme.depth {
        ColorDepth::Mono => Color::Reset,
        ColorDepth::Ansi16 => SHAPE_16[i],
        ColorDepth::Ansi256 => to_256(Color::Rgb(r, g, b)),
        _ => Color::Rgb(r, g, b),
    }
}

/// A mark's label cell: the number in ink on the line's colour, or in
/// reverse video without colours.
pub fn chip_style(theme: &Theme, kind: MarkKind) -> Style {
    if theme.colored() {
        let c = mark_color(theme, kind);
        Style::new()
            .bg(c)
            .fg(theme.ink_on(c))
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
}

/// Draws the marks over the board: the arrows among `shapes` (the move's
/// own, `aids::drawn_shapes`, read once by the board, which colours the
/// circles), then the engine's on top.
pub fn render(app: &App, shapes: &[Shape], theme: &Theme, a: &Areas, buf: &mut Buffer) {
    let mut marks: Vec<Mark> = shapes
        .iter()
        .filter(|s| !s.is_circle())
        .map(|s| Mark {
            from: s.from,
            to: s.to,
            kind: MarkKind::Drawn(s.color),
        })
        .collect();
    marks.extend(board_marks(app));
    if marks.is_empty() {
        return;
    }
    let flipped = app.ui.flipped;
    let busy = Busy::new(app, theme, a);
    if a.sq_w >= 9 && a.sq_h >= 4 {
        for m in &marks {
            arrow(*m, theme, a, flipped, &busy, buf);
        }
    }
    let cursor = app.ui.cursor;
    for m in &marks {
        let style = chip_style(theme, m.kind);
        let label = match m.kind {
            MarkKind::Drawn(_) => {
                let (f, t) = (a.square_rect(m.from, flipped), a.square_rect(m.to, flipped));
                head((t.x as i32 - f.x as i32, t.y as i32 - f.y as i32)).to_string()
            }
            _ => m.label().to_string(),
        };
        let from = a.square_rect(m.from, flipped);
        let to = a.square_rect(m.to, flipped);
        if cursor != Some(m.from) {
            super::put(buf, from.x, from.y, &label, style, 1);
        }
        if cursor != Some(m.to) {
            super::put(buf, to.x + to.width - 1, to.y, &label, style, 1);
        }
    }
}

/// The board cells an arrow must not draw over: the pieces (their block
/// art or their glyph) and the keyboard cursor's brackets.
struct Busy {
    area: Rect,
    cells: Vec<bool>,
}

impl Busy {
    fn new(app: &App, theme: &Theme, a: &Areas) -> Busy {
        let area = a.squares;
        let mut busy = Busy {
            area,
            cells: vec![false; area.width as usize * area.height as usize],
        };
        let art = a.sq_h >= 4
            && a.sq_w >= 9
            && !theme.pieces_by_shape()
            && app.pieces() == PieceStyle::Unicode;
        for sq in Square::all() {
            let r = a.square_rect(sq, app.ui.flipped);
            let (cx, cy) = (r.x + r.width / 2, r.y + r.height / 2);
            if app.view.board.piece_at(sq).is_some() {
                if art {
                    let x = r.x + (r.width - 5) / 2;
                    let y = r.y + (r.height - 3).div_ceil(2);
                    for dy in 0..3 {
                        for dx in 0..5 {
                            busy.set(x + dx, y + dy);
                        }
                    }
                } else {
                    busy.set(cx, cy);
                }
            }
            if app.ui.cursor == Some(sq) {
                busy.set(r.x, cy);
                busy.set(r.x + r.width - 1, cy);
            }
        }
        busy
    }

    fn index(&self, x: u16, y: u16) -> Option<usize> {
        let a = self.area;
        (x >= a.x && y >= a.y && x < a.x + a.width && y < a.y + a.height)
            .then(|| (y - a.y) as usize * a.width as usize + (x - a.x) as usize)
    }

    fn set(&mut self, x: u16, y: u16) {
        if let Some(i) = self.index(x, y) {
            self.cells[i] = true;
        }
    }

    /// Busy, or off the board.
    fn get(&self, x: u16, y: u16) -> bool {
        self.index(x, y).is_none_or(|i| self.cells[i])
    }
}

type Cell = (i32, i32);

/// The cells from `a` (left out) to `b` (included) in 8-connected steps.
fn segment(a: Cell, b: Cell, out: &mut Vec<Cell>) {
    let (dx, dy) = ((b.0 - a.0).abs(), -(b.1 - a.1).abs());
    let (sx, sy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let (mut x, mut y) = a;
    let mut err = dx + dy;
    while (x, y) != b {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((x, y));
    }
}

/// The line character for a cell entered going `din` and left going `dout`.
fn stroke(din: Cell, dout: Cell) -> char {
    match (din, dout) {
        ((1, 0), (0, 1)) | ((0, -1), (-1, 0)) => '┐',
        ((1, 0), (0, -1)) | ((0, 1), (-1, 0)) => '┘',
        ((-1, 0), (0, 1)) | ((0, -1), (1, 0)) => '┌',
        ((-1, 0), (0, -1)) | ((0, 1), (1, 0)) => '└',
        (_, (_, 0)) => '─',
        (_, (0, _)) => '│',
        (_, (x, y)) if x * y > 0 => '╲',
        _ => '╱',
    }
}

/// The arrow's head pointing along `d` (screen directions, y down).
fn head(d: Cell) -> char {
    match (d.0.signum(), d.1.signum()) {
        (1, 0) => '▸',
        (-1, 0) => '◂',
        (0, -1) => '▴',
        (0, 1) => '▾',
        (1, -1) => '◥',
        (-1, -1) => '◤',
        (1, 1) => '◢',
        _ => '◣',
    }
}

/// Draws `m` as an arrow from the centre of its square to the centre of
/// the target (a knight's in two legs, the longer first), skipping the
/// cells pieces take; the head stops short of a piece on the target.
fn arrow(m: Mark, theme: &Theme, a: &Areas, flipped: bool, busy: &Busy, buf: &mut Buffer) {
    let centre = |sq: Square| {
        let r = a.square_rect(sq, flipped);
        ((r.x + r.width / 2) as i32, (r.y + r.height / 2) as i32)
    };
    let (from, to) = (centre(m.from), centre(m.to));
    let df = (m.to.file() as i32 - m.from.file() as i32).abs();
    let dr = (m.to.rank() as i32 - m.from.rank() as i32).abs();
    let mut path = Vec::new();
    let last_leg_from = if (df, dr) == (1, 2) || (df, dr) == (2, 1) {
        let corner = if dr > df {
            centre(Square::from_coords(m.from.file(), m.to.rank()))
        } else {
            centre(Square::from_coords(m.to.file(), m.from.rank()))
        };
        segment(from, corner, &mut path);
        corner
    } else {
        from
    };
    segment(last_leg_from, to, &mut path);
    if path.is_empty() {
        return;
    }
    // The head: the target's centre, or the last free cell before a
    // piece on the target.
    let target = a.square_rect(m.to, flipped);
    let inside = |(x, y): Cell| {
        x >= target.x as i32
            && y >= target.y as i32
            && x < (target.x + target.width) as i32
            && y < (target.y + target.height) as i32
    };
    let free = |(x, y): Cell| !busy.get(x as u16, y as u16);
    let end = path
        .iter()
        .position(|&c| inside(c) && !free(c))
        .unwrap_or(path.len());
    let Some(tip) = (0..end).rev().find(|&i| free(path[i])) else {
        return;
    };
    let style = Style::new()
        .fg(mark_color(theme, m.kind))
        .add_modifier(Modifier::BOLD);
    let dir = (to.0 - last_leg_from.0, to.1 - last_leg_from.1);
    for i in 0..=tip {
        let c = path[i];
        if !free(c) {
            continue;
        }
        let prev = if i == 0 { from } else { path[i - 1] };
        let ch = if i == tip {
            head(dir)
        } else {
            let next = path[i + 1];
            stroke((c.0 - prev.0, c.1 - prev.1), (next.0 - c.0, next.1 - c.1))
        };
        if let Some(cell) = buf.cell_mut((c.0 as u16, c.1 as u16)) {
            cell.set_char(ch).set_style(style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_step_to_the_end() {
        let mut p = Vec::new();
        segment((0, 0), (4, 2), &mut p);
        assert_eq!(p.last(), Some(&(4, 2)));
        assert_eq!(p.len(), 4);
        p.clear();
        segment((3, 3), (3, 0), &mut p);
        assert_eq!(p, vec![(3, 2), (3, 1), (3, 0)]);
        assert_eq!(stroke((1, 0), (0, 1)), '┐');
        assert_eq!(stroke((0, -1), (0, -1)), '│');
        assert_eq!(stroke((1, -1), (1, -1)), '╱');
        assert_eq!(head((5, -3)), '◥');
    }
}
