//! Pars against the emulator: every par rule in the dry run and again in
//! uploadParMaps, racing uploads for one order, a retried chunk, the pars of
//! a location, the packing report's zones and bays, and the permission gate.
use crate::common;
use common::*;
use fleet_shared::Table;
use serde_json::{json, Value};

/// A fridge with every tag the par rules need, unless `without` names one.
async fn fridge(without: Option<&str>) -> String {
    let id = unique("PAR");
    let mut f = form(&id);
    f["routingTag"] = json!("CHI");
    f["fulfillmentCenter"] = json!("Chicago Kitchen");
    f["parkToFridgeInstructions"] = json!("Dock B");
    f["route"] = json!("chi-07");
    if let Some(k) = without {
        f.as_object_mut().unwrap().remove(k);
    }
    gql("create_location", &admin().await, json!({ "input": f.to_string() })).await.unwrap();
    id
}

fn par(location: &str, date: &str, item: &str, par: &str) -> Value {
    json!({ "location": location, "dropOffDate": date, "deliveryDate": date, "stockingIndex": "", "item": item, "par": par,
            "overCapacityAmount": "0", "jit": "false", "priorityBoost": "" })
}

fn file(rows: &[Value]) -> String {
    let rows: Vec<Value> = rows.iter().enumerate().map(|(i, v)| json!({ "row": i + 2, "values": v })).collect();
    json!({ "uploadId": unique("up").replace('_', "-"), "fileName": "pars.csv", "rows": rows }).to_string()
}

fn group(location: &str, date: &str, items: &[(&str, i64)]) -> Value {
    json!({ "location": location, "deliveryDate": date, "dropOffDate": date, "jit": false, "stockingIndex": null,
            "parsAndItems": items.iter().map(|(i, p)| json!({ "pars": p, "itemName": i })).collect::<Vec<_>>(),
            "overCapacityAmountsAndItems": [], "priorityBoostItems": [] })
}

async fn upload(upload_id: &str, groups: Vec<Value>) -> Value {
    gql("upload_par_maps", &admin().await, json!({ "uploadId": upload_id, "groups": groups })).await.unwrap()
}

#[tokio::test]
async fn the_dry_run_names_every_par_rule_per_row() {
    let date = own_date();
    let (ok, no_tag, no_park) =
        (fridge(None).await, fridge(Some("routingTag")).await, fridge(Some("parkToFridgeInstructions")).await);
    let mut jit = par(&ok, &date, "Kettle Chips", "2");
    jit["jit"] = json!("true");
    jit["deliveryDate"] = json!("2049-12-31");
    let mut over = par(&ok, &date, "Cold Brew", "2");
    over["overCapacityAmount"] = json!("-1");
    let mut boost = par(&ok, &date, "Fruit Cup", "1");
    boost["priorityBoost"] = json!("maybe");
    let rows = [
        par(&ok, &date, "Greek Salad", "6"),
        par(&no_tag, &date, "Greek Salad", "1"),
        par(&no_park, &date, "Greek Salad", "1"),
        jit,
        over,
        boost,
        par(&ok, &date, "Turkey Club", "-3"),
        par(&ok, "2050-02-30", "Turkey Club", "1"),
        par(&ok, &date, "Greek Salad", "4"),
    ];
    let (status, dry) = http("pars_dry_run", Some(&admin().await), Some(&file(&rows))).await;
    assert_eq!(status, 200, "{dry}");
    let messages: Vec<Value> = dry["rows"].as_array().unwrap().iter().map(|r| r["messages"].clone()).collect();
    assert_eq!(messages[1], json!([format!("Error with Routing Tag for {no_tag}")]));
    assert_eq!(messages[2], json!([format!("Error with Park To Fridge Instructions Tag for {no_park}")]));
    assert_eq!(messages[3], json!(["JIT cannot be applied for Kettle Chips. Delivery Date must equal Drop Off Date."]));
    assert_eq!(
        messages[4],
        json!(["Over Capacity Amount issue with Cold Brew. Accepted values any number 0 or greater."])
    );
    assert_eq!(messages[5], json!(["priorityBoost cannot be applied for Fruit Cup. Accepted values are true, false or empty. Please revise the format and resubmit."]));
    assert_eq!(messages[6], json!(["Par issue with Turkey Club. Accepted values any whole number 0 or greater."]));
    assert_eq!(
        messages[7],
        json!(["dropOffDate '2050-02-30' is not a date", "deliveryDate '2050-02-30' is not a date"])
    );
    assert_eq!(messages[8], json!(["Duplicated records: Lines 2 and 10"]));
    assert_eq!(dry["rows"][0]["group"], format!("{date}#{ok}#1"));

    // Once the order exists, the same file's rows for it say so.
    let written = upload("first-upload", vec![group(&ok, &date, &[("Greek Salad", 6)])]).await;
    assert_eq!(written["success"], true, "{written}");
    let (_, again) = http("pars_dry_run", Some(&admin().await), Some(&file(&rows[..1]))).await;
    assert_eq!(
        again["rows"][0]["messages"],
        json!(["There is already a fridge order for this dropOffDate, location, and stockingIndex."])
    );
}

#[tokio::test]
async fn upload_par_maps_rechecks_every_rule_and_answers_per_group() {
    let date = own_date();
    let (ok, no_center) = (fridge(None).await, fridge(Some("fulfillmentCenter")).await);
    let mut bad = group(&ok, &date, &[("Greek Salad", -1)]);
    bad["stockingIndex"] = json!(2);
    let too_big: Vec<(String, i64)> = (0..501).map(|i| (format!("Item {i}"), 1)).collect();
    let too_big: Vec<(&str, i64)> = too_big.iter().map(|(i, n)| (i.as_str(), *n)).collect();
    let mut big = group(&ok, &date, &too_big);
    big["stockingIndex"] = json!(3);
    let out = upload(
        &unique("up").replace('_', "-"),
        vec![group(&ok, &date, &[("Greek Salad", 5)]), group(&no_center, &date, &[("Fruit Cup", 2)]), bad, big],
    )
    .await;
    assert_eq!(out["success"], false);
    let results = out["results"].as_array().unwrap();
    assert_eq!(results[0]["status"], "written");
    assert_eq!(results[1]["messages"], json!([format!("Error with Territory Tag for {no_center}")]));
    assert_eq!(
        results[2]["messages"],
        json!(["Par issue with Greek Salad. Accepted values any whole number 0 or greater."])
    );
    assert_eq!(results[3]["messages"][0], format!("{date}#{ok}#3 has 501 items; a fridge order holds at most 500."));
    let pars = gql("jit_locations", &admin().await, json!({ "dropOffDate": date, "location": ok })).await.unwrap();
    assert_eq!(
        pars,
        json!([{ "itemName": "Greek Salad", "count": 5, "overCapacityAmount": 0.0 }]),
        "only the valid group landed"
    );
}

#[tokio::test]
async fn of_two_racing_uploads_for_one_order_exactly_one_wins_and_a_retried_chunk_is_not_a_duplicate() {
    let date = own_date();
    let id = fridge(None).await;
    let (a, b) = tokio::join!(
        upload("race-a", vec![group(&id, &date, &[("Greek Salad", 1)])]),
        upload("race-b", vec![group(&id, &date, &[("Cold Brew", 9)])])
    );
    let wins = [&a, &b].iter().filter(|r| r["success"] == true).count();
    assert_eq!(wins, 1, "{a} {b}");
    let loser = if a["success"] == true { &b } else { &a };
    assert_eq!(
        loser["results"][0]["messages"],
        json!(["There is already a fridge order for this dropOffDate, location, and stockingIndex."])
    );

    // The winner's chunk again, after a timeout: it finds its own order.
    let (winner, items) =
        if a["success"] == true { ("race-a", vec![("Greek Salad", 1)]) } else { ("race-b", vec![("Cold Brew", 9)]) };
    let again = upload(winner, vec![group(&id, &date, &items)]).await;
    assert_eq!(again["success"], true, "{again}");
    let page = gql("orders_by_day", &admin().await, json!({ "deliveryDate": date })).await.unwrap();
    let ours: Vec<&Value> =
        page["items"].as_array().unwrap().iter().filter(|o| o["locationId"] == id.as_str()).collect();
    assert_eq!(ours.len(), 1, "one order");
    assert_eq!(ours[0]["orderUploadId"], winner);
}

#[tokio::test]
async fn the_packing_report_places_items_in_zones_and_bays() {
    let date = own_date();
    let id = fridge(None).await;
    let out = upload(
        &unique("up").replace('_', "-"),
        vec![group(&id, &date, &[("Greek Salad", 4), ("Kettle Chips", 2), ("Mystery Meal", 1), ("Cold Brew", 0)])],
    )
    .await;
    assert_eq!(out["success"], true);
    let (status, report) =
        http_at("pars_report", Some(&admin().await), None, &[("date", &date.replace('-', ""))]).await;
    assert_eq!(status, 200, "{report}");
    let ours = report["locations"].as_array().unwrap().iter().find(|l| l["location"] == id.as_str()).unwrap().clone();
    assert_eq!(ours["driver"], "chi-07");
    assert_eq!(ours["data_ids"]["Greek Salad"], 4);
    let slots: Vec<(String, String, String, i64)> = ours["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["zone"].as_str().unwrap().into(),
                s["bay"].as_str().unwrap().into(),
                s["item"].as_str().unwrap().into(),
                s["need"].as_i64().unwrap(),
            )
        })
        .collect();
    let want = [("1", "A", "Greek Salad", 4), ("4", "B", "Kettle Chips", 2), ("other", "B", "Mystery Meal", 1)];
    assert_eq!(
        slots,
        want.map(|(z, b, i, n)| (z.to_string(), b.to_string(), i.to_string(), n)),
        "a need of 0 is left out"
    );
    let (status, _) = http_at("pars_report", Some(&admin().await), None, &[("date", "2050-01-01")]).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn callers_need_the_pars_actions() {
    let date = own_date();
    let id = fridge(None).await;
    let restricted = restricted().await;
    let err = gql(
        "upload_par_maps",
        &restricted,
        json!({ "uploadId": "x", "groups": [group(&id, &date, &[("Greek Salad", 1)])] }),
    )
    .await
    .unwrap_err();
    assert!(matches!(err, fleet_shared::ApiError::Forbidden));
    assert!(gql("jit_locations", &restricted, json!({ "dropOffDate": date, "location": id })).await.is_err());
    assert!(gql("orders_by_day", &restricted, json!({ "deliveryDate": date })).await.is_err());
    for name in ["pars_dry_run", "pars_archive"] {
        let (status, _) = http(name, Some(&restricted), Some(&file(&[par(&id, &date, "Greek Salad", "1")]))).await;
        assert_eq!(status, 403, "{name}");
    }
    let (status, _) = http_at("pars_report", Some(&restricted), None, &[("date", "20500101")]).await;
    assert_eq!(status, 403);
    let orders = deps().await.table(Table::FridgeOrders).unwrap();
    let key = fleet_shared::order_store::key(&date, &format!("{id}#1"));
    let stored: Option<Value> = orders.get(key).await.unwrap();
    assert!(stored.is_none(), "nothing written");
}

#[tokio::test]
async fn a_par_above_the_bound_is_refused_alike_by_the_dry_run_and_upload_par_maps() {
    let date = own_date();
    let id = fridge(None).await;
    let rows = [
        par(&id, &date, "Greek Salad", "9999"),
        par(&id, &date, "Cold Brew", "10000"),
        par(&id, &date, "Fruit Cup", "9223372036854775807"),
    ];
    let (status, dry) = http("pars_dry_run", Some(&admin().await), Some(&file(&rows))).await;
    assert_eq!(status, 200, "{dry}");
    let messages: Vec<Value> = dry["rows"].as_array().unwrap().iter().map(|r| r["messages"].clone()).collect();
    assert_eq!(messages[1], json!(["Par issue with Cold Brew. A par is at most 9999."]));
    assert_eq!(messages[2], json!(["Par issue with Fruit Cup. A par is at most 9999."]));

    // The commit takes the same bound: a 64-bit par never reaches the tote and report sums.
    let out = upload(
        &unique("up").replace('_', "-"),
        vec![group(&id, &date, &[("Greek Salad", 9_999), ("Fruit Cup", i64::MAX)])],
    )
    .await;
    assert_eq!(out["results"][0]["messages"], json!(["Par issue with Fruit Cup. A par is at most 9999."]), "{out}");
    let out = upload(&unique("up").replace('_', "-"), vec![group(&id, &date, &[("Greek Salad", 9_999)])]).await;
    assert_eq!(out["success"], true, "{out}");
    let (status, report) =
        http_at("pars_report", Some(&admin().await), None, &[("date", &date.replace('-', ""))]).await;
    assert_eq!(status, 200, "{report}");
}

/// A dry run of `rows` par rows (100 items in each of `rows / 100` orders) as the browser sends it.
fn full_file(location: &str, date: &str, rows: usize) -> String {
    let values: Vec<Value> = (0..rows)
        .map(|i| {
            let mut v = par(location, date, &format!("Item {}", i % 100), "1");
            v["stockingIndex"] = json!((i / 100 + 1).to_string());
            v
        })
        .collect();
    file(&values)
}

#[tokio::test]
async fn the_dry_run_takes_a_file_at_the_row_limit_and_refuses_one_row_more() {
    let date = own_date();
    let id = fridge(None).await;
    let (status, dry) = http("pars_dry_run", Some(&admin().await), Some(&full_file(&id, &date, 10_000))).await;
    assert_eq!((status, dry["summary"]["new"].as_u64()), (200, Some(10_000)), "{}", dry["summaryText"]);
    let (status, over) = http("pars_dry_run", Some(&admin().await), Some(&full_file(&id, &date, 10_001))).await;
    assert_eq!((status, over["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
}

#[tokio::test]
async fn the_archive_keeps_a_real_file_byte_for_byte() {
    let date = own_date();
    // A real file: far over the 10,000-character string bound, a byte-order mark, headers in their own case, CRLF.
    let mut csv = String::from(
        "\u{feff}Location,DropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost\r\n",
    );
    while csv.len() < 60_000 {
        csv.push_str(&format!("CHI_0001,{date},{date},,\"Salad, Greek\",6,0,FALSE,\r\n"));
    }
    let upload_id = unique("arch").replace('_', "-");
    let body = json!({ "uploadId": upload_id, "fileName": "week 48.csv", "csv": csv }).to_string();
    let (status, out) = http("pars_archive", Some(&admin().await), Some(&body)).await;
    assert_eq!((status, &out["stored"]), (200, &json!(true)), "{out}");
    let d = deps().await;
    let bucket = d.bucket(fleet_shared::Bucket::Uploads).unwrap();
    let object = bucket.client.get_object(bucket.name, out["key"].as_str().unwrap()).await.unwrap();
    let kept = object.expect("the archive is kept").bytes(1 << 20).await.unwrap();
    assert_eq!(kept, csv.as_bytes(), "the archive is the file as sent");
}

#[tokio::test]
async fn an_orders_upload_id_sent_with_other_pars_never_overwrites_it() {
    let date = own_date();
    let id = fridge(None).await;
    let upload_id = unique("par-up").replace('_', "-");
    assert_eq!(upload(&upload_id, vec![group(&id, &date, &[("Greek Salad", 2)])]).await["success"], true);
    // ordersByDay shows the order's upload id to any viewer: sending it with other pars must not rewrite the order.
    let other = upload(&upload_id, vec![group(&id, &date, &[("Greek Salad", 9)])]).await;
    assert_eq!(other["success"], false, "{other}");
    let message = other["results"][0]["messages"][0].as_str().unwrap();
    assert!(message.ends_with("was already used with other content. Send new content with a new id."), "{message}");
    let page = gql("orders_by_day", &admin().await, json!({ "deliveryDate": date })).await.unwrap();
    let ours: Vec<&Value> =
        page["items"].as_array().unwrap().iter().filter(|o| o["locationId"] == id.as_str()).collect();
    assert_eq!(ours.len(), 1);
    let key = fleet_shared::order_store::key(&date, &format!("{id}#1"));
    let stored: Value = deps().await.table(fleet_shared::Table::FridgeOrders).unwrap().get(key).await.unwrap().unwrap();
    assert_eq!(stored["pars"]["Greek Salad"], 2, "the first pars stand: {stored}");
}

#[tokio::test]
async fn fridge_order_counts_counts_each_date_asked_as_orders_by_day_lists_it() {
    let (date, empty) = (own_date(), own_date());
    let (a, b) = (fridge(None).await, fridge(None).await);
    let written = upload(
        &unique("count-up").replace('_', "-"),
        vec![group(&a, &date, &[("Greek Salad", 1)]), group(&b, &date, &[("Cold Brew", 2)])],
    )
    .await;
    assert_eq!(written["success"], true, "{written}");
    let admin = admin().await;
    let counts = gql("fridge_order_counts", &admin, json!({ "deliveryDates": [empty, date] })).await.unwrap();
    let listed = gql("orders_by_day", &admin, json!({ "deliveryDate": date })).await.unwrap();
    let listed = listed["items"].as_array().unwrap().len();
    assert!(listed >= 2, "the two orders are listed");
    assert_eq!(counts, json!([{ "deliveryDate": empty, "count": 0 }, { "deliveryDate": date, "count": listed }]));

    for refused in [json!([]), json!([date, date]), json!(["2026-13-01"])] {
        let err = gql("fridge_order_counts", &admin, json!({ "deliveryDates": refused })).await.unwrap_err();
        assert!(matches!(err, fleet_shared::ApiError::BadRequest(_)), "{refused}: {err:?}");
    }
    let err = gql("fridge_order_counts", &restricted().await, json!({ "deliveryDates": [date] })).await.unwrap_err();
    assert!(matches!(err, fleet_shared::ApiError::Forbidden));
}
