//! `tapir tui --bench-frames N`: draws N frames of a busy board (a 300-ply
//! game with 1,000 moves in variations, five engine lines, the eval panel,
//! the F12 overlay) into an off-screen `TestBackend` and measures each
//! `Terminal::draw`, which includes ratatui's diff. Consecutive frames show
//! far-apart moves so every frame really changes cells and scrolls. With `teach`, a random net is loaded
//! and every frame also shows another teaching view, heatmap and term.

use super::action::Action;
use super::app::App;
use super::config::Config;
use super::ui;
use super::update::line_view;
use super::widgets::frametime::FrameStats;
use crate::chess::legal_moves;
use crate::engine::{Bound, Score, SearchEvent, SearchInfo};
use crate::game::{Game, Nag, NodeId};
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

/// A tree as big as an annotated master game gets: a 300-ply main line
/// and 1,000 moves in variations (nested, some with comments and glyphs),
/// with five analysis lines; a fixed seed, so every run draws the same.
pub fn busy_app() -> App {
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n.max(1) as u64) as usize
    };
    let mut game = Game::default();
    // The main line: random legal moves, preferring captures rarely, so
    // the game stays long.
    let mut at = NodeId::ROOT;
    let mut main = vec![at];
    while main.len() <= 300 {
        let list = legal_moves(game.board(at));
        if list.is_empty() || game.status_at(at).is_over() {
            break;
        }
        let quiet: Vec<_> = list.iter().copied().filter(|m| !m.is_capture()).collect();
        let pool = if quiet.is_empty() || next(4) == 0 {
            list.as_slice().to_vec()
        } else {
            quiet
        };
        at = game.play(at, pool[next(pool.len())]).0;
        main.push(at);
    }
    // Variations: from random points of the main line and of earlier
    // variations, 3 to 12 moves each, until there are 1,000 such moves.
    let mut starts = main.clone();
    while game.tree().variation_move_count() < 1_000 {
        let from = starts[next(starts.len())];
        let mut cur = from;
        for k in 0..3 + next(10) {
            let list = legal_moves(game.board(cur));
            if list.is_empty() {
                break;
            }
            cur = game.play(cur, list.as_slice()[next(list.len())]).0;
            if k == 0 && next(3) == 0 {
                game.toggle_nag(cur, Nag::MOVE[next(6)]);
            }
            if next(8) == 0 {
                game.set_comment(cur, false, "an idea worth a comment, over a few words");
            }
            starts.push(cur);
        }
    }
    let mut app = App::new(Config::default(), game);
    app.config.multipv = 5;
    app.update(Action::Resize(120, 40));
    app.ui.show_frame_times = true;
    app
}

/// Fills five engine lines for the shown position.
fn fake_lines(app: &mut App) {
    let Some(token) = app.engine.search.as_ref().map(|s| s.token) else {
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
            tbhits: 0,
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

/// A second engine's pane beside the first, its lines those of the first
/// with other scores (`--bench-second`).
fn fake_second(app: &mut App) {
    let mut second = app.second.take().unwrap_or_default();
    second.external = Some("Stockfish 16".into());
    second.search = app.engine.search.clone();
    second.lines = app.engine.lines.clone();
    for l in &mut second.lines {
        l.score = Score::Cp(41 - 9 * l.multipv as i32);
    }
    app.second = Some(second);
}

pub fn run(frames: usize, width: u16, height: u16, teach: bool, second: bool) -> FrameBench {
    let mut app = busy_app();
    app.update(Action::Resize(width, height));
    if teach {
        let net = crate::eval::nnue::Network::random(1);
        app.update(Action::SetNetwork(Some(std::sync::Arc::new(net))));
    }
    let mut term = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    let mut stats = FrameStats::default();
    let mut times = Vec::with_capacity(frames);
    // Two far-apart moves: the end of the main line and a move in a
    // variation half-way, so the move list scrolls on every frame.
    let end = app.tree().line_end(NodeId::ROOT);
    let middle = app
        .tree()
        .preorder()
        .into_iter()
        .filter(|&n| !app.tree().is_mainline(n))
        .nth(500)
        .unwrap_or(end);
    for i in 0..frames {
        app.update(Action::GoTo(if i % 2 == 0 { end } else { middle }));
        fake_lines(&mut app);
        if second {
            fake_second(&mut app);
        }
        if teach {
            use super::teach::{HeatMode, PanelView};
            app.ui.teach.panel = PanelView::ALL[i % PanelView::ALL.len()];
            app.ui.teach.heat = HeatMode::CYCLE[(i / 5) % HeatMode::CYCLE.len()];
            app.ui.teach.term = Some(i % crate::eval::hce::sink::Term::COUNT);
            app.ui.teach.phase = (i % 3 == 0).then_some((i % 25) as i32);
            app.ui.teach.delta_item = i % 3;
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

/// What `link_latency` measured.
#[derive(Clone, Debug)]
pub struct LinkBench {
    /// `info` lines of the external engine that reached the board.
    pub infos: usize,
    /// From the line read off the engine's pipe to the reducer done with
    /// it: median, 99th percentile, worst.
    pub median: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// The frames drawn meanwhile (one after each burst of reports, as
    /// the event loop does) at 120x40: median and worst.
    pub frames: usize,
    pub frame_median: Duration,
    pub frame_max: Duration,
}

/// `tapir tui --bench-link N`: tapir's own engine and `engine` (a
/// command line; tapir itself as `tapir uci` by default) analyse the
/// start position side by side through the board's real engine links,
/// with three lines each, until N of the external engine's `info` lines
/// have reached the board. Each is timed from the moment the UCI client
/// read it to the reducer having taken it in; a frame is drawn after each
/// burst, as the event loop does.
pub fn link_latency(infos: usize, engine: &str) -> Result<LinkBench, String> {
    use super::engine_link::{report_action, LinkId, Links};
    use crate::engine::external::{stamp_infos, take_info_stamp};
    let mut config = Config {
        multipv: 3,
        hash: 16,
        ..Config::default()
    };
    config.engines.push(super::config::EngineConfig {
        name: "second".into(),
        command: String::new(),
        args: Vec::new(),
        options: Default::default(),
    });
    let spec = crate::engine::EngineSpec::from_command_line(engine)?;
    config.engines[0].command = spec.command;
    config.engines[0].args = spec.args;
    let mut app = App::new(config, Game::default());
    app.update(Action::Resize(120, 40));
    app.use_second_engine("second");
    let (tx, rx) = std::sync::mpsc::channel();
    let mut links = Links::new(tx, |id, r| (id, r), Vec::new());
    stamp_infos(true);
    let mut term = Terminal::new(TestBackend::new(120, 40)).map_err(|e| e.to_string())?;
    let stats = FrameStats::default();
    let (mut lat, mut frames) = (Vec::new(), Vec::new());
    let deadline = Instant::now() + Duration::from_secs(120);
    while lat.len() < infos {
        for e in app.take_effects() {
            links.send(e);
        }
        if Instant::now() > deadline {
            stamp_infos(false);
            return Err(format!("only {} info lines in two minutes", lat.len()));
        }
        let Ok(first) = rx.recv_timeout(Duration::from_millis(100)) else {
            continue;
        };
        for (id, report) in std::iter::once(first).chain(std::iter::from_fn(|| rx.try_recv().ok()))
        {
            let stamped = id == LinkId::SECOND
                && matches!(
                    &report,
                    super::engine_link::EngineReport::Event {
                        event: SearchEvent::Info { .. },
                        ..
                    }
                );
            app.now = Instant::now();
            app.update(report_action(id, report));
            if stamped {
                if let Some(read) = take_info_stamp() {
                    lat.push(read.elapsed());
                }
            }
        }
        let start = Instant::now();
        term.draw(|f| ui::draw(f, &app, &stats))
            .map_err(|e| e.to_string())?;
        frames.push(start.elapsed());
    }
    stamp_infos(false);
    lat.sort();
    frames.sort();
    let n = lat.len().max(1);
    Ok(LinkBench {
        infos: lat.len(),
        median: lat.get(n / 2).copied().unwrap_or_default(),
        p99: lat.get(n * 99 / 100).copied().unwrap_or_default(),
        max: lat.last().copied().unwrap_or_default(),
        frames: frames.len(),
        frame_median: frames.get(frames.len() / 2).copied().unwrap_or_default(),
        frame_max: frames.last().copied().unwrap_or_default(),
    })
}
