//! A webhook or push receiver for tests: a real HTTP/1.1 server on 127.0.0.1 (plain tokio,
//! independent of the server's HTTP stack) that records every request and answers from a
//! script.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// How long a test waits for a request before failing.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// How the receiver answers one request.
#[derive(Debug, Clone, Copy)]
pub enum Reply {
    Status(u16),
    /// Answers 200 only after this long (longer than the sender's timeout: a timeout).
    Stall(Duration),
}

/// One request the receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Received {
    /// The `webhook-id` header.
    pub fn id(&self) -> &str {
        &self.headers["webhook-id"]
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }
}

/// A webhook receiver on 127.0.0.1: plain HTTP/1.1 over tokio, one request per connection,
/// answering from a script (then 200).
pub struct Receiver {
    pub addr: SocketAddr,
    seen: Arc<Mutex<Vec<Received>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    pub async fn start(script: &[Reply]) -> Receiver {
        Receiver::on(TcpListener::bind("127.0.0.1:0").await.unwrap(), script)
    }

    pub fn on(listener: TcpListener, script: &[Reply]) -> Receiver {
        let addr = listener.local_addr().unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(Mutex::new(script.iter().copied().collect::<VecDeque<_>>()));
        let task = {
            let (seen, script) = (seen.clone(), script.clone());
            tokio::spawn(async move {
                loop {
                    let Ok((mut conn, _)) = listener.accept().await else {
                        return;
                    };
                    let (seen, script) = (seen.clone(), script.clone());
                    tokio::spawn(async move {
                        let Some((headers, body)) = read_request(&mut conn).await else {
                            return;
                        };
                        let reply = script
                            .lock()
                            .unwrap()
                            .pop_front()
                            .unwrap_or(Reply::Status(200));
                        seen.lock().unwrap().push(Received { headers, body });
                        let status = match reply {
                            Reply::Status(s) => s,
                            Reply::Stall(d) => {
                                tokio::time::sleep(d).await;
                                200
                            }
                        };
                        let answer = format!(
                            "HTTP/1.1 {status} X\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                        );
                        let _ = conn.write_all(answer.as_bytes()).await;
                    });
                }
            })
        };
        Receiver { addr, seen, task }
    }

    pub fn url(&self) -> String {
        format!("http://{}/hooks/lords?x=1", self.addr)
    }

    pub fn seen(&self) -> Vec<Received> {
        self.seen.lock().unwrap().clone()
    }

    /// Waits until at least `n` requests came in; returns them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let seen = self.seen();
            if seen.len() >= n {
                return seen;
            }
            assert!(
                Instant::now() < deadline,
                "only {} of {n} requests came: {seen:?}",
                seen.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Reads one request: headers (names lower-cased) and a `content-length` body.
async fn read_request(
    conn: &mut tokio::net::TcpStream,
) -> Option<(HashMap<String, String>, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8(buf[..head_end].to_vec()).ok()?;
    let mut lines = head.split("\r\n");
    let request_line = lines.next()?.to_string();
    let mut headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    headers.insert(":request-line".into(), request_line);
    let len: usize = headers.get("content-length")?.parse().ok()?;
    while buf.len() < head_end + len {
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Some((headers, buf[head_end..head_end + len].to_vec()))
}
