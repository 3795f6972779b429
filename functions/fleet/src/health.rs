//! Reading what fridges reported: health by ids and for the whole fleet,
//! events, segment events and temperature samples.
use crate::store::Dynamo;
use crate::{HEALTH_PAGE_BATCH, MAX_HEALTH_IDS};
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::entity::telemetry::TelemetryEvent;
use fleet_shared::entity::LocationId;
use fleet_shared::{fridge_time, ApiError, Deps, Input};
use serde::Deserialize;
use serde_json::{json, Value};

/// Health records per `fleetHealth` page: 2,500 fridges in 3 calls, each well under AppSync's 1 MB.
pub const FLEET_PAGE: usize = 1000;
const EVENTS_PAGE: usize = 100;
pub const MAX_TEMPERATURE_HOURS: i64 = 72;

/// A location id argument (the message names it "location id").
pub fn location_arg(raw: &str) -> Result<LocationId, ApiError> {
    LocationId::parse("location id", raw)
}

/// Health records as the GraphQL `[FridgeHealth]`.
fn views(records: &[FridgeHealth]) -> Result<Value, ApiError> {
    serde_json::to_value(records.iter().map(FridgeHealth::view).collect::<Vec<_>>()).map_err(ApiError::internal)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HealthFilter {
    location_ids: Vec<String>,
}

/// `fridgeHealth(filter {locationIds})`: at most 200 ids (the health page
/// sends 10, the dashboard 200); unknown ids are refused by name. Fridges
/// that never reported are left out.
pub async fn fridge_health(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let filter: HealthFilter = input.arg("filter")?;
    if filter.location_ids.len() > MAX_HEALTH_IDS {
        return Err(ApiError::bad_request(format!(
            "At most {MAX_HEALTH_IDS} location ids per call ({} given); the health page sends {HEALTH_PAGE_BATCH}.",
            filter.location_ids.len()
        )));
    }
    let mut ids: Vec<LocationId> = filter.location_ids.iter().map(|id| location_arg(id)).collect::<Result<_, _>>()?;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(json!([]));
    }
    let ids: Vec<&str> = ids.iter().map(LocationId::as_str).collect();
    let store = Dynamo(deps);
    let (known, mut found) = tokio::try_join!(store.existing(&ids), store.health(&ids))?;
    let unknown: Vec<&str> = ids.iter().copied().filter(|id| !known.contains(*id)).collect();
    if !unknown.is_empty() {
        return Err(ApiError::bad_request(format!("Unknown location ids: {}", unknown.join(", "))));
    }
    found.sort_by(|a, b| a.report.location_id.cmp(&b.report.location_id));
    views(&found)
}

/// `fleetHealth(nextToken)`: every fridge's latest health, 1,000 a page.
pub async fn fleet_health(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let token: Option<String> = input.arg("nextToken")?;
    let (items, next) = Dynamo(deps).health_page(token.as_deref(), FLEET_PAGE).await?;
    Ok(json!({ "items": views(&items)?, "nextToken": next }))
}

/// One page of a fridge's telemetry of `kind` (newest first), filtered by type.
async fn telemetry_page(
    deps: &'static Deps,
    input: &Input,
    kind: &'static str,
    types_arg: &str,
    allowed: &[&str],
) -> Result<(Vec<TelemetryEvent>, Option<String>), ApiError> {
    let location: String = input.arg("location")?;
    let location = location_arg(&location)?;
    let types: Option<Vec<String>> = input.arg(types_arg)?;
    let types: Vec<String> = types.unwrap_or_default();
    if let Some(bad) = types.iter().find(|t| !allowed.contains(&t.as_str())) {
        return Err(ApiError::bad_request(format!("Unknown event type {bad}. Use: {}.", allowed.join(", "))));
    }
    let token: Option<String> = input.arg("nextToken")?;
    Dynamo(deps).telemetry_page(&location, kind, types, token.as_deref(), EVENTS_PAGE).await
}

/// `getFridgeEvents(location, eventTypes, nextToken)`.
pub async fn events(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let (items, next) = telemetry_page(deps, &input, "event", "eventTypes", crate::telemetry::EVENT_TYPES).await?;
    let items: Vec<Value> = items
        .iter()
        .map(|e| json!({ "location": e.location_id, "eventType": e.event_type, "timestamp": e.timestamp }))
        .collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `getFridgeSegmentEvents(location, fridgeSegmentEventType, nextToken)`.
pub async fn segment_events(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let (items, next) =
        telemetry_page(deps, &input, "segment", "fridgeSegmentEventType", crate::telemetry::SEGMENT_EVENT_TYPES)
            .await?;
    let items: Vec<Value> =
        items.iter().map(|e| json!({ "eventType": e.event_type, "date": e.timestamp, "payload": e.payload })).collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `fridgeTemperatures(location, hours)`: the last `hours` (default 24) of samples.
pub async fn temperatures(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("location")?;
    let hours: Option<i64> = input.arg("hours")?;
    let hours = hours.unwrap_or(24);
    if !(1..=MAX_TEMPERATURE_HOURS).contains(&hours) {
        return Err(ApiError::bad_request(format!("hours must be between 1 and {MAX_TEMPERATURE_HOURS}")));
    }
    let from = fridge_time::now() - chrono::Duration::hours(hours);
    let samples = Dynamo(deps).samples_since(&location_arg(&location)?, from).await?;
    Ok(Value::Array(
        samples.iter().map(|s| json!({ "timestamp": s.timestamp.text(), "temperature": s.temperature })).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_argument_is_a_location_id() {
        assert_eq!(location_arg("  ").unwrap_err().to_string(), "location id cannot be empty");
        assert_eq!(location_arg("CHI_1").unwrap().as_str(), "CHI_1");
        assert!(location_arg(&"L".repeat(65)).is_err());
    }
}
