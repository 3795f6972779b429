use super::*;
use crate::store::memory::Memory;
use chrono::{DateTime, TimeZone, Utc};
use fleet_shared::{contract, Input};

const DAY: &str = "2026-11-23";
const KEY: &str = "STOP_STUCK|CHI_1|1|scan-1";

/// 10:05 Central on DAY.
fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 16, 5, 0).unwrap()
}

fn person(sub: &str, email: &str, name: Option<&str>) -> Caller {
    Caller {
        sub: sub.into(),
        username: sub.into(),
        email: email.into(),
        email_verified: true,
        name: name.map(str::to_string),
    }
}

fn ann() -> Caller {
    person("sub-ann", "ann@fleet", Some("Ann Lee"))
}

fn ask(caller: Caller, key: &str, note: &str, request_id: &str) -> Input {
    let args = json!({ "input": { "stockingDay": DAY, "key": key, "note": note, "requestId": request_id } });
    Input { caller: Some(caller), args, ..Input::default() }
}

/// The day's open items, as the panel would work them out (`board::open_keys` is the dashboard's, tested there).
struct Open(std::collections::HashSet<String>);

impl OpenItems for Open {
    async fn open_keys(
        &self,
        _day: chrono::NaiveDate,
        _now: DateTime<Utc>,
    ) -> Result<std::collections::HashSet<String>, ApiError> {
        Ok(self.0.clone())
    }
}

/// The tests' items, open.
fn open() -> Open {
    Open([KEY, "STOP_STUCK|CHI_1|1|scan-2"].map(str::to_string).into())
}

/// A call as the edge parses it, its answer as JSON.
async fn call<S: AckStore>(store: &S, input: &Input, at: DateTime<Utc>) -> Result<serde_json::Value, ApiError> {
    let args: AckArgs = contract::request(input)?;
    let out = run(store, &open(), input.caller()?, args.input, at).await?;
    Ok(serde_json::to_value(out).unwrap())
}

#[tokio::test]
async fn an_acknowledgement_is_stored_with_its_history_and_read_back_as_the_panel_shows_it() {
    let store = Memory::default();
    let out = call(&store, &ask(ann(), KEY, "  Calling the driver  ", "req-1"), now()).await.unwrap();
    assert_eq!(out["taken"], "taken by Ann Lee at 10:05: Calling the driver");
    assert_eq!((out["by"].as_str(), out["key"].as_str()), (Some("Ann Lee"), Some(KEY)));

    let items = store.actions();
    assert_eq!(items.len(), 1);
    let item = &items[0];
    assert_eq!((item.event_type.as_str(), item.stocking_day.as_str()), (ACK_EVENT, DAY));
    assert_eq!(item.location_id, "CHI_1", "filed under the stop's location");
    assert!(!item.occurred_sk.is_empty(), "in the day index, so a whole read of the day finds it");
    let read = acknowledgement(item).unwrap();
    assert_eq!(
        (read.key.as_str(), read.by.as_str(), read.at, read.note.as_str()),
        (KEY, "Ann Lee", now(), "Calling the driver")
    );

    let history = store.history.lock().unwrap().clone();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].entity, format!("attention#{DAY}#{KEY}"));
    assert_eq!(history[0].who, "ann@fleet", "the token's identity");
    assert_eq!(history[0].changes[0].attribute, "Stop stuck acknowledged");
    assert_eq!(history[0].changes[0].new_value, "\"Calling the driver\"");
}

#[tokio::test]
async fn a_retry_is_answered_its_first_answer_and_writes_nothing() {
    let store = Memory::default();
    let first = call(&store, &ask(ann(), KEY, "On it", "req-1"), now()).await.unwrap();
    let later = now() + chrono::TimeDelta::minutes(3);
    let again = call(&store, &ask(ann(), KEY, "On it", "req-1"), later).await.unwrap();
    assert_eq!(again, first, "the first answer, its time included");
    assert_eq!(store.actions().len(), 1);
    assert_eq!(store.history.lock().unwrap().len(), 1);

    // The same requestId with another note is another content: refused.
    let e = call(&store, &ask(ann(), KEY, "Something else", "req-1"), later).await.unwrap_err();
    assert!(matches!(&e, ApiError::Conflict(m) if m.starts_with("This requestId was already used")), "{e:?}");
}

#[tokio::test]
async fn a_second_person_is_refused_naming_the_first_and_nothing_is_written() {
    let store = Memory::default();
    call(&store, &ask(ann(), KEY, "Calling the driver", "req-1"), now()).await.unwrap();
    let bob = person("sub-bob", "bob@fleet", None);
    let e = call(&store, &ask(bob.clone(), KEY, "Me too", "req-9"), now()).await.unwrap_err();
    assert_eq!(e, ApiError::Conflict("This item was already taken by Ann Lee at 10:05: Calling the driver".into()));
    // Ann herself, with a new request: the item is taken all the same.
    let e = call(&store, &ask(ann(), KEY, "Again", "req-2"), now()).await.unwrap_err();
    assert!(matches!(e, ApiError::Conflict(m) if m.contains("taken by Ann Lee")));
    assert_eq!(store.actions().len(), 1);

    // Another occurrence (the stop stuck again after a re-scan) is a new item: Bob may take it.
    let out = call(&store, &ask(bob, "STOP_STUCK|CHI_1|1|scan-2", "Me", "req-9b"), now()).await.unwrap();
    assert_eq!(out["taken"], "taken by bob@fleet at 10:05: Me", "the e-mail of a caller without a name");
    assert_eq!(store.actions().len(), 2);
}

/// Bob's try passed its check before Ann's landed: the transaction refuses it, and the answer names Ann.
#[tokio::test]
async fn a_racing_second_acknowledgement_loses_at_the_write_and_names_the_first() {
    struct Racing {
        inner: Memory,
        /// Ann's acknowledgement, written just before Bob's transaction.
        first: std::sync::Mutex<Option<AckWrite>>,
    }
    impl Records for Racing {
        async fn get(
            &self,
            pk: &str,
            parts: Vec<String>,
        ) -> Result<std::collections::HashMap<String, Claim>, ApiError> {
            self.inner.get(pk, parts).await
        }
        async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
            self.inner.put(claim).await
        }
    }
    impl AckStore for Racing {
        async fn acknowledge(&self, write: &AckWrite) -> Result<(), ApiError> {
            let first = self.first.lock().unwrap().take();
            if let Some(first) = first {
                self.inner.acknowledge(&first).await?;
            }
            self.inner.acknowledge(write).await
        }
    }
    // Ann's write, as her call would make it, made on a store of its own.
    let scratch = Memory::default();
    call(&scratch, &ask(ann(), KEY, "Calling the driver", "req-1"), now()).await.unwrap();
    let item = scratch.actions().remove(0);
    let record = scratch.history.lock().unwrap()[0].clone();
    let claims: Vec<Claim> = scratch.records.0.lock().unwrap().values().cloned().collect();
    let of = |scope: &str| claims.iter().find(|c| c.pk.starts_with(scope)).unwrap().clone();
    let ann_write = AckWrite { item, record, request: of(SCOPE), occurrence: of(OCCURRENCE_SCOPE) };

    let store = Racing { inner: Memory::default(), first: std::sync::Mutex::new(Some(ann_write)) };
    let bob = person("sub-bob", "bob@fleet", Some("Bob Ray"));
    let e = call(&store, &ask(bob, KEY, "Me too", "req-9"), now()).await.unwrap_err();
    assert_eq!(e, ApiError::Conflict("This item was already taken by Ann Lee at 10:05: Calling the driver".into()));
    assert_eq!(store.inner.actions().len(), 1, "Ann's only");
}

#[tokio::test]
async fn bad_input_gets_a_clear_refusal_and_writes_nothing() {
    let store = Memory::default();
    let bad = |key: &str, note: &str, day: &str| {
        let args = json!({ "input": { "stockingDay": day, "key": key, "note": note, "requestId": "r" } });
        Input { caller: Some(ann()), args, ..Input::default() }
    };
    let cases = [
        (bad(KEY, "   ", DAY), "A note is required to acknowledge an item"),
        (bad(KEY, &"n".repeat(NOTE_MAX_CHARS + 1), DAY), "note"),
        (bad("STOP_STUCK|CHI_1", "n", DAY), "key is not a Needs-attention item's key"),
        (bad(KEY, "n", "23/11/2026"), "stockingDay must be a date (YYYY-MM-DD)"),
        (bad("ROUTE_NOT_STARTED|R1|2026-11-24", "n", DAY), "The item's date 2026-11-24 is not the stocking day"),
    ];
    for (input, words) in cases {
        let e = call(&store, &input, now()).await.unwrap_err();
        assert!(matches!(&e, ApiError::BadRequest(m) if m.contains(words)), "{words}: {e:?}");
    }
    assert!(call(&store, &bad(KEY, &"n".repeat(NOTE_MAX_CHARS), DAY), now()).await.is_ok(), "exactly the limit");
    assert_eq!(store.actions().len(), 1);
}

#[test]
fn only_an_acknowledgement_item_reads_as_one() {
    let action = StoredAction { event_type: "VanTemperature".into(), data: "{}".into(), ..StoredAction::default() };
    assert_eq!(acknowledgement(&action), None);
    let broken = StoredAction { event_type: ACK_EVENT.into(), data: "not json".into(), ..StoredAction::default() };
    assert_eq!(acknowledgement(&broken), None, "skipped, not fatal");
}

#[tokio::test]
async fn only_an_item_open_now_on_today_or_yesterday_is_acknowledged() {
    let store = Memory::default();
    // A key the rules could make, but not open now (made up, or ended): refused, nothing written.
    let closed = call(&store, &ask(ann(), "STOP_STUCK|CHI_1|1|scan-7", "On it", "req-1"), now()).await.unwrap_err();
    assert_eq!((closed.status(), closed.to_string()), (409, NOT_OPEN.to_string()));
    assert!(store.actions().is_empty() && store.history.lock().unwrap().is_empty());
    // A later day is refused; so is one before yesterday. Yesterday's panel, left open overnight, may still be.
    let on = |day: &str| {
        let args = json!({ "input": { "stockingDay": day, "key": KEY, "note": "n", "requestId": format!("r-{day}") } });
        Input { caller: Some(ann()), args, ..Input::default() }
    };
    for day in ["2026-11-24", "2026-11-21"] {
        let refused = call(&store, &on(day), now()).await.unwrap_err();
        assert_eq!(refused.status(), 400, "{day}: {refused}");
        assert!(refused.to_string().starts_with("Only items of the current stocking day (2026-11-23)"), "{refused}");
    }
    assert!(call(&store, &on("2026-11-22"), now()).await.is_ok(), "the day before");
}
