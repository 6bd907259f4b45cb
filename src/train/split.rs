//! The training/validation split shared by the net trainer and the HCE
//! tuner. Positions of one game are near-duplicates that share a result, so
//! a split by single positions lets a model score well on validation by
//! recognising games it trained on. The split therefore holds out whole
//! blocks of consecutive records (data files keep each game together).

use super::rng::Rng;

/// Consecutive records that go to the same side of the split: about a
/// dozen games' worth on big data, smaller on small data so that both sides
/// get some blocks.
pub fn block_size(n: usize) -> usize {
    (n / 256).clamp(1, 1024)
}

/// (training, validation) indices of `0..n`, in data order: each block is
/// held out with probability `val_fraction`, seeded. At least one block is
/// always left for training.
pub fn blocked_split(n: usize, val_fraction: f64, seed: u64) -> (Vec<usize>, Vec<usize>) {
    let (mut train, mut val) = (Vec::with_capacity(n), Vec::new());
    let size = block_size(n);
    for block in 0..n.div_ceil(size) {
        let held = (Rng::derive(seed, block as u64).unit_f32() as f64) < val_fraction;
        let range = block * size..((block + 1) * size).min(n);
        if held { &mut val } else { &mut train }.extend(range);
    }
    if train.is_empty() {
        std::mem::swap(&mut train, &mut val);
    }
    (train, val)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_is_seeded_blocked_and_complete() {
        let (t, v) = blocked_split(10_000, 0.2, 5);
        assert_eq!(t.len() + v.len(), 10_000);
        assert!(v.len() > 1000 && v.len() < 3000, "{}", v.len());
        assert_eq!(blocked_split(10_000, 0.2, 5), (t.clone(), v.clone()));
        assert_ne!(blocked_split(10_000, 0.2, 6).1, v);
        // Whole blocks go one way.
        let size = block_size(10_000);
        assert_eq!(size, 39);
        assert!(v.iter().all(|i| v.contains(&(i / size * size))));
        assert_eq!(blocked_split(100, 0.0, 1).1, Vec::<usize>::new());
        // Never all validation.
        assert_eq!(blocked_split(1, 0.5, 1).0.len(), 1);
        assert_eq!(blocked_split(50, 1.0, 1).0.len(), 50);
    }
}
