//! `:syzygy PATH`: the board's tables (and the engine's) from these
//! folders, kept in the settings; what was found or left out is said.

use crate::engine::EngineOption;
use crate::tui::action::Effect;
use crate::tui::app::App;
use crate::tui::tablebase::TbState;

impl App {
    pub(super) fn set_syzygy(&mut self, path: &str) {
        let (mut tb, report) = TbState::open(path);
        // A typo or an unmounted drive finds nothing: the tables in use and
        // the setting (perhaps several folders, typed long ago) stay.
        if let Some(r) = report.as_ref().filter(|r| r.files == 0) {
            let was = match self.config.syzygy_path.trim() {
                "" => "off".to_string(),
                old => old.to_string(),
            };
            self.error(format!(
                "{path}: {}; tablebases not changed ({was})",
                r.summary()
            ));
            return;
        }
        let problem = tb.refresh(&self.view.board);
        self.tb = tb;
        self.config.syzygy_path = path.to_string();
        self.config_changed = true;
        self.command_engine(Effect::SetOption(EngineOption::SyzygyPath(
            path.to_string(),
        )));
        match &report {
            None => self.info("tablebases off"),
            Some(r) if !r.problems.is_empty() => self.error(r.summary()),
            Some(r) => self.info(r.summary()),
        }
        // Every file left out, in full, for `:messages`; and the load's
        // summary stays there beside a probe problem said after it.
        if let Some(r) = &report {
            let each: Vec<String> = r.problems.iter().map(|p| p.to_string()).collect();
            self.note_problems("syzygy", &each);
        }
        self.dialogs.said_now = false;
        self.say_tb_problem(problem);
    }

    /// `:syzygy` alone: the tables in use, and how to change them.
    pub(super) fn show_syzygy(&mut self) {
        match &self.tb.tables {
            Some(t) => self.info(format!(
                "tablebases: {} ({} files, up to {} pieces); :syzygy PATH changes them, :syzygy off",
                t.path(),
                t.files(),
                t.max_pieces()
            )),
            None => self.info("tablebases off: :syzygy PATH uses the tables in PATH's folders (joined by ':')"),
        }
    }

    /// A probe's problem at the shown position: kept to be said once the
    /// action is done (`said_tb_problem`).
    pub(super) fn say_tb_problem(&mut self, problem: Option<String>) {
        if let Some(p) = problem {
            self.dialogs.tb_problem = Some(p);
        }
    }

    /// Says the tablebase problem the action found, after what the action
    /// said.
    pub(crate) fn said_tb_problem(&mut self) {
        let Some(p) = self.dialogs.tb_problem.take() else {
            return;
        };
        // A list with some counts missing still has its verdict.
        let tail = if self.tb.here.is_none() {
            "; no verdict for this position"
        } else {
            ""
        };
        let problem = format!("tablebases: {p}{tail}");
        let said = self.dialogs.said_now.then(|| self.dialogs.message.clone());
        match said.flatten() {
            // Said as one message, which replaces the action's in `:messages`.
            Some(m) if !m.text.is_empty() => self.error(format!("{}; {problem}", m.text)),
            _ => self.error(problem),
        }
    }
}
