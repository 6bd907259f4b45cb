//! How a game against the engine ends other than on the board: the human
//! resigns, offers a draw the engine accepts, or claims a draw the rules
//! give (threefold repetition, the fifty-move rule); the engine claims
//! one too when it is not better. The result goes into the game (the
//! `Result` and `Termination` tags on the main line, a comment on the last
//! move) as one step that Ctrl-Z takes back, and the board turns to
//! analysis with the evaluation shown again.

use crate::chess::{Color, GameStatus};
use crate::engine::Score;
use crate::tui::app::{App, ConfirmWhat, Mode, Overlay};
use crate::tui::params::{DRAW_ACCEPT_CP, DRAW_OFFER_MIN_MOVES};

/// PGN's `Termination` for a game that ended by the players' decision
/// (resigned, agreed or claimed), as Lichess writes it.
pub(super) const NORMAL: &str = "Normal";

impl App {
    /// The human's colour while a game against the engine is being
    /// played, else an error that says why there is nothing to end.
    /// With two players on a clock, the side to move (the one who resigns
    /// or offers).
    fn running_game(&mut self, what: &str) -> Option<Color> {
        if self.two_players_running() {
            return Some(self.doc.game.board(self.play.game_end).side_to_move());
        }
        let Mode::Play { human, .. } = self.play.mode else {
            self.error(format!(
                "{what}: no game against the engine is being played (p starts one)"
            ));
            return None;
        };
        if !self.game_running() {
            self.error(format!("{what}: the game is over already"));
            return None;
        }
        Some(human)
    }

    /// `:resign`: asks before resigning.
    pub(super) fn ask_resign(&mut self) {
        if self.running_game("resign").is_some() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::Resign);
        }
    }

    /// Resigns (the dialog said yes): the engine wins.
    pub(super) fn resign(&mut self) {
        let Some(human) = self.running_game("resign") else {
            return;
        };
        let (result, who) = match human {
            Color::White => ("0-1", "White resigns"),
            Color::Black => ("1-0", "Black resigns"),
        };
        let then = self.finish_game(result, &format!("{who}."));
        self.info(format!(
            "{who} · {result} · {then} (Ctrl-Z takes the result back)"
        ));
    }

    /// `D`: claims the draw the rules give here, else offers one.
    pub(super) fn draw_key(&mut self) {
        if self.running_game("draw").is_none() {
            return;
        }
        let end = self.play.game_end;
        if self.doc.game.position_at(end).claimable_draw().is_some() {
            self.claim_draw();
        } else {
            self.offer_draw();
        }
    }

    /// `:draw`: the engine accepts when the game is long enough and its
    /// evaluation says it is level; the status line says which.
    pub(super) fn offer_draw(&mut self) {
        let Some(human) = self.running_game("draw offer") else {
            return;
        };
        // Two players at one board agree there and then.
        if self.two_players_running() {
            self.dialogs.overlay = Overlay::Confirm(ConfirmWhat::AgreeDraw);
            return;
        }
        // The board's move number: a game from a set-up position at move
        // 40 is long enough.
        let number = self.doc.game.board(self.play.game_end).fullmove_number();
        if number < DRAW_OFFER_MIN_MOVES {
            self.info(format!(
                "the engine declines the draw: too early (move {number}; it listens from move {DRAW_OFFER_MIN_MOVES})"
            ));
            return;
        }
        if !self.engine_sees_level(!human, true) {
            self.info("the engine declines the draw: the game goes on");
            return;
        }
        let then = self.finish_game("1/2-1/2", "Draw agreed.");
        self.info(format!(
            "the engine accepts the draw · ½-½ · {then} (Ctrl-Z takes the result back)"
        ));
    }

    /// `:claim`: a draw by threefold repetition or the fifty-move rule in
    /// the game's last position, or why there is none to claim.
    pub(super) fn claim_draw(&mut self) {
        if self.running_game("claim").is_none() {
            return;
        }
        let end = self.play.game_end;
        let position = self.doc.game.position_at(end);
        match position.claimable_draw() {
            Some(why) => {
                let rule = rule_name(why);
                let then = self.finish_game("1/2-1/2", &format!("Draw claimed: {rule}."));
                self.info(format!(
                    "draw claimed: {rule} · ½-½ · {then} (Ctrl-Z takes the result back)"
                ));
            }
            None => {
                let seen = position.repetitions() + 1;
                let quiet = position.board().halfmove_clock().div_ceil(2);
                self.error(format!(
                    "no draw to claim: this position has occurred {} (3 needed), {quiet} move{} without a capture or pawn move (50 needed)",
                    times(seen),
                    if quiet == 1 { "" } else { "s" }
                ));
            }
        }
    }

    /// On the engine's turn, before it moves: whether it claims the draw
    /// the rules give (when it is not better); the game then ends.
    pub(super) fn engine_claims(&mut self, engine: Color) -> bool {
        let end = self.play.game_end;
        let Some(why) = self.doc.game.position_at(end).claimable_draw() else {
            return false;
        };
        if !self.engine_sees_level(engine, false) {
            return false;
        }
        let rule = rule_name(why);
        let then = self.finish_game("1/2-1/2", &format!("Draw claimed by the engine: {rule}."));
        self.info(format!("the engine claims a draw: {rule} · ½-½ · {then}"));
        true
    }

    /// Two players on a clock agreed a draw (the dialog said yes).
    pub(super) fn agree_draw(&mut self) {
        if self.running_game("draw").is_none() {
            return;
        }
        let then = self.finish_game("1/2-1/2", "Draw agreed.");
        self.info(format!(
            "draw agreed · ½-½ · {then} (Ctrl-Z takes the result back)"
        ));
    }

    /// Whether `engine`'s evaluation of the game (after its last move, or
    /// the static one before it has moved) is a draw to it: within
    /// `DRAW_ACCEPT_CP` of level, or (`either_way` false) not better.
    fn engine_sees_level(&self, engine: Color, either_way: bool) -> bool {
        let white = match self.play.engine_score {
            Some(s) => s,
            None => Score::Cp(crate::eval::teach::hce_white(
                self.doc.game.board(self.play.game_end),
            )),
        };
        let own = match (white, engine) {
            (Score::Cp(c), Color::White) => Score::Cp(c),
            (Score::Cp(c), Color::Black) => Score::Cp(-c),
            (Score::Mate(m), Color::White) => Score::Mate(m),
            (Score::Mate(m), Color::Black) => Score::Mate(-m),
        };
        match own {
            Score::Cp(c) if either_way => c.abs() <= DRAW_ACCEPT_CP,
            Score::Cp(c) => c <= DRAW_ACCEPT_CP,
            // Being mated, it takes the draw; mating, it plays on.
            Score::Mate(m) => !either_way && m < 0,
        }
    }

    /// Writes the result in as one undo step, stops the game and turns the
    /// board to analysis: `Result` and `Termination` where the game is the
    /// main line, and `note` after the game's last move in any case. The
    /// engine analyses the end when the settings analyse opened games;
    /// returns what the status line says of it.
    pub(super) fn finish_game(&mut self, result: &str, note: &str) -> String {
        let main = self.write_result(result, NORMAL, note);
        if let Some(c) = &mut self.play.clocks {
            c.stopped = true;
        }
        self.leave_play();
        self.play.analysis = self.config.autostart_analysis;
        self.tree_changed();
        let then = if self.play.analysis {
            "analysis on"
        } else {
            "a analyses"
        };
        if main {
            then.to_string()
        } else if self.tree().is_main_line_end(self.play.game_end) {
            // Played on past a finished record: its result is the record's.
            format!(
                "{then}; the game's Result {} stays, and this result is a comment after its last move",
                crate::tui::widgets::result_display(&self.doc.game.result())
            )
        } else {
            // Played in a variation: the game's own result is not this one.
            format!(
                "{then}; played in a variation, so the result is a comment after its last move and the game's Result stays {}",
                self.doc.game.result()
            )
        }
    }

    /// The game's result as one undo step: `Result` and `Termination`
    /// where the game is the main line (a game played from inside it
    /// leaves the line's own result alone), and `note` after the game's
    /// last move in any case. Whether the game is the main line.
    pub(super) fn write_result(&mut self, result: &str, termination: &str, note: &str) -> bool {
        let end = self.play.game_end;
        let at = self.doc.cursor;
        let main = self.tree().is_main_line_end(end) && self.result_stays(result).is_none();
        let comment = append_sentence(&self.tree().node(end).comment, note);
        self.doc.game.in_one_step(&format!("result {result}"), |g| {
            if main {
                g.set_tag("Result", Some(result), at);
                g.set_tag("Termination", Some(termination), at);
            }
            g.set_comment(end, false, &comment);
        });
        main
    }

    /// The game's own decided result when it is not `result`: a game
    /// played on from inside a finished record (followed to its end, then
    /// on) leaves the record's Result and Termination alone, and its
    /// result is a comment. `None` where the tags may say `result`.
    pub(super) fn result_stays(&self, result: &str) -> Option<&'static str> {
        match crate::game::tags::result_token(&self.doc.game.tags) {
            "*" => None,
            r if r == result => None,
            "1-0" => Some("1-0"),
            "0-1" => Some("0-1"),
            _ => Some("1/2-1/2"),
        }
    }

    /// `:showeval [on|off]`: whether games show the evaluation; a setting.
    pub(super) fn show_eval(&mut self, on: Option<bool>) {
        let on = on.unwrap_or(!self.config.show_eval_in_games);
        if on != self.config.show_eval_in_games {
            self.config.show_eval_in_games = on;
            self.config_changed = true;
        }
        self.info(if on {
            "games show the evaluation (:showeval off hides it)"
        } else {
            "games hide the evaluation until they end (:showeval on shows it)"
        });
    }
}

/// "threefold repetition", "the fifty-move rule".
fn rule_name(why: GameStatus) -> &'static str {
    match why {
        GameStatus::FiftyMoves => "the fifty-move rule",
        _ => "threefold repetition",
    }
}

/// "once", "twice", "3 times".
fn times(n: usize) -> String {
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n => format!("{n} times"),
    }
}

/// `note` after a move's comment `old`: a sentence of its own, so a
/// player's "good idea" reads "good idea. White resigns." and not as one
/// phrase. The comment's PGN commands (a clock) stay, after the words.
pub(super) fn append_sentence(old: &str, note: &str) -> String {
    use crate::game::annotations::{replace_words, text_without_commands};
    let old = old.trim_end();
    if old.is_empty() {
        return note.to_string();
    }
    let words = text_without_commands(old);
    if words.is_empty() || words.ends_with(['.', '!', '?', ')', '"']) {
        format!("{old} {note}")
    } else {
        replace_words(old, &format!("{words}. {note}")).0
    }
}

#[cfg(test)]
mod tests {
    use super::append_sentence;

    #[test]
    fn a_note_after_a_comment_is_a_sentence_of_its_own() {
        assert_eq!(append_sentence("", "White resigns."), "White resigns.");
        assert_eq!(
            append_sentence("good idea", "White resigns."),
            "good idea. White resigns."
        );
        assert_eq!(
            append_sentence("Ouch!", "White resigns."),
            "Ouch! White resigns."
        );
        assert_eq!(
            append_sentence("[%clk 0:02:58]", "White resigns."),
            "[%clk 0:02:58] White resigns."
        );
        assert_eq!(
            append_sentence("good idea [%clk 0:02:58]", "White resigns."),
            "good idea. White resigns. [%clk 0:02:58]"
        );
    }
}
