//! FEN parsing and printing. Parsing is strict and total: any string gives a
//! `Board` or a `FenError` that names the field and what is wrong with it.
//! Printing a parsed board gives back the same string, except that
//! Shredder-FEN's castling letters for the standard rooks (HAha) print as
//! KQkq.

use super::attacks::between;
use super::board::{Board, CastleRights};
use super::types::{Color, Piece, PieceType, Square};
use std::fmt;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The six FEN fields, for error messages.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FenField {
    Fields,
    Placement,
    Side,
    Castling,
    EnPassant,
    Halfmove,
    Fullmove,
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            FenField::Fields => "field count",
            FenField::Placement => "piece placement (field 1)",
            FenField::Side => "side to move (field 2)",
            FenField::Castling => "castling (field 3)",
            FenField::EnPassant => "en passant (field 4)",
            FenField::Halfmove => "half-move clock (field 5)",
            FenField::Fullmove => "move number (field 6)",
            FenField::Position => "position",
        })
    }
}

/// Why a FEN was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FenError {
    pub field: FenField,
    pub message: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "invalid FEN, {}: {}", self.field, self.message)
    }
}

impl std::error::Error for FenError {}

fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field,
        message: message.into(),
    })
}

impl Board {
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 4 || fields.len() > 6 {
            return err(
                FenField::Fields,
                format!(
                    "expected 4 to 6 space-separated fields, found {}",
                    fields.len()
                ),
            );
        }
        let mut board = Board::empty();
        parse_placement(&mut board, fields[0])?;

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return err(
                    FenField::Side,
                    format!("expected 'w' or 'b', found '{other}'"),
                )
            }
        };
        let castling = parse_castling(&board, fields[2])?;
        let ep = parse_ep(&board, side, fields[3])?;
        let halfmove = match fields.get(4) {
            None => 0,
            Some(s) => parse_counter(s, FenField::Halfmove, 0)?,
        };
        // Move number 0, which some tools write, is read as 1.
        let fullmove = match fields.get(5) {
            None => 1,
            Some(s) => parse_counter(s, FenField::Fullmove, 0)?.max(1),
        };

        // The side that just moved may not have left its king in check.
        let waiting_king = board.king(!side);
        let kings = (board.king(Color::White), board.king(Color::Black));
        if crate::chess::attacks::king_attacks(kings.0).contains(kings.1) {
            return err(
                FenField::Position,
                format!(
                    "the kings stand next to each other, on {} and {}",
                    kings.0, kings.1
                ),
            );
        }
        if board.is_attacked(waiting_king, side, board.occupied()) {
            let who = (!side).name();
            return err(
                FenField::Position,
                format!("{who} is in check but it is not {who}'s move"),
            );
        }
        if let Some(ep) = ep {
            if halfmove != 0 {
                return err(
                    FenField::Halfmove,
                    format!("'{halfmove}' must be 0 right after the double push that {ep} implies"),
                );
            }
        }
        board.set_state(side, castling, ep, halfmove, fullmove);
        check_plausible_checks(&board)?;
        Ok(board)
    }

    pub fn to_fen(&self) -> String {
        format_fen(
            |sq| self.piece_at(sq),
            self.side_to_move(),
            self.castling(),
            self.ep_square(),
            self.halfmove_clock(),
            self.fullmove_number(),
        )
    }
}

/// Writes a FEN from its parts. `Board::to_fen` and anything else that holds
/// a position in another shape (training records) share this one writer.
pub fn format_fen(
    piece_at: impl Fn(Square) -> Option<Piece>,
    side: Color,
    castling: CastleRights,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match piece_at(Square::from_coords(file, rank)) {
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if side == Color::White { 'w' } else { 'b' });
    s.push(' ');
    if castling.0 == 0 {
        s.push('-');
    }
    for (bit, ch) in [
        (CastleRights::WHITE_KING, 'K'),
        (CastleRights::WHITE_QUEEN, 'Q'),
        (CastleRights::BLACK_KING, 'k'),
        (CastleRights::BLACK_QUEEN, 'q'),
    ] {
        if castling.has(bit) {
            s.push(ch);
        }
    }
    s.push(' ');
    match ep {
        Some(ep) => s.push_str(&ep.to_string()),
        None => s.push('-'),
    }
    s.push_str(&format!(" {halfmove} {fullmove}"));
    s
}

fn parse_placement(board: &mut Board, field: &str) -> Result<(), FenError> {
    let f = FenField::Placement;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return err(
            f,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        );
    }
    let mut counts = [0u32; 12];
    for (i, rank_str) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let rank_name = rank + 1;
        let mut file = 0u8;
        let mut last_digit = false;
        for c in rank_str.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return err(
                        f,
                        format!("rank {rank_name}: '{c}' is not a square count 1-8"),
                    );
                }
                if last_digit {
                    return err(f, format!("rank {rank_name}: two digits in a row"));
                }
                last_digit = true;
                file += d as u8;
            } else {
                last_digit = false;
                let Some(p) = Piece::from_fen_char(c) else {
                    return err(f, format!("rank {rank_name}: '{c}' is not a piece letter"));
                };
                if file >= 8 {
                    return err(f, format!("rank {rank_name} has more than 8 squares"));
                }
                if p.kind() == PieceType::Pawn && (rank == 0 || rank == 7) {
                    return err(f, format!("a pawn on rank {rank_name}"));
                }
                board.put(p, Square::from_coords(file, rank));
                counts[p.index()] += 1;
                file += 1;
            }
            if file > 8 {
                return err(f, format!("rank {rank_name} has more than 8 squares"));
            }
        }
        if file != 8 {
            return err(f, format!("rank {rank_name} has {file} squares, not 8"));
        }
    }
    for color in Color::BOTH {
        let name = color.name();
        let count = |kind| counts[Piece::new(color, kind).index()];
        let kings = count(PieceType::King);
        if kings != 1 {
            return err(f, format!("{name} has {kings} kings, needs exactly 1"));
        }
        let pawns = count(PieceType::Pawn);
        if pawns > 8 {
            return err(f, format!("{name} has {pawns} pawns, more than 8"));
        }
        if board.color(color).count() > 16 {
            return err(f, format!("{name} has more than 16 pieces"));
        }
        // Pieces beyond the initial set must be promoted pawns.
        let promoted: u32 = [
            (PieceType::Knight, 2),
            (PieceType::Bishop, 2),
            (PieceType::Rook, 2),
            (PieceType::Queen, 1),
        ]
        .iter()
        .map(|&(kind, initial)| count(kind).saturating_sub(initial))
        .sum();
        if promoted + pawns > 8 {
            return err(
                f,
                format!(
                    "{name} has {pawns} pawn{} and {promoted} promoted piece{}, more than 8 in all",
                    if pawns == 1 { "" } else { "s" },
                    if promoted == 1 { "" } else { "s" }
                ),
            );
        }
    }
    Ok(())
}

fn parse_castling(board: &Board, field: &str) -> Result<CastleRights, FenError> {
    let f = FenField::Castling;
    if field == "-" {
        return Ok(CastleRights::NONE);
    }
    let mut rights = 0u8;
    let mut last = 0u8;
    for c in field.chars() {
        // Shredder-FEN names the castling rook by its file (HAha), as
        // Chess960 tools write even the standard position's rights: the
        // outer files are the standard rights, any other is Chess960's.
        let (bit, color, rook_file) = match c {
            'K' | 'H' => (CastleRights::WHITE_KING, Color::White, 7),
            'Q' | 'A' => (CastleRights::WHITE_QUEEN, Color::White, 0),
            'k' | 'h' => (CastleRights::BLACK_KING, Color::Black, 7),
            'q' | 'a' => (CastleRights::BLACK_QUEEN, Color::Black, 0),
            'B'..='G' | 'b'..='g' => {
                let file = c.to_ascii_lowercase();
                return err(
                    f,
                    format!("'{c}' castles with a rook on the {file}-file: that is Chess960, and tapir plays standard chess"),
                );
            }
            _ => {
                return err(
                    f,
                    format!("'{c}' is not one of K, Q, k, q (or H, A, h, a) or '-'"),
                )
            }
        };
        if bit <= last {
            return err(
                f,
                format!("'{field}' repeats a right or is not in the order KQkq"),
            );
        }
        last = bit;
        let rank = color.relative_rank(0);
        let king_home = Square::from_coords(4, rank);
        let rook_home = Square::from_coords(rook_file, rank);
        if board.piece_at(king_home) != Some(Piece::new(color, PieceType::King)) {
            return err(f, format!("'{c}' needs the king on {king_home}"));
        }
        if board.piece_at(rook_home) != Some(Piece::new(color, PieceType::Rook)) {
            return err(f, format!("'{c}' needs a rook on {rook_home}"));
        }
        rights |= bit;
    }
    Ok(CastleRights(rights))
}

fn parse_ep(board: &Board, side: Color, field: &str) -> Result<Option<Square>, FenError> {
    let f = FenField::EnPassant;
    if field == "-" {
        return Ok(None);
    }
    let Some(ep) = Square::parse(field) else {
        return err(f, format!("'{field}' is not a square or '-'"));
    };
    let mover = !side; // the side that just made the double push
    if ep.rank() != mover.relative_rank(2) {
        let want = if side == Color::White { 6 } else { 3 };
        return err(f, format!("{ep} is not on rank {want}"));
    }
    let pushed = Square::from_coords(ep.file(), mover.relative_rank(3));
    let origin = Square::from_coords(ep.file(), mover.relative_rank(1));
    if board.piece_at(pushed) != Some(Piece::new(mover, PieceType::Pawn)) {
        return err(f, format!("{ep} needs a pawn that just moved to {pushed}"));
    }
    let occupied = board.occupied();
    if occupied.contains(ep) || occupied.contains(origin) {
        return err(
            f,
            format!("{ep} needs {ep} and {origin} empty after a double push"),
        );
    }
    Ok(Some(ep))
}

/// Checks that no move could have produced: more than two checkers, two
/// checkers that are both pawns or knights (a double check always includes
/// a discovered slider), or, after a double push, a check that neither the
/// pushed pawn nor a line opened by it gives.
fn check_plausible_checks(board: &Board) -> Result<(), FenError> {
    let f = FenField::Position;
    let checkers = board.checkers();
    if checkers.count() > 2 {
        return err(
            f,
            format!("{} pieces give check, at most 2 can", checkers.count()),
        );
    }
    let sliders = board.pieces(PieceType::Bishop)
        | board.pieces(PieceType::Rook)
        | board.pieces(PieceType::Queen);
    if checkers.several() && (checkers & sliders).is_empty() {
        return err(f, "double check by two pawns or knights");
    }
    if let (Some(ep), true) = (board.ep_square(), checkers.any()) {
        let mover = !board.side_to_move();
        let pushed = Square::from_coords(ep.file(), mover.relative_rank(3));
        let origin = Square::from_coords(ep.file(), mover.relative_rank(1));
        let king = board.king(board.side_to_move());
        for checker in checkers {
            if checker != pushed && !between(king, checker).contains(origin) {
                return err(
                    FenField::EnPassant,
                    format!(
                        "the double push to {pushed} cannot have given the check from {checker}"
                    ),
                );
            }
        }
    }
    Ok(())
}

/// The largest half-move clock or move number accepted: what a `u16`
/// holds, so that every board the move generator reaches prints a FEN that
/// parses again (the counters saturate there).
const MAX_COUNTER: u16 = u16::MAX;

fn parse_counter(s: &str, field: FenField, min: u16) -> Result<u16, FenError> {
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return err(field, format!("'{s}' is not a number"));
    }
    // All digits: the only parse failure left is overflow, which is out of range too.
    match s.parse::<u16>() {
        Ok(n) if (min..=MAX_COUNTER).contains(&n) => Ok(n),
        _ => err(
            field,
            format!("'{s}' is out of range {min}..={MAX_COUNTER}"),
        ),
    }
}
