//! The accounts' answer to what the shell asks of them ([`Identities`]): token lookups and
//! whether an account or a session is still there, each one statement on the pool.

use futures_util::future::BoxFuture;
use sqlx::PgPool;
use uuid::Uuid;

use crate::api::credentials::{FoundToken, Identities};
use crate::eventstore::AccountId;

/// [`Identities`] over the accounts' tables.
#[derive(Debug, Clone)]
pub struct AccountIdentities {
    pool: PgPool,
}

impl AccountIdentities {
    pub fn new(pool: PgPool) -> Self {
        AccountIdentities { pool }
    }
}

impl Identities for AccountIdentities {
    fn token<'a>(
        &'a self,
        secret: &'a str,
    ) -> BoxFuture<'a, Result<Option<FoundToken>, sqlx::Error>> {
        Box::pin(crate::accounts::tokens::lookup(&self.pool, secret))
    }

    fn account_exists(&self, account: AccountId) -> BoxFuture<'_, Result<bool, sqlx::Error>> {
        Box::pin(crate::accounts::account::exists_for_session(
            &self.pool, account,
        ))
    }

    fn session_is_live(
        &self,
        account: AccountId,
        session: Uuid,
    ) -> BoxFuture<'_, Result<bool, sqlx::Error>> {
        Box::pin(crate::accounts::refresh::session_is_live(
            &self.pool, account, session,
        ))
    }

    fn is_bot_account(&self, account: AccountId) -> BoxFuture<'_, Result<bool, sqlx::Error>> {
        Box::pin(crate::accounts::account::is_bot_account(
            &self.pool, account,
        ))
    }
}
