//! DynamoDB access for locations, their name lists and update expressions.
use crate::{attributes::flatten, plan::Assign, rules::Options};
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue, Update};
use fleet_shared::{dynamo, ApiError, Deps};
use serde_json::Value;
use std::collections::HashMap;

pub fn not_found(id: &str) -> ApiError {
    ApiError::NotFound(format!("Location {id} not found"))
}

pub async fn get_doc(deps: &Deps, id: &str) -> Result<Option<Value>, ApiError> {
    let out = deps
        .dynamo
        .get_item()
        .table_name(&deps.config.locations_table)
        .key("id", dynamo::s(id))
        .consistent_read(true)
        .send()
        .await?;
    out.item.map(dynamo::from_item).transpose()
}

pub async fn names(deps: &Deps, kind: &str) -> Result<Vec<String>, ApiError> {
    let mut names = Vec::new();
    let mut start = None;
    loop {
        let out = deps
            .dynamo
            .query()
            .table_name(&deps.config.name_lists_table)
            .key_condition_expression("kind = :k")
            .expression_attribute_values(":k", dynamo::s(kind))
            .set_exclusive_start_key(start)
            .send()
            .await?;
        names.extend(out.items().iter().filter_map(|i| i.get("name").and_then(|v| v.as_s().ok()).cloned()));
        start = out.last_evaluated_key;
        if start.is_none() {
            return Ok(names);
        }
    }
}

pub const LAYOUTS: &str = "layout";
pub const FRIDGE_SCHEMAS: &str = "fridgeSchema";
pub const PRICE_MAP_TEMPLATES: &str = "priceMapTemplate";
pub const DEVICE_ADDRESSES: &str = "deviceAddress";

pub async fn options(deps: &Deps) -> Result<Options, ApiError> {
    let (l, f, p) = tokio::try_join!(names(deps, LAYOUTS), names(deps, FRIDGE_SCHEMAS), names(deps, PRICE_MAP_TEMPLATES))?;
    Ok(Options::from_lists(l, f, p))
}

/// SET/REMOVE expression for a plan plus the audit fields every update records.
pub struct Expression {
    pub text: String,
    pub names: HashMap<String, String>,
    pub values: HashMap<String, AttributeValue>,
}

pub fn expression(plan: &[Assign], user: &str, now: &str) -> Result<Expression, ApiError> {
    let mut names = HashMap::new();
    let mut values = HashMap::new();
    let mut sets = vec!["lastModified = :now".to_string(), "lastModifiedBy = :user".to_string()];
    let mut removes = Vec::new();
    values.insert(":now".into(), dynamo::s(now));
    values.insert(":user".into(), dynamo::s(user));
    let mut name_ids: HashMap<String, String> = HashMap::new();
    for (i, a) in plan.iter().enumerate() {
        let path: Vec<String> = a
            .path
            .iter()
            .map(|segment| {
                let n = name_ids.len();
                name_ids.entry(segment.clone()).or_insert_with(|| format!("#n{n}")).clone()
            })
            .collect();
        let path = path.join(".");
        if a.value.is_null() {
            removes.push(path);
        } else {
            sets.push(format!("{path} = :v{i}"));
            values.insert(format!(":v{i}"), serde_dynamo::to_attribute_value(&a.value)?);
        }
    }
    names.extend(name_ids.into_iter().map(|(segment, id)| (id, segment)));
    let mut text = format!("SET {}", sets.join(", "));
    if !removes.is_empty() {
        text.push_str(&format!(" REMOVE {}", removes.join(", ")));
    }
    Ok(Expression { text, names, values })
}

pub async fn apply(deps: &Deps, id: &str, plan: &[Assign], user: &str) -> Result<Value, ApiError> {
    let now = now();
    let e = expression(plan, user, &now)?;
    let out = deps
        .dynamo
        .update_item()
        .table_name(&deps.config.locations_table)
        .key("id", dynamo::s(id))
        .update_expression(e.text)
        .set_expression_attribute_names(Some(e.names))
        .set_expression_attribute_values(Some(e.values))
        .condition_expression("attribute_exists(id)")
        .return_values(ReturnValue::AllNew)
        .send()
        .await;
    match out {
        Ok(out) => Ok(flatten(&dynamo::from_item::<Value>(out.attributes.unwrap_or_default())?)),
        Err(err) if matches!(err.as_service_error(), Some(e) if e.is_conditional_check_failed_exception()) => Err(not_found(id)),
        Err(err) => Err(err.into()),
    }
}

/// The same update as one item of a transaction.
pub fn transact_update(deps: &Deps, id: &str, plan: &[Assign], user: &str) -> Result<Update, ApiError> {
    let e = expression(plan, user, &now())?;
    Update::builder()
        .table_name(&deps.config.locations_table)
        .key("id", dynamo::s(id))
        .update_expression(e.text)
        .set_expression_attribute_names(Some(e.names))
        .set_expression_attribute_values(Some(e.values))
        .condition_expression("attribute_exists(id)")
        .build()
        .map_err(ApiError::internal)
}

/// Millisecond UTC ISO text: sorts in time order as a string.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
