//! The API as a player's client sees it: one timed request per call, recorded in the task's
//! [`Recorder`] under its endpoint's name. Names only the recorder, never the scenarios or the
//! report above it. Only 2xx answers are timed; anything else is counted as an error by status.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use hyper::body::Bytes;
use hyper::{Method, StatusCode};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::tools::load::recorder::Recorder;

/// A client of one server: HTTP/1.1 on kept-alive connections, one per request in flight
/// (as pgbench keeps one database connection per client), each request written and its
/// answer read by the task that makes it. Not reqwest's pool nor hyper's connection task:
/// both cost more CPU per request, and the tool shares the cores with the server it measures.
/// Heads are parsed by httparse (hyper's parser); bodies must have a `Content-Length` (the API
/// never streams the answers the tool asks for) or end with the connection.
#[derive(Clone)]
pub struct Api {
    authority: String,
    timeout: Duration,
    idle: Arc<Mutex<Vec<Conn>>>,
}

/// One kept-alive connection and its read buffer.
struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
}

/// How a round trip failed: before anything reached the server (a connection it had closed:
/// worth one more try on a new one), or after.
enum Sent {
    Nothing,
    Something,
}

/// The parts of an answer's head the tool needs.
struct Head {
    status: StatusCode,
    len: usize,
    content_length: Option<usize>,
    close: bool,
}

impl Conn {
    /// Writes one request and reads its whole answer: status, body, whether the connection may
    /// be used again.
    async fn round_trip(
        &mut self,
        head: &[u8],
        body: Option<&[u8]>,
    ) -> Result<(StatusCode, Bytes, bool), Sent> {
        let mut request = Vec::with_capacity(head.len() + body.map_or(0, <[u8]>::len));
        request.extend_from_slice(head);
        request.extend_from_slice(body.unwrap_or_default());
        self.stream
            .write_all(&request)
            .await
            .map_err(|_| Sent::Nothing)?;
        self.buf.clear();
        let head = loop {
            let n = self.read_more().await?;
            if n == 0 {
                // Closed before any answer: an idle connection the server had ended.
                return Err(if self.buf.is_empty() {
                    Sent::Nothing
                } else {
                    Sent::Something
                });
            }
            if let Some(head) = parse_head(&self.buf)? {
                break head;
            }
        };
        let body = match head.content_length {
            Some(len) => {
                let end = head.len + len;
                while self.buf.len() < end {
                    if self.read_more().await? == 0 {
                        return Err(Sent::Something);
                    }
                }
                if self.buf.len() > end {
                    // Nothing was asked for after this answer.
                    return Err(Sent::Something);
                }
                Bytes::copy_from_slice(&self.buf[head.len..end])
            }
            None => {
                while self.read_more().await? > 0 {}
                return Ok((
                    head.status,
                    Bytes::copy_from_slice(&self.buf[head.len..]),
                    false,
                ));
            }
        };
        Ok((head.status, body, !head.close))
    }

    async fn read_more(&mut self) -> Result<usize, Sent> {
        self.buf.reserve(16 * 1024);
        self.stream
            .read_buf(&mut self.buf)
            .await
            .map_err(|_| Sent::Something)
    }
}

/// The answer's head once `buf` holds all of it.
fn parse_head(buf: &[u8]) -> Result<Option<Head>, Sent> {
    let mut headers = [httparse::EMPTY_HEADER; 48];
    let mut res = httparse::Response::new(&mut headers);
    let len = match res.parse(buf) {
        Ok(httparse::Status::Complete(len)) => len,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(_) => return Err(Sent::Something),
    };
    let status = res
        .code
        .and_then(|c| StatusCode::from_u16(c).ok())
        .ok_or(Sent::Something)?;
    let mut content_length = None;
    let mut close = false;
    for h in res.headers.iter() {
        if h.name.eq_ignore_ascii_case("content-length") {
            let n = std::str::from_utf8(h.value)
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .ok_or(Sent::Something)?;
            content_length = Some(n);
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            // A streamed answer: not one the tool asks for.
            return Err(Sent::Something);
        } else if h.name.eq_ignore_ascii_case("connection") {
            close = h.value.eq_ignore_ascii_case(b"close");
        }
    }
    // Answers that never have a body.
    if status == StatusCode::NO_CONTENT || status == StatusCode::NOT_MODIFIED {
        content_length = Some(0);
    }
    Ok(Some(Head {
        status,
        len,
        content_length,
        close,
    }))
}

/// One request to make: the few things the tool's requests vary in.
struct Req {
    method: Method,
    path: String,
    token: Option<String>,
    if_match: Option<String>,
    body: Option<Vec<u8>>,
}

impl Req {
    fn json(mut self, body: &Value) -> Req {
        self.body = Some(serde_json::to_vec(body).unwrap_or_default());
        self
    }

    /// A body that is JSON text already.
    fn raw_json(mut self, body: &RawValue) -> Req {
        self.body = Some(body.get().as_bytes().to_vec());
        self
    }
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
    pub awaiting: Option<AwaitingSeat>,
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
    /// Each action as its JSON text: one is sent back as it came, so none is parsed into a
    /// tree (the tool shares the two cores with the server it measures).
    pub actions: Vec<Box<RawValue>>,
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
        let base = base.trim_end_matches('/');
        let authority = base
            .strip_prefix("http://")
            .context("the load tool speaks plain http:// only")?;
        anyhow::ensure!(
            !authority.is_empty() && !authority.contains('/'),
            "the server's URL is scheme://host:port, without a path: {base}"
        );
        Ok(Api {
            authority: authority.to_string(),
            timeout: max_wait + Duration::from_secs(15),
            idle: Arc::new(Mutex::new(Vec::new())),
        })
    }

    fn request(&self, method: Method, path: &str, token: Option<&str>) -> Req {
        Req {
            method,
            path: path.to_string(),
            token: token.map(str::to_string),
            if_match: None,
            body: None,
        }
    }

    /// A kept-alive connection nobody is using, or a new one.
    async fn connection(&self) -> Result<Conn, Failure> {
        match self.idle.lock().ok().and_then(|mut idle| idle.pop()) {
            Some(conn) => Ok(conn),
            None => self.connect().await,
        }
    }

    async fn connect(&self) -> Result<Conn, Failure> {
        let stream = TcpStream::connect(&self.authority)
            .await
            .map_err(|_| Failure::Transport)?;
        stream.set_nodelay(true).map_err(|_| Failure::Transport)?;
        Ok(Conn {
            stream,
            buf: Vec::with_capacity(16 * 1024),
        })
    }

    /// Sends `req` on a kept-alive connection and reads the whole answer. A connection the
    /// server closed while it sat idle fails its first write or read: the request is sent once
    /// more on a new one (nothing was done by the first try then).
    async fn exchange(&self, req: Req) -> Result<(StatusCode, Bytes), Failure> {
        let head = self.head(&req);
        for fresh in [false, true] {
            let mut conn = if fresh {
                self.connect().await?
            } else {
                self.connection().await?
            };
            match conn.round_trip(&head, req.body.as_deref()).await {
                Ok((status, body, keep_alive)) => {
                    if keep_alive && let Ok(mut idle) = self.idle.lock() {
                        idle.push(conn);
                    }
                    return Ok((status, body));
                }
                Err(Sent::Nothing) if !fresh => continue,
                Err(_) => return Err(Failure::Transport),
            }
        }
        Err(Failure::Transport)
    }

    /// The request line and headers.
    fn head(&self, req: &Req) -> Vec<u8> {
        use std::io::Write;
        let mut head = Vec::with_capacity(512);
        let _ = write!(
            head,
            "{} {} HTTP/1.1\r\nHost: {}\r\n",
            req.method, req.path, self.authority
        );
        if let Some(token) = &req.token {
            let _ = write!(head, "Authorization: Bearer {token}\r\n");
        }
        if let Some(tag) = &req.if_match {
            let _ = write!(head, "If-Match: {tag}\r\n");
        }
        match &req.body {
            Some(body) => {
                let _ = write!(
                    head,
                    "Content-Type: application/json\r\nContent-Length: {}\r\n",
                    body.len()
                );
            }
            None if req.method != Method::GET => head.extend_from_slice(b"Content-Length: 0\r\n"),
            None => {}
        }
        head.extend_from_slice(b"\r\n");
        head
    }

    async fn call<T: DeserializeOwned>(
        &self,
        rec: &mut Recorder,
        endpoint: &'static str,
        req: Req,
    ) -> Answer<T> {
        let started = Instant::now();
        let answer = match tokio::time::timeout(self.timeout, self.exchange(req)).await {
            Ok(Ok((status, body))) if status.is_success() => Ok(body),
            Ok(Ok((status, _))) => Err(Failure::Status(status)),
            Ok(Err(f)) => Err(f),
            Err(_) => Err(Failure::Transport),
        };
        let took = started.elapsed();
        match answer {
            Ok(body) => match serde_json::from_slice(&body) {
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
        action: &RawValue,
    ) -> Answer<Acted> {
        let path = format!("/v1/games/{game}/actions");
        let mut req = self
            .request(Method::POST, &path, Some(token))
            .raw_json(action);
        req.if_match = Some(format!("\"{version}\""));
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
