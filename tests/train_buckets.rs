//! The bucket learning rate: at 0 only the shared factoriser rows train,
//! so every king bucket exports the same weights; above 0 the buckets
//! move apart, and the slower they learn the less they move, also when
//! training on from a finished net whose buckets are all alike.

#![allow(
    clippy::unwrap_used,
    reason = "a failed unwrap fails the test with its error"
)]

mod train_common;

use tapir::eval::nnue::network::Network;
use tapir::train::export::quantise;
use tapir::train::model::{Model, FACTOR, ROWS_PER_INPUT};
use tapir::train::trainer::{train, train_from, TrainConfig};
use tapir::train::warm_start::{model_from_network, Buckets};

fn config(bucket_lr: f32) -> TrainConfig {
    TrainConfig {
        epochs: 2,
        threads: 2,
        seed: 3,
        batch: 150,
        bucket_lr,
        ..TrainConfig::default()
    }
}

fn trained(bucket_lr: f32) -> Model {
    let records = train_common::synthetic_records(1200, 21);
    train(&records, &config(bucket_lr), &mut |_| Ok(())).unwrap()
}

/// The largest absolute bucket-row weight (the shared rows left out).
fn bucket_extent(m: &Model) -> f32 {
    m.ft.iter()
        .enumerate()
        .filter(|(k, _)| k % ROWS_PER_INPUT != FACTOR)
        .flat_map(|(_, row)| row.iter())
        .fold(0.0f32, |a, w| a.max(w.abs()))
}

#[test]
fn frozen_buckets_stay_zero_and_the_shared_rows_learn() {
    let m = trained(0.0);
    assert_eq!(bucket_extent(&m), 0.0);
    let merged = m.merged();
    // Every input's 16 merged rows are its shared row.
    for (k, rows) in merged.chunks_exact(ROWS_PER_INPUT - 1).enumerate() {
        let shared = &m.ft[k * ROWS_PER_INPUT + FACTOR];
        assert!(rows.iter().all(|r| r == shared), "input {k}");
    }
    let start = Model::new(3);
    let moved = (0..m.ft.len() / ROWS_PER_INPUT)
        .filter(|k| m.ft[k * ROWS_PER_INPUT + FACTOR] != start.ft[k * ROWS_PER_INPUT + FACTOR])
        .count();
    assert!(moved > 100, "only {moved} shared rows learned");
}

#[test]
fn slower_buckets_move_less() {
    let slow = bucket_extent(&trained(0.1));
    let full = bucket_extent(&trained(1.0));
    assert!(slow > 0.0, "buckets at 0.1 did not move");
    assert!(slow < full, "0.1 moved {slow}, 1.0 moved {full}");
}

#[test]
fn buckets_learn_on_from_a_net_whose_buckets_are_alike() {
    let bytes = quantise(&trained(0.0)).to_bytes();
    let net = Network::from_bytes(&bytes).unwrap();
    let start = model_from_network(&net, Buckets::Learn).unwrap();
    assert_eq!(
        bucket_extent(&start),
        0.0,
        "the net moved into the shared rows"
    );
    let records = train_common::synthetic_records(1200, 22);
    let m = train_from(start, &records, &config(1.0), &mut |_| Ok(())).unwrap();
    assert!(bucket_extent(&m) > 0.0, "the buckets did not move apart");
}
