//! A small client of the game API for the reliability tests, usable against the in-process app
//! and the real binary alike: accounts, seated games, views, legal actions, actions, streams.

use std::time::Duration;

use rand::Rng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};
use uuid::Uuid;

pub const PASSWORD: &str = "correct horse battery";

/// The API at `base` (e.g. `http://127.0.0.1:8080`).
#[derive(Clone)]
pub struct Api {
    pub base: String,
    pub client: reqwest::Client,
}

/// A started game and its players' tokens, by seat.
#[derive(Clone, Debug)]
pub struct Table {
    pub id: Uuid,
    pub tokens: Vec<String>,
}

impl Table {
    pub fn path(&self, rest: &str) -> String {
        format!("/v1/games/{}{rest}", self.id)
    }
}

/// One action the server answered 200: the version it produced and the seat that acted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    pub game: Uuid,
    pub version: i64,
    pub seat: u8,
}

/// What one random step did.
pub enum Step {
    Applied(Applied),
    /// The game is over: no seat is awaited.
    Finished,
}

impl Api {
    pub fn new(base: impl Into<String>) -> Api {
        Api {
            base: base.into(),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                // Under the server's 5 s keep-alive (see `spawn_app`'s client).
                .pool_idle_timeout(Duration::from_secs(2))
                .build()
                .unwrap(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, token: &str, path: &str) -> reqwest::Result<reqwest::Response> {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
    }

    pub async fn get_json(&self, token: &str, path: &str) -> Value {
        let res = self.get(token, path).await.unwrap();
        assert_eq!(res.status(), 200, "GET {path}");
        res.json().await.unwrap()
    }

    pub async fn post(
        &self,
        token: &str,
        path: &str,
        body: &Value,
    ) -> reqwest::Result<reqwest::Response> {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
    }

    /// A new account and a token for it.
    pub async fn sign_up(&self, username: &str) -> String {
        let res = self
            .client
            .post(self.url("/v1/accounts"))
            .json(&json!({"username": username, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201, "create {username}");
        let res = self
            .client
            .post(self.url("/v1/auth/token"))
            .json(&json!({"username": username, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "login {username}");
        let body: Value = res.json().await.unwrap();
        body["access_token"].as_str().unwrap().to_string()
    }

    /// `n` new accounts named `<prefix><i>`.
    pub async fn sign_up_many(&self, prefix: &str, n: usize) -> Vec<String> {
        let mut tokens = Vec::with_capacity(n);
        for i in 0..n {
            tokens.push(self.sign_up(&format!("{prefix}{i}")).await);
        }
        tokens
    }

    /// A game created by `tokens[0]` and joined by the others in order, so started, with
    /// `tokens[i]` in seat `i`.
    pub async fn started_game(&self, tokens: &[String]) -> Table {
        self.try_started_game(tokens).await.unwrap()
    }

    /// [`Api::started_game`] with these options (`players` must match `tokens`).
    pub async fn started_game_with(&self, tokens: &[String], options: &Value) -> Table {
        self.try_started_game_with(tokens, options).await.unwrap()
    }

    /// [`Api::started_game`], returning network errors (the server may have been killed).
    pub async fn try_started_game(&self, tokens: &[String]) -> reqwest::Result<Table> {
        self.try_started_game_with(tokens, &json!({"players": tokens.len()}))
            .await
    }

    async fn try_started_game_with(
        &self,
        tokens: &[String],
        options: &Value,
    ) -> reqwest::Result<Table> {
        let res = self.post(&tokens[0], "/v1/games", options).await?;
        assert_eq!(res.status(), 201, "create a game");
        let created: Value = res.json().await?;
        let id: Uuid = created["id"].as_str().unwrap().parse().unwrap();
        for token in &tokens[1..] {
            let res = self
                .post(token, &format!("/v1/games/{id}/join"), &json!({}))
                .await?;
            assert_eq!(res.status(), 200, "join {id}");
        }
        let table = Table {
            id,
            tokens: tokens.to_vec(),
        };
        let game: Value = self.get(&tokens[0], &table.path("")).await?.json().await?;
        assert_eq!(game["game"]["status"], "active", "{game}");
        Ok(table)
    }

    /// The awaited seat and the version, from the caller's view.
    pub async fn awaited(&self, table: &Table) -> (Option<u8>, i64) {
        let game = self.get_json(&table.tokens[0], &table.path("")).await;
        let seat = game["game"]["awaiting"]["seat"].as_u64().map(|s| s as u8);
        (seat, game["version"].as_i64().unwrap())
    }

    /// The caller's legal actions and the version they are for.
    pub async fn legal_actions(&self, token: &str, table: &Table) -> (i64, Vec<Value>) {
        let body = self.get_json(token, &table.path("/legal-actions")).await;
        let actions = body["actions"].as_array().unwrap().clone();
        (body["version"].as_i64().unwrap(), actions)
    }

    /// Submits one action, with `If-Match` when a version is given.
    pub async fn act(
        &self,
        token: &str,
        table: &Table,
        action: &Value,
        if_match: Option<i64>,
    ) -> reqwest::Result<reqwest::Response> {
        let mut req = self
            .client
            .post(self.url(&table.path("/actions")))
            .bearer_auth(token)
            .json(action);
        if let Some(v) = if_match {
            req = req.header("if-match", format!("\"{v}\""));
        }
        req.send().await
    }

    /// The awaited seat plays one of its legal actions at random (with `If-Match`); panics on
    /// anything but 200. Network errors are returned (the server may have been killed).
    pub async fn random_step(
        &self,
        table: &Table,
        rng: &mut (impl Rng + ?Sized),
    ) -> reqwest::Result<Step> {
        let game: Value = self
            .get(&table.tokens[0], &table.path(""))
            .await?
            .json()
            .await?;
        let Some(seat) = game["game"]["awaiting"]["seat"].as_u64() else {
            assert_eq!(game["game"]["status"], "finished", "{game}");
            return Ok(Step::Finished);
        };
        let token = &table.tokens[seat as usize];
        let legal: Value = self
            .get(token, &table.path("/legal-actions"))
            .await?
            .json()
            .await?;
        let version = legal["version"].as_i64().unwrap();
        let action = legal["actions"]
            .as_array()
            .unwrap()
            .choose(rng)
            .expect("the awaited seat has a legal action")
            .clone();
        let res = self.act(token, table, &action, Some(version)).await?;
        let status = res.status();
        let body: Value = res.json().await?;
        assert_eq!(status, 200, "{action} at {version}: {body}");
        let applied = body["version"].as_i64().unwrap();
        assert!(applied > version, "{body}");
        Ok(Step::Applied(Applied {
            game: table.id,
            version: applied,
            seat: seat as u8,
        }))
    }

    /// The whole stream as `token` may see it, every page.
    pub async fn events(&self, token: &str, table: &Table) -> Vec<Value> {
        let mut all = Vec::new();
        let mut after = 0;
        loop {
            let page = self
                .get_json(token, &table.path(&format!("/events?after={after}")))
                .await;
            all.extend(page["events"].as_array().unwrap().iter().cloned());
            match page["next_after"].as_i64() {
                Some(next) => after = next,
                None => return all,
            }
        }
    }
}
