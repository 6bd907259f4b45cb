//! The board's named numbers: strength levels, clocks, refresh rates and
//! layout limits. Nothing else in `tui` writes these inline.

use super::control::ClockBounds;
use std::ops::RangeInclusive;
use std::time::Duration;

/// Levels of play against the engine; the top one is full strength.
pub const LEVEL_RANGE: RangeInclusive<u8> = 1..=10;
pub const LEVEL_MAX: u8 = 10;

/// `UCI_Elo` for levels 1..=9 (level 10 turns `UCI_LimitStrength` off).
pub const LEVEL_ELO: [u32; 9] = [600, 1250, 1500, 1750, 2000, 2200, 2400, 2600, 2800];

/// Node budget per move for levels 1..=9, so the levels differ even before
/// the search implements `UCI_Elo`.
pub const LEVEL_NODES: [u64; 9] = [
    100, 400, 1_500, 6_000, 25_000, 100_000, 400_000, 1_500_000, 6_000_000,
];

/// Each level's approximate playing strength (Elo), shown in the play
/// dialog. Measured (README, "Levels"): levels 1-9 against Stockfish 15.1
/// limited to the nearest UCI_Elo it offers, 20 games each at 5+0.05
/// (`scripts/level_elo.sh`), each figure rounded to 50 and made monotone
/// where two levels' intervals overlap (levels 5-6); level 10,
/// the full engine, from the ladder (+63 against Ethereal 12, about -490
/// against Stockfish 15.1).
pub const LEVEL_ELO_SHOWN: [u32; 10] = [1200, 1300, 1550, 1800, 1900, 1950, 2350, 2450, 2650, 3000];

/// Messages `:messages` keeps (the oldest go first).
pub const MESSAGE_LOG_MAX: usize = 300;

/// Set-ups left with Esc that the next editor's Ctrl-Z brings back (the
/// oldest go first).
pub const LEFT_SETUPS_KEPT: usize = 16;

/// Thinking time per move without clocks.
pub const ENGINE_MOVETIME: Duration = Duration::from_millis(2_000);

/// How far past a search's own move time the board waits before it sends
/// `stop` (an engine that ignores `movetime` would hold a game or the
/// threat view for ever; a busy machine's lag stays well inside this).
pub const OVERDUE_GRACE: Duration = Duration::from_millis(1_000);

/// Clock presets offered in the play dialog, bullet to classical:
/// (minutes, increment seconds); the first entry means "no clocks". After
/// the last comes "custom", typed as minutes+seconds.
pub const CLOCK_PRESETS: [(u64, u64); 7] =
    [(0, 0), (1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// The clocks the play dialog's custom prompt takes: 1 second to 5 hours,
/// at most 3 minutes of increment.
pub const PLAYER_CLOCKS: ClockBounds = ClockBounds {
    min_base: Duration::from_secs(1),
    max_base: Duration::from_secs(300 * 60),
    max_increment: Duration::from_secs(180),
};

/// The clocks `:match` takes for engine games: from a tenth of a second
/// (bullet tests) to 10 hours, and as much increment.
pub const ENGINE_CLOCKS: ClockBounds = ClockBounds {
    min_base: Duration::from_millis(100),
    max_base: Duration::from_secs(36_000),
    max_increment: Duration::from_secs(36_000),
};

/// A clock under this is drawn in the warning colour (bold and reversed
/// without colours), and shows tenths of seconds.
pub const LOW_TIME: Duration = Duration::from_secs(20);

/// The engine accepts a draw offer (and claims a draw it may claim) when
/// its evaluation, from its own side, is at most this many centipawns...
pub const DRAW_ACCEPT_CP: i32 = 25;

/// ...and the game has gone on for at least this many moves (each side's).
pub const DRAW_OFFER_MIN_MOVES: u16 = 20;

/// The most analysis lines shown.
pub const MULTIPV_MAX: usize = 5;

/// Refresh interval while a search or a clock runs (at least 10 Hz).
pub const LIVE_TICK: Duration = Duration::from_millis(100);

/// Wake-up interval when idle: to notice SIGTERM/SIGHUP and to autosave
/// a comment being typed.
pub const IDLE_TICK: Duration = Duration::from_millis(250);

/// A comment being typed goes into the autosave at most this often (a
/// tick after the first key): a `kill -9` or a power cut loses at most
/// this much typing, and a long game is not rewritten at every key.
pub const TYPING_AUTOSAVE_GAP: Duration = Duration::from_secs(2);
/// The most events (keys, engine lines) handled between two redraws: a
/// burst larger than this waits for the next turn of the loop, so a
/// flooding engine cannot hold off the screen and the clocks.
pub const MAX_BURST: usize = 512;

/// The shortest time between two frames when events arrive in bursts.
pub const MIN_FRAME_GAP: Duration = Duration::from_millis(16);

/// The smallest terminal the board is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Frames kept for the F12 overlay's mean and max.
pub const FRAME_HISTORY: usize = 120;

/// Centipawns at which the eval bar is about three-quarters full.
pub const EVAL_BAR_SCALE: f64 = 400.0;

/// The move list marks a position where the hand-crafted and the network
/// evaluations differ by more than this many centipawns.
pub const DISAGREE_CP: i32 = 150;

/// The smallest value at the ends of a heatmap's colour scale, so that a
/// board of tiny values does not look dramatic.
pub const HEAT_MIN_SCALE: i32 = 10;

/// How far light squares are lightened on a heatmap (0-255 per channel),
/// so the board's pattern stays visible.
pub const HEAT_LIGHT_LIFT: u8 = 14;

/// The longest text the `/` and `:` prompts take (bytes): a FEN with
/// room to spare, and a bound on what a runaway paste can add.
pub const PROMPT_MAX: usize = 512;

/// The longest comment the comment prompt takes (bytes).
pub const COMMENT_MAX: usize = 4096;

/// Moves PageUp and PageDown walk.
pub const PAGE_PLIES: usize = 10;

/// The threat view's null-move search: a small fixed budget, so that it
/// ends quickly and the analysis of the shown position starts after it
/// (depth 12 takes tapir about 0.1 s in the middlegame on one thread).
pub const THREAT_DEPTH: u32 = 12;
pub const THREAT_NODES: u64 = 2_000_000;
pub const THREAT_MOVETIME: Duration = Duration::from_millis(1_500);
