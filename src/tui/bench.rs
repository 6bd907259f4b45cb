//! `tapir tui --bench-frames N`: draws N frames of a busy board (a long
//! game, five engine lines, the eval panel, the F12 overlay) into an
//! off-screen `TestBackend` and measures each `Terminal::draw`, which
//! includes ratatui's diff. Consecutive frames show different plies so
//! every frame really changes cells. With `teach`, a random net is loaded
//! and every frame also shows another teaching view, heatmap and term.

use super::action::Action;
use super::app::App;
use super::config::Config;
use super::game::Game;
use super::ui;
use super::update::line_view;
use super::widgets::frametime::FrameStats;
use crate::chess::{legal_moves, parse_move};
use crate::engine::{Bound, Score, SearchEvent, SearchInfo};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::{Duration, Instant};

/// Mean and worst draw time over the frames.
#[derive(Clone, Debug)]
pub struct FrameBench {
    pub frames: usize,
    pub width: u16,
    pub height: u16,
    pub mean: Duration,
    pub median: Duration,
    pub max: Duration,
    pub p99: Duration,
}

/// A game of 60 plies with analysis lines, as a realistic screen.
pub fn busy_app() -> App {
    let mut game = Game::default();
    let moves = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 \
                 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3 axb3 axb3 \
                 Na3 Ra1+ Kxa1 Qa5 Bd4 Qxa3 bxa3 Bxa3 Bb2";
    for s in moves.split_whitespace() {
        let Ok(m) = parse_move(game.last_board(), s) else {
            break;
        };
        game.push(m);
    }
    let mut app = App::new(Config::default(), game);
    app.config.multipv = 5;
    app.update(Action::Resize(120, 40));
    app.show_frame_times = true;
    app
}

/// Fills five engine lines for the shown position.
fn fake_lines(app: &mut App) {
    let Some(token) = app.search.as_ref().map(|s| s.token) else {
        return;
    };
    let board = app.view.board;
    for k in 1..=5usize {
        let mut pv = Vec::new();
        let mut b = board;
        for _ in 0..24 {
            let list = legal_moves(&b);
            let Some(&m) = list.as_slice().get(k % list.len().max(1)) else {
                break;
            };
            pv.push(m);
            b = b.make(m);
        }
        let info = SearchInfo {
            depth: 22,
            seldepth: 31,
            multipv: k,
            score: Score::Cp(35 - 12 * k as i32),
            bound: Bound::Exact,
            nodes: 12_345_678,
            nps: 2_345_678,
            hashfull: 412,
            time: Duration::from_millis(5263),
            pv,
        };
        let _ = line_view(&board, &info);
        app.update(Action::Engine {
            token,
            event: SearchEvent::Info { id: 0, info },
        });
    }
}

pub fn run(frames: usize, width: u16, height: u16, teach: bool) -> FrameBench {
    let mut app = busy_app();
    app.update(Action::Resize(width, height));
    if teach {
        let net = crate::eval::nnue::Network::random(1);
        app.update(Action::SetNetwork(Some(std::sync::Arc::new(net))));
    }
    let mut term = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    let mut stats = FrameStats::default();
    let mut times = Vec::with_capacity(frames);
    let len = app.game.len();
    for i in 0..frames {
        // Alternate between two plies so every frame changes.
        let target = if i % 2 == 0 { len } else { len - 1 };
        app.update(if target == len {
            Action::Last
        } else {
            Action::Prev
        });
        fake_lines(&mut app);
        if teach {
            use super::teach::{HeatMode, PanelView};
            app.teach.panel = PanelView::ALL[i % PanelView::ALL.len()];
            app.teach.heat = HeatMode::CYCLE[(i / 5) % HeatMode::CYCLE.len()];
            app.teach.term = Some(i % crate::eval::hce::sink::Term::COUNT);
            app.teach.phase = (i % 3 == 0).then_some((i % 25) as i32);
            app.teach.delta_item = i % 3;
            app.update(Action::Tick(app.now));
        }
        app.take_effects();
        let start = Instant::now();
        term.draw(|f| ui::draw(f, &app, &stats)).expect("drawing");
        let d = start.elapsed();
        stats.record(d);
        times.push(d);
    }
    times.sort();
    let n = times.len().max(1);
    FrameBench {
        frames,
        width,
        height,
        mean: times.iter().sum::<Duration>() / n as u32,
        median: times.get(n / 2).copied().unwrap_or_default(),
        max: times.last().copied().unwrap_or_default(),
        p99: times.get(n * 99 / 100).copied().unwrap_or_default(),
    }
}
