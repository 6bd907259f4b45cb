//! Bytes of a PGN file to text. The PGN standard's character set is
//! ISO 8859-1 and many real files are Latin-1 (often Windows-1252); others
//! are UTF-8, some with a byte-order mark, and some a mix (a UTF-8 file
//! with one game pasted in from a Latin-1 one). Each line that is valid
//! UTF-8 is read as UTF-8 and every other line byte for byte as
//! Windows-1252 (Latin-1 plus the printable characters Windows puts in
//! 0x80-0x9F), so reading never fails, the UTF-8 parts of a mixed file
//! are not garbled, and two Latin-1 bytes that happen to make a UTF-8
//! sequence ("ß“" is DF 93) are still read as Latin-1 where the line has
//! any other. Line ends become `\n`. A save writes a game back in
//! Windows-1252 into a file read as Latin-1 (`encode_latin1`), so the
//! file stays in one encoding, and finds where a game's text lies among
//! the file's bytes (`source_offsets`) so that every other game keeps
//! its bytes.

/// Which encoding a file was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// No line beyond ASCII was UTF-8: all read as Windows-1252.
    Latin1,
    /// Lines in UTF-8 and lines that are not, read as Windows-1252.
    Mixed,
}

impl Encoding {
    /// What a message says of a file read this way, or `None` for UTF-8.
    pub fn note(self) -> Option<&'static str> {
        match self {
            Encoding::Utf8 => None,
            Encoding::Latin1 => Some("read as Latin-1 (it is not UTF-8)"),
            Encoding::Mixed => Some("its lines that are not UTF-8 were read as Latin-1"),
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

/// A line of a file (its `\n` included) as it is read.
enum Line<'a> {
    Utf8(&'a str),
    Windows1252(&'a [u8]),
}

/// The lines of `bytes`, each read as UTF-8 when it is valid UTF-8.
fn lines(bytes: &[u8]) -> impl Iterator<Item = Line<'_>> {
    bytes
        .split_inclusive(|&b| b == b'\n')
        .map(|line| match std::str::from_utf8(line) {
            Ok(s) => Line::Utf8(s),
            Err(_) => Line::Windows1252(line),
        })
}

/// The characters `bytes` (no BOM) is read as, each with its length in
/// the file, before line ends are made `\n`.
fn pieces(bytes: &[u8]) -> impl Iterator<Item = (usize, char)> + '_ {
    lines(bytes).flat_map(|line| -> Box<dyn Iterator<Item = (usize, char)> + '_> {
        match line {
            Line::Utf8(s) => Box::new(s.chars().map(|c| (c.len_utf8(), c))),
            Line::Windows1252(b) => Box::new(b.iter().map(|&b| (1, windows_1252(b)))),
        }
    })
}

/// The text of a PGN file and the encoding it was read in.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let mut text = String::with_capacity(bytes.len());
    let (mut utf8_multibyte, mut other) = (false, false);
    for line in lines(bytes) {
        match line {
            Line::Utf8(s) => {
                text.push_str(s);
                utf8_multibyte |= !s.is_ascii();
            }
            Line::Windows1252(b) => {
                other = true;
                text.extend(b.iter().map(|&b| windows_1252(b)));
            }
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
/// `decode` makes, past the byte-order mark, with a `\r\n` one `\n`.
/// An offset past the text is the end.
pub fn source_offsets(bytes: &[u8], at: &[usize]) -> Vec<usize> {
    debug_assert!(at.is_sorted(), "{at:?}");
    let bom = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    let mut out = vec![bytes.len(); at.len()];
    let (mut file, mut text, mut k) = (bom, 0, 0);
    let mut walk = pieces(&bytes[bom..]);
    loop {
        while k < at.len() && at[k] <= text {
            out[k] = file;
            k += 1;
        }
        let (Some((in_file, c)), true) = (walk.next(), k < at.len()) else {
            return out;
        };
        // A `\r\n` is one `\n` in the text.
        let crlf = c == '\r' && bytes.get(file + 1) == Some(&b'\n');
        text += if crlf { 0 } else { c.len_utf8() };
        file += in_file;
    }
}

/// `text` in Windows-1252, as a file read as Latin-1 holds its games,
/// with how many of its characters have no byte there and went in as
/// UTF-8 (where a line holds only those, it reads back so); `None` when
/// the bytes would read back as something else (such a character on a
/// line with Latin-1 ones, or a run that is valid UTF-8, "Ã©").
pub fn encode_latin1(text: &str) -> Option<(Vec<u8>, usize)> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut as_utf8 = 0;
    for c in text.chars() {
        match c as u32 {
            0..=0x7F | 0xA0..=0xFF => bytes.push(c as u8),
            _ => match CP1252_HIGH.iter().position(|&h| h == c) {
                Some(i) => bytes.push(0x80 + i as u8),
                None => {
                    as_utf8 += 1;
                    bytes.extend(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
            },
        }
    }
    let same = decode(&bytes).0 == normalize_newlines(text.to_string());
    same.then_some((bytes, as_utf8))
}

/// Whether most of a file's line ends are CRLF: what a game written into
/// it, or a copy of it, ends its lines with.
pub fn crlf_majority(raw: &[u8]) -> bool {
    let lf = raw.iter().filter(|&&b| b == b'\n').count();
    let crlf = raw.windows(2).filter(|w| w == b"\r\n").count();
    crlf > 0 && crlf * 2 >= lf
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
        // Latin-1 bytes that happen to be UTF-8 ("ß“" is DF 93) are read
        // as Latin-1 on a line with other Latin-1.
        let (t, e) = decode(b"{ \x84Spa\xDF\x93 im Gro\xDF\x85 }\r\n");
        assert_eq!((t.as_str(), e), ("{ „Spaß“ im Groß… }\n", Encoding::Latin1));
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
                encode_latin1(&text),
                Some((bytes.to_vec(), 0)),
                "byte {b:#x}"
            );
        }
        assert_eq!(
            encode_latin1("Sjöberg “q”"),
            Some((b"Sj\xF6berg \x93q\x94".to_vec(), 0))
        );
        // A character Latin-1 lacks goes in as UTF-8 on a line of its own
        // kind, where it reads back so.
        assert_eq!(encode_latin1("Карпов"), Some(("Карпов".into(), 6)));
        let two_lines = ["Карпов\n".as_bytes(), b"Sj\xF6berg"].concat();
        assert_eq!(encode_latin1("Карпов\nSjöberg"), Some((two_lines, 6)));
        assert_eq!(encode_latin1("Карпов Sjöberg"), None, "one line, both");
        assert_eq!(encode_latin1("Ã©"), None, "its bytes are UTF-8 for é");
    }

    /// A text offset found in the file, through a BOM, CRLFs, UTF-8 and
    /// Latin-1 bytes alike.
    #[test]
    fn offsets_in_the_text_are_found_in_the_file() {
        let bytes = b"\xEF\xBB\xBFa\r\n\xE9b\n\xC3\xA9c\rd\r\n\x84\xC3\xA9\n";
        let (text, enc) = decode(bytes);
        assert_eq!(text, "a\néb\néc\nd\n„Ã©\n");
        assert_eq!(enc, Encoding::Mixed);
        let at = [0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 12, 15, 17, 19, 20];
        let want = [3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 20];
        assert_eq!(source_offsets(bytes, &at), want);
        assert_eq!(source_offsets(b"ab", &[0, 2, 9]), [0, 2, 2]);
    }
}
