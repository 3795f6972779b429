//! Scheduled changes: read, create, delete, and the scheduler that applies
//! due ones. A run first claims a group of changes (same location and time)
//! with a conditional write, so of racing runs exactly one goes on; it then
//! applies the group in one transaction (the location update, its history
//! record and the deletes of the claimed changes). A group that can never
//! apply is moved aside (status FAILED, with the reason) and retried no more.
use crate::service::{self, Author};
use crate::store::{self as locations, Also, Dynamo, LocationStore};
use crate::{attributes, deadline, plan, rules, rules::Options};
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem, Update};
use chrono::{DateTime, Utc};
use fleet_shared::fridge_time::FridgeZone;
use fleet_shared::{limits, permissions, store, ApiError, Deps, Input, Table};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const TABLE_NAME: &str = "Locations";
pub const VERSION: i64 = 1;
const DUE_SHARD: &str = "DUE";
/// Moved-aside changes leave the due index's partition, so no run sees them.
const FAILED_SHARD: &str = "FAILED";
const BY_LOCATION: &str = "byLocation";
const BY_DUE: &str = "byDue";
pub const MAX_CHANGES: usize = 100;
/// The value that schedules the generation of a new device address.
pub const GENERATE: &str = "GENERATE";
pub const DEVICE_ADDRESS: &str = "aprivaDeviceAddress";

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredChange {
    pub uuid: String,
    pub action_time: String,
    pub id: String,
    pub user: String,
    /// Cognito sub of who scheduled it: their permission is checked again when it applies.
    #[serde(default)]
    pub user_sub: Option<String>,
    pub version: i64,
    pub due_shard: String,
    pub change: ChangeBody,
    #[serde(default)]
    pub failure_reason: Option<String>,
    #[serde(default)]
    pub failed_at: Option<String>,
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
    /// The GraphQL `ScheduledChange` (AWSJSON `value` stays JSON text), in
    /// the fridge's time, with its allocation deadline warning if any.
    fn view(&self, location: Option<&Value>) -> Value {
        let zone = FridgeZone::of(location.and_then(|l| attributes::get_path(l, &["timeZone"])).and_then(Value::as_str));
        let at = DateTime::parse_from_rfc3339(&self.action_time).ok().map(|t| t.with_timezone(&Utc));
        let warning = match (location, at) {
            (Some(loc), Some(at)) if self.change.attribute == "prod" && self.value() == json!(1) => {
                let schedule = attributes::get_path(loc, &["operationConfigs", "stockingSchedule"]).cloned().unwrap_or(Value::Null);
                let state = attributes::get_path(loc, &["operationConfigs", "address", "state"]).and_then(Value::as_str).unwrap_or("");
                let wall = at.with_timezone(&zone.tz).naive_local();
                deadline::allocation_warning(wall, &schedule, plan::NORTHEAST.contains(&state), zone.label)
            }
            _ => None,
        };
        json!({
            "uuid": self.uuid, "actionTime": self.action_time, "id": self.id, "user": self.user, "version": self.version,
            "change": { "id": self.change.id, "table": self.change.table, "attribute": self.change.attribute, "value": self.change.value },
            "localActionTime": at.map(|t| zone.wall(t)), "timeZoneLabel": zone.label,
            "status": if self.due_shard == FAILED_SHARD { "FAILED" } else { "PENDING" },
            "failureReason": self.failure_reason, "failedAt": self.failed_at, "deadlineWarning": warning,
        })
    }

    fn value(&self) -> Value {
        serde_json::from_str(&self.change.value).unwrap_or(Value::Null)
    }

    fn key(&self) -> (String, String) {
        (self.uuid.clone(), self.action_time.clone())
    }
}

/// The action that making a change needs: scheduling or deleting it needs
/// it too, so a schedule is never a way around a permission.
pub fn required_action(attribute: &str) -> &'static str {
    if attribute == DEVICE_ADDRESS {
        "GenerateDeviceAddress"
    } else {
        "UpdateLocation"
    }
}

async fn query_index(deps: &Deps, index: &str, key: &str, key_value: &str, until: Option<&str>) -> Result<Vec<StoredChange>, ApiError> {
    let t = deps.table(Table::ScheduledChanges)?;
    store::all(|start, _| async move {
        let q = t
            .client
            .query()
            .table_name(t.name)
            .index_name(index)
            .expression_attribute_names("#k", key)
            .expression_attribute_values(":k", store::s(key_value))
            .set_exclusive_start_key(start);
        let q = match until {
            Some(t) => q.key_condition_expression("#k = :k AND actionTime <= :t").expression_attribute_values(":t", store::s(t)),
            None => q.key_condition_expression("#k = :k"),
        };
        let page = q.send().await?;
        Ok((page.items.unwrap_or_default(), page.last_evaluated_key))
    })
    .await
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
    of_location(deps, &filter.id).await
}

/// `GET /locations/{id}/schedule`: the same list as `readScheduleChange`.
pub async fn read_rest(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let id = input.path.get("id").cloned().unwrap_or_default();
    of_location(deps, &id).await
}

async fn of_location(deps: &'static Deps, id: &str) -> Result<Value, ApiError> {
    let id = service::location_id(Some(&json!(id)))?;
    let store = Dynamo(deps);
    let (changes, location) = tokio::try_join!(for_location(deps, &id), store.get(&id))?;
    Ok(Value::Array(changes.iter().map(|c| c.view(location.as_ref())).collect()))
}

/// Days ahead `upcomingScheduleChanges` looks by default, and at most.
pub const UPCOMING_DAYS: i64 = 14;
pub const MAX_UPCOMING_DAYS: i64 = 31;

/// `upcomingScheduleChanges(days)`: pending changes across the fleet due
/// within `days` (one query of the due index), soonest first, each in its
/// fridge's time.
pub async fn upcoming(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let days: Option<i64> = input.arg("days")?;
    let days = days.unwrap_or(UPCOMING_DAYS);
    if !(1..=MAX_UPCOMING_DAYS).contains(&days) {
        return Err(ApiError::bad_request(format!("days must be between 1 and {MAX_UPCOMING_DAYS}")));
    }
    let until = iso(Utc::now() + chrono::Duration::days(days));
    let mut changes = query_index(deps, BY_DUE, "dueShard", DUE_SHARD, Some(&until)).await?;
    changes.sort_by(|a, b| (&a.action_time, &a.id).cmp(&(&b.action_time, &b.id)));
    let mut ids: Vec<String> = changes.iter().map(|c| c.id.clone()).collect();
    ids.sort();
    ids.dedup();
    let keys = ids.into_iter().map(|id| HashMap::from([("id".to_string(), store::s(id))])).collect();
    let mut docs = HashMap::new();
    for item in deps.table(Table::Locations)?.batch_get(keys, &[]).await? {
        let doc: Value = store::from_item(item)?;
        docs.insert(doc["id"].as_str().unwrap_or_default().to_string(), doc);
    }
    Ok(Value::Array(changes.iter().map(|c| c.view(docs.get(&c.id))).collect()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NewChange {
    location: String,
    attribute: String,
    value: Value,
    #[serde(default)]
    date_time: Option<String>,
    #[serde(default)]
    local_date_time: Option<String>,
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// ISO text in UTC with milliseconds, so times sort as strings.
pub fn normalise_time(text: &str) -> Result<String, ApiError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| iso(t.with_timezone(&Utc)))
        .map_err(|_| ApiError::bad_request(format!("dateTime {text} is not an ISO date-time")))
}

/// The instant of a change: an absolute `dateTime`, or a `localDateTime` read
/// in the fridge's zone. Exactly one is given.
fn action_time(c: &NewChange, zone: FridgeZone) -> Result<String, ApiError> {
    match (&c.date_time, &c.local_date_time) {
        (Some(t), None) => normalise_time(t),
        (None, Some(local)) => zone.instant(local).map(iso).map_err(ApiError::BadRequest),
        _ => Err(ApiError::bad_request("Give exactly one of dateTime and localDateTime")),
    }
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

/// The rules of one group (a location and a time), before anything is stored.
fn check_new_group(current: &Value, group: &[(&str, Value)], options: &Options) -> Result<(), ApiError> {
    if group.iter().any(|(a, _)| *a == DEVICE_ADDRESS) {
        if group.len() > 1 {
            return Err(ApiError::bad_request("Schedule the device address at a time of its own"));
        }
        return if group[0].1 == json!(GENERATE) { Ok(()) } else { Err(ApiError::bad_request(rules::DEVICE_ADDRESS_GENERATED)) };
    }
    // A prod change is only valid with its reason at the same time (§4).
    let has_prod = group.iter().any(|(a, _)| *a == "prod");
    let has_reason = group.iter().any(|(a, v)| *a == "updateReason" && v.get("prod").and_then(rules::text_of).is_some());
    if has_prod && !has_reason {
        return Err(ApiError::bad_request(rules::REASON_EMPTY));
    }
    check_group(current, group, options).map(|_| ())
}

/// One change as `createScheduleChange` checks it, from a wall time in the
/// fridge's zone: the change (and its reason at the same instant, for the
/// attributes that need one), ready to store, or the message.
#[allow(clippy::too_many_arguments)]
pub fn plan_change(
    doc: &Value,
    options: &Options,
    caller: &fleet_shared::Caller,
    attribute: &str,
    value: &Value,
    local_time: &str,
    reason: Option<&str>,
) -> Result<Vec<StoredChange>, String> {
    let location = doc["id"].as_str().unwrap_or_default().to_string();
    if attribute != DEVICE_ADDRESS && !plan::is_schedulable(attribute) {
        return Err(format!("{attribute} cannot be scheduled"));
    }
    let zone = FridgeZone::of(doc.get("timeZone").and_then(Value::as_str));
    let time = zone.instant(local_time).map(iso)?;
    if time < iso(Utc::now()) {
        return Err(format!("{local_time} {} is in the past", zone.label));
    }
    let value = parse_value(value);
    let mut group: Vec<(&str, Value)> = vec![(attribute, value)];
    if let Some(r) = reason.filter(|r| !r.trim().is_empty()).filter(|_| plan::NEEDS_REASON.contains(&attribute)) {
        group.push(("updateReason", json!({ attribute: r.trim() })));
    }
    check_new_group(doc, &group, options).map_err(|e| e.to_string())?;
    Ok(group
        .into_iter()
        .map(|(a, v)| {
            let text = v.to_string();
            StoredChange {
                uuid: change_uuid(&location, a, &time, &text),
                action_time: time.clone(),
                id: location.clone(),
                user: caller.display().to_string(),
                user_sub: Some(caller.sub.clone()),
                version: VERSION,
                due_shard: DUE_SHARD.into(),
                change: ChangeBody { id: location.clone(), table: TABLE_NAME.into(), attribute: a.to_string(), value: text },
                failure_reason: None,
                failed_at: None,
            }
        })
        .collect())
}

/// Stores one row's changes together (a change and its reason), idempotently:
/// the uuid follows the change, so a retry overwrites the same items.
pub async fn store_changes(deps: &Deps, changes: &[StoredChange]) -> Result<(), ApiError> {
    let table = deps.table(Table::ScheduledChanges)?;
    let mut items = Vec::new();
    for r in changes {
        let put = Put::builder().table_name(table.name).set_item(Some(store::to_item(r)?)).build().map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(put).build());
    }
    store::transact(table.client, items).await
}

pub async fn create(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let changes: Vec<NewChange> = input.arg("input")?;
    limits::check_count("input", changes.len(), MAX_CHANGES)?;
    for c in &changes {
        service::location_id(Some(&json!(c.location)))?;
        limits::check_len("attribute", &c.attribute, limits::MAX_NAME_CHARS)?;
        if c.attribute != DEVICE_ADDRESS && !plan::is_schedulable(&c.attribute) {
            return Err(ApiError::bad_request(format!("{} cannot be scheduled", c.attribute)));
        }
    }
    // Permission follows the change, checked before anything is read or written.
    let actions: BTreeSet<&str> = changes.iter().map(|c| required_action(&c.attribute)).collect();
    for action in actions {
        input.require(deps, action).await?;
    }
    let caller = input.caller()?;
    let store = Dynamo(deps);
    let mut docs = HashMap::new();
    for c in &changes {
        if !docs.contains_key(&c.location) {
            let doc = store.get(&c.location).await?.ok_or_else(|| locations::not_found(&c.location))?;
            docs.insert(c.location.clone(), doc);
        }
    }
    let earliest = iso(Utc::now() - chrono::Duration::minutes(1));
    let mut groups: BTreeMap<(String, String), Vec<(&str, Value)>> = BTreeMap::new();
    let mut records = Vec::new();
    for c in &changes {
        let zone = FridgeZone::of(docs[&c.location].get("timeZone").and_then(Value::as_str));
        let time = action_time(c, zone)?;
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
            user: caller.display().to_string(),
            user_sub: Some(caller.sub.clone()),
            version: VERSION,
            due_shard: DUE_SHARD.into(),
            change: ChangeBody { id: c.location.clone(), table: TABLE_NAME.into(), attribute: c.attribute.clone(), value: text },
            failure_reason: None,
            failed_at: None,
        });
    }
    let needs_options = groups.values().flatten().any(|(a, _)| matches!(*a, "layoutName" | "fridgeSchema" | "priceMapTemplate"));
    let options = if needs_options { store.options().await? } else { Options::default() };
    for ((location, _), group) in &groups {
        check_new_group(&docs[location], group, &options)?;
    }
    let table = deps.table(Table::ScheduledChanges)?;
    let mut items = Vec::new();
    for r in &records {
        let put = Put::builder().table_name(table.name).set_item(Some(store::to_item(r)?)).build().map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(put).build());
    }
    store::transact(table.client, items).await?;
    Ok(Value::Array(records.iter().map(|r| r.view(docs.get(&r.id))).collect()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeleteInput {
    uuid: String,
    action_time: String,
}

fn delete_item(table: &str, c: &StoredChange) -> Result<TransactWriteItem, ApiError> {
    let del = Delete::builder()
        .table_name(table)
        .key("uuid", store::s(&c.uuid))
        .key("actionTime", store::s(&c.action_time))
        .condition_expression("attribute_exists(#u)")
        .expression_attribute_names("#u", "uuid")
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().delete(del).build())
}

/// Deletes a change; either half of an allocation pair deletes both.
pub async fn delete(deps: &'static Deps, input: Input) -> Result<bool, ApiError> {
    let req: DeleteInput = input.arg("input")?;
    limits::check_len("uuid", &req.uuid, limits::MAX_ID_CHARS)?;
    let time = normalise_time(&req.action_time)?;
    let table = deps.table(Table::ScheduledChanges)?;
    let key = HashMap::from([("uuid".to_string(), store::s(&req.uuid)), ("actionTime".to_string(), store::s(&time))]);
    let Some(change) = table.get::<StoredChange>(key).await? else {
        return Ok(false); // already gone: a retried delete is not an error
    };
    // Undoing a change needs the permission the change needs.
    input.require(deps, required_action(&change.change.attribute)).await?;
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
    let items = doomed.iter().map(|c| delete_item(table.name, c)).collect::<Result<Vec<_>, _>>()?;
    match store::transact(table.client, items).await {
        Ok(()) => Ok(true),
        Err(ApiError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// What happened to one due group in a run.
#[derive(Debug, PartialEq)]
enum Outcome {
    Applied,
    /// Another run holds or already applied it.
    Skipped,
    /// Can never apply: moved aside with this reason.
    MovedAside(String),
}

/// Errors that retrying cannot fix: the change is invalid now, its location
/// is gone, or its author lost the permission. Anything else (throttling, a
/// concurrent edit, an outage) is retried on the next run.
fn is_permanent(e: &ApiError) -> bool {
    matches!(e, ApiError::BadRequest(_) | ApiError::NotFound(_) | ApiError::Forbidden)
}

/// Applies every due change. Answers the groups applied, moved aside and
/// failed (to be retried), and the uuids of the changes this run applied.
pub async fn apply_due(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    let due = query_index(deps, BY_DUE, "dueShard", DUE_SHARD, Some(&locations::now())).await?;
    let mut groups: BTreeMap<(String, String), Vec<StoredChange>> = BTreeMap::new();
    for c in due {
        groups.entry((c.id.clone(), c.action_time.clone())).or_default().push(c);
    }
    let (mut applied, mut moved, mut failed, mut uuids) = (0, 0, 0, Vec::new());
    for ((location, time), changes) in groups {
        match apply_group(deps, &location, &changes).await {
            Ok(Outcome::Applied) => {
                applied += 1;
                uuids.extend(changes.iter().map(|c| c.uuid.clone()));
            }
            Ok(Outcome::Skipped) => {}
            Ok(Outcome::MovedAside(reason)) => {
                moved += 1;
                tracing::warn!(%location, %time, %reason, "scheduled change cannot apply; moved aside");
            }
            Err(e) => {
                failed += 1;
                tracing::error!(%location, %time, error = %e, "scheduled change not applied; will retry");
            }
        }
    }
    Ok(json!({ "applied": applied, "movedAside": moved, "failed": failed, "appliedChanges": uuids }))
}

/// How long a runner's claim on a change lasts before another may take over
/// (a runner that crashed mid-way).
const CLAIM_SECONDS: i64 = 300;

fn change_key(c: &StoredChange) -> HashMap<String, aws_sdk_dynamodb::types::AttributeValue> {
    HashMap::from([("uuid".to_string(), store::s(&c.uuid)), ("actionTime".to_string(), store::s(&c.action_time))])
}

/// Claims one change for this run with a conditional write, so of two racing
/// runs exactly one proceeds to the transaction.
async fn claim(deps: &Deps, c: &StoredChange, run: &str) -> Result<bool, ApiError> {
    let t = deps.table(Table::ScheduledChanges)?;
    let now = Utc::now();
    let out = t
        .client
        .update_item()
        .table_name(t.name)
        .set_key(Some(change_key(c)))
        .update_expression("SET claimedBy = :run, claimedAt = :now")
        .condition_expression("attribute_exists(#u) AND dueShard = :due AND (attribute_not_exists(claimedBy) OR claimedAt < :stale)")
        .expression_attribute_names("#u", "uuid")
        .expression_attribute_values(":run", store::s(run))
        .expression_attribute_values(":due", store::s(DUE_SHARD))
        .expression_attribute_values(":now", store::s(iso(now)))
        .expression_attribute_values(":stale", store::s(iso(now - chrono::Duration::seconds(CLAIM_SECONDS))))
        .send()
        .await;
    match out.map_err(ApiError::from) {
        Ok(_) => Ok(true),
        Err(ApiError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

async fn release(deps: &Deps, changes: &[StoredChange], run: &str) {
    let Ok(t) = deps.table(Table::ScheduledChanges) else { return };
    for c in changes {
        let _ = t
            .client
            .update_item()
            .table_name(t.name)
            .set_key(Some(change_key(c)))
            .update_expression("REMOVE claimedBy, claimedAt")
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":run", store::s(run))
            .send()
            .await;
    }
}

/// Moves a claimed group out of the due index with the reason, all or nothing.
async fn move_aside(deps: &Deps, changes: &[StoredChange], run: &str, reason: &str) -> Result<(), ApiError> {
    let t = deps.table(Table::ScheduledChanges)?;
    let now = iso(Utc::now());
    let mut items = Vec::new();
    for c in changes {
        let update = Update::builder()
            .table_name(t.name)
            .set_key(Some(change_key(c)))
            .update_expression("SET dueShard = :failed, failureReason = :reason, failedAt = :now REMOVE claimedBy, claimedAt")
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":failed", store::s(FAILED_SHARD))
            .expression_attribute_values(":reason", store::s(reason))
            .expression_attribute_values(":now", store::s(&now))
            .expression_attribute_values(":run", store::s(run))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().update(update).build());
    }
    store::transact(t.client, items).await
}

/// Claims, validates and applies a group. A permanent failure moves it aside;
/// a transient one releases the claim for the next run.
async fn apply_group(deps: &'static Deps, location: &str, changes: &[StoredChange]) -> Result<Outcome, ApiError> {
    let run = uuid::Uuid::new_v4().to_string();
    let mut ordered: Vec<&StoredChange> = changes.iter().collect();
    ordered.sort_by(|a, b| a.uuid.cmp(&b.uuid)); // same order in every run: the first claim decides
    for c in &ordered {
        if !claim(deps, c, &run).await? {
            release(deps, changes, &run).await;
            return Ok(Outcome::Skipped);
        }
    }
    match apply_claimed(deps, location, changes, &run).await {
        Ok(()) => Ok(Outcome::Applied),
        Err(e) if is_permanent(&e) => {
            let reason = match e {
                ApiError::Forbidden => format!("{} no longer holds the permission this change needs", changes[0].user),
                e => e.to_string(),
            };
            match move_aside(deps, changes, &run, &reason).await {
                Ok(()) => Ok(Outcome::MovedAside(reason)),
                Err(e) => {
                    release(deps, changes, &run).await;
                    Err(e)
                }
            }
        }
        Err(e) => {
            release(deps, changes, &run).await;
            Err(e)
        }
    }
}

async fn apply_claimed(deps: &'static Deps, location: &str, changes: &[StoredChange], run: &str) -> Result<(), ApiError> {
    let store = Dynamo(deps);
    let current = store.get(location).await?.ok_or_else(|| locations::not_found(location))?;
    for c in changes {
        if let Some(sub) = &c.user_sub {
            if !permissions::is_allowed(deps, sub, required_action(&c.change.attribute)).await? {
                return Err(ApiError::Forbidden);
            }
        }
    }
    let first = &changes[0];
    let zone = FridgeZone::of(current.get("timeZone").and_then(Value::as_str));
    let when = DateTime::parse_from_rfc3339(&first.action_time).map(|t| zone.wall(t.with_timezone(&Utc))).unwrap_or_default();
    let author = Author { user: first.user.clone(), source: format!("Scheduled change for {when} {}", zone.label) };
    let finish = Also::FinishScheduledChanges { keys: changes.iter().map(StoredChange::key).collect(), run: run.to_string() };
    let now = locations::now();
    if first.change.attribute == DEVICE_ADDRESS {
        let random = || uuid::Uuid::new_v4().as_u64_pair().0;
        service::generate_device_address(&store, location, &author, &now, random, &[finish]).await?;
        return Ok(());
    }
    let values: Vec<(&str, Value)> = changes.iter().map(|c| (c.change.attribute.as_str(), c.value())).collect();
    let needs_options = values.iter().any(|(a, _)| matches!(*a, "layoutName" | "fridgeSchema" | "priceMapTemplate"));
    let options = if needs_options { store.options().await? } else { Options::default() };
    let plan = check_group(&current, &values, &options)?;
    service::write(&store, &current, &plan, &author, &now, &[finish]).await.map(|_| ())
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
    fn local_times_are_the_fridges_and_exactly_one_time_is_given() {
        let change = |dt: Option<&str>, local: Option<&str>| NewChange {
            location: "X".into(), attribute: "route".into(), value: json!("r"),
            date_time: dt.map(str::to_string), local_date_time: local.map(str::to_string),
        };
        let et = FridgeZone::of(Some("NEWYORK"));
        assert_eq!(action_time(&change(None, Some("2026-11-25T18:00")), et).unwrap(), "2026-11-25T23:00:00.000Z");
        assert_eq!(action_time(&change(Some("2026-11-25T18:00:00Z"), None), et).unwrap(), "2026-11-25T18:00:00.000Z");
        assert!(action_time(&change(None, None), et).is_err());
        assert!(action_time(&change(Some("2026-11-25T18:00:00Z"), Some("2026-11-25T18:00")), et).is_err());
    }

    #[test]
    fn scheduling_needs_the_permission_the_change_needs() {
        assert_eq!(required_action("status"), "UpdateLocation");
        assert_eq!(required_action("prod"), "UpdateLocation");
        assert_eq!(required_action(DEVICE_ADDRESS), "GenerateDeviceAddress");
    }

    #[test]
    fn the_device_address_is_scheduled_only_as_a_generation_on_its_own() {
        let current = json!({"id": "X"});
        let o = Options::default();
        assert!(check_new_group(&current, &[(DEVICE_ADDRESS, json!(GENERATE))], &o).is_ok());
        assert_eq!(check_new_group(&current, &[(DEVICE_ADDRESS, json!("FC1"))], &o).unwrap_err().to_string(), rules::DEVICE_ADDRESS_GENERATED);
        assert!(check_new_group(&current, &[(DEVICE_ADDRESS, json!(GENERATE)), ("route", json!("r"))], &o).is_err());
    }

    #[test]
    fn only_unfixable_failures_move_a_change_aside() {
        assert!(is_permanent(&ApiError::bad_request("status: Please select a valid option from the dropdown")));
        assert!(is_permanent(&locations::not_found("X")));
        assert!(is_permanent(&ApiError::Forbidden));
        assert!(!is_permanent(&ApiError::Unavailable));
        assert!(!is_permanent(&ApiError::Conflict("moved".into())));
        assert!(!is_permanent(&ApiError::internal("timeout")));
    }

    #[test]
    fn uuids_are_stable_per_request() {
        let a = change_uuid("CHI_1", "prod", "t", "1");
        assert_eq!(a, change_uuid("CHI_1", "prod", "t", "1"));
        assert_ne!(a, change_uuid("CHI_1", "prod", "t", "0"));
        assert_eq!(a.len(), 36);
    }
}
