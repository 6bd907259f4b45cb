//! The eval bar: a vertical gauge beside the board, White's share growing
//! from White's side of the board, in half-cell steps. A mate fills it.

use crate::engine::Score;
use crate::tui::app::{App, Outcome};
use crate::tui::layout::Areas;
use crate::tui::params::EVAL_BAR_SCALE;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// White's share of the bar, 0..=1: a logistic curve that reaches 3/4 at
/// `EVAL_BAR_SCALE` centipawns.
pub fn white_share(s: Score) -> f64 {
    match s {
        Score::Mate(m) if m > 0 => 1.0,
        Score::Mate(0) => 0.5,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => {
            let k = 3f64.ln() / EVAL_BAR_SCALE;
            1.0 / (1.0 + (-k * cp as f64).exp())
        }
    }
}

/// White's share for the shown position: the result once the game is
/// over (all to the winner, half for a draw), else from the score.
fn shown_share(app: &App) -> f64 {
    match app.outcome() {
        Some(Outcome::Mated(loser) | Outcome::Flagged(loser)) => {
            if loser == crate::chess::Color::White {
                0.0
            } else {
                1.0
            }
        }
        Some(Outcome::Draw) => 0.5,
        None => white_share(app.display_score()),
    }
}

pub fn render(app: &App, theme: &Theme, a: &Areas, buf: &mut Buffer) {
    let r = a.bar;
    // A game that hides the evaluation draws no bar.
    if r.height == 0 || r.width == 0 || app.eval_hidden() {
        return;
    }
    let units = r.height as u32 * 2;
    let white_units = (shown_share(app) * units as f64).round() as u32;
    for i in 0..r.height {
        // i counts rows from White's end of the bar.
        let y = if app.ui.flipped {
            r.y + i
        } else {
            r.y + r.height - 1 - i
        };
        let lo = i as u32 * 2;
        let (sym, fg, bg) = match white_units.saturating_sub(lo) {
            // Without colour, White's part is solid and Black's shaded.
            0 if !theme.colored() => ("░", theme.bar_black, theme.bar_black),
            _ if !theme.colored() => ("█", theme.bar_white, theme.bar_white),
            0 => (" ", theme.bar_black, theme.bar_black),
            1 if app.ui.flipped => ("▀", theme.bar_white, theme.bar_black),
            1 => ("▄", theme.bar_white, theme.bar_black),
            _ => (" ", theme.bar_white, theme.bar_white),
        };
        for x in r.x..r.x + r.width {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_symbol(sym).set_style(Style::new().fg(fg).bg(bg));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_is_monotonic_and_saturates() {
        assert_eq!(white_share(Score::Cp(0)), 0.5);
        assert!((white_share(Score::Cp(400)) - 0.75).abs() < 1e-9);
        assert!(white_share(Score::Cp(-100)) < white_share(Score::Cp(100)));
        assert_eq!(white_share(Score::Mate(3)), 1.0);
        assert_eq!(white_share(Score::Mate(-3)), 0.0);
    }
}
