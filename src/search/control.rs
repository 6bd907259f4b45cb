//! Shared state of one running search: the stop flag every thread polls,
//! the ponder state, the start time and each thread's node count. The
//! engine facade holds it to stop a search or signal `ponderhit`.

use std::sync::atomic::{
    AtomicBool, AtomicU64, Ordering::Acquire, Ordering::Relaxed, Ordering::Release,
};
use std::time::{Duration, Instant};

pub struct Control {
    /// Set by the front end (`stop`) or a limit.
    stop: AtomicBool,
    /// Set when the main thread has finished: helpers end too.
    done: AtomicBool,
    pondering: AtomicBool,
    /// The main thread has completed depth 1: a move exists to play.
    has_move: AtomicBool,
    start: Instant,
    /// Microseconds after `start` at which `ponderhit` came; `u64::MAX` if not.
    ponderhit_us: AtomicU64,
    nodes: Vec<AtomicU64>,
    /// Each thread's tablebase hits.
    tbhits: Vec<AtomicU64>,
}

impl Control {
    pub fn new(threads: usize, pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            done: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            has_move: AtomicBool::new(false),
            start: Instant::now(),
            ponderhit_us: AtomicU64::new(u64::MAX),
            nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
            tbhits: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Whether search threads must return now.
    #[inline(always)]
    pub fn stopped(&self) -> bool {
        self.stop.load(Relaxed) || self.done.load(Relaxed)
    }

    /// Whether `stop` was asked for (not merely the main thread finishing).
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Relaxed)
    }

    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// The main thread has a move (depth 1 is complete).
    pub fn set_has_move(&self) {
        self.has_move.store(true, Relaxed);
    }

    pub fn has_move(&self) -> bool {
        self.has_move.load(Relaxed)
    }

    /// The main thread is done: helpers stop.
    pub fn finish(&self) {
        self.done.store(true, Relaxed);
    }

    /// Acquire pairs with `ponderhit`'s release: whoever sees pondering
    /// over also sees when it ended, so `clock_elapsed` never counts the
    /// pondering time as our own (which would end the search at once).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Acquire)
    }

    /// The opponent played the expected move: the clock starts now. Only
    /// once, and only for a search that ponders: a stray `ponderhit` must
    /// not give a running search its whole time again.
    pub fn ponderhit(&self) {
        if !self.is_pondering() {
            return;
        }
        let us = self.start.elapsed().as_micros() as u64;
        self.ponderhit_us.store(us, Relaxed);
        self.pondering.store(false, Release);
    }

    /// Time since `go`.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time on our own clock: since `go`, or since `ponderhit` when pondering
    /// came first; zero while still pondering.
    pub fn clock_elapsed(&self) -> Duration {
        if self.is_pondering() {
            return Duration::ZERO;
        }
        let hit = self.ponderhit_us.load(Relaxed);
        let total = self.start.elapsed();
        if hit == u64::MAX {
            total
        } else {
            total.saturating_sub(Duration::from_micros(hit))
        }
    }

    pub fn set_nodes(&self, thread: usize, n: u64) {
        if let Some(c) = self.nodes.get(thread) {
            c.store(n, Relaxed);
        }
    }

    pub fn set_tbhits(&self, thread: usize, n: u64) {
        if let Some(c) = self.tbhits.get(thread) {
            c.store(n, Relaxed);
        }
    }

    pub fn total_tbhits(&self) -> u64 {
        self.tbhits.iter().map(|c| c.load(Relaxed)).sum()
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.load(Relaxed)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ponderhit` starts the clock of a pondering search once; for a
    /// search that does not ponder it changes nothing.
    #[test]
    fn ponderhit_counts_only_for_a_pondering_search() {
        let plain = Control::new(1, false);
        std::thread::sleep(Duration::from_millis(20));
        plain.ponderhit();
        assert!(plain.clock_elapsed() >= Duration::from_millis(20));
        let ponder = Control::new(1, true);
        assert_eq!(ponder.clock_elapsed(), Duration::ZERO);
        std::thread::sleep(Duration::from_millis(20));
        ponder.ponderhit();
        std::thread::sleep(Duration::from_millis(20));
        ponder.ponderhit();
        let c = ponder.clock_elapsed();
        assert!(c >= Duration::from_millis(20), "{c:?}");
        assert!(c < ponder.elapsed(), "counted from the first ponderhit");
    }
}
