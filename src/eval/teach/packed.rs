//! The packed arithmetic made visible: one `S` taken apart into its hex
//! `i32` and two 16-bit halves (with the borrow a negative midgame half
//! takes from the endgame half), and a sum of two values done both as one
//! integer addition and half by half. The side panel and `tapir eval
//! --explain` print these same lines.

use crate::eval::score::S;

/// The parts of one packed value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Halves {
    pub packed: i32,
    /// The upper 16 bits as stored: `eg`, less one when `mg` is negative.
    pub high: u16,
    /// The lower 16 bits: `mg` as a two's-complement `i16`.
    pub low: u16,
    pub mg: i16,
    pub eg: i16,
}

impl Halves {
    pub fn of(s: S) -> Halves {
        let bits = s.packed() as u32;
        Halves {
            packed: s.packed(),
            high: (bits >> 16) as u16,
            low: bits as u16,
            mg: s.mg(),
            eg: s.eg(),
        }
    }

    /// Whether the negative midgame half borrowed one from the upper half.
    pub fn borrows(&self) -> bool {
        self.mg < 0
    }
}

/// "0x0022fff4".
pub fn hex(s: S) -> String {
    format!("{:#010x}", s.packed() as u32)
}

/// Three lines for one value: the packed integer, its low half read as the
/// midgame value, its high half read as the endgame value (with the borrow).
pub fn explain_value(name: &str, s: S) -> Vec<String> {
    let h = Halves::of(s);
    let high_signed = h.high as i16;
    let eg_line = if h.borrows() {
        format!(
            "  high {:#06x} = {high_signed}, +1 borrowed by mg < 0 = {} eg",
            h.high, h.eg
        )
    } else {
        format!("  high {:#06x} = {} eg", h.high, h.eg)
    };
    vec![
        format!("{name} S({}, {}) = {} = {}", h.mg, h.eg, hex(s), h.packed),
        format!(
            "  low  {:#06x} as a signed 16-bit number = {} mg",
            h.low, h.mg
        ),
        eg_line,
    ]
}

/// A sum of two values, packed and half by half: one row per operand and
/// the result, then each half added on its own, which must agree.
pub fn explain_sum(a: (&str, S), b: (&str, S)) -> Vec<String> {
    let sum = a.1 + b.1;
    let w = a.0.chars().count().max(b.0.chars().count()).max(10);
    let row = |sign: &str, name: &str, s: S| {
        format!(
            "{sign} {name:<w$} {}  mg {:>5}  eg {:>5}",
            hex(s),
            s.mg(),
            s.eg()
        )
    };
    let half = |which: &str, x: i16, y: i16, packed: i16| {
        let exact = x as i32 + y as i32;
        let verdict = if exact == packed as i32 {
            "as packed"
        } else {
            "overflow!"
        };
        format!(
            "  {which} half by half: {x} {} = {exact}, {verdict}",
            super::plus(y)
        )
    };
    vec![
        row(" ", a.0, a.1),
        row("+", b.0, b.1),
        row("=", "packed sum", sum),
        half("mg", a.1.mg(), b.1.mg(), sum.mg()),
        half("eg", a.1.eg(), b.1.eg(), sum.eg()),
    ]
}

/// A fixed example with a negative midgame half, for when none is on show.
pub const BORROW_EXAMPLE: S = S::new(-5, 7);

/// Two lines on the borrow, with `BORROW_EXAMPLE`.
pub fn borrow_rule() -> [String; 2] {
    let h = Halves::of(BORROW_EXAMPLE);
    [
        "a negative mg half borrows 1 from the high half:".to_string(),
        format!(
            "  S({}, {}) = {}: high {:#06x} = {}, + 1 = {} eg",
            h.mg,
            h.eg,
            hex(BORROW_EXAMPLE),
            h.high,
            h.high as i16,
            h.eg
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_and_borrow() {
        let h = Halves::of(S::new(-12, 35));
        assert_eq!((h.high, h.low, h.mg, h.eg), (34, 0xfff4, -12, 35));
        assert!(h.borrows());
        let lines = explain_value("Mobility", S::new(-12, 35));
        assert_eq!(lines[0], "Mobility S(-12, 35) = 0x0022fff4 = 2293748");
        assert!(lines[1].contains("0xfff4") && lines[1].ends_with("-12 mg"));
        assert!(lines[2].contains("0x0022 = 34, +1 borrowed") && lines[2].ends_with("35 eg"));
        let plain = explain_value("Tempo", S::new(20, 10));
        assert_eq!(plain[2], "  high 0x000a = 10 eg");
        assert_eq!(
            borrow_rule()[1],
            "  S(-5, 7) = 0x0006fffb: high 0x0006 = 6, + 1 = 7 eg"
        );
    }

    #[test]
    fn sums_agree_both_ways() {
        let lines = explain_sum(
            ("Mobility", S::new(-12, 35)),
            ("King safety", S::new(-30, -13)),
        );
        assert!(lines[2].contains(&hex(S::new(-42, 22))), "{lines:?}");
        assert!(lines[2].contains("mg   -42  eg    22"), "{lines:?}");
        assert_eq!(lines[3], "  mg half by half: -12 - 30 = -42, as packed");
        assert_eq!(lines[4], "  eg half by half: 35 - 13 = 22, as packed");
    }
}
