//! Route functions: parse at the boundary, then run the route rules.
use crate::drivers::DriverRoutes;
use crate::route_schedule::{self, RouteSchedule};
use crate::{cells, orders, stops};
use fleet_shared::upload::{self, RawRow, UploadRequest};
use fleet_shared::{store, ApiError, Deps, Input, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

fn user(input: &Input) -> Result<String, ApiError> {
    Ok(input.caller()?.display().to_string())
}

/// `locationRoutes(stockingDate, calculateTotes)`: every stop of the date in
/// one query, and when asked the orders of the date in one more.
pub async fn location_routes(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let raw: String = input.arg("stockingDate")?;
    let probe = RawRow { row: 0, values: json!({ "stockingDate": raw }).as_object().cloned().unwrap_or_default() };
    let mut errors = Vec::new();
    let date =
        cells::date(&probe, "stockingDate", &mut errors).ok_or_else(|| ApiError::bad_request(errors.join("; ")))?;
    let totes: Option<bool> = input.arg("calculateTotes")?;
    let (stops, units) = if totes.unwrap_or(false) {
        let (s, u) = tokio::try_join!(stops::of_date(deps, &date), orders::units_of_date(deps, &date))?;
        (s, Some(u))
    } else {
        (stops::of_date(deps, &date).await?, None)
    };
    Ok(json!({ "routes": orders::routes_with_totes(stops, units.as_ref()) }))
}

/// Location id -> type for every id the rows name (one batched read).
async fn known_locations(deps: &Deps, req: &UploadRequest) -> Result<HashMap<String, String>, ApiError> {
    let mut ids: Vec<String> = req.rows.iter().filter_map(|r| cells::cell(r, "id")).collect();
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let keys = ids.into_iter().map(|id| HashMap::from([("id".to_string(), store::s(id))])).collect();
    let items = deps.table(Table::Locations)?.batch_get(keys, &["id", "type"]).await?;
    let mut known = HashMap::new();
    for item in items {
        let v: Value = store::from_item(item)?;
        known.insert(
            v["id"].as_str().unwrap_or_default().to_string(),
            v["type"].as_str().unwrap_or("FRIDGE").to_string(),
        );
    }
    Ok(known)
}

async fn route_kind(deps: &'static Deps, input: &Input, req: &UploadRequest) -> Result<RouteSchedule, ApiError> {
    Ok(RouteSchedule {
        deps,
        user: user(input)?,
        now: fn_locations::store::now(),
        known: known_locations(deps, req).await?,
    })
}

/// POST /locations/routes/schedule/dry-run: keeps the file, then checks it whole.
pub async fn route_schedule_dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    req.check(upload::MAX_FILE_ROWS)?;
    route_schedule::keep_file(deps, &req).await;
    upload::dry_run(&route_kind(deps, &input, &req).await?, &req).await
}

/// POST /locations/routes/schedule/commit: one batch of whole route groups.
pub async fn route_schedule_commit(deps: &'static Deps, input: Input) -> Result<upload::Committed, ApiError> {
    let req: UploadRequest = input.parse()?;
    req.check(upload::MAX_BATCH_ROWS)?;
    upload::commit(&route_kind(deps, &input, &req).await?, &req, &deps.table(Table::Idempotency)?).await
}

fn driver_kind(deps: &'static Deps, input: &Input) -> Result<DriverRoutes, ApiError> {
    Ok(DriverRoutes { deps, user: user(input)?, now: fn_locations::store::now() })
}

/// POST /locations/routes/drivers/dry-run
pub async fn driver_routes_dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    upload::dry_run(&driver_kind(deps, &input)?, &req).await
}

/// POST /locations/routes/drivers/commit: changes locations, so it also needs
/// the action a location update needs.
pub async fn driver_routes_commit(deps: &'static Deps, input: Input) -> Result<upload::Committed, ApiError> {
    input.require(deps, "UpdateLocation").await?;
    let req: UploadRequest = input.parse()?;
    upload::commit(&driver_kind(deps, &input)?, &req, &deps.table(Table::Idempotency)?).await
}
