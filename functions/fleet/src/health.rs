//! Reading what fridges reported: health by ids and for the whole fleet,
//! events, segment events and temperature samples.
use crate::store::Dynamo;
use crate::{HEALTH_PAGE_BATCH, MAX_HEALTH_IDS};
use fleet_shared::contract::{Ctx, Page, PageArgs};
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::entity::telemetry::{Heartbeat, TelemetryEvent};
use fleet_shared::entity::LocationId;
use fleet_shared::{ApiError, Deps};
use serde::{Deserialize, Serialize};

/// Health records per `fleetHealth` page: 2,500 fridges in 3 calls, each well under AppSync's 1 MB.
pub const FLEET_PAGE: usize = 1000;
const EVENTS_PAGE: usize = 100;
pub const MAX_TEMPERATURE_HOURS: i64 = 72;

/// A location id argument (the message names it "location id").
pub fn location_arg(raw: &str) -> Result<LocationId, ApiError> {
    LocationId::parse("location id", raw)
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct HealthFilter {
    location_ids: Vec<LocationId>,
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct FridgeHealthArgs {
    filter: HealthFilter,
}

/// `fridgeHealth(filter {locationIds})`: at most 200 ids (the health page
/// sends 10, the dashboard 200); unknown ids are refused by name. Fridges
/// that never reported are left out.
pub async fn fridge_health(deps: &'static Deps, ctx: Ctx, args: FridgeHealthArgs) -> Result<Vec<Heartbeat>, ApiError> {
    let filter = args.filter;
    if filter.location_ids.len() > MAX_HEALTH_IDS {
        return Err(ApiError::bad_request(format!(
            "At most {MAX_HEALTH_IDS} location ids per call ({} given); the health page sends {HEALTH_PAGE_BATCH}.",
            filter.location_ids.len()
        )));
    }
    let mut ids: Vec<LocationId> = filter.location_ids;
    ids.sort_unstable();
    ids.dedup();
    let asked: Vec<&str> = ids.iter().map(LocationId::as_str).collect();
    fleet_shared::day_fridges::require_readable(deps, &ctx, &asked).await?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<&str> = ids.iter().map(LocationId::as_str).collect();
    let store = Dynamo(deps);
    let (known, mut found) = tokio::try_join!(store.existing(&ids), store.health(&ids))?;
    let unknown: Vec<&str> = ids.iter().copied().filter(|id| !known.contains(*id)).collect();
    if !unknown.is_empty() {
        return Err(ApiError::bad_request(format!("Unknown location ids: {}", unknown.join(", "))));
    }
    found.sort_by(|a, b| a.report.location_id.cmp(&b.report.location_id));
    Ok(found.into_iter().map(|h| h.report).collect())
}

/// The fleet's health as its views show it (`fleetHealth`, the snapshot):
/// every record but a test location's (`FridgeHealth::test_location`, the
/// smoke test's), which `fridgeHealth` by id still answers.
pub fn fleet_view(records: Vec<FridgeHealth>) -> Vec<Heartbeat> {
    records.into_iter().filter(|r| !r.test_location).map(|r| r.report).collect()
}

/// A fridge in the fleet health snapshot: its heartbeat as `fleetHealth`
/// shows it, and when each condition it shows started (the stocking
/// dashboard's Needs-attention keys, issue 59).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SnapshotFridge {
    #[serde(flatten)]
    pub report: Heartbeat,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub conditions_since: std::collections::BTreeMap<String, String>,
}

/// The fleet health snapshot's content: `fleet_view`'s fridges with their conditions' starts.
pub fn snapshot_view(records: Vec<FridgeHealth>) -> Vec<SnapshotFridge> {
    records
        .into_iter()
        .filter(|r| !r.test_location)
        .map(|r| SnapshotFridge { report: r.report, conditions_since: r.conditions_since })
        .collect()
}

/// `fleetHealth(nextToken)`: every fridge's latest health, 1,000 a page (a
/// page holds fewer when it read a test location's).
pub async fn fleet_health(deps: &'static Deps, _: Ctx, args: PageArgs) -> Result<Page<Heartbeat>, ApiError> {
    let (items, next) = Dynamo(deps).health_page(args.next_token.as_deref(), FLEET_PAGE).await?;
    Ok(Page { items: fleet_view(items), next_token: next })
}

/// One page of a fridge's telemetry of `kind` (newest first), filtered by type.
async fn telemetry_page(
    deps: &'static Deps,
    (location, types, token): (&str, Option<Vec<String>>, Option<&str>),
    kind: &'static str,
    allowed: &[&str],
) -> Result<(Vec<TelemetryEvent>, Option<String>), ApiError> {
    let location = location_arg(location)?;
    let types: Vec<String> = types.unwrap_or_default();
    if let Some(bad) = types.iter().find(|t| !allowed.contains(&t.as_str())) {
        let bad = fleet_shared::limits::echoed(bad);
        return Err(ApiError::bad_request(format!("Unknown event type {bad}. Use: {}.", allowed.join(", "))));
    }
    Dynamo(deps).telemetry_page(&location, kind, types, token, EVENTS_PAGE).await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventsArgs {
    location: String,
    #[serde(default)]
    event_types: Option<Vec<String>>,
    #[serde(default)]
    next_token: Option<String>,
}

/// A fridge event as `getFridgeEvents` lists it.
#[derive(Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    location: LocationId,
    event_type: String,
    timestamp: String,
}

/// `getFridgeEvents(location, eventTypes, nextToken)`.
pub async fn events(deps: &'static Deps, ctx: Ctx, args: EventsArgs) -> Result<Page<EventView>, ApiError> {
    fleet_shared::day_fridges::require_readable(deps, &ctx, &[args.location.as_str()]).await?;
    let query = (args.location.as_str(), args.event_types, args.next_token.as_deref());
    let (items, next) = telemetry_page(deps, query, "event", crate::telemetry::EVENT_TYPES).await?;
    let items = items
        .into_iter()
        .map(|e| EventView { location: e.location_id, event_type: e.event_type, timestamp: e.timestamp })
        .collect();
    Ok(Page { items, next_token: next })
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SegmentEventsArgs {
    location: String,
    #[serde(default)]
    fridge_segment_event_type: Option<Vec<String>>,
    #[serde(default)]
    next_token: Option<String>,
}

/// A segment event as `getFridgeSegmentEvents` lists it (its payload as AWSJSON text).
#[derive(Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SegmentEventView {
    event_type: String,
    date: String,
    payload: Option<String>,
}

/// `getFridgeSegmentEvents(location, fridgeSegmentEventType, nextToken)`.
pub async fn segment_events(
    deps: &'static Deps,
    ctx: Ctx,
    args: SegmentEventsArgs,
) -> Result<Page<SegmentEventView>, ApiError> {
    fleet_shared::day_fridges::require_readable(deps, &ctx, &[args.location.as_str()]).await?;
    let query = (args.location.as_str(), args.fridge_segment_event_type, args.next_token.as_deref());
    let (items, next) = telemetry_page(deps, query, "segment", crate::telemetry::SEGMENT_EVENT_TYPES).await?;
    let items = items
        .into_iter()
        .map(|e| SegmentEventView { event_type: e.event_type, date: e.timestamp, payload: e.payload })
        .collect();
    Ok(Page { items, next_token: next })
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct TemperaturesArgs {
    location: String,
    #[serde(default)]
    hours: Option<i64>,
}

/// A temperature sample as `fridgeTemperatures` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct SampleView {
    timestamp: String,
    temperature: f64,
}

/// `fridgeTemperatures(location, hours)`: the last `hours` (default 24) of samples.
pub async fn temperatures(deps: &'static Deps, ctx: Ctx, args: TemperaturesArgs) -> Result<Vec<SampleView>, ApiError> {
    fleet_shared::day_fridges::require_readable(deps, &ctx, &[args.location.as_str()]).await?;
    let hours = fleet_shared::limits::bounded("hours", args.hours, 24, MAX_TEMPERATURE_HOURS)?;
    let from = ctx.now - chrono::Duration::hours(hours);
    let samples = Dynamo(deps).samples_since(&location_arg(&args.location)?, from).await?;
    Ok(samples
        .iter()
        .map(|s| SampleView { timestamp: s.timestamp.text().to_string(), temperature: s.temperature })
        .collect())
}
