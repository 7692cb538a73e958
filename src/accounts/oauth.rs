//! Why our own: the Rust OAuth crates are clients (`oauth2`), and the one server framework (`oxide-auth`) would own the flow and its storage; ours is a few RFC checks kept in the accounts' own tables and transactions.
//!
//! The OAuth 2.0 authorization server's protocol, without HTTP: checking authorization requests
//! (RFC 6749 §4.1.1, RFC 7636, RFC 8252), authorization codes (60 s, single use, bound to the
//! account, client, redirect URI, PKCE challenge and scopes), exchanging them and refreshing
//! (RFC 6749 §4.1.3, §6), revocation (RFC 7009) and the account's live authorizations.
//!
//! Public clients only, with no registration (the model of lichess): `client_id` names the app,
//! PKCE with S256 is required, and the redirect URI is checked by its form instead of against a
//! registered list. An authorization is an OAuth refresh family (`refresh_tokens` rows naming
//! the client, see [`crate::accounts::refresh`]); its access tokens are opaque `lords_oat_…` tokens in
//! `api_tokens` naming the family, deleted whenever the family is revoked.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use url::Url;
use uuid::Uuid;

use crate::accounts::refresh::{self, IssuedRefresh};
use crate::accounts::tokens;
use crate::api::credentials::TokenKind;
use crate::api::scope::{self, Scope};
use crate::eventstore::AccountId;

/// How long an authorization code may be exchanged (RFC 6749 §4.1.2 recommends at most 10
/// minutes; the client exchanges it at once).
pub const CODE_TTL: Duration = Duration::from_secs(60);
/// How long an OAuth access token is valid.
pub const ACCESS_TTL: Duration = Duration::from_secs(3600);
/// Random bytes in an authorization code (256 bits).
const CODE_BYTES: usize = 32;
/// The longest `client_id`.
pub const CLIENT_ID_MAX: usize = 64;
/// The longest `redirect_uri`.
pub const REDIRECT_URI_MAX: usize = 2048;
/// The longest `state`.
pub const STATE_MAX: usize = 1024;

/// An authorization request as received (`GET /v1/oauth/consent`'s query, or the body of
/// `POST /v1/oauth/authorizations`): every parameter as sent, if sent.
#[derive(Debug, Clone, Default)]
pub struct AuthorizationRequest {
    pub response_type: Option<String>,
    pub client_id: Option<String>,
    pub redirect_uri: Option<String>,
    pub scope: Option<String>,
    pub state: Option<String>,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
}

/// An authorization request that may be approved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidRequest {
    pub client_id: String,
    /// As the client sent it: the token request must repeat it exactly.
    pub redirect_uri: String,
    pub scopes: Vec<Scope>,
    pub state: Option<String>,
    pub code_challenge: String,
}

/// What an authorization request comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Checked {
    /// It may be approved or denied.
    Valid(ValidRequest),
    /// It is refused, and the client may be told with this URL (an error of RFC 6749
    /// §4.1.2.1: `unsupported_response_type`). The redirect URI is not registered, and so not
    /// trusted: the person is offered the URL, never sent there without a click (RFC 9700
    /// §4.11.2).
    Redirect(String),
}

/// A request that cannot be answered by a redirect: the client or redirect URI is not valid
/// (RFC 6749 §4.1.2.1 forbids redirecting then), or, by this service's contract, the PKCE
/// challenge or the scopes are wrong. The text says what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidRequest(pub String);

fn invalid(text: impl Into<String>) -> InvalidRequest {
    InvalidRequest(text.into())
}

/// Checks a `client_id`: 1 to 64 printable ASCII characters (RFC 6749 VSCHAR, space included).
pub fn check_client_id(client_id: &str) -> Result<(), InvalidRequest> {
    if client_id.is_empty()
        || client_id.len() > CLIENT_ID_MAX
        || !client_id.bytes().all(|b| (0x20..=0x7e).contains(&b))
    {
        return Err(invalid(
            "client_id must be 1 to 64 printable ASCII characters naming the app",
        ));
    }
    Ok(())
}

/// Checks a redirect URI by its form (no registration): `https` with a host; `http` on a
/// loopback address with any port (RFC 8252 §7.3); or a private-use scheme holding a dot
/// (`com.example.app:/callback`, RFC 8252 §7.1). Never a fragment (RFC 6749 §3.1.2) or user
/// information. The URI is used as sent (the redirect is built on it and the token request must
/// repeat it, RFC 6749 §4.1.3), so its text is checked as well as what a parser makes of it:
/// a host that is written, and for `http` a loopback host written plainly.
pub fn check_redirect_uri(redirect_uri: &str) -> Result<Url, InvalidRequest> {
    let refuse = |why: &str| invalid(format!("redirect_uri {why}"));
    if redirect_uri.len() > REDIRECT_URI_MAX {
        return Err(refuse("is longer than 2048 characters"));
    }
    if redirect_uri.contains('#') {
        return Err(refuse("must not have a fragment"));
    }
    // A parser drops or rewrites these (tabs and newlines are removed, a backslash is a slash
    // in https), so the URI as sent and the URI as checked would differ: RFC 3986 has none.
    if !redirect_uri
        .bytes()
        .all(|b| b.is_ascii_graphic() && b != b'\\')
    {
        return Err(refuse(
            "must be a URI of printable ASCII characters without spaces or backslashes",
        ));
    }
    let url = Url::parse(redirect_uri).map_err(|_| refuse("is not an absolute URI"))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refuse("must not hold user information"));
    }
    match url.scheme() {
        "https" => {
            if written_host(redirect_uri).is_none_or(str::is_empty) || url.host().is_none() {
                return Err(refuse("must name a host"));
            }
        }
        "http" => {
            let Some(host) = written_host(redirect_uri).filter(|h| !h.is_empty()) else {
                return Err(refuse("must name a host"));
            };
            if !is_loopback(host) {
                return Err(refuse(
                    "may use http only on a loopback address (127.0.0.1 to 127.255.255.255 \
                     written as four decimal numbers, [::1] or localhost)",
                ));
            }
        }
        scheme => {
            if !scheme.contains('.') {
                return Err(refuse(
                    "must be https, http on a loopback address, or a private-use scheme with a \
                     dot (a reversed domain name such as com.example.app)",
                ));
            }
        }
    }
    Ok(url)
}

/// The host as written in `scheme://host[:port]/…` (RFC 3986 §3.2.2), or `None` when the URI
/// has no `//` authority. An IPv6 literal keeps its brackets.
fn written_host(uri: &str) -> Option<&str> {
    let (_, rest) = uri.split_once(':')?;
    let authority = rest.strip_prefix("//")?;
    let authority = &authority[..authority.find(['/', '?']).unwrap_or(authority.len())];
    if authority.starts_with('[') {
        return Some(&authority[..authority.find(']').map_or(authority.len(), |i| i + 1)]);
    }
    Some(&authority[..authority.find(':').unwrap_or(authority.len())])
}

/// Whether a written host is a loopback address for `http` (RFC 8252 §7.3, §8.3): `localhost`,
/// `[::1]`, or an address of 127.0.0.0/8 as four decimal numbers. Other spellings that parsers
/// read as loopback (`127.1`, `0x7f000001`, `2130706433`, leading zeros, which some read as
/// octal) are refused rather than guessed at.
fn is_loopback(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") || host == "[::1]" {
        return true;
    }
    let octets: Vec<&str> = host.split('.').collect();
    octets.len() == 4
        && octets[0] == "127"
        && octets.iter().all(|o| {
            !o.is_empty()
                && o.len() <= 3
                && o.bytes().all(|b| b.is_ascii_digit())
                && (o.len() == 1 || !o.starts_with('0'))
                && o.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// What `redirect_uri` shows a person on the consent page: its origin (`https://app.example`),
/// or its scheme for a private-use scheme (`com.example.app:`).
pub fn redirect_origin(url: &Url) -> String {
    match url.scheme() {
        "https" | "http" => url.origin().ascii_serialization(),
        scheme => format!("{scheme}:"),
    }
}

/// `redirect_uri` exactly as sent, with `params` added to its query (which is kept, RFC 6749
/// §3.1.2), form-encoded (RFC 6749 §4.1.2): after `?`, or after `&` when it has a query.
pub fn redirect_with(redirect_uri: &str, params: &[(&str, &str)]) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params)
        .finish();
    let separator = match redirect_uri.find('?') {
        None => "?",
        Some(_) if redirect_uri.ends_with(['?', '&']) => "",
        Some(_) => "&",
    };
    format!("{redirect_uri}{separator}{query}")
}

/// An error redirect (RFC 6749 §4.1.2.1): `error`, and `state` when the request had one.
pub fn error_redirect(redirect_uri: &str, error: &str, state: Option<&str>) -> String {
    let mut params = vec![("error", error)];
    if let Some(state) = state {
        params.push(("state", state));
    }
    redirect_with(redirect_uri, &params)
}

/// Checks an authorization request. The client and redirect URI first (a 422, never a
/// redirect, when wrong); then `response_type` (anything but `code` is redirected with
/// `unsupported_response_type`); then the PKCE challenge and the scopes (422).
pub fn check(request: &AuthorizationRequest) -> Result<Checked, InvalidRequest> {
    let client_id = request
        .client_id
        .as_deref()
        .ok_or_else(|| invalid("client_id is missing"))?;
    check_client_id(client_id)?;
    let redirect_uri = request
        .redirect_uri
        .as_deref()
        .ok_or_else(|| invalid("redirect_uri is missing"))?;
    check_redirect_uri(redirect_uri)?;
    let state = request.state.as_deref();
    if state.is_some_and(|s| s.len() > STATE_MAX) {
        return Err(invalid("state is longer than 1024 characters"));
    }
    match request.response_type.as_deref() {
        Some("code") => {}
        None => return Err(invalid("response_type is missing")),
        Some(_) => {
            return Ok(Checked::Redirect(error_redirect(
                redirect_uri,
                "unsupported_response_type",
                state,
            )));
        }
    }
    let code_challenge = request
        .code_challenge
        .as_deref()
        .ok_or_else(|| invalid("code_challenge is missing: PKCE (RFC 7636) is required"))?;
    if request.code_challenge_method.as_deref() != Some("S256") {
        return Err(invalid(
            "code_challenge_method must be S256 (plain is not accepted)",
        ));
    }
    // BASE64URL(SHA-256(verifier)) is 43 characters decoding to 32 bytes.
    if code_challenge.len() != 43
        || URL_SAFE_NO_PAD
            .decode(code_challenge)
            .map_or(true, |bytes| bytes.len() != 32)
    {
        return Err(invalid(
            "code_challenge must be BASE64URL(SHA-256(code_verifier)), 43 characters",
        ));
    }
    let scopes = parse_scopes(request.scope.as_deref().unwrap_or(""))?;
    Ok(Checked::Valid(ValidRequest {
        client_id: client_id.to_string(),
        redirect_uri: redirect_uri.to_string(),
        scopes,
        state: state.map(str::to_string),
        code_challenge: code_challenge.to_string(),
    }))
}

/// A space-separated `scope` (RFC 6749 §3.3): known scopes, at least one, never `bot:play`
/// (only bot accounts hold it, and they do not sign in to approve anything).
pub fn parse_scopes(scope: &str) -> Result<Vec<Scope>, InvalidRequest> {
    let scopes = scope::parse_list(scope.split(' ').filter(|s| !s.is_empty()))
        .map_err(|unknown| invalid(format!("unknown scope {unknown:?}")))?;
    if scopes.is_empty() {
        return Err(invalid("scope is empty: ask for at least one scope"));
    }
    if scopes.contains(&Scope::BotPlay) {
        return Err(invalid(
            "bot:play cannot be granted through OAuth: a bot account uses personal tokens",
        ));
    }
    Ok(scopes)
}

/// Whether `verifier` has the form of RFC 7636 §4.1: 43 to 128 characters of
/// `A-Z a-z 0-9 - . _ ~`.
pub fn verifier_is_well_formed(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// The S256 challenge of a verifier (RFC 7636 §4.2).
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// An authorization code as given to the client. `Debug` never prints it.
#[derive(Clone)]
pub struct Code(String);

impl Code {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code(<redacted>)")
    }
}

fn hash(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

fn at(ttl: Duration) -> DateTime<Utc> {
    Utc::now() + chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::MAX)
}

/// Approval: a new code for `account`, bound to the request, unless the account already holds
/// `max` live authorizations (`None`). A code not yet exchanged counts as one: each becomes an
/// authorization when exchanged. Counted under a per-account lock, so concurrent approvals
/// cannot overshoot.
pub async fn create_code(
    pool: &PgPool,
    account: AccountId,
    request: &ValidRequest,
    max: i64,
) -> Result<Option<Code>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('oauth_authorizations:' || $1, 0))")
        .bind(account.0.to_string())
        .execute(&mut *tx)
        .await?;
    // Codes first: an exchange committed between the two statements is then counted twice
    // (its code and its authorization), never missed. Two statements: on Citus
    // `refresh_tokens` is a reference table and `oauth_codes` is not.
    let pending: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM oauth_codes \
         WHERE account_id = $1 AND used_at IS NULL AND expires_at > now()",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await?;
    let live: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT family_id) FROM refresh_tokens \
         WHERE account_id = $1 AND client_id IS NOT NULL \
           AND retired_at IS NULL AND revoked_at IS NULL AND expires_at > now()",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await?;
    if pending + live >= max {
        return Ok(None);
    }
    let mut bytes = [0u8; CODE_BYTES];
    rand::fill(&mut bytes);
    let code = URL_SAFE_NO_PAD.encode(bytes);
    let now = Utc::now();
    sqlx::query(
        "INSERT INTO oauth_codes (code_hash, account_id, client_id, redirect_uri, \
             code_challenge, scopes, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&hash(&code)[..])
    .bind(account.0)
    .bind(&request.client_id)
    .bind(&request.redirect_uri)
    .bind(&request.code_challenge)
    .bind(scope_strings(&request.scopes))
    .bind(now)
    .bind(at(CODE_TTL))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(Code(code)))
}

fn scope_strings(scopes: &[Scope]) -> Vec<String> {
    scopes.iter().map(|s| s.as_str().to_string()).collect()
}

fn scopes_of(strings: &[String]) -> Vec<Scope> {
    // A scope this version does not know grants nothing.
    strings.iter().filter_map(|s| Scope::parse(s)).collect()
}

/// Why a token request is refused (RFC 6749 §5.2).
#[derive(Debug, thiserror::Error)]
pub enum GrantError {
    /// `invalid_grant`: the code or refresh token is unknown, expired, used or revoked, or does
    /// not match the client, the redirect URI or the verifier.
    #[error("{0}")]
    InvalidGrant(&'static str),
    /// `invalid_scope`: a refresh asks for a scope the authorization does not hold.
    #[error("{0}")]
    InvalidScope(String),
    #[error("OAuth token storage failed")]
    Database(#[from] sqlx::Error),
}

/// What the token endpoint answers on success.
#[derive(Debug)]
pub struct IssuedTokens {
    pub access_token: tokens::NewToken,
    pub expires_in: u64,
    pub refresh: IssuedRefresh,
    pub scopes: Vec<Scope>,
}

/// A presented code's exchange (RFC 6749 §4.1.3, RFC 7636 §4.6).
#[derive(Debug, Clone)]
pub struct CodeExchange<'a> {
    pub code: &'a str,
    pub client_id: &'a str,
    pub redirect_uri: &'a str,
    pub code_verifier: &'a str,
}

/// Exchanges a code for an access token and a new OAuth refresh family. The code is used up by
/// the first attempt, whatever its outcome (a wrong verifier cannot be retried). A code
/// presented again revokes the family it started and that family's access tokens (RFC 6749
/// §4.1.2).
pub async fn exchange_code(
    pool: &PgPool,
    exchange: CodeExchange<'_>,
    refresh_ttl: Duration,
) -> Result<IssuedTokens, GrantError> {
    const INVALID: GrantError = GrantError::InvalidGrant(
        "the authorization code is unknown, expired, already used, or issued for another \
         client, redirect URI or code_verifier",
    );
    if exchange.code.is_empty() || exchange.code.len() > 64 {
        return Err(INVALID);
    }
    let digest = hash(exchange.code);
    let now = Utc::now();
    let mut tx = pool.begin().await?;
    type Row = (Uuid, String, String, String, Vec<String>, DateTime<Utc>);
    let found: Option<Row> = sqlx::query_as(
        "UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL \
         RETURNING account_id, client_id, redirect_uri, code_challenge, scopes, expires_at",
    )
    .bind(&digest[..])
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((account, client_id, redirect_uri, challenge, scopes, expires_at)) = found else {
        // Used already (or unknown): revoke what the first exchange issued.
        let family: Option<(Uuid, Uuid)> = sqlx::query_as(
            "SELECT family_id, account_id FROM oauth_codes \
             WHERE code_hash = $1 AND family_id IS NOT NULL",
        )
        .bind(&digest[..])
        .fetch_optional(&mut *tx)
        .await?;
        if let Some((family, account)) = family {
            let revoked = refresh::revoke_oauth_family(&mut tx, family).await?;
            tracing::warn!(%family, %account, revoked,
                "an authorization code was presented again; the authorization it issued is revoked");
        }
        tx.commit().await?;
        return Err(INVALID);
    };
    let matches = expires_at > now
        && client_id == exchange.client_id
        && redirect_uri == exchange.redirect_uri
        && verifier_is_well_formed(exchange.code_verifier)
        && s256(exchange.code_verifier) == challenge;
    if !matches {
        // The code stays used.
        tx.commit().await?;
        return Err(INVALID);
    }
    let account = AccountId(account);
    let granted = scopes_of(&scopes);
    let refresh = refresh::start_oauth_family(
        &mut tx,
        account,
        &client_id,
        &granted,
        &redirect_uri,
        refresh_ttl,
    )
    .await?;
    let access_token =
        insert_access_token(&mut tx, account, &client_id, &granted, refresh.family).await?;
    sqlx::query("UPDATE oauth_codes SET family_id = $2 WHERE code_hash = $1")
        .bind(&digest[..])
        .bind(refresh.family)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(IssuedTokens {
        access_token,
        expires_in: ACCESS_TTL.as_secs(),
        refresh,
        scopes: granted,
    })
}

async fn insert_access_token(
    conn: &mut PgConnection,
    account: AccountId,
    client_id: &str,
    scopes: &[Scope],
    family: Uuid,
) -> Result<tokens::NewToken, sqlx::Error> {
    let token = tokens::generate(TokenKind::OAuth);
    let now = Utc::now();
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, id, account_id, kind, name, scopes, family_id, \
             created_at, expires_at) \
         VALUES ($1, $2, $3, 'oauth', $4, $5, $6, $7, $8)",
    )
    .bind(&token.hash[..])
    .bind(Uuid::now_v7())
    .bind(account.0)
    .bind(client_id)
    .bind(scope_strings(scopes))
    .bind(family)
    .bind(now)
    .bind(at(ACCESS_TTL))
    .execute(&mut *conn)
    .await?;
    Ok(token)
}

/// `grant_type=refresh_token` (RFC 6749 §6): rotates the OAuth refresh token of `client_id`,
/// with reuse detection, and issues an access token holding `scope` (the authorization's
/// scopes when absent; fewer may be asked, never more). The new refresh token keeps the
/// authorization's scopes.
pub async fn refresh_grant(
    pool: &PgPool,
    presented: &str,
    client_id: &str,
    scope: Option<&str>,
    refresh_ttl: Duration,
) -> Result<IssuedTokens, GrantError> {
    let mut tx = pool.begin().await?;
    let rotated = match refresh::rotate_oauth(&mut tx, presented, client_id, refresh_ttl).await? {
        Some(rotated) => rotated,
        None => {
            // Reuse detection may have revoked a family: keep that.
            tx.commit().await?;
            return Err(GrantError::InvalidGrant(
                "the refresh token is unknown, expired, revoked, already used (its \
                 authorization is now revoked) or issued to another client",
            ));
        }
    };
    let scopes = match scope {
        None => rotated.scopes.clone(),
        Some(asked) => {
            let asked = scope::parse_list(asked.split(' ').filter(|s| !s.is_empty())).map_err(
                |unknown| GrantError::InvalidScope(format!("unknown scope {unknown:?}")),
            )?;
            if asked.is_empty() || asked.iter().any(|s| !rotated.scopes.contains(s)) {
                // Nothing is rotated: the transaction is dropped.
                return Err(GrantError::InvalidScope(
                    "scope may only narrow the scopes granted".into(),
                ));
            }
            asked
        }
    };
    // Expired access tokens of the authorization go on the way.
    sqlx::query("DELETE FROM api_tokens WHERE family_id = $1 AND expires_at <= $2")
        .bind(rotated.issued.family)
        .bind(Utc::now())
        .execute(&mut *tx)
        .await?;
    let access_token = insert_access_token(
        &mut tx,
        rotated.account,
        client_id,
        &scopes,
        rotated.issued.family,
    )
    .await?;
    tx.commit().await?;
    Ok(IssuedTokens {
        access_token,
        expires_in: ACCESS_TTL.as_secs(),
        refresh: rotated.issued,
        scopes,
    })
}

/// RFC 7009: ends the authorization `token` belongs to, an OAuth access token or an OAuth
/// refresh token (its family and every access token of it), so that the streams it opened end
/// too. Anything else (unknown, expired, a first-party or personal token) is left alone.
/// Returns whether an authorization was found.
pub async fn revoke_token(pool: &PgPool, token: &str) -> Result<bool, sqlx::Error> {
    if token.is_empty() || token.len() > 64 {
        return Ok(false);
    }
    let digest = if token.starts_with(crate::api::credentials::OAUTH_PREFIX) {
        tokens::hash(token)
    } else {
        refresh::hash(token)
    };
    let mut tx = pool.begin().await?;
    let family: Option<Uuid> = if token.starts_with(crate::api::credentials::OAUTH_PREFIX) {
        sqlx::query_scalar(
            "SELECT family_id FROM api_tokens WHERE token_hash = $1 AND kind = 'oauth'",
        )
        .bind(&digest[..])
        .fetch_optional(&mut *tx)
        .await?
        .flatten()
    } else {
        sqlx::query_scalar(
            "SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND client_id IS NOT NULL",
        )
        .bind(&digest[..])
        .fetch_optional(&mut *tx)
        .await?
    };
    let Some(family) = family else {
        return Ok(false);
    };
    refresh::revoke_oauth_family(&mut tx, family).await?;
    tx.commit().await?;
    Ok(true)
}

/// A live authorization: an OAuth refresh family with a usable token.
#[derive(Debug, Clone)]
pub struct Authorization {
    pub id: Uuid,
    pub client_id: String,
    pub redirect_uri: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
    /// The last refresh, or the last use of one of its access tokens, whichever is later.
    pub last_used_at: Option<DateTime<Utc>>,
}

/// The account's live authorizations, newest first.
pub async fn authorizations(
    pool: &PgPool,
    account: AccountId,
) -> Result<Vec<Authorization>, sqlx::Error> {
    type Row = (
        Uuid,
        String,
        Option<String>,
        Vec<String>,
        DateTime<Utc>,
        Option<DateTime<Utc>>,
    );
    // Two statements: on Citus `refresh_tokens` is a reference table and `api_tokens` is
    // distributed, and a subquery of one correlated with the other is not supported.
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT live.family_id, live.client_id, live.redirect_uri, live.scopes, \
                (SELECT min(f.created_at) FROM refresh_tokens f WHERE f.family_id = live.family_id), \
                (SELECT max(f.retired_at) FROM refresh_tokens f WHERE f.family_id = live.family_id) \
         FROM refresh_tokens live \
         WHERE live.account_id = $1 AND live.client_id IS NOT NULL \
           AND live.retired_at IS NULL AND live.revoked_at IS NULL AND live.expires_at > now() \
         ORDER BY live.family_id DESC",
    )
    .bind(account.0)
    .fetch_all(pool)
    .await?;
    let families: Vec<Uuid> = rows.iter().map(|r| r.0).collect();
    let used: std::collections::HashMap<Uuid, DateTime<Utc>> = sqlx::query_as(
        "SELECT family_id, max(last_used_at) FROM api_tokens \
         WHERE family_id = ANY($1) AND last_used_at IS NOT NULL GROUP BY family_id",
    )
    .bind(&families)
    .fetch_all(pool)
    .await?
    .into_iter()
    .collect();
    Ok(rows
        .into_iter()
        .map(
            |(id, client_id, redirect_uri, scopes, created_at, refreshed)| Authorization {
                id,
                client_id,
                redirect_uri: redirect_uri.unwrap_or_default(),
                scopes: scopes_of(&scopes),
                created_at,
                last_used_at: refreshed.max(used.get(&id).copied()),
            },
        )
        .collect())
}

/// Revokes the account's live authorization `id` and its access tokens. `false` when the
/// account has no such live authorization.
pub async fn revoke_authorization(
    pool: &PgPool,
    account: AccountId,
    id: Uuid,
) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let live: Option<Uuid> = sqlx::query_scalar(
        "SELECT family_id FROM refresh_tokens \
         WHERE family_id = $1 AND account_id = $2 AND client_id IS NOT NULL \
           AND retired_at IS NULL AND revoked_at IS NULL AND expires_at > now() \
         LIMIT 1",
    )
    .bind(id)
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await?;
    if live.is_none() {
        return Ok(false);
    }
    refresh::revoke_oauth_family(&mut tx, id).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> AuthorizationRequest {
        AuthorizationRequest {
            response_type: Some("code".into()),
            client_id: Some("Example App".into()),
            redirect_uri: Some("https://app.example/cb?x=1".into()),
            scope: Some("game:read game:play".into()),
            state: Some("xyz".into()),
            code_challenge: Some(s256(&"v".repeat(43))),
            code_challenge_method: Some("S256".into()),
        }
    }

    #[test]
    fn redirect_uris_are_https_loopback_http_or_a_private_use_scheme_with_a_dot() {
        for ok in [
            "https://app.example/cb",
            "http://127.0.0.1:49152/cb",
            "http://[::1]:8000/",
            "http://localhost/cb",
            "com.example.app:/oauth",
        ] {
            assert!(check_redirect_uri(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://app.example/cb",
            "https://app.example/cb#frag",
            "myapp:/cb",
            "javascript:alert(1)",
            "/relative",
            "https://user:pw@app.example/",
            "https:///cb",
            "https:app.example/cb",
            "http:///cb",
            "http://0x7f000001/cb",
            "http://127.1/cb",
            "http://2130706433/cb",
            "http://127.0.0.01/cb",
            "http://128.0.0.1/cb",
            "http://[::2]/cb",
            "https://app.example/c b",
            "https://app.example\\@evil.example/",
        ] {
            assert!(check_redirect_uri(bad).is_err(), "{bad}");
        }
        for loopback in [
            "http://127.0.0.2/cb",
            "http://127.255.255.255:1/",
            "http://LOCALHOST/",
        ] {
            assert!(check_redirect_uri(loopback).is_ok(), "{loopback}");
        }
    }

    #[test]
    fn a_redirect_is_the_uri_as_sent_with_the_parameters_after_it() {
        assert_eq!(
            redirect_with("HTTPS://APP.EXAMPLE:443/cb", &[("code", "c")]),
            "HTTPS://APP.EXAMPLE:443/cb?code=c"
        );
        assert_eq!(
            redirect_with("https://app.example/cb?", &[("code", "c")]),
            "https://app.example/cb?code=c"
        );
        assert_eq!(
            redirect_with("com.example.app:/cb?a=%20", &[("error", "access_denied")]),
            "com.example.app:/cb?a=%20&error=access_denied"
        );
    }

    #[test]
    fn the_rfc_7636_example_verifier_gives_its_challenge() {
        // RFC 7636 Appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        assert!(verifier_is_well_formed(verifier));
        assert_eq!(
            s256(verifier),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        assert!(!verifier_is_well_formed("short"));
        assert!(!verifier_is_well_formed(&"a+".repeat(30)));
    }

    #[test]
    fn a_valid_request_keeps_its_redirect_uri_and_state() {
        let Checked::Valid(valid) = check(&request()).unwrap() else {
            panic!("valid");
        };
        assert_eq!(valid.redirect_uri, "https://app.example/cb?x=1");
        assert_eq!(valid.scopes, vec![Scope::GameRead, Scope::GamePlay]);
        assert_eq!(
            redirect_with(&valid.redirect_uri, &[("code", "c d"), ("state", "xyz")]),
            "https://app.example/cb?x=1&code=c+d&state=xyz"
        );
    }

    #[test]
    fn another_response_type_is_redirected_and_a_bad_challenge_is_not() {
        let mut token = request();
        token.response_type = Some("token".into());
        token.state = None;
        assert_eq!(
            check(&token).unwrap(),
            Checked::Redirect("https://app.example/cb?x=1&error=unsupported_response_type".into())
        );
        let mut plain = request();
        plain.code_challenge_method = Some("plain".into());
        assert!(check(&plain).is_err());
        let mut bot = request();
        bot.scope = Some("bot:play".into());
        assert!(check(&bot).is_err());
        let mut empty = request();
        empty.scope = Some(" ".into());
        assert!(check(&empty).is_err());
    }
}
