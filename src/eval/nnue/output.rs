//! From an accumulator to centipawns: clipped ReLU, the output layer (the
//! side to move's half first), the conversion to centipawns and the phase
//! scaling, exactly as net format v1 specifies.

use super::accumulator::Accumulator;
use super::arch::{PHASE_SCALE_ONE, QA, QB, SCALE};
use super::network::Network;
use super::simd::Backend;
use crate::chess::Color;
use crate::eval::phase::MAX_PHASE;

/// The network output in centipawns before phase scaling, from the side to
/// move's point of view: `out * SCALE / (QA * QB)`, truncated toward zero.
#[inline]
pub fn raw_cp(backend: Backend, net: &Network, acc: &Accumulator, stm: Color) -> i32 {
    let out = backend
        .output(acc.row(stm), acc.row(!stm), net.output_weights())
        .wrapping_add(net.output_bias());
    (i64::from(out) * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

/// The phase scale numerator `mg_scale_q * phase + eg_scale_q * (24 - phase)`:
/// divide by `24 * 1024` for the factor (1.0 = 24 * 1024).
#[inline]
pub fn scale_numerator(net: &Network, game_phase: i32) -> i64 {
    let gp = i64::from(game_phase.clamp(0, MAX_PHASE));
    i64::from(net.mg_scale_q()) * gp + i64::from(net.eg_scale_q()) * (i64::from(MAX_PHASE) - gp)
}

/// The scale factor as a number (1.0 = unscaled), for display.
pub fn scale_factor(net: &Network, game_phase: i32) -> f32 {
    scale_numerator(net, game_phase) as f32 / (MAX_PHASE * PHASE_SCALE_ONE) as f32
}

/// `raw_cp` scaled by game phase (0..=24, `eval::phase::game_phase`).
#[inline]
pub fn scale(net: &Network, raw_cp: i32, game_phase: i32) -> i32 {
    let v = i64::from(raw_cp) * scale_numerator(net, game_phase)
        / i64::from(MAX_PHASE * PHASE_SCALE_ONE);
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// The final evaluation in centipawns from the side to move's point of view,
/// with the kernels detected for this CPU.
#[inline]
pub fn evaluate(net: &Network, acc: &Accumulator, stm: Color, game_phase: i32) -> i32 {
    evaluate_with(Backend::detect(), net, acc, stm, game_phase)
}

/// `evaluate` with the kernels of `backend`.
#[inline]
pub fn evaluate_with(
    backend: Backend,
    net: &Network,
    acc: &Accumulator,
    stm: Color,
    game_phase: i32,
) -> i32 {
    scale(net, raw_cp(backend, net, acc, stm), game_phase)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::row::Row;

    #[test]
    fn output_arithmetic_follows_the_spec() {
        let mut net = Network::random(3);
        net.output_weights = [Row::ZERO; 2];
        net.output_weights[0].0[0] = 512; // 1.0
        net.output_weights[1].0[1] = -256; // -0.5
        net.output_bias = 8000;
        net.mg_scale_q = 1024;
        net.eg_scale_q = 512;
        let mut acc = Accumulator::default();
        acc.rows[0].0[0] = 200; // White, unit 0
        acc.rows[0].0[1] = 999; // clipped to 255 when White is the other side
        acc.rows[1].0[0] = -7; // clipped to 0
        acc.rows[1].0[1] = 100;
        let b = Backend::scalar();
        // White to move: 200 * 512 + 100 * -256 + 8000 = 84800 -> 84800 * 400 / 130560 = 259.8
        assert_eq!(raw_cp(b, &net, &acc, Color::White), 259);
        // Black to move: 0 * 512 + 255 * -256 + 8000 = -57280 -> -175.49 -> -175 (toward zero)
        assert_eq!(raw_cp(b, &net, &acc, Color::Black), -175);
        assert_eq!(evaluate_with(b, &net, &acc, Color::White, 24), 259);
        // Bare kings: half of 259 = 129.5 -> 129.
        assert_eq!(evaluate_with(b, &net, &acc, Color::White, 0), 129);
        // Phase 12: scale 0.75 -> 194.25 -> 194; negative truncates toward zero.
        assert_eq!(evaluate_with(b, &net, &acc, Color::White, 12), 194);
        assert_eq!(evaluate_with(b, &net, &acc, Color::Black, 12), -131);
        assert!((scale_factor(&net, 12) - 0.75).abs() < 1e-6);
    }
}
