//! `POST /coupons` and the agent's recent codes. A code is written with a
//! condition that no code has it; the request's idempotency record (its id is
//! chosen by the browser per GENERATE CODE) is written in the same
//! transaction, so a retried request answers the code it already made instead
//! of making a second one, and the id reused for another coupon is refused.
use crate::codes;
use crate::rules::{self, CouponRequest};
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{limits, store, ApiError, Deps, Input, Table};
use serde_json::{json, Value};

/// Codes listed by `GET /coupons/mine`.
pub const RECENT: i32 = 50;
const ATTEMPTS: usize = 5;

fn put(table: &str, item: &Value, condition: &str) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(store::to_item(item)?))
        .condition_expression(condition)
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

fn view(item: &Value) -> Value {
    json!({ "couponCode": item["code"], "reason": item["reason"], "value": item["display"], "type": item["type"],
            "startDate": item["startDate"], "endDate": item["endDate"], "createdAt": item["createdAt"],
            "redeemed": item["redeemed"].as_bool().unwrap_or(false) })
}

/// The answer of `POST /coupons`: the code's view with the spec's `statusCode`.
fn answer(item: &Value) -> Value {
    let mut out = view(item);
    out["statusCode"] = json!(200);
    out
}

/// `POST /coupons {imageName, type, value, startDate, endDate, requestId?}` → `{statusCode, couponCode, ...}`.
pub async fn generate(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req: CouponRequest = input.parse()?;
    let coupon = rules::check(&req).map_err(|e| ApiError::bad_request(e.join("; ")))?;
    let request_id: Option<String> = input.args.get("requestId").and_then(Value::as_str).map(str::to_string);
    if let Some(id) = &request_id {
        limits::check_len("requestId", id, limits::MAX_ID_CHARS)?;
    }
    let caller = input.caller()?;
    let t = deps.table(Table::Coupons)?;
    let records = deps.table(Table::Idempotency)?;
    // The coupon asked for, without the id naming the request.
    let mut content = input.args.clone();
    if let Some(fields) = content.as_object_mut() {
        fields.remove("requestId");
    }
    let key = request_id.as_ref().map(|id| format!("{}:{id}", caller.sub));
    let request = key.as_deref().map(|k| Request::new(&records, "coupons", k, &content));
    if let Some(r) = &request {
        match r.seen().await? {
            Seen::Replay(first) => return Ok(first),
            Seen::Conflict => return Err(reused()),
            Seen::New => {}
        }
    }
    for _ in 0..ATTEMPTS {
        let code = codes::generate().map_err(ApiError::internal)?;
        let item = json!({
            "code": code, "reason": coupon.reason, "category": "Customer Service", "codeType": "Single Use Code", "quantity": 1,
            "type": coupon.kind, "value": coupon.value, "display": coupon.display,
            "startDate": coupon.start.to_string(), "endDate": coupon.end.to_string(),
            "createdBy": caller.display(), "createdBySub": caller.sub, "createdAt": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "redeemed": false,
        });
        let mut items = vec![put(t.name, &item, "attribute_not_exists(code)")?];
        if let Some(r) = &request {
            items.push(r.claim(&answer(&item), chrono::Utc::now().timestamp()).put(records.name)?);
        }
        match store::transact(t.client, items).await {
            Ok(()) => return Ok(answer(&item)),
            Err(ApiError::Conflict(_)) => {
                // Either a racing try of this request landed, or (once in ~10^14) the code exists: find out which.
                if let Some(r) = &request {
                    match r.seen().await? {
                        Seen::Replay(first) => return Ok(first),
                        Seen::Conflict => return Err(reused()),
                        Seen::New => {}
                    }
                }
                tracing::warn!("coupon code collision; drawing another");
            }
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Unavailable)
}

fn reused() -> ApiError {
    idempotency::conflict("This requestId")
}

/// `GET /coupons/mine`: the caller's latest codes, newest first, with their redeemed state.
pub async fn mine(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let caller = input.caller()?;
    let t = deps.table(Table::Coupons)?;
    let out = t
        .client
        .query()
        .table_name(t.name)
        .index_name("byCreator")
        .key_condition_expression("createdBySub = :me")
        .expression_attribute_values(":me", AttributeValue::S(caller.sub.clone()))
        .scan_index_forward(false)
        .limit(RECENT)
        .send()
        .await?;
    let items: Vec<Value> =
        out.items.unwrap_or_default().into_iter().map(store::from_item).collect::<Result<_, _>>()?;
    Ok(json!({ "coupons": items.iter().map(view).collect::<Vec<_>>() }))
}
