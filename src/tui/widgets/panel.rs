//! The side panel: one of the teaching views, chosen with `v` / `V`:
//! Terms (the trace), Explain (the selected term in words and squares),
//! Deltas (what moves change, or with `J` a report explanation's two
//! positions side by side), HCE vs NNUE, and Packed (the packed `i32`
//! arithmetic). The title names the view; its right end names the next.

use super::{put, titled};
use crate::engine::EvalKind;
use crate::tui::app::App;
use crate::tui::teach::PanelView;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let view = app.ui.teach.panel;
    let title = match view {
        PanelView::Terms => match app.ui.eval_view {
            EvalKind::Hce => "Eval · HCE · White's view, cp · e: NNUE".to_string(),
            EvalKind::Nnue => "Eval · NNUE · White's view, cp · e: HCE".to_string(),
        },
        PanelView::Explain => format!("Explain · {}", app.ui.teach.term_or_first().name()),
        PanelView::Deltas if app.report.pair_open => {
            "Report · played line vs better line".to_string()
        }
        PanelView::Deltas => "Move deltas · White's view, cp".to_string(),
        PanelView::Compare => "HCE vs NNUE · White's view, pawns".to_string(),
        PanelView::Packed => "Packed arithmetic · (eg << 16) + mg".to_string(),
    };
    let inner = titled(buf, area, &title, theme);
    let hint = format!(" v ▸ {} ", view.step(1).name());
    let (tw, hw) = (title.chars().count() as u16, hint.chars().count() as u16);
    if area.height > 0 && tw + hw + 6 <= area.width {
        put(
            buf,
            area.x + area.width - hw - 1,
            area.y,
            &hint,
            theme.dim_style(),
            hw,
        );
    }
    match view {
        PanelView::Terms => super::terms::render(app, theme, inner, buf),
        PanelView::Explain => super::explain::render(app, theme, inner, buf),
        PanelView::Deltas if app.report.pair_open => {
            super::report_pair::render(app, theme, inner, buf)
        }
        PanelView::Deltas => super::deltas::render(app, theme, inner, buf),
        PanelView::Compare => super::compare::render(app, theme, inner, buf),
        PanelView::Packed => super::packed::render(app, theme, inner, buf),
    }
}
