//! The engine on its own thread. The UI sends small commands down a
//! channel and never waits: stopping a deep search or resizing a large hash
//! happens here, not on the UI thread. Events come back tagged with the
//! UI's token for the search; reports of a replaced search are dropped
//! here by the engine's search id.

use super::action::Effect;
use crate::chess::Position;
use crate::engine::{Engine, EngineOption, Limits, SearchEvent};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

/// What the engine thread sends to the event loop.
#[derive(Debug)]
pub enum EngineReport {
    Event { token: u64, event: SearchEvent },
    Error(String),
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
}

/// The UI's handle on the engine thread; dropping it ends the thread.
pub struct EngineLink {
    cmds: Sender<Cmd>,
}

impl EngineLink {
    /// Starts the engine thread; reports go to `sink` wrapped by `wrap`.
    pub fn spawn<T: Send + 'static>(
        sink: Sender<T>,
        wrap: fn(EngineReport) -> T,
        initial: Vec<EngineOption>,
    ) -> EngineLink {
        let (cmds, rx) = channel::<Cmd>();
        std::thread::Builder::new()
            .name("tapir-engine-link".into())
            .spawn(move || {
                let (mut engine, events) = Engine::new();
                // (engine search id, UI token) of the search whose reports count.
                let current: Arc<Mutex<Option<(u64, u64)>>> = Arc::new(Mutex::new(None));
                let fwd_current = Arc::clone(&current);
                let fwd_sink = sink.clone();
                std::thread::Builder::new()
                    .name("tapir-engine-events".into())
                    .spawn(move || {
                        for event in events {
                            let id = match &event {
                                SearchEvent::Info { id, .. } | SearchEvent::BestMove { id, .. } => {
                                    Some(*id)
                                }
                                SearchEvent::Error(_) => None,
                            };
                            let report = match id {
                                None => Some(EngineReport::Event { token: 0, event }),
                                Some(id) => {
                                    // Waits while `go` is in progress, so the
                                    // mapping for a new search is in place.
                                    let cur =
                                        *fwd_current.lock().unwrap_or_else(|p| p.into_inner());
                                    match cur {
                                        Some((cid, token)) if cid == id => {
                                            Some(EngineReport::Event { token, event })
                                        }
                                        _ => None,
                                    }
                                }
                            };
                            if let Some(r) = report {
                                if fwd_sink.send(wrap(r)).is_err() {
                                    break;
                                }
                            }
                        }
                    })
                    .expect("spawning the engine event thread");
                let report_err = |e: String| {
                    let _ = sink.send(wrap(EngineReport::Error(e)));
                };
                for o in initial {
                    if let Err(e) = engine.set_option(o) {
                        report_err(e);
                    }
                }
                for cmd in rx {
                    match cmd {
                        Cmd::Search {
                            token,
                            position,
                            limits,
                            options,
                        } => {
                            engine.stop();
                            for o in options {
                                if let Err(e) = engine.set_option(o) {
                                    report_err(e);
                                }
                            }
                            engine.set_position(*position);
                            let mut cur = current.lock().unwrap_or_else(|p| p.into_inner());
                            let id = engine.go(limits);
                            *cur = Some((id, token));
                        }
                        Cmd::Stop => {
                            *current.lock().unwrap_or_else(|p| p.into_inner()) = None;
                            engine.stop();
                        }
                        Cmd::SetOption(o) => {
                            if let Err(e) = engine.set_option(o) {
                                report_err(e);
                            }
                        }
                        Cmd::NewGame => engine.new_game(),
                    }
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
            _ => return,
        };
        let _ = self.cmds.send(cmd);
    }
}
