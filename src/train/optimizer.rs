//! AdamW over flat slices of parameters. The trainer calls it only on the
//! rows a batch touched (a "lazy" Adam: untouched rows keep their moments
//! and weights unchanged), with the step's bias correction folded into one
//! learning-rate factor. Loops are element-wise so the compiler vectorises.

use super::params::{ADAM_BETA1, ADAM_BETA2, ADAM_EPS};

/// One optimiser step's constants.
#[derive(Clone, Copy, Debug)]
pub struct AdamStep {
    /// Learning rate with Adam's bias correction folded in.
    lr_hat: f32,
    /// Multiplier applied to the weights first (decoupled weight decay).
    decay: f32,
}

impl AdamStep {
    /// Constants for step `t` (1-based) at learning rate `lr`.
    pub fn new(lr: f32, weight_decay: f32, t: u64) -> AdamStep {
        let t = t.max(1) as i32;
        let c1 = 1.0 - ADAM_BETA1.powi(t);
        let c2 = 1.0 - ADAM_BETA2.powi(t);
        AdamStep {
            lr_hat: lr * c2.sqrt() / c1,
            decay: 1.0 - lr * weight_decay,
        }
    }

    /// The same step with its learning rate (and so its decay) scaled by
    /// `f`, for parameters that should move more slowly than the rest.
    pub fn scaled(self, f: f32) -> AdamStep {
        AdamStep {
            lr_hat: self.lr_hat * f,
            decay: 1.0 - (1.0 - self.decay) * f,
        }
    }

    /// Updates `w` from gradient `g`, then clips it to `+-bound`. `decay`
    /// says whether weight decay applies (weights yes, biases no).
    #[inline(always)]
    pub fn update(
        &self,
        w: &mut [f32],
        m: &mut [f32],
        v: &mut [f32],
        g: &[f32],
        decay: bool,
        bound: f32,
    ) {
        let d = if decay { self.decay } else { 1.0 };
        for (((w, m), v), &g) in w.iter_mut().zip(m.iter_mut()).zip(v.iter_mut()).zip(g) {
            let mi = ADAM_BETA1 * *m + (1.0 - ADAM_BETA1) * g;
            let vi = ADAM_BETA2 * *v + (1.0 - ADAM_BETA2) * g * g;
            *m = mi;
            *v = vi;
            let wi = *w * d - self.lr_hat * mi / (vi.sqrt() + ADAM_EPS);
            *w = wi.max(-bound).min(bound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_step_moves_by_about_lr_against_the_gradient() {
        let s = AdamStep::new(0.01, 0.0, 1);
        let (mut w, mut m, mut v) = (vec![0.5, -0.5, 0.0], vec![0.0; 3], vec![0.0; 3]);
        s.update(&mut w, &mut m, &mut v, &[2.0, -3.0, 0.0], true, 10.0);
        assert!((w[0] - 0.49).abs() < 1e-5 && (w[1] + 0.49).abs() < 1e-5);
        assert_eq!(w[2], 0.0);
        // Clipping.
        let s = AdamStep::new(1.0, 0.0, 1);
        let mut w = vec![0.9];
        s.update(&mut w, &mut [0.0], &mut [0.0], &[-1.0], false, 1.0);
        assert_eq!(w[0], 1.0);
    }
}
