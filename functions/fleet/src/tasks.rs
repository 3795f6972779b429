//! The fridge tasks a driver runs at a stop (3-planning §6 FridgeTasks; issue
//! 25): unlocking the door and confirming a count. Each is one call that
//! sends its command to the fridge through the command queue, as the
//! console's commands do (`commands::dispatch`), and is written to the driver
//! log (request, then response or error).
use crate::commands::{self, Order};
use crate::health::location_arg;
use crate::store::{Dynamo, FleetStore};
use fleet_shared::{driver_log, ApiError, Caller, Deps, Input, Table};
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
    #[serde(default)]
    pub request_id: Option<String>,
    /// ConfirmCount: the units the driver counted.
    #[serde(default)]
    pub count: Option<i64>,
}

/// The checks of a task request, every failure named.
pub fn check(input: &TaskInput) -> Result<(), ApiError> {
    if !TASKS.contains(&input.task.as_str()) {
        return Err(ApiError::bad_request(format!("Unknown task {}. Use one of: {}.", input.task, TASKS.join(", "))));
    }
    match (input.task.as_str(), input.count) {
        ("ConfirmCount", None) => Err(ApiError::bad_request("ConfirmCount needs a count")),
        ("ConfirmCount", Some(n)) if !(0..=MAX_COUNT).contains(&n) => {
            Err(ApiError::bad_request(format!("count must be between 0 and {MAX_COUNT}")))
        }
        ("UnlockDoor", Some(_)) => Err(ApiError::bad_request("UnlockDoor takes no count")),
        _ => Ok(()),
    }
}

/// Sends a checked task to its fridge.
pub async fn send<S: FleetStore>(store: &S, caller: &Caller, input: TaskInput) -> Result<Value, ApiError> {
    check(&input)?;
    let location = location_arg(&input.location_id)?;
    commands::commandable(store, &location).await?;
    let content = json!({ "location": location, "task": input.task, "count": input.count });
    let order = Order { scope: "fridge-tasks", command: &input.task, resource: RESOURCE, operation: Some(&input.task) };
    commands::dispatch(store, caller, location.clone(), order, input.request_id.clone(), &content).await
}

/// `runFridgeTask(input)`, logged in the driver log.
pub async fn run(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let caller = input.caller()?;
    let raw = input.args.get("input").cloned().unwrap_or(Value::Null);
    let parsed: Result<TaskInput, ApiError> =
        serde_json::from_value(raw).map_err(|e| ApiError::bad_request(format!("input: {e}")));
    let (fridge, task, request_id) = match &parsed {
        Ok(t) => (t.location_id.clone(), t.task.clone(), t.request_id.clone().unwrap_or_default()),
        Err(_) => Default::default(),
    };
    let call = driver_log::Call { caller, fridge: &fridge, operation: &task, request_id: &request_id };
    driver_log::logged(deps.table(Table::DriverLog), call, async { send(&Dynamo(deps), caller, parsed?).await }).await
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
        assert!(check(&task("ConfirmCount", Some(12))).is_ok());
        assert_eq!(
            check(&task("ConfirmCount", Some(-1))).unwrap_err().to_string(),
            "count must be between 0 and 10000"
        );
        assert_eq!(check(&task("ConfirmCount", None)).unwrap_err().to_string(), "ConfirmCount needs a count");
        assert!(check(&task("OpenSesame", None)).unwrap_err().to_string().starts_with("Unknown task OpenSesame."));
    }
}
