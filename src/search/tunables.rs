//! Search parameters that a tuning session changes at run time. SPSA (the
//! tuner of `scripts/spsa.py`, or OpenBench's) plays games between copies of
//! tapir started as `tapir uci --tune`, each told other values with
//! `setoption`. The search reads every tunable through a function of its
//! own name; in a normal run nothing sets them and they keep the defaults
//! written in `params.rs`, the one place their values live.
//!
//! The values are process-wide relaxed atomics: every search thread reads
//! the same numbers, and a load costs what reading a constant from memory
//! costs (`tapir bench` speed is unchanged; see the commit that added this).

use std::fmt;

/// One tunable search parameter: its name (also its UCI option name), the
/// value it has unless told otherwise, the range it may take, and the
/// SPSA perturbation at the end of a run (OpenBench's `c_end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: i32,
}

/// Why a tunable could not be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TunableError {
    NoSuchName(String),
    OutOfRange {
        name: &'static str,
        value: i32,
        min: i32,
        max: i32,
    },
}

impl fmt::Display for TunableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TunableError::NoSuchName(n) => write!(f, "no tunable named '{n}'"),
            TunableError::OutOfRange {
                name,
                value,
                min,
                max,
            } => {
                write!(f, "{name} takes {min}..={max}, not {value}")
            }
        }
    }
}

impl std::error::Error for TunableError {}

/// Declares the tunables: for each, a function of that name returning its
/// current value, an entry in `TUNABLES`, and a slot that `set_tunable`
/// writes. Used once, in `params.rs`.
macro_rules! tunables {
    ($( $(#[$doc:meta])* $name:ident = $default:literal, $min:literal ..= $max:literal, step $step:literal; )*) => {
        /// Each tunable's index into `TUNABLE_VALUES`.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum TunableSlot { $($name),* }

        /// Every tunable, in the order declared.
        pub const TUNABLES: &[$crate::search::tunables::Tunable] = &[
            $( $crate::search::tunables::Tunable {
                name: stringify!($name), default: $default, min: $min, max: $max, step: $step,
            } ),*
        ];

        static TUNABLE_VALUES: [std::sync::atomic::AtomicI32; TUNABLES.len()] =
            [ $( std::sync::atomic::AtomicI32::new($default) ),* ];

        $(
            $(#[$doc])*
            #[inline(always)]
            pub fn $name() -> i32 {
                TUNABLE_VALUES[TunableSlot::$name as usize].load(std::sync::atomic::Ordering::Relaxed)
            }
        )*

        /// Sets the tunable called `name` (any case) for every search in
        /// this process from now on.
        pub fn set_tunable(name: &str, value: i32) -> Result<(), $crate::search::tunables::TunableError> {
            use $crate::search::tunables::TunableError;
            let (i, t) = TUNABLES
                .iter()
                .enumerate()
                .find(|(_, t)| t.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| TunableError::NoSuchName(name.to_string()))?;
            if !(t.min..=t.max).contains(&value) {
                return Err(TunableError::OutOfRange { name: t.name, value, min: t.min, max: t.max });
            }
            TUNABLE_VALUES[i].store(value, std::sync::atomic::Ordering::Relaxed);
            Ok(())
        }

        /// The current value of every tunable, in `TUNABLES` order.
        #[cfg(test)]
        pub fn tunable_values() -> Vec<i32> {
            TUNABLE_VALUES.iter().map(|v| v.load(std::sync::atomic::Ordering::Relaxed)).collect()
        }
    };
}
pub(crate) use tunables;

/// OpenBench's SPSA input: `name, int, default, min, max, c_end, r_end`
/// per tunable (what `tapir tunables` prints and `scripts/spsa.py` reads).
pub fn openbench_lines(list: &[Tunable], r_end: f64) -> Vec<String> {
    list.iter()
        .map(|t| {
            format!(
                "{}, int, {}, {}, {}, {}, {}",
                t.name, t.default, t.min, t.max, t.step, r_end
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::params::{rfp_margin, set_tunable, tunable_values, TUNABLES};

    #[test]
    fn every_default_lies_inside_its_range_with_a_step_that_fits() {
        assert!(!TUNABLES.is_empty());
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(t.step > 0 && t.step <= t.max - t.min, "{t:?}");
        }
        let mut names: Vec<_> = TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len(), "names are unique");
    }

    /// Tests share the process and other tests search, so this one only
    /// ever writes a default back.
    #[test]
    fn set_tunable_checks_the_name_and_the_range() {
        let t = TUNABLES.iter().find(|t| t.name == "rfp_margin").unwrap();
        assert_eq!(rfp_margin(), t.default);
        assert_eq!(
            set_tunable("no_such", 1),
            Err(TunableError::NoSuchName("no_such".into()))
        );
        assert!(matches!(
            set_tunable("rfp_margin", t.max + 1),
            Err(TunableError::OutOfRange { .. })
        ));
        assert_eq!(rfp_margin(), t.default, "a refused value changes nothing");
        assert_eq!(set_tunable("RFP_Margin", t.default), Ok(()));
        let defaults: Vec<i32> = TUNABLES.iter().map(|t| t.default).collect();
        assert_eq!(tunable_values(), defaults);
    }

    #[test]
    fn openbench_lines_have_the_seven_fields() {
        let lines = openbench_lines(TUNABLES, 0.002);
        assert_eq!(lines.len(), TUNABLES.len());
        assert!(lines.iter().any(|l| l.starts_with("rfp_margin, int, ")));
        assert!(lines.iter().all(|l| l.split(", ").count() == 7));
    }
}
