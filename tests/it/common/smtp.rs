//! A real SMTP server on loopback for the mail tests: Python's `aiosmtpd`
//! (`tests/support/smtp_sink.py`, installed by `.ci/run`), writing each accepted message to a
//! directory of its own; parsed here with `mailparse`, apart from the server's `lettre`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::io::{BufRead, BufReader};

/// The SMTP server; killed, and its directory removed, when dropped.
pub struct SmtpSink {
    pub port: u16,
    dir: PathBuf,
    child: Option<Child>,
}

/// One received message.
#[derive(Debug, Clone)]
pub struct Received {
    /// The file it was written to.
    pub file: PathBuf,
    /// The envelope's recipients.
    pub to: Vec<String>,
    /// The message's bytes as received (without the envelope lines).
    pub raw: Vec<u8>,
}

impl Received {
    pub fn parsed(&self) -> mailparse::ParsedMail<'_> {
        mailparse::parse_mail(&self.raw).expect("a received message parses")
    }

    /// A header's (decoded) value.
    pub fn header(&self, name: &str) -> Option<String> {
        use mailparse::MailHeaderMap;
        self.parsed().headers.get_first_value(name)
    }

    /// The decoded body of the first part of this MIME type (`text/plain`, `text/html`).
    pub fn body(&self, mime: &str) -> Option<String> {
        fn find(part: &mailparse::ParsedMail<'_>, mime: &str) -> Option<String> {
            if part.subparts.is_empty() {
                return (part.ctype.mimetype == mime)
                    .then(|| part.get_body().expect("a decodable body"));
            }
            part.subparts.iter().find_map(|p| find(p, mime))
        }
        find(&self.parsed(), mime)
    }

    /// The `http(s)` links of the text part.
    pub fn links(&self) -> Vec<String> {
        let text = self.body("text/plain").unwrap_or_default();
        text.split(|c: char| c.is_whitespace() || c == '<' || c == '>')
            .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
            .map(String::from)
            .collect()
    }
}

impl SmtpSink {
    /// Starts a server on a free port.
    pub fn start() -> SmtpSink {
        let dir = std::env::temp_dir().join(format!("lords-smtp-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("make the mail directory");
        let mut sink = SmtpSink {
            port: 0,
            dir,
            child: None,
        };
        sink.spawn(0);
        sink
    }

    fn spawn(&mut self, port: u16) {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/smtp_sink.py");
        let mut child = Command::new("python3")
            .arg(script)
            .arg(&self.dir)
            .arg(port.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the SMTP server (python3 with aiosmtpd: pip install aiosmtpd)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut line)
            .expect("read the SMTP server's port");
        self.port = line.trim().parse().unwrap_or_else(|_| {
            panic!("the SMTP server did not start (aiosmtpd missing?): {line:?}")
        });
        self.child = Some(child);
    }

    /// `smtp://127.0.0.1:<port>`, for `--smtp-url`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Stops the server (the port then refuses connections).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port.
    pub fn restart(&mut self) {
        self.stop();
        let port = self.port;
        self.spawn(port);
    }

    /// While on, every message is refused with a transient 451.
    pub fn reject(&self, on: bool) {
        self.reject_with(on.then_some("451 4.3.0 Try again later"));
    }

    /// While `Some`, every message is refused with that reply (e.g. a permanent `550 …`).
    pub fn reject_with(&self, reply: Option<&str>) {
        let flag = self.dir.join("REJECT");
        match reply {
            Some(reply) => std::fs::write(flag, reply).expect("set REJECT"),
            None => {
                let _ = std::fs::remove_file(flag);
            }
        }
    }

    /// Every message received so far, in order.
    pub fn messages(&self) -> Vec<Received> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .expect("read the mail directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|file| {
                let bytes = std::fs::read(&file).expect("read a message");
                let mut to = Vec::new();
                let mut rest = &bytes[..];
                for _ in 0..2 {
                    let end = rest
                        .windows(2)
                        .position(|w| w == b"\r\n")
                        .expect("envelope line");
                    let line = String::from_utf8_lossy(&rest[..end]).to_string();
                    if let Some(rcpts) = line.strip_prefix("X-Envelope-To: ") {
                        to = rcpts.split(',').map(String::from).collect();
                    }
                    rest = &rest[end + 2..];
                }
                Received {
                    file,
                    to,
                    raw: rest.to_vec(),
                }
            })
            .collect()
    }

    /// Waits until at least `n` messages arrived (panics after `timeout`); returns them all.
    pub async fn wait_for(&self, n: usize, timeout: Duration) -> Vec<Received> {
        let start = Instant::now();
        loop {
            let got = self.messages();
            if got.len() >= n {
                return got;
            }
            assert!(
                start.elapsed() < timeout,
                "expected {n} messages within {timeout:?}, got {}",
                got.len()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
