//! Reading text lines from a pipe that may send anything: a line longer
//! than the cap is read to its end and dropped, never kept, so a peer
//! cannot make tapir hold a gigabyte. Used by the UCI front end (a GUI's
//! lines) and the external-engine client (an engine's lines).

use std::io::BufRead;

/// How many bytes of a dropped line are kept: enough for its first word
/// (a UCI front end still answers a `go` or `position` it could not take).
pub const TOO_LONG_HEAD: usize = 32;

/// A line longer than the cap: its length and its first bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLong {
    pub len: usize,
    /// At most `TOO_LONG_HEAD` bytes from its start.
    pub head: Vec<u8>,
}

/// The next line of `r` (with its `\n`), or `Err` when it is longer than
/// `max` bytes (the rest of it read and dropped, its head kept); `None` at
/// the end.
pub fn read_capped_line(
    r: &mut impl BufRead,
    max: usize,
) -> std::io::Result<Option<Result<Vec<u8>, TooLong>>> {
    let mut line = Vec::new();
    let mut len = 0usize;
    let too_long = |line: &mut Vec<u8>, len| {
        line.truncate(TOO_LONG_HEAD);
        TooLong {
            len,
            head: std::mem::take(line),
        }
    };
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(match len {
                0 => None,
                _ if len > max => Some(Err(too_long(&mut line, len))),
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
        } else if line.len() < TOO_LONG_HEAD {
            let room = TOO_LONG_HEAD - line.len();
            line.extend_from_slice(&chunk[..room.min(n)]);
        } else {
            line.truncate(TOO_LONG_HEAD);
        }
        r.consume(n);
        if done {
            return Ok(Some(if len > max {
                Err(too_long(&mut line, len))
            } else {
                Ok(line)
            }));
        }
    }
}
