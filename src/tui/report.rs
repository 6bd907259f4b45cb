//! The board's game report: the state of a report run (the positions of
//! the main line it analyses, the results so far, the report built from
//! them) and the background thread that runs it. The thread reports each
//! position over the event loop's channel and can be cancelled; nothing
//! reaches the game until the run is finished (then it goes in as one undo
//! step), so a cancelled report leaves the game as it was. `ReportPair` is
//! what the Deltas view shows of one explanation: its two positions side
//! by side with the numbers its sentence quotes.

use crate::analysis::annotate::Written;
use crate::analysis::line::san_line;
use crate::analysis::score::signed_pawns;
use crate::analysis::{analyse_positions, Budget, GameReport, LinePosition, MoveReport, PlyResult};
use crate::chess::{Board, Color};
use crate::game::NodeId;
use crate::search::SEARCH_THREAD_STACK;
use crate::tb::Tablebases;
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
    /// `J`: the Deltas view shows the shown move's explanation as its two
    /// positions side by side (it follows the shown move).
    pub pair_open: bool,
    /// That explanation, when the shown move has one.
    pub pair: Option<ReportPair>,
    /// What each report in the game wrote into it, the latest last: a
    /// report run again takes the latest's out before it writes its own.
    /// Ctrl-Z of a report moves its record to `undone` and Ctrl-Y back;
    /// Emacs's undo of an undone report ("the undo of ...") forgets both
    /// (the game then holds what the board no longer knows the origin of,
    /// and keeps it as a file's own), as does another game.
    pub written: Vec<Written>,
    pub undone: Vec<Written>,
}

/// One explanation's two positions and the numbers its sentence quotes:
/// the search's scores around the move, and each named term difference
/// (and their total) of the two positions' traces, the mover's view, in
/// pawns as the sentence writes them.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportPair {
    /// The move explained (the shown position's last move).
    pub node: NodeId,
    /// "4...Nb4?! inaccuracy".
    pub head: String,
    /// The search's scores before and after the move, White's view.
    pub before: String,
    pub after: String,
    pub mover: Color,
    /// The played move and the line after it; the better line (SAN).
    pub played: String,
    pub better: String,
    /// Where the two lines end.
    pub played_end: Board,
    pub better_end: Board,
    /// Named term differences (played end minus better end): name, pawns;
    /// then the other terms' together, as the sentence says them.
    pub terms: Vec<(String, String)>,
    /// Every term's difference together; else why the sentence quotes no
    /// terms ("a mate decides").
    pub total: Result<String, &'static str>,
    /// The explanation itself.
    pub text: String,
}

impl ReportPair {
    /// The pair of `m`'s explanation; `before` is the position before it.
    pub fn of(m: &MoveReport, before: &Board) -> Option<ReportPair> {
        let x = m.explanation.as_ref()?;
        let class = m.class?;
        let label = san_line(before, &x.played_line[..x.played_line.len().min(1)]);
        Some(ReportPair {
            node: m.node,
            head: format!("{label}{} {}", class.glyph(), class.name()),
            before: m.before.display(),
            after: m.after.display(),
            mover: m.mover,
            played: san_line(before, &x.played_line),
            better: san_line(before, &x.better_line),
            played_end: x.played_end,
            better_end: x.better_end,
            terms: {
                let mut v: Vec<(String, String)> = (x.terms.iter())
                    .map(|&(t, d)| (t.name().to_lowercase(), signed_pawns(d)))
                    .collect();
                // As the sentence says them: the list adds up to the total.
                let others = x.other_terms();
                if !v.is_empty() && others != 0 {
                    v.push(("other terms".to_string(), signed_pawns(others)));
                }
                v
            },
            total: if x.terms_said {
                Ok(signed_pawns(x.total))
            } else if x.played_end.is_stalemate() || x.better_end.is_stalemate() {
                Err("a stalemate decides")
            } else {
                Err("a mate decides")
            },
            text: x.text.clone(),
        })
    }
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
    /// Nodes searched per position.
    pub nodes: u64,
    /// The board's Syzygy tables: their verdicts where they hold a position.
    pub tables: Option<Arc<Tablebases>>,
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
                Budget::Nodes(job.nodes),
                job.threads,
                job.tables.clone(),
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
