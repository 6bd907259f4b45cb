//! `tapir eval --explain`: the board's teaching views as text for one
//! position. Every term in plain sentences with its packed value taken
//! apart and the squares it came from; a sum of two terms done packed and
//! half by half; each piece's hand-crafted worth as a board; with a net the
//! network's view and the two side by side; with `--move` what that move
//! changes, term by term. Built as a string; `eval::run` prints it.

use crate::chess::{Bitboard, Board, Move, Square};
use crate::eval::hce::attribution::{attribute, Contribution};
use crate::eval::hce::sink::Term;
use crate::eval::nnue::{explain, format_explain, Network};
use crate::eval::phase::{taper, MAX_PHASE};
use crate::eval::teach::packed::{borrow_rule, explain_sum, explain_value, hex};
use crate::eval::teach::piece_values::largest_first;
use crate::eval::teach::{self, about, hce_piece_values, squares_hint, MoveDelta};
use crate::eval::{trace, Trace, S};
use std::fmt::Write;

/// Text width the sentences are wrapped to.
const WIDTH: usize = 78;
/// Contributions listed per term before "… n more".
const LIST_MAX: usize = 12;
/// Pieces listed in the side-by-side comparison.
const COMPARE_MAX: usize = 10;

/// The whole explanation of `b`; `net` adds the network's side, `m` (legal
/// in `b`) what that move changes.
pub fn render(b: &Board, net: Option<&Network>, m: Option<Move>) -> String {
    let t = trace(b);
    let items = attribute(b);
    let mut out = String::new();
    let side = b.side_to_move().name();
    let _ = writeln!(out, "Explanation of {}", b.to_fen());
    let _ = writeln!(
        out,
        "{side} to move · phase {}/{MAX_PHASE} (minor pieces 1, rooks 2, queens 4; {MAX_PHASE} = all of them)",
        t.phase
    );
    for line in wrap(
        "Every term is a packed S(mg, eg): one i32 holding (eg << 16) + mg. Terms \
         add as single integers; their sum is tapered once by the phase: \
         (mg × phase + eg × (24 − phase)) / 24. Values are White's minus Black's \
         unless said otherwise; cp = centipawns.",
    ) {
        let _ = writeln!(out, "{line}");
    }
    for (i, &term) in Term::ALL.iter().enumerate() {
        out.push('\n');
        term_section(&mut out, b, &t, &items, i, term);
    }
    out.push('\n');
    sum_section(&mut out, &t);
    out.push('\n');
    total_section(&mut out, b, &t);
    out.push('\n');
    let hce = hce_piece_values(b);
    let _ = writeln!(
        out,
        "HCE piece values (cp, White's view): the evaluation minus the evaluation without the piece"
    );
    out.push_str(&value_board(b, &hce));
    if let Some(net) = net {
        out.push('\n');
        let e = explain(net, b);
        out.push_str(&format_explain(&e, b));
        out.push('\n');
        let _ = writeln!(
            out,
            "HCE vs NNUE (White's view): HCE {:+} cp, NNUE {:+} cp, differ by {} cp",
            t.tapered,
            e.final_white(),
            (e.final_white() - t.tapered).abs()
        );
        let mut rows: Vec<(Square, i32, i32)> = Square::all()
            .filter_map(|sq| Some((sq, hce[sq.index()]?, e.piece_values[sq.index()]?)))
            .collect();
        rows.sort_by_key(|&(sq, h, n)| (std::cmp::Reverse((n - h).abs()), sq.index()));
        let _ = writeln!(
            out,
            "  piece      HCE    NNUE    diff   (most different first)"
        );
        for (sq, h, n) in rows.into_iter().take(COMPARE_MAX) {
            let _ = writeln!(
                out,
                "  {:<6} {h:>+7} {n:>+7} {:>+7}",
                place(b, Bitboard::from_square(sq)),
                n - h
            );
        }
    } else {
        let _ = writeln!(
            out,
            "\nNNUE: no net loaded (--net FILE adds the network's view)"
        );
    }
    if let Some(m) = m {
        out.push('\n');
        move_section(&mut out, b, m, net);
    }
    out
}

/// `text` broken into lines of the report's width.
fn wrap(text: &str) -> Vec<String> {
    teach::wrap(text, WIDTH)
}

/// "Nf3", "Bc1+Bf1", "3 squares": the pieces (or squares) named by letter.
fn place(b: &Board, squares: Bitboard) -> String {
    let n = squares.count();
    if n > 2 {
        return format!("{n} squares");
    }
    squares
        .iter()
        .map(|sq| match b.piece_at(sq) {
            Some(p) => format!("{}{sq}", p.fen_char()),
            None => sq.to_string(),
        })
        .collect::<Vec<_>>()
        .join("+")
}

fn term_section(
    out: &mut String,
    b: &Board,
    t: &Trace,
    items: &[Contribution],
    i: usize,
    term: Term,
) {
    let tt = &t.terms[i];
    let total = tt.total();
    let _ = writeln!(out, "{}. {}", i + 1, term.name());
    for line in wrap(about(term)) {
        let _ = writeln!(out, "   {line}");
    }
    let _ = writeln!(
        out,
        "   White S({}, {}) · Black S({}, {}) · total S({}, {}) → {} cp at phase {}",
        tt.white.mg(),
        tt.white.eg(),
        tt.black.mg(),
        tt.black.eg(),
        total.mg(),
        total.eg(),
        taper(total, t.phase),
        t.phase
    );
    for line in explain_value("total", total) {
        let _ = writeln!(out, "   {line}");
    }
    let mut list: Vec<&Contribution> = items.iter().filter(|c| c.term == term).collect();
    if list.is_empty() {
        let _ = writeln!(out, "   From: nothing in this position.");
        return;
    }
    list.sort_by_key(|c| std::cmp::Reverse(taper(c.white_value(), t.phase).abs()));
    let _ = writeln!(out, "   From: {}.", squares_hint(term));
    let _ = writeln!(
        out,
        "     {:<10} {:<24} {:>6} {:>6} {:>6}   (White's view)",
        "where", "weight", "mg", "eg", "cp"
    );
    for c in list.iter().take(LIST_MAX) {
        let v = c.white_value();
        let _ = writeln!(
            out,
            "     {:<10} {:<24} {:>6} {:>6} {:>6}",
            if c.squares.is_empty() {
                "-".to_string()
            } else {
                place(b, c.squares)
            },
            if c.count == 1 {
                c.weight_name().to_string()
            } else {
                format!("{} ×{}", c.weight_name(), c.count)
            },
            v.mg(),
            v.eg(),
            taper(v, t.phase)
        );
    }
    if list.len() > LIST_MAX {
        let _ = writeln!(out, "     … {} more", list.len() - LIST_MAX);
    }
}

/// The two terms for the worked sum: the largest with a negative midgame
/// half (when there is one) and the largest other, by tapered size.
fn sum_operands(t: &Trace) -> (usize, usize) {
    let size = |i: usize| taper(t.terms[i].total(), t.phase).abs();
    let mut order: Vec<usize> = (0..t.terms.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(size(i)), i));
    let a = order
        .iter()
        .copied()
        .find(|&i| t.terms[i].total().mg() < 0)
        .unwrap_or(order[0]);
    let b = order.iter().copied().find(|&i| i != a).unwrap_or(0);
    (a, b)
}

fn sum_section(out: &mut String, t: &Trace) {
    let (a, b) = sum_operands(t);
    let (ta, tb) = (&t.terms[a], &t.terms[b]);
    let _ = writeln!(out, "A sum of two terms, packed and half by half:");
    for line in explain_value(ta.name, ta.total())
        .into_iter()
        .chain(explain_value(tb.name, tb.total()))
    {
        let _ = writeln!(out, "  {line}");
    }
    for line in explain_sum((ta.name, ta.total()), (tb.name, tb.total())) {
        let _ = writeln!(out, "  {line}");
    }
    let sum = ta.total() + tb.total();
    let _ = writeln!(
        out,
        "  tapered at {}/{MAX_PHASE}: ({}×{} {}×{}) / {MAX_PHASE} = {} cp",
        t.phase,
        sum.mg(),
        t.phase,
        crate::eval::teach::plus(sum.eg()),
        MAX_PHASE - t.phase,
        taper(sum, t.phase)
    );
    if ta.total().mg() >= 0 && tb.total().mg() >= 0 {
        for line in borrow_rule() {
            let _ = writeln!(out, "  {line}");
        }
    }
}

fn total_section(out: &mut String, b: &Board, t: &Trace) {
    let total: S = t.total;
    let _ = writeln!(
        out,
        "Total S({}, {}) = {}: ({}×{} {}×{}) / {MAX_PHASE} = {} cp",
        total.mg(),
        total.eg(),
        hex(total),
        total.mg(),
        t.phase,
        crate::eval::teach::plus(total.eg()),
        MAX_PHASE - t.phase,
        t.unscaled
    );
    if t.scale != crate::eval::hce::params::SCALE_MAX {
        let _ = writeln!(out, "Drawish scale {}/64: {} cp", t.scale, t.tapered);
    }
    let _ = writeln!(
        out,
        "Score for the side to move ({}): {:+} cp",
        b.side_to_move().name(),
        t.score
    );
}

/// A text board of per-square values (blank where there is none).
fn value_board(b: &Board, values: &[Option<i32>; 64]) -> String {
    let mut s = String::new();
    let rule = format!("  +{}\n", "------+".repeat(8));
    s.push_str(&rule);
    for rank in (0..8).rev() {
        let mut letters = format!("{} |", rank + 1);
        let mut numbers = String::from("  |");
        for file in 0..8 {
            let sq = Square::from_coords(file, rank);
            let letter = b.piece_at(sq).map_or(' ', |p| p.fen_char());
            let _ = write!(letters, "  {letter}   |");
            match values[sq.index()] {
                Some(v) => {
                    let _ = write!(numbers, "{v:>+5} |");
                }
                None => numbers.push_str("      |"),
            }
        }
        let _ = writeln!(s, "{letters}");
        let _ = writeln!(s, "{numbers}");
        s.push_str(&rule);
    }
    s.push_str("     a      b      c      d      e      f      g      h\n");
    let list = largest_first(values);
    if let Some((sq, v)) = list.first() {
        let _ = writeln!(
            s,
            "  largest: {} {v:+} cp",
            place(b, Bitboard::from_square(*sq))
        );
    }
    s
}

fn move_section(out: &mut String, b: &Board, m: Move, net: Option<&Network>) {
    let d = MoveDelta::of_move(b, m, net);
    let _ = writeln!(
        out,
        "The move {} ({}), in the mover's view: HCE {:+} cp{}",
        crate::chess::to_san(b, m),
        d.mover.name(),
        d.hce,
        d.nnue.map_or(String::new(), |n| format!(", NNUE {n:+} cp"))
    );
    let _ = writeln!(out, "  {}", d.summary(Term::COUNT));
    for (term, v) in d.largest_first() {
        let _ = writeln!(out, "    {:<18}{v:>+6}", term.name());
    }
    if d.remainder() != 0 {
        let _ = writeln!(
            out,
            "    {:<18}{:>+6}   (terms are tapered one by one, the total once and scaled)",
            "(rounding, scale)",
            d.remainder()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;

    #[test]
    fn every_term_with_its_numbers() {
        let fens = [
            crate::chess::START_FEN,
            "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 9",
            "2b1k3/pp6/8/3P4/8/8/PPP5/2B1K3 w - - 0 1",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            let t = trace(&b);
            let text = render(&b, None, None);
            for (i, term) in Term::ALL.iter().enumerate() {
                assert!(text.contains(&format!("{}. {}\n", i + 1, term.name())));
                assert!(text.contains(&wrap(about(*term))[0]), "{term:?}");
                let total = t.terms[i].total();
                assert!(text.contains(&format!(
                    "total S({}, {}) → {} cp at phase {}",
                    total.mg(),
                    total.eg(),
                    taper(total, t.phase),
                    t.phase
                )));
                assert!(text.contains(&format!("= {} =", hex(total))), "{term:?}");
            }
            assert!(text.contains("half by half"));
            assert!(text.contains("borrow"), "a negative mg half is explained");
            assert!(text.contains(&format!(
                "Score for the side to move ({}): {:+} cp",
                b.side_to_move().name(),
                t.score
            )));
            assert!(text.contains("no net loaded"));
        }
    }

    #[test]
    fn net_and_move_sections() {
        let b = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .unwrap();
        let net = Network::random(2);
        let m = parse_move(&b, "Bb5").unwrap();
        let text = render(&b, Some(&net), Some(m));
        let e = explain(&net, &b);
        assert!(text.contains("NNUE final"));
        assert!(text.contains(&format!("NNUE {:+} cp", e.final_white())));
        let d = MoveDelta::of_move(&b, m, Some(&net));
        assert!(text.contains(&format!(
            "The move Bb5 (White), in the mover's view: HCE {:+} cp, NNUE {:+} cp",
            d.hce,
            d.nnue.unwrap()
        )));
        for (term, v) in d.largest_first() {
            assert!(text.contains(&format!("    {:<18}{v:>+6}", term.name())));
        }
    }
}
