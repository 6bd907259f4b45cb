//! Every tuned number of the search, named, in one place. Changing one of
//! these changes the bench signature; quote the new one in the commit.
//! Constants are fixed at build time; the block "tunable at run time"
//! declares the numbers SPSA tunes (`tapir uci --tune`), each read through
//! a function of its name (`search::tunables` says how).

// ---- move ordering --------------------------------------------------------

/// Piece values for SEE and MVV-LVA, indexed by `PieceType::index()`.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// Upper bound of every history table (the gravity formula keeps values inside).
pub const HISTORY_MAX: i32 = 16384;
// (The history bonus is tunable: `history_bonus_*` below.)
/// Capture history is divided by this before it joins the MVV score.
pub const CAPTURE_HIST_DIV: i32 = 8;
/// Quiets with history below `-QUIET_SORT_LIMIT * depth` are not sorted.
pub const QUIET_SORT_LIMIT: i32 = 3000;
/// The quiet ordering's bonus for a piece leaving a square a cheaper enemy
/// piece attacks (and its malus for stepping onto one), by piece kind.
pub const THREAT_ORDER: [i32; 6] = [0, 6000, 6000, 10000, 20000, 0];
/// Pawn history: slots for pawn structures (a power of two), indexed by
/// the pawn hash.
pub const PAWN_HIST_SIZE: usize = 512;
/// MVV weight of the victim in capture ordering.
pub const MVV_MUL: i32 = 16;

// ---- static eval correction ------------------------------------------------

/// Correction histories: entries per hashed table (a power of two),
/// indexed by the pawn hash or by one colour's non-pawn hash; the
/// continuation table has one entry per pair of (piece, to) moves. Each
/// entry is an average of (search score - static eval) in 1/`CORR_GRAIN`
/// centipawns, at most `CORR_MAX` either way. (Their weights in the eval
/// are tunable: `corr_*_weight` below.)
pub const CORR_SIZE: usize = 16384;
pub const CORR_GRAIN: i32 = 256;
pub const CORR_MAX: i32 = 64 * CORR_GRAIN;
/// A node at depth d moves its entry (d + 1) / `CORR_WEIGHT_SCALE` of the
/// way towards its own difference, at most `CORR_WEIGHT_MAX` of it.
pub const CORR_WEIGHT_SCALE: i32 = 256;
pub const CORR_WEIGHT_MAX: i32 = 16;

// ---- aspiration windows ---------------------------------------------------

/// First depth searched with a window around the previous score.
pub const ASP_MIN_DEPTH: i32 = 4;
// (The initial half-width is tunable: `asp_delta` below.)
/// After each failed try the half-width grows by `delta / GROWTH_DIV`.
pub const ASP_GROWTH_DIV: i32 = 2;

// ---- node pruning ---------------------------------------------------------

/// Reverse futility (static null move): deepest depth (margin: `rfp_margin`).
pub const RFP_DEPTH: i32 = 8;
/// Razoring: deepest depth (margin: `razor_margin`).
pub const RAZOR_DEPTH: i32 = 3;
/// Null-move pruning: minimum depth, reduction `BASE + depth / DIV +
/// min((eval - beta) / nmp_eval_div, EVAL_MAX)`.
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE: i32 = 3;
pub const NMP_DEPTH_DIV: i32 = 3;
pub const NMP_EVAL_MAX: i32 = 3;
/// Above this depth a null-move cut-off is verified by a reduced search without null moves.
pub const NMP_VERIFY_DEPTH: i32 = 14;
/// The verification forbids null moves for `NUM / DEN` of its depth.
pub const NMP_VERIFY_PLY_NUM: i32 = 3;
pub const NMP_VERIFY_PLY_DEN: i32 = 4;
/// Internal iterative reduction: depth from which a node without a hash move is searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;
/// Hindsight: a child of a move reduced by at least this many plies...
pub const HINDSIGHT_MORE_MIN: i32 = 3;
/// ...is searched a ply deeper while the two sides' static evals sum to at
/// most this (the reduced move did not make its mover's eval worse);
pub const HINDSIGHT_WORSENING: i32 = 1;
/// a child of any reduced move a ply shallower when they sum to more.
pub const HINDSIGHT_LESS_SWING: i32 = 75;
/// ProbCut: minimum depth and depth reduction (margin: `probcut_margin`).
pub const PROBCUT_MIN_DEPTH: i32 = 5;
pub const PROBCUT_REDUCTION: i32 = 4;
/// A hash entry this close to full depth that fails below the ProbCut beta
/// skips ProbCut; a ProbCut result is stored this much shallower.
pub const PROBCUT_TT_SLACK: i32 = 3;

// ---- move pruning ---------------------------------------------------------

/// Futility pruning of quiets: deepest (reduced) depth (margin: `fut_*`).
pub const FUT_DEPTH: i32 = 8;
/// SEE pruning of quiets and captures: deepest depths (margins: `see_*`).
pub const SEE_QUIET_DEPTH: i32 = 8;
pub const SEE_CAPTURE_DEPTH: i32 = 6;
/// History pruning: deepest (reduced) depth (margin: `hist_prune_margin`).
pub const HIST_PRUNE_DEPTH: i32 = 3;
/// Quiescence move-count pruning: out of check, the moves after this many
/// are tried only when they recapture, promote or check.
pub const QS_MOVE_LIMIT: usize = 2;
/// Quiescence in check: once an evasion holds off mate, the quiet
/// evasions after this many are not tried.
pub const QS_QUIET_EVASIONS: usize = 2;

// ---- extensions -----------------------------------------------------------

/// Singular extensions: minimum depth, hash depth slack, margin per depth,
/// and the depth divisor of the search without the hash move.
pub const SE_MIN_DEPTH: i32 = 7;
pub const SE_TT_DEPTH_SLACK: i32 = 3;
pub const SE_MARGIN_MUL: i32 = 2;
pub const SE_DEPTH_DIV: i32 = 2;
/// Extensions stop beyond this many times the root depth (plies), so
/// extended lines cannot grow without bound.
pub const SE_MAX_PLY_MUL: usize = 2;

// ---- late-move reductions ---------------------------------------------------

/// Reductions are summed in these fractions of a ply (the table's value,
/// the history's share) and rounded down once, at the end.
pub const LMR_GRAIN: i32 = 1024;
/// `reduction(d, m) = BASE + ln(d) * ln(m) / DIV`, plies.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIV: f64 = 2.25;
/// Captures reduce by a smaller table: `CAPT_BASE + ln(d) * ln(m) / CAPT_DIV`.
pub const LMR_CAPT_BASE: f64 = 0.1;
pub const LMR_CAPT_DIV: f64 = 3.2;
// (The history score that moves the reduction by one ply: `lmr_hist_div`.)
/// Minimum depth to reduce (the first move, and at PV nodes the second,
/// are never reduced).
pub const LMR_MIN_DEPTH: i32 = 3;
/// A reduced search that beats alpha is searched again a ply deeper when
/// its score tops the node's best so far by `LMR_DEEPER_BASE +
/// LMR_DEEPER_MUL * depth`, a ply shallower when by less than
/// `LMR_SHALLOWER_MARGIN`.
pub const LMR_DEEPER_BASE: i32 = 40;
pub const LMR_DEEPER_MUL: i32 = 2;
pub const LMR_SHALLOWER_MARGIN: i32 = 10;
/// A ply less reduction where the correction histories moved the static
/// eval by at least this much (the eval is less sure there).
pub const LMR_CORRECTION_MIN: i32 = 40;

// ---- transposition table ---------------------------------------------------

/// A same-position entry from this search is kept over a non-exact result
/// more than this many plies shallower.
pub const TT_KEEP_DEPTH_SLACK: i32 = 3;
/// Replacement: an entry's worth is its depth less this per search of age.
pub const TT_AGE_WEIGHT: i32 = 8;

// ---- tunable at run time ----------------------------------------------------

super::tunables::tunables! {
    /// History bonus for a move that caused a cut-off:
    /// `min(mul * depth + base, max)`; the malus is its negation.
    history_bonus_mul = 280, 100..=500, step 25;
    history_bonus_base = -250, -600..=200, step 40;
    history_bonus_max = 2400, 1000..=4000, step 200;
    /// Initial half-width of the aspiration window, centipawns.
    asp_delta = 14, 5..=40, step 3;
    /// Reverse futility margin per ply (less one ply when improving).
    rfp_margin = 75, 30..=150, step 8;
    /// Razoring: drop to quiescence when the eval is this far below alpha per ply.
    razor_margin = 220, 100..=400, step 20;
    /// Null-move pruning: the eval margin above beta worth one more ply of reduction.
    nmp_eval_div = 180, 80..=400, step 20;
    /// ProbCut: the margin above beta a capture must prove.
    probcut_margin = 190, 100..=350, step 15;
    /// Late-move pruning: quiets tried beyond `(lmp_base + depth^2) / (2 - improving)` are skipped.
    lmp_base = 3, 0..=10, step 1;
    /// Futility pruning of quiets: margin `fut_base + fut_mul * reduced depth`.
    fut_base = 90, 30..=200, step 10;
    fut_mul = 95, 40..=200, step 10;
    /// SEE pruning: quiets below `-see_quiet_margin * depth^2`, captures
    /// below `-see_capture_margin * depth`.
    see_quiet_margin = 18, 5..=60, step 3;
    see_capture_margin = 95, 40..=200, step 10;
    /// History pruning: quiets whose history is below `-hist_prune_margin * depth`.
    hist_prune_margin = 3000, 1000..=6000, step 300;
    /// A singular move failing this far below the singular beta gets a second ply.
    se_double_margin = 20, 5..=60, step 3;
    /// The history score that moves a quiet's reduction by one ply.
    lmr_hist_div = 8192, 4096..=16384, step 600;
    /// Futility margin for captures in quiescence search (delta pruning).
    qs_futility_margin = 160, 60..=300, step 15;
    /// How much of the pawn, the non-pawn, the minor-piece and the
    /// continuation correction histories' entries joins the static eval,
    /// 256ths.
    corr_pawn_weight = 256, 64..=512, step 24;
    corr_non_pawn_weight = 128, 0..=512, step 24;
    corr_minor_weight = 128, 0..=512, step 24;
    corr_cont_weight = 128, 0..=512, step 24;
}

// ---- time management --------------------------------------------------------

/// Moves to go assumed when the clock gives none; a larger `movestogo`
/// counts as this many too, so long controls do not starve early moves.
pub const TM_DEFAULT_MTG: u32 = 28;
/// The latency each move is charged at least, whatever the Move Overhead
/// setting (the GUI's pipe, the scheduler): ms.
pub const TM_MIN_OVERHEAD_MS: u64 = 10;
/// The clock a search plans to leave at least (ms): when the time left
/// nears it, moves are played at once and the increment builds the clock
/// back, so a scheduler stall on a busy machine (or a GUI's hiccup) of up
/// to this long cannot flag the engine. Above it the budgets are as before.
pub const TM_CLOCK_FLOOR_MS: u64 = 200;
/// Below this many overheads on the clock, a move is played at once
/// (a fraction `1/TM_PANIC_DIV` of what is left).
pub const TM_PANIC_OVERHEADS: u64 = 4;
pub const TM_PANIC_DIV: u64 = 8;
/// The hard limit is this many soft budgets, at most `TM_HARD_MAX_PCT` of the clock.
pub const TM_HARD_MUL: u64 = 5;
pub const TM_HARD_MAX_PCT: u64 = 75;
/// The soft limit never exceeds this share of the clock, percent.
pub const TM_SOFT_MAX_PCT: u64 = 40;
/// Soft-limit scale (percent) by how many iterations the best move has held.
pub const TM_STABILITY_PCT: [u64; 6] = [250, 130, 110, 95, 85, 75];
/// Soft-limit scale (percent) when the score drops sharply, per centipawn, capped.
pub const TM_SCORE_DROP_PCT_PER_CP: u64 = 1;
pub const TM_SCORE_DROP_MAX_PCT: u64 = 60;
/// Share of nodes spent on the best move that counts as "certain", permille,
/// and how much it scales the soft limit (percent at 0 and at 1000).
pub const TM_NODES_LO_PCT: u64 = 150;
pub const TM_NODES_HI_PCT: u64 = 55;
/// With a mate proven, stop once the depth exceeds the mate distance (plies) by this.
pub const TM_MATE_EXTRA_DEPTH: i32 = 4;
/// With a single legal move, stop after this depth when the clock is running.
pub const TM_SINGLE_MOVE_DEPTH: i32 = 6;

// ---- strength limit ---------------------------------------------------------

/// UCI_Elo -> nodes per move: `BASE * 2^((elo - 1000) / ELO_PER_DOUBLING)`.
pub const STRENGTH_NODES_BASE: f64 = 150.0;
pub const STRENGTH_ELO_PER_DOUBLING: f64 = 140.0;
/// Root lines searched so a weaker move can be chosen.
pub const STRENGTH_MULTIPV: usize = 4;
/// Random noise added to each line's score: `(TOP - elo)^2 / NOISE_DIV`
/// centipawns at most (200 at Elo 1000, 50 at 2000, 12 at 2500).
pub const STRENGTH_NOISE_TOP_ELO: i32 = 3000;
pub const STRENGTH_NOISE_DIV: i32 = 20_000;

// ---- tablebases -----------------------------------------------------------

/// A tablebase score stored in the hash table counts as this much deeper
/// than the node (it is exact whatever the depth; Stockfish's 6).
pub const TB_DEPTH_BONUS: i32 = 6;
/// Root scores of wins the 50-move rule may spoil: `rank * 100 / DIV`
/// centipawns (Stockfish's 200: under half a pawn).
pub const TB_SMALL_SCORE_DIV: i32 = 200;
