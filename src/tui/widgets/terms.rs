//! The "Terms" panel view: the evaluation opened up. Every hand-crafted
//! term with each side's midgame/endgame values, their difference and its
//! tapered value; the phase as a gauge (or, with the phase explorer open, a
//! slider with the position's real phase marked, every tapered number
//! following it); the taper formula filled in; the packed total in hex;
//! the NNUE output beside it. Tab selects a row: it is highlighted here,
//! its squares on the board, and its description fills spare rows.

use super::wrap;
use crate::engine::EvalKind;
use crate::eval::hce::params::SCALE_MAX;
use crate::eval::hce::scale;
use crate::eval::hce::sink::Term;
use crate::eval::phase::{taper, taper_24ths, MAX_PHASE};
use crate::eval::teach::about;
use crate::eval::S;
use crate::tui::app::App;
use crate::tui::heat::shown_phase;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// Columns right of the term name with numbers `c` cells wide: three
/// " mg eg" groups (six numbers, the blanks and rules between them) and
/// the 6-cell taper.
fn numbers_w(c: usize) -> usize {
    6 * c + 13
}

/// The cells of one number: 5, or 8 on a panel wide enough (a big
/// terminal spreads the table instead of leaving half the panel empty),
/// or 4 where 5 would leave the term names less than 8 cells and every
/// number of the table fits in 4 (a panel 50 columns wide cut
/// "Material" to "Materi…").
fn number_w(app: &App, inner: Rect) -> usize {
    if inner.width >= 100 {
        return 8;
    }
    let t = &app.view.trace;
    let white: S = t.terms.iter().map(|x| x.white).sum();
    let black: S = t.terms.iter().map(|x| x.black).sum();
    let sums = [white, black, t.total];
    let widest = t
        .terms
        .iter()
        .flat_map(|x| [x.white, x.black, x.total()])
        .chain(sums)
        .flat_map(|s| [s.mg() as i32, s.eg() as i32])
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    if usize::from(inner.width) < numbers_w(5) + 8 && widest <= 4 {
        4
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
    unscaled * scale::factor(&app.view.board, unscaled) / SCALE_MAX
}

/// The widths and cut of the term table in a panel of `inner`'s size.
struct Table {
    /// The name column.
    name_w: usize,
    /// The terms shown: from `first`, `shown` of them.
    first: usize,
    shown: usize,
    /// A short panel: no blank after a leading NNUE line, no packed total.
    tight: bool,
}

impl Table {
    fn of(app: &App, inner: Rect, scaled: bool, c: usize) -> Table {
        let terms = app.view.trace.terms.len();
        let nnue_first = app.ui.eval_view == EvalKind::Nnue;
        // Rows besides the term rows: the NNUE line (and a blank after it
        // when it leads), the header, total, scale, phase, formula, packed.
        let fixed = 1 + usize::from(nnue_first) + 1 + 1 + usize::from(scaled) + 3;
        let tight = (inner.height as usize) < fixed + 1 + terms;
        let numbers_w = numbers_w(c) as u16;
        let name_w = inner.width.saturating_sub(numbers_w).clamp(6, 20) as usize;
        // Rows above the table and after it (total, scale, phase, formula,
        // packed, the NNUE line in the HCE view).
        let above = if nnue_first {
            1 + usize::from(!tight)
        } else {
            0
        };
        let tail = 3 + usize::from(!tight) + usize::from(!nnue_first) + usize::from(scaled);
        let room = (inner.height as usize).saturating_sub(above + 1 + tail);
        let shown = if terms > room {
            room.saturating_sub(1)
        } else {
            terms
        };
        // Keep the selected row in view when the table is cut short.
        let first = match app.ui.teach.term {
            Some(i) if i >= shown && shown > 0 => i + 1 - shown,
            _ => 0,
        };
        Table {
            name_w,
            first,
            shown,
            tight,
        }
    }
}

/// The panel, top to bottom, as lines drawn one a row (cut at the
/// panel's edges): the NNUE line when it leads, the table, the scale,
/// the total, the phase gauge and formula, the packed total, then the
/// selected term's description or the FEN in the rows left.
pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let t = &app.view.trace;
    let p = shown_phase(app);
    let nnue_first = app.ui.eval_view == EvalKind::Nnue;
    let plain = taper(t.total, p);
    let (factor, why) = scale::classify(&app.view.board, plain);
    let scaled = factor != SCALE_MAX;
    let c = number_w(app, inner);
    let table = Table::of(app, inner, scaled, c);
    let (height, width) = (inner.height as usize, inner.width as usize);
    let mut lines: Vec<Line> = Vec::new();
    if nnue_first {
        lines.push(nnue_line(app, theme));
        if !table.tight {
            lines.push(Line::default());
        }
    }
    table_lines(app, theme, &table, c, &mut lines);
    // The drawish scale as a row of its own, so the Taper column adds up.
    if scaled {
        // The number always shows: the reason shortens, then is cut, to
        // leave it its column.
        // Up to the Taper column: the name, six numbers and the rules
        // between them (all of a row but its 6-cell taper).
        let w = width.saturating_sub(6).min(table.name_w + numbers_w(c) - 6);
        let forms = [why.words(), why.brief()].map(|words| format!("Scale ×{factor}/64: {words}"));
        let label = super::status::first_fit(&forms, w.saturating_sub(1));
        let text = format!("{label:<w$}{:>6}", total_at(app, p) - plain);
        lines.push(Line::styled(text, Style::new().fg(theme.accent)));
    }
    let white: S = t.terms.iter().map(|x| x.white).sum();
    let black: S = t.terms.iter().map(|x| x.black).sum();
    let total = row(
        c,
        table.name_w,
        "Total",
        [white, black, t.total],
        total_at(app, p),
    );
    lines.push(Line::styled(
        total,
        Style::new().add_modifier(Modifier::BOLD),
    ));
    lines.push(phase_gauge(app, theme, inner.width));
    // Too long for the row (the explorer's "· real 20: -21" at 80
    // columns), the real phase's value goes on a row of its own.
    let f = formula(app, p);
    let rows = match f.split_once(" · ") {
        Some((head, real)) if f.chars().count() > width => vec![head.to_string(), real.to_string()],
        _ => vec![f],
    };
    for row in rows {
        lines.push(Line::styled(row, Style::new().fg(theme.text)));
    }
    if lines.len() + 2 < height {
        let legend = "phase: 1 a knight or bishop, 2 a rook, 4 a queen (24 at the start); mg midgame, eg endgame";
        for line in wrap(legend, width).into_iter().take(2) {
            lines.push(Line::styled(line, theme.dim_style()));
        }
    }
    if !table.tight {
        let packed = format!(
            "packed total {:#010x} = ({} << 16) {}",
            t.total.packed() as u32,
            t.total.eg(),
            crate::eval::teach::plus(t.total.mg())
        );
        lines.push(Line::styled(packed, theme.dim_style()));
    }
    if !nnue_first {
        lines.push(nnue_line(app, theme));
    }
    // In the rows left, after a blank: the selected term's description, or
    // the FEN.
    if lines.len() + 1 < height {
        lines.push(Line::default());
        let rows = height - lines.len();
        lines.extend(match app.ui.teach.term {
            Some(i) => description(Term::ALL[i], theme, width),
            None => fen_rows(&app.view.fen, theme, width, rows),
        });
    }
    // Each line at its row, cut at the panel's edges (what a Paragraph
    // without wrapping shows, without its layout pass: 13 µs a frame).
    for (k, line) in lines.iter().take(height).enumerate() {
        buf.set_line(inner.x, inner.y + k as u16, line, inner.width);
    }
}

/// The table: its header, a row per shown term (the selected one
/// highlighted), and how many more there are when it is cut short.
fn table_lines(app: &App, theme: &Theme, table: &Table, c: usize, lines: &mut Vec<Line<'static>>) {
    let t = &app.view.trace;
    let p = shown_phase(app);
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    let header = format!(
        "{:<nw$}│{:^g$}│{:^g$}│{:^g$}│{:>6}",
        if table.name_w >= 11 {
            "Term  mg eg"
        } else {
            "Term"
        },
        "White",
        "Black",
        "Total",
        if app.ui.teach.phase.is_some() {
            format!("@{p}")
        } else {
            "Taper".to_string()
        },
        nw = table.name_w,
        g = 2 * c + 1
    );
    lines.push(Line::styled(header, head));
    let totals: Vec<S> = t.terms.iter().map(|x| x.total()).collect();
    let tapered = tapered_shares(&totals, p);
    for (i, term) in t
        .terms
        .iter()
        .enumerate()
        .skip(table.first)
        .take(table.shown)
    {
        let style = if app.ui.teach.term == Some(i) {
            theme.highlight()
        } else {
            Style::new().fg(theme.text)
        };
        let total = term.total();
        let label = term_label(i, term.name, table.name_w);
        let text = row(
            c,
            table.name_w,
            &label,
            [term.white, term.black, total],
            tapered[i],
        );
        lines.push(Line::styled(text, style));
    }
    if table.shown < t.terms.len() {
        let (above, below) = (table.first, t.terms.len() - table.first - table.shown);
        let text = match (above, below) {
            (0, 1) => "… 1 more term: Tab scrolls to it".to_string(),
            (0, n) => format!("… {n} more terms: Tab scrolls to them"),
            (1, 0) => "… 1 term above: Shift-Tab scrolls back".to_string(),
            (n, 0) => format!("… {n} terms above: Shift-Tab scrolls back"),
            (1, b) => format!("… 1 term above, {b} below: Tab, Shift-Tab"),
            (a, b) => format!("… {a} terms above, {b} below: Tab, Shift-Tab"),
        };
        lines.push(Line::styled(text, theme.dim_style()));
    }
}

/// Each term's tapered value at `phase` (`taper`, toward zero), a few
/// moved by one unit so that together they make the total's tapered
/// value (`taper` of their sum): the units the per-term rounding lost or
/// gained go to the terms whose rounding was furthest off that way. So
/// the Taper column adds up, and no term is a whole unit off its exact
/// value.
pub fn tapered_shares(terms: &[S], phase: i32) -> Vec<i32> {
    let total: S = terms.iter().copied().sum();
    tapered_shares_to(terms, phase, taper(total, phase))
}

/// The term's tapered value as the Terms view's Taper column shows it
/// (its share of the total), White's view: what the Explain view's rows
/// add up to, so the two views say one number.
pub fn term_share(app: &App, i: usize, phase: i32) -> i32 {
    let totals: Vec<S> = app.view.trace.terms.iter().map(|x| x.total()).collect();
    tapered_shares(&totals, phase).get(i).copied().unwrap_or(0)
}

/// `tapered_shares` made to add up to `target` (one unit either side of
/// their exact sum's taper): the units go to the values whose rounding
/// was furthest off that way.
pub fn tapered_shares_to(terms: &[S], phase: i32, target: i32) -> Vec<i32> {
    let mut shares: Vec<i32> = terms.iter().map(|&s| taper(s, phase)).collect();
    // What each share's rounding left out, in 24ths of a unit: -23..=23.
    let left: Vec<i32> = terms
        .iter()
        .zip(&shares)
        .map(|(&s, v)| taper_24ths(s, phase) - v * MAX_PHASE)
        .collect();
    let off = target - shares.iter().sum::<i32>();
    let mut order: Vec<usize> = (0..terms.len()).collect();
    order.sort_by_key(|&i| left[i] * -off.signum());
    for &i in order.iter().take(off.unsigned_abs() as usize) {
        shares[i] += off.signum();
    }
    shares
}

/// The taper formula filled in: "(mg×p + eg×(24-p)) / 24 = v", the scale
/// when it applies, and the real phase's value while the explorer is open.
fn formula(app: &App, p: i32) -> String {
    let t = &app.view.trace;
    let (mg, eg) = (t.total.mg() as i32, t.total.eg() as i32);
    let plain = taper(t.total, p);
    let scaled = total_at(app, p);
    let mut f = format!(
        "({mg}×{p} {}×{}) / {MAX_PHASE} = {plain}",
        crate::eval::teach::plus(eg),
        MAX_PHASE - p
    );
    if plain != scaled || t.scale != SCALE_MAX {
        let factor = scale::factor(&app.view.board, plain);
        f.push_str(&format!(" ×{factor}/64 = {scaled}"));
    }
    if app.ui.teach.phase.is_some() {
        f.push_str(&format!(" · real {}: {:+}", t.phase, t.tapered));
    }
    f
}

/// The selected term's description, wrapped to the panel.
fn description(term: Term, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let text = format!("{}: {}", term.name(), about(term));
    wrap(&text, width)
        .into_iter()
        .map(|line| Line::styled(line, theme.dim_style()))
        .collect()
}

/// "FEN " and the FEN over at most two of `rows` rows, broken only between
/// its fields (a field wider than the row is split).
fn fen_rows(fen: &str, theme: &Theme, width: usize, rows: usize) -> Vec<Line<'static>> {
    let widths = vec![width.saturating_sub(4); rows.min(2)];
    super::status::fit_rows(fen, &widths)
        .into_iter()
        .enumerate()
        .map(|(k, row)| {
            let lead = if k == 0 { "FEN " } else { "    " };
            Line::from(vec![
                Span::styled(lead, theme.dim_style()),
                Span::styled(row, theme.dim_style()),
            ])
        })
        .collect()
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

/// One table row: the name in `name_w` cells, each side's and the total's
/// midgame and endgame in `c` cells, and the tapered total.
fn row(c: usize, name_w: usize, name: &str, [white, black, total]: [S; 3], tapered: i32) -> String {
    format!(
        "{:<nw$.nw$}│{:>c$} {:>c$}│{:>c$} {:>c$}│{:>c$} {:>c$}│{:>6}",
        name,
        white.mg(),
        white.eg(),
        black.mg(),
        black.eg(),
        total.mg(),
        total.eg(),
        tapered,
        nw = name_w
    )
}

/// The midgame's weight at phase `p` in whole percent, rounded to the
/// nearest (the endgame's is the rest: the two add up to 100).
pub fn mg_percent(p: i32) -> i32 {
    (p * 100 + MAX_PHASE / 2) / MAX_PHASE
}

/// "Phase ████████░░░░ 16/24 · mg 16/24  67% · eg 8/24  33%"; with the
/// explorer open the gauge is its slider and a ┃ marks the real phase.
fn phase_gauge(app: &App, theme: &Theme, width: u16) -> Line<'static> {
    let real = app.view.trace.phase.clamp(0, MAX_PHASE);
    let p = shown_phase(app).clamp(0, MAX_PHASE);
    let explored = app.ui.teach.phase.is_some();
    let label = if explored {
        format!(" {p}/{MAX_PHASE} · mg {}% · ┃ real {real}", mg_percent(p))
    } else {
        format!(
            " {p:>2}/{MAX_PHASE} · mg {p}/{MAX_PHASE} {:>3}% · eg {}/{MAX_PHASE} {:>3}%",
            mg_percent(p),
            MAX_PHASE - p,
            100 - mg_percent(p)
        )
    };
    let style = if explored {
        Style::new().fg(theme.accent).add_modifier(Modifier::BOLD)
    } else {
        theme.dim_style()
    };
    const LEAD: &str = "Phase ";
    let gauge_w = width
        .saturating_sub(LEAD.len() as u16 + label.chars().count() as u16)
        .min(MAX_PHASE as u16);
    let cells = |v: i32| (v as u16 * gauge_w + MAX_PHASE as u16 / 2) / MAX_PHASE as u16;
    let filled = cells(p);
    // The real phase's cell: the last filled cell at that phase.
    let real_cell = cells(real).saturating_sub(1);
    let mut spans = vec![Span::styled(LEAD, style)];
    spans.extend((0..gauge_w).map(|i| {
        let (c, color) = if explored && i == real_cell {
            ("┃", theme.error)
        } else if i < filled {
            ("█", theme.accent)
        } else {
            ("░", theme.dim)
        };
        Span::styled(c, Style::new().fg(color))
    }));
    spans.push(Span::styled(label, Style::new().fg(theme.text)));
    Line::from(spans)
}

/// The NNUE output line, White's view: the final value, the raw output and
/// the phase scale; "not loaded" without a net.
fn nnue_line(app: &App, theme: &Theme) -> Line<'static> {
    let hce = app.view.trace.tapered;
    match &app.view.nnue {
        Some(e) => Line::styled(
            format!(
                "NNUE {:+} = raw {:+} × scale {:.3} │ HCE {hce:+}",
                e.final_white(),
                e.raw_cp * e.side_to_move.sign(),
                e.scale
            ),
            Style::new().fg(theme.text),
        ),
        None => Line::styled(
            format!("NNUE not loaded: raw — · scale — · final — │ HCE {hce:+}"),
            Style::new().fg(theme.error),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::mg_percent;

    #[test]
    fn the_phase_weights_round_to_the_nearest_and_add_up_to_100() {
        // 7/24 is 29.2%, 17/24 70.8%: "29% · 71%", not "29% · 70%".
        assert_eq!(mg_percent(7), 29);
        assert_eq!(100 - mg_percent(7), 71);
        assert_eq!(mg_percent(16), 67);
        assert_eq!((mg_percent(0), mg_percent(24)), (0, 100));
    }
}
