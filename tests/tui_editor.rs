//! The board editor through the reducer: every reason a set-up position
//! is refused (the FEN reader's own words), the Terms panel and the phase
//! following each legal change, keys and mouse, leaving with a new game
//! (asking first when the game is not saved, so no move is lost) or
//! without one, and snapshots of the editor at 120x40 and 80x24
//! (tests/data/snapshots; `UPDATE_SNAPSHOTS=1` rewrites them).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::status_line;

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tapir::chess::{Board, CastleRights, Color, Piece, PieceType, Square};
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::App;
use tapir::tui::config::Config;
use tapir::tui::editor::{EditAction, Editor, PALETTE};
use tapir::tui::layout;
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

fn app() -> App {
    let mut a = App::new(Config::default(), Game::default());
    a.take_effects();
    a
}

fn sq(s: &str) -> Square {
    Square::parse(s).expect("a square")
}

fn piece(c: char) -> Option<Piece> {
    Piece::from_fen_char(c)
}

/// Puts `c` (a FEN letter, or ' ' for nothing) on `at` with the keys:
/// the cursor goes there, then the letter.
fn put(a: &mut App, at: &str, c: char) {
    a.ui.cursor = Some(sq(at));
    a.update(Action::Edit(EditAction::PutAtCursor(piece(c))));
}

/// The editor's verdict: `Ok(fen)` or the reason.
fn check(a: &App) -> Result<String, String> {
    let e = a.editor.as_ref().expect("editing");
    e.check.as_ref().map(|b| b.to_fen()).map_err(Clone::clone)
}

fn editing_empty() -> App {
    let mut a = app();
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Clear));
    a
}

#[test]
fn every_reason_a_position_is_refused() {
    let mut a = editing_empty();
    assert_eq!(check(&a), Err("White has 0 kings, needs exactly 1".into()));
    put(&mut a, "e1", 'K');
    assert_eq!(check(&a), Err("Black has 0 kings, needs exactly 1".into()));
    put(&mut a, "e8", 'k');
    assert_eq!(check(&a), Ok("4k3/8/8/8/8/8/8/4K3 w - - 0 1".into()));
    // The status line says it as it happens.
    assert!(status_line(&a).starts_with("legal"));
    put(&mut a, "a1", 'K');
    assert_eq!(check(&a), Err("White has 2 kings, needs exactly 1".into()));
    assert!(status_line(&a).contains("not legal yet: White has 2 kings"));
    put(&mut a, "a1", ' ');
    put(&mut a, "c8", 'P');
    assert_eq!(check(&a), Err("a pawn on rank 8".into()));
    put(&mut a, "c8", ' ');
    put(&mut a, "c1", 'p');
    assert_eq!(check(&a), Err("a pawn on rank 1".into()));
    put(&mut a, "c1", ' ');
    for f in ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4"] {
        put(&mut a, f, 'P');
    }
    assert_eq!(check(&a), Err("White has 9 pawns, more than 8".into()));
    for f in ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4"] {
        put(&mut a, f, ' ');
    }
    // The side not to move in check.
    put(&mut a, "e5", 'R');
    a.update(Action::Edit(EditAction::SideToMove));
    assert_eq!(check(&a), Ok("4k3/8/8/4R3/8/8/8/4K3 b - - 0 1".into()));
    a.update(Action::Edit(EditAction::SideToMove));
    assert_eq!(
        check(&a),
        Err("Black is in check but it is not Black's move".into())
    );
    put(&mut a, "e5", ' ');
    // Castling rights the pieces do not allow.
    a.update(Action::Edit(EditAction::Castle(CastleRights::WHITE_KING)));
    assert_eq!(check(&a), Err("'K' needs a rook on h1".into()));
    put(&mut a, "h1", 'R');
    assert_eq!(check(&a), Ok("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()));
    a.update(Action::Edit(EditAction::Castle(CastleRights::BLACK_QUEEN)));
    assert_eq!(check(&a), Err("'q' needs a rook on a8".into()));
    a.update(Action::Edit(EditAction::Castle(CastleRights::BLACK_QUEEN)));
    put(&mut a, "e1", ' ');
    put(&mut a, "f1", 'K');
    assert_eq!(check(&a), Err("'K' needs the king on e1".into()));
    a.update(Action::Edit(EditAction::Castle(CastleRights::WHITE_KING)));
    // En passant: the square's rank and the pawn that made the double push.
    a.ui.cursor = Some(sq("d5"));
    a.update(Action::Edit(EditAction::EnPassant));
    assert_eq!(check(&a), Err("d5 is not on rank 6".into()));
    a.ui.cursor = Some(sq("d6"));
    a.update(Action::Edit(EditAction::EnPassant));
    assert_eq!(
        check(&a),
        Err("d6 needs a pawn that just moved to d5".into())
    );
    put(&mut a, "d5", 'p');
    put(&mut a, "e5", 'P');
    a.ui.cursor = Some(sq("d6"));
    a.update(Action::Edit(EditAction::EnPassant));
    a.update(Action::Edit(EditAction::EnPassant));
    assert_eq!(a.editor.as_ref().expect("editing").ep, Some(sq("d6")));
    assert_eq!(check(&a), Ok("4k3/8/8/3pP3/8/8/8/5K1R w - d6 0 1".into()));
}

#[test]
fn the_terms_and_the_phase_follow_each_legal_change() {
    let mut a = app();
    a.update(Action::OpenEditor);
    let start = a.view.trace.clone();
    assert_eq!(start.phase, 24);
    // A knight from g1 to f3: the position is legal at each step.
    put(&mut a, "g1", ' ');
    put(&mut a, "f3", 'N');
    assert!(check(&a).is_ok());
    assert_ne!(a.view.trace, start, "the terms changed");
    assert_eq!(
        a.view.fen,
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1"
    );
    // Taking the queens off moves the phase.
    put(&mut a, "d1", ' ');
    put(&mut a, "d8", ' ');
    assert_eq!(a.view.trace.phase, 16);
    // Not legal: the panels keep the last legal position.
    put(&mut a, "e1", ' ');
    assert!(check(&a).is_err());
    assert_eq!(a.view.trace.phase, 16);
    assert!(
        a.view.board.occupied().contains(sq("e1")),
        "last legal board"
    );
    // The engine rests while a position is set up.
    assert!(a.engine.search.is_none());
    assert!(!a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::Search { .. })));
}

#[test]
fn mouse_palette_then_squares() {
    let mut a = app();
    a.update(Action::Resize(120, 40));
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Clear));
    let areas = layout::compute(120, 40);
    // The palette sits in the first row under the panel's title rule.
    let (px, py) = (areas.lines.x + 1, areas.lines.y + 1);
    let black_knight = PALETTE
        .iter()
        .position(|p| *p == Some(Piece::new(Color::Black, PieceType::Knight)))
        .expect("in the palette");
    a.update(Action::MouseDown(px + 3 * black_knight as u16 + 1, py));
    assert_eq!(
        a.editor.as_ref().expect("editing").brush,
        Some(Piece::new(Color::Black, PieceType::Knight))
    );
    let r = areas.square_rect(sq("c6"), a.ui.flipped);
    let (x, y) = (r.x + r.width / 2, r.y + r.height / 2);
    a.update(Action::MouseDown(x, y));
    a.update(Action::MouseUp(x, y));
    assert_eq!(
        a.editor.as_ref().expect("editing").squares[sq("c6").index()],
        Some(Piece::new(Color::Black, PieceType::Knight))
    );
    // The same piece again takes it off.
    a.update(Action::MouseDown(x, y));
    a.update(Action::MouseUp(x, y));
    assert_eq!(
        a.editor.as_ref().expect("editing").squares[sq("c6").index()],
        None
    );
}

/// A piece dragged in the editor moves (the palette's piece is not put
/// down where the drag began), and one dropped off the board goes; each
/// drag is one change for Ctrl-Z.
#[test]
fn a_dragged_piece_moves_in_the_editor() {
    let mut a = app();
    a.update(Action::Resize(80, 24));
    a.update(Action::OpenEditor);
    let areas = layout::compute(80, 24);
    let centre = |a: &App, name: &str| {
        let r = areas.square_rect(sq(name), a.ui.flipped);
        (r.x + r.width / 2, r.y + r.height / 2)
    };
    let (fx, fy) = centre(&a, "e2");
    let (tx, ty) = centre(&a, "e4");
    a.update(Action::MouseDown(fx, fy));
    a.update(Action::MouseDrag(tx, ty));
    a.update(Action::MouseUp(tx, ty));
    let pawn = Some(Piece::new(Color::White, PieceType::Pawn));
    let squares = a.editor.as_ref().expect("editing").squares;
    assert_eq!(squares[sq("e2").index()], None);
    assert_eq!(squares[sq("e4").index()], pawn);
    assert!(check(&a).is_ok(), "{:?}", check(&a));
    // Off the board: the knight goes.
    let (gx, gy) = centre(&a, "g1");
    a.update(Action::MouseDown(gx, gy));
    a.update(Action::MouseUp(0, 0));
    assert_eq!(
        a.editor.as_ref().expect("editing").squares[sq("g1").index()],
        None
    );
    a.update(Action::Edit(EditAction::Undo));
    a.update(Action::Edit(EditAction::Undo));
    let squares = a.editor.as_ref().expect("editing").squares;
    assert_eq!(squares[sq("e2").index()], pawn);
    assert_eq!(squares[sq("e4").index()], None);
    assert_eq!(
        squares[sq("g1").index()],
        Some(Piece::new(Color::White, PieceType::Knight))
    );
}

#[test]
fn keys_in_the_editor() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut a = app();
    let key =
        |a: &App, c: KeyCode| tapir::tui::keymap::map_key(a, &KeyEvent::new(c, KeyModifiers::NONE));
    assert!(matches!(
        key(&a, KeyCode::Char('E')),
        Some(Action::OpenEditor)
    ));
    a.update(Action::OpenEditor);
    assert!(matches!(
        key(&a, KeyCode::Char('q')),
        Some(Action::Edit(EditAction::PutAtCursor(Some(p)))) if p == Piece::new(Color::Black, PieceType::Queen)
    ));
    // `:` opens the command line: ":book off" typed in the editor puts no
    // black king on the board; the command waits until the editor is left.
    assert!(matches!(
        key(&a, KeyCode::Char(':')),
        Some(Action::OpenCommand)
    ));
    let before = a.editor.as_ref().unwrap().fen();
    a.update(Action::OpenCommand);
    for c in "book off".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert_eq!(
        a.editor.as_ref().unwrap().fen(),
        before,
        "the set-up is as it was"
    );
    let said = a.dialogs.message.as_ref().unwrap();
    assert!(
        said.error && said.text.contains("Esc leaves it"),
        "{}",
        said.text
    );
    assert!(a.book.book.is_some(), "the book stays on");
    a.update(Action::Command("fen".into()));
    assert!(
        !a.dialogs.message.as_ref().unwrap().error,
        "showing the FEN is fine"
    );
    assert!(matches!(
        key(&a, KeyCode::Char('x')),
        Some(Action::Edit(EditAction::PutAtCursor(None)))
    ));
    assert!(matches!(
        key(&a, KeyCode::Char('c')),
        Some(Action::Edit(EditAction::Clear))
    ));
    assert!(matches!(
        key(&a, KeyCode::Char('s')),
        Some(Action::Edit(EditAction::StartPosition))
    ));
    assert!(matches!(
        key(&a, KeyCode::Char('t')),
        Some(Action::Edit(EditAction::SideToMove))
    ));
    assert!(matches!(
        key(&a, KeyCode::Char('3')),
        Some(Action::Edit(EditAction::Castle(CastleRights::BLACK_KING)))
    ));
    assert!(matches!(
        key(&a, KeyCode::Char('e')),
        Some(Action::Edit(EditAction::EnPassant))
    ));
    assert!(matches!(key(&a, KeyCode::Char('f')), Some(Action::Flip)));
    assert!(matches!(
        key(&a, KeyCode::Enter),
        Some(Action::Edit(EditAction::Done))
    ));
    assert!(matches!(
        key(&a, KeyCode::Esc),
        Some(Action::Edit(EditAction::Cancel))
    ));
    assert!(matches!(
        key(&a, KeyCode::Left),
        Some(Action::CursorMove(-1, 0))
    ));
    // Board keys do nothing meanwhile.
    assert!(key(&a, KeyCode::Char('m')).is_none());
    // The help lists the editor's keys.
    let help = tapir::tui::widgets::help::entries();
    assert!(help.iter().any(|(k, _)| *k == "PNBRQK pnbrqk"));
    assert!(help.iter().any(|(k, h)| *k == "E" && h.contains("set up")));
}

#[test]
fn leaving_with_a_legal_position_starts_a_new_game_and_loses_no_moves() {
    // No moves yet: the new game starts at once.
    let mut a = editing_empty();
    put(&mut a, "e1", 'K');
    put(&mut a, "e8", 'k');
    put(&mut a, "a7", 'P');
    a.update(Action::Edit(EditAction::Done));
    assert!(a.editor.is_none());
    assert_eq!(a.view.fen, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        a.doc.game.start().to_fen(),
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    );

    // An unsaved game with moves: asked first; no keeps the game and the editor.
    let mut a = app();
    for m in ["e4", "e5"] {
        a.update(Action::MoveText(m.into()));
    }
    a.update(Action::OpenEditor);
    // Taking the e5 pawn away leaves an en-passant square without its pawn.
    put(&mut a, "e5", ' ');
    assert_eq!(
        check(&a),
        Err("e6 needs a pawn that just moved to e5".into())
    );
    put(&mut a, "e5", 'p');
    put(&mut a, "a2", ' ');
    a.update(Action::Edit(EditAction::Done));
    common::assert_asks_to_replace(&a, "");
    a.update(Action::Confirm(false));
    assert!(a.editor.is_some(), "still editing");
    assert_eq!(a.tree().move_count(), 2, "the moves are kept");
    a.update(Action::Edit(EditAction::Done));
    common::confirm_replace(&mut a);
    assert!(a.editor.is_none());
    // The move number is the game's (move 2), not 1 again.
    assert_eq!(
        a.doc.game.start().to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/1PPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );

    // Not legal: Enter says why and stays.
    let mut a = editing_empty();
    a.update(Action::Edit(EditAction::Done));
    assert!(a.editor.is_some());
    let msg = a.dialogs.message.clone().expect("said");
    assert!(
        msg.error && msg.text.contains("White has 0 kings"),
        "{}",
        msg.text
    );

    // Esc: the game as it was.
    let mut a = app();
    a.update(Action::MoveText("d4".into()));
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Clear));
    a.update(Action::Edit(EditAction::Cancel));
    assert!(a.editor.is_none());
    assert_eq!(a.tree().move_count(), 1);
    assert_eq!(
        a.view.fen,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1"
    );
}

/// The screen's rows inside `r`.
fn region(lines: &[String], r: ratatui::layout::Rect) -> String {
    lines[r.y as usize..(r.y + r.height) as usize]
        .iter()
        .map(|l| {
            let s: String = l
                .chars()
                .skip(r.x as usize)
                .take(r.width as usize)
                .collect();
            s.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn snapshot(w: u16, h: u16) {
    let mut a = app();
    a.update(Action::Resize(w, h));
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Clear));
    put(&mut a, "g1", 'K');
    put(&mut a, "f7", 'P');
    put(&mut a, "c3", 'n');
    a.ui.cursor = Some(sq("c3"));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("terminal");
    term.draw(|f| ui::draw(f, &a, &FrameStats::default()))
        .expect("drawn");
    let buf = term.backend().buffer();
    let lines: Vec<String> = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().replace('\u{fe0e}', ""))
                .collect()
        })
        .collect();
    let areas = layout::compute(w, h);
    let board = ratatui::layout::Rect::new(
        0,
        areas.squares.y,
        areas.squares.x + areas.squares.width,
        areas.squares.height + 1,
    );
    let got = format!(
        "{}\n-- panel --\n{}\n-- status --\n{}\n",
        region(&lines, board),
        region(&lines, areas.lines),
        lines[h as usize - 1].trim_end()
    );
    let path = format!("tests/data/snapshots/editor_{w}x{h}.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &got).expect("written");
    }
    let want = std::fs::read_to_string(&path).expect("the snapshot");
    assert_eq!(
        got,
        want,
        "{path} differs; the screen:\n{}",
        lines.join("\n")
    );
}

#[test]
fn snapshot_120x40() {
    snapshot(120, 40);
}

#[test]
fn snapshot_80x24() {
    snapshot(80, 24);
}

#[test]
fn a_position_being_set_up_survives_the_autosave() {
    let mut a = editing_empty();
    put(&mut a, "e1", 'K');
    put(&mut a, "c8", 'P');
    a.update(Action::Edit(EditAction::SideToMove));
    // Every change is saved: the last autosave holds the editor.
    let text = common::autosaved(&mut a);
    assert!(
        text.contains("[TapirEditor \"2P5/8/8/8/8/8/8/4K3 b - - 0 1\"]"),
        "{text}"
    );
    let r = tapir::tui::autosave::decode(&text, std::time::Instant::now()).expect("reads");
    let mut b = app();
    b.restore_session(r);
    let e = b.editor.as_ref().expect("editing again");
    assert_eq!(e.fen(), "2P5/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(check(&b), Err("a pawn on rank 8".into()));
    // A set-up's move number and halfmove clock come back with it.
    let later = tapir::tui::editor::Editor::from_text("2P5/8/8/8/8/8/8/4K3 b - - 9 17").unwrap();
    assert_eq!((later.halfmove, later.fullmove), (9, 17));
    // The game's tags do not keep it.
    assert!(b.doc.game.tags.get("TapirEditor").is_none());
    // Leaving the editor leaves it out of the next autosave.
    b.update(Action::Edit(EditAction::Cancel));
    let text = tapir::tui::autosave::encode(&b);
    assert!(!text.contains("TapirEditor"));
}

/// The editor's board is not the game's: a move pasted or typed while it
/// is open never reaches the tree (it was read against the set-up position
/// and played into the game's), and a pasted FEN sets the editor up.
#[test]
fn a_move_while_editing_never_reaches_the_tree() {
    let mut a = app();
    a.update(Action::MoveText("e4".into()));
    a.update(Action::OpenEditor);
    // After 1. e4 Black is to move; the editor is told White, so "Nf3"
    // reads as a legal White move on its board.
    a.update(Action::Edit(EditAction::SideToMove));
    a.update(Action::Paste("Nf3".into()));
    a.update(Action::MoveText("Nf3".into()));
    assert_eq!(a.doc.game.tree().move_count(), 1, "only 1. e4");
    assert!(a.editor.is_some(), "still editing");
    let said = &status_line(&a);
    assert!(said.contains("board editor is open"), "{said}");
    // A pasted FEN is the position to set up.
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    a.update(Action::Paste(fen.into()));
    assert_eq!(check(&a), Ok(fen.into()));
    assert_eq!(a.doc.game.tree().move_count(), 1, "the game is as it was");
    // So is one given to `:fen`.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    a.update(Action::Command(format!("fen {fen}")));
    assert_eq!(check(&a), Ok(fen.into()));
    assert_eq!(a.doc.game.tree().move_count(), 1, "the game is as it was");
    a.update(Action::Edit(EditAction::Cancel));
    assert_eq!(a.doc.game.tree().move_count(), 1);
}

/// A pasted FEN of a position not legal yet is set up in the editor
/// (where it is mended), with the reason; text that is no FEN says the
/// FEN reader's reason. On the board a bad FEN says why, not "not a move".
#[test]
fn a_pasted_illegal_fen_is_set_up_to_mend_and_a_bad_one_says_why() {
    let mut a = app();
    a.update(Action::OpenEditor);
    let before = a.editor.as_ref().unwrap().fen();
    a.update(Action::Paste("K7/8/8/8/8/8/8/8 w - - 0 1".into()));
    let e = a.editor.as_ref().unwrap();
    assert!(e.fen().starts_with("K7/8/8/8/8/8/8/8 w"), "{}", e.fen());
    assert!(e.check.is_err());
    let said = status_line(&a);
    assert!(said.contains("not legal yet"), "{said}");
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(
        a.editor.as_ref().unwrap().fen(),
        before,
        "Ctrl-Z: the one before"
    );
    // Legal once read as far as it makes sense: not called illegal.
    a.update(Action::Paste(
        "K7/8/8/8/8/8/8/7k w - - 0 1 extra junk".into(),
    ));
    assert_eq!(check(&a), Ok("K7/8/8/8/8/8/8/7k w - - 0 1".into()));
    let said = status_line(&a);
    assert!(
        said.contains("read in part") && !said.contains("not legal"),
        "{said}"
    );
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(a.editor.as_ref().unwrap().fen(), before);
    a.update(Action::Paste("9/8/8/8/8/8/8/8 w - - 0 1".into()));
    assert_eq!(a.editor.as_ref().unwrap().fen(), before);
    let said = status_line(&a);
    assert!(said.contains("no FEN ("), "{said}");
    a.update(Action::Edit(EditAction::Cancel));

    // On the board, a FEN whose set-up reads but is not legal opens the
    // editor on it, with the reason; Esc leaves the game as it was.
    let mut a = app();
    a.update(Action::Paste("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1".into()));
    let said = status_line(&a);
    assert!(
        said.starts_with("bad FEN ('Q' needs a rook on a1): it is in the board editor"),
        "{said}"
    );
    assert!(!said.contains("not a move"), "{said}");
    let e = a.editor.as_ref().expect("the editor is open");
    assert!(e.fen().starts_with("4k3/8/8/8/8/8/8/4K2R w"), "{}", e.fen());
    a.update(Action::Edit(EditAction::Cancel));
    assert!(a.editor.is_none());
    assert_eq!(a.doc.game.tree().move_count(), 0);
    assert_eq!(a.view.board, Board::startpos());
    // The same from `:fen`; text that is no set-up at all only says why.
    let mut a = app();
    a.update(Action::Command("fen 8/8/8/3kK3/8/8/8/8 b - - 0 1".into()));
    let said = status_line(&a);
    assert!(
        said.contains("the kings stand next to each other"),
        "{said}"
    );
    assert!(a.editor.is_some());
    // A placement alone reads as a legal set-up in the editor: not "mend".
    let mut a = app();
    a.update(Action::Command("fen 8/8/8/4k3/8/8/8/4K3".into()));
    let said = status_line(&a);
    assert!(
        said.contains("read in part") && !said.contains("mend"),
        "{said}"
    );
    assert!(a.editor.as_ref().is_some_and(|e| e.check.is_ok()));
    let mut a = app();
    a.update(Action::Command("fen hello".into()));
    assert!(
        status_line(&a).starts_with("bad FEN"),
        "{}",
        status_line(&a)
    );
    assert!(a.editor.is_none());
}

/// A hand-edited autosave's editor position is read as far as it makes
/// sense and never overflows: runs of empty squares past the rank's end
/// are refused, however long.
#[test]
fn an_editor_text_with_too_many_empty_squares_is_refused() {
    let long = "8".repeat(40);
    for text in [
        format!("{long}/8/8/8/8/8/8/8 w - - 0 1"),
        "44k/8/8/8/8/8/8/4K3 w - - 0 1".to_string(),
        "9/8/8/8/8/8/8/8 w - - 0 1".to_string(),
    ] {
        assert!(Editor::from_text(&text).is_none(), "{text}");
    }
    assert!(Editor::from_text("4k3/8/8/8/8/8/8/4K3 b - - 0 1").is_some());
}

/// A position set up in the editor is the user's work that no file holds:
/// `n` asks before it goes, as it does for moves.
#[test]
fn a_set_up_position_asks_before_a_new_game_drops_it() {
    let mut a = editing_empty();
    put(&mut a, "e1", 'K');
    put(&mut a, "e8", 'k');
    put(&mut a, "a1", 'R');
    a.update(Action::Edit(EditAction::Done));
    assert!(a.editor.is_none());
    assert_eq!(
        a.doc.game.start().to_fen(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    );
    a.update(Action::NewGame);
    common::assert_asks_to_replace(&a, "");
    a.update(Action::Confirm(false));
    assert_eq!(
        a.doc.game.start().to_fen(),
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    );
}

/// Every change in the editor can be taken back: Ctrl-Z and Ctrl-Y step
/// through them (`c`, `s` and a pasted FEN too), and a set-up Esc left
/// comes back with Ctrl-Z in the next editor.
#[test]
fn changes_in_the_editor_are_undone_and_esc_loses_nothing() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut a = editing_empty();
    put(&mut a, "e1", 'K');
    put(&mut a, "e8", 'k');
    put(&mut a, "d1", 'Q');
    let study = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(check(&a), Ok(study.into()));
    a.update(Action::Edit(EditAction::Clear));
    assert!(check(&a).is_err());
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(check(&a), Ok(study.into()), "c is taken back");
    a.update(Action::Edit(EditAction::Redo));
    assert!(check(&a).is_err(), "and made again");
    a.update(Action::Edit(EditAction::Undo));
    a.update(Action::Edit(EditAction::StartPosition));
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(check(&a), Ok(study.into()), "s is taken back");
    a.update(Action::Paste("7k/8/8/8/8/8/8/K7 w - - 0 1".into()));
    assert_eq!(check(&a), Ok("7k/8/8/8/8/8/8/K7 w - - 0 1".into()));
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(check(&a), Ok(study.into()), "a paste is taken back");
    // A change made after Ctrl-Z loses nothing Ctrl-Y held: Ctrl-Z walks
    // back through the start position (undone before the paste) and c's
    // empty board (undone before s), then on to the position the editor
    // opened on (four more); a fifth finds nothing.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut walk = Vec::new();
    for _ in 0..4 {
        a.update(Action::Edit(EditAction::Undo));
        walk.push(check(&a).ok());
    }
    let (start, study) = (Some(start.to_string()), Some(study.to_string()));
    assert_eq!(walk, [start, study.clone(), None, study.clone()]);
    for _ in 0..5 {
        a.update(Action::Edit(EditAction::Undo));
    }
    assert!(status_line(&a).contains("nothing to undo"));
    for _ in 0..8 {
        a.update(Action::Edit(EditAction::Redo));
    }
    assert_eq!(check(&a).ok(), study);
    let study = study.unwrap();
    let study = study.as_str();

    // Esc leaves the game as it was, and the next editor's Ctrl-Z brings
    // the set-up back.
    a.update(Action::Edit(EditAction::Cancel));
    assert!(a.editor.is_none());
    assert!(status_line(&a).contains("Ctrl-Z"));
    // It outlives the board: the autosave written at Esc keeps it for the
    // next one.
    let text = common::autosaved(&mut a);
    assert!(text.contains("TapirLeftSetup"), "{text}");
    let r = tapir::tui::autosave::decode(&text, std::time::Instant::now()).unwrap();
    assert!(r.game.tags.iter().all(|(k, _)| !k.starts_with("Tapir")));
    let mut back = app();
    back.restore_session(r);
    back.update(Action::OpenEditor);
    back.update(Action::Edit(EditAction::Undo));
    assert_eq!(check(&back), Ok(study.into()));
    a.update(Action::OpenEditor);
    assert_eq!(
        check(&a),
        Ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into())
    );
    a.update(Action::Edit(EditAction::Undo));
    assert_eq!(check(&a), Ok(study.into()));

    // The keys: Ctrl-Z and Ctrl-Y in the editor.
    let mut e = app();
    e.update(Action::OpenEditor);
    let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
    assert!(matches!(
        tapir::tui::keymap::map_key(&e, &ctrl('z')),
        Some(Action::Edit(EditAction::Undo))
    ));
    assert!(matches!(
        tapir::tui::keymap::map_key(&e, &ctrl('y')),
        Some(Action::Edit(EditAction::Redo))
    ));
}

/// Esc keeps a set-up made and then replaced by the start position, or
/// stepped back from with Ctrl-Z, though the board is left as it opened:
/// the next editor's Ctrl-Z brings it back.
#[test]
fn esc_keeps_a_set_up_replaced_or_undone() {
    let fen = |a: &App| a.editor.as_ref().unwrap().fen();
    for undone in [false, true] {
        let mut a = app();
        a.update(Action::OpenEditor);
        put(&mut a, "e4", 'N');
        put(&mut a, "d4", 'B');
        let built = fen(&a);
        if undone {
            a.update(Action::Edit(EditAction::Undo));
            a.update(Action::Edit(EditAction::Undo));
        } else {
            a.update(Action::Edit(EditAction::StartPosition));
        }
        assert_eq!(fen(&a), Editor::from_board(&Board::startpos()).fen());
        a.update(Action::Edit(EditAction::Cancel));
        assert!(status_line(&a).contains("Ctrl-Z"), "{}", status_line(&a));
        a.update(Action::OpenEditor);
        a.update(Action::Edit(EditAction::Undo));
        assert_eq!(fen(&a), built, "undone: {undone}");
    }
}

/// The editor keeps the opened position's move counters while the set-up
/// is unchanged; a changed set-up starts its fifty-move count at 0.
#[test]
fn the_move_counters_stay_until_the_position_changes() {
    let mut a = app();
    for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
        a.update(Action::MoveText(m.into()));
    }
    a.update(Action::OpenEditor);
    let e = a.editor.as_ref().unwrap();
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
    put(&mut a, "a2", ' ');
    let e = a.editor.as_ref().unwrap();
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 3"
    );
    // Ctrl-Z brings the opened position back whole, counters too.
    a.update(Action::Edit(EditAction::Undo));
    let e = a.editor.as_ref().unwrap();
    assert_eq!(
        e.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
}

/// A second set-up left with Esc does not push out the first: the next
/// editor's Ctrl-Z brings back the last, then the one before, also after
/// a restart.
#[test]
fn every_set_up_left_with_esc_comes_back() {
    let mut a = app();
    let fens = |a: &mut App| {
        a.update(Action::OpenEditor);
        let mut seen = Vec::new();
        while a.editor.as_ref().unwrap().undo.last().is_some() {
            a.update(Action::Edit(EditAction::Undo));
            seen.push(a.editor.as_ref().unwrap().fen());
        }
        a.update(Action::Edit(EditAction::Cancel));
        seen
    };
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Clear));
    put(&mut a, "e1", 'K');
    put(&mut a, "e8", 'k');
    let first = a.editor.as_ref().unwrap().fen();
    a.update(Action::Edit(EditAction::Cancel));
    a.update(Action::OpenEditor);
    put(&mut a, "d4", 'N');
    let second = a.editor.as_ref().unwrap().fen();
    a.update(Action::Edit(EditAction::Cancel));
    assert_eq!(a.left_setup, [first.clone(), second.clone()]);
    let text = common::autosaved(&mut a);
    let got = fens(&mut a);
    assert_eq!(got[0], second);
    assert!(got.contains(&first), "{got:?}");
    // The autosave keeps both.
    let r = tapir::tui::autosave::decode(&text, std::time::Instant::now()).unwrap();
    let mut back = app();
    back.restore_session(r);
    assert_eq!(back.left_setup, [first, second]);
}

/// In the editor, `:` and Ctrl-Y are the editor's: the question before a
/// set-up replaces an unsaved game says to leave it with Esc first.
#[test]
fn the_unsaved_question_in_the_editor_says_esc_first() {
    let mut a = app();
    a.update(Action::MoveText("e4".into()));
    a.update(Action::OpenEditor);
    a.update(Action::Edit(EditAction::Done));
    let text = common::screen(&mut a, 120, 40).join("\n");
    assert!(text.contains("n, then Esc, :save FILE"), "{text}");
}

/// An illegal set-up brought back by a restart shows no opening name or
/// book moves of the game under it (nothing of it is evaluated), and a
/// pasted FEN's "B" is Black to move.
#[test]
fn an_illegal_set_up_shows_nothing_of_the_game_and_b_is_black() {
    let mut a = app();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        a.update(Action::MoveText(m.into()));
    }
    assert!(a.view.opening.is_some() && !a.view.book.is_empty());
    a.update(Action::OpenEditor);
    put(&mut a, "e1", ' ');
    assert!(check(&a).is_err());
    // The board's title has no score: the panels' is the last legal
    // position's, not the set-up drawn.
    for (w, h) in [(80, 24), (120, 40)] {
        let title = common::screen(&mut a, w, h)[0].clone();
        assert!(title.contains("Setting up · White to move"), "{title}");
        assert!(!title.contains("static") && !title.contains('+'), "{title}");
    }
    put(&mut a, "e1", 'K');
    let title = common::screen(&mut a, 80, 24)[0].clone();
    assert!(
        title.contains("White to move") && title.contains("static"),
        "{title}"
    );
    put(&mut a, "e1", ' ');
    let text = common::autosaved(&mut a);
    let r = tapir::tui::autosave::decode(&text, std::time::Instant::now()).expect("reads");
    let mut b = app();
    b.restore_session(r);
    assert!(b.editor.is_some());
    assert_eq!(b.view.opening, None);
    assert!(b.view.book.is_empty(), "{:?}", b.view.book);
    let e = tapir::tui::editor::Editor::from_text("4k3/8/8/8/8/8/4R3/4K3 B - - 0 1").unwrap();
    assert_eq!(e.side, tapir::chess::Color::Black);
}

/// The square cursor the editor shows goes when the editor closes, by
/// Esc or by Enter on a legal set-up.
#[test]
fn leaving_the_editor_takes_its_cursor_away() {
    for leave in [EditAction::Cancel, EditAction::Done] {
        let mut a = app();
        assert!(a.ui.cursor.is_none());
        a.update(Action::OpenEditor);
        assert!(a.editor.is_some() && a.ui.cursor.is_some());
        a.update(Action::Edit(leave));
        assert!(a.editor.is_none() && a.ui.cursor.is_none());
    }
}
