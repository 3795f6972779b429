//! `fleet-local bench-dashboard DATE STOPS FRIDGES`: the stocking dashboard's
//! figures (issue 23). The stack gets FRIDGES fridges with a heartbeat each
//! through the real ingest (`bench::health`), STOPS route stops on DATE on
//! those fridges (20 a route), and the day's driver actions (a scan at every
//! stop, a LocationStocked at every other one), written as stored actions:
//! DATE is far from today, where createDriverAction's 36-hour window cannot
//! reach. Then `stockingDashboard` is answered in process against the
//! emulator: the first answer and 20 refreshes, timed, with every store call
//! counted by a wrapper of the dashboard's store.
use fleet_shared::entity::route_stop::{RouteStop, StoredVersion};
use fleet_shared::{ApiError, Deps, Input, Table};
use fn_stocking::store::dashboard::{BoardHealth, BoardLocation, BoardStore, FleetHealth};
use fn_stocking::store::{Dynamo, StoredAction};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Counts the calls the dashboard makes of its store: each is one DynamoDB
/// Query (of one page at these sizes) or one BatchGetItem of at most 100 keys.
struct Counting<'a, S> {
    inner: &'a S,
    calls: AtomicUsize,
}

impl<S: BoardStore> BoardStore for Counting<'_, S> {
    async fn stops(&self, date: &str) -> Result<Vec<RouteStop>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.stops(date).await
    }
    async fn versions(&self, date: &str) -> Result<Vec<StoredVersion>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.versions(date).await
    }
    async fn route_stops(&self, date: &str, route: &str) -> Result<Vec<RouteStop>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.route_stops(date, route).await
    }
    async fn actions(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.actions(day).await
    }
    async fn actions_since(&self, day: &str, from: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.actions_since(day, from).await
    }
    async fn locks(&self, date: &str) -> Result<Vec<fn_stocking::drop::SlipLock>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.locks(date).await
    }
    async fn drivers(&self, date: &str) -> Result<Vec<fleet_shared::entity::assignment::DriverAssignment>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.drivers(date).await
    }
    async fn health(&self, ids: &[String]) -> Result<Vec<BoardHealth>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.health(ids).await
    }
    async fn fleet_health(&self) -> Result<Option<std::sync::Arc<FleetHealth>>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.fleet_health().await
    }
    async fn locations(&self, ids: &[String]) -> Result<Vec<BoardLocation>, ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.locations(ids).await
    }
}

/// The day's stops on the first `stops` fridges, and their actions. An action happens on DATE, but
/// is recorded (`createdAt`, the server's clock) in the 10 hours before the seed, in stop order, as a
/// working day records them: a refresh then finds the last few minutes' actions recorded since, not
/// every action of a date ahead of the clock.
pub async fn seed_day(deps: &'static Deps, date: &str, ids: &[String]) -> Result<usize, ApiError> {
    let mut stops = Vec::with_capacity(ids.len());
    let mut actions = Vec::new();
    let seeded_at = fleet_shared::fridge_time::now();
    let day_ms = 10 * 3_600_000_i64;
    let recorded = |i: usize, k: usize| {
        let before = day_ms * (ids.len() - i) as i64 / ids.len().max(1) as i64 - k as i64;
        fleet_shared::fridge_time::stamp(seeded_at - chrono::TimeDelta::milliseconds(before))
    };
    for (i, id) in ids.iter().enumerate() {
        stops.push(crate::loads::bench_stop(date, "bench", i, id, ["MW", "NE", "WC", "S"][i / 20 % 4])?);
        let mut kinds = vec![("PackingSlipQuery", json!({ "packingSlipId": format!("slip-{i}"), "stockingIndex": 1 }))];
        if i % 2 == 0 {
            kinds.push(("LocationStocked", json!({ "stockingIndex": 1, "temperature": 37.0 })));
        }
        for (k, (kind, data)) in kinds.into_iter().enumerate() {
            let at = format!("{date}T{:02}:{:02}:00.000Z", 12 + i / 60 % 8, (i + k * 7) % 60);
            let id_of = format!("bench-{i}-{k}");
            let created = recorded(i, k);
            actions.push(
                StoredAction {
                    event_type: kind.into(),
                    sk: format!("{created}#{id_of}"),
                    id: id_of.clone(),
                    location_id: id.clone(),
                    data: data.to_string(),
                    created_at: created,
                    occurred_at: at.clone(),
                    stocking_day: date.into(),
                    occurred_sk: format!("{at}#{id_of}"),
                    request_id: id_of,
                    created_by: format!("driver{}@fleet.local", i / 20 % 6 + 1),
                    created_by_sub: format!("bench-driver-{}", i / 20 % 6),
                    created_by_name: None,
                    correction: None,
                }
                .item()?,
            );
        }
    }
    let count = actions.len();
    deps.table(Table::LocationRoutes)?.batch_put(stops).await?;
    deps.table(Table::DriverActions)?.batch_put(actions).await?;
    Ok(count)
}

pub async fn run(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    date: &str,
    stops: usize,
    fridges: usize,
) -> Result<(), ApiError> {
    let reported = crate::loads::health(wiring, deps, fridges).await?;
    let locations: Vec<std::collections::HashMap<String, Value>> = deps.table(Table::Locations)?.scan_all().await?;
    let mut ids: Vec<String> =
        locations.iter().filter_map(|l| l.get("id").and_then(Value::as_str).map(str::to_string)).collect();
    ids.sort();
    ids.truncate(stops);
    let actions = seed_day(deps, date, &ids).await?;
    println!(
        "dashboard: {reported} fridges with health, {} stops on {date} in {} routes, {actions} driver actions",
        ids.len(),
        ids.len().div_ceil(20)
    );

    let store = Counting { inner: &Dynamo(deps), calls: AtomicUsize::new(0) };
    let input = Input { args: json!({ "filter": { "dropOffDate": date } }), ..Input::default() };
    // One container's copies: the first answer reads the day whole, the refreshes what changed.
    let days = fn_stocking::board_day::DayCopies::new();
    let mut times = Vec::new();
    let mut calls = Vec::new();
    for _ in 0..21 {
        store.calls.store(0, Ordering::SeqCst);
        let t0 = Instant::now();
        let out = fn_stocking::board::dashboard(&store, &days, fleet_shared::contract::request(&input)?).await?;
        let out = serde_json::to_value(out).map_err(ApiError::internal)?;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        calls.push(store.calls.load(Ordering::SeqCst));
        if out["summary"]["total"].as_u64() != Some(ids.len() as u64) {
            return Err(ApiError::internal(format!("expected {} stops, got {}", ids.len(), out["summary"]["total"])));
        }
    }
    let first = times[0];
    let mut refreshes = times[1..].to_vec();
    refreshes.sort_by(f64::total_cmp);
    println!(
        "stockingDashboard in process: first answer {first:.0} ms, refresh median {:.0} ms, slowest {:.0} ms over {} refreshes (target < 1000 ms)",
        refreshes[refreshes.len() / 2],
        refreshes[refreshes.len() - 1],
        refreshes.len()
    );
    println!(
        "AWS store calls: first answer {} (the routes' versions, the stops and the day's actions, {} BatchGetItem of health and of locations, at most 100 keys each), a refresh {} (the versions, the actions recorded since, health; locations from the warm cache) + 1 permission read by the gate",
        calls[0],
        2 * ids.len().div_ceil(100),
        calls[calls.len() - 1]
    );
    Ok(())
}
