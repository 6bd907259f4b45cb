//! Golden-section search: the one-dimensional minimiser behind both scale
//! fits (the HCE tuner's K and the net trainer's per-file score scale).
//! Both losses are unimodal in the log of their scale, so the search runs
//! there, which spends its steps evenly across orders of magnitude.

/// Steps of the search: the bracket shrinks by 0.618 each, so 60 leave
/// about 3e-13 of the starting log-range, far below any useful precision.
const STEPS: usize = 60;

/// The scale in `range` (both ends positive) minimising `loss`, assumed
/// unimodal in the scale's logarithm.
pub fn minimise_log(range: (f64, f64), loss: impl Fn(f64) -> f64) -> f64 {
    let f = |x: f64| loss(x.exp());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (range.0.ln(), range.1.ln());
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..STEPS {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - g * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_minimum_of_a_unimodal_loss() {
        for want in [0.07, 1.0, 2.5, 159.0, 3000.0] {
            let got = minimise_log((0.05, 4000.0), |x: f64| (x.ln() - f64::ln(want)).powi(2));
            assert!((got / want - 1.0).abs() < 1e-9, "{want} -> {got}");
        }
        // A minimum outside the range ends at the nearer end.
        let got = minimise_log((1.0, 10.0), |x| -x);
        assert!((got - 10.0).abs() < 1e-9, "{got}");
    }
}
