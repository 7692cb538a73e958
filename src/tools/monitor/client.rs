//! The monitor's reads: one HTTP/1.1 GET per call to the watched server, over TLS for `https`
//! (the configuration of `crate::outbound::http`), no redirects followed, the whole request
//! bounded by a timeout and the answer by a size. No SSRF guard: the address is the operator's
//! own choice, not a user's, and a monitor may well watch a server on loopback.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use http_body_util::{BodyExt, Empty, Limited};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde::de::DeserializeOwned;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use url::{Host, Position, Url};

use crate::outbound::http::tls_config;

/// The largest answer read: a consistency proof is two hashes per doubling of the tree, so
/// this is far beyond any real answer.
const MAX_BODY: usize = 1 << 20;

/// A client of one server's API, at its base URL.
pub struct Client {
    base: Url,
    timeout: Duration,
}

impl Client {
    /// `base` is the server's base URL (`http://` or `https://`, perhaps with a path prefix).
    pub fn new(base: &str, timeout: Duration) -> anyhow::Result<Self> {
        let base = Url::parse(base).with_context(|| format!("--url {base} is not a URL"))?;
        if !matches!(base.scheme(), "http" | "https") || base.host().is_none() {
            bail!("--url {base} is not an http:// or https:// address of a host");
        }
        Ok(Client { base, timeout })
    }

    /// The URL of `path` (from the API's root, `/v1/...`) under the base URL.
    pub fn url(&self, path: &str, query: Option<&str>) -> Url {
        let mut url = self.base.clone();
        url.set_path(&format!("{}{path}", self.base.path().trim_end_matches('/')));
        url.set_query(query);
        url
    }

    /// GETs `path` and reads its JSON answer; any status but 200 is an error naming the
    /// problem's `code` and `detail` when the answer is a problem document.
    pub async fn get_json<T: DeserializeOwned>(
        &self,
        path: &str,
        query: Option<&str>,
    ) -> anyhow::Result<T> {
        let url = self.url(path, query);
        let (status, body) = tokio::time::timeout(self.timeout, get(&url))
            .await
            .map_err(|_| anyhow!("GET {url}: no answer within {:?}", self.timeout))?
            .with_context(|| format!("GET {url}"))?;
        if status != 200 {
            let problem: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
            match (problem["code"].as_str(), problem["detail"].as_str()) {
                (Some(code), Some(detail)) => {
                    bail!("GET {url} answered {status} {code}: {detail}")
                }
                _ => bail!("GET {url} answered {status}"),
            }
        }
        serde_json::from_slice(&body)
            .with_context(|| format!("GET {url}: the answer is not the JSON the API documents"))
    }
}

/// One GET: its status and its body.
async fn get(url: &Url) -> anyhow::Result<(u16, Bytes)> {
    let port = url.port_or_known_default().context("no port")?;
    let tcp = connect(url, port).await?;
    if url.scheme() == "https" {
        let name = match url.host() {
            Some(Host::Domain(d)) => rustls::pki_types::ServerName::try_from(d.to_string())
                .context("not a TLS server name")?,
            Some(Host::Ipv4(ip)) => std::net::IpAddr::V4(ip).into(),
            Some(Host::Ipv6(ip)) => std::net::IpAddr::V6(ip).into(),
            None => bail!("no host"),
        };
        let stream = tokio_rustls::TlsConnector::from(tls_config())
            .connect(name, tcp)
            .await
            .context("TLS")?;
        request(stream, url).await
    } else {
        request(tcp, url).await
    }
}

/// A connection to the first of the host's addresses that answers.
async fn connect(url: &Url, port: u16) -> anyhow::Result<TcpStream> {
    let addrs: Vec<SocketAddr> = match url.host() {
        Some(Host::Domain(d)) => tokio::net::lookup_host((d, port))
            .await
            .with_context(|| format!("resolving {d}"))?
            .collect(),
        Some(Host::Ipv4(ip)) => vec![SocketAddr::new(ip.into(), port)],
        Some(Host::Ipv6(ip)) => vec![SocketAddr::new(ip.into(), port)],
        None => bail!("no host"),
    };
    let mut last = anyhow!("the host has no address");
    for addr in addrs {
        match TcpStream::connect(addr).await {
            Ok(stream) => return Ok(stream),
            Err(e) => last = anyhow!("connecting to {addr}: {e}"),
        }
    }
    Err(last)
}

async fn request<S>(stream: S, url: &Url) -> anyhow::Result<(u16, Bytes)>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    // Drives the connection; ends when the answer is read and `sender` is dropped.
    tokio::spawn(async move {
        let _ = conn.await;
    });
    let request = hyper::Request::get(&url[Position::BeforePath..Position::AfterQuery])
        .header(
            hyper::header::HOST,
            &url[Position::BeforeHost..Position::AfterPort],
        )
        .header(
            hyper::header::USER_AGENT,
            concat!("lords-log-monitor/", env!("CARGO_PKG_VERSION")),
        )
        .header(hyper::header::ACCEPT, "application/json")
        .body(Empty::<Bytes>::new())?;
    let response = sender.send_request(request).await?;
    let status = response.status().as_u16();
    let body = Limited::new(response.into_body(), MAX_BODY)
        .collect()
        .await
        .map_err(|e| anyhow!("reading the answer: {e}"))?
        .to_bytes();
    Ok((status, body))
}
