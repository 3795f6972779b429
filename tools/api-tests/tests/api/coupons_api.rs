//! Coupon codes against the emulator: the request rules, what is stored, a
//! retried request, uniqueness over 1,000 generations, the agent's recent
//! codes and the permission gate.
use crate::common;
use common::*;
use fleet_shared::{store, Caller, Table};
use futures::{stream, StreamExt};
use serde_json::{json, Value};
use std::collections::HashSet;

fn request(extra: Value) -> String {
    let mut body = json!({ "imageName": "Quality: Item expired", "type": "AMOUNT", "value": 5, "startDate": "2026-11-22", "endDate": "2026-12-22" });
    body.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap());
    body.to_string()
}

async fn agent() -> Caller {
    user_with(&["GenerateCoupons"]).await
}

async fn stored_by(caller: &Caller) -> usize {
    let t = deps().await.table(Table::Coupons).unwrap();
    let out = t
        .client
        .query()
        .table_name(t.name)
        .index_name("byCreator")
        .key_condition_expression("createdBySub = :me")
        .expression_attribute_values(":me", store::s(&caller.sub))
        .select(aws_sdk_dynamodb::types::Select::Count)
        .send()
        .await
        .unwrap();
    out.count as usize
}

#[tokio::test]
async fn a_code_is_stored_with_its_reason_value_validity_and_creator() {
    let me = agent().await;
    let (code, out) = http("generate_coupon", Some(&me), Some(&request(json!({})))).await;
    assert_eq!((code, out["statusCode"].as_i64()), (200, Some(200)), "{out}");
    let coupon = out["couponCode"].as_str().unwrap().to_string();
    assert!(coupon.len() == 11 && coupon.as_bytes()[5] == b'-', "{coupon}");
    let t = deps().await.table(Table::Coupons).unwrap();
    let item: Value =
        t.get(std::collections::HashMap::from([("code".to_string(), store::s(&coupon))])).await.unwrap().unwrap();
    assert_eq!(
        (
            item["reason"].as_str(),
            item["type"].as_str(),
            item["value"].as_i64(),
            item["startDate"].as_str(),
            item["endDate"].as_str(),
            item["redeemed"].as_bool()
        ),
        (Some("Quality: Item expired"), Some("AMOUNT"), Some(5), Some("2026-11-22"), Some("2026-12-22"), Some(false))
    );
    assert_eq!(
        (item["createdBySub"].as_str(), item["category"].as_str(), item["codeType"].as_str()),
        (Some(me.sub.as_str()), Some("Customer Service"), Some("Single Use Code"))
    );

    let (_, mine) = http("my_coupons", Some(&me), None).await;
    assert_eq!(
        mine["coupons"],
        json!([{ "couponCode": coupon, "reason": "Quality: Item expired", "value": "$5", "type": "AMOUNT",
        "startDate": "2026-11-22", "endDate": "2026-12-22", "createdAt": item["createdAt"], "redeemed": false }])
    );
}

#[tokio::test]
async fn every_rule_is_enforced_and_nothing_is_written_on_refusal() {
    let me = agent().await;
    for (extra, message) in [
        (json!({ "imageName": "Free lunch" }), "Choose an issue type from the list"),
        (json!({ "type": "PERCENT", "value": 10 }), "The code value must be one of 50 %, $2, $3, $5, $6, $8, $9, $10"),
        (json!({ "value": 4 }), "The code value must be one of 50 %, $2, $3, $5, $6, $8, $9, $10"),
        (json!({ "startDate": "11/22/2026" }), "Start date must be a date (YYYY-MM-DD)"),
        (json!({ "endDate": "2026-11-21" }), "End date cannot be before start date"),
    ] {
        let (code, out) = http("generate_coupon", Some(&me), Some(&request(extra.clone()))).await;
        assert_eq!((code, out["message"].as_str()), (400, Some(message)), "{extra}");
    }
    let (code, _) = http("generate_coupon", Some(&me), Some("not json")).await;
    assert_eq!(code, 400);
    assert_eq!(stored_by(&me).await, 0);
}

#[tokio::test]
async fn a_retried_request_answers_the_same_code() {
    let me = agent().await;
    let body = request(json!({ "requestId": "r-1" }));
    let first = http("generate_coupon", Some(&me), Some(&body)).await.1;
    let again = http("generate_coupon", Some(&me), Some(&body)).await.1;
    assert_eq!(first["couponCode"], again["couponCode"]);
    assert_eq!(stored_by(&me).await, 1);
    assert_eq!(again, first, "the first answer, replayed");
    let other = http("generate_coupon", Some(&me), Some(&request(json!({ "requestId": "r-2" })))).await.1;
    assert_ne!(first["couponCode"], other["couponCode"]);
    // The same id for another coupon is refused, not answered with the first code.
    let mut changed: Value = serde_json::from_str(&body).unwrap();
    changed["value"] = json!(8);
    let (status, refused) = http("generate_coupon", Some(&me), Some(&changed.to_string())).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(
        refused["message"],
        "This requestId was already used with other content. Send new content with a new id."
    );
    assert_eq!(stored_by(&me).await, 2);
}

#[tokio::test]
async fn a_thousand_generations_give_a_thousand_codes() {
    let me = agent().await;
    let body = request(json!({}));
    let codes: Vec<String> = stream::iter(0..1000)
        .map(|_| async {
            let (status, out) = http("generate_coupon", Some(&me), Some(&body)).await;
            assert_eq!(status, 200, "{out}");
            out["couponCode"].as_str().unwrap().to_string()
        })
        .buffer_unordered(8)
        .collect()
        .await;
    assert_eq!(codes.iter().collect::<HashSet<_>>().len(), 1000);
    assert_eq!(stored_by(&me).await, 1000);
}

#[tokio::test]
async fn callers_without_the_action_are_refused() {
    let prices_only = user_with(&["GetItemPrices", "UpdateItemPrices"]).await;
    assert_eq!(http("generate_coupon", Some(&prices_only), Some(&request(json!({})))).await.0, 403);
    assert_eq!(http("my_coupons", Some(&prices_only), None).await.0, 403);
    assert_eq!(http("generate_coupon", None, Some(&request(json!({})))).await.0, 401);
    assert_eq!(stored_by(&prices_only).await, 0);
}
