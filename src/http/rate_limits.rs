//! Published rate limits around every `/v1` request: the caller (a first-party session's
//! account, a personal token, an OAuth token's authorization, else the client address), the
//! budget its request spends (by route: the scope table and the method), 429
//! `too_many_requests` over budget, and the `RateLimit-Policy` and `RateLimit` headers of
//! draft-ietf-httpapi-ratelimit-headers on every answer, whatever answers it (the body checks'
//! 413 and 415 included: this middleware wraps them). Then a bearer token that may not call the
//! operation is refused (`crate::api::extractor::admit`) before a handler reads its body. The counting is
//! `accounts::rate_budgets` (shared through PostgreSQL); sign-in routes keep their own limiters
//! (`crate::api::rate_limit`), whose state is published here too.

use std::net::IpAddr;
use std::sync::OnceLock;
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue, RETRY_AFTER};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use crate::accounts::rate_budgets::{Spent, WINDOW_SECONDS};
use crate::api::error::ApiError;
use crate::api::extractor::Presented;
use crate::api::rate_limit::AttemptLimiter;
use crate::api::rate_limit::address_key;
use crate::api::scope::{Access, Scope};
use crate::api::scopes::OPERATIONS;
use crate::api::state::AppState;
use crate::config::RateLimits;

pub const RATELIMIT_POLICY: HeaderName = HeaderName::from_static("ratelimit-policy");
pub const RATELIMIT: HeaderName = HeaderName::from_static("ratelimit");

/// The budget a `/v1` request spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// GET and HEAD.
    Reads,
    /// The `game:play` operations: actions, resign, chat, vacation, muting.
    Actions,
    /// The same, by a bot account: a budget of its own (`--rate-bot-actions-per-minute`).
    BotActions,
    /// Every other write.
    LobbyWrites,
    /// Signing in and refreshing: the login limiter, per client address.
    SignIn,
    /// Asking for a password reset: the login limiter, per client address apart from logins.
    PasswordReset,
    /// Creating an account: the sign-up limiter, per client address.
    SignUp,
}

impl Budget {
    /// The policy's name in the headers.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Reads => "reads",
            Budget::Actions => "actions",
            Budget::BotActions => "bot-actions",
            Budget::LobbyWrites => "lobby-writes",
            Budget::SignIn => "sign-in",
            Budget::PasswordReset => "password-reset",
            Budget::SignUp => "sign-up",
        }
    }

    /// Whether this budget is counted here (429 `too_many_requests`), rather than by a sign-in
    /// limiter of its route's own.
    pub fn counted(self) -> bool {
        matches!(
            self,
            Budget::Reads | Budget::Actions | Budget::BotActions | Budget::LobbyWrites
        )
    }

    /// The budget of `method path` (a request's path, or an operation's pattern).
    pub fn of(method: &Method, path: &str) -> Budget {
        if method == Method::GET || method == Method::HEAD {
            return Budget::Reads;
        }
        routes()
            .iter()
            .find(|r| r.method == method && r.matches(path))
            .map_or(Budget::LobbyWrites, |r| r.budget)
    }
}

/// The sign-in routes and the limiter each keeps (see `accounts::http::sessions` and `accounts::http::accounts`).
const SIGN_IN: &[(&str, &str, Budget)] = &[
    ("POST", "/v1/auth/token", Budget::SignIn),
    ("POST", "/v1/auth/refresh", Budget::SignIn),
    ("POST", "/v1/auth/password-reset", Budget::PasswordReset),
    ("POST", "/v1/accounts", Budget::SignUp),
];

/// A write operation of the scope table, by its path's segments (`None`: a `{parameter}`).
struct Route {
    method: Method,
    segments: Vec<Option<&'static str>>,
    budget: Budget,
}

impl Route {
    fn new(method: &str, pattern: &'static str, budget: Budget) -> Option<Route> {
        Some(Route {
            method: Method::from_bytes(method.as_bytes()).ok()?,
            segments: pattern
                .split('/')
                .map(|s| (!s.starts_with('{')).then_some(s))
                .collect(),
            budget,
        })
    }

    fn matches(&self, path: &str) -> bool {
        let mut segments = self.segments.iter();
        for part in path.split('/') {
            match segments.next() {
                Some(Some(literal)) if *literal == part => {}
                Some(None) if !part.is_empty() => {}
                _ => return false,
            }
        }
        segments.next().is_none()
    }
}

/// The write routes with a budget other than lobby writes: the sign-in routes, then the
/// `game:play` operations of the scope table (the one source of what an operation is).
fn routes() -> &'static [Route] {
    static ROUTES: OnceLock<Vec<Route>> = OnceLock::new();
    ROUTES.get_or_init(|| {
        let sign_in = SIGN_IN.iter().filter_map(|(m, p, b)| Route::new(m, p, *b));
        let actions = OPERATIONS
            .iter()
            .filter(|(m, _, access)| {
                *m != "GET"
                    && matches!(
                        access,
                        Access::Scoped(Scope::GamePlay) | Access::Optional(Scope::GamePlay)
                    )
            })
            .filter_map(|(m, p, _)| Route::new(m, p, Budget::Actions));
        sign_in.chain(actions).collect()
    })
}

/// Who spends: the holder of the budget the bearer token names, else the client address (no
/// token, or one that names nobody).
fn caller(req: &ServiceRequest, presented: &Presented) -> String {
    presented.budget_holder().unwrap_or_else(|| {
        format!(
            "address:{}",
            client_ip(req).map_or("unknown".into(), |ip| ip.to_string())
        )
    })
}

/// Whether `path` is under `/v1`, as the `/v1` scope matches it (whole segments).
pub fn is_v1(path: &str) -> bool {
    path == "/v1" || path.starts_with("/v1/")
}

/// The client address, as the sign-in limiters take it.
fn client_ip(req: &ServiceRequest) -> Option<IpAddr> {
    req.peer_addr().map(|a| a.ip())
}

/// The quota of a counted budget.
fn quota(rates: &RateLimits, budget: Budget) -> u32 {
    match budget {
        Budget::Reads => rates.reads_per_minute,
        Budget::Actions => rates.actions_per_minute,
        Budget::BotActions => rates.bot_actions_per_minute,
        _ => rates.lobby_writes_per_minute,
    }
}

/// What the headers say of one policy.
struct Published {
    name: &'static str,
    quota: u32,
    window: u64,
    remaining: u32,
    reset: u64,
}

impl Published {
    fn write(&self, headers: &mut HeaderMap) {
        let policy = format!("\"{}\";q={};w={}", self.name, self.quota, self.window);
        let limit = format!("\"{}\";r={};t={}", self.name, self.remaining, self.reset);
        if let (Ok(policy), Ok(limit)) = (
            HeaderValue::from_str(&policy),
            HeaderValue::from_str(&limit),
        ) {
            headers.insert(RATELIMIT_POLICY, policy);
            headers.insert(RATELIMIT, limit);
        }
    }
}

/// A sign-in limiter's state for the client address, counting nothing.
fn peek(limiter: &AttemptLimiter, name: &'static str, key: &str) -> Published {
    let (remaining, reset) = limiter.peek(key);
    Published {
        name,
        quota: limiter.max_attempts(),
        window: limiter.window().as_secs(),
        remaining,
        reset: reset.as_secs() + u64::from(reset.subsec_nanos() > 0),
    }
}

/// The middleware of every `/v1` request, around the body checks and the routes (other paths
/// pass through).
pub async fn limit(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let state = match req.app_data::<web::Data<AppState>>() {
        Some(state) if is_v1(req.path()) => state.clone(),
        _ => {
            return next
                .call(req)
                .await
                .map(ServiceResponse::map_into_boxed_body);
        }
    };
    let budget = Budget::of(req.method(), req.path());
    // The sign-in routes are public: what a token sent there names is nobody's business.
    let presented = if budget.counted() {
        crate::api::extractor::identify(req.request()).await
    } else {
        Presented::Nothing
    };
    // A bot account's game actions spend a budget of their own.
    let budget = match (budget, &presented) {
        (
            Budget::Actions,
            Presented::Token {
                bot_account: true, ..
            },
        ) => Budget::BotActions,
        _ => budget,
    };
    let counted = match budget {
        Budget::Reads | Budget::Actions | Budget::BotActions | Budget::LobbyWrites => {
            let quota = quota(&state.config.rates, budget);
            let caller = caller(&req, &presented);
            let Some(budgets) = req
                .request()
                .app_data::<web::Data<crate::accounts::rate_budgets::RateBudgets>>()
                .cloned()
            else {
                return Err(ApiError::Unexpected(anyhow::anyhow!(
                    "the server has no request budgets configured"
                ))
                .into());
            };
            let spent: Spent = budgets.spend(budget.name(), quota, &caller).await;
            let published = Published {
                name: budget.name(),
                quota,
                window: u64::from(WINDOW_SECONDS),
                remaining: spent.remaining,
                reset: u64::from(spent.reset),
            };
            if !spent.allowed {
                let mut res = ApiError::TooManyRequests {
                    policy: budget.name(),
                    quota,
                    retry_after: Duration::from_secs(u64::from(spent.reset)),
                }
                .error_response();
                published.write(res.headers_mut());
                return Ok(req.into_response(res));
            }
            Some(published)
        }
        Budget::SignIn | Budget::PasswordReset | Budget::SignUp => None,
    };
    let ip = client_ip(&req);
    let mut res = match crate::api::extractor::admit(req.request(), &presented) {
        // Refused before the handler, and so before its body is read: 401, then 403, then the
        // body's 400 or 422.
        Err(refused) => req.into_response(refused.error_response()),
        Ok(()) => next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body)?,
    };
    let sign_in = counted.is_none();
    let mut published = counted.unwrap_or_else(|| match budget {
        Budget::SignUp => peek(&state.signup_limiter, budget.name(), &address_key(ip)),
        Budget::PasswordReset => peek(
            &state.login_limiter,
            budget.name(),
            &format!("reset:{}", address_key(ip)),
        ),
        _ => peek(&state.login_limiter, budget.name(), &address_key(ip)),
    });
    // A sign-in route may refuse on a key of its own (the username, the address asked for),
    // not the client address the headers count: its 429 says nothing is left until then.
    if sign_in
        && res.status() == StatusCode::TOO_MANY_REQUESTS
        && let Some(retry) = res
            .headers()
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
    {
        published.remaining = 0;
        published.reset = published.reset.max(retry);
    }
    published.write(res.headers_mut());
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_actions_and_lobby_writes_come_from_the_method_and_the_scope_table() {
        assert_eq!(Budget::of(&Method::GET, "/v1/games/abc"), Budget::Reads);
        assert_eq!(Budget::of(&Method::HEAD, "/v1/me"), Budget::Reads);
        assert_eq!(
            Budget::of(&Method::POST, "/v1/games/abc/actions"),
            Budget::Actions
        );
        assert_eq!(
            Budget::of(&Method::POST, "/v1/games/abc/chat/7/report"),
            Budget::Actions
        );
        assert_eq!(
            Budget::of(&Method::DELETE, "/v1/me/vacation"),
            Budget::Actions
        );
        assert_eq!(
            Budget::of(&Method::POST, "/v1/games/abc/join"),
            Budget::LobbyWrites
        );
        assert_eq!(Budget::of(&Method::POST, "/v1/games"), Budget::LobbyWrites);
        assert_eq!(
            Budget::of(&Method::POST, "/v1/games//actions"),
            Budget::LobbyWrites
        );
        assert_eq!(
            Budget::of(&Method::POST, "/v1/games/abc/actions/x"),
            Budget::LobbyWrites
        );
        assert_eq!(
            Budget::of(&Method::POST, "/v1/nowhere"),
            Budget::LobbyWrites
        );
    }

    #[test]
    fn sign_in_routes_keep_their_own_limiters() {
        assert_eq!(Budget::of(&Method::POST, "/v1/auth/token"), Budget::SignIn);
        assert_eq!(
            Budget::of(&Method::POST, "/v1/auth/refresh"),
            Budget::SignIn
        );
        // A reset's confirmation had no limiter of its own: it spends lobby writes.
        assert_eq!(
            Budget::of(&Method::POST, "/v1/auth/password-reset/confirm"),
            Budget::LobbyWrites
        );
        assert_eq!(
            Budget::of(&Method::POST, "/v1/auth/password-reset"),
            Budget::PasswordReset
        );
        assert_eq!(Budget::of(&Method::POST, "/v1/accounts"), Budget::SignUp);
        assert_eq!(
            Budget::of(&Method::POST, "/v1/auth/logout"),
            Budget::LobbyWrites
        );
    }

    #[test]
    fn the_headers_are_structured_field_lists_of_one_named_item() {
        let mut headers = HeaderMap::new();
        Published {
            name: "reads",
            quota: 600,
            window: 60,
            remaining: 598,
            reset: 41,
        }
        .write(&mut headers);
        assert_eq!(
            headers.get(RATELIMIT_POLICY).unwrap(),
            "\"reads\";q=600;w=60"
        );
        assert_eq!(headers.get(RATELIMIT).unwrap(), "\"reads\";r=598;t=41");
    }
}
