//! Helpers more than one test binary uses: running the built `tapir`
//! binary, and playing moves on the board as a user types them. Each test
//! file that needs them says `mod common;`.

#![allow(dead_code, reason = "each test binary uses some of the helpers")]

use std::process::{Command, Output};
use tapir::tui::action::Action;
use tapir::tui::app::App;

/// The last autosave the board asked for since its effects were last
/// taken.
pub fn autosaved(a: &mut App) -> String {
    a.take_effects()
        .into_iter()
        .rev()
        .find_map(|e| match e {
            tapir::tui::action::Effect::Autosave(t) => Some(t),
            _ => None,
        })
        .expect("an autosave")
}

/// Runs the `tapir` binary this test build made, with `args`.
pub fn tapir(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args(args)
        .output()
        .expect("the tapir binary runs")
}

/// Types each move of `moves` (SAN or UCI, blank-separated) on the board;
/// every one must be taken.
pub fn play(a: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        a.update(Action::MoveText(m.into()));
        assert!(
            a.dialogs.message.as_ref().is_none_or(|m| !m.error),
            "{m}: {:?}",
            a.dialogs.message
        );
    }
}

/// Starts a game against the engine from the shown position: `side` for
/// the human, the clock preset `clock` (0: none, 1: 1+0, 2: 3+2 ...).
pub fn start_game(a: &mut App, side: tapir::chess::Color, clock: usize) {
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(side));
    for _ in 0..clock {
        a.update(Action::PlayClock);
    }
    a.update(Action::ChoiceConfirm);
    assert!(matches!(a.play.mode, tapir::tui::app::Mode::Play { .. }));
}

/// The game's clocks run from the first move on: each side's first move,
/// untimed in a game (as on Lichess), is timed too. For tests of the
/// clocks' running out, which need no moves before it.
pub fn clocks_from_the_start(a: &mut App) {
    a.play.clocks.as_mut().expect("clocks").untimed = [false, false];
}

/// The engine, searching in a game, answers `san` at once.
pub fn engine_plays(a: &mut App, san: &str) {
    let s = a
        .engine
        .search
        .as_ref()
        .expect("the engine to be searching");
    assert_eq!(s.key.purpose, tapir::tui::app::Purpose::EngineMove);
    let token = s.token;
    let board = *a.doc.game.board(a.play.game_end);
    let best = tapir::chess::parse_move(&board, san).expect("a legal move");
    a.update(Action::Engine {
        token,
        event: tapir::engine::SearchEvent::BestMove {
            id: 1,
            best: Some(best),
            ponder: None,
        },
    });
}

/// The text `:save FILE` would write (the save itself is the runtime's).
pub fn saved_text(a: &mut App) -> String {
    a.take_effects();
    a.update(Action::Command("save /nonexistent-dir/x.pgn".into()));
    a.take_effects()
        .into_iter()
        .find_map(|e| match e {
            tapir::tui::action::Effect::Save { text, .. } => Some(text),
            _ => None,
        })
        .expect("a save")
}

/// The runtime read `path` (UTF-8) and found `text` in it: what the board
/// gets after `:load` or `o`.
pub fn file_read(a: &mut App, path: impl Into<std::path::PathBuf>, text: &str) {
    a.update(Action::FileLoaded {
        path: path.into(),
        text: text.into(),
        encoding: tapir::game::pgn::Encoding::Utf8,
    });
}

/// `y` to "The game is not saved. ...?", and the runtime keeps the game
/// aside as `autosave.previous.pgn`: the replacement takes the board. The
/// effects asked for before the answer are dropped; the answer's come back.
pub fn confirm_replace(a: &mut App) -> Vec<tapir::tui::action::Effect> {
    use tapir::tui::action::Effect;
    a.take_effects();
    a.update(Action::Confirm(true));
    let mut effects = a.take_effects();
    let at = effects
        .iter()
        .position(|e| matches!(e, Effect::KeepAutosaveAside { .. }))
        .expect("the unsaved game to be kept aside first");
    let Effect::KeepAutosaveAside { replacement, .. } = effects.remove(at) else {
        unreachable!()
    };
    a.update(Action::KeptAside {
        path: "/data/autosave.previous.pgn".into(),
        replacement,
    });
    effects.extend(a.take_effects());
    effects
}

/// The board asks "The game is not saved. ...?" before it replaces the
/// game (`what`: the way the replacement was asked for, for the message).
#[track_caller]
pub fn assert_asks_to_replace(a: &App, what: &str) {
    use tapir::tui::app::{ConfirmWhat, Overlay};
    assert!(
        matches!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Replace(_))),
        "{what}: {:?}",
        a.dialogs.overlay
    );
}

/// The status line's message (empty when there is none).
pub fn message(a: &App) -> String {
    a.dialogs
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The status line's message; the test fails when there is none.
pub fn status_line(a: &App) -> String {
    a.dialogs.message.as_ref().expect("a message").text.clone()
}

/// The status line's error; the test fails on anything else.
pub fn error(a: &App) -> String {
    match &a.dialogs.message {
        Some(m) if m.error => m.text.clone(),
        other => panic!("expected an error, got {other:?}"),
    }
}

/// The board drawn at `w` x `h`, row by row (the text-presentation
/// selectors left out).
pub fn screen(a: &mut App, w: u16, h: u16) -> Vec<String> {
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    a.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    term.draw(|f| {
        tapir::tui::ui::draw(f, a, &tapir::tui::widgets::frametime::FrameStats::default())
    })
    .expect("drawn");
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().replace('\u{fe0e}', ""))
                .collect()
        })
        .collect()
}
