//! A loaded set of Syzygy tables and the two probes. Tables are found by
//! name in the folders of a `:`-separated path; each file is checked when
//! it is added and opened on the first probe that needs it. A bad file or
//! folder is reported and left out: the rest still probes.

use super::convert::to_chess;
use super::files::{check_table, table_names, CheckedFs};
use super::types::{Dtz, TbError, Wdl};
use crate::chess::Board;
use shakmaty::Chess;
use shakmaty_syzygy::{MaybeRounded, Tablebase};
use std::path::Path;
use std::sync::Arc;

/// The tables of a `SyzygyPath`, shared by every search thread.
pub struct Tablebases {
    inner: Tablebase<Chess>,
    max_pieces: usize,
    files: usize,
    path: String,
    /// Table files found and refused when loading (truncated, not a
    /// table), by file name, with why: a probe that needs one says so
    /// rather than "not found".
    left_out: std::collections::HashMap<String, String>,
}

/// What loading a path found: the tables added, the largest piece count
/// they cover, and every folder or file that was left out and why.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    pub files: usize,
    pub max_pieces: usize,
    pub problems: Vec<TbError>,
}

impl LoadReport {
    /// One line for a status bar or an `info string`.
    pub fn summary(&self) -> String {
        let mut s = if self.files == 0 {
            "no Syzygy tables found".to_string()
        } else {
            format!(
                "{} Syzygy table files, up to {} pieces",
                self.files, self.max_pieces
            )
        };
        if let Some(p) = self.problems.first() {
            s.push_str(&format!("; {p}"));
            match self.problems.len() {
                1 => {}
                2 => s.push_str(" (and 1 more problem)"),
                n => s.push_str(&format!(" (and {} more problems)", n - 1)),
            }
        }
        s
    }
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("path", &self.path)
            .field("files", &self.files)
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Tablebases {
    /// The tables in the folders of `path` (joined by `:`; empty entries
    /// are skipped). Never fails: what could not be used is in the report.
    pub fn open(path: &str) -> (Tablebases, LoadReport) {
        let mut inner = Tablebase::with_filesystem(Arc::new(CheckedFs));
        let mut report = LoadReport::default();
        // A table found twice (a folder named twice, or the same table in
        // two folders) is one table: the first folder's copy is used, as
        // Stockfish does, and a later copy (perhaps a bad one) is not read.
        let mut tables_seen = std::collections::HashSet::new();
        let mut left_out = std::collections::HashMap::new();
        let mut wdl_files = 0usize;
        for dir in path.split(':').map(str::trim).filter(|d| !d.is_empty()) {
            let bad = |why: String| TbError::BadPath {
                path: dir.to_string(),
                why,
            };
            let p = Path::new(dir);
            match std::fs::metadata(p) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => {
                    report.problems.push(bad("not a folder".into()));
                    continue;
                }
                Err(e) => {
                    report
                        .problems
                        .push(bad(if e.kind() == std::io::ErrorKind::NotFound {
                            "no such folder".into()
                        } else {
                            e.to_string()
                        }));
                    continue;
                }
            }
            let names = match table_names(p) {
                Ok(n) => n,
                Err(e) => {
                    report.problems.push(bad(e.to_string()));
                    continue;
                }
            };
            for file in names {
                let name = file.file_name().map(ToOwned::to_owned);
                if tables_seen.contains(&name) {
                    continue;
                }
                let shown = file.display().to_string();
                let added = match check_table(&file) {
                    Ok(()) => inner.add_file(&file).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                match added {
                    Ok(()) => {
                        tables_seen.insert(name);
                        report.files += 1;
                        wdl_files += usize::from(file.extension().is_some_and(|e| e == "rtbw"));
                    }
                    Err(why) => {
                        if let Some(n) = &name {
                            left_out
                                .entry(n.to_string_lossy().into_owned())
                                .or_insert_with(|| why.clone());
                        }
                        report.problems.push(TbError::BadPath { path: shown, why })
                    }
                }
            }
        }
        // DTZ tables alone answer no probe: every verdict needs WDL.
        if report.files > 0 && wdl_files == 0 {
            report.problems.push(TbError::BadPath {
                path: path.to_string(),
                why: "only DTZ tables (.rtbz): no verdict without the WDL tables (.rtbw)".into(),
            });
        }
        report.max_pieces = inner.max_pieces();
        let tb = Tablebases {
            inner,
            max_pieces: report.max_pieces,
            files: report.files,
            path: path.to_string(),
            left_out,
        };
        (tb, report)
    }

    /// The most pieces (kings included) any loaded table holds; 0 if none.
    #[inline]
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// Table files loaded.
    pub fn files(&self) -> usize {
        self.files
    }

    /// The path the tables came from, as given.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// A probe's error in words: a table that is missing because it was
    /// refused when loaded says why.
    pub fn describe(&self, e: &TbError) -> String {
        match e {
            TbError::MissingTable(t) => match self.left_out.get(t) {
                Some(why) => format!("table {t} was left out when loading ({why})"),
                None => e.to_string(),
            },
            _ => e.to_string(),
        }
    }

    /// The crate's position for `b`, refused early when no table can hold it.
    pub(crate) fn position(&self, b: &Board) -> Result<Chess, TbError> {
        if b.occupied().count() as usize > self.max_pieces {
            return Err(TbError::TooManyPieces);
        }
        to_chess(b)
    }

    /// The table's outcome for the side to move, as if the last move had
    /// been a capture or pawn move (the halfmove clock is not looked at):
    /// what the search needs right after a zeroing move. WDL tables only.
    pub fn probe_wdl(&self, b: &Board) -> Result<Wdl, TbError> {
        let pos = self.position(b)?;
        self.wdl_of(&pos)
    }

    pub(crate) fn wdl_of(&self, pos: &Chess) -> Result<Wdl, TbError> {
        self.inner
            .probe_wdl_after_zeroing(pos)
            .map(Wdl::from_syzygy)
            .map_err(TbError::from_syzygy)
    }

    /// Distance to zeroing for the side to move (needs the DTZ table too).
    pub fn probe_dtz(&self, b: &Board) -> Result<Dtz, TbError> {
        let pos = self.position(b)?;
        self.dtz_of(&pos)
    }

    pub(crate) fn dtz_of(&self, pos: &Chess) -> Result<Dtz, TbError> {
        let d = self.inner.probe_dtz(pos).map_err(TbError::from_syzygy)?;
        Ok(match d {
            MaybeRounded::Precise(d) => Dtz {
                plies: d.0,
                rounded: false,
            },
            MaybeRounded::Rounded(d) => Dtz {
                plies: d.0,
                rounded: true,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> String {
        format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
    }

    #[test]
    fn probes_known_positions() {
        let (tb, report) = Tablebases::open(&dir());
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(report.max_pieces, 4);
        assert!(report.files >= 70);
        // The same folder named twice holds no more tables.
        let twice = format!("{}:{}/", dir(), dir());
        assert_eq!(Tablebases::open(&twice).1.files, report.files);
        let b = |fen: &str| Board::from_fen(fen).unwrap();
        // KQvK: won for the queen's side, lost for the other.
        assert_eq!(
            tb.probe_wdl(&b("8/8/8/4k3/8/8/8/3QK3 w - - 0 1")),
            Ok(Wdl::Win)
        );
        assert_eq!(
            tb.probe_wdl(&b("8/8/8/4k3/8/8/8/3QK3 b - - 0 1")),
            Ok(Wdl::Loss)
        );
        // KNvK is a draw; a mated king has DTZ 0... of a loss.
        assert_eq!(
            tb.probe_wdl(&b("8/8/8/4k3/8/8/8/3NK3 w - - 0 1")),
            Ok(Wdl::Draw)
        );
        let d = tb.probe_dtz(&b("8/8/8/4k3/8/8/8/3QK3 w - - 0 1")).unwrap();
        assert!(d.plies > 0, "{d:?}");
        // Castling rights and five pieces are refused.
        assert_eq!(
            tb.probe_wdl(&b("4k3/8/8/8/8/8/8/4K2R w K - 0 1")),
            Err(TbError::Castling)
        );
        assert_eq!(
            tb.probe_wdl(&b("4k3/8/8/8/8/8/8/1RRRK3 w - - 0 1")),
            Err(TbError::TooManyPieces)
        );
    }

    #[test]
    fn bad_folders_and_files_are_reported_and_left_out() {
        let tmp = std::env::temp_dir().join(format!("tapir-tb-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        // A truncated copy, a file with the wrong bytes, a named pipe.
        let src = std::fs::read(format!("{}/KQvK.rtbw", dir())).unwrap();
        std::fs::write(tmp.join("KQvK.rtbw"), &src[..src.len() - 7]).unwrap();
        std::fs::write(tmp.join("KRvK.rtbw"), vec![0u8; 64 * 3 + 16]).unwrap();
        let fifo = tmp.join("KBvK.rtbw");
        let _ = std::process::Command::new("mkfifo").arg(&fifo).status();
        let path = format!("/no/such/folder:{}:{}", tmp.display(), dir());
        let (tb, report) = Tablebases::open(&path);
        let text: Vec<String> = report.problems.iter().map(|p| p.to_string()).collect();
        assert!(text[0].contains("no such folder"), "{text:?}");
        assert!(text.iter().any(|t| t.contains("truncated")), "{text:?}");
        assert!(text.iter().any(|t| t.contains("magic")), "{text:?}");
        if fifo.exists() {
            assert!(text.iter().any(|t| t.contains("named pipe")), "{text:?}");
        }
        // The good folder's tables still answer.
        let b = Board::from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(tb.probe_wdl(&b), Ok(Wdl::Win));
        assert!(
            report.summary().contains("problems"),
            "{}",
            report.summary()
        );
        // The bad folder with one good table: a probe that needs a
        // refused table says it was left out, and why, not "not found".
        let good = tmp.join("good");
        std::fs::create_dir_all(&good).unwrap();
        std::fs::copy(format!("{}/KNvK.rtbw", dir()), good.join("KNvK.rtbw")).unwrap();
        let (only_bad, _) = Tablebases::open(&format!("{}:{}", tmp.display(), good.display()));
        let kr = Board::from_fen("8/8/8/4k3/8/8/8/3RK3 w - - 0 1").unwrap();
        let e = only_bad.probe_wdl(&kr).unwrap_err();
        let said = only_bad.describe(&e);
        assert!(
            said.starts_with("table KRvK.rtbw was left out when loading (not a Syzygy table"),
            "{said}"
        );
        // DTZ tables alone: loaded, but said to answer nothing.
        let dtz = tmp.join("dtz");
        std::fs::create_dir_all(&dtz).unwrap();
        std::fs::copy(format!("{}/KQvK.rtbz", dir()), dtz.join("KQvK.rtbz")).unwrap();
        let (_, report) = Tablebases::open(&dtz.to_string_lossy());
        assert_eq!(report.files, 1);
        assert!(
            report.summary().contains("only DTZ tables"),
            "{}",
            report.summary()
        );
        // Nothing at all: every probe says so, nothing panics.
        let (none, report) = Tablebases::open("");
        assert_eq!(report.files, 0);
        assert_eq!(none.probe_wdl(&b), Err(TbError::TooManyPieces));
        std::fs::remove_dir_all(&tmp).unwrap();
    }

    #[test]
    fn a_corrupt_table_is_an_error_not_a_panic() {
        let tmp = std::env::temp_dir().join(format!("tapir-tb-bad-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        // Right size and magic, garbage after: found out only on a probe.
        let mut bytes = std::fs::read(format!("{}/KQvK.rtbw", dir())).unwrap();
        for (i, x) in bytes.iter_mut().enumerate().skip(4) {
            *x = (i * 7919 % 251) as u8;
        }
        std::fs::write(tmp.join("KQvK.rtbw"), &bytes).unwrap();
        let (tb, report) = Tablebases::open(&tmp.display().to_string());
        assert_eq!(report.files, 1);
        let b = Board::from_fen("8/8/8/4k3/8/8/8/3QK3 w - - 0 1").unwrap();
        let r = tb.probe_wdl(&b);
        if let Err(e) = &r {
            assert!(matches!(e, TbError::BadTable(_)), "{e:?}");
            assert!(e.to_string().contains("KQvK"), "{e}");
        }
        // The good folder first: its copy is the one used, not the later
        // corrupt one (as Stockfish's path is read).
        let (tb, report) = Tablebases::open(&format!("{}:{}", dir(), tmp.display()));
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(tb.probe_wdl(&b), Ok(Wdl::Win));
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
