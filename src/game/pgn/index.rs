//! A quick look at every game of a file for the game picker: its tags,
//! its main line's length and where its text is, without checking a move.
//! A 10,000-game file is indexed in a few tens of milliseconds; a game is
//! read in full (and its moves checked) only when it is picked.

use super::lexer::{Lexer, Tok};
use super::read::split_games;
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
}

impl IndexEntry {
    /// The result to show: the movetext's, else the tag's, else `*`.
    pub fn result(&self) -> &str {
        match self.result {
            Some(r) if r != "*" => r,
            _ => crate::game::tags::result_token(&self.tags),
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
    split_games(text).into_iter().map(|span| {
        let mut tags = Tags::new();
        let mut plies = 0;
        let mut depth = 0usize;
        let mut result = None;
        let mut variations = 0;
        let mut in_tags = true;
        for t in Lexer::new(&text[span.clone()]) {
            match t.tok {
                Tok::Tag { name, value } if in_tags => tags.set(name, &value),
                Tok::Tag { .. } | Tok::BadTag(_) => {}
                Tok::Open => {
                    in_tags = false;
                    variations += usize::from(depth == 0);
                    depth += 1;
                }
                Tok::Close => depth = depth.saturating_sub(1),
                Tok::Move(_) => {
                    in_tags = false;
                    plies += usize::from(depth == 0);
                }
                Tok::Result(r) if depth == 0 => result = Some(r),
                Tok::Comment { .. } | Tok::LineComment(_) | Tok::Escape(_) => {}
                _ => in_tags = false,
            }
        }
        IndexEntry {
            tags,
            plies,
            result,
            variations,
            span,
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
        // Not checked here: an illegal move still counts.
        assert_eq!(idx[1].plies, 1);
        assert!(text[idx[1].span.clone()].starts_with("[White \"B\"]"));
    }
}
