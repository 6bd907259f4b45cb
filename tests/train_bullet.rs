//! tapir's bulletformat writer against the bulletformat crate itself (the
//! format's reference, by bullet's author): for positions from random
//! playouts, with both sides to move and every result, `to_bullet` gives
//! exactly the record `ChessBoard::from_raw` builds from the same board.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

use bulletformat::ChessBoard;
use tapir::chess::{legal_moves, Board, Color, PieceType};
use tapir::train::bullet::{check_bullet, to_bullet};
use tapir::train::record::{GameResult, Record};
use tapir::train::rng::Rng;

/// The crate's record of `board` (its bitboards: White, Black, P N B R Q K).
fn reference(board: &Board, score: i16, result: GameResult) -> [u8; 32] {
    let mut bbs = [
        board.color(Color::White).0,
        board.color(Color::Black).0,
        0,
        0,
        0,
        0,
        0,
        0,
    ];
    for (i, kind) in PieceType::ALL.iter().enumerate() {
        bbs[2 + i] = board.pieces(*kind).0;
    }
    let stm = usize::from(board.side_to_move() == Color::Black);
    let white_result = match result {
        GameResult::BlackWin => 0.0,
        GameResult::Draw => 0.5,
        GameResult::WhiteWin => 1.0,
    };
    let b = ChessBoard::from_raw(bbs, stm, score, white_result).unwrap();
    let mut out = [0u8; 32];
    out[0..8].copy_from_slice(&b.occ.to_le_bytes());
    out[8..24].copy_from_slice(&b.pcs);
    out[24..26].copy_from_slice(&b.score.to_le_bytes());
    out[26] = b.result;
    out[27] = b.ksq;
    out[28] = b.opp_ksq;
    out[29..32].copy_from_slice(&b.extra);
    out
}

#[test]
fn to_bullet_matches_the_bulletformat_crate() {
    let mut rng = Rng::new(2026);
    let results = [GameResult::BlackWin, GameResult::Draw, GameResult::WhiteWin];
    let mut checked = [0usize; 2];
    while checked.iter().sum::<usize>() < 5000 {
        let mut board = Board::startpos();
        for _ in 0..rng.below(200) {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            board = board.make(moves.as_slice()[rng.below(moves.len())]);
            let score = (rng.below(4001) as i16) - 2000;
            let result = results[rng.below(3)];
            let record = Record::from_board(&board, score, result).unwrap();
            let ours = to_bullet(&record);
            assert_eq!(ours, reference(&board, score, result), "{}", board.to_fen());
            check_bullet(&ours).unwrap();
            checked[board.side_to_move() as usize] += 1;
        }
    }
    assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
}
