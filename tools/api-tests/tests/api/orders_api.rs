//! Order intake and packing slips against the emulator (issue 23): slips
//! from both sources (a pars upload, a message through the real orders
//! queue), the route read from that date's stops, a cancellation, a
//! redelivered and an older message, a bad record parked with its reason,
//! paging, and the action gate.
use crate::common;
use common::*;
use fleet_front_door::queues;
use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
use fleet_shared::{store, ApiError, Input, Table};
use fn_stocking::slips::PackingSlip;
use serde_json::{json, Value};

async fn fridge() -> String {
    par_ready_fridge("ORD").await
}

/// The route stop of a location on a date (overwritten by a later call for the same stop).
async fn stop(date: &str, location: &str, route: &str) {
    let stop = RouteStop {
        stocking_date: date.into(),
        market: "MW".into(),
        id: location.into(),
        route: route.into(),
        stop: 1,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    };
    // One stop per location and date, whatever the route: a later call replaces it.
    let item = StoredStop {
        stop,
        route_stop: format!("R-{location}#0001"),
        upload: None,
        stocked_time_utc: None,
        stocked_by: None,
    };
    deps().await.table(Table::LocationRoutes).unwrap().batch_put(vec![store::to_item(&item).unwrap()]).await.unwrap();
}

async fn slips(date: &str, token: Option<&str>) -> Result<Value, ApiError> {
    gql("get_packing_slips_v3", &admin().await, json!({ "filter": { "dropOffDate": date }, "nextToken": token })).await
}

fn slip<'a>(page: &'a Value, unique_id: &str) -> Option<&'a Value> {
    page["items"].as_array().unwrap().iter().find(|s| s["uniqueId"] == unique_id)
}

fn order(unique_id: &str, version: i64, location: &str, date: &str, kind: &str, code: Option<&str>) -> String {
    json!({ "type": "ORDER", "uniqueId": unique_id, "version": version, "orderType": kind, "clientCode": code,
            "locationId": location, "dropOffDate": date, "deliveryDate": date, "stockingIndex": 1,
            "items": { "Greek Salad": 4 }, "createdAt": "2026-11-23T08:00:00Z" })
    .to_string()
}

/// Runs one SQS batch of these bodies through the ingest as the event source mapping would.
async fn ingest(bodies: &[String]) -> Value {
    let spec = find("orders_ingest");
    let records: Vec<Value> = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| json!({ "messageId": format!("{}-{i}", unique("m")), "body": b }))
        .collect();
    spec.invoke(wiring().await.deps(spec), Input { args: json!({ "Records": records }), ..Input::default() })
        .await
        .unwrap()
}

fn url(logical: &str) -> String {
    std::env::var(format!("QUEUE_URL_{logical}")).expect("queue URL in the stack environment (re-run provision.py)")
}

#[tokio::test]
async fn a_pars_upload_makes_a_fridge_slip_on_the_route_of_its_stop() {
    let (date, location) = (own_date(), fridge().await);
    let group = json!({ "location": location, "deliveryDate": date, "dropOffDate": date, "jit": false, "stockingIndex": null,
                        "parsAndItems": [{ "pars": 6, "itemName": "Greek Salad" }],
                        "overCapacityAmountsAndItems": [], "priorityBoostItems": [] });
    let upload_id = unique("up").replace('_', "-");
    gql("upload_par_maps", &admin().await, json!({ "uploadId": upload_id, "groups": [group] })).await.unwrap();
    let unique_id = format!("{date}#{location}#1");

    let page = slips(&date, None).await.unwrap();
    let s = slip(&page, &unique_id).unwrap_or_else(|| panic!("the upload's slip: {page}"));
    assert_eq!(
        (&s["locationId"], &s["type"], &s["clientCode"], &s["status"], &s["stockingIndex"], &s["route"]),
        (&json!(location), &json!("FRIDGE"), &json!("Fridge"), &json!("ACTIVE"), &json!(1), &Value::Null),
        "no stop yet: no route"
    );
    assert!(s["createDate"].as_str().is_some_and(|d| !d.is_empty()));
    // The order itself names its type and client code.
    let orders = gql("orders_by_day", &admin().await, json!({ "deliveryDate": date })).await.unwrap();
    let o = orders["items"].as_array().unwrap().iter().find(|o| o["locationId"] == json!(location)).unwrap();
    assert_eq!(
        (&o["orderType"], &o["clientCode"], &o["uniqueId"]),
        (&json!("FRIDGE"), &json!("Fridge"), &json!(unique_id))
    );

    // The slip follows its stop's route, and a route change, with no write to the slip.
    stop(&date, &location, "R-7").await;
    assert_eq!(slip(&slips(&date, None).await.unwrap(), &unique_id).unwrap()["route"], "R-7");
    stop(&date, &location, "R-9").await;
    assert_eq!(slip(&slips(&date, None).await.unwrap(), &unique_id).unwrap()["route"], "R-9");
}

#[tokio::test]
async fn orders_through_the_queue_make_slips_and_a_cancellation_deletes_one() {
    let _turn = QUEUES.lock().await;
    let (date, location) = (own_date(), fridge().await);
    let ids: Vec<String> = (0..5).map(|_| unique("CMS")).collect();
    let bodies = [
        order(&ids[0], 1, &location, &date, "WHOLESALE", None),
        order(&ids[1], 1, &location, &date, "INTERNAL_ORDER", None),
        order(&ids[2], 1, &location, &date, "CLIENT", Some("ThirdParty")),
        order(&ids[3], 1, &location, &date, "CLIENT", Some("MenuRD")),
        order(&ids[4], 1, &location, &date, "CLIENT", Some("Pulping")),
    ];
    let sqs = queues::sqs_client().await;
    for b in &bodies {
        sqs.send_message().queue_url(url("OrdersQueue")).message_body(b).send().await.unwrap();
    }
    // Polled as the event source mapping would (a running local API may take some first).
    let spec = find("orders_ingest");
    for _ in 0..20 {
        let (s, f) = queues::poll_once(&sqs, wiring().await, spec, &url("OrdersQueue"), 0).await.unwrap();
        assert_eq!(f, 0, "no record left for redelivery");
        if s == 0 && slips(&date, None).await.unwrap()["items"].as_array().unwrap().len() == 5 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let page = slips(&date, None).await.unwrap();
    let kinds: Vec<(Value, Value, Value)> = ids
        .iter()
        .map(|id| {
            let s = slip(&page, id).unwrap_or_else(|| panic!("slip {id}: {page}"));
            (s["type"].clone(), s["clientCode"].clone(), s["status"].clone())
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (json!("WHOLESALE"), json!("Wholesale"), json!("ACTIVE")),
            (json!("INTERNAL_ORDER"), json!("Internal"), json!("ACTIVE")),
            (json!("CLIENT"), json!("ThirdParty"), json!("ACTIVE")),
            (json!("CLIENT"), json!("MenuRD"), json!("ACTIVE")),
            (json!("CLIENT"), json!("Pulping"), json!("ACTIVE")),
        ]
    );
    assert_eq!(slip(&page, &ids[0]).unwrap()["createDate"], "2026-11-23T08:00:00Z");

    let cancel = json!({ "type": "CANCEL", "uniqueId": ids[2], "version": 2 }).to_string();
    assert_eq!(ingest(&[cancel]).await["batchItemFailures"], json!([]));
    let page = slips(&date, None).await.unwrap();
    assert_eq!(slip(&page, &ids[2]).unwrap()["status"], "DELETED");
    assert_eq!(page["items"].as_array().unwrap().len(), 5, "a cancelled slip stays, marked DELETED");
}

#[tokio::test]
async fn a_redelivered_or_older_message_changes_nothing_and_a_newer_one_moves_the_slip() {
    let (date, later, location) = (own_date(), own_date(), fridge().await);
    let id = unique("CMS");
    let v2 = order(&id, 2, &location, &date, "WHOLESALE", Some("Acme"));
    assert_eq!(ingest(std::slice::from_ref(&v2)).await["batchItemFailures"], json!([]));
    let stored = || async {
        let t = deps().await.table(Table::Orders).unwrap();
        t.get::<Value>(std::collections::HashMap::from([("uniqueId".to_string(), store::s(&id))]))
            .await
            .unwrap()
            .unwrap()
    };
    let first = stored().await;
    // Redelivered (same version), then older: neither writes.
    ingest(std::slice::from_ref(&v2)).await;
    ingest(&[order(&id, 1, &location, &later, "WHOLESALE", Some("Acme"))]).await;
    assert_eq!(stored().await, first, "the stored order is untouched (receivedAt included)");
    assert!(slip(&slips(&later, None).await.unwrap(), &id).is_none());
    assert_eq!(slip(&slips(&date, None).await.unwrap(), &id).unwrap()["clientCode"], "Acme");

    ingest(&[order(&id, 3, &location, &later, "WHOLESALE", Some("Acme"))]).await;
    assert!(slip(&slips(&date, None).await.unwrap(), &id).is_none(), "the slip left its old date");
    assert_eq!(slip(&slips(&later, None).await.unwrap(), &id).unwrap()["status"], "ACTIVE");
}

#[tokio::test]
async fn a_bad_record_is_parked_with_its_reason_and_its_batch_lands() {
    let _turn = QUEUES.lock().await;
    let (date, location) = (own_date(), fridge().await);
    let (good, unknown, marker) = (unique("CMS"), unique("NOPE"), unique("bad"));
    let bodies = [
        order(&good, 1, &location, &date, "WHOLESALE", None),
        order(&unique("CMS"), 1, &unknown, &date, "WHOLESALE", None),
        json!({ "type": "ORDER", "uniqueId": marker }).to_string(),
    ];
    assert_eq!(ingest(&bodies).await["batchItemFailures"], json!([]), "parked records are handled");
    assert!(slip(&slips(&date, None).await.unwrap(), &good).is_some());

    let mut reasons: Vec<String> =
        parked("OrdersDeadLetterQueue", |body| body.contains(&unknown) || body.contains(&marker))
            .await
            .into_iter()
            .map(|(_, reason)| reason)
            .collect();
    reasons.sort();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(reasons[0].starts_with("not an order message"), "{reasons:?}");
    assert_eq!(reasons[1], format!("unknown location {unknown}"));
}

#[tokio::test]
async fn slips_are_paged_by_signed_tokens_of_their_date() {
    let date = own_date();
    let items: Vec<_> = (0..1005)
        .map(|i| {
            let slip = PackingSlip {
                drop_off_date: date.clone(),
                unique_id: format!("P{i:05}"),
                location_id: "L".into(),
                stocking_index: 1,
                create_date: "2026-11-23T08:00:00Z".into(),
                kind: "WHOLESALE".into(),
                client_code: "Wholesale".into(),
                status: "ACTIVE".into(),
                source: "ORDER_SYSTEM".into(),
                version: 1,
            };
            slip.item().unwrap()
        })
        .collect();
    deps().await.table(Table::PackingSlips).unwrap().batch_put(items).await.unwrap();
    let first = slips(&date, None).await.unwrap();
    assert_eq!(first["items"].as_array().unwrap().len(), 1000);
    let token = first["nextToken"].as_str().expect("a next page").to_string();
    let second = slips(&date, Some(&token)).await.unwrap();
    assert_eq!(second["items"].as_array().unwrap().len(), 5);
    assert_eq!(second["nextToken"], Value::Null);
    // A token of another date is refused.
    assert!(matches!(slips(&own_date(), Some(&token)).await, Err(ApiError::BadRequest(_))));
}

#[tokio::test]
async fn bad_dates_and_callers_without_the_action_are_refused() {
    let err = slips("11/24/2026", None).await.unwrap_err();
    assert_eq!(err, ApiError::bad_request("dropOffDate must be a date (YYYY-MM-DD)"));
    let denied =
        gql("get_packing_slips_v3", &user_with(&["GetPars"]).await, json!({ "filter": { "dropOffDate": own_date() } }))
            .await;
    assert!(matches!(denied, Err(ApiError::Forbidden)), "{denied:?}");
}

/// The real store, but its first read of the orders answers what another batch read earlier: a batch
/// that read the order before another batch landed a newer version.
struct ReadBeforeTheOther {
    inner: fn_stocking::intake::Dynamo,
    stale: std::sync::Mutex<Option<std::collections::HashMap<String, fn_stocking::orders::StoredOrder>>>,
}

impl fn_stocking::intake::IntakeStore for ReadBeforeTheOther {
    async fn known_locations(&self, ids: Vec<String>) -> Result<std::collections::HashSet<String>, ApiError> {
        self.inner.known_locations(ids).await
    }
    async fn orders(
        &self,
        ids: Vec<String>,
    ) -> Result<std::collections::HashMap<String, fn_stocking::orders::StoredOrder>, ApiError> {
        let stale = self.stale.lock().unwrap().take();
        match stale {
            Some(read) => Ok(read),
            None => self.inner.orders(ids).await,
        }
    }
    async fn order(&self, id: &str) -> Result<Option<fn_stocking::orders::StoredOrder>, ApiError> {
        self.inner.order(id).await
    }
    async fn write(
        &self,
        before: Option<&fn_stocking::orders::StoredOrder>,
        after: &fn_stocking::orders::StoredOrder,
        slips: &fn_stocking::slips::SlipChange,
    ) -> Result<fn_stocking::intake::Landed, ApiError> {
        self.inner.write(before, after, slips).await
    }
    async fn park(&self, bad: &[fn_stocking::intake::Unstorable]) -> Vec<String> {
        self.inner.park(bad).await
    }
}

/// Issue 38: batches of v2 (date D2) and v3 (date D3) both read v1 (date D1), and v2 lands first. v3's
/// write is tied to the version it read: it loses, reads v2 again, and moves the slip from D2, so only
/// the newest order's slip is left; a cancel as v3 leaves no ACTIVE slip.
#[tokio::test]
async fn a_batch_that_read_an_older_version_than_landed_reads_again_and_leaves_one_slip() {
    use fn_stocking::intake::{Dynamo, IntakeStore};
    let location = unique("ORDR");
    let t = deps().await.table(Table::Locations).unwrap();
    let doc = store::to_item(&json!({ "id": location, "type": "WHOLESALE" })).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(doc)).send().await.unwrap();
    let deps = wiring().await.deps(find("orders_ingest"));
    for cancel in [false, true] {
        let (d1, d2, d3) = (own_date(), own_date(), own_date());
        let id = unique("RACE");
        ingest(&[order(&id, 1, &location, &d1, "WHOLESALE", None)]).await;
        let read_by_both = Dynamo(deps).orders(vec![id.clone()]).await.unwrap();
        assert_eq!(read_by_both[&id].version, 1);
        ingest(&[order(&id, 2, &location, &d2, "WHOLESALE", None)]).await;
        let v3 = if cancel {
            json!({ "type": "CANCEL", "uniqueId": id, "version": 3 }).to_string()
        } else {
            order(&id, 3, &location, &d3, "WHOLESALE", None)
        };
        let late = ReadBeforeTheOther { inner: Dynamo(deps), stale: std::sync::Mutex::new(Some(read_by_both)) };
        let record: fleet_shared::events::SqsMessage =
            serde_json::from_value(json!({ "messageId": unique("m"), "body": v3 })).unwrap();
        let answer = fn_stocking::intake::ingest(&late, vec![record], &fleet_shared::fridge_time::now_text()).await;
        assert!(answer.batch_item_failures.is_empty(), "cancel {cancel}: landed after reading again");
        let status = |date: String| {
            let id = id.clone();
            async move { slip(&slips(&date, None).await.unwrap(), &id).map(|s| s["status"].clone()) }
        };
        assert_eq!(status(d1).await, None, "cancel {cancel}");
        if cancel {
            assert_eq!(status(d2).await, Some(json!("DELETED")), "the cancelled order's slip, at its last date");
            assert_eq!(status(d3).await, None);
        } else {
            assert_eq!(status(d2).await, None, "the slip left v2's date");
            assert_eq!(status(d3).await, Some(json!("ACTIVE")));
        }
    }
}
