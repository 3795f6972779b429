//! The store layer every area writes through: item mapping, one paging
//! helper, batched and transactional writes, and one mapping of conditional
//! failures to 409 (AWS errors in general are classified in `error`).
//! Areas put their domain logic over narrow store traits of their own and
//! implement them with these helpers.

// The store layer: items and their one paging loop, queries, files, paging tokens,
// idempotency records and the shared reads (locations, routes, snapshots, names).
pub mod files;
pub mod idempotency;
pub mod item;
pub mod location_store;
pub mod merge;
pub mod names;
pub mod order_store;
pub mod paging;
pub mod query;
pub mod route_store;
pub mod snapshot_store;
pub mod warm_cache;
use crate::{deps::TableRef, error::ApiError};
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{KeysAndAttributes, PutRequest, TransactWriteItem, WriteRequest};
use serde::de::DeserializeOwned;
use std::{collections::HashMap, time::Duration};

pub use crate::item::{all, from_item, pages, s, to_item, Item, Key};
pub use crate::query::{Filter, Query, SortKey};

/// DynamoDB's request limits: items of one BatchWriteItem, keys of one
/// BatchGetItem, items of one TransactWriteItems.
pub const BATCH_WRITE_MAX: usize = 25;
pub const BATCH_GET_MAX: usize = 100;
/// BatchGetItem calls of one `batch_get` in flight at once.
pub const BATCH_GETS_IN_FLIGHT: usize = 8;
pub const TRANSACT_MAX: usize = 100;
/// Transactions of `put_each_new` in flight at once.
pub const TRANSACTIONS_IN_FLIGHT: usize = 4;
/// The placeholder name of the key attribute in `put_each_new`'s condition.
const PK_NAME: &str = "key";
/// Unprocessed items or keys are sent again at most this many times, with
/// doubling waits (50 ms to 1.6 s), before the call answers Unavailable.
const MAX_RETRIES: u32 = 8;

/// Waits before retry number `attempt` (counted here), or gives up.
async fn back_off(attempt: &mut u32, max: u32) -> Result<(), ApiError> {
    *attempt += 1;
    if *attempt > max {
        return Err(ApiError::Unavailable);
    }
    tokio::time::sleep(Duration::from_millis(50 << (*attempt).min(5))).await;
    Ok(())
}

/// Replaces the generic "changed meanwhile" conflict of a conditional write
/// with what the condition meant (e.g. `Location X already exists`).
pub fn on_conflict<T>(result: Result<T, ApiError>, meaning: impl FnOnce() -> ApiError) -> Result<T, ApiError> {
    match result {
        Err(ApiError::Conflict(_)) => Err(meaning()),
        other => other,
    }
}

impl TableRef<'_> {
    /// A strongly consistent read of one item.
    pub async fn get<T: DeserializeOwned>(&self, key: Key) -> Result<Option<T>, ApiError> {
        let out = self.client.get_item().table_name(self.name).set_key(Some(key)).consistent_read(true).send().await?;
        out.item.map(from_item).transpose()
    }

    /// A strongly consistent read of one item's `projection` attributes (all when empty).
    pub async fn get_projected<T: DeserializeOwned>(
        &self,
        key: Key,
        projection: &[&str],
    ) -> Result<Option<T>, ApiError> {
        let (expression, names) = projection_of(projection).unzip();
        let out = self
            .client
            .get_item()
            .table_name(self.name)
            .set_key(Some(key))
            .consistent_read(true)
            .set_projection_expression(expression)
            .set_expression_attribute_names(names)
            .send()
            .await?;
        out.item.map(from_item).transpose()
    }

    /// Every item of one partition: those whose partition key `key` is `value`
    /// (the key's name goes through a placeholder: `date` is a reserved word).
    pub async fn partition<T: DeserializeOwned>(&self, key: &str, value: &str) -> Result<Vec<T>, ApiError> {
        self.read_partition(key, value, false).await
    }

    /// [`Self::partition`] read strongly consistent: it sees every write that succeeded before it.
    pub async fn partition_consistent<T: DeserializeOwned>(&self, key: &str, value: &str) -> Result<Vec<T>, ApiError> {
        self.read_partition(key, value, true).await
    }

    async fn read_partition<T: DeserializeOwned>(
        &self,
        key: &str,
        value: &str,
        consistent: bool,
    ) -> Result<Vec<T>, ApiError> {
        let query = self.query(key, value);
        if consistent { query.consistent() } else { query }.all().await
    }

    /// Every item of a small table.
    pub async fn scan_all<T: DeserializeOwned>(&self) -> Result<Vec<T>, ApiError> {
        self.scan_projected(&[]).await
    }

    /// Every item of a small table, reading only these top-level attributes
    /// (all when empty): a lookup needs a few fields of large documents.
    pub async fn scan_projected<T: DeserializeOwned>(&self, projection: &[&str]) -> Result<Vec<T>, ApiError> {
        all(|start, _| self.scan_page_read(start, None, projection, false)).await
    }

    /// `scan_projected`, strongly consistent: the scan sees every write that
    /// succeeded before it began (a snapshot rebuilt after a change).
    pub async fn scan_projected_consistent<T: DeserializeOwned>(
        &self,
        projection: &[&str],
    ) -> Result<Vec<T>, ApiError> {
        all(|start, _| self.scan_page_read(start, None, projection, true)).await
    }

    /// One page of a Scan from `start`, of at most `limit` items, reading only
    /// the `projection` attributes (all when empty).
    pub async fn scan_page(
        &self,
        start: Option<Key>,
        limit: Option<i32>,
        projection: &[&str],
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        self.scan_page_read(start, limit, projection, false).await
    }

    async fn scan_page_read(
        &self,
        start: Option<Key>,
        limit: Option<i32>,
        projection: &[&str],
        consistent: bool,
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        let (expression, names) = projection_of(projection).unzip();
        let out = self
            .client
            .scan()
            .table_name(self.name)
            .consistent_read(consistent)
            .set_projection_expression(expression)
            .set_expression_attribute_names(names)
            .set_limit(limit)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
    }

    /// The items with these keys that exist, in batches of 100 (BatchGetItem),
    /// retrying unprocessed keys with backoff. `projection` names the
    /// attributes to read (all when empty).
    pub async fn batch_get(&self, keys: Vec<Key>, projection: &[&str]) -> Result<Vec<Item>, ApiError> {
        use futures::stream::{self, StreamExt, TryStreamExt};
        // Chunks of 100 keys go out BATCH_GETS_IN_FLIGHT at a time: a day's 2,500 stops are 25
        // chunks, which one after another cost 25 round trips.
        let chunks: Vec<Vec<Key>> = keys.chunks(BATCH_GET_MAX).map(<[Key]>::to_vec).collect();
        let found: Vec<Vec<Item>> = stream::iter(chunks)
            .map(|chunk| self.batch_get_chunk(chunk, projection))
            .buffer_unordered(BATCH_GETS_IN_FLIGHT)
            .try_collect()
            .await?;
        Ok(found.into_iter().flatten().collect())
    }

    /// One BatchGetItem of at most 100 keys, retrying unprocessed keys with backoff.
    async fn batch_get_chunk(&self, chunk: Vec<Key>, projection: &[&str]) -> Result<Vec<Item>, ApiError> {
        let mut found = Vec::new();
        let mut pending = Some(keys_and_attributes(chunk, projection)?);
        let mut attempt = 0u32;
        while let Some(request) = pending.take() {
            let out = self.client.batch_get_item().request_items(self.name, request).send().await?;
            found.extend(out.responses.and_then(|mut r| r.remove(self.name)).unwrap_or_default());
            pending = out.unprocessed_keys.and_then(|mut u| u.remove(self.name)).filter(|k| !k.keys().is_empty());
            if pending.is_some() {
                back_off(&mut attempt, MAX_RETRIES).await?;
            }
        }
        Ok(found)
    }

    /// Writes each item on condition that none of its key exists (`key`: the
    /// partition key's attribute), in transactions of up to `TRANSACT_MAX`
    /// Puts (`transact_groups`, a group per item), `TRANSACTIONS_IN_FLIGHT` at
    /// a time. For records that are only ever added (history, upload records):
    /// unlike BatchWriteItem, whose grant also allows deletes, nothing here can
    /// overwrite. An item found there already is the same record written by an
    /// earlier try of this write (the keys are unique per record): it counts as
    /// written, and the rest of its transaction goes again without it.
    pub async fn put_each_new(&self, items: Vec<Item>, key: &str) -> Result<(), ApiError> {
        let condition = format!("attribute_not_exists(#{PK_NAME})");
        let groups = items
            .into_iter()
            .map(|item| {
                let put = aws_sdk_dynamodb::types::Put::builder()
                    .table_name(self.name)
                    .set_item(Some(item))
                    .condition_expression(condition.clone())
                    .expression_attribute_names(format!("#{PK_NAME}"), key)
                    .build()
                    .map_err(ApiError::internal)?;
                Ok(vec![TransactWriteItem::builder().put(put).build()])
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        transact_groups_in_flight(self.client, groups)
            .await
            .into_iter()
            .filter(|r| !matches!(r, Err(ApiError::Conflict(_))))
            .collect()
    }

    /// Writes all items in batches of 25, retrying unprocessed ones with backoff.
    pub async fn batch_put(&self, items: Vec<Item>) -> Result<(), ApiError> {
        let requests = items
            .into_iter()
            .map(|item| Ok((self.name.to_string(), put_request(item)?)))
            .collect::<Result<Vec<_>, ApiError>>()?;
        batch_write_all(self.client, requests).await
    }
}

/// A BatchWriteItem put of one item.
/// An unconditional put for a write's transaction: for items whose second put
/// changes nothing (a name in a name list), so it needs no condition.
pub fn transact_put(table: &str, item: Item) -> Result<TransactWriteItem, ApiError> {
    let put = aws_sdk_dynamodb::types::Put::builder()
        .table_name(table)
        .set_item(Some(item))
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

pub fn put_request(item: Item) -> Result<WriteRequest, ApiError> {
    let put = PutRequest::builder().set_item(Some(item)).build().map_err(ApiError::internal)?;
    Ok(WriteRequest::builder().put_request(put).build())
}

fn keys_and_attributes(keys: Vec<Key>, projection: &[&str]) -> Result<KeysAndAttributes, ApiError> {
    let (expression, names) = projection_of(projection).unzip();
    KeysAndAttributes::builder()
        .set_keys(Some(keys))
        .consistent_read(true)
        .set_projection_expression(expression)
        .set_expression_attribute_names(names)
        .build()
        .map_err(ApiError::internal)
}

/// A projection expression and its names for these attributes; none when empty.
fn projection_of(attributes: &[&str]) -> Option<(String, HashMap<String, String>)> {
    if attributes.is_empty() {
        return None;
    }
    // Attribute names may be reserved words: always go through #names. A
    // dotted path (`operationConfigs.fulfillmentCenter`) reads only that
    // nested attribute: one placeholder per segment.
    let mut names = HashMap::new();
    let paths: Vec<String> = attributes
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let segments: Vec<&str> = a.split('.').collect();
            let single = segments.len() == 1;
            segments
                .into_iter()
                .enumerate()
                .map(|(j, segment)| {
                    let name = if single { format!("#p{i}") } else { format!("#p{i}_{j}") };
                    names.insert(name.clone(), segment.to_string());
                    name
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    Some((paths.join(", "), names))
}

/// Writes requests to one table in batches of 25, with unprocessed items retried.
pub async fn batch_write(
    client: &aws_sdk_dynamodb::Client,
    table: &str,
    pending: Vec<WriteRequest>,
) -> Result<(), ApiError> {
    batch_write_all(client, pending.into_iter().map(|r| (table.to_string(), r)).collect()).await
}

/// The one batch writer: (table, request) pairs across any tables, in
/// BatchWriteItem calls of at most 25, each with its unprocessed items retried
/// with backoff until every one landed. Not atomic: use `transact` for that.
pub async fn batch_write_all(
    client: &aws_sdk_dynamodb::Client,
    requests: Vec<(String, WriteRequest)>,
) -> Result<(), ApiError> {
    let mut requests = requests.into_iter().peekable();
    while requests.peek().is_some() {
        let mut pending: HashMap<String, Vec<WriteRequest>> = HashMap::new();
        for (table, request) in requests.by_ref().take(BATCH_WRITE_MAX) {
            pending.entry(table).or_default().push(request);
        }
        let mut attempt = 0u32;
        while pending.values().any(|v| !v.is_empty()) {
            let out = client.batch_write_item().set_request_items(Some(pending)).send().await?;
            pending = out.unprocessed_items.unwrap_or_default();
            if pending.values().any(|v| !v.is_empty()) {
                back_off(&mut attempt, MAX_RETRIES).await?;
            }
        }
    }
    Ok(())
}

/// Writes items all-or-nothing (at most 100). A failed condition becomes the
/// generic conflict; pass the result through `on_conflict` to name it.
pub async fn transact(client: &aws_sdk_dynamodb::Client, items: Vec<TransactWriteItem>) -> Result<(), ApiError> {
    if items.len() > TRANSACT_MAX {
        return Err(ApiError::internal(format!(
            "a transaction of {} items is over the limit of {TRANSACT_MAX}",
            items.len()
        )));
    }
    client.transact_write_items().set_transact_items(Some(items)).send().await?;
    Ok(())
}

/// `transact_groups` for many groups: packed in order into transactions of at most `TRANSACT_MAX` items,
/// `TRANSACTIONS_IN_FLIGHT` of them at once. Answers per group, in order.
pub async fn transact_groups_in_flight(
    client: &aws_sdk_dynamodb::Client,
    groups: Vec<Vec<TransactWriteItem>>,
) -> Vec<Result<(), ApiError>> {
    use futures::stream::{self, StreamExt};
    let mut transactions: Vec<Vec<Vec<TransactWriteItem>>> = Vec::new();
    let mut size = 0;
    for group in groups {
        match transactions.last_mut() {
            Some(last) if size + group.len() <= TRANSACT_MAX => {
                size += group.len();
                last.push(group);
            }
            _ => {
                size = group.len();
                transactions.push(vec![group]);
            }
        }
    }
    stream::iter(transactions)
        .map(|transaction| transact_groups(client, transaction))
        .buffered(TRANSACTIONS_IN_FLIGHT)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .flatten()
        .collect()
}

/// Writes groups of items, each group all or nothing, packing several groups
/// into one transaction of at most 100 items (fewer calls than a transaction
/// each). A transaction cancelled by failed conditions answers the groups whose
/// items failed with the conflict, and the others go again without them.
/// Answers per group, in order.
pub async fn transact_groups(
    client: &aws_sdk_dynamodb::Client,
    groups: Vec<Vec<TransactWriteItem>>,
) -> Vec<Result<(), ApiError>> {
    let mut results: Vec<Option<Result<(), ApiError>>> = groups.iter().map(|_| None).collect();
    let mut start = 0;
    while start < groups.len() {
        // The groups of one transaction: as many as fit in 100 items.
        let (mut end, mut size) = (start, 0);
        while end < groups.len() && (end == start || size + groups[end].len() <= TRANSACT_MAX) {
            size += groups[end].len();
            end += 1;
        }
        let mut pending: Vec<usize> = (start..end).collect();
        let mut attempt = 0u32;
        while !pending.is_empty() {
            let items: Vec<TransactWriteItem> = pending.iter().flat_map(|&g| groups[g].iter().cloned()).collect();
            match client.transact_write_items().set_transact_items(Some(items)).send().await {
                Ok(_) => {
                    pending.iter().for_each(|&g| results[g] = Some(Ok(())));
                    break;
                }
                Err(e) => {
                    let reasons: Vec<String> = e
                        .as_service_error()
                        .and_then(|s| match s {
                            TransactWriteItemsError::TransactionCanceledException(c) => Some(
                                c.cancellation_reasons()
                                    .iter()
                                    .map(|r| r.code().unwrap_or("None").to_string())
                                    .collect(),
                            ),
                            _ => None,
                        })
                        .unwrap_or_default();
                    let failed = failed_groups(&pending, &groups, &reasons);
                    if failed.is_empty() {
                        // Not a condition (a conflicting transaction, throttling): the whole
                        // transaction again, a few times, then its groups fail.
                        attempt += 1;
                        if attempt > 4 || reasons.is_empty() {
                            let e = ApiError::from(e);
                            pending.iter().for_each(|&g| results[g] = Some(Err(e.clone())));
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(50 << attempt)).await;
                        continue;
                    }
                    for &g in &failed {
                        results[g] = Some(Err(ApiError::Conflict(crate::error::CHANGED_MEANWHILE.into())));
                    }
                    pending.retain(|g| !failed.contains(g));
                }
            }
        }
        start = end;
    }
    results.into_iter().map(|r| r.unwrap_or(Err(ApiError::Unavailable))).collect()
}

/// The groups among `pending` whose items a cancelled transaction's reasons
/// (one per item, in order) name as a failed condition.
fn failed_groups(pending: &[usize], groups: &[Vec<TransactWriteItem>], reasons: &[String]) -> Vec<usize> {
    let mut at = 0;
    let mut failed = Vec::new();
    for &g in pending {
        let n = groups[g].len();
        if reasons.iter().skip(at).take(n).any(|r| r == "ConditionalCheckFailed") {
            failed.push(g);
        }
        at += n;
    }
    failed
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_projection_reads_top_level_names_and_dotted_paths_through_placeholders() {
        let (expression, names) = super::projection_of(&["id", "operationConfigs.fulfillmentCenter"]).unwrap();
        assert_eq!(expression, "#p0, #p1_0.#p1_1");
        assert_eq!(
            (names["#p0"].as_str(), names["#p1_0"].as_str(), names["#p1_1"].as_str()),
            ("id", "operationConfigs", "fulfillmentCenter")
        );
        assert!(super::projection_of(&[]).is_none());
    }

    use super::*;

    #[test]
    fn a_cancelled_transaction_names_the_groups_whose_conditions_failed() {
        let item = || TransactWriteItem::builder().build();
        let groups = vec![vec![item(), item()], vec![item(), item(), item()], vec![item()]];
        let reasons: Vec<String> =
            ["None", "None", "None", "ConditionalCheckFailed", "None", "None"].iter().map(|s| s.to_string()).collect();
        assert_eq!(failed_groups(&[0, 1, 2], &groups, &reasons), vec![1]);
        assert_eq!(
            failed_groups(&[0, 2], &groups, &["None".into(), "None".into(), "ConditionalCheckFailed".into()]),
            vec![2]
        );
        assert!(failed_groups(&[0, 1, 2], &groups, &[]).is_empty());
    }

    fn page(n: usize, next: Option<&str>) -> (Vec<Item>, Option<Key>) {
        let items = (0..n).map(|i| HashMap::from([("n".to_string(), s(i.to_string()))])).collect();
        (items, next.map(|k| HashMap::from([("k".to_string(), s(k))])))
    }

    #[tokio::test]
    async fn pages_reads_to_the_end_or_the_limit() {
        let mut calls = Vec::new();
        let (items, next) = pages(None, None, |start, _| {
            calls.push(start.is_some());
            let answer = if calls.len() < 3 { page(2, Some("k")) } else { page(1, None) };
            async move { Ok(answer) }
        })
        .await
        .unwrap();
        assert_eq!((items.len(), next.is_none(), calls), (5, true, vec![false, true, true]));

        let mut limits = Vec::new();
        let (items, next) = pages(None, Some(3), |_, remaining| {
            limits.push(remaining);
            async move { Ok(page(remaining.unwrap() as usize, Some("k"))) }
        })
        .await
        .unwrap();
        assert_eq!((items.len(), next.is_some(), limits), (3, true, vec![Some(3)]));
    }

    #[test]
    fn a_conflict_gets_its_meaning() {
        let r: Result<(), ApiError> = Err(ApiError::Conflict(crate::error::CHANGED_MEANWHILE.into()));
        assert_eq!(
            on_conflict(r, || ApiError::Conflict("Location X already exists".into())).unwrap_err().to_string(),
            "Location X already exists"
        );
        let r: Result<(), ApiError> = Err(ApiError::bad_request("no"));
        assert_eq!(on_conflict(r, || ApiError::Unavailable).unwrap_err().status(), 400);
    }
}
