//! Item prices against the emulator: every row rule in the dry run, the
//! update's rowErrors, history per changed price, a retried batch, the price
//! query, the schema id list and the permission gate.
use crate::common;
use common::*;
use fleet_shared::{store, Table};
use serde_json::{json, Value};

fn file(rows: &[(&str, &str, &str)]) -> String {
    let rows: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, (s, it, p))| json!({ "row": i + 2, "values": { "schemaId": s, "item": it, "price": p } }))
        .collect();
    json!({ "uploadId": "prices-dry", "fileName": "prices.csv", "rows": rows }).to_string()
}

fn prices(rows: &[(&str, &str, &str, u32)]) -> Value {
    Value::Array(rows.iter().map(|(s, i, p, l)| json!({ "schemaId": s, "item": i, "price": p, "line": l })).collect())
}

async fn update(upload_id: &str, rows: Value) -> Value {
    gql(
        "update_item_prices",
        &admin().await,
        json!({ "uploadId": upload_id, "fileName": "prices.csv", "prices": rows }),
    )
    .await
    .unwrap()
}

async fn history_of(schema: &str, item: &str) -> Vec<Value> {
    let t = deps().await.table(Table::History).unwrap();
    let out = t
        .client
        .query()
        .table_name(t.name)
        .key_condition_expression("entity = :e")
        .expression_attribute_values(":e", store::s(format!("price#{schema}#{item}")))
        .send()
        .await
        .unwrap();
    out.items.unwrap_or_default().into_iter().map(|i| store::from_item(i).unwrap()).collect()
}

#[tokio::test]
async fn the_dry_run_names_every_rule_and_compares_with_the_stored_prices() {
    let schema = unique("SCH");
    let s = schema.as_str();
    assert_eq!(
        update(&unique("seed").replace('_', "-"), prices(&[(s, "COLD_BREW", "3.50", 2), (s, "WRAP", "6", 3)])).await
            ["written"],
        2
    );
    let body = file(&[
        (s, "COLD_BREW", "3.5"),
        (s, "WRAP", "6.25"),
        (s, "SOUP", "4"),
        ("", "bad item", "1.999"),
        (s, "PIE", "2"),
        (s, "PIE", "3"),
        (s, "PIE", "4"),
    ]);
    let (code, dry) = http("prices_dry_run", Some(&admin().await), Some(&body)).await;
    assert_eq!(code, 200, "{dry}");
    let r = &dry["rows"];
    let status = |i: usize| r[i]["status"].as_str().unwrap().to_string();
    assert_eq!(
        (0..7).map(status).collect::<Vec<_>>(),
        ["unchanged", "change", "new", "invalid", "invalid", "invalid", "invalid"]
    );
    assert_eq!(r[1]["diff"], json!([{ "attribute": "price", "oldValue": "6.00", "newValue": "6.25" }]));
    assert_eq!(
        r[3]["messages"],
        json!([
            "schemaId cannot be empty",
            "item must contain only uppercase letters, digits or underscores",
            "price must be a number of at least 0 with at most 2 decimals"
        ])
    );
    assert_eq!(r[4]["messages"], json!(["Duplicate schemaId + item combination (also found in line(s) 7, 8)"]));
    assert_eq!(r[6]["messages"], json!(["Duplicate schemaId + item combination (also found in line(s) 6, 7)"]));
    let missing =
        json!({ "uploadId": "p", "fileName": "p.csv", "rows": [{ "row": 2, "values": { "item": "A" } }] }).to_string();
    assert_eq!(
        http("prices_dry_run", Some(&admin().await), Some(&missing)).await.1["rows"][0]["messages"],
        json!(["Missing required columns: schemaId, price"])
    );
}

#[tokio::test]
async fn an_update_answers_row_errors_records_history_and_is_not_applied_twice() {
    let schema = unique("SCH");
    let s = schema.as_str();
    let batch = prices(&[(s, "COLD_BREW", "3.50", 2), (s, "WRAP", "-1", 3), (s, "SOUP", "4.10", 4)]);
    // Upload ids are this run's own: a reused id with other content is refused (409).
    let upd = unique("upd").replace('_', "-");
    let out = update(&upd, batch.clone()).await;
    assert_eq!(out["message"], "1 of 3 rows were not updated.");
    assert_eq!(
        out["rowErrors"],
        json!([{ "schemaId": s, "item": "WRAP", "price": "-1", "line": 3, "errors": ["price must be a number of at least 0 with at most 2 decimals"] }])
    );
    assert_eq!(out["written"], 2);
    let again = update(&upd, batch).await;
    assert_eq!(again["written"], 2, "a retry answers the same");
    assert_eq!(history_of(s, "COLD_BREW").await.len(), 1, "and records nothing twice");

    let out = update(&unique("upd").replace('_', "-"), prices(&[(s, "COLD_BREW", "3.75", 2)])).await;
    assert_eq!(out["message"], "Successfully updated 1 item prices.");
    let history = history_of(s, "COLD_BREW").await;
    assert_eq!(history.len(), 2);
    assert!(
        history.iter().any(|h| h["source"] == "prices.csv row 2"
            && h["changes"][0]["oldValue"] == "3.50"
            && h["changes"][0]["newValue"] == "3.75"),
        "{history:?}"
    );

    let listed = gql("item_prices", &admin().await, json!({ "schemaIds": [s] })).await.unwrap();
    assert_eq!(
        listed,
        json!([{ "schemaId": s, "item": "COLD_BREW", "price": 3.75, "exists": true }, { "schemaId": s, "item": "SOUP", "price": 4.1, "exists": true }])
    );
    let ids = gql("price_schema_ids", &admin().await, json!({})).await.unwrap();
    let ids: Vec<&str> = ids.as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(ids.contains(&s), "{ids:?}");
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted, each once: {ids:?}");
}

#[tokio::test]
async fn reading_and_changing_prices_are_separate_actions() {
    let reader = user_with(&["GetItemPrices"]).await;
    let agent = user_with(&["GenerateCoupons"]).await;
    assert!(gql("item_prices", &reader, json!({})).await.is_ok());
    let args = json!({ "uploadId": "x", "fileName": "p.csv", "prices": prices(&[("S", "A", "1", 2)]) });
    assert_eq!(gql("update_item_prices", &reader, args.clone()).await.unwrap_err(), fleet_shared::ApiError::Forbidden);
    assert_eq!(gql("update_item_prices", &agent, args).await.unwrap_err(), fleet_shared::ApiError::Forbidden);
    assert_eq!(gql("item_prices", &agent, json!({})).await.unwrap_err(), fleet_shared::ApiError::Forbidden);
    assert_eq!(http("prices_dry_run", Some(&reader), Some(&file(&[("S", "A", "1")]))).await.0, 403);
}

#[tokio::test]
async fn the_answers_are_computed_per_row_and_a_schema_id_with_the_key_separator_is_refused() {
    let schema = unique("SCH");
    let s = schema.as_str();
    let hashed = format!("{s}#2");
    let out = update(
        &unique("upd").replace('_', "-"),
        prices(&[(s, "COLD_BREW", "3.50", 2), (&hashed, "WRAP", "6", 3), (s, "SOUP", "x", 4)]),
    )
    .await;
    // `errors` lists each failure of the batch, not a constant [].
    assert_eq!(
        out["errors"],
        json!([
            "Line 3: schemaId cannot contain '#'",
            "Line 4: price must be a number of at least 0 with at most 2 decimals"
        ]),
        "{out}"
    );
    assert_eq!(out["rowErrors"][0]["errors"], json!(["schemaId cannot contain '#'"]));
    let ok = update(&unique("upd").replace('_', "-"), prices(&[(s, "WRAP", "6", 2)])).await;
    assert_eq!(ok["errors"], json!([]));
    // Every later update of the schema still lands (a '#' schema once answered 409 for ever).
    let later = update(&unique("upd").replace('_', "-"), prices(&[(s, "WRAP", "6.50", 2)])).await;
    assert_eq!((later["written"].as_u64(), &later["errors"]), (Some(1), &json!([])), "{later}");
    let dry = file(&[(&hashed, "WRAP", "1")]);
    let (code, dry) = http("prices_dry_run", Some(&admin().await), Some(&dry)).await;
    assert_eq!((code, &dry["rows"][0]["messages"]), (200, &json!(["schemaId cannot contain '#'"])));

    // `exists` follows the stored row: one without a price answers false.
    let t = deps().await.table(Table::ItemPrices).unwrap();
    t.client
        .put_item()
        .table_name(t.name)
        .item("schemaId", store::s(s))
        .item("item", store::s("NO_PRICE"))
        .send()
        .await
        .unwrap();
    let listed = gql("item_prices", &admin().await, json!({ "schemaIds": [s] })).await.unwrap();
    let exists: Vec<(&str, bool)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["item"].as_str().unwrap(), p["exists"].as_bool().unwrap()))
        .collect();
    assert_eq!(exists, [("COLD_BREW", true), ("NO_PRICE", false), ("WRAP", true)]);
}

fn full_file(rows: usize) -> String {
    let schema = unique("SCH");
    let rows: Vec<Value> = (0..rows)
        .map(
            |i| json!({ "row": i + 2, "values": { "schemaId": schema, "item": format!("ITEM_{i}"), "price": "1.25" } }),
        )
        .collect();
    json!({ "uploadId": unique("dry").replace('_', "-"), "fileName": "prices.csv", "rows": rows }).to_string()
}

#[tokio::test]
async fn the_dry_run_takes_a_file_at_the_row_limit_and_refuses_one_row_more() {
    let (code, dry) = http("prices_dry_run", Some(&admin().await), Some(&full_file(10_000))).await;
    assert_eq!((code, dry["summary"]["new"].as_u64()), (200, Some(10_000)), "{}", dry["message"]);
    let (code, over) = http("prices_dry_run", Some(&admin().await), Some(&full_file(10_001))).await;
    assert_eq!((code, over["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
}

async fn cents_of(schema: &str, item: &str) -> Option<i64> {
    let key = std::collections::HashMap::from([
        ("schemaId".to_string(), store::s(schema)),
        ("item".to_string(), store::s(item)),
    ]);
    let stored: Option<Value> = deps().await.table(Table::ItemPrices).unwrap().get(key).await.unwrap();
    stored.and_then(|v| v["cents"].as_i64())
}

#[tokio::test]
async fn a_retried_batch_never_undoes_a_later_change_and_other_content_under_its_id_is_refused() {
    let schema = unique("SCH");
    let s = schema.as_str();
    let a = prices(&[(s, "P1", "3.50", 2), (s, "P2", "1.00", 3)]);
    let upload_a = unique("up-a").replace('_', "-");
    let first = update(&upload_a, a.clone()).await;
    assert_eq!(first["written"], 2);
    assert_eq!(update(&unique("up-b").replace('_', "-"), prices(&[(s, "P1", "5.25", 2)])).await["written"], 1);
    let again = update(&upload_a, a).await;
    assert_eq!(again, first, "the retry replays the first answer");
    assert_eq!(cents_of(s, "P1").await, Some(525), "and the later change stands");
    assert_eq!(history_of(s, "P1").await.len(), 2, "the retry recorded nothing");

    let other = gql(
        "update_item_prices",
        &admin().await,
        json!({ "uploadId": upload_a, "fileName": "prices.csv", "prices": prices(&[(s, "P1", "9.99", 2)]) }),
    )
    .await
    .unwrap_err();
    assert_eq!(other.status(), 409);
    assert!(
        other.to_string().ends_with("was already used with other content. Send new content with a new id."),
        "{other}"
    );
    assert_eq!(cents_of(s, "P1").await, Some(525));
}
