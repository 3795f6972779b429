//! The dashboard's day, its route stops and driver actions, as a warm
//! container keeps it (`WarmCopies`). The first read of a date is whole; a
//! refresh reads only what changed since:
//! - the routes' version items (one small Query per shard). The schedule
//!   upload changes a route's stops and its version in one transaction, so
//!   only a route whose version moved (or appeared, or went) is read again;
//! - the actions recorded since the last read, less `OVERLAP` (index
//!   `byDayCreated`). Actions are never changed once written, but for a
//!   supervisor's correction (`correct`), which writes a marker there: a
//!   refresh that reads one reads the day whole. One read twice is kept once (by id).
//!
//! At 25,000 fridges a day holds ~2,500 stops and thousands of actions: read
//! whole, every refresh (every 2 minutes) cost ~230 read units and most of
//! its time. A copy is read whole again after `REBUILD_AFTER`, which bounds
//! what a writer outside these paths (a seed) could leave unseen.
use crate::drop::SlipLock;
use crate::record::{StoredAction, CORRECTION_MARKER};
use crate::store::BoardStore;
use crate::warm_copy::WarmCopies;
use chrono::TimeDelta;
use fleet_shared::entity::route_stop::{RouteStop, StoredVersion};
use fleet_shared::{fridge_time, store, ApiError};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a copy grows from what changed before it is read whole again.
pub const REBUILD_AFTER: Duration = Duration::from_secs(15 * 60);
/// How far before its last read a refresh reads recorded actions again. An
/// action is stamped (`createdAt`) before it is stored, by a function that
/// runs at most 15 s (template.yaml's Timeout), and an index follows its table
/// within seconds: an action stamped before the last read but visible only
/// after it is still found.
pub const OVERLAP: TimeDelta = TimeDelta::minutes(5);
/// Where a whole read of a day's actions starts (`byDayCreated`, by `createdAt`): every
/// stamp sorts after it. That index, unlike `byStockingDay`, still holds a voided action.
const WHOLE_DAY: &str = "0";
/// Dates a container keeps: a dashboard shows one at a time (today, tomorrow, a past day).
const DATES_KEPT: usize = 4;

/// A date's stops by route, and the route versions they are at least as new as. Shared lists: a
/// refresh's next copy shares every route it did not read again.
#[derive(Clone, Default)]
pub struct Stops {
    versions: BTreeMap<String, u64>,
    routes: BTreeMap<String, Arc<Vec<RouteStop>>>,
}

/// A day's actions in `occurredSk` order, and where the next delta read starts. Shared lists: a
/// refresh that found nothing new copies neither.
#[derive(Clone, Default)]
pub struct Actions {
    actions: Arc<Vec<StoredAction>>,
    ids: Arc<HashSet<String>>,
    /// The `createdAt` stamp the next read since starts at.
    from: String,
}

/// The warm copies of the days a container has answered.
pub struct DayCopies {
    stops: WarmCopies<Stops>,
    actions: WarmCopies<Actions>,
}

impl DayCopies {
    pub const fn new() -> Self {
        Self::with_rebuild_after(REBUILD_AFTER)
    }

    pub const fn with_rebuild_after(rebuild_after: Duration) -> Self {
        DayCopies {
            stops: WarmCopies::new(rebuild_after, DATES_KEPT),
            actions: WarmCopies::new(rebuild_after, DATES_KEPT),
        }
    }
}

impl Default for DayCopies {
    fn default() -> Self {
        Self::new()
    }
}

fn versions(read: Vec<StoredVersion>) -> BTreeMap<String, u64> {
    read.into_iter().map(|v| (v.route().to_string(), v.version)).collect()
}

impl Stops {
    fn all(&self) -> Vec<RouteStop> {
        self.routes.values().flat_map(|stops| stops.iter()).cloned().collect()
    }
}

/// The route stops of `date`: the copy brought up to date, or a whole read.
pub async fn stops<S: BoardStore>(store: &S, copies: &DayCopies, date: &str) -> Result<Vec<RouteStop>, ApiError> {
    let started = Instant::now();
    let (built, next) = match copies.stops.get(date) {
        Some(warm) => (warm.built, stops_since(store, &warm.copy, date).await?),
        None => {
            // The versions first: the stops, strongly consistent after them, are at least as new.
            let versions = versions(store.versions(date).await?);
            let mut routes: BTreeMap<String, Vec<RouteStop>> = BTreeMap::new();
            for stop in store.stops(date).await? {
                routes.entry(stop.route.clone()).or_default().push(stop);
            }
            (started, Stops { versions, routes: routes.into_iter().map(|(r, stops)| (r, Arc::new(stops))).collect() })
        }
    };
    let all = next.all();
    copies.stops.put(date, built, started, next);
    Ok(all)
}

async fn stops_since<S: BoardStore>(store: &S, held: &Stops, date: &str) -> Result<Stops, ApiError> {
    use futures::stream::{self, StreamExt, TryStreamExt};
    let now = versions(store.versions(date).await?);
    let moved = now.iter().filter(|(route, v)| held.versions.get(*route) != Some(*v)).map(|(route, _)| route);
    let gone = held.versions.keys().filter(|route| !now.contains_key(*route));
    let changed: Vec<String> = moved.chain(gone).cloned().collect();
    let read: Vec<(String, Vec<RouteStop>)> = stream::iter(changed)
        .map(|route| async move { store.route_stops(date, &route).await.map(|stops| (route, stops)) })
        .buffer_unordered(store::BATCH_GETS_IN_FLIGHT)
        .try_collect()
        .await?;
    let mut next = Stops { versions: now, routes: held.routes.clone() };
    for (route, stops) in read {
        if stops.is_empty() {
            next.routes.remove(&route);
        } else {
            next.routes.insert(route, Arc::new(stops));
        }
    }
    Ok(next)
}

impl Actions {
    fn add(&mut self, read: Vec<StoredAction>) {
        let new: Vec<StoredAction> = read
            .into_iter()
            // A voided action is kept: it did not happen, but its void is when a route whose only
            // action it was became late again (the Needs-attention panel); every reader of the
            // actions leaves it out as an action (`board::recorded`).
            .filter(|a| a.event_type != CORRECTION_MARKER && !self.ids.contains(&a.id))
            .collect();
        if new.is_empty() {
            return;
        }
        let (actions, ids) = (Arc::make_mut(&mut self.actions), Arc::make_mut(&mut self.ids));
        for action in new {
            if ids.insert(action.id.clone()) {
                actions.push(action);
            }
        }
        actions.sort_by(|a, b| a.occurred_sk.cmp(&b.occurred_sk));
    }
}

/// The driver actions of the stocking day `day`, oldest `occurredAt` first: the copy brought up to
/// date, or a whole read.
pub async fn actions<S: BoardStore>(
    store: &S,
    copies: &DayCopies,
    day: &str,
) -> Result<Arc<Vec<StoredAction>>, ApiError> {
    let started = Instant::now();
    let from = fridge_time::stamp(fridge_time::now() - OVERLAP);
    let (built, mut next) = match copies.actions.get(day) {
        Some(warm) => {
            let read = store.actions_since(day, &warm.copy.from).await?;
            if read.iter().any(|a| a.event_type == CORRECTION_MARKER) {
                // A supervisor changed an action the copy holds (`correct`): corrections are
                // rare, so the day is read whole rather than patched.
                let mut next = Actions::default();
                next.add(store.actions_since(day, WHOLE_DAY).await?);
                (started, next)
            } else {
                let mut next = (*warm.copy).clone();
                next.add(read);
                (warm.built, next)
            }
        }
        None => {
            let mut next = Actions::default();
            next.add(store.actions_since(day, WHOLE_DAY).await?);
            (started, next)
        }
    };
    next.from = from;
    let all = next.actions.clone();
    copies.actions.put(day, built, started, next);
    Ok(all)
}

/// The live drop statuses (slip locks) of `date`'s slips, read whole on every refresh, never copied: a
/// supervisor's revert deletes a lock, and a read of what was recorded since never sees a delete. A
/// date holds few (one per overridden slip): one small consistent Query per shard.
pub async fn locks<S: BoardStore>(store: &S, date: &str) -> Result<Vec<SlipLock>, ApiError> {
    store.locks(date).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Board as Fake;
    use fleet_shared::entity::route_stop::version_key;

    const DATE: &str = "2026-11-23";

    fn stop(id: &str, route: &str, n: i64) -> RouteStop {
        crate::store::memory::stop(DATE, id, route, n, "MW")
    }

    fn version(route: &str, version: u64) -> StoredVersion {
        StoredVersion { route_stop: version_key(route), version }
    }

    /// An action that happened at `occurred` and was recorded at `created`.
    fn action(id: &str, occurred: &str, created: &str) -> StoredAction {
        StoredAction {
            event_type: "PackingSlipQuery".into(),
            sk: format!("{created}#{id}"),
            id: id.into(),
            location_id: "L1".into(),
            data: "{}".into(),
            created_at: created.into(),
            occurred_at: occurred.into(),
            stocking_day: DATE.into(),
            occurred_sk: format!("{occurred}#{id}"),
            request_id: id.into(),
            created_by: "d@fleet".into(),
            created_by_sub: "sub-d".into(),
            created_by_name: None,
            correction: None,
        }
    }

    fn ids(actions: &[StoredAction]) -> Vec<&str> {
        actions.iter().map(|a| a.id.as_str()).collect()
    }

    #[tokio::test]
    async fn a_refresh_reads_the_versions_and_only_the_routes_whose_version_moved() {
        let mut f = Fake {
            stops: vec![stop("A", "R1", 1), stop("B", "R1", 2), stop("C", "R2", 1)],
            versions: vec![version("R1", 1), version("R2", 1)],
            ..Fake::default()
        };
        let copies = DayCopies::new();
        assert_eq!(stops(&f, &copies, DATE).await.unwrap().len(), 3);
        assert_eq!(f.calls(), 2, "whole: the versions, then the stops");

        // Unchanged: the versions alone.
        assert_eq!(stops(&f, &copies, DATE).await.unwrap().len(), 3);
        assert_eq!(f.calls(), 3);

        // R1 replaced (new version), R3 new, R2's stops changed without a version: only R1 and R3 are read.
        f.stops = vec![stop("D", "R1", 1), stop("C", "R2", 1), stop("X", "R2", 2), stop("E", "R3", 1)];
        f.versions = vec![version("R1", 2), version("R2", 1), version("R3", 1)];
        let seen: Vec<String> = stops(&f, &copies, DATE).await.unwrap().into_iter().map(|s| s.id).collect();
        assert_eq!(seen, ["D", "C", "E"], "R2 kept as copied until a rebuild");
        assert_eq!(f.calls(), 6, "versions + R1 + R3");

        // R3's version gone with its stops: the route goes.
        f.stops.retain(|s| s.route != "R3");
        f.versions.retain(|v| v.route() != "R3");
        let seen: Vec<String> = stops(&f, &copies, DATE).await.unwrap().into_iter().map(|s| s.id).collect();
        assert_eq!(seen, ["D", "C"]);

        // A copy due for a rebuild is read whole: R2's unversioned change shows.
        let due = DayCopies::with_rebuild_after(Duration::ZERO);
        stops(&f, &due, DATE).await.unwrap();
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(stops(&f, &due, DATE).await.unwrap().len(), 3);
    }

    #[tokio::test]
    async fn a_refresh_adds_what_was_recorded_since_even_when_it_happened_long_before() {
        let mut f = Fake {
            actions: vec![
                action("a2", "2026-11-23T10:05:00.000Z", "2026-11-23T10:05:01.000Z"),
                action("a1", "2026-11-23T10:00:00.000Z", "2026-11-23T10:00:01.000Z"),
            ],
            ..Fake::default()
        };
        let copies = DayCopies::new();
        assert_eq!(ids(&actions(&f, &copies, DATE).await.unwrap()), ["a1", "a2"], "occurredAt order");
        assert_eq!(f.calls(), 1);

        // An offline driver's action: it happened before the others, and is recorded now.
        let now = fridge_time::now_text();
        f.actions.push(action("late", "2026-11-23T09:00:00.000Z", &now));
        assert_eq!(ids(&actions(&f, &copies, DATE).await.unwrap()), ["late", "a1", "a2"]);
        // Read again within the overlap: kept once.
        assert_eq!(ids(&actions(&f, &copies, DATE).await.unwrap()), ["late", "a1", "a2"]);
        assert_eq!(f.calls(), 3, "one whole read, then a read since per refresh");
    }

    #[tokio::test]
    async fn a_correction_marker_makes_the_refresh_read_the_day_whole_and_a_voided_action_goes() {
        let mut f = Fake {
            actions: vec![
                action("a1", "2026-11-23T10:00:00.000Z", "2026-11-23T10:00:01.000Z"),
                action("a2", "2026-11-23T10:05:00.000Z", "2026-11-23T10:05:01.000Z"),
            ],
            ..Fake::default()
        };
        let copies = DayCopies::new();
        assert_eq!(ids(&actions(&f, &copies, DATE).await.unwrap()), ["a1", "a2"]);
        // A supervisor voids a1 (out of the day index) and re-times a2 before it, with a marker now.
        let now = fridge_time::now_text();
        f.actions[0].occurred_sk = String::new();
        f.actions[0].correction = Some(crate::record::Correction {
            kind: crate::record::CorrectionKind::Void,
            at: now.clone(),
            by: "s@x.co".into(),
            by_sub: "s".into(),
            reason: "not there".into(),
            original_occurred_at: "2026-11-23T10:00:00.000Z".into(),
        });
        f.actions[1].occurred_at = "2026-11-23T09:00:00.000Z".into();
        f.actions[1].occurred_sk = "2026-11-23T09:00:00.000Z#a2".into();
        f.actions.push(StoredAction {
            event_type: CORRECTION_MARKER.into(),
            occurred_sk: String::new(),
            ..action("m", &now, &now)
        });
        let after: Vec<StoredAction> = actions(&f, &copies, DATE).await.unwrap().to_vec();
        // The voided action is kept as voided (its void's time is a fact of the day); the marker is not an action.
        assert_eq!(ids(&after), ["a1", "a2"]);
        assert!(after[0].is_voided() && !after[1].is_voided());
        assert_eq!(after[1].occurred_at, "2026-11-23T09:00:00.000Z");
        assert_eq!(f.calls(), 3, "whole, then since (a marker), then whole again");
    }

    #[tokio::test]
    async fn a_failed_refresh_keeps_the_copy_for_the_next_one() {
        let mut f = Fake {
            actions: vec![action("a1", "2026-11-23T10:00:00.000Z", "2026-11-23T10:00:01.000Z")],
            ..Fake::default()
        };
        let copies = DayCopies::new();
        actions(&f, &copies, DATE).await.unwrap();
        f.failing = vec!["actions"];
        assert!(actions(&f, &copies, DATE).await.is_err());
        f.failing.clear();
        assert_eq!(ids(&actions(&f, &copies, DATE).await.unwrap()), ["a1"]);
        assert_eq!(f.calls(), 3, "no whole read again");
    }
}
