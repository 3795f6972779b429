//! The local stand-in for Lambda's SQS event-source mapping: polls each
//! queue that feeds a function, invokes the handler with the SQS event shape
//! (up to 10 records), deletes the messages that succeeded and leaves the
//! reported failures for redelivery and, after `maxReceiveCount`, the
//! dead-letter queue, as the queue's redrive policy says. While a batch is
//! handled its messages stay hidden (`keep_hidden`): a slow emulator never
//! makes a batch visible again mid-call, which would count a receive the
//! handler never answered and, five of them on, dead-letter a good message.
use crate::wiring::Wiring;
use aws_sdk_sqs::types::{
    ChangeMessageVisibilityBatchRequestEntry, DeleteMessageBatchRequestEntry, Message, MessageSystemAttributeName,
};
use fleet_functions as registry;
use fleet_shared::events::{SqsBatchResponse, SqsEvent, SqsMessage};
use fleet_shared::limits::SQS_BATCH_MAX;
use fleet_shared::{logging, ApiError, FunctionSpec, Input, Trigger};
use futures::FutureExt;
use serde_json::{json, Value};
use std::panic::AssertUnwindSafe;
use std::time::Duration;

/// The queue URL the provisioner wrote for a queue's logical id.
pub fn queue_url(spec: &FunctionSpec) -> Option<String> {
    let Trigger::Queue(q) = spec.trigger else { return None };
    std::env::var(format!("QUEUE_URL_{}", q.logical_id())).ok()
}

const REGION: &str = "us-east-1";

/// The ARN of a queue from its URL (`…/{account}/{name}`), as an event names its source.
pub fn queue_arn(url: &str) -> String {
    let mut parts = url.trim_end_matches('/').rsplit('/');
    let name = parts.next().unwrap_or_default();
    let account = parts.next().unwrap_or("000000000000");
    format!("arn:aws:sqs:{REGION}:{account}:{name}")
}

/// A record of an SQS event, as Lambda's event source mapping sends it.
pub fn record(id: &str, receipt: &str, body: &str, queue_arn: &str) -> SqsMessage {
    let mut r = SqsMessage::default();
    r.message_id = Some(id.to_string());
    r.receipt_handle = Some(receipt.to_string());
    r.body = Some(body.to_string());
    r.event_source = Some("aws:sqs".into());
    r.event_source_arn = Some(queue_arn.to_string());
    r.aws_region = Some(REGION.into());
    r
}

/// A received message as its event record: its system attributes and message attributes too.
fn record_of(m: &Message, queue_arn: &str) -> SqsMessage {
    let mut r = record(
        m.message_id().unwrap_or_default(),
        m.receipt_handle().unwrap_or_default(),
        m.body().unwrap_or_default(),
        queue_arn,
    );
    r.md5_of_body = m.md5_of_body().map(str::to_string);
    r.md5_of_message_attributes = m.md5_of_message_attributes().map(str::to_string);
    r.attributes = m
        .attributes()
        .map(|a| a.iter().map(|(k, v)| (k.as_str().to_string(), v.clone())).collect())
        .unwrap_or_default();
    for (name, a) in m.message_attributes().into_iter().flatten() {
        let attribute = json!({ "dataType": a.data_type(), "stringValue": a.string_value(), "stringListValues": a.string_list_values() });
        if let Ok(typed) = serde_json::from_value(attribute) {
            r.message_attributes.insert(name.clone(), typed);
        }
    }
    r
}

/// The SQS event of these records, as a queue-fed function receives it.
pub fn event(records: Vec<SqsMessage>) -> Input {
    let mut event = SqsEvent::default();
    event.records = records;
    Input { args: serde_json::to_value(event).unwrap_or(Value::Null), ..Input::default() }
}

/// How long a received batch is hidden at a time; renewed every third of it while its handler runs.
pub const HOLD: Duration = Duration::from_secs(30);

/// Keeps `messages` hidden for `hold` more, every third of `hold`, until dropped (the handler answered).
async fn keep_hidden(
    sqs: &aws_sdk_sqs::Client,
    url: &str,
    messages: &[Message],
    hold: Duration,
) -> std::convert::Infallible {
    let entries: Vec<ChangeMessageVisibilityBatchRequestEntry> = messages
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            ChangeMessageVisibilityBatchRequestEntry::builder()
                .id(i.to_string())
                .receipt_handle(m.receipt_handle()?)
                .visibility_timeout(hold.as_secs() as i32)
                .build()
                .ok()
        })
        .collect();
    loop {
        tokio::time::sleep(hold / 3).await;
        let renewed =
            sqs.change_message_visibility_batch().queue_url(url).set_entries(Some(entries.clone())).send().await;
        if let Err(e) = renewed {
            tracing::warn!(error = %e, "a batch's visibility not renewed; it may be received again");
        }
    }
}

/// One receive, one invocation, the deletes. Answers (succeeded, failed).
pub async fn poll_once(
    sqs: &aws_sdk_sqs::Client,
    wiring: &'static Wiring,
    spec: &'static FunctionSpec,
    url: &str,
    wait: i32,
) -> Result<(usize, usize), ApiError> {
    poll_once_holding(sqs, wiring, spec, url, wait, HOLD).await
}

/// `poll_once`, its batch hidden `hold` at a time while the handler runs.
pub async fn poll_once_holding(
    sqs: &aws_sdk_sqs::Client,
    wiring: &'static Wiring,
    spec: &'static FunctionSpec,
    url: &str,
    wait: i32,
    hold: Duration,
) -> Result<(usize, usize), ApiError> {
    let out = sqs
        .receive_message()
        .queue_url(url)
        .max_number_of_messages(SQS_BATCH_MAX as i32)
        .wait_time_seconds(wait)
        .visibility_timeout(hold.as_secs() as i32)
        .message_system_attribute_names(MessageSystemAttributeName::All)
        .message_attribute_names("All")
        .send()
        .await
        .map_err(|e| ApiError::internal(format!("receive: {e}")))?;
    let messages = out.messages.unwrap_or_default();
    if messages.is_empty() {
        return Ok((0, 0));
    }
    let arn = queue_arn(url);
    let input = event(messages.iter().map(|m| record_of(m, &arn)).collect());
    let request_id = uuid::Uuid::new_v4().to_string();
    // A handler error, or a panic, fails the whole batch, as on Lambda, and polling goes on:
    // Lambda's event source mapping keeps polling after a failed batch.
    let handled = AssertUnwindSafe(logging::invoke(spec, wiring.deps(spec), input, &request_id)).catch_unwind();
    let invoked = tokio::select! {
        invoked = handled => invoked,
        never = keep_hidden(sqs, url, &messages, hold) => match never {},
    };
    let invoked = invoked.unwrap_or_else(|_| Err(ApiError::internal("the handler panicked")));
    let failed: Vec<String> = match invoked {
        Ok(answer) => serde_json::from_value::<SqsBatchResponse>(answer)
            .map(|r| r.batch_item_failures.into_iter().map(|f| f.item_identifier).collect())
            .unwrap_or_default(),
        Err(e) => {
            tracing::warn!(function = spec.name, error = %e, "queue batch failed");
            messages.iter().filter_map(|m| m.message_id().map(str::to_string)).collect()
        }
    };
    let done: Vec<DeleteMessageBatchRequestEntry> = messages
        .iter()
        .filter(|m| m.message_id().is_some_and(|id| !failed.iter().any(|f| f == id)))
        .enumerate()
        .filter_map(|(i, m)| {
            DeleteMessageBatchRequestEntry::builder().id(i.to_string()).receipt_handle(m.receipt_handle()?).build().ok()
        })
        .collect();
    let succeeded = done.len();
    if !done.is_empty() {
        let out = sqs
            .delete_message_batch()
            .queue_url(url)
            .set_entries(Some(done))
            .send()
            .await
            .map_err(|e| ApiError::internal(format!("delete: {e}")))?;
        // A delete the queue refuses comes back after the visibility timeout: say so, it is not silent.
        for f in out.failed {
            tracing::warn!(function = spec.name, code = f.code, reason = ?f.message, "a handled message was not deleted");
        }
    }
    Ok((succeeded, failed.len()))
}

pub async fn sqs_client() -> aws_sdk_sqs::Client {
    aws_sdk_sqs::Client::new(&fleet_shared::sdk::loader().load().await)
}

const POLLERS: usize = 2;

/// Polls every queue-fed function until the process stops.
pub async fn queue_loops(wiring: &'static Wiring) {
    let sqs: &'static aws_sdk_sqs::Client = Box::leak(Box::new(sqs_client().await));
    for spec in registry::all().filter(|f| matches!(f.trigger, Trigger::Queue(_))) {
        let Some(url) = queue_url(spec) else {
            tracing::warn!(function = spec.name, "no queue URL in the environment; not polling");
            continue;
        };
        // Lambda scales pollers with the backlog; two per queue keep a burst short here.
        for _ in 0..POLLERS {
            let url = url.clone();
            tokio::spawn(async move {
                loop {
                    if let Err(e) = poll_once(sqs, wiring, spec, &url, 1).await {
                        tracing::warn!(function = spec.name, error = %e, "polling failed");
                        tokio::time::sleep(Duration::from_secs(2)).await;
                    }
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_sqs::types::MessageAttributeValue;

    #[test]
    fn a_received_message_becomes_the_record_lambda_sends_and_the_typed_reader_takes() {
        let reason = MessageAttributeValue::builder().data_type("String").string_value("late").build().unwrap();
        let m = Message::builder()
            .message_id("m-1")
            .receipt_handle("rh")
            .body("{}")
            .md5_of_body("99914b932bd37a50b983c5e7c90ae93b")
            .attributes(MessageSystemAttributeName::ApproximateReceiveCount, "2")
            .message_attributes("reason", reason)
            .build();
        let arn = queue_arn("http://localhost:4566/000000000000/TelemetryQueue");
        assert_eq!(arn, "arn:aws:sqs:us-east-1:000000000000:TelemetryQueue");
        let input = event(vec![record_of(&m, &arn)]);
        let sent = &input.args["Records"][0];
        for field in
            ["messageId", "receiptHandle", "body", "attributes", "messageAttributes", "md5OfBody", "eventSource"]
        {
            assert!(!sent[field].is_null(), "{field} in {sent}");
        }
        assert_eq!((&sent["eventSourceARN"], &sent["awsRegion"]), (&json!(arn), &json!("us-east-1")));
        let records = fleet_shared::events::sqs_records(&input).unwrap();
        assert_eq!((records[0].message_id.as_deref(), records[0].body.as_deref()), (Some("m-1"), Some("{}")));
        assert_eq!(records[0].attributes["ApproximateReceiveCount"], "2");
        assert_eq!(records[0].message_attributes["reason"].string_value.as_deref(), Some("late"));
    }
}
