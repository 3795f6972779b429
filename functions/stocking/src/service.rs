//! `createDriverAction` and `getDriverAction` over the store. A create is
//! checked whole before anything is written: the type, the location id, the
//! data's shape, the caller's actions for it, then (unless it is a retry) the
//! device time window and the location; the action and its request's
//! idempotency record land in one transaction.
use crate::drop::{self, SlipLock};
use crate::events::{ActionData, DropOverride, EventType};
use crate::store::{ActionStore, ByType, StoredAction};
use crate::window;
use fleet_shared::entity::LocationId;
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{flags, fridge_time, limits, ApiError, Input};
use serde::Deserialize;
use serde_json::{json, Value};

/// The idempotency scope of driver actions; a record's id is `sub:requestId`
/// (a requestId is its caller's own: two drivers' apps may pick the same one).
pub const SCOPE: &str = "driver-actions";
/// Actions a `getDriverAction` page holds at most.
pub const PAGE_SIZE: usize = 500;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreateInput {
    event_type: String,
    location_id: String,
    /// AWSJSON: JSON text, or a parsed object.
    data: Value,
    request_id: String,
    occurred_at: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Filter {
    event_type: String,
    #[serde(default)]
    created_at: Option<TimeRange>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeRange {
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

/// An action as GraphQL answers it (`DriverAction`).
pub fn view(a: &StoredAction) -> Value {
    json!({
        "id": a.id, "eventType": a.event_type, "locationId": a.location_id, "data": a.data,
        "createdAt": a.created_at, "occurredAt": a.occurred_at, "stockingDay": a.stocking_day,
        "requestId": a.request_id, "createdBy": a.created_by, "createdBySub": a.created_by_sub,
        "createdByName": a.created_by_name,
        // Actions are never changed: last modified when created (the spec's field).
        "_lastModified": a.created_at,
    })
}

fn reused() -> ApiError {
    idempotency::conflict("This requestId")
}

/// `createDriverAction(input: {eventType, locationId, data, requestId, occurredAt})` → the recorded `DriverAction`.
pub async fn create<S: ActionStore>(store: &S, input: &Input) -> Result<Value, ApiError> {
    let req: CreateInput = input.arg("input")?;
    let kind = EventType::parse(&req.event_type)?;
    let location_id = LocationId::parse("locationId", &req.location_id)?;
    let request_id = req.request_id.trim();
    if request_id.is_empty() {
        return Err(ApiError::bad_request("requestId cannot be empty"));
    }
    limits::check_len("requestId", request_id, limits::MAX_ID_CHARS)?;
    let data = ActionData::parse(kind, &req.data)?;
    let occurred = window::parse(&req.occurred_at)?;
    let caller = input.caller()?;
    for action in data.required_actions() {
        store.require(caller, action).await?;
    }
    // The Drop Off Summary's flag is the server's rule too (2-fleet §2.5).
    if matches!(data, ActionData::DropOverride(_)) && !store.has_flag(caller, flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }

    // What the request asks for, whatever its JSON spelling (key order, offsets).
    let content = json!({
        "eventType": kind.name(), "locationId": location_id.as_str(), "data": &data,
        "occurredAt": fridge_time::stamp(occurred),
    });
    let key = format!("{}:{request_id}", caller.sub);
    let request = Request::new(store, SCOPE, &key, &content);
    match request.seen().await? {
        // The stop's stocked time is set again: the first try may have failed after its action was stored.
        Seen::Replay(first) => return mark_stop(store, &data, &location_id, occurred).await.map(|()| first),
        Seen::Conflict => return Err(reused()),
        Seen::New => {}
    }

    let now = fridge_time::now();
    window::check(occurred, now)?;
    let location = store
        .location(&location_id)
        .await?
        .ok_or_else(|| ApiError::bad_request(format!("Unknown location {location_id}")))?;
    data.check_location(&location)?;
    if let ActionData::DropOverride(d) = &data {
        let date = &d.original_drop_off_date;
        let (slip, (actions, stops)) =
            tokio::try_join!(store.slip(date, &d.packing_slip_id), store.day_at(date, location_id.as_str()))?;
        let day = drop::DayFacts::of(&drop::parsed(actions), &stops);
        drop::check_slip(slip.as_ref(), d, &location_id, &day)?;
        // Read first for a clear refusal; the lock's condition decides a race.
        if let Some(lock) = store.slip_lock(&d.original_drop_off_date, &d.packing_slip_id).await? {
            return Err(lock.refusal(&d.packing_slip_id));
        }
    }

    let id = uuid::Uuid::new_v4().to_string();
    let (created_at, occurred_at) = (fridge_time::stamp(now), fridge_time::stamp(occurred));
    let action = StoredAction {
        event_type: kind.name().to_string(),
        sk: format!("{created_at}#{id}"),
        location_id: location_id.as_str().to_string(),
        data: data.to_text(),
        stocking_day: window::stocking_day(occurred).to_string(),
        occurred_sk: format!("{occurred_at}#{id}"),
        request_id: request_id.to_string(),
        created_by: caller.display().to_string(),
        created_by_sub: caller.sub.clone(),
        created_by_name: caller.name.clone(),
        id,
        created_at,
        occurred_at,
    };
    let answer = view(&action);
    let lock = match &data {
        ActionData::DropOverride(d) => Some((SlipLock::of(&action, d), d)),
        _ => None,
    };
    let answer =
        match store.insert(&action, &request.claim(&answer, now.timestamp()), lock.as_ref().map(|l| &l.0)).await {
            Ok(()) => answer,
            // A racing try of this request, or another override of the slip, landed
            // between the look-ups and this write.
            Err(ApiError::Conflict(_)) => match request.seen().await? {
                Seen::Replay(first) => first,
                _ => return Err(lost_race(store, lock.map(|(_, d)| d)).await?),
            },
            Err(e) => return Err(e),
        };
    mark_stop(store, &data, &location_id, occurred).await?;
    Ok(answer)
}

/// Why a write lost its race: another override locked the slip first, or
/// another try used this requestId with other content.
async fn lost_race<S: ActionStore>(store: &S, over: Option<&DropOverride>) -> Result<ApiError, ApiError> {
    if let Some(d) = over {
        if let Some(other) = store.slip_lock(&d.original_drop_off_date, &d.packing_slip_id).await? {
            return Ok(other.refusal(&d.packing_slip_id));
        }
    }
    Ok(reused())
}

/// A LocationStocked action sets its route stop's `stockedTimeUTC` (2-fleet §3),
/// after the action is stored: a derived field, set again by any retry, where
/// the earliest time wins, so no order of arrival or retry changes the result.
async fn mark_stop<S: ActionStore>(
    store: &S,
    data: &ActionData,
    location: &LocationId,
    occurred: chrono::DateTime<chrono::Utc>,
) -> Result<(), ApiError> {
    if let ActionData::LocationStocked(stocked) = data {
        let day = window::stocking_day(occurred).to_string();
        store.mark_stocked(&day, location.as_str(), stocked.stocking_index, &fridge_time::stamp(occurred)).await?;
    }
    Ok(())
}

/// An instant of the filter, written as stored times are (so they compare as text).
fn bound(field: &str, raw: Option<&str>) -> Result<Option<String>, ApiError> {
    raw.filter(|r| !r.trim().is_empty())
        .map(|r| {
            fleet_shared::dates::instant(r.trim())
                .map(fridge_time::stamp)
                .ok_or_else(|| ApiError::bad_request(format!("{field} must be a date and time with its offset")))
        })
        .transpose()
}

/// `getDriverAction(filter: {eventType, createdAt: {from, to}}, nextToken)`:
/// the type's actions created in [from, to), oldest first, `PAGE_SIZE` a page.
pub async fn list<S: ActionStore>(store: &S, input: &Input) -> Result<Value, ApiError> {
    let filter: Filter = input.arg("filter")?;
    let kind = EventType::parse(&filter.event_type)?;
    let range = filter.created_at.unwrap_or_default();
    let from = bound("createdAt.from", range.from.as_deref())?;
    let to = bound("createdAt.to", range.to.as_deref())?;
    if let (Some(f), Some(t)) = (&from, &to) {
        if f > t {
            return Err(ApiError::bad_request("createdAt.from cannot be after createdAt.to"));
        }
    }
    let token: Option<String> = input.arg("nextToken")?;
    let query = ByType { event_type: kind.name().to_string(), from, to };
    let (items, next) = store.page(&query, token.as_deref(), PAGE_SIZE).await?;
    Ok(json!({ "items": items.iter().map(view).collect::<Vec<_>>(), "nextToken": next }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::tests::sample;
    use crate::store::fake::Memory;
    use chrono::{DateTime, Utc};
    use fleet_shared::entity::Location;
    use fleet_shared::fridge_time::ClockAt;
    use fleet_shared::Caller;

    const NOW: &str = "2026-11-23T12:00:00Z";

    fn now() -> DateTime<Utc> {
        fleet_shared::dates::instant(NOW).unwrap()
    }

    fn driver() -> Caller {
        Caller {
            sub: "sub-d".into(),
            username: "d".into(),
            email: "driver@fleet".into(),
            email_verified: true,
            name: None,
        }
    }

    fn store() -> Memory {
        let mut m = Memory::default();
        for (id, kind) in [("CHI_1", "FRIDGE"), ("W_1", "WHOLESALE")] {
            let l: Location = serde_json::from_value(json!({ "id": id, "type": kind })).unwrap();
            m.locations.insert(id.into(), l);
        }
        for a in ["VanTasks", "FridgeTasks", "RecordTemperature", "UpdateFridgeStock", "AddScheduledEvent"] {
            m.grants.insert(("sub-d".into(), a.into()));
        }
        m.flags.insert(("sub-d".into(), flags::DROP_OVERRIDE.into()));
        for (slip, location, kind) in [("slip-1", "CHI_1", "FRIDGE"), ("s", "W_1", "WHOLESALE")] {
            let slip: crate::slips::PackingSlip = serde_json::from_value(json!({
                "dropOffDate": "2026-11-23", "uniqueId": slip, "locationId": location, "stockingIndex": 1,
                "createDate": NOW, "type": kind, "clientCode": "Acme", "status": "ACTIVE", "source": "PARS", "version": 0 }))
            .unwrap();
            m.slips.insert(("2026-11-23".into(), slip.unique_id.clone()), slip);
        }
        m
    }

    fn input(kind: EventType, request_id: &str, occurred_at: &str) -> Input {
        let args = json!({ "input": { "eventType": kind.name(), "locationId": "CHI_1", "data": sample(kind).to_string(),
                                      "requestId": request_id, "occurredAt": occurred_at } });
        Input { caller: Some(driver()), args, ..Input::default() }
    }

    fn with(mut input: Input, field: &str, value: Value) -> Input {
        input.args["input"][field] = value;
        input
    }

    #[tokio::test]
    async fn each_type_is_recorded_with_both_clocks_and_the_caller() {
        let _clock = ClockAt::new(now());
        let store = store();
        for (i, kind) in EventType::ALL.into_iter().enumerate() {
            let out = create(&store, &input(kind, &format!("r-{i}"), "2026-11-23T05:59:00-06:00")).await.unwrap();
            assert_eq!(out["eventType"], kind.name());
        }
        let actions = store.actions();
        assert_eq!(actions.len(), 8);
        let a = &actions[2];
        assert_eq!(
            (a.event_type.as_str(), a.location_id.as_str(), a.created_at.as_str(), a.occurred_at.as_str()),
            ("LocationStocked", "CHI_1", "2026-11-23T12:00:00.000Z", "2026-11-23T11:59:00.000Z")
        );
        assert_eq!(
            (a.created_by.as_str(), a.created_by_sub.as_str(), a.stocking_day.as_str()),
            ("driver@fleet", "sub-d", "2026-11-23")
        );
        assert_eq!(a.sk, format!("2026-11-23T12:00:00.000Z#{}", a.id));
        assert_eq!(a.occurred_sk, format!("2026-11-23T11:59:00.000Z#{}", a.id));
        assert_eq!(serde_json::from_str::<Value>(&a.data).unwrap(), json!({ "stockingIndex": 1, "temperature": 37.5 }));
    }

    #[tokio::test]
    async fn a_retry_answers_the_first_result_and_other_content_is_refused() {
        let _clock = ClockAt::new(now());
        let store = store();
        let first = create(&store, &input(EventType::PackingSlipQuery, "r-1", NOW)).await.unwrap();
        // The same request spelled otherwise (key order, another offset) is the same content.
        let again = with(
            input(EventType::PackingSlipQuery, "r-1", "2026-11-23T06:00:00-06:00"),
            "data",
            json!({ "stockingIndex": 1, "packingSlipId": "slip-1" }),
        );
        assert_eq!(create(&store, &again).await.unwrap(), first);
        assert_eq!(store.actions().len(), 1);
        let other = with(input(EventType::PackingSlipQuery, "r-1", NOW), "locationId", json!("W_1"));
        assert_eq!(
            create(&store, &other).await.unwrap_err(),
            ApiError::Conflict(
                "This requestId was already used with other content. Send new content with a new id.".into()
            )
        );
        // Another caller's request of the same id is their own.
        let mut theirs = input(EventType::PackingSlipQuery, "r-1", NOW);
        theirs.caller = Some(Caller { sub: "sub-e".into(), ..driver() });
        let mut store = store;
        store.grants.insert(("sub-e".into(), "VanTasks".into()));
        assert_ne!(create(&store, &theirs).await.unwrap()["id"], first["id"]);
        assert_eq!(store.actions().len(), 2);
    }

    #[tokio::test]
    async fn a_retry_after_the_window_still_answers_what_was_recorded() {
        let store = store();
        let first = {
            let _clock = ClockAt::new(now());
            create(&store, &input(EventType::VanTemperature, "r-1", NOW)).await.unwrap()
        };
        let _later = ClockAt::new(now() + chrono::TimeDelta::hours(40));
        assert_eq!(create(&store, &input(EventType::VanTemperature, "r-1", NOW)).await.unwrap(), first);
        assert_eq!(store.actions().len(), 1);
    }

    #[tokio::test]
    async fn a_racing_try_is_answered_the_action_it_recorded() {
        let _clock = ClockAt::new(now());
        let winner = store();
        let first = create(&winner, &input(EventType::LocationStocked, "r-1", NOW)).await.unwrap();
        let claim = winner.records.0.lock().unwrap().values().next().cloned().unwrap();
        let store = store();
        *store.racing.lock().unwrap() = Some((winner.actions()[0].clone(), claim));
        assert_eq!(create(&store, &input(EventType::LocationStocked, "r-1", NOW)).await.unwrap(), first);
        assert_eq!(store.actions().len(), 1, "no second action");
    }

    #[tokio::test]
    async fn location_stocked_sets_the_stops_stocked_time_earliest_first() {
        let _clock = ClockAt::new(now());
        let store = store();
        let index = sample(EventType::LocationStocked)["stockingIndex"].as_i64().unwrap();
        let key = ("2026-11-23".to_string(), "CHI_1".to_string(), index);
        create(&store, &input(EventType::LocationStocked, "r-1", "2026-11-23T11:50:00Z")).await.unwrap();
        // A queued action from earlier arrives later: its time wins.
        create(&store, &input(EventType::LocationStocked, "r-2", "2026-11-23T11:40:00Z")).await.unwrap();
        create(&store, &input(EventType::LocationStocked, "r-3", "2026-11-23T11:55:00Z")).await.unwrap();
        assert_eq!(store.stocked.lock().unwrap().get(&key).map(String::as_str), Some("2026-11-23T11:40:00.000Z"));
        // Other types leave stops alone.
        create(&store, &input(EventType::PackingSlipQuery, "r-4", NOW)).await.unwrap();
        assert_eq!(store.stocked.lock().unwrap().len(), 1);
        // A retry whose first try stored its action but not the stop sets it.
        store.stocked.lock().unwrap().clear();
        create(&store, &input(EventType::LocationStocked, "r-1", "2026-11-23T11:50:00Z")).await.unwrap();
        assert_eq!(store.stocked.lock().unwrap().get(&key).map(String::as_str), Some("2026-11-23T11:50:00.000Z"));
        assert_eq!(store.actions().len(), 4, "the retry stores no second action");
    }

    #[tokio::test]
    async fn occurred_at_is_taken_up_to_the_window_edges_only() {
        let _clock = ClockAt::new(now());
        let store = store();
        let try_at = |id: &'static str, at: &'static str| {
            let store = &store;
            async move { create(store, &input(EventType::VanTemperature, id, at)).await }
        };
        assert!(try_at("r-1", "2026-11-23T12:05:00Z").await.is_ok());
        assert!(try_at("r-2", "2026-11-22T00:00:00Z").await.is_ok());
        assert!(try_at("r-3", "2026-11-23T12:05:00.001Z")
            .await
            .unwrap_err()
            .to_string()
            .contains("more than 5 minutes ahead"));
        assert!(try_at("r-4", "2026-11-21T23:59:59.999Z")
            .await
            .unwrap_err()
            .to_string()
            .contains("more than 36 hours old"));
        assert_eq!(store.actions().len(), 2);
        assert!(store.records.0.lock().unwrap().len() == 2, "refused requests leave no record");
    }

    #[tokio::test]
    async fn refused_requests_write_nothing() {
        let _clock = ClockAt::new(now());
        let store = store();
        let refused = |input: Input| {
            let store = &store;
            async move { create(store, &input).await.unwrap_err() }
        };
        let base = || input(EventType::LocationStocked, "r-1", NOW);
        assert!(refused(with(base(), "eventType", json!("Teleported")))
            .await
            .to_string()
            .starts_with("Unknown eventType Teleported"));
        assert_eq!(refused(with(base(), "locationId", json!("NOPE"))).await.to_string(), "Unknown location NOPE");
        assert_eq!(refused(with(base(), "locationId", json!(" "))).await.to_string(), "locationId cannot be empty");
        assert_eq!(
            refused(with(base(), "data", json!("{\"stockingIndex\": \"one\"}"))).await.to_string(),
            "Invalid data for LocationStocked: invalid type: string \"one\", expected i64"
        );
        assert_eq!(refused(with(base(), "requestId", json!(""))).await.to_string(), "requestId cannot be empty");
        assert!(refused(with(base(), "occurredAt", json!("2026-11-23 12:00")))
            .await
            .to_string()
            .starts_with("occurredAt must be"));
        assert!(refused(with(base(), "extra", json!(1))).await.to_string().contains("unknown field `extra`"));
        let mut nobody = base();
        nobody.caller = Some(Caller { sub: "sub-x".into(), ..driver() });
        assert_eq!(refused(nobody).await, ApiError::Forbidden);
        let mut unsigned = base();
        unsigned.caller = None;
        assert_eq!(refused(unsigned).await, ApiError::Unauthorized);
        assert!(store.actions().is_empty() && store.records.0.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn each_type_needs_its_action_and_a_temperature_needs_record_temperature() {
        let _clock = ClockAt::new(now());
        let mut store = store();
        store.grants.retain(|(_, a)| a != "RecordTemperature" && a != "AddScheduledEvent");
        let denied = |kind| {
            let store = &store;
            async move { create(store, &input(kind, kind.name(), NOW)).await }
        };
        assert_eq!(
            denied(EventType::LocationStocked).await.unwrap_err(),
            ApiError::Forbidden,
            "it carries a temperature"
        );
        assert_eq!(denied(EventType::VanTemperature).await.unwrap_err(), ApiError::Forbidden);
        assert_eq!(denied(EventType::DropOverride).await.unwrap_err(), ApiError::Forbidden, "a driver cannot override");
        assert!(denied(EventType::PackingSlipQuery).await.is_ok());
        let unstocked = with(input(EventType::LocationStocked, "r-9", NOW), "data", json!({ "stockingIndex": 1 }));
        assert!(create(&store, &unstocked).await.is_ok(), "without a temperature FridgeTasks is enough");
    }

    #[tokio::test]
    async fn a_complete_override_of_a_fridge_is_refused() {
        let _clock = ClockAt::new(now());
        let store = store();
        let complete = json!({ "userSubmitted": "ops@fleet", "dropStatus": "Complete", "statusReason": "Group Drop",
                               "originalDropOffDate": "2026-11-23", "packingSlipId": "s" });
        let over = with(input(EventType::DropOverride, "r-1", NOW), "data", complete);
        assert_eq!(
            create(&store, &over).await.unwrap_err().to_string(),
            "A fridge-type location cannot be set to Complete (CHI_1)"
        );
        assert!(create(&store, &with(over, "locationId", json!("W_1"))).await.is_ok());
    }

    #[tokio::test]
    async fn an_override_needs_the_flag_and_locks_its_slip() {
        let _clock = ClockAt::new(now());
        let mut store = store();
        let over = input(EventType::DropOverride, "o-1", NOW);
        let flags = std::mem::take(&mut store.flags);
        assert_eq!(create(&store, &over).await.unwrap_err(), ApiError::Forbidden, "no 'drop-override' flag");
        store.flags = flags;

        let first = create(&store, &over).await.unwrap();
        let lock = store.locks.lock().unwrap().get("2026-11-23#slip-1").cloned().unwrap();
        assert_eq!(
            (lock.status_reason.as_str(), lock.action_id.as_str()),
            ("Missing Totes", first["id"].as_str().unwrap())
        );
        assert_eq!(create(&store, &over).await.unwrap(), first, "a retry is answered, not refused");
        let again = create(&store, &input(EventType::DropOverride, "o-2", NOW)).await.unwrap_err();
        assert_eq!(again.status(), 409);
        assert!(again.to_string().starts_with("The drop status of packing slip slip-1 is already recorded"), "{again}");

        let elsewhere = with(input(EventType::DropOverride, "o-3", NOW), "locationId", json!("W_1"));
        assert_eq!(
            create(&store, &elsewhere).await.unwrap_err().to_string(),
            "Packing slip slip-1 is for location CHI_1, not W_1"
        );
        let mut unknown = sample(EventType::DropOverride);
        unknown["packingSlipId"] = json!("nope");
        let unknown = with(input(EventType::DropOverride, "o-4", NOW), "data", unknown);
        assert_eq!(create(&store, &unknown).await.unwrap_err().to_string(), "Unknown packing slip nope on 2026-11-23");
        assert_eq!(store.actions().len(), 1, "refusals write nothing");
    }

    #[tokio::test]
    async fn the_list_pages_a_type_by_created_at() {
        let store = store();
        for (i, minute) in [1, 2, 3].into_iter().enumerate() {
            let _clock = ClockAt::new(now() + chrono::TimeDelta::minutes(minute));
            create(&store, &input(EventType::PackingSlipQuery, &format!("r-{i}"), NOW)).await.unwrap();
        }
        let _clock = ClockAt::new(now());
        create(&store, &input(EventType::VanTemperature, "v", NOW)).await.unwrap();
        let list_of = |filter: Value, token: Option<&str>| {
            let store = &store;
            let input = Input {
                caller: Some(driver()),
                args: json!({ "filter": filter, "nextToken": token }),
                ..Input::default()
            };
            async move { list(store, &input).await }
        };
        let all = list_of(json!({ "eventType": "PackingSlipQuery" }), None).await.unwrap();
        let times: Vec<&str> =
            all["items"].as_array().unwrap().iter().map(|a| a["createdAt"].as_str().unwrap()).collect();
        assert_eq!(times, ["2026-11-23T12:01:00.000Z", "2026-11-23T12:02:00.000Z", "2026-11-23T12:03:00.000Z"]);
        assert_eq!(all["nextToken"], Value::Null);
        // [from, to): from included, to excluded, in any offset.
        let some = list_of(
            json!({ "eventType": "PackingSlipQuery", "createdAt": { "from": "2026-11-23T06:02:00-06:00", "to": "2026-11-23T12:03:00Z" } }),
            None,
        )
        .await
        .unwrap();
        assert_eq!(some["items"].as_array().unwrap().len(), 1);
        assert_eq!(some["items"][0]["createdAt"], "2026-11-23T12:02:00.000Z");
        assert_eq!(
            list_of(
                json!({ "eventType": "PackingSlipQuery", "createdAt": { "from": "2026-11-24T00:00:00Z", "to": NOW } }),
                None
            )
            .await
            .unwrap_err()
            .to_string(),
            "createdAt.from cannot be after createdAt.to"
        );
        assert!(list_of(json!({ "eventType": "Nope" }), None).await.is_err());
        assert!(list_of(json!({ "eventType": "VanTemperature", "createdAt": { "from": "today" } }), None)
            .await
            .is_err());
    }
}
