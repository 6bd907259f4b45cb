//! A game's PGN tags in the order they were read or set. The export order
//! (the seven-tag roster first, then the rest as they came) is applied when
//! writing, so a loaded file's own order is never lost in memory.

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

/// Name/value pairs, each name at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    pub fn new() -> Tags {
        Tags(Vec::new())
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
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
        match self.0.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.0.push((name.to_string(), value.to_string())),
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
        let i = self.0.iter().position(|(k, _)| k == name)?;
        Some(self.0.remove(i).1)
    }

    /// Removes every tag whose name starts with `prefix`; how many.
    pub fn remove_prefixed(&mut self, prefix: &str) -> usize {
        let before = self.0.len();
        self.0.retain(|(k, _)| !k.starts_with(prefix));
        before - self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The export order: the roster (with its defaults), then the others.
    pub fn export_order(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = SEVEN_TAG_ROSTER
            .iter()
            .map(|(k, default)| (k.to_string(), self.get(k).unwrap_or(default).to_string()))
            .collect();
        for (k, v) in &self.0 {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
