//! Circles and arrows drawn on the board, kept in a move's comment as
//! Lichess, ChessBase and En Croissant write them: `[%csl Gd4,Re5]`
//! circles squares and `[%cal Ge2e4]` draws arrows, each led by a colour
//! letter (G, R, Y, B). The comment is the store, so the shapes travel
//! with the game into every PGN and every undo.

use super::annotations::{commands, without_named};
use crate::chess::Square;

/// The four colours every PGN tool that draws shapes knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShapeColor {
    Green,
    Red,
    Yellow,
    Blue,
}

impl ShapeColor {
    pub const ALL: [ShapeColor; 4] = [
        ShapeColor::Green,
        ShapeColor::Red,
        ShapeColor::Yellow,
        ShapeColor::Blue,
    ];

    /// The letter a comment writes it with.
    pub fn letter(self) -> char {
        match self {
            ShapeColor::Green => 'G',
            ShapeColor::Red => 'R',
            ShapeColor::Yellow => 'Y',
            ShapeColor::Blue => 'B',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ShapeColor::Green => "green",
            ShapeColor::Red => "red",
            ShapeColor::Yellow => "yellow",
            ShapeColor::Blue => "blue",
        }
    }

    /// "g", "G", "green" (any case), as a comment or a user writes it.
    pub fn parse(s: &str) -> Option<ShapeColor> {
        let s = s.to_ascii_lowercase();
        ShapeColor::ALL
            .into_iter()
            .find(|c| s == c.name() || s == c.letter().to_ascii_lowercase().to_string())
    }
}

/// A circled square (`from == to`) or an arrow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub from: Square,
    pub to: Square,
    pub color: ShapeColor,
}

impl Shape {
    pub fn is_circle(self) -> bool {
        self.from == self.to
    }

    /// "a green arrow e2-e4", "a red circle on d4".
    pub fn describe(self) -> String {
        match self.is_circle() {
            true => format!("a {} circle on {}", self.color.name(), self.from),
            false => format!("a {} arrow {}-{}", self.color.name(), self.from, self.to),
        }
    }

    /// "Ge2e4", "Rd4": the shape in a `[%cal]` or `[%csl]` list.
    fn token(self) -> String {
        match self.is_circle() {
            true => format!("{}{}", self.color.letter(), self.from),
            false => format!("{}{}{}", self.color.letter(), self.from, self.to),
        }
    }
}

/// The shapes a comment draws, circles first, in the order written. A
/// token that is no shape ("Xd4", "Ge9") is passed over, as Lichess does;
/// an arrow from a square to itself is read as a circle.
pub fn shapes(comment: &str) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for name in ["csl", "cal"] {
        for c in commands(comment).into_iter().filter(|c| c.name == name) {
            for token in c.value.split([',', ' ']).filter(|t| !t.is_empty()) {
                if let Some(s) = parse_token(token, name == "cal") {
                    // One shape per place: a later one recolours it.
                    match out.iter_mut().find(|o| (o.from, o.to) == (s.from, s.to)) {
                        Some(o) => o.color = s.color,
                        None => out.push(s),
                    }
                }
            }
        }
    }
    out
}

fn parse_token(token: &str, arrow: bool) -> Option<Shape> {
    let color = ShapeColor::parse(token.get(..1)?)?;
    let from = Square::parse(token.get(1..3)?)?;
    let to = match (arrow, token.get(3..)) {
        (true, Some(rest)) => Square::parse(rest)?,
        (false, Some("")) => from,
        _ => return None,
    };
    Some(Shape { from, to, color })
}

/// `comment` with `shape` drawn as Lichess draws: the same shape in the
/// same colour again takes it away, in another colour recolours it. With
/// the new comment, whether the shape is now there.
pub fn toggle(comment: &str, shape: Shape) -> (String, bool) {
    let mut all = shapes(comment);
    let place = all
        .iter()
        .position(|s| (s.from, s.to) == (shape.from, shape.to));
    let drawn = match place {
        Some(i) if all[i].color == shape.color => {
            all.remove(i);
            false
        }
        Some(i) => {
            all[i].color = shape.color;
            true
        }
        None => {
            all.push(shape);
            true
        }
    };
    (with_shapes(comment, &all), drawn)
}

/// `comment` with no shapes: its words and other commands as they were.
pub fn cleared(comment: &str) -> String {
    with_shapes(comment, &[])
}

/// `comment` drawing exactly `all`: the old `[%csl]` and `[%cal]` go, one
/// of each (where there is any) follows what is left.
fn with_shapes(comment: &str, all: &[Shape]) -> String {
    let mut out = without_named(comment, &["csl", "cal"]);
    for (name, circles) in [("csl", true), ("cal", false)] {
        let tokens: Vec<String> = all
            .iter()
            .filter(|s| s.is_circle() == circles)
            .map(|s| s.token())
            .collect();
        if tokens.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format!("[%{name} {}]", tokens.join(",")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn reads_what_lichess_writes_and_passes_over_the_rest() {
        let c = "Strong. [%csl Gd4,Re5][%cal Ge2e4,Bg1f3] [%clk 0:01:00]";
        let s = shapes(c);
        assert_eq!(s.len(), 4);
        assert_eq!(
            s[0],
            Shape {
                from: sq("d4"),
                to: sq("d4"),
                color: ShapeColor::Green
            }
        );
        assert!(s[1].is_circle() && s[1].color == ShapeColor::Red);
        assert_eq!((s[2].from, s[2].to), (sq("e2"), sq("e4")));
        assert_eq!(s[3].color, ShapeColor::Blue);
        assert_eq!(s[3].describe(), "a blue arrow g1-f3");
        // Bad tokens, odd spacing, a circle written as an arrow.
        let odd = shapes("[%csl Xd4, Gz9,,Yh8 G] [%cal Ge2,Ra1a1,Ge2e4e5] [%cal]");
        assert_eq!(odd.len(), 2, "{odd:?}");
        assert!(odd.iter().all(|s| s.is_circle()));
        assert!(shapes("no shapes [%eval 0.3]").is_empty());
    }

    #[test]
    fn drawing_twice_takes_away_and_another_colour_recolours() {
        let green = Shape {
            from: sq("e2"),
            to: sq("e4"),
            color: ShapeColor::Green,
        };
        let (c, on) = toggle("Good move. [%clk 0:01:00]", green);
        assert!(on);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%cal Ge2e4]");
        let red = Shape {
            color: ShapeColor::Red,
            ..green
        };
        let (c, on) = toggle(&c, red);
        assert!(on);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%cal Re2e4]");
        let circle = Shape {
            from: sq("d5"),
            to: sq("d5"),
            color: ShapeColor::Yellow,
        };
        let (c, _) = toggle(&c, circle);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%csl Yd5] [%cal Re2e4]");
        let (c, on) = toggle(&c, red);
        assert!(!on);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%csl Yd5]");
        // The words and the clock stay when every shape goes.
        assert_eq!(cleared(&c), "Good move. [%clk 0:01:00]");
        assert_eq!(cleared("[%cal Ge2e4]"), "");
        let (c, _) = toggle("", circle);
        assert_eq!(c, "[%csl Yd5]");
    }

    #[test]
    fn colours_by_letter_or_name() {
        assert_eq!(ShapeColor::parse("r"), Some(ShapeColor::Red));
        assert_eq!(ShapeColor::parse("Yellow"), Some(ShapeColor::Yellow));
        assert_eq!(ShapeColor::parse("purple"), None);
    }
}
