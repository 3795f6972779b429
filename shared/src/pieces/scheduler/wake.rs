//! Wake-ups: a change due within SQS's longest delay (15 minutes) is also
//! announced on the area's wake-up queue, delayed until it is due, and the
//! consumer runs `apply_due` then. So 'Complete Now' (due 5 s ahead) applies
//! seconds after its time instead of at the scheduler's next minute
//! (EventBridge's least rate). The minute run stays the guarantee: a wake-up
//! lost, refused or early leaves the change due, and that run applies it; a
//! duplicate finds it claimed or gone (the claims decide, as for racing runs).
use super::{apply_due, AppliedRun, Applier};
use crate::deps::QueueRef;
use crate::events::{SqsBatchResponse, SqsMessage};
use crate::parking::{self, LastReceive, Unstorable};
use crate::{ApiError, Deps, Queue};
use aws_sdk_sqs::types::SendMessageBatchRequestEntry;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};
use std::future::Future;

/// SQS's longest `DelaySeconds`: a change due later is left to the minute run alone.
pub const MAX_DELAY_SECONDS: i64 = 900;

/// What a wake-up says: the due shard to run, and the time it was sent for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WakeUp {
    pub shard: String,
    pub due: String,
}

/// The delay, in whole seconds, that makes a message sent at `now` visible no
/// sooner than `due` (rounded up: a wake-up may be late by under a second, never
/// early); `None` beyond SQS's longest delay.
pub fn delay_seconds(due: DateTime<Utc>, now: DateTime<Utc>) -> Option<i32> {
    let millis = (due - now).num_milliseconds().max(0);
    let seconds = (millis + 999) / 1000;
    (seconds <= MAX_DELAY_SECONDS).then_some(seconds as i32)
}

/// One wake-up per distinct due time (ISO text, as stored) within the longest
/// delay, with its delay; unreadable times are left to the minute run.
pub fn wake_ups<'a>(shard: &str, due: impl IntoIterator<Item = &'a str>, now: DateTime<Utc>) -> Vec<(WakeUp, i32)> {
    let times: BTreeSet<&str> = due.into_iter().collect();
    times
        .into_iter()
        .filter_map(|t| {
            let wake = WakeUp { shard: shard.to_string(), due: t.to_string() };
            Some((wake, delay_seconds(crate::dates::instant(t)?, now)?))
        })
        .collect()
}

/// Announces the changes due at `due` on `queue`. Best effort: the changes are
/// stored already and the minute run applies them anyway, so a failed send is
/// logged, not the caller's failure (their change was scheduled).
pub async fn announce<'a>(
    queue: Result<QueueRef<'_>, ApiError>,
    shard: &str,
    due: impl IntoIterator<Item = &'a str>,
    now: DateTime<Utc>,
) {
    let wakes = wake_ups(shard, due, now);
    if wakes.is_empty() {
        return;
    }
    let q = match queue {
        Ok(q) => q,
        Err(e) => return tracing::warn!(error = %e, "no wake-up queue; the minute run applies the change"),
    };
    for chunk in wakes.chunks(crate::limits::SQS_BATCH_MAX) {
        let entries: Vec<SendMessageBatchRequestEntry> = chunk
            .iter()
            .enumerate()
            .filter_map(|(i, (wake, delay))| {
                let body = serde_json::to_string(wake).ok()?;
                SendMessageBatchRequestEntry::builder()
                    .id(i.to_string())
                    .message_body(body)
                    .delay_seconds(*delay)
                    .build()
                    .ok()
            })
            .collect();
        match q.client.send_message_batch().queue_url(q.url).set_entries(Some(entries)).send().await {
            Ok(out) => {
                for f in out.failed {
                    tracing::warn!(code = f.code, "a wake-up was refused; the minute run applies the change");
                }
            }
            Err(e) => tracing::warn!(error = %e, "wake-ups not sent; the minute run applies the change"),
        }
    }
}

/// Reads a wake-up for `shard`; the reason otherwise (parked with it).
pub fn parse(shard: &str, body: &str) -> Result<WakeUp, String> {
    let wake: WakeUp = serde_json::from_str(body).map_err(|e| format!("not a wake-up: {e}"))?;
    if wake.shard != shard {
        return Err(format!(
            "a wake-up for the {} shard reached the {shard} consumer",
            crate::limits::echoed(&wake.shard)
        ));
    }
    Ok(wake)
}

/// One batch of wake-ups for `shard`: a readable one starts one `run` (one for
/// the whole batch), an unreadable one is parked with its reason. A run that
/// fails leaves the batch for redelivery (parked on its last receive). Answers
/// the records to redeliver.
pub async fn on_wake_ups<Run, Park, Parked>(
    shard: &str,
    records: Vec<SqsMessage>,
    run: Run,
    park: Park,
) -> SqsBatchResponse
where
    Run: Future<Output = Result<AppliedRun, ApiError>>,
    Park: FnOnce(Vec<Unstorable>) -> Parked,
    Parked: Future<Output = Vec<String>>,
{
    let last_receive = LastReceive::of(&records);
    let (woken, mut bad) = parking::sort_records(records, |body| parse(shard, body));
    let mut retry = Vec::new();
    if !woken.is_empty() {
        match run.await {
            Ok(done) => tracing::info!(shard, applied = done.applied, failed = done.failed, "woken run"),
            Err(e) => {
                tracing::error!(shard, error = %e, "woken run failed; the wake-ups come back");
                let why = format!("the run failed: {e}");
                retry.extend(woken.into_iter().map(|(id, ..)| (id, why.clone())));
            }
        }
    }
    let mut again = last_receive.settle(retry, &mut bad);
    if !bad.is_empty() {
        again.extend(park(bad).await);
    }
    let mut seen = HashSet::new();
    let mut answer = SqsBatchResponse::default();
    for id in again.into_iter().filter(|id| seen.insert(id.clone())) {
        answer.add_failure(id);
    }
    answer
}

/// `on_wake_ups` over DynamoDB: the woken run is `apply_due` of `shard` at
/// `now`; unreadable wake-ups go to `dead_letter`.
pub async fn apply_woken(
    deps: &Deps,
    shard: &str,
    applier: &impl Applier,
    records: Vec<SqsMessage>,
    now: DateTime<Utc>,
    dead_letter: Queue,
) -> SqsBatchResponse {
    on_wake_ups(shard, records, apply_due(deps, shard, applier, now), |bad| async move {
        parking::park(deps.queue(dead_letter), &bad, "scheduler wake-up").await
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    fn at(ms: i64) -> DateTime<Utc> {
        Utc.timestamp_millis_opt(1_800_000_000_000 + ms).unwrap()
    }

    fn record(id: &str, body: &str, receives: u32) -> SqsMessage {
        let mut m = SqsMessage::default();
        m.message_id = Some(id.into());
        m.body = Some(body.into());
        m.attributes.insert("ApproximateReceiveCount".into(), receives.to_string());
        m
    }

    fn failed(answer: &SqsBatchResponse) -> Vec<&str> {
        answer.batch_item_failures.iter().map(|f| f.item_identifier.as_str()).collect()
    }

    #[test]
    fn a_change_due_in_five_seconds_wakes_in_five_and_one_past_fifteen_minutes_not_at_all() {
        assert_eq!(delay_seconds(at(5_000), at(0)), Some(5));
        assert_eq!(delay_seconds(at(4_001), at(0)), Some(5), "rounded up: never early");
        assert_eq!(delay_seconds(at(-3_000), at(0)), Some(0), "already due: at once");
        assert_eq!(delay_seconds(at(900_000), at(0)), Some(900));
        assert_eq!(delay_seconds(at(900_001), at(0)), None);
    }

    proptest! {
        /// Whatever the times, a wake-up is never visible before its change is due, is late by
        /// under a second, and stays within SQS's bounds.
        #[test]
        fn a_wake_up_is_never_early_and_late_by_under_a_second(ahead in -2_000_000i64..2_000_000) {
            match delay_seconds(at(ahead), at(0)) {
                Some(d) => {
                    prop_assert!((0..=900).contains(&d));
                    prop_assert!(i64::from(d) * 1000 >= ahead);
                    prop_assert!(i64::from(d) * 1000 < ahead.max(0) + 1000);
                }
                None => prop_assert!(ahead > MAX_DELAY_SECONDS * 1000),
            }
        }
    }

    #[test]
    fn one_wake_up_per_due_time_and_none_for_a_time_it_cannot_read() {
        let (soon, later) = ("2027-01-15T08:00:05.000Z", "2027-01-15T08:05:00.000Z");
        let now = crate::dates::instant("2027-01-15T08:00:00Z").unwrap();
        let wakes = wake_ups("DUE", [soon, soon, later, "tomorrow"], now);
        assert_eq!(wakes.len(), 2);
        assert_eq!(wakes[0], (WakeUp { shard: "DUE".into(), due: soon.into() }, 5));
        assert_eq!(wakes[1].1, 300);
    }

    #[test]
    fn a_wake_up_of_another_shard_or_no_wake_up_is_refused_with_its_reason() {
        let body = serde_json::to_string(&WakeUp { shard: "DUE".into(), due: "x".into() }).unwrap();
        assert!(parse("DUE", &body).is_ok());
        assert_eq!(
            parse("PLANOGRAM_DUE", &body).unwrap_err(),
            "a wake-up for the DUE shard reached the PLANOGRAM_DUE consumer"
        );
        assert!(parse("DUE", "{}").unwrap_err().starts_with("not a wake-up"));
        assert!(parse("DUE", r#"{"shard":"DUE","due":"x","extra":1}"#).is_err());
    }

    async fn ok_run(runs: &AtomicUsize) -> Result<AppliedRun, ApiError> {
        runs.fetch_add(1, Ordering::SeqCst);
        Ok(AppliedRun::default())
    }

    #[tokio::test]
    async fn a_batch_runs_the_scheduler_once_and_parks_what_it_cannot_read() {
        let good = serde_json::to_string(&WakeUp { shard: "DUE".into(), due: "t".into() }).unwrap();
        let runs = AtomicUsize::new(0);
        let parked = Mutex::new(Vec::new());
        let answer = on_wake_ups(
            "DUE",
            vec![record("a", &good, 1), record("b", &good, 1), record("c", "nonsense", 1)],
            ok_run(&runs),
            |bad| {
                parked.lock().unwrap().extend(bad);
                async { Vec::new() }
            },
        )
        .await;
        assert!(failed(&answer).is_empty());
        assert_eq!(runs.load(Ordering::SeqCst), 1, "one run for the batch");
        let parked = parked.into_inner().unwrap();
        assert_eq!(parked.len(), 1);
        assert_eq!(parked[0].0, "c");
        assert!(parked[0].2.starts_with("not a wake-up"), "{}", parked[0].2);
    }

    #[tokio::test]
    async fn only_unreadable_wake_ups_run_nothing_and_a_record_the_dead_letter_queue_refused_comes_back() {
        let runs = AtomicUsize::new(0);
        let answer = on_wake_ups("DUE", vec![record("c", "[]", 1)], ok_run(&runs), |bad| async move {
            bad.into_iter().map(|(id, ..)| id).collect()
        })
        .await;
        assert_eq!(runs.load(Ordering::SeqCst), 0);
        assert_eq!(failed(&answer), ["c"]);
    }

    #[tokio::test]
    async fn a_failed_run_brings_the_batch_back_and_parks_it_on_its_last_receive() {
        let good = serde_json::to_string(&WakeUp { shard: "DUE".into(), due: "t".into() }).unwrap();
        let parked = Mutex::new(Vec::new());
        let answer = on_wake_ups(
            "DUE",
            vec![record("a", &good, 1), record("z", &good, parking::MAX_RECEIVES)],
            async { Err(ApiError::Unavailable) },
            |bad| {
                parked.lock().unwrap().extend(bad);
                async { Vec::new() }
            },
        )
        .await;
        assert_eq!(failed(&answer), ["a"], "redelivered");
        let parked = parked.into_inner().unwrap();
        assert_eq!(parked.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["z"], "parked on its last receive");
        assert!(parked[0].2.contains("the run failed"), "{}", parked[0].2);
    }
}
