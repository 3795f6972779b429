//! Fridge software against the emulator: deployments (refusals, retries,
//! manifests, history), available versions, pilots and the permission gate.
use crate::common;
use common::*;
use fleet_shared::{store, ApiError, Bucket, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

const AGENT: &str = "FRIDGE_AGENT";

/// Fresh fridges of this test's own, written as seeding would.
async fn fridges(n: usize) -> Vec<String> {
    let ids: Vec<String> = (0..n).map(|_| unique("SW")).collect();
    let items = ids
        .iter()
        .map(|id| {
            store::to_item(
                &json!({ "id": id, "type": "FRIDGE", "status": { "ops": "LIVE" }, "prettyName": format!("{id} test") }),
            )
            .unwrap()
        })
        .collect();
    deps().await.table(Table::Locations).unwrap().batch_put(items).await.unwrap();
    ids
}

async fn newest(artifact_type: &str) -> Vec<Value> {
    let all = gql("get_available_fridge_artifacts", &admin().await, json!({})).await.unwrap();
    all.as_array().unwrap().iter().find(|a| a["artifactType"] == artifact_type).unwrap()["availableVersions"]
        .as_array()
        .unwrap()
        .clone()
}

async fn version_of(fridge: &str, artifact_type: &str) -> Option<String> {
    let key = HashMap::from([("fridgeId".to_string(), store::s(fridge))]);
    let item: Option<HashMap<String, Value>> =
        deps().await.table(Table::FridgeSoftwareVersions).unwrap().get(key).await.unwrap();
    item.and_then(|i| i.get(artifact_type).and_then(Value::as_str).map(str::to_string))
}

async fn manifest(key: &str) -> Option<Value> {
    let bucket = deps().await.bucket(Bucket::Artifacts).unwrap();
    let out = bucket.client.get_object(bucket.name, key).await.ok()??;
    serde_json::from_slice(&out.bytes(1 << 20).await.ok()?).ok()
}

async fn software_history(fridge: &str) -> Vec<Value> {
    let page = gql("location_history", &admin().await, json!({ "id": fridge })).await.unwrap();
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["changes"][0]["attribute"].as_str().unwrap_or("").starts_with("software."))
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_deploy_naming_an_unknown_fridge_is_refused_whole() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let known = fridges(2).await;
    let version = newest(AGENT).await[0]["versionName"].as_str().unwrap().to_string();
    let mut ids = known.clone();
    ids.push("NO_SUCH_FRIDGE_X".into());
    let err = gql(
        "update_fridge_artifacts",
        &admin().await,
        json!({ "artifactType": AGENT, "version": version, "fridges": ids }),
    )
    .await
    .unwrap_err();
    assert_eq!(err.to_string(), "The following fridges IDs do not exist in the Locations table: NO_SUCH_FRIDGE_X");
    for f in &known {
        assert_eq!(version_of(f, AGENT).await, None, "nothing written for {f}");
        assert!(manifest(&format!("deployments/{f}/{AGENT}.json")).await.is_none());
    }
}

#[tokio::test]
async fn a_deploy_writes_manifests_versions_and_history_once_even_when_retried() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(3).await;
    let version = newest(AGENT).await[1]["versionName"].as_str().unwrap().to_string();
    let admin = admin().await;
    let args = json!({ "artifactType": AGENT, "version": version, "fridges": ids });
    let first = gql("update_fridge_artifacts", &admin, args.clone()).await.unwrap();
    let answered: Vec<&str> = first.as_array().unwrap().iter().map(|d| d["pk"].as_str().unwrap()).collect();
    assert_eq!(answered, ids.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(first[0]["sk"], AGENT);
    assert_eq!(first[0]["objectKey"], format!("deployments/{}/{AGENT}.json", ids[0]));
    let m = manifest(first[0]["objectKey"].as_str().unwrap()).await.expect("manifest written");
    assert_eq!((m["version"].as_str(), m["fridgeId"].as_str()), (Some(version.as_str()), Some(ids[0].as_str())));
    assert!(m["artifactKey"].as_str().unwrap().starts_with("FRIDGE_AGENT/"));

    // A retry after a timeout: same answer, nothing written twice.
    let again = gql("update_fridge_artifacts", &admin, args).await.unwrap();
    assert_eq!(again, first);
    for f in &ids {
        assert_eq!(version_of(f, AGENT).await.as_deref(), Some(version.as_str()));
        let history = software_history(f).await;
        assert_eq!(history.len(), 1, "one history record for {f}");
        assert_eq!(history[0]["changes"][0]["newValue"], json!(version).to_string());
        assert_eq!(history[0]["changes"][0]["oldValue"], "null");
    }
    let inventory = gql("get_fridge_artifacts", &admin, json!({})).await.unwrap();
    let agent = inventory.as_array().unwrap().iter().find(|a| a["artifactType"] == AGENT).unwrap();
    let running = agent["versions"].as_array().unwrap().iter().find(|v| v["versionName"] == version.as_str()).unwrap();
    assert!(ids.iter().all(|f| running["fridgesDeployedTo"].as_array().unwrap().contains(&json!(f))));

    // The deployment as a whole, for Roll back: each fridge's old and new version.
    let deployments = gql("fridge_software_deployments", &admin, json!({ "artifactType": AGENT })).await.unwrap();
    let ours = deployments["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["changes"].as_array().unwrap().iter().any(|c| c["attribute"] == ids[0].as_str()))
        .expect("deployment recorded");
    assert_eq!(ours["changes"].as_array().unwrap().len(), 3);
}

/// Grows a fridge's versions item to the largest size the store takes, with
/// its `updatedAt`/`updatedBy` emptied so that any deploy makes it bigger and
/// is refused: a transaction failing after the request was checked.
async fn poison(fridge: &str) {
    let deps = deps().await;
    let table = deps.table(Table::FridgeSoftwareVersions).unwrap();
    let key = HashMap::from([("fridgeId".to_string(), store::s(fridge))]);
    let mut item = table
        .client
        .get_item()
        .table_name(table.name)
        .set_key(Some(key))
        .consistent_read(true)
        .send()
        .await
        .unwrap()
        .item
        .unwrap();
    item.insert("updatedAt".into(), store::s(""));
    item.insert("updatedBy".into(), store::s(""));
    let put = |pad: usize| {
        let mut item = item.clone();
        item.insert("padding_x".into(), store::s("x".repeat(pad)));
        table.client.put_item().table_name(table.name).set_item(Some(item)).send()
    };
    let (mut fits, mut too_big) = (300 * 1024, 410 * 1024);
    while too_big - fits > 1 {
        let mid = (fits + too_big) / 2;
        if put(mid).await.is_ok() {
            fits = mid
        } else {
            too_big = mid
        }
    }
    put(fits).await.unwrap();
}

async fn unpoison(fridge: &str) {
    let table = deps().await.table(Table::FridgeSoftwareVersions).unwrap();
    let key = HashMap::from([("fridgeId".to_string(), store::s(fridge))]);
    table
        .client
        .update_item()
        .table_name(table.name)
        .set_key(Some(key))
        .update_expression("REMOVE padding_x")
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn a_fridge_whose_deploy_fails_keeps_the_manifest_it_polls() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(2).await;
    let (healthy, poisoned) = (ids[0].clone(), ids[1].clone());
    let offered = newest(AGENT).await;
    let (old, new) = (
        offered[1]["versionName"].as_str().unwrap().to_string(),
        offered[0]["versionName"].as_str().unwrap().to_string(),
    );
    let admin = admin().await;
    gql("update_fridge_artifacts", &admin, json!({ "artifactType": AGENT, "version": old, "fridges": ids }))
        .await
        .unwrap();
    let key = format!("deployments/{poisoned}/{AGENT}.json");
    let before = manifest(&key).await.expect("first manifest written");

    // The poisoned fridge's record cannot grow, so its transaction is cancelled.
    poison(&poisoned).await;
    let answer =
        gql("update_fridge_artifacts", &admin, json!({ "artifactType": AGENT, "version": new, "fridges": ids }))
            .await
            .unwrap();
    unpoison(&poisoned).await;
    let answered: Vec<&str> = answer.as_array().unwrap().iter().map(|d| d["pk"].as_str().unwrap()).collect();
    assert_eq!(answered, [healthy.as_str()], "the failed fridge is reported by its absence");
    assert_eq!(manifest(&key).await, Some(before), "the fridge still polls the old deploy");
    assert_eq!(version_of(&poisoned, AGENT).await.as_deref(), Some(old.as_str()));
    assert_eq!(software_history(&poisoned).await.len(), 1, "no history of the failed deploy");
    let healthy_manifest = manifest(&format!("deployments/{healthy}/{AGENT}.json")).await.unwrap();
    assert_eq!(healthy_manifest["version"].as_str(), Some(new.as_str()));

    // Deployed again once the record can take it: the manifest follows.
    let again =
        gql("update_fridge_artifacts", &admin, json!({ "artifactType": AGENT, "version": new, "fridges": [poisoned] }))
            .await
            .unwrap();
    assert_eq!(again.as_array().unwrap().len(), 1);
    assert_eq!(manifest(&key).await.unwrap()["version"].as_str(), Some(new.as_str()));
}

#[tokio::test]
async fn only_the_five_newest_releases_are_offered_and_others_are_refused() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let offered = newest("FRIDGE_HEARTBEAT").await;
    let names: Vec<&str> = offered.iter().map(|v| v["cleanName"].as_str().unwrap()).collect();
    assert_eq!(names, ["3 4 0", "3 3 0", "3 2 1", "3 2 0", "3 1 0"]);
    assert_eq!(offered[0]["version"], "3.4.0");
    assert_eq!(offered[0]["rawVersion"], "heartbeat 3 4 0.zip");
    let agent: Vec<String> =
        newest(AGENT).await.iter().map(|v| v["rawVersion"].as_str().unwrap().to_string()).collect();
    assert!(agent.iter().all(|r| !r.contains("latest") && !r.contains("SNAPSHOT") && r != "README.txt"), "{agent:?}");

    let ids = fridges(1).await;
    // 3 0 0 is in the bucket but is the sixth newest.
    let err = gql(
        "update_fridge_artifacts",
        &admin().await,
        json!({ "artifactType": "FRIDGE_HEARTBEAT", "version": "3 0 0", "fridges": ids }),
    )
    .await
    .unwrap_err();
    assert_eq!(err.to_string(), "Version 3 0 0 is not an available version of FRIDGE_HEARTBEAT.");
    assert_eq!(version_of(&ids[0], "FRIDGE_HEARTBEAT").await, None);
}

fn pilot(id: &str, fridges: &[String], end: &str) -> Value {
    json!({ "input": { "id": id, "fridgeIds": fridges, "displayName": "Agent trial", "stage": 1,
                       "startDate": "2026-11-22", "endDate": end, "description": "Trying the new agent", "active": true } })
}

#[tokio::test]
async fn a_pilot_refused_after_the_versions_landed_leaves_both_results_visible() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(2).await;
    let admin = admin().await;
    let version = newest(AGENT).await[0]["versionName"].as_str().unwrap().to_string();
    let deployed =
        gql("update_fridge_artifacts", &admin, json!({ "artifactType": AGENT, "version": version, "fridges": ids }))
            .await
            .unwrap();
    assert_eq!(deployed.as_array().unwrap().len(), 2);
    let pilot_id = unique("PILOT");
    let err = gql("put_fridge_software_pilot", &admin, pilot(&pilot_id, &ids, "2026-11-01")).await.unwrap_err();
    assert_eq!(err.to_string(), "End Date cannot be before Start Date.");
    let pilots = gql("get_fridge_software_pilots", &admin, json!({ "onlyShowActive": false })).await.unwrap();
    assert!(!pilots.as_array().unwrap().iter().any(|p| p["id"] == pilot_id.as_str()), "nothing written on refusal");
    assert_eq!(version_of(&ids[0], AGENT).await.as_deref(), Some(version.as_str()), "the versions stay deployed");
}

#[tokio::test]
async fn a_pilot_is_saved_once_with_a_history_record_per_fridge() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(2).await;
    let admin = admin().await;
    let pilot_id = unique("PILOT");
    for _ in 0..2 {
        assert_eq!(
            gql("put_fridge_software_pilot", &admin, pilot(&pilot_id, &ids, "2026-12-22")).await.unwrap(),
            json!(true)
        );
    }
    let active = gql("get_fridge_software_pilots", &admin, json!({ "onlyShowActive": true })).await.unwrap();
    let saved = active.as_array().unwrap().iter().find(|p| p["id"] == pilot_id.as_str()).expect("pilot listed");
    assert_eq!((saved["stage"].as_i64(), saved["fridgeIds"].as_array().unwrap().len()), (Some(1), 2));
    let history = gql("location_history", &admin, json!({ "id": ids[0] })).await.unwrap();
    let records: Vec<&Value> = history["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["changes"][0]["attribute"] == format!("pilot.{pilot_id}"))
        .collect();
    assert_eq!(records.len(), 1, "a retried save adds no history");

    let unknown =
        gql("put_fridge_software_pilot", &admin, pilot(&unique("PILOT"), &["GHOST_1".to_string()], "2026-12-22"))
            .await
            .unwrap_err();
    assert_eq!(unknown.to_string(), "The following fridges IDs do not exist in the Locations table: GHOST_1");
}

async fn stored_pilot(id: &str) -> Value {
    let all = gql("get_fridge_software_pilots", &admin().await, json!({ "onlyShowActive": false })).await.unwrap();
    all.as_array().unwrap().iter().find(|p| p["id"] == id).cloned().expect("pilot listed")
}

#[tokio::test]
async fn a_pilot_id_is_taken_once_and_edited_only_from_the_version_loaded() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(2).await;
    let admin = admin().await;
    let id = unique("PILOT");
    assert_eq!(
        gql("put_fridge_software_pilot", &admin, pilot(&id, &ids[..1], "2026-12-22")).await.unwrap(),
        json!(true)
    );
    assert_eq!(stored_pilot(&id).await["version"], 1);

    // Another pilot with the same id, created as new: refused, the first one kept.
    let other = pilot(&id, &ids[1..], "2027-01-31");
    let taken = gql("put_fridge_software_pilot", &admin, other).await.unwrap_err();
    assert!(matches!(taken, ApiError::Conflict(_)), "{taken:?}");
    assert_eq!(
        taken.to_string(),
        format!("Pilot {id} already exists. Load it to edit it, or choose another Pilot ID.")
    );
    assert_eq!(
        (stored_pilot(&id).await["fridgeIds"].clone(), stored_pilot(&id).await["endDate"].clone()),
        (json!([ids[0]]), json!("2026-12-22"))
    );

    // An edit of the version loaded is saved, as the next version.
    let mut edit = pilot(&id, &ids, "2027-01-31");
    edit["input"]["version"] = json!(1);
    assert_eq!(gql("put_fridge_software_pilot", &admin, edit.clone()).await.unwrap(), json!(true));
    let saved = stored_pilot(&id).await;
    assert_eq!(
        (saved["version"].as_i64(), saved["fridgeIds"].as_array().unwrap().len(), saved["endDate"].as_str()),
        (Some(2), 2, Some("2027-01-31"))
    );

    // An edit of a version since replaced: refused, the newer save kept.
    let mut stale = pilot(&id, &ids[..1], "2026-12-01");
    stale["input"]["version"] = json!(1);
    let err = gql("put_fridge_software_pilot", &admin, stale).await.unwrap_err();
    assert!(matches!(err, ApiError::Conflict(_)), "{err:?}");
    assert_eq!(
        err.to_string(),
        format!("Pilot {id} was changed by someone else since you loaded it. Reload it and try again.")
    );
    assert_eq!(stored_pilot(&id).await, saved);
    // The edit itself retried: answered as saved, nothing written twice.
    assert_eq!(gql("put_fridge_software_pilot", &admin, edit).await.unwrap(), json!(true));
    assert_eq!(stored_pilot(&id).await["version"], 2);
}

#[tokio::test]
async fn callers_without_the_actions_are_denied_and_nothing_is_written() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(1).await;
    let restricted = restricted().await;
    for (name, args) in [
        ("get_fridge_artifacts", json!({})),
        ("get_available_fridge_artifacts", json!({})),
        ("get_fridge_software_pilots", json!({})),
        ("update_fridge_artifacts", json!({ "artifactType": AGENT, "version": "2.16.0", "fridges": ids })),
        ("put_fridge_software_pilot", pilot(&unique("PILOT"), &ids, "2026-12-22")),
    ] {
        let err = gql(name, &restricted, args).await.unwrap_err();
        assert_eq!(err.to_string(), "Error! User Action Prohibited!", "{name}");
    }
    assert_eq!(version_of(&ids[0], AGENT).await, None);
}

/// The fridges of `ids` under `version` of the agent, in an inventory answer.
fn running(inventory: &Value, version: &str, ids: &[String]) -> Vec<String> {
    let agent = inventory.as_array().unwrap().iter().find(|a| a["artifactType"] == AGENT).unwrap();
    let on = agent["versions"].as_array().unwrap().iter().find(|v| v["versionName"] == version);
    let fridges = on.map(|v| v["fridgesDeployedTo"].as_array().unwrap().clone()).unwrap_or_default();
    ids.iter().filter(|f| fridges.contains(&json!(f))).cloned().collect()
}

#[tokio::test]
async fn the_software_snapshot_holds_a_deployment_as_soon_as_it_is_answered() {
    let _snapshot = SOFTWARE_SNAPSHOT.read().await; // deploys rebuild the software snapshot
    let ids = fridges(2).await;
    let versions = newest(AGENT).await;
    let admin = admin().await;
    for version in [versions[2]["versionName"].as_str().unwrap(), versions[3]["versionName"].as_str().unwrap()] {
        let args = json!({ "artifactType": AGENT, "version": version, "fridges": ids });
        gql("update_fridge_artifacts", &admin, args).await.unwrap();
        // Read as the screen reads it: where the snapshot is, then one GET of it.
        let at = gql("fridge_software_snapshot", &admin, json!({})).await.unwrap();
        let (encoding, body) = fetch_snapshot(at["url"].as_str().expect("a snapshot").to_string()).await;
        assert_eq!(encoding.as_deref(), Some("gzip"));
        assert_eq!(body["asOf"], at["asOf"]);
        assert_eq!(running(&body["artifacts"], version, &ids), ids, "the deployment of {version}, at once");
        // The same answer as the table's, for these fridges.
        let table = gql("get_fridge_artifacts", &admin, json!({})).await.unwrap();
        assert_eq!(running(&table, version, &ids), ids);
    }

    // The schedule keeps a young snapshot rather than scanning again.
    let rebuild = find("rebuild_fridge_software_snapshot");
    let kept = rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap();
    assert_eq!(kept["rebuilt"], false, "{kept}");

    let refused = gql("fridge_software_snapshot", &restricted().await, json!({})).await.unwrap_err();
    assert_eq!(refused.status(), 403);
}
