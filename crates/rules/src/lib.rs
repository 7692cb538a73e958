//! THE RULES of Lords of Scotland (`../shared/rules/RULES.md`), pure: no I/O, no async, no
//! clock, no global random generator, nothing from the server. A game is a list of events;
//! `decide` turns an action into events, `Game::apply` folds them into state.

mod action;
mod apply;
pub mod bots;
mod cards;
mod error;
mod event;
mod legal;
mod moment;
mod options;
pub mod playout;
mod rating;
mod rules;
mod service;
mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::{Action, FollowerRef};
pub use cards::{Card, CardId, Clan, Edition, STANDARD_V1, Timing, card};
pub use error::RuleError;
pub use event::{BotLevel, EVENT_SCHEMA_VERSION, Event, RevealedFollower, UnknownBotLevel};
pub use legal::legal_actions;
pub use moment::UnixMillis;
pub use options::{GameOptions, OptionsRequest, PowerRule};
pub use rating::{
    BETA, KAPPA, MIN_OWN_DECISIONS, MU0, PROVISIONAL_UNDER, Rating, SIGMA0, UnratedReason, rate,
    unrated_reason,
};
pub use rules::{commitment, decide, start, verify_shuffle};
pub use service::{bot_due, play_bot, resign, time_out};
pub use state::{
    ArmyScore, Awaiting, Claim, ClaimRight, Decision, EditionId, Follower, Game, Player,
    RecruitSlot, ScoredSkirmish, Seat, Status,
};
pub use view::{
    ArmyStrength, FollowerView, LastSkirmish, Placed, PlayerView, RecruitState, RecruitView,
    TieBreak, View, Viewer, redact, view,
};
