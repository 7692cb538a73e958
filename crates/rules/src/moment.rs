//! `UnixMillis`: a moment the shell gave the engine (a vacation's end), written as an RFC 3339
//! date-time in UTC. Pure arithmetic on the proleptic Gregorian calendar: the engine reads no
//! clock and names no date crate.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::ToSchema;

/// Milliseconds since 1970-01-01T00:00:00Z; in JSON an RFC 3339 date-time in UTC
/// (`2026-11-27T09:30:00.250Z`, the fraction only when not whole seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ToSchema)]
#[schema(value_type = String, format = DateTime)]
pub struct UnixMillis(pub u64);

/// The civil date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The day count since 1970-01-01 of a civil date (H. Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

impl fmt::Display for UnixMillis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0 / 1000;
        let ms = self.0 % 1000;
        let (y, mo, d) = civil_from_days((secs / 86_400) as i64);
        let s = secs % 86_400;
        write!(
            f,
            "{y:04}-{mo:02}-{d:02}T{:02}:{:02}:{:02}",
            s / 3600,
            s / 60 % 60,
            s % 60
        )?;
        if ms != 0 {
            write!(f, ".{ms:03}")?;
        }
        f.write_str("Z")
    }
}

impl std::str::FromStr for UnixMillis {
    type Err = String;

    /// An RFC 3339 date-time in UTC (`Z` or `+00:00`), with up to nanoseconds (cut to
    /// milliseconds).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("not an RFC 3339 date-time in UTC: {s:?}");
        let body = s
            .strip_suffix('Z')
            .or_else(|| s.strip_suffix("+00:00"))
            .ok_or_else(bad)?;
        let (date, time) = body.split_once(['T', 't']).ok_or_else(bad)?;
        let num = |t: &str| t.parse::<u32>().map_err(|_| bad());
        let mut date = date.splitn(3, '-');
        let (y, mo, d) = match (date.next(), date.next(), date.next()) {
            (Some(y), Some(mo), Some(d)) => (num(y)?, num(mo)?, num(d)?),
            _ => return Err(bad()),
        };
        let (hms, fraction) = time.split_once('.').unwrap_or((time, ""));
        let mut hms = hms.splitn(3, ':');
        let (h, mi, sec) = match (hms.next(), hms.next(), hms.next()) {
            (Some(h), Some(mi), Some(sec)) => (num(h)?, num(mi)?, num(sec)?),
            _ => return Err(bad()),
        };
        if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || sec > 60 {
            return Err(bad());
        }
        if !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let ms = format!("{:0<3}", &fraction[..fraction.len().min(3)]);
        let days = days_from_civil(i64::from(y), mo, d);
        let secs = days * 86_400 + i64::from(h * 3600 + mi * 60 + sec);
        let millis = u64::try_from(secs).map_err(|_| bad())? * 1000 + u64::from(num(&ms)?);
        Ok(UnixMillis(millis))
    }
}

impl Serialize for UnixMillis {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for UnixMillis {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::UnixMillis;

    #[test]
    fn moments_are_written_as_rfc_3339_in_utc() {
        assert_eq!(UnixMillis(0).to_string(), "1970-01-01T00:00:00Z");
        assert_eq!(
            UnixMillis(1_795_771_800_250).to_string(),
            "2026-11-27T09:30:00.250Z"
        );
        assert_eq!(
            UnixMillis(951_782_400_000).to_string(),
            "2000-02-29T00:00:00Z"
        );
    }

    #[test]
    fn moments_read_back_what_they_write() {
        for ms in [
            0,
            1,
            999,
            951_782_400_000,
            1_795_771_800_250,
            4_102_444_799_999,
        ] {
            let m = UnixMillis(ms);
            assert_eq!(m.to_string().parse::<UnixMillis>(), Ok(m));
        }
        assert_eq!(
            "2026-11-27T09:30:00.250123+00:00".parse::<UnixMillis>(),
            Ok(UnixMillis(1_795_771_800_250))
        );
        assert!("2026-11-27 09:30:00".parse::<UnixMillis>().is_err());
    }
}
