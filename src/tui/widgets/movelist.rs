//! The move list: numbered SAN pairs in as many columns as fit, scrolled
//! so the current ply is visible and marked, the result (once there is
//! one) in the title. With a net loaded, a ◆ after
//! a move says that the hand-crafted and the network evaluations of the
//! position it reaches differ by more than `DISAGREE_CP`.

use super::{put, titled};
use crate::chess::Color;
use crate::tui::app::App;
use crate::tui::params::DISAGREE_CP;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Width of one "123. Nbxd7+  Qxd7#" pair column.
const PAIR_W: u16 = 24;

/// After a move whose position the two evaluations disagree on.
pub const MARK: &str = "◆";

/// Where the numbered pairs sit: shared by drawing and mouse clicks.
struct Grid {
    /// 1 when Black moved first (pair p holds plies 2p-1 and 2p).
    offset: usize,
    pairs: usize,
    rows: usize,
    /// The first pair shown (scrolled so the current ply is visible).
    first: usize,
    capacity: usize,
    col_w: usize,
}

impl Grid {
    fn new(app: &App, inner: Rect) -> Grid {
        let g = &app.game;
        let offset = usize::from(g.start().side_to_move() == Color::Black);
        let pairs = (g.len() + offset).div_ceil(2);
        let cols = (inner.width / PAIR_W).max(1) as usize;
        let rows = (inner.height as usize).max(1);
        let capacity = cols * rows;
        let current_pair = (app.ply.max(1) - 1 + offset) / 2;
        let first = if current_pair >= capacity {
            current_pair + 1 - capacity
        } else {
            0
        };
        Grid {
            offset,
            pairs,
            rows,
            first,
            capacity,
            col_w: inner.width as usize / cols,
        }
    }
}

/// The ply reached by clicking the move at (x, y) of the move list `area`.
pub fn ply_at(app: &App, area: Rect, x: u16, y: u16) -> Option<usize> {
    let inner = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(1),
    );
    if !inner.contains(ratatui::layout::Position::new(x, y)) || app.game.is_empty() {
        return None;
    }
    let grid = Grid::new(app, inner);
    let col = (x - inner.x) as usize / grid.col_w.max(1);
    let within = (x - inner.x) as usize % grid.col_w.max(1);
    let k = col * grid.rows + (y - inner.y) as usize;
    let p = grid.first + k;
    if k >= grid.capacity || p >= grid.pairs {
        return None;
    }
    // "123. " then two 9-cell SAN slots.
    let ply = match within {
        0..=4 => return None,
        5..=13 => (2 * p).checked_sub(grid.offset)?,
        _ => 2 * p + 1 - grid.offset,
    };
    (ply < app.game.len()).then_some(ply + 1)
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let g = &app.game;
    let mut title = if g.is_empty() {
        "Moves".to_string()
    } else if app.ply == 0 {
        format!("Moves · start of {}", crate::tui::update::plies(g.len()))
    } else {
        format!("Moves · ply {}/{}", app.ply, g.len())
    };
    if app.view.game_result != "*" {
        title.push_str(&format!(" · {}", app.view.game_result));
    }
    if app.game_evals.any_disagreement() {
        title.push_str(&format!(" · {MARK} HCE/NNUE differ > {}", DISAGREE_CP));
    }
    let inner = titled(buf, area, &title, theme);
    if inner.height == 0 || inner.width < 12 {
        return;
    }
    if g.is_empty() {
        put(
            buf,
            inner.x + 1,
            inner.y,
            "no moves yet - type m then a move, or use the mouse",
            theme.dim_style(),
            inner.width - 1,
        );
        return;
    }
    let grid = Grid::new(app, inner);
    let (offset, pairs, rows, first, capacity, col_w) = (
        grid.offset,
        grid.pairs,
        grid.rows,
        grid.first,
        grid.capacity,
        grid.col_w,
    );
    let normal = Style::new().fg(theme.text);
    let current = Style::new()
        .bg(theme.current)
        .fg(ratatui::style::Color::White)
        .add_modifier(Modifier::BOLD);
    for k in 0..capacity {
        let p = first + k;
        if p >= pairs {
            break;
        }
        let x = inner.x + ((k / rows) * col_w) as u16;
        let y = inner.y + (k % rows) as u16;
        let white_ply = (2 * p).checked_sub(offset);
        let black_ply = 2 * p + 1 - offset;
        let (number, _) = g.move_number(white_ply.unwrap_or(black_ply));
        let mut cx = put(buf, x, y, &format!("{number:>3}. "), theme.dim_style(), 5);
        for (i, ply) in [white_ply, Some(black_ply)].into_iter().enumerate() {
            let text = match ply {
                Some(i) if i < g.len() => g.sans()[i].as_str(),
                None => "...",
                Some(_) => "",
            };
            let style = if ply.is_some_and(|i| i + 1 == app.ply) {
                current
            } else {
                normal
            };
            let w = if i == 0 {
                9
            } else {
                (col_w as u16).saturating_sub(15)
            };
            let end = put(buf, cx, y, text, style, w);
            let marked = ply.is_some_and(|i| i < g.len() && app.game_evals.disagree(i + 1));
            if marked && end < cx + w {
                let mark = Style::new().fg(theme.error).add_modifier(Modifier::BOLD);
                put(buf, end, y, MARK, mark, 1);
            }
            cx += 9;
        }
    }
}
