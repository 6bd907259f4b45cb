//! Numeric annotation glyphs (NAGs): the `$n` of PGN, the `!?` after a
//! move, the `±` of a position. A node keeps its NAGs as a sorted set, as
//! the standard's export format writes them; the two groups a player edits
//! (move quality 1-6, position 10-19) hold at most one NAG each.

/// One annotation glyph, by its PGN number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nag(pub u8);

impl Nag {
    pub const GOOD: Nag = Nag(1);
    pub const MISTAKE: Nag = Nag(2);
    pub const BRILLIANT: Nag = Nag(3);
    pub const BLUNDER: Nag = Nag(4);
    pub const SPECULATIVE: Nag = Nag(5);
    pub const DUBIOUS: Nag = Nag(6);
    pub const ONLY_MOVE: Nag = Nag(7);
    pub const NOVELTY: Nag = Nag(146);

    /// The move-quality glyphs a player sets, in the order the board offers them.
    pub const MOVE: [Nag; 7] = [
        Nag::GOOD,
        Nag::MISTAKE,
        Nag::BRILLIANT,
        Nag::BLUNDER,
        Nag::SPECULATIVE,
        Nag::DUBIOUS,
        Nag::ONLY_MOVE,
    ];

    /// The position glyphs a player sets: =, ∞, +=, =+, ±, ∓, +-, -+.
    pub const POSITION: [Nag; 8] = [
        Nag(10),
        Nag(13),
        Nag(14),
        Nag(15),
        Nag(16),
        Nag(17),
        Nag(18),
        Nag(19),
    ];

    /// Whether this NAG says how good the move was (1-9).
    pub fn is_move_quality(self) -> bool {
        (1..=9).contains(&self.0)
    }

    /// Whether this NAG judges the position (10-19).
    pub fn is_position(self) -> bool {
        (10..=19).contains(&self.0)
    }

    /// The glyph the board shows, where the NAG has a common one.
    pub fn glyph(self) -> Option<&'static str> {
        Some(match self.0 {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            7 => "□",
            10..=12 => "=",
            13 => "∞",
            14 => "+=",
            15 => "=+",
            16 => "±",
            17 => "∓",
            18 => "+-",
            19 => "-+",
            22 | 23 => "⨀",
            32 | 33 => "⟳",
            36 | 37 => "→",
            40 | 41 => "↑",
            132 | 133 => "⇆",
            138 | 139 => "⊕",
            140 => "∆",
            146 => "N",
            _ => return None,
        })
    }

    /// How the board writes it: its glyph, else `$n`.
    pub fn display(self) -> String {
        match self.glyph() {
            Some(g) => g.to_string(),
            None => format!("${}", self.0),
        }
    }

    /// A few words for the annotation dialog.
    pub fn name(self) -> &'static str {
        match self.0 {
            1 => "good move",
            2 => "mistake",
            3 => "brilliant move",
            4 => "blunder",
            5 => "interesting move",
            6 => "dubious move",
            7 => "only move",
            10 => "equal position",
            13 => "unclear position",
            14 => "White is slightly better",
            15 => "Black is slightly better",
            16 => "White is better",
            17 => "Black is better",
            18 => "White is winning",
            19 => "Black is winning",
            146 => "novelty",
            _ => "annotation",
        }
    }

    /// The NAG of a move suffix glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn from_suffix(s: &str) -> Option<Nag> {
        Some(match s {
            "!" => Nag::GOOD,
            "?" => Nag::MISTAKE,
            "!!" => Nag::BRILLIANT,
            "??" => Nag::BLUNDER,
            "!?" => Nag::SPECULATIVE,
            "?!" => Nag::DUBIOUS,
            _ => return None,
        })
    }

    /// A glyph or `$n` typed by a player (`:nag ?!`, `:nag $14`, `:nag +=`).
    pub fn parse(s: &str) -> Option<Nag> {
        let s = s.trim();
        if let Some(n) = s.strip_prefix('$') {
            // $0 is PGN's "no annotation": nothing to put on a move.
            return n.parse::<u8>().ok().filter(|&n| n > 0).map(Nag);
        }
        if let Some(n) = Nag::from_suffix(s) {
            return Some(n);
        }
        // Every glyph the board shows reads back ("N", a novelty, is $146).
        (1..=u8::MAX)
            .map(Nag)
            .find(|n| n.glyph() == Some(s))
            .or(match s {
                "+/=" | "⩲" => Some(Nag(14)),
                "=/+" | "⩱" => Some(Nag(15)),
                "+/-" => Some(Nag(16)),
                "-/+" => Some(Nag(17)),
                "+−" => Some(Nag(18)),
                "−+" => Some(Nag(19)),
                _ => None,
            })
    }
}

/// A node's NAGs: sorted, each at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nags(Vec<Nag>);

impl Nags {
    pub fn new() -> Nags {
        Nags(Vec::new())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = Nag> + '_ {
        self.0.iter().copied()
    }

    pub fn contains(&self, n: Nag) -> bool {
        self.0.binary_search(&n).is_ok()
    }

    /// Adds `n` (a set: adding twice keeps one).
    pub fn insert(&mut self, n: Nag) {
        if let Err(i) = self.0.binary_search(&n) {
            self.0.insert(i, n);
        }
    }

    pub fn remove(&mut self, n: Nag) {
        self.0.retain(|&x| x != n);
    }

    /// Sets `n` as the only NAG of its group (move quality or position),
    /// or removes it when it is already set: what the board's annotation
    /// keys do.
    pub fn toggle_exclusive(&mut self, n: Nag) {
        if self.contains(n) {
            self.remove(n);
            return;
        }
        if n.is_move_quality() {
            self.0.retain(|x| !x.is_move_quality());
        } else if n.is_position() {
            self.0.retain(|x| !x.is_position());
        }
        self.insert(n);
    }

    /// The move-quality glyphs, written right after the SAN ("Nf6?!").
    pub fn move_suffix(&self) -> String {
        self.iter()
            .filter(|n| n.is_move_quality())
            .map(|n| n.display())
            .collect()
    }

    /// The other NAGs, each as the board writes it, space-separated.
    pub fn trailing(&self) -> String {
        self.iter()
            .filter(|n| !n.is_move_quality())
            .map(|n| n.display())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl FromIterator<Nag> for Nags {
    fn from_iter<I: IntoIterator<Item = Nag>>(iter: I) -> Nags {
        let mut n = Nags::new();
        for x in iter {
            n.insert(x);
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_sorted_with_one_per_group() {
        let mut n: Nags = [Nag(16), Nag(1), Nag(1)].into_iter().collect();
        assert_eq!(n.iter().map(|x| x.0).collect::<Vec<_>>(), [1, 16]);
        n.toggle_exclusive(Nag::DUBIOUS);
        assert_eq!(n.move_suffix(), "?!");
        n.toggle_exclusive(Nag(18));
        assert_eq!(n.trailing(), "+-");
        n.toggle_exclusive(Nag(18));
        assert_eq!(n.trailing(), "");
        n.insert(Nag(200));
        assert_eq!(n.trailing(), "$200");
    }

    #[test]
    fn parsing_glyphs() {
        assert_eq!(Nag::from_suffix("?!"), Some(Nag(6)));
        assert_eq!(Nag::parse("$14"), Some(Nag(14)));
        assert_eq!(Nag::parse("+="), Some(Nag(14)));
        assert_eq!(Nag::parse("±"), Some(Nag(16)));
        assert_eq!(Nag::parse("$300"), None);
        assert_eq!(Nag::parse("$0"), None);
        assert_eq!(Nag::parse("x"), None);
        for n in Nag::MOVE.into_iter().chain(Nag::POSITION) {
            assert_eq!(Nag::parse(&n.display()), Some(n), "{n:?}");
        }
        // What the move list shows reads back: a novelty, an only move.
        assert_eq!(Nag::parse("N"), Some(Nag(146)));
        assert_eq!(Nag::parse("□"), Some(Nag(7)));
        for n in (1..=u8::MAX).map(Nag) {
            let shown = n.display();
            let read = Nag::parse(&shown).unwrap();
            assert_eq!(read.display(), shown, "{n:?}");
        }
    }
}
