//! The demo drivers: named users of the pool holding the Driver permission
//! group (3-planning §6), made idempotently so a pool provisioned before
//! they existed gets them too, and their sign-in as the driver app's.
use aws_sdk_cognitoidentityprovider::types::{AttributeType, AuthFlowType};
use aws_sdk_dynamodb::types::AttributeValue;
use fleet_shared::{ApiError, Deps, Table};
use std::collections::HashMap;

/// Name and e-mail of each demo driver.
pub const DRIVERS: &[(&str, &str)] = &[
    ("Dana Reyes", "driver1@fleet.local"),
    ("Marcus Bell", "driver2@fleet.local"),
    ("Priya Nair", "driver3@fleet.local"),
    ("Luis Ortega", "driver4@fleet.local"),
    ("Grace Kim", "driver5@fleet.local"),
    ("Tom Walsh", "driver6@fleet.local"),
];

/// The Driver group's actions: recording work, not changing locations.
pub fn driver_actions() -> &'static [&'static str] {
    fn_permissions::actions::GROUPS.iter().find(|g| g.name == "Driver").map_or(&[], |g| g.actions)
}

fn attribute(name: &str, value: &str) -> Result<AttributeType, ApiError> {
    AttributeType::builder().name(name).value(value).build().map_err(|e| ApiError::internal(e.to_string()))
}

/// Creates the driver (or keeps it), sets its name and password, and answers its `sub`.
async fn ensure_user(deps: &Deps, name: &str, email: &str, password: &str) -> Result<String, ApiError> {
    let idp = deps.cognito()?;
    let pool = deps.config.user_pool_id()?;
    let attributes = vec![attribute("email", email)?, attribute("email_verified", "true")?, attribute("name", name)?];
    let created = idp
        .admin_create_user()
        .user_pool_id(pool)
        .username(email)
        .set_user_attributes(Some(attributes))
        .message_action(aws_sdk_cognitoidentityprovider::types::MessageActionType::Suppress)
        .send()
        .await;
    if let Err(e) = created {
        // Already there (an earlier run): its name is set again below.
        if !e.as_service_error().is_some_and(|s| s.is_username_exists_exception()) {
            return Err(ApiError::internal(format!("creating {email}: {e}")));
        }
        idp.admin_update_user_attributes()
            .user_pool_id(pool)
            .username(email)
            .user_attributes(attribute("name", name)?)
            .send()
            .await
            .map_err(|e| ApiError::internal(format!("naming {email}: {e}")))?;
    }
    idp.admin_set_user_password()
        .user_pool_id(pool)
        .username(email)
        .password(password)
        .permanent(true)
        .send()
        .await
        .map_err(|e| ApiError::internal(format!("setting the password of {email}: {e}")))?;
    let user = idp
        .admin_get_user()
        .user_pool_id(pool)
        .username(email)
        .send()
        .await
        .map_err(|e| ApiError::internal(format!("reading {email}: {e}")))?;
    user.user_attributes()
        .iter()
        .find(|a| a.name() == "sub")
        .and_then(|a| a.value())
        .map(str::to_string)
        .ok_or_else(|| ApiError::internal(format!("{email} has no sub")))
}

fn grant(sub: &str, action: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([
        ("user".to_string(), AttributeValue::S(sub.to_string())),
        ("action".to_string(), AttributeValue::S(action.to_string())),
        ("grantedBy".to_string(), AttributeValue::S("seed".to_string())),
    ])
}

/// The demo stocking supervisor (issue 38): a driver who may also act on
/// any route's stops and revert a recorded drop status.
pub const SUPERVISOR: (&str, &str) = ("Sam Okafor", "supervisor@fleet.local");

/// The supervisor's actions: the Driver group's and the Stocking Supervisor group's.
pub fn supervisor_actions() -> Vec<&'static str> {
    let supervising =
        fn_permissions::actions::GROUPS.iter().find(|g| g.name == "Stocking Supervisor").map_or(&[][..], |g| g.actions);
    driver_actions().iter().chain(supervising).copied().collect()
}

/// Every demo driver, and the supervisor, in the pool with their actions
/// granted; answers each driver's sub, in `DRIVERS` order.
pub async fn ensure_all(deps: &Deps, password: &str) -> Result<Vec<String>, ApiError> {
    let (mut items, mut subs) = (vec![], vec![]);
    for (name, email) in DRIVERS {
        let sub = ensure_user(deps, name, email, password).await?;
        items.extend(driver_actions().iter().map(|a| grant(&sub, a)));
        subs.push(sub);
    }
    let (name, email) = SUPERVISOR;
    let sub = ensure_user(deps, name, email, password).await?;
    items.extend(supervisor_actions().iter().map(|a| grant(&sub, a)));
    deps.table(Table::Permissions)?.batch_put(items).await?;
    Ok(subs)
}

/// The driver's ID token, signed in with USER_PASSWORD_AUTH as the app does.
pub async fn sign_in(deps: &Deps, client_id: &str, email: &str, password: &str) -> Result<String, ApiError> {
    let out = deps
        .cognito()?
        .initiate_auth()
        .client_id(client_id)
        .auth_flow(AuthFlowType::UserPasswordAuth)
        .auth_parameters("USERNAME", email)
        .auth_parameters("PASSWORD", password)
        .send()
        .await
        .map_err(|e| ApiError::internal(format!("signing in {email}: {e}")))?;
    out.authentication_result()
        .and_then(|r| r.id_token())
        .map(str::to_string)
        .ok_or_else(|| ApiError::internal(format!("no ID token for {email}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drivers_are_named_and_hold_only_the_driver_group() {
        assert!(DRIVERS.iter().all(|(name, email)| name.contains(' ') && email.ends_with("@fleet.local")));
        let actions = driver_actions();
        assert!(actions.contains(&"VanTasks") && actions.contains(&"RecordTemperature"));
        assert!(!actions.contains(&fn_stocking::events::DROP_OVERRIDE_ACTION), "a driver cannot override a drop");
        assert!(actions.contains(&fleet_shared::assignment::UNLOCK_ACTION), "a driver opens doors at their stops");
        assert!(!actions.contains(&fleet_shared::assignment::SUPERVISOR_ACTION), "a driver acts on their own routes");
        assert!(supervisor_actions().contains(&fleet_shared::assignment::SUPERVISOR_ACTION));
    }
}
