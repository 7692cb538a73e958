//! Reading a `text/event-stream` response frame by frame, as an SSE client does.

use std::time::Duration;

use serde_json::Value;

/// How long a test waits for the next line of a stream before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);
/// A stream closes within this long of losing its authority.
pub const ENDS_WITHIN: Duration = Duration::from_secs(5);

/// One SSE frame: an event (`id`, `event`, `data`) or a comment.
#[derive(Debug, Clone)]
pub struct Frame {
    pub id: Option<i64>,
    pub event: Option<String>,
    pub data: Option<Value>,
    pub comment: Option<String>,
}

impl Frame {
    /// A notification's kind: the `data.kind` of an event named `notification`.
    pub fn kind(&self) -> Option<&str> {
        (self.event.as_deref() == Some("notification"))
            .then(|| self.data.as_ref()?["kind"].as_str())
            .flatten()
    }
}

/// An open `text/event-stream` response, read frame by frame.
pub struct Sse {
    res: reqwest::Response,
    buf: String,
}

impl Sse {
    pub fn new(res: reqwest::Response) -> Sse {
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        Sse {
            res,
            buf: String::new(),
        }
    }

    /// The next frame, or `None` when the server ended the stream.
    pub async fn frame(&mut self) -> Option<Frame> {
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let text: String = self.buf.drain(..end + 2).collect();
                let mut frame = Frame {
                    id: None,
                    event: None,
                    data: None,
                    comment: None,
                };
                for line in text.lines() {
                    if let Some(c) = line.strip_prefix(':') {
                        frame.comment = Some(c.trim().to_string());
                    } else if let Some(v) = line.strip_prefix("id: ") {
                        frame.id = Some(v.parse().unwrap());
                    } else if let Some(v) = line.strip_prefix("event: ") {
                        frame.event = Some(v.to_string());
                    } else if let Some(v) = line.strip_prefix("data: ") {
                        frame.data = Some(serde_json::from_str(v).unwrap());
                    }
                }
                return Some(frame);
            }
            let chunk = tokio::time::timeout(PATIENCE, self.res.chunk())
                .await
                .expect("the stream sends something in time")
                .expect("the stream reads");
            match chunk {
                Some(bytes) => self.buf.push_str(std::str::from_utf8(&bytes).unwrap()),
                None => return None,
            }
        }
    }

    /// Until the server ends the stream, which must be within [`ENDS_WITHIN`] (what is still
    /// to come before the end is read and dropped).
    pub async fn ends(&mut self) {
        tokio::time::timeout(ENDS_WITHIN, async { while self.frame().await.is_some() {} })
            .await
            .expect("the stream ends within 5 s");
    }

    /// Two `heartbeat` events in a row: the stream is still open a heartbeat later.
    pub async fn still_open(&mut self) {
        let mut heartbeats = 0;
        while heartbeats < 2 {
            let frame = self.frame().await.expect("the stream stays open");
            if frame.event.as_deref() == Some("heartbeat") {
                assert_eq!(frame.data, Some(serde_json::json!({})), "{frame:?}");
                assert_eq!(frame.id, None, "a heartbeat moves no position: {frame:?}");
                heartbeats += 1;
            }
        }
    }

    /// The next event, skipping comments, `retry:`, heartbeats and the `state` that opens
    /// `/v1/me/stream` from now.
    pub async fn event(&mut self) -> Frame {
        loop {
            let frame = self.frame().await.expect("the stream stays open");
            if frame.data.is_some()
                && !matches!(frame.event.as_deref(), Some("heartbeat" | "state"))
            {
                return frame;
            }
        }
    }

    /// The next event whatever it is (a heartbeat or a `state` too), skipping `retry:`.
    pub async fn any_event(&mut self) -> Frame {
        loop {
            let frame = self.frame().await.expect("the stream stays open");
            if frame.data.is_some() {
                return frame;
            }
        }
    }
}
