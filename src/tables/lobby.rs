//! The lobby: create a game (with bots), join it (the last seat starts the game), give a seat
//! to a bot, leave it before it starts. Over the read model, the invitations and the append.

use chrono::DateTime;
use rand::{Rng, SeedableRng};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::eventstore::append::{Append, AppendError, Appended, Tell, append_in};
use crate::eventstore::chain::GENESIS;
use crate::eventstore::error::{Context, Result, StoreError, is_deadlock, unexpected};
use crate::eventstore::game_counts::{self, Counts};
use crate::eventstore::outbox::Pending;
use crate::eventstore::read_model::{
    GameStatus, GameSummary, Visibility, fetch_seats, fetch_summary, insert_bot, insert_game,
    lock_row,
};
use crate::eventstore::{AccountId, GameId, Store};
use crate::tables::invitations;
use crate::tables::vacation;
use rules::{BotLevel, Event, Game, GameOptions, OptionsRequest, Seat};

/// Tries of a join (or a bot taking a seat) whose deal was cancelled in a deadlock.
const MAX_DEADLOCK_TRIES: u32 = 4;

/// `attempt` (a whole transaction), again while the database cancels it in a deadlock (nothing
/// of it was written), up to [`MAX_DEADLOCK_TRIES`] times.
async fn retry_deadlocked<T>(mut attempt: impl AsyncFnMut() -> Result<T>) -> Result<T> {
    let mut tries = 0;
    loop {
        tries += 1;
        match attempt().await {
            Err(e) if is_deadlock(&e) && tries < MAX_DEADLOCK_TRIES => {}
            other => return other,
        }
    }
}

/// Refuses with `TooManyBotGames` when `account` already sits in `max` unfinished (open or
/// active) games with a bot's seat. Reads the account's counts, locked until the transaction
/// ends, so that concurrent requests of one account cannot all pass.
async fn check_bot_games(conn: &mut PgConnection, account: AccountId, max: u32) -> Result<()> {
    let counts = game_counts::lock(conn, account).await?;
    if i64::from(counts.bot_games) >= i64::from(max) {
        return Err(StoreError::TooManyBotGames { max });
    }
    Ok(())
}

/// Refuses with `TooManyBotAccountGames` when `account` is a bot account (service rules §9.9)
/// that already plays `max` unfinished (open or active) games; a person passes.
pub(crate) async fn check_bot_account_games(
    conn: &mut PgConnection,
    account: AccountId,
    max: u32,
) -> Result<()> {
    let bot: bool = sqlx::query_scalar("SELECT bot_account FROM accounts WHERE id = $1")
        .bind(account.0)
        .fetch_optional(&mut *conn)
        .await
        .context("is it a bot account")?
        .unwrap_or(false);
    if bot {
        cap_bot_account_games(conn, account, max).await?;
    }
    Ok(())
}

/// Refuses with `TooManyBotAccountGames` when the bot account `account` already plays `max`
/// unfinished games. As for [`check_bot_games`], the account's counts stay locked until the
/// transaction ends.
pub(crate) async fn cap_bot_account_games(
    conn: &mut PgConnection,
    account: AccountId,
    max: u32,
) -> Result<()> {
    let counts = game_counts::lock(conn, account).await?;
    if i64::from(counts.unfinished_games) >= i64::from(max) {
        return Err(StoreError::TooManyBotAccountGames { max });
    }
    Ok(())
}

/// RULES §2: the options as the engine validates them (2 to 5 players, target 10 to 100).
pub(crate) fn validated(options: GameOptions) -> Result<GameOptions> {
    Ok(OptionsRequest::of(&options).validate()?)
}

/// A new open game; the creator takes seat 0.
pub async fn create_game(
    store: &Store,
    creator: AccountId,
    options: GameOptions,
) -> Result<GameSummary> {
    create_game_capped(store, creator, options, None).await
}

/// As [`crate::tables::lobby::create_game`], refused with `TooManyOpenGames` when the creator already
/// sits in `max_open` open games (`None`: no cap). Creations by one account queue up on
/// an advisory lock, so concurrent requests cannot all pass the count.
pub async fn create_game_capped(
    store: &Store,
    creator: AccountId,
    options: GameOptions,
    max_open: Option<u32>,
) -> Result<GameSummary> {
    create_game_as(store, creator, options, Visibility::Public, max_open).await
}

/// As [`crate::tables::lobby::create_game_capped`], public or private.
pub async fn create_game_as(
    store: &Store,
    creator: AccountId,
    options: GameOptions,
    visibility: Visibility,
    max_open: Option<u32>,
) -> Result<GameSummary> {
    let mut no_chance = rand::rngs::StdRng::from_seed([0; 32]);
    create_game_with_bots(
        store,
        creator,
        options,
        visibility,
        max_open,
        None,
        &[],
        None,
        &mut no_chance,
    )
    .await
}

/// As [`crate::tables::lobby::create_game_as`], with seats given to bots: each of `bots` is a
/// seat (1 to players − 1; the creator takes seat 0) and a level. A game whose every other
/// seat is a bot's starts at once (dealt with `rng`). With bots and `max_bot_games`, refused
/// with `TooManyBotGames` when the creator already sits in that many unfinished games with
/// bots. Rated as `rated` says; left out, rated when no seat is given to a bot here
/// (service rules §9.7: a bot given a seat later leaves the game as it was created).
#[allow(clippy::too_many_arguments)]
pub async fn create_game_with_bots(
    store: &Store,
    creator: AccountId,
    options: GameOptions,
    visibility: Visibility,
    max_open: Option<u32>,
    max_bot_games: Option<u32>,
    bots: &[(Seat, BotLevel)],
    rated: Option<bool>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    let rated = rated.unwrap_or(bots.is_empty());
    let options = validated(options)?;
    check_bot_seats(&options, bots)?;
    let mut tx = store.pool.begin().await.context("begin create")?;
    let layout = store.layout(&mut tx).await?;
    // On Citus, on the node of the creator's counts: one node's transaction.
    let id = game_counts::colocated_id(&mut tx, layout, creator).await?;
    // The creator's counts, locked: one account's creations queue up here, so concurrent
    // requests cannot all pass a cap.
    let counts = game_counts::lock(&mut tx, creator).await?;
    if let Some(max) = max_open
        && i64::from(counts.open_games) >= i64::from(max)
    {
        return Err(StoreError::TooManyOpenGames { max });
    }
    if let Some(max) = max_bot_games.filter(|_| !bots.is_empty())
        && i64::from(counts.bot_games) >= i64::from(max)
    {
        return Err(StoreError::TooManyBotGames { max });
    }
    game_counts::add(&mut tx, creator, Counts::seat(!bots.is_empty())).await?;
    insert_game(
        &mut tx,
        id,
        options,
        creator,
        visibility,
        None,
        Seat(0),
        rated,
    )
    .await?;
    for &(seat, level) in bots {
        insert_bot(&mut tx, id, seat, level).await?;
    }
    let mut dealt = None;
    if bots.len() + 1 == usize::from(options.players) {
        dealt = Some(start_in(store, &mut tx, id, 0, &options, Vec::new(), rng).await?);
    }
    let summary = fetch_summary(&mut tx, id).await?;
    tx.commit().await.context("commit create")?;
    if let Some(dealt) = dealt {
        store.committed(id, &dealt);
    }
    Ok(summary)
}

/// A public game that matchmaking made (service rules §9.10), in the caller's transaction:
/// `seats` are its players in seat order (at least one). Dealt at once when they fill it, with
/// `told` told at the deal; otherwise it stays open, and anyone may take its free seats. The
/// caller hands the deal to [`Store::committed`] once it commits.
pub(crate) async fn create_seated_in(
    store: &Store,
    conn: &mut PgConnection,
    seats: &[AccountId],
    options: GameOptions,
    rated: bool,
    told: Vec<Pending>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(GameId, Option<Appended>)> {
    let id = GameId(Uuid::now_v7());
    create_seated_as(store, conn, id, seats, options, rated, told, rng).await
}

/// As [`create_seated_in`], the game's id chosen by the caller (a tournament's table names its
/// game before the game is made, so that making it again finds it made).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn create_seated_as(
    store: &Store,
    conn: &mut PgConnection,
    id: GameId,
    seats: &[AccountId],
    options: GameOptions,
    rated: bool,
    told: Vec<Pending>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(GameId, Option<Appended>)> {
    let options = validated(options)?;
    let (&first, others) = seats
        .split_first()
        .ok_or_else(|| unexpected("a game made with no player"))?;
    if seats.len() > usize::from(options.players) {
        return Err(unexpected(format!(
            "{} players for a game of {}",
            seats.len(),
            options.players
        )));
    }
    insert_game(
        &mut *conn,
        id,
        options,
        first,
        Visibility::Public,
        None,
        Seat(0),
        rated,
    )
    .await?;
    for (seat, account) in (1u8..).zip(others) {
        sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, $2, $3)")
            .bind(id.0)
            .bind(i16::from(seat))
            .bind(account.0)
            .execute(&mut *conn)
            .await
            .context("seat a matched player")?;
    }
    let mut players = seats.to_vec();
    players.sort_unstable_by_key(|a| a.0);
    for account in players {
        game_counts::add(&mut *conn, account, Counts::seat(false)).await?;
    }
    if seats.len() < usize::from(options.players) {
        return Ok((id, None));
    }
    let dealt = start_in(store, conn, id, 0, &options, told, rng).await?;
    Ok((id, Some(dealt)))
}

/// A seated player gives a free seat of an open game to a bot of `level` (the lowest free
/// seat no live invitation keeps, or `seat`, refused with `SeatReserved` while an
/// invitation keeps it); when it was the last free seat, the game starts. With
/// `max_bot_games`, refused with `TooManyBotGames` when this would be one game with bots
/// more than the account may sit in.
pub async fn add_bot(
    store: &Store,
    id: GameId,
    account: AccountId,
    level: BotLevel,
    seat: Option<Seat>,
    max_bot_games: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    retry_deadlocked(async || {
        try_add_bot(store, id, account, level, seat, max_bot_games, rng).await
    })
    .await
}

async fn try_add_bot(
    store: &Store,
    id: GameId,
    account: AccountId,
    level: BotLevel,
    seat: Option<Seat>,
    max_bot_games: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    let mut tx = store.pool.begin().await.context("begin add bot")?;
    let game = lock_row(&mut tx, id).await?;
    let summary = fetch_summary(&mut tx, id).await?;
    if !summary.visible_to(account) {
        return Err(StoreError::NotFound);
    }
    if !summary.is_seated(account) {
        return Err(StoreError::NotSeated);
    }
    if game.status()? != GameStatus::Open {
        return Err(StoreError::NotOpen);
    }
    let options = game.options.0;
    let taken = |s: u8| summary.seats.iter().any(|x| x.seat.0 == s);
    // A rematch keeps its invitees' seats until their invitations expire or are declined.
    let reserved = invitations::reserved_seats(&mut tx, id, None).await?;
    let seat = match seat {
        Some(seat) if seat.0 >= options.players => {
            return Err(StoreError::InvalidBots(format!(
                "seat {} is past the last seat {}",
                seat.0,
                options.players - 1
            )));
        }
        Some(seat) if taken(seat.0) => return Err(StoreError::SeatTaken),
        Some(seat) if reserved.contains(&seat) => return Err(StoreError::SeatReserved),
        Some(seat) => seat,
        None => {
            let free: Vec<u8> = (0..options.players).filter(|s| !taken(*s)).collect();
            let open = free.iter().find(|s| !reserved.contains(&Seat(**s)));
            match (free.is_empty(), open) {
                (true, _) => return Err(StoreError::GameFull),
                (false, None) => return Err(StoreError::SeatReserved),
                (false, Some(s)) => Seat(*s),
            }
        }
    };
    // A game that has a bot already is counted already.
    let has_bots = summary.seats.iter().any(|s| s.bot.is_some());
    if let Some(max) = max_bot_games.filter(|_| !has_bots) {
        check_bot_games(&mut tx, account, max).await?;
    }
    insert_bot(&mut tx, id, seat, level).await?;
    if !has_bots {
        game_counts::add_seated(
            &mut tx,
            id,
            Counts {
                bot_games: 1,
                ..Counts::default()
            },
        )
        .await?;
    }
    let dealt = seat_taken(
        store,
        &mut tx,
        id,
        game.version,
        &options,
        summary.seats.len() + 1,
        rng,
    )
    .await?;
    let summary = fetch_summary(&mut tx, id).await?;
    tx.commit().await.context("commit add bot")?;
    if let Some(dealt) = dealt {
        store.committed(id, &dealt);
    }
    Ok(summary)
}

/// Takes the next free seat. Filling the last seat starts the game in the same transaction:
/// the engine's start events become seq 1.. (system events, no acting seat).
pub async fn join_game(
    store: &Store,
    id: GameId,
    account: AccountId,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    join_game_with(store, id, account, None, None, rng).await
}

/// Joins with an invitation: `code` (a code invitation's), or else the account's own
/// username invitation when it has one. A private game needs one of them; a code that is
/// wrong, expired or used up is `NotFound` there, the answer for a game that does not exist,
/// and so is a private game without an invitation (for a public game such a code is
/// `NoSuchInvitation`). A use of the invitation is spent. The seat is the
/// one the invitation reserves (rematches) when free, else the lowest free seat that no
/// other live invitation reserves. With `bot_account_max`, a bot account that already plays
/// that many unfinished games is refused (`TooManyBotAccountGames`).
pub async fn join_game_with(
    store: &Store,
    id: GameId,
    account: AccountId,
    code: Option<&str>,
    bot_account_max: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    retry_deadlocked(async || {
        try_join_game_with(store, id, account, code, bot_account_max, rng).await
    })
    .await
}

async fn try_join_game_with(
    store: &Store,
    id: GameId,
    account: AccountId,
    code: Option<&str>,
    bot_account_max: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<GameSummary> {
    let mut tx = store.pool.begin().await.context("begin join")?;
    if let Some(max) = bot_account_max {
        check_bot_account_games(&mut tx, account, max).await?;
    }
    let game = lock_row(&mut tx, id).await?;
    let seats = fetch_seats(&mut tx, &[id.0])
        .await?
        .remove(&id.0)
        .unwrap_or_default();
    if seats.iter().any(|s| s.account_id == account) {
        return Err(StoreError::AlreadySeated);
    }
    let private = Visibility::from_db(&game.visibility)? == Visibility::Private;
    let invitation = match code {
        // A wrong code hides a private game (404, as if it did not exist); a public game is
        // there for all to see, so there it is only a wrong code (422).
        Some(code) => Some(invitations::live_by_code(&mut tx, id, code).await?.ok_or(
            if private {
                StoreError::NotFound
            } else {
                StoreError::NoSuchInvitation
            },
        )?),
        None => invitations::live_for_account(&mut tx, id, account).await?,
    };
    if invitation.is_none() && private {
        return Err(StoreError::NotFound);
    }
    if game.status()? != GameStatus::Open {
        return Err(StoreError::NotOpen);
    }
    let options = game.options.0;
    if seats.len() >= usize::from(options.players) {
        return Err(StoreError::GameFull);
    }
    let reserved =
        invitations::reserved_seats(&mut tx, id, invitation.as_ref().map(|i| i.id)).await?;
    let taken = |seat: u8| seats.iter().any(|s| s.seat.0 == seat);
    let seat = invitation
        .as_ref()
        .and_then(|i| i.seat)
        .filter(|s| !taken(s.0))
        .map(|s| s.0)
        .or_else(|| (0..options.players).find(|s| !taken(*s) && !reserved.contains(&Seat(*s))))
        .ok_or(StoreError::GameFull)?;
    sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, $2, $3)")
        .bind(id.0)
        .bind(i16::from(seat))
        .bind(account.0)
        .execute(&mut *tx)
        .await
        .context("take a seat")?;
    let bots = seats.iter().any(|s| s.bot.is_some());
    game_counts::add(&mut tx, account, Counts::seat(bots)).await?;
    if let Some(invitation) = &invitation {
        invitations::spend(&mut tx, id, invitation.id).await?;
    }
    let dealt = seat_taken(
        store,
        &mut tx,
        id,
        game.version,
        &options,
        seats.len() + 1,
        rng,
    )
    .await?;
    let summary = fetch_summary(&mut tx, id).await?;
    tx.commit().await.context("commit join")?;
    if let Some(dealt) = dealt {
        store.committed(id, &dealt);
    }
    Ok(summary)
}

/// Gives up a seat before the game starts. The players after it move up one seat, so seats
/// stay contiguous from 0 (the creator may leave too; `created_by` still names them). When
/// the last player leaves (bots do not keep a game open), the game becomes `abandoned`.
pub async fn leave_game(store: &Store, id: GameId, account: AccountId) -> Result<GameSummary> {
    let mut tx = store.pool.begin().await.context("begin leave")?;
    let game = lock_row(&mut tx, id).await?;
    let seats = fetch_seats(&mut tx, &[id.0])
        .await?
        .remove(&id.0)
        .unwrap_or_default();
    let mine = seats
        .iter()
        .find(|s| s.account_id == account)
        .ok_or(StoreError::NotSeated)?
        .seat;
    if game.status()? != GameStatus::Open {
        return Err(StoreError::NotOpen);
    }
    sqlx::query("DELETE FROM game_seats WHERE game_id = $1 AND seat = $2")
        .bind(id.0)
        .bind(i16::from(mine.0))
        .execute(&mut *tx)
        .await
        .context("leave a seat")?;
    let bots = seats.iter().any(|s| s.bot.is_some());
    game_counts::add(&mut tx, account, Counts::seat(bots).negated()).await?;
    // A rematch's seats are reserved for its players (rotated): they stay where they are.
    let shift = if game.rematch_of.is_some() {
        0..0
    } else {
        (mine.0 + 1)..seats.iter().map(|s| s.seat.0 + 1).max().unwrap_or(0)
    };
    // One row at a time, upwards: the primary key is checked row by row.
    for seat in shift {
        sqlx::query("UPDATE game_seats SET seat = seat - 1 WHERE game_id = $1 AND seat = $2")
            .bind(id.0)
            .bind(i16::from(seat))
            .execute(&mut *tx)
            .await
            .context("move a seat up")?;
    }
    let players_left = seats.iter().filter(|s| s.bot.is_none()).count() - 1;
    let status = if players_left == 0 {
        GameStatus::Abandoned
    } else {
        GameStatus::Open
    };
    sqlx::query("UPDATE games SET status = $2, updated_at = now() WHERE id = $1")
        .bind(id.0)
        .bind(status.as_str())
        .execute(&mut *tx)
        .await
        .context("update a game after a leave")?;
    let summary = fetch_summary(&mut tx, id).await?;
    // The leaver's streams of this game re-check whether they may still see it.
    crate::eventstore::notify::announce_authority_change(&mut tx, account)
        .await
        .context("announce a leave")?;
    tx.commit().await.context("commit leave")?;
    Ok(summary)
}

/// Whether the game exists.
pub async fn exists(store: &Store, id: GameId) -> Result<bool> {
    let (found,): (bool,) = sqlx::query_as("SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)")
        .bind(id.0)
        .fetch_one(&store.pool)
        .await
        .context("look a game up")?;
    Ok(found)
}

/// A rematch of a finished game, asked for by one of its players
/// ([`invitations::rematch_in`]: seats rotated, bots kept with their levels, the other
/// players invited). A rematch whose every other seat is a bot's starts at once (dealt with
/// `rng`), as a game created full does. With bots and `max_bot_games`, refused with
/// `TooManyBotGames` when the requester already sits in that many unfinished games with
/// bots. The second request (by anyone) returns the same game; the flag says whether this
/// call created it.
pub async fn rematch(
    store: &Store,
    old: GameId,
    requester: AccountId,
    max_bot_games: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(GameSummary, bool)> {
    let mut tx = store.pool.begin().await.context("begin rematch")?;
    if let Some(max) = max_bot_games {
        // A finished game's seats never change: read unlocked, before the rematch's locks.
        let before = fetch_summary(&mut tx, old).await?;
        if before.status == GameStatus::Finished
            && before.rematched_by.is_none()
            && before.is_seated(requester)
            && before.seats.iter().any(|s| s.bot.is_some())
        {
            check_bot_games(&mut tx, requester, max).await?;
        }
    }
    let (id, dealt) = match invitations::rematch_in(&mut tx, old, requester).await? {
        invitations::Rematch::Existing(existing) => {
            tx.commit().await.context("commit rematch")?;
            return Ok((*existing, false));
        }
        invitations::Rematch::Created {
            id,
            options,
            seated,
        } => {
            let mut dealt = None;
            if seated == usize::from(options.players) {
                dealt = Some(start_in(store, &mut tx, id, 0, &options, Vec::new(), rng).await?);
            }
            (id, dealt)
        }
    };
    let created = fetch_summary(&mut tx, id).await?;
    tx.commit().await.context("commit rematch")?;
    if let Some(dealt) = dealt {
        store.committed(id, &dealt);
    }
    Ok((created, true))
}

pub async fn summary(store: &Store, id: GameId) -> Result<GameSummary> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    fetch_summary(&mut conn, id).await
}

/// Every seat is taken: deals (the engine's start events become seq 1.., system events with no
/// acting seat), in the caller's transaction, with `game_started` and `your_turn` in the outbox,
/// and `also` told at the deal.
async fn start_in(
    store: &Store,
    conn: &mut PgConnection,
    id: GameId,
    version: i64,
    options: &GameOptions,
    also: Vec<Pending>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Appended> {
    // Its seats are no longer in an open game.
    game_counts::add_seated(
        &mut *conn,
        id,
        Counts {
            open_games: -1,
            ..Counts::default()
        },
    )
    .await?;
    let mut events = rules::start(options, rng)?;
    // Service rules §9.6: players on vacation as the game starts are recorded away with the
    // deal, so that a first decision awaited from them waits for their return; the others are
    // told, as when a vacation starts during a game.
    let away = vacation::away_seats(conn, id).await?;
    let version_after = version + (events.len() + away.len()) as i64;
    let mut told = also;
    for (seat, username, until) in away {
        // The stream keeps milliseconds; the notice says what it recorded.
        let until_ms = vacation::millis(until);
        let until =
            DateTime::from_timestamp_millis(i64::try_from(until_ms).unwrap_or(0)).unwrap_or(until);
        events.push(Event::SeatAway { seat, until_ms });
        told.extend(vacation::vacation_notices(
            usize::from(options.players),
            seat,
            version_after,
            &username,
            until,
        ));
    }
    let started = Game::replay(&events);
    let seal = store.seal(conn, id).await?;
    let append = Append {
        id,
        expected: version,
        seat: None,
        account: None,
        events: &events,
        prev_hash: GENESIS,
        after: &started,
        keep_deadline: false,
        tell: Tell::ActedByThen(None, told),
        key: None,
        seal,
    };
    let layout = store.layout(conn).await?;
    match append_in(conn, layout, append).await {
        Ok(dealt) => Ok(dealt),
        Err(AppendError::Race) => Err(unexpected(format!("open game {id} already has events"))),
        Err(AppendError::Store(e)) => Err(e),
    }
}

/// A seat of an open game was just taken, `seated` seats are now taken: the game starts when
/// that was the last one (the deal is returned), else it only moves up the listings
/// (`updated_at`).
async fn seat_taken(
    store: &Store,
    conn: &mut PgConnection,
    id: GameId,
    version: i64,
    options: &GameOptions,
    seated: usize,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Option<Appended>> {
    if seated == usize::from(options.players) {
        return start_in(store, conn, id, version, options, Vec::new(), rng)
            .await
            .map(Some);
    }
    sqlx::query("UPDATE games SET updated_at = now() WHERE id = $1")
        .bind(id.0)
        .execute(conn)
        .await
        .context("touch a game")?;
    Ok(None)
}

/// Bots at creation: distinct seats from 1 to players − 1.
fn check_bot_seats(options: &GameOptions, bots: &[(Seat, BotLevel)]) -> Result<()> {
    for (i, (seat, _)) in bots.iter().enumerate() {
        if seat.0 == 0 || seat.0 >= options.players {
            return Err(StoreError::InvalidBots(format!(
                "a bot's seat is 1 to {} (the creator takes seat 0), not {}",
                options.players - 1,
                seat.0
            )));
        }
        if bots[..i].iter().any(|(other, _)| other == seat) {
            return Err(StoreError::InvalidBots(format!(
                "seat {} is given twice",
                seat.0
            )));
        }
    }
    Ok(())
}
