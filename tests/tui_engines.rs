//! Several engines on the board at once: a second analysing engine beside
//! the first, and engine-against-engine games (`:match`), through the
//! reducer alone and through real engine links (tapir in process, tapir
//! as a `tapir uci` process, and scripted shell engines: one that plays
//! Fool's mate, one that crashes).

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod common;
use common::status_line;
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};
use tapir::chess::Color;
use tapir::engine::{Bound, Score, SearchEvent, SearchInfo};
use tapir::game::Game;
use tapir::tui::action::{Action, Effect};
use tapir::tui::app::{App, Overlay};
use tapir::tui::config::{Config, EngineConfig};
use tapir::tui::engine_link::{report_action, EngineReport, LinkId, Links};

fn app_with(config: Config) -> App {
    let mut a = App::new(config, Game::default());
    a.book.set(None, "off".into());
    a.take_effects();
    a
}

/// A shell engine that answers the handshake, then for each `go` plays
/// Fool's mate (1. f3 e5 2. g4 Qh4#), either side's part of it, told by
/// the position's FEN (after each pawn move the board sends a FEN alone);
/// `on_go` replaces that.
fn script_engine(name: &str, on_go: Option<&str>) -> EngineConfig {
    let play = "case \"$pos\" in *6P1/5P2/*) m=d8h4;; *5P2/PPPPP1PP*' w '*) m=g2g4;; \
                *5P2/PPPPP1PP*) m=e7e5;; *) m=f2f3;; esac; \
                echo \"info depth 1 score cp 0 pv $m\"; echo \"bestmove $m\"";
    let go = on_go.unwrap_or(play);
    let body = format!(
        "pos=startpos; while IFS= read -r l; do case \"$l\" in \
         uci) echo 'id name {name}'; echo uciok;; isready) echo readyok;; \
         position*) pos=${{l#position }};; go*) {go};; quit) exit 0;; esac; done"
    );
    EngineConfig {
        name: name.into(),
        command: "sh".into(),
        args: vec!["-c".into(), body],
        options: Default::default(),
    }
}

/// The links' reports go to the reducer until `done` (or the time is up).
fn pump(
    a: &mut App,
    links: &mut Links<Tagged>,
    rx: &Receiver<Tagged>,
    limit: Duration,
    done: impl Fn(&App) -> bool,
) -> bool {
    let until = Instant::now() + limit;
    loop {
        for e in a.take_effects() {
            links.send(e);
        }
        if done(a) {
            return true;
        }
        let now = Instant::now();
        if now >= until {
            return false;
        }
        a.update(Action::Tick(now));
        if let Ok((id, r)) = rx.recv_timeout(Duration::from_millis(50)) {
            a.now = Instant::now();
            a.update(report_action(id, r));
        }
    }
}

/// A link's report with the link it came from.
type Tagged = (LinkId, EngineReport);

fn links() -> (Links<Tagged>, Receiver<Tagged>) {
    let (tx, rx) = channel();
    (Links::new(tx, |id, r| (id, r), Vec::new()), rx)
}

fn info(depth: u32, cp: i32, pv: &str, board: &tapir::chess::Board) -> SearchEvent {
    let mut b = *board;
    let mut moves = Vec::new();
    for m in pv.split_whitespace() {
        let mv = tapir::chess::parse_move(&b, m).unwrap();
        b = b.make(mv);
        moves.push(mv);
    }
    SearchEvent::Info {
        id: 1,
        info: SearchInfo {
            depth,
            seldepth: depth,
            multipv: 1,
            score: Score::Cp(cp),
            bound: Bound::Exact,
            nodes: 1000,
            nps: 1000,
            hashfull: 0,
            tbhits: 0,
            time: Duration::from_secs(1),
            pv: moves,
        },
    }
}

/// The second engine's search reports a line at `depth`.
fn second_reports(a: &mut App, depth: u32, cp: i32, pv: &str) {
    let token = a.second.as_ref().unwrap().search.as_ref().unwrap().token;
    let board = *a.board();
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::Event {
            token,
            event: info(depth, cp, pv, &board),
        },
    ));
}

#[test]
fn a_second_engine_analyses_the_same_position_in_its_own_pane() {
    let mut a = app_with(Config::default());
    a.update(Action::Command("engine second tapir".into()));
    let effects = a.take_effects();
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Link(LinkId::SECOND, inner) if matches!(**inner, Effect::UseEngine(None)))),
        "{effects:?}"
    );
    // Nothing to search until the engine has started.
    assert!(a.second.as_ref().unwrap().search.is_none());
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::Using {
            name: "tapir".into(),
            tapir: true,
            elo: None,
        },
    ));
    let effects = a.take_effects();
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Link(LinkId::SECOND, inner) if matches!(**inner, Effect::Search { .. }))),
        "{effects:?}"
    );
    second_reports(&mut a, 12, 41, "e2e4 e7e5");
    let second = a.second.as_ref().unwrap();
    assert_eq!(second.lines.len(), 1);
    assert_eq!(second.lines[0].pv, "1. e4 e5");
    // The first engine's lines are its own.
    assert!(a.engine.lines.is_empty());
    assert!(a.headline().contains("tapir +0.41"), "{}", a.headline());
    // A move: both engines start again on the new position.
    a.update(Action::MoveText("e4".into()));
    let effects = a.take_effects();
    let searches = effects
        .iter()
        .filter(|e| match e {
            Effect::Search { .. } => true,
            Effect::Link(LinkId::SECOND, inner) => matches!(**inner, Effect::Search { .. }),
            _ => false,
        })
        .count();
    assert_eq!(searches, 2, "{effects:?}");
    a.update(Action::Command("engine second off".into()));
    assert!(a.second.is_none());
    assert!(a
        .take_effects()
        .iter()
        .any(|e| matches!(e, Effect::CloseLink(LinkId::SECOND))));
}

#[test]
fn a_second_engine_that_does_not_start_leaves_none() {
    let mut a = app_with(Config::default());
    a.update(Action::Command("engine2 /nonexistent/engine".into()));
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::NotStarted("cannot start /nonexistent/engine".into()),
    ));
    assert!(a.second.is_none());
    let msg = a.dialogs.message.as_ref().unwrap();
    assert!(msg.error, "{}", msg.text);
    // None ran before it: nothing is "still" running.
    assert_eq!(
        msg.text,
        "second engine: cannot start /nonexistent/engine; no second engine"
    );
}

/// `:engine second NAME` that runs is the settings' `second_engine` (the
/// board opens with it), `off` clears it; one that cannot start, or a
/// command line (no name to keep), changes nothing.
#[test]
fn the_second_engine_chosen_by_name_is_kept_in_the_settings() {
    let mut a = app_with(Config::default());
    a.update(Action::Command("engine second tapir".into()));
    assert_eq!(a.config.second_engine, "", "not before it runs");
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::Using {
            name: "tapir".into(),
            tapir: true,
            elo: None,
        },
    ));
    assert_eq!(a.config.second_engine, "tapir");
    assert!(a.config_changed);
    a.config_changed = false;
    a.update(Action::Command("engine2 /nonexistent/engine".into()));
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::NotStarted("cannot start /nonexistent/engine".into()),
    ));
    assert_eq!(a.config.second_engine, "tapir");
    assert!(!a.config_changed);
    a.update(Action::Command("engine second off".into()));
    assert_eq!(a.config.second_engine, "");
    assert!(a.config_changed);
    a.config_changed = false;
    a.update(Action::Command("engine2 /some/engine --uci".into()));
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::Using {
            name: "Some Engine".into(),
            tapir: false,
            elo: None,
        },
    ));
    assert_eq!(a.config.second_engine, "", "a command line is no name");
    assert!(!a.config_changed);
}

/// A board with tapir started as its second engine (`:engine second
/// tapir`, its link answered).
fn second_tapir_started() -> App {
    let mut a = app_with(Config::default());
    a.update(Action::Command("engine second tapir".into()));
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::Using {
            name: "tapir".into(),
            tapir: true,
            elo: None,
        },
    ));
    a
}

/// A second engine that cannot start in place of a running one leaves
/// the running one (the link keeps it: "still tapir"), analysing again.
#[test]
fn a_second_engine_that_does_not_start_keeps_the_one_running() {
    let mut a = second_tapir_started();
    a.update(Action::Command("engine2 /nonexistent/engine".into()));
    a.take_effects();
    a.update(Action::Link(
        LinkId::SECOND,
        EngineReport::NotStarted("cannot start /nonexistent/engine".into()),
    ));
    let second = a.second.as_ref().expect("the running engine stays");
    assert_eq!(second.external.as_deref(), Some("tapir"));
    assert!(common::status_line(&a).contains("still tapir"));
    let effects = a.take_effects();
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Link(LinkId::SECOND, inner) if matches!(**inner, Effect::Search { .. }))),
        "it analyses again: {effects:?}"
    );
    assert!(!effects
        .iter()
        .any(|e| matches!(e, Effect::CloseLink(LinkId::SECOND))));
    a.update(Action::Command("engine second off".into()));
    assert!(a.second.is_none() && a.second_switching.is_none());
}

#[test]
fn tapir_in_process_and_tapir_uci_analyse_side_by_side() {
    let mut config = Config::default();
    config.engines.push(EngineConfig {
        name: "tapir-uci".into(),
        command: env!("CARGO_BIN_EXE_tapir").into(),
        args: vec!["uci".into()],
        options: Default::default(),
    });
    config.second_engine = "tapir-uci".into();
    config.multipv = 2;
    config.hash = 8;
    // The first search is kept (the runtime would start it).
    let mut a = App::new(config, Game::default());
    a.use_second_engine("tapir-uci");
    let (mut links, rx) = links();
    let both = pump(&mut a, &mut links, &rx, Duration::from_secs(30), |a| {
        let d = |l: &[tapir::tui::app::LineView]| l.first().map_or(0, |l| l.depth);
        d(&a.engine.lines) >= 4 && a.second.as_ref().is_some_and(|s| d(&s.lines) >= 4)
    });
    assert!(both, "both engines report lines: {:?}", a.dialogs.message);
    assert_eq!(
        a.second.as_ref().unwrap().external.as_deref(),
        Some("tapir-uci")
    );
    assert!(a.engine.external.is_none(), "the first is tapir's own");
    assert_eq!(a.second.as_ref().unwrap().lines.len(), 2);
}

#[test]
fn an_engine_game_is_played_into_the_tree_and_its_result_written() {
    let mut config = Config::default();
    config.engines.push(script_engine("fool", None));
    let mut a = app_with(config);
    a.update(Action::Command("match fool fool 1+0".into()));
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    let (mut links, rx) = links();
    let over = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.duel.as_ref().is_some_and(|d| d.result.is_some())
    });
    assert!(over, "{:?}", a.dialogs.message);
    let d = a.duel.as_ref().unwrap();
    assert!(
        d.result.as_deref().unwrap().starts_with("checkmate"),
        "{:?}",
        d.result
    );
    assert_eq!(a.doc.game.tags.get("Result"), Some("0-1"));
    assert_eq!(a.tree().node(d.end).ply(), 4);
    // Why, as a sentence; the score follows the move, not said twice.
    // Two engines of one name: the winner is named by colour.
    let comment = &a.tree().node(d.end).comment;
    assert!(comment.ends_with("] Checkmate: Black wins."), "{comment}");
    assert!(!comment.contains("0-1"), "{comment}");
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Normal"));
    assert_eq!(a.doc.game.tags.get("White"), Some("fool"));
    assert_eq!(a.doc.game.tags.get("TimeControl"), Some("60+0"));
    // Each move carries its clock.
    assert!(a.tree().node(d.end).comment.contains("[%clk 0:00:"));
    let date = a.doc.game.tags.known("Date").expect("dated today");
    assert_eq!(date, tapir::tui::files::today());
    // k takes the finished game off the board; analysis comes back.
    a.update(Action::PauseEngineGame);
    assert!(a.duel.is_none());
}

/// `:match` on a game whose moves were taken back starts at once and
/// loses nothing: the game's first edit puts what Ctrl-Y held on the undo
/// list, and Ctrl-Z brings the taken-back move back.
#[test]
fn an_engine_game_keeps_what_ctrl_y_held() {
    let mut config = Config::default();
    config.engines.push(script_engine("fool", None));
    let mut a = app_with(config);
    a.update(Action::MoveText("e4".into()));
    a.update(Action::Undo);
    a.update(Action::Command("match fool fool 1+0".into()));
    assert_eq!(a.dialogs.overlay, Overlay::None);
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    both_engines_run(&mut a);
    assert_eq!(a.doc.game.tags.get("White"), Some("fool"));
    a.update(Action::Command("match off".into()));
    // Ctrl-Z: the players' names go, then 1. e4 comes back.
    a.update(Action::Undo);
    assert!(a.doc.game.tags.get("White") != Some("fool"));
    a.update(Action::Undo);
    assert_eq!(a.tree().mainline().count(), 1);
}

/// An empty game's players, whoever they were (here those of a game
/// against tapir given up before its first move), give way to the
/// engines that play its moves; Ctrl-Z brings them back.
#[test]
fn an_engine_game_on_an_empty_board_is_named_after_its_engines() {
    let mut config = Config::default();
    config.engines.push(script_engine("fool", None));
    let mut a = app_with(config);
    a.doc.game.tags.set("White", "Player");
    a.doc.game.tags.set("Black", "tapir level 1");
    a.update(Action::Command("match fool tapir 1+0".into()));
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    // Named once both engines run, not before.
    assert_eq!(a.doc.game.tags.get("White"), Some("Player"));
    both_engines_run(&mut a);
    assert_eq!(a.doc.game.tags.get("White"), Some("fool"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir"));
    a.update(Action::Command("match off".into()));
    a.update(Action::Undo);
    assert_eq!(a.doc.game.tags.get("White"), Some("Player"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir level 1"));
}

/// Pumps an engine game's links until both engines have started (the
/// first move may be asked for, not yet played).
fn both_engines_run(a: &mut App) {
    let (mut links, rx) = links();
    let ready = pump(a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.duel.as_ref().is_some_and(|d| d.both_ready())
    });
    assert!(ready, "{:?}", a.dialogs.message);
}

/// A program named by its path plays, and goes into the tags, under the
/// name it gives itself (`id name`), as cutechess and Lichess write it,
/// not under its file's name.
#[test]
fn an_engine_game_names_a_program_as_it_names_itself() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tapir-idname-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("fool-engine");
    let body = &script_engine("Fool Engine 1.0", None).args[1];
    std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut a = app_with(Config::default());
    a.update(Action::Command(format!(
        "match {} tapir:1 1+0",
        script.display()
    )));
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    both_engines_run(&mut a);
    assert_eq!(a.doc.game.tags.get("White"), Some("Fool Engine 1.0"));
    assert_eq!(a.doc.game.tags.get("Black"), Some("tapir L1"));
    assert!(
        common::status_line(&a).contains("Fool Engine 1.0 - tapir L1"),
        "{}",
        common::status_line(&a)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_engine_that_crashes_mid_game_loses_with_a_note() {
    let mut config = Config::default();
    config.engines.push(script_engine("fool", None));
    config.engines.push(script_engine(
        "crash",
        Some("echo 'info depth 1 score cp 5 pv e7e5'; exit 3"),
    ));
    let mut a = app_with(config);
    a.update(Action::Command("match fool crash 1+0".into()));
    let (mut links, rx) = links();
    let over = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.duel.as_ref().is_some_and(|d| d.result.is_some())
    });
    assert!(over, "{:?}", a.dialogs.message);
    let d = a.duel.as_ref().unwrap();
    let r = d.result.as_deref().unwrap();
    assert!(r.contains("crash failed") && r.ends_with("1-0"), "{r}");
    // White's first move stays; the board goes on analysing afterwards.
    assert_eq!(a.tree().node(d.end).ply(), 1);
    assert_eq!(a.doc.game.tags.get("Result"), Some("1-0"));
    a.update(Action::PauseEngineGame);
    assert!(a.engine.search.is_some(), "analysis is back");
}

/// An analysing engine whose process ends (here: at its first `go`) says
/// so in its pane and is asked nothing more: a move on the board sends it
/// no search (which would only answer "not running" at every move) until
/// `:engine` starts one again. The same for the second engine's pane.
#[test]
fn an_analysing_engine_that_quits_says_so_and_is_asked_nothing_more() {
    let mut config = Config::default();
    config.engines.push(script_engine(
        "crash",
        Some("echo 'info depth 1 score cp 5 pv e2e4'; exit 3"),
    ));
    let mut a = app_with(config);
    let (mut links, rx) = links();
    a.update(Action::Command("engine crash".into()));
    a.update(Action::Command("engine second crash".into()));
    if !a.play.analysis {
        a.update(Action::ToggleAnalysis);
    }
    let both_quit = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.exited.is_some() && a.second.as_ref().is_some_and(|s| s.exited.is_some())
    });
    assert!(both_quit, "{:?}", a.dialogs.message);
    assert!(
        a.engine.exited.as_deref().unwrap().contains("crash exited"),
        "{:?}",
        a.engine.exited
    );
    let shown = common::screen(&mut a, 120, 40).join("\n");
    // Each pane says its engine quit: in its title, over the line it had
    // before (a stopped analysis's lines stay), or in place of lines with
    // how to start it again (a kept engine, by its name).
    let said = shown.matches("crash · quit").count()
        + shown
            .matches("crash has quit - :engine crash starts it again")
            .count()
        + shown
            .matches("crash has quit - :engine2 crash starts it again")
            .count();
    assert_eq!(said, 2, "{shown}");
    // A move: no search is sent to either.
    pump(&mut a, &mut links, &rx, Duration::from_millis(300), |_| {
        false
    });
    a.update(Action::MoveText("e4".into()));
    let effects = a.take_effects();
    assert!(
        !effects.iter().any(|e| match e {
            Effect::Search { .. } => true,
            Effect::Link(_, inner) => matches!(**inner, Effect::Search { .. }),
            _ => false,
        }),
        "{effects:?}"
    );
    // Starting an engine again clears it: tapir's own analyses.
    a.update(Action::Command("engine tapir".into()));
    let started = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.exited.is_none() && a.engine.search.is_some()
    });
    assert!(started, "{:?}", a.dialogs.message);
}

/// `:match tapir:1 tapir 10s+0` with both engines reported started: the
/// clocks run and White thinks.
/// An analysing engine that ends its search on its own without a line
/// (`bestmove 0000`) is not waited for: its pane says so and how to ask
/// again, and asking again sends a new search.
#[test]
fn an_analysis_that_ends_without_a_line_says_so() {
    let mut config = Config::default();
    config
        .engines
        .push(script_engine("mute", Some("echo 'bestmove 0000'")));
    let mut a = app_with(config);
    let (mut links, rx) = links();
    a.update(Action::Command("engine mute".into()));
    if !a.play.analysis {
        a.update(Action::ToggleAnalysis);
    }
    let ended = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.search.as_ref().is_some_and(|s| s.finished)
    });
    assert!(ended, "{:?}", a.dialogs.message);
    let shown = common::screen(&mut a, 120, 40).join("\n");
    assert!(
        shown.contains("mute ended its search without a line - a a analyses again"),
        "{shown}"
    );
    assert!(!shown.contains("waiting for the engine"), "{shown}");
    a.update(Action::ToggleAnalysis);
    a.update(Action::ToggleAnalysis);
    let asked = a.take_effects();
    assert!(
        asked.iter().any(|e| match e {
            Effect::Link(_, e) => matches!(**e, Effect::Search { .. }),
            e => matches!(e, Effect::Search { .. }),
        }),
        "{asked:?}"
    );
}

fn tapir_match_started() -> App {
    tapir_match_from(None)
}

/// `tapir_match_started`, from the position `fen` when given.
fn tapir_match_from(fen: Option<&str>) -> App {
    let mut a = app_with(Config::default());
    if let Some(f) = fen {
        a.update(Action::Command(format!("fen {f}")));
    }
    start_tapir_match(&mut a);
    a
}

/// The engine playing `c` in the running engine game answers `uci`.
fn duel_engine_plays(a: &mut App, c: Color, uci: &str) {
    let d = a.duel.as_ref().unwrap();
    let token = d.players[c.index()].session.search.as_ref().unwrap().token;
    let best = tapir::chess::parse_move(a.board(), uci).unwrap();
    a.update(Action::Link(
        LinkId::player(c),
        EngineReport::Event {
            token,
            event: SearchEvent::BestMove {
                id: 1,
                best: Some(best),
                ponder: None,
            },
        },
    ));
}

/// `:match tapir:1 tapir 10s+0` on `a` as it stands, both engines
/// reported started.
fn start_tapir_match(a: &mut App) {
    a.update(Action::Command("match tapir:1 tapir 10s+0".into()));
    for c in [Color::White, Color::Black] {
        a.update(Action::Link(
            LinkId::player(c),
            EngineReport::Using {
                name: "tapir".into(),
                tapir: true,
                elo: None,
            },
        ));
    }
}

#[test]
fn clocks_pause_resume_and_fall() {
    let mut a = tapir_match_started();
    let t0 = a.now;
    let d = a.duel.as_ref().unwrap();
    assert!(d.clocks.ticking());
    assert!(d.players[0].session.search.is_some(), "White thinks");
    assert!(d.players[1].session.search.is_none(), "Black waits");
    // Paused: no clock runs, no engine thinks; the main engine stays off.
    a.update(Action::Tick(t0 + Duration::from_secs(2)));
    a.update(Action::PauseEngineGame);
    let d = a.duel.as_ref().unwrap();
    assert!(!d.clocks.ticking() && d.players[0].session.search.is_none());
    assert!(a.engine.search.is_none());
    a.update(Action::Tick(t0 + Duration::from_secs(60)));
    assert!(a.duel.as_ref().unwrap().result.is_none());
    a.update(Action::PauseEngineGame);
    // The human cannot move into the engines' game.
    a.update(Action::MoveText("e4".into()));
    assert!(a.dialogs.message.as_ref().unwrap().error);
    assert_eq!(a.tree().move_count(), 0);
    // The flag's tick redraws: nothing runs after it to draw it later.
    assert!(a.update(Action::Tick(t0 + Duration::from_secs(69))));
    let r = a.duel.as_ref().unwrap().result.clone().unwrap();
    assert!(
        r.contains("tapir L1 lost on time") && r.ends_with("0-1"),
        "{r}"
    );
}

/// A flag fall against a lone king draws the engines' game too.
#[test]
fn a_flag_against_a_lone_king_draws_an_engine_match() {
    let mut a = tapir_match_from(Some("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"));
    a.update(Action::Tick(a.now + Duration::from_secs(11)));
    let r = a.duel.as_ref().unwrap().result.clone().unwrap();
    assert!(
        r.contains("against a lone king") && r.ends_with("1/2-1/2"),
        "{r}"
    );
}

/// An engine game started a move before the end of a finished record
/// (here one White won) that follows the record's last move and plays on
/// leaves the record's Result and Termination alone: its own result is a
/// comment after its last move, and the status says so.
#[test]
fn an_engine_game_past_a_finished_record_keeps_its_result() {
    let game =
        tapir::game::pgn::read_first("[Result \"1-0\"]\n[Termination \"Normal\"]\n\n1. e4 e5 1-0")
            .unwrap()
            .game;
    let mut a = App::new(Config::default(), game);
    a.book.set(None, "off".into());
    a.update(Action::Last);
    a.update(Action::Prev);
    a.take_effects();
    start_tapir_match(&mut a);
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    // Black's engine plays the record's own 1...e5 (walked into).
    duel_engine_plays(&mut a, Color::Black, "e5");
    assert_eq!(a.tree().move_count(), 2, "walked into the record's move");
    // White to move lets its flag fall: 0-1 for the engines' game.
    a.update(Action::Tick(a.now + Duration::from_secs(11)));
    let r = a.duel.as_ref().unwrap().result.clone().unwrap();
    assert!(r.ends_with("0-1"), "{r}");
    assert_eq!(a.doc.game.tags.get("Result"), Some("1-0"));
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Normal"));
    let end = a.tree().mainline().last().unwrap();
    assert!(
        a.tree().node(end).comment.contains("lost on time"),
        "{}",
        a.tree().node(end).comment
    );
    let said = &a.dialogs.message.as_ref().unwrap().text;
    assert!(said.contains("Result 1-0 stays"), "{said}");
}

#[test]
fn an_engine_that_does_not_start_means_no_game() {
    let mut config = Config::default();
    config.engines.push(EngineConfig {
        name: "nothing".into(),
        command: "/nonexistent/engine".into(),
        args: Vec::new(),
        options: Default::default(),
    });
    let mut a = app_with(config);
    a.doc.game.tags.set("White", "Player");
    a.update(Action::Command("match tapir nothing 1+0".into()));
    let (mut links, rx) = links();
    let gone = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.duel.is_none()
    });
    assert!(gone);
    // The tags it had stay: nothing was written to take back.
    assert_eq!(a.doc.game.tags.get("White"), Some("Player"));
    assert_eq!(a.doc.game.tags.get("TimeControl"), None);
    assert!(!a.doc.game.can_undo());
    let m = a.dialogs.message.as_ref().unwrap();
    assert!(
        m.error && m.text.contains("engine game not started"),
        "{m:?}"
    );
    assert_eq!(a.tree().move_count(), 0);
}

#[test]
fn match_arguments_are_checked() {
    let mut a = app_with(Config::default());
    for bad in [
        "match",
        "match tapir",
        "match tapir tapir 0+0",
        "match tapir:0 tapir",
    ] {
        a.update(Action::Command(bad.into()));
        assert!(a.dialogs.message.as_ref().unwrap().error, "{bad}");
        assert!(a.duel.is_none());
    }
    a.update(Action::Command("match off".into()));
    assert!(!a.dialogs.message.as_ref().unwrap().error);
    // A finished game's end: its record is not played on (its result and
    // main line stay); a move before it, the engines play a variation.
    common::file_read(
        &mut a,
        "won.pgn",
        "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n",
    );
    a.update(Action::Command("match tapir tapir 1+0".into()));
    let said = a.dialogs.message.as_ref().unwrap();
    assert!(
        said.error && said.text.contains("this game is over (1-0)"),
        "{}",
        said.text
    );
    assert!(a.duel.is_none());
    assert_eq!(a.doc.game.result(), "1-0");
    a.update(Action::Prev);
    a.update(Action::Command("match tapir tapir 1+0".into()));
    assert!(a.duel.is_some(), "{:?}", a.dialogs.message);
    assert_eq!(a.doc.game.result(), "1-0");
}

#[test]
fn engine_add_keeps_an_engine_in_the_settings_only_once_it_starts() {
    let mut a = app_with(Config::default());
    let (mut links, rx) = links();
    // Two adds in a row: the first cannot start, the second can; each
    // answer goes to its own add.
    a.update(Action::Command("engine add /nonexistent/engine".into()));
    let dir = std::env::temp_dir().join(format!("tapir-engine-add-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("fool.sh");
    std::fs::write(&script, &script_engine("fool", None).args[1]).unwrap();
    a.update(Action::Command(format!(
        "engine add sh {}",
        script.display()
    )));
    assert!(a.config.engines.is_empty(), "nothing kept before an answer");
    let done = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.switches_answered == 2
    });
    assert!(done, "both switches answered");
    let names: Vec<&str> = a.config.engines.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), 1, "{names:?}");
    assert_eq!(a.config.engines[0].command, "sh");
    assert!(a.config_changed);
    assert_eq!(a.engine.external.as_deref(), Some(names[0]));
    assert!(a.engine.adding.is_empty());
    // It is the engine the board opens with next time, as `:engine NAME`'s.
    assert_eq!(a.config.analysis_engine, names[0]);
    // The same command again adds no "fool-2": the entry is named.
    let first = names[0].to_string();
    a.update(Action::Command(format!(
        "engine add sh {}",
        script.display()
    )));
    assert_eq!(a.config.engines.len(), 1);
    assert!(a.engine.adding.is_empty());
    let said = common::status_line(&a);
    assert!(
        said.contains(&format!("{first} is in the settings already")),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `:engine NAME` for a kept engine is the board's engine from then on:
/// once it runs, the settings' `analysis_engine` names it (the board
/// opened with tapir again after a restart); `:engine tapir` goes back;
/// a name that cannot start changes nothing.
#[test]
fn the_engine_chosen_by_name_is_kept_in_the_settings() {
    let mut broken = script_engine("broken", None);
    broken.command = "/nonexistent/engine".into();
    let config = Config {
        engines: vec![script_engine("fool", None), broken],
        ..Config::default()
    };
    let mut a = app_with(config);
    let (mut links, rx) = links();
    a.update(Action::Command("engine fool".into()));
    assert_eq!(a.config.analysis_engine, "", "not before it runs");
    let done = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.switches_answered == 1
    });
    assert!(done);
    assert_eq!(a.engine.external.as_deref(), Some("fool"));
    assert_eq!(a.config.analysis_engine, "fool");
    assert!(a.config_changed);
    a.config_changed = false;
    a.update(Action::Command("engine broken".into()));
    let done = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.switches_answered == 2
    });
    assert!(done);
    assert_eq!(a.config.analysis_engine, "fool", "it did not start");
    assert!(!a.config_changed);
    a.update(Action::Command("engine tapir".into()));
    let done = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.engine.switches_answered == 3
    });
    assert!(done);
    assert_eq!(a.config.analysis_engine, "");
    assert!(a.config_changed);
}

#[test]
fn engine_add_of_a_command_that_cannot_start_changes_no_setting() {
    let mut a = app_with(Config::default());
    a.update(Action::Command("engine add /nonexistent/engine".into()));
    a.update(report_action(
        LinkId::MAIN,
        EngineReport::NotStarted("cannot start /nonexistent/engine: No such file".into()),
    ));
    assert!(a.config.engines.is_empty());
    assert!(!a.config_changed);
    let msg = a.dialogs.message.as_ref().unwrap();
    assert!(
        msg.error && msg.text.contains("not added to the settings"),
        "{}",
        msg.text
    );
}

/// Ctrl-Z during a live engine game pauses it while there is something to
/// redo, and the engines' next move after k keeps it for Ctrl-Z.
#[test]
fn an_undo_during_an_engine_game_keeps_what_it_can_redo() {
    let mut a = tapir_match_started();
    duel_engine_plays(&mut a, Color::White, "e4");
    assert_eq!(a.tree().move_count(), 1);
    // The user comments on the game's move, then takes the comment back.
    a.update(Action::Command("comment a classic start".into()));
    a.update(Action::Undo);
    assert!(a.doc.game.can_redo());
    let d = a.duel.as_ref().unwrap();
    assert!(d.paused && d.result.is_none(), "paused, not stopped");
    let said = status_line(&a);
    assert!(said.contains("engine game paused (k resumes)"), "{said}");
    assert!(d.players[1].session.search.is_none(), "Black waits");
    // What was undone can still be redone; k resumes the game.
    a.update(Action::Redo);
    // (`:comment` keeps the move's [%clk], which the game wrote.)
    let comment = &a.tree().node(a.doc.cursor).comment;
    assert!(
        comment.starts_with("a classic start [%clk 0:00:"),
        "{comment}"
    );
    a.update(Action::PauseEngineGame);
    assert!(a.duel.as_ref().unwrap().live());
    duel_engine_plays(&mut a, Color::Black, "e5");
    assert_eq!(a.tree().move_count(), 2);
    // Taken back again, then played over: Ctrl-Z still reaches it.
    a.update(Action::Command("match off".into()));
    a.update(Action::Prev);
    a.update(Action::Command("comment mine".into()));
    a.update(Action::Undo);
    a.update(Action::MoveText("c5".into()));
    a.update(Action::Undo);
    a.update(Action::Undo);
    let comment = &a.tree().node(a.doc.cursor).comment;
    assert!(comment.starts_with("mine [%clk 0:00:"), "{comment}");
}

#[test]
fn a_stopped_second_engine_keeps_its_lines_until_a_game() {
    let mut a = second_tapir_started();
    second_reports(&mut a, 12, 41, "e2e4 e7e5");
    a.update(Action::ToggleAnalysis);
    assert!(a.second.as_ref().unwrap().search.is_none(), "stopped");
    assert!(a.headline().contains("tapir +0.41"), "{}", a.headline());
    // A game against the engine shows no analysis.
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::ChoiceConfirm);
    assert!(matches!(a.play.mode, tapir::tui::app::Mode::Play { .. }));
    assert!(a.second_score().is_none());
    assert!(!a.headline().contains("+0.41"), "{}", a.headline());
}

/// `p` while an engine game is on (paused or not) is refused: the engines'
/// links are theirs, and a game against the engine started beside it would
/// wait for a move that never came and lose on time.
#[test]
fn no_game_against_the_engine_beside_an_engine_game() {
    let mut a = tapir_match_started();
    for paused in [false, true] {
        if paused {
            a.update(Action::PauseEngineGame);
        }
        a.update(Action::OpenPlayDialog);
        assert_eq!(a.dialogs.overlay, Overlay::None, "paused: {paused}");
        let m = a.dialogs.message.as_ref().unwrap();
        assert!(m.error && m.text.contains(":match off"), "{}", m.text);
        assert_eq!(a.play.mode, tapir::tui::app::Mode::Analysis);
    }
    // Once it is stopped, a game can start.
    a.update(Action::Command("match off".into()));
    a.update(Action::OpenPlayDialog);
    assert!(matches!(a.dialogs.overlay, Overlay::Play(_)));
}

/// A game against an external engine names it in the game's tags, as the
/// clocks panel does.
#[test]
fn a_game_against_an_external_engine_is_named_after_it() {
    let mut a = app_with(Config::default());
    a.engine.external = Some("Crafty 25.2".into());
    a.update(Action::OpenPlayDialog);
    a.update(Action::PlaySide(Color::White));
    a.update(Action::ChoiceConfirm);
    assert_eq!(a.doc.game.tags.get("Black"), Some("Crafty 25.2"));
}

/// `:hash` with more than the machine can give: the engine refuses it, and
/// the setting (and so config.toml) goes back to the size in effect.
#[test]
fn a_hash_size_the_engine_refuses_is_not_kept() {
    // The reducer's part: back to the size in effect, or to the default
    // where none was given.
    let mut b = App::new(Config::default(), Game::default());
    for (in_effect, back) in [(Some(128), 128), (None, Config::default().hash)] {
        b.config.hash = 4096;
        b.config_changed = false;
        b.update(Action::EngineOptionRefused {
            refused: tapir::engine::EngineOption::Hash(4096),
            in_effect: in_effect.map(tapir::engine::EngineOption::Hash),
            why: "no room".into(),
        });
        assert_eq!(b.config.hash, back);
        assert!(b.config_changed, "the file is written back");
        let m = b.dialogs.message.clone().unwrap();
        assert!(
            m.error && m.text.contains(&format!("hash stays {back} MiB")),
            "{m:?}"
        );
    }
    // The whole way, where the machine has less free memory than the
    // largest size `:hash` takes (64 GiB), so that tapir refuses it.
    let available_mb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            let l = t
                .lines()
                .find(|l| l.starts_with("MemAvailable:"))?
                .to_string();
            l.split_whitespace().nth(1)?.parse::<usize>().ok()
        })
        .map(|kb| kb / 1024);
    if available_mb.is_none_or(|mb| mb >= 60_000) {
        return;
    }
    let config = Config {
        hash: 8,
        autostart_analysis: false,
        ..Config::default()
    };
    let mut a = App::new(config, Game::default());
    let (mut links, rx) = links();
    a.update(Action::Command("hash 8".into()));
    for e in a.take_effects() {
        links.send(e);
    }
    a.update(Action::Command("hash 65536".into()));
    let refused = pump(&mut a, &mut links, &rx, Duration::from_secs(10), |a| {
        a.dialogs.message.as_ref().is_some_and(|m| m.error)
    });
    assert!(refused, "{:?}", a.dialogs.message);
    let m = a.dialogs.message.clone().unwrap().text;
    assert!(m.contains("hash stays 8 MiB"), "{m}");
    assert_eq!(a.config.hash, 8);

    // A size refused at start (config.toml asks for too much) is not the
    // one in effect: a refused `:hash` then goes back to the default, and
    // the engine with it.
    let config = Config {
        hash: 65536,
        autostart_analysis: false,
        ..Config::default()
    };
    let mut a = App::new(config, Game::default());
    let (tx, rx) = channel();
    let mut links: Links<Tagged> = Links::new(
        tx,
        |id, r| (id, r),
        vec![tapir::engine::EngineOption::Hash(65536)],
    );
    a.update(Action::Command("hash 65535".into()));
    let back = pump(&mut a, &mut links, &rx, Duration::from_secs(10), |a| {
        a.dialogs
            .message
            .as_ref()
            .is_some_and(|m| m.text.contains("hash stays"))
    });
    assert!(back, "{:?}", a.dialogs.message);
    let default = Config::default().hash;
    let m = a.dialogs.message.clone().unwrap().text;
    assert!(m.contains(&format!("hash stays {default} MiB")), "{m}");
    assert_eq!(a.config.hash, default);
    // The default goes to the engine, which takes it: no error follows.
    a.dialogs.message = None;
    pump(&mut a, &mut links, &rx, Duration::from_millis(500), |_| {
        false
    });
    assert!(a.dialogs.message.is_none(), "{:?}", a.dialogs.message);
}

/// `E` while an engine game is on (paused or not) is refused: the engines
/// would go on moving under the editor, and its Esc would then say the
/// game is as it was.
#[test]
fn no_board_editor_beside_an_engine_game() {
    let mut a = tapir_match_started();
    for paused in [false, true] {
        if paused {
            a.update(Action::PauseEngineGame);
        }
        a.update(Action::OpenEditor);
        assert!(a.editor.is_none(), "paused: {paused}");
        let m = a.dialogs.message.as_ref().unwrap();
        assert!(m.error && m.text.contains(":match off"), "{}", m.text);
    }
    a.update(Action::Command("match off".into()));
    a.update(Action::OpenEditor);
    assert!(a.editor.is_some());
}

/// An engine that fails before the engine game's first move still leaves
/// the result in the game: the tags, and a note before the moves.
#[test]
fn an_engine_that_fails_before_any_move_leaves_the_result() {
    let mut config = Config::default();
    config.engines.push(script_engine("fool", None));
    config.engines.push(script_engine("crash", Some("exit 3")));
    let mut a = app_with(config);
    a.update(Action::Command("match crash fool 1+0".into()));
    let (mut links, rx) = links();
    let over = pump(&mut a, &mut links, &rx, Duration::from_secs(20), |a| {
        a.duel.as_ref().is_some_and(|d| d.result.is_some())
    });
    assert!(over, "{:?}", a.dialogs.message);
    assert!(a.doc.game.is_empty());
    assert_eq!(a.doc.game.tags.get("Result"), Some("0-1"));
    assert_eq!(a.doc.game.tags.get("Termination"), Some("Rules infraction"));
    let note = &a.tree().root().comment;
    assert!(
        note.contains("crash failed") && note.contains("fool wins"),
        "{note}"
    );
}

/// `:match` in two players' mode is refused: their clocks, and a flag
/// still to fall, would be written into the engines' game.
#[test]
fn no_engine_game_in_two_players_mode() {
    let mut a = app_with(Config::default());
    a.play.mode = tapir::tui::app::Mode::TwoPlayers;
    a.update(Action::Command("match tapir tapir 1+0".into()));
    assert!(a.duel.is_none());
    let m = a.dialogs.message.as_ref().unwrap();
    assert!(m.error && m.text.contains("two players"), "{}", m.text);
}

/// An engine game going on when the board saves its session is named in
/// the autosave, so that a restart (which ends it) can say so; its moves
/// are the game's.
#[test]
fn an_engine_game_cut_by_a_restart_is_named_in_the_autosave() {
    let mut a = tapir_match_started();
    let text = common::autosaved(&mut a);
    assert!(text.contains("[TapirDuel \"tapir L1 - tapir\"]"), "{text}");
    let r = tapir::tui::autosave::decode(&text, a.now).unwrap();
    assert_eq!(r.duel_cut.as_deref(), Some("tapir L1 - tapir"));
    assert!(
        r.game.tags.get("TapirDuel").is_none(),
        "no tag of the user's"
    );
    // Over, it is not named.
    a.update(Action::Tick(a.now + Duration::from_secs(11)));
    let text = common::autosaved(&mut a);
    assert!(!text.contains("TapirDuel"), "{text}");
}

/// A new game or a loaded one ends the engine game on the board: the
/// question's title says so, and so does what follows a yes.
#[test]
fn replacing_the_game_says_the_engine_game_ends() {
    let mut a = tapir_match_started();
    duel_engine_plays(&mut a, Color::White, "e2e4");
    a.update(Action::NewGame);
    let screen = common::screen(&mut a, 100, 30).join("\n");
    assert!(
        screen.contains("Unsaved game · the engine game ends"),
        "{screen}"
    );
    common::confirm_replace(&mut a);
    assert!(a.duel.is_none());
    let said = &a.dialogs.message.as_ref().unwrap().text;
    assert!(
        said.contains("new game; the engine game tapir L1 - tapir ended"),
        "{said}"
    );
}

/// A stopped engine game keeps its panes while the board shows where it
/// stopped (its lines are about there); elsewhere the panes give way to
/// the analysis of the shown position, which they would contradict.
#[test]
fn a_stopped_engine_games_panes_show_only_at_its_last_position() {
    let mut a = tapir_match_started();
    duel_engine_plays(&mut a, Color::White, "e2e4");
    duel_engine_plays(&mut a, Color::Black, "e7e5");
    a.update(Action::Command("match off".into()));
    assert!(a.duel.as_ref().unwrap().result.is_some());
    let at_end = common::screen(&mut a, 120, 40).join("\n");
    assert!(at_end.contains("White tapir L1"), "{at_end}");
    a.update(Action::Prev);
    let before = common::screen(&mut a, 120, 40).join("\n");
    assert!(!before.contains("White tapir L1"), "{before}");
    a.update(Action::Last);
    let back = common::screen(&mut a, 120, 40).join("\n");
    assert!(back.contains("White tapir L1"), "{back}");
}

/// `:engine NAME` with a name that is neither kept nor a program on the
/// PATH (a kept name mistyped) says so and lists the kept ones, rather
/// than an operating-system error about a file; nothing is started.
#[test]
fn an_engine_name_mistyped_lists_the_kept_ones() {
    let config = Config {
        engines: vec![script_engine("fool", None)],
        ..Config::default()
    };
    let mut a = app_with(config);
    a.update(Action::Command("engine fooool-no-such-program".into()));
    let m = a.dialogs.message.as_ref().unwrap();
    assert!(m.error, "{}", m.text);
    assert!(
        m.text
            .contains("no engine named fooool-no-such-program (kept: tapir, fool)"),
        "{}",
        m.text
    );
    assert_eq!(a.engine.switches_sent, 0, "nothing started");
}
