//! `fleet-local bench-reports`: the figures of the range reports (issue 25).
//! Seven days ending now get 50,000 driver log entries (a request and a
//! response per call) and 10,000 LocationStocked actions with a temperature,
//! written directly in batches (the reads are what is measured); then the
//! first page of `GET /reports/driverlog` and `GET /reports/routetemperatures`
//! for the seven days is answered in process against the emulator, 11 times each.
use chrono::{Duration, Utc};
use fleet_shared::driver_log::Call;
use fleet_shared::fridge_time::stamp;
use fleet_shared::{store, ApiError, Caller, Deps, Input, Table};
use fn_stocking::store::StoredAction;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::future::Future;
use std::time::Instant;

const DAYS: i64 = 7;

pub async fn seed(deps: &'static Deps, entries: usize, readings: usize) -> Result<(), ApiError> {
    let now = Utc::now();
    let span = Duration::days(DAYS).num_seconds();
    let caller = Caller {
        sub: "bench-driver".into(),
        username: "b".into(),
        email: "b@x.co".into(),
        email_verified: true,
        name: None,
    };
    let mut log = Vec::with_capacity(entries);
    for i in 0..entries / 2 {
        let at = now - Duration::seconds(span * i as i64 / (entries / 2) as i64 + 1);
        let (fridge, request) = (format!("BRP_{:04}", i % 500), format!("bench-{i}"));
        let call = Call { caller: &caller, fridge: &fridge, operation: "LocationStocked", request_id: &request };
        log.push(store::to_item(&call.entry("request", at, None))?);
        log.push(store::to_item(&call.entry("response", at + Duration::milliseconds(120), None))?);
    }
    deps.table(Table::DriverLog)?.batch_put(log).await?;
    let mut actions = Vec::with_capacity(readings);
    for i in 0..readings {
        let at = now - Duration::seconds(span * i as i64 / readings as i64 + 1);
        let (id, occurred) = (format!("bench-{i}"), stamp(at));
        let day = fn_stocking::window::stocking_day(at).to_string();
        actions.push(
            StoredAction {
                event_type: "LocationStocked".into(),
                sk: format!("{occurred}#{id}"),
                id: id.clone(),
                location_id: format!("BRP_{:04}", i % 500),
                data: json!({ "stockingIndex": 1, "temperature": 34.0 + (i % 12) as f64 }).to_string(),
                created_at: occurred.clone(),
                occurred_at: occurred.clone(),
                stocking_day: day,
                occurred_sk: format!("{occurred}#{id}"),
                request_id: id,
                created_by: "b@x.co".into(),
                created_by_sub: "bench-driver".into(),
                created_by_name: None,
                correction: None,
            }
            .item()?,
        );
    }
    deps.table(Table::DriverActions)?.batch_put(actions).await?;
    Ok(())
}

/// Answers `run` 11 times; prints the first answer and the median and slowest of the rest.
async fn time<F, Fut>(name: &str, run: F) -> Result<(), ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Value, ApiError>>,
{
    let mut times = Vec::new();
    let mut rows = 0;
    for _ in 0..11 {
        let t0 = Instant::now();
        let out = run().await?;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        rows = out["items"].as_array().map_or(0, Vec::len);
    }
    let mut again = times[1..].to_vec();
    again.sort_by(f64::total_cmp);
    println!(
        "{name}, first page of {DAYS} days ({rows} rows): first {:.0} ms, median {:.0} ms, slowest {:.0} ms over {} more (target < 1000 ms)",
        times[0],
        again[again.len() / 2],
        again[again.len() - 1],
        again.len()
    );
    Ok(())
}

pub async fn run(deps: &'static Deps, entries: usize, readings: usize) -> Result<(), ApiError> {
    let t0 = Instant::now();
    seed(deps, entries, readings).await?;
    println!(
        "reports: {entries} driver log entries and {readings} temperature readings over {DAYS} days, seeded in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    let now = Utc::now();
    let query = HashMap::from([
        ("startTime".to_string(), (now - Duration::days(DAYS)).timestamp().to_string()),
        ("endTime".to_string(), (now + Duration::minutes(1)).timestamp().to_string()),
    ]);
    let input = Input { query, ..Input::default() };
    // Each handler as its Lambda runs it (parsed at the edge, answered as JSON), without the gate.
    let handler = |name: &str| {
        fleet_functions::by_name(name).map(|s| s.handler.call).ok_or_else(|| ApiError::internal(format!("no {name}")))
    };
    let (driver_log, temperatures) = (handler("driver_log_report")?, handler("route_temperatures_report")?);
    time("driver log", || driver_log(deps, input.clone())).await?;
    time("route temperatures", || temperatures(deps, input.clone())).await?;
    Ok(())
}
