use super::*;
use crate::service::tests::{create, input as action_input, now, store, NOW};
use crate::store::memory::Memory;
use fleet_shared::fridge_time::ClockAt;
use fleet_shared::{contract, Input};

/// A call as the edge parses it, its answer as JSON (what GraphQL is answered).
async fn run<S: ActionStore>(store: &S, input: &Input, now: chrono::DateTime<chrono::Utc>) -> Result<Value, ApiError> {
    let args: CorrectArgs = contract::request(input)?;
    let out = super::run(store, input.caller()?, args.input, now).await?;
    Ok(serde_json::to_value(out).unwrap())
}

const DAY: &str = "2026-11-23";

fn supervisor() -> Caller {
    Caller { sub: "sub-s".into(), username: "s".into(), email: "lead@fleet".into(), email_verified: true, name: None }
}

fn ask(action_id: &str, change: &str, occurred_at: Option<&str>, request_id: &str) -> Input {
    let args = json!({ "input": { "stockingDay": DAY, "locationId": "CHI_1", "actionId": action_id, "change": change,
                                  "occurredAt": occurred_at, "reason": "Scanned at the wrong fridge",
                                  "requestId": request_id } });
    Input { caller: Some(supervisor()), args, ..Input::default() }
}

/// The stop CHI_1 index 1's stocked time in the fake.
fn stocked_at(store: &Memory) -> Option<String> {
    store.stocked.lock().unwrap().get(&(DAY.to_string(), "CHI_1".to_string(), 1)).cloned()
}

/// Two LocationStocked at CHI_1 (index 1): at 11:40 and 11:50; answers their ids.
async fn stocked_twice(store: &Memory) -> (String, String) {
    let a = create(store, &action_input(EventType::LocationStocked, "r-1", "2026-11-23T11:40:00Z")).await.unwrap();
    let b = create(store, &action_input(EventType::LocationStocked, "r-2", "2026-11-23T11:50:00Z")).await.unwrap();
    (a["id"].as_str().unwrap().to_string(), b["id"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn a_void_takes_the_action_out_of_the_day_and_the_stop_falls_back_to_the_next_earliest() {
    let _clock = ClockAt::new(now());
    let store = store();
    let (first, second) = stocked_twice(&store).await;
    assert_eq!(stocked_at(&store).as_deref(), Some("2026-11-23T11:40:00.000Z"));

    let out = run(&store, &ask(&first, "VOID", None, "c-1"), now()).await.unwrap();
    assert_eq!((out["change"].as_str(), out["stockedAt"].as_str()), (Some("VOID"), Some("2026-11-23T11:50:00.000Z")));
    assert_eq!(stocked_at(&store).as_deref(), Some("2026-11-23T11:50:00.000Z"));
    let voided = store.actions().into_iter().find(|a| a.id == first).unwrap();
    assert!(voided.is_voided() && voided.occurred_sk.is_empty(), "out of the stocking-day index");
    assert_eq!(voided.correction.as_ref().unwrap().by, "lead@fleet");
    assert!(store.actions().iter().any(|a| a.event_type == CORRECTION_MARKER), "the dashboard's marker");
    let history = store.history.lock().unwrap().clone();
    assert_eq!(history[0].entity, "stocked#2026-11-23#CHI_1#1");
    assert_eq!(history[0].changes[0].reason.as_deref(), Some("Scanned at the wrong fridge"));
    assert_eq!(
        (history[0].changes[1].old_value.as_str(), history[0].changes[1].new_value.as_str()),
        ("\"2026-11-23T11:40:00.000Z\"", "\"2026-11-23T11:50:00.000Z\"")
    );

    // The last one voided: the stop is not stocked any more.
    run(&store, &ask(&second, "VOID", None, "c-2"), now()).await.unwrap();
    assert_eq!(stocked_at(&store), None);
    // Voided already: nothing left to void.
    assert_eq!(run(&store, &ask(&second, "VOID", None, "c-3"), now()).await.unwrap_err().status(), 409);
}

#[tokio::test]
async fn a_drivers_retry_of_a_voided_location_stocked_does_not_stock_the_stop_again() {
    let _clock = ClockAt::new(now());
    let store = store();
    let first = create(&store, &action_input(EventType::LocationStocked, "r-1", "2026-11-23T11:40:00Z")).await.unwrap();
    run(&store, &ask(first["id"].as_str().unwrap(), "VOID", None, "c-1"), now()).await.unwrap();
    // The driver's app retries the same request: it is answered, and the stop stays unstocked.
    let again = create(&store, &action_input(EventType::LocationStocked, "r-1", "2026-11-23T11:40:00Z")).await.unwrap();
    assert_eq!(again, first);
    assert_eq!(stocked_at(&store), None);
}

#[tokio::test]
async fn a_re_time_moves_the_action_within_its_stocking_day_only() {
    let _clock = ClockAt::new(now());
    let store = store();
    let (first, _) = stocked_twice(&store).await;
    let out = run(&store, &ask(&first, "RETIME", Some("2026-11-23T05:30:00-06:00"), "c-1"), now()).await.unwrap();
    assert_eq!(out["stockedAt"], "2026-11-23T11:30:00.000Z");
    assert_eq!(stocked_at(&store).as_deref(), Some("2026-11-23T11:30:00.000Z"));
    let moved = store.actions().into_iter().find(|a| a.id == first).unwrap();
    assert_eq!(
        (moved.occurred_at.as_str(), moved.occurred_sk.as_str()),
        ("2026-11-23T11:30:00.000Z", &*format!("2026-11-23T11:30:00.000Z#{first}"))
    );
    assert_eq!(moved.correction.unwrap().original_occurred_at, "2026-11-23T11:40:00.000Z");
    // Later than the other one: the stop takes the other's time.
    run(&store, &ask(&first, "RETIME", Some("2026-11-23T11:55:00Z"), "c-2"), now()).await.unwrap();
    assert_eq!(stocked_at(&store).as_deref(), Some("2026-11-23T11:50:00.000Z"));

    let refused = |at: &'static str, id: &'static str| {
        let (store, first) = (&store, first.clone());
        async move { run(store, &ask(&first, "RETIME", Some(at), id), now()).await.unwrap_err().to_string() }
    };
    assert_eq!(
        refused("2026-11-24T13:00:00Z", "c-3").await,
        "The new time must be within the stocking day 2026-11-23 (from 18:00 Central the day before)",
        "after the window: named as such, not as the future"
    );
    assert_eq!(refused("2026-11-23T13:00:00Z", "c-5").await, "The new time cannot be in the future");
    assert_eq!(
        refused("2026-11-22T11:00:00Z", "c-4").await,
        "The new time must be within the stocking day 2026-11-23 (from 18:00 Central the day before)"
    );
}

#[tokio::test]
async fn a_re_time_before_the_stops_scan_is_refused() {
    let _clock = ClockAt::new(now());
    let store = store();
    // Scanned at 11:20 (05:20 Central), stocked at 11:40.
    create(&store, &action_input(EventType::PackingSlipQuery, "r-s", "2026-11-23T11:20:00Z")).await.unwrap();
    let stocked =
        create(&store, &action_input(EventType::LocationStocked, "r-1", "2026-11-23T11:40:00Z")).await.unwrap();
    let id = stocked["id"].as_str().unwrap();
    let refused = run(&store, &ask(id, "RETIME", Some("2026-11-23T11:10:00Z"), "c-1"), now()).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (400, "The stocked time cannot be before the scan at 05:20.".to_string())
    );
    assert_eq!(stocked_at(&store).as_deref(), Some("2026-11-23T11:40:00.000Z"), "nothing changed");
    assert!(run(&store, &ask(id, "RETIME", Some("2026-11-23T11:20:00Z"), "c-2"), now()).await.is_ok(), "at the scan");
}

#[tokio::test]
async fn a_retry_is_answered_once_and_a_reused_request_id_is_refused() {
    let _clock = ClockAt::new(now());
    let store = store();
    let (first, _) = stocked_twice(&store).await;
    let out = run(&store, &ask(&first, "VOID", None, "c-1"), now()).await.unwrap();
    assert_eq!(run(&store, &ask(&first, "VOID", None, "c-1"), now()).await.unwrap(), out);
    assert_eq!(store.history.lock().unwrap().len(), 1, "applied once");
    let other = run(&store, &ask(&first, "RETIME", Some(NOW), "c-1"), now()).await.unwrap_err();
    assert_eq!(other.status(), 409);
}

#[tokio::test]
async fn bad_asks_and_changed_records_are_refused_with_the_reason_and_nothing_is_written() {
    let _clock = ClockAt::new(now());
    let store = store();
    let (first, _) = stocked_twice(&store).await;
    let scan = create(&store, &action_input(EventType::PackingSlipQuery, "r-3", NOW)).await.unwrap();
    let message = |input: Input| {
        let store = &store;
        async move { run(store, &input, now()).await.unwrap_err().to_string() }
    };
    assert_eq!(
        message(ask(scan["id"].as_str().unwrap(), "VOID", None, "c-1")).await,
        format!(
            "Only a LocationStocked can be voided or re-timed; {} is a PackingSlipQuery",
            scan["id"].as_str().unwrap()
        )
    );
    assert_eq!(message(ask(&first, "UNDO", None, "c-2")).await, "change must be VOID or RETIME");
    assert_eq!(message(ask(&first, "VOID", Some(NOW), "c-3")).await, "A void takes no occurredAt");
    assert_eq!(message(ask(&first, "RETIME", None, "c-4")).await, "A re-time needs the new occurredAt");
    let mut no_reason = ask(&first, "VOID", None, "c-5");
    no_reason.args["input"]["reason"] = json!("  ");
    assert_eq!(message(no_reason).await, "A reason is required to correct a stocked record");
    assert!(message(ask("nope", "VOID", None, "c-6")).await.contains("has no standing action nope"));

    // The stop holds an earlier time than any action read (one the index has not shown yet).
    store.stocked.lock().unwrap().insert((DAY.into(), "CHI_1".into(), 1), "2026-11-23T11:00:00.000Z".into());
    assert!(message(ask(&first, "VOID", None, "c-7")).await.contains("changed meanwhile; reload and try again"));
    assert!(store.history.lock().unwrap().is_empty());
    assert!(store.actions().iter().all(|a| !a.is_voided()));
}
