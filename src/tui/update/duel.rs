//! Engine against engine (`:match`, `k`): starting the two engines on
//! their links, asking the side to move for its move with the clocks,
//! playing it into the tree, and ending the game with its result written
//! in: a mate or a draw on the board, a flag fall, or an engine that
//! crashed or answered no legal move (a loss for it, with a note).

use super::clocks::new_clocks;
use super::engine::{level_request, Absorbed};
use crate::chess::{legal_moves, move_number_text, to_san, Color, GameStatus, Move};
use crate::engine::SearchEvent;
use crate::game::NodeId;
use crate::tui::action::Effect;
use crate::tui::app::{App, EngineSession, Mode, Purpose, SearchKey};
use crate::tui::duel::{Duel, MatchChoice, Player, PlayerChoice};
use crate::tui::engine_link::{EngineReport, LinkId};
use crate::tui::params::LEVEL_MAX;
use crate::tui::widgets::result_display;
use std::time::{Duration, Instant};

/// Why a game against the engine cannot start now.
/// Why no game starts from a position that ends the game (checkmate,
/// stalemate, a draw by rule).
pub(super) const GAME_OVER_HERE: &str =
    "the shown position ends the game: nothing to play (go back a move, or n for a new game)";

pub(super) const ENGINE_GAME_ON: &str =
    "an engine game is on (:match): :match off stops it first, k pauses it";

impl App {
    /// `:match WHITE BLACK [TC]` and `:match off`.
    pub(super) fn match_command(&mut self, choice: MatchChoice) {
        let MatchChoice::Start {
            white,
            black,
            base,
            increment,
        } = choice
        else {
            return match self.duel.as_ref().map(|d| d.result.is_none()) {
                Some(true) => self.stop_duel(
                    "engine game stopped; its moves stay in the tree (k or :match off again clears its clocks)",
                ),
                Some(false) => {
                    self.close_duel();
                    self.info("engine game closed");
                }
                None => self.info("no engine game is running"),
            };
        };
        if matches!(self.play.mode, Mode::Play { .. }) {
            return self.error("a game against the engine is on: a ends it first");
        }
        // Two players' clocks (and a flag still to fall) belong to their
        // game, not to the engines'.
        if self.play.mode == Mode::TwoPlayers {
            return self.error("the board is in two players' mode: a leaves it first");
        }
        if self.editor.is_some() {
            return self.error("the board editor is open: Esc or Enter first");
        }
        if self.view.status.is_over() {
            return self.error(GAME_OVER_HERE);
        }
        // A finished game's main line is its record: engines playing on
        // from its end would write over its result and add to it move by
        // move (Ctrl-Z would take them back one at a time).
        if let Some(result) = self.result_play_clears() {
            return self.error(format!(
                "this game is over ({result}): the engines play from a move before its end (as a variation) or on :new"
            ));
        }
        let players = match (self.player(&white), self.player(&black)) {
            (Ok(w), Ok(b)) => [w, b],
            (Err(e), _) | (_, Err(e)) => return self.error(format!(":match: {e}")),
        };
        // A game already on gives way (its moves stay).
        if self.duel.is_some() {
            self.close_duel();
        }
        let start = self.doc.cursor;
        let to_move = self.view.board.side_to_move();
        let mut clocks = new_clocks(base, increment, to_move, self.now);
        // Neither clock runs until both engines have started.
        clocks.stopped = true;
        for c in [Color::White, Color::Black] {
            let spec = players[c.index()].spec.clone();
            self.effects.push(Effect::Link(
                LinkId::player(c),
                Box::new(Effect::UseEngine(spec)),
            ));
            self.effects
                .push(Effect::Link(LinkId::player(c), Box::new(Effect::NewGame)));
        }
        // A new game is named after its players, whatever names the empty
        // game carried (a game against tapir given up before its first
        // move, a loaded one with no moves): the moves to come are theirs.
        // The names go in once both engines run (see `write_players`).
        let names_to_write = self
            .doc
            .game
            .is_empty()
            .then(|| crate::tui::control::pgn_time_control(base, increment));
        let after = self.tree().children(start).len();
        let names = format!("{} - {}", players[0].name, players[1].name);
        self.duel = Some(Duel {
            players,
            start,
            end: start,
            clocks,
            paused: false,
            result: None,
            names_to_write,
        });
        self.info(if after > 0 {
            format!("engine game {names}: starting; a move the game has here is followed, any other goes in as a new variation (k pauses, Ctrl-Z takes moves back)")
        } else {
            format!("engine game {names}: starting (k pauses, :match off stops)")
        });
    }

    /// Who plays a side: tapir at a level, a configured engine, a program.
    fn player(&self, choice: &PlayerChoice) -> Result<Player, String> {
        let level = choice.level;
        let (name, spec) = if choice.name.eq_ignore_ascii_case("tapir") {
            (player_name("tapir", level), None)
        } else {
            let spec = match self.config.engine_named(&choice.name) {
                Some(e) => e.spec(),
                None => crate::tui::files::engine_from_line(&choice.name)?,
            };
            (player_name(&spec.label(), level), Some(spec))
        };
        Ok(Player {
            name,
            spec,
            level,
            session: EngineSession::default(),
            ready: false,
            last_error: None,
        })
    }

    /// Names an engine game that began on an empty game after its two
    /// engines, once both run: White, Black, the TimeControl and a Date
    /// if it has none, as one edit Ctrl-Z takes back.
    fn write_players(&mut self) {
        let Some(duel) = &mut self.duel else {
            return;
        };
        let Some(control) = duel.names_to_write.take() else {
            return;
        };
        let names = [duel.players[0].name.clone(), duel.players[1].name.clone()];
        let start = duel.start;
        self.doc.game.in_one_step("the engine game's players", |g| {
            let tags = [
                ("White", names[0].as_str()),
                ("Black", names[1].as_str()),
                ("TimeControl", control.as_str()),
            ];
            for (tag, value) in tags {
                if g.tags.get(tag) != Some(value) {
                    g.set_tag(tag, Some(value), start);
                }
            }
            if g.tags.known("Date").is_none() {
                let today = crate::tui::files::today();
                g.set_tag("Date", Some(&today), start);
            }
        });
        self.tree_changed();
    }

    /// A report of an engine game player's link.
    pub(super) fn duel_report(&mut self, link: LinkId, report: EngineReport) -> bool {
        let Some(duel) = &mut self.duel else {
            return false;
        };
        let Some(side) = [Color::White, Color::Black]
            .into_iter()
            .find(|&c| LinkId::player(c) == link)
        else {
            return false;
        };
        let player = &mut duel.players[side.index()];
        match report {
            EngineReport::Using { name, tapir, .. } => {
                player.ready = true;
                // A program is called what it calls itself ("Ethereal
                // 12.00", not "ethereal-chess"); a configured engine
                // keeps its configured name (the link reports that).
                if !tapir {
                    player.name = player_name(&name, player.level);
                }
                if duel.both_ready() && duel.live() {
                    duel.clocks.stopped = false;
                    duel.clocks.since = self.now;
                    let names = duel.pairing();
                    self.write_players();
                    self.info(format!("engine game {names}: playing (k pauses)"));
                }
                true
            }
            EngineReport::NotStarted(e) => {
                // The engine did not start: no game.
                let name = player.name.clone();
                self.close_duel();
                self.error(format!("engine game not started: {name}: {e}"));
                true
            }
            EngineReport::Error(e)
            | EngineReport::OptionRefused { why: e, .. }
            | EngineReport::Event {
                event: SearchEvent::Error(e) | SearchEvent::Exited(e),
                ..
            } => {
                player.last_error = Some(e.clone());
                let name = player.name.clone();
                self.error(format!("{name}: {e}"));
                true
            }
            EngineReport::Event { token, event } => {
                match player.session.absorb(token, event, self.net.as_deref()) {
                    Absorbed::Nothing => false,
                    Absorbed::Changed => true,
                    Absorbed::Best { root, best, .. } => {
                        self.duel_move(side, root, best);
                        true
                    }
                }
            }
        }
    }

    /// The engine playing `side` answered `best` in `root`.
    fn duel_move(&mut self, side: Color, root: crate::chess::Board, best: Option<Move>) {
        // A flag that fell since the last tick ends the match first.
        self.duel_tick(self.now);
        let Some(duel) = &self.duel else {
            return;
        };
        let end = duel.end;
        let board = *self.doc.game.board(end);
        if !duel.live() || board != root || board.side_to_move() != side {
            return; // paused or stopped meanwhile: the answer is stale
        }
        let player = &duel.players[side.index()];
        let Some(m) = best.filter(|m| legal_moves(&board).contains(*m)) else {
            let why = match &player.last_error {
                Some(e) => format!("{} failed ({e})", player.name),
                None => format!("{} answered no legal move", player.name),
            };
            return self.finish_duel(Some(!side), &why, "Rules infraction");
        };
        let follow = self.doc.cursor == end;
        let san = to_san(&board, m);
        let now = self.now;
        let clk = duel.clocks.clock_comment(side, now);
        let (node, new) = self.doc.game.play_with_comment(end, m, &clk);
        if let Some(d) = &mut self.duel {
            d.end = node;
            let c = &mut d.clocks;
            let used = now.saturating_duration_since(c.since);
            c.left[side.index()] = c.left[side.index()].saturating_sub(used) + c.increment;
            c.running = !side;
            c.since = now;
        }
        if follow {
            self.doc.cursor = node;
            self.ui.selected = None;
        }
        self.moved_to(new);
        let number = move_number_text(board.fullmove_number(), side);
        let name = self
            .duel
            .as_ref()
            .map_or(String::new(), |d| d.players[side.index()].name.clone());
        self.info(format!("{name} plays {number} {san}"));
        let status = self.doc.game.status_at(node);
        if status.is_over() {
            let winner = (status == GameStatus::Checkmate).then_some(side);
            let how = match status {
                GameStatus::Checkmate => "checkmate",
                GameStatus::Stalemate => "stalemate",
                GameStatus::Repetition => "threefold repetition",
                GameStatus::FiftyMoves => "fifty-move rule",
                _ => "insufficient material",
            };
            self.finish_duel(winner, how, "Normal");
        }
    }

    /// Ends the engine game: `winner` (`None`: a draw) and why, written
    /// as a comment on its last move and, when that move ends the main
    /// line, into the Result and Termination (PGN's word for why) tags.
    fn finish_duel(&mut self, winner: Option<Color>, why: &str, termination: &str) {
        let Some(duel) = &mut self.duel else {
            return;
        };
        let score = match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        // Two engines of one name (tapir:1 against tapir:1): the colour.
        let same_names = duel.players[0].name == duel.players[1].name;
        let verdict = match winner {
            Some(c) if same_names => format!("{} wins", c.name()),
            Some(c) => format!("{} wins", duel.players[c.index()].name),
            None => "draw".to_string(),
        };
        let text = format!("{why} · {verdict} {score}");
        let names = duel.players.each_ref().map(|p| p.name.clone());
        duel.clocks.stop(self.now);
        duel.result = Some(text.clone());
        let end = duel.end;
        for s in &mut duel.players {
            s.session.search = None;
        }
        for c in [Color::White, Color::Black] {
            self.effects.push(Effect::CloseLink(LinkId::player(c)));
        }
        // An engine that fails before the first move of an empty game
        // leaves its result there too: the note goes before the moves.
        let on_main = self.tree().is_main_line_end(end);
        // A finished record's own result, which the engines' does not replace.
        let stays = self.result_stays(score).filter(|_| on_main);
        let writable = self.tree().is_attached(end) && (end != NodeId::ROOT || on_main);
        if writable {
            // The comment says why, a sentence; the score follows the last
            // move in the movetext, so it is not said twice.
            let old = self.tree().node(end).comment.clone();
            let note = super::endings::append_sentence(&old, &sentence(why, &verdict, &names));
            let main = on_main && stays.is_none();
            let at = self.doc.cursor;
            self.doc.game.in_one_step(&format!("result {score}"), |g| {
                g.set_comment(end, false, &note);
                if main {
                    g.set_tag("Result", Some(score), at);
                    g.set_tag("Termination", Some(termination), at);
                }
            });
            self.tree_changed();
        }
        let kept = stays.map_or(String::new(), |r| {
            format!(
                "; the game's Result {} stays (:tag Result sets it)",
                result_display(r)
            )
        });
        self.info(format!("engine game over: {text} (k closes it){kept}"));
    }

    /// Stops a running engine game without a result (its moves stay).
    fn stop_duel(&mut self, why: &str) {
        if let Some(d) = &mut self.duel {
            d.clocks.stop(self.now);
            d.result = Some("stopped".into());
            for p in &mut d.players {
                p.session.search = None;
            }
        }
        for c in [Color::White, Color::Black] {
            self.effects.push(Effect::CloseLink(LinkId::player(c)));
        }
        self.info(why.to_string());
    }

    /// Takes the engine game off the board (its engines end).
    pub(super) fn close_duel(&mut self) {
        if self.duel.take().is_some() {
            for c in [Color::White, Color::Black] {
                self.effects.push(Effect::CloseLink(LinkId::player(c)));
            }
        }
    }

    /// `k`: pauses or resumes the engine game (or the game against the
    /// engine); closes an engine game that is over.
    pub(super) fn pause_duel(&mut self) {
        let now = self.now;
        let Some(d) = &mut self.duel else {
            if self.tracks_game_end() {
                return self.pause_game();
            }
            return self.info(
                "no game to pause: p plays the engine, :match WHITE BLACK [MIN+SEC] starts an engine game",
            );
        };
        if d.result.is_some() {
            self.close_duel();
            return self.info("engine game closed; analysis as before");
        }
        if d.paused {
            d.paused = false;
            if d.both_ready() {
                d.clocks.stopped = false;
                d.clocks.since = now;
            }
            self.info(if self.doc.game.can_redo() {
                "engine game resumed (what Ctrl-Y holds stays within Ctrl-Z's reach)"
            } else {
                "engine game resumed"
            });
        } else {
            self.hold_duel();
            self.info("engine game paused: k resumes");
        }
    }

    /// Pauses a live engine game (its clocks stop, its engines wait);
    /// whether it was live.
    pub(super) fn hold_duel(&mut self) -> bool {
        let now = self.now;
        let Some(d) = self.duel.as_mut().filter(|d| d.live()) else {
            return false;
        };
        d.paused = true;
        d.clocks.stop(now);
        true
    }

    /// The side to move's engine searches the game's last position; the
    /// other waits. Moves deleted from under the game stop it.
    pub(super) fn reconcile_duel(&mut self) {
        let Some(d) = &self.duel else {
            return;
        };
        if d.result.is_none() && !self.tree().is_attached(d.end) {
            self.stop_duel("the engine game's position was deleted: engine game stopped");
        }
        let Some(d) = &self.duel else {
            return;
        };
        let board = *self.doc.game.board(d.end);
        let to_move = board.side_to_move();
        for side in [Color::White, Color::Black] {
            let Some(d) = &self.duel else {
                return;
            };
            let p = &d.players[side.index()];
            let wanted = (d.live() && d.both_ready() && side == to_move).then(|| SearchKey {
                hash: board.hash(),
                node: d.end,
                purpose: Purpose::EngineMove,
                multipv: 1,
                eval: self.ui.eval_view,
                level: p.level,
            });
            if !p.session.wants_restart(wanted.as_ref()) {
                continue;
            }
            let request = wanted.map(|k| {
                let (mut limits, options) = level_request(k.level);
                limits.wtime = Some(d.clocks.remaining(Color::White, self.now));
                limits.btime = Some(d.clocks.remaining(Color::Black, self.now));
                limits.winc = Some(d.clocks.increment);
                limits.binc = Some(d.clocks.increment);
                let position = self.doc.game.position_at(k.node);
                (k, (position, limits, options))
            });
            let now = self.now;
            if let Some(d) = &mut self.duel {
                let effects = d.players[side.index()].session.restart(request, now);
                self.effects.extend(
                    effects
                        .into_iter()
                        .map(|e| Effect::Link(LinkId::player(side), Box::new(e))),
                );
            }
        }
    }

    /// A flag fall in the engine game: the side whose clock ran out loses
    /// (true: the game ended now).
    pub(super) fn duel_tick(&mut self, now: Instant) -> bool {
        let Some(d) = &self.duel else {
            return false;
        };
        let c = &d.clocks;
        if c.ticking() && c.remaining(c.running, now).is_zero() {
            let loser = c.running;
            let name = d.players[loser.index()].name.clone();
            // A lone king cannot mate: the flag then draws (FIDE 6.9).
            let lone_king = !crate::tui::app::flag_loses_on(self.doc.game.board(d.end), loser);
            if let Some(d) = &mut self.duel {
                d.clocks.left[loser.index()] = Duration::ZERO;
                d.clocks.since = now;
            }
            if lone_king {
                let why = format!("{name} ran out of time against a lone king");
                self.finish_duel(None, &why, TIME_FORFEIT);
            } else {
                self.finish_duel(Some(!loser), &format!("{name} lost on time"), TIME_FORFEIT);
            }
            return true;
        }
        false
    }
}

/// PGN's `Termination` for a game that ran out of time.
const TIME_FORFEIT: &str = "Time forfeit";

/// An engine game's end as a comment: "Checkmate: fool wins."
fn sentence(why: &str, verdict: &str, names: &[String; 2]) -> String {
    let mut chars = why.chars();
    // A sentence begins with a capital, but a name stays as it is spelled
    // ("ethereal-chess failed", not "Ethereal-chess").
    let why = match chars.next() {
        _ if names.iter().any(|n| why.starts_with(n)) => why.to_string(),
        Some(c) => c.to_uppercase().chain(chars).collect::<String>(),
        None => String::new(),
    };
    let verdict = if verdict == "draw" { "a draw" } else { verdict };
    format!("{why}: {verdict}.")
}

/// A player's name at a level: "tapir L3", or the name alone at full strength.
fn player_name(name: &str, level: u8) -> String {
    if level < LEVEL_MAX {
        format!("{name} L{level}")
    } else {
        name.to_string()
    }
}
