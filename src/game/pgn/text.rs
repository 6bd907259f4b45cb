//! Bytes of a PGN file to text. The PGN standard's character set is
//! ISO 8859-1 and many real files are Latin-1 (often Windows-1252); others
//! are UTF-8, some with a byte-order mark. A file that is valid UTF-8 is
//! read as UTF-8; any other is read as Windows-1252 (Latin-1 plus the
//! printable characters Windows puts in 0x80-0x9F), which never fails.
//! Line ends become `\n`. tapir always writes UTF-8.

/// Which encoding a file was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Latin1,
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
    let (text, enc) = match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), Encoding::Utf8),
        Err(_) => (
            bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
                    _ => b as char,
                })
                .collect(),
            Encoding::Latin1,
        ),
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
    }
}
