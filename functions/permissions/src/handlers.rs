use crate::actions;
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem};
use fleet_shared::history::{self, Change, Record};
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
                let attr = |name: &str| {
                    u.attributes().iter().find(|a| a.name() == name).and_then(|a| a.value()).map(str::to_string)
                };
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
    let groups: Vec<Value> = actions::GROUPS.iter().map(|g| json!({ "group": g.name, "actions": g.actions })).collect();
    let changes = recent_changes(deps).await?;
    Ok(json!({ "users": users, "groups": groups, "actions": actions::all(), "changes": changes }))
}

/// Grants and revocations, newest first: every one is a history record of
/// this entity, written in the change's own transaction.
const HISTORY_ENTITY: &str = "permissions#all";
/// Changes `GET /users/permissions` lists.
pub const RECENT_CHANGES: i32 = 50;

async fn recent_changes(deps: &Deps) -> Result<Vec<Value>, ApiError> {
    let t = deps.table(Table::History)?;
    let out = t
        .client
        .query()
        .table_name(t.name)
        .key_condition_expression("entity = :e")
        .expression_attribute_values(":e", store::s(HISTORY_ENTITY))
        .scan_index_forward(false)
        .limit(RECENT_CHANGES)
        .send()
        .await?;
    let records =
        out.items.unwrap_or_default().into_iter().map(store::from_item::<Record>).collect::<Result<Vec<_>, _>>()?;
    Ok(records.iter().map(Record::view).collect())
}

/// The history record of a grant (`granted`) or a revocation of `req`.
fn change_record(req: &PermissionRequest, granted: bool, who: &str, at: &str) -> Record {
    let (old, new) = if granted { ("false", "true") } else { ("true", "false") };
    let change = Change {
        attribute: format!("{} {}", req.user, req.action),
        old_value: old.into(),
        new_value: new.into(),
        reason: None,
    };
    let source = if granted { "POST /users/permissions" } else { "POST /users/permissions/remove" };
    Record::new(history::entity("permissions", "all"), at, who, source, vec![change])
}

/// The request, checked; `in_pool`: the user must be in the user pool (a
/// grant), not for a removal (a deleted user's grants must stay removable).
async fn checked(deps: &Deps, input: &Input, in_pool: bool) -> Result<PermissionRequest, ApiError> {
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
    if in_pool && !cognito_users(deps).await?.iter().any(|(sub, _)| *sub == req.user) {
        return Err(ApiError::bad_request(format!("Unknown user {}", req.user)));
    }
    Ok(req)
}

pub async fn grant(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req = checked(deps, &input, true).await?;
    let granted_by = input.caller()?.display().to_string();
    let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let table = deps.table(Table::Permissions)?;
    let item = json!({ "user": req.user, "action": req.action, "grantedBy": granted_by, "grantedAt": at });
    // Granted once: a grant already held changes nothing and records nothing.
    let put = Put::builder()
        .table_name(table.name)
        .set_item(Some(store::to_item(&item)?))
        .condition_expression("attribute_not_exists(#u)")
        .expression_attribute_names("#u", "user")
        .build()
        .map_err(ApiError::internal)?;
    let items = vec![
        TransactWriteItem::builder().put(put).build(),
        change_record(&req, true, &granted_by, &at).put(deps.table(Table::History)?.name)?,
    ];
    match store::transact(table.client, items).await {
        Ok(()) | Err(ApiError::Conflict(_)) => Ok(json!({ "user": req.user, "action": req.action, "granted": true })),
        Err(e) => Err(e),
    }
}

pub async fn revoke(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req = checked(deps, &input, false).await?;
    let who = input.caller()?.display().to_string();
    let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let table = deps.table(Table::Permissions)?;
    let delete = Delete::builder()
        .table_name(table.name)
        .key("user", AttributeValue::S(req.user.clone()))
        .key("action", AttributeValue::S(req.action.clone()))
        .condition_expression("attribute_exists(#u)")
        .expression_attribute_names("#u", "user")
        .build()
        .map_err(ApiError::internal)?;
    let items = vec![
        TransactWriteItem::builder().delete(delete).build(),
        change_record(&req, false, &who, &at).put(deps.table(Table::History)?.name)?,
    ];
    let removed = match store::transact(table.client, items).await {
        Ok(()) => true,
        Err(ApiError::Conflict(_)) => false, // not held: nothing to remove, nothing recorded
        Err(e) => return Err(e),
    };
    Ok(json!({ "user": req.user, "action": req.action, "removed": removed }))
}
