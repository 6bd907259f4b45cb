//! PGN text to tokens: tag pairs, comments (brace and `;`), variations,
//! NAGs and suffix glyphs, move numbers, moves and results, each with its
//! byte offset so errors can name a line. The lexer never fails: anything
//! it does not know becomes `Unknown`, for the reader to report.

use crate::game::nag::Nag;

/// One piece of PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag {
        name: &'a str,
        value: String,
    },
    /// A `[` that did not make a tag, and why.
    BadTag(String),
    /// A `{...}` comment's text (one space after `{` and before `}` dropped);
    /// `closed` is false when the file ended inside it.
    Comment {
        text: &'a str,
        closed: bool,
    },
    /// A `;` comment's text, to the end of its line.
    LineComment(&'a str),
    /// A `%` escape line's text (after the `%`): for other programs, and
    /// not part of any game, so a reader that drops it must say so.
    Escape(&'a str),
    Open,
    Close,
    /// `$n`.
    Nag(u8),
    /// A `$` not followed by a number 0-255.
    BadNag(&'a str),
    /// A glyph written apart from or after a move (`!`, `?!`, ...), as its NAG.
    Glyph(u8),
    /// A move (SAN, UCI or a null move), without move number or glyphs.
    Move(&'a str),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'static str),
    /// A word that is none of the above.
    Unknown(&'a str),
}

/// Why a `[` that opens no tag name (`[%clk 0:10:00]`, an annotation
/// written without its braces) is not a tag.
pub const NAMELESS_TAG: &str = "a tag without a name";

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub pos: usize,
    /// Where its text begins: `pos`, or for a move the bare number just
    /// before it (the `1` of `1. e4`), so that a game split off at its
    /// first move takes its move number with it.
    pub from: usize,
    /// Whether it is the first thing on its line.
    pub line_start: bool,
}

/// Tokens of `text`, in order.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    /// Tokens split off the last word (glyphs after a move).
    pending: Vec<Token<'a>>,
    /// The line the last tag value stood on: where it ends, and its last
    /// quote that a `]` follows. The lexer only moves on, so one scan
    /// serves every value on the line (a line of many tags stays linear).
    tag_line: Option<(usize, Option<usize>)>,
    /// Where the bare move numbers since the last token began.
    number_from: Option<usize>,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            pending: Vec::new(),
            tag_line: None,
            number_from: None,
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn at_line_start(&self, pos: usize) -> bool {
        self.text[..pos]
            .chars()
            .rev()
            .find(|&c| c != ' ' && c != '\t' && c != '\u{feff}')
            .is_none_or(|c| c == '\n')
    }

    fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if !f(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
        &self.text[start..self.pos]
    }

    fn skip_space(&mut self) {
        self.take_while(is_space);
    }

    /// Whether a `%` escape line starts here (a `%` in the first column).
    fn at_escape(&self) -> bool {
        self.peek() == Some('%') && (self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n')
    }

    fn brace_comment(&mut self) -> Tok<'a> {
        self.pos += 1; // '{'
        let body = self.take_while(|c| c != '}');
        let closed = self.peek() == Some('}');
        if closed {
            self.pos += 1;
        }
        let text = body.strip_prefix(' ').unwrap_or(body);
        let text = if closed {
            text.strip_suffix(' ').unwrap_or(text)
        } else {
            text
        };
        Tok::Comment { text, closed }
    }

    fn tag(&mut self) -> Tok<'a> {
        self.pos += 1; // '['
        self.take_while(|c| c == ' ' || c == '\t');
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c));
        if name.is_empty() {
            self.take_while(|c| c != ']' && c != '\n');
            if self.peek() == Some(']') {
                self.pos += 1;
            }
            return Tok::BadTag(NAMELESS_TAG.to_string());
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.peek() != Some('"') {
            self.take_while(|c| c != ']' && c != '\n');
            if self.peek() == Some(']') {
                self.pos += 1;
            }
            return Tok::BadTag(format!("tag {name}: the value must be in quotes"));
        }
        self.pos += 1;
        let mut value = String::new();
        // Where the line ends, and its last quote that a `]` follows: found
        // once per line, so a value full of quotes, or a line full of tags,
        // is read in linear time.
        let (line_end, closing) = match self.tag_line {
            Some((end, closing)) if self.pos < end => (end, closing),
            _ => {
                let rest = &self.text[self.pos..];
                let line_end = self.pos + rest.find('\n').unwrap_or(rest.len());
                let line = &self.text[self.pos..line_end];
                let closing = line
                    .rmatch_indices('"')
                    .find(|(i, _)| {
                        line[i + 1..]
                            .trim_start_matches([' ', '\t'])
                            .starts_with(']')
                    })
                    .map(|(i, _)| self.pos + i);
                self.tag_line = Some((line_end, closing));
                (line_end, closing)
            }
        };
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return Tok::BadTag(format!("tag {name}: the value has no closing quote"))
                }
                // The standard escapes only `\\` and `\"`; any other
                // backslash ("C:\Games") is the value's own.
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        Some(c @ ('\\' | '"')) => {
                            value.push(c);
                            self.pos += 1;
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('"') => {
                    self.pos += 1;
                    if !self.quote_inside_value(line_end, closing) {
                        break;
                    }
                    value.push('"');
                }
                Some(c) => {
                    value.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.peek() == Some(']') {
            self.pos += 1;
        } else {
            // Tolerated: a missing ']' (the value was whole).
        }
        Tok::Tag { name, value }
    }

    /// Whether the quote just read is part of a tag's value rather than
    /// its end: an unescaped quote as many files have (`[Event "The "Big"
    /// Open"]`), which is followed on its line by neither `]` nor a line
    /// end but by a later quote that is (`closing`, the line's last such
    /// quote, is at or after this point; the line ends at `line_end`).
    fn quote_inside_value(&self, line_end: usize, closing: Option<usize>) -> bool {
        let after = self.text[self.pos..line_end].trim_start_matches([' ', '\t']);
        !after.is_empty() && !after.starts_with(']') && closing.is_some_and(|c| c >= self.pos)
    }

    /// A movetext word, split into move number, move and glyphs: the
    /// token and its position, or `None` for a bare move number.
    fn word(&mut self, start: usize) -> Option<(Tok<'a>, usize)> {
        let word = self.take_while(|c| !is_space(c) && !"{}()[];$".contains(c));
        if word.is_empty() {
            // A lone delimiter that starts nothing here (`}` or `]`).
            let c = self.peek().unwrap_or(' ');
            self.pos += c.len_utf8();
            return Some((Tok::Unknown(&self.text[start..self.pos]), start));
        }
        if let Some(r) = result_of(word) {
            return Some((Tok::Result(r), start));
        }
        // A position glyph written out ("+=", "±", "-+", "∞"), as some
        // programs export them: the NAG it stands for.
        if let Some(n) = Nag::parse(word).filter(|n| n.0 >= 10) {
            return Some((Tok::Glyph(n.0), start));
        }
        // Move number: "12." "12..." "12.e4" "5..Be7"; dots alone ("...").
        // Digits without dots stay ("0-0", a UCI null "0000").
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        let skip = if dots > 0 { digits + dots } else { 0 };
        let body = &word[skip..];
        // "exd6 e.p.": the marker says nothing the move does not.
        if body.is_empty() || matches!(body, "e.p." | "ep" | "e.p") {
            return None;
        }
        let body_pos = start + skip;
        // Glyphs after the move ("Nf6?!", "e4!!"), or alone ("!?").
        let core = body.trim_end_matches(['!', '?']);
        let mut g = &body[core.len()..];
        let mut split = Vec::new();
        while !g.is_empty() {
            let n = if g.len() >= 2 && Nag::from_suffix(&g[..2]).is_some() {
                2
            } else {
                1
            };
            let nag = Nag::from_suffix(&g[..n]).map_or(0, |x| x.0);
            let pos = body_pos + (body.len() - g.len());
            split.push(Token {
                tok: Tok::Glyph(nag),
                pos,
                from: pos,
                line_start: false,
            });
            g = &g[n..];
        }
        // Handed out in order: the move first, then its glyphs.
        split.reverse();
        self.pending = split;
        if core.is_empty() {
            return self.pending.pop().map(|t| (t.tok, t.pos));
        }
        Some((Tok::Move(core), body_pos))
    }
}

/// The result token a word spells, if any (`½-½` read as a draw).
fn result_of(word: &str) -> Option<&'static str> {
    Some(match word {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" | "½-½" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            if let Some(t) = self.pending.pop() {
                return Some(t);
            }
            self.skip_space();
            let start = self.pos;
            let line_start = self.at_line_start(start);
            let c = self.peek()?;
            let tok = match c {
                '%' if self.at_escape() => {
                    self.pos += 1;
                    Tok::Escape(self.take_while(|c| c != '\n'))
                }
                '[' => self.tag(),
                '{' => self.brace_comment(),
                ';' => {
                    self.pos += 1;
                    let text = self.take_while(|c| c != '\n');
                    Tok::LineComment(text.strip_prefix(' ').unwrap_or(text))
                }
                '(' => {
                    self.pos += 1;
                    Tok::Open
                }
                ')' => {
                    self.pos += 1;
                    Tok::Close
                }
                '$' => {
                    self.pos += 1;
                    let digits = self.take_while(|c| c.is_ascii_digit());
                    match digits.parse::<u8>() {
                        Ok(n) => Tok::Nag(n),
                        Err(_) => Tok::BadNag(&self.text[start..self.pos]),
                    }
                }
                _ => match self.word(start) {
                    // A bare move number: on to the next token.
                    None => {
                        self.number_from.get_or_insert(start);
                        continue;
                    }
                    Some((tok, pos)) => {
                        let from = self.number_from.take().unwrap_or(start);
                        return Some(Token {
                            tok,
                            pos,
                            from,
                            line_start: line_start && pos == start,
                        });
                    }
                },
            };
            self.number_from = None;
            return Some(Token {
                tok,
                pos: start,
                from: start,
                line_start,
            });
        }
    }
}

/// Line numbers of positions taken in rising order, each counted on from
/// the one before: numbering every game of a large file stays linear.
pub struct LineCounter<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    pub fn new(text: &'a str) -> Self {
        LineCounter {
            text,
            pos: 0,
            line: 1,
        }
    }

    /// The line (from 1) of byte `pos`; a position before the last one
    /// asked is counted from the start again.
    pub fn at(&mut self, pos: usize) -> usize {
        let pos = pos.min(self.text.len());
        if pos < self.pos {
            (self.pos, self.line) = (0, 1);
        }
        self.line += line_of(&self.text[self.pos..], pos - self.pos) - 1;
        self.pos = pos;
        self.line
    }
}

/// The 1-based line of byte offset `pos` in `text`.
pub fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Space between tokens: whitespace, the DOS end-of-file mark (Ctrl-Z,
/// 0x1A) some old files end with, and a byte-order mark inside the text
/// (files joined by `cat` each bring their own): neither is a move.
pub fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{1a}' || c == '\u{feff}'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        Lexer::new(s).map(|t| t.tok).collect()
    }

    #[test]
    fn movetext_tokens() {
        assert_eq!(
            toks("1. e4 {ok} e5!? 2.Nf3 $14 (2. f4 ; gambit\n) 5..Be7 *"),
            [
                Tok::Move("e4"),
                Tok::Comment {
                    text: "ok",
                    closed: true
                },
                Tok::Move("e5"),
                Tok::Glyph(5),
                Tok::Move("Nf3"),
                Tok::Nag(14),
                Tok::Open,
                Tok::Move("f4"),
                Tok::LineComment("gambit"),
                Tok::Close,
                Tok::Move("Be7"),
                Tok::Result("*"),
            ]
        );
        assert_eq!(
            toks("e4?!? !! $300 0-0 -- 1/2-1/2"),
            [
                Tok::Move("e4"),
                Tok::Glyph(6),
                Tok::Glyph(2),
                Tok::Glyph(3),
                Tok::BadNag("$300"),
                Tok::Move("0-0"),
                Tok::Move("--"),
                Tok::Result("1/2-1/2"),
            ]
        );
        // Position glyphs written out stand for their NAGs.
        assert_eq!(
            toks("Nf3 += d5 ± c4 -+ = ∞ +/-"),
            [
                Tok::Move("Nf3"),
                Tok::Glyph(14),
                Tok::Move("d5"),
                Tok::Glyph(16),
                Tok::Move("c4"),
                Tok::Glyph(19),
                Tok::Glyph(10),
                Tok::Glyph(13),
                Tok::Glyph(16),
            ]
        );
    }

    #[test]
    fn tags_escapes_and_comments() {
        assert_eq!(
            toks("[White \"A \\\"Q\\\" \\\\\"]\n[Bad x]\n[\"v\"]\n[Open \"v"),
            [
                Tok::Tag {
                    name: "White",
                    value: "A \"Q\" \\".to_string()
                },
                Tok::BadTag("tag Bad: the value must be in quotes".to_string()),
                Tok::BadTag("a tag without a name".to_string()),
                Tok::BadTag("tag Open: the value has no closing quote".to_string()),
            ]
        );
        // Unescaped quotes inside a value and backslashes that escape
        // nothing are the value's own; two tags on one line stay two.
        let tag = |name, value: &str| Tok::Tag {
            name,
            value: value.to_string(),
        };
        assert_eq!(
            toks("[Event \"The \"Big\" Open\"]\n[Site \"C:\\Games\\x\"] [Round \"1\"]\n[Annotator \"Say \"hi\"\" ]\n[Date \"2024\"\n1. e4"),
            [
                tag("Event", "The \"Big\" Open"),
                tag("Site", "C:\\Games\\x"),
                tag("Round", "1"),
                tag("Annotator", "Say \"hi\""),
                tag("Date", "2024"),
                Tok::Move("e4"),
            ]
        );
        // A value full of them is read whole (and in linear time).
        let inner = "a\"".repeat(100_000);
        assert_eq!(
            toks(&format!("[Event \"{inner}\"]\n1. e4")),
            [tag("Event", &inner), Tok::Move("e4")]
        );
        // As is a line of many tags, each its own.
        let line = "[A \"x\"] [B \"y \"z\" w\"]".repeat(50_000);
        let many = toks(&line);
        assert_eq!(many.len(), 100_000);
        assert_eq!(many[0], tag("A", "x"));
        assert_eq!(many[99_999], tag("B", "y \"z\" w"));
        assert_eq!(
            toks("{ two\nlines } {unclosed"),
            [
                Tok::Comment {
                    text: "two\nlines",
                    closed: true
                },
                Tok::Comment {
                    text: "unclosed",
                    closed: false
                },
            ]
        );
    }

    #[test]
    fn escape_lines_positions_and_garbage() {
        let text = "% skip me\n1. e4\n  e5 } x";
        let all: Vec<Token> = Lexer::new(text).collect();
        assert_eq!(all[0].tok, Tok::Escape(" skip me"));
        let all = &all[1..];
        assert_eq!(all[0].tok, Tok::Move("e4"));
        assert_eq!(line_of(text, all[0].pos), 2);
        assert!(all[1].line_start && line_of(text, all[1].pos) == 3);
        assert_eq!(all[2].tok, Tok::Unknown("}"));
        assert_eq!(all[3].tok, Tok::Move("x"));
        // Only in the first column.
        let mid: Vec<Token> = Lexer::new("e4 %x").collect();
        assert_eq!(mid[1].tok, Tok::Move("%x"));
        // Never panics, always ends.
        for s in [
            "",
            "[",
            "{",
            "$",
            "1.",
            "...",
            "((",
            "\u{feff}é",
            "[a \"\\",
            "!!!",
        ] {
            let _ = toks(s);
        }
    }
}
