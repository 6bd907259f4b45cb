//! tapir's own engine or an external UCI engine, behind one set of calls:
//! what the board's engine thread holds, so the board cannot tell which
//! one is analysing.

use super::external::{EngineSpec, ExternalEngine, ExternalError};
use super::OptionError;
use super::{Engine, EngineOption, Limits, SearchEvent};
use crate::chess::Position;
use std::sync::mpsc::Receiver;

pub enum AnyEngine {
    Tapir(Engine),
    External(ExternalEngine),
}

impl AnyEngine {
    /// tapir's own engine and its event channel.
    pub fn tapir() -> (AnyEngine, Receiver<SearchEvent>) {
        let (e, rx) = Engine::new();
        (AnyEngine::Tapir(e), rx)
    }

    /// Starts the engine `spec` names (the handshake may take seconds).
    pub fn start(spec: &EngineSpec) -> Result<(AnyEngine, Receiver<SearchEvent>), ExternalError> {
        let (e, rx) = ExternalEngine::start(spec)?;
        Ok((AnyEngine::External(e), rx))
    }

    pub fn name(&self) -> String {
        match self {
            AnyEngine::Tapir(_) => "tapir".into(),
            AnyEngine::External(e) => e.name().to_string(),
        }
    }

    /// The `UCI_Elo` values the engine takes; `None`: it has no `UCI_Elo`.
    pub fn elo_range(&self) -> Option<(i64, i64)> {
        match self {
            AnyEngine::Tapir(_) => {
                let (lo, hi) = super::options::ELO_RANGE;
                Some((lo.into(), hi.into()))
            }
            AnyEngine::External(e) => e.elo_range(),
        }
    }

    pub fn is_tapir(&self) -> bool {
        matches!(self, AnyEngine::Tapir(_))
    }

    pub fn set_position(&mut self, p: Position) {
        match self {
            AnyEngine::Tapir(e) => e.set_position(p),
            AnyEngine::External(e) => e.set_position(p),
        }
    }

    pub fn go(&mut self, limits: Limits) -> u64 {
        match self {
            AnyEngine::Tapir(e) => e.go(limits),
            AnyEngine::External(e) => e.go(limits),
        }
    }

    pub fn stop(&mut self) {
        match self {
            AnyEngine::Tapir(e) => e.stop(),
            AnyEngine::External(e) => e.stop(),
        }
    }

    pub fn ponderhit(&mut self) {
        match self {
            AnyEngine::Tapir(e) => e.ponderhit(),
            AnyEngine::External(e) => e.ponderhit(),
        }
    }

    pub fn new_game(&mut self) {
        match self {
            AnyEngine::Tapir(e) => e.new_game(),
            AnyEngine::External(e) => e.new_game(),
        }
    }

    pub fn set_option(&mut self, o: EngineOption) -> Result<(), OptionError> {
        match self {
            AnyEngine::Tapir(e) => e.set_option(o).map_err(OptionError::Tapir),
            AnyEngine::External(e) => e.set_option(o).map_err(OptionError::External),
        }
    }
}
