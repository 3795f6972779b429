//! Reading what fridges reported: health by ids and for the whole fleet,
//! events, segment events and temperature samples.
use crate::store::{self as fleet, existing};
use crate::{HEALTH_PAGE_BATCH, MAX_HEALTH_IDS};
use fleet_shared::{limits, paging, store, ApiError, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Health records per `fleetHealth` page: 2,500 fridges in 3 calls, each well under AppSync's 1 MB.
pub const FLEET_PAGE: usize = 1000;
const EVENTS_PAGE: usize = 100;
pub const MAX_TEMPERATURE_HOURS: i64 = 72;

pub fn location_id(id: &str) -> Result<&str, ApiError> {
    if id.trim().is_empty() {
        return Err(ApiError::bad_request("location id cannot be empty"));
    }
    limits::check_len("location id", id, limits::MAX_ID_CHARS)?;
    Ok(id)
}

/// A stored health record as the GraphQL `FridgeHealth` (the stored names are the §3 names).
fn view(mut item: Value) -> Value {
    if let Some(o) = item.as_object_mut() {
        o.remove("receivedAt");
    }
    item
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
    let mut ids: Vec<&str> = filter.location_ids.iter().map(|id| location_id(id)).collect::<Result<_, _>>()?;
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(json!([]));
    }
    let keys = ids.iter().map(|id| HashMap::from([("locationId".to_string(), store::s(*id))])).collect();
    let health = deps.table(Table::FridgeHealth)?;
    let (known, found) = tokio::try_join!(existing(deps, &ids), health.batch_get(keys, &[]))?;
    let unknown: Vec<&str> = ids.iter().copied().filter(|id| !known.contains(*id)).collect();
    if !unknown.is_empty() {
        return Err(ApiError::bad_request(format!("Unknown location ids: {}", unknown.join(", "))));
    }
    let mut out: Vec<Value> = found
        .into_iter()
        .map(store::from_item::<Value>)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(view)
        .collect();
    out.sort_by(|a, b| a["locationId"].as_str().cmp(&b["locationId"].as_str()));
    Ok(Value::Array(out))
}

/// `fleetHealth(nextToken)`: every fridge's latest health, 1,000 a page.
pub async fn fleet_health(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let token: Option<String> = input.arg("nextToken")?;
    let t = deps.table(Table::FridgeHealth)?;
    let (items, next) = paging::signed_page(
        deps.config.paging_secret()?,
        "fleet-health",
        token.as_deref(),
        FLEET_PAGE,
        |start, limit| async move {
            let out = t.client.scan().table_name(t.name).set_limit(limit).set_exclusive_start_key(start).send().await?;
            Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
        },
    )
    .await?;
    let items: Vec<Value> = items
        .into_iter()
        .map(store::from_item::<Value>)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(view)
        .collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// One page of a fridge's telemetry of `kind` (newest first), filtered by type.
async fn telemetry_page(
    deps: &'static Deps,
    input: &Input,
    kind: &'static str,
    types_arg: &str,
    allowed: &[&str],
) -> Result<(Vec<Value>, Option<String>), ApiError> {
    let location: String = input.arg("location")?;
    let location = location_id(&location)?.to_string();
    let types: Option<Vec<String>> = input.arg(types_arg)?;
    let types: Vec<String> = types.unwrap_or_default();
    if let Some(bad) = types.iter().find(|t| !allowed.contains(&t.as_str())) {
        return Err(ApiError::bad_request(format!("Unknown event type {bad}. Use: {}.", allowed.join(", "))));
    }
    let token: Option<String> = input.arg("nextToken")?;
    let t = deps.table(Table::FridgeTelemetry)?;
    let scope = format!("{kind}:{location}");
    let (loc, types) = (location.as_str(), &types);
    let (items, next) = paging::signed_page(
        deps.config.paging_secret()?,
        &scope,
        token.as_deref(),
        EVENTS_PAGE,
        |start, limit| async move {
            let mut q = t
                .client
                .query()
                .table_name(t.name)
                .key_condition_expression("locationId = :l AND begins_with(sk, :k)")
                .expression_attribute_values(":l", store::s(loc))
                .expression_attribute_values(":k", store::s(format!("{kind}#")))
                .scan_index_forward(false)
                .set_limit(limit)
                .set_exclusive_start_key(start);
            if !types.is_empty() {
                let names: Vec<String> = (0..types.len()).map(|i| format!(":t{i}")).collect();
                q = q.filter_expression(format!("eventType IN ({})", names.join(", ")));
                for (n, v) in names.iter().zip(types.iter()) {
                    q = q.expression_attribute_values(n, store::s(v));
                }
            }
            let out = q.send().await?;
            Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
        },
    )
    .await?;
    Ok((items.into_iter().map(store::from_item::<Value>).collect::<Result<_, _>>()?, next))
}

/// `getFridgeEvents(location, eventTypes, nextToken)`.
pub async fn events(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let (items, next) = telemetry_page(deps, &input, "event", "eventTypes", crate::telemetry::EVENT_TYPES).await?;
    let items: Vec<Value> = items
        .iter()
        .map(|e| json!({ "location": e["locationId"], "eventType": e["eventType"], "timestamp": e["timestamp"] }))
        .collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `getFridgeSegmentEvents(location, fridgeSegmentEventType, nextToken)`.
pub async fn segment_events(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let (items, next) =
        telemetry_page(deps, &input, "segment", "fridgeSegmentEventType", crate::telemetry::SEGMENT_EVENT_TYPES)
            .await?;
    let items: Vec<Value> = items
        .iter()
        .map(|e| json!({ "eventType": e["eventType"], "date": e["timestamp"], "payload": e["payload"] }))
        .collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// Samples of one fridge since `from`, oldest first.
pub async fn samples_since(
    deps: &Deps,
    location: &str,
    from: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<(String, f64)>, ApiError> {
    let t = deps.table(Table::FridgeTelemetry)?;
    let lower = format!("temp#{}", fleet::iso(from));
    let items: Vec<Value> = store::all(|start, _| {
        let lower = lower.clone();
        async move {
            let out = t
                .client
                .query()
                .table_name(t.name)
                .key_condition_expression("locationId = :l AND sk BETWEEN :a AND :b")
                .expression_attribute_values(":l", store::s(location))
                .expression_attribute_values(":a", store::s(lower))
                .expression_attribute_values(":b", store::s("temp#~"))
                .set_exclusive_start_key(start)
                .send()
                .await?;
            Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
        }
    })
    .await?;
    Ok(items.iter().filter_map(|s| Some((s["timestamp"].as_str()?.to_string(), s["temperature"].as_f64()?))).collect())
}

/// `fridgeTemperatures(location, hours)`: the last `hours` (default 24) of samples.
pub async fn temperatures(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("location")?;
    let hours: Option<i64> = input.arg("hours")?;
    let hours = hours.unwrap_or(24);
    if !(1..=MAX_TEMPERATURE_HOURS).contains(&hours) {
        return Err(ApiError::bad_request(format!("hours must be between 1 and {MAX_TEMPERATURE_HOURS}")));
    }
    let from = chrono::Utc::now() - chrono::Duration::hours(hours);
    let samples = samples_since(deps, location_id(&location)?, from).await?;
    Ok(Value::Array(samples.into_iter().map(|(t, v)| json!({ "timestamp": t, "temperature": v })).collect()))
}
