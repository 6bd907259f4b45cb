//! Games against the engine that feel like games: the evaluation hidden
//! while one is played, resigning, draw offers (accepted and declined),
//! draw claims (valid and refused) and the draws the rules make by
//! themselves, the flag falling on a tick, `a` asking, the clock presets
//! and a custom control, and snapshots of the play screen at 80x24 and
//! 120x40 (tests/data/snapshots; `UPDATE_SNAPSHOTS=1` rewrites them).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::{clocks_from_the_start, error, message};

use common::start_game as start;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;
use tapir::chess::Color;
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::{App, ConfirmWhat, Mode, Overlay, PromptKind, Purpose};
use tapir::tui::config::Config;
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

/// A board without an opening book (the tests answer for the engine).
fn app_at(fen: Option<&str>) -> App {
    let config = Config {
        player: "Tester".into(),
        ..Config::default()
    };
    let game = match fen {
        Some(f) => Game::new(tapir::chess::Board::from_fen(f).unwrap()),
        None => Game::default(),
    };
    let mut a = App::new(config, game);
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

/// Two players on the clock preset `clock` steps down the dialog's list
/// (1: 1+0, 2: 3+2).
fn two_players_on(a: &mut App, clock: usize) {
    a.update(Action::TwoPlayers);
    for _ in 0..clock {
        a.update(Action::PlayClock);
    }
    a.update(Action::ChoiceConfirm);
    assert!(a.two_players_timed());
}

/// The human's move.
fn human(a: &mut App, san: &str) {
    a.update(Action::MoveText(san.into()));
    assert!(
        a.dialogs.message.as_ref().is_none_or(|m| !m.error),
        "{san}: {:?}",
        a.dialogs.message
    );
}

/// The engine's search reports `cp` (White's view) and then moves `san`.
fn engine(a: &mut App, san: &str, cp: Option<i32>) {
    let s = a
        .engine
        .search
        .as_ref()
        .expect("the engine to be searching");
    assert_eq!(s.key.purpose, Purpose::EngineMove);
    let token = s.token;
    let board = *a.doc.game.board(a.play.game_end);
    let best = tapir::chess::parse_move(&board, san).unwrap();
    if let Some(cp) = cp {
        // Engines score from the side to move.
        let own = if board.side_to_move() == Color::White {
            cp
        } else {
            -cp
        };
        a.update(Action::Engine {
            token,
            event: SearchEvent::Info {
                id: 1,
                info: SearchInfo {
                    depth: 8,
                    multipv: 1,
                    score: Score::Cp(own),
                    bound: Bound::Exact,
                    pv: vec![best],
                    seldepth: 9,
                    nodes: 1000,
                    nps: 0,
                    hashfull: 0,
                    tbhits: 0,
                    time: Duration::from_millis(10),
                },
            },
        });
    }
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(best),
            ponder: None,
        },
    });
}

/// The engine's running search reports `event`.
fn engine_says(a: &mut App, event: SearchEvent) {
    let token = a.engine.search.as_ref().expect("a search").token;
    a.update(Action::Engine { token, event });
}

/// Plays the knights out and back `n` times (human White, engine Black).
fn knight_dance(a: &mut App, n: usize) {
    for _ in 0..n {
        human(a, "Nf3");
        engine(a, "Nf6", None);
        human(a, "Ng1");
        engine(a, "Ng8", None);
    }
}

#[test]
fn the_evaluation_is_hidden_during_a_game_and_back_after_it() {
    let mut a = app_at(None);
    assert!(!a.eval_hidden());
    assert!(a.headline().starts_with("static"));
    start(&mut a, Color::White, 0);
    assert!(a.eval_hidden());
    assert_eq!(a.headline(), "eval hidden");
    // A heatmap would give it away.
    a.update(Action::Teach(tapir::tui::action::TeachAction::Heat));
    assert!(a.ui.heat.is_none());
    // The report too.
    human(&mut a, "e4");
    engine(&mut a, "e5", Some(30));
    a.update(Action::Report);
    assert!(error(&a).contains("end of the game"));
    // The setting shows it, and is kept.
    a.update(Action::Command("showeval".into()));
    assert!(a.config.show_eval_in_games && a.config_changed);
    assert!(!a.eval_hidden());
    a.update(Action::Command("showeval off".into()));
    assert!(a.eval_hidden());
    a.update(Action::Command("showeval maybe".into()));
    assert!(error(&a).contains("on or off"));
    // Once the game is over, everything shows again.
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    assert!(!a.eval_hidden());
    assert_ne!(a.headline(), "eval hidden");
}

#[test]
fn resigning_asks_then_writes_the_result_in_one_undo_step() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    // The engine is told of the new game (UCI's `ucinewgame`).
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::NewGame)));
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    a.update(Action::Command("resign".into()));
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Resign));
    // No: nothing changes.
    a.update(Action::Confirm(false));
    assert!(a.game_running());
    assert_eq!(a.doc.game.tags.get("Result"), None);
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis, "analysis is available");
    assert!(a.play.analysis);
    assert_eq!(a.doc.game.result(), "0-1");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Normal"));
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir level 5"));
    let end = a.tree().line_end(tapir::game::NodeId::ROOT);
    assert_eq!(a.tree().node(end).comment, "[%clk 0:03:00] White resigns.");
    assert!(message(&a).contains("White resigns · 0-1"));
    // One step takes it all back.
    a.update(Action::Undo);
    assert_eq!(a.doc.game.tags.get("Result"), None);
    assert_eq!(a.doc.game.tags.get("Termination"), None);
    assert_eq!(a.tree().node(end).comment, "[%clk 0:03:00]");
    assert_eq!(a.tree().mainline_len(), 2, "the moves stay");
    a.update(Action::Redo);
    assert_eq!(a.doc.game.result(), "0-1");
    // Nothing to resign now.
    a.update(Action::Command("resign".into()));
    assert!(error(&a).contains("no game"));
}

/// A player who analyses only when asked (autostart_analysis = false)
/// is not handed a running engine when a game ends: `a` starts it.
#[test]
fn a_game_ended_by_a_result_analyses_as_the_settings_say() {
    let mut a = app_at(None);
    a.config.autostart_analysis = false;
    two_players_on(&mut a, 1);
    human(&mut a, "e4");
    a.update(Action::Command("draw".into()));
    a.update(Action::Confirm(true));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(!a.play.analysis, "the settings say no engine until asked");
    assert!(message(&a).contains("½-½ · a analyses"), "{}", message(&a));
    a.update(Action::ToggleAnalysis);
    assert!(a.play.analysis);
}

/// A game on clock preset `clock`, 1.e4 e5, then White resigns.
fn resigned_game(clock: usize) -> App {
    let mut a = app_at(None);
    start(&mut a, Color::White, clock);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    a
}

#[test]
fn playing_on_from_a_finished_game_says_its_result_goes_and_undo_brings_it_back() {
    let mut a = resigned_game(0);
    // The dialog says what starting here does to the finished game.
    a.update(Action::OpenPlayDialog);
    let s = screen(&mut a, 80, 24).join("\n");
    assert!(
        s.contains("This game ended 0-1: playing on clears it"),
        "{s}"
    );
    a.update(Action::ChoiceConfirm);
    assert!(
        message(&a).contains("the result 0-1 is cleared"),
        "{}",
        message(&a)
    );
    assert_eq!(a.doc.game.result(), "*");
    human(&mut a, "Nf3");
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    // Undo walks back: the second result, the move, then the first result.
    a.update(Action::Undo);
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(
        a.doc.game.result(),
        "0-1",
        "the first game's result is back"
    );
    // A game without a result has nothing to clear, so nothing is said.
    let mut b = app_at(None);
    b.update(Action::OpenPlayDialog);
    assert!(!screen(&mut b, 80, 24)
        .join("\n")
        .contains("This game ended"));
}

/// The game's `TimeControl` tag, as PGN writes it: seconds+increment, or
/// "-" untimed.
#[test]
fn a_game_names_its_time_control() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("180+2"));
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("-"));
}

/// A start abandoned before any move leaves its tags on the empty game;
/// the next game played on that board writes its own clock and sides
/// over them (the second game was saved as "180+2" though played at 5+3).
#[test]
fn a_new_start_writes_its_own_time_control_over_an_abandoned_one() {
    use tapir::tui::app::Overlay;
    let mut a = app_at(None);
    two_players_on(&mut a, 2);
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("180+2"));
    a.update(Action::ToggleAnalysis);
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert!(!a.two_players_timed());
    // The dialog opens on the last clock (3+2): one step on is 5+3.
    two_players_on(&mut a, 1);
    human(&mut a, "e4");
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("300+3"));
    // Against the engine, after a start at 1+0 abandoned the same way.
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("60+0"));
    a.update(Action::ToggleAnalysis);
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    start(&mut a, Color::Black, 1);
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("180+2"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("Tester"));
}

/// Each move of a game on the clock carries the mover's time after it
/// as `[%clk]`, as Lichess writes its games, so a saved game shows where
/// the time went; the move and its clock are one undo step.
#[test]
fn each_move_of_a_timed_game_writes_its_clock() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    let t0 = a.now;
    // Each side's first move is untimed: its clock starts after it.
    a.update(Action::Tick(t0 + Duration::from_secs(4)));
    human(&mut a, "e4");
    a.update(Action::Tick(t0 + Duration::from_secs(10)));
    engine(&mut a, "e5", None);
    a.update(Action::Tick(t0 + Duration::from_secs(14)));
    human(&mut a, "Nf3");
    a.update(Action::Tick(t0 + Duration::from_millis(135_500)));
    engine(&mut a, "Nc6", None);
    let text = tapir::game::pgn::write_game(&a.doc.game);
    let moves = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        moves.contains(
            "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } \
             2. Nf3 { [%clk 0:02:58] } 2... Nc6 { [%clk 0:01:00] }"
        ),
        "{text}"
    );
    // A take-back does not count the clocks as the player's comments.
    human(&mut a, "Bc4");
    engine(&mut a, "Nf6", None);
    a.update(Action::TakeBack);
    assert_eq!(message(&a), "took back 2 plies");
    // The board's PGN row reads them back once the game is over (its own
    // clocks show them while it runs).
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(!rows.contains("PGN: W"), "{rows}");
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(rows.contains("PGN: W 2:58 · B 1:00"), "{rows}");
    // At the first move Black's clock is the TimeControl's whole time.
    for _ in 0..3 {
        a.update(Action::Prev);
    }
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(rows.contains("PGN: W 3:00 · B 3:00"), "{rows}");
    // An untimed game writes none.
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    assert!(!tapir::game::pgn::write_game(&a.doc.game).contains("%clk"));
}

/// Each side's first move is untimed, as on Lichess: no time goes while
/// the human reads the board or the engine finds its first move, no flag
/// falls, no increment is earned; the clocks run from the next move on.
#[test]
fn each_sides_first_move_is_untimed() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    assert!(message(&a).contains("each starts after its side's first move"));
    let t0 = a.now;
    let left = |a: &App, c: Color| a.play.clocks.as_ref().unwrap().remaining(c, a.now);
    a.update(Action::Tick(t0 + Duration::from_secs(90)));
    assert!(a.game_running(), "no flag before the first move");
    assert_eq!(left(&a, Color::White), Duration::from_secs(60));
    human(&mut a, "e4");
    a.update(Action::Tick(t0 + Duration::from_secs(200)));
    assert_eq!(left(&a, Color::Black), Duration::from_secs(60));
    engine(&mut a, "e5", None);
    // White's clock runs now.
    a.update(Action::Tick(t0 + Duration::from_secs(205)));
    assert_eq!(left(&a, Color::White), Duration::from_secs(55));
    human(&mut a, "Nf3");
    a.update(Action::Tick(t0 + Duration::from_secs(207)));
    assert_eq!(left(&a, Color::Black), Duration::from_secs(58));
    // The engine playing White: its first move is free as well.
    let mut a = app_at(None);
    start(&mut a, Color::Black, 1);
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(30)));
    engine(&mut a, "d4", None);
    a.update(Action::Tick(t0 + Duration::from_secs(100)));
    human(&mut a, "d5");
    assert_eq!(left(&a, Color::White), Duration::from_secs(60));
    assert_eq!(left(&a, Color::Black), Duration::from_secs(60));
    a.update(Action::Tick(t0 + Duration::from_secs(103)));
    assert_eq!(left(&a, Color::White), Duration::from_secs(57));
}

/// The next game's dialog opens on the clock the last one started with,
/// also after the game left the board (its clocks gone), and after a
/// restart: the choice is a setting (`clock = "5+3"`).
#[test]
fn the_play_dialog_remembers_the_clock() {
    let mut a = resigned_game(3);
    a.update(Action::Command("new".into()));
    a.update(Action::Confirm(true));
    assert!(a.play.clocks.is_none(), "{:?}", a.play.mode);
    a.update(Action::OpenPlayDialog);
    assert!(
        matches!(a.dialogs.overlay, Overlay::Play(ref d) if d.clock == 3),
        "{:?}",
        a.dialogs.overlay
    );
    assert_eq!(a.config.clock, "5+3");
    let mut b = App::new(a.config.clone(), Game::default());
    b.update(Action::OpenPlayDialog);
    assert!(
        matches!(b.dialogs.overlay, Overlay::Play(ref d) if d.clock == 3),
        "{:?}",
        b.dialogs.overlay
    );
}

#[test]
fn black_resigning_gives_white_the_game() {
    let mut a = app_at(None);
    start(&mut a, Color::Black, 0);
    engine(&mut a, "d4", None);
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    assert_eq!(a.doc.game.result(), "1-0");
    // The finished game stays as it was played, Black at the bottom; the
    // next game opened is shown from White's side, as Lichess opens one
    // (the game saved first, so nothing asks).
    assert!(a.ui.flipped);
    a.doc.unsaved = false;
    a.update(Action::NewGame);
    assert_eq!(a.tree().move_count(), 0);
    assert!(!a.ui.flipped);
    // A turn of `f` is the user's own: it stays.
    a.update(Action::Command("flip".into()));
    a.update(Action::NewGame);
    assert!(a.ui.flipped);
}

/// At move 30 of a level ending: the engine takes the draw when its
/// evaluation is level, and says no when it is better or worse.
#[test]
fn draw_offers_accepted_and_declined() {
    let fen = "8/5k2/8/3r4/8/3R4/5K2/8 b - - 0 30";
    let mut a = app_at(Some(fen));
    start(&mut a, Color::White, 0);
    engine(&mut a, "Kf6", Some(250));
    a.update(Action::Draw);
    assert!(message(&a).contains("declines the draw"), "{}", message(&a));
    assert!(a.game_running());
    human(&mut a, "Ke2");
    engine(&mut a, "Ke6", Some(-300));
    a.update(Action::Command("draw".into()));
    assert!(message(&a).contains("declines"), "losing, it plays on too");
    human(&mut a, "Ke3");
    engine(&mut a, "Ke7", Some(10));
    a.update(Action::Draw);
    assert!(message(&a).contains("accepts the draw"), "{}", message(&a));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    let end = a.tree().line_end(tapir::game::NodeId::ROOT);
    assert_eq!(a.tree().node(end).comment, "Draw agreed.");
    assert_eq!(a.play.mode, Mode::Analysis);
}

#[test]
fn a_draw_offer_early_in_the_game_is_declined() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    human(&mut a, "e4");
    engine(&mut a, "e5", Some(0));
    a.update(Action::Draw);
    assert!(message(&a).contains("too early"));
    assert!(a.game_running());
}

/// Threefold repetition waits for a claim in a game being played; the
/// claim is refused before it, with the reason.
#[test]
fn claims_valid_and_refused() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    // Black's engine is better: it will not claim itself.
    a.play.engine_score = Some(Score::Cp(-200));
    knight_dance(&mut a, 1);
    a.update(Action::Command("claim".into()));
    let e = error(&a);
    assert!(
        e.contains("occurred twice") && e.contains("3 needed"),
        "{e}"
    );
    assert!(a.game_running());
    knight_dance(&mut a, 1);
    // The third time: the game goes on until someone claims.
    assert!(a.game_running(), "threefold does not end a game by itself");
    assert!(a.engine.search.is_none(), "the human's turn");
    a.update(Action::Draw);
    assert!(message(&a).contains("threefold repetition"));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    let end = a.tree().line_end(tapir::game::NodeId::ROOT);
    assert_eq!(
        a.tree().node(end).comment,
        "Draw claimed: threefold repetition."
    );
}

#[test]
fn the_fifty_move_rule_is_claimed() {
    let mut a = app_at(Some("8/5k2/8/3r4/8/3R4/5K2/8 w - - 99 80"));
    start(&mut a, Color::White, 0);
    a.update(Action::Command("claim".into()));
    assert!(error(&a).contains("50 moves without"));
    human(&mut a, "Ke2");
    a.update(Action::Command("claim".into()));
    assert!(message(&a).contains("fifty-move rule"));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
}

#[test]
fn the_engine_claims_a_repetition_when_it_is_not_better() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    a.play.engine_score = Some(Score::Cp(0));
    knight_dance(&mut a, 2);
    human(&mut a, "Nf3");
    // Its turn, the position on the board for the third time.
    let token = a.engine.search.as_ref().unwrap().token;
    let board = *a.board();
    let m = tapir::chess::parse_move(&board, "Nf6").unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(m),
            ponder: None,
        },
    });
    assert!(
        message(&a).contains("engine claims a draw"),
        "{}",
        message(&a)
    );
    assert_eq!(a.tree().mainline_len(), 9, "it claimed instead of moving");
    assert_eq!(a.doc.game.result(), "1/2-1/2");
}

#[test]
fn fivefold_repetition_ends_the_game_by_itself() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    a.play.engine_score = Some(Score::Cp(-200));
    knight_dance(&mut a, 3);
    assert!(a.game_running());
    human(&mut a, "Nf3");
    engine(&mut a, "Nf6", None);
    human(&mut a, "Ng1");
    engine(&mut a, "Ng8", None);
    assert!(!a.game_running(), "the fifth time ends it");
    assert!(a.result_text().unwrap().contains("Fivefold repetition"));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert!(!a.eval_hidden());
    let tree = a.doc.game.tree();
    let last = tree.line_end(tapir::game::NodeId::ROOT);
    assert!(
        tree.node(last)
            .comment
            .contains("Draw by fivefold repetition."),
        "{:?}",
        tree.node(last).comment
    );
}

/// The flag falls on a tick, with no key pressed: the tick asks for a
/// redraw, the game ends, the engine stops.
#[test]
fn the_flag_falls_on_a_tick() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    let c = a.play.clocks.clone().unwrap();
    assert_eq!(c.base, Duration::from_secs(60));
    assert_eq!(c.increment, Duration::ZERO);
    clocks_from_the_start(&mut a);
    human(&mut a, "e4");
    assert!(a.engine.searching());
    let t0 = a.now;
    assert!(a.update(Action::Tick(t0 + Duration::from_secs(30))));
    assert!(a.game_running());
    let redraw = a.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert!(redraw, "the flag fall is drawn at once");
    assert!(!a.is_live(), "nothing runs after it");
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::Black));
    assert!(message(&a).contains("Black lost on time 1-0"));
    assert_eq!(a.doc.game.result(), "1-0");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Time forfeit"));
    assert!(a.engine.search.is_none(), "the engine stopped");
    assert!(!a.eval_hidden());
    // The board says what is left to do, not "your move".
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(
        rows.contains("lost on time - n starts a new game"),
        "{rows}"
    );
    // The board's title says it once: "Black lost on time", then "1-0".
    let top = rows.lines().next().unwrap();
    assert!(top.contains("Black lost on time "), "{top}");
    assert_eq!(top.matches("1-0").count(), 1, "{top}");
    assert!(!rows.contains("your move"), "{rows}");
}

/// A move made after the mover's time ran out, before the next tick saw
/// it, does not count: the game ends on time and the move is refused
/// (no increment on an empty clock).
#[test]
fn a_move_after_the_flag_fell_is_refused() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    let t0 = a.now;
    a.now = t0 + Duration::from_secs(61);
    a.update(Action::MoveText("e4".into()));
    assert!(
        a.doc.game.tree().mainline_len() == 0,
        "the move is not played"
    );
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::White));
    assert!(
        message(&a).contains("White lost on time 0-1"),
        "{}",
        message(&a)
    );
    assert_eq!(a.doc.game.result(), "0-1");
    // The engine's answer after its own flag fell does not count either.
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "e4");
    a.now += Duration::from_secs(61);
    common::engine_plays(&mut a, "e5");
    assert_eq!(a.doc.game.tree().mainline_len(), 1);
    assert_eq!(a.doc.game.result(), "1-0");
}

/// An engine that goes past its move time (one that ignores `movetime`)
/// is sent `stop` once, and the board says so; tapir's own answers in
/// time and is never told.
#[test]
fn an_engine_past_its_move_time_is_told_to_stop() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    human(&mut a, "e4");
    assert!(a.engine.searching());
    a.take_effects();
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_millis(2_500)));
    assert!(a.take_effects().iter().all(|e| !matches!(e, Effect::Stop)));
    a.update(Action::Tick(t0 + Duration::from_millis(3_100)));
    assert!(a.take_effects().iter().any(|e| matches!(e, Effect::Stop)));
    assert!(
        message(&a).contains("went past its time"),
        "{}",
        message(&a)
    );
    a.update(Action::Tick(t0 + Duration::from_millis(4_000)));
    assert!(
        a.take_effects().iter().all(|e| !matches!(e, Effect::Stop)),
        "once"
    );
    // Its answer, when it comes, is played.
    common::engine_plays(&mut a, "e5");
    assert_eq!(a.doc.game.tree().mainline_len(), 2);
    // On a clock the engine's first move is untimed, so no flag ends an
    // engine that hangs on it: it has a move time (a fortieth of its
    // 3 minutes: 4.5 s) and is told to stop past it.
    let mut b = app_at(None);
    b.book.set(None, "off".into());
    start(&mut b, Color::Black, 2);
    let s = b.engine.search.as_ref().expect("the engine thinks first");
    let due = s.overdue_at.expect("a move time");
    assert_eq!(
        due - s.started,
        Duration::from_millis(5_500),
        "4.5 s and the grace"
    );
    b.take_effects();
    b.update(Action::Tick(due));
    assert!(b.take_effects().iter().any(|e| matches!(e, Effect::Stop)));
}

/// `2` during a game against the engine asks first: its clocks and its
/// engine would go; "no" keeps the game as it was.
#[test]
fn two_players_asks_before_ending_a_running_game() {
    use tapir::tui::app::{ConfirmWhat, Mode, Overlay};
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    a.update(Action::TwoPlayers);
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::TwoPlayers)
    ));
    a.update(Action::Confirm(false));
    assert!(matches!(a.play.mode, Mode::Play { .. }) && a.play.clocks.is_some());
    a.update(Action::TwoPlayers);
    a.update(Action::Confirm(true));
    // The two-player dialog opens on the game's control; Esc would leave
    // the game against the engine as it was.
    let Overlay::Play(d) = a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert!(d.two_players);
    assert_eq!(d.clock, 1, "1+0, the game's own control");
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    let Overlay::Play(d) = a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert_eq!(d.clock, 0, "around to none: untimed");
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.play.mode, Mode::TwoPlayers);
    assert!(a.play.clocks.is_none());
    assert_eq!(a.doc.game.tree().mainline_len(), 1, "the moves stay");
}

/// `2` then a clock: two players on one board with chess clocks. Each
/// side's clock starts after its first move, moves carry `[%clk]`, a
/// flag fall ends the game with the result, and a move made after it is
/// refused; `a` then goes back to analysis.
#[test]
fn two_players_on_a_clock() {
    let mut a = app_at(None);
    a.update(Action::TwoPlayers);
    let Overlay::Play(d) = a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert!(d.two_players && d.clock == 0, "{d:?}");
    // w/b and the level mean nothing here: ignored.
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceMove(3));
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(
        rows.contains("Two players") && rows.contains("3+2 blitz"),
        "{rows}"
    );
    assert!(!rows.contains("You play"), "{rows}");
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.play.mode, Mode::TwoPlayers);
    let c = a.play.clocks.clone().unwrap();
    assert_eq!(
        (c.base, c.increment),
        (Duration::from_secs(180), Duration::from_secs(2))
    );
    assert_eq!(a.config.clock, "3+2", "kept for the next dialog");
    // The game is tapir's: its event, date and control in the tags.
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("180+2"));
    assert_eq!(a.doc.game.tags.get("Event"), Some("tapir game"));
    assert_eq!(
        a.doc.game.tags.known("White"),
        None,
        "the players name themselves"
    );
    assert!(
        a.eval_hidden(),
        "on a clock the evaluation and the book wait, as over a real board"
    );
    let t0 = a.now;
    human(&mut a, "e4");
    human(&mut a, "e5");
    a.now = t0 + Duration::from_secs(10);
    human(&mut a, "Nf3");
    let tree = a.doc.game.tree();
    let nf3 = tree.line_end(tapir::game::NodeId::ROOT);
    assert_eq!(
        tree.node(nf3).comment,
        "[%clk 0:02:52]",
        "10 s less, 2 s more"
    );
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(rows.contains("Game · 3+2 blitz · two players"), "{rows}");
    assert!(rows.contains("▶ Black"), "{rows}");
    // Black's clock runs out on a tick.
    a.update(Action::Tick(t0 + Duration::from_secs(191)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::Black));
    assert!(
        message(&a).contains("Black lost on time 1-0"),
        "{}",
        message(&a)
    );
    assert_eq!(a.doc.game.result(), "1-0");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Time forfeit"));
    // The engine pane's hint wraps whole at 80 columns (it was cut "a an").
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(
        rows.contains("a new one, a") && rows.contains("analyses"),
        "{rows}"
    );
    a.update(Action::MoveText("Nc6".into()));
    assert!(error(&a).contains("ended on time"), "{}", error(&a));
    assert_eq!(a.doc.game.tree().mainline_len(), 3);
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(a.play.clocks.is_none() && a.play.analysis);
    assert_eq!(a.doc.game.result(), "1-0", "the result stays");
}

/// A game on a clock played from inside the game's moves goes in as a
/// variation: resigning there writes the result as a comment after its
/// last move, and the question and the message say so (the game's own
/// `Result` stays).
#[test]
fn resigning_in_a_variation_says_the_games_result_stays() {
    let mut a = app_at(None);
    for m in ["e4", "e5", "Nf3"] {
        human(&mut a, m);
    }
    a.update(Action::Command("tag Result 1/2-1/2".into()));
    a.update(Action::Prev);
    two_players_on(&mut a, 2);
    human(&mut a, "Bc4");
    a.update(Action::Command("resign".into()));
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(
        rows.contains("a variation: the result goes in a comment"),
        "{rows}"
    );
    a.update(Action::Confirm(true));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    let said = message(&a);
    assert!(
        said.contains("Black resigns") && said.contains("the game's Result stays 1/2-1/2"),
        "{said}"
    );
}

/// The analysis stopped when two players start on a clock takes its
/// lines with it: they showed in the engine pane (and the score in the
/// board's title) until the first move.
#[test]
fn two_players_on_a_clock_start_without_the_analysis_lines() {
    let mut a = app_at(None);
    assert!(a.play.analysis, "analysis runs from the start");
    let e4 = tapir::chess::parse_move(&tapir::chess::Board::startpos(), "e4").unwrap();
    engine_says(
        &mut a,
        SearchEvent::Info {
            id: 1,
            info: SearchInfo {
                depth: 21,
                multipv: 1,
                score: Score::Cp(18),
                bound: Bound::Exact,
                pv: vec![e4],
                seldepth: 25,
                nodes: 1_000_000,
                nps: 0,
                hashfull: 0,
                tbhits: 0,
                time: Duration::from_millis(500),
            },
        },
    );
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(rows.contains("+0.18"), "{rows}");
    two_players_on(&mut a, 2);
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(!rows.contains("+0.18"), "{rows}");
    assert!(
        rows.contains("evaluation hidden until the game ends"),
        "{rows}"
    );
}

/// Two players on a clock, what a review found: no other game starts over
/// a running one without a word (`p`, `2`), a take-back never adds time
/// (the move's increment goes with it) and stops at the game's first move
/// (which is untimed again), engine help waits for the end, the side to
/// move can resign and both can agree a draw (each asked first), and a
/// game started at the end of a finished one clears its result as one
/// undo step.
#[test]
fn two_players_on_a_clock_play_fair() {
    let mut a = app_at(None);
    for m in ["e4", "e5"] {
        a.update(Action::MoveText(m.into()));
    }
    two_players_on(&mut a, 2);
    human(&mut a, "Nf3");
    human(&mut a, "Nc6");
    human(&mut a, "Bc4");
    a.update(Action::OpenPlayDialog);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert!(error(&a).contains("a ends it first"), "{}", error(&a));
    a.update(Action::TwoPlayers);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    a.update(Action::Threat(Some(true)));
    assert!(
        error(&a).contains("no threat view during a game"),
        "{}",
        error(&a)
    );
    a.update(Action::Report);
    assert!(
        error(&a).contains("waits for the end of the game"),
        "{}",
        error(&a)
    );
    // Black answers and takes back, again and again: no time gained.
    let left = |a: &App, c: Color| a.play.clocks.as_ref().unwrap().left[c.index()];
    human(&mut a, "Nf6");
    let black = left(&a, Color::Black);
    for _ in 0..5 {
        a.update(Action::TakeBack);
        human(&mut a, "Nf6");
    }
    assert!(
        left(&a, Color::Black) <= black,
        "{:?}",
        left(&a, Color::Black)
    );
    // Back to the game's first moves: untimed again, and no further.
    for _ in 0..4 {
        a.update(Action::TakeBack);
    }
    assert_eq!(a.doc.game.tree().mainline_len(), 2);
    assert_eq!(a.play.clocks.as_ref().unwrap().untimed, [true, true]);
    a.update(Action::TakeBack);
    assert!(
        error(&a).contains("before the clocks started"),
        "{}",
        error(&a)
    );
    assert_eq!(a.doc.game.tree().mainline_len(), 2, "e4 e5 stay");
    // White to move resigns, asked first.
    human(&mut a, "Nf3");
    human(&mut a, "Nc6");
    a.update(Action::Command("resign".into()));
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Resign));
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(rows.contains("White resigns?"), "{rows}");
    a.update(Action::Confirm(true));
    assert_eq!(a.doc.game.result(), "0-1");
    assert_eq!(a.play.mode, Mode::Analysis);
    // Playing on from that finished game clears its result (Ctrl-Z).
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    assert!(
        message(&a).contains("the result 0-1 is cleared"),
        "{}",
        message(&a)
    );
    assert_eq!(a.doc.game.result(), "*");
    human(&mut a, "Bb5");
    // A draw agreed by both, asked first.
    a.update(Action::Draw);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::AgreeDraw));
    a.update(Action::Confirm(true));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert!(message(&a).contains("draw agreed"), "{}", message(&a));
}

/// Two players on a clock draw by threefold repetition at once: the
/// result, how it ended and a comment on the last move go in, as a flag
/// fall or a resignation writes them.
#[test]
fn two_players_on_a_clock_draw_by_repetition_with_its_reason() {
    let mut a = app_at(None);
    two_players_on(&mut a, 2);
    for _ in 0..2 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            human(&mut a, m);
        }
    }
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Normal"));
    let tree = a.doc.game.tree();
    let last = tree.line_end(tapir::game::NodeId::ROOT);
    assert!(
        tree.node(last).comment.contains("threefold repetition"),
        "{:?}",
        tree.node(last).comment
    );
}

/// Playing Black, `u` after only the engine's first move has nothing of
/// the human's to take back, and says so (it did nothing in silence).
#[test]
fn nothing_to_take_back_before_the_humans_first_move() {
    let mut a = app_at(None);
    start(&mut a, Color::Black, 0);
    engine(&mut a, "e4", None);
    a.update(Action::TakeBack);
    assert!(
        error(&a).contains("nothing of yours to take back"),
        "{}",
        error(&a)
    );
    assert_eq!(a.doc.game.tree().mainline_len(), 1, "e4 stays");
}

/// Against the engine too, a take-back never adds time: each taken-back
/// move's increment goes with it (the human's and the engine's), and a
/// side's first move taken back is untimed again.
#[test]
fn take_backs_against_the_engine_gain_no_time() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    human(&mut a, "Nf3");
    engine(&mut a, "Nc6", None);
    let left = |a: &App| a.play.clocks.as_ref().unwrap().left;
    let before = left(&a);
    for _ in 0..5 {
        a.update(Action::TakeBack);
        human(&mut a, "Nf3");
        engine(&mut a, "Nc6", None);
    }
    let after = left(&a);
    assert!(
        after[0] <= before[0] && after[1] <= before[1],
        "{before:?} -> {after:?}"
    );
    a.update(Action::TakeBack);
    a.update(Action::TakeBack);
    assert_eq!(a.doc.game.tree().mainline_len(), 0);
    assert_eq!(a.play.clocks.as_ref().unwrap().untimed, [true, true]);
}

/// On a clock the two players' game has an end of its own: looking back
/// is only looking (a move there is refused, End returns), `u` takes back
/// the game's last move and the mover's clock runs again, `k` pauses
/// both clocks (no flag however long, no move), and the tree's structure
/// is not edited under the game.
#[test]
fn two_players_on_a_clock_keep_their_game() {
    let mut a = app_at(None);
    two_players_on(&mut a, 1);
    assert_eq!(
        a.play.clocks.as_ref().unwrap().base,
        Duration::from_secs(60)
    );
    for m in ["e4", "e5", "Nf3"] {
        human(&mut a, m);
    }
    a.update(Action::Prev);
    a.update(Action::MoveText("d5".into()));
    assert!(
        error(&a).contains("End returns to the game"),
        "{}",
        error(&a)
    );
    assert_eq!(a.doc.game.tree().move_count(), 3, "no variation");
    a.update(Action::Last);
    human(&mut a, "Nc6");
    // `u`: Nc6 goes, Black to move again with Black's clock running.
    a.update(Action::TakeBack);
    assert_eq!(a.doc.game.tree().mainline_len(), 3);
    let c = a.play.clocks.as_ref().unwrap();
    assert_eq!(c.running, Color::Black);
    assert!(c.ticking());
    // `x` would delete moves under the game: refused while it is on.
    a.update(Action::Delete);
    assert!(
        error(&a).contains("only comments and glyphs"),
        "{}",
        error(&a)
    );
    let t0 = a.now;
    a.update(Action::PauseEngineGame);
    assert!(a.play.paused);
    assert!(
        message(&a).contains("both clocks stopped"),
        "{}",
        message(&a)
    );
    a.update(Action::Tick(t0 + Duration::from_secs(600)));
    assert!(a.two_players_running(), "no flag falls while paused");
    a.update(Action::MoveText("Nc6".into()));
    assert!(error(&a).contains("paused"), "{}", error(&a));
    let rows = screen(&mut a, 80, 24).join("\n");
    assert!(rows.contains(" TWO PLAYERS PAUSED "), "{rows}");
    a.update(Action::PauseEngineGame);
    assert!(!a.play.paused);
    human(&mut a, "Nc6");
    assert_eq!(a.doc.game.tree().mainline_len(), 4);
    // `a` while it runs asks; yes leaves the game unfinished.
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::EndGame));
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(a.play.clocks.is_none());
    assert_eq!(a.doc.game.result(), "*");
}

/// `e` during a game against tapir would change its evaluator, and so the
/// opponent's strength, mid-game: refused, the evaluation kept.
#[test]
fn the_evaluator_stays_through_a_game_against_the_engine() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    let before = a.ui.eval_view;
    a.take_effects();
    a.update(Action::ToggleEvalView);
    assert_eq!(a.ui.eval_view, before);
    assert!(
        error(&a).contains("evaluation it began with"),
        "{}",
        error(&a)
    );
    assert!(a.take_effects().is_empty());
}

/// A flag fall against a lone king draws: a king alone cannot mate
/// (FIDE 6.9), as Lichess and every arbiter score it.
#[test]
fn running_out_of_time_against_a_lone_king_draws() {
    let mut a = app_at(Some("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    a.update(Action::Tick(a.now + Duration::from_secs(61)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::White));
    assert!(message(&a).contains("draw ½-½"), "{}", message(&a));
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert_eq!(a.headline(), "½-½");
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(rows.contains("drawn on time"), "{rows}");
    // The lone king's own flag still loses: a queen can mate.
    let mut a = app_at(Some("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1"));
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    a.update(Action::Tick(a.now + Duration::from_secs(61)));
    assert_eq!(a.doc.game.result(), "1-0");
}

/// `k` pauses a game against the engine: the clocks stop, the engine stops
/// thinking, and no flag falls however long the pause; `k` goes on.
#[test]
fn k_pauses_a_game_against_the_engine() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "e4");
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(10)));
    a.update(Action::PauseEngineGame);
    assert!(a.play.paused);
    assert!(message(&a).contains("game paused"), "{}", message(&a));
    assert!(a.engine.search.is_none(), "the engine stopped thinking");
    a.update(Action::Tick(t0 + Duration::from_secs(600)));
    assert!(a.game_running(), "no flag falls while paused");
    let left = |a: &App| {
        a.play
            .clocks
            .as_ref()
            .unwrap()
            .remaining(Color::Black, a.now)
    };
    assert_eq!(left(&a).as_secs(), 50);
    let rows = screen(&mut a, 120, 40).join("\n");
    assert!(rows.contains(" PLAY WHITE L5 PAUSED "), "{rows}");
    a.update(Action::PauseEngineGame);
    assert!(!a.play.paused);
    assert!(a.engine.searching(), "the engine thinks again");
    a.update(Action::Tick(t0 + Duration::from_secs(649)));
    assert!(a.game_running());
    a.update(Action::Tick(t0 + Duration::from_secs(651)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::Black));
    // Over, `k` pauses nothing.
    a.update(Action::PauseEngineGame);
    assert!(!a.play.paused);
    assert!(message(&a).contains("the game is over"), "{}", message(&a));
}

/// `a` asks while the game is on; the game keeps its players, and its
/// result stays `*` (unfinished). Once the game is over, `a` just leaves.
#[test]
fn a_asks_before_ending_a_game() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    human(&mut a, "e4");
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::EndGame));
    a.update(Action::Confirm(false));
    assert!(a.game_running());
    a.update(Action::ToggleAnalysis);
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    assert_eq!(a.doc.game.result(), "*");
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"));
    assert_eq!(a.tree().mainline_len(), 1);

    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(61)));
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.dialogs.overlay, Overlay::None, "over: nothing to ask");
    assert_eq!(a.play.mode, Mode::Analysis);
    assert_eq!(a.doc.game.result(), "0-1");
}

#[test]
fn clock_presets_and_a_custom_control() {
    let mut a = app_at(None);
    let mut seen = Vec::new();
    a.update(Action::OpenPlayDialog);
    for _ in 0..8 {
        if let Overlay::Play(d) = &a.dialogs.overlay {
            seen.push(d.clock);
        }
        a.update(Action::PlayClock);
    }
    assert_eq!(seen, [0, 1, 2, 3, 4, 5, 6, 7], "7 presets, then custom");
    // Custom: a prompt, which refuses nonsense and keeps it for fixing.
    if let Overlay::Play(d) = &mut a.dialogs.overlay {
        d.clock = 7;
    }
    a.update(Action::ChoiceConfirm);
    assert!(matches!(
        a.dialogs.prompt.as_ref().unwrap().kind,
        PromptKind::Clock(_)
    ));
    for c in "7+x".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert!(error(&a).contains("minutes+seconds"));
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "7+x");
    a.update(Action::PromptBackspace);
    a.update(Action::PromptChar('2'));
    a.update(Action::PromptSubmit);
    let c = a.play.clocks.clone().expect("clocks");
    assert_eq!(
        (c.base, c.increment),
        (Duration::from_secs(420), Duration::from_secs(2))
    );
    assert!(message(&a).contains("clocks 7+2"));
    // A custom control is remembered as itself: after a restart the
    // dialog opens on custom, and its prompt starts from 7+2.
    assert_eq!(a.config.clock, "7+2");
    let mut b = App::new(a.config.clone(), Game::default());
    b.update(Action::OpenPlayDialog);
    assert!(matches!(b.dialogs.overlay, Overlay::Play(ref d) if d.clock == 7));
    let shown = screen(&mut b, 80, 24).join("\n");
    assert!(shown.contains("custom: 7+2… (Enter: edit it)"), "{shown}");
    b.update(Action::ChoiceConfirm);
    assert_eq!(b.dialogs.prompt.as_ref().unwrap().text, "7+2");
    // The dialog opens on the control of the game before when it is a
    // preset.
    let mut a = app_at(None);
    start(&mut a, Color::White, 4);
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    a.update(Action::OpenPlayDialog);
    // Resigning ended the clocks with the game; the dialog still opens on
    // the control it started with.
    assert!(a.play.clocks.is_none());
    assert!(matches!(a.dialogs.overlay, Overlay::Play(d) if d.clock == 4));
}

/// The engine's line (with the human's expected reply) never shows while
/// it thinks, even with the evaluation shown.
#[test]
fn the_engines_thinking_is_not_shown() {
    let mut a = app_at(None);
    a.config.show_eval_in_games = true;
    start(&mut a, Color::Black, 0);
    let token = a.engine.search.as_ref().unwrap().token;
    let b = *a.board();
    let e4 = tapir::chess::parse_move(&b, "e4").unwrap();
    let c5 = tapir::chess::parse_move(&b.make(e4), "c5").unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::Info {
            id: 1,
            info: SearchInfo {
                depth: 9,
                seldepth: 9,
                multipv: 1,
                score: Score::Cp(30),
                bound: Bound::Exact,
                nodes: 1000,
                nps: 0,
                hashfull: 0,
                tbhits: 0,
                time: Duration::from_millis(10),
                pv: vec![e4, c5],
            },
        },
    });
    let text = screen(&mut a, 120, 40).join("\n");
    assert!(!text.contains("c5"), "{text}");
    assert!(text.contains("the engine is thinking"));
}

fn screen(a: &mut App, w: u16, h: u16) -> Vec<String> {
    a.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, a, &FrameStats::default()))
        .unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().replace('\u{fe0e}', ""))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The play screen at 3+2 after 1. e4 e5 2. Nf3, the engine to move with
/// 2:39 against White's 2:52 (the first moves untimed): the evaluation
/// hidden, the clocks large.
fn snapshot(w: u16, h: u16) {
    let mut a = app_at(None);
    start(&mut a, Color::White, 2);
    a.doc.game.tags.set("Date", "2025.01.01");
    let t0 = a.now;
    human(&mut a, "e4");
    engine(&mut a, "e5", Some(20));
    a.update(Action::Tick(t0 + Duration::from_secs(10)));
    human(&mut a, "Nf3");
    a.update(Action::Tick(t0 + Duration::from_secs(31)));
    let lines = screen(&mut a, w, h);
    let got = lines.join("\n") + "\n";
    for hidden in ["d8 ", "static", "Eval ·", "+0.20"] {
        assert!(!got.contains(hidden), "{hidden} shows:\n{got}");
    }
    let path = format!("tests/data/snapshots/play_{w}x{h}.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).expect("written");
    }
    let want = std::fs::read_to_string(&path).expect("the snapshot");
    assert_eq!(got, want, "{path} differs; the screen:\n{got}");
}

#[test]
fn play_snapshot_80x24() {
    snapshot(80, 24);
}

#[test]
fn play_snapshot_120x40() {
    snapshot(120, 40);
}

/// A game opened over a game against the engine is analysed only when the
/// settings say so, as any opened game; `a` ending a game analyses.
#[test]
fn a_game_opened_over_a_game_keeps_the_autostart_setting() {
    for autostart in [false, true] {
        let mut a = app_at(None);
        a.config.autostart_analysis = autostart;
        start(&mut a, Color::White, 0);
        human(&mut a, "e4");
        a.update(Action::FileLoaded {
            path: "one.pgn".into(),
            text: "[Event \"A\"]\n\n1. d4 d5 *\n".into(),
            encoding: tapir::game::pgn::Encoding::Utf8,
        });
        a.take_effects();
        a.update(Action::Confirm(true));
        // The unsaved game goes aside first; then the loaded one opens.
        let replacement = a
            .take_effects()
            .into_iter()
            .find_map(|e| match e {
                tapir::tui::action::Effect::KeepAutosaveAside { replacement, .. } => {
                    Some(replacement)
                }
                _ => None,
            })
            .expect("the game kept aside");
        a.update(Action::KeptAside {
            path: "/data/autosave.previous.pgn".into(),
            replacement,
        });
        assert!(matches!(a.play.mode, Mode::Analysis), "{:?}", a.dialogs);
        assert_eq!(a.play.analysis, autostart);
    }
}

/// A game started while Ctrl-Y holds something starts at once and loses
/// nothing: its first edit (the players' names) puts the taken-back moves
/// on the undo list, and once the game is over Ctrl-Z brings them back.
#[test]
fn a_game_started_after_an_undo_keeps_what_ctrl_y_held() {
    let mut a = app_at(None);
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        human(&mut a, m);
    }
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert!(a.doc.game.can_redo());
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert!(matches!(a.play.mode, Mode::Play { .. }));
    assert_eq!(a.doc.game.tags.get("Black"), Some("Tester"));
    // Left at once: Ctrl-Z takes the names back, then brings back
    // 2. Nf3 and 2... Nc6.
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::EndGame));
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    for _ in 0..3 {
        a.update(Action::Undo);
    }
    assert_eq!(a.doc.game.tree().mainline().count(), 4);
}

/// A paused game stays paused through `u` and `n`: no clock runs until `k`.
#[test]
fn a_paused_game_stays_paused_through_a_take_back_and_a_new_game() {
    for key in ["u", "n"] {
        let mut a = app_at(None);
        start(&mut a, Color::White, 1);
        human(&mut a, "e4");
        engine(&mut a, "e5", None);
        human(&mut a, "Nf3");
        a.update(Action::PauseEngineGame);
        let t0 = a.now;
        if key == "u" {
            a.update(Action::TakeBack);
            assert!(message(&a).contains("took back"), "{}", message(&a));
        } else {
            a.update(Action::NewGame);
            common::confirm_replace(&mut a);
            assert_eq!(a.tree().move_count(), 0);
        }
        assert!(a.play.paused, "{key}");
        a.update(Action::Tick(t0 + Duration::from_secs(600)));
        assert!(a.game_running(), "{key}: no flag falls while paused");
        let c = a.play.clocks.as_ref().unwrap();
        assert!(!c.ticking(), "{key}");
        a.update(Action::PauseEngineGame);
        assert!(
            a.play.clocks.as_ref().unwrap().ticking(),
            "{key}: k goes on"
        );
    }
}

/// After a restart, `u` still takes back the game's own moves (they were
/// autosaved as the game's), not only the ones played since.
#[test]
fn a_take_back_after_a_restart_deletes_the_games_own_moves() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 0);
    for (h, e) in [("e4", "e5"), ("Nf3", "Nc6")] {
        human(&mut a, h);
        engine(&mut a, e, None);
    }
    let text = common::autosaved(&mut a);
    assert!(text.contains("[TapirCreatedFrom \"1\"]"), "{text}");
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut b = app_at(None);
    b.restore_session(r);
    assert!(b.play.paused);
    b.update(Action::PauseEngineGame);
    b.update(Action::TakeBack);
    assert!(message(&b).contains("took back 2 plies"), "{}", message(&b));
    assert_eq!(b.tree().mainline_len(), 2, "Nf3 Nc6 are gone");
    human(&mut b, "Bc4");
    assert_eq!(b.tree().mainline_len(), 3, "the new move is the main line");
    assert_eq!(b.tree().move_count(), 3, "no variation left behind");
}

/// A game against an external engine comes back after a restart waiting
/// for that engine: tapir, which runs at start, does not play its moves
/// without a word; once `:engine` has started it (or another, named in the
/// tags beside it), `k` goes on.
#[test]
fn a_restored_game_against_another_engine_waits_for_it() {
    let mut a = app_at(None);
    a.engine.external = Some("Stockfish 15.1".into());
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    let text = common::autosaved(&mut a);
    assert!(text.contains("[TapirEngine \"Stockfish 15.1\"]"), "{text}");
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut b = app_at(None);
    b.restore_session(r);
    assert!(b.play.paused);
    assert!(b.doc.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
    // The clocks panel names the game's engine, not the one that runs
    // (it said "tapir level 1" until :engine).
    let panel = common::screen(&mut b, 120, 40).join("\n");
    assert!(panel.contains("Stockfish 15.1"), "{panel}");
    assert!(!panel.contains("tapir level"), "{panel}");
    b.update(Action::PauseEngineGame);
    assert!(b.play.paused, "tapir does not take over");
    assert!(
        error(&b).contains("played against Stockfish 15.1, and tapir runs now"),
        "{}",
        error(&b)
    );
    b.update(Action::EngineSwitched {
        name: "Stockfish 15.1".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(b.doc.game.tags.get("Black"), Some("Stockfish 15.1"));
    b.update(Action::PauseEngineGame);
    assert!(!b.play.paused, "its own engine goes on");
    // Another engine named instead plays on, named beside the first.
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut c = app_at(None);
    c.restore_session(r);
    c.update(Action::EngineSwitched {
        name: "tapir".into(),
        tapir: true,
        elo: None,
    });
    assert_eq!(
        c.doc.game.tags.get("Black"),
        Some("Stockfish 15.1, then tapir level 5")
    );
    c.update(Action::PauseEngineGame);
    assert!(!c.play.paused);
    // The engine the board opens with (the settings' sf) is no `:engine`:
    // it takes the game over only when named.
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut d = app_at(None);
    d.restore_session(r);
    d.open_with_engine("/usr/bin/true");
    d.update(Action::EngineSwitched {
        name: "sf".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(d.doc.game.tags.get("Black"), Some("Stockfish 15.1"));
    d.update(Action::PauseEngineGame);
    assert!(d.play.paused, "sf does not take over");
    assert!(
        error(&d).contains("played against Stockfish 15.1, and sf runs now"),
        "{}",
        error(&d)
    );
}

/// An engine that quits during a game against it: the game pauses (its
/// clocks stop) instead of waiting for a move that never comes, `k` says
/// to start an engine first, and once one has started `k` goes on and the
/// new engine is asked for the move.
#[test]
fn a_game_against_an_engine_that_quits_pauses_until_another_starts() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine_says(
        &mut a,
        SearchEvent::Exited("crash exited in the middle of a search".into()),
    );
    assert!(a.play.paused);
    assert!(error(&a).contains("crash exited"), "{}", error(&a));
    assert!(error(&a).contains("the game is paused"), "{}", error(&a));
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(600)));
    assert!(a.game_running(), "no flag falls while paused");
    a.update(Action::PauseEngineGame);
    assert!(a.play.paused, "nothing to go on with");
    assert!(error(&a).contains("has quit"), "{}", error(&a));
    a.update(Action::EngineSwitched {
        name: "tapir".into(),
        tapir: true,
        elo: None,
    });
    a.update(Action::PauseEngineGame);
    assert!(!a.play.paused);
    let s = a.engine.search.as_ref().expect("the new engine is asked");
    assert_eq!(s.key.purpose, Purpose::EngineMove);
}

/// Another engine taking over a game (the first quit): the engine's side
/// in the tags names both, and the game counts as changed; the same
/// engine started again changes no name.
#[test]
fn an_engine_that_takes_over_a_game_is_named_beside_the_first() {
    let mut a = app_at(None);
    a.engine.external = Some("crash".into());
    start(&mut a, Color::White, 1);
    assert_eq!(a.doc.game.tags.get("Black"), Some("crash"));
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    human(&mut a, "Nf3");
    engine_says(&mut a, SearchEvent::Exited("crash exited".into()));
    a.update(Action::EngineSwitched {
        name: "crash".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(a.doc.game.tags.get("Black"), Some("crash"));
    a.update(Action::EngineSwitched {
        name: "Stockfish 15.1".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(
        a.doc.game.tags.get("Black"),
        Some("crash, then Stockfish 15.1")
    );
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"));
    assert!(a.doc.unsaved);
    assert!(
        message(&a).contains("Stockfish 15.1 plays Black from here in this game"),
        "{}",
        message(&a)
    );
    // Stockfish quits before it moved: the engine that plays on takes
    // its place, so the tag names no engine that played nothing.
    a.update(Action::EngineSwitched {
        name: "tapir".into(),
        tapir: true,
        elo: None,
    });
    assert_eq!(
        a.doc.game.tags.get("Black"),
        Some("crash, then tapir level 5")
    );
    // Back to the first before tapir moved: the first alone, and it has
    // moved, so the next engine is named beside it.
    a.update(Action::EngineSwitched {
        name: "crash".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(a.doc.game.tags.get("Black"), Some("crash"));
    a.update(Action::EngineSwitched {
        name: "tapir".into(),
        tapir: true,
        elo: None,
    });
    assert_eq!(
        a.doc.game.tags.get("Black"),
        Some("crash, then tapir level 5")
    );
    a.update(Action::PauseEngineGame);
    engine(&mut a, "Nc6", None);
    a.update(Action::EngineSwitched {
        name: "Stockfish 15.1".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(
        a.doc.game.tags.get("Black"),
        Some("crash, then tapir level 5, then Stockfish 15.1")
    );
}

/// An engine that takes over before the first one moved (one still
/// starting when `p` began the game, named in the dialog) takes its
/// place in the tags: the first played nothing.
#[test]
fn an_engine_that_takes_over_before_any_engine_move_takes_the_name() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 5);
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir level 5"));
    human(&mut a, "e4");
    a.update(Action::EngineSwitched {
        name: "Stockfish 15.1".into(),
        tapir: false,
        elo: None,
    });
    assert_eq!(a.doc.game.tags.get("Black"), Some("Stockfish 15.1"));
    engine(&mut a, "e5", None);
    a.update(Action::EngineSwitched {
        name: "tapir".into(),
        tapir: true,
        elo: None,
    });
    assert_eq!(
        a.doc.game.tags.get("Black"),
        Some("Stockfish 15.1, then tapir level 5")
    );
}

/// An engine that answers a move that is not legal: the game pauses and
/// `k` asks it again.
#[test]
fn an_engine_answering_no_legal_move_pauses_the_game() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine_says(
        &mut a,
        SearchEvent::BestMove {
            id: 1,
            best: None,
            ponder: None,
        },
    );
    assert!(a.play.paused);
    assert!(
        error(&a).contains("answered no legal move: the game is paused; k asks it again"),
        "{}",
        error(&a)
    );
    a.update(Action::PauseEngineGame);
    assert!(!a.play.paused);
    assert!(a.engine.searching(), "asked again");
    engine(&mut a, "e5", None);
    assert_eq!(a.tree().mainline_len(), 2);
}

/// Taking back and playing the other side in the same game: the record
/// names who played each side now, as one edit Ctrl-Z takes back.
#[test]
fn playing_the_other_side_renames_the_players() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"));
    a.update(Action::TakeBack);
    assert_eq!(a.tree().move_count(), 0);
    // The game is still on: `p` asks first.
    a.update(Action::OpenPlayDialog);
    a.update(Action::Confirm(true));
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert!(matches!(
        a.play.mode,
        Mode::Play {
            human: Color::Black,
            ..
        }
    ));
    assert_eq!(a.doc.game.tags.get("White"), Some("tapir level 5"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("Tester"));
    a.update(Action::ToggleAnalysis);
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    a.update(Action::Undo);
    assert!(message(&a).contains("name the players"), "{}", message(&a));
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"), "one edit");
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir level 5"));
}

/// A game with moves keeps its players when a game against the engine
/// goes on from it with the other side: the moves there were theirs.
#[test]
fn a_game_with_moves_keeps_its_players() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    a.update(Action::PauseEngineGame);
    a.update(Action::ToggleAnalysis);
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    a.update(Action::First);
    start(&mut a, Color::Black, 1);
    assert_eq!(a.doc.game.tags.get("White"), Some("Tester"));
}

#[test]
fn quitting_during_a_game_says_it_comes_back_paused() {
    let mut a = app_at(None);
    two_players_on(&mut a, 1);
    for m in ["e4", "e5"] {
        human(&mut a, m);
    }
    a.update(Action::Quit);
    assert!(!a.quit, "a running game is asked about");
    let text = screen(&mut a, 80, 24).join("\n");
    assert!(text.contains("Game in progress"), "{text}");
    assert!(text.contains("comes back paused"), "{text}");
    // Once the game is over, the question is the usual one.
    a.update(Action::Confirm(false));
    a.update(Action::Command("resign".into()));
    a.update(Action::Confirm(true));
    assert!(!a.any_game_running());
    a.update(Action::Quit);
    let text = screen(&mut a, 80, 24).join("\n");
    assert!(text.contains("Unsaved game"), "{text}");
}

/// A question asked over a game on the clock (here: quit?) stops both
/// clocks until it is answered; a no lets the game go on where it was.
#[test]
fn the_clocks_wait_while_a_question_is_open() {
    let mut a = app_at(None);
    two_players_on(&mut a, 1);
    for m in ["e4", "e5", "Nf3"] {
        human(&mut a, m);
    }
    let black = |a: &App, at| a.play.clocks.as_ref().unwrap().remaining(Color::Black, at);
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(5)));
    a.update(Action::Quit);
    let t1 = a.now;
    let text = screen(&mut a, 80, 24).join("\n");
    assert!(text.contains("the clocks wait"), "{text}");
    a.update(Action::Tick(t1 + Duration::from_secs(50)));
    assert_eq!(
        black(&a, a.now),
        Duration::from_secs(55),
        "stopped while it asked"
    );
    a.update(Action::Confirm(false));
    assert!(!a.play.paused, "a no lets the game go on");
    let t2 = a.now;
    a.update(Action::Tick(t2 + Duration::from_secs(10)));
    assert_eq!(black(&a, a.now), Duration::from_secs(45), "running again");
    // Resigning is asked too; a yes ends the game, nothing stays paused.
    a.update(Action::Command("resign".into()));
    assert!(a.play.paused && a.dialogs.question_hold);
    a.update(Action::Confirm(true));
    assert!(!a.any_game_running() && !a.play.paused && !a.dialogs.question_hold);
    // A game on no clock has no time to lose: nothing is paused.
    let mut a = app_at(None);
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    human(&mut a, "e4");
    a.update(Action::Quit);
    assert!(!a.play.paused);
}

/// A game played as a variation keeps the main line's result, and its
/// flag fall is written after its last move, as a resignation is.
#[test]
fn a_flag_falling_in_a_variation_is_written_after_its_last_move() {
    let mut a = app_at(None);
    for m in ["e4", "e5", "Nf3"] {
        human(&mut a, m);
    }
    a.update(Action::Prev);
    two_players_on(&mut a, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "Nc3");
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::Black));
    let tree = a.doc.game.tree();
    let nc3 = a.doc.cursor;
    assert!(!tree.is_main_line_end(nc3), "a variation");
    assert!(
        tree.node(nc3).comment.ends_with("Black lost on time."),
        "{}",
        tree.node(nc3).comment
    );
    assert_eq!(a.doc.game.result(), "*", "the main line's result stays");
    // The board says how to edit again; then one undo step takes the note back.
    a.update(Action::Undo);
    assert!(
        error(&a).contains("the game is over: a turns"),
        "{}",
        error(&a)
    );
    a.update(Action::ToggleAnalysis);
    assert_eq!(a.play.mode, Mode::Analysis);
    a.update(Action::Undo);
    assert!(
        !a.doc.game.tree().node(nc3).comment.contains("lost on time"),
        "{} / {}",
        a.doc.game.tree().node(nc3).comment,
        message(&a)
    );
}

/// A game on the clock that ends on the board says how, as a resignation
/// does: Result and Termination.
#[test]
fn a_mate_on_the_clock_writes_its_termination() {
    let mut a = app_at(None);
    two_players_on(&mut a, 1);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        human(&mut a, m);
    }
    assert_eq!(a.doc.game.result(), "0-1");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Normal"));
    assert!(!a.any_game_running());
}

/// `p` during a game against the engine asks first (a new start refills
/// the clocks); starting again as the other colour names who played each
/// side, in order, so a resignation later is credited right.
#[test]
fn a_new_game_against_the_engine_mid_game_asks_and_names_both_players() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine(&mut a, "c5", None);
    a.update(Action::OpenPlayDialog);
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::NewPlay)
    ));
    a.update(Action::Confirm(false));
    assert!(matches!(
        a.play.mode,
        Mode::Play {
            human: Color::White,
            ..
        }
    ));
    a.update(Action::OpenPlayDialog);
    a.update(Action::Confirm(true));
    assert!(matches!(a.dialogs.overlay, Overlay::Play(_)));
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert!(matches!(
        a.play.mode,
        Mode::Play {
            human: Color::Black,
            ..
        }
    ));
    let white = a.doc.game.tags.get("White").unwrap().to_string();
    let black = a.doc.game.tags.get("Black").unwrap().to_string();
    assert!(white.starts_with("Tester, then "), "{white}");
    assert!(black.ends_with(", then Tester"), "{black}");
    assert_eq!(a.doc.game.tree().mainline_len(), 2, "the moves stay");
}

/// A yes to "start another from here?" opens the game dialog: the game
/// stays paused while the new one is chosen (a flag cannot fall while
/// the level is picked), and Esc lets the old game go on where it was.
#[test]
fn the_clocks_wait_while_the_next_game_is_chosen() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    let white = |a: &App| {
        a.play
            .clocks
            .as_ref()
            .unwrap()
            .remaining(Color::White, a.now)
    };
    let before = white(&a);
    a.update(Action::OpenPlayDialog);
    a.update(Action::Confirm(true));
    assert!(matches!(a.dialogs.overlay, Overlay::Play(_)));
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(120)));
    assert!(a.game_running(), "no flag while the dialog is open");
    assert_eq!(white(&a), before, "White's clock waited");
    a.update(Action::Cancel);
    assert!(!a.play.paused, "Esc: the game goes on");
    let t1 = a.now;
    a.update(Action::Tick(t1 + Duration::from_secs(5)));
    assert_eq!(white(&a), before - Duration::from_secs(5), "running again");
    // Chosen and started: a new game, its clocks full.
    a.update(Action::OpenPlayDialog);
    a.update(Action::Confirm(true));
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert!(!a.play.paused && !a.dialogs.question_hold);
    assert_eq!(white(&a), Duration::from_secs(60));
}

/// A move played at the end of a finished game's main line goes on
/// there (as in SCID or a Lichess study), and the status line says it is
/// past the game's end and that the Result stays.
#[test]
fn a_move_after_a_finished_game_says_it_goes_past_the_end() {
    let mut a = resigned_game(0);
    assert_eq!(a.play.mode, Mode::Analysis);
    human(&mut a, "Nf3");
    assert!(
        message(&a).contains("2. Nf3 goes on past the game's end (0-1)"),
        "{}",
        message(&a)
    );
    assert_eq!(a.doc.game.result(), "0-1");
    // Inside the game, or in a game without a result, nothing is said.
    a.update(Action::Prev);
    a.update(Action::Prev);
    human(&mut a, "d5");
    assert!(
        !message(&a).contains("past the game's end"),
        "{}",
        message(&a)
    );
}

/// After a game ended on time, nothing Ctrl-Z would bring back is at
/// stake: `n` asks about the unsaved game without the warning that what
/// the undo list holds goes (a result's sentence added to a `[%clk]`
/// comment takes nothing out of it).
#[test]
fn a_game_lost_on_time_has_nothing_only_undo_would_bring_back() {
    let mut a = app_at(None);
    start(&mut a, Color::White, 1);
    human(&mut a, "e4");
    engine(&mut a, "e5", None);
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::White));
    assert!(!a.doc.game.undo_would_bring_back());
    a.update(Action::NewGame);
    let text = screen(&mut a, 80, 24).join("\n");
    assert!(text.contains("The game is not saved"), "{text}");
    assert!(!text.contains("would bring back goes"), "{text}");
}

/// The quit question during an engine game is read whole at 80 columns:
/// a note longer than the box goes on over another row.
#[test]
fn a_long_question_wraps_in_its_box() {
    let mut a = app_at(None);
    a.update(Action::Command("match tapir:1 tapir:1 5+0".into()));
    a.update(Action::Quit);
    let text = screen(&mut a, 80, 24).join("\n");
    assert!(text.contains("does not come back)"), "{text}");
}
