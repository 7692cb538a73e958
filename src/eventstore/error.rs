//! `StoreError`: what can go wrong in the store, each variant saying whose fault it is.
//! Infrastructure failures carry their cause chain; the API logs it and answers generically.

use thiserror::Error;

use rules::RuleError;

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

#[derive(Debug, Error)]
pub enum StoreError {
    /// No such game (404).
    #[error("no such game")]
    NotFound,
    /// The stream moved on since the version the caller acted on (412 with `If-Match`, else
    /// retried by `submit`).
    #[error("the game is at version {actual}, not {expected}")]
    VersionConflict { expected: i64, actual: i64 },
    /// The idempotency key was used before with a different request (409).
    #[error("the idempotency key was already used for a different request")]
    IdempotencyConflict,
    /// The action breaks a rule (422 with the rule's code).
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The caller's account is deleted or unknown here, though its token is validly signed
    /// (401, as a token that names nobody).
    #[error("the token names no account")]
    UnknownAccount,
    /// The account has no seat in this game (403).
    #[error("you are not seated in this game")]
    NotSeated,
    /// The account already has a seat in this game (409).
    #[error("you are already seated in this game")]
    AlreadySeated,
    /// Every seat is taken (409).
    #[error("every seat in this game is taken")]
    GameFull,
    /// Bots asked for at creation or for a seat do not fit the game (422).
    #[error("{0}")]
    InvalidBots(String),
    /// That seat is taken (409).
    #[error("that seat is taken")]
    SeatTaken,
    /// Joining or leaving once the game has started, finished or been abandoned (409).
    #[error("the game is no longer open for joining or leaving")]
    NotOpen,
    /// Export (and other audit views) only once the game is over (409).
    #[error("the game is not finished")]
    NotFinished,
    /// The account already sits in as many open games as it may; it cannot create another
    /// until one starts or it leaves one (409).
    #[error("you already sit in {max} open games; start or leave one first")]
    TooManyOpenGames { max: u32 },
    /// An invitation by username names no (live) account, or one already seated (422).
    #[error("the invitee is no account that could join this game")]
    InvalidInvitee,
    /// A code given to join a public game is no live invitation of it (422). For a private
    /// game the same code is `NotFound`: there it must not reveal that the game exists.
    #[error("the code is no live invitation to this game")]
    NoSuchInvitation,
    /// A listing cursor this server did not hand out (400).
    #[error("the cursor is not valid")]
    InvalidCursor,
    /// The game already has as many pending invitations by username as one game may (409).
    #[error("this game already has {max} pending invitations by username")]
    TooManyPendingInvitations { max: u32 },
    /// The inviter created as many invitations within the last hour as one account may (429).
    #[error(
        "you created {per_hour} invitations within the last hour; retry in {} s",
        retry_after.as_secs()
    )]
    TooManyInvitations {
        per_hour: u32,
        retry_after: std::time::Duration,
    },
    /// Adding a bot would make one game more than `max` unfinished games with bots the account
    /// sits in (409).
    #[error("you already sit in {max} unfinished games with bots; finish one first")]
    TooManyBotGames { max: u32 },
    /// A bot account already plays as many unfinished games as a bot account may (409).
    #[error("this bot account already plays {max} unfinished games; finish one first")]
    TooManyBotAccountGames { max: u32 },
    /// The seat is kept for an invitee (a rematch's), until the invitation expires or is
    /// declined (409).
    #[error("that seat is kept for an invited player")]
    SeatReserved,
    /// No invitation with this id was made to the caller (404).
    #[error("you have no invitation with this id")]
    InvitationNotFound,
    /// A vacation of more days than the account has left, or of none (422; service rules §9.6).
    #[error("you have {left} vacation days left; a vacation is 1 to {left} days")]
    NotEnoughVacationDays { left: i16 },
    /// The account is on vacation already (409).
    #[error("you are on vacation already")]
    VacationInProgress,
    /// No vacation to end (404).
    #[error("you are not on vacation")]
    NotOnVacation,
    /// A decision awaited from the account is past its deadline: a vacation cannot extend it
    /// (409).
    #[error("a decision awaited from you is past its deadline")]
    DeadlinePassed,
    /// The operator silenced the account's chat until `until` (403; service rules §9.8).
    #[error("your chat is silenced until {until}")]
    ChatSilenced {
        until: chrono::DateTime<chrono::Utc>,
    },
    /// More chat lines within a minute than an account may say (429; service rules §9.8).
    #[error("you said 10 lines within the last minute; retry in {} s", retry_after.as_secs())]
    ChatRateLimited { retry_after: std::time::Duration },
    /// No (live) account has this username (404).
    #[error("no player has this username")]
    PlayerNotFound,
    /// An account cannot mute itself (422).
    #[error("you cannot mute yourself")]
    CannotMuteYourself,
    /// No such chat line at this game's table (404).
    #[error("no such chat line at this table")]
    ChatLineNotFound,
    /// The account has as many open seeks as one may (409; service rules §9.10).
    #[error("you already have {max} open seeks; cancel one first")]
    TooManySeeks { max: u32 },
    /// The caller has no open seek with this id (404).
    #[error("you have no open seek with this id")]
    SeekNotFound,
    /// A seek that cannot be made as asked (422).
    #[error("{0}")]
    InvalidSeek(String),
    /// A challenge that cannot be made as asked (422).
    #[error("{0}")]
    InvalidChallenge(String),
    /// An account challenged muted the challenger (403).
    #[error("{0} does not take your challenges")]
    ChallengeRefused(String),
    /// No challenge with this id was made by or to the caller (404).
    #[error("you have no challenge with this id")]
    ChallengeNotFound,
    /// The challenge is over (409).
    #[error("this challenge is {0}")]
    ChallengeNotOpen(&'static str),
    /// The account has as many open challenges as one may (409).
    #[error("you already have {max} open challenges; cancel one first")]
    TooManyChallenges { max: u32 },
    /// The account made as many challenges within 24 hours as one may (429).
    #[error(
        "you made {per_day} challenges within 24 hours; retry in {} s",
        retry_after.as_secs()
    )]
    TooManyChallengesToday {
        per_day: u32,
        retry_after: std::time::Duration,
    },
    /// A tournament asked for with settings out of range (422); the text names the field.
    #[error("{0}")]
    InvalidTournament(String),
    /// No such tournament (404).
    #[error("no such tournament")]
    TournamentNotFound,
    /// The tournament no longer takes registrations, nor a start or a cancellation (409); the
    /// text is its status.
    #[error("this tournament is {0}, no longer open")]
    TournamentNotOpen(&'static str),
    /// Every place of the tournament is taken (409).
    #[error("this tournament already has its {max} players")]
    TournamentFull { max: u32 },
    /// The tournament is over: nothing to withdraw from (409).
    #[error("this tournament is {0}")]
    TournamentOver(&'static str),
    /// The caller is not registered in the tournament (409).
    #[error("you are not registered in this tournament")]
    NotInTournament,
    /// Only the tournament's creator may do that (403).
    #[error("only the tournament's creator may do that")]
    NotTournamentCreator,
    /// Starting now would leave fewer players than the tournament's minimum (409).
    #[error("{players} registered, and this tournament needs at least {min}")]
    TooFewTournamentPlayers { players: u32, min: u32 },
    /// A bot account joins a tournament that does not allow bot accounts (403).
    #[error("this tournament does not allow bot accounts")]
    BotAccountsNotAllowed,
    /// A bot account creates a tournament (403).
    #[error("a bot account cannot create tournaments")]
    BotAccountCannotCreateTournaments,
    /// The database cannot be reached right now: pool timeout, connection refused (503).
    #[error("the database is unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// Anything else: a bug or a broken invariant (500).
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// `.context(...)` for sqlx results: wraps the error with what the store was doing, and sorts
/// "the database is unreachable" (`Unavailable`) from everything else (`Unexpected`).
pub(crate) trait Context<T> {
    fn context(self, what: &'static str) -> Result<T>;
}

impl<T> Context<T> for std::result::Result<T, sqlx::Error> {
    fn context(self, what: &'static str) -> Result<T> {
        self.map_err(|e| db_error(e, what))
    }
}

/// Whether `e` means the database cannot be reached or ended the session, not a bug: a pool
/// timeout, I/O or TLS failures, and the server closing the connection (SQLSTATE class 08,
/// and 57P01-57P03: shut down, terminated, or not accepting connections yet).
pub fn is_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(d) => d
            .code()
            .is_some_and(|c| c.starts_with("08") || matches!(&*c, "57P01" | "57P02" | "57P03")),
        _ => false,
    }
}

pub(crate) fn db_error(e: sqlx::Error, what: &'static str) -> StoreError {
    let unavailable = is_unavailable(&e);
    let e = anyhow::Error::new(e).context(what);
    if unavailable {
        StoreError::Unavailable(e)
    } else {
        StoreError::Unexpected(e)
    }
}

/// Whether `e` is a unique violation (SQLSTATE 23505) raised by a statement on `table`, the
/// caller's statement touching no other table with a unique key it could break.
///
/// Recognised by SQLSTATE and table, never by constraint name: on Citus the error comes from a
/// shard, whose table and constraints carry a shard-id suffix (`accounts_username_key_102008`)
/// when the coordinator executes it locally, and carries no table or constraint name at all when
/// a worker raised it (the coordinator passes on only SQLSTATE, message, detail and hint). So the
/// table must be `table` or one of its shards when named, and anything when not named.
pub(crate) fn is_unique_violation(e: &sqlx::Error, table: &str) -> bool {
    e.as_database_error().is_some_and(|d| {
        d.code().as_deref() == Some("23505") && d.table().is_none_or(|t| is_shard_of(t, table))
    })
}

/// Whether `e` is the database's error with this SQLSTATE, whatever its table (on Citus a
/// worker's error may come without one).
pub(crate) fn has_sqlstate(e: &sqlx::Error, code: &str) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.code().as_deref() == Some(code))
}

/// Whether `e` is a deadlock the database broke by cancelling this transaction (40P01; Citus
/// says the same of a distributed deadlock): nothing of it was written, and it may be tried
/// again. Two appends can meet so only on Citus, which bumps notification counters on several
/// shards at once (plain PostgreSQL bumps them in account order).
pub(crate) fn is_deadlock(e: &StoreError) -> bool {
    let StoreError::Unexpected(e) = e else {
        return false;
    };
    e.chain().any(|cause| {
        cause
            .downcast_ref::<sqlx::Error>()
            .is_some_and(|e| has_sqlstate(e, "40P01"))
    })
}

/// Whether relation `name` is `base` or one of its Citus shards (`base_<shard id>`).
pub fn is_shard_of(name: &str, base: &str) -> bool {
    name.strip_prefix(base).is_some_and(|rest| {
        rest.is_empty()
            || rest
                .strip_prefix('_')
                .is_some_and(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// An invariant the store relies on does not hold.
pub(crate) fn unexpected(msg: impl std::fmt::Display) -> StoreError {
    StoreError::Unexpected(anyhow::anyhow!("{msg}"))
}

#[cfg(test)]
mod tests {
    use crate::eventstore::error::is_shard_of;

    #[test]
    fn a_shard_is_its_table_with_a_numeric_suffix() {
        assert!(is_shard_of("accounts", "accounts"));
        assert!(is_shard_of("accounts_102008", "accounts"));
        assert!(is_shard_of(
            "accounts_username_key_102008",
            "accounts_username_key"
        ));
        assert!(!is_shard_of("accounts_archive", "accounts"));
        assert!(!is_shard_of("accounts_", "accounts"));
        assert!(!is_shard_of("account", "accounts"));
        assert!(!is_shard_of("game_events_102040", "games"));
    }
}
