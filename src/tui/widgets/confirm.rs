//! The yes/no question box. Its words say what the answer does to the
//! player's work: what stays, where it is kept, which key undoes it. They
//! are chosen here (`words`) apart from the box's layout (`render`), since
//! the choice is the part that keeps the rule that nothing goes unasked.

use super::{popup, put};
use crate::tui::app::{App, ConfirmWhat, Mode};
use crate::tui::files::for_load;
use crate::tui::kept::COPIES;
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// What the box says: its title, the question, a note on what stays or
/// how to undo, and where the game goes aside only as it is, a second
/// note saying what Ctrl-Z or Ctrl-Y would bring back goes.
struct Words {
    title: &'static str,
    question: String,
    note: String,
    extra: Option<String>,
}

impl Words {
    fn new(title: &'static str, question: impl Into<String>, note: impl Into<String>) -> Words {
        Words {
            title,
            question: question.into(),
            note: note.into(),
            extra: None,
        }
    }
}

/// Draws the question `what` asks, centred on `full`.
pub fn render(app: &App, what: &ConfirmWhat, theme: &Theme, full: Rect, buf: &mut Buffer) {
    let Words {
        title,
        question,
        note,
        extra,
    } = words(app, what);
    // Save, then go on: the third answer a player expects.
    let save_first = app.save_first_target(what).map(|path| {
        let name = path
            .file_name()
            .unwrap_or(path.as_os_str())
            .to_string_lossy();
        match what {
            ConfirmWhat::Quit => format!("s saves it in {name}, then quits"),
            // The file changed elsewhere: the save asks where it goes.
            ConfirmWhat::Replace(r) if r.own_file_changed => {
                format!("s adds it to {name} (changed elsewhere), then goes on")
            }
            _ => format!("s saves it in {name}, then goes on"),
        }
    });
    let widest = [
        Some(&question),
        Some(&note),
        extra.as_ref(),
        save_first.as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(|t| t.chars().count())
    .max()
    .unwrap_or(0);
    let w = (widest as u16 + 4).clamp(40, 76).min(full.width);
    // A text wider than the box goes on over more rows, not cut.
    let room = usize::from(w.saturating_sub(4)).max(1);
    let mut rows: Vec<(String, Style)> = Vec::new();
    let add = |rows: &mut Vec<(String, Style)>, text: &str, style: Style| {
        rows.extend(super::wrap(text, room).into_iter().map(|r| (r, style)));
    };
    add(&mut rows, &question, Style::new().fg(theme.text));
    if let Some(s) = &save_first {
        add(&mut rows, s, Style::new().fg(theme.text));
    }
    add(&mut rows, &note, theme.dim_style());
    match extra.as_deref() {
        Some(e) => add(&mut rows, e, theme.dim_style()),
        None => rows.push((String::new(), theme.dim_style())),
    }
    let keys = match (save_first.is_some(), app.dialogs.question_hold) {
        (true, _) => "s save · y yes · n no",
        (false, true) => "y yes · n no · the clocks wait",
        (false, false) => "y yes · n no",
    };
    rows.push((keys.to_string(), theme.title()));
    let h = rows.len() as u16 + 2;
    let (_, inner) = popup(buf, full, w, h, title, theme);
    for (k, (text, style)) in rows.into_iter().enumerate() {
        put(
            buf,
            inner.x + 1,
            inner.y + k as u16,
            &text,
            style,
            inner.width - 1,
        );
    }
}

/// The words for `what`.
fn words(app: &App, what: &ConfirmWhat) -> Words {
    match what {
        ConfirmWhat::Quit | ConfirmWhat::Replace(_) => leaving_words(app, what),
        ConfirmWhat::Delete { node, after } => Words::new(
            "Delete",
            app.delete_question(*node, *after),
            "(Ctrl-Z puts it back)",
        ),
        ConfirmWhat::EndGame => Words::new(
            "End the game",
            if app.play.mode == Mode::TwoPlayers {
                "End the two players' game and analyse?"
            } else {
                "End the game against the engine and analyse?"
            },
            "(its moves and tags stay; no result goes in)",
        ),
        ConfirmWhat::NewPlay => Words::new(
            "New game",
            "End the game against the engine and start another from here?",
            "(its moves and tags stay; no result goes in)",
        ),
        ConfirmWhat::TwoPlayers => Words::new(
            "Two players",
            "End the game against the engine and move both sides by hand?",
            "(its moves and tags stay; no result goes in)",
        ),
        ConfirmWhat::Resign if app.two_players_running() => Words::new(
            "Resign",
            format!(
                "{} resigns?",
                app.doc.game.board(app.play.game_end).side_to_move().name()
            ),
            result_note(app),
        ),
        ConfirmWhat::Resign => Words::new(
            "Resign",
            "Resign the game against the engine?",
            result_note(app),
        ),
        ConfirmWhat::AgreeDraw => {
            Words::new("Draw", "Do both players agree to a draw?", result_note(app))
        }
        ConfirmWhat::RestoreCopy { copy, to } => Words::new(
            "Put a file back",
            format!(
                "Put {} back as {} has it?",
                for_load(to),
                copy.file_name().map_or(String::new(), |n| format!(
                    "{COPIES}/{}",
                    n.to_string_lossy()
                ))
            ),
            "(what the file holds now is kept as a copy first; n leaves it as it is)",
        ),
    }
}

/// The words for quitting or replacing the board's game: what would go,
/// and where it is kept.
fn leaving_words(app: &App, what: &ConfirmWhat) -> Words {
    let doc = &app.doc;
    // With no moves left on the board, what is at stake is what Ctrl-Z
    // would bring back, and no autosave holds that.
    let unsaved_note = |kept: String| {
        if doc.has_work() {
            kept
        } else {
            "(what Ctrl-Z or Ctrl-Y would bring back goes; n keeps it)".to_string()
        }
    };
    // A game from a file is saved back by `:save` alone; in the board
    // editor, `:` and Ctrl-Y are the editor's, so Esc comes first.
    let esc = if app.editor.is_some() { "Esc, " } else { "" };
    let save = match (doc.own_file(), what) {
        (Some(_), _) => format!("{esc}:save"),
        (None, _) => format!("{esc}:save FILE"),
    };
    // The game goes aside (or stays in the autosave) as it is: what its
    // undo list took out of it (deleted moves, words), or its redo list
    // would put back, does not go with it.
    let keys = match (doc.game.undo_would_bring_back(), doc.game.redo_would_add()) {
        (true, true) => Some("Ctrl-Z or Ctrl-Y"),
        (true, false) => Some("Ctrl-Z"),
        (false, true) => Some("Ctrl-Y"),
        (false, false) => None,
    };
    let undo_goes = keys
        .filter(|_| doc.unsaved && doc.has_work())
        .map(|k| format!("only as it is now: what {k} would bring back goes"));
    let quit = matches!(what, ConfirmWhat::Quit);
    // Saved, and what is at stake is what Ctrl-Y would bring back.
    if !doc.unsaved && doc.game.redo_would_add() {
        return Words::new(
            "Undone edits",
            format!(
                "Ctrl-Y can still bring back an edit that no file holds. {}",
                if quit { "Quit anyway?" } else { "Go on?" }
            ),
            format!("(y: it goes; n, then {esc}Ctrl-Y brings it back)"),
        );
    }
    if quit {
        return quit_words(app, save, unsaved_note, undo_goes);
    }
    let engine_game_ends = app.engine_game_on();
    // Only a comment typed and left with Esc would go (`has_live_drafts`).
    if !doc.would_lose_work() {
        return Words::new(
            if engine_game_ends {
                "Unsaved comment · the engine game ends"
            } else {
                "Unsaved comment"
            },
            "A comment you typed is not written into the game. Go on?",
            "(y keeps it aside as autosave.previous[.N].pgn; n, then i on its move)",
        );
    }
    let ConfirmWhat::Replace(r) = what else {
        unreachable!("leaving_words is asked for Quit and Replace alone")
    };
    // An engine game on the board ends with it: the title says so.
    Words {
        extra: undo_goes,
        ..Words::new(
            if engine_game_ends {
                "Unsaved game · the engine game ends"
            } else {
                "Unsaved game"
            },
            r.question.to_string(),
            unsaved_note(format!(
                "(y keeps it aside as autosave.previous[.N].pgn; n, then {save})"
            )),
        )
    }
}

/// The words for quitting with work that no file holds.
fn quit_words(
    app: &App,
    save: String,
    unsaved_note: impl Fn(String) -> String,
    undo_goes: Option<String>,
) -> Words {
    if app.autosave_failed.is_some() {
        return Words::new(
            "Unsaved game",
            "The game is not saved, and the autosave failed. Quit anyway?",
            format!("(y: kept in a rescue file if one can be written; n, then {save})"),
        );
    }
    // The autosave keeps a running game and brings it back paused.
    if app.any_game_running() && app.doc.has_work() {
        return Words::new(
            "Game in progress",
            format!(
                "A game is being played{}. Quit anyway?",
                if app.play.clocks.is_some() {
                    " on the clock"
                } else {
                    ""
                }
            ),
            "(the autosave keeps it: it comes back paused when tapir starts)",
        );
    }
    // Minutes of work a quit would end: said, not dropped unasked.
    if app.engine_game_on() {
        return Words::new(
            "Engine game",
            "An engine game (:match) is being played. Quit anyway?",
            "(its moves so far stay in the game and the autosave; the engine game does not come back)",
        );
    }
    if app.report_running() {
        return Words::new(
            "Report running",
            "The game report is still running; quitting stops it and its work so far. Quit anyway?",
            "(the game stays as it was, in the autosave too; r runs the report again)",
        );
    }
    Words {
        extra: undo_goes,
        ..Words::new(
            "Unsaved game",
            "The game is not saved. Quit anyway?",
            unsaved_note(format!("(it stays in the autosave; {save} keeps it)")),
        )
    }
}

/// Where a game's result goes, under the question that ends it: the
/// tags on the main line, a comment in a variation (the game's own
/// `Result` stays).
fn result_note(app: &App) -> &'static str {
    if app.tree().is_main_line_end(app.play.game_end) {
        "(the result goes in; Ctrl-Z takes it back)"
    } else {
        "(a variation: the result goes in a comment; Ctrl-Z takes it back)"
    }
}
