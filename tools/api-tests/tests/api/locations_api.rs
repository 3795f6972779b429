use crate::common;
use common::*;
use serde_json::{json, Value};

async fn create(payload: &Value) -> Result<Value, fleet_shared::ApiError> {
    gql("create_location", &admin().await, json!({ "input": payload.to_string() })).await
}

async fn get(id: &str) -> Option<Value> {
    let list = gql("get_location", &admin().await, json!({ "id": id })).await.unwrap();
    list.as_array().unwrap().first().cloned()
}

#[tokio::test]
async fn create_merges_defaults_and_refuses_a_duplicate_without_overwriting() {
    let id = unique("IT_CREATE");
    let created = create(&form(&id)).await.unwrap();
    assert_eq!(created["status"], "OFFLINE");
    assert_eq!(created["hours"], "24 Hours");
    assert_eq!(created["lastModifiedBy"], admin().await.email);

    let mut again = form(&id);
    again["prettyName"] = json!("Overwritten?");
    let err = create(&again).await.unwrap_err();
    assert_eq!(err, fleet_shared::ApiError::Conflict(format!("Location {id} already exists")));
    assert_eq!(get(&id).await.unwrap()["prettyName"], "Test Lobby");
}

#[tokio::test]
async fn rest_create_applies_state_defaults() {
    let id = unique("IT_REST");
    let mut p = form(&id);
    p["state"] = json!("NJ");
    p.as_object_mut().unwrap().remove("latitude");
    p.as_object_mut().unwrap().remove("longitude");
    p.as_object_mut().unwrap().remove("priceMapTemplate");
    // Its fulfillment center is listed in the create's own transaction, as the form's create does.
    let center = unique("FC Rest");
    p["fulfillmentCenter"] = json!(center);
    let (status, body) = http("add_location", Some(&admin().await), Some(&p.to_string())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["timeZone"], "NEWYORK");
    assert_eq!(body["priceMapTemplate"], "PMT_NE_STANDARD");
    let centers = gql("fulfillment_centers", &admin().await, json!({})).await.unwrap();
    assert!(centers.as_array().unwrap().iter().any(|c| c == center.as_str()), "{centers}");
    let (status, body) = http("add_location", Some(&admin().await), Some(&p.to_string())).await;
    assert_eq!((status, body["message"].as_str()), (409, Some(format!("Location {id} already exists").as_str())));
}

#[tokio::test]
async fn every_create_rule_is_enforced_with_its_message_and_writes_nothing() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("id", json!("bad-id"), "id may contain only letters, digits and underscore"),
        ("street", json!(""), "street cannot be empty"),
        ("zipCode", json!("6060"), "zipCode must be 5 digits, optionally followed by a dash and 4 digits"),
        ("latitude", json!("50.1"), "latitude should be a number in the range of 28 to 49!"),
        ("latitude", json!("41"), "latitude must have 1 to 7 decimals"),
        ("longitude", json!("-60.5"), "longitude should be a number in the range of -128 to -67!"),
        ("percentage", json!("100.5"), "percentage should be a number in the range of 0 to 100!"),
        ("percentage", json!("5.555"), "percentage can have at most 2 decimals"),
        ("taxRate", json!("30"), "taxRate should be a number in the range of 0 to 29.999!"),
        ("stop", json!("3a"), "stop must contain digits only"),
        ("baseCommission", json!("-1"), "baseCommission should be a number of at least 0!"),
        ("baseCommission", json!("1.2345"), "baseCommission can have at most 3 decimals"),
        ("layoutName", json!("NOT_A_LAYOUT"), "Please select a valid option from the dropdown"),
        ("onlineDate", json!(""), "onlineDate cannot be empty"),
        ("state", json!("XX"), "Unknown state XX"),
        // §3.1: only the detail screen offers INDIANAPOLIS.
        ("timeZone", json!("INDIANAPOLIS"), "Please select a valid option from the dropdown"),
        // The form's own (§5.1): the import's defaults by state (§9) do not fill them in.
        ("latitude", json!(""), "latitude cannot be empty"),
        ("longitude", json!(""), "longitude cannot be empty"),
        ("layoutName", json!(""), "layoutName cannot be empty"),
    ];
    for (field, value, message) in cases {
        let id = unique("IT_RULE");
        let mut p = form(&id);
        p[field] = value.clone();
        let err = create(&p).await.expect_err(field);
        assert_eq!(err.to_string(), message, "{field}={value}");
        assert_eq!(err.status(), 400);
        if field != "id" {
            assert!(get(&id).await.is_none(), "{field}: rejected create wrote {id}");
        }
    }
    let mut p = form(&unique("IT_HOURS"));
    p["hours"] = json!(0);
    p["fromMon"] = json!("08:00");
    p["toMon"] = json!("17:00");
    assert_eq!(
        create(&p).await.unwrap_err().to_string(),
        "Tuesday needs a from and a to time when hours is not 24 hours"
    );
}

async fn update(input: Value) -> Result<Value, fleet_shared::ApiError> {
    gql("update_location", &admin().await, json!({ "input": input.to_string() })).await
}

#[tokio::test]
async fn updates_record_time_user_and_reason_and_enforce_detail_rules() {
    let id = unique("IT_UPD");
    create(&form(&id)).await.unwrap();
    let before = get(&id).await.unwrap();

    let updated = update(json!({ "id": id, "prod": 1, "updateReason": { "prod": "First Stocking" } })).await.unwrap();
    assert_eq!(updated["prod"], 1);
    let reasons: Value = serde_json::from_str(updated["updateReason"].as_str().unwrap()).unwrap();
    assert_eq!(reasons["prod"], "First Stocking");
    assert_eq!(updated["lastModifiedBy"], admin().await.email);
    assert!(updated["lastModified"].as_str() > before["lastModified"].as_str());

    let hours = update(json!({ "id": id, "is24Hours": false, "workHours": {
        "Monday": [["08:00","17:00"]], "Tuesday": [["08:00","17:00"]], "Wednesday": [["08:00","17:00"]],
        "Thursday": [["08:00","17:00"]], "Friday": [["08:00","17:00"]] } }))
    .await
    .unwrap();
    assert_eq!(hours["hours"], "Mon-Fri 08:00 to 17:00; ");

    let address = update(json!({ "id": id, "street": "9 Elm", "city": "Evanston", "state": "IL", "zipCode": "60201" }))
        .await
        .unwrap();
    assert_eq!((address["street"].as_str(), address["city"].as_str()), (Some("9 Elm"), Some("Evanston")));

    let cases = [
        (json!({ "id": id, "reserve": 1 }), "Reason cannot be empty"),
        (json!({ "id": id, "ip": "999.1.1.1" }), "IP Address invalid"),
        (json!({ "id": id, "ip": "" }), "IP Address invalid"),
        (json!({ "id": id, "stop": "4.5" }), "stop cannot be a decimal number"),
        (json!({ "id": id, "stop": 1001 }), "stop should be a number in the range of 0 to 1000!"),
        (json!({ "id": id, "taxRate": 31 }), "taxRate should be a number in the range of 0 to 30!"),
        (
            json!({ "id": id, "holidayScreenFridgeSpecific": 3 }),
            "holidayScreenFridgeSpecific should be a number in the range of 0 to 1!",
        ),
        (json!({ "id": id, "priceMapTemplate": "PMT_NOPE" }), "Please select a valid option from the dropdown"),
        (json!({ "id": id, "street": "x", "city": "", "state": "IL", "zipCode": "60201" }), "city cannot be empty"),
        (json!({ "id": id, "is24Hours": false, "workHours": {} }), "Time should be entered for atleast one day"),
        (json!({ "id": id, "workHours": {} }), "workHours is set with the hours editor"),
        (json!({ "id": id, "prettyName": "x" }), "prettyName cannot be edited"),
    ];
    for (input, message) in cases {
        assert_eq!(update(input.clone()).await.unwrap_err().to_string(), message, "{input}");
    }
    assert_eq!(get(&id).await.unwrap()["street"], "9 Elm", "rejected updates wrote nothing");
    let missing = update(json!({ "id": "NO_SUCH_LOCATION", "percentage": 5 })).await.unwrap_err();
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn wholesale_update_sets_route_and_stop() {
    let id = unique("IT_WH");
    let mut p = form(&id);
    p["type"] = json!("WHOLESALE");
    create(&p).await.unwrap();
    let res = gql(
        "update_wholesale_location",
        &admin().await,
        json!({ "input": { "id": id, "route": "chi-02", "stop": 7 } }),
    )
    .await
    .unwrap();
    assert_eq!((res["route"].as_str(), res["stop"].as_i64()), (Some("chi-02"), Some(7)));
    let fridge = unique("IT_FR");
    create(&form(&fridge)).await.unwrap();
    let err =
        gql("update_wholesale_location", &admin().await, json!({ "input": { "id": fridge, "route": "x", "stop": 1 } }))
            .await
            .unwrap_err();
    assert_eq!(err.to_string(), format!("Location {fridge} is not a wholesale location"));
}

#[tokio::test]
async fn lists_page_with_signed_tokens_and_refuse_tampered_ones() {
    let admin = admin().await;
    let first = gql("list_locations", &admin, json!({ "filter": { "status": "LIVE", "count": 50 } })).await.unwrap();
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 50);
    assert!(items.iter().all(|i| i["status"] == "LIVE"));
    let token = first["nextToken"].as_str().expect("more pages").to_string();
    let second =
        gql("list_locations", &admin, json!({ "filter": { "status": "LIVE", "count": 50 }, "nextToken": token }))
            .await
            .unwrap();
    let ids = |v: &Value| {
        v["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_string()).collect::<Vec<_>>()
    };
    assert!(ids(&second).iter().all(|id| !ids(&first).contains(id)), "pages overlap");
    // A filter by id reads that one location (GetItem), with no token.
    let wanted = ids(&first)[0].clone();
    let one = gql("list_locations", &admin, json!({ "filter": { "id": wanted } })).await.unwrap();
    assert_eq!((ids(&one), &one["nextToken"]), (vec![wanted], &Value::Null), "{one}");

    let (payload, sig) = token.split_once('.').unwrap();
    use base64::Engine;
    let forged = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(r#"{"id":{"S":"ZZZ"}}"#);
    for bad in [format!("{forged}.{sig}"), format!("{payload}.AAAA"), "garbage".to_string()] {
        let err = gql("list_locations", &admin, json!({ "filter": { "status": "LIVE" }, "nextToken": bad }))
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "Invalid nextToken");
    }
    let err = gql("list_locations", &admin, json!({ "nextToken": token })).await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid nextToken", "a token only resumes its own query");

    let ops = gql("ops_locations", &admin, json!({ "filter": { "type": "WHOLESALE" } })).await.unwrap();
    let ops = ops["locations"].as_array().unwrap();
    assert!(ops.len() >= 10 && ops.iter().all(|l| l["type"] == "WHOLESALE"));

    // The pars screens select only the id and type: the same locations, read without their configs.
    let args = json!({ "filter": { "type": "WHOLESALE" } });
    let lean = gql_selecting("ops_locations", &admin, args, &["locations", "locations/id", "locations/type"]);
    let lean = lean.await.unwrap();
    let lean = lean["locations"].as_array().unwrap();
    let ids = |page: &[Value]| page.iter().map(|l| l["id"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(ids(lean), ids(ops));
    assert!(lean.iter().all(|l| l["type"] == "WHOLESALE" && l["fulfillmentCenter"].is_null()));
    assert!(ops.iter().any(|l| !l["fulfillmentCenter"].is_null()), "the full read carries the configs");
}

#[tokio::test]
async fn a_token_is_scoped_to_the_stack_that_issued_it() {
    use fleet_shared::paging::{self, PagingKey, SecretSource, StackName};
    let admin = admin().await;
    let filter = json!({ "status": "LIVE", "count": 5 });
    let first = gql("list_locations", &admin, json!({ "filter": filter })).await.unwrap();
    let token = first["nextToken"].as_str().expect("more pages");
    // The stack's own secret and name (stack.env), and what the token resumes from.
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name} is set by the stack"));
    let secret = tokio::task::spawn_blocking(move || paging::SsmParameter.fetch(&var("PAGING_TOKEN_SECRET")))
        .await
        .unwrap()
        .unwrap();
    let resume = paging::decode(deps().await.config.paging_secret().unwrap(), "locations:LIVE", token).unwrap();
    let signed_by = |stack: &str| {
        let stack = StackName::new(stack).unwrap();
        paging::encode(PagingKey::new(secret.as_bytes(), &stack), "locations:LIVE", &resume)
    };
    // Signed as this stack signs, the same key resumes; signed by another stack with the same secret, it is refused.
    let ours = signed_by(&std::env::var("STACK_NAME").unwrap());
    assert!(gql("list_locations", &admin, json!({ "filter": filter, "nextToken": ours })).await.is_ok());
    let theirs = signed_by("fleet-console-staging");
    let err = gql("list_locations", &admin, json!({ "filter": filter, "nextToken": theirs })).await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid nextToken");
}

#[tokio::test]
async fn permissions_are_enforced_per_action() {
    let restricted = restricted().await;
    assert!(gql("get_location", &restricted, json!({ "id": "CHI_0001" })).await.is_ok());
    let err = gql("create_location", &restricted, json!({ "input": form(&unique("IT_DENY")).to_string() }))
        .await
        .unwrap_err();
    assert_eq!(err, fleet_shared::ApiError::Forbidden);
    let err = gql("get_planogram_names", &restricted, json!({})).await.unwrap_err();
    assert_eq!(err.to_string(), "Error! User Action Prohibited!");
}

#[tokio::test]
async fn device_addresses_are_generated_stored_and_unique() {
    let id = unique("IT_DEV");
    create(&form(&id)).await.unwrap();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..3 {
        let address = gql("generate_apriva_device_address", &admin().await, json!({ "input": { "locationId": id } }))
            .await
            .unwrap();
        let address = address.as_str().unwrap().to_string();
        assert!(address.starts_with("FC") && address.len() == 12, "{address}");
        assert!(seen.insert(address.clone()));
        assert_eq!(get(&id).await.unwrap()["aprivaDeviceAddress"], address);
    }
    let err = gql("generate_apriva_device_address", &admin().await, json!({ "input": { "locationId": "NOPE_1" } }))
        .await
        .unwrap_err();
    assert_eq!(err.status(), 404);
}

fn iso_in(seconds: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::seconds(seconds)).to_rfc3339()
}

#[tokio::test]
async fn scheduled_changes_are_listed_paired_and_deleted_together() {
    let id = unique("IT_SCH");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    let at = iso_in(3600);
    let pair = json!({ "input": [
        { "location": id, "attribute": "prod", "value": "1", "dateTime": at },
        { "location": id, "attribute": "updateReason", "value": "{\"prod\":\"First Stocking\"}", "dateTime": at },
    ]});
    let created = gql("create_schedule_change", &admin, pair.clone()).await.unwrap();
    assert_eq!(created.as_array().unwrap().len(), 2);
    gql("create_schedule_change", &admin, pair).await.unwrap(); // a retry
    let listed = gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap();
    assert_eq!(listed.as_array().unwrap().len(), 2, "a retried create does not duplicate");
    let first = &listed[0];
    assert_eq!(first["change"]["table"], "Locations");
    assert_eq!(first["version"], 1);

    let lonely = json!({ "input": [{ "location": id, "attribute": "prod", "value": "1", "dateTime": at }] });
    assert_eq!(gql("create_schedule_change", &admin, lonely).await.unwrap_err().to_string(), "Reason cannot be empty");
    let bad = json!({ "input": [{ "location": id, "attribute": "latitude", "value": "80", "dateTime": at }] });
    assert_eq!(
        gql("create_schedule_change", &admin, bad).await.unwrap_err().to_string(),
        "latitude should be a number in the range of 28 to 49!"
    );
    let past =
        json!({ "input": [{ "location": id, "attribute": "percentage", "value": "5", "dateTime": iso_in(-3600) }] });
    assert_eq!(
        gql("create_schedule_change", &admin, past).await.unwrap_err().to_string(),
        "dateTime must be in the future"
    );

    let prod = listed.as_array().unwrap().iter().find(|c| c["change"]["attribute"] == "prod").unwrap();
    let deleted = gql(
        "delete_schedule_change",
        &admin,
        json!({ "input": { "uuid": prod["uuid"], "actionTime": prod["actionTime"] } }),
    )
    .await
    .unwrap();
    assert_eq!(deleted, json!(true));
    let listed = gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap();
    assert_eq!(listed, json!([]), "the reason half went with it");
}

#[tokio::test]
async fn a_due_change_is_applied_exactly_once_even_by_racing_schedulers() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_DUE");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    let created = gql(
        "create_schedule_change",
        &admin,
        json!({ "input": [
            { "location": id, "attribute": "percentage", "value": "42", "dateTime": iso_in(1) },
        ]}),
    )
    .await
    .unwrap();
    let uuid = created[0]["uuid"].as_str().unwrap().to_string();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;

    let (a, b) = tokio::join!(run_scheduler(), run_scheduler());
    let times_applied = [&a, &b]
        .iter()
        .flat_map(|r| r["appliedChanges"].as_array().unwrap().iter())
        .filter(|u| u.as_str() == Some(uuid.as_str()))
        .count();
    assert_eq!(times_applied, 1, "{a} {b}");
    let location = get(&id).await.unwrap();
    assert_eq!(location["percentage"].as_f64(), Some(42.0));
    assert_eq!(location["lastModifiedBy"], admin.email);
    let left = gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap();
    assert_eq!(left, json!([]));
}

/// Complete Now: a change due in seconds is announced on the wake-up queue, delayed until it is due, and
/// its consumer (polled here as the local API polls it, Lambda's event source mapping on AWS) applies it
/// then, not at the scheduler's next minute. No minute run happens in this test.
#[tokio::test]
async fn a_change_due_in_seconds_applies_when_its_wake_up_arrives() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_WAKE");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    let scheduled = std::time::Instant::now();
    // Two times, so two wake-ups: a percentage and a layout (a search-type field, checked against its
    // name list) at one, a device address generated (through the address registry) at its own.
    let (at, later) = (iso_in(3), iso_in(4));
    let change = json!({ "input": [
        { "location": id, "attribute": "percentage", "value": "37", "dateTime": at },
        { "location": id, "attribute": "layoutName", "value": "\"STANDARD_6x5\"", "dateTime": at },
        { "location": id, "attribute": "aprivaDeviceAddress", "value": "\"GENERATE\"", "dateTime": later },
    ]});
    gql("create_schedule_change", &admin, change).await.unwrap();

    let sqs = fleet_front_door::queues::sqs_client().await;
    let url = std::env::var("QUEUE_URL_ScheduleWakeUpsQueue").expect("the wake-up queue in the stack");
    let (spec, wiring) = (find("apply_woken_scheduled_changes"), wiring().await);
    let mut applied_after = None;
    while scheduled.elapsed() < std::time::Duration::from_secs(20) {
        fleet_front_door::queues::poll_once(&sqs, wiring, spec, &url, 1).await.unwrap();
        let location = get(&id).await.unwrap();
        if location["percentage"].as_f64() == Some(37.0) && location["aprivaDeviceAddress"].is_string() {
            applied_after = Some(scheduled.elapsed());
            break;
        }
    }
    let after = applied_after.expect("applied by their wake-ups within 20 s");
    // Due 3 and 4 s ahead (to the second): a wake-up seen sooner would have found nothing due.
    assert!(after >= std::time::Duration::from_millis(2500), "not before they were due: {after:?}");
    let location = get(&id).await.unwrap();
    assert_eq!(location["layoutName"], "STANDARD_6x5");
    assert_eq!(location["lastModifiedBy"], admin.email, "applied as its author's change");
    let left = gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap();
    assert_eq!(left, json!([]));
}

/// A wake-up is not user input, but a bad one is parked with its reason, never retried forever or lost.
#[tokio::test]
async fn a_wake_up_it_cannot_read_is_parked_with_its_reason() {
    let tag = unique("IT_WAKE_BAD");
    let unreadable = format!("not json {tag}");
    let elsewhere = json!({ "shard": format!("PLANOGRAM_DUE_{tag}"), "due": "2027-01-01T00:00:00.000Z" }).to_string();
    let arn = "arn:aws:sqs:us-east-1:000000000000:ScheduleWakeUpsQueue";
    let records = vec![
        fleet_front_door::queues::record("w-1", "rh-1", &unreadable, arn),
        fleet_front_door::queues::record("w-2", "rh-2", &elsewhere, arn),
    ];
    let spec = find("apply_woken_scheduled_changes");
    let answer = spec.invoke(wiring().await.deps(spec), fleet_front_door::queues::event(records)).await.unwrap();
    assert_eq!(answer["batchItemFailures"], json!([]), "parked, not redelivered");

    let reasons: std::collections::BTreeMap<String, String> =
        parked("ScheduleWakeUpsDeadLetterQueue", |body| body.contains(&tag)).await.into_iter().collect();
    assert!(reasons[&unreadable].starts_with("not a wake-up: "), "{reasons:?}");
    assert_eq!(reasons[&elsewhere], format!("a wake-up for the PLANOGRAM_DUE_{tag} shard reached the DUE consumer"));
}

#[tokio::test]
async fn a_change_that_can_never_apply_is_moved_aside_with_its_reason() {
    let _turn = SCHEDULER.lock().await;
    let id = unique("IT_FAIL");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    gql(
        "create_schedule_change",
        &admin,
        json!({ "input": [
            { "location": id, "attribute": "layoutName", "value": "\"STANDARD_6x5\"", "dateTime": iso_in(1) },
        ]}),
    )
    .await
    .unwrap();
    // The location is removed before the change is due, so it cannot apply.
    let deps = deps().await;
    let t = deps.table(fleet_shared::Table::Locations).unwrap();
    t.client.delete_item().table_name(t.name).key("id", fleet_shared::store::s(&id)).send().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let result = run_scheduler().await;
    assert!(result["movedAside"].as_i64().unwrap() >= 1, "{result}");
    let left = gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap();
    assert_eq!(left.as_array().unwrap().len(), 1, "the change is kept, to be seen");
    assert_eq!(left[0]["status"], "FAILED");
    assert_eq!(left[0]["failureReason"], format!("Location {id} not found"));
    assert!(left[0]["failedAt"].is_string());
    // Retried no more: the next run does not see it.
    let again = run_scheduler().await;
    assert_eq!(again["movedAside"], 0, "{again}");
    assert_eq!(
        gql("read_schedule_change", &admin, json!({ "filter": { "id": id } })).await.unwrap()[0]["failedAt"],
        left[0]["failedAt"]
    );
    let c = &left[0];
    gql("delete_schedule_change", &admin, json!({ "input": { "uuid": c["uuid"], "actionTime": c["actionTime"] } }))
        .await
        .unwrap();
}

#[tokio::test]
async fn the_list_reads_only_what_the_caller_selected() {
    let id = unique("IT_SEL");
    create(&form(&id)).await.unwrap();
    let admin = admin().await;
    let page = |selection: Value| {
        let (admin, id) = (admin.clone(), id.clone());
        async move {
            let spec = find("list_locations");
            // Page on until the new location: a long-lived stack can hold more than one page.
            let mut next_token = Value::Null;
            loop {
                let event = json!({
                    "arguments": { "filter": { "count": 2500 }, "nextToken": next_token },
                    "identity": { "claims": { "sub": admin.sub, "cognito:username": admin.username, "email": admin.email } },
                    "info": { "fieldName": "locations", "parentTypeName": "Query", "selectionSetList": selection }
                });
                let out =
                    fleet_shared::events::handle_appsync(wiring().await.deps(spec), spec, event, "t").await.unwrap();
                if let Some(found) = out["items"].as_array().unwrap().iter().find(|l| l["id"] == json!(id)) {
                    return found.clone();
                }
                assert!(out["nextToken"].is_string(), "the new location is listed");
                next_token = out["nextToken"].clone();
            }
        }
    };
    let few = page(json!(["items", "items/id", "items/status", "items/prod", "nextToken"])).await;
    let all = page(json!([])).await;
    assert_eq!(all["prettyName"], "Test Lobby", "no selection known: every field");
    assert!(few["status"].is_string() && few["status"] == all["status"] && few["prod"] == all["prod"], "{few} {all}");
    assert!(few.get("prettyName").is_none(), "not selected, not read: {few}");
}

#[tokio::test]
async fn the_schedule_of_a_location_that_does_not_exist_is_404() {
    let missing = unique("IT_NONE");
    let (status, body) = http_at("location_schedule", Some(&admin().await), None, &[("id", &missing)]).await;
    assert_eq!((status, body["message"].as_str()), (404, Some(format!("Location {missing} not found").as_str())));
    let err = gql("read_schedule_change", &admin().await, json!({ "filter": { "id": missing } })).await.unwrap_err();
    assert_eq!(err, fleet_shared::ApiError::NotFound(format!("Location {missing} not found")));
    // A location without changes is still an empty list.
    let id = unique("IT_EMPTY");
    create(&form(&id)).await.unwrap();
    assert_eq!(
        gql("read_schedule_change", &admin().await, json!({ "filter": { "id": id } })).await.unwrap(),
        json!([])
    );
}

#[tokio::test]
async fn planogram_schedules_need_the_planogram_read_action() {
    let scheduler_only = user_with(&["GetScheduledEvents"]).await;
    let filter = json!({ "filter": { "id": "planogram#STANDARD_6x5" } });
    assert_eq!(
        gql("read_schedule_change", &scheduler_only, filter.clone()).await.unwrap_err(),
        fleet_shared::ApiError::Forbidden
    );
    let planner = user_with(&["GetScheduledEvents", "GetPlanograms"]).await;
    assert!(gql("read_schedule_change", &planner, filter).await.unwrap().is_array());
}

/// A dry-run body of `rows` rows (their cells need not be valid: the bound is on the count).
fn rows_body(rows: usize) -> String {
    let rows: Vec<Value> = (0..rows).map(|i| json!({ "row": i + 2, "values": { "id": format!("LIM_{i}") } })).collect();
    json!({ "uploadId": unique("lim").replace('_', "-"), "fileName": "limit.csv", "rows": rows }).to_string()
}

#[tokio::test]
async fn every_locations_and_routes_dry_run_takes_the_row_limit_and_refuses_one_row_more() {
    let admin = admin().await;
    for name in ["bulk_locations_dry_run", "bulk_schedule_dry_run", "route_schedule_dry_run", "driver_routes_dry_run"] {
        let (status, dry) = http(name, Some(&admin), Some(&rows_body(10_000))).await;
        assert_eq!((status, dry["summary"]["total"].as_u64()), (200, Some(10_000)), "{name}: {}", dry["message"]);
        let (status, over) = http(name, Some(&admin), Some(&rows_body(10_001))).await;
        assert_eq!(
            (status, over["message"].as_str()),
            (400, Some("rows must hold between 1 and 10000 entries")),
            "{name}"
        );
    }
    // The byte bound of a whole file: 5 MB.
    let rows: Vec<Value> = (0..600).map(|i| json!({ "row": i + 2, "values": { "id": "x".repeat(9_000) } })).collect();
    let big = json!({ "uploadId": "lim-bytes", "fileName": "big.csv", "rows": rows }).to_string();
    assert!(big.len() > 5 * 1024 * 1024);
    let (status, body) = http("bulk_locations_dry_run", Some(&admin), Some(&big)).await;
    assert_eq!((status, body["message"].as_str()), (413, Some("Request too large: at most 5120 kB")));
}

#[tokio::test]
async fn writes_list_their_fulfillment_center_and_the_list_leaves_out_does_not_exist() {
    let centers = || async { gql("fulfillment_centers", &admin().await, json!({})).await.unwrap() };
    let (first, second) = (unique("FC One"), unique("FC Two"));
    let id = unique("IT_FC");
    let mut f = form(&id);
    f["fulfillmentCenter"] = json!(first);
    create(&f).await.unwrap();
    let listed = centers().await;
    assert!(listed.as_array().unwrap().iter().any(|c| c == first.as_str()), "created: {listed}");

    // Operations fields are not edited on the detail page; a second location lists its own.
    assert!(update(json!({ "id": id, "fulfillmentCenter": second })).await.is_err());
    let mut other = form(&unique("IT_FC"));
    other["fulfillmentCenter"] = json!(second);
    create(&other).await.unwrap();
    let listed = centers().await;
    assert!(listed.as_array().unwrap().iter().any(|c| c == second.as_str()), "second: {listed}");

    let mut none = form(&unique("IT_FC"));
    none["fulfillmentCenter"] = json!("Does Not Exist");
    create(&none).await.unwrap();
    assert!(!centers().await.as_array().unwrap().iter().any(|c| c == "Does Not Exist"));
    let err = gql("fulfillment_centers", &restricted().await, json!({})).await.unwrap_err();
    assert_eq!(err, fleet_shared::ApiError::Forbidden);
}

/// The count the snapshot's answer gave (`at`) against the `listed` length of the object its URL served. Other
/// tests create locations meanwhile, and each amends the object between the answer's HeadObject and the GET: an
/// amend only adds, so the object holds at least the answer's count and at most the count of an answer asked after.
async fn assert_counted_between(at: &Value, listed: usize, admin: &fleet_shared::Caller) {
    let after = gql("ops_locations_snapshot", admin, json!({})).await.unwrap();
    let (before, after) = (at["fridges"].as_i64().unwrap(), after["fridges"].as_i64().unwrap());
    assert!((before..=after).contains(&(listed as i64)), "{listed} listed, counted {before} then {after}");
}

/// The pars screens' ops locations in one request: the snapshot the schedule keeps lists every location's id
/// and type, a new one included once it is rebuilt, as the paged `opsLocations` does.
#[tokio::test]
async fn the_ops_locations_snapshot_lists_every_location_as_ops_locations_does() {
    use fleet_shared::snapshot::Kind;
    let id = unique("IT_OPS_SNAP");
    create(&form(&id)).await.unwrap();
    deps().await.forget_snapshot(Kind::OpsLocations).await.unwrap();
    let admin = admin().await;
    let none = gql("ops_locations_snapshot", &admin, json!({})).await.unwrap();
    assert_eq!((&none["url"], none["fridges"].as_i64()), (&Value::Null, Some(0)), "none until the first rebuild");

    // Read before the rebuild (other tests add locations meanwhile): all of these are in the next snapshot.
    let before = gql("ops_locations", &admin, json!({ "filter": { "type": "WHOLESALE" } })).await.unwrap();
    let rebuild = find("rebuild_ops_locations_snapshot");
    let rebuilt = rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap();
    assert_eq!(rebuilt["rebuilt"], true, "{rebuilt}");
    let at = gql("ops_locations_snapshot", &admin, json!({})).await.unwrap();
    let (encoding, body) = fetch_snapshot(at["url"].as_str().expect("a snapshot").to_string()).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    assert_eq!(body["asOf"], at["asOf"]);
    let listed = body["locations"].as_array().unwrap();
    assert_counted_between(&at, listed.len(), &admin).await;
    let ids: Vec<&str> = listed.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted by id, each once");
    assert!(listed.contains(&json!({ "id": id, "type": "FRIDGE" })), "the new location, with its type");

    // Every location the paged query answered before the rebuild is listed with the same type.
    for location in before["locations"].as_array().unwrap() {
        let entry = json!({ "id": location["id"], "type": "WHOLESALE" });
        assert!(listed.contains(&entry), "{entry} is in the snapshot");
    }

    // A location added since is listed at once, not a minute later: the form's, the REST call's and a bulk
    // import's writes amend the snapshot.
    let (form_id, rest_id, bulk_id) = (unique("IT_OPS_FORM"), unique("IT_OPS_REST"), unique("IT_OPS_BULK"));
    create(&form(&form_id)).await.unwrap();
    let (status, out) = http("add_location", Some(&admin), Some(&form(&rest_id).to_string())).await;
    assert_eq!(status, 200, "{out}");
    let crm = json!({ "POS_NAME__c": bulk_id, "Fridge_State__c": "IL", "Fridge_City__c": "Chicago",
        "Fridge_Street__c": "100 N Wacker Dr", "Fridge_Zipcode__c": "60606", "Sales_Tax_Rate__c": "2.25%",
        "Vertical__c": "Business & Industry", "Consumer_Friendly_Location__c": "Lobby",
        "Consumer_Friendly_NAme__c": "Wacker Lobby", "Access_Type__c": "PUBLIC", "Stocking_Date__c": "2/2/2026",
        "MALongitude__c": "-87.6369", "MALatitude__c": "41.8837", "Business_Hours__c": "24 Hours" });
    let upload = json!({ "uploadId": format!("u-{}", unique("ops").replace('_', "-")), "fileName": "crm.csv",
        "rows": [{ "row": 2, "values": crm }] });
    let (status, out) = http("bulk_locations_commit", Some(&admin), Some(&upload.to_string())).await;
    assert_eq!((status, out["results"][0]["status"].as_str()), (200, Some("written")), "{out}");
    let at = gql("ops_locations_snapshot", &admin, json!({})).await.unwrap();
    let (_, body) = fetch_snapshot(at["url"].as_str().unwrap().to_string()).await;
    let listed = body["locations"].as_array().unwrap();
    for added in [&form_id, &rest_id, &bulk_id] {
        assert!(listed.contains(&json!({ "id": added, "type": "FRIDGE" })), "{added} is listed at once");
    }
    assert_counted_between(&at, listed.len(), &admin).await;

    // The schedule keeps a young snapshot rather than scanning again.
    let kept = rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap();
    assert_eq!(kept["rebuilt"], false, "{kept}");
    let refused = gql("ops_locations_snapshot", &user_with(&["GetPars"]).await, json!({})).await.unwrap_err();
    assert_eq!(refused.status(), 403);
}
