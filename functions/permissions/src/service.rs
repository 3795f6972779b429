//! The permission rules over the store: the list of users with their
//! actions, a grant (held once: a second grant changes and records nothing)
//! and a revocation (of what is not held: nothing removed, nothing recorded).
//! Every change writes its history record in its own transaction.
use crate::actions;
use crate::store::{Grant, PermissionStore};
use fleet_shared::history::{self, Change, Record, RecordView};
use fleet_shared::{limits, ApiError, Caller};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The body of a grant or a removal, as sent: `user` and `action`, nothing else.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = fleet_shared::contract::sent_whole)]
pub struct PermissionArgs {
    #[serde(default)]
    pub user: Option<String>,
    #[serde(default)]
    pub action: Option<String>,
}

/// A permission request, both fields checked before anything is written.
#[derive(Debug)]
struct PermissionRequest {
    user: String,
    action: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct UserPermissions {
    pub user: String,
    pub email: String,
    pub actions: Vec<String>,
}

/// A group of actions as the Permissions screen shows it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct GroupView {
    pub group: &'static str,
    pub actions: &'static [&'static str],
}

/// `GET /users/permissions`: every user with their actions, the groups and
/// actions to choose from, and the latest changes.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Permissions {
    pub users: Vec<UserPermissions>,
    pub groups: Vec<GroupView>,
    pub actions: Vec<&'static str>,
    pub changes: Vec<RecordView>,
}

/// `POST /users/permissions`: granted (also when it was held already).
#[derive(Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Granted {
    pub user: String,
    pub action: String,
    pub granted: bool,
}

/// `POST /users/permissions/remove`: `removed` false when it was not held.
#[derive(Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Revoked {
    pub user: String,
    pub action: String,
    pub removed: bool,
}

/// Changes `GET /users/permissions` lists.
pub const RECENT_CHANGES: i32 = 50;

/// Grants and revocations, newest first: every one is a history record of this entity.
fn history_entity() -> String {
    history::entity("permissions", "all")
}

pub async fn list<S: PermissionStore>(store: &S) -> Result<Permissions, ApiError> {
    let mut by_user: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for g in store.grants().await? {
        by_user.entry(g.user).or_default().push(g.action);
    }
    let mut users: Vec<UserPermissions> = store
        .users()
        .await?
        .into_iter()
        .map(|u| {
            let mut actions = by_user.remove(&u.sub).unwrap_or_default();
            actions.sort();
            UserPermissions { user: u.sub, email: u.email, actions }
        })
        .collect();
    // Grants for users no longer in the pool stay visible so they can be removed.
    users.extend(by_user.into_iter().map(|(user, actions)| UserPermissions { user, email: String::new(), actions }));
    users.sort_by_key(|u| u.email.to_lowercase());
    let groups = actions::GROUPS.iter().map(|g| GroupView { group: g.name, actions: g.actions }).collect();
    let changes = store.history(&history_entity(), RECENT_CHANGES).await?.iter().map(Record::view).collect();
    Ok(Permissions { users, groups, actions: actions::all(), changes })
}

/// The history record of a grant (`granted`) or a revocation of `req`.
fn change_record(req: &PermissionRequest, granted: bool, who: &str, at: &str) -> Record {
    let source = if granted { "POST /users/permissions" } else { "POST /users/permissions/remove" };
    record_from(req, granted, who, at, source)
}

fn record_from(req: &PermissionRequest, granted: bool, who: &str, at: &str, source: &str) -> Record {
    let (old, new) = if granted { ("false", "true") } else { ("true", "false") };
    let change = Change {
        attribute: format!("{} {}", req.user, req.action),
        old_value: old.into(),
        new_value: new.into(),
        reason: None,
    };
    Record::new(history_entity(), at, who, source, vec![change])
}

/// Grants every action to the pool user with `email`, outside the API: the
/// first administrator (scripts/grant-admin.sh, `source`). Each grant is
/// written with its history record as a grant on the Permissions screen is
/// (`who`: the operator), and an action already held records nothing.
/// Answers the user's sub and how many actions were newly granted.
pub async fn grant_every_action<S: PermissionStore>(
    store: &S,
    email: &str,
    who: &str,
    source: &str,
    at: &str,
) -> Result<(String, usize), ApiError> {
    let users = store.users().await?;
    let user = users
        .iter()
        .find(|u| u.email.eq_ignore_ascii_case(email.trim()))
        .ok_or_else(|| ApiError::bad_request(format!("No user {email} in the user pool")))?;
    let mut granted = 0;
    for action in actions::all() {
        let req = PermissionRequest { user: user.sub.clone(), action: action.to_string() };
        let grant = Grant {
            user: req.user.clone(),
            action: req.action.clone(),
            granted_by: Some(who.to_string()),
            granted_at: Some(at.to_string()),
        };
        match store.grant(&grant, &record_from(&req, true, who, at, source)).await {
            Ok(()) => granted += 1,
            Err(ApiError::Conflict(_)) => {} // held already: nothing changed, nothing recorded
            Err(e) => return Err(e),
        }
    }
    Ok((user.sub.clone(), granted))
}

/// The request, checked; `in_pool`: the user must be in the user pool (a
/// grant), not for a removal (a deleted user's grants must stay removable).
async fn checked<S: PermissionStore>(
    store: &S,
    args: PermissionArgs,
    in_pool: bool,
) -> Result<PermissionRequest, ApiError> {
    let missing = |field: &str| ApiError::bad_request(format!("Invalid request: missing field `{field}`"));
    let req = match (args.user, args.action) {
        (None, None) => return Err(ApiError::bad_request("Request body is required: {\"user\", \"action\"}")),
        (None, Some(_)) => return Err(missing("user")),
        (Some(_), None) => return Err(missing("action")),
        (Some(user), Some(action)) => PermissionRequest { user, action },
    };
    limits::check_len("user", &req.user, limits::MAX_ID_CHARS)?;
    limits::check_len("action", &req.action, limits::MAX_NAME_CHARS)?;
    if req.user.trim().is_empty() {
        return Err(ApiError::bad_request("user cannot be empty"));
    }
    if !actions::is_known(&req.action) {
        return Err(ApiError::bad_request(format!("Unknown action {}", req.action)));
    }
    if in_pool && !store.users().await?.iter().any(|u| u.sub == req.user) {
        return Err(ApiError::bad_request(format!("Unknown user {}", req.user)));
    }
    Ok(req)
}

pub async fn grant<S: PermissionStore>(
    store: &S,
    caller: &Caller,
    args: PermissionArgs,
    at: &str,
) -> Result<Granted, ApiError> {
    let req = checked(store, args, true).await?;
    let granted_by = caller.display().to_string();
    let grant = Grant {
        user: req.user.clone(),
        action: req.action.clone(),
        granted_by: Some(granted_by.clone()),
        granted_at: Some(at.to_string()),
    };
    // Granted once: a grant already held changes nothing and records nothing.
    match store.grant(&grant, &change_record(&req, true, &granted_by, at)).await {
        Ok(()) | Err(ApiError::Conflict(_)) => Ok(Granted { user: req.user, action: req.action, granted: true }),
        Err(e) => Err(e),
    }
}

pub async fn revoke<S: PermissionStore>(
    store: &S,
    caller: &Caller,
    args: PermissionArgs,
    at: &str,
) -> Result<Revoked, ApiError> {
    let req = checked(store, args, false).await?;
    let who = caller.display().to_string();
    let removed = match store.revoke(&req.user, &req.action, &change_record(&req, false, &who, at)).await {
        Ok(()) => true,
        Err(ApiError::Conflict(_)) => false, // not held: nothing to remove, nothing recorded
        Err(e) => return Err(e),
    };
    Ok(Revoked { user: req.user, action: req.action, removed })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use crate::store::PoolUser;
    use fleet_shared::{contract, Input};
    use serde_json::{json, Value};

    const AT: &str = "2026-11-28T12:00:00.000Z";

    const ACTION: &str = "GetPars";

    fn pool() -> Memory {
        let user = |sub: &str, email: &str| PoolUser { sub: sub.into(), email: email.into() };
        Memory { users: vec![user("s-b", "bea@fleet"), user("s-a", "Al@fleet")], ..Memory::default() }
    }

    fn admin() -> Caller {
        Caller {
            sub: "s-admin".into(),
            username: "admin".into(),
            email: "admin@fleet".into(),
            email_verified: true,
            name: None,
        }
    }

    /// The body as the edge parses it.
    fn input(body: Value) -> Result<PermissionArgs, ApiError> {
        contract::request(&Input { args: body, ..Input::default() })
    }

    fn body(user: &str) -> PermissionArgs {
        input(json!({ "user": user, "action": ACTION })).unwrap()
    }

    #[tokio::test]
    async fn a_grant_is_held_once_and_recorded_once() {
        let store = pool();
        for _ in 0..2 {
            let out = grant(&store, &admin(), body("s-a"), AT).await.unwrap();
            assert_eq!(json!(out), json!({ "user": "s-a", "action": ACTION, "granted": true }));
        }
        let grants = store.grants.lock().unwrap().clone();
        assert_eq!(grants.len(), 1);
        assert_eq!(grants[0].granted_by.as_deref(), Some("admin@fleet"));
        let history = store.history.lock().unwrap().clone();
        assert_eq!(history.len(), 1);
        assert_eq!(
            (history[0].changes[0].attribute.as_str(), history[0].source.as_str()),
            ("s-a GetPars", "POST /users/permissions")
        );
    }

    #[tokio::test]
    async fn the_first_administrator_is_granted_every_action_each_with_its_record_once() {
        let store = pool();
        store.grants.lock().unwrap().push(Grant {
            user: "s-a".into(),
            action: ACTION.into(),
            granted_by: None,
            granted_at: None,
        });
        let who = "operator arn:aws:iam::1:user/ops";
        let (sub, granted) = grant_every_action(&store, "al@FLEET", who, "scripts/grant-admin.sh", AT).await.unwrap();
        assert_eq!((sub.as_str(), granted), ("s-a", actions::all().len() - 1));
        let history = store.history.lock().unwrap().clone();
        assert_eq!(history.len(), granted);
        assert!(history.iter().all(|r| r.who == who && r.source == "scripts/grant-admin.sh"));
        assert!(history.iter().all(|r| r.entity == history_entity() && r.changes[0].new_value == "true"));
        assert!(!history.iter().any(|r| r.changes[0].attribute == format!("s-a {ACTION}")), "held already");
        // Run again: everything held, nothing recorded.
        assert_eq!(grant_every_action(&store, "Al@fleet", who, "x", AT).await.unwrap().1, 0);
        assert_eq!(store.history.lock().unwrap().len(), granted);
        assert_eq!(
            grant_every_action(&store, "nobody@fleet", who, "x", AT).await.unwrap_err().to_string(),
            "No user nobody@fleet in the user pool"
        );
    }

    #[tokio::test]
    async fn only_users_of_the_pool_are_granted_but_any_grant_can_be_removed() {
        let store = pool();
        assert_eq!(grant(&store, &admin(), body("s-gone"), AT).await.unwrap_err().to_string(), "Unknown user s-gone");
        store.grants.lock().unwrap().push(Grant {
            user: "s-gone".into(),
            action: ACTION.into(),
            granted_by: None,
            granted_at: None,
        });
        let out = revoke(&store, &admin(), body("s-gone"), AT).await.unwrap();
        assert_eq!(json!(out), json!({ "user": "s-gone", "action": ACTION, "removed": true }));
        // Not held any more: nothing removed and nothing recorded.
        assert!(!revoke(&store, &admin(), body("s-gone"), AT).await.unwrap().removed);
        assert_eq!(store.history.lock().unwrap().len(), 1);
    }

    #[tokio::test]
    async fn requests_are_checked_before_anything_is_written() {
        let store = pool();
        let refused = |body: Value| async {
            let result = match input(body) {
                Ok(args) => grant(&store, &admin(), args, AT).await.map(|_| ()),
                Err(e) => Err(e),
            };
            result.unwrap_err().to_string()
        };
        assert_eq!(refused(Value::Null).await, "Request body is required: {\"user\", \"action\"}");
        assert_eq!(refused(json!({ "user": "s-a" })).await, "Invalid request: missing field `action`");
        let extra = refused(json!({ "user": "s-a", "action": ACTION, "by": "x" })).await;
        assert!(extra.starts_with("Invalid by: unknown field `by`"), "{extra}");
        assert_eq!(refused(json!({ "user": " ", "action": ACTION })).await, "user cannot be empty");
        assert_eq!(refused(json!({ "user": "s-a", "action": "Fly" })).await, "Unknown action Fly");
        assert!(store.grants.lock().unwrap().is_empty() && store.history.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn the_list_shows_every_user_and_grants_of_users_gone_from_the_pool() {
        let store = pool();
        grant(&store, &admin(), body("s-b"), AT).await.unwrap();
        grant(&store, &admin(), input(json!({ "user": "s-b", "action": "GetForecast" })).unwrap(), AT).await.unwrap();
        store.grants.lock().unwrap().push(Grant {
            user: "s-gone".into(),
            action: ACTION.into(),
            granted_by: None,
            granted_at: None,
        });
        let out = json!(list(&store).await.unwrap());
        let users: Vec<(&str, &str, usize)> = out["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| {
                (u["user"].as_str().unwrap(), u["email"].as_str().unwrap(), u["actions"].as_array().unwrap().len())
            })
            .collect();
        // Sorted by e-mail, case aside; the gone user (no e-mail) first.
        assert_eq!(users, [("s-gone", "", 1), ("s-a", "Al@fleet", 0), ("s-b", "bea@fleet", 2)]);
        assert_eq!(out["users"][2]["actions"], json!(["GetForecast", ACTION]));
        assert_eq!(out["changes"].as_array().unwrap().len(), 2);
        assert_eq!(out["actions"], json!(actions::all()));
    }
}
