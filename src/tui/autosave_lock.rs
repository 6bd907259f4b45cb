//! Which board owns the autosave. The first board open holds an advisory
//! lock on `autosave.lock` (the system's file lock, which it drops when
//! the process ends however it ends, so a killed board leaves no stale
//! lock and two boards starting at once cannot both win); a second board
//! open at the same time autosaves to `autosave.PID.pgn` instead and says
//! so, so two boards never write over each other's game.

use std::fs::{self, File, TryLockError};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

/// The lock this board holds, for as long as the value lives. The file
/// stays behind at exit: removing it would let a board that opened it just
/// before lock a file no one else can see.
#[derive(Debug)]
pub struct AutosaveLock {
    _held: Option<File>,
}

/// The board that holds the autosave, as a second board sees it.
#[derive(Debug, PartialEq, Eq)]
pub struct OtherBoard {
    /// Where this board autosaves instead.
    pub own: PathBuf,
    /// The holder's process id, when it has written it yet.
    pub pid: Option<u32>,
}

/// Takes the lock on the autosave in `data`. The second value is `None`
/// when this board writes the usual autosave (it holds the lock, or no lock
/// can be had: a read-only folder, where no autosave can be written
/// either, or a file system without locks), or where this board autosaves
/// when another board holds it.
pub fn claim(data: &Path) -> (AutosaveLock, Option<OtherBoard>) {
    let free = AutosaveLock { _held: None };
    if fs::create_dir_all(data).is_err() {
        return (free, None);
    }
    let lock = data.join("autosave.lock");
    let Ok(mut file) = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)
    else {
        return (free, None);
    };
    match file.try_lock() {
        Ok(()) => {
            // Our process id, for the message a second board shows.
            let me = std::process::id();
            let _ = file
                .set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| writeln!(file, "{me}"));
            (AutosaveLock { _held: Some(file) }, None)
        }
        Err(TryLockError::WouldBlock) => {
            let me = std::process::id();
            let pid = fs::read_to_string(&lock)
                .ok()
                .and_then(|t| t.split_whitespace().next()?.parse().ok());
            let own = data.join(format!("autosave.{me}.pgn"));
            (free, Some(OtherBoard { own, pid }))
        }
        Err(TryLockError::Error(_)) => (free, None),
    }
}

/// Whether process `pid` may still be running: false only where the
/// system lists its processes (`/proc`) and `pid` is not among them.
pub fn may_be_running(pid: u32) -> bool {
    !Path::new("/proc/self").exists() || Path::new(&format!("/proc/{pid}")).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_board_holds_the_autosave_until_it_ends() {
        let dir = std::env::temp_dir().join(format!("tapir-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (lock, other) = claim(&dir);
        assert_eq!(other, None);
        let me = std::process::id();
        // A second claim while the first holds it (file locks are per open
        // file, so this stands for another board) autosaves elsewhere.
        let (_free, other) = claim(&dir);
        assert_eq!(
            other,
            Some(OtherBoard {
                own: dir.join(format!("autosave.{me}.pgn")),
                pid: Some(me),
            })
        );
        drop(lock);
        // Gone with its holder, however the holder ended; a lock file left
        // by an older board (its process id, no lock held) is free too.
        fs::write(dir.join("autosave.lock"), "4000000000\n").unwrap();
        let (_lock, other) = claim(&dir);
        assert_eq!(other, None);
        let _ = fs::remove_dir_all(&dir);
    }
}
