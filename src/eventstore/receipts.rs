//! The receipts the store signs into what an append tells (a `your_turn` carries the receipt of
//! its version) and returns with an action (docs/audit.md, "Receipts"). A game's salt never
//! changes once the game is created, so each process keeps the salts it read (least recently
//! used dropped first): an action decided on a kept replay signs with no read. Over the
//! errors only; the key is the transparency log's, loaded once.

use std::sync::{Arc, Mutex};

use hashlink::LruCache;
use sqlx::PgConnection;

use crate::eventstore::GameId;
use crate::eventstore::error::{Context, Result, StoreError};
use crate::proofs::merkle::Hash;
use crate::proofs::receipt::{Receipt, Salt};
use crate::proofs::signing::{LogKey, LogSigner};

/// Salts kept: 48 bytes each with the id, so under 1 MB when full.
const SALT_CAPACITY: usize = 16_384;

/// The log's key (when this store signs receipts) and the salts read so far.
pub(crate) struct Receipts {
    signer: Option<Arc<LogSigner>>,
    salts: Mutex<LruCache<GameId, Option<Salt>>>,
}

impl std::fmt::Debug for Receipts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Receipts")
            .field("signs", &self.signer.is_some())
            .finish_non_exhaustive()
    }
}

impl Receipts {
    pub fn new(signer: Option<Arc<LogSigner>>) -> Self {
        Receipts {
            signer,
            salts: Mutex::new(LruCache::new(SALT_CAPACITY)),
        }
    }

    /// Keeps the salt a read found (`None`: the game has none, made before games had one).
    pub fn remember(&self, id: GameId, salt: Option<Salt>) {
        if let Ok(mut salts) = self.salts.lock() {
            salts.insert(id, salt);
        }
    }

    fn kept(&self, id: GameId) -> Option<Option<Salt>> {
        self.salts.lock().ok()?.get(&id).copied()
    }

    /// What signs `id`'s receipts: the key and the game's salt, read on `conn` when not kept.
    /// `None` when this store signs none, or the game has no salt.
    pub async fn seal(
        &self,
        pool: &sqlx::PgPool,
        conn: &mut PgConnection,
        id: GameId,
    ) -> Result<Option<Seal<'_>>> {
        let Some(signer) = &self.signer else {
            return Ok(None);
        };
        let salt = match self.kept(id) {
            Some(salt) => salt,
            None => {
                let salt: Option<Option<Vec<u8>>> =
                    sqlx::query_scalar("SELECT salt FROM games WHERE id = $1")
                        .bind(id.0)
                        .fetch_optional(conn)
                        .await
                        .context("read a game's salt")?;
                let salt = salt
                    .flatten()
                    .and_then(|s| Salt::try_from(s.as_slice()).ok());
                self.remember(id, salt);
                salt
            }
        };
        let Some(salt) = salt else {
            return Ok(None);
        };
        let key = crate::eventstore::server_keys::log_key(signer, pool)
            .await
            .map_err(StoreError::Unexpected)?;
        Ok(Some(Seal { key, salt }))
    }
}

/// The key and a game's salt: signs that game's receipts.
#[derive(Clone, Copy)]
pub(crate) struct Seal<'a> {
    key: &'a LogKey,
    salt: Salt,
}

impl Seal<'_> {
    /// The receipt of `id` at `version`, whose stream ends there with `head`.
    pub fn sign(&self, id: GameId, version: i64, head: &Hash) -> Receipt {
        let version = u64::try_from(version).unwrap_or(0);
        Receipt::sign(self.key, &id.0, version, &self.salt, head)
    }
}
