//! End to end: the real `tapir tui` binary in a pseudo-terminal. Types
//! moves and the teaching keys (with a net file), quits three ways (q +
//! confirm, Ctrl-C, SIGTERM), and checks the
//! process exited 0, the terminal was put back (alternate screen left,
//! cursor shown, raw mode off is implied by the former sequences being
//! written by the restore path) and the game was autosaved.
//!
//! The waits below are generous upper bounds for a loaded machine, not
//! speed assertions.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const LEAVE_ALT_SCREEN: &str = "\x1b[?1049l";
const ENTER_ALT_SCREEN: &str = "\x1b[?1049h";
const SHOW_CURSOR: &str = "\x1b[?25h";
const MOUSE_OFF: &str = "\x1b[?1000l";
const WAIT: Duration = Duration::from_secs(30);

struct Session {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Arc<Mutex<Vec<u8>>>,
    /// Tells the reader thread to drop its end of the terminal.
    hang_up: Arc<std::sync::atomic::AtomicBool>,
    data: PathBuf,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tapir-pty-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn start(name: &str, args: &[&str]) -> Session {
    let root = temp_dir(name);
    spawn(&root.join("config"), &root.join("data"), args)
}

fn spawn(config: &Path, data: &Path, args: &[&str]) -> Session {
    spawn_env(config, data, args, &[])
}

fn spawn_env(config: &Path, data: &Path, args: &[&str], env: &[(&str, &str)]) -> Session {
    spawn_under(&[], config, data, args, env)
}

/// `tapir` started by `wrapper` (a command that runs it), when not empty.
fn spawn_under(
    wrapper: &[&str],
    config: &Path,
    data: &Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> Session {
    let pty = native_pty_system();
    let pair = pty
        .openpty(PtySize {
            rows: 40,
            cols: 120,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = match wrapper.split_first() {
        Some((program, rest)) => {
            let mut c = CommandBuilder::new(program);
            c.args(rest);
            c.arg(env!("CARGO_BIN_EXE_tapir"));
            c
        }
        None => CommandBuilder::new(env!("CARGO_BIN_EXE_tapir")),
    };
    cmd.args(args);
    cmd.env("TERM", "xterm-256color");
    cmd.env("TAPIR_CONFIG_DIR", config);
    cmd.env("TAPIR_DATA_DIR", data);
    cmd.env_remove("TAPIR_TEST_PANIC");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let writer = pair.master.take_writer().unwrap();
    let output = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&output);
    let hang_up = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop = Arc::clone(&hang_up);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || stop.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    Session {
        child,
        writer,
        output,
        hang_up,
        data: data.to_path_buf(),
        _master: pair.master,
    }
}

impl Session {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    fn wait_for(&self, what: &str, ok: impl Fn(&Session) -> bool) {
        let start = Instant::now();
        while !ok(self) {
            if start.elapsed() >= WAIT {
                let t = self.text();
                let cut = t.len().saturating_sub(3000);
                let cut = (cut..t.len())
                    .find(|&i| t.is_char_boundary(i))
                    .unwrap_or(t.len());
                let tail = &t[cut..];
                panic!("timed out waiting for {what}; the output ends:\n{tail:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn keys(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    fn autosave(&self) -> String {
        std::fs::read_to_string(self.data.join("autosave.pgn")).unwrap_or_default()
    }

    fn wait_drawn(&self) {
        self.wait_for("the first frame", |s| {
            let t = s.text();
            t.contains(ENTER_ALT_SCREEN) && t.contains("ANALYSIS")
        });
    }

    fn finish(mut self) -> (u32, String, PathBuf) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // Let the reader drain what is left.
                std::thread::sleep(Duration::from_millis(100));
                return (status.exit_code(), self.text(), self.data.clone());
            }
            assert!(
                start.elapsed() < WAIT,
                "tapir did not exit:\n{:?}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn assert_restored(out: &str) {
    let entered = out
        .rfind(ENTER_ALT_SCREEN)
        .expect("entered the alternate screen");
    let tail = &out[entered..];
    assert!(tail.contains(LEAVE_ALT_SCREEN), "left the alternate screen");
    // Emptied first, and left once: a terminal resized meanwhile (tmux)
    // would carry the board's rows into the shell's screen, and a second
    // leave would move the shell's cursor.
    assert!(
        tail.contains(&format!("\x1b[2J\x1b[1;1H{LEAVE_ALT_SCREEN}")),
        "cleared before leaving"
    );
    assert_eq!(tail.matches(LEAVE_ALT_SCREEN).count(), 1, "left once");
    assert!(tail.contains(SHOW_CURSOR), "showed the cursor");
    assert!(tail.contains(MOUSE_OFF), "turned mouse capture off");
}

fn autosave_in(data: &Path) -> String {
    std::fs::read_to_string(data.join("autosave.pgn")).unwrap_or_default()
}

#[test]
fn a_variation_and_a_comment_survive_quit_and_restart() {
    let mut s = start("quit", &["tui", "--new"]);
    s.wait_drawn();
    s.keys("me4\r");
    s.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    s.keys("me7e5\r");
    s.wait_for("e5 autosaved", |s| s.autosave().contains("1. e4 e5 *"));
    s.keys("Nf3\r");
    s.wait_for("Nf3 autosaved", |s| s.autosave().contains("2. Nf3 *"));
    // Back one move (arrow left), another move: a variation, not a loss.
    s.keys("\x1b[D");
    s.keys("mNc3\r");
    s.wait_for("the variation autosaved", |s| {
        s.autosave().contains("2. Nf3 ( 2. Nc3 ) *")
    });
    s.keys("iA quiet move\r");
    s.wait_for("the comment autosaved", |s| {
        s.autosave().contains("2. Nc3 { A quiet move } )")
    });
    s.keys("q");
    s.wait_for("the quit question", |s| s.text().contains("Unsaved game"));
    s.keys("y");
    let (code, out, data) = s.finish();
    assert_eq!(code, 0, "exit status");
    assert_restored(&out);
    let saved = autosave_in(&data);
    assert!(
        saved.contains("2. Nf3 ( 2. Nc3 { A quiet move } ) *"),
        "{saved}"
    );

    // The next start without --new brings back both, with the shown move;
    // Ctrl-C quits at once.
    let config = data.parent().unwrap().join("config");
    assert!(
        config.join("config.toml").exists(),
        "default config written"
    );
    let mut s = spawn(&config, &data, &["tui"]);
    s.wait_for("the restore message", |s| s.text().contains("restored"));
    s.wait_for("the variation and its comment on screen", |s| {
        let t = s.text();
        // The screen arrives as a diff: words are drawn one by one.
        t.contains("(2.") && t.contains("quiet") && t.contains("Moves · 2. Nc3 · variation")
    });
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    assert!(autosave_in(&data).contains("2. Nf3 ( 2. Nc3 { A quiet move } ) *"));
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = start("term", &["tui", "--new"]);
    s.wait_drawn();
    s.keys("mc4\r");
    s.wait_for("c4 autosaved", |s| s.autosave().contains("1. c4 *"));
    let pid = s.child.process_id().expect("pid");
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let (code, out, data) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    assert!(autosave_in(&data).contains("1. c4 *"));
}

/// A stop (`kill -TSTP`) gives the terminal back before the process
/// stops; the resume takes it again (raw mode: keys act at once) and
/// draws the board whole.
#[test]
fn a_stop_gives_the_terminal_back_and_a_resume_takes_it_again() {
    let mut s = start("tstp", &["tui", "--new"]);
    s.wait_drawn();
    let pid = s.child.process_id().expect("pid").to_string();
    let kill = |sig: &str| {
        let status = std::process::Command::new("kill")
            .args([sig, &pid])
            .status()
            .unwrap();
        assert!(status.success());
    };
    kill("-TSTP");
    s.wait_for("the terminal given back", |s| {
        s.text().contains(LEAVE_ALT_SCREEN)
    });
    let before = s.text().len();
    kill("-CONT");
    s.wait_for("the terminal taken again", |s| {
        s.text()[before..].contains(ENTER_ALT_SCREEN) && s.text()[before..].contains("ANALYSIS")
    });
    s.keys("mc4\r");
    s.wait_for("c4 autosaved", |s| s.autosave().contains("1. c4 *"));
    s.keys("q");
    s.wait_for("the quit question", |s| s.text().contains("Unsaved game"));
    s.keys("y");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
}

#[test]
fn a_panic_restores_the_terminal() {
    let root = temp_dir("panic");
    let s = spawn_env(
        &root.join("config"),
        &root.join("data"),
        &["tui", "--new"],
        &[("TAPIR_TEST_PANIC", "1"), ("RUST_BACKTRACE", "0")],
    );
    let (code, out, _) = s.finish();
    assert_ne!(code, 0, "a panic is a failure exit");
    assert_restored(&out);
    let left = out.find(LEAVE_ALT_SCREEN).unwrap();
    assert!(
        out[left..].contains("TAPIR_TEST_PANIC is set"),
        "the panic message is printed after the screen is restored"
    );
}

#[test]
fn teaching_keys_with_a_net_and_restore() {
    let root = temp_dir("teach");
    let net = root.join("random.nnue");
    tapir::eval::nnue::Network::random(11).save(&net).unwrap();
    let net = net.to_str().unwrap().to_string();
    let mut s = spawn(
        &root.join("config"),
        &root.join("data"),
        &["tui", "--new", "--net", &net],
    );
    s.wait_drawn();
    s.keys("me4\r");
    s.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    // Every teaching key, in a row: views, terms, explorer, heatmaps. The
    // screen is sent as a diff, so the proof that all were handled is the
    // move typed after them being played (keys are handled in order).
    s.keys("\t\tvvvvb\x1b[Zg]]{}[cccccoVcc");
    s.keys("md5\r");
    s.wait_for("d5 autosaved", |s| s.autosave().contains("1. e4 d5 *"));
    assert!(s.text().contains("◆"), "the net's disagreement markers");
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0, "exit status");
    assert_restored(&out);
}

#[test]
fn a_bad_net_file_is_one_line_before_the_screen_changes() {
    let root = temp_dir("badnet");
    let s = spawn(
        &root.join("config"),
        &root.join("data"),
        &["tui", "--new", "--net", "/nonexistent/tapir.nnue"],
    );
    let (code, out, _) = s.finish();
    assert_ne!(code, 0);
    assert!(
        !out.contains(ENTER_ALT_SCREEN),
        "the terminal was never switched"
    );
    assert!(out.contains("/nonexistent/tapir.nnue"), "{out:?}");
}

#[test]
fn tapir_file_pgn_opens_the_game_on_the_board() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/molinari-bordais-1979.pgn"
    );
    let mut s = start("file", &[file]);
    s.wait_drawn();
    s.wait_for("the loaded game", |s| {
        let t = s.text();
        t.contains("loaded") && t.contains("Molinari") && t.contains("Nd3#")
    });
    s.keys("\x03");
    let (code, out, data) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    assert!(autosave_in(&data).contains("5. g3 Nd3# 0-1"));
}

/// Keys that arrive in one burst of more than a kilobyte are all handled:
/// the last of them must not wait for a later key press (crossterm's
/// edge-triggered reader left what followed the first 1,024 bytes unread).
#[test]
fn a_burst_of_keys_over_a_kilobyte_is_all_handled() {
    let mut s = start("burst", &["tui", "--new"]);
    s.wait_drawn();
    s.keys("me4\r");
    s.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    // 1,200 bytes of Left/Right, then a move, in one write.
    let burst = format!("{}me5\r", "\x1b[D\x1b[C".repeat(200));
    assert!(burst.len() > 1_100);
    s.keys(&burst);
    s.wait_for("e5, the burst's last move, autosaved", |s| {
        s.autosave().contains("1. e4 e5 *")
    });
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
}

/// When the terminal goes away (its window closed), the board autosaves
/// and exits instead of reading nothing for ever: told by SIGHUP, and
/// without it (started with SIGHUP ignored, as nohup and some multiplexers
/// do).
#[test]
fn the_board_exits_when_its_terminal_goes_away() {
    let ignore_hup = std::process::Command::new("env")
        .args(["--ignore-signal=HUP", "true"])
        .status()
        .is_ok_and(|s| s.success());
    for wrapper in [&[][..], &["env", "--ignore-signal=HUP"][..]] {
        if !wrapper.is_empty() && !ignore_hup {
            continue;
        }
        let root = temp_dir(&format!("hangup{}", wrapper.len()));
        let mut s = spawn_under(
            wrapper,
            &root.join("config"),
            &root.join("data"),
            &["tui", "--new"],
            &[],
        );
        s.wait_drawn();
        s.keys("md4\r");
        s.wait_for("d4 autosaved", |s| s.autosave().contains("1. d4 *"));
        let Session {
            mut child,
            writer,
            data,
            _master,
            hang_up,
            ..
        } = s;
        // Every end of the terminal closed (the reader's goes with its
        // next read: the engine's lines keep coming).
        hang_up.store(true, std::sync::atomic::Ordering::Relaxed);
        drop(writer);
        drop(_master);
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < WAIT,
                "tapir kept running without a terminal ({wrapper:?})"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        assert_eq!(status.exit_code(), 0, "a hang-up is a normal way out");
        assert!(autosave_in(&data).contains("1. d4 *"));
    }
}

#[test]
fn named_pipes_and_a_data_file_never_stop_the_board_starting() {
    let mkfifo = |p: &Path| {
        let ok = std::process::Command::new("mkfifo")
            .arg(p)
            .status()
            .unwrap();
        assert!(ok.success(), "mkfifo {}", p.display());
    };
    // config.toml and autosave.pgn are named pipes: the board starts and
    // says so; it neither blocks on them nor moves them.
    let root = temp_dir("fifos");
    let (config, data) = (root.join("config"), root.join("data"));
    std::fs::create_dir_all(&config).unwrap();
    std::fs::create_dir_all(&data).unwrap();
    mkfifo(&config.join("config.toml"));
    mkfifo(&data.join("autosave.pgn"));
    let mut s = spawn(&config, &data, &["tui"]);
    s.wait_for("both messages", |s| {
        let t = s.text();
        t.contains("config.toml:") && t.contains("unreadable")
    });
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);

    // The data folder is a file: said in words, and the file is untouched.
    let root = temp_dir("datafile");
    let data = root.join("data");
    std::fs::write(&data, "my notes").unwrap();
    let mut s = spawn(&root.join("config"), &data, &["tui"]);
    s.wait_for("the data folder message", |s| {
        // Words only: the screen comes as a diff, blanks skipped.
        let t = s.text();
        t.contains("folder:") && t.contains("autosaved")
    });
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    assert_eq!(std::fs::read_to_string(&data).unwrap(), "my notes");
}

#[test]
fn an_engine_game_is_played_to_mate_and_kept() {
    let root = temp_dir("match");
    let config = root.join("config");
    let data = root.join("data");
    std::fs::create_dir_all(&config).unwrap();
    // A scripted engine that plays Fool's mate (1. f3 e5 2. g4 Qh4#),
    // either side's part, told by the position's FEN.
    let script = root.join("fool.sh");
    std::fs::write(
        &script,
        "pos=startpos\nwhile IFS= read -r l; do case \"$l\" in\n\
         uci) echo 'id name fool'; echo uciok;;\nisready) echo readyok;;\n\
         position*) pos=${l#position };;\n\
         go*) case \"$pos\" in *6P1/5P2/*) m=d8h4;; *5P2/PPPPP1PP*' w '*) m=g2g4;; *5P2/PPPPP1PP*) m=e7e5;; *) m=f2f3;; esac\n\
         sleep 0.2; echo \"info depth 1 score cp 0 pv $m\"; echo \"bestmove $m\";;\n\
         quit) exit 0;;\nesac; done\n",
    )
    .unwrap();
    std::fs::write(
        config.join("config.toml"),
        format!(
            "book = \"off\"\n[[engine]]\nname = \"fool\"\ncommand = \"sh\"\nargs = [{:?}]\n",
            script.display().to_string()
        ),
    )
    .unwrap();
    let mut s = spawn(&config, &data, &["tui", "--new"]);
    s.wait_drawn();
    s.keys(":match fool fool 1+0\r");
    s.wait_for("the players' panes", |s| s.text().contains("White fool"));
    s.wait_for("the mate in the autosave", |s| {
        // (Lines are wrapped where PGN export wraps them.)
        let a = s
            .autosave()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        // Each move with its clock, as Lichess writes a game.
        a.contains("2. g4 { [%clk 0:00:")
            && a.contains("2... Qh4# { [%clk 0:00:")
            && a.contains("0-1")
    });
    s.wait_for("the result on screen", |s| s.text().contains("wins"));
    // k takes the finished game off the board; the board lives on.
    s.keys("k");
    s.wait_for("closed", |s| s.text().contains("analysis as before"));
    s.keys("\x03");
    let (code, out, data) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    let saved = autosave_in(&data);
    assert!(saved.contains("[White \"fool\"]"), "{saved}");
    // Two engines of one name: the winner named by colour.
    assert!(saved.contains("Checkmate: Black wins."), "{saved}");
}

/// A start with another game (a file, `--new`, `--fen`) never writes over
/// the last session's unsaved work: that autosave is moved aside to
/// `autosave.previous.pgn` (then `.1`, ...) and the status line says so;
/// an autosave whose game is in its file is simply replaced.
#[test]
fn a_start_with_another_game_keeps_the_unsaved_session_aside() {
    let root = temp_dir("previous");
    let (config, data) = (root.join("config"), root.join("data"));
    std::fs::create_dir_all(&data).unwrap();
    let unsaved = "[TapirUnsaved \"1\"]\n\n1. d4 Nf6 2. c4 { my idea } *\n";
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/molinari-bordais-1979.pgn"
    );
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    for (i, args) in [
        vec!["tui", file],
        vec!["tui", "--new"],
        vec!["tui", "--fen", fen],
    ]
    .iter()
    .enumerate()
    {
        std::fs::write(data.join("autosave.pgn"), unsaved).unwrap();
        let mut s = spawn(&config, &data, args);
        s.wait_drawn();
        // The screen arrives as a diff: words are drawn one by one.
        s.wait_for("the note", |s| {
            let t = s.text();
            t.contains("unsaved") && t.contains("kept")
        });
        s.keys("\x03");
        let (code, out, _) = s.finish();
        assert_eq!(code, 0, "{args:?}");
        assert_restored(&out);
        let name = if i == 0 {
            "autosave.previous.pgn".to_string()
        } else {
            format!("autosave.previous.{i}.pgn")
        };
        let kept = std::fs::read_to_string(data.join(&name)).unwrap_or_default();
        assert_eq!(kept, unsaved, "{args:?}: {name}");
    }
    // A file that is no PGN (a text file named by mistake) is refused
    // before anything is kept aside, as a missing one is.
    std::fs::write(data.join("autosave.pgn"), unsaved).unwrap();
    let notes = root.join("notes.txt");
    std::fs::write(&notes, "buy milk\ncall mum\n").unwrap();
    let s = spawn(&config, &data, &["tui", notes.to_str().unwrap()]);
    let (code, out, _) = s.finish();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no game found"), "{out}");
    assert!(!data.join("autosave.previous.3.pgn").exists());
    assert_eq!(
        std::fs::read_to_string(data.join("autosave.pgn")).unwrap(),
        unsaved
    );
    // A saved game's autosave is not kept aside: its file has it.
    std::fs::write(data.join("autosave.pgn"), "1. e4 *\n").unwrap();
    let mut s = spawn(&config, &data, &["tui", "--new"]);
    s.wait_drawn();
    s.keys("\x03");
    let (code, _, _) = s.finish();
    assert_eq!(code, 0);
    assert!(!data.join("autosave.previous.3.pgn").exists());
}

/// `n` over an unsaved game keeps it aside before the new game comes; and
/// when it cannot be kept aside (here, as root may write anywhere, every
/// free name is taken) the game stays on the board and in the autosave.
#[test]
fn a_replaced_game_is_kept_aside_first_or_stays() {
    let root = temp_dir("replace-aside");
    let (config, data) = (root.join("config"), root.join("data"));
    let mut s = spawn(&config, &data, &["tui", "--new"]);
    s.wait_drawn();
    s.keys("me4\r");
    s.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    let since = |s: &Session, from: usize| s.text().get(from..).unwrap_or("").to_string();
    let from = s.text().len();
    s.keys("n");
    s.wait_for("the question", |s| since(s, from).contains("aside"));
    s.keys("y");
    s.wait_for("e4 kept aside", |_| {
        std::fs::read_to_string(data.join("autosave.previous.pgn"))
            .unwrap_or_default()
            .contains("1. e4 *")
    });
    s.wait_for("the new game autosaved", |s| {
        !s.autosave().contains("1. e4")
    });

    for k in 1..10_000 {
        std::fs::write(data.join(format!("autosave.previous.{k}.pgn")), "").unwrap();
    }
    s.keys("md4\r");
    s.wait_for("d4 autosaved", |s| s.autosave().contains("1. d4 *"));
    let from = s.text().len();
    s.keys("n");
    s.wait_for("the question", |s| since(s, from).contains("aside"));
    let from = s.text().len();
    s.keys("y");
    s.wait_for("why not", |s| {
        let t = since(s, from);
        t.contains("could") && t.contains("stays")
    });
    s.keys("\x03");
    let (code, _, _) = s.finish();
    assert_eq!(code, 0);
    assert!(autosave_in(&data).contains("1. d4 *"), "the game stayed");
    let _ = std::fs::remove_dir_all(&root);
}

/// Two boards open at once never write over each other's game: the
/// second autosaves to its own file and says so.
#[test]
fn a_second_board_open_at_once_autosaves_to_its_own_file() {
    let root = temp_dir("two-boards");
    let (config, data) = (root.join("config"), root.join("data"));
    let mut first = spawn(&config, &data, &["tui", "--new"]);
    first.wait_drawn();
    first.keys("me4\r");
    first.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    let mut second = spawn(&config, &data, &["tui", "--new"]);
    second.wait_drawn();
    second.wait_for("the note", |s| {
        let t = s.text();
        t.contains("another") && t.contains("autosaves")
    });
    second.keys("md4\r");
    second.wait_for("d4 in its own autosave", |_| {
        std::fs::read_dir(&data).unwrap().flatten().any(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name != "autosave.pgn"
                && name.ends_with(".pgn")
                && std::fs::read_to_string(e.path())
                    .unwrap_or_default()
                    .contains("1. d4 *")
        })
    });
    second.keys("\x03");
    let (code, _, _) = second.finish();
    assert_eq!(code, 0);
    assert!(
        first.autosave().contains("1. e4 *"),
        "the first board's game"
    );
    first.keys("\x03");
    let (code, _, _) = first.finish();
    assert_eq!(code, 0);
    assert!(autosave_in(&data).contains("1. e4 *"));
    // The lock went with its board: the next board has the autosave.
    let mut third = spawn(&config, &data, &["tui"]);
    third.wait_for("the first board's game restored", |s| {
        s.text().contains("restored")
    });
    assert!(!third.text().contains("another"), "{}", third.text());
    third.keys("\x03");
    let (code, _, _) = third.finish();
    assert_eq!(code, 0);
}

/// A setting changed on the board is in config.toml at once, beside the
/// user's own lines: a `kill -9` (or a crash) does not lose it.
#[test]
fn a_changed_setting_survives_a_kill() {
    let root = temp_dir("settings-kill");
    let (config, data) = (root.join("config"), root.join("data"));
    std::fs::create_dir_all(&config).unwrap();
    let file = config.join("config.toml");
    std::fs::write(&file, "# my board\ntheme = \"classic\" # the usual\n").unwrap();
    let mut s = spawn(&config, &data, &["tui", "--new"]);
    s.wait_drawn();
    s.keys(":theme ocean\r");
    s.wait_for("the theme in config.toml", |_| {
        std::fs::read_to_string(&file)
            .unwrap_or_default()
            .contains("theme = \"ocean\"")
    });
    let pid = s.child.process_id().expect("pid");
    let status = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let _ = s.finish();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# my board\n"), "{text}");
    assert!(text.contains("theme = \"ocean\" # the usual"), "{text}");
}

/// An autosave that reads only in part (an illegal move, a hand edit) is
/// moved aside whole before the board goes on with what read: the next
/// autosave cannot drop the rest.
#[test]
fn an_autosave_read_in_part_is_kept_whole() {
    let root = temp_dir("autosave-part");
    let (config, data) = (root.join("config"), root.join("data"));
    std::fs::create_dir_all(&data).unwrap();
    let text = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 Nc6 {the rest} *\n";
    std::fs::write(data.join("autosave.pgn"), text).unwrap();
    let mut s = spawn(&config, &data, &["tui"]);
    s.wait_for("the note", |s| {
        // The screen arrives as a diff: words are drawn one by one.
        let t = s.text();
        t.contains("restored") && t.contains("part")
    });
    assert!(data.join("autosave.pgn.broken").exists());
    s.keys("\x03");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert_restored(&out);
    let kept = std::fs::read_to_string(data.join("autosave.pgn.broken")).unwrap();
    assert_eq!(kept, text, "the whole file, as it was");
    assert!(autosave_in(&data).contains("1. e4 e5 *"));
}

/// A quit whose autosave cannot be written does not take the game with
/// it: the board stays and says so; quitting anyway keeps the game in a
/// rescue file and names it.
#[test]
fn a_quit_when_the_autosave_fails_keeps_the_game() {
    let root = temp_dir("quit-unsaved");
    let (config, data) = (root.join("config"), root.join("data"));
    let tmp = root.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let mut s = spawn_env(
        &config,
        &data,
        &["tui", "--new"],
        &[("TMPDIR", tmp.to_str().unwrap())],
    );
    s.wait_drawn();
    s.keys("me4\r");
    s.wait_for("e4 autosaved", |s| s.autosave().contains("1. e4 *"));
    // The autosave can no longer be written (a folder where it was).
    std::fs::remove_file(data.join("autosave.pgn")).unwrap();
    std::fs::create_dir(data.join("autosave.pgn")).unwrap();
    s.keys("q");
    s.wait_for("the question", |s| s.text().contains("Quit anyway?"));
    let from = s.text().len();
    s.keys("y");
    s.wait_for("the board staying with the reason", |s| {
        let t = s.text();
        let t = t.get(from..).unwrap_or("");
        t.contains("failed")
    });
    assert!(s.child.try_wait().unwrap().is_none(), "still running");
    s.keys("y");
    let (code, out, _) = s.finish();
    assert_eq!(code, 0);
    assert!(out.contains("the unsaved game is kept in"), "{out:?}");
    let rescued: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("tapir-rescue-"))
        .collect();
    assert_eq!(rescued.len(), 1);
    let text = std::fs::read_to_string(rescued[0].path()).unwrap();
    assert!(text.contains("1. e4 *"), "{text}");
    let _ = std::fs::remove_dir_all(&root);
}
