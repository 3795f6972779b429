//! Forecast against the emulator, through S3 as on AWS: a presigned PUT, the
//! bucket's notification on the queue, the ingest polled as Lambda's event
//! source mapping would, the upload's state; a bad file, the same file twice,
//! an expired link, a redelivered notification, the dry run, the edit of one
//! quantity with its history, and the permission gate.
use crate::common;
use common::*;
use fleet_front_door::queues;
use fleet_shared::{store, Table};
use serde_json::{json, Value};

fn slash(d: chrono::NaiveDate) -> String {
    d.format("%Y/%m/%d").to_string()
}

fn csv(rows: &[(&str, chrono::NaiveDate, &str, chrono::NaiveDate)]) -> String {
    let mut text = String::from("Item,AllocationDate,Quantity,ProductionDate\n");
    for (item, a, q, p) in rows {
        text.push_str(&format!("\"{item}\",{},{q},{}\n", slash(*a), slash(*p)));
    }
    text
}

async fn upload_url(file_name: &str) -> (String, String) {
    let (status, body) =
        http_query("forecast_upload_url", Some(&admin().await), None, &[], &[("fileName", file_name)]).await;
    assert_eq!(status, 200, "{body}");
    (body["url"].as_str().unwrap().to_string(), body["uploadId"].as_str().unwrap().to_string())
}

/// The browser's PUT of the file to the presigned URL.
async fn put_file(url: String, text: String) -> u16 {
    tokio::task::spawn_blocking(move || match ureq::put(&url).set("Content-Type", "text/csv").send_string(&text) {
        Ok(r) => r.status(),
        Err(ureq::Error::Status(code, _)) => code,
        Err(e) => panic!("PUT failed: {e}"),
    })
    .await
    .unwrap()
}

async fn status(upload_id: &str) -> Value {
    let (code, body) = http_at("forecast_upload_status", Some(&admin().await), None, &[("uploadId", upload_id)]).await;
    assert_eq!(code, 200, "{body}");
    body
}

/// Polls the queue as the event source mapping would until the upload is
/// applied or failed (another test's poll may have handled it already).
async fn settled(upload_id: &str) -> Value {
    let spec = find("forecast_ingest");
    let url = queues::queue_url(spec).expect("the forecast queue URL is in the stack environment");
    let sqs = queues::sqs_client().await;
    for _ in 0..40 {
        let s = status(upload_id).await;
        if matches!(s["state"].as_str(), Some("applied" | "failed")) {
            return s;
        }
        queues::poll_once(&sqs, wiring().await, spec, &url, 1).await.expect("poll");
    }
    panic!("upload {upload_id} never settled: {}", status(upload_id).await);
}

async fn view(date: chrono::NaiveDate) -> Vec<Value> {
    let d = date.format("%Y-%m-%d").to_string();
    let (code, body) = http_at("forecast_view", Some(&admin().await), None, &[("date", &d)]).await;
    assert_eq!(code, 200, "{body}");
    let mut rows = body.as_array().cloned().unwrap();
    rows.sort_by_key(|r| r["Item"].as_str().unwrap_or_default().to_string());
    // Every row carries its date (the spec's forecast row: Item, Quantity, Date); the callers compare the rest.
    for row in &mut rows {
        assert_eq!(row.as_object_mut().unwrap().remove("Date"), Some(json!(d)), "{body}");
    }
    rows
}

async fn history_of(date: chrono::NaiveDate) -> Vec<Value> {
    let t = deps().await.table(Table::History).unwrap();
    let entity = format!("forecast#{}", date.format("%Y-%m-%d"));
    let out = t
        .client
        .query()
        .table_name(t.name)
        .key_condition_expression("entity = :e")
        .expression_attribute_values(":e", store::s(entity))
        .send()
        .await
        .unwrap();
    out.items.unwrap_or_default().into_iter().map(|i| store::from_item(i).unwrap()).collect()
}

#[tokio::test]
async fn a_forecast_file_goes_through_s3_the_queue_and_the_ingest() {
    let day = own_day();
    let text = csv(&[("Salad, Greek", day, "12", day - chrono::Duration::days(1)), ("Cold Brew", day, "30", day)]);
    let (url, id) = upload_url("week 48.csv").await;
    assert_eq!(status(&id).await["state"], "waiting");
    assert_eq!(put_file(url, text.clone()).await, 200);
    let s = settled(&id).await;
    assert_eq!(
        (s["state"].as_str(), s["written"].as_u64(), s["errors"].as_array().map(Vec::len)),
        (Some("applied"), Some(2), Some(0)),
        "{s}"
    );
    assert_eq!(
        view(day).await,
        vec![json!({"Item": "Cold Brew", "Quantity": 30}), json!({"Item": "Salad, Greek", "Quantity": 12})]
    );
    let history = history_of(day).await;
    assert_eq!(history.len(), 2);
    assert!(history.iter().all(|h| h["source"].as_str().unwrap().starts_with("week 48.csv row ")), "{history:?}");

    // The same file again: nothing changes, and the state says so.
    let (url, again) = upload_url("week 48.csv").await;
    assert_eq!(put_file(url, text).await, 200);
    let s = settled(&again).await;
    assert_eq!(
        (s["state"].as_str(), s["written"].as_u64(), s["unchanged"].as_u64()),
        (Some("applied"), Some(0), Some(2)),
        "{s}"
    );
    assert_eq!(history_of(day).await.len(), 2, "no history for rows that did not change");

    // A redelivered notification of the first upload writes nothing twice.
    let key = format!("forecast-uploads/{id}.csv");
    // The notice as S3 sends it (the typed S3 event needs its fields).
    let notice = json!({ "Records": [{ "eventVersion": "2.1", "eventSource": "aws:s3", "awsRegion": "us-east-1",
        "eventTime": "2026-11-23T12:00:00.000Z", "eventName": "ObjectCreated:Put", "userIdentity": { "principalId": "x" },
        "requestParameters": { "sourceIPAddress": "127.0.0.1" }, "responseElements": {},
        "s3": { "s3SchemaVersion": "1.0", "bucket": { "name": "uploads" }, "object": { "key": key } } }] });
    let event = json!({ "Records": [{ "messageId": "m-1", "body": notice.to_string() }] });
    let spec = find("forecast_ingest");
    let answer = spec
        .invoke(wiring().await.deps(spec), fleet_shared::Input { args: event, ..Default::default() })
        .await
        .unwrap();
    assert_eq!(answer["batchItemFailures"], json!([]));
    assert_eq!(history_of(day).await.len(), 2);
    assert_eq!(status(&id).await["state"], "applied");
}

#[tokio::test]
async fn a_bad_file_fails_with_its_line_errors_and_writes_nothing() {
    let day = own_day();
    let text = format!(
        "Item,AllocationDate,Quantity,ProductionDate\nWrap,{},4,{}\nSoup,2026-11-24,x,{}\n",
        slash(day),
        slash(day),
        slash(day)
    );
    let (url, id) = upload_url("bad.csv").await;
    assert_eq!(put_file(url, text).await, 200);
    let s = settled(&id).await;
    assert_eq!(s["state"], "failed");
    assert_eq!(
        s["errors"],
        json!([
            "Line 3: AllocationDate '2026-11-24' must be YYYY/MM/DD; Quantity 'x' must be a whole number from 0 to 1000000"
        ])
    );
    assert!(view(day).await.is_empty(), "a rejected file never half-writes");

    let (url, id) = upload_url("not-a-csv.csv").await;
    assert_eq!(put_file(url, "Item;Quantity\nWrap;4\n".into()).await, 200);
    assert_eq!(
        settled(&id).await["errors"],
        json!(["Line 1: Missing column Item, AllocationDate, Quantity, ProductionDate"])
    );

    let (code, body) =
        http_query("forecast_upload_url", Some(&admin().await), None, &[], &[("fileName", "forecast.xlsx")]).await;
    assert_eq!((code, body["message"].as_str()), (400, Some("Please upload a .csv file")));
}

#[tokio::test]
async fn a_file_that_arrives_after_its_link_expired_is_refused() {
    let day = own_day();
    let (url, id) = upload_url("late.csv").await;
    // As if the five minutes had passed (S3 itself refuses an expired link on AWS).
    let t = deps().await.table(Table::ForecastUploads).unwrap();
    t.client
        .update_item()
        .table_name(t.name)
        .key("uploadId", store::s(&id))
        .update_expression("SET urlExpiresAt = :past")
        .expression_attribute_values(
            ":past",
            aws_sdk_dynamodb::types::AttributeValue::N((chrono::Utc::now().timestamp() - 10).to_string()),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(put_file(url, csv(&[("Wrap", day, "4", day)])).await, 200);
    let s = settled(&id).await;
    assert_eq!(
        (s["state"].as_str(), &s["errors"]),
        (Some("failed"), &json!(["The upload link expired before the file arrived. Choose Upload Forecast again."]))
    );
    assert!(view(day).await.is_empty());
}

#[tokio::test]
async fn the_dry_run_reports_line_errors_holdovers_and_changes() {
    let day = own_day();
    let (url, id) = upload_url("base.csv").await;
    put_file(url, csv(&[("Wrap", day, "4", day)])).await;
    assert_eq!(settled(&id).await["state"], "applied");

    let rows = json!([
        { "row": 2, "values": { "Item": "Wrap", "AllocationDate": slash(day), "Quantity": "6", "ProductionDate": slash(day) } },
        { "row": 3, "values": { "Item": "Soup", "AllocationDate": slash(day), "Quantity": "2", "ProductionDate": slash(day - chrono::Duration::days(3)) } },
        { "row": 4, "values": { "Item": "Pie", "AllocationDate": "2026/13/01", "Quantity": "2", "ProductionDate": slash(day) } },
    ]);
    let body = json!({ "uploadId": "dry-1", "fileName": "next.csv", "rows": rows }).to_string();
    let (code, dry) = http("forecast_dry_run", Some(&admin().await), Some(&body)).await;
    assert_eq!(code, 200, "{dry}");
    let r = &dry["rows"];
    assert_eq!((r[0]["status"].as_str(), r[0]["diff"][0]["newValue"].as_str()), (Some("change"), Some("6")));
    assert_eq!(
        (r[1]["status"].as_str(), r[1]["warnings"][0].as_str()),
        (
            Some("new"),
            Some(
                format!(
                    "Soup: 3 days between ProductionDate {} and AllocationDate {}",
                    slash(day - chrono::Duration::days(3)),
                    slash(day)
                )
                .as_str()
            )
        )
    );
    assert_eq!(
        (r[2]["status"].as_str(), r[2]["messages"][0].as_str()),
        (Some("invalid"), Some("AllocationDate '2026/13/01' must be YYYY/MM/DD"))
    );
    assert_eq!(view(day).await, vec![json!({"Item": "Wrap", "Quantity": 4})], "a dry run writes nothing");
}

#[tokio::test]
async fn one_quantity_is_edited_with_its_history() {
    let day = own_day();
    let (url, id) = upload_url("edit.csv").await;
    put_file(url, csv(&[("Wrap", day, "4", day)])).await;
    assert_eq!(settled(&id).await["state"], "applied");
    let date = day.format("%Y-%m-%d").to_string();
    let before = history_of(day).await.len();

    let body = json!({ "item": "Wrap", "quantity": 9, "date": date }).to_string();
    let (code, out) = http("forecast_update", Some(&admin().await), Some(&body)).await;
    assert_eq!((code, &out), (200, &json!({ "item": "Wrap", "quantity": 9, "date": date })));
    assert_eq!(view(day).await, vec![json!({"Item": "Wrap", "Quantity": 9})]);
    let history = history_of(day).await;
    assert_eq!(history.len(), before + 1);
    assert!(
        history.iter().any(|h| h["source"] == "Forecast view"
            && h["changes"][0]["oldValue"] == "4"
            && h["changes"][0]["newValue"] == "9"),
        "{history:?}"
    );

    for (bad, message) in [
        (json!({ "item": "Wrap", "quantity": -1, "date": date }), "Quantity must be a whole number from 0 to 1000000"),
        // The file's bound holds for an edit too.
        (
            json!({ "item": "Wrap", "quantity": 1_000_001, "date": date }),
            "Quantity must be a whole number from 0 to 1000000",
        ),
        (json!({ "item": "Wrap", "quantity": 2, "date": "2026/11/24" }), "date must be YYYY-MM-DD"),
        (json!({ "item": "Nope", "quantity": 2, "date": date }), &*format!("No forecast for Nope on {date}")),
    ] {
        let (code, out) = http("forecast_update", Some(&admin().await), Some(&bad.to_string())).await;
        assert!(code == 400 || code == 404, "{code} {out}");
        assert_eq!(out["message"], message);
    }
    assert_eq!(view(day).await, vec![json!({"Item": "Wrap", "Quantity": 9})]);
}

#[tokio::test]
async fn callers_without_the_actions_are_refused() {
    let viewer = user_with(&["GetForecast"]).await;
    let date = own_day().format("%Y-%m-%d").to_string();
    let body = json!({ "item": "Wrap", "quantity": 9, "date": date }).to_string();
    assert_eq!(http("forecast_update", Some(&viewer), Some(&body)).await.0, 403);
    assert_eq!(http_query("forecast_upload_url", Some(&viewer), None, &[], &[("fileName", "a.csv")]).await.0, 403);
    assert_eq!(http("forecast_dry_run", Some(&viewer), Some("{}")).await.0, 403);
    assert_eq!(http_at("forecast_view", Some(&viewer), None, &[("date", &date)]).await.0, 200);
    let nobody = user_with(&[]).await;
    assert_eq!(http_at("forecast_view", Some(&nobody), None, &[("date", &date)]).await.0, 403);
    assert_eq!(http_at("forecast_view", None, None, &[("date", &date)]).await.0, 401);
}

fn dry_body(rows: usize, day: chrono::NaiveDate) -> String {
    let rows: Vec<Value> = (0..rows)
        .map(|i| json!({ "row": i + 2, "values": { "Item": format!("Item {i}"), "AllocationDate": slash(day), "Quantity": "1", "ProductionDate": slash(day) } }))
        .collect();
    json!({ "uploadId": unique("dry").replace('_', "-"), "fileName": "big.csv", "rows": rows }).to_string()
}

#[tokio::test]
async fn the_dry_run_takes_a_file_at_the_row_limit_and_refuses_one_row_more() {
    let day = own_day();
    // 10,000 rows are over a megabyte: the dry run has the file-upload allowance, as the ingest takes 10,000.
    let (code, dry) = http("forecast_dry_run", Some(&admin().await), Some(&dry_body(10_000, day))).await;
    assert_eq!((code, dry["summary"]["new"].as_u64()), (200, Some(10_000)), "{}", dry["message"]);
    let (code, over) = http("forecast_dry_run", Some(&admin().await), Some(&dry_body(10_001, day))).await;
    assert_eq!((code, over["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
}

#[tokio::test]
async fn a_file_over_the_size_limit_is_refused_unread() {
    let day = own_day();
    let mut text = csv(&[("Wrap", day, "4", day)]);
    text.push_str(&" ".repeat(fn_forecast::handlers::MAX_FILE_BYTES as usize + 1 - text.len()));
    let (url, id) = upload_url("huge.csv").await;
    assert_eq!(put_file(url, text).await, 200);
    let s = settled(&id).await;
    assert_eq!(s["state"], "failed", "{s}");
    assert_eq!(
        s["errors"],
        json!(["The file is 5242881 bytes; at most 5242880 bytes (5 MB) are read. Split it and upload each part."])
    );
    assert!(view(day).await.is_empty());
}

#[tokio::test]
async fn a_message_the_ingest_cannot_read_is_parked_with_its_reason_never_acknowledged_silently() {
    let run = uuid::Uuid::new_v4().simple().to_string();
    let event = json!({ "Records": [
        { "messageId": "not-json", "body": format!("{{oops {run}") },
        { "messageId": "no-records", "body": json!({ "run": run }).to_string() },
        { "messageId": "not-s3", "body": json!({ "run": run, "Records": [{ "s3": {} }] }).to_string() },
        { "messageId": "s3-test", "body": json!({ "Service": "Amazon S3", "Event": "s3:TestEvent" }).to_string() },
    ] });
    let spec = find("forecast_ingest");
    let answer = spec
        .invoke(wiring().await.deps(spec), fleet_shared::Input { args: event, ..Default::default() })
        .await
        .unwrap();
    let failed: Vec<&str> =
        answer["batchItemFailures"].as_array().unwrap().iter().map(|f| f["itemIdentifier"].as_str().unwrap()).collect();
    // Parked with its reason at once (retries cannot make it readable); S3's own test event is simply done.
    assert_eq!(failed, Vec::<&str>::new());
    let mut reasons: Vec<String> = parked("ForecastUploadsDeadLetterQueue", |body| body.contains(&run[..12]))
        .await
        .into_iter()
        .map(|(_, reason)| reason)
        .collect();
    reasons.sort();
    assert_eq!(
        reasons,
        [
            "not an S3 event notification: missing field `bucket` at line 1 column 20".to_string(),
            "the message holds no S3 records".to_string(),
            "the message is not JSON".to_string(),
        ]
    );
}

/// The writer of history and upload records (issue 59): conditional Puts in transactions, never
/// BatchWriteItem. A retry that finds some written counts them as written; nothing is overwritten.
#[tokio::test]
async fn records_are_only_ever_added_and_a_retry_finds_its_own_written() {
    let table = deps().await.table(Table::History).unwrap();
    let run = uuid::Uuid::new_v4().simple().to_string();
    let record = |n: usize, value: &str| {
        let mut item =
            store::to_item(&json!({ "entity": format!("bench#{run}"), "sk": format!("{n:04}"), "value": value }))
                .unwrap();
        item.retain(|_, v| !matches!(v, aws_sdk_dynamodb::types::AttributeValue::Null(_)));
        item
    };
    // 150 records: two transactions; then a retry of all with 30 more, and one changed.
    table.put_each_new((0..150).map(|n| record(n, "first")).collect(), "entity").await.unwrap();
    let mut again: Vec<_> = (0..180).map(|n| record(n, "first")).collect();
    again[7] = record(7, "changed");
    table.put_each_new(again, "entity").await.unwrap();
    let stored: Vec<Value> = table.query("entity", format!("bench#{run}")).consistent().all().await.unwrap();
    assert_eq!(stored.len(), 180, "each written once");
    assert_eq!(stored[7]["value"], "first", "a record once written is never overwritten");
}

/// The store's row write against the emulator: a row lands only while it is as read, all or nothing with its
/// history and upload records.
#[tokio::test]
async fn a_row_write_lands_only_over_the_row_it_read_with_its_records() {
    use fleet_shared::history::{self, Change, Record};
    use fleet_shared::idempotency::Claim;
    use fn_forecast::store::{ForecastRecord, ForecastStore, RowWrite};
    let d = deps().await;
    let day = own_day();
    let date = day.format("%Y-%m-%d").to_string();
    let upload = unique("fc-rows");
    let row = |quantity: i64, line: u32| ForecastRecord {
        date: date.clone(),
        item: "Wrap".into(),
        quantity: Some(quantity),
        production_date: Some(date.clone()),
        upload_marker: Some(format!("{upload}#{line}")),
        updated_by: Some("ops@fleet.test".into()),
        updated_at: Some(format!("2026-11-30T12:00:0{line}.000Z")),
    };
    let write = |quantity: i64, line: u32, read: Option<ForecastRecord>| RowWrite {
        row: row(quantity, line),
        read,
        history: Record::new(
            history::entity("forecast", &date),
            "2026-11-30T12:00:00.000Z",
            "ops@fleet.test",
            "test",
            vec![Change {
                attribute: "Wrap".into(),
                old_value: "x".into(),
                new_value: quantity.to_string(),
                reason: None,
            }],
        ),
        claim: Some(Claim::new("forecast", &upload, &line.to_string(), "d".into(), &Value::Null, 0)),
    };
    let conflict = |r: &Result<(), fleet_shared::ApiError>| matches!(r, Err(fleet_shared::ApiError::Conflict(_)));

    // A new row lands where none is; a second "new" write of it does not.
    assert!(d.put_rows(vec![write(12, 2, None)]).await.unwrap()[0].is_ok());
    assert!(conflict(&d.put_rows(vec![write(13, 3, None)]).await.unwrap()[0]));
    // Over the row as read it lands; over an older read it does not, nor do its records.
    assert!(d.put_rows(vec![write(15, 4, Some(row(12, 2)))]).await.unwrap()[0].is_ok());
    assert!(conflict(&d.put_rows(vec![write(16, 5, Some(row(12, 2)))]).await.unwrap()[0]));
    let stored = d.rows_at(&[(date.clone(), "Wrap".into())]).await.unwrap();
    assert_eq!(stored, [row(15, 4)]);
    assert_eq!(history_of(day).await.len(), 2, "the two writes that landed, each with its history record");
    let records = d.table(Table::Idempotency).unwrap();
    for (line, kept) in [(2, true), (3, false), (4, true), (5, false)] {
        let key = std::collections::HashMap::from([
            ("pk".to_string(), store::s(format!("forecast#{upload}"))),
            ("sk".to_string(), store::s(line.to_string())),
        ]);
        let found: Option<Value> = records.get(key).await.unwrap();
        assert_eq!(found.is_some(), kept, "line {line}'s upload record");
    }
}

/// An upload state's save against the emulator: only over the state read; the same save sent again (an answer
/// lost, the SDK's retry) finds its own state and is done, a different one is refused.
#[tokio::test]
async fn an_upload_state_is_saved_only_over_the_state_read_and_a_resent_save_is_done() {
    use fn_forecast::store::{ForecastStore, UploadState};
    let d = deps().await;
    let waiting = UploadState {
        upload_id: unique("fc-state"),
        state: "waiting".into(),
        updated_at: "2026-11-30T12:00:00.000Z".into(),
        ..Default::default()
    };
    d.save(&waiting, None).await.unwrap();
    d.save(&waiting, None).await.expect("the same new state again: its own, landed");
    let other = UploadState { user: "someone@fleet.test".into(), ..waiting.clone() };
    assert!(matches!(d.save(&other, None).await, Err(fleet_shared::ApiError::Conflict(_))));
    let received =
        UploadState { state: "received".into(), updated_at: "2026-11-30T12:00:01.000Z".into(), ..waiting.clone() };
    d.save(&received, Some(&waiting.updated_at)).await.unwrap();
    d.save(&received, Some(&waiting.updated_at)).await.expect("sent again after a lost answer");
    let stale =
        UploadState { state: "applied".into(), updated_at: "2026-11-30T12:00:02.000Z".into(), ..waiting.clone() };
    assert!(matches!(d.save(&stale, Some(&waiting.updated_at)).await, Err(fleet_shared::ApiError::Conflict(_))));
    assert_eq!(d.load(&waiting.upload_id).await.unwrap(), Some(received));
}
