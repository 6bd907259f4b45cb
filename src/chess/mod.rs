//! Chess rules only: types, bitboards, attack tables, the board and its
//! moves, FEN, notation and perft. Depends on nothing else in tapir.

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod fen;
mod magics;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, CastleRights, Keys};
pub use fen::{FenError, START_FEN};
pub use movegen::{count_legal, legal_moves, noisy_moves, quiet_moves};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{move_number_text, parse_move, parse_san, parse_uci, to_san, MoveError};
pub use position::{GameStatus, Position, SEVENTY_FIVE_MOVES};
pub use types::{Color, Piece, PieceType, Square};
