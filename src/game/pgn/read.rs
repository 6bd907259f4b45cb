//! Reading PGN into game trees: tags, the main line, variations at any
//! depth, comments before and after moves (brace and `;` comments both
//! kept), NAGs and suffix glyphs, null moves, and the forms real files use
//! (`0-0`, `5..Be7`, missing move numbers, UCI moves, ChessBase's blank
//! lines, `%` escape lines). Where the standard is silent, a comment goes
//! where python-chess puts it: before the first move of a variation it is
//! that move's "before" comment, anywhere else it follows the move before it.
//!
//! A game ends at the next tag section, or after its result token at the
//! first thing that is not a comment. An illegal move keeps the legal part:
//! in a variation the rest of that variation is skipped, in the main line
//! the rest of the game, and `problems` says where and why. A loaded game
//! lists everything it could not keep there (normally nothing).

use super::index::IndexEntry;
use super::lexer::{line_of, Lexer, LineCounter, Tok, Token, NAMELESS_TAG};
use super::tag_section::{read_tag_section, TagSection};
use crate::chess::{parse_san, parse_uci, Board, Move, MoveError};
use crate::game::nag::Nag;
use crate::game::tags::{is_standard_variant, Tags};
use crate::game::tree::{GameTree, NodeId};
use crate::game::Game;
use std::fmt;
use std::ops::Range;

/// A game read from a file and what could not be kept of it.
#[derive(Clone, Debug)]
pub struct ReadGame {
    pub game: Game,
    /// "line 12: 24. Ke3 is illegal; the rest of the game (16 moves) was
    /// not read" and the like; empty when everything was kept.
    pub problems: Vec<String>,
    /// Where the game's text is in the file's text.
    pub span: Range<usize>,
}

/// Why a game could not be read at all; `game` counts from 1 in the file.
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

/// Every game in `text`, each read on its own so that one broken game
/// does not hide the others. Text with no game yields an empty list.
pub fn read_games(text: &str) -> Vec<Result<ReadGame, PgnError>> {
    let mut lines = LineCounter::new(text);
    split_games(text)
        .into_iter()
        .enumerate()
        .map(|(i, span)| {
            let line = lines.at(span.start);
            read_span_at(text, span, i + 1, Some(line))
        })
        .collect()
}

/// The first game of `text` (the others are not read).
pub fn read_first(text: &str) -> Result<ReadGame, PgnError> {
    match split_games(text).into_iter().next() {
        Some(span) => read_span(text, span, 1),
        None => Err(PgnError {
            game: 1,
            message: "no game found".to_string(),
        }),
    }
}

/// The byte ranges of the games in `text`: each from its first token to
/// the start of the next game (or the end). A range holding nothing but
/// whitespace, comments and escape lines is not a game. Escape lines
/// before a game or after its result lie between games, in no range, so
/// writing a game over its range keeps them; so do the comments before
/// the first game's tags (a collection's heading): a game begins with its
/// tags, and comments before a game without tags are its own.
pub fn split_games(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start: Option<usize> = None;
    // Where the comments before the first game began, until its first
    // token says whether they are its own (`start` is unset only before
    // the first game: a game's end sets the next one's start at once).
    let mut lead: Option<usize> = None;
    let mut moves_begun = false;
    let mut after_result = false;
    let mut has_content = false;
    let mut depth = 0usize;
    // Where the escape lines after this game's result begin.
    let mut escapes_from: Option<usize> = None;
    for t in Lexer::new(text) {
        if let Tok::Escape(_) = t.tok {
            if start.is_some() && after_result && depth == 0 {
                escapes_from.get_or_insert(t.pos);
            }
            continue;
        }
        let begins_new = match &t.tok {
            // A well-formed tag after moves begins the next game (its
            // result left out); a malformed one does so only at the start
            // of a line, and one without a name never: `1. e4 [%clk
            // 0:10:00] e5`, wrapped or not, is one game read in part, not
            // two, the first cut short.
            Tok::Tag { .. } => moves_begun && (t.line_start || depth == 0),
            Tok::BadTag(why) => moves_begun && t.line_start && why != NAMELESS_TAG,
            Tok::Comment { .. } | Tok::LineComment(_) => false,
            _ => after_result,
        };
        if begins_new {
            if let Some(s) = start.take() {
                if has_content {
                    spans.push(s..escapes_from.unwrap_or(t.from));
                }
            }
            moves_begun = false;
            after_result = false;
            has_content = false;
            depth = 0;
        }
        escapes_from = None;
        if start.is_none() {
            let comment = matches!(t.tok, Tok::Comment { .. } | Tok::LineComment(_));
            let tag = matches!(t.tok, Tok::Tag { .. } | Tok::BadTag(_));
            if comment {
                lead.get_or_insert(t.from);
                continue;
            }
            start = Some(if tag { t.from } else { lead.unwrap_or(t.from) });
            lead = None;
        }
        match &t.tok {
            Tok::Tag { .. } | Tok::BadTag(_) => has_content = true,
            Tok::Comment { .. } | Tok::LineComment(_) => {}
            Tok::Open => {
                depth += 1;
                moves_begun = true;
            }
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::Result(_) if depth == 0 => {
                after_result = true;
                moves_begun = true;
                has_content = true;
            }
            _ => {
                moves_begun = true;
                has_content = true;
            }
        }
    }
    if let (Some(s), true) = (start, has_content) {
        spans.push(s..escapes_from.unwrap_or(text.len()));
    }
    spans
}

/// Reads the game in `text[span]` (`index` counts from 1, for errors).
pub fn read_span(text: &str, span: Range<usize>, index: usize) -> Result<ReadGame, PgnError> {
    read_span_at(text, span, index, None)
}

/// The game an index entry lists (its first line already counted).
pub fn read_entry(text: &str, entry: &IndexEntry, index: usize) -> Result<ReadGame, PgnError> {
    read_span_at(text, entry.span.clone(), index, Some(entry.line))
}

/// Why a read found nothing of a game, only problems (no tags, no move):
/// the first problem's reason, as a board opening the file says it;
/// `None` when it found a game.
pub fn nothing_read(r: &ReadGame) -> Option<&str> {
    if !(r.game.tags.is_empty() && r.game.is_empty()) {
        return None;
    }
    let first = r.problems.first()?;
    Some(first.split_once(": ").map_or("", |(_, why)| why))
}

/// Whether `text` (indexed as `index`) holds games at all, not some other
/// kind of text: a game with tags, or one that begins with a legal move
/// and reads more legal moves than problems. The words of a list or of a
/// source file read as moves are all "not a move": such a file is not
/// a PGN file, whatever a lenient reader makes of it.
pub fn holds_games(text: &str, index: &[IndexEntry]) -> bool {
    index.iter().any(|e| !e.tags.is_empty())
        || index.iter().enumerate().any(|(i, e)| {
            read_entry(text, e, i + 1).is_ok_and(|r| {
                let moves = r.game.tree().mainline_len();
                moves > 0 && moves >= r.problems.len()
            })
        })
}

/// `read_span`, where the line the span starts on may be known.
fn read_span_at(
    text: &str,
    span: Range<usize>,
    index: usize,
    first_line: Option<usize>,
) -> Result<ReadGame, PgnError> {
    let body = &text[span.clone()];
    // Counted only when a problem needs a line number (a file can be large).
    let base = std::cell::OnceCell::new();
    if let Some(l) = first_line {
        let _ = base.set(l.saturating_sub(1));
    }
    let line_base = || *base.get_or_init(|| line_of(text, span.start) - 1);
    let mut tokens = Lexer::new(body).peekable();
    // Tokens come in order: each line number is counted on from the last,
    // so a file of many problems is read in linear time.
    let last = std::cell::Cell::new((0usize, 1usize));
    let at = |pos: usize| {
        let pos = pos.min(body.len());
        let (from, line) = match last.get() {
            (p, l) if p <= pos => (p, l),
            _ => (0, 1),
        };
        let line = line + line_of(&body[from..], pos - from) - 1;
        last.set((pos, line));
        line_base() + line
    };

    // The tag section. A comment before or between tags is held and
    // becomes the game's opening comment, as if it stood before the moves.
    let TagSection {
        mut tags,
        held,
        problems,
    } = read_tag_section(&mut tokens);
    let mut problems: Vec<String> = problems
        .into_iter()
        .map(|(pos, why)| format!("line {}: {why}", at(pos)))
        .collect();
    let err = |message: String| PgnError {
        game: index,
        message,
    };
    if let Some(v) = tags.get("Variant") {
        if !is_standard_variant(v) {
            return Err(err(format!(
                "the variant '{v}' is not supported (standard chess only)"
            )));
        }
    }
    let start = match tags.get("FEN") {
        Some(fen) => Board::from_fen(fen).map_err(|e| err(format!("bad FEN tag '{fen}': {e}")))?,
        None => Board::startpos(),
    };

    let mut b = Builder::new(start);
    for t in held.into_iter().chain(tokens) {
        b.token(&t, &mut problems, &at);
    }
    b.finish(&mut tags, &mut problems);
    Ok(ReadGame {
        game: Game::from_tree(tags, b.tree),
        problems,
        span,
    })
}

/// A token's line number, counted only if a message prints it (a
/// many-game file is large, and most games have nothing to report).
struct Line<'a>(&'a dyn Fn(usize) -> usize, usize);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", (self.0)(self.1))
    }
}

/// The most problems one game reports: past them the rest of the game is
/// not read (a text file taken for PGN would keep a message per word).
pub const MAX_PROBLEMS: usize = 1000;

/// The most moves (main line and variations together) one game keeps:
/// far beyond a real game or the largest repertoire, about 200 MB.
pub const MAX_GAME_MOVES: usize = 500_000;

/// Builds the tree from movetext tokens.
struct Builder {
    tree: GameTree,
    /// The node each open line has reached; the last is the current line.
    stack: Vec<NodeId>,
    /// A comment waiting for the move after it (at a variation's start).
    starting_comment: String,
    /// Whether a move was played since the current variation opened.
    in_variation: bool,
    /// Open variations being skipped after an illegal move (0: none). When
    /// the main line itself is being skipped this stays 1 to the end.
    skip_depth: usize,
    /// Move tokens passed over while skipping, for the report.
    skipped_moves: usize,
    skipping_main: bool,
    /// The problem that the skip will complete with its count.
    pending: Option<usize>,
    /// The main line's result token and the line it stands on.
    result: Option<(&'static str, String)>,
    /// Text after the result (other than comments) ends the game; only
    /// `split_games` sees it, so here it is only guarded against.
    done: bool,
    /// Whether the last token was a `;` comment: a `;` comment right
    /// after it goes on the next line of the same comment (as tapir
    /// writes a comment with line breaks that holds a `}`).
    line_comment: bool,
}

/// Adds `b` to the comment `a`, `sep` between when both have text (a
/// space as python-chess joins two comments in a row); in place, so a
/// move with many comments is read in linear time.
fn append(a: &mut String, b: &str, sep: char) {
    if b.is_empty() {
        return;
    }
    if !a.is_empty() {
        a.push(sep);
    }
    a.push_str(b);
}

impl Builder {
    fn new(start: Board) -> Builder {
        Builder {
            tree: GameTree::new(start),
            stack: vec![NodeId::ROOT],
            starting_comment: String::new(),
            in_variation: false,
            skip_depth: 0,
            skipped_moves: 0,
            skipping_main: false,
            pending: None,
            result: None,
            done: false,
            line_comment: false,
        }
    }

    fn top(&self) -> NodeId {
        *self.stack.last().unwrap_or(&NodeId::ROOT)
    }

    fn comment(&mut self, text: &str, sep: char) {
        let top = self.top();
        let game_start = top == NodeId::ROOT && self.tree.children(top).is_empty();
        if self.in_variation || game_start {
            let node = self.tree.node_mut(top);
            append(&mut node.comment, text, sep);
        } else {
            append(&mut self.starting_comment, text, sep);
        }
    }

    fn token(&mut self, t: &Token, problems: &mut Vec<String>, at: &dyn Fn(usize) -> usize) {
        if self.done {
            return;
        }
        let line = Line(at, t.pos);
        let after_line_comment =
            std::mem::replace(&mut self.line_comment, matches!(t.tok, Tok::LineComment(_)));
        if problems.len() >= MAX_PROBLEMS {
            problems.push(format!(
                "line {line}: more than {MAX_PROBLEMS} problems; the rest of the game was not read"
            ));
            self.done = true;
            return;
        }
        match &t.tok {
            Tok::Comment { text, closed } => {
                if !closed {
                    problems.push(format!("line {line}: a comment is not closed with }}"));
                }
                if self.skip_depth == 0 {
                    self.comment(text, ' ');
                }
            }
            Tok::LineComment(text) => {
                if self.skip_depth == 0 {
                    let sep = if after_line_comment { '\n' } else { ' ' };
                    self.comment(text.trim_end(), sep);
                }
            }
            Tok::Escape(_) => problems.push(format!("line {line}: a % escape line")),
            Tok::Open => {
                if self.skip_depth > 0 {
                    if !self.skipping_main {
                        self.skip_depth += 1;
                    }
                } else if let Some(parent) = self.tree.parent(self.top()) {
                    self.stack.push(parent);
                    self.in_variation = false;
                } else {
                    problems.push(format!(
                        "line {line}: a variation before the first move was not kept"
                    ));
                    // A frame for the skipped variation, so that its ')'
                    // pops that and not the main line's.
                    self.stack.push(self.top());
                    self.skip_depth = 1;
                }
            }
            Tok::Close => {
                if self.skipping_main {
                } else if self.skip_depth == 1 {
                    self.skip_depth = 0;
                    self.complete_skip(problems, "was not kept");
                    self.end_variation();
                } else if self.skip_depth > 1 {
                    self.skip_depth -= 1;
                } else if self.stack.len() > 1 {
                    self.end_variation();
                } else {
                    problems.push(format!("line {line}: a ')' closes no variation; ignored"));
                }
            }
            Tok::Nag(n) | Tok::Glyph(n) => {
                if self.skip_depth > 0 {
                    return;
                }
                if self.top() == NodeId::ROOT {
                    problems.push(format!(
                        "line {line}: the annotation ${n} before the first move was not kept"
                    ));
                } else if !self.in_variation {
                    // Before a variation's first move: it would annotate
                    // the move before the variation.
                    problems.push(format!(
                        "line {line}: the annotation ${n} before a variation's first move was not kept"
                    ));
                } else {
                    let top = self.top();
                    self.tree.node_mut(top).nags.insert(Nag(*n));
                }
            }
            Tok::BadNag(s) => {
                if self.skip_depth == 0 {
                    problems.push(format!("line {line}: '{s}' is not a NAG (0-255); not kept"));
                }
            }
            Tok::Result(r) => {
                if self.stack.len() == 1 {
                    self.result = Some((r, line.to_string()));
                    if self.skipping_main {
                        self.done = true;
                    }
                } else if self.skip_depth == 0 {
                    problems.push(format!(
                        "line {line}: the result {r} inside a variation was not kept"
                    ));
                }
            }
            Tok::Move(text) => {
                if self.skip_depth > 0 {
                    self.skipped_moves += 1;
                    return;
                }
                self.play(text, &line, problems);
            }
            Tok::Unknown(s) => {
                if self.skip_depth == 0 {
                    problems.push(format!("line {line}: '{s}' is not a move; skipped"));
                }
            }
            Tok::Tag { name, .. } => {
                if self.skip_depth == 0 {
                    problems.push(format!(
                        "line {line}: the tag {name} inside the moves was not kept"
                    ));
                }
            }
            Tok::BadTag(why) => {
                if self.skip_depth == 0 {
                    problems.push(format!("line {line}: {why}; not kept"));
                }
            }
        }
    }

    fn play(&mut self, text: &str, line: &Line, problems: &mut Vec<String>) {
        // A game past any real one's size (a file of null moves, a loop of
        // knight moves) would take memory a hundred times its text: the
        // rest is not read, and said.
        if self.tree.capacity() > MAX_GAME_MOVES {
            problems.push(format!(
                "line {line}: the game has more than {MAX_GAME_MOVES} moves; the rest was not read"
            ));
            self.done = true;
            return;
        }
        let top = self.top();
        let board = *self.tree.board(top);
        let label = crate::chess::move_number_text(board.fullmove_number(), board.side_to_move());
        let parsed = if matches!(text, "--" | "Z0" | "0000" | "@@@@" | "null") {
            if board.in_check() {
                Err(format!("{label} {text}: a null move while in check"))
            } else {
                Ok(Move::NULL)
            }
        } else if looks_like_uci(text) {
            // "g1f3": a UCI move (never a SAN shape; the sloppy SAN reader
            // would take "b6d4" for a bishop on the sixth rank).
            parse_uci(&board, text).map_err(|_| format!("{label} {text} is illegal"))
        } else {
            match parse_san(&board, text) {
                Ok(m) => Ok(m),
                Err(e) => match parse_uci(&board, text) {
                    Ok(m) => Ok(m),
                    Err(_) => Err(match e {
                        MoveError::Syntax(_) => {
                            // Not shaped like a move: passed over, as other
                            // readers do, and said.
                            problems.push(format!("line {line}: '{text}' is not a move; skipped"));
                            return;
                        }
                        MoveError::Illegal(_) => format!("{label} {text} is illegal"),
                        MoveError::Ambiguous(_, c) => {
                            format!("{label} {text} is ambiguous ({})", c.join(", "))
                        }
                    }),
                },
            }
        };
        match parsed {
            Ok(m) => {
                let id = self.tree.push(top, m);
                if let Some(slot) = self.stack.last_mut() {
                    *slot = id;
                }
                self.tree.node_mut(id).comment_before = std::mem::take(&mut self.starting_comment);
                self.in_variation = true;
            }
            Err(why) => {
                self.skip_depth = 1;
                self.skipped_moves = 0;
                self.pending = Some(problems.len());
                self.skipping_main = self.stack.len() == 1;
                let rest = if self.skipping_main {
                    "game"
                } else {
                    "variation"
                };
                problems.push(format!("line {line}: {why}; the rest of the {rest}"));
            }
        }
    }

    /// Finishes the problem of the skip that just ended with what it passed over.
    fn complete_skip(&mut self, problems: &mut [String], verdict: &str) {
        if let Some(i) = self.pending.take() {
            let n = crate::game::plies(self.skipped_moves + 1);
            problems[i].push_str(&format!(" ({n}) {verdict}"));
        }
        self.skipped_moves = 0;
    }

    fn end_variation(&mut self) {
        self.stack.pop();
        // As python-chess does: a comment after ")" follows the move
        // before the variation.
        self.in_variation = true;
    }

    fn finish(&mut self, tags: &mut Tags, problems: &mut Vec<String>) {
        let verdict = if self.skipping_main {
            "was not read"
        } else {
            "was not kept"
        };
        self.complete_skip(problems, verdict);
        let open = self.stack.len() - 1;
        if open > 0 {
            problems.push(format!(
                "{open} variation{} not closed with ')' (kept as read)",
                if open == 1 { " was" } else { "s were" }
            ));
        }
        if !self.starting_comment.is_empty() {
            // A comment with no move after it: it follows the last move.
            let top = self.top();
            let c = std::mem::take(&mut self.starting_comment);
            let node = self.tree.node_mut(top);
            append(&mut node.comment, &c, ' ');
        }
        // The movetext's result fills a missing or unknown Result tag. One
        // that contradicts a decided tag is reported, so the game counts
        // as read in part and its file keeps its text.
        if let Some((r, line)) = self.result.take() {
            match tags.get("Result").map(str::trim) {
                None | Some("*") => tags.set("Result", r),
                Some(tag) if r != "*" && tag != r => problems.push(format!(
                    "line {line}: the result {r} after the moves (the Result tag says {tag})"
                )),
                Some(_) => {}
            }
        }
    }
}

/// Whether `t` has UCI's shape: from and to squares, maybe a promotion.
fn looks_like_uci(t: &str) -> bool {
    let b = t.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(b.len(), 4 | 5)
        && square(b[0], b[1])
        && square(b[2], b[3])
        && b.get(4).is_none_or(|p| b"qrbnQRBN".contains(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> ReadGame {
        read_first(text).unwrap()
    }

    fn sans(g: &Game, ids: impl IntoIterator<Item = NodeId>) -> Vec<String> {
        ids.into_iter()
            .map(|n| g.tree().node(n).san().to_string())
            .collect()
    }

    #[test]
    fn variations_comments_and_nags_are_kept() {
        let r = one("[Event \"x\"]\n\n{start} 1. e4 {c1} {c2} e5!? (1... c5 {x} 2. Nf3 (2. c3) d6) ({y} 1... d5) 2. Nf3 $14 *");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let g = &r.game;
        let t = g.tree();
        assert_eq!(t.root().comment, "start");
        let main: Vec<NodeId> = t.mainline().collect();
        assert_eq!(sans(g, main.clone()), ["e4", "e5", "Nf3"]);
        assert_eq!(t.node(main[0]).comment, "c1 c2");
        assert_eq!(t.node(main[1]).nags.move_suffix(), "!?");
        assert_eq!(t.node(main[2]).nags.trailing(), "+=");
        let alts = t.siblings(main[1]).to_vec();
        assert_eq!(sans(g, alts.clone()), ["e5", "c5", "d5"]);
        assert_eq!(t.node(alts[1]).comment, "x");
        assert_eq!(t.node(alts[2]).comment_before, "y");
        let c5_line: Vec<NodeId> = t.path(t.line_end(alts[1]));
        assert_eq!(sans(g, c5_line), ["e4", "c5", "Nf3", "d6"]);
        assert_eq!(g.tags.get("Result"), Some("*"));
        assert_eq!(g.tags.get("Event"), Some("x"));
    }

    #[test]
    fn illegal_moves_keep_the_legal_part_and_say_where() {
        let r = one("1. e4 e5 (1... c5 2. Ke3 Nc6 3. d4) 2. Nf3 Nc6 3. Ke3 a6 4. d4 1-0");
        let g = &r.game;
        assert_eq!(sans(g, g.tree().mainline()), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(r.problems.len(), 2, "{:?}", r.problems);
        assert!(
            r.problems[0]
                .contains("2. Ke3 is illegal; the rest of the variation (3 plies) was not kept"),
            "{}",
            r.problems[0]
        );
        assert!(
            r.problems[1]
                .contains("line 1: 3. Ke3 is illegal; the rest of the game (3 plies) was not read"),
            "{}",
            r.problems[1]
        );
        assert_eq!(g.tags.get("Result"), Some("1-0"));
    }

    #[test]
    fn annotations_with_no_move_of_their_own_are_said() {
        let r =
            one("1. e4 e5 (1... c5 2. Nf3 d6 1-0) (1... e6 $1 2. d4) 2. Nf3 ( $2 2. f4 ) Nc6 1-0");
        let g = &r.game;
        let t = g.tree();
        let main: Vec<NodeId> = t.mainline().collect();
        assert_eq!(sans(g, main.clone()), ["e4", "e5", "Nf3", "Nc6"]);
        assert!(t.node(main[1]).nags.is_empty(), "e5 gains no glyph");
        assert_eq!(
            r.problems,
            [
                "line 1: the result 1-0 inside a variation was not kept",
                "line 1: the annotation $2 before a variation's first move was not kept",
            ]
        );
        let e6 = t.siblings(main[1])[2];
        assert_eq!(
            t.node(e6).nags.move_suffix(),
            "!",
            "a glyph after its move stays"
        );
    }

    #[test]
    fn a_game_past_any_real_size_is_read_in_part() {
        let text = "Nf3 Nf6 Ng1 Ng8 ".repeat(MAX_GAME_MOVES / 4 + 1) + "*";
        let r = one(&text);
        assert_eq!(r.game.tree().move_count(), MAX_GAME_MOVES);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(
            r.problems[0].contains("more than 500000 moves; the rest was not read"),
            "{}",
            r.problems[0]
        );
    }

    #[test]
    fn a_text_of_words_stops_at_a_thousand_problems() {
        let r = one(&"word ".repeat(100_000));
        assert_eq!(r.problems.len(), MAX_PROBLEMS + 1);
        assert!(
            r.problems[MAX_PROBLEMS].ends_with("problems; the rest of the game was not read"),
            "{}",
            r.problems[MAX_PROBLEMS]
        );
        let tags = one(&"[A \"x\"]\n".repeat(5_000));
        assert_eq!(
            tags.problems.len(),
            MAX_PROBLEMS + 1,
            "{:?}",
            tags.problems.last()
        );
    }

    #[test]
    fn every_game_of_a_file_says_its_own_lines() {
        let text = "x 1-0\n\n1. e4 y *\n1. d4 d5\nz *\n";
        let said: Vec<String> = read_games(text)
            .into_iter()
            .map(|r| r.unwrap().problems.join("; "))
            .collect();
        assert_eq!(
            said,
            [
                "line 1: 'x' is not a move; skipped",
                "line 3: 'y' is not a move; skipped",
                "line 5: 'z' is not a move; skipped",
            ]
        );
        let listed = crate::game::pgn::index_games(text);
        let lines: Vec<usize> = listed.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 3, 4]);
        let third = read_entry(text, &listed[2], 3).unwrap();
        assert_eq!(third.problems, ["line 5: 'z' is not a move; skipped"]);
    }

    #[test]
    fn a_result_that_contradicts_the_tag_is_said() {
        let r = one("[Result \"0-1\"]\n\n1. e4 e5\n1-0");
        assert_eq!(r.game.tags.get("Result"), Some("0-1"));
        assert_eq!(
            r.problems,
            ["line 4: the result 1-0 after the moves (the Result tag says 0-1)"]
        );
        // The same result, an unknown tag, or "*" after the moves: nothing to say.
        for text in [
            "[Result \"1-0\"]\n\n1. e4 1-0",
            "[Result \"*\"]\n\n1. e4 1-0",
            "[Result \"1-0\"]\n\n1. e4 *",
        ] {
            assert!(one(text).problems.is_empty(), "{text}");
        }
    }

    #[test]
    fn a_repeated_tag_is_said_not_dropped_silently() {
        let r = one("[White \"A\"]\n[White \"B\"]\n\n1. e4 *");
        assert_eq!(r.game.tags.get("White"), Some("B"));
        assert_eq!(
            r.problems,
            ["line 2: a second White tag; the first ('A') was not kept"]
        );
    }

    /// A comment between tags keeps the tags after it, and itself as
    /// the game's opening comment; a quote inside a value does not split
    /// the game.
    #[test]
    fn comments_and_quotes_in_the_tag_section_lose_nothing() {
        let r = one("[Event \"The \"Big\" Open\"]\n{note}\n[White \"A\"]\n; line\n[Black \"B\"]\n\n{start} 1. e4 *");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let tags = &r.game.tags;
        assert_eq!(tags.get("Event"), Some("The \"Big\" Open"));
        assert_eq!(
            (tags.get("White"), tags.get("Black")),
            (Some("A"), Some("B"))
        );
        assert_eq!(r.game.tree().root().comment, "note line start");
        assert_eq!(sans(&r.game, r.game.tree().mainline()), ["e4"]);
        assert_eq!(
            split_games("[Event \"The \"Big\" Open\"]\n[Site \"X\"]\n\n1. e4 *").len(),
            1
        );
        // A comment before the first tag of a file keeps the tags too; it
        // is the file's, before the game (a save of the game keeps it
        // where it is).
        let text = "{from the database}\n[White \"A\"]\n\n1. e4 *";
        let r = one(text);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.game.tags.get("White"), Some("A"));
        assert_eq!(r.game.tree().root().comment, "");
        assert_eq!(split_games(text).first(), Some(&(20..text.len())));
    }

    #[test]
    fn line_numbers_count_on_and_comments_join() {
        let r = one("1. e4 {a} {b}\n;c\n\nzz\n1... e5\nyy *");
        let e4 = r.game.tree().mainline().next().unwrap();
        assert_eq!(r.game.tree().node(e4).comment, "a b c");
        assert_eq!(
            r.problems,
            [
                "line 4: 'zz' is not a move; skipped",
                "line 6: 'yy' is not a move; skipped"
            ]
        );
    }

    #[test]
    fn real_world_forms() {
        let r = one("%escape\ne4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 0-0 5..Be7 ; Closed\n6.Re1 b5 e.p. *");
        // An escape line before the game is in no game.
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        // One inside a game is no part of it: read past, and said.
        let inside = one("1. e4\n%inside\ne5 *");
        assert_eq!(inside.problems, ["line 2: a % escape line"]);
        assert_eq!(inside.game.tree().mainline_len(), 2);
        let g = &r.game;
        assert_eq!(g.tree().mainline_len(), 12);
        let be7 = g.tree().mainline().nth(9).unwrap();
        assert_eq!(g.tree().node(be7).comment, "Closed");
        let r = one("1. e4 -- 2. d4 (2. Nf3 --) *");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(sans(&r.game, r.game.tree().mainline()), ["e4", "--", "d4"]);
        let r = one("g1f3 c7c5 e2e4 *");
        assert_eq!(sans(&r.game, r.game.tree().mainline()), ["Nf3", "c5", "e4"]);
    }

    #[test]
    fn games_split_at_tags_and_after_results() {
        let text = "[Event \"A\"]\n\n1. e4 e5 1-0 {after}\n\n1. d4 d5 *\n[Event \"C\"]\n[Site \"s\"]\n\n1. c4 (1. e4\n\n[Event \"D\"]\n1. f4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 4);
        let g: Vec<&ReadGame> = games.iter().map(|g| g.as_ref().unwrap()).collect();
        assert_eq!(g[0].game.tree().mainline_len(), 2);
        let last = g[0].game.tree().line_end(NodeId::ROOT);
        assert_eq!(g[0].game.tree().node(last).comment, "after");
        assert_eq!(g[1].game.tree().mainline_len(), 2);
        assert_eq!(g[2].game.tags.get("Site"), Some("s"));
        assert_eq!(g[2].problems.len(), 1, "{:?}", g[2].problems);
        assert_eq!(g[3].game.tags.get("Event"), Some("D"));
        assert!(text[g[3].span.clone()].starts_with("[Event \"D\"]"));
        assert!(read_games("").is_empty());
        assert!(read_games("% only an escape\n{only a comment}\n").is_empty());
        // Escape lines before a game and after its result are in no span.
        let text = "% a\n[Event \"A\"]\n\n1. e4 *\n% b\n% c\n[Event \"B\"]\n\n1. d4 *\n% d\n";
        let spans = split_games(text);
        assert_eq!(spans.len(), 2);
        assert_eq!(&text[spans[0].clone()], "[Event \"A\"]\n\n1. e4 *\n");
        assert_eq!(&text[spans[1].clone()], "[Event \"B\"]\n\n1. d4 *\n");
        for g in read_games(text) {
            assert!(g.unwrap().problems.is_empty());
        }
        // A collection's heading (comments, an escape line) before the
        // first game's tags is in no span: saving game 1 keeps it.
        let text = "; Collection\n{ heading }\n% esc\n[Event \"G1\"]\n\n1. e4 *\n\n[Event \"G2\"]\n\n1. d4 *\n";
        let spans = split_games(text);
        assert_eq!(spans.len(), 2);
        assert_eq!(&text[spans[0].clone()], "[Event \"G1\"]\n\n1. e4 *\n\n");
        let g = read_first(text).unwrap();
        assert!(g.problems.is_empty(), "{:?}", g.problems);
        assert_eq!(g.game.tree().root().comment, "");
        // Comments before a game without tags are its own.
        let text = "{ intro } 1. e4 *\n";
        assert_eq!(split_games(text).first(), Some(&(0..text.len())));
        assert_eq!(
            read_first(text).unwrap().game.tree().root().comment,
            "intro"
        );
        // Files joined by `cat`, each with its byte-order mark: the second
        // mark is space, not a game of its own nor a move of the first.
        let bom = "\u{feff}";
        for first in ["1. e4 e5 1-0\n\n", "1. e4 e5\n\n"] {
            let text = format!("{bom}[Event \"A\"]\n\n{first}{bom}[Event \"B\"]\n\n1. d4 d5 0-1\n");
            let games = read_games(&text);
            assert_eq!(games.len(), 2, "{first:?}");
            for g in &games {
                let g = g.as_ref().unwrap();
                assert!(g.problems.is_empty(), "{:?}", g.problems);
                assert_eq!(g.game.tree().mainline_len(), 2);
            }
        }
    }

    #[test]
    fn a_game_takes_its_move_number_and_keeps_a_stray_bracket() {
        // Games without tags: each span begins at its own "1.", so
        // writing one game over its span leaves its neighbours as they were.
        let text = "1. e4 e5 *\n\n1. d4 d5 *\n\n1. c4 c5 *";
        let spans = split_games(text);
        let games: Vec<&str> = spans.iter().map(|s| &text[s.clone()]).collect();
        assert_eq!(games, ["1. e4 e5 *\n\n", "1. d4 d5 *\n\n", "1. c4 c5 *"]);
        let text = "1-0\n\n12... Qxd2 *";
        let spans = split_games(text);
        assert_eq!(&text[spans[0].clone()], "1-0\n\n");
        // A clock written without its braces is one game read in part,
        // not a game cut short at the bracket and another after it.
        let text = "[Event \"Clk\"]\n[Result \"1-0\"]\n\n1. e4 [%clk 0:10:00] e5 2. Nf3 Nc6 1-0";
        let games = read_games(text);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.game.tree().mainline_len(), 4);
        assert_eq!(g.problems.len(), 1, "{:?}", g.problems);
        // Wrapped onto a line of its own, the same.
        let text = "[Event \"Clk\"]\n\n1. e4\n[%clk 0:10:00] e5 2. Nf3 1-0";
        assert_eq!(read_games(text).len(), 1);
        // A well-formed tag after the moves still begins the next game.
        assert_eq!(read_games("1. e4 e5 [Event \"B\"] 1. d4 *").len(), 2);
    }

    #[test]
    fn errors_and_odd_input_never_panic() {
        let e = read_first("[FEN \"junk\"]\n1. e4 *").unwrap_err();
        assert!(e.message.contains("bad FEN"), "{e}");
        let e = read_first("[Variant \"Atomic\"]\n1. e4 *").unwrap_err();
        assert!(e.message.contains("Atomic"), "{e}");
        // Lichess's export of a game from a set-up position is standard
        // chess, and its tag is kept as it was.
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let text =
            format!("[Variant \"From Position\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n1. e4 *");
        let r = one(&text);
        assert_eq!(r.game.tree().mainline_len(), 1);
        assert_eq!(r.game.tags.get("Variant"), Some("From Position"));
        let r = one("1. e4 xyzzy $1 $999 ) e5 {open");
        assert_eq!(r.game.tree().mainline_len(), 2);
        assert_eq!(r.problems.len(), 4, "{:?}", r.problems);
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
            "$1 e4",
            "( e4 ) e4",
            "1. e4 ( -- ) *",
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# -- *",
        ] {
            let _ = read_games(s);
        }
    }
}
