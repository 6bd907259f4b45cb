//! What a command that writes a net checks before it starts: a file named
//! by `--out` that holds something other than a tapir net (a game file, a
//! trainer's float weights) is someone's work, and is written over only
//! when `--force` says so.

use crate::eval::nnue::arch::MAGIC;
use anyhow::{bail, Result};
use std::io::Read;
use std::path::Path;

/// Refuses `out` when it is a regular file that holds something, does not
/// start as a tapir net does, and `force` is not given.
pub fn refuse_replacing_other_than_a_net(out: &Path, force: bool) -> Result<()> {
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
    if !is_net {
        bail!(
            "--out {} already holds {} bytes that are not a tapir net: --force writes over it, or name another file",
            out.display(),
            meta.len()
        );
    }
    Ok(())
}
