//! The move tree through the board's reducer: comments with the line
//! editor, glyphs, promotion and main line, delete (asked) with undo and
//! redo, an engine line added as a variation, saving onto a file that
//! exists, replacing one game of a many-game file, walking a file's games
//! with `<` and `>`, and a game against the engine that comes back paused
//! from the autosave.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::{Game, Nag};
use tapir::tui::action::{Action, Effect, SaveChoice, SaveHow, SavedAs};
use tapir::tui::app::{App, ConfirmWhat, Mode, Overlay, PromptKind};
use tapir::tui::config::Config;
use tapir::tui::files::{save_game, Holding, Saved};

mod common;
use common::{autosaved, file_read, message, play};

fn app() -> App {
    let mut a = App::new(Config::default(), Game::default());
    // The book's rows, marks and moves have their own tests (tui_book.rs).
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

fn san(a: &App) -> String {
    a.tree().node(a.doc.cursor).san().to_string()
}

fn mainline(a: &App) -> Vec<String> {
    let t = a.tree();
    t.mainline().map(|n| t.node(n).san().to_string()).collect()
}

#[test]
fn comments_are_edited_in_a_line_editor_and_autosaved() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.take_effects();
    a.update(Action::EditComment);
    assert!(matches!(
        a.dialogs.prompt.as_ref().map(|p| p.kind),
        Some(PromptKind::Comment { .. })
    ));
    for c in "solid".chars() {
        a.update(Action::PromptChar(c));
    }
    // Move the caret and insert, delete, then type over a word.
    a.update(Action::PromptHome);
    for c in "A ".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptEnd);
    a.update(Action::PromptChar('!'));
    a.update(Action::PromptCaret(-1));
    a.update(Action::PromptDelete);
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "A solid");
    assert!(autosaved(&mut a).contains("1. e4 e5 { A solid } *"));
    // Editing again starts from the comment; Ctrl-W and Ctrl-U clear it.
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "A solid");
    a.update(Action::PromptDeleteWord);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "A ");
    a.update(Action::PromptKillBefore);
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "");
    assert!(message(&a).contains("removed"));
    a.update(Action::Undo);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "A solid");
    // The game's own comment at the start; `:comment` sets one directly.
    a.update(Action::First);
    a.update(Action::Command("comment An open game".into()));
    assert_eq!(a.tree().root().comment, "An open game");
    // A `}` is kept, typed or in `:comment`: a save writes such a comment
    // as a `;` comment, which reads back the same.
    a.update(Action::Command("comment A {closed".into()));
    a.update(Action::EditComment);
    for c in "} game".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().root().comment, "A {closed} game");
    let text = autosaved(&mut a);
    assert!(text.contains("; A {closed} game\n"), "{text}");
    let back = tapir::game::pgn::read_first(&text).unwrap().game;
    assert_eq!(back.tree().root().comment, "A {closed} game");
}

/// `:comment TEXT` on a move of a Lichess file: the words change, the
/// clock, eval and arrows the move list hides stay (and say so); `i`
/// edits the words too, and keeps the commands the same way.
#[test]
fn the_comment_command_keeps_the_moves_clock_and_eval() {
    let text = "1. e4 { [%eval 0.25] [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } *";
    let game = tapir::game::pgn::read_first(text).unwrap().game;
    let mut a = App::new(Config::default(), game);
    a.book.set(None, "off".into());
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::Command("comment The best by test".into()));
    let c = a.tree().node(a.doc.cursor).comment.clone();
    assert_eq!(c, "The best by test [%eval 0.25] [%clk 0:03:00]");
    assert!(
        message(&a).contains("[%eval] [%clk] kept"),
        "{}",
        message(&a)
    );
    // A command given anew replaces its namesake only.
    a.update(Action::Command("comment Fast [%clk 0:02:59]".into()));
    let c = a.tree().node(a.doc.cursor).comment.clone();
    assert_eq!(c, "Fast [%clk 0:02:59] [%eval 0.25]");
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "Fast");
    assert!(
        message(&a).contains("its [%clk] [%eval] kept"),
        "{}",
        message(&a)
    );
    // Enter on the words as they were changes nothing (not even the order).
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment, c);
    assert!(message(&a).contains("unchanged"), "{}", message(&a));
    // Emptied, the words go and the game's data stays.
    a.update(Action::EditComment);
    a.update(Action::PromptKillBefore);
    a.update(Action::PromptSubmit);
    assert_eq!(
        a.tree().node(a.doc.cursor).comment,
        "[%clk 0:02:59] [%eval 0.25]"
    );
    assert!(message(&a).contains("words removed"), "{}", message(&a));
    // Ctrl-Z goes back step by step.
    a.update(Action::Undo);
    assert_eq!(a.tree().node(a.doc.cursor).comment, c);
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(
        a.tree().node(a.doc.cursor).comment,
        "[%eval 0.25] [%clk 0:03:00]"
    );
}

#[test]
fn capital_i_edits_the_comment_before_a_move_where_pgn_keeps_one() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::Prev);
    play(&mut a, "c5");
    // A variation's first move has a comment of its own before it
    // (`1. e4 e5 (1... { Sicilian } c5)`); an empty one removes it, and
    // Ctrl-Z brings it back.
    a.update(Action::EditCommentBefore);
    assert!(matches!(
        a.dialogs.prompt.as_ref().map(|p| p.kind),
        Some(PromptKind::Comment { before: true, .. })
    ));
    for c in "Sicilian".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    let c5 = a.doc.cursor;
    assert_eq!(a.tree().node(c5).comment_before, "Sicilian");
    assert!(
        autosaved(&mut a).contains("( { Sicilian } 1... c5 )"),
        "{}",
        autosaved(&mut a)
    );
    a.update(Action::EditCommentBefore);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "Sicilian");
    a.update(Action::PromptKillBefore);
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(c5).comment_before, "");
    a.update(Action::Undo);
    assert_eq!(a.tree().node(c5).comment_before, "Sicilian");
    // On a main-line move the comment before it is the one after the move
    // before, as PGN reads it back; before the first move, the game's.
    a.update(Action::Prev);
    a.update(Action::Next);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "e5");
    a.update(Action::EditCommentBefore);
    assert!(
        message(&a).starts_with("comment after 1. e4"),
        "{}",
        message(&a)
    );
    for c in "Open".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    let e4 = a.tree().parent(a.doc.cursor).unwrap();
    assert_eq!(a.tree().node(e4).comment, "Open");
    a.update(Action::Prev);
    a.update(Action::EditCommentBefore);
    assert!(
        message(&a).starts_with("comment on the whole game"),
        "{}",
        message(&a)
    );
}

#[test]
fn a_comment_written_while_the_prompt_is_open_is_not_lost_unasked() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::EditComment);
    for c in "mine".chars() {
        a.update(Action::PromptChar(c));
    }
    // Meanwhile something else writes the move's comment (as a finished
    // report or an engine game's end does).
    let node = a.doc.cursor;
    a.doc.game.set_comment(node, false, "the report's words");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(node).comment, "the report's words");
    assert!(message(&a).contains("changed meanwhile"), "{}", message(&a));
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "mine");
    // Esc keeps the new comment.
    a.update(Action::Cancel);
    assert_eq!(a.tree().node(node).comment, "the report's words");
    // Asked, a second Enter writes the typed one (and Ctrl-Z undoes it).
    a.update(Action::EditComment);
    a.update(Action::PromptKillBefore);
    for c in "mine".chars() {
        a.update(Action::PromptChar(c));
    }
    a.doc.game.set_comment(node, false, "newer words");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(node).comment, "newer words");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(node).comment, "mine");
    assert!(a.dialogs.prompt.is_none());
    a.update(Action::Undo);
    assert_eq!(a.tree().node(node).comment, "newer words");
}

#[test]
fn glyphs_from_the_dialog_by_key_and_by_command() {
    let mut a = app();
    a.update(Action::OpenAnnotate);
    assert!(
        message(&a).contains("go to one first"),
        "no glyph on the start"
    );
    play(&mut a, "e4 e5 Qh5");
    a.update(Action::OpenAnnotate);
    assert_eq!(a.dialogs.overlay, Overlay::Annotate { choice: 0 });
    // Keys 1-7 the move glyphs, a-h the position's, n the novelty.
    let key = |c| Overlay::annotate_index(c).unwrap();
    assert_eq!((key('7'), key('a'), key('h'), key('n')), (6, 7, 14, 15));
    assert_eq!(Overlay::annotate_index('8'), None);
    a.update(Action::ChoicePick(key('6'))); // ?!
    a.update(Action::ChoicePick(key('a'))); // =
    let nags = &a.tree().node(a.doc.cursor).nags;
    assert!(nags.contains(Nag::DUBIOUS) && nags.contains(Nag(10)));
    // □ is a move glyph (it replaces ?!); N stands beside the others.
    a.update(Action::ChoicePick(key('7')));
    a.update(Action::ChoicePick(key('n')));
    let nags = &a.tree().node(a.doc.cursor).nags;
    assert!(nags.contains(Nag::ONLY_MOVE) && !nags.contains(Nag::DUBIOUS));
    assert!(nags.contains(Nag::NOVELTY) && nags.contains(Nag(10)));
    a.update(Action::ChoicePick(key('7')));
    a.update(Action::ChoicePick(key('n')));
    a.update(Action::ChoicePick(key('6')));
    // Another move glyph replaces the first; the same one clears it.
    a.update(Action::ChoicePick(1)); // ?
    a.update(Action::ChoicePick(1));
    let nags = &a.tree().node(a.doc.cursor).nags;
    assert!(!nags.contains(Nag::DUBIOUS) && !nags.contains(Nag::MISTAKE));
    a.update(Action::Cancel);
    a.update(Action::Command("nag !!".into()));
    assert_eq!(a.tree().node(a.doc.cursor).nags.move_suffix(), "!!");
    assert!(autosaved(&mut a).contains("2. Qh5 $3 $10 *"));
}

#[test]
fn promote_main_line_delete_undo_and_redo() {
    let mut a = app();
    play(&mut a, "e4 e5 Nf3");
    a.update(Action::Prev);
    play(&mut a, "Bc4 Nf6");
    a.update(Action::Prev);
    a.update(Action::Prev);
    play(&mut a, "d4");
    assert_eq!(mainline(&a), ["e4", "e5", "Nf3"]);
    // d4 is the second variation: one step up, then the main line.
    a.update(Action::PromoteLine);
    let kids: Vec<String> = {
        let t = a.tree();
        let p = t.parent(a.doc.cursor).unwrap();
        t.children(p)
            .iter()
            .map(|&c| t.node(c).san().to_string())
            .collect()
    };
    assert_eq!(kids, ["Nf3", "d4", "Bc4"]);
    a.update(Action::MakeMain);
    assert_eq!(mainline(&a), ["e4", "e5", "d4"]);
    a.update(Action::MakeMain);
    assert!(message(&a).contains("already the main line"));
    // Delete asks; no keeps everything, yes deletes, Ctrl-Z brings it back.
    a.update(Action::Prev);
    a.update(Action::Delete);
    let Overlay::Confirm(ConfirmWhat::Delete { node, after }) = a.dialogs.overlay.clone() else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert!(!after);
    assert_eq!(
        a.delete_question(node, after),
        "Delete 1... e5 and the 4 plies after it (3 of them in variations)?"
    );
    let e4 = a.tree().parent(node).unwrap();
    assert_eq!(
        a.delete_question(e4, true),
        "Delete the 5 plies after 1. e4 (3 of them in variations)?"
    );
    let d4 = a.tree().line_end(node);
    assert_eq!(a.delete_question(d4, false), "Delete 2. d4?");
    a.update(Action::Confirm(false));
    assert_eq!(a.tree().move_count(), 6);
    a.update(Action::Delete);
    a.update(Action::Confirm(true));
    assert_eq!(a.tree().move_count(), 1);
    assert_eq!(san(&a), "e4");
    a.update(Action::Undo);
    assert_eq!(a.tree().move_count(), 6);
    assert_eq!(san(&a), "e5");
    assert!(
        message(&a).starts_with(
            "undid: delete 1... e5 and the 4 plies after it (3 of them in variations)"
        ),
        "{}",
        message(&a)
    );
    a.update(Action::Redo);
    assert_eq!(a.tree().move_count(), 1);
    a.update(Action::Undo);
    // X deletes what follows only.
    a.update(Action::DeleteAfter);
    a.update(Action::Confirm(true));
    assert_eq!(a.tree().move_count(), 2);
    a.update(Action::Command("undo".into()));
    assert_eq!(mainline(&a), ["e4", "e5", "d4"]);
}

#[test]
fn an_engine_line_becomes_a_variation() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::AddEngineLine(None));
    assert!(message(&a).contains("no engine line"));
    let token = a.engine.search.as_ref().unwrap().token;
    let b = *a.board();
    let mut pv = Vec::new();
    let mut x = b;
    for s in ["Nf3", "Nc6", "Bb5"] {
        let m = tapir::chess::parse_move(&x, s).unwrap();
        pv.push(m);
        x = x.make(m);
    }
    for (k, line) in [(1, pv.clone()), (2, pv[..1].to_vec())] {
        a.update(Action::Engine {
            token,
            event: SearchEvent::Info {
                id: 0,
                info: SearchInfo {
                    depth: 12,
                    seldepth: 14,
                    multipv: k,
                    score: Score::Cp(30),
                    // The second line failed high: the dialog keeps its ≥.
                    bound: if k == 2 { Bound::Lower } else { Bound::Exact },
                    nodes: 1000,
                    nps: 1000,
                    hashfull: 0,
                    tbhits: 0,
                    time: std::time::Duration::from_millis(5),
                    pv: line,
                },
            },
        });
    }
    // Two lines: `l` asks which.
    a.update(Action::AddEngineLine(None));
    assert!(
        matches!(&a.dialogs.overlay, Overlay::AddLine { choice: 0, lines }
            if lines.len() == 2 && lines[1].bound == Bound::Lower)
    );
    a.update(Action::ChoicePick(0));
    assert_eq!(mainline(&a), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(san(&a), "Nf3");
    a.update(Action::Undo);
    assert_eq!(mainline(&a), ["e4", "e5"]);
}

#[test]
fn tags_are_listed_set_checked_removed_and_undone() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.take_effects();
    let cmd = |a: &mut App, c: &str| a.update(Action::Command(c.into()));
    cmd(&mut a, "tag white \"Carlsen, Magnus\"");
    assert_eq!(a.doc.game.tags.get("White"), Some("Carlsen, Magnus"));
    assert!(
        message(&a).contains("White \"Carlsen, Magnus\""),
        "{}",
        message(&a)
    );
    assert!(a.doc.unsaved);
    assert!(autosaved(&mut a).contains("[White \"Carlsen, Magnus\"]"));
    // Inside quotes, PGN's escapes are read; without, each character is kept.
    cmd(&mut a, r#"tag Annotator "Mr \"X\" C:\\games\new""#);
    assert_eq!(
        a.doc.game.tags.get("Annotator"),
        Some(r#"Mr "X" C:\games\new"#)
    );
    assert!(autosaved(&mut a).contains(r#"[Annotator "Mr \"X\" C:\\games\\new"]"#));
    cmd(&mut a, r#"tag Annotator Smith, "Bob" \"#);
    assert_eq!(a.doc.game.tags.get("Annotator"), Some(r#"Smith, "Bob" \"#));
    cmd(&mut a, "tag Annotator \"\"");
    cmd(&mut a, "tag WhiteElo 2830");
    cmd(&mut a, "tag Result 1/2-1/2");
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    cmd(&mut a, "tag white");
    assert_eq!(message(&a), "White \"Carlsen, Magnus\"");
    // Alone, it lists every tag whole, a row each, over the board.
    cmd(&mut a, "tag");
    assert_eq!(a.dialogs.overlay, Overlay::Tags);
    let rows = common::screen(&mut a, 80, 24).join("\n");
    assert!(rows.contains("White     Carlsen, Magnus"), "{rows}");
    assert!(rows.contains("WhiteElo  2830"), "{rows}");
    a.update(Action::Cancel);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    // Checked before anything changes.
    for (bad, why) in [
        ("tag Result 1:0", "1-0, 0-1"),
        ("tag Date May 2024", "YYYY.MM.DD"),
        ("tag FEN 8/8/8/8/8/8/8/8 w - - 0 1", ":fen"),
        ("tag 2nd x", "not a tag name"),
        // Tags the game could not be read back with, or the autosave
        // would take off it.
        ("tag Variant Crazyhouse", "would not open again"),
        ("tag TapirCursor 99", "its own autosave"),
        ("tag TapirFile /etc/passwd", "its own autosave"),
        ("tag BookSeed banana", "whole number"),
    ] {
        cmd(&mut a, bad);
        assert!(
            common::error(&a).contains(why),
            "{bad}: {}",
            common::error(&a)
        );
    }
    assert_eq!(a.doc.game.result(), "1/2-1/2");
    assert_eq!(a.doc.game.tags.get("Variant"), None);
    assert!(autosaved(&mut a).contains("1. e4 e5"));
    // Removing: the roster's tags are written with their placeholder.
    cmd(&mut a, "tag White \"\"");
    assert_eq!(a.doc.game.tags.get("White"), None);
    assert!(
        message(&a).contains("a save writes \"?\""),
        "{}",
        message(&a)
    );
    // Each change is one undo step, the moves untouched.
    a.update(Action::Undo);
    assert_eq!(a.doc.game.tags.get("White"), Some("Carlsen, Magnus"));
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(a.doc.game.tags.get("WhiteElo"), None);
    assert_eq!(a.doc.game.result(), "*");
    assert_eq!(mainline(&a), ["e4", "e5"]);
}

#[test]
fn saving_onto_a_file_that_exists_asks_and_replaces_only_its_game() {
    let mut a = app();
    play(&mut a, "d4 d5");
    a.take_effects();
    a.update(Action::Command("save ~/games.pgn".into()));
    let home = std::env::var("HOME").unwrap();
    let effects = a.take_effects();
    let Some(Effect::Save { path, how, .. }) =
        effects.iter().find(|e| matches!(e, Effect::Save { .. }))
    else {
        panic!("{effects:?}");
    };
    assert_eq!(
        path,
        &std::path::Path::new(&home).join("games.pgn"),
        "~ is the home"
    );
    assert_eq!(how, &SaveHow::New);
    // The runtime found the file there: the board asks.
    a.update(Action::SaveTargetExists {
        path: path.clone(),
        holds: Holding::Games(2),
        own: false,
    });
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::SaveExisting {
            holds: Holding::Games(2),
            ..
        }
    ));
    let nothing_saved = |a: &mut App| {
        a.take_effects()
            .iter()
            .all(|e| !matches!(e, Effect::Save { .. }))
    };
    a.update(Action::SaveChoice(SaveChoice::Cancel));
    assert!(message(&a).contains("not saved"));
    assert!(nothing_saved(&mut a));
    // A file that cannot be read is not written over, whatever the key.
    a.update(Action::SaveTargetExists {
        path: path.clone(),
        holds: Holding::Unreadable("larger than 64 MiB".into()),
        own: false,
    });
    a.update(Action::SaveChoice(SaveChoice::Overwrite));
    assert!(message(&a).contains("not written to"), "{}", message(&a));
    assert!(nothing_saved(&mut a));
    a.update(Action::SaveTargetExists {
        path: path.clone(),
        holds: Holding::Games(2),
        own: false,
    });
    a.update(Action::SaveChoice(SaveChoice::Append));
    assert!(a.take_effects().iter().any(|e| matches!(
        e,
        Effect::Save {
            how: SaveHow::Append,
            ..
        }
    )));
    a.update(Action::Saved(SavedAs {
        path: path.clone(),
        index: Some(2),
        note: None,
        fingerprint: 99,
    }));
    assert!(message(&a).contains("game 3 of the file"));
    // `:save` alone now replaces game 3 and keeps the other two.
    play(&mut a, "c4");
    a.update(Action::Command("save".into()));
    let in_place = |effects: Vec<Effect>| {
        effects.iter().any(|e| {
            matches!(
                e,
                Effect::Save {
                    how: SaveHow::Replace {
                        index: Some(2),
                        expect: Some(99)
                    },
                    path: p,
                    ..
                } if p == path
            )
        })
    };
    assert!(in_place(a.take_effects()));
    // `:save LINK`, a link to that same file (the runtime says so): the
    // game goes in place there too, not appended nor over the file.
    a.update(Action::Command("save ~/link.pgn".into()));
    a.take_effects();
    a.update(Action::SaveTargetExists {
        path: std::path::Path::new(&home).join("link.pgn"),
        holds: Holding::Games(3),
        own: true,
    });
    assert!(matches!(a.dialogs.overlay, Overlay::None));
    assert!(in_place(a.take_effects()));
}

/// A file of three one-move games ("A" 1. e4, "B" 1. d4, "C" 1. c4) in
/// a folder of its own for the test `name`: the folder, the file, its text.
fn three_games(name: &str) -> (std::path::PathBuf, std::path::PathBuf, &'static str) {
    let dir = std::env::temp_dir().join(format!("tapir-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.pgn");
    let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    std::fs::write(&file, text).unwrap();
    (dir, file, text)
}

/// The save the board asked the runtime for: its path, text and how.
fn asked_save(a: &mut App) -> (std::path::PathBuf, String, SaveHow) {
    asked_saves(a).into_iter().next().expect("no save")
}

#[test]
fn a_game_picked_from_a_file_is_saved_back_in_its_place() {
    let (dir, file, text) = three_games("tree");
    let mut a = app();
    file_read(&mut a, file.clone(), text);
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["d4"]);
    play(&mut a, "d5");
    a.take_effects();
    a.update(Action::Command("save".into()));
    let (path, text, how) = asked_save(&mut a);
    // What the runtime does with it.
    let done = tapir::tui::files::save_game(&path, &text, &how).unwrap();
    assert_eq!(
        done,
        tapir::tui::files::Saved::Done {
            index: Some(1),
            note: None
        }
    );
    let back = std::fs::read_to_string(&file).unwrap();
    assert!(
        back.starts_with("[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]"),
        "{back}"
    );
    assert!(back.contains("1. d4 d5 *"), "{back}");
    assert!(
        back.trim_end().ends_with("[Event \"C\"]\n\n1. c4 *"),
        "{back}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Another program edited the board's game in its file: `:save` writes
/// nothing and asks, offering the game as a new one after the file's
/// games (`a`), never over the other program's changes (`o` refused).
#[test]
fn a_game_whose_file_changed_elsewhere_can_go_after_its_games() {
    let (dir, file, text) = three_games("changed");
    let mut a = app();
    file_read(&mut a, file.clone(), text);
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    play(&mut a, "d5");
    let edited = text.replace("1. d4 *", "1. d4 Nf6 *");
    std::fs::write(&file, &edited).unwrap();
    a.take_effects();
    a.update(Action::Command("save".into()));
    let (path, game, how) = asked_save(&mut a);
    let Saved::Exists(holds) = save_game(&path, &game, &how).unwrap() else {
        panic!("written over a changed file");
    };
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    a.update(Action::SaveTargetExists {
        path: path.clone(),
        holds,
        own: true,
    });
    let Overlay::SaveExisting {
        holds: Holding::Changed { why, games: 3 },
        ..
    } = a.dialogs.overlay.clone()
    else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert!(why.contains("no longer the one"), "{why}");
    let shown = common::screen(&mut a, 80, 24).join("\n");
    assert!(shown.contains("The game's file changed"), "{shown}");
    assert!(shown.contains("a  append this game as game 4"), "{shown}");
    assert!(shown.contains("o  (not offered"), "{shown}");
    a.update(Action::SaveChoice(SaveChoice::Overwrite));
    assert!(message(&a).contains("would write over the other program's changes"));
    assert!(asked_saves(&mut a).is_empty());
    assert!(
        matches!(a.dialogs.overlay, Overlay::SaveExisting { .. }),
        "the question stays for a or Esc"
    );
    a.update(Action::SaveChoice(SaveChoice::Append));
    let saves = asked_saves(&mut a);
    assert_eq!(saves.len(), 1);
    let (path, game, how) = saves.into_iter().next().unwrap();
    assert_eq!(how, SaveHow::Append);
    let Saved::Done { index, note } = save_game(&path, &game, &how).unwrap() else {
        panic!("not appended");
    };
    let back = std::fs::read_to_string(&file).unwrap();
    assert!(back.starts_with(&edited), "the other program's edit stays");
    assert!(back.contains("1. d4 d5"), "{back}");
    a.update(Action::Saved(SavedAs {
        path,
        index,
        note,
        fingerprint: tapir::tui::files::fingerprint(&game),
    }));
    assert!(
        message(&a).contains("appended as game 4 of 4"),
        "{}",
        message(&a)
    );
    // From now on the board's game is game 4: a save goes in its place.
    play(&mut a, "c4");
    a.update(Action::Command("save".into()));
    let (_, _, how) = asked_save(&mut a);
    assert!(
        matches!(how, SaveHow::Replace { index: Some(3), .. }),
        "{how:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every save the board asked the runtime for.
fn asked_saves(a: &mut App) -> Vec<(std::path::PathBuf, String, SaveHow)> {
    a.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Save { path, text, how } => Some((path, text, how)),
            _ => None,
        })
        .collect()
}

/// "The game is not saved" offers `s` for a game with a file of its own:
/// the game is saved in its place, then what was asked goes on (the next
/// game, a quit); a save that fails leaves the game on the board.
/// `:save` alone, which writes nothing (the message says why).
fn save_writes_nothing(a: &mut App) {
    a.take_effects();
    a.update(Action::Command("save".into()));
    assert!(!a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Save { .. })));
}

#[test]
fn s_saves_an_unsaved_game_then_goes_on() {
    let (dir, file, text) = three_games("save-first");
    // What the runtime does with a save.
    let run_save = |a: &mut App| {
        let (path, text, how) = asked_save(a);
        match tapir::tui::files::save_game(&path, &text, &how) {
            Ok(tapir::tui::files::Saved::Done { index, note }) => {
                a.update(Action::Saved(SavedAs {
                    path,
                    index,
                    note,
                    fingerprint: tapir::tui::files::fingerprint(&text),
                }))
            }
            other => panic!("{other:?}"),
        };
    };
    let mut a = app();
    file_read(&mut a, file.clone(), text);
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    // Unchanged, :save writes nothing (a rewrite would only reflow the
    // file's text) and says so.
    save_writes_nothing(&mut a);
    assert!(
        message(&a).starts_with("nothing to save"),
        "{}",
        message(&a)
    );
    play(&mut a, "d5");
    // `>` reads the file again (the runtime's part done here), then asks.
    a.take_effects();
    press(&mut a, crossterm::event::KeyCode::Char('>'));
    let reread = a.take_effects().into_iter().find_map(|e| match e {
        Effect::Reread { path, want } => Some((path, want)),
        _ => None,
    });
    let (path, want) = reread.expect("the file is read again");
    a.update(Action::FileReread {
        text: std::fs::read_to_string(&path).unwrap(),
        path,
        encoding: tapir::game::pgn::Encoding::Utf8,
        want,
    });
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Replace(_))
    ));
    a.take_effects();
    press(&mut a, crossterm::event::KeyCode::Char('s'));
    assert_eq!(a.dialogs.overlay, Overlay::None);
    run_save(&mut a);
    assert_eq!(mainline(&a), ["c4"], "game 3 came once game 2 was saved");
    let said = message(&a);
    assert!(
        said.starts_with("saved") && said.contains("game 3"),
        "{said}"
    );
    let back = std::fs::read_to_string(&file).unwrap();
    assert!(
        back.contains("1. d4 d5 *") && back.contains("1. c4 *"),
        "{back}"
    );
    // A quit the same way.
    play(&mut a, "c5");
    press(&mut a, crossterm::event::KeyCode::Char('q'));
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Quit)
    ));
    press(&mut a, crossterm::event::KeyCode::Char('s'));
    assert!(!a.quit, "not before the save is written");
    run_save(&mut a);
    assert!(a.quit);
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("1. c4 c5 *"));
    // The file changed elsewhere before `s`: the save asks where the game
    // goes, and once `a` has added it the quit goes on; Esc instead
    // leaves the board open.
    for answer in [SaveChoice::Cancel, SaveChoice::Append] {
        let mut a = app();
        file_read(&mut a, file.clone(), text);
        a.update(Action::ChoiceConfirm);
        play(&mut a, "c5");
        let now = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, now.replacen("1. e4 *", "1. e4 {edited} *", 1)).unwrap();
        press(&mut a, crossterm::event::KeyCode::Char('q'));
        press(&mut a, crossterm::event::KeyCode::Char('s'));
        let (path, game, how) = asked_save(&mut a);
        let holds = match save_game(&path, &game, &how).unwrap() {
            Saved::Exists(h) => h,
            other => panic!("{other:?}"),
        };
        a.update(Action::SaveTargetExists {
            path,
            holds,
            own: true,
        });
        a.update(Action::SaveChoice(answer));
        if answer == SaveChoice::Cancel {
            assert!(!a.quit && a.dialogs.after_save.is_none());
            continue;
        }
        assert!(!a.quit, "not before the save is written");
        run_save(&mut a);
        assert!(a.quit, "{}", message(&a));
        let back = std::fs::read_to_string(&file).unwrap();
        assert!(
            back.contains("{edited}") && back.contains("1. e4 c5 *"),
            "{back}"
        );
    }
    // A save that fails: the game stays, and nothing else happens.
    let mut a = app();
    file_read(&mut a, file.clone(), text);
    a.update(Action::ChoiceConfirm);
    play(&mut a, "e5");
    press(&mut a, crossterm::event::KeyCode::Char('q'));
    press(&mut a, crossterm::event::KeyCode::Char('s'));
    a.update(Action::FileError(
        "cannot save three.pgn: the disk is full".into(),
    ));
    assert_eq!(mainline(&a), ["e4", "e5"]);
    assert!(!a.quit);
    assert!(
        message(&a).ends_with("so the game stays on the board"),
        "{}",
        message(&a)
    );
    assert!(a.dialogs.after_save.is_none());
    // A new game has no file: no s, the question stays open.
    let mut a = app();
    play(&mut a, "e4");
    press(&mut a, crossterm::event::KeyCode::Char('n'));
    assert!(matches!(a.dialogs.overlay, Overlay::Confirm(_)));
    press(&mut a, crossterm::event::KeyCode::Char('s'));
    assert!(matches!(a.dialogs.overlay, Overlay::Confirm(_)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text that is not PGN (a source file, a TOML file, /proc) is refused
/// whole, not cut into a picker of "games" of nothing.
#[test]
fn a_file_that_is_not_pgn_opens_nothing() {
    let mut a = app();
    play(&mut a, "e4");
    for text in [
        "[package]\nname = \"tapir\"\n\n[dependencies]\nratatui = \"0.29\"\n",
        "Name:\tbash\nState:\tR (running)\nCpus_allowed_list:\t0-1\n",
        "fn main() {\n    println!(\"hello\");\n}\n",
    ] {
        file_read(&mut a, "notes.txt", text);
        let e = common::error(&a);
        assert!(e.contains("notes.txt: not a PGN file"), "{e}");
        assert_eq!(a.dialogs.overlay, Overlay::None);
        assert_eq!(mainline(&a), ["e4"]);
    }
    // Moves alone, with no tags, are a game.
    file_read(&mut a, "moves.pgn", "1. d4 d5 2. c4 *\n");
    assert!(matches!(a.dialogs.overlay, Overlay::Confirm(_)));
}

#[test]
fn a_game_against_the_engine_comes_back_paused() {
    let mut a = app();
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlayClock);
    a.update(Action::ChoiceConfirm);
    play(&mut a, "e4");
    let token = a.engine.search.as_ref().unwrap().token;
    let best = tapir::chess::parse_move(a.board(), "c5").unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(best),
            ponder: None,
        },
    });
    let text = autosaved(&mut a);
    // A restart: the autosave read back into a fresh board.
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut b = App::new(Config::default(), Game::default());
    b.book.set(None, "off".into());
    b.restore_session(r);
    assert!(matches!(b.play.mode, Mode::Play { .. }));
    assert!(b.play.paused && b.engine.search.is_none());
    let c = b.play.clocks.clone().unwrap();
    assert!(c.stopped, "paused clocks do not run");
    assert_eq!(mainline(&b), ["e4", "c5"]);
    b.update(Action::MoveText("Nf3".into()));
    assert!(message(&b).contains("paused"));
    // p goes on: the human's clock runs, a move is played, the engine thinks.
    b.update(Action::OpenPlayDialog);
    assert!(!b.play.paused && b.play.clocks.as_ref().unwrap().ticking());
    b.update(Action::MoveText("Nf3".into()));
    assert!(b.engine.search.is_some());
    assert_eq!(mainline(&b), ["e4", "c5", "Nf3"]);
}

fn engine_plays(a: &mut App, san_move: &str) {
    let token = a.engine.search.as_ref().expect("the engine thinks").token;
    let best = tapir::chess::parse_move(a.board(), san_move).unwrap();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(best),
            ponder: None,
        },
    });
}

/// A game against the engine started inside a tree: a take-back deletes
/// the moves the game added and keeps the ones that were there before.
#[test]
fn a_take_back_inside_a_tree_deletes_only_the_games_own_moves() {
    let mut a = app();
    file_read(&mut a, "t.pgn", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 *");
    a.update(Action::First);
    for _ in 0..3 {
        a.update(Action::Next);
    }
    assert_eq!(san(&a), "Nf3");
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(tapir::chess::Color::Black));
    a.update(Action::ChoiceConfirm);
    play(&mut a, "d6"); // already in the tree: walked into
    engine_plays(&mut a, "Be2"); // new: a variation
    assert_eq!(a.tree().move_count(), 7);
    a.update(Action::TakeBack);
    assert_eq!(san(&a), "Nf3");
    assert_eq!(a.tree().move_count(), 6, "Be2 went, d6 stayed");
    assert_eq!(mainline(&a), ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]);
}

/// Taking back a mate gives the game back its open result.
#[test]
fn taking_back_a_mate_clears_the_result() {
    let mut a = app();
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    play(&mut a, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    assert_eq!(a.doc.game.tags.get("Result"), Some("1-0"));
    a.update(Action::TakeBack);
    assert_eq!(a.doc.game.result(), "*");
    play(&mut a, "d3");
    a.take_effects();
    a.update(Action::Command("save /tmp/tapir-never-written.pgn".into()));
    let text = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Save { text, .. } => Some(text),
            _ => None,
        })
        .unwrap();
    assert!(
        text.contains("[Result \"*\"]") && text.contains("4. d3 *"),
        "{text}"
    );
}

/// Loading one game after another shows the second one's moves.
#[test]
fn a_second_load_shows_its_own_moves() {
    let mut a = app();
    file_read(&mut a, "a.pgn", "1. e4 (1. c4 {English}) 1... c5 *");
    file_read(&mut a, "b.pgn", "1. d4 d5 2. c4 1-0");
    let drawn: Vec<String> =
        a.ui.moves
            .rows
            .iter()
            .flat_map(|r| r.iter().map(|p| p.text.clone()))
            .collect();
    assert_eq!(drawn, ["1.", "d4", "d5", "2.", "c4", "1-0"]);
}

/// The shown move is kept when the board is left, even with nothing edited.
#[test]
fn quitting_keeps_the_shown_move() {
    let mut a = app();
    file_read(&mut a, "q.pgn", "1. e4 e5 2. Nf3 Nc6 *");
    a.update(Action::First);
    a.update(Action::Next);
    a.take_effects();
    a.update(Action::Quit);
    assert!(a.quit);
    let text = autosaved(&mut a);
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    assert_eq!(r.game.tree().node(r.cursor).san(), "e4");
}

/// A loaded game's PlyCount follows the moves when it is saved.
#[test]
fn ply_count_follows_the_main_line() {
    let mut a = app();
    file_read(&mut a, "p.pgn", "[PlyCount \"2\"]\n\n1. e4 e5 *");
    play(&mut a, "Nf3");
    a.take_effects();
    a.update(Action::Command("save /tmp/tapir-never-written.pgn".into()));
    let text = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Save { text, .. } => Some(text),
            _ => None,
        })
        .unwrap();
    assert!(text.contains("[PlyCount \"3\"]"), "{text}");
}

/// A key as the terminal sends it, through the key map and the reducer.
fn press(a: &mut App, code: crossterm::event::KeyCode) {
    let k = crossterm::event::KeyEvent::new(code, crossterm::event::KeyModifiers::NONE);
    if let Some(action) = tapir::tui::keymap::map_key(a, &k) {
        a.update(action);
    }
}

fn type_keys(a: &mut App, keys: &str) {
    for c in keys.chars() {
        press(a, crossterm::event::KeyCode::Char(c));
    }
}

/// The glyph dialog stays open between glyphs (a move and a position
/// glyph often go together), and a key it has no use for closes it and
/// does its job on the board: `?` then `i` and a sentence is a comment,
/// not glyph keys; `:save` typed next is a command.
#[test]
fn a_board_key_in_the_glyph_dialog_closes_it_and_does_its_job() {
    use crossterm::event::KeyCode;
    let mut a = app();
    play(&mut a, "e4");
    type_keys(&mut a, "!2");
    assert!(matches!(a.dialogs.overlay, Overlay::Annotate { .. }));
    let nags = a.tree().node(a.doc.cursor).nags.clone();
    assert!(nags.contains(Nag::MISTAKE), "{nags:?}");
    type_keys(&mut a, "c");
    assert!(matches!(a.dialogs.overlay, Overlay::Annotate { .. }));
    let nags = a.tree().node(a.doc.cursor).nags.clone();
    type_keys(&mut a, "ibad idea");
    assert_eq!(a.dialogs.overlay, Overlay::None);
    press(&mut a, KeyCode::Enter);
    let node = a.tree().node(a.doc.cursor);
    assert_eq!(node.comment, "bad idea");
    assert_eq!(node.nags, nags, "the words set no glyph");
    // `:` opens the command line from the dialog.
    type_keys(&mut a, "!:");
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert!(matches!(
        a.dialogs.prompt.as_ref().map(|p| p.kind),
        Some(PromptKind::Command)
    ));
    press(&mut a, KeyCode::Esc);
    // Enter and the arrows stay the dialog's; a key the board has no use
    // for either just closes it.
    type_keys(&mut a, "!");
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    assert!(matches!(a.dialogs.overlay, Overlay::Annotate { choice: 1 }));
    type_keys(&mut a, "%");
    assert_eq!(a.dialogs.overlay, Overlay::None);
}

#[test]
fn a_comment_left_with_esc_comes_back_with_i() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::EditComment);
    for c in "a long thought".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::Cancel);
    assert!(a.dialogs.prompt.is_none());
    assert_eq!(a.tree().node(a.doc.cursor).comment, "");
    assert!(message(&a).contains("i brings back"), "{}", message(&a));
    // On another move the prompt opens with that move's comment.
    a.update(Action::Prev);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "");
    a.update(Action::Cancel);
    assert!(message(&a).contains("unchanged"));
    // Back on the move, i brings the typing back; Enter keeps it.
    a.update(Action::Next);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "a long thought");
    // Emptied and left, nothing is kept for later.
    a.update(Action::EditComment);
    a.update(Action::PromptKillBefore);
    a.update(Action::Cancel);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought");
    a.update(Action::Cancel);

    // Each move keeps its own draft; Enter on one keeps the other's.
    let e5 = a.doc.cursor;
    a.update(Action::EditComment);
    a.update(Action::PromptChar('!'));
    a.update(Action::Cancel);
    a.update(Action::Prev);
    a.update(Action::EditComment);
    a.update(Action::PromptChar('?'));
    a.update(Action::Cancel);
    a.update(Action::EditComment);
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "?");
    a.update(Action::Next);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought!");
    a.update(Action::Cancel);
    // A comment written meanwhile (a report) is still not written over
    // by the draft's first Enter.
    a.doc.game.set_comment(e5, false, "the report's words");
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought!");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(e5).comment, "the report's words");
    assert!(message(&a).contains("changed meanwhile"));
    a.update(Action::Cancel);
    // A draft belongs to its game: a new game's prompt opens empty.
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought!");
    a.update(Action::Cancel);
    a.update(Action::First);
    a.update(Action::EditComment);
    a.update(Action::PromptChar('x'));
    a.update(Action::Cancel);
    a.update(Action::NewGame);
    common::confirm_replace(&mut a);
    assert_eq!(a.tree().move_count(), 0);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "");
}

/// A comment typed on a saved game and left with Esc names that game's
/// move: a new game, or the file's next, asks first instead of dropping
/// it; no keeps it for `i`.
#[test]
fn a_comment_left_with_esc_is_asked_about_before_the_game_goes() {
    let game = tapir::game::pgn::read_first("1. e4 e5 *").unwrap().game;
    let mut a = App::new(Config::default(), game);
    a.book.set(None, "off".into());
    assert!(!a.doc.would_lose_work());
    a.update(Action::EditComment);
    for c in "a long thought".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::Cancel);
    a.update(Action::Command("new".into()));
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Replace(_))
    ));
    a.update(Action::Confirm(false));
    assert_eq!(a.tree().mainline().count(), 2);
    a.update(Action::EditComment);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "a long thought");
    // A draft whose move is gone (deleted, the game saved) is nothing to
    // ask about: no question.
    let game = tapir::game::pgn::read_first("1. e4 e5 *").unwrap().game;
    let mut b = App::new(Config::default(), game);
    b.book.set(None, "off".into());
    b.update(Action::EditComment);
    b.update(Action::PromptChar('!'));
    b.update(Action::Cancel);
    let e5 = b.doc.cursor;
    b.doc.game.delete(e5, e5).unwrap();
    b.doc.unsaved = false;
    b.update(Action::Command("new".into()));
    assert_eq!(b.dialogs.overlay, Overlay::None);
    assert!(b.tree().mainline().count() == 0, "the new game is on");
}

#[test]
fn a_null_move_is_typed_as_two_dashes_and_saved() {
    let mut a = app();
    play(&mut a, "e4");
    a.update(Action::MoveText("--".into()));
    assert_eq!(san(&a), "--");
    assert_eq!(a.board().side_to_move(), tapir::chess::Color::White);
    assert!(
        message(&a).contains("a null move, White moves again"),
        "{}",
        message(&a)
    );
    play(&mut a, "Nf3");
    assert_eq!(mainline(&a), ["e4", "--", "Nf3"]);
    assert!(autosaved(&mut a).contains("1. e4 -- 2. Nf3"));
    // Undone like any move.
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(mainline(&a), ["e4"]);
    // Not in check: the king could be taken.
    play(&mut a, "e5 Qh5 Nc6 Qxf7+");
    a.update(Action::MoveText("--".into()));
    assert!(message(&a).contains("no null move"), "{}", message(&a));
    assert_eq!(san(&a), "Qxf7+");
    // Not in a game.
    a.update(Action::TwoPlayers);
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.play.mode, Mode::TwoPlayers);
    a.update(Action::MoveText("--".into()));
    assert!(message(&a).contains("for analysis"), "{}", message(&a));
    assert!(a.tree().children(a.doc.cursor).is_empty());
}

/// `<`, `>`, `:game N` and `:games` for the board's file: what the runtime
/// reads for them, as `Reread` asks.
fn reread(a: &mut App, asked: Action, text: &str) {
    a.take_effects();
    a.update(asked);
    let (path, want) = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Reread { path, want } => Some((path, want)),
            _ => None,
        })
        .expect("the board's file to be read again");
    a.update(Action::FileReread {
        path,
        text: text.into(),
        encoding: tapir::game::pgn::Encoding::Utf8,
        want,
    });
}

/// A picker closed with Esc while the board's game is from no file (or
/// from another file) keeps its file within reach: `:games` lists its games again and `:game N`
/// opens one; a game that then replaces the board ends that.
#[test]
fn a_picker_closed_with_esc_can_be_opened_again() {
    let mut a = app();
    let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    file_read(&mut a, "/g/three.pgn", text);
    a.update(Action::Cancel);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert_eq!(
        message(&a),
        "/g/three.pgn: no game opened (:games lists them again)"
    );
    a.update(Action::StepGame(true));
    assert!(
        message(&a).contains(":games lists /g/three.pgn"),
        "{}",
        message(&a)
    );
    reread(&mut a, Action::Command("games".into()), text);
    assert!(matches!(a.dialogs.overlay, Overlay::Picker { .. }));
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["d4"]);
    assert!(a.doc.origin.is_some());
    // From no file again, :game N reaches the closed picker's file.
    let mut a = app();
    file_read(&mut a, "/g/three.pgn", text);
    a.update(Action::Cancel);
    reread(&mut a, Action::Command("game 3".into()), text);
    assert_eq!(mainline(&a), ["c4"]);
    // Over a game from another file too: the file just loaded is the one
    // `:games` and `:game N` mean (`<` `>` still walk the board's own).
    let mut a = app();
    file_read(&mut a, "/g/one.pgn", "[Event \"O\"]\n\n1. Nf3 *\n");
    assert_eq!(mainline(&a), ["Nf3"]);
    file_read(&mut a, "/g/three.pgn", text);
    a.update(Action::Cancel);
    assert_eq!(
        message(&a),
        "/g/three.pgn: no game opened (:games lists them again)"
    );
    a.take_effects();
    a.update(Action::StepGame(true));
    let stepped = a.take_effects().into_iter().find_map(|e| match e {
        Effect::Reread { path, .. } => Some(path),
        _ => None,
    });
    assert_eq!(stepped.as_deref(), Some(std::path::Path::new("/g/one.pgn")));
    reread(&mut a, Action::Command("game 2".into()), text);
    assert_eq!(mainline(&a), ["d4"]);
    assert_eq!(
        a.doc.origin.as_ref().map(|o| o.path.clone()),
        Some("/g/three.pgn".into())
    );
    // A new game ends it.
    let mut a = app();
    file_read(&mut a, "/g/three.pgn", text);
    a.update(Action::Cancel);
    a.update(Action::Paste("8/8/8/8/8/8/6k1/4K2R w K - 0 1".into()));
    a.update(Action::Command("games".into()));
    assert!(
        message(&a).contains("from no file: :load FILE"),
        "{}",
        message(&a)
    );
}

/// Pasted games live nowhere else: the one picked keeps them, so `<` `>`
/// `:games` and `:game N` walk them as a file's; an edited one is asked
/// about before another takes the board, an unedited one is still there.
#[test]
fn pasted_games_are_walked_as_a_files_are() {
    let mut a = app();
    let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    a.update(Action::Paste(text.into()));
    assert!(matches!(a.dialogs.overlay, Overlay::Picker { .. }));
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["d4"]);
    assert!(a.doc.origin.is_none() && a.doc.unsaved, "held by no file");
    // No effect: nothing is read again, the text is kept.
    a.take_effects();
    a.update(Action::StepGame(true));
    assert_eq!(mainline(&a), ["c4"], "{}", message(&a));
    // The move list's title numbers it as a file's game.
    let shown = common::screen(&mut a, 120, 40).join("\n");
    assert!(shown.contains("game 3/3"), "{shown}");
    assert!(!a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Reread { .. })));
    a.update(Action::StepGame(true));
    assert!(message(&a).contains("this is the last"), "{}", message(&a));
    a.update(Action::Command("game 1".into()));
    assert_eq!(mainline(&a), ["e4"]);
    a.update(Action::StepGame(false));
    assert!(message(&a).contains("this is the first"), "{}", message(&a));
    a.update(Action::Command("game 9".into()));
    assert!(message(&a).contains("no game 9"), "{}", message(&a));
    a.update(Action::Command("games".into()));
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Picker { selected: 0, .. }
    ));
    a.update(Action::Cancel);
    // A file's picker closed with Esc is what :games means then; < >
    // still walk the board's own games.
    file_read(
        &mut a,
        "/g/three.pgn",
        "[Event \"X\"]\n\n1. g3 *\n\n[Event \"Y\"]\n\n1. b3 *\n",
    );
    a.update(Action::Cancel);
    a.update(Action::StepGame(true));
    assert_eq!(mainline(&a), ["d4"], "{}", message(&a));
    a.update(Action::StepGame(false));
    // An edited game is asked about; kept, it stays as it is.
    play(&mut a, "e5");
    a.update(Action::StepGame(true));
    assert!(
        matches!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Replace(_))),
        "{:?}",
        a.dialogs.overlay
    );
    a.update(Action::Confirm(false));
    assert_eq!(mainline(&a), ["e4", "e5"]);
    a.update(Action::StepGame(true));
    common::confirm_replace(&mut a);
    assert_eq!(mainline(&a), ["d4"], "the edited game kept aside first");
    // Another game ends the walk, and the pasted game is asked about.
    a.update(Action::Command("fen 8/8/8/8/8/8/6k1/4K2R w K - 0 1".into()));
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::Replace(_))
    ));
    common::confirm_replace(&mut a);
    a.update(Action::StepGame(true));
    assert!(
        message(&a).contains("from no file: :load FILE"),
        "{}",
        message(&a)
    );
}

/// A file that lost games since the board's game was opened from it:
/// `>` says the board's game is past its end now, `<` goes to its last.
#[test]
fn a_file_that_shrank_is_walked_from_its_end() {
    let mut a = app();
    let three =
        "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    let two = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    file_read(&mut a, "/g/three.pgn", three);
    a.update(Action::ChoiceMove(2));
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["c4"]);
    reread(&mut a, Action::StepGame(true), two);
    assert_eq!(
        message(&a),
        "/g/three.pgn holds 2 games, fewer than when game 3 was opened; < goes to the last"
    );
    assert_eq!(mainline(&a), ["c4"]);
    reread(&mut a, Action::StepGame(false), two);
    assert_eq!(mainline(&a), ["d4"]);
}

/// Another program removed the board's game from its file, or put games
/// before it: `>` goes to the game after it all the same, never over one.
#[test]
fn angle_brackets_find_the_board_s_game_after_other_programs_edits() {
    let g = |e: &str, m: &str| format!("[Event \"{e}\"]\n\n1. {m} *\n\n");
    let four = [g("A", "e4"), g("B", "d4"), g("C", "c4"), g("D", "Nf3")].concat();
    // A board with game B of the four picked.
    let on_b = || {
        let mut a = app();
        file_read(&mut a, "/g/four.pgn", &four);
        a.update(Action::ChoiceMove(1));
        a.update(Action::ChoiceConfirm);
        a
    };
    // Game B on the board; B is then removed: `>` opens C, now game 2.
    let mut a = on_b();
    assert_eq!(mainline(&a), ["d4"]);
    let without_b = [g("A", "e4"), g("C", "c4"), g("D", "Nf3")].concat();
    reread(&mut a, Action::StepGame(true), &without_b);
    assert_eq!(mainline(&a), ["c4"]);
    assert_eq!(a.doc.origin.as_ref().and_then(|o| o.index), Some(1));
    // Game B on the board; two games put before it: `>` opens C, and `<`
    // from B opens A.
    let mut a = on_b();
    let more = [g("X", "g3"), g("Y", "b3"), four.clone()].concat();
    reread(&mut a, Action::StepGame(true), &more);
    assert_eq!(mainline(&a), ["c4"]);
    assert_eq!(a.doc.origin.as_ref().and_then(|o| o.index), Some(4));
    let mut a = on_b();
    reread(&mut a, Action::StepGame(false), &more);
    assert_eq!(mainline(&a), ["e4"]);
    // Game B on the board, with a move of the user's; B then changed in
    // its place (SCID added a comment): `>` opens C, not B again, and the
    // question's `s` says the save asks where the game goes.
    let mut a = on_b();
    play(&mut a, "d5");
    let b_changed = four.replace("1. d4 *", "1. d4 {SCID} *");
    reread(&mut a, Action::StepGame(true), &b_changed);
    let screen = common::screen(&mut a, 80, 24).join("\n");
    assert!(screen.contains("s adds it to"), "{screen}");
    assert!(screen.contains("changed elsewhere"), "{screen}");
    common::confirm_replace(&mut a);
    assert_eq!(mainline(&a), ["c4"]);
    assert_eq!(a.doc.origin.as_ref().and_then(|o| o.index), Some(2));
}

/// `<` and `>` walk a many-game file's games, reading the file again each
/// time (a save in place changes it); its ends are said and change
/// nothing, an unsaved game is asked about first, and a game from no file
/// says how to open one. `:game N` and `:games` go to a game by number
/// and to the picker at the board's game.
#[test]
fn angle_brackets_walk_the_file_s_games() {
    let mut a = app();
    a.update(Action::StepGame(true));
    assert!(message(&a).contains("from no file"), "{}", message(&a));
    assert!(a
        .take_effects()
        .iter()
        .all(|e| !matches!(e, Effect::Reread { .. })));
    let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    file_read(&mut a, "/g/three.pgn", text);
    a.update(Action::ChoiceMove(1));
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["d4"]);
    reread(&mut a, Action::StepGame(true), text);
    assert_eq!(mainline(&a), ["c4"]);
    assert!(
        message(&a).starts_with("loaded game 3 of 3 in /g/three.pgn"),
        "{}",
        message(&a)
    );
    let origin = a.doc.origin.as_ref().unwrap();
    // The move list's title says "game 3/3".
    assert_eq!((origin.index, origin.games), (Some(2), Some(3)));
    assert!(!a.doc.unsaved);
    reread(&mut a, Action::StepGame(true), text);
    assert!(message(&a).contains("this is the last"), "{}", message(&a));
    assert_eq!(mainline(&a), ["c4"]);
    // An unsaved game is asked about; "no" keeps it as it is.
    play(&mut a, "c5");
    reread(&mut a, Action::StepGame(false), text);
    let Overlay::Confirm(ConfirmWhat::Replace(r)) = &a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert_eq!(
        r.question,
        "The game is not saved. Open game 2 of three.pgn?"
    );
    a.update(Action::Confirm(false));
    assert_eq!(mainline(&a), ["c4", "c5"]);
    assert_eq!(message(&a), "no: the game on the board stays as it is");
    reread(&mut a, Action::StepGame(false), text);
    common::confirm_replace(&mut a);
    assert_eq!(mainline(&a), ["d4"]);
    reread(&mut a, Action::Command("game 1".into()), text);
    assert_eq!(mainline(&a), ["e4"]);
    reread(&mut a, Action::StepGame(false), text);
    assert!(message(&a).contains("this is the first"), "{}", message(&a));
    reread(&mut a, Action::Command("game 9".into()), text);
    assert!(
        message(&a).contains("holds 3 games, so there is no game 9"),
        "{}",
        message(&a)
    );
    assert_eq!(mainline(&a), ["e4"]);
    // The picker opens at the board's game.
    reread(&mut a, Action::StepGame(true), text);
    reread(&mut a, Action::Command("games".into()), text);
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Picker { selected: 1, .. }
    ));
    a.update(Action::Cancel);
    // The file as it is now: a game added at its front moves the board's
    // game on, and `>` reads the game after it where it is now.
    let grown = format!("[Event \"Z\"]\n\n1. f4 *\n\n{text}");
    reread(&mut a, Action::StepGame(true), &grown);
    assert_eq!(mainline(&a), ["c4"]);
    // A game that holds nothing a game is made of does not wall off
    // the games beyond it: `>` and `<` step over it, and say so.
    let walled = "[Event \"A\"]\n\n1. e4 *\n\n\u{1}\u{2}\n\n[Event \"C\"]\n\n1. c4 *\n";
    reread(&mut a, Action::Command("game 1".into()), walled);
    reread(&mut a, Action::StepGame(true), walled);
    assert_eq!(mainline(&a), ["c4"], "{}", message(&a));
    assert!(
        message(&a).contains("skipped: game 2 holds no game"),
        "{}",
        message(&a)
    );
    reread(&mut a, Action::StepGame(false), walled);
    assert_eq!(mainline(&a), ["e4"], "{}", message(&a));
    reread(&mut a, Action::Command("game 2".into()), walled);
    assert!(message(&a).contains("no game found"), "{}", message(&a));
    // A game read only in part still walks its file; only `:save` alone
    // is refused (it would write the part over the whole).
    let partial = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 d5 2. Ke3 *\n\n[Event \"C\"]\n\n1. c4 *\n";
    reread(&mut a, Action::Command("game 2".into()), partial);
    assert_eq!(mainline(&a), ["d4", "d5"]);
    assert!(message(&a).contains("read in part"), "{}", message(&a));
    a.take_effects();
    a.update(Action::Command("save".into()));
    assert!(message(&a).contains("file name"), "{}", message(&a));
    assert!(a
        .take_effects()
        .iter()
        .all(|e| !matches!(e, Effect::Save { .. })));
    reread(&mut a, Action::StepGame(true), partial);
    assert_eq!(mainline(&a), ["c4"], "{}", message(&a));
    assert!(a.doc.own_file().is_some());
    // A file that now holds one game is said so.
    reread(&mut a, Action::StepGame(true), "[Event \"A\"]\n\n1. e4 *\n");
    assert!(
        message(&a).contains("holds only one game"),
        "{}",
        message(&a)
    );
}

/// `:save FILE` elsewhere is Save As: the game is the new file's from
/// then on, and the message says so and where it came from.
#[test]
fn a_game_saved_elsewhere_says_it_belongs_there_now() {
    let mut a = app();
    let text = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    file_read(&mut a, "/g/two.pgn", text);
    a.update(Action::ChoiceConfirm);
    assert_eq!(mainline(&a), ["e4"]);
    a.update(Action::Saved(SavedAs {
        path: "/g/copy.pgn".into(),
        index: None,
        note: None,
        fingerprint: 1,
    }));
    assert_eq!(
        message(&a),
        "saved /g/copy.pgn; :save writes here now (it came from /g/two.pgn)"
    );
    // Saved again in place: nothing more to say.
    a.update(Action::Saved(SavedAs {
        path: "/g/copy.pgn".into(),
        index: None,
        note: None,
        fingerprint: 2,
    }));
    assert_eq!(message(&a), "saved /g/copy.pgn");
}

/// Edits undone and then saved are in no file: `n` asks before they go,
/// saying what is at stake, and `n` to the question keeps them for Ctrl-Y.
#[test]
fn undone_edits_are_asked_about_after_a_save() {
    // The runtime wrote the game to /tmp/r1.pgn.
    let saved = |a: &mut App, fingerprint| {
        a.update(Action::Saved(SavedAs {
            path: "/tmp/r1.pgn".into(),
            index: None,
            note: None,
            fingerprint,
        }))
    };
    let mut a = app();
    play(&mut a, "e4 e5 Nf3");
    a.update(Action::Command("comment important analysis".into()));
    a.update(Action::Undo);
    a.update(Action::Undo);
    saved(&mut a, 1);
    assert!(!a.doc.unsaved);
    a.update(Action::NewGame);
    assert!(
        matches!(a.dialogs.overlay, Overlay::Confirm(ConfirmWhat::Replace(_))),
        "{:?}",
        a.dialogs.overlay
    );
    a.update(Action::Confirm(false));
    a.update(Action::Redo);
    a.update(Action::Redo);
    assert_eq!(mainline(&a), ["e4", "e5", "Nf3"]);
    assert_eq!(a.tree().node(a.doc.cursor).comment, "important analysis");
    // With nothing left to redo, a saved game goes without a question.
    saved(&mut a, 2);
    a.update(Action::NewGame);
    assert_eq!(a.dialogs.overlay, Overlay::None);
}

/// A comment typed before a variation's first move and left with Esc
/// still opens with `I` after the variation became the main move.
#[test]
fn a_draft_before_a_move_outlives_its_promotion() {
    let mut a = app();
    play(&mut a, "e4 e5");
    a.update(Action::Prev);
    play(&mut a, "c5");
    a.update(Action::EditCommentBefore);
    for c in "my long draft".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::Cancel);
    a.update(Action::MakeMain);
    assert_eq!(mainline(&a), ["e4", "c5"]);
    a.update(Action::EditCommentBefore);
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "my long draft");
    a.update(Action::PromptSubmit);
    assert_eq!(a.tree().node(a.doc.cursor).comment_before, "my long draft");
}

/// A game begun on the board keeps no roster placeholders from the
/// autosave: after a restart it is still saved as a tapir game.
#[test]
fn a_restart_keeps_a_new_games_own_tags() {
    let mut a = app();
    play(&mut a, "e4");
    let text = autosaved(&mut a);
    let before = common::saved_text(&mut a);
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    let mut b = app();
    b.restore_session(r);
    assert_eq!(common::saved_text(&mut b), before);
    assert!(before.contains("[Event \"tapir game\"]"), "{before}");
}

/// A game kept aside (`autosave.previous.pgn`, holding the board's session
/// tags) and brought back with `:load` keeps the file it came from: `:save`
/// puts it back in its place there, checked as any save in place is, and
/// it counts as unsaved until then.
#[test]
fn a_game_kept_aside_and_loaded_saves_back_into_its_file() {
    let mut a = app();
    a.sessions_dir = Some("/data/tapir".into());
    let parked = "[Event \"C\"]\n[TapirFile \"/games/five.pgn\"]\n[TapirFileIndex \"2\"]\n\
                  [TapirFileFingerprint \"00000000000000ff\"]\n[TapirUnsaved \"1\"]\n\n\
                  1. e4 { MYNOTE3 } *\n";
    file_read(&mut a, "/data/tapir/autosave.previous.pgn", parked);
    let said = message(&a);
    assert!(
        said.contains("it came from /games/five.pgn (game 3)"),
        "{said}"
    );
    assert!(a.doc.unsaved, "the file does not have the note yet");
    assert!(a.doc.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
    a.take_effects();
    a.update(Action::Command("save".into()));
    let effects = a.take_effects();
    assert!(
        effects.iter().any(|e| matches!(
            e,
            Effect::Save {
                path,
                how: SaveHow::Replace {
                    index: Some(2),
                    expect: Some(0xff)
                },
                text,
            } if path == std::path::Path::new("/games/five.pgn") && text.contains("MYNOTE3")
        )),
        "{effects:?}"
    );
    // A file of the user's own with such a tag but read only in part
    // keeps no link: the part is never saved over a whole game.
    let mut b = app();
    b.sessions_dir = Some("/tmp".into());
    let broken = "[TapirFile \"/games/five.pgn\"]\n\n1. e4 e4 *\n";
    file_read(&mut b, "/tmp/broken.pgn", broken);
    assert!(!message(&b).contains("it came from"), "{}", message(&b));
}

/// A comment typed and left with Esc, kept aside with its game (`y` to
/// "A comment you typed is not written"), comes back with `:load` of the
/// kept file: `i` on its move opens with it, as it did before.
#[test]
fn a_kept_aside_comment_comes_back_with_its_game() {
    let mut a = app();
    a.sessions_dir = Some("/data/tapir".into());
    play(&mut a, "e4 e5");
    a.update(Action::Prev);
    a.update(Action::EditComment);
    for c in "important idea".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::Cancel);
    let kept = autosaved(&mut a);
    assert!(kept.contains("TapirDraft1"), "{kept}");
    let mut b = app();
    b.sessions_dir = Some("/data/tapir".into());
    file_read(&mut b, "/data/tapir/autosave.previous.pgn", &kept);
    let said = message(&b);
    assert!(
        said.contains("a comment typed and not written comes back: i on 1. e4"),
        "{said}"
    );
    assert!(b.doc.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
    b.update(Action::First);
    b.update(Action::Next);
    b.update(Action::EditComment);
    let p = b.dialogs.prompt.as_ref().expect("the comment prompt");
    assert_eq!(p.text, "important idea");
    // From a file of the user's own, such a tag is only left out.
    let mut c = app();
    c.sessions_dir = Some("/data/tapir".into());
    file_read(&mut c, "/home/user/shared.pgn", &kept);
    assert!(c.dialogs.comment_drafts.is_empty());
}

/// A file the user opens that carries tapir's session tags (shared, or
/// made to look like a session kept aside) never steers `:save` onto
/// another file: only a game loaded from tapir's own sessions folder keeps
/// its link, and only with the fingerprint a save in place checks.
#[test]
fn a_file_with_session_tags_from_elsewhere_steers_no_save() {
    let steer = "[Event \"Shared analysis\"]\n[TapirFile \"/games/victim.pgn\"]\n\
                 [TapirFileIndex \"1\"]\n[TapirFileFingerprint \"00000000000000ff\"]\n\n1. f4 *\n";
    let unprinted = "[Event \"Old\"]\n[TapirFile \"/games/victim.pgn\"]\n\n1. f4 *\n";
    for (path, text) in [
        ("/home/user/shared.pgn", steer),
        ("/data/tapir/autosave.previous.pgn", unprinted),
    ] {
        let mut a = app();
        a.sessions_dir = Some("/data/tapir".into());
        file_read(&mut a, path, text);
        let said = message(&a);
        assert!(!said.contains("it came from"), "{said}");
        assert!(said.contains("session tags left out"), "{said}");
        assert!(a.doc.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
        play(&mut a, "e5");
        a.take_effects();
        a.update(Action::Command("save".into()));
        let effects = a.take_effects();
        assert!(
            !effects.iter().any(|e| matches!(
                e,
                Effect::Save { path, .. } if path == std::path::Path::new("/games/victim.pgn")
            )),
            "{effects:?}"
        );
    }
}

/// "The file exists" with a long path: the path takes the rows it needs
/// and the number of games `o` would lose is still shown, at 80x24 and
/// at 120x40.
#[test]
fn the_file_exists_dialog_shows_the_games_behind_a_long_path() {
    let mut a = app();
    play(&mut a, "d4 d5");
    let path = std::path::PathBuf::from(
        "/home/someone/a-very-long-folder-name-for-testing/another-quite-long-folder-name/kasparov.pgn",
    );
    a.update(Action::SaveTargetExists {
        path,
        holds: Holding::Games(6),
        own: false,
    });
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = common::screen(&mut a, w, h).join("\n");
        assert!(shown.contains("it holds 6 games."), "{shown}");
        assert!(shown.contains("kasparov.pgn:"), "{shown}");
        assert!(shown.contains("c  cancel (Esc)"), "{shown}");
    }
}

/// Undo and redo back to the game as it was saved leave nothing to save:
/// quitting does not ask, as it did after Ctrl-Z, Ctrl-Y following a save.
#[test]
fn undo_and_redo_back_to_the_saved_game_leave_it_saved() {
    // What the runtime reports once the game is written to its file.
    let saved = |fingerprint| {
        Action::Saved(SavedAs {
            path: std::env::temp_dir().join("tapir-undo-saved.pgn"),
            index: None,
            note: None,
            fingerprint,
        })
    };
    let mut a = App::new(Default::default(), Game::default());
    play(&mut a, "e4");
    play(&mut a, "e5");
    a.update(saved(1));
    assert!(!a.doc.unsaved);
    a.update(Action::Undo);
    assert!(a.doc.unsaved, "one move short of the file");
    a.update(Action::Redo);
    assert!(!a.doc.unsaved, "as the file holds it");
    assert!(!a.doc.would_lose_work());
    // A change after the save, taken back, is the file's game again, but
    // Ctrl-Y could still bring the change back: that is work no file has.
    play(&mut a, "Nf3");
    assert!(a.doc.unsaved);
    a.update(Action::Undo);
    assert!(!a.doc.unsaved);
    assert!(a.doc.would_lose_work());
    // A deletion taken back is no such work: Ctrl-Y would only take out
    // again what the game, as saved, holds. Quitting does not ask.
    play(&mut a, "Nf3");
    a.update(saved(2));
    a.update(Action::Delete);
    a.update(Action::Confirm(true));
    a.update(Action::Undo);
    assert!(a.doc.game.can_redo());
    assert!(!a.doc.unsaved);
    assert!(!a.doc.would_lose_work());
    a.update(Action::Quit);
    assert!(a.quit, "{:?}", a.dialogs.overlay);
}

/// A move list longer than its pane marks the rows out of sight: ▼ while
/// more follow, ▲ once the first rows are scrolled away.
#[test]
fn a_scrolled_move_list_marks_the_rows_out_of_sight() {
    let mut a = App::new(Default::default(), Game::default());
    for _ in 0..20 {
        play(&mut a, "Nf3 Nf6 Ng1 Ng8");
    }
    a.update(Action::First);
    let rows = common::screen(&mut a, 80, 24);
    assert!(rows.iter().any(|r| r.contains('▼')), "{rows:#?}");
    assert!(!rows.iter().any(|r| r.contains('▲')), "{rows:#?}");
    a.update(Action::Last);
    let rows = common::screen(&mut a, 80, 24);
    assert!(rows.iter().any(|r| r.contains('▲')), "{rows:#?}");
}

/// What was said about a move (its new variation) goes once the board
/// moves to another; an error stays until it is answered.
#[test]
fn a_message_about_a_move_goes_when_the_board_moves_on() {
    let mut a = App::new(Default::default(), Game::default());
    play(&mut a, "e4 e5");
    a.update(Action::Prev);
    play(&mut a, "d6");
    assert!(message(&a).contains("a new variation"), "{}", message(&a));
    a.update(Action::Prev);
    assert!(a.dialogs.message.is_none(), "{:?}", a.dialogs.message);
    a.update(Action::MoveText("Ke2".into()));
    assert!(a.dialogs.message.as_ref().is_some_and(|m| m.error));
    a.update(Action::Prev);
    assert!(
        a.dialogs.message.as_ref().is_some_and(|m| m.error),
        "an error stays"
    );
}

/// `:kept` lists what tapir kept aside (the runtime's part done here with
/// `kept::list`), newest first; the arrows move the bar and Enter loads
/// the file as `:load` does. With none kept it says where they would be.
#[test]
fn kept_lists_the_files_kept_aside_and_enter_loads_one() {
    let dir = std::env::temp_dir().join(format!("tapir-kept-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("overwritten")).unwrap();
    let mut a = app();
    a.update(Action::Command("kept".into()));
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::ListKept)));
    let listed = |a: &mut App| {
        a.update(Action::KeptListed {
            dir: dir.clone(),
            files: tapir::tui::kept::list(&dir),
        })
    };
    listed(&mut a);
    assert!(
        message(&a).starts_with("nothing kept aside") && a.dialogs.overlay == Overlay::None,
        "{}",
        message(&a)
    );
    std::fs::write(dir.join("autosave.previous.pgn"), "1. e4 e5 *\n").unwrap();
    std::fs::write(dir.join("overwritten/k.pgn"), "1. d4 *\n\n1. c4 *\n").unwrap();
    listed(&mut a);
    let Overlay::Kept { files, choice, .. } = &a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    assert_eq!((files.len(), *choice), (2, 0));
    let second = files[1].path.clone();
    press(&mut a, crossterm::event::KeyCode::Down);
    press(&mut a, crossterm::event::KeyCode::Down);
    a.take_effects();
    press(&mut a, crossterm::event::KeyCode::Enter);
    let loads: Vec<_> = a
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Load(p) => Some(p),
            _ => None,
        })
        .collect();
    // The bar stopped at the last file.
    assert_eq!(loads, [second]);
    assert_eq!(a.dialogs.overlay, Overlay::None);
    // `r` on a copy that says its file asks, then puts the file back (the
    // runtime's part: files::restore_copy, tested there); on a game it
    // says what r is for.
    std::fs::write(dir.join("overwritten/.k.pgn.from"), "/games/k.pgn\n").unwrap();
    listed(&mut a);
    let Overlay::Kept { files, .. } = &a.dialogs.overlay else {
        panic!("{:?}", a.dialogs.overlay);
    };
    let at = files.iter().position(|f| f.from.is_some()).unwrap();
    let copy = files[at].path.clone();
    a.update(Action::ChoiceMove(i32::MIN / 2));
    for _ in 0..at {
        a.update(Action::ChoiceMove(1));
    }
    press(&mut a, crossterm::event::KeyCode::Char('r'));
    assert!(matches!(
        a.dialogs.overlay,
        Overlay::Confirm(ConfirmWhat::RestoreCopy { .. })
    ));
    a.take_effects();
    a.update(Action::Confirm(true));
    let restores: Vec<_> = a
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::RestoreCopy { copy, to } => Some((copy, to)),
            _ => None,
        })
        .collect();
    assert_eq!(restores, [(copy, "/games/k.pgn".into())]);
    listed(&mut a);
    a.update(Action::ChoiceMove(1 - 2 * at as i32));
    press(&mut a, crossterm::event::KeyCode::Char('r'));
    assert!(
        common::error(&a).contains("this one is a game"),
        "{}",
        common::error(&a)
    );
    a.update(Action::Cancel);
    // A copy kept before an overwrite is walked, never saved into: :save
    // alone asks for a file, and says why.
    a.sessions_dir = Some(std::fs::canonicalize(&dir).unwrap());
    let copy = dir.join("overwritten/k.pgn");
    file_read(
        &mut a,
        copy.clone(),
        &std::fs::read_to_string(&copy).unwrap(),
    );
    a.update(Action::ChoiceConfirm);
    assert!(
        message(&a).contains("a copy kept before an overwrite, so :save asks for a file"),
        "{}",
        message(&a)
    );
    play(&mut a, "e5");
    save_writes_nothing(&mut a);
    assert!(
        common::error(&a).contains("it is from a copy kept before an overwrite"),
        "{}",
        common::error(&a)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
