//! Bytes of a PGN file to text. The PGN standard's character set is
//! ISO 8859-1 and many real files are Latin-1 (often Windows-1252); others
//! are UTF-8, some with a byte-order mark, and some a mix (a UTF-8 file
//! with one game pasted in from a Latin-1 one). Every valid UTF-8
//! sequence is read as UTF-8 and every other byte as Windows-1252
//! (Latin-1 plus the printable characters Windows puts in 0x80-0x9F), so
//! reading never fails and the UTF-8 parts of a mixed file are never
//! garbled. Line ends become `\n`. A save writes a game back in
//! Windows-1252 into a file read as Latin-1 when the game fits in it
//! (`encode_latin1`), so the file stays in one encoding, and finds where
//! a game's text lies among the file's bytes (`source_offsets`) so that
//! every other game keeps its bytes.

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
}

/// Windows-1252's characters for 0x80..=0x9F (undefined ones stay the C1
/// control of Latin-1).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The UTF-8 byte-order mark some files open with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The character a byte that is not part of a UTF-8 sequence is read as.
fn windows_1252(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The text of a PGN file and the encoding it was read in.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let mut text = String::with_capacity(bytes.len());
    let (mut utf8_multibyte, mut other) = (false, false);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        utf8_multibyte |= !chunk.valid().is_ascii();
        for &b in chunk.invalid() {
            other = true;
            text.push(windows_1252(b));
        }
    }
    let enc = match (other, utf8_multibyte) {
        (false, _) => Encoding::Utf8,
        (true, false) => Encoding::Latin1,
        (true, true) => Encoding::Mixed,
    };
    (normalize_newlines(text), enc)
}

/// Where the text offsets `at` (ascending, each at a character's start
/// in the text `decode` gives for `bytes`) lie in `bytes`: the walk
/// `decode` makes, past the byte-order mark, with a `\r\n` one `\n` and
/// a byte that is not UTF-8 the character it was read as. An offset past
/// the text is the end.
pub fn source_offsets(bytes: &[u8], at: &[usize]) -> Vec<usize> {
    debug_assert!(at.is_sorted(), "{at:?}");
    let bom = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    // Each piece of the file: its length in the file and in the text.
    let pieces = bytes[bom..].utf8_chunks().flat_map(|chunk| {
        let valid = chunk.valid();
        let chars = valid.char_indices().map(move |(i, c)| {
            let crlf = c == '\r' && valid[i + 1..].starts_with('\n');
            (c.len_utf8(), if crlf { 0 } else { c.len_utf8() })
        });
        let others = chunk
            .invalid()
            .iter()
            .map(|&b| (1, windows_1252(b).len_utf8()));
        chars.chain(others)
    });
    let n = at.len();
    let mut out = vec![bytes.len(); n];
    let (mut file, mut text, mut k) = (bom, 0, 0);
    for (in_file, in_text) in pieces.chain(std::iter::once((0, usize::MAX))) {
        while k < n && at[k] <= text {
            out[k] = file;
            k += 1;
        }
        if k == n {
            break;
        }
        file += in_file;
        text = text.saturating_add(in_text);
    }
    out
}

/// `text` in Windows-1252, as a file read as Latin-1 holds its games, or
/// `None` when a character has no byte there or the bytes would read back
/// as something else (a run that is valid UTF-8, such as "Ã©").
pub fn encode_latin1(text: &str) -> Option<Vec<u8>> {
    let bytes = text
        .chars()
        .map(|c| match c as u32 {
            0..=0x7F | 0xA0..=0xFF => Some(c as u8),
            _ => CP1252_HIGH
                .iter()
                .position(|&h| h == c)
                .map(|i| 0x80 + i as u8),
        })
        .collect::<Option<Vec<u8>>>()?;
    (decode(&bytes).0 == normalize_newlines(text.to_string())).then_some(bytes)
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

    /// Every byte a Latin-1 file holds goes back to itself, and a text
    /// that cannot be written so is refused, not written differently.
    #[test]
    fn latin1_text_goes_back_to_its_bytes() {
        for b in 0x80..=0xFFu8 {
            let bytes = [b'a', b, b'z'];
            let (text, _) = decode(&bytes);
            assert_eq!(
                encode_latin1(&text).as_deref(),
                Some(&bytes[..]),
                "byte {b:#x}"
            );
        }
        assert_eq!(
            encode_latin1("Sjöberg “q”"),
            Some(b"Sj\xF6berg \x93q\x94".to_vec())
        );
        assert_eq!(encode_latin1("Карпов"), None);
        assert_eq!(encode_latin1("Ã©"), None, "its bytes are UTF-8 for é");
    }

    /// A text offset found in the file, through a BOM, CRLFs, UTF-8 and
    /// Latin-1 bytes alike.
    #[test]
    fn offsets_in_the_text_are_found_in_the_file() {
        let bytes = b"\xEF\xBB\xBFa\r\n\xE9b\xC3\xA9c\rd\r\n";
        let (text, _) = decode(bytes);
        assert_eq!(text, "a\n\u{e9}b\u{e9}c\nd\n");
        let at = [0, 1, 2, 4, 5, 7, 8, 9, 10, 11];
        let want = [3, 4, 6, 7, 8, 10, 11, 12, 13, 15];
        assert_eq!(source_offsets(bytes, &at), want);
        assert_eq!(source_offsets(b"ab", &[0, 2, 9]), [0, 2, 2]);
    }
}
