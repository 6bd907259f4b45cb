//! The `:` command line: parses `fen`, `load`, `save`, `level`, `hash`,
//! `threads` and a few conveniences into `Command`s. Bad input gives a
//! message that says what was expected; nothing changes.

use super::params::{LEVEL_RANGE, MULTIPV_MAX};
use crate::chess::Square;
use crate::engine::EngineOption;
use crate::game::shapes::{Shape, ShapeColor};
use crate::game::Nag;
use crate::tui::config::{ColorSetting, PieceStyle, ThemeName};
use std::path::PathBuf;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `:fen` alone shows and copies the FEN.
    ShowFen,
    Fen(String),
    Load(PathBuf),
    /// `:next`, `:prev`: the next (`true`) or previous game of the board's
    /// file.
    StepGame(bool),
    /// `:game N`: game N (1-based) of the board's file.
    GameNumber(usize),
    /// `:games`: the board's file's picker, at its game.
    Games,
    /// `:save FILE`, or `:save` alone: the file the game came from or was
    /// last saved to.
    Save(Option<PathBuf>),
    /// Load an NNUE net for the views and the engine.
    Net(PathBuf),
    Engine(EngineChoice),
    /// `:match WHITE BLACK [TC]`, `:match off`: an engine game.
    Match(crate::tui::duel::MatchChoice),
    Level(u8),
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    New,
    Flip,
    Help,
    /// `:messages`: every message so far, whole.
    Messages,
    /// `:kept`: the files kept aside so nothing was lost, to load one.
    Kept,
    Quit,
    Undo,
    Redo,
    /// `:comment TEXT` sets the shown move's comment; alone, opens the prompt.
    Comment(Option<String>),
    /// Sets or clears an annotation glyph on the shown move.
    Nag(Nag),
    /// `:arrow e2e4 [colour]`, `:circle d4 [colour]`: draws the shape on
    /// the shown move, or takes it away if drawn so already.
    Shape(Shape),
    /// `:shapes clear`: takes away the shown move's shapes.
    ShapesClear,
    /// `:shapes` alone: lists them.
    ShapesShow,
    /// Adds engine line N as a variation.
    Line(usize),
    Promote,
    Main,
    Delete,
    /// `:theme NAME`, alone: which theme is on.
    Theme(Option<ThemeName>),
    /// `:colors auto|truecolor|256|16|mono`.
    Colors(ColorSetting),
    /// `:colors` alone: the colours drawn and the setting.
    ColorsShow,
    /// `:pieces unicode|ascii`.
    Pieces(PieceStyle),
    /// `:syzygy PATH` (folders joined by `:`), `:syzygy off`.
    Syzygy(String),
    /// `:syzygy` alone: which tables are in use.
    SyzygyShow,
    /// `:report [NODES]`: as `r`, or (with a node count: `500000`,
    /// `500k`, `2m`) a report that searches each position that deep.
    Report(Option<u64>),
    /// `:book [FILE|default|off]`.
    Book(BookChoice),
    /// `:resign`: asks, then resigns the game against the engine.
    Resign,
    /// `:draw`: offers the engine a draw.
    Draw,
    /// `:claim`: claims a draw by threefold repetition or fifty moves.
    Claim,
    /// `:showeval [on|off]`: the evaluation during games (alone: toggles).
    ShowEval(Option<bool>),
    /// `:threat [on|off]`: the threat view (alone: switch).
    Threat(Option<bool>),
    /// `:arrows [on|off]`: the best-move marks (alone: switch).
    Arrows(Option<bool>),
    /// `:panel [on|off]`: the evaluation panel (alone: switch).
    Panel(Option<bool>),
    /// `:tag` alone lists the game's tags, `:tag NAME` shows one, `:tag
    /// NAME VALUE` sets it and `:tag NAME ""` removes it.
    Tag {
        name: Option<String>,
        value: Option<String>,
    },
}

/// What `:book` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookChoice {
    /// `:book` alone: which book, how many moves here.
    Show,
    Off,
    /// `:book default`: the built-in book.
    Builtin,
    File(PathBuf),
}

/// Every command with what it does, for the help overlay.
pub const COMMANDS: &[(&str, &str)] = &[
    (":fen [FEN]", "set / show position"),
    (":load FILE", "open a PGN (Tab)"),
    (":games", "the file's picker"),
    (":game N", "the file's game N"),
    (":next :prev", "next / prev game"),
    (":save [FILE]", "save as PGN"),
    (":comment [TEXT]", "comment on the move"),
    (":nag GLYPH", "set / clear a glyph"),
    (":arrow e2e4 [C]", "arrow, C a colour"),
    (":circle d4 [C]", "circle a square"),
    (":shapes [clear]", "list / clear shapes"),
    (":tag [NAME [V]]", "list/show/set tags"),
    (":line N", "add engine line N"),
    (":promote :main", "as P, M"),
    (":delete", "as x"),
    (":undo :redo", "as Ctrl-Z, Ctrl-Y"),
    (":theme [NAME]", "show / set theme"),
    (":colors X", "colour depth"),
    (":pieces X", "auto/unicode/ascii"),
    (":net FILE", "load an NNUE net"),
    (":engine [NAME]", "analyse with it"),
    (":engine add CMD", "keep an engine"),
    (":engine2 NAME", "second engine"),
    (":match W B TC", "engine game"),
    (":book [FILE]", "opening book"),
    (":level N", "engine level 1-10"),
    (":hash MB", "hash size in MiB"),
    (":threads N", "search threads"),
    (":multipv N", "engine lines 1-5"),
    (":syzygy PATH", "tablebase folders"),
    (":new :flip :q", "as n, f, q"),
    (":report", "game report, as r"),
    (":resign", "resign the game"),
    (":draw :claim", "offer/claim draw"),
    (":showeval", "eval in games on/off"),
    (":threat :arrows", "as t, w (on/off)"),
    (":panel", "as z (on/off)"),
    (":messages", "every message, whole"),
    (":help", "this help, as ?"),
];

/// Every command with its argument, for errors.
pub const USAGE: &str =
    ":fen [FEN] · :load FILE · :games · :game N · :next · :prev · :save [FILE] · :net FILE · :book [FILE|default|off] · :engine [NAME|CMD|add CMD|tapir] · :engine second NAME|CMD|off · :match WHITE BLACK [MIN+SEC] · :match off · :level 1-10 · :hash MB · :threads N · :multipv 1-5 · :syzygy PATH · :comment [TEXT] · :nag GLYPH · :arrow e2e4 [COLOUR] · :circle d4 [COLOUR] · :shapes [clear] · :tag [NAME [VALUE]] · :line N · :promote · :main · :delete · :undo · :redo · :new · :flip · :report · :resign · :draw · :claim · :showeval [on|off] · :threat [on|off] · :arrows [on|off] · :panel [on|off] · :theme [NAME] · :colors X · :pieces auto|unicode|ascii · :messages · :kept · :help · :q";

/// Commands spelt another way too, the short form after the long one's
/// name in `command_names` (the help lists `:engine2`).
const SHORT_FORMS: [(&str, &str); 1] = [("engine", "engine2")];

/// Every command's name (without its `:`), in `USAGE`'s order, each once,
/// a short form after its command's: what Tab completes a command's first
/// word from.
pub fn command_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for part in USAGE.split(" · ") {
        if let Some(name) = part
            .split_whitespace()
            .next()
            .and_then(|w| w.strip_prefix(':'))
        {
            if !names.contains(&name) {
                names.push(name);
                let short = SHORT_FORMS.iter().filter(|(long, _)| *long == name);
                names.extend(short.map(|(_, s)| *s));
            }
        }
    }
    names
}

/// `:arrow e2e4 [colour]` (or `e2 e4`), `:circle d4 [colour]`: green
/// unless a colour (green, red, yellow, blue, or its letter) ends it.
fn shape(word: &str, rest: &str) -> Result<Shape, String> {
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    let color = match words.last().and_then(|w| ShapeColor::parse(w)) {
        Some(c) if words.len() > 1 => {
            words.pop();
            c
        }
        _ => ShapeColor::Green,
    };
    let joined = words.concat().to_ascii_lowercase();
    // By byte range, `get` refusing a cut inside a character.
    let square = |r: std::ops::Range<usize>| joined.get(r).and_then(Square::parse);
    let arrow = word == "arrow";
    let (from, to) = match (arrow, joined.len()) {
        (true, 4) => (square(0..2), square(2..4)),
        (false, 2) => (square(0..2), square(0..2)),
        _ => (None, None),
    };
    let usage = match arrow {
        true => ":arrow needs two squares, a colour if not green: :arrow e2e4 red",
        false => ":circle needs a square, a colour if not green: :circle d4 blue",
    };
    match (from, to) {
        (Some(from), Some(to)) if arrow && from == to => Err(format!(
            "an arrow needs two squares; :circle {from} circles one"
        )),
        (Some(from), Some(to)) => Ok(Shape { from, to, color }),
        _ if rest.trim().is_empty() => Err(usage.to_string()),
        // "d4 purple": the squares read, the colour does not.
        _ if words.len() > 1
            && words.last().is_some_and(|w| {
                Square::parse(&w.to_ascii_lowercase()).is_none() && ShapeColor::parse(w).is_none()
            }) =>
        {
            let w = words.last().copied().unwrap_or_default();
            Err(format!(
                ":{word}: '{w}' is no colour; green, red, yellow or blue (g, r, y, b)"
            ))
        }
        _ => Err(format!("{usage}; got '{}'", rest.trim())),
    }
}

/// `on` / `off` (and their synonyms), or nothing: switch.
fn on_off(word: &str, rest: &str) -> Result<Option<bool>, String> {
    match rest.to_ascii_lowercase().as_str() {
        "" => Ok(None),
        "on" | "yes" | "true" | "1" => Ok(Some(true)),
        "off" | "no" | "false" | "0" => Ok(Some(false)),
        _ => Err(format!(":{word} takes on or off, got '{rest}'")),
    }
}

/// `:engine second WHAT`: `off` or the engine to start.
fn second_choice(what: &str) -> EngineChoice {
    if what.eq_ignore_ascii_case("off") {
        EngineChoice::Second(None)
    } else {
        EngineChoice::Second(Some(what.to_string()))
    }
}

/// What `:engine` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// No argument: say which engine analyses and which are configured.
    List,
    Tapir,
    /// A configured engine's name, or else a command line to start.
    Named(String),
    /// `:engine add CMD`: keep it in the settings, and use it.
    Add(String),
    /// `:engine second NAME|CMD|tapir` (`:engine2`): a second engine
    /// analysing beside the first; `None` (`off`) stops it.
    Second(Option<String>),
}

/// `n` when `range` holds it, else ":WORD must be LO-HI, got N".
fn within(word: &str, n: usize, range: std::ops::RangeInclusive<usize>) -> Result<usize, String> {
    if range.contains(&n) {
        Ok(n)
    } else {
        Err(format!(
            ":{word} must be {}-{}, got {n}",
            range.start(),
            range.end()
        ))
    }
}

/// `:engine REST`: `add CMD`, `second NAME|off`, `tapir`, or a name or
/// command line.
fn engine_choice(rest: &str) -> Result<EngineChoice, String> {
    Ok(match rest.split_once(char::is_whitespace) {
        Some(("add", cmd)) => EngineChoice::Add(cmd.trim().to_string()),
        None if rest.eq_ignore_ascii_case("add") => {
            return Err(
                ":engine add needs the engine's command, such as /usr/games/stockfish".into(),
            )
        }
        Some(("second", what)) => second_choice(what.trim()),
        None if rest.eq_ignore_ascii_case("second") => {
            return Err(":engine second needs an engine or off".into())
        }
        _ if rest.eq_ignore_ascii_case("tapir") => EngineChoice::Tapir,
        _ => EngineChoice::Named(rest.to_string()),
    })
}

/// `:tag REST`: the tag's name, then its value, one pair of double
/// quotes around it taken off (`""` is an empty value: remove the tag).
/// Inside the quotes `\"` and `\\` are read as PGN writes them (a `"`, a
/// `\`), so a value copied from a PGN file goes in as it was meant;
/// without quotes every character is kept (`:tag White Smith, "Bob"`).
fn tag_edit(rest: &str) -> Command {
    let (name, value) = match rest.split_once(char::is_whitespace) {
        Some((n, v)) => (n, Some(v.trim())),
        None => (rest, None),
    };
    let value = value.map(
        |v| match v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            Some(quoted) => pgn_unescape(quoted),
            None => v.to_string(),
        },
    );
    Command::Tag {
        name: (!name.is_empty()).then(|| name.to_string()),
        value,
    }
}

/// A PGN string's inside with its escapes read: `\"` is `"`, `\\` is
/// `\`; any other backslash stays (a Windows path typed plainly).
fn pgn_unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// `:report NODES`: a count with an optional `k` (thousand) or `m`
/// (million), within the board report's bounds.
fn report_nodes(rest: &str) -> Result<u64, String> {
    use crate::analysis::params::{BOARD_REPORT_NODES_MAX as MAX, BOARD_REPORT_NODES_MIN as MIN};
    let text = rest.replace([',', '_'], "").to_ascii_lowercase();
    let (digits, unit) = match text.strip_suffix('k') {
        Some(d) => (d, 1_000),
        None => match text.strip_suffix('m') {
            Some(d) => (d, 1_000_000),
            None => (text.as_str(), 1),
        },
    };
    let n = digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .ok_or_else(|| {
            format!(":report takes nodes per position (such as 1m or 500k), got '{rest}'")
        })?;
    if (MIN..=MAX).contains(&n) {
        Ok(n)
    } else {
        Err(format!(
            ":report searches {MIN} to {MAX} nodes per position, got {n}"
        ))
    }
}

pub fn parse(line: &str) -> Result<Command, String> {
    let line = line.trim().trim_start_matches(':').trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    // Quotes around nothing (`""`, a lone `'`) name no file: no file
    // called `""` is made.
    let only_quotes = !rest.is_empty() && rest.trim_matches(['"', '\'', ' ']).is_empty();
    let need = |what: &str| -> Result<&str, String> {
        if rest.is_empty() || only_quotes {
            Err(format!(":{word} needs {what}"))
        } else {
            Ok(rest)
        }
    };
    // A command that takes nothing refuses what it was given rather
    // than ignoring it: `:undo 5` undoes one step, not five.
    let bare = |command: Command| -> Result<Command, String> {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(format!(":{word} takes no argument, got '{rest}'"))
        }
    };
    let number = |what: &str| -> Result<usize, String> {
        need(what)?
            .parse::<usize>()
            .map_err(|_| format!(":{word} needs {what}, got '{rest}'"))
    };
    match word.to_ascii_lowercase().as_str() {
        "" => Err(format!("commands: {USAGE}")),
        "fen" if rest.is_empty() => Ok(Command::ShowFen),
        "fen" => Ok(Command::Fen(rest.to_string())),
        "load" | "open" | "e" => Ok(Command::Load(PathBuf::from(need("a file name")?))),
        "next" | "nextgame" => bare(Command::StepGame(true)),
        "prev" | "previous" | "prevgame" => bare(Command::StepGame(false)),
        "games" => bare(Command::Games),
        "game" => match number("a game number")? {
            0 => Err(":game counts from 1".into()),
            n => Ok(Command::GameNumber(n)),
        },
        "save" | "w" if only_quotes => Err(format!(":{word} needs a file name, not only quotes")),
        "save" | "w" => Ok(Command::Save(
            (!rest.is_empty()).then(|| PathBuf::from(rest)),
        )),
        "net" => Ok(Command::Net(PathBuf::from(need("a net file")?))),
        "engine" if rest.is_empty() => Ok(Command::Engine(EngineChoice::List)),
        "engine2" => Ok(Command::Engine(second_choice(need("an engine or off")?))),
        "match" => crate::tui::duel::parse_match(rest).map(Command::Match),
        "engine" => engine_choice(rest).map(Command::Engine),
        "book" => Ok(Command::Book(match rest.to_ascii_lowercase().as_str() {
            "" => BookChoice::Show,
            "off" | "none" => BookChoice::Off,
            "default" | "builtin" | "built-in" => BookChoice::Builtin,
            _ => BookChoice::File(PathBuf::from(rest)),
        })),
        "level" => {
            let (lo, hi) = (*LEVEL_RANGE.start() as usize, *LEVEL_RANGE.end() as usize);
            let n = within("level", number("a level 1-10")?, lo..=hi)?;
            Ok(Command::Level(n as u8))
        }
        "hash" => {
            let n = number("a size in MiB")?;
            EngineOption::Hash(n).validate()?;
            Ok(Command::Hash(n))
        }
        "threads" => {
            let n = number("a thread count")?;
            EngineOption::Threads(n).validate()?;
            Ok(Command::Threads(n))
        }
        "multipv" | "lines" => {
            let n = within("multipv", number("a line count 1-5")?, 1..=MULTIPV_MAX)?;
            Ok(Command::MultiPv(n))
        }
        "undo" | "u" => bare(Command::Undo),
        "redo" => bare(Command::Redo),
        "comment" | "c" => Ok(Command::Comment(
            (!rest.is_empty()).then(|| rest.to_string()),
        )),
        "nag" | "glyph" => {
            let g = need("a glyph (! ? !! ?? !? ?! = += =+ ± ∓ +- -+ ∞) or $n")?;
            Nag::parse(g).map(Command::Nag).ok_or_else(|| {
                format!(
                    ":nag: '{g}' is not a glyph (! ? !! ?? !? ?! □ = += =+ ± ∓ +- -+ ∞ N or $1-$255)"
                )
            })
        }
        "arrow" | "circle" => shape(word, rest).map(Command::Shape),
        "shapes" => match rest.to_ascii_lowercase().as_str() {
            "" => Ok(Command::ShapesShow),
            "clear" | "off" | "none" => Ok(Command::ShapesClear),
            _ => Err(format!(
                ":shapes takes clear, or nothing to list them; got '{rest}'"
            )),
        },
        "tag" | "tags" | "header" => Ok(tag_edit(rest)),
        "line" => within("line", number("an engine line 1-5")?, 1..=MULTIPV_MAX).map(Command::Line),
        "threat" => on_off(word, rest).map(Command::Threat),
        "arrows" | "marks" => on_off(word, rest).map(Command::Arrows),
        "panel" => on_off(word, rest).map(Command::Panel),
        "promote" => bare(Command::Promote),
        "main" | "mainline" => bare(Command::Main),
        "delete" | "del" => bare(Command::Delete),
        "theme" if rest.is_empty() => Ok(Command::Theme(None)),
        "theme" => ThemeName::parse(rest)
            .map(|t| Command::Theme(Some(t)))
            .ok_or_else(|| format!(":theme: '{rest}' is none of classic, ocean, light, ansi")),
        "colors" | "colours" if rest.is_empty() => Ok(Command::ColorsShow),
        "colors" | "colours" => ColorSetting::parse(rest)
            .map(Command::Colors)
            .ok_or_else(|| format!(":colors: '{rest}' is none of auto, truecolor, 256, 16, mono")),
        "pieces" => match rest.to_ascii_lowercase().as_str() {
            "auto" => Ok(Command::Pieces(PieceStyle::Auto)),
            "unicode" => Ok(Command::Pieces(PieceStyle::Unicode)),
            "ascii" | "letters" => Ok(Command::Pieces(PieceStyle::Ascii)),
            _ => Err(format!(
                ":pieces needs auto, unicode or ascii, got '{rest}'"
            )),
        },
        "syzygy" | "tb" if rest.is_empty() => Ok(Command::SyzygyShow),
        "syzygy" | "tb" => match need("folders joined by ':' (or off)")? {
            off if off.eq_ignore_ascii_case("off") || off.eq_ignore_ascii_case("none") => {
                Ok(Command::Syzygy(String::new()))
            }
            path => Ok(Command::Syzygy(path.to_string())),
        },
        "new" => bare(Command::New),
        "flip" => bare(Command::Flip),
        "report" | "annotate" if rest.is_empty() => Ok(Command::Report(None)),
        "report" | "annotate" => report_nodes(rest).map(|n| Command::Report(Some(n))),
        "resign" => bare(Command::Resign),
        "draw" => bare(Command::Draw),
        "claim" => bare(Command::Claim),
        "showeval" => on_off(word, rest).map(Command::ShowEval),
        "help" | "h" => bare(Command::Help),
        "messages" | "mes" | "log" => bare(Command::Messages),
        "kept" => bare(Command::Kept),
        "q" | "quit" | "exit" => bare(Command::Quit),
        // vi's save-and-quit and quit-anyway: said what to type instead.
        "wq" | "x" | "q!" | "wq!" | "qa" | "qa!" => Err(format!(
            ":{word} is vi's; here :w saves, then :q quits (asking if work would go)"
        )),
        _ => Err(format!("unknown command ':{word}'; {USAGE}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let e2e4 = |color| {
            Ok(Command::Shape(Shape {
                from: Square::parse("e2").unwrap(),
                to: Square::parse("e4").unwrap(),
                color,
            }))
        };
        assert_eq!(parse("arrow e2e4"), e2e4(ShapeColor::Green));
        assert_eq!(parse("arrow E2 e4 R"), e2e4(ShapeColor::Red));
        assert_eq!(parse("arrow e2e4 yellow"), e2e4(ShapeColor::Yellow));
        let d4 = Square::parse("d4").unwrap();
        assert_eq!(
            parse("circle d4 b"),
            Ok(Command::Shape(Shape {
                from: d4,
                to: d4,
                color: ShapeColor::Blue
            }))
        );
        for bad in [
            "arrow",
            "arrow e2",
            "arrow e2e2",
            "arrow aé4",
            "circle",
            "circle d9",
            "circle d4 e5",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("arrow e2e2").unwrap_err().contains(":circle e2"));
        assert!(parse("circle d4 purple")
            .unwrap_err()
            .contains("'purple' is no colour"));
        assert!(parse("arrow e2 e4 red blue")
            .unwrap_err()
            .contains("got 'e2 e4 red blue'"));
        assert_eq!(parse("shapes"), Ok(Command::ShapesShow));
        assert_eq!(parse("shapes clear"), Ok(Command::ShapesClear));
        assert!(parse("shapes x").is_err());
        assert_eq!(parse("level 3"), Ok(Command::Level(3)));
        for vi in ["wq", "x", "q!"] {
            let e = parse(vi).unwrap_err();
            assert!(
                e.starts_with(&format!(":{vi} is vi's; here :w saves")),
                "{e}"
            );
        }
        assert_eq!(parse(":hash 128"), Ok(Command::Hash(128)));
        assert_eq!(parse("fen"), Ok(Command::ShowFen));
        assert_eq!(
            parse("save my game.pgn"),
            Ok(Command::Save(Some("my game.pgn".into())))
        );
        assert!(parse("level 11").unwrap_err().contains("1-10"));
        assert!(parse("level x").unwrap_err().contains("got 'x'"));
        assert!(parse("hash 0").unwrap_err().contains("Hash"));
        assert!(parse("threads").unwrap_err().contains("needs"));
        assert!(parse("load").is_err());
        for quotes in ["save \"\"", "save ''", "save \"", "w '", "load \"\""] {
            assert!(parse(quotes).is_err(), "{quotes}");
        }
        assert!(parse("save \"my games.pgn\"").is_ok());
        assert_eq!(parse("next"), Ok(Command::StepGame(true)));
        assert_eq!(parse(":prev"), Ok(Command::StepGame(false)));
        assert_eq!(parse("game 12"), Ok(Command::GameNumber(12)));
        assert_eq!(parse("games"), Ok(Command::Games));
        assert_eq!(parse(":undo"), Ok(Command::Undo));
        assert_eq!(
            parse("undo 5"),
            Err(":undo takes no argument, got '5'".to_string())
        );
        assert!(parse("flip extra").unwrap_err().contains("no argument"));
        assert!(parse("q now").is_err(), "no quit on a stray word");
        assert_eq!(parse("report"), Ok(Command::Report(None)));
        assert_eq!(parse("report 2m"), Ok(Command::Report(Some(2_000_000))));
        assert_eq!(parse("annotate 500K"), Ok(Command::Report(Some(500_000))));
        assert_eq!(
            parse("report 1,500,000"),
            Ok(Command::Report(Some(1_500_000)))
        );
        assert!(parse("report deep").unwrap_err().contains("such as 1m"));
        assert!(parse("report 5")
            .unwrap_err()
            .contains("10000 to 100000000"));
        assert!(parse("report 99999999999999999m").is_err(), "no overflow");
        assert!(parse("game 0").unwrap_err().contains("from 1"));
        assert!(parse("game x").unwrap_err().contains("needs a game number"));
        assert!(parse("engine add")
            .unwrap_err()
            .contains("needs the engine's command"));
        assert_eq!(parse("net my.nnue"), Ok(Command::Net("my.nnue".into())));
        assert!(parse("net").unwrap_err().contains("needs a net file"));
        assert!(parse("frobnicate").unwrap_err().contains("unknown"));
        assert!(parse("level 99999999999999999999").is_err());
        assert_eq!(parse("nag ?!"), Ok(Command::Nag(Nag(6))));
        assert!(parse("nag x").unwrap_err().contains("not a glyph"));
        assert_eq!(
            parse("comment a b"),
            Ok(Command::Comment(Some("a b".into())))
        );
        assert_eq!(parse("comment"), Ok(Command::Comment(None)));
        assert_eq!(parse("line 2"), Ok(Command::Line(2)));
        assert_eq!(
            parse("theme light"),
            Ok(Command::Theme(Some(ThemeName::Light)))
        );
        assert!(parse("theme pink").is_err());
        assert_eq!(
            parse("colors 16"),
            Ok(Command::Colors(ColorSetting::Ansi16))
        );
        assert_eq!(parse("colors"), Ok(Command::ColorsShow));
        assert!(parse("colors pink").is_err());
        assert_eq!(
            parse("pieces ascii"),
            Ok(Command::Pieces(PieceStyle::Ascii))
        );
        assert_eq!(parse("line 9"), Err(":line must be 1-5, got 9".to_string()));
        assert_eq!(
            parse("LEVEL 0"),
            Err(":level must be 1-10, got 0".to_string())
        );
        assert_eq!(
            parse("lines 6"),
            Err(":multipv must be 1-5, got 6".to_string())
        );
        assert_eq!(parse("lines 3"), Ok(Command::MultiPv(3)));
        assert_eq!(
            parse("engine second sf"),
            Ok(Command::Engine(EngineChoice::Second(Some("sf".into()))))
        );
        assert_eq!(
            parse("engine TAPIR"),
            Ok(Command::Engine(EngineChoice::Tapir))
        );
        assert_eq!(
            parse("syzygy /tb/345:/tb/6"),
            Ok(Command::Syzygy("/tb/345:/tb/6".into()))
        );
        assert_eq!(parse("syzygy off"), Ok(Command::Syzygy(String::new())));
        assert_eq!(parse("syzygy"), Ok(Command::SyzygyShow));
        assert_eq!(parse("tb OFF"), Ok(Command::Syzygy(String::new())));
        assert!(parse("syzygy \"\"").unwrap_err().contains("needs"));
        assert_eq!(parse("book"), Ok(Command::Book(BookChoice::Show)));
        assert_eq!(parse("book off"), Ok(Command::Book(BookChoice::Off)));
        assert_eq!(
            parse("book default"),
            Ok(Command::Book(BookChoice::Builtin))
        );
        assert_eq!(
            parse("book my book.bin"),
            Ok(Command::Book(BookChoice::File("my book.bin".into())))
        );
    }
}
