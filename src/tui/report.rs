//! The board's game report: the state of a report run (the positions of
//! the main line it analyses, the results so far, the report built from
//! them) and the background thread that runs it. The thread reports each
//! position over the event loop's channel and can be cancelled; nothing
//! reaches the game until the run is finished (then it goes in as one undo
//! step), so a cancelled report leaves the game as it was.

use crate::analysis::params::BOARD_REPORT_NODES;
use crate::analysis::{analyse_positions, Budget, GameReport, LinePosition, PlyResult};
use crate::search::SEARCH_THREAD_STACK;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One report run on the board.
#[derive(Clone, Debug)]
pub struct ReportRun {
    pub token: u64,
    pub positions: Vec<LinePosition>,
    pub results: Vec<Option<PlyResult>>,
    pub report: GameReport,
    /// Set to stop the workers between positions.
    pub cancel: Arc<AtomicBool>,
    /// Still searching.
    pub running: bool,
    /// Whether the finished report went into the game.
    pub applied: bool,
}

impl ReportRun {
    /// Positions searched so far.
    pub fn done(&self) -> usize {
        self.results.iter().filter(|r| r.is_some()).count()
    }
}

/// The report shown on the board, if any.
#[derive(Clone, Debug, Default)]
pub struct ReportState {
    pub run: Option<ReportRun>,
    pub next_token: u64,
}

/// What the report thread says.
#[derive(Clone, Debug)]
pub enum ReportMsg {
    /// Position `index` of run `token` is searched.
    Result {
        token: u64,
        index: usize,
        result: Box<PlyResult>,
    },
    /// Run `token` ended: finished, cancelled or failed (`error`).
    Done { token: u64, error: Option<String> },
}

/// A run to start in the background.
#[derive(Clone, Debug)]
pub struct ReportJob {
    pub token: u64,
    pub positions: Vec<LinePosition>,
    pub threads: usize,
    pub cancel: Arc<AtomicBool>,
}

/// Starts `job` on its own thread; `send` carries each message to the
/// event loop and says whether anyone still listens.
pub fn spawn(
    job: ReportJob,
    send: impl Fn(ReportMsg) -> bool + Send + 'static,
) -> std::io::Result<()> {
    let token = job.token;
    std::thread::Builder::new()
        .name("tapir-report".into())
        .stack_size(SEARCH_THREAD_STACK)
        .spawn(move || {
            let cancel = job.cancel.clone();
            let out = analyse_positions(
                &job.positions,
                Budget::Nodes(BOARD_REPORT_NODES),
                job.threads,
                &job.cancel,
                |index, r| {
                    let alive = send(ReportMsg::Result {
                        token,
                        index,
                        result: Box::new(r.clone()),
                    });
                    if !alive {
                        cancel.store(true, Ordering::Relaxed);
                    }
                },
            );
            send(ReportMsg::Done {
                token,
                error: out.err().map(|e| e.to_string()),
            });
        })
        .map(drop)
}
