//! scripts/grant-admin.sh's write (`fleet-local grant-admin`): every action
//! for a pool user, each grant with its history record, as the Permissions
//! screen records its own; a second run records nothing. Its own test binary:
//! its many records would crowd the newest-50 list other permission tests read.
use crate::common;
use common::*;
use fn_permissions::store::PermissionStore;

#[tokio::test]
async fn grant_admin_writes_each_grant_with_its_history_record_once() {
    let d = deps().await;
    let email = format!("{}@fleet.test", unique("first-admin").to_lowercase());
    d.cognito()
        .unwrap()
        .admin_create_user()
        .user_pool_id(d.config.user_pool_id().unwrap())
        .username(&email)
        .user_attributes(
            aws_sdk_cognitoidentityprovider::types::AttributeType::builder()
                .name("email")
                .value(&email)
                .build()
                .unwrap(),
        )
        .message_action(aws_sdk_cognitoidentityprovider::types::MessageActionType::Suppress)
        .send()
        .await
        .unwrap();
    let who = "arn:aws:iam::000000000000:user/ops (grant-admin.sh)";
    let (sub, granted) = fleet_demo::seed::grant_admin(d, &email, who).await.unwrap();
    let all = fn_permissions::actions::all();
    assert_eq!(granted, all.len());

    let store = fn_permissions::store::Dynamo(d);
    let held: Vec<String> =
        store.grants().await.unwrap().into_iter().filter(|g| g.user == sub).map(|g| g.action).collect();
    assert_eq!(held.len(), all.len());
    let records = store.history("permissions#all", 1000).await.unwrap();
    let mine: Vec<_> = records.iter().filter(|r| r.changes[0].attribute.starts_with(&format!("{sub} "))).collect();
    assert_eq!(mine.len(), all.len(), "one record per grant");
    assert!(mine.iter().all(|r| r.who == who && r.source == fleet_demo::seed::GRANT_ADMIN_SOURCE));
    assert!(mine
        .iter()
        .all(|r| (r.changes[0].old_value.as_str(), r.changes[0].new_value.as_str()) == ("false", "true")));

    // Run again: everything is held, so nothing is granted or recorded.
    assert_eq!(fleet_demo::seed::grant_admin(d, &email, who).await.unwrap().1, 0);
    let again = store.history("permissions#all", 1000).await.unwrap();
    assert_eq!(again.iter().filter(|r| r.changes[0].attribute.starts_with(&format!("{sub} "))).count(), all.len());
}
