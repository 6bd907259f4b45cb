//! Opening the files a user names (nets, data files, suites, settings,
//! games) without ever blocking on one that is not a file: the type is
//! looked at before the open, so a named pipe, `/dev/stdin` or a device
//! is a clear error instead of a read that waits for ever. Every layer that
//! reads a user's file goes through here.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why a path cannot be read as a file, in words.
fn not_a_file(meta: &std::fs::Metadata) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, kind_of(meta))
}

/// What a path that is not a regular file is, for the messages.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a named pipe, not a regular file";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device, not a regular file";
        }
        if t.is_socket() {
            return "a socket, not a regular file";
        }
    }
    if meta.is_dir() {
        "a directory, not a file"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading if it is a regular file (links followed).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_a_file(&meta));
    }
    let file = File::open(path)?;
    // The path could have changed between the look and the open.
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_a_file(&meta));
    }
    Ok(file)
}

/// A regular file's bytes, at most `max` of them (more is an error).
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than {} MiB", max >> 20),
        ));
    }
    Ok(bytes)
}

/// A regular file's text (UTF-8), at most `max` bytes.
pub fn read_regular_text(path: &Path, max: u64) -> io::Result<String> {
    String::from_utf8(read_regular(path, max)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipes_devices_and_directories_are_refused_without_blocking() {
        let dir = std::env::temp_dir().join(format!("tapir-fsread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let e = open_regular(&fifo).unwrap_err();
            assert!(e.to_string().contains("named pipe"), "{e}");
        }
        assert!(open_regular(Path::new("/dev/zero")).is_err());
        assert!(open_regular(&dir)
            .unwrap_err()
            .to_string()
            .contains("directory"));
        let f = dir.join("f");
        std::fs::write(&f, b"abc").unwrap();
        assert_eq!(read_regular(&f, 3).unwrap(), b"abc");
        assert!(read_regular(&f, 2).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
