//! The board's tablebase view: with `syzygy_path` set, a position the
//! tables hold shows its verdict beside the evaluation and every legal
//! move with its outcome; `:syzygy` changes the tables, says what it
//! found, and tells the engine.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tapir::chess::Board;
use tapir::engine::EngineOption;
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::App;
use tapir::tui::config::Config;
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;

const TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");

fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.update(Action::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, app, &FrameStats::default()))
        .unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

fn contains(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

fn app(fen: &str, syzygy: &str) -> App {
    let config = Config {
        syzygy_path: syzygy.into(),
        autostart_analysis: false,
        ..Config::default()
    };
    App::new(config, Game::new(Board::from_fen(fen).unwrap()))
}

#[test]
fn a_position_in_the_tables_lists_every_move() {
    let mut a = app("k7/8/1K6/8/8/8/7Q/8 w - - 0 1", TABLES);
    let here = a.tb.here.as_ref().expect("in the tables");
    assert_eq!(here.moves.len(), a.view.legal.len());
    assert!(
        a.headline().ends_with("· TB: White wins"),
        "{}",
        a.headline()
    );
    let s = screen(&mut a, 120, 40);
    assert!(contains(&s, "TB: White wins"), "{}", s.join("\n"));
    assert!(contains(&s, "Qh8#    mate"), "{}", s.join("\n"));
    assert!(contains(&s, "win DTZ"), "{}", s.join("\n"));
    // A move on: Black to move, lost; the list follows the shown position.
    a.update(Action::MoveText("Qg2".into()));
    assert!(
        a.headline().ends_with("· TB: White wins"),
        "{}",
        a.headline()
    );
    let s = screen(&mut a, 120, 40);
    assert!(contains(&s, "loss DTZ"), "{}", s.join("\n"));
    // At 80x24 the title says it short, in the score's place.
    let s = screen(&mut a, 80, 24);
    assert!(
        s[0].starts_with(" Black · check!") && s[0].contains("TB 1-0"),
        "{}",
        s[0]
    );
    // A win the 50-move rule spoils is marked.
    let mut c = app("8/8/8/4k3/8/8/8/KBN5 w - - 60 80", TABLES);
    let s = screen(&mut c, 80, 24);
    assert!(s[0].contains("TB 1-0*"), "{}", s[0]);
}

#[test]
fn outside_the_tables_nothing_changes() {
    let mut a = app(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        TABLES,
    );
    assert!(a.tb.here.is_none());
    assert!(a.headline().starts_with("static"), "{}", a.headline());
    let s = screen(&mut a, 120, 40);
    assert!(!contains(&s, "TB:"));
    let mut none = app("k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "");
    assert!(none.tb.here.is_none());
    assert!(!contains(&screen(&mut none, 120, 40), "TB:"));
}

#[test]
fn the_syzygy_command_sets_the_tables_and_tells_the_engine() {
    let mut a = app("k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "");
    a.take_effects();
    a.update(Action::Command(format!("syzygy {TABLES}")));
    assert!(a.tb.here.is_some());
    assert_eq!(a.config.syzygy_path, TABLES);
    let msg = a.dialogs.message.clone().unwrap();
    assert!(
        !msg.error && msg.text.contains("70 Syzygy table files"),
        "{msg:?}"
    );
    let told = a
        .take_effects()
        .into_iter()
        .any(|e| matches!(e, Effect::SetOption(EngineOption::SyzygyPath(p)) if p == TABLES));
    assert!(told);
    // A folder that is not there (a typo, an unmounted drive): said, and
    // the tables in use and the setting stay, so nothing typed is lost.
    a.take_effects();
    a.update(Action::Command("syzygy /no/such/folder".into()));
    let msg = a.dialogs.message.clone().unwrap();
    assert!(msg.error && msg.text.contains("no such folder"), "{msg:?}");
    assert!(msg.text.contains("not changed"), "{msg:?}");
    assert!(a.tb.here.is_some());
    assert_eq!(a.config.syzygy_path, TABLES);
    assert!(a.take_effects().is_empty(), "the engine keeps its tables");
    a.update(Action::Command("syzygy".into()));
    let said = a.dialogs.message.clone().unwrap().text;
    assert!(
        said.starts_with(&format!("tablebases: {TABLES} (")),
        "{said}"
    );
    assert!(said.contains("up to 4 pieces"), "{said}");
    a.update(Action::Command("syzygy off".into()));
    assert!(a.tb.tables.is_none());
    a.update(Action::Command("syzygy".into()));
    let said = a.dialogs.message.clone().unwrap().text;
    assert!(said.starts_with("tablebases off: "), "{said}");
}

/// A `syzygy_path` from the settings that finds no tables is said at the
/// start, as `:syzygy` says it; a table a probe needs and cannot read
/// (here the sub-tables of KQvKR are missing) is said once, not
/// silently left out; `:syzygy ~/...` names the folder under the home.
#[test]
fn missing_and_broken_tables_are_said() {
    let a = app(
        "8/8/8/4k3/8/8/1r6/3QK3 w - - 0 1",
        "/nonexistent-tapir-tables",
    );
    let said = a.dialogs.message.as_ref().expect("a message");
    assert!(said.error, "{}", said.text);
    assert!(
        said.text.contains("syzygy_path /nonexistent-tapir-tables"),
        "{}",
        said.text
    );

    let dir = std::env::temp_dir().join(format!("tapir-tb-part-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(format!("{TABLES}/KQvKR.rtbw"), dir.join("KQvKR.rtbw")).unwrap();
    let mut a = app("8/8/8/4k3/8/8/1r6/3QK3 w - - 0 1", dir.to_str().unwrap());
    assert!(a.tb.here.is_none());
    let said = a.dialogs.message.as_ref().expect("a message");
    assert!(
        said.error && said.text.starts_with("tablebases: "),
        "{}",
        said.text
    );
    // Set with `:syzygy` on such a position, said at once.
    let mut b = app("8/8/8/4k3/8/8/1r6/3QK3 w - - 0 1", "");
    b.update(Action::Command(format!("syzygy {}", dir.display())));
    let said = b.dialogs.message.as_ref().expect("a message");
    assert!(
        said.error && said.text.starts_with("tablebases: "),
        "{}",
        said.text
    );
    // Reached by `:fen`, said after what `:fen` says, not in its place
    // (then it was lost: said once, and replaced at once).
    let mut c = app("r3k3/8/8/8/8/8/8/R3K2R w - - 0 1", dir.to_str().unwrap());
    assert!(c.dialogs.message.is_none(), "{:?}", c.dialogs.message);
    c.update(Action::Command(
        "fen 8/8/8/4k3/8/8/1r6/3QK3 w - - 0 1".into(),
    ));
    let said = c.dialogs.message.clone().expect("a message");
    assert!(
        said.error && said.text.contains("; tablebases: "),
        "{}",
        said.text
    );
    assert!(c.dialogs.log.iter().any(|m| m.text == said.text));
    // Said once: walking on to another such position says nothing new.
    a.dialogs.message = None;
    a.update(Action::Command(
        "fen 8/8/8/3k4/8/8/1r6/3QK3 w - - 0 1".into(),
    ));
    let again = a
        .dialogs
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(!again.starts_with("tablebases: "), "{again}");
    std::fs::remove_dir_all(&dir).unwrap();

    // `~` is the home folder, and the setting is the whole path.
    let home = std::env::var("HOME").unwrap();
    let mut a = app("8/8/8/8/8/8/8/K1k5 w - - 0 1", "");
    a.update(Action::Command("syzygy ~/no-such-tables-here".into()));
    let said = a.dialogs.message.as_ref().expect("a message").text.clone();
    assert!(
        said.contains(&format!("{home}/no-such-tables-here")),
        "{said}"
    );
}

/// The header's DTZ is the best move's, one more than the list shows for
/// it (which counts after the move, as Lichess does): here the only
/// capture stalemates, and the table's own value for the position
/// (1) would say a win comes at once.
#[test]
fn the_headers_dtz_is_the_best_moves() {
    let mut a = app("k7/8/1Q6/8/2p5/1K6/8/8 w - - 0 1", TABLES);
    let s = screen(&mut a, 120, 40);
    let best = &a.tb.here.as_ref().unwrap().moves[0];
    assert_eq!(best.san, "Ka2");
    assert!(contains(&s, "TB: White wins · DTZ 2"), "{}", s.join("\n"));
    assert!(contains(&s, "Kxc4    stalemate"), "{}", s.join("\n"));
}

/// In the board editor the verdict is the set-up's, as the evaluation is:
/// a queen taken from White and given to Black (K v KQ, White in check,
/// Kxb1 draws) is no longer "White wins"; a set-up that is not legal has
/// none; leaving the editor without a change brings the game's back.
#[test]
fn the_editor_shows_the_set_ups_verdict() {
    let mut a = app("8/8/8/3k4/8/8/8/KQ6 w - - 0 1", TABLES);
    assert!(
        a.headline().ends_with("· TB: White wins"),
        "{}",
        a.headline()
    );
    a.update(Action::OpenEditor);
    a.update(Action::Command("fen 8/8/8/3k4/8/8/8/Kq6 w - - 0 1".into()));
    assert!(a.headline().ends_with("· TB: draw"), "{}", a.headline());
    // Two black kings: no verdict at all.
    a.update(Action::Command("fen 8/8/8/3k4/8/8/8/Kk6 w - - 0 1".into()));
    assert!(a.tb.here.is_none());
    assert!(!a.headline().contains("TB"), "{}", a.headline());
    a.update(Action::Edit(tapir::tui::editor::EditAction::Cancel));
    assert!(a.editor.is_none());
    assert!(
        a.headline().ends_with("· TB: White wins"),
        "{}",
        a.headline()
    );
}

/// Each move's DTZ is the position's after it, as Lichess writes it: a
/// promotion to a queen (~12) reads apart from one to a rook (~22), where
/// counting from before the move gave both 1, and a king move reads 2,
/// not 3. Among wins of one count before the move, the shorter after it
/// comes first.
#[test]
fn each_moves_dtz_is_the_one_after_it() {
    let mut a = app("8/4P3/8/8/8/k7/8/K7 w - - 0 1", TABLES);
    let s = screen(&mut a, 120, 40);
    assert!(contains(&s, "e8=Q    win DTZ ~12"), "{}", s.join("\n"));
    assert!(contains(&s, "e8=R    win DTZ ~22"), "{}", s.join("\n"));
    assert!(contains(&s, "Kb1     win DTZ 2"), "{}", s.join("\n"));
    let order: Vec<&str> = (a.tb.here.as_ref().unwrap().moves.iter())
        .map(|m| m.san.as_str())
        .take(2)
        .collect();
    assert_eq!(order, ["e8=Q", "e8=R"]);
}

/// A position the game is over in by material (king against king) shows
/// no tablebase list, as a mate or stalemate shows none.
#[test]
fn no_list_once_neither_side_can_mate() {
    let a = app("4k3/8/8/8/8/8/8/4K3 w - - 0 1", TABLES);
    assert!(a.tb.here.is_none());
}

/// A table that the position after some move needs is missing (here
/// king and queen against king, which a DTZ probe after a queen move
/// reaches through the rook's capture): those moves show no DTZ, and the
/// status line says which table is missing, with the verdict kept.
#[test]
fn a_missing_dtz_table_after_a_move_is_said() {
    let dir = std::env::temp_dir().join(format!("tapir-tb-missing-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["KQvKR.rtbw", "KQvKR.rtbz", "KRvK.rtbw"] {
        std::fs::copy(format!("{TABLES}/{f}"), dir.join(f)).unwrap();
    }
    let a = app("8/8/8/8/3k4/8/1r6/4QK2 w - - 0 1", dir.to_str().unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(a.tb.here.is_some());
    let m = a
        .dialogs
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        m.contains("table KQvK.rtbw not found: moves into it show no DTZ"),
        "{m}"
    );
    assert!(!m.contains("no verdict"), "{m}");
}
