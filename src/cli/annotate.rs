//! `tapir annotate IN.pgn`: the game report for every game of a file (or a
//! slice of it), written as PGN: `[%eval]` per move, ?!/?/?? NAGs, the
//! engine's better line as a variation, the explanation as a comment, and
//! accuracy and ACPL tags. The analysis itself is `analysis`; this wires
//! it to files, a progress bar on stderr and the summary on stdout. The
//! positions are searched by tapir itself or, with `--engine CMD`, by any
//! UCI engine (one process per thread, started once for the whole run).
//!
//! Each game's output is its PGN followed by a blank line, so the outputs
//! of `--games 1-500` and `--games 501-1000` put together are the output
//! of `--games 1-1000`.

use super::pgn_form::PgnForm;
use super::progress::Progress;
use crate::analysis::annotate::{apply, kept_evals_words};
use crate::analysis::{
    analyse_with, build, mainline_positions, stops_short, Budget, ExternalSearcher, PositionSearch,
    Searcher, SideFigures,
};
use crate::engine::external::EngineSpec;
use crate::game::pgn::{holds_games, index_games, read_entry, write_game};
use crate::tb::Tablebases;
use crate::tui::config::write_atomic;
use crate::tui::files::{read_pgn, read_pgn_raw};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a search of each position gets when no budget is named.
pub const DEFAULT_NODES: u64 = 100_000;

/// `tapir annotate` arguments.
#[derive(Args, Debug, Clone)]
pub struct AnnotateArgs {
    /// The PGN file to analyse.
    pub input: PathBuf,
    /// Where to write the annotated games (default: standard output). The
    /// input itself only when named here. Another file that already holds
    /// something is written over only with `--force`.
    #[arg(long, value_name = "OUT.pgn")]
    pub out: Option<PathBuf>,
    /// Lets `--out` replace a file (not the input) that already holds
    /// something.
    #[arg(long)]
    pub force: bool,
    /// Nodes searched per position (repeatable results; default 100000).
    #[arg(long, value_name = "N", conflicts_with = "movetime")]
    pub nodes: Option<u64>,
    /// Milliseconds per position instead of a node count (not repeatable).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Positions searched at once, one search thread each (default: every
    /// logical CPU). The results do not depend on it.
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Only these games, counted from 1: 1000-1999, 5, 300- (to the end).
    #[arg(long, value_name = "RANGE")]
    pub games: Option<String>,
    /// A UCI engine to search the positions instead of tapir, as a shell
    /// would split it ("stockfish", "tapir uci"); one process per thread.
    /// The verdicts follow its scores; the explanations still read tapir's
    /// traces of the positions its lines reach.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
    /// Syzygy tablebases, folders joined by `:`: a position they hold gets
    /// their verdict, not the search's (an engine named by --engine reads
    /// its own SyzygyPath).
    #[arg(long, value_name = "PATH", conflicts_with = "engine")]
    pub syzygy: Option<String>,
}

/// The workers' searchers, one per thread.
type Searchers = Vec<Box<dyn PositionSearch>>;

/// One searcher per thread: tapir's own (probing `tables`), or the engine
/// `--engine` names. Returns them and the engine's name (`None` for tapir).
fn searchers(
    engine: Option<&str>,
    threads: usize,
    tables: Option<Arc<Tablebases>>,
) -> Result<(Searchers, Option<String>)> {
    let mut out: Searchers = Vec::with_capacity(threads);
    let Some(cmd) = engine else {
        for _ in 0..threads {
            let s =
                Searcher::new().map_err(|e| anyhow::anyhow!("no memory for the analysis: {e}"))?;
            out.push(Box::new(s.with_tablebases(tables.clone())));
        }
        return Ok((out, None));
    };
    let spec = EngineSpec::from_command_line(cmd).map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
    let mut name = None;
    for _ in 0..threads {
        let s = ExternalSearcher::start(&spec).map_err(|e| anyhow::anyhow!("--engine: {e}"))?;
        name.get_or_insert_with(|| s.name().to_string());
        out.push(Box::new(s));
    }
    Ok((out, name))
}

/// The tables of `--syzygy` (none without it); a path with none is an
/// error, a table left out (unreadable, misnamed) a warning.
fn open_tables(path: Option<&str>, warnings: &mut Vec<String>) -> Result<Option<Arc<Tablebases>>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let (tables, report) = Tablebases::open(&crate::tui::files::expand_folders(path));
    if report.files == 0 {
        bail!("--syzygy {path}: {}", report.summary());
    }
    warnings.extend(report.problems.iter().map(|p| format!("--syzygy: {p}")));
    Ok(Some(Arc::new(tables)))
}

/// Parses `--games`: "A-B", "A-" or "N", counted from 1, against `count`
/// games in the file.
pub fn parse_range(s: &str, count: usize) -> Result<RangeInclusive<usize>> {
    let bad = || anyhow::anyhow!("--games {s}: expected N, A-B or A- (games count from 1)");
    let num = |t: &str| -> Result<usize> { t.trim().parse::<usize>().map_err(|_| bad()) };
    let (a, b) = match s.split_once('-') {
        Some((a, "")) => (num(a)?, count),
        Some((a, b)) => (num(a)?, num(b)?),
        None => {
            let n = num(s)?;
            (n, n)
        }
    };
    if a == 0 || b < a {
        return Err(bad());
    }
    if a > count {
        bail!(
            "--games {s}: the file has {count} game{}",
            if count == 1 { "" } else { "s" }
        );
    }
    Ok(a..=b.min(count))
}

/// Reading problems shown at most (a log of thousands helps nobody).
const MAX_WARNINGS: usize = 20;

/// What an existing `--out` file holds, in words ("3 games", "412
/// bytes"); `None` for no file or an empty one.
fn holds_something(path: &std::path::Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    let games = read_pgn(path).ok().and_then(|(t, _)| {
        let index = index_games(&t);
        holds_games(&t, &index).then_some(index.len())
    });
    Some(match games {
        Some(n) => format!("{n} game{}", if n == 1 { "" } else { "s" }),
        None => format!("{} bytes", meta.len()),
    })
}

/// Writes `text` to a new file beside `path`, never over one:
/// `games.annotated.pgn`, then `games.annotated-2.pgn` and on.
fn write_beside(path: &std::path::Path, text: &[u8]) -> Result<PathBuf> {
    let stem = path
        .file_stem()
        .map_or("games".into(), |s| s.to_string_lossy().into_owned());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let name = |k: usize| match k {
        0 => format!("{stem}.annotated.pgn"),
        k => format!("{stem}.annotated-{}.pgn", k + 1),
    };
    crate::fswrite::write_new(dir, name, text)
        .with_context(|| format!("cannot write beside {}", path.display()))
}

/// The search budget per position from `--nodes` / `--movetime`.
fn budget_of(args: &AnnotateArgs) -> Result<Budget> {
    Ok(match (args.nodes, args.movetime) {
        (Some(0), _) => bail!("--nodes must be at least 1"),
        (_, Some(0)) => bail!("--movetime must be at least 1 ms"),
        (Some(n), _) => Budget::Nodes(n),
        (None, Some(ms)) => Budget::Movetime(Duration::from_millis(ms)),
        (None, None) => Budget::Nodes(DEFAULT_NODES),
    })
}

/// What one game's report adds to the summary: its number, each side's
/// accuracy and ACPL, and its inaccuracy/mistake/blunder counts.
type GameFigures = (usize, Option<[SideFigures; 2]>, [[usize; 3]; 2]);

pub fn run(args: AnnotateArgs) -> Result<()> {
    let budget = budget_of(&args)?;
    let threads = threads_of(&args)?;
    let Input {
        text,
        form,
        index,
        range,
    } = read_input(&args)?;
    let count = index.len();
    // What --out holds now: changed by the end (a board saved into it),
    // it is not written over.
    let out_before = args.out.as_deref().and_then(regular_contents);
    let chosen = &index[range.start() - 1..*range.end()];
    let total_positions: usize = chosen.iter().map(|e| e.plies + 1).sum();
    let longest = chosen.iter().map(|e| e.plies + 1).max().unwrap_or(1);
    let mut warnings = Vec::new();
    let tables = open_tables(args.syzygy.as_deref(), &mut warnings)?;
    // No more workers than positions (a short file starts fewer engines).
    let threads = threads.min(longest);
    let (mut workers, engine_name) = searchers(args.engine.as_deref(), threads, tables)?;
    let mut progress = Progress::new(Some(Duration::from_secs(10)));
    let started = Instant::now();
    // Book moves are theory: no verdicts on them (the built-in book).
    let book = crate::book::builtin();
    let interrupted = interrupt_flag();
    let stop = || interrupted.load(Ordering::Relaxed);
    let mut tally = Tally {
        warnings,
        ..Tally::default()
    };
    // Games annotated when a signal stopped the run.
    let mut stopped: Option<usize> = None;
    // Text between games (`%` escape lines, a note before the first game)
    // is no game's; it is kept where it stood, before the game it precedes
    // (and at the end when the last game is annotated).
    let keep_between = |out: &mut String, from: usize, to: usize| {
        let gap = text.get(from..to).unwrap_or("").trim();
        if !gap.is_empty() {
            out.push_str(gap);
            out.push_str("\n\n");
        }
    };
    let mut between = match range.start() {
        1 => 0,
        k => index[k - 2].span.end,
    };
    for (k, entry) in chosen.iter().enumerate() {
        let number = range.start() + k;
        keep_between(&mut tally.out, between, entry.span.start);
        between = entry.span.end;
        if stop() {
            (stopped, between) = (Some(k), entry.span.start);
            break;
        }
        let base = tally.done_positions;
        let show = |finished: usize| {
            let done = base + finished;
            let secs = started.elapsed().as_secs_f64();
            let frac = done as f64 / total_positions.max(1) as f64;
            format!(
                "game {}/{}  positions {done}/{total_positions}  {:.0} pos/s  {}",
                k + 1,
                chosen.len(),
                done as f64 / secs.max(1e-9),
                Progress::bar(frac, secs)
            )
        };
        let game = Game {
            text: &text,
            entry,
            number,
        };
        let on = Searching {
            budget,
            workers: &mut workers,
            interrupted: &interrupted,
            book: &book,
        };
        match tally.annotate(game, on, &mut progress, show) {
            Ok(()) => {}
            // An engine's error too: the signal reached its process.
            Err(_) if stop() => {
                (stopped, between) = (Some(k), entry.span.start);
                break;
            }
            Err(e) => {
                progress.clear();
                return Err(e);
            }
        }
    }
    let Tally {
        mut out,
        mut warnings,
        figures,
        searched,
        unchanged,
        kept_evals,
        ..
    } = tally;
    if stopped.is_some() {
        // The games not annotated go out as they were: every game whole,
        // so that even a run over its own input loses none.
        let end = if *range.end() == count {
            text.len()
        } else {
            index[range.end() - 1].span.end
        };
        keep_between(&mut out, between, end);
    } else if *range.end() == count {
        keep_between(&mut out, between, text.len());
    }
    progress.clear();
    let secs = started.elapsed().as_secs_f64();
    // The engines quit before the summary (each waits for its process).
    drop(workers);
    let (bytes, form_note) = form.encode(&out);
    warnings.extend(form_note);
    let kept_beside = write_output(args.out.as_deref(), &bytes, out_before)?;
    let annotated = stopped.unwrap_or(chosen.len()) - unchanged;
    let summary = Summary {
        games: annotated,
        unchanged,
        positions: searched,
        secs,
        threads,
        engine: engine_name,
        kept_evals,
    };
    report_to_stderr(&warnings, &summary, &figures);
    let rest = stopped.map(|_| chosen.len() - annotated);
    exit_status(&args, kept_beside, rest, annotated, unchanged)
}

/// What the run has written and counted so far, game by game.
#[derive(Default)]
struct Tally {
    /// The output file's text.
    out: String,
    warnings: Vec<String>,
    figures: Vec<GameFigures>,
    /// Positions behind the progress bar: searched, or in a game kept as
    /// it was.
    done_positions: usize,
    searched: usize,
    /// Games that could not be read whole, written as they were.
    unchanged: usize,
    /// Moves whose own `[%eval]` (another engine's, an earlier run's) stayed.
    kept_evals: usize,
}

/// One game of the input: the file's text, the game's place in it, and
/// its number counted from 1.
struct Game<'a> {
    text: &'a str,
    entry: &'a crate::game::pgn::IndexEntry,
    number: usize,
}

/// What every game is searched with.
struct Searching<'a> {
    budget: Budget,
    workers: &'a mut Searchers,
    interrupted: &'a AtomicBool,
    book: &'a crate::book::Book,
}

impl Tally {
    /// Annotates one game into the output; `status` words the progress
    /// line after its `n`th position. An error leaves the output without
    /// this game (the caller writes it as it was when a signal caused it).
    fn annotate(
        &mut self,
        g: Game,
        on: Searching,
        progress: &mut Progress,
        status: impl Fn(usize) -> String,
    ) -> Result<()> {
        let Game {
            text,
            entry,
            number,
        } = g;
        // A game that cannot be read, or was read only in part, is kept as
        // it was: the output holds every game whole (a copy cut short
        // would lose what was not read once it replaced the file).
        let read = match read_whole(text, entry, number) {
            Ok(r) => r,
            Err(why) => {
                let unchanged = why.into_iter().map(|w| format!("{w}; written unchanged"));
                self.warnings.extend(unchanged);
                self.unchanged += 1;
                self.out.push_str(text[entry.span.clone()].trim_end());
                self.out.push_str("\n\n");
                self.done_positions += entry.plies + 1;
                return Ok(());
            }
        };
        let mut game = read.game;
        let positions = mainline_positions(&game);
        if let Some(short) = stops_short(&game, &positions) {
            self.warnings.push(format!("game {number}: {short}"));
        }
        let mut finished = 0usize;
        let results = analyse_with(&positions, on.budget, on.workers, on.interrupted, |_, _| {
            finished += 1;
            if progress.due(false) {
                progress.show(&status(finished));
            }
        })
        .with_context(|| format!("game {number}"))?;
        self.done_positions += entry.plies + 1;
        self.searched += positions.len();
        let results: Vec<_> = results.into_iter().map(Some).collect();
        let report = build(&positions, &results, Some(on.book));
        self.kept_evals += apply(&mut game, &positions, &report, None, &[]).0;
        self.figures.push((number, report.sides, report.counts));
        self.out.push_str(&write_game(&game));
        self.out.push('\n');
        Ok(())
    }
}

/// The input file read, and the games of it `--games` picks.
struct Input {
    text: String,
    /// How the output is written: as the input was (BOM, line ends,
    /// Latin-1).
    form: PgnForm,
    index: Vec<crate::game::pgn::IndexEntry>,
    range: RangeInclusive<usize>,
}

/// Reads `args.input` and checks, before any search, that it holds games,
/// that `--games` fits them and that `--out` may be written.
fn read_input(args: &AnnotateArgs) -> Result<Input> {
    let input = &args.input;
    let (text, enc, raw) =
        read_pgn_raw(input).with_context(|| format!("cannot read {}", input.display()))?;
    let form = PgnForm::of(&raw, enc);
    let index = index_games(&text);
    let count = index.len();
    if !holds_games(&text, &index) {
        bail!("{}: no PGN game in it", input.display());
    }
    let range = match &args.games {
        Some(r) => parse_range(r, count)?,
        None => 1..=count,
    };
    check_output(args, &range, count)?;
    Ok(Input {
        form: if *range.start() != 1 {
            form.mid_file()
        } else {
            form
        },
        text,
        index,
        range,
    })
}

/// `--threads`, checked, or as many as the machine has.
fn threads_of(args: &AnnotateArgs) -> Result<usize> {
    let (lo, hi) = crate::engine::THREADS_RANGE;
    Ok(match args.threads {
        Some(t) if !(lo..=hi).contains(&t) => bail!("--threads must be {lo}..={hi}, got {t}"),
        Some(t) => t,
        None => crate::engine::effective_threads(usize::MAX),
    })
}

/// Ctrl-C (or a TERM) stops between positions: the games done are
/// written, the rest as they were; a second one ends the run at once.
fn interrupt_flag() -> Arc<AtomicBool> {
    let interrupted = Arc::new(AtomicBool::new(false));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(sig, 130, interrupted.clone());
        let _ = signal_hook::flag::register(sig, interrupted.clone());
    }
    interrupted
}

/// The run's status once its output is written: an error wherever it did
/// less than it was asked (`--out` kept, not written over; a signal
/// leaving `rest` games unannotated; no game readable), so that scripts
/// see it.
fn exit_status(
    args: &AnnotateArgs,
    kept_beside: Option<PathBuf>,
    rest: Option<usize>,
    annotated: usize,
    unchanged: usize,
) -> Result<()> {
    if let (Some(path), Some(side)) = (&args.out, kept_beside) {
        bail!(
            "{} changed while it was annotated (or went away), so it is not written over; the annotated games are in {}",
            path.display(),
            side.display()
        );
    }
    if let Some(rest) = rest {
        let asked = annotated + rest;
        bail!(
            "interrupted: {annotated} of {asked} game{} annotated, the other {rest} written unchanged{}",
            if asked == 1 { "" } else { "s" },
            args.out
                .as_deref()
                .map_or(String::new(), |o| format!(" to {}", o.display()))
        );
    }
    // Games written unchanged and none annotated: the run did nothing it
    // was asked for, and says so in its status too.
    if annotated == 0 && unchanged > 0 {
        bail!(
            "no game annotated: {}",
            if unchanged == 1 {
                "the game could not be read whole, so it was written unchanged".to_string()
            } else {
                format!("none of the {unchanged} games could be read whole, so each was written unchanged")
            }
        );
    }
    Ok(())
}

/// Whether `--out` may be written, said before any search (not after an
/// hour of it).
fn check_output(args: &AnnotateArgs, range: &RangeInclusive<usize>, count: usize) -> Result<()> {
    // Written over its own input, the file must keep every game whole.
    let over_input = args
        .out
        .as_deref()
        .is_some_and(|o| crate::fswrite::same_file(o, &args.input));
    if over_input && (*range.start() != 1 || *range.end() != count) {
        bail!(
            "--out is the input file, and --games picks {} of its {count} games: the others \
             would be lost (write to another file)",
            range.end() + 1 - range.start()
        );
    }
    // Another file's games would be gone: only when asked for.
    if let Some(out) = args.out.as_deref().filter(|_| !over_input && !args.force) {
        if let Some(what) = holds_something(out) {
            bail!(
                "{} already holds {what}: --force writes over it, or name another file",
                out.display()
            );
        }
    }
    // A folder, a read-only file or a missing folder.
    if let Some(out) = args.out.as_deref() {
        crate::fswrite::check_writable(out)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}

/// Game `number` of `text` when it reads whole; otherwise what kept it
/// from reading whole (it is then written unchanged).
fn read_whole(
    text: &str,
    entry: &crate::game::pgn::IndexEntry,
    number: usize,
) -> std::result::Result<crate::game::pgn::ReadGame, Vec<String>> {
    match read_entry(text, entry, number) {
        Ok(r) if !r.problems.is_empty() => Err(r
            .problems
            .iter()
            .map(|p| format!("game {number}: {p}"))
            .collect()),
        Ok(r) => Ok(r),
        Err(e) => Err(vec![e.to_string()]),
    }
}

/// Writes the annotated games to `out` (stdout without one). A file that
/// changed while it was searched (`before`: its bytes then; a board saved
/// a game into it) keeps what is there now, and the games go beside it:
/// that file is returned.
fn write_output(
    out: Option<&std::path::Path>,
    games: &[u8],
    before: Option<Vec<u8>>,
) -> Result<Option<PathBuf>> {
    match out {
        Some(path) if regular_contents(path) != before => Ok(Some(write_beside(path, games)?)),
        Some(path) => {
            write_atomic(path, games)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(None)
        }
        None => {
            let mut so = std::io::stdout().lock();
            so.write_all(games)?;
            so.flush()?;
            Ok(None)
        }
    }
}

/// A regular file's bytes (`None` for no file, or a pipe or a device,
/// which are not read).
fn regular_contents(path: &std::path::Path) -> Option<Vec<u8>> {
    std::fs::metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .and_then(|_| std::fs::read(path).ok())
}

/// The run's figures for its last line.
struct Summary {
    games: usize,
    /// Games not read whole, written as they were.
    unchanged: usize,
    positions: usize,
    secs: f64,
    threads: usize,
    engine: Option<String>,
    /// Moves that kept the `[%eval]` they had.
    kept_evals: usize,
}

/// The warnings (the first `MAX_WARNINGS`), the speed line, and for a
/// single game each side's accuracy, ACPL and error counts.
fn report_to_stderr(warnings: &[String], s: &Summary, figures: &[GameFigures]) {
    let mut err = std::io::stderr().lock();
    for w in warnings.iter().take(MAX_WARNINGS) {
        let _ = writeln!(err, "warning: {w}");
    }
    if warnings.len() > MAX_WARNINGS {
        let _ = writeln!(
            err,
            "warning: ... and {} more",
            warnings.len() - MAX_WARNINGS
        );
    }
    let _ = writeln!(
        err,
        "annotated {} game{}{} ({} positions) in {:.1} s: {:.0} positions/s on {} thread{}{}",
        s.games,
        if s.games == 1 { "" } else { "s" },
        match s.unchanged {
            0 => String::new(),
            1 => ", 1 written unchanged (not read whole)".to_string(),
            n => format!(", {n} written unchanged (not read whole)"),
        },
        s.positions,
        s.secs,
        s.positions as f64 / s.secs.max(1e-9),
        s.threads,
        if s.threads == 1 { "" } else { "s" },
        s.engine
            .as_ref()
            .map_or(String::new(), |n| format!(" with {n}"))
    );
    if s.kept_evals > 0 {
        let _ = writeln!(
            err,
            "{} (this run's evaluation is in the explanations it wrote; a move already explained, and accuracy tags already there, are kept too)",
            kept_evals_words(s.kept_evals)
        );
    }
    if s.games == 1 {
        if let Some((n, Some([w, b]), counts)) = figures.first() {
            for (side, f, c) in [("White", w, counts[0]), ("Black", b, counts[1])] {
                let _ = writeln!(
                    err,
                    "game {n} {side}: accuracy {}, ACPL {}, inaccuracies/mistakes/blunders {}/{}/{}",
                    f.accuracy.map_or("-".to_string(), |a| format!("{a:.1}")),
                    f.acpl.map_or("-".to_string(), |a| format!("{a:.0}")),
                    c[0],
                    c[1],
                    c[2]
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("2-5", 10).unwrap(), 2..=5);
        assert_eq!(parse_range("3", 10).unwrap(), 3..=3);
        assert_eq!(parse_range("7-", 10).unwrap(), 7..=10);
        assert_eq!(parse_range("8-20", 10).unwrap(), 8..=10);
        for bad in ["0-3", "5-2", "x", "1-y", "", "-"] {
            assert!(parse_range(bad, 10).is_err(), "{bad}");
        }
        let e = parse_range("11-12", 10).unwrap_err().to_string();
        assert!(e.contains("has 10 games"), "{e}");
    }
}
