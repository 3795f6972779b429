//! stockingDashboard through the AppSync adapter against the emulator: the
//! test's own locations and route stops on a date the simulators never play
//! (2031), driver actions recorded through createDriverAction with the
//! server's clock stopped on that day (`ClockAt`), and the §4.4 statuses read
//! back through the one aggregate query; denied callers and bad inputs.
use crate::common;
use chrono::{DateTime, TimeDelta, Utc};
use common::*;
use fleet_shared::entity::route_stop::{sort_key, version_key, RouteStop, StoredStop};
use fleet_shared::fridge_time::{stamp, ClockAt};
use fleet_shared::{store, ApiError, Caller, Table};
use fn_stocking::events::EventType;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Recording and reading actions.
/// The tests' caller acts as a driver and reads the board as the office does (ViewRoutes): a
/// driver alone sees only their own routes (`a_driver_sees_only_their_own_routes_and_no_panel`).
const ALL_ACTIONS: &[&str] =
    &["VanTasks", "FridgeTasks", "RecordTemperature", "UpdateFridgeStock", "GetCheckPointStatus", "ViewRoutes"];
/// A driver's actions and the dashboard's reading, nothing of the office's.
const DRIVER_ACTIONS: &[&str] = &["VanTasks", "FridgeTasks", "GetCheckPointStatus"];
/// Far from today and yesterday, which the driver simulator plays.
const DATE: &str = "2031-05-14";

/// 10:00 CDT on DATE, plus `minutes`.
fn at(minutes: i64) -> DateTime<Utc> {
    at_on(DATE, minutes)
}

/// 10:00 CDT on `date` (a May date), plus `minutes`.
fn at_on(date: &str, minutes: i64) -> DateTime<Utc> {
    fleet_shared::dates::instant(&format!("{date}T15:00:00.000Z")).unwrap() + TimeDelta::minutes(minutes)
}

/// What one test created, removed at its end.
#[derive(Default)]
struct Made {
    /// The date its stops and actions are on: DATE unless a test keeps a day of its own (the
    /// dashboard's warm copy of a day is shared by the tests that read it).
    date: Option<&'static str>,
    locations: Vec<String>,
    stops: Vec<String>,
    health: Vec<String>,
    /// (pk, sk) of recorded actions: pk is the type's shard of the location.
    actions: Vec<(String, String)>,
}

impl Made {
    fn date(&self) -> &'static str {
        self.date.unwrap_or(DATE)
    }

    async fn location(&mut self, tier: &str) -> String {
        let id = unique("DB");
        let t = deps().await.table(Table::Locations).unwrap();
        let doc = json!({ "id": id, "type": "FRIDGE", "operationConfigs": { "accountTier": tier },
                          "locationConfigs": { "prettyName": format!("Lobby {id}"), "activation": { "online": "2031-01-02" } } });
        t.client.put_item().table_name(t.name).set_item(Some(store::to_item(&doc).unwrap())).send().await.unwrap();
        self.locations.push(id.clone());
        id
    }

    async fn stop(&mut self, id: &str, route: &str, n: i64, market: &str) {
        let stop = RouteStop {
            stocking_date: self.date().into(),
            market: market.into(),
            id: id.into(),
            route: route.into(),
            stop: n,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        };
        let stored =
            StoredStop { route_stop: sort_key(route, n), stop, upload: None, stocked_time_utc: None, stocked_by: None };
        let t = deps().await.table(Table::LocationRoutes).unwrap();
        t.client.put_item().table_name(t.name).set_item(Some(store::to_item(&stored).unwrap())).send().await.unwrap();
        self.stops.push(stored.route_stop);
    }

    /// The route's version item, as the schedule upload writes it into the date's partition.
    async fn version(&mut self, route: &str) {
        self.version_at(route, 1).await;
    }

    async fn version_at(&mut self, route: &str, version: u64) {
        let mut item = fleet_shared::route_store::stop_key(self.date(), &version_key(route));
        item.extend([
            ("stockingDate".to_string(), store::s(self.date())),
            ("version".to_string(), aws_sdk_dynamodb::types::AttributeValue::N(version.to_string())),
        ]);
        let t = deps().await.table(Table::LocationRoutes).unwrap();
        t.client.put_item().table_name(t.name).set_item(Some(item)).send().await.unwrap();
        self.stops.push(version_key(route));
    }

    async fn health(&mut self, id: &str, hold: bool) {
        let record = json!({ "locationId": id, "timestamp": "2031-05-14T14:00:00.000Z", "safetyHold": hold,
                             "jofemarState": "STATUS_FF_DOOR_OPEN" });
        let t = deps().await.table(Table::FridgeHealth).unwrap();
        t.client.put_item().table_name(t.name).set_item(Some(store::to_item(&record).unwrap())).send().await.unwrap();
        self.health.push(id.to_string());
    }

    /// Records an action through createDriverAction, `minutes` after 10:00 CDT (the server's clock then too).
    async fn act(&mut self, driver: &Caller, kind: EventType, location: &str, minutes: i64) {
        let data = match kind {
            EventType::PackingSlipQuery => json!({ "packingSlipId": "slip", "stockingIndex": 1 }),
            EventType::LocationStocked => json!({ "stockingIndex": 1, "temperature": 36.5 }),
            EventType::LocationUnreachable => json!({ "reason": "Gate locked" }),
            EventType::VanTemperature => json!({ "temperature": 44.5 }),
            _ => json!({ "stockingIndex": 1 }),
        };
        let when = at_on(self.date(), minutes);
        let _clock = ClockAt::new(when);
        let args = json!({ "input": { "eventType": kind.name(), "locationId": location, "data": data.to_string(),
                                      "requestId": unique("req"), "occurredAt": stamp(when) } });
        let out = gql("create_driver_action", driver, args).await.unwrap();
        assert_eq!(out["stockingDay"], self.date());
        let sk = format!("{}#{}", out["createdAt"].as_str().unwrap(), out["id"].as_str().unwrap());
        self.actions.push((fleet_shared::shard::key(kind.name(), location), sk));
    }

    async fn clean(self) {
        let date = self.date();
        let d = deps().await;
        let delete = |table: Table, key: HashMap<String, _>| async move {
            let t = d.table(table).unwrap();
            t.client.delete_item().table_name(t.name).set_key(Some(key)).send().await.unwrap();
        };
        for id in self.locations {
            delete(Table::Locations, HashMap::from([("id".to_string(), store::s(id))])).await;
        }
        for sk in self.stops {
            delete(Table::LocationRoutes, fleet_shared::route_store::stop_key(date, &sk)).await;
        }
        for id in self.health {
            delete(Table::FridgeHealth, HashMap::from([("locationId".to_string(), store::s(id))])).await;
        }
        for (pk, sk) in self.actions {
            delete(
                Table::DriverActions,
                HashMap::from([("pk".to_string(), store::s(pk)), ("sk".to_string(), store::s(sk))]),
            )
            .await;
        }
    }
}

async fn dashboard(caller: &Caller, filter: Value) -> Result<Value, ApiError> {
    gql("stocking_dashboard", caller, json!({ "filter": filter })).await
}

/// The row of a location, over every route.
fn row<'a>(out: &'a Value, id: &str) -> &'a Value {
    out["routes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["stops"].as_array().unwrap())
        .find(|s| s["locationId"] == id)
        .unwrap()
}

#[tokio::test]
async fn the_aggregate_query_answers_each_status_with_its_columns() {
    // A named user, as the demo drivers are: the Driver column shows the name.
    let driver = Caller { name: Some("Dana Test".into()), ..user_with(ALL_ACTIONS).await };
    let mut made = Made::default();
    let (ra, rb) = (unique("RA"), unique("RB"));
    let mut ids = Vec::new();
    for n in 1..=6 {
        let id = made.location("Gold").await;
        made.stop(&id, &ra, n, "MW").await;
        ids.push(id);
    }
    let other = made.location("Silver").await;
    made.stop(&other, &rb, 1, "NE").await;
    // Stop reads leave the routes' version items out (they are no stops). The upload writes a route's
    // version with its stops: a container's warm copy of the date (another test's) reads a route again
    // only when its version moves.
    made.version(&ra).await;
    made.version(&rb).await;
    let snapshot_turn = FLEET_SNAPSHOT.lock().await;
    made.health(&ids[0], true).await;
    // The stops' health comes from the fleet health snapshot when a fresh one is stored: rebuilt now, so
    // it holds the record just written. The record changed after it shows at the next rebuild (within the
    // minute), so the answer below, 'Yes', proves that the snapshot was read over S3.
    deps().await.forget_snapshot(fleet_shared::snapshot::Kind::FleetHealth).await.unwrap();
    let rebuild = find("rebuild_fleet_health_snapshot");
    let rebuilt = rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap();
    assert_eq!(rebuilt["rebuilt"], true, "{rebuilt}");
    made.health(&ids[0], false).await;
    let [done, incomplete, in_progress, unreachable, not_started, rescued] = [0, 1, 2, 3, 4, 5].map(|i| ids[i].clone());

    made.act(&driver, EventType::PackingSlipQuery, &done, 0).await;
    made.act(&driver, EventType::LocationStocked, &done, 5).await;
    made.act(&driver, EventType::PackingSlipQuery, &incomplete, 10).await;
    made.act(&driver, EventType::LocationUnreachable, &unreachable, 15).await;
    // Precedence: stocked after unreachable is COMPLETED.
    made.act(&driver, EventType::LocationUnreachable, &rescued, 18).await;
    made.act(&driver, EventType::LocationStocked, &rescued, 19).await;
    // The same driver's later scan elsewhere makes the first scan INCOMPLETE.
    made.act(&driver, EventType::PackingSlipQuery, &in_progress, 20).await;

    let out = dashboard(&driver, json!({ "dropOffDate": DATE, "market": "MW", "routes": [&ra, &rb] })).await.unwrap();
    drop(snapshot_turn);
    assert_eq!(out["parts"], json!({ "slips": "OK", "actions": "OK", "health": "OK", "locations": "OK" }));
    assert_eq!(out["routes"].as_array().unwrap().len(), 1, "RB is NE");
    assert_eq!(out["routes"][0]["route"], ra.as_str());
    let status = |id: &str| row(&out, id)["status"].as_str().unwrap().to_string();
    assert_eq!(status(&done), "COMPLETED");
    assert_eq!(status(&incomplete), "INCOMPLETE");
    assert_eq!(status(&in_progress), "IN_PROGRESS");
    assert_eq!(status(&unreachable), "UNREACHABLE_INCOMPLETE");
    assert_eq!(status(&not_started), "NOT_STARTED");
    assert_eq!(status(&rescued), "COMPLETED");
    let first = row(&out, &done);
    assert_eq!(first["scannedAt"], stamp(at(0)));
    assert_eq!(first["stockedAt"], stamp(at(5)));
    assert_eq!((first["accountTier"].as_str(), first["onlineDate"].as_str()), (Some("Gold"), Some("2031-01-02")));
    assert_eq!((first["safetyHold"].as_str(), first["vendingStateLabel"].as_str()), (Some("Yes"), Some("DOOR_OPEN")));
    // The route's driver (issue 38): the driver's first stop action claimed it.
    // Shown by name (the claim stores the caller's), with the e-mail beside (issue 61).
    assert_eq!(first["driver"], json!(driver.name.clone().unwrap_or_else(|| driver.email.clone())));
    assert_eq!(first["driverEmail"], json!(driver.email));
    assert_eq!(first["notAssignee"], json!(false));
    assert_eq!(row(&out, &not_started)["safetyHold"], Value::Null, "no health, no answer");
    assert_eq!(out["routes"][0]["done"], 3);
    assert_eq!(out["summary"]["total"], 6);

    // LocationStocked set each stocked stop's stockedTimeUTC (2-fleet §3), and no other stop's.
    let t = deps().await.table(Table::LocationRoutes).unwrap();
    let stocked_time = |n: usize| {
        let key = made.stops[n].clone();
        async move {
            let stop: StoredStop = t.get(fleet_shared::route_store::stop_key(DATE, &key)).await.unwrap().unwrap();
            stop.stocked_time_utc
        }
    };
    assert_eq!(stocked_time(0).await, Some(stamp(at(5))));
    assert_eq!(stocked_time(5).await, Some(stamp(at(19))));
    assert_eq!(stocked_time(1).await, None, "a scan does not stock");

    let all = dashboard(&driver, json!({ "dropOffDate": DATE, "market": "ALL", "routes": [&ra, &rb] })).await.unwrap();
    assert_eq!(row(&all, &other)["status"], "NOT_STARTED");
    let names: Vec<&str> = all["routeNames"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(names.contains(&ra.as_str()) && names.contains(&rb.as_str()));

    // The browser's first ask: the first route's rows only; every route's counts and the whole summary.
    let filter = json!({ "dropOffDate": DATE, "market": "ALL", "routes": [&ra, &rb] });
    let first = gql("stocking_dashboard", &driver, json!({ "filter": filter, "routesWithRows": 1 })).await.unwrap();
    let routes = first["routes"].as_array().unwrap();
    assert_eq!(
        (routes[0]["route"].as_str(), routes[0]["stops"].as_array().map(Vec::len)),
        (Some(ra.as_str()), Some(6))
    );
    assert_eq!((routes[1]["route"].as_str(), &routes[1]["stops"]), (Some(rb.as_str()), &Value::Null));
    assert_eq!((routes[1]["total"].as_i64(), routes[1]["done"].as_i64()), (Some(1), Some(0)));
    assert_eq!((&first["summary"], &first["parts"]), (&all["summary"], &all["parts"]));
    made.clean().await;
}

/// The Needs-attention panel (issue 42) through the real paths: actions recorded by createDriverAction,
/// health from the rebuilt fleet snapshot, and the panel read back in the dashboard's answer as the clock moves.
#[tokio::test]
async fn the_panel_raises_each_kind_from_recorded_actions_and_health_and_resolves_them() {
    const DAY: &str = "2031-05-21";
    let driver = user_with(ALL_ACTIONS).await;
    let mut made = Made { date: Some(DAY), ..Made::default() };
    let (ra, rb) = (unique("RA"), unique("RB"));
    let mut ids = Vec::new();
    for n in 1..=4 {
        let id = made.location("Gold").await;
        made.stop(&id, &ra, n, "MW").await;
        ids.push(id);
    }
    let idle = made.location("Gold").await;
    made.stop(&idle, &rb, 1, "MW").await;
    made.version(&ra).await;
    made.version(&rb).await;
    let [stuck, warm, unreachable, held] = [0, 1, 2, 3].map(|i| ids[i].clone());
    made.health(&held, true).await;
    {
        let _turn = FLEET_SNAPSHOT.lock().await;
        deps().await.forget_snapshot(fleet_shared::snapshot::Kind::FleetHealth).await.unwrap();
        let rebuild = find("rebuild_fleet_health_snapshot");
        rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap();
    }

    // RA starts at 04:00 CDT; 10:00 CDT is at(0).
    made.act(&driver, EventType::PackingSlipQuery, &stuck, -360).await;
    made.act(&driver, EventType::PackingSlipQuery, &stuck, 0).await;
    made.act(&driver, EventType::VanTemperature, &warm, 1).await;
    made.act(&driver, EventType::LocationUnreachable, &unreachable, 2).await;

    let filter = json!({ "dropOffDate": DAY, "market": "ALL", "routes": [&ra, &rb] });
    let panel_at = |minutes: i64| {
        let (driver, filter) = (driver.clone(), filter.clone());
        async move {
            let _clock = ClockAt::new(at_on(DAY, minutes));
            dashboard(&driver, filter).await.unwrap()["attention"].clone()
        }
    };
    let kinds = |list: &Value| -> Vec<(String, String)> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["kind"].as_str().unwrap().to_string(),
                    i["locationId"].as_str().unwrap_or(i["route"].as_str().unwrap()).to_string(),
                )
            })
            .collect()
    };
    let panel = panel_at(45).await;
    let open = kinds(&panel["open"]);
    assert!(open.contains(&("ROUTE_NOT_STARTED".into(), rb.clone())), "{panel}");
    // A van reading names no stop: the item is its route's.
    assert!(open.contains(&("TEMPERATURE".into(), ra.clone())), "{panel}");
    assert!(open.contains(&("UNREACHABLE".into(), unreachable.clone())), "{panel}");
    assert!(open.contains(&("FRIDGE_NEEDS_DRIVER".into(), held.clone())), "{panel}");
    assert!(!open.iter().any(|(k, l)| k == "STOP_STUCK" && *l == stuck), "exactly 45 minutes is not stuck: {panel}");
    // The scan six hours earlier was stuck until the re-scan: resolved, with how.
    let resolved = panel["resolved"].as_array().unwrap();
    let rescanned = resolved.iter().find(|i| i["kind"] == "STOP_STUCK" && i["locationId"] == stuck.as_str()).unwrap();
    assert_eq!(rescanned["endedHow"], "scanned again at 10:00");
    let held_facts: Vec<&str> = panel["open"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["locationId"] == held.as_str())
        .filter_map(|i| i["facts"].as_str())
        .collect();
    assert!(held_facts.contains(&"The fridge is on a food-safety hold"), "{held_facts:?}");

    let panel = panel_at(46).await;
    assert!(kinds(&panel["open"]).contains(&("STOP_STUCK".into(), stuck.clone())), "46 minutes: {panel}");
    made.act(&driver, EventType::LocationStocked, &stuck, 50).await;
    let panel = panel_at(55).await;
    assert!(!kinds(&panel["open"]).contains(&("STOP_STUCK".into(), stuck.clone())), "{panel}");
    let ended: Vec<&str> = panel["resolved"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["kind"] == "STOP_STUCK" && i["locationId"] == stuck.as_str())
        .filter_map(|i| i["endedHow"].as_str())
        .collect();
    assert_eq!(ended, ["stocked at 10:50", "scanned again at 10:00"]);
    let counts = panel["counts"].as_array().unwrap();
    assert_eq!(counts.len(), 7, "every kind, Route claimed among them");

    // RA's driver (the first action claimed the route) last acted at 10:50 and the held stop is still to do.
    let quiet = |panel: &Value, list: &str| -> Vec<Value> {
        let on_ra = |i: &&Value| i["kind"] == "DRIVER_QUIET" && i["route"] == ra.as_str();
        panel[list].as_array().unwrap().iter().filter(on_ra).cloned().collect()
    };
    assert!(quiet(&panel_at(110).await, "open").is_empty(), "exactly 60 minutes is not quiet");
    let panel = panel_at(111).await;
    let open = quiet(&panel, "open");
    assert_eq!(open.len(), 1, "61 minutes: {panel}");
    assert!(open[0]["facts"].as_str().unwrap().contains("has recorded nothing since 10:50"), "{panel}");
    made.act(&driver, EventType::PackingSlipQuery, &held, 115).await;
    let panel = panel_at(116).await;
    assert!(quiet(&panel, "open").is_empty(), "{panel}");
    let how: Vec<Value> = quiet(&panel, "resolved").into_iter().map(|i| i["endedHow"].clone()).collect();
    assert!(how.contains(&json!("acted again at 11:55")), "{how:?}");
    made.clean().await;
}

/// Issue 42's acknowledgement through acknowledgeAttention: the first operator takes an item with a
/// note, a retry is answered the first answer, a teammate is refused naming the first, and the
/// dashboard shows it at the next refresh (read from the day's items, as the actions are); a
/// Temperature item ends by it. Recorded in the history; refused without AcknowledgeAttention.
#[tokio::test]
async fn the_first_acknowledgement_takes_an_item_and_a_teammate_sees_it_at_the_next_refresh() {
    const DAY: &str = "2031-05-22";
    let driver = user_with(ALL_ACTIONS).await;
    let mut made = Made { date: Some(DAY), ..Made::default() };
    let route = unique("RK");
    let (warm, away) = (made.location("Gold").await, made.location("Gold").await);
    made.stop(&warm, &route, 1, "MW").await;
    made.stop(&away, &route, 2, "MW").await;
    made.version(&route).await;
    made.act(&driver, EventType::VanTemperature, &warm, 1).await;
    made.act(&driver, EventType::LocationUnreachable, &away, 2).await;

    let ops = |name: &str| {
        let name = name.to_string();
        async move { Caller { name: Some(name), ..user_with(&["GetCheckPointStatus", "AcknowledgeAttention"]).await } }
    };
    let (ann, bob) = (ops("Ann Ops").await, ops("Bob Ops").await);
    let filter = json!({ "dropOffDate": DAY, "routes": [&route] });
    let panel = |caller: Caller| {
        let filter = filter.clone();
        async move {
            let _clock = ClockAt::new(at_on(DAY, 31));
            dashboard(&caller, filter).await.unwrap()["attention"].clone()
        }
    };
    let first = panel(bob.clone()).await;
    let item = |panel: &Value, list: &str, kind: &str| -> Option<Value> {
        panel[list].as_array().unwrap().iter().find(|i| i["kind"] == kind).cloned()
    };
    let temperature = item(&first, "open", "TEMPERATURE").expect("a warm van reading is open");
    let key = temperature["key"].as_str().unwrap().to_string();
    assert_eq!(temperature["taken"], Value::Null);

    let ack = |caller: Caller, note: &str, request: &str| {
        let args = json!({ "input": { "stockingDay": DAY, "key": &key, "note": note, "requestId": request } });
        async move {
            let _clock = ClockAt::new(at_on(DAY, 30));
            gql("acknowledge_attention", &caller, args).await
        }
    };
    let taken = ack(ann.clone(), "Van swapped at the depot", "ack-1").await.unwrap();
    assert_eq!(taken["taken"], "taken by Ann Ops at 10:30: Van swapped at the depot");
    assert_eq!(ack(ann.clone(), "Van swapped at the depot", "ack-1").await.unwrap(), taken, "a retry");
    assert_eq!(
        ack(bob.clone(), "I will call the driver", "ack-2").await.unwrap_err(),
        ApiError::Conflict("This item was already taken by Ann Ops at 10:30: Van swapped at the depot".into())
    );
    let driver_only = user_with(ALL_ACTIONS).await;
    assert_eq!(ack(driver_only, "Me", "ack-3").await.unwrap_err(), ApiError::Forbidden);
    let e = ack(bob.clone(), " ", "ack-4").await.unwrap_err();
    assert_eq!(e, ApiError::BadRequest("A note is required to acknowledge an item".into()));
    // A key the panel does not show open (made up here) is refused (issue 59).
    let made_up = json!({ "input": { "stockingDay": DAY, "key": "TEMPERATURE|no-such-reading", "note": "n", "requestId": "ack-5" } });
    let refused = {
        let _clock = ClockAt::new(at_on(DAY, 30));
        gql("acknowledge_attention", &bob, made_up).await.unwrap_err()
    };
    assert_eq!(refused, ApiError::Conflict("This item is not open now. Refresh the panel.".into()));

    // Bob's next refresh (his container's warm copy of the day reads what was recorded since).
    let after = panel(bob.clone()).await;
    assert!(item(&after, "open", "TEMPERATURE").is_none(), "{after}");
    let ended = item(&after, "resolved", "TEMPERATURE").unwrap();
    assert_eq!(ended["endedHow"], "acknowledged by Ann Ops at 10:30");
    assert_eq!(ended["taken"], "taken by Ann Ops at 10:30: Van swapped at the depot");
    assert_eq!(item(&after, "open", "UNREACHABLE").unwrap()["taken"], Value::Null, "another item");

    let history = fleet_shared::history::page_of(deps().await, &format!("attention#{DAY}#{key}"), None).await.unwrap();
    let history = serde_json::to_value(history).unwrap();
    assert_eq!(history["items"].as_array().map(Vec::len), Some(1), "{history}");
    assert_eq!(history["items"][0]["who"], ann.email.as_str());
    made.clean().await;
}

/// A refresh over the container's warm copy of the day reads what changed (`board_day`): an action
/// recorded since, found through the `byDayCreated` index, and a route whose version moved.
#[tokio::test]
async fn a_refresh_shows_actions_recorded_since_and_a_replaced_route() {
    let driver = user_with(ALL_ACTIONS).await;
    let mut made = Made::default();
    let route = unique("RC");
    let (first, second) = (made.location("Gold").await, made.location("Gold").await);
    made.stop(&first, &route, 1, "WC").await;
    made.version(&route).await;
    let filter = json!({ "dropOffDate": DATE, "routes": [&route] });
    let out = dashboard(&driver, filter.clone()).await.unwrap();
    assert_eq!(row(&out, &first)["status"], "NOT_STARTED");

    made.act(&driver, EventType::PackingSlipQuery, &first, 30).await;
    let out = dashboard(&driver, filter.clone()).await.unwrap();
    assert_eq!(row(&out, &first)["status"], "IN_PROGRESS", "the action recorded since shows");
    assert_eq!(out["parts"]["actions"], "OK");

    // The route replaced, as the schedule upload does it: a second stop and the next version.
    made.stop(&second, &route, 2, "WC").await;
    made.version_at(&route, 2).await;
    let out = dashboard(&driver, filter.clone()).await.unwrap();
    assert_eq!(out["summary"]["total"], 2, "the replaced route is read again");
    assert_eq!(row(&out, &second)["status"], "NOT_STARTED");
    assert_eq!(row(&out, &first)["status"], "IN_PROGRESS", "the copied actions stay");

    // The browser names the rows it shows: unchanged, they are not sent again.
    let shown = json!([{ "route": &route, "digest": out["routes"][0]["rowsDigest"] }]);
    let args = json!({ "filter": filter, "shownRoutes": shown });
    let again = gql("stocking_dashboard", &driver, args.clone()).await.unwrap();
    assert_eq!((&again["routes"][0]["unchanged"], &again["routes"][0]["stops"]), (&json!(true), &Value::Null));
    made.act(&driver, EventType::PackingSlipQuery, &second, 40).await;
    let changed = gql("stocking_dashboard", &driver, args).await.unwrap();
    assert_eq!(changed["routes"][0]["unchanged"], false);
    assert_eq!(row(&changed, &second)["status"], "IN_PROGRESS", "changed rows are sent");
    made.clean().await;
}

#[tokio::test]
async fn a_day_past_rows_up_to_comes_in_parts_asked_for_by_route() {
    let reader = user_with(&["GetCheckPointStatus"]).await;
    let mut made = Made::default();
    // Three routes of two stops each; in route order, as the answer lists them.
    let routes: Vec<String> = (0..3).map(|i| unique(&format!("RP{i}"))).collect();
    let mut ids = vec![];
    for route in &routes {
        for stop in 1..=2 {
            let id = made.location("Gold").await;
            made.stop(&id, route, stop, "MW").await;
            ids.push(id);
        }
        made.version(route).await;
    }
    let filter = json!({ "dropOffDate": DATE, "routes": &routes });
    let first = gql("stocking_dashboard", &reader, json!({ "filter": filter, "rowsUpTo": 3 })).await.unwrap();
    let carried = |out: &Value| -> Vec<bool> {
        out["routes"].as_array().unwrap().iter().map(|r| r["stops"].is_array()).collect()
    };
    // The first route's 2 rows fit 3, the second's would make 4: it and the third come without rows.
    assert_eq!(carried(&first), [true, false, false]);
    assert_eq!(first["summary"]["total"], 6, "the summary counts every stop");
    assert!(first["routes"][1]["rowsDigest"].is_null() && first["routes"][2]["total"] == 2);

    let rest = json!({ "dropOffDate": DATE, "routes": &routes[1..] });
    let second = gql("stocking_dashboard", &reader, json!({ "filter": rest, "rowsUpTo": 3 })).await.unwrap();
    assert_eq!(carried(&second), [true, false]);
    let last = json!({ "dropOffDate": DATE, "routes": &routes[2..] });
    let third = gql("stocking_dashboard", &reader, json!({ "filter": last, "rowsUpTo": 3 })).await.unwrap();
    assert_eq!(carried(&third), [true]);
    // The parts are the whole day's rows.
    let whole = dashboard(&reader, filter).await.unwrap();
    let rows = |out: &Value, i: usize| out["routes"][i]["stops"].clone();
    assert_eq!(
        [rows(&first, 0), rows(&second, 0), rows(&third, 0)],
        [rows(&whole, 0), rows(&whole, 1), rows(&whole, 2)]
    );

    for bad in [json!(0), json!(4001)] {
        let args = json!({ "filter": { "dropOffDate": DATE }, "rowsUpTo": bad });
        let err = gql("stocking_dashboard", &reader, args).await.unwrap_err();
        assert_eq!(err.to_string(), "rowsUpTo must be a whole number from 1 to 4000");
    }
    made.clean().await;
}

#[tokio::test]
async fn a_days_shard_longer_than_a_page_is_read_past_it_in_slices_each_action_once_in_order() {
    // A day of its own and one location, so every action is in one shard of the day: 40 actions of ~40 kB
    // (1.6 MB) are more than DynamoDB's 1 MB page, so the read goes past its first page in slices of the day.
    let day = "2031-05-22";
    let location = unique("SLICE");
    // From 18:00 CDT the day before, every 35 minutes, and at each bound (06:00, 08:00, 10:00 and 12:00 CDT).
    let mut minutes: Vec<i64> = (0..36).map(|i| -16 * 60 + 1 + i * 35).collect();
    minutes.extend([-240, -120, 0, 120]);
    let bounds = fn_stocking::window::day_slices(day);
    assert_eq!(bounds[0], "2031-05-22T11:00", "06:00 CDT is a bound");
    let padding = "x".repeat(40_000);
    let table = deps().await.table(Table::DriverActions).unwrap();
    let mut made = Vec::new();
    for (n, m) in minutes.iter().enumerate() {
        let (id, occurred) = (format!("{location}-{n:02}"), stamp(at_on(day, *m)));
        let created = stamp(at_on(day, *m + 1));
        let action = fn_stocking::record::StoredAction {
            event_type: EventType::PackingSlipQuery.name().into(),
            sk: format!("{created}#{id}"),
            id: id.clone(),
            location_id: location.clone(),
            data: json!({ "stockingIndex": 1, "note": padding }).to_string(),
            created_at: created,
            occurred_at: occurred.clone(),
            stocking_day: day.into(),
            occurred_sk: format!("{occurred}#{id}"),
            request_id: id.clone(),
            created_by: "slices@fleet.test".into(),
            created_by_sub: "slices".into(),
            created_by_name: None,
            correction: None,
        };
        let item = action.item().unwrap();
        table.client.put_item().table_name(table.name).set_item(Some(item)).send().await.unwrap();
        made.push((action.key(), occurred));
    }

    let read = fn_stocking::store::Dynamo(deps().await).of_stocking_day(day).await.unwrap();
    let mine: Vec<&str> = read.iter().filter(|a| a.location_id == location).map(|a| a.occurred_at.as_str()).collect();
    let mut expected: Vec<&str> = made.iter().map(|(_, t)| t.as_str()).collect();
    expected.sort();
    assert_eq!(mine, expected, "each action once, in device-time order");
    for (key, _) in made {
        table.client.delete_item().table_name(table.name).set_key(Some(key)).send().await.unwrap();
    }
}

#[tokio::test]
async fn a_driver_sees_only_their_own_routes_and_no_panel() {
    let mut made = Made::default();
    let (mine, theirs) = (unique("R_MINE"), unique("R_THEIRS"));
    let (a, b) = (made.location("Gold").await, made.location("Gold").await);
    made.stop(&a, &mine, 1, "MW").await;
    made.stop(&b, &theirs, 1, "MW").await;
    // With their versions, as the schedule upload writes them: a container that holds the date already reads a
    // route again only when its version moves (another test may have read the date first).
    made.version(&mine).await;
    made.version(&theirs).await;
    let driver = user_with(DRIVER_ACTIONS).await;
    put_driver(DATE, &mine, &driver).await;
    let filter = json!({ "dropOffDate": DATE, "routes": [mine.clone(), theirs.clone()] });
    let own = dashboard(&driver, filter.clone()).await.unwrap();
    let routes: Vec<&str> = own["routes"].as_array().unwrap().iter().map(|r| r["route"].as_str().unwrap()).collect();
    assert_eq!(routes, [mine.as_str()], "the server filters: another route's stops never leave it");
    assert!(!own["routeNames"].as_array().unwrap().iter().any(|r| r == theirs.as_str()));
    assert_eq!(own["summary"]["total"], 1);
    assert_eq!(own["attention"]["open"], json!([]));
    assert_eq!(own["attention"]["counts"], json!([]), "no panel: its items carry the office's notes");
    // Nor another route's stocked history.
    let history = |location: &str| json!({ "stockingDay": DATE, "locationId": location, "stockingIndex": 1 });
    gql("stocked_history", &driver, history(&a)).await.expect("their own stop's history");
    let refused = gql("stocked_history", &driver, history(&b)).await.unwrap_err();
    assert_eq!(refused, ApiError::Forbidden, "another route's stop");
    let office = user_with(&["GetCheckPointStatus", "ViewRoutes"]).await;
    let whole = dashboard(&office, filter.clone()).await.unwrap();
    assert_eq!(whole["routes"].as_array().unwrap().len(), 2, "the office sees the whole day");
    let supervisor = user_with(&["VanTasks", "FridgeTasks", "GetCheckPointStatus", "SuperviseStocking"]).await;
    assert_eq!(dashboard(&supervisor, filter).await.unwrap()["routes"].as_array().unwrap().len(), 2);
    made.clean().await;
}

#[tokio::test]
async fn denied_callers_and_bad_inputs_are_refused() {
    let ok = json!({ "dropOffDate": DATE });
    let driver_only = user_with(&["VanTasks", "FridgeTasks"]).await;
    assert_eq!(dashboard(&driver_only, ok).await.unwrap_err(), ApiError::Forbidden);

    let reader = user_with(&["GetCheckPointStatus"]).await;
    let routes: Vec<String> = (0..101).map(|i| format!("R{i}")).collect();
    for (filter, message) in [
        (json!({ "dropOffDate": "14/05/2031" }), "dropOffDate must be a date (YYYY-MM-DD)"),
        (json!({ "dropOffDate": "2031-02-30" }), "dropOffDate must be a date (YYYY-MM-DD)"),
        (json!({ "dropOffDate": DATE, "market": "EAST" }), "market must be one of ALL, MW, NE, WC, S (got EAST)"),
        (json!({ "dropOffDate": DATE, "routes": routes }), "At most 100 routes can be chosen at once (101 were)"),
    ] {
        let err = dashboard(&reader, filter).await.unwrap_err();
        assert!(matches!(err, ApiError::BadRequest(_)), "{err:?}");
        assert_eq!(err.to_string(), message);
    }
    for rows in [json!(0), json!(-3)] {
        let err =
            gql("stocking_dashboard", &reader, json!({ "filter": { "dropOffDate": DATE }, "routesWithRows": rows }))
                .await
                .unwrap_err();
        assert_eq!(err.to_string(), "routesWithRows must be a whole number of at least 1");
    }
}
