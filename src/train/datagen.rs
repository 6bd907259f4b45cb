//! Self-play data generation, everything but the search itself: seeded
//! random openings, the game loop with adjudication, the filter that
//! decides which positions become training records, and a multi-threaded
//! driver that writes games in a fixed order. The search is reached
//! through the `Searcher` trait so the engine can be plugged in later
//! (`tapir datagen` wires it up).
//!
//! Every game is a function of (seed, game index) alone: its random
//! opening comes from its own generator stream and the searcher is reset
//! before it, so the output does not depend on thread timing.

use super::params::{
    DATAGEN_DRAW_CP, DATAGEN_DRAW_MIN_PLY, DATAGEN_DRAW_PLIES, DATAGEN_MAX_PLIES,
    DATAGEN_OPENING_MAX_CP, DATAGEN_OPENING_TRIES, DATAGEN_RANDOM_PLIES, DATAGEN_WIN_CP,
    DATAGEN_WIN_PLIES,
};
use super::record::{GameResult, Record, RecordWriter};
use super::rng::Rng;
use crate::chess::{legal_moves, Board, Color, GameStatus, Move, Position};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

/// A search score from the side to move's point of view, its mates counted
/// in plies (`search::Score` counts them in moves, as UCI does).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PlyScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates.
    Mate(i32),
}

impl PlyScore {
    /// The same score from White's point of view.
    pub fn white_view(self, stm: Color) -> PlyScore {
        match self {
            PlyScore::Cp(cp) => PlyScore::Cp(cp * stm.sign()),
            PlyScore::Mate(n) => PlyScore::Mate(n * stm.sign()),
        }
    }
}

/// What one search returned.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    pub best: Move,
    pub score: PlyScore,
}

/// The engine as datagen sees it: a fixed-node search of a position with
/// its game history (for repetitions).
pub trait Searcher {
    /// Searches `pos` with about `nodes` nodes and returns the best legal
    /// move and its score. Must be deterministic for a given state.
    fn search(&mut self, pos: &Position, nodes: u64) -> SearchResult;
    /// Forgets everything learnt (hash table, histories) before a new
    /// game, so each game depends on its seed alone.
    fn new_game(&mut self);
}

/// Knobs of one datagen run.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Nodes per move.
    pub nodes: u64,
    /// Random plies of each opening (one more for half the games, so both
    /// colours start).
    pub random_plies: usize,
    /// An opening is kept only if the search scores it within this.
    pub opening_max_cp: i32,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            nodes: 5000,
            random_plies: DATAGEN_RANDOM_PLIES,
            opening_max_cp: DATAGEN_OPENING_MAX_CP,
        }
    }
}

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    AdjudicatedWin,
    AdjudicatedDraw,
    MaxLength,
}

/// One finished game: its kept positions, labelled with its result.
#[derive(Clone, Debug)]
pub struct Game {
    pub records: Vec<Record>,
    pub result: GameResult,
    pub ending: Ending,
    pub plies: usize,
}

/// A position and its search result become a record only if it is quiet
/// and its score is an evaluation: not in check, best move neither a
/// capture nor a promotion, no mate score.
pub fn keep_position(board: &Board, r: &SearchResult) -> bool {
    !board.in_check() && !r.best.is_noisy() && matches!(r.score, PlyScore::Cp(_))
}

/// Plays `plies` uniformly random legal moves from the start position;
/// `None` if the game ended on the way.
pub fn random_opening(rng: &mut Rng, plies: usize) -> Option<Position> {
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = legal_moves(pos.board());
        if moves.is_empty() {
            return None;
        }
        pos.make(moves.as_slice()[rng.below(moves.len())]);
    }
    (!pos.status().is_over()).then_some(pos)
}

/// Decides games early once the search is sure: a win when one side's
/// score stays beyond `DATAGEN_WIN_CP` (or is a mate) for
/// `DATAGEN_WIN_PLIES` plies in a row, a draw when the score stays within
/// `DATAGEN_DRAW_CP` for `DATAGEN_DRAW_PLIES` plies after ply
/// `DATAGEN_DRAW_MIN_PLY`.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    /// Consecutive plies White (index 0) or Black (1) was winning.
    winning: [usize; 2],
    quiet: usize,
}

impl Adjudicator {
    /// Feeds the score (White's view) of the position at game ply `ply`.
    pub fn update(&mut self, ply: usize, white: PlyScore) -> Option<GameResult> {
        let (w_winning, b_winning, drawish) = match white {
            PlyScore::Mate(n) => (n > 0, n < 0, false),
            PlyScore::Cp(cp) => (
                cp >= DATAGEN_WIN_CP,
                cp <= -DATAGEN_WIN_CP,
                cp.abs() <= DATAGEN_DRAW_CP,
            ),
        };
        self.winning[0] = if w_winning { self.winning[0] + 1 } else { 0 };
        self.winning[1] = if b_winning { self.winning[1] + 1 } else { 0 };
        self.quiet = if drawish && ply >= DATAGEN_DRAW_MIN_PLY {
            self.quiet + 1
        } else {
            0
        };
        if self.winning[0] >= DATAGEN_WIN_PLIES {
            Some(GameResult::WhiteWin)
        } else if self.winning[1] >= DATAGEN_WIN_PLIES {
            Some(GameResult::BlackWin)
        } else if self.quiet >= DATAGEN_DRAW_PLIES {
            Some(GameResult::Draw)
        } else {
            None
        }
    }
}

/// Finds a balanced random opening for game `index` of `seed`.
fn opening<S: Searcher>(
    searcher: &mut S,
    cfg: &DatagenConfig,
    rng: &mut Rng,
    index: u64,
) -> Result<Position> {
    for _ in 0..DATAGEN_OPENING_TRIES {
        let plies = cfg.random_plies + (index % 2) as usize;
        let Some(pos) = random_opening(rng, plies) else {
            continue;
        };
        if let PlyScore::Cp(cp) = searcher.search(&pos, cfg.nodes).score {
            if cp.abs() <= cfg.opening_max_cp {
                return Ok(pos);
            }
        }
    }
    bail!("no balanced opening found in {DATAGEN_OPENING_TRIES} tries")
}

/// Plays game `index` of the run seeded `seed` and returns its records.
pub fn play_game<S: Searcher>(
    searcher: &mut S,
    cfg: &DatagenConfig,
    seed: u64,
    index: u64,
) -> Result<Game> {
    searcher.new_game();
    let mut rng = Rng::derive(seed, index);
    let mut pos = opening(searcher, cfg, &mut rng, index)?;
    searcher.new_game();
    let mut kept: Vec<(Board, i16)> = Vec::new();
    let mut adjudicator = Adjudicator::default();
    let (result, ending) = loop {
        let board = *pos.board();
        let ply = pos.ply();
        match pos.status() {
            GameStatus::Checkmate => {
                break (
                    GameResult::win_for(!board.side_to_move()),
                    Ending::Checkmate,
                )
            }
            GameStatus::Stalemate => break (GameResult::Draw, Ending::Stalemate),
            GameStatus::Repetition => break (GameResult::Draw, Ending::Repetition),
            GameStatus::FiftyMoves => break (GameResult::Draw, Ending::FiftyMoves),
            GameStatus::InsufficientMaterial => {
                break (GameResult::Draw, Ending::InsufficientMaterial)
            }
            GameStatus::Ongoing => {}
        }
        if ply >= DATAGEN_MAX_PLIES {
            break (GameResult::Draw, Ending::MaxLength);
        }
        let r = searcher.search(&pos, cfg.nodes);
        if !board.is_legal(r.best) {
            bail!(
                "the search returned an illegal move {} in {}",
                r.best,
                board.to_fen()
            );
        }
        let white = r.score.white_view(board.side_to_move());
        if keep_position(&board, &r) {
            if let PlyScore::Cp(cp) = white {
                kept.push((board, cp.clamp(-32000, 32000) as i16));
            }
        }
        if let Some(res) = adjudicator.update(ply, white) {
            let ending = if res == GameResult::Draw {
                Ending::AdjudicatedDraw
            } else {
                Ending::AdjudicatedWin
            };
            break (res, ending);
        }
        pos.make(r.best);
    };
    let records = kept
        .iter()
        .map(|(b, s)| Record::from_board(b, *s, result))
        .collect::<Result<Vec<_>>>()?;
    Ok(Game {
        records,
        result,
        ending,
        plies: pos.ply(),
    })
}

/// Progress of a datagen run.
#[derive(Clone, Copy, Debug)]
pub struct DatagenProgress {
    pub games: u64,
    pub total_games: u64,
    pub positions: u64,
    pub secs: f64,
}

/// Plays `games` games on `threads` threads (one searcher each, made by
/// `make_searcher`) and appends their records to `out` in game order.
/// Returns the number of positions written.
pub fn run_datagen<S, F>(
    make_searcher: F,
    cfg: &DatagenConfig,
    games: u64,
    threads: usize,
    seed: u64,
    out: &mut RecordWriter,
    on_progress: &mut dyn FnMut(DatagenProgress),
) -> Result<u64>
where
    S: Searcher,
    F: Fn() -> S + Sync,
{
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let (tx, rx) = mpsc::channel::<(u64, Result<Game>)>();
    std::thread::scope(|s| -> Result<u64> {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop, make) = (&next, &stop, &make_searcher);
            let spawned = std::thread::Builder::new()
                .stack_size(crate::search::SEARCH_THREAD_STACK)
                .spawn_scoped(s, move || {
                    let mut searcher = make();
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed) as u64;
                        if i >= games {
                            break;
                        }
                        let g = play_game(&mut searcher, cfg, seed, i);
                        if tx.send((i, g)).is_err() {
                            break;
                        }
                    }
                });
            spawned.context("cannot start a datagen thread")?;
        }
        drop(tx);
        // Write strictly in game order, holding games that finish early.
        let mut pending: BTreeMap<u64, Game> = BTreeMap::new();
        let (mut written_games, mut positions) = (0u64, 0u64);
        let result = (|| -> Result<()> {
            for (i, g) in rx.iter() {
                pending.insert(i, g?);
                while let Some(g) = pending.remove(&written_games) {
                    for r in &g.records {
                        out.write(r)?;
                    }
                    out.flush()?;
                    written_games += 1;
                    positions += g.records.len() as u64;
                    on_progress(DatagenProgress {
                        games: written_games,
                        total_games: games,
                        positions,
                        secs: start.elapsed().as_secs_f64(),
                    });
                }
            }
            Ok(())
        })();
        if result.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        result.map(|()| positions)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{noisy_moves, PieceType};
    use crate::train::record::read_records;

    /// A stand-in for the engine: one ply of material, ties broken by a
    /// hash of the move, so games are varied but deterministic.
    struct Greedy;

    fn material(b: &Board) -> i32 {
        const V: [i32; 6] = [100, 300, 300, 500, 900, 0];
        PieceType::ALL
            .iter()
            .map(|&k| {
                V[k.index()]
                    * (b.colored(Color::White, k).count() as i32
                        - b.colored(Color::Black, k).count() as i32)
            })
            .sum()
    }

    impl Searcher for Greedy {
        fn search(&mut self, pos: &Position, _nodes: u64) -> SearchResult {
            let b = pos.board();
            let us = b.side_to_move();
            let mut best = (i32::MIN, Move::NULL, 0);
            for &m in legal_moves(b).iter() {
                let after = b.make(m);
                let score = if after.is_checkmate() {
                    100_000
                } else {
                    material(&after) * us.sign()
                };
                let tie = (after.hash() ^ b.hash()).wrapping_mul(0x9E37) >> 40;
                if (score, tie) > (best.0, best.2) {
                    best = (score, m, tie);
                }
            }
            let score = if best.0 == 100_000 {
                PlyScore::Mate(1)
            } else {
                PlyScore::Cp(best.0)
            };
            SearchResult {
                best: best.1,
                score,
            }
        }

        fn new_game(&mut self) {}
    }

    #[test]
    fn openings_are_seeded_and_legal() {
        let a = random_opening(&mut Rng::new(1), 8).unwrap();
        let b = random_opening(&mut Rng::new(1), 8).unwrap();
        assert_eq!(a.board(), b.board());
        assert_eq!(a.ply(), 8);
        let c = random_opening(&mut Rng::new(2), 8).unwrap();
        assert_ne!(a.board(), c.board());
    }

    #[test]
    fn filter_skips_checks_noisy_moves_and_mates() {
        let quiet = Board::startpos();
        let m = legal_moves(&quiet).as_slice()[0];
        let cp = SearchResult {
            best: m,
            score: PlyScore::Cp(10),
        };
        assert!(keep_position(&quiet, &cp));
        let mate = SearchResult {
            score: PlyScore::Mate(3),
            ..cp
        };
        assert!(!keep_position(&quiet, &mate));
        let capture_pos =
            Board::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
                .unwrap();
        let capture = noisy_moves(&capture_pos).as_slice()[0];
        let noisy = SearchResult {
            best: capture,
            ..cp
        };
        assert!(!keep_position(&capture_pos, &noisy));
        let check = Board::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
        let out = SearchResult {
            best: legal_moves(&check).as_slice()[0],
            ..cp
        };
        assert!(!keep_position(&check, &out));
    }

    #[test]
    fn adjudication_rules() {
        let mut a = Adjudicator::default();
        for ply in 0..DATAGEN_WIN_PLIES - 1 {
            assert_eq!(a.update(ply, PlyScore::Cp(DATAGEN_WIN_CP)), None);
        }
        assert_eq!(
            a.update(9, PlyScore::Cp(DATAGEN_WIN_CP + 5)),
            Some(GameResult::WhiteWin)
        );
        // An interruption resets the count; mates count as winning.
        let mut a = Adjudicator::default();
        for ply in 0..DATAGEN_WIN_PLIES - 1 {
            a.update(ply, PlyScore::Mate(-5));
        }
        assert_eq!(a.update(20, PlyScore::Cp(0)), None);
        for ply in 0..DATAGEN_WIN_PLIES - 1 {
            assert_eq!(a.update(ply, PlyScore::Mate(-5)), None);
        }
        assert_eq!(a.update(30, PlyScore::Mate(-3)), Some(GameResult::BlackWin));
        // Draws only late in the game.
        let mut a = Adjudicator::default();
        for ply in 0..DATAGEN_DRAW_PLIES * 2 {
            assert_eq!(a.update(ply, PlyScore::Cp(0)), None);
        }
        let mut got = None;
        for ply in DATAGEN_DRAW_MIN_PLY..DATAGEN_DRAW_MIN_PLY + DATAGEN_DRAW_PLIES {
            got = a.update(ply, PlyScore::Cp(3));
        }
        assert_eq!(got, Some(GameResult::Draw));
    }

    #[test]
    fn games_are_labelled_filtered_and_deterministic() {
        let cfg = DatagenConfig {
            nodes: 1,
            ..DatagenConfig::default()
        };
        let g = play_game(&mut Greedy, &cfg, 7, 0).unwrap();
        let again = play_game(&mut Greedy, &cfg, 7, 0).unwrap();
        assert_eq!(g.records, again.records);
        assert!(!g.records.is_empty());
        for r in &g.records {
            assert_eq!(r.result, g.result);
            let b = r.to_board().unwrap();
            assert!(!b.in_check());
        }
        let other = play_game(&mut Greedy, &cfg, 7, 1).unwrap();
        assert_ne!(g.records, other.records);
    }

    #[test]
    fn output_is_the_same_for_any_thread_count() {
        let dir = std::env::temp_dir().join(format!("tapir-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cfg = DatagenConfig {
            nodes: 1,
            ..DatagenConfig::default()
        };
        let mut files = Vec::new();
        for threads in [1, 2, 3] {
            let path = dir.join(format!("t{threads}.bin"));
            let _ = std::fs::remove_file(&path);
            let mut w = RecordWriter::append(&path).unwrap();
            let mut last = None;
            let n = run_datagen(|| Greedy, &cfg, 6, threads, 3, &mut w, &mut |p| {
                last = Some(p)
            })
            .unwrap();
            drop(w);
            let p = last.unwrap();
            assert_eq!((p.games, p.positions), (6, n));
            assert_eq!(read_records(&path).unwrap().records.len() as u64, n);
            files.push(std::fs::read(&path).unwrap());
        }
        assert!(files.windows(2).all(|w| w[0] == w[1]));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
