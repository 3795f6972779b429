//! The reports' reads: a kind's day over its shards (in parallel), and the
//! LocationStocked actions of a range through the driver actions' stocking-day
//! index and the driver log, each day's shards merged in order (`shard`) and
//! paged across days with a signed cursor; the routes of those days.
use chrono::NaiveDate;
use fleet_shared::entity::report::{self, Kind};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::store::{self, Filter, Item, Key, SortKey};
use fleet_shared::{paging, shard, ApiError, Deps, Table};
use serde::de::DeserializeOwned;

/// Every row of a kind's Central day.
pub async fn day<T: DeserializeOwned>(deps: &'static Deps, kind: Kind, date: NaiveDate) -> Result<Vec<T>, ApiError> {
    let t = deps.table(Table::ReportRows)?;
    let reads = report::partitions(kind, date).into_iter().map(|pk| async move { t.query("pk", pk).all::<T>().await });
    let parts = futures::future::try_join_all(reads).await?;
    Ok(parts.into_iter().flatten().collect())
}

/// One page of the stocking-day index's actions of `event_types` between two
/// `stamp` texts over `days`, behind a cursor signed for `scope`.
pub async fn actions_page(
    deps: &'static Deps,
    scope: &str,
    event_types: &[&str],
    days: &[String],
    (from, to): (&str, &str),
    token: Option<&str>,
    count: usize,
) -> Result<(Vec<Item>, Option<String>), ApiError> {
    let t = deps.table(Table::DriverActions)?;
    let secret = deps.config.paging_secret()?;
    paging::signed_page_across(secret, scope, token, count, days.len(), |part, start: Option<Key>, limit| {
        let query = t
            .query("dayShard", "")
            .index("byStockingDay")
            .sort("occurredSk", SortKey::Between(from.to_string(), format!("{to}~")))
            .filter(Filter::In("eventType".into(), event_types.iter().map(|t| t.to_string()).collect()))
            .across(shard::keys(&days[part]), "occurredSk", &["pk", "sk", "dayShard", "occurredSk"]);
        async move { query.page(start, limit).await }
    })
    .await
}

/// The stops of each day.
pub async fn stops_of_days(deps: &'static Deps, days: Vec<String>) -> Result<Vec<StoredStop>, ApiError> {
    let t = deps.table(Table::LocationRoutes)?;
    let reads = days
        .into_iter()
        .map(|d| async move { fleet_shared::route_store::stops_of_date(&t, &d).all::<StoredStop>().await });
    Ok(futures::future::try_join_all(reads).await?.into_iter().flatten().collect())
}

pub fn parse<T: DeserializeOwned>(items: Vec<Item>) -> Result<Vec<T>, ApiError> {
    items.into_iter().map(store::from_item).collect()
}

/// One page of the driver log between two `stamp` texts over `days`.
pub async fn log_page(
    deps: &'static Deps,
    scope: &str,
    days: &[String],
    (from, to): (&str, &str),
    token: Option<&str>,
    count: usize,
) -> Result<(Vec<Item>, Option<String>), ApiError> {
    let t = deps.table(Table::DriverLog)?;
    let secret = deps.config.paging_secret()?;
    paging::signed_page_across(secret, scope, token, count, days.len(), |part, start: Option<Key>, limit| {
        // BETWEEN from AND to: an entry at `to` sorts after it (`to#…`), so `[from, to)`.
        let query = t.query("pk", "").sort("sk", SortKey::Between(from.to_string(), to.to_string())).across(
            shard::keys(&days[part]),
            "sk",
            &["pk", "sk"],
        );
        async move { query.page(start, limit).await }
    })
    .await
}
