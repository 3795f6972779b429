//! `stockingDashboard(filter: {dropOffDate, region, market, routes})`: the
//! Stocking Real-Time Dashboard (2-fleet §2.4) in one answer. Four parts are
//! read (route stops, the stocking day's actions, health, location fields);
//! a part that fails is reported FAILED and the rest is still answered, so
//! the browser shows that part's §8 warning and keeps what it has.
use crate::board_day::{self, DayCopies};
use crate::dashboard::{self, Facts, Recorded};
use crate::drop::SlipLock;
use crate::events::{ActionData, DropOverride, EventType};
use crate::record::StoredAction;
use crate::status::StopStatus;
use crate::store::{BoardHealth, BoardLocation, BoardStore, BATCH_KEYS};
use chrono::{DateTime, NaiveDate, Utc};
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::{fridge_time, ApiError};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

mod request;
use request::{window, Asked};
pub use request::{
    Checked, DashboardArgs, Filter, RawFilter, ShownRoute, MARKETS, MAX_ROUTES, MAX_ROWS_PER_ANSWER, MAX_SHOWN_ROUTES,
    ROWS_PER_ANSWER,
};

/// The §4.4 statuses a route counts as done (its progress bar).
const DONE: [StopStatus; 5] = [
    StopStatus::Completed,
    StopStatus::UnreachableIncomplete,
    StopStatus::UnreachableComplete,
    StopStatus::ClearoutComplete,
    StopStatus::ClearoutDecommissionComplete,
];

const ALL_STATUSES: [StopStatus; 9] = [
    StopStatus::NotStarted,
    StopStatus::VanTemperatureSet,
    StopStatus::InProgress,
    StopStatus::Incomplete,
    StopStatus::Completed,
    StopStatus::UnreachableIncomplete,
    StopStatus::UnreachableComplete,
    StopStatus::ClearoutComplete,
    StopStatus::ClearoutDecommissionComplete,
];

/// A digest of a route's rows, as answered: equal rows, equal digests. Taken
/// over the rows as JSON values, as before they were typed, so the digests a
/// browser holds stay valid.
fn rows_digest(rows: &[StopRow]) -> String {
    dashboard::digest(rows)
}

/// A stop's status, its row (None for a route answered without rows) and when its last action happened.
type StopLine = (StopStatus, Option<StopRow>, Option<String>);

/// The dashboard's answer (`StockingDashboard`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardView {
    pub drop_off_date: String,
    pub window_start: String,
    pub window_end: String,
    pub as_of: String,
    pub route_names: Vec<String>,
    pub routes: Vec<RouteView>,
    pub summary: SummaryView,
    /// What needs an operator (issue 42), over the same stops and filters.
    pub attention: crate::attention::AttentionView,
    pub parts: Parts,
}

/// Each part's state: OK or FAILED.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Parts {
    pub slips: &'static str,
    pub actions: &'static str,
    pub health: &'static str,
    pub locations: &'static str,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SummaryView {
    pub total: usize,
    pub counts: Vec<StatusCount>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StatusCount {
    pub status: &'static str,
    pub label: &'static str,
    pub count: usize,
}

/// One route's card.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteView {
    pub route: String,
    pub market: Option<String>,
    pub total: usize,
    pub done: usize,
    pub last_action_at: Option<String>,
    /// Null for a route answered without its rows, or whose rows the browser already shows.
    pub stops: Option<Vec<StopRow>>,
    pub rows_digest: Option<String>,
    pub unchanged: bool,
}

/// A stop's §2.4 row.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopRow {
    pub stop: i64,
    pub stocking_index: i64,
    pub stop_type: String,
    pub route_name: String,
    pub location_id: String,
    pub location_name: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub scanned_at: Option<String>,
    pub stocked_at: Option<String>,
    pub stocked_action_id: Option<String>,
    pub account_tier: Option<String>,
    pub online_date: Option<String>,
    /// Yes or No.
    pub safety_hold: Option<&'static str>,
    pub vending_state: Option<String>,
    pub vending_state_label: Option<String>,
    pub status: &'static str,
    pub status_label: &'static str,
    /// Who the Driver column shows, by name (their e-mail when they have none), and their e-mail.
    pub driver: Option<String>,
    pub driver_email: Option<String>,
    pub assigned_driver: Option<String>,
    pub assigned_driver_email: Option<String>,
    pub not_assignee: bool,
    pub last_action_at: Option<String>,
}

/// A part's state, as the browser reads it.
fn state<T>(part: &Result<T, ApiError>, name: &str) -> &'static str {
    match part {
        Ok(_) => "OK",
        Err(e) => {
            tracing::warn!(part = name, error = %e, "a dashboard part failed");
            "FAILED"
        }
    }
}

fn recorded(a: &StoredAction) -> Option<Recorded> {
    // Not driver actions: a correction's marker, and an acknowledgement (read apart, `acknowledgement`).
    if a.is_voided()
        || a.event_type == crate::record::CORRECTION_MARKER
        || a.event_type == crate::acknowledge::ACK_EVENT
    {
        return None;
    }
    let data = EventType::parse(&a.event_type).and_then(|k| ActionData::parse(k, &Value::String(a.data.clone())));
    match data {
        Ok(data) => Some(Recorded {
            id: a.id.clone(),
            location_id: a.location_id.clone(),
            data,
            occurred_at: a.occurred_at.clone(),
            // People read names: the e-mail only for a caller without one.
            by: a.created_by_name.clone().unwrap_or_else(|| a.created_by.clone()),
            by_email: a.created_by.clone(),
            by_sub: a.created_by_sub.clone(),
        }),
        Err(e) => {
            // Stored actions were checked when written; one that no longer reads is skipped, not fatal.
            tracing::warn!(id = %a.id, error = %e, "a stored driver action does not read");
            None
        }
    }
}

/// A recorded drop status as the status rules read it: a DropOverride of its slip, by its author.
fn overridden(lock: &SlipLock) -> Recorded {
    let (date, slip) = lock.slip();
    let data = DropOverride {
        user_submitted: lock.created_by.clone(),
        drop_status: lock.drop_status,
        status_reason: lock.status_reason.clone(),
        original_drop_off_date: date.to_string(),
        packing_slip_id: slip.to_string(),
    };
    Recorded {
        id: lock.action_id.clone(),
        location_id: lock.location_id.clone(),
        data: ActionData::DropOverride(data),
        occurred_at: lock.created_at.clone(),
        by: lock.created_by.clone(),
        by_email: lock.created_by.clone(),
        by_sub: String::new(),
    }
}

/// Reads one batch part for `ids`, a call per chunk of at most `BATCH_KEYS`,
/// `BATCH_GETS_IN_FLIGHT` at a time (a day's 2,500 stops are 25 chunks: one
/// after another they cost 25 round trips on the first load).
async fn batched<T, F, Fut>(ids: &[String], read: F) -> Result<Vec<T>, ApiError>
where
    F: Fn(Vec<String>) -> Fut,
    Fut: std::future::Future<Output = Result<Vec<T>, ApiError>>,
{
    use futures::stream::{self, StreamExt, TryStreamExt};
    // Owned chunks: a stream over borrowed slices is not Send for every lifetime.
    let chunks: Vec<Vec<String>> = ids.chunks(BATCH_KEYS).map(<[String]>::to_vec).collect();
    let found: Vec<Vec<T>> = stream::iter(chunks)
        .map(&read)
        .buffer_unordered(fleet_shared::store::BATCH_GETS_IN_FLIGHT)
        .try_collect()
        .await?;
    Ok(found.into_iter().flatten().collect())
}

/// The health of `ids`: from the fleet health snapshot (a HeadObject, and a GET once a minute at most,
/// whatever the day's size), or, without a fresh one, each stop's own record (a BatchGetItem per 100).
async fn health_of<S: BoardStore>(store: &S, ids: &[String], all: &[String]) -> Result<Vec<BoardHealth>, ApiError> {
    if all.is_empty() {
        return Ok(Vec::new());
    }
    match store.fleet_health().await {
        // The snapshot holds every fridge: the Needs-attention panel gets every chosen stop's at no cost.
        Ok(Some(fleet)) => return Ok(all.iter().filter_map(|id| fleet.0.get(id).cloned()).collect()),
        Ok(None) => {}
        Err(e) => tracing::warn!(error = %e, "the fleet health snapshot could not be read; reading the records"),
    }
    batched(ids, |chunk| async move { store.health(&chunk).await }).await
}

/// What the Needs-attention panel reads of a stop's fridge.
fn fridge_facts(h: &BoardHealth) -> crate::attention::FridgeFacts {
    crate::attention::FridgeFacts {
        heartbeat_at: h.timestamp.as_deref().and_then(fleet_shared::dates::instant),
        temperature: h.temperature,
        vending_state: h.jofemar_state.clone(),
        out_of_order: h.out_of_order == Some(true),
        safety_hold: h.safety_hold == Some(true),
        since: h
            .conditions_since
            .iter()
            .filter_map(|(c, t)| Some((c.clone(), fleet_shared::dates::instant(t)?)))
            .collect(),
    }
}

/// The day's actions as the status rules and the panel read them.
struct DayFacts<'a> {
    /// The driver actions (an override counts by its slip's live lock, not by its action: a revert deletes the lock).
    day: Vec<Recorded>,
    overrides: Vec<(Recorded, &'a SlipLock)>,
    acks: Vec<crate::attention::Acknowledgement>,
    /// When each voided action was voided, and where: a route whose only action it was is late again.
    voids: Vec<(DateTime<Utc>, String)>,
}

impl<'a> DayFacts<'a> {
    fn of(actions: Option<&[StoredAction]>, locks: &'a [SlipLock]) -> DayFacts<'a> {
        let all = actions.unwrap_or_default();
        DayFacts {
            day: all.iter().filter_map(recorded).filter(|r| !matches!(r.data, ActionData::DropOverride(_))).collect(),
            overrides: locks.iter().map(|l| (overridden(l), l)).collect(),
            acks: all.iter().filter_map(crate::acknowledge::acknowledgement).collect(),
            voids: all
                .iter()
                .filter(|a| a.is_voided())
                .filter_map(|a| {
                    Some((fleet_shared::dates::instant(&a.correction.as_ref()?.at)?, a.location_id.clone()))
                })
                .collect(),
        }
    }

    /// The Needs-attention panel of these stops at `now` (the day seen as it stood at `closes` once past).
    fn panel(
        &self,
        date: NaiveDate,
        (closes, now): (DateTime<Utc>, DateTime<Utc>),
        stops: &[RouteStop],
        drivers: &[DriverAssignment],
        health: &HashMap<String, BoardHealth>,
    ) -> crate::attention::AttentionView {
        let facts: HashMap<String, crate::attention::FridgeFacts> =
            health.iter().map(|(id, h)| (id.clone(), fridge_facts(h))).collect();
        let actions: Vec<&Recorded> = self.day.iter().chain(self.overrides.iter().map(|(r, _)| r)).collect();
        let day = crate::attention::Day {
            date,
            closes,
            now,
            stops,
            actions: &actions,
            drivers,
            health: &facts,
            voids: &self.voids,
        };
        crate::attention::view(crate::attention::occurrences(&day, &crate::attention::RULES), &self.acks)
    }
}

/// The day's open items as the dashboard reads them, for acknowledgements.
pub struct OpenDay<'a, S>(pub &'a S, pub &'a DayCopies);

impl<S: BoardStore> crate::acknowledge::OpenItems for OpenDay<'_, S> {
    async fn open_keys(
        &self,
        day: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<std::collections::HashSet<String>, ApiError> {
        open_keys(self.0, self.1, day, now).await
    }
}

/// The keys of the day's open Needs-attention items over every stop (no
/// filters): what an acknowledgement is checked against (issue 59). The day
/// is read as the dashboard reads it, from the container's warm copies.
pub async fn open_keys<S: BoardStore>(
    store: &S,
    copies: &DayCopies,
    date: NaiveDate,
    now: DateTime<Utc>,
) -> Result<std::collections::HashSet<String>, ApiError> {
    let (_, closes) = window(date)?;
    let day = date.format("%Y-%m-%d").to_string();
    let (stops, actions, locks, drivers) = tokio::try_join!(
        board_day::stops(store, copies, &day),
        board_day::actions(store, copies, &day),
        board_day::locks(store, &day),
        store.drivers(&day)
    )?;
    let mut ids: Vec<String> = stops.iter().map(|s| s.id.clone()).collect();
    ids.sort();
    ids.dedup();
    let health: HashMap<String, BoardHealth> =
        health_of(store, &ids, &ids).await?.into_iter().map(|h| (h.location_id.clone(), h)).collect();
    let facts = DayFacts::of(Some(&actions), &locks);
    let panel = facts.panel(date, (closes, now), &stops, &drivers, &health);
    Ok(panel.open.into_iter().map(|i| i.key).collect())
}

/// The dashboard over `store`, with the day (stops and actions) from the container's warm copies.
/// Who reads the dashboard (issue 61, "Who sees what"): the whole day, or a
/// driver, who sees only the routes assigned to them that day, with no
/// Needs-attention panel (it carries the office's notes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    WholeDay,
    /// A driver, by their Cognito sub.
    Driver(String),
}

/// Whether `viewer` may see the stop (`location`, `stocking_index`) of `date`:
/// anyone who sees the whole day may; a driver, a stop on a route assigned to
/// them that day.
pub async fn sees_stop<S: BoardStore>(
    store: &S,
    viewer: &Viewer,
    date: &str,
    location: &str,
    stocking_index: i64,
) -> Result<bool, ApiError> {
    let Viewer::Driver(sub) = viewer else { return Ok(true) };
    for assigned in store.drivers(date).await?.into_iter().filter(|d| &d.driver_sub == sub) {
        let stops = store.route_stops(date, &assigned.route).await?;
        if stops.iter().any(|s| s.id == location && s.stocking_index == stocking_index) {
            return Ok(true);
        }
    }
    Ok(false)
}

pub async fn dashboard<S: BoardStore>(
    store: &S,
    day: &DayCopies,
    args: DashboardArgs,
) -> Result<DashboardView, ApiError> {
    dashboard_for(store, day, args, &Viewer::WholeDay).await
}

/// `dashboard` as `viewer` may see it: the server filters, not the browser.
pub async fn dashboard_for<S: BoardStore>(
    store: &S,
    day: &DayCopies,
    args: DashboardArgs,
    viewer: &Viewer,
) -> Result<DashboardView, ApiError> {
    let Asked { filter, date, opens, closes, rows_of_first, rows_up_to, shown, shown_panel, panel_per_kind } =
        Asked::parse(args)?;
    let as_of = fridge_time::now();

    let (stops, actions, locks, drivers) = tokio::join!(
        board_day::stops(store, day, &date),
        board_day::actions(store, day, &date),
        board_day::locks(store, &date),
        store.drivers(&date)
    );
    // The routes' drivers are route facts to the browser: without them the Driver column may be wrong.
    let parts_slips = match state(&drivers, "drivers") {
        "OK" => state(&stops, "slips"),
        failed => failed,
    };
    // The overrides are actions to the browser: without them a stop's status may be wrong.
    let parts_actions = match state(&locks, "overrides") {
        "OK" => state(&actions, "actions"),
        failed => failed,
    };
    // A driver's own routes of the day: those assigned to them (none when the assignments could not be read).
    let own: Option<Vec<String>> = match viewer {
        Viewer::WholeDay => None,
        Viewer::Driver(sub) => Some(
            drivers
                .as_deref()
                .unwrap_or_default()
                .iter()
                .filter(|d| &d.driver_sub == sub)
                .map(|d| d.route.clone())
                .collect(),
        ),
    };
    let visible = |s: &RouteStop| own.as_ref().is_none_or(|own| own.contains(&s.route));
    let in_area: Vec<RouteStop> =
        stops.unwrap_or_default().into_iter().filter(|s| filter.in_area(s) && visible(s)).collect();
    let mut route_names: Vec<String> = in_area.iter().map(|s| s.route.clone()).collect();
    route_names.sort();
    route_names.dedup();
    let mut chosen: Vec<RouteStop> = in_area
        .into_iter()
        .filter(|s| filter.routes.is_empty() || filter.routes.binary_search(&s.route).is_ok())
        .collect();
    chosen.sort_by(|a, b| (&a.route, a.stop, a.stocking_index).cmp(&(&b.route, b.stop, b.stocking_index)));
    // The routes answered with rows: the first `rows_of_first` in route order, or all; and without rows on
    // screen (a search, a long day's later part), only those within `rows_up_to`, so that the others' health
    // and location fields are not read (`keep_within` bounds a refresh's answer once its digests are known).
    let mut with_rows: Vec<&str> = chosen.iter().map(|s| s.route.as_str()).collect();
    with_rows.dedup();
    with_rows.truncate(rows_of_first.unwrap_or(usize::MAX));
    if shown.is_empty() {
        with_rows.truncate(routes_within(&chosen, rows_up_to));
    }
    let has_rows = |stop: &RouteStop| with_rows.binary_search(&stop.route.as_str()).is_ok();

    let mut ids: Vec<String> = chosen.iter().filter(|s| has_rows(s)).map(|s| s.id.clone()).collect();
    ids.sort();
    ids.dedup();
    // The panel reads every chosen stop's fridge from the snapshot (one object, read whole anyway);
    // without one (a stopped schedule), only the records of the routes with rows are read, as before.
    let mut all_ids: Vec<String> = chosen.iter().map(|s| s.id.clone()).collect();
    all_ids.sort();
    all_ids.dedup();
    let (health, locations) = tokio::join!(
        health_of(store, &ids, &all_ids),
        batched(&ids, |chunk| async move { store.locations(&chunk).await })
    );
    let parts = Parts {
        slips: parts_slips,
        actions: parts_actions,
        health: state(&health, "health"),
        locations: state(&locations, "locations"),
    };
    let health: HashMap<String, BoardHealth> =
        health.unwrap_or_default().into_iter().map(|h| (h.location_id.clone(), h)).collect();
    let locations: HashMap<String, BoardLocation> =
        locations.unwrap_or_default().into_iter().map(|l| (l.id.clone(), l)).collect();
    let facts = DayFacts::of(actions.as_ref().ok().map(|a| a.as_slice()), locks.as_deref().unwrap_or_default());
    let drivers = drivers.unwrap_or_default();
    let mut attention = facts.panel(filter.date, (closes, as_of), &chosen, &drivers, &health);
    if own.is_some() {
        // A driver gets no panel: its items name other routes and carry the office's notes.
        attention =
            crate::attention::AttentionView { open: Vec::new(), resolved: Vec::new(), counts: Vec::new(), ..attention };
    }
    let (day, overrides) = (facts.day, facts.overrides);
    // The browser shows this very panel: its lists are not sent again (a busy day's are large).
    if shown_panel.as_deref() == Some(attention.digest.as_str()) {
        attention = attention.unchanged();
    } else if let Some(n) = panel_per_kind {
        attention = attention.first_of_each_kind(n);
    }
    let board = Board::new(&day, &overrides, &drivers);

    // Every stop's status counts (the summary, each route's progress); only the routes with rows keep theirs.
    let mut routes: BTreeMap<String, Vec<StopLine>> = BTreeMap::new();
    let mut counts: HashMap<StopStatus, usize> = HashMap::new();
    for stop in &chosen {
        // A route without rows needs only the status (a day of 2,500 stops: ~2,100 rows not built).
        let shown = has_rows(stop).then(|| (health.get(&stop.id), locations.get(&stop.id)));
        let (status, row, last) = board.row(stop, shown);
        *counts.entry(status).or_default() += 1;
        routes.entry(stop.route.clone()).or_default().push((status, row, last));
    }
    let mut routes: Vec<RouteView> = routes
        .into_iter()
        .map(|(route, rows)| {
            let done = rows.iter().filter(|(s, _, _)| DONE.contains(s)).count();
            let last = rows.iter().filter_map(|(_, _, l)| l.clone()).max();
            let market = chosen.iter().find(|s| s.route == route).map(|s| s.market.clone());
            let total = rows.len();
            // None (null) for a route answered without its rows.
            let stops: Option<Vec<StopRow>> = rows.into_iter().map(|(_, row, _)| row).collect();
            let digest = stops.as_deref().map(rows_digest);
            // The browser shows these very rows: it keeps them, and they are not sent again.
            let unchanged = digest.as_ref().is_some_and(|d| shown.get(&route) == Some(d));
            let stops = if unchanged { None } else { stops };
            RouteView { route, market, total, done, last_action_at: last, stops, rows_digest: digest, unchanged }
        })
        .collect();
    keep_within(&mut routes, rows_up_to);
    let counts: Vec<StatusCount> = ALL_STATUSES
        .iter()
        .map(|s| StatusCount { status: s.code(), label: s.label(), count: counts.get(s).copied().unwrap_or(0) })
        .collect();
    Ok(DashboardView {
        drop_off_date: date,
        window_start: fridge_time::stamp(opens),
        window_end: fridge_time::stamp(closes),
        as_of: fridge_time::stamp(as_of),
        route_names,
        routes,
        summary: SummaryView { total: chosen.len(), counts },
        attention,
        parts,
    })
}

/// How many of the first routes of `chosen` (sorted by route) fit `rows` rows, as `keep_within` counts: the
/// first route always, each next one while its stops fit.
fn routes_within(chosen: &[RouteStop], rows: usize) -> usize {
    let (mut routes, mut sent) = (0usize, 0usize);
    for group in chosen.chunk_by(|a, b| a.route == b.route) {
        if sent > 0 && sent + group.len() > rows {
            break;
        }
        sent += group.len();
        routes += 1;
    }
    routes
}

/// At most `rows` rows in one answer (`rowsUpTo`), so that an answer stays far below Lambda's 6 MB response
/// limit however long the day, and its first cards come without waiting for every route's rows. Routes keep
/// their order and are never split: the first route that carries rows keeps them all, each next one while
/// they fit; from the first that does not fit, every later route that would carry rows comes with `stops`
/// (and its digest) null, for the caller to ask for by name. Unchanged routes carry none and count none.
fn keep_within(routes: &mut [RouteView], rows: usize) {
    let mut sent = 0usize;
    let mut full = false;
    for route in routes.iter_mut() {
        let Some(stops) = route.stops.as_ref() else { continue };
        if full || (sent > 0 && sent + stops.len() > rows) {
            full = true;
            route.stops = None;
            route.rows_digest = None;
        } else {
            sent += stops.len();
        }
    }
}

/// `dashboard` over a whole call, parsed as the edge parses it: what the tests call.
#[cfg(test)]
async fn run<S: BoardStore>(store: &S, day: &DayCopies, input: &fleet_shared::Input) -> Result<Value, ApiError> {
    let args: DashboardArgs = fleet_shared::contract::request(input)?;
    serde_json::to_value(dashboard(store, day, args).await?).map_err(ApiError::internal)
}

/// The day's actions, indexed for the rows.
struct Board<'a> {
    by_location: HashMap<&'a str, Vec<&'a Recorded>>,
    /// The date's live overrides by location, each with its lock (which stop it is for).
    overrides: HashMap<&'a str, Vec<&'a (Recorded, &'a SlipLock)>>,
    vans: Vec<&'a Recorded>,
    /// Each driver's scans: (occurredAt, location).
    scans: HashMap<&'a str, Vec<(&'a str, &'a str)>>,
    /// Each route's assigned driver.
    drivers: HashMap<&'a str, &'a DriverAssignment>,
}

impl<'a> Board<'a> {
    fn new(
        day: &'a [Recorded],
        overrides: &'a [(Recorded, &'a SlipLock)],
        drivers: &'a [DriverAssignment],
    ) -> Board<'a> {
        let drivers = drivers.iter().map(|d| (d.route.as_str(), d)).collect();
        let mut board = Board {
            by_location: HashMap::new(),
            overrides: HashMap::new(),
            vans: vec![],
            scans: HashMap::new(),
            drivers,
        };
        for o in overrides {
            board.overrides.entry(o.1.location_id.as_str()).or_default().push(o);
        }
        for a in day {
            board.by_location.entry(a.location_id.as_str()).or_default().push(a);
            if matches!(a.data, ActionData::VanTemperature(_)) {
                board.vans.push(a);
            }
            if a.is_scan() {
                board
                    .scans
                    .entry(a.by_sub.as_str())
                    .or_default()
                    .push((a.occurred_at.as_str(), a.location_id.as_str()));
            }
        }
        board
    }

    fn later_scan_elsewhere(&self, sub: &str, after: &str, here: &str) -> bool {
        self.scans.get(sub).is_some_and(|s| s.iter().any(|(at, at_location)| *at > after && *at_location != here))
    }

    /// A stop's status, its §2.4 row when `shown` (with the stop's health and location fields), and
    /// when its last action happened.
    fn row(&self, stop: &RouteStop, shown: Option<(Option<&BoardHealth>, Option<&BoardLocation>)>) -> StopLine {
        let here = self.by_location.get(stop.id.as_str()).map(Vec::as_slice).unwrap_or_default();
        // The route's van temperatures taken elsewhere (those taken here are in `here`).
        let vans = self.vans.iter().filter(|a| a.location_id != stop.id);
        // An override is its slip's stop's only: the location and the slip's stocking index.
        let overrides = self.overrides.get(stop.id.as_str()).map(Vec::as_slice).unwrap_or_default();
        let overrides = overrides.iter().filter(|(_, lock)| lock.is_for(&stop.id, stop.stocking_index));
        let mut own: Vec<&Recorded> =
            here.iter().chain(vans).copied().filter(|a| a.concerns(stop)).chain(overrides.map(|(r, _)| r)).collect();
        own.sort_by(|a, b| a.occurred_at.cmp(&b.occurred_at));
        let later = |sub: &str, after: &str, here: &str| self.later_scan_elsewhere(sub, after, here);
        let status = dashboard::stop_status(stop, &Facts { own: &own, later_scan_elsewhere: &later });
        let last = own.last();
        let last_at = last.map(|a| a.occurred_at.clone());
        // An office override does not make its author the stop's driver.
        let actor = own.iter().rev().find(|a| !matches!(a.data, ActionData::DropOverride(_)));
        let assigned = self.drivers.get(stop.route.as_str()).copied();
        let (driver, not_assignee) = shown_driver(assigned, actor.copied());
        let Some((health, location)) = shown else { return (status, None, last_at) };
        let first_scan = own.iter().find(|a| a.is_scan() && a.location_id == stop.id).map(|a| a.occurred_at.clone());
        let stocked =
            own.iter().find(|a| matches!(a.data, ActionData::LocationStocked(_) | ActionData::DropOffComplete(_)));
        let stocked_at = stocked.map(|a| a.occurred_at.clone());
        // What a supervisor may void or re-time (`correct`): the LocationStocked behind "stocked at".
        let stocked_action = stocked.filter(|a| matches!(a.data, ActionData::LocationStocked(_))).map(|a| a.id.clone());
        let vending = health.and_then(|h| h.jofemar_state.clone());
        let row = StopRow {
            stop: stop.stop,
            stocking_index: stop.stocking_index,
            stop_type: stop.stop_type.clone(),
            route_name: stop.route.clone(),
            location_id: stop.id.clone(),
            location_name: location.and_then(BoardLocation::name).map(str::to_string),
            kind: location.and_then(|l| l.kind.clone()),
            scanned_at: first_scan,
            stocked_at,
            stocked_action_id: stocked_action,
            account_tier: location.and_then(BoardLocation::account_tier).map(str::to_string),
            online_date: location.and_then(BoardLocation::online_date).map(str::to_string),
            safety_hold: health.and_then(|h| h.safety_hold).map(|h| if h { "Yes" } else { "No" }),
            vending_state_label: vending.as_deref().map(|v| dashboard::vending_label(v).to_string()),
            vending_state: vending,
            status: status.code(),
            status_label: status.label(),
            driver_email: driver.as_ref().map(|d| d.email.clone()),
            driver: driver.map(|d| d.shown),
            assigned_driver: assigned.map(|d| Person::assignee(d).shown),
            assigned_driver_email: assigned.map(|d| d.driver_email.clone()),
            not_assignee,
            last_action_at: last.map(|a| a.occurred_at.clone()),
        };
        (status, Some(row), last_at)
    }
}

/// The Driver column (issue 38): the route's assigned driver; when the stop's
/// last action is by someone else (a supervisor), that author, marked as not
/// the assignee. On a route without a driver the last action's author is
/// shown marked too: since claims are assignments (issue 59), whoever acted
/// there without one (a supervisor) is not the route's driver.
fn shown_driver(assigned: Option<&DriverAssignment>, actor: Option<&Recorded>) -> (Option<Person>, bool) {
    match (assigned, actor) {
        (Some(d), Some(a)) if a.by_sub != d.driver_sub => (Some(Person::author(a)), true),
        (Some(d), _) => (Some(Person::assignee(d)), false),
        (None, a) => (a.map(Person::author), a.is_some()),
    }
}

/// A person as the board shows them (issue 61, "People by one name"): by
/// name, or by e-mail when they have none, with the e-mail beside.
struct Person {
    shown: String,
    email: String,
}

impl Person {
    fn author(action: &Recorded) -> Person {
        Person { shown: action.by.clone(), email: action.by_email.clone() }
    }

    fn assignee(d: &DriverAssignment) -> Person {
        let shown = d.driver_name.clone().filter(|n| !n.trim().is_empty()).unwrap_or_else(|| d.driver_email.clone());
        Person { shown, email: d.driver_email.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::DropStatus;
    use crate::store::memory::Board as Fake;
    use fleet_shared::{contract, Input};
    use serde_json::json;
    use std::sync::atomic::Ordering;

    const DATE: &str = "2026-11-23";

    fn input(filter: Value) -> Input {
        Input { args: json!({ "filter": filter }), ..Input::default() }
    }

    fn args(input: &Input) -> DashboardArgs {
        contract::request(input).unwrap()
    }

    fn routes_with_rows(input: &Input) -> Result<Option<usize>, ApiError> {
        super::request::routes_with_rows(args(input).routes_with_rows.as_ref())
    }

    fn shown_routes(input: &Input) -> Result<HashMap<String, String>, ApiError> {
        super::request::shown_routes(args(input).shown_routes)
    }

    fn stop(id: &str, route: &str, n: i64, market: &str) -> RouteStop {
        crate::store::memory::stop(DATE, id, route, n, market)
    }

    fn action(kind: EventType, location: &str, at: &str, data: Value) -> StoredAction {
        let id = format!("{location}-{at}");
        StoredAction {
            event_type: kind.name().into(),
            sk: format!("{at}#{id}"),
            location_id: location.into(),
            data: data.to_string(),
            created_at: at.into(),
            occurred_at: at.into(),
            stocking_day: DATE.into(),
            occurred_sk: format!("{at}#{id}"),
            request_id: id.clone(),
            created_by: "driver@fleet".into(),
            created_by_sub: "sub-d".into(),
            created_by_name: None,
            correction: None,
            id,
        }
    }

    fn health(id: &str, hold: bool, state: &str) -> BoardHealth {
        BoardHealth {
            location_id: id.into(),
            safety_hold: Some(hold),
            jofemar_state: Some(state.into()),
            ..Default::default()
        }
    }

    fn fake(stops: usize) -> Fake {
        let mut f = Fake::default();
        for i in 0..stops {
            let route = format!("R{}", i % 10);
            f.stops.push(stop(&format!("L{i:03}"), &route, (i / 10) as i64 + 1, if i % 2 == 0 { "MW" } else { "NE" }));
        }
        f
    }

    #[tokio::test]
    async fn bad_input_is_refused_before_any_read() {
        let f = fake(3);
        let refused = |filter: Value| {
            let f = &f;
            async move { run(f, &DayCopies::new(), &input(filter)).await.unwrap_err().to_string() }
        };
        assert_eq!(refused(json!({ "dropOffDate": "2026-02-30" })).await, "dropOffDate must be a date (YYYY-MM-DD)");
        assert_eq!(refused(json!({ "dropOffDate": "tomorrow" })).await, "dropOffDate must be a date (YYYY-MM-DD)");
        assert_eq!(
            refused(json!({ "dropOffDate": DATE, "market": "XX" })).await,
            "market must be one of ALL, MW, NE, WC, S (got XX)"
        );
        assert_eq!(
            refused(json!({ "dropOffDate": DATE, "region": "EU" })).await,
            "region must be one of ALL, MW, NE, WC, S (got EU)"
        );
        let routes: Vec<String> = (0..=MAX_ROUTES).map(|i| format!("R{i}")).collect();
        assert_eq!(
            refused(json!({ "dropOffDate": DATE, "routes": routes })).await,
            "At most 100 routes can be chosen at once (101 were)"
        );
        assert!(matches!(
            run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE, "market": "XX" }))).await,
            Err(ApiError::BadRequest(_))
        ));
        assert_eq!(f.calls(), 0, "nothing read");
        let hundred: Vec<String> = (0..MAX_ROUTES).map(|i| format!("R{i}")).collect();
        assert!(run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE, "routes": hundred, "market": "all" })))
            .await
            .is_ok());
    }

    #[tokio::test]
    async fn three_hundred_stops_cost_eleven_calls_in_batches_of_at_most_100() {
        let f = fake(300);
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        assert_eq!(out["summary"]["total"], 300);
        // versions 1 + stops 1 + actions 1 + locks 1 + drivers 1 + the snapshot 1 (none stored) + health 3 + locations 3.
        assert_eq!(f.calls(), 12);
        assert_eq!(f.widest_batch.load(Ordering::SeqCst), 100);
        assert_eq!(out["routes"].as_array().unwrap().len(), 10);
    }

    #[tokio::test]
    async fn the_first_routes_alone_carry_rows_and_only_their_locations_are_read() {
        let f = fake(300);
        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["routesWithRows"] = json!(3);
        let out = run(&f, &DayCopies::new(), &asked).await.unwrap();
        assert_eq!(out["summary"]["total"], 300, "the summary counts every stop");
        let routes = out["routes"].as_array().unwrap();
        assert_eq!(routes.len(), 10, "every route is listed");
        let with_rows: Vec<&str> =
            routes.iter().filter(|r| r["stops"].is_array()).map(|r| r["route"].as_str().unwrap()).collect();
        assert_eq!(with_rows, ["R0", "R1", "R2"]);
        assert!(routes[3..].iter().all(|r| r["stops"].is_null() && r["total"] == 30));
        assert_eq!(routes[0]["stops"].as_array().unwrap().len(), 30);
        // versions 1 + stops 1 + actions 1 + locks 1 + drivers 1 + snapshot 1 + health 1 + locations 1: 90 locations, one chunk each.
        assert_eq!(f.calls(), 8);
        assert_eq!(f.widest_batch.load(Ordering::SeqCst), 90);

        let mut all = input(json!({ "dropOffDate": DATE }));
        all.args["routesWithRows"] = json!(10);
        let out = run(&fake(300), &DayCopies::new(), &all).await.unwrap();
        assert!(out["routes"].as_array().unwrap().iter().all(|r| r["stops"].is_array()), "N routes of N: all rows");
    }

    /// Each route's rows in an answer, by route (null for a route left out).
    fn rows_by_route(out: &Value) -> Vec<(String, Value)> {
        out["routes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["route"].as_str().unwrap().to_string(), r["stops"].clone()))
            .collect()
    }

    #[tokio::test]
    async fn a_day_over_rows_up_to_comes_in_parts_that_make_the_whole() {
        let whole =
            rows_by_route(&run(&fake(300), &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap());
        assert!(
            whole.iter().all(|(_, rows)| rows.as_array().is_some_and(|r| r.len() == 30)),
            "300 rows fit one answer"
        );

        let f = fake(300);
        let day = DayCopies::new();
        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["rowsUpTo"] = json!(70);
        let first = run(&f, &day, &asked).await.unwrap();
        assert_eq!(first["summary"]["total"], 300, "the summary counts every stop");
        let routes = first["routes"].as_array().unwrap();
        assert_eq!(routes.len(), 10, "every route's card");
        // R0 and R1 (60 rows) fit; R2 would make 90: it and every route after come without rows or digest.
        let carried: Vec<&str> =
            routes.iter().filter(|r| r["stops"].is_array()).map(|r| r["route"].as_str().unwrap()).collect();
        assert_eq!(carried, ["R0", "R1"]);
        assert!(routes[2..]
            .iter()
            .all(|r| r["stops"].is_null() && r["rowsDigest"].is_null() && r["unchanged"] == false));
        assert!(routes[2..].iter().all(|r| r["total"] == 30), "their counts come all the same");

        // Asked for by name, 70 rows at a time, the parts are the whole day's rows.
        let mut got: BTreeMap<String, Value> =
            rows_by_route(&first).into_iter().filter(|(_, rows)| !rows.is_null()).collect();
        let mut calls = 1;
        while got.len() < 10 {
            let missing: Vec<String> = (0..10).map(|i| format!("R{i}")).filter(|r| !got.contains_key(r)).collect();
            let mut next = input(json!({ "dropOffDate": DATE, "routes": missing }));
            next.args["rowsUpTo"] = json!(70);
            let part = run(&f, &day, &next).await.unwrap();
            got.extend(rows_by_route(&part).into_iter().filter(|(_, rows)| !rows.is_null()));
            calls += 1;
            assert!(calls <= 5, "each answer carries at least one route");
        }
        assert_eq!(calls, 5, "2 routes an answer");
        assert_eq!(got.into_iter().collect::<Vec<_>>(), whole);
    }

    #[tokio::test]
    async fn the_first_route_comes_whole_however_small_rows_up_to_and_unchanged_routes_count_none() {
        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["rowsUpTo"] = json!(1);
        let out = run(&fake(300), &DayCopies::new(), &asked).await.unwrap();
        let routes = out["routes"].as_array().unwrap();
        assert_eq!(routes[0]["stops"].as_array().unwrap().len(), 30, "a route is never split");
        assert!(routes[1..].iter().all(|r| r["stops"].is_null()));

        // A refresh showing R0-R8 as they are: only R9 is sent, and it is whole.
        let whole = run(&fake(300), &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let shown: Vec<Value> = whole["routes"].as_array().unwrap()[..9]
            .iter()
            .map(|r| json!({ "route": r["route"], "digest": r["rowsDigest"] }))
            .collect();
        let mut refresh = input(json!({ "dropOffDate": DATE }));
        refresh.args["shownRoutes"] = json!(shown);
        refresh.args["rowsUpTo"] = json!(1);
        let out = run(&fake(300), &DayCopies::new(), &refresh).await.unwrap();
        let routes = out["routes"].as_array().unwrap();
        assert!(routes[..9].iter().all(|r| r["unchanged"] == true && r["stops"].is_null()));
        assert_eq!(routes[9]["stops"].as_array().unwrap().len(), 30);
    }

    #[tokio::test]
    async fn a_search_reads_the_location_fields_of_the_routes_it_carries_only() {
        let f = fake(300);
        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["rowsUpTo"] = json!(70);
        run(&f, &DayCopies::new(), &asked).await.unwrap();
        // R0 and R1 carry rows: their 60 locations are read, in one chunk.
        assert_eq!(f.widest_batch.load(Ordering::SeqCst), 60);
    }

    #[tokio::test]
    async fn a_day_longer_than_the_default_comes_in_parts_too() {
        // 4,800 stops, 10 routes of 480: 8 routes (3,840 rows) fit the default 4,000.
        let out = run(&fake(4_800), &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let carried = out["routes"].as_array().unwrap().iter().filter(|r| r["stops"].is_array()).count();
        assert_eq!(carried, 8);
        assert_eq!(ROWS_PER_ANSWER, 4_000);
    }

    #[tokio::test]
    async fn rows_up_to_must_be_a_whole_number_from_one_to_the_most() {
        let f = fake(3);
        for bad in [json!(0), json!(-1), json!(1.5), json!("2"), json!(MAX_ROWS_PER_ANSWER + 1)] {
            let mut asked = input(json!({ "dropOffDate": DATE }));
            asked.args["rowsUpTo"] = bad.clone();
            let e = run(&f, &DayCopies::new(), &asked).await.unwrap_err();
            assert_eq!(e.to_string(), "rowsUpTo must be a whole number from 1 to 4000", "{bad}");
        }
        assert_eq!(f.calls(), 0, "nothing read");
    }

    #[tokio::test]
    async fn attention_per_kind_carries_each_kinds_first_items_and_says_the_panel_is_not_whole() {
        let f = fake(300);
        let day = DayCopies::new();
        let whole = run(&f, &day, &input(json!({ "dropOffDate": DATE }))).await.unwrap()["attention"].clone();
        let open = whole["open"].as_array().unwrap();
        assert_eq!(open.len(), 10, "a past day whose 10 routes never started: {whole}");
        assert_eq!(whole["whole"], true);

        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["attentionPerKind"] = json!(3);
        let first = run(&f, &day, &asked).await.unwrap()["attention"].clone();
        assert_eq!(first["open"], json!(open[..3]), "the oldest three of the one kind");
        assert_eq!((&first["whole"], &first["digest"]), (&json!(false), &json!("")));
        assert_eq!(first["counts"], whole["counts"], "the counts are the whole panel's");
        let not_started = whole["counts"].as_array().unwrap().iter().find(|c| c["kind"] == "ROUTE_NOT_STARTED");
        assert_eq!(not_started.map(|c| (&c["open"], &c["resolved"])), Some((&json!(10), &json!(0))));

        // As many as the lists hold: whole, with the whole panel's digest.
        asked.args["attentionPerKind"] = json!(10);
        assert_eq!(run(&f, &day, &asked).await.unwrap()["attention"], whole);
        // A refresh naming the panel shown is answered unchanged, whatever it asks per kind.
        asked.args["shownAttention"] = whole["digest"].clone();
        asked.args["attentionPerKind"] = json!(1);
        let again = run(&f, &day, &asked).await.unwrap()["attention"].clone();
        assert_eq!((&again["unchanged"], &again["whole"], &again["open"]), (&json!(true), &json!(true), &json!([])));

        for bad in [json!(0), json!(-1), json!(1.5), json!("2"), json!(1001)] {
            let mut asked = input(json!({ "dropOffDate": DATE }));
            asked.args["attentionPerKind"] = bad.clone();
            let e = run(&fake(3), &DayCopies::new(), &asked).await.unwrap_err();
            assert_eq!(e.to_string(), "attentionPerKind must be a whole number from 1 to 1000", "{bad}");
        }
    }

    #[tokio::test]
    async fn routes_with_rows_must_be_a_whole_number_of_at_least_one() {
        let f = fake(3);
        for bad in [json!(0), json!(-1), json!(1.5), json!("2")] {
            let mut asked = input(json!({ "dropOffDate": DATE }));
            asked.args["routesWithRows"] = bad.clone();
            let e = run(&f, &DayCopies::new(), &asked).await.unwrap_err();
            assert_eq!(e.to_string(), "routesWithRows must be a whole number of at least 1", "{bad}");
        }
        assert_eq!(f.calls(), 0, "nothing read");
    }

    proptest::proptest! {
        /// Any list of routes and digests within the bound is read as sent (the last of a route wins),
        /// and any other shape is refused with the one message, never a panic.
        #[test]
        fn shown_routes_reads_route_and_digest_pairs_and_refuses_other_shapes(
            pairs in proptest::collection::vec(("[A-Z0-9_-]{0,8}", "[0-9a-f]{0,40}"), 0..20),
            text in ".{0,12}",
            n in proptest::prelude::any::<i64>(),
        ) {
            let read = |value: Value| {
                let mut asked = input(json!({ "dropOffDate": DATE }));
                asked.args["shownRoutes"] = value;
                shown_routes(&asked).map_err(|e| e.to_string())
            };
            let list: Vec<Value> = pairs.iter().map(|(r, d)| json!({ "route": r, "digest": d })).collect();
            let expected: HashMap<String, String> = pairs.iter().cloned().collect();
            proptest::prop_assert_eq!(read(json!(list)), Ok(expected));
            let refused = Err("shownRoutes must be a list of at most 2000 { route, digest }".to_string());
            proptest::prop_assert_eq!(read(json!(text)), refused.clone());
            proptest::prop_assert_eq!(read(json!([n])), refused.clone());
            proptest::prop_assert_eq!(read(json!([{ "route": text, "digest": n }])), refused);
        }

        /// Whatever the caller sends, `attentionPerKind` is read without panicking: 1 to 1000 as it is,
        /// anything else refused with the one message.
        #[test]
        fn attention_per_kind_takes_one_to_a_thousand_and_refuses_the_rest(
            n in proptest::prelude::any::<i64>(),
            x in proptest::prelude::any::<f64>(),
            text in ".{0,12}",
        ) {
            let read = |value: Value| {
                let mut asked = input(json!({ "dropOffDate": DATE }));
                asked.args["attentionPerKind"] = value;
                super::request::attention_per_kind(args(&asked).attention_per_kind.as_ref()).map_err(|e| e.to_string())
            };
            let refused = Err("attentionPerKind must be a whole number from 1 to 1000".to_string());
            let taken = if (1..=1000).contains(&n) { Ok(Some(n as usize)) } else { refused.clone() };
            proptest::prop_assert_eq!(read(json!(n)), taken);
            if x.is_finite() && x.fract() != 0.0 {
                proptest::prop_assert_eq!(read(json!(x)), refused.clone());
            }
            proptest::prop_assert_eq!(read(json!(text)), refused);
            proptest::prop_assert_eq!(read(Value::Null), Ok(None));
        }

        /// Whatever the caller sends, `rowsUpTo` is read without panicking: 1 to the most is taken as it
        /// is, anything else is refused with the one message.
        #[test]
        fn rows_up_to_takes_one_to_the_most_and_refuses_the_rest(
            n in proptest::prelude::any::<i64>(),
            x in proptest::prelude::any::<f64>(),
            text in ".{0,12}",
        ) {
            let read = |value: Value| {
                let mut asked = input(json!({ "dropOffDate": DATE }));
                asked.args["rowsUpTo"] = value;
                super::request::rows_up_to(args(&asked).rows_up_to.as_ref()).map_err(|e| e.to_string())
            };
            let refused = Err("rowsUpTo must be a whole number from 1 to 4000".to_string());
            let taken = if (1..=MAX_ROWS_PER_ANSWER as i64).contains(&n) { Ok(n as usize) } else { refused.clone() };
            proptest::prop_assert_eq!(read(json!(n)), taken);
            if x.is_finite() && x.fract() != 0.0 {
                proptest::prop_assert_eq!(read(json!(x)), refused.clone());
            }
            proptest::prop_assert_eq!(read(json!(text)), refused.clone());
            proptest::prop_assert_eq!(read(Value::Null), Ok(ROWS_PER_ANSWER));
        }

        /// Whatever the caller sends, the argument is read without panicking: a whole number of at
        /// least 1 is taken as it is, anything else is refused with the one message.
        #[test]
        fn routes_with_rows_takes_whole_numbers_of_at_least_one_and_refuses_the_rest(
            n in proptest::prelude::any::<i64>(),
            x in proptest::prelude::any::<f64>(),
            text in ".{0,12}",
            flag in proptest::prelude::any::<bool>(),
        ) {
            let read = |value: Value| {
                let mut asked = input(json!({ "dropOffDate": DATE }));
                asked.args["routesWithRows"] = value;
                routes_with_rows(&asked).map_err(|e| e.to_string())
            };
            let refused = Err("routesWithRows must be a whole number of at least 1".to_string());
            let whole = if n >= 1 { Ok(Some(n as usize)) } else { refused.clone() };
            proptest::prop_assert_eq!(read(json!(n)), whole);
            if x.is_finite() && x.fract() != 0.0 {
                proptest::prop_assert_eq!(read(json!(x)), refused.clone());
            }
            proptest::prop_assert_eq!(read(json!(text)), refused.clone());
            proptest::prop_assert_eq!(read(json!(flag)), refused.clone());
            proptest::prop_assert_eq!(read(json!([n])), refused);
        }
    }

    #[tokio::test]
    async fn a_refresh_that_names_the_rows_shown_gets_only_the_routes_that_changed() {
        let mut f = fake(30);
        let day = DayCopies::new();
        let first = run(&f, &day, &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let shown: Vec<Value> = first["routes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| json!({ "route": r["route"], "digest": r["rowsDigest"] }))
            .collect();
        assert!(shown.iter().all(|s| s["digest"].as_str().is_some_and(|d| d.len() == crate::dashboard::DIGEST_HEX)));

        // R3's first stop is scanned (recorded now, as createDriverAction would).
        let data = json!({ "packingSlipId": "s", "stockingIndex": 1 });
        let mut scan = action(EventType::PackingSlipQuery, "L003", "2026-11-23T10:00:00.000Z", data);
        (scan.created_at, scan.sk) = (fridge_time::now_text(), format!("{}#scan", fridge_time::now_text()));
        f.actions.push(scan);
        let mut asked = input(json!({ "dropOffDate": DATE }));
        asked.args["shownRoutes"] = json!(shown);
        let again = run(&f, &day, &asked).await.unwrap();
        for r in again["routes"].as_array().unwrap() {
            let changed = r["route"] == "R3";
            assert_eq!((r["unchanged"].as_bool(), r["stops"].is_array()), (Some(!changed), changed), "{}", r["route"]);
        }
        let in_progress = |out: &Value| {
            out["summary"]["counts"].as_array().unwrap().iter().find(|c| c["status"] == "IN_PROGRESS").unwrap()["count"]
                .clone()
        };
        assert_eq!((in_progress(&first), in_progress(&again)), (json!(0), json!(1)), "the summary is whole");
        assert_eq!(again["summary"]["total"], 30);
    }

    #[tokio::test]
    async fn shown_routes_must_be_a_bounded_list_of_route_and_digest() {
        let f = fake(3);
        let too_many: Vec<Value> =
            (0..=MAX_SHOWN_ROUTES).map(|i| json!({ "route": format!("R{i}"), "digest": "d" })).collect();
        for bad in [json!("R1"), json!([{ "route": "R1" }]), json!([{ "route": "R1", "digest": 3 }]), json!(too_many)] {
            let mut asked = input(json!({ "dropOffDate": DATE }));
            asked.args["shownRoutes"] = bad;
            let e = run(&f, &DayCopies::new(), &asked).await.unwrap_err();
            assert_eq!(e.to_string(), "shownRoutes must be a list of at most 2000 { route, digest }");
        }
        assert_eq!(f.calls(), 0, "nothing read");
    }

    #[tokio::test]
    async fn the_panel_reads_the_days_acknowledgements_and_one_ends_an_unreachable_item() {
        let mut f = fake(0);
        f.stops = vec![stop("A", "R1", 1, "MW"), stop("B", "R1", 2, "MW")];
        let gate = json!({ "reason": "Gate locked", "stockingIndex": 1 });
        let away = action(EventType::LocationUnreachable, "A", "2026-11-23T15:00:00.000Z", gate.clone());
        let scan = json!({ "packingSlipId": "s", "stockingIndex": 1 });
        let stuck = action(EventType::PackingSlipQuery, "B", "2026-11-23T15:10:00.000Z", scan);
        let ack = |key: String, at: &str| StoredAction {
            event_type: crate::acknowledge::ACK_EVENT.into(),
            data: json!({ "key": key, "note": "Called the client" }).to_string(),
            created_by: "ops@fleet".into(),
            created_by_name: Some("Ops Lead".into()),
            created_at: at.into(),
            ..action(EventType::PackingSlipQuery, "A", at, json!({}))
        };
        let unreachable_key = format!("UNREACHABLE|{}", away.id);
        let stuck_key = format!("STOP_STUCK|B|1|{}", stuck.id);
        f.actions = vec![
            away,
            stuck,
            ack(unreachable_key.clone(), "2026-11-23T15:30:00.000Z"),
            ack(stuck_key.clone(), "2026-11-23T16:00:00.000Z"),
        ];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let panel = &out["attention"];
        let resolved = &panel["resolved"][0];
        assert_eq!(
            (resolved["key"].as_str(), resolved["endedHow"].as_str()),
            (Some(unreachable_key.as_str()), Some("acknowledged by Ops Lead at 09:30"))
        );
        assert_eq!(resolved["taken"], "taken by Ops Lead at 09:30: Called the client");
        let open = &panel["open"];
        assert_eq!(open.as_array().map(Vec::len), Some(1), "{panel}");
        assert_eq!(
            (open[0]["key"].as_str(), open[0]["taken"].as_str()),
            (Some(stuck_key.as_str()), Some("taken by Ops Lead at 10:00: Called the client"))
        );
        // An acknowledgement is no driver action: the stop's row and the route's last action ignore it.
        let rows = &out["routes"][0]["stops"];
        assert_eq!(rows[0]["lastActionAt"], "2026-11-23T15:00:00.000Z");

        // A refresh naming the panel shown gets its counts, not its lists again; a new item sends them.
        let digest = panel["digest"].as_str().unwrap().to_string();
        assert_eq!(panel["unchanged"], false);
        let asked = json!({ "filter": { "dropOffDate": DATE }, "shownAttention": digest });
        let again = run(&f, &DayCopies::new(), &Input { args: asked.clone(), ..Input::default() }).await.unwrap();
        let again = &again["attention"];
        assert_eq!((&again["unchanged"], &again["open"], &again["resolved"]), (&json!(true), &json!([]), &json!([])));
        assert_eq!((&again["digest"], &again["counts"]), (&panel["digest"], &panel["counts"]));
        f.actions.push(action(EventType::LocationUnreachable, "B", "2026-11-23T17:00:00.000Z", gate));
        let moved = run(&f, &DayCopies::new(), &Input { args: asked, ..Input::default() }).await.unwrap();
        assert_eq!(moved["attention"]["unchanged"], false);
        // B unreachable: a new item, and the end of B's stuck wait.
        let open: Vec<&str> =
            moved["attention"]["open"].as_array().unwrap().iter().filter_map(|i| i["kind"].as_str()).collect();
        assert_eq!(open, ["UNREACHABLE"]);

        for bad in [json!("abc"), json!(7), json!("zz".repeat(16))] {
            let asked = json!({ "filter": { "dropOffDate": DATE }, "shownAttention": bad });
            let e = run(&f, &DayCopies::new(), &Input { args: asked, ..Input::default() }).await.unwrap_err();
            assert_eq!(
                e,
                ApiError::BadRequest(
                    "shownAttention must be the attention panel's digest from an earlier answer".into()
                )
            );
        }
    }

    #[tokio::test]
    async fn rows_carry_every_column_and_the_computed_status() {
        let mut f = fake(0);
        f.stops = vec![stop("A", "R1", 1, "MW"), stop("B", "R1", 2, "MW"), stop("C", "R2", 1, "NE")];
        f.health = vec![health("A", true, "STATUS_0_READY"), health("B", false, "STATUS_Q")];
        f.locations = vec![serde_json::from_value(json!({ "id": "A", "type": "FRIDGE",
            "operationConfigs": { "accountTier": "Gold" },
            "locationConfigs": { "prettyName": "Main St", "activation": { "online": "2025-03-01" } } }))
        .unwrap()];
        let scan = json!({ "packingSlipId": "s", "stockingIndex": 1 });
        f.actions = vec![
            action(EventType::PackingSlipQuery, "A", "2026-11-23T10:00:00.000Z", scan.clone()),
            action(EventType::LocationStocked, "A", "2026-11-23T10:05:00.000Z", json!({ "stockingIndex": 1 })),
            action(EventType::PackingSlipQuery, "B", "2026-11-23T10:20:00.000Z", scan),
        ];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE, "market": "MW" }))).await.unwrap();
        assert_eq!(out["routeNames"], json!(["R1"]), "the market's routes");
        let rows = &out["routes"][0]["stops"];
        assert_eq!(
            rows[0],
            json!({ "stop": 1, "stockingIndex": 1, "stopType": "DELIVERY", "routeName": "R1", "locationId": "A",
                "locationName": "Main St", "type": "FRIDGE", "scannedAt": "2026-11-23T10:00:00.000Z",
                "stockedAt": "2026-11-23T10:05:00.000Z", "stockedActionId": "A-2026-11-23T10:05:00.000Z",
                "accountTier": "Gold", "onlineDate": "2025-03-01",
                "safetyHold": "Yes", "vendingState": "STATUS_0_READY", "vendingStateLabel": "READY",
                "status": "COMPLETED", "statusLabel": "COMPLETED", "driver": "driver@fleet",
                "driverEmail": "driver@fleet", "assignedDriver": null, "assignedDriverEmail": null, "notAssignee": true,
                "lastActionAt": "2026-11-23T10:05:00.000Z" })
        );
        assert_eq!(
            (rows[1]["status"].as_str(), rows[1]["vendingStateLabel"].as_str()),
            (Some("IN_PROGRESS"), Some("STATUS_Q"))
        );
        assert_eq!(rows[1]["safetyHold"], "No");
        assert_eq!(out["routes"][0]["done"], 1);
        assert_eq!(out["windowStart"], "2026-11-23T00:00:00.000Z", "18:00 CST the day before");
        assert_eq!(out["windowEnd"], "2026-11-24T00:00:00.000Z");
        let counts = out["summary"]["counts"].as_array().unwrap();
        assert_eq!(counts.len(), 9);
        assert!(counts.contains(&json!({ "status": "COMPLETED", "label": "COMPLETED", "count": 1 })));
        assert_eq!(out["parts"], json!({ "slips": "OK", "actions": "OK", "health": "OK", "locations": "OK" }));
    }

    fn lock(date: &str, slip: &str, location: &str, index: i64, status: DropStatus) -> SlipLock {
        SlipLock {
            event_type: crate::drop::SLIP_LOCKS.into(),
            sk: crate::drop::lock_key(date, slip),
            location_id: location.into(),
            stocking_index: Some(index),
            drop_status: status,
            status_reason: if status == DropStatus::Complete { "Group Drop" } else { "Missing Totes" }.into(),
            action_id: format!("a-{slip}"),
            created_by: "ops@fleet".into(),
            created_at: "2026-11-23T12:00:00.000Z".into(),
        }
    }

    /// The DropOverride action stored with `lock`, filed under DATE as the old code did for any override
    /// made on DATE, by the office user.
    fn override_action(lock: &SlipLock) -> StoredAction {
        let (date, slip) = lock.slip();
        let (status, reason) = (crate::drop::status_name(lock.drop_status), lock.status_reason.as_str());
        let data = json!({ "userSubmitted": "ops@fleet", "dropStatus": status, "statusReason": reason,
                           "originalDropOffDate": date, "packingSlipId": slip });
        let mut a = action(EventType::DropOverride, &lock.location_id, &lock.created_at, data);
        (a.created_by, a.created_by_sub, a.id) = ("ops@fleet".into(), "sub-ops".into(), lock.action_id.clone());
        a
    }

    /// Issue 38: an override counts on the dashboard of its slip's date, on its slip's stop (location and
    /// stocking index), while its lock lives; it never makes the office user the stop's driver.
    #[tokio::test]
    async fn an_override_counts_for_its_slips_stop_while_its_lock_lives_and_names_no_driver() {
        let mut f = fake(0);
        let mut second = stop("W", "R1", 2, "MW");
        second.stocking_index = 2;
        f.stops = vec![stop("W", "R1", 1, "MW"), second, stop("Y", "R1", 3, "MW"), stop("N", "R1", 4, "MW")];
        let today = lock(DATE, "w2", "W", 2, DropStatus::Complete);
        let yesterday = lock("2026-11-22", "y", "Y", 1, DropStatus::Complete);
        let not_delivering = lock(DATE, "n", "N", 1, DropStatus::NotDelivering);
        let scan = json!({ "packingSlipId": "w2", "stockingIndex": 2 });
        f.actions = vec![action(EventType::PackingSlipQuery, "W", "2026-11-23T10:00:00.000Z", scan)];
        for l in [&today, &yesterday, &not_delivering] {
            f.actions.push(override_action(l));
        }
        f.locks = vec![today.clone(), yesterday, not_delivering];
        let day = DayCopies::new();
        let out = run(&f, &day, &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let rows = out["routes"][0]["stops"].as_array().unwrap().clone();
        let at = |n: usize| (rows[n]["status"].as_str().unwrap(), rows[n]["driver"].as_str());
        assert_eq!(at(0), ("NOT_STARTED", None), "the slip is index 2's: index 1's stop is not completed");
        assert_eq!(at(1), ("COMPLETED", Some("driver@fleet")), "completed, and the driver stays the driver");
        assert_eq!(at(2), ("NOT_STARTED", None), "yesterday's slip leaves today's stop alone");
        assert_eq!(at(3), ("NOT_STARTED", None), "a Not Delivering override names no driver");

        // A supervisor's revert deletes the lock: the next refresh, over the warm copy, shows it.
        f.locks.retain(|l| l.sk != today.sk);
        let out = run(&f, &day, &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        assert_eq!(out["routes"][0]["stops"][1]["status"], "IN_PROGRESS", "reverted: the scan's status again");

        // Yesterday's dashboard shows yesterday's override.
        let mut y = fake(0);
        y.stops = vec![crate::store::memory::stop("2026-11-22", "Y", "R1", 1, "MW")];
        y.locks = f.locks.clone();
        let out = run(&y, &DayCopies::new(), &input(json!({ "dropOffDate": "2026-11-22" }))).await.unwrap();
        assert_eq!(out["routes"][0]["stops"][0]["status"], "COMPLETED");
    }

    #[tokio::test]
    async fn the_driver_column_is_the_routes_assignee_and_another_actor_is_marked() {
        let mut f = fake(20);
        let assigned = |route: &str, sub: &str, email: &str| DriverAssignment {
            stocking_date: DATE.into(),
            route: route.into(),
            driver_sub: sub.into(),
            driver_email: email.into(),
            driver_name: None,
            assigned_by: "ops@fleet".into(),
            assigned_at: "2026-11-22T20:00:00.000Z".into(),
            source: "screen".into(),
            version: 1,
            first_action: None,
        };
        let route = f.stops[0].route.clone();
        let (first, second) = (f.stops[0].id.clone(), f.stops[10].id.clone());
        f.drivers = vec![assigned(&route, "sub-ann", "ann@fleet")];
        let scan = json!({ "packingSlipId": "s", "stockingIndex": 1 });
        // The second stop's last action is by someone else (a supervisor, by_sub "sub-d").
        f.actions = vec![action(EventType::PackingSlipQuery, &second, "2026-11-23T10:00:00.000Z", scan)];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let rows = out["routes"][0]["stops"].as_array().unwrap();
        let row = |id: &str| rows.iter().find(|r| r["locationId"] == json!(id)).unwrap();
        assert_eq!(
            (&row(&first)["driver"], &row(&first)["notAssignee"], &row(&first)["assignedDriver"]),
            (&json!("ann@fleet"), &json!(false), &json!("ann@fleet")),
            "an untouched stop shows its route's driver"
        );
        assert_eq!((&row(&second)["driver"], &row(&second)["notAssignee"]), (&json!("driver@fleet"), &json!(true)));

        // People by one name: a named driver shows by name, with the e-mail beside.
        f.drivers[0].driver_name = Some("Ann Lee".into());
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let rows = out["routes"][0]["stops"].as_array().unwrap();
        let row = |id: &str| rows.iter().find(|r| r["locationId"] == json!(id)).unwrap();
        assert_eq!(
            (&row(&first)["driver"], &row(&first)["driverEmail"], &row(&first)["assignedDriver"]),
            (&json!("Ann Lee"), &json!("ann@fleet"), &json!("Ann Lee"))
        );
        assert_eq!(row(&first)["assignedDriverEmail"], "ann@fleet");

        f.failing = vec!["drivers"];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        assert_eq!(out["parts"]["slips"], "FAILED", "the browser is told the Driver column may be wrong");
    }

    #[tokio::test]
    async fn a_driver_sees_a_stop_only_on_a_route_assigned_to_them_that_day() {
        let mut f = fake(20);
        let (route, stop) = (f.stops[0].route.clone(), f.stops[0].id.clone());
        let other = f.stops.iter().find(|s| s.route != route).map(|s| (s.route.clone(), s.id.clone()));
        f.drivers = vec![DriverAssignment {
            stocking_date: DATE.into(),
            route: route.clone(),
            driver_sub: "sub-ann".into(),
            driver_email: "ann@fleet".into(),
            driver_name: None,
            assigned_by: "ops@fleet".into(),
            assigned_at: "2026-11-22T20:00:00.000Z".into(),
            source: "screen".into(),
            version: 1,
            first_action: None,
        }];
        let ann = Viewer::Driver("sub-ann".into());
        assert!(sees_stop(&f, &ann, DATE, &stop, 1).await.unwrap(), "her route's stop");
        assert!(!sees_stop(&f, &ann, DATE, &stop, 2).await.unwrap(), "not another visit to it");
        assert!(!sees_stop(&f, &Viewer::Driver("sub-bob".into()), DATE, &stop, 1).await.unwrap(), "not his route");
        assert!(!sees_stop(&f, &ann, "2026-11-24", &stop, 1).await.unwrap(), "not another day");
        if let Some((_, elsewhere)) = other {
            assert!(!sees_stop(&f, &ann, DATE, &elsewhere, 1).await.unwrap(), "not a stop of another route");
        }
        assert!(sees_stop(&f, &Viewer::WholeDay, DATE, "anything", 9).await.unwrap(), "the office sees every stop");
    }

    #[tokio::test]
    async fn unreadable_overrides_fail_the_actions_part() {
        let mut f = fake(2);
        f.failing = vec!["locks"];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        assert_eq!(out["parts"], json!({ "slips": "OK", "actions": "FAILED", "health": "OK", "locations": "OK" }));
    }

    #[tokio::test]
    async fn health_comes_from_a_fresh_fleet_snapshot_and_else_from_each_record() {
        let mut f = fake(300);
        f.fleet_health = Some(vec![health("L000", true, "STATUS_Q")]);
        f.health = vec![health("L000", false, "STATUS_0_READY")];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        let first = &out["routes"][0]["stops"][0];
        assert_eq!((first["locationId"].as_str(), first["safetyHold"].as_str()), (Some("L000"), Some("Yes")));
        // versions 1 + stops 1 + actions 1 + locks 1 + drivers 1 + the snapshot 1 + locations 3: no health record read.
        assert_eq!(f.calls(), 9);
        assert_eq!(out["parts"]["health"], "OK");

        // The snapshot unreadable: each stop's own record, and the part is still answered.
        let mut f = fake(3);
        f.health = vec![health("L000", false, "STATUS_0_READY")];
        f.failing = vec!["snapshot"];
        let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
        assert_eq!(out["routes"][0]["stops"][0]["safetyHold"], "No");
        assert_eq!(out["parts"]["health"], "OK");
    }

    #[tokio::test]
    async fn a_failed_part_is_reported_and_the_rest_answered() {
        for part in ["actions", "health", "locations", "slips"] {
            let mut f = fake(4);
            f.failing = vec![part];
            let out = run(&f, &DayCopies::new(), &input(json!({ "dropOffDate": DATE }))).await.unwrap();
            assert_eq!(out["parts"][part], "FAILED", "{part}");
            let ok = ["slips", "actions", "health", "locations"].iter().filter(|p| out["parts"][**p] == "OK").count();
            assert_eq!(ok, 3, "{part}");
            let stops = if part == "slips" { 0 } else { 4 };
            assert_eq!(out["summary"]["total"], stops, "{part}");
        }
    }

    #[test]
    fn the_window_follows_daylight_saving() {
        let day = |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        let (from, to) = window(day("2026-07-02")).unwrap();
        assert_eq!(
            (fridge_time::stamp(from), fridge_time::stamp(to)),
            ("2026-07-01T23:00:00.000Z".into(), "2026-07-02T23:00:00.000Z".into())
        );
        // Fall back on 1 November 2026: CDT opens, CST closes.
        let (from, to) = window(day("2026-11-01")).unwrap();
        assert_eq!(
            (fridge_time::stamp(from), fridge_time::stamp(to)),
            ("2026-10-31T23:00:00.000Z".into(), "2026-11-02T00:00:00.000Z".into())
        );
    }
}
