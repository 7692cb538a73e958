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
/// though they are loopback, private, link-local, ..., each on every port or on one. Everything
/// public is admitted anyway, on any port.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllowList(Vec<AllowEntry>);

/// One allow-list entry: a network (an address is a network of one) and, when given, the only
/// port it is admitted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllowEntry {
    pub net: IpNet,
    pub port: Option<u16>,
}

impl From<IpNet> for AllowEntry {
    fn from(net: IpNet) -> Self {
        AllowEntry { net, port: None }
    }
}

impl std::str::FromStr for AllowEntry {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        parse_allow_entry(s)
    }
}

impl AllowList {
    pub fn new(entries: Vec<AllowEntry>) -> Self {
        AllowList(entries)
    }

    /// Whether a delivery may connect to `ip` on `port`.
    pub fn admits(&self, ip: IpAddr, port: u16) -> bool {
        let ip = ip.to_canonical();
        self.0
            .iter()
            .any(|e| e.net.contains(&ip) && e.port.is_none_or(|p| p == port))
            || is_public(ip)
    }
}

/// One allow-list entry: an address (`127.0.0.1`, `::1`) or a network (`10.0.0.0/8`), with an
/// optional port that then is the only one admitted (`127.0.0.1:8081`, `10.0.0.0/8:443`,
/// `[::1]:8081`, `[fd00::/8]:443`).
pub fn parse_allow_entry(s: &str) -> Result<AllowEntry, String> {
    let s = s.trim();
    let bad = || {
        format!(
            "{s:?} is neither an IP address nor a CIDR network, with or without a :port \
             (IPv6 in brackets: [::1]:8081)"
        )
    };
    let (net, port) = if let Some(rest) = s.strip_prefix('[') {
        let (net, tail) = rest.split_once(']').ok_or_else(bad)?;
        let port = match tail {
            "" => None,
            t => Some(t.strip_prefix(':').ok_or_else(bad)?),
        };
        (net, port)
    } else if s.matches(':').count() == 1 {
        // IPv4 with a port; a bare IPv6 address has two colons or more.
        let (net, port) = s.split_once(':').ok_or_else(bad)?;
        (net, Some(port))
    } else {
        (s, None)
    };
    let port = match port {
        Some(p) => Some(p.parse::<u16>().ok().filter(|p| *p > 0).ok_or_else(bad)?),
        None => None,
    };
    let net = match net.parse::<IpAddr>() {
        Ok(ip) => IpNet::from(ip.to_canonical()),
        Err(_) => net.parse::<IpNet>().map_err(|_| bad())?,
    };
    Ok(AllowEntry { net, port })
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

/// The one refusal of a host that is, or resolves only to, addresses deliveries may not reach,
/// or that does not resolve: the same words in every case, naming no address, so that the
/// answer tells nothing of what an internal name resolves to, or whether it exists.
pub const FORBIDDEN_HOST: &str = "the URL's host does not resolve, or is or resolves only to \
    loopback, private, link-local or otherwise non-public addresses (or ports) that the \
    operator has not allowed";

/// The addresses of the URL's host that deliveries may connect to (on the URL's port); an
/// error when there are none (or the name does not resolve).
pub async fn admitted_addrs(url: &Url, allow: &AllowList) -> Result<Vec<IpAddr>, UrlRefusal> {
    let forbidden = || UrlRefusal::Forbidden(FORBIDDEN_HOST.to_string());
    let port = url
        .port_or_known_default()
        .ok_or_else(|| UrlRefusal::Invalid("the URL has no port".into()))?;
    let resolved = match url.host() {
        Some(url::Host::Ipv4(ip)) => vec![IpAddr::V4(ip)],
        Some(url::Host::Ipv6(ip)) => vec![IpAddr::V6(ip)],
        Some(url::Host::Domain(d)) => resolve(d).await.map_err(|_| forbidden())?,
        None => return Err(UrlRefusal::Invalid("the URL has no host".into())),
    };
    let admitted: Vec<IpAddr> = resolved
        .into_iter()
        .filter(|ip| allow.admits(*ip, port))
        .collect();
    if admitted.is_empty() {
        return Err(forbidden());
    }
    Ok(admitted)
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
        assert!(allow.admits(ip("127.0.0.1"), 80));
        assert!(allow.admits(ip("::ffff:127.0.0.1"), 9000));
        assert!(allow.admits(ip("10.1.2.3"), 443));
        assert!(!allow.admits(ip("10.2.0.1"), 443));
        assert!(!allow.admits(ip("::1"), 80));
        assert!(parse_allow_entry("localhost").is_err());
    }

    #[test]
    fn an_allow_list_entry_with_a_port_admits_that_port_only() {
        let allow = AllowList::new(
            [
                "127.0.0.1:8081",
                "10.0.0.0/8:443",
                "[::1]:9000",
                "[fd00::/8]:443",
            ]
            .iter()
            .map(|s| parse_allow_entry(s).unwrap())
            .collect(),
        );
        assert!(allow.admits(ip("127.0.0.1"), 8081));
        assert!(!allow.admits(ip("127.0.0.1"), 8082));
        assert!(allow.admits(ip("10.9.9.9"), 443));
        assert!(!allow.admits(ip("10.9.9.9"), 80));
        assert!(allow.admits(ip("::1"), 9000));
        assert!(!allow.admits(ip("::1"), 9001));
        assert!(allow.admits(ip("fd12::1"), 443));
        assert!(!allow.admits(ip("fd12::1"), 444));
        // Public addresses stay admitted on any port.
        assert!(allow.admits(ip("1.1.1.1"), 22));
        assert_eq!(
            parse_allow_entry("::1").unwrap(),
            AllowEntry::from("::1/128".parse::<IpNet>().unwrap())
        );
        for bad in [
            "127.0.0.1:",
            "127.0.0.1:0",
            "127.0.0.1:70000",
            "[::1]8081",
            "[::1",
            "x:80",
        ] {
            assert!(parse_allow_entry(bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_refused_host_is_refused_in_words_that_name_no_address() {
        let allow = AllowList::new(vec![parse_allow_entry("127.0.0.1:8081").unwrap()]);
        for url in [
            "http://localhost:8082/",
            "http://127.0.0.1:8082/",
            "http://10.0.0.1/",
            "http://name.that.does.not.resolve.invalid/",
        ] {
            let url = Url::parse(url).unwrap();
            let refusal = admitted_addrs(&url, &allow).await.unwrap_err();
            assert_eq!(
                refusal,
                UrlRefusal::Forbidden(FORBIDDEN_HOST.into()),
                "{url}"
            );
        }
        let url = Url::parse("http://127.0.0.1:8081/").unwrap();
        assert_eq!(
            admitted_addrs(&url, &allow).await.unwrap(),
            [ip("127.0.0.1")]
        );
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
