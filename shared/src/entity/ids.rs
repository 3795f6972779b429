//! Newtypes that parse at the boundary: once a value has one of these
//! types, it has passed its rule, and code past the boundary does not check
//! again.
use crate::{contract::FIELD, dates, error::ApiError, limits};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A location id: non-empty (after trimming), at most 64 characters. The
/// create rule for its characters is the locations area's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct LocationId(String);

/// Read through its rule wherever it is read: a request, a queue message
/// (whose parking reason names the field) and a stored record alike.
impl<'de> Deserialize<'de> for LocationId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = d.deserialize_any(IdText)?;
        LocationId::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// An optional filter value: absent, null or blank text is no filter; any
/// other value is read through its type's rule (`T`).
pub fn blank_is_none<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    match Option::<serde_json::Value>::deserialize(d)? {
        None => Ok(None),
        Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(value) => serde_json::from_value(value).map(Some).map_err(serde::de::Error::custom),
    }
}

/// An id as text: a string, or a number or flag read as its text (as the
/// location attributes are: `1`, `0` for flags); null reads as empty, which
/// the id's own rule refuses with its message.
struct IdText;

impl serde::de::Visitor<'_> for IdText {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an id")
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<String, E> {
        Ok(v)
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<String, E> {
        Ok(v.to_string())
    }
    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<String, E> {
        Ok(if v { "1" } else { "0" }.to_string())
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<String, E> {
        Ok(String::new())
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<String, E> {
        Ok(String::new())
    }
}

impl LocationId {
    /// `field` names the input in the error ("id", "location id", ...).
    /// Surrounding blanks are dropped.
    pub fn parse(field: &str, raw: &str) -> Result<LocationId, ApiError> {
        let id = raw.trim();
        if id.is_empty() {
            return Err(ApiError::bad_request(format!("{field} cannot be empty")));
        }
        limits::check_len(field, id, limits::MAX_ID_CHARS)?;
        Ok(LocationId(id.to_string()))
    }

    /// An id the store already holds (it passed `parse` when written).
    pub fn stored(id: impl Into<String>) -> LocationId {
        LocationId(id.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for LocationId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for LocationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An upload's id: 1 to 64 letters, digits and dashes (the browser makes a
/// UUID). It keys the upload's records, so its alphabet is kept narrow.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct UploadId(String);

impl UploadId {
    pub fn parse(raw: &str) -> Result<UploadId, ApiError> {
        Self::parse_named("uploadId", raw)
    }

    /// `field` names the input in the error.
    pub fn parse_named(field: &str, raw: &str) -> Result<UploadId, ApiError> {
        limits::check_len(field, raw, limits::MAX_ID_CHARS)?;
        if raw.is_empty() || !raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(ApiError::bad_request(format!("{field} must be letters, digits and dashes")));
        }
        Ok(UploadId(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for UploadId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        UploadId::parse_named(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// Read as text wherever text is taken (a key, a record): it passed its rule when parsed.
impl std::ops::Deref for UploadId {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UploadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Ids a caller sends as text, each trimmed, not empty and at most `max`
/// characters: one definition for each such id.
macro_rules! bounded_id {
    ($($(#[$meta:meta])* $name:ident, max $max:expr;)*) => {$(
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// `field` names the input in the error.
            pub fn parse(field: &str, raw: &str) -> Result<$name, ApiError> {
                let id = raw.trim();
                if id.is_empty() {
                    return Err(ApiError::bad_request(format!("{field} cannot be empty")));
                }
                limits::check_len(field, id, $max)?;
                Ok($name(id.to_string()))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let raw = String::deserialize(d)?;
                $name::parse(FIELD, &raw).map_err(serde::de::Error::custom)
            }
        }

        /// Read as text wherever text is taken (a key, a record): it passed its rule when parsed.
        impl std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    )*};
}

bounded_id! {
    /// A call's request id, which its retry sends again (the idempotency
    /// record's key): not empty and at most 64 characters, surrounding blanks dropped.
    RequestId, max limits::MAX_ID_CHARS;
    /// The id of a recorded driver action, as a correction names it.
    ActionId, max limits::MAX_ID_CHARS;
    /// A packing slip's id, as the order system sends it (its ids run to 128 characters).
    PackingSlipId, max limits::MAX_ORDER_ID_CHARS;
    /// A fridge command's queue message id, as the command table keeps it.
    MessageId, max limits::MAX_ID_CHARS;
}

/// A stocking (or drop-off) day, `YYYY-MM-DD`: the partition key of a
/// day's routes and orders, so it is written back exactly in that form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StockingDate(NaiveDate);

impl StockingDate {
    /// A date as stored or computed: `YYYY-MM-DD` with exactly ten characters, or none.
    pub fn of(text: &str) -> Option<StockingDate> {
        dates::iso_date_exact(text).map(StockingDate)
    }

    /// A date a person or a file wrote in the ISO order, where a one-digit
    /// month or day is taken too (`2026-3-5`); written back as `YYYY-MM-DD`.
    pub fn read_loose(text: &str) -> Option<StockingDate> {
        dates::iso_date(text).map(StockingDate)
    }

    /// `field` names the input in the error.
    pub fn parse(field: &str, raw: &str) -> Result<StockingDate, ApiError> {
        dates::iso_date_exact(raw.trim())
            .map(StockingDate)
            .ok_or_else(|| ApiError::bad_request(format!("{field} must be a date (YYYY-MM-DD)")))
    }

    pub fn date(&self) -> NaiveDate {
        self.0
    }
}

impl From<NaiveDate> for StockingDate {
    fn from(d: NaiveDate) -> Self {
        StockingDate(d)
    }
}

impl fmt::Display for StockingDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

impl Serialize for StockingDate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for StockingDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        StockingDate::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// A stop's stocking index: which of a fridge's stockings that day, 1 to
/// `StockingIndex::MAX` (the pars rules' bound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct StockingIndex(i64);

impl StockingIndex {
    pub const MAX: i64 = 999;

    pub fn parse(field: &str, value: i64) -> Result<StockingIndex, String> {
        if (1..=Self::MAX).contains(&value) {
            Ok(StockingIndex(value))
        } else {
            Err(format!("{field} must be between 1 and {}", Self::MAX))
        }
    }

    pub fn get(&self) -> i64 {
        self.0
    }
}

impl<'de> Deserialize<'de> for StockingIndex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = i64::deserialize(d)?;
        StockingIndex::parse(FIELD, value).map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for StockingIndex {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "StockingIndex".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "integer", "format": "stocking-index", "minimum": 1, "maximum": StockingIndex::MAX })
    }
}

/// A date a person typed in the ISO order, where a one-digit month or day
/// is taken too (`2026-3-5`): the forecast's dates. Read as the stocking day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct LooseDate(StockingDate);

impl LooseDate {
    pub fn parse(field: &str, raw: &str) -> Result<LooseDate, String> {
        StockingDate::read_loose(raw.trim()).map(LooseDate).ok_or_else(|| format!("{field} must be YYYY-MM-DD"))
    }

    pub fn day(&self) -> StockingDate {
        self.0
    }
}

impl<'de> Deserialize<'de> for LooseDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        LooseDate::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// A stocking day as the packing tool names it in a path: `YYYYMMDD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CompactDate(StockingDate);

impl CompactDate {
    pub fn parse(field: &str, raw: &str) -> Result<CompactDate, String> {
        dates::compact_date(raw.trim())
            .map(|d| CompactDate(StockingDate(d)))
            .ok_or_else(|| format!("{field} must be YYYYMMDD"))
    }

    pub fn day(&self) -> StockingDate {
        self.0
    }
}

impl<'de> Deserialize<'de> for CompactDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        CompactDate::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// A date as the route screens and files take it: `YYYY-MM-DD`, or
/// `MM/DD/YYYY` as spreadsheets and the View Routes picker write it; read
/// as the stocking day it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct RouteDate(StockingDate);

impl RouteDate {
    /// `field` names the input in the error.
    pub fn parse(field: &str, raw: &str) -> Result<RouteDate, String> {
        let text = raw.trim();
        if text.is_empty() {
            return Err(format!("{field} cannot be empty"));
        }
        dates::iso_or_us_date(text)
            .map(|d| RouteDate(StockingDate(d)))
            .ok_or_else(|| format!("{field} '{}' is not a date (YYYY-MM-DD or MM/DD/YYYY)", limits::echoed(text)))
    }

    pub fn day(&self) -> StockingDate {
        self.0
    }
}

impl fmt::Display for RouteDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for RouteDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        RouteDate::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// A route's name: trimmed, not empty, no '#' (keys use it), at most
/// `limits::MAX_NAME_CHARS` characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct RouteName(String);

impl RouteName {
    /// `field` names the input in the error.
    pub fn parse(field: &str, raw: &str) -> Result<RouteName, String> {
        let route = raw.trim();
        if route.is_empty() {
            return Err(format!("{field} cannot be empty"));
        }
        if route.contains('#') {
            return Err(format!("{field} cannot contain '#'"));
        }
        if route.chars().count() > limits::MAX_NAME_CHARS {
            return Err(format!("{field} can be at most {} characters", limits::MAX_NAME_CHARS));
        }
        Ok(RouteName(route.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for RouteName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        RouteName::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// Read as text wherever text is taken (a key, a record): it passed its rule when parsed.
impl std::ops::Deref for RouteName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RouteName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A wall time with no zone, as a `datetime-local` field or a person writes
/// it (`YYYY-MM-DDTHH:MM[:SS]`); read in a fridge's zone later
/// (`FridgeZone::instant_of`), which knows the skipped hour. The text is kept for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallTime {
    text: String,
    at: chrono::NaiveDateTime,
}

impl WallTime {
    pub fn parse(field: &str, raw: &str) -> Result<WallTime, String> {
        dates::local_date_time(raw.trim())
            .map(|at| WallTime { text: raw.to_string(), at })
            .ok_or_else(|| format!("{field} {raw} is not a date and time (YYYY-MM-DDTHH:MM)"))
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn at(&self) -> chrono::NaiveDateTime {
        self.at
    }
}

impl Serialize for WallTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for WallTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        WallTime::parse(FIELD, &raw).map_err(serde::de::Error::custom)
    }
}

/// An instant a fridge reported, RFC 3339. The text is kept as sent: the
/// newest-wins condition compares stored texts, and the record shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FridgeTime {
    text: String,
    at: DateTime<Utc>,
}

impl FridgeTime {
    pub fn parse(text: &str) -> Option<FridgeTime> {
        dates::instant(text).map(|at| FridgeTime { text: text.to_string(), at })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn at(&self) -> DateTime<Utc> {
        self.at
    }
}

/// An instant the system itself recorded (a stream record's time), written
/// as records store instants (`fridge_time::stamp`).
impl From<DateTime<Utc>> for FridgeTime {
    fn from(at: DateTime<Utc>) -> Self {
        FridgeTime { text: crate::fridge_time::stamp(at), at }
    }
}

impl Serialize for FridgeTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for FridgeTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        FridgeTime::parse(raw.trim())
            .ok_or_else(|| serde::de::Error::custom(format!("{FIELD} must be a date and time with its offset")))
    }
}

/// The newtypes travel as strings: their shape for the contract's schemas.
/// `format` names the rule a value passed (the drift test tells a parsed
/// field from a plain `String` by it), and `tsType` the web's branded type
/// (web/src/lib/brands.ts), which only its parse function makes.
macro_rules! string_schema {
    (@brand $t:ident) => { Some(stringify!($t)) };
    (@brand $t:ident $why:literal) => { None::<&str> };
    ($($t:ident => $format:literal $(unbranded $why:literal)?),* $(,)?) => {$(
        impl schemars::JsonSchema for $t {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($t).into()
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let brand: Option<&str> = string_schema!(@brand $t $($why)?);
                let mut schema = schemars::json_schema!({ "type": "string", "format": $format });
                if let Some(brand) = brand {
                    schema.insert("tsType".into(), brand.into());
                }
                schema
            }
        }
    )*};
}
string_schema!(
    StockingDate => "date",
    FridgeTime => "date-time",
    UploadId => "upload-id",
    RequestId => "request-id",
    ActionId => "action-id",
    PackingSlipId => "packing-slip-id",
    MessageId => "message-id",
    LocationId => "location-id",
    RouteDate => "route-date",
    RouteName => "route-name",
    WallTime => "wall-time",
    // Plain text to the web, which sends what a person typed and shows the server's refusal.
    CompactDate => "compact-date" unbranded "a path's YYYYMMDD",
    LooseDate => "loose-date" unbranded "a typed date, one-digit month and day taken",
);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_newtype_refuses_what_its_rule_refuses() {
        assert_eq!(LocationId::parse("id", "  CHI_1 ").unwrap().as_str(), "CHI_1");
        assert_eq!(LocationId::parse("location id", " ").unwrap_err().to_string(), "location id cannot be empty");
        assert!(LocationId::parse("id", &"a".repeat(65)).is_err());
        assert_eq!(UploadId::parse("a b").unwrap_err().to_string(), "uploadId must be letters, digits and dashes");
        assert!(serde_json::from_str::<UploadId>("\"\"").is_err());
        assert_eq!(StockingDate::parse("date", "2026-11-23").unwrap().to_string(), "2026-11-23");
        assert_eq!(
            StockingDate::parse("date", "2026-1-5").unwrap_err().to_string(),
            "date must be a date (YYYY-MM-DD)"
        );
        let t = FridgeTime::parse("2026-11-23T02:30:00.500Z").unwrap();
        assert_eq!((t.text(), t.at().timestamp_millis()), ("2026-11-23T02:30:00.500Z", 1_795_401_000_500));
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-23T02:30:00.500Z\"");
        // The rest, each at its edges.
        assert_eq!(StockingIndex::parse("stockingIndex", 999).map(|i| i.get()), Ok(999));
        assert_eq!(StockingIndex::parse("stockingIndex", 0).unwrap_err(), "stockingIndex must be between 1 and 999");
        assert_eq!(RouteName::parse("route", "r#1").unwrap_err(), "route cannot contain '#'");
        assert_eq!(RouteDate::parse("stockingDate", "11/25/2026").unwrap().to_string(), "2026-11-25");
        assert_eq!(LooseDate::parse("date", "2026-3-5").unwrap().day().to_string(), "2026-03-05");
        assert_eq!(CompactDate::parse("date", "20260305").unwrap().day().to_string(), "2026-03-05");
        assert_eq!(CompactDate::parse("date", "2026-03-05").unwrap_err(), "date must be YYYYMMDD");
        assert_eq!(
            WallTime::parse("localDateTime", "2026-11-25 18:00").unwrap().at().to_string(),
            "2026-11-25 18:00:00"
        );
        assert!(WallTime::parse("localDateTime", "2026-11-25T18:00:60").is_err(), "no leap second");
        assert_eq!(
            PackingSlipId::parse("packingSlipId", &"s".repeat(129)).unwrap_err().to_string(),
            "packingSlipId must be at most 128 characters"
        );
        assert_eq!(MessageId::parse("messageId", " m-1 ").unwrap().as_str(), "m-1");
        assert!(MessageId::parse("messageId", &"m".repeat(65)).is_err());
        // An instant the system recorded is written as records store instants.
        let recorded = FridgeTime::from(t.at());
        assert_eq!((recorded.text(), recorded.at()), ("2026-11-23T02:30:00.500Z", t.at()));
        // A location id reads numbers and flags as their text, and null as empty (its rule refuses it).
        assert_eq!(serde_json::from_str::<LocationId>("17").unwrap().as_str(), "17");
        assert!(serde_json::from_str::<LocationId>("null").unwrap_err().to_string().contains("cannot be empty"));
    }

    proptest! {
        #[test]
        fn a_parsed_value_writes_back_what_parses_again(raw in "\\PC{0,70}") {
            if let Ok(id) = LocationId::parse("id", &raw) {
                prop_assert_eq!(LocationId::parse("id", id.as_str()).unwrap(), id);
            }
            if let Ok(d) = StockingDate::parse("date", &raw) {
                prop_assert_eq!(StockingDate::parse("date", &d.to_string()).unwrap(), d);
            }
            if let Ok(u) = UploadId::parse(&raw) {
                prop_assert_eq!(u.as_str(), raw.as_str());
            }
        }
    }
}
