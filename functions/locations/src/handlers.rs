//! Location functions: parse the input at the boundary, then run the rules
//! of `service` over the DynamoDB store. Lists and name lists read directly.
use crate::attributes::{self, LocationView};
use crate::input::UpdateInput;
use crate::ops_snapshot::{self, OpsLocationId};
use crate::plan::Origin;
use crate::rules;
use crate::service::{self, Author};
use crate::store::{Dynamo, LocationStore, Only};
use fleet_shared::contract::{Ctx, NoArgs, Page};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::{history, limits, names, paging, store, ApiError, Deps};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

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

fn author(ctx: &Ctx, source: &str) -> Result<Author, ApiError> {
    Ok(Author { user: ctx.caller()?.display().to_string(), source: source.to_string() })
}

/// `createLocation(input)` and `updateLocation(input)`: one AWSJSON object.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct JsonInput {
    #[serde(default)]
    input: Value,
}

pub async fn create_location(deps: &'static Deps, ctx: Ctx, args: JsonInput) -> Result<LocationView, ApiError> {
    let payload = json_object(&args.input, "input")?;
    let created =
        service::create(&Dynamo(deps), Origin::Form, payload, &author(&ctx, "Create location form")?, &ctx.now_text())
            .await?;
    ops_snapshot::note_new(deps, vec![OpsLocationId::of_view(&created)]).await;
    Ok(created)
}

/// POST /locations: the body's fields are the location's.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct NewLocationBody {
    #[serde(flatten)]
    fields: Map<String, Value>,
}

/// POST /locations (the CRM import). The body may name its `source` (file
/// and row), which the history keeps.
pub async fn add_location_rest(deps: &'static Deps, ctx: Ctx, body: NewLocationBody) -> Result<LocationView, ApiError> {
    let mut payload = body.fields;
    let source = match payload.remove("source").as_ref().and_then(rules::text_of) {
        Some(s) => {
            limits::check_len("source", &s, service::MAX_SOURCE_CHARS)?;
            s
        }
        None => "POST /locations".to_string(),
    };
    let created =
        service::create(&Dynamo(deps), Origin::Import, payload, &author(&ctx, &source)?, &ctx.now_text()).await?;
    ops_snapshot::note_new(deps, vec![OpsLocationId::of_view(&created)]).await;
    Ok(created)
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct IdArgs {
    id: LocationId,
}

/// `getLocation(id)`: the location, or none.
pub async fn get_location(deps: &'static Deps, _: Ctx, args: IdArgs) -> Result<Vec<LocationView>, ApiError> {
    let id = args.id;
    Ok(Dynamo(deps).get(id.as_str()).await?.iter().map(LocationView::of).collect())
}

pub async fn update_location(deps: &'static Deps, ctx: Ctx, args: JsonInput) -> Result<LocationView, ApiError> {
    let input = UpdateInput::of(json_object(&args.input, "input")?)?;
    service::edit(&Dynamo(deps), input, &author(&ctx, "updateLocation")?, &ctx.now_text()).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct WholesaleArgs {
    input: WholesaleInput,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct WholesaleInput {
    id: LocationId,
    route: String,
    stop: i64,
}

pub async fn update_wholesale_location(
    deps: &'static Deps,
    ctx: Ctx,
    args: WholesaleArgs,
) -> Result<LocationView, ApiError> {
    let w = args.input;
    let id = w.id;
    service::update_wholesale(
        &Dynamo(deps),
        id.as_str(),
        &w.route,
        w.stop,
        &author(&ctx, "updateWholesaleLocation")?,
        &ctx.now_text(),
    )
    .await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocationHistoryArgs {
    id: LocationId,
    #[serde(default)]
    next_token: Option<String>,
}

/// `locationHistory(id, nextToken)`: the location's changes, newest first.
pub async fn location_history(
    deps: &'static Deps,
    _: Ctx,
    args: LocationHistoryArgs,
) -> Result<history::HistoryPage, ApiError> {
    let entity = history::entity("location", args.id.as_str());
    history::page_of(deps, &entity, args.next_token.as_deref()).await
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(default)]
pub struct ListFilter {
    status: Option<String>,
    #[serde(deserialize_with = "fleet_shared::entity::ids::blank_is_none")]
    id: Option<LocationId>,
    #[serde(rename = "type")]
    kind: Option<String>,
    count: Option<i32>,
}

/// `locations(filter, nextToken)` and `opsLocations(filter, nextToken)`.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListArgs {
    #[serde(default)]
    filter: Option<ListFilter>,
    #[serde(default)]
    next_token: Option<String>,
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
) -> Result<(Vec<Location>, Option<String>), ApiError> {
    let secret = deps.config.paging_secret()?;
    let (locations, only) = (Dynamo(deps), only.as_ref());
    let (items, next) = paging::signed_page(secret, scope, token.as_deref(), count as usize, |start, limit| {
        locations.scan_page(start, limit, only, projection)
    })
    .await?;
    Ok((items.into_iter().map(store::from_item).collect::<Result<_, _>>()?, next))
}

fn page_size(count: Option<i32>) -> Result<i32, ApiError> {
    // PAGE_SIZE is positive and small: the page count fits back in an i32.
    Ok(limits::page_count(count.map(i64::from), PAGE_SIZE as usize)? as i32)
}

/// The sub-fields the GraphQL call selected under `parent` (`items/id` ...), if known.
fn selected_under<'a>(ctx: &'a Ctx, parent: &str) -> Option<Vec<&'a str>> {
    let prefix = format!("{parent}/");
    let fields: Vec<&str> =
        ctx.selection.iter().filter_map(|p| p.strip_prefix(&prefix)).filter(|f| !f.contains('/')).collect();
    (!fields.is_empty()).then_some(fields)
}

pub async fn list_locations(deps: &'static Deps, ctx: Ctx, args: ListArgs) -> Result<Page<LocationView>, ApiError> {
    let filter = args.filter.unwrap_or_default();
    if let Some(id) = filter.id {
        let found = Dynamo(deps).get(id.as_str()).await?;
        return Ok(Page { items: found.iter().map(LocationView::of).collect(), next_token: None });
    }
    let count = page_size(filter.count)?;
    let status = filter.status.filter(|s| !s.is_empty()).map(|s| s.to_uppercase());
    let scope = format!("locations:{}", status.as_deref().unwrap_or("*"));
    let only = status.as_deref().map(|value| Only { path: attributes::named("status").stored_at, value });
    // Read only the attributes the caller selected (the list screens ask for 7 of ~40),
    // and the status the filter reads.
    let mut projection = selected_under(&ctx, "items").and_then(|fields| attributes::projection(&fields));
    if let (Some(p), Some(_)) = (projection.as_mut(), &only) {
        if !p.contains(&"status") {
            p.push("status");
        }
    }
    let projection = projection.as_deref().unwrap_or_default();
    let (items, next) = scan_page(deps, &scope, only, projection, count, args.next_token).await?;
    let mut items: Vec<LocationView> = items.iter().map(LocationView::of).collect();
    items.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(Page { items, next_token: next })
}

/// A location as the operations list shows it (GraphQL `OpsLocation`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsLocation {
    pub id: LocationId,
    #[serde(rename = "type")]
    pub kind: String,
    pub status: Option<String>,
    pub route: Option<String>,
    pub stop: Option<i64>,
    pub account_tier: Option<String>,
    pub online_date: Option<String>,
    pub fulfillment_center: Option<String>,
    pub opportunity_name: Option<String>,
    pub routing_tag: Option<String>,
    pub park_to_fridge_instructions: Option<String>,
}

impl OpsLocation {
    fn of(l: &Location) -> Self {
        let oc = l.operation_configs.clone().unwrap_or_default();
        OpsLocation {
            id: l.id.clone(),
            kind: l.kind().to_string(),
            status: l.ops_status().map(str::to_string),
            route: oc.route,
            stop: oc.stop,
            account_tier: oc.account_tier,
            online_date: l.activation().and_then(|a| a.online.clone()),
            fulfillment_center: oc.fulfillment_center,
            opportunity_name: oc.opportunity_name,
            routing_tag: oc.routing_tag,
            park_to_fridge_instructions: oc.park_to_fridge_instructions,
        }
    }
}

/// GraphQL `OpsLocationPage`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsPage {
    pub locations: Vec<OpsLocation>,
    pub next_token: Option<String>,
}

/// The stored attributes an `OpsLocation` field is made from.
fn ops_attribute(field: &str) -> &'static str {
    match field {
        "id" => "id",
        "type" => "type",
        "status" => "status",
        "onlineDate" => "locationConfigs",
        _ => "operationConfigs",
    }
}

/// What `opsLocations` reads of each location: the attributes of the fields the call selected (the pars screens
/// select `id` and `type`, and the configs are most of a location's bytes), or every one when the selection is
/// not known.
fn ops_projection(ctx: &Ctx) -> Vec<&'static str> {
    let every = ["id", "type", "status", "operationConfigs", "locationConfigs"];
    let Some(fields) = selected_under(ctx, "locations") else { return every.to_vec() };
    let mut projection = vec!["id"];
    for attribute in fields.into_iter().map(ops_attribute) {
        if !projection.contains(&attribute) {
            projection.push(attribute);
        }
    }
    projection
}

pub async fn ops_locations(deps: &'static Deps, ctx: Ctx, args: ListArgs) -> Result<OpsPage, ApiError> {
    let filter = args.filter.unwrap_or_default();
    let count = page_size(filter.count)?;
    let kind = filter.kind.filter(|s| !s.is_empty());
    let scope = format!("ops:{}", kind.as_deref().unwrap_or("*"));
    let only = kind.as_deref().map(|value| Only { path: attributes::named("type").stored_at, value });
    let mut projection = ops_projection(&ctx);
    if only.is_some() && !projection.contains(&"type") {
        projection.push("type"); // the filter reads it
    }
    let (items, next) = scan_page(deps, &scope, only, &projection, count, args.next_token).await?;
    Ok(OpsPage { locations: items.iter().map(OpsLocation::of).collect(), next_token: next })
}

pub async fn planogram_names(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    names::list(deps, names::LAYOUTS).await
}

pub async fn fridge_schema_names(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    names::list(deps, names::FRIDGE_SCHEMAS).await
}

/// `fulfillmentCenters`: the centers of the fleet's locations (LogiNext's
/// choices), one Query of the name list; never 'Does Not Exist'.
pub async fn fulfillment_centers(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    let mut centers = names::list(deps, names::FULFILLMENT_CENTERS).await?;
    centers.retain(|c| c != names::NOT_A_CENTER);
    Ok(centers)
}

pub async fn price_map_template_names(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    names::list(deps, names::PRICE_MAP_TEMPLATES).await
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct DeviceAddressArgs {
    input: DeviceAddressInput,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct DeviceAddressInput {
    location_id: LocationId,
}

pub async fn generate_device_address(
    deps: &'static Deps,
    ctx: Ctx,
    args: DeviceAddressArgs,
) -> Result<String, ApiError> {
    let id = args.input.location_id;
    let random = || uuid::Uuid::new_v4().as_u64_pair().0;
    service::generate_device_address(
        &Dynamo(deps),
        id.as_str(),
        &author(&ctx, "Generate device address")?,
        &ctx.now_text(),
        random,
        &[],
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selecting(fields: &[&str]) -> Ctx {
        Ctx { selection: fields.iter().map(|f| f.to_string()).collect(), ..Ctx::default() }
    }

    #[test]
    fn ops_locations_read_only_what_the_call_selected() {
        let pars = selecting(&["locations", "locations/id", "locations/type", "nextToken"]);
        assert_eq!(ops_projection(&pars), ["id", "type"]);
        let some = selecting(&["locations/fulfillmentCenter", "locations/onlineDate", "locations/routingTag"]);
        assert_eq!(ops_projection(&some), ["id", "operationConfigs", "locationConfigs"]);
        let every = ["id", "type", "status", "operationConfigs", "locationConfigs"];
        assert_eq!(ops_projection(&Ctx::default()), every, "an unknown selection reads every attribute");
    }
}
