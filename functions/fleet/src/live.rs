//! The fridge health page's push (issue 61): the command table's stream turned
//! into command state changes, coalesced per command in each batch, and sent
//! to the subscribers of the fridge through the publishing mutation; and the
//! subscription's own check, the same gate as `readQueueMessages`.
use crate::store::CommandRecord;
use fleet_shared::entity::ids::LocationId;
use fleet_shared::events::{DynamoDbEvent, DynamoDbEventResponse, StreamRecord};
use fleet_shared::{contract::Ctx, publisher, ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const PUBLISH_FIELD: &str = "publishCommandChange";
const PUBLISH: publisher::Mutation = publisher::Mutation {
    field: PUBLISH_FIELD,
    document: "mutation Publish($input: CommandChangeInput!) { publishCommandChange(input: $input) { locationId messageId state changedAt } }",
};
/// The command states a change may carry (the schema's `CommandState`).
const STATES: [&str; 5] = ["PENDING", "SENT", "DONE", "FAILED", "EXPIRED"];
/// The table whose writes change a command's state.
pub const STREAMED: &[Table] = &[Table::QueueMessages];

/// One change of a command's state: nothing its subscriber could not read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandChange {
    pub location_id: String,
    pub message_id: String,
    pub state: String,
    /// RFC 3339, UTC: the stream record's time.
    pub changed_at: String,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SubscribeArgs {
    pub location_id: LocationId,
}

/// `onCommandChanged`: runs when a client subscribes; null lets it in (the
/// registry's gate has checked GetFridgeHealth, as for readQueueMessages).
pub async fn subscribe(deps: &'static Deps, ctx: Ctx, args: SubscribeArgs) -> Result<Option<CommandChange>, ApiError> {
    fleet_shared::day_fridges::require_readable(deps, &ctx, &[args.location_id.as_str()]).await?;
    Ok(None)
}

/// The change a command table record makes: `None` for a record that is not a
/// command's (no state, or another table), an error when it cannot be read.
pub fn change_of(table: &str, record: &StreamRecord) -> Result<Option<CommandChange>, String> {
    let arn = record.event_source_arn.as_deref().ok_or("no eventSourceARN")?;
    if publisher::table_of_arn(arn) != Some(table) {
        return Ok(None);
    }
    let item = if record.change.new_image.is_empty() { &record.change.old_image } else { &record.change.new_image };
    let command: CommandRecord = serde_dynamo::from_item(item.clone()).map_err(|e| format!("image not read: {e}"))?;
    let (Some(state), Some(message_id)) = (command.state, command.message_id) else { return Ok(None) };
    if !STATES.contains(&state.as_str()) {
        return Err(format!("unknown command state {state}"));
    }
    let Some((location, _queue)) = command.id.split_once('#') else {
        return Err(format!("not a command id: {}", command.id));
    };
    Ok(Some(CommandChange {
        location_id: location.to_string(),
        message_id,
        state,
        changed_at: record.change.approximate_creation_date_time.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
    }))
}

/// One change per command, its latest, with the first record's sequence number.
pub fn coalesce(changes: Vec<(Option<String>, CommandChange)>) -> Vec<(Option<String>, CommandChange)> {
    let mut by_command: BTreeMap<(String, String), (Option<String>, CommandChange)> = BTreeMap::new();
    for (sequence, change) in changes {
        let key = (change.location_id.clone(), change.message_id.clone());
        match by_command.get_mut(&key) {
            Some((first, kept)) => {
                if change.changed_at >= kept.changed_at {
                    *kept = change;
                }
                if first.is_none() {
                    *first = sequence;
                }
            }
            None => {
                by_command.insert(key, (sequence, change));
            }
        }
    }
    by_command.into_values().collect()
}

/// The stream batch, read, coalesced and published (see `publisher`).
pub async fn publish(deps: &'static Deps, _: Ctx, event: DynamoDbEvent) -> Result<DynamoDbEventResponse, ApiError> {
    let table = deps.config.table(Table::QueueMessages)?;
    let changes = publisher::read_records(&event.records, |r| change_of(table, r));
    publisher::publish(deps, &PUBLISH, coalesce(changes)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(sequence: &str, state: &str, message: &str, at: i64) -> StreamRecord {
        serde_json::from_value(json!({
            "eventID": sequence, "eventName": "MODIFY", "eventSource": "aws:dynamodb", "awsRegion": "us-east-1",
            "eventSourceARN": "arn:aws:dynamodb:us-east-1:1:table/stack-QueueMessages/stream/2026",
            "dynamodb": {
                "ApproximateCreationDateTime": at, "Keys": {}, "OldImage": {}, "SequenceNumber": sequence, "SizeBytes": 1,
                "StreamViewType": "NEW_AND_OLD_IMAGES",
                "NewImage": { "id": { "S": "LOC-1#commands" }, "sk": { "S": format!("t#{message}") },
                              "messageId": { "S": message }, "state": { "S": state } }
            }
        }))
        .unwrap()
    }

    #[test]
    fn a_command_record_is_its_fridges_change_and_a_batch_keeps_each_commands_latest() {
        let table = "stack-QueueMessages";
        let sent = change_of(table, &record("1", "SENT", "m1", 100)).unwrap().unwrap();
        assert_eq!((sent.location_id.as_str(), sent.message_id.as_str(), sent.state.as_str()), ("LOC-1", "m1", "SENT"));
        assert_eq!(change_of("other-table", &record("1", "SENT", "m1", 100)).unwrap(), None);
        assert!(change_of(table, &record("1", "BOGUS", "m1", 100)).is_err());
        let batch = ["SENT", "DONE"]
            .iter()
            .zip([100, 200])
            .enumerate()
            .map(|(i, (s, at))| {
                let r = record(&format!("{}", 10 + i), s, "m1", at);
                (r.change.sequence_number.clone(), change_of(table, &r).unwrap().unwrap())
            })
            .chain([(Some("12".to_string()), change_of(table, &record("12", "PENDING", "m2", 150)).unwrap().unwrap())])
            .collect();
        let out = coalesce(batch);
        assert_eq!(out.len(), 2);
        assert_eq!(
            (out[0].0.as_deref(), out[0].1.state.as_str()),
            (Some("10"), "DONE"),
            "the latest, retried from the first"
        );
    }
}
