//! A finished report written into the game: per move an `[%eval]` in its
//! comment, the verdict's NAG, the engine's better line as a variation
//! and the explanation as a comment; the figures per side in tags. What
//! was there stays: comment text, NAGs and variations are kept (a move
//! that already has a move-quality NAG keeps it; an `[%eval]` already in a
//! comment is replaced by the new one; a move an earlier report explained
//! keeps that explanation and its line, and gets no second). All of it is
//! one undo step.

use super::explain::holds_explanation;
use super::report::GameReport;
use super::run::LinePosition;
use crate::game::{Game, Nag};

/// How long a better line put into the tree may be, in plies.
pub const VARIATION_PLIES: usize = 8;

/// Writes `report` (of `game`'s main line `positions`) into `game`;
/// `tags` also sets the accuracy and ACPL tags.
pub fn apply(game: &mut Game, positions: &[LinePosition], report: &GameReport, tags: bool) {
    game.in_one_step_in_place("add the game report", |game| {
        for (i, m) in report.moves.iter().enumerate() {
            let Some(m) = m else { continue };
            if !game.tree().is_attached(m.node) {
                continue;
            }
            let node = game.tree().node(m.node);
            let eval = m.after.pgn_eval().map(|e| format!("[%eval {e}]"));
            let mut comment = with_eval(&node.comment, eval.as_deref());
            let explained = holds_explanation(&comment);
            if let Some(x) = m.explanation.as_ref().filter(|_| !explained) {
                // After the user's own words a dash, so that "strong"
                // and "Blunder" do not read as one phrase.
                if has_words(&comment) {
                    push_words(&mut comment, "—");
                }
                push_words(&mut comment, &x.comment);
            }
            game.set_comment(m.node, false, &comment);
            if let Some(class) = m.class {
                let mut nags = game.tree().node(m.node).nags.clone();
                if !nags.iter().any(Nag::is_move_quality) {
                    nags.insert(class.nag());
                    game.set_nags(m.node, nags);
                }
                if !m.better.is_empty() && !explained {
                    let from = positions[i].node;
                    let line = &m.better[..m.better.len().min(VARIATION_PLIES)];
                    // The line comes from a search of this very position.
                    let _ = game.add_line(from, line);
                }
            }
        }
    });
    if let (true, Some([w, b])) = (tags, report.sides) {
        for (side, f) in [("White", w), ("Black", b)] {
            if let Some(a) = f.accuracy {
                game.tags
                    .set(&format!("{side}Accuracy"), &format!("{a:.1}"));
            }
            if let Some(l) = f.acpl {
                game.tags.set(&format!("{side}ACPL"), &format!("{:.0}", l));
            }
        }
    }
}

/// Where the first `[%eval ...]` command of `text` is, as (start, end
/// past its `]`): "[%eval" then a space, a value, and a `]` before any
/// other `[`, so that "[%evaluation]" or an unclosed "[%eval" before a
/// "[%clk ...]" is the user's text, not a command.
fn eval_command(text: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(i) = text[from..].find("[%eval") {
        let start = from + i;
        let body = &text[start + "[%eval".len()..];
        if body.starts_with(char::is_whitespace) {
            if let Some(close) = body.find(']') {
                if !body[..close].contains('[') {
                    return Some((start, start + "[%eval".len() + close + 1));
                }
            }
        }
        from = start + "[%eval".len();
    }
    None
}

/// A comment without its `[%eval ...]` commands (the rest kept as is).
fn without_eval(comment: &str) -> String {
    let mut next = eval_command(comment);
    if next.is_none() {
        return comment.to_string();
    }
    let mut out = String::new();
    let mut rest = comment;
    while let Some((i, end)) = next {
        out.push_str(rest[..i].trim_end());
        rest = rest[end..].trim_start();
        next = eval_command(rest);
        if !out.is_empty() && !rest.is_empty() && next.is_none_or(|(j, _)| j > 0) {
            out.push(' ');
        }
    }
    out.push_str(rest);
    out
}

/// `comment` with `eval` (an `[%eval ...]` command, or none) in place of
/// its own: where its first one stood, so a second report over the same
/// game writes the same text; at the end of a comment that had none.
fn with_eval(comment: &str, eval: Option<&str>) -> String {
    let (Some(eval), Some((start, end))) = (eval, eval_command(comment)) else {
        let mut out = without_eval(comment);
        if let Some(e) = eval {
            push_words(&mut out, e);
        }
        return out;
    };
    let mut out = comment[..start].trim_end().to_string();
    push_words(&mut out, eval);
    let rest = without_eval(comment[end..].trim_start());
    if !rest.is_empty() {
        push_words(&mut out, &rest);
    }
    out
}

/// Whether a comment holds words of its own besides `[%...]` commands.
fn has_words(comment: &str) -> bool {
    let mut rest = comment;
    while let Some(i) = rest.find("[%") {
        if !rest[..i].trim().is_empty() {
            return true;
        }
        match rest[i..].find(']') {
            Some(end) => rest = &rest[i + end + 1..],
            None => return true,
        }
    }
    !rest.trim().is_empty()
}

fn push_words(s: &mut String, words: &str) {
    if !s.is_empty() && !s.ends_with(' ') {
        s.push(' ');
    }
    s.push_str(words);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_told_from_commands() {
        assert!(!has_words(""));
        assert!(!has_words("[%eval 0.3] [%clk 0:01:00]"));
        assert!(has_words("I thought this was strong [%eval #1]"));
        assert!(has_words("[%eval 0.3] sharp"));
        assert!(has_words("an open [% bracket"));
    }

    #[test]
    fn old_evals_go_the_rest_stays() {
        assert_eq!(without_eval("Good [%eval 0.3] move"), "Good move");
        // A new evaluation takes the old one's place.
        let e = Some("[%eval 0.5]");
        assert_eq!(
            with_eval("[%eval 0.3] Nf3 was better", e),
            "[%eval 0.5] Nf3 was better"
        );
        assert_eq!(
            with_eval("Good [%eval 0.3] move [%eval 1]", e),
            "Good [%eval 0.5] move"
        );
        assert_eq!(with_eval("Good move", e), "Good move [%eval 0.5]");
        assert_eq!(with_eval("", e), "[%eval 0.5]");
        assert_eq!(with_eval("a [%eval 0.3] b", None), "a b");
        assert_eq!(
            without_eval("[%eval -1.2] [%clk 0:01:00]"),
            "[%clk 0:01:00]"
        );
        assert_eq!(without_eval("  spaced  text "), "  spaced  text ");
        assert_eq!(without_eval("[%eval #3]"), "");
        assert_eq!(without_eval("a [%eval 1] [%eval 2] b"), "a b");
    }

    #[test]
    fn only_eval_commands_go() {
        // Not commands: the user's text stays whole.
        for text in [
            "[%evaluation notes]",
            "[%eval 1.0 [%clk 0:01:00]",
            "see [%eval",
            "[%evalx 3]",
        ] {
            assert_eq!(without_eval(text), text);
        }
        assert_eq!(
            without_eval("[%eval 1.0 [%clk 0:01:00] [%eval 0.5]"),
            "[%eval 1.0 [%clk 0:01:00]"
        );
    }
}
