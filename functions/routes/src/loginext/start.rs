//! `syncLogiNextLocRoutes`: checks the request and the window, records a
//! job, and queues one message per date. It answers at once (the spec's
//! message says the sync is still in progress); the worker does the rest.
//!
//! A retry is recognised by its `requestId`, the caller's own (recorded as
//! `sub:requestId`, so two users' ids never meet): the job and the request's
//! record land in one transaction, and the same id answers what it first
//! answered (the same id with other content is refused). The job's id is
//! the server's, never the request's (issue 38). When the messages cannot be
//! queued, the job's dates are marked failed and the record is forgotten, so
//! a retry starts a new job.
use super::job::{DateOutcome, JobView, SyncJob, KEEP_DAYS, KIND};
use super::store::SyncStore;
use super::{blocked, check, BLOCKED_MESSAGE, SUCCESS_MESSAGE};
use chrono::{DateTime, Utc};
use fleet_shared::fridge_time::stamp;
use fleet_shared::idempotency::{self, Records, Seen};
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;

/// The scope of the sync's idempotency records (requests and routes).
pub const SCOPE: &str = "loginext";

/// The mutation's input (2-fleet §7), plus the retry id.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncInput {
    #[schemars(extend("x-plain-text" = "checked with the centers and the sync window, every broken rule listed together (`check`)"))]
    pub start_date: String,
    #[schemars(extend("x-plain-text" = "checked with the centers and the sync window, every broken rule listed together (`check`)"))]
    pub end_date: String,
    pub fulfillment_centers: Vec<String>,
    /// Names this attempt; a new one per sync the user confirms.
    #[serde(default)]
    #[schemars(extend("x-plain-text" = "its own rule (1 to 64 characters, no '#', as it names the job's records); absent draws one"))]
    pub request_id: Option<String>,
}

/// Who starts the sync (from the token).
pub struct Starter<'a> {
    /// Scopes the request's id: a requestId is its caller's own.
    pub sub: &'a str,
    pub email: &'a str,
    pub name: Option<&'a str>,
}

/// One queued message: a job's date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DateMessage {
    pub job_key: String,
    pub date: String,
}

pub async fn start(
    jobs: &impl SyncStore,
    records: &impl Records,
    input: SyncInput,
    who: Starter<'_>,
    now: DateTime<Utc>,
) -> Result<Started, ApiError> {
    if blocked(now) {
        return Err(ApiError::bad_request(BLOCKED_MESSAGE));
    }
    let checked = check(&input.start_date, &input.end_date, &input.fulfillment_centers, now)
        .map_err(|errors| ApiError::bad_request(errors.join(" ")))?;
    let request_id = match input.request_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() && id.len() <= 64 && !id.contains('#') => id.to_string(),
        Some(_) => return Err(ApiError::bad_request("requestId must be 1 to 64 characters, without '#'")),
        None => uuid::Uuid::new_v4().to_string(),
    };
    let key = format!("{}:{request_id}", who.sub);
    let content = json!({ "startDate": checked.start, "endDate": checked.end, "centers": checked.centers });
    let request = idempotency::Request::new(records, SCOPE, &key, &content);
    match request.seen().await? {
        Seen::Replay(answer) => return idempotency::replayed(answer),
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let created_at = stamp(now);
    // The job's own id: its route records (`loginext#{id}`) are never another request's.
    let id = uuid::Uuid::new_v4().to_string();
    let job = SyncJob {
        kind: KIND.into(),
        job_key: SyncJob::key_of(&created_at, &id),
        id: id.clone(),
        start_date: checked.start.to_string(),
        end_date: checked.end.to_string(),
        fulfillment_centers: checked.centers.clone(),
        dates: checked.dates(),
        created_at,
        created_by: who.email.to_string(),
        created_by_name: who.name.map(str::to_string),
        digest: idempotency::digest(&content),
        outcomes: BTreeMap::new(),
        last_error: None,
        expires_at: now.timestamp() + KEEP_DAYS * 86_400,
    };
    let answer = Started { message: SUCCESS_MESSAGE.to_string(), job: job.view() };
    let claim = request.claim_of(&answer, now.timestamp())?;
    if let Err(e) = jobs.create(&job, &claim).await {
        // A twin of this request landed first: answer what it answered.
        if let (ApiError::Conflict(_), Seen::Replay(first)) = (&e, request.seen().await?) {
            return idempotency::replayed(first);
        }
        return Err(e);
    }
    let bodies = job
        .dates
        .iter()
        .map(|date| serde_json::to_string(&DateMessage { job_key: job.job_key.clone(), date: date.clone() }))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    if let Err(e) = jobs.enqueue(bodies).await {
        tracing::error!(job = %job.id, error = %e, "sync not queued; job marked failed");
        let outcome = DateOutcome {
            ok: false,
            routes: 0,
            stops: 0,
            error: Some("not queued".into()),
            at: stamp(fleet_shared::fridge_time::now()),
        };
        for date in &job.dates {
            jobs.finish_date(&job.job_key, date, &outcome).await?;
        }
        jobs.forget(&claim).await?;
        return Err(ApiError::Unavailable);
    }
    Ok(answer)
}

/// `logiNextSyncJobs`: the recent jobs, newest first.
pub async fn recent(jobs: &impl SyncStore) -> Result<Vec<JobView>, ApiError> {
    Ok(jobs.recent().await?.iter().map(SyncJob::view).collect())
}

/// `syncLogiNextLocRoutes`' answer (a retry replays it as recorded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Started {
    pub message: String,
    pub job: JobView,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loginext::worker::tests::Jobs;
    use fleet_shared::idempotency::MemoryRecords;

    fn input(id: &str) -> SyncInput {
        SyncInput {
            start_date: "2026-11-26".into(),
            end_date: "2026-11-27".into(),
            fulfillment_centers: vec!["North".into(), "Does Not Exist".into()],
            request_id: Some(id.into()),
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        fleet_shared::dates::instant(text).unwrap()
    }

    const WHO: Starter<'static> = Starter { sub: "sub-ops", email: "ops@x.co", name: None };

    /// The records the jobs' transactions carried, as DynamoDB would keep them.
    fn landed(jobs: &Jobs, records: &MemoryRecords) {
        for claim in jobs.claims.lock().unwrap().drain(..) {
            records.insert(&claim).unwrap();
        }
    }

    #[tokio::test]
    async fn a_request_id_is_its_callers_own_and_the_job_id_is_the_servers() {
        let (jobs, records) = (Jobs::default(), MemoryRecords::default());
        let now = at("2026-11-25T15:00:00Z");
        let mine = start(&jobs, &records, input("shared-id"), WHO, now).await.unwrap();
        landed(&jobs, &records);
        let id = mine.job.id.clone();
        assert!(uuid::Uuid::parse_str(&id).is_ok() && id != "shared-id", "the server names the job: {id}");
        // Another user sending the same id starts a job of their own; nothing of mine is replayed.
        let other = Starter { sub: "sub-other", email: "other@x.co", name: None };
        let theirs = start(&jobs, &records, input("shared-id"), other, now).await.unwrap();
        landed(&jobs, &records);
        assert_ne!(theirs.job.id, mine.job.id);
        assert_eq!(theirs.job.created_by, "other@x.co");
        assert_eq!((jobs.jobs.lock().unwrap().len(), jobs.sent.lock().unwrap().len()), (2, 4));
        // My retry still answers my job, and queues nothing.
        assert_eq!(start(&jobs, &records, input("shared-id"), WHO, now).await.unwrap(), mine);
        assert_eq!(jobs.sent.lock().unwrap().len(), 4);
    }

    #[tokio::test]
    async fn a_sync_queues_one_message_per_date_and_a_retry_answers_the_first_result() {
        let (jobs, records) = (Jobs::default(), MemoryRecords::default());
        let now = at("2026-11-25T15:00:00Z");
        let first = start(&jobs, &records, input("r1"), WHO, now).await.unwrap();
        assert_eq!(first.message, SUCCESS_MESSAGE);
        assert_eq!(first.job.fulfillment_centers, ["North"]);
        assert_eq!(jobs.sent.lock().unwrap().len(), 2, "one message per date");
        landed(&jobs, &records);
        assert_eq!(start(&jobs, &records, input("r1"), WHO, now).await.unwrap(), first);
        assert_eq!(jobs.sent.lock().unwrap().len(), 2, "a retry queues nothing");
        let mut other = input("r1");
        other.end_date = "2026-11-28".into();
        assert_eq!(start(&jobs, &records, other, WHO, now).await.unwrap_err().status(), 409);
    }

    #[tokio::test]
    async fn the_window_and_the_rules_refuse_before_anything_is_written() {
        let (jobs, records) = (Jobs::default(), MemoryRecords::default());
        let err = start(&jobs, &records, input("r2"), WHO, at("2026-11-25T23:30:00Z")).await.unwrap_err();
        assert_eq!(err.to_string(), BLOCKED_MESSAGE);
        let mut late = input("r3");
        late.start_date = "2026-11-24".into();
        let err = start(&jobs, &records, late, WHO, at("2026-11-25T15:00:00Z")).await.unwrap_err();
        assert_eq!(err.to_string(), crate::loginext::BEFORE_TODAY);
        assert!(jobs.jobs.lock().unwrap().is_empty() && jobs.sent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_sync_that_cannot_be_queued_is_marked_failed_and_answers_unavailable() {
        let jobs = Jobs { refuse_enqueue: true, ..Jobs::default() };
        let err = start(&jobs, &MemoryRecords::default(), input("r4"), WHO, at("2026-11-25T15:00:00Z")).await;
        assert_eq!(err.unwrap_err().status(), 503);
        let job = jobs.jobs.lock().unwrap().values().next().cloned().unwrap();
        assert_eq!((job.state().as_str(), job.outcomes.len()), ("FAILED", 2));
    }
}
