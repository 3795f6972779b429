//! The fridge tasks a driver runs at a stop (3-planning §6 FridgeTasks; issue
//! 25): unlocking the door and confirming a count. Each is one call that
//! sends its command to the fridge through the command queue, as the
//! console's commands do (`commands::dispatch`), and is written to the driver
//! log (request, then response or error) from its checked fields only.
use crate::commands::{self, Order};
use crate::health::location_arg;
use crate::store::{Dynamo, FleetStore};
use fleet_shared::entity::LocationId;
use fleet_shared::{driver_log, idempotency, ApiError, Caller, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Value};

/// The queue message resource of every driver task.
pub const RESOURCE: &str = "DriverTask";
/// Tasks, as the driver app names them.
pub const TASKS: &[&str] = &["UnlockDoor", "ConfirmCount"];
/// The most units a count may confirm (a fridge holds a few hundred).
pub const MAX_COUNT: i64 = 10_000;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskInput {
    pub location_id: String,
    pub task: String,
    /// Required (`idempotency::request_id`); optional here so a missing one is
    /// refused with its own message.
    #[serde(default)]
    pub request_id: Option<String>,
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
    pub request_id: String,
}

/// The task, its fridge and its requestId, checked: a known task, a location
/// id, and a requestId that is there, not empty and at most 64 characters
/// (it is part of the request's record and of the driver log's sort key).
pub fn named(input: &TaskInput) -> Result<Named, ApiError> {
    let task = TASKS.iter().find(|t| **t == input.task).ok_or_else(|| {
        let shown: String = input.task.chars().take(fleet_shared::limits::MAX_NAME_CHARS).collect();
        ApiError::bad_request(format!("Unknown task {shown}. Use one of: {}.", TASKS.join(", ")))
    })?;
    let location = location_arg(&input.location_id)?;
    let raw = input.request_id.as_deref().ok_or_else(|| ApiError::bad_request("runFridgeTask needs a requestId"))?;
    let request_id = idempotency::request_id(raw)?.to_string();
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

/// Sends a named task to its fridge, its count checked (ConfirmCount's count
/// travels in the message and is kept in the command's record).
pub async fn carry_out<S: FleetStore>(
    store: &S,
    caller: &Caller,
    task: &Named,
    count: Option<i64>,
) -> Result<Value, ApiError> {
    let count = self::count(task.task, count)?;
    commands::commandable(store, &task.location).await?;
    let content = json!({ "location": task.location, "task": task.task, "count": count });
    let order =
        Order { scope: "fridge-tasks", command: task.task, resource: RESOURCE, operation: Some(task.task), count };
    commands::dispatch(store, caller, task.location.clone(), order, Some(task.request_id.clone()), &content).await
}

/// Checks a task request and sends it to its fridge.
pub async fn send<S: FleetStore>(store: &S, caller: &Caller, input: TaskInput) -> Result<Value, ApiError> {
    carry_out(store, caller, &named(&input)?, input.count).await
}

/// `runFridgeTask(input)`, logged in the driver log. The registry's gate
/// (FridgeTasks) has run before this, so a caller without the action writes
/// no entry; a call that cannot be named by bounded fields (its input, task,
/// location or requestId refused) is answered 400 and not logged either.
pub async fn run(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let caller = input.caller()?;
    let raw: TaskInput = input.arg("input")?;
    let task = named(&raw)?;
    let call =
        driver_log::Call { caller, fridge: task.location.as_str(), operation: task.task, request_id: &task.request_id };
    let store = Dynamo(deps);
    driver_log::logged(deps.table(Table::DriverLog), call, carry_out(&store, caller, &task, raw.count)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::fake::Fake;

    fn task(task: &str, count: Option<i64>) -> TaskInput {
        TaskInput { location_id: "A".into(), task: task.into(), request_id: Some("r1".into()), count }
    }

    fn caller() -> Caller {
        Caller { sub: "s".into(), username: "u".into(), email: "d@x.co".into(), email_verified: true, name: None }
    }

    #[tokio::test]
    async fn a_task_goes_through_the_command_queue_once_per_request() {
        let store = Fake::with(&[("A", "LIVE"), ("D", "DEAD")]);
        let first = send(&store, &caller(), task("UnlockDoor", None)).await.unwrap();
        assert_eq!((first["resource"].as_str(), first["operation"].as_str()), (Some(RESOURCE), Some("UnlockDoor")));
        assert_eq!(send(&store, &caller(), task("UnlockDoor", None)).await.unwrap(), first, "a retry");
        assert_eq!(store.sent.lock().unwrap().len(), 1);
        let dead = TaskInput { location_id: "D".into(), ..task("UnlockDoor", None) };
        assert_eq!(send(&store, &caller(), dead).await.unwrap_err().status(), 400);
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
        let with = |id: Option<&str>| TaskInput { request_id: id.map(str::to_string), ..task("UnlockDoor", None) };
        assert_eq!(named(&with(None)).unwrap_err().to_string(), "runFridgeTask needs a requestId");
        assert_eq!(named(&with(Some(" "))).unwrap_err().to_string(), "requestId cannot be empty");
        let long = "x".repeat(1_200);
        assert_eq!(named(&with(Some(&long))).unwrap_err().to_string(), "requestId must be at most 64 characters");
        let ok = named(&with(Some(&"x".repeat(64)))).unwrap();
        assert_eq!((ok.location.as_str(), ok.task, ok.request_id.len()), ("A", "UnlockDoor", 64));
    }

    #[tokio::test]
    async fn a_refused_request_id_writes_nothing_and_sends_nothing() {
        let store = Fake::with(&[("A", "LIVE")]);
        for id in [None, Some("x".repeat(1_200))] {
            let input = TaskInput { request_id: id, ..task("UnlockDoor", None) };
            assert_eq!(send(&store, &caller(), input).await.unwrap_err().status(), 400);
        }
        assert!(store.commands.lock().unwrap().is_empty() && store.sent.lock().unwrap().is_empty());
        assert!(store.records.0.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_count_travels_in_the_message_and_stays_in_the_record() {
        let store = Fake::with(&[("A", "LIVE")]);
        let sent = send(&store, &caller(), task("ConfirmCount", Some(12))).await.unwrap();
        assert_eq!((sent["count"].as_i64(), sent["state"].as_str()), (Some(12), Some("SENT")));
        assert_eq!(store.sent.lock().unwrap()[0].payload.count, Some(12), "in the queue message");
        let recorded: Vec<Option<i64>> = store.commands.lock().unwrap().values().map(|c| c.count).collect();
        assert_eq!(recorded, [Some(12)], "in the record");
        let other = TaskInput { request_id: Some("r2".into()), ..task("ConfirmCount", Some(13)) };
        assert_eq!(send(&store, &caller(), other).await.unwrap()["count"], 13);
        let reused = TaskInput { request_id: Some("r2".into()), ..task("ConfirmCount", Some(14)) };
        assert_eq!(send(&store, &caller(), reused).await.unwrap_err().status(), 409, "another count is other content");
    }
}
