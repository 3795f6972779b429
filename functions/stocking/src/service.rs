//! `createDriverAction` and `getDriverAction` over the store. A create is
//! checked whole before anything is written: the type, the location id, the
//! data's shape, the caller's actions for it, then (unless it is a retry) the
//! device time window and the location; the action and its request's
//! idempotency record land in one transaction.
use crate::drop::{self, SlipLock};
use crate::events::{ActionData, DropOverride, EventType};
use crate::record::CorrectionKind;
use crate::store::{ActionStore, ByType, StoredAction};
use crate::window;
use fleet_shared::assignment::{self, Pass};
use fleet_shared::contract::Page;
use fleet_shared::entity::LocationId;
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{flags, fridge_time, limits, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The idempotency scope of driver actions; a record's id is `sub:requestId`
/// (a requestId is its caller's own: two drivers' apps may pick the same one).
pub const SCOPE: &str = "driver-actions";
/// Actions a `getDriverAction` page holds at most.
pub const PAGE_SIZE: usize = 500;

/// `createDriverAction(input)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct CreateArgs {
    pub input: CreateInput,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateInput {
    event_type: String,
    #[schemars(extend("x-plain-text" = "read raw: a refused call is still logged in the driver log, with - for a value that fails its rule (`logged`)"))]
    location_id: String,
    /// AWSJSON: JSON text, or a parsed object.
    data: Value,
    #[schemars(extend("x-plain-text" = "read raw: a refused call is still logged in the driver log, with - for a value that fails its rule (`logged`)"))]
    request_id: String,
    #[schemars(extend("x-plain-text" = "read raw: a refused call is still logged in the driver log, with - for a value that fails its rule (`logged`)"))]
    occurred_at: String,
}

/// `getDriverAction(filter, nextToken)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListArgs {
    pub filter: Filter,
    #[serde(default)]
    pub next_token: Option<String>,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Filter {
    event_type: String,
    #[serde(default)]
    created_at: Option<TimeRange>,
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeRange {
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

/// An action as GraphQL answers it (`DriverAction`). Deserialize: a retry
/// is answered the first try's answer, stored as JSON with its request record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverActionView {
    pub id: String,
    pub event_type: String,
    pub location_id: String,
    /// AWSJSON text.
    pub data: String,
    pub created_at: String,
    pub occurred_at: String,
    pub stocking_day: String,
    pub request_id: String,
    pub created_by: String,
    pub created_by_sub: String,
    #[serde(default)]
    pub created_by_name: Option<String>,
    /// A supervisor's void or re-time (`correct`), the one change an action can have.
    #[serde(default)]
    pub correction: Option<CorrectionView>,
    /// Last modified when created (the spec's field), or when corrected.
    #[serde(rename = "_lastModified")]
    pub last_modified: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionView {
    pub kind: CorrectionKind,
    pub at: String,
    pub by: String,
    pub reason: String,
    pub original_occurred_at: String,
}

pub fn view(a: &StoredAction) -> DriverActionView {
    DriverActionView {
        id: a.id.clone(),
        event_type: a.event_type.clone(),
        location_id: a.location_id.clone(),
        data: a.data.clone(),
        created_at: a.created_at.clone(),
        occurred_at: a.occurred_at.clone(),
        stocking_day: a.stocking_day.clone(),
        request_id: a.request_id.clone(),
        created_by: a.created_by.clone(),
        created_by_sub: a.created_by_sub.clone(),
        created_by_name: a.created_by_name.clone(),
        correction: a.correction.as_ref().map(|c| CorrectionView {
            kind: c.kind,
            at: c.at.clone(),
            by: c.by.clone(),
            reason: c.reason.clone(),
            original_occurred_at: c.original_occurred_at.clone(),
        }),
        last_modified: a.correction.as_ref().map_or(&a.created_at, |c| &c.at).clone(),
    }
}

fn reused() -> ApiError {
    idempotency::conflict("This requestId")
}

/// `createDriverAction(input: {eventType, locationId, data, requestId, occurredAt})` → the recorded `DriverAction`.
pub async fn create<S: ActionStore>(
    store: &S,
    caller: &Caller,
    req: CreateInput,
) -> Result<DriverActionView, ApiError> {
    let admitted = admit(store, caller, req).await.map_err(|r| r.error)?;
    record(store, caller, admitted).await
}

/// A createDriverAction call that passed the gate: its fields checked and
/// bounded, the caller holding every action it needs. Only such a call is
/// written to the driver log (issue 38: raw input from anyone was).
pub struct Admitted {
    pub kind: EventType,
    pub location_id: LocationId,
    pub request_id: String,
    data: ActionData,
    occurred: chrono::DateTime<chrono::Utc>,
}

/// A refused createDriverAction, and what of it the driver log may keep
/// (issue 59): a call from a caller who holds its type's action (or, for an
/// unknown type, a driver action) is an error row the office can see; anyone
/// else's writes nothing.
#[derive(Debug)]
pub struct Refused {
    pub error: ApiError,
    pub logged: Option<Logged>,
}

/// The bounded fields a refused call is logged by.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    /// The event type, or "unknown".
    pub operation: &'static str,
    /// The location id if it is one, else "-".
    pub fridge: String,
    /// The requestId if it passes its rule, else "-".
    pub request_id: String,
}

/// The operation of an unknown event type in the driver log.
pub const UNKNOWN_OPERATION: &str = "unknown";

/// Reads and checks the call in order: the event type is known; the caller
/// holds its action; then the data (and any further action it needs).
pub async fn admit<S: ActionStore>(store: &S, caller: &Caller, req: CreateInput) -> Result<Admitted, Refused> {
    let kind = match EventType::parse(&req.event_type) {
        Ok(kind) => kind,
        Err(error) => {
            let driver =
                store.require(caller, "VanTasks").await.is_ok() || store.require(caller, "FridgeTasks").await.is_ok();
            let logged = if driver { Some(logged(store, UNKNOWN_OPERATION, &req).await) } else { None };
            return Err(Refused { error, logged });
        }
    };
    if let Err(error) = store.require(caller, kind.action()).await {
        return Err(Refused { error, logged: None });
    }
    match checked(store, caller, kind, req.clone()).await {
        Ok(admitted) => Ok(admitted),
        Err(error) => Err(Refused { error, logged: Some(logged(store, kind.name(), &req).await) }),
    }
}

/// A refused call's bounded fields: the fridge only if it is a location, the
/// requestId only if it passes its rule.
async fn logged<S: ActionStore>(store: &S, operation: &'static str, req: &CreateInput) -> Logged {
    let fridge = match LocationId::parse("locationId", &req.location_id) {
        Ok(id) if matches!(store.location(&id).await, Ok(Some(_))) => id.to_string(),
        _ => "-".to_string(),
    };
    let request_id = idempotency::request_id(&req.request_id).map_or_else(|_| "-".to_string(), |id| id.to_string());
    Logged { operation, fridge, request_id }
}

/// The data of a call whose type the caller may record, checked and bounded.
async fn checked<S: ActionStore>(
    store: &S,
    caller: &Caller,
    kind: EventType,
    req: CreateInput,
) -> Result<Admitted, ApiError> {
    let location_id = LocationId::parse("locationId", &req.location_id)?;
    let request_id = req.request_id.trim();
    if request_id.is_empty() {
        return Err(ApiError::bad_request("requestId cannot be empty"));
    }
    limits::check_len("requestId", request_id, limits::MAX_ID_CHARS)?;
    let mut data = ActionData::parse(kind, &req.data)?;
    let occurred = window::parse(&req.occurred_at)?;
    for action in data.required_actions() {
        store.require(caller, action).await?;
    }
    // The Drop Off Summary's flag is the server's rule too (2-fleet §2.5).
    if matches!(data, ActionData::DropOverride(_)) && !store.has_flag(caller, flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }
    // Who submitted an override is the caller, whatever the client wrote (issue 38).
    if let ActionData::DropOverride(d) = &mut data {
        d.user_submitted = caller.display().to_string();
    }
    Ok(Admitted { kind, location_id, request_id: request_id.to_string(), data, occurred })
}

/// Records an admitted action: a retry answers the first result; a new one
/// is checked against the time window, the location, the caller's route and
/// (an override) its slip, then stored with its request record.
pub async fn record<S: ActionStore>(
    store: &S,
    caller: &Caller,
    admitted: Admitted,
) -> Result<DriverActionView, ApiError> {
    let Admitted { kind, location_id, request_id, data, occurred } = admitted;
    let request_id = request_id.as_str();

    // What the request asks for, whatever its JSON spelling (key order, offsets).
    let content = json!({
        "eventType": kind.name(), "locationId": location_id.as_str(), "data": &data,
        "occurredAt": fridge_time::stamp(occurred),
    });
    let key = format!("{}:{request_id}", caller.sub);
    let request = Request::new(store, SCOPE, &key, &content);
    match request.seen().await? {
        // The stop's stocked time is set again: the first try may have failed after its action was stored.
        Seen::Replay(first) => {
            let first: DriverActionView = idempotency::replayed(first)?;
            return mark_stop(store, &data, &location_id, &first_sk(&first)).await.map(|()| first);
        }
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
    // The overridden slip's stocking index: its lock (and so the dashboard) names that stop only.
    let mut slip_index = None;
    if let ActionData::DropOverride(d) = &data {
        let date = &d.original_drop_off_date;
        let (slip, (actions, stops)) =
            tokio::try_join!(store.slip(date, &d.packing_slip_id), store.day_at(date, location_id.as_str()))?;
        let day = drop::DayFacts::of(&drop::parsed(actions), &stops);
        drop::check_slip(slip.as_ref(), d, &location_id, &day)?;
        slip_index = slip.map(|s| s.stocking_index);
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
        stocking_day: filed_under(&data, occurred),
        occurred_sk: format!("{occurred_at}#{id}"),
        request_id: request_id.to_string(),
        created_by: caller.display().to_string(),
        created_by_sub: caller.sub.clone(),
        created_by_name: caller.name.clone(),
        correction: None,
        id,
        created_at,
        occurred_at,
    };
    let answer = view(&action);
    let lock = match (&data, slip_index) {
        (ActionData::DropOverride(d), Some(index)) => Some((SlipLock::of(&action, d, index), d)),
        _ => None,
    };
    let claim = request.claim(&serde_json::to_value(&answer).map_err(ApiError::internal)?, now.timestamp());
    // The action, its request record, the slip's lock and the gate's pass land together.
    let write = |pass: Option<Pass>| {
        let (action, claim, answer, request, lock) = (&action, &claim, &answer, &request, &lock);
        async move {
            match store.insert(action, claim, lock.as_ref().map(|l| &l.0), pass.as_ref()).await {
                Ok(()) => Ok(Some(answer.clone())),
                // A racing try of this request, or another override of the slip, landed
                // between the look-ups and this write; else the pass no longer holds.
                Err(ApiError::Conflict(_)) => match request.seen().await? {
                    Seen::Replay(first) => idempotency::replayed(first).map(Some),
                    // Another try used this requestId with other content: deciding again cannot help.
                    Seen::Conflict => Err(reused()),
                    Seen::New => match lost_race(store, lock.as_ref().map(|(_, d)| *d)).await? {
                        Some(refusal) => Err(refusal),
                        None => Ok(None),
                    },
                },
                Err(e) => Err(e),
            }
        }
    };
    // Field actions belong to the caller's route that day (issues 38, 59).
    let what = format!("{} at {location_id}", kind.name());
    let date = window::stocking_day(occurred).to_string();
    let answer = match route_ask(&data, location_id.as_str(), &date, now, &what)? {
        Some(ask) => assignment::with_pass(store, caller, &ask, |pass| write(Some(pass))).await,
        None => write(None).await,
    };
    // Still refused with nothing to explain it: another try used this requestId with other content.
    let answer = answer?.ok_or_else(reused)?;
    mark_stop(store, &data, &location_id, &first_sk(&answer)).await?;
    Ok(answer)
}

/// The stocking day an action is filed under (`stockingDay`, the dashboard's day index): an override's
/// is its slip's date, whenever it is made (an override made the day after is about yesterday's stop);
/// any other action's is the day its `occurredAt` falls in.
fn filed_under(data: &ActionData, occurred: chrono::DateTime<chrono::Utc>) -> String {
    match data {
        ActionData::DropOverride(d) => d.original_drop_off_date.clone(),
        _ => window::stocking_day(occurred).to_string(),
    }
}

/// What the gate asks of an action: a stop-bound action needs the caller's
/// assignment to a route with a stop at the location that stocking day (or
/// a claim of a route without a driver); a van temperature that names its
/// route, that route, with the location one of its stops. A drop override is
/// an office action (2-fleet §2.5): none.
fn route_ask<'a>(
    data: &'a ActionData,
    location: &'a str,
    date: &'a str,
    now: chrono::DateTime<chrono::Utc>,
    what: &'a str,
) -> Result<Option<assignment::Ask<'a>>, ApiError> {
    let ask = |stocking_index, route| assignment::Ask {
        location,
        date,
        stocking_index,
        route,
        opens_door: false,
        may_claim: true,
        now,
        what,
    };
    Ok(match data {
        ActionData::DropOverride(_) => None,
        ActionData::VanTemperature(v) => match v.route.as_deref().filter(|r| !r.trim().is_empty()) {
            Some(route) => {
                fleet_shared::entity::route_stop::route_name(route).map_err(ApiError::BadRequest)?;
                Some(ask(None, Some(route.trim())))
            }
            None => Some(ask(None, None)),
        },
        other => Some(ask(other.stocking_index(), None)),
    })
}

/// Why a write lost its race: another override locked the slip first (its
/// refusal), or none that the slip explains.
async fn lost_race<S: ActionStore>(store: &S, over: Option<&DropOverride>) -> Result<Option<ApiError>, ApiError> {
    if let Some(d) = over {
        if let Some(other) = store.slip_lock(&d.original_drop_off_date, &d.packing_slip_id).await? {
            return Ok(Some(other.refusal(&d.packing_slip_id)));
        }
    }
    Ok(None)
}

/// A LocationStocked action sets its route stop's `stockedTimeUTC` (2-fleet §3),
/// after the action is stored: a derived field, set again by any retry, where
/// the earliest time wins, so no order of arrival or retry changes the result.
/// The store reads the action back: a supervisor's void or re-time (`correct`)
/// wins over a late retry.
async fn mark_stop<S: ActionStore>(
    store: &S,
    data: &ActionData,
    location: &LocationId,
    sk: &str,
) -> Result<(), ApiError> {
    if let ActionData::LocationStocked(stocked) = data {
        store.mark_stocked(location.as_str(), stocked.stocking_index, sk).await?;
    }
    Ok(())
}

/// The stored action's sort key (`createdAt#id`), from the answer it was recorded with.
fn first_sk(answer: &DriverActionView) -> String {
    format!("{}#{}", answer.created_at, answer.id)
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
pub async fn list<S: ActionStore>(
    store: &S,
    caller: &Caller,
    args: ListArgs,
) -> Result<Page<DriverActionView>, ApiError> {
    let ListArgs { filter, next_token: token } = args;
    let kind = EventType::parse(&filter.event_type)?;
    // Overrides are read behind the flag they are recorded behind (2-fleet §2.5).
    if kind == EventType::DropOverride && !store.has_flag(caller, flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }
    let range = filter.created_at.unwrap_or_default();
    let from = bound("createdAt.from", range.from.as_deref())?;
    let to = bound("createdAt.to", range.to.as_deref())?;
    if let (Some(f), Some(t)) = (&from, &to) {
        if f > t {
            return Err(ApiError::bad_request("createdAt.from cannot be after createdAt.to"));
        }
    }
    let query = ByType { event_type: kind.name().to_string(), from, to };
    let (items, next) = store.page(&query, token.as_deref(), PAGE_SIZE).await?;
    Ok(Page { items: items.iter().map(view).collect(), next_token: next })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::events::tests::sample;
    use crate::store::memory::Memory;
    use chrono::{DateTime, Utc};
    use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
    use fleet_shared::entity::Location;
    use fleet_shared::fridge_time::ClockAt;
    use fleet_shared::{contract, Input};

    pub(crate) const NOW: &str = "2026-11-23T12:00:00Z";

    pub(crate) fn now() -> DateTime<Utc> {
        fleet_shared::dates::instant(NOW).unwrap()
    }

    pub(crate) fn driver() -> Caller {
        Caller {
            sub: "sub-d".into(),
            username: "d".into(),
            email: "driver@fleet".into(),
            email_verified: true,
            name: None,
        }
    }

    pub(crate) fn store() -> Memory {
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
        // Both locations are stops of route r1 on the days the tests act on; nobody drives it yet.
        let mut stops = Vec::new();
        for date in ["2026-11-22", "2026-11-23"] {
            for (n, (location, index)) in [("CHI_1", 1), ("CHI_1", 2), ("W_1", 1), ("W_1", 2)].into_iter().enumerate() {
                stops.push(route_stop(date, "r1", n as i64 + 1, location, index));
            }
        }
        m.assignments = assignment::MemoryAssignments::with_stops(stops);
        m
    }

    fn route_stop(date: &str, route: &str, n: i64, location: &str, index: i64) -> StoredStop {
        let stop = RouteStop {
            stocking_date: date.into(),
            market: "MW".into(),
            id: location.into(),
            route: route.into(),
            stop: n,
            stocking_index: index,
            stop_type: "DELIVERY".into(),
        };
        StoredStop {
            route_stop: fleet_shared::entity::route_stop::sort_key(route, n),
            stop,
            upload: None,
            stocked_time_utc: None,
            stocked_by: None,
        }
    }

    fn other_driver() -> Caller {
        Caller { sub: "sub-e".into(), email: "other@fleet".into(), ..driver() }
    }

    #[tokio::test]
    async fn a_stop_action_claims_an_unassigned_route_and_binds_it_to_that_driver() {
        let _clock = ClockAt::new(now());
        let mut store = store();
        for a in ["VanTasks", "FridgeTasks", "RecordTemperature"] {
            store.grants.insert(("sub-e".into(), a.into()));
        }
        create(&store, &input(EventType::PackingSlipQuery, "r-1", NOW)).await.unwrap();
        let drivers = store.assignments.all_drivers();
        assert_eq!((drivers.len(), drivers[0].route.as_str(), drivers[0].driver_sub.as_str()), (1, "r1", "sub-d"));
        assert_eq!(drivers[0].source, "claim");

        // Another driver's LocationStocked at the same stop is refused, and nothing is stored or marked.
        let theirs = Input { caller: Some(other_driver()), ..input(EventType::LocationStocked, "r-2", NOW) };
        let refused = create(&store, &theirs).await.unwrap_err();
        assert_eq!(refused.status(), 403);
        assert_eq!(
            refused.to_string(),
            "CHI_1 is not on your routes of 2026-11-23: route r1 is assigned to driver@fleet."
        );
        assert_eq!(store.actions().len(), 1);
        assert!(store.stocked.lock().unwrap().is_empty(), "no false LocationStocked");

        // A van temperature names its route: the other driver's route is refused, their own is claimed.
        let van = |route: &str, id: &str| {
            let data = json!({ "temperature": 34, "route": route }).to_string();
            Input {
                caller: Some(other_driver()),
                ..with(input(EventType::VanTemperature, id, NOW), "data", json!(data))
            }
        };
        assert_eq!(create(&store, &van("r1", "r-3")).await.unwrap_err().status(), 403);
        // A route with no stops that day is not invented (issue 59).
        let invented = create(&store, &van("no-such-route", "r-4")).await.unwrap_err();
        assert_eq!(
            (invented.status(), invented.to_string()),
            (400, "Route no-such-route has no stops on 2026-11-23.".into())
        );
        assert!(!store.assignments.all_drivers().iter().any(|d| d.route == "no-such-route"));
        store.assignments.stops.lock().unwrap().push(route_stop("2026-11-23", "r2", 1, "CHI_1", 3));
        create(&store, &van("r2", "r-5")).await.unwrap();
        assert!(store.assignments.all_drivers().iter().any(|d| d.route == "r2" && d.driver_sub == "sub-e"));
    }

    #[tokio::test]
    async fn a_backdated_action_claims_no_route_of_an_earlier_day() {
        let _clock = ClockAt::new(now());
        let store = store();
        // Yesterday noon, inside the 36 hours allowed: route r1 of 2026-11-22 has no driver.
        let backdated = create(&store, &input(EventType::PackingSlipQuery, "r-1", "2026-11-22T18:00:00Z")).await;
        let refused = backdated.unwrap_err();
        assert_eq!(
            (refused.status(), refused.to_string()),
            (403, "Route r1 of 2026-11-22 had no driver. Ask the office to assign it, then send again.".into())
        );
        assert!(store.assignments.all_drivers().is_empty() && store.actions().is_empty());
        // Once the office assigns it, the same call is recorded.
        store.assignments.drivers.lock().unwrap().push(yesterdays_r1());
        assert!(create(&store, &input(EventType::PackingSlipQuery, "r-1", "2026-11-22T18:00:00Z")).await.is_ok());
    }

    /// Route r1 of 2026-11-22, assigned by the office to sub-d.
    fn yesterdays_r1() -> fleet_shared::entity::assignment::DriverAssignment {
        fleet_shared::entity::assignment::DriverAssignment {
            stocking_date: "2026-11-22".into(),
            route: "r1".into(),
            driver_sub: "sub-d".into(),
            driver_email: "driver@fleet".into(),
            driver_name: None,
            assigned_by: "ops@fleet".into(),
            assigned_at: NOW.into(),
            source: "screen".into(),
            version: 1,
            first_action: None,
        }
    }

    #[tokio::test]
    async fn a_location_with_no_stop_that_day_is_refused_unless_the_caller_supervises() {
        let _clock = ClockAt::new(now());
        let mut store = store();
        store
            .locations
            .insert("CHI_9".into(), serde_json::from_value(json!({ "id": "CHI_9", "type": "FRIDGE" })).unwrap());
        let elsewhere = with(input(EventType::LocationStocked, "r-1", NOW), "locationId", json!("CHI_9"));
        let refused = create(&store, &elsewhere).await.unwrap_err();
        assert_eq!(refused.to_string(), "CHI_9 has no stop (stocking index 1) on the routes of 2026-11-23.");
        store.assignments.supervisors.push("sub-d".into());
        assert!(create(&store, &elsewhere).await.is_ok(), "a supervisor acts on any stop");
        assert!(store.assignments.all_drivers().is_empty(), "a supervisor claims nothing");
    }

    /// A call as the edge parses it, its answer as JSON (what GraphQL is answered).
    pub(crate) async fn create<S: ActionStore>(store: &S, input: &Input) -> Result<Value, ApiError> {
        let args: CreateArgs = contract::request(input)?;
        let out = super::create(store, input.caller()?, args.input).await?;
        Ok(serde_json::to_value(out).unwrap())
    }

    async fn list<S: ActionStore>(store: &S, input: &Input) -> Result<Value, ApiError> {
        let args: ListArgs = contract::request(input)?;
        Ok(serde_json::to_value(super::list(store, input.caller()?, args).await?).unwrap())
    }

    pub(crate) fn input(kind: EventType, request_id: &str, occurred_at: &str) -> Input {
        let args = json!({ "input": { "eventType": kind.name(), "locationId": "CHI_1", "data": sample(kind).to_string(),
                                      "requestId": request_id, "occurredAt": occurred_at } });
        Input { caller: Some(driver()), args, ..Input::default() }
    }

    fn with(mut input: Input, field: &str, value: Value) -> Input {
        input.args["input"][field] = value;
        input
    }

    /// What `admit` leaves for the driver log of a call.
    async fn logged_of(store: &Memory, input: &Input) -> Option<Logged> {
        let args: CreateArgs = contract::request(input).unwrap();
        admit(store, input.caller().unwrap(), args.input).await.err().and_then(|r| r.logged)
    }

    #[tokio::test]
    async fn a_refused_call_is_logged_only_for_a_caller_who_holds_its_types_action_and_by_bounded_fields() {
        let store = store();
        // A driver's LocationStocked with an impossible temperature: an error row, with its fields.
        let hot = with(
            input(EventType::LocationStocked, "r-1", NOW),
            "data",
            json!(r#"{"stockingIndex":1,"temperature":500}"#),
        );
        let logged = logged_of(&store, &hot).await.expect("logged");
        assert_eq!(logged, Logged { operation: "LocationStocked", fridge: "CHI_1".into(), request_id: "r-1".into() });
        // A bad requestId and location are not logged as sent: "-".
        let bad = with(with(hot.clone(), "requestId", json!("x".repeat(500))), "locationId", json!("no such id!"));
        let logged = logged_of(&store, &bad).await.expect("logged");
        assert_eq!((logged.fridge.as_str(), logged.request_id.as_str()), ("-", "-"));
        // An unknown type from a driver: "unknown"; from someone holding no driver action: nothing.
        let unknown = with(input(EventType::LocationStocked, "r-2", NOW), "eventType", json!("Teleported"));
        assert_eq!(logged_of(&store, &unknown).await.map(|l| l.operation), Some(UNKNOWN_OPERATION));
        let stranger = Caller { sub: "sub-x".into(), ..driver() };
        let from_stranger = Input { caller: Some(stranger.clone()), ..unknown };
        assert_eq!(logged_of(&store, &from_stranger).await, None);
        // A caller without the type's action writes nothing, whatever else is wrong.
        let not_theirs = Input { caller: Some(stranger), ..hot };
        assert_eq!(logged_of(&store, &not_theirs).await, None);
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
        // (A supervisor: the stop is on the first driver's route.)
        store.assignments.supervisors.push("sub-e".into());
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
        store.assignments.drivers.lock().unwrap().push(yesterdays_r1());
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

    /// Issue 38: an override made today of yesterday's slip is filed under the slip's day (never today's
    /// stop), names the caller whatever `userSubmitted` said, and its lock names the slip's stocking index.
    #[tokio::test]
    async fn an_override_is_filed_under_its_slips_day_by_the_caller_for_the_slips_stop() {
        let _clock = ClockAt::new(now());
        let mut store = store();
        let slip: crate::slips::PackingSlip = serde_json::from_value(json!({
            "dropOffDate": "2026-11-22", "uniqueId": "late", "locationId": "W_1", "stockingIndex": 2,
            "createDate": NOW, "type": "WHOLESALE", "clientCode": "Acme", "status": "ACTIVE", "source": "PARS", "version": 0 }))
        .unwrap();
        store.slips.insert(("2026-11-22".into(), "late".into()), slip);
        let data = json!({ "userSubmitted": "someone.else@fleet", "dropStatus": "Complete", "statusReason": "Group Drop",
                           "originalDropOffDate": "2026-11-22", "packingSlipId": "late" });
        let over = with(with(input(EventType::DropOverride, "o-1", NOW), "data", data), "locationId", json!("W_1"));
        let out = create(&store, &over).await.unwrap();
        assert_eq!(out["stockingDay"], "2026-11-22", "the slip's day, not the day of occurredAt (2026-11-23)");
        let stored = &store.actions()[0];
        assert_eq!(stored.stocking_day, "2026-11-22");
        let data: Value = serde_json::from_str(&stored.data).unwrap();
        assert_eq!(data["userSubmitted"], "driver@fleet", "the caller, not the client's text");
        let lock = store.locks.lock().unwrap().get("2026-11-22#late").cloned().unwrap();
        assert_eq!(lock.stocking_index, Some(2));
        // A retry naming another submitter is the same request: the field is the server's.
        let mut again = over.clone();
        again.args["input"]["data"]["userSubmitted"] = json!("ops@fleet");
        assert_eq!(create(&store, &again).await.unwrap(), out);
        // Any other action keeps the day of its occurredAt.
        let scan = create(&store, &input(EventType::PackingSlipQuery, "r-1", NOW)).await.unwrap();
        assert_eq!(scan["stockingDay"], "2026-11-23");
    }

    #[tokio::test]
    async fn listing_overrides_needs_the_drop_override_flag() {
        async fn list_of(store: &Memory, kind: &str) -> Result<Value, ApiError> {
            let input =
                Input { caller: Some(driver()), args: json!({ "filter": { "eventType": kind } }), ..Input::default() };
            list(store, &input).await
        }
        let mut store = store();
        assert!(list_of(&store, "DropOverride").await.is_ok());
        store.flags.clear();
        assert_eq!(list_of(&store, "DropOverride").await.unwrap_err(), ApiError::Forbidden);
        assert!(list_of(&store, "PackingSlipQuery").await.is_ok(), "other types need no flag");
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
