//! Circles and arrows on the board, as a Lichess study has them: read
//! from a move's comment (`[%csl]`, `[%cal]`) and drawn with that move,
//! drawn with the right button or `:arrow`/`:circle` into the comment
//! (the same again takes it away, one undo step each, kept by a save),
//! and refused during a game.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use ratatui::Terminal;
use tapir::chess::{Color as Side, Square};
use tapir::game::shapes::ShapeColor;
use tapir::game::{Game, NodeId};
use tapir::tui::action::Action;
use tapir::tui::app::App;
use tapir::tui::config::Config;

mod common;
use common::{error, file_read, play, saved_text, screen, start_game, status_line};

const STUDY: &str = "[Event \"Study\"]\n[Result \"*\"]\n\n\
    1. e4 { The king's pawn. [%csl Gd5,Rf7][%cal Gg1f3,Bb1c3] } e5 *\n";

fn app() -> App {
    let mut a = App::new(Config::default(), Game::default());
    a.book.set(None, "off".into());
    a.update(Action::Resize(80, 24));
    a.take_effects();
    a
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The board drawn at `w` x `h`, with its colours.
fn drawn(a: &mut App, w: u16, h: u16) -> Buffer {
    a.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| {
        tapir::tui::ui::draw(f, a, &tapir::tui::widgets::frametime::FrameStats::default())
    })
    .unwrap();
    term.backend().buffer().clone()
}

/// The middle cell of `s` on the screen.
fn centre(a: &App, s: &str) -> (u16, u16) {
    let r = a.areas().square_rect(sq(s), a.ui.flipped);
    (r.x + r.width / 2, r.y + r.height / 2)
}

/// The right button pressed on `from` and let go on `to`.
fn right_drag(a: &mut App, from: &str, to: &str, color: ShapeColor) {
    let (fx, fy) = centre(a, from);
    let (tx, ty) = centre(a, to);
    a.update(Action::ShapeFrom(fx, fy, color));
    a.update(Action::ShapeTo(tx, ty));
}

fn comment(a: &App) -> String {
    a.tree().node(a.doc.cursor).comment.clone()
}

#[test]
fn a_studys_shapes_are_drawn_with_their_move() {
    let mut a = app();
    file_read(&mut a, "/tmp/study.pgn", STUDY);
    a.update(Action::First);
    let plain = drawn(&mut a, 80, 24);
    a.update(Action::Next);
    let shown = drawn(&mut a, 80, 24);
    let bg = |b: &Buffer, s: &str| b[centre(&a, s)].bg;
    // The circled squares take their circle's colour; the others keep theirs.
    assert_ne!(bg(&shown, "d5"), bg(&plain, "d5"));
    assert_ne!(bg(&shown, "f7"), bg(&plain, "f7"));
    assert_ne!(bg(&shown, "d5"), bg(&shown, "f7"), "green and red apart");
    assert_eq!(bg(&shown, "d6"), bg(&plain, "d6"));
    // Each arrow's squares carry its direction in the corners: g1-f3 and
    // b1-c3 both point up and to the side.
    let rows = screen(&mut a, 80, 24);
    let rank1 = &rows[usize::from(centre(&a, "a1").1)];
    assert!(rank1.contains('◤') && rank1.contains('◥'), "{rank1}");
    let rank3 = &rows[usize::from(centre(&a, "a3").1)];
    assert!(rank3.contains('◤') && rank3.contains('◥'), "{rank3}");
    // Not at the next move, whose comment draws nothing.
    a.update(Action::Next);
    let rows = screen(&mut a, 80, 24);
    let rank1 = &rows[usize::from(centre(&a, "a1").1)];
    assert!(!rank1.contains('◤') && !rank1.contains('◥'), "{rank1}");
    // From 9x4 squares the arrow is drawn whole.
    a.update(Action::Prev);
    let rows = screen(&mut a, 150, 50);
    assert!(rows.iter().any(|r| r.contains('┌')), "{rows:#?}");
}

#[test]
fn the_right_button_draws_recolours_and_takes_away() {
    let mut a = app();
    play(&mut a, "e4 e5");
    right_drag(&mut a, "g1", "f3", ShapeColor::Green);
    assert_eq!(comment(&a), "[%cal Gg1f3]");
    assert_eq!(
        status_line(&a),
        "1... e5: a green arrow g1-f3 drawn (once more takes it away)"
    );
    // Let go where it started: a circle.
    right_drag(&mut a, "e5", "e5", ShapeColor::Red);
    assert_eq!(comment(&a), "[%cal Gg1f3] [%csl Re5]");
    // Another colour recolours; the same again takes away.
    right_drag(&mut a, "g1", "f3", ShapeColor::Blue);
    assert_eq!(comment(&a), "[%cal Bg1f3] [%csl Re5]");
    assert_eq!(
        status_line(&a),
        "1... e5: now a blue arrow g1-f3 (was green)"
    );
    right_drag(&mut a, "g1", "f3", ShapeColor::Blue);
    assert_eq!(comment(&a), "[%csl Re5]");
    assert!(status_line(&a).contains("taken away"));
    // Each drawing was one undo step.
    a.update(Action::Undo);
    assert_eq!(comment(&a), "[%cal Bg1f3] [%csl Re5]");
    assert!(
        status_line(&a).starts_with("undid: take away a blue arrow g1-f3 from 1... e5"),
        "{}",
        status_line(&a)
    );
    a.update(Action::Redo);
    // Let go off the board: nothing drawn.
    let (fx, fy) = centre(&a, "a1");
    a.update(Action::ShapeFrom(fx, fy, ShapeColor::Green));
    a.update(Action::ShapeTo(79, 23));
    assert_eq!(comment(&a), "[%csl Re5]");
    // A save keeps them where Lichess puts them.
    assert!(saved_text(&mut a).contains("1. e4 e5 { [%csl Re5] }"));
}

#[test]
fn commands_draw_keep_the_words_and_clear() {
    let mut a = app();
    play(&mut a, "d4");
    a.update(Action::Command("comment The queen's pawn.".into()));
    a.update(Action::Command("arrow c2c4 red".into()));
    a.update(Action::Command("circle d5".into()));
    assert_eq!(comment(&a), "The queen's pawn. [%cal Rc2c4] [%csl Gd5]");
    a.update(Action::Command("shapes".into()));
    assert_eq!(
        status_line(&a),
        "1. d4: a green circle on d5, a red arrow c2-c4"
    );
    // `i` opens the words only, and keeps the shapes.
    a.update(Action::Command("comment Solid.".into()));
    assert_eq!(comment(&a), "Solid. [%cal Rc2c4] [%csl Gd5]");
    a.update(Action::Command("shapes clear".into()));
    assert_eq!(comment(&a), "Solid.");
    a.update(Action::Undo);
    assert_eq!(comment(&a), "Solid. [%cal Rc2c4] [%csl Gd5]");
    a.update(Action::Command("arrow e2e2".into()));
    assert!(error(&a).contains(":circle e2"));
    // At the start they go in the game's comment.
    a.update(Action::First);
    a.update(Action::Command("circle e4".into()));
    assert_eq!(a.tree().node(NodeId::ROOT).comment, "[%csl Ge4]");
}

#[test]
fn no_shapes_during_a_game() {
    let mut a = app();
    start_game(&mut a, Side::White, 0);
    let before = comment(&a);
    a.update(Action::Command("arrow e2e4".into()));
    assert!(error(&a).contains("not during a game"));
    right_drag(&mut a, "e2", "e4", ShapeColor::Green);
    assert_eq!(comment(&a), before);
}

#[test]
fn without_colours_a_circle_is_a_ring() {
    let mut a = app();
    file_read(&mut a, "/tmp/study.pgn", STUDY);
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::Command("colors mono".into()));
    let b = drawn(&mut a, 80, 24);
    let r = a.areas().square_rect(sq("d5"), false);
    let corner = &b[(r.x + r.width - 1, r.y + r.height - 1)];
    assert_eq!(corner.symbol(), "○");
    assert_eq!(corner.bg, Color::Reset);
}
