//! The local event source mapping: a batch whose handler panics fails alone,
//! and polling goes on (as Lambda's does after a failed batch); a batch stays
//! hidden for as long as its handler runs.
use crate::common;
use common::*;
use fleet_front_door::queues;
use fleet_shared::{handler, ApiError, Deps, FunctionSpec, Input, Permission, Queue, Trigger};
use serde_json::{json, Value};

/// A consumer that panics on the body `boom`, as the ingest once did on a far-future timestamp.
async fn fragile(_: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let bodies: Vec<String> = input.args["Records"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["body"].as_str().map(str::to_string))
        .collect();
    if bodies.iter().any(|b| b == "boom") {
        panic!("poison message");
    }
    Ok(json!({ "batchItemFailures": [] }))
}

// Named as a real queue consumer, so the wiring has its configuration.
static FRAGILE: FunctionSpec = FunctionSpec {
    name: "forecast_ingest",
    trigger: Trigger::Queue(Queue::ForecastUploads),
    permission: Permission::System,
    grants: &[],
    handler: handler!(fragile),
};

#[tokio::test]
async fn a_panicking_batch_fails_alone_and_the_next_batch_lands() {
    let sqs = queues::sqs_client().await;
    let name = unique("poller-test").replace('_', "-");
    let url = sqs.create_queue().queue_name(&name).send().await.unwrap().queue_url.unwrap();
    let wiring = wiring().await;

    sqs.send_message().queue_url(&url).message_body("boom").send().await.unwrap();
    let killed = queues::poll_once(&sqs, wiring, &FRAGILE, &url, 1).await;
    assert_eq!(killed.ok(), Some((0, 1)), "the batch failed, and the poller answered");

    sqs.purge_queue().queue_url(&url).send().await.unwrap();
    sqs.send_message().queue_url(&url).message_body("fine").send().await.unwrap();
    let mut landed = (0, 0);
    for _ in 0..5 {
        landed = queues::poll_once(&sqs, wiring, &FRAGILE, &url, 1).await.unwrap();
        if landed.0 > 0 {
            break;
        }
    }
    assert_eq!(landed, (1, 0), "the next batch lands");
    sqs.delete_queue().queue_url(&url).send().await.unwrap();
}

/// A consumer slower than the hold of its batch.
async fn slow(_: &'static Deps, _: Input) -> Result<Value, ApiError> {
    tokio::time::sleep(std::time::Duration::from_millis(7000)).await;
    Ok(json!({ "batchItemFailures": [] }))
}

static SLOW: FunctionSpec = FunctionSpec {
    name: "forecast_ingest",
    trigger: Trigger::Queue(Queue::ForecastUploads),
    permission: Permission::System,
    grants: &[],
    handler: handler!(slow),
};

#[tokio::test]
async fn a_batch_stays_hidden_while_its_handler_runs_past_its_hold() {
    let sqs = queues::sqs_client().await;
    let name = unique("poller-hold").replace('_', "-");
    let url = sqs.create_queue().queue_name(&name).send().await.unwrap().queue_url.unwrap();
    let wiring = wiring().await;
    sqs.send_message().queue_url(&url).message_body("slow").send().await.unwrap();
    // Renewed every third of a hold: 2 s leaves a renewal 1.3 s for its round trip on a loaded machine.
    let hold = std::time::Duration::from_secs(2);
    let (polled, seen_meanwhile) = tokio::join!(queues::poll_once_holding(&sqs, wiring, &SLOW, &url, 1, hold), async {
        let mut seen = 0;
        // Three holds and more while the handler runs: the message never shows.
        for _ in 0..12 {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            let got = sqs.receive_message().queue_url(&url).visibility_timeout(0).send().await.unwrap();
            seen += got.messages.unwrap_or_default().len();
        }
        seen
    });
    assert_eq!(polled.ok(), Some((1, 0)), "handled once, and deleted");
    assert_eq!(seen_meanwhile, 0, "never visible again while handled");
    sqs.delete_queue().queue_url(&url).send().await.unwrap();
}
