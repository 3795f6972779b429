//! JIT Management (2-fleet §2.6, §3, §4.6, §5; issue 24): a date's route
//! stops with their fridge order's JIT flag (`jitManagement`), and turning
//! JIT off or on for a stop (`updateJITLocationStatus`). Turning it off
//! clears the order's JIT allocation items (`FridgeOrder::jit_allocation`),
//! so tote counts and the packing report, which read the order's pars, show
//! it. Each update is one transaction: the order (on the condition that it is
//! still a JIT order with no update), a check that its stop is not stocked,
//! and the history record. Behind the 'jit-management' flag.
use fleet_shared::entity::fridge_order::{FridgeOrder, JitUpdate};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::StockingDate;
use fleet_shared::{flags, fridge_time, history, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, HashMap};
use std::future::Future;

/// §5 JIT reasons.
pub const REASONS: &[&str] =
    &["Driver Call Off", "Driver Training", "Linehaul Delay", "Staff Shortage", "Van Issue", "Other"];
/// Updates one call takes at most.
pub const MAX_UPDATES: usize = 100;
/// Drop-off dates one update call may touch: each costs two strongly
/// consistent partition reads (stops and orders), so 100 rows of 100 dates
/// would be 200. JIT Management shows one date at a time.
pub const MAX_DATES: usize = 1;
/// The history entity kind of a fridge order.
pub const ORDER_ENTITY: &str = "fridge-order";

/// Why a row cannot be changed (§4.6), as the browser shows it.
pub const LOCK_UPDATED: &str = "JIT status already updated";
pub const LOCK_STOCKED: &str = "Already stocked";
pub const LOCK_NO_ORDER: &str = "No fridge order (JIT flag empty)";
pub const LOCK_JIT_OFF: &str = "JIT is not enabled (N)";

/// `dropOffDate#locationId#stockingIndex`: names one fridge order (and its stop).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StockingId {
    pub date: String,
    pub location: String,
    pub index: i64,
}

impl StockingId {
    pub fn parse(text: &str) -> Result<StockingId, String> {
        let bad = || format!("stockingId '{text}' must be dropOffDate#locationId#stockingIndex");
        let mut parts = text.trim().splitn(3, '#');
        let (date, location, index) = (parts.next(), parts.next(), parts.next());
        let date = date.and_then(|d| fleet_shared::entity::StockingDate::of(d).map(|d| d.date())).ok_or_else(bad)?;
        let location = location.filter(|l| !l.trim().is_empty() && !l.contains('#')).ok_or_else(bad)?;
        let index: i64 = index.and_then(|i| i.parse().ok()).filter(|i| (1..=999).contains(i)).ok_or_else(bad)?;
        Ok(StockingId { date: date.format("%Y-%m-%d").to_string(), location: location.trim().to_string(), index })
    }

    pub fn order_key(&self) -> String {
        fleet_shared::entity::fridge_order::order_key(&self.location, self.index)
    }
}

impl std::fmt::Display for StockingId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}#{}#{}", self.date, self.location, self.index)
    }
}

/// The lock of a stop (§4.6), or None when its JIT status can change.
pub fn lock_reason(order: Option<&FridgeOrder>, stop: &StoredStop) -> Option<&'static str> {
    match order {
        None => Some(LOCK_NO_ORDER),
        Some(o) if o.jit_update.is_some() => Some(LOCK_UPDATED),
        _ if stop.stocked_time_utc.is_some() => Some(LOCK_STOCKED),
        Some(o) if !o.jit => Some(LOCK_JIT_OFF),
        Some(_) => None,
    }
}

/// One row of the screen.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    pub stocking_id: String,
    pub region: String,
    pub market: String,
    pub route_id: String,
    pub location_id: String,
    pub stop: i64,
    pub stocking_index: i64,
    /// Y, N, or None without an order.
    pub jit_enabled: Option<&'static str>,
    #[serde(rename = "stockedTimeUTC")]
    pub stocked_time_utc: Option<String>,
    pub jit_units: i64,
    pub update: Option<JitLocation>,
    pub locked_reason: Option<&'static str>,
}

/// The date's stops, each with its order's flag and update, by route and stop.
pub fn rows(date: &str, stops: &[StoredStop], orders: &[FridgeOrder]) -> Vec<Row> {
    let by_key: HashMap<&str, &FridgeOrder> = orders.iter().map(|o| (o.order_key.as_str(), o)).collect();
    let mut rows: Vec<Row> = stops
        .iter()
        .map(|s| {
            let id = StockingId { date: date.to_string(), location: s.stop.id.clone(), index: s.stop.stocking_index };
            let order = by_key.get(id.order_key().as_str()).copied();
            Row {
                stocking_id: id.to_string(),
                // A region is its one market (docs/decisions/stocking-dashboard.md, "The dashboard's aggregate query").
                region: s.stop.market.clone(),
                market: s.stop.market.clone(),
                route_id: s.stop.route.clone(),
                location_id: s.stop.id.clone(),
                stop: s.stop.stop,
                stocking_index: s.stop.stocking_index,
                jit_enabled: order.map(|o| if o.jit { "Y" } else { "N" }),
                stocked_time_utc: s.stocked_time_utc.clone(),
                jit_units: order.map_or(0, |o| o.jit_allocation().values().sum()),
                update: order.and_then(|o| o.jit_update.as_ref()).map(|u| update_view(date, &id, u)),
                locked_reason: lock_reason(order, s),
            }
        })
        .collect();
    rows.sort_by(|a, b| (&a.route_id, a.stop, &a.location_id).cmp(&(&b.route_id, b.stop, &b.location_id)));
    rows
}

/// The GraphQL `JitLocation`: a recorded update.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JitLocation {
    pub drop_off_date: String,
    pub jit: bool,
    pub location: String,
    pub stocking_index: i64,
    pub reason: Option<String>,
    pub email: String,
    pub updated_at: String,
}

fn update_view(date: &str, id: &StockingId, u: &JitUpdate) -> JitLocation {
    JitLocation {
        drop_off_date: date.to_string(),
        jit: u.jit,
        location: id.location.clone(),
        stocking_index: id.index,
        reason: u.reason.clone(),
        email: u.email.clone(),
        updated_at: u.at.clone(),
    }
}

/// One input of `updateJITLocationStatus` (2-fleet §3 JIT update input).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateInput {
    #[schemars(extend("x-plain-text" = "read per input (`StockingId::parse`): a bad one is refused in its own result, not the batch"))]
    pub stocking_id: String,
    pub jit_indicator: bool,
    #[serde(default)]
    pub reason: Option<String>,
    pub email_address: String,
}

/// A checked update: its order and what it sets.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub id: StockingId,
    pub jit: bool,
    pub reason: Option<String>,
}

/// The §5 rules of one input: Off needs a listed reason; On may name one.
pub fn check(input: &UpdateInput) -> Result<Change, String> {
    let id = StockingId::parse(&input.stocking_id)?;
    let reason = input.reason.as_deref().map(str::trim).filter(|r| !r.is_empty());
    match reason {
        Some(r) if !REASONS.contains(&r) => Err(format!("Reason '{r}' is not one of: {}", REASONS.join(", "))),
        None if !input.jit_indicator => Err(format!("A reason is required to turn JIT off for {id}")),
        _ => Ok(Change { id, jit: input.jit_indicator, reason: reason.map(str::to_string) }),
    }
}

/// What one accepted update writes: the order's new flag and update, the items
/// it clears, the stop whose not-stocked state it checks, and its history.
#[derive(Debug, Clone)]
pub struct Write {
    pub id: StockingId,
    pub update: JitUpdate,
    /// Over-capacity entries of the cleared items that exist (to remove them too).
    pub over_capacity: Vec<String>,
    /// The stop's sort key, checked not stocked in the same transaction.
    pub route_stop: String,
    pub history: history::Record,
}

/// The answer to one input (`JitUpdateResult`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub stocking_id: String,
    pub message: String,
    pub order_id: Option<String>,
    pub jit_status_update: bool,
    pub jit_allocation_items_clear: bool,
    pub error: Option<String>,
}

impl Outcome {
    fn refused(stocking_id: &str, order_id: Option<String>, error: String) -> Outcome {
        Outcome {
            stocking_id: stocking_id.to_string(),
            message: error.clone(),
            order_id,
            jit_status_update: false,
            jit_allocation_items_clear: false,
            error: Some(error),
        }
    }

    fn done(id: &StockingId, u: &JitUpdate, replay: bool) -> Outcome {
        let cleared = u.cleared.len();
        let mut message = match (u.jit, cleared) {
            (true, _) => "JIT on".to_string(),
            (false, 0) => "JIT off".to_string(),
            (false, n) => format!("JIT off; {n} JIT allocation item(s) cleared"),
        };
        if replay {
            message.push_str(" (already recorded)");
        }
        Outcome {
            stocking_id: id.to_string(),
            message,
            order_id: Some(id.order_key()),
            jit_status_update: true,
            jit_allocation_items_clear: cleared > 0,
            error: None,
        }
    }
}

/// Plans one change against the order and stop as read: a write, the answer
/// of a retry already recorded (the same flag, reason and author), or a refusal.
pub enum Plan {
    Write(Box<Write>),
    Replay(Outcome),
    Refuse(Outcome),
}

pub fn plan(
    change: &Change,
    order: Option<&FridgeOrder>,
    stop: Option<&StoredStop>,
    caller: &Caller,
    at: &str,
) -> Plan {
    let id = &change.id;
    let name = id.to_string();
    let Some(stop) = stop else {
        return Plan::Refuse(Outcome::refused(&name, None, format!("{name} is not a route stop on {}", id.date)));
    };
    if let Some(u) = order.and_then(|o| o.jit_update.as_ref()) {
        if u.jit == change.jit && u.reason == change.reason && u.by_sub == caller.sub {
            return Plan::Replay(Outcome::done(id, u, true));
        }
        let error = format!("The JIT status of {name} was already updated by {}", u.email);
        return Plan::Refuse(Outcome::refused(&name, Some(id.order_key()), error));
    }
    let order = match (order, lock_reason(order, stop)) {
        (Some(o), None) => o,
        (o, lock) => {
            let error = format!("{name}: {}", lock.unwrap_or(LOCK_NO_ORDER));
            return Plan::Refuse(Outcome::refused(&name, o.map(|_| id.order_key()), error));
        }
    };
    let cleared = if change.jit { BTreeMap::new() } else { order.jit_allocation() };
    let update = JitUpdate {
        jit: change.jit,
        reason: change.reason.clone(),
        email: caller.display().to_string(),
        by_sub: caller.sub.clone(),
        at: at.to_string(),
        cleared: cleared.clone(),
    };
    let mut changes = vec![history::Change {
        attribute: "jit".into(),
        old_value: json!(order.jit).to_string(),
        new_value: json!(change.jit).to_string(),
        reason: change.reason.clone(),
    }];
    if !cleared.is_empty() {
        changes.push(history::Change {
            attribute: "jitAllocationItems".into(),
            old_value: json!(cleared).to_string(),
            new_value: json!({}).to_string(),
            reason: change.reason.clone(),
        });
    }
    let entity = history::entity(ORDER_ENTITY, &name);
    let history = history::Record::new(entity, at, caller.display(), "JIT Management", changes);
    let over_capacity = cleared.keys().filter(|k| order.over_capacity.contains_key(*k)).cloned().collect();
    Plan::Write(Box::new(Write { id: id.clone(), update, over_capacity, route_stop: stop.route_stop.clone(), history }))
}

/// The reads and the one write of JIT Management.
pub trait JitStore: Sync {
    fn has_flag(&self, caller: &Caller, flag: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// A date's route stops (one paged Query); `consistent` for an update's checks.
    fn stops(&self, date: &str, consistent: bool) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// A date's fridge orders (one paged Query).
    fn orders(&self, date: &str, consistent: bool) -> impl Future<Output = Result<Vec<FridgeOrder>, ApiError>> + Send;
    /// Writes each update whole or not at all; a generic Conflict for one
    /// whose condition failed (updated, stocked or moved meanwhile).
    fn apply(&self, writes: &[Write]) -> impl Future<Output = Vec<Result<(), ApiError>>> + Send;
}

async fn require_flag<S: JitStore>(store: &S, caller: &Caller) -> Result<(), ApiError> {
    if store.has_flag(caller, flags::JIT_MANAGEMENT).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// `jitManagement(input)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct ListArgs {
    pub input: ListInput,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListInput {
    pub drop_off_date: StockingDate,
}

/// `jitManagement`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JitDay {
    pub drop_off_date: String,
    pub rows: Vec<Row>,
}

/// `jitManagement(input {dropOffDate})` → `{ dropOffDate, rows }`.
pub async fn list<S: JitStore>(store: &S, caller: &Caller, args: ListInput) -> Result<JitDay, ApiError> {
    let date = args.drop_off_date.to_string();
    require_flag(store, caller).await?;
    let (stops, orders) = tokio::try_join!(store.stops(&date, false), store.orders(&date, false))?;
    let rows = rows(&date, &stops, &orders);
    Ok(JitDay { drop_off_date: date, rows })
}

/// `updateJITLocationStatus(input)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct UpdateArgs {
    pub input: Vec<UpdateInput>,
}

/// `updateJITLocationStatus(input [...])` → one `JitUpdateResult` per input, in order.
pub async fn run_update<S: JitStore>(
    store: &S,
    caller: &Caller,
    inputs: Vec<UpdateInput>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<Outcome>, ApiError> {
    if inputs.is_empty() || inputs.len() > MAX_UPDATES {
        return Err(ApiError::bad_request(format!("Send 1 to {MAX_UPDATES} JIT updates a call")));
    }
    // The history names the caller; an input naming someone else is refused whole.
    let own = caller.email.trim();
    if inputs.iter().any(|i| own.is_empty() || !i.email_address.trim().eq_ignore_ascii_case(own)) {
        return Err(ApiError::bad_request("emailAddress must be the signed-in user's e-mail"));
    }
    require_flag(store, caller).await?;
    let at = fridge_time::stamp(now);
    let checked: Vec<Result<Change, String>> = inputs.iter().map(check).collect();
    let mut dates: Vec<String> = checked.iter().flatten().map(|c| c.id.date.clone()).collect();
    dates.sort();
    dates.dedup();
    if dates.len() > MAX_DATES {
        return Err(ApiError::bad_request(format!(
            "Send the updates of one drop-off date a call; this one names {} dates ({})",
            dates.len(),
            dates.iter().take(3).cloned().collect::<Vec<_>>().join(", ") + if dates.len() > 3 { ", ..." } else { "" }
        )));
    }
    let mut stops: HashMap<(String, String, i64), StoredStop> = HashMap::new();
    let mut orders: HashMap<(String, String), FridgeOrder> = HashMap::new();
    for date in &dates {
        let (s, o) = tokio::try_join!(store.stops(date, true), store.orders(date, true))?;
        stops.extend(s.into_iter().map(|s| ((date.clone(), s.stop.id.clone(), s.stop.stocking_index), s)));
        orders.extend(o.into_iter().map(|o| ((date.clone(), o.order_key.clone()), o)));
    }

    let mut outcomes: Vec<Option<Outcome>> = vec![None; inputs.len()];
    let mut writes: Vec<(usize, Write)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (n, (raw, change)) in inputs.iter().zip(checked).enumerate() {
        let change = match change {
            Ok(c) => c,
            Err(e) => {
                outcomes[n] = Some(Outcome::refused(&raw.stocking_id, None, e));
                continue;
            }
        };
        if !seen.insert(change.id.clone()) {
            outcomes[n] =
                Some(Outcome::refused(&raw.stocking_id, None, format!("{} appears twice in this update", change.id)));
            continue;
        }
        let order = orders.get(&(change.id.date.clone(), change.id.order_key()));
        let stop = stops.get(&(change.id.date.clone(), change.id.location.clone(), change.id.index));
        match plan(&change, order, stop, caller, &at) {
            Plan::Write(w) => writes.push((n, *w)),
            Plan::Replay(o) | Plan::Refuse(o) => outcomes[n] = Some(o),
        }
    }
    let planned: Vec<Write> = writes.iter().map(|(_, w)| w.clone()).collect();
    for ((n, w), result) in writes.iter().zip(store.apply(&planned).await) {
        let name = w.id.to_string();
        outcomes[*n] = Some(match result {
            Ok(()) => Outcome::done(&w.id, &w.update, false),
            Err(ApiError::Conflict(_)) => Outcome::refused(
                &name,
                Some(w.id.order_key()),
                format!("{name} changed meanwhile (updated or stocked); search again"),
            ),
            Err(e) => return Err(e),
        });
    }
    Ok(outcomes.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests;
