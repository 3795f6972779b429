//! The external routing service's HTTP contract (LogiNext, or the local stub
//! started by the README's run command), and its client.
//!
//! `POST {base}/v1/routes/plan` with the header `x-api-key`, a JSON
//! [`PlanRequest`] (one date's movable stops) and a JSON [`PlanResponse`]
//! (that date's planned routes) back. A 5xx, a 429, a timeout or a broken
//! connection is [`CallError::Transient`]: the message is retried by the
//! queue. Any other refusal, or an answer that does not parse, is
//! [`CallError::Permanent`].
use fleet_shared::config::RoutingService;
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::time::Duration;

/// The path of the planning call under the service's base URL.
pub const PLAN_PATH: &str = "/v1/routes/plan";
/// The header carrying the key.
pub const KEY_HEADER: &str = "x-api-key";
/// One call's bound: a worker invocation (15 s) makes one call and writes a few routes.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(6);
/// The largest answer read (a date's routes are a few hundred stops).
const MAX_ANSWER_BYTES: usize = 2 * 1024 * 1024;

/// A stop the service may place: one delivery of one location on the date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanStop {
    pub location_id: String,
    pub stocking_index: i64,
    pub fulfillment_center: String,
    pub stop_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanRequest {
    /// Names the sync job (the service may log it; the stub ignores it).
    pub job_id: String,
    pub date: String,
    pub stops: Vec<PlanStop>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedStop {
    pub location_id: String,
    pub stocking_index: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlannedRoute {
    pub route: String,
    /// In driving order.
    pub stops: Vec<PlannedStop>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanResponse {
    pub routes: Vec<PlannedRoute>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum CallError {
    /// Worth retrying later (5xx, 429, timeout, connection).
    Transient(String),
    /// Retrying cannot help (a 4xx, an answer that does not parse).
    Permanent(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Transient(m) | CallError::Permanent(m) => f.write_str(m),
        }
    }
}

/// What plans a date's routes: the HTTP service, or a fake in unit tests.
pub trait Planner: Sync {
    fn plan(&self, request: &PlanRequest) -> impl Future<Output = Result<PlanResponse, CallError>> + Send;
}

/// A status's class: `None` for success.
pub fn classify(status: u16, body: &str) -> Option<CallError> {
    let head: String = body.chars().take(200).collect();
    match status {
        200..=299 => None,
        429 | 500..=599 => Some(CallError::Transient(format!("the routing service answered {status} {head}"))),
        _ => Some(CallError::Permanent(format!("the routing service refused the request ({status}) {head}"))),
    }
}

/// The planning call's URL under `base`. The key travels in a header, so it
/// goes over TLS only: `https`, or plain `http` to this machine alone (the
/// local stub on 127.0.0.1). Anything else is refused before the key is read.
pub fn plan_url(base: &str) -> Result<String, CallError> {
    let url = format!("{}{PLAN_PATH}", base.trim_end_matches('/'));
    let refused = || {
        CallError::Permanent(format!(
            "the routing service URL must be https:// (or http:// to a loopback host): {base}"
        ))
    };
    let uri: hyper::Uri = url.parse().map_err(|_| refused())?;
    let host = uri.host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    match uri.scheme_str().map(str::to_ascii_lowercase).as_deref() {
        Some("https") if !host.is_empty() => Ok(url),
        Some("http") if matches!(host.as_str(), "127.0.0.1" | "localhost" | "::1") => Ok(url),
        _ => Err(refused()),
    }
}

/// The routing service over HTTP, as configured for this function.
pub struct Http(pub &'static RoutingService);

impl Planner for Http {
    async fn plan(&self, request: &PlanRequest) -> Result<PlanResponse, CallError> {
        let url = plan_url(&self.0.base_url)?;
        // Read on first use; a failed read is retried by the next message.
        let key = self.0.key.get().map_err(|e| CallError::Transient(e.to_string()))?;
        let key = std::str::from_utf8(key).map_err(|_| CallError::Permanent("the key is not text".into()))?;
        let body = serde_json::to_vec(request).map_err(|e| CallError::Permanent(e.to_string()))?;
        let req = hyper::Request::post(url)
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .header(KEY_HEADER, key.trim())
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| CallError::Permanent(format!("bad request: {e}")))?;
        let call = async {
            let https = fleet_shared::https::client().map_err(CallError::Transient)?;
            let res = https.request(req).await.map_err(|e| CallError::Transient(format!("unreachable: {e}")))?;
            let status = res.status().as_u16();
            let bytes = http_body_util::Limited::new(res.into_body(), MAX_ANSWER_BYTES)
                .collect()
                .await
                .map_err(|e| CallError::Transient(format!("answer not read: {e}")))?
                .to_bytes();
            Ok::<_, CallError>((status, bytes))
        };
        let (status, bytes) = tokio::time::timeout(CALL_TIMEOUT, call).await.map_err(|_| {
            CallError::Transient(format!("the routing service did not answer within {} s", CALL_TIMEOUT.as_secs()))
        })??;
        if let Some(e) = classify(status, &String::from_utf8_lossy(&bytes)) {
            return Err(e);
        }
        serde_json::from_slice(&bytes)
            .map_err(|e| CallError::Permanent(format!("the routing service's answer does not parse: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_errors_and_throttling_are_retried_and_refusals_are_not() {
        assert_eq!(classify(200, ""), None);
        assert!(matches!(classify(503, "busy"), Some(CallError::Transient(m)) if m.contains("503 busy")));
        assert!(matches!(classify(429, ""), Some(CallError::Transient(_))));
        assert!(matches!(classify(401, "bad key"), Some(CallError::Permanent(m)) if m.contains("(401) bad key")));
        assert!(matches!(classify(404, ""), Some(CallError::Permanent(_))));
    }

    #[test]
    fn the_key_goes_over_https_or_to_this_machine_only() {
        assert_eq!(plan_url("https://routing.example.com/").unwrap(), "https://routing.example.com/v1/routes/plan");
        assert_eq!(
            plan_url("https://routing.example.com/api").unwrap(),
            "https://routing.example.com/api/v1/routes/plan"
        );
        for local in ["http://127.0.0.1:5701", "http://localhost:5701", "http://[::1]:5701", "HTTP://LocalHost"] {
            assert!(plan_url(local).is_ok(), "{local}");
        }
        for remote in [
            "http://routing.example.com",
            "http://127.0.0.1.example.com",
            "http://127.0.0.1@routing.example.com",
            "http://10.0.0.5:5701",
            "ftp://127.0.0.1",
            "routing.example.com",
            "",
        ] {
            assert!(matches!(plan_url(remote), Err(CallError::Permanent(m)) if m.contains("https://")), "{remote}");
        }
    }

    #[test]
    fn the_contract_reads_as_documented() {
        let answer: PlanResponse = serde_json::from_str(
            r#"{"routes":[{"route":"chi-1","stops":[{"locationId":"A","stockingIndex":1}]}],"extra":true}"#,
        )
        .unwrap();
        assert_eq!(answer.routes[0].stops[0], PlannedStop { location_id: "A".into(), stocking_index: 1 });
        let sent = serde_json::to_value(PlanRequest {
            job_id: "j".into(),
            date: "2026-11-26".into(),
            stops: vec![PlanStop {
                location_id: "A".into(),
                stocking_index: 1,
                fulfillment_center: "Chicago Kitchen".into(),
                stop_type: "DELIVERY".into(),
                latitude: None,
                longitude: Some(-87.6),
            }],
        })
        .unwrap();
        assert_eq!(sent["stops"][0]["fulfillmentCenter"], "Chicago Kitchen");
        assert!(sent["stops"][0].get("latitude").is_none());
    }
}
