//! Mail leaving the server: an SMTP client (lettre, TLS by rustls on the aws-lc-rs provider)
//! or, with no SMTP server configured, `.eml` files in a directory for a person to read. Sends
//! one finished message and says whether a refusal is worth retrying; knows nothing of the
//! queue, the accounts or what a mail says.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};

/// How long one SMTP exchange may take (connection, TLS, and the message).
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

/// Why a message did not leave.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// The server is unreachable or refused for now (4xx, a timeout, a broken connection):
    /// worth another attempt later.
    #[error("{0}")]
    Transient(String),
    /// The server refused the message for good (5xx).
    #[error("{0}")]
    Permanent(String),
}

/// lettre's URL forms, with `tls=starttls` (the name operators know) for its `tls=required`.
fn lettre_url(url: &str) -> String {
    url.replace("tls=starttls", "tls=required")
}

/// Whether `url` is an SMTP URL this server can use (`smtp://`, `smtps://`, `?tls=starttls`).
pub fn check_url(url: &str) -> anyhow::Result<()> {
    AsyncSmtpTransport::<Tokio1Executor>::from_url(&lettre_url(url))
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!("not an SMTP URL (smtp://host:port, smtps://user:pass@host, smtp://host?tls=starttls): {e}"))
}

/// Whether `from` is a mailbox (`Name <user@host>` or `user@host`).
pub fn check_from(from: &str) -> anyhow::Result<()> {
    from.parse::<Mailbox>()
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!("{from:?} is not a mail address: {e}"))
}

impl Transport {
    /// Through the SMTP server at `url`.
    pub fn smtp(url: &str) -> anyhow::Result<Transport> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&lettre_url(url))
            .map_err(|e| anyhow::anyhow!("LORDS_SMTP_URL: {e}"))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Transport::Smtp(transport))
    }

    /// Sends `message`; `name` names its `.eml` file when written to a directory.
    pub async fn send(&self, message: &Message, name: &str) -> Result<(), SendError> {
        match self {
            Transport::Smtp(smtp) => match smtp.send(message.clone()).await {
                Ok(_) => Ok(()),
                Err(e) if e.is_permanent() => Err(SendError::Permanent(error_chain(&e))),
                Err(e) => Err(SendError::Transient(error_chain(&e))),
            },
            Transport::Files(dir) => {
                let path = dir.join(format!("{name}.eml"));
                let write = async {
                    tokio::fs::create_dir_all(dir).await?;
                    // Written aside and renamed: a reader never sees half a message.
                    let partial = dir.join(format!(".{name}.eml.partial"));
                    tokio::fs::write(&partial, message.formatted()).await?;
                    tokio::fs::rename(&partial, &path).await
                };
                write.await.map_err(|e| {
                    SendError::Transient(format!("writing {}: {e}", path.display()))
                })?;
                tracing::info!(path = %path.display(), "mail written (no SMTP server configured)");
                Ok(())
            }
        }
    }
}

/// An error and its sources, `: `-separated.
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        out.push_str(": ");
        out.push_str(&s.to_string());
        source = s.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtp_urls_of_every_documented_form_are_accepted() {
        for ok in [
            "smtp://127.0.0.1:2525",
            "smtps://user:pass@mail.example.org",
            "smtp://user:pass@mail.example.org:587?tls=starttls",
        ] {
            check_url(ok).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        for bad in ["http://mail.example.org", "mail.example.org", ""] {
            assert!(check_url(bad).is_err(), "{bad}");
        }
    }
}
