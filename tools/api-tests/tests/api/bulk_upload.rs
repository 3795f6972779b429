//! Bulk location import on the upload pipeline, against the emulator: the
//! dry run's statuses, diff and summary; a commit that says per row what was
//! written; and a retried commit that writes nothing twice.
use crate::common;
use common::*;
use serde_json::{json, Value};

fn crm(id: &str, hours: &str) -> Value {
    json!({ "POS_NAME__c": id, "Fridge_State__c": "IL", "Fridge_City__c": "Chicago", "Fridge_Street__c": "100 N Wacker Dr",
        "Fridge_Zipcode__c": "60606", "Sales_Tax_Rate__c": "2.25%", "Vertical__c": "Business & Industry",
        "Consumer_Friendly_Location__c": "Lobby", "Consumer_Friendly_NAme__c": "Wacker Lobby", "Access_Type__c": "PUBLIC",
        "Stocking_Date__c": "2/2/2026", "MALongitude__c": "-87.6369", "MALatitude__c": "41.8837", "Business_Hours__c": hours })
}

fn body(upload_id: &str, rows: &[Value]) -> String {
    let rows: Vec<Value> = rows.iter().enumerate().map(|(i, v)| json!({ "row": i + 2, "values": v })).collect();
    json!({ "uploadId": upload_id, "fileName": "crm-export.csv", "rows": rows }).to_string()
}

async fn history_of(id: &str) -> Vec<Value> {
    let page = gql("location_history", &admin().await, json!({ "id": id })).await.unwrap();
    page["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn dry_run_reports_every_row_and_writes_nothing() {
    let admin = admin().await;
    let (a, b) = (unique("IT_BULK_A"), unique("IT_BULK_B"));
    let rows = [crm(&a, "24 Hours"), crm(&b, "Mon-Fri 8-5"), crm("CHI_0001", "24 Hours"), crm(&a, "24 Hours")];
    let (status, out) = http("bulk_locations_dry_run", Some(&admin), Some(&body("u-dry", &rows))).await;
    assert_eq!(status, 200, "{out}");
    let statuses: Vec<&str> = out["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, vec!["invalid", "invalid", "invalid", "invalid"], "{out}");
    assert_eq!(out["rows"][0]["messages"], json!(["Duplicated records: Lines 2 and 5"]));
    assert_eq!(out["rows"][1]["messages"], json!(["Only 24 Hours fridges are supported"]));
    assert_eq!(out["rows"][2]["messages"], json!(["Location CHI_0001 already exists"]));
    let (_, out) = http("bulk_locations_dry_run", Some(&admin), Some(&body("u-dry", &rows[..1]))).await;
    assert_eq!((out["rows"][0]["status"].as_str(), out["summaryText"].as_str()), (Some("new"), Some("1 new")));
    let got = gql("get_location", &admin, json!({ "id": a })).await.unwrap();
    assert_eq!(got, json!([]), "a dry run writes nothing");
}

#[tokio::test]
async fn commit_answers_per_row_maps_crm_spellings_and_a_retry_writes_nothing_twice() {
    let admin = admin().await;
    let (a, b, c) = (unique("IT_COMMIT_A"), unique("IT_COMMIT_B"), unique("IT_COMMIT_C"));
    // c is created by someone else between the dry run and the commit.
    let rows = [crm(&a, "24 Hours"), crm(&b, "24 Hours"), crm(&c, "24 Hours")];
    let upload_id = format!("u-{}", unique("c").replace('_', "-"));
    let mut other = crm(&c, "24 Hours");
    other["Consumer_Friendly_NAme__c"] = json!("Someone else's");
    let (status, _) = http(
        "bulk_locations_commit",
        Some(&admin),
        Some(&body(&format!("u-{}", unique("o").replace('_', "-")), &[other])),
    )
    .await;
    assert_eq!(status, 200);

    let (status, out) = http("bulk_locations_commit", Some(&admin), Some(&body(&upload_id, &rows))).await;
    assert_eq!(status, 200, "{out}");
    let results = out["results"].as_array().unwrap();
    assert_eq!((results[0]["status"].as_str(), results[1]["status"].as_str()), (Some("written"), Some("written")));
    assert_eq!(results[2]["status"], "failed");
    assert_eq!(results[2]["message"], format!("Location {c} already exists"));
    let location = gql("get_location", &admin, json!({ "id": a })).await.unwrap()[0].clone();
    assert_eq!(
        (location["vertical"].as_str(), location["accessTo"].as_str(), location["onlineDate"].as_str()),
        (Some("B&I"), Some("Public"), Some("2026-02-02"))
    );
    let history = history_of(&a).await;
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["source"], "crm-export.csv row 2");

    // The browser timed out and sends the same batch again.
    let (_, again) = http("bulk_locations_commit", Some(&admin), Some(&body(&upload_id, &rows))).await;
    assert_eq!(again["results"], out["results"], "{again}");
    assert_eq!(history_of(&a).await.len(), 1, "nothing written twice");
}

#[tokio::test]
async fn groups_packed_in_one_transaction_land_except_the_one_whose_condition_fails() {
    use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
    let deps = deps().await;
    let t = deps.table(fleet_shared::Table::NameLists).unwrap();
    let key = |i: usize| format!("packed-{}-{i}", unique("g"));
    let keys: Vec<String> = (0..3).map(key).collect();
    let put = |k: &str| {
        let item = fleet_shared::names::item("benchPacked", k);
        TransactWriteItem::builder()
            .put(
                Put::builder()
                    .table_name(t.name)
                    .set_item(Some(item))
                    .condition_expression("attribute_not_exists(#n)")
                    .expression_attribute_names("#n", "name")
                    .build()
                    .unwrap(),
            )
            .build()
    };
    // The second group's item exists already: its condition fails, the others land.
    fleet_shared::store::transact(t.client, vec![put(&keys[1])]).await.unwrap();
    let groups = vec![vec![put(&keys[0])], vec![put(&keys[1])], vec![put(&keys[2])]];
    let outcomes = fleet_shared::store::transact_groups(t.client, groups).await;
    assert!(outcomes[0].is_ok() && outcomes[2].is_ok(), "{outcomes:?}");
    assert_eq!(outcomes[1].as_ref().unwrap_err().status(), 409);
    let listed = fleet_shared::names::list(deps, "benchPacked").await.unwrap();
    assert!(keys.iter().all(|k| listed.contains(k)), "{listed:?}");
}
