//! The order ingest: an SQS batch of the order system's messages (event
//! source mapping with ReportBatchItemFailures), as the telemetry ingest
//! does it. A record that can never be stored (malformed, unknown location)
//! is parked in the dead-letter queue with its reason and counts as handled;
//! a transient failure reports the record for redelivery.
//!
//! Newest wins per order: of a batch only each order's highest version is
//! written, and only over a lower stored version (a conditional put, in one
//! transaction with the order's slip, and the delete of its slip at a date
//! it left). A redelivered or older message changes nothing.
use crate::orders::{self, OrderMessage};
use crate::slips;
pub use crate::store::orders::{Dynamo, IntakeStore, Landed, Unstorable};
use fleet_shared::events::{sqs_records, SqsBatchResponse, SqsMessage};
use fleet_shared::fridge_time::now_text;
use fleet_shared::{ApiError, Deps, Input};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A parsed record: its id, body and message.
type Parsed = (String, String, OrderMessage);

fn sort(records: Vec<SqsMessage>) -> (Vec<Parsed>, Vec<Unstorable>) {
    fleet_shared::parking::sort_records(records, orders::parse)
}

/// The highest version of each order in the batch, with every record behind
/// that order (a lower version in the same batch is settled by the higher).
fn newest(parsed: Vec<Parsed>) -> BTreeMap<String, (OrderMessage, Vec<String>)> {
    let mut out: BTreeMap<String, (OrderMessage, Vec<String>)> = BTreeMap::new();
    for (id, _, m) in parsed {
        let entry = out.entry(m.unique_id().to_string()).or_insert_with(|| (m.clone(), vec![]));
        if m.version() > entry.0.version() {
            entry.0 = m;
        }
        entry.1.push(id);
    }
    out
}

/// The SQS handler: answers `{batchItemFailures}` for the records to redeliver.
pub async fn handle(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let records = sqs_records(&input)?;
    let answer = ingest(&Dynamo(deps), records).await;
    serde_json::to_value(answer).map_err(ApiError::internal)
}

/// One SQS batch: the partial batch response names the records to redeliver.
pub async fn ingest<S: IntakeStore>(store: &S, records: Vec<SqsMessage>) -> SqsBatchResponse {
    let bodies: HashMap<String, String> = records
        .iter()
        .map(|r| (r.message_id.clone().unwrap_or_default(), r.body.clone().unwrap_or_default()))
        .collect();
    let (parsed, mut bad) = sort(records);
    let mut retry: Vec<String> = Vec::new();
    let ids: Vec<String> = parsed
        .iter()
        .filter_map(|(_, _, m)| m.location_id().map(str::to_string))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let mut good = Vec::new();
    match store.known_locations(ids).await {
        Ok(known) => {
            for (id, body, m) in parsed {
                match m.location_id() {
                    Some(l) if !known.contains(l) => bad.push((id, body, format!("unknown location {l}"))),
                    _ => good.push((id, body, m)),
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "locations unavailable; batch left for redelivery");
            retry.extend(parsed.into_iter().map(|(id, ..)| id));
        }
    }
    let batch = newest(good);
    match store.orders(batch.keys().cloned().collect()).await {
        Ok(stored) => {
            let received = now_text();
            for (unique_id, (message, ids)) in &batch {
                let before = stored.get(unique_id);
                if !orders::supersedes(message, before) {
                    tracing::debug!(%unique_id, version = message.version(), "order message not newer than the stored order");
                    continue;
                }
                let after = orders::apply(message, before, &received);
                match store.write(&after, &slips::change(before, &after)).await {
                    Ok(Landed::Stored | Landed::Older) => {}
                    Err(ApiError::BadRequest(reason)) => bad.extend(
                        ids.iter().map(|id| (id.clone(), bodies.get(id).cloned().unwrap_or_default(), reason.clone())),
                    ),
                    Err(e) => {
                        tracing::error!(error = %e, %unique_id, "order not stored; left for redelivery");
                        retry.extend(ids.iter().cloned());
                    }
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "orders unavailable; batch left for redelivery");
            retry.extend(batch.values().flat_map(|(_, ids)| ids.iter().cloned()));
        }
    }
    retry.extend(store.park(&bad).await);
    let mut seen = HashSet::new();
    let mut answer = SqsBatchResponse::default();
    for id in retry.into_iter().filter(|id| seen.insert(id.clone())) {
        answer.add_failure(id);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::{tests::order, StoredOrder, DELETED};
    use crate::slips::{PackingSlip, SlipChange};
    use serde_json::json;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// The orders and slips in memory, with the conditional write's rule.
    #[derive(Default)]
    struct Memory {
        locations: HashSet<String>,
        orders: Mutex<HashMap<String, StoredOrder>>,
        slips: Mutex<BTreeMap<(String, String), PackingSlip>>,
        parked: Mutex<Vec<Unstorable>>,
        writes: Mutex<usize>,
        /// A version another batch stores just before this write.
        racing: Mutex<Option<StoredOrder>>,
    }

    impl IntakeStore for Memory {
        async fn known_locations(&self, ids: Vec<String>) -> Result<HashSet<String>, ApiError> {
            Ok(ids.into_iter().filter(|i| self.locations.contains(i)).collect())
        }
        async fn orders(&self, ids: Vec<String>) -> Result<HashMap<String, StoredOrder>, ApiError> {
            let all = self.orders.lock().unwrap();
            Ok(ids.iter().filter_map(|i| all.get(i).map(|o| (i.clone(), o.clone()))).collect())
        }
        async fn write(&self, after: &StoredOrder, change: &SlipChange) -> Result<Landed, ApiError> {
            if let Some(other) = self.racing.lock().unwrap().take() {
                self.orders.lock().unwrap().insert(other.unique_id.clone(), other);
            }
            let mut orders = self.orders.lock().unwrap();
            if orders.get(&after.unique_id).is_some_and(|o| o.version >= after.version) {
                return Ok(Landed::Older);
            }
            orders.insert(after.unique_id.clone(), after.clone());
            let mut slips = self.slips.lock().unwrap();
            if let Some(s) = &change.put {
                slips.insert((s.drop_off_date.clone(), s.unique_id.clone()), s.clone());
            }
            if let Some(k) = &change.delete {
                slips.remove(k);
            }
            *self.writes.lock().unwrap() += 1;
            Ok(Landed::Stored)
        }
        async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
            self.parked.lock().unwrap().extend(bad.iter().cloned());
            vec![]
        }
    }

    fn store() -> Memory {
        Memory { locations: HashSet::from(["W_1".to_string()]), ..Memory::default() }
    }

    fn record(id: &str, body: &str) -> SqsMessage {
        serde_json::from_value(json!({ "messageId": id, "receiptHandle": "r", "body": body })).unwrap()
    }

    fn slips(m: &Memory) -> Vec<PackingSlip> {
        m.slips.lock().unwrap().values().cloned().collect()
    }

    #[tokio::test]
    async fn an_order_makes_its_slip_and_a_redelivery_changes_nothing() {
        let m = store();
        let body = order("O-1", 1, "2026-11-24").to_string();
        assert!(ingest(&m, vec![record("a", &body)]).await.batch_item_failures.is_empty());
        assert_eq!(slips(&m).len(), 1);
        let before = m.orders.lock().unwrap().get("O-1").cloned();
        assert!(ingest(&m, vec![record("b", &body)]).await.batch_item_failures.is_empty());
        assert_eq!(*m.writes.lock().unwrap(), 1, "the redelivered message wrote nothing");
        assert_eq!(m.orders.lock().unwrap().get("O-1").cloned(), before);
    }

    #[tokio::test]
    async fn the_newest_version_wins_in_a_batch_and_across_batches() {
        let m = store();
        let (v1, v2, v3) =
            (order("O-1", 1, "2026-11-24"), order("O-1", 2, "2026-11-25"), order("O-1", 3, "2026-11-26"));
        ingest(&m, vec![record("a", &v2.to_string()), record("b", &v1.to_string())]).await;
        assert_eq!(slips(&m).iter().map(|s| s.drop_off_date.as_str()).collect::<Vec<_>>(), ["2026-11-25"]);
        assert_eq!(*m.writes.lock().unwrap(), 1, "only the newest of the batch is written");
        ingest(&m, vec![record("c", &v1.to_string())]).await;
        assert_eq!(m.orders.lock().unwrap()["O-1"].version, 2, "an older message later changes nothing");
        ingest(&m, vec![record("d", &v3.to_string())]).await;
        assert_eq!(
            slips(&m).iter().map(|s| s.drop_off_date.as_str()).collect::<Vec<_>>(),
            ["2026-11-26"],
            "the slip moved with its order's date"
        );
    }

    #[tokio::test]
    async fn a_racing_newer_version_stored_first_wins() {
        let m = store();
        let newer = orders::apply(&orders::parse(&order("O-1", 5, "2026-11-30").to_string()).unwrap(), None, "t");
        *m.racing.lock().unwrap() = Some(newer);
        let answer = ingest(&m, vec![record("a", &order("O-1", 4, "2026-11-24").to_string())]).await;
        assert!(answer.batch_item_failures.is_empty(), "an older write is settled, not retried");
        assert_eq!(m.orders.lock().unwrap()["O-1"].version, 5);
        assert!(slips(&m).is_empty(), "the losing write made no slip");
    }

    #[tokio::test]
    async fn a_cancellation_marks_the_slip_deleted_and_an_older_order_after_it_loses() {
        let m = store();
        ingest(&m, vec![record("a", &order("O-1", 1, "2026-11-24").to_string())]).await;
        let cancel = json!({ "type": "CANCEL", "uniqueId": "O-1", "version": 2 }).to_string();
        ingest(&m, vec![record("b", &cancel)]).await;
        let s = slips(&m);
        assert_eq!((s.len(), s[0].status.as_str()), (1, DELETED));
        // A cancellation before its order: the order's older message then changes nothing.
        let early = json!({ "type": "CANCEL", "uniqueId": "O-2", "version": 9 }).to_string();
        ingest(&m, vec![record("c", &early)]).await;
        ingest(&m, vec![record("d", &order("O-2", 3, "2026-11-24").to_string())]).await;
        assert_eq!(m.orders.lock().unwrap()["O-2"].status, DELETED);
        assert_eq!(slips(&m).len(), 1, "no slip for the cancelled order");
    }

    #[tokio::test]
    async fn bad_records_are_parked_with_their_reason_and_never_retried() {
        let m = store();
        let mut unknown = order("O-3", 1, "2026-11-24");
        unknown["locationId"] = json!("NOPE");
        let answer = ingest(
            &m,
            vec![
                record("a", "not json"),
                record("b", &unknown.to_string()),
                record("c", &order("O-4", 1, "2026-11-24").to_string()),
            ],
        )
        .await;
        assert!(answer.batch_item_failures.is_empty());
        let parked = m.parked.lock().unwrap().clone();
        assert_eq!(parked.iter().map(|(id, ..)| id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert!(parked[0].2.starts_with("not an order message"), "{}", parked[0].2);
        assert_eq!(parked[1].2, "unknown location NOPE");
        assert_eq!(slips(&m).len(), 1, "the good record of the batch landed");
    }
}
