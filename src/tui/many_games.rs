//! The games of a many-game text (a PGN file, a pasted text) kept as
//! read: the picker lists them, `<` `>` walk them, and a pasted game's
//! document holds them so the walk goes on. Its own module so that the
//! document and the dialogs both depend on it, not on each other.

use std::ops::Range;
use std::path::PathBuf;

/// A many-game file's games for the picker: the text is kept, a game is
/// read in full when it is picked.
#[derive(Clone, Debug)]
pub struct PickerSource {
    /// What messages call it (the file name, or "the pasted text").
    pub name: String,
    pub path: Option<PathBuf>,
    pub text: String,
    /// Where each game's text is.
    pub spans: Vec<Range<usize>>,
    pub labels: Vec<String>,
}

impl PickerSource {
    /// The games whose label holds every word of `filter`, ignoring case
    /// (all of them for an empty filter).
    pub fn matching(&self, filter: &str) -> Vec<usize> {
        let words: Vec<String> = filter.split_whitespace().map(str::to_lowercase).collect();
        (0..self.labels.len())
            .filter(|&i| {
                let label = self.labels[i].to_lowercase();
                words.iter().all(|w| label.contains(w.as_str()))
            })
            .collect()
    }
}

/// Equal when they list the same games (for tests).
impl PartialEq for PickerSource {
    fn eq(&self, other: &Self) -> bool {
        self.labels == other.labels
    }
}
