//! Queue records that cannot be stored (unreadable, over a limit, refused by a
//! rule) are parked in their queue's dead-letter queue with the reason as a
//! message attribute, instead of being retried until redrive. One mechanism
//! for every SQS ingest (telemetry, orders).
use crate::deps::QueueRef;
use crate::error::ApiError;
use crate::events::SqsMessage;
use crate::limits::{queue_record_problem, SQS_BATCH_MAX};
use aws_sdk_sqs::types::{MessageAttributeValue, SendMessageBatchRequestEntry};
use std::collections::HashMap;

/// A record that cannot be stored: its message id, its body (or what fits of it) and the reason.
pub type Unstorable = (String, String, String);

/// The `maxReceiveCount` of every queue whose consumer parks (infra/template.base.yaml; the drift test
/// `queues_that_feed_functions_retry_enough_and_hide_long_enough` holds them equal). At least 5, as AWS
/// advises for a queue that feeds Lambda, so that throttling alone never moves a good message.
pub const MAX_RECEIVES: u32 = 5;

/// A batch's records by id, with their receive counts: a record still failing on its queue's last
/// receive is parked by its consumer with its last error, instead of being moved by the queue's
/// redrive with no reason. (A record SQS moves itself is one the function never answered: it timed
/// out or crashed; `scripts/dead-letters.sh` says so.)
pub struct LastReceive {
    receives: HashMap<String, u32>,
    bodies: HashMap<String, String>,
}

impl LastReceive {
    /// Read before the batch is consumed.
    pub fn of(records: &[SqsMessage]) -> LastReceive {
        let mut receives = HashMap::new();
        let mut bodies = HashMap::new();
        for r in records {
            let Some(id) = r.message_id.clone() else { continue };
            if let Some(n) = r.attributes.get("ApproximateReceiveCount").and_then(|n| n.parse().ok()) {
                receives.insert(id.clone(), n);
            }
            bodies.insert(id, r.body.clone().unwrap_or_default());
        }
        LastReceive { receives, bodies }
    }

    /// Settles the records that failed this time (`retry`: id and error): one on its last receive
    /// joins `bad` with its last error (once, and not when `bad` already parks it); the others are
    /// answered, to be redelivered.
    pub fn settle(&self, retry: Vec<(String, String)>, bad: &mut Vec<Unstorable>) -> Vec<String> {
        let mut again = Vec::new();
        for (id, why) in retry {
            let last = self.receives.get(&id).is_some_and(|n| *n >= MAX_RECEIVES);
            match self.bodies.get(&id) {
                Some(_) if last && bad.iter().any(|(b, ..)| *b == id) => {}
                Some(body) if last => {
                    let reason = format!("still failing on delivery {MAX_RECEIVES}, the queue's last: {why}");
                    bad.push((id, body.clone(), reason));
                }
                _ => again.push(id),
            }
        }
        again
    }
}

/// Splits a batch into parsed records `(id, body, message)` and unstorable ones.
/// Each record is bounded first: a queue event is not user input, and an
/// oversized body is parked with what fits of it.
pub fn sort_records<M>(
    records: Vec<SqsMessage>,
    parse: impl Fn(&str) -> Result<M, String>,
) -> (Vec<(String, String, M)>, Vec<Unstorable>) {
    let (mut ok, mut bad) = (Vec::new(), Vec::new());
    for r in records {
        let (id, body) = (r.message_id.unwrap_or_default(), r.body.unwrap_or_default());
        if let Some(reason) = queue_record_problem(&body) {
            let head: String = body.chars().take(1024).collect();
            bad.push((id, head, reason));
            continue;
        }
        match parse(&body) {
            Ok(m) => ok.push((id, body, m)),
            Err(reason) => bad.push((id, body, reason)),
        }
    }
    (ok, bad)
}

/// Parks `bad` in the dead-letter queue `dlq` (`what` names the records in the
/// log); answers the ids that could not be parked, left for redelivery so that
/// nothing is lost.
pub async fn park(dlq: Result<QueueRef<'_>, ApiError>, bad: &[Unstorable], what: &str) -> Vec<String> {
    let mut failed = Vec::new();
    let Ok(q) = dlq else {
        return bad.iter().map(|(id, ..)| id.clone()).collect();
    };
    for chunk in bad.chunks(SQS_BATCH_MAX) {
        let mut entries = Vec::new();
        for (i, (id, body, reason)) in chunk.iter().enumerate() {
            tracing::warn!(message_id = %id, %reason, "{what} parked in the dead-letter queue");
            match entry(i, body, reason) {
                Some(e) => entries.push(e),
                None => failed.push(id.clone()),
            }
        }
        if entries.is_empty() {
            continue;
        }
        match q.client.send_message_batch().queue_url(q.url).set_entries(Some(entries)).send().await {
            Ok(out) => failed.extend(
                out.failed.iter().filter_map(|f| chunk.get(f.id.parse::<usize>().ok()?)).map(|(id, ..)| id.clone()),
            ),
            Err(e) => {
                tracing::error!(error = %e, "dead-letter queue unavailable; records left for redelivery");
                failed.extend(chunk.iter().map(|(id, ..)| id.clone()));
            }
        }
    }
    failed
}

/// A parked record: its body as sent, its reason as the `reason` attribute.
fn entry(i: usize, body: &str, reason: &str) -> Option<SendMessageBatchRequestEntry> {
    // SQS refuses an empty body; a parked empty record keeps its reason.
    let body = if body.is_empty() { "(empty)" } else { body };
    let attr = MessageAttributeValue::builder().data_type("String").string_value(reason).build().ok()?;
    SendMessageBatchRequestEntry::builder()
        .id(i.to_string())
        .message_body(body)
        .message_attributes("reason", attr)
        .build()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str, body: &str) -> SqsMessage {
        let mut m = SqsMessage::default();
        m.message_id = Some(id.into());
        m.body = Some(body.into());
        m
    }

    #[test]
    fn sorts_parsed_from_unreadable_and_oversized_records() {
        let big = "x".repeat(crate::limits::MAX_QUEUE_MESSAGE_BYTES + 1);
        let (ok, bad) = sort_records(vec![record("a", "1"), record("b", "nope"), record("c", &big)], |b| {
            b.parse::<i64>().map_err(|e| e.to_string())
        });
        assert_eq!(ok, vec![("a".to_string(), "1".to_string(), 1)]);
        assert_eq!(bad.len(), 2);
        assert_eq!(bad[0].0, "b");
        assert_eq!(bad[1].1.len(), 1024, "an oversized body is parked with what fits of it");
    }

    fn received(id: &str, body: &str, receives: u32) -> SqsMessage {
        let mut m = record(id, body);
        m.attributes.insert("ApproximateReceiveCount".into(), receives.to_string());
        m
    }

    #[test]
    fn a_record_failing_on_its_last_receive_is_parked_with_its_last_error_and_the_others_wait() {
        let batch = [received("a", "1", MAX_RECEIVES - 1), received("b", "2", MAX_RECEIVES), received("c", "3", 9)];
        let last = LastReceive::of(&batch);
        let mut bad = vec![("c".to_string(), "3".to_string(), "refused".to_string())];
        let failing = ["a", "b", "b", "c", "gone"].map(|id| (id.to_string(), format!("{id} timed out")));
        let again = last.settle(failing.to_vec(), &mut bad);
        assert_eq!(again, ["a", "gone"], "before its last receive, or unknown to the batch: redelivered");
        assert_eq!(
            bad,
            [
                ("c".into(), "3".into(), "refused".into()),
                (
                    "b".into(),
                    "2".into(),
                    format!("still failing on delivery {MAX_RECEIVES}, the queue's last: b timed out")
                ),
            ],
            "parked once, for its first reason"
        );
        // A record with no receive count (an emulator that sends none) is never taken for its last.
        assert_eq!(LastReceive::of(&[record("d", "4")]).settle(vec![("d".into(), "x".into())], &mut bad), ["d"]);
    }

    #[test]
    fn an_empty_body_is_parked_with_a_placeholder() {
        assert_eq!(entry(0, "", "empty").map(|e| e.message_body), Some("(empty)".to_string()));
    }
}
