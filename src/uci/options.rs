//! The options tapir declares to a GUI, and `setoption` name/value pairs
//! turned into typed `EngineOption`s (range checks happen in the engine).

use crate::engine::{
    EngineOption, EvalKind, DEFAULT_ELO, DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS,
    DEFAULT_MULTIPV, DEFAULT_SYZYGY_PROBE_DEPTH, DEFAULT_SYZYGY_PROBE_LIMIT, DEFAULT_THREADS,
    ELO_RANGE, HASH_RANGE, MOVE_OVERHEAD_RANGE, MULTIPV_RANGE, SYZYGY_PROBE_DEPTH_RANGE,
    SYZYGY_PROBE_LIMIT_RANGE, THREADS_RANGE,
};
use crate::eval::nnue::nnue_is_default;
use crate::search::params::TUNABLES;
use std::path::PathBuf;

/// The `option ...` lines sent after `uci`.
pub fn declarations() -> Vec<String> {
    vec![
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {} max {}",
            HASH_RANGE.0, HASH_RANGE.1
        ),
        format!(
            "option name Threads type spin default {DEFAULT_THREADS} min {} max {}",
            THREADS_RANGE.0, THREADS_RANGE.1
        ),
        format!(
            "option name MultiPV type spin default {DEFAULT_MULTIPV} min {} max {}",
            MULTIPV_RANGE.0, MULTIPV_RANGE.1
        ),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min {} max {}",
            MOVE_OVERHEAD_RANGE.0, MOVE_OVERHEAD_RANGE.1
        ),
        "option name Clear Hash type button".into(),
        "option name Ponder type check default false".into(),
        "option name UCI_LimitStrength type check default false".into(),
        "option name UCI_AnalyseMode type check default false".into(),
        format!(
            "option name UCI_Elo type spin default {DEFAULT_ELO} min {} max {}",
            ELO_RANGE.0, ELO_RANGE.1
        ),
        format!(
            "option name EvalType type combo default {} var HCE var NNUE",
            if nnue_is_default() { "NNUE" } else { "HCE" }
        ),
        "option name EvalFile type string default <empty>".into(),
        "option name SyzygyPath type string default <empty>".into(),
        format!(
            "option name SyzygyProbeDepth type spin default {DEFAULT_SYZYGY_PROBE_DEPTH} min {} max {}",
            SYZYGY_PROBE_DEPTH_RANGE.0, SYZYGY_PROBE_DEPTH_RANGE.1
        ),
        "option name Syzygy50MoveRule type check default true".into(),
        format!(
            "option name SyzygyProbeLimit type spin default {DEFAULT_SYZYGY_PROBE_LIMIT} min {} max {}",
            SYZYGY_PROBE_LIMIT_RANGE.0, SYZYGY_PROBE_LIMIT_RANGE.1
        ),
        "option name OwnBook type check default false".into(),
        "option name BookFile type string default <empty>".into(),
    ]
}

/// The search's tunables as spin options (`tapir uci --tune` only).
pub fn tunable_declarations() -> Vec<String> {
    TUNABLES
        .iter()
        .map(|t| {
            format!(
                "option name {} type spin default {} min {} max {}",
                t.name, t.default, t.min, t.max
            )
        })
        .collect()
}

/// Whether `name` is one of the search's tunables (any case).
pub fn is_tunable(name: &str) -> bool {
    TUNABLES.iter().any(|t| t.name.eq_ignore_ascii_case(name))
}

/// Sets a tunable from a `setoption` line.
pub fn set_tunable(name: &str, value: Option<&str>) -> Result<(), String> {
    crate::search::params::set_tunable(name, int(name, value)?).map_err(|e| e.to_string())
}

fn int<T: std::str::FromStr>(name: &str, value: Option<&str>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("option {name} needs a value"))?;
    v.trim()
        .parse()
        .map_err(|_| format!("option {name}: '{v}' is not a valid number"))
}

fn boolean(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option {name} takes true or false")),
    }
}

/// A file option's value (`EvalFile`, `BookFile`): the declared default
/// `<empty>`, an empty value or none at all mean the built-in net or book.
fn file_value(value: Option<&str>) -> Option<PathBuf> {
    let v = value.unwrap_or("").trim();
    (!v.is_empty() && v != "<empty>").then(|| PathBuf::from(v))
}

/// The typed option for a `setoption` line; names are case-insensitive.
pub fn to_engine_option(name: &str, value: Option<&str>) -> Result<EngineOption, String> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "hash" => EngineOption::Hash(int(name, value)?),
        "threads" => EngineOption::Threads(int(name, value)?),
        "multipv" => EngineOption::MultiPv(int(name, value)?),
        "move overhead" => EngineOption::MoveOverhead(int(name, value)?),
        "clear hash" => EngineOption::ClearHash,
        "ponder" => EngineOption::Ponder(boolean(name, value)?),
        "uci_limitstrength" => EngineOption::LimitStrength(boolean(name, value)?),
        "uci_elo" => EngineOption::Elo(int(name, value)?),
        "uci_analysemode" => EngineOption::AnalyseMode(boolean(name, value)?),
        "evaltype" => match value.map(|v| v.trim().to_ascii_uppercase()).as_deref() {
            Some("HCE") => EngineOption::Evaluator(EvalKind::Hce),
            Some("NNUE") => EngineOption::Evaluator(EvalKind::Nnue),
            _ => return Err("option EvalType takes HCE or NNUE".into()),
        },
        // Folders may contain spaces: the value is kept whole.
        "syzygypath" => EngineOption::SyzygyPath(value.unwrap_or("").trim().to_string()),
        "syzygyprobedepth" => EngineOption::SyzygyProbeDepth(int(name, value)?),
        "syzygy50moverule" => EngineOption::Syzygy50MoveRule(boolean(name, value)?),
        "syzygyprobelimit" => EngineOption::SyzygyProbeLimit(int(name, value)?),
        "evalfile" => EngineOption::EvalFile(file_value(value)),
        "ownbook" => EngineOption::OwnBook(boolean(name, value)?),
        "bookfile" => EngineOption::BookFile(file_value(value)),
        _ => return Err(format!("no such option '{name}'")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_values() {
        assert_eq!(
            to_engine_option("hash", Some("64")),
            Ok(EngineOption::Hash(64))
        );
        assert_eq!(
            to_engine_option("Move Overhead", Some("100")),
            Ok(EngineOption::MoveOverhead(100))
        );
        assert_eq!(
            to_engine_option("UCI_LimitStrength", Some("true")),
            Ok(EngineOption::LimitStrength(true))
        );
        assert_eq!(
            to_engine_option("EvalType", Some("nnue")),
            Ok(EngineOption::Evaluator(EvalKind::Nnue))
        );
        assert_eq!(
            to_engine_option("EvalFile", Some("nets/x.nnue")),
            Ok(EngineOption::EvalFile(Some(PathBuf::from("nets/x.nnue"))))
        );
        for default in [Some("<empty>"), Some(""), Some("  "), None] {
            assert_eq!(
                to_engine_option("EvalFile", default),
                Ok(EngineOption::EvalFile(None))
            );
        }
        assert!(to_engine_option("Hash", Some("lots")).is_err());
        assert!(to_engine_option("Hash", Some("-1")).is_err());
        assert!(to_engine_option("Ponder", Some("maybe")).is_err());
        assert!(to_engine_option("Colour", Some("red")).is_err());
        assert_eq!(
            to_engine_option("SyzygyPath", Some("/a b/c:/d")),
            Ok(EngineOption::SyzygyPath("/a b/c:/d".into()))
        );
        assert_eq!(
            to_engine_option("syzygyprobelimit", Some("5")),
            Ok(EngineOption::SyzygyProbeLimit(5))
        );
        assert!(to_engine_option("SyzygyProbeDepth", Some("deep")).is_err());
        assert_eq!(
            to_engine_option("OwnBook", Some("true")),
            Ok(EngineOption::OwnBook(true))
        );
        assert_eq!(
            to_engine_option("BookFile", Some("<empty>")),
            Ok(EngineOption::BookFile(None))
        );
        assert_eq!(declarations().len(), 17);
    }
}
