//! Fridge commands (§2.3, §4.3, §7): each is recorded in the queue-messages
//! table (`location#commands`, SENT) and sent to the command queue with the
//! fridge's id; the fridge reports DONE or FAILED through telemetry. A
//! command needs the SendFridgeCommands action and its feature flag (or the
//! admin flag), and is refused for a DEAD fridge. The computer swap sends the
//! inventory service its message instead.
use crate::health::location_arg;
use crate::rules::{self, Kind, COMMAND_QUEUE};
use crate::store::{CommandRecord, Dynamo, FleetStore};
use fleet_shared::entity::telemetry::{CommandPayload, FridgeCommand};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::fridge_time::{self, now_text, stamp};
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{ApiError, Caller, Deps, Input};
use serde::Deserialize;
use serde_json::{json, Value};

pub const MAX_MESSAGES: usize = 1000;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    message_type: String,
    payload: PayloadInput,
}

#[derive(Deserialize)]
struct PayloadInput {
    operation: Option<String>,
    resource: String,
}

/// A `createQueueMessage` call: the location, the message (typed, and as
/// sent, which a retry is recognised by) and the optional requestId.
pub struct CommandRequest {
    pub location: LocationId,
    pub message: MessageInput,
    pub raw_message: Value,
    pub request_id: Option<String>,
}

/// The location, refused when unknown or DEAD.
pub(crate) async fn commandable<S: FleetStore>(store: &S, id: &LocationId) -> Result<Location, ApiError> {
    let location = store.location(id).await?.ok_or_else(|| ApiError::NotFound(format!("Location {id} not found")))?;
    if location.is_dead() {
        return Err(ApiError::bad_request(format!("Fridge {id} is DEAD: it takes no commands.")));
    }
    Ok(location)
}

/// The command's feature flag, checked on the server as the page checks it (§6).
async fn require_flag<S: FleetStore>(store: &S, caller: &Caller, command: &rules::Command) -> Result<(), ApiError> {
    let flags = store.flags(caller).await?;
    if rules::allowed(&flags, command) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// `createQueueMessage(location, message, requestId?)`.
pub async fn create(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("location")?;
    let request = CommandRequest {
        location: location_arg(&location)?,
        message: input.arg("message")?,
        raw_message: input.args.get("message").cloned().unwrap_or(Value::Null),
        request_id: input.arg("requestId")?,
    };
    send(&Dynamo(deps), input.caller()?, request).await
}

/// A command to a fridge: a retried request (same requestId and content)
/// answers the recorded message without sending it again; the same
/// requestId for another command is refused (409). The command and the
/// request's record land together before sending, so two racing retries
/// cannot both send.
pub async fn send<S: FleetStore>(store: &S, caller: &Caller, request: CommandRequest) -> Result<Value, ApiError> {
    let CommandRequest { location, message, raw_message, request_id } = request;
    if message.message_type != "Resource" {
        return Err(ApiError::bad_request(format!("Unknown messageType {}. Use Resource.", message.message_type)));
    }
    let (command, operation) = rules::command_of(&message.payload.resource, message.payload.operation.as_deref())
        .map_err(ApiError::BadRequest)?;
    require_flag(store, caller, command).await?;
    commandable(store, &location).await?;
    let content = json!({ "location": location, "message": raw_message });
    let order = Order { scope: "commands", command: command.key, resource: command.resource, operation };
    dispatch(store, caller, location, order, request_id, &content).await
}

/// What goes to a fridge: the request's scope, the command's key, and the
/// queue message's resource and operation.
pub struct Order<'a> {
    pub scope: &'a str,
    pub command: &'a str,
    pub resource: &'a str,
    pub operation: Option<&'a str>,
}

/// Records a checked command and sends it through the command queue: the one
/// way anything reaches a fridge (console commands, driver tasks). A retried
/// request (same requestId and `content`) answers the recorded message
/// without sending again; the same requestId with other content is 409.
pub async fn dispatch<S: FleetStore>(
    store: &S,
    caller: &Caller,
    location: LocationId,
    order: Order<'_>,
    request_id: Option<String>,
    content: &Value,
) -> Result<Value, ApiError> {
    let now = fridge_time::now();
    let key = request_id.as_ref().map(|r| format!("{}:{r}", caller.sub));
    let request = key.as_deref().map(|k| Request::new(store, order.scope, k, content));
    if let Some(r) = &request {
        match r.seen().await? {
            Seen::Replay(first) => return Ok(first), // a retry: already recorded and sent
            Seen::Conflict => return Err(idempotency::conflict("This requestId")),
            Seen::New => {}
        }
    }
    let message_id = uuid::Uuid::new_v4().to_string();
    let at = stamp(now);
    let record = CommandRecord {
        id: format!("{location}#{COMMAND_QUEUE}"),
        sk: format!("{at}#{message_id}"),
        timestamp: Some(at),
        message_id: Some(message_id.clone()),
        message_type: Some("Resource".into()),
        operation: order.operation.map(str::to_string),
        resource: Some(order.resource.to_string()),
        command: Some(order.command.to_string()),
        sent_by: Some(caller.display().to_string()),
        state: Some("SENT".into()),
        done_at: None,
    };
    let claim = request.as_ref().map(|r| r.claim(&record.view(), now.timestamp()));
    if let Err(e) = store.record_command(&record, claim.as_ref()).await {
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
    let body = FridgeCommand {
        message_id,
        queue_id: record.id.clone(),
        sk: record.sk.clone(),
        location_id: location,
        message_type: "Resource".into(),
        payload: CommandPayload {
            operation: order.operation.map(str::to_string),
            resource: order.resource.to_string(),
        },
    };
    if let Err(e) = store.send_command(&body).await {
        // Not sent: the record says so, and the caller hears of it.
        let (queue_id, sk) = (&record.id, &record.sk);
        tracing::error!(error = %e, queue_id, sk, "command not sent");
        let marked = store.mark_failed(queue_id, sk).await;
        // The request was not carried out: a retry of it may send it again.
        if let Some(c) = &claim {
            if let Err(e) = store.forget(c).await {
                tracing::error!(error = %e, queue_id, sk, "request record of an unsent command not removed");
            }
        }
        return Err(unsent(queue_id, sk, marked));
    }
    Ok(record.view())
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
    let queue_id = if id.contains('#') { id.clone() } else { format!("{}#{COMMAND_QUEUE}", location_arg(&id)?) };
    fleet_shared::limits::check_len("id", &queue_id, 2 * fleet_shared::limits::MAX_ID_CHARS)?;
    let token: Option<String> = input.arg("nextToken")?;
    let (items, next) = Dynamo(deps).commands_page(&queue_id, token.as_deref(), count).await?;
    let items: Vec<Value> = items.iter().map(CommandRecord::view).collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `sendConfirmedInventoryAndConfirmedReservation(locationId)`.
pub async fn computer_swap(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let location: String = input.arg("locationId")?;
    let location = location_arg(&location)?;
    swap(&Dynamo(deps), input.caller()?, &location).await
}

/// The computer swap: the inventory service gets the fridge's last
/// confirmed inventory; `success: false` when its queue refused the message.
pub async fn swap<S: FleetStore>(store: &S, caller: &Caller, location: &LocationId) -> Result<Value, ApiError> {
    let swap =
        rules::COMMANDS.iter().find(|c| c.kind == Kind::Swap).ok_or_else(|| ApiError::internal("no swap command"))?;
    require_flag(store, caller, swap).await?;
    commandable(store, location).await?;
    let inventory = store.inventory(location).await?;
    // The inventory service's message, as it reads it.
    let body = json!({ "type": "ConfirmedInventoryAndConfirmedReservation", "locationId": location, "requestedBy": caller.display(),
                       "at": now_text(), "inventory": inventory.as_ref().map(|i| json!(i.slots)).unwrap_or(json!([])),
                       "inventoryTimestamp": inventory.as_ref().map(|i| &i.timestamp) });
    match store.send_swap(&body).await {
        Ok(()) => Ok(json!({ "success": true, "message": rules::messages::SWAP_DONE })),
        Err(e) => {
            tracing::error!(error = %e, "inventory service message not sent");
            Ok(json!({ "success": false, "message": rules::messages::SWAP_QUEUE_FAILED }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::fake::Fake;
    use std::sync::atomic::Ordering;

    fn caller() -> Caller {
        Caller {
            sub: "u1".into(),
            username: "u1".into(),
            email: "ops@example.com".into(),
            email_verified: true,
            name: None,
        }
    }

    fn request(location: &str, resource: &str, operation: Option<&str>, request_id: Option<&str>) -> CommandRequest {
        let raw = json!({ "messageType": "Resource", "payload": { "operation": operation, "resource": resource } });
        CommandRequest {
            location: LocationId::parse("location id", location).unwrap(),
            message: serde_json::from_value(raw.clone()).unwrap(),
            raw_message: raw,
            request_id: request_id.map(str::to_string),
        }
    }

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

    #[tokio::test]
    async fn a_command_is_recorded_sent_and_shown_once() {
        let store = Fake::with(&[("A", "LIVE")]);
        let _clock = fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        let sent = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), None)).await.unwrap();
        assert_eq!(
            (&sent["id"], &sent["state"], &sent["operation"], &sent["sentBy"], &sent["doneAt"]),
            (&json!("A#commands"), &json!("SENT"), &json!("ENABLE"), &json!("ops@example.com"), &Value::Null)
        );
        assert_eq!(sent["timestamp"], "2026-11-23T12:00:00.000Z");
        let queued = store.sent.lock().unwrap().clone();
        assert_eq!(queued.len(), 1);
        assert_eq!((queued[0].location_id.as_str(), queued[0].queue_id.as_str()), ("A", "A#commands"));
        assert_eq!(queued[0].sk, format!("2026-11-23T12:00:00.000Z#{}", queued[0].message_id));
    }

    #[tokio::test]
    async fn a_dead_or_unknown_fridge_takes_no_command() {
        let store = Fake::with(&[("D", "DEAD")]);
        let dead = send(&store, &caller(), request("D", "OutOfOrder", Some("ENABLE"), None)).await.unwrap_err();
        assert_eq!(dead.to_string(), "Fridge D is DEAD: it takes no commands.");
        let unknown = send(&store, &caller(), request("X", "OutOfOrder", Some("ENABLE"), None)).await.unwrap_err();
        assert_eq!(unknown.to_string(), "Location X not found");
        assert_eq!(swap(&store, &caller(), &LocationId::stored("D")).await.unwrap_err().status(), 400);
        assert!(store.sent.lock().unwrap().is_empty() && store.commands.lock().unwrap().is_empty());
        assert!(store.swaps.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_command_needs_its_own_flag_or_the_admin_flag() {
        let mut store = Fake::with(&[("A", "LIVE")]);
        store.flags = vec!["fridge-command-safety-hold".into()];
        let refused = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), None)).await;
        assert!(matches!(refused, Err(ApiError::Forbidden)));
        assert!(send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), None)).await.is_ok());
    }

    #[tokio::test]
    async fn a_retry_with_the_same_request_id_answers_the_first_and_other_content_is_refused() {
        let store = Fake::with(&[("A", "LIVE")]);
        let first = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), Some("r1"))).await.unwrap();
        let again = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(again, first, "a retried request is answered the same command");
        assert_eq!((store.sent.lock().unwrap().len(), store.commands.lock().unwrap().len()), (1, 1), "sent once");
        let other = send(&store, &caller(), request("A", "OutOfOrder", Some("DISABLE"), Some("r1"))).await;
        assert_eq!(other.unwrap_err().status(), 409, "the same requestId for another command");
        assert!(send(&store, &caller(), request("A", "OutOfOrder", Some("DISABLE"), Some("r2"))).await.is_ok());
    }

    #[tokio::test]
    async fn a_command_the_queue_refuses_is_marked_failed_and_may_be_retried() {
        let store = Fake::with(&[("A", "LIVE")]);
        store.queue_down.store(true, Ordering::SeqCst);
        let refused = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await;
        assert!(matches!(refused, Err(ApiError::Unavailable)), "{refused:?}");
        assert_eq!(store.command_state("A#commands"), [Some("FAILED".to_string())]);
        store.queue_down.store(false, Ordering::SeqCst);
        let retried = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(retried["state"], "SENT", "the request was forgotten, so its retry sends");
        assert_eq!(store.sent.lock().unwrap().len(), 1);
    }
}
