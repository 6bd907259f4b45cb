//! A comment being typed, whole: the status line's prompt shows one row of
//! it, scrolled sideways, which is no way to read a paragraph back. Once
//! the words outgrow that row, a box above the status line wraps them at
//! word boundaries, the caret in view, so an annotator sees all they wrote.

use super::put;
use crate::tui::app::{App, PromptKind};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Clear, Widget};

/// Cells the status row leaves a prompt's text beside its badge, label and
/// key hints, about: a comment longer than the row less this is boxed.
const STATUS_ROW_TAKEN: usize = 44;
/// The most text rows the box shows (it scrolls to the caret's row).
const MAX_ROWS: usize = 8;

/// The box, above `status` (the status line's area), when a comment is
/// being typed that is too long for its row.
pub fn render(app: &App, theme: &Theme, status: Rect, buf: &mut Buffer) {
    let Some(p) = &app.dialogs.prompt else {
        return;
    };
    let PromptKind::Comment { .. } = p.kind else {
        return;
    };
    let (chars, widths) = super::status::prompt_cells(&p.text);
    let width = status.width as usize;
    let total: usize = widths.iter().sum();
    if total + STATUS_ROW_TAKEN <= width || status.y < 4 || width < 20 {
        return;
    }
    let inner_w = width - 4;
    let starts = wrap(&chars, &widths, inner_w);
    let caret = p.caret.min(chars.len());
    let caret_row = starts.iter().rposition(|&s| s <= caret).unwrap_or(0);
    let room = MAX_ROWS.min(status.y as usize - 3);
    let first = caret_row.saturating_sub(room - 1);
    let shown = (starts.len() - first).min(room);
    let h = shown as u16 + 2;
    let outer = Rect::new(status.x, status.y - h, status.width, h);
    Clear.render(outer, buf);
    let block = Block::bordered()
        .border_style(Style::new().fg(theme.accent))
        .title(ratatui::text::Span::styled(
            " Comment (Enter writes it, Esc cancels) ",
            theme.title(),
        ));
    let inner = block.inner(outer);
    block.render(outer, buf);
    let text = Style::new().fg(theme.text);
    for (k, row) in (first..first + shown).enumerate() {
        let from = starts[row];
        let to = starts.get(row + 1).copied().unwrap_or(chars.len());
        let line: String = chars[from..to].iter().collect();
        let y = inner.y + k as u16;
        put(
            buf,
            inner.x + 1,
            y,
            &line,
            text,
            inner.width.saturating_sub(1),
        );
        if row == caret_row {
            let x = inner.x + 1 + widths[from..caret].iter().sum::<usize>() as u16;
            let under = chars.get(caret).map_or(" ".to_string(), |c| c.to_string());
            let w = widths.get(caret).copied().unwrap_or(1).max(1) as u16;
            put(buf, x, y, &under, text.add_modifier(Modifier::REVERSED), w);
        }
    }
}

/// Where each row starts (indices into `chars`), rows at most `width`
/// cells, broken after a blank where the row has one; the caret after the
/// last character needs a cell too, so a full last row opens another.
fn wrap(chars: &[char], widths: &[usize], width: usize) -> Vec<usize> {
    let width = width.max(2);
    let mut starts = vec![0];
    let mut used = 0;
    let mut last_blank = None;
    let mut i = 0;
    while i < chars.len() {
        let w = widths[i];
        if used + w > width {
            let start = *starts.last().unwrap_or(&0);
            let at = match last_blank {
                Some(b) if b > start => b + 1,
                _ => i,
            };
            starts.push(at);
            used = widths[at..i].iter().sum();
            last_blank = None;
            continue;
        }
        if chars[i] == ' ' {
            last_blank = Some(i);
        }
        used += w;
        i += 1;
    }
    if used >= width {
        starts.push(chars.len());
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::wrap;

    fn rows(text: &str, width: usize) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let widths = vec![1; chars.len()];
        let starts = wrap(&chars, &widths, width);
        (0..starts.len())
            .map(|k| {
                let to = starts.get(k + 1).copied().unwrap_or(chars.len());
                chars[starts[k]..to].iter().collect()
            })
            .collect()
    }

    #[test]
    fn wraps_at_blanks_and_cuts_a_long_word() {
        assert_eq!(rows("a fine move here", 8), ["a fine ", "move ", "here"]);
        assert_eq!(rows("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        // A full last row leaves the caret a row of its own.
        assert_eq!(rows("abcd", 4), ["abcd", ""]);
        assert_eq!(rows("", 4), [""]);
    }
}
