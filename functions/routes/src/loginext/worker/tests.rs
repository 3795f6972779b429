use super::*;
use crate::loginext::client::{PlanRequest, PlanResponse, PlannedRoute, PlannedStop};
use crate::loginext::job::{tests::job, SyncJob};
use crate::store::memory::Memory;
use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
use fleet_shared::entity::Location;
use fleet_shared::parking::Unstorable;
use std::collections::VecDeque;
use std::sync::Mutex;

const DATE: &str = "2026-11-26";

/// The batch's clock: the day before `DATE`, in Central.
fn now() -> chrono::DateTime<chrono::Utc> {
    fleet_shared::dates::instant("2026-11-25T15:00:00Z").unwrap()
}

/// Jobs in memory, with what the queue was asked.
#[derive(Default)]
pub struct Jobs {
    pub jobs: Mutex<HashMap<String, SyncJob>>,
    pub delays: Mutex<Vec<(String, i32)>>,
    pub parked: Mutex<Vec<Unstorable>>,
    pub sent: Mutex<Vec<String>>,
    /// The request records each job's transaction carried.
    pub claims: Mutex<Vec<Claim>>,
    pub refuse_enqueue: bool,
}

impl SyncStore for Jobs {
    async fn create(&self, job: &SyncJob, claim: &Claim) -> Result<(), ApiError> {
        self.claims.lock().unwrap().push(claim.clone());
        self.jobs.lock().unwrap().insert(job.job_key.clone(), job.clone());
        Ok(())
    }
    async fn forget(&self, _claim: &Claim) -> Result<(), ApiError> {
        Ok(())
    }
    async fn enqueue(&self, bodies: Vec<String>) -> Result<(), ApiError> {
        if self.refuse_enqueue {
            return Err(ApiError::internal("queue down"));
        }
        self.sent.lock().unwrap().extend(bodies);
        Ok(())
    }
    async fn job(&self, key: &str) -> Result<Option<SyncJob>, ApiError> {
        Ok(self.jobs.lock().unwrap().get(key).cloned())
    }
    async fn recent(&self) -> Result<Vec<SyncJob>, ApiError> {
        Ok(self.jobs.lock().unwrap().values().cloned().collect())
    }
    async fn finish_date(&self, key: &str, date: &str, outcome: &DateOutcome) -> Result<bool, ApiError> {
        let mut jobs = self.jobs.lock().unwrap();
        let job = jobs.get_mut(key).ok_or_else(|| ApiError::NotFound(key.into()))?;
        if job.outcomes.contains_key(date) {
            return Ok(false);
        }
        job.outcomes.insert(date.into(), outcome.clone());
        Ok(true)
    }
    async fn note_error(&self, key: &str, error: &str) -> Result<(), ApiError> {
        if let Some(j) = self.jobs.lock().unwrap().get_mut(key) {
            j.last_error = Some(error.into());
        }
        Ok(())
    }
    async fn retry_after(&self, receipt: &str, seconds: i32) -> Result<(), ApiError> {
        self.delays.lock().unwrap().push((receipt.into(), seconds));
        Ok(())
    }
    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        self.parked.lock().unwrap().extend(bad.iter().cloned());
        Vec::new()
    }
}

/// A routing service answering from a script first, then planning every
/// stop it is sent onto route `ln1`, in reverse order.
#[derive(Default)]
struct Service {
    script: Mutex<VecDeque<Result<PlanResponse, CallError>>>,
    calls: Mutex<u32>,
}

impl Planner for Service {
    async fn plan(&self, request: &PlanRequest) -> Result<PlanResponse, CallError> {
        *self.calls.lock().unwrap() += 1;
        if let Some(next) = self.script.lock().unwrap().pop_front() {
            return next;
        }
        let stops = request
            .stops
            .iter()
            .rev()
            .map(|s| PlannedStop { location_id: s.location_id.clone(), stocking_index: s.stocking_index })
            .collect();
        Ok(PlanResponse { routes: vec![PlannedRoute { route: "LN1".into(), stops }] })
    }
}

fn stop(route: &str, n: i64, id: &str) -> StoredStop {
    StoredStop {
        stop: RouteStop {
            stocking_date: DATE.into(),
            market: "MW".into(),
            id: id.into(),
            route: route.into(),
            stop: n,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        },
        route_stop: sort_key(route, n),
        upload: None,
        stocked_time_utc: None,
        stocked_by: None,
    }
}

fn routes() -> Memory {
    let mut fake = Memory::default();
    for (id, center) in [("A", "North"), ("B", "North"), ("C", "South")] {
        let l: Location =
            serde_json::from_value(json!({ "id": id, "operationConfigs": { "fulfillmentCenter": center } })).unwrap();
        fake.locations.insert(id.into(), l);
    }
    let mut stops = fake.stops.lock().unwrap();
    for s in [stop("r1", 1, "A"), stop("r1", 2, "B"), stop("r1", 3, "C")] {
        stops.insert((DATE.into(), s.route_stop.clone()), s);
    }
    drop(stops);
    fake
}

fn jobs() -> (Jobs, String) {
    let j = job(&[DATE]);
    let key = j.job_key.clone();
    let jobs = Jobs::default();
    jobs.jobs.lock().unwrap().insert(key.clone(), j);
    (jobs, key)
}

fn message(key: &str, receives: u32) -> SqsMessage {
    let mut m = SqsMessage::default();
    m.message_id = Some(format!("m{receives}"));
    m.receipt_handle = Some(format!("rh{receives}"));
    m.body = Some(serde_json::to_string(&DateMessage { job_key: key.into(), date: DATE.into() }).unwrap());
    m.attributes.insert("ApproximateReceiveCount".into(), receives.to_string());
    m
}

fn ids(fake: &Memory, route: &str) -> Vec<(i64, String)> {
    fake.route(DATE, route).into_iter().map(|(n, id, _)| (n, id)).collect()
}

#[tokio::test]
async fn a_date_lands_as_planned_routes_with_history_and_counts_once() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "ln1"), [(1, "B".to_string()), (2, "A".to_string())]);
    assert_eq!(ids(&fake, "r1"), [(3, "C".to_string())], "another center's stop stays");
    let history = fake.history.lock().unwrap().clone();
    assert_eq!(history.len(), 2);
    assert!(history.iter().all(|r| r.source.starts_with("LogiNext sync j1 (route ") && r.who == "ops@x.co"));
    let outcome = jobs.jobs.lock().unwrap()[&key].outcomes[DATE].clone();
    assert_eq!((outcome.ok, outcome.routes, outcome.stops), (true, 2, 4));
    // Redelivered: nothing more is asked or written.
    assert!(w.batch(vec![message(&key, 2)]).await.batch_item_failures.is_empty());
    assert_eq!((*service.calls.lock().unwrap(), fake.history.lock().unwrap().len()), (1, 2));
}

#[tokio::test]
async fn a_failing_service_is_retried_by_the_queue_then_marks_the_date_failed() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    for _ in 0..3 {
        service.script.lock().unwrap().push_back(Err(CallError::Transient("the routing service answered 503".into())));
    }
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    for receive in 1..MAX_RECEIVES {
        let answer = w.batch(vec![message(&key, receive)]).await;
        assert_eq!(answer.batch_item_failures.len(), 1, "receive {receive} is redelivered");
        assert_eq!(jobs.jobs.lock().unwrap()[&key].state().as_str(), "RUNNING");
    }
    assert_eq!(*jobs.delays.lock().unwrap(), [("rh1".to_string(), 2), ("rh2".to_string(), 4)]);
    assert!(w.batch(vec![message(&key, MAX_RECEIVES)]).await.batch_item_failures.is_empty());
    let job = jobs.jobs.lock().unwrap()[&key].clone();
    assert_eq!(
        (job.state().as_str(), job.error().unwrap()),
        ("FAILED", format!("{DATE}: the routing service answered 503"))
    );
    assert_eq!(ids(&fake, "r1").len(), 3, "nothing written");
    assert!(fake.history.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_refusal_fails_the_date_at_once_and_a_service_that_recovers_lands() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    service.script.lock().unwrap().push_back(Err(CallError::Permanent("refused (401)".into())));
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(jobs.jobs.lock().unwrap()[&key].state().as_str(), "FAILED");

    let (jobs, key) = self::jobs();
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    service.script.lock().unwrap().push_back(Err(CallError::Transient("timeout".into())));
    assert_eq!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.len(), 1);
    assert!(w.batch(vec![message(&key, 2)]).await.batch_item_failures.is_empty());
    assert_eq!(jobs.jobs.lock().unwrap()[&key].state().as_str(), "DONE");
    assert_eq!(ids(&fake, "ln1").len(), 2);
}

#[tokio::test]
async fn a_route_upload_after_the_syncs_write_wins_over_a_redelivered_message() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    // The outcome is lost (as if the invocation died after the writes) and an upload replaces ln1.
    jobs.jobs.lock().unwrap().get_mut(&key).unwrap().outcomes.clear();
    let upload = Record::new(history::entity("routes", DATE), "2026-11-26T12:00:00.000Z", "u", "f.csv", vec![]);
    let mine = [stop("ln1", 1, "A").stop];
    stops::replace(&fake, DATE, "ln1", &mine, "u-1", &upload, &[]).await.unwrap();
    assert!(w.batch(vec![message(&key, 2)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "ln1"), [(1, "A".to_string())], "the upload's route stays");
    assert!(jobs.jobs.lock().unwrap()[&key].outcomes[DATE].ok);
}

#[tokio::test]
async fn a_stocked_stop_never_moves_and_a_route_changed_meanwhile_is_merged_again() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    fake.stops.lock().unwrap().get_mut(&(DATE.to_string(), "r1#0001".to_string())).unwrap().stocked_time_utc =
        Some("2026-11-26T09:00:00.000Z".into());
    fake.meanwhile.lock().unwrap().push((DATE.into(), "ln1".into()));
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "r1"), [(1, "A".to_string()), (3, "C".to_string())], "A was stocked: it stays");
    assert_eq!(ids(&fake, "ln1"), [(1, "B".to_string())]);
    assert_eq!(*service.calls.lock().unwrap(), 1, "the same plan merged again");
}

#[tokio::test]
async fn an_unreadable_message_is_parked_with_its_reason() {
    let (fake, jobs, service) = (routes(), Jobs::default(), Service::default());
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    let mut m = message("k", 1);
    m.body = Some("{not json".into());
    assert!(w.batch(vec![m]).await.batch_item_failures.is_empty());
    assert_eq!(jobs.parked.lock().unwrap().len(), 1);
    // A message naming no job is parked too, with its reason.
    assert!(w.batch(vec![message("nobody", 1)]).await.batch_item_failures.is_empty());
    let parked = jobs.parked.lock().unwrap();
    assert_eq!((parked.len(), parked[1].2.as_str()), (2, "no sync job nobody"));
}

/// The service, while a driver stocks `route_stop` during the call (as `mark_stocked` does).
struct StockedDuringCall<'a> {
    service: Service,
    routes: &'a Memory,
    route_stop: &'a str,
}

impl Planner for StockedDuringCall<'_> {
    async fn plan(&self, request: &PlanRequest) -> Result<PlanResponse, CallError> {
        let answer = self.service.plan(request).await;
        self.routes.stock(DATE, self.route_stop, "2026-11-26T09:30:00.000Z");
        answer
    }
}

#[tokio::test]
async fn a_stop_stocked_during_the_routing_call_is_pinned_not_moved() {
    let (fake, (jobs, key)) = (routes(), jobs());
    let planner = StockedDuringCall { service: Service::default(), routes: &fake, route_stop: "r1#0002" };
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &planner, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    // B was sent and planned, but stocked before the write: it stays, with its time.
    assert_eq!(ids(&fake, "r1"), [(2, "B".to_string()), (3, "C".to_string())]);
    assert_eq!(fake.stocked(DATE, "r1#0002").as_deref(), Some("2026-11-26T09:30:00.000Z"));
    assert_eq!(ids(&fake, "ln1"), [(1, "A".to_string())]);
    assert_eq!(*planner.service.calls.lock().unwrap(), 1, "the same plan merged again");
    assert!(jobs.jobs.lock().unwrap()[&key].outcomes[DATE].ok);
}

#[tokio::test]
async fn a_stop_stocked_between_the_read_and_a_write_is_neither_moved_nor_erased() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    // Stocked as the first route (ln1, gaining A and B from r1) is written.
    fake.stocked_meanwhile.lock().unwrap().push((DATE.into(), "r1#0001".into(), "2026-11-26T09:00:00.000Z".into()));
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "r1"), [(1, "A".to_string()), (3, "C".to_string())]);
    assert_eq!(fake.stocked(DATE, "r1#0001").as_deref(), Some("2026-11-26T09:00:00.000Z"));
    assert_eq!(ids(&fake, "ln1"), [(1, "B".to_string())]);
}

#[tokio::test]
async fn an_older_job_never_overwrites_the_routes_a_newer_job_wrote() {
    let (fake, (jobs, older), service) = (routes(), jobs(), Service::default());
    let mut newer = job(&[DATE]);
    newer.id = "j2".into();
    newer.created_at = "2026-11-25T10:05:00.000Z".into();
    newer.job_key = SyncJob::key_of(&newer.created_at, &newer.id);
    let newer_key = newer.job_key.clone();
    jobs.jobs.lock().unwrap().insert(newer_key.clone(), newer);
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: now() };
    // The newer job's message is handled first (the older one's was retried meanwhile).
    assert!(w.batch(vec![message(&newer_key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "ln1"), [(1, "B".to_string()), (2, "A".to_string())]);
    let plan = PlanResponse {
        routes: vec![PlannedRoute {
            route: "LN2".into(),
            stops: ["A", "B"].map(|id| PlannedStop { location_id: id.into(), stocking_index: 1 }).to_vec(),
        }],
    };
    service.script.lock().unwrap().push_back(Ok(plan));
    assert!(w.batch(vec![message(&older, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(ids(&fake, "ln1"), [(1, "B".to_string()), (2, "A".to_string())], "the newer plan stays");
    assert!(ids(&fake, "ln2").is_empty());
    let job = jobs.jobs.lock().unwrap()[&older].clone();
    assert_eq!(job.state().as_str(), "FAILED");
    assert_eq!(
        job.error().unwrap(),
        format!("{DATE}: a newer sync (j2) has already written the routes of {DATE}; this older one was not applied")
    );
}

#[tokio::test]
async fn a_date_that_has_passed_is_refused_before_anything_is_asked_or_written() {
    let (fake, (jobs, key), service) = (routes(), jobs(), Service::default());
    let later = fleet_shared::dates::instant("2026-11-27T15:00:00Z").unwrap();
    let w = Worker { routes: &fake, jobs: &jobs, records: &fake.records, planner: &service, now: later };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    let job = jobs.jobs.lock().unwrap()[&key].clone();
    assert_eq!(
        (job.state().as_str(), job.error().unwrap()),
        ("FAILED", format!("{DATE}: {DATE} has passed: a sync writes only today's and later routes"))
    );
    assert_eq!((*service.calls.lock().unwrap(), ids(&fake, "r1").len()), (0, 3));
    // 23:30 Central on the 26th is already the 27th in UTC: the 26th is still today in Central.
    let (jobs, key) = self::jobs();
    let w = Worker { now: fleet_shared::dates::instant("2026-11-27T05:30:00Z").unwrap(), jobs: &jobs, ..w };
    assert!(w.batch(vec![message(&key, 1)]).await.batch_item_failures.is_empty());
    assert_eq!(jobs.jobs.lock().unwrap()[&key].state().as_str(), "DONE");
}
