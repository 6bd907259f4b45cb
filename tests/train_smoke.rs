//! Smoke test of the whole training path: synthetic data written to a
//! file, read back, one epoch of training, export, and a check of the
//! exported file against NNUE-FORMAT v1 written independently here.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;

use tapir::chess::Color;
use tapir::train::export::{quantise, write_net};
use tapir::train::features::feature_index;
use tapir::train::model::{forward, Scratch};
use tapir::train::record::read_records;
use tapir::train::trainer::{train, TrainConfig, TrainEvent};

/// The spec's FNV-1a 32, written out again so the test does not trust the
/// exporter's copy.
fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// An NNUE v1 file taken apart, after every check of the spec passed.
struct SpecNet {
    ft: Vec<i16>,
    ft_bias: Vec<i16>,
    out: Vec<i16>,
    out_bias: i32,
}

/// Checks `bytes` against NNUE-FORMAT v1 and returns its body.
fn spec_check(bytes: &[u8]) -> Result<SpecNet, String> {
    const F: usize = 12288;
    const HID: usize = 512;
    let body_len = F * HID * 2 + HID * 2 + 1024 * 2 + 4;
    if bytes.len() < 52 {
        return Err("short file".into());
    }
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let i32_at = |o: usize| i32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    if &bytes[0..8] != b"TAPIRNNE" {
        return Err("magic".into());
    }
    if u32_at(8) != 1 {
        return Err("version".into());
    }
    if u32_at(12) != fnv(b"tapir:kb16x768->512x2->1:crelu") {
        return Err("architecture hash".into());
    }
    if (u32_at(16), u32_at(20)) != (F as u32, HID as u32) {
        return Err("sizes".into());
    }
    if (i32_at(24), i32_at(28), i32_at(32)) != (255, 512, 400) {
        return Err("QA/QB/SCALE".into());
    }
    if (i32_at(36), i32_at(40)) != (1024, 1024) {
        return Err("phase scales".into());
    }
    if u32_at(44) as usize != body_len {
        return Err("body length field".into());
    }
    if bytes.len() != 48 + body_len + 4 {
        return Err(format!(
            "file length {} (trailing or missing bytes)",
            bytes.len()
        ));
    }
    let end = bytes.len() - 4;
    if u32_at(end) != fnv(&bytes[..end]) {
        return Err("checksum".into());
    }
    let i16s = |from: usize, n: usize| -> Vec<i16> {
        bytes[from..from + 2 * n]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    };
    let ft = i16s(48, F * HID);
    let ft_bias = i16s(48 + F * HID * 2, HID);
    let out = i16s(48 + F * HID * 2 + HID * 2, 2 * HID);
    let out_bias = i32_at(48 + body_len - 4);
    Ok(SpecNet {
        ft,
        ft_bias,
        out,
        out_bias,
    })
}

impl SpecNet {
    /// raw_cp per the spec from both perspectives' feature lists; also
    /// returns the widest accumulator value seen.
    fn raw_cp(&self, stm: &[usize], nstm: &[usize]) -> (i64, i32) {
        let mut out = self.out_bias as i64;
        let mut widest = 0;
        for (half, feats) in [stm, nstm].into_iter().enumerate() {
            for i in 0..512 {
                let mut acc = self.ft_bias[i] as i32;
                for &f in feats {
                    acc += self.ft[f * 512 + i] as i32;
                }
                widest = widest.max(acc.abs());
                out += acc.clamp(0, 255) as i64 * self.out[half * 512 + i] as i64;
            }
        }
        (out * 400 / (255 * 512), widest)
    }
}

#[test]
fn one_epoch_exports_a_file_that_meets_the_spec() {
    let dir = train_common::scratch_dir("train-smoke");
    let data = dir.join("data.bin");
    let records = train_common::synthetic_records(3000, 1);
    train_common::write_records(&data, &records);
    let loaded = read_records(&data).unwrap();
    assert_eq!(loaded.records, records);

    let cfg = TrainConfig {
        epochs: 1,
        threads: 2,
        seed: 3,
        batch: 256,
        val_fraction: 0.1,
        ..TrainConfig::default()
    };
    let mut epochs = Vec::new();
    let mut batches = 0;
    let model = train(&loaded.records, &cfg, &mut |e| {
        match e {
            TrainEvent::Batch { .. } => batches += 1,
            TrainEvent::EpochEnd { stats, .. } => epochs.push(stats),
            TrainEvent::Start { .. } => {}
        }
        Ok(())
    })
    .unwrap();
    // Validation holds out whole blocks of records, seeded by the config.
    let (train_part, val_part) = tapir::train::split::blocked_split(3000, 0.1, 3);
    assert!(!val_part.is_empty());
    let n = train_part.len();
    assert_eq!(batches, n.div_ceil(256));
    assert_eq!(epochs.len(), 1);
    assert!(epochs[0].val_loss.unwrap().is_finite());
    assert_eq!(epochs[0].positions, n);

    let net_path = dir.join("smoke.nnue");
    write_net(&model, &net_path).unwrap();
    let bytes = std::fs::read(&net_path).unwrap();
    let net = spec_check(&bytes).unwrap();
    assert_eq!(bytes, quantise(&model).to_bytes());

    // Every feature weight and bias obeys the clipping that keeps the
    // i16 accumulator exact: 33 values of at most 989 fit in an i16.
    assert!(net.ft.iter().chain(&net.ft_bias).all(|w| w.abs() <= 989));

    // The integer net (read from the file per the spec) agrees with the
    // exporter's integer evaluation exactly and with the float model
    // within quantisation error.
    let q = quantise(&model);
    let merged = model.merged();
    let mut scratch = Scratch::default();
    let mut total_diff = 0.0;
    for r in records.iter().take(200) {
        let b = r.to_board().unwrap();
        let stm = b.side_to_move();
        let feats = |p: Color| -> Vec<usize> {
            b.occupied()
                .iter()
                .map(|sq| feature_index(p, b.king(p), b.piece_at(sq).unwrap(), sq))
                .collect()
        };
        let (cp, widest) = net.raw_cp(&feats(stm), &feats(!stm));
        assert!(widest <= i16::MAX as i32);
        assert_eq!(cp, q.raw_cp(&feats(stm), &feats(!stm)));
        assert_eq!(cp, q.evaluate(&b), "phase scales of 1.0 change nothing");
        let a = tapir::train::features::board_features(&b);
        let float_cp = forward(&model, &merged, &a, &mut scratch) as f64 * 400.0;
        total_diff += (float_cp - cp as f64).abs();
    }
    let mean_diff = total_diff / 200.0;
    eprintln!("mean |float - integer| = {mean_diff:.2} cp");
    // 2.6 cp here at QB 512 (half a centipawn of it truncation).
    assert!(
        mean_diff < 6.0,
        "float and integer nets differ by {mean_diff} cp on average"
    );

    // Corrupting one byte breaks the checksum.
    let mut bad = bytes.clone();
    bad[1000] ^= 1;
    assert_eq!(spec_check(&bad).err().as_deref(), Some("checksum"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_few_epochs_learn_material() {
    let records = train_common::synthetic_records(4000, 2);
    let cfg = TrainConfig {
        epochs: 4,
        threads: 2,
        seed: 4,
        batch: 128,
        lr: 0.002,
        lambda: 1.0,
        val_fraction: 0.1,
        ..TrainConfig::default()
    };
    let mut val = Vec::new();
    train(&records, &cfg, &mut |e| {
        if let TrainEvent::EpochEnd { stats, .. } = e {
            val.push(stats.val_loss.unwrap());
        }
        Ok(())
    })
    .unwrap();
    eprintln!("validation losses {val:?}");
    assert_eq!(val.len(), 4);
    assert!(val[3] < val[0] * 0.8, "validation loss {val:?}");
}
