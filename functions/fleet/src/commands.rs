//! Fridge commands (§2.3, §4.3, §7): each is recorded in the queue-messages
//! table (`location#commands`, SENT) and sent to the command queue with the
//! fridge's id; the fridge reports DONE or FAILED through telemetry. A
//! command needs the SendFridgeCommands action and its feature flag (or the
//! admin flag), and is refused for a DEAD fridge. The computer swap sends the
//! inventory service its message instead.
use crate::health::location_id;
use crate::rules::{self, Kind, COMMAND_QUEUE};
use crate::store as fleet;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use aws_sdk_sqs::types::MessageAttributeValue;
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{flags, paging, store, ApiError, Caller, Deps, Input, Queue, Table};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

pub const MAX_MESSAGES: usize = 1000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MessageInput {
    message_type: String,
    payload: PayloadInput,
}

#[derive(Deserialize)]
struct PayloadInput {
    operation: Option<String>,
    resource: String,
}

/// The location document, refused when unknown or DEAD.
async fn commandable(deps: &Deps, id: &str) -> Result<Value, ApiError> {
    let doc: Value = deps
        .table(Table::Locations)?
        .get(HashMap::from([("id".to_string(), store::s(id))]))
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("Location {id} not found")))?;
    if doc["status"]["ops"] == "DEAD" {
        return Err(ApiError::bad_request(format!("Fridge {id} is DEAD: it takes no commands.")));
    }
    Ok(doc)
}

/// The command's feature flag, checked on the server as the page checks it (§6).
async fn require_flag(deps: &Deps, caller: &Caller, command: &rules::Command) -> Result<(), ApiError> {
    let flags = flags::flags_for(deps, caller).await?;
    if rules::allowed(&flags, command) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

fn view(item: &Value) -> Value {
    json!({ "id": item["id"], "timestamp": item["timestamp"], "messageId": item["messageId"], "messageType": item["messageType"],
            "operation": item["operation"], "resource": item["resource"], "sentBy": item["sentBy"], "state": item["state"], "doneAt": item["doneAt"] })
}

/// `createQueueMessage(location, message, requestId?)`: a retried request
/// (same requestId and content) answers the recorded message without sending
/// it again; the same requestId for another command is refused (409). The
/// command and the request's record land in one transaction before sending,
/// so two racing retries cannot both send.
pub async fn create(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("location")?;
    let location = location_id(&location)?.to_string();
    let message: MessageInput = input.arg("message")?;
    let request_id: Option<String> = input.arg("requestId")?;
    if message.message_type != "Resource" {
        return Err(ApiError::bad_request(format!("Unknown messageType {}. Use Resource.", message.message_type)));
    }
    let (command, operation) = rules::command_of(&message.payload.resource, message.payload.operation.as_deref())
        .map_err(ApiError::BadRequest)?;
    let caller = input.caller()?;
    require_flag(deps, caller, command).await?;
    commandable(deps, &location).await?;
    let now = fleet::iso(chrono::Utc::now());
    let records = deps.table(Table::Idempotency)?;
    let key = request_id.as_ref().map(|r| format!("{}:{r}", caller.sub));
    let content = json!({ "location": location, "message": input.args.get("message") });
    let request = key.as_deref().map(|k| Request::new(&records, "commands", k, &content));
    if let Some(r) = &request {
        match r.seen().await? {
            Seen::Replay(first) => return Ok(first), // a retry: already recorded and sent
            Seen::Conflict => return Err(idempotency::conflict("This requestId")),
            Seen::New => {}
        }
    }
    let message_id = uuid::Uuid::new_v4().to_string();
    let queue_id = format!("{location}#{COMMAND_QUEUE}");
    let t = deps.table(Table::QueueMessages)?;
    let sk = format!("{now}#{message_id}");
    let record = json!({ "id": queue_id, "sk": sk, "timestamp": now, "messageId": message_id,
                         "messageType": "Resource", "operation": operation, "resource": command.resource, "command": command.key,
                         "sentBy": caller.display(), "state": "SENT" });
    let put = Put::builder()
        .table_name(t.name)
        .set_item(Some(store::to_item(&record)?))
        .condition_expression("attribute_not_exists(id)")
        .build()
        .map_err(ApiError::internal)?;
    let mut items = vec![TransactWriteItem::builder().put(put).build()];
    let claim = request.as_ref().map(|r| r.claim(&view(&record), chrono::Utc::now().timestamp()));
    if let Some(c) = &claim {
        items.push(c.put(records.name)?);
    }
    if let Err(e) = store::transact(t.client, items).await {
        // A racing retry of this request recorded it first: answer what it answered.
        if let (ApiError::Conflict(_), Some(r)) = (&e, &request) {
            match r.seen().await? {
                Seen::Replay(first) => return Ok(first),
                Seen::Conflict => return Err(idempotency::conflict("This requestId")),
                Seen::New => {}
            }
        }
        return Err(e);
    }
    let body = json!({ "messageId": message_id, "queueId": record["id"], "sk": record["sk"], "locationId": location,
                       "messageType": "Resource", "payload": { "operation": operation, "resource": command.resource } });
    let q = deps.queue(Queue::FridgeCommands)?;
    let attr = MessageAttributeValue::builder()
        .data_type("String")
        .string_value(&location)
        .build()
        .map_err(ApiError::internal)?;
    if let Err(e) = q
        .client
        .send_message()
        .queue_url(q.url)
        .message_body(body.to_string())
        .message_attributes("locationId", attr)
        .send()
        .await
    {
        // Not sent: the record says so, and the caller hears of it.
        tracing::error!(error = %e, queue_id, sk, "command not sent");
        let marked = t
            .client
            .update_item()
            .table_name(t.name)
            .key("id", store::s(&queue_id))
            .key("sk", store::s(&sk))
            .update_expression("SET #s = :f")
            .expression_attribute_names("#s", "state")
            .expression_attribute_values(":f", store::s("FAILED"))
            .send()
            .await;
        let marked = marked.map(|_| ()).map_err(|e| aws_sdk_dynamodb::error::DisplayErrorContext(e).to_string());
        // The request was not carried out: a retry of it may send it again.
        if let Some(c) = &claim {
            if let Err(e) = idempotency::forget(&records, c).await {
                tracing::error!(error = %e, queue_id, sk, "request record of an unsent command not removed");
            }
        }
        return Err(unsent(&queue_id, &sk, marked));
    }
    Ok(view(&record))
}

/// The caller's error for a command the queue did not take. When it could
/// not be marked FAILED either, the record wrongly says SENT: that failure is
/// logged with the command's key and answered as an internal error (not
/// "busy, try again"), so it is seen and repaired, not lost.
fn unsent(queue_id: &str, sk: &str, marked: Result<(), String>) -> ApiError {
    match marked {
        Ok(()) => ApiError::Unavailable,
        Err(e) => ApiError::internal(format!(
            "command {queue_id} {sk} not sent, and not marked FAILED (it still reads SENT): {e}"
        )),
    }
}

/// `readQueueMessages(id, count, version, nextToken)`: id is a location (its
/// command queue) or `location#queue`; newest first, at most 1,000 a page.
/// `version` is accepted for the spec's callers and has no effect.
pub async fn read(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let id: String = input.arg("id")?;
    let count: Option<usize> = input.arg("count")?;
    let count = count.unwrap_or(MAX_MESSAGES);
    if !(1..=MAX_MESSAGES).contains(&count) {
        return Err(ApiError::bad_request(format!("count must be between 1 and {MAX_MESSAGES}")));
    }
    let queue_id = if id.contains('#') { id.clone() } else { format!("{}#{COMMAND_QUEUE}", location_id(&id)?) };
    fleet_shared::limits::check_len("id", &queue_id, 2 * fleet_shared::limits::MAX_ID_CHARS)?;
    let token: Option<String> = input.arg("nextToken")?;
    let t = deps.table(Table::QueueMessages)?;
    let q = queue_id.as_str();
    let (items, next) = paging::signed_page(
        deps.config.paging_secret()?,
        &format!("queue:{q}"),
        token.as_deref(),
        count,
        |start, limit| async move {
            let out = t
                .client
                .query()
                .table_name(t.name)
                .key_condition_expression("id = :i")
                .expression_attribute_values(":i", store::s(q))
                .scan_index_forward(false)
                .set_limit(limit)
                .set_exclusive_start_key(start)
                .send()
                .await?;
            Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
        },
    )
    .await?;
    let items: Vec<Value> =
        items.into_iter().map(store::from_item::<Value>).collect::<Result<Vec<_>, _>>()?.iter().map(view).collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `sendConfirmedInventoryAndConfirmedReservation(locationId)`: the computer
/// swap. The inventory service gets the fridge's last confirmed inventory;
/// `success: false` when its queue refused the message.
pub async fn computer_swap(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("locationId")?;
    let location = location_id(&location)?.to_string();
    let swap =
        rules::COMMANDS.iter().find(|c| c.kind == Kind::Swap).ok_or_else(|| ApiError::internal("no swap command"))?;
    let caller = input.caller()?;
    require_flag(deps, caller, swap).await?;
    commandable(deps, &location).await?;
    let inventory: Option<Value> = deps
        .table(Table::FridgeInventory)?
        .get(HashMap::from([("locationId".to_string(), store::s(&location))]))
        .await?;
    let now = fleet::iso(chrono::Utc::now());
    let body = json!({ "type": "ConfirmedInventoryAndConfirmedReservation", "locationId": location, "requestedBy": caller.display(), "at": now,
                       "inventory": inventory.as_ref().map(|i| i["slots"].clone()).unwrap_or(json!([])),
                       "inventoryTimestamp": inventory.as_ref().map(|i| i["timestamp"].clone()) });
    let q = deps.queue(Queue::InventoryService)?;
    match q.client.send_message().queue_url(q.url).message_body(body.to_string()).send().await {
        Ok(_) => Ok(json!({ "success": true, "message": rules::messages::SWAP_DONE })),
        Err(e) => {
            tracing::error!(error = %e, "inventory service message not sent");
            Ok(json!({ "success": false, "message": rules::messages::SWAP_QUEUE_FAILED }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsent_command_that_cannot_be_marked_failed_says_so() {
        assert!(matches!(unsent("A#commands", "t#m", Ok(())), ApiError::Unavailable), "marked FAILED: busy, try again");
        match unsent("A#commands", "t#m", Err("ResourceNotFoundException: no table".into())) {
            ApiError::Internal(detail) => {
                assert!(detail.contains("A#commands t#m not sent, and not marked FAILED"), "{detail}");
                assert!(
                    detail.contains("ResourceNotFoundException: no table"),
                    "the marking's own error is kept: {detail}"
                );
            }
            other => panic!("expected an internal error, got {other:?}"),
        }
    }
}
