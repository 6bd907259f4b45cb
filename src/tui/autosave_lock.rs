//! Which board owns the autosave. The first board open takes
//! `autosave.lock` (its process id); a second board open at the same time
//! autosaves to `autosave.PID.pgn` instead and says so, so two boards never
//! write over each other's game. A lock whose board is gone (killed, the
//! machine restarted) is taken over.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The lock this board holds: removed when the board exits.
#[derive(Debug)]
pub struct AutosaveLock {
    held: Option<PathBuf>,
}

impl Drop for AutosaveLock {
    fn drop(&mut self) {
        if let Some(p) = &self.held {
            // Only our own lock: another board may have taken a stale one.
            if holder(p) == Some(std::process::id()) {
                let _ = fs::remove_file(p);
            }
        }
    }
}

/// Takes the lock on the autosave in `data`. The second value is `None`
/// when this board writes the usual autosave (it holds the lock, or no lock
/// can be made: a read-only folder, where no autosave can be written
/// either), or this board's own file and the other board's process id when
/// another board holds it.
pub fn claim(data: &Path) -> (AutosaveLock, Option<(PathBuf, u32)>) {
    let lock = data.join("autosave.lock");
    let me = std::process::id();
    let free = AutosaveLock { held: None };
    if fs::create_dir_all(data).is_err() {
        return (free, None);
    }
    for _ in 0..3 {
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&lock)
        {
            Ok(mut f) => {
                let _ = writeln!(f, "{me}");
                return (AutosaveLock { held: Some(lock) }, None);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match holder(&lock) {
                Some(pid) if pid != me && is_board(pid) => {
                    let own = data.join(format!("autosave.{me}.pgn"));
                    return (free, Some((own, pid)));
                }
                // Stale (its board is gone) or unreadable: take it over.
                _ => {
                    let _ = fs::remove_file(&lock);
                }
            },
            Err(_) => return (free, None),
        }
    }
    (free, None)
}

/// The process id written in a lock file.
fn holder(lock: &Path) -> Option<u32> {
    fs::read_to_string(lock).ok()?.trim().parse().ok()
}

/// Whether process `pid` is running and is a tapir board (its command name
/// starts with "tapir"), so a reused process id does not keep a stale
/// lock alive.
fn is_board(pid: u32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim().starts_with("tapir"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_board_holds_the_autosave_and_a_stale_lock_is_taken_over() {
        let dir = std::env::temp_dir().join(format!("tapir-lock-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let (lock, other) = claim(&dir);
        assert_eq!(other, None);
        assert_eq!(holder(&dir.join("autosave.lock")), Some(std::process::id()));
        drop(lock);
        assert!(!dir.join("autosave.lock").exists(), "removed at exit");
        // A lock left by a process that is gone is taken over.
        fs::write(dir.join("autosave.lock"), "4000000000\n").unwrap();
        let (lock, other) = claim(&dir);
        assert_eq!(other, None);
        assert_eq!(holder(&dir.join("autosave.lock")), Some(std::process::id()));
        drop(lock);
        let _ = fs::remove_dir_all(&dir);
    }
}
