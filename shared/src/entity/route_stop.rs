//! A stop of a route on a stocking day (2-fleet §3 location route), as the
//! route schedule upload writes it and the stocking day reads it.
use crate::deps::TableRef;
use crate::query::{Filter, Query};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteStop {
    pub stocking_date: String,
    pub market: String,
    /// The location id.
    pub id: String,
    pub route: String,
    pub stop: i64,
    pub stocking_index: i64,
    pub stop_type: String,
}

/// The stored item: the stop, its sort key and who wrote it from which upload.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredStop {
    #[serde(flatten)]
    pub stop: RouteStop,
    pub route_stop: String,
    #[serde(default)]
    pub upload: Option<String>,
    /// When a driver stocked the stop: the earliest LocationStocked action's
    /// `occurredAt` for this location and stocking index on this date (2-fleet §3).
    #[serde(default, rename = "stockedTimeUTC", skip_serializing_if = "Option::is_none")]
    pub stocked_time_utc: Option<String>,
}

/// A route's version item on a date shares the stops' partition under this
/// sort-key prefix (`#version#r12`), so every read of a date's stops leaves it out.
pub const VERSION_PREFIX: &str = "#version#";

pub fn version_key(route: &str) -> String {
    format!("{VERSION_PREFIX}{route}")
}

/// The query of a stocking date's stops, without the routes' version items
/// (which would not parse as stops).
pub fn stops_of_date<'a>(table: &TableRef<'a>, date: &str) -> Query<'a> {
    table.query("stockingDate", date).filter(Filter::NotBeginsWith("routeStop".into(), VERSION_PREFIX.into()))
}

/// `route#0007`: stops sort by number within a route.
pub fn sort_key(route: &str, stop: i64) -> String {
    format!("{route}#{stop:04}")
}
