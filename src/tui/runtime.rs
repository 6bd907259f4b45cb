//! The event loop and everything around it: terminal set-up and its
//! restoration on every way out (return, error, panic, Ctrl-C, SIGTERM,
//! SIGHUP) and across a stop (SIGTSTP, then SIGCONT), the input and engine threads feeding one channel, effects
//! carried out (engine commands, files, clipboard), and frame pacing.
//!
//! The loop blocks on the channel. It wakes for input, engine reports, and
//! a tick: every 100 ms while a search or a clock runs (live lines at
//! 10 Hz), every 250 ms otherwise only to look at the signal flag, with no
//! redraw. So an idle board costs next to no CPU.

use super::action::{Action, Effect, SavedAs};
use super::app::App;
use super::autosave::{self, Restored};
use super::config::{self, write_atomic, Dirs};
use super::document::Document;
use super::editor::Editor;
use super::engine_link::{report_action, EngineReport, LinkId, Links};
use super::files::{complete_path, fingerprint, read_pgn, save_game_keeping, Saved};
use super::keymap;
use super::params::{IDLE_TICK, LIVE_TICK, MAX_BURST, MIN_FRAME_GAP};
use super::ui;
use super::widgets::frametime::FrameStats;
use super::TuiArgs;
use crate::chess::Board;
use crate::engine::EngineOption;
use crate::eval::nnue::{default_net_checked, Network};
use crate::game::pgn::{
    each_game, holds_games, index_games, nothing_read, read_span, split_games, Encoding,
};
use crate::game::Game;
use anyhow::{anyhow, bail, Context, Result};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen,
};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::Instant;

/// Everything the loop waits on.
enum LoopEvent {
    Input(Event),
    InputClosed(String),
    Engine(LinkId, EngineReport),
    Report(super::report::ReportMsg),
}

/// A panic on a background thread, to show in the status line.
static BACKGROUND_PANIC: Mutex<Option<String>> = Mutex::new(None);
/// The thread that owns the terminal.
static UI_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// Opens the board and runs until the user quits.
pub fn run(args: TuiArgs) -> Result<()> {
    // Nothing is touched (no lock, no terminal mode written into a pipe)
    // where there is no terminal to draw on.
    {
        use std::io::IsTerminal;
        for (name, is) in [
            ("input", io::stdin().is_terminal()),
            ("output", io::stdout().is_terminal()),
        ] {
            if !is {
                anyhow::bail!(
                    "the board needs a terminal, and its {name} is not one; for pipes and scripts: tapir uci, tapir annotate"
                );
            }
        }
    }
    // The opening names are read while the settings, the game and the net
    // load (the first frame names the opening).
    std::thread::spawn(|| crate::game::openings::openings().len());
    let mut dirs = Dirs::from_env()?;
    // A second board open at once autosaves to its own file.
    let (mut autosave_lock, other) =
        super::autosave_lock::claim(&dirs.data, super::autosave_lock::CLOSING_BOARD_WAIT);
    let lock_note = match other {
        Some(super::autosave_lock::OtherBoard { own, pid }) => {
            let who = pid.map_or(String::new(), |p| format!(" (process {p})"));
            let note = format!(
                "another board{who} has the autosave: this one autosaves to {}",
                own.display()
            );
            dirs.autosave = own;
            Some(note)
        }
        None => keep_other_boards_games(&dirs),
    };
    // Leftovers of a process killed in the middle of a save.
    for d in [&dirs.config, &dirs.data] {
        config::remove_stale_temps(d);
    }
    let loaded = config::load_or_create(&dirs.config_file());
    let mut app = open_app(&args, &dirs, &loaded, lock_note)?;
    let signals = Signals::install()?;

    install_panic_hook();
    // The guard first: should setting up fail half-way (raw mode on, the
    // screen not), the error path restores what was changed.
    let _restore = RestoreGuard;
    let mut terminal = enter_terminal()?;
    // The settings as config.toml last had them from this board: each
    // change is written against it as soon as it is made.
    let mut settings = Settings {
        on_disk: loaded.config.clone(),
        failed: None,
    };
    let result = event_loop(
        &mut terminal,
        &mut app,
        &mut Autosaving {
            dirs: &mut dirs,
            lock: &mut autosave_lock,
        },
        &signals,
        args.net.as_deref(),
        &mut settings,
    );
    // ratatui shows the cursor again when the terminal is dropped, and
    // prints (a panic, once stderr is gone too) if it cannot: after a
    // hang-up it is left undropped.
    if terminal.show_cursor().is_ok() {
        drop(terminal);
    } else {
        std::mem::forget(terminal);
    }
    restore_terminal();

    // Not eprintln below: with the terminal gone it would panic.
    if app.config_changed {
        if let Some(why) = &app.settings_not_saved {
            let _ = writeln!(
                io::stderr(),
                "tapir: the settings changed in this session were not saved: {why}"
            );
        } else if let Err(e) =
            config::save_settings(&dirs.config_file(), &settings.on_disk, &app.config)
        {
            let _ = writeln!(io::stderr(), "tapir: could not save settings: {e:#}");
        }
    }
    if let Some(why) = &app.autosave_failed {
        if app.would_lose_work_at_exit() {
            rescue(&autosave::encode(&app), why);
        }
    }
    result
}

/// The last autosave failed and the game is in no file: it goes to a
/// file in the temporary folder, or, failing that, to stderr, rather than
/// away with the process.
fn rescue(text: &str, why: &str) {
    let mut err = io::stderr();
    let pid = std::process::id();
    let name = |k: usize| match k {
        0 => format!("tapir-rescue-{pid}.pgn"),
        k => format!("tapir-rescue-{pid}-{k}.pgn"),
    };
    let _ = match crate::fswrite::write_new(&std::env::temp_dir(), name, text) {
        Ok(path) => writeln!(
            err,
            "tapir: the autosave failed ({why}); the unsaved game is kept in {} (tapir tui --pgn FILE opens it)",
            path.display()
        ),
        Err(e) => writeln!(
            err,
            "tapir: the autosave failed ({why}) and no rescue file could be written ({e:#}); the unsaved game:\n{text}"
        ),
    };
}

/// The board as it opens: the game or session, the net, the engines
/// asked for, the start-up message, a `--pgn` file and the book.
fn open_app(
    args: &TuiArgs,
    dirs: &Dirs,
    loaded: &config::Loaded,
    lock_note: Option<String>,
) -> Result<App> {
    let Start {
        game,
        session,
        message: start_msg,
        pgn,
        left_setup,
        fen_to_mend,
    } = initial_game(args, dirs)?;
    // A bad net file is a one-line error before the terminal changes.
    let net = match &args.net {
        Some(p) => Some(Arc::new(Network::load_named(p).map_err(|e| anyhow!(e))?)),
        None => default_net_checked().map_err(|e| anyhow!("the built-in net is invalid: {e}"))?,
    };
    let mut app = App::with_net(loaded.config.clone(), game, net);
    if !loaded.writable {
        app.settings_not_saved = Some(format!(
            "{} did not read at start",
            dirs.config_file().display()
        ));
    }
    app.ui.color_env = super::theme::ColorDepth::from_env();
    app.sessions_dir =
        Some(std::fs::canonicalize(&dirs.data).unwrap_or_else(|_| dirs.data.clone()));
    let var = |name: &str| std::env::var(name).ok();
    app.ui.glyphs_env = super::config::PieceStyle::glyphs_in(var("TERM").as_deref())
        && super::config::PieceStyle::glyphs_in_locale(
            var("LC_ALL").as_deref(),
            var("LC_CTYPE").as_deref(),
            var("LANG").as_deref(),
        );
    app.left_setup = left_setup;
    if let Some(r) = session {
        app.restore_session(r);
    }
    // The engine asked for (or the settings' choice) starts on the engine
    // thread; a name or command that fails is said, and tapir analyses.
    let wanted = args.engine.clone().or_else(|| {
        let c = app.config.analysis_engine.trim();
        (!c.is_empty() && !c.eq_ignore_ascii_case("tapir")).then(|| c.to_string())
    });
    if let Some(engine) = wanted {
        app.open_with_engine(&engine);
    }
    let second = app.config.second_engine.clone();
    app.use_second_engine(&second);
    if let Some(fen) = fen_to_mend {
        app.update(Action::Command(format!("fen {fen}")));
    }
    if let (Some(path), Some((text, encoding))) = (&args.pgn, pgn) {
        // One game loads, several open the picker.
        app.update(Action::FileLoaded {
            path: super::files::expand_path(path),
            text,
            encoding,
        });
    }
    // One status line: what loading the file said, an autosave note, a
    // bad config and what the settings' book said are said together; in
    // `:messages` it takes the place of the last message said
    // (`said_now`).
    let said = app.dialogs.message.take();
    super::book::start_book(&mut app, &loaded.config.book);
    let book_said = app.dialogs.message.take();
    let error = [&said, &book_said]
        .iter()
        .any(|m| m.as_ref().is_some_and(|m| m.error))
        || loaded.warning.is_some();
    let parts: Vec<String> = [
        said.map(|m| m.text),
        start_msg,
        lock_note,
        loaded.warning.clone(),
        book_said.map(|m| m.text),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !parts.is_empty() {
        let line = parts.join("; and ");
        if error {
            app.error(line);
        } else {
            app.info(line);
        }
    }
    Ok(app)
}

/// Flags the signal handlers set, which the event loop polls.
struct Signals {
    /// SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2: the terminal is
    /// restored and the session saved before exit.
    quit: Arc<AtomicBool>,
    /// SIGTSTP (`kill -TSTP`; the Ctrl-Z key is undo): the terminal is
    /// given back to the shell before the process stops.
    stop: Arc<AtomicBool>,
    /// SIGCONT: going on after a stop (any stop, SIGSTOP's too), the
    /// terminal is taken again and the board drawn whole.
    resume: Arc<AtomicBool>,
}

impl Signals {
    fn install() -> Result<Signals> {
        use signal_hook::consts::*;
        let flag = |sigs: &[i32]| -> Result<Arc<AtomicBool>> {
            let f = Arc::new(AtomicBool::new(false));
            for &sig in sigs {
                signal_hook::flag::register(sig, Arc::clone(&f))
                    .context("installing signal handlers")?;
            }
            Ok(f)
        };
        Ok(Signals {
            quit: flag(&[SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2])?,
            stop: flag(&[SIGTSTP])?,
            resume: flag(&[SIGCONT])?,
        })
    }

    fn quit(&self) -> bool {
        self.quit.load(Ordering::Relaxed)
    }

    /// Answers a stop and a resume since the last call; true when the
    /// board must be drawn whole.
    fn suspend_and_resume(&self, term: &mut Term) -> Result<bool> {
        if self.stop.swap(false, Ordering::SeqCst) {
            restore_terminal();
            // Stopped here until SIGCONT, which sets `resume`.
            let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
        }
        if !self.resume.load(Ordering::SeqCst) || !in_foreground() {
            // Resumed in the background (`kill -CONT` after a stop the
            // shell saw): the shell's screen is left alone until `fg`,
            // whose own SIGCONT finds the board in front.
            return Ok(false);
        }
        self.resume.store(false, Ordering::SeqCst);
        retake_terminal(term)?;
        Ok(true)
    }
}

/// What the board opens with: a game (or a whole session from the
/// autosave), a message for the status line, and the text of a `--pgn`
/// file (checked here, loaded by the app: one game loads, several open the
/// picker).
struct Start {
    game: Game,
    session: Option<Restored>,
    message: Option<String>,
    pgn: Option<(String, Encoding)>,
    /// The set-ups the last session's editors were left with, carried on
    /// to this one when it starts with another game (the next editor's
    /// Ctrl-Z brings them back).
    left_setup: Vec<String>,
    /// A `--fen` that is not a legal position, for the board editor.
    fen_to_mend: Option<String>,
}

impl Start {
    fn game(game: Game, message: Option<String>) -> Start {
        Start {
            game,
            session: None,
            message,
            pgn: None,
            left_setup: Vec::new(),
            fen_to_mend: None,
        }
    }

    /// A new game where the last session was (`keep_last_session`).
    fn after(game: Game, last: LastSession) -> Start {
        Start {
            left_setup: last.left_setup,
            ..Start::game(game, last.message)
        }
    }
}

/// The game to start with: `--fen`, `--pgn`, the autosave (unless
/// `--new`), or the initial position. A broken autosave is reported and
/// kept aside, never silently lost.
fn initial_game(args: &TuiArgs, dirs: &Dirs) -> Result<Start> {
    if let Some(fen) = &args.fen {
        match Board::from_fen(fen) {
            Ok(b) => return Ok(Start::after(Game::new(b), keep_last_session(dirs))),
            // A set-up the board editor reads (eight ranks of eight) but
            // that is not a legal position opens in the editor to mend, as
            // `:fen` does, over the game the board would open with anyway.
            Err(_) if Editor::from_text(fen).is_some() => {
                let start = initial_game_without_fen(args, dirs)?;
                return Ok(Start {
                    fen_to_mend: Some(fen.clone()),
                    ..start
                });
            }
            Err(e) => bail!("--fen: {e}"),
        }
    }
    initial_game_without_fen(args, dirs)
}

/// `initial_game` for a start with no `--fen` to set up.
fn initial_game_without_fen(args: &TuiArgs, dirs: &Dirs) -> Result<Start> {
    if let Some(path) = &args.pgn {
        let (text, enc) = read_pgn(path).with_context(|| format!("reading {}", path.display()))?;
        let spans = split_games(&text);
        if spans.is_empty() {
            bail!("{}: no game found", path.display());
        }
        // A file of one "game" that reads as nothing (a text file, not
        // PGN) is refused here, as a missing file is, before the last
        // session's game is moved aside for it.
        if let [span] = &spans[..] {
            if let Ok(r) = read_span(&text, span.clone(), 1) {
                if let Some(why) = nothing_read(&r) {
                    bail!("{}: no game found ({why})", path.display());
                }
            }
        }
        // So is other text a lenient reader would cut into several.
        // (A file with tags is PGN: known at its first game.)
        let tagged = each_game(&text).any(|e| !e.tags.is_empty());
        if !tagged && !holds_games(&text, &index_games(&text)) {
            bail!(
                "{}: not a PGN file (no game's tags or moves in it)",
                path.display()
            );
        }
        // The last session's unsaved work on a game of this very file
        // comes back as it was left, as `tapir` alone brings it back,
        // rather than being moved aside for the file's picker.
        if let Some((k, r)) = unsaved_game_of(path, dirs) {
            let name = path
                .file_name()
                .unwrap_or(path.as_os_str())
                .to_string_lossy();
            let back = format!(
                "{name}: {k}, unsaved when the last session ended, is back as you left it (:games lists the file's games)"
            );
            return Ok(restored_start(r, &dirs.autosave_file(), Some(back)));
        }
        return Ok(Start {
            pgn: Some((text, enc)),
            ..Start::after(Game::default(), keep_last_session(dirs))
        });
    }
    if args.new {
        return Ok(Start::after(Game::default(), keep_last_session(dirs)));
    }
    let auto = dirs.autosave_file();
    if dirs.data.exists() && !dirs.data.is_dir() {
        let msg = format!(
            "the data folder {} is a file, not a folder: nothing can be autosaved (set TAPIR_DATA_DIR or move the file)",
            dirs.data.display()
        );
        return Ok(Start::game(Game::default(), Some(msg)));
    }
    let Some(restored) = read_autosave(&auto) else {
        return Ok(Start::game(Game::default(), None));
    };
    Ok(match restored {
        Ok(r) => restored_start(r, &auto, None),
        Err(why) => {
            let msg = match autosave::keep_aside(&auto) {
                Ok(aside) => format!(
                    "the autosave was unreadable ({why}); kept as {}",
                    aside.display()
                ),
                Err(e) if e.kind() == io::ErrorKind::InvalidInput => format!(
                    "the autosave {} is unreadable ({why}); left as it is",
                    auto.display()
                ),
                Err(e) => format!(
                    "the autosave {} was unreadable ({why}) and could not be moved aside ({e}); it is left as it is",
                    auto.display()
                ),
            };
            Start::game(Game::default(), Some(msg))
        }
    })
}

/// The session kept in the autosave `auto`: `None` when there is none,
/// else what it restores or why it cannot be read.
fn read_autosave(auto: &std::path::Path) -> Option<Result<Restored, String>> {
    let text = match read_pgn(auto) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
        Err(e) => Err(e.to_string()),
        Ok((text, _)) => Ok(text),
    };
    let mut read = text.and_then(|t| autosave::decode(&t, Instant::now()));
    // A game kept as saved whose file is gone or changed meanwhile is
    // work no file holds: it counts as unsaved (n asks, --new keeps it).
    if let Ok(r) = &mut read {
        if let Some(origin) = r.origin.as_ref().filter(|_| !r.unsaved) {
            r.stale = super::files::no_longer_holds(origin);
            r.unsaved = r.stale.is_some();
        }
    }
    Some(read)
}

/// The board the autosave brings back, with what the status line says of
/// it: `said` in place of "restored the last game" where the start says
/// more (the file it was opened with).
fn restored_start(r: Restored, auto: &std::path::Path, said: Option<String>) -> Start {
    let moves = r.game.tree().move_count();
    let mut msg = said.or_else(|| {
        (moves > 0).then(|| {
            let over = r
                .play
                .as_ref()
                .is_some_and(|p| p.clocks.as_ref().is_some_and(|c| c.flagged.is_some()));
            let what = match r.play.as_ref().map(|p| (p.human, p.engine.as_deref())) {
                Some(_) if over => "the last game, over on time; n for a new one".to_string(),
                Some((Some(_), Some(engine))) => format!(
                "the game against {engine}, paused: :engine starts it, then k goes on; a ends it"
            ),
                Some((Some(_), None)) => {
                    "the game against the engine, paused: k or p goes on with it, a ends it"
                        .to_string()
                }
                Some((None, _)) => {
                    "the two players' game, paused: k goes on with it, a ends it".to_string()
                }
                None => "the last game; n for a new one".to_string(),
            };
            format!(
                "restored {what} ({})",
                crate::game::game_size(r.game.tree())
            )
        })
    });
    if let (Some(m), Some(stale)) = (msg.as_mut(), &r.stale) {
        m.push_str(&format!(
            "; {stale}, so it counts as unsaved (:save FILE keeps it)"
        ));
    }
    if let (Some(m), Some(players)) = (msg.as_mut(), &r.duel_cut) {
        m.push_str(&format!(
            "; the engine game {players} ended with the restart, its moves kept (:match plays another)"
        ));
    }
    // What did not read would be gone at the next autosave: the
    // whole file is moved aside first, and the board goes on with
    // what read.
    if let Some(first) = r.problems.first() {
        let kept = match autosave::keep_aside(auto) {
            Ok(aside) => format!("so the whole file is kept as {}", aside.display()),
            Err(e) => format!("and the whole file could not be kept aside ({e})"),
        };
        let m = msg.get_or_insert_with(|| "restored the last game".to_string());
        m.push_str(&format!("; the autosave read in part, {kept}: {first}"));
        if r.problems.len() > 1 {
            m.push_str(&format!(" (and {} more: :messages)", r.problems.len() - 1));
        }
    }
    Start {
        session: Some(r),
        ..Start::game(Game::default(), msg)
    }
}

/// When the autosave holds work on a game of the file at `path` (its
/// unsaved edits, a comment typed, the editor open over it) and no game
/// on the clock: that game, named for the status line ("game 3").
fn unsaved_game_of(path: &std::path::Path, dirs: &Dirs) -> Option<(String, Restored)> {
    let r = read_autosave(&dirs.autosave_file())?.ok()?;
    let origin = r.origin.as_ref()?;
    if r.play.is_some() || !super::files::same_file(&origin.path, path) {
        return None;
    }
    let name = match origin.index {
        Some(i) => format!("game {}", i + 1),
        None => "its game".to_string(),
    };
    restored_holds_work(&r).then_some((name, r))
}

/// Whether an autosave holds work no file has (an unsaved game, a game
/// against the engine, a position being set up or one left with Esc, a
/// comment typed and not written), or cannot be read.
fn holds_work(auto: &std::path::Path) -> Option<bool> {
    read_autosave(auto).map(session_holds_work)
}

/// `holds_work` of an autosave already read.
fn session_holds_work(read: Result<Restored, String>) -> bool {
    match read {
        Ok(r) => restored_holds_work(&r),
        Err(_) => true,
    }
}

/// `session_holds_work` of an autosave that read.
fn restored_holds_work(r: &Restored) -> bool {
    (r.unsaved && Document::game_has_work(&r.game))
        || r.play.is_some()
        || r.editor.is_some()
        || !r.drafts.is_empty()
        || !r.left_setup.is_empty()
}

/// The autosaves of second boards that are gone (`autosave.PID.pgn`, each
/// written while another board held the usual one). Where the usual
/// autosave holds no work (nothing in it would be lost), the newest one
/// holding work takes its place, so its session comes back as a board's
/// last one does (a game on the clock paused, as its quit question said).
/// Any other holding work is kept as `autosave.previous….pgn`, where a
/// board's last unsaved game is always looked for, and said; one holding
/// none is removed.
fn keep_other_boards_games(dirs: &Dirs) -> Option<String> {
    let mut with_work = Vec::new();
    for entry in std::fs::read_dir(&dirs.data).ok()?.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("autosave.")?.strip_suffix(".pgn"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if super::autosave_lock::may_be_running(pid) {
            continue;
        }
        let path = entry.path();
        if let Some(read) = read_autosave(&path) {
            // One that cannot be read goes aside as it is, never in the
            // autosave's place.
            let readable = read.is_ok();
            if session_holds_work(read) {
                let when = entry.metadata().and_then(|m| m.modified()).ok();
                with_work.push((readable, when, path));
            } else {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
    // The readable ones after the others, newest last.
    with_work.sort();
    let mut said = Vec::new();
    let auto = dirs.autosave_file();
    let last_readable = with_work.last().is_some_and(|(readable, ..)| *readable);
    if last_readable && holds_work(&auto) != Some(true) {
        if let Some((_, _, newest)) = with_work.pop() {
            if std::fs::rename(&newest, &auto).is_ok() {
                said.push(format!(
                    "a second board's session ({}, written while another board held the autosave) took the place of the autosave, which held no unsaved work",
                    super::files::for_load(&newest)
                ));
            } else {
                with_work.push((true, None, newest));
            }
        }
    }
    let kept: Vec<String> = with_work
        .iter()
        .filter_map(|(_, _, path)| autosave::keep_previous(path).ok())
        .map(|p| super::files::for_load(&p))
        .collect();
    match kept.as_slice() {
        [] => {}
        [one] => said.push(format!(
            "a second board's unsaved game is kept as {one} (:load it to go on with it)"
        )),
        many => said.push(format!(
            "second boards' unsaved games are kept as {} (:load them)",
            many.join(", ")
        )),
    }
    (!said.is_empty()).then(|| said.join("; and "))
}

/// A start with another game (`--fen`, a file, `--new`) is about to write
/// over the autosave: when it holds work no file has (an unsaved game, a
/// game against the engine, a position being set up, a comment typed and
/// not written) or cannot be read,
/// it is moved aside first, and the status line says where.
fn keep_last_session(dirs: &Dirs) -> LastSession {
    let auto = dirs.autosave_file();
    let Some(mut read) = read_autosave(&auto) else {
        return LastSession::default();
    };
    // `:load` reads a kept session's moves, comments and file link, not
    // a game on the clock: that one does not go on from there.
    let in_play = matches!(&read, Ok(r) if r.play.is_some());
    // The editors' left set-ups go on in this session, so they alone are
    // no reason to keep the session aside (they were, once a file each).
    let left_setup = match &mut read {
        Ok(r) => std::mem::take(&mut r.left_setup),
        Err(_) => Vec::new(),
    };
    if !session_holds_work(read) {
        return LastSession {
            message: None,
            left_setup,
        };
    }
    let how = if in_play {
        ":load it for its moves and comments; the game on the clock does not go on"
    } else {
        ":load it to go on with it"
    };
    let message = match autosave::keep_previous(&auto) {
        Ok(aside) => format!(
            "the last session's unsaved game is kept as {} ({how})",
            super::files::for_load(&aside)
        ),
        Err(e) => format!(
            "the last session's unsaved game could not be kept aside ({e}); {} will be written over",
            auto.display()
        ),
    };
    LastSession {
        message: Some(message),
        left_setup,
    }
}

/// What became of the last session when this one starts with another
/// game: what the status line says of it, and the set-ups carried on.
#[derive(Debug, Default)]
struct LastSession {
    message: Option<String>,
    left_setup: Vec<String>,
}

type Term = Terminal<CrosstermBackend<io::Stdout>>;

/// Whether the board is on the terminal's alternate screen: a restore
/// leaves it once, so that a second restore (the guard's, after the
/// loop's own) never clears the shell's screen.
static ON_ALTERNATE_SCREEN: AtomicBool = AtomicBool::new(false);

fn enter_terminal() -> Result<Term> {
    enable_raw_mode().context("switching the terminal to raw mode")?;
    let mut out = io::stdout();
    ON_ALTERNATE_SCREEN.store(true, Ordering::SeqCst);
    execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        cursor::Hide
    )
    .context("setting up the terminal")?;
    Terminal::new(CrosstermBackend::new(out)).context("opening the terminal")
}

/// Whether the board's process group holds the terminal (true when
/// that cannot be told: not a terminal).
fn in_foreground() -> bool {
    rustix::termios::tcgetpgrp(io::stdout()).map_or(true, |g| g == rustix::process::getpgrp())
}

/// The terminal again after a stop: raw mode, the alternate screen and
/// the mouse, as `enter_terminal` set them (a shell may have changed them
/// meanwhile), and the next frame drawn whole.
fn retake_terminal(term: &mut Term) -> Result<()> {
    // Set again even where crossterm believes it still is: a shell that
    // saw the stop put its own modes back.
    let _ = disable_raw_mode();
    enable_raw_mode().context("switching the terminal to raw mode")?;
    ON_ALTERNATE_SCREEN.store(true, Ordering::SeqCst);
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        Clear(ClearType::All),
        EnableMouseCapture,
        EnableBracketedPaste,
        cursor::Hide
    )
    .context("setting up the terminal")?;
    // The last frame is forgotten, so the next one is drawn whole onto the
    // cleared screen (`Terminal::clear` would ask the terminal where its
    // cursor is, an answer the input thread may take first).
    term.swap_buffers();
    Ok(())
}

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore_terminal() {
    let mut out = io::stdout();
    let _ = execute!(out, DisableBracketedPaste, DisableMouseCapture);
    if ON_ALTERNATE_SCREEN.swap(false, Ordering::SeqCst) {
        // Emptied before it is left: a terminal resized while the board
        // was up (tmux) can carry the alternate screen's rows into the
        // shell's screen as it switches back.
        let _ = execute!(
            out,
            Clear(ClearType::All),
            cursor::MoveTo(0, 0),
            LeaveAlternateScreen
        );
    }
    let _ = execute!(out, cursor::Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Restores the terminal when the loop unwinds.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// A panic on the UI thread restores the terminal before the message is
/// printed; one on another thread is kept for the status line instead of
/// being printed over the board.
fn install_panic_hook() {
    let _ = UI_THREAD.set(std::thread::current().id());
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if Some(&std::thread::current().id()) == UI_THREAD.get() {
            restore_terminal();
            previous(info);
        } else {
            let name = std::thread::current()
                .name()
                .unwrap_or("a background thread")
                .to_string();
            let msg = format!("{name} panicked: {info}");
            if let Ok(mut slot) = BACKGROUND_PANIC.lock() {
                *slot = Some(msg);
            }
        }
    }));
}

/// What this board last wrote to config.toml, and the settings of the
/// last try that failed with why (said once, and tried again only when the
/// settings change again, or at exit).
struct Settings {
    on_disk: config::Config,
    failed: Option<(config::Config, String)>,
}

/// Writes the settings changed on the board into config.toml as soon as
/// they change (only the keys that changed, as at exit), so that a crash or
/// a kill keeps them; a failure is said once and tried again at the next
/// change and at exit. True when it said something.
fn keep_settings(app: &mut App, dirs: &Dirs, settings: &mut Settings) -> bool {
    if !app.config_changed || app.settings_not_saved.is_some() {
        return false;
    }
    if settings
        .failed
        .as_ref()
        .is_some_and(|(c, _)| *c == app.config)
    {
        return false;
    }
    match config::save_settings(&dirs.config_file(), &settings.on_disk, &app.config) {
        Ok(()) => {
            settings.on_disk = app.config.clone();
            settings.failed = None;
            app.config_changed = false;
            false
        }
        Err(e) => {
            let why = format!("{e:#}");
            let new = settings.failed.as_ref().is_none_or(|(_, w)| *w != why);
            if new {
                app.error(format!("settings not saved: {why}"));
            }
            settings.failed = Some((app.config.clone(), why));
            new
        }
    }
}

/// The folders, and the autosave lock this board holds: checked before
/// each autosave, which may move to a file of this board's own.
struct Autosaving<'a> {
    dirs: &'a mut Dirs,
    lock: &'a mut super::autosave_lock::AutosaveLock,
}

impl Autosaving<'_> {
    /// Where this board autosaves, its lock checked first (`reclaim`): a
    /// move to a file of its own is said.
    fn autosave_file(&mut self, app: &mut App) -> std::path::PathBuf {
        if let Some(other) = super::autosave_lock::reclaim(self.lock, &self.dirs.data) {
            self.dirs.autosave = other.own;
            app.update(Action::AutosaveMoved(self.dirs.autosave.clone()));
        }
        self.dirs.autosave_file()
    }
}

fn event_loop(
    term: &mut Term,
    app: &mut App,
    saving: &mut Autosaving,
    signals: &Signals,
    net_file: Option<&std::path::Path>,
    settings: &mut Settings,
) -> Result<()> {
    let size = term.size()?;
    app.update(Action::Resize(size.width, size.height));
    let had_terminal = {
        use std::io::IsTerminal;
        io::stdout().is_terminal()
    };

    let (tx, rx) = channel::<LoopEvent>();
    spawn_input(tx.clone())?;
    let mut engine = Links::new(
        tx.clone(),
        LoopEvent::Engine,
        initial_options(app, net_file),
    );

    let mut stats = FrameStats::default();
    let mut dirty = true;
    let mut last_draw: Option<Instant> = None;
    // Ticks keep their own schedule: a stream of mouse motion or engine
    // reports must not hold back the clocks or the flag-fall check.
    let mut last_tick = Instant::now();
    loop {
        run_effects(app, &mut engine, saving, &tx);
        dirty |= keep_settings(app, saving.dirs, settings);
        if signals.quit() && !app.quit {
            app.update(Action::ForceQuit);
            run_effects(app, &mut engine, saving, &tx);
        }
        if app.quit {
            break;
        }
        dirty |= signals.suspend_and_resume(term)?;
        let now = Instant::now();
        // Draw when something changed, at most once per MIN_FRAME_GAP.
        let due = last_draw.map_or(now, |t| t + MIN_FRAME_GAP);
        if dirty && now >= due {
            let start = Instant::now();
            if let Err(e) = term.draw(|f| ui::draw(f, app, &stats)) {
                // The session is saved whatever went wrong; a terminal
                // that went away is a way out, not an error.
                app.update(Action::ForceQuit);
                run_effects(app, &mut engine, saving, &tx);
                return if terminal_gone(had_terminal) {
                    Ok(())
                } else {
                    Err(anyhow!("drawing the board failed: {e}"))
                };
            }
            stats.record(start.elapsed());
            last_draw = Some(start);
            dirty = false;
            // Test hook: proves a panic restores the terminal (tests/tui_pty.rs).
            if std::env::var_os("TAPIR_TEST_PANIC").is_some() {
                panic!("TAPIR_TEST_PANIC is set");
            }
        }
        let next_tick = last_tick + if app.is_live() { LIVE_TICK } else { IDLE_TICK };
        let mut wake = next_tick;
        if dirty {
            wake = wake.min(due);
        }
        let first = match rx.recv_timeout(wake.saturating_duration_since(now)) {
            Ok(ev) => Some(ev),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        app.now = Instant::now();
        if app.now >= next_tick {
            // Its window closed without a SIGHUP reaching us (nohup, a
            // multiplexer): nothing will ever be read or shown again.
            if terminal_gone(had_terminal) {
                app.update(Action::ForceQuit);
                continue;
            }
            if let Some(msg) = BACKGROUND_PANIC.lock().ok().and_then(|mut s| s.take()) {
                app.error(msg);
                dirty = true;
            }
            dirty |= app.update(Action::Tick(app.now));
            last_tick = app.now;
        }
        // Handle a burst before drawing again, but never an endless one: an
        // engine that floods its lines must not hold off the redraw and
        // the clocks' ticks (what is left waits for the next turn).
        for ev in first
            .into_iter()
            .chain(std::iter::from_fn(|| rx.try_recv().ok()))
            .take(MAX_BURST)
        {
            let action = match ev {
                LoopEvent::Input(e) => keymap::map_event(app, &e),
                LoopEvent::InputClosed(e) => {
                    // As at a hang-up: what is being typed is kept.
                    app.update(Action::ForceQuit);
                    run_effects(app, &mut engine, saving, &tx);
                    return Err(anyhow!("reading the terminal failed: {e}"));
                }
                LoopEvent::Engine(id, report) => Some(report_action(id, report)),
                LoopEvent::Report(msg) => Some(Action::ReportNews(msg)),
            };
            if let Some(a) = action {
                if let Action::Resize(..) = a {
                    term.autoresize()?;
                }
                dirty |= app.update(a);
                // What the key asked for is done before the next key: a
                // game kept aside must not miss a move played just after.
                run_effects(app, &mut engine, saving, &tx);
            }
            // A signal is answered between two keys, however long the burst.
            if app.quit || signals.quit() {
                break;
            }
        }
    }
    run_effects(app, &mut engine, saving, &tx);
    Ok(())
}

/// The thread that reads the terminal: every event onto the loop's
/// channel, and one last `InputClosed` when reading fails.
fn spawn_input(tx: Sender<LoopEvent>) -> Result<()> {
    std::thread::Builder::new()
        .name("tapir-input".into())
        .spawn(move || loop {
            match crossterm::event::read() {
                Ok(ev) => {
                    if tx.send(LoopEvent::Input(ev)).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    let _ = tx.send(LoopEvent::InputClosed(e.to_string()));
                    break;
                }
            }
        })
        .context("starting the input thread")?;
    Ok(())
}

/// What every engine is started with: the settings' Hash, Threads and
/// Syzygy path, and the net given on the command line.
fn initial_options(app: &App, net_file: Option<&std::path::Path>) -> Vec<EngineOption> {
    let mut initial = vec![
        EngineOption::Hash(app.config.hash),
        EngineOption::Threads(app.config.threads),
    ];
    if let Some(path) = net_file {
        initial.push(EngineOption::EvalFile(Some(path.to_path_buf())));
    }
    if !app.config.syzygy_path.trim().is_empty() {
        initial.push(EngineOption::SyzygyPath(super::files::expand_folders(
            &app.config.syzygy_path,
        )));
    }
    initial
}

/// Whether the terminal the board was drawn on went away (a hang-up makes
/// its ioctls fail, so it no longer reads as a terminal).
fn terminal_gone(had_terminal: bool) -> bool {
    use std::io::IsTerminal;
    had_terminal && !io::stdout().is_terminal()
}

/// Carries out what the reducer asked for; file results come back as
/// actions at once.
fn run_effects(
    app: &mut App,
    engine: &mut Links<LoopEvent>,
    saving: &mut Autosaving,
    tx: &Sender<LoopEvent>,
) {
    loop {
        let effects = app.take_effects();
        if effects.is_empty() {
            return;
        }
        for e in effects {
            match e {
                Effect::Load(path) => {
                    let a = match read_pgn(&path) {
                        Ok((text, encoding)) => Action::FileLoaded {
                            path,
                            text,
                            encoding,
                        },
                        Err(err) => {
                            Action::FileError(format!("cannot read {}: {err}", path.display()))
                        }
                    };
                    app.update(a);
                }
                Effect::Reread { path, want } => {
                    let a = match read_pgn(&path) {
                        Ok((text, encoding)) => Action::FileReread {
                            path,
                            text,
                            encoding,
                            want,
                        },
                        Err(err) => {
                            Action::FileError(format!("cannot read {}: {err}", path.display()))
                        }
                    };
                    app.update(a);
                }
                Effect::LoadNet(path) => {
                    let a = match Network::load_named(&path) {
                        Ok(net) => Action::NetLoaded {
                            path,
                            net: Arc::new(net),
                        },
                        Err(err) => Action::FileError(format!("cannot load the net: {err}")),
                    };
                    app.update(a);
                }
                Effect::LoadBook(path) => {
                    let book = crate::book::Book::load(&path)
                        .map(Arc::new)
                        .map_err(|e| e.to_string());
                    app.update(Action::BookLoaded { path, book });
                }
                Effect::Save { path, text, how } => {
                    // What an overwrite writes over is copied into the data folder.
                    let keep = super::kept::copies_dir(&saving.dirs.data);
                    let a = match save_game_keeping(&path, &text, &how, Some(&keep)) {
                        Ok(Saved::Done { index, note }) => Action::Saved(SavedAs {
                            path,
                            index,
                            note,
                            fingerprint: fingerprint(&text),
                        }),
                        Ok(Saved::Exists(holds)) => Action::SaveTargetExists {
                            own: app
                                .doc
                                .own_file()
                                .is_some_and(|o| super::files::same_file(&o.path, &path)),
                            path,
                            holds,
                        },
                        Err(err) => {
                            Action::FileError(format!("cannot save {}: {err:#}", path.display()))
                        }
                    };
                    app.update(a);
                }
                Effect::Autosave(text) => {
                    match write_atomic(&saving.autosave_file(app), &text) {
                        Err(err) => {
                            app.update(Action::AutosaveWritten(Err(format!("{err:#}"))));
                        }
                        // Said only when it changes something.
                        Ok(()) if app.autosave_failed.is_some() => {
                            app.update(Action::AutosaveWritten(Ok(())));
                        }
                        Ok(()) => {}
                    }
                }
                Effect::KeepAutosaveAside { text, replacement } => {
                    // Written first: an earlier autosave may have failed.
                    let auto = saving.autosave_file(app);
                    let kept = write_atomic(&auto, &text)
                        .map_err(|e| format!("{e:#}"))
                        .and_then(|()| autosave::keep_previous(&auto).map_err(|e| e.to_string()));
                    let a = match kept {
                        Ok(path) => Action::KeptAside { path, replacement },
                        Err(why) => Action::KeepAsideFailed(why),
                    };
                    app.update(a);
                }
                Effect::RestoreCopy { copy, to } => {
                    let keep = super::kept::copies_dir(&saving.dirs.data);
                    let a = match super::files::restore_copy(&copy, &to, &keep) {
                        Ok(kept) => Action::CopyRestored { to, kept },
                        Err(e) => Action::FileError(format!("nothing put back: {e:#}")),
                    };
                    app.update(a);
                }
                Effect::ListKept => {
                    app.update(Action::KeptListed {
                        dir: saving.dirs.data.clone(),
                        files: super::kept::list(&saving.dirs.data),
                    });
                }
                Effect::Complete(prefix) => {
                    app.update(Action::Completions(complete_path(&prefix)));
                }
                Effect::Copy(what, text) => {
                    copy_osc52(&text);
                    if let Some(tool) = super::clipboard::copy(&text) {
                        app.update(Action::CopiedWith(tool.to_string(), what));
                    }
                }
                Effect::StartReport(job) => {
                    let token = job.token;
                    let tx = tx.clone();
                    let started = super::report::spawn(job, move |msg| {
                        tx.send(LoopEvent::Report(msg)).is_ok()
                    });
                    if let Err(e) = started {
                        app.update(Action::ReportNews(super::report::ReportMsg::Done {
                            token,
                            error: Some(format!("cannot start the report thread: {e}")),
                        }));
                    }
                }
                other => engine.send(other),
            }
        }
    }
}

/// Asks the terminal to put `text` on the clipboard (OSC 52); terminals
/// that do not support it ignore the sequence.
fn copy_osc52(text: &str) {
    let mut out = io::stdout();
    let _ = write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()));
    let _ = out.flush();
}

fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for i in 0..4 {
            if i <= chunk.len() {
                s.push(T[(n >> (18 - 6 * i)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty data folder of its own for a test (`name` and the pid),
    /// and the board's folders in it.
    fn temp_dirs(name: &str) -> (std::path::PathBuf, Dirs) {
        let data = std::env::temp_dir().join(format!("tapir-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).unwrap();
        let dirs = Dirs {
            config: data.clone(),
            autosave: data.join("autosave.pgn"),
            data: data.clone(),
        };
        (data, dirs)
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_gone_second_boards_game_is_kept_aside_and_an_empty_one_removed() {
        let (data, dirs) = temp_dirs("orphans");
        // Process ids above the kernel's limit are never running.
        let unsaved = "[TapirUnsaved \"1\"]\n\n1. d4 d5 *\n";
        std::fs::write(data.join("autosave.4000000001.pgn"), unsaved).unwrap();
        std::fs::write(data.join("autosave.4000000002.pgn"), "*\n").unwrap();
        // A running board's own file (this process) is left alone.
        let mine = data.join(format!("autosave.{}.pgn", std::process::id()));
        std::fs::write(&mine, unsaved).unwrap();
        // The usual autosave holds work: the gone board's game goes aside.
        std::fs::write(&dirs.autosave, unsaved.replace("d5", "e5")).unwrap();
        let note = keep_other_boards_games(&dirs).unwrap();
        assert!(note.contains("autosave.previous.pgn"), "{note}");
        let kept = std::fs::read_to_string(data.join("autosave.previous.pgn")).unwrap();
        assert_eq!(kept, unsaved);
        assert!(!data.join("autosave.4000000001.pgn").exists());
        assert!(
            !data.join("autosave.4000000002.pgn").exists(),
            "empty: removed"
        );
        assert!(mine.exists());
        assert_eq!(keep_other_boards_games(&dirs), None, "nothing more to say");
        std::fs::remove_dir_all(&data).unwrap();
    }

    /// A gone second board's session, where the usual autosave holds no
    /// work, becomes the autosave (so a game on its clock comes back
    /// paused); an older one holding work goes aside.
    #[test]
    #[cfg(target_os = "linux")]
    fn a_gone_second_boards_session_comes_back_where_the_autosave_holds_none() {
        let (data, dirs) = temp_dirs("orphan-back");
        std::fs::write(&dirs.autosave, "1. e4 e5 *\n").unwrap();
        let older = "[TapirUnsaved \"1\"]\n\n1. c4 *\n";
        let newer = "[TapirUnsaved \"1\"]\n\n1. d4 d5 *\n";
        std::fs::write(data.join("autosave.4000000003.pgn"), older).unwrap();
        let t = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
        std::fs::File::options()
            .write(true)
            .open(data.join("autosave.4000000003.pgn"))
            .unwrap()
            .set_modified(t)
            .unwrap();
        std::fs::write(data.join("autosave.4000000004.pgn"), newer).unwrap();
        let note = keep_other_boards_games(&dirs).unwrap();
        assert!(note.contains("autosave.4000000004.pgn"), "{note}");
        assert!(note.contains("took the place of the autosave"), "{note}");
        assert!(note.contains("autosave.previous.pgn"), "{note}");
        assert_eq!(std::fs::read_to_string(&dirs.autosave).unwrap(), newer);
        let aside = std::fs::read_to_string(data.join("autosave.previous.pgn")).unwrap();
        assert_eq!(aside, older);
        assert!(!data.join("autosave.4000000003.pgn").exists());
        assert!(!data.join("autosave.4000000004.pgn").exists());
        std::fs::remove_dir_all(&data).unwrap();
    }

    /// A comment typed on a saved game and left with Esc lives only in
    /// the autosave: a start with another game keeps that aside too.
    #[test]
    fn a_typed_comment_on_a_saved_game_is_work_to_keep() {
        let game = crate::game::pgn::read_first("1. e4 e5 *").unwrap().game;
        let mut app = App::new(crate::tui::config::Config::default(), game);
        app.update(Action::EditComment);
        app.update(Action::PromptChar('!'));
        app.update(Action::Cancel);
        let text = crate::tui::autosave::tests::autosaved(&mut app);
        let dir = std::env::temp_dir().join(format!("tapir-drafts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let auto = dir.join("autosave.pgn");
        std::fs::write(&auto, &text).unwrap();
        assert_eq!(holds_work(&auto), Some(true), "{text}");
        std::fs::write(&auto, "1. e4 e5 *\n").unwrap();
        assert_eq!(holds_work(&auto), Some(false));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A game restored as saved counts as unsaved when its file is gone
    /// or no longer holds it as saved (edited elsewhere): `n` asks, and a
    /// start with another game keeps it aside.
    #[test]
    fn a_saved_game_whose_file_changed_or_went_is_work_to_keep() {
        let dir = std::env::temp_dir().join(format!("tapir-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("game.pgn");
        let text = "[Event \"a\"]\n\n1. e4 e5 *\n";
        std::fs::write(&file, text).unwrap();
        let game = crate::game::pgn::read_first(text).unwrap().game;
        let mut app = App::new(crate::tui::config::Config::default(), game);
        app.doc.origin = Some(crate::tui::document::Origin {
            path: file.clone(),
            index: None,
            games: Some(1),
            fingerprint: Some(crate::tui::files::fingerprint(text)),
            save_elsewhere: false,
        });
        app.doc.mark_clean();
        let auto = dir.join("autosave.pgn");
        std::fs::write(&auto, crate::tui::autosave::encode(&app)).unwrap();
        let stale = || read_autosave(&auto).unwrap().unwrap().stale;
        assert_eq!(holds_work(&auto), Some(false));
        assert_eq!(stale(), None);
        std::fs::write(&file, text.replace("e5", "c5")).unwrap();
        assert_eq!(holds_work(&auto), Some(true));
        let why = stale().unwrap();
        assert!(why.contains("changed since it was saved"), "{why}");
        std::fs::remove_file(&file).unwrap();
        assert_eq!(holds_work(&auto), Some(true));
        assert!(stale().unwrap().ends_with("is gone"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A game on the clock kept aside says what `:load` brings back of it.
    #[test]
    fn a_kept_game_on_the_clock_says_load_does_not_resume_it() {
        let mut app = App::new(crate::tui::config::Config::default(), Game::default());
        app.update(Action::TwoPlayers);
        app.update(Action::PlayClock);
        app.update(Action::ChoiceConfirm);
        app.update(Action::MoveText("e4".into()));
        let text = crate::tui::autosave::tests::autosaved(&mut app);
        let (data, dirs) = temp_dirs("kept");
        std::fs::write(dirs.autosave_file(), &text).unwrap();
        let note = keep_last_session(&dirs).message.unwrap();
        assert!(
            note.contains("the game on the clock does not go on"),
            "{note}"
        );
        // An unsaved analysis goes on where it stopped.
        std::fs::write(dirs.autosave_file(), "[TapirUnsaved \"1\"]\n\n1. d4 d5 *\n").unwrap();
        let note = keep_last_session(&dirs).message.unwrap();
        assert!(note.contains(":load it to go on with it"), "{note}");
        std::fs::remove_dir_all(&data).unwrap();
    }

    /// A saved game with only an editor's left set-up beside it is not
    /// kept aside at the next start with another game (once a file each
    /// time): the set-up goes on in the new session; with unsaved work it
    /// is kept aside and carried on too.
    #[test]
    fn a_fen_that_is_not_a_position_opens_in_the_editor_over_the_last_game() {
        let (data, dirs) = temp_dirs("fen-mend");
        let saved = "[TapirUnsaved \"1\"]\n\n1. d4 d5 *\n";
        std::fs::write(dirs.autosave_file(), saved).unwrap();
        let args = |fen: &str| TuiArgs {
            fen: Some(fen.to_string()),
            ..TuiArgs::default()
        };
        // No black king: the editor gets it, the last game stays the board's
        // and nothing is moved aside.
        let start = initial_game(&args("8/8/8/8/8/8/8/K7 w - - 0 1"), &dirs).unwrap();
        assert_eq!(
            start.fen_to_mend.as_deref(),
            Some("8/8/8/8/8/8/8/K7 w - - 0 1")
        );
        let game = start.session.map(|s| s.game).unwrap_or(start.game);
        assert_eq!(game.tree().mainline_len(), 2);
        assert_eq!(
            std::fs::read_to_string(dirs.autosave_file()).unwrap(),
            saved
        );
        // Text that is no set-up at all stops before the terminal opens.
        let e = initial_game(&args("not a fen"), &dirs).err().unwrap();
        assert!(e.to_string().starts_with("--fen: "), "{e}");
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn a_file_opened_again_brings_back_the_unsaved_work_on_its_game() {
        let (data, dirs) = temp_dirs("same-file");
        let file = data.join("two.pgn");
        std::fs::write(&file, "1. e4 e5 *\n\n1. d4 d5 *\n").unwrap();
        let file = std::fs::canonicalize(&file).unwrap();
        let saved = format!(
            "[TapirFile \"{}\"]\n[TapirFileIndex \"1\"]\n[TapirUnsaved \"1\"]\n\n1. d4 d5 2. c4 {{mine}} *\n",
            file.display()
        );
        std::fs::write(dirs.autosave_file(), &saved).unwrap();
        let args = TuiArgs {
            pgn: Some(file.clone()),
            ..TuiArgs::default()
        };
        let start = initial_game(&args, &dirs).unwrap();
        assert!(start.pgn.is_none(), "no picker over the work");
        let r = start.session.expect("the last session comes back");
        assert_eq!(r.game.tree().mainline_len(), 3);
        assert_eq!(r.origin.map(|o| o.index), Some(Some(1)));
        let said = start.message.unwrap();
        assert!(said.starts_with("two.pgn: game 2, unsaved"), "{said}");
        assert_eq!(
            std::fs::read_to_string(dirs.autosave_file()).unwrap(),
            saved
        );
        // Another file opens its picker, the work kept aside as before.
        let other = data.join("other.pgn");
        std::fs::write(&other, "1. c4 *\n\n1. Nf3 *\n").unwrap();
        let start = initial_game(
            &TuiArgs {
                pgn: Some(other),
                ..TuiArgs::default()
            },
            &dirs,
        )
        .unwrap();
        assert!(start.pgn.is_some() && start.session.is_none());
        assert!(start.message.unwrap().contains("is kept as"));
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn a_file_that_is_not_pgn_is_refused_before_anything_moves() {
        let (data, dirs) = temp_dirs("not-pgn");
        let saved = "[TapirUnsaved \"1\"]\n\n1. d4 d5 *\n";
        std::fs::write(dirs.autosave_file(), saved).unwrap();
        let toml = data.join("Cargo.toml");
        std::fs::write(
            &toml,
            "[package]\nname = \"x\"\n\n[dependencies]\nanyhow = \"1\"\n",
        )
        .unwrap();
        let args = TuiArgs {
            pgn: Some(toml),
            ..TuiArgs::default()
        };
        let e = initial_game(&args, &dirs).err().unwrap();
        assert!(
            e.to_string()
                .ends_with("Cargo.toml: not a PGN file (no game's tags or moves in it)"),
            "{e}"
        );
        assert_eq!(
            std::fs::read_to_string(dirs.autosave_file()).unwrap(),
            saved
        );
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn left_set_ups_go_on_rather_than_keeping_the_session_aside() {
        let (data, dirs) = temp_dirs("left");
        let setup = "8/8/8/8/8/8/6k1/4K3 w - - 0 1";
        let saved = format!("[TapirLeftSetup \"{setup}\"]\n\n1. d4 d5 *\n");
        std::fs::write(dirs.autosave_file(), &saved).unwrap();
        let last = keep_last_session(&dirs);
        assert_eq!(last.message, None);
        assert_eq!(last.left_setup, [setup]);
        assert!(dirs.autosave_file().exists(), "nothing moved aside");
        let kept = |d: &std::path::Path| {
            std::fs::read_dir(d)
                .unwrap()
                .filter(|e| {
                    let n = e.as_ref().unwrap().file_name();
                    n.to_string_lossy().starts_with("autosave.previous")
                })
                .count()
        };
        assert_eq!(kept(&data), 0);
        let unsaved = format!("[TapirUnsaved \"1\"]\n{saved}");
        std::fs::write(dirs.autosave_file(), &unsaved).unwrap();
        let last = keep_last_session(&dirs);
        assert!(last.message.unwrap().contains("is kept as"));
        assert_eq!(last.left_setup, [setup]);
        assert_eq!(kept(&data), 1);
        std::fs::remove_dir_all(&data).unwrap();
    }

    #[test]
    fn base64_matches_the_rfc_examples() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64(b"foobar"), "Zm9vYmFy");
    }
}
