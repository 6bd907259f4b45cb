//! The "Terms" panel view: the evaluation opened up. Every hand-crafted
//! term with each side's midgame/endgame values, their difference and its
//! tapered value; the phase as a gauge (or, with the phase explorer open, a
//! slider with the position's real phase marked, every tapered number
//! following it); the taper formula filled in; the packed total in hex;
//! the NNUE output beside it. Tab selects a row: it is highlighted here,
//! its squares on the board, and its description fills spare rows.

use super::{put, wrap};
use crate::engine::EvalKind;
use crate::eval::hce::scale;
use crate::eval::hce::sink::Term;
use crate::eval::phase::{taper, MAX_PHASE};
use crate::eval::teach::about;
use crate::eval::S;
use crate::tui::app::App;
use crate::tui::heat::shown_phase;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Columns right of the term name: three " mg eg" groups and the taper,
/// at the narrowest number width.
const NUMBERS_W: u16 = 43;

/// The cells of one number: 5, or 8 on a panel wide enough (a big
/// terminal spreads the table instead of leaving half the panel empty).
fn number_w(inner: Rect) -> usize {
    if inner.width >= 100 {
        8
    } else {
        5
    }
}

/// The total tapered at `phase` and scaled as the evaluation scales it,
/// White's view: the position's own number at its real phase.
pub fn total_at(app: &App, phase: i32) -> i32 {
    let t = &app.view.trace;
    if phase == t.phase {
        return t.tapered;
    }
    let unscaled = taper(t.total, phase);
    unscaled * scale::factor(&app.view.board, unscaled) / crate::eval::hce::params::SCALE_MAX
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let mut y = inner.y;
    let bottom = inner.y + inner.height;
    let t = &app.view.trace;
    let p = shown_phase(app);
    let nnue_first = app.ui.eval_view == EvalKind::Nnue;
    let scaled =
        scale::factor(&app.view.board, taper(t.total, p)) != crate::eval::hce::params::SCALE_MAX;
    // Rows besides the term rows: the NNUE line (and a blank after it when
    // it leads), the header, total, scale, phase, formula, packed total.
    let fixed = 1 + u16::from(nnue_first) + 1 + 1 + u16::from(scaled) + 3;
    // On a short panel the terms come first: no blank line, no packed total.
    let tight = (inner.height as usize) < fixed as usize + 1 + t.terms.len();
    if nnue_first {
        y = nnue_line(app, theme, inner, y, buf);
        y += u16::from(!tight);
    }
    let numbers_w = NUMBERS_W + 6 * (number_w(inner) as u16 - 5);
    let nw = inner.width.saturating_sub(numbers_w).clamp(6, 20);
    // Rows after the table: total, scale, phase, formula, packed, nnue (HCE view).
    let tail = 3 + u16::from(!tight) + u16::from(!nnue_first) + u16::from(scaled);
    let room = bottom.saturating_sub(y + 1 + tail) as usize;
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    if y < bottom {
        let text = format!(
            "{:<nw$}│{:^g$}│{:^g$}│{:^g$}│{:>6}",
            if nw >= 11 { "Term  mg eg" } else { "Term" },
            "White",
            "Black",
            "Total",
            if app.ui.teach.phase.is_some() {
                format!("@{p}")
            } else {
                "Taper".to_string()
            },
            nw = nw as usize,
            g = 2 * number_w(inner) + 1
        );
        put(buf, inner.x, y, &text, head, inner.width);
        y += 1;
    }
    let shown = if t.terms.len() > room {
        room.saturating_sub(1)
    } else {
        t.terms.len()
    };
    // Keep the selected row in view when the table is cut short.
    let first = match app.ui.teach.term {
        Some(i) if i >= shown && shown > 0 => i + 1 - shown,
        _ => 0,
    };
    for (i, term) in t.terms.iter().enumerate().skip(first).take(shown) {
        let style = if app.ui.teach.term == Some(i) {
            theme.highlight()
        } else {
            Style::new().fg(theme.text)
        };
        let total = term.total();
        row(
            buf,
            inner,
            y,
            nw,
            &term_label(i, term.name, nw as usize),
            [term.white, term.black, total],
            taper(total, p),
            style,
        );
        y += 1;
    }
    if shown < t.terms.len() && y < bottom {
        put(
            buf,
            inner.x,
            y,
            &format!(
                "… {} more terms: Tab scrolls to them",
                t.terms.len() - shown
            ),
            theme.dim_style(),
            inner.width,
        );
        y += 1;
    }
    // The drawish scale as a row of its own, so the Taper column adds up.
    let plain = taper(t.total, p);
    let (factor, why) = scale::classify(&app.view.board, plain);
    if factor != crate::eval::hce::params::SCALE_MAX && y < bottom {
        let scaled = total_at(app, p);
        let label = format!("Scale ×{factor}/64: {}", why.words());
        let text = format!(
            "{label:<w$}{:>6}",
            scaled - plain,
            w = (inner.width as usize)
                .saturating_sub(6)
                .min(nw as usize + 37)
        );
        put(
            buf,
            inner.x,
            y,
            &text,
            Style::new().fg(theme.accent),
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
            [white, black, t.total],
            total_at(app, p),
            Style::new().add_modifier(Modifier::BOLD),
        );
        y += 1;
    }
    if y < bottom {
        phase_gauge(app, theme, inner, y, buf);
        y += 1;
    }
    if y < bottom {
        let mg = t.total.mg() as i32;
        let eg = t.total.eg() as i32;
        let plain = taper(t.total, p);
        let scaled = total_at(app, p);
        let mut f = format!(
            "({mg}×{p} + {eg}×{}) / {MAX_PHASE} = {plain}",
            MAX_PHASE - p
        );
        if plain != scaled || t.scale != crate::eval::hce::params::SCALE_MAX {
            let factor = scale::factor(&app.view.board, plain);
            f.push_str(&format!(" ×{factor}/64 = {scaled}"));
        }
        if app.ui.teach.phase.is_some() {
            f.push_str(&format!(" · real {}: {:+}", t.phase, t.tapered));
        }
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
    if y + 2 < bottom {
        let why = "phase: 1 a knight or bishop, 2 a rook, 4 a queen (24 at the start); mg midgame, eg endgame";
        for line in wrap(why, inner.width as usize).iter().take(2) {
            if y >= bottom {
                break;
            }
            put(buf, inner.x, y, line, theme.dim_style(), inner.width);
            y += 1;
        }
    }
    if y < bottom && !tight {
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
    if app.ui.eval_view == EvalKind::Hce && y < bottom {
        y = nnue_line(app, theme, inner, y, buf);
    }
    if let Some(i) = app.ui.teach.term {
        // The selected term's description, as far as it fits.
        let term = crate::eval::hce::sink::Term::ALL[i];
        let text = format!("{}: {}", term.name(), about(term));
        for (k, line) in wrap(&text, inner.width as usize).iter().enumerate() {
            let yy = y + 1 + k as u16;
            if yy >= bottom {
                break;
            }
            put(buf, inner.x, yy, line, theme.dim_style(), inner.width);
        }
        return;
    }
    // The FEN, if rows are left, wrapped at its spaces.
    if y + 1 < bottom {
        fen_rows(&app.view.fen, theme, inner, y + 1, bottom, buf);
    }
}

/// "FEN " and the FEN over the rows from `y` to `bottom`, broken only
/// between its fields (a field wider than the row is split).
fn fen_rows(fen: &str, theme: &Theme, inner: Rect, y: u16, bottom: u16, buf: &mut Buffer) {
    let w = inner.width.saturating_sub(4);
    put(buf, inner.x, y, "FEN ", theme.dim_style(), 4);
    let rows = bottom.saturating_sub(y).min(2) as usize;
    let widths = vec![w as usize; rows];
    for (k, row) in super::status::fit_rows(fen, &widths).iter().enumerate() {
        put(buf, inner.x + 4, y + k as u16, row, theme.dim_style(), w);
    }
}

/// A short name for each term, for name columns too narrow for the full
/// one (at most 8 cells, which the narrowest panel leaves).
fn short_name(term: Term) -> &'static str {
    match term {
        Term::Material => "Material",
        Term::Placement => "PSQT",
        Term::Mobility => "Mobility",
        Term::Pawns => "Pawns",
        Term::Passed => "Passers",
        Term::BishopPair => "B-pair",
        Term::Rooks => "Rooks",
        Term::KingSafety => "King",
        Term::Threats => "Threats",
        Term::Tempo => "Tempo",
    }
}

/// The name of the table's row `i` for a `w`-cell column: the full name
/// when it fits, else the short one, so no name is cut part way.
pub fn term_label(i: usize, full: &str, w: usize) -> String {
    if full.chars().count() <= w {
        return full.to_string();
    }
    let short = Term::ALL.get(i).map_or(full, |&t| short_name(t));
    if short.chars().count() <= w {
        short.to_string()
    } else {
        // Narrower than any panel the layout makes; say it is cut.
        let head: String = short.chars().take(w.saturating_sub(1)).collect();
        format!("{head}…")
    }
}

#[allow(clippy::too_many_arguments)]
fn row(
    buf: &mut Buffer,
    inner: Rect,
    y: u16,
    nw: u16,
    name: &str,
    [white, black, total]: [S; 3],
    tapered: i32,
    style: Style,
) {
    let c = number_w(inner);
    let text = format!(
        "{:<nw$.nw$}│{:>c$} {:>c$}│{:>c$} {:>c$}│{:>c$} {:>c$}│{:>6}",
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

/// "Phase ████████░░░░ 16/24 · mg 16/24  66% · eg 8/24  33%"; with the
/// explorer open the gauge is its slider and a ┃ marks the real phase.
fn phase_gauge(app: &App, theme: &Theme, inner: Rect, y: u16, buf: &mut Buffer) {
    let real = app.view.trace.phase.clamp(0, MAX_PHASE);
    let p = shown_phase(app).clamp(0, MAX_PHASE);
    let explored = app.ui.teach.phase.is_some();
    let label = if explored {
        format!(
            " {p}/{MAX_PHASE} · mg {}% · ┃ real {real}",
            p * 100 / MAX_PHASE
        )
    } else {
        format!(
            " {p:>2}/{MAX_PHASE} · mg {p}/{MAX_PHASE} {:>3}% · eg {}/{MAX_PHASE} {:>3}%",
            p * 100 / MAX_PHASE,
            MAX_PHASE - p,
            (MAX_PHASE - p) * 100 / MAX_PHASE
        )
    };
    let style = if explored {
        Style::new().fg(theme.accent).add_modifier(Modifier::BOLD)
    } else {
        theme.dim_style()
    };
    let x = put(buf, inner.x, y, "Phase ", style, inner.width);
    let gauge_w = (inner.x + inner.width)
        .saturating_sub(x + label.chars().count() as u16)
        .min(MAX_PHASE as u16);
    let cells = |v: i32| (v as u16 * gauge_w + MAX_PHASE as u16 / 2) / MAX_PHASE as u16;
    let filled = cells(p);
    // The real phase's cell: the last filled cell at that phase.
    let real_cell = cells(real).saturating_sub(1);
    for i in 0..gauge_w {
        let (c, color) = if explored && i == real_cell {
            ("┃", theme.error)
        } else if i < filled {
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

/// The NNUE output line, White's view: the final value, the raw output and
/// the phase scale; "not loaded" without a net.
fn nnue_line(app: &App, theme: &Theme, inner: Rect, y: u16, buf: &mut Buffer) -> u16 {
    let hce = app.view.trace.tapered;
    let (text, style) = match &app.view.nnue {
        Some(e) => (
            format!(
                "NNUE {:+} = raw {:+} × scale {:.3} │ HCE {hce:+}",
                e.final_white(),
                e.raw_cp * e.side_to_move.sign(),
                e.scale
            ),
            Style::new().fg(theme.text),
        ),
        None => (
            format!("NNUE not loaded: raw — · scale — · final — │ HCE {hce:+}"),
            Style::new().fg(theme.error),
        ),
    };
    put(buf, inner.x, y, &text, style, inner.width);
    y + 1
}
