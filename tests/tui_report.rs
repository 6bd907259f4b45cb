//! The game report on the board, through the reducer: `r` starts a
//! background run, its news fill the report and the graph in as they
//! come, a finished report goes into the game as one undo step (the
//! player's own annotations kept), a cancelled one leaves the game as it
//! was, and a click on the graph goes to that position.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::{message, status_line};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tapir::analysis::{Budget, Searcher};
use tapir::game::pgn::{read_first, write_game};
use tapir::game::Nag;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::App;
use tapir::tui::config::Config;
use tapir::tui::layout;
use tapir::tui::report::{ReportJob, ReportMsg};
use tapir::tui::ui;
use tapir::tui::widgets::frametime::FrameStats;
use tapir::tui::widgets::report::{split, ROWS};

const GAME: &str = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 { a trap } 4. Nxe5 Qg5 5. Nxf7 $2 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1";

fn board() -> App {
    board_of(GAME)
}

fn board_of(pgn: &str) -> App {
    let game = read_first(pgn).unwrap().game;
    let mut a = App::new(
        Config {
            autostart_analysis: false,
            ..Config::default()
        },
        game,
    );
    a.update(Action::Resize(120, 40));
    a.take_effects();
    a
}

fn start(a: &mut App) -> ReportJob {
    a.update(Action::Report);
    a.take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::StartReport(job) => Some(job),
            _ => None,
        })
        .expect("r starts a report")
}

/// What the report thread would send for positions `range` of `job`.
fn feed(a: &mut App, job: &ReportJob, range: std::ops::Range<usize>) {
    let mut s = Searcher::new().unwrap();
    for i in range {
        let p = &job.positions[i];
        let result = s.search(&p.board, &p.history, Budget::Nodes(4000));
        a.update(Action::ReportNews(ReportMsg::Result {
            token: job.token,
            index: i,
            result: Box::new(result),
        }));
    }
}

fn screen(a: &App) -> Vec<String> {
    let (w, h) = a.screen;
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| ui::draw(f, a, &FrameStats::default()))
        .unwrap();
    let buf = term.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

#[test]
fn a_finished_report_goes_in_as_one_undo_step() {
    let mut a = board();
    let before = write_game(&a.doc.game);
    let job = start(&mut a);
    assert_eq!(job.positions.len(), 15);
    feed(&mut a, &job, 0..8);
    let run = a.report.run.as_ref().unwrap();
    assert!(run.running && run.done() == 8);
    assert_eq!(
        write_game(&a.doc.game),
        before,
        "nothing goes in while it runs"
    );
    assert!(
        screen(&a).iter().any(|l| l.contains("8/15 positions")),
        "the gauge"
    );
    feed(&mut a, &job, 8..15);
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    let run = a.report.run.as_ref().unwrap();
    assert!(!run.running && run.applied);
    let tree = a.doc.game.tree();
    let nxf7 = tree.mainline().nth(8).unwrap();
    assert_eq!(tree.node(nxf7).san(), "Nxf7");
    assert!(
        tree.node(nxf7).nags.contains(Nag::MISTAKE),
        "the player's ? stays"
    );
    assert!(!tree.node(nxf7).nags.contains(Nag::BLUNDER));
    let nd4 = tree.mainline().nth(5).unwrap();
    assert!(
        tree.node(nd4).comment.starts_with("a trap [%eval "),
        "{}",
        tree.node(nd4).comment
    );
    let judged = tree
        .mainline()
        .filter(|&id| tree.node(id).nags.iter().any(|n| n.is_move_quality()))
        .count();
    assert!(judged >= 2);
    let s = screen(&a);
    assert!(
        s.iter()
            .any(|l| l.contains("White accuracy ") && l.contains("ACPL")),
        "the summary: {s:?}"
    );
    // Each count before its glyph, as a player says it: "1? 0??".
    let summary = s.iter().find(|l| l.contains("ACPL")).unwrap();
    let counted = |g: &str| (0..10).any(|n| summary.contains(&format!(" {n}{g} ")));
    assert!(counted("?!") && counted("?") && counted("??"), "{summary}");
    // The figures are kept with the game, as `tapir annotate` writes them.
    for tag in ["WhiteAccuracy", "BlackAccuracy", "WhiteACPL", "BlackACPL"] {
        assert!(a.doc.game.tags.get(tag).is_some(), "{tag}");
    }
    // One undo takes the whole report back, its tags too.
    a.update(Action::Undo);
    assert_eq!(write_game(&a.doc.game), before);
}

/// An `[%eval]` the file had (Lichess writes Stockfish's) stays: the
/// report writes its own only where a move had none, and says so; its
/// verdict beside the file's evaluation begins "tapir:".
#[test]
fn the_files_own_evaluations_stay() {
    let mut a = board_of(
        "1. e4 { [%clk 0:03:00] [%eval 0.3] } e5 2. Qh5 Nc6 3. Bc4 Nf6 { [%eval 4.1] sharp } 4. Qxf7# 1-0",
    );
    let job = start(&mut a);
    feed(&mut a, &job, 0..job.positions.len());
    done(&mut a, &job);
    let tree = a.doc.game.tree();
    let comment = |n: usize| tree.node(tree.mainline().nth(n).unwrap()).comment.clone();
    assert_eq!(comment(0), "[%clk 0:03:00] [%eval 0.3]");
    // Beside the file's own evaluation (and its own verdict in words, as
    // Lichess writes one), tapir's verdict says whose it is.
    assert!(
        comment(5).starts_with("[%eval 4.1] sharp — tapir: Blunder ("),
        "{}",
        comment(5)
    );
    assert_eq!(comment(5).matches("[%eval").count(), 1, "{}", comment(5));
    assert!(
        comment(1).starts_with("[%eval "),
        "a move without one gets tapir's"
    );
    assert!(
        message(&a).contains("2 moves kept the [%eval] they had"),
        "{}",
        message(&a)
    );
    // Above the moves, the file's evaluation is the file's ("PGN: ...
    // eval +0.30"), the report's says whose search it is, so a number
    // beside the live NNUE analysis's is not taken for the same search.
    let (first, second) = (
        tree.mainline().next().unwrap(),
        tree.mainline().nth(1).unwrap(),
    );
    a.update(Action::GoTo(first));
    let s = screen(&a).join("\n");
    assert!(
        s.contains("eval +0.30") && !s.contains("report (HCE)"),
        "{s}"
    );
    a.update(Action::GoTo(second));
    let s = screen(&a).join("\n");
    assert!(s.contains("· report (HCE) +"), "{s}");
}

/// The verdict after a comment of the user's own is set off by a dash
/// (not "strong Blunder"), and Ctrl-Z and Ctrl-Y of the whole report
/// leave the board on the move it shows.
#[test]
fn a_verdict_after_your_comment_is_set_off_and_undo_stays_put() {
    let mut a =
        board_of("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 { I thought this was strong } 4. Qxf7# 1-0");
    a.update(Action::Last);
    let shown = a.doc.cursor;
    let job = start(&mut a);
    feed(&mut a, &job, 0..job.positions.len());
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    assert!(a.report.run.as_ref().unwrap().applied);
    let tree = a.doc.game.tree();
    let nf6 = tree.mainline().nth(5).unwrap();
    let comment = &tree.node(nf6).comment;
    assert!(
        comment.starts_with("I thought this was strong [%eval ")
            && comment.contains("] — Blunder ("),
        "{comment}"
    );
    assert_eq!(a.doc.cursor, shown);
    a.update(Action::Undo);
    assert_eq!(a.doc.cursor, shown, "undo stays on the shown move");
    assert_eq!(
        a.doc.game.tree().node(nf6).comment,
        "I thought this was strong"
    );
    a.update(Action::Redo);
    assert_eq!(a.doc.cursor, shown, "redo too");
    // A finished report is no report that stops with its game (the game
    // taken as saved, so that no question comes first).
    a.doc.unsaved = false;
    a.update(Action::Command("new".into()));
    assert!(a.doc.game.is_empty());
    let said = status_line(&a);
    assert!(!said.contains("report"), "{said}");
}

/// A report finishing while Ctrl-Y can still bring back an edit is written,
/// and the edit stays within reach: Ctrl-Z takes the report back, then
/// brings the edit back.
#[test]
fn a_report_never_loses_what_ctrl_y_held() {
    let mut a = board();
    let job = start(&mut a);
    // A comment made and taken back while the report runs.
    a.update(Action::Command("comment my idea".into()));
    a.update(Action::Undo);
    let before = write_game(&a.doc.game);
    feed(&mut a, &job, 0..15);
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    assert!(a.report.run.as_ref().unwrap().applied);
    assert!(write_game(&a.doc.game) != before, "written");
    a.update(Action::Undo);
    assert_eq!(write_game(&a.doc.game), before, "the report taken back");
    a.update(Action::Undo);
    assert!(
        write_game(&a.doc.game).contains("my idea"),
        "and then the comment back"
    );
}

#[test]
fn a_cancelled_report_leaves_the_game_unchanged() {
    let mut a = board();
    let before = write_game(&a.doc.game);
    let job = start(&mut a);
    feed(&mut a, &job, 0..5);
    a.update(Action::Report);
    assert!(a.report.run.is_none());
    assert!(
        job.cancel.load(std::sync::atomic::Ordering::Relaxed),
        "the workers are told"
    );
    // Late news of the cancelled run change nothing.
    feed(&mut a, &job, 5..15);
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    assert_eq!(write_game(&a.doc.game), before);
    assert!(!a.doc.game.can_undo());
    assert!(a.report.run.is_none());
}

/// `:report 1m` searches each position a million nodes (what 100,000
/// nodes miss); `:report` alone and `r` search the usual 100,000.
#[test]
fn report_with_a_node_count_searches_that_deep() {
    let mut a = board();
    a.update(Action::Command("report 1m".into()));
    let job = a
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::StartReport(job) => Some(job),
            _ => None,
        })
        .expect(":report 1m starts a report");
    assert_eq!(job.nodes, 1_000_000);
    assert!(
        message(&a).contains("at 1.00M nodes each"),
        "{}",
        message(&a)
    );
    // Again: it is cancelled, as r cancels it.
    a.update(Action::Command("report".into()));
    assert!(a.report.run.is_none());
    assert_eq!(start(&mut a).nodes, 100_000);
    a.update(Action::Report);
    a.update(Action::Command("report lots".into()));
    assert!(a.dialogs.message.as_ref().unwrap().error);
    assert!(a.report.run.is_none(), "a bad count starts nothing");
}

/// Another game put on the board stops the report on the one before,
/// and the status line says so (it was silent).
#[test]
fn a_report_stopped_by_another_game_is_said() {
    let mut a = board();
    let job = start(&mut a);
    a.update(Action::Command("new".into()));
    assert!(a.report.run.is_none());
    assert!(job.cancel.load(std::sync::atomic::Ordering::Relaxed));
    let said = status_line(&a);
    assert!(
        said.contains("the report on the game before stopped"),
        "{said}"
    );
}

#[test]
fn a_click_on_the_graph_goes_to_that_position() {
    let mut a = board();
    let job = start(&mut a);
    feed(&mut a, &job, 0..15);
    let areas = layout::compute(120, 40);
    let (Some(r), _) = split(&a, areas.lines) else {
        panic!("the report has its rows")
    };
    assert_eq!(r.height, ROWS);
    // The graph's leftmost column is the start, its rightmost the end
    // (its bottom row: the title above takes one to three rows).
    let bottom = r.y + ROWS - 1;
    a.update(Action::MouseDown(r.x, bottom));
    a.update(Action::MouseUp(r.x, bottom));
    assert_eq!(a.doc.cursor, job.positions[0].node);
    a.update(Action::MouseDown(r.x + r.width - 1, bottom));
    a.update(Action::MouseUp(r.x + r.width - 1, bottom));
    assert_eq!(a.doc.cursor, job.positions[14].node);
    // A click on the title is no click on the graph.
    a.update(Action::MouseDown(r.x, r.y));
    a.update(Action::MouseUp(r.x, r.y));
    assert_eq!(a.doc.cursor, job.positions[14].node);
}

/// A game whose moves carry their own `[%eval]`s (a Lichess export, a
/// report saved before) shows them as the report's graph, with the
/// figures its tags and glyphs give, before any report of this session;
/// a click on it goes there, and `r` puts this session's report in its
/// place. A game without them shows none.
#[test]
fn a_games_own_evaluations_are_drawn_as_the_graph() {
    let pgn = "[WhiteAccuracy \"91.2\"]\n[BlackAccuracy \"40.5\"]\n\n\
               1. e4 { [%eval 0.3] } e5 { [%eval 0.25] } 2. Nf3 { [%eval 0.2] } \
               Nc6 { [%eval 0.3] } 3. Bc4 { [%eval 0.2] } Nd4 $6 { [%eval 0.9] } \
               4. Nxe5 $2 { [%eval -1.2] } Qg5 { [%eval -1.1] } 5. Nxf7 $4 { [%eval -6.0] } \
               Qxg2 { [%eval -6.1] } 6. Rf1 { [%eval #-3] } Qxe4+ { [%eval #-2] } \
               7. Be2 { [%eval #-1] } Nf3# 0-1";
    let mut a = board_of(pgn);
    for (w, h) in [(80, 24), (120, 40)] {
        a.update(Action::Resize(w, h));
        let s = screen(&a).join("\n");
        assert!(s.contains("the game's [%eval]s"), "{w}x{h}:\n{s}");
        assert!(
            s.contains("White accuracy 91.2% 0?! 1? 1??"),
            "{w}x{h}:\n{s}"
        );
        assert!(
            s.contains("Black accuracy 40.5% 1?! 0? 0??"),
            "{w}x{h}:\n{s}"
        );
    }
    let areas = layout::compute(120, 40);
    let (Some(r), _) = split(&a, areas.lines) else {
        panic!("the game's graph has the report's rows")
    };
    let bottom = r.y + ROWS - 1;
    a.update(Action::MouseDown(r.x, bottom));
    a.update(Action::MouseUp(r.x, bottom));
    assert_eq!(a.doc.cursor, tapir::game::NodeId::ROOT);
    a.update(Action::MouseDown(r.x + r.width - 1, bottom));
    a.update(Action::MouseUp(r.x + r.width - 1, bottom));
    assert_eq!(Some(a.doc.cursor), a.doc.game.tree().mainline().last());
    // This session's report takes its place.
    let job = start(&mut a);
    let s = screen(&a).join("\n");
    assert!(
        !s.contains("the game's [%eval]s") && s.contains("Report "),
        "{s}"
    );
    drop(job);
    // No graph for a game without evaluations of its own.
    let a = board();
    assert!(split(&a, areas.lines).0.is_none());
    assert!(!screen(&a).join("\n").contains("[%eval]s"));
}

#[test]
fn verdicts_and_the_summary_show_while_it_runs() {
    let mut a = board();
    let before = write_game(&a.doc.game);
    let job = start(&mut a);
    feed(&mut a, &job, 0..14);
    let run = a.report.run.as_ref().unwrap();
    assert!(run.running);
    let judged: Vec<_> = run
        .report
        .moves
        .iter()
        .flatten()
        .filter_map(|m| m.class.map(|c| (m.node, c)))
        .collect();
    assert!(!judged.is_empty(), "{:#?}", run.report);
    for &(n, c) in &judged {
        assert_eq!(a.ui.moves.verdict(n), Some(c), "the move list knows it");
    }
    // A move the player left unjudged shows the report's glyph.
    let tree = a.doc.game.tree();
    let &(n, c) = judged
        .iter()
        .find(|(n, _)| !tree.node(*n).nags.iter().any(|g| g.is_move_quality()))
        .expect("a verdict on a move without the player's");
    // (A book move keeps its ° between the move and the glyph.)
    let shown = format!("{}{}", tree.node(n).san(), c.glyph());
    let in_book = format!("{}°{}", tree.node(n).san(), c.glyph());
    let s = screen(&a);
    assert!(
        s.iter().any(|l| l.contains(&shown) || l.contains(&in_book)),
        "{shown} in {s:#?}"
    );
    assert!(
        s.iter().any(|l| l.contains("14/15 positions · r: cancel")),
        "the gauge: {s:#?}"
    );
    // The summary so far, whole: it has rows of its own when the gauge
    // and it do not fit in one.
    assert!(
        s.iter().any(|l| l.contains("White ") && l.contains("ACPL")),
        "the summary so far: {s:#?}"
    );
    assert!(
        s.iter().any(|l| l.contains("Black ") && l.contains("ACPL")),
        "the summary so far: {s:#?}"
    );
    assert_eq!(write_game(&a.doc.game), before, "nothing in the game yet");
    // Cancelled: the verdicts go with the report.
    a.update(Action::Report);
    assert!(a.report.run.is_none());
    assert_eq!(a.ui.moves.verdict(n), None);
    assert!(!screen(&a).iter().any(|l| l.contains(&shown)));
    assert_eq!(write_game(&a.doc.game), before);
}

/// When the report finishes, its title keeps its rows (the gauge stays,
/// full) so the graph below does not change its scale, at 80x24 and at
/// 120x40.
#[test]
fn the_graph_keeps_its_rows_when_the_report_finishes() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut a = board();
        a.update(Action::Resize(w, h));
        let job = start(&mut a);
        feed(&mut a, &job, 0..15);
        let row_of = |a: &App, what: &str| screen(a).iter().position(|l| l.contains(what));
        let running = (row_of(&a, "15/15 positions"), row_of(&a, "Black accuracy"));
        assert!(running.0.is_some() && running.1.is_some(), "{w}x{h}");
        done(&mut a, &job);
        let finished = (row_of(&a, "15/15 positions"), row_of(&a, "Black accuracy"));
        assert_eq!(running, finished, "{w}x{h}:\n{}", screen(&a).join("\n"));
        assert!(!screen(&a).join("\n").contains("r: cancel"));
    }
}

/// The "+0.35"-like numbers of a text.
fn numbers(text: &str) -> Vec<String> {
    text.split([' ', '(', ')', ',', ';', ':'])
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| {
            w.starts_with(['+', '-', '\u{2212}'])
                && w.len() > 3
                && w[w.len() - 3..].starts_with('.')
                && w[w.len() - 2..].chars().all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn j_opens_an_explanations_two_positions_side_by_side() {
    let mut a = board();
    a.update(Action::ReportPair);
    assert!(a.report.pair_open && a.report.pair.is_none());
    assert!(screen(&a).iter().any(|l| l.contains("No game report yet")));
    a.update(Action::ReportPair);
    assert!(!a.report.pair_open);
    let job = start(&mut a);
    feed(&mut a, &job, 0..15);
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    let explained: Vec<_> = a
        .report
        .run
        .as_ref()
        .unwrap()
        .report
        .moves
        .iter()
        .flatten()
        .filter(|m| m.explanation.is_some())
        .map(|m| m.node)
        .collect();
    assert!(explained.len() >= 2);
    a.update(Action::GoTo(explained[0]));
    a.update(Action::ReportPair);
    let p = a.report.pair.clone().expect("the shown move's explanation");
    assert_eq!(p.node, explained[0]);
    // Every number of the sentence is one the view shows.
    let mut shown = vec![p.before.clone(), p.after.clone()];
    shown.extend(p.total.clone());
    shown.extend(p.terms.iter().map(|(_, v)| v.clone()));
    for n in numbers(&p.text) {
        assert!(shown.contains(&n), "{n} of {:?} not in {shown:?}", p.text);
    }
    for (w, h) in [(80, 24), (120, 40)] {
        a.update(Action::Resize(w, h));
        let s = screen(&a).join("\n");
        assert!(s.contains("Report · played line vs better line"), "{s}");
        for n in &shown {
            assert!(s.contains(n.as_str()), "{n} on the {w}x{h} screen:\n{s}");
        }
        for (name, _) in &p.terms {
            assert!(s.contains(name.as_str()), "{name} at {w}x{h}:\n{s}");
        }
    }
    // A move that lets a mate in, or lets one go, is told by the mate:
    // the view shows no term numbers the sentence does not give.
    for &m in &explained {
        a.update(Action::GoTo(m));
        let p = a.report.pair.clone().expect("its explanation");
        let mate = p.before.starts_with('#') || p.after.starts_with('#');
        if mate {
            assert_eq!(p.total, Err("a mate decides"), "{}", p.text);
            let rows = screen(&a);
            let s = rows.join("\n");
            let col = |l: &str, w: &str| l.find(w).map(|b| l[..b].chars().count());
            let at = rows.iter().find_map(|l| col(l, "no terms: a mate decides"));
            assert!(at.is_some(), "{s}");
            assert!(
                !rows.iter().any(|l| col(l, "in all") == at),
                "no total in the view's column: {s}"
            );
        }
    }
    assert!(
        explained.iter().any(|&m| {
            a.update(Action::GoTo(m));
            a.report.pair.as_ref().is_some_and(|p| p.total.is_err())
        }),
        "the trap's 5.Nxf7 lets a mate in"
    );
    // It follows the shown move.
    a.update(Action::GoTo(explained[1]));
    assert_eq!(a.report.pair.as_ref().map(|p| p.node), Some(explained[1]));
    a.update(Action::ReportPair);
    assert!(a.report.pair.is_none());
    // Opened on a move with no explanation it says so, and no longer
    // once the shown move has one.
    let plain = a
        .report
        .run
        .as_ref()
        .unwrap()
        .positions
        .iter()
        .map(|p| p.node)
        .find(|n| *n != tapir::game::NodeId::ROOT && !explained.contains(n))
        .expect("a move the report did not explain");
    a.update(Action::GoTo(plain));
    a.update(Action::ReportPair);
    assert!(status_line(&a).contains("this move has no explanation"));
    a.update(Action::GoTo(explained[0]));
    assert!(
        !status_line(&a).contains("no explanation"),
        "{}",
        status_line(&a)
    );
}

#[test]
fn j_shows_a_files_long_comment_whole_where_the_move_list_cuts_it() {
    let long = "Blunder (search, White's view: +0.90 → +4.97). After 44...Rd1 45.g7 Rd5 \
                46.g8=Q Rxg8 47.Rxg8 Rf5+ 48.Ke2 rather than 44...Rf5+ 45.Ke2 Rg8 46.g7, \
                Black has only a pawn for a rook (the hand-crafted terms for Black: \
                material -4.57, piece squares +0.64, pawn structure +0.48; -3.59 in all), \
                and the last words are HERE";
    let mut a = board_of(&format!(
        "1. e4 e5 2. Nf3 Nc6 {{ [%eval 0.3] {long} }} 3. Bc4 *"
    ));
    a.update(Action::Resize(80, 24));
    let nc6 = a.tree().mainline().nth(3).unwrap();
    a.update(Action::GoTo(nc6));
    assert!(
        !screen(&a).join("\n").contains("HERE"),
        "the move list cuts it"
    );
    a.update(Action::ReportPair);
    let s = screen(&a).join("\n");
    assert!(s.contains("The comment after 2... Nc6:"), "{s}");
    assert!(s.contains("words are HERE"), "{s}");
    assert!(!s.contains("%eval"), "{s}");
    assert!(!s.contains("No game report yet"), "the comment's room: {s}");
    // A move with no comment shows none.
    a.update(Action::Next);
    assert!(!screen(&a).join("\n").contains("The comment after"));
}

fn done(a: &mut App, job: &ReportJob) {
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
}

/// A game against the engine begun while a report runs cancels it (its
/// verdicts would show the evaluation the game hides), and a report that
/// finishes during such a game anyway writes nothing.
#[test]
fn a_game_against_the_engine_stops_the_report() {
    let mut a = board();
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::Next);
    let job = start(&mut a);
    feed(&mut a, &job, 0..15);
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(tapir::chess::Color::White));
    a.update(Action::ChoiceConfirm);
    assert!(a.eval_hidden(), "a game that hides the evaluation");
    let before = write_game(&a.doc.game);
    assert!(a.report.run.is_none(), "cancelled");
    assert!(job.cancel.load(std::sync::atomic::Ordering::Relaxed));
    assert!(
        status_line(&a).contains("report is cancelled"),
        "{}",
        status_line(&a)
    );
    done(&mut a, &job);
    assert_eq!(write_game(&a.doc.game), before);

    // A run the game's start did not stop (here one marked finished
    // when the game began, whose Done then arrives) is not written either.
    let mut a = board();
    a.update(Action::First);
    let job = start(&mut a);
    feed(&mut a, &job, 0..15);
    a.report.run.as_mut().unwrap().running = false;
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(tapir::chess::Color::White));
    a.update(Action::ChoiceConfirm);
    assert!(a.eval_hidden());
    a.report.run.as_mut().unwrap().running = true;
    let before = write_game(&a.doc.game);
    done(&mut a, &job);
    assert_eq!(write_game(&a.doc.game), before, "not written mid-game");
    assert!(a.report.run.is_none());
}

/// A report whose positions are no longer the main line (a variation
/// made the main line meanwhile) is not written into the game.
#[test]
fn a_report_of_a_main_line_demoted_meanwhile_is_not_written() {
    let open = || board_of("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 *");
    let mut a = open();
    let job = start(&mut a);
    assert_eq!(job.positions.len(), 7);
    // Onto 1...c5, made the main line.
    a.update(Action::First);
    a.update(Action::Next);
    a.update(Action::Next);
    a.update(Action::VariationNext);
    assert_eq!(a.tree().node(a.doc.cursor).san(), "c5");
    a.update(Action::MakeMain);
    let before = write_game(&a.doc.game);
    feed(&mut a, &job, 0..7);
    done(&mut a, &job);
    assert_eq!(write_game(&a.doc.game), before, "not written");
    assert!(
        status_line(&a).contains("changed meanwhile"),
        "{}",
        status_line(&a)
    );
    // Its figures stay on screen, marked as not the game's.
    for (w, h) in [(120, 40), (80, 24)] {
        let shown = common::screen(&mut a, w, h).join("\n");
        assert!(
            shown.contains("not written: the game changed"),
            "{w}x{h}\n{shown}"
        );
    }
    // Moves played on after the line's end are no change.
    let mut a = open();
    let job = start(&mut a);
    a.update(Action::Last);
    a.update(Action::MoveText("Ba4".into()));
    feed(&mut a, &job, 0..7);
    done(&mut a, &job);
    assert!(
        a.report.run.as_ref().unwrap().applied,
        "{}",
        status_line(&a)
    );
}

/// `feed` at another depth.
fn feed_at(a: &mut App, job: &ReportJob, nodes: u64) {
    let mut s = Searcher::new().unwrap();
    for (i, p) in job.positions.iter().enumerate() {
        let result = s.search(&p.board, &p.history, Budget::Nodes(nodes));
        a.update(Action::ReportNews(ReportMsg::Result {
            token: job.token,
            index: i,
            result: Box::new(result),
        }));
    }
}

/// The board after a first report (1,500 nodes a position), and the first
/// move of a better line it added.
fn reported_with_a_line() -> (App, tapir::game::NodeId) {
    let mut a = board();
    let job = start(&mut a);
    feed_at(&mut a, &job, 1500);
    done(&mut a, &job);
    let tree = a.doc.game.tree();
    let line = tree
        .mainline()
        .find_map(|id| {
            let kids = tree.children(tree.parent(id)?);
            (kids.len() > 1).then(|| kids[1])
        })
        .expect("a better line from the report");
    (a, line)
}

/// A better move the player already has as a variation of their own gets
/// none of the report's moves added into it: the line stays the player's,
/// and a saved game never mixes the engine's moves into it.
#[test]
fn a_report_adds_no_moves_into_the_players_own_variation() {
    let (first, line) = reported_with_a_line();
    let tree = first.doc.game.tree();
    let parent = tree.parent(line).unwrap();
    let best = tree.node(line).mv();
    assert!(!tree.children(line).is_empty(), "the report's line goes on");
    let at = tree.mainline().position(|id| id == parent);
    let mut a = board();
    let from = at.map_or(tapir::game::NodeId::ROOT, |k| {
        a.doc.game.tree().mainline().nth(k).unwrap()
    });
    a.doc.game.add_line(from, &[best]).unwrap();
    let mine = a.doc.game.tree().child_with_move(from, best).unwrap();
    a.doc.game.set_comment(mine, false, "my own idea");
    let job = start(&mut a);
    feed_at(&mut a, &job, 1500);
    done(&mut a, &job);
    assert!(a.report.run.as_ref().unwrap().applied);
    let tree = a.doc.game.tree();
    assert!(
        tree.children(mine).is_empty(),
        "nothing added after the player's move: {}",
        write_game(&a.doc.game)
    );
    assert_eq!(tree.node(mine).comment, "my own idea");
    assert_eq!(tree.children(from).len(), 2, "no second line beside it");
}

/// A report run again (deeper, say) replaces the one before it: the
/// first one's evaluations, verdicts, lines and figures go, what the
/// player wrote in between stays, and the game reads as though only the
/// second had run; Ctrl-Z brings the first back.
#[test]
fn a_report_run_again_replaces_the_earlier_one() {
    let once = {
        let mut a = board();
        let job = start(&mut a);
        feed_at(&mut a, &job, 6000);
        done(&mut a, &job);
        write_game(&a.doc.game)
    };
    let mut a = board();
    let job = start(&mut a);
    feed_at(&mut a, &job, 1500);
    done(&mut a, &job);
    let first = write_game(&a.doc.game);
    assert_ne!(first, once, "two depths that read the game differently");
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    assert!(
        message(&a).contains("it replaces the earlier report"),
        "{}",
        message(&a)
    );
    assert_eq!(write_game(&a.doc.game), once);
    assert!(!once.contains("tapir:"), "{once}");
    // Ctrl-Z: the first report as it was, and the board knows it is the
    // first's: run again, it is replaced; so after Ctrl-Z, Ctrl-Y.
    a.update(Action::Undo);
    assert_eq!(write_game(&a.doc.game), first);
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    assert_eq!(write_game(&a.doc.game), once);
    a.update(Action::Undo);
    a.update(Action::Redo);
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    assert!(message(&a).contains("replaces"), "{}", message(&a));
    assert_eq!(write_game(&a.doc.game), once);
    // The two later reports undone: the first's game and record again.
    a.update(Action::Undo);
    a.update(Action::Undo);
    assert_eq!(write_game(&a.doc.game), first);
    assert_eq!(a.report.written.len(), 1);

    // What the player added after the first report stays: a word in a
    // comment tapir wrote and a NAG in its better line.
    let mut a = board();
    let job = start(&mut a);
    feed_at(&mut a, &job, 1500);
    done(&mut a, &job);
    let tree = a.doc.game.tree();
    let (explained, line) = tree
        .mainline()
        .find_map(|id| {
            let kids = tree.children(tree.parent(id)?);
            (tree.node(id).comment.contains(" \u{2192} ") && kids.len() > 1).then(|| (id, kids[1]))
        })
        .expect("a move with an explanation and a better line");
    // Typed at the comment's end with `i`: the edit puts the [%eval]
    // after the words.
    a.doc.cursor = explained;
    a.update(Action::EditComment);
    a.update(Action::PromptEnd);
    for c in " my note".chars() {
        a.update(Action::PromptChar(c));
    }
    a.update(Action::PromptSubmit);
    assert!(a
        .doc
        .game
        .tree()
        .node(explained)
        .comment
        .contains("my note"));
    let mut line_end = line;
    while let Some(&next) = a.doc.game.tree().children(line_end).first() {
        line_end = next;
    }
    let mut nags = a.doc.game.tree().node(line_end).nags.clone();
    nags.insert(Nag::GOOD);
    a.doc.game.set_nags(line_end, nags);
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    let tree = a.doc.game.tree();
    let c = &tree.node(explained).comment;
    assert!(c.contains("my note"), "{c}");
    assert_eq!(c.matches("[%eval").count(), 1, "{c}");
    assert!(c.matches(" \u{2192} ").count() <= 1, "{c}");
    assert!(!c.contains("tapir:"), "{c}");
    assert!(tree.is_attached(line), "the line the player marked stays");
    assert!(tree.node(line_end).nags.contains(Nag::GOOD));

    // A better line the player made the main line is theirs: it stays.
    let (mut a, line) = reported_with_a_line();
    a.doc.cursor = line;
    a.update(Action::MakeMain);
    assert!(a.doc.game.tree().is_mainline(line));
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    assert!(
        a.doc.game.tree().is_attached(line),
        "the promoted line stays"
    );
}

/// A comment being typed on a move of the earlier report's line when the
/// report run again finishes: the line stays (with the words, once
/// written), not taken out from under the prompt.
#[test]
fn a_line_with_a_comment_being_typed_stays_when_the_report_runs_again() {
    let (mut a, line) = reported_with_a_line();
    let job = start(&mut a);
    a.doc.cursor = line;
    a.update(Action::EditComment);
    for c in "my idea".chars() {
        a.update(Action::PromptChar(c));
    }
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    assert!(a.doc.game.tree().is_attached(line), "{}", message(&a));
    a.update(Action::PromptSubmit);
    assert_eq!(a.doc.game.tree().node(line).comment, "my idea");
    // Had the move gone all the same, Enter keeps the words in the prompt.
    let mut a = board_of("1. d4 *");
    a.update(Action::First);
    a.update(Action::MoveText("e4".into()));
    let e4 = a.doc.cursor;
    assert_ne!(e4, tapir::game::NodeId::ROOT);
    a.update(Action::EditComment);
    for c in "mine".chars() {
        a.update(Action::PromptChar(c));
    }
    let _ = a.doc.game.delete(e4, tapir::game::NodeId::ROOT);
    a.update(Action::PromptSubmit);
    assert!(
        message(&a).contains("no longer in the game"),
        "{}",
        message(&a)
    );
    assert_eq!(a.dialogs.prompt.as_ref().unwrap().text, "mine");
}

/// Accuracy and ACPL tags of the file's own (or the player's) stay, as
/// its evaluations do; the report's own are rewritten by the next.
#[test]
fn a_files_own_accuracy_tags_stay() {
    let mut a = board_of(&format!("[WhiteAccuracy \"61\"]\n\n{GAME}"));
    let job = start(&mut a);
    feed_at(&mut a, &job, 1500);
    done(&mut a, &job);
    let tags = &a.doc.game.tags;
    assert_eq!(tags.get("WhiteAccuracy"), Some("61"));
    assert!(tags.get("BlackAccuracy").is_some());
    let black = tags.get("BlackAccuracy").unwrap().to_string();
    let job = start(&mut a);
    feed_at(&mut a, &job, 6000);
    done(&mut a, &job);
    let tags = &a.doc.game.tags;
    assert_eq!(tags.get("WhiteAccuracy"), Some("61"));
    assert!(
        tags.get("BlackAccuracy").is_some_and(|b| b != black),
        "rewritten"
    );
}

/// A second report leaves no explanation of the first beside its own:
/// one explanation and one evaluation per move.
#[test]
fn a_second_report_adds_no_second_explanation() {
    let mut a = board();
    for _ in 0..2 {
        let job = start(&mut a);
        feed(&mut a, &job, 0..15);
        done(&mut a, &job);
        assert!(a.report.run.as_ref().unwrap().applied);
    }
    let tree = a.doc.game.tree();
    let mut explained = 0;
    for id in tree.mainline() {
        let c = &tree.node(id).comment;
        let n = c.matches(" \u{2192} ").count();
        assert!(n <= 1, "{c}");
        assert!(c.matches("[%eval ").count() <= 1, "{c}");
        explained += n;
        // The NAG and the words agree (both the second report's; the
        // player's own ? on Nxf7 stays whatever the report says).
        if tree.node(id).san() == "Nxf7" {
            continue;
        }
        for (word, nag) in [
            ("Inaccuracy (", Nag::DUBIOUS),
            ("Mistake (", Nag::MISTAKE),
            ("Blunder (", Nag::BLUNDER),
        ] {
            if c.contains(word) {
                assert!(tree.node(id).nags.contains(nag), "{c}");
            }
        }
    }
    assert!(explained >= 2);
}

/// A null move ends what the report can search: it says where, whether it
/// stops part way or before the first move.
#[test]
fn a_null_move_stops_the_report_and_it_says_where() {
    let mut a = board_of("1. e4 e5 2. Nf3 -- 3. Bc4 Nc6 *");
    let job = start(&mut a);
    assert_eq!(job.positions.len(), 4);
    let said = status_line(&a);
    assert!(
        said.starts_with("the report stops at 2... -- (a null move): the last 3 moves"),
        "{said}"
    );
    let mut a = board_of("1. -- e5 *");
    a.update(Action::Report);
    let said = common::error(&a);
    assert!(
        said.starts_with("nothing to report: the report stops at 1. -- (a null move)"),
        "{said}"
    );
}

/// `.` / `,` walk the main line's moves marked ?!, ? or ??: the player's
/// glyphs (not ! or a variation's), counted from where a variation leaves
/// the main line, and the running report's verdicts as they arrive.
#[test]
fn dot_and_comma_walk_the_marked_moves() {
    let mut a = board_of(
        "1. e4 e5 2. Nf3?! Nc6 3. Bc4! Nd4? 4. Nxe5 Qg5 5. Nxf7?? Qxg2 \
         (5... Nxc2+?! 6. Kf1) 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1",
    );
    let shown = |a: &App| {
        let c = a.doc.cursor;
        a.doc.game.tree().node(c).san().to_string()
    };
    a.update(Action::First);
    a.update(Action::NextMarked);
    assert_eq!(shown(&a), "Nf3");
    assert_eq!(
        message(&a),
        "2. Nf3?!: 1 of 3 marked moves (. and , go on and back)"
    );
    a.update(Action::NextMarked);
    assert_eq!(shown(&a), "Nd4", "Bc4! is no mark");
    a.update(Action::NextMarked);
    assert_eq!(shown(&a), "Nxf7");
    a.update(Action::NextMarked);
    assert_eq!(shown(&a), "Nxf7", "nothing after the last");
    assert!(message(&a).starts_with("no marked move after this one (3 in the game"));
    // Into the variation 5... Nxc2+ 6. Kf1: its ?! is not the main line's.
    a.update(Action::Next);
    a.update(Action::VariationNext);
    a.update(Action::Next);
    assert_eq!(shown(&a), "Kf1");
    a.update(Action::NextMarked);
    assert_eq!(shown(&a), "Kf1");
    a.update(Action::PrevMarked);
    assert_eq!(shown(&a), "Nxf7", "the move the variation follows");
    a.update(Action::PrevMarked);
    assert_eq!(shown(&a), "Nd4");
    a.update(Action::First);
    a.update(Action::PrevMarked);
    assert_eq!(a.doc.cursor, tapir::game::NodeId::ROOT);

    // Without glyphs, a running report's verdicts are the marks.
    let mut a = board_of(
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1",
    );
    a.update(Action::NextMarked);
    assert!(message(&a).starts_with("no move of the main line is marked"));
    let job = start(&mut a);
    feed(&mut a, &job, 0..14);
    a.update(Action::First);
    let verdicts: Vec<_> = a
        .doc
        .game
        .tree()
        .mainline()
        .filter(|&n| a.ui.moves.verdict(n).is_some())
        .collect();
    assert!(!verdicts.is_empty());
    a.update(Action::NextMarked);
    assert_eq!(a.doc.cursor, verdicts[0]);
    let glyph = a.ui.moves.verdict(verdicts[0]).unwrap().glyph();
    assert!(
        message(&a).contains(&format!("{glyph}: 1 of {}", verdicts.len())),
        "{}",
        message(&a)
    );
}

/// `q` while a report runs asks first (minutes of search would end with
/// no word); once it is done, a saved game quits at once.
#[test]
fn quitting_while_the_report_runs_asks_first() {
    let mut a = board();
    let job = start(&mut a);
    feed(&mut a, &job, 0..5);
    a.update(Action::Quit);
    assert!(!a.quit);
    assert!(matches!(
        a.dialogs.overlay,
        tapir::tui::app::Overlay::Confirm(tapir::tui::app::ConfirmWhat::Quit)
    ));
    let text = screen(&a).join("\n");
    assert!(text.contains("The game report is still running"), "{text}");
    a.update(Action::Confirm(false));
    assert!(!a.quit && a.report.run.as_ref().is_some_and(|r| r.running));
    a.update(Action::Quit);
    a.update(Action::Confirm(true));
    assert!(a.quit);
}

/// With tablebases set, the report's searches read them: a position they
/// hold gets their verdict (here a drawn king and pawn ending the search
/// alone calls a plus for White), and the report names the move that threw
/// the win away a blunder.
#[test]
fn the_report_reads_the_boards_tablebases() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\"]\n\n1. Kd5 Kd7 2. Kc5 *";
    let game = read_first(pgn).unwrap().game;
    let mut a = App::new(
        Config {
            autostart_analysis: false,
            syzygy_path: concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy").into(),
            ..Config::default()
        },
        game,
    );
    a.update(Action::Resize(120, 40));
    a.take_effects();
    let job = start(&mut a);
    assert!(job.tables.is_some(), "the job carries the board's tables");
    let mut s = Searcher::new().unwrap().with_tablebases(job.tables.clone());
    for (i, p) in job.positions.iter().enumerate() {
        let result = s.search(&p.board, &p.history, Budget::Nodes(2000));
        if i > 0 {
            assert_eq!(result.score.0, 0, "position {i} is a draw");
        }
        a.update(Action::ReportNews(ReportMsg::Result {
            token: job.token,
            index: i,
            result: Box::new(result),
        }));
    }
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    let saved = write_game(&a.doc.game);
    assert!(saved.contains("1. Kd5 $4"), "{saved}");
    assert!(saved.contains("Blunder (+TB \u{2192} +0.00)"), "{saved}");
}

/// A move played at the end of the main line while the report runs (an
/// engine game going on, or the user) is not "a move not legal there":
/// the report goes in for the moves it searched, and says the new one is
/// not in it.
#[test]
fn a_move_played_while_the_report_runs_is_no_stop() {
    let mut a = board_of("1. e4 e5 2. Nf3 *");
    let job = start(&mut a);
    a.update(Action::Last);
    a.update(Action::MoveText("Nc6".into()));
    assert_eq!(a.doc.game.tree().mainline_len(), 4);
    feed(&mut a, &job, 0..job.positions.len());
    a.update(Action::ReportNews(ReportMsg::Done {
        token: job.token,
        error: None,
    }));
    let saved = write_game(&a.doc.game);
    assert!(!saved.contains("The report stops here"), "{saved}");
    assert!(saved.contains("2. Nf3 { [%eval"), "{saved}");
    assert!(saved.contains("Nc6 *"), "{saved}");
    let said = message(&a);
    assert!(said.contains("the move played since it began"), "{said}");
}
