//! Scheduled changes: read, create, delete, and the scheduler that applies
//! due ones. A run first claims a group of changes (same location and time)
//! with a conditional write, so of racing runs exactly one goes on; it then
//! applies the group in one DynamoDB transaction (the location update and
//! the deletes of the claimed changes), so a change is never half-applied.
use crate::{plan, rules::Options, store};
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use fleet_shared::{dynamo, ApiError, Deps, Input};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

pub const TABLE_NAME: &str = "Locations";
pub const VERSION: i64 = 1;
const DUE_SHARD: &str = "DUE";
const BY_LOCATION: &str = "byLocation";
const BY_DUE: &str = "byDue";

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredChange {
    pub uuid: String,
    pub action_time: String,
    pub id: String,
    pub user: String,
    pub version: i64,
    pub due_shard: String,
    pub change: ChangeBody,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChangeBody {
    pub id: String,
    pub table: String,
    pub attribute: String,
    /// JSON text: exactly what was scheduled.
    pub value: String,
}

impl StoredChange {
    /// The GraphQL `ScheduledChange` (AWSJSON `value` stays JSON text).
    fn view(&self) -> Value {
        json!({
            "uuid": self.uuid, "actionTime": self.action_time, "id": self.id, "user": self.user, "version": self.version,
            "change": { "id": self.change.id, "table": self.change.table, "attribute": self.change.attribute, "value": self.change.value }
        })
    }

    fn value(&self) -> Value {
        serde_json::from_str(&self.change.value).unwrap_or(Value::Null)
    }
}

async fn query_index(deps: &Deps, index: &str, key: &str, key_value: &str, until: Option<&str>) -> Result<Vec<StoredChange>, ApiError> {
    let mut out = Vec::new();
    let mut start = None;
    loop {
        let mut q = deps
            .dynamo
            .query()
            .table_name(&deps.config.scheduled_changes_table)
            .index_name(index)
            .expression_attribute_names("#k", key)
            .expression_attribute_values(":k", dynamo::s(key_value))
            .set_exclusive_start_key(start);
        q = match until {
            Some(t) => q
                .key_condition_expression("#k = :k AND actionTime <= :t")
                .expression_attribute_values(":t", dynamo::s(t)),
            None => q.key_condition_expression("#k = :k"),
        };
        let page = q.send().await?;
        for item in page.items.unwrap_or_default() {
            out.push(dynamo::from_item(item)?);
        }
        start = page.last_evaluated_key;
        if start.is_none() {
            return Ok(out);
        }
    }
}

pub async fn for_location(deps: &Deps, id: &str) -> Result<Vec<StoredChange>, ApiError> {
    query_index(deps, BY_LOCATION, "id", id, None).await
}

#[derive(Deserialize)]
struct Filter {
    id: String,
}

pub async fn read(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let filter: Filter = input.arg("filter")?;
    Ok(Value::Array(for_location(deps, &filter.id).await?.iter().map(StoredChange::view).collect()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewChange {
    location: String,
    attribute: String,
    value: Value,
    date_time: String,
}

/// ISO text in UTC with milliseconds, so times sort as strings.
pub fn normalise_time(text: &str) -> Result<String, ApiError> {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&chrono::Utc).to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .map_err(|_| ApiError::bad_request(format!("dateTime {text} is not an ISO date-time")))
}

/// The same request always yields the same uuid, so a retry overwrites
/// rather than duplicates.
fn change_uuid(location: &str, attribute: &str, action_time: &str, value: &str) -> String {
    let digest = Sha256::digest(format!("{location}\u{0}{attribute}\u{0}{action_time}\u{0}{value}"));
    let h: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

fn parse_value(v: &Value) -> Value {
    match v {
        Value::String(s) => serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.clone())),
        v => v.clone(),
    }
}

/// Checks a group of changes for one location and time as the update would.
fn check_group(current: &Value, changes: &[(&str, Value)], options: &Options) -> Result<Vec<plan::Assign>, ApiError> {
    let mut input = Map::new();
    for (attribute, value) in changes {
        plan::change_as_input(attribute, value, &mut input).map_err(ApiError::BadRequest)?;
    }
    plan::update(current, &input, options).map_err(ApiError::BadRequest)
}

pub async fn create(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let changes: Vec<NewChange> = input.arg("input")?;
    if changes.is_empty() || changes.len() > 100 {
        return Err(ApiError::bad_request("Send between 1 and 100 scheduled changes"));
    }
    let user = input.caller()?.display().to_string();
    let earliest = (chrono::Utc::now() - chrono::Duration::minutes(1)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let mut groups: BTreeMap<(String, String), Vec<(&str, Value)>> = BTreeMap::new();
    let mut records = Vec::new();
    for c in &changes {
        if !plan::is_schedulable(&c.attribute) {
            return Err(ApiError::bad_request(format!("{} cannot be scheduled", c.attribute)));
        }
        let time = normalise_time(&c.date_time)?;
        if time < earliest {
            return Err(ApiError::bad_request("dateTime must be in the future"));
        }
        let value = parse_value(&c.value);
        groups.entry((c.location.clone(), time.clone())).or_default().push((c.attribute.as_str(), value.clone()));
        let text = value.to_string();
        records.push(StoredChange {
            uuid: change_uuid(&c.location, &c.attribute, &time, &text),
            action_time: time,
            id: c.location.clone(),
            user: user.clone(),
            version: VERSION,
            due_shard: DUE_SHARD.into(),
            change: ChangeBody { id: c.location.clone(), table: TABLE_NAME.into(), attribute: c.attribute.clone(), value: text },
        });
    }
    let options = store::options(deps).await?;
    for ((location, _), group) in &groups {
        let current = store::get_doc(deps, location).await?.ok_or_else(|| store::not_found(location))?;
        // A prod change is only valid with its reason at the same time (§4).
        let has_prod = group.iter().any(|(a, _)| *a == "prod");
        let has_reason = group.iter().any(|(a, v)| *a == "updateReason" && v.get("prod").and_then(crate::rules::text_of).is_some());
        if has_prod && !has_reason {
            return Err(ApiError::bad_request(crate::rules::REASON_EMPTY));
        }
        check_group(&current, group, &options)?;
    }
    let mut tx = deps.dynamo.transact_write_items();
    for r in &records {
        let put = Put::builder()
            .table_name(&deps.config.scheduled_changes_table)
            .set_item(Some(dynamo::to_item(r)?))
            .build()
            .map_err(ApiError::internal)?;
        tx = tx.transact_items(TransactWriteItem::builder().put(put).build());
    }
    tx.send().await?;
    Ok(Value::Array(records.iter().map(StoredChange::view).collect()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeleteInput {
    uuid: String,
    action_time: String,
}

fn delete_item(deps: &Deps, c: &StoredChange) -> Result<TransactWriteItem, ApiError> {
    let del = Delete::builder()
        .table_name(&deps.config.scheduled_changes_table)
        .key("uuid", dynamo::s(&c.uuid))
        .key("actionTime", dynamo::s(&c.action_time))
        .condition_expression("attribute_exists(#u)")
        .expression_attribute_names("#u", "uuid")
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().delete(del).build())
}

/// Deletes a change; either half of an allocation pair deletes both.
pub async fn delete(deps: &'static Deps, input: Input) -> Result<bool, ApiError> {
    let req: DeleteInput = input.arg("input")?;
    let time = normalise_time(&req.action_time)?;
    let found = deps
        .dynamo
        .get_item()
        .table_name(&deps.config.scheduled_changes_table)
        .key("uuid", dynamo::s(&req.uuid))
        .key("actionTime", dynamo::s(&time))
        .consistent_read(true)
        .send()
        .await?;
    let Some(item) = found.item else {
        return Ok(false); // already gone: a retried delete is not an error
    };
    let change: StoredChange = dynamo::from_item(item)?;
    let mut doomed = vec![change.clone()];
    if matches!(change.change.attribute.as_str(), "prod" | "updateReason") {
        let partner = if change.change.attribute == "prod" { "updateReason" } else { "prod" };
        doomed.extend(
            for_location(deps, &change.id)
                .await?
                .into_iter()
                .filter(|c| c.action_time == change.action_time && c.change.attribute == partner),
        );
    }
    let mut tx = deps.dynamo.transact_write_items();
    for c in &doomed {
        tx = tx.transact_items(delete_item(deps, c)?);
    }
    match tx.send().await {
        Ok(_) => Ok(true),
        Err(e) if e.as_service_error().is_some_and(|e| e.is_transaction_canceled_exception()) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Applies every due change. Answers the groups applied and failed, and the
/// uuids of the changes this run applied.
pub async fn apply_due(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    let due = query_index(deps, BY_DUE, "dueShard", DUE_SHARD, Some(&store::now())).await?;
    let mut groups: BTreeMap<(String, String), Vec<StoredChange>> = BTreeMap::new();
    for c in due {
        groups.entry((c.id.clone(), c.action_time.clone())).or_default().push(c);
    }
    let (mut applied, mut failed, mut uuids) = (0, 0, Vec::new());
    let options = if groups.is_empty() { Options::default() } else { store::options(deps).await? };
    for ((location, time), changes) in groups {
        match apply_group(deps, &location, &changes, &options).await {
            Ok(true) => {
                applied += 1;
                uuids.extend(changes.iter().map(|c| c.uuid.clone()));
            }
            Ok(false) => {} // another run applied it first
            Err(e) => {
                failed += 1;
                tracing::error!(%location, %time, error = %e, detail = ?e, "scheduled change not applied; left in place");
            }
        }
    }
    Ok(json!({ "applied": applied, "failed": failed, "appliedChanges": uuids }))
}

/// How long a runner's claim on a change lasts before another may take over
/// (a runner that crashed mid-way).
const CLAIM_SECONDS: i64 = 300;

/// Claims one change for this run with a conditional write, so of two racing
/// runs exactly one proceeds to the transaction.
async fn claim(deps: &Deps, c: &StoredChange, run: &str) -> Result<bool, ApiError> {
    let now = chrono::Utc::now();
    let stale = (now - chrono::Duration::seconds(CLAIM_SECONDS)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let out = deps
        .dynamo
        .update_item()
        .table_name(&deps.config.scheduled_changes_table)
        .key("uuid", dynamo::s(&c.uuid))
        .key("actionTime", dynamo::s(&c.action_time))
        .update_expression("SET claimedBy = :run, claimedAt = :now")
        .condition_expression("attribute_exists(#u) AND (attribute_not_exists(claimedBy) OR claimedAt < :stale)")
        .expression_attribute_names("#u", "uuid")
        .expression_attribute_values(":run", dynamo::s(run))
        .expression_attribute_values(":now", dynamo::s(now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)))
        .expression_attribute_values(":stale", dynamo::s(stale))
        .send()
        .await;
    match out {
        Ok(_) => Ok(true),
        Err(e) if matches!(e.as_service_error(), Some(se) if se.is_conditional_check_failed_exception()) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

async fn release(deps: &Deps, changes: &[StoredChange], run: &str) {
    for c in changes {
        let _ = deps
            .dynamo
            .update_item()
            .table_name(&deps.config.scheduled_changes_table)
            .key("uuid", dynamo::s(&c.uuid))
            .key("actionTime", dynamo::s(&c.action_time))
            .update_expression("REMOVE claimedBy, claimedAt")
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":run", dynamo::s(run))
            .send()
            .await;
    }
}

/// Validates, claims, then applies a group in one transaction. `Ok(false)`
/// means another run holds or already applied it.
async fn apply_group(deps: &Deps, location: &str, changes: &[StoredChange], options: &Options) -> Result<bool, ApiError> {
    let current = store::get_doc(deps, location).await?.ok_or_else(|| store::not_found(location))?;
    let values: Vec<(&str, Value)> = changes.iter().map(|c| (c.change.attribute.as_str(), c.value())).collect();
    let assigns = check_group(&current, &values, options)?;
    let run = uuid::Uuid::new_v4().to_string();
    let mut ordered: Vec<&StoredChange> = changes.iter().collect();
    ordered.sort_by(|a, b| a.uuid.cmp(&b.uuid)); // same order in every run: the first claim decides
    for c in &ordered {
        if !claim(deps, c, &run).await? {
            release(deps, changes, &run).await;
            return Ok(false);
        }
    }
    let user = changes.first().map(|c| c.user.clone()).unwrap_or_default();
    let update = store::transact_update(deps, location, &assigns, &user)?;
    let mut tx = deps.dynamo.transact_write_items().transact_items(TransactWriteItem::builder().update(update).build());
    for c in changes {
        let del = Delete::builder()
            .table_name(&deps.config.scheduled_changes_table)
            .key("uuid", dynamo::s(&c.uuid))
            .key("actionTime", dynamo::s(&c.action_time))
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":run", dynamo::s(&run))
            .build()
            .map_err(ApiError::internal)?;
        tx = tx.transact_items(TransactWriteItem::builder().delete(del).build());
    }
    match tx.send().await {
        Ok(_) => Ok(true),
        Err(e) => {
            release(deps, changes, &run).await;
            Err(ApiError::internal(aws_sdk_dynamodb::error::DisplayErrorContext(&e)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_normalise_to_sortable_utc() {
        assert_eq!(normalise_time("2026-11-21T10:00:00-06:00").unwrap(), "2026-11-21T16:00:00.000Z");
        assert!(normalise_time("tomorrow").is_err());
    }

    #[test]
    fn uuids_are_stable_per_request() {
        let a = change_uuid("CHI_1", "prod", "t", "1");
        assert_eq!(a, change_uuid("CHI_1", "prod", "t", "1"));
        assert_ne!(a, change_uuid("CHI_1", "prod", "t", "0"));
        assert_eq!(a.len(), 36);
    }
}
