//! Reading the files a user names (`--pgn`, `:load`, the autosave) with
//! limits, so that a device or a huge file is a clear error instead of a
//! board that hangs or runs out of memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest PGN file the board opens: far beyond any game or
/// collection one browses in a picker.
pub const MAX_PGN_BYTES: u64 = 64 << 20;

/// A regular file's text, at most `MAX_PGN_BYTES`; the error says why not.
pub fn read_pgn_text(path: &Path) -> io::Result<String> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_PGN_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_PGN_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB", MAX_PGN_BYTES >> 20),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_devices_and_non_text() {
        assert!(read_pgn_text(Path::new("/dev/zero")).is_err());
        let dir = std::env::temp_dir().join(format!("tapir-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read_pgn_text(&dir).is_err(), "a directory");
        let bin = dir.join("bin.pgn");
        std::fs::write(&bin, [0xff, 0xfe, 0x00]).unwrap();
        assert!(read_pgn_text(&bin).is_err());
        let ok = dir.join("ok.pgn");
        std::fs::write(&ok, "1. e4 *\n").unwrap();
        assert_eq!(read_pgn_text(&ok).unwrap(), "1. e4 *\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
