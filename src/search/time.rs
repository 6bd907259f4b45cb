//! Time management: from the clock fields of `go` to a soft limit (checked
//! between iterations and scaled by how settled the search looks) and a
//! hard limit (checked every 1024 nodes by every thread). The clock is
//! shared out over the moves to come with each move charged its overhead
//! (the Move Overhead, never less than `TM_MIN_OVERHEAD_MS`), so latencies
//! cannot drain it in sudden death; near the flag a move is played at once.

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
        // A clock for the other side only is a clock all the same: the
        // mover's missing time counts as none left (as Stockfish reads it),
        // so a GUI that forgot a field gets a move, not a search that
        // waits for a `stop` it will never send.
        let Some(time) = time.or_else(|| {
            (limits.wtime.is_some() || limits.btime.is_some()).then_some(Duration::ZERO)
        }) else {
            return TimeManager::default();
        };
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let time = ms(time);
        let inc = inc.map_or(0, ms);
        // Every move costs latency the engine cannot see: the Move Overhead,
        // and never less than a few ms even when it is set to 0.
        let oh = ms(overhead).max(TM_MIN_OVERHEAD_MS);
        let mtg = limits
            .movestogo
            .unwrap_or(TM_DEFAULT_MTG)
            .clamp(1, TM_DEFAULT_MTG) as u64;
        if time <= oh.saturating_mul(TM_PANIC_OVERHEADS) {
            // Nearly flagged: move at once, keeping most of what is left.
            let t = Duration::from_millis((time / TM_PANIC_DIV).max(1));
            return TimeManager {
                soft: Some(t),
                hard: Some(t),
                clocked: true,
            };
        }
        // The time for the moves to come, each charged its overhead, so the
        // clock cannot drain through latencies in sudden death.
        let pool = time
            .saturating_add(inc.saturating_mul(mtg - 1))
            .saturating_sub(oh.saturating_mul(mtg + 2))
            .max(1);
        let left = time.saturating_sub(oh).max(1);
        let mut soft = pool / mtg;
        let soft_cap = if mtg == 1 {
            pct(left, TM_HARD_MAX_PCT)
        } else {
            pct(left, TM_SOFT_MAX_PCT)
        };
        // Never go below the floor, not even on the hard limit: near it a
        // move costs about 1 ms and its latency, and with a tiny increment
        // on a busy machine that is all the increment gives back, so a clock
        // that once dipped under the floor would stay there.
        let above_floor = time.saturating_sub(TM_CLOCK_FLOOR_MS + oh);
        soft = soft.min(soft_cap).min(above_floor).max(1);
        let hard = soft
            .saturating_mul(TM_HARD_MUL)
            .min(pct(left, TM_HARD_MAX_PCT))
            .min(above_floor)
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
        let us = soft.as_micros() * u128::from(stab) / 100 * u128::from(drop) / 100
            * u128::from(nodes)
            / 100;
        let t = Duration::from_micros(u64::try_from(us).unwrap_or(u64::MAX));
        Some(match self.hard {
            Some(h) => t.min(h),
            None => t,
        })
    }
}

/// `x * p / 100` without overflow (the product is taken in u128), so that
/// an absurd clock time from a GUI cannot wrap into a tiny budget.
fn pct(x: u64, p: u64) -> u64 {
    u64::try_from(u128::from(x) * u128::from(p) / 100).unwrap_or(u64::MAX)
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
        assert_eq!(
            tm.hard,
            Some(Duration::from_millis(1)),
            "black's missing clock counts as empty: a move at once"
        );
        let no_clock = Limits {
            winc: Some(Duration::from_millis(100)),
            ..Limits::default()
        };
        assert!(TimeManager::new(&no_clock, Color::White, oh).hard.is_none());
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

    #[test]
    fn sudden_death_keeps_time_for_the_moves_to_come() {
        // Simulate a 2+0 game: each move spends one and a half soft budgets
        // (capped by the hard limit) plus a real latency of a few ms; the
        // clock must last 200 moves (the referee's 400 plies) whatever the
        // overhead.
        for overhead in [0u64, 30] {
            let oh = Duration::from_millis(overhead);
            let latency = 3;
            let mut left = 120_000u64;
            for n in 0..200 {
                let tm = TimeManager::new(&clock(left, 0, None), Color::White, oh);
                let think = (tm.soft.unwrap() * 3 / 2).min(tm.hard.unwrap());
                let spend = think.as_millis() as u64 + latency;
                assert!(
                    spend < left,
                    "overhead {overhead}: flagged at move {n} with {left} ms"
                );
                left -= spend;
            }
        }
        // Near the flag: a fraction of what is left, at once.
        let tm = TimeManager::new(&clock(12, 0, None), Color::White, Duration::ZERO);
        assert_eq!(tm.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn bullet_with_a_tiny_increment_survives_stalls_on_a_busy_machine() {
        // 1+0.01 with Move Overhead 0 (the soak's hardest setting): each move
        // spends one and a half soft budgets (capped by the hard limit) and
        // a latency of 2-7 ms, and every 50th move a 150 ms stall (a busy
        // scheduler). 300 moves must pass without a flag, and the clock must
        // have come back near the floor before each stall.
        let mut left = 1_000i64;
        for n in 0..300 {
            let tm = TimeManager::new(&clock(left as u64, 10, None), Color::White, Duration::ZERO);
            let think = (tm.soft.unwrap() * 3 / 2).min(tm.hard.unwrap());
            let latency = 2 + (n % 6) as i64 + if n % 50 == 49 { 150 } else { 0 };
            left -= think.as_millis() as i64 + latency;
            assert!(left > 0, "flagged at move {n}");
            left += 10;
            if n % 50 == 48 {
                assert!(left >= 150, "move {n}: {left} ms before the stall");
            }
        }
    }

    #[test]
    fn absurd_clock_times_give_long_budgets_not_wrapped_ones() {
        let oh = Duration::from_millis(30);
        let day = Duration::from_secs(86_400);
        for (ms, inc, mtg) in [
            (i64::MAX as u64, 0, None),
            (u64::MAX, u64::MAX, None),
            (u64::MAX, 0, Some(1)),
            (1000, u64::MAX, None),
        ] {
            let tm = TimeManager::new(&clock(ms, inc, mtg), Color::White, oh);
            let (soft, hard) = (tm.soft.unwrap(), tm.hard.unwrap());
            assert!(soft <= hard, "{ms} {inc} {mtg:?}");
            if ms > 1000 {
                assert!(soft > day, "{ms} {inc} {mtg:?}: {soft:?}");
            }
            assert!(tm.scaled_soft(0, 200, 0).unwrap() <= hard);
            assert!(tm.scaled_soft(5, 0, 1000).unwrap() > Duration::ZERO);
        }
    }
}
