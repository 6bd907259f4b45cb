//! Adam in f64 over the tuner's few thousand weights, with a mask of the
//! weights that stay fixed. The learning rate is in centipawns: Adam's
//! normalised step moves each weight by about that much at most.

/// Moment decay rates and the denominator guard, as usual for Adam.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPS: f64 = 1e-12;

/// Adam's state: first and second moments per weight and the step count.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
}

impl Adam {
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step at learning rate `lr` from gradient `g`; weights whose
    /// `frozen` flag is set are left alone.
    pub fn step(&mut self, w: &mut [f64], g: &[f64], frozen: &[bool], lr: f64) {
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t);
        let c2 = 1.0 - BETA2.powi(self.t);
        for i in 0..w.len() {
            if frozen[i] {
                continue;
            }
            self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g[i];
            self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g[i] * g[i];
            let (m, v) = (self.m[i] / c1, self.v[i] / c2);
            w[i] -= lr * m / (v.sqrt() + EPS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimises_a_quadratic_and_respects_the_mask() {
        // f(w) = sum (w_i - 3)^2
        let mut w = vec![0.0, 10.0, -4.0];
        let frozen = [false, false, true];
        let mut adam = Adam::new(3);
        for step in 0..3000 {
            let g: Vec<f64> = w.iter().map(|x| 2.0 * (x - 3.0)).collect();
            let lr = if step < 2000 { 0.1 } else { 0.01 };
            adam.step(&mut w, &g, &frozen, lr);
        }
        assert!(
            (w[0] - 3.0).abs() < 0.05 && (w[1] - 3.0).abs() < 0.05,
            "{w:?}"
        );
        assert_eq!(w[2], -4.0);
    }

    #[test]
    fn first_step_is_about_lr() {
        let mut w = vec![1.0, 1.0];
        Adam::new(2).step(&mut w, &[0.5, -1e-6], &[false, false], 2.0);
        assert!(
            (w[0] + 1.0).abs() < 1e-6 && (w[1] - 3.0).abs() < 1e-3,
            "{w:?}"
        );
    }
}
