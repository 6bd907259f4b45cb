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
}
