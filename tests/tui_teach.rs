//! The teaching views drawn into ratatui's TestBackend: every panel view,
//! the heatmaps, the phase explorer, term highlights and the move-list
//! markers, at 120x40 and 80x24. Each view is checked line by line, and the
//! numbers on screen are read back and compared with the evaluation
//! module's own (trace, attribution, piece values, move deltas, NNUE
//! explain) over several positions. Numbers are never pinned: the weights
//! belong to the evaluation and will be retuned.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::status_line;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color as Colour;
use ratatui::Terminal;
use std::sync::Arc;
use tapir::chess::{parse_move, Board, Color, Square};
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::eval::hce::attribution::{attribute, term_squares};
use tapir::eval::hce::sink::Term;
use tapir::eval::hce::DEFAULT_TABLES;
use tapir::eval::nnue::{explain, Network};
use tapir::eval::phase::taper;
use tapir::eval::teach::packed::hex;
use tapir::eval::teach::{hce_piece_values, nnue_white, MoveDelta};
use tapir::eval::trace;
use tapir::game::Game;
use tapir::tui::action::{Action, TeachAction};
use tapir::tui::app::App;
use tapir::tui::config::Config;
use tapir::tui::layout;
use tapir::tui::teach::{HeatMode, PanelView};
use tapir::tui::theme::{ColorDepth, Theme};
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

/// Positions with both sides to move, a drawish scale, an endgame.
const FENS: &[&str] = &[
    "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 9",
    "2b1k3/pp6/8/3P4/8/8/PPP5/2B1K3 w - - 0 1",
    "8/5k2/8/3p4/8/2N5/5K2/8 b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

fn net() -> Arc<Network> {
    Arc::new(Network::random(11))
}

fn app_fen(fen: &str) -> App {
    let b = Board::from_fen(fen).unwrap();
    let mut a = App::new(Config::default(), Game::new(b));
    // The book's rows, marks and moves have their own tests (tui_book.rs).
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

fn app_moves(moves: &str) -> App {
    let mut app = App::new(Config::default(), Game::default());
    app.book.set(None, "off".into());
    for m in moves.split_whitespace() {
        app.update(Action::MoveText(m.to_string()));
    }
    app.take_effects();
    app
}

fn teach(app: &mut App, a: TeachAction) {
    app.update(Action::Teach(a));
}

fn view(app: &mut App, v: PanelView) {
    for _ in 0..PanelView::ALL.len() {
        if app.ui.teach.panel == v {
            return;
        }
        teach(app, TeachAction::View(1));
    }
}

fn select_term(app: &mut App, term: Term) {
    for _ in 0..=Term::COUNT {
        if app.ui.teach.term == Some(term as usize) {
            return;
        }
        teach(app, TeachAction::Item(1));
    }
    panic!("cannot select {term:?}");
}

fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    app.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, &FrameStats::default()))
        .unwrap();
    term.backend().buffer().clone()
}

fn text(buf: &Buffer, r: Rect) -> Vec<String> {
    (r.y..r.y + r.height)
        .map(|y| {
            (r.x..r.x + r.width)
                .map(|x| buf[(x, y)].symbol().replace('\u{fe0e}', ""))
                .collect::<String>()
        })
        .collect()
}

/// The whole screen as lines.
fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let buf = draw(app, w, h);
    text(&buf, buf.area)
}

/// The side panel's lines.
fn panel(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let buf = draw(app, w, h);
    text(&buf, layout::compute(w, h).panel)
}

/// Every signed integer in `s` ("-12", "+5", "3870"), in order; hex and
/// decimals are not expected where this is used.
fn ints(s: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || ((c == '-' || c == '+') && cur.is_empty()) {
            cur.push(c);
        } else {
            if cur.chars().any(|c| c.is_ascii_digit()) {
                out.push(cur.parse().unwrap());
            }
            cur.clear();
            if c == '-' || c == '+' {
                cur.push(c);
            }
        }
    }
    out
}

/// The panel line that starts with `name`.
fn row<'a>(lines: &'a [String], name: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.starts_with(name))
        .unwrap_or_else(|| panic!("no line starting with {name:?}:\n{}", lines.join("\n")))
}

fn contains(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

/// Feeds one engine line for the shown position.
fn feed_line(app: &mut App, multipv: usize, pv: &str) {
    let token = app.engine.search.as_ref().expect("analysing").token;
    let mut b = *app.board();
    let mut moves = Vec::new();
    for s in pv.split_whitespace() {
        let m = parse_move(&b, s).unwrap();
        moves.push(m);
        b = b.make(m);
    }
    let info = SearchInfo {
        depth: 12,
        seldepth: 16,
        multipv,
        score: Score::Cp(10),
        bound: Bound::Exact,
        nodes: 100_000,
        nps: 1_000_000,
        hashfull: 10,
        tbhits: 0,
        time: std::time::Duration::from_millis(100),
        pv: moves,
    };
    app.update(Action::Engine {
        token,
        event: SearchEvent::Info { id: 1, info },
    });
}

#[test]
fn terms_view_numbers_equal_the_trace() {
    for fen in FENS {
        let mut app = app_fen(fen);
        let b = Board::from_fen(fen).unwrap();
        let t = trace(&b);
        let lines = panel(&mut app, 120, 40);
        assert!(
            lines[0].contains("Eval · HCE · White's view, cp") && lines[0].contains("v ▸ Explain")
        );
        let mut column = 0;
        for term in &t.terms {
            let n = ints(row(&lines, term.name).split_once('│').unwrap().1);
            let total = term.total();
            let want: Vec<i64> = [
                term.white.mg(),
                term.white.eg(),
                term.black.mg(),
                term.black.eg(),
                total.mg(),
                total.eg(),
            ]
            .iter()
            .map(|&v| v as i64)
            .collect();
            assert_eq!(n[..6], want, "{fen} {}", term.name);
            // The tapered share: within a unit of its exact value.
            let exact =
                total.mg() as i64 * t.phase as i64 + total.eg() as i64 * (24 - t.phase as i64);
            assert!((n[6] * 24 - exact).abs() < 24, "{fen} {}: {n:?}", term.name);
            column += n[6];
        }
        // Rounded so that the column adds up to the total's taper.
        assert_eq!(column, taper(t.total, t.phase) as i64, "{fen}");
        let total = ints(row(&lines, "Total").split_once('│').unwrap().1);
        assert_eq!(
            total[4..],
            [t.total.mg() as i64, t.total.eg() as i64, t.tapered as i64]
        );
        let formula = row(&lines, "(");
        // Every number is White's view: the formula ends in the total.
        assert!(
            formula.contains(&format!("= {}", t.tapered)),
            "{fen}: {formula}"
        );
        if t.scale != 64 {
            assert!(formula.contains(&format!(" ×{}/64 = {}", t.scale, t.tapered)));
            // The scale has a row of its own, and the Taper column adds up.
            let scale = row(&lines, "Scale ×");
            let plain = taper(t.total, t.phase);
            assert_eq!(
                *ints(scale).last().unwrap(),
                (t.tapered - plain) as i64,
                "{scale}"
            );
        }
        assert!(contains(
            &lines,
            "1 a knight or bishop, 2 a rook, 4 a queen"
        ));
        assert!(contains(&lines, &format!("packed total {}", hex(t.total))));
    }
}

/// At 80x24 the drawish scale's row keeps its number in the Taper column:
/// the reason shortens ("opposite bishops + pieces") rather than push the
/// number off the panel.
#[test]
fn the_scale_row_keeps_its_number_at_80_columns() {
    let fen = "2b1k2r/pp6/8/3P4/8/8/PPP5/2B1K2R w - - 0 1";
    let t = trace(&Board::from_fen(fen).unwrap());
    assert_ne!(t.scale, 64, "the test needs a scaled position");
    let plain = taper(t.total, t.phase);
    let mut app = app_fen(fen);
    for (w, h) in [(120, 40), (80, 24)] {
        let lines = panel(&mut app, w, h);
        let scale = row(&lines, "Scale ×");
        assert!(scale.contains("opposite"), "{w}x{h}: {scale}");
        assert_eq!(
            *ints(scale).last().unwrap(),
            (t.tapered - plain) as i64,
            "{w}x{h}: {scale}"
        );
    }
}

#[test]
fn phase_explorer_moves_every_tapered_number() {
    let fen = FENS[1];
    let mut app = app_fen(fen);
    let t = trace(&Board::from_fen(fen).unwrap());
    teach(&mut app, TeachAction::TogglePhase);
    assert_eq!(app.ui.teach.phase, Some(t.phase));
    for step in [-5, -30, 7, 40] {
        teach(&mut app, TeachAction::Phase(step));
        let p = app.ui.teach.phase.unwrap();
        assert!((0..=24).contains(&p));
        let lines = panel(&mut app, 120, 40);
        assert!(
            lines[1].trim_end().ends_with(&format!("@{p}")),
            "{}",
            lines[1]
        );
        let mut column = 0;
        for term in &t.terms {
            let n = *ints(row(&lines, term.name)).last().unwrap();
            let s = term.total();
            let exact = s.mg() as i64 * p as i64 + s.eg() as i64 * (24 - p as i64);
            assert!((n * 24 - exact).abs() < 24, "{} at {p}: {n}", term.name);
            column += n;
        }
        assert_eq!(column, taper(t.total, p) as i64, "at {p}");
        let gauge = row(&lines, "Phase ");
        assert!(gauge.contains(&format!(" {p}/24")), "{gauge}");
        assert!(gauge.contains(&format!("┃ real {}", t.phase)), "{gauge}");
        let plain = taper(t.total, p);
        let formula = row(&lines, "(");
        assert!(
            formula.starts_with(&format!(
                "({}×{p} + {}×{}) / 24 = {plain}",
                t.total.mg(),
                t.total.eg(),
                24 - p
            )),
            "{formula}"
        );
        assert!(formula.contains(&format!("real {}: {:+}", t.phase, t.tapered)));
    }
    // { and } go to the ends; g closes; the real phase is back.
    teach(&mut app, TeachAction::Phase(-24));
    assert_eq!(app.ui.teach.phase, Some(0));
    teach(&mut app, TeachAction::TogglePhase);
    assert_eq!(app.ui.teach.phase, None);
    let lines = panel(&mut app, 120, 40);
    assert!(lines[1].trim_end().ends_with("Taper"));
}

/// At the widths where the board grows the panel is 50 columns wide:
/// the numbers take 4 cells there (every one of them fits), so the term
/// names stay whole ("Materi…" before).
#[test]
fn term_names_stay_whole_where_the_panel_is_narrowest() {
    for fen in FENS {
        let mut app = app_fen(fen);
        for (w, h) in [(80, 24), (96, 30), (97, 30), (128, 44), (144, 52)] {
            let lines = panel(&mut app, w, h);
            for name in ["Material", "Mobility"] {
                assert!(
                    lines.iter().any(|l| l.starts_with(&format!("{name} "))
                        || l.starts_with(&format!("{name}│"))),
                    "{fen} at {w}x{h}: {name} cut\n{}",
                    lines.join("\n")
                );
            }
            assert!(!lines.iter().any(|l| l.contains("…│")), "{w}x{h}");
        }
    }
}

#[test]
fn explain_view_lists_the_squares_behind_a_term() {
    for fen in FENS {
        let mut app = app_fen(fen);
        let b = Board::from_fen(fen).unwrap();
        let t = trace(&b);
        let items = attribute(&b);
        view(&mut app, PanelView::Explain);
        for term in [Term::Mobility, Term::KingSafety, Term::Pawns] {
            select_term(&mut app, term);
            let lines = panel(&mut app, 120, 40);
            assert!(lines[0].contains(&format!("Explain · {}", term.name())));
            let tt = &t.terms[term as usize];
            let head = ints(&lines[1]);
            assert_eq!(
                head[..6],
                [
                    tt.white.mg() as i64,
                    tt.white.eg() as i64,
                    tt.black.mg() as i64,
                    tt.black.eg() as i64,
                    tt.total().mg() as i64,
                    tt.total().eg() as i64
                ],
                "{fen} {term:?}: {}",
                lines[1]
            );
            // The term's value as the Terms view's Taper column shows it
            // (its share of the total), which the rows below add up to.
            let totals: Vec<_> = t.terms.iter().map(|x| x.total()).collect();
            let share = tapir::tui::widgets::terms::tapered_shares(&totals, t.phase)[term as usize];
            assert_eq!(head[6], share as i64, "{fen} {term:?}: {}", lines[1]);
            // Every contribution row names a weight the attribution used,
            // with its values (White's view) and its tapered value.
            let start = lines
                .iter()
                .position(|l| l.starts_with("from "))
                .expect("a contributions table");
            let mut seen = 0;
            let mut sum = 0;
            for l in &lines[start + 1..] {
                if l.starts_with('…') || l.trim().is_empty() {
                    break;
                }
                let rest: String = l.chars().skip(8).collect();
                let name = rest.split_whitespace().next().unwrap_or("");
                let mut n = ints(&rest[name.len()..]);
                // N identical contributions are one row, "name ×N".
                let times = if rest[name.len()..].trim_start().starts_with('×') {
                    n.remove(0)
                } else {
                    1
                };
                // Its tapered value, rounded so that the column adds up:
                // at most a unit off its own taper.
                let found = items.iter().any(|c| {
                    let v = c.white_value() * times as i32;
                    c.term == term
                        && c.weight_name() == name
                        && n[..2] == [v.mg() as i64, v.eg() as i64]
                        && (n[2] - taper(v, t.phase) as i64).abs() <= 1
                });
                assert!(found, "{fen} {term:?}: {l}");
                sum += n[2];
                seen += times as usize;
            }
            let count = items.iter().filter(|c| c.term == term).count();
            assert!(
                seen == count || contains(&lines, "more"),
                "{term:?}: {seen} of {count}"
            );
            if seen == count && count > 0 {
                assert_eq!(sum, head[6], "{fen} {term:?}: the rows add up to the total");
            }
            assert!(seen > 0 || count == 0, "{fen} {term:?}: no rows read");
        }
    }
}

/// A set-up in the editor that is not legal yet has no term values: the
/// last legal position's are not painted on its squares.
#[test]
fn no_term_values_on_a_set_up_that_is_not_legal() {
    let mut app = app_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    select_term(&mut app, Term::KingSafety);
    assert!(tapir::tui::heat::compute(&app).is_some());
    app.update(Action::Command("fen 4k3/8/8/8/8/8/4P3/8 w - - 0 1".into()));
    assert!(app.editor.is_some(), "{}", status_line(&app));
    assert!(tapir::tui::heat::compute(&app).is_none());
}

/// A king with no pawn on its three files earns the same shield and
/// storm weight three times from its own square: one row each, "×3".
#[test]
fn explain_counts_identical_contributions_as_one_row() {
    let mut app = app_fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1");
    view(&mut app, PanelView::Explain);
    select_term(&mut app, Term::KingSafety);
    let lines = panel(&mut app, 120, 40);
    for w in ["storm[0] ×3", "shield[0] ×3"] {
        assert_eq!(
            lines.iter().filter(|l| l.contains(w)).count(),
            2,
            "{w}, a row for each king: {lines:#?}"
        );
    }
    assert!(
        !lines.iter().any(|l| l.contains("storm[0]  ")),
        "{lines:#?}"
    );
}

/// At 80x24 a term with many contributions shows a few and counts the
/// rest; Shift-↓ and the wheel over the panel scroll through all of them,
/// each shown once, and a new term starts from its top again.
#[test]
fn explain_scrolls_through_every_contribution() {
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P1B2/2P1PN2/PP1NBPPP/R2QK2R w KQ - 0 8";
    let mut app = app_fen(fen);
    view(&mut app, PanelView::Explain);
    select_term(&mut app, Term::Mobility);
    let rows = |app: &mut App| -> Vec<String> {
        let lines = panel(app, 80, 24);
        let start = lines.iter().position(|l| l.starts_with("from ")).unwrap();
        lines[start + 1..]
            .iter()
            .take_while(|l| !l.trim().is_empty())
            .map(|l| l.trim_end().to_string())
            .collect()
    };
    let first = rows(&mut app);
    let count = first.last().unwrap().clone();
    assert!(count.contains("more · Shift-↓ scrolls"), "{first:#?}");
    let mut seen: Vec<String> = first[..first.len() - 1].to_vec();
    let shift_down = Event::Key(KeyEvent::new(KeyCode::Down, KeyModifiers::SHIFT));
    for _ in 0..40 {
        let a = tapir::tui::keymap::map_event(&app, &shift_down).unwrap();
        app.update(a);
        for r in rows(&mut app) {
            if !r.starts_with('…') && !seen.contains(&r) {
                seen.push(r);
            }
        }
    }
    let last = rows(&mut app);
    assert!(
        last.last()
            .unwrap()
            .contains("above · Shift-↑ scrolls back"),
        "{last:#?}"
    );
    // Every contribution seen once; the rows add up to the term's total.
    let b = Board::from_fen(fen).unwrap();
    let n = attribute(&b)
        .iter()
        .filter(|c| c.term == Term::Mobility)
        .count();
    let sum: i64 = seen.iter().map(|l| *ints(l).last().unwrap()).sum();
    let t = trace(&b);
    let totals: Vec<_> = t.terms.iter().map(|x| x.total()).collect();
    let share = tapir::tui::widgets::terms::tapered_shares(&totals, t.phase);
    assert_eq!(sum, share[Term::Mobility as usize] as i64, "{seen:#?}");
    assert!(seen.len() <= n && seen.len() > first.len(), "{seen:#?}");
    // The wheel over the panel scrolls back; over the board it steps moves.
    let p = layout::compute(80, 24).panel;
    let wheel = |x, y| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::ScrollUp,
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    };
    for _ in 0..20 {
        let a = tapir::tui::keymap::map_event(&app, &wheel(p.x + 2, p.y + 2)).unwrap();
        app.update(a);
    }
    assert_eq!(rows(&mut app), first);
    let on_board = tapir::tui::keymap::map_event(&app, &wheel(3, 3));
    assert_eq!(format!("{on_board:?}"), "Some(Prev)");
    // Another term starts at its top.
    teach(&mut app, TeachAction::Scroll(5));
    assert_eq!(app.ui.teach.explain_scroll, 5);
    teach(&mut app, TeachAction::Item(1));
    assert_eq!(app.ui.teach.explain_scroll, 0);
    // So does another position.
    teach(&mut app, TeachAction::Item(-1));
    teach(&mut app, TeachAction::Scroll(5));
    app.update(Action::MoveText("h3".into()));
    assert_eq!(app.ui.teach.explain_scroll, 0);
}

#[test]
fn term_squares_light_up_on_the_board() {
    let theme = Theme::get(Config::default().theme, ColorDepth::TrueColor);
    // Both bishops of a pair, and a knight's mobility.
    let fen = "4k3/2p5/2p5/8/8/5N2/8/2B1KB2 w - - 0 1";
    let b = Board::from_fen(fen).unwrap();
    let mut app = app_fen(fen);
    let a = layout::compute(120, 40);
    select_term(&mut app, Term::Mobility);
    let buf = draw(&mut app, 120, 40);
    let ts = term_squares(&attribute(&b), Term::Mobility);
    let phase = trace(&b).phase;
    for sq in Square::all() {
        let r = a.square_rect(sq, false);
        let label: String = text(&buf, Rect::new(r.x, r.y + 2, r.width, 1))[0]
            .trim()
            .to_string();
        let v = ts.per_square[sq.index()];
        if ts.involved.contains(sq) && v != tapir::eval::S::ZERO {
            assert_eq!(label, format!("{:+}", taper(v, phase)), "{sq}");
        } else {
            assert_eq!(label, "", "{sq}");
        }
    }
    let legend = screen(&mut app, 120, 40);
    assert!(
        legend[26].contains("Mobility: its squares"),
        "{}",
        legend[26]
    );
    assert!(legend[27].contains("White's view"));
    // The bishop pair is earned together: both squares marked, no value.
    select_term(&mut app, Term::BishopPair);
    let buf = draw(&mut app, 120, 40);
    let c1 = a.square_rect(Square::parse("c1").unwrap(), false);
    assert_eq!(buf[(c1.x, c1.y)].bg, theme.heat_mark, "a dark square");
    let f1 = a.square_rect(Square::parse("f1").unwrap(), false);
    assert!(![theme.light, theme.light_last].contains(&buf[(f1.x, f1.y)].bg));
    let f3 = a.square_rect(Square::parse("f3").unwrap(), false);
    assert_ne!(buf[(f3.x, f3.y)].bg, theme.heat_mark);
    assert!(screen(&mut app, 120, 40)[27].contains("■ group"));
    // Esc clears the selection and the board is plain again.
    app.update(Action::Cancel);
    assert_eq!(app.ui.teach.term, None);
    assert!(app.ui.heat.is_none());
}

#[test]
fn heatmaps_colour_the_board_with_a_legend() {
    let theme = Theme::get(Config::default().theme, ColorDepth::TrueColor);
    let fen = FENS[0];
    let b = Board::from_fen(fen).unwrap();
    let mut app = app_fen(fen);
    let a = layout::compute(120, 40);
    let label = |buf: &Buffer, sq: Square| {
        let r = a.square_rect(sq, false);
        text(buf, Rect::new(r.x, r.y + 2, r.width, 1))[0]
            .trim()
            .to_string()
    };
    // Piece squares, midgame half, of the default White knight: owner's view.
    teach(&mut app, TeachAction::Heat);
    assert_eq!(app.ui.teach.heat, HeatMode::CYCLE[1]);
    let buf = draw(&mut app, 120, 40);
    let psq = &DEFAULT_TABLES.params.psqt[1];
    let mut biggest = 0;
    for sq in Square::all() {
        let v = psq[sq.index()].mg() as i32;
        biggest = biggest.max(v.abs());
        assert_eq!(label(&buf, sq), format!("{v:+}"), "{sq}");
        let r = a.square_rect(sq, false);
        let bg = buf[(r.x, r.y)].bg;
        if v < 0 {
            assert_ne!(bg, theme.heat(1.0), "{sq}");
        }
    }
    let s = screen(&mut app, 120, 40);
    assert!(s[26].contains("White knight squares, mg"), "{}", s[26]);
    let scale = ints(&s[27]);
    assert!(
        scale[0] == -scale[1] && scale[1] as i32 >= biggest,
        "{}",
        s[27]
    );
    // o switches the piece; a Black piece's table is White's mirrored.
    for _ in 0..6 {
        teach(&mut app, TeachAction::HeatPiece);
    }
    let buf = draw(&mut app, 120, 40);
    for sq in Square::all() {
        let v = psq[sq.flip_rank().index()].mg() as i32;
        assert_eq!(label(&buf, sq), format!("{v:+}"), "{sq}");
    }
    // The endgame half, then tapered.
    teach(&mut app, TeachAction::Heat);
    let buf = draw(&mut app, 120, 40);
    let e4 = Square::parse("e4").unwrap();
    let black_knight = psq[e4.flip_rank().index()];
    assert_eq!(label(&buf, e4), format!("{:+}", black_knight.eg()));
    teach(&mut app, TeachAction::Heat);
    teach(&mut app, TeachAction::Phase(-10));
    let buf = draw(&mut app, 120, 40);
    assert_eq!(label(&buf, e4), format!("{:+}", taper(black_knight, 14)));
    teach(&mut app, TeachAction::TogglePhase);
    // Each piece's hand-crafted worth.
    teach(&mut app, TeachAction::Heat);
    assert_eq!(app.ui.teach.heat, HeatMode::HcePieces);
    let buf = draw(&mut app, 120, 40);
    let values = hce_piece_values(&b);
    for sq in Square::all() {
        let want = values[sq.index()]
            .map(|v| format!("{v:+}"))
            .unwrap_or_default();
        assert_eq!(label(&buf, sq), want, "{sq}");
    }
    // The network's: a clear state without a net, the values with one.
    teach(&mut app, TeachAction::Heat);
    assert_eq!(app.ui.teach.heat, HeatMode::NnuePieces);
    let s = screen(&mut app, 120, 40);
    assert!(s[27].contains("no net loaded"), "{}", s[27]);
    let net = net();
    app.update(Action::SetNetwork(Some(net.clone())));
    let buf = draw(&mut app, 120, 40);
    let e = explain(&net, &b);
    for sq in Square::all() {
        let want = e.piece_values[sq.index()]
            .map(|v| format!("{v:+}"))
            .unwrap_or_default();
        assert_eq!(label(&buf, sq), want, "{sq}");
    }
    // At 80x24 the squares are one row: colours only, and the legend fits.
    let s = screen(&mut app, 80, 24);
    assert!(s[10].contains("NNUE piece values"), "{}", s[10]);
    teach(&mut app, TeachAction::Heat);
    assert!(app.ui.heat.is_none());
}

#[test]
fn deltas_view_equals_trace_differences() {
    let net = net();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"];
    let mut app = app_moves("");
    app.update(Action::SetNetwork(Some(net.clone())));
    view(&mut app, PanelView::Deltas);
    let lines = panel(&mut app, 120, 40);
    assert!(contains(&lines, "no last move"));
    for san in moves {
        let before = *app.board();
        app.update(Action::MoveText(san.into()));
        let after = *app.board();
        let (tb, ta) = (trace(&before), trace(&after));
        // White's view, as the rest of the screen.
        let sign = 1;
        let lines = panel(&mut app, 120, 40);
        assert!(lines[1].starts_with("▶ last "), "{}", lines[1]);
        assert!(lines[1].contains(san), "{}", lines[1]);
        let head = ints(lines[1].split_once("HCE").unwrap().1);
        assert_eq!(head[0], ((ta.tapered - tb.tapered) * sign) as i64);
        assert_eq!(
            head[1],
            ((nnue_white(&net, &after) - nnue_white(&net, &before)) * sign) as i64
        );
        let mut listed = 0;
        assert!(
            !lines.iter().any(|l| l.trim_start().starts_with("Tempo")),
            "tempo only changes hands: not a change the move made"
        );
        for (i, term) in Term::ALL.iter().enumerate() {
            if *term == Term::Tempo {
                continue;
            }
            let d = (taper(ta.terms[i].total(), ta.phase) - taper(tb.terms[i].total(), tb.phase))
                * sign;
            let line = lines
                .iter()
                .find(|l| l.trim_start().starts_with(term.name()));
            match line {
                Some(l) => {
                    assert_eq!(ints(l), [d as i64], "{san} {term:?}");
                    listed += 1;
                }
                None => assert_eq!(d, 0, "{san} {term:?} missing"),
            }
        }
        // Largest first.
        let values: Vec<i64> = lines[2..2 + listed]
            .iter()
            .map(|l| ints(l)[0].abs())
            .collect();
        assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    }
    // An engine line's first move, picked with Tab.
    feed_line(&mut app, 1, "Nc3 Bg4");
    feed_line(&mut app, 2, "d3 Bd6");
    let lines = panel(&mut app, 120, 40);
    assert!(contains(&lines, "line 1 5. Nc3"), "{}", lines.join("\n"));
    teach(&mut app, TeachAction::Item(1));
    assert_eq!(app.ui.teach.delta_item, 1);
    let lines = panel(&mut app, 120, 40);
    let b = *app.board();
    let d = MoveDelta::of_move(&b, parse_move(&b, "Nc3").unwrap(), Some(&net)).white_view();
    let open = lines
        .iter()
        .position(|l| l.starts_with("▶ line 1"))
        .unwrap();
    assert_eq!(
        ints(lines[open].split_once("HCE").unwrap().1),
        [d.hce as i64, d.nnue.unwrap() as i64]
    );
    for (k, (term, v)) in d.largest_first().iter().enumerate() {
        let l = &lines[open + 1 + k];
        assert!(l.trim_start().starts_with(term.name()), "{l}");
        assert_eq!(ints(l), [*v as i64]);
    }
    assert!(lines.iter().any(|l| l.starts_with("  last ")));
    teach(&mut app, TeachAction::Item(-2));
    assert_eq!(app.ui.teach.delta_item, 2);
    assert!(panel(&mut app, 80, 24)
        .iter()
        .any(|l| l.starts_with("▶ line 2 5. d3")));
}

#[test]
fn compare_view_shows_both_evaluations() {
    for fen in FENS {
        let mut app = app_fen(fen);
        let b = Board::from_fen(fen).unwrap();
        view(&mut app, PanelView::Compare);
        let lines = panel(&mut app, 120, 40);
        assert!(lines[0].contains("HCE vs NNUE"));
        assert!(contains(&lines, "no net loaded"));
        let net = net();
        app.update(Action::SetNetwork(Some(net.clone())));
        let lines = panel(&mut app, 120, 40);
        let t = trace(&b);
        let e = explain(&net, &b);
        let pawns = |cp: i32| format!("{:+.2}", cp as f64 / 100.0);
        let eval = row(&lines, "eval");
        assert!(
            eval.contains(&pawns(t.tapered)) && eval.contains(&pawns(e.final_white())),
            "{eval}"
        );
        let hce = hce_piece_values(&b);
        let mut checked = 0;
        for l in &lines {
            // "♛d1  +990  -26  -1016": a glyph, a square, three numbers.
            let first: String = l.chars().skip(1).take(2).collect();
            let Some(sq) = Square::parse(&first) else {
                continue;
            };
            let rest: String = l.chars().skip(3).collect();
            let n = ints(&rest);
            if n.len() != 3 {
                continue;
            }
            let (h, nn) = (
                hce[sq.index()].unwrap(),
                e.piece_values[sq.index()].unwrap(),
            );
            assert_eq!(n, [h as i64, nn as i64, (nn - h) as i64], "{fen} {l}");
            checked += 1;
        }
        let pieces = hce.iter().flatten().count();
        assert!(checked >= pieces.min(5), "{fen}: {checked} of {pieces}");
        assert!(
            contains(&lines, "◆ in the move list")
                || contains(&lines, "* without it the side not to move is in check")
        );
    }
    // A knight that shields its own king from the side to move: its value
    // is of a position no game reaches, marked and said.
    let mut app = app_fen("4k3/4n3/8/8/8/8/8/4RK2 w - - 0 1");
    view(&mut app, PanelView::Compare);
    app.update(Action::SetNetwork(Some(net())));
    let lines = panel(&mut app, 120, 40);
    assert!(contains(&lines, "e7*"), "{}", lines.join("\n"));
    assert!(!contains(&lines, "e1*"), "{}", lines.join("\n"));
    assert!(contains(
        &lines,
        "* without it the side not to move is in check"
    ));
}

#[test]
fn packed_view_spells_out_the_arithmetic() {
    for fen in FENS {
        let mut app = app_fen(fen);
        let t = trace(&Board::from_fen(fen).unwrap());
        view(&mut app, PanelView::Packed);
        select_term(&mut app, Term::Mobility);
        teach(&mut app, TeachAction::Second);
        assert_eq!(app.ui.teach.panel, PanelView::Packed);
        let (a, b) = (app.ui.teach.term_or_first(), app.ui.teach.second_term());
        assert_ne!(a, b);
        let (va, vb) = (t.terms[a as usize].total(), t.terms[b as usize].total());
        for (w, h) in [(120, 40), (80, 24)] {
            let lines = panel(&mut app, w, h);
            let first = row(&lines, a.name());
            assert!(
                first.contains(&format!("S({}, {}) = {}", va.mg(), va.eg(), hex(va))),
                "{first}"
            );
            let sum = va + vb;
            let sum_row = row(&lines, "= packed sum");
            assert!(sum_row.contains(&hex(sum)), "{sum_row}");
            assert_eq!(
                ints(sum_row.split_once(" mg ").unwrap().1),
                [sum.mg() as i64, sum.eg() as i64]
            );
            assert!(contains(&lines, "mg half by half:"));
            assert!(contains(&lines, "eg half by half:"));
            // A negative midgame half is explained: the selected term's own,
            // or the worked example.
            assert!(contains(&lines, "borrow"), "{w}x{h}\n{}", lines.join("\n"));
            let tapered = row(&lines, "tapered at");
            assert!(
                tapered.contains(&format!("= {} cp", taper(sum, t.phase))),
                "{tapered}"
            );
        }
    }
}

#[test]
fn move_list_marks_where_hce_and_nnue_disagree() {
    let net = net();
    let mut app = app_moves("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7");
    let s = screen(&mut app, 120, 40);
    assert!(!contains(&s, "◆"), "no net, no markers");
    app.update(Action::SetNetwork(Some(net.clone())));
    let s = screen(&mut app, 120, 40);
    let mut marked = 0;
    let tree = app.tree();
    for id in tree.mainline() {
        let b = tree.board(id);
        let differ = (tapir::eval::teach::hce_white(b) - nnue_white(&net, b)).abs() > 150;
        let san = tree.node(id).san();
        // The move list draws the mark right after the move's SAN.
        let row = app.ui.moves.row_of(id).unwrap();
        let pieces = &app.ui.moves.rows[row];
        let i = pieces
            .iter()
            .position(|p| p.node == Some(id) && p.text == san)
            .unwrap();
        let shown = pieces.get(i + 1).is_some_and(|p| p.text == "◆");
        assert_eq!(shown, differ, "{san}");
        marked += usize::from(differ);
        let list = s[27..39].join("\n");
        let drawn = list.contains(&format!(" {san}◆")) || list.contains(&format!(".{san}◆"));
        assert_eq!(drawn, differ, "{san}: {list}");
    }
    assert_eq!(s[26].contains("◆ HCE/NNUE differ"), marked > 0);
    // The marks are the teaching panel's: `z` hides them with it.
    assert!(marked > 0);
    let list_marks = |app: &App| {
        let rows = &app.ui.moves.rows;
        rows.iter().flatten().filter(|p| p.text == "◆").count()
    };
    app.update(Action::Panel(None));
    let s = screen(&mut app, 120, 40);
    assert!(!contains(&s, "◆"), "{}", s.join("\n"));
    assert_eq!(list_marks(&app), 0);
    app.update(Action::Panel(None));
    screen(&mut app, 120, 40);
    assert_eq!(list_marks(&app), marked);
}

#[test]
fn every_view_draws_at_both_sizes() {
    let mut app = app_moves("d4 d5 c4 e6 Nc3 Nf6");
    for with_net in [false, true] {
        if with_net {
            app.update(Action::SetNetwork(Some(net())));
        }
        for v in PanelView::ALL {
            view(&mut app, v);
            for (w, h) in [(120, 40), (80, 24), (100, 30)] {
                let lines = panel(&mut app, w, h);
                let title = match v {
                    PanelView::Terms => "Eval · ",
                    PanelView::Explain => "Explain",
                    PanelView::Deltas => "Move deltas",
                    PanelView::Compare => "HCE vs NNUE",
                    PanelView::Packed => "Packed arithmetic",
                };
                assert!(lines[0].contains(title), "{v:?} {w}x{h}: {}", lines[0]);
                assert!(
                    lines.len() > 3 && !lines[1].trim().is_empty(),
                    "{v:?} {w}x{h}"
                );
            }
        }
        for _ in 0..HeatMode::CYCLE.len() {
            teach(&mut app, TeachAction::Heat);
            screen(&mut app, 80, 24);
            screen(&mut app, 120, 40);
        }
    }
    // Flipped and Black to move: the board overlay follows the flip.
    app.update(Action::Flip);
    teach(&mut app, TeachAction::Heat);
    let a = layout::compute(120, 40);
    let buf = draw(&mut app, 120, 40);
    let a1 = a.square_rect(Square::A1, true);
    let want = DEFAULT_TABLES.params.psqt[1][0].mg();
    assert_eq!(
        text(&buf, Rect::new(a1.x, a1.y + 2, a1.width, 1))[0].trim(),
        format!("{want:+}")
    );
}

#[test]
fn keys_hints_and_escape() {
    let mut app = app_moves("e4");
    let s = screen(&mut app, 120, 40);
    assert!(s[39].contains("v views · c heat"), "{}", s[39]);
    let s = screen(&mut app, 80, 24);
    assert!(s[23].trim_end().ends_with("? help · q quit"), "{}", s[23]);
    teach(&mut app, TeachAction::Item(1));
    assert_eq!(app.ui.teach.term, Some(0));
    teach(&mut app, TeachAction::Item(-2));
    assert_eq!(app.ui.teach.term, Some(Term::COUNT - 2));
    teach(&mut app, TeachAction::TogglePhase);
    teach(&mut app, TeachAction::Heat);
    // The heatmap's message takes the whole status line; without it the
    // heatmap's keys show.
    let s = screen(&mut app, 120, 40);
    assert!(
        s[39].contains("heatmap: piece-square values, midgame half · o picks the piece (or pick one on the board)"),
        "{}",
        s[39]
    );
    let message = app.dialogs.message.take();
    let s = screen(&mut app, 120, 40);
    assert!(s[39].contains("c next map · o piece"), "{}", s[39]);
    app.dialogs.message = message;
    // Esc closes one thing at a time: heatmap, explorer, term, message.
    app.update(Action::Cancel);
    assert_eq!(app.ui.teach.heat, HeatMode::Off);
    let message = app.dialogs.message.take();
    let s = screen(&mut app, 120, 40);
    assert!(s[39].contains("[ ] phase"), "{}", s[39]);
    app.dialogs.message = message;
    app.update(Action::Cancel);
    assert_eq!(app.ui.teach.phase, None);
    app.update(Action::Cancel);
    assert_eq!(app.ui.teach.term, None);
    assert!(app.dialogs.message.is_some());
    app.update(Action::Cancel);
    assert!(app.dialogs.message.is_none());
    // Selecting a term turns a heatmap off, so the term's squares show.
    teach(&mut app, TeachAction::Heat);
    teach(&mut app, TeachAction::Item(1));
    assert_eq!(app.ui.teach.heat, HeatMode::Off);
    assert!(app.ui.heat.as_ref().unwrap().title.contains("Material"));
    // Unloading the net brings the "not loaded" state back.
    app.update(Action::SetNetwork(Some(net())));
    assert!(app.view.nnue.is_some());
    app.update(Action::SetNetwork(None));
    assert!(app.view.nnue.is_none());
    assert!(contains(&panel(&mut app, 120, 40), "NNUE not loaded"));
    // The side to move does not change whose view the deltas are in.
    assert_eq!(app.view.last_delta.unwrap().mover, Color::White);
    let _ = Colour::Reset;
}

#[test]
fn net_command_asks_the_runtime_to_load_it() {
    let mut app = app_moves("");
    app.update(Action::Command("net my.nnue".into()));
    let effects = app.take_effects();
    assert!(effects.iter().any(|e| matches!(
        e,
        tapir::tui::action::Effect::LoadNet(p) if p.ends_with("my.nnue") && p.is_absolute()
    )));
    app.update(Action::Command("net".into()));
    assert!(status_line(&app).contains("needs a net file"));
}

#[test]
fn headline_follows_the_viewed_evaluation() {
    let net = net();
    let mut app = app_fen(FENS[0]);
    app.update(Action::SetNetwork(Some(net.clone())));
    let b = *app.board();
    let hce = format!("{:+.2}", trace(&b).tapered as f64 / 100.0);
    let nnue = format!("{:+.2}", nnue_white(&net, &b) as f64 / 100.0);
    assert_ne!(hce, nnue, "the test needs the two to differ");
    let top = |app: &mut App| screen(app, 120, 40)[0].chars().take(62).collect::<String>();
    assert!(
        top(&mut app).trim_end().ends_with(&hce),
        "{}",
        top(&mut app)
    );
    app.update(Action::ToggleEvalView);
    assert!(
        top(&mut app).trim_end().ends_with(&nnue),
        "{}",
        top(&mut app)
    );
    // No search here: the number is labelled as the static evaluation.
    assert_eq!(app.headline(), format!("static {nnue}"));
    app.update(Action::ToggleEvalView);
    assert_eq!(app.headline(), format!("static {hce}"));
}

/// The phase explorer is drawn in the Terms view: `g` (or `[`) from
/// another view, or with the panel put away by `z`, shows that view.
#[test]
fn the_phase_explorer_opens_where_it_is_drawn() {
    let mut app = app_moves("e4 e5");
    view(&mut app, PanelView::Deltas);
    teach(&mut app, TeachAction::TogglePhase);
    assert_eq!(app.ui.teach.panel, PanelView::Terms);
    assert!(app.ui.teach.phase.is_some());
    teach(&mut app, TeachAction::TogglePhase);
    view(&mut app, PanelView::Compare);
    app.update(Action::Panel(Some(false)));
    teach(&mut app, TeachAction::Phase(-1));
    assert_eq!(app.ui.teach.panel, PanelView::Terms);
    assert!(app.config.panel, "the panel is back");
}
