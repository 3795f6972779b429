use crate::common;
use common::*;
use serde_json::{json, Value};

const ACTION: &str = "GetUniquePMTNames";

#[tokio::test]
async fn admin_lists_every_user_with_groups_and_actions() {
    let (status, body) = http("get_user_permissions", Some(&admin().await), None).await;
    assert_eq!(status, 200, "{body}");
    let restricted = restricted().await;
    let users = body["users"].as_array().unwrap();
    let entry = users.iter().find(|u| u["user"] == restricted.sub).expect("restricted user listed");
    assert_eq!(entry["email"], restricted.email);
    assert!(body["groups"].as_array().unwrap().iter().any(|g| g["group"] == "Scheduling Fridge Changes"));
    assert!(body["actions"].as_array().unwrap().iter().any(|a| a == "ManageUserPermissions"));
}

#[tokio::test]
async fn grant_then_revoke_round_trip_and_retries_do_not_duplicate() {
    let admin = admin().await;
    let target = restricted().await;
    let body = json!({ "user": target.sub, "action": "VanTasks" }).to_string();
    for _ in 0..2 {
        let (status, res) = http("add_user_permission", Some(&admin), Some(&body)).await;
        assert_eq!((status, res["granted"].as_bool()), (200, Some(true)), "{res}");
    }
    let (_, list) = http("get_user_permissions", Some(&admin), None).await;
    let actions =
        list["users"].as_array().unwrap().iter().find(|u| u["user"] == target.sub).unwrap()["actions"].clone();
    assert_eq!(actions.as_array().unwrap().iter().filter(|a| *a == "VanTasks").count(), 1);
    let (status, res) = http("remove_user_permission", Some(&admin), Some(&body)).await;
    assert_eq!((status, res["removed"].as_bool()), (200, Some(true)));
    let (_, res) = http("remove_user_permission", Some(&admin), Some(&body)).await;
    assert_eq!(res["removed"].as_bool(), Some(false), "second remove finds nothing");
}

async fn has(user: &str, action: &str) -> bool {
    fleet_shared::permissions::is_allowed(deps().await, user, action).await.unwrap()
}

#[tokio::test]
async fn a_caller_without_the_right_is_prohibited_and_nothing_changes() {
    let restricted = restricted().await;
    let body = json!({ "user": restricted.sub, "action": ACTION }).to_string();
    for name in ["add_user_permission", "remove_user_permission", "get_user_permissions"] {
        let (status, res) = http(name, Some(&restricted), Some(&body)).await;
        assert_eq!(status, 403, "{name}: {res}");
        assert_eq!(res["message"], "Error! User Action Prohibited!");
    }
    assert!(!has(&restricted.sub, ACTION).await);
}

#[tokio::test]
async fn no_identity_is_unauthorized() {
    let (status, _) = http("get_user_permissions", None, None).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn bad_input_is_a_clear_400_and_writes_nothing() {
    let admin = admin().await;
    let target = restricted().await;
    let cases = [
        (json!({ "user": target.sub }).to_string(), "missing field `action`"),
        (json!({ "user": target.sub, "action": "LaunchRockets" }).to_string(), "Unknown action LaunchRockets"),
        (json!({ "user": "no-such-user", "action": ACTION }).to_string(), "Unknown user no-such-user"),
        ("{\"user\": ".to_string(), "Malformed JSON body"),
        (String::new(), "Request body is required"),
    ];
    for (body, expected) in cases {
        let (status, res) = http("add_user_permission", Some(&admin), Some(&body)).await;
        assert_eq!(status, 400, "{body}: {res}");
        assert!(res["message"].as_str().unwrap().contains(expected), "{body}: {res}");
    }
    assert!(!has(&target.sub, ACTION).await);
    assert!(!has("no-such-user", ACTION).await);
}

#[tokio::test]
async fn grants_and_removals_are_recorded_and_a_deleted_users_grants_can_be_removed() {
    let admin = admin().await;
    let target = restricted().await;
    let body = json!({ "user": target.sub, "action": "RecordTemperature" }).to_string();
    // Records outlive a run on one emulator: count only this run's.
    let started =
        (chrono::Utc::now() - chrono::Duration::milliseconds(5)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    http("add_user_permission", Some(&admin), Some(&body)).await;
    http("add_user_permission", Some(&admin), Some(&body)).await; // held already: nothing new to record
    http("remove_user_permission", Some(&admin), Some(&body)).await;
    let (_, list) = http("get_user_permissions", Some(&admin), None).await;
    let mine: Vec<&Value> = list["changes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["changes"][0]["attribute"] == format!("{} RecordTemperature", target.sub))
        .filter(|c| c["at"].as_str() >= Some(started.as_str()))
        .collect();
    assert_eq!(mine.len(), 2, "one grant and one removal: {mine:?}");
    assert_eq!(
        (mine[0]["changes"][0]["newValue"].as_str(), mine[1]["changes"][0]["newValue"].as_str()),
        (Some("false"), Some("true")),
        "newest first"
    );
    assert_eq!(mine[0]["who"], admin.email);

    // A user deleted from the pool keeps a grant in the table; its removal must work.
    let gone = unique("deleted-sub");
    let t = deps().await.table(fleet_shared::Table::Permissions).unwrap();
    t.client
        .put_item()
        .table_name(t.name)
        .item("user", fleet_shared::store::s(&gone))
        .item("action", fleet_shared::store::s(ACTION))
        .send()
        .await
        .unwrap();
    let (status, res) =
        http("remove_user_permission", Some(&admin), Some(&json!({ "user": gone, "action": ACTION }).to_string()))
            .await;
    assert_eq!((status, res["removed"].as_bool()), (200, Some(true)), "{res}");
    assert!(!has(&gone, ACTION).await);
}

#[tokio::test]
async fn my_access_lists_the_callers_own_actions_and_flags_and_follows_a_grant() {
    let admin = admin().await;
    let restricted = restricted().await;
    let mine = gql("get_my_access", &admin, json!({})).await.unwrap();
    assert!(mine["actions"].as_array().unwrap().iter().any(|a| a == "ManageUserPermissions"), "{mine}");
    assert!(mine["flags"].as_array().unwrap().iter().any(|f| f == "jit-management"), "{mine}");

    let action = "FridgeTasks"; // no other test grants or needs it
    let body = json!({ "user": restricted.sub, "action": action }).to_string();
    http("remove_user_permission", Some(&admin), Some(&body)).await;
    let before = gql("get_my_access", &restricted, json!({})).await.unwrap();
    assert!(!before["actions"].as_array().unwrap().iter().any(|a| a == action), "{before}");
    assert!(!before["actions"].as_array().unwrap().iter().any(|a| a == "ManageUserPermissions"));
    assert_eq!(before["flags"], json!([]), "the restricted user has no flags");
    http("add_user_permission", Some(&admin), Some(&body)).await;
    let after = gql("get_my_access", &restricted, json!({})).await.unwrap();
    assert!(after["actions"].as_array().unwrap().iter().any(|a| a == action), "a new grant shows at once: {after}");
    http("remove_user_permission", Some(&admin), Some(&body)).await;
}
