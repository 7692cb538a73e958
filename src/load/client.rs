//! The API as a player's client sees it: one timed request per call, recorded under its
//! endpoint's name. Only 2xx answers are timed; anything else is counted as an error by status.

use std::time::{Duration, Instant};

use anyhow::Context;
use reqwest::{Method, RequestBuilder, StatusCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::report::Recorder;

#[derive(Clone)]
pub struct Api {
    http: reqwest::Client,
    base: String,
}

/// The parts of `GET /v1/games/{id}` and `POST /v1/games` a client steers by.
#[derive(Debug, Deserialize)]
pub struct GameState {
    pub version: i64,
    pub game: Summary,
}

#[derive(Debug, Deserialize)]
pub struct Summary {
    pub id: String,
    pub status: String,
    pub awaiting: Option<u8>,
    pub version: i64,
}

#[derive(Debug, Deserialize)]
pub struct Page {
    pub games: Vec<Summary>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct Legal {
    pub version: i64,
    pub actions: Vec<Value>,
}

/// The parts of an action's result a client steers by.
#[derive(Debug, Deserialize)]
pub struct Acted {
    pub version: i64,
    pub view: ActedView,
}

#[derive(Debug, Deserialize)]
pub struct ActedView {
    pub status: String,
    pub awaiting: Option<AwaitingSeat>,
}

#[derive(Debug, Deserialize)]
pub struct AwaitingSeat {
    pub seat: u8,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

/// Why a call gave no value: the server answered otherwise than 2xx, or not at all; or (for
/// a client that thought it was a seat's decision) no action was legal.
#[derive(Debug)]
pub enum Failure {
    Status(StatusCode),
    Transport,
    NothingLegal,
}

impl Failure {
    /// How the report counts it: the status (`"412"`), `transport` or `no legal action`.
    pub fn label(&self) -> String {
        match self {
            Failure::Status(s) => s.as_u16().to_string(),
            Failure::Transport => "transport".to_string(),
            Failure::NothingLegal => "no legal action".to_string(),
        }
    }
}

pub type Answer<T> = Result<T, Failure>;

impl Api {
    pub fn new(base: &str, max_wait: Duration) -> anyhow::Result<Api> {
        let http = reqwest::Client::builder()
            .timeout(max_wait + Duration::from_secs(15))
            .pool_max_idle_per_host(usize::MAX)
            .tcp_nodelay(true)
            .build()
            .context("building the HTTP client")?;
        Ok(Api {
            http,
            base: base.trim_end_matches('/').to_string(),
        })
    }

    fn request(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let req = self.http.request(method, format!("{}{path}", self.base));
        match token {
            Some(t) => req.bearer_auth(t),
            None => req,
        }
    }

    async fn call<T: DeserializeOwned>(
        &self,
        rec: &mut Recorder,
        endpoint: &'static str,
        req: RequestBuilder,
    ) -> Answer<T> {
        let started = Instant::now();
        let answer = match req.send().await {
            Ok(res) => {
                let status = res.status();
                match res.bytes().await {
                    Ok(body) if status.is_success() => Ok((status, body)),
                    Ok(_) => Err(Failure::Status(status)),
                    Err(_) => Err(Failure::Transport),
                }
            }
            Err(_) => Err(Failure::Transport),
        };
        let took = started.elapsed();
        match answer {
            Ok((_, body)) => match serde_json::from_slice(&body) {
                Ok(value) => {
                    rec.latency(endpoint, took);
                    Ok(value)
                }
                Err(_) => {
                    rec.error(format!("{endpoint}: unexpected body"));
                    Err(Failure::Transport)
                }
            },
            Err(f) => {
                rec.error(f.label());
                Err(f)
            }
        }
    }

    /// Creates an account and logs it in; returns its bearer token.
    pub async fn sign_up(
        &self,
        rec: &mut Recorder,
        username: &str,
        password: &str,
    ) -> Answer<String> {
        let creds = json!({"username": username, "password": password});
        let req = self
            .request(Method::POST, "/v1/accounts", None)
            .json(&creds);
        let _: Value = self.call(rec, "account", req).await?;
        let req = self
            .request(Method::POST, "/v1/auth/token", None)
            .json(&creds);
        let token: Token = self.call(rec, "token", req).await?;
        Ok(token.access_token)
    }

    /// Registers a webhook for every notification kind.
    pub async fn register_webhook(
        &self,
        rec: &mut Recorder,
        token: &str,
        url: &str,
    ) -> Answer<Value> {
        let body = json!({
            "url": url,
            "kinds": ["your_turn", "game_started", "game_ended", "invited", "timed_out"],
        });
        let req = self
            .request(Method::POST, "/v1/me/webhooks", Some(token))
            .json(&body);
        self.call(rec, "webhook", req).await
    }

    /// A game of `players` seats, the last `bots` of them held by bots of `bot_level`, with
    /// the server's default clock or `turn_time_limit_s`.
    pub async fn create_game(
        &self,
        rec: &mut Recorder,
        token: &str,
        players: u8,
        bots: u8,
        bot_level: &str,
        turn_time_limit_s: Option<u32>,
    ) -> Answer<Summary> {
        let mut body = json!({ "players": players });
        if bots > 0 {
            body["bots"] = (players - bots..players)
                .map(|seat| json!({ "seat": seat, "level": bot_level }))
                .collect();
        }
        if let Some(limit) = turn_time_limit_s {
            body["turn_time_limit_s"] = json!(limit);
        }
        let req = self
            .request(Method::POST, "/v1/games", Some(token))
            .json(&body);
        self.call(rec, "create", req).await
    }

    pub async fn join(&self, rec: &mut Recorder, token: &str, game: &str) -> Answer<Summary> {
        let path = format!("/v1/games/{game}/join");
        let req = self.request(Method::POST, &path, Some(token));
        self.call(rec, "join", req).await
    }

    /// The view now, or (with `after`) once the game is past that version or `wait` passed.
    pub async fn view(
        &self,
        rec: &mut Recorder,
        token: &str,
        game: &str,
        after: Option<(i64, u64)>,
    ) -> Answer<GameState> {
        let (endpoint, path) = match after {
            None => ("view", format!("/v1/games/{game}")),
            Some((v, wait)) => (
                "view_long_poll",
                format!("/v1/games/{game}?after_version={v}&wait={wait}"),
            ),
        };
        let req = self.request(Method::GET, &path, Some(token));
        let state = self.call(rec, endpoint, req).await?;
        rec.views += 1;
        Ok(state)
    }

    pub async fn legal(&self, rec: &mut Recorder, token: &str, game: &str) -> Answer<Legal> {
        let path = format!("/v1/games/{game}/legal-actions");
        let req = self.request(Method::GET, &path, Some(token));
        self.call(rec, "legal", req).await
    }

    /// Submits `action` as acting on `version` (`If-Match`).
    pub async fn act(
        &self,
        rec: &mut Recorder,
        token: &str,
        game: &str,
        version: i64,
        action: &Value,
    ) -> Answer<Acted> {
        let path = format!("/v1/games/{game}/actions");
        let req = self
            .request(Method::POST, &path, Some(token))
            .header("If-Match", format!("\"{version}\""))
            .json(action);
        let acted = self.call(rec, "action", req).await?;
        rec.actions += 1;
        Ok(acted)
    }

    /// One page of games, most recently updated first.
    pub async fn list(
        &self,
        rec: &mut Recorder,
        token: &str,
        cursor: Option<&str>,
    ) -> Answer<Page> {
        let path = match cursor {
            None => "/v1/games?limit=100".to_string(),
            Some(c) => format!("/v1/games?limit=100&cursor={c}"),
        };
        let req = self.request(Method::GET, &path, Some(token));
        self.call(rec, "list", req).await
    }
}
