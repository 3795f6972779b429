//! A supervisor's void or re-time of a recorded LocationStocked (issue 38):
//! `correctLocationStocked(input {stockingDay, locationId, actionId, change,
//! occurredAt?, reason, requestId})`. One LocationStocked, false or mistimed,
//! locks JIT, hides a slip from the Drop Off Summary, pins a stop against a
//! LogiNext sync and adds a Route Temperatures reading; this takes it back.
//!
//! The readers honour it through the two things they already read:
//! - the action itself: a void removes its `occurredSk`, so it leaves the
//!   `byStockingDay` index that the dashboard, the Drop Off Summary and Route
//!   Temperatures read; a re-time moves its `occurredAt` within its stocking day;
//! - the stop's `stockedTimeUTC` (JIT, LogiNext pinning, the door rule, the
//!   Drop Off Summary): set again to the earliest LocationStocked still
//!   standing at that stop, or removed, on the condition that it still holds
//!   the time that was read, with the route's version bump.
//!
//! The action, the stops, a marker for the dashboard's warm copy, the history
//! record (`stocked#{day}#{location}#{index}`) and the request's idempotency
//! claim are one transaction.
use crate::events::{ActionData, EventType, MAX_TEXT_CHARS};
use crate::record::{Correction, CorrectionKind, CorrectionPlan, Stocked, StoredAction, CORRECTION_MARKER};
use crate::store::ActionStore;
use crate::window;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::{ActionId, FridgeTime, LocationId, RequestId, StockingDate};
use fleet_shared::idempotency::{self, Claim, Request, Seen};
use fleet_shared::{dates, fridge_time, history, limits, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The idempotency scope of corrections; a record's id is `sub:requestId`.
pub const SCOPE: &str = "stocked-corrections";
/// The history entity kind: one stop's stocked record (`{day}#{location}#{index}`).
pub const HISTORY_KIND: &str = "stocked";
const HISTORY_SOURCE: &str = "stocking-correction";

/// `correctLocationStocked(input)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct CorrectArgs {
    pub input: CorrectInput,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorrectInput {
    stocking_day: StockingDate,
    location_id: LocationId,
    action_id: ActionId,
    change: String,
    /// A re-time's new time; blank is none (a void sends none).
    #[serde(default, deserialize_with = "fleet_shared::entity::ids::blank_is_none")]
    occurred_at: Option<FridgeTime>,
    reason: String,
    request_id: RequestId,
}

/// The answer (`StockedCorrection`); Deserialize: a retry is answered the stored first answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockedCorrection {
    pub action_id: String,
    pub location_id: String,
    pub stocking_day: String,
    pub stocking_index: i64,
    pub change: CorrectionKind,
    /// The new time of a re-time; null for a void.
    pub occurred_at: Option<String>,
    /// The stop's stocked time after the correction.
    pub stocked_at: Option<String>,
}

/// The history entity of one stop's stocked record.
pub fn entity(day: &str, location: &str, stocking_index: i64) -> String {
    history::entity(HISTORY_KIND, &format!("{day}#{location}#{stocking_index}"))
}

fn stocking_index(a: &StoredAction) -> Option<i64> {
    match ActionData::parse(EventType::LocationStocked, &Value::String(a.data.clone())) {
        Ok(ActionData::LocationStocked(d)) => Some(d.stocking_index),
        _ => None,
    }
}

/// The earliest of the times, if any (stored stamps sort as text).
fn earliest<'a>(times: impl Iterator<Item = &'a str>) -> Option<String> {
    times.min().map(str::to_string)
}

struct Asked {
    day: String,
    location: LocationId,
    action_id: String,
    kind: CorrectionKind,
    new_time: Option<String>,
    reason: String,
    request_id: String,
}

fn parse(req: CorrectInput, now: chrono::DateTime<chrono::Utc>) -> Result<Asked, ApiError> {
    let day = req.stocking_day.to_string();
    let location = req.location_id;
    let action_id = req.action_id.to_string();
    let request_id = req.request_id.to_string();
    let reason = req.reason.trim().to_string();
    if reason.is_empty() {
        return Err(ApiError::bad_request("A reason is required to correct a stocked record"));
    }
    limits::check_len("reason", &reason, MAX_TEXT_CHARS)?;
    let (kind, new_time) = match (req.change.trim(), req.occurred_at) {
        ("VOID", None) => (CorrectionKind::Void, None),
        ("VOID", Some(_)) => return Err(ApiError::bad_request("A void takes no occurredAt")),
        ("RETIME", None) => return Err(ApiError::bad_request("A re-time needs the new occurredAt")),
        ("RETIME", Some(time)) => {
            let at = time.at();
            // Outside the day first: a time after the window is named as such, not as "future".
            if window::stocking_day(at).to_string() != day {
                return Err(ApiError::bad_request(format!(
                    "The new time must be within the stocking day {day} (from {}:00 Central the day before)",
                    fridge_time::DAY_STARTS_AT_HOUR
                )));
            }
            if at > now {
                return Err(ApiError::bad_request("The new time cannot be in the future"));
            }
            (CorrectionKind::Retime, Some(fridge_time::stamp(at)))
        }
        _ => return Err(ApiError::bad_request("change must be VOID or RETIME")),
    };
    Ok(Asked { day, location, action_id, kind, new_time, reason, request_id })
}

fn changed_meanwhile(location: &str, index: i64, day: &str) -> ApiError {
    ApiError::Conflict(format!(
        "The stocked record of {location} (stocking index {index}) on {day} changed meanwhile; reload and try again"
    ))
}

/// `correctLocationStocked(input)` → `StockedCorrection`.
pub async fn run<S: ActionStore>(
    store: &S,
    caller: &Caller,
    req: CorrectInput,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<StockedCorrection, ApiError> {
    let asked = parse(req, now)?;
    let content = json!({
        "stockingDay": asked.day, "locationId": asked.location.as_str(), "actionId": asked.action_id,
        "change": asked.kind, "occurredAt": asked.new_time, "reason": asked.reason,
    });
    let key = format!("{}:{}", caller.sub, asked.request_id);
    let request = Request::new(store, SCOPE, &key, &content);
    match request.seen().await? {
        Seen::Replay(first) => return idempotency::replayed(first),
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let (actions, stops) = store.day_at(&asked.day, asked.location.as_str()).await?;
    let plan = plan(&asked, caller, &actions, stops, now)?;
    let answer = StockedCorrection {
        action_id: plan.read.id.clone(),
        location_id: plan.read.location_id.clone(),
        stocking_day: asked.day.clone(),
        stocking_index: plan.stocking_index,
        change: asked.kind,
        occurred_at: asked.new_time.clone(),
        stocked_at: plan.stops.first().and_then(|(_, t)| t.as_ref().map(|s| s.at.clone())),
    };
    let claim: Claim = request.claim(&serde_json::to_value(&answer).map_err(ApiError::internal)?, now.timestamp());
    match store.correct(&plan, &claim).await {
        Ok(()) => Ok(answer),
        Err(ApiError::Conflict(_)) => match request.seen().await? {
            Seen::Replay(first) => idempotency::replayed(first),
            _ => Err(changed_meanwhile(asked.location.as_str(), plan.stocking_index, &asked.day)),
        },
        Err(e) => Err(e),
    }
}

/// A re-time before the stop's scan (its first standing PackingSlipQuery) is
/// refused: the driver cannot have stocked before reaching the stop (issue 59).
fn before_the_scan(actions: &[StoredAction], index: i64, new: &str) -> Result<(), ApiError> {
    let scan_index = |a: &StoredAction| {
        ActionData::parse(EventType::PackingSlipQuery, &Value::String(a.data.clone())).ok()?.stocking_index()
    };
    let scan = actions
        .iter()
        .filter(|a| a.event_type == EventType::PackingSlipQuery.name() && !a.is_voided())
        .filter(|a| scan_index(a) == Some(index))
        .map(|a| a.occurred_at.as_str())
        .min();
    match scan.filter(|scan| new < *scan).and_then(dates::instant) {
        Some(at) => Err(ApiError::bad_request(format!(
            "The stocked time cannot be before the scan at {}.",
            crate::attention::central_hhmm(at)
        ))),
        None => Ok(()),
    }
}

/// What the correction writes, from the day's actions and stops at the location as read.
fn plan(
    asked: &Asked,
    caller: &Caller,
    actions: &[StoredAction],
    stops: Vec<StoredStop>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<CorrectionPlan, ApiError> {
    let (day, location) = (asked.day.as_str(), asked.location.as_str());
    let read = actions
        .iter()
        .find(|a| a.id == asked.action_id && !a.is_voided() && a.event_type != CORRECTION_MARKER)
        .ok_or_else(|| {
            ApiError::Conflict(format!(
                "{location} has no standing action {} on {day}: it may have been voided already; reload",
                asked.action_id
            ))
        })?;
    if read.event_type != EventType::LocationStocked.name() {
        return Err(ApiError::bad_request(format!(
            "Only a LocationStocked can be voided or re-timed; {} is a {}",
            read.id, read.event_type
        )));
    }
    let index = stocking_index(read).ok_or_else(|| ApiError::internal("a stored LocationStocked does not read"))?;
    if let Some(new) = &asked.new_time {
        before_the_scan(actions, index, new)?;
    }
    let at_stop: Vec<&StoredAction> = actions
        .iter()
        .filter(|a| a.event_type == EventType::LocationStocked.name() && !a.is_voided())
        .filter(|a| stocking_index(a) == Some(index))
        .collect();
    let before = earliest(at_stop.iter().map(|a| a.occurred_at.as_str()));
    // The earliest LocationStocked still standing sets the time, and its driver is the stocker.
    let stocked = |at: &str, a: &StoredAction| Stocked { at: at.to_string(), by: a.created_by_sub.clone() };
    let others_stocked = at_stop.iter().filter(|a| a.id != read.id).map(|a| stocked(&a.occurred_at, a));
    let after = others_stocked.chain(asked.new_time.as_deref().map(|t| stocked(t, read))).min();
    let stops: Vec<(StoredStop, Option<Stocked>)> = stops
        .into_iter()
        .filter(|s| s.stop.stocking_index == index)
        .map(|s| {
            // A stop stocked earlier than every action read knows one this
            // read missed (the index follows its table within seconds).
            if s.stocked_time_utc.as_deref().is_some_and(|t| before.as_deref().is_none_or(|b| t < b)) {
                return Err(changed_meanwhile(location, index, day));
            }
            Ok((s, after.clone()))
        })
        .collect::<Result<_, _>>()?;

    let stamp = fridge_time::stamp(now);
    let original = read.correction.as_ref().map_or(&read.occurred_at, |c| &c.original_occurred_at);
    let correction = Correction {
        kind: asked.kind,
        at: stamp.clone(),
        by: caller.display().to_string(),
        by_sub: caller.sub.clone(),
        reason: asked.reason.clone(),
        original_occurred_at: original.clone(),
    };
    let mut corrected = StoredAction { correction: Some(correction), ..read.clone() };
    match &asked.new_time {
        Some(t) => {
            corrected.occurred_at = t.clone();
            corrected.occurred_sk = format!("{t}#{}", read.id);
        }
        None => corrected.occurred_sk = String::new(),
    }
    let marker_id = uuid::Uuid::new_v4().to_string();
    let marker = StoredAction {
        event_type: CORRECTION_MARKER.to_string(),
        sk: format!("{stamp}#{marker_id}"),
        id: marker_id,
        location_id: location.to_string(),
        data: json!({ "actionId": read.id, "change": asked.kind }).to_string(),
        created_at: stamp.clone(),
        occurred_at: stamp.clone(),
        stocking_day: day.to_string(),
        occurred_sk: String::new(),
        request_id: asked.request_id.clone(),
        created_by: caller.display().to_string(),
        created_by_sub: caller.sub.clone(),
        created_by_name: caller.name.clone(),
        correction: None,
    };
    let text = |t: Option<&str>| json!(t).to_string();
    let changes = vec![
        history::Change {
            attribute: format!("LocationStocked {} by {}", read.id, read.created_by),
            old_value: text(Some(&read.occurred_at)),
            new_value: text(asked.new_time.as_deref()),
            reason: Some(asked.reason.clone()),
        },
        history::Change {
            attribute: "stockedTimeUTC".into(),
            old_value: text(before.as_deref()),
            new_value: text(after.as_ref().map(|s| s.at.as_str())),
            reason: Some(asked.reason.clone()),
        },
    ];
    let record = history::Record::new(entity(day, location, index), &stamp, caller.display(), HISTORY_SOURCE, changes);
    Ok(CorrectionPlan { read: read.clone(), stocking_index: index, corrected, stops, marker, record })
}

#[cfg(test)]
mod tests;
