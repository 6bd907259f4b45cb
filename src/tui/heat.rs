//! What the board's squares are coloured by when a teaching view asks for
//! it: a heatmap (piece-square values, each piece's hand-crafted or NNUE
//! worth) or the squares behind the selected term. Computed by the reducer
//! when its inputs change and kept in `App::heat`, so a frame only paints.

use super::app::App;
use super::params::HEAT_MIN_SCALE;
use super::teach::{Half, HeatMode, PanelView};
use crate::chess::{Bitboard, Piece, Square};
use crate::eval::hce::attribution::term_squares;
use crate::eval::hce::sink::Term;
use crate::eval::hce::DEFAULT_TABLES;
use crate::eval::phase::taper;
use crate::eval::score::S;

/// One board overlay, ready to paint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heat {
    /// Centipawns per square (a1 = 0); `None` leaves the square uncoloured.
    pub values: [Option<i32>; 64],
    /// Squares that take part without a value of their own (a bishop pair,
    /// a set of checking squares): drawn in the mark colour.
    pub marked: Bitboard,
    /// The value at either end of the colour scale.
    pub scale: i32,
    /// What is shown, for the legend.
    pub title: String,
    /// Whose point of view a positive value is.
    pub view: &'static str,
    /// Said instead of the scale when there is nothing to show.
    pub note: Option<String>,
}

/// Everything the overlay depends on; the reducer recomputes when it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatKey {
    teach: super::teach::Teach,
    piece: Option<Piece>,
    hash: u64,
    /// Which net (by address): another net means other values.
    net: Option<usize>,
}

impl HeatKey {
    pub fn of(app: &App) -> HeatKey {
        HeatKey {
            teach: app.ui.teach.clone(),
            piece: picked_piece(app),
            hash: app.view.board.hash(),
            net: app.net.as_ref().map(|n| std::sync::Arc::as_ptr(n) as usize),
        }
    }
}

/// The piece on the selected square, else under the keyboard cursor.
fn picked_piece(app: &App) -> Option<Piece> {
    let b = &app.view.board;
    app.ui
        .selected
        .and_then(|s| b.piece_at(s))
        .or_else(|| app.ui.cursor.and_then(|s| b.piece_at(s)))
}

/// The phase the views taper with: the explorer's, else the position's.
pub fn shown_phase(app: &App) -> i32 {
    app.ui.teach.phase.unwrap_or(app.view.trace.phase)
}

/// The overlay for the current state, if any.
pub fn compute(app: &App) -> Option<Heat> {
    let phase = shown_phase(app);
    // A set-up that is not legal yet has no values of its own: the last
    // legal position's are not painted on its squares.
    let position_known = app.editor.as_ref().is_none_or(|e| e.check.is_ok());
    match app.ui.teach.heat {
        HeatMode::HcePieces | HeatMode::NnuePieces | HeatMode::Off if !position_known => None,
        HeatMode::PieceSquares(half) => {
            let piece = picked_piece(app).unwrap_or(app.ui.teach.heat_piece);
            Some(piece_squares(piece, half, phase))
        }
        HeatMode::HcePieces => Some(from_values(
            app.view.hce_pieces,
            "HCE piece values: eval - eval without it".to_string(),
            None,
        )),
        HeatMode::NnuePieces => Some(match &app.view.nnue {
            Some(e) => from_values(
                e.piece_values,
                "NNUE piece values: eval - eval without it".to_string(),
                None,
            ),
            None => from_values(
                [None; 64],
                "NNUE piece values".to_string(),
                Some("no net loaded: :net FILE, or tapir tui --net FILE".to_string()),
            ),
        }),
        // A selected term lights its squares in the views about terms,
        // not under the move deltas or the HCE/NNUE comparison.
        HeatMode::Off => app
            .ui
            .teach
            .term
            .filter(|_| {
                matches!(
                    app.ui.teach.panel,
                    PanelView::Terms | PanelView::Explain | PanelView::Packed
                )
            })
            .map(|i| term_heat(app, i, phase)),
    }
}

/// A White piece's table as is, a Black piece's mirrored: owner's view.
fn piece_squares(piece: Piece, half: Half, phase: i32) -> Heat {
    let k = piece.kind().index();
    let mut values = [None; 64];
    for sq in Square::all() {
        let s: S = DEFAULT_TABLES.params.psqt[k][sq.relative(piece.color()).index()];
        values[sq.index()] = Some(match half {
            Half::Mg => s.mg() as i32,
            Half::Eg => s.eg() as i32,
            Half::Tapered => taper(s, phase),
        });
    }
    let side = piece.color().name();
    let half = match half {
        Half::Mg => "mg".to_string(),
        Half::Eg => "eg".to_string(),
        Half::Tapered => format!("tapered at {phase}/24"),
    };
    let mut h = from_values(
        values,
        format!("{side} {} squares, {half}", piece_name(piece)),
        None,
    );
    h.view = "owner's view, no material";
    h
}

/// The selected term's squares: per-square values tapered by `phase`, and
/// the squares of group contributions marked.
fn term_heat(app: &App, i: usize, phase: i32) -> Heat {
    let term = Term::ALL[i.min(Term::COUNT - 1)];
    let ts = term_squares(&app.view.attribution, term);
    let mut values = [None; 64];
    let mut valued = Bitboard::EMPTY;
    for sq in ts.involved {
        let v = ts.per_square[sq.index()];
        if v != S::ZERO {
            values[sq.index()] = Some(taper(v, phase));
            valued |= Bitboard::from_square(sq);
        }
    }
    let note = ts
        .involved
        .is_empty()
        .then(|| format!("{}: no square in this position", term.name()));
    let mut h = from_values(values, format!("{}: its squares", term.name()), note);
    h.marked = ts.involved & !valued;
    h
}

fn from_values(values: [Option<i32>; 64], title: String, note: Option<String>) -> Heat {
    let biggest = values.iter().flatten().map(|v| v.abs()).max().unwrap_or(0);
    Heat {
        values,
        marked: Bitboard::EMPTY,
        scale: nice_ceiling(biggest.max(HEAT_MIN_SCALE)),
        title,
        view: "White's view",
        note,
    }
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `x`.
pub fn nice_ceiling(x: i32) -> i32 {
    let mut step = 1i64;
    loop {
        for m in [1, 2, 5] {
            if step * m >= x as i64 {
                return (step * m).min(i32::MAX as i64) as i32;
            }
        }
        step *= 10;
    }
}

/// "knight", for legends.
pub fn piece_name(p: Piece) -> &'static str {
    use crate::chess::PieceType::*;
    match p.kind() {
        Pawn => "pawn",
        Knight => "knight",
        Bishop => "bishop",
        Rook => "rook",
        Queen => "queen",
        King => "king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Color;

    #[test]
    fn nice_scales() {
        assert_eq!(nice_ceiling(1), 1);
        assert_eq!(nice_ceiling(3), 5);
        assert_eq!(nice_ceiling(10), 10);
        assert_eq!(nice_ceiling(11), 20);
        assert_eq!(nice_ceiling(480), 500);
        assert_eq!(nice_ceiling(501), 1000);
        assert_eq!(nice_ceiling(i32::MAX), i32::MAX);
    }

    #[test]
    fn black_tables_are_white_mirrored() {
        use crate::chess::PieceType;
        let w = piece_squares(Piece::new(Color::White, PieceType::Knight), Half::Mg, 24);
        let b = piece_squares(Piece::new(Color::Black, PieceType::Knight), Half::Mg, 24);
        for sq in Square::all() {
            assert_eq!(w.values[sq.index()], b.values[sq.flip_rank().index()]);
        }
        assert_eq!(w.view, "owner's view, no material");
    }
}
