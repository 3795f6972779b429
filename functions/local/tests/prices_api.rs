//! Item prices against the emulator: every row rule in the dry run, the
//! update's rowErrors, history per changed price, a retried batch, the price
//! query, the schema id list and the permission gate.
mod common;
use common::*;
use fleet_shared::{store, Table};
use serde_json::{json, Value};

fn file(rows: &[(&str, &str, &str)]) -> String {
    let rows: Vec<Value> = rows.iter().enumerate().map(|(i, (s, it, p))| json!({ "row": i + 2, "values": { "schemaId": s, "item": it, "price": p } })).collect();
    json!({ "uploadId": "prices-dry", "fileName": "prices.csv", "rows": rows }).to_string()
}

fn prices(rows: &[(&str, &str, &str, u32)]) -> Value {
    Value::Array(rows.iter().map(|(s, i, p, l)| json!({ "schemaId": s, "item": i, "price": p, "line": l })).collect())
}

async fn update(upload_id: &str, rows: Value) -> Value {
    gql("update_item_prices", &admin().await, json!({ "uploadId": upload_id, "fileName": "prices.csv", "prices": rows })).await.unwrap()
}

async fn history_of(schema: &str, item: &str) -> Vec<Value> {
    let t = deps().await.table(Table::History).unwrap();
    let out = t.client.query().table_name(t.name).key_condition_expression("entity = :e").expression_attribute_values(":e", store::s(format!("price#{schema}#{item}"))).send().await.unwrap();
    out.items.unwrap_or_default().into_iter().map(|i| store::from_item(i).unwrap()).collect()
}

#[tokio::test]
async fn the_dry_run_names_every_rule_and_compares_with_the_stored_prices() {
    let schema = unique("SCH");
    let s = schema.as_str();
    assert_eq!(update("seed-1", prices(&[(s, "COLD_BREW", "3.50", 2), (s, "WRAP", "6", 3)])).await["written"], 2);
    let body = file(&[(s, "COLD_BREW", "3.5"), (s, "WRAP", "6.25"), (s, "SOUP", "4"), ("", "bad item", "1.999"), (s, "PIE", "2"), (s, "PIE", "3"), (s, "PIE", "4")]);
    let (code, dry) = http("prices_dry_run", Some(&admin().await), Some(&body)).await;
    assert_eq!(code, 200, "{dry}");
    let r = &dry["rows"];
    let status = |i: usize| r[i]["status"].as_str().unwrap().to_string();
    assert_eq!((0..7).map(status).collect::<Vec<_>>(), ["unchanged", "change", "new", "invalid", "invalid", "invalid", "invalid"]);
    assert_eq!(r[1]["diff"], json!([{ "attribute": "price", "oldValue": "6.00", "newValue": "6.25" }]));
    assert_eq!(r[3]["messages"], json!(["schemaId cannot be empty", "item must contain only uppercase letters, digits or underscores", "price must be a number of at least 0 with at most 2 decimals"]));
    assert_eq!(r[4]["messages"], json!(["Duplicate schemaId + item combination (also found in line(s) 7, 8)"]));
    assert_eq!(r[6]["messages"], json!(["Duplicate schemaId + item combination (also found in line(s) 6, 7)"]));
    let missing = json!({ "uploadId": "p", "fileName": "p.csv", "rows": [{ "row": 2, "values": { "item": "A" } }] }).to_string();
    assert_eq!(http("prices_dry_run", Some(&admin().await), Some(&missing)).await.1["rows"][0]["messages"], json!(["Missing required columns: schemaId, price"]));
}

#[tokio::test]
async fn an_update_answers_row_errors_records_history_and_is_not_applied_twice() {
    let schema = unique("SCH");
    let s = schema.as_str();
    let batch = prices(&[(s, "COLD_BREW", "3.50", 2), (s, "WRAP", "-1", 3), (s, "SOUP", "4.10", 4)]);
    let out = update("upd-1", batch.clone()).await;
    assert_eq!(out["message"], "1 of 3 rows were not updated.");
    assert_eq!(out["rowErrors"], json!([{ "schemaId": s, "item": "WRAP", "price": "-1", "line": 3, "errors": ["price must be a number of at least 0 with at most 2 decimals"] }]));
    assert_eq!(out["written"], 2);
    let again = update("upd-1", batch).await;
    assert_eq!(again["written"], 2, "a retry answers the same");
    assert_eq!(history_of(s, "COLD_BREW").await.len(), 1, "and records nothing twice");

    let out = update("upd-2", prices(&[(s, "COLD_BREW", "3.75", 2)])).await;
    assert_eq!(out["message"], "Successfully updated 1 item prices.");
    let history = history_of(s, "COLD_BREW").await;
    assert_eq!(history.len(), 2);
    assert!(history.iter().any(|h| h["source"] == "prices.csv row 2" && h["changes"][0]["oldValue"] == "3.50" && h["changes"][0]["newValue"] == "3.75"), "{history:?}");

    let listed = gql("item_prices", &admin().await, json!({ "schemaIds": [s] })).await.unwrap();
    assert_eq!(listed, json!([{ "schemaId": s, "item": "COLD_BREW", "price": 3.75, "exists": true }, { "schemaId": s, "item": "SOUP", "price": 4.1, "exists": true }]));
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
