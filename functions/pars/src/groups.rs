//! Par upload groups (3-planning §3): one fridge order per dropOffDate,
//! location and stockingIndex, with its pars, over-capacity amounts and
//! priority-boost items. `uploadParMaps` writes each group as a conditional
//! put, up to 100 in one transaction, so of two uploads racing for the same
//! order exactly one wins, and a retried chunk of the same upload finds its
//! orders written.
use crate::rules::{self, group_key, OpsLocation, ParRow, MAX_ITEMS_PER_GROUP, ORDER_EXISTS};
use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::entity::fridge_order::{order_key, FridgeOrder};
use fleet_shared::idempotency::{self, Claim, Records, Seen};
use fleet_shared::{store, ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemPar {
    pub pars: i64,
    pub item_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemOverCapacity {
    pub over_capacity_amount: f64,
    pub item_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParGroup {
    pub location: String,
    pub delivery_date: String,
    pub drop_off_date: String,
    pub jit: bool,
    /// Empty counts as 1 (§5).
    #[serde(default)]
    pub stocking_index: Option<i64>,
    pub pars_and_items: Vec<ItemPar>,
    #[serde(default)]
    pub over_capacity_amounts_and_items: Vec<ItemOverCapacity>,
    #[serde(default)]
    pub priority_boost_items: Vec<String>,
}

impl ParGroup {
    pub fn index(&self) -> i64 {
        self.stocking_index.unwrap_or(1)
    }

    pub fn key(&self) -> String {
        group_key(&self.drop_off_date, &self.location, self.index())
    }

    /// The groups of checked rows, in file order.
    pub fn of_rows(rows: &[ParRow]) -> Vec<ParGroup> {
        let mut order: Vec<String> = Vec::new();
        let mut groups: HashMap<String, ParGroup> = HashMap::new();
        for r in rows {
            let key = group_key(&r.drop_off_date, &r.location, r.stocking_index);
            let g = groups.entry(key.clone()).or_insert_with(|| {
                order.push(key.clone());
                ParGroup {
                    location: r.location.clone(),
                    delivery_date: r.delivery_date.clone(),
                    drop_off_date: r.drop_off_date.clone(),
                    jit: r.jit,
                    stocking_index: Some(r.stocking_index),
                    pars_and_items: vec![],
                    over_capacity_amounts_and_items: vec![],
                    priority_boost_items: vec![],
                }
            });
            g.pars_and_items.push(ItemPar { pars: r.par, item_name: r.item.clone() });
            if r.over_capacity_amount > 0.0 {
                g.over_capacity_amounts_and_items
                    .push(ItemOverCapacity { over_capacity_amount: r.over_capacity_amount, item_name: r.item.clone() });
            }
            if r.priority_boost {
                g.priority_boost_items.push(r.item.clone());
            }
        }
        order.into_iter().filter_map(|k| groups.remove(&k)).collect()
    }

    /// Every §5 rule a group can break, before anything is written.
    pub fn check(&self, ops: Option<&OpsLocation>) -> Vec<String> {
        let mut e = rules::location_rules(&self.location, ops);
        for (field, value) in [("dropOffDate", &self.drop_off_date), ("deliveryDate", &self.delivery_date)] {
            if rules::date(value).as_deref() != Some(value.as_str()) {
                e.push(format!("{field} '{value}' is not a date"));
            }
        }
        e.extend(rules::stocking_index_problem(&self.index().to_string()));
        if self.pars_and_items.is_empty() {
            e.push("A group needs at least one item".into());
        }
        if self.pars_and_items.len() > MAX_ITEMS_PER_GROUP {
            e.push(format!(
                "{} has {} items; a fridge order holds at most {MAX_ITEMS_PER_GROUP}.",
                self.key(),
                self.pars_and_items.len()
            ));
        }
        // The same bounds as the dry run's (`rules::parse`), so a file that passes one passes the other.
        e.extend(self.pars_and_items.iter().filter_map(|p| rules::par_problem(&p.item_name, p.pars)));
        e.extend(
            self.over_capacity_amounts_and_items
                .iter()
                .filter_map(|o| rules::over_capacity_problem(&o.item_name, o.over_capacity_amount)),
        );
        if self.jit && self.delivery_date != self.drop_off_date {
            for p in &self.pars_and_items {
                e.push(format!("JIT cannot be applied for {}. Delivery Date must equal Drop Off Date.", p.item_name));
            }
        }
        let mut seen = std::collections::HashSet::new();
        for p in &self.pars_and_items {
            if !seen.insert(&p.item_name) {
                e.push(format!("{} appears twice in {}", p.item_name, self.key()));
            }
        }
        e
    }

    pub fn order(&self, upload_id: &str) -> FridgeOrder {
        FridgeOrder {
            drop_off_date: self.drop_off_date.clone(),
            order_key: order_key(&self.location, self.index()),
            location_id: self.location.clone(),
            stocking_index: self.index(),
            delivery_date: self.delivery_date.clone(),
            pars: self.pars_and_items.iter().map(|p| (p.item_name.clone(), p.pars)).collect(),
            order_upload_id: Some(upload_id.to_string()),
            over_capacity: self
                .over_capacity_amounts_and_items
                .iter()
                .map(|o| (o.item_name.clone(), o.over_capacity_amount))
                .collect::<BTreeMap<_, _>>(),
            priority_boost_items: self.priority_boost_items.clone(),
            jit: self.jit,
            details: None,
        }
    }
}

/// The ops locations among these ids (id -> what the par rules need); an
/// unknown id is simply absent. Reads just the named locations, and of them
/// just the fields the rules look at.
pub async fn ops_locations<'a>(
    deps: &Deps,
    ids: impl IntoIterator<Item = &'a str>,
) -> Result<HashMap<String, OpsLocation>, ApiError> {
    let ids: BTreeSet<&str> = ids.into_iter().collect();
    let keys = ids.into_iter().map(|id| HashMap::from([("id".to_string(), store::s(id))])).collect();
    let items = deps.table(Table::Locations)?.batch_get(keys, &["id", "type", "operationConfigs"]).await?;
    items.into_iter().map(store::from_item::<Value>).map(|d| d.map(|d| ops_location(&d))).collect()
}

/// What the par rules need of a location document.
pub fn ops_location(d: &Value) -> (String, OpsLocation) {
    let oc = |k: &str| {
        d.get("operationConfigs")
            .and_then(|o| o.get(k))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let ops = OpsLocation {
        kind: d.get("type").and_then(Value::as_str).unwrap_or("FRIDGE").to_string(),
        routing_tag: oc("routingTag"),
        fulfillment_center: oc("fulfillmentCenter"),
        park_to_fridge_instructions: oc("parkToFridgeInstructions"),
    };
    (d["id"].as_str().unwrap_or_default().to_string(), ops)
}

/// The stored orders under these keys (`date#location#index`), for the dry run's existing-order rule.
pub async fn existing(deps: &Deps, keys: &[String]) -> Result<HashMap<String, FridgeOrder>, ApiError> {
    let items = keys
        .iter()
        .filter_map(|k| {
            let (date, rest) = k.split_once('#')?;
            let (location, index) = rest.rsplit_once('#')?;
            Some(HashMap::from([
                ("dropOffDate".to_string(), store::s(date)),
                ("orderKey".to_string(), store::s(order_key(location, index.parse().ok()?))),
            ]))
        })
        .collect();
    let found = deps.table(Table::FridgeOrders)?.batch_get(items, &[]).await?;
    let mut map = HashMap::new();
    for item in found {
        let o: FridgeOrder = store::from_item(item)?;
        map.insert(group_key(&o.drop_off_date, &o.location_id, o.stocking_index), o);
    }
    Ok(map)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct GroupResult {
    pub key: String,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<String>,
}

/// Orders one transaction takes: each is its order and its upload record,
/// and DynamoDB's limit is 100 items and 4 MB.
pub const ORDERS_PER_TRANSACTION: usize = 50;
const TRANSACTION_BYTES: usize = 3_000_000;

/// The scope of the orders' idempotency records (`pars#{uploadId}`, part `order#{key}`).
pub const SCOPE: &str = "pars";

impl ParGroup {
    /// The record part of this group's order within its upload.
    pub fn part(&self) -> String {
        format!("order#{}", self.key())
    }

    /// The idempotency record of writing this group under `upload_id`.
    pub fn claim(&self, upload_id: &str, now: i64) -> Claim {
        Claim::new(SCOPE, upload_id, &self.part(), idempotency::digest(self), &Value::String("written".into()), now)
    }
}

/// An order lands only where none exists: an order is never overwritten by
/// an upload, whatever upload id is sent (a retry is recognised by its record).
fn conditional_put(table: &str, group: &ParGroup, upload_id: &str) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(store::to_item(&group.order(upload_id))?))
        .condition_expression("attribute_not_exists(orderKey)")
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

/// What the records of this upload say of these groups, by index: a retry
/// of the same order (replayed as written), or the upload id reused for
/// another order (refused); absent for a first try.
pub async fn seen<R: Records>(
    records: &R,
    upload_id: &str,
    groups: &[&ParGroup],
) -> Result<HashMap<usize, Seen>, ApiError> {
    let found = records.get(&format!("{SCOPE}#{upload_id}"), groups.iter().map(|g| g.part()).collect()).await?;
    Ok(groups
        .iter()
        .enumerate()
        .filter_map(|(i, g)| found.get(&g.part()).map(|c| (i, c.seen_by(&idempotency::digest(*g)))))
        .collect())
}

/// The refusal of an upload id reused for another order.
pub fn reused(upload_id: &str, group: &ParGroup) -> ApiError {
    idempotency::conflict(&format!("Upload {upload_id} for order {}", group.key()))
}

/// Groups in transactions of at most 50 orders and 3 MB.
pub fn transactions(groups: &[&ParGroup]) -> Vec<Vec<ParGroup>> {
    let mut out: Vec<Vec<ParGroup>> = Vec::new();
    let mut bytes = 0;
    for g in groups {
        let size = serde_json::to_string(g).map(|s| s.len()).unwrap_or(0) + 200;
        match out.last_mut() {
            Some(last) if last.len() < ORDERS_PER_TRANSACTION && bytes + size <= TRANSACTION_BYTES => {
                last.push((*g).clone())
            }
            _ => {
                out.push(vec![(*g).clone()]);
                bytes = 0;
            }
        }
        bytes += size;
    }
    out
}

/// Writes groups as conditional puts in one transaction, each with its
/// upload record: an order lands only when no order has its key. When some
/// orders exist, the transaction is cancelled; those are answered (a racing
/// try of this upload that wrote them is a retry, else `ORDER_EXISTS`) and
/// the others go again without them. Answers per group.
pub async fn write_together(deps: &Deps, groups: &[ParGroup], upload_id: &str) -> Vec<Result<(), ApiError>> {
    let mut results: Vec<Option<Result<(), ApiError>>> = (0..groups.len()).map(|_| None).collect();
    let (t, records) = match (deps.table(Table::FridgeOrders), deps.table(Table::Idempotency)) {
        (Ok(t), Ok(r)) => (t, r),
        (Err(e), _) | (_, Err(e)) => return groups.iter().map(|_| Err(e.clone())).collect(),
    };
    let mut pending: Vec<usize> = (0..groups.len()).collect();
    let mut conflicts = 0u32;
    while !pending.is_empty() {
        let now = chrono::Utc::now().timestamp();
        let items: Result<Vec<TransactWriteItem>, ApiError> = pending
            .iter()
            .map(|&i| {
                Ok([
                    conditional_put(t.name, &groups[i], upload_id)?,
                    groups[i].claim(upload_id, now).put(records.name)?,
                ])
            })
            .collect::<Result<Vec<_>, ApiError>>()
            .map(|pairs| pairs.into_iter().flatten().collect());
        let items = match items {
            Ok(items) => items,
            Err(e) => {
                pending.iter().for_each(|&i| results[i] = Some(Err(e.clone())));
                break;
            }
        };
        match t.client.transact_write_items().set_transact_items(Some(items)).send().await {
            Ok(_) => {
                pending.iter().for_each(|&i| results[i] = Some(Ok(())));
                break;
            }
            Err(SdkError::ServiceError(e))
                if matches!(e.err(), TransactWriteItemsError::TransactionCanceledException(_)) =>
            {
                let TransactWriteItemsError::TransactionCanceledException(c) = e.err() else { unreachable!() };
                let codes: Vec<String> =
                    c.cancellation_reasons().iter().map(|r| r.code().unwrap_or("None").to_string()).collect();
                // Two items a group: its order, then its record.
                let existing: Vec<usize> = pending
                    .iter()
                    .zip(codes.chunks(2))
                    .filter(|(_, c)| c.iter().any(|c| c == "ConditionalCheckFailed"))
                    .map(|(&i, _)| i)
                    .collect();
                if existing.is_empty() {
                    // Another transaction held an item meanwhile: try again shortly, a few times.
                    conflicts += 1;
                    if conflicts > 5 {
                        pending.iter().for_each(|&i| results[i] = Some(Err(ApiError::Unavailable)));
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(50 << conflicts)).await;
                    continue;
                }
                let refs: Vec<&ParGroup> = existing.iter().map(|&i| &groups[i]).collect();
                let seen = match seen(&records, upload_id, &refs).await {
                    Ok(seen) => seen,
                    Err(e) => {
                        pending.iter().for_each(|&i| results[i] = Some(Err(e.clone())));
                        break;
                    }
                };
                for (k, &i) in existing.iter().enumerate() {
                    results[i] = Some(match seen.get(&k) {
                        Some(Seen::Replay(_)) => Ok(()),
                        Some(Seen::Conflict) => Err(reused(upload_id, &groups[i])),
                        _ => Err(ApiError::Conflict(ORDER_EXISTS.into())),
                    });
                }
                pending.retain(|i| !existing.contains(i));
            }
            Err(e) => {
                let e = ApiError::from(e);
                pending.iter().for_each(|&i| results[i] = Some(Err(e.clone())));
                break;
            }
        }
    }
    results.into_iter().map(|r| r.unwrap_or(Err(ApiError::Unavailable))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(location: &str, item: &str, par: i64, index: i64) -> ParRow {
        ParRow {
            location: location.into(),
            drop_off_date: "2026-11-24".into(),
            delivery_date: "2026-11-24".into(),
            stocking_index: index,
            item: item.into(),
            par,
            over_capacity_amount: if item == "B" { 1.5 } else { 0.0 },
            jit: true,
            priority_boost: item == "A",
        }
    }

    #[test]
    fn rows_group_by_order_with_their_pars_over_capacity_and_boosts() {
        let groups = ParGroup::of_rows(&[
            row("L1", "A", 3, 1),
            row("L2", "A", 1, 1),
            row("L1", "B", 4, 1),
            row("L1", "C", 2, 2),
        ]);
        assert_eq!(
            groups.iter().map(ParGroup::key).collect::<Vec<_>>(),
            ["2026-11-24#L1#1", "2026-11-24#L2#1", "2026-11-24#L1#2"]
        );
        assert_eq!(groups[0].pars_and_items.len(), 2);
        assert_eq!(
            groups[0].over_capacity_amounts_and_items,
            vec![ItemOverCapacity { over_capacity_amount: 1.5, item_name: "B".into() }]
        );
        assert_eq!(groups[0].priority_boost_items, ["A"]);
        let order = groups[0].order("u1");
        assert_eq!(
            (order.order_key.as_str(), order.pars["B"], order.order_upload_id.as_deref()),
            ("L1#1", 4, Some("u1"))
        );
    }

    #[test]
    fn a_group_is_rechecked_whole() {
        let ops = OpsLocation {
            kind: "FRIDGE".into(),
            routing_tag: Some("r".into()),
            fulfillment_center: Some("f".into()),
            park_to_fridge_instructions: Some("p".into()),
        };
        let mut g = ParGroup::of_rows(&[row("L1", "A", 3, 1)]).remove(0);
        assert!(g.check(Some(&ops)).is_empty());
        g.delivery_date = "2026-11-23".into();
        g.pars_and_items.push(ItemPar { pars: -1, item_name: "A".into() });
        g.pars_and_items.extend((0..500).map(|i| ItemPar { pars: 1, item_name: format!("I{i}") }));
        let e = g.check(Some(&ops));
        assert!(e.contains(&"2026-11-24#L1#1 has 502 items; a fridge order holds at most 500.".to_string()), "{e:?}");
        assert!(e.contains(&"Par issue with A. Accepted values any whole number 0 or greater.".to_string()));
        assert!(e.contains(&"JIT cannot be applied for A. Delivery Date must equal Drop Off Date.".to_string()));
        assert!(e.contains(&"A appears twice in 2026-11-24#L1#1".to_string()));
    }

    #[test]
    fn transactions_hold_at_most_50_orders_with_their_records_and_3_mb() {
        let small: Vec<ParGroup> =
            (0..250).map(|i| ParGroup::of_rows(&[row(&format!("L{i}"), "A", 1, 1)]).remove(0)).collect();
        let refs: Vec<&ParGroup> = small.iter().collect();
        assert_eq!(transactions(&refs).iter().map(Vec::len).collect::<Vec<_>>(), [50; 5]);
        let mut big = small[0].clone();
        big.pars_and_items = (0..500).map(|i| ItemPar { pars: 1, item_name: format!("{i:0>2000}") }).collect();
        let bigs = vec![big; 5];
        let refs: Vec<&ParGroup> = bigs.iter().collect();
        assert_eq!(transactions(&refs).iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1], "about 1 MB each");
    }
}
