//! Request bodies read strictly, before any handler sees them:
//!
//! - a JSON body (`application/json` or `…+json`) declared in a charset other than UTF-8 is
//!   refused with 415 `unsupported_media_type` (RFC 8259 §8.1: JSON exchanged between systems
//!   is UTF-8; the extractor would otherwise read UTF-16 bytes as UTF-8);
//! - a JSON object with the same key twice is refused with 400 `malformed_json` (RFC 8259 §4
//!   leaves its meaning to each parser: serde keeps the last value, another reader of the same
//!   body, a proxy or an audit, may keep the first);
//! - a NUL in a JSON string (a key or a value, `\u0000`) or in a form body's names and values
//!   (`%00`) is refused with 400 `invalid_character` ([`crate::api::text_guard`]). Any body that is
//!   not a form is read as JSON for this: the handlers of optional bodies parse JSON whatever
//!   the declared type.
//!
//! The checks run as the body is read, on the stream the extractor consumes: a body is refused
//! when a handler reads it, so the order of the answers (401 before 400 and so on) stays the
//! extractors'. The refusal is found by one more pass of serde_json over the body, with a
//! visitor that keeps each object's keys and looks into every string (or of the form parser);
//! bodies are at most `max_body_bytes`.

use std::collections::HashSet;
use std::fmt;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::dev::{Payload, ServiceRequest};
use actix_web::error::PayloadError;
use actix_web::web::{Bytes, BytesMut};
use actix_web::{HttpMessage, mime};
use futures_util::Stream;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::api::text_guard;

/// Why a body is refused, carried to the extractors' error handlers (and to `observe`, for the
/// handlers that read bytes) inside the payload's I/O error; `error::rejections` says how it is
/// answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// A JSON object holds this key twice.
    DuplicateKey(String),
    /// A string of the body holds a NUL.
    Nul,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::DuplicateKey(key) => {
                write!(f, "the key `{key}` appears twice in one JSON object")
            }
            Refused::Nul => f.write_str(text_guard::NUL_DETAIL),
        }
    }
}

impl std::error::Error for Refused {}

impl Refused {
    /// The refusal a payload error carries, if that is what it is.
    pub fn of(err: &PayloadError) -> Option<&Refused> {
        match err {
            PayloadError::Io(e) => e.get_ref()?.downcast_ref::<Refused>(),
            _ => None,
        }
    }
}

/// The request's media type when it declares a JSON body.
fn json_type(req: &ServiceRequest) -> Option<mime::Mime> {
    let mime = req.mime_type().ok()??;
    (mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON)).then_some(mime)
}

/// Whether the request declares a form body (`application/x-www-form-urlencoded`).
fn form_type(req: &ServiceRequest) -> bool {
    req.mime_type()
        .ok()
        .flatten()
        .is_some_and(|m| m == mime::APPLICATION_WWW_FORM_URLENCODED)
}

/// A JSON body declared in a charset other than UTF-8 (answered 415 `unsupported_media_type`).
#[derive(Debug)]
pub struct NotUtf8;

/// How a body is read for its refusals.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// Form-encoded: a NUL in a name or a value.
    Form,
    /// JSON, or anything else read as JSON when it is: a NUL in a string, and when declared as
    /// JSON a key twice.
    Json { duplicates: bool },
}

/// What to do with a request's body: [`NotUtf8`] when it declares JSON in a charset other than
/// UTF-8; otherwise the body is put behind the checks of [`Refused`].
pub fn guard(req: &mut ServiceRequest, limit: usize) -> Result<(), NotUtf8> {
    let json = json_type(req);
    if let Some(charset) = json.as_ref().and_then(|m| m.get_param(mime::CHARSET))
        && !charset.as_str().eq_ignore_ascii_case("utf-8")
    {
        return Err(NotUtf8);
    }
    let kind = if form_type(req) {
        Kind::Form
    } else {
        Kind::Json {
            duplicates: json.is_some(),
        }
    };
    let inner = req.take_payload();
    let stream = CheckedPayload {
        inner,
        seen: BytesMut::new(),
        limit,
        kind,
        done: false,
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(stream);
    req.set_payload(Payload::from(boxed));
    Ok(())
}

/// The body as it comes, kept aside (up to the body limit: beyond it the extractor refuses the
/// body anyway) and checked once whole.
struct CheckedPayload {
    inner: Payload,
    seen: BytesMut,
    limit: usize,
    kind: Kind,
    done: bool,
}

impl Stream for CheckedPayload {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.done {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                if this.seen.len() <= this.limit {
                    this.seen.extend_from_slice(&chunk);
                }
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(None) => {
                this.done = true;
                if this.seen.len() <= this.limit
                    && let Some(refused) = refusal(&this.seen, this.kind)
                {
                    return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        refused,
                    )))));
                }
                Poll::Ready(None)
            }
            other => other,
        }
    }
}

/// Why `body`, read as `kind`, is refused, if it is.
fn refusal(body: &[u8], kind: Kind) -> Option<Refused> {
    match kind {
        Kind::Form => text_guard::form_holds_nul(body).then_some(Refused::Nul),
        Kind::Json { duplicates } => match json_refusal(body)? {
            Refused::DuplicateKey(_) if !duplicates => None,
            refused => Some(refused),
        },
    }
}

/// The first key that some object of `body` holds twice; `None` when there is none, or when
/// `body` is not JSON at all (the extractor says so in its own words).
pub fn duplicate_key(body: &[u8]) -> Option<String> {
    match json_refusal(body)? {
        Refused::DuplicateKey(key) => Some(key),
        Refused::Nul => None,
    }
}

/// The first refusal met walking `body` as JSON: a key twice in one object, or a NUL in a key
/// or a string. `None` when there is none, or when `body` is not JSON at all.
fn json_refusal(body: &[u8]) -> Option<Refused> {
    let mut found = None;
    let mut de = serde_json::Deserializer::from_slice(body);
    let _ = Check(&mut found).deserialize(&mut de);
    found
}

/// Walks a JSON value, stopping at the first refusal (recorded in `.0`).
struct Check<'a>(&'a mut Option<Refused>);

impl<'de> DeserializeSeed<'de> for Check<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Check<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        if text_guard::holds_nul(v) {
            *self.0 = Some(Refused::Nul);
            return Err(E::custom("NUL"));
        }
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Check(&mut *self.0))?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if text_guard::holds_nul(&key) {
                *self.0 = Some(Refused::Nul);
                return Err(de::Error::custom("NUL"));
            }
            if !keys.insert(key.clone()) {
                *self.0 = Some(Refused::DuplicateKey(key));
                return Err(de::Error::custom("duplicate key"));
            }
            map.next_value_seed(Check(&mut *self.0))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::api::strict_json::duplicate_key;

    #[test]
    fn a_key_twice_in_any_object_is_found() {
        assert_eq!(duplicate_key(br#"{"a":1,"a":2}"#).as_deref(), Some("a"));
        assert_eq!(
            duplicate_key(br#"{"x":[{"b":1},{"c":{"d":1,"d":null}}]}"#).as_deref(),
            Some("d")
        );
        // Escapes are read: "\u0061" is "a".
        assert_eq!(
            duplicate_key(br#"{"a":1,"\u0061":2}"#).as_deref(),
            Some("a")
        );
    }

    #[test]
    fn a_nul_in_a_key_or_a_string_anywhere_is_refused() {
        use crate::api::strict_json::{Kind, Refused, refusal};
        let json = Kind::Json { duplicates: true };
        for body in [
            &br#"{"a":"x\u0000y"}"#[..],
            br#"{"a\u0000":1}"#,
            br#"[1,{"b":["\u0000"]}]"#,
            br#""\u0000""#,
        ] {
            assert_eq!(refusal(body, json), Some(Refused::Nul), "{body:?}");
        }
        assert_eq!(refusal(br#"{"a":"\\u0000"}"#, json), None);
        assert_eq!(refusal(b"a=1&b=x%00", Kind::Form), Some(Refused::Nul));
        assert_eq!(refusal(b"a%00=1", Kind::Form), Some(Refused::Nul));
        assert_eq!(refusal(b"a=%2500", Kind::Form), None);
        // Duplicate keys are refused only in a body declared as JSON.
        let untyped = Kind::Json { duplicates: false };
        assert_eq!(refusal(br#"{"a":1,"a":2}"#, untyped), None);
        assert_eq!(refusal(br#"{"a":"\u0000"}"#, untyped), Some(Refused::Nul));
    }

    #[test]
    fn the_same_key_in_different_objects_and_bodies_that_are_not_json_pass() {
        assert_eq!(
            duplicate_key(br#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#),
            None
        );
        assert_eq!(duplicate_key(br#"[1, "two", null, true, 2.5]"#), None);
        assert_eq!(duplicate_key(b"{not json"), None);
        assert_eq!(duplicate_key(b""), None);
    }
}

/// Reads an integer field as JSON Schema's `integer` means it: any number whose fractional part
/// is zero (`7` and `7.0` alike: a client that writes every number as a double sends the
/// latter). Out of `T`'s range, or with a fraction, it is refused as serde refuses a wrong type.
pub fn whole_number<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64>,
{
    use serde::Deserialize;
    whole_of(serde_json::Number::deserialize(deserializer)?)
}

/// [`whole_number`] for an optional field: `null` (or, with `#[serde(default)]`, absent) is
/// `None`.
pub fn optional_whole_number<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64>,
{
    use serde::Deserialize;
    Option::<serde_json::Number>::deserialize(deserializer)?
        .map(whole_of)
        .transpose()
}

fn whole_of<T: TryFrom<i64>, E: de::Error>(n: serde_json::Number) -> Result<T, E> {
    let whole = match (n.as_i64(), n.as_f64()) {
        (Some(i), _) => Some(i),
        (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Some(f as i64),
        _ => None,
    };
    whole.and_then(|i| T::try_from(i).ok()).ok_or_else(|| {
        de::Error::invalid_value(
            de::Unexpected::Other(&n.to_string()),
            &"a whole number in range",
        )
    })
}

#[cfg(test)]
mod whole_number_tests {
    #[derive(serde::Deserialize)]
    struct Days {
        #[serde(deserialize_with = "crate::api::strict_json::whole_number")]
        days: i16,
    }

    fn days(json: &str) -> Option<i16> {
        serde_json::from_str::<Days>(json).ok().map(|d| d.days)
    }

    #[test]
    fn an_integer_field_takes_whole_numbers_written_either_way_and_nothing_else() {
        assert_eq!(days(r#"{"days": 7}"#), Some(7));
        assert_eq!(days(r#"{"days": 7.0}"#), Some(7));
        assert_eq!(days(r#"{"days": -3}"#), Some(-3));
        assert_eq!(days(r#"{"days": 7.5}"#), None);
        assert_eq!(days(r#"{"days": 70000}"#), None);
        assert_eq!(days(r#"{"days": "7"}"#), None);
    }
}

/// An optional body that, when sent, must be a JSON object (serde would also read a struct from
/// an array of its fields). The error is the reason, for a 400 `malformed_json`.
pub fn object_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    let value: serde_json::Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
    if !value.is_object() {
        return Err("the body is a JSON object".into());
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}
