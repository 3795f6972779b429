//! The reports' reads over DynamoDB: a kind's day over its shards (in
//! parallel), and the reading actions of a range through the driver actions'
//! stocking-day index and the driver log, each day's shards merged in order
//! (`shard`) and paged across days with a signed cursor; the routes of days;
//! the pool's users through the permissions area's store.
use super::{DayRow, PageAsk, PoolUser, ReportStore, Span};
use crate::rows::ReadingAction;
use chrono::NaiveDate;
use fleet_shared::driver_log::LogEntry;
use fleet_shared::entity::report;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::store::{self, Filter, Item, Key, SortKey};
use fleet_shared::{paging, shard, ApiError, Deps, Table};
use fn_permissions::store::PermissionStore;
use serde::de::DeserializeOwned;
use std::collections::BTreeSet;

/// Reports in DynamoDB, for a function that granted the tables it reads.
pub struct Dynamo(pub &'static Deps);

fn parse<T: DeserializeOwned>(items: Vec<Item>) -> Result<Vec<T>, ApiError> {
    items.into_iter().map(store::from_item).collect()
}

impl ReportStore for Dynamo {
    async fn day<R: DayRow>(&self, day: NaiveDate) -> Result<Vec<R>, ApiError> {
        let t = self.0.table(Table::ReportRows)?;
        let reads =
            report::partitions(R::KIND, day).into_iter().map(|pk| async move { t.query("pk", pk).all::<R>().await });
        let parts = futures::future::try_join_all(reads).await?;
        Ok(parts.into_iter().flatten().collect())
    }

    async fn actions_page(
        &self,
        event_types: &[&str],
        Span { days, from, to }: Span<'_>,
        PageAsk { scope, token, count }: PageAsk<'_>,
    ) -> Result<(Vec<ReadingAction>, Option<String>), ApiError> {
        let t = self.0.table(Table::DriverActions)?;
        let secret = self.0.config.paging_secret()?;
        let (items, next) =
            paging::signed_page_across(secret, scope, token, count, days.len(), |part, start: Option<Key>, limit| {
                let query = t
                    .query("dayShard", "")
                    .index("byStockingDay")
                    .sort("occurredSk", SortKey::Between(from.to_string(), format!("{to}~")))
                    .filter(Filter::In("eventType".into(), event_types.iter().map(|t| t.to_string()).collect()))
                    .across(shard::keys(&days[part]), "occurredSk", &["pk", "sk", "dayShard", "occurredSk"]);
                async move { query.page(start, limit).await }
            })
            .await?;
        Ok((parse(items)?, next))
    }

    async fn stops_of_days(&self, days: Vec<String>) -> Result<Vec<StoredStop>, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let reads = days
            .into_iter()
            .map(|d| async move { fleet_shared::route_store::stops_of_date(&t, &d).all::<StoredStop>().await });
        Ok(futures::future::try_join_all(reads).await?.into_iter().flatten().collect())
    }

    async fn log_page(
        &self,
        Span { days, from, to }: Span<'_>,
        PageAsk { scope, token, count }: PageAsk<'_>,
    ) -> Result<(Vec<LogEntry>, Option<String>), ApiError> {
        let t = self.0.table(Table::DriverLog)?;
        let secret = self.0.config.paging_secret()?;
        let (items, next) =
            paging::signed_page_across(secret, scope, token, count, days.len(), |part, start: Option<Key>, limit| {
                // BETWEEN from AND to: an entry at `to` sorts after it (`to#…`), so `[from, to)`.
                let query = t.query("pk", "").sort("sk", SortKey::Between(from.to_string(), to.to_string())).across(
                    shard::keys(&days[part]),
                    "sk",
                    &["pk", "sk"],
                );
                async move { query.page(start, limit).await }
            })
            .await?;
        Ok((parse(items)?, next))
    }

    /// The day's shards in parallel, each only the entries of `ids` (`uuid IN`:
    /// at most `MAX_EMAIL_IDS`, within DynamoDB's 100 operands).
    async fn log_callers(
        &self,
        day: &str,
        (from, to): (&str, &str),
        ids: &BTreeSet<String>,
    ) -> Result<BTreeSet<String>, ApiError> {
        /// An entry's caller: all that is kept of what is read.
        #[derive(serde::Deserialize)]
        struct Caller {
            uuid: String,
        }
        // An empty `IN` is no filter at all: nobody asked, nobody found.
        if ids.is_empty() {
            return Ok(BTreeSet::new());
        }
        let t = self.0.table(Table::DriverLog)?;
        let wanted: Vec<String> = ids.iter().cloned().collect();
        let reads = shard::keys(day).into_iter().map(|pk| {
            let query = t
                .query("pk", pk)
                .sort("sk", SortKey::Between(from.to_string(), to.to_string()))
                .filter(Filter::In("uuid".into(), wanted.clone()));
            async move { query.all::<Caller>().await }
        });
        let parts = futures::future::try_join_all(reads).await?;
        Ok(parts.into_iter().flatten().map(|c| c.uuid).collect())
    }

    /// The pool's users as the permissions area reads them (Cognito).
    async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
        fn_permissions::store::Dynamo(self.0).users().await
    }
}
