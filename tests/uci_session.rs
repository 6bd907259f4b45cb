//! Drives the real `tapir` binary through pipes, as a chess GUI would:
//! handshake, options, positions, every kind of `go`, MultiPV, pondering,
//! stop and quit while searching, and bad input that must answer an error
//! and leave the state as it was.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tapir::chess::{parse_uci, Position};

/// Generous: the test machine may be busy.
const WAIT: Duration = Duration::from_secs(30);

/// The single `info string error: ...` line among `got` (the answer to
/// `sent`); fails unless there is exactly one.
fn the_one_error(got: &[String], sent: &str) -> String {
    let errs: Vec<&String> = got
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect();
    assert_eq!(errs.len(), 1, "'{sent}' gave {got:?}");
    errs[0].clone()
}

struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    log: Vec<String>,
}

impl Session {
    fn start_with(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tapir"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tapir");
        let stdout = child.stdout.take().unwrap();
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    fn start() -> Session {
        Session::start_with(&["uci"])
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Writes raw bytes (which need not be UTF-8 or end a line).
    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads until a line satisfies `done`; returns the lines read (the
    /// last one is the match). Panics after `WAIT`.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("timed out; read so far: {got:#?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("tapir exited; read so far: {got:#?}")
                }
            }
        }
    }

    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        self.until(|l| l == "readyok")
    }

    /// Sends a line that must be rejected; returns the error text.
    fn expect_error(&mut self, line: &str) -> String {
        self.send(line);
        let got = self.ready();
        the_one_error(&got, line)
    }

    /// Sends a `go` that must be refused: one error line, then the null
    /// move as its bestmove. Returns the error line.
    fn expect_refused_go(&mut self, go: &str) -> String {
        self.send(go);
        let got = self.until(|l| l.starts_with("bestmove"));
        assert_eq!(got.last().unwrap(), "bestmove 0000", "'{go}' gave {got:?}");
        the_one_error(&got, go)
    }

    /// Runs `go ...` and returns (info lines, best move, ponder move).
    fn go(&mut self, go: &str) -> (Vec<String>, String, Option<String>) {
        self.send(go);
        let got = self.until(|l| l.starts_with("bestmove"));
        let (best, ponder) = parse_bestmove(got.last().unwrap());
        (got, best, ponder)
    }

    fn fen(&mut self) -> String {
        self.send("d");
        let got = self.until(|l| l.starts_with("Fen: "));
        got.last().unwrap()["Fen: ".len()..].to_string()
    }

    /// Waits for the process to end; panics after `limit`.
    fn wait_exit(&mut self, limit: Duration) {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "tapir did not exit");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse_bestmove(line: &str) -> (String, Option<String>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(w[0], "bestmove", "{line}");
    let ponder = (w.len() >= 4 && w[2] == "ponder").then(|| w[3].to_string());
    (w[1].to_string(), ponder)
}

/// The value after `key` in an info line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let w: Vec<&str> = line.split_whitespace().collect();
    w.iter()
        .position(|&x| x == key)
        .and_then(|i| w.get(i + 1).copied())
}

fn assert_legal(pos: &Position, best: &str, ponder: Option<&str>) {
    let m = parse_uci(pos.board(), best).unwrap_or_else(|e| panic!("bestmove {best}: {e}"));
    if let Some(p) = ponder {
        let next = pos.board().make(m);
        parse_uci(&next, p).unwrap_or_else(|e| panic!("ponder {p}: {e}"));
    }
}

/// Checks every `info ... pv` line: legal moves in sequence and the fields.
fn assert_infos(pos: &Position, lines: &[String]) {
    for l in lines.iter().filter(|l| l.starts_with("info depth")) {
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "tbhits", "time",
        ] {
            assert!(field(l, key).is_some(), "no {key} in {l}");
        }
        let kind = field(l, "score").unwrap();
        assert!(kind == "cp" || kind == "mate", "{l}");
        let pv_at = l.find(" pv ").expect("pv");
        let mut b = *pos.board();
        for mv in l[pv_at + 4..].split_whitespace() {
            let m = parse_uci(&b, mv).unwrap_or_else(|e| panic!("{l}: {e}"));
            b = b.make(m);
        }
    }
}

#[test]
fn handshake_and_options() {
    let mut s = Session::start();
    s.send("uci");
    let got = s.until(|l| l == "uciok");
    assert!(got[0].starts_with("id name tapir"));
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Move Overhead",
        "Clear Hash",
        "Ponder",
        "UCI_LimitStrength",
        "UCI_Elo",
        "EvalType",
        "EvalFile",
    ] {
        assert!(
            got.iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "option {name} missing"
        );
    }
    for ok in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name MultiPV value 1",
        "setoption name Move Overhead value 50",
        "setoption name Clear Hash",
        "setoption name Ponder value true",
        "setoption name UCI_LimitStrength value false",
        "setoption name UCI_Elo value 2000",
        "setoption name EvalType value HCE",
        "ucinewgame",
        "debug off",
        "",
    ] {
        s.send(ok);
        let got = s.ready();
        assert!(
            !got.iter().any(|l| l.contains("error")),
            "'{ok}' gave {got:?}"
        );
    }
    s.send("quit");
    s.wait_exit(WAIT);
}

#[test]
fn bad_input_answers_an_error_and_keeps_the_state() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4");
    let fen = s.fen();
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    for bad in [
        "frobnicate",
        "position",
        "position fen",
        "position fen 8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 zz",
        "position sideways",
        "go depth banana",
        "setoption name Hash value 0",
        "setoption name Hash value 99999999",
        "setoption name Threads value 0",
        "setoption name MultiPV value 11",
        "setoption name UCI_Elo value 100",
        "setoption name Move Overhead value -5",
        "setoption name Ponder value maybe",
        "setoption name Colour value red",
        "setoption value 3",
    ] {
        s.expect_error(bad);
        assert_eq!(s.fen(), fen, "state changed after '{bad}'");
    }
    let e = s.expect_error("setoption name EvalType value NEURAL");
    assert!(e.contains("HCE or NNUE"), "{e}");
    // A `go` with a count of 0 or an illegal `searchmoves` entry still
    // searches, and says how it read them: 0000 would forfeit a game.
    s.send("position startpos");
    for (go, note) in [
        ("go depth 0", "info string go depth 0 read as depth 1"),
        ("go nodes 0", "info string go nodes 0 read as nodes 1"),
        (
            "go searchmoves a1a8 depth 2",
            "info string searchmoves: no legal move named; searching them all",
        ),
    ] {
        let (infos, best, _) = s.go(go);
        assert!(infos.iter().any(|l| l == note), "{go}: {infos:?}");
        assert_ne!(best, "0000", "{go}");
    }
    // Unknown words before a command are skipped, as UCI asks; a lone CR
    // ends a line as a newline does.
    s.send("joho isready");
    s.until(|l| l == "readyok");
    s.send("isready\risready");
    s.until(|l| l == "readyok");
    s.until(|l| l == "readyok");
    // A refused `go` still ends in a bestmove (the null move), so a GUI
    // never waits; after a refused `position` (the last one above), `go`
    // does not search the position before it.
    s.send("position startpos moves e2e4");
    let e = s.expect_refused_go("go depth banana");
    assert!(e.starts_with("info string error"), "{e}");
    s.expect_error("position startpos moves e2e4 zz");
    let e = s.expect_refused_go("go depth 2");
    assert!(e.contains("'position' was refused"), "{e}");
    // A valid position and the engine searches again.
    s.send("position startpos moves e2e4");
    let pos = {
        let mut p = Position::startpos();
        p.make(parse_uci(p.board(), "e2e4").unwrap());
        p
    };
    let (infos, best, ponder) = s.go("go depth 4");
    assert_legal(&pos, &best, ponder.as_deref());
    assert_infos(&pos, &infos);
    // Words `go` does not know are skipped, as UCI asks, and mentioned.
    let (infos, best, ponder) = s.go("go sideways depth 3 42");
    assert_legal(&pos, &best, ponder.as_deref());
    for w in ["sideways", "42"] {
        let note = format!("info string ignoring unknown go field '{w}'");
        assert!(infos.contains(&note), "{infos:?}");
    }
    // A `go` refused while a search runs ends that search first: its
    // bestmove, then the refused one's null move.
    s.send("go infinite");
    s.send("go depth banana");
    let got = s.until(|l| l == "bestmove 0000");
    let bests: Vec<&String> = got.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bests.len(), 2, "{got:?}");
    let (best, ponder) = parse_bestmove(bests[0]);
    assert_legal(&pos, &best, ponder.as_deref());
}

/// A line over the 1 MiB cap is refused as a command that did not read:
/// an over-long `position` stops the next `go` (the engine still holds
/// the position before it), and an over-long `go` still gets its
/// bestmove, so a GUI never waits.
#[test]
fn an_over_long_position_or_go_is_refused_as_one_that_did_not_read() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4");
    let long_moves = " g1f3 f6g8 f3g1 g8f6".repeat(60_000);
    let e = s.expect_error(&format!("position startpos moves e2e4 g8f6{long_moves}"));
    assert!(e.contains("longer than"), "{e}");
    let e = s.expect_refused_go("go depth 2");
    assert!(e.contains("'position' was refused"), "{e}");
    let e = s.expect_refused_go(&format!("go depth 2{}", " wtime 1000".repeat(100_000)));
    assert!(e.contains("longer than"), "{e}");
    // A valid position and the engine searches again.
    s.send("position startpos moves e2e4");
    let (_, best, _) = s.go("go depth 2");
    assert_ne!(best, "0000");
}

#[test]
fn finds_mates() {
    let mut s = Session::start();
    // Mate in one: the back rank.
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (infos, best, _) = s.go("go depth 5");
    assert_eq!(best, "d1d8");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last.contains("score mate 1"), "{last}");
    // Mate in two: rook sacrifice, then a double check.
    s.send("position fen 6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1");
    let (infos, best, _) = s.go("go depth 7");
    assert_eq!(best, "g2g1");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last.contains("score mate 2"), "{last}");
    // go mate: stops once the mate is proven.
    s.send("position fen k7/8/2K5/8/8/8/8/7R w - - 0 1");
    let (infos, best, _) = s.go("go mate 2");
    // Two moves mate in two: Kb6 (Kb8 Rh8#) and Kc7 (Ka7 Ra1#).
    assert!(["c6b6", "c6c7"].contains(&best.as_str()), "{best}");
    assert!(infos.iter().any(|l| l.contains("score mate 2")));
    // Being mated: a negative mate score.
    s.send("position fen k7/8/1K6/8/8/8/8/6R1 b - - 0 1");
    let (infos, best, _) = s.go("go depth 5");
    assert_eq!(best, "a8b8");
    assert!(infos.iter().any(|l| l.contains("score mate -1")));
    // No legal move at all.
    // No legal move at all: the score says why (stalemate, mated), the
    // null move follows.
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let (infos, best, _) = s.go("go depth 3");
    assert_eq!(best, "0000");
    assert!(
        infos
            .iter()
            .any(|l| l.contains("depth 0") && l.contains("score cp 0")),
        "{infos:?}"
    );
    s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let (infos, best, _) = s.go("go depth 3");
    assert_eq!(best, "0000");
    assert!(
        infos.iter().any(|l| l.contains("score mate 0")),
        "{infos:?}"
    );
}

#[test]
fn every_kind_of_go_gives_a_legal_move() {
    let mut s = Session::start();
    let moves = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6";
    s.send(&format!("position startpos moves {moves}"));
    let mut pos = Position::startpos();
    for m in moves.split_whitespace() {
        let mv = parse_uci(pos.board(), m).unwrap();
        pos.make(mv);
    }
    for go in [
        "go depth 6",
        "go nodes 20000",
        "go movetime 200",
        "go wtime 2000 btime 2000 winc 20 binc 20",
        "go wtime 500 btime 500 movestogo 1",
        "go btime 100 wtime 100",
        "go wtime 30000 btime 30000 movestogo 40",
    ] {
        let start = Instant::now();
        let (infos, best, ponder) = s.go(go);
        assert_legal(&pos, &best, ponder.as_deref());
        assert_infos(&pos, &infos);
        if go.contains("movetime") || go.contains("time 100") {
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "{go} took too long"
            );
        }
    }
    // searchmoves restricts the root.
    let (_, best, _) = s.go("go depth 5 searchmoves h2h3 a2a4");
    assert!(best == "h2h3" || best == "a2a4", "{best}");
    // Two threads and a small hash.
    s.send("setoption name Threads value 2");
    s.send("setoption name Hash value 4");
    let (infos, best, ponder) = s.go("go depth 8");
    assert_legal(&pos, &best, ponder.as_deref());
    assert_infos(&pos, &infos);
    // Limited strength still plays legal moves.
    s.send("setoption name Threads value 1");
    s.send("setoption name UCI_LimitStrength value true");
    s.send("setoption name UCI_Elo value 1200");
    for _ in 0..3 {
        let (_, best, ponder) = s.go("go movetime 200");
        assert_legal(&pos, &best, ponder.as_deref());
    }
}

#[test]
fn huge_go_limits_mean_a_long_search_not_a_wrapped_one() {
    let mut s = Session::start();
    s.send("position startpos");
    for go in [
        "go depth 4294967295",
        "go depth 2147483648",
        "go mate 1073741824",
        "go wtime 9223372036854775807 btime 9223372036854775807",
    ] {
        s.send(go);
        std::thread::sleep(Duration::from_millis(400));
        s.send("stop");
        let got = s.until(|l| l.starts_with("bestmove"));
        let deepest = got
            .iter()
            .filter_map(|l| field(l, "depth")?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        assert!(deepest >= 3, "{go}: stopped at depth {deepest}: {got:?}");
        let (best, _) = parse_bestmove(got.last().unwrap());
        assert_legal(&Position::startpos(), &best, None);
    }
}

#[test]
fn multipv_gives_distinct_ordered_lines() {
    let mut s = Session::start();
    s.send("setoption name MultiPV value 3");
    s.send("position startpos");
    let (infos, best, _) = s.go("go depth 6");
    let last: Vec<&String> = infos
        .iter()
        .filter(|l| l.starts_with("info depth 6 "))
        .collect();
    assert_eq!(last.len(), 3, "{infos:#?}");
    let mut firsts = Vec::new();
    let mut prev = i32::MAX;
    for (k, l) in last.iter().enumerate() {
        assert_eq!(field(l, "multipv"), Some(&*(k + 1).to_string()));
        let first = field(l, "pv").unwrap().to_string();
        assert!(!firsts.contains(&first), "{last:?}");
        firsts.push(first);
        let cp: i32 = field(l, "cp").unwrap().parse().unwrap();
        assert!(cp <= prev, "{last:?}");
        prev = cp;
    }
    assert_eq!(best, firsts[0]);
    assert_infos(&Position::startpos(), &infos);
}

#[test]
fn stop_ponder_and_quit_while_searching() {
    let mut s = Session::start();
    s.send("position startpos moves d2d4 d7d5");
    // Infinite: nothing until stop, then a prompt bestmove.
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    s.send("stop");
    let got = s.until(|l| l.starts_with("bestmove"));
    // An ignored stop never answers (the search is infinite); the bound is
    // loose so that a machine busy with other work still passes.
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "stop took {:?}",
        t.elapsed()
    );
    let pos = {
        let mut p = Position::startpos();
        for m in ["d2d4", "d7d5"] {
            p.make(parse_uci(p.board(), m).unwrap());
        }
        p
    };
    let (best, ponder) = parse_bestmove(got.last().unwrap());
    assert_legal(&pos, &best, ponder.as_deref());

    // Ponder: no bestmove before ponderhit, then one within the clock.
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    s.send("isready");
    let got = s.until(|l| l == "readyok");
    assert!(
        !got.iter().any(|l| l.starts_with("bestmove")),
        "answered while pondering"
    );
    s.send("ponderhit");
    let got = s.until(|l| l.starts_with("bestmove"));
    let (best, _) = parse_bestmove(got.last().unwrap());
    assert_legal(&pos, &best, None);

    // Ponder then stop (the opponent played something else).
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(100));
    s.send("stop");
    s.until(|l| l.starts_with("bestmove"));

    // Quit during a search exits promptly.
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("quit");
    s.wait_exit(Duration::from_secs(5));
}

#[test]
fn input_that_is_not_utf8_answers_an_error_and_the_session_goes_on() {
    let mut s = Session::start();
    s.send("position startpos moves e2e4");
    let fen = s.fen();
    s.send_bytes(b"go depth \xff\xfe\n");
    let got = s.ready();
    the_one_error(&got, "go depth <bytes ff fe>");
    assert_eq!(s.fen(), fen);
    // A CRLF line ending is still one plain command.
    s.send_bytes(b"isready\r\n");
    s.until(|l| l == "readyok");
    let (_, best, _) = s.go("go depth 3");
    let mut pos = Position::startpos();
    pos.make(parse_uci(pos.board(), "e2e4").unwrap());
    assert_legal(&pos, &best, None);
    // The real end of input still ends the session.
    s.stdin = None;
    s.wait_exit(WAIT);
}

#[test]
fn a_stopped_search_answers_its_bestmove_before_the_next_reply() {
    let mut s = Session::start();
    for ender in [
        "stop",
        "position startpos moves e2e4",
        "ucinewgame",
        "setoption name Hash value 8",
        "go depth 1",
    ] {
        s.send("position startpos");
        s.send("go infinite");
        std::thread::sleep(Duration::from_millis(150));
        // Both lines in one write: the reply to isready must still wait.
        s.send_bytes(format!("{ender}\nisready\n").as_bytes());
        let got = s.until(|l| l == "readyok");
        let bestmoves: Vec<usize> = (0..got.len())
            .filter(|&i| got[i].starts_with("bestmove"))
            .collect();
        assert!(
            !bestmoves.is_empty(),
            "{ender}: no bestmove before readyok: {got:?}"
        );
        let (best, _) = parse_bestmove(&got[bestmoves[0]]);
        assert_legal(&Position::startpos(), &best, None);
        if ender.starts_with("go") {
            // The new search's own bestmove may come before or after readyok.
            let left = if bestmoves.len() == 2 {
                Vec::new()
            } else {
                s.until(|l| l.starts_with("bestmove"))
            };
            assert!(bestmoves.len() == 2 || !left.is_empty(), "{got:?}");
        }
    }
    // A search that already finished is unaffected: one bestmove, no wait.
    s.send("position startpos");
    let (_, best, _) = s.go("go depth 2");
    assert_legal(&Position::startpos(), &best, None);
    s.send_bytes(b"stop\nisready\n");
    let got = s.until(|l| l == "readyok");
    assert!(!got.iter().any(|l| l.starts_with("bestmove")), "{got:?}");
}

#[test]
fn end_of_input_during_a_search_exits() {
    let mut s = Session::start();
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.stdin = None; // closes the pipe
    s.wait_exit(Duration::from_secs(5));
}

#[test]
fn plain_binary_with_piped_input_speaks_uci() {
    let mut s = Session::start_with(&[]);
    s.send("uci");
    s.until(|l| l == "uciok");
    s.send("position startpos");
    let (_, best, _) = s.go("go depth 3");
    assert_legal(&Position::startpos(), &best, None);
    s.send("quit");
    s.wait_exit(WAIT);
}

#[test]
fn repetition_in_the_game_history_is_a_draw() {
    let mut s = Session::start();
    // A queen down; Kg1 repeats the position after the first move.
    s.send("position fen 7k/8/8/8/8/8/q7/7K w - - 0 1 moves h1g1 a2a3 g1h1 a3a2");
    let (infos, best, _) = s.go("go depth 6");
    assert_eq!(best, "h1g1");
    let last = infos
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    assert!(last.contains("score cp 0 "), "{last}");
}

/// A named pipe made with `mkfifo` in a fresh temporary folder.
fn fifo(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tapir-uci-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pipe.nnue");
    let ok = Command::new("mkfifo").arg(&path).status().unwrap();
    assert!(ok.success(), "mkfifo");
    path
}

#[test]
fn a_named_pipe_as_evalfile_is_refused_at_once() {
    let pipe = fifo("evalfile");
    let mut s = Session::start();
    let e = s.expect_error(&format!("setoption name EvalFile value {}", pipe.display()));
    assert!(e.contains("named pipe, not a regular file"), "{e}");
    let (_, best, _) = s.go("go depth 3");
    assert_ne!(best, "0000", "the engine still searches with its net");
    s.send("quit");
    s.wait_exit(WAIT);
    let _ = std::fs::remove_dir_all(pipe.parent().unwrap());
}

#[test]
fn a_named_pipe_given_to_the_command_line_is_one_error() {
    let pipe = fifo("cli");
    for args in [
        vec!["eval", "--net"],
        vec!["bench", "1", "--net"],
        vec!["perft", "--suite"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
            .args(&args)
            .arg(&pipe)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("named pipe, not a regular file"),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(pipe.parent().unwrap());
}

#[test]
fn more_threads_than_cpus_are_said_and_searched_with() {
    let mut s = Session::start();
    s.send("setoption name Threads value 256");
    let got = s.ready();
    assert!(
        got.iter()
            .any(|l| l.starts_with("info string Threads 256: searching with")),
        "{got:?}"
    );
    s.send("position startpos");
    let (_, best, _) = s.go("go movetime 100");
    assert_ne!(best, "0000");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let asked = Instant::now();
    s.send("stop");
    s.until(|l| l.starts_with("bestmove"));
    // Generous for a loaded machine; it takes about a millisecond.
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

/// The nodes of the last `info depth` line of a search.
fn final_nodes(infos: &[String]) -> u64 {
    let last = infos
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    field(last, "nodes").unwrap().parse().unwrap()
}

#[test]
fn tune_mode_lists_and_takes_the_search_tunables_and_a_normal_session_does_not() {
    let go = "go depth 9";
    let mut plain = Session::start();
    plain.send("uci");
    let handshake = plain.until(|l| l == "uciok");
    assert!(!handshake.iter().any(|l| l.contains("rfp_margin")));
    let err = plain.expect_error("setoption name rfp_margin value 40");
    assert!(err.contains("no such option 'rfp_margin'"), "{err}");
    plain.send("position startpos");
    let default_nodes = final_nodes(&plain.go(go).0);

    let mut tune = Session::start_with(&["uci", "--tune"]);
    tune.send("uci");
    let handshake = tune.until(|l| l == "uciok");
    assert!(
        handshake.contains(&"option name rfp_margin type spin default 75 min 30 max 150".into()),
        "{handshake:?}"
    );
    let err = tune.expect_error("setoption name rfp_margin value 4000");
    assert!(err.contains("rfp_margin takes 30..=150, not 4000"), "{err}");
    let err = tune.expect_error("setoption name rfp_margin value wide");
    assert!(err.contains("not a valid number"), "{err}");
    // Untouched, the tunables search as the plain engine does.
    tune.send("position startpos");
    assert_eq!(final_nodes(&tune.go(go).0), default_nodes);
    tune.send("setoption name LMP_BASE value 0");
    tune.send("setoption name fut_base value 30");
    tune.send("ucinewgame");
    tune.send("position startpos");
    let (infos, best, _) = tune.go(go);
    assert_ne!(final_nodes(&infos), default_nodes, "the values took effect");
    assert_legal(&Position::startpos(), &best, None);
}

#[test]
fn spsa_input_prints_each_tunable_in_openbench_format() {
    let out = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args(["uci", "--spsa-input"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), tapir::search::params::TUNABLES.len());
    assert!(
        lines.contains(&"rfp_margin, int, 75, 30, 150, 8, 0.002"),
        "{text}"
    );
}
