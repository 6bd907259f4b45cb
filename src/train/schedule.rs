//! The learning-rate schedule: a short linear warm-up, then cosine decay
//! from the base rate down to `LR_FINAL_FRACTION` of it at the last step.

use super::params::{LR_FINAL_FRACTION, LR_WARMUP_STEPS};

/// Learning rate as a function of the optimiser step (0-based).
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    pub base: f32,
    pub total_steps: u64,
    pub warmup: u64,
}

impl Schedule {
    pub fn new(base: f32, total_steps: u64) -> Schedule {
        Schedule {
            base,
            total_steps: total_steps.max(1),
            warmup: LR_WARMUP_STEPS.min(total_steps / 20),
        }
    }

    pub fn lr(&self, step: u64) -> f32 {
        if step < self.warmup {
            return self.base * (step + 1) as f32 / self.warmup as f32;
        }
        let span = (self.total_steps - self.warmup).max(1) as f32;
        let t = ((step - self.warmup) as f32 / span).min(1.0);
        let cos = 0.5 * (1.0 + (std::f32::consts::PI * t).cos());
        self.base * (LR_FINAL_FRACTION + (1.0 - LR_FINAL_FRACTION) * cos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warms_up_then_decays_to_the_floor() {
        let s = Schedule::new(0.01, 10_000);
        assert_eq!(s.warmup, 100);
        assert!(s.lr(0) < s.lr(50) && s.lr(50) < s.lr(99));
        assert!((s.lr(100) - 0.01).abs() < 1e-6);
        assert!(s.lr(5000) < s.lr(1000));
        assert!((s.lr(10_000) - 0.01 * LR_FINAL_FRACTION).abs() < 1e-6);
        let tiny = Schedule::new(0.01, 3);
        assert_eq!(tiny.warmup, 0);
        assert!((tiny.lr(0) - 0.01).abs() < 1e-6);
    }
}
