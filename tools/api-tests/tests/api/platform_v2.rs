//! What trying the foundation found (issue "Platform v2"), each as a test
//! against the emulator: bad input, permission gaps through scheduling and
//! the device address, per-function wiring, fridge time zones, concurrent
//! edits, change history, and scheduled changes that can never apply.
use crate::common;
use common::*;
use fleet_shared::{store, ApiError, Caller, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

async fn create(payload: &Value) -> Result<Value, ApiError> {
    gql("create_location", &admin().await, json!({ "input": payload.to_string() })).await
}

async fn get(id: &str) -> Option<Value> {
    gql("get_location", &admin().await, json!({ "id": id })).await.unwrap().as_array().unwrap().first().cloned()
}

async fn update(caller: &Caller, input: Value) -> Result<Value, ApiError> {
    gql("update_location", caller, json!({ "input": input.to_string() })).await
}

fn iso_in(seconds: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::seconds(seconds)).to_rfc3339()
}

/// A user who holds exactly `actions` (permissions are keyed by sub; the
/// gate does not need a Cognito user behind it).
async fn revoke(caller: &Caller, action: &str) {
    let t = deps().await.table(Table::Permissions).unwrap();
    t.client
        .delete_item()
        .table_name(t.name)
        .key("user", store::s(&caller.sub))
        .key("action", store::s(action))
        .send()
        .await
        .unwrap();
}

async fn schedule(caller: &Caller, changes: Value) -> Result<Value, ApiError> {
    gql("create_schedule_change", caller, json!({ "input": changes })).await
}

async fn scheduled(id: &str) -> Vec<Value> {
    gql("read_schedule_change", &admin().await, json!({ "filter": { "id": id } }))
        .await
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

// --- Bad input gets a clear 4xx and writes nothing -------------------------

#[tokio::test]
async fn bad_input_is_a_4xx_with_a_clear_message_never_a_500() {
    let admin = admin().await;
    let err = gql("get_location", &admin, json!({ "id": "" })).await.unwrap_err();
    assert_eq!((err.status(), err.to_string().as_str()), (400, "id cannot be empty"));

    let long_id = "A".repeat(5000);
    let err = create(&form(&long_id)).await.unwrap_err();
    assert_eq!((err.status(), err.to_string().as_str()), (400, "id must be at most 64 characters"));
    let err = gql("get_location", &admin, json!({ "id": long_id })).await.unwrap_err();
    assert_eq!(err.status(), 400);

    // 500 kB in one field: over the request bound.
    let id = unique("IT_BIG");
    let mut p = form(&id);
    p["prettyName"] = json!("x".repeat(500 * 1024));
    let (status, body) = http("add_location", Some(&admin), Some(&p.to_string())).await;
    assert_eq!((status, body["message"].as_str()), (413, Some("Request too large: at most 256 kB")), "{body}");
    // 5,000 characters: within the request bound, over the field's.
    p["prettyName"] = json!("x".repeat(5000));
    let (status, body) = http("add_location", Some(&admin), Some(&p.to_string())).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("prettyName must be at most 1000 characters")), "{body}");
    assert!(get(&id).await.is_none(), "nothing was written");

    let many: Vec<Value> = (0..101)
        .map(|_| json!({ "location": "CHI_0001", "attribute": "route", "value": "\"r\"", "dateTime": iso_in(3600) }))
        .collect();
    assert_eq!(
        schedule(&admin, json!(many)).await.unwrap_err().to_string(),
        "input must hold between 1 and 100 entries"
    );
}

// --- Permissions follow the change ------------------------------------------

#[tokio::test]
async fn scheduling_or_deleting_a_change_needs_the_permission_the_change_needs() {
    let id = unique("IT_PERM");
    create(&form(&id)).await.unwrap();
    let scheduler_only = user_with(&["AddScheduledEvent", "DeleteScheduledEvents", "GetScheduledEvents"]).await;
    let offline = json!([{ "location": id, "attribute": "status", "value": "\"OFFLINE\"", "dateTime": iso_in(3600) }]);
    assert_eq!(schedule(&scheduler_only, offline.clone()).await.unwrap_err(), ApiError::Forbidden);
    assert!(scheduled(&id).await.is_empty(), "nothing was scheduled");

    let created = schedule(&admin().await, offline).await.unwrap();
    let c = &created[0];
    let err = gql(
        "delete_schedule_change",
        &scheduler_only,
        json!({ "input": { "uuid": c["uuid"], "actionTime": c["actionTime"] } }),
    )
    .await;
    assert_eq!(err.unwrap_err(), ApiError::Forbidden);
    assert_eq!(scheduled(&id).await.len(), 1, "still scheduled");

    let editor = user_with(&["AddScheduledEvent", "UpdateLocation"]).await;
    let generate = json!([{ "location": id, "attribute": "aprivaDeviceAddress", "value": "\"GENERATE\"", "dateTime": iso_in(7200) }]);
    assert_eq!(
        schedule(&editor, generate).await.unwrap_err(),
        ApiError::Forbidden,
        "the device address needs GenerateDeviceAddress"
    );
}

#[tokio::test]
async fn the_device_address_is_set_only_by_generating_one() {
    let id = unique("IT_DEV");
    let mut p = form(&id);
    p["aprivaDeviceAddress"] = json!("FC0000000001");
    assert_eq!(create(&p).await.unwrap_err().to_string(), "The device address is set only by generating a new one");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    let err = update(&admin, json!({ "id": id, "aprivaDeviceAddress": "FC0000000001" })).await.unwrap_err();
    assert_eq!(err.to_string(), "The device address is set only by generating a new one");
    let typed = json!([{ "location": id, "attribute": "aprivaDeviceAddress", "value": "\"FC0000000001\"", "dateTime": iso_in(3600) }]);
    assert_eq!(
        schedule(&admin, typed).await.unwrap_err().to_string(),
        "The device address is set only by generating a new one"
    );
    assert!(get(&id).await.unwrap().get("aprivaDeviceAddress").is_none());
}

#[tokio::test]
async fn a_scheduled_device_address_is_generated_through_the_registry_when_due() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_DEVS");
    create(&form(&id)).await.unwrap();
    schedule(
        &admin().await,
        json!([{ "location": id, "attribute": "aprivaDeviceAddress", "value": "\"GENERATE\"", "dateTime": iso_in(1) }]),
    )
    .await
    .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    run_scheduler().await;
    let address = get(&id).await.unwrap()["aprivaDeviceAddress"].as_str().unwrap().to_string();
    assert!(address.starts_with("FC") && address.len() == 12, "{address}");
    let t = deps().await.table(Table::NameLists).unwrap();
    let key =
        HashMap::from([("kind".to_string(), store::s("deviceAddress")), ("name".to_string(), store::s(&address))]);
    let registered: Value = t.get(key).await.unwrap().expect("registered");
    assert_eq!(registered["locationId"], json!(id));
}

#[tokio::test]
async fn a_change_whose_author_lost_the_permission_is_moved_aside_not_applied() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_LOST");
    create(&form(&id)).await.unwrap();
    let editor = user_with(&["AddScheduledEvent", "UpdateLocation"]).await;
    schedule(&editor, json!([{ "location": id, "attribute": "status", "value": "\"LIVE\"", "dateTime": iso_in(1) }]))
        .await
        .unwrap();
    revoke(&editor, "UpdateLocation").await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    run_scheduler().await;
    assert_eq!(get(&id).await.unwrap()["status"], "OFFLINE", "not applied");
    let left = scheduled(&id).await;
    assert_eq!(left[0]["status"], "FAILED");
    assert_eq!(left[0]["failureReason"], format!("{} no longer holds the permission this change needs", editor.email));
}

// --- Per-function wiring ----------------------------------------------------

#[tokio::test]
async fn each_function_reads_only_its_variables_and_builds_only_its_clients() {
    let w = wiring().await;
    let get_location = w.deps(find("get_location"));
    let tables: Vec<&Table> = get_location.config.tables().collect();
    assert_eq!(tables, vec![&Table::Locations, &Table::Permissions]);
    assert_eq!(get_location.clients(), vec!["dynamodb"]);
    assert!(get_location.table(Table::NameLists).is_err(), "an undeclared table is not reachable");
    assert!(get_location.cognito().is_err());
    assert_eq!(w.deps(find("get_user_permissions")).clients(), vec!["dynamodb", "cognito-idp"]);
}

// --- Fridge time zones and deadlines ----------------------------------------

#[tokio::test]
async fn schedule_times_are_entered_and_shown_in_the_fridges_zone() {
    let id = unique("IT_TZ");
    let mut p = form(&id);
    p["state"] = json!("NY"); // Northeast: ET, and two-day allocation deadlines
    p["city"] = json!("New York");
    p["zipCode"] = json!("10001");
    p["latitude"] = json!("40.71");
    p["longitude"] = json!("-74.01");
    p["priceMapTemplate"] = json!("PMT_NE_STANDARD");
    // As the create form sends it (its time zone field; the import's defaults by state are the import's).
    p["timeZone"] = json!("NEWYORK");
    create(&p).await.unwrap();
    let location = get(&id).await.unwrap();
    assert_eq!(
        (location["timeZoneLabel"].as_str(), location["timeZoneIana"].as_str()),
        (Some("ET"), Some("America/New_York"))
    );

    // 19:00 in New York on a Tuesday at least a week ahead: the fridge stocks
    // on weekdays, so Wednesday's two-day deadline (Monday 6 pm) is missed
    // whatever weekday the test runs on.
    let ahead = chrono::Utc::now().date_naive() + chrono::Duration::days(7);
    let to_tuesday = (7 + 1 - i64::from(chrono::Datelike::weekday(&ahead).num_days_from_monday())) % 7;
    let day = (ahead + chrono::Duration::days(to_tuesday)).format("%Y-%m-%d").to_string();
    let local = format!("{day}T19:00");
    let created = schedule(&admin().await, json!([
        { "location": id, "attribute": "prod", "value": "1", "localDateTime": local },
        { "location": id, "attribute": "updateReason", "value": "{\"prod\":\"First Stocking\"}", "localDateTime": local },
    ]))
    .await
    .unwrap();
    let prod = created.as_array().unwrap().iter().find(|c| c["change"]["attribute"] == "prod").unwrap().clone();
    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let at = chrono::DateTime::parse_from_rfc3339(prod["actionTime"].as_str().unwrap()).unwrap().with_timezone(&tz);
    assert_eq!(at.format("%Y-%m-%dT%H:%M").to_string(), local, "stored as the instant of that New York wall time");
    let listed = scheduled(&id).await;
    let prod = listed.iter().find(|c| c["change"]["attribute"] == "prod").unwrap();
    assert_eq!(prod["localActionTime"], format!("{day} 19:00"));
    assert_eq!(prod["timeZoneLabel"], "ET");
    assert_eq!(prod["status"], "PENDING");
    let warning = prod["deadlineWarning"].as_str().expect("after 6 pm: a deadline warning");
    assert!(
        warning.starts_with("Lands after the 6 pm ET allocation deadline (Northeast: two days before)"),
        "{warning}"
    );

    let gap = json!([{ "location": id, "attribute": "route", "value": "\"r\"", "localDateTime": "2027-03-14T02:30" }]);
    assert_eq!(
        schedule(&admin().await, gap).await.unwrap_err().to_string(),
        "2027-03-14T02:30 does not exist in ET (the clocks go forward)"
    );
}

// --- Concurrent edits and change history -------------------------------------

#[tokio::test]
async fn a_stale_edit_is_refused_naming_who_changed_it_and_nothing_is_written() {
    let id = unique("IT_STALE");
    create(&form(&id)).await.unwrap();
    let loaded = get(&id).await.unwrap();
    assert_eq!(loaded["version"], 1);
    let other = user_with(&["UpdateLocation"]).await;
    update(&other, json!({ "id": id, "version": 1, "route": "chi-01" })).await.unwrap();
    let err = update(&admin().await, json!({ "id": id, "version": 1, "route": "chi-02" })).await.unwrap_err();
    let message = err.to_string();
    assert_eq!(err.status(), 409);
    assert!(message.starts_with(&format!("This location was changed by {} at ", other.email)), "{message}");
    assert!(message.ends_with(" CT. Reload to see the change."), "{message}");
    assert_eq!(get(&id).await.unwrap()["route"], "chi-01");
}

#[tokio::test]
async fn every_write_appends_history_newest_first_and_paged() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_HIST");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    update(&admin, json!({ "id": id, "version": 1, "prod": 1, "updateReason": { "prod": "First Stocking" }, "source": "Location detail" }))
        .await
        .unwrap();
    schedule(&admin, json!([{ "location": id, "attribute": "percentage", "value": "7", "dateTime": iso_in(1) }]))
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    run_scheduler().await;

    let page = gql("location_history", &admin, json!({ "id": id })).await.unwrap();
    let items = page["items"].as_array().unwrap();
    assert_eq!(items.len(), 3, "{page}");
    assert!(items[0]["source"].as_str().unwrap().starts_with("Scheduled change for "), "{}", items[0]);
    assert_eq!(items[0]["changes"][0]["attribute"], "percentage");
    assert_eq!(
        (items[0]["changes"][0]["oldValue"].as_str(), items[0]["changes"][0]["newValue"].as_str()),
        (Some("0"), Some("7"))
    );
    assert_eq!(items[1]["source"], "Location detail");
    assert_eq!(items[1]["who"], json!(admin.email));
    let prod = &items[1]["changes"][0];
    assert_eq!(
        (prod["attribute"].as_str(), prod["oldValue"].as_str(), prod["newValue"].as_str(), prod["reason"].as_str()),
        (Some("prod"), Some("0"), Some("1"), Some("First Stocking"))
    );
    assert_eq!(items[2]["source"], "Create location form");
    assert!(items[0]["at"].as_str() > items[1]["at"].as_str());

    // Paging: 30 more edits make two pages with a signed token.
    for i in 0..30 {
        update(&admin, json!({ "id": id, "route": format!("r{i}") })).await.unwrap();
    }
    let first = gql("location_history", &admin, json!({ "id": id })).await.unwrap();
    assert_eq!(first["items"].as_array().unwrap().len(), 25);
    let second = gql("location_history", &admin, json!({ "id": id, "nextToken": first["nextToken"] })).await.unwrap();
    assert_eq!(second["items"].as_array().unwrap().len(), 8);
    assert!(second["nextToken"].is_null());
    let other = unique("IT_HIST_OTHER");
    let err =
        gql("location_history", &admin, json!({ "id": other, "nextToken": first["nextToken"] })).await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid nextToken");
}

/// DynamoDB isolates transactions: one that is cancelled never undoes writes
/// made meanwhile by other callers. (moto alone restores whole-table copies
/// on cancel; the stack's emulator launcher serialises DynamoDB for this.)
#[tokio::test]
async fn a_cancelled_transaction_never_undoes_concurrent_writes() {
    use aws_sdk_dynamodb::types::{ConditionCheck, TransactWriteItem};
    use futures::future::join_all;
    let locations = deps().await.table(Table::Locations).unwrap();
    let ids: Vec<String> = (0..30).map(|_| unique("ISO")).collect();
    let puts = ids.iter().map(|id| async move {
        let item = store::to_item(&json!({ "id": id, "type": "FRIDGE", "status": { "ops": "LIVE" } })).unwrap();
        locations.client.put_item().table_name(locations.name).set_item(Some(item)).send().await.unwrap();
    });
    let cancelled = (0..30).map(|_| async {
        let check = ConditionCheck::builder()
            .table_name(locations.name)
            .key("id", store::s(unique("ISO_ABSENT")))
            .condition_expression("attribute_exists(id)")
            .build()
            .unwrap();
        let err =
            store::transact(locations.client, vec![TransactWriteItem::builder().condition_check(check).build()]).await;
        assert!(err.is_err(), "the condition cannot hold");
    });
    tokio::join!(join_all(puts), join_all(cancelled));
    for id in &ids {
        assert!(get(id).await.is_some(), "{id} was written and must stay written");
    }
}
