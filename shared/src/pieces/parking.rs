//! Queue records that cannot be stored (unreadable, over a limit, refused by a
//! rule) are parked in their queue's dead-letter queue with the reason as a
//! message attribute, instead of being retried until redrive. One mechanism
//! for every SQS ingest (telemetry, orders).
use crate::deps::QueueRef;
use crate::error::ApiError;
use crate::events::SqsMessage;
use crate::limits::{queue_record_problem, SQS_BATCH_MAX};
use aws_sdk_sqs::types::{MessageAttributeValue, SendMessageBatchRequestEntry};

/// A record that cannot be stored: its message id, its body (or what fits of it) and the reason.
pub type Unstorable = (String, String, String);

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

    #[test]
    fn an_empty_body_is_parked_with_a_placeholder() {
        assert_eq!(entry(0, "", "empty").map(|e| e.message_body), Some("(empty)".to_string()));
    }
}
