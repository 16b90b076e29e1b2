//! Players that run as programs of their own and speak the arena protocol
//! (`docs/protocol.md`): how one is described ([`ExternalSpec`]), its process
//! ([`process`]), and the seat it takes in a game ([`ExternalAgent`]), an [`agents::Agent`]
//! like any other whose faults forfeit the game; and the user's [`consent`] to start
//! one that a results folder names.

mod agent;
pub mod consent;
mod forfeits;
mod hub;
mod lines;
pub mod process;
mod spec;
#[cfg(unix)]
pub(crate) mod spin;

pub use agent::{build, ExternalAgent, ProcessPool, Seating};
pub use spec::{ExternalSpec, Protocol, COMMAND_PREFIX, DEFAULT_MOVE_TIMEOUT_MS};
