//! A game's PGN tags in the order they were read or set. The export order
//! (the seven-tag roster first, then the rest as they came) is applied when
//! writing, so a loaded file's own order is never lost in memory.

use std::collections::HashMap;

/// The seven tags every exported game carries, in this order, with the
/// value written when a game lacks one.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Name/value pairs, each name at most once. A game's few tags are
/// searched in order; past `INDEXED_FROM` of them an index by name keeps
/// reading linear (a hostile or broken PGN may carry hundreds of
/// thousands), while the picker's millions of small games pay nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pairs: Vec<(String, String)>,
    /// Where each name is in `pairs`, once there are many (boxed: most
    /// games never have it, and a picker lists millions of games).
    #[allow(
        clippy::box_collection,
        reason = "a pointer in each game's tags, not a 48-byte map"
    )]
    at: Option<Box<HashMap<String, usize>>>,
}

/// How many tags a game has before they are indexed by name.
const INDEXED_FROM: usize = 32;

impl Tags {
    pub fn new() -> Tags {
        Tags::default()
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| self.pairs[i].1.as_str())
    }

    fn position(&self, name: &str) -> Option<usize> {
        match &self.at {
            Some(at) => at.get(name).copied(),
            None => self.pairs.iter().position(|(k, _)| k == name),
        }
    }

    /// The value unless it is missing, empty or a PGN placeholder ("?",
    /// "-", "????.??.??"): what is worth showing.
    pub fn known(&self, name: &str) -> Option<&str> {
        self.get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '-' | '.')))
    }

    /// Sets a tag, keeping its place when it exists.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.position(name) {
            Some(i) => self.pairs[i].1 = value.to_string(),
            None => {
                if let Some(at) = &mut self.at {
                    at.insert(name.to_string(), self.pairs.len());
                }
                self.pairs.push((name.to_string(), value.to_string()));
                if self.at.is_none() && self.pairs.len() >= INDEXED_FROM {
                    self.reindex();
                }
            }
        }
    }

    /// Sets a tag only when the game has no real value for it.
    pub fn set_if_unknown(&mut self, name: &str, value: &str) {
        if self.known(name).is_none() {
            self.set(name, value);
        }
    }

    /// Sets a tag only when the game has none of that name (a placeholder
    /// such as "?" read from a file stays).
    pub fn set_if_missing(&mut self, name: &str, value: &str) {
        if self.get(name).is_none() {
            self.set(name, value);
        }
    }

    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.position(name)?;
        let (_, value) = self.pairs.remove(i);
        self.reindex();
        Some(value)
    }

    /// Removes every tag whose name `doomed` picks; how many.
    pub fn remove_named(&mut self, doomed: impl Fn(&str) -> bool) -> usize {
        let before = self.pairs.len();
        self.pairs.retain(|(k, _)| !doomed(k));
        self.reindex();
        before - self.pairs.len()
    }

    fn reindex(&mut self) {
        self.at = (self.pairs.len() >= INDEXED_FROM).then(|| {
            Box::new(
                (self.pairs.iter().enumerate())
                    .map(|(i, (k, _))| (k.clone(), i))
                    .collect(),
            )
        });
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The export order: the roster (with its defaults), then the others.
    pub fn export_order(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = SEVEN_TAG_ROSTER
            .iter()
            .map(|(k, default)| (k.to_string(), self.get(k).unwrap_or(default).to_string()))
            .collect();
        for (k, v) in &self.pairs {
            if !SEVEN_TAG_ROSTER.iter().any(|(r, _)| r == k) {
                out.push((k.clone(), v.clone()));
            }
        }
        out
    }
}

/// The game's result token from its `Result` tag: one of the four the
/// movetext may end with, else `*`.
pub fn result_token(tags: &Tags) -> &str {
    match tags.get("Result").map(str::trim) {
        Some(r @ ("1-0" | "0-1" | "1/2-1/2" | "*")) => r,
        _ => "*",
    }
}

/// Tags a user does not set by name: the start position has its own
/// commands (`:fen`, the board editor), which keep the moves legal.
const SET_ELSEWHERE: [&str; 2] = ["FEN", "SetUp"];

/// Well-known tag names beside the roster's, so that `:tag whiteelo 2100`
/// writes `WhiteElo`.
const KNOWN_NAMES: [&str; 17] = [
    "WhiteElo",
    "BlackElo",
    "WhiteTitle",
    "BlackTitle",
    "WhiteTeam",
    "BlackTeam",
    "ECO",
    "Opening",
    "Variation",
    "TimeControl",
    "Termination",
    "Annotator",
    "EventDate",
    "Time",
    "UTCDate",
    "UTCTime",
    "Board",
];

/// The tag a user's `name` means: one the game has, or a well-known one,
/// spelt as there when only the case differs; else `name` itself when it
/// is a PGN tag name (a letter, then letters, digits and `_`). An error
/// says why not.
pub fn tag_name(tags: &Tags, name: &str) -> Result<String, String> {
    let same = |k: &&str| k.eq_ignore_ascii_case(name);
    let found = (tags.iter().map(|(k, _)| k).find(same))
        .or_else(|| (SEVEN_TAG_ROSTER.iter().map(|(k, _)| *k)).find(same))
        .or_else(|| KNOWN_NAMES.iter().copied().find(same))
        .unwrap_or(name);
    if let Some(k) = SET_ELSEWHERE.iter().find(|k| k.eq_ignore_ascii_case(found)) {
        return Err(format!(
            "the {k} tag is the start position: :fen or the board editor (E) sets it"
        ));
    }
    let mut chars = found.chars();
    let letter_first = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    if !letter_first || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "'{name}' is not a tag name (a letter, then letters, digits and _)"
        ));
    }
    Ok(found.to_string())
}

/// `value` as the tag `name` holds it, or why it cannot: a result is one
/// of the four PGN tokens (½-½ is written 1/2-1/2), a date is YYYY.MM.DD
/// with `?` for what is unknown, a variant the standard rules, a book
/// seed a number, and no value holds a line break.
pub fn tag_value(name: &str, value: &str) -> Result<String, String> {
    let value = value.trim();
    if value.contains(['\n', '\r']) {
        return Err(format!("a {name} holds no line break"));
    }
    match name {
        "Result" => match value {
            "1-0" | "0-1" | "1/2-1/2" | "*" => Ok(value.to_string()),
            "½-½" | "=" | "draw" => Ok("1/2-1/2".to_string()),
            _ => Err(format!(
                "a Result is 1-0, 0-1, 1/2-1/2 or * (unfinished), not '{value}'"
            )),
        },
        // A game of other rules would not open again, in tapir or after
        // a restart from its autosave.
        "Variant" if !is_standard_variant(value) => Err(format!(
            "tapir reads standard chess only, so a game with the Variant '{value}' would not open again (Standard or From Position)"
        )),
        "BookSeed" if value.parse::<u64>().is_err() => Err(format!(
            "a BookSeed is a whole number from 0 to {} (the seed of the book's choices), not '{value}'",
            u64::MAX
        )),
        "Date" | "EventDate" | "UTCDate" if !is_pgn_date(value) => Err(format!(
            "a {name} is YYYY.MM.DD (month 01-12, day 01-31), with ? for what is unknown (2024.05.??), not '{value}'"
        )),
        _ => Ok(value.to_string()),
    }
}

/// Whether a `Variant` tag's value names the standard rules, the only
/// ones tapir reads; Lichess writes "From Position" for a game from a
/// set-up position (its FEN tag says which).
pub fn is_standard_variant(value: &str) -> bool {
    let v = value.trim().to_ascii_lowercase();
    [
        "",
        "standard",
        "chess",
        "classical",
        "normal",
        "from position",
    ]
    .contains(&v.as_str())
}

/// "2024.05.17", "1851.??.??", "????.??.??": PGN's date form.
fn is_pgn_date(value: &str) -> bool {
    let parts: Vec<&str> = value.split('.').collect();
    // A part all digits within `range`, or all `?`.
    let part = |s: &str, len: usize, range: std::ops::RangeInclusive<u32>| {
        s.len() == len
            && (s.chars().all(|c| c == '?')
                || (s.chars().all(|c| c.is_ascii_digit())
                    && s.parse().is_ok_and(|n| range.contains(&n))))
    };
    matches!(parts.as_slice(), [y, m, d]
        if part(y, 4, 0..=9999) && part(m, 2, 1..=12) && part(d, 2, 1..=31))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_users_tag_is_named_as_pgn_spells_it_and_checked() {
        let mut t = Tags::new();
        t.set("MyClub", "x");
        assert_eq!(tag_name(&t, "white").unwrap(), "White");
        assert_eq!(tag_name(&t, "whiteelo").unwrap(), "WhiteElo");
        assert_eq!(tag_name(&t, "MYCLUB").unwrap(), "MyClub");
        assert_eq!(tag_name(&t, "Lichess_Id2").unwrap(), "Lichess_Id2");
        assert!(tag_name(&t, "fen").unwrap_err().contains(":fen"));
        assert!(tag_name(&t, "2nd").unwrap_err().contains("not a tag name"));
        assert!(tag_name(&t, "a-b").is_err());
        assert_eq!(tag_value("Result", "½-½").unwrap(), "1/2-1/2");
        assert!(tag_value("Result", "1:0").unwrap_err().contains("1-0, 0-1"));
        assert_eq!(tag_value("Date", "2024.05.??").unwrap(), "2024.05.??");
        assert!(tag_value("Date", "17 May 2024").is_err());
        assert!(tag_value("Variant", "Crazyhouse")
            .unwrap_err()
            .contains("would not open again"));
        assert!(tag_value("Variant", "chess960").is_err());
        assert_eq!(
            tag_value("Variant", "From Position").unwrap(),
            "From Position"
        );
        assert!(tag_value("BookSeed", "banana")
            .unwrap_err()
            .contains("whole number"));
        assert_eq!(tag_value("BookSeed", "42").unwrap(), "42");
        assert!(tag_value("Date", "2024.5.17").is_err());
        for bad in ["2024.13.45", "2024.00.01", "2024.01.00", "2024.12.32"] {
            assert!(tag_value("Date", bad).is_err(), "{bad}");
        }
        assert_eq!(tag_value("Date", "2024.12.31").unwrap(), "2024.12.31");
        assert_eq!(tag_value("Date", "????.??.??").unwrap(), "????.??.??");
        assert_eq!(
            tag_value("White", " Carlsen, Magnus ").unwrap(),
            "Carlsen, Magnus"
        );
        assert!(tag_value("Event", "a\nb").is_err());
    }

    #[test]
    fn roster_first_then_the_rest_in_order() {
        let mut t = Tags::new();
        t.set("ECO", "B00");
        t.set("White", "A");
        t.set("Annotator", "x");
        t.set("White", "B");
        let order: Vec<String> = t.export_order().into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            order,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "ECO",
                "Annotator"
            ]
        );
        assert_eq!(t.get("White"), Some("B"));
        assert_eq!(t.export_order()[2].1, "????.??.??");
        assert_eq!(t.known("Event"), None);
        t.set("Date", "2024.??.??");
        assert_eq!(t.known("Date"), Some("2024.??.??"));
        t.set("Round", "-");
        assert_eq!(t.known("Round"), None);
        assert_eq!(result_token(&t), "*");
        t.set("Result", "1-0");
        assert_eq!(result_token(&t), "1-0");
        // Removing keeps the others' order and finds them after.
        assert_eq!(t.remove("White"), Some("B".to_string()));
        assert_eq!(t.remove("White"), None);
        assert_eq!(t.get("Annotator"), Some("x"));
        t.set("White", "C");
        let names: Vec<&str> = t.iter().map(|(k, _)| k).collect();
        assert_eq!(
            names,
            ["ECO", "Annotator", "Date", "Round", "Result", "White"]
        );
        assert_eq!(t.remove_named(|k| k.starts_with("Ro")), 1);
        assert_eq!(t.get("Result"), Some("1-0"));
        assert_eq!(t.get("Round"), None);
    }

    #[test]
    fn many_tags_are_found_set_and_removed_through_the_index() {
        let mut t = Tags::new();
        for i in 0..100 {
            t.set(&format!("T{i}"), &i.to_string());
        }
        t.set("T5", "five");
        assert_eq!(
            (t.len(), t.get("T5"), t.get("T99")),
            (100, Some("five"), Some("99"))
        );
        assert_eq!(t.remove("T0"), Some("0".to_string()));
        assert_eq!(t.get("T1"), Some("1"));
        assert_eq!(t.iter().next(), Some(("T1", "1")));
        // Back under the threshold the index goes, and lookups still work.
        assert_eq!(t.remove_named(|k| k.starts_with('T')), 99);
        t.set("White", "A");
        assert_eq!((t.len(), t.get("White"), t.get("T1")), (1, Some("A"), None));
    }
}
