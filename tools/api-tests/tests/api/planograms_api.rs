//! Planograms against the emulator: every row rule re-checked by the server,
//! a new layout created now and listed by getPlanogramNames, an UPDATE
//! applied at its hour exactly once by racing scheduler runs, retried
//! batches, the whole file's dry run, and the permission gate (also when a
//! change applies).
use crate::common;
use common::*;
use fleet_shared::fridge_time::ClockAt;
use fleet_shared::{scheduler, store, Caller, Table};
use serde_json::{json, Value};

async fn run_planogram_scheduler() -> Value {
    let spec = find("apply_planogram_changes");
    spec.invoke(wiring().await.deps(spec), Default::default()).await.expect("scheduler run")
}

/// `now + seconds` as the file writes it: MM/DD/YYYY hh:mm:ss Central.
fn central_in(seconds: i64) -> String {
    let t = chrono::Utc::now() + chrono::Duration::seconds(seconds);
    t.with_timezone(&chrono_tz::America::Chicago).format("%m/%d/%Y %H:%M:%S").to_string()
}

/// An instant about two hours ahead, in whole seconds, whose Central wall time names it alone (not in the hour
/// repeated when the clocks go back), and that wall time as the file writes it. A test schedules a change at
/// it and runs the scheduler on a clock stopped either side of it, so neither the call nor the run races the
/// real clock.
fn a_while_ahead() -> (chrono::DateTime<chrono::Utc>, String) {
    use chrono::{TimeZone, Timelike};
    let central = chrono_tz::America::Chicago;
    let mut at = chrono::Utc::now().with_nanosecond(0).unwrap() + chrono::Duration::hours(2);
    loop {
        let wall = at.with_timezone(&central);
        if central.from_local_datetime(&wall.naive_local()).single() == Some(wall) {
            return (at, wall.format("%m/%d/%Y %H:%M:%S").to_string());
        }
        at += chrono::Duration::hours(1);
    }
}

/// A scheduler run on the clock stopped at `at`.
async fn run_planogram_scheduler_at(at: chrono::DateTime<chrono::Utc>) -> Value {
    let _clock = ClockAt::new(at);
    run_planogram_scheduler().await
}

fn update_row(layout: &str, slot: &str, item: &str, hour: &str, line: u32) -> Value {
    json!({ "requestType": "UPDATE", "layoutName": layout, "slot": slot, "vendItemName": item, "activeHour": hour, "line": line })
}

async fn schedule(caller: &Caller, upload_id: &str, rows: Value) -> Result<Value, fleet_shared::ApiError> {
    let upload_id = upload_id.replace('_', "-"); // ids are letters, digits and dashes
    gql(
        "schedule_planogram_update",
        caller,
        json!({ "input": rows, "uploadId": upload_id, "fileName": "planogram.csv" }),
    )
    .await
}

/// A new layout of `slots` (1:1, 1:2, ...) holding ITEM_n.
async fn create_layout(slots: usize) -> String {
    let layout = unique("PLANO");
    let rows: Vec<Value> = (1..=slots)
        .map(|i| json!({ "requestType": "CREATE", "layoutName": layout, "slot": format!("1:{i}"), "vendItemName": format!("ITEM_{i}"), "physicalFridgeConfig": "6x5" }))
        .collect();
    let out = schedule(&admin().await, &unique("create"), json!(rows)).await.unwrap();
    assert_eq!(out, json!({ "successCount": slots, "errors": [], "totalCount": slots }));
    layout
}

async fn history_of(layout: &str) -> Vec<Value> {
    let t = deps().await.table(Table::History).unwrap();
    let out = t
        .client
        .query()
        .table_name(t.name)
        .key_condition_expression("entity = :e")
        .expression_attribute_values(":e", store::s(format!("planogram#{layout}")))
        .send()
        .await
        .unwrap();
    out.items.unwrap_or_default().into_iter().map(|i| store::from_item(i).unwrap()).collect()
}

async fn read(layout: &str) -> Value {
    gql("planogram", &admin().await, json!({ "layoutName": layout })).await.unwrap()
}

#[tokio::test]
async fn the_server_rechecks_every_rule_with_its_message() {
    let admin = admin().await;
    let layout = create_layout(1).await;
    let l = layout.as_str();
    let hour = "12/01/2030 06:00:00";
    let rows = json!([
        update_row(l, "1:1", "A", hour, 2),
        update_row(l, "1:1", "B", hour, 3),
        { "requestType": "UPDATE", "layoutName": l, "slot": "1:2", "vendItemName": "C", "line": 4 },
        update_row(l, "", "D", hour, 5),
        update_row(l, "1-3", "E", "2030-12-01 06:00", 6),
        update_row("NO_SUCH_LAYOUT_X", "1:4", "F", hour, 7),
        update_row(l, "2:1", "G", hour, 8),
    ]);
    let out = schedule(&admin, &unique("rules"), rows).await.unwrap();
    assert_eq!(
        out["errors"],
        json!([
            "Line 2: Duplicated records: Lines 2 and 3",
            "Line 3: Duplicated records: Lines 2 and 3",
            "Line 4: At least one input missing...",
            "Line 5: Value cannot be empty.",
            "Line 6: Slot is not in format <integer>:<integer>.; The activeHour is not in format MM/DD/YYYY hh:mm:ss.",
            "Line 7: Layout NO_SUCH_LAYOUT_X does not exist. Choose Create New Planogram to add it.",
        ])
    );
    assert_eq!(
        (out["successCount"].as_u64(), out["totalCount"].as_u64()),
        (Some(1), Some(7)),
        "the valid row is scheduled"
    );
    let upcoming = &read(l).await["upcoming"];
    assert_eq!(upcoming.as_array().unwrap().len(), 1, "{upcoming}");
    assert_eq!(
        (upcoming[0]["slot"].as_str(), upcoming[0]["activeHourCentral"].as_str(), upcoming[0]["status"].as_str()),
        (Some("2:1"), Some(hour), Some("PENDING"))
    );
    assert_eq!(upcoming[0]["activeHour"], "2030-12-01T12:00:00.000Z", "read as Central time");

    let none = schedule(&admin, &unique("empty"), json!([])).await.unwrap_err();
    assert_eq!(none.to_string(), "No rows found...");
    let too_many: Vec<Value> = (0..101).map(|i| update_row(l, &format!("9:{i}"), "A", hour, i + 2)).collect();
    assert!(schedule(&admin, &unique("big"), json!(too_many)).await.is_err(), "batches hold at most 100 rows");
}

#[tokio::test]
async fn a_new_layout_is_listed_and_holds_its_slots_now() {
    let layout = create_layout(3).await;
    let names = gql("get_planogram_names", &admin().await, json!({})).await.unwrap();
    assert!(
        names.as_array().unwrap().iter().any(|n| n == &json!(layout)),
        "getPlanogramNames agrees with the planograms"
    );
    let now = read(&layout).await;
    let slots: Vec<(&str, &str)> = now["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["slot"].as_str().unwrap(), s["vendItemName"].as_str().unwrap()))
        .collect();
    assert_eq!(slots, [("1:1", "ITEM_1"), ("1:2", "ITEM_2"), ("1:3", "ITEM_3")]);
    assert_eq!(now["slots"][0]["physicalFridgeConfig"], "6x5");
    let history = history_of(&layout).await;
    assert_eq!(history.len(), 1, "one record for the new layout");
    assert_eq!(
        history[0]["changes"][2],
        json!({ "attribute": "slot 1:3", "oldValue": "null", "newValue": "\"ITEM_3\"" })
    );
}

#[tokio::test]
async fn an_update_applies_at_its_hour_exactly_once_even_with_racing_scheduler_runs() {
    let _turn = SCHEDULER.lock().await;
    let layout = create_layout(2).await;
    let admin = admin().await;
    let (at, hour) = a_while_ahead();
    let rows =
        json!([update_row(&layout, "1:1", "COLD_BREW", &hour, 2), update_row(&layout, "1:2", "KOMBUCHA", &hour, 3)]);
    assert_eq!(schedule(&admin, &unique("upd"), rows).await.unwrap()["successCount"], 2);
    let before = run_planogram_scheduler_at(at - chrono::Duration::seconds(1)).await;
    assert_eq!(before["applied"], 0, "not before its hour: {before}");
    assert_eq!(read(&layout).await["upcoming"].as_array().unwrap().len(), 2);

    let due = at + chrono::Duration::seconds(1);
    let (a, b) = {
        // One stopped clock for both runs: each run's own would be undone by whichever finished first.
        let _clock = ClockAt::new(due);
        tokio::join!(run_planogram_scheduler(), run_planogram_scheduler())
    };
    let applied: Vec<&Value> = [&a, &b].iter().flat_map(|r| r["appliedChanges"].as_array().unwrap().iter()).collect();
    let uuids: std::collections::HashSet<&Value> = applied.iter().copied().collect();
    assert_eq!((applied.len(), uuids.len()), (2, 2), "each change applied by exactly one run: {a} {b}");
    let now = read(&layout).await;
    assert_eq!(now["slots"][0]["vendItemName"], "COLD_BREW");
    assert_eq!(now["slots"][1]["vendItemName"], "KOMBUCHA");
    assert_eq!(now["slots"][0]["physicalFridgeConfig"], "6x5", "the slot keeps its physical config");
    assert_eq!(now["upcoming"], json!([]));
    let history = history_of(&layout).await;
    assert_eq!(history.len(), 2, "the creation and one record for the applied hour");
    let applied_record =
        history.iter().find(|h| h["source"].as_str().unwrap().starts_with("Planogram change scheduled for")).unwrap();
    assert_eq!(
        applied_record["changes"][0],
        json!({ "attribute": "slot 1:1", "oldValue": "\"ITEM_1\"", "newValue": "\"COLD_BREW\"" })
    );
    assert_eq!(applied_record["who"], admin.email);
    let again = run_planogram_scheduler_at(due).await;
    assert!(!again["appliedChanges"].as_array().unwrap().iter().any(|u| uuids.contains(u)), "never again: {again}");
}

#[tokio::test]
async fn a_retried_batch_or_a_reupload_schedules_nothing_twice() {
    let layout = create_layout(1).await;
    let admin = admin().await;
    let rows = json!([update_row(&layout, "1:1", "A", "12/01/2030 06:00:00", 2)]);
    let id = unique("retry");
    let first = schedule(&admin, &id, rows.clone()).await.unwrap();
    assert_eq!(schedule(&admin, &id, rows.clone()).await.unwrap(), first, "a retry answers the same");
    assert_eq!(
        schedule(&admin, &unique("another-upload"), rows).await.unwrap()["successCount"],
        1,
        "already so: counted as done"
    );
    let stored = scheduler::for_subject(deps().await, &format!("planogram#{layout}")).await.unwrap();
    assert_eq!(stored.len(), 1, "one scheduled change");
    let changed = json!([update_row(&layout, "1:1", "B", "12/01/2030 06:00:00", 2)]);
    schedule(&admin, &unique("replace"), changed).await.unwrap();
    let upcoming = read(&layout).await["upcoming"].clone();
    assert_eq!(
        (upcoming.as_array().unwrap().len(), upcoming[0]["vendItemName"].as_str()),
        (1, Some("B")),
        "the same slot and hour is replaced"
    );
}

#[tokio::test]
async fn callers_without_the_actions_are_refused_and_a_change_whose_author_lost_the_permission_never_applies() {
    let layout = create_layout(1).await;
    let rows = json!([update_row(&layout, "1:1", "A", "12/01/2030 06:00:00", 2)]);
    let reader = user_with(&["GetPlanograms"]).await;
    assert!(gql("planogram", &reader, json!({ "layoutName": layout })).await.is_ok());
    assert_eq!(
        schedule(&reader, "denied", rows.clone()).await.unwrap_err().to_string(),
        "Error! User Action Prohibited!"
    );
    let nobody = restricted().await;
    assert!(gql("planogram", &nobody, json!({ "layoutName": layout })).await.is_err());

    let _turn = SCHEDULER.lock().await;
    let scheduler_user = user_with(&["SchedulePlanograms"]).await;
    let (at, hour) = a_while_ahead();
    let soon = json!([update_row(&layout, "1:1", "SNEAKY", &hour, 2)]);
    assert_eq!(schedule(&scheduler_user, &unique("perm"), soon).await.unwrap()["successCount"], 1);
    let t = deps().await.table(Table::Permissions).unwrap();
    t.client
        .delete_item()
        .table_name(t.name)
        .key("user", store::s(&scheduler_user.sub))
        .key("action", store::s("SchedulePlanograms"))
        .send()
        .await
        .unwrap();
    let run = run_planogram_scheduler_at(at + chrono::Duration::seconds(1)).await;
    assert!(run["movedAside"].as_i64().unwrap() >= 1, "{run}");
    let now = read(&layout).await;
    assert_eq!(now["slots"][0]["vendItemName"], "ITEM_1", "not applied");
    assert_eq!(now["upcoming"][0]["status"], "FAILED");
    assert_eq!(
        now["upcoming"][0]["failureReason"],
        format!("{} no longer holds the permission this change needs", scheduler_user.email)
    );
}

#[tokio::test]
async fn the_dry_run_flags_unknown_layouts_and_skipped_hours_before_submit_and_writes_nothing() {
    let layout = create_layout(1).await;
    let l = layout.as_str();
    let missing = unique("NOPE");
    let row = |line: u32, values: Value| json!({ "row": line, "values": values });
    let update = |layout: &str, slot: &str, item: &str, hour: &str| json!({ "requestType": "UPDATE", "layoutName": layout, "slot": slot, "vendItemName": item, "activeHour": hour });
    let body = json!({ "uploadId": unique("dry").replace('_', "-"), "fileName": "planogram.csv", "rows": [
        row(2, update(l, "1:1", "COLD_BREW", "12/01/2030 06:00:00")),
        row(3, update(&missing, "1:1", "COLD_BREW", "12/01/2030 06:00:00")),
        row(4, update(l, "1:1", "COLD_BREW", "03/10/2030 02:30:00")),
        row(5, json!({ "requestType": "CREATE", "layoutName": l, "slot": "1:2", "vendItemName": "TEA", "physicalFridgeConfig": "6x5" })),
    ] }).to_string();
    let (code, dry) = http("planograms_dry_run", Some(&admin().await), Some(&body)).await;
    assert_eq!(code, 200, "{dry}");
    let r = &dry["rows"];
    let status = |i: usize| r[i]["status"].as_str().unwrap().to_string();
    assert_eq!((0..4).map(status).collect::<Vec<_>>(), ["new", "invalid", "invalid", "new"], "{dry}");
    assert_eq!(
        r[1]["messages"],
        json!([format!("Layout {missing} does not exist. Choose Create New Planogram to add it.")])
    );
    assert_eq!(
        r[2]["messages"],
        json!(["03/10/2030 02:30:00 does not exist in Central time (the clocks skip that hour)."])
    );
    assert_eq!(r[3]["warnings"], json!([format!("Layout {l} already exists: the slots in this file change now.")]));
    // Nothing was scheduled or created.
    let now = read(l).await;
    assert_eq!((now["slots"].as_array().unwrap().len(), now["upcoming"].as_array().unwrap().len()), (1, 0), "{now}");
    let reader = user_with(&["GetPlanograms"]).await;
    assert_eq!(http("planograms_dry_run", Some(&reader), Some(&body)).await.0, 403);
}

#[tokio::test]
async fn a_change_older_than_the_slots_assignment_is_superseded_not_applied() {
    let _turn = SCHEDULER.lock().await;
    let layout = create_layout(1).await;
    let an_hour_ago = central_in(-3600);
    let rows = json!([update_row(&layout, "1:1", "STALE", &an_hour_ago, 2)]);
    assert_eq!(schedule(&admin().await, &unique("old"), rows).await.unwrap()["successCount"], 1);
    run_planogram_scheduler().await;
    let now = read(&layout).await;
    assert_eq!(now["slots"][0]["vendItemName"], "ITEM_1", "the layout was created after that hour");
    assert_eq!(now["upcoming"], json!([]), "nothing left to apply");
    let kept = scheduler::for_subject(deps().await, &format!("planogram#{layout}")).await.unwrap();
    assert_eq!(kept[0].due_shard, "PLANOGRAM_SUPERSEDED");
}

#[tokio::test]
async fn the_dry_run_takes_a_file_at_the_row_limit_and_refuses_one_row_more() {
    let body = |rows: usize| {
        let hour = central_in(7 * 24 * 3600);
        let rows: Vec<Value> = (0..rows)
            .map(|i| json!({ "row": i + 2, "values": { "requestType": "UPDATE", "layoutName": "NO_SUCH_LAYOUT", "slot": format!("{}:{}", i / 100 + 1, i % 100 + 1), "vendItemName": "ITEM", "activeHour": hour } }))
            .collect();
        json!({ "uploadId": unique("lim").replace('_', "-"), "fileName": "planogram.csv", "rows": rows }).to_string()
    };
    let (code, dry) = http("planograms_dry_run", Some(&admin().await), Some(&body(10_000))).await;
    assert_eq!((code, dry["summary"]["total"].as_u64()), (200, Some(10_000)), "{}", dry["message"]);
    let (code, over) = http("planograms_dry_run", Some(&admin().await), Some(&body(10_001))).await;
    assert_eq!((code, over["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
}

#[tokio::test]
async fn a_reused_upload_id_with_new_content_is_refused_not_skipped() {
    let layout = create_layout(1).await;
    let admin = admin().await;
    let id = unique("reuse");
    schedule(&admin, &id, json!([update_row(&layout, "1:1", "A", "12/01/2030 06:00:00", 2)])).await.unwrap();
    let err =
        schedule(&admin, &id, json!([update_row(&layout, "1:1", "B", "12/01/2030 06:00:00", 2)])).await.unwrap_err();
    assert_eq!(err.status(), 409, "{err}");
    let upcoming = read(&layout).await["upcoming"].clone();
    assert_eq!(upcoming[0]["vendItemName"], "A", "the first content stands");
}

#[tokio::test]
async fn a_new_layout_of_the_most_slots_lands_whole_with_its_upload_record() {
    // Its slots, history, name and the group's upload record make one transaction of at most 100 items.
    let layout = create_layout(fn_planograms::kind::MAX_CREATE_SLOTS).await;
    assert_eq!(read(&layout).await["slots"].as_array().map(Vec::len), Some(fn_planograms::kind::MAX_CREATE_SLOTS));
}
