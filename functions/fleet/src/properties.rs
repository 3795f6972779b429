//! Property tests at the parse and rule level (no emulator): whatever a
//! fridge sends, the telemetry parse answers a message or a refusal with its
//! reason, an accepted message always becomes storable items, and the
//! inventory view renders any stored unit. Cases: proptest's default (256),
//! or `PROPTEST_CASES`.
use crate::ingest::items;
use crate::inventory::{expiry, minutes_above, produced, unit_view};
use crate::telemetry::{self, Message, Unit, MAX_AGE_DAYS, MAX_FUTURE_HOURS, MAX_SHELF_LIFE_DAYS};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use fleet_shared::fridge_time::{ClockAt, FridgeZone, ZONES};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// The ingest's clock in these properties: 2026-11-23T12:00:00Z.
fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_795_435_200, 0).unwrap_or_default()
}

/// `telemetry::parse` with the ingest's clock stopped at `now()`.
fn parse(body: &str) -> Result<Message, String> {
    let _clock = ClockAt::new(now());
    telemetry::parse(body)
}

/// Any instant chrono can hold.
fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    (DateTime::<Utc>::MIN_UTC.timestamp()..=DateTime::<Utc>::MAX_UTC.timestamp(), 0u32..1_000_000_000)
        .prop_map(|(s, n)| DateTime::from_timestamp(s, n).unwrap_or_default())
}

/// Timestamps as fridges might send them: any instant, ones near the
/// window's edges, the reported poison one, time-shaped digits, any text.
fn timestamp() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => instant().prop_map(|t| t.to_rfc3339()),
        8 => (-(MAX_AGE_DAYS + 5) * 86_400..=(MAX_FUTURE_HOURS + 24) * 3_600).prop_map(|d| (now() + Duration::seconds(d)).to_rfc3339()),
        1 => Just("+262142-12-31T00:00:00Z".to_string()),
        1 => "[+-]?[0-9]{1,6}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,12})?(Z|[+-][0-9]{2}:[0-9]{2})",
        1 => ".{0,40}",
    ]
}

fn any_date() -> impl Strategy<Value = NaiveDate> {
    (NaiveDate::MIN.num_days_from_ce()..=NaiveDate::MAX.num_days_from_ce())
        .prop_map(|d| NaiveDate::from_num_days_from_ce_opt(d).unwrap_or_default())
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => any::<i64>().prop_map(|n| json!(n)),
        1 => any::<u64>().prop_map(|n| json!(n)),
        1 => any::<f64>().prop_map(|f| json!(f)),
        6 => (-200.0f64..400.0).prop_map(|f| json!(f)),
    ]
}

fn integer() -> impl Strategy<Value = Value> {
    prop_oneof![4 => (-20i64..20).prop_map(|n| json!(n)), 1 => any::<i64>().prop_map(|n| json!(n)), 1 => number()]
}

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        ".{0,20}".prop_map(Value::String)
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,12}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Mostly a value of the right kind, sometimes any JSON at all.
fn field(right: impl Strategy<Value = Value> + 'static) -> BoxedStrategy<Value> {
    prop_oneof![12 => right, 1 => any_json()].boxed()
}

fn id() -> impl Strategy<Value = Value> {
    prop_oneof![20 => "[A-Z_0-9]{1,12}", 1 => ".{0,80}"].prop_map(Value::String)
}

fn ts() -> BoxedStrategy<Value> {
    field(timestamp().prop_map(Value::String))
}

/// An object of these fields, each present or not (required ones nearly always, as a fridge sends them).
fn object(
    kind: &'static str,
    required: &'static [&'static str],
    fields: Vec<(&'static str, BoxedStrategy<Value>)>,
) -> BoxedStrategy<Value> {
    let parts: Vec<BoxedStrategy<Option<(&'static str, Value)>>> = fields
        .into_iter()
        .map(|(k, s)| {
            prop::option::weighted(if required.contains(&k) { 0.98 } else { 0.4 }, s.prop_map(move |v| (k, v))).boxed()
        })
        .collect();
    parts
        .prop_map(move |present| {
            let mut o = Map::new();
            o.insert("type".into(), json!(kind));
            o.extend(present.into_iter().flatten().map(|(k, v)| (k.to_string(), v)));
            Value::Object(o)
        })
        .boxed()
}

fn unit() -> BoxedStrategy<Value> {
    let date = prop_oneof![1 => any_date().prop_map(|d| d.to_string()), 6 => (-4000i64..=3).prop_map(|d| (now().date_naive() + Duration::days(d)).to_string())];
    let shelf = prop_oneof![2 => Just(Value::Null), 6 => (0u64..=5000).prop_map(|d| json!(d)), 1 => Just(json!(4_000_000_000u64)), 1 => number()];
    (field(date.prop_map(Value::String)), field(shelf))
        .prop_map(|(d, s)| json!({ "productionDate": d, "shelfLifeDays": s }))
        .boxed()
}

fn slots() -> BoxedStrategy<Value> {
    let slot = (id(), id(), prop::collection::vec(unit(), 0..4))
        .prop_map(|(s, n, u)| json!({ "slot": s, "itemName": n, "units": u }));
    field(prop::collection::vec(slot, 0..4).prop_map(Value::Array))
}

/// A body of every telemetry message type (and of none), its fields of any value.
fn body() -> impl Strategy<Value = String> {
    let state = field(prop_oneof![Just(json!("DONE")), Just(json!("FAILED")), ".{0,8}".prop_map(Value::String)]);
    let event_type = |types: &'static [&'static str]| {
        field(prop_oneof![prop::sample::select(types).prop_map(|t| json!(t)), ".{0,12}".prop_map(Value::String)])
    };
    let messages = prop_oneof![
        object(
            "heartbeat",
            &["locationId", "timestamp"],
            vec![
                ("locationId", field(id())),
                ("timestamp", ts()),
                ("temperature", field(number())),
                ("temperatureSetpoint", field(number())),
                ("safetyHoldTs", ts()),
                ("outOfOrderTs", ts()),
                ("outOfOrder", field(any::<bool>().prop_map(Value::Bool))),
                ("networkSpeed", field(number().prop_map(|n| json!({ "previousSpeed": n })))),
                (
                    "connectedLayout",
                    field(
                        prop::collection::vec(
                            (integer(), integer()).prop_map(|(x, y)| json!({ "x": x, "y": y })),
                            0..3
                        )
                        .prop_map(Value::Array)
                    )
                ),
                ("jofemarState", field(".{0,20}".prop_map(Value::String))),
            ]
        ),
        object(
            "event",
            &["locationId", "eventId", "eventType", "timestamp"],
            vec![
                ("locationId", field(id())),
                ("eventId", field(id())),
                ("eventType", event_type(telemetry::EVENT_TYPES)),
                ("timestamp", ts())
            ]
        ),
        object(
            "segmentEvent",
            &["locationId", "eventId", "eventType", "timestamp"],
            vec![
                ("locationId", field(id())),
                ("eventId", field(id())),
                ("eventType", event_type(telemetry::SEGMENT_EVENT_TYPES)),
                ("timestamp", ts()),
                ("payload", any_json().boxed()),
            ]
        ),
        object(
            "inventory",
            &["locationId", "timestamp", "slots"],
            vec![("locationId", field(id())), ("timestamp", ts()), ("slots", slots())]
        ),
        object(
            "commandResult",
            &["locationId", "queueId", "sk", "state", "timestamp"],
            vec![
                ("locationId", Just(json!("A")).boxed()),
                ("queueId", field(prop_oneof![Just(json!("A#commands")), Just(json!("B#commands")), id()])),
                ("sk", field(id())),
                ("state", state),
                ("timestamp", ts()),
            ]
        ),
        any_json(),
    ];
    prop_oneof![9 => messages.prop_map(|v| v.to_string()), 1 => ".{0,60}"]
}

fn in_window(t: DateTime<Utc>) -> bool {
    t <= now() + Duration::hours(MAX_FUTURE_HOURS) && t >= now() - Duration::days(MAX_AGE_DAYS)
}

proptest! {
    #[test]
    fn any_telemetry_body_is_a_message_that_stores_or_a_refusal_with_its_reason(body in body()) {
        match parse(&body) {
            Err(reason) => prop_assert!(!reason.trim().is_empty()),
            Ok(m) => {
                prop_assert!(in_window(m.timestamp()), "accepted outside the window: {body}");
                if let Message::Inventory { slots, .. } = &m {
                    prop_assert!(slots.iter().flat_map(|s| &s.units).all(|u| u.shelf_life_days.is_none_or(|d| d <= MAX_SHELF_LIFE_DAYS)));
                }
                if let Message::CommandResult { location_id, queue_id, .. } = &m {
                    let own = format!("{location_id}#commands");
                    prop_assert_eq!(queue_id, &own, "only the fridge's own command");
                }
                let (writes, bad) = items(&[("m".into(), body.clone(), m)], "now");
                prop_assert!(bad.is_empty(), "an accepted message always stores: {bad:?}");
                // Every latest item is compared on fixed-width text that sorts as time does.
                for w in writes.latest.values() {
                    prop_assert_eq!(w.at.len(), "2026-11-23T12:00:00.000Z".len());
                }
            }
        }
    }

    #[test]
    fn a_heartbeat_within_the_window_with_fridge_values_is_accepted(
        offset in -(MAX_AGE_DAYS * 86_400 - 60)..=(MAX_FUTURE_HOURS * 3_600 - 60), temperature in -100.0f64..=300.0, hold in instant(),
    ) {
        let hold = hold.min(now());
        let body = json!({ "type": "heartbeat", "locationId": "A", "timestamp": (now() + Duration::seconds(offset)).to_rfc3339(),
                           "temperature": temperature, "safetyHoldTs": hold.to_rfc3339() }).to_string();
        prop_assert!(parse(&body).is_ok(), "{body}");
    }

    #[test]
    fn a_timestamp_outside_the_window_is_refused_by_name(t in instant()) {
        prop_assume!(!in_window(t));
        let body = json!({ "type": "heartbeat", "locationId": "A", "timestamp": t.to_rfc3339() }).to_string();
        let reason = parse(&body).unwrap_err();
        prop_assert!(reason.starts_with("timestamp "), "{reason}");
    }

    #[test]
    fn any_stored_unit_renders_without_panicking(date in any_date(), shelf in any::<Option<u32>>(), zone in prop::sample::select(ZONES),
                                                  samples in prop::collection::vec((instant(), -50.0f64..100.0), 0..6), now in instant()) {
        let mut samples = samples;
        samples.sort_by_key(|s| s.0);
        let unit = Unit { production_date: date, shelf_life_days: shelf };
        let view = unit_view(zone.tz, "ITEM", &unit, &samples, now);
        let known = expiry(zone.tz, date, shelf);
        prop_assert_eq!(view.expiry_text == "UNKNOWN", known.is_none());
        if let Some(m) = produced(zone.tz, date) {
            prop_assert!(minutes_above(&samples, m, now) >= 0);
        }
    }

    #[test]
    fn fridge_wall_times_parse_or_say_why(text in prop_oneof![
        ".{0,30}",
        "[+-]?[0-9]{1,7}-[0-9]{1,2}-[0-9]{1,2}[T ][0-9]{1,2}:[0-9]{1,2}(:[0-9]{1,2})?",
        instant().prop_map(|t| t.format("%Y-%m-%dT%H:%M:%S").to_string()),
    ], code in prop::option::of(prop_oneof![prop::sample::select(ZONES).prop_map(|z| z.code.to_string()), ".{0,12}"])) {
        let zone = FridgeZone::of(code.as_deref());
        match zone.instant(&text) {
            // Shown back as a wall time, it reads again.
            Ok(t) => prop_assert!(zone.instant(&zone.wall(t)).is_ok(), "{text} -> {t} -> {}", zone.wall(t)),
            Err(reason) => prop_assert!(reason.contains(text.as_str()), "{reason}"),
        }
    }

    #[test]
    fn any_instant_shows_as_a_fridge_wall_time(t in instant(), zone in prop::sample::select(ZONES)) {
        prop_assert!(!zone.wall(t).is_empty());
    }
}

/// The generator reaches both sides: a property that only ever saw refusals
/// would prove nothing about what gets stored.
#[test]
fn the_body_generator_yields_accepted_and_refused_messages_of_every_type() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = body();
    let (mut accepted, mut refused) = (std::collections::HashMap::new(), 0);
    for _ in 0..2000 {
        let Ok(tree) = strategy.new_tree(&mut runner) else { continue };
        match parse(&tree.current()) {
            Ok(m) => *accepted.entry(std::mem::discriminant(&m)).or_insert(0) += 1,
            Err(_) => refused += 1,
        }
    }
    assert_eq!(accepted.len(), 5, "every message type accepted at least once");
    assert!(accepted.values().sum::<i32>() > 200 && refused > 200, "accepted {accepted:?}, refused {refused}");
}

/// Inventory bodies of two fridges: a few hours of snapshots, each of three
/// slots (two items) holding 0-2 units or gone.
fn inventories() -> impl Strategy<Value = Vec<String>> {
    let snapshot = proptest::collection::vec(proptest::option::weighted(0.9, 0usize..3), 3);
    let fridge = proptest::collection::vec(snapshot, 1..7);
    (fridge.clone(), fridge).prop_map(|(a, b)| {
        let mut bodies = Vec::new();
        for (location, steps) in [("A", a), ("B", b)] {
            for (i, units) in steps.iter().enumerate() {
                let slots: Vec<Value> = units
                    .iter()
                    .enumerate()
                    .filter_map(|(s, n)| {
                        let units = vec![json!({ "productionDate": "2026-11-22" }); (*n)?];
                        Some(json!({ "slot": format!("1:{}", s + 1), "itemName": if s < 2 { "Salad" } else { "Wrap" }, "units": units }))
                    })
                    .collect();
                let at = format!("2026-11-23T{:02}:00:00Z", 4 + i);
                bodies.push(json!({ "type": "inventory", "locationId": location, "timestamp": at, "slots": slots }).to_string());
            }
        }
        bodies
    })
}

/// The report rows the ingest's store holds after these batches.
fn rows_after(batches: &[Vec<String>]) -> Vec<fleet_shared::entity::report::derive::Row> {
    let _clock = ClockAt::new(now());
    let store = crate::store::memory::Memory::with(&[("A", "LIVE"), ("B", "LIVE")]);
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    for (n, batch) in batches.iter().enumerate() {
        let records = batch
            .iter()
            .enumerate()
            .map(|(i, body)| {
                serde_json::from_value(json!({ "messageId": format!("{n}-{i}"), "receiptHandle": "r", "body": body }))
                    .expect("a record")
            })
            .collect();
        let answer = runtime.block_on(crate::ingest::ingest(&store, records));
        assert!(answer.batch_item_failures.is_empty());
    }
    let reports = store.reports.lock().unwrap_or_else(|p| p.into_inner());
    reports.rows.values().cloned().collect()
}

proptest! {
    /// Issue 39: the empty channels and stock-outs that come out of the
    /// telemetry ingest are those of an in-order, one-at-a-time delivery,
    /// whatever the queue's order, duplication and batching of the same
    /// snapshots.
    #[test]
    fn any_order_duplication_and_batching_of_snapshots_gives_the_in_order_rows(
        bodies in inventories(),
        swaps in proptest::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..30),
        dups in proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        cuts in proptest::collection::vec(1usize..=10, 1..20),
    ) {
        let one_at_a_time: Vec<Vec<String>> = bodies.iter().map(|b| vec![b.clone()]).collect();
        let mut delivered = bodies.clone();
        for d in &dups {
            delivered.push(bodies[d.index(bodies.len())].clone());
        }
        for (a, b) in &swaps {
            let len = delivered.len();
            delivered.swap(a.index(len), b.index(len));
        }
        // Batches of 1-10 records, as the event source mapping hands them.
        let mut batches = Vec::new();
        let mut rest = delivered.as_slice();
        for cut in cuts.iter().cycle() {
            if rest.is_empty() {
                break;
            }
            let (batch, after) = rest.split_at((*cut).min(rest.len()));
            batches.push(batch.to_vec());
            rest = after;
        }
        prop_assert_eq!(rows_after(&batches), rows_after(&one_at_a_time));
    }
}
