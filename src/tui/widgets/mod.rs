//! The pieces of the screen. Each widget is a function from `&App` (and the
//! theme) to cells of a buffer area; none changes the state. They write
//! cells directly rather than building intermediate widget trees, which
//! keeps a full frame well under a millisecond.

pub mod board;
pub mod clocks;
pub mod comment_box;
pub mod compare;
pub mod confirm;
pub mod deltas;
pub mod editor;
pub mod evalbar;
pub mod explain;
pub mod frametime;
pub mod heat;
pub mod help;
pub mod lines;
pub mod marks;
pub mod messages;
pub mod movelist;
pub mod overlays;
pub mod packed;
pub mod panel;
pub mod report;
pub mod report_pair;
pub mod status;
pub mod tablebase;
pub mod tags;
pub mod terms;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// Writes `text` at (x, y), clipped to `max_w` cells and to the buffer;
/// returns the x after the text.
pub fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max_w: u16) -> u16 {
    let area = buf.area;
    if y >= area.y + area.height || x >= area.x + area.width || max_w == 0 {
        return x;
    }
    let room = (area.x + area.width - x).min(max_w) as usize;
    buf.set_stringn(x, y, text, room, style).0
}

/// `put` for a line of a pane: one wider than `max_w` (or the buffer)
/// ends with "…" where it is cut, never silently.
pub fn put_fit(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max_w: u16) -> u16 {
    let room = buf.area.right().saturating_sub(x).min(max_w);
    if ratatui::text::Span::raw(text).width() <= room as usize {
        put(buf, x, y, text, style, room)
    } else {
        put(
            buf,
            x,
            y,
            &status::ellipsize(text, room as usize),
            style,
            room,
        )
    }
}

/// Paints every cell of `area` with `style` and a blank.
pub fn fill(buf: &mut Buffer, area: Rect, style: Style) {
    let area = area.intersection(buf.area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.reset();
                c.set_style(style);
            }
        }
    }
}

/// A block with a top rule and a title; returns the inner area.
/// A title wider than the rule ends with "…".
pub fn titled(buf: &mut Buffer, area: Rect, title: &str, theme: &super::theme::Theme) -> Rect {
    let room = (area.width as usize).saturating_sub(2);
    let title = if ratatui::text::Span::raw(title).width() > room {
        status::ellipsize(title, room)
    } else {
        title.to_string()
    };
    let block = Block::new()
        .borders(Borders::TOP)
        .border_style(theme.border_style())
        .title(ratatui::text::Span::styled(
            format!(" {title} "),
            theme.title(),
        ));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

/// A centred box of `w` x `h` with a full border, cleared; returns
/// (outer, inner).
/// Where `popup` puts a box of `w` x `h` (at most `within`'s size),
/// centred in `within`: what a click on the box is read against.
pub fn popup_area(within: Rect, w: u16, h: u16) -> Rect {
    let (w, h) = (w.min(within.width), h.min(within.height));
    Rect::new(
        within.x + (within.width - w) / 2,
        within.y + (within.height - h) / 2,
        w,
        h,
    )
}

pub fn popup(
    buf: &mut Buffer,
    within: Rect,
    w: u16,
    h: u16,
    title: &str,
    theme: &super::theme::Theme,
) -> (Rect, Rect) {
    let outer = popup_area(within, w, h);
    Clear.render(outer, buf);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.accent))
        .title(ratatui::text::Span::styled(
            format!(" {title} "),
            theme.title(),
        ));
    let inner = block.inner(outer);
    block.render(outer, buf);
    (outer, inner)
}

/// A popup's last inner row: dimmed text, such as how to scroll.
pub fn footer(buf: &mut Buffer, inner: Rect, text: &str, theme: &super::theme::Theme) {
    let y = inner.y + inner.height.saturating_sub(1);
    put(
        buf,
        inner.x + 1,
        y,
        text,
        theme.dim_style(),
        inner.width.saturating_sub(1),
    );
}

/// "1.2M", "35k", "812".
pub fn human_count(n: u64) -> String {
    if n >= 10_000_000_000 {
        format!("{}G", n / 1_000_000_000)
    } else if n >= 1_000_000_000 {
        format!("{:.2}G", n as f64 / 1e9)
    } else if n >= 10_000_000 {
        format!("{}M", n / 1_000_000)
    } else if n >= 1_000_000 {
        format!("{:.2}M", n as f64 / 1e6)
    } else if n >= 10_000 {
        format!("{}k", n / 1_000)
    } else {
        n.to_string()
    }
}

/// A score for people: "+0.35", "-1.20", "#3", "#-2".
pub fn score_text(s: crate::engine::Score) -> String {
    match s {
        // A win the tables prove (the engine's TB band): not a number.
        crate::engine::Score::Cp(c) if c.abs() >= crate::search::score::TB_WIN_BOUND => {
            (if c > 0 { "+TB" } else { "-TB" }).into()
        }
        // A hundred pawns or more (an aspiration bound on the way to a
        // tablebase win or a mate): whole pawns, so "≥+182" keeps to the
        // lines' score column ("≥+181.73" ran into the depth).
        crate::engine::Score::Cp(c) if c.abs() >= 10_000 => format!("{:+}", c / 100),
        crate::engine::Score::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
        crate::engine::Score::Mate(m) => format!("#{m}"),
    }
}

/// "≥" for a lower bound (the score is at least this), "≤" for an upper
/// bound, nothing for an exact score: a line cut off by a fail high or low
/// says so wherever its score is shown.
pub fn bound_mark(b: crate::engine::Bound) -> &'static str {
    match b {
        crate::engine::Bound::Exact => "",
        crate::engine::Bound::Lower => "≥",
        crate::engine::Bound::Upper => "≤",
    }
}

pub use crate::eval::teach::wrap;

/// A result token as the board shows it: a draw is "½-½" everywhere on
/// screen (files keep PGN's "1/2-1/2").
pub fn result_display(token: &str) -> &str {
    if token == "1/2-1/2" {
        "½-½"
    } else {
        token
    }
}

/// `s` padded with blanks to `w` cells of display width (a glyph with a
/// variation selector is one cell wide, though two characters).
pub fn pad(s: &str, w: usize) -> String {
    let width = ratatui::text::Span::raw(s).width();
    format!("{s}{}", " ".repeat(w.saturating_sub(width)))
}

/// Centipawns as pawns with a sign: "+0.35", "-1.20".
pub fn pawns(cp: i32) -> String {
    format!("{:+.2}", cp as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn pawns_have_a_sign() {
        assert_eq!(super::pawns(-5), "-0.05");
        assert_eq!(super::pawns(35), "+0.35");
    }

    /// A score of a hundred pawns or more (an aspiration bound on the way
    /// to a tablebase win) is said in whole pawns, which fit the column.
    #[test]
    fn a_huge_score_is_said_in_whole_pawns() {
        use crate::engine::Score;
        assert_eq!(super::score_text(Score::Cp(18_173)), "+181");
        assert_eq!(super::score_text(Score::Cp(-10_000)), "-100");
        assert_eq!(super::score_text(Score::Cp(9_999)), "+99.99");
        assert_eq!(super::score_text(Score::Cp(19_990)), "+TB");
    }
}
