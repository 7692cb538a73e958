//! A webhook or push receiver for tests: a real HTTP/1.1 server on 127.0.0.1 (plain tokio,
//! independent of the server's HTTP stack) that records every request and answers from a
//! script.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
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
    /// Answers 200 only once the test calls [`Receiver::release`]: a tarpit.
    Hold,
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
    /// Requests answered `Hold` and not yet released.
    held: Arc<AtomicUsize>,
    release: tokio::sync::watch::Sender<bool>,
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
        let held = Arc::new(AtomicUsize::new(0));
        let (release, released) = tokio::sync::watch::channel(false);
        let script = Arc::new(Mutex::new(script.iter().copied().collect::<VecDeque<_>>()));
        let task = {
            let (seen, script, held) = (seen.clone(), script.clone(), held.clone());
            tokio::spawn(async move {
                loop {
                    let Ok((mut conn, _)) = listener.accept().await else {
                        return;
                    };
                    let (seen, script, held) = (seen.clone(), script.clone(), held.clone());
                    let mut released = released.clone();
                    tokio::spawn(async move {
                        let Some((headers, body)) = read_request(&mut conn).await else {
                            return;
                        };
                        let reply = script
                            .lock()
                            .unwrap()
                            .pop_front()
                            .unwrap_or(Reply::Status(200));
                        if matches!(reply, Reply::Hold) {
                            held.fetch_add(1, Ordering::SeqCst);
                        }
                        seen.lock().unwrap().push(Received { headers, body });
                        let status = match reply {
                            Reply::Status(s) => s,
                            Reply::Stall(d) => {
                                tokio::time::sleep(d).await;
                                200
                            }
                            Reply::Hold => {
                                let _ = released.wait_for(|r| *r).await;
                                held.fetch_sub(1, Ordering::SeqCst);
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
        Receiver {
            addr,
            seen,
            held,
            release,
            task,
        }
    }

    /// How many requests answered `Hold` are still waiting for [`Receiver::release`].
    pub fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }

    /// Answers every held request, and those to come, with 200.
    pub fn release(&self) {
        self.release.send_replace(true);
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
