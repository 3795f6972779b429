//! The flat attribute names the screens, updates and scheduled changes use
//! (spec §3.2): one row each, with its rules and the typed field of
//! `Location` it reads and writes.
use fleet_shared::entity::location::{number, Location};
use fleet_shared::entity::LocationId;
use serde::{de::DeserializeOwned, Serialize};
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

/// Reads an attribute's stored value (`None` when unset).
pub type Getter = fn(&Location) -> Option<Value>;
/// Writes a checked value into the attribute's field (`Null` clears it).
pub type Setter = fn(&mut Location, Value) -> Result<(), String>;

#[derive(Clone, Copy, Debug)]
pub struct Attr {
    pub name: &'static str,
    /// Where DynamoDB keeps it: the document path an update's SET and REMOVE
    /// name, and whose top a projection reads. The `set` of the same row
    /// writes there (a test holds the two together).
    pub stored_at: &'static [&'static str],
    pub kind: Kind,
    /// Editable from the detail screen (and so schedulable).
    pub editable: bool,
    pub required: bool,
    pub get: Getter,
    pub set: Setter,
    /// On the create form (§5.1): its checks there, after `required`.
    pub create: Option<OnCreate>,
}

/// How the create form checks an attribute: the create rules hang off the
/// same rows as the edit rules (`kind`), so an attribute is defined once.
#[derive(Clone, Copy, Debug)]
pub struct OnCreate {
    pub checks: &'static [Check],
    /// Why the form's range is not the edit's `kind`, where it is not (a test holds the rest equal).
    pub range_differs: Option<&'static str>,
}

/// One check of the create form: the server runs it and the browser's
/// instant checks read it (rules.json). Patterns use the regex syntax Rust
/// and JavaScript share.
#[derive(Debug, Clone, Copy, Serialize, schemars::JsonSchema)]
#[serde(tag = "check", rename_all = "camelCase")]
pub enum Check {
    /// The text must match `regex` (anchored).
    Pattern {
        regex: &'static str,
        message: &'static str,
    },
    /// The text must be a number from `min` to `max`.
    Range {
        min: f64,
        max: f64,
        message: &'static str,
    },
    MaxLength {
        max: usize,
        message: &'static str,
    },
}

impl Attr {
    pub fn get(&self, location: &Location) -> Option<Value> {
        (self.get)(location)
    }

    pub fn set(&self, location: &mut Location, value: Value) -> Result<(), String> {
        (self.set)(location, value)
    }
}

/// A typed field's value as JSON, for the rules that compare and show it.
fn out<T: Serialize>(field: Option<&T>) -> Option<Value> {
    serde_json::to_value(field?).ok()
}

/// Puts a checked value into a typed field; `Null` clears it.
fn put<T: DeserializeOwned>(field: &mut Option<T>, value: Value) -> Result<(), String> {
    *field = match value {
        Value::Null => None,
        value => Some(serde_json::from_value(value).map_err(|e| format!("cannot store {e}"))?),
    };
    Ok(())
}

/// The getter and setter of one named field, at its level of the document
/// (`Location::address` and `Location::address_mut` for `address`).
macro_rules! field {
    ($level:ident, $level_mut:ident, $field:ident) => {
        (
            |l: &Location| out(l.$level()?.$field.as_ref()),
            |l: &mut Location, v: Value| put(&mut l.$level_mut().$field, v),
        )
    };
}

pub const LIVE_OFFLINE: &[&str] = &["LIVE", "OFFLINE"];
/// The statuses a stored location can have (the list's filter, §9); a console write sets only LIVE_OFFLINE.
pub const STATUSES: &[&str] = &["LIVE", "OFFLINE", "DEAD"];
pub const TIME_ZONES: &[&str] = &["CHICAGO", "NEWYORK", "DENVER", "LOSANGELES", "INDIANAPOLIS"];
/// A choice not among an attribute's options (§5.2).
pub const INVALID_OPTION: &str = "Please select a valid option from the dropdown";
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

const fn attr(
    name: &'static str,
    stored_at: &'static [&'static str],
    kind: Kind,
    editable: bool,
    required: bool,
    (get, set): (Getter, Setter),
) -> Attr {
    Attr { name, stored_at, kind, editable, required, get, set, create: None }
}

impl Attr {
    /// On the create form, with these checks.
    const fn created(self, checks: &'static [Check]) -> Self {
        Attr { create: Some(OnCreate { checks, range_differs: None }), ..self }
    }

    /// On the create form, with a range that is not the edit's, for this reason.
    const fn created_within(self, checks: &'static [Check], why: &'static str) -> Self {
        Attr { create: Some(OnCreate { checks, range_differs: Some(why) }), ..self }
    }
}

const NUMBER: &str = r"^-?\d+(\.\d+)?$";

use Kind::*;
const LC: &str = "locationConfigs";
const OC: &str = "operationConfigs";

pub const ATTRS: &[Attr] = &[
    // The create form's fields, in the order its checks run (§5.1).
    attr("street", &[OC, "address", "street"], Text, true, true, field!(address, address_mut, street)).created(&[]),
    attr("city", &[OC, "address", "city"], Text, true, true, field!(address, address_mut, city)).created(&[]),
    attr("zipCode", &[OC, "address", "zipCode"], Text, true, true, field!(address, address_mut, zip_code)).created(&[
        Check::Pattern {
            regex: r"^\d{5}(-\d{4})?$",
            message: "zipCode must be 5 digits, optionally followed by a dash and 4 digits",
        },
    ]),
    attr("directions", &[OC, "directions"], Text, false, true, field!(ops, ops_mut, directions)).created(&[]),
    attr(
        "latitude",
        &[LC, "coordinates", "latitude"],
        Float { min: 28.0, max: 49.0 },
        true,
        true,
        field!(coordinates, coordinates_mut, latitude),
    )
    .created(&[
        Check::Pattern { regex: NUMBER, message: "latitude should be a number in the range of 28 to 49!" },
        Check::Range { min: 28.0, max: 49.0, message: "latitude should be a number in the range of 28 to 49!" },
        Check::Pattern { regex: r"^-?\d+\.\d{1,7}$", message: "latitude must have 1 to 7 decimals" },
    ]),
    attr(
        "longitude",
        &[LC, "coordinates", "longitude"],
        Float { min: -128.0, max: -67.0 },
        true,
        true,
        field!(coordinates, coordinates_mut, longitude),
    )
    .created(&[
        Check::Pattern { regex: NUMBER, message: "longitude should be a number in the range of -128 to -67!" },
        Check::Range { min: -128.0, max: -67.0, message: "longitude should be a number in the range of -128 to -67!" },
        Check::Pattern { regex: r"^-?\d+\.\d{1,7}$", message: "longitude must have 1 to 7 decimals" },
    ]),
    attr("prettyName", &[LC, "prettyName"], Text, false, true, field!(configs, configs_mut, pretty_name)).created(&[]),
    attr(
        "percentage",
        &[LC, "percentage"],
        Float { min: 0.0, max: 100.0 },
        true,
        false,
        field!(configs, configs_mut, percentage),
    )
    .created(&[
        Check::Pattern { regex: NUMBER, message: "percentage should be a number in the range of 0 to 100!" },
        Check::Range { min: 0.0, max: 100.0, message: "percentage should be a number in the range of 0 to 100!" },
        Check::Pattern { regex: r"^-?\d+(\.\d{1,2})?$", message: "percentage can have at most 2 decimals" },
    ]),
    attr(
        "taxRate",
        &[LC, "taxRate"],
        Float { min: 0.0, max: 30.0 },
        true,
        true,
        field!(configs, configs_mut, tax_rate),
    )
    .created_within(
        &[
            Check::Pattern { regex: NUMBER, message: "taxRate should be a number in the range of 0 to 29.999!" },
            Check::Range { min: 0.0, max: 29.999, message: "taxRate should be a number in the range of 0 to 29.999!" },
            Check::Pattern { regex: r"^-?\d+(\.\d{1,3})?$", message: "taxRate can have at most 3 decimals" },
        ],
        "the spec gives the create form 0 up to 29.999 with three decimals (§5.1) and the detail edit 0..30 (§5.2)",
    ),
    attr("stop", &[OC, "stop"], Int { min: 0, max: 1000 }, true, false, field!(ops, ops_mut, stop)).created(&[
        Check::Pattern { regex: r"^\d+$", message: "stop must contain digits only" },
        Check::Range { min: 0.0, max: 1000.0, message: "stop should be a number in the range of 0 to 1000!" },
    ]),
    attr(
        "baseCommission",
        &[LC, "baseCommission"],
        Float { min: 0.0, max: f64::MAX },
        true,
        false,
        field!(configs, configs_mut, base_commission),
    )
    .created(&[
        Check::Pattern { regex: r"^\d+(\.\d+)?$", message: "baseCommission should be a number of at least 0!" },
        Check::Pattern { regex: r"^\d+(\.\d{1,3})?$", message: "baseCommission can have at most 3 decimals" },
    ]),
    attr(
        "layoutName",
        &[LC, "items", "layout"],
        Search(NameList::Layout),
        true,
        true,
        field!(items, items_mut, layout),
    )
    .created(&[]),
    attr(
        "fridgeSchema",
        &[LC, "fridgeSchema"],
        Search(NameList::FridgeSchema),
        true,
        true,
        field!(configs, configs_mut, fridge_schema),
    )
    .created(&[]),
    attr(
        "priceMapTemplate",
        &[LC, "items", "priceTier"],
        Search(NameList::PriceMapTemplate),
        true,
        true,
        field!(items, items_mut, price_tier),
    )
    .created(&[]),
    attr("onlineDate", &[LC, "activation", "online"], Date, true, true, field!(activation, activation_mut, online))
        .created(&[Check::Pattern {
            regex: r"^\d{4}-\d{2}-\d{2}$",
            message: "onlineDate must be a date (YYYY-MM-DD)",
        }]),
    // The rest: edited on the detail screen or maintained elsewhere.
    attr("type", &["type"], Text, false, true, field!(top, top_mut, kind)),
    attr("accessTo", &[LC, "accessTo"], Choice(ACCESS), true, true, field!(configs, configs_mut, access_to)),
    attr("state", &[OC, "address", "state"], Choice(STATES), true, true, field!(address, address_mut, state)),
    // Set only by generating one (a uniqueness registry backs it), never typed.
    attr(
        "aprivaDeviceAddress",
        &[LC, "aprivaDeviceAddress"],
        Text,
        false,
        false,
        field!(configs, configs_mut, apriva_device_address),
    ),
    attr("covid19", &[LC, "covid19"], Int { min: 0, max: 1 }, true, false, field!(configs, configs_mut, covid19)),
    attr("fridgeModel", &[LC, "fridgeModel"], Text, false, false, field!(configs, configs_mut, fridge_model)),
    attr("hostname", &[LC, "hostname"], Text, false, false, field!(configs, configs_mut, hostname)),
    attr("hours", &[LC, "hours"], Hours, true, false, field!(configs, configs_mut, hours)),
    attr("workHours", &[LC, "workHours"], WorkHours, true, false, field!(configs, configs_mut, work_hours)),
    attr(
        "holidayScreenEnabled",
        &[LC, "holiday", "enabled"],
        Int { min: 0, max: 1 },
        true,
        false,
        field!(holiday, holiday_mut, enabled),
    ),
    attr(
        "holidayScreenFridgeSpecific",
        &[LC, "holiday", "specific"],
        Int { min: 0, max: 1 },
        true,
        false,
        field!(holiday, holiday_mut, specific),
    ),
    attr(
        "holidayScreenStartDate",
        &[LC, "holiday", "startDate"],
        Date,
        true,
        false,
        field!(holiday, holiday_mut, start_date),
    ),
    attr(
        "holidayScreenEndDate",
        &[LC, "holiday", "endDate"],
        Date,
        true,
        false,
        field!(holiday, holiday_mut, end_date),
    ),
    attr("ip", &[LC, "ip"], Ip, true, true, field!(configs, configs_mut, ip)),
    attr("paymentGateway", &[LC, "paymentGateway"], Text, false, false, field!(configs, configs_mut, payment_gateway)),
    attr("prod", &[OC, "prod"], Int { min: 0, max: 1 }, true, false, field!(ops, ops_mut, prod)),
    attr("publicStatus", &["status", "public"], Choice(LIVE_OFFLINE), true, true, field!(status, status_mut, public)),
    attr("reserve", &[LC, "reserve"], Int { min: 0, max: 1 }, true, false, field!(configs, configs_mut, reserve)),
    attr("route", &[OC, "route"], Text, true, false, field!(ops, ops_mut, route)),
    attr(
        "serialPort",
        &[LC, "serialPort"],
        Choice(SERIAL_PORTS),
        true,
        false,
        field!(configs, configs_mut, serial_port),
    ),
    // §4: LIVE or OFFLINE, freely switchable. DEAD (§9's list filter) is set outside the console, never by a write here.
    attr("status", &["status", "ops"], Choice(LIVE_OFFLINE), true, true, field!(status, status_mut, ops)),
    attr("stockingSchedule", &[OC, "stockingSchedule"], Schedule, true, false, field!(ops, ops_mut, stocking_schedule)),
    // §3.1: only the detail screen offers INDIANAPOLIS; a new location takes one of the other four.
    attr("timeZone", &["timeZone"], Choice(TIME_ZONES), true, true, field!(top, top_mut, time_zone))
        .created(&[Check::Pattern { regex: r"^(CHICAGO|NEWYORK|DENVER|LOSANGELES)$", message: INVALID_OPTION }]),
    attr("vertical", &[LC, "vertical"], Choice(VERTICALS), true, true, field!(configs, configs_mut, vertical)),
    // Operations fields used by other areas (routing, pars); maintained by those areas.
    attr("accountTier", &[OC, "accountTier"], Text, false, false, field!(ops, ops_mut, account_tier)),
    attr("fulfillmentCenter", &[OC, "fulfillmentCenter"], Text, false, false, field!(ops, ops_mut, fulfillment_center)),
    attr("opportunityName", &[OC, "opportunityName"], Text, false, false, field!(ops, ops_mut, opportunity_name)),
    attr("routingTag", &[OC, "routingTag"], Text, false, false, field!(ops, ops_mut, routing_tag)),
    attr(
        "parkToFridgeInstructions",
        &[OC, "parkToFridgeInstructions"],
        Text,
        false,
        false,
        field!(ops, ops_mut, park_to_fridge_instructions),
    ),
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

/// A new location: its id and the levels every stored location has, so
/// an update's nested SET always finds its parent map.
pub fn skeleton(id: &LocationId) -> Location {
    let mut l = Location { id: id.clone(), update_reason: Some(Default::default()), ..Default::default() };
    l.status_mut();
    l.address_mut();
    l.ops_mut().stocking_schedule.get_or_insert_with(Default::default);
    l.coordinates_mut();
    l.holiday_mut();
    l.items_mut();
    l.activation_mut();
    l.configs_mut().work_hours.get_or_insert_with(Default::default);
    l
}

/// The attribute of this flat name (every caller names one the table has).
pub fn named(name: &str) -> &'static Attr {
    find(name).unwrap_or_else(|| panic!("{name} is not in the attribute table"))
}

/// The top-level document attributes that the view needs for these flat
/// fields, with the id: what a list reads. `None` when a field is not one
/// the view knows (read everything).
pub fn projection(fields: &[&str]) -> Option<Vec<&'static str>> {
    let mut tops: Vec<&'static str> = vec!["id"];
    for f in fields {
        let top = match *f {
            "id" | "__typename" => continue,
            "lastModified" => "lastModified",
            "lastModifiedBy" => "lastModifiedBy",
            "version" => "version",
            name => find(name)?.stored_at.first()?,
        };
        if !tops.contains(&top) {
            tops.push(top);
        }
    }
    Some(tops)
}

/// The flat view of a location, as the `Location` GraphQL type: each
/// attribute of the table under its flat name (AWSJSON ones as JSON text,
/// which AppSync passes through unchanged), the bookkeeping fields and the
/// fridge's zone.
#[derive(Debug, Clone, Default, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationView {
    pub id: String,
    /// `type`, FRIDGE when the stored item has none (`Location::kind`): the
    /// schema's `String!`, so one old item cannot fail a whole page.
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pretty_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public_status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zip_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directions: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub apriva_device_address: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covid19: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fridge_model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hostname: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fridge_schema: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hours: Option<String>,
    /// AWSJSON: day -> `[[from, to]]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work_hours: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holiday_screen_enabled: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holiday_screen_fridge_specific: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holiday_screen_start_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holiday_screen_end_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layout_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub online_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_gateway: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percentage: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price_map_template: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prod: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub serial_port: Option<String>,
    /// AWSJSON: day -> 0 or 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stocking_schedule: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tax_rate: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertical: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_commission: Option<f64>,
    // The operations fields other areas maintain: the REST answer carries
    // them, the GraphQL type does not name them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account_tier: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fulfillment_center: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opportunity_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub routing_tag: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub park_to_fridge_instructions: Option<String>,
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

/// One named field of a level, cloned (`None` when the level or the field is unset).
macro_rules! pick {
    ($l:ident, $level:ident, $field:ident) => {
        $l.$level().and_then(|level| level.$field.clone())
    };
}

/// JSON text of an AWSJSON attribute.
fn json_text<T: Serialize>(value: Option<&T>) -> Option<String> {
    serde_json::to_string(value?).ok()
}

impl LocationView {
    pub fn of(l: &Location) -> Self {
        let zone = l.zone();
        let reasons = l.update_reason.clone().unwrap_or_default();
        LocationView {
            id: l.id.to_string(),
            kind: l.kind().to_string(),
            pretty_name: pick!(l, configs, pretty_name),
            status: pick!(l, status, ops),
            public_status: pick!(l, status, public),
            access_to: pick!(l, configs, access_to),
            street: pick!(l, address, street),
            city: pick!(l, address, city),
            state: pick!(l, address, state),
            zip_code: pick!(l, address, zip_code),
            directions: pick!(l, ops, directions),
            apriva_device_address: pick!(l, configs, apriva_device_address),
            covid19: pick!(l, configs, covid19),
            fridge_model: pick!(l, configs, fridge_model),
            hostname: pick!(l, configs, hostname),
            fridge_schema: pick!(l, configs, fridge_schema),
            hours: pick!(l, configs, hours),
            work_hours: json_text(l.configs().and_then(|c| c.work_hours.as_ref())),
            holiday_screen_enabled: pick!(l, holiday, enabled),
            holiday_screen_fridge_specific: pick!(l, holiday, specific),
            holiday_screen_start_date: pick!(l, holiday, start_date),
            holiday_screen_end_date: pick!(l, holiday, end_date),
            ip: pick!(l, configs, ip),
            latitude: number(l.coordinates().and_then(|c| c.latitude.as_ref())),
            longitude: number(l.coordinates().and_then(|c| c.longitude.as_ref())),
            layout_name: pick!(l, items, layout),
            online_date: pick!(l, activation, online),
            payment_gateway: pick!(l, configs, payment_gateway),
            percentage: pick!(l, configs, percentage),
            price_map_template: pick!(l, items, price_tier),
            prod: pick!(l, ops, prod),
            reserve: pick!(l, configs, reserve),
            route: pick!(l, ops, route),
            stop: pick!(l, ops, stop),
            serial_port: pick!(l, configs, serial_port),
            stocking_schedule: json_text(l.ops().and_then(|o| o.stocking_schedule.as_ref())),
            tax_rate: pick!(l, configs, tax_rate),
            time_zone: l.time_zone.clone(),
            vertical: pick!(l, configs, vertical),
            base_commission: pick!(l, configs, base_commission),
            account_tier: pick!(l, ops, account_tier),
            fulfillment_center: pick!(l, ops, fulfillment_center),
            opportunity_name: pick!(l, ops, opportunity_name),
            routing_tag: pick!(l, ops, routing_tag),
            park_to_fridge_instructions: pick!(l, ops, park_to_fridge_instructions),
            last_modified: l.last_modified.clone(),
            last_modified_by: l.last_modified_by.clone(),
            version: l.version,
            time_zone_label: zone.label,
            time_zone_iana: zone.iana(),
            update_reason: json_text(Some(&reasons)).unwrap_or_else(|| "{}".into()),
        }
    }

    /// The view as flat name -> value: what history diffs and the dry runs compare.
    pub fn flat(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A value of the row's kind that its checks accept, as the store keeps it.
    fn sample(a: &Attr) -> Value {
        match a.kind {
            Kind::Text | Kind::Search(_) => json!(format!("{}-value", a.name)),
            Kind::Choice(options) => json!(options[options.len() - 1]),
            Kind::Int { max, .. } => json!(max.min(1)),
            Kind::Float { min, .. } => json!(min + 0.5),
            Kind::Date => json!("2026-12-01"),
            Kind::Ip => json!("10.0.0.1"),
            Kind::Schedule => json!({ "Monday": 1, "Sunday": 0 }),
            Kind::Hours => json!("24 Hours"),
            Kind::WorkHours => json!({ "Monday": [["08:00", "17:00"]], "Sunday": [] }),
        }
    }

    /// The location with every attribute of the table set to its sample.
    fn every_attribute() -> Location {
        let mut l = skeleton(&LocationId::stored("CHI_1"));
        for a in ATTRS {
            a.set(&mut l, sample(a)).unwrap_or_else(|e| panic!("{}: {e}", a.name));
        }
        l
    }

    #[test]
    fn each_row_writes_its_field_where_the_store_keeps_it_and_reads_it_back() {
        let l = every_attribute();
        let stored = serde_json::to_value(&l).unwrap();
        for a in ATTRS {
            let at = a.stored_at.iter().try_fold(&stored, |v, k| v.get(k));
            assert_eq!(at, Some(&sample(a)), "{} is stored at {:?}", a.name, a.stored_at);
            assert_eq!(a.get(&l), Some(sample(a)), "{} reads back", a.name);
        }
        // Every named field is written by exactly one row: none is left in the maps of the rest.
        assert!(l.other.is_empty() && l.configs().unwrap().other.is_empty() && l.ops().unwrap().other.is_empty());
        // Null clears.
        let mut cleared = l.clone();
        named("route").set(&mut cleared, Value::Null).unwrap();
        assert_eq!((named("route").get(&cleared), cleared.route()), (None, None));
    }

    #[test]
    fn the_view_names_each_attribute_of_the_table() {
        let l = every_attribute();
        let flat = LocationView::of(&l).flat();
        for a in ATTRS {
            let shown = &flat[a.name];
            match a.kind {
                // AWSJSON: the view carries the stored object as JSON text.
                Kind::Schedule | Kind::WorkHours => assert_eq!(shown, &json!(sample(a).to_string()), "{}", a.name),
                _ => assert_eq!(shown, &sample(a), "{}", a.name),
            }
        }
        let bookkeeping = ["id", "timeZoneLabel", "timeZoneIana", "updateReason"];
        let unnamed: Vec<&String> =
            flat.keys().filter(|k| find(k).is_none() && !bookkeeping.contains(&k.as_str())).collect();
        assert!(unnamed.is_empty(), "the view shows only the table's attributes: {unnamed:?}");
    }

    #[test]
    fn attributes_the_table_does_not_name_survive_a_read_then_write() {
        let stored = json!({
            "id": "CHI_1", "lastUpload": "up#2",
            "status": { "ops": "LIVE", "since": "2026-01-01" },
            "operationConfigs": { "route": "R1", "address": { "street": "1 Main", "floor": 3 }, "legacyCode": "x" },
            "locationConfigs": { "taxRate": 2.25, "holiday": { "enabled": 1, "note": "n" }, "screen": { "w": 1080 } }
        });
        let mut l: Location = serde_json::from_value(stored.clone()).unwrap();
        named("taxRate").set(&mut l, json!(3.5)).unwrap();
        named("holidayScreenEnabled").set(&mut l, json!(0)).unwrap();
        let mut expected = stored;
        expected["locationConfigs"]["taxRate"] = json!(3.5);
        expected["locationConfigs"]["holiday"]["enabled"] = json!(0);
        assert_eq!(serde_json::to_value(&l).unwrap(), expected);
        // And through the DynamoDB item form, as the store writes and reads it.
        let again: Location = fleet_shared::store::from_item(fleet_shared::store::to_item(&l).unwrap()).unwrap();
        assert_eq!(serde_json::to_value(again).unwrap(), expected);
    }

    #[test]
    fn the_view_of_a_stored_location_is_the_view_of_the_location_written() {
        let form = json!({ "id": "CHI_9", "street": "1 Main St", "city": "Chicago", "zipCode": "60601",
            "directions": "Lobby", "latitude": "41.88", "longitude": "-87.63", "prettyName": "Main St Lobby",
            "onlineDate": "2026-12-01", "layoutName": "L1", "fulfillmentCenter": "CHI", "accountTier": "A" });
        let options = crate::rules::Options::from_lists(vec!["L1".into()], vec![], vec![]);
        let new = crate::plan::new_location(crate::plan::Origin::Form, form.as_object().unwrap(), &options, "u", "t")
            .unwrap();
        // Read back as the store hands it out (DynamoDB reads 0.0 as 0).
        let read: Location = fleet_shared::store::from_item(fleet_shared::store::to_item(&new).unwrap()).unwrap();
        assert_eq!(LocationView::of(&read), LocationView::of(&new));
        let view = LocationView::of(&read);
        assert_eq!((view.account_tier.as_deref(), view.version, view.time_zone_label), (Some("A"), Some(1), "CT"));
        assert_eq!(
            (view.latitude, view.stocking_schedule.as_deref().map(|s| s.contains("\"Monday\":1"))),
            (Some(41.88), Some(true))
        );
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
        assert!(tops.contains(&named("status").stored_at[0]) && tops.contains(&named("route").stored_at[0]));
        assert_eq!(tops.len(), 4, "id, type, status and operationConfigs once: {tops:?}");
        assert_eq!(projection(&["id", "noSuchField"]), None, "unknown fields read everything");
    }
}
