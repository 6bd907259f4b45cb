//! Which board owns the autosave. The first board open holds an advisory
//! lock on `autosave.lock` (the system's file lock, which it drops when
//! the process ends however it ends, so a killed board leaves no stale
//! lock and two boards starting at once cannot both win); a second board
//! open at the same time autosaves to `autosave.PID.pgn` instead and says
//! so, so two boards never write over each other's game.

use std::fs::{self, File, TryLockError};
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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

/// How long a board starting waits for the lock's holder to let it go: a
/// board closing (its window shut, then tapir started again at once)
/// writes its autosave and exits within this, and the new board is then
/// the one that brings its session back rather than a second board.
pub const CLOSING_BOARD_WAIT: Duration = Duration::from_millis(1500);

/// Takes the lock on the autosave in `data`, waiting up to `wait` for a
/// board that holds it to close. The second value is `None` when this
/// board writes the usual autosave (it holds the lock, or no lock can be
/// had: a read-only folder, where no autosave can be written either, or a
/// file system without locks), or where this board autosaves when another
/// board holds it.
pub fn claim(data: &Path, wait: Duration) -> (AutosaveLock, Option<OtherBoard>) {
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
    let until = Instant::now() + wait;
    let mut tried = file.try_lock();
    while matches!(tried, Err(TryLockError::WouldBlock)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
        tried = file.try_lock();
    }
    match tried {
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

impl AutosaveLock {
    /// Whether the lock this board holds is no longer on `data`'s lock
    /// file: the file was removed or replaced (the data folder deleted and
    /// made again while the board was open), so another board starting now
    /// would take a lock of its own and write the same autosave.
    fn lost(&self, data: &Path) -> bool {
        let Some(held) = &self._held else {
            return false;
        };
        match (held.metadata(), fs::metadata(data.join("autosave.lock"))) {
            (Ok(ours), Ok(there)) => !same_inode(&ours, &there),
            _ => true,
        }
    }
}

#[cfg(unix)]
fn same_inode(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Elsewhere the lock file's being there is all that is checked.
#[cfg(not(unix))]
fn same_inode(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    true
}

/// Before each autosave: when the board's lock was lost (see `lost`), takes
/// it again. `None`: the lock is held (or was never this board's); else
/// another board took it meanwhile, and this board autosaves where the
/// value says from now on, so neither writes over the other's game.
pub fn reclaim(lock: &mut AutosaveLock, data: &Path) -> Option<OtherBoard> {
    if !lock.lost(data) {
        return None;
    }
    // Between two autosaves the board does not wait.
    let (again, other) = claim(data, Duration::ZERO);
    *lock = again;
    other
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
        let (lock, other) = claim(&dir, Duration::ZERO);
        assert_eq!(other, None);
        let me = std::process::id();
        // A second claim while the first holds it (file locks are per open
        // file, so this stands for another board) autosaves elsewhere.
        let started = Instant::now();
        let (_free, other) = claim(&dir, Duration::from_millis(200));
        assert!(started.elapsed() >= Duration::from_millis(200), "waited");
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
        let (_lock, other) = claim(&dir, Duration::ZERO);
        assert_eq!(other, None);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A board closing as another starts (a window shut, tapir started
    /// again at once): the new board waits for the lock and is the one
    /// that writes, and brings back, the usual autosave.
    #[test]
    fn a_board_starting_waits_for_one_closing() {
        let dir = std::env::temp_dir().join(format!("tapir-lockwait-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (closing, _) = claim(&dir, Duration::ZERO);
        let closes = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            drop(closing);
        });
        let (_lock, other) = claim(&dir, CLOSING_BOARD_WAIT);
        assert_eq!(other, None);
        closes.join().unwrap();
        let _ = fs::remove_dir_all(&dir);
    }

    /// The data folder deleted and made again under an open board: the
    /// board takes its lock again before its next autosave, or, when a
    /// board started meanwhile took it, autosaves to a file of its own.
    #[test]
    fn a_lock_lost_with_its_folder_is_taken_again_or_the_board_moves() {
        let dir = std::env::temp_dir().join(format!("tapir-relock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (mut first, _) = claim(&dir, Duration::ZERO);
        assert_eq!(reclaim(&mut first, &dir), None);
        fs::remove_dir_all(&dir).unwrap();
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(reclaim(&mut first, &dir), None);
        // Held again: a board starting now is the second.
        let (_free, other) = claim(&dir, Duration::ZERO);
        assert!(other.is_some());
        // Gone again, and another board takes the new lock first.
        fs::remove_dir_all(&dir).unwrap();
        let (_second, other) = claim(&dir, Duration::ZERO);
        assert_eq!(other, None);
        let me = std::process::id();
        assert_eq!(
            reclaim(&mut first, &dir).map(|o| o.own),
            Some(dir.join(format!("autosave.{me}.pgn")))
        );
        let _ = fs::remove_dir_all(&dir);
    }
}
