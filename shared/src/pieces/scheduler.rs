//! The scheduler every area uses for changes that take effect later: a
//! change is an item of the ScheduledChanges table in its area's due shard
//! (a partition of the `byDue` index, sorted by time). The area's scheduled
//! function runs `apply_due` with its shard: a run claims each group (same
//! subject and time) with conditional writes, so of racing runs exactly one
//! goes on, and the area's `Applier` then finishes the claimed changes in the
//! same transaction as its writes (`finish_*` items conditioned on the claim).
//! A group that can never apply is moved aside (FAILED, with the reason).
use crate::store::{self, SortKey};
use crate::{ApiError, Deps, Table};
use aws_sdk_dynamodb::types::{AttributeValue, Delete, TransactWriteItem, Update};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::future::Future;

pub mod wake;

/// Moved-aside changes leave their due partition, so no run sees them again.
pub const FAILED_SHARD: &str = "FAILED";
/// Index of changes by subject (a location id, `planogram#<layout>`...).
pub const BY_SUBJECT: &str = "byLocation";
/// Index of changes by due shard and time.
pub const BY_DUE: &str = "byDue";
/// How long a runner's claim on a change lasts before another may take over
/// (a runner that crashed mid-way).
pub const CLAIM_SECONDS: i64 = 300;

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredChange {
    pub uuid: String,
    pub action_time: String,
    /// The subject: changes of one subject and time apply together.
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
    /// The upload row that scheduled it (`upload#row`), for kinds on the upload pipeline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_marker: Option<String>,
    /// When it took effect, for shards that keep applied changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied_at: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChangeBody {
    pub id: String,
    pub table: String,
    pub attribute: String,
    /// JSON text: exactly what was scheduled.
    pub value: String,
}

impl StoredChange {
    pub fn value(&self) -> Value {
        serde_json::from_str(&self.change.value).unwrap_or(Value::Null)
    }

    pub fn key(&self) -> (String, String) {
        (self.uuid.clone(), self.action_time.clone())
    }

    pub fn item_key(&self) -> HashMap<String, AttributeValue> {
        key_of(&self.uuid, &self.action_time)
    }
}

pub fn key_of(uuid: &str, action_time: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("uuid".to_string(), store::s(uuid)), ("actionTime".to_string(), store::s(action_time))])
}

/// ISO text in UTC with milliseconds, so times sort as strings.
pub fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A uuid that follows the request's parts, so a retry overwrites rather than duplicates.
pub fn stable_uuid(parts: &[&str]) -> String {
    let digest = Sha256::digest(parts.join("\u{0}"));
    let h: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// Every change of one index partition, up to `until` when given.
pub async fn query_index(
    deps: &Deps,
    index: &str,
    key: &str,
    key_value: &str,
    until: Option<&str>,
) -> Result<Vec<StoredChange>, ApiError> {
    let query = deps.table(Table::ScheduledChanges)?.query(key, key_value).index(index);
    match until {
        Some(t) => query.sort("actionTime", SortKey::AtMost(t.to_string())),
        None => query,
    }
    .all()
    .await
}

pub async fn for_subject(deps: &Deps, subject: &str) -> Result<Vec<StoredChange>, ApiError> {
    query_index(deps, BY_SUBJECT, "id", subject, None).await
}

/// How an area applies one claimed group. Its writes must include a
/// `finish_*` item per change, so that only the claiming run can apply it.
pub trait Applier: Sync {
    /// Changes of one group a run claims and applies at most. A group whose
    /// changes land together (a location's attributes) is taken whole; one
    /// whose changes stand alone (a layout's slots) may be applied in chunks,
    /// the rest staying due for the next run, so a run fits its time limit.
    const MAX_PER_RUN: usize = usize::MAX;

    fn apply(
        &self,
        subject: &str,
        changes: &[StoredChange],
        run: &str,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// Re-checks the permission of EVERY author of a group (not only the
/// first's): `Forbidden` when any of them no longer holds `action`.
pub async fn check_authors<F, Fut>(changes: &[StoredChange], action: &str, allowed: F) -> Result<(), ApiError>
where
    F: Fn(String, String) -> Fut,
    Fut: Future<Output = Result<bool, ApiError>>,
{
    let subs: std::collections::BTreeSet<&str> = changes.iter().filter_map(|c| c.user_sub.as_deref()).collect();
    for sub in subs {
        if !allowed(sub.to_string(), action.to_string()).await? {
            return Err(ApiError::Forbidden);
        }
    }
    Ok(())
}

/// The scheduler's own reads and writes of ScheduledChanges, narrow so its
/// runs (claims, chunks, moving aside) are tested over an in-memory fake.
pub trait ChangeStore: Sync {
    /// The changes of `shard` due at `until`.
    fn due(&self, shard: &str, until: &str) -> impl Future<Output = Result<Vec<StoredChange>, ApiError>> + Send;
    /// Claims a change for `run` (false: another run holds it, or it left the shard).
    fn claim(&self, shard: &str, c: &StoredChange, run: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// Gives back this run's claims.
    fn release(&self, changes: &[StoredChange], run: &str) -> impl Future<Output = ()> + Send;
    /// Moves claimed changes out of the due shard with the reason, all or nothing.
    fn move_aside(
        &self,
        changes: &[StoredChange],
        run: &str,
        reason: &str,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// ScheduledChanges in DynamoDB, for a run at the instant given (its claims' and moves' time).
pub struct Dynamo<'a>(pub &'a Deps, pub DateTime<Utc>);

impl ChangeStore for Dynamo<'_> {
    async fn due(&self, shard: &str, until: &str) -> Result<Vec<StoredChange>, ApiError> {
        query_index(self.0, BY_DUE, "dueShard", shard, Some(until)).await
    }

    async fn claim(&self, shard: &str, c: &StoredChange, run: &str) -> Result<bool, ApiError> {
        claim(self.0, shard, c, run, self.1).await
    }

    async fn release(&self, changes: &[StoredChange], run: &str) {
        release(self.0, changes, run).await
    }

    async fn move_aside(&self, changes: &[StoredChange], run: &str, reason: &str) -> Result<(), ApiError> {
        move_aside(self.0, changes, run, reason, self.1).await
    }
}

/// The transaction item that deletes an applied change (only for the run that claimed it).
pub fn finish_by_delete(
    deps: &Deps,
    (uuid, action_time): (&str, &str),
    run: &str,
) -> Result<TransactWriteItem, ApiError> {
    let del = Delete::builder()
        .table_name(deps.config.table(Table::ScheduledChanges)?)
        .set_key(Some(key_of(uuid, action_time)))
        .condition_expression("claimedBy = :run")
        .expression_attribute_values(":run", store::s(run))
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().delete(del).build())
}

/// The transaction item that keeps an applied change in `applied_shard`
/// (out of the due partition), for areas whose retried requests must see it.
pub fn finish_by_keeping(
    deps: &Deps,
    c: &StoredChange,
    run: &str,
    applied_shard: &str,
    at: &str,
) -> Result<TransactWriteItem, ApiError> {
    let update = Update::builder()
        .table_name(deps.config.table(Table::ScheduledChanges)?)
        .set_key(Some(c.item_key()))
        .update_expression("SET dueShard = :applied, appliedAt = :now REMOVE claimedBy, claimedAt")
        .condition_expression("claimedBy = :run")
        .expression_attribute_values(":applied", store::s(applied_shard))
        .expression_attribute_values(":now", store::s(at))
        .expression_attribute_values(":run", store::s(run))
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().update(update).build())
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

/// Errors that retrying cannot fix: the change is invalid now, its subject
/// is gone, or its author lost the permission. Anything else (throttling, a
/// concurrent edit, an outage) is retried on the next run.
pub fn is_permanent(e: &ApiError) -> bool {
    matches!(e, ApiError::BadRequest(_) | ApiError::NotFound(_) | ApiError::Forbidden)
}

/// What one run did: the groups applied, moved aside and failed (to be
/// retried), and the uuids of the changes it applied.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppliedRun {
    pub applied: usize,
    pub moved_aside: usize,
    pub failed: usize,
    pub applied_changes: Vec<String>,
}

/// Applies every change of `shard` due now, group by group (subject, then
/// time: a subject's changes apply in time order). Answers the groups
/// applied, moved aside and failed (to be retried), and the uuids this run applied.
pub async fn apply_due(
    deps: &Deps,
    shard: &str,
    applier: &impl Applier,
    now: DateTime<Utc>,
) -> Result<AppliedRun, ApiError> {
    apply_due_in(&Dynamo(deps, now), shard, applier, &iso(now)).await
}

/// `apply_due` over any change store, with changes due at `now`. A group
/// larger than `A::MAX_PER_RUN` gives this run its first changes (by uuid,
/// the order every run sees); the rest stay due and the next run goes on.
pub async fn apply_due_in<A: Applier>(
    store: &impl ChangeStore,
    shard: &str,
    applier: &A,
    now: &str,
) -> Result<AppliedRun, ApiError> {
    let due = store.due(shard, now).await?;
    let mut groups: BTreeMap<(String, String), Vec<StoredChange>> = BTreeMap::new();
    for c in due {
        groups.entry((c.id.clone(), c.action_time.clone())).or_default().push(c);
    }
    let (mut applied, mut moved, mut failed, mut uuids) = (0, 0, 0, Vec::new());
    for ((subject, time), mut changes) in groups {
        changes.sort_by(|a, b| a.uuid.cmp(&b.uuid));
        changes.truncate(A::MAX_PER_RUN.max(1));
        match apply_group(store, shard, applier, &subject, &changes).await {
            Ok(Outcome::Applied) => {
                applied += 1;
                uuids.extend(changes.iter().map(|c| c.uuid.clone()));
            }
            Ok(Outcome::Skipped) => {}
            Ok(Outcome::MovedAside(reason)) => {
                moved += 1;
                let reason = crate::logging::redact_emails(&reason);
                tracing::warn!(%subject, %time, %reason, "scheduled change cannot apply; moved aside");
            }
            Err(e) => {
                failed += 1;
                tracing::error!(%subject, %time, error = %e, "scheduled change not applied; will retry");
            }
        }
    }
    Ok(AppliedRun { applied, moved_aside: moved, failed, applied_changes: uuids })
}

/// Claims one change for this run with a conditional write, so of two racing
/// runs exactly one proceeds to the transaction.
async fn claim(deps: &Deps, shard: &str, c: &StoredChange, run: &str, now: DateTime<Utc>) -> Result<bool, ApiError> {
    let t = deps.table(Table::ScheduledChanges)?;
    let out = t
        .client
        .update_item()
        .table_name(t.name)
        .set_key(Some(c.item_key()))
        .update_expression("SET claimedBy = :run, claimedAt = :now")
        .condition_expression(
            "attribute_exists(#u) AND dueShard = :due AND (attribute_not_exists(claimedBy) OR claimedAt < :stale)",
        )
        .expression_attribute_names("#u", "uuid")
        .expression_attribute_values(":run", store::s(run))
        .expression_attribute_values(":due", store::s(shard))
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
            .set_key(Some(c.item_key()))
            .update_expression("REMOVE claimedBy, claimedAt")
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":run", store::s(run))
            .send()
            .await;
    }
}

/// Moves a claimed group out of the due index with the reason, all or nothing.
async fn move_aside(
    deps: &Deps,
    changes: &[StoredChange],
    run: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let t = deps.table(Table::ScheduledChanges)?;
    let now = iso(now);
    let mut items = Vec::new();
    for c in changes {
        let update = Update::builder()
            .table_name(t.name)
            .set_key(Some(c.item_key()))
            .update_expression(
                "SET dueShard = :failed, failureReason = :reason, failedAt = :now REMOVE claimedBy, claimedAt",
            )
            .condition_expression("claimedBy = :run")
            .expression_attribute_values(":failed", store::s(FAILED_SHARD))
            .expression_attribute_values(":reason", store::s(reason))
            .expression_attribute_values(":now", store::s(&now))
            .expression_attribute_values(":run", store::s(run))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().update(update).build());
    }
    for chunk in items.chunks(store::TRANSACT_MAX) {
        store::transact(t.client, chunk.to_vec()).await?;
    }
    Ok(())
}

/// Why a group whose author lost a permission is moved aside: each author is
/// checked (`check_authors`), so with several authors the reason names none.
fn forbidden_reason(changes: &[StoredChange]) -> String {
    let users: std::collections::BTreeSet<&str> = changes.iter().map(|c| c.user.as_str()).collect();
    match users.into_iter().collect::<Vec<_>>().as_slice() {
        [one] => format!("{one} no longer holds the permission this change needs"),
        _ => "An author of these changes no longer holds the permission they need".to_string(),
    }
}

/// Claims and applies a group. A permanent failure moves it aside; a
/// transient one releases the claim for the next run.
async fn apply_group(
    store: &impl ChangeStore,
    shard: &str,
    applier: &impl Applier,
    subject: &str,
    changes: &[StoredChange],
) -> Result<Outcome, ApiError> {
    let run = uuid::Uuid::new_v4().to_string();
    let mut ordered: Vec<&StoredChange> = changes.iter().collect();
    ordered.sort_by(|a, b| a.uuid.cmp(&b.uuid)); // same order in every run: the first claim decides
    for c in &ordered {
        if !store.claim(shard, c, &run).await? {
            store.release(changes, &run).await;
            return Ok(Outcome::Skipped);
        }
    }
    match applier.apply(subject, changes, &run).await {
        Ok(()) => Ok(Outcome::Applied),
        Err(e) if is_permanent(&e) => {
            let reason = match e {
                ApiError::Forbidden => forbidden_reason(changes),
                e => e.to_string(),
            };
            match store.move_aside(changes, &run, &reason).await {
                Ok(()) => Ok(Outcome::MovedAside(reason)),
                Err(e) => {
                    store.release(changes, &run).await;
                    Err(e)
                }
            }
        }
        Err(e) => {
            store.release(changes, &run).await;
            Err(e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unfixable_failures_move_a_change_aside() {
        assert!(is_permanent(&ApiError::bad_request("status: Please select a valid option from the dropdown")));
        assert!(is_permanent(&ApiError::NotFound("X".into())));
        assert!(is_permanent(&ApiError::Forbidden));
        assert!(!is_permanent(&ApiError::Unavailable));
        assert!(!is_permanent(&ApiError::Conflict("moved".into())));
        assert!(!is_permanent(&ApiError::internal("timeout")));
    }

    use std::sync::Mutex;

    /// ScheduledChanges in memory: each change with its shard and claim.
    #[derive(Default)]
    struct Fake {
        changes: Mutex<BTreeMap<String, (StoredChange, Option<String>)>>,
        applied: Mutex<Vec<String>>,
    }

    fn change(n: usize, sub: &str) -> StoredChange {
        StoredChange {
            uuid: format!("u{n:04}"),
            action_time: "2026-11-23T12:00:00.000Z".into(),
            id: "planogram#L".into(),
            user: format!("{sub}-name"),
            user_sub: Some(sub.into()),
            version: 1,
            due_shard: "DUE".into(),
            change: ChangeBody {
                id: "L".into(),
                table: "Planograms".into(),
                attribute: format!("1:{n}"),
                value: "{}".into(),
            },
            failure_reason: None,
            failed_at: None,
            upload_marker: None,
            applied_at: None,
        }
    }

    impl Fake {
        fn with(changes: Vec<StoredChange>) -> Fake {
            let f = Fake::default();
            f.changes.lock().unwrap().extend(changes.into_iter().map(|c| (c.uuid.clone(), (c, None))));
            f
        }
        fn shard_of(&self, uuid: &str) -> String {
            self.changes.lock().unwrap()[uuid].0.due_shard.clone()
        }
    }

    impl ChangeStore for Fake {
        async fn due(&self, shard: &str, until: &str) -> Result<Vec<StoredChange>, ApiError> {
            Ok(self
                .changes
                .lock()
                .unwrap()
                .values()
                .filter(|(c, _)| c.due_shard == shard && c.action_time.as_str() <= until)
                .map(|(c, _)| c.clone())
                .collect())
        }
        async fn claim(&self, shard: &str, c: &StoredChange, run: &str) -> Result<bool, ApiError> {
            let mut all = self.changes.lock().unwrap();
            match all.get_mut(&c.uuid) {
                Some((stored, claim @ None)) if stored.due_shard == shard => {
                    *claim = Some(run.to_string());
                    Ok(true)
                }
                _ => Ok(false),
            }
        }
        async fn release(&self, changes: &[StoredChange], run: &str) {
            for c in changes {
                if let Some((_, claim)) =
                    self.changes.lock().unwrap().get_mut(&c.uuid).filter(|(_, cl)| cl.as_deref() == Some(run))
                {
                    *claim = None;
                }
            }
        }
        async fn move_aside(&self, changes: &[StoredChange], run: &str, reason: &str) -> Result<(), ApiError> {
            let mut all = self.changes.lock().unwrap();
            for c in changes {
                let (stored, claim) = all
                    .get_mut(&c.uuid)
                    .filter(|(_, cl)| cl.as_deref() == Some(run))
                    .ok_or(ApiError::Conflict("claim".into()))?;
                (stored.due_shard, stored.failure_reason, *claim) = (FAILED_SHARD.into(), Some(reason.into()), None);
            }
            Ok(())
        }
    }

    /// Applies in chunks of 2, finishing each change only under this run's claim
    /// (as `finish_by_keeping` does), after every author's permission.
    struct Chunked<'a>(&'a Fake, &'a [&'a str]);

    impl Applier for Chunked<'_> {
        const MAX_PER_RUN: usize = 2;
        async fn apply(&self, _subject: &str, changes: &[StoredChange], run: &str) -> Result<(), ApiError> {
            check_authors(changes, "SchedulePlanograms", |sub, _| async move { Ok(self.1.contains(&sub.as_str())) })
                .await?;
            let mut all = self.0.changes.lock().unwrap();
            for c in changes {
                let (stored, claim) = all
                    .get_mut(&c.uuid)
                    .filter(|(_, cl)| cl.as_deref() == Some(run))
                    .ok_or(ApiError::Conflict("claim".into()))?;
                (stored.due_shard, *claim) = ("APPLIED".into(), None);
                self.0.applied.lock().unwrap().push(c.uuid.clone());
            }
            Ok(())
        }
    }

    const NOW: &str = "2026-11-23T12:00:01.000Z";

    #[tokio::test]
    async fn a_large_group_applies_in_chunks_over_runs_each_change_exactly_once() {
        let fake = Fake::with((0..5).map(|n| change(n, "ann")).collect());
        let applier = Chunked(&fake, &["ann"]);
        // A racing run holds the first chunk's first change: this run skips the group, applying nothing twice.
        assert!(fake.claim("DUE", &change(0, "ann"), "racing-run").await.unwrap());
        let skipped = apply_due_in(&fake, "DUE", &applier, NOW).await.unwrap();
        assert!(skipped.applied_changes.is_empty());
        fake.release(&[change(0, "ann")], "racing-run").await;
        let mut per_run = Vec::new();
        for _ in 0..4 {
            per_run.push(apply_due_in(&fake, "DUE", &applier, NOW).await.unwrap().applied_changes.len());
        }
        assert_eq!(per_run, [2, 2, 1, 0], "two a run, the rest left due for the next run");
        let mut applied = fake.applied.lock().unwrap().clone();
        applied.sort();
        assert_eq!(applied, ["u0000", "u0001", "u0002", "u0003", "u0004"], "each exactly once");
    }

    #[tokio::test]
    async fn every_author_of_a_group_is_checked_not_only_the_first() {
        // ann (first by uuid) still may; bob lost the permission: the group never applies.
        let fake = Fake::with(vec![change(0, "ann"), change(1, "bob")]);
        let out = apply_due_in(&fake, "DUE", &Chunked(&fake, &["ann"]), NOW).await.unwrap();
        assert_eq!((out.applied, out.moved_aside), (0, 1), "{out:?}");
        assert!(fake.applied.lock().unwrap().is_empty());
        assert_eq!(
            (fake.shard_of("u0000"), fake.shard_of("u0001")),
            (FAILED_SHARD.to_string(), FAILED_SHARD.to_string())
        );
        let reason = fake.changes.lock().unwrap()["u0001"].0.failure_reason.clone();
        assert_eq!(reason.as_deref(), Some("An author of these changes no longer holds the permission they need"));
        let single = forbidden_reason(&[change(0, "ann")]);
        assert_eq!(single, "ann-name no longer holds the permission this change needs");
    }

    #[test]
    fn uuids_are_stable_per_request() {
        let a = stable_uuid(&["CHI_1", "prod", "t", "1"]);
        assert_eq!(a, stable_uuid(&["CHI_1", "prod", "t", "1"]));
        assert_ne!(a, stable_uuid(&["CHI_1", "prod", "t", "0"]));
        assert_eq!(a.len(), 36);
    }
}
