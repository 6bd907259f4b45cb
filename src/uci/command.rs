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
    /// `go`, with the words it did not know (UCI says to skip them and
    /// read on; the session mentions them in an `info string`).
    Go {
        limits: Limits,
        ignored: Vec<String>,
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

/// Parses `line` against the board a `go` would search.
pub fn parse(line: &str, board: &Board) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(Command::Nothing);
    };
    let rest: Vec<&str> = words.collect();
    Ok(match head {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(parse_position(&rest)?),
        "go" => {
            let (limits, ignored) = parse_go(&rest, board)?;
            Command::Go { limits, ignored }
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

fn number<T: std::str::FromStr>(key: &str, v: Option<&&str>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("go {key} needs a number"))?;
    v.parse()
        .map_err(|_| format!("go {key}: '{}' is not a valid number", clip(v)))
}

/// Milliseconds; GUIs sometimes send negative clock times, read as zero.
fn millis(key: &str, v: Option<&&str>) -> Result<Duration, String> {
    let ms: i64 = number(key, v)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

/// The limits of `go`, and the words it skipped. A known field with a bad
/// value refuses the whole line.
fn parse_go(args: &[&str], board: &Board) -> Result<(Limits, Vec<String>), String> {
    let mut l = Limits::default();
    let mut ignored = Vec::new();
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
            "movestogo" => l.movestogo = Some(number(key, val)?),
            "depth" => l.depth = Some(number(key, val)?),
            "nodes" => l.nodes = Some(number(key, val)?),
            "mate" => l.mate = Some(number(key, val)?),
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
                while i < args.len() && !GO_KEYWORDS.contains(&args[i]) {
                    let m = parse_uci(board, args[i]).map_err(|e| format!("searchmoves: {e}"))?;
                    l.searchmoves.push(m);
                    i += 1;
                }
            }
            _ => {
                ignored.push(key.to_string());
                i -= 1;
            }
        }
    }
    if l.depth == Some(0) || l.nodes == Some(0) || l.mate == Some(0) {
        return Err("go: depth, nodes and mate must be at least 1".into());
    }
    Ok((l, ignored))
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
        assert!(p("go searchmoves e2e5").is_err());
        // Unknown words are skipped, the rest is read.
        let Command::Go { limits: l, ignored } = p("go sideways depth 3 x").unwrap() else {
            panic!()
        };
        assert_eq!(l.depth, Some(3));
        assert_eq!(ignored, ["sideways", "x"]);
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
        assert!(matches!(p("   "), Ok(Command::Nothing)));
        assert!(matches!(p("register later"), Ok(Command::Register)));
    }
}
