//! The local stand-in for Lambda's DynamoDB stream event source mapping:
//! reads the streams of the tables a function declares (the emulator keeps
//! them) from their latest position, and invokes the function with the
//! stream event shape. A batch the function reports as failed is retried
//! from the failed record, twice, as `MaximumRetryAttempts: 2`; then it is
//! logged and passed, as the failure queue would take it.
use crate::wiring::Wiring;
use aws_sdk_dynamodbstreams::types::{Record, ShardIteratorType};
use fleet_functions as registry;
use fleet_shared::events::{DynamoDbEventResponse, StreamRecord};
use fleet_shared::{logging, FunctionSpec, Input, Trigger};
use serde_json::json;
use std::time::Duration;

/// How often an idle shard is read (Lambda reads each shard about four times a second).
const POLL: Duration = Duration::from_millis(250);
/// Records per invocation, as the template's `BatchSize`.
const BATCH: i32 = 100;
const RETRIES: usize = 2;

/// A stream record as the event source mapping sends it.
pub fn record_of(r: &Record, stream_arn: &str) -> Option<StreamRecord> {
    let change = r.dynamodb()?;
    let image = |m: Option<&std::collections::HashMap<String, aws_sdk_dynamodbstreams::types::AttributeValue>>| {
        m.map(|m| serde_dynamo::Item::from(m.clone()))
            .map(|i| serde_json::to_value(i).unwrap_or(json!({})))
            .unwrap_or(json!({}))
    };
    let event = json!({
        "eventID": r.event_id(),
        "eventName": r.event_name().map(|n| n.as_str()),
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": std::env::var("AWS_REGION").unwrap_or_else(|_| "us-east-1".into()),
        "eventSourceARN": stream_arn,
        "dynamodb": {
            "ApproximateCreationDateTime": change.approximate_creation_date_time().map(|t| t.secs()).unwrap_or_default(),
            "Keys": image(change.keys()),
            "NewImage": image(change.new_image()),
            "OldImage": image(change.old_image()),
            "SequenceNumber": change.sequence_number(),
            "SizeBytes": change.size_bytes().unwrap_or_default(),
            "StreamViewType": change.stream_view_type().map(|v| v.as_str())
        }
    });
    serde_json::from_value(event).map_err(|e| tracing::warn!(error = %e, "stream record not shaped")).ok()
}

/// One reader per stream of every stream-triggered function.
pub async fn stream_loops(wiring: &'static Wiring) {
    let sdk = fleet_shared::sdk::loader().load().await;
    let client = aws_sdk_dynamodbstreams::Client::new(&sdk);
    for spec in registry::all() {
        let Trigger::Streams(tables) = spec.trigger else { continue };
        for table in tables {
            let Ok(name) = std::env::var(table.env_var()) else { continue };
            let listed = client.list_streams().table_name(&name).send().await;
            let Some(arn) = listed.ok().and_then(|l| l.streams().last()?.stream_arn().map(str::to_string)) else {
                tracing::warn!(table = %name, "no stream: its changes are not published locally");
                continue;
            };
            tokio::spawn(read_stream(client.clone(), wiring, spec, arn));
        }
    }
}

async fn read_stream(
    client: aws_sdk_dynamodbstreams::Client,
    wiring: &'static Wiring,
    spec: &'static FunctionSpec,
    arn: String,
) {
    let mut iterators: std::collections::HashMap<String, Option<String>> = Default::default();
    loop {
        // New shards appear as the stream rolls over; each is read from its start (LATEST only for the first).
        if let Ok(d) = client.describe_stream().stream_arn(&arn).send().await {
            let first = iterators.is_empty();
            for shard in d.stream_description().map(|s| s.shards()).unwrap_or_default() {
                let Some(id) = shard.shard_id() else { continue };
                if iterators.contains_key(id) {
                    continue;
                }
                let kind = if first { ShardIteratorType::Latest } else { ShardIteratorType::TrimHorizon };
                let it =
                    client.get_shard_iterator().stream_arn(&arn).shard_id(id).shard_iterator_type(kind).send().await;
                iterators.insert(id.to_string(), it.ok().and_then(|i| i.shard_iterator().map(str::to_string)));
            }
        }
        let mut idle = true;
        for iterator in iterators.values_mut() {
            let Some(current) = iterator.clone() else { continue };
            let Ok(page) = client.get_records().shard_iterator(&current).limit(BATCH).send().await else {
                *iterator = None;
                continue;
            };
            *iterator = page.next_shard_iterator().map(str::to_string);
            let records: Vec<StreamRecord> = page.records().iter().filter_map(|r| record_of(r, &arn)).collect();
            if !records.is_empty() {
                idle = false;
                invoke(wiring, spec, records).await;
            }
        }
        if idle {
            tokio::time::sleep(POLL).await;
        }
    }
}

/// Invokes the function with `records`, then again from a reported failure, up to `RETRIES` times.
async fn invoke(wiring: &'static Wiring, spec: &'static FunctionSpec, mut records: Vec<StreamRecord>) {
    for attempt in 0..=RETRIES {
        let event = json!({ "Records": records });
        let request_id = uuid::Uuid::new_v4().to_string();
        let input = Input { args: event, ..Input::default() };
        let answer = logging::invoke(spec, wiring.deps(spec), input, &request_id).await;
        let failed_from = match answer {
            Ok(value) => serde_json::from_value::<DynamoDbEventResponse>(value)
                .ok()
                .and_then(|r| r.batch_item_failures.first().cloned())
                .map(|f| f.item_identifier),
            Err(e) => {
                tracing::warn!(function = spec.name, error = %e, "stream batch failed");
                Some(None)
            }
        };
        let Some(from) = failed_from else { return };
        if let Some(sequence) = from {
            records.retain(|r| {
                r.change.sequence_number.as_deref().is_some_and(|s| (s.len(), s) >= (sequence.len(), sequence.as_str()))
            });
        }
        tracing::warn!(function = spec.name, attempt, "stream batch retried");
    }
    tracing::error!(
        function = spec.name,
        records = records.len(),
        "stream records not processed after retries (the failure queue on AWS)"
    );
}
