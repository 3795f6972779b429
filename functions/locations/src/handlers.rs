//! Location functions: parse the input at the boundary, then run the rules
//! of `service` over the DynamoDB store. Lists and name lists read directly.
use crate::service::{self, Author};
use crate::store::{Dynamo, LocationStore, Only};
use crate::{
    attributes::{self, flatten},
    rules,
};
use fleet_shared::contract::Ctx;
use fleet_shared::fridge_time::now_text;
use fleet_shared::{history, limits, names, paging, store, ApiError, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Map, Value};

pub const PAGE_SIZE: i32 = 2500;

/// AWSJSON arguments may arrive parsed or as JSON text.
fn json_object(value: &Value, what: &str) -> Result<Map<String, Value>, ApiError> {
    let parsed = match value {
        Value::String(s) => {
            serde_json::from_str(s).map_err(|_| ApiError::bad_request(format!("{what} must be a JSON object")))?
        }
        v => v.clone(),
    };
    match parsed {
        Value::Object(m) => Ok(m),
        _ => Err(ApiError::bad_request(format!("{what} must be a JSON object"))),
    }
}

fn author(input: &Input, source: &str) -> Result<Author, ApiError> {
    Ok(Author { user: input.caller()?.display().to_string(), source: source.to_string() })
}

pub async fn create_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let payload = json_object(input.args.get("input").unwrap_or(&Value::Null), "input")?;
    service::create(&Dynamo(deps), payload, &author(&input, "Create location form")?, &now_text()).await
}

/// POST /locations (the CRM import). The body may name its `source` (file
/// and row), which the history keeps.
pub async fn add_location_rest(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let mut payload = json_object(&input.args, "Request body")?;
    let source = match payload.remove("source").as_ref().and_then(rules::text_of) {
        Some(s) => {
            limits::check_len("source", &s, service::MAX_SOURCE_CHARS)?;
            s
        }
        None => "POST /locations".to_string(),
    };
    service::create(&Dynamo(deps), payload, &author(&input, &source)?, &now_text()).await
}

pub async fn get_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let id = service::location_id(input.args.get("id"))?;
    Ok(json!(Dynamo(deps).get(id.as_str()).await?.map(|d| flatten(&d)).into_iter().collect::<Vec<_>>()))
}

pub async fn update_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let body = json_object(input.args.get("input").unwrap_or(&Value::Null), "input")?;
    service::update(&Dynamo(deps), body, &author(&input, "updateLocation")?, &now_text()).await
}

#[derive(Deserialize)]
struct WholesaleInput {
    id: String,
    route: String,
    stop: i64,
}

pub async fn update_wholesale_location(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let w: WholesaleInput = input.arg("input")?;
    let id = service::location_id(Some(&json!(w.id)))?;
    service::update_wholesale(
        &Dynamo(deps),
        id.as_str(),
        &w.route,
        w.stop,
        &author(&input, "updateWholesaleLocation")?,
        &now_text(),
    )
    .await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationHistoryArgs {
    id: String,
    #[serde(default)]
    next_token: Option<String>,
}

/// `locationHistory(id, nextToken)`: the location's changes, newest first.
pub async fn location_history(
    deps: &'static Deps,
    _: Ctx,
    args: LocationHistoryArgs,
) -> Result<history::HistoryPage, ApiError> {
    let id = fleet_shared::entity::LocationId::parse("id", &args.id)?;
    let secret = deps.config.paging_secret()?;
    let entity = history::entity("location", id.as_str());
    history::page(deps.table(Table::History)?, secret, &entity, args.next_token.as_deref()).await
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

/// One page of at most `count` locations that `only` keeps, reading the
/// `projection` attributes (all when empty), behind a signed token scoped to
/// this query.
async fn scan_page(
    deps: &'static Deps,
    scope: &str,
    only: Option<Only<'_>>,
    projection: &[&str],
    count: i32,
    token: Option<String>,
) -> Result<(Vec<Value>, Option<String>), ApiError> {
    let secret = deps.config.paging_secret()?;
    let (locations, only) = (Dynamo(deps), only.as_ref());
    let (items, next) = paging::signed_page(secret, scope, token.as_deref(), count as usize, |start, limit| {
        locations.scan_page(start, limit, only, projection)
    })
    .await?;
    Ok((items.into_iter().map(store::from_item).collect::<Result<_, _>>()?, next))
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
        let id = service::location_id(Some(&json!(id)))?;
        let doc = Dynamo(deps).get(id.as_str()).await?;
        return Ok(json!({ "items": doc.map(|d| vec![flatten(&d)]).unwrap_or_default(), "nextToken": null }));
    }
    let count = page_size(filter.count)?;
    let status = filter.status.filter(|s| !s.is_empty()).map(|s| s.to_uppercase());
    let scope = format!("locations:{}", status.as_deref().unwrap_or("*"));
    let only = status.as_deref().map(|value| Only { path: &["status", "ops"], value });
    // Read only the attributes the caller selected (the list screens ask for 7 of ~40),
    // and the status the filter reads.
    let mut projection = input.selected_under("items").and_then(|fields| attributes::projection(&fields));
    if let (Some(p), Some(_)) = (projection.as_mut(), &only) {
        if !p.contains(&"status") {
            p.push("status");
        }
    }
    let (items, next) = scan_page(deps, &scope, only, projection.as_deref().unwrap_or_default(), count, token).await?;
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
    let only = kind.as_deref().map(|value| Only { path: &["type"], value });
    let projection = ["id", "type", "status", "operationConfigs", "locationConfigs"];
    let (items, next) = scan_page(deps, &scope, only, &projection, count, token).await?;
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
    names::list(deps, names::LAYOUTS).await
}

pub async fn fridge_schema_names(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    names::list(deps, names::FRIDGE_SCHEMAS).await
}

/// `fulfillmentCenters`: the centers of the fleet's locations (LogiNext's
/// choices), one Query of the name list; never 'Does Not Exist'.
pub async fn fulfillment_centers(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    let mut centers = names::list(deps, names::FULFILLMENT_CENTERS).await?;
    centers.retain(|c| c != names::NOT_A_CENTER);
    Ok(centers)
}

pub async fn price_map_template_names(deps: &'static Deps, _: Input) -> Result<Vec<String>, ApiError> {
    names::list(deps, names::PRICE_MAP_TEMPLATES).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DeviceAddressInput {
    location_id: String,
}

pub async fn generate_device_address(deps: &'static Deps, input: Input) -> Result<String, ApiError> {
    let req: DeviceAddressInput = input.arg("input")?;
    let id = service::location_id(Some(&json!(req.location_id)))?;
    let random = || uuid::Uuid::new_v4().as_u64_pair().0;
    service::generate_device_address(
        &Dynamo(deps),
        id.as_str(),
        &author(&input, "Generate device address")?,
        &now_text(),
        random,
        &[],
    )
    .await
}
