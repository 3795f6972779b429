use super::*;
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::{contract, Input};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::Mutex;

const DATE: &str = "2031-07-08";

fn order(location: &str, jit: bool, pars: &[(&str, i64)], jit_items: &[&str]) -> FridgeOrder {
    FridgeOrder {
        order_upload_id: Some("u1".into()),
        over_capacity: BTreeMap::from([("Salad".to_string(), 1.0)]),
        jit,
        jit_items: jit_items.iter().map(|s| s.to_string()).collect(),
        ..FridgeOrder::new(DATE, location, 1, pars.iter().map(|(i, n)| (i.to_string(), *n)))
    }
}

fn stop(location: &str, route: &str, n: i64, stocked: Option<&str>) -> StoredStop {
    StoredStop {
        stop: RouteStop {
            stocking_date: DATE.into(),
            market: "MW".into(),
            id: location.into(),
            route: route.into(),
            stop: n,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        },
        route_stop: format!("{route}#{n:04}"),
        upload: None,
        stocked_time_utc: stocked.map(str::to_string),
        stocked_by: None,
    }
}

fn caller() -> Caller {
    Caller {
        sub: "sub-ops".into(),
        username: "ops".into(),
        email: "ops@fleet".into(),
        email_verified: true,
        name: None,
    }
}

#[derive(Default)]
struct Memory {
    flag: bool,
    stops: Vec<StoredStop>,
    orders: Mutex<Vec<FridgeOrder>>,
    history: Mutex<Vec<history::Record>>,
    /// Stops stocked between the read and the write (a race the condition decides).
    stocked_meanwhile: Vec<String>,
    /// Partition reads made (stops and orders of a date each count one).
    reads: std::sync::atomic::AtomicUsize,
}

impl JitStore for Memory {
    async fn has_flag(&self, _: &Caller, flag: &str) -> Result<bool, ApiError> {
        Ok(self.flag && flag == flags::JIT_MANAGEMENT)
    }
    async fn stops(&self, _: &str, _: bool) -> Result<Vec<StoredStop>, ApiError> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(self.stops.clone())
    }
    async fn orders(&self, _: &str, _: bool) -> Result<Vec<FridgeOrder>, ApiError> {
        self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Ok(self.orders.lock().unwrap().clone())
    }
    async fn apply(&self, writes: &[Write]) -> Vec<Result<(), ApiError>> {
        let mut orders = self.orders.lock().unwrap();
        writes
            .iter()
            .map(|w| {
                let o = orders
                    .iter_mut()
                    .find(|o| o.order_key == w.id.order_key())
                    .ok_or(ApiError::Conflict("gone".into()))?;
                if !o.jit || o.jit_update.is_some() || self.stocked_meanwhile.contains(&w.route_stop) {
                    return Err(ApiError::Conflict("condition".into()));
                }
                o.jit = w.update.jit;
                for item in w.update.cleared.keys() {
                    o.pars.remove(item);
                    o.over_capacity.remove(item);
                }
                o.jit_update = Some(w.update.clone());
                self.history.lock().unwrap().push(w.history.clone());
                Ok(())
            })
            .collect()
    }
}

fn day() -> Memory {
    Memory {
        flag: true,
        stops: vec![
            stop("JIT1", "r1", 2, None),
            stop("JIT2", "r1", 1, None),
            stop("OFF1", "r2", 1, None),
            stop("NONE", "r2", 2, None),
            stop("DONE", "r2", 3, Some("2031-07-08T15:00:00.000Z")),
        ],
        orders: Mutex::new(vec![
            order("JIT1", true, &[("Salad", 10), ("Soup", 4), ("Water", 6)], &["Salad", "Soup"]),
            order("JIT2", true, &[("Salad", 3)], &[]),
            order("OFF1", false, &[("Salad", 5)], &[]),
            order("DONE", true, &[("Salad", 5)], &[]),
        ]),
        ..Memory::default()
    }
}

fn update(id: &str, jit: bool, reason: Option<&str>) -> Value {
    json!({ "stockingId": id, "jitIndicator": jit, "reason": reason, "emailAddress": "OPS@fleet" })
}

fn input(args: Value) -> Input {
    Input { caller: Some(caller()), args, ..Input::default() }
}

/// A call as the edge parses it, its answer as JSON (what GraphQL is answered).
async fn run_update<S: JitStore>(
    store: &S,
    input: &Input,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Value, ApiError> {
    let args: UpdateArgs = fleet_shared::contract::request(input)?;
    Ok(serde_json::to_value(super::run_update(store, input.caller()?, args.input, now).await?).unwrap())
}

fn now() -> chrono::DateTime<chrono::Utc> {
    "2031-07-08T12:00:00Z".parse().unwrap()
}

async fn send(store: &Memory, updates: Vec<Value>) -> Result<Vec<Value>, ApiError> {
    let out = run_update(store, &input(json!({ "input": updates })), now()).await?;
    Ok(out.as_array().unwrap().clone())
}

#[test]
fn a_stocking_id_names_date_location_and_index() {
    let id = StockingId::parse("2031-07-08#CHI_0001#2").unwrap();
    assert_eq!((id.date.as_str(), id.location.as_str(), id.index), ("2031-07-08", "CHI_0001", 2));
    assert_eq!(id.to_string(), "2031-07-08#CHI_0001#2");
    assert_eq!(id.order_key(), "CHI_0001#2");
    for bad in ["", "2031-07-08", "2031-07-08#CHI", "2031-13-08#CHI#1", "2031-07-08##1", "2031-07-08#CHI#0", "x#CHI#1"]
    {
        assert!(StockingId::parse(bad).is_err(), "{bad}");
    }
}

proptest! {
    #[test]
    fn stocking_id_parsing_never_panics_and_round_trips(text in ".{0,40}", loc in "[A-Z_0-9]{1,12}", index in 1i64..=999) {
        let _ = StockingId::parse(&text);
        let id = format!("{DATE}#{loc}#{index}");
        prop_assert_eq!(StockingId::parse(&id).map(|i| i.to_string()), Ok(id));
    }

    #[test]
    fn only_listed_reasons_pass(reason in ".{0,20}", jit in any::<bool>()) {
        let out = check(&UpdateInput { stocking_id: format!("{DATE}#A#1"), jit_indicator: jit, reason: Some(reason.clone()), email_address: "x".into() });
        let listed = REASONS.contains(&reason.trim());
        let blank = reason.trim().is_empty();
        prop_assert_eq!(out.is_ok(), listed || (blank && jit));
    }
}

#[test]
fn off_needs_a_listed_reason_and_on_does_not() {
    let input = |jit, reason: Option<&str>| UpdateInput {
        stocking_id: format!("{DATE}#A#1"),
        jit_indicator: jit,
        reason: reason.map(str::to_string),
        email_address: "ops@fleet".into(),
    };
    assert!(check(&input(false, None)).unwrap_err().starts_with("A reason is required"));
    assert!(check(&input(false, Some("Tired"))).unwrap_err().starts_with("Reason 'Tired' is not one of"));
    assert_eq!(check(&input(false, Some("Van Issue"))).unwrap().reason.as_deref(), Some("Van Issue"));
    assert_eq!(check(&input(true, None)).unwrap().reason, None);
}

#[test]
fn the_allocation_items_are_the_rows_that_said_jit_or_every_item() {
    let o = order("JIT1", true, &[("Salad", 10), ("Soup", 4), ("Water", 6)], &["Salad", "Soup"]);
    assert_eq!(o.jit_allocation(), BTreeMap::from([("Salad".into(), 10), ("Soup".into(), 4)]));
    assert_eq!(order("A", true, &[("Salad", 3)], &[]).jit_allocation().len(), 1);
    assert!(order("A", false, &[("Salad", 3)], &["Salad"]).jit_allocation().is_empty());
}

#[test]
fn rows_carry_the_flag_and_each_lock() {
    let store = day();
    let rows = rows(DATE, &store.stops, &store.orders.lock().unwrap());
    let by = |id: &str| rows.iter().find(|r| r.location_id == id).unwrap().clone();
    assert_eq!((by("JIT1").jit_enabled, by("JIT1").locked_reason, by("JIT1").jit_units), (Some("Y"), None, 14));
    assert_eq!((by("OFF1").jit_enabled, by("OFF1").locked_reason), (Some("N"), Some(LOCK_JIT_OFF)));
    assert_eq!((by("NONE").jit_enabled, by("NONE").locked_reason), (None, Some(LOCK_NO_ORDER)));
    assert_eq!(by("DONE").locked_reason, Some(LOCK_STOCKED));
    assert_eq!(by("JIT1").stocking_id, format!("{DATE}#JIT1#1"));
    let order: Vec<_> = rows.iter().map(|r| r.location_id.as_str()).collect();
    assert_eq!(order, ["JIT2", "JIT1", "OFF1", "NONE", "DONE"], "by route, then stop");
}

#[tokio::test]
async fn off_clears_the_jit_items_records_the_update_and_locks_the_row() {
    let store = day();
    let out = send(&store, vec![update(&format!("{DATE}#JIT1#1"), false, Some("Van Issue"))]).await.unwrap();
    assert_eq!(out[0]["error"], Value::Null, "{out:?}");
    assert_eq!(
        (out[0]["jitStatusUpdate"].as_bool(), out[0]["jitAllocationItemsClear"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(out[0]["orderId"], "JIT1#1");
    let orders = store.orders.lock().unwrap().clone();
    let o = orders.iter().find(|o| o.location_id == "JIT1").unwrap();
    assert_eq!(o.pars, BTreeMap::from([("Water".into(), 6)]), "only the JIT items go");
    assert!(o.over_capacity.is_empty(), "the cleared item's over-capacity goes with it");
    assert!(!o.jit);
    let u = o.jit_update.clone().unwrap();
    assert_eq!((u.reason.as_deref(), u.email.as_str(), u.cleared.len()), (Some("Van Issue"), "ops@fleet", 2));
    let history = store.history.lock().unwrap().clone();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].entity, format!("fridge-order#{DATE}#JIT1#1"));
    let attributes: Vec<_> = history[0].changes.iter().map(|c| c.attribute.as_str()).collect();
    assert_eq!(attributes, ["jit", "jitAllocationItems"]);
    drop(history);

    let rows = rows(DATE, &store.stops, &orders);
    let row = rows.iter().find(|r| r.location_id == "JIT1").unwrap();
    assert_eq!((row.jit_enabled, row.locked_reason), (Some("N"), Some(LOCK_UPDATED)));
    assert_eq!(row.update.as_ref().unwrap().email, "ops@fleet");
}

#[tokio::test]
async fn on_keeps_the_items_and_flag_y_then_locks() {
    let store = day();
    let out = send(&store, vec![update(&format!("{DATE}#JIT2#1"), true, None)]).await.unwrap();
    assert_eq!((out[0]["error"].clone(), out[0]["jitAllocationItemsClear"].clone()), (Value::Null, json!(false)));
    let orders = store.orders.lock().unwrap().clone();
    let o = orders.iter().find(|o| o.location_id == "JIT2").unwrap();
    assert!(o.jit && o.pars.len() == 1 && o.jit_update.is_some());
}

#[tokio::test]
async fn each_lock_refuses_with_its_reason_and_writes_nothing() {
    let store = day();
    let ids = ["OFF1", "NONE", "DONE", "GONE"].map(|l| update(&format!("{DATE}#{l}#1"), false, Some("Other")));
    let out = send(&store, ids.to_vec()).await.unwrap();
    let errors: Vec<&str> = out.iter().map(|o| o["error"].as_str().unwrap()).collect();
    assert!(errors[0].ends_with(LOCK_JIT_OFF), "{errors:?}");
    assert!(errors[1].ends_with(LOCK_NO_ORDER), "{errors:?}");
    assert!(errors[2].ends_with(LOCK_STOCKED), "{errors:?}");
    assert!(errors[3].contains("is not a route stop"), "{errors:?}");
    assert!(store.history.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_second_update_is_refused_and_a_retry_answers_the_first() {
    let store = day();
    let id = format!("{DATE}#JIT1#1");
    send(&store, vec![update(&id, false, Some("Van Issue"))]).await.unwrap();
    let retry = send(&store, vec![update(&id, false, Some("Van Issue"))]).await.unwrap();
    assert_eq!(retry[0]["error"], Value::Null);
    assert!(retry[0]["message"].as_str().unwrap().contains("already recorded"));
    let other = send(&store, vec![update(&id, true, None)]).await.unwrap();
    assert!(other[0]["error"].as_str().unwrap().contains("already updated by ops@fleet"), "{other:?}");
    assert_eq!(store.history.lock().unwrap().len(), 1, "written once");
}

#[tokio::test]
async fn a_stop_stocked_after_the_read_is_refused_by_the_condition() {
    let mut store = day();
    store.stocked_meanwhile = vec!["r1#0002".into()];
    let out = send(&store, vec![update(&format!("{DATE}#JIT1#1"), false, Some("Other"))]).await.unwrap();
    assert!(out[0]["error"].as_str().unwrap().contains("changed meanwhile"), "{out:?}");
}

#[tokio::test]
async fn a_batch_answers_each_row_and_refuses_bad_ones_alone() {
    let store = day();
    let out = send(
        &store,
        vec![
            update(&format!("{DATE}#JIT1#1"), false, None),
            update("not-an-id", true, None),
            update(&format!("{DATE}#JIT2#1"), false, Some("Linehaul Delay")),
            update(&format!("{DATE}#JIT2#1"), false, Some("Linehaul Delay")),
        ],
    )
    .await
    .unwrap();
    assert_eq!(out.len(), 4);
    assert!(out[0]["error"].as_str().unwrap().starts_with("A reason is required"));
    assert!(out[1]["error"].as_str().unwrap().contains("must be dropOffDate#locationId#stockingIndex"));
    assert_eq!(out[2]["error"], Value::Null);
    assert!(out[3]["error"].as_str().unwrap().contains("appears twice"));
}

#[tokio::test]
async fn one_call_reads_one_date_and_refuses_rows_of_many_before_reading() {
    use std::sync::atomic::Ordering;
    let store = day();
    // 100 rows, each of its own date: refused whole, nothing read.
    let many: Vec<Value> = (0..MAX_UPDATES)
        .map(|n| {
            let date = chrono::NaiveDate::from_ymd_opt(2031, 1, 1).unwrap() + chrono::Days::new(n as u64);
            update(&format!("{date}#JIT1#2"), true, None)
        })
        .collect();
    let err = send(&store, many).await.unwrap_err().to_string();
    assert_eq!(
        err,
        "Send the updates of one drop-off date a call; this one names 100 dates (2031-01-01, 2031-01-02, 2031-01-03, ...)"
    );
    assert_eq!(store.reads.load(Ordering::SeqCst), 0);
    // Rows of one date: its stops and orders, read once each.
    let rows = vec![update(&format!("{DATE}#JIT1#2"), true, None), update(&format!("{DATE}#JIT2#1"), true, None)];
    let out = send(&store, rows).await.unwrap();
    assert_eq!(out.len(), 2);
    assert_eq!(store.reads.load(Ordering::SeqCst), 2);
}

/// `list` over a whole call, parsed as the edge does.
async fn run_list<S: JitStore>(store: &S, input: &Input) -> Result<JitDay, ApiError> {
    let args: ListArgs = contract::request(input)?;
    list(store, input.caller()?, args.input).await
}

#[tokio::test]
async fn the_caller_must_hold_the_flag_and_name_themselves() {
    let mut store = day();
    let theirs = json!({ "stockingId": format!("{DATE}#JIT1#1"), "jitIndicator": true, "emailAddress": "boss@fleet" });
    assert!(matches!(send(&store, vec![theirs]).await, Err(ApiError::BadRequest(_))));
    assert!(matches!(send(&store, vec![]).await, Err(ApiError::BadRequest(_))));
    store.flag = false;
    assert!(matches!(
        send(&store, vec![update(&format!("{DATE}#JIT1#1"), true, None)]).await,
        Err(ApiError::Forbidden)
    ));
    let list = run_list(&store, &input(json!({ "input": { "dropOffDate": DATE } }))).await;
    assert!(matches!(list, Err(ApiError::Forbidden)));
    store.flag = true;
    let bad_date = run_list(&store, &input(json!({ "input": { "dropOffDate": "2031-02-30" } }))).await;
    assert!(matches!(bad_date, Err(ApiError::BadRequest(_))));
}
