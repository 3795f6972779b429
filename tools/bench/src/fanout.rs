//! The live dashboard's fan-out (issue 61): SUBSCRIBERS real-time connections
//! to the local API on one date, and RATE change events a second for SECONDS
//! sent straight to the publishing mutation, signed as the publisher signs
//! them. Every subscriber must get every change; prints the median and p95
//! delivery (the event's send time to its arrival) and the local API's
//! resident memory before and after.
use base64::Engine;
use fleet_shared::{ApiError, Deps};
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, http::HeaderValue, Message};

const QUERY: &str =
    "subscription On($d: String!) { onStockingChanged(dropOffDate: $d) { dropOffDate route kind changedAt } }";
const PUBLISH: &str = "mutation P($input: StockingChangeInput!) { publishStockingChange(input: $input) { dropOffDate route locationId stockingIndex kind changedAt } }";

/// The resident memory of process `pid`, in MB (Linux).
fn rss_mb(pid: Option<u32>) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let kb: f64 =
        status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb / 1024.0)
}

fn failed(e: impl std::fmt::Display) -> ApiError {
    ApiError::internal(e.to_string())
}

/// One subscriber: connected, initialised and started; answers the delays of the changes it got, in ms.
async fn subscriber(host: String, token: String, date: String, expected: usize) -> Result<Vec<f64>, ApiError> {
    let mut request = format!("ws://{host}/graphql/realtime").into_client_request().map_err(failed)?;
    let header = json!({ "Authorization": token, "host": host }).to_string();
    let protocols = format!("graphql-ws,header-{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(header));
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&protocols).map_err(failed)?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.map_err(failed)?;
    socket.send(Message::text(json!({ "type": "connection_init" }).to_string())).await.map_err(failed)?;
    let start = json!({ "id": "1", "type": "start", "payload": {
        "data": json!({ "query": QUERY, "variables": { "d": date } }).to_string(),
        "extensions": { "authorization": { "Authorization": token, "host": host } } } });
    socket.send(Message::text(start.to_string())).await.map_err(failed)?;
    let mut delays = Vec::with_capacity(expected);
    let mut started = false;
    while delays.len() < expected {
        let next = tokio::time::timeout(Duration::from_secs(30), socket.next()).await;
        let Ok(Some(Ok(Message::Text(text)))) = next else {
            return Err(ApiError::internal(format!("a subscriber got {} of {expected} changes", delays.len())));
        };
        let message: Value = serde_json::from_str(&text).map_err(failed)?;
        match message["type"].as_str() {
            Some("start_ack") => started = true,
            Some("data") => {
                let sent = message["payload"]["data"]["onStockingChanged"]["changedAt"].as_str().unwrap_or_default();
                let sent = chrono::DateTime::parse_from_rfc3339(sent).map_err(failed)?;
                delays.push(
                    (chrono::Utc::now() - sent.with_timezone(&chrono::Utc)).num_microseconds().unwrap_or(0) as f64
                        / 1000.0,
                );
            }
            Some("error") | Some("connection_error") => return Err(ApiError::internal(format!("refused: {message}"))),
            _ => {}
        }
    }
    let _ = started;
    Ok(delays)
}

pub async fn run(
    deps: &'static Deps,
    api_url: &str,
    subscribers: usize,
    rate: usize,
    seconds: u64,
    api_pid: Option<u32>,
) -> Result<String, ApiError> {
    let host = api_url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let token = crate::scale::admin_token(deps).await?;
    let date = "2031-09-09".to_string();
    let total = rate * seconds as usize;
    let before = rss_mb(api_pid);
    let mut tasks = Vec::new();
    for _ in 0..subscribers {
        tasks.push(tokio::spawn(subscriber(host.clone(), token.clone(), date.clone(), total)));
    }
    // Every subscription started before the first change (each start runs its resolver).
    tokio::time::sleep(Duration::from_secs(5)).await;
    let sdk = fleet_shared::sdk::loader().load().await;
    let client = std::sync::Arc::new(fleet_shared::appsync::GraphqlClient::new(&format!("{api_url}/graphql"), &sdk));
    let began = Instant::now();
    let mut ticker = tokio::time::interval(Duration::from_secs(1) / rate as u32);
    let mut sends = Vec::new();
    for i in 0..total {
        ticker.tick().await;
        let client = client.clone();
        let change = json!({ "input": { "dropOffDate": date, "route": format!("R{}", i % 40), "locationId": null,
            "stockingIndex": null, "kind": "ACTION",
            "changedAt": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true) } });
        sends.push(tokio::spawn(async move { client.mutate("publishStockingChange", PUBLISH, &change).await }));
    }
    for s in sends {
        s.await.map_err(failed)?.map_err(failed)?;
    }
    let sent_in = began.elapsed();
    let mut delays = Vec::new();
    for t in tasks {
        delays.extend(t.await.map_err(failed)??);
    }
    let after = rss_mb(api_pid);
    delays.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| delays[((q * delays.len() as f64) as usize).min(delays.len() - 1)];
    let memory = match (before, after) {
        (Some(b), Some(a)) => format!("{b:.0} MB before, {a:.0} MB after"),
        _ => "not read (no --api-pid)".into(),
    };
    Ok(format!(
        "fan-out: {subscribers} subscribers, {total} changes in {:.1} s ({rate}/s): every subscriber got every change ({} deliveries); delivery median {:.0} ms, p95 {:.0} ms, slowest {:.0} ms; the local API's memory {memory}",
        sent_in.as_secs_f64(),
        delays.len(),
        at(0.5),
        at(0.95),
        delays.last().copied().unwrap_or(0.0)
    ))
}
