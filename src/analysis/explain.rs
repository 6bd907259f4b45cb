//! Why a move was bad, in one or two plain sentences from tapir's own
//! numbers: the search's scores and facts (a mate allowed or let go,
//! material hung or missed by static exchange), and the hand-crafted
//! trace of where the played line and the better line end, term by term.
//! Every number in the text is one of those: the search's score before
//! and after the move, a mate distance, or a difference of two traces'
//! tapered terms (the Deltas view's arithmetic). Nothing else is said.

use super::classify::{Class, MateTurn};
use super::line::{piece_words, san_line, to_quiet};
use super::params::{TERMS_NAMED, TERM_MIN_CP};
use super::score::{signed_pawns, WhiteScore};
use crate::chess::{Board, Color, Move};
use crate::eval::hce::sink::Term;
use crate::eval::phase::taper;
use crate::eval::{trace, Trace};
use crate::search::see::see_ge;

/// An explanation and the numbers behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub text: String,
    /// The played move and the line after it, to its quiet end.
    pub played_line: Vec<Move>,
    /// The engine's line instead, to its quiet end.
    pub better_line: Vec<Move>,
    /// Where the two lines end (the Deltas view can compare them).
    pub played_end: Board,
    pub better_end: Board,
    /// Named term differences (played end minus better end, the mover's
    /// view, centipawns), largest first.
    pub terms: Vec<(Term, i32)>,
    /// The whole hand-crafted evaluation's difference, the mover's view.
    pub total: i32,
}

/// Everything the explainer needs about one judged move.
pub struct Judged<'a> {
    /// The position before the move.
    pub board: &'a Board,
    pub played: Move,
    /// The search's line after the played move (the opponent's best first).
    pub reply: &'a [Move],
    /// The search's line from the position before the move.
    pub best: &'a [Move],
    pub before: WhiteScore,
    pub after: WhiteScore,
    pub class: Class,
    pub turn: MateTurn,
}

/// The term-by-term difference of two positions' traces for `mover`:
/// every term but tempo, tapered each at its own position's phase.
pub fn term_differences(played: &Trace, better: &Trace, mover: Color) -> Vec<(Term, i32)> {
    let mut v: Vec<(Term, i32)> = Term::ALL
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != Term::Tempo)
        .map(|(i, &t)| {
            let p = taper(played.terms[i].total(), played.phase);
            let b = taper(better.terms[i].total(), better.phase);
            (t, (p - b) * mover.sign())
        })
        .filter(|&(_, d)| d != 0)
        .collect();
    v.sort_by_key(|&(t, d)| (std::cmp::Reverse(d.abs()), t as u8));
    v
}

/// "23...Qxb2" for the move `m` from `b`.
pub fn move_label(b: &Board, m: Move) -> String {
    san_line(b, &[m])
}

pub fn explain(j: &Judged) -> Explanation {
    let mover = j.board.side_to_move();
    let label = move_label(j.board, j.played);
    let mut text = format!(
        "{label}{} is {} {} (search, White's view: {} \u{2192} {}).",
        j.class.glyph(),
        if j.class == Class::Inaccuracy {
            "an"
        } else {
            "a"
        },
        j.class.name(),
        j.before.display(),
        j.after.display()
    );
    let after_move = j.board.make(j.played);
    if let Some(fact) = search_fact(j, &after_move) {
        text.push(' ');
        text.push_str(&fact);
    }
    let mut played_full = vec![j.played];
    played_full.extend_from_slice(j.reply);
    let (played_line, played_end) = to_quiet(j.board, &played_full);
    let (better_line, better_end) = to_quiet(j.board, j.best);
    let (tp, tb) = (trace(&played_end), trace(&better_end));
    let all = term_differences(&tp, &tb, mover);
    let total = (tp.tapered - tb.tapered) * mover.sign();
    let terms: Vec<(Term, i32)> = all
        .into_iter()
        .filter(|&(_, d)| d.abs() >= TERM_MIN_CP)
        .take(TERMS_NAMED)
        .collect();
    let over = |b: &Board| crate::chess::legal_moves(b).is_empty();
    let terminal = over(&played_end) || over(&better_end);
    if terminal {
        // A mate or stalemate at the end of a line says more than terms.
        for (line, end) in [(&played_line, &played_end), (&better_line, &better_end)] {
            let said = j.turn != MateTurn::None && end.in_check();
            if !line.is_empty() && over(end) && !said {
                let what = if end.in_check() { "mate" } else { "stalemate" };
                text.push_str(&format!(" {} ends in {what}.", san_line(j.board, line)));
            }
        }
    }
    let terms = if terminal { Vec::new() } else { terms };
    if !better_line.is_empty() && !terminal {
        let side = if mover == Color::White {
            "White"
        } else {
            "Black"
        };
        let lines = format!(
            "After {} rather than {}",
            san_line(j.board, &played_line),
            san_line(j.board, &better_line)
        );
        let named: Vec<String> = terms
            .iter()
            .map(|&(t, d)| format!("{} {}", lowercase_first(t.name()), signed_pawns(d)))
            .collect();
        let sentence = if terms.is_empty() {
            format!(
                " {lines}, the hand-crafted terms hardly differ for {side} ({} in all): the loss lies deeper than these lines.",
                signed_pawns(total)
            )
        } else if total >= 0 {
            format!(
                " {lines}, the hand-crafted terms even favour it for {side} ({}; {} in all): the loss lies deeper than these lines.",
                named.join(", "),
                signed_pawns(total)
            )
        } else {
            format!(
                " {lines}, the hand-crafted terms say for {side}: {}; {} in all.",
                named.join(", "),
                signed_pawns(total)
            )
        };
        text.push_str(&sentence);
    }
    Explanation {
        text,
        played_line,
        better_line,
        played_end,
        better_end,
        terms,
        total,
    }
}

/// The search's fact about the move, if one stands out: a mate allowed, a
/// mate let go, material hung, a winning capture missed.
fn search_fact(j: &Judged, after_move: &Board) -> Option<String> {
    match j.turn {
        MateTurn::MateCreated => {
            let n = j.after.mate_moves().map_or(0, i32::abs);
            let line = san_line(after_move, &j.reply[..j.reply.len().min(6)]);
            return Some(format!("It allows mate in {n}: {line}."));
        }
        MateTurn::MateLost => {
            let n = j.before.mate_moves().map_or(0, i32::abs);
            let line = san_line(j.board, &j.best[..j.best.len().min(6)]);
            return Some(format!("It lets mate in {n} go: {line}."));
        }
        MateTurn::None => {}
    }
    if let Some(&r) = j.reply.first() {
        if after_move.is_legal(r) {
            if let Some(victim) = after_move.captured(r) {
                if see_ge(after_move, r, 1) {
                    return Some(format!(
                        "It hangs {}: {} wins it by exchange.",
                        piece_words(victim.kind()),
                        move_label(after_move, r)
                    ));
                }
            }
        }
    }
    let best = *j.best.first()?;
    if best != j.played && j.board.is_legal(best) && !see_ge(j.board, j.played, 1) {
        if let Some(victim) = j.board.captured(best) {
            if see_ge(j.board, best, 1) {
                return Some(format!(
                    "It misses {}, which wins {} by exchange.",
                    move_label(j.board, best),
                    piece_words(victim.kind())
                ));
            }
        }
    }
    None
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}
