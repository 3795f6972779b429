//! Route functions: parse at the boundary, then run the route rules.
use crate::assignments::{self, AssignInput, AssignmentView, DriverChoice, DriverUpload};
use crate::drivers::DriverRoutes;
use crate::loginext::client::Http;
use crate::loginext::job::JobView;
use crate::loginext::start::{self, Starter, SyncInput};
use crate::loginext::worker::Worker;
use crate::route_schedule::{self, RouteSchedule};
use crate::settings::{SetClaimsInput, SettingsView};
use crate::store::{Dynamo, RoutesStore};
use crate::{cells, orders};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::entity::{RouteDate, RouteName};
use fleet_shared::events::{SqsBatchResponse, SqsEvent};
use fleet_shared::upload::{self, UploadRequest};
use fleet_shared::{ApiError, Deps};
use serde::Deserialize;
use std::collections::HashMap;

fn user(ctx: &Ctx) -> Result<String, ApiError> {
    Ok(ctx.caller()?.display().to_string())
}

/// `locationRoutes(stockingDate, calculateTotes)`: every stop of the date in
/// one query, and when asked the orders of the date in one more.
pub async fn location_routes(deps: &'static Deps, _: Ctx, args: LocationRoutesArgs) -> Result<RoutesOfDate, ApiError> {
    let date = args.stocking_date.to_string();
    let store = Dynamo(deps);
    let (stops, units) = if args.calculate_totes.unwrap_or(false) {
        let (s, u) = tokio::try_join!(store.stops_of_date(&date), orders::units_of_date(&store, &date))?;
        (s, Some(u))
    } else {
        (store.stops_of_date(&date).await?, None)
    };
    Ok(RoutesOfDate { routes: orders::routes_with_totes(stops, units.as_ref()) })
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationRoutesArgs {
    stocking_date: RouteDate,
    #[serde(default)]
    calculate_totes: Option<bool>,
}

/// `locationRoutes`' answer: the date's routes with their stops (and totes when asked).
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct RoutesOfDate {
    routes: Vec<orders::RouteWithTotes>,
}

/// Location id -> type for every id the rows name (one batched read).
async fn known_locations(store: &impl RoutesStore, req: &UploadRequest) -> Result<HashMap<String, String>, ApiError> {
    let mut ids: Vec<String> = req.rows.iter().filter_map(|r| cells::cell(r, "id")).collect();
    ids.sort();
    ids.dedup();
    let found = store.locations(ids, &["id", "type"]).await?;
    Ok(found.into_iter().map(|l| (l.id.to_string(), l.kind().to_string())).collect())
}

async fn route_kind(deps: &'static Deps, ctx: &Ctx, req: &UploadRequest) -> Result<RouteSchedule, ApiError> {
    let (store, user) = (Dynamo(deps), user(ctx)?);
    let known = known_locations(&store, req).await?;
    Ok(RouteSchedule { store, user, now: ctx.now_text(), known })
}

/// POST /locations/routes/schedule/dry-run: checks the file whole (it is kept on commit).
pub async fn route_schedule_dry_run(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::DryRun, ApiError> {
    req.check(upload::MAX_FILE_ROWS)?;
    upload::dry_run(&route_kind(deps, &ctx, &req).await?, &req).await
}

/// POST /locations/routes/schedule/commit: one batch of whole route groups;
/// the batch's rows are kept under `routes-upload/` once it is answered.
pub async fn route_schedule_commit(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::Committed, ApiError> {
    req.check(upload::MAX_BATCH_ROWS)?;
    let committed = upload::commit(&route_kind(deps, &ctx, &req).await?, &req, deps).await?;
    route_schedule::keep_batch(deps, &req).await;
    Ok(committed)
}

fn driver_kind(deps: &'static Deps, ctx: &Ctx) -> Result<DriverRoutes, ApiError> {
    Ok(DriverRoutes { store: Dynamo(deps), user: user(ctx)?, now: ctx.now_text() })
}

/// POST /locations/routes/drivers/dry-run
pub async fn driver_routes_dry_run(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::DryRun, ApiError> {
    upload::dry_run(&driver_kind(deps, &ctx)?, &req).await
}

/// POST /locations/routes/drivers/commit: changes locations, so it also needs
/// the action a location update needs.
pub async fn driver_routes_commit(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::Committed, ApiError> {
    ctx.require(deps, "UpdateLocation").await?;
    upload::commit(&driver_kind(deps, &ctx)?, &req, deps).await
}

/// `syncLogiNextLocRoutes(input)`: records the job and queues its dates (see `loginext::start`).
pub async fn sync_loginext(deps: &'static Deps, ctx: Ctx, args: SyncArgs) -> Result<start::Started, ApiError> {
    let caller = ctx.caller()?;
    let who = Starter { sub: &caller.sub, email: caller.display(), name: caller.name.as_deref() };
    start::start(&Dynamo(deps), deps, args.input, who, ctx.now).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SyncArgs {
    input: SyncInput,
}

/// `logiNextSyncJobs`: the recent sync jobs, newest first.
pub async fn loginext_sync_jobs(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<JobView>, ApiError> {
    start::recent(&Dynamo(deps)).await
}

/// The route-sync queue's worker: answers `{batchItemFailures}`.
pub async fn route_sync_worker(deps: &'static Deps, ctx: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    let store = Dynamo(deps);
    let planner = Http(deps.config.routing_service()?);
    let worker = Worker { routes: &store, jobs: &store, records: deps, planner: &planner, now: ctx.now };
    Ok(worker.batch(event.records).await)
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteAssignmentsArgs {
    stocking_date: RouteDate,
}

/// `routeAssignments(stockingDate)`: every route driver of the date.
pub async fn route_assignments(
    deps: &'static Deps,
    _: Ctx,
    args: RouteAssignmentsArgs,
) -> Result<Vec<AssignmentView>, ApiError> {
    assignments::list(&Dynamo(deps), args.stocking_date).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct AssignArgs {
    input: AssignInput,
}

/// `assignRouteDriver(input)`: sets, changes or clears one route's driver.
pub async fn assign_route_driver(
    deps: &'static Deps,
    ctx: Ctx,
    args: AssignArgs,
) -> Result<Option<AssignmentView>, ApiError> {
    assignments::assign(&Dynamo(deps), deps, ctx.caller()?, args.input, &ctx.now_text()).await
}

/// `routeDriverChoices`: the users who may drive a route, for the office's e-mail field.
pub async fn route_driver_choices(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<DriverChoice>, ApiError> {
    assignments::choices(&Dynamo(deps)).await
}

/// `routeSettings`: the office's route settings.
pub async fn route_settings(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<SettingsView, ApiError> {
    Ok(SettingsView::from(&fleet_shared::route_store::route_settings(deps).await?))
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct SetClaimsArgs {
    input: SetClaimsInput,
}

/// `setRouteClaims(input)`: turns drivers' claims on or off.
pub async fn set_route_claims(deps: &'static Deps, ctx: Ctx, args: SetClaimsArgs) -> Result<SettingsView, ApiError> {
    crate::settings::set_claims(&Dynamo(deps), deps, ctx.caller()?, args.input, &ctx.now_text()).await
}

/// `routeDriverHistory(stockingDate, route, nextToken)`: a route's driver changes, newest first.
pub async fn route_driver_history(
    deps: &'static Deps,
    _: Ctx,
    args: RouteDriverHistoryArgs,
) -> Result<fleet_shared::history::HistoryPage, ApiError> {
    let entity = assignments::history_entity(args.stocking_date, &args.route);
    fleet_shared::history::page_of(deps, &entity, args.next_token.as_deref()).await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteDriverHistoryArgs {
    stocking_date: RouteDate,
    route: RouteName,
    #[serde(default)]
    next_token: Option<String>,
}

async fn driver_upload<'a>(
    store: &'a Dynamo,
    ctx: &Ctx,
    req: &UploadRequest,
) -> Result<DriverUpload<'a, Dynamo>, ApiError> {
    // One directory read for the whole request; over MAX_FILE_EMAILS e-mails is refused here.
    let known = assignments::resolve(store, assignments::emails_of(req)).await?;
    Ok(DriverUpload { store, user: user(ctx)?, now: ctx.now_text(), known })
}

/// POST /locations/routes/assignments/dry-run: `date, route, driverEmail` rows checked whole.
pub async fn route_drivers_dry_run(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::DryRun, ApiError> {
    let store = Dynamo(deps);
    upload::dry_run(&driver_upload(&store, &ctx, &req).await?, &req).await
}

/// POST /locations/routes/assignments/commit: one batch; each route's change lands alone.
pub async fn route_drivers_commit(
    deps: &'static Deps,
    ctx: Ctx,
    req: UploadRequest,
) -> Result<upload::Committed, ApiError> {
    let store = Dynamo(deps);
    upload::commit(&driver_upload(&store, &ctx, &req).await?, &req, deps).await
}
