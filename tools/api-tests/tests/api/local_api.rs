//! The local API over HTTP, in-process on a free port, with real Cognito tokens.
use crate::common;
use common::*;
use fleet_front_door::{auth::Verifier, server};
use serde_json::{json, Value};

async fn start() -> String {
    start_for(std::env::var(server::WEB_ORIGIN_VAR).ok()).await
}

/// The local API allowing `web_origin` alone.
async fn start_for(web_origin: Option<String>) -> String {
    let state = local_api_state().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, server::router_for(state, web_origin.as_deref())).await.unwrap() });
    format!("http://{addr}")
}

async fn id_token(email_var: &str) -> String {
    sign_in(email_var).await.0
}

fn call(method: &str, url: &str, auth: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let mut req = ureq::request(method, url);
    if let Some(a) = auth {
        req = req.set("Authorization", a);
    }
    let res = match body {
        Some(b) => req.send_json(b),
        None => req.call(),
    };
    let res = match res {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("{e}"),
    };
    (res.status(), res.into_json().unwrap_or(Value::Null))
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.unwrap()
}

#[tokio::test]
async fn requests_without_a_valid_token_get_401() {
    let base = start().await;
    let (s1, b1) = blocking({
        let u = format!("{base}/prod/users/permissions");
        move || call("GET", &u, None, None)
    })
    .await;
    assert_eq!((s1, b1["message"].as_str()), (401, Some("Unauthorized")));
    let (s2, _) = blocking({
        let u = format!("{base}/graphql");
        move || call("POST", &u, Some("Bearer not.a.jwt"), Some(json!({"query": "{ getFeatureFlags }"})))
    })
    .await;
    assert_eq!(s2, 401);
    // A token signed by the right key but for another audience is refused too.
    let token = id_token("DEMO_ADMIN_EMAIL").await;
    let jwks = std::env::var("JWKS_URL").unwrap();
    let iss = std::env::var("TOKEN_ISSUER").unwrap();
    let strict = blocking(move || Verifier::fetch(&jwks, &iss, "some-other-client")).await.unwrap();
    assert!(strict.verify(&token).is_err());
}

#[tokio::test]
async fn graphql_validates_against_the_schema_and_resolves_with_the_token_identity() {
    let base = start().await;
    let token = id_token("DEMO_ADMIN_EMAIL").await;
    let url = format!("{base}/graphql");
    let (status, body) = blocking({
        let (u, t) = (url.clone(), token.clone());
        move || call("POST", &u, Some(&t), Some(json!({"query": "{ getFeatureFlags nope }"})))
    })
    .await;
    assert_eq!(status, 400);
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("nope"), "{body}");

    let query = json!({ "query": "query Q($id: ID!) { getFeatureFlags getLocation(id: $id) { id stockingSchedule percentage latitude } }", "variables": { "id": "CHI_0001" } });
    let (status, body) = blocking({
        let (u, t) = (url.clone(), token.clone());
        move || call("POST", &u, Some(&t), Some(query))
    })
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["getFeatureFlags"].as_array().unwrap().iter().any(|f| f == "jit-management"));
    assert!(body.get("errors").is_none(), "{body}");
    assert!(body["data"]["getLocation"][0]["percentage"].is_number(), "integral Floats are coerced, not refused");
    let schedule = body["data"]["getLocation"][0]["stockingSchedule"].as_str().expect("AWSJSON is JSON text");
    assert!(serde_json::from_str::<Value>(schedule).unwrap()["Monday"].is_number());

    let restricted = id_token("DEMO_RESTRICTED_EMAIL").await;
    let (_, body) = blocking({
        let u = url.clone();
        move || call("POST", &u, Some(&restricted), Some(json!({"query": "{ getFeatureFlags getPlanogramNames }"})))
    })
    .await;
    assert_eq!(body["errors"][0]["message"], "Error! User Action Prohibited!");
    assert_eq!(body["errors"][0]["errorType"], "Forbidden");
}

#[tokio::test]
async fn rest_routes_are_served_under_prod_with_bearer_tokens() {
    let base = start().await;
    let token = format!("Bearer {}", id_token("DEMO_ADMIN_EMAIL").await);
    let (status, body) = blocking({
        let (u, t) = (format!("{base}/prod/users/permissions"), token.clone());
        move || call("GET", &u, Some(&t), None)
    })
    .await;
    assert_eq!(status, 200);
    assert!(body["users"].as_array().unwrap().len() >= 2);
    let (status, _) = blocking({
        let (u, t) = (format!("{base}/prod/no/such/route"), token.clone());
        move || call("GET", &u, Some(&t), None)
    })
    .await;
    assert_eq!(status, 404);
}

/// (status, Access-Control-Allow-Origin) of a request from `origin`.
fn from_origin(method: &str, url: &str, origin: &str, auth: Option<&str>) -> (u16, Option<String>) {
    let mut req = ureq::request(method, url).set("Origin", origin);
    if let Some(a) = auth {
        req = req.set("Authorization", a);
    }
    let res = match req.call() {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("{e}"),
    };
    (res.status(), res.header("access-control-allow-origin").map(str::to_string))
}

#[tokio::test]
async fn cors_allows_the_web_origin_alone() {
    let web = "http://127.0.0.1:5999";
    let base = start_for(Some(web.to_string())).await;
    let token = id_token("DEMO_ADMIN_EMAIL").await;
    let (preflight, reflected) = blocking({
        let u = format!("{base}/graphql");
        move || from_origin("OPTIONS", &u, web, None)
    })
    .await;
    assert_eq!((preflight, reflected.as_deref()), (204, Some(web)));
    let (status, reflected) = blocking({
        let u = format!("{base}/prod/users/permissions");
        let t = token.clone();
        move || from_origin("GET", &u, web, Some(&t))
    })
    .await;
    assert_eq!((status, reflected.as_deref()), (200, Some(web)));
    for other in ["http://evil.example", "http://127.0.0.1:5998", "null"] {
        let (_, reflected) = blocking({
            let u = format!("{base}/prod/users/permissions");
            let t = token.clone();
            move || from_origin("GET", &u, other, Some(&t))
        })
        .await;
        assert_eq!(reflected, None, "{other} is not the web origin");
    }
}

#[tokio::test]
async fn usage_needs_a_valid_token() {
    let base = start().await;
    let url = format!("{base}/_usage");
    let (status, body) = blocking({
        let u = url.clone();
        move || call("GET", &u, None, None)
    })
    .await;
    assert_eq!((status, body["message"].as_str()), (401, Some("Unauthorized")));
    let (status, _) = blocking({
        let u = url.clone();
        move || call("GET", &u, Some("Bearer not-a-token"), None)
    })
    .await;
    assert_eq!(status, 401);
    let token = id_token("DEMO_RESTRICTED_EMAIL").await;
    let (status, body) = blocking(move || call("GET", &url, Some(&token), None)).await;
    assert_eq!(status, 200);
    assert_eq!(body["driver_log_emails"]["trigger"], "http", "{body}");
}

/// The local stand-in for invoking a scheduled function by hand: a test asks for a run instead of a
/// shorter period for everyone (the schedules run at their template rates).
#[tokio::test]
async fn a_scheduled_function_runs_now_when_asked_with_a_valid_token() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // the run rebuilds the software snapshot
    let base = start().await;
    let url = format!("{base}/_local/schedules/rebuild_fridge_software_snapshot");
    let (status, _) = blocking({
        let u = url.clone();
        move || call("POST", &u, None, None)
    })
    .await;
    assert_eq!(status, 401);
    let token = id_token("DEMO_RESTRICTED_EMAIL").await;
    let (status, body) = blocking({
        let (u, t) = (format!("{base}/_local/schedules/get_location"), token.clone());
        move || call("POST", &u, Some(&t), None)
    })
    .await;
    assert_eq!((status, body["message"].as_str()), (404, Some("get_location is not a scheduled function")));
    let (status, body) = blocking(move || call("POST", &url, Some(&token), None)).await;
    assert_eq!(status, 200, "{body}");
}
