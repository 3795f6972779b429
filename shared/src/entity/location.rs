//! The stored location document (1-locations §3.1) as a type. Every crate
//! reads a location through it; only the locations area edits it field by
//! field (its attribute table maps flat names onto these paths).
//!
//! Each level keeps the attributes it does not name in `other`, so a
//! read-modify-write never drops a stored field, and a projected read (only
//! some attributes) deserialises too: every named field is optional.
use super::ids::LocationId;
use crate::fridge_time::FridgeZone;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Generates one level of the stored document: each named attribute is an
/// `Option` (a projected read has only what it asked for), skipped when
/// unset, and what the level does not name is kept in `other`.
macro_rules! level {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($(#[$fmeta])* #[serde(default, skip_serializing_if = "Option::is_none")] pub $field: Option<$ty>,)*
            #[serde(flatten)]
            pub other: Map<String, Value>,
        }
    };
}

/// Day name -> 1 when the fridge is stocked that day, 0 when not.
pub type StockingSchedule = BTreeMap<String, i64>;
/// Day name -> its opening spans, `[from, to]` as `HH:MM` (none: closed).
pub type WorkHours = BTreeMap<String, Vec<(String, String)>>;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub id: LocationId,
    /// FRIDGE or a wholesale kind (`type` in the store).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation_configs: Option<OperationConfigs>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location_configs: Option<LocationConfigs>,
    /// Attribute -> the reason given for its last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub update_reason: Option<BTreeMap<String, String>>,
    /// Bumped by every update; the condition of the next one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,
    /// When and by whom the last write was made (every write sets both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_modified_by: Option<String>,
    /// Set once, by the create.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

level!(Status {
    /// LIVE, OFFLINE or DEAD.
    ops: String,
    /// LIVE or OFFLINE, as the public app shows it.
    public: String,
});

level!(OperationConfigs {
    route: String,
    stop: i64,
    fulfillment_center: String,
    routing_tag: String,
    park_to_fridge_instructions: String,
    address: Address,
    directions: String,
    /// 1 once the fridge is allocated for stocking (a change needs a reason).
    prod: i64,
    stocking_schedule: StockingSchedule,
    account_tier: String,
    opportunity_name: String,
});

level!(Address { street: String, city: String, state: String, zip_code: String });

level!(LocationConfigs {
    pretty_name: String,
    items: Items,
    coordinates: Coordinates,
    access_to: String,
    apriva_device_address: String,
    covid19: i64,
    fridge_model: String,
    hostname: String,
    fridge_schema: String,
    /// The hours editor's summary, e.g. "24 Hours".
    hours: String,
    work_hours: WorkHours,
    holiday: Holiday,
    ip: String,
    activation: Activation,
    payment_gateway: String,
    percentage: f64,
    reserve: i64,
    serial_port: String,
    tax_rate: f64,
    vertical: String,
    base_commission: f64,
});

level!(
    /// The holiday screen: on or off (1/0), fridge-specific or not, and its dates.
    Holiday {
        enabled: i64,
        specific: i64,
        start_date: String,
        end_date: String,
    }
);

level!(Activation {
    /// The date the fridge went, or goes, online.
    online: String,
});

level!(
    /// Where a fridge stands. Kept as stored (a number, or the text a form
    /// sent), so a read-modify-write never changes it; read through `lat_lng`.
    Coordinates {
        latitude: Value,
        longitude: Value,
    }
);

impl Coordinates {
    /// (latitude, longitude) when both are numbers (or numeric text).
    pub fn lat_lng(&self) -> Option<(f64, f64)> {
        Some((number(self.latitude.as_ref())?, number(self.longitude.as_ref())?))
    }
}

/// A coordinate as a number: stored as one, or as numeric text.
pub fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
        _ => None,
    }
}

level!(
    /// What a fridge sells: its planogram layout and its price tier.
    Items {
        layout: String,
        price_tier: String,
    }
);

/// The fridge type every location has unless told otherwise.
pub const FRIDGE: &str = "FRIDGE";
/// The type of a location that is no fridge of the fleet: the smoke test's
/// (scripts/smoke.sh), which sends it heartbeats. The fleet's health views and
/// the reports leave it out (docs/decisions/testing-and-ci.md, "The smoke test's location").
pub const TEST: &str = "TEST";

/// Each level of the document, read (`None` when the stored item lacks it)
/// and written (made when missing, so a nested write always finds its parent).
impl Location {
    pub fn top(&self) -> Option<&Self> {
        Some(self)
    }
    pub fn top_mut(&mut self) -> &mut Self {
        self
    }
    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }
    pub fn status_mut(&mut self) -> &mut Status {
        self.status.get_or_insert_with(Default::default)
    }
    pub fn ops(&self) -> Option<&OperationConfigs> {
        self.operation_configs.as_ref()
    }
    pub fn ops_mut(&mut self) -> &mut OperationConfigs {
        self.operation_configs.get_or_insert_with(Default::default)
    }
    pub fn address(&self) -> Option<&Address> {
        self.ops()?.address.as_ref()
    }
    pub fn address_mut(&mut self) -> &mut Address {
        self.ops_mut().address.get_or_insert_with(Default::default)
    }
    pub fn configs(&self) -> Option<&LocationConfigs> {
        self.location_configs.as_ref()
    }
    pub fn configs_mut(&mut self) -> &mut LocationConfigs {
        self.location_configs.get_or_insert_with(Default::default)
    }
    pub fn items(&self) -> Option<&Items> {
        self.configs()?.items.as_ref()
    }
    pub fn items_mut(&mut self) -> &mut Items {
        self.configs_mut().items.get_or_insert_with(Default::default)
    }
    pub fn coordinates(&self) -> Option<&Coordinates> {
        self.configs()?.coordinates.as_ref()
    }
    pub fn coordinates_mut(&mut self) -> &mut Coordinates {
        self.configs_mut().coordinates.get_or_insert_with(Default::default)
    }
    pub fn holiday(&self) -> Option<&Holiday> {
        self.configs()?.holiday.as_ref()
    }
    pub fn holiday_mut(&mut self) -> &mut Holiday {
        self.configs_mut().holiday.get_or_insert_with(Default::default)
    }
    pub fn activation(&self) -> Option<&Activation> {
        self.configs()?.activation.as_ref()
    }
    pub fn activation_mut(&mut self) -> &mut Activation {
        self.configs_mut().activation.get_or_insert_with(Default::default)
    }
}

impl Location {
    /// `type`, FRIDGE when missing.
    pub fn kind(&self) -> &str {
        self.kind.as_deref().unwrap_or(FRIDGE)
    }

    /// A test location (type TEST): left out of the fleet's health views and the reports.
    pub fn is_test(&self) -> bool {
        self.kind() == TEST
    }

    /// The ops status (LIVE, OFFLINE, DEAD), if any.
    pub fn ops_status(&self) -> Option<&str> {
        self.status()?.ops.as_deref()
    }

    pub fn is_dead(&self) -> bool {
        self.ops_status() == Some("DEAD")
    }

    pub fn zone(&self) -> FridgeZone {
        FridgeZone::of(self.time_zone.as_deref())
    }

    /// The route the location is stocked on; `None` when unset or blank.
    pub fn route(&self) -> Option<&str> {
        self.ops()?.route.as_deref().filter(|r| !r.trim().is_empty())
    }

    pub fn stop(&self) -> Option<i64> {
        self.ops()?.stop
    }

    /// The fulfillment center that stocks it; `None` when unset or blank.
    pub fn fulfillment_center(&self) -> Option<&str> {
        self.ops()?.fulfillment_center.as_deref().map(str::trim).filter(|c| !c.is_empty())
    }

    /// Where it stands, when both coordinates are numbers.
    pub fn lat_lng(&self) -> Option<(f64, f64)> {
        self.coordinates()?.lat_lng()
    }

    pub fn layout(&self) -> Option<&str> {
        self.items()?.layout.as_deref()
    }

    pub fn price_tier(&self) -> Option<&str> {
        self.items()?.price_tier.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;
    use serde_json::json;

    fn stored() -> Value {
        json!({
            "id": "CHI_001", "type": "FRIDGE", "timeZone": "DENVER", "version": 7, "lastModified": "2026-11-23T12:00:00.000Z",
            "lastModifiedBy": "ops@x.co", "createdAt": "2026-01-02T03:04:05.000Z",
            "status": { "ops": "LIVE", "public": "OFFLINE", "since": "x" },
            "operationConfigs": { "route": "R1", "stop": 3, "address": { "street": "1 Main", "city": "Chicago" },
                                  "stockingSchedule": { "Monday": 1 }, "fulfillmentCenter": "CHI",
                                  "routingTag": "T", "parkToFridgeInstructions": "rear door" },
            "locationConfigs": { "prettyName": "Lobby", "items": { "layout": "L1", "priceTier": "T1", "extra": [1, 2] },
                                 "coordinates": { "latitude": 41.8, "longitude": -87.6 }, "ip": "10.0.0.1" },
            "updateReason": { "route": "moved" }
        })
    }

    #[test]
    fn only_the_test_type_is_a_test_location() {
        let of = |v: Value| serde_json::from_value::<Location>(v).unwrap();
        assert!(of(json!({ "id": "SMOKE_TEST", "type": "TEST" })).is_test());
        assert!(!of(json!({ "id": "A", "type": "FRIDGE" })).is_test());
        assert!(!of(json!({ "id": "A" })).is_test(), "no type is a fridge");
        assert!(!of(json!({ "id": "W", "type": "WHOLESALE" })).is_test());
        assert!(!of(json!({ "id": "A", "type": "test" })).is_test(), "the type as stored, upper case");
    }

    #[test]
    fn a_round_trip_keeps_every_stored_field() {
        let location: Location = serde_json::from_value(stored()).unwrap();
        assert_eq!(serde_json::to_value(&location).unwrap(), stored());
        assert_eq!((location.fulfillment_center(), location.lat_lng()), (Some("CHI"), Some((41.8, -87.6))));
        // Through the DynamoDB item form too, as the store reads and writes it.
        let again: Location = store::from_item(store::to_item(&location).unwrap()).unwrap();
        assert_eq!(serde_json::to_value(again).unwrap(), stored());
    }

    #[test]
    fn named_fields_read_through_the_type() {
        let l: Location = serde_json::from_value(stored()).unwrap();
        assert_eq!(
            (l.id.as_str(), l.kind(), l.ops_status(), l.route(), l.stop()),
            ("CHI_001", "FRIDGE", Some("LIVE"), Some("R1"), Some(3))
        );
        assert_eq!((l.layout(), l.price_tier(), l.zone().label, l.is_dead()), (Some("L1"), Some("T1"), "MT", false));
        assert_eq!(
            (l.version, l.last_modified.as_deref(), l.last_modified_by.as_deref(), l.created_at.as_deref()),
            (Some(7), Some("2026-11-23T12:00:00.000Z"), Some("ops@x.co"), Some("2026-01-02T03:04:05.000Z"))
        );
        assert!(!l.other.contains_key("lastModified"), "a named field is not kept twice");
    }

    #[test]
    fn a_projected_read_has_only_what_it_asked_for() {
        let l: Location = serde_json::from_value(json!({ "id": "A", "operationConfigs": { "route": " " } })).unwrap();
        assert_eq!((l.kind(), l.route(), l.ops_status(), l.zone().code), ("FRIDGE", None, None, "CHICAGO"));
        assert_eq!(serde_json::to_value(&l).unwrap(), json!({ "id": "A", "operationConfigs": { "route": " " } }));
    }
}
