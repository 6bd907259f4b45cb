//! Time controls as players write them ("3+2": minutes and seconds of
//! increment): reading a custom one, writing one, and naming its kind
//! (bullet to classical) for the play dialog and the clocks.

use super::params::{CUSTOM_INCREMENT_MAX, CUSTOM_MINUTES_MAX};
use std::time::Duration;

/// "7+2", "0.5+0", "90+30": minutes (a fraction allowed) and seconds of
/// increment; minutes alone mean no increment.
pub fn parse_control(text: &str) -> Result<(Duration, Duration), String> {
    let text = text.trim();
    let (m, i) = text.split_once('+').unwrap_or((text, "0"));
    let bad = || format!("a clock is minutes+seconds, such as 5+3 or 0.5+0; got '{text}'");
    let mins: f64 = m.trim().parse().map_err(|_| bad())?;
    let inc: u64 = i.trim().parse().map_err(|_| bad())?;
    if !mins.is_finite() || mins <= 0.0 || mins > CUSTOM_MINUTES_MAX as f64 {
        return Err(format!(
            "the minutes must be above 0 and at most {CUSTOM_MINUTES_MAX}; got '{}'",
            m.trim()
        ));
    }
    if inc > CUSTOM_INCREMENT_MAX {
        return Err(format!(
            "the increment is at most {CUSTOM_INCREMENT_MAX} seconds; got {inc}"
        ));
    }
    let base = Duration::from_secs((mins * 60.0).round().max(1.0) as u64);
    Ok((base, Duration::from_secs(inc)))
}

/// "3+2", "0.5+0", "90+30" (minutes+seconds), as players write a control.
pub fn control_text(base: Duration, inc: Duration) -> String {
    let secs = base.as_secs();
    let mins = if secs.is_multiple_of(60) {
        (secs / 60).to_string()
    } else {
        format!("{}", secs as f64 / 60.0)
    };
    format!("{mins}+{}", inc.as_secs())
}

/// Lichess's names for a control, by the expected length of a game
/// (base + 40 increments): bullet under 3 minutes, blitz under 8, rapid
/// under 25, classical beyond.
pub fn control_kind(base: Duration, inc: Duration) -> &'static str {
    let expected = base.as_secs() + 40 * inc.as_secs();
    match expected {
        0..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_and_written() {
        let s = Duration::from_secs;
        assert_eq!(parse_control("7+2"), Ok((s(420), s(2))));
        assert_eq!(parse_control(" 0.5 + 0 "), Ok((s(30), s(0))));
        assert_eq!(parse_control("10"), Ok((s(600), s(0))));
        for bad in [
            "", "x", "0+5", "-1+0", "3+-2", "301+0", "5+181", "nan+1", "inf",
        ] {
            assert!(parse_control(bad).is_err(), "{bad}");
        }
        assert_eq!(control_text(s(180), s(2)), "3+2");
        assert_eq!(control_text(s(30), s(0)), "0.5+0");
        assert_eq!(control_kind(s(60), s(0)), "bullet");
        assert_eq!(control_kind(s(180), s(2)), "blitz");
        assert_eq!(control_kind(s(600), s(5)), "rapid");
        assert_eq!(control_kind(s(1800), s(20)), "classical");
    }
}
