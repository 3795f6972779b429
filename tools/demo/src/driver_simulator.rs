//! The driver simulator: plays yesterday's and today's routes (the stops of
//! the LocationRoutes table) as the driver app would. Each demo driver signs
//! in through Cognito and records its actions with `createDriverAction`
//! through the local API's GraphQL endpoint; nothing is written around it.
//!
//! Yesterday is history: its actions go out at once, dated 24 hours back
//! (inside the server's 36-hour window, and in yesterday's stocking day, so
//! today's dashboard does not count them). Today is played live with
//! compressed time (a stop every few seconds, `DRIVER_SIM_STOP_MS`), drivers
//! side by side, each driving their routes one after another. Then it sleeps,
//! and plays each new stocking day as the clock reaches it; `--once` exits
//! after the first pass. The plan is deterministic (`plan`), and each action's
//! requestId is its step's own, so a re-run of a day sends the same requests:
//! the server answers an already recorded one as a conflict, which counts as
//! done (no action is recorded twice, and a killed run resumes).
pub mod drivers;
pub mod plan;

use chrono::{DateTime, Duration, NaiveDate, Utc};
pub use drivers::DRIVERS;
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::{ApiError, Deps, Table};
use plan::{RoutePlan, Step};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// How often the simulator looks for a new stocking day.
const CHECK_EVERY: std::time::Duration = std::time::Duration::from_secs(600);
/// Today's pace: between two stops, and between two actions at a stop.
const STOP_EVERY_MS: u64 = 4000;
const STEP_EVERY_MS: u64 = 800;
/// How far behind today's plan the first demo driver is (issue 42): their last scan, left
/// unstocked, is over 45 minutes old as soon as the day is played (Stop stuck), and they go quiet
/// with stops left a few minutes later (Driver quiet). Played with the others' pace, dated back.
const FIRST_DRIVER_BEHIND: Duration = Duration::minutes(55);
/// Tries of one call before it is given up (the same requestId each time).
const TRIES: usize = 3;

const MUTATION: &str = "mutation C($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }";
const TASK_MUTATION: &str = "mutation T($input: FridgeTaskInput!) { runFridgeTask(input: $input) { messageId } }";
/// One stop in this many confirms an impossible count, which the server
/// refuses: the stocking logs then show error rows, as a real day's do.
const BAD_COUNT_EVERY: u64 = 9;

/// What the API answered to one action.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Recorded,
    /// Recorded by an earlier run (its requestId came with another occurredAt).
    Earlier,
    Refused(String),
}

/// The settings of a run, from stack.env.
struct Settings {
    api: String,
    client_id: String,
    password: String,
    stop_every: std::time::Duration,
}

impl Settings {
    fn from_env() -> Result<Settings, ApiError> {
        let var = |k: &str| std::env::var(k).map_err(|_| ApiError::internal(format!("{k} is not set")));
        let stop_ms = std::env::var("DRIVER_SIM_STOP_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(STOP_EVERY_MS);
        Ok(Settings {
            api: std::env::var("LOCAL_API_URL").unwrap_or_else(|_| "http://127.0.0.1:4000".into()),
            client_id: var("USER_POOL_CLIENT_ID")?,
            password: var("DEMO_PASSWORD")?,
            stop_every: std::time::Duration::from_millis(stop_ms),
        })
    }
}

/// One POST to /graphql, retried on a transport failure or a 5xx.
fn post(url: &str, token: &str, body: &Value) -> Answer {
    let mut last = String::new();
    for _ in 0..TRIES {
        let answer = match ureq::post(url).set("Authorization", token).send_json(body.clone()) {
            Ok(r) => r.into_json::<Value>(),
            Err(ureq::Error::Status(code, r)) if code < 500 => r.into_json::<Value>(),
            Err(e) => {
                last = e.to_string();
                std::thread::sleep(std::time::Duration::from_millis(500));
                continue;
            }
        };
        return match answer {
            Ok(v) => read_answer(&v),
            Err(e) => Answer::Refused(e.to_string()),
        };
    }
    Answer::Refused(last)
}

fn read_answer(v: &Value) -> Answer {
    if v.pointer("/data/createDriverAction/id").is_some() || v.pointer("/data/runFridgeTask/messageId").is_some() {
        return Answer::Recorded;
    }
    let error = v.pointer("/errors/0");
    match error.and_then(|e| e.get("errorType")).and_then(Value::as_str) {
        Some("Conflict") => Answer::Earlier,
        _ => Answer::Refused(error.and_then(|e| e.get("message")).map_or_else(|| v.to_string(), Value::to_string)),
    }
}

/// Sends one step, occurred `back` before now (a retry keeps the same time).
async fn send(settings: &Settings, token: &str, step: &Step, back: Duration) -> Answer {
    let occurred: DateTime<Utc> = fleet_shared::fridge_time::now() - back;
    let body = json!({ "query": MUTATION, "variables": { "input": {
        "eventType": step.data.kind().name(), "locationId": step.location_id, "data": step.data.to_text(),
        "requestId": step.request_id, "occurredAt": fleet_shared::fridge_time::stamp(occurred),
    } } });
    let (url, token) = (format!("{}/graphql", settings.api), token.to_string());
    tokio::task::spawn_blocking(move || post(&url, &token, &body))
        .await
        .unwrap_or_else(|e| Answer::Refused(e.to_string()))
}

/// The fridge tasks of a stocked stop, as the driver app runs them around the
/// stocking: unlock the door, then confirm the count. Each is one call of
/// `runFridgeTask` (its command goes to the fridge through the command queue).
fn tasks(step: &Step) -> Vec<Value> {
    let h = step.request_id.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let count = if h % BAD_COUNT_EVERY == 0 { -1 } else { (h % 40) as i64 + 4 };
    vec![
        json!({ "locationId": step.location_id, "task": "UnlockDoor", "requestId": format!("{}-unlock", step.request_id) }),
        json!({ "locationId": step.location_id, "task": "ConfirmCount", "count": count,
                "requestId": format!("{}-count", step.request_id) }),
    ]
}

async fn run_task(settings: &Settings, token: &str, input: Value) -> Answer {
    let body = json!({ "query": TASK_MUTATION, "variables": { "input": input } });
    let (url, token) = (format!("{}/graphql", settings.api), token.to_string());
    tokio::task::spawn_blocking(move || post(&url, &token, &body))
        .await
        .unwrap_or_else(|e| Answer::Refused(e.to_string()))
}

/// Plays one route; answers whether every action landed (now or earlier). A live day's actions are
/// dated `behind` before they are sent.
async fn drive(
    settings: &Settings,
    token: &str,
    date: NaiveDate,
    route: &RoutePlan,
    back: Duration,
    behind: Duration,
) -> bool {
    let live = back.is_zero();
    let (mut recorded, mut earlier, mut refused) = (0, 0, 0);
    for visit in &route.visits {
        let mut new = false;
        for (n, step) in visit.iter().enumerate() {
            if live && new && n > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(STEP_EVERY_MS)).await;
            }
            let answer = send(settings, token, step, back + behind).await;
            // Tasks run live only: a replayed day's fridges are not at the stop any more.
            if live && answer == Answer::Recorded && step.data.kind() == fn_stocking::events::EventType::LocationStocked
            {
                for input in tasks(step) {
                    if let Answer::Refused(why) = run_task(settings, token, input).await {
                        tracing::info!(%date, route = %route.route, %why, "driver simulator: a fridge task was refused");
                    }
                }
            }
            match answer {
                Answer::Recorded => {
                    recorded += 1;
                    new = true;
                }
                Answer::Earlier => earlier += 1,
                Answer::Refused(why) => {
                    refused += 1;
                    tracing::warn!(%date, route = %route.route, request = %step.request_id, %why, "driver simulator: an action was refused");
                }
            }
        }
        // Only a visit played now takes the driver's time; a replayed one is skipped through.
        if live && new {
            tokio::time::sleep(settings.stop_every).await;
        }
    }
    let driver = DRIVERS.get(route.driver).map_or("?", |d| d.0);
    tracing::info!(%date, route = %route.route, driver, stops = route.visits.len().saturating_sub(1), recorded, earlier, refused,
        on_the_road = route.on_the_road, "driver simulator: route played");
    refused == 0
}

/// Plays `date`'s plan, `back` in the past; answers whether all of it landed.
async fn play(deps: &'static Deps, settings: &'static Settings, date: NaiveDate, back: Duration) -> bool {
    let text = date.format("%Y-%m-%d").to_string();
    let stops: Vec<RouteStop> = match deps.table(Table::LocationRoutes) {
        Ok(t) => match fleet_shared::route_store::stops_of_date(&t, &text).all().await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(%date, error = %e, "driver simulator: cannot read the route stops");
                return false;
            }
        },
        Err(_) => return false,
    };
    let mut day = plan::day(date, &stops, DRIVERS.len(), back.is_zero());
    // Each route is driven by its assigned driver (issue 38); an unassigned one
    // by the plan's driver, who claims it with their first stop action.
    match deps.table(Table::LocationRoutes) {
        Ok(t) => match fleet_shared::route_store::drivers_of_date(&t, &text).all().await {
            Ok(assigned) => plan::follow_assignments(&mut day, &assigned, DRIVERS),
            Err(e) => tracing::warn!(%date, error = %e, "driver simulator: cannot read the route drivers"),
        },
        Err(_) => return false,
    }
    for route in &day.not_started {
        tracing::info!(%date, route = %route, "driver simulator: route not started");
    }
    tracing::info!(%date, routes = day.routes.len(), kinds = ?plan::kinds(&day), "driver simulator: playing a day");
    let mut drives = vec![];
    for (n, (_, email)) in DRIVERS.iter().enumerate() {
        let mine: Vec<RoutePlan> = day.routes.iter().filter(|r| r.driver == n).cloned().collect();
        if mine.is_empty() {
            continue;
        }
        // Behind only while every action, dated back, stays in the day (an hour of play to spare).
        let now = fleet_shared::fridge_time::now();
        let stays = fn_stocking::window::stocking_day(now - FIRST_DRIVER_BEHIND - Duration::hours(1)) == date;
        let behind = if n == 0 && back.is_zero() && stays { FIRST_DRIVER_BEHIND } else { Duration::zero() };
        drives.push(tokio::spawn(async move {
            let token = match drivers::sign_in(deps, &settings.client_id, email, &settings.password).await {
                Ok(t) => t,
                Err(e) => {
                    tracing::error!(error = %e, "driver simulator: sign-in failed");
                    return false;
                }
            };
            let mut ok = true;
            for route in &mine {
                ok &= drive(settings, &token, date, route, back, behind).await;
            }
            ok
        }));
    }
    let mut ok = true;
    for d in futures::future::join_all(drives).await {
        ok &= d.unwrap_or(false);
    }
    ok
}

/// Runs the simulator: yesterday and today, then (unless `once`) each new day.
pub async fn run(deps: &'static Deps, once: bool) -> Result<(), ApiError> {
    let settings: &'static Settings = Box::leak(Box::new(Settings::from_env()?));
    drivers::ensure_all(deps, &settings.password).await?;
    let mut played: BTreeSet<NaiveDate> = BTreeSet::new();
    loop {
        let now = fleet_shared::fridge_time::now();
        let today = fn_stocking::window::stocking_day(now);
        for (date, days_back) in [(today - Duration::days(1), 1), (today, 0)] {
            let back = Duration::days(days_back);
            // Dated back a day, an action must still fall in its own stocking day.
            if played.contains(&date) || fn_stocking::window::stocking_day(now - back) != date {
                continue;
            }
            if play(deps, settings, date, back).await {
                played.insert(date);
            }
        }
        if once {
            return Ok(());
        }
        tokio::time::sleep(CHECK_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_by_their_error_type() {
        assert_eq!(read_answer(&json!({ "data": { "createDriverAction": { "id": "a" } } })), Answer::Recorded);
        let conflict = json!({ "data": null, "errors": [{ "errorType": "Conflict", "message": "This requestId was already used" }] });
        assert_eq!(read_answer(&conflict), Answer::Earlier);
        let refused = json!({ "errors": [{ "errorType": "BadRequest", "message": "Unknown location X" }] });
        assert_eq!(read_answer(&refused), Answer::Refused("\"Unknown location X\"".into()));
    }
}
