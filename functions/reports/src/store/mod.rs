//! The narrow store the reports read through: a kind's day of report rows,
//! a page of the temperature-reading driver actions and of the driver log
//! across days, who called in a day of the driver log, the route stops of
//! days, and the pool's users. `service`
//! only sees the trait, so each report's reads, paging and joins are
//! unit-tested over `memory::Memory`; `Dynamo` is the DynamoDB implementation.
use crate::rows::ReadingAction;
use chrono::NaiveDate;
use fleet_shared::driver_log::LogEntry;
use fleet_shared::entity::report::{EmptyChannel, Kind, StockOut};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::ApiError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::BTreeSet;
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;
pub use fn_permissions::store::PoolUser;

/// A report row kept by Central day (`fleet_shared::entity::report`): its
/// kind names the day's partitions (`{kind}#{day}#{shard}`) it is read from.
pub trait DayRow: Serialize + DeserializeOwned + Send + 'static {
    const KIND: Kind;
}

impl DayRow for EmptyChannel {
    const KIND: Kind = Kind::EmptyChannel;
}

impl DayRow for StockOut {
    const KIND: Kind = Kind::StockOut;
}

/// The `stamp` texts a range read runs between (`from` before `to`), over
/// these days, in order.
#[derive(Debug, Clone, Copy)]
pub struct Span<'a> {
    pub days: &'a [String],
    pub from: &'a str,
    pub to: &'a str,
}

/// A page asked for: behind `token` (signed for `scope`, as the last page
/// answered it), at most `count` items.
#[derive(Debug, Clone, Copy)]
pub struct PageAsk<'a> {
    pub scope: &'a str,
    pub token: Option<&'a str>,
    pub count: usize,
}

pub trait ReportStore: Sync {
    /// Every row of a kind's Central day, over all of its shards.
    fn day<R: DayRow>(&self, day: NaiveDate) -> impl Future<Output = Result<Vec<R>, ApiError>> + Send;
    /// One page of the driver actions of `event_types` whose stocking day is
    /// one of `span.days`, `occurredAt` from `span.from` to `span.to`
    /// (inclusive: the index's BETWEEN), days in order and each day in
    /// `occurredSk` order, and the next page's token.
    fn actions_page(
        &self,
        event_types: &[&str],
        span: Span<'_>,
        page: PageAsk<'_>,
    ) -> impl Future<Output = Result<(Vec<ReadingAction>, Option<String>), ApiError>> + Send;
    /// Every route stop of these stocking dates.
    fn stops_of_days(&self, days: Vec<String>) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// One page of the driver log's entries of `span.days` whose sort key
    /// (`{actionTime}#…`) is between `span.from` and `span.to` (so an entry
    /// at `to` is left out), days in order and each day in sort-key order,
    /// and the next page's token.
    fn log_page(
        &self,
        span: Span<'_>,
        page: PageAsk<'_>,
    ) -> impl Future<Output = Result<(Vec<LogEntry>, Option<String>), ApiError>> + Send;
    /// Those of `ids` that are the caller (`uuid`) of one of the driver log's
    /// entries of Central `day` whose sort key is between `from` and `to`
    /// (as `log_page`: an entry at `to` is left out).
    fn log_callers(
        &self,
        day: &str,
        between: (&str, &str),
        ids: &BTreeSet<String>,
    ) -> impl Future<Output = Result<BTreeSet<String>, ApiError>> + Send;
    /// Every user of the pool.
    fn users(&self) -> impl Future<Output = Result<Vec<PoolUser>, ApiError>> + Send;
}
