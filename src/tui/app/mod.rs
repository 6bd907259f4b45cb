//! `App`: everything the board knows, as owned parts with one job each:
//! the game and where the board is in it (`doc`), the engine's search and
//! lines (`engine`), who plays and the clocks (`play`), how things are
//! shown (`ui`: orientation, selection, teaching views, the move list's
//! layout), the dialogs and the status line (`dialogs`), and the facts
//! derived from the shown position (`view`). The reducer (`update/`) is
//! the only code that changes it; each widget reads the parts it draws.
//!
//! Values derived from the shown position (legal moves, status, eval
//! trace, the squares behind each term, piece values, the network's view,
//! the last move's deltas, FEN) are computed once per change in
//! `refresh`, so a frame only formats.
//!
//! The parts' own types live beside it, a file each: `play` (the mode, a
//! game's state, the clocks), `engine_session` (the search waited on and
//! its lines), `dialogs` (the overlays, the prompt, the messages). They
//! are re-exported here, so `app::Clocks` names each wherever it is kept.

use super::action::Effect;
use super::config::Config;
use super::document::Document;
use super::game_evals::GameEvals;
use super::heat::{Heat, HeatKey};
use super::movetext::MoveText;
use super::teach::Teach;
use crate::chess::{legal_moves, Board, Color, GameStatus, Move, Square};
use crate::engine::{EvalKind, Score};
use crate::eval::hce::attribution::{attribute, Contribution};
use crate::eval::nnue::{explain, Network, NnueExplain};
use crate::eval::teach::{hce_piece_values, MoveDelta};
use crate::eval::{trace, Trace};
use crate::game::{Game, NodeId};
use std::sync::Arc;
use std::time::Instant;

mod dialogs;
mod engine_session;
mod play;

pub use dialogs::*;
pub use engine_session::*;
pub use play::*;

/// How the board is shown: orientation, selection, the teaching views and
/// what they derived, the move list's layout.
#[derive(Clone, Debug)]
pub struct UiState {
    pub flipped: bool,
    /// The board was turned by a game the human played as Black, not by
    /// `f`: the next game opened in analysis is shown from White's side.
    pub flipped_for_game: bool,
    /// The keyboard cursor on the board, when shown.
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    /// Where a mouse drag started and where it is now.
    pub drag: Option<(Square, Option<Square>)>,
    /// Where a right-button drag (a shape being drawn) started, and its
    /// colour.
    pub shape_from: Option<(Square, crate::game::shapes::ShapeColor)>,
    pub eval_view: EvalKind,
    pub teach: Teach,
    /// The board overlay the teaching views ask for, and what it was made from.
    pub heat: Option<Heat>,
    pub heat_key: Option<HeatKey>,
    /// Both evaluations of every position, for the move list's markers.
    pub game_evals: GameEvals,
    /// The move list laid out for its width, and its scroll.
    pub moves: MoveText,
    pub show_frame_times: bool,
    /// How far the help overlay is scrolled.
    pub help_scroll: u16,
    /// The colours the terminal announced at start (`config.colors` may
    /// ask for others).
    pub color_env: super::theme::ColorDepth,
    /// Whether the terminal draws chess glyphs (`pieces = "auto"`).
    pub glyphs_env: bool,
}

/// Facts about the shown position, computed once per change.
#[derive(Clone, Debug)]
pub struct View {
    pub board: Board,
    pub legal: Vec<Move>,
    pub status: GameStatus,
    pub trace: Trace,
    /// Every term's contributions with the squares they come from.
    pub attribution: Vec<Contribution>,
    /// Each piece's hand-crafted worth (eval minus eval without it), White's view.
    pub hce_pieces: [Option<i32>; 64],
    /// The pieces without which the side not to move would be in check:
    /// their values are of a position no game reaches (said beside them).
    pub exposing: crate::chess::Bitboard,
    /// The network's evaluation opened up, when a net is loaded.
    pub nnue: Option<NnueExplain>,
    pub fen: String,
    /// The move that led here, for highlighting (none after a null move).
    pub last_move: Option<Move>,
    /// The position before it.
    pub before: Option<Board>,
    /// What that move changed, term by term (mover's view).
    pub last_delta: Option<MoveDelta>,
    /// The opening's name: the last named position on the way here
    /// (filled by `refresh`).
    pub opening: Option<crate::game::Opening>,
    /// The document revision and node `opening` was found for.
    pub opening_of: Option<(u64, NodeId)>,
    /// The book's moves here, heaviest first (filled by `refresh`).
    pub book: Vec<crate::book::BookMove>,
    /// Why the book could not say (a file that is not a book).
    pub book_error: Option<String>,
}

impl View {
    /// `played`: the position is a game being played, where threefold
    /// repetition and the fifty-move rule wait for a claim
    /// (`Position::played_status`).
    pub fn compute(game: &Game, at: NodeId, net: Option<&Network>, played: bool) -> View {
        let tree = game.tree();
        let position = game.position_at(at);
        let status = if played {
            position.played_status()
        } else {
            position.status()
        };
        let board = *tree.board(at);
        let node = tree.node(at);
        let before = node.parent().map(|p| *tree.board(p));
        let last_move = before.filter(|_| !node.is_null()).map(|_| node.mv());
        View {
            legal: legal_moves(&board).as_slice().to_vec(),
            status,
            trace: trace(&board),
            attribution: attribute(&board),
            hce_pieces: hce_piece_values(&board),
            exposing: crate::eval::teach::exposing_pieces(&board),
            nnue: net.map(|n| explain(n, &board)),
            fen: board.to_fen(),
            last_delta: match (before, last_move) {
                (Some(b), Some(m)) => Some(MoveDelta::of_move(&b, m, net)),
                _ => None,
            },
            opening: None,
            opening_of: None,
            book: Vec::new(),
            book_error: None,
            before,
            last_move,
            board,
        }
    }
}

/// How the shown position ended the game, so the headline and the eval
/// bar can show the result instead of an evaluation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// This side is checkmated.
    Mated(Color),
    /// This side ran out of time.
    Flagged(Color),
    Draw,
}

/// The whole state of the board.
pub struct App {
    pub doc: Document,
    pub engine: EngineSession,
    /// A second engine analysing beside the first (`:engine second`); its
    /// `external` is its name, tapir's included.
    pub second: Option<EngineSession>,
    /// The second engine's session while `:engine second` starts another
    /// in its place: the old engine keeps running if the new one cannot
    /// start, and its session comes back.
    pub second_switching: Option<EngineSession>,
    /// The settings' name (`tapir` or an `[[engine]]`'s) of the second
    /// engine `:engine second NAME` is starting: written to
    /// `second_engine` once it runs (a command line is not a name).
    pub second_choosing: Option<String>,
    /// Two engines playing each other (`:match`).
    pub duel: Option<super::duel::Duel>,
    pub play: PlayState,
    pub ui: UiState,
    pub dialogs: Dialogs,
    /// Derived from the shown position.
    pub view: View,
    pub config: Config,
    /// The Syzygy tables and the shown position's entry in them.
    pub tb: super::tablebase::TbState,
    /// Settings changed and not yet written back (the runtime writes them
    /// to config.toml as soon as it can, and clears this).
    pub config_changed: bool,
    /// Why settings changed here cannot be written back at exit (the
    /// settings file did not read at start); said when the first changes.
    pub settings_not_saved: Option<String>,
    /// The folder where tapir keeps sessions aside (its data folder, made
    /// canonical at start): only a game loaded from there may name the
    /// file `:save` puts it back in (`TapirFile`); any other file's such
    /// tags are left out, so no file a user opens can steer a save onto
    /// another.
    pub sessions_dir: Option<std::path::PathBuf>,
    /// The net the board shows (and the engine uses for NNUE), if any.
    pub net: Option<Arc<Network>>,
    /// The opening book shown and played from.
    pub book: super::book::BookState,
    /// The board editor, while a position is being set up.
    pub editor: Option<super::editor::Editor>,
    /// The set-ups Esc left editors with (FEN-like), oldest first, at most
    /// `LEFT_SETUPS_KEPT`: the next editor's Ctrl-Z brings them back, the
    /// last first.
    pub left_setup: Vec<String>,
    pub screen: (u16, u16),
    pub now: Instant,
    pub quit: bool,
    /// The quit goes ahead even when the last autosave failed: a signal or
    /// Ctrl-C asked for it, or the user answered a dialog that said so.
    pub quit_anyway: bool,
    /// Why the last autosave could not be written (`None` once one is).
    /// A quit then asks again, and the exit keeps the game elsewhere.
    pub autosave_failed: Option<String>,
    pub effects: Vec<Effect>,
    /// The game report (`r`), running or finished.
    pub report: super::report::ReportState,
}

impl App {
    /// The engine's name in a game against it at `level`: the engine that
    /// plays the game (`play.engine`: one restored after a restart is
    /// named while another runs, until `:engine` starts it again), its
    /// own name or tapir's with its level. The clocks panel and the game's
    /// White/Black tags say the same.
    pub fn opponent_name(&self, level: u8) -> String {
        App::player_name_of(self.play.engine.as_deref(), level)
    }

    /// Who a level is asked of when `engine` plays (`None`: tapir): what
    /// the level means for it (see `level_strength`).
    pub fn level_for(&self, engine: Option<&str>) -> crate::tui::widgets::clocks::LevelFor {
        use crate::tui::widgets::clocks::LevelFor;
        match engine {
            None => LevelFor::Tapir,
            Some(name) if self.engine.external.as_deref() == Some(name) => {
                LevelFor::Engine(self.engine.external_elo)
            }
            Some(_) => LevelFor::EngineNotRunning,
        }
    }

    /// The name a game records for an engine: an external one's own, or
    /// tapir's with its level.
    pub fn player_name_of(external: Option<&str>, level: u8) -> String {
        match external {
            Some(engine) => engine.to_string(),
            None => format!("tapir level {level}"),
        }
    }

    /// A board without a net: the hand-crafted view, NNUE views empty.
    pub fn new(config: Config, game: Game) -> App {
        App::with_net(config, game, None)
    }

    /// A board with `net` for the NNUE views. It opens on the evaluator the
    /// engine searches with: the net's, when the build makes NNUE the
    /// default and there is a net to show.
    pub fn with_net(config: Config, game: Game, net: Option<Arc<Network>>) -> App {
        let doc = Document::new(game);
        let view = View::compute(&doc.game, doc.cursor, net.as_deref(), false);
        let eval_view = match net {
            Some(_) => EvalKind::default_for_build(),
            None => EvalKind::Hce,
        };
        let analysis = config.autostart_analysis;
        let (tb, tb_report) =
            super::tablebase::TbState::open(&super::files::expand_folders(&config.syzygy_path));
        // The settings' tables, missing or broken, are said at the start
        // (`:messages` keeps it), as `:syzygy` says them.
        let tb_problem = tb_report
            .filter(|r| r.files == 0 || !r.problems.is_empty())
            .map(|r| {
                let each: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
                let summary = format!("syzygy_path {}: {}", config.syzygy_path, r.summary());
                (summary, each)
            });
        let mut app = App {
            doc,
            engine: EngineSession::default(),
            second: None,
            second_switching: None,
            second_choosing: None,
            duel: None,
            play: PlayState {
                analysis,
                ..PlayState::default()
            },
            ui: UiState {
                flipped: false,
                flipped_for_game: false,
                cursor: None,
                selected: None,
                drag: None,
                shape_from: None,
                eval_view,
                teach: Teach::default(),
                heat: None,
                heat_key: None,
                game_evals: GameEvals::default(),
                moves: MoveText::default(),
                show_frame_times: false,
                help_scroll: 0,
                color_env: super::theme::ColorDepth::TrueColor,
                glyphs_env: true,
            },
            dialogs: Dialogs::default(),
            view,
            config,
            tb,
            config_changed: false,
            settings_not_saved: None,
            sessions_dir: None,
            net,
            book: super::book::BookState::default(),
            editor: None,
            left_setup: Vec::new(),
            screen: (120, 40),
            now: Instant::now(),
            quit: false,
            quit_anyway: false,
            autosave_failed: None,
            effects: Vec::new(),
            report: Default::default(),
        };
        app.refresh();
        app.reconcile_engine();
        if let Some((summary, each)) = tb_problem {
            app.error(summary);
            app.note_problems("syzygy_path", &each);
        }
        app.said_tb_problem();
        app
    }

    /// The effects queued by updates since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    /// The colours to draw with: the theme at the depth the settings and
    /// the terminal allow.
    pub fn theme(&self) -> super::theme::Theme {
        let depth = super::theme::ColorDepth::from_setting(self.config.colors, self.ui.color_env);
        super::theme::Theme::get(self.config.theme, depth)
    }

    /// How pieces are drawn: the setting, `auto` decided by the terminal.
    pub fn pieces(&self) -> super::config::PieceStyle {
        self.config.pieces.resolve(self.ui.glyphs_env)
    }

    pub fn board(&self) -> &Board {
        &self.view.board
    }

    pub fn tree(&self) -> &crate::game::GameTree {
        self.doc.game.tree()
    }

    /// Legal targets of the selected piece.
    pub fn targets(&self) -> impl Iterator<Item = &Move> {
        let sel = self.ui.selected;
        self.view
            .legal
            .iter()
            .filter(move |m| Some(m.from()) == sel)
    }

    /// Whether the engine is searching right now.
    pub fn searching(&self) -> bool {
        self.engine.searching()
    }

    /// Whether something on screen changes with time alone.
    pub fn is_live(&self) -> bool {
        self.searching()
            || self.play.clocks.as_ref().is_some_and(Clocks::ticking)
            || self.duel.as_ref().is_some_and(|d| d.clocks.ticking())
    }

    /// The result ("0-1") a game against the engine started at the shown
    /// move would clear: the main line's end of a game that has one (what
    /// `Game::clear_result` takes there).
    pub fn result_play_clears(&self) -> Option<String> {
        let result = self.doc.game.tags.get("Result")?.trim();
        (result != "*" && self.tree().is_main_line_end(self.doc.cursor)).then(|| result.to_string())
    }

    /// Whether a game is being played, against the engine or two players
    /// on a clock: not over on the board or by a flag fall (a paused game
    /// counts).
    pub fn any_game_running(&self) -> bool {
        self.tracks_game_end()
            && self
                .play
                .clocks
                .as_ref()
                .is_none_or(|c| c.flagged.is_none())
            && !self.status_at(self.play.game_end).is_over()
    }

    /// Whether an engine game (`:match`) is on: started, not over, paused
    /// or not. The engine's links are its own while it lasts.
    pub fn engine_game_on(&self) -> bool {
        self.duel.as_ref().is_some_and(|d| d.result.is_none())
    }

    /// Whether the game report is searching (not yet done or cancelled).
    pub fn report_running(&self) -> bool {
        self.report.run.as_ref().is_some_and(|r| r.running)
    }

    /// The file `s` saves the game in before `what` goes on ("The game is
    /// not saved. Quit anyway?"): the game's own file, when it has one and
    /// nothing else is going on (a game played, an engine game, a report,
    /// the board editor), so that a save and the step asked for are all.
    pub fn save_first_target(&self, what: &ConfirmWhat) -> Option<&std::path::Path> {
        let asks = matches!(what, ConfirmWhat::Quit | ConfirmWhat::Replace(_));
        let busy = self.editor.is_some()
            || self.any_game_running()
            || self.engine_game_on()
            || self.report_running();
        if !asks || busy || !self.doc.unsaved || !self.doc.has_work() {
            return None;
        }
        self.doc.own_file().map(|o| o.path.as_path())
    }

    /// Whether a game against the engine is being played.
    pub fn game_running(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. }) && self.any_game_running()
    }

    /// Whether two players play on a clock: the game has an end of its
    /// own (`PlayState::game_end`), where every move goes, as in a game
    /// against the engine.
    pub fn two_players_timed(&self) -> bool {
        self.play.mode == Mode::TwoPlayers && self.play.clocks.is_some()
    }

    /// Whether the moves of a game go at its own end (`game_end`) rather
    /// than at the shown position: against the engine, or two players on
    /// a clock.
    pub fn tracks_game_end(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. }) || self.two_players_timed()
    }

    /// Whether a two-player game on a clock is being played.
    pub fn two_players_running(&self) -> bool {
        self.play.mode == Mode::TwoPlayers && self.any_game_running()
    }

    /// Where each widget goes on this board's screen (the evaluation
    /// panel shown or not), for drawing and for the mouse alike.
    pub fn areas(&self) -> super::layout::Areas {
        super::layout::for_screen(self.screen.0, self.screen.1, self.config.panel)
    }

    /// Whether the evaluation (and the book row, which would suggest a
    /// move as it does) is hidden: during a game against the engine or
    /// two players' game on a clock, as over a real board, unless the
    /// settings show it (`show_eval_in_games`, `:showeval`).
    pub fn eval_hidden(&self) -> bool {
        let on_a_clock = self.two_players_timed() && self.two_players_running();
        !self.config.show_eval_in_games && (self.game_running() || on_a_clock)
    }

    /// The rules' verdict at `node`: in a game against the engine, as
    /// FIDE's rules give it to a game being played (threefold and fifty
    /// moves wait for a claim), else as an analysis board judges it.
    pub fn status_at(&self, node: NodeId) -> GameStatus {
        let position = self.doc.game.position_at(node);
        if self.plays_by_claims() {
            position.played_status()
        } else {
            position.status()
        }
    }

    /// Whether draws by threefold repetition and the fifty-move rule are
    /// claimed rather than automatic: in a game against the engine.
    pub fn plays_by_claims(&self) -> bool {
        matches!(self.play.mode, Mode::Play { .. })
    }

    /// Whether the board shows the last position of the game against the
    /// engine (or, in other modes, the end of its line).
    pub fn at_game_end(&self) -> bool {
        if self.tracks_game_end() {
            self.doc.cursor == self.play.game_end
        } else {
            self.doc.at_line_end()
        }
    }

    /// The score to show in the eval bar, White's view: the first engine
    /// line of an analysis of the shown position, else the static eval.
    pub fn display_score(&self) -> Score {
        match self.lines_here().first() {
            Some(l) => l.score,
            None => Score::Cp(self.static_eval()),
        }
    }

    /// The engine lines when they analyse the shown position, else none.
    pub fn lines_here(&self) -> &[LineView] {
        self.engine.lines_for(&self.view.board)
    }

    /// The static evaluation being viewed (`e` switches), White's view, in
    /// centipawns: the network's when the NNUE view is on and a net is
    /// loaded (the panel says when none is), the hand-crafted one otherwise.
    pub fn static_eval(&self) -> i32 {
        match (self.ui.eval_view, &self.view.nnue) {
            (EvalKind::Nnue, Some(e)) => e.final_white(),
            _ => self.view.trace.tapered,
        }
    }

    /// Whether running out of time loses for `side` in the game against
    /// the engine: not when the other side has only its king, which could
    /// never mate (FIDE 6.9), and the flag draws.
    pub fn flag_loses(&self, side: Color) -> bool {
        flag_loses_on(self.doc.game.board(self.play.game_end), side)
    }

    /// The result, when the shown position ends the game.
    pub fn outcome(&self) -> Option<Outcome> {
        let flagged = self.play.clocks.as_ref().and_then(|c| c.flagged);
        if let Some(loser) = flagged.filter(|_| self.at_game_end()) {
            return Some(if self.flag_loses(loser) {
                Outcome::Flagged(loser)
            } else {
                Outcome::Draw
            });
        }
        match self.view.status {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate => Some(Outcome::Mated(self.view.board.side_to_move())),
            _ => Some(Outcome::Draw),
        }
    }

    /// The number beside the board's title: the result once the game is
    /// over ("1-0", "0-1", "½-½"), else the score of `display_score`, said
    /// to be the search's ("d18 +0.35") or the static evaluation's
    /// ("static +0.21").
    pub fn headline(&self) -> String {
        self.headline_with(TbWords::Whole)
    }

    /// The headline, with the tablebase verdict after the score whole, or
    /// short in the score's place ("TB 1-0").
    pub fn headline_with(&self, tb_words: TbWords) -> String {
        match self.outcome() {
            Some(Outcome::Mated(Color::White) | Outcome::Flagged(Color::White)) => {
                "0-1".to_string()
            }
            Some(Outcome::Mated(Color::Black) | Outcome::Flagged(Color::Black)) => {
                "1-0".to_string()
            }
            Some(Outcome::Draw) => "½-½".to_string(),
            None if self.eval_hidden() => "eval hidden".to_string(),
            None => {
                let score = crate::tui::widgets::score_text(self.display_score());
                let mut head = match self.lines_here().first() {
                    Some(l) => format!("d{} {score}", l.depth),
                    None => format!("static {score}"),
                };
                // The second engine's score beside tapir's.
                if let Some((name, s, _)) = self.second_score() {
                    let word = name.split_whitespace().next().unwrap_or("");
                    let name: String = word.chars().take(10).collect();
                    head = format!("{head} · {name} {}", crate::tui::widgets::score_text(s));
                }
                match tb_words {
                    TbWords::Whole => match self.tb.verdict() {
                        Some(v) => format!("{head} · {v}"),
                        None => head,
                    },
                    // Short: the tables' word in the score's place (they
                    // know better than any evaluation).
                    TbWords::Short => self.tb.short_verdict().unwrap_or(head),
                }
            }
        }
    }

    /// A human-readable verdict when the shown position ends the game.
    pub fn result_text(&self) -> Option<String> {
        self.verdict().map(|v| v.to_string())
    }

    /// Why the shown position ends the game, and its score, apart: the
    /// board's title says the words beside a score it shows itself.
    pub fn verdict(&self) -> Option<Verdict> {
        if let Some(c) = &self.play.clocks {
            if let Some(loser) = c.flagged {
                if self.at_game_end() {
                    return Some(flag_verdict(loser, self.flag_loses(loser)));
                }
            }
        }
        const DRAW: &str = "½-½";
        let stm = self.view.board.side_to_move();
        let (words, score) = match self.view.status {
            GameStatus::Ongoing => return None,
            GameStatus::Checkmate => match stm {
                Color::White => ("Checkmate · Black wins", "0-1"),
                Color::Black => ("Checkmate · White wins", "1-0"),
            },
            GameStatus::Stalemate => ("Stalemate · draw", DRAW),
            GameStatus::Repetition if self.plays_by_claims() => {
                ("Fivefold repetition · draw", DRAW)
            }
            // 75 moves end a game by themselves, also on the analysis board.
            GameStatus::FiftyMoves
                if self.plays_by_claims()
                    || u32::from(self.view.board.halfmove_clock())
                        >= crate::chess::SEVENTY_FIVE_MOVES =>
            {
                ("75-move rule · draw", DRAW)
            }
            GameStatus::Repetition => ("Threefold repetition · draw", DRAW),
            GameStatus::FiftyMoves => ("Fifty-move rule · draw", DRAW),
            GameStatus::InsufficientMaterial => ("Insufficient material · draw", DRAW),
        };
        Some(Verdict { words, score })
    }

    pub fn info(&mut self, text: impl Into<String>) {
        self.say(text.into(), false);
    }

    pub fn error(&mut self, text: impl Into<String>) {
        self.say(text.into(), true);
    }

    fn say(&mut self, text: String, error: bool) {
        let m = Message { text, error };
        if self.dialogs.said_now {
            self.dialogs.log.pop_back();
        }
        self.dialogs.said_now = self.dialogs.remember(m.clone());
        self.dialogs.message = Some(m);
    }

    /// A detail for `:messages` only: the status line keeps what it says.
    pub fn note(&mut self, text: impl Into<String>) {
        self.dialogs.remember(Message {
            text: text.into(),
            error: false,
        });
        self.dialogs.said_now = false;
    }

    /// A read's problems, each in full for `:messages`, when there are
    /// more than the one the status line names.
    pub fn note_problems(&mut self, source: &str, problems: &[String]) {
        if problems.len() > 1 {
            for p in problems {
                self.note(format!("{source}: {p}"));
            }
        }
    }
}

/// How much of the tablebase verdict the headline says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TbWords {
    /// "TB: White wins, not in 50 moves".
    Whole,
    /// "TB 1-0*", in the score's place.
    Short,
}
