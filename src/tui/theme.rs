//! Colours. A theme (classic wood, ocean blue, light for light-background
//! terminals) is drawn at the colour depth the terminal has: 24-bit,
//! the 256-colour palette (each colour mapped to its nearest), 16 colours
//! (a palette of its own per theme, chosen so that both sides' pieces and
//! both square colours read), or none (`NO_COLOR`, `TERM=dumb`): then
//! pieces are letters or outline/solid glyphs, dark squares are shaded
//! with a pattern and highlights use reverse video. Widgets take every
//! colour and highlight from here, so a theme change is one place.

use super::config::{ColorSetting, ThemeName};
use ratatui::style::{Color, Modifier, Style};

/// What the terminal can show.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ColorDepth {
    TrueColor,
    Ansi256,
    Ansi16,
    /// No colour at all.
    Mono,
}

impl ColorDepth {
    /// The depth the environment announces: `NO_COLOR` (any value) or
    /// `TERM=dumb` mean none; `COLORTERM=truecolor`/`24bit` means 24-bit;
    /// a `TERM` with `256color` in it 256 colours; anything else 16.
    pub fn detect(
        no_color: Option<&str>,
        colorterm: Option<&str>,
        term: Option<&str>,
    ) -> ColorDepth {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return ColorDepth::Mono;
        }
        let term = term.unwrap_or("");
        if term == "dumb" {
            return ColorDepth::Mono;
        }
        if matches!(
            colorterm.map(str::to_ascii_lowercase).as_deref(),
            Some("truecolor" | "24bit")
        ) {
            return ColorDepth::TrueColor;
        }
        if term.contains("256color") || term.contains("direct") {
            return ColorDepth::Ansi256;
        }
        ColorDepth::Ansi16
    }

    /// From this process's environment.
    pub fn from_env() -> ColorDepth {
        let var = |k: &str| std::env::var(k).ok();
        ColorDepth::detect(
            var("NO_COLOR").as_deref(),
            var("COLORTERM").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// The depth a setting asks for, `auto` being `detected`.
    pub fn from_setting(s: ColorSetting, detected: ColorDepth) -> ColorDepth {
        match s {
            ColorSetting::Auto => detected,
            ColorSetting::Truecolor => ColorDepth::TrueColor,
            ColorSetting::Ansi256 => ColorDepth::Ansi256,
            ColorSetting::Ansi16 => ColorDepth::Ansi16,
            ColorSetting::Mono => ColorDepth::Mono,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ColorDepth::TrueColor => "24-bit colour",
            ColorDepth::Ansi256 => "256 colours",
            ColorDepth::Ansi16 => "16 colours",
            ColorDepth::Mono => "no colour",
        }
    }
}

/// The palette the widgets draw with.
#[derive(Copy, Clone, Debug)]
pub struct Theme {
    pub depth: ColorDepth,
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
    /// The highlight behind the current move, a dialog's choice.
    pub current: Color,
    /// Text on `current`.
    pub on_current: Color,
    /// Comments in the move list.
    pub comment: Color,
    /// Heatmaps: the negative end, the middle and the positive end of the
    /// diverging scale, and the colour of squares marked without a value.
    pub heat_neg: Color,
    pub heat_mid: Color,
    pub heat_pos: Color,
    pub heat_mark: Color,
}

impl Theme {
    /// `name` at `depth`.
    pub fn get(name: ThemeName, depth: ColorDepth) -> Theme {
        let depth = if name == ThemeName::Ansi && depth != ColorDepth::Mono {
            ColorDepth::Ansi16
        } else {
            depth
        };
        match depth {
            ColorDepth::TrueColor => true_color(name),
            ColorDepth::Ansi256 => palette_256(name),
            ColorDepth::Ansi16 => sixteen(name),
            ColorDepth::Mono => mono(),
        }
    }

    /// Every colour through `f` (for the 256-colour approximation).
    fn map(self, f: fn(Color) -> Color) -> Theme {
        Theme {
            depth: ColorDepth::Ansi256,
            light: f(self.light),
            dark: f(self.dark),
            light_last: f(self.light_last),
            dark_last: f(self.dark_last),
            selected: f(self.selected),
            check: f(self.check),
            target: f(self.target),
            capture: f(self.capture),
            cursor: f(self.cursor),
            white_piece: f(self.white_piece),
            black_piece: f(self.black_piece),
            coord: f(self.coord),
            text: f(self.text),
            dim: f(self.dim),
            accent: f(self.accent),
            error: f(self.error),
            good: f(self.good),
            bar_white: f(self.bar_white),
            bar_black: f(self.bar_black),
            border: f(self.border),
            current: f(self.current),
            on_current: f(self.on_current),
            comment: f(self.comment),
            heat_neg: f(self.heat_neg),
            heat_mid: f(self.heat_mid),
            heat_pos: f(self.heat_pos),
            heat_mark: f(self.heat_mark),
        }
    }

    /// Whether colour is drawn at all.
    pub fn colored(&self) -> bool {
        self.depth != ColorDepth::Mono
    }

    /// Whether pieces must be told apart by their shape (outline White,
    /// solid Black, or letters) rather than by colour.
    pub fn pieces_by_shape(&self) -> bool {
        matches!(self.depth, ColorDepth::Ansi16 | ColorDepth::Mono)
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

    /// The mode badge in the status line: dark ink on the accent colour, or
    /// reverse video without colours (black ink would vanish on a dark
    /// terminal).
    pub fn badge(&self) -> Style {
        if self.colored() {
            Style::new()
                .bg(self.accent)
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// The current move, a dialog's chosen row: a background colour, or
    /// reverse video without colours.
    pub fn highlight(&self) -> Style {
        if self.colored() {
            Style::new()
                .bg(self.current)
                .fg(self.on_current)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
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
                let c = Color::Rgb(mix(r0, r1), mix(g0, g1), mix(b0, b1));
                if self.depth == ColorDepth::Ansi256 {
                    to_256(c)
                } else {
                    c
                }
            }
            _ if t.abs() < 1.0 / 3.0 => self.heat_mid,
            _ => end,
        }
    }

    /// Black or white, whichever reads better on `bg`.
    pub fn ink_on(&self, bg: Color) -> Color {
        let luma = |r: u8, g: u8, b: u8| 0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64;
        let light = match bg {
            Color::Rgb(r, g, b) => luma(r, g, b) > 140.0,
            Color::Indexed(i) => {
                let (r, g, b) = rgb_of_256(i);
                luma(r, g, b) > 140.0
            }
            Color::Gray
            | Color::Yellow
            | Color::White
            | Color::LightYellow
            | Color::Cyan
            | Color::LightCyan
            | Color::Green
            | Color::LightGreen => true,
            _ => false,
        };
        match (self.depth, light) {
            (ColorDepth::TrueColor, true) => Color::Rgb(0, 0, 0),
            (ColorDepth::TrueColor, false) => Color::Rgb(255, 255, 255),
            (_, true) => Color::Black,
            (_, false) => Color::White,
        }
    }
}

/// The 24-bit palettes.
fn true_color(name: ThemeName) -> Theme {
    let classic = Theme {
        depth: ColorDepth::TrueColor,
        // Every square a piece stands on is a middle tone, so that White's
        // white ink and Black's black ink both read on it (at least 3:1,
        // `pieces_read_on_every_square`); light and dark squares stay
        // apart by about 2:1.
        light: Color::Rgb(168, 143, 109),
        dark: Color::Rgb(118, 86, 56),
        light_last: Color::Rgb(155, 146, 73),
        dark_last: Color::Rgb(114, 101, 33),
        selected: Color::Rgb(87, 136, 71),
        check: Color::Rgb(198, 64, 55),
        target: Color::Rgb(20, 45, 20),
        capture: Color::Rgb(176, 105, 79),
        cursor: Color::Rgb(150, 230, 255),
        white_piece: Color::Rgb(255, 255, 255),
        black_piece: Color::Rgb(0, 0, 0),
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
        on_current: Color::Rgb(255, 255, 255),
        comment: Color::Rgb(130, 190, 130),
        heat_neg: Color::Rgb(196, 67, 52),
        heat_mid: Color::Rgb(127, 123, 118),
        heat_pos: Color::Rgb(52, 115, 197),
        heat_mark: Color::Rgb(160, 135, 46),
    };
    match name {
        ThemeName::Classic | ThemeName::Ansi => classic,
        ThemeName::Ocean => Theme {
            light: Color::Rgb(138, 148, 157),
            dark: Color::Rgb(73, 94, 117),
            light_last: Color::Rgb(122, 152, 122),
            dark_last: Color::Rgb(74, 109, 81),
            selected: Color::Rgb(147, 120, 55),
            ..classic
        },
        // Dark ink on a light terminal: every colour that stands on the
        // terminal's own background is darker, the eval bar's White part
        // is grey so that it does not vanish into a white background.
        ThemeName::Light => Theme {
            coord: Color::Rgb(105, 105, 105),
            dim: Color::Rgb(110, 110, 110),
            accent: Color::Rgb(0, 85, 175),
            error: Color::Rgb(185, 30, 30),
            good: Color::Rgb(25, 125, 25),
            bar_white: Color::Rgb(215, 215, 215),
            bar_black: Color::Rgb(45, 45, 45),
            border: Color::Rgb(150, 150, 160),
            current: Color::Rgb(175, 205, 245),
            on_current: Color::Rgb(0, 0, 0),
            comment: Color::Rgb(30, 115, 30),
            ..classic
        },
    }
}

/// The 24-bit palette in the 256-colour palette: each colour its nearest,
/// but the squares chosen by hand, as the nearest of the middle tones
/// lose their hue (a brown dark square would turn pink).
fn palette_256(name: ThemeName) -> Theme {
    let nearest = true_color(name).map(to_256);
    let (light, dark) = match name {
        ThemeName::Ocean => (103, 24),
        _ => (137, 94),
    };
    Theme {
        light: Color::Indexed(light),
        dark: Color::Indexed(dark),
        ..nearest
    }
}

/// The 16-colour palettes: both sides' pieces in black ink, told apart by
/// shape (outline White, solid Black), on squares light enough for black
/// ink, so that no piece is white on grey. The squares use the eight
/// low colours only: the Linux console shows no bright background (it
/// folds bright yellow onto yellow, the last move onto a dark square),
/// and each of a square's states has its own colour.
fn sixteen(name: ThemeName) -> Theme {
    let base = Theme {
        depth: ColorDepth::Ansi16,
        light: Color::Gray,
        dark: Color::Yellow,
        light_last: Color::Cyan,
        dark_last: Color::Green,
        selected: Color::Magenta,
        check: Color::Red,
        target: Color::Black,
        capture: Color::Red,
        cursor: Color::Blue,
        white_piece: Color::Black,
        black_piece: Color::Black,
        coord: Color::Reset,
        text: Color::Reset,
        dim: Color::DarkGray,
        accent: Color::Cyan,
        error: Color::LightRed,
        good: Color::Green,
        bar_white: Color::White,
        bar_black: Color::DarkGray,
        border: Color::DarkGray,
        current: Color::Blue,
        on_current: Color::White,
        comment: Color::Green,
        heat_neg: Color::Red,
        heat_mid: Color::Gray,
        heat_pos: Color::Blue,
        heat_mark: Color::Yellow,
    };
    match name {
        ThemeName::Classic | ThemeName::Ansi => base,
        ThemeName::Ocean => Theme {
            dark: Color::Cyan,
            light_last: Color::Yellow,
            ..base
        },
        ThemeName::Light => Theme {
            dark: Color::Green,
            light_last: Color::Yellow,
            dark_last: Color::Cyan,
            accent: Color::Blue,
            error: Color::Red,
            bar_white: Color::Gray,
            bar_black: Color::Black,
            current: Color::Cyan,
            on_current: Color::Black,
            ..base
        },
    }
}

/// No colour: everything in the terminal's own colours.
fn mono() -> Theme {
    let r = Color::Reset;
    Theme {
        depth: ColorDepth::Mono,
        light: r,
        dark: r,
        light_last: r,
        dark_last: r,
        selected: r,
        check: r,
        target: r,
        capture: r,
        cursor: r,
        white_piece: r,
        black_piece: r,
        coord: r,
        text: r,
        dim: r,
        accent: r,
        error: r,
        good: r,
        bar_white: r,
        bar_black: r,
        border: r,
        current: r,
        on_current: r,
        comment: r,
        heat_neg: r,
        heat_mid: r,
        heat_pos: r,
        heat_mark: r,
    }
}

/// The cube levels of the 256-colour palette.
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The nearest of the 256-colour palette's colours to an RGB colour (its
/// 6x6x6 cube or its grey ramp); other colours pass through.
pub fn to_256(c: Color) -> Color {
    let Color::Rgb(r, g, b) = c else {
        return c;
    };
    let level = |v: u8| -> usize {
        (0..6)
            .min_by_key(|&i| (CUBE[i] as i32 - v as i32).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let dist = |x: u8, y: u8, z: u8| {
        let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2);
        d(x, r) + d(y, g) + d(z, b)
    };
    let cube_d = dist(CUBE[ri], CUBE[gi], CUBE[bi]);
    // The grey ramp: 24 steps from 8 to 238.
    let avg = (r as u32 + g as u32 + b as u32) / 3;
    let step = ((avg.saturating_sub(8) + 5) / 10).min(23) as u8;
    let grey = 8 + 10 * step;
    if dist(grey, grey, grey) < cube_d {
        Color::Indexed(232 + step)
    } else {
        Color::Indexed(16 + 36 * ri as u8 + 6 * gi as u8 + bi as u8)
    }
}

/// The RGB of a 256-colour palette index (cube and grey ramp; the first
/// 16 approximated by xterm's defaults).
fn rgb_of_256(i: u8) -> (u8, u8, u8) {
    match i {
        16..=231 => {
            let k = i - 16;
            (
                CUBE[(k / 36) as usize],
                CUBE[((k / 6) % 6) as usize],
                CUBE[(k % 6) as usize],
            )
        }
        232..=255 => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
        7 | 15 => (229, 229, 229),
        8 => (127, 127, 127),
        _ => (0, 0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_scale_runs_from_end_to_end() {
        let t = Theme::get(ThemeName::Classic, ColorDepth::TrueColor);
        assert_eq!(t.heat(-1.0), t.heat_neg);
        assert_eq!(t.heat(0.0), t.heat_mid);
        assert_eq!(t.heat(1.0), t.heat_pos);
        assert_eq!(t.heat(7.0), t.heat_pos);
        assert_eq!(t.heat(f64::NAN), t.heat_mid);
        let a = Theme::get(ThemeName::Ansi, ColorDepth::TrueColor);
        assert_eq!(a.depth, ColorDepth::Ansi16);
        assert_eq!(a.heat(-0.9), Color::Red);
        assert_eq!(a.heat(0.1), Color::Gray);
        assert_eq!(t.ink_on(Color::Rgb(250, 250, 250)), Color::Rgb(0, 0, 0));
    }

    #[test]
    fn depth_from_the_environment() {
        use ColorDepth::*;
        assert_eq!(
            ColorDepth::detect(Some("1"), Some("truecolor"), Some("xterm-256color")),
            Mono
        );
        assert_eq!(
            ColorDepth::detect(Some(""), Some("truecolor"), None),
            TrueColor
        );
        assert_eq!(ColorDepth::detect(None, None, Some("dumb")), Mono);
        assert_eq!(
            ColorDepth::detect(None, Some("24bit"), Some("xterm")),
            TrueColor
        );
        assert_eq!(
            ColorDepth::detect(None, None, Some("tmux-256color")),
            Ansi256
        );
        assert_eq!(ColorDepth::detect(None, None, Some("xterm")), Ansi16);
        assert_eq!(ColorDepth::detect(None, None, None), Ansi16);
    }

    #[test]
    fn the_256_palette_is_nearest() {
        assert_eq!(to_256(Color::Rgb(0, 0, 0)), Color::Indexed(16));
        assert_eq!(to_256(Color::Rgb(255, 255, 255)), Color::Indexed(231));
        assert_eq!(to_256(Color::Rgb(128, 128, 128)), Color::Indexed(244));
        assert_eq!(to_256(Color::Rgb(255, 0, 0)), Color::Indexed(196));
        assert_eq!(to_256(Color::Reset), Color::Reset);
        let t = Theme::get(ThemeName::Classic, ColorDepth::Ansi256);
        assert!(matches!(t.light, Color::Indexed(_)));
        assert_eq!(t.text, Color::Reset);
    }

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: Color, b: Color) -> f64 {
        let rgb = |c: Color| match c {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(i) => rgb_of_256(i),
            other => panic!("{other:?} is not a palette colour"),
        };
        let luminance = |c: Color| {
            let (r, g, b) = rgb(c);
            let lin = |v: u8| {
                let v = v as f64 / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        };
        let (x, y) = (luminance(a) + 0.05, luminance(b) + 0.05);
        x.max(y) / x.min(y)
    }

    #[test]
    fn pieces_read_on_every_square() {
        for name in ThemeName::CYCLE {
            let depths = [
                (ColorDepth::TrueColor, 3.0, 1.9),
                (ColorDepth::Ansi256, 2.7, 1.7),
            ];
            for (depth, least, apart) in depths {
                let t = Theme::get(name, depth);
                let mut squares = vec![
                    ("light", t.light),
                    ("dark", t.dark),
                    ("light_last", t.light_last),
                    ("dark_last", t.dark_last),
                    ("selected", t.selected),
                    ("check", t.check),
                    ("capture", t.capture),
                    ("heat_mark", t.heat_mark),
                ];
                for k in -4..=4 {
                    squares.push(("heat", t.heat(k as f64 / 4.0)));
                }
                for (what, bg) in squares {
                    for ink in [t.white_piece, t.black_piece] {
                        let c = contrast(ink, bg);
                        assert!(
                            c >= least,
                            "{name:?} at {depth:?}: {ink:?} on {what} {bg:?} is {c:.2}:1"
                        );
                    }
                    assert!(
                        contrast(t.target, bg) >= 2.0,
                        "{name:?} {depth:?} target on {what}"
                    );
                }
                assert!(
                    contrast(t.light, t.dark) >= apart,
                    "{name:?} {depth:?} squares"
                );
                for sq in [t.light, t.dark] {
                    assert!(contrast(t.cursor, sq) >= 2.0, "{name:?} {depth:?} cursor");
                }
            }
        }
    }
}
