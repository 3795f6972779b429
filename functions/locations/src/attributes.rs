//! The flat attribute names the screens, updates and scheduled changes use,
//! and where each lives in the stored location document (spec §3.2).
use fleet_shared::entity::{Location, LocationId};
use serde::Serialize;
use serde_json::{Map, Value};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Text,
    /// Must be one of these values.
    Choice(&'static [&'static str]),
    /// Must be one of a fetched name list (search-type field).
    Search(NameList),
    Int {
        min: i64,
        max: i64,
    },
    Float {
        min: f64,
        max: f64,
    },
    Date,
    Ip,
    /// Day name -> 0/1.
    Schedule,
    /// Written by the hours editor only.
    Hours,
    WorkHours,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameList {
    Layout,
    FridgeSchema,
    PriceMapTemplate,
}

#[derive(Clone, Copy, Debug)]
pub struct Attr {
    pub name: &'static str,
    pub path: &'static [&'static str],
    pub kind: Kind,
    /// Editable from the detail screen (and so schedulable).
    pub editable: bool,
    pub required: bool,
}

pub const LIVE_OFFLINE: &[&str] = &["LIVE", "OFFLINE"];
pub const STATUSES: &[&str] = &["LIVE", "OFFLINE", "DEAD"];
pub const TIME_ZONES: &[&str] = &["CHICAGO", "NEWYORK", "DENVER", "LOSANGELES", "INDIANAPOLIS"];
pub const VERTICALS: &[&str] = &[
    "Airport",
    "B&I",
    "Education",
    "Healthcare",
    "Marketing",
    "Office",
    "Other",
    "Retail",
    "Travel/Leisure",
    "Testing",
    "Residential Property",
];
pub const SERIAL_PORTS: &[&str] = &["ttyS0", "ttyS1", "ttyUSB0"];
pub const ACCESS: &[&str] = &["Private", "Public"];
/// The state options: the 48 contiguous states and DC (the only ones the
/// latitude/longitude ranges admit; see docs/decisions/locations.md).
pub const STATES: &[&str] = &[
    "AL", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD",
    "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI",
    "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
];
pub const DAYS: &[&str] = &["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const fn attr(name: &'static str, path: &'static [&'static str], kind: Kind, editable: bool, required: bool) -> Attr {
    Attr { name, path, kind, editable, required }
}

use Kind::*;
const LC: &str = "locationConfigs";
const OC: &str = "operationConfigs";

pub const ATTRS: &[Attr] = &[
    attr("type", &["type"], Text, false, true),
    attr("accessTo", &[LC, "accessTo"], Choice(ACCESS), true, true),
    attr("street", &[OC, "address", "street"], Text, true, true),
    attr("city", &[OC, "address", "city"], Text, true, true),
    attr("state", &[OC, "address", "state"], Choice(STATES), true, true),
    attr("zipCode", &[OC, "address", "zipCode"], Text, true, true),
    // Set only by generating one (a uniqueness registry backs it), never typed.
    attr("aprivaDeviceAddress", &[LC, "aprivaDeviceAddress"], Text, false, false),
    attr("covid19", &[LC, "covid19"], Int { min: 0, max: 1 }, true, false),
    attr("directions", &[OC, "directions"], Text, false, true),
    attr("fridgeModel", &[LC, "fridgeModel"], Text, false, false),
    attr("hostname", &[LC, "hostname"], Text, false, false),
    attr("fridgeSchema", &[LC, "fridgeSchema"], Search(NameList::FridgeSchema), true, true),
    attr("hours", &[LC, "hours"], Hours, true, false),
    attr("workHours", &[LC, "workHours"], WorkHours, true, false),
    attr("holidayScreenEnabled", &[LC, "holiday", "enabled"], Int { min: 0, max: 1 }, true, false),
    attr("holidayScreenFridgeSpecific", &[LC, "holiday", "specific"], Int { min: 0, max: 1 }, true, false),
    attr("holidayScreenStartDate", &[LC, "holiday", "startDate"], Date, true, false),
    attr("holidayScreenEndDate", &[LC, "holiday", "endDate"], Date, true, false),
    attr("ip", &[LC, "ip"], Ip, true, true),
    attr("latitude", &[LC, "coordinates", "latitude"], Float { min: 28.0, max: 49.0 }, true, true),
    attr("longitude", &[LC, "coordinates", "longitude"], Float { min: -128.0, max: -67.0 }, true, true),
    attr("layoutName", &[LC, "items", "layout"], Search(NameList::Layout), true, true),
    attr("onlineDate", &[LC, "activation", "online"], Date, true, true),
    attr("paymentGateway", &[LC, "paymentGateway"], Text, false, false),
    attr("percentage", &[LC, "percentage"], Float { min: 0.0, max: 100.0 }, true, false),
    attr("prettyName", &[LC, "prettyName"], Text, false, true),
    attr("priceMapTemplate", &[LC, "items", "priceTier"], Search(NameList::PriceMapTemplate), true, true),
    attr("prod", &[OC, "prod"], Int { min: 0, max: 1 }, true, false),
    attr("publicStatus", &["status", "public"], Choice(LIVE_OFFLINE), true, true),
    attr("reserve", &[LC, "reserve"], Int { min: 0, max: 1 }, true, false),
    attr("route", &[OC, "route"], Text, true, false),
    attr("stop", &[OC, "stop"], Int { min: 0, max: 1000 }, true, false),
    attr("serialPort", &[LC, "serialPort"], Choice(SERIAL_PORTS), true, false),
    attr("status", &["status", "ops"], Choice(STATUSES), true, true),
    attr("stockingSchedule", &[OC, "stockingSchedule"], Schedule, true, false),
    attr("taxRate", &[LC, "taxRate"], Float { min: 0.0, max: 30.0 }, true, true),
    attr("timeZone", &["timeZone"], Choice(TIME_ZONES), true, true),
    attr("vertical", &[LC, "vertical"], Choice(VERTICALS), true, true),
    attr("baseCommission", &[LC, "baseCommission"], Float { min: 0.0, max: f64::MAX }, true, false),
    // Operations fields used by other areas (routing, pars); maintained by those areas.
    attr("accountTier", &[OC, "accountTier"], Text, false, false),
    attr("fulfillmentCenter", &[OC, "fulfillmentCenter"], Text, false, false),
    attr("opportunityName", &[OC, "opportunityName"], Text, false, false),
    attr("routingTag", &[OC, "routingTag"], Text, false, false),
    attr("parkToFridgeInstructions", &[OC, "parkToFridgeInstructions"], Text, false, false),
];

/// The text of a value as typed: strings trimmed, numbers as written, and
/// booleans as the 1 and 0 the flags store.
pub fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "1" } else { "0" }.to_string()),
        _ => None,
    }
}

pub fn find(name: &str) -> Option<&'static Attr> {
    ATTRS.iter().find(|a| a.name == name)
}

/// Whether checking `name` needs the fetched name lists (a search-type field).
pub fn needs_options(name: &str) -> bool {
    find(name).is_some_and(|a| matches!(a.kind, Kind::Search(_)))
}

/// A new location's document: its id and the maps every stored location
/// has, so nested updates always find their parent.
pub fn skeleton(id: &LocationId) -> Value {
    serde_json::json!({
        "id": id,
        "status": {},
        "operationConfigs": { "address": {}, "stockingSchedule": {} },
        "locationConfigs": { "coordinates": {}, "holiday": {}, "items": {}, "activation": {}, "workHours": {} },
        "updateReason": {}
    })
}

/// The stored document of a location, for the rules that walk the table's paths.
pub fn doc(location: &Location) -> Value {
    serde_json::to_value(location).unwrap_or_default()
}

/// A location as the typed entity, from a document the rules built.
pub fn location(doc: Value) -> Result<Location, fleet_shared::ApiError> {
    serde_json::from_value(doc).map_err(fleet_shared::ApiError::internal)
}

/// Where the table keeps a flat attribute (every caller names one it has).
pub fn path_of(name: &str) -> &'static [&'static str] {
    find(name).map(|a| a.path).unwrap_or_else(|| panic!("{name} is not in the attribute table"))
}

/// The stored value of a flat attribute (the table gives its path).
pub fn stored<'a>(doc: &'a Value, name: &str) -> Option<&'a Value> {
    get_path(doc, find(name)?.path)
}

pub fn get_path<'a>(doc: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(doc, |v, k| v.get(k))
}

pub fn get_path_mut<'a>(doc: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    path.iter().try_fold(doc, |v, k| v.get_mut(*k))
}

pub fn set_path(doc: &mut Value, path: &[&str], value: Value) {
    let mut cur = doc;
    for k in &path[..path.len() - 1] {
        if !cur.get(k).is_some_and(Value::is_object) {
            cur[*k] = Value::Object(Map::new());
        }
        cur = cur.get_mut(*k).expect("just ensured");
    }
    cur[path[path.len() - 1]] = value;
}

/// The top-level document attributes that `flatten` needs for these flat
/// fields, with the id: what a list reads. `None` when a field is not one
/// `flatten` knows (read everything).
pub fn projection(fields: &[&str]) -> Option<Vec<&'static str>> {
    let mut tops: Vec<&'static str> = vec!["id"];
    for f in fields {
        let top = match *f {
            "id" | "__typename" => continue,
            "lastModified" => "lastModified",
            "lastModifiedBy" => "lastModifiedBy",
            "version" => "version",
            name => find(name)?.path.first()?,
        };
        if !tops.contains(&top) {
            tops.push(top);
        }
    }
    Some(tops)
}

/// The flat view of a location, as the `Location` GraphQL type: every
/// attribute of the table the location has, under its flat name and as
/// stored (AWSJSON ones as JSON text, which AppSync passes through
/// unchanged), the bookkeeping fields and the fridge's zone.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationView {
    pub id: String,
    /// `type`, FRIDGE when the stored item has none (`Location::kind`): the
    /// schema's `String!`, so one old item cannot fail a whole page.
    #[serde(rename = "type")]
    pub kind: String,
    /// Flat attribute name -> value (the table above decides both).
    #[serde(flatten)]
    pub attributes: Map<String, Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_modified_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,
    pub time_zone_label: &'static str,
    pub time_zone_iana: &'static str,
    /// AWSJSON: attribute -> reason of its last change.
    pub update_reason: String,
}

impl LocationView {
    pub fn of(location: &Location) -> Self {
        Self::of_doc(&doc(location))
    }

    /// The view of a stored document (a new location, before it is stored).
    pub fn of_doc(doc: &Value) -> Self {
        let mut attributes = Map::new();
        for a in ATTRS {
            if let Some(v) = get_path(doc, a.path) {
                let v = match a.kind {
                    Kind::Schedule | Kind::WorkHours => Value::String(v.to_string()),
                    _ => v.clone(),
                };
                attributes.insert(a.name.into(), v);
            }
        }
        let top = |key: &str| get_path(doc, &[key]);
        let text = |key: &str| top(key).and_then(Value::as_str).map(str::to_string);
        let zone = fleet_shared::fridge_time::FridgeZone::of(top("timeZone").and_then(Value::as_str));
        attributes.remove("type");
        LocationView {
            id: text("id").unwrap_or_default(),
            kind: text("type").unwrap_or_else(|| fleet_shared::entity::location::FRIDGE.to_string()),
            attributes,
            last_modified: text("lastModified"),
            last_modified_by: text("lastModifiedBy"),
            version: top("version").and_then(Value::as_i64),
            time_zone_label: zone.label,
            time_zone_iana: zone.iana(),
            update_reason: top("updateReason").cloned().unwrap_or(Value::Object(Map::new())).to_string(),
        }
    }
}

/// The flat view of a stored document as JSON (the demo seed and the tests read it so).
pub fn flatten(doc: &Value) -> Value {
    serde_json::to_value(LocationView::of_doc(doc)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_view_of_the_typed_location_is_the_view_of_its_stored_document() {
        let form = json!({ "id": "CHI_9", "street": "1 Main St", "city": "Chicago", "zipCode": "60601",
            "directions": "Lobby", "latitude": "41.88", "longitude": "-87.63", "prettyName": "Main St Lobby",
            "onlineDate": "2026-12-01", "fulfillmentCenter": "CHI", "accountTier": "A" });
        let options = crate::rules::Options::from_lists(vec!["L1".into()], vec![], vec![]);
        let mut new = crate::plan::new_location(form.as_object().unwrap(), &options, "u", "t").unwrap();
        new.other.insert("lastUpload".into(), json!("up#2"));
        let doc = self::doc(&new);
        // Read back as the store hands it out (DynamoDB reads 0.0 as 0): as a
        // document before, as the entity now. Nothing stored is dropped, and the answer is the same.
        let item = || fleet_shared::store::to_item(&doc).unwrap();
        let as_document: Value = fleet_shared::store::from_item(item()).unwrap();
        let location: Location = fleet_shared::store::from_item(item()).unwrap();
        assert_eq!(self::doc(&location), as_document);
        let view = serde_json::to_value(LocationView::of(&location)).unwrap();
        assert_eq!(view, flatten(&as_document));
        assert_eq!((view["accountTier"].as_str(), view["version"].as_i64()), (Some("A"), Some(1)));
        assert_eq!(view["timeZoneLabel"], "CT");
    }

    #[test]
    fn state_options_are_the_contiguous_states_and_dc() {
        assert_eq!(STATES.len(), 49);
        assert!(STATES.contains(&"DC") && STATES.contains(&"IL"));
    }

    #[test]
    fn a_projection_reads_the_top_level_attributes_of_the_selected_fields() {
        let tops = projection(&["id", "type", "status", "route", "stop", "prod"]).unwrap();
        assert_eq!(tops[0], "id");
        assert!(tops.contains(&find("status").unwrap().path[0]) && tops.contains(&find("route").unwrap().path[0]));
        assert_eq!(tops.len(), 4, "id, type, status and operationConfigs once: {tops:?}");
        assert_eq!(projection(&["id", "noSuchField"]), None, "unknown fields read everything");
    }

    #[test]
    fn flattens_nested_paths_and_serialises_json_fields() {
        let mut doc = skeleton(&LocationId::stored("CHI_1"));
        set_path(&mut doc, find("layoutName").unwrap().path, json!("L1"));
        set_path(&mut doc, find("stockingSchedule").unwrap().path, json!({"Monday": 1}));
        let flat = flatten(&doc);
        assert_eq!(flat["layoutName"], "L1");
        assert_eq!(flat["stockingSchedule"], r#"{"Monday":1}"#);
        assert_eq!(flat["updateReason"], "{}");
    }
}
