//! Argon2id password hashing. Hashing is slow on purpose and needs 19 MiB of memory: callers
//! run it off the async executor, on one hashing thread per CPU (`hash`/`verify`), each of
//! which reuses its own memory. Allocating those 19 MiB per hash on tokio's blocking threads
//! left glibc holding them: 64 logins made the server 700 MB resident.

use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};

use anyhow::Context;
use argon2::password_hash::{Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane.
fn params() -> Params {
    Params::default()
}

/// The working memory of one hash, kept between hashes by a hashing thread.
struct Memory(Vec<Block>);

impl Memory {
    fn new() -> Self {
        Memory(Vec::new())
    }

    /// Argon2 of `password` and `salt` with these settings, in this memory.
    fn output(
        &mut self,
        argon2: &Argon2<'_>,
        params: &Params,
        password: &[u8],
        salt: Salt<'_>,
    ) -> argon2::password_hash::Result<Output> {
        if self.0.len() < params.block_count() {
            self.0.resize(params.block_count(), Block::default());
        }
        let mut salt_bytes = [0u8; 64];
        let salt_bytes = salt.decode_b64(&mut salt_bytes)?;
        let len = params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN);
        let blocks = &mut self.0[..params.block_count()];
        Output::init_with(len, |out| {
            argon2
                .hash_password_into_with_memory(password, salt_bytes, out, &mut *blocks)
                .map_err(Into::into)
        })
    }

    fn hash(&mut self, password: &str) -> anyhow::Result<String> {
        let mut salt = [0u8; 16];
        rand::fill(&mut salt);
        let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
        let params = params();
        let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
        let output = self
            .output(&argon2, &params, password.as_bytes(), salt.as_salt())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params)
                .map_err(|e| anyhow::anyhow!("hash parameters: {e}"))?,
            salt: Some(salt.as_salt()),
            hash: Some(output),
        };
        Ok(phc.to_string())
    }

    /// As `PasswordVerifier::verify_password` does it: the stored hash's own algorithm,
    /// version and parameters, and a constant-time comparison (`Output`'s `==`).
    fn verify(&mut self, password: &str, phc: &str) -> bool {
        let Ok(stored) = PasswordHash::new(phc) else {
            return false;
        };
        let (Some(salt), Some(expected)) = (stored.salt, stored.hash) else {
            return false;
        };
        let Ok(algorithm) = Algorithm::try_from(stored.algorithm) else {
            return false;
        };
        let version = match stored.version.map(Version::try_from).transpose() {
            Ok(v) => v.unwrap_or_default(),
            Err(_) => return false,
        };
        let Ok(params) = Params::try_from(&stored) else {
            return false;
        };
        let argon2 = Argon2::new(algorithm, version, params.clone());
        self.output(&argon2, &params, password.as_bytes(), salt)
            .is_ok_and(|computed| computed == expected)
    }
}

/// A PHC string (`$argon2id$v=19$...`) for the password, with a fresh random salt.
pub fn hash_blocking(password: &str) -> anyhow::Result<String> {
    Memory::new().hash(password)
}

/// Whether the password matches the PHC string. A malformed stored hash never matches.
pub fn verify_blocking(password: &str, phc: &str) -> bool {
    Memory::new().verify(password, phc)
}

/// A hash to verify against when the username is unknown, so that both failures take as long.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_blocking("not a real password").unwrap_or_default())
}

type Job = Box<dyn FnOnce(&mut Memory) + Send>;

/// The hashing threads, started on first use: as many as CPUs (hashes beyond that would only
/// queue for a core), each with its own memory.
fn hashers() -> &'static Mutex<mpsc::Sender<Job>> {
    static HASHERS: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
    HASHERS.get_or_init(|| {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = std::sync::Arc::new(Mutex::new(queue));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        for i in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || {
                    let mut memory = Memory::new();
                    loop {
                        let job = match queue.lock() {
                            Ok(q) => q.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(&mut memory),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a password hashing thread");
            }
        }
        Mutex::new(jobs)
    })
}

/// Runs `f` on a hashing thread.
async fn on_hasher<T: Send + 'static>(
    f: impl FnOnce(&mut Memory) -> T + Send + 'static,
) -> anyhow::Result<T> {
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move |memory| {
        let _ = done.send(f(memory));
    });
    hashers()
        .lock()
        .map_err(|_| anyhow::anyhow!("the password hashing queue is poisoned"))?
        .send(job)
        .map_err(|_| anyhow::anyhow!("no password hashing thread is running"))?;
    result.await.context("password hashing thread")
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    on_hasher(move |memory| memory.hash(&password)).await?
}

/// Verifies against `phc`, or against a dummy hash when there is no account (always false).
pub async fn verify(password: String, phc: Option<String>) -> anyhow::Result<bool> {
    on_hasher(move |memory| match phc {
        Some(phc) => memory.verify(&password, &phc),
        None => {
            let _ = memory.verify(&password, dummy_hash());
            false
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash_blocking("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_blocking("correct horse", &h));
        assert!(!verify_blocking("wrong horse", &h));
        assert!(!verify_blocking("correct horse", "not a phc string"));
    }

    #[test]
    fn hashes_are_what_the_argon2_crate_makes_and_checks_both_ways() {
        let ours = hash_blocking("bannockburn1314").unwrap();
        let theirs = Argon2::default()
            .hash_password(
                b"bannockburn1314",
                &SaltString::encode_b64(&[3; 16]).unwrap(),
            )
            .unwrap()
            .to_string();
        assert_eq!(ours.len(), theirs.len());
        assert!(verify_blocking("bannockburn1314", &theirs));
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"bannockburn1314", &parsed)
                .is_ok()
        );
        // Other parameters (a cheaper hash stored by an older setting) still verify.
        let cheap = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(1024, 1, 1, None).unwrap(),
        )
        .hash_password(b"pw-12345", &SaltString::encode_b64(&[5; 16]).unwrap())
        .unwrap()
        .to_string();
        let mut memory = Memory::new();
        assert!(memory.verify("pw-12345", &cheap));
        assert!(memory.verify("bannockburn1314", &ours));
        assert!(!memory.verify("pw-12346", &cheap));
    }

    #[tokio::test]
    async fn the_hashing_threads_hash_and_verify() {
        let h = hash("correct horse".into()).await.unwrap();
        assert!(
            verify("correct horse".into(), Some(h.clone()))
                .await
                .unwrap()
        );
        assert!(!verify("wrong horse".into(), Some(h)).await.unwrap());
        assert!(!verify("correct horse".into(), None).await.unwrap());
    }
}
