//! The reports over the store: what each report reads for a day or a range
//! (checked by the handlers), and how it joins and shapes it (`rows`). Each
//! is generic over `ReportStore`, so its reads, paging and joins are
//! unit-tested over `store::memory::Memory`.
use crate::range::{Range, UserIds};
use crate::rows::{self, EmptyChannelRow, ReadingAction, StockOutRow, StopFacts, TemperatureRow, READING_TYPES};
use crate::store::{PageAsk, PoolUser, ReportStore, Span};
use chrono::{DateTime, NaiveDate, Utc};
use fleet_shared::contract::Page;
use fleet_shared::entity::report::{EmptyChannel, StockOut};
use fleet_shared::fridge_time::{self, stamp};
use fleet_shared::{driver_log, ApiError};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Days of route stops read for the next stop (today and the week ahead).
const DAYS_AHEAD: u64 = 7;

/// Each location's route and market on `day`, and its next stop from today:
/// the stops of `day` and of today and the week ahead (a day is one query).
async fn facts<S: ReportStore>(
    store: &S,
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<HashMap<String, StopFacts>, ApiError> {
    let today = now.with_timezone(&fridge_time::CENTRAL.tz).date_naive();
    let mut days: Vec<String> =
        std::iter::once(day).chain(today.iter_days().take(DAYS_AHEAD as usize + 1)).map(|d| d.to_string()).collect();
    days.sort();
    days.dedup();
    let stops = store.stops_of_days(days).await?;
    Ok(rows::stop_facts(&day.to_string(), &today.to_string(), &stops))
}

/// The slots that became empty on a Central day, when each was restocked,
/// and the location's route and market that day.
pub async fn empty_channels<S: ReportStore>(
    store: &S,
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Vec<EmptyChannelRow>, ApiError> {
    let (found, facts) = tokio::try_join!(store.day::<EmptyChannel>(day), facts(store, day, now))?;
    Ok(rows::empty_channels(found, &facts))
}

/// The items a fridge ran out of on a Central day, when each came back, and
/// for an open one the fridge's next stop (in hours from `now`).
pub async fn stock_outs<S: ReportStore>(
    store: &S,
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Vec<StockOutRow>, ApiError> {
    let (found, facts) = tokio::try_join!(store.day::<StockOut>(day), facts(store, day, now))?;
    Ok(rows::stock_outs(found, &facts, now))
}

/// One page of at most `count` temperature readings in `r` (LocationStocked
/// at a stop, VanTemperature in the van), across the stocking days the range
/// touches, each stop reading with its stop's route that day.
pub async fn route_temperatures<S: ReportStore>(
    store: &S,
    r: Range,
    token: Option<&str>,
    count: usize,
) -> Result<Page<TemperatureRow>, ApiError> {
    // An action's stocking day can be the day after its Central date (the day starts in the evening).
    let mut days: Vec<String> = r.days().iter().map(|d| d.to_string()).collect();
    if let Some(next) = r.days().last().and_then(|d| d.succ_opt()) {
        days.push(next.to_string());
    }
    let (from, to) = (stamp(r.start), stamp(r.end));
    let scope = format!("routetemperatures#{}#{}", r.start.timestamp(), r.end.timestamp());
    let (found, next) = store
        .actions_page(
            &READING_TYPES,
            Span { days: &days, from: &from, to: &to },
            PageAsk { scope: &scope, token, count },
        )
        .await?;
    // The range is [start, end): the index's BETWEEN includes `end`.
    let actions: Vec<ReadingAction> = found.into_iter().filter(|a| a.occurred_at < to).collect();
    let mut touched: Vec<String> = actions.iter().map(|a| a.stocking_day.clone()).collect();
    touched.sort();
    touched.dedup();
    let routes: HashMap<(String, String, i64), String> = store
        .stops_of_days(touched)
        .await?
        .into_iter()
        .map(|s| ((s.stop.stocking_date.clone(), s.stop.id.clone(), s.stop.stocking_index), s.stop.route.clone()))
        .collect();
    Ok(Page { items: rows::temperatures(&actions, &routes), next_token: next })
}

/// One page of at most `count` driver log entries in `r`, oldest first,
/// across the Central days it touches.
pub async fn driver_log<S: ReportStore>(
    store: &S,
    r: Range,
    token: Option<&str>,
    count: usize,
) -> Result<Page<driver_log::LogView>, ApiError> {
    let days: Vec<String> = r.days().iter().map(|d| d.to_string()).collect();
    let (from, to) = (stamp(r.start), stamp(r.end));
    let scope = format!("driverlog#{}#{}", r.start.timestamp(), r.end.timestamp());
    let (entries, next) =
        store.log_page(Span { days: &days, from: &from, to: &to }, PageAsk { scope: &scope, token, count }).await?;
    let items = entries.into_iter().filter(|e| e.action_time < to).map(driver_log::LogView::from).collect();
    Ok(Page { items, next_token: next })
}

/// `{emails: {userId: email}}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Emails {
    pub emails: BTreeMap<String, String>,
}

/// The e-mails of those of `users` in `ids`.
pub fn emails_of(users: Vec<PoolUser>, ids: &BTreeSet<String>) -> Emails {
    let emails = users.into_iter().filter(|u| ids.contains(&u.sub)).map(|u| (u.sub, u.email)).collect();
    Emails { emails }
}

/// The e-mails of the users `ids` names who made a call in the driver log of
/// `r` (an entry's `uuid`); the others are left out. The log is read a Central
/// day at a time, each day for the ids not found yet, and no further once all
/// are: the screen asks for the callers of rows it loaded, so most are found
/// in the first days. The pool is listed only when someone was found.
pub async fn emails<S: ReportStore>(store: &S, r: Range, ids: &UserIds) -> Result<Emails, ApiError> {
    let (from, to) = (stamp(r.start), stamp(r.end));
    let mut missing = ids.as_set().clone();
    let mut found = BTreeSet::new();
    for day in r.days() {
        if missing.is_empty() {
            break;
        }
        let callers = store.log_callers(&day.to_string(), (&from, &to), &missing).await?;
        missing.retain(|id| !callers.contains(id));
        found.extend(callers);
    }
    if found.is_empty() {
        return Ok(Emails::default());
    }
    Ok(emails_of(store.users().await?, &found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::entity::report::{self, Kind};
    use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
    use fleet_shared::{dates, paging, shard};
    use serde_json::{json, Value};

    fn at(text: &str) -> DateTime<Utc> {
        dates::instant(text).unwrap()
    }

    fn day(text: &str) -> NaiveDate {
        fleet_shared::entity::StockingDate::of(text).map(|d| d.date()).unwrap()
    }

    /// 12:00 Central on 2026-11-25.
    fn now() -> DateTime<Utc> {
        at("2026-11-25T18:00:00Z")
    }

    fn values<T: Serialize>(rows: &[T]) -> Vec<Value> {
        rows.iter().map(|r| serde_json::to_value(r).unwrap()).collect()
    }

    fn stop(date: &str, id: &str, route: &str, index: i64, stocked: bool) -> StoredStop {
        StoredStop {
            stop: RouteStop {
                stocking_date: date.into(),
                market: "MW".into(),
                id: id.into(),
                route: route.into(),
                stop: 1,
                stocking_index: index,
                stop_type: "DELIVERY".into(),
            },
            route_stop: format!("{route}#0001"),
            upload: None,
            stocked_time_utc: stocked.then(|| "2026-11-24T12:00:00.000Z".into()),
            stocked_by: None,
        }
    }

    fn empty_channel(date: &str, location: &str, slot: &str, timestamp: &str, ended: Option<&str>) -> EmptyChannel {
        EmptyChannel {
            pk: report::partition(Kind::EmptyChannel, day(date), location),
            sk: format!("{timestamp}#{location}#{slot}"),
            kiosk_name: location.into(),
            vend_item_name: format!("item {slot}"),
            timestamp: timestamp.into(),
            slot: slot.into(),
            logical_column: None,
            logical_row: None,
            ended_at: ended.map(Into::into),
            expires_at: 0,
        }
    }

    fn stock_out(date: &str, location: &str, item: &str, timestamp: &str, ended: Option<&str>) -> StockOut {
        StockOut {
            pk: report::partition(Kind::StockOut, day(date), location),
            sk: format!("{timestamp}#{location}#{item}"),
            location: location.into(),
            item: item.into(),
            timestamp: timestamp.into(),
            ended_at: ended.map(Into::into),
            expires_at: 0,
        }
    }

    /// Today and the week ahead from `now()`, after `first`.
    fn facts_days(first: &str) -> Vec<String> {
        let mut days = vec![first.to_string()];
        days.extend(day("2026-11-25").iter_days().take(8).map(|d| d.to_string()));
        days
    }

    #[tokio::test]
    async fn an_empty_channel_day_is_its_rows_over_every_shard_with_the_route_of_that_day() {
        let (chi, dal) = ("CHI_1", "DAL_2");
        assert_ne!(shard::of(chi), shard::of(dal), "the two locations' rows are in two partitions");
        let mut store = Memory {
            stops: vec![stop("2026-11-24", chi, "r7", 1, true), stop("2026-11-23", dal, "r2", 1, true)],
            ..Memory::default()
        };
        store.put_row(&empty_channel(
            "2026-11-24",
            chi,
            "A1",
            "2026-11-24T20:00:00.000Z",
            Some("2026-11-24T21:30:00.000Z"),
        ));
        store.put_row(&empty_channel("2026-11-24", dal, "3:4", "2026-11-24T15:00:00.000Z", None));
        // Another day, and another kind of the same day: not this report's.
        store.put_row(&empty_channel("2026-11-25", chi, "A2", "2026-11-25T15:00:00.000Z", None));
        store.put_row(&stock_out("2026-11-24", chi, "Soda", "2026-11-24T15:00:00.000Z", None));

        let rows = values(&empty_channels(&store, day("2026-11-24"), now()).await.unwrap());
        let shown: Vec<(&str, &str, &Value, &Value)> = rows
            .iter()
            .map(|r| (r["kioskName"].as_str().unwrap(), r["time"].as_str().unwrap(), &r["route"], &r["lastedMinutes"]))
            .collect();
        // In time order (Central), the route only where the location had a stop that day.
        assert_eq!(shown, [(dal, "09:00", &Value::Null, &Value::Null), (chi, "14:00", &json!("r7"), &json!(90))]);
        assert_eq!((&rows[0]["logicalRow"], &rows[0]["logicalColumn"]), (&Value::Null, &Value::Null));
        // One read of the stops: the day, then today and the week ahead.
        assert_eq!(*store.stop_reads.lock().unwrap(), [facts_days("2026-11-24")]);
    }

    #[tokio::test]
    async fn an_open_stock_out_waits_for_its_next_stop_in_the_week_ahead_and_a_restocked_one_for_none() {
        let mut store = Memory {
            stops: vec![
                stop("2026-11-24", "CHI_1", "r7", 1, true),
                stop("2026-11-26", "CHI_1", "r7", 1, false),
                // Beyond the week ahead: never read.
                stop("2026-12-05", "DAL_2", "r2", 1, false),
            ],
            ..Memory::default()
        };
        store.put_row(&stock_out("2026-11-24", "CHI_1", "Soda", "2026-11-24T16:00:00.000Z", None));
        store.put_row(&stock_out(
            "2026-11-24",
            "CHI_1",
            "Chips",
            "2026-11-24T17:00:00.000Z",
            Some("2026-11-24T19:00:00.000Z"),
        ));
        store.put_row(&stock_out("2026-11-24", "DAL_2", "Soda", "2026-11-24T18:00:00.000Z", None));
        store.put_row(&stock_out("2026-11-23", "CHI_1", "Water", "2026-11-23T18:00:00.000Z", None));

        let rows = values(&stock_outs(&store, day("2026-11-24"), now()).await.unwrap());
        let shown: Vec<(&str, &str, &Value, &Value, &Value)> = rows
            .iter()
            .map(|r| {
                (
                    r["Location"].as_str().unwrap(),
                    r["Item"].as_str().unwrap(),
                    &r["route"],
                    &r["nextStop"],
                    &r["hoursToNextStop"],
                )
            })
            .collect();
        let none = &Value::Null;
        assert_eq!(
            shown,
            [
                // Open: the 26th, 00:00 Central = 06:00Z, 12 hours from now.
                ("CHI_1", "Soda", &json!("r7"), &json!("2026-11-26"), &json!(12)),
                ("CHI_1", "Chips", &json!("r7"), none, none),
                ("DAL_2", "Soda", none, none, none),
            ]
        );
        assert_eq!(*store.stop_reads.lock().unwrap(), [facts_days("2026-11-24")]);
    }

    fn action(kind: &str, location: &str, occurred_at: &str, stocking_day: &str, data: Value) -> ReadingAction {
        ReadingAction {
            location_id: location.into(),
            occurred_at: occurred_at.into(),
            stocking_day: stocking_day.into(),
            event_type: kind.into(),
            data: data.to_string(),
        }
    }

    fn stocked(location: &str, occurred_at: &str, stocking_day: &str, index: i64, temperature: f64) -> ReadingAction {
        let data = json!({ "stockingIndex": index, "temperature": temperature });
        action("LocationStocked", location, occurred_at, stocking_day, data)
    }

    /// 00:00 Central on the 24th to 23:00 Central on the 25th: stocking days 24th to 26th.
    fn two_days() -> Range {
        Range { start: at("2026-11-24T06:00:00Z"), end: at("2026-11-26T05:00:00Z") }
    }

    fn readings() -> Memory {
        Memory {
            actions: vec![
                // Out of order as stored; the index reads each day in time order.
                stocked("CHI_1", "2026-11-25T15:00:00.000Z", "2026-11-25", 2, 42.0),
                stocked("CHI_1", "2026-11-24T15:00:00.000Z", "2026-11-24", 1, 38.0),
                stocked("DAL_2", "2026-11-24T16:00:00.000Z", "2026-11-24", 1, 40.0),
                // 19:00 Central on the 24th: the 25th's stocking day.
                action(
                    "VanTemperature",
                    "DEPOT",
                    "2026-11-25T01:00:00.000Z",
                    "2026-11-25",
                    json!({ "temperature": 44, "route": "r9" }),
                ),
                // 20:00 Central on the 25th: the 26th's stocking day.
                stocked("CHI_1", "2026-11-26T02:00:00.000Z", "2026-11-26", 1, 39.0),
                // At the range's end: the index answers it, the report leaves it out.
                stocked("CHI_1", "2026-11-26T05:00:00.000Z", "2026-11-26", 1, 50.0),
                // Before the start, not a reading, a stocking day outside: never answered.
                stocked("CHI_1", "2026-11-24T05:59:59.999Z", "2026-11-24", 1, 51.0),
                action(
                    "LocationVisited",
                    "CHI_1",
                    "2026-11-25T16:00:00.000Z",
                    "2026-11-25",
                    json!({ "temperature": 52 }),
                ),
                stocked("CHI_1", "2026-11-26T04:00:00.000Z", "2026-11-27", 1, 53.0),
            ],
            stops: vec![
                stop("2026-11-24", "CHI_1", "r7", 1, true),
                stop("2026-11-24", "CHI_1", "r5", 2, false),
                stop("2026-11-25", "CHI_1", "r8", 2, true),
                stop("2026-11-26", "CHI_1", "r7", 1, true),
            ],
            ..Memory::default()
        }
    }

    fn shown(page: &Page<TemperatureRow>) -> Vec<(&str, &str, f64, Option<&str>)> {
        page.items.iter().map(|r| (r.kind, r.location.as_str(), r.temperature, r.assigned_route.as_deref())).collect()
    }

    #[tokio::test]
    async fn route_temperatures_page_across_the_stocking_days_each_stop_reading_with_its_route() {
        let store = readings();
        let first = route_temperatures(&store, two_days(), None, 2).await.unwrap();
        assert_eq!(shown(&first), [("At stop", "CHI_1", 38.0, Some("r7")), ("At stop", "DAL_2", 40.0, None)]);
        let token = first.next_token.as_deref();
        let second = route_temperatures(&store, two_days(), token, 2).await.unwrap();
        assert_eq!(shown(&second), [("Van", "DEPOT", 44.0, Some("r9")), ("At stop", "CHI_1", 42.0, Some("r8"))]);
        let third = route_temperatures(&store, two_days(), second.next_token.as_deref(), 2).await.unwrap();
        assert_eq!(shown(&third), [("At stop", "CHI_1", 39.0, Some("r7"))], "the reading at the end is left out");
        assert_eq!(third.next_token, None);
        assert_eq!(third.items[0].date_time, at("2026-11-26T02:00:00Z").timestamp());
        // Each page reads the stops of the stocking days its actions touch, no more.
        assert_eq!(*store.stop_reads.lock().unwrap(), [["2026-11-24"], ["2026-11-25"], ["2026-11-26"]]);
    }

    #[tokio::test]
    async fn one_page_holds_a_whole_range_and_a_token_serves_its_own_range_only() {
        let store = readings();
        let all = route_temperatures(&store, two_days(), None, 100).await.unwrap();
        assert_eq!((all.items.len(), all.next_token.as_deref()), (5, None));
        let first = route_temperatures(&store, two_days(), None, 1).await.unwrap();
        let other = Range { start: at("2026-11-24T07:00:00Z"), ..two_days() };
        let refused = route_temperatures(&store, other, first.next_token.as_deref(), 1).await.unwrap_err();
        assert_eq!(refused, ApiError::bad_request(paging::INVALID_TOKEN));
    }

    fn entry(fridge: &str, action_time: &str, request_id: &str, kind: &str) -> driver_log::LogEntry {
        let day = at(action_time).with_timezone(&fridge_time::CENTRAL.tz).date_naive().to_string();
        driver_log::LogEntry {
            pk: shard::key(&day, fridge),
            sk: format!("{action_time}#{request_id}#{kind}"),
            day,
            request_id: request_id.into(),
            kind: kind.into(),
            action_time: action_time.into(),
            uuid: "sub-1".into(),
            fridge: fridge.into(),
            operation: "GetEmptyChannel".into(),
            message: None,
            expires_at: 0,
        }
    }

    #[tokio::test]
    async fn the_driver_log_pages_oldest_first_across_its_days_without_the_entry_at_the_end() {
        let store = Memory {
            log: vec![
                entry("FR_2", "2026-11-24T12:00:00.000Z", "q3", "request"),
                entry("FR_1", "2026-11-23T10:00:01.000Z", "q1", "response"),
                entry("FR_1", "2026-11-23T10:00:00.000Z", "q1", "request"),
                entry("FR_1", "2026-11-25T17:59:59.999Z", "q4", "request"),
                // At the end, before the start (the 22nd, Central), and after the range.
                entry("FR_1", "2026-11-25T18:00:00.000Z", "q5", "request"),
                entry("FR_1", "2026-11-23T05:00:00.000Z", "q0", "request"),
                entry("FR_1", "2026-11-26T10:00:00.000Z", "q6", "request"),
            ],
            ..Memory::default()
        };
        // 00:00 Central on the 23rd to 12:00 Central on the 25th.
        let r = Range { start: at("2026-11-23T06:00:00Z"), end: now() };
        let ids = |p: &Page<driver_log::LogView>| -> Vec<(String, String)> {
            p.items.iter().map(|e| (e.request_id.clone(), e.kind.clone())).collect()
        };
        let first = driver_log(&store, r, None, 3).await.unwrap();
        let pair = |id: &str, kind: &str| (id.to_string(), kind.to_string());
        assert_eq!(ids(&first), [pair("q1", "request"), pair("q1", "response"), pair("q3", "request")]);
        let second = driver_log(&store, r, first.next_token.as_deref(), 3).await.unwrap();
        assert_eq!((ids(&second), second.next_token), (vec![pair("q4", "request")], None));
        // The view leaves out the keys.
        let view = serde_json::to_value(&second.items[0]).unwrap();
        assert!(view.get("pk").is_none() && view.get("sk").is_none());
        assert_eq!(view["message"], Value::Null);
    }

    fn logged(uuid: &str, action_time: &str, request_id: &str) -> driver_log::LogEntry {
        driver_log::LogEntry { uuid: uuid.into(), ..entry("FR_1", action_time, request_id, "request") }
    }

    fn pool(subs: &[&str]) -> Vec<PoolUser> {
        subs.iter().map(|sub| PoolUser { sub: sub.to_string(), email: format!("{sub}@fleet.test") }).collect()
    }

    fn ids(raw: &str) -> UserIds {
        UserIds::parse(Some(raw)).unwrap()
    }

    fn answered(emails: &Emails) -> Vec<&str> {
        emails.emails.keys().map(String::as_str).collect()
    }

    #[tokio::test]
    async fn the_emails_are_those_of_the_named_users_who_called_in_the_range_s_log() {
        let store = Memory {
            log: vec![
                logged("dana", "2026-11-23T10:00:00.000Z", "q1"),
                logged("eve", "2026-11-24T12:00:00.000Z", "q2"),
                // Before the range, and at its end: not in it.
                logged("finn", "2026-11-23T05:59:59.999Z", "q0"),
                logged("gus", "2026-11-25T18:00:00.000Z", "q9"),
            ],
            users: pool(&["dana", "eve", "finn", "gus", "hal"]),
            ..Memory::default()
        };
        // 00:00 Central on the 23rd to 12:00 Central on the 25th.
        let r = Range { start: at("2026-11-23T06:00:00Z"), end: now() };
        let got = emails(&store, r, &ids("dana,finn,gus,hal,nobody")).await.unwrap();
        // finn and gus acted only outside the range, hal never: in the pool, still not answered.
        assert_eq!(answered(&got), ["dana"]);
        assert_eq!(got.emails["dana"], "dana@fleet.test");
        let got = emails(&store, r, &ids("eve,dana")).await.unwrap();
        assert_eq!(answered(&got), ["dana", "eve"]);
    }

    #[tokio::test]
    async fn each_day_looks_only_for_the_ids_not_found_yet_and_the_read_stops_when_all_are() {
        let store = Memory {
            log: vec![
                logged("dana", "2026-11-23T10:00:00.000Z", "q1"),
                logged("eve", "2026-11-24T12:00:00.000Z", "q2"),
                logged("dana", "2026-11-24T13:00:00.000Z", "q3"),
            ],
            users: pool(&["dana", "eve"]),
            ..Memory::default()
        };
        let r = Range { start: at("2026-11-23T06:00:00Z"), end: now() };
        let got = emails(&store, r, &ids("dana,eve")).await.unwrap();
        assert_eq!(answered(&got), ["dana", "eve"]);
        let reads = store.caller_reads.lock().unwrap().clone();
        let day = |d: &str, ids: &[&str]| (d.to_string(), ids.iter().map(|i| i.to_string()).collect::<Vec<_>>());
        // The 25th is never read: both were found by the 24th.
        assert_eq!(reads, [day("2026-11-23", &["dana", "eve"]), day("2026-11-24", &["eve"])]);
    }

    #[tokio::test]
    async fn nobody_in_the_range_s_log_is_an_empty_answer_without_listing_the_pool() {
        let store = Memory {
            log: vec![logged("dana", "2026-11-20T10:00:00.000Z", "q1")],
            users: pool(&["dana"]),
            ..Memory::default()
        };
        let r = Range { start: at("2026-11-23T06:00:00Z"), end: now() };
        let got = emails(&store, r, &ids("dana")).await.unwrap();
        assert_eq!(serde_json::to_value(&got).unwrap(), json!({ "emails": {} }));
        assert_eq!(store.user_reads.load(std::sync::atomic::Ordering::SeqCst), 0);
    }
}
