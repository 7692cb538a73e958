//! Argon2id password hashing. Hashing is slow on purpose: callers run it off the async
//! executor (`hash`/`verify` do so with `spawn_blocking`).

use std::sync::OnceLock;

use anyhow::Context;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

fn hasher() -> Argon2<'static> {
    // OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

/// A PHC string (`$argon2id$v=19$...`) for the password, with a fresh random salt.
pub fn hash_blocking(password: &str) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    rand::fill(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let hash = hasher()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
    Ok(hash.to_string())
}

/// Whether the password matches the PHC string. A malformed stored hash never matches.
pub fn verify_blocking(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A hash to verify against when the username is unknown, so that both failures take as long.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_blocking("not a real password").unwrap_or_default())
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || hash_blocking(&password))
        .await
        .context("password hashing task")?
}

/// Verifies against `phc`, or against a dummy hash when there is no account (always false).
pub async fn verify(password: String, phc: Option<String>) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || match phc {
        Some(phc) => verify_blocking(&password, &phc),
        None => {
            let _ = verify_blocking(&password, dummy_hash());
            false
        }
    })
    .await
    .context("password verification task")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash_blocking("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_blocking("correct horse", &h));
        assert!(!verify_blocking("wrong horse", &h));
        assert!(!verify_blocking("correct horse", "not a phc string"));
    }
}
