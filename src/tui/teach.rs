//! The teaching views' state: which side-panel view is shown, the selected
//! trace row, the second term of the packed sum, the phase explorer's
//! phase, the board heatmap and the move whose deltas are opened. Plain
//! data; the reducer (`update/teaching.rs`) changes it, widgets read it.

use crate::chess::{Color, Piece, PieceType};
use crate::eval::hce::sink::Term;

/// What the side panel shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PanelView {
    /// The trace: every term per side, tapered, the phase and the formula.
    Terms,
    /// The selected term in sentences, with the contributions behind it.
    Explain,
    /// What the last move and the engine lines' first moves change.
    Deltas,
    /// The hand-crafted and the network evaluation side by side.
    Compare,
    /// The selected term's packed `i32`, and a sum of two terms.
    Packed,
}

impl PanelView {
    pub const ALL: [PanelView; 5] = [
        PanelView::Terms,
        PanelView::Explain,
        PanelView::Deltas,
        PanelView::Compare,
        PanelView::Packed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PanelView::Terms => "Terms",
            PanelView::Explain => "Explain",
            PanelView::Deltas => "Deltas",
            PanelView::Compare => "HCE vs NNUE",
            PanelView::Packed => "Packed",
        }
    }

    /// The view `step` places further on (wrapping).
    pub fn step(self, step: i32) -> PanelView {
        let n = PanelView::ALL.len() as i32;
        let i = PanelView::ALL.iter().position(|&v| v == self).unwrap_or(0) as i32;
        PanelView::ALL[(i + step).rem_euclid(n) as usize]
    }
}

/// Which half of a packed value a heatmap shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Half {
    Mg,
    Eg,
    /// Both, tapered by the (explorer's) phase.
    Tapered,
}

/// What the board's squares are coloured by.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HeatMode {
    Off,
    /// The piece-square value of one piece on every square.
    PieceSquares(Half),
    /// Each piece's hand-crafted worth: eval minus eval without it.
    HcePieces,
    /// Each piece's worth to the network, the same way.
    NnuePieces,
}

impl HeatMode {
    /// The order `c` walks through.
    pub const CYCLE: [HeatMode; 6] = [
        HeatMode::Off,
        HeatMode::PieceSquares(Half::Mg),
        HeatMode::PieceSquares(Half::Eg),
        HeatMode::PieceSquares(Half::Tapered),
        HeatMode::HcePieces,
        HeatMode::NnuePieces,
    ];

    pub fn next(self) -> HeatMode {
        let i = HeatMode::CYCLE.iter().position(|&m| m == self).unwrap_or(0);
        HeatMode::CYCLE[(i + 1) % HeatMode::CYCLE.len()]
    }
}

/// The pieces `o` walks through for the piece-square heatmap.
pub const HEAT_PIECES: [Piece; 12] = {
    use PieceType::*;
    let kinds = [Pawn, Knight, Bishop, Rook, Queen, King];
    let mut out = [Piece::new(Color::White, Pawn); 12];
    let mut i = 0;
    while i < 6 {
        out[i] = Piece::new(Color::White, kinds[i]);
        out[i + 6] = Piece::new(Color::Black, kinds[i]);
        i += 1;
    }
    out
};

/// Everything the teaching views remember between frames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teach {
    pub panel: PanelView,
    /// The selected trace row (index into `Term::ALL`).
    pub term: Option<usize>,
    /// The second operand of the packed sum (index into `Term::ALL`).
    pub second: usize,
    /// The phase explorer's phase (0..=24) while it is open.
    pub phase: Option<i32>,
    pub heat: HeatMode,
    /// The piece-square heatmap's piece when no piece is picked on the board.
    pub heat_piece: Piece,
    /// Deltas view: 0 opens the last move, k the first move of engine line k.
    pub delta_item: usize,
    /// Explain view: how many of the term's contributions are scrolled
    /// above the first shown (Shift-↑↓, the wheel over the panel).
    pub explain_scroll: usize,
}

impl Default for Teach {
    fn default() -> Self {
        Teach {
            panel: PanelView::Terms,
            term: None,
            second: 1,
            phase: None,
            heat: HeatMode::Off,
            heat_piece: Piece::new(Color::White, PieceType::Knight),
            delta_item: 0,
            explain_scroll: 0,
        }
    }
}

impl Teach {
    /// The selected term, or the first one when none is.
    pub fn term_or_first(&self) -> Term {
        Term::ALL[self.term.unwrap_or(0).min(Term::COUNT - 1)]
    }

    /// The second operand of the packed sum, never the selected term itself.
    pub fn second_term(&self) -> Term {
        let first = self.term.unwrap_or(0);
        let i = if self.second % Term::COUNT == first {
            (first + 1) % Term::COUNT
        } else {
            self.second % Term::COUNT
        };
        Term::ALL[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_wrap() {
        assert_eq!(PanelView::Terms.step(1), PanelView::Explain);
        assert_eq!(PanelView::Terms.step(-1), PanelView::Packed);
        assert_eq!(PanelView::Packed.step(1), PanelView::Terms);
        let mut m = HeatMode::Off;
        for _ in 0..HeatMode::CYCLE.len() {
            m = m.next();
        }
        assert_eq!(m, HeatMode::Off);
        assert_eq!(HEAT_PIECES[7], Piece::new(Color::Black, PieceType::Knight));
        let t = Teach {
            term: Some(3),
            second: 3,
            ..Teach::default()
        };
        assert_eq!(t.second_term(), Term::ALL[4]);
    }
}
