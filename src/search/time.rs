//! Time management: from the clock fields of `go` to a soft limit (checked
//! between iterations and scaled by how settled the search looks) and a
//! hard limit (checked every few thousand nodes). Both keep the Move
//! Overhead in reserve so the engine never loses on time.

use super::limits::Limits;
use super::params::*;
use crate::chess::Color;
use std::time::Duration;

#[derive(Clone, Debug, Default)]
pub struct TimeManager {
    /// Stop before starting another iteration past this (scaled).
    pub soft: Option<Duration>,
    /// Stop at once past this.
    pub hard: Option<Duration>,
    /// Whether the clock (not a fixed movetime) drives the limits.
    pub clocked: bool,
}

impl TimeManager {
    pub fn new(limits: &Limits, side: Color, overhead: Duration) -> TimeManager {
        if limits.infinite {
            return TimeManager::default();
        }
        if let Some(mt) = limits.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return TimeManager {
                soft: Some(t),
                hard: Some(t),
                clocked: false,
            };
        }
        let (time, inc) = match side {
            Color::White => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        let Some(time) = time else {
            return TimeManager::default();
        };
        let ms = |d: Duration| d.as_millis() as u64;
        let left = ms(time).saturating_sub(ms(overhead)).max(1);
        let inc = inc.map_or(0, ms);
        let mtg = limits
            .movestogo
            .unwrap_or(TM_DEFAULT_MTG)
            .clamp(1, TM_DEFAULT_MTG) as u64;
        let mut soft = left / mtg + inc * TM_INC_PCT / 100;
        let soft_cap = if mtg == 1 {
            left * TM_HARD_MAX_PCT / 100
        } else {
            left * TM_SOFT_MAX_PCT / 100
        };
        soft = soft.min(soft_cap).max(1);
        let hard = (soft * TM_HARD_MUL)
            .min(left * TM_HARD_MAX_PCT / 100)
            .max(soft);
        TimeManager {
            soft: Some(Duration::from_millis(soft)),
            hard: Some(Duration::from_millis(hard)),
            clocked: true,
        }
    }

    /// The soft limit scaled by search state: `stable` iterations with the
    /// same best move, the score drop since the last iteration and the
    /// share (permille) of root nodes spent on the best move.
    pub fn scaled_soft(
        &self,
        stable: usize,
        score_drop: i32,
        best_nodes_pm: u64,
    ) -> Option<Duration> {
        let soft = self.soft?;
        if !self.clocked {
            return Some(soft);
        }
        let stab = TM_STABILITY_PCT[stable.min(TM_STABILITY_PCT.len() - 1)];
        let drop =
            100 + (score_drop.max(0) as u64 * TM_SCORE_DROP_PCT_PER_CP).min(TM_SCORE_DROP_MAX_PCT);
        let nodes =
            TM_NODES_LO_PCT - (TM_NODES_LO_PCT - TM_NODES_HI_PCT) * best_nodes_pm.min(1000) / 1000;
        let us = soft.as_micros() as u64 * stab / 100 * drop / 100 * nodes / 100;
        let t = Duration::from_micros(us);
        Some(match self.hard {
            Some(h) => t.min(h),
            None => t,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            wtime: Some(Duration::from_millis(ms)),
            winc: Some(Duration::from_millis(inc)),
            movestogo: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn limits_stay_inside_the_clock() {
        let oh = Duration::from_millis(30);
        for (ms, inc, mtg) in [
            (10_000, 100, None),
            (100, 100, None),
            (50, 0, None),
            (5, 0, Some(1)),
            (60_000, 0, Some(1)),
            (300_000, 0, Some(40)),
        ] {
            let tm = TimeManager::new(&clock(ms, inc, mtg), Color::White, oh);
            let hard = tm.hard.unwrap();
            let soft = tm.soft.unwrap();
            assert!(soft <= hard, "{ms} {inc} {mtg:?}");
            assert!(
                hard.as_millis() as u64 <= ms.saturating_sub(30).max(1),
                "{ms} {inc}"
            );
            let scaled = tm.scaled_soft(0, 200, 0).unwrap();
            assert!(scaled <= hard);
        }
        let tm = TimeManager::new(&clock(1000, 0, None), Color::Black, oh);
        assert!(tm.hard.is_none(), "black has no clock given");
        let mt = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&mt, Color::White, oh);
        assert_eq!(tm.hard, Some(Duration::from_millis(470)));
        assert!(TimeManager::new(&Limits::infinite(), Color::White, oh)
            .hard
            .is_none());
    }
}
