//! Which squares produced each term: the hand-crafted evaluation run once
//! more with a sink that keeps every single contribution together with the
//! squares it came from (see `Sink::add_from`). This is a separate, slower
//! path for display (the board's term highlights, `tapir eval --explain`);
//! `evaluate` never runs it. Its contributions add up exactly to the trace.

use super::params::Params;
use super::sink::{Sink, Term, Weight};
use super::{terms, Tables, DEFAULT_TABLES};
use crate::chess::{Bitboard, Board, Color, Square};
use crate::eval::score::S;

/// One weight applied to one side: `count` times `weight`, giving `value`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Contribution {
    pub term: Term,
    /// The side it counts for (its own point of view).
    pub color: Color,
    /// Index of the weight in `Params::to_vec()` (`Params::names()` names it).
    pub weight: usize,
    pub count: i32,
    /// The weight's value (one count), from `color`'s point of view.
    pub unit: S,
    /// `count` times the weight, from `color`'s point of view.
    pub value: S,
    /// Where it came from; empty for the tempo bonus.
    pub squares: Bitboard,
}

impl Contribution {
    /// The value from White's point of view.
    pub fn white_value(&self) -> S {
        match self.color {
            Color::White => self.value,
            Color::Black => -self.value,
        }
    }

    /// The weight's name, e.g. `mobility_knight[5]` or `psqt[knight][f3]`.
    pub fn weight_name(&self) -> &'static str {
        weight_names()
            .get(self.weight)
            .map(String::as_str)
            .unwrap_or("?")
    }

    /// What each square of `squares` earns on its own (White's view), when
    /// the contribution splits by square: one square counted `count` times,
    /// or `count` squares once each. `None` for a group that earns it
    /// together (the two bishops of a pair, a set of checking squares).
    pub fn per_square(&self) -> Option<S> {
        let n = self.squares.count() as i32;
        let sign = self.color.sign();
        if n == 1 {
            Some(self.value * sign)
        } else if n > 1 && n == self.count {
            Some(self.unit * sign)
        } else {
            None
        }
    }
}

/// The names of every weight, built once, made readable: tables indexed
/// by piece type name the piece (`safe_check[queen]`), and the square
/// tables name the piece and the square from the owner's side
/// (`psqt[knight][f3]`).
fn weight_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| Params::names().iter().map(|n| readable(n)).collect())
}

const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

fn readable(name: &str) -> String {
    let Some((field, rest)) = name.split_once('[') else {
        return name.to_string();
    };
    let Ok(i) = rest.trim_end_matches(']').parse::<usize>() else {
        return name.to_string();
    };
    match field {
        "psqt" if i < 6 * 64 => format!(
            "psqt[{}][{}]",
            KIND_NAMES[i / 64],
            Square::new((i % 64) as u8)
        ),
        "piece_value" | "king_zone_attack" | "safe_check" | "threat_by_pawn"
        | "threat_by_minor"
            if i < 6 =>
        {
            format!("{field}[{}]", KIND_NAMES[i])
        }
        _ => name.to_string(),
    }
}

/// The sink that keeps every contribution with its squares.
#[derive(Default)]
pub struct Attributor {
    pub items: Vec<Contribution>,
}

impl Sink for Attributor {
    const TRACE: bool = true;

    fn add(&mut self, c: Color, term: Term, w: Weight, n: i32) {
        self.add_from(c, term, w, n, Bitboard::EMPTY)
    }

    fn add_from(&mut self, c: Color, term: Term, w: Weight, n: i32, from: Bitboard) {
        let value = w.1 * n;
        if value != S::ZERO {
            self.items.push(Contribution {
                term,
                color: c,
                weight: w.0,
                count: n,
                unit: w.1,
                value,
                squares: from,
            });
        }
    }
}

/// Every non-zero contribution of the committed weights, in evaluation order.
pub fn attribute(b: &Board) -> Vec<Contribution> {
    attribute_with(b, &DEFAULT_TABLES)
}

/// Every non-zero contribution with other weights.
pub fn attribute_with(b: &Board, t: &Tables) -> Vec<Contribution> {
    let mut a = Attributor {
        items: Vec::with_capacity(128),
    };
    terms(b, t, None, &mut a);
    a.items
}

/// One term's contributions summed per square (White's view), the squares
/// involved at all (groups included), and the part no square carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermSquares {
    pub per_square: [S; 64],
    /// Every square any contribution of the term came from.
    pub involved: Bitboard,
    /// Group contributions and those without squares (tempo), White's view.
    pub unplaced: S,
}

/// Splits the contributions of `term` over the squares.
pub fn term_squares(items: &[Contribution], term: Term) -> TermSquares {
    let mut out = TermSquares {
        per_square: [S::ZERO; 64],
        involved: Bitboard::EMPTY,
        unplaced: S::ZERO,
    };
    for c in items.iter().filter(|c| c.term == term) {
        out.involved |= c.squares;
        match c.per_square() {
            Some(v) => {
                for sq in c.squares {
                    out.per_square[sq.index()] += v;
                }
            }
            None => out.unplaced += c.white_value(),
        }
    }
    out
}

/// The sum over a square set of per-square values.
pub fn sum_over(per_square: &[S; 64], squares: Bitboard) -> S {
    squares
        .iter()
        .map(|sq: Square| per_square[sq.index()])
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::hce::record;
    use crate::eval::tests::playout_positions;
    use crate::eval::trace;

    #[test]
    fn contributions_add_up_to_the_trace() {
        for b in playout_positions(1500, 0x51_7e_a3) {
            let items = attribute(&b);
            let (r, _) = record(&b, &DEFAULT_TABLES);
            let t = trace(&b);
            for (i, &term) in Term::ALL.iter().enumerate() {
                for c in Color::BOTH {
                    let sum: S = items
                        .iter()
                        .filter(|x| x.term == term && x.color == c)
                        .map(|x| x.value)
                        .sum();
                    assert_eq!(sum, r.terms[i][c.index()], "{term:?} {c:?} {}", b.to_fen());
                }
                // Per square plus the unplaced part is the term's total.
                let ts = term_squares(&items, term);
                let placed = sum_over(&ts.per_square, Bitboard::ALL);
                assert_eq!(placed + ts.unplaced, t.terms[i].total(), "{term:?}");
                assert!(
                    (placed == S::ZERO) || ts.involved.any(),
                    "{term:?} has values off the board"
                );
            }
            // Only the tempo bonus comes from no square.
            for x in &items {
                assert_eq!(x.squares.is_empty(), x.term == Term::Tempo, "{x:?}");
            }
        }
    }

    #[test]
    fn squares_name_the_pieces_involved() {
        // White: knight f3 and both bishops; Black: doubled pawns on the c-file.
        let b = Board::from_fen("4k3/2p5/2p5/8/8/5N2/8/2B1KB2 w - - 0 1").unwrap();
        let items = attribute(&b);
        let sq = |s| Square::parse(s).unwrap();
        let mobility = term_squares(&items, Term::Mobility);
        for s in ["f3", "c1", "f1"] {
            assert!(mobility.involved.contains(sq(s)), "{s}");
        }
        let pair = term_squares(&items, Term::BishopPair);
        assert_eq!(pair.involved.count(), 2);
        assert_eq!(pair.per_square, [S::ZERO; 64], "a pair is earned together");
        assert_eq!(pair.unplaced, Params::DEFAULT.bishop_pair);
        let pawns = term_squares(&items, Term::Pawns);
        // The rear pawn of the doubled pair (c6 for Black, whose rear is c7).
        let doubled = items
            .iter()
            .find(|x| x.weight_name() == "doubled")
            .expect("a doubled pawn");
        let names: Vec<&str> = items.iter().map(|x| x.weight_name()).collect();
        assert!(names.contains(&"psqt[knight][f3]"), "{names:?}");
        assert!(names.contains(&"piece_value[bishop]"), "{names:?}");
        // Black's c7 pawn reads its table from its own side: c2.
        assert!(names.contains(&"psqt[pawn][c2]"), "{names:?}");
        assert_eq!(doubled.color, Color::Black);
        assert_eq!(doubled.squares.count(), 1);
        assert!(pawns.involved.contains(sq("c7")) && pawns.involved.contains(sq("c6")));
    }
}
