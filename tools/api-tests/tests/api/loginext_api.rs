//! LogiNext sync against the emulator and the routing-service stub (issue
//! 24): a job through the queue and the worker to the stub and back into the
//! routes, with history; a failure retried by the queue; a failure that
//! outlasts the receives; the window's edges across a daylight-saving change
//! on the injectable clock, and once on the wire; callers refused; a stop
//! stocked during the routing call stays put; an older job, or a date that
//! has passed, is refused; a requestId is its caller's own (issue 38).
//!
//! Each test uses fulfillment centers and dates of its own, so the stub's
//! injected failures and the routes it plans touch nothing else.
use crate::common;
use chrono::{DateTime, Duration, Utc};
use common::*;
use fleet_front_door::queues;
use fleet_shared::events::SqsMessage;
use fleet_shared::{Caller, Table};
use fn_routes::loginext::client::{CallError, Http, PlanRequest, PlanResponse, PlannedRoute, PlannedStop, Planner};
use fn_routes::loginext::job::{SyncJob, KIND};
use fn_routes::loginext::start::{self, Starter, SyncInput, SCOPE};
use fn_routes::loginext::store::SyncStore;
use fn_routes::loginext::worker::Worker;
use fn_routes::loginext::{blocked, BLOCKED_MESSAGE, SUCCESS_MESSAGE};
use fn_routes::store::Dynamo;
use serde_json::{json, Value};

/// A fridge of `center` at (lat, lng), made through createLocation.
async fn fridge(center: &str, lat: &str, lng: &str) -> String {
    let id = unique("LNX");
    let mut f = form(&id);
    f["fulfillmentCenter"] = json!(center);
    f["latitude"] = json!(lat);
    f["longitude"] = json!(lng);
    gql("create_location", &admin().await, json!({ "input": f.to_string() })).await.unwrap();
    id
}

/// (route, stop, location) of the date's stops, sorted.
async fn stops(date: &str) -> Vec<(String, i64, String)> {
    let out = gql("location_routes", &admin().await, json!({ "stockingDate": date })).await.unwrap();
    let mut all: Vec<(String, i64, String)> = out["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["route"].as_str().unwrap().into(), s["stop"].as_i64().unwrap(), s["id"].as_str().unwrap().into()))
        .collect();
    all.sort();
    all
}

/// Now, or half an hour earlier when now is inside the window: these tests
/// pass at any hour.
fn outside_window() -> DateTime<Utc> {
    let now = Utc::now();
    if blocked(now) {
        now - Duration::minutes(30)
    } else {
        now
    }
}

async fn sync(
    caller: &Caller,
    dates: (&str, &str),
    centers: &[&str],
    now: DateTime<Utc>,
) -> Result<Value, fleet_shared::ApiError> {
    sync_from(caller, dates, centers, now, Some(unique("req").replace('_', "-"))).await
}

/// `start` on the injectable clock, as the mutation's handler calls it.
async fn sync_from(
    caller: &Caller,
    dates: (&str, &str),
    centers: &[&str],
    now: DateTime<Utc>,
    request_id: Option<String>,
) -> Result<Value, fleet_shared::ApiError> {
    let input = SyncInput {
        start_date: dates.0.into(),
        end_date: dates.1.into(),
        fulfillment_centers: centers.iter().map(|c| c.to_string()).collect(),
        request_id,
    };
    let d = deps().await;
    let who = Starter { sub: &caller.sub, email: &caller.email, name: None };
    let started = start::start(&Dynamo(d), &d.table(Table::Idempotency).unwrap(), input, who, now).await?;
    // Read as the screen reads the mutation's answer.
    Ok(serde_json::to_value(started).unwrap())
}

/// Makes the stub fail the next `times` requests naming `center`.
fn inject(center: &str, times: u32) {
    let url = std::env::var("ROUTING_SERVICE_URL").expect("the stack's routing stub");
    ureq::post(&format!("{url}/_stub/failures"))
        .send_json(json!({ "center": center, "times": times, "status": 503 }))
        .expect("the routing stub takes injected failures");
}

/// Runs the worker as the event source mapping would until the job is
/// finished (a running local API may take some messages first).
async fn until_finished(started: &Value) -> Value {
    let sqs = queues::sqs_client().await;
    let url = std::env::var("QUEUE_URL_RouteSyncQueue").unwrap();
    let spec = find("route_sync_worker");
    let (id, created_at) = (started["id"].as_str().unwrap(), started["createdAt"].as_str().unwrap());
    // Read by its key, not found in the list of the newest: on a long-lived
    // stack other runs' jobs can push it out of that list.
    let key = SyncJob::key_of(created_at, id);
    for _ in 0..60 {
        queues::poll_once(&sqs, wiring().await, spec, &url, 1).await.unwrap();
        let job = Dynamo(deps().await).job(&key).await.unwrap().map(|j| j.view());
        if let Some(job) = job.filter(|j| j.state == "DONE" || j.state == "FAILED") {
            return serde_json::to_value(job).unwrap();
        }
    }
    panic!("job {id} did not finish");
}

#[tokio::test]
async fn a_sync_plans_through_the_stub_and_writes_the_routes_back_with_history_after_a_retried_failure() {
    let center = unique("North Kitchen");
    let other = unique("South Kitchen");
    let date = own_date();
    let (a, b, c) = (
        fridge(&center, "41.90", "-87.60").await,
        fridge(&center, "41.80", "-87.70").await,
        fridge(&other, "41.7", "-87.6").await,
    );
    let stocked = fridge(&center, "41.85", "-87.65").await;
    put_stop(&date, &stocked, ("old1", 1), "MW", Some("2070-01-01T15:00:00.000Z")).await;
    put_stop(&date, &a, ("old1", 2), "MW", None).await;
    put_stop(&date, &c, ("old1", 3), "MW", None).await;
    put_stop(&date, &b, ("old2", 1), "MW", None).await;
    inject(&center, 1); // the first call fails: the queue brings the message back

    let ops = user_with(&["SyncLogiNext"]).await;
    let answer = sync(&ops, (&date, &date), &[&center], outside_window()).await.unwrap();
    assert_eq!(answer["message"], SUCCESS_MESSAGE);
    let id = answer["job"]["id"].as_str().unwrap().to_string();
    assert_eq!(answer["job"]["state"], "QUEUED");

    let job = until_finished(&answer["job"]).await;
    assert_eq!(job["state"], "DONE", "{job}");
    assert_eq!((job["datesDone"].as_i64(), job["routesChanged"].as_i64()), (Some(1), Some(3)), "{job}");
    assert_eq!(job["createdBy"], ops.email);
    let slug = center.to_lowercase().replace(['_', ' '], "-");
    let planned = format!("ln-{}-1", slug.chars().take(24).collect::<String>());
    let after = stops(&date).await;
    assert!(after.contains(&("old1".into(), 1, stocked.clone())), "the stocked stop stays: {after:?}");
    assert!(after.contains(&("old1".into(), 3, c.clone())), "another center's stop stays: {after:?}");
    let on_planned: Vec<&String> = after.iter().filter(|s| s.0 == planned).map(|s| &s.2).collect();
    assert_eq!(on_planned.len(), 2, "{after:?}");
    assert!(on_planned.contains(&&a) && on_planned.contains(&&b));
    assert!(!after.iter().any(|s| s.0 == "old2"), "old2 lost its only stop: {after:?}");

    let history = deps().await.table(Table::History).unwrap();
    let records: Vec<Value> = history.query("entity", format!("routes#{date}")).all().await.unwrap();
    let sources: Vec<&str> = records.iter().filter_map(|r| r["source"].as_str()).collect();
    assert_eq!(
        sources.iter().filter(|s| s.starts_with(&format!("LogiNext sync {id} (route "))).count(),
        3,
        "{sources:?}"
    );
}

#[tokio::test]
async fn a_service_failing_past_the_last_receive_marks_the_job_failed_and_writes_nothing() {
    let center = unique("West Kitchen");
    let date = own_date();
    let a = fridge(&center, "41.90", "-87.60").await;
    put_stop(&date, &a, ("keep1", 1), "MW", None).await;
    inject(&center, 10);
    let answer = sync(&admin().await, (&date, &date), &[&center], outside_window()).await.unwrap();
    let job = until_finished(&answer["job"]).await;
    assert_eq!(job["state"], "FAILED", "{job}");
    let error = job["error"].as_str().unwrap();
    assert!(error.starts_with(&format!("{date}: the routing service answered 503")), "{error}");
    assert_eq!(stops(&date).await, [("keep1".to_string(), 1, a)]);
    inject(&center, 0);
}

#[tokio::test]
async fn the_window_refuses_from_1730_up_to_1750_central_across_a_daylight_saving_change() {
    let caller = admin().await;
    let date = "2070-06-01";
    let at = |t: &str| DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&Utc);
    // 2027-03-14 moves the clocks forward: 17:30 Central is 23:30Z the day before, 22:30Z that day.
    for (instant, refused) in [
        ("2027-03-13T23:29:59Z", false),
        ("2027-03-13T23:30:00Z", true),
        ("2027-03-14T22:29:59Z", false),
        ("2027-03-14T22:30:00Z", true),
        ("2027-03-14T22:49:59Z", true),
        ("2027-03-14T22:50:00Z", false),
        ("2027-11-07T23:49:59Z", true), // back to CST that morning
        ("2027-11-07T23:50:00Z", false),
    ] {
        let out = sync(&caller, (date, date), &["Window Kitchen"], at(instant)).await;
        match out {
            Err(e) if refused => assert_eq!(e.to_string(), BLOCKED_MESSAGE, "{instant}"),
            Ok(v) if !refused => assert_eq!(v["message"], SUCCESS_MESSAGE, "{instant}"),
            other => panic!("{instant}: {other:?}"),
        }
    }
    // On the wire, at the real time: refused inside the window, queued outside it.
    let args = json!({ "input": { "startDate": date, "endDate": date, "fulfillmentCenters": ["Window Kitchen"] } });
    // The window is read before and after the call: when its edge passes during the call, either answer is right.
    let before = blocked(Utc::now());
    let wire = gql("sync_loginext_loc_routes", &caller, args).await;
    let after = blocked(Utc::now());
    match wire {
        Err(e) if before || after => assert_eq!(e.to_string(), BLOCKED_MESSAGE),
        Ok(v) if !before || !after => assert_eq!(v["job"]["state"], "QUEUED"),
        other => panic!("blocked before the call: {before}, after it: {after}; answer: {other:?}"),
    }
}

#[tokio::test]
async fn the_rules_and_the_action_are_enforced_by_the_server() {
    let input = |start: &str, end: &str, centers: Value| json!({ "input": { "startDate": start, "endDate": end, "fulfillmentCenters": centers, "requestId": unique("r").replace('_', "-") } });
    let viewer = user_with(&["ViewRoutes"]).await;
    let refused = gql("sync_loginext_loc_routes", &viewer, input("2070-01-02", "2070-01-02", json!(["A"]))).await;
    assert_eq!(refused.unwrap_err().status(), 403);
    assert!(gql("loginext_sync_jobs", &viewer, json!({})).await.is_ok(), "viewers see the jobs");
    assert_eq!(gql("loginext_sync_jobs", &user_with(&[]).await, json!({})).await.unwrap_err().status(), 403);

    let now = outside_window();
    let ops = user_with(&["SyncLogiNext"]).await;
    let refusal = |start: &'static str, end: &'static str, center: &'static str| {
        let ops = ops.clone();
        async move {
            let out = sync_from(&ops, (start, end), &[center], now, None).await;
            out.unwrap_err().to_string()
        }
    };
    assert_eq!(refusal("2070-01-03", "2070-01-02", "A").await, "\"End Date\" can not be before \"Start Date\". ");
    assert_eq!(refusal("2020-01-01", "2020-01-02", "A").await, "Dates cannot be before today.");
    assert_eq!(refusal("2070-01-01", "2070-01-02", "Does Not Exist").await, "Select at least one Fulfillment Center.");
    assert_eq!(refusal("2070-01-01", "2070-01-31", "A").await, "A sync can cover at most 14 days.");
    // A retried request answers its first result and starts nothing more.
    let body = input("2070-01-02", "2070-01-02", json!(["Retry Kitchen"]));
    let ops = user_with(&["SyncLogiNext"]).await;
    // The retries below need the window closed for the next minute as well.
    if blocked(Utc::now()) || blocked(Utc::now() + Duration::minutes(1)) {
        return;
    }
    let first = gql("sync_loginext_loc_routes", &ops, body.clone()).await.unwrap();
    assert_eq!(gql("sync_loginext_loc_routes", &ops, body.clone()).await.unwrap(), first);
    let mut other = body.clone();
    other["input"]["endDate"] = json!("2070-01-03");
    assert_eq!(gql("sync_loginext_loc_routes", &ops, other).await.unwrap_err().status(), 409);
}

/// A job recorded as `start` records it, but not queued: the test hands its
/// message to the worker itself, so no other test's polling takes it first.
async fn unqueued_job(caller: &Caller, date: &str, center: &str, created_at: DateTime<Utc>) -> SyncJob {
    let id = unique("job").replace('_', "-");
    let created_at = fleet_shared::fridge_time::stamp(created_at);
    let job = SyncJob {
        kind: KIND.into(),
        job_key: SyncJob::key_of(&created_at, &id),
        id: id.clone(),
        start_date: date.into(),
        end_date: date.into(),
        fulfillment_centers: vec![center.into()],
        dates: vec![date.into()],
        created_at,
        created_by: caller.email.clone(),
        created_by_name: None,
        digest: "test".into(),
        outcomes: Default::default(),
        last_error: None,
        expires_at: Utc::now().timestamp() + 86_400,
    };
    let d = deps().await;
    let records = d.table(Table::Idempotency).unwrap();
    let claim = fleet_shared::idempotency::Request::new(&records, SCOPE, &format!("{}:{id}", caller.sub), &json!({}))
        .claim(&json!({}), Utc::now().timestamp());
    Dynamo(d).create(&job, &claim).await.unwrap();
    job
}

/// The worker's deps, as the queue's function has them.
async fn worker_deps() -> &'static fleet_shared::Deps {
    wiring().await.deps(find("route_sync_worker"))
}

/// Hands the job's date to the worker as one SQS message, at `now`; answers the job after.
async fn work(job: &SyncJob, planner: &impl Planner, now: DateTime<Utc>) -> SyncJob {
    let d = worker_deps().await;
    let (store, records) = (Dynamo(d), d.table(Table::Idempotency).unwrap());
    let worker = Worker { routes: &store, jobs: &store, records: &records, planner, now };
    let mut m = SqsMessage::default();
    m.message_id = Some(unique("m"));
    m.body = Some(json!({ "jobKey": job.job_key, "date": job.dates[0] }).to_string());
    m.attributes.insert("ApproximateReceiveCount".into(), "1".into());
    assert!(worker.batch(vec![m]).await.batch_item_failures.is_empty(), "handled in one receive");
    store.job(&job.job_key).await.unwrap().unwrap()
}

/// The stub over HTTP, with a driver stocking `location` once it has answered.
struct StockedDuringCall {
    date: String,
    location: String,
    at: String,
}

impl Planner for StockedDuringCall {
    async fn plan(&self, request: &PlanRequest) -> Result<PlanResponse, CallError> {
        let d = worker_deps().await;
        let answer = Http(d.config.routing_service().unwrap()).plan(request).await;
        assert_eq!(mark_stocked(&self.date, &self.location, &self.at).await, 1);
        answer
    }
}

/// The stub over HTTP.
struct Stub;

impl Planner for Stub {
    async fn plan(&self, request: &PlanRequest) -> Result<PlanResponse, CallError> {
        Http(worker_deps().await.config.routing_service().unwrap()).plan(request).await
    }
}

/// Always the same plan.
struct Fixed(PlanResponse);

impl Planner for Fixed {
    async fn plan(&self, _request: &PlanRequest) -> Result<PlanResponse, CallError> {
        Ok(self.0.clone())
    }
}

/// (route, stop, location, stocked time) of the date's stops, as stored.
async fn stored(date: &str, routes: &[&str]) -> Vec<(String, i64, String, Option<String>)> {
    let mut all = Vec::new();
    for r in routes {
        for s in fn_routes::stops::of_route(deps().await, date, r).await.unwrap() {
            all.push((s.stop.route, s.stop.stop, s.stop.id, s.stocked_time_utc));
        }
    }
    all
}

#[tokio::test]
async fn a_stop_stocked_while_the_service_plans_stays_on_its_route_with_its_time() {
    let center = unique("Stocking Kitchen");
    let date = own_date();
    let (a, b) = (fridge(&center, "41.90", "-87.60").await, fridge(&center, "41.80", "-87.70").await);
    put_stop(&date, &a, ("sk1", 1), "MW", None).await;
    put_stop(&date, &b, ("sk1", 2), "MW", None).await;
    let job = unqueued_job(&admin().await, &date, &center, Utc::now()).await;
    let at = format!("{date}T15:00:00.000Z");
    let planner = StockedDuringCall { date: date.clone(), location: b.clone(), at: at.clone() };
    let done = work(&job, &planner, Utc::now()).await;
    assert!(done.outcomes[&date].ok, "{:?}", done.outcomes);
    let after = stops(&date).await;
    assert!(after.contains(&("sk1".into(), 2, b.clone())), "b was stocked during the call: it stays {after:?}");
    assert!(!after.contains(&("sk1".into(), 1, a.clone())), "a moved to the planned route: {after:?}");
    assert_eq!(after.iter().filter(|s| s.2 == a).count(), 1, "{after:?}");
    let sk1 = stored(&date, &["sk1"]).await;
    assert_eq!(sk1, [("sk1".to_string(), 2, b.clone(), Some(at))]);
}

#[tokio::test]
async fn an_older_job_and_a_date_that_has_passed_are_refused() {
    let center = unique("Older Kitchen");
    let date = own_date();
    let (a, b) = (fridge(&center, "41.90", "-87.60").await, fridge(&center, "41.80", "-87.70").await);
    put_stop(&date, &a, ("oc1", 1), "MW", None).await;
    put_stop(&date, &b, ("oc1", 2), "MW", None).await;
    let ops = admin().await;
    // Started ten minutes apart; the newer one's message is handled first.
    let older = unqueued_job(&ops, &date, &center, Utc::now() - Duration::minutes(10)).await;
    let newer = unqueued_job(&ops, &date, &center, Utc::now()).await;
    assert!(work(&newer, &Stub, Utc::now()).await.outcomes[&date].ok);
    let planned = stops(&date).await;
    assert!(!planned.iter().any(|s| s.0 == "oc1"), "the newer plan emptied oc1: {planned:?}");
    let stale = PlanResponse {
        routes: vec![PlannedRoute {
            route: "older-plan".into(),
            stops: [&a, &b].map(|id| PlannedStop { location_id: id.to_string(), stocking_index: 1 }).to_vec(),
        }],
    };
    let refused = work(&older, &Fixed(stale), Utc::now()).await;
    let outcome = &refused.outcomes[&date];
    assert!(!outcome.ok);
    assert_eq!(
        outcome.error.as_deref(),
        Some(
            format!(
                "a newer sync ({}) has already written the routes of {date}; this older one was not applied",
                newer.id
            )
            .as_str()
        )
    );
    assert_eq!(stops(&date).await, planned, "the newer plan stays");

    // A job's date that has passed by the time its message is handled is refused before anything is asked.
    let yesterday = (fn_routes::loginext::today(Utc::now()) - Duration::days(1)).to_string();
    let late = unqueued_job(&ops, &yesterday, &center, Utc::now() - Duration::days(2)).await;
    let done = work(&late, &Fixed(PlanResponse::default()), Utc::now()).await;
    assert_eq!(
        done.outcomes[&yesterday].error.as_deref(),
        Some(format!("{yesterday} has passed: a sync writes only today's and later routes").as_str())
    );
}

#[tokio::test]
async fn a_request_id_is_its_callers_own_and_the_job_is_named_by_the_server() {
    // Its calls on the wire need the window closed now and for the next minute.
    if blocked(Utc::now()) || blocked(Utc::now() + Duration::minutes(1)) {
        return;
    }
    let (one, two) = (user_with(&["SyncLogiNext"]).await, user_with(&["SyncLogiNext"]).await);
    let request_id = unique("shared").replace('_', "-");
    let body = json!({ "input": { "startDate": "2070-02-02", "endDate": "2070-02-02",
                                  "fulfillmentCenters": [unique("Shared Kitchen")], "requestId": request_id } });
    let first = gql("sync_loginext_loc_routes", &one, body.clone()).await.unwrap();
    let id = first["job"]["id"].as_str().unwrap().to_string();
    assert_ne!(id, request_id, "the server names the job");
    // Another user with the same id starts their own job: nothing of the first user's is replayed.
    let second = gql("sync_loginext_loc_routes", &two, body.clone()).await.unwrap();
    assert_ne!(second["job"]["id"], first["job"]["id"]);
    assert_eq!(second["job"]["createdBy"], two.email);
    assert_eq!(gql("sync_loginext_loc_routes", &one, body).await.unwrap(), first, "a retry answers its first result");
}
