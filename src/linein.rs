//! Reading text lines from a pipe that may send anything: a line longer
//! than the cap is read to its end and dropped, never kept, so a peer
//! cannot make tapir hold a gigabyte. Used by the UCI front end (a GUI's
//! lines) and the external-engine client (an engine's lines).

use std::io::BufRead;

/// The next line of `r` (with its `\n`), or `Err(length)` when it is longer
/// than `max` bytes (the rest of it read and dropped); `None` at the end.
pub fn read_capped_line(
    r: &mut impl BufRead,
    max: usize,
) -> std::io::Result<Option<Result<Vec<u8>, usize>>> {
    let mut line = Vec::new();
    let mut len = 0usize;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(match len {
                0 => None,
                _ if len > max => Some(Err(len)),
                _ => Some(Ok(line)),
            });
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        len += n;
        if len <= max {
            line.extend_from_slice(chunk);
        } else {
            line = Vec::new();
        }
        r.consume(n);
        if done {
            return Ok(Some(if len > max { Err(len) } else { Ok(line) }));
        }
    }
}
