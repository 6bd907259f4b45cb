//! How a PGN file writes its text: a byte-order mark, CRLF or LF line
//! ends, UTF-8 or Latin-1 (Windows-1252). `tapir annotate` writes its
//! annotated copy the way the input was written, as a board save does, so
//! a Latin-1 file of old games stays Latin-1 for the programs that read
//! it, and says so where it cannot.

use crate::game::pgn::{crlf_majority, encode_latin1, Encoding};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The input's form, found in its bytes and the encoding they read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnForm {
    bom: bool,
    /// Most of its line ends are CRLF.
    crlf: bool,
    enc: Encoding,
}

impl PgnForm {
    pub fn of(raw: &[u8], enc: Encoding) -> PgnForm {
        PgnForm {
            bom: raw.starts_with(BOM),
            crlf: crlf_majority(raw),
            enc,
        }
    }

    /// The form of a part that does not begin the file (`--games 5-`):
    /// no byte-order mark, so that the parts put together are the whole.
    pub fn mid_file(self) -> PgnForm {
        PgnForm { bom: false, ..self }
    }

    /// `text` (with `\n` line ends) as this form's bytes, with a note where
    /// the form could not be kept (the copy then is UTF-8).
    pub fn encode(&self, text: &str) -> (Vec<u8>, Option<String>) {
        let text = if self.crlf {
            text.replace('\n', "\r\n")
        } else {
            text.to_string()
        };
        let utf8 = |text: String| {
            let mut bytes = Vec::with_capacity(text.len() + BOM.len());
            if self.bom {
                bytes.extend_from_slice(BOM);
            }
            bytes.extend(text.into_bytes());
            bytes
        };
        match self.enc {
            Encoding::Utf8 => (utf8(text), None),
            Encoding::Mixed => (
                utf8(text),
                Some(
                    "the input mixes UTF-8 and Latin-1 lines; the annotated games are all in UTF-8"
                        .to_string(),
                ),
            ),
            Encoding::Latin1 => match encode_latin1(&text) {
                Some((bytes, 0)) => (bytes, None),
                Some((bytes, n)) => (
                    bytes,
                    Some(format!(
                        "the input is Latin-1; {n} character{} it lacks went in as UTF-8",
                        if n == 1 { "" } else { "s" }
                    )),
                ),
                None => (
                    utf8(text),
                    Some(
                        "the input is Latin-1 and the annotated games do not go into it as they are; they are in UTF-8"
                            .to_string(),
                    ),
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pgn::decode;

    fn round_trip(raw: &[u8], text: &str) -> (Vec<u8>, Option<String>) {
        let (_, enc) = decode(raw);
        PgnForm::of(raw, enc).encode(text)
    }

    /// Latin-1 in, Latin-1 out; a BOM and CRLF line ends stay.
    #[test]
    fn the_copy_is_written_as_the_input_was() {
        let latin = b"[White \"M\xfcller\"]\r\n\r\n1. e4 *\r\n";
        let (bytes, note) = round_trip(latin, "[White \"Müller\"]\n\n1. e4 { [%eval 0.3] } *\n");
        assert_eq!(
            bytes,
            b"[White \"M\xfcller\"]\r\n\r\n1. e4 { [%eval 0.3] } *\r\n".to_vec()
        );
        assert_eq!(note, None);
        let bom = "\u{feff}[White \"Müller\"]\n\n1. e4 *\n".as_bytes();
        let (bytes, note) = round_trip(bom, "[White \"Müller\"]\n\n1. e4 *\n");
        assert_eq!(bytes, bom);
        assert_eq!(note, None);
        let plain = b"[White \"Tal\"]\n\n1. e4 *\n";
        assert_eq!(round_trip(plain, "x\n"), (b"x\n".to_vec(), None));
    }

    /// What Latin-1 cannot hold goes in as UTF-8, said.
    #[test]
    fn a_character_latin1_lacks_is_said() {
        let latin = b"[White \"M\xfcller\"]\n\n1. e4 *\n";
        let (bytes, note) = round_trip(latin, "[White \"M\u{fc}ller\"]\n{Карпов}\n");
        assert!(note.unwrap().contains("UTF-8"));
        assert!(String::from_utf8_lossy(&bytes).contains("Карпов"));
        let mixed = "[White \"Müller\"]\n\n1. e4 *\n[White \"J\u{fc}rgen\"]\n".as_bytes();
        let mixed = [mixed, b"[Black \"J\xfcrgen\"]\n"].concat();
        let (_, note) = round_trip(&mixed, "x\n");
        assert!(note.unwrap().contains("mixes"));
    }
}
