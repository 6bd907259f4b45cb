//! Time controls as players write them ("3+2": minutes and seconds of
//! increment): reading a custom one, writing one, and naming its kind
//! (bullet to classical) for the play dialog and the clocks.

use super::params::{CLOCK_PRESETS, PLAYER_CLOCKS};
use std::time::Duration;

/// The play dialog's clock choice as the settings file keeps it (`clock =
/// "3+2"`): "none", a preset, or "custom" (the dialog asks its minutes).
/// `choice` indexes `CLOCK_PRESETS`, one past its end for custom.
pub fn preset_name(choice: usize) -> String {
    match CLOCK_PRESETS.get(choice) {
        Some((0, _)) => "none".to_string(),
        Some((m, s)) => format!("{m}+{s}"),
        None => "custom".to_string(),
    }
}

/// PGN's `TimeControl` for a clock: seconds and the increment ("300+3",
/// "30+0.5").
pub fn pgn_time_control(base: Duration, inc: Duration) -> String {
    let secs = |d: Duration| {
        let text = format!("{:.3}", d.as_secs_f64());
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    format!("{}+{}", secs(base), secs(inc))
}

/// The choice the setting `name` is: `preset_name`'s inverse, and a
/// custom control the last game started with ("4+4") is "custom".
pub fn preset_choice(name: &str) -> Option<usize> {
    named_choice(name).or_else(|| last_custom(name).map(|_| CLOCK_PRESETS.len()))
}

/// The custom control the clock setting remembers ("4+4"), when it is
/// one: the custom prompt starts from it.
pub fn last_custom(name: &str) -> Option<&str> {
    let name = name.trim();
    (named_choice(name).is_none() && parse_control(name, PLAYER_CLOCKS).is_ok()).then_some(name)
}

/// The choice whose `preset_name` is `name` ("custom" included).
fn named_choice(name: &str) -> Option<usize> {
    (0..=CLOCK_PRESETS.len()).find(|&i| preset_name(i) == name.trim())
}

/// The clocks a prompt accepts: the least and the most base time, and the
/// most increment. The play dialog and `:match` take different ranges.
#[derive(Copy, Clone, Debug)]
pub struct ClockBounds {
    pub min_base: Duration,
    pub max_base: Duration,
    pub max_increment: Duration,
}

/// Reads a clock as players write it: "5+3", "0.5+0", "90+30" (minutes
/// and seconds of increment, fractions allowed), "30s+0.5" (the base in
/// seconds), or minutes alone for no increment; then checks `bounds`.
pub fn parse_control(text: &str, bounds: ClockBounds) -> Result<(Duration, Duration), String> {
    let text = text.trim();
    let bad = || {
        format!(
            "a clock is minutes+seconds (5+3, 0.5+0) or seconds+seconds (30s+0.5); got '{text}'"
        )
    };
    let number = |t: &str| -> Result<f64, String> {
        match t.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
            _ => Err(bad()),
        }
    };
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let (base, inc) = (base.trim(), inc.trim());
    let base_secs = match base.strip_suffix('s') {
        Some(secs) => number(secs)?,
        None => number(base)? * 60.0,
    };
    let inc_secs = number(inc.strip_suffix('s').unwrap_or(inc))?;
    let (least, most) = (bounds.min_base.as_secs_f64(), bounds.max_base.as_secs_f64());
    if !(least..=most).contains(&base_secs) {
        return Err(format!(
            "the base time is {least} s to {} minutes; got '{base}'",
            most / 60.0
        ));
    }
    if inc_secs > bounds.max_increment.as_secs_f64() {
        return Err(format!(
            "the increment is at most {} seconds; got '{inc}'",
            bounds.max_increment.as_secs_f64()
        ));
    }
    Ok((
        Duration::from_secs_f64(base_secs),
        Duration::from_secs_f64(inc_secs),
    ))
}

/// "3+2", "0.5+0", "1+0.1" (minutes+seconds), as players write a control:
/// a base of quarter minutes, or of a minute or more in hundredths of one;
/// any other in seconds ("3s+0", not "0.05+0"; "100s+0"), as
/// `parse_control` reads it back.
pub fn control_text(base: Duration, inc: Duration) -> String {
    let inc = inc.as_secs_f64();
    let ms = base.as_millis();
    let in_minutes =
        ms.is_multiple_of(15_000) || (ms >= 60_000 && (ms * 100).is_multiple_of(60_000));
    if in_minutes {
        format!("{}+{inc}", base.as_secs_f64() / 60.0)
    } else {
        format!("{}s+{inc}", base.as_secs_f64())
    }
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
    fn presets_by_name() {
        for i in 0..=CLOCK_PRESETS.len() {
            assert_eq!(preset_choice(&preset_name(i)), Some(i));
        }
        assert_eq!(preset_name(0), "none");
        assert_eq!(preset_name(2), "3+2");
        assert_eq!(preset_name(CLOCK_PRESETS.len()), "custom");
        // A custom control is remembered as itself.
        assert_eq!(preset_choice("4+4"), Some(CLOCK_PRESETS.len()));
        assert_eq!(last_custom("4+4"), Some("4+4"));
        assert_eq!(last_custom("3+2"), None);
        assert_eq!(last_custom("custom"), None);
        assert_eq!(preset_choice("4+999"), None);
    }

    #[test]
    fn controls_read_and_written() {
        let s = Duration::from_secs;
        let player = |t| parse_control(t, PLAYER_CLOCKS);
        assert_eq!(player("7+2"), Ok((s(420), s(2))));
        assert_eq!(player(" 0.5 + 0 "), Ok((s(30), s(0))));
        assert_eq!(player("10"), Ok((s(600), s(0))));
        assert_eq!(player("30s+0.5"), Ok((s(30), Duration::from_millis(500))));
        for bad in [
            "", "x", "0+5", "-1+0", "3+-2", "301+0", "5+181", "nan+1", "inf", "1e99",
        ] {
            assert!(player(bad).is_err(), "{bad}");
        }
        assert_eq!(control_text(s(180), s(2)), "3+2");
        assert_eq!(control_text(s(30), s(0)), "0.5+0");
        assert_eq!(control_text(s(60), Duration::from_millis(100)), "1+0.1");
        assert_eq!(control_text(s(100), s(0)), "100s+0");
        assert_eq!(control_text(s(3), s(0)), "3s+0", "not 0.05+0");
        assert_eq!(control_text(s(15), s(1)), "0.25+1");
        assert_eq!(player("3s+0"), Ok((s(3), s(0))));
        assert_eq!(player("100s+0"), Ok((s(100), s(0))));
        assert_eq!(control_kind(s(60), s(0)), "bullet");
        assert_eq!(control_kind(s(180), s(2)), "blitz");
        assert_eq!(control_kind(s(600), s(5)), "rapid");
        assert_eq!(control_kind(s(1800), s(20)), "classical");
    }
}
