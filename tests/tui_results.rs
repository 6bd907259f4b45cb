//! A loaded game's result is the user's: games played inside it (against
//! the engine, two players, with a clock that falls) never rewrite or drop
//! it where the main line did not change, and every result the board does
//! write or clear is an edit that Ctrl-Z takes back. Also: a pasted game
//! whose line breaks came as `\r` (as terminals send them) reads as the
//! same file would, and saving keeps a loaded game's placeholder tags.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;

use common::{
    clocks_from_the_start, engine_plays as engine, file_read, play as human, saved_text,
    start_game as start,
};
use std::time::Duration;
use tapir::chess::Color;
use tapir::game::pgn::read_first;
use tapir::tui::action::Action;
use tapir::tui::app::{App, ConfirmWhat, Mode, Overlay};
use tapir::tui::config::Config;

/// Ended by resignation: no rule ends the main line.
const RESIGNED: &str = "[Event \"?\"]\n[Site \"?\"]\n[White \"A\"]\n[Black \"B\"]\n\
    [Result \"1-0\"]\n[Termination \"Normal\"]\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O 1-0\n";

/// The loaded game `pgn`, shown at its start, without an opening book.
fn loaded(pgn: &str) -> App {
    let game = read_first(pgn).unwrap().game;
    let mut a = App::new(Config::default(), game);
    a.book.set(None, "off".into());
    a.update(Action::First);
    a.take_effects();
    a
}

/// Ends a game with `a` (asked, answered yes).
fn end_game(a: &mut App) {
    a.update(Action::ToggleAnalysis);
    if a.dialogs.overlay == Overlay::Confirm(ConfirmWhat::EndGame) {
        a.update(Action::Confirm(true));
    }
    assert_eq!(a.play.mode, Mode::Analysis);
}

fn undo_all(a: &mut App) {
    while a.doc.game.can_undo() {
        a.update(Action::Undo);
    }
}

fn tags(a: &App) -> (Option<String>, Option<String>) {
    let t = &a.doc.game.tags;
    (
        t.get("Result").map(str::to_string),
        t.get("Termination").map(str::to_string),
    )
}

fn resigned_tags() -> (Option<String>, Option<String>) {
    (Some("1-0".into()), Some("Normal".into()))
}

#[test]
fn a_take_back_inside_the_main_line_keeps_the_result() {
    let mut a = loaded(RESIGNED);
    start(&mut a, Color::White, 0);
    human(&mut a, "d4");
    engine(&mut a, "d5");
    a.update(Action::TakeBack);
    assert_eq!(tags(&a), resigned_tags(), "the main line did not change");
    end_game(&mut a);
    assert_eq!(tags(&a), resigned_tags());
    assert!(saved_text(&mut a).contains("[Result \"1-0\"]"));
}

#[test]
fn a_two_player_take_back_of_a_new_move_keeps_the_result() {
    let mut a = loaded(RESIGNED);
    a.update(Action::Next);
    a.update(Action::Next);
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    human(&mut a, "Nc3");
    a.update(Action::TakeBack);
    assert_eq!(tags(&a), resigned_tags());
    assert_eq!(a.tree().mainline_len(), 9, "the main line is whole");
}

#[test]
fn playing_on_from_the_end_clears_the_result_as_an_undoable_edit() {
    let mut a = loaded(RESIGNED);
    a.update(Action::Last);
    start(&mut a, Color::Black, 0);
    assert_eq!(tags(&a), (None, None), "the game is not over any more");
    end_game(&mut a);
    undo_all(&mut a);
    assert_eq!(tags(&a), resigned_tags(), "Ctrl-Z puts the result back");
    assert_eq!(a.tree().mainline_len(), 9);
}

#[test]
fn a_flag_falling_inside_the_main_line_leaves_its_result_alone() {
    let mut a = loaded(RESIGNED);
    // Preset 1: one minute, no increment.
    start(&mut a, Color::White, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "e4");
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::Black));
    assert_eq!(
        tags(&a),
        resigned_tags(),
        "the loss on time is this game's, not the main line's"
    );
    end_game(&mut a);
    assert_eq!(tags(&a), resigned_tags());
}

#[test]
fn a_flag_falling_at_the_end_writes_a_result_that_undoes() {
    let mut a = loaded(RESIGNED);
    a.update(Action::Last);
    start(&mut a, Color::Black, 1);
    clocks_from_the_start(&mut a);
    human(&mut a, "Be7");
    let t0 = a.now;
    a.update(Action::Tick(t0 + Duration::from_secs(61)));
    assert_eq!(
        tags(&a),
        (Some("0-1".into()), Some("Time forfeit".into())),
        "White, the engine, lost on time"
    );
    end_game(&mut a);
    undo_all(&mut a);
    assert_eq!(tags(&a), resigned_tags());
    assert_eq!(a.tree().mainline_len(), 9);
}

#[test]
fn taking_back_a_mate_clears_its_result_in_the_same_undo_step() {
    let mut a = loaded("[Result \"*\"]\n\n1. f3 e5 2. g4 *\n");
    a.update(Action::Last);
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    human(&mut a, "Qh4#");
    assert_eq!(a.doc.game.tags.get("Result"), Some("0-1"));
    a.update(Action::TakeBack);
    assert_eq!(a.doc.game.tags.get("Result"), None, "no mate, no result");
    assert_eq!(a.tree().mainline_len(), 3);
    a.update(Action::Undo);
    assert_eq!(a.tree().mainline_len(), 4, "one Ctrl-Z: the mate is back");
    assert_eq!(a.doc.game.tags.get("Result"), Some("0-1"), "and its result");
}

/// Two players at one board draw by threefold repetition at once, and
/// the result goes in; on the analysis board a threefold is a draw a
/// player would claim, so the game keeps no result and saves as `*`.
#[test]
fn threefold_is_a_result_for_two_players_and_none_for_analysis() {
    let dance = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let mut a = loaded("[Result \"*\"]\n\n*\n");
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    human(&mut a, dance);
    assert_eq!(a.doc.game.tags.get("Result"), Some("1/2-1/2"));
    let mut a = loaded("[Result \"*\"]\n\n*\n");
    human(&mut a, dance);
    assert!(a.result_text().unwrap().contains("Threefold"));
    assert_eq!(a.doc.game.result(), "*");
    assert!(saved_text(&mut a).contains("[Result \"*\"]"));
}

#[test]
fn a_paste_with_carriage_returns_reads_as_the_file_would() {
    let pgn = "[Event \"x\"]\r[Result \"*\"]\r\r1. e4 ; the most popular\r\
        e5 2. Nf3 {two\rlines} Nc6 *\r";
    let mut a = loaded(RESIGNED);
    a.update(Action::Paste(pgn.into()));
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert_eq!(a.tree().mainline_len(), 4, "the ; comment ends at its line");
    let text = saved_text(&mut a);
    assert!(text.contains("the most popular"), "{text}");
    assert!(
        text.contains("two\nlines") || text.contains("two lines"),
        "{text}"
    );
}

#[test]
fn saving_keeps_a_loaded_games_placeholders() {
    let mut a = loaded(RESIGNED);
    let text = saved_text(&mut a);
    assert!(text.contains("[Event \"?\"]"), "{text}");
    assert!(text.contains("[Site \"?\"]"), "{text}");
    let mut fresh = App::new(Config::default(), tapir::game::Game::default());
    let text = saved_text(&mut fresh);
    assert!(text.contains("[Event \"tapir game\"]"), "{text}");
    // A file with no Event or Site at all: the game is still not tapir's.
    let mut a = loaded(RESIGNED);
    file_read(
        &mut a,
        "/tmp/g.pgn",
        "[White \"Anand\"]\n[Black \"Carlsen\"]\n\n1. e4 e5 2. Nf3 1-0\n",
    );
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert_eq!(a.tree().mainline_len(), 3);
    let text = saved_text(&mut a);
    assert!(text.contains("[Event \"?\"]"), "{text}");
    assert!(text.contains("[Site \"?\"]"), "{text}");
}

/// A game against the engine that goes on from a loaded game names its
/// players, date and event where the file had "?": a change the game
/// counts as unsaved, and one Ctrl-Z takes back.
#[test]
fn playing_on_from_a_loaded_game_names_it_as_one_undoable_edit() {
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n\
        [Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let mut a = loaded(roster);
    a.update(Action::Last);
    assert!(!a.doc.unsaved);
    start(&mut a, Color::White, 0);
    assert_eq!(a.doc.game.tags.get("Event"), Some("tapir game"));
    assert!(a.doc.unsaved, "the game's tags changed");
    end_game(&mut a);
    assert_eq!(a.tree().mainline_len(), 2, "no move was played");
    a.update(Action::Undo);
    for name in ["Event", "Site", "Date", "White", "Black"] {
        assert_eq!(a.doc.game.tags.known(name), None, "{name}");
    }
    assert!(!a.doc.game.can_undo(), "one step");
    let text = saved_text(&mut a);
    assert!(text.contains("[White \"?\"]"), "{text}");
}

/// A game played from inside a file's game goes in as a variation and
/// leaves the file's tags alone, "?" placeholders too.
#[test]
fn playing_from_inside_a_loaded_game_keeps_its_tags() {
    let mut a = loaded(RESIGNED);
    file_read(&mut a, "/tmp/tapir-inside.pgn", RESIGNED);
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert!(a.doc.origin.is_some());
    a.update(Action::First);
    a.update(Action::Next);
    let tags = a.doc.game.tags.clone();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert!(matches!(a.play.mode, Mode::Play { .. }));
    assert_eq!(a.doc.game.tags, tags);
    assert!(!a.doc.unsaved);
}

/// No game starts from a checkmate (or any position that ends the game),
/// and nothing of the game changes for asking.
#[test]
fn no_game_starts_from_a_finished_position() {
    let mut a = loaded("[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    a.update(Action::Last);
    a.update(Action::OpenPlayDialog);
    assert!(!matches!(a.dialogs.overlay, Overlay::Play(_)));
    let said = a
        .dialogs
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(said.contains("ends the game: nothing to play"), "{said}");
    assert_eq!(a.play.mode, Mode::Analysis);
    assert_eq!(a.doc.game.tags.get("White"), Some("A"));
    assert!(!a.doc.unsaved);
}

#[test]
fn a_games_own_session_tags_never_steer_the_board() {
    // A pasted game (or a file saved from an autosave) carrying tapir's
    // session tags: they must not name the file a later `:save` writes,
    // nor reach the autosave or a saved file.
    let pgn = "[Event \"x\"]\n[TapirFile \"/home/user/.bashrc\"]\n[TapirFileIndex \"0\"]\n\
        [TapirMode \"play white 5\"]\n[TapirFlipped \"1\"]\n\n1. e4 e5 *\n";
    let mut a = loaded(RESIGNED);
    a.update(Action::Paste(pgn.into()));
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert_eq!(a.tree().mainline_len(), 2);
    assert!(a.doc.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
    let auto = tapir::tui::autosave::encode(&a);
    assert!(
        !auto.contains("bashrc") && !auto.contains("TapirMode"),
        "{auto}"
    );
    let r = tapir::tui::autosave::decode(&auto, a.now).unwrap();
    assert!(r.origin.is_none() && r.play.is_none() && !r.flipped);
    let text = saved_text(&mut a);
    assert!(!text.contains("Tapir"), "{text}");
    // Tags a game keeps after it entered (older autosaves) are not carried
    // into the next autosave either.
    a.doc.game.tags.set("TapirFile", "/etc/passwd");
    let auto = tapir::tui::autosave::encode(&a);
    assert!(!auto.contains("passwd"), "{auto}");
}

#[test]
fn a_result_tag_the_standard_does_not_know_is_saved_as_it_was() {
    for tag in ["1/2", "1-0 (forfeit)", "+/-"] {
        let mut a = loaded(&format!(
            "[Event \"A\"]\n[Result \"{tag}\"]\n\n1. e4 e5 *\n"
        ));
        let text = saved_text(&mut a);
        assert!(text.contains(&format!("[Result \"{tag}\"]")), "{text}");
        assert!(text.trim_end().ends_with("e5 *"), "{text}");
    }
    // One the board decided gives way to the result the rules give.
    let mut a = loaded("[Event \"A\"]\n[Result \"?\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
    let text = saved_text(&mut a);
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    // A standard "*" still takes the result the rules give.
    let mut a = loaded("[Event \"A\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
    assert!(saved_text(&mut a).contains("[Result \"0-1\"]"));
}
