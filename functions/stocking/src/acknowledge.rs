//! Issue 42: an operator takes on a Needs-attention item with a note:
//! `acknowledgeAttention(input {stockingDay, key, note, requestId})`.
//!
//! The acknowledgement is stored in the driver-action table as an item of its
//! own type (`ACK_EVENT`), filed under the stocking day, so the dashboard's
//! whole read and its read of what was recorded since (`board_day`) bring it
//! with the actions: a teammate's acknowledgement shows at their next refresh.
//! No other reader parses that type (they read the driver event types only).
//!
//! One per occurrence: the occurrence's claim (`OCCURRENCE_SCOPE`, keyed by the
//! day and the key) lands only if none exists, in one transaction with the
//! item, the history record and the request's claim. A retry of the request is
//! answered its first answer; anyone else's try is refused, naming the first.
use crate::attention::{Acknowledgement, OccurrenceKey};
use crate::record::StoredAction;
pub use crate::store::{AckStore, AckWrite};
use fleet_shared::entity::{RequestId, StockingDate};
use fleet_shared::idempotency::{self, Claim, Records, Request, Seen, WHOLE};
use fleet_shared::{dates, fridge_time, history, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The permission action of acknowledging (seeing the panel needs the dashboard's).
pub const ACK_ACTION: &str = "AcknowledgeAttention";
/// The stored item's event type: never a driver event type, so no driver-action reader takes it for one.
pub const ACK_EVENT: &str = "AttentionAcknowledged";
/// The requests' idempotency scope (`sub:requestId`).
pub const SCOPE: &str = "attention-acks";
/// One claim per occurrence (`{day}|{key}`): the first acknowledgement holds it.
pub const OCCURRENCE_SCOPE: &str = "attention-occurrences";
/// The history entity kind: one occurrence, `{day}#{key}`.
pub const HISTORY_KIND: &str = "attention";
const HISTORY_SOURCE: &str = "needs-attention";
/// The longest note (characters).
pub const NOTE_MAX_CHARS: usize = 500;

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct AckArgs {
    pub input: AckInput,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AckInput {
    stocking_day: StockingDate,
    key: String,
    note: String,
    request_id: RequestId,
}

/// The answer (`AttentionAcknowledgement`); Deserialize: a retry is answered the stored first answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttentionAcknowledgement {
    pub stocking_day: String,
    pub key: String,
    pub by: String,
    pub at: String,
    pub note: String,
    /// "taken by {name} at {HH:MM}: {note}", as the panel shows it.
    pub taken: String,
}

/// What an acknowledgement's item carries (`data`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AckData {
    pub key: String,
    pub note: String,
}

/// The history entity of one occurrence.
pub fn entity(day: &str, key: &str) -> String {
    history::entity(HISTORY_KIND, &format!("{day}#{key}"))
}

/// The stored acknowledgements among a day's items, as the panel reads them.
pub fn acknowledgement(item: &StoredAction) -> Option<Acknowledgement> {
    if item.event_type != ACK_EVENT {
        return None;
    }
    let data: AckData = serde_json::from_str(&item.data).ok()?;
    Some(Acknowledgement {
        key: data.key,
        by: item.created_by_name.clone().unwrap_or_else(|| item.created_by.clone()),
        at: dates::instant(&item.created_at)?,
        note: data.note,
    })
}

struct Asked {
    date: chrono::NaiveDate,
    day: String,
    key: OccurrenceKey,
    note: String,
    request_id: String,
}

fn parse(input: AckInput) -> Result<Asked, ApiError> {
    let date = input.stocking_day.date();
    let day = date.to_string();
    let key = OccurrenceKey::parse(&input.key)?;
    if let OccurrenceKey::RouteNotStarted { date, .. } = &key {
        if *date != day {
            return Err(ApiError::bad_request(format!("The item's date {date} is not the stocking day {day}")));
        }
    }
    let note = input.note.trim().to_string();
    if note.is_empty() {
        return Err(ApiError::bad_request("A note is required to acknowledge an item"));
    }
    fleet_shared::limits::check_len("note", &note, NOTE_MAX_CHARS)?;
    let request_id = input.request_id.to_string();
    Ok(Asked { date, day, key, note, request_id })
}

/// The refusal of a key that is not among the day's open items.
pub const NOT_OPEN: &str = "This item is not open now. Refresh the panel.";

/// Items are acknowledged on the current stocking day or the one before it (a panel left open overnight).
fn open_today(date: chrono::NaiveDate, now: chrono::DateTime<chrono::Utc>) -> Result<(), ApiError> {
    let today = fridge_time::stocking_day(now);
    if date == today || today.pred_opt() == Some(date) {
        return Ok(());
    }
    Err(ApiError::bad_request(format!(
        "Only items of the current stocking day ({today}) or the day before can be acknowledged, not of {date}"
    )))
}

/// The refusal of a second person (or a second request) on a taken item, naming the first.
fn already_taken(first: &Claim) -> ApiError {
    match serde_json::from_str::<AttentionAcknowledgement>(&first.answer) {
        Ok(a) => ApiError::Conflict(format!("This item was already {}", a.taken)),
        Err(_) => ApiError::Conflict("This item was already taken by someone else".into()),
    }
}

async fn taken_by<S: Records>(store: &S, occurrence_pk: &str) -> Result<Option<Claim>, ApiError> {
    Ok(store.get(occurrence_pk, vec![WHOLE.to_string()]).await?.remove(WHOLE))
}

/// The day's open Needs-attention items: what an acknowledgement is checked
/// against (the dashboard's reading of the day, `board::OpenDay`).
pub trait OpenItems: Sync {
    /// The keys of the day's open items at `now`, over every stop (no filters).
    fn open_keys(
        &self,
        day: chrono::NaiveDate,
        now: chrono::DateTime<chrono::Utc>,
    ) -> impl std::future::Future<Output = Result<std::collections::HashSet<String>, ApiError>> + Send;
}

/// `acknowledgeAttention(input)` → `AttentionAcknowledgement`.
pub async fn run<S: AckStore, O: OpenItems>(
    store: &S,
    open: &O,
    caller: &Caller,
    input: AckInput,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<AttentionAcknowledgement, ApiError> {
    let asked = parse(input)?;
    let key = asked.key.to_string();
    let content = json!({ "stockingDay": asked.day, "key": key, "note": asked.note });
    let request_key = format!("{}:{}", caller.sub, asked.request_id);
    let request = Request::new(store, SCOPE, &request_key, &content);
    match request.seen().await? {
        Seen::Replay(first) => return idempotency::replayed(first),
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let occurrence_id = format!("{}|{key}", asked.day);
    let occurrence_pk = format!("{OCCURRENCE_SCOPE}#{occurrence_id}");
    if let Some(first) = taken_by(store, &occurrence_pk).await? {
        return Err(already_taken(&first));
    }
    // Only an item open now, worked out as the panel does (issue 59): not a made-up key, not one that ended.
    open_today(asked.date, now)?;
    if !open.open_keys(asked.date, now).await?.contains(&key) {
        return Err(ApiError::Conflict(NOT_OPEN.into()));
    }

    let stamp = fridge_time::stamp(now);
    let by = caller.name.clone().unwrap_or_else(|| caller.display().to_string());
    let ack = Acknowledgement { key: key.clone(), by: by.clone(), at: now, note: asked.note.clone() };
    let answer = AttentionAcknowledgement {
        stocking_day: asked.day.clone(),
        key: key.clone(),
        by,
        at: stamp.clone(),
        note: asked.note.clone(),
        taken: ack.taken(),
    };
    let answer_value = serde_json::to_value(&answer).map_err(ApiError::internal)?;
    let id = uuid::Uuid::new_v4().to_string();
    let data = AckData { key: key.clone(), note: asked.note.clone() };
    let item = StoredAction {
        event_type: ACK_EVENT.into(),
        sk: format!("{stamp}#{id}"),
        // In the day index by the time it was taken (`occurredSk`), like an action recorded then.
        occurred_sk: format!("{stamp}#{id}"),
        id,
        location_id: asked.key.location().unwrap_or_default().to_string(),
        data: serde_json::to_string(&data).map_err(ApiError::internal)?,
        created_at: stamp.clone(),
        occurred_at: stamp.clone(),
        stocking_day: asked.day.clone(),
        request_id: asked.request_id.clone(),
        created_by: caller.display().to_string(),
        created_by_sub: caller.sub.clone(),
        created_by_name: caller.name.clone(),
        correction: None,
    };
    let change = history::Change {
        attribute: format!("{} acknowledged", asked.key.kind().label()),
        old_value: "null".into(),
        new_value: json!(asked.note).to_string(),
        reason: None,
    };
    let record = history::Record::new(entity(&asked.day, &key), &stamp, caller.display(), HISTORY_SOURCE, vec![change]);
    let write = AckWrite {
        item,
        record,
        request: request.claim(&answer_value, now.timestamp()),
        occurrence: Claim::new(
            OCCURRENCE_SCOPE,
            &occurrence_id,
            WHOLE,
            idempotency::digest(&content),
            &answer_value,
            now.timestamp(),
        ),
    };
    match store.acknowledge(&write).await {
        Ok(()) => Ok(answer),
        // A racing try landed first: this request's own (a retry), or someone else's.
        Err(ApiError::Conflict(_)) => match request.seen().await? {
            Seen::Replay(first) => idempotency::replayed(first),
            Seen::Conflict => Err(idempotency::conflict("This requestId")),
            Seen::New => match taken_by(store, &occurrence_pk).await? {
                Some(first) => Err(already_taken(&first)),
                None => Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())),
            },
        },
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests;
