//! What the term numbers mean on the board: the material one line's end
//! has and the other's has not ("Black ends the exchange worse off"), the
//! passed pawns one end gives the opponent ("White gets a passed h-pawn"),
//! and the part of a king's safety that is worse ("White's king has less
//! pawn cover"). The explanation says these words before the numbers, so
//! a player reads the reason in chess terms and the numbers as its size.
//! Pure functions of two boards (the king's parts from the evaluation's
//! own contributions); the words are only ever what the boards show.

use super::line::and_list;
use super::params::TERM_MIN_CP;
use super::tactics::worth;
use crate::eval::hce::attribution::attribute;
use crate::eval::hce::sink::Term;
use crate::eval::phase::{game_phase, taper};

use crate::chess::{Bitboard, Board, Color, Move, PieceType};

/// The piece kinds material is counted in, most valuable first.
const KINDS: [PieceType; 5] = [
    PieceType::Queen,
    PieceType::Rook,
    PieceType::Bishop,
    PieceType::Knight,
    PieceType::Pawn,
];

/// For each kind (indexed by `PieceType::index`), how many more `side`
/// has than its opponent.
fn surplus(b: &Board, side: Color) -> [i32; 6] {
    let mut out = [0; 6];
    for kind in KINDS {
        let ours = b.colored(side, kind).count() as i32;
        let theirs = b.colored(!side, kind).count() as i32;
        out[kind.index()] = ours - theirs;
    }
    out
}

/// A side's share of a trade: so many pieces of each kind, and perhaps
/// "the exchange" (a rook against a minor piece, said so).
#[derive(Default)]
struct Share {
    counts: [i32; 6],
    exchange: bool,
}

impl Share {
    fn minors(&self) -> i32 {
        self.counts[PieceType::Bishop.index()] + self.counts[PieceType::Knight.index()]
    }

    /// "the exchange and a pawn", "two pawns", "a rook and a knight".
    fn words(&self) -> String {
        let mut parts = Vec::new();
        for kind in KINDS {
            // "a queen and the exchange": the exchange after what is worth more.
            if self.exchange && kind == PieceType::Rook {
                parts.push("the exchange".to_string());
            }
            let n = self.counts[kind.index()];
            let name = match kind {
                PieceType::Pawn => "pawn",
                PieceType::Knight => "knight",
                PieceType::Bishop => "bishop",
                PieceType::Rook => "rook",
                _ => "queen",
            };
            match n {
                n if n <= 0 => {}
                1 => parts.push(format!("a {name}")),
                n => {
                    let count = ["two", "three", "four", "five", "six", "seven", "eight"]
                        .get(n as usize - 2)
                        .map_or(n.to_string(), |w| w.to_string());
                    parts.push(format!("{count} {name}s"));
                }
            }
        }
        and_list(&parts)
    }

    fn is_empty(&self) -> bool {
        !self.exchange && self.counts.iter().all(|&n| n <= 0)
    }
}

/// What `side` has given and got at `played`'s end against `better`'s;
/// a bishop for a knight (or back) is no material, a rook for a minor
/// piece is the exchange, a pawn that promoted on one line only is no
/// pawn (`promoted`: each colour's promotions on the played line less
/// those on the better one). With what the trade comes to for `side`.
fn trade(played: &Board, better: &Board, side: Color, promoted: [i32; 2]) -> (Share, Share, i32) {
    let (p, b) = (surplus(played, side), surplus(better, side));
    let mut d = [0; 6];
    for kind in KINDS {
        d[kind.index()] = p[kind.index()] - b[kind.index()];
    }
    let net: i32 = KINDS.iter().map(|&k| worth(k) * d[k.index()]).sum();
    // A pawn that promoted on one line and stands on the other is not a
    // pawn won: only the new piece counts. One promoted on one line and
    // taken on the other is gone on both, and so is one whose new piece
    // was taken in its turn.
    let pawn = PieceType::Pawn.index();
    for c in [side, !side] {
        let count = |b: &Board, k: PieceType| b.colored(c, k).count() as i32;
        let new_pieces = |now: &Board, then: &Board| -> i32 {
            KINDS[..4]
                .iter()
                .map(|&k| (count(now, k) - count(then, k)).max(0))
                .sum()
        };
        let rel = promoted[c.index()];
        let gap = count(better, PieceType::Pawn) - count(played, PieceType::Pawn);
        let fix = if rel > 0 {
            rel.min(gap).min(new_pieces(played, better)).max(0)
        } else {
            -(-rel).min(-gap).min(new_pieces(better, played)).max(0)
        };
        // `c`'s pawns on the played line are short by `fix`: given back.
        d[pawn] += if c == side { fix } else { -fix };
    }
    // Minor pieces are of one worth: pair a lost one with a won one.
    let (bi, kn) = (PieceType::Bishop.index(), PieceType::Knight.index());
    if d[bi] * d[kn] < 0 {
        let paired = d[bi].abs().min(d[kn].abs());
        d[bi] -= paired * d[bi].signum();
        d[kn] -= paired * d[kn].signum();
    }
    let mut given = Share::default();
    let mut got = Share::default();
    for kind in KINDS {
        let n = d[kind.index()];
        given.counts[kind.index()] = (-n).max(0);
        got.counts[kind.index()] = n.max(0);
    }
    let rook = PieceType::Rook.index();
    let as_exchange = |rook_side: &mut Share, minor_side: &mut Share| {
        let is = rook_side.counts[rook] == 1 && minor_side.minors() == 1;
        if is {
            rook_side.counts[rook] = 0;
            minor_side.counts[bi] = 0;
            minor_side.counts[kn] = 0;
            rook_side.exchange = true;
        }
        is
    };
    if !as_exchange(&mut given, &mut got) {
        as_exchange(&mut got, &mut given);
    }
    (given, got, net)
}

/// The material `side` ends with at `played`'s end against `better`'s, in
/// words: "Black ends a pawn worse off", "White ends the exchange worse
/// off", "Black ends a knight down for a pawn", "White ends a knight up
/// for two pawns";
/// `None` when it is the same. With the words, what the material comes
/// to for `side` (1 a pawn, 3 a minor piece ...); `promoted` as `trade`
/// takes it.
pub fn material_words(
    played: &Board,
    better: &Board,
    side: Color,
    promoted: [i32; 2],
) -> Option<(String, i32)> {
    let (given, got, net) = trade(played, better, side, promoted);
    if given.is_empty() && got.is_empty() {
        return None;
    }
    let name = side.name();
    let (g, o) = (given.words(), got.words());
    // Worded against the other line ("worse off", "instead of"): the
    // words follow "After X rather than Y", and a player reads "a pawn
    // down" as the board's balance, which may be level.
    // A trade is said as the imbalance it leaves ("a knight down for a
    // pawn"), not as what the side holds: what it "got" may be pieces the
    // other side lacks (Anastasian-Lewis 40...Rxf3: White has two rooks
    // where the better line leaves it rook, bishop and knight, and Black
    // has no knight on either board).
    let words = match net {
        n if n < 0 && got.is_empty() => format!("{name} ends {g} worse off"),
        n if n > 0 && given.is_empty() => format!("{name} ends {o} better off"),
        n if n > 0 => format!("{name} ends {o} up for {g}"),
        _ => format!("{name} ends {g} down for {o}"),
    };
    Some((words, net))
}

/// Each colour's promotions on `played` less those on `better` (both
/// lines from `board`), indexed by `Color::index`.
pub fn promotions(board: &Board, played: &[Move], better: &[Move]) -> [i32; 2] {
    let mut out = [0; 2];
    for (line, sign) in [(played, 1), (better, -1)] {
        let mut b = *board;
        for &m in line {
            if !b.is_legal(m) {
                break;
            }
            if m.is_promotion() {
                out[b.side_to_move().index()] += sign;
            }
            b = b.make(m);
        }
    }
    out
}

/// What `side` wins from `before` to `after` (the end of a line played
/// from it), in words: "winning a knight", "winning the exchange",
/// "winning a rook for two pawns"; `None` when it wins nothing.
/// `promoted` as `trade` takes it.
pub fn winning_words(
    after: &Board,
    before: &Board,
    side: Color,
    promoted: [i32; 2],
) -> Option<String> {
    let (given, got, net) = trade(after, before, side, promoted);
    if net <= 0 || got.is_empty() {
        return None;
    }
    Some(if given.is_empty() {
        format!("winning {}", got.words())
    } else {
        format!("winning {} for {}", got.words(), given.words())
    })
}

/// `side`'s passed pawns on `b`: no enemy pawn ahead on its file or the
/// files beside it.
pub fn passed_pawns(b: &Board, side: Color) -> Bitboard {
    let enemy = b.colored(!side, PieceType::Pawn);
    let mut out = Bitboard::EMPTY;
    for sq in b.colored(side, PieceType::Pawn) {
        let ahead = Bitboard::from_square(sq).fill_forward(side);
        if (enemy & (ahead | ahead.west() | ahead.east())).is_empty() {
            out = out.with(sq);
        }
    }
    out
}

/// The files (0 = a) of `pawns`, each once, in order.
fn files_of(pawns: Bitboard) -> Vec<u8> {
    let mut files: Vec<u8> = pawns.iter().map(|sq| sq.file()).collect();
    files.sort_unstable();
    files.dedup();
    files
}

/// "h-pawn", "f- and g-pawns".
fn pawn_files_words(files: &[u8]) -> String {
    let mut parts: Vec<String> = files
        .iter()
        .map(|&f| format!("{}-", char::from(b'a' + f)))
        .collect();
    if let Some(last) = parts.last_mut() {
        last.push_str(if files.len() == 1 { "pawn" } else { "pawns" });
    }
    and_list(&parts)
}

/// The passed pawns `side`'s opponent has at `played`'s end on files
/// where it has none at `better`'s ("White gets a passed h-pawn"), and
/// those `side` has at `better`'s and not at `played`'s ("Black's passed
/// a-pawn is gone", or "its passed a-pawn is gone" right after a clause
/// that names `side`, as `side_named` says), each a clause.
pub fn passed_words(played: &Board, better: &Board, side: Color, side_named: bool) -> Vec<String> {
    let new_for = |c: Color, a: &Board, b: &Board| -> Vec<u8> {
        let before = files_of(passed_pawns(b, c));
        files_of(passed_pawns(a, c))
            .into_iter()
            .filter(|f| !before.contains(f))
            .collect()
    };
    let theirs = new_for(!side, played, better);
    let lost = new_for(side, better, played);
    // A pawn still on its file at the played end is only no longer passed.
    let still = |f: u8| (played.colored(side, PieceType::Pawn) & Bitboard::file(f)).any();
    let (stopped, lost): (Vec<u8>, Vec<u8>) = lost.into_iter().partition(|&f| still(f));
    let (us, them) = (side.name(), (!side).name());
    let is = |files: &[u8]| if files.len() == 1 { "is" } else { "are" };
    // "its" right after a clause that names `side`: only as the first here.
    let whose = |parts: &[String]| {
        if side_named && parts.is_empty() {
            "its".to_string()
        } else {
            format!("{us}'s")
        }
    };
    let mut parts = Vec::new();
    if !theirs.is_empty() {
        let a = if theirs.len() == 1 { "a " } else { "" };
        parts.push(format!(
            "{them} gets {a}passed {}",
            pawn_files_words(&theirs)
        ));
    }
    if !lost.is_empty() {
        let (who, pawns) = (whose(&parts), pawn_files_words(&lost));
        parts.push(format!("{who} passed {pawns} {} gone", is(&lost)));
    }
    if !stopped.is_empty() {
        let (who, pawns) = (whose(&parts), pawn_files_words(&stopped));
        parts.push(format!("{who} {pawns} {} no longer passed", is(&stopped)));
    }
    parts
}

/// Where a king's safety comes from, as the evaluation counts it.
#[derive(Copy, Clone, PartialEq, Eq)]
enum KingPart {
    /// Its own pawns in front of it, and the enemy's storming them.
    Cover,
    /// Enemy pieces attacking the squares around it.
    Attackers,
    /// Squares an enemy piece could check it from unopposed.
    Checks,
}

/// `side`'s king's safety at `b`, part by part (its own view, tapered
/// centipawns), from the evaluation's contributions.
fn king_parts(b: &Board, side: Color) -> [(KingPart, i32); 3] {
    let phase = game_phase(b);
    let mut out = [
        (KingPart::Cover, 0),
        (KingPart::Attackers, 0),
        (KingPart::Checks, 0),
    ];
    for c in attribute(b) {
        if c.term != Term::KingSafety || c.color != side {
            continue;
        }
        let name = c.weight_name();
        let part = if name.starts_with("shield") || name.starts_with("storm") {
            0
        } else if name.starts_with("safe_check") {
            2
        } else {
            1
        };
        out[part].1 += taper(c.value, phase);
    }
    out
}

/// A term the played line loses by, in a player's words, for the terms
/// that have no words of their own (material, passed pawns and the king
/// have): "White's pawns are weaker", "Black has more threats"; `None`
/// for the others, and for a bishop-pair loss the boards do not show.
pub fn term_words(term: Term, played: &Board, better: &Board, side: Color) -> Option<String> {
    let (name, other) = (side.name(), (!side).name());
    let pair = |b: &Board, c: Color| b.colored(c, PieceType::Bishop).count() >= 2;
    Some(match term {
        Term::Placement => format!("{name}'s pieces stand on worse squares"),
        Term::Mobility => format!("{name}'s pieces have fewer moves"),
        Term::Pawns => format!("{name}'s pawns are weaker"),
        Term::Rooks => format!("{name}'s rooks have fewer open files"),
        Term::Threats => format!("{other} has more threats"),
        Term::BishopPair if pair(better, side) && !pair(played, side) => {
            format!("{name} gives up the bishop pair")
        }
        Term::BishopPair if pair(played, !side) && !pair(better, !side) => {
            format!("{other} keeps the bishop pair")
        }
        _ => return None,
    })
}

/// The part of `side`'s king safety that is worst at `played`'s end
/// against `better`'s, in words: "White's king has less pawn cover",
/// "more of Black's pieces bear on White's king", "Black has more safe
/// checks against White's king"; `None` when no part is worse by at
/// least `TERM_MIN_CP`.
pub fn king_words(played: &Board, better: &Board, side: Color) -> Option<String> {
    let (p, b) = (king_parts(played, side), king_parts(better, side));
    let (part, worse) = p
        .iter()
        .zip(b)
        .map(|(&(part, now), (_, then))| (part, now - then))
        .min_by_key(|&(_, d)| d)?;
    if worse > -TERM_MIN_CP {
        return None;
    }
    let (us, them) = (side.name(), (!side).name());
    Some(match part {
        KingPart::Cover => format!("{us}'s king has less pawn cover"),
        KingPart::Attackers => format!("more of {them}'s pieces bear on {us}'s king"),
        KingPart::Checks => format!("{them} has more safe checks against {us}'s king"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No promotion on either line; White's pawn promoted on the played one.
    const NONE: [i32; 2] = [0, 0];
    const WHITE_QUEENED: [i32; 2] = [1, 0];

    fn b(fen: &str) -> Board {
        Board::from_fen(fen).unwrap()
    }

    #[test]
    fn terms_without_words_of_their_own_get_a_players_words() {
        let b = |fen: &str| Board::from_fen(fen).unwrap();
        let pair = b("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        let one = b("4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
        let words = |t: Term, p: &Board, q: &Board, c: Color| term_words(t, p, q, c);
        assert_eq!(
            words(Term::Pawns, &one, &pair, Color::Black).as_deref(),
            Some("Black's pawns are weaker")
        );
        assert_eq!(
            words(Term::Threats, &one, &pair, Color::Black).as_deref(),
            Some("White has more threats")
        );
        assert_eq!(
            words(Term::BishopPair, &one, &pair, Color::White).as_deref(),
            Some("White gives up the bishop pair")
        );
        assert_eq!(
            words(Term::BishopPair, &pair, &one, Color::Black).as_deref(),
            Some("White keeps the bishop pair")
        );
        // The pair the same on both boards: no words to say it with.
        assert_eq!(words(Term::BishopPair, &pair, &pair, Color::White), None);
        assert_eq!(words(Term::Material, &one, &pair, Color::White), None);
    }

    #[test]
    fn winnings_in_words() {
        let before = Board::from_fen("4k3/pp6/8/8/8/8/8/N3K3 b - - 0 1").unwrap();
        let after = Board::from_fen("4k3/p7/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(
            winning_words(&after, &before, Color::Black, NONE).as_deref(),
            Some("winning a knight for a pawn")
        );
        assert_eq!(winning_words(&after, &before, Color::White, NONE), None);
        assert_eq!(winning_words(&before, &before, Color::Black, NONE), None);
    }

    #[test]
    fn material_in_words() {
        let full = b("r3k3/pp6/8/8/8/8/PP6/R3K1N1 w - - 0 1");
        let pawn_down = b("r3k3/pp6/8/8/8/8/P7/R3K1N1 w - - 0 1");
        assert_eq!(
            material_words(&pawn_down, &full, Color::White, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("White ends a pawn worse off")
        );
        assert_eq!(
            material_words(&pawn_down, &full, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends a pawn better off")
        );
        assert_eq!(material_words(&full, &full, Color::White, NONE), None);
        let before = b("r3k1n1/pp6/8/8/8/8/PP6/R3K1N1 w - - 0 1");
        let after = b("4k1n1/pp6/8/8/8/8/PP6/R3K3 w - - 0 1");
        // White gave a knight, Black a rook: White wins the exchange.
        assert_eq!(
            material_words(&after, &before, Color::White, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("White ends the exchange better off")
        );
        assert_eq!(
            material_words(&after, &before, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends the exchange worse off")
        );
        let after_pawn = b("4k1n1/p7/8/8/8/8/PP6/R3K3 w - - 0 1");
        assert_eq!(
            material_words(&after_pawn, &before, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends the exchange and a pawn worse off")
        );
        // A knight for a pawn; a bishop for a knight is no material.
        let knight_for_pawn = b("r3k3/p7/8/8/8/8/PP6/R3K3 w - - 0 1");
        let start = b("r3k3/pp6/8/8/8/8/PP6/R3K1N1 w - - 0 1");
        assert_eq!(
            material_words(&knight_for_pawn, &start, Color::White, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("White ends a knight down for a pawn")
        );
        assert_eq!(
            material_words(&start, &knight_for_pawn, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends a knight down for a pawn")
        );
        // A pawn that queens is a queen more, not a pawn less.
        let queened = b("6Q1/8/8/8/8/8/1r6/K6k b - - 0 1");
        let taken = b("8/8/8/8/8/8/1r6/K6k b - - 0 1");
        assert_eq!(
            material_words(&queened, &taken, Color::Black, WHITE_QUEENED).map(|w| (w.0, w.1)),
            Some(("Black ends a queen worse off".to_string(), -9))
        );
        // The pawn queened on one line and still on g7 on the other.
        let on_g7 = b("8/6P1/8/8/8/8/1r6/K6k b - - 0 1");
        assert_eq!(
            material_words(&queened, &on_g7, Color::Black, WHITE_QUEENED)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends a queen worse off")
        );
        assert_eq!(
            material_words(&queened, &on_g7, Color::White, WHITE_QUEENED)
                .map(|w| w.0)
                .as_deref(),
            Some("White ends a queen better off")
        );
        // The new piece taken (a rook for it taken back): the pawn is gone.
        let rook_lost = b("6R1/8/8/8/8/8/8/K6k b - - 0 1");
        let pawn_on = b("4r1R1/6P1/8/8/8/8/8/K6k b - - 0 1");
        assert_eq!(
            material_words(&rook_lost, &pawn_on, Color::Black, WHITE_QUEENED)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends a rook down for a pawn")
        );
        // Four pawns; the exchange after a queen.
        let many = b("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let pawns = b("4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            material_words(&many, &pawns, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends four pawns worse off")
        );
        let all = b("rq2k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        let less = b("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            material_words(&less, &all, Color::Black, NONE)
                .map(|w| w.0)
                .as_deref(),
            Some("Black ends a queen and the exchange worse off")
        );
        let bishop = b("r3k3/pp6/8/8/8/8/PP6/R3K1B1 w - - 0 1");
        assert_eq!(material_words(&bishop, &start, Color::White, NONE), None);
    }

    /// The king's parts: a shield pawn gone, attackers near it.
    #[test]
    fn king_safety_in_words() {
        let sheltered = b("r1bq1rk1/5ppp/8/8/8/8/5PPP/R1BQ1RK1 w - - 0 1");
        let bare = b("r1bq1rk1/5ppp/8/8/8/8/5P1P/R1BQ1RK1 w - - 0 1");
        assert_eq!(
            king_words(&bare, &sheltered, Color::White).as_deref(),
            Some("White's king has less pawn cover")
        );
        assert_eq!(king_words(&sheltered, &sheltered, Color::White), None);
        let attacked = b("6k1/5ppp/8/8/7q/5n2/5PPP/6K1 w - - 0 1");
        let calm = b("q4nk1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1");
        let said = king_words(&attacked, &calm, Color::White).unwrap();
        assert!(said.contains("White's king"), "{said}");
        assert!(!said.contains("pawn cover"), "{said}");
    }

    #[test]
    fn passed_pawns_in_words() {
        // After gxh5 White's h-pawn is passed; with g5 against h7 neither is.
        let took = b("6k1/8/8/7P/8/8/8/6K1 b - - 0 1");
        let pushed = b("6k1/7p/8/6P1/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            passed_words(&took, &pushed, Color::Black, false),
            ["White gets a passed h-pawn"]
        );
        assert!(passed_words(&pushed, &pushed, Color::Black, false).is_empty());
        let two = b("6k1/8/5PP1/8/8/8/8/6K1 b - - 0 1");
        let none = b("6k1/5pp1/5PP1/8/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            passed_words(&two, &none, Color::Black, false),
            ["White gets passed f- and g-pawns"]
        );
        // Black's own passed pawn lost.
        let with = b("6k1/8/8/8/p7/8/8/6K1 w - - 0 1");
        let without = b("6k1/8/8/8/8/8/8/6K1 w - - 0 1");
        assert_eq!(
            passed_words(&without, &with, Color::Black, false),
            ["Black's passed a-pawn is gone"]
        );
        // Still on its file, stopped by a pawn beside it: no longer passed.
        let stopped = b("6k1/8/8/8/p7/1P6/8/6K1 w - - 0 1");
        assert_eq!(
            passed_words(&stopped, &with, Color::Black, false),
            ["Black's a-pawn is no longer passed"]
        );
        // Right after "Black ends a pawn worse off": its.
        assert_eq!(
            passed_words(&without, &with, Color::Black, true),
            ["its passed a-pawn is gone"]
        );
    }
}
