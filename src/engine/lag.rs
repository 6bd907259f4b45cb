//! The latency the engine cannot see, measured from the clock the GUI
//! sends. Between two of the engine's moves in a game, its clock should
//! drop by exactly its own thinking time less the increment; whatever more
//! the GUI charged is lag (pipes, the GUI, a busy machine's scheduler).
//! The largest recent lag, with a margin, is charged to every move as the
//! overhead when it exceeds the Move Overhead setting, so a machine that
//! turns busy mid-game makes the engine move sooner instead of flagging.

use crate::chess::Color;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Lags remembered (the largest counts).
const KEPT: usize = 16;
/// The margin on the largest lag, in percent.
const MARGIN_PCT: u64 = 150;
/// A lag above this share of the clock is no lag but another game or a
/// GUI that set the clock by hand; it is ignored (percent).
const PLAUSIBLE_PCT: u64 = 50;

/// A timed search, waiting for the next one of the same side to show
/// what the GUI charged for it.
#[derive(Clone, Debug)]
struct Timed {
    side: Color,
    ply: usize,
    clock: Duration,
    inc: Duration,
    started: Instant,
    /// When its `bestmove` went out (set when the search ends).
    ended: Option<Instant>,
}

#[derive(Default, Debug)]
pub struct LagTracker {
    last: Option<Timed>,
    lags: VecDeque<u64>,
}

impl LagTracker {
    /// Called at each `go` with the clock it carries (`None`: no clock, a
    /// fixed or infinite search, or pondering): returns the overhead to
    /// charge per move from what the lags so far show.
    pub fn on_go(
        &mut self,
        side: Color,
        ply: usize,
        clock: Option<(Duration, Duration)>,
        now: Instant,
    ) -> Duration {
        let prev = self.last.take();
        if let (Some(p), Some((time, _))) = (&prev, clock) {
            if let Some(ended) = p.ended {
                if p.side == side && ply == p.ply + 2 {
                    self.observe(p, time, ended);
                }
            }
        }
        self.last = clock.map(|(time, inc)| Timed {
            side,
            ply,
            clock: time,
            inc,
            started: now,
            ended: None,
        });
        self.estimate()
    }

    /// The search started by the last `go` has answered.
    pub fn on_bestmove(&mut self, at: Instant) {
        if let Some(t) = &mut self.last {
            if t.ended.is_none() {
                t.ended = Some(at);
            }
        }
    }

    /// A new game: the pairing of searches starts again (what was learnt
    /// of the machine's lag is kept).
    pub fn new_game(&mut self) {
        self.last = None;
    }

    fn observe(&mut self, p: &Timed, now_clock: Duration, ended: Instant) {
        let ms = |d: Duration| d.as_millis().min(u64::MAX as u128) as i128;
        let thought = ms(ended.saturating_duration_since(p.started));
        let charged = ms(p.clock) + ms(p.inc) - ms(now_clock);
        let lag = charged - thought;
        // In i128: a clock of up to u64::MAX ms times the percentage fits.
        if lag < 0 || lag > ms(p.clock) * i128::from(PLAUSIBLE_PCT) / 100 {
            return;
        }
        if self.lags.len() == KEPT {
            self.lags.pop_front();
        }
        self.lags.push_back(lag as u64);
    }

    /// The overhead the lags call for: the largest recent one with a margin.
    pub fn estimate(&self) -> Duration {
        let max = self.lags.iter().copied().max().unwrap_or(0);
        Duration::from_millis(max.saturating_mul(MARGIN_PCT) / 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn lag_is_what_the_clock_lost_beyond_the_thinking_time() {
        let mut t = LagTracker::default();
        let t0 = Instant::now();
        // Move at ply 10: 5 s on the clock, 100 ms increment, 200 ms of thought.
        assert_eq!(
            t.on_go(Color::White, 10, Some((ms(5000), ms(100))), t0),
            ms(0)
        );
        t.on_bestmove(t0 + ms(200));
        // The GUI charged 240 ms: 40 ms of lag.
        let now = t0 + ms(1000);
        let oh = t.on_go(Color::White, 12, Some((ms(5000 + 100 - 240), ms(100))), now);
        assert_eq!(oh, ms(60), "40 ms with the margin");
        t.on_bestmove(now + ms(100));
        // A clock that dropped less than the thinking time: no lag, the
        // estimate stays.
        let later = now + ms(1000);
        let oh = t.on_go(Color::White, 14, Some((ms(4860), ms(100))), later);
        assert_eq!(oh, ms(60));
    }

    #[test]
    fn only_consecutive_moves_of_one_side_with_clocks_pair_up() {
        let mut t = LagTracker::default();
        let t0 = Instant::now();
        t.on_go(Color::White, 10, Some((ms(5000), ms(0))), t0);
        t.on_bestmove(t0 + ms(100));
        // Black's move, another game's ply, no clock, a far jump: ignored.
        assert_eq!(
            t.on_go(Color::Black, 11, Some((ms(1000), ms(0))), t0),
            ms(0)
        );
        t.on_bestmove(t0 + ms(100));
        assert_eq!(t.on_go(Color::Black, 40, Some((ms(10), ms(0))), t0), ms(0));
        t.on_bestmove(t0 + ms(100));
        assert_eq!(t.on_go(Color::Black, 42, None, t0), ms(0));
        // A clock reset by hand (more than half the clock "lost").
        t.on_go(Color::White, 10, Some((ms(5000), ms(0))), t0);
        t.on_bestmove(t0 + ms(100));
        assert_eq!(
            t.on_go(Color::White, 12, Some((ms(1000), ms(0))), t0),
            ms(0)
        );
    }

    #[test]
    fn clocks_near_the_top_of_the_range_do_not_wrap() {
        let mut t = LagTracker::default();
        let t0 = Instant::now();
        let huge = u64::MAX / 4;
        t.on_go(Color::White, 10, Some((ms(huge), ms(0))), t0);
        t.on_bestmove(t0 + ms(100));
        // 10 s charged against 100 ms of thought: a lag, and a plausible one
        // on a clock this large (it once overflowed the plausibility test).
        let oh = t.on_go(Color::White, 12, Some((ms(huge - 10_000), ms(0))), t0);
        assert_eq!(oh, ms(9_900 * MARGIN_PCT / 100));
    }
}
