//! The game panel beside the board during a game against the engine or
//! two players' game on a clock: both
//! clocks in large digits (three rows of half blocks), the side whose
//! clock runs marked, low time in the warning colour, the players, the
//! control and the game's keys. Stacked, the clock of the side at the top
//! of the board on top, as on Lichess; side by side where only a strip is
//! free. Without colours the running side is reverse video and low time
//! bold with "LOW" written out, so mono terminals read the same.

use super::{put, titled};
use crate::chess::Color as Side;
use crate::tui::app::{App, Clocks, Mode};
use crate::tui::control::{control_kind, control_text};
use crate::tui::params::{LEVEL_ELO, LEVEL_ELO_SHOWN, LEVEL_MAX, LEVEL_NODES, LOW_TIME};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use std::time::Duration;

/// Rows of one clock: the player's row and the digits.
pub const CLOCK_H: u16 = 1 + DIGIT_H;

/// Rows of the large digits.
const DIGIT_H: u16 = 3;

/// The rows the panel needs for both clocks side by side, with its title.
pub const STRIP_H: u16 = 1 + CLOCK_H;

/// A glyph of the large font, three rows of half blocks.
fn glyph(c: char) -> [&'static str; 3] {
    match c {
        '0' => ["█▀█", "█ █", "▀▀▀"],
        '1' => [" ▀█", "  █", "  ▀"],
        '2' => ["▀▀█", "█▀▀", "▀▀▀"],
        '3' => ["▀▀█", " ▀█", "▀▀▀"],
        '4' => ["█ █", "▀▀█", "  ▀"],
        '5' => ["█▀▀", "▀▀█", "▀▀▀"],
        '6' => ["█▀▀", "█▀█", "▀▀▀"],
        '7' => ["▀▀█", "  █", "  ▀"],
        '8' => ["█▀█", "█▀█", "▀▀▀"],
        '9' => ["█▀█", "▀▀█", "▀▀▀"],
        ':' => ["▄", "▄", " "],
        '.' => [" ", " ", "▀"],
        _ => [" ", " ", " "],
    }
}

/// `text` in the large font: three rows, one blank column between glyphs.
pub fn big(text: &str) -> [String; 3] {
    let mut rows = [String::new(), String::new(), String::new()];
    for (i, c) in text.chars().enumerate() {
        for (r, part) in glyph(c).iter().enumerate() {
            if i > 0 {
                rows[r].push(' ');
            }
            rows[r].push_str(part);
        }
    }
    rows
}

/// "4:59", "1:02:30"; under `LOW_TIME` with tenths: "9.4".
pub fn clock_text(d: Duration) -> String {
    if d < LOW_TIME {
        let tenths = d.as_millis() / 100;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Who plays `side` in the game against the engine: the player or the
/// engine by their roles, not the tags (a game played inside a loaded one
/// keeps that game's players); in other modes, the tags' names.
fn name(app: &App, side: Side) -> String {
    match app.play.mode {
        Mode::Play { human, .. } if side == human => app.config.player_name(),
        Mode::Play { level, .. } => app.opponent_name(level),
        _ => {
            let tag = side.name();
            app.doc.game.tags.known(tag).unwrap_or(tag).to_string()
        }
    }
}

/// The panel's title: "Game · 3+2 blitz · level 5 (~1900 Elo)", or
/// "Game · 3+2 blitz · two players" (`level` `None`).
fn panel_title(app: &App, level: Option<u8>) -> String {
    let control = match &app.play.clocks {
        Some(c) => format!(
            "{} {}",
            control_text(c.base, c.increment),
            control_kind(c.base, c.increment)
        ),
        None => "untimed".to_string(),
    };
    let players = match level {
        Some(level) => level_text(level, app.level_for(app.play.engine.as_deref())),
        None => "two players".to_string(),
    };
    format!("Game · {control} · {players}")
}

/// Who a level is asked of, for what it means: tapir, whose levels were
/// measured, or another engine with the `UCI_Elo` values it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelFor {
    Tapir,
    /// An engine that runs: the `UCI_Elo` values it declared (a level's
    /// is kept inside them), `None` when it has no `UCI_Elo` (only the
    /// node budget holds it back).
    Engine(Option<(i64, i64)>),
    /// An engine not running now (a game restored before `:engine`):
    /// what it takes is not known, so the level's own `UCI_Elo` shows.
    EngineNotRunning,
}

/// "level 5 (~1900 Elo)": a level with tapir's measured strength; with
/// another engine, what the level asks of it instead: "level 5 (UCI_Elo
/// 2000, 25k nodes)".
pub fn level_text(level: u8, who: LevelFor) -> String {
    let level = level.clamp(1, LEVEL_MAX);
    format!("level {level} ({})", level_strength(level, who))
}

/// What a level means: tapir's measured Elo ("~1900 Elo"), or for another
/// engine the `UCI_Elo` and node budget it is given ("UCI_Elo 2000, 25k
/// nodes"; its own scale, not measured here), kept inside what it takes:
/// Stockfish 15.1, whose least is 1350, is given that for level 1's 600.
/// Level 10 is full strength.
pub fn level_strength(level: u8, who: LevelFor) -> String {
    let level = level.clamp(1, LEVEL_MAX);
    let i = (level - 1) as usize;
    match (who, LEVEL_ELO.get(i).zip(LEVEL_NODES.get(i))) {
        (LevelFor::Tapir, _) => format!("~{} Elo", LEVEL_ELO_SHOWN[i]),
        (_, None) => "full strength".to_string(),
        (LevelFor::Engine(Some((lo, hi))), Some((&elo, &nodes))) => format!(
            "UCI_Elo {}, {} nodes",
            i64::from(elo).clamp(lo, hi),
            nodes_short(nodes)
        ),
        (LevelFor::Engine(None), Some((_, &nodes))) => format!("{} nodes", nodes_short(nodes)),
        (LevelFor::EngineNotRunning, Some((&elo, &nodes))) => {
            format!("UCI_Elo {elo}, {} nodes", nodes_short(nodes))
        }
    }
}

/// "100", "25k", "1.5M": a node budget in a few characters.
fn nodes_short(n: u64) -> String {
    let scaled = |v: f64, unit: &str| {
        let text = format!("{v:.1}");
        format!("{}{unit}", text.trim_end_matches(".0"))
    };
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => scaled(n as f64 / 1e3, "k"),
        _ => scaled(n as f64 / 1e6, "M"),
    }
}

/// Draws the panel in `area`: stacked when there is room for both clocks
/// above each other, else side by side.
pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let level = match app.play.mode {
        Mode::Play { level, .. } => Some(level),
        Mode::TwoPlayers if app.two_players_timed() => None,
        _ => return,
    };
    let inner = titled(buf, area, &panel_title(app, level), theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    let top = if app.ui.flipped {
        Side::White
    } else {
        Side::Black
    };
    let clocks = app.play.clocks.as_ref();
    if inner.height > 2 * CLOCK_H {
        let bottom_y = inner.y + inner.height - CLOCK_H;
        clock(app, theme, clocks, top, inner.x, inner.y, inner.width, buf);
        clock(
            app,
            theme,
            clocks,
            !top,
            inner.x,
            bottom_y,
            inner.width,
            buf,
        );
        let notes = notes(app);
        let room = bottom_y - (inner.y + CLOCK_H);
        let first = inner.y + CLOCK_H + room.saturating_sub(notes.len() as u16) / 2;
        for (i, n) in notes.iter().take(room as usize).enumerate() {
            put(
                buf,
                inner.x + 1,
                first + i as u16,
                n,
                theme.dim_style(),
                inner.width - 1,
            );
        }
    } else if inner.height >= CLOCK_H {
        let half = inner.width / 2;
        clock(app, theme, clocks, Side::White, inner.x, inner.y, half, buf);
        clock(
            app,
            theme,
            clocks,
            Side::Black,
            inner.x + half,
            inner.y,
            inner.width - half,
            buf,
        );
    } else {
        let text = match clocks {
            Some(c) => format!(
                "W {} · B {}",
                clock_text(c.remaining(Side::White, app.now)),
                clock_text(c.remaining(Side::Black, app.now))
            ),
            None => "untimed".to_string(),
        };
        put(
            buf,
            inner.x + 1,
            inner.y,
            &text,
            theme.title(),
            inner.width - 1,
        );
    }
}

/// What stands where the evaluation, the engine lines or the teaching
/// views would be while a game hides them.
pub fn hidden(theme: &Theme, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let inner = titled(buf, area, "Evaluation hidden", theme);
    let rows = [
        "The evaluation, engine lines and teaching views",
        "come back when the game ends.",
        ":showeval on shows them in games (a setting).",
        "",
        "D offers a draw, or claims one the rules give;",
        ":resign resigns; a ends the game unfinished.",
    ];
    for (i, r) in rows.iter().take(inner.height as usize).enumerate() {
        put(
            buf,
            inner.x + 1,
            inner.y + i as u16,
            r,
            theme.dim_style(),
            inner.width.saturating_sub(1),
        );
    }
}

/// The rows between the clocks: what is hidden and the game's keys.
fn notes(app: &App) -> Vec<String> {
    let mut rows = Vec::new();
    if app.eval_hidden() {
        rows.push("evaluation hidden until the game ends".to_string());
        rows.push("(:showeval on shows it)".to_string());
    }
    if app.game_running() {
        rows.push("D draw · :resign · u take back · a end".to_string());
    } else if app.two_players_running() {
        rows.push("D draw · :resign · k pause · u back · a end".to_string());
    }
    rows
}

/// One clock at (x, y), `w` cells wide: the player's row, then the time in
/// large digits (or "no clock").
#[allow(clippy::too_many_arguments)]
fn clock(
    app: &App,
    theme: &Theme,
    clocks: Option<&Clocks>,
    side: Side,
    x: u16,
    y: u16,
    w: u16,
    buf: &mut Buffer,
) {
    if w < 4 {
        return;
    }
    let left = clocks.map(|c| c.remaining(side, app.now));
    let running = match clocks {
        Some(c) => c.ticking() && c.running == side && !app.play.paused,
        None => app.game_running() && app.doc.game.board(app.play.game_end).side_to_move() == side,
    };
    let flagged = clocks.is_some_and(|c| c.flagged == Some(side));
    let low = left.is_some_and(|d| d < LOW_TIME);
    let mark = if running { "▶ " } else { "  " };
    let colour = side.name();
    // A player without a name (two players, no tags) is the colour alone.
    let who = Some(name(app, side)).filter(|n| n != colour);
    let label = match who {
        _ if flagged => format!("{mark}{colour} · flag fell"),
        Some(who) if low && !theme.colored() => format!("{mark}{colour} · LOW · {who}"),
        None if low && !theme.colored() => format!("{mark}{colour} · LOW"),
        Some(who) => format!("{mark}{colour}: {who}"),
        None => format!("{mark}{colour}"),
    };
    let mut label_style = if running {
        Style::new().fg(theme.accent).add_modifier(Modifier::BOLD)
    } else {
        Style::new().fg(theme.text)
    };
    if running && !theme.colored() {
        label_style = label_style.add_modifier(Modifier::REVERSED);
    }
    if flagged {
        label_style = Style::new().fg(theme.error).add_modifier(Modifier::BOLD);
    }
    // A cell to spare, so side by side the two labels never touch.
    let room = w.saturating_sub(1) as usize;
    let label = if label.chars().count() > room {
        super::status::ellipsize(&label, room)
    } else {
        label
    };
    put(buf, x, y, &label, label_style, w);
    let Some(left) = left else {
        return;
    };
    let digits_style = if low || flagged {
        Style::new().fg(theme.error).add_modifier(Modifier::BOLD)
    } else if running {
        Style::new().fg(theme.text).add_modifier(Modifier::BOLD)
    } else {
        theme.dim_style()
    };
    let text = clock_text(left);
    let rows = big(&text);
    let width = rows[0].chars().count() as u16;
    if width + 2 > w {
        // Too narrow for the large digits: the time in plain text.
        put(buf, x + 2, y + 1, &text, digits_style, w.saturating_sub(2));
        return;
    }
    for (r, row) in rows.iter().enumerate() {
        put(buf, x + 2, y + 1 + r as u16, row, digits_style, w - 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_says_what_it_asks_of_the_engine_playing() {
        use LevelFor::*;
        assert_eq!(level_text(5, Tapir), "level 5 (~1900 Elo)");
        assert_eq!(level_text(10, Tapir), "level 10 (~3000 Elo)");
        // Another engine gets a UCI_Elo on its own scale and a node budget.
        let any = Engine(Some((i64::MIN, i64::MAX)));
        assert_eq!(level_text(5, any), "level 5 (UCI_Elo 2000, 25k nodes)");
        assert_eq!(level_text(1, any), "level 1 (UCI_Elo 600, 100 nodes)");
        assert_eq!(level_text(8, any), "level 8 (UCI_Elo 2600, 1.5M nodes)");
        assert_eq!(level_text(10, any), "level 10 (full strength)");
        // Within the engine's range, as it is sent (Stockfish 15.1 takes
        // 1350-2850); an engine without UCI_Elo is held by nodes alone.
        let stockfish = Engine(Some((1350, 2850)));
        assert_eq!(
            level_text(1, stockfish),
            "level 1 (UCI_Elo 1350, 100 nodes)"
        );
        assert_eq!(level_text(9, stockfish), "level 9 (UCI_Elo 2800, 6M nodes)");
        assert_eq!(level_text(2, Engine(None)), "level 2 (400 nodes)");
        assert_eq!(level_text(10, Engine(None)), "level 10 (full strength)");
        assert_eq!(
            level_text(1, EngineNotRunning),
            "level 1 (UCI_Elo 600, 100 nodes)"
        );
        assert_eq!(nodes_short(6_000_000), "6M");
    }

    #[test]
    fn times_and_digits() {
        assert_eq!(clock_text(Duration::from_secs(299)), "4:59");
        assert_eq!(clock_text(Duration::from_secs(3 * 3600 + 5)), "3:00:05");
        assert_eq!(clock_text(Duration::from_millis(9_440)), "9.4");
        assert_eq!(clock_text(Duration::ZERO), "0.0");
        let rows = big("10:00");
        assert!(rows.iter().all(|r| r.chars().count() == 17));
    }
}
