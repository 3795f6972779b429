//! The fridge health page's push (issue 61): the command table's stream turned
//! into command state changes, coalesced per command in each batch, and sent
//! to the subscribers of the fridge through the publishing mutation; and the
//! subscription's own check, the same gate as `readQueueMessages`.
use crate::store::{self, CommandRecord};
use fleet_shared::entity::ids::{FridgeTime, LocationId, MessageId};
use fleet_shared::entity::telemetry::CommandState;
use fleet_shared::events::{DynamoDbEvent, DynamoDbEventResponse, StreamRecord};
use fleet_shared::{contract::Ctx, publisher, ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const PUBLISH_FIELD: &str = "publishCommandChange";
const PUBLISH: publisher::Mutation = publisher::Mutation {
    field: PUBLISH_FIELD,
    document: "mutation Publish($input: CommandChangeInput!) { publishCommandChange(input: $input) { locationId messageId state changedAt } }",
};
/// The table whose writes change a command's state.
pub const STREAMED: &[Table] = &[Table::QueueMessages];

/// One change of a command's state: nothing its subscriber could not read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandChange {
    pub location_id: LocationId,
    pub message_id: MessageId,
    pub state: CommandStage,
    /// The stream record's time.
    pub changed_at: FridgeTime,
}

/// Where a command is in its life (the schema's `CommandState`; see
/// `store::PENDING` for what each means).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CommandStage {
    Pending,
    Sent,
    Done,
    Failed,
    Expired,
}

impl CommandStage {
    /// The stage a stored `state` names.
    fn of(state: &str) -> Option<CommandStage> {
        Some(match state {
            store::PENDING => CommandStage::Pending,
            store::SENT => CommandStage::Sent,
            s if s == CommandState::Done.as_str() => CommandStage::Done,
            store::FAILED => CommandStage::Failed,
            store::EXPIRED => CommandStage::Expired,
            _ => return None,
        })
    }
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
    let state = CommandStage::of(&state).ok_or_else(|| format!("unknown command state {state}"))?;
    let Some((location, _queue)) = command.id.split_once('#') else {
        return Err(format!("not a command id: {}", command.id));
    };
    Ok(Some(CommandChange {
        location_id: LocationId::parse("locationId", location).map_err(|e| e.to_string())?,
        message_id: MessageId::parse("messageId", &message_id).map_err(|e| e.to_string())?,
        state,
        changed_at: record.change.approximate_creation_date_time.into(),
    }))
}

/// One change per command, its latest, with the first record's sequence number.
pub fn coalesce(changes: Vec<(Option<String>, CommandChange)>) -> Vec<(Option<String>, CommandChange)> {
    let mut by_command: BTreeMap<(LocationId, MessageId), (Option<String>, CommandChange)> = BTreeMap::new();
    for (sequence, change) in changes {
        let key = (change.location_id.clone(), change.message_id.clone());
        match by_command.get_mut(&key) {
            Some((first, kept)) => {
                if change.changed_at.at() >= kept.changed_at.at() {
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
        assert_eq!(
            (sent.location_id.as_str(), sent.message_id.as_str(), sent.state),
            ("LOC-1", "m1", CommandStage::Sent)
        );
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
            (out[0].0.as_deref(), out[0].1.state),
            (Some("10"), CommandStage::Done),
            "the latest, retried from the first"
        );
    }
}
