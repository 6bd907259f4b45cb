//! The engine lines: one per MultiPV slot with score (White's view), depth,
//! and the principal variation in SAN, wrapped over the rows it is given.
//! The title carries the search summary: state, depth, nodes, speed, time.

use super::{bound_mark, human_count, put, score_text, titled};
use crate::tui::aids::{threat_words, MarkKind};
use crate::tui::app::{App, EngineSession, LineView, Mode, Purpose};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The main engine's pane: the threat view's row on top when it is on,
/// and in a game the engine's own line only once it has moved.
pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    // Beside a second engine, the first is named too.
    let unnamed = if app.second.is_some() {
        "tapir"
    } else {
        "Engine"
    };
    // tapir searching with the hand-crafted evaluation though a net is
    // loaded (`e`) says so: its lines are not the net's.
    let hce = app.ui.eval_view == crate::engine::EvalKind::Hce && app.net.is_some();
    let who = match app.engine.external.as_deref() {
        Some(name) => name.to_string(),
        None if hce => format!("{unnamed} (HCE)"),
        None => unnamed.to_string(),
    };
    let fields = title_fields(app, &app.engine, who);
    let inner = titled(buf, area, &fit_title(&fields, area.width), theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    let (threat_row, inner) = split_threat(app, inner);
    if let Some(r) = threat_row {
        let x = put(
            buf,
            r.x,
            r.y,
            "!",
            super::marks::chip_style(theme, MarkKind::Threat),
            1,
        );
        put(
            buf,
            x + 1,
            r.y,
            &threat_words(app),
            Style::new().fg(theme.text).add_modifier(Modifier::BOLD),
            r.width.saturating_sub(2),
        );
    }
    // The engine's thinking in a game (its expected line holds the human's
    // reply) shows only once it has moved.
    let thinking = app
        .engine
        .search
        .as_ref()
        .is_some_and(|s| s.key.purpose == Purpose::EngineMove && !s.finished);
    let lines = if thinking {
        &[]
    } else {
        app.engine.shown_lines(&app.view.board)
    };
    // The hint is only built when there are no lines to show.
    let hint = if !lines.is_empty() {
        String::new()
    } else if thinking {
        "the engine is thinking; its line shows once it has moved".to_string()
    } else {
        idle_hint(app)
    };
    draw_lines(lines, &hint, theme, inner, buf);
}

/// The second analysing engine's pane, below the first.
pub fn render_second(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(s) = &app.second else {
        return;
    };
    let who = s.external.as_deref().unwrap_or("second engine");
    let quit;
    let hint = match &s.external {
        None => "starting…",
        Some(name) if s.exited.is_some() => {
            quit = quit_hint(app, name, "engine2");
            &quit
        }
        Some(_) if !app.play.analysis => "analysis off - press a to analyse",
        Some(_) if app.view.status.is_over() => "game over - nothing to analyse",
        Some(name) if ended_without_a_line(s) => {
            quit = format!("{name} ended its search without a line - a a analyses again");
            &quit
        }
        Some(_) => "waiting for the engine…",
    };
    let fields = title_fields(app, s, who.to_string());
    let lines = s.shown_lines(&app.view.board);
    render_session(lines, fields, hint, theme, area, buf);
}

/// One player's pane in an engine game: its colour, name and clock (a
/// marker on the side to move), then its search.
pub fn render_player(
    app: &App,
    side: crate::chess::Color,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let Some(d) = &app.duel else {
        return;
    };
    let p = &d.players[side.index()];
    let colour = side.name();
    let to_move = d.result.is_none() && app.doc.game.board(d.end).side_to_move() == side;
    let mark = if to_move { "▶ " } else { "" };
    let clock = super::status::clock(d.clocks.remaining(side, app.now));
    let who = format!("{mark}{colour} {} {clock}", p.name);
    let hint = match &d.result {
        Some(r) => r.clone(),
        None if !p.ready => "starting…".to_string(),
        None if d.paused => "paused - k resumes".to_string(),
        None if to_move => "thinking…".to_string(),
        None => "waiting for its turn".to_string(),
    };
    // An engine game's panes keep their last lines after it ends.
    let fields = title_fields(app, &p.session, who);
    render_session(&p.session.lines, fields, &hint, theme, area, buf);
}

/// A pane of one engine session's `lines` under a title of `fields`.
fn render_session(
    lines: &[LineView],
    fields: Vec<String>,
    hint: &str,
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let inner = titled(buf, area, &fit_title(&fields, area.width), theme);
    if inner.height == 0 || inner.width < 10 {
        return;
    }
    draw_lines(lines, hint, theme, inner, buf);
}

/// Lines (or, with none, the hint) in a pane's inner area.
fn draw_lines(lines: &[LineView], hint: &str, theme: &Theme, inner: Rect, buf: &mut Buffer) {
    if inner.height == 0 {
        return;
    }
    if lines.is_empty() {
        // The hint wraps at blanks over the pane's rows (at 80x24 "the
        // game ended on time - n starts a new one, a analyses" was cut
        // after "a an"); a last row that cannot hold the rest ends "…".
        let width = usize::from(inner.width.saturating_sub(1));
        let rows = super::wrap(hint, width);
        let room = usize::from(inner.height);
        for (i, row) in rows.iter().take(room).enumerate() {
            let text = if i + 1 == room && rows.len() > room {
                format!("{row} {}", rows[room..].join(" "))
            } else {
                row.clone()
            };
            super::put_fit(
                buf,
                inner.x + 1,
                inner.y + i as u16,
                &text,
                theme.dim_style(),
                inner.width - 1,
            );
        }
        return;
    }
    let (heads, words) = layout(lines, inner);
    for (line, y) in heads {
        let score = score_field(line);
        let score_style = Style::new()
            .fg(if score.contains('-') {
                theme.error
            } else {
                theme.good
            })
            .add_modifier(Modifier::BOLD);
        let mut x = inner.x;
        x = put(
            buf,
            x,
            y,
            &line.multipv.to_string(),
            super::marks::chip_style(theme, MarkKind::Line(line.multipv)),
            1,
        );
        x = put(buf, x, y, " ", Style::new(), 1);
        x = put(buf, x, y, &score, score_style, 8);
        put(buf, x, y, &depth_field(line), theme.dim_style(), 5);
    }
    for w in words {
        // "38. Kd3": the number dim, the move plain, never apart.
        let (number, mv) = match w.text.split_once(". ") {
            Some((n, m)) => (format!("{n}. "), m),
            None => (String::new(), w.text.as_str()),
        };
        let x1 = put(buf, w.x, w.y, &number, theme.dim_style(), w.room);
        put(
            buf,
            x1,
            w.y,
            mv,
            Style::new().fg(theme.text),
            w.room.saturating_sub(x1 - w.x),
        );
    }
}

/// The row the threat view's words take at the top of the lines (while
/// the view is on, outside games against the engine), and the rest.
fn split_threat(app: &App, inner: Rect) -> (Option<Rect>, Rect) {
    if !app.engine.threat.on || matches!(app.play.mode, Mode::Play { .. }) {
        return (None, inner);
    }
    let row = Rect::new(inner.x, inner.y, inner.width, 1);
    let rest = Rect::new(
        inner.x,
        inner.y + 1,
        inner.width,
        inner.height.saturating_sub(1),
    );
    (Some(row), rest)
}

/// "  +0.35 " or "≥+1.20 ": a line's score with its bound, White's view.
fn score_field(line: &LineView) -> String {
    let bound = bound_mark(line.bound);
    format!("{:>6} ", format!("{bound}{}", score_text(line.score)))
}

fn depth_field(line: &LineView) -> String {
    format!("d{:<2} ", line.depth)
}

/// One move of a line where the pane draws it: its text ("12. Nf3"), the
/// line (1-based) and the move's place in it (0-based), its cells.
#[derive(Clone, Debug, PartialEq)]
pub struct WordCell {
    pub line: usize,
    pub ply: usize,
    pub text: String,
    pub x: u16,
    pub y: u16,
    /// The cells it takes.
    pub width: u16,
    /// The cells it may be drawn in (to the pane's right edge).
    pub room: u16,
}

/// Where the lines go in `inner`: each line's first row, and every move
/// of its PV wrapped at spaces over the rows the line owns. Drawing and
/// mouse hits share it.
fn layout(lines: &[LineView], inner: Rect) -> (Vec<(&LineView, u16)>, Vec<WordCell>) {
    let mut heads = Vec::new();
    let mut cells = Vec::new();
    let n = lines.len().min(inner.height as usize).max(1);
    let rows_each = (inner.height as usize / n).max(1);
    let mut y = inner.y;
    for line in lines.iter().take(n) {
        heads.push((line, y));
        let head_w =
            2 + score_field(line).chars().count().min(8) + depth_field(line).chars().count().min(5);
        let left = inner.x + head_w as u16;
        let width = (inner.x + inner.width).saturating_sub(left) as usize;
        let mut row = 0;
        let mut col = 0usize;
        for (ply, word) in pv_words(&line.pv).into_iter().enumerate() {
            let w = word.chars().count();
            if col > 0 && col + 1 + w > width {
                row += 1;
                col = 0;
                if row >= rows_each || y + row as u16 >= inner.y + inner.height {
                    break;
                }
            }
            if col > 0 {
                col += 1;
            }
            let room = width.saturating_sub(col) as u16;
            cells.push(WordCell {
                line: line.multipv,
                ply,
                text: word,
                x: left + col as u16,
                y: y + row as u16,
                width: (w as u16).min(room),
                room,
            });
            col += w;
        }
        y += rows_each as u16;
        if y >= inner.y + inner.height {
            break;
        }
    }
    (heads, cells)
}

/// The engine line's move under the cell (x, y) of the lines pane drawn
/// in `area`, as (line, ply): what a click there plays up to.
pub fn move_at(app: &App, area: Rect, x: u16, y: u16) -> Option<(usize, usize)> {
    let inner = Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(1),
    );
    if inner.height == 0 || inner.width < 10 || app.lines_here().is_empty() {
        return None;
    }
    let (_, inner) = split_threat(app, inner);
    let (_, words) = layout(app.lines_here(), inner);
    words
        .into_iter()
        .find(|w| w.y == y && x >= w.x && x < w.x + w.width)
        .map(|w| (w.line, w.ply))
}

/// The lines pane's own area within the slot beside the board (the game
/// report's graph and the tablebase section take parts of it), as the
/// frame lays it out.
pub fn pane_area(app: &App, slot: Rect) -> Rect {
    let (_, rest) = super::report::split(app, slot);
    let pane = super::tablebase::split(app, rest).0;
    // Beside a second engine the first engine's pane is the top half.
    if app.second.is_some() && app.duel.is_none() {
        Rect::new(pane.x, pane.y, pane.width, pane.height.div_ceil(2))
    } else {
        pane
    }
}

/// A PV's words for wrapping, each move number kept with its move
/// ("38. Kd3" and "38... Kd3" are one word).
pub fn pv_words(pv: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut pending: Option<&str> = None;
    for w in pv.split(' ').filter(|w| !w.is_empty()) {
        match pending.take() {
            Some(n) => out.push(format!("{n} {w}")),
            None if w.ends_with('.') => pending = Some(w),
            None => out.push(w.to_string()),
        }
    }
    if let Some(n) = pending {
        out.push(n.to_string());
    }
    out
}

/// The title's fields, most important first; `fit_title` drops them from
/// the end (hash, then time, speed, nodes) when the row is short.
fn title_fields(app: &App, session: &EngineSession, who: String) -> Vec<String> {
    let (what, first, running) = match (&session.search, session.kept_for(&app.view.board)) {
        // A stopped analysis's lines, still shown: where they had got to.
        (_, Some(k)) => ("stopped", k.lines.first(), None),
        (Some(s), None) => {
            let what = match (s.key.purpose, s.finished) {
                (Purpose::Analysis, false) => "analysing",
                (Purpose::Analysis, true) => "done",
                (Purpose::EngineMove, false) => "thinking",
                (Purpose::EngineMove, true) => "moved",
                (Purpose::Threat, _) => "threat search",
            };
            let running = (!s.finished).then_some(s.started);
            (what, session.lines.first(), running)
        }
        (None, None) => return vec![who],
    };
    // An engine that has quit may leave lines: they stay, and say so.
    let what = if session.exited.is_some() {
        "quit"
    } else {
        what
    };
    let mut fields = vec![format!("{who} · {what}")];
    if let Some(l) = first {
        let nps = if l.nps > 0 {
            l.nps
        } else if l.time.as_millis() > 0 {
            (l.nodes as u128 * 1000 / l.time.as_millis()) as u64
        } else {
            0
        };
        fields.push(format!("d{}/{}", l.depth, l.seldepth));
        fields.push(format!("{} nodes", human_count(l.nodes)));
        fields.push(format!("{} n/s", human_count(nps)));
    }
    let shown = match running {
        Some(started) => app.now.saturating_duration_since(started),
        None => first.map(|l| l.time).unwrap_or_default(),
    };
    fields.push(format!("{:.1}s", shown.as_secs_f64()));
    if let Some(l) = first.filter(|l| l.hashfull > 0) {
        fields.push(format!("hash {}%", l.hashfull / 10));
    }
    fields
}

/// The title for a panel `width` cells wide: as many whole fields as fit
/// (the first always), joined by " · ", never one cut part way.
fn fit_title(fields: &[String], width: u16) -> String {
    // The block pads the title with a space each side.
    let room = (width as usize).saturating_sub(2);
    let mut t = String::new();
    for (i, f) in fields.iter().enumerate() {
        let sep = if i == 0 { "" } else { " · " };
        if i > 0 && t.chars().count() + sep.chars().count() + f.chars().count() > room {
            break;
        }
        t.push_str(sep);
        t.push_str(f);
    }
    t
}

/// Whether the session's search ended (an engine's own `bestmove`) having
/// given no line: then nothing more comes until the board asks again.
fn ended_without_a_line(s: &EngineSession) -> bool {
    s.search.as_ref().is_some_and(|x| x.finished) && s.lines.is_empty()
}

/// What a pane says of its engine `name` that quit, and how `:{command}`
/// starts one: a kept engine again by its own name.
fn quit_hint(app: &App, name: &str, command: &str) -> String {
    if app.config.engine_named(name).is_some() {
        format!("{name} has quit - :{command} {name} starts it again")
    } else {
        format!("{name} has quit - :{command} NAME starts one")
    }
}

fn idle_hint(app: &App) -> String {
    if app.engine.exited.is_some() {
        let name = app.engine.external.as_deref().unwrap_or("the engine");
        return quit_hint(app, name, "engine");
    }
    if !crate::tui::aids::analysable(app.view.status) {
        return "game over - nothing to analyse".to_string();
    }
    let flagged = app.play.clocks.as_ref().and_then(|c| c.flagged);
    match app.play.mode {
        Mode::Play { .. } if flagged.is_some_and(|c| app.flag_loses(c)) => {
            "lost on time - n starts a new game, a analyses".to_string()
        }
        Mode::Play { .. } if flagged.is_some() => {
            "drawn on time - n starts a new game, a analyses".to_string()
        }
        Mode::Play { .. } if app.play.paused => "game paused - k or p goes on".to_string(),
        Mode::TwoPlayers if flagged.is_some() => {
            "the game ended on time - n starts a new one, a analyses".to_string()
        }
        Mode::TwoPlayers if app.play.paused => "game paused - k goes on".to_string(),
        Mode::TwoPlayers if app.two_players_running() && !app.play.analysis => {
            "on the clock - k pauses, a ends".to_string()
        }
        Mode::Play { human, level } if app.engine.search.is_none() => {
            format!("level {level} · your move ({})", human.name())
        }
        _ if app.searching() => "thinking…".to_string(),
        _ if !app.play.analysis => "analysis off - press a to analyse".to_string(),
        _ if ended_without_a_line(&app.engine) => {
            let name = app.engine.external.as_deref().unwrap_or("the engine");
            format!("{name} ended its search without a line - a a analyses again")
        }
        _ => "waiting for the engine…".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::tui::widgets::wrap;

    #[test]
    fn a_hint_wraps_at_blanks() {
        let rows = wrap(
            "the game ended on time - n starts a new one, a analyses",
            40,
        );
        assert_eq!(
            rows,
            ["the game ended on time - n starts a new", "one, a analyses"]
        );
        assert_eq!(wrap("thinking…", 40), ["thinking…"]);
        assert_eq!(wrap("a verylongword b", 4), ["a", "verylongword", "b"]);
    }
}
