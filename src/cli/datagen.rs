//! `tapir datagen`: self-play training data with tapir's own search. Wires
//! the search (`search::FixedSearch`, one per thread with its own table)
//! into `train::datagen`, appends records to the output file and draws a
//! progress bar on stderr; the summary goes to stdout.
//!
//! Appending: a fresh (or empty) file is played with `--seed` itself; a
//! file that already holds R records is played with a seed derived from
//! (seed, R), so appended games never repeat the ones already there and
//! the same command on the same file still gives the same bytes.

use super::progress::Progress;
use crate::chess::Position;
use crate::eval::nnue::{default_net_checked, nnue_is_default, Network};
use crate::search::score::{is_mate, MATE};
use crate::search::FixedSearch;
use crate::train::bullet::DataFormat;
use crate::train::datagen::{
    run_datagen, DatagenConfig, DatagenProgress, PlyScore, SearchResult, Searcher,
};
use crate::train::params::{DATAGEN_HASH_MB, MAX_THREADS};
use crate::train::record::RecordWriter;
use crate::train::rng::Rng;
use anyhow::{bail, Result};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Parsed `tapir datagen` arguments.
#[derive(clap::Args)]
pub struct DatagenArgs {
    /// Data file (32-byte records); appended to if it exists.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play with this NNUE net instead of the built-in one.
    #[arg(long, value_name = "PATH", conflicts_with = "hce")]
    pub net: Option<PathBuf>,
    /// Play with the hand-crafted evaluation instead of a net.
    #[arg(long)]
    pub hce: bool,
    /// Record layout: tapir's own (what `tapir train` reads) or bullet's
    /// (bulletformat, for the bullet GPU trainer).
    #[arg(long, value_enum, default_value_t = DataFormatArg::Tapir)]
    pub format: DataFormatArg,
}

/// `--format` on the command line: `train::bullet::DataFormat` with clap's
/// help text, kept here so that the trainer does not depend on clap.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DataFormatArg {
    /// tapir's lossless 32-byte record (the default; `tapir train` reads it).
    Tapir,
    /// bulletformat's 32-byte `ChessBoard`, for the bullet GPU trainer.
    Bullet,
}

impl From<DataFormatArg> for DataFormat {
    fn from(f: DataFormatArg) -> DataFormat {
        match f {
            DataFormatArg::Tapir => DataFormat::Tapir,
            DataFormatArg::Bullet => DataFormat::Bullet,
        }
    }
}

/// tapir's search as datagen's `Searcher`.
pub struct EngineSearcher {
    search: FixedSearch,
}

impl EngineSearcher {
    /// A searcher with its own table, evaluating with `net` (or the
    /// hand-crafted eval).
    pub fn new(net: Option<Arc<Network>>) -> Result<EngineSearcher> {
        let mut search = FixedSearch::new(DATAGEN_HASH_MB).map_err(anyhow::Error::msg)?;
        search.set_network(net);
        Ok(EngineSearcher { search })
    }
}

/// A search score in datagen's terms (mates in plies).
fn to_datagen_score(s: i32) -> PlyScore {
    if !is_mate(s) {
        PlyScore::Cp(s)
    } else if s > 0 {
        PlyScore::Mate(MATE - s)
    } else {
        PlyScore::Mate(-(MATE + s))
    }
}

impl Searcher for EngineSearcher {
    fn search(&mut self, pos: &Position, nodes: u64) -> SearchResult {
        let history = pos.repetition_hashes();
        match self.search.search(pos.board(), &history, nodes) {
            Some(r) => SearchResult {
                best: r.best,
                score: to_datagen_score(r.score),
            },
            // Never asked: the game loop stops at mate and stalemate first.
            None => SearchResult {
                best: crate::chess::Move::NULL,
                score: PlyScore::Cp(0),
            },
        }
    }

    fn new_game(&mut self) {
        self.search.clear();
    }
}

/// The seed the games are played with (see the module comment).
pub fn effective_seed(seed: u64, existing_records: u64) -> u64 {
    if existing_records == 0 {
        seed
    } else {
        Rng::derive(seed, existing_records).next_u64()
    }
}

pub fn run(args: DatagenArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.nodes == 0 {
        bail!("--nodes must be at least 1");
    }
    if args.threads == 0 || args.threads > MAX_THREADS {
        bail!("--threads must be between 1 and {MAX_THREADS}");
    }
    // Fail on a bad net or table size before any file is touched. The
    // engine's own evaluator plays unless told otherwise: data for the
    // next net comes from the net that is built in now.
    let net = match &args.net {
        Some(p) => Some(Arc::new(
            Network::load_named(p).map_err(anyhow::Error::msg)?,
        )),
        None if args.hce || !nnue_is_default() => None,
        None => default_net_checked()
            .map_err(|e| anyhow::anyhow!("the built-in net is invalid: {e}"))?,
    };
    EngineSearcher::new(net.clone())?;
    let mut out = RecordWriter::append_as(&args.out, args.format.into())?;
    if out.dropped_bytes > 0 {
        eprintln!(
            "warning: {} ended in a partial record ({} bytes), cut",
            args.out.display(),
            out.dropped_bytes
        );
    }
    let seed = effective_seed(args.seed, out.existing);
    if out.existing > 0 {
        outln!(
            "appending to {} ({} records already there): seed {} derived from {}",
            args.out.display(),
            out.existing,
            seed,
            args.seed
        );
    }
    let cfg = DatagenConfig {
        nodes: args.nodes,
        ..DatagenConfig::default()
    };
    let start = Instant::now();
    // A log gets a line every 30 s.
    let mut bar = Progress::new(Some(Duration::from_secs(30)));
    let positions = run_datagen(
        || EngineSearcher::new(net.clone()).expect("table size checked above"),
        &cfg,
        args.games,
        args.threads,
        seed,
        &mut out,
        &mut |p: DatagenProgress| {
            if bar.due(p.games >= p.total_games) {
                bar.show(&format!(
                    "games {}/{} {}  {} positions  {:.0} pos/s",
                    p.games,
                    p.total_games,
                    Progress::bar(p.games as f64 / p.total_games.max(1) as f64, p.secs),
                    p.positions,
                    p.positions as f64 / p.secs.max(1e-9),
                ));
            }
        },
    )?;
    out.flush()?;
    bar.clear();
    let secs = start.elapsed().as_secs_f64();
    outln!(
        "wrote {positions} {} position{} from {} game{} to {} in {secs:.1} s: {:.0} positions/s ({} nodes/move, {} thread(s), {})",
        match args.format {
            DataFormatArg::Tapir => "tapir",
            DataFormatArg::Bullet => "bulletformat",
        },
        if positions == 1 { "" } else { "s" },
        args.games,
        if args.games == 1 { "" } else { "s" },
        args.out.display(),
        positions as f64 / secs.max(1e-9),
        args.nodes,
        args.threads,
        match (&args.net, &net) {
            (Some(p), _) => format!("NNUE {}", p.display()),
            (None, Some(_)) => "NNUE, the built-in net".to_string(),
            (None, None) => "HCE".to_string(),
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_seeds() {
        assert_eq!(to_datagen_score(35), PlyScore::Cp(35));
        assert_eq!(to_datagen_score(MATE - 3), PlyScore::Mate(3));
        assert_eq!(to_datagen_score(-(MATE - 2)), PlyScore::Mate(-2));
        assert_eq!(effective_seed(9, 0), 9);
        assert_ne!(effective_seed(9, 100), effective_seed(9, 101));
        assert_ne!(effective_seed(9, 100), 9);
    }
}
