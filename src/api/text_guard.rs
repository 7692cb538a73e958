//! One guard for the text a request carries: PostgreSQL cannot store U+0000 (NUL) in a `text`
//! value (its strings end at a zero byte: "invalid byte sequence for encoding UTF8: 0x00"), so
//! a NUL that reached a query would be a 500. It is refused with 400 `invalid_character`
//! (`error::invalid_character`) before
//! any handler runs: in a `/v1` path or query string, once percent-decoded (`%00`), by
//! [`crate::http::middleware::check_body`]; in a JSON string or key (`\u0000`) and in a form body's
//! names and values by [`crate::api::strict_json`], as the body is read. NUL is the only code point
//! PostgreSQL refuses in UTF-8 text: the other candidates, the surrogates U+D800–U+DFFF,
//! cannot be in a Rust `str` (serde_json refuses a lone `\uD800` as malformed JSON).

use actix_web::http::Uri;
use percent_encoding::percent_decode_str;

/// The detail of the refusal.
pub const NUL_DETAIL: &str =
    "the request holds U+0000 (NUL: %00 or \\u0000), which no text of this service may hold";

/// Whether `text` holds a NUL.
pub fn holds_nul(text: &str) -> bool {
    text.contains('\0')
}

/// Whether the path or the query string of `uri` holds a NUL once percent-decoded (RFC 3986
/// §2.1). Decoded once, as the router and the query extractor do: `%2500` is the text `%00`.
pub fn uri_holds_nul(uri: &Uri) -> bool {
    let decoded_nul = |s: &str| percent_decode_str(s).any(|b| b == 0);
    decoded_nul(uri.path()) || uri.query().is_some_and(decoded_nul)
}

/// Whether a form body (`application/x-www-form-urlencoded`) holds a NUL in a name or a value.
pub fn form_holds_nul(body: &[u8]) -> bool {
    url::form_urlencoded::parse(body).any(|(name, value)| holds_nul(&name) || holds_nul(&value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_found_in_a_path_or_query_once_decoded_only() {
        let nul = |s: &str| uri_holds_nul(&s.parse::<Uri>().unwrap());
        assert!(nul("/v1/players/a%00b"));
        assert!(nul("/v1/players/x/games?opponent=a%00b"));
        assert!(nul("/v1/x?a%00=1"));
        assert!(!nul("/v1/players/a%2500b?q=%2500"));
        assert!(!nul("/v1/players/alice?opponent=bob"));
    }
}
