//! The SSRF guard of outgoing deliveries: which addresses a webhook may reach, the URL check at
//! registration, and [`admitted_addrs`], which the sender calls again before every attempt and
//! then connects to exactly those addresses (no DNS rebinding window between check and use).
//! Pure but for the DNS lookup; depends on nothing else in the crate.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;

use ipnet::IpNet;
use url::Url;

/// The longest URL accepted.
pub const MAX_URL_LEN: usize = 2048;
/// How long a name may take to resolve.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(3);

/// The operator's allow-list (`LORDS_WEBHOOK_ALLOW`): addresses and networks admitted even
/// though they are loopback, private, link-local, ... Everything public is admitted anyway.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<IpNet>);

impl AllowList {
    pub fn new(nets: Vec<IpNet>) -> Self {
        AllowList(nets)
    }

    /// Whether a delivery may connect to `ip`.
    pub fn admits(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|n| n.contains(&ip)) || is_public(ip)
    }
}

/// One allow-list entry: an address (`127.0.0.1`, `::1`) or a network (`10.0.0.0/8`).
pub fn parse_allow_entry(s: &str) -> Result<IpNet, String> {
    let s = s.trim();
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Ok(IpNet::from(ip.to_canonical()));
    }
    s.parse::<IpNet>()
        .map_err(|_| format!("{s:?} is neither an IP address nor a CIDR network"))
}

/// Whether `ip` is a public unicast address: not loopback, private, shared (CGNAT), link-local
/// (cloud metadata is 169.254.169.254 and fd00:ec2::254), unique-local, multicast, documentation
/// or reserved. IPv4 inside IPv6 (mapped, compatible, NAT64, 6to4) is judged as IPv4.
pub fn is_public(ip: IpAddr) -> bool {
    match ip.to_canonical() {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(a == 0                                   // "this network"
        || a == 10                             // private
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || a == 127                            // loopback
        || (a == 169 && b == 254)              // link-local, cloud metadata
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0)      // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2)      // documentation
        || (a == 192 && b == 88 && c == 99)    // 6to4 relay anycast
        || (a == 192 && b == 168)              // private
        || (a == 198 && (b == 18 || b == 19))  // benchmarking
        || (a == 198 && b == 51 && c == 100)   // documentation
        || (a == 203 && b == 0 && c == 113)    // documentation
        || a >= 224) // multicast, reserved, broadcast
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let embedded_v4 = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    if s[..6] == [0; 6] {
        // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d.
        return false;
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0; 4] {
        // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address.
        return is_public_v4(embedded_v4(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        // 6to4 (2002::/16) carries an IPv4 address in bits 16..48.
        return is_public_v4(embedded_v4(s[1], s[2]));
    }
    !((s[0] & 0xfe00) == 0xfc00                 // unique local fc00::/7 (incl. fd00:ec2::254)
        || (s[0] & 0xffc0) == 0xfe80            // link-local fe80::/10
        || (s[0] & 0xffc0) == 0xfec0            // site-local (deprecated) fec0::/10
        || (s[0] & 0xff00) == 0xff00            // multicast
        || (s[0] == 0x2001 && s[1] == 0x0db8)   // documentation
        || (s[0] == 0x0100 && s[1..4] == [0; 3]) // discard-only 100::/64
        || (s[0] == 0x2001 && s[1] < 0x0200)    // IETF protocol assignments 2001::/23
        || s[0] & 0xe000 != 0x2000) // outside global unicast 2000::/3
}

/// Why a webhook URL is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlRefusal {
    /// Not an absolute http(s) URL with a host and no credentials, or too long.
    #[error("{0}")]
    Invalid(String),
    /// The host is, or resolves only to, addresses deliveries may not reach.
    #[error("{0}")]
    Forbidden(String),
}

/// Parses and checks a webhook URL: `http` or `https`, a host, no user or password, no
/// fragment, at most [`MAX_URL_LEN`] bytes; and at least one admitted address for its host.
pub async fn check_url(raw: &str, allow: &AllowList) -> Result<Url, UrlRefusal> {
    let url = parse_url(raw)?;
    admitted_addrs(&url, allow).await?;
    Ok(url)
}

/// The syntactic half of [`check_url`].
pub fn parse_url(raw: &str) -> Result<Url, UrlRefusal> {
    let invalid = |m: &str| UrlRefusal::Invalid(m.to_string());
    if raw.len() > MAX_URL_LEN {
        return Err(invalid("the URL is longer than 2048 bytes"));
    }
    let url = Url::parse(raw).map_err(|e| UrlRefusal::Invalid(format!("not a URL: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("the URL must be http or https"));
    }
    if url.host().is_none() {
        return Err(invalid("the URL has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(invalid("the URL must not carry a user name or password"));
    }
    if url.fragment().is_some() {
        return Err(invalid("the URL must not have a fragment"));
    }
    Ok(url)
}

/// The addresses of the URL's host that deliveries may connect to; an error when there are
/// none (or the name does not resolve).
pub async fn admitted_addrs(url: &Url, allow: &AllowList) -> Result<Vec<IpAddr>, UrlRefusal> {
    let forbidden = |ip: IpAddr| {
        UrlRefusal::Forbidden(format!(
            "{ip} is a loopback, private, link-local or otherwise non-public address that the \
             operator has not allowed"
        ))
    };
    let host = match url.host() {
        Some(url::Host::Ipv4(ip)) => {
            return admit(IpAddr::V4(ip), allow).ok_or(forbidden(ip.into()));
        }
        Some(url::Host::Ipv6(ip)) => {
            return admit(IpAddr::V6(ip), allow).ok_or(forbidden(ip.into()));
        }
        Some(url::Host::Domain(d)) => d.to_string(),
        None => return Err(UrlRefusal::Invalid("the URL has no host".into())),
    };
    let resolved = resolve(&host)
        .await
        .map_err(|e| UrlRefusal::Forbidden(format!("the host {host:?} does not resolve: {e}")))?;
    let admitted: Vec<IpAddr> = resolved
        .iter()
        .copied()
        .filter(|ip| allow.admits(*ip))
        .collect();
    match (admitted.is_empty(), resolved.first()) {
        (false, _) => Ok(admitted),
        (true, Some(ip)) => Err(forbidden(*ip)),
        (true, None) => Err(UrlRefusal::Forbidden(format!(
            "the host {host:?} has no address"
        ))),
    }
}

fn admit(ip: IpAddr, allow: &AllowList) -> Option<Vec<IpAddr>> {
    allow.admits(ip).then(|| vec![ip])
}

async fn resolve(host: &str) -> std::io::Result<Vec<IpAddr>> {
    let lookup = tokio::net::lookup_host((host, 0));
    let addrs = tokio::time::timeout(LOOKUP_TIMEOUT, lookup)
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "DNS lookup timed out"))??;
    Ok(addrs.map(|a| a.ip()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn loopback_private_link_local_and_metadata_addresses_are_not_public() {
        for s in [
            "127.0.0.1",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "224.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd00:ec2::254",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::127.0.0.1",
            "64:ff9b::a00:1",
            "2002:a00:1::1",
            "ff02::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip(s)), "{s}");
        }
        for s in [
            "93.184.216.34",
            "1.1.1.1",
            "2606:4700:4700::1111",
            "::ffff:1.1.1.1",
        ] {
            assert!(is_public(ip(s)), "{s}");
        }
    }

    #[test]
    fn the_allow_list_admits_its_addresses_and_networks_mapped_or_not() {
        let allow = AllowList::new(vec![
            parse_allow_entry("127.0.0.1").unwrap(),
            parse_allow_entry("10.1.0.0/16").unwrap(),
        ]);
        assert!(allow.admits(ip("127.0.0.1")));
        assert!(allow.admits(ip("::ffff:127.0.0.1")));
        assert!(allow.admits(ip("10.1.2.3")));
        assert!(!allow.admits(ip("10.2.0.1")));
        assert!(!allow.admits(ip("::1")));
        assert!(parse_allow_entry("localhost").is_err());
    }

    #[test]
    fn only_absolute_http_urls_without_credentials_are_accepted() {
        assert!(parse_url("https://hooks.example.org/lords?x=1").is_ok());
        assert!(parse_url("http://127.0.0.1:9000/").is_ok());
        for bad in [
            "ftp://example.org/",
            "example.org",
            "https://user:pw@example.org/",
            "https://example.org/#frag",
            "file:///etc/passwd",
        ] {
            assert!(
                matches!(parse_url(bad), Err(UrlRefusal::Invalid(_))),
                "{bad}"
            );
        }
    }
}
