//! The local stand-in for the external routing service (LogiNext): the same
//! HTTP contract as `fn_routes::loginext::client`, planned deterministically
//! from the locations' coordinates. Started by the README's run command and
//! by the test command, on the port of `ROUTING_SERVICE_URL`.
//!
//! - It checks the key (`x-api-key`) against the SSM parameter the worker reads.
//! - `ROUTING_STUB_DELAY_MS` delays every answer (a slow service).
//! - `POST /_stub/failures {center, times, status?, delayMs?}` makes the next
//!   `times` requests naming that center fail with `status` (503 unless
//!   told), or answer after `delayMs`; tests name their own center, so they
//!   never disturb each other.
//! - `GET /apps/{app}` serves a stand-in page for each external app of the
//!   navigation's Internal Apps menu, so the demo shows the spec's whole
//!   navigation (a deployer names the real apps in `web/links.json`).
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Html;
use axum::routing::{get, post};
use axum::{Json, Router};
use fn_routes::loginext::client::{
    PlanRequest, PlanResponse, PlanStop, PlannedRoute, PlannedStop, KEY_HEADER, PLAN_PATH,
};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Stops per planned route.
pub const ROUTE_SIZE: usize = 12;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Injected {
    pub center: String,
    #[serde(default)]
    pub times: u32,
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub delay_ms: Option<u64>,
}

pub struct Stub {
    pub key: String,
    pub delay: Duration,
    injected: Mutex<HashMap<String, Injected>>,
}

impl Stub {
    pub fn new(key: String, delay: Duration) -> Arc<Stub> {
        Arc::new(Stub { key, delay, injected: Mutex::new(HashMap::new()) })
    }
}

/// A route's name from its center: `ln-` and the center's letters and digits.
fn route_name(center: &str, n: usize) -> String {
    let slug: String = center
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("ln-{}-{n}", slug.chars().take(24).collect::<String>())
}

/// Per center: a sweep around the center's stops' centroid (by angle), then
/// the stops without coordinates by id, cut into routes of `ROUTE_SIZE`.
pub fn plan(request: &PlanRequest) -> PlanResponse {
    let mut by_center: BTreeMap<&str, Vec<&PlanStop>> = BTreeMap::new();
    for s in &request.stops {
        by_center.entry(s.fulfillment_center.as_str()).or_default().push(s);
    }
    let mut routes = Vec::new();
    for (center, mut stops) in by_center {
        let placed: Vec<(f64, f64)> = stops.iter().filter_map(|s| Some((s.latitude?, s.longitude?))).collect();
        let n = placed.len().max(1) as f64;
        let (clat, clng) = placed.iter().fold((0.0, 0.0), |(a, b), (lat, lng)| (a + lat / n, b + lng / n));
        let angle = |s: &PlanStop| match (s.latitude, s.longitude) {
            (Some(lat), Some(lng)) => (lat - clat).atan2(lng - clng),
            _ => f64::INFINITY,
        };
        stops.sort_by(|a, b| {
            angle(a)
                .total_cmp(&angle(b))
                .then_with(|| (&a.location_id, a.stocking_index).cmp(&(&b.location_id, b.stocking_index)))
        });
        for (i, chunk) in stops.chunks(ROUTE_SIZE).enumerate() {
            routes.push(PlannedRoute {
                route: route_name(center, i + 1),
                stops: chunk
                    .iter()
                    .map(|s| PlannedStop { location_id: s.location_id.clone(), stocking_index: s.stocking_index })
                    .collect(),
            });
        }
    }
    PlanResponse { routes }
}

async fn plan_route(
    State(stub): State<Arc<Stub>>,
    headers: HeaderMap,
    Json(request): Json<PlanRequest>,
) -> Result<Json<PlanResponse>, (StatusCode, String)> {
    if headers.get(KEY_HEADER).and_then(|v| v.to_str().ok()) != Some(stub.key.as_str()) {
        return Err((StatusCode::UNAUTHORIZED, "invalid API key".into()));
    }
    let mut delay = stub.delay;
    let mut failure = None;
    {
        let mut injected = stub.injected.lock().unwrap_or_else(|p| p.into_inner());
        for s in &request.stops {
            if let Some(i) = injected.get_mut(&s.fulfillment_center) {
                delay = delay.max(Duration::from_millis(i.delay_ms.unwrap_or(0)));
                if i.times > 0 && failure.is_none() {
                    i.times -= 1;
                    failure = Some(i.status.unwrap_or(503));
                }
            }
        }
    }
    tokio::time::sleep(delay).await;
    if let Some(status) = failure {
        let code = StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
        return Err((code, "injected failure".into()));
    }
    tracing::info!(job = %request.job_id, date = %request.date, stops = request.stops.len(), "planned");
    Ok(Json(plan(&request)))
}

async fn inject(State(stub): State<Arc<Stub>>, Json(injected): Json<Injected>) -> StatusCode {
    stub.injected.lock().unwrap_or_else(|p| p.into_inner()).insert(injected.center.clone(), injected);
    StatusCode::NO_CONTENT
}

pub fn router(stub: Arc<Stub>) -> Router {
    Router::new()
        .route(PLAN_PATH, post(plan_route))
        .route("/_stub/failures", post(inject))
        .route("/health", get(|| async { "ok" }))
        .route("/apps/{app}", get(demo_app))
        .with_state(stub)
}

/// The external apps the local stack links to (`scripts/local/provision.py`
/// writes these paths into the web app's `links`), with the names the menu shows.
pub const DEMO_APPS: [(&str, &str); 2] = [("facility-cms", "Facility CMS"), ("driver-app", "Driver App")];

/// A stand-in page for an external app, saying what it stands for.
async fn demo_app(Path(app): Path<String>) -> Result<Html<String>, StatusCode> {
    let (_, name) = DEMO_APPS.iter().find(|(path, _)| *path == app).ok_or(StatusCode::NOT_FOUND)?;
    Ok(Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{name} (demo)</title></head>\
         <body><main><h1>{name}</h1><p>This is the local stack's stand-in for {name}, an external app. \
         A deployed console links to the real one, named in <code>web/links.json</code>.</p></main></body></html>"
    )))
}

/// The port of a base URL such as `http://127.0.0.1:5601`.
pub fn port_of(url: &str) -> Option<u16> {
    url.trim_end_matches('/').rsplit(':').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stop(id: &str, center: &str, at: Option<(f64, f64)>) -> PlanStop {
        PlanStop {
            location_id: id.into(),
            stocking_index: 1,
            fulfillment_center: center.into(),
            stop_type: "DELIVERY".into(),
            latitude: at.map(|a| a.0),
            longitude: at.map(|a| a.1),
        }
    }

    #[tokio::test]
    async fn each_internal_app_has_its_stand_in_page_and_no_other_path_does() {
        for (path, name) in DEMO_APPS {
            let Html(page) = demo_app(Path(path.to_string())).await.expect(path);
            assert!(page.contains(&format!("<h1>{name}</h1>")), "{page}");
        }
        assert_eq!(demo_app(Path("payroll".into())).await.unwrap_err(), StatusCode::NOT_FOUND);
    }

    #[test]
    fn the_plan_is_a_deterministic_sweep_per_center_cut_into_routes() {
        let mut stops: Vec<PlanStop> = (0..14)
            .map(|i| {
                stop(&format!("N{i:02}"), "North Kitchen", Some((41.0 + (i as f64).sin(), -87.0 + (i as f64).cos())))
            })
            .collect();
        stops.push(stop("S1", "South", None));
        stops.push(stop("N99", "North Kitchen", None));
        let request = PlanRequest { job_id: "j".into(), date: "2026-11-26".into(), stops };
        let first = plan(&request);
        let names: Vec<&str> = first.routes.iter().map(|r| r.route.as_str()).collect();
        assert_eq!(names, ["ln-north-kitchen-1", "ln-north-kitchen-2", "ln-south-1"]);
        assert_eq!(first.routes[0].stops.len(), ROUTE_SIZE);
        assert_eq!(first.routes[1].stops.last().unwrap().location_id, "N99", "no coordinates: last");
        let mut reversed = request.clone();
        reversed.stops.reverse();
        assert_eq!(plan(&reversed), first, "the same stops in any order plan the same");
        assert_eq!(port_of("http://127.0.0.1:5601/"), Some(5601));
    }
}
