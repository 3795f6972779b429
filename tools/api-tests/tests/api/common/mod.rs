//! One harness for every integration test: the emulator the test script
//! started (its settings in the environment, from .local/stack.env), the
//! demo users, and calls through the same adapters Lambda uses.
#![allow(dead_code)]
use fleet_front_door::wiring::Wiring;
use fleet_shared::{events, Caller, Deps, FunctionSpec, Needs};
use serde_json::{json, Value};
use std::sync::OnceLock;
use tokio::sync::OnceCell;

pub fn find(name: &str) -> &'static FunctionSpec {
    fleet_functions::all().find(|f| f.name == name).unwrap_or_else(|| panic!("no function {name}"))
}

static DEPS: OnceCell<&'static Deps> = OnceCell::const_new();
static WIRING: OnceCell<&'static Wiring> = OnceCell::const_new();

fn need_emulator() {
    assert!(
        std::env::var("AWS_ENDPOINT_URL").is_ok(),
        "integration tests need the emulator: run scripts/test.sh (or source .local/stack.env)"
    );
}

/// Every table and client: for a test's own setup and checks.
pub async fn deps() -> &'static Deps {
    *DEPS
        .get_or_init(|| async {
            need_emulator();
            Deps::from_env(&Needs::all()).await.expect("stack configuration in the environment")
        })
        .await
}

/// Each function's own configuration and clients, as on AWS: a handler
/// using a table it did not declare fails here.
pub async fn wiring() -> &'static Wiring {
    *WIRING
        .get_or_init(|| async {
            need_emulator();
            Wiring::from_env().await.expect("stack configuration in the environment")
        })
        .await
}

pub async fn user(email_var: &str) -> Caller {
    let email = std::env::var(email_var).unwrap_or_else(|_| panic!("{email_var} is set by the stack"));
    user_of(email).await
}

/// A demo driver (the seed makes driver1..6@fleet.local, holding the driver's actions).
pub async fn demo_driver(n: u8) -> Caller {
    user_of(format!("driver{n}@fleet.local")).await
}

async fn user_of(email: String) -> Caller {
    let d = deps().await;
    let out = d
        .cognito()
        .unwrap()
        .list_users()
        .user_pool_id(d.config.user_pool_id().unwrap())
        .filter(format!("email = \"{email}\""))
        .send()
        .await
        .expect("list users");
    let sub =
        out.users()[0].attributes().iter().find(|a| a.name() == "sub").and_then(|a| a.value()).unwrap().to_string();
    Caller { sub: sub.clone(), username: sub, email, email_verified: true, name: None }
}

pub async fn admin() -> Caller {
    user("DEMO_ADMIN_EMAIL").await
}

pub async fn restricted() -> Caller {
    user("DEMO_RESTRICTED_EMAIL").await
}

/// The local API's state as `fleet-local serve` builds it: the wiring, the schema, the pool's keys,
/// and the stack's signing key (the publishers' SigV4 calls).
#[allow(dead_code)]
pub async fn local_api_state() -> std::sync::Arc<fleet_front_door::server::AppState> {
    use fleet_front_door::{auth::Verifier, graphql, server, sigv4};
    let sdl = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/schema.graphql")).unwrap();
    let var = |k: &str| std::env::var(k).unwrap();
    let verifier = tokio::task::spawn_blocking(move || {
        Verifier::fetch(&var("JWKS_URL"), &var("TOKEN_ISSUER"), &var("USER_POOL_CLIENT_ID"))
    })
    .await
    .unwrap()
    .unwrap();
    std::sync::Arc::new(server::AppState {
        wiring: wiring().await,
        schema: graphql::load_schema(&sdl).unwrap(),
        verifier,
        hub: Default::default(),
        signing_key: sigv4::Key::from_env(),
    })
}

/// A unique suffix so tests never collide with each other or the demo data.
/// A demo user's tokens, signed in as the web app signs in (USER_PASSWORD_AUTH on the stack's client):
/// `(id token, access token)`. `email_var` names the variable holding the user's e-mail.
pub async fn sign_in(email_var: &str) -> (String, String) {
    let out = deps()
        .await
        .cognito()
        .unwrap()
        .initiate_auth()
        .client_id(std::env::var("USER_POOL_CLIENT_ID").unwrap())
        .auth_flow(aws_sdk_cognitoidentityprovider::types::AuthFlowType::UserPasswordAuth)
        .auth_parameters("USERNAME", std::env::var(email_var).unwrap())
        .auth_parameters("PASSWORD", std::env::var("DEMO_PASSWORD").unwrap())
        .send()
        .await
        .unwrap();
    let result = out.authentication_result().unwrap();
    (result.id_token().unwrap().to_string(), result.access_token().unwrap().to_string())
}

pub fn unique(prefix: &str) -> String {
    static N: OnceLock<std::sync::atomic::AtomicU32> = OnceLock::new();
    let n = N.get_or_init(Default::default).fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    format!("{prefix}_{}_{n}", chrono::Utc::now().format("%H%M%S%f"))
}

/// Calls a function with an AppSync direct-resolver event.
pub async fn gql(name: &str, caller: &Caller, arguments: Value) -> Result<Value, fleet_shared::ApiError> {
    gql_selecting(name, caller, arguments, &[]).await
}

/// As `gql`, with the sub-fields the call selects as AppSync lists them (`items/id`); none: unknown.
pub async fn gql_selecting(
    name: &str,
    caller: &Caller,
    arguments: Value,
    selection: &[&str],
) -> Result<Value, fleet_shared::ApiError> {
    let event = json!({
        "arguments": arguments,
        "identity": { "claims": { "sub": caller.sub, "cognito:username": caller.username, "email": caller.email, "email_verified": caller.email_verified, "name": caller.name } },
        "info": { "fieldName": name, "parentTypeName": "Query", "selectionSetList": selection }
    });
    let spec = find(name);
    events::handle_appsync(wiring().await.deps(spec), spec, event, "test").await
}

/// A valid create-form payload for a new location `id`.
#[allow(dead_code)]
pub fn form(id: &str) -> Value {
    json!({ "id": id, "street": "1 Main St", "city": "Chicago", "state": "IL", "zipCode": "60601", "directions": "Lobby",
            "latitude": "41.88", "longitude": "-87.63", "prettyName": "Test Lobby", "onlineDate": "2026-12-01",
            "layoutName": "dummy", "fridgeSchema": "MW_STANDARD/latest", "priceMapTemplate": "PMT_STANDARD", "taxRate": "2.25" })
}

/// A user holding exactly `actions` (written to the permissions table).
#[allow(dead_code)]
pub async fn user_with(actions: &[&str]) -> Caller {
    let sub = unique("sub");
    let items = actions
        .iter()
        .map(|a| {
            std::collections::HashMap::from([
                ("user".to_string(), fleet_shared::store::s(&sub)),
                ("action".to_string(), fleet_shared::store::s(*a)),
            ])
        })
        .collect();
    deps().await.table(fleet_shared::Table::Permissions).unwrap().batch_put(items).await.unwrap();
    Caller {
        sub: sub.clone(),
        username: sub.clone(),
        email: format!("{sub}@fleet.test"),
        email_verified: true,
        name: None,
    }
}

/// Gives the user a feature flag, besides those they hold (the flags table, keyed by the lower-cased e-mail).
#[allow(dead_code)]
pub async fn flag(caller: &Caller, flag: &str) {
    let t = deps().await.table(fleet_shared::Table::FeatureFlags).unwrap();
    t.client
        .update_item()
        .table_name(t.name)
        .key("email", fleet_shared::store::s(caller.email.to_lowercase()))
        .update_expression("ADD flags :f")
        .expression_attribute_values(":f", aws_sdk_dynamodb::types::AttributeValue::Ss(vec![flag.to_string()]))
        .send()
        .await
        .unwrap();
}

/// Calls an HTTP function with a payload 2.0 event; answers (status, JSON body).
pub async fn http(name: &str, caller: Option<&Caller>, body: Option<&str>) -> (i64, Value) {
    http_at(name, caller, body, &[]).await
}

/// `http` with path parameters (`/locations/{id}/schedule`).
pub async fn http_at(name: &str, caller: Option<&Caller>, body: Option<&str>, params: &[(&str, &str)]) -> (i64, Value) {
    http_query(name, caller, body, params, &[]).await
}

/// `http_at` with a query string (`?fileName=...`).
pub async fn http_query(
    name: &str,
    caller: Option<&Caller>,
    body: Option<&str>,
    params: &[(&str, &str)],
    query: &[(&str, &str)],
) -> (i64, Value) {
    let spec = find(name);
    let fleet_shared::Trigger::Http { method, path } = spec.trigger else { panic!("{name} is not HTTP") };
    let mut event = json!({
        "version": "2.0", "routeKey": format!("{method} {path}"), "rawPath": format!("/prod{path}"), "rawQueryString": "",
        "headers": { "content-type": "application/json" },
        "requestContext": {
            "accountId": "000000000000", "apiId": "test", "domainName": "x", "domainPrefix": "x",
            "http": { "method": method, "path": format!("/prod{path}"), "protocol": "HTTP/1.1", "sourceIp": "127.0.0.1", "userAgent": "test" },
            "requestId": "r", "routeKey": format!("{method} {path}"), "stage": "prod", "time": "", "timeEpoch": 0
        },
        "isBase64Encoded": false
    });
    if let Some(c) = caller {
        event["requestContext"]["authorizer"] = json!({ "jwt": { "claims": { "sub": c.sub, "email": c.email, "email_verified": c.email_verified.to_string() }, "scopes": null } });
        if let Some(name) = &c.name {
            event["requestContext"]["authorizer"]["jwt"]["claims"]["name"] = json!(name);
        }
    }
    if let Some(b) = body {
        event["body"] = json!(b);
    }
    if !query.is_empty() {
        event["queryStringParameters"] =
            query.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>().into();
    }
    if !params.is_empty() {
        event["pathParameters"] =
            params.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>().into();
    }
    let res = events::handle_http(wiring().await.deps(spec), spec, serde_json::from_value(event).unwrap()).await;
    let text = match res.body {
        Some(lambda_http::aws_lambda_events::encodings::Body::Text(t)) => t,
        _ => String::new(),
    };
    (res.status_code, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// One run of the scheduler with its own wiring, as EventBridge would start it.
pub async fn run_scheduler() -> Value {
    let spec = find("apply_scheduled_changes");
    spec.invoke(wiring().await.deps(spec), Default::default()).await.expect("scheduler run")
}

/// Scheduler runs (the locations' and the planograms', over the one scheduled-changes
/// table) apply every due change, so every test that runs one takes turns, whatever its module.
pub static SCHEDULER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Tests that rebuild the fleet health snapshot take turns: one proves the snapshot was read by changing
/// a record after its rebuild, which another test's rebuild in between would undo.
pub static FLEET_SNAPSHOT: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Tests that deploy or run a rebuild (each rebuilds the fridge software snapshot) share this; a test that
/// writes that snapshot by hand, version by version, holds it alone.
pub static SOFTWARE_SNAPSHOT: tokio::sync::RwLock<()> = tokio::sync::RwLock::const_new(());

/// For a test that acts on today's stocking day for up to a minute and a half: when the day turns
/// (18:00 Central) within that time, waits past the turn first, so the test and the server name the same day.
pub async fn settle_stocking_day() {
    use fleet_shared::fridge_time::stocking_day;
    let now = chrono::Utc::now();
    if stocking_day(now + chrono::Duration::seconds(90)) == stocking_day(now) {
        return;
    }
    while stocking_day(chrono::Utc::now()) == stocking_day(now) {
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
}

/// A day of the test's own, with the six days before it: no other test of this run gets them, since
/// each call takes the next week from one counter. (A forecast test also writes its day's production
/// dates, a few days earlier.) The counter starts at a week picked per run, decades ahead, so no demo
/// data or simulator writes there and two runs against one long-lived stack rarely meet. A hash of a
/// name per test, as before, let two tests of one run meet on a day now and then.
pub fn own_day() -> chrono::NaiveDate {
    // Runs take a block of 100 weeks (a run asks for about 60) out of 10: 2040 to 2059. The browser
    // tests' days (web/e2e/helpers.mjs, `ownDay`) come after.
    const WEEKS_PER_RUN: u64 = 100;
    static NEXT_WEEK: OnceLock<std::sync::atomic::AtomicU64> = OnceLock::new();
    let next = NEXT_WEEK.get_or_init(|| {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let seed =
            (u64::from(nanos) ^ u64::from(std::process::id()).rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        std::sync::atomic::AtomicU64::new((seed >> 40) % 10 * WEEKS_PER_RUN)
    });
    let week = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    chrono::NaiveDate::from_ymd_opt(2040, 1, 7).unwrap() + chrono::Duration::weeks(week as i64)
}

/// `own_day` as the API writes a date (YYYY-MM-DD).
pub fn own_date() -> String {
    own_day().format("%Y-%m-%d").to_string()
}

/// A new fridge (id starting `prefix`) with every tag the par rules need, made through createLocation.
pub async fn par_ready_fridge(prefix: &str) -> String {
    let id = unique(prefix);
    let mut f = form(&id);
    f["routingTag"] = json!("CHI");
    f["fulfillmentCenter"] = json!("Chicago Kitchen");
    f["parkToFridgeInstructions"] = json!("Dock B");
    f["route"] = json!("chi-07");
    gql("create_location", &admin().await, json!({ "input": f.to_string() })).await.unwrap();
    id
}

/// Writes one route stop of a test's own date straight to the table (a stop the
/// route upload would write; `stocked` is its stockedTimeUTC), at stocking index 1.
#[allow(dead_code)]
pub async fn put_stop(date: &str, location: &str, at: (&str, i64), market: &str, stocked: Option<&str>) {
    put_stop_at(date, location, at, market, 1, stocked).await
}

/// `put_stop` at stocking index `index`.
#[allow(dead_code)]
pub async fn put_stop_at(
    date: &str,
    location: &str,
    (route, n): (&str, i64),
    market: &str,
    index: i64,
    stocked: Option<&str>,
) {
    use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
    let stop = RouteStop {
        stocking_date: date.into(),
        market: market.into(),
        id: location.into(),
        route: route.into(),
        stop: n,
        stocking_index: index,
        stop_type: "DELIVERY".into(),
    };
    let item = StoredStop {
        route_stop: sort_key(route, n),
        stop,
        upload: None,
        stocked_time_utc: stocked.map(str::to_string),
        stocked_by: None,
    };
    put_route_item(&item).await;
}

/// An item of LocationRoutes as a writer stores it (a test's set-up).
async fn put_route_item(item: &impl serde::Serialize) {
    let t = deps().await.table(fleet_shared::Table::LocationRoutes).unwrap();
    let item = fleet_shared::store::to_item(item).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(item)).send().await.unwrap();
}

/// The route's driver on a date, as the office's assignment stores it (a test's set-up).
pub async fn put_driver(date: &str, route: &str, driver: &Caller) {
    let item = fleet_shared::entity::assignment::DriverAssignment {
        stocking_date: date.into(),
        route: route.into(),
        driver_sub: driver.sub.clone(),
        driver_email: driver.email.clone(),
        driver_name: None,
        assigned_by: "ops@fleet.test".into(),
        assigned_at: fleet_shared::fridge_time::now_text(),
        source: fleet_shared::entity::assignment::SOURCE_SCREEN.into(),
        version: 1,
        first_action: None,
    };
    put_route_item(&item).await;
}

/// The shared queues' turns among the tests (they run side by side in one
/// binary): a test that polls or reads the telemetry, command or orders
/// queue, or a dead-letter queue, holds it, so no other test's poll takes
/// part of its messages. Tests with a queue of their own need not.
pub static QUEUES: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The messages parked in the dead-letter queue `logical` (its logical id) whose body `mine` takes, as
/// (body, reason), deleted as read; the others are left for their own tests. A caller whose queue other
/// tests read holds `QUEUES` (not taken here: the caller may hold it already).
pub async fn parked(logical: &str, mine: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    let url = std::env::var(format!("QUEUE_URL_{logical}")).expect("queue URL in the stack environment");
    let sqs = fleet_front_door::queues::sqs_client().await;
    let mut found = Vec::new();
    for _ in 0..10 {
        let got = sqs
            .receive_message()
            .queue_url(&url)
            .max_number_of_messages(10)
            .message_attribute_names("All")
            .visibility_timeout(2)
            .send()
            .await
            .expect("a dead-letter queue answers");
        let messages = got.messages.unwrap_or_default();
        if messages.is_empty() {
            break;
        }
        for m in messages.iter().filter(|m| mine(m.body().unwrap_or_default())) {
            let reason = m.message_attributes().and_then(|a| a.get("reason")).and_then(|v| v.string_value());
            found.push((m.body().unwrap_or_default().to_string(), reason.unwrap_or_default().to_string()));
            let handle = m.receipt_handle().unwrap_or_default();
            sqs.delete_message().queue_url(&url).receipt_handle(handle).send().await.expect("deleted");
        }
    }
    found
}

/// Sends each body through the telemetry queue and polls until the ingest took it.
pub async fn through_telemetry_queue(bodies: &[String]) {
    let _turn = QUEUES.lock().await;
    let sqs = fleet_front_door::queues::sqs_client().await;
    let spec = find("telemetry_ingest");
    let url = std::env::var("QUEUE_URL_TelemetryQueue").expect("queue URL in the stack environment");
    for b in bodies {
        sqs.send_message().queue_url(&url).message_body(b).send().await.unwrap();
        // One at a time, in order: a running local API may take it first; then it is gone either way.
        for _ in 0..20 {
            let (s, f) = fleet_front_door::queues::poll_once(&sqs, wiring().await, spec, &url, 0).await.unwrap();
            assert_eq!(f, 0, "nothing left for redelivery");
            if s == 0 {
                break;
            }
        }
    }
}

/// Sends `bodies` to the telemetry queue in one SendMessageBatch and hands
/// them to the ingest as one SQS batch; answers how many the first poll took.
pub async fn as_one_telemetry_batch(bodies: &[String]) -> usize {
    let _turn = QUEUES.lock().await;
    let sqs = fleet_front_door::queues::sqs_client().await;
    let spec = find("telemetry_ingest");
    let url = std::env::var("QUEUE_URL_TelemetryQueue").expect("queue URL in the stack environment");
    let entries = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| {
            aws_sdk_sqs::types::SendMessageBatchRequestEntry::builder()
                .id(i.to_string())
                .message_body(b)
                .build()
                .unwrap()
        })
        .collect();
    sqs.send_message_batch().queue_url(&url).set_entries(Some(entries)).send().await.unwrap();
    let (first, failed) = fleet_front_door::queues::poll_once(&sqs, wiring().await, spec, &url, 0).await.unwrap();
    assert_eq!(failed, 0, "nothing left for redelivery");
    // Whatever the emulator held back comes in a later batch.
    while fleet_front_door::queues::poll_once(&sqs, wiring().await, spec, &url, 0).await.unwrap().0 > 0 {}
    first
}

/// GETs a presigned URL as the browser does, inflating a gzip'd body.
pub async fn fetch_snapshot(url: String) -> (Option<String>, serde_json::Value) {
    tokio::task::spawn_blocking(move || {
        let res = ureq::get(&url).call().expect("the presigned URL answers");
        let encoding = res.header("content-encoding").map(str::to_string);
        let mut raw = Vec::new();
        std::io::Read::read_to_end(&mut res.into_reader(), &mut raw).unwrap();
        let mut json = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&raw[..]), &mut json).expect("gzip");
        (encoding, serde_json::from_slice(&json).unwrap())
    })
    .await
    .unwrap()
}

/// A driver's LocationStocked (stocking index 1) at `location`, `at` (a stored
/// stamp) on the stocking day `date`, stored as createDriverAction stores it,
/// then the stop marked from it as createDriverAction does; answers the stops set.
#[allow(dead_code)]
pub async fn mark_stocked(date: &str, location: &str, at: &str) -> usize {
    use fn_stocking::store::ActionStore;
    let id = unique("act");
    let action = fn_stocking::record::StoredAction {
        event_type: "LocationStocked".into(),
        sk: format!("{at}#{id}"),
        location_id: location.into(),
        data: json!({ "stockingIndex": 1 }).to_string(),
        created_at: at.into(),
        occurred_at: at.into(),
        stocking_day: date.into(),
        occurred_sk: format!("{at}#{id}"),
        id,
        ..Default::default()
    };
    let t = deps().await.table(fleet_shared::Table::DriverActions).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(action.item().unwrap())).send().await.unwrap();
    fn_stocking::store::Dynamo(deps().await).mark_stocked(location, 1, &action.sk).await.unwrap()
}
