//! The reducer without a terminal: move entry (SAN, UCI, cursor, mouse,
//! promotion), navigation, take-backs, flipping, modes, the engine's
//! events, commands and files.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::{Color, PieceType, Square};
use tapir::engine::{Bound, EngineOption, Score, SearchEvent, SearchInfo};
use tapir::game::pgn::Encoding;
use tapir::game::Game;
use tapir::tui::action::{Action, Clip, Effect, SaveHow, SavedAs};
use tapir::tui::app::{App, ConfirmWhat, Mode, Outcome, Overlay, Purpose};
use tapir::tui::config::Config;
use tapir::tui::layout;

mod common;
use common::{
    assert_asks_to_replace, confirm_replace, error, file_read, message, play, saved_text,
    status_line,
};

/// A board without an opening book: these tests drive the engine's
/// searches, which a book move would answer first (tests/tui_book.rs).
fn app() -> App {
    let mut a = App::new(Config::default(), Game::default());
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

fn app_fen(fen: &str) -> App {
    let b = tapir::chess::Board::from_fen(fen).unwrap();
    let mut a = App::new(Config::default(), Game::new(b));
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

/// The engine's running search answers with `san` (its best move); returns
/// the search's token, for tests that send it a late event afterwards.
fn engine_replies(a: &mut App, san: &str) -> u64 {
    let token = a
        .engine
        .search
        .as_ref()
        .expect("the engine to be searching")
        .token;
    let best = tapir::chess::parse_move(a.board(), san).unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(best),
            ponder: None,
        },
    });
    token
}

/// The main line's moves in SAN.
fn sans(a: &App) -> Vec<String> {
    let t = a.tree();
    t.mainline().map(|n| t.node(n).san().to_string()).collect()
}

/// The main line's length.
fn len(a: &App) -> usize {
    a.tree().mainline_len()
}

/// Moves from the start to the shown position.
fn ply(a: &App) -> usize {
    a.doc.ply()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn searches(effects: &[Effect]) -> Vec<(u64, Vec<EngineOption>)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Search { token, options, .. } => Some((*token, options.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn san_and_uci_entry() {
    let mut a = app();
    play(&mut a, "e4 e7e5 Nf3 b8c6");
    assert_eq!(sans(&a), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(ply(&a), 4);
    assert_eq!(a.board().side_to_move(), Color::White);
    let effects = a.take_effects();
    assert!(effects
        .iter()
        .any(|e| matches!(e, Effect::Autosave(t) if t.contains("2. Nf3 Nc6"))));
    assert!(a.doc.unsaved);
}

#[test]
fn bad_entries_say_why_and_change_nothing() {
    let mut a = app_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    a.update(Action::MoveText("Nd2".into()));
    let e = error(&a);
    assert!(
        e.contains("ambiguous") && e.contains("Nbd2") && e.contains("Nfd2"),
        "{e}"
    );
    a.update(Action::MoveText("Nb1d3".into()));
    assert!(error(&a).contains("not legal"));
    a.update(Action::MoveText("hello".into()));
    assert!(error(&a).contains("not a move"));
    a.update(Action::MoveText("e2e5".into()));
    assert!(error(&a).contains("not legal"));
    assert_eq!(len(&a), 0);
    a.update(Action::MoveText("Nbd2".into()));
    assert_eq!(sans(&a), ["Nbd2"]);
}

#[test]
fn move_prompt_keys() {
    let mut a = app();
    a.update(Action::OpenMovePrompt(Some('N')));
    for c in "f3".chars() {
        a.update(Action::PromptChar(c));
    }
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "Nf3");
    a.update(Action::PromptSubmit);
    assert!(a.dialogs.prompt.is_none());
    assert_eq!(sans(&a), ["Nf3"]);
    a.update(Action::OpenMovePrompt(None));
    a.update(Action::PromptChar('x'));
    a.update(Action::PromptBackspace);
    a.update(Action::PromptBackspace);
    assert!(
        a.dialogs.prompt.is_none(),
        "backspace on empty closes the prompt"
    );
}

/// Several moves typed or pasted into the move prompt play from the shown
/// position as one undo step, glyphs on their moves; a move that is not
/// legal plays none of them and the prompt keeps the text, the caret on it.
#[test]
fn a_typed_line_plays_whole_or_not_at_all() {
    let mut a = app();
    a.update(Action::OpenMovePrompt(None));
    a.update(Action::Paste("1. e4 e5\r2. Nf3!? Nc6 $1 *".into()));
    a.update(Action::PromptSubmit);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(ply(&a), 4);
    assert!(
        message(&a).contains("4 of the 4 moves given added, 2 glyphs set"),
        "{}",
        message(&a)
    );
    let t = a.tree();
    let ids: Vec<_> = t.mainline().collect();
    assert!(t.node(ids[2]).nags.contains(tapir::game::Nag::SPECULATIVE));
    assert!(t.node(ids[3]).nags.contains(tapir::game::Nag::GOOD));
    // One undo takes the whole line out.
    a.update(Action::Undo);
    assert_eq!(len(&a), 0);
    a.update(Action::Redo);
    assert_eq!(len(&a), 4);
    // From the start again: the first move is walked into, the second
    // branches off as a variation, the main line stays; a glyph standing
    // alone goes on the move before it.
    a.update(Action::First);
    a.update(Action::MoveText("e4 c5 ?! Nf3".into()));
    assert!(
        message(&a).contains("2 of the 3 moves given added, 1 glyph set"),
        "{}",
        message(&a)
    );
    assert_eq!(sans(&a), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(ply(&a), 3);
    // Its redo, a glyph on a move before the last, comes back to the
    // line's last move as the line did.
    let end = a.doc.cursor;
    a.update(Action::Undo);
    a.update(Action::Redo);
    assert_eq!(a.doc.cursor, end);
    // A move that is not legal (or does not read) plays nothing; the error
    // names it as a player would, and the prompt keeps the line with the
    // caret on it.
    a.update(Action::First);
    a.update(Action::OpenMovePrompt(None));
    a.update(Action::Paste("d4 d5 Nf6 c4".into()));
    a.update(Action::PromptSubmit);
    let e = error(&a);
    assert!(
        e.contains("nothing played: at 2.Nf6 (3 of the 4 given)") && e.contains("White to move"),
        "{e}"
    );
    assert_eq!(ply(&a), 0);
    assert_eq!(a.tree().root().children().len(), 1);
    let p = a.dialogs.prompt.as_ref().expect("the prompt stays");
    assert_eq!((p.text.as_str(), p.caret), ("d4 d5 Nf6 c4", 6));
    a.update(Action::Cancel);
    a.update(Action::MoveText("d4 zz9".into()));
    assert!(error(&a).contains("'zz9' is not a move"), "{}", error(&a));
    a.update(Action::MoveText("d4 {a comment} d5".into()));
    assert!(error(&a).contains("moves and glyphs only"), "{}", error(&a));
    // One move with its number and the result is that move.
    a.update(Action::MoveText("1. d4 *".into()));
    assert_eq!(a.tree().root().children().len(), 2);
    // A result ends a line: moves after it are not played on.
    a.update(Action::First);
    a.update(Action::MoveText("c4 e5 1-0 Nc3".into()));
    assert!(
        error(&a).contains("'Nc3' comes after the result 1-0"),
        "{}",
        error(&a)
    );
    assert_eq!(a.tree().root().children().len(), 2);
    // A null move in a line is a pass, as `--` alone is.
    a.update(Action::MoveText("c4 -- d4".into()));
    assert_eq!(ply(&a), 3);
    let t = a.tree();
    let pass = t.parent(a.doc.cursor).unwrap();
    assert!(t.node(pass).is_null());
    a.update(Action::Undo);
    assert_eq!(a.tree().root().children().len(), 2);
    // Move numbers are not the board's: the line plays from the shown
    // position, and the first number that differs is said, also when a
    // move is not legal (the line was likely meant for another position).
    a.update(Action::First);
    a.update(Action::MoveText("12. Nf3 Nf6 13. g3".into()));
    assert_eq!(ply(&a), 3);
    assert!(
        message(&a)
            .contains("(numbered from 12., the board at 1.: played from the shown position)"),
        "{}",
        message(&a)
    );
    a.update(Action::Undo);
    a.update(Action::First);
    a.update(Action::MoveText("1. e4 e5 2.Nf3 2... Nc6".into()));
    assert!(!message(&a).contains("numbered"), "{}", message(&a));
    a.update(Action::First);
    a.update(Action::MoveText("3...Nf6 Nf3".into()));
    assert!(
        error(&a).contains("White to move; numbered from 3..., the board at 1.)"),
        "{}",
        error(&a)
    );
    // A paste too long for the prompt is cut between moves, not inside one.
    a.update(Action::First);
    a.update(Action::OpenMovePrompt(None));
    let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(40);
    a.update(Action::Paste(long.clone()));
    let p = a.dialogs.prompt.as_ref().unwrap();
    assert!(
        p.text.len() < long.len() && long.starts_with(&p.text),
        "{}",
        p.text
    );
    assert!(
        ["Nf3", "Nf6", "Ng1", "Ng8"]
            .iter()
            .any(|m| p.text.trim_end().ends_with(m)),
        "{}",
        p.text
    );
}

#[test]
fn a_typed_line_says_a_promotion_needs_its_piece() {
    let mut a = app_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    for (line, says) in [
        ("Kb1 Kb3 e8", "'e8' promotes: say the piece (e8=Q, e8=N"),
        (
            "Kb1 Kb3 e7e8",
            "'e7e8' promotes: say the piece (e7e8q, e7e8n",
        ),
    ] {
        a.update(Action::MoveText(line.into()));
        assert!(error(&a).contains(says), "{line}: {}", error(&a));
        assert!(error(&a).contains("at 2.e8") || error(&a).contains("at 2.e7e8"));
        assert_eq!(len(&a), 0);
    }
    // Letters of more than one byte are read, never cut inside.
    for odd in ["aé8", "é7e8", "e7é8", "Kb1 Kb3 aé8", "Kb1 Kb3 ée8"] {
        a.update(Action::MoveText(odd.into()));
        assert_eq!(len(&a), 0, "{odd}");
    }
    a.update(Action::MoveText("Kb1 Kb3 e8=N".into()));
    assert_eq!(len(&a), 3);
}

#[test]
fn cursor_pick_and_drop() {
    let mut a = app();
    a.update(Action::CursorPick); // shows the cursor
    assert_eq!(a.ui.cursor, Some(sq("e2")));
    a.update(Action::CursorPick);
    assert_eq!(a.ui.selected, Some(sq("e2")));
    assert_eq!(a.targets().count(), 2);
    a.update(Action::CursorMove(0, 1));
    a.update(Action::CursorMove(0, 1));
    assert_eq!(a.ui.cursor, Some(sq("e4")));
    a.update(Action::CursorPick);
    assert_eq!(sans(&a), ["e4"]);
    assert_eq!(a.ui.selected, None);
    // The cursor goes with the move, so the arrows walk the game again.
    assert_eq!(a.ui.cursor, None);
    // Flipped, "up" on screen goes down the ranks.
    a.update(Action::Flip);
    assert!(a.ui.flipped);
    a.update(Action::CursorPick);
    assert_eq!(a.ui.cursor, Some(sq("e7")));
    a.update(Action::CursorMove(0, 1));
    assert_eq!(a.ui.cursor, Some(sq("e6")));
    a.update(Action::CursorMove(1, 0));
    assert_eq!(a.ui.cursor, Some(sq("d6")));
    // Picking the opponent's piece explains why not.
    a.update(Action::Cancel);
    a.update(Action::Cancel);
    assert_eq!(a.ui.cursor, None);
    // The cursor appears on a piece of the side to move (its king when
    // the e-pawn has gone), not on the opponent's last move.
    play(&mut a, "e5");
    a.update(Action::CursorMove(0, 1));
    assert_eq!(a.ui.cursor, Some(sq("e1")));
    a.update(Action::CursorPick);
    assert_eq!(a.ui.selected, Some(sq("e1")));
}

#[test]
fn promotion_picker_from_the_cursor_and_keys() {
    let mut a = app_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    a.ui.cursor = Some(sq("e7"));
    a.update(Action::CursorPick);
    a.update(Action::CursorMove(0, 1));
    a.update(Action::CursorPick);
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Promotion { choice: 0, .. }
    ));
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert_eq!(sans(&a), ["e8=R"]);

    let mut a = app_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    a.update(Action::Resize(120, 40));
    let l = layout::compute(120, 40);
    let from = l.square_rect(sq("e7"), false);
    let to = l.square_rect(sq("e8"), false);
    a.update(Action::MouseDown(from.x + 1, from.y + 1));
    a.update(Action::MouseDrag(to.x + 2, to.y));
    a.update(Action::MouseUp(to.x + 2, to.y));
    assert!(matches!(a.dialogs.overlay, Overlay::Promotion { .. }));
    a.update(Action::Promote(PieceType::Knight));
    assert_eq!(sans(&a), ["e8=N"]);

    // A click on a piece of the box promotes to it, where it is drawn.
    for (w, h) in [(120, 40), (80, 24)] {
        let mut a = app_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
        a.update(Action::MoveText("e7e8".into()));
        assert!(matches!(a.dialogs.overlay, Overlay::Promotion { .. }));
        let rows = common::screen(&mut a, w, h);
        let title = rows
            .iter()
            .position(|r| r.contains("Promote to"))
            .expect("the box is drawn");
        let y = title + 2;
        let x = rows[y]
            .chars()
            .collect::<Vec<_>>()
            .windows(2)
            .position(|w| w == ['N', ' '])
            .expect("the knight's choice is drawn");
        // A click beside the box changes nothing.
        a.update(Action::MouseDown(0, 0));
        assert!(matches!(a.dialogs.overlay, Overlay::Promotion { .. }));
        a.update(Action::MouseDown(x as u16, y as u16));
        a.update(Action::MouseUp(x as u16, y as u16));
        assert_eq!(a.dialogs.overlay, Overlay::None, "{w}x{h}");
        assert_eq!(sans(&a), ["e8=N"], "{w}x{h}");
    }
}

#[test]
fn typed_uci_without_the_piece_asks_for_it_and_a_typed_glyph_annotates() {
    // "e7e8" promotes: the piece is asked for, as after "e8".
    let mut a = app_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
    a.update(Action::MoveText("e7e8".into()));
    assert!(
        matches!(a.dialogs.overlay, Overlay::Promotion { .. }),
        "{}",
        message(&a)
    );
    a.update(Action::Promote(PieceType::Queen));
    assert_eq!(sans(&a), ["e8=Q"]);
    // A move typed with its glyph gets the glyph; one undo takes it off,
    // the next the move.
    let mut a = app();
    a.update(Action::MoveText("e4!!".into()));
    a.update(Action::MoveText("1... c5?!".into()));
    assert_eq!(sans(&a), ["e4", "c5"]);
    let glyphs = |a: &App| -> Vec<String> {
        let t = a.tree();
        t.mainline()
            .map(|id| t.node(id).nags.iter().map(|g| g.display()).collect())
            .collect()
    };
    assert_eq!(glyphs(&a), ["!!", "?!"]);
    // Walking into a move already there with the glyph it has keeps it.
    a.update(Action::Prev);
    a.update(Action::MoveText("c5?!".into()));
    assert_eq!(glyphs(&a), ["!!", "?!"]);
    a.update(Action::Undo);
    assert_eq!(glyphs(&a), ["!!", ""]);
    // A glyph alone is no move.
    a.update(Action::MoveText("!!".into()));
    assert!(error(&a).contains("not a move"), "{}", error(&a));
    // A glyph tapir does not know is said, and the move waits for it.
    for typed in ["Nf3!!!!", "Nf3?!?"] {
        a.update(Action::MoveText(typed.into()));
        assert!(error(&a).contains("is not a move glyph"), "{}", error(&a));
        assert_eq!(sans(&a), ["e4", "c5"], "{typed}");
    }
}

#[test]
fn mouse_drag_and_click_click() {
    for (w, h) in [(120, 40), (80, 24)] {
        let mut a = app();
        a.update(Action::Resize(w, h));
        let l = layout::compute(w, h);
        let at = |s: &str| {
            let r = l.square_rect(sq(s), false);
            (r.x + r.width / 2, r.y + r.height / 2)
        };
        // Drag g1 to f3.
        let (x, y) = at("g1");
        a.update(Action::MouseDown(x, y));
        let (x2, y2) = at("f3");
        a.update(Action::MouseDrag(x2, y2));
        a.update(Action::MouseUp(x2, y2));
        assert_eq!(sans(&a), ["Nf3"], "{w}x{h}");
        // Click e7, release, click e5.
        let (x, y) = at("e7");
        a.update(Action::MouseDown(x, y));
        a.update(Action::MouseUp(x, y));
        assert_eq!(a.ui.selected, Some(sq("e7")));
        let (x, y) = at("e5");
        a.update(Action::MouseDown(x, y));
        a.update(Action::MouseUp(x, y));
        assert_eq!(sans(&a), ["Nf3", "e5"]);
        // A click off the board does nothing.
        a.update(Action::MouseDown(w - 1, h - 1));
        assert_eq!(a.ui.selected, None);
    }
}

#[test]
fn navigation_and_variations() {
    let mut a = app();
    play(&mut a, "e4 e5 Nf3 Nc6");
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::Next);
    let after_two = *a.board();
    a.update(Action::First);
    assert_eq!(ply(&a), 0);
    a.update(Action::Prev);
    assert_eq!(ply(&a), 0);
    a.update(Action::Next);
    a.update(Action::Next);
    assert_eq!(*a.board(), after_two);
    assert_eq!(a.view.last_move.unwrap().to_string(), "e7e5");
    a.update(Action::Last);
    assert_eq!(ply(&a), 4);
    a.update(Action::Next);
    assert_eq!(ply(&a), 4);
    // The same move as the line walks into it.
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::MoveText("e5".into()));
    assert_eq!(len(&a), 4);
    assert_eq!(ply(&a), 2);
    assert!(!a.doc.unsaved || a.tree().move_count() == 4);
    // A different move adds a variation; the main line stays whole.
    a.update(Action::MoveText("Bc4".into()));
    assert_eq!(sans(&a), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(a.tree().move_count(), 5);
    let msg = &status_line(&a);
    assert!(
        msg.contains("new variation") && msg.contains("stay"),
        "{msg}"
    );
    assert!(!msg.contains("replaced"));
    // Up/Down walk between the two second moves for White.
    assert_eq!(a.tree().node(a.doc.cursor).san(), "Bc4");
    a.update(Action::VariationPrev);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "Nf3");
    a.update(Action::VariationNext);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "Bc4");
    // Of two moves, the other is named as such.
    assert!(
        status_line(&a).contains("the variation here (Up/Down: the other move)"),
        "{}",
        status_line(&a)
    );
    a.update(Action::VariationNext);
    assert!(status_line(&a).contains("last"));
    // At the branch point itself, Down steps into the variation.
    a.update(Action::Prev);
    a.update(Action::VariationNext);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "Bc4");
    // End follows the shown line; Home and PageDown walk the main line.
    play(&mut a, "Bc5 c3");
    a.update(Action::First);
    a.update(Action::PageForward);
    assert_eq!(ply(&a), 4);
    a.update(Action::PageBack);
    assert_eq!(ply(&a), 0);
}

#[test]
fn takeback_in_analysis_two_players_and_in_play() {
    let mut a = app();
    a.update(Action::TakeBack);
    assert_eq!(ply(&a), 0);
    play(&mut a, "e4 e5 Nf3");
    // In analysis u goes back a move and deletes nothing.
    a.update(Action::TakeBack);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert_eq!(ply(&a), 2);
    a.update(Action::First);
    a.update(Action::TakeBack);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert_eq!(ply(&a), 0);

    // Two players: the last move is taken back, and Ctrl-Z puts it back.
    a.update(Action::Last);
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    a.update(Action::TakeBack);
    assert_eq!(sans(&a), ["e4", "e5"]);
    a.update(Action::Undo);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    a.update(Action::Prev);

    // Against the engine a takeback returns to the human's turn. (Ctrl-Y
    // still holds the takeback Ctrl-Z undid: the game's first edit keeps
    // it on the undo list, unasked.)
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    play(&mut a, "Bc4");
    engine_replies(&mut a, "Nc6");
    assert_eq!(ply(&a), 4);
    a.update(Action::TakeBack);
    assert_eq!(ply(&a), 2);
    assert_eq!(a.board().side_to_move(), Color::White);
    // The game's own moves went; the main line from before the game stays.
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert_eq!(a.tree().move_count(), 3);
    let said = status_line(&a);
    assert_eq!(said, "took back 2 plies");

    // Moves with a comment or a glyph go too, and the player is told so;
    // Ctrl-Z brings them back once the game is over.
    play(&mut a, "Bc4");
    a.update(Action::ToggleNag(tapir::game::Nag::GOOD));
    engine_replies(&mut a, "Nc6");
    a.update(Action::EditComment);
    a.update(Action::Paste("the knight defends".into()));
    a.update(Action::PromptSubmit);
    a.update(Action::TakeBack);
    assert_eq!(a.tree().move_count(), 3);
    let said = status_line(&a);
    assert!(
        said.starts_with("took back 2 plies and the comments or glyphs on 2 of them"),
        "{said}"
    );
    assert!(said.contains("Ctrl-Z after the game"), "{said}");
    a.update(Action::ToggleAnalysis);
    a.update(Action::Confirm(true));
    assert!(matches!(a.play.mode, Mode::Analysis));
    a.update(Action::Undo);
    assert_eq!(a.tree().move_count(), 5);
    let e5 = a.tree().mainline().nth(1).unwrap();
    let bc4 = a.tree().children(e5)[1];
    assert!(a.tree().node(bc4).nags.contains(tapir::game::Nag::GOOD));
    let nc6 = a.tree().children(bc4)[0];
    assert_eq!(a.tree().node(nc6).comment, "the knight defends");
}

#[test]
fn analysis_restarts_on_change_and_drops_stale_events() {
    let mut a = App::new(Config::default(), Game::default());
    let first = searches(&a.take_effects());
    assert_eq!(first.len(), 1, "analysis starts at once");
    let old = first[0].0;
    play(&mut a, "e4");
    let effects = a.take_effects();
    assert!(effects.iter().any(|e| matches!(e, Effect::Stop)));
    let new = searches(&effects)[0].0;
    assert_ne!(old, new);
    let info = |multipv, cp, pv: &str, board: &tapir::chess::Board| {
        let mut b = *board;
        let mut moves = Vec::new();
        for s in pv.split_whitespace() {
            let m = tapir::chess::parse_move(&b, s).unwrap();
            moves.push(m);
            b = b.make(m);
        }
        SearchInfo {
            depth: 12,
            seldepth: 15,
            multipv,
            score: Score::Cp(cp),
            bound: Bound::Exact,
            nodes: 1_500_000,
            nps: 750_000,
            hashfull: 100,
            tbhits: 0,
            time: std::time::Duration::from_secs(2),
            pv: moves,
        }
    };
    let stale = info(1, 10, "e5", a.board());
    assert!(!a.update(Action::Engine {
        token: old,
        event: SearchEvent::Info { id: 1, info: stale },
    }));
    assert!(a.engine.lines.is_empty(), "stale info dropped");
    let board = *a.board();
    a.update(Action::Engine {
        token: new,
        event: SearchEvent::Info {
            id: 2,
            info: info(1, 30, "c5 Nf3 d6", &board),
        },
    });
    a.update(Action::Engine {
        token: new,
        event: SearchEvent::Info {
            id: 2,
            info: info(2, -5, "e5", &board),
        },
    });
    assert_eq!(a.engine.lines.len(), 2);
    assert_eq!(a.engine.lines[0].pv, "1... c5 2. Nf3 d6");
    // A fail-high report with no moves (Ethereal sends them) keeps the
    // line's moves on screen instead of blanking it.
    let mut bound_only = info(1, 90, "", &board);
    bound_only.bound = tapir::engine::Bound::Lower;
    a.update(Action::Engine {
        token: new,
        event: SearchEvent::Info {
            id: 2,
            info: bound_only,
        },
    });
    assert_eq!(a.engine.lines[0].pv, "1... c5 2. Nf3 d6");
    // Black to move: +30 for Black is -30 from White's view.
    assert_eq!(a.engine.lines[0].score, Score::Cp(-30));
    assert_eq!(a.display_score(), Score::Cp(-30));
    // More lines restart with the new MultiPV.
    a.update(Action::MultiPvUp);
    let s = searches(&a.take_effects());
    assert!(s[0].1.contains(&EngineOption::MultiPv(4)));
    for _ in 0..10 {
        a.update(Action::MultiPvUp);
    }
    assert_eq!(a.config.multipv, 5);
    for _ in 0..10 {
        a.update(Action::MultiPvDown);
    }
    assert_eq!(a.config.multipv, 1);
    // Turning analysis off stops the engine.
    a.take_effects();
    a.update(Action::ToggleAnalysis);
    assert!(!a.play.analysis);
    assert!(a.take_effects().iter().any(|e| matches!(e, Effect::Stop)));
    assert!(a.engine.search.is_none());
}

#[test]
fn play_mode_engine_replies_and_levels() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    assert!(matches!(a.dialogs.overlay, Overlay::Play(_)));
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceMove(-10));
    a.update(Action::ChoiceConfirm);
    assert_eq!(
        a.play.mode,
        Mode::Play {
            human: Color::Black,
            level: 1
        }
    );
    assert!(a.ui.flipped, "Black plays from the bottom");
    let effects = a.take_effects();
    let (token, options) = searches(&effects)[0].clone();
    assert!(options.contains(&EngineOption::LimitStrength(true)));
    assert!(options.contains(&EngineOption::Elo(600)));
    assert!(effects
        .iter()
        .any(|e| matches!(e, Effect::Search { limits, .. } if limits.nodes == Some(100))));
    assert_eq!(
        a.engine.search.as_ref().unwrap().key.purpose,
        Purpose::EngineMove
    );
    // The human cannot move for the engine.
    a.update(Action::MoveText("e4".into()));
    assert!(error(&a).contains("engine's turn"));
    let m = tapir::chess::parse_move(a.board(), "d4").unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(m),
            ponder: None,
        },
    });
    assert_eq!(sans(&a), ["d4"]);
    assert!(a.engine.search.is_none(), "the human's turn: no search");
    // A reply for an old search is ignored.
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(m),
            ponder: None,
        },
    });
    assert_eq!(len(&a), 1);
    play(&mut a, "d5");
    assert_eq!(
        a.engine.search.as_ref().unwrap().key.purpose,
        Purpose::EngineMove
    );
    a.update(Action::Command("level 10".into()));
    let s = searches(&a.take_effects());
    assert!(s
        .last()
        .unwrap()
        .1
        .contains(&EngineOption::LimitStrength(false)));
    // A running game is asked about first.
    a.update(Action::TwoPlayers);
    a.update(Action::Confirm(true));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.play.mode, Mode::TwoPlayers);
    assert!(a.engine.search.is_none());
}

/// `a` during a game against the engine ends it and analyses; a game or
/// position loaded during one opens for analysis too, while `n` starts
/// another game against the engine.
#[test]
fn leaving_a_game_against_the_engine() {
    let start_play = |a: &mut App| {
        a.update(Action::OpenPlayDialog);
        a.update(Action::PlaySide(Color::White));
        a.update(Action::PlayClock);
        a.update(Action::ChoiceConfirm);
        assert!(matches!(a.play.mode, Mode::Play { .. }) && a.play.clocks.is_some());
    };
    let mut a = app();
    start_play(&mut a);
    play(&mut a, "e4");
    a.update(Action::ToggleAnalysis);
    // One stray `a` does not end a game: it asks.
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::EndGame));
    a.update(Action::Confirm(true));
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(a.play.analysis && a.play.clocks.is_none());
    assert_eq!(
        a.engine.search.as_ref().unwrap().key.purpose,
        Purpose::Analysis
    );
    assert_eq!(sans(&a), ["e4"], "the game stays on the board");

    let mut a = app();
    start_play(&mut a);
    a.update(Action::NewGame);
    assert!(matches!(a.play.mode, Mode::Play { .. }), "n: another game");
    a.update(Action::Command(
        "fen 8/8/4k3/8/8/3BK3/8/7r w - - 0 1".into(),
    ));
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(a.play.clocks.is_none());

    let mut a = app();
    start_play(&mut a);
    a.update(Action::Paste("1. d4 d5 2. c4 *".into()));
    assert_eq!(sans(&a), ["d4", "d5", "c4"]);
    assert_eq!(a.play.mode, Mode::Analysis);
    assert!(
        a.doc.origin.is_none(),
        "pasted text has no file to save back to"
    );
}

/// Against the engine only the human's pieces can be picked up, and only
/// on the human's turn.
#[test]
fn no_picking_up_pieces_on_the_engines_turn() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::ChoiceConfirm);
    play(&mut a, "e4");
    a.update(Action::CursorPick); // shows the cursor, on e7
    assert_eq!(a.ui.cursor, Some(sq("e7")));
    a.update(Action::CursorPick);
    assert!(error(&a).contains("engine's turn"));
    assert_eq!(a.ui.selected, None);
}

/// A flag fall's result belongs to the game that lost on time; a new game
/// from the same position starts without it.
#[test]
fn a_new_game_drops_the_old_loss_on_time() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::PlayClock);
    a.update(Action::ChoiceConfirm);
    // Timed from the first move (a game's first moves are untimed).
    a.play.clocks.as_mut().unwrap().untimed = [false, false];
    a.update(Action::Tick(a.now + std::time::Duration::from_secs(3600)));
    assert_eq!(a.doc.game.result(), "0-1");
    a.update(Action::OpenPlayDialog);
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.doc.game.result(), "*");
    assert!(a.play.clocks.is_none() || a.play.clocks.as_ref().unwrap().flagged.is_none());
}

#[test]
fn clocks_run_out() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::PlayClock);
    a.update(Action::ChoiceConfirm);
    assert!(a.play.clocks.is_some());
    // Timed from the first move (a game's first moves are untimed).
    a.play.clocks.as_mut().unwrap().untimed = [false, false];
    let later = a.now + std::time::Duration::from_secs(3600);
    a.update(Action::Tick(later));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, Some(Color::White));
    assert!(a.result_text().unwrap().contains("White lost on time"));
    assert_eq!(a.doc.game.result(), "0-1");
    assert_eq!(a.ui.moves.result, "0-1", "the move list's title shows it");
    assert_eq!(a.outcome(), Some(Outcome::Flagged(Color::White)));
    assert_eq!(a.headline(), "0-1");
    a.update(Action::MoveText("e4".into()));
    assert!(error(&a).contains("ended on time"));
    // The flag stands: no take-back undoes it.
    a.update(Action::TakeBack);
    assert!(error(&a).contains("ended on time"));
    assert_eq!(a.doc.game.result(), "0-1");
}

#[test]
fn playing_from_an_earlier_position_keeps_what_followed() {
    let mut a = app();
    play(&mut a, "e4 e5 Nf3");
    a.update(Action::Prev);
    a.update(Action::Prev);
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::Black));
    a.update(Action::ChoiceConfirm);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    let said = status_line(&a);
    assert!(said.contains("stay in the tree"), "{said}");
    // The game goes in as a variation.
    play(&mut a, "c5");
    engine_replies(&mut a, "Nf3");
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert_eq!(a.tree().move_count(), 5);
    assert!(!a.tree().is_mainline(a.doc.cursor));
    assert_eq!(a.doc.ply(), 3);
    // The game's tags name the players and the day.
    assert!(a.doc.game.tags.get("Date").is_some_and(|d| d.len() == 10));
    assert!(a
        .doc
        .game
        .tags
        .get("White")
        .unwrap()
        .contains("tapir level"));
}

#[test]
fn a_paste_waits_for_an_open_dialog() {
    let mut a = app();
    a.update(Action::ToggleHelp);
    a.update(Action::Paste("8/8/8/8/8/8/6k1/4K2R w K - 0 1".into()));
    assert!(error(&a).contains("dialog"));
    assert_eq!(len(&a), 0);
    assert_eq!(a.view.fen, tapir::chess::START_FEN);
}

#[test]
fn clocks_stop_when_the_board_ends_the_game() {
    let mut a = app_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::PlayClock);
    a.update(Action::ChoiceConfirm);
    play(&mut a, "Rd8#");
    let c = a.play.clocks.clone().unwrap();
    assert!(c.stopped && !c.ticking());
    // An hour later Black has not lost on time: the game ended in mate.
    let later = a.now + std::time::Duration::from_secs(3600);
    a.update(Action::Tick(later));
    assert_eq!(a.play.clocks.as_ref().unwrap().flagged, None);
    assert_eq!(a.outcome(), Some(Outcome::Mated(Color::Black)));
    assert_eq!(a.doc.game.result(), "1-0");
    assert!(!a.is_live(), "nothing left to redraw for");
    // Taking the mate back starts White's clock again.
    a.update(Action::TakeBack);
    let c = a.play.clocks.clone().unwrap();
    assert!(!c.stopped && c.running == Color::White);
    assert!(a.outcome().is_none());
}

#[test]
fn game_end_is_shown_and_blocks_two_player_moves() {
    let mut a = app();
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    play(&mut a, "f3 e5 g4 Qh4#");
    assert_eq!(a.result_text().unwrap(), "Checkmate · Black wins 0-1");
    // The headline shows the result, not the static eval.
    assert_eq!(a.outcome(), Some(Outcome::Mated(Color::White)));
    assert_eq!(a.headline(), "0-1");
    assert!(status_line(&a).contains("Checkmate"));
    a.update(Action::TakeBack);
    assert!(a.result_text().is_none());
    let mut a = app_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(a.result_text().unwrap().contains("Stalemate"));
    assert_eq!(a.outcome(), Some(Outcome::Draw));
    assert_eq!(a.headline(), "½-½");
    a.update(Action::MoveText("Kh7".into()));
    assert!(error(&a).contains("not legal"));
    let mut a = app();
    play(&mut a, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert!(a.result_text().unwrap().contains("repetition"));
    // A draw a player must claim is still analysed (tests/tui_aids.rs).
    assert!(
        a.engine
            .search
            .as_ref()
            .is_some_and(|s| s.key.purpose == Purpose::Analysis),
        "a repetition is still analysed"
    );
    // 50 moves without a capture or pawn move make a draw a player
    // claims; 75 end the game by themselves, and the board says which.
    let a = app_fen("8/8/8/4k3/8/8/3RK3/8 w - - 100 80");
    assert_eq!(a.result_text().unwrap(), "Fifty-move rule · draw ½-½");
    let a = app_fen("8/8/8/4k3/8/8/3RK3/8 w - - 150 100");
    assert_eq!(a.result_text().unwrap(), "75-move rule · draw ½-½");
}

#[test]
fn commands_validate_and_leave_state_alone_on_errors() {
    let mut a = app();
    play(&mut a, "e4");
    for bad in [
        "level 11",
        "level x",
        "hash 0",
        "threads",
        "frobnicate",
        "fen not a fen",
        "load",
    ] {
        let before = (len(&a), a.config.clone());
        a.update(Action::Command(bad.into()));
        assert!(!error(&a).is_empty(), "{bad}");
        assert_eq!((len(&a), a.config.clone()), before, "{bad}");
    }
    a.take_effects();
    a.update(Action::Command("hash 128".into()));
    assert_eq!(a.config.hash, 128);
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::SetOption(EngineOption::Hash(128)))));
    a.update(Action::Command("threads 2".into()));
    assert_eq!(a.config.threads, 2);
    a.update(Action::Command("level 3".into()));
    assert_eq!(a.config.level, 3);
    assert_eq!(message(&a), "level 3 (~1550 Elo)");
    a.update(Action::Command("fen".into()));
    assert!(status_line(&a).contains("4P3"));
    a.update(Action::Command(
        "fen 8/8/4k3/8/8/3BK3/8/7r w - - 0 1".into(),
    ));
    // 1. e4 was never saved: the FEN waits for a yes.
    assert_asks_to_replace(&a, "");
    a.take_effects();
    a.update(Action::Confirm(true));
    // The game stays until it is kept aside: no other autosave comes first.
    assert_eq!(len(&a), 1);
    let mut effects = a.take_effects();
    assert!(
        matches!(&effects[..], [Effect::KeepAutosaveAside { text, .. }] if text.contains("1. e4")),
        "{effects:?}"
    );
    let Some(Effect::KeepAutosaveAside { replacement, .. }) = effects.pop() else {
        unreachable!()
    };
    a.update(Action::KeptAside {
        path: "/data/autosave.previous.pgn".into(),
        replacement,
    });
    assert_eq!(len(&a), 0);
    assert_eq!(a.view.fen, "8/8/4k3/8/8/3BK3/8/7r w - - 0 1");
    assert!(
        status_line(&a)
            .starts_with("the unsaved game kept as /data/autosave.previous.pgn (:load it)"),
        "{:?}",
        a.dialogs.message
    );
    // A move after ':' is played.
    a.update(Action::Command("Kd4".into()));
    assert_eq!(sans(&a), ["Kd4"]);
    a.update(Action::Command("save /tmp/x.pgn".into()));
    let effects = a.take_effects();
    let text = effects
        .iter()
        .find_map(|e| match e {
            Effect::Save { text, .. } => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        text.contains("[SetUp \"1\"]") && text.contains("1. Kd4 *"),
        "{text}"
    );
    a.update(Action::Saved(SavedAs {
        path: "/tmp/x.pgn".into(),
        index: None,
        note: None,
        fingerprint: 7,
    }));
    assert!(!a.doc.unsaved);
    // `:save` alone writes the game's own file again.
    play(&mut a, "Rh4+");
    a.update(Action::Command("save".into()));
    assert!(a.take_effects().iter().any(
        |e| matches!(e, Effect::Save { path, text, how: SaveHow::Replace { index: None, expect: Some(7) } } if path.as_os_str() == "/tmp/x.pgn" && text.contains("Rh4+"))
    ));
    let mut fresh = app();
    fresh.update(Action::Command("w".into()));
    assert!(error(&fresh).contains("file name"));
    // `:fen` alone copies the FEN as `y` does.
    fresh.update(Action::Command("fen".into()));
    assert!(fresh
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Copy(Clip::Fen, _))));
}

#[test]
fn the_game_picker_narrows_to_what_is_typed() {
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let mut a = app();
    let game = |event: &str, white: &str, black: &str| {
        format!("[Event \"{event}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\n1. e4 e5 *\n\n")
    };
    let text = [
        game("Linares", "Kasparov", "Karpov"),
        game("Wijk", "Carlsen", "Giri"),
        game("Linares", "Karpov", "Anand"),
        game("Dortmund", "Kramnik", "Leko"),
    ]
    .concat();
    file_read(&mut a, "many.pgn", &text);
    let shown = |a: &App| match &a.dialogs.overlay {
        Overlay::Picker {
            shown, selected, ..
        } => (shown.clone(), *selected),
        other => panic!("expected the picker, got {other:?}"),
    };
    assert_eq!(shown(&a).0, [0, 1, 2, 3]);
    // Letters are typed into the filter (j, k and q too: "Kasparov").
    let key = |a: &App, c: KeyCode| {
        tapir::tui::keymap::map_event(a, &Event::Key(KeyEvent::new(c, KeyModifiers::NONE))).unwrap()
    };
    for c in "karpov".chars() {
        let act = key(&a, KeyCode::Char(c));
        a.update(act);
    }
    assert_eq!(shown(&a), (vec![0, 2], 0));
    // Every word must match, in any case.
    for c in " LINARES".chars() {
        a.update(Action::PickerFilter(Some(c)));
    }
    assert_eq!(shown(&a).0, [0, 2]);
    a.update(Action::ChoiceMove(1));
    assert_eq!(shown(&a), (vec![0, 2], 2));
    a.update(Action::ChoiceMove(5));
    assert_eq!(shown(&a).1, 2, "the bar stays among the games shown");
    for c in " anand".chars() {
        a.update(Action::PickerFilter(Some(c)));
    }
    assert_eq!(shown(&a), (vec![2], 2));
    // Nothing matches: Enter opens nothing and says so.
    a.update(Action::PickerFilter(Some('x')));
    assert_eq!(shown(&a).0, Vec::<usize>::new());
    a.update(Action::ChoiceConfirm);
    assert!(
        error(&a).contains("no game of many.pgn matches"),
        "{}",
        error(&a)
    );
    let act = key(&a, KeyCode::Backspace);
    a.update(act);
    assert_eq!(shown(&a).0, [2]);
    // Esc first brings the whole list back, then closes the picker.
    a.update(Action::Cancel);
    assert_eq!(shown(&a), (vec![0, 1, 2, 3], 2));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.doc.game.tags.get("White"), Some("Karpov"));
    // `:` before any filter is the command line: the picker closes.
    file_read(&mut a, "many.pgn", &text);
    let act = key(&a, KeyCode::Char(':'));
    a.update(act);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert!(a.dialogs.prompt.is_some(), "the command line is open");
    assert_eq!(
        a.doc.game.tags.get("White"),
        Some("Karpov"),
        "nothing loaded"
    );
}

#[test]
fn loading_files_and_the_game_picker() {
    let mut a = app();
    let one =
        "[Event \"A\"]\n[White \"W\"]\n[Black \"B\"]\n\n1. e4 {hi} e5 (1... c5) 2. Nf3 $1 1-0\n";
    file_read(&mut a, "a.pgn", one);
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert!(!a.doc.unsaved);
    // Everything is kept: the comment, the glyph and the variation.
    let said = message(&a);
    assert_eq!(said, "loaded a.pgn (3 plies, 1 ply in variations, 1-0)");
    let t = a.tree();
    let e4 = t.mainline().next().unwrap();
    assert_eq!(t.node(e4).comment, "hi");
    assert_eq!(t.children(e4).len(), 2);
    assert_eq!(a.doc.game.result(), "1-0");
    let many = format!(
        "{one}\n[Event \"B\"]\n\n1. d4 d5 *\n\n[Event \"C\"]\n\n1. e4 Ke7 2. d4 *\n\n[Event \"D\"]\n[FEN \"junk\"]\n\n1. e4 *\n"
    );
    file_read(&mut a, "b.pgn", &many);
    let Overlay::Picker { source, .. } = &a.dialogs.overlay else {
        panic!("expected the picker, got {:?}", a.dialogs.overlay);
    };
    assert_eq!(source.labels.len(), 4);
    assert!(
        source.labels[0].contains("(3 plies, 1 var.)"),
        "{}",
        source.labels[0]
    );
    assert_eq!(tapir::tui::update::plies(1), "1 ply");
    // A game whose start cannot be read stays in the picker, with a reason.
    a.update(Action::ChoiceMove(5));
    a.update(Action::ChoiceConfirm);
    assert!(error(&a).contains("bad FEN"), "broken game reported");
    assert!(matches!(a.dialogs.overlay, Overlay::Picker { .. }));
    // A game with an illegal move loads its legal part and says where it stopped.
    a.update(Action::ChoiceMove(-1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(sans(&a), ["e4"]);
    let said = status_line(&a);
    assert!(
        said.contains("1... Ke7 is illegal; the rest of the game (2 plies) was not read"),
        "{said}"
    );
    // Read in part, it is not the file's game: `:save` alone must not
    // write it over the whole one.
    assert!(said.contains("read in part"), "{said}");
    assert!(a.doc.origin.as_ref().is_some_and(|o| o.save_elsewhere));
    assert_eq!(a.doc.own_file(), None, "a part is not its file's game");
    // Esc closes the picker and says so; the board stays as it was.
    file_read(&mut a, "b.pgn", &many);
    a.update(Action::Cancel);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert_eq!(sans(&a), ["e4"]);
    let said = status_line(&a);
    assert_eq!(said, "b.pgn: no game opened");
    file_read(&mut a, "c.pgn", "no chess here");
    assert!(!error(&a).is_empty());
    assert_eq!(sans(&a), ["e4"]);
    a.update(Action::Paste("8/8/8/8/8/8/6k1/4K2R w K - 0 1".into()));
    assert_eq!(a.view.fen, "8/8/8/8/8/8/6k1/4K2R w K - 0 1");
}

#[test]
fn quitting_asks_only_when_unsaved() {
    let mut a = app();
    a.update(Action::Quit);
    assert!(a.quit);
    let mut a = app();
    play(&mut a, "e4");
    a.update(Action::Quit);
    assert!(!a.quit);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Quit));
    a.update(Action::Confirm(false));
    assert!(!a.quit);
    a.update(Action::NewGame);
    assert_asks_to_replace(&a, "");
    confirm_replace(&mut a);
    assert_eq!(len(&a), 0);
    play(&mut a, "d4");
    a.update(Action::Quit);
    a.update(Action::Confirm(true));
    assert!(a.quit);
    let mut a = app();
    play(&mut a, "e4");
    a.update(Action::ForceQuit);
    assert!(a.quit);
}

/// One way of putting another game on the board, for the test below.
type Replacer = Box<dyn Fn(&mut App)>;

/// Every way of putting another game on the board (`n`, `:new`, `:fen`,
/// `:load`, the picker, a paste) asks before it drops unsaved moves, and
/// "no" leaves the game as it was.
#[test]
fn replacing_an_unsaved_game_asks_first() {
    let one_game = || Action::FileLoaded {
        path: "one.pgn".into(),
        text: "[Event \"A\"]\n\n1. d4 d5 *\n".into(),
        encoding: Encoding::Utf8,
    };
    let two_games = || Action::FileLoaded {
        path: "two.pgn".into(),
        text: "[Event \"A\"]\n\n1. d4 *\n\n[Event \"B\"]\n\n1. c4 *\n".into(),
        encoding: Encoding::Utf8,
    };
    let fen = "8/8/4k3/8/8/3BK3/8/7r w - - 0 1";
    let replacers: Vec<(&str, Replacer)> = vec![
        (
            "n",
            Box::new(|a: &mut App| {
                a.update(Action::NewGame);
            }),
        ),
        (
            ":new",
            Box::new(|a: &mut App| {
                a.update(Action::Command("new".into()));
            }),
        ),
        (
            ":fen",
            Box::new(move |a: &mut App| {
                a.update(Action::Command(format!("fen {fen}")));
            }),
        ),
        (
            "paste FEN",
            Box::new(move |a: &mut App| {
                a.update(Action::Paste(fen.into()));
            }),
        ),
        (
            "load",
            Box::new(move |a: &mut App| {
                a.update(one_game());
            }),
        ),
        (
            "picker",
            Box::new(move |a: &mut App| {
                a.update(two_games());
                a.update(Action::ChoiceConfirm);
            }),
        ),
    ];
    for (how, replace) in &replacers {
        let mut a = app();
        play(&mut a, "e4 e5");
        replace(&mut a);
        assert_asks_to_replace(&a, how);
        if *how == "load" {
            let Overlay::Confirm(ConfirmWhat::Replace(r)) = &a.dialogs.overlay else {
                unreachable!()
            };
            assert_eq!(r.question, "The game is not saved. Open one.pgn?");
        }
        a.update(Action::Confirm(false));
        assert_eq!(a.dialogs.overlay, Overlay::None, "{how}");
        assert_eq!(sans(&a), ["e4", "e5"], "{how}: kept on no");
        assert!(a.doc.unsaved, "{how}");
        replace(&mut a);
        confirm_replace(&mut a);
        assert_ne!(sans(&a), ["e4", "e5"], "{how}: replaced on yes");
        assert!(!a.doc.unsaved, "{how}");
        // With nothing unsaved, no question.
        replace(&mut a);
        assert_eq!(
            a.dialogs.overlay,
            Overlay::None,
            "{how}: saved games go quietly"
        );
    }
    // The loaded file's name is kept once the answer is yes.
    let mut a = app();
    play(&mut a, "e4");
    a.update(one_game());
    confirm_replace(&mut a);
    assert_eq!(sans(&a), ["d4", "d5"]);
    assert_eq!(
        a.doc.origin.as_ref().map(|o| o.path.as_path()),
        Some(std::path::Path::new("one.pgn"))
    );
}

/// When the unsaved game cannot be kept aside, "yes" changes nothing: the
/// game stays on the board and the message says why and what to do.
#[test]
fn a_game_that_cannot_be_kept_aside_stays() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::NewGame);
    a.update(Action::Confirm(true));
    assert_eq!(sans(&a), ["e4", "e5"], "not replaced before it is safe");
    a.update(Action::KeepAsideFailed("disk full".into()));
    assert_eq!(sans(&a), ["e4", "e5"]);
    assert!(a.doc.unsaved);
    let m = a.dialogs.message.as_ref().unwrap();
    assert!(
        m.error && m.text.contains("disk full") && m.text.contains(":save"),
        "{m:?}"
    );
}

/// A pasted game is held by no file, so the board holds its only copy:
/// putting another game in its place asks first, as for moves played here.
/// A game from a file goes quietly (the file keeps it).
#[test]
fn a_pasted_game_is_not_replaced_without_asking() {
    let mut a = app();
    a.update(Action::Paste(
        "[Event \"Web game\"]\n\n1. e4 e5 2. Nf3 {my note} *".into(),
    ));
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    assert!(a.doc.unsaved, "the clipboard is no save");
    a.update(Action::NewGame);
    assert_asks_to_replace(&a, "");
    a.update(Action::Confirm(false));
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"], "kept on no");

    let mut a = app();
    file_read(&mut a, "one.pgn", "[Event \"A\"]\n\n1. d4 d5 *\n");
    assert!(!a.doc.unsaved);
    a.update(Action::NewGame);
    assert_eq!(a.dialogs.overlay, Overlay::None, "the file holds it");
}

/// Moves deleted after "Ctrl-Z puts it back" live only in the undo list
/// (the autosave holds the game as it is): a new game, or quitting, asks
/// first even though the board looks empty.
#[test]
fn an_emptied_game_that_undo_would_bring_back_is_not_dropped_quietly() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::First);
    a.update(Action::DeleteAfter);
    if let Overlay::Confirm(_) = a.dialogs.overlay {
        a.update(Action::Confirm(true));
    }
    assert!(sans(&a).is_empty());
    a.update(Action::NewGame);
    assert_asks_to_replace(&a, "");
    a.update(Action::Confirm(false));
    a.update(Action::Quit);
    assert_eq!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Quit));
    a.update(Action::Confirm(false));
    assert!(!a.quit);
    a.update(Action::Undo);
    assert_eq!(sans(&a), ["e4", "e5"], "still there to bring back");
}

#[test]
fn help_eval_view_and_frame_overlay_toggle() {
    let mut a = app();
    a.update(Action::ToggleHelp);
    assert_eq!(a.dialogs.overlay, Overlay::Help);
    a.update(Action::ToggleHelp);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    // A board without a net opens on the hand-crafted view; with one, on
    // the evaluator the engine searches with. `e` switches both.
    use tapir::engine::EvalKind;
    assert_eq!(a.ui.eval_view, EvalKind::Hce);
    let net = std::sync::Arc::new(tapir::eval::nnue::Network::random(5));
    let with = App::with_net(Config::default(), Game::default(), Some(net));
    assert_eq!(with.ui.eval_view, EvalKind::default_for_build());
    assert!(with.view.nnue.is_some(), "the NNUE views have the net");
    let other = match a.ui.eval_view {
        EvalKind::Hce => EvalKind::Nnue,
        EvalKind::Nnue => EvalKind::Hce,
    };
    a.take_effects();
    a.update(Action::ToggleEvalView);
    assert_eq!(a.ui.eval_view, other);
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::SetOption(EngineOption::Evaluator(k)) if *k == other)));
    a.update(Action::ToggleFrameTimes);
    assert!(a.ui.show_frame_times);
}

#[test]
fn clicking_the_move_list_jumps() {
    let mut a = app();
    play(&mut a, "e4 e5 Nf3 Nc6 Bb5");
    a.update(Action::First);
    a.update(Action::Next);
    play(&mut a, "c5 Nf3");
    a.update(Action::Resize(120, 40));
    let l = layout::compute(120, 40);
    let text = tapir::tui::widgets::movelist::text_area(&a, l.moves);
    let at = |a: &App, san: &str, nth: usize| {
        let rows = &a.ui.moves.rows;
        let (r, p) = rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().map(move |p| (r, p)))
            .filter(|(_, p)| p.text == san)
            .nth(nth)
            .unwrap();
        (text.x + p.x, text.y + (r - a.ui.moves.scroll) as u16)
    };
    // Black's first move on the main line.
    let (x, y) = at(&a, "e5", 0);
    a.update(Action::MouseDown(x, y));
    assert_eq!(ply(&a), 2);
    assert!(a.tree().is_mainline(a.doc.cursor));
    // White's second in the variation (which comes first in the list).
    let (x, y) = at(&a, "Nf3", 0);
    a.update(Action::MouseDown(x, y));
    assert_eq!(ply(&a), 3);
    assert!(!a.tree().is_mainline(a.doc.cursor));
    // A parenthesis does nothing.
    let (x, y) = at(&a, "(", 0);
    a.update(Action::MouseDown(x, y));
    assert_eq!(ply(&a), 3);
}

#[test]
fn play_mode_looking_back_says_so() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::ChoiceConfirm);
    play(&mut a, "e4");
    engine_replies(&mut a, "e5");
    assert_eq!(sans(&a), ["e4", "e5"]);
    // One ply back it is the engine's turn: the move is not "illegal", the
    // board shows an earlier position and End gets back.
    a.update(Action::Prev);
    a.update(Action::MoveText("d4".into()));
    let e = error(&a);
    assert!(e.contains("another position") && e.contains("End"), "{e}");
    assert_eq!(sans(&a), ["e4", "e5"], "nothing played");
    // Picking up a piece there says the same.
    a.update(Action::CursorPick);
    a.update(Action::CursorPick);
    assert!(error(&a).contains("another position"));
    // Back at the end the move is played.
    a.update(Action::Last);
    play(&mut a, "d4");
    assert_eq!(sans(&a), ["e4", "e5", "d4"]);
}

/// `:hash`, `:threads`, `e`, `n` and `:net` make the engine stop before it
/// applies them; the search it was running ends early, so the board starts
/// a fresh one (after the command) and ignores the cut-short one's reports.
#[test]
fn settings_that_stop_the_engine_restart_the_search() {
    let commands = [
        ("hash", Action::Command("hash 32".into())),
        ("threads", Action::Command("threads 2".into())),
        ("eval view", Action::ToggleEvalView),
        ("new game", Action::Command("new".into())),
    ];
    for (what, command) in commands {
        let mut a = app();
        let old = a.engine.search.as_ref().expect("analysis runs").token;
        a.update(command);
        let effects = a.take_effects();
        let stops = effects
            .iter()
            .position(|e| matches!(e, Effect::SetOption(_) | Effect::NewGame))
            .unwrap_or_else(|| panic!("{what}: no engine command in {effects:?}"));
        let search = effects
            .iter()
            .position(|e| matches!(e, Effect::Search { .. }))
            .unwrap_or_else(|| panic!("{what}: the search did not restart"));
        assert!(stops < search, "{what}: the search must follow the command");
        let new = a.engine.search.as_ref().unwrap().token;
        assert_ne!(new, old, "{what}");
        // The stopped search's bestmove arrives late and changes nothing.
        a.update(Action::Engine {
            token: old,
            event: SearchEvent::BestMove {
                id: 1,
                best: None,
                ponder: None,
            },
        });
        assert!(a.searching(), "{what}: the new search still runs");
    }

    // A net loaded with `:net` goes to the engine too, with the same restart.
    let mut a = app();
    let old = a.engine.search.as_ref().unwrap().token;
    let net = std::sync::Arc::new(tapir::eval::nnue::Network::random(3));
    a.update(Action::NetLoaded {
        path: "my.nnue".into(),
        net,
    });
    let effects = a.take_effects();
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::SetOption(EngineOption::EvalFile(Some(p))) if p.as_os_str() == "my.nnue"
    )));
    assert!(a.net.is_some());
    assert_ne!(a.engine.search.as_ref().unwrap().token, old);
}

/// Rewriting an earlier move of one's own while the engine thinks: the
/// engine's thinking is spent (as with a take-back), the human gets the
/// increment for the new move, and the engine's clock runs again.
#[test]
fn the_clocks_charge_each_side_its_own_thinking() {
    use std::time::Duration;
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    // 1+0, then 3+2.
    a.update(Action::PlayClock);
    a.update(Action::PlayClock);
    a.update(Action::ChoiceConfirm);
    let start = a.play.clocks.clone().unwrap();
    let inc = start.increment;
    assert!(inc > Duration::ZERO, "the default preset has an increment");
    let t0 = a.now;
    play(&mut a, "e4");
    a.update(Action::Tick(t0 + Duration::from_secs(2)));
    engine_replies(&mut a, "e5");
    a.update(Action::Tick(t0 + Duration::from_secs(3)));
    play(&mut a, "Nf3");
    // While the engine thinks, White looks back and tries another move:
    // nothing is played and no clock changes hands.
    a.update(Action::Tick(t0 + Duration::from_secs(5)));
    a.update(Action::Prev);
    a.update(Action::MoveText("d4".into()));
    assert!(error(&a).contains("another position"));
    assert_eq!(sans(&a), ["e4", "e5", "Nf3"]);
    let c = a.play.clocks.clone().unwrap();
    let white = Color::White.index();
    let black = Color::Black.index();
    assert_eq!(c.running, Color::Black);
    // Each side's first move is untimed (no charge, no increment): White
    // is charged from e5 to Nf3, Black's clock runs from Nf3.
    assert_eq!(
        c.left[white],
        start.left[white] + inc - Duration::from_secs(1)
    );
    assert_eq!(c.left[black], start.left[black]);
    assert_eq!(
        c.remaining(Color::Black, t0 + Duration::from_secs(5)),
        start.left[black] - Duration::from_secs(2)
    );
}

/// Typing and pasting into a prompt stop at the same length, on a
/// character boundary.
#[test]
fn prompts_take_at_most_512_bytes_typed_or_pasted() {
    let mut a = app();
    a.update(Action::OpenCommand);
    a.update(Action::Paste("é".repeat(400)));
    let text = a.dialogs.prompt.as_ref().unwrap().text.clone();
    assert_eq!(text.len(), 512, "256 two-byte characters");
    a.update(Action::PromptChar('x'));
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, text);
    a.update(Action::PromptBackspace);
    a.update(Action::PromptChar('x'));
    assert!(a.dialogs.prompt.as_ref().unwrap().text.ends_with('x'));
}

/// A game whose tags say `*` but whose main line ends in mate is saved
/// with the result the rules give, and the board then holds it too: as an
/// edit, said, that Ctrl-Z takes back, never a tag changed unseen.
#[test]
fn a_result_the_rules_give_is_saved_as_an_edit_that_undoes() {
    let mut a = app();
    a.update(Action::Paste(
        "[Event \"x\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n".into(),
    ));
    assert_eq!(a.doc.game.tags.get("Result"), Some("*"));
    let text = saved_text(&mut a);
    assert!(
        text.contains("[Result \"0-1\"]") && text.contains("Qh4# 0-1"),
        "{text}"
    );
    // What the runtime says back once the file is written.
    let written = || {
        Action::Saved(SavedAs {
            path: "/nonexistent-dir/x.pgn".into(),
            index: None,
            note: None,
            fingerprint: 7,
        })
    };
    a.update(written());
    assert_eq!(a.doc.game.tags.get("Result"), Some("0-1"));
    assert!(!a.doc.unsaved);
    let said = status_line(&a);
    assert!(
        said.contains(
            "Result 0-1, as the rules give: the main line ends in mate (was \"*\"; Ctrl-Z)"
        ),
        "{said}"
    );
    a.update(Action::Undo);
    assert_eq!(a.doc.game.tags.get("Result"), Some("*"));
    assert!(
        a.doc.unsaved,
        "the board no longer holds what the file does"
    );
    // A result the game already holds is not touched again.
    a.update(Action::Redo);
    a.update(written());
    assert!(!status_line(&a).contains("as the rules give"));
}

/// A pasted NUL (unseen on the screen) or other control character never
/// reaches a comment or a tag, and so never the file: a saved NUL once
/// made the whole file and the autosave read as binary data.
#[test]
fn control_characters_never_reach_a_comment_or_a_tag() {
    let mut a = app();
    a.update(Action::MoveText("e4".into()));
    a.update(Action::EditComment);
    a.update(Action::Paste(" pasted\0x\u{1b}[31m\ttab ".into()));
    assert!(
        status_line(&a).contains("2 control characters left out"),
        "{}",
        status_line(&a)
    );
    a.update(Action::PromptSubmit);
    let e4 = a.tree().mainline().next().unwrap();
    assert_eq!(a.tree().node(e4).comment, "pastedx[31m tab");
    a.update(Action::OpenCommand);
    a.update(Action::Paste("tag Annotator \"A\0B\"".into()));
    a.update(Action::PromptSubmit);
    assert_eq!(a.doc.game.tags.get("Annotator"), Some("AB"));
}

/// Work without moves counts too: a comment on the whole game is asked
/// about before `n` drops it, as moves are.
#[test]
fn a_game_with_only_a_comment_asks_before_it_goes() {
    let mut a = app();
    a.update(Action::Command("comment a plan for the opening".into()));
    assert!(a.doc.unsaved, "{:?}", a.dialogs.message);
    a.update(Action::NewGame);
    assert_asks_to_replace(&a, "");
    a.update(Action::Confirm(false));
    assert!(a.doc.has_work(), "kept on no");
}

/// A game that was read only in part is not its file's game: `:save`
/// alone would write the part over the whole, so it asks for a file.
#[test]
fn a_game_read_in_part_is_not_saved_over_its_file() {
    let mut a = app();
    file_read(
        &mut a,
        "/tmp/part.pgn",
        "[Event \"A\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 *\n",
    );
    assert_eq!(sans(&a), ["e4", "e5"]);
    let said = status_line(&a);
    assert!(said.contains("read in part"), "{said}");
    assert_eq!(a.doc.own_file(), None);
    a.take_effects();
    a.update(Action::Command("save".into()));
    assert!(error(&a).contains("file name"), "{}", error(&a));
    assert!(!a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Save { .. })));
}

/// A setting changed while the settings file could not be read at start
/// says, at the change, that it will not be saved (and only once).
#[test]
fn a_setting_changed_over_an_unreadable_file_says_it_will_not_be_saved() {
    let mut a = app();
    a.update(Action::Command("hash 64".into()));
    let said = status_line(&a);
    assert!(!said.contains("not be saved"), "{said}");

    let mut a = app();
    a.settings_not_saved = Some("config.toml did not read at start".into());
    a.update(Action::Command("hash 64".into()));
    let said = status_line(&a);
    assert!(said.starts_with("hash 64 MiB"), "{said}");
    assert!(said.contains("will not be saved: config.toml"), "{said}");
    a.update(Action::Command("level 5".into()));
    let said = status_line(&a);
    assert!(!said.contains("not be saved"), "{said}");
    // A toggle that says where its setting goes says it is not kept, at
    // every change, not only the first.
    for _ in 0..2 {
        a.update(Action::Arrows(None));
        let said = status_line(&a);
        assert!(!said.contains("kept in the settings"), "{said}");
        assert!(
            said.contains("not kept: config.toml did not read at start"),
            "{said}"
        );
    }
}

/// The quit dialog promises the autosave keeps the game: when the autosave
/// at the quit fails, the board stays and asks again, saying so; a quit
/// answered knowing it, or forced, goes ahead.
#[test]
fn a_quit_waits_for_its_autosave() {
    let mut a = app();
    play(&mut a, "e4");
    a.update(Action::Quit);
    a.update(Action::Confirm(true));
    assert!(a.quit);
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Autosave(_))));
    a.update(Action::AutosaveWritten(Err("disk full".into())));
    assert!(!a.quit, "stays");
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Quit)
    ));
    assert!(error(&a).contains("disk full"));
    a.update(Action::Confirm(true));
    a.update(Action::AutosaveWritten(Err("disk full".into())));
    assert!(a.quit, "answered knowing it");
    // A signal's quit never waits.
    let mut a = app();
    play(&mut a, "e4");
    a.update(Action::ForceQuit);
    a.update(Action::AutosaveWritten(Err("disk full".into())));
    assert!(a.quit);
    assert_eq!(a.autosave_failed.as_deref(), Some("disk full"));
    // One that works clears the failure.
    a.update(Action::AutosaveWritten(Ok(())));
    assert!(a.autosave_failed.is_none());
    // A position being set up is work too, though the game has none.
    let mut a = app();
    a.update(Action::OpenEditor);
    a.update(Action::Quit);
    assert!(a.quit, "nothing asked: the autosave keeps the set-up");
    a.update(Action::AutosaveWritten(Err("disk full".into())));
    assert!(!a.quit, "stays");
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Quit)
    ));
}

/// A move typed as books print it, with its number, is the move.
#[test]
fn a_typed_move_may_carry_its_number() {
    let mut a = app();
    for m in ["1. d4", "1... d5", "2.c4", "2…e6"] {
        a.update(Action::MoveText(m.into()));
    }
    let t = a.tree();
    let sans: Vec<&str> = t.mainline().map(|n| t.node(n).san()).collect();
    assert_eq!(sans, ["d4", "d5", "c4", "e6"]);
    a.update(Action::MoveText("3.".into()));
    assert_eq!(a.tree().mainline_len(), 4, "a number alone is no move");
}

/// A move that is not legal says whose turn it is (a Black move typed on
/// White's turn read as the board's mistake).
#[test]
fn an_illegal_move_says_whose_turn_it_is() {
    let mut a = app();
    a.update(Action::MoveText("Nf6".into()));
    assert_eq!(error(&a), "'Nf6' is not legal here (White to move)");
}

/// `:theme` alone says which theme is on and changes nothing (a look at
/// the setting wrote the next theme to the settings); `T` steps on.
#[test]
fn theme_alone_shows_the_theme() {
    let mut a = app();
    let before = a.config.theme;
    a.update(Action::Command("theme".into()));
    assert_eq!(a.config.theme, before);
    assert!(!a.config_changed);
    assert!(message(&a).starts_with("theme classic"), "{}", message(&a));
    a.update(Action::NextTheme);
    assert_ne!(a.config.theme, before);
}

/// Tab in a command's first word completes the command's name, lists the
/// names when several fit, and says so when none does.
#[test]
fn tab_completes_command_names() {
    let mut a = app();
    let text = |a: &App| a.dialogs.prompt.as_ref().unwrap().text.clone();
    a.update(Action::OpenCommand);
    for c in "sa".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptComplete);
    assert_eq!(text(&a), "save ");
    // Several: their common part, and the list.
    a.update(Action::Cancel);
    a.update(Action::OpenCommand);
    for c in "thr".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptComplete);
    assert_eq!(text(&a), "threa");
    assert_eq!(message(&a), ":threads  :threat");
    // Every command the help lists is there: the look's too.
    for (typed, whole) in [
        ("the", "theme "),
        ("col", "colors "),
        ("pie", "pieces "),
        ("hel", "help "),
        ("engine2", "engine2 "),
    ] {
        a.update(Action::Cancel);
        a.update(Action::OpenCommand);
        for c in typed.chars() {
            a.update(Action::PromptChar(c));
        }
        a.update(Action::PromptComplete);
        assert_eq!(text(&a), whole);
    }
    // A short form is offered beside its command.
    a.update(Action::Cancel);
    a.update(Action::OpenCommand);
    for c in "eng".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptComplete);
    assert_eq!(message(&a), ":engine  :engine2");
    // None: said, and the line stays.
    a.update(Action::Cancel);
    a.update(Action::OpenCommand);
    a.update(Action::PromptChar('z'));
    a.update(Action::PromptComplete);
    assert_eq!(text(&a), "z");
    assert!(
        error(&a).contains("no command starts with 'z'"),
        "{}",
        error(&a)
    );
    // An empty line lists them all.
    a.update(Action::Cancel);
    a.update(Action::OpenCommand);
    a.update(Action::PromptComplete);
    assert!(message(&a).contains(":fen") && message(&a).contains(":messages"));
}

/// `:messages` keeps the last `MESSAGE_LOG_MAX` messages, but news goes
/// before the session's first message and before errors: a long engine
/// game (a message a move) no longer pushes out a warning or what the
/// start kept aside.
#[test]
fn the_message_log_keeps_errors_and_the_first_message_longest() {
    use tapir::tui::app::{Dialogs, Message};
    use tapir::tui::params::MESSAGE_LOG_MAX;
    let mut d = Dialogs::default();
    let say = |d: &mut Dialogs, text: String, error: bool| d.remember(Message { text, error });
    say(
        &mut d,
        "restored the last game; kept as autosave.previous.pgn".into(),
        false,
    );
    say(
        &mut d,
        "engine X printed a line that is not UCI".into(),
        true,
    );
    for i in 0..2 * MESSAGE_LOG_MAX {
        say(&mut d, format!("move {i}"), false);
    }
    assert_eq!(d.log.len(), MESSAGE_LOG_MAX);
    assert!(d.log[0].text.starts_with("restored the last game"));
    assert!(d.log[1].error);
    assert_eq!(
        d.log.back().unwrap().text,
        format!("move {}", 2 * MESSAGE_LOG_MAX - 1)
    );
}

/// `Y` puts the whole game on the clipboard as `:save` would write it:
/// tags, variations, comments and glyphs, nothing of the board changed.
#[test]
fn y_copies_the_games_pgn() {
    let mut a = app();
    play(&mut a, "e4 e5 Nf3");
    a.update(Action::Prev);
    play(&mut a, "Bc4");
    a.update(Action::Command("comment the bishop first".into()));
    a.update(Action::Command("nag ?!".into()));
    let before = (a.doc.revision, a.doc.unsaved, a.doc.cursor);
    a.take_effects();
    a.update(Action::CopyPgn);
    let copied = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Copy(Clip::Pgn, text) => Some(text),
            _ => None,
        })
        .expect("a copy");
    assert_eq!(copied, saved_text(&mut a));
    assert!(
        copied.contains("[Event ")
            && copied.contains("2. Nf3 ( 2. Bc4 $6 { the bishop first } )")
            && copied.trim_end().ends_with('*'),
        "{copied}"
    );
    assert_eq!((a.doc.revision, a.doc.unsaved, a.doc.cursor), before);
    a.update(Action::CopyPgn);
    assert!(
        message(&a).contains("the game's PGN (3 plies"),
        "{}",
        message(&a)
    );
    a.update(Action::CopiedWith("wl-copy".into(), Clip::Pgn));
    assert!(message(&a).contains("the game's PGN copied with wl-copy"));
}

/// The games picker's title keeps its keys whole at 80x24: a long path
/// gives way from its start, so the file's own name stays.
#[test]
fn the_game_pickers_title_keeps_its_keys() {
    let mut a = app();
    let text = "[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. d4 *\n\n";
    let path = "/home/someone/chess/archive/kasparov-deep-blue-rematch-1997-all-games.pgn";
    file_read(&mut a, path, text);
    let s = common::screen(&mut a, 80, 24);
    let title = s
        .iter()
        .find(|r| r.contains("game 1 of 2 · Enter · Esc ┐"))
        .unwrap_or_else(|| panic!("{}", s.join("\n")));
    assert!(
        title.contains("…") && title.contains("-all-games.pgn"),
        "{title}"
    );
    // A short one stays whole.
    let mut a = app();
    file_read(&mut a, "many.pgn", text);
    let s = common::screen(&mut a, 80, 24);
    assert!(s
        .iter()
        .any(|r| r.contains("┌ many.pgn · game 1 of 2 · Enter · Esc ─")));
}
