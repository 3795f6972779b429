//! `fleet-local bench-ingest-inventory N` (issue 39): what an inventory
//! snapshot costs the telemetry ingest, in AWS calls and DynamoDB capacity
//! units per snapshot (the usage counter every client carries), for N
//! snapshots of N/10 fridges through the real handler:
//! - in order, ten fridges a batch, each fridge a snapshot every 10 minutes
//!   selling a unit or two (a slot empties now and then, one refill);
//! - late: the same on other fridges, each fridge's fourth snapshot delivered
//!   after its last (one in ten late);
//! - the same run's baseline: the previous design's calls for the in-order
//!   snapshots, replayed raw (a consistent GetItem of the stored snapshot and
//!   one transaction putting the new one over it; its rows left out).
//!
//! Prints one JSON line (`perSnapshot`), read by `capacity.py`.
use crate::scale::usage_json;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use chrono::{DateTime, Duration, Utc};
use fleet_shared::events::SqsMessage;
use fleet_shared::fridge_time::stamp;
use fleet_shared::{store, ApiError, Deps, Table};
use serde_json::{json, Value};

const SLOTS: usize = 30;
const STEPS: usize = 10;

/// A fridge's snapshot at `step`: 30 slots of 3 units, a unit or two sold
/// per step (slot by slot, so some empty), all refilled at step 6.
fn snapshot(id: &str, at: DateTime<Utc>, step: usize) -> Value {
    let slots: Vec<Value> = (0..SLOTS)
        .map(|s| {
            let sold = if step >= 6 { (step - 6) * 2 } else { step * 2 };
            let units = if s < sold { 3usize.saturating_sub(1 + s % 3) } else { 3 };
            json!({ "slot": format!("{}:{}", s / 6 + 1, s % 6 + 1), "itemName": format!("ITEM_{:02}", s % 20),
                    "units": vec![json!({ "productionDate": at.date_naive().to_string(), "shelfLifeDays": 4 }); units] })
        })
        .collect();
    json!({ "type": "inventory", "locationId": id, "timestamp": at, "slots": slots })
}

async fn fridges(deps: &'static Deps, tag: &str, n: usize) -> Result<Vec<String>, ApiError> {
    let run = fleet_shared::fridge_time::now().timestamp() % 100_000;
    let ids: Vec<String> = (0..n).map(|i| format!("BENCH_INV_{tag}_{run}_{i:04}")).collect();
    let docs = ids
        .iter()
        .map(|id| store::to_item(&json!({ "id": id, "status": { "ops": "LIVE" } })))
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::Locations)?.batch_put(docs).await?;
    Ok(ids)
}

/// Delivers the bodies in batches of ten through the handler; answers its usage.
async fn deliver(
    wiring: &'static fleet_front_door::wiring::Wiring,
    bodies: &[Value],
) -> Result<fleet_shared::usage::Totals, ApiError> {
    let spec = fleet_functions::by_name("telemetry_ingest").ok_or_else(|| ApiError::internal("no telemetry_ingest"))?;
    let fn_deps = wiring.deps(spec);
    let arn = fleet_front_door::queues::queue_arn("http://localhost/000000000000/TelemetryQueue");
    let before = fn_deps.usage.totals();
    for (n, chunk) in bodies.chunks(fleet_shared::limits::SQS_BATCH_MAX).enumerate() {
        let records: Vec<SqsMessage> = chunk
            .iter()
            .enumerate()
            .map(|(i, b)| fleet_front_door::queues::record(&format!("inv-{n}-{i}"), "bench", &b.to_string(), &arn))
            .collect();
        let out = spec.invoke(fn_deps, fleet_front_door::queues::event(records)).await?;
        if out["batchItemFailures"].as_array().is_some_and(|f| !f.is_empty()) {
            return Err(ApiError::internal(format!("ingest failed records: {out}")));
        }
    }
    Ok(fn_deps.usage.totals().since(&before))
}

pub async fn run(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    n: usize,
) -> Result<Value, ApiError> {
    let count = (n / STEPS).max(1);
    let start = fleet_shared::fridge_time::now() - Duration::hours(3);
    let at = |step: usize| start + Duration::minutes(10 * step as i64);

    // In order: step by step, ten fridges a batch.
    let ids = fridges(deps, "A", count).await?;
    let in_order: Vec<Value> =
        (0..STEPS).flat_map(|step| ids.iter().map(move |id| snapshot(id, at(step), step))).collect();
    let ordered = deliver(wiring, &in_order).await?;

    // Late: each fridge's fourth snapshot after its last.
    let late_ids = fridges(deps, "L", count).await?;
    let mut late: Vec<Value> = (0..STEPS)
        .filter(|s| *s != 3)
        .flat_map(|step| late_ids.iter().map(move |id| snapshot(id, at(step), step)))
        .collect();
    late.extend(late_ids.iter().map(|id| snapshot(id, at(3), 3)));
    let late_usage = deliver(wiring, &late).await?;

    // The previous design's calls for the in-order snapshots, replayed raw.
    let old_ids = fridges(deps, "B", count).await?;
    let inventory = deps.table(Table::FridgeInventory)?;
    let before = deps.usage.totals();
    for step in 0..STEPS {
        for id in &old_ids {
            let body = snapshot(id, at(step), step);
            let stored = json!({ "locationId": id, "timestamp": stamp(at(step)), "slots": body["slots"], "receivedAt": stamp(Utc::now()) });
            let key = std::collections::HashMap::from([("locationId".to_string(), store::s(id))]);
            let seen: Option<Value> = inventory.get(key).await?;
            let put = Put::builder().table_name(inventory.name).set_item(Some(store::to_item(&stored)?));
            let put = match seen.as_ref().and_then(|s| s["timestamp"].as_str()) {
                None => put.condition_expression("attribute_not_exists(locationId)"),
                Some(ts) => put
                    .condition_expression("#ts = :seen")
                    .expression_attribute_names("#ts", "timestamp")
                    .expression_attribute_values(":seen", store::s(ts)),
            };
            let item = TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build();
            store::transact(inventory.client, vec![item]).await?;
        }
    }
    let previous = deps.usage.totals().since(&before);
    let per = (count * STEPS) as f64;
    let answer = json!({
        "snapshots": count * STEPS, "slots": SLOTS,
        "perSnapshot": { "inOrder": usage_json(&ordered, per), "late": usage_json(&late_usage, per), "previous": usage_json(&previous, per) },
    });
    let line = |name: &str, v: &Value| {
        let calls: f64 = v["calls"].as_object().map_or(0.0, |c| c.values().filter_map(Value::as_f64).sum());
        eprintln!(
            "{name:<44} {calls:>5.2} calls {:>6.2} read units {:>6.2} write units per snapshot",
            v["readUnits"].as_f64().unwrap_or(0.0),
            v["writeUnits"].as_f64().unwrap_or(0.0)
        );
    };
    eprintln!("{} snapshots of {SLOTS} slots, {count} fridges a run:", count * STEPS);
    line("in order, through the handler", &answer["perSnapshot"]["inOrder"]);
    line("one in ten late, through the handler", &answer["perSnapshot"]["late"]);
    line("previous design (same run, raw)", &answer["perSnapshot"]["previous"]);
    Ok(answer)
}
