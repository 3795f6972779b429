//! Location functions: create, read, update, lists and device addresses.
use crate::{attributes::flatten, plan, rules, store};
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use fleet_shared::{dynamo, paging, ApiError, Deps, Input};
use serde::Deserialize;
use serde_json::{json, Map, Value};

pub const PAGE_SIZE: i32 = 2500;

/// AWSJSON arguments may arrive parsed or as JSON text.
fn json_object(value: &Value, what: &str) -> Result<Map<String, Value>, ApiError> {
    let parsed = match value {
        Value::String(s) => serde_json::from_str(s).map_err(|_| ApiError::bad_request(format!("{what} must be a JSON object")))?,
        v => v.clone(),
    };
    match parsed {
        Value::Object(m) => Ok(m),
        _ => Err(ApiError::bad_request(format!("{what} must be a JSON object"))),
    }
}

async fn create(deps: &Deps, payload: Map<String, Value>, user: &str) -> Result<Value, ApiError> {
    let options = store::options(deps).await?;
    let doc = plan::new_location(&payload, &options, user, &store::now()).map_err(ApiError::BadRequest)?;
    let id = doc["id"].as_str().unwrap_or_default().to_string();
    let put = deps
        .dynamo
        .put_item()
        .table_name(&deps.config.locations_table)
        .set_item(Some(dynamo::to_item(&doc)?))
        .condition_expression("attribute_not_exists(id)")
        .send()
        .await;
    match put {
        Ok(_) => Ok(flatten(&doc)),
        Err(e) if dynamo::is_conditional_failure(&e) => Err(ApiError::Conflict(format!("Location {id} already exists"))),
        Err(e) => Err(e.into()),
    }
}

pub async fn create_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let payload = json_object(input.args.get("input").unwrap_or(&Value::Null), "input")?;
    create(deps, payload, input.caller()?.display()).await
}

pub async fn add_location_rest(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let payload = json_object(&input.args, "Request body")?;
    create(deps, payload, input.caller()?.display()).await
}

pub async fn get_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let id: String = input.arg("id")?;
    Ok(json!(store::get_doc(deps, &id).await?.map(|d| flatten(&d)).into_iter().collect::<Vec<_>>()))
}

pub async fn update_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let body = json_object(input.args.get("input").unwrap_or(&Value::Null), "input")?;
    let id = body.get("id").and_then(rules::text_of).ok_or_else(|| ApiError::bad_request("id cannot be empty"))?;
    let current = store::get_doc(deps, &id).await?.ok_or_else(|| store::not_found(&id))?;
    let needs_options = body.keys().any(|k| matches!(k.as_str(), "layoutName" | "fridgeSchema" | "priceMapTemplate"));
    let options = if needs_options { store::options(deps).await? } else { Default::default() };
    let plan = plan::update(&current, &body, &options).map_err(ApiError::BadRequest)?;
    store::apply(deps, &id, &plan, input.caller()?.display()).await
}

#[derive(Deserialize)]
struct WholesaleInput {
    id: String,
    route: String,
    stop: i64,
}

pub async fn update_wholesale_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let w: WholesaleInput = input.arg("input")?;
    let current = store::get_doc(deps, &w.id).await?.ok_or_else(|| store::not_found(&w.id))?;
    if current.get("type").and_then(Value::as_str) != Some("WHOLESALE") {
        return Err(ApiError::bad_request(format!("Location {} is not a wholesale location", w.id)));
    }
    let stop = rules::check_int("stop", &w.stop.to_string(), 0, 1000).map_err(ApiError::BadRequest)?;
    let plan = vec![
        plan::Assign { path: vec!["operationConfigs".into(), "route".into()], value: json!(w.route.trim()) },
        plan::Assign { path: vec!["operationConfigs".into(), "stop".into()], value: json!(stop) },
    ];
    store::apply(deps, &w.id, &plan, input.caller()?.display()).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ListFilter {
    status: Option<String>,
    id: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    count: Option<i32>,
}

/// A scan filter: expression, its attribute names, and the `:f` value.
struct ScanFilter<'a> {
    expr: &'a str,
    names: &'a [(&'a str, &'a str)],
    value: &'a str,
}

/// Scans pages until `count` items matched or the table ends; the token is
/// scoped so it only resumes the same query.
async fn scan_page(
    deps: &Deps,
    scope: &str,
    filter: Option<ScanFilter<'_>>,
    projection: Option<(&str, &[(&str, &str)])>,
    count: i32,
    token: Option<String>,
) -> Result<(Vec<Value>, Option<String>), ApiError> {
    let secret = &deps.config.paging_secret;
    let mut start = paging::start_key(secret, scope, token.as_deref())?;
    let mut items = Vec::new();
    loop {
        let remaining = count - items.len() as i32;
        let mut req = deps.dynamo.scan().table_name(&deps.config.locations_table).limit(remaining).set_exclusive_start_key(start);
        if let Some(f) = &filter {
            req = req.filter_expression(f.expr).expression_attribute_values(":f", AttributeValue::S(f.value.to_string()));
            for (id, name) in f.names {
                req = req.expression_attribute_names(*id, *name);
            }
        }
        if let Some((expr, names)) = projection {
            req = req.projection_expression(expr);
            for (id, name) in names {
                req = req.expression_attribute_names(*id, *name);
            }
        }
        let out = req.send().await?;
        for item in out.items.unwrap_or_default() {
            items.push(dynamo::from_item::<Value>(item)?);
        }
        start = out.last_evaluated_key;
        if start.is_none() || items.len() as i32 >= count {
            return Ok((items, start.map(|k| paging::encode(secret, scope, &k))));
        }
    }
}

fn page_size(count: Option<i32>) -> Result<i32, ApiError> {
    match count {
        None => Ok(PAGE_SIZE),
        Some(n) if (1..=PAGE_SIZE).contains(&n) => Ok(n),
        Some(_) => Err(ApiError::bad_request(format!("count must be between 1 and {PAGE_SIZE}"))),
    }
}

pub async fn list_locations(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let filter: ListFilter = input.arg::<Option<ListFilter>>("filter")?.unwrap_or_default();
    let token: Option<String> = input.arg("nextToken")?;
    if let Some(id) = filter.id.filter(|i| !i.is_empty()) {
        let doc = store::get_doc(deps, &id).await?;
        return Ok(json!({ "items": doc.map(|d| vec![flatten(&d)]).unwrap_or_default(), "nextToken": null }));
    }
    let count = page_size(filter.count)?;
    let status = filter.status.filter(|s| !s.is_empty()).map(|s| s.to_uppercase());
    let scope = format!("locations:{}", status.as_deref().unwrap_or("*"));
    let cond = status.as_deref().map(|value| ScanFilter { expr: "#f0.#f1 = :f", names: &[("#f0", "status"), ("#f1", "ops")], value });
    let (items, next) = scan_page(deps, &scope, cond, None, count, token).await?;
    let mut items: Vec<Value> = items.iter().map(flatten).collect();
    items.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    Ok(json!({ "items": items, "nextToken": next }))
}

pub async fn ops_locations(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let filter: ListFilter = input.arg::<Option<ListFilter>>("filter")?.unwrap_or_default();
    let token: Option<String> = input.arg("nextToken")?;
    let count = page_size(filter.count)?;
    let kind = filter.kind.filter(|s| !s.is_empty());
    let scope = format!("ops:{}", kind.as_deref().unwrap_or("*"));
    let cond = kind.as_deref().map(|value| ScanFilter { expr: "#t = :f", names: &[("#t", "type")], value });
    // `type` and `status` are reserved words.
    let projection = ("id, #t, #s, operationConfigs, locationConfigs.activation", &[("#t", "type"), ("#s", "status")][..]);
    let (items, next) = scan_page(deps, &scope, cond, Some(projection), count, token).await?;
    let locations: Vec<Value> = items
        .iter()
        .map(|d| {
            let oc = |k: &str| d.get("operationConfigs").and_then(|o| o.get(k)).cloned().unwrap_or(Value::Null);
            json!({
                "id": d["id"], "type": d.get("type").cloned().unwrap_or(json!("FRIDGE")),
                "status": d.get("status").and_then(|s| s.get("ops")).cloned().unwrap_or(Value::Null),
                "route": oc("route"), "stop": oc("stop"), "accountTier": oc("accountTier"),
                "onlineDate": d.get("locationConfigs").and_then(|l| l.get("activation")).and_then(|a| a.get("online")).cloned().unwrap_or(Value::Null),
                "fulfillmentCenter": oc("fulfillmentCenter"), "opportunityName": oc("opportunityName"),
                "routingTag": oc("routingTag"), "parkToFridgeInstructions": oc("parkToFridgeInstructions"),
            })
        })
        .collect();
    Ok(json!({ "locations": locations, "nextToken": next }))
}

pub async fn planogram_names(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    store::names(deps, store::LAYOUTS).await
}

pub async fn fridge_schema_names(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    store::names(deps, store::FRIDGE_SCHEMAS).await
}

pub async fn price_map_template_names(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    store::names(deps, store::PRICE_MAP_TEMPLATES).await
}

/// A card-reader device address: 'FC' and 10 digits from a random 64-bit
/// number (see docs/decisions.md). Uniqueness is enforced, not hoped for:
/// each address is registered with a conditional write in the same
/// transaction that stores it on the location, retried on a collision.
pub fn device_address(random: u64) -> String {
    format!("FC{:010}", random % 10_000_000_000)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeviceAddressInput {
    location_id: String,
}

pub async fn generate_device_address(deps: &'static Deps, input: Input) -> Result<String, ApiError> {
    let req: DeviceAddressInput = input.arg("input")?;
    store::get_doc(deps, &req.location_id).await?.ok_or_else(|| store::not_found(&req.location_id))?;
    let user = input.caller()?.display().to_string();
    for _ in 0..5 {
        let address = device_address(uuid::Uuid::new_v4().as_u64_pair().0);
        let register = Put::builder()
            .table_name(&deps.config.name_lists_table)
            .item("kind", dynamo::s(store::DEVICE_ADDRESSES))
            .item("name", dynamo::s(&address))
            .item("locationId", dynamo::s(&req.location_id))
            .condition_expression("attribute_not_exists(#n)")
            .expression_attribute_names("#n", "name")
            .build()
            .map_err(ApiError::internal)?;
        let assign = [plan::Assign {
            path: vec!["locationConfigs".into(), "aprivaDeviceAddress".into()],
            value: json!(address),
        }];
        let update = store::transact_update(deps, &req.location_id, &assign, &user)?;
        let result = deps
            .dynamo
            .transact_write_items()
            .transact_items(TransactWriteItem::builder().put(register).build())
            .transact_items(TransactWriteItem::builder().update(update).build())
            .send()
            .await;
        match result {
            Ok(_) => return Ok(address),
            Err(e) if e.as_service_error().is_some_and(|e| e.is_transaction_canceled_exception()) => {
                tracing::warn!(%address, "device address taken or location changed; retrying");
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::Conflict("Could not find a free device address, please try again".into()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn device_addresses_have_a_fixed_shape() {
        assert_eq!(super::device_address(42), "FC0000000042");
        assert_eq!(super::device_address(u64::MAX).len(), 12);
    }
}
