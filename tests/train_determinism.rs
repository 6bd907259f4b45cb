//! The trainer is a pure function of data, configuration, seed and thread
//! count: the same run gives the same net file byte for byte, whichever
//! vector width (baseline, AVX2, AVX-512) the CPU runs.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;

use tapir::train::export::quantise;
use tapir::train::simd::Isa;
use tapir::train::trainer::{train, TrainConfig};

fn net_bytes(records: &[tapir::train::record::Record], cfg: &TrainConfig) -> Vec<u8> {
    let model = train(records, cfg, &mut |_| Ok(())).unwrap();
    quantise(&model).to_bytes()
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let records = train_common::synthetic_records(1500, 8);
    let cfg = TrainConfig {
        epochs: 2,
        threads: 2,
        seed: 11,
        batch: 200,
        ..TrainConfig::default()
    };
    let a = net_bytes(&records, &cfg);
    let b = net_bytes(&records, &cfg);
    assert!(a == b, "two runs with one seed differ");
    let c = net_bytes(&records, &TrainConfig { seed: 12, ..cfg });
    assert!(a != c, "another seed gave the same net");
}

#[test]
fn every_vector_width_gives_the_same_net() {
    let records = train_common::synthetic_records(600, 9);
    let cfg = TrainConfig {
        epochs: 1,
        threads: 2,
        seed: 5,
        batch: 100,
        isa: Isa::baseline(),
        ..TrainConfig::default()
    };
    let base = net_bytes(&records, &cfg);
    for isa in Isa::available() {
        let other = net_bytes(&records, &TrainConfig { isa, ..cfg.clone() });
        assert!(other == base, "{} differs from the baseline", isa.name());
    }
}
