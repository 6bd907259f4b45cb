//! The UCI text an external engine prints, read into tapir's types, and
//! the text it is sent: `info` lines (depth, seldepth, multipv, score cp or
//! mate with its bound, nodes, nps, hashfull, tbhits, wdl, time, pv),
//! `bestmove`, `option` declarations; `position` and `go` lines. Nothing
//! here trusts the engine: a move is kept only if it is legal, a number
//! only if it parses, and a line that makes no sense is `None`.

use crate::chess::{legal_moves, parse_uci, Board, Move, Position};
use crate::search::{Bound, Limits, Score, SearchInfo};
use std::time::Duration;

/// An `info` line with a score, read; what tapir's own `SearchInfo` does
/// not carry comes beside it.
#[derive(Clone, Debug)]
pub struct EngineInfo {
    pub info: SearchInfo,
    pub tbhits: Option<u64>,
    /// Win, draw and loss in permille, from the engine's side.
    pub wdl: Option<(u32, u32, u32)>,
    /// The pv had an illegal move at this index and was cut there.
    pub pv_cut_at: Option<usize>,
}

/// Reads an `info` line searched from `root`. `None` for lines without a
/// score (`currmove`, `string`, `hashfull` alone, garbage).
pub fn parse_info(line: &str, root: &Board) -> Option<EngineInfo> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let mut info = SearchInfo {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score: Score::Cp(0),
        bound: Bound::Exact,
        nodes: 0,
        nps: 0,
        hashfull: 0,
        time: Duration::ZERO,
        pv: Vec::new(),
        tbhits: 0,
    };
    let (mut scored, mut tbhits, mut wdl, mut cut) = (false, None, None, None);
    let num = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = num(i + 1).unwrap_or(0).min(MAX_DEPTH) as u32,
            "seldepth" => info.seldepth = num(i + 1).unwrap_or(0).min(MAX_DEPTH) as u32,
            "multipv" => info.multipv = num(i + 1).unwrap_or(1).clamp(1, 256) as usize,
            "nodes" => info.nodes = num(i + 1).unwrap_or(0),
            "nps" => info.nps = num(i + 1).unwrap_or(0),
            "hashfull" => info.hashfull = num(i + 1).unwrap_or(0).min(1000) as u32,
            "tbhits" => tbhits = num(i + 1),
            "time" => info.time = Duration::from_millis(num(i + 1).unwrap_or(0)),
            "score" => {
                let kind = words.get(i + 1).copied();
                let value = words.get(i + 2).and_then(|w| w.parse::<i64>().ok());
                if let (Some(k), Some(v)) = (kind, value) {
                    let v = v.clamp(-1_000_000, 1_000_000) as i32;
                    match k {
                        // Below tapir's tablebase band: an engine's wild
                        // number is not shown as a proven win.
                        "cp" => {
                            info.score = Score::Cp(v.clamp(-MAX_CP, MAX_CP));
                            scored = true;
                        }
                        // "mate 0" says the side to move is mated: with a
                        // legal move to play it is nonsense, not a score.
                        "mate" if v == 0 && !legal_moves(root).is_empty() => {}
                        // No game has a mate in more than a few hundred
                        // moves: a wild count stays short on screen.
                        "mate" => {
                            info.score = Score::Mate(v.clamp(-MAX_MATE, MAX_MATE));
                            scored = true;
                        }
                        _ => {}
                    }
                    i += 2;
                    match words.get(i + 1).copied() {
                        Some("lowerbound") => {
                            info.bound = Bound::Lower;
                            i += 1;
                        }
                        Some("upperbound") => {
                            info.bound = Bound::Upper;
                            i += 1;
                        }
                        _ => {}
                    }
                }
            }
            "wdl" => {
                let w: Vec<u32> = (1..=3)
                    .filter_map(|k| words.get(i + k).and_then(|x| x.parse().ok()))
                    .collect();
                if let [a, b, c] = w[..] {
                    wdl = Some((a, b, c));
                    i += 3;
                }
            }
            "pv" => {
                let (pv, at) = legal_line(root, &words[i + 1..]);
                info.pv = pv;
                cut = at;
                break;
            }
            _ => {}
        }
        i += 1;
    }
    info.tbhits = tbhits.unwrap_or(0);
    scored.then_some(EngineInfo {
        info,
        tbhits,
        wdl,
        pv_cut_at: cut,
    })
}

/// The longest line kept of an engine's `pv`: as long as tapir's own
/// search ever reports. The board redraws every line it keeps, so an
/// engine that sends 200,000 moves in one line must not stall it.
const MAX_PV_MOVES: usize = 128;

/// The longest mate an engine's `score mate` is taken at (moves).
const MAX_MATE: i32 = 999;
/// The largest centipawn score taken from an engine: one below the band
/// tapir shows as a tablebase win ("+TB").
const MAX_CP: i32 = crate::search::score::TB_WIN_BOUND - 1;
/// The deepest depth taken from an engine: no search reaches a thousand
/// plies, and a wild number would run into the line's moves.
const MAX_DEPTH: u64 = 999;

/// The longest legal prefix of `moves` from `root` (at most
/// `MAX_PV_MOVES`), and where an illegal move cut it.
fn legal_line(root: &Board, moves: &[&str]) -> (Vec<Move>, Option<usize>) {
    let mut board = *root;
    let mut line = Vec::with_capacity(moves.len().min(MAX_PV_MOVES));
    for (i, w) in moves.iter().take(MAX_PV_MOVES).enumerate() {
        match parse_uci(&board, w) {
            Ok(m) => {
                board = board.make(m);
                line.push(m);
            }
            Err(_) => return (line, Some(i)),
        }
    }
    (line, None)
}

/// A `bestmove` line, judged against `root`.
#[derive(Clone, Debug, PartialEq)]
pub enum BestMove {
    /// A legal move, and the ponder move if it was legal after it.
    Move(Move, Option<Move>),
    /// `0000` or `(none)`, when `root` has no legal move.
    NoMove,
    /// Anything else: the engine's text, and what is wrong with it.
    Bad(String),
}

/// Reads a `bestmove` line (`None` if the line is not one).
pub fn parse_bestmove(line: &str, root: &Board) -> Option<BestMove> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"bestmove") {
        return None;
    }
    let has_moves = !legal_moves(root).is_empty();
    let Some(best) = words.get(1) else {
        return Some(BestMove::Bad("a bestmove line without a move".into()));
    };
    if *best == "0000" || *best == "(none)" {
        return Some(if has_moves {
            BestMove::Bad(format!("{best} (no move) where there are legal moves"))
        } else {
            BestMove::NoMove
        });
    }
    Some(match parse_uci(root, best) {
        Ok(m) => {
            let ponder = (words.get(2) == Some(&"ponder"))
                .then(|| words.get(3))
                .flatten()
                .and_then(|p| parse_uci(&root.make(m), p).ok());
            BestMove::Move(m, ponder)
        }
        Err(e) => BestMove::Bad(format!("the illegal move {best} ({e})")),
    })
}

/// An `option name ... type ...` declaration: the name and its type word.
pub fn parse_option(line: &str) -> Option<Declared> {
    let rest = line.strip_prefix("option name ")?;
    let at = rest.find(" type ")?;
    let name = rest[..at].trim().to_string();
    let mut words = rest[at + 6..].split_whitespace();
    let kind = words.next()?.to_string();
    let (mut min, mut max) = (None, None);
    while let Some(w) = words.next() {
        match w {
            "min" => min = words.next().and_then(|v| v.parse().ok()),
            "max" => max = words.next().and_then(|v| v.parse().ok()),
            // A combo's or string's values may hold the words: not a spin's.
            "var" | "default" if kind != "spin" => break,
            _ => {}
        }
    }
    let range = match (kind.as_str(), min, max) {
        ("spin", Some(lo), Some(hi)) if lo <= hi => Some((lo, hi)),
        _ => None,
    };
    (!name.is_empty()).then_some(Declared { name, kind, range })
}

/// An option an engine declared: its name, its type word, and a spin's
/// range (`min`, `max`), which tapir's values are kept inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub name: String,
    pub kind: String,
    pub range: Option<(i64, i64)>,
}

/// The `position` line for `pos`: its moves back to the last irreversible
/// one (what the engine needs to see repetitions) after that board's FEN.
pub fn position_line(pos: &Position) -> String {
    let hashes = pos.repetition_hashes();
    let n = hashes.len();
    // Walk the same window back with unmake: the boards are kept in order.
    let mut p = pos.clone();
    let mut boards = Vec::with_capacity(n + 1);
    boards.push(*p.board());
    for _ in 0..n {
        p.unmake();
        boards.push(*p.board());
    }
    boards.reverse();
    let mut moves = Vec::with_capacity(n);
    for pair in boards.windows(2) {
        let next = pair[1].hash();
        match legal_moves(&pair[0])
            .as_slice()
            .iter()
            .find(|m| pair[0].make(**m).hash() == next)
        {
            Some(m) => moves.push(m.to_string()),
            // Not a move apart (cannot happen with a real history):
            // the board alone, without repetition history.
            None => return format!("position fen {}", pos.board().to_fen()),
        }
    }
    if moves.is_empty() {
        format!("position fen {}", pos.board().to_fen())
    } else {
        format!(
            "position fen {} moves {}",
            boards[0].to_fen(),
            moves.join(" ")
        )
    }
}

/// The `go` line for `limits`.
pub fn go_line(l: &Limits) -> String {
    let mut s = String::from("go");
    let ms = |d: Duration| d.as_millis().min(u64::MAX as u128) as u64;
    if l.ponder {
        s += " ponder";
    }
    for (word, v) in [
        ("wtime", l.wtime),
        ("btime", l.btime),
        ("winc", l.winc),
        ("binc", l.binc),
        ("movetime", l.movetime),
    ] {
        if let Some(v) = v {
            s += &format!(" {word} {}", ms(v));
        }
    }
    if let Some(v) = l.movestogo {
        s += &format!(" movestogo {v}");
    }
    if let Some(v) = l.depth {
        s += &format!(" depth {v}");
    }
    if let Some(v) = l.nodes {
        s += &format!(" nodes {v}");
    }
    if let Some(v) = l.mate {
        s += &format!(" mate {v}");
    }
    if l.infinite || s == "go" {
        s += " infinite";
    }
    if !l.searchmoves.is_empty() {
        s += " searchmoves";
        for m in &l.searchmoves {
            s += &format!(" {m}");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_with_bounds_and_extras() {
        let b = Board::startpos();
        let i = parse_info(
            "info depth 20 seldepth 31 multipv 2 score cp -35 upperbound wdl 40 900 60 nodes 123456 nps 999 hashfull 512 tbhits 7 time 1500 pv e2e4 e7e5 g1f3",
            &b,
        )
        .unwrap();
        assert_eq!(i.info.depth, 20);
        assert_eq!(i.info.seldepth, 31);
        assert_eq!(i.info.multipv, 2);
        assert_eq!(i.info.score, Score::Cp(-35));
        assert_eq!(i.info.bound, Bound::Upper);
        assert_eq!(i.wdl, Some((40, 900, 60)));
        assert_eq!(
            (i.info.nodes, i.info.nps, i.info.hashfull),
            (123456, 999, 512)
        );
        assert_eq!(i.tbhits, Some(7));
        assert_eq!(i.info.time, Duration::from_millis(1500));
        assert_eq!(i.info.pv.len(), 3);
        assert_eq!(i.pv_cut_at, None);
        let m = parse_info("info depth 5 score mate -3 lowerbound pv e2e4 e2e4", &b).unwrap();
        assert_eq!(m.info.score, Score::Mate(-3));
        assert_eq!(m.info.bound, Bound::Lower);
        assert_eq!((m.info.pv.len(), m.pv_cut_at), (1, Some(1)));
        for junk in [
            "info string hello",
            "info depth 3 currmove e2e4",
            "info score cp",
            "info score cp abc pv e2e4",
            "infox depth 3 score cp 3",
            "",
            "info depth 3 score mate 99999999999999999999999",
            // Mated, says the engine, with twenty moves to play.
            "info depth 3 score mate 0 pv e2e4",
        ] {
            assert!(parse_info(junk, &b).is_none(), "{junk}");
        }
        let huge = parse_info("info depth 99999999999 score cp 99999999999", &b).unwrap();
        assert_eq!(huge.info.score, Score::Cp(MAX_CP));
        assert_eq!(huge.info.depth, 999);
        let wild = parse_info("info depth 9 score mate -2147483648", &b).unwrap();
        assert_eq!(wild.info.score, Score::Mate(-MAX_MATE));
        // Where the side to move is mated, "mate 0" is its score.
        let mated = Board::from_fen("7k/8/8/8/8/8/5PPP/r5K1 w - - 0 1").unwrap();
        let m = parse_info("info depth 0 score mate 0", &mated).unwrap();
        assert_eq!(m.info.score, Score::Mate(0));
    }

    #[test]
    fn a_flood_of_pv_moves_is_cut_to_the_longest_line_kept() {
        // 10,000 legal knight shuffles: kept to MAX_PV_MOVES, not an error.
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let pv: Vec<&str> = (0..10_000).map(|i| shuffle[i % 4]).collect();
        let line = format!("info depth 1 score cp 0 pv {}", pv.join(" "));
        let i = parse_info(&line, &Board::startpos()).unwrap();
        assert_eq!((i.info.pv.len(), i.pv_cut_at), (MAX_PV_MOVES, None));
    }

    #[test]
    fn bestmoves_are_judged_against_the_board() {
        let b = Board::startpos();
        let e4 = parse_uci(&b, "e2e4").unwrap();
        let e5 = parse_uci(&b.make(e4), "e7e5").unwrap();
        assert_eq!(
            parse_bestmove("bestmove e2e4 ponder e7e5", &b),
            Some(BestMove::Move(e4, Some(e5)))
        );
        assert_eq!(
            parse_bestmove("bestmove e2e4 ponder e2e4", &b),
            Some(BestMove::Move(e4, None))
        );
        assert!(matches!(
            parse_bestmove("bestmove e2e5", &b),
            Some(BestMove::Bad(_))
        ));
        assert!(matches!(
            parse_bestmove("bestmove 0000", &b),
            Some(BestMove::Bad(_))
        ));
        assert!(matches!(
            parse_bestmove("bestmove", &b),
            Some(BestMove::Bad(_))
        ));
        assert_eq!(parse_bestmove("info depth 1", &b), None);
        let mated = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            parse_bestmove("bestmove (none)", &mated),
            Some(BestMove::Bad(
                "(none) (no move) where there are legal moves".into()
            ))
        );
        let mated = Board::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            parse_bestmove("bestmove (none)", &mated),
            Some(BestMove::NoMove)
        );
        let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
        assert_eq!(
            parse_bestmove("bestmove 0000", &stalemate),
            Some(BestMove::NoMove)
        );
    }

    #[test]
    fn positions_carry_their_moves_since_the_last_capture_or_pawn_move() {
        let mut p = Position::startpos();
        assert_eq!(
            position_line(&p),
            format!("position fen {}", Board::startpos().to_fen())
        );
        for m in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "b8c6", "g1f3"] {
            let mv = parse_uci(p.board(), m).unwrap();
            p.make(mv);
        }
        let line = position_line(&p);
        assert!(line.ends_with(" moves b8c6 g1f3"), "{line}");
        assert!(line.contains("4P3"), "the board after e4: {line}");
    }

    #[test]
    fn go_lines_say_every_limit() {
        let l = Limits {
            wtime: Some(Duration::from_millis(60_000)),
            btime: Some(Duration::from_millis(59_000)),
            winc: Some(Duration::from_millis(1000)),
            movestogo: Some(20),
            ..Limits::default()
        };
        assert_eq!(
            go_line(&l),
            "go wtime 60000 btime 59000 winc 1000 movestogo 20"
        );
        assert_eq!(go_line(&Limits::default()), "go infinite");
        assert_eq!(go_line(&Limits::depth(7)), "go depth 7");
    }

    #[test]
    fn option_declarations() {
        assert_eq!(
            parse_option("option name Skill Level type spin default 20 min 0 max 20"),
            Some(Declared {
                name: "Skill Level".into(),
                kind: "spin".into(),
                range: Some((0, 20))
            })
        );
        let elo = parse_option("option name UCI_Elo type spin default 1350 min 1350 max 2850");
        assert_eq!(elo.unwrap().range, Some((1350, 2850)));
        let combo = parse_option("option name Style type combo default min var min var max");
        assert_eq!(combo.unwrap().range, None);
        assert_eq!(parse_option("option name  type spin"), None);
        assert_eq!(parse_option("id name x"), None);
    }
}
