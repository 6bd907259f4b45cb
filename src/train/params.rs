//! Every tuned or contractual number of the trainer in one place.

// ---- the net file format v1 (fixed by the inference side; see export.rs) ----

/// Feature-transformer quantisation: a float 1.0 is stored as 255.
pub const QA: i32 = crate::eval::nnue::arch::QA;
/// Output-weight quantisation: a float 1.0 is stored as 512.
pub const QB: i32 = crate::eval::nnue::arch::QB;
/// Centipawns per unit of the float network output.
pub const NET_SCALE: i32 = crate::eval::nnue::arch::SCALE;
/// Phase scales written to the file, in units of 1/1024 (1.0 = no scaling).
pub const MG_SCALE_Q: i32 = 1024;
pub const EG_SCALE_Q: i32 = 1024;

// ---- weight clipping, chosen so that quantisation is exact ----------------

/// The most features active in one perspective: a legal position has at
/// most 32 pieces, kings included.
pub const MAX_ACTIVE: usize = 32;

/// Bound on every merged feature weight and feature bias. With
/// |w| <= 3.88, round(w * 255) <= 989, and bias plus 32 active weights stay
/// within 33 * 989 = 32637 < i16::MAX, so the i16 accumulator of the
/// inference can never wrap.
pub const FT_BOUND: f32 = 3.88;

/// Bound on each of the two trained halves of a feature weight (the bucket
/// row and the shared factoriser row); their sum stays within `FT_BOUND`.
pub const FT_HALF_BOUND: f32 = FT_BOUND / 2.0;

/// Bound on the output weights (trained ones stay near 1 at most). It
/// keeps the i32 output sum safe: 1024 * 255 * round(16 * 512)
/// = 2.139e9 < i32::MAX, with room left for the bias.
pub const OUT_BOUND: f32 = 16.0;

/// Bound on the output bias in float units (25,600 centipawns, far beyond
/// anything useful): 64 * 255 * 512 = 8.36e6 fits the room the weights
/// leave below i32::MAX.
pub const OUT_BIAS_BOUND: f32 = 64.0;

// ---- loss ----------------------------------------------------------------

/// Centipawns per unit of the logistic that maps a score, and the net's
/// output, to an expected result: sigmoid(cp / SCALE_K). The tuned
/// hand-crafted evaluation's own scale (its fitted K = 2.52, 400 / 2.52 =
/// 159), so that the net's centipawns mean what the search's margins were
/// tuned for.
pub const SCALE_K: f32 = 159.0;

/// Each data file's scores are brought to `SCALE_K` from the scale fitted
/// to its results (`score_scale`), searched in this range, on an evenly
/// spaced sample of at most this many records.
pub const SCALE_FIT_RANGE: (f32, f32) = (20.0, 4000.0);
pub const FIT_SAMPLE: usize = 1 << 20;

// ---- optimiser and schedule defaults -------------------------------------

/// Base learning rate. On 12.4 M positions (decay 0.3, bucket rate 0)
/// 0.002 reached validation loss 0.023084 against 0.023225 at 0.001 and
/// won +20.9 Elo net against net (10k nodes, 200 games; -6.9 over 200
/// games on 10.2 M positions).
pub const DEFAULT_LR: f32 = 0.002;
pub const DEFAULT_BATCH: usize = 16_384;
/// Weight of the search score in the target (1.0 = score only, 0.0 =
/// game result only). Nets trained on the same 5.7 M positions (scores on
/// one scale, `score_scale`), against the hand-crafted eval at 10k nodes,
/// 200 games each: 1.0 -89 Elo, 0.75 -21, 0.5 -7, 0.3 -92. The scores
/// alone teach the net only to copy the evaluation that searched them; the
/// results carry what it missed.
pub const DEFAULT_LAMBDA: f32 = 0.5;
pub const DEFAULT_VAL_FRACTION: f64 = 0.02;
/// AdamW's decoupled decay (each step multiplies the weights a batch
/// touched by 1 - lr x this). On 10.2 M positions (bucket rate 0.1) the
/// validation loss was 0.024243 at 0.01, 0.023797 at 0.3, 0.024360 at 0.9,
/// and 0.3 beat 0.01 by +29.6 Elo (net against net, 10k nodes, 200 games).
pub const DEFAULT_WEIGHT_DECAY: f32 = 0.3;
/// Learning rate of the 16 king-bucket rows relative to the shared
/// factoriser rows (0 trains the shared rows alone: every bucket exports
/// the same weights). Below 1 the buckets specialise only where the data
/// keeps pulling them. On 10.2 M positions (decay 0.3) every bucket row
/// still over-fitted: validation loss 0.024283 at 0.3, 0.023797 at 0.1,
/// 0.023666 at 0.03, 0.023523 at 0; 0 beat 0.1 by +31.4 Elo (200 games).
/// Buckets are for data sets many times larger.
pub const DEFAULT_BUCKET_LR: f32 = 0.0;
pub const ADAM_BETA1: f32 = 0.9;
pub const ADAM_BETA2: f32 = 0.999;
pub const ADAM_EPS: f32 = 1e-8;
/// Cosine decay ends at this fraction of the base learning rate.
pub const LR_FINAL_FRACTION: f32 = 0.05;
/// Linear warm-up steps (capped at a twentieth of the run).
pub const LR_WARMUP_STEPS: u64 = 100;

// ---- initialisation -----------------------------------------------------

/// Factoriser rows start uniform in +-this; the bucket rows start at zero.
pub const INIT_FT_RANGE: f32 = 0.1;
/// Output weights start uniform in +-this / sqrt(2 * hidden).
pub const INIT_OUT_RANGE: f32 = 1.0;
/// Feature biases start here, inside the clipped-ReLU's linear range.
pub const INIT_FT_BIAS: f32 = 0.25;

/// Hidden width of the shipped architecture.
pub const HIDDEN: usize = crate::eval::nnue::arch::HIDDEN;

// ---- self-play data generation ------------------------------------------

/// Random plies at the start of every game (one more for odd games).
pub const DATAGEN_RANDOM_PLIES: usize = 8;
/// A random opening is kept only when the search scores it within this.
pub const DATAGEN_OPENING_MAX_CP: i32 = 300;
/// Random openings tried per game before giving up.
pub const DATAGEN_OPENING_TRIES: usize = 100;
/// Adjudicate a win after this many consecutive plies beyond this score.
pub const DATAGEN_WIN_CP: i32 = 1500;
pub const DATAGEN_WIN_PLIES: usize = 8;
/// Adjudicate a draw after this many consecutive plies within this score,
/// but not before this ply.
pub const DATAGEN_DRAW_CP: i32 = 10;
pub const DATAGEN_DRAW_PLIES: usize = 12;
pub const DATAGEN_DRAW_MIN_PLY: usize = 80;
/// Games still going after this many plies are scored as draws.
pub const DATAGEN_MAX_PLIES: usize = 400;

/// Transposition table of each datagen thread, in megabytes.
pub const DATAGEN_HASH_MB: usize = 16;

/// Most threads `datagen`, the trainer and the tuner accept: the engine's
/// own limit.
pub const MAX_THREADS: usize = crate::engine::THREADS_RANGE.1;
/// The most epochs a run takes: far beyond any useful run, and small
/// enough that the step count (batches x epochs) cannot overflow.
pub const MAX_EPOCHS: usize = 100_000;
