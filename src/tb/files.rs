//! Which table files may be opened, and how. The prober opens files lazily
//! on the first probe that needs them, in the search; so every file is
//! checked when its folder is added (a regular file, the right size
//! pattern, the right magic bytes) and opened through `fsread`, so that a
//! named pipe or a device is refused instead of blocking a search thread.

use crate::fsread::open_regular;
use shakmaty_syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The first four bytes of a WDL and of a DTZ table.
const WDL_MAGIC: [u8; 4] = [0x71, 0xe8, 0x23, 0x5d];
const DTZ_MAGIC: [u8; 4] = [0xd7, 0x66, 0x0c, 0xa5];

/// The prober's view of the disk: regular files only.
#[derive(Debug, Default)]
pub(crate) struct CheckedFs;

struct TableFile(std::fs::File);

impl RandomAccessFile for TableFile {
    #[cfg(unix)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::unix::fs::FileExt::read_at(&self.0, buf, offset)
    }

    #[cfg(windows)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::windows::fs::FileExt::seek_read(&self.0, buf, offset)
    }
}

impl Filesystem for CheckedFs {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(io::Error::from(io::ErrorKind::InvalidInput))
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        table_names(path)
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        Ok(Box::new(TableFile(open_regular(path)?)))
    }
}

/// The `.rtbw`/`.rtbz` paths in `dir`, sorted.
pub(crate) fn table_names(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let ext = path.extension().and_then(|e| e.to_str());
        if matches!(ext, Some("rtbw" | "rtbz")) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Why a file cannot be a table.
#[derive(Debug)]
pub(crate) enum TableFileError {
    /// Not a regular file, or unreadable.
    Io(io::Error),
    /// A size no table has (tables are 16 bytes more than a multiple of 64).
    Size(u64),
    /// The first four bytes are not the table kind's magic.
    Magic,
}

impl std::fmt::Display for TableFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            TableFileError::Io(e) => e.fmt(f),
            TableFileError::Size(len) => write!(f, "{len} bytes: truncated or not a table"),
            TableFileError::Magic => f.write_str("not a Syzygy table (wrong magic bytes)"),
        }
    }
}

/// Why `path` cannot be a table, looked at without reading more than its
/// first four bytes: not a regular file, a size no table has (a truncated
/// download), or the wrong magic bytes.
pub(crate) fn check_table(path: &Path) -> Result<(), TableFileError> {
    let mut file = open_regular(path).map_err(TableFileError::Io)?;
    let len = file.metadata().map_err(TableFileError::Io)?.len();
    if len % 64 != 16 {
        return Err(TableFileError::Size(len));
    }
    let mut magic = [0u8; 4];
    file.read_exact(&mut magic).map_err(TableFileError::Io)?;
    let wdl = path.extension().is_some_and(|e| e == "rtbw");
    let want = if wdl { WDL_MAGIC } else { DTZ_MAGIC };
    if magic != want {
        return Err(TableFileError::Magic);
    }
    Ok(())
}
