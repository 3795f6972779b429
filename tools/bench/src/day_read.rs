//! `fleet-local bench-day-read DATE RUNS`: a dashboard container's first read of a day's actions
//! (`Dynamo::of_stocking_day`: each shard in slices of the day, side by side) beside the same read of each
//! shard page after page, as it was before (the baseline, in the same run), alternated RUNS times each. Prints
//! the actions, the shards and each read's times as JSON.
use fleet_shared::{shard, ApiError, Deps, Table};
use fn_stocking::record::StoredAction;
use fn_stocking::store::{Dynamo, BY_STOCKING_DAY};
use serde_json::{json, Value};
use std::time::Instant;

/// The read before the slices: one Query per shard, its pages one after another.
async fn whole(deps: &'static Deps, day: &str) -> Result<Vec<StoredAction>, ApiError> {
    let q = deps.table(Table::DriverActions)?.query("dayShard", "").index(BY_STOCKING_DAY);
    q.across(shard::keys(day), "occurredSk", &["pk", "sk", "dayShard", "occurredSk"]).all().await
}

fn median(mut ms: Vec<u128>) -> u128 {
    ms.sort_unstable();
    ms.get(ms.len() / 2).copied().unwrap_or(0)
}

pub async fn run(deps: &'static Deps, day: &str, runs: usize) -> Result<Value, ApiError> {
    let (mut sliced_ms, mut whole_ms) = (Vec::new(), Vec::new());
    let mut items = (0, 0);
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        items.0 = Dynamo(deps).of_stocking_day(day).await?.len();
        sliced_ms.push(started.elapsed().as_millis());
        let started = Instant::now();
        items.1 = whole(deps, day).await?.len();
        whole_ms.push(started.elapsed().as_millis());
    }
    if items.0 != items.1 {
        return Err(ApiError::internal(format!("the sliced read had {} actions, the whole {}", items.0, items.1)));
    }
    let shards = shard::keys(day).len();
    let (sliced, base) = (median(sliced_ms.clone()), median(whole_ms.clone()));
    Ok(json!({
        "day": day,
        "actions": items.0,
        // A shard of one page is one Query either way; the slices start past a first page.
        "shards": shards,
        "slicedMs": sliced_ms,
        "wholeMs": whole_ms,
        "medianMs": { "sliced": sliced, "whole": base },
        "slicedOverWhole": (sliced as f64 / base.max(1) as f64 * 100.0).round() / 100.0,
    }))
}
