//! One UCI input line -> a typed command. Parsing needs the current board
//! (moves and `searchmoves` are checked for legality) but changes nothing:
//! a bad line becomes an error message and the caller's state stays put.

use super::clip;
use crate::chess::{parse_uci, Board, Position};
use crate::engine::Limits;
use std::time::Duration;

#[derive(Clone, Debug)]
pub enum Command {
    Uci,
    IsReady,
    NewGame,
    Position(Position),
    /// `go`, with what its reading passed over or read otherwise than
    /// written (an unknown word, which UCI says to skip; `depth 0` read as
    /// 1; an illegal `searchmoves` entry): the session says each in an
    /// `info string`, and the search goes on.
    Go {
        limits: Limits,
        notes: Vec<String>,
    },
    Stop,
    PonderHit,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Quit,
    /// `d`: print the board and its FEN.
    Display,
    /// `debug on|off` is accepted and ignored.
    Debug,
    /// `register ...`: tapir never asks for registration (it never sends
    /// `registration checking`), so a GUI's answer is accepted and ignored.
    Register,
    /// A blank line.
    Nothing,
}

/// The words a line may begin with.
const COMMANDS: [&str; 12] = [
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "setoption",
    "quit",
    "d",
    "debug",
    "register",
];

/// The command word of `line`: the first word UCI knows (unknown words
/// before it are skipped), else the first word; "" for a blank line.
pub fn command_word(line: &str) -> &str {
    let mut words = line.split_whitespace();
    let first = words.clone().next().unwrap_or("");
    words.find(|w| COMMANDS.contains(w)).unwrap_or(first)
}

/// Parses `line` against the board a `go` would search. Unknown words
/// before a command are skipped, as UCI asks ("joho debug on" is `debug
/// on`); a line with no command in it is refused, naming its first word.
pub fn parse(line: &str, board: &Board) -> Result<Command, String> {
    let all: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = all.first() else {
        return Ok(Command::Nothing);
    };
    let Some(at) = all.iter().position(|w| COMMANDS.contains(w)) else {
        return Err(format!("unknown command '{}'", clip(first)));
    };
    let head = all[at];
    let rest = all[at + 1..].to_vec();
    Ok(match head {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(parse_position(&rest)?),
        "go" => {
            let (limits, notes) = parse_go(&rest, board)?;
            Command::Go { limits, notes }
        }
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "setoption" => parse_setoption(&rest)?,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "debug" => Command::Debug,
        "register" => Command::Register,
        _ => return Err(format!("unknown command '{}'", clip(head))),
    })
}

/// `position startpos|fen <6 fields> [moves m1 m2 ...]`.
fn parse_position(args: &[&str]) -> Result<Position, String> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (spec, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let mut pos = match spec.first() {
        Some(&"startpos") if spec.len() == 1 => Position::startpos(),
        Some(&"startpos") => return Err("unexpected words after 'startpos'".into()),
        Some(&"fen") => {
            let fen = spec[1..].join(" ");
            if fen.is_empty() {
                return Err("position fen needs a FEN".into());
            }
            Position::from_fen(&fen).map_err(|e| format!("bad FEN '{}': {e}", clip(&fen)))?
        }
        _ => return Err("position needs 'startpos' or 'fen <FEN>'".into()),
    };
    for (i, &mv) in moves.iter().enumerate() {
        let m =
            parse_uci(pos.board(), mv).map_err(|e| format!("move {} of the list: {e}", i + 1))?;
        pos.make(m);
    }
    Ok(pos)
}

const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// A whole number, saturated: digits beyond any type's range read as
/// the largest value of their sign (a GUI's "infinite" clock).
fn number(key: &str, v: Option<&&str>) -> Result<i128, String> {
    let v = v.ok_or_else(|| format!("go {key} needs a number"))?;
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("go {key}: '{}' is not a whole number", clip(v)));
    }
    Ok(v.parse().unwrap_or(if v.starts_with('-') {
        i128::MIN
    } else {
        i128::MAX
    }))
}

/// Milliseconds; GUIs sometimes send negative clock times, read as zero.
fn millis(key: &str, v: Option<&&str>) -> Result<Duration, String> {
    let ms = number(key, v)?.clamp(0, u64::MAX as i128);
    Ok(Duration::from_millis(ms as u64))
}

/// A count that must be at least 1 (depth, nodes, mate, movestogo): 0 or
/// less is read as 1 and said (a GUI waits for a bestmove, and 0000 would
/// be a forfeit where the position has moves), more than the type holds
/// as its largest.
fn count<T: TryFrom<i128> + Bounded>(
    key: &str,
    v: Option<&&str>,
    notes: &mut Vec<String>,
) -> Result<T, String> {
    let n = number(key, v)?;
    if n < 1 {
        notes.push(format!("go {key} {n} read as {key} 1"));
    }
    Ok(T::try_from(n.max(1)).unwrap_or(T::MAX))
}

/// The largest value of a count's type.
trait Bounded {
    const MAX: Self;
}

impl Bounded for u32 {
    const MAX: u32 = u32::MAX;
}

impl Bounded for u64 {
    const MAX: u64 = u64::MAX;
}

/// The limits of `go`, and what its reading passed over or read otherwise
/// (`Command::Go`'s notes). A known field whose value is no number
/// refuses the whole line.
fn parse_go(args: &[&str], board: &Board) -> Result<(Limits, Vec<String>), String> {
    let mut l = Limits::default();
    let mut notes = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let val = args.get(i + 1);
        i += 2;
        match key {
            "wtime" => l.wtime = Some(millis(key, val)?),
            "btime" => l.btime = Some(millis(key, val)?),
            "winc" => l.winc = Some(millis(key, val)?),
            "binc" => l.binc = Some(millis(key, val)?),
            "movetime" => l.movetime = Some(millis(key, val)?),
            "movestogo" => l.movestogo = Some(count(key, val, &mut notes)?),
            "depth" => l.depth = Some(count(key, val, &mut notes)?),
            "nodes" => l.nodes = Some(count(key, val, &mut notes)?),
            "mate" => l.mate = Some(count(key, val, &mut notes)?),
            "infinite" => {
                l.infinite = true;
                i -= 1;
            }
            "ponder" => {
                l.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                let mut skipped = 0;
                while i < args.len() && !GO_KEYWORDS.contains(&args[i]) {
                    // An illegal entry is passed over, as Stockfish does;
                    // none legal leaves every move to search.
                    match parse_uci(board, args[i]) {
                        Ok(m) => l.searchmoves.push(m),
                        Err(e) => {
                            notes.push(format!("searchmoves: skipping {e}"));
                            skipped += 1;
                        }
                    }
                    i += 1;
                }
                if skipped > 0 && l.searchmoves.is_empty() {
                    notes.push("searchmoves: no legal move named; searching them all".into());
                }
            }
            _ => {
                notes.push(format!("ignoring unknown go field '{}'", clip(key)));
                i -= 1;
            }
        }
    }
    Ok((l, notes))
}

/// `setoption name <name words> [value <value words>]`.
fn parse_setoption(args: &[&str]) -> Result<Command, String> {
    if args.first() != Some(&"name") {
        return Err("setoption needs 'name <option>'".into());
    }
    let value_at = args.iter().position(|&w| w == "value");
    let name_words = &args[1..value_at.unwrap_or(args.len())];
    if name_words.is_empty() {
        return Err("setoption needs an option name".into());
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> Result<Command, String> {
        parse(line, &Board::startpos())
    }

    #[test]
    fn positions() {
        let Command::Position(pos) = p("position startpos moves e2e4 e7e5 g1f3").unwrap() else {
            panic!()
        };
        assert_eq!(pos.ply(), 3);
        let Command::Position(pos) =
            p("position fen 8/8/4k3/8/8/3BK3/8/8 w - - 0 1 moves d3e4").unwrap()
        else {
            panic!()
        };
        assert_eq!(pos.board().to_fen(), "8/8/4k3/8/4B3/4K3/8/8 b - - 1 1");
        assert!(p("position startpos moves e2e5").is_err());
        assert!(p("position fen nonsense").is_err());
        assert!(p("position").is_err());
        assert!(p("position startpos e2e4").is_err());
    }

    #[test]
    fn go_fields() {
        let Command::Go { limits: l, .. } =
            p("go wtime 1000 btime -5 winc 10 binc 10 movestogo 5 searchmoves e2e4 d2d4 ponder")
                .unwrap()
        else {
            panic!()
        };
        assert_eq!(l.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(l.btime, Some(Duration::ZERO));
        assert_eq!(l.movestogo, Some(5));
        assert_eq!(l.searchmoves.len(), 2);
        assert!(l.ponder);
        let Command::Go { limits: l, .. } = p("go infinite").unwrap() else {
            panic!()
        };
        assert!(l.infinite);
        let Command::Go { limits: l, .. } = p("go mate 3 nodes 1000 depth 9 movetime 50").unwrap()
        else {
            panic!()
        };
        assert_eq!((l.mate, l.nodes, l.depth), (Some(3), Some(1000), Some(9)));
        assert!(p("go depth x").is_err());
        assert!(p("go depth").is_err());
        assert!(p("go depth 1.5").is_err());
        // Unknown words are skipped, the rest is read.
        let Command::Go { limits: l, notes } = p("go sideways depth 3 x").unwrap() else {
            panic!()
        };
        assert_eq!(l.depth, Some(3));
        assert_eq!(
            notes,
            [
                "ignoring unknown go field 'sideways'",
                "ignoring unknown go field 'x'"
            ]
        );
    }

    /// A `go` a GUI sends with a count of 0 or less, a number past any
    /// type or an illegal `searchmoves` entry still searches (a bestmove
    /// of 0000 where the position has moves would forfeit the game),
    /// saying what it read otherwise.
    #[test]
    fn go_reads_odd_values_and_says_so() {
        let go = |line: &str| match p(line).unwrap() {
            Command::Go { limits, notes } => (limits, notes),
            _ => panic!("{line}"),
        };
        let (l, notes) = go("go depth 0 nodes -5 mate 0");
        assert_eq!((l.depth, l.nodes, l.mate), (Some(1), Some(1), Some(1)));
        assert_eq!(notes[0], "go depth 0 read as depth 1");
        assert_eq!(notes[1], "go nodes -5 read as nodes 1");
        let (l, notes) = go("go depth 99999999999 wtime 99999999999999999999 movestogo 0");
        assert_eq!(l.depth, Some(u32::MAX));
        assert_eq!(l.wtime, Some(Duration::from_millis(u64::MAX)));
        assert_eq!(l.movestogo, Some(1));
        assert_eq!(notes.len(), 1);
        let (l, _) = go("go btime 999999999999999999999999999999999999999999999");
        assert_eq!(l.btime, Some(Duration::from_millis(u64::MAX)));
        let (l, notes) = go("go searchmoves e2e4 e2e5 depth 2");
        assert_eq!(l.searchmoves.len(), 1);
        assert_eq!(l.depth, Some(2));
        assert!(notes[0].starts_with("searchmoves: skipping"), "{notes:?}");
        let (l, notes) = go("go searchmoves e2e5 depth 2");
        assert!(l.searchmoves.is_empty());
        assert_eq!(
            notes[1],
            "searchmoves: no legal move named; searching them all"
        );
    }

    #[test]
    fn options_and_unknown() {
        let Command::SetOption { name, value } =
            p("setoption name Move Overhead value 100").unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (name.as_str(), value.as_deref()),
            ("Move Overhead", Some("100"))
        );
        let Command::SetOption { name, value } = p("setoption name Clear Hash").unwrap() else {
            panic!()
        };
        assert_eq!((name.as_str(), value), ("Clear Hash", None));
        assert!(p("setoption value 3").is_err());
        assert!(p("frobnicate").is_err());
        assert!(p("frobnicate now").is_err());
        // UCI: unknown words before a command are skipped.
        assert!(matches!(p("joho debug on"), Ok(Command::Debug)));
        assert!(matches!(p("hello isready"), Ok(Command::IsReady)));
        assert!(matches!(p("   "), Ok(Command::Nothing)));
        assert!(matches!(p("register later"), Ok(Command::Register)));
    }
}
