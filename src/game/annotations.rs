//! PGN command annotations inside comments (`[%clk 1:02:03]`,
//! `[%eval 0.25]`, `[%csl Gd4]`, `[%cal Ge2e4]`): the comment keeps them
//! verbatim, so a file is written back as it was; these helpers read them
//! for display and leave the words around them.

use std::time::Duration;

/// One `[%name value]` of a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    pub name: &'a str,
    pub value: &'a str,
}

/// The commands of `comment`, in order, and the byte range each takes.
fn scan(comment: &str) -> Vec<(Command<'_>, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = comment[from..].find("[%") {
        let start = from + i;
        let Some(len) = comment[start..].find(']') else {
            break;
        };
        let inner = &comment[start + 2..start + len];
        let (name, value) = match inner.split_once(char::is_whitespace) {
            Some((n, v)) => (n, v.trim()),
            None => (inner, ""),
        };
        if !name.is_empty() {
            out.push((Command { name, value }, start..start + len + 1));
        }
        from = start + len + 1;
    }
    out
}

/// The commands of a comment.
pub fn commands(comment: &str) -> Vec<Command<'_>> {
    scan(comment).into_iter().map(|(c, _)| c).collect()
}

/// The comment's words without its commands, whitespace collapsed: what
/// the move list shows.
pub fn text_without_commands(comment: &str) -> String {
    let mut kept = String::with_capacity(comment.len());
    let mut last = 0;
    for (_, r) in scan(comment) {
        kept.push_str(&comment[last..r.start]);
        kept.push(' ');
        last = r.end;
    }
    kept.push_str(&comment[last..]);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The comment's words as written, its commands taken out: what `i`
/// opens to edit. Unlike `text_without_commands` it keeps the line breaks
/// and spacing the writer gave; only the blanks a command leaves go.
pub fn words(comment: &str) -> String {
    strip(comment, |_| true)
}

/// The comment without the commands `drop` picks, keeping the line breaks
/// and spacing around the rest; only the blanks a command leaves go.
fn strip(comment: &str, drop: impl Fn(&Command) -> bool) -> String {
    rewrite(comment, |c| drop(c).then(String::new))
}

/// The comment with each command `change` gives a text for written as
/// that text in its place (an empty one takes the command out, with the
/// blanks it leaves), everything else as written: how a command is edited
/// without touching what is around it.
pub fn rewrite(comment: &str, change: impl Fn(&Command) -> Option<String>) -> String {
    let mut out = String::with_capacity(comment.len());
    let mut last = 0;
    // Whether a command was just taken out.
    let mut gap = false;
    for (c, r) in scan(comment) {
        let Some(new) = change(&c) else {
            continue;
        };
        push_piece(&mut out, &comment[last..r.start], gap);
        gap = new.is_empty();
        out.push_str(&new);
        last = r.end;
    }
    push_piece(&mut out, &comment[last..], gap);
    out.trim().to_string()
}

/// Adds `piece`, the text after a command; after one taken out (`gap`)
/// the blanks it leaves go, and words it stood between stay apart.
fn push_piece(out: &mut String, piece: &str, gap: bool) {
    if !gap {
        out.push_str(piece);
        return;
    }
    if piece.starts_with(['\n', '\r']) {
        // "line [%csl Ge5]\nend": no blank is left at the line's end.
        out.truncate(out.trim_end_matches([' ', '\t']).len());
    }
    let piece = if out.is_empty() || out.ends_with(char::is_whitespace) {
        piece.trim_start_matches([' ', '\t'])
    } else {
        piece
    };
    let glued = !out.is_empty() && !out.ends_with(char::is_whitespace);
    if glued && !piece.is_empty() && !piece.starts_with(char::is_whitespace) {
        out.push(' ');
    }
    out.push_str(piece);
}

/// `text` as the new comment of a move whose comment was `old`: its
/// words replace `old`'s, and `old`'s commands (a clock, an eval, arrows
/// and highlights: data the move list does not show, so a user replacing
/// the words cannot see them go) stay after them, except one `text` gives
/// anew by name. With the new comment, the names of the commands kept.
pub fn replace_words<'a>(old: &'a str, text: &str) -> (String, Vec<&'a str>) {
    let given = commands(text);
    let (names, kept): (Vec<&str>, Vec<&str>) = scan(old)
        .into_iter()
        .filter(|(c, _)| given.iter().all(|g| g.name != c.name))
        .map(|(c, r)| (c.name, &old[r]))
        .unzip();
    let text = text.trim();
    // Words ending in an unclosed `[%` would swallow the commands after
    // them: those then go first.
    let open = text.rfind("[%").is_some_and(|i| !text[i..].contains(']'));
    let comment = match (text.is_empty(), kept.is_empty()) {
        (_, true) => text.to_string(),
        (true, false) => kept.join(" "),
        (false, false) if open => format!("{} {text}", kept.join(" ")),
        (false, false) => format!("{text} {}", kept.join(" ")),
    };
    (comment, names)
}

/// The clock time of a `[%clk h:mm:ss]` command, if the comment has one.
pub fn clock(comment: &str) -> Option<Duration> {
    let c = commands(comment).into_iter().find(|c| c.name == "clk")?;
    let mut parts = c.value.split(':').rev();
    let secs: f64 = parts.next()?.parse().ok()?;
    let mins: u64 = parts.next().map_or(Some(0), |m| m.parse().ok())?;
    let hours: u64 = parts.next().map_or(Some(0), |h| h.parse().ok())?;
    if secs < 0.0 {
        return None;
    }
    // Checked throughout: a comment such as [%clk 1e20] is no clock.
    let whole = hours
        .checked_mul(3600)?
        .checked_add(mins.checked_mul(60)?)?;
    Duration::from_secs(whole).checked_add(Duration::try_from_secs_f64(secs).ok()?)
}

/// The `[%clk]` command for `left` on the clock: h:mm:ss as Lichess
/// writes it, with tenths under a minute, where they decide the game.
pub fn clock_command(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    let secs = tenths / 10;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if secs < 60 {
        format!("[%clk {h}:{m:02}:{s:02}.{}]", tenths % 10)
    } else {
        format!("[%clk {h}:{m:02}:{s:02}]")
    }
}

/// A `[%eval]` value: pawns (White's view) or a mate in n (negative: Black mates).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EvalNote {
    Pawns(f64),
    Mate(i32),
}

pub fn eval(comment: &str) -> Option<EvalNote> {
    let c = commands(comment).into_iter().find(|c| c.name == "eval")?;
    let v = c.value.split([',', ' ']).next()?;
    if let Some(m) = v.strip_prefix('#') {
        return m.parse().ok().map(EvalNote::Mate);
    }
    v.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .map(EvalNote::Pawns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commands_and_keeps_the_words() {
        let c = "Good. [%clk 1:02:03.5] [%eval -0.25] [%cal Ge2e4,Rd7d5] Better";
        assert_eq!(commands(c).len(), 3);
        assert_eq!(text_without_commands(c), "Good. Better");
        assert_eq!(clock(c), Some(Duration::from_millis(3_723_500)));
        assert_eq!(eval(c), Some(EvalNote::Pawns(-0.25)));
        assert_eq!(eval("[%eval #-3]"), Some(EvalNote::Mate(-3)));
        assert_eq!(clock("[%clk x]"), None);
        // What a game against the engine writes reads back (to the tenth
        // under a minute, to the second above).
        for (ms, text) in [
            (180_000, "[%clk 0:03:00]"),
            (3_725_400, "[%clk 1:02:05]"),
            (59_990, "[%clk 0:00:59.9]"),
            (4_321, "[%clk 0:00:04.3]"),
            (0, "[%clk 0:00:00.0]"),
        ] {
            let c = clock_command(Duration::from_millis(ms));
            assert_eq!(c, text);
            let back = clock(&c).unwrap().as_millis() as u64;
            let step = if ms < 60_000 { 100 } else { 1000 };
            assert_eq!(back, ms / step * step, "{c}");
        }
        for absurd in ["1e20", "inf", "NaN", "-1", "99999999999999999:00:00"] {
            assert_eq!(clock(&format!("[%clk {absurd}]")), None, "{absurd}");
        }
        assert_eq!(text_without_commands("[%clk"), "[%clk");
        assert_eq!(text_without_commands("[%csl Gd4]"), "");
    }

    #[test]
    fn words_keep_their_lines_and_lose_the_commands_blanks() {
        assert_eq!(words("[%clk 0:03:00] White resigns."), "White resigns.");
        assert_eq!(words("a [%eval 0.3] b\nc [%clk 0:01:00]"), "a b\nc");
        assert_eq!(words("a[%csl Gd4]b"), "a b");
        assert_eq!(words("line one\n\nline two"), "line one\n\nline two");
        assert_eq!(words("[%clk 0:03:00]"), "");
        assert_eq!(words("[%clk"), "[%clk");
        // Blanks before a command stay, those after it go; a line ends
        // with no blank where its last word was a command's neighbour.
        assert_eq!(words("a  [%clk 1] b"), "a  b");
        assert_eq!(words("a\t[%eval 0.3]b"), "a\tb");
        assert_eq!(
            words("Line one\n  [%clk 0:01:00] indented"),
            "Line one\n  indented"
        );
        assert_eq!(words("line [%csl Ge5]\nend"), "line\nend");
        // What is left is what replace_words puts back before them.
        let old = "Good. [%clk 1:00:00]";
        assert_eq!(replace_words(old, &words(old)).0, old);
    }

    #[test]
    fn new_words_keep_the_old_comments_commands() {
        let old = "[%eval 0.25] Old words. [%clk 0:03:00]";
        assert_eq!(
            replace_words(old, " New idea ").0,
            "New idea [%eval 0.25] [%clk 0:03:00]"
        );
        // A command given anew replaces the old one of its name only.
        assert_eq!(
            replace_words(old, "Fine [%clk 0:02:59]").0,
            "Fine [%clk 0:02:59] [%eval 0.25]"
        );
        assert_eq!(replace_words(old, "").0, "[%eval 0.25] [%clk 0:03:00]");
        assert_eq!(replace_words("plain", "new").0, "new");
        // An unclosed `[%` typed: the kept commands go first, still read.
        let (c, kept) = replace_words("[%eval 0.25]", "see [%");
        assert_eq!(c, "[%eval 0.25] see [%");
        assert_eq!(kept, ["eval"]);
        assert_eq!(eval(&c), Some(EvalNote::Pawns(0.25)));
        assert_eq!(replace_words("", "new").0, "new");
    }
}
