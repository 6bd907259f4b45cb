//! One frame: lays out the screen for the buffer's size and has every
//! widget draw itself from `&App`. Nothing here changes the state.

use super::app::{App, Overlay};
use super::layout;
use super::widgets::{self, frametime::FrameStats};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::Frame;

/// Draws the whole screen into the frame.
pub fn draw(frame: &mut Frame, app: &App, stats: &FrameStats) {
    let area = frame.area();
    render(app, stats, frame.buffer_mut(), area);
}

/// Draws into any buffer (the benchmark and tests use this directly).
pub fn render(app: &App, stats: &FrameStats, buf: &mut Buffer, area: Rect) {
    let theme = app.theme();
    if area.width < super::params::MIN_WIDTH || area.height < super::params::MIN_HEIGHT {
        widgets::overlays::too_small(&theme, area, buf);
        return;
    }
    let a = layout::for_screen(area.width, area.height, app.config.panel);
    widgets::board::render(app, &theme, &a, buf);
    widgets::evalbar::render(app, &theme, &a, buf);
    // A message of two rows takes the row above the status line: the
    // panes that reach down to it end above it (the move list's own
    // layout allows for it), so none of their rows is hidden under it.
    let status = widgets::status::area(app, a.status);
    let above_status = |r: Rect| {
        if r.y < status.y && r.y + r.height > status.y {
            Rect {
                height: status.y - r.y,
                ..r
            }
        } else {
            r
        }
    };
    let (panel, lines, game) = game_split(app, &a);
    let (panel, lines) = (above_status(panel), above_status(lines));
    if let Some(g) = game {
        widgets::clocks::render(app, &theme, g, buf);
    }
    let hidden = app.eval_hidden();
    // An empty panel is one `z` put away.
    if !panel.is_empty() {
        if hidden {
            widgets::clocks::hidden(&theme, panel, buf);
        } else {
            widgets::panel::render(app, &theme, panel, buf);
        }
    }
    if app.editor.is_some() {
        widgets::editor::render(app, &theme, lines, buf);
    } else if hidden {
        widgets::clocks::hidden(&theme, lines, buf);
    } else {
        let (report, lines) = widgets::report::split(app, lines);
        if let Some(r) = report {
            widgets::report::render(app, &theme, r, buf);
        }
        let (lines, tablebase) = widgets::tablebase::split(app, lines);
        if duel_panes_shown(app) {
            let (white, black) = halves(lines);
            widgets::lines::render_player(app, crate::chess::Color::White, &theme, white, buf);
            widgets::lines::render_player(app, crate::chess::Color::Black, &theme, black, buf);
        } else if app.second.is_some() {
            let (first, second) = halves(lines);
            widgets::lines::render(app, &theme, first, buf);
            widgets::lines::render_second(app, &theme, second, buf);
        } else {
            widgets::lines::render(app, &theme, lines, buf);
        }
        if let Some(r) = tablebase {
            widgets::tablebase::render(app, &theme, r, buf);
        }
    }
    let (legend, moves) = widgets::movelist::panes(app, &a);
    if let (Some(r), Some(h)) = (legend, &app.ui.heat) {
        widgets::heat::legend(h, &theme, r, buf);
    }
    widgets::movelist::render(app, &theme, moves, buf);
    widgets::status::render(app, &theme, status, buf);
    widgets::comment_box::render(app, &theme, status, buf);
    let board_box = a.squares;
    widgets::overlays::render(app, &theme, board_box, area, buf);
    if app.dialogs.overlay == Overlay::Help {
        widgets::help::render(&theme, area, buf, app.ui.help_scroll);
    }
    if app.dialogs.overlay == Overlay::Tags {
        widgets::tags::render(&app.doc.game.tags, &theme, area, buf);
    }
    if let Overlay::Messages { back } = app.dialogs.overlay {
        widgets::messages::render(&app.dialogs.log, &theme, area, buf, back);
    }
    if app.ui.show_frame_times {
        widgets::frametime::render(stats, &theme, area, buf);
    }
}

/// In a game against the engine or two players' game on a clock, the
/// game panel (clocks) takes the slot
/// beside the board: all of it while the evaluation is hidden (what was
/// there has nothing to show), else a strip at its top. Returns the
/// panel's, the lines' and the game panel's areas.
fn game_split(app: &App, a: &layout::Areas) -> (Rect, Rect, Option<Rect>) {
    let (mut panel, mut lines) = (a.panel, a.lines);
    if !app.tracks_game_end() || app.editor.is_some() {
        return (panel, lines, None);
    }
    // The upper of the two slots: beside the board, or stacked the lines'
    // strip below it (the lines' too when the panel is hidden).
    let beside = if !panel.is_empty() && panel.y <= lines.y {
        &mut panel
    } else {
        &mut lines
    };
    let h = if app.eval_hidden() {
        beside.height
    } else {
        widgets::clocks::STRIP_H.min(beside.height)
    };
    let game = Rect::new(beside.x, beside.y, beside.width, h);
    beside.y += h;
    beside.height -= h;
    (panel, lines, Some(game))
}

/// Two engine panes stacked in `area`, the first on top.
fn halves(area: Rect) -> (Rect, Rect) {
    let top = area.height.div_ceil(2);
    (
        Rect::new(area.x, area.y, area.width, top),
        Rect::new(area.x, area.y + top, area.width, area.height - top),
    )
}

/// Whether the engine game's two panes take the lines' place: while it
/// is played, and once over (stopped, or with a result) while the board
/// shows its last position, whose lines they are. Elsewhere the analysis
/// of the shown position is what the panes would contradict.
fn duel_panes_shown(app: &App) -> bool {
    app.duel
        .as_ref()
        .is_some_and(|d| d.result.is_none() || app.doc.cursor == d.end)
}
