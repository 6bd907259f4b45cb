//! A quick look at every game of a file for the game picker: its tags,
//! its main line's length and where its text is, without checking a move.
//! A 10,000-game file is indexed in a few tens of milliseconds; a game is
//! read in full (and its moves checked) only when it is picked.

use super::lexer::{Lexer, LineCounter, Tok};
use super::read::split_games;
use super::tag_section::read_tag_section;
use crate::game::tags::Tags;
use std::ops::Range;

/// One game of a file, as the picker lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    pub tags: Tags,
    /// Move tokens of the main line (a count, not a check).
    pub plies: usize,
    /// The movetext's result token, if it has one.
    pub result: Option<&'static str>,
    /// Variations in the game (top-level parentheses).
    pub variations: usize,
    pub span: Range<usize>,
    /// The line (from 1) the game starts on.
    pub line: usize,
}

impl IndexEntry {
    /// The result to show, as the game reads when it is opened: the
    /// Result tag's (kept over a movetext result that contradicts it),
    /// else the movetext's, else `*`.
    pub fn result(&self) -> &str {
        match (crate::game::tags::result_token(&self.tags), self.result) {
            ("*", Some(r)) => r,
            (tag, _) => tag,
        }
    }
}

/// Every game of `text`, in order.
pub fn index_games(text: &str) -> Vec<IndexEntry> {
    each_game(text).collect()
}

/// Every game of `text`, in order, one at a time: a caller that keeps
/// only a label per game never holds every game's tags at once.
pub fn each_game(text: &str) -> impl Iterator<Item = IndexEntry> + '_ {
    entries_at(text, split_games(text))
}

/// The games of `text` at `spans` (as `split_games` found them), in order,
/// one at a time: for a caller that already split the text.
pub fn entries_at(text: &str, spans: Vec<Range<usize>>) -> impl Iterator<Item = IndexEntry> + '_ {
    let mut lines = LineCounter::new(text);
    spans.into_iter().map(move |span| {
        let line = lines.at(span.start);
        let mut tokens = Lexer::new(&text[span.clone()]).peekable();
        let tags = read_tag_section(&mut tokens).tags;
        let mut plies = 0;
        let mut depth = 0usize;
        let mut result = None;
        let mut variations = 0;
        for t in tokens {
            match t.tok {
                Tok::Open => {
                    variations += usize::from(depth == 0);
                    depth += 1;
                }
                Tok::Close => depth = depth.saturating_sub(1),
                Tok::Move(_) => plies += usize::from(depth == 0),
                Tok::Result(r) if depth == 0 => result = Some(r),
                _ => {}
            }
        }
        IndexEntry {
            tags,
            plies,
            result,
            variations,
            span,
            line,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_games_without_reading_moves() {
        let text = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 (1. d4 d5) e5 2. Qh5 1-0\n\n[White \"B\"]\n\n1. Ke2 *\n";
        let idx = index_games(text);
        assert_eq!(idx.len(), 2);
        assert_eq!(idx[0].tags.get("White"), Some("A"));
        assert_eq!((idx[0].plies, idx[0].variations), (3, 1));
        assert_eq!(idx[0].result(), "1-0");
        // The tag wins over a movetext result that contradicts it, as
        // when the game is read; the movetext's stands in for no tag.
        let idx = index_games("[Result \"1-0\"]\n\n1. c4 e5 0-1\n\n1. e4 0-1\n");
        assert_eq!((idx[0].result(), idx[1].result()), ("1-0", "0-1"));
        let idx = index_games(text);
        // Not checked here: an illegal move still counts.
        assert_eq!(idx[1].plies, 1);
        assert!(text[idx[1].span.clone()].starts_with("[White \"B\"]"));
    }

    #[test]
    fn lists_the_tags_the_reader_keeps() {
        for text in [
            "[White \"A\"]\n{between}\n[Black \"B\"]\n1. e4 *",
            "{first} [White \"A\"] 1. e4 *",
            "[White \"A\"]\n[White \"B\"]\n1. e4 *",
            "[White \"A\"]\n% escape\n[Black \"B\"]\n1. e4 *",
        ] {
            let read = crate::game::pgn::read_first(text).unwrap();
            let listed = index_games(text);
            assert_eq!(listed.len(), 1, "{text}");
            for name in ["White", "Black"] {
                let kept = read.game.tags.get(name);
                assert_eq!(listed[0].tags.get(name), kept, "{name} in {text}");
            }
        }
    }
}
