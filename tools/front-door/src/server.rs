//! The local API: `/graphql` (AppSync stand-in), `/prod/...` (HTTP API stand-in)
//! and the schedules (EventBridge stand-in).
use crate::{
    auth::{AuthError, Verifier},
    graphql,
    wiring::Wiring,
};
use apollo_compiler::{validation::Valid, Schema};
use axum::{
    body::Bytes,
    extract::{Path, Request, State},
    http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{any, get, post},
    Json, Router,
};
use fleet_functions as registry;
use fleet_shared::{events, logging, Input, Trigger};
use serde_json::{json, Map, Value};
use std::{sync::Arc, time::Duration};

pub struct AppState {
    pub wiring: &'static Wiring,
    pub schema: Valid<Schema>,
    pub verifier: Verifier,
    /// Published changes, to the real-time connections.
    pub hub: crate::realtime::Hub,
    /// The key SigV4 requests (AppSync's AWS_IAM mode) must be signed with; none: refused.
    pub signing_key: Option<crate::sigv4::Key>,
}

/// The variable naming the web app's origin (`scheme://host[:port]`), the one
/// origin CORS allows, as the template's `WebOrigin` does on AWS; the
/// provisioner writes it into stack.env from its `--web-url`.
pub const WEB_ORIGIN_VAR: &str = "WEB_ORIGIN";

/// The API with CORS for the web origin in `WEB_ORIGIN` (none when unset:
/// then no browser origin may call it).
pub fn router(state: Arc<AppState>) -> Router {
    router_for(state, std::env::var(WEB_ORIGIN_VAR).ok().as_deref())
}

/// The API, answering CORS for `web_origin` alone.
pub fn router_for(state: Arc<AppState>, web_origin: Option<&str>) -> Router {
    let origin: Option<HeaderValue> = web_origin.map(|o| o.trim_end_matches('/')).and_then(|o| o.parse().ok());
    Router::new()
        .route("/graphql", post(graphql_route))
        .route("/graphql/realtime", get(crate::realtime::route))
        .route("/prod/{*path}", any(rest_route))
        .route("/health", get(|| async { "ok" }))
        .route("/_usage", get(usage_route))
        .route("/_local/schedules/{function}", post(run_schedule_route))
        // As large as the largest request any function takes; each function checks its own bound.
        .layer(axum::extract::DefaultBodyLimit::max(fleet_shared::limits::MAX_FILE_REQUEST_BYTES * 2))
        .layer(middleware::from_fn(move |req: Request, next: Next| cors(origin.clone(), req, next)))
        .with_state(state)
}

/// Every function's invocations, AWS calls and capacity units so far
/// (`fleet_shared::usage`): the benches diff two readings around a screen
/// load. Not part of the API on AWS, where each invocation logs its own.
/// It tells what the stack does, so it needs a valid token like the API.
async fn usage_route(State(state): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    if let Err(e) = state.verifier.verify_header(authorization(&headers)) {
        tracing::info!(error = %e, "usage request refused");
        return (StatusCode::UNAUTHORIZED, Json(json!({ "message": "Unauthorized" }))).into_response();
    }
    let by_function: Map<String, Value> = registry::all()
        .map(|spec| {
            let trigger = match spec.trigger {
                Trigger::Query(_) | Trigger::Mutation(_) | Trigger::Subscription(_) => "graphql",
                Trigger::Http { .. } => "http",
                Trigger::Queue(_) => "queue",
                Trigger::Streams(_) => "stream",
                Trigger::Schedule(_) => "schedule",
            };
            let mut totals = json!(state.wiring.deps(spec).usage.totals());
            totals["trigger"] = json!(trigger);
            (spec.name.to_string(), totals)
        })
        .collect();
    Json(Value::Object(by_function)).into_response()
}

/// The web app runs on another origin, as it would against AppSync and the
/// HTTP API: that origin, and only it, is allowed (never `*`, as `WebOrigin`
/// on AWS); a request from any other origin gets no allow-origin header.
async fn cors(web_origin: Option<HeaderValue>, req: Request, next: Next) -> Response {
    let allowed = web_origin.filter(|o| req.headers().get(header::ORIGIN) == Some(o));
    let mut res =
        if req.method() == Method::OPTIONS { StatusCode::NO_CONTENT.into_response() } else { next.run(req).await };
    let h = res.headers_mut();
    h.insert(header::VARY, HeaderValue::from_static("origin"));
    let Some(origin) = allowed else { return res };
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    h.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, "authorization, content-type".parse().unwrap());
    h.insert(header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, PUT, DELETE, OPTIONS".parse().unwrap());
    h.insert(header::ACCESS_CONTROL_MAX_AGE, "600".parse().unwrap());
    res
}

fn authorization(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok())
}

const NO_VALID_HEADER: &str = "Valid authorization header not provided.";

async fn graphql_route(State(state): State<Arc<AppState>>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let unauthorized = |message: &str| {
        let body = json!({ "errors": [{ "errorType": "UnauthorizedException", "message": message }] });
        (StatusCode::UNAUTHORIZED, Json(body)).into_response()
    };
    let header = authorization(&headers);
    let auth = if crate::sigv4::is_signed(header) {
        let path = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/graphql");
        let checked = state
            .signing_key
            .as_ref()
            .ok_or_else(|| "no signing key configured".to_string())
            .and_then(|key| crate::sigv4::verify(key, "POST", path, &headers, &body));
        match checked {
            Ok(()) => graphql::Auth::Iam,
            Err(e) => {
                tracing::info!(error = %e, "signed graphql request refused");
                return unauthorized(NO_VALID_HEADER);
            }
        }
    } else {
        match state.verifier.verify_header(header) {
            Ok(c) => graphql::Auth::UserPool(c),
            Err(e) => {
                tracing::info!(error = %e, "graphql request refused");
                return unauthorized(match e {
                    AuthError::Expired => "Token has expired.",
                    _ => NO_VALID_HEADER,
                });
            }
        }
    };
    let parsed: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            let body =
                json!({ "errors": [{ "errorType": "MalformedHttpRequestException", "message": e.to_string() }] });
            return (StatusCode::BAD_REQUEST, Json(body)).into_response();
        }
    };
    let req = graphql::GraphqlRequest {
        query: parsed["query"].as_str().unwrap_or_default().to_string(),
        variables: parsed["variables"].as_object().cloned().unwrap_or_default(),
        operation_name: parsed["operationName"].as_str().map(str::to_string),
    };
    // apollo-compiler's executor future is not Send, so it runs on a blocking
    // thread driving the same runtime.
    let handle = tokio::runtime::Handle::current();
    let (status, body) = tokio::task::spawn_blocking(move || {
        handle.block_on(graphql::execute(&state.schema, state.wiring, auth, &state.hub, req))
    })
    .await
    .unwrap_or_else(|e| (500, json!({ "errors": [{ "message": e.to_string() }] })));
    (StatusCode::from_u16(status).unwrap_or(StatusCode::OK), Json(body)).into_response()
}

/// Builds the API Gateway HTTP API payload 2.0 event for a request.
fn http_event(
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    route: &str,
    path_params: Vec<(String, String)>,
    claims: &Map<String, Value>,
    body: &Bytes,
) -> Value {
    let query = query_parameters(uri);
    let header_map: Map<String, Value> =
        headers.iter().filter_map(|(k, v)| v.to_str().ok().map(|v| (k.as_str().to_lowercase(), json!(v)))).collect();
    // The JWT authorizer passes every claim as a string.
    let string_claims: Map<String, Value> = claims
        .iter()
        .map(|(k, v)| (k.clone(), json!(v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))))
        .collect();
    let now = fleet_shared::fridge_time::now();
    let mut event = json!({
        "version": "2.0",
        "routeKey": route,
        "rawPath": uri.path(),
        "rawQueryString": uri.query().unwrap_or_default(),
        "headers": header_map,
        "requestContext": {
            "accountId": "000000000000",
            "apiId": "local",
            "domainName": "127.0.0.1",
            "domainPrefix": "local",
            "http": { "method": method.as_str(), "path": uri.path(), "protocol": "HTTP/1.1",
                      "sourceIp": "127.0.0.1", "userAgent": headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("") },
            "requestId": uuid::Uuid::new_v4().to_string(),
            "routeKey": route,
            "stage": "prod",
            "time": now.format("%d/%b/%Y:%H:%M:%S %z").to_string(),
            "timeEpoch": now.timestamp_millis(),
            "authorizer": { "jwt": { "claims": string_claims, "scopes": null } }
        },
        "isBase64Encoded": false
    });
    if !query.is_empty() {
        event["queryStringParameters"] = Value::Object(query);
    }
    if !path_params.is_empty() {
        event["pathParameters"] = Value::Object(path_params.into_iter().map(|(k, v)| (k, json!(v))).collect());
    }
    if !body.is_empty() {
        event["body"] = json!(String::from_utf8_lossy(body));
    }
    event
}

/// `queryStringParameters` as API Gateway's HTTP API fills them: names and
/// values percent-decoded (`+` read as a space, as browsers encode forms),
/// and the values of a repeated name joined with commas (payload 2.0 has no
/// multi-value map). `rawQueryString` keeps the text as sent.
fn query_parameters(uri: &Uri) -> Map<String, Value> {
    let pairs = match axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri) {
        Ok(axum::extract::Query(pairs)) => pairs,
        Err(e) => {
            tracing::info!(error = %e, "query string not decoded");
            Vec::new()
        }
    };
    let mut query = Map::new();
    for (name, value) in pairs {
        match query.get_mut(&name) {
            Some(Value::String(joined)) => {
                joined.push(',');
                joined.push_str(&value);
            }
            _ => {
                query.insert(name, Value::String(value));
            }
        }
    }
    query
}

async fn rest_route(
    State(state): State<Arc<AppState>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().strip_prefix("/prod").unwrap_or(uri.path()).to_string();
    let Some((spec, params)) = registry::http_route(method.as_str(), &path) else {
        return (StatusCode::NOT_FOUND, Json(json!({ "message": "Not Found" }))).into_response();
    };
    let claims = match state.verifier.verify_header(authorization(&headers)) {
        Ok(c) => c,
        Err(e) => {
            tracing::info!(error = %e, "rest request refused");
            return (StatusCode::UNAUTHORIZED, Json(json!({ "message": "Unauthorized" }))).into_response();
        }
    };
    let Trigger::Http { method: m, path: p } = spec.trigger else { unreachable!("http_route returns HTTP functions") };
    let event = http_event(&method, &uri, &headers, &format!("{m} {p}"), params, &claims, &body);
    let event = match serde_json::from_value(event) {
        Ok(e) => e,
        Err(e) => {
            return (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "message": e.to_string() }))).into_response()
        }
    };
    let res = events::handle_http(state.wiring.deps(spec), spec, event).await;
    let status = StatusCode::from_u16(res.status_code as u16).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = match res.body {
        Some(lambda_http::aws_lambda_events::encodings::Body::Text(t)) => t,
        _ => String::new(),
    };
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// How often EventBridge runs a schedule expression (`rate(1 minute)`, `rate(5 minutes)`, `rate(2 hours)`,
/// `rate(1 day)`); `None` for any other (a `cron(…)` is not run locally).
pub fn schedule_period(expression: &str) -> Option<Duration> {
    let inner = expression.trim().strip_prefix("rate(")?.strip_suffix(')')?;
    let (count, unit) = inner.trim().split_once(' ')?;
    let count: u64 = count.parse().ok().filter(|n| *n > 0)?;
    let seconds = match (count, unit.trim()) {
        (1, "minute") | (2.., "minutes") => 60,
        (1, "hour") | (2.., "hours") => 3_600,
        (1, "day") | (2.., "days") => 86_400,
        _ => return None,
    };
    Some(Duration::from_secs(count * seconds))
}

/// One run of a scheduled function now: its answer, or its error in words.
async fn run_schedule(wiring: &'static Wiring, spec: &'static fleet_shared::FunctionSpec) -> Result<Value, String> {
    let request_id = uuid::Uuid::new_v4().to_string();
    logging::invoke(spec, wiring.deps(spec), Input::default(), &request_id).await.map_err(|e| e.to_string())
}

/// Runs every scheduled function as the template schedules it (EventBridge's stand-in): once at start,
/// so a fresh stack has its snapshots, then at its rate (the fleet health rebuild once a minute), a run
/// that outlasts its period followed at once by the next. A test that needs a run sooner asks for one
/// (`POST /_local/schedules/{function}`), instead of a shorter period for everyone.
pub async fn scheduler_loop(wiring: &'static Wiring) {
    for spec in registry::all() {
        let Trigger::Schedule(expression) = spec.trigger else { continue };
        let Some(period) = schedule_period(expression) else {
            tracing::warn!(function = spec.name, expression, "schedule expression not run locally");
            continue;
        };
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if let Err(e) = run_schedule(wiring, spec).await {
                    tracing::warn!(function = spec.name, error = %e, "scheduled run failed");
                }
            }
        });
    }
}

/// `POST /_local/schedules/{function}`: runs a scheduled function now and answers what it answered (500
/// with its error). The stand-in for invoking the function by hand on AWS (`aws lambda invoke`); not part
/// of the API there. It changes what the stack holds, so it needs a valid token like the API.
async fn run_schedule_route(
    State(state): State<Arc<AppState>>,
    Path(function): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Err(e) = state.verifier.verify_header(authorization(&headers)) {
        tracing::info!(error = %e, "schedule run refused");
        return (StatusCode::UNAUTHORIZED, Json(json!({ "message": "Unauthorized" }))).into_response();
    }
    let Some(spec) = registry::all().find(|s| s.name == function && matches!(s.trigger, Trigger::Schedule(_))) else {
        let message = format!("{function} is not a scheduled function");
        return (StatusCode::NOT_FOUND, Json(json!({ "message": message }))).into_response();
    };
    match run_schedule(state.wiring, spec).await {
        Ok(answer) => Json(answer).into_response(),
        Err(message) => (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "message": message }))).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query_of(uri: &str) -> Value {
        Value::Object(query_parameters(&uri.parse().unwrap()))
    }

    #[test]
    fn a_schedule_runs_at_the_rate_its_expression_names() {
        let minutes = |m: u64| Some(Duration::from_secs(60 * m));
        assert_eq!(schedule_period("rate(1 minute)"), minutes(1));
        assert_eq!(schedule_period("rate(5 minutes)"), minutes(5));
        assert_eq!(schedule_period("rate(2 hours)"), minutes(120));
        assert_eq!(schedule_period("rate(1 day)"), minutes(1440));
        for other in ["rate(0 minutes)", "rate(1 minutes)", "rate(5 minute)", "cron(0 12 * * ? *)", "rate(x minutes)"] {
            assert_eq!(schedule_period(other), None, "{other}");
        }
        // Every schedule of the registry is one the local stack runs.
        for spec in registry::all() {
            if let Trigger::Schedule(expression) = spec.trigger {
                assert!(schedule_period(expression).is_some(), "{}: {expression}", spec.name);
            }
        }
    }

    #[test]
    fn query_strings_are_decoded_as_api_gateway_decodes_them() {
        assert_eq!(
            query_of("/prod/forecast/upload/url?fileName=Week%2047+plan%20%2B%C3%A9.csv&x=a%26b%3Dc"),
            json!({ "fileName": "Week 47 plan +é.csv", "x": "a&b=c" })
        );
        assert_eq!(query_of("/prod/x?a=1&a=2&b&&c=%7E"), json!({ "a": "1,2", "b": "", "c": "~" }));
        assert_eq!(query_of("/prod/x"), json!({}));
        // The raw text stays as sent.
        let uri: Uri = "/prod/x?fileName=a%20b".parse().unwrap();
        let event = http_event(&Method::GET, &uri, &HeaderMap::new(), "GET /x", vec![], &Map::new(), &Bytes::new());
        assert_eq!(
            (event["rawQueryString"].as_str(), &event["queryStringParameters"]),
            (Some("fileName=a%20b"), &json!({ "fileName": "a b" }))
        );
    }
}
