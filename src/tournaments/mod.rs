//! Feature: tournaments (service rules §9.11). Swiss and round-robin competitions played over
//! days at tables of 2 to 5: registration, rounds whose games the lobby makes
//! (`tables::lobby::create_seated_as`), standings computed from the games' recorded results,
//! and the worker that starts, pairs and ends them. Pairing and standings are pure
//! ([`pairing`], [`standings`]); the SQL is in [`registry`] and [`rounds`]; the routes in
//! [`http`].

pub mod http;
pub mod pairing;
pub mod registry;
pub mod rounds;
pub mod standings;
pub mod worker;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::error::{Result, StoreError};
use rules::GameOptions;

/// How players meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TournamentFormat)]
pub enum Format {
    /// `rounds` rounds, each seating players of equal standing together.
    Swiss,
    /// Everyone meets everyone once, at tables of 2.
    RoundRobin,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round_robin",
        }
    }

    fn from_db(s: &str) -> Result<Self> {
        match s {
            "swiss" => Ok(Format::Swiss),
            "round_robin" => Ok(Format::RoundRobin),
            other => Err(crate::eventstore::error::unexpected(format!(
                "unknown tournament format {other:?}"
            ))),
        }
    }
}

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TournamentStatus)]
pub enum Status {
    /// Taking registrations.
    Open,
    Running,
    Finished,
    /// Cancelled before it started.
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "open" => Some(Status::Open),
            "running" => Some(Status::Running),
            "finished" => Some(Status::Finished),
            "cancelled" => Some(Status::Cancelled),
            _ => None,
        }
    }

    fn from_db(s: &str) -> Result<Self> {
        Status::parse(s).ok_or_else(|| {
            crate::eventstore::error::unexpected(format!("unknown tournament status {s:?}"))
        })
    }
}

/// The fewest and most rounds of a Swiss tournament.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<u8> = 3..=11;
/// The most players of a Swiss tournament.
pub const MAX_SWISS_PLAYERS: u16 = 200;
/// The fewest and most players of a round-robin.
pub const ROUND_ROBIN_PLAYERS: std::ops::RangeInclusive<u16> = 3..=10;
/// The longest name.
pub const MAX_NAME_CHARS: usize = 80;
/// How far ahead a start may be set.
pub const MAX_DAYS_AHEAD: i64 = 90;

/// A tournament's settings, as asked for and validated ([`Settings::validated`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub name: String,
    pub format: Format,
    /// Seats at each table: each game's players.
    pub table_size: u8,
    /// Swiss: 3 to 11. Round-robin: `None` until it starts.
    pub rounds: Option<u8>,
    /// Every game's options (players = `table_size`, always a clock).
    pub options: GameOptions,
    pub rated: bool,
    pub bots_allowed: bool,
    pub min_players: u16,
    pub max_players: u16,
    pub starts_at: Option<DateTime<Utc>>,
}

impl Settings {
    /// The settings when they are within service rules §9.11's ranges; else `InvalidTournament`
    /// naming the first field out of range.
    pub fn validated(self, now: DateTime<Utc>) -> Result<Self> {
        let bad = |s: String| Err(StoreError::InvalidTournament(s));
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return bad(format!("name must be 1 to {MAX_NAME_CHARS} characters"));
        }
        if name.chars().any(char::is_control) {
            return bad("name must not hold control characters".into());
        }
        if !(2..=5).contains(&self.table_size) {
            return bad("table_size must be 2 to 5".into());
        }
        if self.options.players != self.table_size {
            return bad("the games' players must be table_size".into());
        }
        if self.options.turn_time_limit_s.is_none() {
            return bad(
                "turn_time_limit_s must be 5 to 1209600: a tournament game has a clock".into(),
            );
        }
        match self.format {
            Format::Swiss => {
                match self.rounds {
                    Some(r) if SWISS_ROUNDS.contains(&r) => {}
                    _ => return bad("rounds must be 3 to 11 for a Swiss tournament".into()),
                }
                if self.min_players < u16::from(self.table_size) {
                    return bad("min_players must be at least table_size".into());
                }
                if self.max_players > MAX_SWISS_PLAYERS {
                    return bad(format!("max_players must be at most {MAX_SWISS_PLAYERS}"));
                }
            }
            Format::RoundRobin => {
                if self.table_size != 2 {
                    return bad("a round-robin is played at tables of 2".into());
                }
                if self.rounds.is_some() {
                    return bad(
                        "rounds is left out for a round-robin: its players decide it".into(),
                    );
                }
                if !ROUND_ROBIN_PLAYERS.contains(&self.min_players)
                    || !ROUND_ROBIN_PLAYERS.contains(&self.max_players)
                {
                    return bad("a round-robin has 3 to 10 players".into());
                }
            }
        }
        if self.min_players > self.max_players {
            return bad("min_players must not exceed max_players".into());
        }
        if let Some(at) = self.starts_at
            && (at <= now || at > now + chrono::Duration::days(MAX_DAYS_AHEAD))
        {
            return bad(format!(
                "starts_at must be in the future, at most {MAX_DAYS_AHEAD} days ahead"
            ));
        }
        Ok(Settings {
            name: name.to_owned(),
            ..self
        })
    }
}

/// One registered player.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Entry {
    pub account: Uuid,
    pub username: String,
    pub bot_account: bool,
    pub registered_at: DateTime<Utc>,
    /// When the player withdrew, or their account was deleted (which withdraws them).
    pub withdrawn_at: Option<DateTime<Utc>>,
}

/// One table of a round: its players in seat order and its game.
#[derive(Debug, Clone)]
pub struct Table {
    pub round: u8,
    pub table_no: u16,
    pub game_id: Uuid,
    pub seats: Vec<Uuid>,
}

/// A tournament game as the tournament sees it: whether it is made, and its result once over.
#[derive(Debug, Clone)]
pub struct Played {
    /// `None`: not made yet (the round's games are being made).
    pub status: Option<String>,
    pub outcome: Option<standings::GameOutcome>,
}

/// A tournament with everything its page shows.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub id: Uuid,
    pub settings: Settings,
    pub status: Status,
    pub round: u8,
    pub creator: Uuid,
    pub creator_name: String,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    /// In registration order.
    pub entries: Vec<Entry>,
    /// Every round's tables, by round then table.
    pub tables: Vec<Table>,
    /// Every round's byes.
    pub byes: Vec<standings::Bye>,
    /// The games of `tables`, by game id.
    pub games: std::collections::HashMap<Uuid, Played>,
}

impl Tournament {
    /// The standings now (service rules §9.11), best first.
    pub fn standings(&self) -> Vec<standings::Standing> {
        let entrants: Vec<standings::Entrant> = self
            .entries
            .iter()
            .map(|e| standings::Entrant {
                account: e.account,
                withdrawn: e.withdrawn_at.is_some(),
            })
            .collect();
        let played: Vec<standings::TablePlayed> = self
            .tables
            .iter()
            .map(|t| standings::TablePlayed {
                round: u32::from(t.round),
                seats: t.seats.clone(),
                outcome: self.games.get(&t.game_id).and_then(|g| g.outcome.clone()),
            })
            .collect();
        standings::standings(&entrants, &played, &self.byes, self.settings.table_size)
    }

    /// The players who were still in when it started (or are now, before it starts): a
    /// round-robin's schedule is theirs.
    pub fn starters(&self) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| match (e.withdrawn_at, self.started_at) {
                (None, _) => true,
                (Some(left), Some(started)) => left > started,
                (Some(_), None) => false,
            })
            .collect()
    }

    /// The username of `account`, if registered.
    pub fn username(&self, account: Uuid) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.account == account)
            .map(|e| e.username.as_str())
    }
}
