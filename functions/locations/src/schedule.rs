//! Scheduled changes: read, create, delete, and the scheduler that applies
//! due ones. A run first claims a group of changes (same location and time)
//! with a conditional write, so of racing runs exactly one goes on; it then
//! applies the group in one transaction (the location update, its history
//! record and the deletes of the claimed changes). A group that can never
//! apply is moved aside (status FAILED, with the reason) and retried no more.
use crate::input::{self, Edit};
use crate::service::{self, Author};
use crate::store::{self as locations, Also, Dynamo, LocationStore};
use crate::{attributes, deadline, plan, rules, rules::Options};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::entity::{FridgeTime, Location, LocationId, WallTime};
use fleet_shared::events::{SqsBatchResponse, SqsEvent};
use fleet_shared::fridge_time::FridgeZone;
use fleet_shared::scheduler::{self, iso, query_index, AppliedRun, Applier, BY_DUE, FAILED_SHARD};
pub use fleet_shared::scheduler::{ChangeBody, StoredChange};
use fleet_shared::{dates, identity, limits, permissions, ApiError, Deps, Queue};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub const TABLE_NAME: &str = "Locations";
pub const VERSION: i64 = 1;
/// The due partition of location changes (other areas have their own).
const DUE_SHARD: &str = "DUE";
pub const MAX_CHANGES: usize = 100;
/// The value that schedules the generation of a new device address.
pub const GENERATE: &str = "GENERATE";
pub const DEVICE_ADDRESS: &str = "aprivaDeviceAddress";

/// The GraphQL `ScheduledChange` (AWSJSON `change.value` stays JSON text),
/// in the fridge's time, with its allocation deadline warning if any.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduledChangeView {
    pub uuid: String,
    pub action_time: String,
    pub id: String,
    pub user: String,
    pub version: i64,
    pub change: ChangeBody,
    /// `actionTime` in the fridge's zone, `YYYY-MM-DD HH:MM`.
    pub local_action_time: Option<String>,
    pub time_zone_label: &'static str,
    /// PENDING, or FAILED once moved aside.
    pub status: &'static str,
    pub failure_reason: Option<String>,
    pub failed_at: Option<String>,
    pub deadline_warning: Option<String>,
}

fn view(c: &StoredChange, location: Option<&Location>) -> ScheduledChangeView {
    let zone = FridgeZone::of(location.and_then(|l| l.time_zone.as_deref()));
    let at = dates::instant(&c.action_time);
    let warning = match (location, at) {
        (Some(loc), Some(at)) if c.change.attribute == "prod" && c.value() == json!(1) => {
            let schedule = loc.ops().and_then(|o| o.stocking_schedule.clone()).unwrap_or_default();
            let state = loc.address().and_then(|a| a.state.as_deref()).unwrap_or("");
            let wall = at.with_timezone(&zone.tz).naive_local();
            deadline::allocation_warning(wall, &schedule, plan::NORTHEAST.contains(&state), zone.label)
        }
        _ => None,
    };
    ScheduledChangeView {
        uuid: c.uuid.clone(),
        action_time: c.action_time.clone(),
        id: c.id.clone(),
        user: c.user.clone(),
        version: c.version,
        change: c.change.clone(),
        local_action_time: at.map(|t| zone.wall(t)),
        time_zone_label: zone.label,
        status: if c.due_shard == FAILED_SHARD { "FAILED" } else { "PENDING" },
        failure_reason: c.failure_reason.clone(),
        failed_at: c.failed_at.clone(),
        deadline_warning: warning,
    }
}

/// The action that making a change needs: scheduling or deleting it needs
/// it too, so a schedule is never a way around a permission.
pub fn required_action(attribute: &str) -> &'static str {
    if attribute == DEVICE_ADDRESS {
        "GenerateDeviceAddress"
    } else {
        "UpdateLocation"
    }
}

pub async fn for_location(deps: &Deps, id: &str) -> Result<Vec<StoredChange>, ApiError> {
    scheduler::for_subject(deps, id).await
}

/// `readScheduleChange(filter: {id})`.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct ReadArgs {
    filter: Filter,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct Filter {
    #[schemars(extend("x-plain-text" = "a location id or a layout's planogram subject (planogram#...), told apart by `subject_of`"))]
    id: String,
}

/// The scheduler subject of a layout's planogram changes (`fn_planograms::slots::subject`).
pub const PLANOGRAM_SUBJECT: &str = "planogram#";
/// The action that reads planograms, and so their scheduled changes.
pub const READ_PLANOGRAMS: &str = "GetPlanograms";

/// What a `readScheduleChange` filter id names: a location, or another
/// area's subject (a layout's planogram), which needs that area's read action.
#[derive(Debug, PartialEq)]
enum Subject<'a> {
    Location(&'a str),
    Planogram(&'a str),
}

fn subject_of(id: &str) -> Subject<'_> {
    match id.strip_prefix(PLANOGRAM_SUBJECT) {
        Some(_) => Subject::Planogram(id),
        None => Subject::Location(id),
    }
}

pub async fn read(deps: &'static Deps, ctx: Ctx, args: ReadArgs) -> Result<Vec<ScheduledChangeView>, ApiError> {
    match subject_of(&args.filter.id) {
        Subject::Location(id) => of_location(deps, &LocationId::parse("id", id)?).await,
        Subject::Planogram(subject) => {
            limits::check_len("id", subject, PLANOGRAM_SUBJECT.len() + limits::MAX_NAME_CHARS)?;
            ctx.require(deps, READ_PLANOGRAMS).await?;
            let changes = for_location(deps, subject).await?;
            Ok(changes.iter().map(|c| view(c, None)).collect())
        }
    }
}

/// The `{id}` of `GET /locations/{id}/schedule`.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct PathId {
    id: LocationId,
}

/// `GET /locations/{id}/schedule`: the same list as `readScheduleChange`.
pub async fn read_rest(deps: &'static Deps, _: Ctx, path: PathId) -> Result<Vec<ScheduledChangeView>, ApiError> {
    of_location(deps, &path.id).await
}

/// A location's changes; 404 for a location that does not exist (as its
/// inventory answers), so a typo is not an empty schedule. Changes left by a
/// location removed since (moved aside) are still listed, to be seen and deleted.
async fn of_location(deps: &'static Deps, id: &LocationId) -> Result<Vec<ScheduledChangeView>, ApiError> {
    let store = Dynamo(deps);
    let (changes, location) = tokio::try_join!(for_location(deps, id.as_str()), store.get(id.as_str()))?;
    if location.is_none() && changes.is_empty() {
        return Err(locations::not_found(id.as_str()));
    }
    Ok(changes.iter().map(|c| view(c, location.as_ref())).collect())
}

/// Days ahead `upcomingScheduleChanges` looks by default, and at most.
pub const UPCOMING_DAYS: i64 = 14;
pub const MAX_UPCOMING_DAYS: i64 = 31;

#[derive(Deserialize, schemars::JsonSchema)]
pub struct UpcomingArgs {
    #[serde(default)]
    days: Option<i64>,
}

/// `upcomingScheduleChanges(days)`: pending changes across the fleet due
/// within `days` (one query of the due index), soonest first, each in its
/// fridge's time.
pub async fn upcoming(deps: &'static Deps, ctx: Ctx, args: UpcomingArgs) -> Result<Vec<ScheduledChangeView>, ApiError> {
    let days = limits::bounded("days", args.days, UPCOMING_DAYS, MAX_UPCOMING_DAYS)?;
    let until = iso(ctx.now + chrono::Duration::days(days));
    let mut changes = query_index(deps, BY_DUE, "dueShard", DUE_SHARD, Some(&until)).await?;
    changes.sort_by(|a, b| (&a.action_time, &a.id).cmp(&(&b.action_time, &b.id)));
    let mut ids: Vec<String> = changes.iter().map(|c| c.id.clone()).collect();
    ids.sort();
    ids.dedup();
    let docs = Dynamo(deps).get_many(ids).await?;
    Ok(changes.iter().map(|c| view(c, docs.get(&c.id))).collect())
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct NewChange {
    location: String,
    attribute: String,
    value: Value,
    #[serde(default)]
    date_time: Option<FridgeTime>,
    #[serde(default)]
    local_date_time: Option<WallTime>,
}

/// The instant of a change: an absolute `dateTime`, or a `localDateTime` read
/// in the fridge's zone. Exactly one is given.
fn action_time(c: &NewChange, zone: FridgeZone) -> Result<String, ApiError> {
    match (&c.date_time, &c.local_date_time) {
        (Some(t), None) => Ok(iso(t.at())),
        (None, Some(local)) => zone.instant_of(local.at(), local.text()).map(iso).map_err(ApiError::BadRequest),
        _ => Err(ApiError::bad_request("Give exactly one of dateTime and localDateTime")),
    }
}

fn parse_value(v: &Value) -> Value {
    match v {
        Value::String(s) => serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.clone())),
        v => v.clone(),
    }
}

/// Checks a group of changes for one location and time as the update would.
fn check_group(
    current: &Location,
    changes: &[(&str, Value)],
    options: &Options,
) -> Result<Vec<plan::Assign>, ApiError> {
    let mut edit = Edit::default();
    for (attribute, value) in changes {
        plan::change_as_input(attribute, value, &mut edit).map_err(ApiError::BadRequest)?;
    }
    plan::update(current, &edit, options).map_err(ApiError::BadRequest)
}

/// The rules of one group (a location and a time), before anything is stored.
fn check_new_group(current: &Location, group: &[(&str, Value)], options: &Options) -> Result<(), ApiError> {
    if group.iter().any(|(a, _)| *a == DEVICE_ADDRESS) {
        if group.len() > 1 {
            return Err(ApiError::bad_request("Schedule the device address at a time of its own"));
        }
        return if group[0].1 == json!(GENERATE) {
            Ok(())
        } else {
            Err(ApiError::bad_request(rules::DEVICE_ADDRESS_GENERATED))
        };
    }
    // A prod change is only valid with its reason at the same time (§4).
    let has_prod = group.iter().any(|(a, _)| *a == "prod");
    let has_reason = group.iter().any(|(a, v)| *a == "updateReason" && input::reason_for(v, "prod").is_some());
    if has_prod && !has_reason {
        return Err(ApiError::bad_request(rules::REASON_EMPTY));
    }
    check_group(current, group, options).map(|_| ())
}

/// One change as `createScheduleChange` checks it, from a wall time in the
/// fridge's zone: the change (and its reason at the same instant, for the
/// attributes that need one), ready to store, or the message.
#[allow(clippy::too_many_arguments)]
pub fn plan_change(
    location: &Location,
    options: &Options,
    caller: &fleet_shared::Caller,
    attribute: &str,
    value: &Value,
    local_time: &str,
    reason: Option<&str>,
    now: &str,
) -> Result<Vec<StoredChange>, String> {
    let (current, location, zone) = (location, location.id.to_string(), location.zone());
    if attribute != DEVICE_ADDRESS && !plan::is_schedulable(attribute) {
        return Err(format!("{attribute} cannot be scheduled"));
    }
    let time = zone.instant(local_time).map(iso)?;
    if time.as_str() < now {
        return Err(format!("{local_time} {} is in the past", zone.label));
    }
    let value = parse_value(value);
    let mut group: Vec<(&str, Value)> = vec![(attribute, value)];
    if let Some(r) = reason.filter(|r| !r.trim().is_empty()).filter(|_| plan::NEEDS_REASON.contains(&attribute)) {
        group.push(("updateReason", json!({ attribute: r.trim() })));
    }
    check_new_group(current, &group, options).map_err(|e| e.to_string())?;
    Ok(group
        .into_iter()
        .map(|(a, v)| {
            let text = v.to_string();
            StoredChange {
                uuid: scheduler::stable_uuid(&[&location, a, &time, &text]),
                action_time: time.clone(),
                id: location.clone(),
                user: caller.display().to_string(),
                user_sub: Some(caller.sub.clone()),
                version: VERSION,
                due_shard: DUE_SHARD.into(),
                change: ChangeBody {
                    id: location.clone(),
                    table: TABLE_NAME.into(),
                    attribute: a.to_string(),
                    value: text,
                },
                failure_reason: None,
                failed_at: None,
                upload_marker: None,
                applied_at: None,
            }
        })
        .collect())
}

/// `createScheduleChange(input)`.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct CreateArgs {
    input: Vec<NewChange>,
}

/// The demo seed's way in: the same path, from a built `Input`.
/// `createScheduleChange`: checks every change as the update would, then
/// stores them all in one transaction.
pub async fn create(deps: &'static Deps, ctx: Ctx, args: CreateArgs) -> Result<Vec<ScheduledChangeView>, ApiError> {
    let changes = args.input;
    limits::check_count("input", changes.len(), MAX_CHANGES)?;
    for c in &changes {
        LocationId::parse("id", &c.location)?;
        limits::check_len("attribute", &c.attribute, limits::MAX_NAME_CHARS)?;
        if c.attribute != DEVICE_ADDRESS && !plan::is_schedulable(&c.attribute) {
            return Err(ApiError::bad_request(format!("{} cannot be scheduled", c.attribute)));
        }
    }
    // Permission follows the change, checked before anything is read or written.
    let actions: BTreeSet<&str> = changes.iter().map(|c| required_action(&c.attribute)).collect();
    for action in actions {
        ctx.require(deps, action).await?;
    }
    let caller = ctx.caller()?;
    let store = Dynamo(deps);
    let mut docs = HashMap::new();
    for c in &changes {
        if !docs.contains_key(&c.location) {
            let doc = store.get(&c.location).await?.ok_or_else(|| locations::not_found(&c.location))?;
            docs.insert(c.location.clone(), doc);
        }
    }
    let earliest = iso(ctx.now - chrono::Duration::minutes(1));
    let mut groups: BTreeMap<(String, String), Vec<(&str, Value)>> = BTreeMap::new();
    let mut records = Vec::new();
    for c in &changes {
        let time = action_time(c, docs[&c.location].zone())?;
        if time < earliest {
            return Err(ApiError::bad_request("dateTime must be in the future"));
        }
        let value = parse_value(&c.value);
        groups.entry((c.location.clone(), time.clone())).or_default().push((c.attribute.as_str(), value.clone()));
        let text = value.to_string();
        records.push(StoredChange {
            uuid: scheduler::stable_uuid(&[&c.location, &c.attribute, &time, &text]),
            action_time: time,
            id: c.location.clone(),
            user: caller.display().to_string(),
            user_sub: Some(caller.sub.clone()),
            version: VERSION,
            due_shard: DUE_SHARD.into(),
            change: ChangeBody {
                id: c.location.clone(),
                table: TABLE_NAME.into(),
                attribute: c.attribute.clone(),
                value: text,
            },
            failure_reason: None,
            failed_at: None,
            upload_marker: None,
            applied_at: None,
        });
    }
    let needs_options = groups.values().flatten().any(|(a, _)| attributes::needs_options(a));
    let options = if needs_options { store.options().await? } else { Options::default() };
    for ((location, _), group) in &groups {
        check_new_group(&docs[location], group, &options)?;
    }
    locations::put_changes(deps, &records, None).await?;
    announce_wake_ups(deps, &records, ctx.now).await;
    Ok(records.iter().map(|r| view(r, docs.get(&r.id))).collect())
}

/// Stored changes due within minutes (Complete Now: 5 s; a bulk row for the next minute) apply when due, not
/// at the next minute's run: each due time is announced on the wake-up queue.
pub async fn announce_wake_ups(deps: &Deps, stored: &[StoredChange], now: chrono::DateTime<chrono::Utc>) {
    let due = stored.iter().map(|r| r.action_time.as_str());
    scheduler::wake::announce(deps.queue(Queue::ScheduleWakeUps), DUE_SHARD, due, now).await;
}

/// `deleteScheduleChange(input)`.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct DeleteArgs {
    input: DeleteInput,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct DeleteInput {
    uuid: String,
    action_time: FridgeTime,
}

/// Deletes a change; either half of an allocation pair deletes both.
pub async fn delete(deps: &'static Deps, ctx: Ctx, args: DeleteArgs) -> Result<bool, ApiError> {
    let req = args.input;
    limits::check_len("uuid", &req.uuid, limits::MAX_ID_CHARS)?;
    // ISO text in UTC with milliseconds, as the change was stored: times sort as strings.
    let time = iso(req.action_time.at());
    let Some(change) = locations::change(deps, &req.uuid, &time).await? else {
        return Ok(false); // already gone: a retried delete is not an error
    };
    if change.change.table != TABLE_NAME {
        return Ok(false); // another area's change: not this mutation's to undo
    }
    // Undoing a change needs the permission the change needs.
    ctx.require(deps, required_action(&change.change.attribute)).await?;
    let mut doomed = vec![change.clone()];
    if is_allocation(&change) {
        doomed.extend(allocation_partners(&change, for_location(deps, &change.id).await?));
    }
    locations::delete_changes(deps, &doomed).await
}

/// A change of the allocation pair (§4): `prod`, or the `updateReason` that gives prod's reason (a reserve change's
/// reason is an `updateReason` too, and is not prod's).
fn is_allocation(c: &StoredChange) -> bool {
    match c.change.attribute.as_str() {
        "prod" => true,
        "updateReason" => input::reason_for(&c.value(), "prod").is_some(),
        _ => false,
    }
}

/// The other half of `change`'s allocation pair among the location's changes: the same time, the other attribute.
fn allocation_partners(change: &StoredChange, all: Vec<StoredChange>) -> Vec<StoredChange> {
    all.into_iter()
        .filter(|c| {
            c.uuid != change.uuid
                && c.action_time == change.action_time
                && c.change.attribute != change.change.attribute
                && is_allocation(c)
        })
        .collect()
}

/// Applies every due location change (see `fleet_shared::scheduler`).
pub async fn apply_due(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<AppliedRun, ApiError> {
    scheduler::apply_due(deps, DUE_SHARD, &Locations(deps, ctx.now_text()), ctx.now).await
}

/// Applies the due location changes when a wake-up arrives, seconds after they
/// are due (see `fleet_shared::scheduler::wake`).
pub async fn apply_woken(deps: &'static Deps, ctx: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    let applier = Locations(deps, ctx.now_text());
    let dead_letter = Queue::ScheduleWakeUpsDeadLetter;
    Ok(scheduler::wake::apply_woken(deps, DUE_SHARD, &applier, event.records, ctx.now, dead_letter).await)
}

/// The locations' applier, for a run at the time given (its history records').
struct Locations(&'static Deps, String);

impl Applier for Locations {
    async fn apply(&self, location: &str, changes: &[StoredChange], run: &str) -> Result<(), ApiError> {
        apply_claimed(self.0, location, changes, run, &self.1).await
    }
}

async fn apply_claimed(
    deps: &'static Deps,
    location: &str,
    changes: &[StoredChange],
    run: &str,
    now: &str,
) -> Result<(), ApiError> {
    let store = Dynamo(deps);
    let current = store.get(location).await?.ok_or_else(|| locations::not_found(location))?;
    for c in changes {
        if let Some(sub) = &c.user_sub {
            if !permissions::is_allowed(deps, sub, required_action(&c.change.attribute)).await? {
                return Err(ApiError::Forbidden);
            }
        }
    }
    let first = &changes[0];
    let zone = current.zone();
    let when = dates::instant(&first.action_time).map(|t| zone.wall(t)).unwrap_or_default();
    let author = Author { user: first.user.clone(), source: format!("Scheduled change for {when} {}", zone.label) };
    let finish =
        Also::FinishScheduledChanges { keys: changes.iter().map(StoredChange::key).collect(), run: run.to_string() };
    if first.change.attribute == DEVICE_ADDRESS {
        let random = || uuid::Uuid::new_v4().as_u64_pair().0;
        identity::acting_as(
            first.user_sub.as_deref(),
            service::generate_device_address(&store, location, &author, now, random, &[finish]),
        )
        .await?;
        return Ok(());
    }
    let values: Vec<(&str, Value)> = changes.iter().map(|c| (c.change.attribute.as_str(), c.value())).collect();
    let needs_options = values.iter().any(|(a, _)| attributes::needs_options(a));
    let options = if needs_options { store.options().await? } else { Options::default() };
    let plan = check_group(&current, &values, &options)?;
    // Applied by the platform for its author: the history names the author's sub.
    identity::acting_as(first.user_sub.as_deref(), service::write(&store, &current, &plan, &author, now, &[finish]))
        .await
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(uuid: &str, at: &str, attribute: &str, value: Value) -> StoredChange {
        serde_json::from_value(json!({
            "uuid": uuid, "actionTime": at, "id": "CHI_1", "user": "u", "version": 1, "dueShard": "0",
            "change": { "id": "CHI_1", "table": TABLE_NAME, "attribute": attribute, "value": value.to_string() }
        }))
        .unwrap()
    }

    #[test]
    fn an_allocation_is_deleted_with_its_own_reason_and_nothing_else() {
        let t = "2026-12-01T12:00:00.000Z";
        let prod = stored("p", t, "prod", json!(1));
        let prod_reason = stored("pr", t, "updateReason", json!({ "prod": "First Stocking" }));
        let reserve = stored("r", t, "reserve", json!(1));
        let reserve_reason = stored("rr", t, "updateReason", json!({ "reserve": "Connectivity issues" }));
        let later_reason = stored("lr", "2026-12-02T12:00:00.000Z", "updateReason", json!({ "prod": "Other" }));
        let all = vec![prod.clone(), prod_reason.clone(), reserve.clone(), reserve_reason.clone(), later_reason];
        let uuids = |v: Vec<StoredChange>| v.into_iter().map(|c| c.uuid).collect::<Vec<_>>();
        assert_eq!(uuids(allocation_partners(&prod, all.clone())), ["pr"]);
        assert_eq!(uuids(allocation_partners(&prod_reason, all.clone())), ["p"]);
        // A reserve change's reason is no half of the allocation pair: deleting it deletes it alone.
        assert!(!is_allocation(&reserve_reason) && !is_allocation(&reserve));
    }

    #[test]
    fn times_normalise_to_sortable_utc() {
        let at = |text: &str| FridgeTime::parse(text).map(|t| iso(t.at()));
        assert_eq!(at("2026-11-21T10:00:00-06:00").as_deref(), Some("2026-11-21T16:00:00.000Z"));
        assert!(at("tomorrow").is_none());
    }

    #[test]
    fn local_times_are_the_fridges_and_exactly_one_time_is_given() {
        let change = |dt: Option<&str>, local: Option<&str>| NewChange {
            location: "X".into(),
            attribute: "route".into(),
            value: json!("r"),
            date_time: dt.map(|t| FridgeTime::parse(t).unwrap()),
            local_date_time: local.map(|t| WallTime::parse("localDateTime", t).unwrap()),
        };
        let et = FridgeZone::of(Some("NEWYORK"));
        assert_eq!(action_time(&change(None, Some("2026-11-25T18:00")), et).unwrap(), "2026-11-25T23:00:00.000Z");
        assert_eq!(action_time(&change(Some("2026-11-25T18:00:00Z"), None), et).unwrap(), "2026-11-25T18:00:00.000Z");
        assert!(action_time(&change(None, None), et).is_err());
        assert!(action_time(&change(Some("2026-11-25T18:00:00Z"), Some("2026-11-25T18:00")), et).is_err());
    }

    #[test]
    fn a_planogram_subject_is_told_from_a_location() {
        assert_eq!(subject_of("CHI_0001"), Subject::Location("CHI_0001"));
        assert_eq!(subject_of("planogram#STANDARD_6x5"), Subject::Planogram("planogram#STANDARD_6x5"));
    }

    #[test]
    fn scheduling_needs_the_permission_the_change_needs() {
        assert_eq!(required_action("status"), "UpdateLocation");
        assert_eq!(required_action("prod"), "UpdateLocation");
        assert_eq!(required_action(DEVICE_ADDRESS), "GenerateDeviceAddress");
    }

    #[test]
    fn the_device_address_is_scheduled_only_as_a_generation_on_its_own() {
        let current = Location { id: LocationId::stored("X"), ..Default::default() };
        let o = Options::default();
        assert!(check_new_group(&current, &[(DEVICE_ADDRESS, json!(GENERATE))], &o).is_ok());
        assert_eq!(
            check_new_group(&current, &[(DEVICE_ADDRESS, json!("FC1"))], &o).unwrap_err().to_string(),
            rules::DEVICE_ADDRESS_GENERATED
        );
        assert!(check_new_group(&current, &[(DEVICE_ADDRESS, json!(GENERATE)), ("route", json!("r"))], &o).is_err());
    }
}
