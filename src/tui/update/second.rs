//! The second analysing engine (`:engine second NAME`, `second_engine` in
//! the settings): it analyses the shown position beside the first, on its
//! own link, whenever the first one analyses; and the reports of every
//! link other than the main one are sorted here to their sessions.

use super::engine::Absorbed;
use crate::engine::SearchEvent;
use crate::tui::action::Effect;
use crate::tui::app::{App, EngineSession, Mode, Purpose};
use crate::tui::engine_link::{EngineReport, LinkId};

impl App {
    /// The settings' `second_engine` at start (empty: none).
    pub fn use_second_engine(&mut self, wanted: &str) {
        if !wanted.trim().is_empty() {
            self.choose_second(Some(wanted));
            self.reconcile_engine();
        }
    }

    /// `:engine second WHAT`: tapir, a configured engine or a command line
    /// beside the first; `None` (`off`) stops it.
    pub(super) fn choose_second(&mut self, what: Option<&str>) {
        let Some(what) = what.map(str::trim).filter(|w| !w.is_empty()) else {
            self.second_switching = None;
            self.second_choosing = None;
            // Off is kept too: the board opens without it.
            if !self.config.second_engine.is_empty() {
                self.config.second_engine.clear();
                self.config_changed = true;
            }
            if self.second.take().is_some() {
                self.effects.push(Effect::CloseLink(LinkId::SECOND));
                self.info("second engine off");
            } else {
                self.info("no second engine is running");
            }
            return;
        };
        let spec = if what.eq_ignore_ascii_case("tapir") {
            self.second_choosing = Some("tapir".to_string());
            None
        } else {
            match self.config.engine_named(what) {
                Some(e) => {
                    self.second_choosing = Some(e.name.clone());
                    Some(e.spec())
                }
                None => match crate::tui::files::engine_from_line(what) {
                    Ok(s) => {
                        self.second_choosing = None;
                        Some(s)
                    }
                    Err(e) => return self.error(format!(":engine second: {e}")),
                },
            }
        };
        let label = spec.as_ref().map_or("tapir".to_string(), |s| s.label());
        // A new engine on the link: what the old one searched is forgotten,
        // and its session waits in case the new one cannot start.
        let running = self.second.replace(EngineSession {
            external: None,
            ..EngineSession::default()
        });
        if let Some(old) = running.filter(|s| s.external.is_some()) {
            self.second_switching = Some(old);
        }
        self.effects.push(Effect::Link(
            LinkId::SECOND,
            Box::new(Effect::UseEngine(spec)),
        ));
        self.info(format!("starting {label} as the second engine"));
    }

    /// A report of a link other than the main one.
    pub(super) fn link_report(&mut self, link: LinkId, report: EngineReport) -> bool {
        if link != LinkId::SECOND {
            return self.duel_report(link, report);
        }
        let Some(second) = &mut self.second else {
            return false; // stopped meanwhile
        };
        match report {
            EngineReport::Using { name, .. } => {
                self.second_switching = None;
                // Chosen by name and running: the board opens with it.
                if let Some(chosen) = self.second_choosing.take() {
                    if self.config.second_engine != chosen {
                        self.config.second_engine = chosen;
                        self.config_changed = true;
                    }
                }
                second.external = Some(name.clone());
                second.exited = None;
                second.forget();
                self.info(format!("{name} analyses beside the first engine"));
                true
            }
            EngineReport::NotStarted(e) => {
                self.second_choosing = None;
                let after = match self.second_switching.take() {
                    // The engine that ran before still runs: its search
                    // was stopped for the switch, so it starts again.
                    Some(mut old) => {
                        old.forget();
                        let still = format!("still {}", old.external.as_deref().unwrap_or("tapir"));
                        self.second = Some(old);
                        still
                    }
                    // A first start that failed leaves no second engine.
                    None => {
                        self.second = None;
                        self.effects.push(Effect::CloseLink(LinkId::SECOND));
                        "no second engine".to_string()
                    }
                };
                self.error(format!("second engine: {e}; {after}"));
                true
            }
            EngineReport::Error(e) | EngineReport::OptionRefused { why: e, .. } => {
                self.error(format!("second engine: {e}"));
                true
            }
            EngineReport::Event {
                event: SearchEvent::Error(e),
                ..
            } => {
                // Once it has quit (said once), nothing new.
                if second.exited.is_some() {
                    return false;
                }
                self.error(format!("second engine: {e}"));
                true
            }
            EngineReport::Event {
                event: SearchEvent::Exited(e),
                ..
            } => {
                second.exited = Some(e.clone());
                self.error(format!("second engine: {e}"));
                true
            }
            EngineReport::Event { token, event } => !matches!(
                second.absorb(token, event, self.net.as_deref()),
                Absorbed::Nothing
            ),
        }
    }

    /// The second engine analyses what the first would: the shown
    /// position, outside games; once its engine has started.
    pub(super) fn reconcile_second(&mut self) {
        let Some(second) = &self.second else {
            return;
        };
        let wanted = self
            .wanted_key()
            .filter(|k| k.purpose == Purpose::Analysis && second.external.is_some())
            .filter(|_| second.exited.is_none())
            .filter(|_| !matches!(self.play.mode, Mode::Play { .. }));
        if !second.wants_restart(wanted.as_ref()) {
            return;
        }
        let request = wanted.map(|k| {
            let r = self.search_request(&k);
            (k, r)
        });
        let now = self.now;
        if let Some(second) = &mut self.second {
            let effects = second.restart(request, now);
            self.effects.extend(
                effects
                    .into_iter()
                    .map(|e| Effect::Link(LinkId::SECOND, Box::new(e))),
            );
        }
    }

    /// The second engine's name and its best line's score here, for the
    /// headline ("sf +0.41").
    pub fn second_score(&self) -> Option<(String, crate::engine::Score, u32)> {
        let s = self.second.as_ref()?;
        let line = s.lines_for(&self.view.board).first()?;
        Some((s.external.clone()?, line.score, line.depth))
    }
}
