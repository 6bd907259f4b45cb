//! A finished report written into the game: per move an `[%eval]` in its
//! comment, the verdict's NAG, the engine's better line as a variation
//! and the explanation as a comment; the figures per side in tags. What
//! was there stays: comment text, NAGs and variations are kept (a move
//! that already has a move-quality NAG keeps it; an `[%eval]` already in a
//! comment stays, and the move gets none of tapir's beside it: a file's
//! evaluations may be a stronger engine's, as Lichess exports them, and
//! tapir's verdict beside one begins "tapir:"; a move
//! an earlier report explained keeps that explanation and its line, and
//! gets no second). On the board a report run again first takes out what
//! the one before wrote (`Written`), where it is still as written. All of
//! it is one undo step.

use super::explain::holds_explanation;
use super::report::GameReport;
use super::run::{stop_move, LinePosition};
use crate::game::{Game, Nag, NodeId};

/// Begins the note on the move where a report stops short of the main
/// line's end (a null move), so that a file read elsewhere says why the
/// rest has no evaluations; a second report finds it and adds no other.
pub const STOP_NOTE: &str = "The report stops here:";

/// How long a better line put into the tree may be, in plies.
pub const VARIATION_PLIES: usize = 8;

/// The undo step a report is, as Ctrl-Z names it (the board's records of
/// what each report wrote follow these steps through undo and redo).
pub const REPORT_STEP: &str = "add the game report";

/// What one report wrote into a game: `apply`'s record, so that a report
/// run again on the board (deeper, say) takes the first one's evaluations,
/// verdicts, lines and figures out before it writes its own, instead of
/// keeping them as though they were the file's.
#[derive(Clone, Debug, Default)]
pub struct Written {
    moves: Vec<WrittenMove>,
    /// Tag name and the value written.
    tags: Vec<(String, String)>,
}

/// What a report wrote on one move.
#[derive(Clone, Debug)]
struct WrittenMove {
    node: NodeId,
    /// The `[%eval ...]` it put in the comment.
    eval: Option<String>,
    /// The words it put there: the explanation, with the dash and the
    /// "tapir:" it may begin with. Taken out apart from the evaluation: an
    /// edit of the comment puts its commands after the words.
    words: Option<String>,
    nag: Option<Nag>,
    /// The first move of the better line that the report added, and how
    /// many moves it added (none where the game already had that move).
    line: Option<(NodeId, usize)>,
}

/// Writes `report` (of `game`'s main line `positions`) into `game`, the
/// accuracy and ACPL tags too, as one edit; `earlier`, what an earlier
/// report wrote into this game, is taken out first in the same edit,
/// where it is still as written (what the user changed since stays);
/// `held`, moves the user is writing a comment on: a line holding one
/// stays. Returns how many moves kept the `[%eval]` they had, and what
/// this report wrote.
pub fn apply(
    game: &mut Game,
    positions: &[LinePosition],
    report: &GameReport,
    earlier: Option<&Written>,
    held: &[NodeId],
) -> (usize, Written) {
    let mut kept = 0;
    let mut written = Written::default();
    game.in_one_step_in_place(REPORT_STEP, |game| {
        if let Some(earlier) = earlier {
            take_out(game, earlier, held);
        }
        for (i, m) in report.moves.iter().enumerate() {
            let Some(m) = m else { continue };
            if !game.tree().is_attached(m.node) {
                continue;
            }
            let node = game.tree().node(m.node);
            let mut comment = node.comment.clone();
            let mut record = WrittenMove {
                node: m.node,
                eval: None,
                words: None,
                nag: None,
                line: None,
            };
            let own_eval = eval_command(&comment).is_some();
            if own_eval {
                kept += 1;
            } else if let Some(e) = m.after.pgn_eval() {
                let eval = format!("[%eval {e}]");
                push_words(&mut comment, &eval);
                record.eval = Some(eval);
            }
            let explained = holds_explanation(&comment);
            if let Some(x) = m.explanation.as_ref().filter(|_| !explained) {
                let mut words = String::new();
                // After the user's own words a dash, so that "strong"
                // and "Blunder" do not read as one phrase.
                if has_words(&comment) {
                    push_words(&mut words, "—");
                }
                // Beside a file's own evaluation (a Lichess export's, with
                // its own verdict in words) tapir's scores differ: its
                // verdict says whose it is.
                if own_eval {
                    push_words(&mut words, "tapir:");
                }
                push_words(&mut words, &x.comment);
                push_words(&mut comment, &words);
                record.words = Some(words);
            }
            game.set_comment(m.node, false, &comment);
            if let Some(class) = m.class {
                let mut nags = game.tree().node(m.node).nags.clone();
                if !nags.iter().any(Nag::is_move_quality) {
                    nags.insert(class.nag());
                    game.set_nags(m.node, nags);
                    record.nag = Some(class.nag());
                }
                if let Some(&best) = m.better.first().filter(|_| !explained) {
                    let from = positions[i].node;
                    let line = &m.better[..m.better.len().min(VARIATION_PLIES)];
                    // A better move the game already has as a variation
                    // (the player's own, a file's) gets none of the
                    // search's moves added into its line: they would read
                    // as the player's. The comment names the move.
                    let there = game.tree().child_with_move(from, best).is_some();
                    // The line comes from a search of this very position.
                    if !there && game.add_line(from, line).is_ok() {
                        record.line = (game.tree().child_with_move(from, best))
                            .map(|first| (first, line.len()));
                    }
                }
            }
            written.moves.push(record);
        }
        if let Some((node, why)) = stop_move(game, positions) {
            let mut comment = game.tree().node(node).comment.clone();
            if !comment.contains(STOP_NOTE) {
                push_words(
                    &mut comment,
                    &format!("{STOP_NOTE} {why}; the moves after it are not analysed."),
                );
                game.set_comment(node, false, &comment);
            }
        }
        // The figures as Lichess's export names them, kept with the game;
        // a value of the file's own (or the user's) stays, as its
        // evaluations do.
        if let Some([w, b]) = report.sides {
            for (side, f) in [("White", w), ("Black", b)] {
                let figures = [
                    ("Accuracy", f.accuracy.map(|a| format!("{a:.1}"))),
                    ("ACPL", f.acpl.map(|l| format!("{l:.0}"))),
                ];
                for (what, value) in figures {
                    let (name, Some(value)) = (format!("{side}{what}"), value) else {
                        continue;
                    };
                    let ours = match game.tags.get(&name) {
                        None => true,
                        Some(v) => earlier.is_some_and(|e| e.wrote_tag(&name, v)),
                    };
                    if ours {
                        game.set_tag(&name, Some(&value), NodeId::ROOT);
                        written.tags.push((name, value));
                    }
                }
            }
        }
        if let Some(earlier) = earlier {
            take_out_tags(game, earlier, &written);
        }
    });
    (kept, written)
}

/// Whether the `n` moves from `first` are still as a report added them:
/// a side line (not made a main line), one chain, nothing added after it
/// or beside it, no comment or NAG, none of them `held`.
fn untouched_line(game: &Game, first: NodeId, n: usize, held: &[NodeId]) -> bool {
    let tree = game.tree();
    let side_line = tree
        .parent(first)
        .is_some_and(|p| tree.children(p).first() != Some(&first));
    if !side_line || !tree.is_attached(first) {
        return false;
    }
    let mut id = first;
    for i in 0..n {
        if !tree.is_attached(id) || held.contains(&id) {
            return false;
        }
        let node = tree.node(id);
        if !node.comment.is_empty() || !node.comment_before.is_empty() || !node.nags.is_empty() {
            return false;
        }
        match tree.children(id) {
            [] if i + 1 == n => return true,
            [next] if i + 1 < n => id = *next,
            _ => return false,
        }
    }
    false
}

impl Written {
    /// Whether the `[%eval]` in `comment`, the comment on `node`, is the
    /// one this report wrote there (not a file's own, which it kept).
    pub fn wrote_eval(&self, node: NodeId, comment: &str) -> bool {
        (self.moves.iter())
            .any(|m| m.node == node && m.eval.as_deref().is_some_and(|e| comment.contains(e)))
    }

    /// Whether this report wrote `value` into tag `name`.
    fn wrote_tag(&self, name: &str, value: &str) -> bool {
        self.tags.iter().any(|(n, v)| n == name && v == value)
    }
}

/// Takes out of `game` what an earlier report wrote (`written`), where it
/// is still as written, move by move: its words, its evaluation, the NAG
/// it gave and the line it added while nobody has added to it, annotated
/// it or made it a main line (its tags: `take_out_tags`). A move whose
/// explanation the player changed keeps all of the earlier report's, as
/// a file's own: the words would no longer match their glyph or line.
fn take_out(game: &mut Game, written: &Written, held: &[NodeId]) {
    for w in &written.moves {
        if !game.tree().is_attached(w.node) {
            continue;
        }
        let mut comment = game.tree().node(w.node).comment.clone();
        if let Some(words) = &w.words {
            if !cut(&mut comment, words) {
                continue;
            }
        }
        if let Some(eval) = &w.eval {
            cut(&mut comment, eval);
        }
        game.set_comment(w.node, false, &comment);
        let mut nags = game.tree().node(w.node).nags.clone();
        if let Some(nag) = w.nag.filter(|&n| nags.contains(n)) {
            nags.remove(nag);
            game.set_nags(w.node, nags);
        }
        if let Some((first, _)) = w
            .line
            .filter(|&(first, n)| untouched_line(game, first, n, held))
        {
            let _ = game.delete(first, w.node);
        }
    }
}

/// Takes the last `piece` out of `text`, the blanks on its two sides made
/// one; whether it was there.
fn cut(text: &mut String, piece: &str) -> bool {
    let Some(at) = text.rfind(piece) else {
        return false;
    };
    let left = text[..at].trim_end();
    let right = text[at + piece.len()..].trim_start();
    let gap = if left.is_empty() || right.is_empty() {
        ""
    } else {
        " "
    };
    *text = format!("{left}{gap}{right}");
    true
}

/// After a report wrote its tags: the earlier report's that it did not
/// write again go, while they keep the values written (rewriting them in
/// place keeps the tags' order).
fn take_out_tags(game: &mut Game, earlier: &Written, now: &Written) {
    for (name, value) in &earlier.tags {
        let rewritten = now.tags.iter().any(|(n, _)| n == name);
        if !rewritten && game.tags.get(name) == Some(value.as_str()) {
            game.set_tag(name, None, NodeId::ROOT);
        }
    }
}

/// "1 move kept the [%eval] it had", "3 moves kept the [%eval] they
/// had": what `apply`'s count says to the user.
pub fn kept_evals_words(kept: usize) -> String {
    match kept {
        1 => "1 move kept the [%eval] it had".to_string(),
        n => format!("{n} moves kept the [%eval] they had"),
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
    fn only_eval_commands_count() {
        // Not commands: the user's text, beside which a report writes its own.
        for text in [
            "[%evaluation notes]",
            "[%eval 1.0 [%clk 0:01:00]",
            "see [%eval",
            "[%evalx 3]",
        ] {
            assert_eq!(eval_command(text), None, "{text}");
        }
        assert_eq!(eval_command("a [%eval -1.2] b"), Some((2, 14)));
        assert_eq!(
            eval_command("[%eval 1.0 [%clk 0:01:00] [%eval 0.5]"),
            Some((26, 37))
        );
    }
}
