//! One stream record read into the change it makes to a stocking day, and a
//! batch's changes coalesced: pure, so the publisher's rules are unit tested.
use crate::drop::SLIP_LOCKS;
use fleet_shared::entity::ids::{FridgeTime, LocationId, RouteName, StockingIndex};
use fleet_shared::entity::route_stop::DRIVER_PREFIX;
use fleet_shared::entity::StockingDate;
use fleet_shared::events::StreamRecord;
use fleet_shared::publisher::table_of_arn;
use fleet_shared::Table;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What changed, for the browser: which of its reads to make again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChangeKind {
    /// A driver's action at a stop, a supervisor's void or re-time, a stop's stocked time.
    Action,
    /// A route's driver set, changed or cleared.
    Assignment,
    /// A drop override or its revert.
    DropStatus,
    /// A JIT change of a fridge order.
    Jit,
    /// A Needs-attention item taken by someone.
    Acknowledgement,
}

/// The change event: small, and nothing its subscriber could not read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockingChange {
    pub drop_off_date: StockingDate,
    pub route: Option<RouteName>,
    pub location_id: Option<LocationId>,
    pub stocking_index: Option<StockingIndex>,
    pub kind: ChangeKind,
    /// The stream record's time.
    pub changed_at: FridgeTime,
}

/// A streamed table, known by the name its stream's ARN carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamTable {
    DriverActions,
    LocationRoutes,
    FridgeOrders,
}

impl StreamTable {
    const ALL: [(StreamTable, Table); 3] = [
        (StreamTable::DriverActions, Table::DriverActions),
        (StreamTable::LocationRoutes, Table::LocationRoutes),
        (StreamTable::FridgeOrders, Table::FridgeOrders),
    ];

    /// The configured name of each streamed table, by `name_of`.
    pub fn names(name_of: impl Fn(Table) -> Option<String>) -> Vec<(String, StreamTable)> {
        Self::ALL.iter().filter_map(|(s, t)| name_of(*t).map(|n| (n, *s))).collect()
    }
}

/// The keys and attributes a change is read from, by each streamed table's
/// own names (absent ones are empty): DriverActions `pk`/`sk`, LocationRoutes
/// `dateShard`/`routeStop` with `id` for the location, FridgeOrders
/// `dateShard`/`orderKey`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct Image {
    pk: String,
    sk: String,
    date_shard: String,
    route_stop: String,
    stocking_day: String,
    stocking_date: String,
    drop_off_date: String,
    route: Option<String>,
    location_id: Option<String>,
    /// A route stop's location.
    id: Option<String>,
    stocking_index: Option<i64>,
    event_type: String,
    /// A driver action's typed data, as JSON text.
    data: Option<String>,
}

/// `text` when it is a date (YYYY-MM-DD), else the date that starts `key` (`{date}#…`).
fn date_of(text: &str, key: &str) -> Option<StockingDate> {
    let date = if text.is_empty() { key.split('#').next()? } else { text };
    StockingDate::of(date)
}

/// What a stored record names, read through its rule: a value that fails
/// it names nothing (the browser reads the whole route or day again).
fn route_of(text: Option<&str>) -> Option<RouteName> {
    RouteName::parse("route", text?).ok()
}

fn location_of(text: Option<&str>) -> Option<LocationId> {
    LocationId::parse("locationId", text?).ok()
}

fn index_of(value: Option<i64>) -> Option<StockingIndex> {
    StockingIndex::parse("stockingIndex", value?).ok()
}

/// The change `record` makes to a stocking day: `None` when it makes none
/// the dashboard shows (an idempotency record, a table not streamed), an
/// error when its image cannot be read.
pub fn change_of(tables: &[(String, StreamTable)], record: &StreamRecord) -> Result<Option<StockingChange>, String> {
    let Some(arn) = record.event_source_arn.as_deref() else { return Err("no eventSourceARN".into()) };
    let name = table_of_arn(arn).ok_or_else(|| format!("not a table stream: {arn}"))?;
    let Some((_, table)) = tables.iter().find(|(n, _)| n == name) else { return Ok(None) };
    // A REMOVE has only the old image.
    let item = if record.change.new_image.is_empty() { &record.change.old_image } else { &record.change.new_image };
    let image: Image = serde_dynamo::from_item(item.clone()).map_err(|e| format!("image not read: {e}"))?;
    let changed_at = FridgeTime::from(record.change.approximate_creation_date_time);
    let change = |drop_off_date, kind, route: Option<&str>, location: Option<&str>| StockingChange {
        drop_off_date,
        route: route_of(route),
        location_id: location_of(location),
        stocking_index: index_of(image.stocking_index),
        kind,
        changed_at: changed_at.clone(),
    };
    Ok(match table {
        StreamTable::DriverActions if image.pk.starts_with(SLIP_LOCKS) => {
            date_of("", &image.sk).map(|date| change(date, ChangeKind::DropStatus, None, None))
        }
        StreamTable::DriverActions => {
            let Some(date) = date_of(&image.stocking_day, "-") else { return Ok(None) };
            let kind = match image.event_type.as_str() {
                crate::acknowledge::ACK_EVENT => ChangeKind::Acknowledgement,
                t if t.starts_with("DropOverride") => ChangeKind::DropStatus,
                _ => ChangeKind::Action,
            };
            let mut found = change(date, kind, None, image.location_id.as_deref());
            if found.stocking_index.is_none() {
                found.stocking_index = index_of(stocking_index_in(image.data.as_deref()));
            }
            Some(found)
        }
        StreamTable::LocationRoutes => date_of(&image.stocking_date, &image.date_shard).map(|date| {
            match image.route_stop.strip_prefix(DRIVER_PREFIX) {
                Some(route) => change(date, ChangeKind::Assignment, Some(route), None),
                None => {
                    let route = image.route.as_deref().or_else(|| image.route_stop.split('#').next());
                    change(date, ChangeKind::Action, route, image.id.as_deref())
                }
            }
        }),
        StreamTable::FridgeOrders => date_of(&image.drop_off_date, &image.date_shard)
            .map(|date| change(date, ChangeKind::Jit, None, image.location_id.as_deref())),
    })
}

/// `stockingIndex` in a driver action's data, when it names one.
fn stocking_index_in(data: Option<&str>) -> Option<i64> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Data {
        stocking_index: Option<i64>,
    }
    serde_json::from_str::<Data>(data?).ok()?.stocking_index
}

/// One change per date, route (or location, when no route is named) and
/// kind: the latest, with the sequence number of the first record that
/// made it (where a retry must start). The browser reads the route again
/// whatever happened to it, so one event is enough.
pub fn coalesce(changes: Vec<(Option<String>, StockingChange)>) -> Vec<(Option<String>, StockingChange)> {
    type Key = (StockingDate, Option<RouteName>, Option<LocationId>, ChangeKind);
    let mut by_key: BTreeMap<Key, (Option<String>, StockingChange)> = BTreeMap::new();
    for (sequence, change) in changes {
        let place = if change.route.is_some() { None } else { change.location_id.clone() };
        let key = (change.drop_off_date, change.route.clone(), place, change.kind);
        match by_key.get_mut(&key) {
            Some((first, kept)) => {
                if change.changed_at.at() >= kept.changed_at.at() {
                    *kept = change;
                }
                if first.is_none() {
                    *first = sequence;
                }
            }
            None => {
                by_key.insert(key, (sequence, change));
            }
        }
    }
    by_key.into_values().collect()
}
