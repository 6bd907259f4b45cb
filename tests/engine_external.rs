//! The UCI client against real processes: tapir itself as `tapir uci`,
//! and small shell scripts that misbehave (crash mid-search, never say
//! readyok or uciok, print garbage, play an illegal move, ignore stop).
//! Each ends in a clear error and, for a search, a bestmove without a
//! move: the caller never waits for ever.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::sync::mpsc::Receiver;
use std::time::Duration;
use tapir::chess::{legal_moves, parse_uci, Position};
use tapir::engine::external::{ExternalEngine, ExternalError};
use tapir::engine::{EngineOption, EngineSpec, Limits, SearchEvent};

const WAIT: Duration = Duration::from_secs(30);

fn tapir_spec() -> EngineSpec {
    EngineSpec {
        command: env!("CARGO_BIN_EXE_tapir").into(),
        args: vec!["uci".into()],
        ..EngineSpec::default()
    }
}

/// A shell script engine that answers the handshake as told, then runs
/// `on_go` for each `go`.
fn script(handshake: &str, on_go: &str) -> EngineSpec {
    let body = format!(
        "while IFS= read -r l; do case \"$l\" in uci) {handshake};; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"
    );
    EngineSpec {
        command: "sh".into(),
        args: vec!["-c".into(), body],
        patience: Some(Duration::from_millis(1500)),
        ..EngineSpec::default()
    }
}

/// Events until the bestmove of search `id`: (errors, infos, best).
fn until_best(rx: &Receiver<SearchEvent>, id: u64) -> (Vec<String>, usize, Option<String>) {
    let (mut errors, mut infos) = (Vec::new(), 0);
    loop {
        match rx.recv_timeout(WAIT).expect("an event in time") {
            SearchEvent::Error(e) | SearchEvent::Exited(e) => errors.push(e),
            SearchEvent::Info { .. } => infos += 1,
            SearchEvent::BestMove { id: b, best, .. } if b == id => {
                return (errors, infos, best.map(|m| m.to_string()))
            }
            SearchEvent::BestMove { .. } => {}
        }
    }
}

#[test]
fn tapir_as_an_external_engine_analyses_and_plays_legal_moves() {
    let (mut e, rx) = ExternalEngine::start(&tapir_spec()).expect("start tapir uci");
    assert!(e.name().starts_with("tapir"), "{}", e.name());
    assert!(e.has_option("MultiPV") && e.has_option("hash"));
    e.set_option(EngineOption::MultiPv(2)).unwrap();
    let mut pos = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3"] {
        let mv = parse_uci(pos.board(), m).unwrap();
        pos.make(mv);
    }
    e.set_position(pos.clone());
    let id = e.go(Limits::depth(6));
    let (errors, infos, best) = until_best(&rx, id);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(infos >= 6, "an info per depth and line: {infos}");
    let best = best.expect("a move");
    assert!(parse_uci(pos.board(), &best).is_ok(), "{best}");
    // An infinite search stops when asked, with its move.
    let id = e.go(Limits::infinite());
    std::thread::sleep(Duration::from_millis(100));
    e.stop();
    let (_, _, best) = until_best(&rx, id);
    assert!(best.is_some());
    assert!(!e.is_searching());
    assert_eq!(e.garbage_lines(), 0);
}

#[test]
fn an_engine_that_crashes_mid_search_is_an_error_and_no_move() {
    let spec = script(
        "echo uciok",
        "echo 'info depth 1 score cp 20 pv e2e4'; exit 3",
    );
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let id = e.go(Limits::depth(3));
    let (errors, _, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert!(errors.iter().any(|e| e.contains("exited")), "{errors:?}");
    // The next search is answered at once: the engine is gone.
    let id = e.go(Limits::depth(3));
    let (errors, _, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert!(
        errors.iter().any(|e| e.contains("not running")),
        "{errors:?}"
    );
}

#[test]
fn an_engine_that_never_says_uciok_is_refused_in_time() {
    let spec = script("echo 'hello, I speak xboard'", "true");
    let started = std::time::Instant::now();
    let err = ExternalEngine::start(&spec).err().expect("refused");
    assert!(
        matches!(err, ExternalError::Silent { command: "uci", .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("did not answer 'uci'"), "{err}");
    assert!(started.elapsed() < WAIT);
    let missing = EngineSpec {
        command: "/nonexistent/engine".into(),
        ..EngineSpec::default()
    };
    let err = ExternalEngine::start(&missing).err().expect("refused");
    assert!(matches!(err, ExternalError::Spawn { .. }), "{err:?}");
    assert!(
        err.to_string().contains("cannot start /nonexistent/engine"),
        "{err}"
    );
    // A directory, and a file without the permission to run, say which.
    let dir = std::env::temp_dir().join(format!("tapir-engine-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plain = dir.join("engine.txt");
    std::fs::write(&plain, "not a program").unwrap();
    for (command, why) in [
        (&dir, "a directory, not a program"),
        (&plain, "is it executable?"),
    ] {
        let spec = EngineSpec {
            command: command.display().to_string(),
            ..EngineSpec::default()
        };
        let err = ExternalEngine::start(&spec).err().expect("refused");
        assert!(err.to_string().contains(why), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_that_never_says_readyok_is_refused_in_time() {
    let body =
        "while IFS= read -r l; do case \"$l\" in uci) echo uciok;; quit) exit 0;; esac; done";
    let spec = EngineSpec {
        command: "sh".into(),
        args: vec!["-c".into(), body.into()],
        patience: Some(Duration::from_millis(500)),
        ..EngineSpec::default()
    };
    let err = ExternalEngine::start(&spec).err().expect("refused");
    assert!(
        matches!(
            err,
            ExternalError::Silent {
                command: "isready",
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn garbage_is_counted_and_an_illegal_move_is_an_error() {
    let spec = script(
        "echo 'id name Liar'; echo 'garbage ☃ line'; echo 'option name Hash type spin default 1 min 1 max 9'; echo uciok",
        "echo 'info depth 1 score cp 10 pv e2e4 e7e5 e1e3'; echo 'info depth 2 score cp 10 pv e2e5'; echo 'what is this'; echo 'and this'; echo 'info nonsense'; echo 'bestmove e2e5'",
    );
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    assert_eq!(e.name(), "Liar");
    let id = e.go(Limits::depth(1));
    let (errors, infos, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert_eq!(
        infos, 1,
        "a line is kept up to its illegal move; one that starts with it is left out"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains("Liar answered the illegal move e2e5")),
        "{errors:?}"
    );
    // The first illegal line and the first line that is no UCI during a
    // search are said, once each; the banner before `uciok` is not.
    let said = |what: &str| errors.iter().filter(|e| e.contains(what)).count();
    assert_eq!(
        said("line has an illegal move (e1e3, move 3)"),
        1,
        "{errors:?}"
    );
    assert_eq!(said("not UCI ('what is this')"), 1, "{errors:?}");
    assert_eq!(said("not UCI"), 1, "{errors:?}");
    assert!(e.garbage_lines() >= 3);
    // Options it lacks are passed over for tapir's typed ones, refused by name.
    assert!(e.set_option(EngineOption::MultiPv(3)).is_ok());
    assert!(e.set_uci_option("Skill Level", "3").is_err());
    assert!(e.set_uci_option("hash", "4").is_ok());
}

/// The Hash and Threads an engine's own entry in `config.toml` sets are
/// the user's choice for it: the board's sizes (made for tapir) do not
/// override them; other engines take the board's.
#[test]
fn an_engine_s_own_sizes_win_over_the_board_s() {
    let log = std::env::temp_dir().join(format!("tapir-own-sizes-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let body = format!(
        "while IFS= read -r l; do echo \"$l\" >> '{}'; case \"$l\" in uci) echo 'option name Hash type spin default 1 min 1 max 999'; echo 'option name Threads type spin default 1 min 1 max 8'; echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done",
        log.display()
    );
    let mut spec = EngineSpec {
        command: "sh".into(),
        args: vec!["-c".into(), body],
        patience: Some(Duration::from_millis(1500)),
        ..EngineSpec::default()
    };
    // A settings value the type cannot take is refused by name and not
    // sent (Stockfish exits on `Threads abc`); a number beyond the range
    // is kept inside it.
    spec.options = vec![
        ("Threads".into(), "abc".into()),
        ("Threads".into(), "99".into()),
        ("threads".into(), "2".into()),
    ];
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let said: Vec<String> = rx
        .try_iter()
        .filter_map(|ev| match ev {
            tapir::engine::SearchEvent::Error(e) => Some(e),
            _ => None,
        })
        .collect();
    assert!(
        said.iter()
            .any(|e| e.contains("option Threads takes a number 1 to 8, not 'abc'")),
        "{said:?}"
    );
    e.set_option(EngineOption::Threads(1)).unwrap();
    e.set_option(EngineOption::Hash(64)).unwrap();
    // Beyond the engine's range, the nearest value it takes.
    e.set_option(EngineOption::Hash(4096)).unwrap();
    // `isready` answered: every line before it was read and logged.
    e.new_game();
    drop(e);
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_file(&log);
    assert!(sent.contains("setoption name Threads value 2"), "{sent}");
    assert!(sent.contains("setoption name Threads value 8"), "{sent}");
    assert!(!sent.contains("abc"), "{sent}");
    assert!(!sent.contains("Threads value 1"), "{sent}");
    assert!(sent.contains("setoption name Hash value 64"), "{sent}");
    assert!(sent.contains("setoption name Hash value 999"), "{sent}");
    assert!(!sent.contains("4096"), "{sent}");
}

/// An engine that, as Ethereal 12, loses a `stop` read before its search
/// has begun: its first line comes `first_line_ms` after `go`, and a
/// `stop` read earlier than `stop_ms` is not answered, so the search
/// would go on for ever. It says `info string` at once (Ethereal answers
/// the options set before `go` so), which is no sign of a search. Stopped
/// by the board at once, it must still give its move, and no error.
fn stop_comes_through(first_line_ms: u32, stop_ms: u32) {
    let ms = "$(( $(date +%s%N) / 1000000 ))";
    let first = f64::from(first_line_ms) / 1000.0;
    let body = format!(
        "while IFS= read -r l; do case \"$l\" in \
         uci) echo uciok;; isready) echo readyok;; \
         go*) t0={ms}; echo 'info string set Hash to 16MB'; \
              (sleep {first}; echo 'info depth 1 score cp 5 pv e2e4') & ;; \
         stop) if [ $(({ms} - t0)) -ge {stop_ms} ]; then echo 'bestmove e2e4'; fi;; \
         quit) exit 0;; esac; done"
    );
    let spec = EngineSpec {
        command: "sh".into(),
        args: vec!["-c".into(), body],
        patience: Some(Duration::from_millis(1500)),
        ..EngineSpec::default()
    };
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let id = e.go(Limits::infinite());
    e.stop();
    let (errors, infos, best) = until_best(&rx, id);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!((infos, best.as_deref()), (1, Some("e2e4")));
}

/// The first line 200 ms after `go`: the board's `stop` waits for it.
#[test]
fn a_stop_waits_for_the_search_to_begin() {
    stop_comes_through(200, 150);
}

/// The same engine on a busy machine: its first line comes after the
/// board stopped waiting for it (800 ms), so the first `stop` is lost.
/// The line shows the search has begun only now, and the board says
/// `stop` again: the move comes, and the engine is not ended.
#[test]
fn a_stop_lost_before_a_late_search_began_is_sent_again() {
    stop_comes_through(800, 750);
}

/// A search stopped before it has a move may answer a placeholder
/// (Ethereal 12 says `bestmove a1a1`): no move, and no error, since the
/// board asked it to stop. The same answer unasked is an error.
#[test]
fn a_placeholder_answer_to_stop_is_no_news() {
    let body = "while IFS= read -r l; do case \"$l\" in \
                uci) echo uciok;; isready) echo readyok;; \
                go*) echo 'info depth 1 score cp 0 pv e2e4';; \
                stop) echo 'bestmove a1a1';; quit) exit 0;; esac; done";
    let spec = EngineSpec {
        command: "sh".into(),
        args: vec!["-c".into(), body.into()],
        patience: Some(Duration::from_millis(1500)),
        ..EngineSpec::default()
    };
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let id = e.go(Limits::infinite());
    e.stop();
    let (errors, _, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert!(errors.is_empty(), "{errors:?}");
    let spec = script("echo uciok", "echo 'bestmove a1a1'");
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let id = e.go(Limits::infinite());
    let (errors, _, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert!(errors.iter().any(|e| e.contains("a1a1")), "{errors:?}");
}

#[test]
fn an_engine_that_ignores_stop_is_ended() {
    let spec = script("echo uciok", "echo 'info depth 1 score cp 0 pv e2e4'");
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let id = e.go(Limits::infinite());
    e.stop();
    let (errors, _, best) = until_best(&rx, id);
    assert_eq!(best, None);
    assert!(
        errors.iter().any(|e| e.contains("did not answer 'stop'")),
        "{errors:?}"
    );
}

#[test]
fn no_move_is_right_only_without_legal_moves() {
    let spec = script("echo uciok", "echo 'bestmove (none)'");
    let (mut e, rx) = ExternalEngine::start(&spec).expect("handshake");
    let mate = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(legal_moves(mate.board()).is_empty());
    e.set_position(mate);
    let id = e.go(Limits::depth(1));
    let (errors, _, best) = until_best(&rx, id);
    assert!(errors.is_empty() && best.is_none(), "{errors:?}");
    e.set_position(Position::startpos());
    let id = e.go(Limits::depth(1));
    let (errors, _, _) = until_best(&rx, id);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("where there are legal moves")),
        "{errors:?}"
    );
}
