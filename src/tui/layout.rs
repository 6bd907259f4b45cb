//! Where each widget goes for a given terminal size, and which square a
//! mouse cell falls on. Drawing and the reducer (mouse hits) share it.
//!
//! The board takes the largest square size that leaves room for the
//! others: 11x5 cells from about 144x52 (pieces drawn in three rows of
//! blocks), 9x4 from 128x44, 7x3 at 120x40, 5x2 around 100x30, 3x1 at 80x24. The eval
//! bar sits beside it; the side panel goes wherever there is more height
//! (right of the board on big screens, below on small ones), the engine
//! lines take the other right-hand slot, and the move list sits below the
//! board. A tall, narrow terminal (a split pane of 80x50 or 95x50) whose
//! width would keep the board small beside a right-hand column stacks
//! instead: the board as wide as the terminal allows with the move list
//! beside it, the engine lines in a strip below, the panel under them.
//! With the panel hidden (`z`) its room goes to the pane beside it
//! (`Areas::without_panel`).

use super::params::{MIN_HEIGHT, MIN_WIDTH};
use crate::chess::Square;
use ratatui::layout::Rect;

/// Square sizes tried, largest first: (width, height) in cells.
const SQUARE_SIZES: [(u16, u16); 5] = [(11, 5), (9, 4), (7, 3), (5, 2), (3, 1)];
/// Columns left of the squares for the rank numbers.
pub const RANK_LABEL_W: u16 = 2;
/// The eval bar and its gap.
const BAR_W: u16 = 3;
/// Between the eval bar and the pane to its right, so that pane's text
/// does not touch the bar.
const BAR_GAP_W: u16 = 1;
/// The narrowest right-hand column.
const MIN_RIGHT_W: u16 = 50;
/// Rows kept below the board for the move list.
const MIN_BOTTOM_H: u16 = 9;
/// Stacked (a tall, narrow terminal): the fewest rows of the engine
/// lines' strip below the board (room for the report's graph above
/// three lines).
const MIN_LINES_STRIP_H: u16 = 9;
/// Stacked: the fewest columns beside the board that take the move list
/// (fewer, and it goes beside the panel at the bottom).
const MIN_SIDE_MOVES_W: u16 = 24;
/// Stacked: the fewest rows for the panel at the bottom (its terms table
/// whole but for a few terms, as at 80x24).
const MIN_STACKED_PANEL_H: u16 = 14;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Areas {
    pub full: Rect,
    /// False when the terminal is below the minimum size.
    pub fits: bool,
    /// Title row above the squares.
    pub board_title: Rect,
    /// The 8x8 squares.
    pub squares: Rect,
    pub sq_w: u16,
    pub sq_h: u16,
    /// The file letters row.
    pub files_row: Rect,
    pub bar: Rect,
    pub panel: Rect,
    pub lines: Rect,
    pub moves: Rect,
    pub status: Rect,
}

/// The layout for a `width` x `height` terminal: beside the board when
/// that gives the larger squares, else stacked below it (`portrait`).
pub fn compute(width: u16, height: u16) -> Areas {
    let wide = SQUARE_SIZES
        .iter()
        .copied()
        .find(|&(w, h)| {
            let bw = RANK_LABEL_W + 8 * w;
            let bh = 8 * h + 2;
            bh + 1 + MIN_BOTTOM_H <= height && bw + BAR_W + BAR_GAP_W + MIN_RIGHT_W <= width
        })
        .unwrap_or(SQUARE_SIZES[SQUARE_SIZES.len() - 1]);
    match SQUARE_SIZES
        .iter()
        .copied()
        .find(|&sq| portrait_fits(width, height, sq))
    {
        Some(tall) if tall.0 > wide.0 => portrait(width, height, tall),
        _ => landscape(width, height, wide),
    }
}

/// Whether squares of `sq` fit stacked: the move list beside the board
/// when the columns left there are enough, else beside the panel at the
/// bottom; the engine lines in a strip below the board.
fn portrait_fits(width: u16, height: u16, (w, h): (u16, u16)) -> bool {
    let left_w = RANK_LABEL_W + 8 * w + BAR_W;
    // The board with its title and file letters, the strip, the panel
    // (and the move list) and the status row.
    let rows = (8 * h + 2) + MIN_LINES_STRIP_H + MIN_STACKED_PANEL_H + 1;
    left_w <= width && rows <= height
}

/// The board at the top left, the lines beside it and the side panel
/// where there is more height, the move list below the board.
fn landscape(width: u16, height: u16, (sq_w, sq_h): (u16, u16)) -> Areas {
    let full = Rect::new(0, 0, width, height);
    let board_w = RANK_LABEL_W + 8 * sq_w;
    let top_h = (8 * sq_h + 2).min(height.saturating_sub(1));
    let left_w = (board_w + BAR_W).min(width);
    let right_w = width.saturating_sub(left_w);
    let bottom_h = height.saturating_sub(1 + top_h);
    // Only the pane beside the bar keeps a gap; the one below the board's
    // height has none to keep.
    let gap = BAR_GAP_W.min(right_w);
    let top_right = Rect::new(left_w + gap, 0, right_w - gap, top_h);
    let bottom_right = Rect::new(left_w, top_h, right_w, bottom_h);
    let bottom_left = Rect::new(0, top_h, left_w, bottom_h);
    let (panel, lines) = if top_h >= bottom_h {
        (top_right, bottom_right)
    } else {
        (bottom_right, top_right)
    };
    Areas {
        panel,
        lines,
        moves: bottom_left,
        ..board_areas(full, sq_w, sq_h)
    }
}

/// A tall, narrow terminal (a split pane): the board as large as the
/// width allows at the top, the move list beside it in the columns left
/// there (a narrow column suits it, as on Lichess), the engine lines in a
/// strip below across the whole width and the panel under them; where
/// too few columns are left beside the board, the move list goes beside
/// the panel instead.
fn portrait(width: u16, height: u16, (sq_w, sq_h): (u16, u16)) -> Areas {
    let full = Rect::new(0, 0, width, height);
    let top_h = 8 * sq_h + 2;
    let left_w = RANK_LABEL_W + 8 * sq_w + BAR_W;
    let side_w = width.saturating_sub(left_w + BAR_GAP_W);
    // Below the board: the strip takes a third of the rows, at least its
    // minimum; the panel row the rest.
    let rest = height.saturating_sub(1 + top_h);
    let strip_h = (rest / 3).max(MIN_LINES_STRIP_H).min(rest);
    let bottom_y = top_h + strip_h;
    let bottom_h = rest - strip_h;
    let lines = Rect::new(0, top_h, width, strip_h);
    let (moves, panel) = if side_w >= MIN_SIDE_MOVES_W {
        (
            Rect::new(left_w + BAR_GAP_W, 0, side_w, top_h),
            // A column of margin at the left edge, as every other pane's
            // text keeps.
            Rect::new(1, bottom_y, width - 1, bottom_h),
        )
    } else {
        let panel_w = MIN_RIGHT_W.max(width / 2).min(width);
        (
            Rect::new(0, bottom_y, width - panel_w, bottom_h),
            Rect::new(width - panel_w, bottom_y, panel_w, bottom_h),
        )
    };
    Areas {
        panel,
        lines,
        moves,
        ..board_areas(full, sq_w, sq_h)
    }
}

/// The board's own areas (title, squares, file letters, eval bar) and the
/// status row, the panes left empty for the caller to place.
fn board_areas(full: Rect, sq_w: u16, sq_h: u16) -> Areas {
    let (width, height) = (full.width, full.height);
    let board_w = RANK_LABEL_W + 8 * sq_w;
    let top_h = (8 * sq_h + 2).min(height.saturating_sub(1));
    Areas {
        full,
        fits: width >= MIN_WIDTH && height >= MIN_HEIGHT,
        board_title: Rect::new(0, 0, board_w.min(width), 1.min(top_h)),
        squares: Rect::new(RANK_LABEL_W, 1, 8 * sq_w, 8 * sq_h).intersection(full),
        sq_w,
        sq_h,
        files_row: Rect::new(0, 1 + 8 * sq_h, board_w, 1).intersection(full),
        bar: Rect::new(board_w + 1, 1, BAR_W - 1, 8 * sq_h).intersection(full),
        panel: Rect::default(),
        lines: Rect::default(),
        moves: Rect::default(),
        status: Rect::new(0, height.saturating_sub(1), width, 1.min(height)),
    }
}

/// The layout for a `width` x `height` terminal, the evaluation panel
/// shown or not (the setting `panel`).
pub fn for_screen(width: u16, height: u16, panel: bool) -> Areas {
    let a = compute(width, height);
    if panel {
        a
    } else {
        a.without_panel()
    }
}

impl Areas {
    /// The same screen without the evaluation panel: its room goes to the
    /// pane beside it (at 80x24 the move list takes the whole width, so a
    /// report's comments read on long rows; on big screens the engine
    /// lines move beside the board and the moves below go full width).
    fn without_panel(self) -> Areas {
        let (panel, lines, moves) = (self.panel, self.lines, self.moves);
        let gone = Rect::new(panel.x, panel.y, 0, 0);
        if (panel.y, panel.height) == (moves.y, moves.height) {
            // Side by side below the board: the moves take its columns.
            Areas {
                panel: gone,
                moves: moves.union(panel),
                ..self
            }
        } else if panel.y == lines.y + lines.height {
            // Stacked under the lines' strip: the lines take its rows.
            Areas {
                panel: gone,
                lines: lines.union(panel),
                ..self
            }
        } else {
            // Beside the board above the lines: the lines move up into
            // its slot and the moves take theirs beside them.
            Areas {
                panel: gone,
                lines: panel,
                moves: moves.union(lines),
                ..self
            }
        }
    }

    /// The cells of `sq`.
    pub fn square_rect(&self, sq: Square, flipped: bool) -> Rect {
        let (col, row) = if flipped {
            (7 - sq.file(), sq.rank())
        } else {
            (sq.file(), 7 - sq.rank())
        };
        Rect::new(
            self.squares.x + col as u16 * self.sq_w,
            self.squares.y + row as u16 * self.sq_h,
            self.sq_w,
            self.sq_h,
        )
    }

    /// The square under the terminal cell (x, y), if any.
    pub fn square_at(&self, x: u16, y: u16, flipped: bool) -> Option<Square> {
        if !self.fits
            || x < self.squares.x
            || y < self.squares.y
            || x >= self.squares.x + 8 * self.sq_w
            || y >= self.squares.y + 8 * self.sq_h
        {
            return None;
        }
        let col = ((x - self.squares.x) / self.sq_w) as u8;
        let row = ((y - self.squares.y) / self.sq_h) as u8;
        let (file, rank) = if flipped {
            (7 - col, row)
        } else {
            (col, 7 - row)
        };
        Some(Square::from_coords(file, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_hits() {
        let a = compute(120, 40);
        assert_eq!((a.sq_w, a.sq_h), (7, 3));
        assert!(a.panel.y == 0 && a.panel.height == 26);
        // The pane beside the eval bar keeps a column free after it.
        assert_eq!(a.panel.x, a.bar.x + a.bar.width + 1);
        assert_eq!(a.panel.x + a.panel.width, 120);
        assert_eq!((compute(127, 44).sq_w, compute(128, 44).sq_w), (7, 9));
        let a = compute(80, 24);
        assert!(a.fits);
        assert_eq!((a.sq_w, a.sq_h), (3, 1));
        assert!(a.panel.y > 0, "panel below on small screens");
        assert_eq!(a.lines.x, a.bar.x + a.bar.width + 1);
        assert_eq!(a.panel.x, a.moves.width, "no gap below the bar");
        for flipped in [false, true] {
            for sq in Square::all() {
                let r = a.square_rect(sq, flipped);
                assert_eq!(a.square_at(r.x, r.y, flipped), Some(sq));
                assert_eq!(
                    a.square_at(r.x + r.width - 1, r.y + r.height - 1, flipped),
                    Some(sq)
                );
            }
        }
        assert_eq!(a.square_at(0, 0, false), None);
        // Without the panel: the lines beside the board, the moves below
        // across the whole width, every other area as it was.
        for (w, h) in [(80, 24), (120, 40), (160, 50)] {
            let (with, without) = (compute(w, h), for_screen(w, h, false));
            assert_eq!(for_screen(w, h, true), with);
            assert!(without.panel.is_empty());
            assert_eq!(
                (without.lines.y, without.lines.height),
                (0, with.squares.height + 2)
            );
            assert_eq!(without.lines.x + without.lines.width, w);
            assert_eq!((without.moves.x, without.moves.width), (0, w));
            assert_eq!(without.moves.y, with.moves.y);
            assert_eq!(without.moves.height, with.moves.height);
            assert_eq!((without.squares, without.bar), (with.squares, with.bar));
        }
        assert!(!compute(79, 24).fits);
        let _ = compute(0, 0);
        let _ = compute(1, 1);
    }

    /// A tall, narrow terminal stacks: a larger board than beside a
    /// right-hand column would allow, with the move list beside it (or
    /// beside the panel when too few columns are left), the engine lines in
    /// a strip below across the whole width, the panel under them.
    #[test]
    fn tall_narrow_terminals_stack() {
        let a = compute(80, 60);
        assert_eq!((a.sq_w, a.sq_h), (9, 4), "3x1 beside a right column");
        assert_eq!(a.lines, Rect::new(0, 34, 80, MIN_LINES_STRIP_H));
        assert_eq!((a.moves.y, a.panel.y), (43, 43));
        assert_eq!((a.moves.x, a.moves.width + a.panel.width), (0, 80));
        assert!(a.panel.width >= MIN_RIGHT_W && a.panel.height >= MIN_STACKED_PANEL_H);
        let a = compute(95, 50);
        assert_eq!((a.sq_w, a.sq_h), (7, 3));
        assert_eq!(
            a.moves,
            Rect::new(62, 0, 33, 26),
            "the moves beside the board"
        );
        assert_eq!(a.lines, Rect::new(0, 26, 95, MIN_LINES_STRIP_H));
        assert_eq!(a.panel, Rect::new(1, 35, 94, 14));
        assert_eq!((compute(80, 45).sq_w, compute(120, 60).sq_w), (5, 9));
        // The strip grows with the height: a third of the rows below the board.
        assert_eq!(compute(80, 100).lines.height, 21);
        // Without the panel its rows go to the lines or the moves beside it.
        let a = for_screen(95, 50, false);
        assert_eq!(a.lines, Rect::new(0, 26, 95, 23));
        let a = for_screen(80, 60, false);
        assert_eq!(a.moves, Rect::new(0, 43, 80, 16));
        // Where beside gives squares as large, nothing moves.
        for (w, h) in [
            (80, 24),
            (80, 41),
            (100, 30),
            (120, 40),
            (128, 44),
            (144, 52),
            (160, 50),
        ] {
            let a = compute(w, h);
            assert!(a.moves.width < w && a.moves.x == 0, "{w}x{h} stacked");
        }
    }

    /// At every size the panes lie inside the screen, none over another
    /// nor over the board, the eval bar or the status row, with or without
    /// the panel.
    #[test]
    fn panes_never_overlap() {
        for w in 80..=240 {
            for h in (24..=90).chain([200]) {
                for panel in [true, false] {
                    let a = for_screen(w, h, panel);
                    let board = Rect::new(0, 0, RANK_LABEL_W + 8 * a.sq_w + BAR_W, 8 * a.sq_h + 2);
                    assert_eq!(a.panel.is_empty(), !panel, "{w}x{h}");
                    let parts = [a.panel, a.lines, a.moves, board, a.status];
                    // (An empty rectangle covers no cell.)
                    let parts: Vec<Rect> = parts.into_iter().filter(|r| !r.is_empty()).collect();
                    for (i, p) in parts.iter().enumerate() {
                        assert_eq!(p.intersection(a.full), *p, "{w}x{h} {i} outside");
                        for q in &parts[i + 1..] {
                            assert!(!p.intersects(*q), "{w}x{h} {p:?} {q:?}");
                        }
                    }
                    assert!(a.moves.height >= MIN_BOTTOM_H, "{w}x{h}");
                }
            }
        }
    }
}
