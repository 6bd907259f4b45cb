//! The "Packed" panel view: the packed arithmetic made visible for the
//! selected term (Tab) and a second one (b): each as a hex `i32` with its
//! two 16-bit halves, their sum done as one integer addition and half by
//! half, and that sum tapered at the shown phase. A negative midgame half
//! shows its borrow; when none is on show, a worked example does. The lines
//! come from `eval::teach::packed`, as in `tapir eval --explain`.

use super::put_fit;
use crate::eval::phase::{taper, MAX_PHASE};
use crate::eval::teach::packed::{borrow_rule, explain_sum, explain_value};
use crate::tui::app::App;
use crate::tui::heat::shown_phase;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// Panel rows from which the second term is taken apart too.
const ROWS_FOR_BOTH: usize = 16;

/// Every line of the view, with whether it is a heading.
pub fn lines(app: &App, room: usize) -> Vec<(String, bool)> {
    let a = app.ui.teach.term_or_first();
    let b = app.ui.teach.second_term();
    let (va, vb) = (
        app.view.trace.terms[a as usize].total(),
        app.view.trace.terms[b as usize].total(),
    );
    let sum = va + vb;
    let p = shown_phase(app);
    let mut out: Vec<(String, bool)> = Vec::new();
    out.extend(explain_value(a.name(), va).into_iter().map(|l| (l, false)));
    // The second operand taken apart too, when there is room for it.
    let with_b = room >= ROWS_FOR_BOTH;
    if with_b {
        out.extend(explain_value(b.name(), vb).into_iter().map(|l| (l, false)));
    }
    out.push((
        "Sum of two terms, White − Black (b: the second):".to_string(),
        true,
    ));
    out.extend(
        explain_sum((a.name(), va), (b.name(), vb))
            .into_iter()
            .map(|l| (l, false)),
    );
    out.push((
        format!(
            "tapered at {p}/{MAX_PHASE}: ({}×{p} {}×{}) / {MAX_PHASE} = {} cp",
            sum.mg(),
            crate::eval::teach::plus(sum.eg()),
            MAX_PHASE - p,
            taper(sum, p)
        ),
        false,
    ));
    let negative = va.mg() < 0 || (with_b && vb.mg() < 0);
    if !negative {
        out.extend(borrow_rule().into_iter().map(|l| (l, false)));
    }
    out
}

pub fn render(app: &App, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 || inner.width < 20 {
        return;
    }
    let text = Style::new().fg(theme.text);
    let head = Style::new().fg(theme.accent).add_modifier(Modifier::BOLD);
    for (k, (line, is_head)) in lines(app, inner.height as usize).iter().enumerate() {
        let y = inner.y + k as u16;
        if y >= inner.y + inner.height {
            break;
        }
        put_fit(
            buf,
            inner.x,
            y,
            line,
            if *is_head { head } else { text },
            inner.width,
        );
    }
}
