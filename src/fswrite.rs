//! Writing the files a user keeps (games, settings, the autosave, nets,
//! tuned parameters) so that a crash, a kill or a full disk never leaves
//! half of one: each is written beside its target, synced, and renamed
//! over it. Every layer that writes a user's file goes through here.

use anyhow::{bail, Context, Result};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to a temporary file beside `path` and renames it over
/// `path`, so a crash never leaves a half-written file. A `path` that is a
/// symbolic link (a linked dotfile) is written through: its target is
/// replaced and the link stays. The file keeps its permissions. A target
/// that is read-only, or that this user may not write (another user's
/// file in a folder this user may write in), or no regular file (a
/// device, a named pipe), is an error: the rename would replace it where
/// an ordinary write could not.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    let path = &link_target(path);
    if let Ok(meta) = fs::metadata(path) {
        if !meta.is_file() {
            bail!(
                "{} is not a regular file (a folder, a device or a pipe); nothing was written",
                path.display()
            );
        }
        refuse_unwritable(path, &meta)?;
    }
    let (dir, tmp) = temp_beside(path);
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let result = (|| -> Result<()> {
        let mut f =
            fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(bytes.as_ref())?;
        if let Ok(meta) = fs::metadata(path) {
            keep_owner(&f, &meta);
            let _ = f.set_permissions(meta.permissions());
        }
        f.sync_all()?;
        fs::rename(&tmp, path).with_context(|| format!("renaming onto {}", path.display()))?;
        // The rename itself is durable once the folder is synced.
        if let Ok(d) = fs::File::open(&dir) {
            let _ = d.sync_all();
        }
        // What an earlier write of this file left when it was killed.
        if let Some(name) = path.file_name() {
            remove_stale(&dir, Some(&name.to_string_lossy()));
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Refuses a regular file that an ordinary write could not change: no
/// write permission at all, or none for this user (asked by opening it
/// for writing, which changes nothing: no create, no truncation).
fn refuse_unwritable(path: &Path, meta: &fs::Metadata) -> Result<()> {
    if meta.permissions().readonly() {
        bail!("{} is read-only; nothing was written", path.display());
    }
    if let Err(e) = fs::OpenOptions::new().write(true).open(path) {
        if e.kind() == std::io::ErrorKind::PermissionDenied {
            bail!(
                "{} is not writable by this user; nothing was written",
                path.display()
            );
        }
    }
    Ok(())
}

/// Gives the new file the replaced file's owner and group where the
/// system allows it (a file shared through a group stays shared after a
/// save); the owner can only be kept by root, the group by its members.
#[cfg(unix)]
fn keep_owner(f: &fs::File, old: &fs::Metadata) {
    use std::os::unix::fs::{fchown, MetadataExt};
    if fchown(f, Some(old.uid()), Some(old.gid())).is_err() {
        let _ = fchown(f, None, Some(old.gid()));
    }
}

#[cfg(not(unix))]
fn keep_owner(_: &fs::File, _: &fs::Metadata) {}

/// Whether `a` and `b` name the same existing file (links and `..` seen
/// through), so that a command can refuse an output that would overwrite
/// one of its inputs; a file that does not exist yet is no input.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Fails early (before hours of work) when `write_atomic` could not write
/// `path`: creates and removes the temporary file it would use, never
/// touching a file that is there.
pub fn check_writable(path: &Path) -> Result<()> {
    let path = &link_target(path);
    if path.is_dir() {
        bail!("{} is a folder", path.display());
    }
    if let Ok(meta) = fs::metadata(path) {
        if !meta.is_file() {
            bail!(
                "{} is not a regular file (a device or a pipe)",
                path.display()
            );
        }
        refuse_unwritable(path, &meta)?;
    }
    let (dir, tmp) = temp_beside(path);
    if !dir.is_dir() {
        bail!("the folder {} does not exist", dir.display());
    }
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    let _ = fs::remove_file(&tmp);
    Ok(())
}

/// The folder of `path` and the temporary file beside it that this
/// process writes before the rename (`.NAME.PID.tmp`, which
/// `remove_stale_temps` knows).
fn temp_beside(path: &Path) -> (PathBuf, PathBuf) {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".to_string());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    (dir, tmp)
}

/// The file a path names once its symbolic links are followed (a link
/// whose target does not exist yet: that target).
fn link_target(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match fs::read_link(&p) {
                Ok(t) if t.is_absolute() => p = t,
                Ok(t) => p = p.parent().map_or(t.clone(), |d| d.join(&t)),
                Err(_) => break,
            },
            _ => break,
        }
    }
    p
}

/// Removes the temporary files of `write_atomic` that a killed process
/// left in `dir` (`.NAME.PID.tmp` whose process is gone); returns how many.
pub fn remove_stale_temps(dir: &Path) -> usize {
    remove_stale(dir, None)
}

/// `remove_stale_temps` for the temporary files of one target `only`
/// (`None`: of any).
fn remove_stale(dir: &Path, only: Option<&str>) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut n = 0;
    for e in entries.filter_map(|e| e.ok()) {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_prefix('.').and_then(|s| s.strip_suffix(".tmp")) else {
            continue;
        };
        let Some((target, pid)) = stem.rsplit_once('.') else {
            continue;
        };
        if only.is_some_and(|o| o != target) {
            continue;
        }
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !alive && e.file_type().is_ok_and(|t| t.is_file()) && fs::remove_file(e.path()).is_ok() {
            n += 1;
        }
    }
    n
}

/// Writes `text` to a new file in `dir` named `name(0)` (`name(1)` and on
/// when taken), never over anything and never through a link: a temporary
/// file made with `create_new`, then hard-linked to the name.
pub fn write_new(
    dir: &Path,
    name: impl Fn(usize) -> String,
    text: impl AsRef<[u8]>,
) -> std::io::Result<PathBuf> {
    let pid = std::process::id();
    let (mut file, tmp) = (0..10_000)
        .find_map(|k| {
            let tmp = dir.join(format!(".tapir-new-{pid}-{k}.tmp"));
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
                .ok()
                .map(|f| (f, tmp))
        })
        .ok_or_else(|| {
            std::io::Error::other(format!("no new file can be made in {}", dir.display()))
        })?;
    let written = file.write_all(text.as_ref()).and_then(|()| file.sync_all());
    drop(file);
    let moved = written.and_then(|()| move_to_free_name(&tmp, name));
    if moved.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    moved
}

/// Moves the regular file `auto` to `name(0)` beside it (`name(1)` and on
/// when taken), never over another file: a hard link, then the old name
/// removed (a rename where the file system has no hard links).
pub fn move_to_free_name(auto: &Path, name: impl Fn(usize) -> String) -> std::io::Result<PathBuf> {
    use std::io;
    if !std::fs::symlink_metadata(auto)?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    for k in 0..10_000 {
        let aside = auto.with_file_name(name(k));
        match std::fs::hard_link(auto, &aside) {
            Ok(()) => {
                std::fs::remove_file(auto)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if !aside.exists() => {
                // No hard links here (some file systems): rename, after the look.
                std::fs::rename(auto, &aside)?;
                return Ok(aside);
            }
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{} and the 9,999 names after it are taken",
        auto.with_file_name(name(0)).display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rescue file is a new file: an earlier one of the same process id
    /// stays, and a link planted at the name is not followed.
    #[cfg(unix)]
    #[test]
    fn a_new_file_never_replaces_one_nor_follows_a_link() {
        let dir = std::env::temp_dir().join(format!("tapir-new-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let pid = std::process::id();
        let rescue_name = |k: usize| match k {
            0 => format!("rescue-{pid}.pgn"),
            k => format!("rescue-{pid}-{k}.pgn"),
        };
        let first = write_new(&dir, rescue_name, "1. e4 *").unwrap();
        assert_eq!(first, dir.join(format!("rescue-{pid}.pgn")));
        let victim = dir.join("victim");
        std::fs::write(&victim, "mine").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join(format!("rescue-{pid}-1.pgn"))).unwrap();
        let second = write_new(&dir, rescue_name, "1. d4 *").unwrap();
        assert_eq!(second, dir.join(format!("rescue-{pid}-2.pgn")));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "1. e4 *");
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "1. d4 *");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
        // With every name taken the error names the first, and nothing moves.
        let err = write_new(&dir, |_| format!("rescue-{pid}.pgn"), "1. c4 *").unwrap_err();
        assert!(
            err.to_string().contains(&format!(
                "rescue-{pid}.pgn and the 9,999 names after it are taken"
            )),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "1. e4 *");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "no temporary file is left");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn writes_go_through_links_and_stale_temps_are_cleaned() {
        let dir = std::env::temp_dir().join(format!("tapir-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("dotfiles")).unwrap();
        let real = dir.join("dotfiles/config.toml");
        fs::write(&real, "old").unwrap();
        let link = dir.join("config.toml");
        std::os::unix::fs::symlink("dotfiles/config.toml", &link).unwrap();
        write_atomic(&link, "new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        // A temp file of a process that is gone goes; ours stays.
        fs::write(dir.join(".autosave.pgn.999999999.tmp"), "x").unwrap();
        let mine = dir.join(format!(".autosave.pgn.{}.tmp", std::process::id()));
        fs::write(&mine, "x").unwrap();
        assert_eq!(remove_stale_temps(&dir), 1);
        assert!(mine.exists());
        // A write clears what a killed write of the same file left, and
        // only that (a net's training killed mid-save, then run again).
        let dead_net = dir.join(".net.nnue.999999999.tmp");
        let dead_other = dir.join(".other.nnue.999999999.tmp");
        fs::write(&dead_net, "x").unwrap();
        fs::write(&dead_other, "x").unwrap();
        write_atomic(&dir.join("net.nnue"), "net").unwrap();
        assert!(!dead_net.exists() && dead_other.exists() && mine.exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_pipe_or_device_is_refused_before_any_work() {
        let err = check_writable(Path::new("/dev/null")).unwrap_err();
        assert!(format!("{err:#}").contains("not a regular file"), "{err:#}");
    }

    #[test]
    fn a_save_keeps_the_files_owner_and_group_where_allowed() {
        use std::os::unix::fs::{chown, MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("tapir-owner-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("shared.pgn");
        fs::write(&file, "old").unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o664)).unwrap();
        // Only root may give a file away; others check the mode alone.
        let given = chown(&file, Some(54_321), Some(54_322)).is_ok();
        write_atomic(&file, "new").unwrap();
        let meta = fs::metadata(&file).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new");
        assert_eq!(meta.permissions().mode() & 0o777, 0o664);
        if given {
            assert_eq!((meta.uid(), meta.gid()), (54_321, 54_322));
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A file that is read-only, or that this user may not write, is not
    /// replaced, though the folder would let the rename through. (Root
    /// may write any file: there only the read-only one is refused; a
    /// user's run checks both, as `setpriv` as nobody did by hand.)
    #[cfg(unix)]
    #[test]
    fn a_file_this_user_may_not_write_is_not_replaced() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("tapir-perm-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let f = dir.join("game.pgn");
        fs::write(&f, "1. e4 *\n").unwrap();
        fs::set_permissions(&f, fs::Permissions::from_mode(0o444)).unwrap();
        let e = write_atomic(&f, "1. d4 *\n").unwrap_err().to_string();
        assert!(e.contains("read-only; nothing was written"), "{e}");
        assert!(check_writable(&f).is_err());
        // Write bits for others only: this user (not root) may not.
        fs::set_permissions(&f, fs::Permissions::from_mode(0o466)).unwrap();
        if fs::OpenOptions::new().write(true).open(&f).is_err() {
            let e = write_atomic(&f, "1. d4 *\n").unwrap_err().to_string();
            assert!(e.contains("not writable by this user"), "{e}");
            assert!(check_writable(&f).is_err());
        }
        assert_eq!(fs::read_to_string(&f).unwrap(), "1. e4 *\n");
        fs::remove_dir_all(&dir).unwrap();
    }
}
