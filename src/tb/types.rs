//! What a probe answers, in tapir's words: the outcome for the side to move
//! and the distance to the next capture or pawn move, and why a probe
//! could not answer.

use std::fmt;

/// The game-theoretic outcome for the side to move, with the 50-move rule's
/// two twists (Syzygy's five values).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    Loss,
    /// Lost, but the 50-move rule saves it.
    BlessedLoss,
    Draw,
    /// Won, but not within the 50-move rule.
    CursedWin,
    Win,
}

impl Wdl {
    /// -2..=2, as the Syzygy and python-chess conventions write it.
    pub const fn signum2(self) -> i32 {
        match self {
            Wdl::Loss => -2,
            Wdl::BlessedLoss => -1,
            Wdl::Draw => 0,
            Wdl::CursedWin => 1,
            Wdl::Win => 2,
        }
    }

    /// The outcome for the other side.
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The outcome once the 50-move rule is ignored (cursed wins win).
    pub const fn without_rule50(self) -> Wdl {
        match self {
            Wdl::BlessedLoss => Wdl::Loss,
            Wdl::CursedWin => Wdl::Win,
            w => w,
        }
    }

    pub(crate) fn from_syzygy(w: shakmaty_syzygy::Wdl) -> Wdl {
        use shakmaty_syzygy::Wdl as S;
        match w {
            S::Loss => Wdl::Loss,
            S::BlessedLoss => Wdl::BlessedLoss,
            S::Draw => Wdl::Draw,
            S::CursedWin => Wdl::CursedWin,
            S::Win => Wdl::Win,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wdl::Loss => "loss",
            Wdl::BlessedLoss => "blessed loss",
            Wdl::Draw => "draw",
            Wdl::CursedWin => "cursed win",
            Wdl::Win => "win",
        })
    }
}

/// Distance to zeroing in plies, signed for the side to move (positive:
/// winning, 0: drawn), as the DTZ tables and python-chess count it. Tables
/// may round values far from the 50-move limit by one ply; `rounded` says
/// so.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dtz {
    pub plies: i32,
    pub rounded: bool,
}

/// Why a probe or a load failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TbError {
    /// The position has castling rights: no table holds it.
    Castling,
    /// More pieces than the loaded tables have.
    TooManyPieces,
    /// A table the probe needs is not loaded (e.g. `KRvKP.rtbz`).
    MissingTable(String),
    /// A table file could not be read or is corrupt.
    BadTable(String),
    /// The board is one the tables cannot describe (no king, ...).
    BadPosition,
    /// A `SyzygyPath` entry that is not a readable folder.
    BadPath { path: String, why: String },
}

impl fmt::Display for TbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TbError::Castling => {
                f.write_str("positions with castling rights are not in the tables")
            }
            TbError::TooManyPieces => f.write_str("more pieces than the tables hold"),
            TbError::MissingTable(t) => write!(f, "table {t} not found"),
            TbError::BadTable(why) => write!(f, "bad table: {why}"),
            TbError::BadPosition => f.write_str("not a position the tables can hold"),
            TbError::BadPath { path, why } => write!(f, "{path}: {why}"),
        }
    }
}

impl std::error::Error for TbError {}

impl TbError {
    pub(crate) fn from_syzygy(e: shakmaty_syzygy::SyzygyError) -> TbError {
        use shakmaty_syzygy::{ProbeError, SyzygyError as S};
        match e {
            S::Castling => TbError::Castling,
            S::TooManyPieces => TbError::TooManyPieces,
            S::MissingTable { metric, material } => {
                let ext = match metric {
                    shakmaty_syzygy::Metric::Wdl => "rtbw",
                    shakmaty_syzygy::Metric::Dtz => "rtbz",
                };
                TbError::MissingTable(format!("{material}.{ext}"))
            }
            S::ProbeFailed {
                metric,
                material,
                error,
            } => {
                // The crate's own message for corruption carries a backtrace.
                let why = match *error {
                    ProbeError::Read { error } => format!("read error: {error}"),
                    ProbeError::Magic { .. } => "not a Syzygy table (wrong magic bytes)".into(),
                    ProbeError::CorruptedTable { .. } => "corrupt or truncated".into(),
                };
                TbError::BadTable(format!("{material} ({metric}): {why}"))
            }
        }
    }
}
