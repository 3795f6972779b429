//! Who drives which route on which stocking day (issue 38): one driver (a
//! Cognito user) per (stocking date, route). The office sets it on the View
//! Routes screen or by a CSV upload; a driver whose first stop-bound action
//! of the day is on an unassigned route claims it. Every rule about "the
//! caller's route" (driver actions, fridge doors) reads it through
//! `crate::assignment`.
//!
//! Keys: table LocationRoutes, in the route's own partition on that date
//! (`route_stop::partition`), sort key `#driver#{route}`: a date's readers of
//! stops leave it out (`route_stop::META_PREFIX`), and one route's stops,
//! version and driver stay in one partition.
use super::route_stop::{self, driver_key};
use serde::{Deserialize, Serialize, Serializer};

/// How an assignment was made: shown in the history and on the route card.
pub const SOURCE_SCREEN: &str = "screen";
pub const SOURCE_UPLOAD: &str = "upload";
/// The driver's own first stop-bound action on an unassigned route.
pub const SOURCE_CLAIM: &str = "claim";

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverAssignment {
    pub stocking_date: String,
    pub route: String,
    /// The driver's Cognito `sub`: what every check compares with the caller.
    pub driver_sub: String,
    /// Shown; an e-mail can change, the sub cannot.
    pub driver_email: String,
    /// The driver's name when they have one (people are shown by name, with
    /// the e-mail beside it); None for a user without one, or stored before.
    #[serde(default)]
    pub driver_name: Option<String>,
    pub assigned_by: String,
    pub assigned_at: String,
    pub source: String,
    /// 1 when first set, one more on each change: a change names the version it read.
    pub version: u64,
    /// A claim's first action, in words ("LocationStocked at CHI_1"): what the
    /// Needs-attention panel's "route claimed" item shows. None for the office's.
    #[serde(default)]
    pub first_action: Option<String>,
}

/// Stored with its keys, derived from the date and route so no writer can
/// put it under another partition.
impl Serialize for DriverAssignment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        struct Keyed<'a> {
            date_shard: String,
            route_stop: String,
            stocking_date: &'a str,
            route: &'a str,
            driver_sub: &'a str,
            driver_email: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            driver_name: &'a Option<String>,
            assigned_by: &'a str,
            assigned_at: &'a str,
            source: &'a str,
            version: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            first_action: &'a Option<String>,
        }
        Keyed {
            date_shard: route_stop::partition(&self.stocking_date, &self.route),
            route_stop: driver_key(&self.route),
            stocking_date: &self.stocking_date,
            route: &self.route,
            driver_sub: &self.driver_sub,
            driver_email: &self.driver_email,
            driver_name: &self.driver_name,
            assigned_by: &self.assigned_by,
            assigned_at: &self.assigned_at,
            source: &self.source,
            version: self.version,
            first_action: &self.first_action,
        }
        .serialize(serializer)
    }
}

/// A driver's claim of a stocking day (issue 59): one per (driver, day),
/// written with `attribute_not_exists` in the claim's own transaction, so two
/// claims at once cannot both land. It stays when the office later clears or
/// reassigns the route: a driver's second route that day comes from the office.
///
/// Keys: LocationRoutes, pk `route_stop::partition(date, sub)`, sk
/// `#claimed#{sub}` (a meta item: stop readers leave it out, no `id`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimMarker {
    pub stocking_date: String,
    pub driver_sub: String,
    pub route: String,
    pub at: String,
}

pub const CLAIM_PREFIX: &str = "#claimed#";

impl ClaimMarker {
    /// The marker's partition and sort key values.
    pub fn key_of(date: &str, sub: &str) -> (String, String) {
        (route_stop::partition(date, sub), format!("{CLAIM_PREFIX}{sub}"))
    }
}

impl Serialize for ClaimMarker {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Keyed<'a> {
            date_shard: String,
            route_stop: String,
            stocking_date: &'a str,
            driver_sub: &'a str,
            route: &'a str,
            at: &'a str,
        }
        let (date_shard, route_stop) = ClaimMarker::key_of(&self.stocking_date, &self.driver_sub);
        Keyed {
            date_shard,
            route_stop,
            stocking_date: &self.stocking_date,
            driver_sub: &self.driver_sub,
            route: &self.route,
            at: &self.at,
        }
        .serialize(serializer)
    }
}

/// The office's settings of route assignments (issue 59): whether drivers may
/// claim a route without a driver. One item, on until the office turns it off.
///
/// Keys: LocationRoutes, pk `SETTINGS_PK`, sk `SETTINGS_SK`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteSettings {
    pub claims_allowed: bool,
    /// 0 until first changed (nothing stored), one more on each change.
    pub version: u64,
    #[serde(default)]
    pub changed_by: Option<String>,
    #[serde(default)]
    pub changed_at: Option<String>,
}

pub const SETTINGS_PK: &str = "#settings";
pub const SETTINGS_SK: &str = "#settings#routes";

impl Default for RouteSettings {
    /// On by default, so a small operation needs no set-up.
    fn default() -> Self {
        RouteSettings { claims_allowed: true, version: 0, changed_by: None, changed_at: None }
    }
}

impl Serialize for RouteSettings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Keyed<'a> {
            date_shard: &'static str,
            route_stop: &'static str,
            claims_allowed: bool,
            version: u64,
            changed_by: &'a Option<String>,
            changed_at: &'a Option<String>,
        }
        Keyed {
            date_shard: SETTINGS_PK,
            route_stop: SETTINGS_SK,
            claims_allowed: self.claims_allowed,
            version: self.version,
            changed_by: &self.changed_by,
            changed_at: &self.changed_at,
        }
        .serialize(serializer)
    }
}

/// The history entity of the route settings.
pub fn settings_entity() -> String {
    super::history_entity("route-settings", "claims")
}

/// The history entity of a route's driver on a date.
pub fn history_entity(date: &str, route: &str) -> String {
    super::history_entity("route-driver", &format!("{date}#{route}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item;
    use route_stop::{PK, SK};

    fn assignment() -> DriverAssignment {
        DriverAssignment {
            stocking_date: "2026-11-25".into(),
            route: "r12".into(),
            driver_sub: "sub-1".into(),
            driver_email: "driver1@fleet.local".into(),
            driver_name: None,
            assigned_by: "ops@fleet.local".into(),
            assigned_at: "2026-11-24T15:00:00.000Z".into(),
            source: SOURCE_SCREEN.into(),
            version: 1,
            first_action: None,
        }
    }

    #[test]
    fn a_driver_is_stored_in_its_routes_partition_and_reads_back() {
        let a = assignment();
        let stored = item::to_item(&a).unwrap();
        let stop_key = crate::route_store::stop_key("2026-11-25", &route_stop::sort_key("r12", 1));
        assert_eq!(stored[PK], stop_key[PK], "one route's stops and driver share a partition");
        assert_eq!(stored[SK], crate::route_store::driver_item_key(&a.stocking_date, &a.route)[SK]);
        assert!(item::from_item::<DriverAssignment>(stored.clone()).unwrap() == a);
        assert!(
            item::from_item::<route_stop::StoredStop>(stored).is_err(),
            "it would not read as a stop, so stop readers must leave it out"
        );
    }
}
