//! The engine on its own thread. The UI sends small commands down a
//! channel and never waits: stopping a deep search or resizing a large hash
//! happens here, not on the UI thread. Events come back tagged with the
//! UI's token for the search; reports of a replaced search are dropped
//! here by the engine's search id.

use super::action::Effect;
use crate::chess::Position;
use crate::engine::{AnyEngine, EngineOption, EngineSpec, Limits, SearchEvent};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// Which engine link a command or report is for. The board runs one link
/// per engine at work, each on its own thread with its own reports: the
/// main one (analysis, games against the engine), the second analysing
/// engine, and the two players of an engine game. More are only new ids.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinkId(pub u8);

impl LinkId {
    pub const MAIN: LinkId = LinkId(0);
    pub const SECOND: LinkId = LinkId(1);
    /// The engine playing `c` in an engine game.
    pub fn player(c: crate::chess::Color) -> LinkId {
        LinkId(2 + c.index() as u8)
    }
}

/// What the engine thread sends to the event loop.
#[derive(Clone, Debug)]
pub enum EngineReport {
    Event {
        token: u64,
        event: SearchEvent,
    },
    Error(String),
    /// The engine refused a setting the board keeps (`Hash`, `Threads`):
    /// why, and the value of that setting still in effect, if one was
    /// given before (the board's setting goes back to it).
    OptionRefused {
        refused: EngineOption,
        in_effect: Option<EngineOption>,
        why: String,
    },
    /// The engine asked for did not start (why); the one before goes on.
    NotStarted(String),
    /// This engine now analyses (its name); `None` spec: tapir. `elo`:
    /// the `UCI_Elo` values it takes (`None`: it has no `UCI_Elo`).
    Using {
        name: String,
        tapir: bool,
        elo: Option<(i64, i64)>,
    },
}

enum Cmd {
    Search {
        token: u64,
        position: Box<Position>,
        limits: Limits,
        options: Vec<EngineOption>,
    },
    Stop,
    SetOption(EngineOption),
    NewGame,
    /// Another engine: `None` is tapir's own.
    Use(Option<EngineSpec>),
}

/// The engine thread's state: the engine it drives (tapir's or another),
/// which of its searches the UI waits for, and the options every engine
/// switched to is given.
struct Host<T, W> {
    engine: AnyEngine,
    /// One more per engine started, so two engines' equal search ids differ.
    generation: u64,
    current: Current,
    /// The generation of the engine running now, read by each engine's
    /// event thread: an old engine's news of its end is no news.
    live: Live,
    /// What every engine is given when it starts (Hash, Threads, a net).
    standing: Vec<EngineOption>,
    sink: Sender<T>,
    wrap: W,
}

impl<T: Send + 'static, W: Fn(EngineReport) -> T + Send + Clone + 'static> Host<T, W> {
    fn report(&self, r: EngineReport) {
        let _ = self.sink.send((self.wrap)(r));
    }

    /// Gives the engine `o`; whether it took it (its refusal is reported).
    fn set_option(&mut self, o: EngineOption) -> bool {
        match self.engine.set_option(o) {
            Ok(()) => true,
            Err(e) => {
                self.report(EngineReport::Error(e.to_string()));
                false
            }
        }
    }

    fn give_standing_options(&mut self) {
        for o in self.standing.clone() {
            // A size the engine refused is not what it has: neither given
            // to the next engine nor named as the one in effect.
            if !self.set_option(o.clone()) && is_board_size(&o) {
                self.standing.retain(|s| *s != o);
            }
        }
    }

    /// Passes the engine's events on to the UI, from a thread of their own.
    fn forward(&self, events: Receiver<SearchEvent>) {
        forward(
            events,
            self.generation,
            Arc::clone(&self.current),
            Arc::clone(&self.live),
            self.sink.clone(),
            self.wrap.clone(),
        );
    }

    fn forget_search(&self) {
        *self.current.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }

    fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Search {
                token,
                position,
                limits,
                options,
            } => {
                self.engine.stop();
                for o in options {
                    self.set_option(o);
                }
                self.engine.set_position(*position);
                let mut cur = self.current.lock().unwrap_or_else(|p| p.into_inner());
                let id = self.engine.go(limits);
                *cur = Some((self.generation, id, token));
            }
            Cmd::Stop => {
                self.forget_search();
                self.engine.stop();
            }
            Cmd::SetOption(o) if is_board_size(&o) => {
                // A size the engine refused is not given to the next one.
                match self.engine.set_option(o.clone()) {
                    Ok(()) => remember(&mut self.standing, &o),
                    Err(e) => {
                        let in_effect = self.standing.iter().find(|s| same_kind(s, &o)).cloned();
                        self.report(EngineReport::OptionRefused {
                            refused: o,
                            in_effect,
                            why: e.to_string(),
                        });
                    }
                }
            }
            Cmd::SetOption(o) => {
                remember(&mut self.standing, &o);
                self.set_option(o);
            }
            Cmd::NewGame => self.engine.new_game(),
            Cmd::Use(spec) => self.switch(spec.as_ref()),
        }
    }

    /// Starts the engine `spec` names (tapir's with `None`) in place of
    /// the one running, which keeps running if the new one fails.
    fn switch(&mut self, spec: Option<&EngineSpec>) {
        self.forget_search();
        self.engine.stop();
        let started = match spec {
            None => Ok(AnyEngine::tapir()),
            Some(spec) => AnyEngine::start(spec),
        };
        match started {
            Ok((next, events)) => {
                self.generation += 1;
                *self.live.lock().unwrap_or_else(|p| p.into_inner()) = self.generation;
                // The old engine ends here (an external one is asked to quit).
                self.engine = next;
                self.forward(events);
                self.give_standing_options();
                self.report(EngineReport::Using {
                    name: self.engine.name(),
                    tapir: self.engine.is_tapir(),
                    elo: self.engine.elo_range(),
                });
            }
            // Which engine goes on is the board's to say: a second
            // engine's first start has none behind it.
            Err(e) => self.report(EngineReport::NotStarted(e.to_string())),
        }
    }
}

/// The UI's handle on the engine thread; dropping it ends the thread.
pub struct EngineLink {
    cmds: Sender<Cmd>,
}

/// Which search's reports count: the engine's generation (a new one per
/// engine started, since two engines' search ids can be equal), the
/// search id, and the UI's token for it.
type Current = Arc<Mutex<Option<(u64, u64, u64)>>>;

/// The running engine's generation; held while an event thread passes on
/// an engine's error or end, and while a switch moves on, so an old
/// engine's errors or end never come after the new engine's `Using`.
type Live = Arc<Mutex<u64>>;

impl EngineLink {
    /// Starts the engine thread with tapir's own engine; reports go to
    /// `sink` wrapped by `wrap`.
    pub fn spawn<T: Send + 'static>(
        sink: Sender<T>,
        wrap: impl Fn(EngineReport) -> T + Send + Clone + 'static,
        initial: Vec<EngineOption>,
    ) -> EngineLink {
        let (cmds, rx) = channel::<Cmd>();
        std::thread::Builder::new()
            .name("tapir-engine-link".into())
            .spawn(move || {
                let (engine, events) = AnyEngine::tapir();
                let mut host = Host {
                    engine,
                    generation: 0,
                    current: Arc::new(Mutex::new(None)),
                    live: Arc::new(Mutex::new(0)),
                    standing: initial,
                    sink,
                    wrap,
                };
                host.forward(events);
                host.give_standing_options();
                for cmd in rx {
                    host.handle(cmd);
                }
            })
            .expect("spawning the engine thread");
        EngineLink { cmds }
    }

    /// Passes an engine effect on; other effects are not for the engine.
    pub fn send(&self, effect: Effect) {
        let cmd = match effect {
            Effect::Search {
                token,
                position,
                limits,
                options,
            } => Cmd::Search {
                token,
                position,
                limits,
                options,
            },
            Effect::Stop => Cmd::Stop,
            Effect::SetOption(o) => Cmd::SetOption(o),
            Effect::NewGame => Cmd::NewGame,
            Effect::UseEngine(spec) => Cmd::Use(spec),
            Effect::Link(_, inner) => return self.send(*inner),
            _ => return,
        };
        let _ = self.cmds.send(cmd);
    }
}

/// Keeps the latest of each kind of standing option.
fn remember(standing: &mut Vec<EngineOption>, o: &EngineOption) {
    if matches!(o, EngineOption::ClearHash) {
        return;
    }
    standing.retain(|s| !same_kind(s, o));
    standing.push(o.clone());
}

/// Whether `a` and `b` set the same option (whatever their values).
fn same_kind(a: &EngineOption, b: &EngineOption) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The options the board keeps as settings of its own (`:hash`,
/// `:threads`), which a refusal must not leave in force anywhere.
fn is_board_size(o: &EngineOption) -> bool {
    matches!(o, EngineOption::Hash(_) | EngineOption::Threads(_))
}

/// Passes one engine's events to the event loop, tagged with the UI's
/// token; reports of a replaced search or engine are dropped.
fn forward<T: Send + 'static>(
    events: Receiver<SearchEvent>,
    generation: u64,
    current: Current,
    live: Live,
    sink: Sender<T>,
    wrap: impl Fn(EngineReport) -> T + Send + 'static,
) {
    std::thread::Builder::new()
        .name("tapir-engine-events".into())
        .spawn(move || {
            for event in events {
                let id = match &event {
                    SearchEvent::Info { id, .. } | SearchEvent::BestMove { id, .. } => *id,
                    // An engine's errors and its exit are said only while
                    // it is the one in use: a replaced engine's last words
                    // would read as the new one's.
                    SearchEvent::Error(_) | SearchEvent::Exited(_) => {
                        // Sent holding `live`: before a switch's `Using`,
                        // or not at all.
                        let live = live.lock().unwrap_or_else(|p| p.into_inner());
                        if *live == generation
                            && sink
                                .send(wrap(EngineReport::Event { token: 0, event }))
                                .is_err()
                        {
                            break;
                        }
                        continue;
                    }
                };
                // Waits while `go` is in progress, so the mapping for a new
                // search is in place.
                let cur = *current.lock().unwrap_or_else(|p| p.into_inner());
                if let Some((g, cid, token)) = cur {
                    if g == generation
                        && cid == id
                        && sink
                            .send(wrap(EngineReport::Event { token, event }))
                            .is_err()
                    {
                        break;
                    }
                }
            }
        })
        .expect("spawning the engine event thread");
}

/// What a link's report is to the reducer: the main link's as before,
/// the others' tagged with their link.
pub fn report_action(id: LinkId, report: EngineReport) -> super::action::Action {
    use super::action::Action;
    match (id, report) {
        (LinkId::MAIN, EngineReport::Event { token, event }) => Action::Engine { token, event },
        (LinkId::MAIN, EngineReport::Error(e)) => Action::EngineError(e),
        (
            LinkId::MAIN,
            EngineReport::OptionRefused {
                refused,
                in_effect,
                why,
            },
        ) => Action::EngineOptionRefused {
            refused,
            in_effect,
            why,
        },
        (LinkId::MAIN, EngineReport::NotStarted(e)) => Action::EngineNotStarted(e),
        (LinkId::MAIN, EngineReport::Using { name, tapir, elo }) => {
            Action::EngineSwitched { name, tapir, elo }
        }
        (id, report) => Action::Link(id, report),
    }
}

/// The board's engine links by id, each started when its first command
/// comes and ended (its engine with it) by `close`.
pub struct Links<T: Send + 'static> {
    sink: Sender<T>,
    wrap: fn(LinkId, EngineReport) -> T,
    /// What every engine is given when it starts (Hash, Threads, a net).
    initial: Vec<EngineOption>,
    links: Vec<(LinkId, EngineLink)>,
}

impl<T: Send + 'static> Links<T> {
    /// The links, with the main one started.
    pub fn new(
        sink: Sender<T>,
        wrap: fn(LinkId, EngineReport) -> T,
        initial: Vec<EngineOption>,
    ) -> Links<T> {
        let mut links = Links {
            sink,
            wrap,
            initial,
            links: Vec::new(),
        };
        links.get(LinkId::MAIN);
        links
    }

    /// The link `id`, started if it is not running.
    fn get(&mut self, id: LinkId) -> &EngineLink {
        let i = match self.links.iter().position(|(l, _)| *l == id) {
            Some(i) => i,
            None => {
                let wrap = self.wrap;
                let link = EngineLink::spawn(
                    self.sink.clone(),
                    move |r| wrap(id, r),
                    self.initial.clone(),
                );
                self.links.push((id, link));
                self.links.len() - 1
            }
        };
        &self.links[i].1
    }

    /// Passes an engine effect to its link: `Effect::Link` names one, the
    /// others are the main link's; `CloseLink` ends one.
    pub fn send(&mut self, effect: Effect) {
        match effect {
            // Only a search or an engine to use starts a link; a stop or
            // an option for one that is not running has nothing to do.
            Effect::Link(id, inner) => match *inner {
                e @ (Effect::Search { .. } | Effect::UseEngine(_)) => self.get(id).send(e),
                e => {
                    if let Some((_, l)) = self.links.iter().find(|(l, _)| *l == id) {
                        l.send(e);
                    }
                }
            },
            Effect::CloseLink(id) => self.links.retain(|(l, _)| *l != id),
            other => {
                if let Effect::SetOption(o) = &other {
                    self.board_setting(o);
                }
                self.get(LinkId::MAIN).send(other)
            }
        }
    }

    /// A setting of the board's own given to the main engine (`:hash`,
    /// `:threads`, `:net`, `:syzygy`) is what every engine started from now
    /// on is given too (a second engine, a `:match` player); a new table
    /// folder also reaches the engines already running, as it does tapir.
    fn board_setting(&mut self, o: &EngineOption) {
        use EngineOption as O;
        if !(is_board_size(o) || matches!(o, O::EvalFile(_) | O::SyzygyPath(_))) {
            return;
        }
        remember(&mut self.initial, o);
        if matches!(o, O::SyzygyPath(_)) {
            for (_, link) in self.links.iter().filter(|(id, _)| *id != LinkId::MAIN) {
                link.send(Effect::SetOption(o.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;
    use std::time::Duration;

    /// What the event thread of engine generation 1 passes on while
    /// generation `live` is in use.
    fn passed_on(live: u64, event: SearchEvent) -> Vec<EngineReport> {
        let (events_tx, events) = channel();
        let (sink, reports) = channel();
        let current: Current = Arc::new(Mutex::new(Some((1, 7, 42))));
        forward(events, 1, current, Arc::new(Mutex::new(live)), sink, |r| r);
        events_tx.send(event).unwrap();
        drop(events_tx);
        let mut got = Vec::new();
        while let Ok(r) = reports.recv_timeout(Duration::from_secs(5)) {
            got.push(r);
        }
        got
    }

    #[test]
    fn board_settings_reach_the_engines_started_later() {
        let (sink, _reports) = channel::<(LinkId, EngineReport)>();
        let mut links = Links::new(
            sink,
            |id, r| (id, r),
            vec![
                EngineOption::Hash(16),
                EngineOption::SyzygyPath("/old".into()),
            ],
        );
        links.send(Effect::SetOption(EngineOption::SyzygyPath("/new".into())));
        links.send(Effect::SetOption(EngineOption::MultiPv(3)));
        links.send(Effect::SetOption(EngineOption::Hash(64)));
        assert_eq!(
            links.initial,
            vec![
                EngineOption::SyzygyPath("/new".into()),
                EngineOption::Hash(64)
            ],
            "the main engine's own search settings stay its own"
        );
    }

    #[test]
    fn a_replaced_engines_errors_and_exit_are_not_passed_on() {
        let error = || SearchEvent::Error("sf printed a line that is not UCI".into());
        let exited = || SearchEvent::Exited("sf exited".into());
        assert_eq!(passed_on(1, error()).len(), 1);
        assert_eq!(passed_on(1, exited()).len(), 1);
        assert!(passed_on(2, error()).is_empty());
        assert!(passed_on(2, exited()).is_empty());
        // A search's reports go by the search they belong to.
        let info = SearchEvent::BestMove {
            id: 7,
            best: None,
            ponder: None,
        };
        match passed_on(1, info).as_slice() {
            [EngineReport::Event { token: 42, .. }] => {}
            other => panic!("{other:?}"),
        }
    }
}
