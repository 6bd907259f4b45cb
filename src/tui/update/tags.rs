//! `:tag`: the game's PGN tags (the players, the event, the date, the
//! result) read and set from the command line, each change one step that
//! Ctrl-Z undoes, checked first so that no file gets a tag PGN readers
//! would refuse.

use crate::game::tags::{tag_name, tag_value, SEVEN_TAG_ROSTER};
use crate::tui::app::{App, Overlay};
use crate::tui::autosave::is_session_tag;

impl App {
    /// `:tag` (list), `:tag NAME` (show), `:tag NAME VALUE` (set),
    /// `:tag NAME ""` (remove).
    pub(super) fn tag_command(&mut self, name: Option<String>, value: Option<String>) {
        let tags = &self.doc.game.tags;
        let Some(asked) = name else {
            return if tags.iter().next().is_none() {
                self.info("the game has no tags yet (:tag White NAME sets one)")
            } else {
                self.dialogs.overlay = Overlay::Tags;
            };
        };
        let name = match tag_name(tags, &asked) {
            Ok(n) => n,
            Err(e) => return self.error(format!(":tag: {e}")),
        };
        if is_session_tag(&name) {
            return self.error(format!(
                ":tag: {name} is a name the board keeps for its own autosave, which takes it off every game: a game cannot keep it"
            ));
        }
        let old = tags.get(&name).map(str::to_string);
        let Some(value) = value else {
            return match old {
                Some(v) => self.info(format!("{name} \"{v}\"")),
                None => self.info(format!(
                    "the game has no {name} tag (:tag {name} VALUE sets it)"
                )),
            };
        };
        if name == "Result" && self.two_players_running() {
            return self.error(":tag: the game is being played on the clock; a ends it first");
        }
        if name == "Result" && (self.game_running() || self.engine_game_on()) {
            return self.error(":tag: the game is being played; :resign, :draw or :claim ends it");
        }
        let value = value.trim();
        if value.is_empty() {
            if old.is_none() {
                return self.info(format!("the game has no {name} tag"));
            }
            self.doc.game.set_tag(&name, None, self.doc.cursor);
            self.tree_changed();
            let saved_as = SEVEN_TAG_ROSTER.iter().find(|(k, _)| *k == name);
            return self.info(match saved_as {
                Some((_, default)) => {
                    format!("{name} removed: a save writes \"{default}\" (Ctrl-Z puts it back)")
                }
                None => format!("{name} removed (Ctrl-Z puts it back)"),
            });
        }
        let value = match tag_value(&name, value) {
            Ok(v) => v,
            Err(e) => return self.error(format!(":tag: {e}")),
        };
        if old.as_deref() == Some(value.as_str()) {
            return self.info(format!("{name} is \"{value}\" already"));
        }
        self.doc.game.set_tag(&name, Some(&value), self.doc.cursor);
        self.tree_changed();
        self.info(format!("{name} \"{value}\" (Ctrl-Z undoes)"));
    }
}
