//! The status-line prompts (a move, a `:` command, a comment) as a small
//! line editor: a caret that moves anywhere, Backspace and Delete, Home and
//! End, Ctrl-U and Ctrl-W, and Tab completing a file name in `:load` and
//! `:save`. The text is capped at `PROMPT_MAX` bytes.

use crate::tui::action::Effect;
use crate::tui::app::{App, Prompt, PromptKind};
use crate::tui::params::{COMMENT_MAX, PROMPT_MAX};

/// The byte index of character `i` in `s` (the end when past it).
fn byte_at(s: &str, i: usize) -> usize {
    s.char_indices().nth(i).map_or(s.len(), |(b, _)| b)
}

/// `s` without control characters, and how many were left out: a tab
/// becomes a space, a line break stays in a comment (PGN comments hold
/// them) and becomes a space elsewhere, and the rest go. A pasted NUL
/// byte, unseen on the screen, once went into the saved file, which then
/// read as binary data: the whole file and the autosave with it.
fn printable(s: &str, comment: bool) -> (String, usize) {
    let mut dropped = 0;
    let clean = s
        .chars()
        .filter_map(|c| match c {
            '\n' if comment => Some('\n'),
            '\t' | '\n' => Some(' '),
            c if c.is_control() => {
                dropped += 1;
                None
            }
            c => Some(c),
        })
        .collect();
    (clean, dropped)
}

impl App {
    pub(super) fn open_move_prompt(&mut self, first: Option<char>) {
        let text = first.map(String::from).unwrap_or_default();
        self.dialogs.prompt = Some(Prompt::new(PromptKind::Move, &text));
    }

    pub(super) fn open_command_prompt(&mut self) {
        self.dialogs.prompt = Some(Prompt::new(PromptKind::Command, ""));
    }

    fn prompt_limit(kind: PromptKind) -> usize {
        match kind {
            PromptKind::Comment { .. } => COMMENT_MAX,
            _ => PROMPT_MAX,
        }
    }

    /// Inserts `s` at the caret, as much of it as fits, without the
    /// control characters a PGN file cannot hold (see `printable`).
    pub(super) fn prompt_insert(&mut self, s: &str) {
        let Some(kind) = self.dialogs.prompt.as_ref().map(|p| p.kind) else {
            return;
        };
        let (clean, dropped) = printable(s, matches!(kind, PromptKind::Comment { .. }));
        let s = clean.as_str();
        if dropped > 0 {
            self.error(format!(
                "{dropped} control character{} left out: a PGN file cannot hold {}",
                if dropped == 1 { "" } else { "s" },
                if dropped == 1 { "it" } else { "them" }
            ));
        }
        let Some(p) = &mut self.dialogs.prompt else {
            return;
        };
        let room = Self::prompt_limit(p.kind).saturating_sub(p.text.len());
        let fits = s
            .char_indices()
            .map(|(i, c)| i + c.len_utf8())
            .take_while(|&end| end <= room)
            .last()
            .unwrap_or(0);
        // Moves cut short would read as other moves ("Ra" of "Ra1"): a move
        // prompt takes whole words.
        let fits = match (p.kind, fits < s.len()) {
            (PromptKind::Move, true) if !s[fits..].starts_with(char::is_whitespace) => {
                s[..fits].rfind(char::is_whitespace).unwrap_or(0)
            }
            _ => fits,
        };
        let add = &s[..fits];
        let at = byte_at(&p.text, p.caret);
        p.text.insert_str(at, add);
        p.caret += add.chars().count();
        if fits < s.len() {
            let left = s[fits..].chars().count();
            self.error(format!(
                "the prompt is full: the last {left} characters were not taken"
            ));
        }
    }

    pub(super) fn prompt_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.prompt_insert(c.encode_utf8(&mut buf));
    }

    pub(super) fn prompt_backspace(&mut self) {
        let Some(p) = &mut self.dialogs.prompt else {
            return;
        };
        if p.text.is_empty() {
            // Backspace on an empty prompt closes it.
            self.dialogs.prompt = None;
            return;
        }
        if p.caret > 0 {
            let at = byte_at(&p.text, p.caret - 1);
            p.text.remove(at);
            p.caret -= 1;
        }
    }

    pub(super) fn prompt_delete(&mut self) {
        if let Some(p) = &mut self.dialogs.prompt {
            let at = byte_at(&p.text, p.caret);
            if at < p.text.len() {
                p.text.remove(at);
            }
        }
    }

    pub(super) fn prompt_caret(&mut self, d: i32) {
        if let Some(p) = &mut self.dialogs.prompt {
            let n = p.text.chars().count() as i64;
            p.caret = (p.caret as i64 + d as i64).clamp(0, n) as usize;
        }
    }

    pub(super) fn prompt_home(&mut self) {
        if let Some(p) = &mut self.dialogs.prompt {
            p.caret = 0;
        }
    }

    pub(super) fn prompt_end(&mut self) {
        if let Some(p) = &mut self.dialogs.prompt {
            p.caret = p.text.chars().count();
        }
    }

    pub(super) fn prompt_kill_before(&mut self) {
        if let Some(p) = &mut self.dialogs.prompt {
            let at = byte_at(&p.text, p.caret);
            p.text.replace_range(..at, "");
            p.caret = 0;
        }
    }

    pub(super) fn prompt_delete_word(&mut self) {
        if let Some(p) = &mut self.dialogs.prompt {
            let chars: Vec<char> = p.text.chars().collect();
            let mut i = p.caret;
            while i > 0 && chars[i - 1].is_whitespace() {
                i -= 1;
            }
            while i > 0 && !chars[i - 1].is_whitespace() {
                i -= 1;
            }
            let (from, to) = (byte_at(&p.text, i), byte_at(&p.text, p.caret));
            p.text.replace_range(from..to, "");
            p.caret = i;
        }
    }

    /// Tab in `:load`/`:save`: asks the runtime for the file names that
    /// complete the path before the caret.
    pub(super) fn prompt_complete(&mut self) {
        let Some(p) = &self.dialogs.prompt else {
            return;
        };
        if p.kind != PromptKind::Command {
            return;
        }
        let before: String = p.text.chars().take(p.caret).collect();
        let Some((word, path)) = before.split_once(char::is_whitespace) else {
            self.complete_command(before.trim_start_matches(':'));
            return;
        };
        if !matches!(
            word.trim_start_matches(':'),
            "load" | "open" | "e" | "save" | "w" | "net"
        ) {
            self.info("Tab completes a file name after :load, :save or :net");
            return;
        }
        self.effects
            .push(Effect::Complete(path.trim_start().to_string()));
    }

    /// Tab in a command's first word: the command names that start with
    /// `typed` (all of them for none typed); one is typed in with a space
    /// after it, several are listed and their common part typed in.
    fn complete_command(&mut self, typed: &str) {
        let names: Vec<String> = crate::tui::commands::command_names()
            .into_iter()
            .filter(|n| n.starts_with(typed))
            .map(String::from)
            .collect();
        let skip = typed.chars().count();
        match names.as_slice() {
            [] => self.error(format!(
                "no command starts with '{typed}' (Tab lists them on an empty line)"
            )),
            [one] => {
                let add: String = one.chars().skip(skip).collect();
                self.prompt_insert(&format!("{add} "));
                self.dialogs.message = None;
            }
            many => {
                let add: String = common_prefix(many).chars().skip(skip).collect();
                self.prompt_insert(&add);
                let listed: Vec<String> = many.iter().map(|n| format!(":{n}")).collect();
                self.info(listed.join("  "));
            }
        }
    }

    /// The runtime's completions: the common part is typed in, and when
    /// there are several they are listed.
    pub(super) fn completions(&mut self, list: Vec<String>) {
        let Some(p) = &self.dialogs.prompt else {
            return;
        };
        let before: String = p.text.chars().take(p.caret).collect();
        let Some((_, typed)) = before.split_once(char::is_whitespace) else {
            return;
        };
        let typed = typed.trim_start();
        match list.as_slice() {
            [] => self.error(format!("no file name starts with '{typed}'")),
            [one] => {
                let add: String = one.chars().skip(typed.chars().count()).collect();
                self.prompt_insert(&add);
                self.dialogs.message = None;
            }
            many => {
                let common = common_prefix(many);
                let add: String = common.chars().skip(typed.chars().count()).collect();
                self.prompt_insert(&add);
                let names: Vec<&str> = many
                    .iter()
                    .map(|s| {
                        let s = s.trim_end_matches('/');
                        let name = s.rsplit('/').next().unwrap_or(s);
                        &s[s.len() - name.len()..]
                    })
                    .take(12)
                    .collect();
                let more = if many.len() > 12 {
                    format!(" … ({} in all)", many.len())
                } else {
                    String::new()
                };
                self.info(format!("{}{more}", names.join("  ")));
            }
        }
    }

    pub(super) fn prompt_submit(&mut self) {
        let Some(p) = self.dialogs.prompt.take() else {
            return;
        };
        match p.kind {
            // A line of moves that does not play stays in the prompt, the
            // caret on the move at fault: a typo costs no retyping.
            PromptKind::Move => {
                if let Some(at) = self.text_move(&p.text) {
                    let mut p = p;
                    p.caret = p.text[..at.min(p.text.len())].chars().count();
                    self.dialogs.prompt = Some(p);
                }
            }
            PromptKind::Command => self.command(&p.text),
            // The move left the game while the comment was typed: the
            // words stay in the prompt, and the error says so.
            PromptKind::Comment { node, .. } if !self.tree().is_attached(node) => {
                self.dialogs.prompt = Some(p);
                self.error("that move is no longer in the game: your words stay here until Esc")
            }
            PromptKind::Comment { node, before } => {
                self.dialogs.comment_drafts.retain(|d| d.kind != p.kind);
                let node_ = self.tree().node(node);
                let now = if before {
                    &node_.comment_before
                } else {
                    &node_.comment
                };
                // The words are compared: `i` edits those (the commands
                // stay as they are now, whatever wrote them).
                let now = crate::game::annotations::words(now);
                if now != p.opened_with && now != p.text.trim() {
                    // Written meanwhile (a report, an engine game's end):
                    // the prompt stays, and a second Enter is the answer.
                    let mut p = p;
                    p.opened_with = now;
                    self.dialogs.prompt = Some(p);
                    return self.error(
                        "the comment changed meanwhile: Enter writes yours, Esc keeps the new one",
                    );
                }
                self.set_comment_words(node, before, &p.text)
            }
            PromptKind::Clock(d) => self.custom_clock(d, &p.text),
        }
    }
}

/// The longest start that every string shares.
fn common_prefix(list: &[String]) -> String {
    let Some(first) = list.first() else {
        return String::new();
    };
    let mut n = first.chars().count();
    for s in &list[1..] {
        n = n.min(
            first
                .chars()
                .zip(s.chars())
                .take_while(|(a, b)| a == b)
                .count(),
        );
    }
    first.chars().take(n).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn control_characters_are_left_out_of_prompts() {
        assert_eq!(
            super::printable("a\0b\tc\nd\u{1b}[31me\u{7f}\u{85}f", true),
            ("ab c\nd[31mef".to_string(), 4)
        );
        assert_eq!(super::printable("x\ny", false), ("x y".to_string(), 0));
        assert_eq!(super::printable("Kasparov, G.", false).1, 0);
    }

    #[test]
    fn common_prefixes() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            super::common_prefix(&v(&["games/a.pgn", "games/ab.pgn"])),
            "games/a"
        );
        assert_eq!(super::common_prefix(&v(&["x"])), "x");
        assert_eq!(super::common_prefix(&v(&[])), "");
    }
}
