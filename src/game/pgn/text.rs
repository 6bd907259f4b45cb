//! Bytes of a PGN file to text. The PGN standard's character set is
//! ISO 8859-1 and many real files are Latin-1 (often Windows-1252); others
//! are UTF-8, some with a byte-order mark, and some a mix (a UTF-8 file
//! with one game pasted in from a Latin-1 one). Every valid UTF-8
//! sequence is read as UTF-8 and every other byte as Windows-1252
//! (Latin-1 plus the printable characters Windows puts in 0x80-0x9F), so
//! reading never fails and the UTF-8 parts of a mixed file are never
//! garbled. Line ends become `\n`. tapir always writes UTF-8.

/// Which encoding a file was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// No byte was part of a UTF-8 sequence: all read as Windows-1252.
    Latin1,
    /// UTF-8 with some bytes that are not, read as Windows-1252.
    Mixed,
}

impl Encoding {
    /// What a message says of a file read this way, or `None` for UTF-8.
    pub fn note(self) -> Option<&'static str> {
        match self {
            Encoding::Utf8 => None,
            Encoding::Latin1 => Some("read as Latin-1 (it is not UTF-8)"),
            Encoding::Mixed => Some("its bytes that are not UTF-8 were read as Latin-1"),
        }
    }

    /// What a save says of a file it rewrote in UTF-8, or `None` for UTF-8.
    pub fn saved_note(self) -> Option<&'static str> {
        match self {
            Encoding::Utf8 => None,
            Encoding::Latin1 => Some("the file was Latin-1 and is UTF-8 now"),
            Encoding::Mixed => {
                Some("the file's bytes that were not UTF-8 were read as Latin-1 and are UTF-8 now")
            }
        }
    }
}

/// Windows-1252's characters for 0x80..=0x9F (undefined ones stay the C1
/// control of Latin-1).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The text of a PGN file and the encoding it was read in.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut text = String::with_capacity(bytes.len());
    let (mut utf8_multibyte, mut other) = (false, false);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        utf8_multibyte |= !chunk.valid().is_ascii();
        for &b in chunk.invalid() {
            other = true;
            text.push(match b {
                0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
                _ => b as char,
            });
        }
    }
    let enc = match (other, utf8_multibyte) {
        (false, _) => Encoding::Utf8,
        (true, false) => Encoding::Latin1,
        (true, true) => Encoding::Mixed,
    };
    (normalize_newlines(text), enc)
}

/// `\r\n` and a lone `\r` become `\n` (files from every system, and
/// pasted text: terminals send a paste's line breaks as `\r`).
pub fn normalize_newlines(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_bom_latin1_and_line_ends() {
        assert_eq!(
            decode(b"\xEF\xBB\xBF[Event \"x\"]\r\n"),
            ("[Event \"x\"]\n".to_string(), Encoding::Utf8)
        );
        let (t, e) = decode(b"[White \"Sj\xF6berg\"] \x93q\x94\r");
        assert_eq!(e, Encoding::Latin1);
        assert_eq!(t, "[White \"Sjöberg\"] “q”\n");
        assert_eq!(decode("Réti".as_bytes()).0, "Réti");
        assert_eq!(decode(&[0x81]).0, "\u{81}");
        // A UTF-8 file with one Latin-1 game keeps its UTF-8 as it was.
        let (t, e) = decode(b"[White \"R\xC3\xA9ti\"]\n[Black \"Sj\xF6berg\"]\n");
        assert_eq!(e, Encoding::Mixed);
        assert_eq!(t, "[White \"Réti\"]\n[Black \"Sjöberg\"]\n");
        assert_eq!(Encoding::Utf8.note(), None);
    }
}
