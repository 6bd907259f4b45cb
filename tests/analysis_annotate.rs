//! The game report end to end: `tapir annotate` on real games (repeatable,
//! independent of the thread count, every original comment, NAG and
//! variation kept, slices that add up to the whole, one clear error on bad
//! input) and the explanations' numbers checked against the traces of the
//! positions they name.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use tapir::analysis::explain::term_differences;
use tapir::analysis::score::signed_pawns;
use tapir::analysis::{analyse_positions, build, mainline_positions, Budget};
use tapir::eval::trace;
use tapir::game::pgn::{read_first, read_games};
use tapir::game::{Game, GameTree, NodeId};

mod common;
use common::tapir;

fn data(name: &str) -> String {
    format!("{}/tests/data/pgn/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapir-annotate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn annotate_to(input: &str, out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["annotate", input, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = tapir(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).unwrap()
}

/// The node of `new` reached by the moves that reach `id` in `old`.
fn same_node(old: &GameTree, new: &GameTree, id: NodeId) -> NodeId {
    let mut cur = NodeId::ROOT;
    for m in old.moves_to(id) {
        cur = new
            .child_with_move(cur, m)
            .unwrap_or_else(|| panic!("move {m} of the original is missing"));
    }
    cur
}

fn assert_kept(old: &Game, new: &Game) {
    let (ot, nt) = (old.tree(), new.tree());
    for id in ot.preorder() {
        let (o, n) = (ot.node(id), nt.node(same_node(ot, nt, id)));
        let words = |c: &str| c.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words(&n.comment).contains(&words(&o.comment)),
            "comment {:?} lost: {:?}",
            o.comment,
            n.comment
        );
        assert_eq!(o.comment_before, n.comment_before);
        for nag in o.nags.iter() {
            assert!(n.nags.contains(nag), "NAG {nag:?} lost on {}", o.san());
        }
        if o.nags.iter().any(|g| g.is_move_quality()) {
            let q = n.nags.iter().filter(|g| g.is_move_quality()).count();
            assert_eq!(
                q,
                1,
                "the player's verdict stays the only one on {}",
                o.san()
            );
        }
        assert!(nt.children(same_node(ot, nt, id)).len() >= ot.children(id).len());
    }
    for (k, v) in old.tags.export_order() {
        assert_eq!(new.tags.get(&k), Some(v.as_str()), "tag {k}");
    }
}

#[test]
fn annotate_is_repeatable_and_keeps_everything() {
    let input = data("variations-nags-and-comments.pgn");
    let a = annotate_to(
        &input,
        &temp("a.pgn"),
        &["--nodes", "3000", "--threads", "2"],
    );
    let b = annotate_to(
        &input,
        &temp("b.pgn"),
        &["--nodes", "3000", "--threads", "1"],
    );
    assert_eq!(a, b, "same nodes, same output, whatever the threads");
    let old = read_first(&std::fs::read_to_string(&input).unwrap())
        .unwrap()
        .game;
    let new = read_first(&a).unwrap();
    assert!(new.problems.is_empty(), "{:?}", new.problems);
    assert_kept(&old, &new.game);
    for tag in ["WhiteAccuracy", "BlackAccuracy", "WhiteACPL", "BlackACPL"] {
        assert!(new.game.tags.get(tag).is_some(), "{tag} in {a}");
    }
    // Every main-line move has its eval.
    let evals = new
        .game
        .tree()
        .mainline()
        .filter(|&id| new.game.tree().node(id).comment.contains("[%eval "))
        .count();
    assert_eq!(evals, new.game.tree().mainline_len());
    // Annotating the annotated file again keeps the first file's words.
    let again = annotate_to(
        temp("a.pgn").to_str().unwrap(),
        &temp("c.pgn"),
        &["--nodes", "3000"],
    );
    let again = read_first(&again).unwrap().game;
    assert_kept(&old, &again);
}

#[test]
fn slices_add_up_to_the_whole() {
    let input = data("kasparov-deep-blue-1997.pgn");
    let n = read_games(&std::fs::read_to_string(&input).unwrap()).len();
    assert!(n >= 3, "{n} games");
    let nodes = ["--nodes", "500"];
    let whole = annotate_to(&input, &temp("whole.pgn"), &nodes);
    let first = annotate_to(
        &input,
        &temp("s1.pgn"),
        &[&nodes[..], &["--games", "1-2"]].concat(),
    );
    let rest = annotate_to(
        &input,
        &temp("s2.pgn"),
        &[&nodes[..], &["--games", "3-"]].concat(),
    );
    assert_eq!(format!("{first}{rest}"), whole);
    assert_eq!(read_games(&whole).len(), n);
}

/// A game without tags whose moves are partly bad (a NAG that is not
/// one) is a game with a problem, not "no PGN game": it is written
/// unchanged with a warning, and as the file's only game, the run says
/// that nothing was annotated and fails.
#[test]
fn a_tagless_game_with_a_bad_token_is_a_game_with_a_problem() {
    let f = temp("tagless-nag.pgn");
    std::fs::write(&f, "1. e4 $abc e5 *\n").unwrap();
    let o = tapir(&["annotate", f.to_str().unwrap(), "--nodes", "100"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(err.contains("game 1: line 1:"), "{err}");
    assert!(err.contains("no game annotated"), "{err}");
    assert!(!err.contains("no PGN game"), "{err}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("1. e4 $abc e5 *"));
}

/// With `--syzygy`, a position the tables hold gets their verdict: 1.Kd5
/// throws away a won king and pawn ending (1.Kd6 and 1.Kf6 win), and every
/// later position is the draw the tables say, not the search's plus.
#[test]
fn the_tablebases_judge_an_ending_they_hold() {
    let f = temp("kpk.pgn");
    std::fs::write(
        &f,
        "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1\"]\n\n1. Kd5 Kd7 2. Kc5 Ke6 *\n",
    )
    .unwrap();
    let tables = format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"));
    let out = annotate_to(
        f.to_str().unwrap(),
        &temp("kpk-out.pgn"),
        &["--nodes", "2000", "--threads", "1", "--syzygy", &tables],
    );
    assert!(out.contains("1. Kd5 $4"), "{out}");
    assert!(out.contains("Blunder (+TB \u{2192} +0.00)"), "{out}");
    let evals = out.matches("[%eval 0.00]").count();
    assert_eq!(evals, 4, "every position after 1.Kd5 is a draw: {out}");
    let best = out.contains("Best was 1.Kd6") || out.contains("Best was 1.Kf6");
    assert!(best, "{out}");
}

/// Ctrl-C stops a run between positions: the games done are written, the
/// others as they were (annotating a file over itself loses none), and the
/// run says so and fails.
#[test]
fn an_interrupted_run_writes_every_game_and_says_how_far_it_got() {
    let input = temp("interrupted.pgn");
    let mut all = String::new();
    for name in [
        "kasparov-deep-blue-1997.pgn",
        "nepomniachtchi-liren-game1.pgn",
    ] {
        all.push_str(&std::fs::read_to_string(data(name)).unwrap());
        all.push('\n');
    }
    std::fs::write(&input, &all).unwrap();
    let games = read_games(&all).len();
    let child = Command::new(env!("CARGO_BIN_EXE_tapir"))
        .args([
            "annotate",
            input.to_str().unwrap(),
            "--out",
            input.to_str().unwrap(),
        ])
        .args(["--nodes", "1000000", "--threads", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{err}");
    assert!(
        err.contains("interrupted: ") && err.contains("written unchanged"),
        "{err}"
    );
    let after = std::fs::read_to_string(&input).unwrap();
    assert_eq!(read_games(&after).len(), games, "every game is still there");
}

#[test]
fn bad_input_is_one_clear_error() {
    let missing = temp("no-such-file.pgn");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![missing.to_string_lossy().into()], "cannot read"),
        (
            vec![data("quirks.pgn"), "--games".into(), "0-3".into()],
            "--games 0-3",
        ),
        (
            vec![data("quirks.pgn"), "--games".into(), "40-50".into()],
            "the file has",
        ),
        (
            vec![data("quirks.pgn"), "--games".into(), "x".into()],
            "--games x",
        ),
        (
            vec![format!("{}/Cargo.toml", env!("CARGO_MANIFEST_DIR"))],
            "no PGN game",
        ),
        (
            vec![data("quirks.pgn"), "--nodes".into(), "0".into()],
            "--nodes",
        ),
        (
            vec![
                data("quirks.pgn"),
                "--syzygy".into(),
                missing.to_string_lossy().into(),
            ],
            "--syzygy",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["annotate".to_string()];
        all.extend(args);
        if !all.iter().any(|a| a == "--nodes") {
            all.extend(["--nodes".to_string(), "100".to_string()]);
        }
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = tapir(&refs);
        assert!(!o.status.success(), "{all:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{all:?}: {err}"
        );
        assert!(o.stdout.is_empty());
    }
    #[cfg(unix)]
    {
        let fifo = temp("fifo.pgn");
        let _ = std::fs::remove_file(&fifo);
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let o = tapir(&["annotate", fifo.to_str().unwrap()]);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(
                !o.status.success() && err.contains("not a regular file"),
                "{err}"
            );
        }
    }
}

/// Written over its own input, `annotate` keeps every game: a slice of the
/// file is refused (the other games would go, the file is untouched), and
/// a game read only in part is written unchanged, never cut short.
#[test]
fn annotating_a_file_over_itself_loses_no_game() {
    let file = temp("over-itself.pgn");
    let two = "% exported by hand\n[Event \"A\"]\n\n1. e4 e5 2. Nf3 *\n\n% round 2\n[Event \"B\"]\n\n1. d4 d5 2. Ke3 Nf6 3. c4 *\n% the end\n";
    std::fs::write(&file, two).unwrap();
    let path = file.to_str().unwrap();
    let o = tapir(&[
        "annotate", path, "--out", path, "--games", "1", "--nodes", "100",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--out is the input file"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), two, "untouched");
    // The whole file over itself: game 2 (an illegal 2. Ke3) stays whole.
    let after = annotate_to(path, &file, &["--nodes", "100"]);
    let games = read_games(&after);
    assert_eq!(games.len(), 2, "{after}");
    assert!(after.contains("2. Ke3 Nf6 3. c4"), "{after}");
    // The escape lines between the games stay where they stood.
    let first = after.find("% exported by hand\n").expect("kept");
    let second = after.find("% round 2\n").expect("kept");
    let last = after.find("% the end\n").expect("kept");
    let (a, b) = (
        after.find("[Event \"A\"]").unwrap(),
        after.find("[Event \"B\"]").unwrap(),
    );
    assert!(first < a && a < second && second < b && b < last, "{after}");
}

/// Every number of an explanation is the search's score before or after
/// the move, or a term difference (or the total) of the traces of the two
/// positions it names.
#[test]
fn explanations_say_the_traces_numbers() {
    // The Blackburne Shilling trap: 4.Nxe5? Qg5 5.Nxf7?? Qxg2 and mate.
    let pgn =
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1";
    let game = read_first(pgn).unwrap().game;
    let positions = mainline_positions(&game);
    let results = analyse_positions(
        &positions,
        Budget::Nodes(20_000),
        2,
        None,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .unwrap();
    let report = build(
        &positions,
        &results.into_iter().map(Some).collect::<Vec<_>>(),
        None,
    );
    let mut explained = 0;
    for m in report.moves.iter().flatten() {
        let Some(x) = &m.explanation else { continue };
        explained += 1;
        let mover = positions[0].board.side_to_move();
        let mover = if game.tree().node(m.node).ply() % 2 == 1 {
            mover
        } else {
            !mover
        };
        assert_eq!(mover, m.mover);
        let (tp, tb) = (trace(&x.played_end), trace(&x.better_end));
        let all = term_differences(&tp, &tb, m.mover);
        for t in &x.terms {
            assert!(all.contains(t), "{t:?} is a trace difference");
        }
        assert_eq!(x.total, (tp.tapered - tb.tapered) * m.mover.sign());
        let mut allowed: Vec<String> = x.terms.iter().map(|&(_, d)| signed_pawns(d)).collect();
        allowed.push(signed_pawns(x.total));
        // The terms not named, as one number, so the list adds up.
        let named: i32 = x.terms.iter().map(|&(_, d)| d).sum();
        assert_eq!(x.other_terms(), x.total - named);
        allowed.push(signed_pawns(x.other_terms()));
        allowed.push(m.before.display());
        allowed.push(m.after.display());
        for word in x.text.split([' ', '(', ')', ',', ';', ':']) {
            let w = word.trim_end_matches('.');
            let numeric = w.starts_with(['+', '-', '\u{2212}'])
                && w.len() > 3
                && w[w.len() - 3..].starts_with('.')
                && w[w.len() - 2..].chars().all(|c| c.is_ascii_digit());
            if numeric {
                assert!(
                    allowed.iter().any(|a| a == w),
                    "{w} in {:?} is none of {allowed:?}",
                    x.text
                );
            }
        }
        // The comment written after the move says the same without
        // naming the move again: "Blunder (search, ...). ...".
        let after_head = |t: &str| t.split_once(").").map(|(_, r)| r.to_string());
        assert_eq!(after_head(&x.comment), after_head(&x.text), "{}", x.comment);
        assert!(
            ["Inaccuracy (", "Mistake (", "Blunder ("]
                .iter()
                .any(|h| x.comment.starts_with(h)),
            "{}",
            x.comment
        );
        if let Some(n) = x.text.split("mate in ").nth(1) {
            let n: i32 = n.split(':').next().unwrap().parse().unwrap();
            let mate = m.after.mate_moves().or(m.before.mate_moves()).unwrap();
            assert_eq!(n, mate.abs(), "{}", x.text);
        }
    }
    assert!(explained >= 2, "{report:#?}");
    let nxf7 = report.moves[8].as_ref().unwrap();
    assert!(nxf7.class.is_some(), "5.Nxf7 is judged: {nxf7:#?}");
}

/// `--engine CMD`: tapir's own UCI engine as an external one, one process
/// per thread; the same output whatever the threads, every move with its
/// eval; a bad engine command is one clear error.
#[test]
fn annotate_with_an_external_engine() {
    let input = data("variations-nags-and-comments.pgn");
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_tapir"));
    let run = |name: &str, threads: &str| {
        annotate_to(
            &input,
            &temp(name),
            &["--nodes", "2000", "--threads", threads, "--engine", &engine],
        )
    };
    let a = run("ext-a.pgn", "2");
    let b = run("ext-b.pgn", "1");
    assert_eq!(a, b, "same nodes, same output, whatever the threads");
    let old = read_first(&std::fs::read_to_string(&input).unwrap())
        .unwrap()
        .game;
    let new = read_first(&a).unwrap();
    assert!(new.problems.is_empty(), "{:?}", new.problems);
    assert_kept(&old, &new.game);
    let evals = new
        .game
        .tree()
        .mainline()
        .filter(|&id| new.game.tree().node(id).comment.contains("[%eval "))
        .count();
    assert_eq!(evals, new.game.tree().mainline_len());
    for (engine, want) in [
        ("/no/such/engine", "cannot start /no/such/engine"),
        // Exits at once: "exited at start" or "stopped reading its input".
        ("sh -c 'exit 3'", ": sh "),
        ("'unclosed", "unclosed quote"),
    ] {
        let o = tapir(&["annotate", &input, "--nodes", "100", "--engine", engine]);
        assert!(!o.status.success(), "{engine}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{engine}: {err}");
        assert!(
            err.starts_with("error: --engine: ") && err.contains(want),
            "{engine}: {err}"
        );
        assert!(o.stdout.is_empty());
    }
}

/// `--out` naming another file that already holds games is refused before
/// any search (the file untouched); `--force` writes over it, and an empty
/// file needs no `--force`.
#[test]
fn annotate_never_writes_over_another_file_unasked() {
    let input = data("variations-nags-and-comments.pgn");
    let other = temp("someone-elses-database.pgn");
    let games = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
    std::fs::write(&other, games).unwrap();
    let out = other.to_str().unwrap();
    let o = tapir(&["annotate", &input, "--out", out, "--nodes", "100"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("already holds 2 games"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), games, "untouched");
    // A file of other text is named by its size.
    std::fs::write(&other, "notes\n").unwrap();
    let o = tapir(&["annotate", &input, "--out", out, "--nodes", "100"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("already holds 6 bytes"), "{err}");
    // Asked for, it is written.
    let written = annotate_to(&input, &other, &["--nodes", "100", "--force"]);
    assert!(written.contains("[%eval"), "{written}");
    // An empty file is nothing to lose.
    std::fs::write(&other, "").unwrap();
    let written = annotate_to(&input, &other, &["--nodes", "100"]);
    assert!(written.contains("[%eval"), "{written}");
}

/// Annotated over itself, a file that changed during the run (a board
/// appended a game to it) is left as it is: the output goes beside it.
#[cfg(unix)]
#[test]
fn a_file_that_changes_while_it_is_annotated_in_place_is_left_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp("changing");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let one = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 *\n";
    std::fs::write(&file, one).unwrap();
    // An engine that says it started (the file is read by then), then
    // waits for the go-ahead before it is tapir.
    let (started, go) = (dir.join("started"), dir.join("go"));
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntouch '{}'\nwhile [ ! -e '{}' ]; do sleep 0.02; done\nexec '{}' uci\n",
            started.display(),
            go.display(),
            env!("CARGO_BIN_EXE_tapir")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = file.to_str().unwrap();
    let engine = format!("'{}'", script.display());
    // Annotates the file into `out`; once the file is read (the engine has
    // started), `meanwhile` changes things, then the engine goes on.
    let annotate_while = |out: &Path, meanwhile: &dyn Fn()| {
        let _ = std::fs::remove_file(&started);
        let _ = std::fs::remove_file(&go);
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_tapir"))
            .args(["annotate", path, "--out"])
            .arg(out)
            .args(["--nodes", "500", "--threads", "1", "--engine"])
            .arg(&engine)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let t0 = std::time::Instant::now();
        while !started.exists() {
            assert!(t0.elapsed().as_secs() < 60, "the engine never started");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        meanwhile();
        std::fs::write(&go, "").unwrap();
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!o.status.success(), "{err}");
        err
    };
    let two = format!("{one}\n[Event \"B\"]\n\n1. d4 d5 *\n");
    let err = annotate_while(&file, &|| std::fs::write(&file, &two).unwrap());
    assert!(err.contains("changed while it was annotated"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        two,
        "left as it is"
    );
    let side = std::fs::read_to_string(dir.join("games.annotated.pgn")).unwrap();
    assert!(
        side.contains("[%eval") && side.contains("[Event \"A\"]"),
        "{side}"
    );
    // The summary still comes before the error.
    assert!(err.contains("annotated 1 game"), "{err}");

    // Another --out, absent at the start, that a board saved into during
    // the run: not written over either.
    let other = dir.join("fresh.pgn");
    annotate_while(&other, &|| std::fs::write(&other, one).unwrap());
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        one,
        "left as it is"
    );
    assert!(dir.join("fresh.annotated.pgn").exists());
}

/// A position met once before in the game is no draw: returning to it is
/// its second occurrence. In KR v K, 2.Ra1 and 2...Ke8 (each of which
/// lets the other side repeat the start once) were scored 0.00 and called
/// blunders.
#[test]
fn one_repetition_of_the_game_is_no_draw_in_the_report() {
    let input = temp("rep.pgn");
    std::fs::write(
        &input,
        "[SetUp \"1\"]\n[FEN \"6k1/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n\n1. Rb1 Kf8 2. Ra1 Ke8 *\n",
    )
    .unwrap();
    let out = temp("rep-out.pgn");
    let _ = std::fs::remove_file(&out);
    let text = annotate_to(
        input.to_str().unwrap(),
        &out,
        &["--nodes", "20000", "--threads", "1"],
    );
    assert!(!text.contains("[%eval 0.00]"), "{text}");
    // 2.Ra1 may still be marked (it lets a mate go), but Black's king
    // move into the repeated position is no mistake of a drawn game.
    assert!(!text.contains("Ke8 $"), "{text}");
}

/// `tapir annotate` of `pgn` (written to NAME.pgn) into NAME-out.pgn at
/// 2,000 nodes: its output and the file written.
fn annotate_run(name: &str, pgn: &str) -> (std::process::Output, String) {
    let input = temp(&format!("{name}.pgn"));
    std::fs::write(&input, pgn).unwrap();
    let out = temp(&format!("{name}-out.pgn"));
    let _ = std::fs::remove_file(&out);
    let o = tapir(&[
        "annotate",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--nodes",
        "2000",
    ]);
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    (o, text)
}

/// `annotate_run`, which must succeed.
fn annotate_text(name: &str, pgn: &str) -> (std::process::Output, String) {
    let (o, text) = annotate_run(name, pgn);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (o, text)
}

/// A file's own `[%eval]` (Lichess writes Stockfish's) stays, and the
/// summary says how many moves kept theirs.
#[test]
fn a_files_own_evaluations_stay() {
    let (o, text) = annotate_text("evals", "1. e4 { [%eval 0.3] } e5 2. Nf3 Nc6 *\n");
    assert!(
        text.contains("1. e4 { [%eval 0.3] } 1... e5 { [%eval "),
        "{text}"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("1 move kept the [%eval] it had"), "{err}");
}

/// A null move ends what a report can search: the annotated file says so
/// on that move (a reader elsewhere sees why the rest has no evaluations)
/// as well as on the terminal, and annotating the file again adds no
/// second note.
#[test]
fn a_null_move_says_in_the_file_where_the_report_stops() {
    let (o, text) = annotate_text("null", "1. e4 e5 2. -- Nc6 3. Nf3 *\n");
    let note = "{ The report stops here: a null move; the moves after it are not analysed. }";
    let flat = text.replace('\n', " ");
    assert!(flat.contains(&format!("2. -- {note}")), "{text}");
    assert!(!text.contains("Nc6 { [%eval"), "{text}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the report stops at 2. -- (a null move)"),
        "{err}"
    );
    let (_, again) = annotate_text("null-again", &text);
    assert_eq!(again.matches("The report stops here").count(), 1, "{again}");
}

/// A game read only in part is written as it was, to another file too (a
/// copy cut short would lose its unread moves once it replaced the file);
/// an `--out` that cannot be written is refused before any search.
#[test]
fn a_game_read_in_part_is_written_whole_and_a_bad_out_is_refused_first() {
    let (o, text) = annotate_text(
        "part",
        "[Event \"part\"]\n\n1. d4 d5 2. Qxd5 Nf6 3. c4 *\n\n[Event \"whole\"]\n\n1. e4 e5 *\n",
    );
    assert!(text.contains("2. Qxd5 Nf6 3. c4 *"), "{text}");
    assert!(
        text.contains("[%eval"),
        "the readable game is annotated: {text}"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("annotated 1 game, 1 written unchanged (not read whole)"),
        "{err}"
    );
    // A file whose only game does not read whole: written unchanged, and
    // the run fails, saying that nothing was annotated.
    let one = "[Event \"part\"]\n\n1. d4 d5 2. Qxd5 Nf6 3. c4 *\n";
    let (o, written) = annotate_run("part-only", one);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("annotated 0 games, 1 written unchanged")
            && err.contains("no game annotated: the game could not be read whole"),
        "{err}"
    );
    assert_eq!(written.trim_end(), one.trim_end());
    // A folder as --out: refused at once, nothing searched.
    let input = temp("part.pgn");
    let dir = temp("a-folder");
    std::fs::create_dir_all(&dir).unwrap();
    let o = tapir(&[
        "annotate",
        input.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
        "--force",
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("cannot write") && err.contains("folder"),
        "{err}"
    );
    assert!(!err.contains("positions"), "no search began: {err}");
}

/// An engine that does not stop at `go nodes` (Toga II searches on) ends
/// the run with one error saying so, after its grace, instead of crawling
/// through every position on that grace.
#[test]
fn an_engine_that_ignores_go_nodes_ends_the_run_saying_so() {
    let engine = temp("deaf.sh");
    std::fs::write(
        &engine,
        "while IFS= read -r l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; \
         go*) echo 'info depth 1 score cp 5 pv e2e4';; stop) echo 'bestmove e2e4';; quit) exit 0;; esac; done\n",
    )
    .unwrap();
    let input = temp("deaf.pgn");
    std::fs::write(&input, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let spec = format!("sh {}", engine.display());
    let o = tapir(&[
        "annotate",
        input.to_str().unwrap(),
        "--nodes",
        "100",
        "--threads",
        "1",
        "--engine",
        &spec,
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("does not stop at 'go nodes'") && err.contains("--movetime"),
        "{err}"
    );
}

/// The annotated copy is written as the input was: Latin-1 stays Latin-1
/// (a name in it keeps its byte), CRLF stays CRLF, a byte-order mark
/// stays; the notes between games come along into another file, those
/// beside the games picked by `--games` only.
#[test]
fn the_copy_keeps_the_inputs_encoding_line_ends_and_notes() {
    let input = temp("form-latin1.pgn");
    let latin = b"% my games\r\n[White \"M\xfcller\"]\r\n\r\n1. e4 e5 *\r\n\r\n% round 2\r\n[White \"J\xfcrgen\"]\r\n\r\n1. d4 d5 *\r\n% the end\r\n";
    std::fs::write(&input, latin).unwrap();
    let out = temp("form-latin1-out.pgn");
    let _ = std::fs::remove_file(&out);
    let run = |extra: &[&str]| {
        let mut args = vec![
            "annotate",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--nodes",
            "500",
            "--force",
        ];
        args.extend_from_slice(extra);
        let o = tapir(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(&out).unwrap()
    };
    let bytes = run(&[]);
    let has = |b: &[u8], part: &[u8]| b.windows(part.len()).any(|w| w == part);
    assert!(
        has(&bytes, b"[White \"M\xfcller\"]\r\n"),
        "Latin-1 and CRLF kept"
    );
    assert!(
        !bytes.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'),
        "every line end CRLF"
    );
    for note in [&b"% my games"[..], b"% round 2", b"% the end"] {
        assert!(has(&bytes, note), "{}", String::from_utf8_lossy(note));
    }
    // Game 2 alone: its note before it and the one at the end, not game 1's.
    let bytes = run(&["--games", "2"]);
    assert!(has(&bytes, b"% round 2") && has(&bytes, b"% the end"));
    assert!(!has(&bytes, b"% my games") && !has(&bytes, b"M\xfcller"));
    // A byte-order mark stays.
    std::fs::write(&input, "\u{feff}[White \"Müller\"]\n\n1. e4 e5 *\n").unwrap();
    let bytes = run(&[]);
    assert!(bytes.starts_with("\u{feff}[Event ".as_bytes()));
    assert!(has(&bytes, "[White \"Müller\"]\n".as_bytes()));
}
