//! JSON bodies read strictly, before any handler sees them:
//!
//! - a JSON body (`application/json` or `…+json`) declared in a charset other than UTF-8 is
//!   refused with 415 `unsupported_media_type` (RFC 8259 §8.1: JSON exchanged between systems
//!   is UTF-8; the extractor would otherwise read UTF-16 bytes as UTF-8);
//! - a JSON object with the same key twice is refused with 400 `malformed_json` (RFC 8259 §4
//!   leaves its meaning to each parser: serde keeps the last value, another reader of the same
//!   body, a proxy or an audit, may keep the first).
//!
//! The duplicate check runs as the body is read, on the stream the extractor consumes: a body
//! is refused when a handler reads it, so the order of the answers (401 before 400 and so on)
//! stays the extractors'. The key is found by one more pass of serde_json over the body, with a
//! visitor that keeps each object's keys; bodies are at most `max_body_bytes`.

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

/// The key a JSON body holds twice in one object, carried to the JSON extractor's error
/// handler inside the payload's I/O error.
#[derive(Debug)]
pub struct DuplicateKey(pub String);

impl fmt::Display for DuplicateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the key `{}` appears twice in one JSON object", self.0)
    }
}

impl std::error::Error for DuplicateKey {}

impl DuplicateKey {
    /// The duplicate key a payload error carries, if that is what it is.
    pub fn of(err: &PayloadError) -> Option<&DuplicateKey> {
        match err {
            PayloadError::Io(e) => e.get_ref()?.downcast_ref::<DuplicateKey>(),
            _ => None,
        }
    }
}

/// The request's media type when it declares a JSON body.
fn json_type(req: &ServiceRequest) -> Option<mime::Mime> {
    let mime = req.mime_type().ok()??;
    (mime.subtype() == mime::JSON || mime.suffix() == Some(mime::JSON)).then_some(mime)
}

/// A JSON body declared in a charset other than UTF-8 (answered 415 `unsupported_media_type`).
#[derive(Debug)]
pub struct NotUtf8;

/// What to do with a request's body: [`NotUtf8`] when it declares JSON in a charset other than
/// UTF-8; otherwise the body of a JSON request is put behind the duplicate-key check.
pub fn guard(req: &mut ServiceRequest, limit: usize) -> Result<(), NotUtf8> {
    let Some(mime) = json_type(req) else {
        return Ok(());
    };
    if let Some(charset) = mime.get_param(mime::CHARSET)
        && !charset.as_str().eq_ignore_ascii_case("utf-8")
    {
        return Err(NotUtf8);
    }
    let inner = req.take_payload();
    let stream = CheckedPayload {
        inner,
        seen: BytesMut::new(),
        limit,
        done: false,
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(stream);
    req.set_payload(Payload::from(boxed));
    Ok(())
}

/// The body as it comes, kept aside (up to the body limit: beyond it the extractor refuses the
/// body anyway) and checked for duplicate keys once whole.
struct CheckedPayload {
    inner: Payload,
    seen: BytesMut,
    limit: usize,
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
                    && let Some(key) = duplicate_key(&this.seen)
                {
                    return Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        DuplicateKey(key),
                    )))));
                }
                Poll::Ready(None)
            }
            other => other,
        }
    }
}

/// The first key that some object of `body` holds twice; `None` when there is none, or when
/// `body` is not JSON at all (the extractor says so in its own words).
pub fn duplicate_key(body: &[u8]) -> Option<String> {
    let mut found = None;
    let mut de = serde_json::Deserializer::from_slice(body);
    let _ = Check(&mut found).deserialize(&mut de);
    found
}

/// Walks a JSON value, stopping at the first object key seen twice (recorded in `.0`).
struct Check<'a>(&'a mut Option<String>);

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
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
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
            if !keys.insert(key.clone()) {
                *self.0 = Some(key);
                return Err(de::Error::custom("duplicate key"));
            }
            map.next_value_seed(Check(&mut *self.0))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::duplicate_key;

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
        #[serde(deserialize_with = "super::whole_number")]
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
