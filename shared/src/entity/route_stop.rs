//! A stop of a route on a stocking day (2-fleet §3 location route), as the
//! route schedule upload writes it and the stocking day reads it.
//!
//! Keys (table LocationRoutes, issue 26): pk `dateShard` = `{stockingDate}#{shard
//! of the route}`, sk `routeStop`. A route upload's writes spread over
//! `shard::SHARDS` partitions, and one route (its stops and its version item)
//! stays in one, where its replacement's transaction checks it whole. The pk
//! is derived from the stop when it is serialised, so no writer can put a
//! stop under another partition; a date's stops are read from every shard,
//! merged in `routeStop` order.
use crate::shard;
use serde::{Deserialize, Serialize, Serializer};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
/// Serialised with its partition key (`PK`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
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
    /// The Cognito sub of the driver whose LocationStocked set `stocked_time_utc`:
    /// the door opens after stocking only for them (issue 59).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stocked_by: Option<String>,
}

/// A route's version item on a date shares the stops' partition under this
/// sort-key prefix (`#version#r12`), so every read of a date's stops leaves it out.
pub const VERSION_PREFIX: &str = "#version#";

pub fn version_key(route: &str) -> String {
    format!("{VERSION_PREFIX}{route}")
}

/// A route's driver on a date (`entity::assignment`) shares the stops'
/// partition under this sort-key prefix (`#driver#r12`).
pub const DRIVER_PREFIX: &str = "#driver#";

pub fn driver_key(route: &str) -> String {
    format!("{DRIVER_PREFIX}{route}")
}

/// The partition and sort key attributes.
pub const PK: &str = "dateShard";
pub const SK: &str = "routeStop";

/// The partition of a route's stops and version on a date.
pub fn partition(date: &str, route: &str) -> String {
    shard::key(date, route)
}

/// The route a sort key belongs to (`r1#0007`, or `#version#r1`). A route
/// cannot contain '#' (the upload refuses it).
pub fn route_of(sort_key: &str) -> &str {
    match sort_key.strip_prefix(VERSION_PREFIX).or_else(|| sort_key.strip_prefix(DRIVER_PREFIX)) {
        Some(route) => route,
        None => sort_key.rsplit_once('#').map_or(sort_key, |(route, _)| route),
    }
}

/// Items about a route that are not stops (its version, its driver) have a
/// sort key starting with '#', which no route can contain.
pub const META_PREFIX: &str = "#";

/// A route's version item as the schedule upload writes it: its number
/// changes in the transaction that changes the route's stops.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredVersion {
    pub route_stop: String,
    pub version: u64,
}

impl StoredVersion {
    pub fn route(&self) -> &str {
        route_of(&self.route_stop)
    }
}

impl Serialize for StoredStop {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        struct Keyed<'a> {
            date_shard: String,
            #[serde(flatten)]
            stop: &'a RouteStop,
            route_stop: &'a str,
            upload: &'a Option<String>,
            #[serde(rename = "stockedTimeUTC", skip_serializing_if = "Option::is_none")]
            stocked_time_utc: &'a Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            stocked_by: &'a Option<String>,
        }
        Keyed {
            date_shard: partition(&self.stop.stocking_date, route_of(&self.route_stop)),
            stop: &self.stop,
            route_stop: &self.route_stop,
            upload: &self.upload,
            stocked_time_utc: &self.stocked_time_utc,
            stocked_by: &self.stocked_by,
        }
        .serialize(serializer)
    }
}

/// `route#0007`: stops sort by number within a route.
pub fn sort_key(route: &str, stop: i64) -> String {
    format!("{route}#{stop:04}")
}

/// A route name as the route uploads accept it (`RouteName`). `Err` is the reason.
pub fn route_name(raw: &str) -> Result<String, String> {
    super::ids::RouteName::parse("route", raw).map(|r| r.as_str().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item;
    use crate::route_store::stop_key as key;
    use proptest::prelude::*;

    fn stop(route: &str, n: i64) -> StoredStop {
        StoredStop {
            stop: RouteStop {
                stocking_date: "2026-11-25".into(),
                market: "MW".into(),
                id: "CHI_1".into(),
                route: route.into(),
                stop: n,
                stocking_index: 1,
                stop_type: "DELIVERY".into(),
            },
            route_stop: sort_key(route, n),
            upload: None,
            stocked_time_utc: None,
            stocked_by: None,
        }
    }

    #[test]
    fn a_stop_is_stored_under_its_routes_shard_and_reads_back() {
        let item = item::to_item(&stop("r12", 7)).unwrap();
        let key = key("2026-11-25", "r12#0007");
        assert_eq!(item[PK], key[PK]);
        assert_eq!(item[SK], key[SK]);
        let back: StoredStop = item::from_item(item).unwrap();
        assert_eq!((back.stop, back.route_stop), (stop("r12", 7).stop, "r12#0007".to_string()));
    }

    #[test]
    fn a_routes_version_shares_its_stops_partition() {
        assert_eq!(key("2026-11-25", &version_key("r12"))[PK], key("2026-11-25", &sort_key("r12", 1))[PK]);
    }

    proptest! {
        #[test]
        fn every_sort_key_names_its_route(route in "[A-Za-z0-9 _-]{1,20}", n in 0i64..10_000) {
            let (stop, version, driver) = (sort_key(&route, n), version_key(&route), driver_key(&route));
            prop_assert_eq!(route_of(&stop), route.as_str());
            prop_assert_eq!(route_of(&version), route.as_str());
            prop_assert_eq!(route_of(&driver), route.as_str());
        }
    }
}
