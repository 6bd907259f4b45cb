//! What a command that writes a net checks before it starts: a file named
//! by `--out` that holds something (a net trained before, which a run that
//! diverges would replace after its first epoch; a game file; a trainer's
//! float weights) is someone's work, and is written over only when
//! `--force` says so.

use crate::eval::nnue::arch::MAGIC;
use anyhow::{bail, Result};
use std::io::Read;
use std::path::Path;

/// Refuses `out` when it is a regular file that holds something and
/// `force` is not given, saying whether it is a tapir net.
pub fn refuse_replacing(out: &Path, force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let Ok(meta) = std::fs::metadata(out) else {
        return Ok(());
    };
    if !meta.is_file() || meta.len() == 0 {
        return Ok(());
    }
    let mut head = [0u8; MAGIC.len()];
    let is_net = std::fs::File::open(out)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == MAGIC);
    let what = if is_net {
        "a tapir net"
    } else {
        "bytes that are not a tapir net"
    };
    bail!(
        "--out {} already holds {what} ({} bytes): --force writes over it, or name another file",
        out.display(),
        meta.len()
    );
}
