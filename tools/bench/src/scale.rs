//! The server side of `scripts/bench/scale.sh` (issue 26), one JSON line per
//! command for the bench to collect:
//! - `bench-scale-seed N DATE`: the stack grows to N fridges, each with a
//!   heartbeat through the real ingest handler (`bench::health`); N/10 stops
//!   on DATE with their driver actions (the dashboard and routes screens);
//!   4N driver-log entries and N/2 stocking temperatures over the last week
//!   (the reports); then the fleet health snapshot is rebuilt, timed, with
//!   its AWS calls; and 1,000 locations are committed through the upload
//!   pipeline, with theirs.
//! - `bench-scale-ingest M API_URL`: M heartbeats sent to the telemetry
//!   queue, timed until the local API's pollers (two, as a Lambda event
//!   source starts with) have stored every one; the ingest's AWS calls per
//!   message, read from the API's `/_usage`.
use fleet_shared::usage::Totals;
use fleet_shared::{ApiError, Deps, Queue, Table};
use futures::stream::{self, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

pub(crate) fn usage_json(t: &Totals, per: f64) -> Value {
    json!({
        "invocations": t.invocations as f64 / per,
        "calls": t.calls.iter().map(|(k, n)| (k.clone(), json!(*n as f64 / per))).collect::<serde_json::Map<_, _>>(),
        "readUnits": t.read_units / per,
        "writeUnits": t.write_units / per,
    })
}

pub async fn seed(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    fridges: usize,
    date: &str,
) -> Result<Value, ApiError> {
    let started = Instant::now();
    let reported = crate::loads::health(wiring, deps, fridges).await?;
    let fleet_seconds = started.elapsed().as_secs_f64();

    let locations: Vec<HashMap<String, Value>> = deps.table(Table::Locations)?.scan_projected(&["id", "type"]).await?;
    let mut ids: Vec<String> = locations
        .iter()
        .filter(|l| l.get("type").and_then(Value::as_str) == Some("FRIDGE"))
        .filter_map(|l| l.get("id").and_then(Value::as_str).map(str::to_string))
        .collect();
    ids.sort();
    ids.truncate(fridges / 10);
    let actions = crate::dashboard::seed_day(deps, date, &ids).await?;
    crate::reports::seed(deps, fridges * 4, fridges / 2).await?;
    let seed_seconds = started.elapsed().as_secs_f64();

    // Timed on the full fleet (bench::health rebuilt it before the stops and logs existed).
    let (rebuild_ms, rebuilt, rebuild_usage) = crate::loads::snapshot_now(wiring, deps).await?;
    // The pars screens' list of locations, which the seed's fridges were written around.
    let ops = fleet_shared::snapshot::Kind::OpsLocations;
    crate::loads::rebuild_now(wiring, deps, ops, "rebuild_ops_locations_snapshot").await?;

    let before = deps.usage.totals();
    let run = format!("S{fridges}T{}", chrono::Utc::now().format("%H%M%S"));
    let upload_seconds = crate::loads::commit_locations(deps, &run, 1_000).await?;
    let upload_usage = deps.usage.totals().since(&before);

    Ok(json!({
        "fridges": reported,
        "stops": ids.len(),
        "driverActions": actions,
        "driverLogEntries": fridges * 4,
        "fleetSeedSeconds": fleet_seconds,
        "seedSeconds": seed_seconds,
        "snapshot": { "ms": rebuild_ms, "answer": rebuilt, "usage": usage_json(&rebuild_usage, 1.0) },
        "upload1000": { "seconds": upload_seconds, "usage": usage_json(&upload_usage, 1.0) },
    }))
}

/// The local API's `/_usage`, read with a token as any API call (the demo admin's).
fn api_usage(api: &str, token: &str) -> Result<Value, ApiError> {
    ureq::get(&format!("{api}/_usage"))
        .set("Authorization", token)
        .call()
        .map_err(ApiError::internal)?
        .into_json()
        .map_err(ApiError::internal)
}

/// The demo admin's ID token (stack.env names the client and the user).
pub(crate) async fn admin_token(deps: &Deps) -> Result<String, ApiError> {
    let var = |k: &str| std::env::var(k).map_err(|_| ApiError::internal(format!("{k} is not set (stack.env)")));
    let (client, email, password) = (var("USER_POOL_CLIENT_ID")?, var("DEMO_ADMIN_EMAIL")?, var("DEMO_PASSWORD")?);
    fleet_demo::driver_simulator::drivers::sign_in(deps, &client, &email, &password).await
}

fn totals_of(usage: &Value, function: &str) -> Totals {
    let f = &usage[function];
    Totals {
        invocations: f["invocations"].as_u64().unwrap_or(0),
        calls: f["calls"]
            .as_object()
            .map(|m| m.iter().map(|(k, n)| (k.clone(), n.as_u64().unwrap_or(0))).collect())
            .unwrap_or_default(),
        read_units: f["readUnits"].as_f64().unwrap_or(0.0),
        write_units: f["writeUnits"].as_f64().unwrap_or(0.0),
        call_ms: f["callMs"].as_f64().unwrap_or(0.0),
        handler_ms: f["handlerMs"].as_f64().unwrap_or(0.0),
        running_ms: f["runningMs"].as_f64().unwrap_or(0.0),
        waiting_ms: f["waitingMs"].as_f64().unwrap_or(0.0),
    }
}

pub async fn ingest(deps: &'static Deps, messages: usize, api: &str) -> Result<Value, ApiError> {
    let queue = deps.queue(Queue::Telemetry)?;
    let locations: Vec<HashMap<String, Value>> = deps.table(Table::Locations)?.scan_projected(&["id", "type"]).await?;
    let fridges: Vec<String> = locations
        .iter()
        .filter(|l| l.get("type").and_then(Value::as_str) == Some("FRIDGE"))
        .filter_map(|l| l.get("id").and_then(Value::as_str).map(str::to_string))
        // The bench's own fridges, whose stored state the heartbeats repeat.
        .filter(|id| id.starts_with("BENCH_FRIDGE_"))
        .collect();
    // The last ids: the fridges this size's seed added, whose heartbeats it
    // stored now. A smaller size's fridges kept their earlier heartbeat (the
    // seed's repeat of it changed nothing), and on a slow run that one is
    // past the 10-minute refresh, which would count as writes of the ingest.
    let mut fridges = fridges;
    fridges.sort();
    let fridges: Vec<String> = fridges.split_off(fridges.len().saturating_sub(messages));
    if fridges.is_empty() {
        return Err(ApiError::internal("no fridges"));
    }
    let start = fleet_shared::fridge_time::now();
    let bodies: Vec<String> = (0..messages)
        .map(|i| {
            let at = fleet_shared::fridge_time::stamp(start + chrono::Duration::milliseconds(i as i64));
            // A steady minute: 9 in 10 repeat the stored state with a drift of tenths;
            // 1 in 10 changes it, as generous a rate as the 10-minute refresh.
            crate::loads::heartbeat(&fridges[i % fridges.len()], &at, 0.1 * (i % 4) as f64, i % 10 == 0).to_string()
        })
        .collect();
    let token = admin_token(deps).await?;
    let before = totals_of(&tokio::task::block_in_place(|| api_usage(api, &token))?, "telemetry_ingest");
    let t0 = Instant::now();
    let sent: Vec<Result<(), ApiError>> = stream::iter(bodies.chunks(fleet_shared::limits::SQS_BATCH_MAX))
        .map(|chunk| async move {
            let entries = chunk
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    aws_sdk_sqs::types::SendMessageBatchRequestEntry::builder()
                        .id(i.to_string())
                        .message_body(b)
                        .build()
                        .map_err(ApiError::internal)
                })
                .collect::<Result<Vec<_>, _>>()?;
            let out = queue
                .client
                .send_message_batch()
                .queue_url(queue.url)
                .set_entries(Some(entries))
                .send()
                .await
                .map_err(ApiError::internal)?;
            if !out.failed.is_empty() {
                return Err(ApiError::internal("some messages were not sent"));
            }
            Ok(())
        })
        .buffer_unordered(8)
        .collect()
        .await;
    for s in sent {
        s?;
    }
    let send_seconds = t0.elapsed().as_secs_f64();
    // Stored when the queue holds nothing, visible or in flight.
    let deadline = t0 + Duration::from_secs(900);
    // When 99% were stored: a message whose receive the emulator loses waits out the queue's visibility
    // timeout before it is delivered again, which times SQS's redelivery, not the handler.
    let mut seconds99 = None;
    loop {
        let attrs = queue
            .client
            .get_queue_attributes()
            .queue_url(queue.url)
            .attribute_names(aws_sdk_sqs::types::QueueAttributeName::ApproximateNumberOfMessages)
            .attribute_names(aws_sdk_sqs::types::QueueAttributeName::ApproximateNumberOfMessagesNotVisible)
            .send()
            .await
            .map_err(ApiError::internal)?;
        let left: u64 = attrs.attributes.unwrap_or_default().values().filter_map(|v| v.parse::<u64>().ok()).sum();
        if left <= messages as u64 / 100 && seconds99.is_none() {
            seconds99 = Some(t0.elapsed().as_secs_f64());
        }
        if left == 0 {
            break;
        }
        if Instant::now() > deadline {
            return Err(ApiError::internal(format!("{left} messages still queued after 15 minutes")));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seconds = t0.elapsed().as_secs_f64();
    let after = totals_of(&tokio::task::block_in_place(|| api_usage(api, &token))?, "telemetry_ingest");
    let used = after.since(&before);
    Ok(json!({
        "messages": messages,
        "sendSeconds": send_seconds,
        "seconds": seconds,
        "perSecond": messages as f64 / seconds,
        "seconds99": seconds99.unwrap_or(seconds),
        "perSecond99": messages as f64 * 0.99 / seconds99.unwrap_or(seconds),
        "batches": used.invocations,
        "perMessage": usage_json(&used, messages as f64),
    }))
}
