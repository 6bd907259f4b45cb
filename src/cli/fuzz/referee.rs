//! The fuzzer's referee: follows what each line sent does to the engine's
//! state (with the same line parser, against its own copy of the
//! position), then checks every line the engine prints: one `bestmove` per
//! `go` and legal in the position that `go` searched (from the move
//! generator, not the engine's word), `0000` exactly when the `go` was
//! refused or there was no legal move, every `pv` a legal line, every
//! `isready` answered.

use crate::chess::{legal_moves, parse_uci, Position};
use crate::engine::Limits;
use crate::uci::{command_word, decode_line, parse, Command, MAX_LINE};
use std::collections::VecDeque;

/// What one `go` must end in.
enum Expect {
    /// A legal move of this position (from `searchmoves` if given), or
    /// `0000` if it has none.
    Move {
        position: Position,
        searchmoves: Vec<String>,
    },
    /// The `go` was refused: `bestmove 0000`.
    Null,
}

/// What a line sent means for the sender.
#[derive(Default)]
pub struct Sent {
    pub isready: bool,
    /// The line would end the session.
    pub quit: bool,
}

/// Counts for the report.
#[derive(Default, Debug)]
pub struct Tally {
    pub lines: u64,
    pub not_utf8: u64,
    pub gos: u64,
    pub moves: u64,
    pub nulls: u64,
    pub pvs: u64,
    pub readyoks: u64,
    pub errors: u64,
}

pub struct Referee {
    position: Position,
    /// The last `position` was refused: every `go` is, until a good one.
    refused: bool,
    queue: VecDeque<Expect>,
    readies: usize,
    /// A search that would not end by itself may be running.
    pub endless: bool,
    pub pondering: bool,
    pub tally: Tally,
}

impl Referee {
    pub fn new() -> Referee {
        Referee {
            position: Position::startpos(),
            refused: false,
            queue: VecDeque::new(),
            readies: 0,
            endless: false,
            pondering: false,
            tally: Tally::default(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Searches still owed a `bestmove`.
    pub fn owed(&self) -> usize {
        self.queue.len()
    }

    /// `isready`s still owed a `readyok`.
    pub fn unanswered(&self) -> usize {
        self.readies
    }

    /// Follows one line sent (without its newline), as the engine reads it.
    pub fn sent(&mut self, bytes: &[u8]) -> Sent {
        self.tally.lines += 1;
        if std::str::from_utf8(bytes).is_err() {
            self.tally.not_utf8 += 1;
        }
        let mut out = Sent::default();
        // Refused unread, as a command that did not read: an over-long
        // `position` stops the `go`s after it, an over-long `go` is
        // answered with the null move.
        if bytes.len() + 1 > MAX_LINE {
            let start = &bytes[..bytes.len().min(crate::linein::TOO_LONG_HEAD)];
            let start = decode_line(start);
            match command_word(start.split('\r').next().unwrap_or("")) {
                "position" => self.refused = true,
                "go" => self.go_refused(),
                _ => {}
            }
            return out;
        }
        // A lone CR ends a line too.
        for line in decode_line(bytes).split('\r') {
            self.sent_line(line, &mut out);
        }
        out
    }

    /// `sent` for one line.
    fn sent_line(&mut self, line: &str, out: &mut Sent) {
        let head = command_word(line);
        if head == "go" && self.refused {
            self.go_refused();
            return;
        }
        match parse(line, self.position.board()) {
            Ok(Command::Position(p)) => {
                self.position = p;
                self.refused = false;
            }
            Err(_) if head == "position" => self.refused = true,
            Ok(Command::Go { limits, .. }) => {
                self.tally.gos += 1;
                self.endless = endless(&limits);
                self.pondering = limits.ponder;
                self.queue.push_back(Expect::Move {
                    position: self.position.clone(),
                    searchmoves: limits.searchmoves.iter().map(|m| m.to_string()).collect(),
                });
            }
            Err(_) if head == "go" => self.go_refused(),
            Ok(Command::IsReady) => {
                self.readies += 1;
                out.isready = true;
            }
            Ok(Command::Stop) | Ok(Command::NewGame) => {
                self.endless = false;
                self.pondering = false;
            }
            Ok(Command::PonderHit) => self.pondering = false,
            Ok(Command::Quit) => out.quit = true,
            _ => {}
        }
    }

    fn go_refused(&mut self) {
        self.tally.gos += 1;
        self.endless = false;
        self.pondering = false;
        self.queue.push_back(Expect::Null);
    }

    /// Checks one line the engine printed.
    pub fn printed(&mut self, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("readyok") => {
                self.tally.readyoks += 1;
                if self.readies == 0 {
                    return Err("a readyok without an isready".into());
                }
                self.readies -= 1;
            }
            Some("bestmove") => self.bestmove(&words)?,
            Some("info") if words.get(1) == Some(&"string") && words.get(2) == Some(&"error:") => {
                self.tally.errors += 1;
            }
            Some("info") if words.get(1) == Some(&"string") => {}
            Some("info") => self.info(&words)?,
            _ => {}
        }
        Ok(())
    }

    fn bestmove(&mut self, words: &[&str]) -> Result<(), String> {
        let expect = self
            .queue
            .pop_front()
            .ok_or("a bestmove without a go to answer")?;
        let best = *words.get(1).ok_or("a bestmove without a move")?;
        match expect {
            Expect::Null => {
                self.tally.nulls += 1;
                if best != "0000" {
                    return Err(format!("a refused go answered {best}, not 0000"));
                }
            }
            Expect::Move {
                position,
                searchmoves,
            } => {
                let board = position.board();
                if legal_moves(board).is_empty() {
                    self.tally.nulls += 1;
                    if best != "0000" {
                        return Err(format!(
                            "{best} in {}, which has no legal move",
                            board.to_fen()
                        ));
                    }
                    return Ok(());
                }
                self.tally.moves += 1;
                let m = parse_uci(board, best)
                    .map_err(|e| format!("bestmove {best} in {}: {e}", board.to_fen()))?;
                if !searchmoves.is_empty() && !searchmoves.iter().any(|s| *s == best) {
                    return Err(format!(
                        "bestmove {best} is not one of searchmoves {}",
                        searchmoves.join(" ")
                    ));
                }
                if words.get(2) == Some(&"ponder") {
                    let mut after = position.clone();
                    after.make(m);
                    let ponder = words.get(3).ok_or("ponder without a move")?;
                    parse_uci(after.board(), ponder).map_err(|e| {
                        format!(
                            "ponder move {ponder} after {best} in {}: {e}",
                            board.to_fen()
                        )
                    })?;
                }
            }
        }
        Ok(())
    }

    /// An `info` line's `pv` must be a legal line of the search's position.
    fn info(&mut self, words: &[&str]) -> Result<(), String> {
        let Some(at) = words.iter().position(|w| *w == "pv") else {
            return Ok(());
        };
        let Some(Expect::Move { position, .. }) = self.queue.front() else {
            return Err("an info line with a pv while no search is owed".into());
        };
        let mut p = position.clone();
        for w in &words[at + 1..] {
            let m = parse_uci(p.board(), w).map_err(|e| {
                format!(
                    "pv move {w} in {} (line: {}): {e}",
                    p.board().to_fen(),
                    words.join(" ")
                )
            })?;
            p.make(m);
        }
        self.tally.pvs += 1;
        Ok(())
    }
}

/// A search that may not end by itself soon: no limit, `infinite`,
/// `ponder`, or one deep or long enough to hold up the run.
fn endless(l: &Limits) -> bool {
    let has_limit = l.depth.is_some()
        || l.nodes.is_some()
        || l.movetime.is_some()
        || l.mate.is_some()
        || l.wtime.is_some()
        || l.btime.is_some();
    l.infinite
        || l.ponder
        || !has_limit
        || l.depth.is_some_and(|d| d > 8)
        || l.mate.is_some_and(|m| m > 3)
        || l.nodes.is_some_and(|n| n > 200_000)
        || l.movetime.is_some_and(|t| t.as_millis() > 300)
        || l.wtime.is_some_and(|t| t.as_secs() > 5)
}
