//! dropOffSummary and DropOverride through the AppSync adapter against the
//! emulator (issue 24): the test's own locations, slips and route stops on a
//! date the simulators never play (2031), driver actions recorded through
//! createDriverAction with the server's clock stopped on that day, every §5
//! exclusion read back through the query, the lock, and callers refused.
use crate::common;
use chrono::{DateTime, TimeDelta, Utc};
use common::*;
use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
use fleet_shared::fridge_time::{stamp, ClockAt};
use fleet_shared::{store, ApiError, Caller, Table};
use fn_stocking::slips::PackingSlip;
use serde_json::{json, Value};

/// Recording actions, overriding drops and reading.
const ACTIONS: &[&str] = &["VanTasks", "FridgeTasks", "AddScheduledEvent", "GetCheckPointStatus"];
/// Far from today and yesterday, which the driver simulator plays.
const DATE: &str = "2031-06-11";

/// 10:00 CDT on DATE, plus `minutes`.
fn at(minutes: i64) -> DateTime<Utc> {
    fleet_shared::dates::instant("2031-06-11T15:00:00.000Z").unwrap() + TimeDelta::minutes(minutes)
}

async fn put(table: Table, item: &impl serde::Serialize) {
    let t = deps().await.table(table).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(store::to_item(item).unwrap())).send().await.unwrap();
}

async fn location(kind: &str) -> String {
    let id = unique("DO");
    put(Table::Locations, &json!({ "id": id, "type": kind })).await;
    id
}

async fn slip(id: &str, location: &str, index: i64, kind: &str, code: &str, status: &str) {
    let slip = PackingSlip {
        drop_off_date: DATE.into(),
        unique_id: id.into(),
        location_id: location.into(),
        stocking_index: index,
        create_date: "2031-06-10T15:00:00.000Z".into(),
        kind: kind.into(),
        client_code: code.into(),
        status: status.into(),
        source: "ORDER_SYSTEM".into(),
        version: 1,
    };
    let t = deps().await.table(Table::PackingSlips).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(slip.item().unwrap())).send().await.unwrap();
}

async fn stop(location: &str, route: &str, index: i64) {
    let stop = RouteStop {
        stocking_date: DATE.into(),
        market: "MW".into(),
        id: location.into(),
        route: route.into(),
        stop: index,
        stocking_index: index,
        stop_type: "DELIVERY".into(),
    };
    put(
        Table::LocationRoutes,
        &StoredStop {
            route_stop: sort_key(route, index),
            stop,
            upload: None,
            stocked_time_utc: None,
            stocked_by: None,
        },
    )
    .await;
}

async fn act(caller: &Caller, kind: &str, location: &str, data: Value, minutes: i64) -> Result<Value, ApiError> {
    let _clock = ClockAt::new(at(minutes));
    let args = json!({ "input": { "eventType": kind, "locationId": location, "data": data.to_string(),
                                  "requestId": unique("req"), "occurredAt": stamp(at(minutes)) } });
    gql("create_driver_action", caller, args).await
}

fn over(caller: &Caller, slip: &str, status: &str, reason: &str) -> Value {
    json!({ "userSubmitted": caller.email, "dropStatus": status, "statusReason": reason,
            "originalDropOffDate": DATE, "packingSlipId": slip })
}

async fn summary(caller: &Caller) -> Result<Value, ApiError> {
    gql("drop_off_summary", caller, json!({ "dropOffDate": DATE })).await
}

/// The answer's rows at these locations, by slip id.
/// How many of these rows are not locked: what `unconfirmed` counts over the whole date, which other
/// tests write too.
fn unlocked(rows: &[&Value]) -> usize {
    rows.iter().filter(|r| r["locked"] == false).count()
}

/// The answer's `unconfirmed` is its own unlocked rows.
fn counts_its_unlocked_rows(out: &Value) {
    let all: Vec<&Value> = out["rows"].as_array().unwrap().iter().collect();
    assert_eq!(out["unconfirmed"].as_u64(), Some(unlocked(&all) as u64), "unconfirmed: the answer's unlocked rows");
}

fn mine<'a>(out: &'a Value, locations: &[&String]) -> Vec<&'a Value> {
    out["rows"].as_array().unwrap().iter().filter(|r| locations.iter().any(|l| r["locationId"] == l.as_str())).collect()
}

#[tokio::test]
async fn the_list_leaves_out_every_section_5_exclusion_and_overrides_lock_their_rows() {
    // A supervisor: the driver actions below are at stops of no one's route, or at no stop (issue 38).
    let ops = user_with(&[ACTIONS, &[fleet_shared::assignment::SUPERVISOR_ACTION]].concat()).await;
    flag(&ops, "drop-override").await;
    let (wholesale, fridge, unreachable, stocked) =
        (location("WHOLESALE").await, location("FRIDGE").await, location("WHOLESALE").await, location("FRIDGE").await);
    let s = |name: &str| format!("{wholesale}-{name}");
    slip(&s("keep"), &wholesale, 1, "WHOLESALE", "Acme", "ACTIVE").await;
    slip(&s("internal"), &wholesale, 2, "INTERNAL_ORDER", "Acme", "ACTIVE").await;
    slip(&s("third"), &wholesale, 3, "CLIENT", "ThirdParty", "ACTIVE").await;
    slip(&s("menu"), &wholesale, 4, "CLIENT", "MenuRD", "ACTIVE").await;
    slip(&s("pulp"), &wholesale, 5, "CLIENT", "Pulping", "ACTIVE").await;
    slip(&s("deleted"), &wholesale, 6, "WHOLESALE", "Acme", "DELETED").await;
    slip(&s("fridge"), &fridge, 1, "FRIDGE", "Fridge", "ACTIVE").await;
    slip(&s("unreachable"), &unreachable, 1, "WHOLESALE", "Acme", "ACTIVE").await;
    slip(&s("stocked"), &stocked, 1, "FRIDGE", "Fridge", "ACTIVE").await;
    let route = unique("rdo").to_lowercase();
    stop(&wholesale, &route, 1).await;
    stop(&stocked, &route, 2).await;
    act(&ops, "LocationUnreachable", &unreachable, json!({ "reason": "Gate locked" }), 0).await.unwrap();
    // Stocked at stocking index 1 on a stop of index 2: only index 1's slip would be stocked.
    act(&ops, "LocationStocked", &stocked, json!({ "stockingIndex": 1 }), 5).await.unwrap();

    let out = summary(&ops).await.unwrap();
    let rows = mine(&out, &[&wholesale, &fridge, &unreachable, &stocked]);
    let mut ids: Vec<String> = rows.iter().map(|r| r["packingSlipId"].as_str().unwrap().to_string()).collect();
    ids.sort();
    let mut expected = vec![s("keep"), s("fridge")];
    expected.sort();
    assert_eq!(ids, expected, "only the plain wholesale and fridge slips are listed");
    let keep = rows.iter().find(|r| r["packingSlipId"] == s("keep").as_str()).unwrap();
    assert_eq!(keep["extendedId"], format!("{DATE}#{wholesale}&{}#1", s("keep")));
    assert_eq!((keep["locationType"].as_str(), keep["routeId"].as_str()), (Some("WHOLESALE"), Some(route.as_str())));
    assert_eq!((keep["dropStatus"].as_str(), keep["locked"].as_bool()), (Some("Pending"), Some(false)));
    counts_its_unlocked_rows(&out);
    assert_eq!(unlocked(&rows), 2, "both listed drops are unconfirmed");

    // A fridge cannot be set to Complete; Not Delivering is recorded and locks the row.
    let refused = act(&ops, "DropOverride", &fridge, over(&ops, &s("fridge"), "Complete", "Group Drop"), 10).await;
    assert_eq!(
        refused.unwrap_err().to_string(),
        format!("A fridge-type location cannot be set to Complete ({fridge})")
    );
    act(&ops, "DropOverride", &fridge, over(&ops, &s("fridge"), "Not Delivering", "Missing Totes"), 11).await.unwrap();
    act(&ops, "DropOverride", &wholesale, over(&ops, &s("keep"), "Complete", "Group Drop"), 12).await.unwrap();
    let locked =
        act(&ops, "DropOverride", &wholesale, over(&ops, &s("keep"), "Not Delivering", "Missing Totes"), 13).await;
    assert_eq!(locked.unwrap_err().status(), 409, "a locked row is refused");
    // An excluded slip has no drop status to override.
    let internal =
        act(&ops, "DropOverride", &wholesale, over(&ops, &s("internal"), "Complete", "Group Drop"), 14).await;
    assert!(internal.unwrap_err().to_string().contains("its type is INTERNAL_ORDER"));
    // Nor has a slip the day leaves off: its location unreachable, or already stocked.
    let missing = |slip: String| over(&ops, &slip, "Not Delivering", "Missing Totes");
    let gone = act(&ops, "DropOverride", &unreachable, missing(s("unreachable")), 15).await.unwrap_err();
    assert!(gone.to_string().ends_with("its location was reported unreachable that day"), "{gone}");
    let done = act(&ops, "DropOverride", &stocked, missing(s("stocked")), 16).await.unwrap_err();
    assert!(done.to_string().ends_with("it is already stocked"), "{done}");

    let out = summary(&ops).await.unwrap();
    let rows = mine(&out, &[&wholesale, &fridge]);
    let by = |id: String| rows.iter().find(|r| r["packingSlipId"] == id.as_str()).unwrap();
    assert_eq!(
        (
            by(s("fridge"))["dropStatus"].as_str(),
            by(s("fridge"))["statusReason"].as_str(),
            by(s("fridge"))["locked"].as_bool()
        ),
        (Some("Not Delivering"), Some("Missing Totes"), Some(true))
    );
    assert_eq!(by(s("keep"))["createdBy"], ops.email);
    counts_its_unlocked_rows(&out);
    assert_eq!(unlocked(&rows), 0, "two fewer unconfirmed drops: both overridden");
}

#[tokio::test]
async fn callers_without_the_flag_or_the_action_and_bad_dates_are_refused() {
    let reader = user_with(&["GetCheckPointStatus"]).await;
    assert_eq!(summary(&reader).await.unwrap_err(), ApiError::Forbidden, "no 'drop-override' flag");
    let flagged = user_with(&["VanTasks"]).await;
    flag(&flagged, "drop-override").await;
    assert_eq!(summary(&flagged).await.unwrap_err(), ApiError::Forbidden, "no GetCheckPointStatus");
    flag(&reader, "drop-override").await;
    let bad = gql("drop_off_summary", &reader, json!({ "dropOffDate": "2031-02-30" })).await.unwrap_err();
    assert_eq!(bad.to_string(), "dropOffDate must be a date (YYYY-MM-DD)");
    assert!(summary(&reader).await.is_ok());
}

#[tokio::test]
async fn a_supervisor_reverts_a_locked_row_and_the_history_shows_both() {
    let ops = user_with(ACTIONS).await;
    flag(&ops, "drop-override").await;
    let wholesale = location("WHOLESALE").await;
    let id = format!("{wholesale}-rev");
    slip(&id, &wholesale, 1, "WHOLESALE", "Acme", "ACTIVE").await;
    act(&ops, "DropOverride", &wholesale, over(&ops, &id, "Complete", "Group Drop"), 20).await.unwrap();
    let revert = |reason: &str| json!({ "input": { "dropOffDate": DATE, "packingSlipId": id, "reason": reason } });

    // The operator who recorded it cannot revert it: the supervisor action is needed.
    assert_eq!(gql("revert_drop_override", &ops, revert("late")).await.unwrap_err(), ApiError::Forbidden);
    let lead = user_with(&["RevertDropOverride", "GetCheckPointStatus"]).await;
    flag(&lead, "drop-override").await;
    let no_reason = gql("revert_drop_override", &lead, revert(" ")).await.unwrap_err();
    assert_eq!(no_reason.to_string(), "A reason is required to revert a drop status");
    let out = {
        // Between the override (minute 20) and the next one (25), on the server's clock.
        let _clock = ClockAt::new(at(22));
        gql("revert_drop_override", &lead, revert("Driver delivered after all")).await.unwrap()
    };
    assert_eq!((out["dropStatus"].as_str(), out["revertedStatus"].as_str()), (Some("Pending"), Some("Complete")));
    let row = |out: &Value| mine(out, &[&wholesale])[0].clone();
    let listed = row(&summary(&ops).await.unwrap());
    assert_eq!((listed["dropStatus"].as_str(), listed["locked"].as_bool()), (Some("Pending"), Some(false)));
    let again = gql("revert_drop_override", &lead, revert("twice")).await.unwrap_err();
    assert_eq!(again.status(), 409, "nothing left to revert");

    // Unlocked: a new override lands and locks it again.
    act(&ops, "DropOverride", &wholesale, over(&ops, &id, "Not Delivering", "Missing Totes"), 25).await.unwrap();
    assert_eq!(row(&summary(&ops).await.unwrap())["dropStatus"], "Not Delivering");

    let history =
        gql("drop_override_history", &lead, json!({ "dropOffDate": DATE, "packingSlipId": id })).await.unwrap();
    let items = history["items"].as_array().unwrap();
    let reasons: Vec<&str> = items.iter().map(|r| r["changes"][0]["reason"].as_str().unwrap()).collect();
    assert_eq!(reasons, ["Missing Totes", "Driver delivered after all", "Group Drop"], "newest first");
    assert_eq!(items[1]["who"], lead.email.as_str());
}

/// The statuses and drivers of a location's stops on a date's dashboard, by stocking index.
async fn board(caller: &Caller, date: &str, route: &str, location: &str) -> Vec<(i64, String, Value)> {
    let out = gql("stocking_dashboard", caller, json!({ "filter": { "dropOffDate": date, "routes": [route] } }))
        .await
        .unwrap();
    let mut rows: Vec<(i64, String, Value)> = out["routes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["stops"].as_array().unwrap())
        .filter(|s| s["locationId"] == location)
        .map(|s| (s["stockingIndex"].as_i64().unwrap(), s["status"].as_str().unwrap().into(), s["driver"].clone()))
        .collect();
    rows.sort_by_key(|r| r.0);
    rows
}

/// Issue 38: an override made the day after, of the slip of stocking index 2, is filed under the slip's
/// day, completes that day's index-2 stop only (never the day after's stop, nor index 1's), names the
/// caller (not `userSubmitted`'s text) and no driver; a supervisor's revert shows on the next refresh.
#[tokio::test]
async fn an_override_made_the_day_after_completes_its_slips_own_stop_until_reverted() {
    let ops = user_with(ACTIONS).await;
    flag(&ops, "drop-override").await;
    let wholesale = location("WHOLESALE").await;
    let id = format!("{wholesale}-two");
    slip(&id, &wholesale, 2, "WHOLESALE", "Acme", "ACTIVE").await;
    let (route, next_day) = (unique("rov").to_lowercase(), "2031-06-12");
    put_stop_at(DATE, &wholesale, (&route, 1), "MW", 1, None).await;
    put_stop_at(DATE, &wholesale, (&route, 2), "MW", 2, None).await;
    put_stop_at(next_day, &wholesale, (&route, 2), "MW", 2, None).await;

    // The next day, 10:00 CDT: the override of DATE's slip, its userSubmitted someone else's.
    let mut data = over(&ops, &id, "Complete", "Group Drop");
    data["userSubmitted"] = json!("someone.else@example.com");
    let out = act(&ops, "DropOverride", &wholesale, data, 24 * 60).await.unwrap();
    assert_eq!(out["stockingDay"], DATE, "the slip's day, not the day it was made");
    let recorded: Value = serde_json::from_str(out["data"].as_str().unwrap()).unwrap();
    assert_eq!(recorded["userSubmitted"], ops.email.as_str(), "the caller");

    let completed = vec![(1, "NOT_STARTED".to_string(), Value::Null), (2, "COMPLETED".to_string(), Value::Null)];
    // The office reads the board: ops, holding the driver's actions alone, would see only their own routes.
    let office = user_with(&["GetCheckPointStatus"]).await;
    assert_eq!(board(&office, DATE, &route, &wholesale).await, completed, "index 2's stop only, and no driver");
    assert_eq!(board(&office, next_day, &route, &wholesale).await, [(2, "NOT_STARTED".to_string(), Value::Null)]);

    let lead = user_with(&["RevertDropOverride", "GetCheckPointStatus"]).await;
    flag(&lead, "drop-override").await;
    let revert = json!({ "input": { "dropOffDate": DATE, "packingSlipId": id, "reason": "Not dropped after all" } });
    gql("revert_drop_override", &lead, revert).await.unwrap();
    let pending = vec![(1, "NOT_STARTED".to_string(), Value::Null), (2, "NOT_STARTED".to_string(), Value::Null)];
    assert_eq!(board(&office, DATE, &route, &wholesale).await, pending, "the revert shows on the next refresh");
}

#[tokio::test]
async fn listing_drop_overrides_needs_the_drop_override_flag() {
    let reader = user_with(&["GetCheckPointStatus"]).await;
    let list = |kind: &str| json!({ "filter": { "eventType": kind } });
    let refused = gql("get_driver_action", &reader, list("DropOverride")).await.unwrap_err();
    assert_eq!(refused, ApiError::Forbidden, "no 'drop-override' flag");
    assert!(gql("get_driver_action", &reader, list("PackingSlipQuery")).await.is_ok(), "other types need none");
    flag(&reader, "drop-override").await;
    assert!(gql("get_driver_action", &reader, list("DropOverride")).await.is_ok());
}
