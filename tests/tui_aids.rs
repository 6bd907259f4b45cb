//! The board aids through the reducer and on screen: `s` plays the
//! engine's best move into the tree (a variation when another move is
//! there), a click on an engine line's move plays the line up to it (one
//! undo step), the threat view's null-move search (refused in check, run
//! before the analysis and then handing over to it, said in words), the
//! best-move marks switched and kept in the settings, analysis in
//! repetition and 50-move positions but not after a mate; snapshots of
//! the marks at 120x40, of the threat at 120x40 and of arrows at 150x50
//! (tests/data/snapshots; `UPDATE_SNAPSHOTS=1` rewrites them).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use tapir::chess::{parse_move, Board, Color, GameStatus};
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::aids::{board_marks, threat_words, MarkKind};
use tapir::tui::app::{App, Mode, Purpose};
use tapir::tui::config::Config;
use tapir::tui::layout;

mod common;
use common::{play, screen};

fn app_fen(fen: Option<&str>) -> App {
    let game = match fen {
        Some(f) => Game::new(Board::from_fen(f).expect("a FEN")),
        None => Game::default(),
    };
    let mut a = App::new(Config::default(), game);
    a.book.set(None, "off".into());
    a.update(Action::Resize(120, 40));
    a.take_effects();
    a
}

fn info(root: &Board, multipv: usize, score: Score, pv: &str) -> SearchInfo {
    let mut b = *root;
    let mut moves = Vec::new();
    for s in pv.split_whitespace() {
        let m = parse_move(&b, s).expect("a legal move");
        moves.push(m);
        b = b.make(m);
    }
    SearchInfo {
        depth: 18,
        seldepth: 24,
        multipv,
        score,
        bound: Bound::Exact,
        nodes: 2_345_678,
        nps: 1_234_567,
        hashfull: 250,
        tbhits: 0,
        time: std::time::Duration::from_millis(1900),
        pv: moves,
    }
}

/// The running search reports a line (its PV in SAN from its root).
fn feed(a: &mut App, multipv: usize, score: Score, pv: &str) {
    let s = a.engine.search.as_ref().expect("a search");
    let (token, root) = (s.token, s.root);
    let info = info(&root, multipv, score, pv);
    a.update(Action::Engine {
        token,
        event: SearchEvent::Info { id: 1, info },
    });
}

/// The running search ends with the first move of its last line.
fn finish(a: &mut App, best: &str) {
    let s = a.engine.search.as_ref().expect("a search");
    let (token, root) = (s.token, s.root);
    let best = parse_move(&root, best).ok();
    a.update(Action::Engine {
        token,
        event: SearchEvent::BestMove {
            id: 1,
            best,
            ponder: None,
        },
    });
}

fn purpose(a: &App) -> Option<Purpose> {
    a.engine.search.as_ref().map(|s| s.key.purpose)
}

fn message(a: &App) -> (String, bool) {
    let m = a.dialogs.message.as_ref().expect("a message");
    (m.text.clone(), m.error)
}

fn sans_after(a: &App, node: tapir::game::NodeId) -> Vec<String> {
    let t = a.tree();
    t.children(node)
        .iter()
        .map(|&c| t.node(c).san().to_string())
        .collect()
}

#[test]
fn best_move_goes_into_the_tree_as_a_variation() {
    let mut a = app_fen(None);
    play(&mut a, "e4 e5");
    a.update(Action::Prev);
    let after_e4 = a.doc.cursor;
    // No line yet: nothing is played, and the board says why.
    a.update(Action::PlayBest);
    assert!(message(&a).1, "{:?}", message(&a));
    assert_eq!(a.doc.cursor, after_e4);
    feed(&mut a, 1, Score::Cp(20), "c5 Nf3 d6");
    a.update(Action::PlayBest);
    assert_eq!(
        sans_after(&a, after_e4),
        ["e5", "c5"],
        "e5 stays the main line"
    );
    assert_eq!(a.tree().node(a.doc.cursor).san(), "c5");
    assert!(message(&a).0.contains("new variation"), "{:?}", message(&a));
    // One edit: Ctrl-Z takes c5 out and keeps e5.
    a.update(Action::Undo);
    assert_eq!(sans_after(&a, after_e4), ["e5"]);
    // The move already there: walked into, nothing added.
    a.update(Action::GoTo(after_e4));
    feed(&mut a, 1, Score::Cp(20), "e5 Nf3");
    a.update(Action::PlayBest);
    assert_eq!(sans_after(&a, after_e4), ["e5"]);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "e5");
}

#[test]
fn no_best_move_and_no_marks_in_a_game_against_the_engine() {
    let mut a = app_fen(None);
    feed(&mut a, 1, Score::Cp(20), "e4 e5");
    assert_eq!(board_marks(&a).len(), 1);
    a.play.mode = Mode::Play {
        human: Color::White,
        level: 5,
    };
    assert!(board_marks(&a).is_empty());
    a.update(Action::PlayBest);
    assert!(message(&a).1);
    assert_eq!(a.tree().mainline_len(), 0);
    a.update(Action::Threat(Some(true)));
    assert!(message(&a).1);
    assert!(!a.engine.threat.on);
}

/// Where `word` is drawn in the lines pane (its first cell).
fn find_in_lines(a: &mut App, word: &str) -> (u16, u16) {
    let s = screen(a, 120, 40);
    let lines = layout::compute(120, 40).lines;
    for y in lines.y + 1..lines.y + lines.height {
        let row: Vec<char> = s[y as usize].chars().collect();
        let text: String = row[lines.x as usize..].iter().collect();
        if let Some(i) = text.find(word) {
            let col = text[..i].chars().count() as u16;
            return (lines.x + col, y);
        }
    }
    panic!("{word} not in the lines:\n{}", s.join("\n"));
}

#[test]
fn a_click_on_an_engine_lines_move_plays_the_line_up_to_it() {
    let mut a = app_fen(None);
    play(&mut a, "d4");
    a.update(Action::First);
    feed(&mut a, 1, Score::Cp(30), "e4 e5 Nf3 Nc6 Bb5");
    feed(&mut a, 2, Score::Cp(20), "c4 e5");
    let (x, y) = find_in_lines(&mut a, "Nf3");
    a.update(Action::MouseDown(x + 1, y));
    // 1. e4 e5 2. Nf3 went in as a variation beside 1. d4, and the board
    // shows the position after 2. Nf3.
    assert_eq!(sans_after(&a, tapir::game::NodeId::ROOT), ["d4", "e4"]);
    assert_eq!(a.doc.ply(), 3);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "Nf3");
    assert!(message(&a).0.contains("3 plies added"), "{:?}", message(&a));
    // One undo step takes the three moves out; d4 stays.
    a.update(Action::Undo);
    assert_eq!(sans_after(&a, tapir::game::NodeId::ROOT), ["d4"]);
    // A click on a move number or beside the moves plays nothing.
    a.update(Action::First);
    feed(&mut a, 1, Score::Cp(30), "e4 e5 Nf3");
    let (x, y) = find_in_lines(&mut a, "1. e4");
    a.update(Action::MouseDown(x + 3, y));
    assert_eq!(a.doc.ply(), 1, "the move itself (e4) is played");
    a.update(Action::First);
    feed(&mut a, 1, Score::Cp(30), "e4 e5 Nf3");
    a.update(Action::MouseDown(119, y));
    assert_eq!(a.doc.ply(), 0);
}

#[test]
fn the_threat_view_is_refused_in_check_and_says_why() {
    // Black to move, in check from the bishop on b5.
    let mut a = app_fen(Some(
        "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
    ));
    assert!(a.board().in_check());
    a.update(Action::Threat(None));
    let (text, error) = message(&a);
    assert!(error && text.contains("in check"), "{text}");
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    let effects = a.take_effects();
    assert!(
        !effects.iter().any(|e| matches!(e, Effect::Search { .. })),
        "no threat search starts"
    );
    assert!(threat_words(&a).contains("Black is in check"));
    // Out of check, the threat search runs.
    play(&mut a, "c6");
    assert_eq!(purpose(&a), Some(Purpose::Threat));
}

#[test]
fn the_threat_search_runs_first_then_the_analysis() {
    let mut a = app_fen(None);
    play(&mut a, "e4 e5 Bc4 Nc6 Qf3");
    // Black to move; White threatens Qxf7#.
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    a.take_effects();
    a.update(Action::Threat(None));
    assert!(a.engine.threat.on);
    assert_eq!(purpose(&a), Some(Purpose::Threat));
    let effects = a.take_effects();
    let (position, limits) = effects
        .iter()
        .find_map(|e| match e {
            Effect::Search {
                position, limits, ..
            } => Some((position.clone(), limits.clone())),
            _ => None,
        })
        .expect("a threat search");
    // The shown position with the move passed: White to move, a small
    // fixed budget.
    assert_eq!(position.board().side_to_move(), Color::White);
    assert_eq!(
        position
            .board()
            .piece_at(tapir::chess::Square::parse("f3").unwrap())
            .map(|p| p.fen_char()),
        Some('Q')
    );
    assert!(limits.depth.is_some() && limits.nodes.is_some() && !limits.infinite);
    assert!(threat_words(&a).contains("searching"));
    feed(&mut a, 1, Score::Mate(1), "Qxf7");
    assert!(a.engine.lines.is_empty(), "a threat is not an engine line");
    assert_eq!(threat_words(&a), "Threat: Qxf7# (mate in 1) …");
    finish(&mut a, "Qxf7");
    assert_eq!(threat_words(&a), "Threat: Qxf7# (mate in 1)");
    // The analysis of the shown position follows at once.
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    assert_eq!(a.engine.search.as_ref().unwrap().root, *a.board());
    let marks = board_marks(&a);
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].kind, MarkKind::Threat);
    feed(&mut a, 1, Score::Cp(-30), "Qf6 Nc3");
    assert_eq!(board_marks(&a).len(), 2);
    // A new position: its threat is searched first again.
    play(&mut a, "Nf6");
    assert_eq!(purpose(&a), Some(Purpose::Threat));
    // Off: the analysis at once.
    a.update(Action::Threat(Some(false)));
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
}

/// `sans` played from `b`, as moves.
fn moves_from(b: &Board, sans: &[&str]) -> Vec<tapir::chess::Move> {
    sans.iter()
        .scan(*b, |b, s| {
            let m = parse_move(b, s).unwrap();
            *b = b.make(m);
            Some(m)
        })
        .collect()
}

#[test]
fn threats_in_words() {
    // White to move; Black threatens ...Qxf3, winning the knight (the
    // material is counted at the line's last quiet position). The
    // engine's score is Black's; the words are in White's view.
    let mut a = app_fen(Some("6k1/8/8/3q4/8/5N2/8/4K3 w - - 0 1"));
    a.update(Action::Threat(Some(true)));
    feed(&mut a, 1, Score::Cp(650), "Qxf3 Kd2 Qf2+ Kd3");
    finish(&mut a, "Qxf3");
    assert_eq!(
        threat_words(&a),
        "Threat: ...Qxf3, winning a knight (-6.50)"
    );
    // A rook for a knight: the exchange.
    let b = Board::from_fen("4k3/8/8/8/8/2n5/8/R3K3 b - - 0 1").unwrap();
    let line = moves_from(&b, &["Nb1", "Rxb1"]);
    assert_eq!(tapir::tui::aids::material_words(&b, &line), None);
    let b = Board::from_fen("4k3/8/8/8/8/1n6/8/R2QK3 b - - 0 1").unwrap();
    let line = moves_from(&b, &["Nxa1", "Qxa1"]);
    assert_eq!(
        tapir::tui::aids::material_words(&b, &line).as_deref(),
        Some("winning the exchange")
    );
    // A rook for a pawn: what is given back is said too.
    let b = Board::from_fen("4k3/8/8/8/8/1n6/P7/R3K3 b - - 0 1").unwrap();
    let line = moves_from(&b, &["Nxa1", "a3", "Nc2+", "Kd2", "Nxa3", "Kc3"]);
    assert_eq!(
        tapir::tui::aids::material_words(&b, &line).as_deref(),
        Some("winning a rook and a pawn")
    );
    let b = Board::from_fen("4k3/8/8/8/8/1n6/8/R3K2B b - - 0 1").unwrap();
    let line = moves_from(
        &b,
        &[
            "Nxa1", "Bd5", "Nc2+", "Kd2", "Kd7", "Bb3", "Kc6", "Bxc2", "Kd6",
        ],
    );
    assert_eq!(
        tapir::tui::aids::material_words(&b, &line).as_deref(),
        Some("winning the exchange")
    );
    // A quiet threat: the move and the score.
    let mut a = app_fen(None);
    a.update(Action::Threat(Some(true)));
    feed(&mut a, 1, Score::Cp(30), "e5 d4");
    finish(&mut a, "e5");
    assert_eq!(threat_words(&a), "Threat: ...e5 (-0.30)");
}

#[test]
fn marks_switch_and_are_kept_in_the_settings() {
    let mut a = app_fen(None);
    assert!(a.config.arrows, "on by default");
    feed(&mut a, 1, Score::Cp(30), "e4 e5");
    feed(&mut a, 2, Score::Cp(20), "d4 d5");
    let marks = board_marks(&a);
    assert_eq!(marks.len(), 2);
    // Line 1 last, so it is drawn on top.
    assert_eq!(marks[1].kind, MarkKind::Line(1));
    assert_eq!(marks[1].label(), '1');
    a.update(Action::Arrows(None));
    assert!(!a.config.arrows && a.config_changed);
    assert!(board_marks(&a).is_empty());
    let text = a.config.to_toml();
    assert!(text.contains("arrows = false"), "{text}");
    assert!(!Config::parse(&text).expect("parses").arrows);
    a.update(Action::Command("arrows on".into()));
    assert!(a.config.arrows);
    assert_eq!(board_marks(&a).len(), 2);
    a.update(Action::Command("arrows maybe".into()));
    assert!(message(&a).1);
    assert!(a.config.arrows);
    a.update(Action::Command("threat on".into()));
    assert!(a.engine.threat.on);
    a.update(Action::Command("threat".into()));
    assert!(!a.engine.threat.on);
}

#[test]
fn analysis_goes_on_in_drawn_positions_a_player_must_claim() {
    // Threefold repetition on the board.
    let mut a = app_fen(None);
    play(&mut a, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(a.view.status, GameStatus::Repetition);
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    // The 50-move rule.
    let a = app_fen(Some("8/8/4k3/8/8/3QK3/8/8 w - - 100 80"));
    assert_eq!(a.view.status, GameStatus::FiftyMoves);
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    // Mate and stalemate stop it.
    let mut a = app_fen(None);
    play(&mut a, "f3 e5 g4");
    assert_eq!(purpose(&a), Some(Purpose::Analysis));
    play(&mut a, "Qh4#");
    assert_eq!(purpose(&a), None);
    let a = app_fen(Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(a.view.status, GameStatus::Stalemate);
    assert_eq!(purpose(&a), None);
}

/// The board and the lines pane as text, compared with a snapshot file.
fn snapshot(a: &mut App, name: &str, w: u16, h: u16) {
    let lines = screen(a, w, h);
    let areas = layout::compute(w, h);
    let region = |r: ratatui::layout::Rect| {
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
    };
    let board = ratatui::layout::Rect::new(
        0,
        areas.squares.y,
        areas.squares.x + areas.squares.width,
        areas.squares.height + 1,
    );
    let got = format!("{}\n-- lines --\n{}\n", region(board), region(areas.lines));
    let path = format!("tests/data/snapshots/{name}_{w}x{h}.txt");
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

/// After 1. e4 e5 2. Nf3, three lines for Black.
fn three_lines() -> App {
    let mut a = app_fen(None);
    play(&mut a, "e4 e5 Nf3");
    feed(&mut a, 1, Score::Cp(25), "Nc6 Bb5 a6");
    feed(&mut a, 2, Score::Cp(30), "Nf6 Nxe5 d6");
    feed(&mut a, 3, Score::Cp(45), "d6 d4 exd4");
    a
}

#[test]
fn snapshot_marks_120x40() {
    let mut a = three_lines();
    snapshot(&mut a, "aids_marks", 120, 40);
}

#[test]
fn snapshot_threat_120x40() {
    let mut a = app_fen(None);
    play(&mut a, "e4 e5 Bc4 Nc6 Qf3");
    a.update(Action::Threat(Some(true)));
    feed(&mut a, 1, Score::Mate(1), "Qxf7");
    finish(&mut a, "Qxf7");
    feed(&mut a, 1, Score::Cp(-20), "Nf6 Ne2");
    snapshot(&mut a, "aids_threat", 120, 40);
}

#[test]
fn snapshot_arrows_150x50() {
    let mut a = three_lines();
    snapshot(&mut a, "aids_arrows", 150, 50);
}
