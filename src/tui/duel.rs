//! An engine game on the board (`:match WHITE BLACK [TC]`): two engines,
//! tapir included (at any level, against itself too), play each other
//! from the shown position with clocks. Each player runs on its own
//! engine link; the moves go into the tree as they are played (a move
//! already there is walked into, any other is a new variation, so nothing
//! is replaced), and the result is written in when the game ends.

use super::app::{Clocks, EngineSession};
use super::control::parse_control;
use super::params::ENGINE_CLOCKS;
use crate::engine::EngineSpec;
use crate::game::NodeId;
use std::time::Duration;

/// One side of an engine game.
#[derive(Clone, Debug)]
pub struct Player {
    /// What the board calls it: "tapir L3", a configured engine's name,
    /// a program's `id name` once it has started ("Ethereal 12.00").
    pub name: String,
    /// The engine to start; `None`: tapir's own.
    pub spec: Option<EngineSpec>,
    /// 1..=10; below 10 the engine is asked to play weaker, as in `p`.
    pub level: u8,
    /// Its searches and lines.
    pub session: EngineSession,
    /// Its engine has started (the clocks wait for both).
    pub ready: bool,
    /// The last error its engine reported (said if it then loses).
    pub last_error: Option<String>,
}

/// Two engines playing each other on the board.
#[derive(Clone, Debug)]
pub struct Duel {
    /// White's and Black's engines, by colour index.
    pub players: [Player; 2],
    /// The position the game started from.
    pub start: NodeId,
    /// The game's last position so far (the board may show another).
    pub end: NodeId,
    pub clocks: Clocks,
    /// `k` stopped it: no clock runs, no engine thinks.
    pub paused: bool,
    /// How it ended, once it has ("Checkmate · White wins 1-0").
    pub result: Option<String>,
    /// The PGN TimeControl to write, with the players' names, once both
    /// engines run (an engine's own `id name` is known only then, and a
    /// game whose engine never starts keeps its tags); `None`: the game
    /// had moves, so its tags stay as they are.
    pub names_to_write: Option<String>,
}

impl Duel {
    /// Whether the engines are (or will be, once started) playing.
    pub fn live(&self) -> bool {
        self.result.is_none() && !self.paused
    }

    pub fn both_ready(&self) -> bool {
        self.players.iter().all(|p| p.ready)
    }

    /// "White's name - Black's name", as the board says the game.
    pub fn pairing(&self) -> String {
        format!("{} - {}", self.players[0].name, self.players[1].name)
    }
}

/// Who plays a side, as `:match` names it: `tapir`, `tapir:3` (a level),
/// a configured engine's name or a program, each with an optional
/// `:LEVEL`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerChoice {
    pub name: String,
    pub level: u8,
}

/// What `:match` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchChoice {
    Start {
        white: PlayerChoice,
        black: PlayerChoice,
        base: Duration,
        increment: Duration,
    },
    /// `:match off`: stop the engine game (its moves stay).
    Off,
}

/// The clock when `:match` names none: three minutes and two seconds.
pub const DEFAULT_TC: (Duration, Duration) = (Duration::from_secs(180), Duration::from_secs(2));

/// Reads `:match`'s arguments.
pub fn parse_match(rest: &str) -> Result<MatchChoice, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        ["off"] | ["stop"] => Ok(MatchChoice::Off),
        [w, b] | [w, b, _] => {
            let (base, increment) = match words.get(2) {
                Some(tc) => parse_control(tc, ENGINE_CLOCKS)?,
                None => DEFAULT_TC,
            };
            Ok(MatchChoice::Start {
                white: parse_player(w)?,
                black: parse_player(b)?,
                base,
                increment,
            })
        }
        _ => Err(
            ":match WHITE BLACK [MIN+SEC], e.g. :match tapir:3 tapir 1+0.1 (or :match off)".into(),
        ),
    }
}

/// "tapir", "tapir:3", "sf", "sf:5".
fn parse_player(word: &str) -> Result<PlayerChoice, String> {
    let (name, level) = match word.rsplit_once(':') {
        Some((n, l)) if !n.is_empty() && l.chars().all(|c| c.is_ascii_digit()) => {
            let level: u8 = l.parse().map_err(|_| format!("{word}: a level is 1-10"))?;
            if !(1..=crate::tui::params::LEVEL_MAX).contains(&level) {
                return Err(format!("{word}: a level is 1-10"));
            }
            (n, level)
        }
        _ => (word, crate::tui::params::LEVEL_MAX),
    };
    Ok(PlayerChoice {
        name: name.to_string(),
        level,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_as_a_player_types_them() {
        let s = Duration::from_secs_f64;
        let engine = |t| parse_control(t, ENGINE_CLOCKS);
        assert_eq!(engine("1+0.1"), Ok((s(60.0), s(0.1))));
        assert_eq!(engine("30s+0"), Ok((s(30.0), s(0.0))));
        assert_eq!(engine("5"), Ok((s(300.0), s(0.0))));
        assert_eq!(engine("0.1s+0"), Ok((s(0.1), s(0.0))));
        assert!(engine("0+1").is_err());
        assert!(engine("x+1").is_err());
        assert!(engine("-1+1").is_err());
        assert!(engine("1e99").is_err());
    }

    #[test]
    fn players_may_carry_a_level() {
        let m = parse_match("tapir:3 sf 1+0.1").unwrap();
        let MatchChoice::Start { white, black, .. } = m else {
            panic!("{m:?}")
        };
        assert_eq!((white.name.as_str(), white.level), ("tapir", 3));
        assert_eq!((black.name.as_str(), black.level), ("sf", 10));
        assert!(parse_match("tapir:11 sf").is_err());
        assert!(parse_match("tapir").is_err());
        assert_eq!(parse_match("off"), Ok(MatchChoice::Off));
    }
}
