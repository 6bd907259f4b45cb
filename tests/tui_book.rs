//! The opening names and the book on the board, through the reducer: the
//! header names the opening and lists the book's moves, the move list
//! marks book moves, the engine plays book moves in games (drawn with the
//! seed in the `BookSeed` tag, so the same seed replays the same game),
//! searches once out of the book, and `:book` switches books. `:save`
//! fills the ECO and Opening tags when the game has none.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::engine::SearchEvent;
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::{App, Mode, Purpose};
use tapir::tui::config::Config;
use tapir::tui::movetext::Kind;
use tapir::tui::widgets::movelist::header_rows;

mod common;
use common::play;

fn app() -> App {
    let mut a = App::new(Config::default(), Game::default());
    a.take_effects();
    a
}

/// The main line in SAN.
fn sans(a: &App) -> Vec<String> {
    let t = a.tree();
    t.mainline().map(|n| t.node(n).san().to_string()).collect()
}

/// Starts a game in which the human plays `human` at level 1.
fn start_game(a: &mut App, human: tapir::chess::Color) {
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(human));
    a.update(Action::ChoiceMove(-10));
    a.update(Action::ChoiceConfirm);
}

#[test]
fn the_header_names_the_opening_and_lists_book_moves() {
    let mut a = app();
    assert_eq!(a.view.opening, None);
    assert!(a.view.book.len() > 5, "the start is in the built-in book");
    play(&mut a, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
    let o = a.view.opening.expect("named");
    assert_eq!(
        (o.eco, o.name),
        ("B90", "Sicilian Defense: Najdorf Variation")
    );
    let rows = header_rows(&a, 60);
    assert_eq!(rows[0], "B90 Sicilian Defense: Najdorf Variation");
    // The name is fitted to the row inside the pane's margins: at the
    // 80x24 move pane (29 columns, 27 inside) shortened, not cut.
    assert_eq!(header_rows(&a, 29)[0], "B90 Sicilian: Najdorf");
    assert!(rows[1].starts_with("Book ° "), "{rows:?}");
    assert!(rows[1].contains('%'), "{rows:?}");
    // Book moves carry the mark in the move list.
    let marked =
        a.ui.moves
            .rows
            .iter()
            .flatten()
            .filter(|p| p.kind == Kind::Book)
            .count();
    assert_eq!(marked, 10, "all ten moves are book moves");
    // Out of the book: the name stays, the book row goes.
    play(&mut a, "Qd3 Qa5 Qf3");
    assert_eq!(a.view.opening.map(|o| o.eco), Some("B90"));
    assert!(a.view.book.is_empty());
    assert!(!header_rows(&a, 60).iter().any(|r| r.starts_with("Book")));
}

/// Where `word` is drawn on the screen (its first cell), on a row that
/// starts with the book's words.
fn find_in_book_row(a: &mut App, word: &str, w: u16, h: u16) -> Option<(u16, u16)> {
    let s = common::screen(a, w, h);
    s.iter().enumerate().find_map(|(y, row)| {
        let at = row.find("Book ° ")?;
        let i = row[at..].find(word)? + at;
        Some((row[..i].chars().count() as u16, y as u16))
    })
}

#[test]
fn a_click_on_a_book_move_plays_it() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = app();
        play(&mut a, "e4");
        let book: Vec<String> = a
            .view
            .book
            .iter()
            .map(|m| tapir::chess::to_san(&a.view.board, m.mv))
            .collect();
        assert!(book.iter().any(|s| s == "c5"), "{book:?}");
        let (x, y) = find_in_book_row(&mut a, " c5 ", w, h).expect("c5 in the book row");
        // On the move's percentage: the move is played as if typed.
        a.update(Action::MouseDown(x + 4, y));
        a.update(Action::MouseUp(x + 4, y));
        assert_eq!(sans(&a), ["e4", "c5"], "at {w}x{h}");
        // The words "Book °" play nothing.
        let (x, y) = find_in_book_row(&mut a, "Book", w, h).expect("book row");
        a.update(Action::MouseDown(x + 1, y));
        a.update(Action::MouseUp(x + 1, y));
        assert_eq!(sans(&a), ["e4", "c5"]);
    }
}

#[test]
fn a_transposition_is_named() {
    let mut a = app();
    play(&mut a, "Nf3 Nf6 c4 e6 Nc3 d5 d4");
    assert_eq!(a.view.opening.map(|o| o.eco), Some("D37"));
}

#[test]
fn the_engine_plays_from_the_book_with_the_games_seed() {
    let first_move = |seed: u64| {
        let mut a = app();
        a.doc.game.tags.set("BookSeed", &seed.to_string());
        start_game(&mut a, tapir::chess::Color::Black);
        assert!(matches!(a.play.mode, Mode::Play { .. }));
        // White's first move came from the book at once: no search.
        assert_eq!(sans(&a).len(), 1, "{:?}", a.dialogs.message);
        assert!(a.engine.search.is_none(), "no search for a book move");
        let msg = a.dialogs.message.clone().expect("said");
        assert!(msg.text.ends_with("(book)"), "{}", msg.text);
        sans(&a)[0].clone()
    };
    // The same seed replays the same move; seeds vary the choice.
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let m = first_move(seed);
        assert_eq!(first_move(seed), m);
        seen.insert(m);
    }
    assert!(seen.len() >= 2, "{seen:?}");
}

#[test]
fn a_new_game_records_its_seed_and_searches_out_of_the_book() {
    let mut a = app();
    start_game(&mut a, tapir::chess::Color::White);
    assert!(a.engine.search.is_none(), "the human's move first");
    // The book's moves are not shown to the player, as the eval is not.
    assert!(!a.view.book.is_empty());
    assert!(!header_rows(&a, 60).iter().any(|r| r.starts_with("Book")));
    a.update(Action::Command("showeval".into()));
    assert!(header_rows(&a, 60).iter().any(|r| r.starts_with("Book")));
    a.update(Action::Command("showeval off".into()));
    play(&mut a, "e4");
    // Black answered from the book, and the seed went into the game.
    assert_eq!(sans(&a).len(), 2);
    let seed = a
        .doc
        .game
        .tags
        .get("BookSeed")
        .expect("recorded")
        .to_string();
    assert!(seed.parse::<u64>().is_ok(), "{seed}");
    // The tag went in with the book move, in its undo step: a game taken
    // back to nothing leaves no tag in the user's game.
    let mut c = app();
    start_game(&mut c, tapir::chess::Color::White);
    play(&mut c, "e4");
    assert!(c.doc.game.tags.get("BookSeed").is_some());
    c.update(Action::ToggleAnalysis);
    c.update(Action::Confirm(true));
    assert_eq!(c.play.mode, Mode::Analysis);
    c.update(Action::Undo);
    assert_eq!(sans(&c).len(), 1, "the book move goes");
    assert_eq!(c.doc.game.tags.get("BookSeed"), None, "and its seed");
    c.update(Action::Redo);
    assert!(c.doc.game.tags.get("BookSeed").is_some(), "both come back");
    // A take-back (`u`) in the game takes the seed out with the book move
    // that brought it, in the same step; Ctrl-Z brings both back.
    let mut d = app();
    start_game(&mut d, tapir::chess::Color::White);
    play(&mut d, "e4");
    assert!(d.doc.game.tags.get("BookSeed").is_some());
    d.update(Action::TakeBack);
    assert!(sans(&d).is_empty());
    assert_eq!(
        d.doc.game.tags.get("BookSeed"),
        None,
        "taken back with its move"
    );
    play(&mut d, "d4");
    assert!(d.doc.game.tags.get("BookSeed").is_some(), "a new seed");
    // Out of the book (the king steps out), the engine searches.
    play(&mut a, "Ke2");
    assert_eq!(sans(&a).len(), 3);
    let s = a.engine.search.as_ref().expect("a search");
    assert_eq!(s.key.purpose, Purpose::EngineMove);
    assert_eq!(s.root, *a.board());
    // With the book off the engine thinks from the first move.
    let mut b = app();
    b.update(Action::Command("book off".into()));
    start_game(&mut b, tapir::chess::Color::Black);
    assert!(sans(&b).is_empty());
    let s = b.engine.search.as_ref().expect("a search");
    assert_eq!(s.key.purpose, Purpose::EngineMove);
    // Its answer is played as before.
    let token = s.token;
    let m = tapir::chess::parse_move(b.board(), "e4").expect("legal");
    b.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best: Some(m),
            ponder: None,
        },
    });
    assert_eq!(sans(&b), ["e4"]);
}

/// `:book FILE`, and the runtime's answer: it reads the file the
/// `LoadBook` effect names and hands back `BookLoaded`.
fn book_file(a: &mut App, file: &str) {
    a.take_effects();
    a.update(Action::Command(format!("book {file}")));
    let path = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::LoadBook(p) => Some(p),
            _ => None,
        })
        .expect("a LoadBook effect");
    let book = tapir::book::Book::load(&path)
        .map(std::sync::Arc::new)
        .map_err(|e| e.to_string());
    a.update(Action::BookLoaded { path, book });
}

#[test]
fn the_book_command_switches_books() {
    let mut a = app();
    a.update(Action::Command("book off".into()));
    assert!(a.view.book.is_empty());
    assert_eq!(a.config.book, "off");
    a.update(Action::Command("book default".into()));
    assert!(!a.view.book.is_empty());
    assert_eq!(a.config.book, "");
    a.update(Action::Command("book".into()));
    let said = a.dialogs.message.clone().expect("said").text;
    assert!(said.contains("built-in"), "{said}");
    // Every book move here, with its share (the move list's row has room
    // for a few at 80 columns).
    assert!(said.contains("book moves: e4 "), "{said}");
    assert!(said.contains(", d4 "), "{said}");
    // A file is read by the runtime, which answers with BookLoaded.
    book_file(&mut a, "tests/data/small-book.bin");
    assert_eq!(a.view.book.len(), 13);
    assert!(a.config.book.ends_with("small-book.bin"));
    // A file that is not a book changes nothing and says why.
    let path = std::path::PathBuf::from("Cargo.toml");
    let book = tapir::book::Book::load(&path)
        .map(std::sync::Arc::new)
        .map_err(|e| e.to_string());
    a.update(Action::BookLoaded { path, book });
    let msg = a.dialogs.message.clone().expect("said");
    assert!(
        msg.error && msg.text.contains("not a Polyglot book"),
        "{}",
        msg.text
    );
    assert_eq!(a.view.book.len(), 13);
}

#[test]
fn save_fills_eco_and_opening_when_missing_and_never_a_contradicting_pair() {
    let saved = common::saved_text;
    let mut a = app();
    play(&mut a, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2");
    let text = saved(&mut a);
    assert!(text.contains("[ECO \"B92\"]"), "{text}");
    assert!(
        text.contains("[Opening \"Sicilian Defense: Najdorf Variation, Opocensky Variation\"]"),
        "{text}"
    );
    // A code of the game's own gets no name that contradicts it (the
    // Deep Blue game's file says A06; tapir's table names the line A07),
    // and a name of its own no code.
    a.doc.game.tags.remove("Opening");
    a.doc.game.tags.set("ECO", "B99");
    let text = saved(&mut a);
    assert!(text.contains("[ECO \"B99\"]"), "{text}");
    assert!(!text.contains("[Opening "), "{text}");
    a.doc.game.tags.remove("ECO");
    a.doc.game.tags.set("Opening", "Mine");
    let text = saved(&mut a);
    assert!(text.contains("[Opening \"Mine\"]"), "{text}");
    assert!(!text.contains("[ECO "), "{text}");
    // The game's own code with the name that goes with it gains nothing
    // and loses nothing.
    a.doc.game.tags.remove("Opening");
    a.doc.game.tags.set("ECO", "B92");
    let text = saved(&mut a);
    assert!(
        text.contains("[ECO \"B92\"]")
            && text
                .contains("[Opening \"Sicilian Defense: Najdorf Variation, Opocensky Variation\"]"),
        "{text}"
    );
    // A game's own tags are kept.
    a.doc.game.tags.set("ECO", "B99");
    a.doc.game.tags.set("Opening", "Mine");
    let text = saved(&mut a);
    assert!(
        text.contains("[ECO \"B99\"]") && text.contains("[Opening \"Mine\"]"),
        "{text}"
    );
}

#[test]
fn tapir_eval_prints_the_opening() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args([
            "eval",
            "--fen",
            "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
        ])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Opening: B90 Sicilian Defense: Najdorf Variation"),
        "{text}"
    );
    assert!(text.contains("Book: Bg5 "), "{text}");
}

#[test]
fn the_book_setting_stays_as_the_user_wrote_it() {
    // config.toml names the book relative to where tapir starts (a `~/`
    // path is the same case): reading it, or naming the same file again,
    // must not rewrite the setting as an absolute path.
    let written = "tests/data/small-book.bin";
    let config = Config {
        book: written.to_string(),
        ..Config::default()
    };
    let mut a = App::new(config, Game::default());
    a.take_effects();
    tapir::tui::book::start_book(&mut a, written);
    assert_eq!(a.view.book.len(), 13, "the file's book is in use");
    assert_eq!(a.config.book, written);
    assert!(
        !a.config_changed,
        "reading the settings is not changing them"
    );
    book_file(&mut a, written);
    assert_eq!(a.config.book, written, "the same file, so the same setting");
    // Another book is a change, kept as its full path.
    a.update(Action::Command("book default".into()));
    assert_eq!(a.config.book, "");
    assert!(a.config_changed);
    // `book = "OFF"` is the word `:book OFF` takes, not a file named OFF.
    let mut a = App::new(Config::default(), Game::default());
    tapir::tui::book::start_book(&mut a, "OFF");
    assert!(a.view.book.is_empty(), "no book");
    assert!(
        a.dialogs.message.as_ref().is_none_or(|m| !m.error),
        "{:?}",
        a.dialogs.message
    );
    // A book that does not read at start says so as the setting's, not as
    // a change refused; the setting stays for the day the file is back.
    let missing = "/nonexistent/book.bin";
    let config = Config {
        book: missing.to_string(),
        ..Config::default()
    };
    let mut a = App::new(config, Game::default());
    tapir::tui::book::start_book(&mut a, missing);
    let said = a.dialogs.message.clone().expect("said");
    assert!(said.error, "{said:?}");
    assert!(
        said.text.starts_with("config.toml's book did not read")
            && said.text.ends_with("the built-in book is used"),
        "{}",
        said.text
    );
    assert_eq!(a.config.book, missing);
    assert!(!a.config_changed);
    assert!(!a.view.book.is_empty(), "the built-in book");
}
