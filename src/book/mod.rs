//! The Polyglot opening book (`.bin`): what the engine plays and the board
//! shows in the opening. A book is 16-byte big-endian entries (key, move,
//! weight, learn) sorted by the position's Polyglot key, so a position's
//! moves are found by binary search. The learn field is ignored. Depends
//! only on `chess`; the built-in book is gnuchess's (public domain, see
//! `assets/book/COPYRIGHT`).

mod encoding;
mod key;
mod random;

pub use encoding::{decode, encode};
pub use key::polyglot_key;

use crate::chess::{Board, Move};
use std::borrow::Cow;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Bytes per entry.
pub const ENTRY_SIZE: usize = 16;
/// The largest book file read (the biggest public books are ~100 MiB).
pub const MAX_BOOK_BYTES: u64 = 1 << 30;
/// The most entries read for one position. No position has more than 218
/// legal moves, so a key listed more often than this is a damaged book, or
/// one made to stall the board, and its further entries are not read.
pub const MAX_ENTRIES_PER_POSITION: usize = 1024;
/// Positions a file's book moves are followed through from the start when
/// it is loaded (each move checked legal): all of a usual book's tree, and
/// a bound on the time a huge one takes (about a second).
pub const CHECKED_POSITIONS: usize = 400_000;

/// gnuchess's book, built in.
static BUILTIN_BYTES: &[u8] = include_bytes!("../../assets/book/gnuchess-book.bin");

/// Why bytes are not a Polyglot book, or a book entry makes no sense.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The file could not be read (the reason in words).
    Io(String),
    /// Empty.
    Empty,
    /// The size is not a whole number of 16-byte entries.
    Size(u64),
    /// Entry `index` has a smaller key than the one before it.
    Unsorted(usize),
    /// Entry `index`'s move is not legal in the position its key names.
    IllegalMove { index: usize, raw: u16 },
    /// Entry `index`'s move goes nowhere (from and to are one square), as
    /// no Polyglot move does: a file of zeros, or of another format.
    NoMove(usize),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            BookError::Io(e) => write!(f, "cannot read the book: {e}"),
            BookError::Empty => write!(f, "not a Polyglot book: the file is empty"),
            BookError::Size(n) => write!(
                f,
                "not a Polyglot book: {n} bytes is not a whole number of {ENTRY_SIZE}-byte entries"
            ),
            BookError::Unsorted(i) => write!(
                f,
                "not a Polyglot book: entry {i} is out of order (entries are sorted by key)"
            ),
            BookError::IllegalMove { index, raw } => write!(
                f,
                "not a Polyglot book: entry {index} holds move {raw:#06x}, illegal in its position"
            ),
            BookError::NoMove(i) => write!(
                f,
                "not a Polyglot book: entry {i} holds no move (its from and to squares are one)"
            ),
        }
    }
}

impl std::error::Error for BookError {}

/// One book move of a position and its weight.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// The file's weight, or the sum of a move's weights listed twice
    /// (a sum can pass a 16-bit entry's 65535).
    pub weight: u32,
}

/// A book whose size and order have been checked.
#[derive(Clone, Debug)]
pub struct Book {
    bytes: Cow<'static, [u8]>,
}

impl Book {
    /// Checks `bytes`: a non-empty whole number of entries, keys in order,
    /// each move from one square to another.
    pub fn from_bytes(bytes: impl Into<Cow<'static, [u8]>>) -> Result<Book, BookError> {
        let bytes = bytes.into();
        if bytes.is_empty() {
            return Err(BookError::Empty);
        }
        if bytes.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Size(bytes.len() as u64));
        }
        let book = Book { bytes };
        for i in 0..book.len() {
            if i > 0 && book.key(i) < book.key(i - 1) {
                return Err(BookError::Unsorted(i));
            }
            let raw = u16::from_be_bytes(book.field(i, 8));
            if raw & 63 == (raw >> 6) & 63 {
                return Err(BookError::NoMove(i));
            }
        }
        Ok(book)
    }

    /// Reads and checks a book file (a named pipe or a device is refused
    /// without being opened for a read that would wait): its size, its
    /// order, and its moves from the start position on (`check_moves`).
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let bytes = crate::fsread::read_regular(path, MAX_BOOK_BYTES)
            .map_err(|e| BookError::Io(format!("{}: {e}", path.display())))?;
        let book = Book::from_bytes(bytes)?;
        book.check_moves(CHECKED_POSITIONS)?;
        Ok(book)
    }

    /// Follows the book's moves from the start position through at most
    /// `limit` positions, each move checked legal where it stands, so that
    /// a file of another format, or a damaged one, is refused when it is
    /// loaded rather than at the first position it names. (A position off
    /// that tree is checked when it is looked up.)
    pub fn check_moves(&self, limit: usize) -> Result<(), BookError> {
        // A position is marked seen when it is first reached, so at most
        // `limit` of them wait at once, whatever the book's fan-out.
        let start = Board::startpos();
        let mut seen = std::collections::HashSet::from([polyglot_key(&start)]);
        let mut todo = vec![start];
        while let Some(b) = todo.pop() {
            for m in self.moves(&b)? {
                let next = b.make(m.mv);
                if seen.len() < limit && seen.insert(polyglot_key(&next)) {
                    todo.push(next);
                }
            }
        }
        Ok(())
    }

    /// Entries in the book.
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn field<const N: usize>(&self, i: usize, at: usize) -> [u8; N] {
        let mut out = [0; N];
        let start = i * ENTRY_SIZE + at;
        out.copy_from_slice(&self.bytes[start..start + N]);
        out
    }

    fn key(&self, i: usize) -> u64 {
        u64::from_be_bytes(self.field(i, 0))
    }

    /// The indices of `key`'s entries, at most `MAX_ENTRIES_PER_POSITION`
    /// of them.
    fn entries(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        let first = self.lower_bound(key);
        let end = self.len().min(first + MAX_ENTRIES_PER_POSITION);
        (first..end).take_while(move |&i| self.key(i) == key)
    }

    /// The first entry whose key is not below `key`.
    fn lower_bound(&self, key: u64) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The book's moves for `board`, heaviest first (equal weights in file
    /// order); empty when the position is not in the book. A move that is
    /// not legal there means the file is not a book (or not this format).
    pub fn moves(&self, board: &Board) -> Result<Vec<BookMove>, BookError> {
        let mut out = Vec::new();
        let legal = crate::chess::legal_moves(board);
        for i in self.entries(polyglot_key(board)) {
            let raw = u16::from_be_bytes(self.field(i, 8));
            let weight = u32::from(u16::from_be_bytes(self.field(i, 10)));
            let mv =
                decode(legal.as_slice(), raw).ok_or(BookError::IllegalMove { index: i, raw })?;
            // A move listed twice counts once, with its weights added.
            match out.iter_mut().find(|b: &&mut BookMove| b.mv == mv) {
                Some(b) => b.weight += weight,
                None => out.push(BookMove { mv, weight }),
            }
        }
        out.sort_by_key(|b| std::cmp::Reverse(b.weight));
        Ok(out)
    }

    /// Whether the book lists `m` for `board` (no move generation: the
    /// move is encoded and looked for among the position's entries).
    pub fn contains(&self, board: &Board, m: Move) -> bool {
        let raw = encode(m);
        let plain = encoding::plain(m);
        self.entries(polyglot_key(board)).any(|i| {
            let r = u16::from_be_bytes(self.field(i, 8));
            r == raw || (m.is_castle() && r == plain)
        })
    }

    /// A move for `board` drawn at random with the book's weights, the
    /// draw fixed by `seed` and the position (the same seed replays the
    /// same game). A move of weight 0 is never played, as in Polyglot
    /// (book makers keep a move they advise against at weight 0), and the
    /// same as the game report's rule for a book move.
    pub fn pick(&self, board: &Board, seed: u64) -> Result<Option<Move>, BookError> {
        Ok(weighted_pick(
            &self.moves(board)?,
            mix(seed ^ polyglot_key(board)),
        ))
    }
}

/// The move that `draw` lands on, each move's share its weight (none
/// when no move has a weight above 0).
pub fn weighted_pick(moves: &[BookMove], draw: u64) -> Option<Move> {
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut r = draw % total;
    for m in moves {
        let w = u64::from(m.weight);
        if r < w {
            return Some(m.mv);
        }
        r -= w;
    }
    None
}

/// SplitMix64's finaliser: nearby seeds give unrelated draws.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A new random seed for a game (from the process's hasher keys and the clock).
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(d.as_nanos());
    }
    h.finish()
}

static BUILTIN: OnceLock<Arc<Book>> = OnceLock::new();

/// The built-in book (checked once, on first use).
pub fn builtin() -> Arc<Book> {
    BUILTIN
        .get_or_init(|| {
            Arc::new(Book::from_bytes(BUILTIN_BYTES).unwrap_or(Book {
                bytes: Cow::Borrowed(&[]),
            }))
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_book_is_valid_and_knows_the_start() {
        assert!(Book::from_bytes(BUILTIN_BYTES).is_ok());
        assert_eq!(builtin().check_moves(usize::MAX), Ok(()));
        let moves = builtin().moves(&Board::startpos()).expect("legal moves");
        assert!(moves.len() > 3, "{moves:?}");
    }

    #[test]
    fn weights_share_the_draws() {
        let b = Board::startpos();
        let m = |s| crate::chess::parse_uci(&b, s).expect("legal");
        let moves = [
            BookMove {
                mv: m("e2e4"),
                weight: 3,
            },
            BookMove {
                mv: m("d2d4"),
                weight: 1,
            },
            BookMove {
                mv: m("c2c4"),
                weight: 0,
            },
        ];
        assert_eq!(weighted_pick(&moves, 0), Some(m("e2e4")));
        assert_eq!(weighted_pick(&moves, 2), Some(m("e2e4")));
        assert_eq!(weighted_pick(&moves, 3), Some(m("d2d4")));
        assert_eq!(weighted_pick(&moves, 4), Some(m("e2e4")));
        assert_eq!(weighted_pick(&[], 4), None);
        // Weight 0 alone: in the book, never played.
        assert_eq!(weighted_pick(&moves[2..], 4), None);
    }

    /// A file whose moves from the start are not all legal is refused at
    /// load, however deep the bad move lies in the book's tree.
    #[test]
    fn a_book_with_an_illegal_move_is_refused_when_loaded() {
        let entry = |b: &Board, raw: u16| {
            let mut e = polyglot_key(b).to_be_bytes().to_vec();
            e.extend(raw.to_be_bytes());
            e.extend(1u16.to_be_bytes());
            e.extend(0u32.to_be_bytes());
            (polyglot_key(b), e)
        };
        let start = Board::startpos();
        let e4 = crate::chess::parse_uci(&start, "e2e4").unwrap();
        let after = start.make(e4);
        let e2e4: u16 = (4 + 3 * 8) | ((4 + 8) << 6);
        let e7e4: u16 = (4 + 3 * 8) | ((4 + 6 * 8) << 6);
        let mut entries = vec![entry(&start, e2e4), entry(&after, e7e4)];
        entries.sort();
        let bytes: Vec<u8> = entries.into_iter().flat_map(|(_, e)| e).collect();
        let path = std::env::temp_dir().join(format!("tapir-book-deep-{}.bin", std::process::id()));
        std::fs::write(&path, &bytes).unwrap();
        let got = Book::load(&path);
        let _ = std::fs::remove_file(&path);
        assert!(matches!(got, Err(BookError::IllegalMove { .. })), "{got:?}");
        // Its size and order are fine: only the moves give it away.
        let book = Book::from_bytes(bytes).unwrap();
        // The check reaches the bad move only if it goes two plies deep;
        // a limit of one position checks the start's moves alone.
        assert_eq!(book.check_moves(1), Ok(()));
        assert!(book.check_moves(2).is_err());
    }

    /// A file of zeros is sized and sorted as a book is, but no move of
    /// a book goes from a square to itself: refused at once.
    #[test]
    fn a_file_of_zeros_is_no_book() {
        let got = Book::from_bytes(vec![0u8; 16 * 1000]);
        assert_eq!(got.err(), Some(BookError::NoMove(0)));
        assert!(BookError::NoMove(0).to_string().contains("holds no move"));
    }
}
