use super::*;
use fleet_shared::idempotency::MemoryRecords;
use fleet_shared::upload::{RowStatus, UploadRequest};
use serde_json::json;
use std::sync::Mutex;

/// Drivers and the directory in memory; `set_driver` is conditional on the version read, as in DynamoDB.
#[derive(Default)]
struct Memory {
    users: Vec<Driver>,
    drivers: Mutex<HashMap<(String, String), DriverAssignment>>,
    history: Mutex<Vec<Record>>,
    /// Someone else's change that lands between the read and the write.
    racing: Mutex<Option<DriverAssignment>>,
    /// Request records, written with the change as the transaction does.
    records: MemoryRecords,
}

impl Records for Memory {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        self.records.get(pk, parts).await
    }
    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        self.records.put(claim).await
    }
}

impl DriverStore for Memory {
    async fn user_by_email(&self, email: &str) -> Result<Option<Driver>, ApiError> {
        Ok(self.users.iter().find(|u| u.email == email).cloned())
    }
    async fn drivers_of_date(&self, date: &str) -> Result<Vec<DriverAssignment>, ApiError> {
        let mut all: Vec<DriverAssignment> =
            self.drivers.lock().unwrap().values().filter(|a| a.stocking_date == date).cloned().collect();
        all.sort_by(|a, b| a.route.cmp(&b.route));
        Ok(all)
    }
    async fn driver(&self, date: &str, route: &str) -> Result<Option<DriverAssignment>, ApiError> {
        Ok(self.drivers.lock().unwrap().get(&(date.to_string(), route.to_string())).cloned())
    }
    async fn set_driver(&self, change: &DriverChange<'_>) -> Result<(), ApiError> {
        {
            let key = (change.date.to_string(), change.route.to_string());
            let mut all = self.drivers.lock().unwrap();
            if let Some(other) = self.racing.lock().unwrap().take() {
                all.insert(key.clone(), other);
            }
            if all.get(&key).map(|a| a.version) != change.read {
                return Err(ApiError::Conflict("condition".into()));
            }
            match change.new {
                Some(new) => all.insert(key, new.clone()),
                None => all.remove(&key),
            };
            self.history.lock().unwrap().push(change.record.clone());
        }
        if let Some(claim) = change.claim {
            self.records.put(claim).await?;
        }
        Ok(())
    }
}

/// Two drivers and a view-only user, who holds no driver action.
fn users() -> Vec<Driver> {
    ["driver1@fleet.local", "driver2@fleet.local", "viewer@fleet.local"]
        .iter()
        .enumerate()
        .map(|(i, e)| Driver { sub: format!("sub-{}", i + 1), email: e.to_string(), drives: !e.starts_with("viewer") })
        .collect()
}

fn office() -> Caller {
    Caller {
        sub: "ops".into(),
        username: "ops".into(),
        email: "ops@fleet.local".into(),
        email_verified: true,
        name: None,
    }
}

fn ask(email: Option<&str>, expected: u64, request: &str) -> AssignInput {
    AssignInput {
        stocking_date: "2026-11-25".into(),
        route: "r1".into(),
        driver_email: email.map(str::to_string),
        expected_version: expected,
        request_id: request.into(),
    }
}

const NOW: &str = "2026-11-25T12:00:00.000Z";

#[tokio::test]
async fn the_office_sets_changes_and_clears_a_driver_each_change_in_the_history() {
    let store = Memory { users: users(), ..Memory::default() };
    let records = &store;
    let set =
        assign(&store, records, &office(), ask(Some(" Driver1@Fleet.local "), 0, "a"), NOW).await.unwrap().unwrap();
    assert_eq!((set.driver_email.as_str(), set.driver_sub.as_str(), set.version), ("driver1@fleet.local", "sub-1", 1));
    assert_eq!((set.assigned_by.as_str(), set.source.as_str()), ("ops@fleet.local", "screen"));
    let changed =
        assign(&store, records, &office(), ask(Some("driver2@fleet.local"), 1, "b"), NOW).await.unwrap().unwrap();
    assert_eq!((changed.driver_sub.as_str(), changed.version), ("sub-2", 2));
    assert_eq!(assign(&store, records, &office(), ask(None, 2, "c"), NOW).await.unwrap(), None);
    assert!(list(&store, "2026-11-25").await.unwrap().is_empty());
    let history = store.history.lock().unwrap();
    let moves: Vec<(&str, &str)> =
        history.iter().map(|r| (r.changes[0].old_value.as_str(), r.changes[0].new_value.as_str())).collect();
    assert_eq!(
        moves,
        [
            ("null", "\"driver1@fleet.local\""),
            ("\"driver1@fleet.local\"", "\"driver2@fleet.local\""),
            ("\"driver2@fleet.local\"", "null")
        ]
    );
    assert!(history.iter().all(|r| r.who == "ops@fleet.local" && r.entity == "route-driver#2026-11-25#r1"));
}

#[tokio::test]
async fn a_change_over_a_version_that_moved_is_refused_and_a_retry_replays() {
    let store = Memory { users: users(), ..Memory::default() };
    let records = &store;
    let first = assign(&store, records, &office(), ask(Some("driver1@fleet.local"), 0, "a"), NOW).await.unwrap();
    let again = assign(&store, records, &office(), ask(Some("driver1@fleet.local"), 0, "a"), NOW).await.unwrap();
    assert_eq!(again, first, "a retried request answers what the first did");
    let reused = assign(&store, records, &office(), ask(Some("driver2@fleet.local"), 0, "a"), NOW).await;
    assert_eq!(reused.unwrap_err().status(), 409, "the same requestId for another change");
    let stale = assign(&store, records, &office(), ask(Some("driver2@fleet.local"), 0, "b"), NOW).await.unwrap_err();
    assert_eq!(
        stale.to_string(),
        "The driver of route r1 on 2026-11-25 was changed by someone else meanwhile; reload the routes and try again"
    );
    // A claim lands between the read and the write: refused, nothing overwritten.
    let raced = Memory { users: users(), ..Memory::default() };
    let claim = next("2026-11-25", "r1", &users()[1], None, "driver2@fleet.local", "claim", NOW);
    *raced.racing.lock().unwrap() = Some(claim);
    let lost = assign(&raced, &raced, &office(), ask(Some("driver1@fleet.local"), 0, "z"), NOW).await.unwrap_err();
    assert_eq!(lost.status(), 409);
    assert_eq!(raced.driver("2026-11-25", "r1").await.unwrap().unwrap().driver_sub, "sub-2");
}

#[tokio::test]
async fn an_unknown_user_or_a_bad_route_is_a_clear_400() {
    let store = Memory { users: users(), ..Memory::default() };
    let records = &store;
    let unknown = assign(&store, records, &office(), ask(Some("ghost@fleet.local"), 0, "a"), NOW).await.unwrap_err();
    assert_eq!(unknown.to_string(), "No user has the e-mail ghost@fleet.local");
    let mut bad = ask(Some("driver1@fleet.local"), 0, "b");
    bad.route = "r#1".into();
    assert_eq!(assign(&store, records, &office(), bad, NOW).await.unwrap_err().to_string(), "route cannot contain '#'");
    let quoted = assign(&store, records, &office(), ask(Some("a\"@b"), 0, "c"), NOW).await.unwrap_err();
    assert_eq!(quoted.status(), 400);
}

fn upload(rows: &[(&str, &str, &str)]) -> UploadRequest {
    let rows: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, (d, r, e))| json!({ "row": i + 2, "values": { "date": d, "route": r, "driverEmail": e } }))
        .collect();
    serde_json::from_value(json!({ "uploadId": "up-1", "fileName": "drivers.csv", "rows": rows })).unwrap()
}

#[tokio::test]
async fn an_upload_is_checked_dry_then_lands_each_route_with_its_history() {
    let store = Memory { users: users(), ..Memory::default() };
    let req = upload(&[
        ("2026-11-25", "r1", "driver1@fleet.local"),
        ("11/25/2026", "r2", "DRIVER2@fleet.local"),
        ("2026-11-25", "r3", "ghost@fleet.local"),
        ("someday", "r4", "driver1@fleet.local"),
    ]);
    let kind = DriverUpload {
        store: &store,
        user: "ops@fleet.local".into(),
        now: NOW.into(),
        known: resolve(&store, emails_of(&req)).await.unwrap(),
    };
    let dry = upload::dry_run(&kind, &req).await.unwrap();
    let statuses: Vec<RowStatus> = dry.rows.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [RowStatus::New, RowStatus::New, RowStatus::Invalid, RowStatus::Invalid]);
    assert_eq!(dry.rows[2].messages, ["No user has the e-mail ghost@fleet.local"]);
    assert!(store.drivers.lock().unwrap().is_empty(), "a dry run writes nothing");

    let records = MemoryRecords::default();
    let valid = upload(&[("2026-11-25", "r1", "driver1@fleet.local"), ("11/25/2026", "r2", "DRIVER2@fleet.local")]);
    upload::commit(&kind, &valid, &records).await.unwrap();
    let drivers = list(&store, "2026-11-25").await.unwrap();
    let pairs: Vec<(&str, &str, &str)> =
        drivers.iter().map(|d| (d.route.as_str(), d.driver_email.as_str(), d.source.as_str())).collect();
    assert_eq!(pairs, [("r1", "driver1@fleet.local", "upload"), ("r2", "driver2@fleet.local", "upload")]);
    assert_eq!(store.history.lock().unwrap().len(), 2);
    // The same upload again changes nothing twice.
    upload::commit(&kind, &valid, &records).await.unwrap();
    assert_eq!(store.history.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn only_a_user_who_holds_the_drivers_actions_drives_a_route() {
    let store = Memory { users: users(), ..Memory::default() };
    let input = |email: &str| AssignInput {
        stocking_date: "2026-11-25".into(),
        route: "r1".into(),
        driver_email: Some(email.into()),
        expected_version: 0,
        request_id: "q1".into(),
    };
    let refused = assign(&store, &store.records, &office(), input("viewer@fleet.local"), "t").await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (
            400,
            "viewer@fleet.local cannot drive a route: they do not hold the driver's actions (FridgeTasks, VanTasks)."
                .to_string()
        )
    );
    assert!(store.drivers.lock().unwrap().is_empty() && store.history.lock().unwrap().is_empty());
    let upload = DriverUpload {
        store: &store,
        user: "ops".into(),
        now: "t".into(),
        known: users().into_iter().map(|d| (d.email.clone(), d)).collect(),
    };
    let row =
        json!({ "row": 2, "values": { "date": "2026-11-25", "route": "r1", "driverEmail": "viewer@fleet.local" } });
    let row: RawRow = serde_json::from_value(row).unwrap();
    let errors = upload.check(&row, &()).unwrap_err();
    assert_eq!(errors, [refused.to_string()], "the CSV says the same");
}
