//! How the log's bytes are written in JSON, for serde's `with`: hashes in hex ([`hex_bytes`]),
//! signatures, roots and paths in base64 ([`base64_bytes`]), as docs/audit.md specifies them.

/// Bytes as lowercase hex.
pub mod hex_bytes {
    use serde::{Deserialize, Deserializer, Serializer, de};

    pub fn serialize<S: Serializer>(bytes: impl AsRef<[u8]>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&hex::encode(bytes))
    }

    pub fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<Vec<u8>>,
    {
        let text = String::deserialize(d)?;
        hex::decode(&text)
            .ok()
            .and_then(|b| T::try_from(b).ok())
            .ok_or_else(|| de::Error::custom("not hex of the expected length"))
    }
}

/// Bytes as standard base64, padded.
pub mod base64_bytes {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use serde::{Deserialize, Deserializer, Serializer, de};

    pub fn serialize<S: Serializer>(bytes: impl AsRef<[u8]>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: TryFrom<Vec<u8>>,
    {
        let text = String::deserialize(d)?;
        STANDARD
            .decode(&text)
            .ok()
            .and_then(|b| T::try_from(b).ok())
            .ok_or_else(|| de::Error::custom("not base64 of the expected length"))
    }
}
