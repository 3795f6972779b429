//! Fridge commands (§2.3, §4.3, §7): each is recorded in the queue-messages
//! table (`location#commands`, PENDING, then SENT once the queue took it) and
//! sent to the FIFO command queue in its fridge's message group; the fridge
//! reports DONE or FAILED through telemetry. A
//! command needs the SendFridgeCommands action and its feature flag (or the
//! admin flag), and is refused for a DEAD fridge. The computer swap sends the
//! inventory service its message instead.
use crate::health::location_arg;
use crate::rules::{self, Kind, COMMAND_QUEUE};
use crate::store::{
    pending_shard, CommandRecord, CommandView, Dynamo, FleetStore, Unsent, EXPIRED, FAILED, PENDING, SENT,
};
use fleet_shared::contract::{Ctx, Page};
use fleet_shared::entity::telemetry::COMMAND_LIFETIME_SECONDS;
use fleet_shared::entity::{Location, LocationId, RequestId};
use fleet_shared::fridge_time::{self, now_text, stamp};
use fleet_shared::idempotency::{self, Claim, Request, Seen};
use fleet_shared::{ApiError, Caller, Deps};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub const MAX_MESSAGES: usize = 1000;

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    message_type: String,
    payload: PayloadInput,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct PayloadInput {
    operation: Option<String>,
    resource: String,
}

/// A `createQueueMessage` call: the location, the message (typed, and as
/// sent, which a retry is recognised by) and its requestId.
pub struct CommandRequest {
    pub location: LocationId,
    pub message: MessageInput,
    pub raw_message: Value,
    pub request_id: RequestId,
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

/// `createQueueMessage(location, message, requestId)`: a requestId is
/// required, so a retry of any client is recognised, never sent twice.
pub async fn create(deps: &'static Deps, ctx: Ctx, args: CreateArgs) -> Result<CommandView, ApiError> {
    let message = serde_json::from_value(args.message.clone())
        .map_err(|e| ApiError::bad_request(format!("Invalid message: {e}")))?;
    let request_id = args.request_id.ok_or_else(|| ApiError::bad_request("createQueueMessage needs a requestId"))?;
    let request =
        CommandRequest { location: location_arg(&args.location)?, message, raw_message: args.message, request_id };
    send(&Dynamo(deps), ctx.caller()?, request).await
}

/// `createQueueMessage`'s arguments: the message is kept as sent (AWSJSON),
/// since a retry is recognised by it, and read as a `MessageInput`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateArgs {
    location: String,
    message: Value,
    /// Required (`ID!`); optional here so a missing one is refused with its own message.
    #[serde(default)]
    request_id: Option<RequestId>,
}

/// A command to a fridge (`dispatch`): a retried request (same requestId and
/// content) answers its command, sending it first only if it is still
/// PENDING; the same requestId for another command is refused (409).
pub async fn send<S: FleetStore>(store: &S, caller: &Caller, request: CommandRequest) -> Result<CommandView, ApiError> {
    let CommandRequest { location, message, raw_message, request_id } = request;
    if message.message_type != "Resource" {
        let shown = fleet_shared::limits::echoed(&message.message_type);
        return Err(ApiError::bad_request(format!("Unknown messageType {shown}. Use Resource.")));
    }
    let (command, operation) = rules::command_of(&message.payload.resource, message.payload.operation.as_deref())
        .map_err(ApiError::BadRequest)?;
    require_flag(store, caller, command).await?;
    commandable(store, &location).await?;
    let content = json!({ "location": location, "message": raw_message });
    let order = Order { scope: "commands", command: command.key, resource: command.resource, operation, count: None };
    dispatch(store, caller, location, order, &request_id, &content, None).await
}

/// What goes to a fridge: the request's scope, the command's key, and the
/// queue message's resource, operation and (ConfirmCount) count.
pub struct Order<'a> {
    pub scope: &'a str,
    pub command: &'a str,
    pub resource: &'a str,
    pub operation: Option<&'a str>,
    pub count: Option<i64>,
}

/// Records a checked command and sends it through the command queue: the one
/// way anything reaches a fridge (console commands, driver tasks).
///
/// The record says what is true: PENDING when written (with the request's
/// claim, and a driver task's pass, in one transaction), SENT only once the
/// queue took the message. A retried request (same requestId and `content`)
/// that finds its command PENDING (its first try stopped, or lost an answer,
/// between the record and the send) sends the same message again (same
/// messageId, which the FIFO queue and the fridge de-duplicate), then marks
/// it SENT; one that finds it SENT or finished answers it without sending;
/// one past the command's `notAfter` marks it EXPIRED and sends nothing. The
/// same requestId with other content is 409.
pub async fn dispatch<S: FleetStore>(
    store: &S,
    caller: &Caller,
    location: LocationId,
    order: Order<'_>,
    request_id: &RequestId,
    content: &Value,
    pass: Option<&fleet_shared::assignment::Pass>,
) -> Result<CommandView, ApiError> {
    let now = fridge_time::now();
    let key = format!("{}:{request_id}", caller.sub);
    let request = Request::new(store, order.scope, &key, content);
    match request.seen().await? {
        Seen::Replay(first) => return resume(store, &first, &request.claim(&first, now.timestamp())).await,
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let message_id = uuid::Uuid::new_v4().to_string();
    let at = stamp(now);
    let record = CommandRecord {
        id: format!("{location}#{COMMAND_QUEUE}"),
        sk: format!("{at}#{message_id}"),
        timestamp: Some(at),
        message_id: Some(message_id),
        message_type: Some("Resource".into()),
        operation: order.operation.map(str::to_string),
        resource: Some(order.resource.to_string()),
        command: Some(order.command.to_string()),
        sent_by: Some(caller.display().to_string()),
        state: Some(PENDING.into()),
        done_at: None,
        count: order.count,
        not_after: Some(stamp(now + chrono::Duration::seconds(COMMAND_LIFETIME_SECONDS))),
        pending_shard: Some(pending_shard(location.as_str())),
    };
    let claim = request.claim_of(&record.view()?, now.timestamp())?;
    if let Err(e) = store.record_command(&record, Some(&claim), pass).await {
        // The answer may be lost after the write applied (a timeout, or the
        // SDK's retry meeting the write's own condition). The record's key is
        // this call's own (a new messageId): finding it means it landed.
        if store.command(&record.id, &record.sk).await?.is_none() {
            // A racing retry of this request recorded it first: carry on from its record.
            if let ApiError::Conflict(_) = &e {
                match request.seen().await? {
                    Seen::Replay(first) => return resume(store, &first, &claim).await,
                    Seen::Conflict => return Err(idempotency::conflict("This requestId")),
                    Seen::New => {}
                }
            }
            return Err(e);
        }
        tracing::warn!(error = %e, queue_id = %record.id, sk = %record.sk, "command recorded, its answer lost");
    }
    deliver(store, &record, &claim).await
}

/// A retried request's command, by the answer its first try recorded: sent
/// now when still PENDING, else answered as it stands.
async fn resume<S: FleetStore>(store: &S, first: &Value, claim: &Claim) -> Result<CommandView, ApiError> {
    let first: CommandView = idempotency::replayed(first.clone())?;
    let (queue_id, sk) = first.key();
    match store.command(&queue_id, &sk).await? {
        Some(record) if record.is_pending() => deliver(store, &record, claim).await,
        Some(record) => record.view(),
        None => Err(ApiError::internal(format!("the request's command {queue_id} {sk} is not recorded"))),
    }
}

/// Sends a PENDING command's message and marks it SENT; answers the record.
/// Past its `notAfter` it is marked EXPIRED instead, and nothing is sent.
/// An outcome that is not known leaves it PENDING with its request claimed,
/// so a retry sends the same messageId again; only a definite refusal of the
/// queue marks it FAILED and forgets the request, so a retry may send anew.
async fn deliver<S: FleetStore>(store: &S, record: &CommandRecord, claim: &Claim) -> Result<CommandView, ApiError> {
    let (queue_id, sk) = (record.id.as_str(), record.sk.as_str());
    if record.is_overdue(fridge_time::now()) {
        return settle(store, record, EXPIRED).await;
    }
    let message = record.message()?;
    let mut sent = store.send_command(&message).await;
    if matches!(sent, Err(Unsent::Unknown(_))) {
        // The queue may have taken it and the answer been lost: the same
        // message again is dropped by the queue if so, and lands if not.
        sent = store.send_command(&message).await;
    }
    match sent {
        Ok(()) => match store.settle(queue_id, sk, SENT).await {
            Ok(true) => CommandRecord { state: Some(SENT.into()), pending_shard: None, ..record.clone() }.view(),
            // Marked by a racing retry, or finished by the fridge already; or the
            // marking's answer was lost: the record says which.
            Ok(false) => current(store, record).await,
            Err(e) => match store.command(queue_id, sk).await {
                Ok(Some(r)) if !r.is_pending() => r.view(),
                // Sent, but the record still reads PENDING (the fridge's result
                // will finish it); a retry of the request sends it again
                // (de-duplicated) and marks it.
                _ => {
                    tracing::error!(error = %e, queue_id, sk, "a sent command not marked SENT");
                    Err(e)
                }
            },
        },
        Err(Unsent::Unknown(e)) => {
            tracing::error!(error = %e, queue_id, sk, "command send outcome unknown: it stays PENDING");
            Err(ApiError::Unavailable)
        }
        Err(Unsent::Refused(why)) => {
            tracing::error!(reason = %why, queue_id, sk, "command refused by the queue");
            match store.settle(queue_id, sk, FAILED).await {
                Ok(true) => {
                    // The request was not carried out: a retry of it may send it again.
                    if let Err(e) = store.forget(claim).await {
                        tracing::error!(error = %e, queue_id, sk, "request record of an unsent command not removed");
                    }
                    Err(ApiError::Unavailable)
                }
                // No longer PENDING: a racing retry sent it (or failed to, and said so).
                Ok(false) => match current(store, record).await? {
                    now if now.state == FAILED => Err(ApiError::Unavailable),
                    now => Ok(now),
                },
                Err(marking) => {
                    // It still reads PENDING, which is true, and the request's record
                    // stays: a retry of the request sends the same message again.
                    tracing::error!(error = %marking, queue_id, sk, "an unsent command not marked FAILED (it reads PENDING)");
                    Err(ApiError::Unavailable)
                }
            }
        }
    }
}

/// A PENDING command moved to `to` (EXPIRED, say); answers it as it stands
/// when something else moved it first.
async fn settle<S: FleetStore>(store: &S, record: &CommandRecord, to: &'static str) -> Result<CommandView, ApiError> {
    match store.settle(&record.id, &record.sk, to).await? {
        true => CommandRecord { state: Some(to.into()), pending_shard: None, ..record.clone() }.view(),
        false => current(store, record).await,
    }
}

/// What the sweep did.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Swept {
    pub expired: usize,
}

/// Moves every PENDING command whose `notAfter` has passed to EXPIRED,
/// without sending it; found through the sparse PENDING index, never a scan.
pub async fn expire_overdue<S: FleetStore>(store: &S, now: chrono::DateTime<chrono::Utc>) -> Result<Swept, ApiError> {
    let mut expired = 0;
    for record in store.overdue(&stamp(now)).await? {
        if record.is_pending() && record.is_overdue(now) && store.settle(&record.id, &record.sk, EXPIRED).await? {
            expired += 1;
        }
    }
    Ok(Swept { expired })
}

/// The scheduled sweep of overdue commands (once a minute).
pub async fn sweep(deps: &'static Deps, ctx: Ctx, _: fleet_shared::contract::NoArgs) -> Result<Swept, ApiError> {
    expire_overdue(&Dynamo(deps), ctx.now).await
}

/// The command as its record stands now.
async fn current<S: FleetStore>(store: &S, record: &CommandRecord) -> Result<CommandView, ApiError> {
    let now = store.command(&record.id, &record.sk).await?;
    now.ok_or_else(|| ApiError::internal(format!("command {} {} is gone", record.id, record.sk)))?.view()
}

/// `readQueueMessages(id, count, version, nextToken)`: id is a location (its
/// command queue) or `location#queue`; newest first, at most 1,000 a page.
/// `version` is accepted for the spec's callers and has no effect.
pub async fn read(deps: &'static Deps, ctx: Ctx, args: ReadArgs) -> Result<Page<CommandView>, ApiError> {
    let ReadArgs { id, count, next_token } = args;
    let count = fleet_shared::limits::page_count(count, MAX_MESSAGES)?;
    let queue_id = if id.contains('#') { id.clone() } else { format!("{}#{COMMAND_QUEUE}", location_arg(&id)?) };
    fleet_shared::limits::check_len("id", &queue_id, 2 * fleet_shared::limits::MAX_ID_CHARS)?;
    // The queue id names its fridge first (`{location}#{queue}`).
    let fridge = queue_id.split('#').next().unwrap_or_default();
    fleet_shared::day_fridges::require_readable(deps, &ctx, &[fridge]).await?;
    let (items, next) = Dynamo(deps).commands_page(&queue_id, next_token.as_deref(), count).await?;
    Ok(Page { items: items.iter().map(CommandRecord::view).collect::<Result<_, _>>()?, next_token: next })
}

/// `readQueueMessages`' arguments (`version` is read by no one, so not named).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadArgs {
    #[schemars(extend("x-plain-text" = "a location id or a queue id (location#queue), told apart by read"))]
    id: String,
    #[serde(default)]
    count: Option<i64>,
    #[serde(default)]
    next_token: Option<String>,
}

/// `sendConfirmedInventoryAndConfirmedReservation(locationId)`.
pub async fn computer_swap(deps: &'static Deps, ctx: Ctx, args: SwapArgs) -> Result<SwapAnswer, ApiError> {
    let location = args.location_id;
    swap(&Dynamo(deps), ctx.caller()?, &location).await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwapArgs {
    location_id: LocationId,
}

/// The computer swap's answer: whether the inventory service's queue took it, in words.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SwapAnswer {
    pub success: bool,
    pub message: &'static str,
}

/// The computer swap: the inventory service gets the fridge's last
/// confirmed inventory; `success: false` when its queue refused the message.
pub async fn swap<S: FleetStore>(store: &S, caller: &Caller, location: &LocationId) -> Result<SwapAnswer, ApiError> {
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
        Ok(()) => Ok(SwapAnswer { success: true, message: rules::messages::SWAP_DONE }),
        Err(e) => {
            tracing::error!(error = %e, "inventory service message not sent");
            Ok(SwapAnswer { success: false, message: rules::messages::SWAP_QUEUE_FAILED })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::{Fault, Memory, Step};
    use fleet_shared::entity::telemetry::CommandState;
    use futures::FutureExt;
    use std::collections::HashSet;
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
            // Every call carries one; a test's `None` is a client that never retries.
            request_id: RequestId::parse(
                "requestId",
                &request_id.map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_string),
            )
            .unwrap(),
        }
    }

    #[tokio::test]
    async fn a_command_is_recorded_sent_and_shown_once() {
        let store = Memory::with(&[("A", "LIVE")]);
        let _clock = fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        let sent = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), None)).await.unwrap();
        assert_eq!(
            (&sent.id, &sent.state, &sent.operation, &sent.sent_by, &sent.done_at),
            (
                &"A#commands".to_string(),
                &"SENT".to_string(),
                &Some("ENABLE".into()),
                &Some("ops@example.com".into()),
                &None
            )
        );
        assert_eq!(Some(sent.timestamp.as_str()), Some("2026-11-23T12:00:00.000Z"));
        let queued = store.sent.lock().unwrap().clone();
        assert_eq!(queued.len(), 1);
        assert_eq!((queued[0].location_id.as_str(), queued[0].queue_id.as_str()), ("A", "A#commands"));
        assert_eq!(queued[0].sk, format!("2026-11-23T12:00:00.000Z#{}", queued[0].message_id));
    }

    #[tokio::test]
    async fn a_dead_or_unknown_fridge_takes_no_command() {
        let store = Memory::with(&[("D", "DEAD")]);
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
        let mut store = Memory::with(&[("A", "LIVE")]);
        store.flags = vec!["fridge-command-safety-hold".into()];
        let refused = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), None)).await;
        assert!(matches!(refused, Err(ApiError::Forbidden)));
        assert!(send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), None)).await.is_ok());
    }

    #[tokio::test]
    async fn a_retry_with_the_same_request_id_answers_the_first_and_other_content_is_refused() {
        let store = Memory::with(&[("A", "LIVE")]);
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
        let store = Memory::with(&[("A", "LIVE")]);
        store.queue_down.store(true, Ordering::SeqCst);
        let refused = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await;
        assert!(matches!(refused, Err(ApiError::Unavailable)), "{refused:?}");
        assert_eq!(store.command_state("A#commands"), [Some("FAILED".to_string())]);
        store.queue_down.store(false, Ordering::SeqCst);
        let retried = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(Some(retried.state.as_str()), Some("SENT"), "the request was forgotten, so its retry sends");
        assert_eq!(store.sent.lock().unwrap().len(), 1);
    }

    /// One request as a browser tries it: again, with the same requestId,
    /// while it errs (at most 3 tries). Answers the last answer and the tries.
    async fn tried(store: &Memory, request_id: Option<&str>) -> (Result<CommandView, ApiError>, usize) {
        for tries in 1.. {
            let out = send(store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), request_id)).await;
            if out.is_ok() || tries == 3 {
                return (out, tries);
            }
        }
        unreachable!()
    }

    #[tokio::test]
    async fn an_answer_lost_after_any_write_still_sends_the_command_exactly_once() {
        let cases = [
            // The transaction landed; the SDK's retry met the request's own claim.
            (Step::Record, Fault::AppliedThenConflict),
            (Step::Record, Fault::AppliedThenTimeout),
            // The queue took the message; the answer never came.
            (Step::Send, Fault::AppliedThenTimeout),
            // Marked SENT; the SDK's retry met its own condition, or it timed out.
            (Step::MarkSent, Fault::AppliedThenConflict),
            (Step::MarkSent, Fault::AppliedThenTimeout),
        ];
        for (step, fault) in cases {
            for request_id in [Some("r1"), None] {
                let ctx = format!("{step:?} {fault:?} requestId {request_id:?}");
                let store = Memory::with(&[("A", "LIVE")]);
                store.inject(step, fault);
                let (answer, tries) = tried(&store, request_id).await;
                let answer = answer.unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!(tries, 1, "{ctx}: the call itself recovers");
                assert_eq!(Some(answer.state.as_str()), Some("SENT"), "{ctx}");
                assert_eq!(store.command_state("A#commands"), [Some("SENT".to_string())], "{ctx}: one record, SENT");
                let sent = store.sent.lock().unwrap().clone();
                let ids: HashSet<&str> = sent.iter().map(|c| c.message_id.as_str()).collect();
                assert_eq!(ids.len(), 1, "{ctx}: one messageId, however often sent: {sent:?}");
                assert!(sent.len() <= 2, "{ctx}: {} sends", sent.len());
                assert_eq!(store.delivered().len(), 1, "{ctx}: the fridge gets it once");
                assert_eq!(Some(answer.message_id.as_str()), Some(sent[0].message_id.as_str()), "{ctx}");
            }
        }
    }

    #[tokio::test]
    async fn a_lambda_stopped_between_the_record_and_the_send_leaves_it_pending_and_a_retry_sends_it() {
        let store = Memory::with(&[("A", "LIVE")]);
        let first_try = fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        store.inject(Step::Send, Fault::Stopped);
        let stopped = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).now_or_never();
        assert!(stopped.is_none(), "the call never answered");
        drop(first_try);
        assert_eq!(store.command_state("A#commands"), [Some("PENDING".to_string())], "not sent: the record says so");
        assert!(store.sent.lock().unwrap().is_empty());

        let _retry = fridge_time::ClockAt::new("2026-11-23T12:00:30Z".parse().unwrap());
        let retried = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(Some(retried.state.as_str()), Some("SENT"), "the retry sent it");
        assert_eq!(store.command_state("A#commands"), [Some("SENT".to_string())]);
        let sent = store.sent.lock().unwrap().clone();
        assert_eq!(sent.len(), 1);
        assert_eq!(Some(retried.message_id.as_str()), Some(sent[0].message_id.as_str()), "the recorded message");
        assert_eq!(stamp(sent[0].not_after), "2026-11-23T12:05:00.000Z", "the same message: its first notAfter");

        let again = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!((again, store.sent.lock().unwrap().len()), (retried, 1), "SENT: answered, not sent again");
        let (queue_id, sk) = (&sent[0].queue_id, &sent[0].sk);
        store.finish_command(queue_id, sk, CommandState::Done, "2026-11-23T12:01:00.000Z").await.unwrap();
        let done = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!((Some(done.state.as_str()), store.sent.lock().unwrap().len()), (Some("DONE"), 1), "as it stands");
    }

    #[tokio::test]
    async fn a_racing_retry_whose_write_meets_a_pending_command_sends_it_before_answering() {
        // A first try records the command and stops before sending...
        let store = Memory::with(&[("A", "LIVE")]);
        store.inject(Step::Send, Fault::Stopped);
        let stopped = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), Some("r1"))).now_or_never();
        assert!(stopped.is_none());
        let first = store.commands.lock().unwrap().pop_first().unwrap().1;
        let claim = store.records.0.lock().unwrap().drain().next().unwrap().1;
        // ...its transaction landing just after a retry looked (New) and just before the retry's own.
        *store.racing.lock().unwrap() = Some((first.clone(), claim));
        let raced = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!((raced.state.as_str(), raced.message_id.as_str()), ("SENT", first.message_id.as_deref().unwrap()));
        assert_eq!(store.command_state("A#commands"), [Some("SENT".to_string())], "the first try's command, sent");
        assert_eq!(store.delivered().len(), 1, "sent, not answered unsent");
    }

    #[tokio::test]
    async fn a_send_whose_outcome_is_unknown_stays_pending_and_its_retry_sends_the_same_message() {
        let store = Memory::with(&[("A", "LIVE")]);
        store.inject(Step::Send, Fault::Refused);
        store.inject(Step::Send, Fault::Refused);
        let unknown = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await;
        assert!(matches!(unknown, Err(ApiError::Unavailable)), "{unknown:?}");
        assert_eq!(store.command_state("A#commands"), [Some("PENDING".to_string())], "its fate is not known");
        assert_eq!(store.records.0.lock().unwrap().len(), 1, "the request stays claimed");
        let retried = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(Some(retried.state.as_str()), Some("SENT"));
        assert_eq!((store.commands.lock().unwrap().len(), store.delivered().len()), (1, 1), "the same command");
    }

    #[tokio::test]
    async fn a_refused_command_that_cannot_be_marked_failed_stays_pending_and_its_retry_sends_it() {
        let store = Memory::with(&[("A", "LIVE")]);
        store.queue_down.store(true, Ordering::SeqCst);
        store.inject(Step::MarkFailed, Fault::Refused);
        let refused = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await;
        assert!(matches!(refused, Err(ApiError::Unavailable)), "{refused:?}");
        assert_eq!(store.command_state("A#commands"), [Some("PENDING".to_string())], "true: it was not sent");
        store.queue_down.store(false, Ordering::SeqCst);
        let retried = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!(Some(retried.state.as_str()), Some("SENT"));
        assert_eq!((store.commands.lock().unwrap().len(), store.delivered().len()), (1, 1), "the same command");
    }

    #[tokio::test]
    async fn a_retry_after_not_after_answers_expired_and_sends_nothing() {
        let store = Memory::with(&[("A", "LIVE")]);
        let first = fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        store.inject(Step::Send, Fault::Refused);
        store.inject(Step::Send, Fault::Refused);
        assert!(send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.is_err());
        drop(first);
        let _late = fridge_time::ClockAt::new("2026-11-23T12:05:01Z".parse().unwrap());
        let late = send(&store, &caller(), request("A", "SafetyHold", Some("ENABLE"), Some("r1"))).await.unwrap();
        assert_eq!((late.state.as_str(), store.delivered().len()), ("EXPIRED", 0), "past notAfter: never sent");
        assert_eq!(store.command_state("A#commands"), [Some("EXPIRED".to_string())]);
    }

    #[tokio::test]
    async fn the_sweep_expires_overdue_pending_commands_and_a_fridges_result_replaces_expired() {
        let store = Memory::with(&[("A", "LIVE"), ("B", "LIVE")]);
        let at = |t: &str| fridge_time::ClockAt::new(t.parse().unwrap());
        for (location, clock) in [("A", "2026-11-23T12:00:00Z"), ("B", "2026-11-23T12:04:00Z")] {
            let _clock = at(clock);
            store.inject(Step::Send, Fault::Stopped);
            let stopped = send(&store, &caller(), request(location, "SafetyHold", Some("ENABLE"), None)).now_or_never();
            assert!(stopped.is_none(), "recorded, never sent");
        }
        let now: chrono::DateTime<chrono::Utc> = "2026-11-23T12:06:00Z".parse().unwrap();
        assert_eq!(
            expire_overdue(&store, now).await.unwrap(),
            Swept { expired: 1 },
            "A's notAfter has passed, B's not"
        );
        assert_eq!(store.command_state("A#commands"), [Some("EXPIRED".to_string())]);
        assert_eq!(store.command_state("B#commands"), [Some("PENDING".to_string())]);
        assert_eq!(expire_overdue(&store, now).await.unwrap(), Swept { expired: 0 }, "the index holds PENDING only");
        let a = store.commands.lock().unwrap().values().find(|c| c.id == "A#commands").cloned().unwrap();
        assert_eq!(a.pending_shard, None, "it left the PENDING index");
        store.finish_command(&a.id, &a.sk, CommandState::Done, "2026-11-23T12:07:00.000Z").await.unwrap();
        assert_eq!(store.command_state("A#commands"), [Some("DONE".to_string())], "the fridge says what happened");
        assert!(store.delivered().is_empty());
    }

    #[tokio::test]
    async fn a_command_carries_not_after_five_minutes_after_it_is_sent() {
        let store = Memory::with(&[("A", "LIVE")]);
        let _clock = fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        let sent = send(&store, &caller(), request("A", "VendingUnitReset", None, None)).await.unwrap();
        assert_eq!(sent.not_after.as_deref(), Some("2026-11-23T12:05:00.000Z"), "shown with the command");
        let message = store.sent.lock().unwrap()[0].clone();
        assert_eq!(stamp(message.not_after), "2026-11-23T12:05:00.000Z");
        assert_eq!(serde_json::to_value(&message).unwrap()["notAfter"], "2026-11-23T12:05:00.000Z", "on the wire");
        assert_eq!(message.payload.count, None, "no count but ConfirmCount's");
    }

    #[test]
    fn a_console_request_id_is_bounded_too() {
        // Read as the edge reads it: a bad one never reaches `send`.
        let args = json!({ "location": "A", "message": {}, "requestId": "r".repeat(1_200) });
        let refused =
            fleet_shared::contract::request::<CreateArgs>(&fleet_shared::Input { args, ..Default::default() });
        assert_eq!(refused.err().map(|e| e.to_string()).as_deref(), Some("requestId must be at most 64 characters"));
    }

    #[tokio::test]
    async fn a_sent_command_whose_marking_fails_is_retried_and_the_retry_marks_it() {
        for request_id in [Some("r1")] {
            let store = Memory::with(&[("A", "LIVE")]);
            store.inject(Step::MarkSent, Fault::Refused);
            let first = send(&store, &caller(), request("A", "OutOfOrder", Some("ENABLE"), request_id)).await;
            assert_eq!(store.command_state("A#commands"), [Some("PENDING".to_string())], "{request_id:?}");
            match request_id {
                Some(_) => {
                    assert!(matches!(first, Err(ApiError::Unavailable)), "{first:?}");
                    let retried = request("A", "OutOfOrder", Some("ENABLE"), request_id);
                    assert_eq!(
                        Some(send(&store, &caller(), retried).await.unwrap().state.as_str()),
                        Some("SENT"),
                        "the retry marks it"
                    );
                    assert_eq!(store.command_state("A#commands"), [Some("SENT".to_string())]);
                }
                None => unreachable!("every request has its id"),
            }
            assert_eq!(store.delivered().len(), 1, "{request_id:?}: once");
        }
    }
}
