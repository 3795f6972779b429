//! The local stand-in for Lambda's SQS event-source mapping: polls each
//! queue that feeds a function, invokes the handler with the SQS event shape
//! (up to 10 records), deletes the messages that succeeded and leaves the
//! reported failures for redelivery and, after `maxReceiveCount`, the
//! dead-letter queue, as the queue's redrive policy says.
use crate::{registry, wiring::Wiring};
use aws_sdk_sqs::types::{DeleteMessageBatchRequestEntry, MessageSystemAttributeName};
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

/// One receive, one invocation, the deletes. Answers (succeeded, failed).
pub async fn poll_once(
    sqs: &aws_sdk_sqs::Client,
    wiring: &'static Wiring,
    spec: &'static FunctionSpec,
    url: &str,
    wait: i32,
) -> Result<(usize, usize), ApiError> {
    let out = sqs
        .receive_message()
        .queue_url(url)
        .max_number_of_messages(10)
        .wait_time_seconds(wait)
        .message_system_attribute_names(MessageSystemAttributeName::All)
        .send()
        .await
        .map_err(|e| ApiError::internal(format!("receive: {e}")))?;
    let messages = out.messages.unwrap_or_default();
    if messages.is_empty() {
        return Ok((0, 0));
    }
    let records: Vec<Value> = messages
        .iter()
        .map(|m| {
            let attributes: serde_json::Map<String, Value> =
                m.attributes().map(|a| a.iter().map(|(k, v)| (k.as_str().to_string(), json!(v))).collect()).unwrap_or_default();
            json!({ "messageId": m.message_id(), "receiptHandle": m.receipt_handle(), "body": m.body(), "attributes": attributes,
                    "messageAttributes": {}, "md5OfBody": m.md5_of_body(), "eventSource": "aws:sqs", "eventSourceARN": url, "awsRegion": "us-east-1" })
        })
        .collect();
    let request_id = uuid::Uuid::new_v4().to_string();
    let input = Input { args: json!({ "Records": records }), ..Input::default() };
    // A handler error, or a panic, fails the whole batch, as on Lambda, and polling goes on:
    // Lambda's event source mapping keeps polling after a failed batch.
    let invoked = AssertUnwindSafe(logging::invoke(spec, wiring.deps(spec), input, &request_id)).catch_unwind().await;
    let invoked = invoked.unwrap_or_else(|_| Err(ApiError::internal("the handler panicked")));
    let failed: Vec<String> = match invoked {
        Ok(answer) => answer["batchItemFailures"]
            .as_array()
            .map(|f| f.iter().filter_map(|x| x["itemIdentifier"].as_str().map(str::to_string)).collect())
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
        sqs.delete_message_batch()
            .queue_url(url)
            .set_entries(Some(done))
            .send()
            .await
            .map_err(|e| ApiError::internal(format!("delete: {e}")))?;
    }
    Ok((succeeded, failed.len()))
}

pub async fn sqs_client() -> aws_sdk_sqs::Client {
    aws_sdk_sqs::Client::new(&aws_config::load_from_env().await)
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
