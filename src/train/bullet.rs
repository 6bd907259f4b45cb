//! bulletformat: the 32-byte chess record that bullet, the GPU trainer
//! most open-source NNUE engines train with, reads. `tapir datagen
//! --format bullet` writes it so that tapir's self-play data can be trained
//! on a GPU; tapir's own format (`record`) stays the default because it is
//! lossless (castling, en passant and move counters survive) and the CPU
//! trainer reads it.
//!
//! Layout (little-endian), everything seen from the side to move:
//!
//! | bytes  | field                                                          |
//! |--------|----------------------------------------------------------------|
//! | 0..8   | occupancy `u64`; with Black to move the board is mirrored      |
//! |        | vertically (square ^ 56) so the side to move is at the bottom  |
//! | 8..24  | one 4-bit code per occupied square in ascending square order,  |
//! |        | low nibble first: bit 3 = the piece is the opponent's, bits    |
//! |        | 0..3 = type (P N B R Q K = 0..5)                               |
//! | 24..26 | score `i16`, centipawns, the side to move's view               |
//! | 26     | result, the side to move's view: 0 loss, 1 draw, 2 win         |
//! | 27     | the side to move's king square (mirrored board)               |
//! | 28     | the opponent's king square seen from the opponent's side       |
//! |        | (its mirrored-board square ^ 56)                               |
//! | 29..32 | zero                                                           |

use super::record::{GameResult, Record, RecordError, MAX_PIECES, RECORD_SIZE};
use crate::chess::{Color, PieceType};

/// Which record layout a data file holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum DataFormat {
    /// tapir's lossless record (`train::record`), what `tapir train` reads.
    #[default]
    Tapir,
    /// bulletformat's `ChessBoard`, for the bullet GPU trainer.
    Bullet,
}

/// Opponent flag in a piece code.
const THEIRS: u8 = 8;

/// `r` as a bulletformat record.
pub fn to_bullet(r: &Record) -> [u8; RECORD_SIZE] {
    let stm = r.side_to_move();
    let flip = |sq: u8| if stm == Color::Black { sq ^ 56 } else { sq };
    let mut placed = [(0u8, 0u8); MAX_PIECES];
    let mut n = 0;
    let (mut ksq, mut opp_ksq) = (0u8, 0u8);
    for (sq, piece) in r.iter_pieces() {
        let square = flip(sq.index() as u8);
        let ours = piece.color() == stm;
        if piece.kind() == PieceType::King {
            if ours {
                ksq = square;
            } else {
                opp_ksq = square ^ 56;
            }
        }
        let code = piece.kind() as u8 | if ours { 0 } else { THEIRS };
        placed[n] = (square, code);
        n += 1;
    }
    // Mirroring reverses the order of the ranks: sort by the new square.
    placed[..n].sort_unstable_by_key(|&(sq, _)| sq);
    let mut b = [0u8; RECORD_SIZE];
    let mut occ = 0u64;
    for (k, &(sq, code)) in placed[..n].iter().enumerate() {
        occ |= 1 << sq;
        b[8 + k / 2] |= code << (4 * (k % 2));
    }
    b[0..8].copy_from_slice(&occ.to_le_bytes());
    let score = if stm == Color::White {
        r.score
    } else {
        r.score.saturating_neg()
    };
    b[24..26].copy_from_slice(&score.to_le_bytes());
    b[26] = match (r.result, stm) {
        (GameResult::Draw, _) => 1,
        (GameResult::WhiteWin, Color::White) | (GameResult::BlackWin, Color::Black) => 2,
        _ => 0,
    };
    b[27] = ksq;
    b[28] = opp_ksq;
    b
}

/// Checks that 32 bytes are a bulletformat record of a chess position:
/// at most 32 pieces, known codes, no stray nibbles, one king a side, king
/// squares that agree with the pieces, a known result, zero padding.
pub fn check_bullet(b: &[u8; RECORD_SIZE]) -> Result<(), RecordError> {
    let occ = u64::from_le_bytes(b[0..8].try_into().expect("8 bytes"));
    let n = occ.count_ones() as usize;
    if n > MAX_PIECES {
        return Err(RecordError("more than 32 occupied squares"));
    }
    let mut kings = [None, None];
    let mut squares = occ;
    for k in 0..MAX_PIECES {
        let code = b[8 + k / 2] >> (4 * (k % 2)) & 15;
        if k >= n {
            if code != 0 {
                return Err(RecordError("piece code past the last occupied square"));
            }
            continue;
        }
        let sq = squares.trailing_zeros() as u8;
        squares &= squares - 1;
        if code & 7 > 5 {
            return Err(RecordError("piece code out of range"));
        }
        if code & 7 == PieceType::King as u8 {
            let side = usize::from(code & THEIRS != 0);
            if kings[side].replace(sq).is_some() {
                return Err(RecordError("two kings of one side"));
            }
        }
    }
    let (Some(ours), Some(theirs)) = (kings[0], kings[1]) else {
        return Err(RecordError("a side without its king"));
    };
    if b[27] != ours || b[28] != theirs ^ 56 {
        return Err(RecordError("king square bytes disagree with the pieces"));
    }
    if b[26] > 2 {
        return Err(RecordError("result byte is not 0, 1 or 2"));
    }
    if b[29..32] != [0, 0, 0] {
        return Err(RecordError("padding bytes are not zero"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{legal_moves, Board};
    use crate::train::rng::Rng;

    /// The record of a FEN, with a score and result in White's view.
    fn record(fen: &str, score: i16, result: GameResult) -> Record {
        Record::from_board(&Board::from_fen(fen).unwrap(), score, result).unwrap()
    }

    /// An independent reading of bulletformat, written from its layout
    /// table: the piece placement of the side-to-move-relative board, as
    /// FEN ranks with the side to move's pieces in upper case.
    fn bullet_placement(b: &[u8; RECORD_SIZE]) -> String {
        let mut occ = u64::from_le_bytes(b[0..8].try_into().unwrap());
        let mut grid = [' '; 64];
        let mut k = 0;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let code = b[8 + k / 2] >> (4 * (k % 2)) & 15;
            let c = b"pnbrqk"[(code & 7) as usize] as char;
            grid[sq] = if code & 8 == 0 {
                c.to_ascii_uppercase()
            } else {
                c
            };
            k += 1;
        }
        (0..8)
            .rev()
            .map(|rank| (0..8).map(|f| grid[rank * 8 + f]).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    #[test]
    fn start_position_bytes() {
        let b = to_bullet(&record(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            35,
            GameResult::WhiteWin,
        ));
        assert_eq!(
            u64::from_le_bytes(b[0..8].try_into().unwrap()),
            0xFFFF_0000_0000_FFFF
        );
        // a1 rook, b1 knight: low nibble first.
        assert_eq!(b[8], 0x13);
        // a8 rook and b8 knight of the opponent.
        assert_eq!(b[20], 0x9B);
        assert_eq!(i16::from_le_bytes([b[24], b[25]]), 35);
        assert_eq!(b[26], 2);
        assert_eq!((b[27], b[28]), (4, 4));
        check_bullet(&b).unwrap();
    }

    #[test]
    fn black_to_move_is_mirrored_with_score_and_result_turned() {
        // After 1. e4: Black to move sees its own pieces at the bottom.
        let b = to_bullet(&record(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            -20,
            GameResult::WhiteWin,
        ));
        assert_eq!(
            bullet_placement(&b),
            "rnbqkbnr/pppp ppp/        /    p   /        /        /PPPPPPPP/RNBQKBNR"
        );
        assert_eq!(i16::from_le_bytes([b[24], b[25]]), 20);
        assert_eq!(b[26], 0, "White won: a loss for the side to move");
        // Black's king e8 -> e1 (4); White's king e1 -> e8 (60) -> seen from White: 4.
        assert_eq!((b[27], b[28]), (4, 4));
        check_bullet(&b).unwrap();
    }

    #[test]
    fn random_positions_round_trip_through_the_independent_reading() {
        let mut rng = Rng::new(11);
        let mut checked = 0;
        while checked < 2000 {
            let mut board = Board::startpos();
            for _ in 0..rng.below(160) {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                board = board.make(moves.as_slice()[rng.below(moves.len())]);
                let r = Record::from_board(&board, -7, GameResult::Draw).unwrap();
                let b = to_bullet(&r);
                check_bullet(&b).unwrap();
                // The FEN's placement, mirrored and case-swapped for Black.
                let fen_rows: Vec<String> = board
                    .to_fen()
                    .split(' ')
                    .next()
                    .unwrap()
                    .split('/')
                    .map(|row| {
                        row.chars()
                            .flat_map(|c| match c.to_digit(10) {
                                Some(d) => vec![' '; d as usize],
                                None => vec![c],
                            })
                            .collect()
                    })
                    .collect();
                let expect = if board.side_to_move() == Color::White {
                    fen_rows.join("/")
                } else {
                    let swap = |c: char| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    };
                    fen_rows
                        .iter()
                        .rev()
                        .map(|r| r.chars().map(swap).collect::<String>())
                        .collect::<Vec<_>>()
                        .join("/")
                };
                assert_eq!(bullet_placement(&b), expect, "{}", board.to_fen());
                let score = i16::from_le_bytes([b[24], b[25]]);
                assert_eq!(
                    score,
                    if board.side_to_move() == Color::White {
                        -7
                    } else {
                        7
                    }
                );
                assert_eq!(b[26], 1);
                checked += 1;
            }
        }
    }

    #[test]
    fn broken_records_are_refused() {
        let good = to_bullet(&record(
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            100,
            GameResult::WhiteWin,
        ));
        check_bullet(&good).unwrap();
        let mut b = good;
        b[26] = 3;
        assert!(check_bullet(&b).is_err());
        let mut b = good;
        b[27] = 5;
        assert!(check_bullet(&b).is_err());
        let mut b = good;
        b[31] = 1;
        assert!(check_bullet(&b).is_err());
        let mut b = good;
        b[8] = 0x66;
        assert!(check_bullet(&b).is_err());
        // tapir's own record of a Black-to-move position is no bullet record.
        let tapir = record("4k3/8/8/8/8/8/8/4K2R b K - 0 1", 0, GameResult::Draw).to_bytes();
        assert!(check_bullet(&tapir).is_err());
    }
}
