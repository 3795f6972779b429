//! A fridge's snapshot chain in DynamoDB (`report::derive`): links under
//! `inv#{time}` in the fridge's telemetry partition, its head under `inv#~`.
//!
//! Every placement reads the head, then the link before the snapshot and
//! the links after it, and writes with the head's version as its condition:
//! two placements of one fridge at once cannot both land, and the loser
//! reads again. A placement whose writes fit one
//! transaction is one transaction. A larger one (a 60-slot clear-out is 121
//! writes) first stores its plan beside the head, in one transaction with the
//! version bump; the plan is then applied in parts, each conditioned on that
//! version, and cleared. A placement that finds a plan left unfinished (a
//! crash, a timeout) finishes it first, so no part is ever lost or applied
//! over a later placement.
use aws_sdk_dynamodb::types::{AttributeValue, ConditionCheck, Delete, Put, TransactWriteItem, Update};
use fleet_shared::entity::report::derive::{self, Link, Placed, Write, HEAD_SK, LINK_PREFIX, PLAN_PREFIX};
use fleet_shared::entity::telemetry::InventorySnapshot;
use fleet_shared::store::{self, Item, SortKey, TRANSACT_MAX};
use fleet_shared::{ApiError, Deps, Table, TableRef};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Placements of one snapshot before giving up on a fridge whose snapshots race.
const TRIES: usize = 5;
/// Links read per page after the snapshot's time.
const PAGE: i32 = 50;
/// The most JSON one plan part holds: well inside an item's 400 KB.
const PART_BYTES: usize = 300_000;

/// The chain's head: the version every placement is conditioned on, and the
/// parts of a plan not yet applied (0 when none).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Head {
    version: u64,
    #[serde(default)]
    plan_parts: u32,
}

/// One part of a stored plan: its writes as JSON text.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Part {
    location_id: String,
    sk: String,
    writes: String,
    expires_at: i64,
}

struct Tables<'a> {
    chain: TableRef<'a>,
    rows: TableRef<'a>,
}

fn key(location: &str, sk: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("locationId".to_string(), store::s(location)), ("sk".to_string(), store::s(sk))])
}

/// Places a snapshot in its fridge's chain and writes what that changes.
pub async fn place(deps: &'static Deps, snapshot: &InventorySnapshot) -> Result<Placed, ApiError> {
    let t = Tables { chain: deps.table(Table::FridgeTelemetry)?, rows: deps.table(Table::ReportRows)? };
    let new = Link::of(snapshot)
        .ok_or_else(|| ApiError::bad_request(format!("timestamp {} is not a time", snapshot.timestamp)))?;
    let location = new.location_id.clone();
    for _ in 0..TRIES {
        // The head first: a placement that lands after this read bumps the
        // version, so links read after it are never older than the condition.
        let head: Head = t.chain.get(key(&location, HEAD_SK)).await?.unwrap_or_default();
        if head.plan_parts > 0 {
            // Another placement's plan, left unfinished: finished here first.
            match finish(&t, &location, head.version).await {
                Ok(()) | Err(ApiError::Conflict(_)) => continue,
                Err(e) => return Err(e),
            }
        }
        let before = t
            .chain
            .query("locationId", location.clone())
            .sort("sk", SortKey::Between(LINK_PREFIX.to_string(), new.sk.clone()))
            .newest_first()
            .consistent();
        let (items, _) = before.page(None, Some(2)).await?;
        let links: Vec<Link> = items.into_iter().map(store::from_item).collect::<Result<_, _>>()?;
        let prev = links.into_iter().find(|l| l.sk < new.sk);
        // Up to the head: the links from the snapshot's time on (the head itself is skipped).
        let after = t
            .chain
            .query("locationId", location.clone())
            .sort("sk", SortKey::Between(new.sk.clone(), HEAD_SK.to_string()))
            .consistent();
        let (mut later, mut start) = (Vec::new(), None);
        let placed = loop {
            let (items, next) = after.page(start, Some(PAGE)).await?;
            for item in items {
                if item.get("sk").and_then(|v| v.as_s().ok()).map(String::as_str) != Some(HEAD_SK) {
                    later.push(store::from_item::<Link>(item)?);
                }
            }
            let complete = next.is_none();
            match derive::place(prev.as_ref(), &new, &later, complete) {
                Placed::NeedMore if !complete => start = next,
                placed => break placed,
            }
        };
        let Placed::Settled(writes) = &placed else { return Ok(placed) };
        let written = if writes.len() < TRANSACT_MAX {
            let mut items = vec![bump(&t, &location, head.version, None)?];
            for w in writes {
                items.push(item(&t, &location, w)?);
            }
            store::transact(t.chain.client, items).await
        } else {
            planned(&t, &location, head.version, writes).await
        };
        match written {
            Ok(()) => return Ok(placed),
            Err(ApiError::Conflict(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Unavailable)
}

/// The head's version from `version` to the next, on the condition that it
/// is still `version`; with a plan's part count, or clearing it.
fn bump(t: &Tables, location: &str, version: u64, parts: Option<u32>) -> Result<TransactWriteItem, ApiError> {
    let update = Update::builder()
        .table_name(t.chain.name)
        .set_key(Some(key(location, HEAD_SK)))
        .update_expression("SET #v = :next, #p = :parts")
        .expression_attribute_names("#v", "version")
        .expression_attribute_names("#p", "planParts")
        .expression_attribute_values(":next", AttributeValue::N((version + 1).to_string()))
        .expression_attribute_values(":parts", AttributeValue::N(parts.unwrap_or(0).to_string()));
    let update = if version == 0 {
        update.condition_expression("attribute_not_exists(#v)")
    } else {
        update
            .condition_expression("#v = :seen")
            .expression_attribute_values(":seen", AttributeValue::N(version.to_string()))
    };
    Ok(TransactWriteItem::builder().update(update.build().map_err(ApiError::internal)?).build())
}

/// One write as a transaction item. Rows carry no condition of their own:
/// the head's version, in the same transaction, is the one they depend on.
fn item(t: &Tables, location: &str, w: &Write) -> Result<TransactWriteItem, ApiError> {
    let put = |table: &str, item: Item| Put::builder().table_name(table).set_item(Some(item)).build();
    Ok(match w {
        Write::Link { link } => TransactWriteItem::builder()
            .put(put(t.chain.name, store::to_item(link)?).map_err(ApiError::internal)?)
            .build(),
        Write::Open { sk, open } => {
            let open =
                store::to_item(&HashMap::from([("open", open)]))?.remove("open").unwrap_or(AttributeValue::Null(true));
            let update = Update::builder()
                .table_name(t.chain.name)
                .set_key(Some(key(location, sk)))
                .update_expression("SET #o = :o")
                .condition_expression("attribute_exists(sk)")
                .expression_attribute_names("#o", "open")
                .expression_attribute_values(":o", open)
                .build()
                .map_err(ApiError::internal)?;
            TransactWriteItem::builder().update(update).build()
        }
        Write::PutRow { row } => TransactWriteItem::builder()
            .put(put(t.rows.name, store::to_item(row)?).map_err(ApiError::internal)?)
            .build(),
        Write::DeleteRow { pk, sk } => {
            let key = HashMap::from([("pk".to_string(), store::s(pk)), ("sk".to_string(), store::s(sk))]);
            let delete =
                Delete::builder().table_name(t.rows.name).set_key(Some(key)).build().map_err(ApiError::internal)?;
            TransactWriteItem::builder().delete(delete).build()
        }
    })
}

/// A placement too large for one transaction: its plan, stored with the
/// version bump, then applied and cleared.
async fn planned(t: &Tables<'_>, location: &str, version: u64, writes: &[Write]) -> Result<(), ApiError> {
    let mut parts: Vec<String> = Vec::new();
    let mut current: Vec<&Write> = Vec::new();
    let mut size = 0;
    for w in writes {
        let n = serde_json::to_string(w).map_err(ApiError::internal)?.len();
        if size + n > PART_BYTES && !current.is_empty() {
            parts.push(serde_json::to_string(&current).map_err(ApiError::internal)?);
            (current, size) = (Vec::new(), 0);
        }
        current.push(w);
        size += n;
    }
    parts.push(serde_json::to_string(&current).map_err(ApiError::internal)?);
    if parts.len() >= TRANSACT_MAX {
        return Err(ApiError::bad_request(format!(
            "the snapshot changes {} report rows and links: more than one placement can plan",
            writes.len()
        )));
    }
    let expires_at = (fleet_shared::fridge_time::now() + chrono::Duration::days(derive::LINK_DAYS)).timestamp();
    let mut items = vec![bump(t, location, version, Some(parts.len() as u32))?];
    for (i, writes) in parts.into_iter().enumerate() {
        let part = Part { location_id: location.to_string(), sk: format!("{PLAN_PREFIX}{i:03}"), writes, expires_at };
        items.push(store::transact_put(t.chain.name, store::to_item(&part)?)?);
    }
    store::transact(t.chain.client, items).await?;
    finish(t, location, version + 1).await
}

/// Applies a stored plan in parts, each on the condition that the head is
/// still at `version` with its plan, then clears it (a new version).
async fn finish(t: &Tables<'_>, location: &str, version: u64) -> Result<(), ApiError> {
    let parts: Vec<Part> = t
        .chain
        .query("locationId", location.to_string())
        .sort("sk", SortKey::BeginsWith(PLAN_PREFIX.to_string()))
        .consistent()
        .all()
        .await?;
    let mut writes: Vec<Write> = Vec::new();
    for p in &parts {
        writes.extend(serde_json::from_str::<Vec<Write>>(&p.writes).map_err(ApiError::internal)?);
    }
    let check = || -> Result<TransactWriteItem, ApiError> {
        let check = ConditionCheck::builder()
            .table_name(t.chain.name)
            .set_key(Some(key(location, HEAD_SK)))
            .condition_expression("#v = :v AND #p > :zero")
            .expression_attribute_names("#v", "version")
            .expression_attribute_names("#p", "planParts")
            .expression_attribute_values(":v", AttributeValue::N(version.to_string()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .build()
            .map_err(ApiError::internal)?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    };
    for chunk in writes.chunks(TRANSACT_MAX - 1) {
        let mut items = vec![check()?];
        for w in chunk {
            items.push(item(t, location, w)?);
        }
        store::transact(t.chain.client, items).await?;
    }
    let mut items = vec![bump(t, location, version, None)?];
    for p in &parts {
        let delete = Delete::builder()
            .table_name(t.chain.name)
            .set_key(Some(key(location, &p.sk)))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().delete(delete).build());
    }
    store::transact(t.chain.client, items).await
}

#[cfg(test)]
mod tests {
    /// The links after a time are read up to the head, which must sort after
    /// every link and before the plan parts.
    #[test]
    fn the_head_sorts_after_every_link_and_before_the_plan() {
        let t = fleet_shared::fridge_time::stamp(fleet_shared::fridge_time::now() + chrono::Duration::days(365 * 70));
        assert!(format!("{}{t}", super::LINK_PREFIX).as_str() < super::HEAD_SK);
        assert!(super::HEAD_SK < super::PLAN_PREFIX);
    }
}
