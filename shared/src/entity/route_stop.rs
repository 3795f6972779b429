//! A stop of a route on a stocking day (2-fleet §3 location route), as the
//! route schedule upload writes it and the stocking day reads it.
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
}

/// `route#0007`: stops sort by number within a route.
pub fn sort_key(route: &str, stop: i64) -> String {
    format!("{route}#{stop:04}")
}
