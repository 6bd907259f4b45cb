//! Wider vectors for the trainer's hot loops without a separate build: the
//! loops are plain element-wise Rust that the compiler vectorises; the
//! `multiversion!` macro compiles one such function a second and third
//! time with AVX2 or AVX-512 enabled and picks the widest the CPU has at
//! run time. The baseline (SSE2) version is the scalar twin: all versions
//! perform the same IEEE operations in the same order (no fused
//! multiply-add, explicit partial sums), so they give bit-identical
//! results, which `tests/train_determinism.rs` checks.

/// Which compiled version of the hot loops to run. Only `detect` and
/// `available` make one, so holding an `Isa` proves the CPU supports it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Isa(Level);

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Level {
    Baseline,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx2,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx512,
}

impl Isa {
    /// The version every x86-64 (or other) CPU runs.
    pub fn baseline() -> Isa {
        Isa(Level::Baseline)
    }

    /// The widest version this CPU supports.
    pub fn detect() -> Isa {
        *Isa::available()
            .last()
            .expect("baseline is always available")
    }

    /// Every version this CPU supports, narrowest first.
    pub fn available() -> Vec<Isa> {
        #[allow(unused_mut)]
        let mut v = vec![Isa(Level::Baseline)];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                v.push(Isa(Level::Avx2));
                if std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vl")
                {
                    v.push(Isa(Level::Avx512));
                }
            }
        }
        v
    }

    pub fn name(self) -> &'static str {
        match self.0 {
            Level::Baseline => "baseline",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }

    pub(crate) fn level(self) -> Level {
        self.0
    }
}

/// `multiversion!(fn name(a: A, ...) -> R = body);` defines
/// `name(isa: Isa, a: A, ...) -> R` that runs `body(a, ...)` compiled for
/// `isa`. `body` must be `#[inline(always)]` (and so must what it calls in
/// its hot loops) so that it is compiled inside each feature-enabled copy.
macro_rules! multiversion {
    ($vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty = $body:path;) => {
        #[allow(unsafe_code, reason = "calls the copy compiled for the CPU features `isa` proves")]
        $vis fn $name(isa: $crate::train::simd::Isa, $($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                fn avx2($($arg: $ty),*) -> $ret {
                    $body($($arg),*)
                }
                #[target_feature(enable = "avx2,avx512f,avx512bw,avx512vl")]
                fn avx512($($arg: $ty),*) -> $ret {
                    $body($($arg),*)
                }
                match isa.level() {
                    // SAFETY: an `Isa` of this level exists only when
                    // `Isa::available` found these features on this CPU.
                    $crate::train::simd::Level::Avx2 => return unsafe { avx2($($arg),*) },
                    // SAFETY: as above, AVX-512 F/BW/VL were detected.
                    $crate::train::simd::Level::Avx512 => return unsafe { avx512($($arg),*) },
                    $crate::train::simd::Level::Baseline => {}
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = isa;
            $body($($arg),*)
        }
    };
}
pub(crate) use multiversion;

#[cfg(test)]
mod tests {
    use super::*;

    #[inline(always)]
    fn dot(a: &[f32], b: &[f32]) -> f32 {
        let mut lanes = [0.0f32; 16];
        for (x, y) in a.chunks_exact(16).zip(b.chunks_exact(16)) {
            for i in 0..16 {
                lanes[i] += x[i] * y[i];
            }
        }
        lanes.iter().sum()
    }

    multiversion!(fn dot_isa(a: &[f32], b: &[f32]) -> f32 = dot;);

    #[test]
    fn every_available_version_matches_the_baseline_bit_for_bit() {
        let a: Vec<f32> = (0..4096).map(|i| (i as f32 * 0.37).sin()).collect();
        let b: Vec<f32> = (0..4096).map(|i| (i as f32 * 0.11).cos()).collect();
        let base = dot_isa(Isa::baseline(), &a, &b);
        for isa in Isa::available() {
            assert_eq!(
                dot_isa(isa, &a, &b).to_bits(),
                base.to_bits(),
                "{}",
                isa.name()
            );
        }
        assert_eq!(Isa::detect(), *Isa::available().last().unwrap());
        let tested: Vec<&str> = Isa::available().iter().map(|i| i.name()).collect();
        for isa in ["avx2", "avx512"] {
            if !tested.contains(&isa) {
                crate::test_support::say_skipped(
                    "every_available_version_matches_the_baseline_bit_for_bit",
                    &format!("this CPU has no {isa}, so its copy was not compared"),
                );
            }
        }
    }
}
