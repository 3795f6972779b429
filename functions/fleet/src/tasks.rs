//! The fridge tasks a driver runs at a stop (3-planning §6 FridgeTasks; issue
//! 25): unlocking the door and confirming a count. Each is one call that
//! sends its command to the fridge through the command queue, as the
//! console's commands do (`commands::dispatch`), and is written to the driver
//! log (request, then response or error) from its checked fields only.
use crate::commands::{self, Order};
use crate::store::{CommandView, Dynamo, FleetStore};
use fleet_shared::assignment::{self, AssignmentStore};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::{LocationId, RequestId};
use fleet_shared::{driver_log, fridge_time, ApiError, Caller, Deps};
use serde::Deserialize;
use serde_json::json;

/// The queue message resource of every driver task.
pub const RESOURCE: &str = "DriverTask";
/// Tasks, as the driver app names them.
pub const TASKS: &[&str] = &[UNLOCK_DOOR, "ConfirmCount"];
/// The task that opens a fridge at a client site.
pub const UNLOCK_DOOR: &str = "UnlockDoor";
/// The most units a count may confirm (a fridge holds a few hundred).
pub const MAX_COUNT: i64 = 10_000;

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskInput {
    pub location_id: LocationId,
    pub task: String,
    /// Required; optional here so a missing one is refused with its own
    /// message (a present one parses itself: not empty, at most 64 characters).
    #[serde(default)]
    pub request_id: Option<RequestId>,
    /// ConfirmCount: the units the driver counted.
    #[serde(default)]
    pub count: Option<i64>,
}

/// What names a task call, every field checked and bounded: the only fields
/// the driver log is written from.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub location: LocationId,
    pub task: &'static str,
    pub request_id: RequestId,
}

/// The task, its fridge and its requestId, checked: a known task, a location
/// id, and a requestId that is there, not empty and at most 64 characters
/// (it is part of the request's record and of the driver log's sort key).
pub fn named(input: &TaskInput) -> Result<Named, ApiError> {
    let task = TASKS.iter().find(|t| **t == input.task).ok_or_else(|| {
        let shown = fleet_shared::limits::echoed(&input.task);
        ApiError::bad_request(format!("Unknown task {shown}. Use one of: {}.", TASKS.join(", ")))
    })?;
    let location = input.location_id.clone();
    let request_id =
        input.request_id.clone().ok_or_else(|| ApiError::bad_request("runFridgeTask needs a requestId"))?;
    Ok(Named { location, task, request_id })
}

/// The count a task takes: ConfirmCount's, in range; none for UnlockDoor.
pub fn count(task: &str, count: Option<i64>) -> Result<Option<i64>, ApiError> {
    match (task, count) {
        ("ConfirmCount", None) => Err(ApiError::bad_request("ConfirmCount needs a count")),
        ("ConfirmCount", Some(n)) if !(0..=MAX_COUNT).contains(&n) => {
            Err(ApiError::bad_request(format!("count must be between 0 and {MAX_COUNT}")))
        }
        ("UnlockDoor", Some(_)) => Err(ApiError::bad_request("UnlockDoor takes no count")),
        _ => Ok(count),
    }
}

/// What the gate asks of a task (issues 38, 59): a stop of the caller's
/// route there on the current stocking day, assigned by the office or claimed
/// earlier by a driver action (a task never claims), and, to open the door, a
/// stop not yet stocked, or stocked by the caller within
/// `DOOR_AFTER_STOCKED_MINUTES`. A supervisor may act anywhere.
fn task_ask<'a>(task: &'a Named, date: &'a str, now: chrono::DateTime<chrono::Utc>) -> assignment::Ask<'a> {
    assignment::Ask {
        location: task.location.as_str(),
        date,
        stocking_index: None,
        route: None,
        opens_door: task.task == UNLOCK_DOOR,
        may_claim: false,
        now,
        what: task.task,
    }
}

/// Sends a named task to its fridge, its count checked (ConfirmCount's count
/// travels in the message and is kept in the command's record), once the
/// caller is found to be at their stop. The command's record holds the
/// gate's check of the route's driver: a reassignment landing meanwhile
/// refuses it with the gate's message.
pub async fn carry_out<S: FleetStore, G: AssignmentStore>(
    store: &S,
    gate: &G,
    caller: &Caller,
    task: &Named,
    count: Option<i64>,
) -> Result<CommandView, ApiError> {
    let count = self::count(task.task, count)?;
    commands::commandable(store, &task.location).await?;
    if task.task == UNLOCK_DOOR && !gate.holds(caller, assignment::UNLOCK_ACTION).await? {
        tracing::warn!(user = %caller.sub, action = assignment::UNLOCK_ACTION, "permission denied");
        return Err(ApiError::Forbidden);
    }
    let now = fridge_time::now();
    let date = fridge_time::stocking_day(now).to_string();
    let ask = task_ask(task, &date, now);
    let content = json!({ "location": task.location, "task": task.task, "count": count });
    let sent = assignment::with_pass(gate, caller, &ask, |pass| {
        let content = &content;
        async move {
            let order = Order {
                scope: "fridge-tasks",
                command: task.task,
                resource: RESOURCE,
                operation: Some(task.task),
                count,
            };
            let request = &task.request_id;
            match commands::dispatch(store, caller, task.location.clone(), order, request, content, Some(&pass)).await {
                Err(ApiError::Conflict(m)) if m == fleet_shared::error::CHANGED_MEANWHILE => Ok(None),
                other => other.map(Some),
            }
        }
    })
    .await?;
    sent.ok_or_else(|| ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()))
}

/// Checks a task request and sends it to its fridge.
pub async fn send<S: FleetStore, G: AssignmentStore>(
    store: &S,
    gate: &G,
    caller: &Caller,
    input: TaskInput,
) -> Result<CommandView, ApiError> {
    carry_out(store, gate, caller, &named(&input)?, input.count).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct RunArgs {
    input: TaskInput,
}

/// `runFridgeTask(input)`, logged in the driver log. The registry's gate
/// (FridgeTasks) has run before this, so a caller without the action writes
/// no entry; a call that cannot be named by bounded fields (its input, task,
/// location or requestId refused) is answered 400 and not logged either.
pub async fn run(deps: &'static Deps, ctx: Ctx, args: RunArgs) -> Result<CommandView, ApiError> {
    let caller = ctx.caller()?;
    let raw = args.input;
    let task = named(&raw)?;
    let call =
        driver_log::Call { caller, fridge: task.location.as_str(), operation: task.task, request_id: &task.request_id };
    let (store, gate) = (Dynamo(deps), fleet_shared::route_store::Drivers(deps));
    driver_log::logged(deps, call, carry_out(&store, &gate, caller, &task, raw.count)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::assignment::MemoryAssignments;
    use fleet_shared::entity::assignment::DriverAssignment;
    use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
    use std::sync::Arc;

    fn task(task: &str, count: Option<i64>) -> TaskInput {
        TaskInput {
            location_id: LocationId::stored("A"),
            task: task.into(),
            request_id: Some(RequestId::parse("requestId", "r1").unwrap()),
            count,
        }
    }

    fn caller() -> Caller {
        Caller { sub: "s".into(), username: "u".into(), email: "d@x.co".into(), email_verified: true, name: None }
    }

    fn today() -> String {
        fridge_time::stocking_day(fridge_time::now()).to_string()
    }

    fn drives(route: &str, sub: &str, email: &str) -> DriverAssignment {
        DriverAssignment {
            stocking_date: today(),
            route: route.into(),
            driver_sub: sub.into(),
            driver_email: email.into(),
            driver_name: None,
            assigned_by: "ops@x.co".into(),
            assigned_at: fridge_time::now_text(),
            source: "screen".into(),
            version: 1,
            first_action: None,
        }
    }

    /// Today's stop at A (and D) on route r1, which the caller drives; the caller may open doors.
    fn gate() -> Arc<MemoryAssignments> {
        gate_with(None, None, Some("s"))
    }

    /// The stops stocked at `stocked` by `by`, and r1's driver.
    fn gate_with(stocked: Option<String>, by: Option<&str>, driver: Option<&str>) -> Arc<MemoryAssignments> {
        let stop = |id: &str, n: i64| StoredStop {
            stop: RouteStop {
                stocking_date: today(),
                market: "MW".into(),
                id: id.into(),
                route: "r1".into(),
                stop: n,
                stocking_index: 1,
                stop_type: "DELIVERY".into(),
            },
            route_stop: fleet_shared::entity::route_stop::sort_key("r1", n),
            upload: None,
            stocked_time_utc: stocked.clone(),
            stocked_by: by.map(str::to_string),
        };
        let mut g = MemoryAssignments::with_stops(vec![stop("A", 1), stop("D", 2)]);
        g.door_openers = vec!["s".into(), "other".into()];
        if let Some(sub) = driver {
            g.drivers.lock().unwrap().push(drives("r1", sub, "d@x.co"));
        }
        Arc::new(g)
    }

    /// The fleet store whose command records commit the gate's pass.
    fn store_with(locations: &[(&str, &str)], gate: &Arc<MemoryAssignments>) -> Memory {
        Memory { assignments: Some(gate.clone()), ..Memory::with(locations) }
    }

    #[tokio::test]
    async fn a_door_on_a_route_without_a_driver_stays_shut_and_claims_nothing() {
        let gate = gate_with(None, None, None);
        let store = store_with(&[("A", "LIVE")], &gate);
        let refused = send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.unwrap_err();
        assert_eq!(
            (refused.status(), refused.to_string()),
            (403, "Route r1 has no driver yet. Scan the stop first, or ask the office to assign it.".to_string())
        );
        let count = TaskInput {
            request_id: Some(RequestId::parse("requestId", "r2").unwrap()),
            ..task("ConfirmCount", Some(3))
        };
        assert_eq!(send(&store, &*gate, &caller(), count).await.unwrap_err().status(), 403, "no task claims");
        assert!(gate.all_drivers().is_empty() && gate.history.lock().unwrap().is_empty(), "the route has no driver");
        assert!(store.sent.lock().unwrap().is_empty() && store.commands.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_door_opens_only_for_the_driver_of_that_stop_today_and_only_with_its_action() {
        let gate = gate();
        let store = store_with(&[("A", "LIVE"), ("B", "LIVE")], &gate);
        send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.unwrap();

        let other = Caller { sub: "other".into(), email: "o@x.co".into(), ..caller() };
        let input =
            TaskInput { request_id: Some(RequestId::parse("requestId", "r2").unwrap()), ..task("UnlockDoor", None) };
        let refused = send(&store, &*gate, &other, input.clone()).await.unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!("A is not on your routes of {}: route r1 is assigned to d@x.co.", today())
        );
        let elsewhere = TaskInput {
            location_id: LocationId::stored("B"),
            request_id: Some(RequestId::parse("requestId", "r3").unwrap()),
            ..task("UnlockDoor", None)
        };
        assert_eq!(send(&store, &*gate, &caller(), elsewhere).await.unwrap_err().status(), 403, "no stop at B today");

        // The same stop and driver, but the caller lacks the door's action.
        let closed = MemoryAssignments::with_stops(gate.stops.lock().unwrap().clone());
        closed.drivers.lock().unwrap().extend(gate.all_drivers());
        assert_eq!(send(&store, &closed, &caller(), input.clone()).await.unwrap_err(), ApiError::Forbidden);

        let mut supervised = MemoryAssignments::with_stops(gate.stops.lock().unwrap().clone());
        supervised.supervisors = vec!["other".into()];
        supervised.door_openers = vec!["other".into()];
        supervised.drivers.lock().unwrap().extend(gate.all_drivers());
        assert!(send(&store, &supervised, &other, input).await.is_ok(), "a supervisor opens any door");
        assert_eq!(store.sent.lock().unwrap().len(), 2, "the refused calls sent nothing");
    }

    #[tokio::test]
    async fn after_stocking_the_door_opens_for_30_minutes_only_for_the_driver_who_stocked() {
        let ago = |m: i64| Some(fridge_time::stamp(fridge_time::now() - chrono::TimeDelta::minutes(m)));
        let at = |stocked, by| {
            let gate = gate_with(stocked, Some(by), Some("s"));
            (store_with(&[("A", "LIVE")], &gate), gate)
        };
        let (store, gate) = at(ago(10), "s");
        assert!(send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.is_ok());
        let (store, gate) = at(ago(10), "other");
        let refused = send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.unwrap_err();
        assert!(refused.to_string().contains("opens only for the driver who stocked it"), "{refused}");
        let (store, gate) = at(ago(45), "s");
        let refused = send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.unwrap_err();
        assert!(refused.to_string().contains("stocked more than 30 minutes ago"), "{refused}");
        // Counting is not opening: a stocked stop still takes a count.
        let count = TaskInput {
            request_id: Some(RequestId::parse("requestId", "r10").unwrap()),
            ..task("ConfirmCount", Some(3))
        };
        assert!(send(&store, &*gate, &caller(), count).await.is_ok());
    }

    #[tokio::test]
    async fn a_reassignment_landing_before_the_record_refuses_the_old_driver() {
        let gate = gate();
        let store = store_with(&[("A", "LIVE")], &gate);
        *gate.racing.lock().unwrap() = Some(drives("r1", "other", "o@x.co"));
        let refused = send(&store, &*gate, &caller(), task("UnlockDoor", None)).await.unwrap_err();
        assert_eq!(
            (refused.status(), refused.to_string()),
            (403, format!("A is not on your routes of {}: route r1 is assigned to o@x.co.", today()))
        );
        assert!(store.commands.lock().unwrap().is_empty() && store.sent.lock().unwrap().is_empty());
        assert!(
            store.records.0.lock().unwrap().is_empty(),
            "the request stays unclaimed: a retry may be decided again"
        );
    }

    #[tokio::test]
    async fn a_task_goes_through_the_command_queue_once_per_request() {
        let store = Memory::with(&[("A", "LIVE"), ("D", "DEAD")]);
        let first = send(&store, &*gate(), &caller(), task("UnlockDoor", None)).await.unwrap();
        assert_eq!((Some(first.resource.as_str()), first.operation.as_deref()), (Some(RESOURCE), Some("UnlockDoor")));
        assert_eq!(send(&store, &*gate(), &caller(), task("UnlockDoor", None)).await.unwrap(), first, "a retry");
        assert_eq!(store.sent.lock().unwrap().len(), 1);
        let dead = TaskInput { location_id: LocationId::stored("D"), ..task("UnlockDoor", None) };
        assert_eq!(send(&store, &*gate(), &caller(), dead).await.unwrap_err().status(), 400);
    }

    #[test]
    fn a_task_is_known_and_a_count_is_in_range() {
        assert_eq!(count("ConfirmCount", Some(12)).unwrap(), Some(12));
        assert_eq!(count("ConfirmCount", Some(-1)).unwrap_err().to_string(), "count must be between 0 and 10000");
        assert_eq!(count("ConfirmCount", None).unwrap_err().to_string(), "ConfirmCount needs a count");
        assert_eq!(count("UnlockDoor", Some(1)).unwrap_err().to_string(), "UnlockDoor takes no count");
        assert!(named(&task("OpenSesame", None)).unwrap_err().to_string().starts_with("Unknown task OpenSesame."));
        let long = named(&task(&"x".repeat(5_000), None)).unwrap_err().to_string();
        assert!(long.len() < 200, "an unknown task is named bounded: {long}");
    }

    #[test]
    fn every_task_needs_a_request_id_of_at_most_64_characters() {
        // Read as the edge reads it: a present request id parses itself (`RequestId`), then `named`.
        let read = |id: serde_json::Value| -> Result<Named, ApiError> {
            let mut args = json!({ "locationId": "A", "task": "UnlockDoor" });
            if !id.is_null() {
                args["requestId"] = id;
            }
            named(&fleet_shared::contract::request(&fleet_shared::Input { args, ..Default::default() })?)
        };
        assert_eq!(read(serde_json::Value::Null).unwrap_err().to_string(), "runFridgeTask needs a requestId");
        assert_eq!(read(json!(" ")).unwrap_err().to_string(), "requestId cannot be empty");
        let long = json!("x".repeat(1_200));
        assert_eq!(read(long).unwrap_err().to_string(), "requestId must be at most 64 characters");
        let ok = read(json!("x".repeat(64))).unwrap();
        assert_eq!((ok.location.as_str(), ok.task, ok.request_id.len()), ("A", "UnlockDoor", 64));
    }

    #[tokio::test]
    async fn a_refused_request_id_writes_nothing_and_sends_nothing() {
        let store = Memory::with(&[("A", "LIVE")]);
        // A missing one (a bad one is refused before the handler: `every_task_needs_a_request_id…`).
        let input = TaskInput { request_id: None, ..task("UnlockDoor", None) };
        assert_eq!(send(&store, &*gate(), &caller(), input).await.unwrap_err().status(), 400);
        assert!(store.commands.lock().unwrap().is_empty() && store.sent.lock().unwrap().is_empty());
        assert!(store.records.0.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_count_travels_in_the_message_and_stays_in_the_record() {
        let store = Memory::with(&[("A", "LIVE")]);
        let sent = send(&store, &*gate(), &caller(), task("ConfirmCount", Some(12))).await.unwrap();
        assert_eq!((sent.count, Some(sent.state.as_str())), (Some(12), Some("SENT")));
        assert_eq!(store.sent.lock().unwrap()[0].payload.count, Some(12), "in the queue message");
        let recorded: Vec<Option<i64>> = store.commands.lock().unwrap().values().map(|c| c.count).collect();
        assert_eq!(recorded, [Some(12)], "in the record");
        let other = TaskInput {
            request_id: Some(RequestId::parse("requestId", "r2").unwrap()),
            ..task("ConfirmCount", Some(13))
        };
        assert_eq!(send(&store, &*gate(), &caller(), other).await.unwrap().count, Some(13));
        let reused = TaskInput {
            request_id: Some(RequestId::parse("requestId", "r2").unwrap()),
            ..task("ConfirmCount", Some(14))
        };
        assert_eq!(
            send(&store, &*gate(), &caller(), reused).await.unwrap_err().status(),
            409,
            "another count is other content"
        );
    }
}
