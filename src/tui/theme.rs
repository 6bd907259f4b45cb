//! Colours. One `Theme` per config name; widgets take every colour from
//! here so a theme change is one place.

use super::config::ThemeName;
use ratatui::style::{Color, Modifier, Style};

/// The palette the widgets draw with.
#[derive(Copy, Clone, Debug)]
pub struct Theme {
    pub light: Color,
    pub dark: Color,
    pub light_last: Color,
    pub dark_last: Color,
    pub selected: Color,
    pub check: Color,
    pub target: Color,
    pub capture: Color,
    pub cursor: Color,
    pub white_piece: Color,
    pub black_piece: Color,
    pub coord: Color,
    pub text: Color,
    pub dim: Color,
    pub accent: Color,
    pub error: Color,
    pub good: Color,
    pub bar_white: Color,
    pub bar_black: Color,
    pub border: Color,
    pub current: Color,
    /// Heatmaps: the negative end, the middle and the positive end of the
    /// diverging scale, and the colour of squares marked without a value.
    pub heat_neg: Color,
    pub heat_mid: Color,
    pub heat_pos: Color,
    pub heat_mark: Color,
}

impl Theme {
    pub fn get(name: ThemeName) -> Theme {
        match name {
            ThemeName::Classic => Theme {
                light: Color::Rgb(222, 190, 146),
                dark: Color::Rgb(166, 121, 80),
                light_last: Color::Rgb(226, 214, 110),
                dark_last: Color::Rgb(186, 166, 60),
                selected: Color::Rgb(110, 170, 90),
                check: Color::Rgb(215, 70, 60),
                target: Color::Rgb(40, 90, 40),
                capture: Color::Rgb(200, 120, 90),
                cursor: Color::Rgb(30, 60, 200),
                white_piece: Color::Rgb(255, 255, 255),
                black_piece: Color::Rgb(10, 10, 10),
                coord: Color::Rgb(150, 150, 150),
                text: Color::Reset,
                dim: Color::Rgb(128, 128, 128),
                accent: Color::Rgb(95, 175, 255),
                error: Color::Rgb(255, 95, 95),
                good: Color::Rgb(120, 200, 120),
                bar_white: Color::Rgb(235, 235, 235),
                bar_black: Color::Rgb(50, 50, 50),
                border: Color::Rgb(100, 100, 110),
                current: Color::Rgb(60, 90, 150),
                heat_neg: Color::Rgb(205, 70, 55),
                heat_mid: Color::Rgb(150, 146, 140),
                heat_pos: Color::Rgb(55, 120, 205),
                heat_mark: Color::Rgb(200, 170, 60),
            },
            ThemeName::Ocean => Theme {
                light: Color::Rgb(200, 214, 226),
                dark: Color::Rgb(108, 138, 170),
                light_last: Color::Rgb(170, 210, 170),
                dark_last: Color::Rgb(110, 160, 120),
                selected: Color::Rgb(230, 190, 90),
                ..Theme::get(ThemeName::Classic)
            },
            ThemeName::Ansi => Theme {
                light: Color::Gray,
                dark: Color::DarkGray,
                light_last: Color::LightYellow,
                dark_last: Color::Yellow,
                selected: Color::Green,
                check: Color::Red,
                target: Color::Green,
                capture: Color::LightRed,
                cursor: Color::Blue,
                white_piece: Color::White,
                black_piece: Color::Black,
                coord: Color::Gray,
                text: Color::Reset,
                dim: Color::DarkGray,
                accent: Color::Cyan,
                error: Color::LightRed,
                good: Color::LightGreen,
                bar_white: Color::White,
                bar_black: Color::DarkGray,
                border: Color::DarkGray,
                current: Color::Blue,
                heat_neg: Color::Red,
                heat_mid: Color::Gray,
                heat_pos: Color::Blue,
                heat_mark: Color::Yellow,
            },
        }
    }

    pub fn title(&self) -> Style {
        Style::new().fg(self.accent).add_modifier(Modifier::BOLD)
    }

    pub fn border_style(&self) -> Style {
        Style::new().fg(self.border)
    }

    pub fn dim_style(&self) -> Style {
        Style::new().fg(self.dim)
    }

    /// A colour on the diverging heat scale: `t` from -1 (negative end)
    /// through 0 (middle) to 1 (positive end). True-colour themes blend;
    /// the others pick the nearest of the three colours.
    pub fn heat(&self, t: f64) -> Color {
        let t = if t.is_finite() {
            t.clamp(-1.0, 1.0)
        } else {
            0.0
        };
        let end = if t < 0.0 {
            self.heat_neg
        } else {
            self.heat_pos
        };
        match (self.heat_mid, end) {
            (Color::Rgb(r0, g0, b0), Color::Rgb(r1, g1, b1)) => {
                let a = t.abs();
                let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * a).round() as u8;
                Color::Rgb(mix(r0, r1), mix(g0, g1), mix(b0, b1))
            }
            _ if t.abs() < 1.0 / 3.0 => self.heat_mid,
            _ => end,
        }
    }

    /// Black or white, whichever reads better on `bg`.
    pub fn ink_on(&self, bg: Color) -> Color {
        match bg {
            Color::Rgb(r, g, b) => {
                let luma = 0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64;
                if luma > 140.0 {
                    Color::Rgb(0, 0, 0)
                } else {
                    Color::Rgb(255, 255, 255)
                }
            }
            Color::Gray | Color::Yellow | Color::White | Color::LightYellow => Color::Black,
            _ => Color::White,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_scale_runs_from_end_to_end() {
        let t = Theme::get(ThemeName::Classic);
        assert_eq!(t.heat(-1.0), t.heat_neg);
        assert_eq!(t.heat(0.0), t.heat_mid);
        assert_eq!(t.heat(1.0), t.heat_pos);
        assert_eq!(t.heat(7.0), t.heat_pos);
        assert_eq!(t.heat(f64::NAN), t.heat_mid);
        let a = Theme::get(ThemeName::Ansi);
        assert_eq!(a.heat(-0.9), Color::Red);
        assert_eq!(a.heat(0.1), Color::Gray);
        assert_eq!(t.ink_on(Color::Rgb(250, 250, 250)), Color::Rgb(0, 0, 0));
    }
}
