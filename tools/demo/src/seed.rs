//! Demo data for the local stack: permissions, feature flags and, through the
//! areas' own seeding functions, realistic records for every screen.
use aws_sdk_dynamodb::types::AttributeValue;
use fleet_shared::{flags, store, ApiError, Deps, Table};
use std::collections::HashMap;

/// The restricted demo user can look at locations and nothing else.
pub const RESTRICTED_ACTIONS: &[&str] = &["GetAllLocation", "GetSpecificLocation", "GetScheduledEvents"];
pub const ADMIN_FLAGS: &[&str] = &[flags::DROP_OVERRIDE, flags::JIT_MANAGEMENT, "feature-flag-admin"];

async fn sub_of(deps: &Deps, email: &str) -> Result<String, ApiError> {
    let out = deps
        .cognito()?
        .list_users()
        .user_pool_id(deps.config.user_pool_id()?)
        .filter(format!("email = \"{email}\""))
        .send()
        .await?;
    out.users()
        .iter()
        .flat_map(|u| u.attributes())
        .find(|a| a.name() == "sub")
        .and_then(|a| a.value())
        .map(str::to_string)
        .ok_or_else(|| ApiError::internal(format!("demo user {email} is not in the pool")))
}

fn permission(user: &str, action: &str) -> store::Item {
    HashMap::from([
        ("user".to_string(), AttributeValue::S(user.to_string())),
        ("action".to_string(), AttributeValue::S(action.to_string())),
        ("grantedBy".to_string(), AttributeValue::S("seed".to_string())),
    ])
}

/// Grants the demo users their actions and flags; answers the admin's sub.
pub async fn seed_access(deps: &Deps, admin_email: &str, restricted_email: &str) -> Result<String, ApiError> {
    let admin = sub_of(deps, admin_email).await?;
    let restricted = sub_of(deps, restricted_email).await?;
    let mut items: Vec<_> = fn_permissions::actions::all().into_iter().map(|a| permission(&admin, a)).collect();
    items.extend(RESTRICTED_ACTIONS.iter().map(|a| permission(&restricted, a)));
    deps.table(Table::Permissions)?.batch_put(items).await?;
    let flag_item = HashMap::from([
        ("email".to_string(), AttributeValue::S(admin_email.to_lowercase())),
        ("flags".to_string(), AttributeValue::Ss(ADMIN_FLAGS.iter().map(|f| f.to_string()).collect())),
    ]);
    deps.table(Table::FeatureFlags)?.batch_put(vec![flag_item]).await?;
    Ok(admin)
}

/// The source a grant by `scripts/grant-admin.sh` is recorded with.
pub const GRANT_ADMIN_SOURCE: &str = "scripts/grant-admin.sh";

/// Every action for the pool user with `email` (a deployed stack's first
/// administrator), each grant with its history record as the Permissions
/// screen writes it; `who` is the operator. Answers the sub and how many
/// grants were new.
pub async fn grant_admin(deps: &'static Deps, email: &str, who: &str) -> Result<(String, usize), ApiError> {
    let store = fn_permissions::store::Dynamo(deps);
    fn_permissions::service::grant_every_action(
        &store,
        email,
        who,
        GRANT_ADMIN_SOURCE,
        &fleet_shared::fridge_time::now_text(),
    )
    .await
}

pub async fn seed_all(deps: &'static Deps, admin_email: &str, restricted_email: &str) -> Result<(), ApiError> {
    let admin = seed_access(deps, admin_email, restricted_email).await?;
    crate::demo::locations::seed(deps, &admin, admin_email).await?;
    crate::demo::software::seed(deps).await?;
    crate::demo::forecast::seed(deps).await?;
    crate::demo::prices::seed(deps).await?;
    let caller = fleet_shared::Caller {
        sub: admin.clone(),
        username: admin_email.into(),
        email: admin_email.into(),
        email_verified: true,
        name: None,
    };
    crate::demo::planograms::seed(deps, crate::demo::locations::LAYOUTS, caller).await?;
    let live: Vec<String> = crate::demo::locations::demo_locations()
        .into_iter()
        .filter(|l| l.ops_status() == Some("LIVE"))
        .map(|l| l.id.to_string())
        .collect();
    crate::demo::fleet::seed(deps, &live).await?;
    crate::demo::routes::seed(deps).await?;
    // The demo drivers and supervisor exist before the simulator starts, so the routes can name them.
    let password = std::env::var("DEMO_PASSWORD").unwrap_or_else(|_| "FleetDemo-2026".into());
    let subs = crate::driver_simulator::drivers::ensure_all(deps, &password).await?;
    let drivers: Vec<(String, String)> = subs
        .into_iter()
        .zip(crate::driver_simulator::drivers::DRIVERS)
        .map(|(sub, (_, email))| (sub, email.to_string()))
        .collect();
    crate::demo::routes::seed_drivers(deps, &drivers).await
}
