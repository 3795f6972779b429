use crate::actions;
use aws_sdk_dynamodb::types::AttributeValue;
use fleet_shared::{limits, store, ApiError, Deps, Input, Table};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A permission request body; both fields are checked before anything is written.
#[derive(Debug, Deserialize)]
struct PermissionRequest {
    user: String,
    action: String,
}

#[derive(Debug, Serialize)]
struct UserPermissions {
    user: String,
    email: String,
    actions: Vec<String>,
}

/// Cognito users as (sub, email), every page.
async fn cognito_users(deps: &Deps) -> Result<Vec<(String, String)>, ApiError> {
    let (cognito, pool) = (deps.cognito()?, deps.config.user_pool_id()?);
    let (users, _) = store::pages(None, None, |token, _| async move {
        let out = cognito.list_users().user_pool_id(pool).set_pagination_token(token).send().await?;
        let users = out
            .users
            .unwrap_or_default()
            .into_iter()
            .filter_map(|u| {
                let attr = |name: &str| u.attributes().iter().find(|a| a.name() == name).and_then(|a| a.value()).map(str::to_string);
                let sub = attr("sub")?;
                Some((sub, attr("email").unwrap_or_else(|| u.username().unwrap_or_default().to_string())))
            })
            .collect();
        Ok((users, out.pagination_token))
    })
    .await?;
    Ok(users)
}

pub async fn list(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    let mut by_user: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let grants: Vec<PermissionRequest> = deps.table(Table::Permissions)?.scan_all().await?;
    for g in grants {
        by_user.entry(g.user).or_default().push(g.action);
    }
    let mut users: Vec<UserPermissions> = cognito_users(deps)
        .await?
        .into_iter()
        .map(|(sub, email)| {
            let mut actions = by_user.remove(&sub).unwrap_or_default();
            actions.sort();
            UserPermissions { user: sub, email, actions }
        })
        .collect();
    // Grants for users no longer in the pool stay visible so they can be removed.
    users.extend(by_user.into_iter().map(|(user, actions)| UserPermissions { user, email: String::new(), actions }));
    users.sort_by_key(|u| u.email.to_lowercase());
    let groups: Vec<Value> =
        actions::GROUPS.iter().map(|g| json!({ "group": g.name, "actions": g.actions })).collect();
    Ok(json!({ "users": users, "groups": groups, "actions": actions::all() }))
}

async fn checked(deps: &Deps, input: &Input) -> Result<PermissionRequest, ApiError> {
    if input.args.is_null() {
        return Err(ApiError::bad_request("Request body is required: {\"user\", \"action\"}"));
    }
    if input.args.as_object().is_some_and(|o| o.keys().any(|k| k != "user" && k != "action")) {
        return Err(ApiError::bad_request("Invalid request: only user and action are accepted"));
    }
    let req: PermissionRequest = input.parse()?;
    limits::check_len("user", &req.user, limits::MAX_ID_CHARS)?;
    limits::check_len("action", &req.action, limits::MAX_NAME_CHARS)?;
    if req.user.trim().is_empty() {
        return Err(ApiError::bad_request("user cannot be empty"));
    }
    if !actions::is_known(&req.action) {
        return Err(ApiError::bad_request(format!("Unknown action {}", req.action)));
    }
    if !cognito_users(deps).await?.iter().any(|(sub, _)| *sub == req.user) {
        return Err(ApiError::bad_request(format!("Unknown user {}", req.user)));
    }
    Ok(req)
}

pub async fn grant(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req = checked(deps, &input).await?;
    let granted_by = input.caller()?.display().to_string();
    let table = deps.table(Table::Permissions)?;
    table
        .client
        .put_item()
        .table_name(table.name)
        .item("user", AttributeValue::S(req.user.clone()))
        .item("action", AttributeValue::S(req.action.clone()))
        .item("grantedBy", AttributeValue::S(granted_by))
        .item("grantedAt", AttributeValue::S(chrono::Utc::now().to_rfc3339()))
        .send()
        .await?;
    Ok(json!({ "user": req.user, "action": req.action, "granted": true }))
}

pub async fn revoke(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req = checked(deps, &input).await?;
    let table = deps.table(Table::Permissions)?;
    let out = table
        .client
        .delete_item()
        .table_name(table.name)
        .key("user", AttributeValue::S(req.user.clone()))
        .key("action", AttributeValue::S(req.action.clone()))
        .return_values(aws_sdk_dynamodb::types::ReturnValue::AllOld)
        .send()
        .await?;
    Ok(json!({ "user": req.user, "action": req.action, "removed": out.attributes.is_some() }))
}
