//! The order ingest: an SQS batch of the order system's messages (event
//! source mapping with ReportBatchItemFailures), as the telemetry ingest
//! does it. A record that can never be stored (malformed, unknown location)
//! is parked in the dead-letter queue with its reason and counts as handled;
//! a transient failure reports the record for redelivery, and on the queue's
//! last receive parks it with its last error (`parking::LastReceive`).
//!
//! Newest wins per order: of a batch only each order's highest version is
//! written, and only over a lower stored version. The write is conditioned on
//! the version read (a put in one transaction with the order's slip, and the
//! delete of its slip at a date it left, both derived from that read): a batch
//! that lost the race reads the order again and derives its slips again
//! (`land`, at most `WRITE_TRIES` times). A redelivered or older message
//! changes nothing.
use crate::orders::{self, OrderMessage, StoredOrder};
use crate::slips;
pub use crate::store::{Dynamo, IntakeStore, Landed, Unstorable};
use fleet_shared::contract::Ctx;
use fleet_shared::events::{SqsBatchResponse, SqsEvent, SqsMessage};
use fleet_shared::parking::LastReceive;
use fleet_shared::{ApiError, Deps};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Writes of one order a batch tries before leaving its records for redelivery: each lost try means
/// another batch stored a newer version meanwhile, so a few are plenty.
pub const WRITE_TRIES: usize = 5;

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
pub async fn handle(deps: &'static Deps, ctx: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    Ok(ingest(&Dynamo(deps), event.records, &ctx.now_text()).await)
}

/// Stores `message` over the order read (`before`), if it is newer: on the condition that the stored
/// order is still the one read, and else reads it again and derives the write again.
async fn land<S: IntakeStore>(
    store: &S,
    message: &OrderMessage,
    mut before: Option<StoredOrder>,
    received: &str,
) -> Result<(), ApiError> {
    let unique_id = message.unique_id();
    for _ in 0..WRITE_TRIES {
        if !orders::supersedes(message, before.as_ref()) {
            tracing::debug!(%unique_id, version = message.version(), "order message not newer than the stored order");
            return Ok(());
        }
        let after = orders::apply(message, before.as_ref(), received);
        match store.write(before.as_ref(), &after, &slips::change(before.as_ref(), &after)).await? {
            Landed::Stored => return Ok(()),
            Landed::Moved => before = store.order(unique_id).await?,
        }
    }
    Err(ApiError::Unavailable)
}

/// One SQS batch: the partial batch response names the records to redeliver.
/// `received`: when the batch arrived (the stored orders' receipt time).
pub async fn ingest<S: IntakeStore>(store: &S, records: Vec<SqsMessage>, received: &str) -> SqsBatchResponse {
    let bodies: HashMap<String, String> = records
        .iter()
        .map(|r| (r.message_id.clone().unwrap_or_default(), r.body.clone().unwrap_or_default()))
        .collect();
    let last_receive = LastReceive::of(&records);
    let (parsed, mut bad) = sort(records);
    // Records that failed this time, with why: redelivered, or parked on their last receive.
    let mut retry: Vec<(String, String)> = Vec::new();
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
            let why = format!("locations unavailable: {e}");
            retry.extend(parsed.into_iter().map(|(id, ..)| (id, why.clone())));
        }
    }
    let batch = newest(good);
    match store.orders(batch.keys().cloned().collect()).await {
        Ok(stored) => {
            for (unique_id, (message, ids)) in &batch {
                match land(store, message, stored.get(unique_id).cloned(), received).await {
                    Ok(()) => {}
                    Err(ApiError::BadRequest(reason)) => bad.extend(
                        ids.iter().map(|id| (id.clone(), bodies.get(id).cloned().unwrap_or_default(), reason.clone())),
                    ),
                    Err(e) => {
                        tracing::error!(error = %e, %unique_id, "order not stored; left for redelivery");
                        let why = format!("order not stored: {e}");
                        retry.extend(ids.iter().map(|id| (id.clone(), why.clone())));
                    }
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "orders unavailable; batch left for redelivery");
            let why = format!("orders unavailable: {e}");
            retry.extend(batch.values().flat_map(|(_, ids)| ids.iter().map(|id| (id.clone(), why.clone()))));
        }
    }
    let mut again = last_receive.settle(retry, &mut bad);
    again.extend(store.park(&bad).await);
    let mut seen = HashSet::new();
    let mut answer = SqsBatchResponse::default();
    for id in again.into_iter().filter(|id| seen.insert(id.clone())) {
        answer.add_failure(id);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::{tests::order, DELETED};
    use crate::slips::{PackingSlip, SlipChange};
    use serde_json::json;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    const AT: &str = "2026-11-24T12:00:00.000Z";

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
        /// What the next `orders` read answers: what another batch read before this one landed.
        stale: Mutex<Option<HashMap<String, StoredOrder>>>,
        /// Every write loses its race (another batch always landed first).
        always_moved: bool,
        /// Writes tried, landed or not.
        tries: Mutex<usize>,
    }

    impl IntakeStore for Memory {
        async fn known_locations(&self, ids: Vec<String>) -> Result<HashSet<String>, ApiError> {
            Ok(ids.into_iter().filter(|i| self.locations.contains(i)).collect())
        }
        async fn orders(&self, ids: Vec<String>) -> Result<HashMap<String, StoredOrder>, ApiError> {
            if let Some(stale) = self.stale.lock().unwrap().take() {
                return Ok(stale);
            }
            let all = self.orders.lock().unwrap();
            Ok(ids.iter().filter_map(|i| all.get(i).map(|o| (i.clone(), o.clone()))).collect())
        }
        async fn order(&self, id: &str) -> Result<Option<StoredOrder>, ApiError> {
            Ok(self.orders.lock().unwrap().get(id).cloned())
        }
        async fn write(
            &self,
            before: Option<&StoredOrder>,
            after: &StoredOrder,
            change: &SlipChange,
        ) -> Result<Landed, ApiError> {
            *self.tries.lock().unwrap() += 1;
            if let Some(other) = self.racing.lock().unwrap().take() {
                self.orders.lock().unwrap().insert(other.unique_id.clone(), other);
            }
            let mut orders = self.orders.lock().unwrap();
            // The store's condition: the stored order is still the one read.
            if self.always_moved || orders.get(&after.unique_id).map(|o| o.version) != before.map(|b| b.version) {
                return Ok(Landed::Moved);
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
        assert!(ingest(&m, vec![record("a", &body)], AT).await.batch_item_failures.is_empty());
        assert_eq!(slips(&m).len(), 1);
        let before = m.orders.lock().unwrap().get("O-1").cloned();
        assert!(ingest(&m, vec![record("b", &body)], AT).await.batch_item_failures.is_empty());
        assert_eq!(*m.writes.lock().unwrap(), 1, "the redelivered message wrote nothing");
        assert_eq!(m.orders.lock().unwrap().get("O-1").cloned(), before);
    }

    #[tokio::test]
    async fn the_newest_version_wins_in_a_batch_and_across_batches() {
        let m = store();
        let (v1, v2, v3) =
            (order("O-1", 1, "2026-11-24"), order("O-1", 2, "2026-11-25"), order("O-1", 3, "2026-11-26"));
        ingest(&m, vec![record("a", &v2.to_string()), record("b", &v1.to_string())], AT).await;
        assert_eq!(slips(&m).iter().map(|s| s.drop_off_date.as_str()).collect::<Vec<_>>(), ["2026-11-25"]);
        assert_eq!(*m.writes.lock().unwrap(), 1, "only the newest of the batch is written");
        ingest(&m, vec![record("c", &v1.to_string())], AT).await;
        assert_eq!(m.orders.lock().unwrap()["O-1"].version, 2, "an older message later changes nothing");
        ingest(&m, vec![record("d", &v3.to_string())], AT).await;
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
        let answer = ingest(&m, vec![record("a", &order("O-1", 4, "2026-11-24").to_string())], AT).await;
        assert!(answer.batch_item_failures.is_empty(), "an older write is settled, not retried");
        assert_eq!(m.orders.lock().unwrap()["O-1"].version, 5);
        assert!(slips(&m).is_empty(), "the losing write made no slip");
    }

    /// Issue 38: batches of v2 (date D2) and v3 (date D3) both read v1 (date D1); v2 lands first. v3's
    /// write, tied to the v1 it read, loses, reads v2 again and moves the slip from D2: only D3's is left.
    #[tokio::test]
    async fn a_batch_that_read_an_older_version_reads_again_and_moves_the_slip_from_the_newest_date() {
        for cancel in [false, true] {
            let m = store();
            ingest(&m, vec![record("a", &order("O-1", 1, "2026-11-24").to_string())], AT).await;
            let read_by_both = m.orders.lock().unwrap().clone();
            ingest(&m, vec![record("b", &order("O-1", 2, "2026-11-25").to_string())], AT).await;
            *m.stale.lock().unwrap() = Some(read_by_both);
            let v3 = if cancel {
                json!({ "type": "CANCEL", "uniqueId": "O-1", "version": 3 })
            } else {
                order("O-1", 3, "2026-11-26")
            };
            let answer = ingest(&m, vec![record("c", &v3.to_string())], AT).await;
            assert!(answer.batch_item_failures.is_empty());
            assert_eq!(m.orders.lock().unwrap()["O-1"].version, 3);
            let left: Vec<(String, String)> = slips(&m).into_iter().map(|s| (s.drop_off_date, s.status)).collect();
            let expected = if cancel { ("2026-11-25", DELETED) } else { ("2026-11-26", "ACTIVE") };
            assert_eq!(left, [(expected.0.to_string(), expected.1.to_string())], "cancel: {cancel}");
            assert_eq!(*m.tries.lock().unwrap(), 4, "v1, v2, and v3 twice: lost once, then landed");
        }
    }

    #[tokio::test]
    async fn a_write_that_keeps_losing_its_race_is_left_for_redelivery() {
        let m = Memory { always_moved: true, ..store() };
        let answer = ingest(&m, vec![record("a", &order("O-1", 1, "2026-11-24").to_string())], AT).await;
        let failed: Vec<&str> = answer.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect();
        assert_eq!(failed, ["a"]);
        assert_eq!(*m.tries.lock().unwrap(), WRITE_TRIES, "bounded");
        assert!(slips(&m).is_empty() && m.parked.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_record_still_failing_on_the_queues_last_receive_is_parked_with_its_last_error() {
        let m = Memory { always_moved: true, ..store() };
        let mut last = record("a", &order("O-1", 1, "2026-11-24").to_string());
        last.attributes.insert("ApproximateReceiveCount".into(), fleet_shared::parking::MAX_RECEIVES.to_string());
        let answer = ingest(&m, vec![last], AT).await;
        assert!(answer.batch_item_failures.is_empty(), "parked here, not moved by the redrive without a reason");
        let parked = m.parked.lock().unwrap();
        assert_eq!(parked.len(), 1);
        assert_eq!(parked[0].0, "a");
        assert!(parked[0].1.contains("O-1"), "with its body");
        assert!(
            parked[0].2.starts_with("still failing on delivery 5, the queue's last: order not stored"),
            "{}",
            parked[0].2
        );
    }

    #[tokio::test]
    async fn a_cancellation_marks_the_slip_deleted_and_an_older_order_after_it_loses() {
        let m = store();
        ingest(&m, vec![record("a", &order("O-1", 1, "2026-11-24").to_string())], AT).await;
        let cancel = json!({ "type": "CANCEL", "uniqueId": "O-1", "version": 2 }).to_string();
        ingest(&m, vec![record("b", &cancel)], AT).await;
        let s = slips(&m);
        assert_eq!((s.len(), s[0].status.as_str()), (1, DELETED));
        // A cancellation before its order: the order's older message then changes nothing.
        let early = json!({ "type": "CANCEL", "uniqueId": "O-2", "version": 9 }).to_string();
        ingest(&m, vec![record("c", &early)], AT).await;
        ingest(&m, vec![record("d", &order("O-2", 3, "2026-11-24").to_string())], AT).await;
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
            AT,
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
