//! Engine events and boards as UCI output text.

use crate::chess::{Board, Color, Square};
use crate::engine::{Bound, Score, SearchEvent, SearchInfo};

/// The output lines for one event.
pub fn event(e: &SearchEvent) -> String {
    match e {
        SearchEvent::Info { info, .. } => info_line(info),
        SearchEvent::BestMove { best, ponder, .. } => match (best, ponder) {
            // UCI's null move, also what a refused `go` answers.
            (None, _) => "bestmove 0000".into(),
            (Some(b), None) => format!("bestmove {b}"),
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
        },
        SearchEvent::Error(msg) | SearchEvent::Exited(msg) => format!("info string error: {msg}"),
    }
}

pub fn info_line(i: &SearchInfo) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let bound = match i.bound {
        Bound::Exact => "",
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} tbhits {} time {}",
        i.depth,
        i.seldepth,
        i.multipv,
        i.nodes,
        i.nps,
        i.hashfull,
        i.tbhits,
        i.time.as_millis()
    );
    if !i.pv.is_empty() {
        s.push_str(" pv");
        for m in &i.pv {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

/// The `d` command: the board drawn in text, White at the bottom, then FEN.
pub fn board(b: &Board) -> String {
    let mut s = String::new();
    let sep = " +---+---+---+---+---+---+---+---+\n";
    for rank in (0..8).rev() {
        s.push_str(sep);
        for file in 0..8 {
            let c = b
                .piece_at(Square::from_coords(file, rank))
                .map_or(' ', |p| p.fen_char());
            s.push_str(&format!(" | {c}"));
        }
        s.push_str(&format!(" | {}\n", rank + 1));
    }
    s.push_str(sep);
    s.push_str("   a   b   c   d   e   f   g   h\n\n");
    s.push_str(&format!("Fen: {}\n", b.to_fen()));
    s.push_str(&format!("Key: {:016X}\n", b.hash()));
    let side = match b.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let checkers: Vec<String> = b.checkers().iter().map(|sq| sq.to_string()).collect();
    s.push_str(&format!(
        "Side to move: {side}\nCheckers: {}",
        checkers.join(" ")
    ));
    s
}
