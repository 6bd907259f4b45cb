//! Every tuned number of the game report in one place: the logistic curve
//! that turns centipawns into an expected score, the classification
//! thresholds, Lichess's accuracy fit and the lengths of the explained
//! lines. The sources are named in the README ("Game report").

/// Slope of the logistic curve from centipawns to winning chances, as
/// Lichess uses it (lila `modules/tree/src/main/WinPercent.scala`, from
/// lila pull request 11148, fitted to rated games): winning chances
/// `2 / (1 + exp(-K * cp)) - 1` in -1..+1, win% `50 + 50 * chances`.
pub const LOGISTIC_K: f64 = 0.003_682_08;

/// Centipawn scores are clipped to +-this before the curve, and a forced
/// mate counts as this many centipawns (lila's `Cp.CEILING`).
pub const CP_CEILING: i32 = 1000;

/// Drops in winning chances (-1..+1 scale, so twice the drop in expected
/// score) that make a move an inaccuracy, a mistake, a blunder: lila's
/// `Advice.scala` uses 0.1, 0.2 and 0.3, which is 5, 10 and 15 points of
/// win%.
pub const INACCURACY_DROP: f64 = 0.1;
pub const MISTAKE_DROP: f64 = 0.2;
pub const BLUNDER_DROP: f64 = 0.3;

/// A move into a forced mate, or one that lets a forced mate go, is a
/// blunder unless the position was already this lost (or is still this
/// won) in centipawns; then a mistake (`MATE_MISTAKE_CP`) or only an
/// inaccuracy (`MATE_INACCURACY_CP`), as lila judges it.
pub const MATE_MISTAKE_CP: i32 = 700;
pub const MATE_INACCURACY_CP: i32 = 999;

/// Lichess's per-move accuracy: `A * exp(-B * win%_drop) + C`, plus one
/// point for the engine's own imprecision, clipped to 0..100
/// (lila `AccuracyPercent.scala`, an exponential fitted to hand-picked
/// points).
pub const ACCURACY_A: f64 = 103.166_810_071_164_9;
pub const ACCURACY_B: f64 = 0.043_544_153_867_539_51;
pub const ACCURACY_C: f64 = -3.166_924_740_191_411;
pub const ACCURACY_BONUS: f64 = 1.0;

/// The volatility window of the game accuracy: a tenth of the moves,
/// at least this many positions ...
pub const WINDOW_MIN: usize = 2;
/// ... and at most this many.
pub const WINDOW_MAX: usize = 8;
/// A move's weight (the window's standard deviation of win%) is clipped
/// to this range, so calm stretches still count and wild ones do not
/// swamp the rest.
pub const WEIGHT_MIN: f64 = 0.5;
pub const WEIGHT_MAX: f64 = 12.0;
/// The harmonic mean reads each accuracy as at least this (no division
/// by zero for a 0% move).
pub const HARMONIC_FLOOR: f64 = 1.0;

/// Transposition table of each analysis worker, in MiB: cleared before
/// every position, so small (4 MiB, 262,144 entries, is more than a
/// 100,000-node search fills; clearing 16 MiB cost ~4 ms a position).
pub const WORKER_HASH_MB: usize = 4;

/// An explained line is followed at least this many plies (the move and
/// the reply), then on to the first quiet position: no check, and the
/// last move no capture or promotion ...
pub const LINE_MIN_PLIES: usize = 2;
/// ... but at most this many plies past the least.
pub const LINE_QUIET_PLIES: usize = 8;
/// A search's line shorter than this (cut by a table hit: "better 14...a6"
/// alone) goes on with the moves its table holds, up to this many plies.
pub const PV_TABLE_PLIES: usize = 8;
/// A line still shorter than this after the table's moves (the table held
/// none after a cut) goes on with a search of its end, a quarter of the
/// budget, at most `LINE_SEARCHES` times: a report must see far enough to
/// say what a move lets through (44...Rd1 45.g7 Rd5 alone did not show the
/// g-pawn queening).
pub const LINE_MIN_SEARCHED: usize = 6;
pub const LINE_SEARCHES: usize = 2;
/// When the two lines' ends show less than `LINE_SHOWN_SHARE` of what the
/// search says the move loses, both lines are followed further, the least
/// growing by `LINE_DEEPER_STEP` plies up to `LINE_DEEPEST_MIN`, to the
/// first ends that show it (a pawn that queens five moves on, a king hunt
/// that wins material at its end).
pub const LINE_DEEPER_STEP: usize = 2;
pub const LINE_DEEPEST_MIN: usize = 10;
/// The share (in percent) of the search's loss the traces must show for
/// the lines to be deep enough; below it the text says the loss lies
/// deeper.
pub const LINE_SHOWN_SHARE: i32 = 50;
/// A line of the opponent's that queens a pawn this many plies after the
/// move at most is said ("it lets White's g-pawn queen").
pub const PROMOTION_PLIES: usize = 12;
/// Term differences smaller than this (centipawns) are not worth a word.
pub const TERM_MIN_CP: i32 = 10;
/// How many term differences a sentence names at most.
pub const TERMS_NAMED: usize = 3;

/// Nodes per position of the board's report (`r`, `:report`): the same
/// as `tapir annotate`'s default, so the two agree.
pub const BOARD_REPORT_NODES: u64 = 100_000;
/// `:report N` searches each position to N nodes, within these: a deeper
/// report finds what 100,000 nodes miss, at a cost the status line says.
pub const BOARD_REPORT_NODES_MIN: u64 = 10_000;
pub const BOARD_REPORT_NODES_MAX: u64 = 100_000_000;

/// An external engine (`annotate --engine`) searching a node budget is
/// given the budget at this many nodes a second (a slow engine's pace) ...
pub const EXTERNAL_NODES_PER_S: u64 = 20_000;
/// ... plus this long, before it is stopped and the run fails with its
/// name (an engine that hangs must not hang the report).
pub const EXTERNAL_GRACE: std::time::Duration = std::time::Duration::from_secs(30);

/// What a piece is worth to the fork and pin facts (pawn, knight, bishop,
/// rook, queen, king): the textbook 1-3-3-5-9, the king above all. A fork
/// hits pieces worth more than the forker (or undefended); a pin holds a
/// piece in front of its king or of one worth more.
pub const FACT_VALUE: [i32; 6] = [1, 3, 3, 5, 9, 100];
/// A piece the better line also loses to the opponent within this many
/// plies (the opponent's first two moves) was not hung by the played move.
pub const LOST_ANYWAY_PLIES: usize = 4;
/// The piece a move puts where the opponent takes it for nothing is said
/// to hang, whatever reply the search prefers, where the search's loss is
/// at least this share (percent) of the piece's worth: the loss is then
/// the piece, not something else.
pub const HUNG_LOSS_SHARE: i32 = 60;
/// ... and at most this share: a loss much larger is something else.
pub const HUNG_LOSS_MAX_SHARE: i32 = 160;
/// The search's line must take that piece within this many plies.
pub const HUNG_TAKEN_PLIES: usize = 6;
/// At most this many of the named term losses without words of their own
/// (piece squares, mobility, pawns, rooks, threats, bishop pair) are said
/// in words too ("White's pawns are weaker").
pub const TERM_WORDS_MAX: usize = 2;
