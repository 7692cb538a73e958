//! Revoked sessions: the first-party sessions (refresh-token families) whose access tokens must
//! stop working before they expire. A revocation is a row of `revoked_sessions`, written in the
//! revoking transaction and announced on `session_revoked`; each server process keeps the live
//! ones in memory ([`RevokedSessions`]), loaded at start and again whenever its listener
//! reconnects, so that checking a token stays one in-memory lookup. Knows no feature above it.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::Duration;

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::eventstore::AccountId;
use crate::eventstore::error::{Context, Result};

/// The channel a revocation is announced on (payload: `<session id>:<until, Unix seconds>`).
pub const REVOKED_CHANNEL: &str = "session_revoked";

/// Revoked sessions whose access tokens could still be unexpired, by session id, with the Unix
/// second after which none can be. Shared by the process's token checks and its listener.
#[derive(Debug, Default)]
pub struct RevokedSessions {
    until: RwLock<HashMap<Uuid, i64>>,
}

impl RevokedSessions {
    /// Whether the session `sid` was revoked (and some of its tokens may not have expired yet).
    pub fn contains(&self, sid: Uuid) -> bool {
        self.until
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(&sid)
    }

    /// Records revocations this process committed itself: its next request must see them,
    /// before its listener hears them back.
    pub fn note(&self, revoked: &Revoked) {
        let mut until = self.until.write().unwrap_or_else(|p| p.into_inner());
        for sid in &revoked.sessions {
            until.insert(*sid, revoked.until);
        }
    }

    /// A `session_revoked` payload heard from any process; `false` when it is not one.
    pub(crate) fn heard(&self, payload: &str) -> bool {
        let Some((sid, until)) = payload.split_once(':') else {
            return false;
        };
        let (Ok(sid), Ok(until)) = (sid.parse::<Uuid>(), until.parse::<i64>()) else {
            return false;
        };
        let now = chrono::Utc::now().timestamp();
        let mut map = self.until.write().unwrap_or_else(|p| p.into_inner());
        // Expired entries go as new ones come: the map holds one token lifetime of revocations.
        map.retain(|_, until| *until >= now);
        map.insert(sid, until);
        true
    }

    /// Adds the live rows of `revoked_sessions` to what is kept (at start, and after the
    /// listener reconnected: revocations announced meanwhile were not heard). A revocation is
    /// never undone, so what is kept stays.
    pub async fn load(&self, pool: &PgPool) -> Result<usize> {
        let rows: Vec<(Uuid, i64)> = sqlx::query_as(
            "SELECT session_id, extract(epoch FROM until)::bigint FROM revoked_sessions \
             WHERE until > now()",
        )
        .fetch_all(pool)
        .await
        .context("load the revoked sessions")?;
        let count = rows.len();
        let now = chrono::Utc::now().timestamp();
        let mut map = self.until.write().unwrap_or_else(|p| p.into_inner());
        map.retain(|_, until| *until >= now);
        map.extend(rows);
        Ok(count)
    }
}

/// Sessions revoked in a transaction, to [`RevokedSessions::note`] once it commits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[must_use = "note the revocation in this process once its transaction commits"]
pub struct Revoked {
    pub sessions: Vec<Uuid>,
    /// Unix seconds after which no access token of these sessions is valid.
    pub until: i64,
}

impl Revoked {
    /// How many sessions were revoked.
    pub fn len(&self) -> usize {
        self.sessions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sessions.is_empty()
    }
}

/// Revokes the access tokens of `account`'s `sessions`, in the caller's transaction: a row each
/// (kept for `token_ttl`, the longest an access token lives, plus a minute of clock skew), and
/// an announcement to every process when the transaction commits. Expired rows of the account
/// go on the way.
pub async fn revoke_sessions(
    conn: &mut PgConnection,
    account: AccountId,
    sessions: &[Uuid],
    token_ttl: Duration,
) -> Result<Revoked, sqlx::Error> {
    if sessions.is_empty() {
        return Ok(Revoked::default());
    }
    let keep = i64::try_from(token_ttl.as_secs())
        .unwrap_or(i64::MAX / 2)
        .saturating_add(60);
    sqlx::query("DELETE FROM revoked_sessions WHERE account_id = $1 AND until < now()")
        .bind(account.0)
        .execute(&mut *conn)
        .await?;
    let until: i64 =
        sqlx::query_scalar("SELECT extract(epoch FROM now() + make_interval(secs => $1))::bigint")
            .bind(keep as f64)
            .fetch_one(&mut *conn)
            .await?;
    // One statement a session (a handful at most): each is one shard's on Citus.
    for sid in sessions {
        sqlx::query(
            "INSERT INTO revoked_sessions (account_id, session_id, until) \
             VALUES ($1, $2, to_timestamp($3)) \
             ON CONFLICT (account_id, session_id) DO UPDATE SET until = EXCLUDED.until",
        )
        .bind(account.0)
        .bind(sid)
        .bind(until as f64)
        .execute(&mut *conn)
        .await?;
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(REVOKED_CHANNEL)
            .bind(format!("{sid}:{until}"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(Revoked {
        sessions: sessions.to_vec(),
        until,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heard_revocation_is_kept_until_it_lapses_and_noise_is_ignored() {
        let kept = RevokedSessions::default();
        let now = chrono::Utc::now().timestamp();
        let (live, lapsed) = (Uuid::now_v7(), Uuid::now_v7());
        assert!(kept.heard(&format!("{lapsed}:{}", now - 10)));
        assert!(kept.heard(&format!("{live}:{}", now + 900)));
        assert!(kept.contains(live));
        assert!(!kept.contains(lapsed), "dropped when the next one came");
        assert!(!kept.heard("not-a-uuid:12"));
        assert!(!kept.heard(&live.to_string()));
        kept.note(&Revoked {
            sessions: vec![lapsed],
            until: now + 60,
        });
        assert!(kept.contains(lapsed));
    }
}
