use super::*;
use fleet_shared::idempotency::MemoryRecords;
use fleet_shared::upload::{RowStatus, UploadRequest};
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Drivers and the directory in memory; `set_driver` is conditional on the version read, as in DynamoDB.
#[derive(Default)]
struct Memory {
    /// The directory, in its order; a driver (`drives`) holds both driver actions.
    users: Vec<Driver>,
    /// Names in the directory, by sub.
    names: HashMap<String, String>,
    /// Grants besides the drivers' own: (sub, action).
    grants: Vec<(String, String)>,
    /// Calls of each read of users: single look-ups, whole-directory reads, action reads.
    lookups: AtomicUsize,
    directory_reads: AtomicUsize,
    holder_reads: AtomicUsize,
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

impl Memory {
    fn holds(&self, sub: &str, action: &str) -> bool {
        self.users.iter().any(|u| u.sub == sub && u.drives) || self.grants.iter().any(|(s, a)| s == sub && a == action)
    }
}

impl DriverStore for Memory {
    async fn user_by_email(&self, email: &str) -> Result<Option<Driver>, ApiError> {
        self.lookups.fetch_add(1, Ordering::SeqCst);
        Ok(self.users.iter().find(|u| u.email == email).cloned())
    }
    async fn directory(&self) -> Result<Vec<PoolUser>, ApiError> {
        self.directory_reads.fetch_add(1, Ordering::SeqCst);
        Ok(self
            .users
            .iter()
            .map(|u| PoolUser { sub: u.sub.clone(), email: u.email.clone(), name: self.names.get(&u.sub).cloned() })
            .collect())
    }
    async fn drivers_among(&self, subs: &[String]) -> Result<HashSet<String>, ApiError> {
        Ok(subs.iter().filter(|s| DRIVER_ACTIONS.iter().all(|a| self.holds(s, a))).cloned().collect())
    }
    async fn holders(&self, action: &str) -> Result<HashSet<String>, ApiError> {
        self.holder_reads.fetch_add(1, Ordering::SeqCst);
        let drivers = self.users.iter().filter(|u| u.drives).map(|u| u.sub.clone());
        let granted = self.grants.iter().filter(|(_, a)| a == action).map(|(s, _)| s.clone());
        Ok(drivers.chain(granted).collect())
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
        .map(|(i, e)| Driver {
            sub: format!("sub-{}", i + 1),
            email: e.to_string(),
            name: None,
            drives: !e.starts_with("viewer"),
        })
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
        stocking_date: RouteDate::parse("stockingDate", "2026-11-25").unwrap(),
        route: RouteName::parse("route", "r1").unwrap(),
        driver_email: email.map(str::to_string),
        expected_version: expected,
        request_id: RequestId::parse("requestId", request).unwrap(),
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
    assert!(list(&store, RouteDate::parse("stockingDate", "2026-11-25").unwrap()).await.unwrap().is_empty());
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
    // A bad route or date is refused where the request is read, with the rule's message.
    #[derive(Deserialize)]
    struct Asked {
        #[allow(dead_code)]
        input: AssignInput,
    }
    let read = |input: Value| {
        let args = serde_json::json!({ "input": input });
        fleet_shared::contract::request::<Asked>(&fleet_shared::Input { args, ..Default::default() })
            .err()
            .map(|e| e.to_string())
    };
    let good =
        serde_json::json!({ "stockingDate": "11/25/2026", "route": "r1", "requestId": "b", "expectedVersion": 0 });
    assert_eq!(read(good.clone()), None);
    let mut bad = good.clone();
    bad["route"] = serde_json::json!("r#1");
    assert_eq!(read(bad).as_deref(), Some("route cannot contain '#'"));
    let mut bad = good;
    bad["stockingDate"] = serde_json::json!("2026-13-01");
    assert_eq!(read(bad).as_deref(), Some("stockingDate '2026-13-01' is not a date (YYYY-MM-DD or MM/DD/YYYY)"));
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
    let drivers = list(&store, RouteDate::parse("stockingDate", "2026-11-25").unwrap()).await.unwrap();
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
        stocking_date: RouteDate::parse("stockingDate", "2026-11-25").unwrap(),
        route: RouteName::parse("route", "r1").unwrap(),
        driver_email: Some(email.into()),
        expected_version: 0,
        request_id: RequestId::parse("requestId", "q1").unwrap(),
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

/// A file of one row per e-mail, each on its own route.
fn file_of(emails: &[String]) -> UploadRequest {
    let rows: Vec<(&str, String, &str)> =
        emails.iter().enumerate().map(|(i, e)| ("2026-11-25", format!("r{i}"), e.as_str())).collect();
    let rows: Vec<(&str, &str, &str)> = rows.iter().map(|(d, r, e)| (*d, r.as_str(), *e)).collect();
    upload(&rows)
}

#[tokio::test]
async fn a_file_of_more_than_200_distinct_emails_is_refused_before_any_read() {
    let store = Memory { users: users(), ..Memory::default() };
    let emails: Vec<String> = (0..201).map(|i| format!("user{i}@fleet.local")).collect();
    let refused = resolve(&store, emails_of(&file_of(&emails))).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (400, "A file can name at most 200 distinct driver e-mails; this one names 201.".to_string())
    );
    assert_eq!(store.directory_reads.load(Ordering::SeqCst) + store.lookups.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_file_of_200_distinct_emails_is_resolved_with_one_directory_read() {
    let store = Memory { users: users(), ..Memory::default() };
    let mut emails: Vec<String> = (0..198).map(|i| format!("user{i}@fleet.local")).collect();
    emails.extend(["driver1@fleet.local".to_string(), "viewer@fleet.local".to_string()]);
    // The same e-mail in other cases is not another one: still 200 distinct.
    emails.push("DRIVER1@Fleet.local".to_string());
    let req = file_of(&emails);
    assert_eq!(emails_of(&req).len(), 200);
    let known = resolve(&store, emails_of(&req)).await.unwrap();
    assert_eq!(store.directory_reads.load(Ordering::SeqCst), 1, "one read of the directory for the file");
    assert_eq!(store.lookups.load(Ordering::SeqCst), 0, "no look-up an e-mail");
    let mut found: Vec<(&str, &str, bool)> =
        known.iter().map(|(k, d)| (k.as_str(), d.sub.as_str(), d.drives)).collect();
    found.sort();
    assert_eq!(found, [("driver1@fleet.local", "sub-1", true), ("viewer@fleet.local", "sub-3", false)]);

    let kind = DriverUpload { store: &store, user: "ops".into(), now: NOW.into(), known };
    let dry = upload::dry_run(&kind, &req).await.unwrap();
    let at = |i: usize| (dry.rows[i].status, dry.rows[i].messages.clone());
    assert_eq!(at(0), (RowStatus::Invalid, vec!["No user has the e-mail user0@fleet.local".to_string()]));
    assert_eq!(at(198).0, RowStatus::New);
    assert_eq!(at(199), (RowStatus::Invalid, vec![cannot_drive("viewer@fleet.local")]));
    assert_eq!(at(200).0, RowStatus::New, "DRIVER1@Fleet.local is driver1");
}

#[tokio::test]
async fn a_files_emails_match_the_directorys_whatever_the_case_of_either() {
    let mut users = users();
    users.push(Driver { sub: "sub-4".into(), email: "Carol.Smith@Fleet.Local".into(), name: None, drives: true });
    let store = Memory { users, ..Memory::default() };
    let req = upload(&[
        ("2026-11-25", "r1", "carol.smith@fleet.local"),
        ("2026-11-25", "r2", " CAROL.SMITH@FLEET.LOCAL "),
        ("2026-11-25", "r3", "Driver2@FLEET.local"),
    ]);
    let known = resolve(&store, emails_of(&req)).await.unwrap();
    assert_eq!(store.directory_reads.load(Ordering::SeqCst), 1);
    assert_eq!(known["carol.smith@fleet.local"].sub, "sub-4");
    let kind = DriverUpload { store: &store, user: "ops".into(), now: NOW.into(), known };
    upload::commit(&kind, &req, &MemoryRecords::default()).await.unwrap();
    let drivers = list(&store, RouteDate::parse("stockingDate", "2026-11-25").unwrap()).await.unwrap();
    let set: Vec<(&str, &str)> = drivers.iter().map(|d| (d.route.as_str(), d.driver_sub.as_str())).collect();
    assert_eq!(set, [("r1", "sub-4"), ("r2", "sub-4"), ("r3", "sub-2")]);
    // The e-mail as the directory spells it, as the single look-up stores it.
    assert_eq!(drivers[0].driver_email, "Carol.Smith@Fleet.Local");
}

#[tokio::test]
async fn the_driver_choices_are_the_directorys_users_holding_both_actions_by_name() {
    let mut users = users();
    users.push(Driver { sub: "sub-4".into(), email: "ann@fleet.local".into(), name: None, drives: true });
    let store = Memory {
        users,
        names: HashMap::from([("sub-1".into(), "Zed Driver".into()), ("sub-4".into(), " Ann Able ".into())]),
        grants: vec![
            // One driver action is not enough.
            ("sub-3".into(), "FridgeTasks".into()),
            // Both, but not in the directory.
            ("sub-gone".into(), "FridgeTasks".into()),
            ("sub-gone".into(), "VanTasks".into()),
        ],
        ..Memory::default()
    };
    let choices = choices(&store).await.unwrap();
    let shown: Vec<(&str, &str, Option<&str>)> =
        choices.iter().map(|c| (c.sub.as_str(), c.email.as_str(), c.name.as_deref())).collect();
    assert_eq!(
        shown,
        [
            ("sub-4", "ann@fleet.local", Some("Ann Able")),
            // No name: placed by the e-mail.
            ("sub-2", "driver2@fleet.local", None),
            ("sub-1", "driver1@fleet.local", Some("Zed Driver")),
        ]
    );
    assert_eq!(store.holder_reads.load(Ordering::SeqCst), 2, "one read of the index an action");
    assert_eq!(store.directory_reads.load(Ordering::SeqCst), 1);
}
