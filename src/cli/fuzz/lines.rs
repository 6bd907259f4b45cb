//! The fuzzer's input: UCI lines, from well-formed ones a GUI sends to
//! mutated, binary, overlong and hostile ones, drawn from one seeded
//! generator so that a failing run replays from its seed.

use crate::chess::{legal_moves, Move, Position};
use crate::train::rng::Rng;

/// Positions with something to get wrong: castling both ways, en passant
/// (legal and pinned), promotions, checks, mates, stalemate, the 50-move
/// counter at its edge, bare kings.
const TRICKY_FENS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",
    "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
    "8/8/8/4k3/8/8/8/4K3 w - - 99 80",
    "8/8/8/4k3/8/8/4R3/4K3 w - - 100 80",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 b q - 0 1",
    "8/P7/8/8/8/8/7p/k6K w - - 0 1",
];

/// FENs a GUI should never send and tapir must refuse or survive.
const HOSTILE_FENS: &[&str] = &[
    "",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
    "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K1r1 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
    "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    "4k3/8/8/8/8/8/8/4K3",
    "4k3/9/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra words",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
    "♔♕♖♗♘♙/8/8/8/8/8/8/8 w - - 0 1",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQkQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQKQQQ w - - 0 1",
];

/// Option values a GUI might send, and many it should not.
const SETOPTIONS: &[&str] = &[
    "setoption name Hash value 1",
    "setoption name Hash value 16",
    "setoption name Hash value 0",
    "setoption name Hash value -1",
    "setoption name Hash value 100000000",
    "setoption name Hash value lots",
    "setoption name Threads value 1",
    "setoption name Threads value 2",
    "setoption name Threads value 64",
    "setoption name Threads value 0",
    "setoption name Threads value 99999999999",
    "setoption name MultiPV value 1",
    "setoption name MultiPV value 3",
    "setoption name MultiPV value 0",
    "setoption name MultiPV value 500",
    "setoption name Move Overhead value 0",
    "setoption name Move Overhead value 10",
    "setoption name Move Overhead value 1000000000",
    "setoption name Clear Hash",
    "setoption name Ponder value true",
    "setoption name Ponder value maybe",
    "setoption name UCI_LimitStrength value true",
    "setoption name UCI_LimitStrength value false",
    "setoption name UCI_Elo value 1500",
    "setoption name UCI_Elo value -3",
    "setoption name EvalType value HCE",
    "setoption name EvalType value NNUE",
    "setoption name EvalType value Magic",
    "setoption name EvalFile value <empty>",
    "setoption name EvalFile value",
    "setoption name EvalFile value /dev/zero",
    "setoption name EvalFile value /dev/null",
    "setoption name EvalFile value /",
    "setoption name EvalFile value /nonexistent/net.nnue",
    "setoption name EvalFile value /proc/self/status",
    "setoption name",
    "setoption name value 3",
    "setoption name NoSuchOption value 3",
    "setoption Hash 16",
];

/// Other lines, good and bad.
const OTHERS: &[&str] = &[
    "uci",
    "ucinewgame",
    "d",
    "debug on",
    "debug off",
    "register later",
    "",
    "   ",
    "\t\tisready\t",
    "stop stop",
    "go go go",
    "position",
    "position startpos moves",
    "position startpos moves e2e5",
    "position fen",
    "go depth",
    "go depth 0",
    "go depth -1",
    "go nodes 0",
    "go movetime -5",
    "go wtime abc",
    "go searchmoves",
    "go searchmoves a1a1",
    "go mate 0",
    "go depth 99999999999999999999",
    "isready now",
];

/// What the generator knows of the session while it draws lines.
pub struct State<'a> {
    /// The position a `go` would search, when known.
    pub position: Option<&'a Position>,
    /// A search that would not end by itself may be running.
    pub endless: bool,
    /// The running search may be a `go ponder`.
    pub pondering: bool,
}

/// Draws UCI lines; keeps a few recent ones to mutate.
pub struct Lines {
    rng: Rng,
    recent: Vec<Vec<u8>>,
    /// Lines drawn so far of each kind, for the report.
    pub counts: Counts,
}

#[derive(Default, Debug)]
pub struct Counts {
    pub mutated: u64,
    pub binary: u64,
    pub overlong: u64,
    pub hostile: u64,
}

impl Lines {
    pub fn new(seed: u64) -> Lines {
        Lines {
            rng: Rng::new(seed),
            recent: Vec::new(),
            counts: Counts::default(),
        }
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.rng.below(100) < percent
    }

    fn pick<'s>(&mut self, items: &[&'s str]) -> &'s str {
        items[self.rng.below(items.len())]
    }

    /// The next line to send (without its newline; never contains one).
    pub fn next(&mut self, state: &State) -> Vec<u8> {
        if state.endless && self.chance(35) {
            let end = if state.pondering && self.chance(40) {
                "ponderhit"
            } else {
                "stop"
            };
            return end.into();
        }
        let roll = self.rng.below(1000);
        let line: Vec<u8> = match roll {
            0..=179 => self.position().into_bytes(),
            180..=399 => self.go(state.position).into_bytes(),
            400..=489 => b"isready".to_vec(),
            490..=539 => b"stop".to_vec(),
            540..=559 => b"ponderhit".to_vec(),
            560..=639 => {
                self.counts.hostile += 1;
                self.pick(SETOPTIONS).into()
            }
            640..=699 => {
                self.counts.hostile += 1;
                let fen = self.pick(HOSTILE_FENS);
                format!("position fen {fen}").into_bytes()
            }
            700..=759 => self.pick(OTHERS).into(),
            760..=939 => {
                self.counts.mutated += 1;
                self.mutated()
            }
            940..=997 => {
                self.counts.binary += 1;
                self.binary()
            }
            _ => {
                self.counts.overlong += 1;
                self.overlong()
            }
        };
        let line = without_newlines(line);
        if roll < 760 && !line.is_empty() {
            if self.recent.len() >= 32 {
                let i = self.rng.below(self.recent.len());
                self.recent.swap_remove(i);
            }
            self.recent.push(line.clone());
        }
        line
    }

    /// A legal game of random length from the start or a tricky position.
    fn position(&mut self) -> String {
        let (mut pos, head) = if self.chance(50) {
            (Position::startpos(), "position startpos".to_string())
        } else {
            let fen = self.pick(TRICKY_FENS);
            match Position::from_fen(fen) {
                Ok(p) => (p, format!("position fen {fen}")),
                Err(_) => (Position::startpos(), "position startpos".to_string()),
            }
        };
        let plies = match self.rng.below(20) {
            0 => 200 + self.rng.below(400),
            1..=4 => 0,
            _ => self.rng.below(60),
        };
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = legal_moves(pos.board());
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[self.rng.below(legal.len())];
            moves.push(m.to_string());
            pos.make(m);
        }
        if moves.is_empty() && self.chance(50) {
            head
        } else {
            format!("{head} moves {}", moves.join(" "))
        }
    }

    /// A well-formed `go`: one to three limits, sometimes a word it does not
    /// know, sometimes `searchmoves` from the legal moves.
    fn go(&mut self, position: Option<&Position>) -> String {
        let mut words = vec!["go".to_string()];
        let fields = 1 + self.rng.below(3);
        for _ in 0..fields {
            let w = match self.rng.below(12) {
                0 => format!("movetime {}", self.rng.below(60)),
                1 => format!("nodes {}", 1 + self.rng.below(30_000)),
                2 => format!("depth {}", 1 + self.rng.below(7)),
                3 | 4 => {
                    let clock = |s: &mut Self| match s.rng.below(4) {
                        0 => s.rng.below(20),
                        _ => s.rng.below(3_000),
                    };
                    let (w, b) = (clock(self), clock(self));
                    let mut s = format!("wtime {w} btime {b}");
                    if self.chance(50) {
                        let inc = self.rng.below(60);
                        s += &format!(" winc {inc} binc {inc}");
                    }
                    if self.chance(25) {
                        s += &format!(" movestogo {}", 1 + self.rng.below(40));
                    }
                    s
                }
                5 => format!("mate {}", 1 + self.rng.below(3)),
                6 => "infinite".into(),
                7 => "ponder".into(),
                8 => format!("unknownword{}", self.rng.below(10)),
                9 => match position {
                    Some(p) => {
                        let legal = legal_moves(p.board());
                        let n = legal.len().min(1 + self.rng.below(4));
                        let mut picked: Vec<Move> = legal.as_slice().to_vec();
                        self.rng.shuffle(&mut picked);
                        let list: Vec<String> = picked[..n].iter().map(|m| m.to_string()).collect();
                        if list.is_empty() {
                            "depth 2".into()
                        } else {
                            format!("searchmoves {}", list.join(" "))
                        }
                    }
                    None => "depth 2".into(),
                },
                _ => format!("movetime {}", 1 + self.rng.below(20)),
            };
            words.push(w);
        }
        words.join(" ")
    }

    /// A recent line with a few random edits: bytes flipped, inserted or
    /// dropped, words swapped or repeated, numbers made extreme.
    fn mutated(&mut self) -> Vec<u8> {
        if self.recent.is_empty() {
            return b"isready".to_vec();
        }
        let mut line = self.recent[self.rng.below(self.recent.len())].clone();
        let edits = 1 + self.rng.below(3);
        for _ in 0..edits {
            match self.rng.below(7) {
                0 if !line.is_empty() => {
                    let i = self.rng.below(line.len());
                    line[i] = self.rng.next_u64() as u8;
                }
                1 => {
                    let i = self.rng.below(line.len() + 1);
                    line.insert(i, b" -0123456789abcdefghkqrnbp/\t\r\0"[self.rng.below(30)]);
                }
                2 if !line.is_empty() => {
                    let i = self.rng.below(line.len());
                    let n = 1 + self.rng.below((line.len() - i).min(12));
                    line.drain(i..i + n);
                }
                3 | 4 => {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    let mut words: Vec<&str> = text.split(' ').collect();
                    if words.len() > 1 {
                        let (i, j) = (self.rng.below(words.len()), self.rng.below(words.len()));
                        if self.chance(50) {
                            words.swap(i, j);
                        } else {
                            let w = words[i];
                            words.insert(j, w);
                        }
                    }
                    line = words.join(" ").into_bytes();
                }
                _ => {
                    let n = self.pick(&[
                        "-1",
                        "0",
                        "99999999999999999999",
                        "18446744073709551615",
                        "4294967296",
                        "NaN",
                        "1e9",
                        "+5",
                    ]);
                    let text = String::from_utf8_lossy(&line).into_owned();
                    let words: Vec<String> = text
                        .split(' ')
                        .map(|w| {
                            if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
                                n.to_string()
                            } else {
                                w.to_string()
                            }
                        })
                        .collect();
                    line = words.join(" ").into_bytes();
                }
            }
        }
        line
    }

    /// Random bytes, often not UTF-8, sometimes after a command word.
    fn binary(&mut self) -> Vec<u8> {
        let n = self.rng.below(300);
        let mut line: Vec<u8> = (0..n).map(|_| self.rng.next_u64() as u8).collect();
        if self.chance(50) {
            let head = self.pick(&["go ", "position ", "setoption name ", "isready ", "stop "]);
            line.splice(0..0, head.bytes());
        }
        line
    }

    /// A line just over a megabyte (refused whole), or a very long but
    /// legal game.
    fn overlong(&mut self) -> Vec<u8> {
        if self.chance(50) {
            let mut line = b"position startpos moves ".to_vec();
            line.resize((1 << 20) + 1 + self.rng.below(1000), b'a');
            line
        } else {
            let mut pos = Position::startpos();
            let mut text = String::from("position startpos moves");
            for _ in 0..3_000 {
                let legal = legal_moves(pos.board());
                if legal.is_empty() {
                    break;
                }
                let m = legal.as_slice()[self.rng.below(legal.len())];
                text += &format!(" {m}");
                pos.make(m);
            }
            text.into_bytes()
        }
    }
}

/// A line must stay one line: newlines become spaces.
fn without_newlines(mut line: Vec<u8>) -> Vec<u8> {
    for b in &mut line {
        if *b == b'\n' {
            *b = b' ';
        }
    }
    line
}
