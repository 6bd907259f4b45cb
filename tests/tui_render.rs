//! Rendering snapshots: the whole screen drawn into ratatui's TestBackend
//! at 120x40 and 80x24, checked line by line for the parts that matter
//! (board rows, coordinates, panel headers, engine lines, move list,
//! status line, overlays). Panel numbers are not pinned: the evaluation
//! terms belong to another module and will change.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::Game;
use tapir::tui::action::Action;
use tapir::tui::app::App;
use tapir::tui::config::{Config, PieceStyle};
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

mod common;
use common::{file_read, message, status_line};

fn app_with(moves: &str, pieces: PieceStyle) -> App {
    let config = Config {
        pieces,
        ..Config::default()
    };
    let mut app = App::new(config, Game::default());
    // The book's rows, marks and moves have their own tests (tui_book.rs).
    app.book.set(None, "off".into());
    for m in moves.split_whitespace() {
        app.update(Action::MoveText(m.to_string()));
    }
    app.take_effects();
    app
}

/// A board (Unicode pieces) with `tests/data/pgn/NAME` loaded.
fn app_with_file(name: &str) -> App {
    let path = format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut app = app_with("", PieceStyle::Unicode);
    file_read(&mut app, name, &text);
    app
}

fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, &FrameStats::default()))
        .unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < w {
                let symbol = buf[(x, y)].symbol();
                row.push_str(&symbol.replace('\u{fe0e}', ""));
                // A wide character's second cell is not a character of
                // its own: a terminal shows nothing there.
                x += ratatui::text::Span::raw(symbol).width().max(1) as u16;
            }
            row
        })
        .collect()
}

/// Shows the main line's position after `ply` plies.
fn show_ply(app: &mut App, ply: usize) {
    app.update(Action::First);
    for _ in 0..ply {
        app.update(Action::Next);
    }
}

fn contains(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

fn feed_line(app: &mut App, multipv: usize, cp: i32, pv: &str) {
    feed(app, multipv, cp, pv, 18, Bound::Exact);
}

/// A report of line `multipv` at `depth` with a score that is `bound`.
fn feed(app: &mut App, multipv: usize, cp: i32, pv: &str, depth: u32, bound: Bound) {
    let token = app.engine.search.as_ref().expect("analysing").token;
    let mut b = *app.board();
    let mut moves = Vec::new();
    for s in pv.split_whitespace() {
        let m = tapir::chess::parse_move(&b, s).unwrap();
        moves.push(m);
        b = b.make(m);
    }
    let info = SearchInfo {
        depth,
        seldepth: 24,
        multipv,
        score: Score::Cp(cp),
        bound,
        nodes: 2_345_678,
        nps: 1_234_567,
        hashfull: 250,
        tbhits: 0,
        time: std::time::Duration::from_millis(1900),
        pv: moves,
    };
    app.update(Action::Engine {
        token,
        event: SearchEvent::Info { id: 1, info },
    });
}

#[test]
fn big_screen_unicode() {
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Unicode);
    feed_line(&mut app, 1, -25, "a6 Ba4 Nf6 O-O");
    feed_line(&mut app, 2, -40, "Nf6 O-O");
    let s = screen(&mut app, 120, 40);
    assert!(s[0].starts_with(" Black to move · move 3"), "{}", s[0]);
    // Squares are 7x3: pieces sit on the middle row of each rank.
    assert!(s[2].starts_with("8    ♜             ♝      ♛      ♚      ♝      ♞      ♜"));
    assert!(s[5].starts_with("7    ♟      ♟      ♟      ♟             ♟      ♟      ♟"));
    assert!(s[11].starts_with("5           ♝                    ♟"));
    assert!(s[23].starts_with("1    ♜      ♞      ♝      ♛      ♚                    ♜"));
    assert_eq!(
        s[25].trim_end(),
        "     a      b      c      d      e      f      g      h"
    );
    // The side panel to the right of the board.
    assert!(s[0].contains("Eval · HCE · White's view, cp"));
    assert!(s[1].contains("Term") && s[1].contains("White") && s[1].contains("Black"));
    assert!(s[1].contains("Total") && s[1].contains("Taper"));
    assert!(contains(&s[..26], "Material"));
    assert!(contains(&s[..26], "Phase ") && contains(&s[..26], "24/24"));
    assert!(contains(&s[..26], "/ 24 ="), "taper formula");
    assert!(contains(&s[..26], "packed total 0x"));
    assert!(contains(&s[..26], "NNUE not loaded"));
    // Engine lines below the panel, scores from White's view.
    assert!(
        s[26].contains("Engine · analysing · d18/24 · 2.35M nodes · 1.23M n/s"),
        "{}",
        s[26]
    );
    assert!(contains(&s, "1  +0.25 d18 3... a6 4. Ba4 Nf6 5. O-O"));
    assert!(contains(&s, "2  +0.40 d18 3... Nf6 4. O-O"));
    // Move list below the board with the current ply marked in the title.
    assert!(s[26].starts_with(" Moves · 3. Bb5 · ply 5/5"), "{}", s[26]);
    // The header names the opening by the shown position.
    assert!(s[27].starts_with(" C60 Ruy Lopez   "), "{}", s[27]);
    assert!(s[28].contains(" 1.e4 e5 2.Nf3 Nc6 3.Bb5 "), "{}", s[28]);
    assert!(s[39].starts_with(" ANALYSIS"));
    assert!(s[39].trim_end().ends_with("? help · q quit"));
}

#[test]
fn small_screen_ascii_and_flipped() {
    let mut app = app_with("d4 Nf6", PieceStyle::Ascii);
    let s = screen(&mut app, 80, 24);
    assert!(s[0].starts_with(" White to move"));
    assert_eq!(&s[1][..26], "8  r  n  b  q  k  b     r ");
    assert_eq!(&s[3][..26], "6                 n       ");
    assert_eq!(&s[5][..26], "4           P             ");
    assert_eq!(&s[8][..26], "1  R  N  B  Q  K  B  N  R ");
    assert_eq!(s[9].trim_end(), "   a  b  c  d  e  f  g  h");
    // Small screens put the engine lines top right and the panel below.
    assert!(s[0].contains("Engine"));
    assert!(s[10].contains("Eval · HCE"));
    assert!(s[11].contains("White") && s[11].contains("Taper"));
    assert!(contains(&s, "NNUE not loaded"));
    assert!(s[11].starts_with(" A45 Indian Defense"), "{}", s[11]);
    assert!(s[12].contains(" 1.d4 Nf6 "), "{}", s[12]);
    assert!(s[23].starts_with(" ANALYSIS"));

    app.update(Action::Flip);
    let s = screen(&mut app, 80, 24);
    assert_eq!(&s[1][..26], "1  R  N  B  K  Q  B  N  R ");
    assert_eq!(s[9].trim_end(), "   h  g  f  e  d  c  b  a");
}

#[test]
fn auto_pieces_are_letters_on_the_linux_console() {
    let mut app = app_with("d4", PieceStyle::Auto);
    let s = screen(&mut app, 80, 24);
    assert!(s[1].contains('♜'), "{}", s[1]);
    assert!(
        !PieceStyle::glyphs_in(Some("linux")),
        "the Linux console has no chess glyphs"
    );
    assert!(PieceStyle::glyphs_in(Some("xterm-256color")) && PieceStyle::glyphs_in(None));
    // A locale that is not UTF-8 (LANG=C) draws letters too; LC_ALL wins
    // over LANG, and no locale at all is taken as UTF-8.
    assert!(!PieceStyle::glyphs_in_locale(None, None, Some("C")));
    assert!(!PieceStyle::glyphs_in_locale(
        None,
        Some("en_US.ISO-8859-1"),
        Some("en_US.UTF-8")
    ));
    assert!(PieceStyle::glyphs_in_locale(
        Some("C.UTF-8"),
        None,
        Some("C")
    ));
    assert!(PieceStyle::glyphs_in_locale(None, None, Some("de_DE.utf8")));
    assert!(PieceStyle::glyphs_in_locale(None, Some(""), None));
    app.ui.glyphs_env = PieceStyle::glyphs_in(Some("linux"));
    let s = screen(&mut app, 80, 24);
    assert_eq!(&s[1][..26], "8  r  n  b  q  k  b  n  r ");
    assert_eq!(&s[5][..26], "4           P             ");
    app.update(Action::Command("pieces auto".into()));
    assert_eq!(
        message(&app),
        "pieces: auto, letters (upper case White) on this terminal"
    );
    app.update(Action::Command("theme ansi".into()));
    app.update(Action::Command("colors 256".into()));
    assert_eq!(
        message(&app),
        "colours: 16 colours (the ansi theme draws in 16 colours: T or :theme picks another)"
    );
    app.update(Action::Command("pieces unicode".into()));
    let s = screen(&mut app, 80, 24);
    assert!(s[1].contains('♜'), "an explicit choice wins: {}", s[1]);
    assert_eq!(app.config.pieces, PieceStyle::Unicode);
}

#[test]
fn too_small_asks_to_enlarge() {
    let mut app = app_with("", PieceStyle::Unicode);
    for (w, h) in [(79, 24), (80, 23), (40, 10), (5, 2)] {
        let s = screen(&mut app, w, h);
        assert!(contains(&s, "enlarge") || w < 30, "{w}x{h}");
    }
    let s = screen(&mut app, 60, 20);
    assert!(contains(&s, "Please enlarge the window"));
    assert!(contains(&s, "needs 80x24, this is 60x20"));
    // At 40x12 every word is there, wrapped (it was cut at "the next s").
    let s = screen(&mut app, 40, 12);
    assert!(
        contains(&s, "q quits; the game is kept for the next"),
        "{s:#?}"
    );
    assert!(s.iter().any(|r| r.trim() == "start"), "{s:#?}");
}

#[test]
fn overlays_render() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::ToggleHelp);
    // Everything once scrolled through, at 120x40 (two pages and a bit
    // since the game, aid and engine keys came) and at 80x24.
    let mut s: Vec<String> = Vec::new();
    for _ in 0..8 {
        s.extend(screen(&mut app, 120, 40));
        app.update(Action::HelpScroll(5));
    }
    app.update(Action::HelpScroll(-100));
    for (key, what) in tapir::tui::widgets::help::entries() {
        assert!(
            contains(&s, key) && contains(&s, what),
            "120x40: help lists {key} {what}"
        );
    }
    let mut seen: Vec<String> = Vec::new();
    // (The board editor's keys, then the game, aid and engine keys made
    // the help longer: more than 20 pages of 5 rows.)
    for _ in 0..40 {
        seen.extend(screen(&mut app, 80, 24));
        app.update(Action::HelpScroll(5));
    }
    for (key, what) in tapir::tui::widgets::help::entries() {
        assert!(
            contains(&seen, key) && contains(&seen, what),
            "80x24: help lists {key} {what}"
        );
    }
    let s = screen(&mut app, 80, 24);
    assert!(
        contains(&s, "nothing is replaced"),
        "scrolled to the footer"
    );
    // Down past the end stops there: one Up moves at once, and a taller
    // window keeps what it shows in reach.
    let max = |h| tapir::tui::widgets::help::max_scroll(h);
    for _ in 0..50 {
        app.update(Action::HelpScroll(1));
    }
    assert_eq!(app.ui.help_scroll, max(24));
    app.update(Action::HelpScroll(-1));
    assert_eq!(app.ui.help_scroll, max(24) - 1);
    screen(&mut app, 120, 40);
    assert_eq!(app.ui.help_scroll, max(40));
    app.update(Action::ToggleHelp);
    app.update(Action::ToggleFrameTimes);
    let s = screen(&mut app, 120, 40);
    assert!(contains(&s, "Frame time") && contains(&s, "mean"));

    let b = tapir::chess::Board::from_fen("8/4P3/8/8/8/k7/8/K7 w - - 0 1").unwrap();
    let mut app = App::new(Config::default(), Game::new(b));
    app.update(Action::MoveText("e8".into()));
    assert!(status_line(&app).contains("ambiguous"));
    app.ui.cursor = Some(tapir::chess::Square::parse("e7").unwrap());
    app.update(Action::CursorPick);
    app.update(Action::CursorMove(0, 1));
    app.update(Action::CursorPick);
    let s = screen(&mut app, 80, 24);
    assert!(contains(&s, "Promote to"));
    assert!(contains(&s, "♕ Q"), "White's pieces outlined in text");
    // All four choices and the keys fit inside the box at 80x24.
    let row = s.iter().find(|l| l.contains("♕ Q")).unwrap();
    let inside = row.split('│').nth(1).unwrap_or("");
    assert!(inside.contains("♘ N"), "{row}");
    assert!(contains(&s, "Enter · Esc"));

    let mut app = app_with("f3 e5 g4 Qh4#", PieceStyle::Unicode);
    let s = screen(&mut app, 120, 40);
    assert!(s[0].contains("Checkmate · Black wins "), "{}", s[0]);
    assert!(contains(&s, "game over"));

    let mut app = app_with("e4", PieceStyle::Unicode);
    app.update(Action::OpenPlayDialog);
    let s = screen(&mut app, 80, 24);
    assert!(contains(&s, "Play the engine: tapir") && contains(&s, "Level"));
    assert!(
        contains(&s, "Enter starts from the shown position · Esc cancels"),
        "the footer says what Esc does"
    );
    app.update(Action::Cancel);
    // Against Stockfish, level 1 asks for the least UCI_Elo it takes
    // (1350, not tapir's 600), and the note gives its range.
    app.update(Action::EngineSwitched {
        name: "Stockfish 15.1".into(),
        tapir: false,
        elo: Some((1350, 2850)),
    });
    app.config.level = 1;
    app.update(Action::OpenPlayDialog);
    let s = screen(&mut app, 80, 24);
    assert!(contains(&s, "Play the engine: Stockfish 15.1"));
    assert!(contains(&s, "UCI_Elo 1350, 100 nodes"), "{}", s.join("\n"));
    assert!(
        contains(&s, "its own UCI_Elo scale (1350-2850), unmeasured"),
        "{}",
        s.join("\n")
    );
    app.update(Action::Cancel);
    app.update(Action::Quit);
    let s = screen(&mut app, 80, 24);
    assert!(contains(&s, "Quit anyway?"));
}

#[test]
fn prompt_and_messages_in_the_status_line() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::OpenMovePrompt(Some('N')));
    app.update(Action::PromptChar('f'));
    let s = screen(&mut app, 120, 40);
    assert!(s[39].contains("move> Nf"), "{}", s[39]);
    app.update(Action::PromptSubmit);
    let s = screen(&mut app, 120, 40);
    assert!(s[39].contains("'Nf' is not a move"), "{}", s[39]);
    app.update(Action::OpenCommand);
    for c in "level 42".chars() {
        app.update(Action::PromptChar(c));
    }
    app.update(Action::PromptSubmit);
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains(":level must be 1-10, got 42"), "{}", s[23]);
    // An error about a typed line, read above the prompt that keeps the
    // line: at 80 columns it wraps onto a second row rather than being cut.
    app.update(Action::Cancel);
    app.update(Action::OpenMovePrompt(None));
    app.update(Action::Paste(
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 Nd5".into(),
    ));
    app.update(Action::PromptSubmit);
    let s = screen(&mut app, 80, 24);
    let said = error_text(&app);
    assert!(shows_whole(&s[21..23], &said), "{said}\n{:?}", &s[21..]);
    assert!(
        s[23].contains("move> ") && s[23].contains("Bb3 d6"),
        "{}",
        s[23]
    );
}

/// A command too long to sit beside the hints takes their room rather
/// than scrolling its first letters out of sight.
#[test]
fn a_long_prompt_takes_the_hints_room() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::OpenCommand);
    let text = "load /tmp/hx/d/tapir/autosave.previous.1.pgn/and/more";
    for c in text.chars() {
        app.update(Action::PromptChar(c));
    }
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains(&format!(":{text}")), "{}", s[23]);
    assert!(!s[23].contains("Esc cancel"), "{}", s[23]);
    // A short one keeps them.
    app.update(Action::Cancel);
    app.update(Action::OpenCommand);
    app.update(Action::PromptChar('q'));
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains("Esc cancel"), "{}", s[23]);
}

fn error_text(app: &App) -> String {
    app.dialogs
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// Every word of `text` appears whole somewhere in `rows` joined by spaces.
fn shows_whole(rows: &[String], text: &str) -> bool {
    let joined = rows.iter().map(|r| r.trim()).collect::<Vec<_>>().join(" ");
    text.split_whitespace().all(|w| {
        joined
            .split(|c: char| c.is_whitespace())
            .any(|shown| shown == w)
    })
}

#[test]
fn long_messages_get_the_whole_status_line() {
    let mut app = app_with("e4 e5 Nf3 Nc6", PieceStyle::Unicode);
    app.update(Action::CopyFen);
    let fen = app.view.fen.clone();
    for (w, h) in [(120u16, 40u16), (80, 24)] {
        let s = screen(&mut app, w, h);
        let last = &s[h as usize - 1];
        // The FEN is shown whole, on one row or wrapped at spaces onto two.
        let rows = &s[h as usize - 2..];
        assert!(shows_whole(rows, &fen), "{w}x{h}: {rows:?}");
        assert!(!last.contains("q quit") || last.contains(&fen), "{last}");
    }
    // At 80 columns the FEN message needs two rows: the row above is the
    // message's second half, not the move list.
    let s = screen(&mut app, 80, 24);
    assert!(s[22].contains("FEN r1bqkbnr"), "{}", s[22]);
    assert!(s[22].starts_with(" ANALYSIS "), "{}", s[22]);
    // It says how the text was sent, not that it surely reached a clipboard.
    let s = screen(&mut app, 120, 40);
    let said = s[38..].join(" ");
    assert!(
        said.contains("clipboard") && !said.contains("(copied)"),
        "{said}"
    );
}

#[test]
fn too_long_messages_end_with_an_ellipsis_at_a_word() {
    let mut app = app_with("", PieceStyle::Unicode);
    let long = "cannot read /tmp/x.pgn: No such file or directory ".repeat(6);
    app.update(Action::FileError(long.clone()));
    let s = screen(&mut app, 80, 24);
    let rows = [s[22].trim_end(), s[23].trim_end()];
    assert!(
        rows[0].starts_with(" ANALYSIS  cannot read /tmp/x.pgn: No such"),
        "{rows:?}"
    );
    assert!(rows[1].ends_with('…'), "{rows:?}");
    // Every word shown is a whole word of the message.
    let words: Vec<&str> = long.split_whitespace().collect();
    for row in rows {
        for shown in row.trim_start_matches(" ANALYSIS ").split_whitespace() {
            let shown = shown.trim_end_matches('…');
            assert!(words.contains(&shown), "cut word {shown:?} in {row:?}");
        }
    }
}

#[test]
fn short_messages_leave_room_for_the_hints_with_a_gap() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::FileError(
        "cannot read /tmp/x.pgn: No such file or directory".to_string(),
    ));
    let s = screen(&mut app, 120, 40);
    let last = s[39].trim_end();
    assert!(
        last.contains("cannot read /tmp/x.pgn: No such file or directory   "),
        "{last}"
    );
    assert!(last.ends_with("? help · q quit"), "{last}");
    // At 80 columns the message stays whole and the hints give way.
    let s = screen(&mut app, 80, 24);
    let last = s[23].trim_end();
    assert!(
        last.ends_with("cannot read /tmp/x.pgn: No such file or directory"),
        "{last}"
    );
}

/// The engine title from the row it is on: the text between the block's
/// padding spaces, right of the board.
fn engine_title(row: &str) -> String {
    let at = row.find(" Engine").expect("engine title");
    let rest = &row[at + 1..];
    let end = rest.find(" ─").unwrap_or(rest.len());
    rest[..end].trim_end().to_string()
}

#[test]
fn engine_title_drops_whole_fields_when_short() {
    let mut app = app_with("e4 e5", PieceStyle::Unicode);
    feed_line(&mut app, 1, 20, "Nf3 Nc6");
    // Wide: every field, hash last.
    let s = screen(&mut app, 160, 40);
    let wide = engine_title(&s[26]);
    assert!(wide.ends_with(" · hash 25%"), "{wide}");
    assert!(wide.contains(" · 1.23M n/s · "), "{wide}");
    // 120 columns: hash and time go, the rest stays whole.
    let s = screen(&mut app, 120, 40);
    let t = engine_title(&s[26]);
    assert_eq!(t, "Engine · analysing · d18/24 · 2.35M nodes · 1.23M n/s");
    // Every shown field is one of the wide title's fields.
    let all: Vec<&str> = wide.split(" · ").collect();
    let s = screen(&mut app, 80, 24);
    let row = s
        .iter()
        .find(|r| r.contains(" Engine"))
        .expect("engine row");
    for f in engine_title(row).split(" · ") {
        assert!(all.contains(&f), "cut field {f:?} in {row}");
    }
}

/// The Terms table's name cells: from the header row down to "Total".
fn term_names(s: &[String]) -> Vec<String> {
    let head = s
        .iter()
        .position(|r| r.contains("Term") && r.contains("White"))
        .expect("terms header");
    let col = s[head].chars().take_while(|&c| c != '│').count();
    let start = s[head][..s[head].find("Term").unwrap()].chars().count();
    s[head + 1..]
        .iter()
        .map(|r| r.chars().skip(start).take(col - start).collect::<String>())
        .take_while(|n| !n.starts_with("Total") && !n.starts_with('…'))
        .map(|n| n.trim_end().to_string())
        .collect()
}

#[test]
fn term_names_are_whole_at_every_size() {
    let full = [
        "Material",
        "Piece squares",
        "Mobility",
        "Pawn structure",
        "Passed pawns",
        "Bishop pair",
        "Rooks on files",
        "King safety",
        "Threats",
        "Tempo",
    ];
    let short = [
        "PSQT", "Pawns", "Passers", "B-pair", "Rooks", "King", "Threats",
    ];
    let mut app = app_with("e4 e5 Nf3 Nc6", PieceStyle::Unicode);
    for (w, h) in [(120u16, 40u16), (100, 30), (80, 24)] {
        let s = screen(&mut app, w, h);
        let names = term_names(&s);
        assert!(!names.is_empty(), "{w}x{h}");
        for n in &names {
            assert!(
                full.contains(&n.as_str()) || short.contains(&n.as_str()),
                "{w}x{h}: cut name {n:?}"
            );
        }
    }
    // At 120x40 the column is wide enough for every full name.
    let s = screen(&mut app, 120, 40);
    assert!(term_names(&s).iter().all(|n| full.contains(&n.as_str())));
}

#[test]
fn game_over_headline_shows_the_result_not_the_eval() {
    let mut app = app_with("f3 e5 g4 Qh4#", PieceStyle::Unicode);
    let s = screen(&mut app, 120, 40);
    let top: String = s[0].chars().take(62).collect();
    // The words, then the result once, as the headline.
    assert!(top.contains("Checkmate · Black wins "), "{top}");
    assert!(top.trim_end().ends_with("0-1"), "{top}");
    assert_eq!(top.matches("0-1").count(), 1, "{top}");
    assert!(!top.contains('.'), "no static eval: {top}");

    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::Command("fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".into()));
    let s = screen(&mut app, 120, 40);
    let top: String = s[0].chars().take(62).collect();
    assert!(top.contains("Stalemate · draw "), "{top}");
    assert_eq!(top.matches("½-½").count(), 1, "{top}");
    assert!(top.trim_end().ends_with("½-½"), "{top}");
    assert!(!top.contains('+'), "no static eval: {top}");
}

#[test]
fn help_columns_keep_a_gap() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::ToggleHelp);
    for (w, h) in [(120u16, 40u16), (80, 24)] {
        let s = screen(&mut app, w, h);
        for (key, what) in tapir::tui::widgets::help::entries() {
            if key.is_empty() {
                continue;
            }
            for row in s.iter() {
                for (at, _) in row.match_indices(what) {
                    let after: String = row[at + what.len()..].chars().take(2).collect();
                    assert!(
                        after.chars().all(|c| c == ' ' || c == '│'),
                        "{w}x{h}: {what:?} runs into {after:?}: {row}"
                    );
                }
            }
        }
    }
}

#[test]
fn panel_fen_wraps_only_between_fields() {
    let mut app = app_with("e4 e5 Nf3 Nc6", PieceStyle::Unicode);
    let fen = app.view.fen.clone();
    for (w, h) in [(120u16, 40u16), (100, 30)] {
        let s = screen(&mut app, w, h);
        let Some(i) = s.iter().position(|r| r.contains("FEN r1bqkbnr")) else {
            assert!(w < 120, "the FEN shows at 120x40");
            continue;
        };
        let col = s[i][..s[i].find("FEN ").unwrap()].chars().count() + 4;
        let rows: Vec<String> = s[i..(i + 2).min(s.len())]
            .iter()
            .map(|r| r.chars().skip(col).collect::<String>().trim().to_string())
            .filter(|r| !r.is_empty())
            .collect();
        assert_eq!(rows.join(" "), fen, "{w}x{h}: {rows:?}");
    }
}

#[test]
fn move_list_title_for_empty_and_start() {
    let mut app = app_with("", PieceStyle::Unicode);
    let s = screen(&mut app, 120, 40);
    assert!(s[26].starts_with(" Moves ─"), "{}", s[26]);
    let mut app = app_with("e4", PieceStyle::Unicode);
    app.update(Action::First);
    let s = screen(&mut app, 120, 40);
    assert!(s[26].starts_with(" Moves · start of 1 ply ─"), "{}", s[26]);
}

#[test]
fn move_list_title_shows_the_result() {
    let mut app = app_with("f3 e5 g4 Qh4#", PieceStyle::Unicode);
    let s = screen(&mut app, 120, 40);
    assert!(
        s[26].starts_with(" Moves · 2... Qh4# · ply 4/4 · 0-1 ─"),
        "{}",
        s[26]
    );
    file_read(&mut app, "r.pgn", "1. d4 d5 2. c4 1/2-1/2\n");
    // The mate on the board was never saved: yes, replace it.
    common::confirm_replace(&mut app);
    let s = screen(&mut app, 120, 40);
    assert!(
        s[26].starts_with(" Moves · 2. c4 · ply 3/3 · ½-½ ─"),
        "{}",
        s[26]
    );
}

/// The move list of an annotated game: the header, variations on their own
/// indented rows in parentheses, deeper ones inline, comments in place,
/// glyphs after the moves; at both sizes, scrolled to the shown move.
#[test]
fn move_list_with_nested_variations_and_comments() {
    let mut app = app_with_file("nested.pgn");
    app.update(Action::First);
    let s = screen(&mut app, 120, 40);
    let cols = |l: &String, n: usize| l.chars().take(n).collect::<String>();
    let list: Vec<String> = s[26..39].iter().map(|l| cols(l, 60)).collect();
    let want = [
        " Moves · start of 10 plies ─────────────────────────────────",
        " Tree – Branches                                            ",
        " Deep variations and comments everywhere · tapir tests ·…   ",
        " A game comment before the first move. 1.e4 King's pawn.    ",
        "   (1.d4 d5                                                 ",
        "     (1...Nf6 2.c4 (2.Nf3 g6 (2...e6 3.Bg5 (A comment       ",
        "     before 3.g3))) 2...e6)                                 ",
        "   2.c4)                                                    ",
        "   (1.c4 English)                                           ",
        " 1...c5!? Sicilian. 2.Nf3                                   ",
        "   (2.Nc3 Nc6 3.g3                                          ",
        "     (3.f4 Grand Prix)                                      ",
        // The rows below are marked in the margin, a blank column before
        // the engine pane.
        "   3...g6)                                                 ▼",
    ];
    assert_eq!(list, want, "\n{}", s[26..39].join("\n"));
    let after_mark: String = s[38].chars().skip(59).take(3).collect();
    assert_eq!(
        after_mark, "▼  ",
        "a blank column between the mark and the next pane"
    );
    // At the end the list scrolls so the last move is in view.
    app.update(Action::Last);
    let s = screen(&mut app, 120, 40);
    assert!(
        s[38].contains("3.d4 cxd4 4.Nxd4 Nf6 5.Nc3 a6 += The Najdorf."),
        "{}",
        s[38]
    );
    // 80x24: a narrow list, the same tree.
    app.update(Action::First);
    let s = screen(&mut app, 80, 24);
    let list: Vec<String> = s[10..23]
        .iter()
        .map(|l| cols(l, 29).trim_end().to_string())
        .collect();
    assert_eq!(list[0], " Moves · start of 10 plies ──");
    assert_eq!(list[1], " Tree – Branches");
    assert!(
        list[2].starts_with(" A game comment before the"),
        "{list:?}"
    );
    assert!(list.iter().any(|l| l == "   (1.c4 English)"), "{list:?}");
}

/// The question before a new game says what is at stake: moves on the
/// board go aside into a file, while moves that live only in Ctrl-Z (every
/// one deleted) are gone on yes, and no keeps them.
#[test]
fn the_replace_question_says_what_a_yes_keeps() {
    let mut app = app_with("e4 e5", PieceStyle::Unicode);
    app.update(Action::NewGame);
    let s = screen(&mut app, 120, 40).join("\n");
    assert!(s.contains("y keeps it aside as autosave.previous"), "{s}");
    app.update(Action::Confirm(false));
    app.update(Action::First);
    app.update(Action::DeleteAfter);
    app.update(Action::Confirm(true));
    assert_eq!(app.tree().move_count(), 0);
    app.update(Action::NewGame);
    let s = screen(&mut app, 120, 40).join("\n");
    assert!(s.contains("Ctrl-Z or Ctrl-Y would bring back goes"), "{s}");
    assert!(!s.contains("keeps it aside"), "{s}");
    // A tag left on the emptied game: it goes aside, but only as it is,
    // without the deleted moves; the question says so, here and on quit,
    // at 80 columns too.
    app.update(Action::Confirm(false));
    app.update(Action::Command("tag White \"Me\"".into()));
    for (w, h) in [(120, 40), (80, 24)] {
        for (asked, kept) in [
            (Action::NewGame, "y keeps it aside as autosave.previous"),
            (Action::Quit, "it stays in the autosave"),
        ] {
            app.update(asked);
            let s = screen(&mut app, w, h).join("\n");
            assert!(s.contains(kept), "{s}");
            assert!(
                s.contains("only as it is now: what Ctrl-Z would bring back goes"),
                "{s}"
            );
            app.update(Action::Confirm(false));
        }
    }
    // Moves played only: the game aside holds all of them, nothing more said.
    let mut app = app_with("e4 e5", PieceStyle::Unicode);
    app.update(Action::NewGame);
    let s = screen(&mut app, 120, 40).join("\n");
    assert!(!s.contains("only as it is now"), "{s}");
}

/// The save dialog says where `o` puts what it writes over: a copy of the
/// file's games goes into tapir's data folder.
#[test]
fn the_save_dialog_says_where_an_overwrite_keeps_the_files_games() {
    use tapir::tui::files::Holding;
    let mut app = app_with("e4 e5", PieceStyle::Ascii);
    for (holds, cost) in [
        (
            Holding::Games(3),
            "its games are kept in tapir's data folder",
        ),
        (Holding::Games(3), "append this game after them"),
        (Holding::Games(1), "its game is kept in tapir's data folder"),
        (Holding::Games(1), "append this game after it"),
        (Holding::Games(0), "its text is kept in tapir's data folder"),
        (Holding::Games(0), "append this game after its text"),
        (Holding::Unreadable("binary".into()), "not offered"),
    ] {
        app.update(Action::SaveTargetExists {
            path: "games.pgn".into(),
            holds,
            own: false,
        });
        let lines = screen(&mut app, 80, 24);
        assert!(contains(&lines, cost), "{cost}:\n{}", lines.join("\n"));
        app.update(Action::Cancel);
    }
    // A file that cannot be read (a device, a binary file) is offered no
    // append either, and `a` writes nothing.
    app.update(Action::SaveTargetExists {
        path: "/dev/null".into(),
        holds: Holding::Unreadable("not a regular file".into()),
        own: false,
    });
    let lines = screen(&mut app, 80, 24);
    assert!(contains(&lines, "a  (not offered"), "{}", lines.join("\n"));
    app.update(Action::SaveChoice(tapir::tui::action::SaveChoice::Append));
    assert!(app
        .take_effects()
        .iter()
        .all(|e| !matches!(e, tapir::tui::action::Effect::Save { .. })));
    assert!(
        status_line(&app).contains("not written to"),
        "{}",
        status_line(&app)
    );
}

/// A message wrapped onto a second status row covers the move list's last
/// row at 80x24: the list scrolls so the shown move stays above it.
#[test]
fn a_wrapped_message_never_hides_the_shown_move() {
    let mut app = app_with_file("nepomniachtchi-liren-game1.pgn");
    app.update(Action::Resize(80, 24));
    app.update(Action::First);
    let areas = tapir::tui::layout::compute(80, 24);
    for ply in 1..=97 {
        app.update(Action::Next);
        // An error long enough to wrap.
        app.update(Action::Command(format!("frobnicate {}", "x".repeat(90))));
        let (_, moves) = tapir::tui::widgets::movelist::panes(&app, &areas);
        let text = tapir::tui::widgets::movelist::text_area(&app, moves);
        assert!(
            moves.y + moves.height < areas.status.y,
            "ply {ply}: covered"
        );
        let row = app.ui.moves.row_of(app.doc.cursor).unwrap();
        let shown = app.ui.moves.scroll..app.ui.moves.scroll + text.height as usize;
        assert!(
            shown.contains(&row),
            "ply {ply}: row {row} not in {shown:?}"
        );
    }
}

/// At 80 columns the move list's title shortens rather than cut a number:
/// "ply 80/97" becomes "80/97", never "ply 80/9".
#[test]
fn the_move_list_title_fits_without_a_cut_number() {
    let mut app = app_with_file("nepomniachtchi-liren-game1.pgn");
    show_ply(&mut app, 80);
    for (w, h) in [(80, 24), (120, 40)] {
        let s = screen(&mut app, w, h);
        let row = s.iter().find(|l| l.contains(" Moves · ")).unwrap();
        let title = row.split(" Moves · ").nth(1).unwrap();
        assert!(title.starts_with("40... Bd7 · "), "{w}x{h}: {row}");
        assert!(
            title.contains(" 80/97 ") || title.contains(" ply 80/97 "),
            "{w}x{h}: {row}"
        );
    }
}

/// A game of a many-game file says which one it is in the move list's
/// title at every size: at 80 columns the pane's name "Moves" gives way
/// to "game 2/3" rather than the number going.
#[test]
fn the_move_list_title_keeps_the_game_s_number_at_80_columns() {
    let mut app = app_with("", PieceStyle::Unicode);
    let text = "[Event \"A\"]\n\n1. e4 e5 *\n\n[Event \"B\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 1-0\n\n[Event \"C\"]\n\n1. c4 *\n";
    file_read(&mut app, "/g/three.pgn", text);
    app.update(Action::ChoiceMove(1));
    app.update(Action::ChoiceConfirm);
    show_ply(&mut app, 10);
    for (w, h, want) in [
        (120, 40, " Moves · 5... O-O · ply 10/10 · game 2/3 · 1-0 "),
        (80, 24, " 5... O-O · 10/10 · game 2/3 "),
    ] {
        let s = screen(&mut app, w, h);
        assert!(contains(&s, want), "{w}x{h}:\n{}", s.join("\n"));
    }
    // At the start too: "start of 10 plies" shortens to "start" first.
    app.update(Action::First);
    for (w, h, want) in [
        (120, 40, " Moves · start of 10 plies · game 2/3 · 1-0 "),
        (80, 24, " Moves · start · game 2/3 "),
    ] {
        let s = screen(&mut app, w, h);
        assert!(contains(&s, want), "{w}x{h}:\n{}", s.join("\n"));
    }
}

/// The file's own clocks and eval at the shown move, as Lichess shows them.
#[test]
fn the_files_clocks_and_eval_show_at_the_shown_move() {
    let mut app = app_with("", PieceStyle::Unicode);
    file_read(
        &mut app,
        "lichess.pgn",
        "1. e4 { [%eval 0.25] [%clk 0:03:00] } 1... e5 { [%eval #-3] [%clk 0:02:58.5] } 2. Nf3 *\n",
    );
    show_ply(&mut app, 2);
    let s = screen(&mut app, 120, 40);
    assert!(
        contains(&s, "PGN: W 3:00 · B 2:58 · eval #-3"),
        "{}",
        s.join("\n")
    );
    // At 80x24 "PGN:" goes, not the evaluation.
    let s = screen(&mut app, 80, 24);
    assert!(
        contains(&s, " W 3:00 · B 2:58 · eval #-3 "),
        "{}",
        s.join("\n")
    );
    app.update(Action::Next);
    let s = screen(&mut app, 120, 40);
    // 2.Nf3 has no notes of its own: Black's clock is still the one e5 left.
    assert!(contains(&s, "PGN: B 2:58 "), "{}", s.join("\n"));
    let row = s.iter().find(|l| l.contains("PGN: B 2:58 ")).unwrap();
    assert!(!row.contains("eval"), "{}", s.join("\n"));
}

/// A load's problems past the first are counted on the status line;
/// `:messages` lists each whole, with the session's other messages, and
/// any other key closes it.
#[test]
fn messages_lists_every_problem_of_a_load() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use tapir::tui::keymap::map_key;
    let mut app = app_with("", PieceStyle::Unicode);
    file_read(&mut app, "nags.pgn", "1. e4 $300 e5 $301 2. Nf3 $302 *\n");
    let status = status_line(&app);
    assert!(status.contains("(and 2 more: :messages)"), "{status}");
    app.update(Action::Command("messages".into()));
    for w in [(80, 24), (120, 40)] {
        let rows = screen(&mut app, w.0, w.1);
        for nag in ["'$300'", "'$301'", "'$302'"] {
            assert!(contains(&rows, nag), "{nag} at {w:?}:\n{}", rows.join("\n"));
        }
        assert!(contains(&rows, "Messages"), "{}", rows.join("\n"));
    }
    // Many messages later, the newest are at the bottom and Home reaches
    // the first.
    for i in 0..60 {
        app.update(Action::FileError(format!("message number {i}")));
    }
    let rows = screen(&mut app, 80, 24);
    assert!(contains(&rows, "message number 59"));
    assert!(!contains(&rows, "'$300'"));
    // One entry per action: the load's own line once, no "new game"
    // said on the way to it.
    let log: Vec<&str> = app.dialogs.log.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(
        log.iter().filter(|t| t.starts_with("loaded ")).count(),
        1,
        "{log:?}"
    );
    assert!(!log.contains(&"new game"), "{log:?}");
    let press = |app: &mut App, c: KeyCode| {
        let action = map_key(app, &KeyEvent::new(c, KeyModifiers::NONE)).unwrap();
        app.update(action);
    };
    press(&mut app, KeyCode::Home);
    let rows = screen(&mut app, 80, 24);
    assert!(contains(&rows, "'$300'"), "{}", rows.join("\n"));
    press(&mut app, KeyCode::Char('x'));
    assert!(!contains(&screen(&mut app, 80, 24), "Messages ·"));
}

/// A game picker row too long for the popup ends with "…".
#[test]
fn a_long_picker_row_says_it_goes_on() {
    let mut app = app_with("", PieceStyle::Unicode);
    let long = "Championship of the Very Long Tournament Names Society ".repeat(3);
    let text = format!(
        "[Event \"{long}\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n\n\
         [Event \"Short\"]\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n"
    );
    file_read(&mut app, "two.pgn", &text);
    let rows = screen(&mut app, 80, 24);
    let row = rows
        .iter()
        .find(|r| r.contains("Championship"))
        .unwrap_or_else(|| panic!("{}", rows.join("\n")));
    assert!(row.contains("Tournament Names…"), "{row}");
}

/// Wide characters (CJK, emoji) in a prompt take two cells each: the text
/// shows whole and the caret follows it, with no gap, also once the text
/// is longer than the row.
#[test]
fn wide_characters_in_the_prompt_leave_no_gap() {
    let mut app = app_with("", PieceStyle::Unicode);
    app.update(Action::OpenCommand);
    for c in "漢字ab".chars() {
        app.update(Action::PromptChar(c));
    }
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains(":漢字ab "), "{}", s[23]);
    for _ in 0..60 {
        app.update(Action::PromptChar('字'));
    }
    app.update(Action::PromptChar('z'));
    let s = screen(&mut app, 80, 24);
    assert!(s[23].contains("字字z "), "the end is in view: {}", s[23]);
    assert!(!s[23].contains(":漢"), "the start scrolled away: {}", s[23]);
}

#[test]
fn a_stopped_analysis_keeps_its_lines_at_its_position() {
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Unicode);
    feed_line(&mut app, 1, -25, "a6 Ba4 Nf6 O-O");
    feed_line(&mut app, 2, -40, "Nf6 O-O");
    app.update(Action::ToggleAnalysis);
    assert!(app.engine.search.is_none(), "the engine stopped");
    let s = screen(&mut app, 120, 40);
    assert!(
        s[26].contains("Engine · stopped · d18/24 · 2.35M nodes"),
        "{}",
        s[26]
    );
    assert!(contains(&s, "1  +0.25 d18 3... a6 4. Ba4 Nf6 5. O-O"));
    assert_eq!(app.display_score(), Score::Cp(25));
    // Another position has no lines; back at theirs, they are there again.
    app.update(Action::Prev);
    let s = screen(&mut app, 120, 40);
    assert!(!contains(&s, "3... a6"));
    assert!(contains(&s, "analysis off - press a to analyse"));
    assert!(app.lines_here().is_empty());
    app.update(Action::Next);
    assert_eq!(app.lines_here().len(), 2);
    // `s` plays their best move.
    app.update(Action::PlayBest);
    assert_eq!(app.doc.game.label(app.doc.cursor), "3... a6");
    // A new analysis replaces them.
    app.update(Action::Prev);
    app.update(Action::ToggleAnalysis);
    assert!(app.engine.searching());
    assert!(
        app.lines_here().is_empty(),
        "the new analysis has no lines yet"
    );
    let s = screen(&mut app, 120, 40);
    assert!(s[26].contains("Engine · analysing"), "{}", s[26]);
    assert!(!contains(&s, "3... a6 4. Ba4"));
}

#[test]
fn a_game_against_the_engine_hides_a_stopped_analysis() {
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Unicode);
    feed_line(&mut app, 1, -25, "a6 Ba4 Nf6 O-O");
    app.update(Action::ToggleAnalysis);
    assert_eq!(app.lines_here().len(), 1);
    app.update(Action::OpenPlayDialog);
    app.update(Action::PlaySide(tapir::chess::Color::Black));
    app.update(Action::ChoiceConfirm);
    assert!(matches!(app.play.mode, tapir::tui::app::Mode::Play { .. }));
    assert_eq!(
        app.doc.game.label(app.doc.cursor),
        "3. Bb5",
        "played from here"
    );
    assert!(app.lines_here().is_empty());
    let s = screen(&mut app, 120, 40);
    assert!(!contains(&s, "3... a6 4. Ba4"), "{}", s.join("\n"));
}

#[test]
fn a_stopped_analysis_keeps_its_last_finished_depth() {
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5", PieceStyle::Unicode);
    feed_line(&mut app, 1, -25, "a6 Ba4 Nf6 O-O");
    feed_line(&mut app, 2, -40, "Nf6 O-O");
    // Depth 19 fails low part way: a bound and a one-move line.
    feed(&mut app, 1, 10, "a6", 19, Bound::Lower);
    app.update(Action::ToggleAnalysis);
    let kept = app.lines_here();
    assert_eq!(kept.len(), 2);
    assert_eq!((kept[0].depth, kept[0].bound), (18, Bound::Exact));
    assert_eq!(kept[0].pv, "3... a6 4. Ba4 Nf6 5. O-O");
    // On and straight off again, with nothing found: the lines stay.
    app.update(Action::ToggleAnalysis);
    assert!(app.engine.searching());
    app.update(Action::ToggleAnalysis);
    assert_eq!(app.lines_here().len(), 2);
    // A shallower analysis does not replace them.
    app.update(Action::ToggleAnalysis);
    feed(&mut app, 1, -30, "a6 Ba4", 9, Bound::Exact);
    app.update(Action::ToggleAnalysis);
    assert_eq!(app.lines_here()[0].depth, 18);
    // The threat view's search leaves them.
    app.update(Action::Threat(Some(true)));
    assert!(app.engine.search.is_some(), "the threat search");
    assert_eq!(app.lines_here().len(), 2);
    let s = screen(&mut app, 120, 40);
    assert!(
        contains(&s, "Engine · stopped · d18/24"),
        "{}",
        s.join("\n")
    );
    assert!(contains(&s, "1  +0.25 d18 3... a6 4. Ba4 Nf6 5. O-O"));
    // Fewer lines asked for: fewer shown.
    app.update(Action::MultiPvDown);
    app.update(Action::MultiPvDown);
    assert_eq!(app.lines_here().len(), 1);
    assert!(message(&app).contains("1 analysis line (a starts the analysis)"));
}

#[test]
fn a_game_inside_a_loaded_one_names_its_own_players() {
    let mut app = app_with_file("nepomniachtchi-liren-game1.pgn");
    show_ply(&mut app, 4);
    app.update(Action::OpenPlayDialog);
    app.update(Action::PlaySide(tapir::chess::Color::White));
    app.update(Action::ChoiceConfirm);
    assert!(matches!(app.play.mode, tapir::tui::app::Mode::Play { .. }));
    for (w, h) in [(120, 40), (80, 24)] {
        let s = screen(&mut app, w, h);
        let row = s
            .iter()
            .find(|r| r.contains("Black: "))
            .unwrap_or_else(|| panic!("{}", s.join("\n")));
        assert!(row.contains("Black: tapir level"), "{row}");
        let white = s.iter().find(|r| r.contains("White: ")).unwrap();
        assert!(!white.contains("Nepomniachtchi"), "{white}");
    }
    // The file's players stay in its tags.
    assert_eq!(app.doc.game.tags.get("Black"), Some("Liren, Ding"));
}

/// On the narrow board a check is the last word of the title to give way
/// to the score.
#[test]
fn a_check_stays_in_the_narrow_title() {
    let mut app = app_with("e4 f5 Qh5+", PieceStyle::Unicode);
    feed_line(&mut app, 1, -325, "g6 Qxg6+ hxg6");
    for (w, h) in [(80, 24), (120, 40)] {
        let s = screen(&mut app, w, h);
        assert!(s[0].contains("check!"), "{w}x{h}: {}", s[0]);
    }
}

/// A comment longer than the status row is shown whole while it is typed:
/// a box above the status line wraps it at word boundaries.
#[test]
fn a_long_comment_is_shown_whole_while_typed() {
    let mut app = app_with("e4", PieceStyle::Unicode);
    app.update(Action::EditComment);
    let words = "This is the most common first move, it grabs the centre and opens \
                 lines for the queen and the king's bishop; Fischer called it best by test.";
    app.update(Action::Paste(words.into()));
    for (w, h) in [(80, 24), (120, 40)] {
        let s = screen(&mut app, w, h);
        assert!(
            contains(&s, "Comment (Enter writes it, Esc cancels)"),
            "{s:#?}"
        );
        assert!(
            contains(&s, "│ This is the most common first move,"),
            "{s:#?}"
        );
        assert!(contains(&s, "Fischer called it best by test."), "{s:#?}");
    }
    // A short one needs no box: the status row holds it.
    let mut app = app_with("e4", PieceStyle::Unicode);
    app.update(Action::EditComment);
    app.update(Action::Paste("Best by test.".into()));
    let s = screen(&mut app, 80, 24);
    assert!(!contains(&s, "Comment (Enter"), "{s:#?}");
}

/// With a net loaded, `e` puts tapir's search on the hand-crafted
/// evaluation too, and its pane says so; without a net there is no other
/// evaluator and nothing to say.
#[test]
fn the_engine_pane_says_when_tapir_searches_the_hand_crafted_eval() {
    use tapir::engine::EvalKind;
    let net = std::sync::Arc::new(tapir::eval::nnue::Network::random(5));
    let mut app = App::with_net(Config::default(), Game::default(), Some(net));
    if app.ui.eval_view == EvalKind::Hce {
        app.update(Action::ToggleEvalView);
    }
    assert!(!contains(&screen(&mut app, 120, 40), "Engine (HCE)"));
    app.update(Action::ToggleEvalView);
    assert!(
        message(&app).contains("the engine too"),
        "{}",
        message(&app)
    );
    assert!(contains(&screen(&mut app, 120, 40), "Engine (HCE)"));
    let mut plain = app_with("", PieceStyle::Unicode);
    assert!(!contains(&screen(&mut plain, 120, 40), "(HCE)"));
}

/// A message of two rows takes the row above the status line: the panel
/// ends above it and lays its rows out in what is left, so its last row
/// (the NNUE line in the hand-crafted view) is not drawn under the
/// message.
#[test]
fn a_two_row_message_hides_no_row_of_the_panel() {
    use tapir::engine::EvalKind;
    let mut app = app_with("e4 e5 Nf3 Nc6 Bb5 a6", PieceStyle::Unicode);
    if app.ui.eval_view == EvalKind::Nnue {
        app.update(Action::ToggleEvalView);
    }
    let nnue = |rows: &[String], status_top: usize| {
        rows[..status_top].iter().any(|r| r.contains("│ HCE "))
    };
    let rows = screen(&mut app, 80, 24);
    assert!(nnue(&rows, 23), "{}", rows.join("\n"));
    app.update(Action::FileError(format!(
        "a message long enough to wrap {}",
        "onto a second row ".repeat(4)
    )));
    let rows = screen(&mut app, 80, 24);
    assert!(
        rows[22].contains("a message long enough"),
        "{}",
        rows.join("\n")
    );
    assert!(nnue(&rows, 22), "{}", rows.join("\n"));
}

/// `z` puts the evaluation panel away: at 80x24 the move list takes the
/// whole width below the board (a clicked move there is the move drawn),
/// at 120x40 the engine lines take the slot beside the board; the choice
/// is kept in the settings, and `v` or `:panel on` brings the panel back.
#[test]
fn the_panel_goes_away_and_the_moves_take_its_room() {
    let mut app = app_with_file("nepomniachtchi-liren-game1.pgn");
    let s = screen(&mut app, 80, 24);
    assert!(contains(&s, "Eval ·"), "{}", s.join("\n"));
    app.update(Action::Panel(None));
    assert!(!app.config.panel && app.config_changed);
    assert!(message(&app).contains("evaluation panel off"));
    let s = screen(&mut app, 80, 24);
    assert!(!contains(&s, "Eval ·"), "{}", s.join("\n"));
    assert!(s[0].contains("Engine"));
    assert!(s[10].starts_with(" Moves") && s[10].trim_end().ends_with('─'));
    // Moves run past the middle of the screen, where the panel was.
    let row = s
        .iter()
        .position(|l| l.contains("27.Qf4"))
        .unwrap_or_else(|| panic!("{}", s.join("\n")));
    let col = s[row][..s[row].find("27.Qf4").unwrap()].chars().count() as u16;
    assert!(col > 40, "27.Qf4 at column {col}:\n{}", s.join("\n"));
    app.update(Action::MouseDown(col + 4, row as u16));
    assert_eq!(app.tree().node(app.doc.cursor).san(), "Qf4");

    let s = screen(&mut app, 120, 40);
    assert!(!contains(&s, "Eval ·") && s[0].contains("Engine"));
    assert!(s[26].starts_with(" Moves") && s[26].trim_end().ends_with('─'));

    app.update(Action::Teach(tapir::tui::action::TeachAction::View(1)));
    assert!(app.config.panel);
    let s = screen(&mut app, 120, 40);
    assert!(contains(&s, "Explain ·"), "{}", s.join("\n"));
    app.update(Action::Command("panel off".into()));
    assert!(!app.config.panel);
    app.update(Action::Command("panel on".into()));
    assert!(app.config.panel);
    app.update(Action::Command("panel maybe".into()));
    assert!(app.config.panel);
}
