//! One outgoing delivery request: POST a body to a URL, connecting only to the addresses the
//! SSRF guard admitted (checked again at every attempt), over TLS for `https` (rustls with the
//! aws-lc-rs provider and the webpki roots), no redirects followed, bounded by a connect
//! timeout and a total timeout. Returns the status; the answer's body is not read. Webhooks
//! and Web Push both go through it.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use url::Url;

use crate::outbound::guard::{AllowList, admitted_addrs};

/// How an attempt went when no HTTP status came back.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    #[error("refused by the SSRF guard: {0}")]
    Forbidden(String),
    #[error("connect failed: {0}")]
    Connect(String),
    #[error("TLS failed: {0}")]
    Tls(String),
    #[error("HTTP failed: {0}")]
    Http(String),
    #[error("timed out after {0:?}")]
    Timeout(Duration),
}

/// Limits of one request.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub connect_timeout: Duration,
    pub timeout: Duration,
}

/// The TLS configuration of every HTTPS request the crate makes (these deliveries, and the log
/// monitor's reads): rustls on the aws-lc-rs provider, given here rather than installed as a
/// process-wide default, with the webpki roots. Built once.
pub fn tls_config() -> Arc<rustls::ClientConfig> {
    static CONFIG: OnceLock<Arc<rustls::ClientConfig>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
            let roots =
                rustls::RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
            let config = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map(|b| b.with_root_certificates(roots).with_no_client_auth());
            match config {
                Ok(c) => Arc::new(c),
                // The provider's defaults are always consistent; unreachable in practice.
                Err(e) => panic!("the aws-lc-rs TLS configuration is inconsistent: {e}"),
            }
        })
        .clone()
}

/// POSTs `body` with `headers` (`content-type` among them) to `url`. `Ok(status)` whatever
/// the status.
pub async fn post(
    url: &Url,
    headers: &[(&str, String)],
    body: Vec<u8>,
    allow: &AllowList,
    limits: Limits,
) -> Result<u16, SendError> {
    match tokio::time::timeout(
        limits.timeout,
        post_inner(url, headers, body, allow, limits),
    )
    .await
    {
        Ok(result) => result,
        Err(_) => Err(SendError::Timeout(limits.timeout)),
    }
}

async fn post_inner(
    url: &Url,
    headers: &[(&str, String)],
    body: Vec<u8>,
    allow: &AllowList,
    limits: Limits,
) -> Result<u16, SendError> {
    let addrs = admitted_addrs(url, allow)
        .await
        .map_err(|e| SendError::Forbidden(e.to_string()))?;
    let port = url
        .port_or_known_default()
        .ok_or_else(|| SendError::Connect("no port".into()))?;
    let tcp = connect(&addrs, port, limits.connect_timeout).await?;
    let host = url.host_str().unwrap_or_default().to_string();
    if url.scheme() == "https" {
        let name = rustls::pki_types::ServerName::try_from(
            host.trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
        )
        .map_err(|e| SendError::Tls(e.to_string()))?;
        let tls = tokio_rustls::TlsConnector::from(tls_config());
        let stream = tokio::time::timeout(limits.connect_timeout, tls.connect(name, tcp))
            .await
            .map_err(|_| SendError::Timeout(limits.connect_timeout))?
            .map_err(|e| SendError::Tls(e.to_string()))?;
        request(stream, url, headers, body).await
    } else {
        request(tcp, url, headers, body).await
    }
}

async fn connect(addrs: &[IpAddr], port: u16, timeout: Duration) -> Result<TcpStream, SendError> {
    let mut last = String::from("no address");
    for ip in addrs {
        match tokio::time::timeout(timeout, TcpStream::connect(SocketAddr::new(*ip, port))).await {
            Ok(Ok(s)) => return Ok(s),
            Ok(Err(e)) => last = format!("{ip}: {e}"),
            Err(_) => last = format!("{ip}: timed out after {timeout:?}"),
        }
    }
    Err(SendError::Connect(last))
}

async fn request<S>(
    stream: S,
    url: &Url,
    headers: &[(&str, String)],
    body: Vec<u8>,
) -> Result<u16, SendError>
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let http = |e: hyper::Error| SendError::Http(e.to_string());
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(http)?;
    // Drives the connection; ends when the response is in and `sender` is dropped.
    tokio::spawn(async move {
        let _ = conn.await;
    });
    let authority = match url.port() {
        Some(p) => format!("{}:{p}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    };
    let path = match url.query() {
        Some(q) => format!("{}?{q}", url.path()),
        None => url.path().to_string(),
    };
    let mut builder = hyper::Request::post(path)
        .header(hyper::header::HOST, authority)
        .header(
            hyper::header::USER_AGENT,
            concat!("lords-webhooks/", env!("CARGO_PKG_VERSION")),
        );
    for (name, value) in headers {
        builder = builder.header(*name, value);
    }
    let request = builder
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| SendError::Http(e.to_string()))?;
    let response = sender.send_request(request).await.map_err(http)?;
    Ok(response.status().as_u16())
}
