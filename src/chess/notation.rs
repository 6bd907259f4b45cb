//! Move notation: UCI long algebraic (e2e4, e7e8q) and SAN (Nbd7, exd6,
//! O-O, e8=Q+), both directions. SAN input also takes the common sloppy
//! forms: 0-0, e8Q, ed5, lower-case piece letters where unambiguous, and
//! trailing !?, +, # or e.p.

use super::board::Board;
use super::movegen::{count_legal, legal_moves};
use super::moves::{Move, MoveKind};
use super::types::{Color, PieceType, Square};
use std::fmt;

/// Why a move string did not name exactly one legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Not shaped like a move at all.
    Syntax(String),
    /// Well formed but no legal move matches.
    Illegal(String),
    /// Several legal moves match; the candidates in SAN.
    Ambiguous(String, Vec<String>),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "'{s}' is not a move"),
            MoveError::Illegal(s) => write!(f, "'{s}' is not legal here"),
            MoveError::Ambiguous(s, c) => write!(f, "'{s}' is ambiguous: {}", c.join(", ")),
        }
    }
}

impl std::error::Error for MoveError {}

/// Parses a UCI move (castling as e1g1; e1h1 is accepted too).
pub fn parse_uci(b: &Board, s: &str) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax(s.to_string());
    if !(4..=5).contains(&s.len()) || !s.is_ascii() {
        return Err(syntax());
    }
    let from = Square::parse(&s[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&s[2..4]).ok_or_else(syntax)?;
    let promo = match s.as_bytes().get(4) {
        None => None,
        Some(&c) => match PieceType::from_letter(c as char) {
            Some(
                p @ (PieceType::Knight | PieceType::Bishop | PieceType::Rook | PieceType::Queen),
            ) => Some(p),
            _ => return Err(syntax()),
        },
    };
    legal_moves(b)
        .iter()
        .copied()
        .find(|m| {
            let castle_as_rook_capture = m.is_castle()
                && to.rank() == m.to().rank()
                && to.file()
                    == if m.kind() == MoveKind::KingCastle {
                        7
                    } else {
                        0
                    };
            m.from() == from && (m.to() == to || castle_as_rook_capture) && m.promotion() == promo
        })
        .ok_or_else(|| MoveError::Illegal(s.to_string()))
}

/// A move's number as PGN and messages write it: "12." for White's move,
/// "12..." for Black's.
pub fn move_number_text(number: u16, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}

/// SAN of a legal move, with + or # when it checks or mates.
pub fn to_san(b: &Board, m: Move) -> String {
    let mut s = san_without_check(b, m);
    let after = b.make(m);
    if after.in_check() {
        s.push(if count_legal(&after) == 0 { '#' } else { '+' });
    }
    s
}

fn san_without_check(b: &Board, m: Move) -> String {
    match m.kind() {
        MoveKind::KingCastle => return "O-O".into(),
        MoveKind::QueenCastle => return "O-O-O".into(),
        _ => {}
    }
    let Some(piece) = b.piece_at(m.from()) else {
        return m.to_string();
    };
    let kind = piece.kind();
    let mut s = String::with_capacity(8);
    if kind == PieceType::Pawn {
        if m.is_capture() {
            s.push((b'a' + m.from().file()) as char);
        }
    } else {
        s.push(kind.letter());
        // Disambiguate against other pieces of the same kind reaching `to`.
        let rivals: Vec<Square> = legal_moves(b)
            .iter()
            .filter(|o| {
                o.to() == m.to()
                    && o.from() != m.from()
                    && b.piece_at(o.from()).map(|p| p.kind()) == Some(kind)
            })
            .map(|o| o.from())
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|r| r.file() == m.from().file());
            let same_rank = rivals.iter().any(|r| r.rank() == m.from().rank());
            if !same_file {
                s.push((b'a' + m.from().file()) as char);
            } else if !same_rank {
                s.push((b'1' + m.from().rank()) as char);
            } else {
                s.push_str(&m.from().to_string());
            }
        }
    }
    if m.is_capture() {
        s.push('x');
    }
    s.push_str(&m.to().to_string());
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.letter());
    }
    s
}

/// A SAN move taken apart; `None` fields are unconstrained.
struct SanParts {
    piece: PieceType,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture: bool,
    to: Square,
    promo: Option<PieceType>,
}

fn parse_san_parts(text: &str, lowercase_b_is_bishop: bool) -> Option<SanParts> {
    let mut chars: Vec<char> = text.chars().collect();
    // Promotion: a trailing piece letter, maybe after '='.
    let mut promo = None;
    if let Some(&c) = chars.last() {
        if c.is_ascii_alphabetic() {
            promo = Some(match PieceType::from_letter(c)? {
                p
                @ (PieceType::Knight | PieceType::Bishop | PieceType::Rook | PieceType::Queen) => p,
                _ => return None,
            });
            chars.pop();
            if chars.last() == Some(&'=') {
                chars.pop();
            }
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let to_str: String = chars[chars.len() - 2..].iter().collect();
    let to = Square::parse(&to_str)?;
    chars.truncate(chars.len() - 2);

    let mut piece = PieceType::Pawn;
    let mut rest = &chars[..];
    if let Some(&c) = rest.first() {
        let is_piece = match c {
            'N' | 'B' | 'R' | 'Q' | 'K' => true,
            'n' | 'r' | 'q' | 'k' => true,
            'b' => lowercase_b_is_bishop,
            _ => false,
        };
        if is_piece {
            piece = PieceType::from_letter(c)?;
            rest = &rest[1..];
        }
    }
    let mut from_file = None;
    let mut from_rank = None;
    let mut capture = false;
    for &c in rest {
        match c {
            'a'..='h' if from_file.is_none() && !capture => from_file = Some(c as u8 - b'a'),
            '1'..='8' if from_rank.is_none() && !capture => from_rank = Some(c as u8 - b'1'),
            'x' | 'X' | ':' if !capture => capture = true,
            '-' => {}
            _ => return None,
        }
    }
    Some(SanParts {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        promo,
    })
}

/// Parses SAN, strictly or in the sloppy forms listed above.
pub fn parse_san(b: &Board, input: &str) -> Result<Move, MoveError> {
    let mut text = input.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(t) = text.strip_suffix(suffix) {
            text = t.trim_end();
        }
    }
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    if text.is_empty() {
        return Err(MoveError::Syntax(input.to_string()));
    }
    let moves = legal_moves(b);

    let castle = match text {
        "O-O" | "0-0" | "o-o" => Some(MoveKind::KingCastle),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(MoveKind::QueenCastle),
        _ => None,
    };
    if let Some(kind) = castle {
        return moves
            .iter()
            .copied()
            .find(|m| m.kind() == kind)
            .ok_or_else(|| MoveError::Illegal(input.to_string()));
    }

    // A lower-case 'b' is a pawn on the b-file first, a bishop if that fails.
    let mut last_error = MoveError::Syntax(input.to_string());
    for b_is_bishop in [false, true] {
        if b_is_bishop && !text.starts_with('b') {
            break;
        }
        let Some(parts) = parse_san_parts(text, b_is_bishop) else {
            continue;
        };
        let matching: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                b.piece_at(m.from()).map(|p| p.kind()) == Some(parts.piece)
                    && m.to() == parts.to
                    && parts.from_file.is_none_or(|f| m.from().file() == f)
                    && parts.from_rank.is_none_or(|r| m.from().rank() == r)
                    && (!parts.capture || m.is_capture())
                    && (parts.promo.is_none() || m.promotion() == parts.promo)
            })
            .collect();
        match matching.len() {
            1 => return Ok(matching[0]),
            0 => last_error = MoveError::Illegal(input.to_string()),
            _ => {
                let promotions_only = matching.iter().all(|m| m.is_promotion());
                let mut names: Vec<String> = matching.iter().map(|&m| to_san(b, m)).collect();
                names.sort();
                let err = MoveError::Ambiguous(input.to_string(), names);
                // A promotion without its piece is ambiguous; say so plainly.
                if promotions_only || !b_is_bishop {
                    return Err(err);
                }
                last_error = err;
            }
        }
    }
    Err(last_error)
}

/// Parses either notation: UCI first (it is unambiguous), then SAN.
pub fn parse_move(b: &Board, s: &str) -> Result<Move, MoveError> {
    let s = s.trim();
    match parse_uci(b, s) {
        Ok(m) => Ok(m),
        Err(MoveError::Syntax(_)) => parse_san(b, s),
        Err(e) => match parse_san(b, s) {
            Ok(m) => Ok(m),
            Err(_) => Err(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn san_round_trips_for_every_legal_move() {
        let b = board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for &m in legal_moves(&b).iter() {
            let san = to_san(&b, m);
            assert_eq!(parse_san(&b, &san), Ok(m), "{san}");
            assert_eq!(parse_uci(&b, &m.to_string()), Ok(m));
        }
    }

    #[test]
    fn disambiguation_and_suffixes() {
        let two_rooks = board("1k6/8/8/8/8/8/8/R4RK1 w - - 0 1");
        let m = parse_san(&two_rooks, "Rad1").unwrap();
        assert_eq!(to_san(&two_rooks, m), "Rad1");
        assert!(matches!(
            parse_san(&two_rooks, "Rd1"),
            Err(MoveError::Ambiguous(..))
        ));
        let b = board("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        assert_eq!(to_san(&b, parse_san(&b, "Rd1").unwrap()), "Rd1");
        assert_eq!(to_san(&b, parse_san(&b, "Rh8").unwrap()), "Rh8+");
        assert_eq!(to_san(&b, parse_san(&b, "0-0").unwrap()), "O-O");
        let mate = board("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(to_san(&mate, parse_move(&mate, "a1a8").unwrap()), "Ra8#");
    }

    #[test]
    fn sloppy_forms() {
        let b = board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert_eq!(parse_san(&b, "exf6").unwrap().kind(), MoveKind::EnPassant);
        assert_eq!(
            parse_san(&b, "exf6 e.p.").unwrap().kind(),
            MoveKind::EnPassant
        );
        assert_eq!(parse_san(&b, "ef6").unwrap().kind(), MoveKind::EnPassant);
        assert_eq!(parse_san(&b, "nf3").unwrap().to_string(), "g1f3");
        assert_eq!(parse_san(&b, "bc4").unwrap().to_string(), "f1c4");
        let p = board("8/4P3/8/8/8/k7/8/K7 w - - 0 1");
        assert_eq!(parse_san(&p, "e8Q").unwrap().to_string(), "e7e8q");
        assert_eq!(parse_san(&p, "e8=N").unwrap().to_string(), "e7e8n");
        assert!(matches!(parse_san(&p, "e8"), Err(MoveError::Ambiguous(..))));
        assert_eq!(
            parse_move(&p, "e7e8r").unwrap().promotion(),
            Some(PieceType::Rook)
        );
    }

    #[test]
    fn lowercase_b_prefers_the_pawn() {
        let b = board("rnbqkbnr/ppp1pppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(parse_san(&b, "bxc3").unwrap().to_string(), "b2c3");
        assert_eq!(
            parse_san(&b, "Bxc3").map(|m| m.to_string()),
            Err(MoveError::Illegal("Bxc3".into()))
        );
    }

    #[test]
    fn errors() {
        let b = Board::startpos();
        assert!(matches!(parse_move(&b, "e2e5"), Err(MoveError::Illegal(_))));
        assert!(matches!(parse_move(&b, "Ke2"), Err(MoveError::Illegal(_))));
        assert!(matches!(parse_move(&b, "hello"), Err(MoveError::Syntax(_))));
        assert!(matches!(parse_move(&b, ""), Err(MoveError::Syntax(_))));
        assert!(matches!(parse_move(&b, "e9"), Err(MoveError::Syntax(_))));
        assert!(matches!(parse_move(&b, "Nxf3"), Err(MoveError::Illegal(_))));
    }
}
