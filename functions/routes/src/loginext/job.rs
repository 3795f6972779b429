//! A LogiNext sync job as stored, and the state shown for it. The job is
//! written once when the sync is started; each of its dates then gets one
//! outcome, written by the worker only if the date has none yet, so a
//! redelivered message can never count a date twice. The state is derived
//! from the outcomes when read: no second write can disagree with them.
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The partition every job is kept under (a few jobs a day: no hot key).
pub const KIND: &str = "loginext";
/// How long a job is listed (TTL `expiresAt`).
pub const KEEP_DAYS: i64 = 90;
/// How many recent jobs the screen lists.
pub const RECENT: i32 = 20;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DateOutcome {
    pub ok: bool,
    /// Routes replaced on the date.
    pub routes: u32,
    /// Stop positions that changed (one per history change).
    pub stops: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncJob {
    pub kind: String,
    /// `createdAt#id`: the sort key, newest last.
    pub job_key: String,
    pub id: String,
    pub start_date: String,
    pub end_date: String,
    pub fulfillment_centers: Vec<String>,
    pub dates: Vec<String>,
    pub created_at: String,
    /// The caller's e-mail.
    pub created_by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by_name: Option<String>,
    /// Digest of the request, so a retry with other content is refused.
    pub digest: String,
    #[serde(default)]
    pub outcomes: BTreeMap<String, DateOutcome>,
    /// The last transient failure, while the queue retries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
    pub expires_at: i64,
}

/// What the screen shows of a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Queued,
    Running,
    Done,
    Failed,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::Queued => "QUEUED",
            State::Running => "RUNNING",
            State::Done => "DONE",
            State::Failed => "FAILED",
        }
    }
}

impl SyncJob {
    pub fn key_of(created_at: &str, id: &str) -> String {
        format!("{created_at}#{id}")
    }

    pub fn state(&self) -> State {
        let finished = self.dates.iter().all(|d| self.outcomes.contains_key(d));
        match (finished, self.outcomes.values().any(|o| !o.ok)) {
            (true, true) => State::Failed,
            (true, false) => State::Done,
            _ if !self.outcomes.is_empty() || self.last_error.is_some() => State::Running,
            _ => State::Queued,
        }
    }

    /// The first failed date's reason, else the retried failure, if any.
    pub fn error(&self) -> Option<String> {
        self.outcomes
            .iter()
            .find_map(|(d, o)| o.error.as_ref().filter(|_| !o.ok).map(|e| format!("{d}: {e}")))
            .or_else(|| self.last_error.clone().filter(|_| self.state() == State::Running))
    }

    /// The job as the GraphQL type `LogiNextSyncJob`.
    pub fn view(&self) -> JobView {
        let sum = |f: fn(&DateOutcome) -> u32| self.outcomes.values().map(f).sum::<u32>();
        let finished_at = matches!(self.state(), State::Done | State::Failed)
            .then(|| self.outcomes.values().map(|o| o.at.as_str()).max())
            .flatten();
        JobView {
            id: self.id.clone(),
            state: self.state().as_str().to_string(),
            start_date: self.start_date.clone(),
            end_date: self.end_date.clone(),
            fulfillment_centers: self.fulfillment_centers.clone(),
            created_at: self.created_at.clone(),
            created_by: self.created_by_name.clone().unwrap_or_else(|| self.created_by.clone()),
            dates: self.dates.len(),
            dates_done: self.outcomes.values().filter(|o| o.ok).count(),
            dates_failed: self.outcomes.values().filter(|o| !o.ok).count(),
            routes_changed: sum(|o| o.routes),
            stops_changed: sum(|o| o.stops),
            error: self.error(),
            finished_at: finished_at.map(str::to_string),
        }
    }
}

/// A sync job as the screens read it (GraphQL `LogiNextSyncJob`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobView {
    pub id: String,
    pub state: String,
    pub start_date: String,
    pub end_date: String,
    pub fulfillment_centers: Vec<String>,
    pub created_at: String,
    /// The author's name, or their e-mail when the token carried none.
    pub created_by: String,
    pub dates: usize,
    pub dates_done: usize,
    pub dates_failed: usize,
    pub routes_changed: u32,
    pub stops_changed: u32,
    pub error: Option<String>,
    pub finished_at: Option<String>,
}

#[cfg(test)]
pub mod tests {
    use super::*;

    pub fn job(dates: &[&str]) -> SyncJob {
        SyncJob {
            kind: KIND.into(),
            job_key: SyncJob::key_of("2026-11-25T10:00:00.000Z", "j1"),
            id: "j1".into(),
            start_date: dates.first().unwrap_or(&"").to_string(),
            end_date: dates.last().unwrap_or(&"").to_string(),
            fulfillment_centers: vec!["North".into()],
            dates: dates.iter().map(|d| d.to_string()).collect(),
            created_at: "2026-11-25T10:00:00.000Z".into(),
            created_by: "ops@x.co".into(),
            created_by_name: Some("Ops Person".into()),
            digest: "d".into(),
            outcomes: BTreeMap::new(),
            last_error: None,
            expires_at: 0,
        }
    }

    fn outcome(ok: bool, routes: u32, stops: u32) -> DateOutcome {
        DateOutcome {
            ok,
            routes,
            stops,
            error: (!ok).then(|| "503".to_string()),
            at: "2026-11-25T10:01:00.000Z".into(),
        }
    }

    #[test]
    fn a_job_is_queued_then_running_then_done_or_failed_by_its_dates() {
        let mut j = job(&["2026-11-26", "2026-11-27"]);
        assert_eq!(j.state(), State::Queued);
        j.last_error = Some("the routing service answered 503".into());
        assert_eq!((j.state(), j.error().as_deref()), (State::Running, Some("the routing service answered 503")));
        j.outcomes.insert("2026-11-26".into(), outcome(true, 2, 5));
        assert_eq!(j.state(), State::Running);
        j.outcomes.insert("2026-11-27".into(), outcome(true, 1, 1));
        let view = j.view();
        assert_eq!((view.state.as_str(), view.routes_changed, view.stops_changed), ("DONE", 3, 6));
        assert_eq!((view.created_by.as_str(), view.error), ("Ops Person", None));
        assert!(view.finished_at.is_some());
        j.outcomes.insert("2026-11-27".into(), outcome(false, 0, 0));
        assert_eq!((j.state(), j.error().as_deref()), (State::Failed, Some("2026-11-27: 503")));
    }
}
