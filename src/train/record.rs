//! The training record: one position with its search score and the game's
//! result in exactly 32 bytes, so a data file is a plain array of records
//! that can be appended to, counted by its length and cut back to the last
//! whole record after a kill.
//!
//! Layout (little-endian):
//!
//! | bytes  | field                                                          |
//! |--------|----------------------------------------------------------------|
//! | 0..8   | occupancy `u64`, bit i = square i (a1 = 0, h8 = 63)            |
//! | 8..24  | one 4-bit piece code per occupied square, in ascending square   |
//! |        | order: piece k in byte 8 + k/2, low nibble for even k; code =  |
//! |        | colour * 6 + type (P N B R Q K = 0..5, White 0, Black 1);      |
//! |        | unused nibbles are 0                                            |
//! | 24..26 | search score `i16`, centipawns, **from White's point of view** |
//! | 26     | game result, White's view: 0 Black won, 1 draw, 2 White won    |
//! | 27     | bit 0: side to move (1 = Black); bits 1..4: castling rights     |
//! |        | (White O-O, White O-O-O, Black O-O, Black O-O-O); bits 5..7: 0  |
//! | 28     | en-passant square as FEN gives it, 64 = none                    |
//! | 29     | half-move clock, saturated at 255                                |
//! | 30..32 | full-move number `u16`                                           |
//!
//! The board is stored losslessly (a record turns back into the exact
//! FEN), so data can be inspected and re-labelled later; the trainer reads
//! only the pieces, the side to move, the score and the result.

use super::bullet::{check_bullet, to_bullet, DataFormat};
use crate::chess::fen::format_fen;
use crate::chess::{Board, CastleRights, Color, Piece, PieceType, Square};
use anyhow::{anyhow, bail, Context, Result};
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Size of one record on disk.
pub const RECORD_SIZE: usize = 32;

/// The most pieces a record can hold (16 bytes of nibbles).
pub const MAX_PIECES: usize = 32;

/// Marker for "no en-passant square" in byte 28.
const NO_EP: u8 = 64;

/// How the game a position came from ended, from White's point of view.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum GameResult {
    BlackWin = 0,
    Draw = 1,
    WhiteWin = 2,
}

impl GameResult {
    fn from_byte(b: u8) -> Option<GameResult> {
        match b {
            0 => Some(GameResult::BlackWin),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::WhiteWin),
            _ => None,
        }
    }

    /// 0.0, 0.5 or 1.0 for White.
    pub fn white_score(self) -> f32 {
        self as u8 as f32 * 0.5
    }

    /// The result for `color`: 0.0 loss, 0.5 draw, 1.0 win.
    pub fn score_for(self, color: Color) -> f32 {
        match color {
            Color::White => self.white_score(),
            Color::Black => 1.0 - self.white_score(),
        }
    }

    /// The win of `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWin,
            Color::Black => GameResult::BlackWin,
        }
    }
}

/// Why 32 bytes are not a valid record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordError(pub &'static str);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for RecordError {}

/// One decoded (and validated) record. Its fields mirror the byte layout;
/// in memory it is 32 bytes too, so millions of them load cheaply.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Record {
    pub occupancy: u64,
    pub pieces: [u8; 16],
    /// Search score in centipawns, White's point of view.
    pub score: i16,
    pub result: GameResult,
    flags: u8,
    ep: u8,
    halfmove: u8,
    fullmove: u16,
}

impl Record {
    /// Packs `board` with its search score (centipawns, White's view) and
    /// the game's result. Boards have at most 32 pieces in legal chess;
    /// extra pieces past 32 cannot happen from play and are rejected.
    pub fn from_board(board: &Board, score_white: i16, result: GameResult) -> Result<Record> {
        let occ = board.occupied();
        if occ.count() as usize > MAX_PIECES {
            bail!("a record holds at most {MAX_PIECES} pieces");
        }
        let mut pieces = [0u8; 16];
        for (k, sq) in occ.iter().enumerate() {
            let code = board.piece_at(sq).map_or(0, |p| p.index() as u8);
            pieces[k / 2] |= code << (4 * (k % 2));
        }
        let side = (board.side_to_move() == Color::Black) as u8;
        Ok(Record {
            occupancy: occ.0,
            pieces,
            score: score_white,
            result,
            flags: side | board.castling().0 << 1,
            ep: board.ep_square().map_or(NO_EP, |s| s.index() as u8),
            halfmove: board.halfmove_clock().min(255) as u8,
            fullmove: board.fullmove_number(),
        })
    }

    pub fn side_to_move(&self) -> Color {
        if self.flags & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    pub fn castling(&self) -> CastleRights {
        CastleRights(self.flags >> 1 & 15)
    }

    /// The score from the side to move's point of view.
    pub fn stm_score(&self) -> i32 {
        self.score as i32 * self.side_to_move().sign()
    }

    /// The piece code (colour * 6 + type) of the k-th occupied square.
    #[inline(always)]
    pub fn code(&self, k: usize) -> u8 {
        self.pieces[k / 2] >> (4 * (k % 2)) & 15
    }

    /// Every piece with its square, in ascending square order.
    pub fn iter_pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut occ = self.occupancy;
        (0..self.occupancy.count_ones() as usize).map(move |k| {
            let sq = Square::new(occ.trailing_zeros() as u8);
            occ &= occ - 1;
            let code = self.code(k) as usize;
            (
                sq,
                Piece::new(Color::BOTH[code / 6], PieceType::from_index(code % 6)),
            )
        })
    }

    pub fn to_bytes(&self) -> [u8; RECORD_SIZE] {
        let mut b = [0u8; RECORD_SIZE];
        b[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        b[8..24].copy_from_slice(&self.pieces);
        b[24..26].copy_from_slice(&self.score.to_le_bytes());
        b[26] = self.result as u8;
        b[27] = self.flags;
        b[28] = self.ep;
        b[29] = self.halfmove;
        b[30..32].copy_from_slice(&self.fullmove.to_le_bytes());
        b
    }

    /// Decodes and checks 32 bytes: piece codes in range, no stray nibbles
    /// or flag bits, one king of each colour, a known result.
    pub fn from_bytes(b: &[u8; RECORD_SIZE]) -> Result<Record, RecordError> {
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&b[8..24]);
        let r = Record {
            occupancy: u64::from_le_bytes(b[0..8].try_into().expect("8 bytes")),
            pieces,
            score: i16::from_le_bytes([b[24], b[25]]),
            result: GameResult::from_byte(b[26])
                .ok_or(RecordError("result byte is not 0, 1 or 2"))?,
            flags: b[27],
            ep: b[28],
            halfmove: b[29],
            fullmove: u16::from_le_bytes([b[30], b[31]]),
        };
        let n = r.occupancy.count_ones() as usize;
        if n > MAX_PIECES {
            return Err(RecordError("more than 32 occupied squares"));
        }
        let mut kings = [0u32; 2];
        for k in 0..MAX_PIECES {
            let code = r.code(k);
            if k >= n {
                if code != 0 {
                    return Err(RecordError("piece code past the last occupied square"));
                }
            } else if code >= 12 {
                return Err(RecordError("piece code out of range"));
            } else if code % 6 == 5 {
                kings[code as usize / 6] += 1;
            }
        }
        if kings != [1, 1] {
            return Err(RecordError("not exactly one king of each colour"));
        }
        if r.flags >> 5 != 0 {
            return Err(RecordError("unknown flag bits set"));
        }
        if r.ep > NO_EP {
            return Err(RecordError("en-passant square out of range"));
        }
        Ok(r)
    }

    /// The FEN of the stored position.
    pub fn to_fen(&self) -> String {
        let mut board = [None; 64];
        for (sq, p) in self.iter_pieces() {
            board[sq.index()] = Some(p);
        }
        format_fen(
            |sq| board[sq.index()],
            self.side_to_move(),
            self.castling(),
            (self.ep != NO_EP).then(|| Square::new(self.ep)),
            self.halfmove as u16,
            self.fullmove,
        )
    }

    /// The stored position as a `Board` (an error if it is not a legal
    /// chess position, which a validated record of real play always is).
    pub fn to_board(&self) -> Result<Board> {
        Ok(Board::from_fen(&self.to_fen())?)
    }
}

/// Appends records to a data file. Opening cuts a partial last record (left
/// by a killed writer) so the new records stay aligned; whole records
/// already in the file are kept.
pub struct RecordWriter {
    out: BufWriter<File>,
    path: PathBuf,
    format: DataFormat,
    written: u64,
    /// Bytes of a partial record cut from the end when the file was opened.
    pub dropped_bytes: u64,
    /// Whole records the file held before this writer.
    pub existing: u64,
}

impl RecordWriter {
    /// Opens (creating if needed) `path` for appending tapir records.
    pub fn append(path: &Path) -> Result<RecordWriter> {
        RecordWriter::append_as(path, DataFormat::Tapir)
    }

    /// Opens (creating if needed) `path` for appending records in `format`;
    /// a file already in another format is refused.
    pub fn append_as(path: &Path, format: DataFormat) -> Result<RecordWriter> {
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .with_context(|| format!("cannot open data file {} for writing", path.display()))?;
        // Two runs appending to one file would write over each other's
        // records (each keeps its own offset): the second is refused. A
        // file system without locks goes on as before.
        if let Err(std::fs::TryLockError::WouldBlock) = file.try_lock() {
            bail!(
                "data file {} is being written by another run: give each run its own --out",
                path.display()
            );
        }
        let len = file
            .metadata()
            .with_context(|| format!("cannot read the size of {}", path.display()))?
            .len();
        check_looks_like_records(&mut file, path, len, format)?;
        let dropped = len % RECORD_SIZE as u64;
        if dropped != 0 {
            file.set_len(len - dropped)
                .with_context(|| format!("cannot cut the partial record of {}", path.display()))?;
        }
        file.seek(SeekFrom::End(0))
            .with_context(|| format!("cannot seek in {}", path.display()))?;
        Ok(RecordWriter {
            out: BufWriter::with_capacity(1 << 16, file),
            path: path.to_path_buf(),
            format,
            written: 0,
            dropped_bytes: dropped,
            existing: len / RECORD_SIZE as u64,
        })
    }

    pub fn write(&mut self, r: &Record) -> Result<()> {
        let bytes = match self.format {
            DataFormat::Tapir => r.to_bytes(),
            DataFormat::Bullet => to_bullet(r),
        };
        self.out
            .write_all(&bytes)
            .with_context(|| format!("cannot write to {}", self.path.display()))?;
        self.written += 1;
        Ok(())
    }

    /// Records written by this writer.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Pushes buffered records to the file (whole records only, so a kill
    /// after a flush loses nothing flushed).
    pub fn flush(&mut self) -> Result<()> {
        self.out
            .flush()
            .with_context(|| format!("cannot write to {}", self.path.display()))
    }
}

impl Drop for RecordWriter {
    fn drop(&mut self) {
        let _ = self.out.flush();
    }
}

/// Refuses to append to a file whose first or last whole record does not
/// decode (a net, a PGN, a README given to `--out` by mistake): cutting its
/// tail and appending would damage it.
fn check_looks_like_records(
    file: &mut File,
    path: &Path,
    len: u64,
    format: DataFormat,
) -> Result<()> {
    let kind = match format {
        DataFormat::Tapir => "tapir",
        DataFormat::Bullet => "bulletformat",
    };
    let refuse = |why: String| {
        anyhow!(
            "{} is not a {kind} data file ({why}); datagen appends only to its own files in the same format",
            path.display()
        )
    };
    let whole = len / RECORD_SIZE as u64;
    if whole == 0 {
        return match len {
            0 => Ok(()),
            _ => Err(refuse(format!("{len} bytes, less than one record"))),
        };
    }
    for index in [0, whole - 1] {
        let mut b = [0u8; RECORD_SIZE];
        file.seek(SeekFrom::Start(index * RECORD_SIZE as u64))
            .and_then(|_| file.read_exact(&mut b))
            .with_context(|| format!("cannot read {}", path.display()))?;
        let checked = match format {
            DataFormat::Tapir => Record::from_bytes(&b).map(|_| ()),
            DataFormat::Bullet => check_bullet(&b),
        };
        checked.map_err(|e| refuse(format!("record {}: {e}", index + 1)))?;
    }
    Ok(())
}

/// The records of one data file.
#[derive(Debug)]
pub struct RecordFile {
    pub records: Vec<Record>,
    /// Bytes of a partial last record that were ignored (0 normally).
    pub dropped_bytes: u64,
}

/// Reads and validates a whole data file. A trailing partial record (a
/// killed writer) is dropped and reported in `dropped_bytes`; a missing,
/// empty or corrupt file is an error naming the file (and the record).
pub fn read_records(path: &Path) -> Result<RecordFile> {
    let mut file = crate::fsread::open_regular(path)
        .with_context(|| format!("cannot open data file {}", path.display()))?;
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)
        .with_context(|| format!("cannot read data file {}", path.display()))?;
    let dropped = bytes.len() % RECORD_SIZE;
    let whole = &bytes[..bytes.len() - dropped];
    if whole.is_empty() {
        bail!(
            "data file {} holds no complete record ({} bytes; a record is {RECORD_SIZE})",
            path.display(),
            bytes.len()
        );
    }
    let mut records = Vec::with_capacity(whole.len() / RECORD_SIZE);
    for (i, chunk) in whole.chunks_exact(RECORD_SIZE).enumerate() {
        let chunk: &[u8; RECORD_SIZE] = chunk.try_into().expect("exact chunk");
        let r = Record::from_bytes(chunk).map_err(|e| {
            anyhow::anyhow!(
                "data file {} is not a tapir training file: record {i} (byte {}): {e}",
                path.display(),
                i * RECORD_SIZE
            )
        })?;
        records.push(r);
    }
    Ok(RecordFile {
        records,
        dropped_bytes: dropped as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::legal_moves;
    use crate::train::rng::Rng;

    /// Boards from random playouts, with castling, e.p. and promotions.
    fn random_boards(seed: u64, n: usize) -> Vec<Board> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let mut b = Board::startpos();
            for _ in 0..rng.below(200) {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                b = b.make(moves.as_slice()[rng.below(moves.len())]);
                out.push(b);
            }
        }
        out.truncate(n);
        out
    }

    #[test]
    fn record_is_32_bytes_in_memory_too() {
        assert_eq!(std::mem::size_of::<Record>(), RECORD_SIZE);
    }

    #[test]
    fn round_trip_random_positions() {
        let mut rng = Rng::new(3);
        for b in random_boards(11, 3000) {
            let score = (rng.next_u64() as i16).wrapping_add(0);
            let result =
                [GameResult::BlackWin, GameResult::Draw, GameResult::WhiteWin][rng.below(3)];
            let r = Record::from_board(&b, score, result).unwrap();
            let bytes = r.to_bytes();
            let back = Record::from_bytes(&bytes).unwrap();
            assert_eq!(back, r);
            assert_eq!((back.score, back.result), (score, result));
            assert_eq!(back.side_to_move(), b.side_to_move());
            // The board comes back exactly (the clock is saturated at 255).
            let nb = back.to_board().unwrap();
            assert_eq!(nb.to_fen(), b.to_fen());
            assert_eq!(nb.hash(), b.hash());
            for (sq, p) in back.iter_pieces() {
                assert_eq!(b.piece_at(sq), Some(p));
            }
            assert_eq!(back.iter_pieces().count(), b.occupied().count() as usize);
        }
    }

    #[test]
    fn stm_score_flips_for_black() {
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 3 40").unwrap();
        let r = Record::from_board(&b, 250, GameResult::WhiteWin).unwrap();
        assert_eq!(r.stm_score(), -250);
        assert_eq!(r.result.score_for(Color::Black), 0.0);
        assert_eq!(r.to_fen(), "4k3/8/8/8/8/8/8/4K2R b K - 3 40");
    }

    #[test]
    fn corrupt_bytes_are_rejected() {
        let b = Board::startpos();
        let good = Record::from_board(&b, 0, GameResult::Draw)
            .unwrap()
            .to_bytes();
        let mut bad = good;
        bad[26] = 3;
        assert!(Record::from_bytes(&bad).is_err());
        let mut bad = good;
        bad[27] |= 0x80;
        assert!(Record::from_bytes(&bad).is_err());
        let mut bad = good;
        bad[8] = 0xCC; // two piece codes of 12
        assert!(Record::from_bytes(&bad).is_err());
        let mut bad = good;
        bad[0] = 0; // fewer squares than piece codes: stray nibbles
        assert!(Record::from_bytes(&bad).is_err());
        assert!(Record::from_bytes(&[0u8; 32]).is_err());
        assert!(Record::from_bytes(&[0xFFu8; 32]).is_err());
    }

    #[test]
    fn append_cuts_a_partial_record_and_reader_drops_one() {
        let dir = std::env::temp_dir().join(format!("tapir-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.bin");
        let _ = std::fs::remove_file(&path);
        let boards = random_boards(5, 10);
        let recs: Vec<Record> = boards
            .iter()
            .map(|b| Record::from_board(b, 17, GameResult::Draw).unwrap())
            .collect();
        {
            let mut w = RecordWriter::append(&path).unwrap();
            for r in &recs[..6] {
                w.write(r).unwrap();
            }
        }
        // A killed writer leaves half a record behind.
        {
            let mut f = OpenOptions::new().append(true).open(&path).unwrap();
            f.write_all(&recs[6].to_bytes()[..13]).unwrap();
        }
        let read = read_records(&path).unwrap();
        assert_eq!(read.records, recs[..6]);
        assert_eq!(read.dropped_bytes, 13);
        {
            let mut w = RecordWriter::append(&path).unwrap();
            assert_eq!((w.existing, w.dropped_bytes), (6, 13));
            // A second run on the same file while this one writes is
            // refused: it would write over this one's records.
            let e = RecordWriter::append(&path).err().unwrap().to_string();
            assert!(e.contains("another run"), "{e}");
            for r in &recs[6..] {
                w.write(r).unwrap();
            }
        }
        let read = read_records(&path).unwrap();
        assert_eq!(read.records, recs);
        assert_eq!(read.dropped_bytes, 0);

        // Missing, empty and garbage files are errors naming the file.
        let missing = dir.join("missing.bin");
        let e = read_records(&missing).unwrap_err().to_string();
        assert!(e.contains("missing.bin"), "{e}");
        let empty = dir.join("empty.bin");
        std::fs::write(&empty, b"short").unwrap();
        assert!(read_records(&empty).is_err());
        let garbage = dir.join("garbage.bin");
        std::fs::write(&garbage, [0xAB; 64]).unwrap();
        let e = read_records(&garbage).unwrap_err().to_string();
        assert!(e.contains("record 0"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
