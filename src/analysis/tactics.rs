//! Forks and pins, read off a position with the chess module's attacks,
//! for the explanations' facts ("walks into a fork that the better line
//! avoids", "misses a fork"). A fork: one piece attacking two or more
//! enemy pieces that are each worth more than it or undefended (the king
//! always counts), and that cannot simply be taken: a queen "forking"
//! king and rook from a square the king takes it on is a trade. A pin: a
//! piece standing between an enemy slider and its own king, or a piece of
//! its side worth more than it that the slider would then win, with
//! nothing else between. Pure functions of a board: tests feed them
//! crafted FENs.

use super::line::and_list;
use super::params::FACT_VALUE;
use crate::chess::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks,
};
use crate::chess::{Bitboard, Board, Color, Piece, PieceType, Square};
use crate::search::see::see_ge;

/// A piece's worth for these facts (the king above everything).
pub fn worth(kind: PieceType) -> i32 {
    FACT_VALUE[kind.index()]
}

/// The squares the piece on `sq` attacks.
fn attacks_of(b: &Board, sq: Square, p: Piece) -> Bitboard {
    let occ = b.occupied();
    match p.kind() {
        PieceType::Pawn => pawn_attacks(p.color(), sq),
        PieceType::Knight => knight_attacks(sq),
        PieceType::Bishop => bishop_attacks(sq, occ),
        PieceType::Rook => rook_attacks(sq, occ),
        PieceType::Queen => queen_attacks(sq, occ),
        PieceType::King => king_attacks(sq),
    }
}

/// A fork: the forking piece and the pieces it attacks at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fork {
    pub square: Square,
    pub piece: Piece,
    /// The forked pieces, most valuable first.
    pub targets: Vec<(Square, Piece)>,
}

/// The fork made by the piece on `sq`, if it makes one.
pub fn fork_by(b: &Board, sq: Square) -> Option<Fork> {
    let piece = b.piece_at(sq)?;
    let enemy = !piece.color();
    let occ = b.occupied();
    let mut targets: Vec<(Square, Piece)> = (attacks_of(b, sq, piece) & b.color(enemy))
        .into_iter()
        .filter_map(|t| b.piece_at(t).map(|p| (t, p)))
        .filter(|&(t, p)| {
            p.kind() == PieceType::King
                || worth(p.kind()) > worth(piece.kind())
                || !b.is_attacked(t, enemy, occ)
        })
        .collect();
    if targets.len() < 2 || can_be_taken(b, sq, enemy) {
        return None;
    }
    targets.sort_by_key(|&(t, p)| (std::cmp::Reverse(worth(p.kind())), t.index()));
    Some(Fork {
        square: sq,
        piece,
        targets,
    })
}

/// Whether `side`, to move, can take the piece on `sq` without losing
/// material by it (static exchange).
fn can_be_taken(b: &Board, sq: Square, side: Color) -> bool {
    b.side_to_move() == side
        && crate::chess::legal_moves(b)
            .iter()
            .any(|&m| m.to() == sq && b.captured(m).is_some() && see_ge(b, m, 0))
}

/// A pin: `pinned` cannot leave the line from `pinner` without exposing
/// `behind` (its king, or a piece worth more than it that the pinner
/// would then win: worth more than the pinner too, or unguarded).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    pub pinner: Square,
    pub pinned: Square,
    pub behind: Square,
}

/// Every pin of `side`'s pieces, but for a piece that still moves along
/// the pin's line (a rook or queen on a straight one, a bishop or queen
/// on a diagonal, a pawn pushing up a file or taking the pinner next to
/// it): that is no pin a player would call one, and the pinner is often
/// its to take.
pub fn pins_of(b: &Board, side: Color) -> Vec<Pin> {
    let occ = b.occupied();
    let own = b.color(side);
    let enemy = !side;
    let diagonal = b.colored(enemy, PieceType::Bishop) | b.colored(enemy, PieceType::Queen);
    let straight = b.colored(enemy, PieceType::Rook) | b.colored(enemy, PieceType::Queen);
    let mut out = Vec::new();
    for (sliders, rays, diagonal) in [
        (
            diagonal,
            bishop_attacks as fn(Square, Bitboard) -> Bitboard,
            true,
        ),
        (straight, rook_attacks, false),
    ] {
        for s in sliders {
            for behind in rays(s, Bitboard::EMPTY) & own {
                let gap = between(s, behind) & occ;
                if gap.count() != 1 || (gap & own).is_empty() {
                    continue;
                }
                let Some(pinned) = gap.into_iter().next() else {
                    continue;
                };
                let (Some(p), Some(t)) = (b.piece_at(pinned), b.piece_at(behind)) else {
                    continue;
                };
                let along = match p.kind() {
                    PieceType::Queen => true,
                    PieceType::Bishop => diagonal,
                    PieceType::Rook => !diagonal,
                    // A pawn pushes up a file, and on a diagonal it
                    // takes a pinner that stands next to it (16...Be6
                    // 17.Bxe6 pins no f7-pawn: 17...fxe6).
                    PieceType::Pawn if diagonal => pawn_attacks(p.color(), pinned).contains(s),
                    PieceType::Pawn => s.file() == pinned.file(),
                    _ => false,
                };
                if along {
                    continue;
                }
                // Behind a piece of less worth than itself the pin holds
                // only if taking it wins: the slider is worth less, or
                // nothing guards it once the pinned piece has gone.
                let wins = || {
                    let pinner = b.piece_at(s).map_or(0, |x| worth(x.kind()));
                    let guards = b.attackers_to(behind, occ.without(pinned)) & own;
                    pinner < worth(t.kind()) || guards.without(pinned).is_empty()
                };
                let held =
                    t.kind() == PieceType::King || (worth(t.kind()) > worth(p.kind()) && wins());
                if held {
                    out.push(Pin {
                        pinner: s,
                        pinned,
                        behind,
                    });
                }
            }
        }
    }
    out.sort_by_key(|p| (p.pinned.index(), p.behind.index()));
    out
}

/// "the king and the rook", for sentences.
pub fn targets_words(f: &Fork) -> String {
    let names: Vec<String> = f
        .targets
        .iter()
        .map(|&(t, p)| format!("{} on {t}", kind_word(p.kind())))
        .collect();
    and_list(&names)
}

/// "the knight", for sentences.
pub fn kind_word(kind: PieceType) -> &'static str {
    match kind {
        PieceType::Pawn => "the pawn",
        PieceType::Knight => "the knight",
        PieceType::Bishop => "the bishop",
        PieceType::Rook => "the rook",
        PieceType::Queen => "the queen",
        PieceType::King => "the king",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn forks_on_crafted_positions() {
        // The knight on c7 forks the king on e8 and the rook on a8.
        let b = board("r3k3/2N5/8/8/8/8/8/4K3 b - - 0 1");
        let f = fork_by(&b, sq("c7")).expect("a fork");
        assert_eq!(f.targets.len(), 2);
        assert_eq!(f.targets[0].1.kind(), PieceType::King);
        assert_eq!(targets_words(&f), "the king on e8 and the rook on a8");
        // A pawn forking two defended knights (each worth more than it).
        let b = board("4k3/8/8/2n1n3/3P4/8/8/4K3 b - - 0 1");
        let b2 = board("4k3/3p4/2n1n3/3P4/8/8/8/4K3 b - - 0 1");
        assert!(fork_by(&b, sq("d4")).is_some());
        assert!(fork_by(&b2, sq("d5")).is_some(), "defended, but worth more");
        // A knight attacking two defended pawns is no fork ...
        let b = board("4k3/3p4/2p1p3/8/3N4/8/8/4K3 b - - 0 1");
        assert!(fork_by(&b, sq("d4")).is_none());
        // ... but two undefended ones are.
        let b = board("4k3/8/2p1p3/8/3N4/8/8/4K3 b - - 0 1");
        assert_eq!(fork_by(&b, sq("d4")).map(|f| f.targets.len()), Some(2));
        // A queen checking the king and attacking a bishop and a pawn is
        // no fork when the king takes it (a trade in the game it came
        // from), and one when it is defended.
        let b = board("2bQk3/2p5/8/8/8/8/8/4K3 b - - 0 1");
        assert!(fork_by(&b, sq("d8")).is_none());
        let b = board("2bQk3/2p5/8/8/8/8/8/3RK3 b - - 0 1");
        assert!(fork_by(&b, sq("d8")).is_some());
        // A pawn forking rook and bishop that the bishop takes for free.
        let b = board("rnb1k3/1P6/8/8/8/8/8/4K3 b - - 0 1");
        assert!(fork_by(&b, sq("b7")).is_none());
        // One target only, or an empty square: no fork.
        let b = board("r3k3/8/2N5/8/8/8/8/4K3 b - - 0 1");
        assert!(fork_by(&b, sq("c6")).is_none());
        assert!(fork_by(&b, sq("d4")).is_none());
    }

    #[test]
    fn pins_on_crafted_positions() {
        // The bishop on b5 pins the knight on c6 to the king on e8.
        let b = board("4k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1");
        let p = pins_of(&b, Color::Black);
        assert_eq!(
            p,
            vec![Pin {
                pinner: sq("b5"),
                pinned: sq("c6"),
                behind: sq("e8")
            }]
        );
        assert!(pins_of(&b, Color::White).is_empty());
        // To the queen: the bishop on g5 pins the knight on f6 to d8.
        let b = board("3qk3/8/5n2/6B1/8/8/8/4K3 b - - 0 1");
        assert_eq!(pins_of(&b, Color::Black).len(), 1);
        // A rook in front of a knight is not pinned to it (worth less).
        let b = board("4k3/8/8/8/8/1n6/1r6/1R2K3 b - - 0 1");
        assert!(pins_of(&b, Color::Black).is_empty());
        // Two pieces between: no pin; a rook does not pin on a diagonal.
        let b = board("4k3/3p4/2n5/1B6/8/8/8/4K3 b - - 0 1");
        assert!(pins_of(&b, Color::Black).is_empty());
        let b = board("4k3/8/2n5/1R6/8/8/8/4K3 b - - 0 1");
        assert!(pins_of(&b, Color::Black).is_empty());
        // A rook pins along the file.
        let b = board("4k3/4n3/8/8/8/8/8/4RK2 b - - 0 1");
        assert_eq!(pins_of(&b, Color::Black).len(), 1);
        // A pawn before a guarded rook, by a rook: taking it is a trade,
        // no pin; unguarded, the rook would be lost: a pin.
        let guarded = board("8/8/8/r2P2RK/8/8/8/2k5 w - - 0 1");
        assert!(pins_of(&guarded, Color::White).is_empty());
        let alone = board("8/8/8/r2P2R1/8/8/8/K1k5 w - - 0 1");
        assert_eq!(pins_of(&alone, Color::White).len(), 1);
        // Along a file the pawn still pushes: no pin (Kasparov-Deep Blue,
        // game 4, 50.Re7 was said to walk into one).
        let file = board("8/4R3/8/4P3/8/8/4r3/K5k1 w - - 0 1");
        assert!(pins_of(&file, Color::White).is_empty());
        // Nor a rook on a file, a bishop on a diagonal, a queen on either:
        // each moves along the line, the pinner often its to take.
        for fen in [
            "4k3/4r3/8/8/8/8/8/4QK2 b - - 0 1",
            "4k3/5b2/8/8/8/1B6/8/5K2 b - - 0 1",
            "4k3/4q3/8/8/8/8/8/4RK2 b - - 0 1",
        ] {
            assert!(pins_of(&board(fen), Color::Black).is_empty(), "{fen}");
        }
        // A pawn takes a pinner that stands next to it on the diagonal
        // (16...Be6 17.Bxe6 of a real game: 17...fxe6); one square
        // further off, or behind the pawn, it is pinned.
        let next = board("6k1/5p2/4B3/8/8/8/8/6K1 b - - 0 1");
        assert!(pins_of(&next, Color::Black).is_empty());
        let far = board("6k1/5p2/8/3B4/8/8/8/6K1 b - - 0 1");
        assert_eq!(pins_of(&far, Color::Black).len(), 1);
        let behind = board("K7/8/8/4B3/3p4/2k5/8/8 b - - 0 1");
        assert_eq!(pins_of(&behind, Color::Black).len(), 1);
        // The pinned piece itself does not guard what it would uncover.
        let own_guard = board("7k/8/8/4R3/3P4/8/8/q5K1 w - - 0 1");
        assert_eq!(pins_of(&own_guard, Color::White).len(), 1);
    }
}
