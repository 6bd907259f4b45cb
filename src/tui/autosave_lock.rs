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
                let _ = match start_time(me) {
                    Some(t) => writeln!(f, "{me} {t}"),
                    None => writeln!(f, "{me}"),
                };
                return (AutosaveLock { held: Some(lock) }, None);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => match holder_of(&lock) {
                Some((pid, started)) if pid != me && is_board(pid, started) => {
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

/// Whether process `pid` may still be running: false only where the
/// system lists its processes (`/proc`) and `pid` is not among them.
pub fn may_be_running(pid: u32) -> bool {
    !Path::new("/proc/self").exists() || Path::new(&format!("/proc/{pid}")).exists()
}

/// The process id written in a lock file.
fn holder(lock: &Path) -> Option<u32> {
    holder_of(lock).map(|(pid, _)| pid)
}

/// The process id written in a lock file, and its start time when the
/// lock has one (locks from before it was written have not).
fn holder_of(lock: &Path) -> Option<(u32, Option<u64>)> {
    let text = fs::read_to_string(lock).ok()?;
    let mut words = text.split_whitespace();
    let pid = words.next()?.parse().ok()?;
    Some((pid, words.next().and_then(|w| w.parse().ok())))
}

/// When process `pid` started (clock ticks since boot, `/proc/PID/stat`'s
/// 22nd field): with the id, it names one process for good, however the
/// binary is called, and a reused id is another process.
fn start_time(pid: u32) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold blanks; the rest follows its ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Whether process `pid` is still the board that wrote the lock, so a
/// reused process id does not keep a stale lock alive: the same start
/// time, or for a lock without one, a command name like tapir's or this
/// board's own (a renamed binary).
fn is_board(pid: u32, started: Option<u64>) -> bool {
    if let Some(t) = started {
        return start_time(pid) == Some(t);
    }
    let comm =
        |p: &str| fs::read_to_string(format!("/proc/{p}/comm")).map(|c| c.trim().to_string());
    match (comm(&pid.to_string()), comm("self")) {
        (Ok(theirs), Ok(ours)) => theirs.starts_with("tapir") || theirs == ours,
        _ => false,
    }
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

    #[test]
    #[cfg(unix)]
    fn a_running_board_is_known_by_its_start_time_whatever_its_name() {
        let dir = std::env::temp_dir().join(format!("tapir-lock2-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let lock = dir.join("autosave.lock");
        // Another live process (this test's parent, whatever it is called)
        // with its true start time holds the lock: it is a board.
        let parent = std::os::unix::process::parent_id();
        if let Some(t) = start_time(parent) {
            fs::write(&lock, format!("{parent} {t}\n")).unwrap();
            let (_free, other) = claim(&dir);
            assert_eq!(other.map(|(_, pid)| pid), Some(parent));
            // The same id with another start time is a reused id: stale.
            fs::write(&lock, format!("{parent} {}\n", t + 1)).unwrap();
            let (held, other) = claim(&dir);
            assert_eq!(other, None);
            assert_eq!(holder(&lock), Some(std::process::id()));
            drop(held);
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
