//! The game report on the board: a title row (a progress gauge, full once
//! done, and each side's accuracy, verdict counts and ACPL) over an eval
//! graph of the whole main line — one column per position (or per group of
//! positions on a narrow panel), White's winning chances (the curve the
//! verdicts use, as Lichess draws its graph) growing up or down from the
//! middle in eighth-cell steps, the moves judged inaccuracy,
//! mistake or blunder in their colours and the shown position marked. It
//! takes the top rows of the engine lines' area while a report exists,
//! and, with none, for a game whose main line holds its own `[%eval]`s
//! (an annotated file, a Lichess export, a report saved before): those
//! drawn the same way, with the glyphs and figures the game holds.

use crate::analysis::winprob::winning_chances;
use crate::analysis::{Class, GameReport, WhiteScore};
use crate::game::NodeId;
use crate::tui::app::App;
use crate::tui::report::ReportRun;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Rows the report takes: a title and the graph.
pub const ROWS: u16 = 6;
const EIGHTHS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// What the report's rows show: this session's report, or else the
/// evaluations and figures the game itself holds.
enum Source<'a> {
    Run(&'a ReportRun),
    Game(GameFigures),
}

/// The game's own evaluations along its main line, and the figures its
/// tags and glyphs give, for a game with no report this session.
struct GameFigures {
    points: Vec<Point>,
    /// Each side's `WhiteAccuracy` / `WhiteACPL` (and Black's) tags.
    accuracy: [Option<String>; 2],
    acpl: [Option<String>; 2],
    /// Each side's ?!, ? and ?? glyphs on the main line.
    counts: [[usize; 3]; 2],
}

/// One position of the graph: White's winning chances there (-1..+1;
/// none where no score is known) and the verdict on the move into it.
#[derive(Clone, Copy)]
struct Point {
    node: NodeId,
    chances: Option<f64>,
    class: Option<Class>,
}

/// What the rows show now, if anything.
fn source(app: &App) -> Option<Source<'_>> {
    match &app.report.run {
        Some(run) => Some(Source::Run(run)),
        None => game_figures(app).map(Source::Game),
    }
}

/// The game's figures, where at least half of its main line's moves (two
/// or more) carry an `[%eval]`, and the evaluation may be shown.
fn game_figures(app: &App) -> Option<GameFigures> {
    use crate::game::annotations::{eval, EvalNote};
    if app.eval_hidden() {
        return None;
    }
    let game = &app.doc.game;
    let tree = game.tree();
    let mut points = vec![Point {
        node: NodeId::ROOT,
        chances: None,
        class: None,
    }];
    let mut counts = [[0; 3]; 2];
    let mut scored = 0;
    for id in tree.mainline() {
        let node = tree.node(id);
        let board = tree.board(id);
        let chances = match eval(&node.comment) {
            Some(EvalNote::Pawns(p)) => {
                scored += 1;
                let cp = (p * 100.0).round().clamp(-1e6, 1e6) as i32;
                Some(winning_chances(WhiteScore(cp).cp_ceiled()))
            }
            Some(EvalNote::Mate(n)) if n != 0 => {
                scored += 1;
                Some(f64::from(n.signum()))
            }
            // Mate on the board needs no `[%eval]`.
            _ if board.is_checkmate() => Some(chances(WhiteScore::mated(board.side_to_move()))),
            _ => None,
        };
        let class = [Class::Blunder, Class::Mistake, Class::Inaccuracy]
            .into_iter()
            .find(|c| node.nags.contains(c.nag()));
        if let Some(c) = class {
            counts[(!board.side_to_move()).index()][c as usize] += 1;
        }
        points.push(Point {
            node: id,
            chances,
            class,
        });
    }
    let moves = points.len() - 1;
    if scored < 2 || scored * 2 < moves {
        return None;
    }
    let tag = |name: &str| game.tags.get(name).map(str::to_string);
    Some(GameFigures {
        points,
        accuracy: [tag("WhiteAccuracy"), tag("BlackAccuracy")],
        acpl: [tag("WhiteACPL"), tag("BlackACPL")],
        counts,
    })
}

impl Source<'_> {
    /// The graph's positions, the start first.
    fn points(&self) -> Vec<Point> {
        match self {
            Source::Run(run) => (run.positions.iter().enumerate())
                .map(|(i, p)| Point {
                    node: p.node,
                    chances: run.report.scores.get(i).copied().flatten().map(chances),
                    class: (i.checked_sub(1))
                        .and_then(|k| run.report.moves.get(k))
                        .and_then(|m| m.as_ref())
                        .and_then(|m| m.class),
                })
                .collect(),
            Source::Game(g) => g.points.clone(),
        }
    }
}

/// The report's rows and what is left of `lines` for the engine lines.
pub fn split(app: &App, lines: Rect) -> (Option<Rect>, Rect) {
    if lines.height < ROWS + 3 || source(app).is_none() {
        return (None, lines);
    }
    let top = Rect::new(lines.x, lines.y, lines.width, ROWS);
    let rest = Rect::new(lines.x, lines.y + ROWS, lines.width, lines.height - ROWS);
    (Some(top), rest)
}

/// The graph's cells within the report's rows, below the title's `rows`.
fn graph_area(area: Rect, rows: u16) -> Rect {
    Rect::new(
        area.x,
        area.y + rows,
        area.width,
        area.height.saturating_sub(rows),
    )
}

/// The position (index into the main line) under column `x` of a graph
/// `width` wide showing `n` positions.
fn index_at(x: u16, width: u16, n: usize) -> usize {
    if width == 0 || n == 0 {
        return 0;
    }
    (x as usize * n / width as usize).min(n - 1)
}

/// The main-line position a click at (x, y) on the graph points at.
pub fn node_at_cell(app: &App, area: Rect, x: u16, y: u16) -> Option<NodeId> {
    let source = source(app)?;
    let (_, lines) = title_in(&source, &app.theme(), area);
    let g = graph_area(area, lines.len() as u16);
    let inside = x >= g.x && x < g.x + g.width && y >= g.y && y < g.y + g.height;
    let points = source.points();
    let i = inside.then(|| index_at(x - g.x, g.width, points.len()))?;
    points.get(i).map(|p| p.node)
}

pub fn render(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(source) = source(app) else { return };
    let (at, lines) = title_in(&source, theme, area);
    Paragraph::new(lines).render(at, buf);
    graph(
        app,
        &source.points(),
        theme,
        graph_area(area, at.height),
        buf,
    );
}

/// The title's rows in the report's `area` and where they go: a column
/// in, clear of the board's title beside it.
fn title_in(source: &Source, theme: &Theme, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let width = area.width.saturating_sub(1);
    let lines = match source {
        Source::Run(run) => title(run, theme, width),
        Source::Game(g) => game_title(g, theme, width),
    };
    let at = Rect::new(area.x + 1, area.y, width, lines.len() as u16);
    (at, lines)
}

/// Said before the game's own figures: they are not a report of this
/// session's, and `r` runs one.
const GAME_HEAD: &str = "the game's [%eval]s";

/// The game's own figures: on one row where they fit ("the game's
/// [%eval]s · White accuracy 93.9% 1?! 0? 0?? ACPL 15 · Black ..."),
/// else a row each.
fn game_title(g: &GameFigures, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let dim = Style::default().fg(theme.dim);
    let side = |i: usize| {
        side_spans(
            i,
            g.accuracy[i].as_ref().map(|a| format!("{a}%")),
            g.counts[i],
            g.acpl[i].clone(),
            theme,
        )
    };
    let mut one = vec![Span::styled(format!("{GAME_HEAD} · "), dim)];
    one.extend(side(0));
    one.push(Span::styled(" · ", dim));
    one.extend(side(1));
    let one = Line::from(one);
    if one.width() <= width as usize {
        return vec![one];
    }
    vec![
        Line::from(Span::styled(
            format!("{GAME_HEAD} (r: tapir's report)"),
            dim,
        )),
        Line::from(side(0)),
        Line::from(side(1)),
    ]
}

/// The title: one row where it fits in `width`; else the gauge (while
/// the report runs) over the summary, and that in a row for each side
/// where it does not fit either, so no figure is cut off.
fn title(run: &ReportRun, theme: &Theme, width: u16) -> Vec<Line<'static>> {
    let one = title_row(run, theme);
    // Decided as while it runs (its "r: cancel" counted), so that the
    // title keeps its rows and the graph its scale when it finishes.
    let running_extra = if run.running { 0 } else { CANCEL.len() };
    if one.width() + running_extra <= width as usize {
        return vec![one];
    }
    let mut rows = Vec::new();
    let tail = if run.running { " · r: cancel" } else { "" };
    rows.push(Line::from(gauge(run, theme, tail)));
    let both = Line::from(summary(&run.report, theme));
    if both.width() <= width as usize {
        rows.push(both);
    } else {
        for side in 0..2 {
            rows.push(Line::from(side_summary(&run.report, side, theme)));
        }
    }
    if not_written(run) {
        rows.push(Line::from(Span::styled(
            NOT_WRITTEN,
            Style::default().fg(theme.dim),
        )));
    }
    rows
}

/// Said of a finished report the game did not take (its line changed
/// while it ran): its figures are of the line it searched.
const NOT_WRITTEN: &str = "not written: the game changed (r runs it again)";

/// A finished report that did not go into the game.
fn not_written(run: &ReportRun) -> bool {
    !run.running && !run.applied
}

/// "Report ████░░ 12/80 positions" and `tail`: the running report's progress.
fn gauge(run: &ReportRun, theme: &Theme, tail: &str) -> Vec<Span<'static>> {
    let n = run.positions.len();
    let done = run.done();
    let width = 10usize;
    let filled = (done * width).checked_div(n).unwrap_or(0).min(width);
    vec![
        Span::styled("Report ", Style::default().fg(theme.accent)),
        Span::styled("█".repeat(filled), Style::default().fg(theme.good)),
        Span::styled("░".repeat(width - filled), Style::default().fg(theme.dim)),
        Span::styled(
            format!(" {done}/{n} positions{tail}"),
            Style::default().fg(theme.dim),
        ),
    ]
}

/// Said after the title while the report runs.
const CANCEL: &str = "  r: cancel";

/// The whole title on one row: the gauge (full once the report is done:
/// the positions it covers) and the summary so far, then the whole game's.
fn title_row(run: &ReportRun, theme: &Theme) -> Line<'static> {
    let mut spans = gauge(run, theme, " · ");
    spans.extend(summary(&run.report, theme));
    if run.running {
        spans.push(Span::styled(CANCEL, Style::default().fg(theme.dim)));
    }
    if not_written(run) {
        spans.push(Span::styled(
            format!("  {NOT_WRITTEN}"),
            Style::default().fg(theme.dim),
        ));
    }
    Line::from(spans)
}

/// "White accuracy 93.8% 1?! 0? 0?? ACPL 16 · Black ...": the whole game's figures,
/// or those so far while the report runs.
fn summary(r: &GameReport, theme: &Theme) -> Vec<Span<'static>> {
    let mut spans = side_summary(r, 0, theme);
    spans.push(Span::styled(" · ", Style::default().fg(theme.dim)));
    spans.extend(side_summary(r, 1, theme));
    spans
}

/// One side's figures: `i` 0 for White, 1 for Black.
fn side_summary(r: &GameReport, i: usize, theme: &Theme) -> Vec<Span<'static>> {
    let f = r.sides.or(r.so_far).map(|s| s[i]);
    let acc = (f.and_then(|f| f.accuracy)).map_or("-".into(), |a| format!("{a:.1}%"));
    let acpl = (f.and_then(|f| f.acpl)).map_or("-".into(), |a| format!("{a:.0}"));
    side_spans(i, Some(acc), r.counts[i], Some(acpl), theme)
}

/// "White accuracy 93.8% 1?! 0? 0?? ACPL 16", each figure where known.
fn side_spans(
    i: usize,
    accuracy: Option<String>,
    counts: [usize; 3],
    acpl: Option<String>,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let side = ["White", "Black"][i];
    let head = match accuracy {
        Some(a) => format!("{side} accuracy {a} "),
        None => format!("{side} "),
    };
    let mut spans = vec![Span::styled(head, Style::default().fg(theme.text))];
    for class in [Class::Inaccuracy, Class::Mistake, Class::Blunder] {
        spans.push(Span::styled(
            // "2?! 0? 1??": the count first, as a player says it.
            format!("{}{} ", counts[class as usize], class.glyph()),
            Style::default().fg(class_colour(class)),
        ));
    }
    if let Some(acpl) = acpl {
        spans.push(Span::styled(
            format!("ACPL {acpl}"),
            Style::default().fg(theme.dim),
        ));
    }
    spans
}

/// The colour of a verdict, the same on every theme (the NAG glyphs beside
/// them say it without colour).
pub fn class_colour(c: Class) -> Color {
    match c {
        Class::Inaccuracy => Color::Yellow,
        Class::Mistake => Color::LightRed,
        Class::Blunder => Color::Red,
    }
}

/// White's winning chances (-1..+1) in a position scored `s`: the
/// verdicts' curve, so a pawn near equality moves the graph far more than
/// a pawn in a won game, and a forced mate reaches the edge.
fn chances(s: WhiteScore) -> f64 {
    // (A mate on the board is 0 moves away: its sign is the score's.)
    match s.mate_moves() {
        Some(_) => f64::from(s.0.signum()),
        None => winning_chances(s.cp_ceiled()),
    }
}

fn graph(app: &App, points: &[Point], theme: &Theme, g: Rect, buf: &mut Buffer) {
    let n = points.len();
    if g.width == 0 || g.height == 0 || n == 0 {
        return;
    }
    let shown = points.iter().position(|p| p.node == app.doc.cursor);
    let eighths = g.height as i32 * 8;
    let mid = eighths / 2;
    for col in 0..g.width {
        let i = index_at(col, g.width, n);
        let last = index_at(col + 1, g.width, n).max(i + 1).min(n);
        // The worst verdict among the moves into this column's positions.
        let class = (i..last).filter_map(|k| points[k].class).max();
        let is_shown = shown.is_some_and(|s| (i..last).contains(&s));
        let colour = class.map_or(theme.bar_white, class_colour);
        let level = points[i]
            .chances
            .map(|c| mid + (c * f64::from(mid)).round() as i32);
        for row in 0..g.height {
            // Row 0 is the top; eighths count from the bottom.
            let bottom = (g.height - 1 - row) as i32 * 8;
            let x = g.x + col;
            let y = g.y + row;
            let mut style = Style::default().fg(colour);
            if is_shown {
                style = style.bg(theme.current);
            }
            let ch = match level {
                None => {
                    if bottom <= mid && mid < bottom + 8 {
                        '┄'
                    } else {
                        ' '
                    }
                }
                Some(l) if l >= bottom + 8 => '█',
                Some(l) if l > bottom => EIGHTHS[(l - bottom - 1) as usize],
                Some(_) if bottom <= mid && mid < bottom + 8 => {
                    style = style.fg(theme.dim);
                    '─'
                }
                Some(_) => ' ',
            };
            if let Some(cell) = buf.cell_mut((x, y)) {
                cell.set_char(ch).set_style(style);
            }
        }
        if is_shown {
            if let Some(cell) = buf.cell_mut((g.x + col, g.y)) {
                cell.set_style(
                    Style::default()
                        .bg(theme.current)
                        .add_modifier(Modifier::BOLD),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mate on the board is the graph's edge, on the mated side's, as a
    /// mate in N is; a level score is its middle.
    #[test]
    fn a_mate_on_the_board_reaches_the_edge() {
        use crate::chess::Color;
        assert_eq!(chances(WhiteScore::mated(Color::White)), -1.0);
        assert_eq!(chances(WhiteScore::mated(Color::Black)), 1.0);
        assert_eq!(chances(WhiteScore(0)), 0.0);
        assert!(chances(WhiteScore(100)) > 0.0 && chances(WhiteScore(100)) < 1.0);
    }

    #[test]
    fn columns_map_to_positions() {
        assert_eq!(index_at(0, 40, 81), 0);
        assert_eq!(index_at(39, 40, 81), 78);
        assert_eq!(index_at(5, 100, 10), 0);
        assert_eq!(index_at(99, 100, 10), 9);
        assert_eq!(index_at(3, 0, 10), 0);
    }
}
