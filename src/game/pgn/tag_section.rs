//! A game's tag section, read the one way both the full reader and the
//! picker's index read it, so the picker never lists a tag the loaded game
//! would not have (or the other way round).

use super::lexer::{Tok, Token};
use super::read::MAX_PROBLEMS;
use crate::game::tags::Tags;
use std::iter::Peekable;

/// What a tag section held.
pub struct TagSection<'a> {
    pub tags: Tags,
    /// Comments before and between tags, in order: the game's opening
    /// comment, as if they stood before the moves.
    pub held: Vec<Token<'a>>,
    /// What was not kept, each with its byte position in the game's text.
    pub problems: Vec<(usize, String)>,
}

/// Reads the tags at the head of `tokens`, leaving the first token of the
/// movetext unread. Comments before or between the tags are held (a game
/// without tags holds the comments before its first move, which stay its
/// opening comment). A repeated tag keeps its last value.
pub fn read_tag_section<'a>(
    tokens: &mut Peekable<impl Iterator<Item = Token<'a>>>,
) -> TagSection<'a> {
    let mut s = TagSection {
        tags: Tags::new(),
        held: Vec::new(),
        problems: Vec::new(),
    };
    while let Some(t) = tokens.peek() {
        let why = match &t.tok {
            Tok::Tag { name, .. } => (s.tags.get(name))
                .map(|old| format!("a second {name} tag; the first ('{old}') was not kept")),
            Tok::BadTag(why) => Some(format!("{why}; not kept")),
            Tok::Escape(_) => Some("a % escape line".to_string()),
            _ => None,
        };
        // Past `MAX_PROBLEMS` one line says there are more: a message per
        // tag would only take memory (the movetext reader then stops).
        match (why, s.problems.len()) {
            (Some(why), n) if n < MAX_PROBLEMS => s.problems.push((t.pos, why)),
            (Some(_), MAX_PROBLEMS) => s.problems.push((
                t.pos,
                format!("more than {MAX_PROBLEMS} problems in the tags; the rest not listed"),
            )),
            _ => {}
        }
        match &t.tok {
            Tok::Tag { name, value } => s.tags.set(name, value),
            Tok::BadTag(_) | Tok::Escape(_) => {}
            Tok::Comment { .. } | Tok::LineComment(_) => {
                s.held.extend(tokens.next());
                continue;
            }
            _ => break,
        }
        tokens.next();
    }
    s
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]
    use super::*;
    use crate::game::pgn::lexer::Lexer;

    fn section(text: &str) -> (TagSection<'_>, Option<Tok<'_>>) {
        let mut tokens = Lexer::new(text).peekable();
        let s = read_tag_section(&mut tokens);
        (s, tokens.next().map(|t| t.tok))
    }

    #[test]
    fn stops_at_the_first_move_and_holds_comments_between_tags() {
        let (s, next) = section("[White \"A\"]\n{between}\n[Black \"B\"]\n1. e4 *");
        assert_eq!(s.tags.get("White"), Some("A"));
        assert_eq!(s.tags.get("Black"), Some("B"));
        assert_eq!(s.held.len(), 1);
        assert!(s.problems.is_empty());
        assert!(matches!(next, Some(Tok::Move("e4"))));
    }

    #[test]
    fn a_comment_before_the_tags_keeps_them() {
        let (s, next) = section("{first} [White \"A\"] 1. e4 *");
        assert_eq!(s.tags.get("White"), Some("A"));
        assert_eq!(s.held.len(), 1);
        assert!(matches!(next, Some(Tok::Move("e4"))));
        let (s, _) = section("{first} 1. e4 *");
        assert!(s.tags.is_empty());
        assert_eq!(s.held.len(), 1, "a tagless game's opening comment");
    }

    #[test]
    fn a_repeated_tag_keeps_its_last_value_and_says_so() {
        let (s, _) = section("[White \"A\"]\n[White \"B\"]\n*");
        assert_eq!(s.tags.get("White"), Some("B"));
        assert_eq!(s.problems.len(), 1);
        assert!(
            s.problems[0].1.contains("('A') was not kept"),
            "{:?}",
            s.problems
        );
    }
}
