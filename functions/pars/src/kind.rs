//! The pars kinds of the upload pipeline. An order (a dropOffDate, location
//! and stockingIndex) is a pipeline group: it lands whole, with its
//! idempotency record, and only where no order has its key.
//! - `ParFile`: the rows of a par file, one item each (the dry run's rows).
//! - `ParOrders`: the orders `uploadParMaps` is sent, one row each (§7): the
//!   whole-order rules run on each, and each is answered alone.
//!
//! Both write through `write_orders`, over the store trait.
use crate::groups::{GroupResult, ParGroup};
use crate::rules::{self, OpsLocation, ParRow, CHUNK_GROUPS, MAX_ITEMS_PER_GROUP, ORDER_EXISTS};
use crate::store::{NewOrder, OrderRef, ParsStore};
use fleet_shared::entity::fridge_order::{order_key, FridgeOrder};
use fleet_shared::entity::UploadId;
use fleet_shared::history::Change;
use fleet_shared::upload::{CommitResult, CommitStatus, Committed, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{limits, ApiError};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};

/// The scope of the pars uploads' idempotency records.
pub const SCOPE: &str = "pars";

/// The ops locations among these ids (id -> what the par rules need); an unknown id is absent.
pub async fn ops_locations<S: ParsStore>(
    store: &S,
    ids: Vec<String>,
) -> Result<HashMap<String, OpsLocation>, ApiError> {
    let found = store.locations(ids).await?;
    Ok(found.iter().map(|l| (l.id.to_string(), OpsLocation::of(l))).collect())
}

/// A par file on the pipeline: its rows are the file's, one item of one order each.
pub struct ParFile<'a, S> {
    pub ops: HashMap<String, OpsLocation>,
    /// The stored orders the file names, by group key (`date#location#index`).
    pub existing: HashMap<String, FridgeOrder>,
    pub store: &'a S,
}

impl<'a, S: ParsStore> ParFile<'a, S> {
    /// The kind for these rows: the ops locations and the stored orders they name, read at once.
    pub async fn load(store: &'a S, rows: &[RawRow]) -> Result<ParFile<'a, S>, ApiError> {
        let ids: Vec<String> = rows.iter().filter_map(rules::location_of).collect();
        let refs: Vec<OrderRef> = rows.iter().filter_map(rules::group_of).filter_map(|k| order_ref(&k)).collect();
        let (ops, existing) = tokio::try_join!(ops_locations(store, ids), store.orders(refs))?;
        let existing =
            existing.into_iter().map(|o| (rules::group_key(&o.drop_off_date, &o.location_id, o.stocking_index), o));
        Ok(ParFile { ops, existing: existing.collect(), store })
    }
}

/// The store key of a group key (`date#location#index`).
fn order_ref(group: &str) -> Option<OrderRef> {
    let (date, rest) = group.split_once('#')?;
    let (location, index) = rest.rsplit_once('#')?;
    Some(OrderRef { drop_off_date: date.to_string(), order_key: order_key(location, index.parse().ok()?) })
}

impl<S: ParsStore> UploadKind for ParFile<'_, S> {
    const SCOPE: &'static str = SCOPE;
    type Plan = ParRow;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    /// A whole order fits one commit.
    fn check_batch(&self, req: &UploadRequest) -> Result<(), ApiError> {
        req.check(MAX_ITEMS_PER_GROUP)
    }

    fn group_of(&self, row: &RawRow) -> Option<String> {
        rules::group_of(row)
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, ParRow), Vec<String>> {
        let p = rules::parse(row)?;
        let mut e = rules::location_rules(&p.location, self.ops.get(&p.location));
        let group = rules::group_key(&p.drop_off_date, &p.location, p.stocking_index);
        if self.existing.contains_key(&group) {
            e.push(ORDER_EXISTS.into());
        }
        if e.is_empty() {
            Ok((format!("{group}#{}", p.item), p))
        } else {
            Err(e)
        }
    }

    /// Stored orders are in `existing`: an order is never changed, only refused.
    async fn load(&self, _keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        Ok(HashMap::new())
    }

    fn compare(&self, _plan: &ParRow, _stored: Option<&Value>) -> Result<Vec<Change>, String> {
        Ok(vec![])
    }

    /// A fridge order's own bound, with its own message.
    fn max_group_rows(&self) -> usize {
        MAX_ITEMS_PER_GROUP
    }

    fn group_too_large(&self, group: &str, rows: usize, max: usize) -> String {
        format!("{group} has {rows} items; a fridge order holds at most {max}.")
    }

    /// The rows of each order (the pipeline sends an order's rows together) become the order.
    async fn write(&self, rows: Vec<Planned<ParRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut by_order: Vec<Vec<Planned<ParRow>>> = Vec::new();
        for p in rows {
            let key = rules::group_key(&p.plan.drop_off_date, &p.plan.location, p.plan.stocking_index);
            let i = *index.entry(key).or_insert_with(|| {
                by_order.push(Vec::new());
                by_order.len() - 1
            });
            if let Some(list) = by_order.get_mut(i) {
                list.push(p);
            }
        }
        let orders = by_order
            .into_iter()
            .filter_map(|rows| {
                let plans: Vec<ParRow> = rows.iter().map(|p| p.plan.clone()).collect();
                ParGroup::of_rows(&plans).into_iter().next().map(|g| (g, rows))
            })
            .collect();
        Ok(write_orders(self.store, &req.upload_id, orders).await)
    }
}

/// The orders `uploadParMaps` is sent, on the pipeline: each order is one
/// row and its own group, checked whole (`ParGroup::check`) against its
/// fridge's ops location (the context, read while the pipeline reads the
/// records) and answered alone. No order is read before writing: its
/// condition tells that it exists, and its record that this upload wrote it.
pub struct ParOrders<'a, S> {
    pub store: &'a S,
}

impl<S: ParsStore> ParOrders<'_, S> {
    /// The pipeline's request of one `uploadParMaps` call: each order a row
    /// (numbered from 1, in the order sent) and its own group.
    pub fn request(upload_id: &UploadId, groups: &[ParGroup]) -> Result<UploadRequest, ApiError> {
        let rows = groups
            .iter()
            .zip(1u32..)
            .map(|(g, row)| match serde_json::to_value(g).map_err(ApiError::internal)? {
                Value::Object(values) => Ok(RawRow { row, values }),
                _ => Err(ApiError::internal("a par group serialises to an object")),
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        let mut counts = BTreeMap::new();
        for g in groups {
            *counts.entry(g.key()).or_insert(0) += 1;
        }
        Ok(UploadRequest {
            upload_id: upload_id.clone(),
            file_name: "uploadParMaps".into(),
            rows,
            groups: Some(counts),
        })
    }
}

/// The order key of an order row, read from its cells (an empty stockingIndex counts as 1).
fn order_of(values: &Map<String, Value>) -> Option<String> {
    let text = |k: &str| values.get(k).and_then(Value::as_str);
    let index = values.get("stockingIndex").and_then(Value::as_i64).unwrap_or(1);
    Some(rules::group_key(text("dropOffDate")?, text("location")?, index))
}

impl<S: ParsStore> UploadKind for ParOrders<'_, S> {
    const SCOPE: &'static str = SCOPE;
    /// `uploadParMaps` answers per order: an order whose upload id was used for other pars fails alone.
    const REUSE_REFUSES_BATCH: bool = false;
    type Plan = ParGroup;
    /// The ops location of each fridge the orders name.
    type Context = HashMap<String, OpsLocation>;

    async fn context(&self, rows: &[RawRow]) -> Result<HashMap<String, OpsLocation>, ApiError> {
        let mut ids: Vec<String> =
            rows.iter().filter_map(|r| r.values.get("location").and_then(Value::as_str)).map(str::to_string).collect();
        ids.sort();
        ids.dedup();
        ops_locations(self.store, ids).await
    }

    /// `uploadParMaps`' own bound (§9): a chunk of at most 500 orders (its upload id parsed itself).
    fn check_batch(&self, req: &UploadRequest) -> Result<(), ApiError> {
        limits::check_count("groups", req.rows.len(), CHUNK_GROUPS)
    }

    fn reused_what(&self, upload_id: &str, group: Option<&str>, rows: &[u32]) -> String {
        match group {
            Some(order) => format!("Upload {upload_id} for order {order}"),
            None => format!("Upload {upload_id} for groups {rows:?}"),
        }
    }

    fn group_of(&self, row: &RawRow) -> Option<String> {
        order_of(&row.values)
    }

    fn check(&self, row: &RawRow, ops: &HashMap<String, OpsLocation>) -> Result<(String, ParGroup), Vec<String>> {
        let group: ParGroup = serde_json::from_value(Value::Object(row.values.clone()))
            .map_err(|e| vec![format!("Group {} is not a par group: {e}", row.row)])?;
        let messages = group.check(ops.get(&group.location));
        if messages.is_empty() {
            Ok((group.key(), group))
        } else {
            Err(messages)
        }
    }

    async fn load(&self, _keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        Ok(HashMap::new())
    }

    fn compare(&self, _plan: &ParGroup, _stored: Option<&Value>) -> Result<Vec<Change>, String> {
        Ok(vec![])
    }

    /// An order is one row: the same order twice in a call is refused whole.
    fn max_group_rows(&self) -> usize {
        1
    }

    fn group_too_large(&self, group: &str, rows: usize, _max: usize) -> String {
        format!("{group} is sent {rows} times in this call; send each order once.")
    }

    async fn write(&self, rows: Vec<Planned<ParGroup>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let orders = rows.into_iter().map(|p| (p.plan.clone(), vec![p])).collect();
        Ok(write_orders(self.store, &req.upload_id, orders).await)
    }
}

/// Writes each order with the record the pipeline gave one of its rows, and
/// answers each row by its order's outcome.
async fn write_orders<S: ParsStore, P>(
    store: &S,
    upload_id: &str,
    orders: Vec<(ParGroup, Vec<Planned<P>>)>,
) -> Vec<CommitResult> {
    let mut rows_of: Vec<Vec<(u32, String)>> = Vec::with_capacity(orders.len());
    let mut writes = Vec::with_capacity(orders.len());
    for (group, mut rows) in orders {
        let claim = rows.iter_mut().find_map(|p| p.claim.take());
        rows_of.push(rows.into_iter().map(|p| (p.row, p.key)).collect());
        writes.push(NewOrder { order: group.order(upload_id), claim });
    }
    let outcomes = store.write_orders(writes).await;
    rows_of
        .into_iter()
        .zip(outcomes.into_iter().map(Some).chain(std::iter::repeat_with(|| None)))
        .flat_map(|(rows, outcome)| {
            let (status, message) = match outcome {
                Some(Ok(())) => (CommitStatus::Written, None),
                Some(Err(e)) => (CommitStatus::Failed, Some(e.to_string())),
                None => (CommitStatus::Failed, Some(ApiError::Unavailable.to_string())),
            };
            rows.into_iter().map(move |(row, key)| CommitResult {
                row,
                key: Some(key),
                status,
                message: message.clone(),
            })
        })
        .collect()
}

/// `uploadParMaps`' answer from the pipeline's: per order in the order sent,
/// `written`, or `failed` with its messages; `success` when every order landed.
pub fn answer(groups: &[ParGroup], out: &Committed) -> (bool, Vec<GroupResult>) {
    let by_row: HashMap<u32, &CommitResult> = out.results.iter().map(|r| (r.row, r)).collect();
    let results: Vec<GroupResult> = groups
        .iter()
        .zip(1u32..)
        .map(|(g, row)| {
            let result = by_row.get(&row);
            let landed = result.is_some_and(|r| r.status != CommitStatus::Failed);
            let messages = match out.messages.get(&row) {
                Some(list) => list.clone(),
                None => result.and_then(|r| r.message.clone()).into_iter().collect(),
            };
            GroupResult { key: g.key(), status: if landed { "written" } else { "failed" }, messages }
        })
        .collect();
    (results.iter().all(|r| r.status == "written"), results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::groups::ItemPar;
    use crate::handlers::{check_file, commit_chunk, packing_report, ParMapsAnswer};
    use crate::store::memory::Memory;
    use serde_json::json;

    const DAY: &str = "2026-11-24";

    /// A store with fridges that have every tag the par rules need (and `BARE`, with none).
    fn store() -> Memory {
        let m = Memory::default();
        for id in ["L1", "L2", "L3"] {
            let l = json!({ "id": id, "type": "FRIDGE", "operationConfigs": {
                "routingTag": "CHI", "fulfillmentCenter": "Chicago Kitchen", "parkToFridgeInstructions": "Dock B", "route": "chi-07" } });
            m.locations.lock().unwrap().insert(id.into(), serde_json::from_value(l).unwrap());
        }
        let bare = json!({ "id": "BARE", "type": "FRIDGE", "operationConfigs": { "fulfillmentCenter": " " } });
        m.locations.lock().unwrap().insert("BARE".into(), serde_json::from_value(bare).unwrap());
        m
    }

    fn group(location: &str, items: &[(&str, i64)]) -> ParGroup {
        ParGroup {
            location: location.into(),
            delivery_date: DAY.into(),
            drop_off_date: DAY.into(),
            jit: false,
            stocking_index: None,
            pars_and_items: items.iter().map(|(i, p)| ItemPar { pars: *p, item_name: i.to_string() }).collect(),
            over_capacity_amounts_and_items: vec![],
            priority_boost_items: vec![],
            jit_items: vec![],
        }
    }

    async fn upload(store: &Memory, id: &str, groups: Vec<ParGroup>) -> ParMapsAnswer {
        commit_chunk(store, &UploadId::parse(id).unwrap(), groups).await.unwrap()
    }

    fn pars_of(store: &Memory, location: &str) -> Option<BTreeMap<String, i64>> {
        store.stored(DAY, &format!("{location}#1")).map(|o| o.pars)
    }

    #[tokio::test]
    async fn order_counts_answer_each_date_asked_in_order_and_refuse_a_bad_list() {
        use crate::handlers::{order_counts, MAX_COUNTED_DATES};
        use fleet_shared::entity::StockingDate;
        let store = store();
        upload(&store, "up-counts", vec![group("L1", &[("Kombucha", 2)]), group("L2", &[("Kombucha", 1)])]).await;
        let day = |d: &str| StockingDate::of(d).unwrap();
        let counts = order_counts(&store, &[day("2026-11-25"), day(DAY)]).await.unwrap();
        let pairs: Vec<(&str, u64)> = counts.iter().map(|c| (c.delivery_date.as_str(), c.count)).collect();
        assert_eq!(pairs, [("2026-11-25", 0), (DAY, 2)]);
        let mut month: Vec<StockingDate> = (1..=MAX_COUNTED_DATES).map(|d| day(&format!("2027-01-{d:02}"))).collect();
        assert!(order_counts(&store, &month).await.is_ok(), "a month of dates is counted");
        month.push(day("2027-02-01"));
        for refused in [vec![], vec![day(DAY), day(DAY)], month] {
            let e = order_counts(&store, &refused).await.unwrap_err();
            assert_eq!(e.to_string(), "deliveryDates must name 1 to 31 dates, each once");
        }
    }

    #[tokio::test]
    async fn an_order_lands_with_its_upload_and_a_retried_chunk_replays_without_writing_again() {
        let s = store();
        let chunk = vec![group("L1", &[("Greek Salad", 4)]), group("L2", &[("Cold Brew", 2)])];
        let first = upload(&s, "up-1", chunk.clone()).await;
        assert!(first.success, "{first:?}");
        assert_eq!(
            first.results.iter().map(|r| r.key.as_str()).collect::<Vec<_>>(),
            ["2026-11-24#L1#1", "2026-11-24#L2#1"]
        );
        let stored = s.stored(DAY, "L1#1").unwrap();
        assert_eq!((stored.pars["Greek Salad"], stored.order_upload_id.as_deref()), (4, Some("up-1")));
        let again = upload(&s, "up-1", chunk).await;
        assert_eq!(again, first, "a retry answers as the first try");
        assert_eq!(*s.writes.lock().unwrap(), 2, "and writes nothing again");
    }

    #[tokio::test]
    async fn an_existing_order_is_never_overwritten() {
        let s = store();
        assert!(upload(&s, "up-1", vec![group("L1", &[("Greek Salad", 4)])]).await.success);
        let other = upload(&s, "up-2", vec![group("L1", &[("Greek Salad", 9)]), group("L2", &[("A", 1)])]).await;
        assert!(!other.success);
        assert_eq!(other.results[0].messages, [ORDER_EXISTS]);
        assert_eq!(other.results[1].status, "written", "the other order of the chunk lands");
        assert_eq!(pars_of(&s, "L1").unwrap()["Greek Salad"], 4);
    }

    #[tokio::test]
    async fn an_upload_id_sent_with_other_pars_fails_that_order_alone_and_changes_nothing() {
        let s = store();
        assert!(upload(&s, "up-1", vec![group("L1", &[("Greek Salad", 2)])]).await.success);
        let out = upload(&s, "up-1", vec![group("L1", &[("Greek Salad", 9)]), group("L2", &[("A", 1)])]).await;
        assert_eq!(out.results[0].status, "failed");
        assert_eq!(
            out.results[0].messages,
            ["Upload up-1 for order 2026-11-24#L1#1 was already used with other content. Send new content with a new id."]
        );
        assert_eq!(out.results[1].status, "written");
        assert_eq!(pars_of(&s, "L1").unwrap()["Greek Salad"], 2);
    }

    #[tokio::test]
    async fn of_two_racing_uploads_for_one_order_exactly_one_wins() {
        let s = store();
        let (a, b) = tokio::join!(
            upload(&s, "race-a", vec![group("L1", &[("Greek Salad", 1)])]),
            upload(&s, "race-b", vec![group("L1", &[("Cold Brew", 9)])])
        );
        assert_eq!([a.success, b.success].iter().filter(|w| **w).count(), 1, "{a:?} {b:?}");
        let loser = if a.success { &b } else { &a };
        assert_eq!(loser.results[0].messages, [ORDER_EXISTS]);
        assert_eq!(*s.writes.lock().unwrap(), 1);
    }

    #[tokio::test]
    async fn an_order_is_checked_whole_and_answered_with_every_message() {
        let s = store();
        let mut bad = group("BARE", &[("Greek Salad", -1), ("Cold Brew", 10_000)]);
        bad.stocking_index = Some(2);
        let out = upload(&s, "up-1", vec![bad, group("L1", &[("Greek Salad", 1)]), group("NOPE", &[("A", 1)])]).await;
        assert_eq!(out.results[0].status, "failed");
        assert_eq!(
            out.results[0].messages,
            [
                "Error with Routing Tag for BARE",
                "Error with Territory Tag for BARE",
                "Error with Park To Fridge Instructions Tag for BARE",
                "Par issue with Greek Salad. Accepted values any whole number 0 or greater.",
                "Par issue with Cold Brew. A par is at most 9999.",
            ]
        );
        assert_eq!(out.results[2].messages, ["Location NOPE does not exist"]);
        assert_eq!((out.success, out.results[1].status), (false, "written"));
        assert!(s.stored(DAY, "BARE#2").is_none() && s.stored(DAY, "NOPE#1").is_none());
    }

    #[tokio::test]
    async fn a_chunk_is_bounded_before_anything_is_read_and_one_order_is_sent_once() {
        let s = store();
        let err = commit_chunk(&s, &UploadId::parse("up-1").unwrap(), vec![group("L1", &[("A", 1)]); CHUNK_GROUPS + 1])
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), "groups must hold between 1 and 500 entries");
        let out = upload(&s, "up-1", vec![group("L1", &[("A", 1)]), group("L1", &[("B", 1)])]).await;
        assert_eq!(out.results[1].messages, ["2026-11-24#L1#1 is sent 2 times in this call; send each order once."]);
        assert!(s.stored(DAY, "L1#1").is_none());
    }

    fn file(rows: &[(&str, &str, &str, &str)]) -> UploadRequest {
        let rows = rows
            .iter()
            .zip(2u32..)
            .map(|((location, index, item, par), row)| RawRow {
                row,
                values: json!({ "location": location, "dropOffDate": "11/24/2026", "deliveryDate": DAY, "stockingIndex": index,
                    "item": item, "par": par, "overCapacityAmount": "1.5", "jit": "false", "priorityBoost": "TRUE" })
                .as_object()
                .cloned()
                .unwrap(),
            })
            .collect();
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse("file-1").unwrap(),
            file_name: "pars.csv".into(),
            rows,
            groups: None,
        }
    }

    #[tokio::test]
    async fn the_dry_run_answers_the_orders_to_send_whole_in_chunks_and_leaves_out_invalid_ones() {
        let s = store();
        let dry = check_file(
            &s,
            &file(&[("L1", "", "A", "3"), ("L2", "", "A", "1"), ("L1", "1", "B", "2"), ("L3", "", "A", "x")]),
        )
        .await
        .unwrap();
        assert_eq!(dry.dry.summary.invalid, 1);
        assert_eq!(dry.chunks.len(), 1);
        let orders = &dry.chunks[0];
        assert_eq!(orders.iter().map(ParGroup::key).collect::<Vec<_>>(), ["2026-11-24#L1#1", "2026-11-24#L2#1"]);
        assert_eq!(orders[0].pars_and_items.len(), 2, "the whole order");
        assert_eq!((orders[0].drop_off_date.as_str(), orders[0].priority_boost_items.len()), (DAY, 2));
        let wire = json!(dry);
        assert_eq!(wire["groups"], json!({ "2026-11-24#L1#1": 2, "2026-11-24#L2#1": 1, "2026-11-24#L3#1": 1 }));
        assert_eq!(wire["chunks"][0][0]["parsAndItems"][0], json!({ "pars": 3, "itemName": "A" }));
        assert_eq!(*s.writes.lock().unwrap(), 0, "a dry run writes nothing");
        // What the dry run answers is what uploadParMaps takes.
        assert!(upload(&s, "file-1", dry.chunks[0].clone()).await.success);
        let again = check_file(&s, &file(&[("L1", "", "A", "3")])).await.unwrap();
        assert_eq!(again.dry.rows[0].messages, [ORDER_EXISTS]);
        assert!(again.chunks.is_empty());
    }

    #[tokio::test]
    async fn the_orders_of_a_large_file_come_in_chunks_of_500() {
        let s = store();
        let rows: Vec<(String, String)> = (1..=1001).map(|i| (i.to_string(), format!("I{i}"))).collect();
        let rows: Vec<(&str, &str, &str, &str)> =
            rows.iter().map(|(i, item)| ("L1", i.as_str(), item.as_str(), "1")).collect();
        let mut req = file(&rows[..999]);
        req.rows.extend(file(&rows[999..]).rows.into_iter().zip(1001u32..).map(|(r, row)| RawRow { row, ..r }));
        let dry = check_file(&s, &req).await.unwrap();
        assert_eq!(dry.dry.summary.invalid, 2, "indexes over 999 are refused");
        assert_eq!(dry.chunks.iter().map(Vec::len).collect::<Vec<_>>(), [500, 499]);
    }

    #[tokio::test]
    async fn a_par_file_committed_on_the_pipeline_writes_whole_orders() {
        let s = store();
        let kind = ParFile::load(&s, &file(&[("L1", "", "A", "3")]).rows).await.unwrap();
        let mut req = file(&[("L1", "", "A", "3"), ("L1", "", "B", "2"), ("L2", "", "A", "1"), ("L2", "", "B", "-1")]);
        req.groups = Some(BTreeMap::from([("2026-11-24#L1#1".into(), 2), ("2026-11-24#L2#1".into(), 2)]));
        let out = fleet_shared::upload::commit(&kind, &req, &s).await.unwrap();
        assert_eq!((out.written, out.failed), (2, 2));
        assert_eq!(pars_of(&s, "L1").unwrap(), BTreeMap::from([("A".into(), 3), ("B".into(), 2)]));
        assert!(pars_of(&s, "L2").is_none(), "an order with an invalid row lands not at all");
        let again = fleet_shared::upload::commit(&kind, &req, &s).await.unwrap();
        assert_eq!(again.results, out.results, "a retry replays");
        assert_eq!(*s.writes.lock().unwrap(), 1);
    }

    #[tokio::test]
    async fn the_packing_report_names_each_locations_route_as_its_driver() {
        let s = store();
        assert!(upload(&s, "up-1", vec![group("L1", &[("Greek Salad", 4), ("Cold Brew", 0)])]).await.success);
        let report = packing_report(&s, DAY).await.unwrap();
        assert_eq!(report.locations[0].driver, "chi-07");
        assert_eq!(
            json!(report.locations[0].slots),
            json!([{ "zone": "1", "bay": "A", "item": "Greek Salad", "need": 4 }])
        );
    }
}
