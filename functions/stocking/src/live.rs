//! The dashboard's push (issue 61): the tables' streams turned into small
//! change events, coalesced per route in each batch, and sent to the
//! subscribers of their date through the API's publishing mutation; and the
//! subscription's own check, the same permission gate as the queries.
//!
//! One publisher fed by the streams, not by each writer: a writer added
//! later publishes without knowing it.
mod change;
#[cfg(test)]
mod tests;

pub use change::{change_of, coalesce, ChangeKind, StockingChange, StreamTable};

use fleet_shared::events::{DynamoDbEvent, DynamoDbEventResponse};
use fleet_shared::{contract::Ctx, permissions, publisher, ApiError, Caller, Deps, Table};
use serde::Deserialize;

/// The publishing mutation: it selects every field of the event, since
/// subscribers get only what it selects.
pub const PUBLISH_FIELD: &str = "publishStockingChange";
const PUBLISH: publisher::Mutation = publisher::Mutation {
    field: PUBLISH_FIELD,
    document: "mutation Publish($input: StockingChangeInput!) { publishStockingChange(input: $input) { dropOffDate route locationId stockingIndex kind changedAt } }",
};

/// Who may see the whole day besides GetCheckPointStatus: the office and supervisors.
const WHOLE_DAY_ACTIONS: &[&str] = fleet_shared::assignment::ROUTE_READERS;
/// A driver's actions (2-fleet §3): a caller holding one of them and none of
/// `WHOLE_DAY_ACTIONS` sees only their own routes.
const DRIVER_ACTIONS: [&str; 2] = ["FridgeTasks", "VanTasks"];

/// Whether `caller` (who holds GetCheckPointStatus) sees the whole day, not
/// only the routes assigned to them: one read of the four actions' items.
pub async fn sees_whole_day(deps: &Deps, caller: &Caller) -> Result<bool, ApiError> {
    let asked: Vec<&str> = WHOLE_DAY_ACTIONS.iter().chain(DRIVER_ACTIONS.iter()).copied().collect();
    Ok(whole_day_for(&permissions::held_of(deps, &caller.sub, &asked).await?))
}

/// The rule of `sees_whole_day` over the actions held.
pub fn whole_day_for(held: &[String]) -> bool {
    let holds = |actions: &[&str]| held.iter().any(|a| actions.contains(&a.as_str()));
    holds(WHOLE_DAY_ACTIONS) || !holds(&DRIVER_ACTIONS)
}

/// How `caller` reads the day (`board::Viewer`).
pub async fn viewer_of(deps: &Deps, caller: &Caller) -> Result<crate::board::Viewer, ApiError> {
    Ok(if sees_whole_day(deps, caller).await? {
        crate::board::Viewer::WholeDay
    } else {
        crate::board::Viewer::Driver(caller.sub.clone())
    })
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubscribeArgs {
    pub drop_off_date: fleet_shared::entity::StockingDate,
}

/// `onStockingChanged`: runs when a client subscribes; null lets it in. The
/// registry's gate has checked GetCheckPointStatus; a driver, who sees only
/// their own routes, is refused with the gate's message.
/// The date is checked as the arguments are read (`StockingDate`).
pub async fn subscribe(deps: &'static Deps, ctx: Ctx, _: SubscribeArgs) -> Result<Option<StockingChange>, ApiError> {
    if !sees_whole_day(deps, ctx.caller()?).await? {
        return Err(ApiError::Forbidden);
    }
    Ok(None)
}

/// The stream batch: each record read into its change (records that change
/// no dashboard are left out), coalesced, and published; a change that could
/// not be published reports its first record, so the event source mapping
/// retries from there (and bisects); past its retries the failure queue keeps
/// the records' positions.
pub async fn publish(deps: &'static Deps, _: Ctx, event: DynamoDbEvent) -> Result<DynamoDbEventResponse, ApiError> {
    let tables = StreamTable::names(|t| deps.config.table(t).ok().map(str::to_string));
    let changes = publisher::read_records(&event.records, |r| change_of(&tables, r));
    publisher::publish(deps, &PUBLISH, coalesce(changes)).await
}

/// The tables whose writes change the dashboard: their streams feed the publisher.
pub const STREAMED: &[Table] = &[Table::DriverActions, Table::LocationRoutes, Table::FridgeOrders];
