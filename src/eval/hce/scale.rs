//! Drawish scaling: positions where the side ahead can rarely win have their
//! tapered score shrunk towards zero, in 64ths (`SCALE_MAX` = no change).

use super::params::{
    DRAW_MATERIAL, SCALE_MAX, SCALE_OCB_PAWNS_ONLY, SCALE_OCB_WITH_PIECES, SCALE_SMALL_EDGE,
};
use crate::chess::{Bitboard, Board, Color, PieceType};

/// Material of one side in rough units, pawns excluded.
fn pieces_material(b: &Board, c: Color) -> i32 {
    [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ]
    .iter()
    .map(|&k| DRAW_MATERIAL[k.index()] * b.colored(c, k).count() as i32)
    .sum()
}

/// Why a score is scaled towards a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Drawish {
    /// No reason: the score stands.
    None,
    /// The side ahead has no pawns and a lone minor piece (or nothing).
    LoneMinor,
    /// The side ahead has no pawns and two knights, which cannot force mate.
    TwoKnights,
    /// The side ahead has no pawns and at most a minor piece's worth more.
    SmallEdge,
    /// Opposite-coloured bishops and only pawns besides.
    OppositeBishops,
    /// Opposite-coloured bishops with other pieces still on.
    OppositeBishopsWithPieces,
}

impl Drawish {
    /// The reason in a few words, for the teaching views.
    pub fn words(self) -> &'static str {
        match self {
            Drawish::None => "no drawish material",
            Drawish::LoneMinor => "a lone minor piece or less cannot mate",
            Drawish::TwoKnights => "two knights cannot force mate",
            Drawish::SmallEdge => "no pawns and at most a minor piece more",
            Drawish::OppositeBishops => "opposite-coloured bishops",
            Drawish::OppositeBishopsWithPieces => "opposite-coloured bishops, with pieces",
        }
    }

    /// The reason in fewer words, for a narrow panel.
    pub fn brief(self) -> &'static str {
        match self {
            Drawish::None => "none",
            Drawish::LoneMinor => "a lone minor or less",
            Drawish::TwoKnights => "two knights",
            Drawish::SmallEdge => "no pawns, at most a minor up",
            Drawish::OppositeBishops => "opposite bishops",
            Drawish::OppositeBishopsWithPieces => "opposite bishops + pieces",
        }
    }
}

/// The scale factor for a tapered score `raw` (White's view): 0..=SCALE_MAX.
#[inline]
pub fn factor(b: &Board, raw: i32) -> i32 {
    classify(b, raw).0
}

/// The scale factor for `raw` and its reason.
#[inline]
pub fn classify(b: &Board, raw: i32) -> (i32, Drawish) {
    use PieceType::*;
    if raw == 0 {
        return (SCALE_MAX, Drawish::None);
    }
    let strong = if raw > 0 { Color::White } else { Color::Black };
    if b.colored(strong, Pawn).is_empty() {
        let sm = pieces_material(b, strong);
        // A lone minor (or nothing) cannot mate; two knights cannot force it.
        let two_knights = b.colored(strong, Knight).count() == 2 && sm == 2 * DRAW_MATERIAL[1];
        if sm <= DRAW_MATERIAL[Bishop.index()] {
            return (0, Drawish::LoneMinor);
        }
        if two_knights {
            return (0, Drawish::TwoKnights);
        }
        if sm - pieces_material(b, !strong) <= DRAW_MATERIAL[Bishop.index()] {
            return (SCALE_SMALL_EDGE, Drawish::SmallEdge);
        }
    }
    let one = |x: Bitboard| x.any() && !x.several();
    let bishops = b.pieces(Bishop);
    if one(b.colored(Color::White, Bishop))
        && one(b.colored(Color::Black, Bishop))
        && one(bishops & Bitboard::LIGHT_SQUARES)
    {
        let others = b.pieces(Knight) | b.pieces(Rook) | b.pieces(Queen);
        return if others.is_empty() {
            (SCALE_OCB_PAWNS_ONLY, Drawish::OppositeBishops)
        } else {
            (SCALE_OCB_WITH_PIECES, Drawish::OppositeBishopsWithPieces)
        };
    }
    (SCALE_MAX, Drawish::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fen: &str, raw: i32) -> i32 {
        factor(&Board::from_fen(fen).unwrap(), raw)
    }

    #[test]
    fn drawish_material() {
        assert_eq!(f("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", 300), 0);
        assert_eq!(f("4k3/8/8/8/8/8/8/2NNK3 w - - 0 1", 600), 0);
        assert_eq!(f("4k3/8/8/8/8/8/8/2BBK3 w - - 0 1", 600), SCALE_MAX);
        assert_eq!(f("4k3/8/8/8/8/2b5/8/3RK3 w - - 0 1", 150), SCALE_SMALL_EDGE);
        assert_eq!(f("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", 500), SCALE_MAX);
        // Black is the one ahead here: its lone knight cannot win either.
        assert_eq!(f("4k3/8/8/3n4/8/8/8/4K3 w - - 0 1", -300), 0);
        // ...but the side behind being pawnless is no reason to scale.
        assert_eq!(f("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", -100), SCALE_MAX);
    }

    #[test]
    fn opposite_coloured_bishops() {
        // c1 is dark, c8 light.
        assert_eq!(
            f("2b1k3/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1", 100),
            SCALE_OCB_PAWNS_ONLY
        );
        assert_eq!(
            f("2b1k2r/pp6/8/8/8/8/PPP5/2B1K2R w - - 0 1", 100),
            SCALE_OCB_WITH_PIECES
        );
        // Same-coloured bishops (c1 and f8 both dark): no scaling.
        assert_eq!(f("4kb2/pp6/8/8/8/8/PPP5/2B1K3 w - - 0 1", 100), SCALE_MAX);
    }
}
