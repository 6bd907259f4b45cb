//! What a move changes in the evaluation: every term's tapered value after
//! the move minus before, the whole hand-crafted evaluation and the
//! network's output, all from the mover's point of view, so "King safety
//! -45" reads as "this move cost the mover 45 cp of king safety". Terms are
//! tapered each at its own position's phase, so a capture's change of phase
//! is part of each term's change.

use super::piece_values::nnue_white;
use crate::chess::{Board, Color, Move};
use crate::eval::hce::sink::Term;
use crate::eval::nnue::Network;
use crate::eval::phase::taper;
use crate::eval::{trace, Trace};

/// The changes one move makes, from the mover's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveDelta {
    pub mover: Color,
    /// Per term, in `Term::ALL` order: tapered after minus tapered before.
    pub terms: [i32; Term::COUNT],
    /// The whole hand-crafted evaluation (tapered once, scaled), after minus before.
    pub hce: i32,
    /// The network's final output, after minus before; `None` without a net.
    pub nnue: Option<i32>,
}

impl MoveDelta {
    /// The changes of `m` (legal on `before`); `net` adds the network's.
    pub fn of_move(before: &Board, m: Move, net: Option<&Network>) -> MoveDelta {
        let after = before.make(m);
        let nnue = net.map(|n| nnue_white(n, &after) - nnue_white(n, before));
        let mut d = MoveDelta::between(&trace(before), &trace(&after), before.side_to_move());
        d.nnue = nnue.map(|x| x * d.mover.sign());
        d
    }

    /// The term changes between two traces, for `mover`.
    pub fn between(before: &Trace, after: &Trace, mover: Color) -> MoveDelta {
        let mut terms = [0; Term::COUNT];
        for (i, t) in terms.iter_mut().enumerate() {
            let b = taper(before.terms[i].total(), before.phase);
            let a = taper(after.terms[i].total(), after.phase);
            *t = (a - b) * mover.sign();
        }
        MoveDelta {
            mover,
            terms,
            hce: (after.tapered - before.tapered) * mover.sign(),
            nnue: None,
        }
    }

    /// The terms that changed, largest change first (ties in term order).
    pub fn largest_first(&self) -> Vec<(Term, i32)> {
        let mut v: Vec<(Term, i32)> = Term::ALL
            .iter()
            .zip(self.terms)
            // Tempo only says whose turn it is: every move hands it over,
            // so it is no change the move made (it is in the remainder).
            .filter(|&(&t, d)| d != 0 && t != Term::Tempo)
            .map(|(&t, d)| (t, d))
            .collect();
        v.sort_by_key(|&(t, d)| (std::cmp::Reverse(d.abs()), t as u8));
        v
    }

    /// What the listed term changes leave unexplained: the tempo bonus
    /// changing hands, and, since the total is tapered once and scaled
    /// while the terms are tapered one by one, truncation and the drawish
    /// scale.
    pub fn remainder(&self) -> i32 {
        let listed: i32 = Term::ALL
            .iter()
            .zip(self.terms)
            .filter(|&(&t, _)| t != Term::Tempo)
            .map(|(_, d)| d)
            .sum();
        self.hce - listed
    }

    /// The same changes from White's point of view (+ good for White).
    pub fn white_view(&self) -> MoveDelta {
        let s = self.mover.sign();
        MoveDelta {
            mover: self.mover,
            terms: self.terms.map(|d| d * s),
            hce: self.hce * s,
            nnue: self.nnue.map(|d| d * s),
        }
    }

    /// "King safety -45, Mobility +12" for the `n` largest changes.
    pub fn summary(&self, n: usize) -> String {
        let v = self.largest_first();
        if v.is_empty() {
            return "no term changed".to_string();
        }
        v.iter()
            .take(n)
            .map(|(t, d)| format!("{} {d:+}", t.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::parse_move;

    #[test]
    fn deltas_are_trace_differences_for_the_mover() {
        let before =
            Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let net = Network::random(3);
        for san in ["Bb5", "Nxe5", "d4", "Qe2"] {
            let m = parse_move(&before, san).unwrap();
            let after = before.make(m);
            let d = MoveDelta::of_move(&before, m, Some(&net));
            let (tb, ta) = (trace(&before), trace(&after));
            for (i, term) in Term::ALL.iter().enumerate() {
                let want =
                    taper(ta.terms[i].total(), ta.phase) - taper(tb.terms[i].total(), tb.phase);
                assert_eq!(d.terms[i], want, "{san} {term:?}");
            }
            assert_eq!(d.hce, ta.tapered - tb.tapered, "{san}");
            assert_eq!(
                d.nnue,
                Some(nnue_white(&net, &after) - nnue_white(&net, &before))
            );
            let listed: i32 = d.largest_first().iter().map(|(_, v)| v).sum();
            assert_eq!(d.remainder() + listed, d.hce);
            let list = d.largest_first();
            assert!(list.windows(2).all(|w| w[0].1.abs() >= w[1].1.abs()));
            assert!(
                list.iter().all(|(t, _)| *t != Term::Tempo),
                "tempo is left out"
            );
        }
        // Black's move: the view is Black's.
        let b = Board::from_fen("4k3/8/8/3q4/8/8/3Q4/4K3 b - - 0 1").unwrap();
        let m = parse_move(&b, "Qxd2+").unwrap();
        let d = MoveDelta::of_move(&b, m, None);
        assert_eq!(d.mover, Color::Black);
        assert!(
            d.hce > 500,
            "winning a queen is good for the mover: {}",
            d.hce
        );
        assert!(d.summary(2).starts_with("Material +"), "{}", d.summary(2));
        assert_eq!(d.nnue, None);
        // From White's side the same move is as bad.
        let w = d.white_view();
        assert_eq!(w.hce, -d.hce);
        assert!(w.summary(1).starts_with("Material -"), "{}", w.summary(1));
    }
}
