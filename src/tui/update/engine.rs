//! The engine link: search reports become engine lines or the engine's
//! move, and after every action the wanted search (`wanted_key`) is
//! compared with the running one, so analysis restarts on any change.

use crate::chess::{move_number_text, to_san, Board, Color, Move, Position};
use crate::engine::{Bound, EngineOption, EvalKind, Limits, Score, SearchEvent, SearchInfo};
use crate::eval::teach::MoveDelta;
use crate::tui::action::Effect;
use crate::tui::app::{
    ActiveSearch, App, EngineSession, KeptLines, LineView, Mode, Purpose, SearchKey,
};
use crate::tui::book::SEED_TAG;
use crate::tui::params::{
    ENGINE_MOVETIME, LEVEL_ELO, LEVEL_MAX, LEVEL_NODES, MULTIPV_MAX, OVERDUE_GRACE, THREAT_DEPTH,
    THREAT_MOVETIME, THREAT_NODES,
};

/// How to go on once the engine has quit: said wherever a game waits on it.
pub(super) const START_AN_ENGINE: &str = ":engine NAME (or :engine tapir) starts one";

impl App {
    pub(super) fn engine_event(&mut self, token: u64, event: SearchEvent) -> bool {
        if let SearchEvent::Error(e) = event {
            // Once it has quit (said once), a search asked before the news
            // came answers "not running": nothing new. A new engine's
            // errors while it starts (before its `Using`) are news.
            if self.engine.exited.is_some()
                && self.engine.switches_sent == self.engine.switches_answered
            {
                return false;
            }
            self.error(format!("engine: {e}"));
            return true;
        }
        if let SearchEvent::Exited(e) = event {
            self.engine.exited = Some(e.clone());
            if !self.pause_for_engine(&e) {
                self.error(format!("engine: {e}"));
            }
            return true;
        }
        let threat = self
            .engine
            .search
            .as_ref()
            .is_some_and(|s| s.token == token && s.key.purpose == Purpose::Threat);
        if threat {
            return self.threat_event(event);
        }
        match self.engine.absorb(token, event, self.net.as_deref()) {
            Absorbed::Nothing => false,
            Absorbed::Changed => true,
            Absorbed::Best {
                root,
                best,
                purpose,
            } => {
                if purpose == Purpose::EngineMove {
                    if let Some(l) = self.engine.lines.first() {
                        self.play.engine_score = Some(l.score);
                    }
                    let here = matches!(self.play.mode, Mode::Play { .. })
                        && !self.play.paused
                        && *self.doc.game.board(self.play.game_end) == root;
                    if !(here && self.engine_claims(root.side_to_move())) {
                        self.engine_move(root, best);
                    }
                }
                true
            }
        }
    }

    pub(super) fn engine_move(&mut self, root: Board, best: Option<Move>) {
        let Mode::Play { human, level } = self.play.mode else {
            return;
        };
        // A flag that fell since the last tick ends the game first.
        if self.flag_falls(self.now) || self.flagged() {
            return;
        }
        let end = self.play.game_end;
        let board = *self.doc.game.board(end);
        if board != root || board.side_to_move() == human || self.play.paused {
            return;
        }
        let Some(m) = best.filter(|m| crate::chess::legal_moves(&board).contains(*m)) else {
            // An engine that quit has said so; "no move" would hide it.
            if self.engine.exited.is_none() {
                let why = format!("{} answered no legal move", self.opponent_name(level));
                if !self.pause_for_engine(&why) {
                    self.error(why);
                }
            }
            return;
        };
        let follow = self.doc.cursor == end;
        let san = to_san(&board, m);
        let clk = self.move_clock_comment(end);
        let number = move_number_text(board.fullmove_number(), board.side_to_move());
        let (node, new) = match self.play.unrecorded_book_seed.take() {
            None => self.doc.game.play_with_comment(end, m, &clk),
            Some(seed) => {
                let mut out = (end, false);
                let what = format!("add {number}{san}");
                self.doc.game.in_one_step(&what, |g| {
                    g.set_tag(SEED_TAG, Some(&seed.to_string()), end);
                    out = g.play_with_comment(end, m, &clk);
                });
                self.play.book_seed_move = Some(out.0);
                out
            }
        };
        if new {
            self.play.created.push(node);
        }
        self.play.game_end = node;
        self.play.engine_moved = true;
        if follow {
            self.doc.cursor = node;
            self.ui.selected = None;
            self.ui.drag = None;
        }
        self.switch_clock();
        if new {
            self.tree_changed();
        } else {
            // No new node, but the game's end and the clocks moved: the
            // autosave keeps where play stands.
            self.refresh();
            self.autosave();
        }
        self.info(format!("engine plays {number} {san}"));
        if self.status_at(node).is_over() {
            self.game_over_on_board();
            if follow {
                if let Some(r) = self.result_text() {
                    self.info(r);
                }
            }
        }
    }

    /// A game against an engine that quit or answered no legal move would
    /// wait for a move that never comes: it is paused instead (its clocks
    /// stop), and the status line says why and how to go on. False when no
    /// game is running, so there is nothing to pause.
    pub(super) fn pause_for_engine(&mut self, why: &str) -> bool {
        if !self.game_running() {
            return false;
        }
        if !self.play.paused {
            self.stop_game_clocks();
            self.autosave();
        }
        let next = if self.engine.exited.is_some() {
            format!("{START_AN_ENGINE}, then k goes on")
        } else {
            "k asks it again, :engine NAME plays on with another".to_string()
        };
        self.error(format!("{why}: the game is paused; {next}"));
        true
    }

    /// What the state wants the engine to work on, if anything. Cheap: no
    /// position is built unless the status of the game's end is unknown.
    pub(super) fn wanted_key(&self) -> Option<SearchKey> {
        if self.flagged() || self.editor.is_some() || self.engine_game_on() {
            return None;
        }
        match self.play.mode {
            Mode::Play { human, level } => {
                let end = self.play.game_end;
                let board = self.doc.game.board(end);
                if board.side_to_move() == human || self.play.paused {
                    return None;
                }
                let over = if self.doc.cursor == end {
                    self.view.status.is_over()
                } else {
                    self.status_at(end).is_over()
                };
                (!over).then(|| SearchKey {
                    hash: board.hash(),
                    node: end,
                    purpose: Purpose::EngineMove,
                    multipv: 1,
                    eval: self.ui.eval_view,
                    level,
                })
            }
            Mode::Analysis | Mode::TwoPlayers => {
                if let Some(key) = self.threat_key() {
                    return Some(key);
                }
                let go = self.play.analysis && crate::tui::aids::analysable(self.view.status);
                go.then(|| SearchKey {
                    hash: self.view.board.hash(),
                    node: self.doc.cursor,
                    purpose: Purpose::Analysis,
                    multipv: self.config.multipv,
                    eval: self.ui.eval_view,
                    level: LEVEL_MAX,
                })
            }
        }
    }

    /// The position, limits and engine options for a search with `key`.
    pub(super) fn search_request(&self, key: &SearchKey) -> SearchRequest {
        match key.purpose {
            Purpose::EngineMove => {
                let (mut limits, options) = level_request(key.level);
                let side = self.doc.game.board(key.node).side_to_move();
                match &self.play.clocks {
                    // Its side's first move is not timed, so no flag would
                    // end an engine that never answers it: it gets a move
                    // time (a fortieth of its clock, 4.5 s at 3+2), past
                    // which it is told to stop as an untimed game's is.
                    Some(c) if c.untimed[side.index()] => {
                        let share = c.remaining(side, self.now) / 40;
                        limits.movetime = Some(share.max(ENGINE_MOVETIME));
                    }
                    Some(c) => {
                        limits.wtime = Some(c.remaining(Color::White, self.now));
                        limits.btime = Some(c.remaining(Color::Black, self.now));
                        limits.winc = Some(c.increment);
                        limits.binc = Some(c.increment);
                    }
                    None => limits.movetime = Some(ENGINE_MOVETIME),
                }
                (self.doc.game.position_at(key.node), limits, options)
            }
            Purpose::Threat => {
                let board = self.doc.game.board(key.node).make_null();
                let limits = Limits {
                    depth: Some(THREAT_DEPTH),
                    nodes: Some(THREAT_NODES),
                    movetime: Some(THREAT_MOVETIME),
                    ..Limits::default()
                };
                (
                    Position::new(board),
                    limits,
                    vec![EngineOption::MultiPv(1), EngineOption::LimitStrength(false)],
                )
            }
            Purpose::Analysis => (
                self.doc.game.position_at(key.node),
                Limits::infinite(),
                // A position reached once before in the game is no draw
                // to the player analysing it.
                vec![
                    EngineOption::MultiPv(key.multipv),
                    EngineOption::LimitStrength(false),
                    EngineOption::AnalyseMode(true),
                ],
            ),
        }
    }

    /// Queues a command that makes the engine stop first (a new game, most
    /// settings). The running search then ends without a result worth
    /// showing or playing, so it is forgotten and the wanted search starts
    /// afresh; its late report carries a stale token and is dropped.
    pub(super) fn command_engine(&mut self, effect: Effect) {
        self.effects.push(effect);
        self.engine.forget();
    }

    /// Asks the engine thread to run `spec` (tapir's own with `None`);
    /// its answer comes as `EngineSwitched` or `EngineNotStarted`.
    pub(super) fn switch_engine(&mut self, spec: Option<crate::engine::EngineSpec>) {
        self.engine.switches_sent += 1;
        self.command_engine(Effect::UseEngine(spec));
    }

    /// One switch was answered: the engine an `:engine add` waits for,
    /// when this answer is its own.
    pub(super) fn switch_answered(&mut self) -> Option<crate::tui::config::EngineConfig> {
        let e = &mut self.engine;
        e.switches_answered += 1;
        let at = e
            .adding
            .iter()
            .position(|(n, _)| *n == e.switches_answered)?;
        Some(e.adding.remove(at).1)
    }

    /// The switch about to be counted answered: an engine `:engine NAME`
    /// chose that has `started` is the settings' `analysis_engine` from
    /// now on (the board opens with it); one that could not start is not.
    fn chosen_engine_answered(&mut self, started: bool) {
        let answer = self.engine.switches_answered + 1;
        let Some((n, name)) = self.engine.choosing.take_if(|(n, _)| *n <= answer) else {
            return;
        };
        if started && n == answer && self.config.analysis_engine != name {
            self.config.analysis_engine = name;
            self.config_changed = true;
        }
    }

    /// An engine that could not start; an `:engine add` waiting on it is
    /// not written to the settings.
    pub(super) fn engine_not_started(&mut self, e: &str) {
        self.chosen_engine_answered(false);
        let still = self
            .engine
            .external
            .as_deref()
            .unwrap_or("tapir")
            .to_string();
        match self.switch_answered() {
            Some(added) => self.error(format!(
                "engine: {e}; still {still}; {} not added to the settings",
                added.name
            )),
            None => self.error(format!("engine: {e}; still {still}")),
        }
    }

    /// The engine in use changed: its lines start afresh, and an
    /// `:engine add` it answers joins the settings.
    pub(super) fn engine_switched(&mut self, name: &str, tapir: bool, elo: Option<(i64, i64)>) {
        // In a game against the engine, the engine that played it so far
        // (after a restart, not the one that happened to start).
        let before = match self.play.mode {
            Mode::Play { .. } => self.play.engine.clone(),
            _ => self.engine.external.clone(),
        };
        self.engine.external = (!tapir).then(|| name.to_string());
        self.engine.external_elo = elo;
        // The engine the board opened with takes over no game restored
        // paused: only `:engine` hands that game to another engine.
        let opening = self.engine.opening_switch == Some(self.engine.switches_answered + 1);
        let takes_over = match self.play.mode {
            Mode::Play { human, .. } if !(opening && self.play.paused) => Some(!human),
            _ => None,
        };
        if takes_over.is_some() {
            self.name_the_new_opponent(before);
            self.play.engine = self.engine.external.clone();
        }
        self.engine.exited = None;
        self.engine.forget();
        self.chosen_engine_answered(true);
        match self.switch_answered() {
            Some(added) => {
                let kept = added.name.clone();
                if self.config.engine_named(&kept).is_none() {
                    self.config.engines.push(added);
                    self.config_changed = true;
                }
                // As `:engine NAME`: the board opens with it next time.
                if self.config.analysis_engine != kept {
                    self.config.analysis_engine = kept.clone();
                    self.config_changed = true;
                }
                let using = self.engine_in_use(name);
                self.info(format!("added engine {kept} to the settings; {using}"));
            }
            // A game restored at the start says so; the engine the board
            // opens with would only hide that.
            None if opening && self.play.mode != Mode::Analysis => {}
            // The opponent changed: said as such, not as a setting.
            None => match takes_over {
                Some(side) => self.info(format!(
                    "{name} plays {} from here in this game (the {} tag names it)",
                    side.name(),
                    side.name()
                )),
                None => self.info(self.engine_in_use(name)),
            },
        }
    }

    /// An engine that takes over a game against the engine (`:engine NAME`
    /// mid-game, as after the first one quit): the engine's side in the
    /// tags names both, "A, then B", where the game named the first last
    /// (one undo step); the record then says who played its moves. An
    /// engine that left before it moved (one still starting when `p`
    /// began the game, or one that crashed on its first search) gives its
    /// place in the tags to the new one, so no name is there that played
    /// nothing.
    fn name_the_new_opponent(&mut self, before: Option<String>) {
        let Mode::Play { human, level } = self.play.mode else {
            return;
        };
        let old = App::player_name_of(before.as_deref(), level);
        let new = App::player_name_of(self.engine.external.as_deref(), level);
        let side = match human {
            Color::White => "Black",
            Color::Black => "White",
        };
        let Some(tag) = self.doc.game.tags.get(side) else {
            return;
        };
        let earlier = match tag.strip_suffix(old.as_str()) {
            Some("") => None,
            Some(head) => match head.strip_suffix(", then ") {
                Some(head) => Some(head.to_string()),
                None => return,
            },
            None => return,
        };
        if old == new {
            return;
        }
        // A name before ", then" moved in this game: back to it, the last
        // name has moved.
        let named_last = |e: &str| e == new || e.ends_with(&format!(", then {new}"));
        let (named, moved) = match (self.play.engine_moved, earlier) {
            (true, _) => (format!("{tag}, then {new}"), false),
            (false, Some(earlier)) if named_last(&earlier) => (earlier, true),
            (false, Some(earlier)) => (format!("{earlier}, then {new}"), false),
            (false, None) => (new, false),
        };
        let at = self.doc.cursor;
        self.doc.game.set_tag(side, Some(&named), at);
        self.doc.touch();
        self.play.engine_moved = moved;
    }

    /// `e`: the views and the engine switch between NNUE and the
    /// hand-crafted evaluation.
    pub(super) fn toggle_eval_view(&mut self) {
        self.ui.eval_view = match self.ui.eval_view {
            EvalKind::Hce => EvalKind::Nnue,
            EvalKind::Nnue => EvalKind::Hce,
        };
        self.command_engine(Effect::SetOption(EngineOption::Evaluator(
            self.ui.eval_view,
        )));
        self.info(match self.ui.eval_view {
            EvalKind::Hce => "evaluation: hand-crafted (HCE), the engine too (e: back to NNUE)",
            EvalKind::Nnue => "evaluation: NNUE, the engine too (e: hand-crafted)",
        });
    }

    /// "analysing with NAME", or while nothing is analysed, which engine
    /// the board uses.
    pub(super) fn engine_in_use(&self, name: &str) -> String {
        match self.play.mode {
            Mode::Play { .. } => format!("the engine is {name}"),
            _ if self.play.analysis => format!("analysing with {name}"),
            _ => format!("the engine is {name}{}", self.start_analysis_hint()),
        }
    }

    /// " (a starts the analysis)" where `a` would: not while the analysis
    /// runs, nor during a game, where `a` asks to end it first.
    pub(super) fn start_analysis_hint(&self) -> &'static str {
        if self.play.analysis || self.any_game_running() {
            ""
        } else {
            " (a starts the analysis)"
        }
    }

    /// Starts, restarts or stops the engine so it works on what the state
    /// calls for.
    pub fn reconcile_engine(&mut self) {
        // An engine that has quit is asked nothing (the second goes on).
        let wanted = self.wanted_key().filter(|_| self.engine.exited.is_none());
        if self.engine.wants_restart(wanted.as_ref()) {
            let request = wanted.map(|k| {
                let r = self.search_request(&k);
                (k, r)
            });
            if let Some((key, (position, _, _))) = &request {
                if key.purpose == Purpose::Threat {
                    self.engine.threat.found = Some(crate::tui::aids::Threat {
                        shown: *self.doc.game.board(key.node),
                        root: *position.board(),
                        line: None,
                        done: false,
                    });
                }
            }
            let effects = self.engine.restart(request, self.now);
            self.effects.extend(effects);
        }
        self.reconcile_second();
        self.reconcile_duel();
        // A game is played without a stopped analysis's lines (two
        // players on a clock too: engine help waits for the game's end).
        if matches!(self.play.mode, Mode::Play { .. })
            || self.duel.is_some()
            || self.two_players_timed()
        {
            self.engine.kept = None;
            if let Some(s) = &mut self.second {
                s.kept = None;
            }
        }
    }
}

/// The limits and options of an engine move at `level` (1..=10): below
/// full strength, a node budget and the engine's own strength setting.
pub(super) fn level_request(level: u8) -> (Limits, Vec<EngineOption>) {
    let mut limits = Limits::default();
    let mut options = vec![EngineOption::MultiPv(1), EngineOption::AnalyseMode(false)];
    if level < LEVEL_MAX {
        let i = (level.max(1) - 1) as usize;
        limits.nodes = Some(LEVEL_NODES[i]);
        options.push(EngineOption::LimitStrength(true));
        options.push(EngineOption::Elo(LEVEL_ELO[i]));
    } else {
        options.push(EngineOption::LimitStrength(false));
    }
    (limits, options)
}

/// A search to start: the position, its limits, the engine's options.
pub(super) type SearchRequest = (Position, Limits, Vec<EngineOption>);

/// What a search report did to an engine session.
pub(super) enum Absorbed {
    /// A report of a replaced search, or a line that cannot be shown yet.
    Nothing,
    /// A line changed.
    Changed,
    /// The search ended with this move (or none) in `root`.
    Best {
        root: Board,
        best: Option<Move>,
        purpose: Purpose,
    },
}

/// What every engine session does alike, whichever link it runs on: take
/// in its search's reports, and restart when the wanted search changes.
impl EngineSession {
    /// Takes in a report of search `token` (errors are the caller's).
    pub(super) fn absorb(
        &mut self,
        token: u64,
        event: SearchEvent,
        net: Option<&crate::eval::nnue::Network>,
    ) -> Absorbed {
        let Some(search) = &mut self.search else {
            return Absorbed::Nothing;
        };
        if search.token != token {
            return Absorbed::Nothing; // a search already replaced
        }
        match event {
            SearchEvent::Info { info, .. } => {
                let root = search.root;
                let mut line = line_view(&root, &info);
                let i = line.multipv.saturating_sub(1);
                if i >= MULTIPV_MAX {
                    return Absorbed::Nothing;
                }
                // A report with no moves (Ethereal's fail-high lines say
                // only a bound) does not blank a line that has them.
                if line.first.is_none() && self.lines.get(i).is_some_and(|l| l.first.is_some()) {
                    return Absorbed::Nothing;
                }
                line.delta = match self.lines.get(i) {
                    Some(old) if old.first == line.first => old.delta,
                    _ => line.first.map(|m| MoveDelta::of_move(&root, m, net)),
                };
                if line.bound == Bound::Exact {
                    put_line(&mut self.settled, i, line.clone());
                }
                if !put_line(&mut self.lines, i, line) {
                    return Absorbed::Nothing;
                }
                Absorbed::Changed
            }
            SearchEvent::BestMove { best, .. } => {
                search.finished = true;
                Absorbed::Best {
                    root: search.root,
                    best,
                    purpose: search.key.purpose,
                }
            }
            SearchEvent::Error(_) | SearchEvent::Exited(_) => Absorbed::Nothing,
        }
    }

    /// Keeps the settled lines of an analysis of `root` that stopped,
    /// unless lines of the same position kept before went deeper.
    fn keep(&mut self, root: Board) {
        let depth = |lines: &[LineView]| lines.first().map_or(0, |l| l.depth);
        let deeper = match &self.kept {
            Some(k) if k.root == root => depth(&self.settled) >= depth(&k.lines),
            _ => true,
        };
        if deeper && !self.settled.is_empty() {
            let lines = std::mem::take(&mut self.settled);
            self.kept = Some(KeptLines { root, lines });
        }
    }

    /// Whether the running search went past its move time by
    /// `OVERDUE_GRACE` at `now`; once only (it is then sent `stop`).
    pub(super) fn take_overdue(&mut self, now: std::time::Instant) -> bool {
        let Some(s) = &mut self.search else {
            return false;
        };
        let overdue = !s.finished && s.overdue_at.is_some_and(|t| now >= t);
        if overdue {
            s.overdue_at = None;
        }
        overdue
    }

    /// Whether the running search is not the `wanted` one.
    pub(super) fn wants_restart(&self, wanted: Option<&SearchKey>) -> bool {
        wanted != self.search.as_ref().map(|s| &s.key)
    }

    /// Stops the running search (if it still runs) and starts the
    /// requested one; the effects are for this session's link.
    pub(super) fn restart(
        &mut self,
        request: Option<(SearchKey, SearchRequest)>,
        now: std::time::Instant,
    ) -> Vec<Effect> {
        let mut effects = Vec::new();
        if let Some(old) = self.search.take() {
            if !old.finished {
                effects.push(Effect::Stop);
            }
            // An analysis stopped with nothing after it but the threat
            // view keeps its lines.
            let idle = request
                .as_ref()
                .is_none_or(|(k, _)| k.purpose == Purpose::Threat);
            if idle && old.key.purpose == Purpose::Analysis {
                self.keep(old.root);
            }
        }
        self.lines.clear();
        self.settled.clear();
        if let Some((key, (position, limits, options))) = request {
            let token = self.next_token;
            self.next_token += 1;
            self.search = Some(ActiveSearch {
                token,
                key,
                root: *position.board(),
                started: now,
                overdue_at: limits.movetime.map(|t| now + t + OVERDUE_GRACE),
                finished: false,
            });
            effects.push(Effect::Search {
                token,
                position: Box::new(position),
                limits,
                options,
            });
        }
        effects
    }
}

/// Puts `line` in slot `i` of `lines`, replacing or appending; false
/// for a slot past the end (a line before the ones above it).
fn put_line(lines: &mut Vec<LineView>, i: usize, line: LineView) -> bool {
    match i.cmp(&lines.len()) {
        std::cmp::Ordering::Less => lines[i] = line,
        std::cmp::Ordering::Equal => lines.push(line),
        std::cmp::Ordering::Greater => return false,
    }
    true
}

/// Turns an engine report into a line to draw: White's view, SAN PV with
/// move numbers. Illegal PV moves (from a stale report) end the line.
pub fn line_view(root: &Board, info: &SearchInfo) -> LineView {
    let flip = root.side_to_move() == Color::Black;
    let score = match info.score {
        Score::Cp(c) if flip => Score::Cp(-c),
        Score::Mate(m) if flip => Score::Mate(-m),
        s => s,
    };
    // A bound is on the side to move's score: seen from White's side a
    // lower bound for Black is an upper one.
    let bound = match (info.bound, flip) {
        (Bound::Lower, true) => Bound::Upper,
        (Bound::Upper, true) => Bound::Lower,
        (b, _) => b,
    };
    LineView {
        multipv: info.multipv.max(1),
        depth: info.depth,
        seldepth: info.seldepth,
        score,
        bound,
        nodes: info.nodes,
        nps: info.nps,
        hashfull: info.hashfull,
        time: info.time,
        pv: pv_san(root, &info.pv),
        moves: legal_prefix(root, &info.pv),
        first: info
            .pv
            .first()
            .copied()
            .filter(|&m| crate::chess::legal_moves(root).contains(m)),
        delta: None,
    }
}

/// The PV's moves up to the first that is not legal (a stale report).
fn legal_prefix(root: &Board, pv: &[Move]) -> Vec<Move> {
    let mut out = Vec::with_capacity(pv.len());
    let mut b = *root;
    for &m in pv {
        if !crate::chess::legal_moves(&b).contains(m) {
            break;
        }
        out.push(m);
        b = b.make(m);
    }
    out
}

/// "12. e4 e5 13. Nf3" (or "12... e5 13. Nf3" with Black to move).
pub fn pv_san(root: &Board, pv: &[Move]) -> String {
    let mut out = String::with_capacity(pv.len() * 6);
    let mut b = *root;
    for (i, &m) in pv.iter().enumerate() {
        if !crate::chess::legal_moves(&b).contains(m) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if b.side_to_move() == Color::White || i == 0 {
            out.push_str(&move_number_text(b.fullmove_number(), b.side_to_move()));
            out.push(' ');
        }
        out.push_str(&to_san(&b, m));
        b = b.make(m);
    }
    out
}
