//! The settings that name one of a few choices (theme, colours, pieces):
//! each read from its name, a bad name said with the ones it may be.

use serde::{Deserialize, Serialize};

/// Colour scheme of the board and panels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ThemeName {
    /// Wood-brown squares.
    #[default]
    Classic,
    /// Blue-grey squares.
    Ocean,
    /// For terminals with a light background.
    Light,
    /// The classic board in the 16 ANSI colours (as `colors = "16"`).
    Ansi,
}

impl ThemeName {
    /// The order `T` walks through.
    pub const CYCLE: [ThemeName; 3] = [ThemeName::Classic, ThemeName::Ocean, ThemeName::Light];

    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Classic => "classic",
            ThemeName::Ocean => "ocean",
            ThemeName::Light => "light",
            ThemeName::Ansi => "ansi",
        }
    }

    pub fn parse(s: &str) -> Option<ThemeName> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "classic" => ThemeName::Classic,
            "ocean" => ThemeName::Ocean,
            "light" => ThemeName::Light,
            "ansi" => ThemeName::Ansi,
            _ => return None,
        })
    }
}

/// How many colours to draw with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Default)]
pub enum ColorSetting {
    /// What the terminal announces (`NO_COLOR`, `COLORTERM`, `TERM`).
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "truecolor")]
    Truecolor,
    #[serde(rename = "256")]
    Ansi256,
    #[serde(rename = "16")]
    Ansi16,
    #[serde(rename = "mono")]
    Mono,
}

/// A setting named by a word (a number is read as its digits): `parse`
/// reads it, and anything else is answered with the words it takes
/// (`what` says them), not with serde's words for types.
fn named_setting<'de, D: serde::Deserializer<'de>, T>(
    d: D,
    parse: fn(&str) -> Option<T>,
    what: &str,
) -> Result<T, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Text(String),
        Number(i64),
    }
    let text = match Raw::deserialize(d) {
        Ok(Raw::Text(s)) => s,
        Ok(Raw::Number(n)) => n.to_string(),
        Err(_) => String::from("?"),
    };
    parse(&text).ok_or_else(|| serde::de::Error::custom(format!("'{text}' is not {what}")))
}

/// Read as `ColorSetting::parse` reads it, so `colors = 256` (a number)
/// is taken as `"256"` and a bad value is named in words.
impl<'de> Deserialize<'de> for ColorSetting {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        named_setting(
            d,
            ColorSetting::parse,
            "a colour depth: auto, truecolor, 256, 16 or mono",
        )
    }
}

impl<'de> Deserialize<'de> for ThemeName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        named_setting(
            d,
            ThemeName::parse,
            "a theme: classic, ocean, light or ansi",
        )
    }
}

impl<'de> Deserialize<'de> for PieceStyle {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        named_setting(
            d,
            PieceStyle::parse,
            "a piece style: auto, unicode or ascii",
        )
    }
}

impl ColorSetting {
    pub fn parse(s: &str) -> Option<ColorSetting> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "auto" => ColorSetting::Auto,
            "truecolor" | "24bit" | "24-bit" => ColorSetting::Truecolor,
            "256" => ColorSetting::Ansi256,
            "16" => ColorSetting::Ansi16,
            "mono" | "none" | "0" => ColorSetting::Mono,
            _ => return None,
        })
    }
}

/// How pieces are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Chess glyphs where the terminal has them, else letters.
    #[default]
    Auto,
    /// Chess glyphs (♞), coloured per side.
    Unicode,
    /// Letters: upper case White, lower case Black.
    Ascii,
}

impl PieceStyle {
    pub fn parse(s: &str) -> Option<PieceStyle> {
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "auto" => PieceStyle::Auto,
            "unicode" => PieceStyle::Unicode,
            "ascii" => PieceStyle::Ascii,
            _ => return None,
        })
    }

    /// The style drawn: `Auto` is chess glyphs where `glyphs` says the
    /// terminal has them.
    pub fn resolve(self, glyphs: bool) -> PieceStyle {
        match self {
            PieceStyle::Auto if glyphs => PieceStyle::Unicode,
            PieceStyle::Auto => PieceStyle::Ascii,
            other => other,
        }
    }

    /// Whether a terminal of this `TERM` draws chess glyphs: the Linux
    /// console's fonts have none (they show as boxes or diamonds).
    pub fn glyphs_in(term: Option<&str>) -> bool {
        term != Some("linux")
    }

    /// Whether the locale (the first of `LC_ALL`, `LC_CTYPE` and `LANG`
    /// that is set, as the C library reads them) lets the terminal show
    /// chess glyphs: one set to a locale that is not UTF-8 (`LANG=C`, an
    /// ISO-8859 one) does not; none set at all (a bare container) is
    /// taken as UTF-8, as terminals there mostly are.
    pub fn glyphs_in_locale(
        lc_all: Option<&str>,
        lc_ctype: Option<&str>,
        lang: Option<&str>,
    ) -> bool {
        match [lc_all, lc_ctype, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty())
        {
            Some(v) => {
                let v = v.to_ascii_lowercase();
                v.contains("utf-8") || v.contains("utf8")
            }
            None => true,
        }
    }
}
