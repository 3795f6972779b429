//! `createDriverAction` and `getDriverAction` (the rules of `service` over
//! the DynamoDB store), and `getPackingSlipsV3`.
use crate::acknowledge::{AckArgs, AttentionAcknowledgement};
use crate::board::{DashboardArgs, DashboardView};
use crate::correct::{CorrectArgs, StockedCorrection};
use crate::drop_list::{Summary, SummaryArgs};
use crate::jit::{JitDay, Outcome};
use crate::revert::{RevertArgs, Reverted};
use crate::service::{self, CreateArgs, DriverActionView, ListArgs};
use crate::slips::{self, SlipView};
use crate::store::Dynamo;
use fleet_shared::contract::{Ctx, Page};
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::entity::{LocationId, PackingSlipId, StockingDate, StockingIndex};
use fleet_shared::history::HistoryPage;
use fleet_shared::{driver_log, ApiError, Deps};

/// `createDriverAction(input)`: the recorded `DriverAction`.
pub async fn create(deps: &'static Deps, ctx: Ctx, args: CreateArgs) -> Result<DriverActionView, ApiError> {
    let store = Dynamo(deps);
    let caller = ctx.caller()?;
    // Logged only from bounded fields (issue 38), and only a call of a caller who holds its
    // type's action (issue 59): a refused one is an error row, anyone else's adds none.
    let admitted = match service::admit(&store, caller, args.input).await {
        Ok(admitted) => admitted,
        Err(service::Refused { error, logged: Some(f) }) => {
            let call =
                driver_log::Call { caller, fridge: &f.fridge, operation: f.operation, request_id: &f.request_id };
            return driver_log::logged(deps, call, async { Err(error) }).await;
        }
        Err(refused) => return Err(refused.error),
    };
    let (kind, fridge, request_id) =
        (admitted.kind.name(), admitted.location_id.to_string(), admitted.request_id.clone());
    let call = driver_log::Call { caller, fridge: &fridge, operation: kind, request_id: &request_id };
    driver_log::logged(deps, call, service::record(&store, caller, admitted)).await
}

/// `stockingDashboard(filter)`: the dashboard's one aggregate answer; a driver's
/// is their own routes of the day alone (`live::sees_whole_day`).
pub async fn dashboard(deps: &'static Deps, ctx: Ctx, args: DashboardArgs) -> Result<DashboardView, ApiError> {
    // The container's copies of the days it answered: a refresh reads what changed (`board_day`).
    static DAYS: crate::board_day::DayCopies = crate::board_day::DayCopies::new();
    let viewer = crate::live::viewer_of(deps, ctx.caller()?).await?;
    crate::board::dashboard_for(&Dynamo(deps), &DAYS, args, &viewer).await
}

/// `dropOffSummary(dropOffDate)`: the Drop Off Summary's rows.
pub async fn drop_off_summary(deps: &'static Deps, ctx: Ctx, args: SummaryArgs) -> Result<Summary, ApiError> {
    crate::drop_list::summary(&Dynamo(deps), ctx.caller()?, args).await
}

/// `revertDropOverride(input)`: a supervisor takes a locked row back to Pending.
pub async fn revert_drop_override(deps: &'static Deps, ctx: Ctx, args: RevertArgs) -> Result<Reverted, ApiError> {
    crate::revert::run(&Dynamo(deps), ctx.caller()?, args.input, ctx.now).await
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DropOverrideHistoryArgs {
    drop_off_date: StockingDate,
    packing_slip_id: PackingSlipId,
    #[serde(default)]
    next_token: Option<String>,
}

/// `dropOverrideHistory(dropOffDate, packingSlipId, nextToken)`: the slip's
/// drop-status history (overrides and reverts), newest first.
pub async fn drop_override_history(
    deps: &'static Deps,
    ctx: Ctx,
    args: DropOverrideHistoryArgs,
) -> Result<HistoryPage, ApiError> {
    let date = args.drop_off_date.to_string();
    if !fleet_shared::flags::has_flag(deps, ctx.caller()?, fleet_shared::flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }
    let entity =
        fleet_shared::history::entity(crate::drop::SLIP_ENTITY, &crate::drop::lock_key(&date, &args.packing_slip_id));
    fleet_shared::history::page_of(deps, &entity, args.next_token.as_deref()).await
}

/// `correctLocationStocked(input)`: a supervisor voids or re-times a LocationStocked.
/// `acknowledgeAttention(input)`: an operator takes on a Needs-attention item with a note.
pub async fn acknowledge_attention(
    deps: &'static Deps,
    ctx: Ctx,
    args: AckArgs,
) -> Result<AttentionAcknowledgement, ApiError> {
    // The container's warm copies of the days it checked acknowledgements against (`board::OpenDay`).
    static DAYS: crate::board_day::DayCopies = crate::board_day::DayCopies::new();
    let store = Dynamo(deps);
    let open = crate::board::OpenDay(&store, &DAYS);
    crate::acknowledge::run(&store, &open, ctx.caller()?, args.input, ctx.now).await
}

pub async fn correct_location_stocked(
    deps: &'static Deps,
    ctx: Ctx,
    args: CorrectArgs,
) -> Result<StockedCorrection, ApiError> {
    crate::correct::run(&Dynamo(deps), ctx.caller()?, args.input, ctx.now).await
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StockedHistoryArgs {
    stocking_day: StockingDate,
    location_id: LocationId,
    stocking_index: StockingIndex,
    #[serde(default)]
    next_token: Option<String>,
}

/// `stockedHistory(stockingDay, locationId, stockingIndex, nextToken)`: the
/// stop's stocked-record corrections, newest first. A driver reads only a
/// stop of their own routes that day (`board::sees_stop`).
pub async fn stocked_history(deps: &'static Deps, ctx: Ctx, args: StockedHistoryArgs) -> Result<HistoryPage, ApiError> {
    let day = args.stocking_day.to_string();
    let location = args.location_id;
    let viewer = crate::live::viewer_of(deps, ctx.caller()?).await?;
    if !crate::board::sees_stop(&Dynamo(deps), &viewer, &day, location.as_str(), args.stocking_index.get()).await? {
        return Err(ApiError::Forbidden);
    }
    let entity = crate::correct::entity(&day, location.as_str(), args.stocking_index.get());
    fleet_shared::history::page_of(deps, &entity, args.next_token.as_deref()).await
}

/// `jitManagement(input)`: a date's route stops with their JIT flags.
pub async fn jit_management(deps: &'static Deps, ctx: Ctx, args: crate::jit::ListArgs) -> Result<JitDay, ApiError> {
    crate::jit::list(&Dynamo(deps), ctx.caller()?, args.input).await
}

/// `updateJITLocationStatus(input)`: one result per update.
pub async fn update_jit(deps: &'static Deps, ctx: Ctx, args: crate::jit::UpdateArgs) -> Result<Vec<Outcome>, ApiError> {
    crate::jit::run_update(&Dynamo(deps), ctx.caller()?, args.input, ctx.now).await
}

/// `getDriverAction(filter, nextToken)`: a page of one type's actions.
pub async fn list(deps: &'static Deps, ctx: Ctx, args: ListArgs) -> Result<Page<DriverActionView>, ApiError> {
    service::list(&Dynamo(deps), ctx.caller()?, args).await
}

/// Slips a `getPackingSlipsV3` page holds at most.
pub const SLIPS_PAGE: usize = 1000;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlipFilter {
    drop_off_date: StockingDate,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipArgs {
    filter: SlipFilter,
    #[serde(default)]
    next_token: Option<String>,
}

/// `getPackingSlipsV3(filter: {dropOffDate}, nextToken)`: a date's slips,
/// `SLIPS_PAGE` a page (one Query of the slips, one of that date's route
/// stops for the routes; never a Scan).
pub async fn packing_slips(deps: &'static Deps, _: Ctx, args: SlipArgs) -> Result<Page<SlipView>, ApiError> {
    let date = args.filter.drop_off_date.to_string();
    let token = args.next_token;
    let store = Dynamo(deps);
    let (page, next) = store.slips_page(&date, token.as_deref(), SLIPS_PAGE).await?;
    let stops: Vec<RouteStop> = if page.is_empty() { vec![] } else { store.stops_of_date(&date).await? };
    let routes = slips::Routes::of(&stops);
    Ok(Page { items: page.iter().map(|s| slips::view(s, &routes)).collect(), next_token: next })
}
