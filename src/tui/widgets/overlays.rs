//! The small modal boxes: promotion picker, play-the-engine dialog, PGN
//! game picker, "the file exists", annotation glyphs, which engine line
//! to add, and the "enlarge the window" screen (the yes/no questions are
//! `confirm`'s).

use super::board::text_glyph;
use super::status::fit_rows;
use super::{popup, put};
use crate::chess::Piece;
use crate::tui::app::{
    App, FrozenLine, Overlay, PickerSource, PlayDialog, NAG_CHOICES, PROMOTION_CHOICES,
};
use crate::tui::control::{control_kind, control_text};
use crate::tui::files::Holding;
use crate::tui::kept::KeptFile;
use crate::tui::params::{CLOCK_PRESETS, LEVEL_MAX, MIN_HEIGHT, MIN_WIDTH};
use crate::tui::theme::Theme;
use crate::tui::widgets::clocks::{level_strength, LevelFor};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use std::path::Path;
use std::time::Duration;

pub fn render(app: &App, theme: &Theme, board: Rect, full: Rect, buf: &mut Buffer) {
    match &app.dialogs.overlay {
        Overlay::None | Overlay::Help | Overlay::Messages { .. } | Overlay::Tags => {}
        Overlay::Promotion { choice, .. } => promotion(app, *choice, theme, board, buf),
        Overlay::Play(d) => play(app, d, theme, full, buf),
        Overlay::Picker {
            source,
            selected,
            filter,
            shown,
        } => picker(source, *selected, filter, shown, theme, full, buf),
        Overlay::Confirm(what) => super::confirm::render(app, what, theme, full, buf),
        Overlay::SaveExisting { path, holds } => save_existing(path, holds, theme, full, buf),
        Overlay::Annotate { choice } => annotate(app, *choice, theme, full, buf),
        Overlay::AddLine { choice, lines } => add_line(*choice, lines, theme, full, buf),
        Overlay::Kept { dir, files, choice } => kept(dir, files, *choice, theme, full, buf),
    }
}

/// The play-the-engine dialog: side, level with its measured Elo (or what
/// it asks of the engine `:engine` chose, named with its levels' sense),
/// clocks, and the result that playing on would clear.
fn play(app: &App, d: &PlayDialog, theme: &Theme, full: Rect, buf: &mut Buffer) {
    let last_custom = crate::tui::control::last_custom(&app.config.clock);
    let external = app.engine.external.as_deref();
    let who = app.level_for(external);
    let clears = app.result_play_clears();
    let clears = clears.as_deref();
    // Which engine you will face: tapir, or the one `:engine` chose.
    let title = match external {
        _ if d.two_players => "Two players".to_string(),
        Some(name) => format!("Play the engine: {name}"),
        None => "Play the engine: tapir".to_string(),
    };
    let (_, inner) = popup(buf, full, 60, 10, &title, theme);
    let side = d.human.name();
    let clocks = match CLOCK_PRESETS.get(d.clock) {
        Some((0, _)) => "none (untimed)".to_string(),
        Some(&(m, i)) => {
            let (base, inc) = (Duration::from_secs(m * 60), Duration::from_secs(i));
            format!("{} {}", control_text(base, inc), control_kind(base, inc))
        }
        None => match last_custom {
            Some(c) => format!("custom: {c}… (Enter: edit it)"),
            None => "custom… (Enter: type it)".to_string(),
        },
    };
    let level = d.level.clamp(1, LEVEL_MAX);
    let mut strength = level_strength(level, who);
    if level >= LEVEL_MAX && who == LevelFor::Tapir {
        strength.push_str(", full strength");
    }
    // tapir's levels were measured; another engine's Elo is its own scale.
    let note = match who {
        LevelFor::Tapir => "Elo: measured, see the README".to_string(),
        LevelFor::Engine(Some((lo, hi))) if lo > i64::MIN && hi < i64::MAX => {
            format!("its own UCI_Elo scale ({lo}-{hi}), unmeasured")
        }
        LevelFor::Engine(Some(_)) => "UCI_Elo on the engine's own scale, unmeasured".to_string(),
        LevelFor::Engine(None) => "no UCI_Elo: a level limits its nodes alone".to_string(),
        LevelFor::EngineNotRunning => "UCI_Elo where the engine has it; its own scale".to_string(),
    };
    let rows = if d.two_players {
        [
            "Both sides move by hand, on one board".to_string(),
            format!("Clocks     {clocks:<24} (c)"),
            if d.clock == 0 {
                "           untimed: a move goes in where the board is".to_string()
            } else {
                "           each starts after its side's first move".to_string()
            },
            if d.clock == 0 {
                String::new()
            } else {
                "           k pauses · u takes back · a ends the game".to_string()
            },
            String::new(),
            "Enter starts from the shown position · Esc cancels".to_string(),
        ]
    } else {
        [
            format!("You play   {side:<6}   (w / b)"),
            format!("Level      {level:<2} {strength:<22} (Left / Right)"),
            format!("Clocks     {clocks:<24} (c)"),
            format!("           {note}"),
            match clears {
                Some(r) => format!("This game ended {r}: playing on clears it (Ctrl-Z)"),
                None => String::new(),
            },
            "Enter starts from the shown position · Esc cancels".to_string(),
        ]
    };
    for (k, r) in rows.iter().enumerate() {
        put(
            buf,
            inner.x + 1,
            inner.y + 1 + k as u16,
            r,
            Style::new().fg(theme.text),
            inner.width - 1,
        );
    }
}

/// `:save` onto a file that exists: append, overwrite or cancel (a file
/// that cannot be read is not offered for overwriting).
fn save_existing(path: &Path, holds: &Holding, theme: &Theme, full: Rect, buf: &mut Buffer) {
    let name = path.display().to_string();
    let held = match holds {
        Holding::Unreadable(why) => format!("tapir cannot read it ({why})"),
        Holding::NotPgn(bytes) => {
            format!("it is not a PGN file: tapir reads no game in its {bytes} bytes")
        }
        Holding::Games(0) => "it holds no game tapir can read".to_string(),
        Holding::Games(1) => "it holds 1 game".to_string(),
        Holding::Games(n) => format!("it holds {n} games"),
        Holding::Changed { why, .. } => {
            format!("another program changed it since this game was read: {why}")
        }
    };
    // Where `o` puts what it writes over is said on its line: a copy of
    // the file goes into tapir's data folder first.
    let overwrite = match holds {
        Holding::Unreadable(_) => "o  (not offered: what cannot be read is not written over)",
        Holding::NotPgn(_) => "o  (not offered: a file that is not PGN is not written over)",
        Holding::Games(0) => "o  overwrite; its text is kept in tapir's data folder",
        Holding::Games(1) => "o  overwrite; its game is kept in tapir's data folder",
        Holding::Games(_) => "o  overwrite; its games are kept in tapir's data folder",
        Holding::Changed { .. } => "o  (not offered: the other program's changes would go)",
    };
    // The path and what the file holds each get up to two rows of their
    // own: a long path must not hide how many games the file holds.
    let width = usize::from(full.width.min(64).saturating_sub(3));
    let mut rows: Vec<(String, Style)> = fit_rows(&format!("{name}:"), &[width, width])
        .into_iter()
        .chain(fit_rows(&format!("{held}."), &[width; 3]))
        .map(|r| (r, Style::new().fg(theme.text)))
        .collect();
    let height = rows.len() as u16 + 6;
    let title = match holds {
        Holding::Changed { .. } => "The game's file changed",
        _ => "The file exists",
    };
    let (_, inner) = popup(buf, full, 64, height, title, theme);
    rows.extend([
        (String::new(), Style::new()),
        (
            match holds {
                Holding::Changed { games, .. } => {
                    format!("a  append this game as game {}, a new one", games + 1)
                }
                // Appending reads the file first, and cannot.
                Holding::Unreadable(_) => "a  (not offered: it cannot be read)".to_string(),
                Holding::NotPgn(_) => "a  (not offered: a game added would spoil it)".to_string(),
                Holding::Games(0) => "a  append this game after its text".to_string(),
                Holding::Games(1) => "a  append this game after it".to_string(),
                Holding::Games(_) => "a  append this game after them".to_string(),
            },
            Style::new().fg(theme.text),
        ),
        (overwrite.to_string(), Style::new().fg(theme.text)),
        ("c  cancel (Esc)".to_string(), Style::new().fg(theme.text)),
    ]);
    for (k, (r, st)) in rows.iter().take(usize::from(inner.height)).enumerate() {
        put(
            buf,
            inner.x + 1,
            inner.y + k as u16,
            r,
            *st,
            inner.width - 1,
        );
    }
}

/// Which of the engine's lines to add as a variation.
fn add_line(choice: usize, lines: &[FrozenLine], theme: &Theme, full: Rect, buf: &mut Buffer) {
    let h = (lines.len() as u16 + 4).min(full.height);
    let w = full.width.saturating_sub(10).min(90);
    let title = "Add an engine line as a variation";
    let (_, inner) = popup(buf, full, w, h, title, theme);
    let rows = lines.iter().enumerate().map(|(k, l)| {
        let mark = if k == choice { "▸" } else { " " };
        let text = format!(
            "{mark}{}  {}{}  {}",
            k + 1,
            super::bound_mark(l.bound),
            super::score_text(l.score),
            l.pv
        );
        (
            text,
            choice_style(k == choice, Style::new().fg(theme.text), theme),
        )
    });
    let keys = match lines.len() {
        0 | 1 => "Enter adds it · Esc".to_string(),
        n => format!("1-{n} or Enter adds it · Esc"),
    };
    choice_rows(rows, &keys, inner, theme, buf);
}

/// `:kept`: the files kept aside, newest first, each on two rows (its age
/// and name; why it was kept and what it holds), the bar's row in sight.
fn kept(
    dir: &Path,
    files: &[KeptFile],
    choice: usize,
    theme: &Theme,
    full: Rect,
    buf: &mut Buffer,
) {
    let h = (2 * files.len() as u16 + 3).min(full.height.saturating_sub(2));
    let w = full.width.saturating_sub(6).min(100);
    let title = format!(
        "Kept aside in {} · {}",
        crate::tui::files::for_load(dir),
        match files.len() {
            1 => "1 file".to_string(),
            n => format!("{n} files"),
        }
    );
    let (_, inner) = popup(buf, full, w, h, &title, theme);
    let room = usize::from(inner.width.saturating_sub(1));
    // Two rows a file, above the keys' row.
    let fit = usize::from(inner.height.saturating_sub(1) / 2).max(1);
    let first = choice.saturating_sub(fit - 1);
    let cut = |text: String| {
        if text.chars().count() > room {
            super::status::ellipsize(&text, room)
        } else {
            text
        }
    };
    for (row, (k, f)) in files.iter().enumerate().skip(first).take(fit).enumerate() {
        let selected = k == choice;
        let mark = if selected { "▸" } else { " " };
        let y = inner.y + 2 * row as u16;
        let style = choice_style(selected, Style::new().fg(theme.text), theme);
        let head = cut(format!("{mark}{:>11}  {}", f.age, f.name));
        put(buf, inner.x + 1, y, &head, style, inner.width - 1);
        let about = cut(format!("{:>14}{} · {}", "", f.why, f.holds));
        put(
            buf,
            inner.x + 1,
            y + 1,
            &about,
            theme.dim_style(),
            inner.width - 1,
        );
    }
    let restore = match files.get(choice) {
        Some(f) if f.from.is_some() => " · r puts the file back",
        _ => "",
    };
    let keys = format!(
        "file {} of {} · Enter loads it (as :load){restore} · Esc",
        choice + 1,
        files.len()
    );
    let y = inner.y + inner.height.saturating_sub(1);
    put(
        buf,
        inner.x + 1,
        y,
        &cut(keys),
        theme.dim_style(),
        inner.width - 1,
    );
}

/// The highlighted row's style, else `normal`.
fn choice_style(selected: bool, normal: Style, theme: &Theme) -> Style {
    if selected {
        theme.highlight()
    } else {
        normal
    }
}

/// A dialog's rows from its top, and a dim footer on its last row.
fn choice_rows(
    rows: impl Iterator<Item = (String, Style)>,
    footer: &str,
    inner: Rect,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let w = inner.width.saturating_sub(1);
    for (k, (text, style)) in rows.enumerate() {
        put(buf, inner.x + 1, inner.y + k as u16, &text, style, w);
    }
    let y = inner.y + inner.height.saturating_sub(1);
    put(buf, inner.x + 1, y, footer, theme.dim_style(), w);
}

/// The games picker: the games the filter lets through, the bar on the
/// selected one, and below them the filter line (what was typed, or how
/// to type one).
fn picker(
    source: &PickerSource,
    selected: usize,
    filter: &str,
    shown: &[usize],
    theme: &Theme,
    full: Rect,
    buf: &mut Buffer,
) {
    let h = (source.labels.len() as u16 + 5)
        .min(full.height.saturating_sub(2))
        .max(6);
    let w = full.width.saturating_sub(8).min(100);
    let hints = if filter.is_empty() {
        format!(
            " · game {} of {} · Enter · Esc",
            selected + 1,
            source.labels.len()
        )
    } else {
        format!(
            " · {} of {} games match · Enter · Esc",
            shown.len(),
            source.labels.len()
        )
    };
    // The keys stay whole in the title; a long path gives way from its
    // start, so the file's own name stays (the borders and the title's two
    // blanks take four cells).
    let room = usize::from(w.saturating_sub(4)).saturating_sub(hints.chars().count());
    let len = source.name.chars().count();
    let name = if len > room {
        let tail: String = source.name.chars().skip(len + 1 - room.max(1)).collect();
        format!("…{tail}")
    } else {
        source.name.clone()
    };
    let title = format!("{name}{hints}");
    let (_, inner) = popup(buf, full, w, h, &title, theme);
    let room = inner.width.saturating_sub(1) as usize;
    // The list, then a blank row, then the filter line.
    let rows = inner.height.saturating_sub(2) as usize;
    let at = shown.iter().position(|&g| g == selected).unwrap_or(0);
    let first = at.saturating_sub(rows.saturating_sub(1));
    for (row, &k) in shown.iter().skip(first).take(rows).enumerate() {
        let style = choice_style(k == selected, Style::new().fg(theme.text), theme);
        let mark = if k == selected { "▸" } else { " " };
        let mut text = format!("{mark}{:>5}  {}", k + 1, source.labels[k]);
        if text.chars().count() > room {
            // A long row says it goes on.
            text = super::status::ellipsize(&text, room);
        }
        put(
            buf,
            inner.x + 1,
            inner.y + row as u16,
            &text,
            style,
            inner.width - 1,
        );
    }
    let y = inner.y + inner.height.saturating_sub(1);
    let (line, style) = match (filter.is_empty(), shown.is_empty()) {
        (true, _) => (
            "type a player, an event or a year to narrow the list".to_string(),
            theme.dim_style(),
        ),
        (false, true) => (
            format!("/{filter}  no game matches: Backspace, or Esc for all"),
            Style::new().fg(theme.error),
        ),
        (false, false) => (
            format!("/{filter}  Esc shows all"),
            Style::new().fg(theme.accent),
        ),
    };
    let line = if line.chars().count() > room {
        super::status::ellipsize(&line, room)
    } else {
        line
    };
    put(buf, inner.x + 1, y, &line, style, inner.width - 1);
}

/// The glyph dialog: move glyphs by digit, position glyphs by letter, the
/// ones set on the move marked.
fn annotate(app: &App, choice: usize, theme: &Theme, full: Rect, buf: &mut Buffer) {
    let node = app.tree().node(app.doc.cursor);
    let title = format!("Glyphs for {}", app.doc.game.label(app.doc.cursor));
    let h = (NAG_CHOICES.len() as u16 + 4).min(full.height);
    let (_, inner) = popup(buf, full, 44, h, &title, theme);
    let rows = NAG_CHOICES.iter().enumerate().map(|(k, nag)| {
        let key = Overlay::annotate_key(k);
        let on = node.nags.contains(*nag);
        let normal = if on {
            Style::new().fg(theme.good).add_modifier(Modifier::BOLD)
        } else {
            Style::new().fg(theme.text)
        };
        let mark = if on { "✓" } else { " " };
        let arrow = if k == choice { "▸" } else { " " };
        let text = format!("{arrow}{key}  {mark} {:<3} {}", nag.display(), nag.name());
        (text, choice_style(k == choice, normal, theme))
    });
    choice_rows(
        rows,
        "key/Enter toggles · other keys close",
        inner,
        theme,
        buf,
    );
}

/// The promotion box's size, centred on the board's squares.
const PROMOTION_BOX: (u16, u16) = (30, 5);

/// Where the promotion box's four choices are drawn over the board's
/// squares `board`: five cells each, a cell apart where the box has room
/// (a board of 80x24 leaves it 22 wide). A click is read from the same.
fn promotion_cells(board: Rect) -> [Rect; 4] {
    let outer = super::popup_area(board, PROMOTION_BOX.0, PROMOTION_BOX.1);
    let inner = ratatui::widgets::Block::bordered().inner(outer);
    let gap = u16::from(wide_promotion(inner));
    std::array::from_fn(|i| Rect::new(inner.x + 1 + i as u16 * (5 + gap), inner.y + 1, 5, 1))
}

/// Whether the promotion box's inside has room for a cell between its
/// choices (and the longer key hint).
fn wide_promotion(inner: Rect) -> bool {
    inner.width > 4 * 6
}

/// The promotion choice drawn at (x, y), for a click.
pub fn promotion_choice_at(board: Rect, x: u16, y: u16) -> Option<usize> {
    let at = ratatui::layout::Position::new(x, y);
    promotion_cells(board).iter().position(|c| c.contains(at))
}

fn promotion(app: &App, choice: usize, theme: &Theme, board: Rect, buf: &mut Buffer) {
    let (_, inner) = popup(
        buf,
        board,
        PROMOTION_BOX.0,
        PROMOTION_BOX.1,
        "Promote to",
        theme,
    );
    let side = app.view.board.side_to_move();
    let wide = wide_promotion(inner);
    for (i, (k, cell)) in PROMOTION_CHOICES
        .iter()
        .zip(promotion_cells(board))
        .enumerate()
    {
        let style = if i == choice {
            theme.highlight()
        } else {
            Style::new().fg(theme.text)
        };
        let text = format!(
            " {} {} ",
            text_glyph(Piece::new(side, *k), app.pieces()),
            k.letter()
        );
        put(buf, cell.x, cell.y, &text, style, cell.width);
    }
    put(
        buf,
        inner.x + 1,
        inner.y + 2,
        if wide {
            "q r b n · ←→ Enter · Esc"
        } else {
            "qrbn · ←→ Enter · Esc"
        },
        theme.dim_style(),
        inner.width - 1,
    );
}

/// Shown instead of everything when the terminal is too small.
pub fn too_small(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let lines = [
        "Please enlarge the window".to_string(),
        format!(
            "tapir needs {MIN_WIDTH}x{MIN_HEIGHT}, this is {}x{}",
            area.width, area.height
        ),
        "q quits; the game is kept for the next start".to_string(),
    ];
    // Each line wrapped at blanks to the width: a tiny terminal still
    // reads every word.
    let width = area.width.max(1) as usize;
    let rows: Vec<(usize, String)> = (lines.iter().enumerate())
        .flat_map(|(i, l)| {
            crate::eval::teach::wrap(l, width)
                .into_iter()
                .map(move |r| (i, r))
        })
        .collect();
    let y0 = area.y + area.height.saturating_sub(rows.len() as u16) / 2;
    for (k, (i, l)) in rows.iter().enumerate() {
        let w = l.chars().count() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        let style = if *i == 0 {
            theme.title()
        } else {
            Style::new().fg(theme.text)
        };
        put(buf, x, y0 + k as u16, l, style, area.width);
    }
}
