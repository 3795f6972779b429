//! Who drives which route (issue 38) over the wire: the office sets a route's
//! driver (assignRouteDriver, the CSV upload), a driver's first stop action on
//! an unassigned route claims it, and stop actions on someone else's route are
//! refused, every change in the route's history.
use crate::common;
use common::*;
use fleet_shared::entity::route_stop::{self, StoredStop};
use fleet_shared::{Caller, Table};
use serde_json::{json, Value};

const DRIVER: &[&str] = &["VanTasks", "FridgeTasks", "RecordTemperature"];

fn today() -> String {
    fn_stocking::window::stocking_day(chrono::Utc::now()).to_string()
}

fn action(kind: &str, location: &str, data: Value, request: &str) -> Value {
    json!({ "input": { "eventType": kind, "locationId": location, "data": data.to_string(), "requestId": request,
                       "occurredAt": fleet_shared::fridge_time::now_text() } })
}

async fn assign(
    office: &Caller,
    date: &str,
    route: &str,
    email: Option<&str>,
    expected: u64,
    request: &str,
) -> Result<Value, fleet_shared::ApiError> {
    let input = json!({ "stockingDate": date, "route": route, "driverEmail": email, "expectedVersion": expected, "requestId": request });
    gql("assign_route_driver", office, json!({ "input": input })).await
}

async fn drivers(date: &str) -> Vec<Value> {
    let out = gql("route_assignments", &admin().await, json!({ "stockingDate": date })).await.unwrap();
    out.as_array().unwrap().clone()
}

async fn stocked_time(date: &str, route: &str) -> Option<String> {
    let t = deps().await.table(Table::LocationRoutes).unwrap();
    let stops: Vec<StoredStop> =
        fleet_shared::route_store::stops_of_route(&t, date, route).consistent().all().await.unwrap();
    stops[0].stocked_time_utc.clone()
}

#[tokio::test]
async fn a_first_stop_action_claims_the_route_and_binds_its_stops_to_that_driver() {
    settle_stocking_day().await;
    let (date, route, location) = (today(), unique("rt").to_lowercase(), unique("ASG"));
    put_stop(&date, &location, (&route, 1), "MW", None).await;
    fn_stocking_location(&location).await;
    let (first, second) = (user_with(DRIVER).await, user_with(DRIVER).await);

    let scanned =
        action("PackingSlipQuery", &location, json!({ "packingSlipId": "s1", "stockingIndex": 1 }), &unique("r"));
    gql("create_driver_action", &first, scanned).await.unwrap();
    let claimed: Vec<Value> = drivers(&date).await.into_iter().filter(|d| d["route"] == json!(route)).collect();
    assert_eq!(
        (claimed[0]["driverSub"].as_str(), claimed[0]["source"].as_str()),
        (Some(first.sub.as_str()), Some("claim"))
    );

    // Someone else's LocationStocked at that stop is refused, and the stop stays unstocked.
    let stocked = action("LocationStocked", &location, json!({ "stockingIndex": 1 }), &unique("r"));
    let refused = gql("create_driver_action", &second, stocked.clone()).await.unwrap_err();
    assert_eq!(refused.status(), 403);
    assert!(refused.to_string().contains(&format!("route {route} is assigned to {}", first.email)), "{refused}");
    assert_eq!(stocked_time(&date, &route).await, None, "no false LocationStocked");

    // A supervisor may act on any route; the driver's own LocationStocked lands.
    let supervisor = user_with(&[DRIVER, &[fleet_shared::assignment::SUPERVISOR_ACTION]].concat()).await;
    let by_supervisor = action("DropOffComplete", &location, json!({ "stockingIndex": 1 }), &unique("r"));
    gql("create_driver_action", &supervisor, by_supervisor).await.unwrap();
    gql("create_driver_action", &first, stocked).await.unwrap();
    assert!(stocked_time(&date, &route).await.is_some());

    // No stop at that location today: refused with the reason.
    let elsewhere = unique("ASG");
    fn_stocking_location(&elsewhere).await;
    let nowhere = action("LocationStocked", &elsewhere, json!({ "stockingIndex": 1 }), &unique("r"));
    let refused = gql("create_driver_action", &first, nowhere).await.unwrap_err();
    assert_eq!(refused.to_string(), format!("{elsewhere} has no stop (stocking index 1) on the routes of {date}."));
}

/// A FRIDGE location of the test's own.
async fn fn_stocking_location(id: &str) {
    let t = deps().await.table(Table::Locations).unwrap();
    t.client
        .put_item()
        .table_name(t.name)
        .item("id", fleet_shared::store::s(id))
        .item("type", fleet_shared::store::s("FRIDGE"))
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn the_office_reassigns_a_route_with_the_version_it_read_and_the_history_shows_each_change() {
    let (date, route) = (own_date(), unique("rt").to_lowercase());
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION, "ViewRoutes"]).await;
    let (admin_email, restricted_email) = (admin().await.email, restricted().await.email);
    // A view-only user cannot drive (issue 59).
    let refused = assign(&office, &date, &route, Some(&restricted_email), 0, &unique("q")).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (400, format!("{restricted_email} cannot drive a route: they do not hold the driver's actions (FridgeTasks, VanTasks)."))
    );
    let driver = demo_driver(6).await;
    let restricted_email = driver.email.clone();
    let set = assign(&office, &date, &route, Some(&restricted_email), 0, &unique("q")).await.unwrap();
    assert_eq!((set["driverSub"].as_str(), set["version"].as_i64()), (Some(driver.sub.as_str()), Some(1)));
    let stale = assign(&office, &date, &route, Some(&admin_email), 0, &unique("q")).await.unwrap_err();
    assert_eq!(stale.status(), 409, "someone changed it since version 0 was read");
    let request = unique("q");
    let moved = assign(&office, &date, &route, Some(&admin_email), 1, &request).await.unwrap();
    assert_eq!(moved["version"], 2);
    assert_eq!(
        assign(&office, &date, &route, Some(&admin_email), 1, &request).await.unwrap(),
        moved,
        "a retry replays"
    );
    let unknown = assign(&office, &date, &route, Some("nobody@fleet.test"), 2, &unique("q")).await.unwrap_err();
    assert_eq!(unknown.to_string(), "No user has the e-mail nobody@fleet.test");
    assert_eq!(assign(&office, &date, &route, None, 2, &unique("q")).await.unwrap(), Value::Null);
    assert!(drivers(&date).await.iter().all(|d| d["route"] != json!(route)));

    let history = gql("route_driver_history", &office, json!({ "stockingDate": date, "route": route })).await.unwrap();
    let moves: Vec<(String, String)> = history["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["changes"][0]["oldValue"].as_str().unwrap().to_string(),
                r["changes"][0]["newValue"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(moves.len(), 3, "newest first: cleared, moved, set");
    assert_eq!(moves[2], ("null".to_string(), format!("\"{restricted_email}\"")));
    assert_eq!(moves[0], (format!("\"{admin_email}\""), "null".to_string()));
    assert!(history["items"].as_array().unwrap().iter().all(|r| r["who"] == json!(office.email)));

    // Without AssignRoutes nobody changes a driver.
    let viewer = user_with(&["ViewRoutes"]).await;
    let refused = gql(
        "assign_route_driver",
        &viewer,
        json!({ "input": { "stockingDate": date, "route": route,
        "driverEmail": admin_email, "expectedVersion": 0, "requestId": "x" } }),
    )
    .await;
    assert_eq!(refused.unwrap_err().status(), 403);
}

#[tokio::test]
async fn a_supervisor_reads_the_routes_and_their_drivers_but_saves_nothing() {
    let (date, route) = (own_date(), unique("rt").to_lowercase());
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION, "ViewRoutes"]).await;
    let driver = demo_driver(5).await;
    assign(&office, &date, &route, Some(&driver.email), 0, &unique("q")).await.unwrap();
    // Supervisors handle the "Fridge needs the driver" items (issue 61): View Routes, read only.
    let supervisor = user_with(&["SuperviseStocking"]).await;
    let read = gql("route_assignments", &supervisor, json!({ "stockingDate": date })).await.unwrap();
    assert!(read
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["route"] == json!(route) && d["driverEmail"] == json!(driver.email)));
    let history = gql("route_driver_history", &supervisor, json!({ "stockingDate": date, "route": route })).await;
    assert_eq!(history.unwrap()["items"].as_array().unwrap().len(), 1);
    gql("location_routes", &supervisor, json!({ "stockingDate": date })).await.unwrap();
    gql("route_settings", &supervisor, json!({})).await.unwrap();
    let saved = assign(&supervisor, &date, &route, None, 1, &unique("q")).await.unwrap_err();
    assert_eq!(saved.status(), 403, "saving still needs AssignRoutes");
    // Neither action: refused, as before.
    let neither = user_with(&["GetCheckPointStatus"]).await;
    let refused = gql("route_assignments", &neither, json!({ "stockingDate": date })).await.unwrap_err();
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn a_supervisor_reads_the_health_and_commands_of_the_days_fridges_only() {
    settle_stocking_day().await;
    let (route, on_day, off_day) = (unique("rt").to_lowercase(), unique("SUPH"), unique("SUPH"));
    put_stop(&today(), &on_day, (&route, 1), "MW", None).await;
    fn_stocking_location(&on_day).await;
    fn_stocking_location(&off_day).await;
    let supervisor = user_with(&["SuperviseStocking"]).await;
    let health = |id: &str| json!({ "filter": { "locationIds": [id] } });
    let commands = |id: &str| json!({ "id": id });
    let temperatures = |id: &str| json!({ "location": id });

    // A stop of the current stocking day: its health page's reads answer.
    gql("fridge_health", &supervisor, health(&on_day)).await.expect("the day's fridge's health");
    gql("read_queue_messages", &supervisor, commands(&on_day)).await.expect("its commands");
    gql("fridge_temperatures", &supervisor, temperatures(&on_day)).await.expect("its temperatures");
    gql("subscribe_command_changes", &supervisor, json!({ "locationId": on_day })).await.expect("its commands, live");
    // A fridge that is no stop today: refused, as for anyone without GetFridgeHealth.
    for (field, args) in [
        ("fridge_health", health(&off_day)),
        ("fridge_health", json!({ "filter": { "locationIds": [on_day, off_day] } })),
        ("read_queue_messages", commands(&off_day)),
        ("fridge_temperatures", temperatures(&off_day)),
        ("subscribe_command_changes", json!({ "locationId": off_day })),
    ] {
        assert_eq!(gql(field, &supervisor, args).await.unwrap_err(), fleet_shared::ApiError::Forbidden, "{field}");
    }
    // Sending a command still needs its own action.
    let command = json!({ "location": on_day, "requestId": unique("c"),
        "message": { "messageType": "Resource", "payload": { "resource": "ServiceRestart", "operation": "DisplayServices" } } });
    assert_eq!(gql("create_queue_message", &supervisor, command).await.unwrap_err().status(), 403);
    // GetFridgeHealth reads any fridge, as before.
    let reader = user_with(&["GetFridgeHealth"]).await;
    gql("fridge_health", &reader, health(&off_day)).await.expect("any fridge");
}

#[tokio::test]
async fn a_csv_of_date_route_and_driver_email_is_dry_run_then_committed() {
    let date = own_date();
    let (r1, r2) = (unique("rt").to_lowercase(), unique("rt").to_lowercase());
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION]).await;
    let (viewer, restricted_email) = (restricted().await.email, demo_driver(6).await.email);
    let rows = json!([
        { "row": 2, "values": { "date": date, "route": r1, "driverEmail": restricted_email } },
        { "row": 3, "values": { "date": date, "route": r2, "driverEmail": "ghost@fleet.test" } },
        { "row": 4, "values": { "date": date, "route": r2, "driverEmail": viewer } },
    ]);
    let body =
        json!({ "uploadId": uuid::Uuid::new_v4().to_string(), "fileName": "drivers.csv", "rows": rows }).to_string();
    let (status, dry) = http("route_drivers_dry_run", Some(&office), Some(&body)).await;
    assert_eq!(status, 200, "{dry}");
    assert_eq!((dry["rows"][0]["status"].as_str(), dry["rows"][1]["status"].as_str()), (Some("new"), Some("invalid")));
    assert_eq!(dry["rows"][1]["messages"][0], "No user has the e-mail ghost@fleet.test");
    assert_eq!(
        dry["rows"][2]["messages"][0],
        json!(format!("{viewer} cannot drive a route: they do not hold the driver's actions (FridgeTasks, VanTasks)."))
    );
    assert!(drivers(&date).await.is_empty(), "a dry run writes nothing");

    let good =
        json!({ "uploadId": uuid::Uuid::new_v4().to_string(), "fileName": "drivers.csv", "rows": [rows[0].clone()] })
            .to_string();
    let (status, committed) = http("route_drivers_commit", Some(&office), Some(&good)).await;
    assert_eq!(status, 200, "{committed}");
    let set = drivers(&date).await;
    assert_eq!(
        (set.len(), set[0]["route"].as_str(), set[0]["source"].as_str()),
        (1, Some(r1.as_str()), Some("upload"))
    );
    assert_eq!(set[0]["driverEmail"], json!(restricted_email));
}

/// The driver log rows of a request id at a fridge today (Central day).
async fn log_rows(fridge: &str, request_id: &str) -> Vec<fleet_shared::driver_log::LogEntry> {
    let day = chrono::Utc::now().with_timezone(&fleet_shared::fridge_time::CENTRAL.tz).date_naive().to_string();
    let t = deps().await.table(Table::DriverLog).unwrap();
    let rows: Vec<fleet_shared::driver_log::LogEntry> =
        t.query("pk", fleet_shared::shard::key(&day, fridge)).consistent().all().await.unwrap();
    rows.into_iter().filter(|r| r.request_id == request_id).collect()
}

#[tokio::test]
async fn only_a_call_past_the_gate_is_written_to_the_driver_log() {
    settle_stocking_day().await;
    let (date, route, location) = (today(), unique("rt").to_lowercase(), unique("ASG"));
    put_stop(&date, &location, (&route, 1), "MW", None).await;
    fn_stocking_location(&location).await;
    let request = unique("r");
    let nobody = user_with(&[]).await;
    let args = action("LocationStocked", &location, json!({ "stockingIndex": 1 }), &request);
    assert_eq!(gql("create_driver_action", &nobody, args.clone()).await.unwrap_err().status(), 403);
    assert!(log_rows(&location, &request).await.is_empty(), "a caller without the action writes no log row");

    let driver = user_with(DRIVER).await;
    gql("create_driver_action", &driver, args).await.unwrap();
    let kinds: Vec<String> = log_rows(&location, &request).await.into_iter().map(|r| r.kind).collect();
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    assert!(kinds.contains(&"request".to_string()) && kinds.contains(&"response".to_string()));

    // A driver's call refused by its data is an error row the office sees (issue 59).
    let hot_request = unique("r");
    let hot = action("LocationStocked", &location, json!({ "stockingIndex": 1, "temperature": 500 }), &hot_request);
    let refused = gql("create_driver_action", &driver, hot).await.unwrap_err();
    assert_eq!(refused.status(), 400);
    let rows = log_rows(&location, &hot_request).await;
    let error = rows.iter().find(|r| r.kind == "error").expect("an error row");
    assert_eq!(
        (error.operation.as_str(), error.message.as_deref()),
        ("LocationStocked", Some(refused.to_string().as_str()))
    );
    assert!(rows.iter().any(|r| r.kind == "request"));
    // An unknown type from a driver: logged as "unknown"; from a caller without a driver action: nothing.
    let odd_request = unique("r");
    let odd = action("Teleported", &location, json!({}), &odd_request);
    assert_eq!(gql("create_driver_action", &driver, odd.clone()).await.unwrap_err().status(), 400);
    let rows = log_rows(&location, &odd_request).await;
    assert!(rows.iter().any(|r| r.kind == "error" && r.operation == "unknown"), "{rows:?}");
    let viewer = user_with(&["ViewRoutes"]).await;
    let strange = unique("r");
    let _ = gql("create_driver_action", &viewer, action("Teleported", &location, json!({}), &strange)).await;
    assert!(log_rows(&location, &strange).await.is_empty());
}

#[tokio::test]
async fn a_fridge_door_opens_only_for_the_driver_of_that_stop_today() {
    settle_stocking_day().await;
    let (date, route, location) = (today(), unique("rt").to_lowercase(), unique("DOOR"));
    put_stop(&date, &location, (&route, 1), "MW", None).await;
    fn_stocking_location(&location).await;
    let door = [DRIVER, &[fleet_shared::assignment::UNLOCK_ACTION]].concat();
    let (driver, other) = (user_with(&door).await, user_with(&door).await);
    let unlock = |at: &str| json!({ "input": { "locationId": at, "task": "UnlockDoor", "requestId": unique("t") } });

    // Any driver at any fridge was sent the door command (issue 38): now only at their own stop today.
    let elsewhere = unique("DOOR");
    fn_stocking_location(&elsewhere).await;
    let refused = gql("run_fridge_task", &driver, unlock(&elsewhere)).await.unwrap_err();
    assert_eq!(refused.to_string(), format!("{elsewhere} has no stop on the routes of {date}."));

    // A door call claims no route (issue 59): the driver's scan does.
    let scanned =
        action("PackingSlipQuery", &location, json!({ "packingSlipId": "s1", "stockingIndex": 1 }), &unique("r"));
    gql("create_driver_action", &driver, scanned).await.unwrap();
    let sent = gql("run_fridge_task", &driver, unlock(&location)).await.unwrap();
    assert_eq!(sent["operation"], "UnlockDoor");
    let refused = gql("run_fridge_task", &other, unlock(&location)).await.unwrap_err();
    assert_eq!(refused.status(), 403);
    assert!(refused.to_string().contains(&format!("assigned to {}", driver.email)), "{refused}");

    // FridgeTasks alone does not open a door.
    let counter = user_with(DRIVER).await;
    let without_the_door_action = gql("run_fridge_task", &counter, unlock(&location)).await.unwrap_err();
    assert_eq!(without_the_door_action, fleet_shared::ApiError::Forbidden);

    // Stocked by its driver 31 minutes ago: the door stays shut, even for them.
    let t = deps().await.table(Table::LocationRoutes).unwrap();
    let stocked = fleet_shared::fridge_time::stamp(chrono::Utc::now() - chrono::Duration::minutes(31));
    t.client
        .update_item()
        .table_name(t.name)
        .set_key(Some(fleet_shared::route_store::stop_key(&date, &route_stop::sort_key(&route, 1))))
        .update_expression("SET stockedTimeUTC = :t, stockedBy = :by")
        .expression_attribute_values(":t", fleet_shared::store::s(&stocked))
        .expression_attribute_values(":by", fleet_shared::store::s(&driver.sub))
        .send()
        .await
        .unwrap();
    let shut = gql("run_fridge_task", &driver, unlock(&location)).await.unwrap_err();
    assert!(shut.to_string().contains("stocked more than 30 minutes ago"), "{shut}");
}

/// The permissions table's `byAction` index (issue 59): a stack provisioned before the index was in
/// the template lacks it, so it is added here once (the emulator indexes the items already there).
async fn by_action_index() {
    use aws_sdk_dynamodb::types::{
        AttributeDefinition, CreateGlobalSecondaryIndexAction, GlobalSecondaryIndexUpdate, KeySchemaElement, KeyType,
        Projection, ProjectionType, ScalarAttributeType,
    };
    static ADDED: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    ADDED
        .get_or_init(|| async {
            let t = deps().await.table(Table::Permissions).unwrap();
            let has = |out: aws_sdk_dynamodb::operation::describe_table::DescribeTableOutput| {
                out.table().is_some_and(|d| {
                    d.global_secondary_indexes()
                        .iter()
                        .any(|i| i.index_name() == Some(fn_routes::assignments::BY_ACTION))
                })
            };
            if has(t.client.describe_table().table_name(t.name).send().await.unwrap()) {
                return;
            }
            let key = |name: &str, kind: KeyType| {
                KeySchemaElement::builder().attribute_name(name).key_type(kind).build().unwrap()
            };
            let string = |name: &str| {
                AttributeDefinition::builder()
                    .attribute_name(name)
                    .attribute_type(ScalarAttributeType::S)
                    .build()
                    .unwrap()
            };
            let create = CreateGlobalSecondaryIndexAction::builder()
                .index_name(fn_routes::assignments::BY_ACTION)
                .key_schema(key("action", KeyType::Hash))
                .key_schema(key("user", KeyType::Range))
                .projection(Projection::builder().projection_type(ProjectionType::KeysOnly).build())
                .build()
                .unwrap();
            let added = t
                .client
                .update_table()
                .table_name(t.name)
                .attribute_definitions(string("user"))
                .attribute_definitions(string("action"))
                .global_secondary_index_updates(GlobalSecondaryIndexUpdate::builder().create(create).build())
                .send()
                .await;
            // Another test process may have added it meanwhile.
            if let Err(e) = added {
                assert!(
                    has(t.client.describe_table().table_name(t.name).send().await.unwrap()),
                    "adding byAction: {e:?}"
                );
            }
        })
        .await;
}

#[tokio::test]
async fn the_driver_choices_are_the_users_who_hold_both_driver_actions_by_name() {
    by_action_index().await;
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION]).await;
    let (driver, restricted) = (demo_driver(1).await, restricted().await);
    // Granted both driver's actions, but not a user of the pool.
    let outside_the_pool = user_with(&fn_routes::assignments::DRIVER_ACTIONS).await;
    let choices = gql("route_driver_choices", &office, json!({})).await.unwrap();
    let choices = choices.as_array().unwrap();
    let of = |email: &str| choices.iter().find(|c| c["email"].as_str().is_some_and(|e| e.eq_ignore_ascii_case(email)));
    let listed = of(&driver.email).unwrap_or_else(|| panic!("{} missing from {choices:?}", driver.email));
    assert_eq!(listed["sub"], json!(driver.sub));
    assert!(listed["name"].as_str().is_some_and(|n| !n.is_empty()), "the demo driver's name: {listed}");
    assert!(of(&restricted.email).is_none(), "a view-only user is not offered: {choices:?}");
    // A user granted both actions but not in the user pool is not offered either. (Another test's pool user
    // holding every action, as grant_admin's is, may be: so this names its own user, not a domain.)
    assert!(of(&outside_the_pool.email).is_none(), "{choices:?}");

    // Only an assigner asks for them.
    let viewer = user_with(&["ViewRoutes"]).await;
    assert_eq!(gql("route_driver_choices", &viewer, json!({})).await.unwrap_err().status(), 403);
}

#[tokio::test]
async fn a_csv_naming_more_than_200_distinct_emails_is_refused_and_200_are_read_at_once() {
    let date = own_date();
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION]).await;
    let driver = demo_driver(1).await;
    let file = |count: usize| {
        let mut rows: Vec<Value> = (1..count)
            .map(|i| json!({ "row": i + 1, "values": { "date": date, "route": format!("rt{i}"), "driverEmail": format!("nobody{i}@fleet.test") } }))
            .collect();
        // The demo driver, as the file spells it.
        rows.push(json!({ "row": count + 1, "values": { "date": date, "route": "rt0", "driverEmail": driver.email.to_uppercase() } }));
        json!({ "uploadId": uuid::Uuid::new_v4().to_string(), "fileName": "drivers.csv", "rows": rows }).to_string()
    };
    for name in ["route_drivers_dry_run", "route_drivers_commit"] {
        let (status, refused) = http(name, Some(&office), Some(&file(201))).await;
        assert_eq!(
            (status, refused["message"].as_str()),
            (400, Some("A file can name at most 200 distinct driver e-mails; this one names 201.")),
            "{name}: {refused}"
        );
    }
    let (status, dry) = http("route_drivers_dry_run", Some(&office), Some(&file(200))).await;
    assert_eq!(status, 200, "{dry}");
    let rows = dry["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 200);
    assert_eq!(rows[0]["messages"][0], "No user has the e-mail nobody1@fleet.test");
    assert_eq!(rows[199]["status"], "new", "the driver, found whatever the case: {}", rows[199]);
}
