//! The engine as the board sees it: the search it waits on, the lines
//! it shows, and the lines a stopped analysis keeps.

use crate::chess::{Board, Move};
use crate::engine::{Bound, EvalKind, Score};
use crate::eval::teach::MoveDelta;
use crate::game::NodeId;
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    Analysis,
    EngineMove,
    /// The threat view's null-move search: the shown position with the
    /// move passed to the other side, at a small fixed budget.
    Threat,
}

/// Identifies what a search is about; a different key means restart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchKey {
    pub hash: u64,
    /// The node searched (its history is part of what is searched).
    pub node: NodeId,
    pub purpose: Purpose,
    pub multipv: usize,
    pub eval: EvalKind,
    pub level: u8,
}

/// The search the board is waiting on.
#[derive(Clone, Debug)]
pub struct ActiveSearch {
    pub token: u64,
    pub key: SearchKey,
    pub root: Board,
    pub started: Instant,
    /// When, with a move time, it is overdue and is sent `stop`
    /// (`OVERDUE_GRACE` after the time; `None` once stop was sent).
    pub overdue_at: Option<Instant>,
    /// Its `BestMove` arrived.
    pub finished: bool,
}

/// The engine as the board sees it: the running search and its lines.
#[derive(Clone, Debug)]
pub struct EngineSession {
    pub search: Option<ActiveSearch>,
    pub lines: Vec<LineView>,
    /// Each line's last report of a finished depth (an exact score, not a
    /// bound met part way): what an analysis keeps when it is stopped.
    pub settled: Vec<LineView>,
    pub next_token: u64,
    /// The external engine's name; `None` while tapir's own analyses.
    pub external: Option<String>,
    /// The `UCI_Elo` values the running engine takes (`None`: it has no
    /// `UCI_Elo`): a level's Elo is shown as the engine is given it.
    pub external_elo: Option<(i64, i64)>,
    /// The threat view (`t`): on or off, and the threat found.
    pub threat: crate::tui::aids::ThreatView,
    /// Engine switches sent and answered so far: the engine thread
    /// answers each, in order, with the engine it runs or why it could not.
    pub switches_sent: u64,
    pub switches_answered: u64,
    /// Engines `:engine add` keeps in the settings once they have started
    /// (one that cannot start is not kept), each with the number of the
    /// switch that starts it.
    pub adding: Vec<(u64, crate::tui::config::EngineConfig)>,
    /// The engine `:engine NAME` (or `tapir`: empty) chose, with the
    /// number of the switch that starts it: the settings'
    /// `analysis_engine` once it has started.
    pub choosing: Option<(u64, String)>,
    /// The number of the switch that starts the board's own engine when it
    /// opens (the settings' or `--engine`'s): that engine takes over no
    /// game restored against another, which waits for `:engine`.
    pub opening_switch: Option<u64>,
    /// The lines of the last analysis stopped with lines of a finished
    /// depth (analysis switched off): while no analysis runs and the board
    /// shows their position, they stay in the pane, and `s`, `l` and a
    /// click use them, as on Lichess.
    pub kept: Option<KeptLines>,
    /// How the external engine's process ended by itself, once it has: it
    /// is asked nothing more until an engine is started (`:engine`).
    pub exited: Option<String>,
}

/// A stopped analysis's lines and the position they are about.
#[derive(Clone, Debug)]
pub struct KeptLines {
    pub root: Board,
    pub lines: Vec<LineView>,
}

impl Default for EngineSession {
    fn default() -> Self {
        EngineSession {
            search: None,
            lines: Vec::new(),
            settled: Vec::new(),
            next_token: 1,
            external: None,
            external_elo: None,
            threat: Default::default(),
            switches_sent: 0,
            switches_answered: 0,
            adding: Vec::new(),
            choosing: None,
            opening_switch: None,
            kept: None,
            exited: None,
        }
    }
}

impl EngineSession {
    /// Whether the engine is searching right now.
    pub fn searching(&self) -> bool {
        self.search.as_ref().is_some_and(|s| !s.finished)
    }

    /// Forgets the search and every line: the engine changed, or was told
    /// something that makes what it said stale; a late report of the old
    /// search carries a stale token and is dropped.
    pub fn forget(&mut self) {
        self.search = None;
        self.lines.clear();
        self.settled.clear();
        self.kept = None;
    }

    /// The lines when they analyse `board` (a running analysis's, or a
    /// stopped one's), else none.
    pub fn lines_for(&self, board: &Board) -> &[LineView] {
        if let Some(k) = self.kept_for(board) {
            return &k.lines;
        }
        match &self.search {
            Some(s) if s.key.purpose == Purpose::Analysis && s.root == *board => &self.lines,
            _ => &[],
        }
    }

    /// The lines a pane shows while the board shows `board`: a stopped
    /// analysis's of `board`, else the running (or last finished) search's.
    pub fn shown_lines(&self, board: &Board) -> &[LineView] {
        match (self.kept_for(board), &self.search) {
            (Some(k), _) => &k.lines,
            (None, Some(_)) => &self.lines,
            (None, None) => &[],
        }
    }

    /// The stopped analysis's lines, when they are about `board` and no
    /// other analysis or engine move is being searched (the threat view's
    /// short search leaves them).
    pub fn kept_for(&self, board: &Board) -> Option<&KeptLines> {
        let idle = self
            .search
            .as_ref()
            .is_none_or(|s| s.key.purpose == Purpose::Threat);
        self.kept
            .as_ref()
            .filter(|k| idle && k.root == *board && !k.lines.is_empty())
    }
}

/// One engine line ready to draw: score from White's view, PV in SAN.
#[derive(Clone, Debug, PartialEq)]
pub struct LineView {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time: Duration,
    pub pv: String,
    /// The PV's moves that are legal from the root, in order.
    pub moves: Vec<Move>,
    /// The PV's first move, when it is legal in the root.
    pub first: Option<Move>,
    /// What that move changes (filled in by the reducer, reused while the
    /// line's first move stays the same).
    pub delta: Option<MoveDelta>,
}
