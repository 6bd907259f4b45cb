//! The side panel: the evaluation opened up. Every hand-crafted term with
//! each side's midgame/endgame values, their difference and its tapered
//! value; the phase as a gauge with its mg/eg weights; the taper formula
//! filled in with this position's numbers; the packed total in hex; and
//! the NNUE output beside it (a "not loaded" line until a net exists).
//! `e` swaps which evaluation leads.

use super::{put, titled};
use crate::engine::EvalKind;
use crate::eval::phase::MAX_PHASE;
use crate::eval::{Trace, S};
use crate::tui::app::App;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Columns right of the term name: three " mg eg" groups and the taper.
const NUMBERS_W: u16 = 43;

/// Tapered value of a packed score at `phase`, as the trace computes it.
pub fn taper(s: S, phase: i32) -> i32 {
    (s.mg() as i32 * phase + s.eg() as i32 * (MAX_PHASE - phase)) / MAX_PHASE
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let title = match app.eval_view {
        EvalKind::Hce => "Evaluation · HCE (e: NNUE view)",
        EvalKind::Nnue => "Evaluation · NNUE (e: HCE view)",
    };
    let inner = titled(buf, area, title, theme);
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    let t = &app.view.trace;
    if app.eval_view == EvalKind::Nnue {
        y = nnue_block(t, theme, inner, y, buf);
        y += 1;
    }
    let nw = inner.width.saturating_sub(NUMBERS_W).clamp(6, 20);
    // Rows after the table: total, phase, formula, packed, nnue (HCE view).
    let tail = 4 + u16::from(app.eval_view == EvalKind::Hce);
    let room = bottom.saturating_sub(y + 1 + tail) as usize;
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    if y < bottom {
        let text = format!(
            "{:<nw$}│{:^11}│{:^11}│{:^11}│{:>6}",
            if nw >= 11 { "Term  mg eg" } else { "Term" },
            "White",
            "Black",
            "Total",
            "Taper",
            nw = nw as usize
        );
        put(buf, inner.x, y, &text, head, inner.width);
        y += 1;
    }
    let shown = if t.terms.len() > room {
        room.saturating_sub(1)
    } else {
        t.terms.len()
    };
    for term in t.terms.iter().take(shown) {
        row(
            buf,
            inner,
            y,
            nw,
            term.name,
            term.white,
            term.black,
            term.total(),
            taper(term.total(), t.phase),
            Style::new().fg(theme.text),
        );
        y += 1;
    }
    if shown < t.terms.len() && y < bottom {
        put(
            buf,
            inner.x,
            y,
            &format!(
                "… {} more terms (enlarge the window)",
                t.terms.len() - shown
            ),
            theme.dim_style(),
            inner.width,
        );
        y += 1;
    }
    if y < bottom {
        let white: S = t.terms.iter().map(|x| x.white).sum();
        let black: S = t.terms.iter().map(|x| x.black).sum();
        row(
            buf,
            inner,
            y,
            nw,
            "Total",
            white,
            black,
            t.total,
            t.tapered,
            Style::new().add_modifier(Modifier::BOLD),
        );
        y += 1;
    }
    if y < bottom {
        phase_gauge(t, theme, inner, y, buf);
        y += 1;
    }
    if y < bottom {
        let mg = t.total.mg() as i32;
        let eg = t.total.eg() as i32;
        let p = t.phase;
        let plain = taper(t.total, p);
        let mut f = format!(
            "({mg}×{p} + {eg}×{}) / {MAX_PHASE} = {plain}",
            MAX_PHASE - p
        );
        if plain != t.tapered {
            f.push_str(&format!(" → scaled {}", t.tapered));
        }
        f.push_str(&format!(" cp · {} to move: {:+}", side(app), t.score));
        put(
            buf,
            inner.x,
            y,
            &f,
            Style::new().fg(theme.text),
            inner.width,
        );
        y += 1;
    }
    if y < bottom {
        let packed = t.total.packed();
        let text = format!(
            "packed total {:#010x} = ({} << 16) + {}",
            packed as u32,
            t.total.eg(),
            t.total.mg()
        );
        put(buf, inner.x, y, &text, theme.dim_style(), inner.width);
        y += 1;
    }
    if app.eval_view == EvalKind::Hce && y < bottom {
        y = nnue_block(t, theme, inner, y, buf);
    }
    // The FEN, if rows are left.
    if y + 1 < bottom {
        let fen = &app.view.fen;
        let w = inner.width as usize - 4;
        put(buf, inner.x, y + 1, "FEN ", theme.dim_style(), 4);
        put(buf, inner.x + 4, y + 1, fen, theme.dim_style(), w as u16);
        if fen.len() > w && y + 2 < bottom {
            put(
                buf,
                inner.x + 4,
                y + 2,
                &fen[w..],
                theme.dim_style(),
                w as u16,
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn row(
    buf: &mut Buffer,
    inner: Rect,
    y: u16,
    nw: u16,
    name: &str,
    white: S,
    black: S,
    total: S,
    tapered: i32,
    style: Style,
) {
    let text = format!(
        "{:<nw$.nw$}│{:>5} {:>5}│{:>5} {:>5}│{:>5} {:>5}│{:>6}",
        name,
        white.mg(),
        white.eg(),
        black.mg(),
        black.eg(),
        total.mg(),
        total.eg(),
        tapered,
        nw = nw as usize
    );
    put(buf, inner.x, y, &text, style, inner.width);
}

fn side(app: &App) -> &'static str {
    match app.view.board.side_to_move() {
        crate::chess::Color::White => "White",
        crate::chess::Color::Black => "Black",
    }
}

/// "Phase ████████░░░░ 16/24 · mg 67% · eg 33%"
fn phase_gauge(t: &Trace, theme: &Theme, inner: Rect, y: u16, buf: &mut Buffer) {
    let p = t.phase.clamp(0, MAX_PHASE);
    let label = format!(
        " {p:>2}/{MAX_PHASE} · mg {p}/{MAX_PHASE} {:>3}% · eg {}/{MAX_PHASE} {:>3}%",
        p * 100 / MAX_PHASE,
        MAX_PHASE - p,
        (MAX_PHASE - p) * 100 / MAX_PHASE
    );
    let x = put(buf, inner.x, y, "Phase ", theme.dim_style(), inner.width);
    let gauge_w = (inner.x + inner.width)
        .saturating_sub(x + label.chars().count() as u16)
        .min(MAX_PHASE as u16);
    let filled = (p as u16 * gauge_w + MAX_PHASE as u16 / 2) / MAX_PHASE as u16;
    for i in 0..gauge_w {
        let (c, color) = if i < filled {
            ("█", theme.accent)
        } else {
            ("░", theme.dim)
        };
        put(buf, x + i, y, c, Style::new().fg(color), 1);
    }
    put(
        buf,
        x + gauge_w,
        y,
        &label,
        Style::new().fg(theme.text),
        inner.width,
    );
}

/// The NNUE output line(s). No network is loaded yet.
fn nnue_block(t: &Trace, theme: &Theme, inner: Rect, y: u16, buf: &mut Buffer) -> u16 {
    let text = format!(
        "NNUE not loaded: raw — · scale — · final — │ HCE {:+.2}",
        t.tapered as f64 / 100.0
    );
    put(
        buf,
        inner.x,
        y,
        &text,
        Style::new().fg(theme.error),
        inner.width,
    );
    y + 1
}
