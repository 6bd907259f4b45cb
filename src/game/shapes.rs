//! Circles and arrows drawn on the board, kept in a move's comment as
//! Lichess, ChessBase and En Croissant write them: `[%csl Gd4,Re5]`
//! circles squares and `[%cal Ge2e4]` draws arrows, each led by a colour
//! letter (G, R, Y, B). The comment is the store, so the shapes travel
//! with the game into every PGN and every undo.

use super::annotations::{commands, rewrite};
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
            for token in tokens(c.value) {
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

/// The entries of a `[%csl]` or `[%cal]` list ("Gd4,Re5"; some tools
/// write blanks between them).
fn tokens(value: &str) -> impl Iterator<Item = &str> {
    value.split([',', ' ']).filter(|t| !t.is_empty())
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

/// What drawing a shape did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Drawn {
    Added,
    TakenAway,
    /// Drawn in another colour over one of this colour.
    Recoloured(ShapeColor),
}

/// `comment` with `shape` drawn as Lichess draws: the same shape in the
/// same colour again takes it away, in another colour recolours it. Only
/// the tokens of that square or arrow change: the comment's words, its
/// other commands and any token tapir cannot read stay as written.
pub fn toggle(comment: &str, shape: Shape) -> (String, Drawn) {
    let place = (shape.from, shape.to);
    let at = |t: &str, name: &str| {
        parse_token(t, name == "cal").is_some_and(|s| (s.from, s.to) == place)
    };
    let now = shapes(comment)
        .into_iter()
        .find(|s| (s.from, s.to) == place);
    match now {
        Some(s) if s.color == shape.color => {
            let new = edit_shape_commands(comment, |name, tokens| {
                tokens.retain(|t| !at(t, name));
            });
            (new, Drawn::TakenAway)
        }
        Some(s) => {
            // The first token there takes the new colour; any later one
            // for the same place (a file may repeat one) goes.
            let done = std::cell::Cell::new(false);
            let new = edit_shape_commands(comment, |name, tokens| {
                tokens.retain_mut(|t| match at(t, name) {
                    false => true,
                    true if done.get() => false,
                    true => {
                        done.set(true);
                        *t = shape.token();
                        true
                    }
                });
            });
            (new, Drawn::Recoloured(s.color))
        }
        None => {
            let name = if shape.is_circle() { "csl" } else { "cal" };
            let last = commands(comment).iter().filter(|c| c.name == name).count();
            // Words ending in an unclosed `[%` would swallow a list after
            // them: it then goes first, as `replace_words` puts commands.
            let open = comment
                .rfind("[%")
                .is_some_and(|i| !comment[i..].contains(']'));
            let new = if last == 0 && open {
                format!("[%{name} {}] {comment}", shape.token())
            } else if last == 0 {
                format!("{comment} [%{name} {}]", shape.token())
                    .trim()
                    .to_string()
            } else {
                // Added to the last list of its kind.
                let seen = std::cell::Cell::new(0);
                edit_shape_commands(comment, |n, tokens| {
                    if n == name {
                        seen.set(seen.get() + 1);
                        if seen.get() == last {
                            tokens.push(shape.token());
                        }
                    }
                })
            };
            (new, Drawn::Added)
        }
    }
}

/// `comment` with no shapes: its words and other commands as they were
/// (a token tapir cannot read stays in its list).
pub fn cleared(comment: &str) -> String {
    edit_shape_commands(comment, |name, tokens| {
        tokens.retain(|t| parse_token(t, name == "cal").is_none());
    })
}

/// `comment` with each `[%csl]` and `[%cal]` list edited by `edit` (its
/// name and its tokens): a list `edit` leaves as it was stays as written,
/// an emptied one goes.
fn edit_shape_commands(comment: &str, edit: impl Fn(&str, &mut Vec<String>)) -> String {
    rewrite(comment, |c| {
        if c.name != "csl" && c.name != "cal" {
            return None;
        }
        let before: Vec<String> = tokens(c.value).map(str::to_string).collect();
        let mut tokens = before.clone();
        edit(c.name, &mut tokens);
        match (tokens == before, tokens.is_empty()) {
            (true, _) => None,
            (false, true) => Some(String::new()),
            (false, false) => Some(format!("[%{} {}]", c.name, tokens.join(","))),
        }
    })
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
        let (c, did) = toggle("Good move. [%clk 0:01:00]", green);
        assert_eq!(did, Drawn::Added);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%cal Ge2e4]");
        let red = Shape {
            color: ShapeColor::Red,
            ..green
        };
        let (c, did) = toggle(&c, red);
        assert_eq!(did, Drawn::Recoloured(ShapeColor::Green));
        assert_eq!(c, "Good move. [%clk 0:01:00] [%cal Re2e4]");
        let circle = Shape {
            from: sq("d5"),
            to: sq("d5"),
            color: ShapeColor::Yellow,
        };
        let (c, _) = toggle(&c, circle);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%cal Re2e4] [%csl Yd5]");
        let (c, did) = toggle(&c, red);
        assert_eq!(did, Drawn::TakenAway);
        assert_eq!(c, "Good move. [%clk 0:01:00] [%csl Yd5]");
        // The words and the clock stay when every shape goes.
        assert_eq!(cleared(&c), "Good move. [%clk 0:01:00]");
        assert_eq!(cleared("[%cal Ge2e4]"), "");
        let (c, _) = toggle("", circle);
        assert_eq!(c, "[%csl Yd5]");
    }

    /// Only the drawn place's tokens change: what tapir cannot read, a
    /// list's place in the words, the words' lines and characters stay.
    #[test]
    fn drawing_touches_nothing_else() {
        let d4 = Shape {
            from: sq("d4"),
            to: sq("d4"),
            color: ShapeColor::Green,
        };
        let h7 = Shape {
            from: sq("h7"),
            to: sq("h7"),
            ..d4
        };
        let c = "Words [%cal Ge2e4,Xa1a2,GE7E5] more [%csl Rc4] [%draw full,e4,red]";
        let (new, _) = toggle(c, h7);
        assert_eq!(
            new,
            "Words [%cal Ge2e4,Xa1a2,GE7E5] more [%csl Rc4,Gh7] [%draw full,e4,red]"
        );
        assert_eq!(toggle(&new, h7).0, c);
        assert_eq!(
            cleared(c),
            "Words [%cal Xa1a2,GE7E5] more [%draw full,e4,red]"
        );
        let odd = "é[%csl Gé4,Gd4é,G]🐴[%cal Gé2e4]";
        let (new, _) = toggle(odd, d4);
        assert_eq!(new, "é[%csl Gé4,Gd4é,G,Gd4]🐴[%cal Gé2e4]");
        assert_eq!(toggle(&new, d4).0, odd);
        // A place written twice: recoloured once, taken away whole.
        let twice = "[%csl Rd4,Gd4]";
        let blue = Shape {
            color: ShapeColor::Blue,
            ..d4
        };
        assert_eq!(toggle(twice, blue).0, "[%csl Bd4]");
        assert_eq!(toggle(twice, d4).0, "");
        // A list taken out leaves no blank at its line's end.
        let lines = "multi\nline [%csl Ge5]\nend";
        let e5 = Shape {
            from: sq("e5"),
            to: sq("e5"),
            ..d4
        };
        assert_eq!(toggle(lines, e5).0, "multi\nline\nend");
        // Words ending in an unclosed `[%`: the list goes first, and reads.
        let open = "see [%";
        let (new, _) = toggle(open, e5);
        assert_eq!(new, "[%csl Ge5] see [%");
        assert_eq!(shapes(&new).len(), 1);
        assert_eq!(toggle(&new, e5).0, open);
    }

    #[test]
    fn colours_by_letter_or_name() {
        assert_eq!(ShapeColor::parse("r"), Some(ShapeColor::Red));
        assert_eq!(ShapeColor::parse("Yellow"), Some(ShapeColor::Yellow));
        assert_eq!(ShapeColor::parse("purple"), None);
    }
}
