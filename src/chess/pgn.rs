//! PGN: reading games (tags and the main line; comments, NAGs, variations,
//! escape lines and move-number forms are tolerated and skipped) and writing
//! one game in export form (the seven-tag roster first, `SetUp`/`FEN` when
//! the game does not start from the initial position, movetext wrapped at 80
//! columns). Pure text in, text out: no files here.

use super::board::Board;
use super::fen::START_FEN;
use super::moves::Move;
use super::notation::{parse_san, to_san};
use std::fmt;

/// One game: its tags in file order, the start position, the main line and
/// the result token (`1-0`, `0-1`, `1/2-1/2` or `*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub start: Board,
    pub moves: Vec<Move>,
    pub result: String,
    /// What the reader passed over, so a caller can say so.
    pub skipped: Skipped,
}

/// Annotations of the main line that a read game does not keep (counted at
/// the top level: a comment inside a variation goes with the variation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    pub comments: usize,
    pub nags: usize,
    pub variations: usize,
}

impl Skipped {
    /// "3 comments, 1 variation" (empty when nothing was skipped).
    pub fn describe(&self) -> String {
        let part = |n: usize, what: &str| match n {
            0 => None,
            1 => Some(format!("1 {what}")),
            _ => Some(format!("{n} {what}s")),
        };
        [
            part(self.comments, "comment"),
            part(self.nags, "NAG"),
            part(self.variations, "variation"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// The seven tags every exported game carries, in this order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl PgnGame {
    /// An empty game from `start` with the roster filled with "?" values.
    pub fn new(start: Board) -> PgnGame {
        PgnGame {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: "*".to_string(),
            skipped: Skipped::default(),
        }
    }

    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }
}

/// Why a game could not be read; `game` counts from 1 within the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub game: usize,
    pub message: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.message)
    }
}

impl std::error::Error for PgnError {}

/// Every game in `text`, each parsed on its own so one broken game does not
/// hide the others. An input with no game at all yields an empty list.
pub fn parse_games(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut out = Vec::new();
    let mut lexer = Lexer::new(text);
    loop {
        lexer.skip_space();
        if lexer.at_end() {
            break;
        }
        let index = out.len() + 1;
        let start_pos = lexer.pos;
        let result = parse_one(&mut lexer, index);
        if result.is_err() {
            lexer.skip_to_next_game();
        }
        // Guard against a lexer that made no progress (cannot loop forever).
        if lexer.pos == start_pos {
            lexer.pos += lexer.rest().chars().next().map_or(1, char::len_utf8);
        }
        match &result {
            Ok(g) if g.tags.is_empty() && g.moves.is_empty() && g.result == "*" => {}
            _ => out.push(result),
        }
    }
    out
}

/// The first game in `text`.
pub fn parse_first(text: &str) -> Result<PgnGame, PgnError> {
    parse_games(text).into_iter().next().unwrap_or_else(|| {
        Err(PgnError {
            game: 1,
            message: "no game found".to_string(),
        })
    })
}

/// Reads one game's tags and movetext up to its result token, the next tag
/// section or the end of input.
fn parse_one(lx: &mut Lexer, game: usize) -> Result<PgnGame, PgnError> {
    let err = |message: String| PgnError { game, message };
    let mut tags: Vec<(String, String)> = Vec::new();
    // Tag section.
    loop {
        lx.skip_space_and_comments();
        if lx.peek() == Some('[') {
            let (k, v) = lx.tag().map_err(err)?;
            tags.push((k, v));
        } else {
            break;
        }
    }
    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => {
            Board::from_fen(fen).map_err(|e| err(format!("bad FEN tag '{fen}': {e}")))?
        }
        None => Board::from_fen(START_FEN).expect("the start position is valid"),
    };
    let mut board = start;
    let mut moves = Vec::new();
    let mut result = None;
    let mut depth = 0usize; // variation nesting
    let mut skipped = Skipped::default();
    loop {
        lx.skip_space();
        let Some(c) = lx.peek() else { break };
        let top = depth == 0;
        match c {
            '{' => {
                lx.skip_brace_comment();
                skipped.comments += usize::from(top);
            }
            ';' => {
                lx.skip_line();
                skipped.comments += usize::from(top);
            }
            '%' if lx.at_line_start() => lx.skip_line(),
            '(' => {
                lx.bump();
                depth += 1;
                skipped.variations += usize::from(top);
            }
            ')' => {
                lx.bump();
                depth = depth.saturating_sub(1);
            }
            // The next game's tags; a tag at a line's start ends even an
            // unclosed variation, so one stray '(' cannot swallow the games after it.
            '[' if depth == 0 || lx.at_line_start() => break,
            '$' => {
                lx.bump();
                lx.take_while(|c| c.is_ascii_digit());
                skipped.nags += usize::from(top);
            }
            _ => {
                let token = lx.word();
                if token.is_empty() {
                    // A stray delimiter such as '[' inside a variation.
                    lx.bump();
                    continue;
                }
                if depth > 0 {
                    continue;
                }
                if is_result(token) {
                    result = Some(token.to_string());
                    break;
                }
                let Some(san) = strip_move_number(token) else {
                    continue;
                };
                let san = san.trim_end_matches(['!', '?']);
                if san.is_empty() || matches!(san, "e.p." | "ep") {
                    continue;
                }
                if matches!(san, "--" | "Z0" | "null") {
                    return Err(err(format!(
                        "move {}: null moves are not supported",
                        move_label(&board)
                    )));
                }
                let m = parse_san(&board, san)
                    .map_err(|e| err(format!("move {}: {e}", move_label(&board))))?;
                moves.push(m);
                board = board.make(m);
            }
        }
    }
    // Only a standard result: the writer puts it in the move text.
    let tag_result = tags
        .iter()
        .find(|(k, v)| k == "Result" && is_result(v))
        .map(|(_, v)| v.clone());
    Ok(PgnGame {
        tags,
        start,
        moves,
        result: result.or(tag_result).unwrap_or_else(|| "*".to_string()),
        skipped,
    })
}

/// "12." or "12..." for the move about to be played on `b`.
fn move_label(b: &Board) -> String {
    match b.side_to_move() {
        super::types::Color::White => format!("{}.", b.fullmove_number()),
        super::types::Color::Black => format!("{}...", b.fullmove_number()),
    }
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Drops a leading move number ("12." "12..." "12.e4"); `None` when the
/// token was only a number.
fn strip_move_number(token: &str) -> Option<&str> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Some(token);
    }
    let rest = &token[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        // "0-0" castling or garbage: let SAN decide.
        return Some(token);
    }
    let rest = &rest[dots..];
    (!rest.is_empty()).then_some(rest)
}

/// Finds the end of a broken game: the next tag section at the start of a
/// line, leaving the lexer there.
impl Lexer<'_> {
    fn skip_to_next_game(&mut self) {
        while !self.at_end() {
            if self.peek() == Some('[') && self.at_line_start() {
                return;
            }
            self.bump();
        }
    }
}

/// A cursor over the PGN text.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Lexer { text, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn at_line_start(&self) -> bool {
        self.pos == 0 || self.text.as_bytes()[self.pos - 1] == b'\n'
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
        self.take_while(char::is_whitespace);
    }

    fn skip_line(&mut self) {
        self.take_while(|c| c != '\n');
    }

    fn skip_brace_comment(&mut self) {
        self.bump();
        self.take_while(|c| c != '}');
        self.bump();
    }

    fn skip_space_and_comments(&mut self) {
        loop {
            self.skip_space();
            match self.peek() {
                Some('{') => self.skip_brace_comment(),
                Some(';') => self.skip_line(),
                Some('%') if self.at_line_start() => self.skip_line(),
                _ => return,
            }
        }
    }

    /// A movetext word: everything up to a space or a delimiter.
    fn word(&mut self) -> &'a str {
        self.take_while(|c| !c.is_whitespace() && !"{}()[];$".contains(c))
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn tag(&mut self) -> Result<(String, String), String> {
        self.bump(); // '['
        self.skip_space();
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
        if name.is_empty() {
            return Err("a tag without a name".to_string());
        }
        let name = name.to_string();
        self.skip_space();
        if self.peek() != Some('"') {
            return Err(format!("tag {name}: the value must be in quotes"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return Err(format!("tag {name}: unterminated value")),
                Some('\\') => {
                    self.bump();
                    if let Some(c) = self.peek() {
                        value.push(c);
                        self.bump();
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.skip_space();
        if self.peek() != Some(']') {
            return Err(format!("tag {name}: missing ']'"));
        }
        self.bump();
        Ok((name, value))
    }
}

/// The game in PGN export form, ending in a newline.
pub fn write_pgn(game: &PgnGame) -> String {
    let mut out = String::new();
    let from_start = game.start == Board::from_fen(START_FEN).expect("the start position is valid");
    for name in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            game.result.clone()
        } else {
            game.tag(name).unwrap_or("?").to_string()
        };
        push_tag(&mut out, name, &value);
    }
    if !from_start {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &game.start.to_fen());
    }
    for (k, v) in &game.tags {
        let skip = SEVEN_TAG_ROSTER.contains(&k.as_str()) || k == "SetUp" || k == "FEN";
        if !skip {
            push_tag(&mut out, k, v);
        }
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(game.moves.len() * 3 / 2 + 1);
    let mut board = game.start;
    for (i, &m) in game.moves.iter().enumerate() {
        let white = board.side_to_move() == super::types::Color::White;
        if white {
            tokens.push(format!("{}.", board.fullmove_number()));
        } else if i == 0 {
            tokens.push(format!("{}...", board.fullmove_number()));
        }
        tokens.push(to_san(&board, m));
        board = board.make(m);
    }
    tokens.push(game.result.clone());
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.len() > 79 {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&t);
        line_len += t.len();
    }
    out.push('\n');
    out
}

/// One tag line; control characters (a newline in a pasted name) become
/// spaces, since a tag value must stay on its line to be read back.
fn push_tag(out: &mut String, name: &str, value: &str) {
    let one_line: String = value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let escaped = one_line.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANNOTATED: &str = r#"[Event "Casual"]
[Site "?"]
[Date "2024.01.02"]
[Round "-"]
[White "A \"Quoted\" Player"]
[Black "B"]
[Result "1-0"]

1. e4 {best by test} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6
; a line comment
3.Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0
"#;

    #[test]
    fn reads_an_annotated_game() {
        let g = parse_first(ANNOTATED).unwrap();
        assert_eq!(g.moves.len(), 10);
        assert_eq!(g.result, "1-0");
        assert_eq!(g.tag("White"), Some("A \"Quoted\" Player"));
        assert_eq!(g.moves[2].to_string(), "g1f3");
        assert_eq!(g.moves[8].to_string(), "e1g1");
        let skipped = Skipped {
            comments: 2,
            nags: 1,
            variations: 1,
        };
        assert_eq!(g.skipped, skipped);
        assert_eq!(skipped.describe(), "2 comments, 1 NAG, 1 variation");
        assert_eq!(Skipped::default().describe(), "");
    }

    #[test]
    fn round_trips_through_export_form() {
        let g = parse_first(ANNOTATED).unwrap();
        let text = write_pgn(&g);
        assert!(text.starts_with("[Event \"Casual\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]"));
        assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0"));
        let again = parse_first(&text).unwrap();
        assert_eq!(again.skipped, Skipped::default());
        assert_eq!(
            again,
            PgnGame {
                skipped: Skipped::default(),
                ..g
            }
        );
    }

    #[test]
    fn several_games_and_a_broken_one() {
        let text = format!("{ANNOTATED}\n[Event \"two\"]\n\n1. e4 e5 2. Ke3?? *\n\n[Event \"three\"]\n1. d4 d5 1/2-1/2\n");
        let games = parse_games(&text);
        assert_eq!(games.len(), 3);
        assert!(games[0].is_ok());
        let e = games[1].as_ref().unwrap_err();
        assert_eq!(e.game, 2);
        assert!(e.message.contains("Ke3"), "{e}");
        assert!(e.message.contains("2."), "{e}");
        let third = games[2].as_ref().unwrap();
        assert_eq!(third.moves.len(), 2);
        assert_eq!(third.result, "1/2-1/2");
    }

    #[test]
    fn fen_games_write_setup_and_black_first() {
        let start = Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30").unwrap();
        let mut g = PgnGame::new(start);
        let mut b = start;
        for s in ["Kd7", "e4", "Kc6"] {
            let m = parse_san(&b, s).unwrap();
            g.moves.push(m);
            b = b.make(m);
        }
        let text = write_pgn(&g);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"));
        assert!(text.contains("30... Kd7 31. e4 Kc6 *"), "{text}");
        assert_eq!(parse_first(&text).unwrap().moves, g.moves);
    }

    #[test]
    fn tolerates_odd_input() {
        assert!(parse_games("").is_empty());
        assert!(parse_games("   \n\n").is_empty());
        let g = parse_first("1.e4 e5 2.Nf3 $14 {unterminated").unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.result, "*");
        assert!(parse_first("[Event").is_err());
        assert!(
            parse_first("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
                .unwrap()
                .moves
                .len()
                == 7
        );
        assert!(parse_first("[FEN \"junk\"]\n1. e4").is_err());
        assert!(parse_first("1. e4 -- 2. d4").is_err());
        // Never panics on arbitrary bytes.
        for s in [
            "(((",
            ")))",
            "{",
            "[[[",
            "$$$",
            "1.",
            "1...",
            "]",
            "\u{feff}1. e4 é",
            "(\n[",
            "1. e4 (\n[[\n(",
        ] {
            let _ = parse_games(s);
        }
    }

    #[test]
    fn an_unclosed_variation_ends_at_the_next_games_tags() {
        let text = "[Event \"A\"]\n\n1. e4 (1. d4 *\n\n[Event \"B\"]\n\n1. c4 c5 *\n";
        let games = parse_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 1);
        assert_eq!(games[1].as_ref().unwrap().moves.len(), 2);
    }

    #[test]
    fn what_is_written_reads_back() {
        // A result tag the move text cannot carry, and a newline in a name.
        let mut g = parse_first("[Result \"1/2\"]\n\n1. e4 e5").unwrap();
        assert_eq!(g.result, "*");
        g.tags.push(("White".into(), "two\nlines\\".into()));
        let text = write_pgn(&g);
        let back = parse_first(&text).unwrap();
        assert_eq!(back.moves, g.moves);
        assert_eq!(back.result, "*");
        let white = back.tags.iter().find(|(k, _)| k == "White").unwrap();
        assert_eq!(white.1, "two lines\\");
    }

    #[test]
    fn random_games_round_trip() {
        // A small LCG keeps the test deterministic without extra crates.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n.max(1)
        };
        for _ in 0..40 {
            let mut g = PgnGame::new(Board::startpos());
            let mut b = g.start;
            for _ in 0..next(120) {
                let moves = crate::chess::legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[next(moves.len())];
                g.moves.push(m);
                b = b.make(m);
            }
            g.set_tag("White", "A");
            g.set_tag("Annotator", "x \\ \"y\"");
            let text = write_pgn(&g);
            let back = parse_first(&text).unwrap();
            assert_eq!(back.moves, g.moves, "{text}");
            assert_eq!(back.tag("Annotator"), g.tag("Annotator"));
            assert!(text.lines().all(|l| l.len() <= 80 || l.starts_with('[')));
        }
    }
}
