//! The route-sync worker: one message is one (job, date). It sends the
//! date's movable stops of the job's centers to the routing service, merges
//! the plan (`plan::merge`) and replaces each changed route whole, with its
//! history, through the version-conditioned replacement the route upload
//! uses (`stops::replace`). Then it writes the date's outcome, once.
//!
//! - A 5xx, a timeout or a store failure fails the message: SQS redelivers
//!   it after a backoff set here (2 s, then 4 s), not by waiting inside one
//!   invocation. On the last receive (`MAX_RECEIVES`) the date is marked
//!   failed with the reason instead.
//! - A refusal or an unusable plan fails the date at once.
//! - Each route lands with a record of (job, date#route): a redelivered
//!   message never writes a route twice, so a route upload made after the
//!   sync's write stays (the later write wins).
//! - Each write is conditioned on the versions read before the stops the
//!   plan was made from: of its route and of every route it takes a stop
//!   from. A stop stocked meanwhile (which moves its route's version), or a
//!   route changed otherwise, makes the routes be read and merged again with
//!   the same plan, where the stocked stop stays put (issue 38).
//! - The write records the job on the route's version (`lastSync`): a job
//!   older than the one recorded on a route it would write is refused, and
//!   so is a date that has passed.
use super::client::{CallError, PlanRequest, PlanResponse, Planner};
use super::job::DateOutcome;
use super::plan;
use super::start::{DateMessage, SCOPE};
use super::store::SyncStore;
use crate::route_schedule::route_changes;
use crate::stops;
use crate::store::RoutesStore;
use chrono::{DateTime, Utc};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::events::{SqsBatchResponse, SqsMessage};
use fleet_shared::fridge_time::now_text;
use fleet_shared::history::{self, Record};
use fleet_shared::idempotency::{self, Claim, Records};
use fleet_shared::{parking, ApiError};
use serde_json::json;
use std::collections::{BTreeSet, HashMap};

/// The receive on which a failure marks the date failed (the queue's
/// redrive, at 5, only parks what crashed the worker).
pub const MAX_RECEIVES: u32 = 3;
/// Reads and merges of one date: the read that asks the service, then the
/// reads the plan is merged on while the routes keep changing meanwhile
/// (a stocked stop moves its route's version).
const MERGE_TRIES: usize = 5;

/// Seconds before a failed message's next receive.
pub fn backoff(receive: u32) -> i32 {
    2i32.saturating_pow(receive.clamp(1, 8))
}

/// Why a date did not land.
#[derive(Debug, PartialEq)]
pub enum Failure {
    /// Worth another receive.
    Retry(String),
    /// Final.
    Fail(String),
    /// The message itself is wrong (it names no job): parked with the reason.
    Park(String),
}

/// What became of one message.
enum Handled {
    Done,
    Redeliver,
    Park(String),
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        match e {
            ApiError::BadRequest(m) => Failure::Fail(m),
            other => Failure::Retry(other.to_string()),
        }
    }
}

/// What the worker runs over: the routes, the jobs, the records, the service.
pub struct Worker<'a, R, J, C, P> {
    pub routes: &'a R,
    pub jobs: &'a J,
    pub records: &'a C,
    pub planner: &'a P,
    /// When the batch runs: a date before its Central day is refused.
    pub now: DateTime<Utc>,
}

impl<R: RoutesStore, J: SyncStore, C: Records, P: Planner> Worker<'_, R, J, C, P> {
    /// One SQS batch: answers the messages to redeliver.
    pub async fn batch(&self, messages: Vec<SqsMessage>) -> SqsBatchResponse {
        let meta: HashMap<String, (String, u32)> = messages
            .iter()
            .map(|m| {
                let receives = m.attributes.get("ApproximateReceiveCount").and_then(|c| c.parse().ok()).unwrap_or(1);
                (m.message_id.clone().unwrap_or_default(), (m.receipt_handle.clone().unwrap_or_default(), receives))
            })
            .collect();
        let (ok, bad) = parking::sort_records(messages, |body| {
            serde_json::from_str::<DateMessage>(body).map_err(|e| e.to_string())
        });
        let mut bad = bad;
        let mut retry = Vec::new();
        for (id, body, message) in ok {
            let (receipt, receives) = meta.get(&id).cloned().unwrap_or_default();
            match self.one(&message, &receipt, receives).await {
                Handled::Done => {}
                Handled::Redeliver => retry.push(id),
                Handled::Park(reason) => bad.push((id, body, reason)),
            }
        }
        retry.extend(self.jobs.park(&bad).await);
        let mut answer = SqsBatchResponse::default();
        for id in retry {
            answer.add_failure(id);
        }
        answer
    }

    /// Handles one message.
    async fn one(&self, m: &DateMessage, receipt: &str, receives: u32) -> Handled {
        let (ok, routes, stops, error) = match self.date(m).await {
            Ok(None) => return Handled::Done,
            Err(Failure::Park(reason)) => return Handled::Park(reason),
            Ok(Some((routes, stops))) => (true, routes, stops, None),
            Err(Failure::Retry(why)) if receives < MAX_RECEIVES => {
                tracing::warn!(job = %m.job_key, date = %m.date, receives, error = %why, "route sync retried");
                if let Err(e) = self.jobs.note_error(&m.job_key, &why).await {
                    tracing::warn!(error = %e, "retry not noted on the job");
                }
                if let Err(e) = self.jobs.retry_after(receipt, backoff(receives)).await {
                    tracing::warn!(error = %e, "backoff not set; the queue's visibility timeout applies");
                }
                return Handled::Redeliver;
            }
            Err(Failure::Retry(why) | Failure::Fail(why)) => (false, 0, 0, Some(why)),
        };
        if let Some(why) = &error {
            tracing::error!(job = %m.job_key, date = %m.date, error = %why, "route sync failed");
        }
        let outcome = DateOutcome { ok, routes, stops, error, at: now_text() };
        match self.jobs.finish_date(&m.job_key, &m.date, &outcome).await {
            Ok(_) => Handled::Done,
            Err(e) => {
                tracing::error!(job = %m.job_key, date = %m.date, error = %e, "outcome not written; redelivered");
                Handled::Redeliver
            }
        }
    }

    /// Syncs one date: `None` when there is nothing to do (unknown job or
    /// date, or an outcome already written), else (routes, stops) changed.
    async fn date(&self, m: &DateMessage) -> Result<Option<(u32, u32)>, Failure> {
        // Read strongly consistent: a job the message names was written before it was sent.
        let Some(job) = self.jobs.job(&m.job_key).await? else {
            return Err(Failure::Park(format!("no sync job {}", m.job_key)));
        };
        if !job.dates.contains(&m.date) {
            return Err(Failure::Park(format!("sync job {} has no date {}", job.id, m.date)));
        }
        if job.outcomes.contains_key(&m.date) {
            return Ok(None); // a redelivery of a date already done
        }
        let date = m.date.as_str();
        // A date that has passed is not rewritten: its routes are what was driven.
        if fleet_shared::entity::StockingDate::of(date).map(|d| d.date()).is_none_or(|d| d < super::today(self.now)) {
            return Err(Failure::Fail(format!("{date} has passed: a sync writes only today's and later routes")));
        }
        let pk = format!("{SCOPE}#{}", job.id);
        let mut asked: Option<(PlanRequest, PlanResponse)> = None;
        let (mut routes, mut stops) = (0, 0);
        for _ in 0..MERGE_TRIES {
            // The versions first: the stops, read strongly consistent after them, are at least
            // as new, so a write conditioned on these versions lands only on what was read,
            // however long the routing call took (up to 6 s) in between.
            let versions = self.routes.route_versions(date).await?;
            let current = self.routes.stops_of_date(date).await?;
            if asked.is_none() {
                let ids: BTreeSet<String> = current.iter().map(|s| s.stop.id.clone()).collect();
                let projection = ["id", "operationConfigs.fulfillmentCenter", "locationConfigs.coordinates"];
                let locations: HashMap<String, _> = self
                    .routes
                    .locations(ids.into_iter().collect(), &projection)
                    .await?
                    .into_iter()
                    .map(|l| (l.id.to_string(), l))
                    .collect();
                let sent = plan::request(&job.id, date, &current, &locations, &job.fulfillment_centers);
                if sent.stops.is_empty() {
                    return Ok(Some((routes, stops)));
                }
                let answer = self.planner.plan(&sent).await.map_err(|e| match e {
                    CallError::Transient(m) => Failure::Retry(m),
                    CallError::Permanent(m) => Failure::Fail(m),
                })?;
                asked = Some((sent, answer));
            }
            let (sent, planned) = asked.as_ref().ok_or_else(|| Failure::Retry("no plan".into()))?;
            let changes = plan::merge(date, &current, sent, planned).map_err(Failure::Fail)?;
            // A newer job's plan already landed on a route this one would write: this one is stale.
            if let Some(newer) = changes.iter().find_map(|c| {
                versions.get(&c.route).and_then(|v| v.last_sync.as_deref()).filter(|s| *s > job.job_key.as_str())
            }) {
                let newer = newer.split_once('#').map_or(newer, |(_, id)| id);
                return Err(Failure::Fail(format!(
                    "a newer sync ({newer}) has already written the routes of {date}; this older one was not applied"
                )));
            }
            let parts: Vec<String> = changes.iter().map(|c| format!("route#{date}#{}", c.route)).collect();
            let written = self.records.get(&pk, parts).await?;
            let mut moved_meanwhile = false;
            for change in changes {
                let part = format!("route#{date}#{}", change.route);
                if written.contains_key(&part) {
                    continue; // this job wrote it on an earlier receive; a later write since stays
                }
                let old: Vec<StoredStop> = current.iter().filter(|s| s.stop.route == change.route).cloned().collect();
                let diff = route_changes(&change.route, &stops::by_key(old.clone()), &change.stops);
                let n = diff.len() as u32;
                let at = now_text();
                let source = format!("LogiNext sync {} (route {})", job.id, change.route);
                let record = Record::new(history::entity("routes", date), &at, &job.created_by, &source, diff);
                let claim = Claim::new(
                    SCOPE,
                    &job.id,
                    &part,
                    idempotency::digest(&change.stops),
                    &json!({ "stops": n }),
                    fleet_shared::fridge_time::now().timestamp(),
                );
                let upload = format!("loginext-{}", job.id);
                let version = |route: &str| versions.get(route).map(|v| v.version);
                // Written on this read: the route and every route it takes a stop from must be
                // as read, so a stop stocked since (which moves its route's version) is not moved.
                let basis = stops::Basis {
                    seen: version(&change.route),
                    old: &old,
                    checks: plan::sources(&current, &change).into_iter().map(|r| (r.clone(), version(&r))).collect(),
                    sync: Some(&job.job_key),
                };
                match stops::write(self.routes, date, &change.route, &change.stops, &upload, &record, &[claim], &basis)
                    .await
                {
                    Ok(()) => (routes, stops) = (routes + 1, stops + n),
                    // Stop here: the routes after it may lose stops this one was to gain.
                    Err(ApiError::Conflict(_)) => {
                        moved_meanwhile = true;
                        break;
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            if !moved_meanwhile {
                return Ok(Some((routes, stops)));
            }
        }
        Err(Failure::Retry(format!("the routes of {date} kept changing meanwhile")))
    }
}

#[cfg(test)]
pub(crate) mod tests;
