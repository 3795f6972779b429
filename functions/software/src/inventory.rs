//! What the fleet runs (spec 2-fleet-operations §2.1): per software, each
//! version and the fridges that run it. `getFridgeArtifacts` builds it from
//! the versions table; the software snapshot (`fleet_shared::snapshot`, kind
//! `FridgeSoftware`) keeps the same answer, so a page load reads one object
//! instead of scanning the fleet (decisions: "The software inventory reads a snapshot").
use crate::store::dynamo;
use crate::versions::ARTIFACT_TYPES;
use chrono::{DateTime, Utc};
use fleet_shared::snapshot::{self, Kind, SnapshotObjects, View, When};
use fleet_shared::{ApiError, Deps};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// A scheduled rebuild keeps a snapshot younger than this. Only deployments
/// change the versions, and each rebuilds it at once; the schedule (every 5
/// minutes) mends a snapshot that two overlapping deployments left behind.
pub const MIN_AGE_SECONDS: i64 = 240;

#[derive(Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Version {
    pub version_name: String,
    pub fridges_deployed_to: Vec<String>,
}

#[derive(Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Software {
    pub artifact_type: &'static str,
    pub versions: Vec<Version>,
}

/// One row of the versions table, as far as the inventory reads it.
pub type Row = HashMap<String, Value>;

/// What a row holds beyond the id: only what the answer needs (the rows also
/// carry each deployment's id, manifest and author).
pub fn projection() -> Vec<&'static str> {
    std::iter::once("fridgeId").chain(ARTIFACT_TYPES.iter().copied()).collect()
}

/// Every software in the table's column order, its versions by name, each
/// version's fridges in the order read. Rows without an id are left out.
pub fn group(rows: &[Row]) -> View<Vec<Software>> {
    let mut by_type: BTreeMap<&str, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut fridges = 0;
    for row in rows {
        let Some(fridge) = row.get("fridgeId").and_then(Value::as_str) else { continue };
        fridges += 1;
        for t in ARTIFACT_TYPES {
            if let Some(version) = row.get(t).and_then(Value::as_str) {
                by_type.entry(t).or_default().entry(version.to_string()).or_default().push(fridge.to_string());
            }
        }
    }
    let content = ARTIFACT_TYPES
        .iter()
        .map(|t| Software {
            artifact_type: t,
            versions: by_type
                .remove(t)
                .unwrap_or_default()
                .into_iter()
                .map(|(version_name, fridges_deployed_to)| Version { version_name, fridges_deployed_to })
                .collect(),
        })
        .collect();
    View { content, fridges }
}

/// The inventory as the table holds it now; `consistent` after a change.
pub async fn read(deps: &Deps, consistent: bool) -> Result<View<Vec<Software>>, ApiError> {
    Ok(group(&dynamo::inventory_rows(deps, &projection(), consistent).await?))
}

/// Rebuilds the software snapshot from the table, `when` it is due.
pub async fn rebuild(
    deps: &Deps,
    objects: &impl SnapshotObjects,
    when: When,
    now: DateTime<Utc>,
) -> Result<snapshot::Rebuilt, ApiError> {
    snapshot::rebuild(objects, Kind::FridgeSoftware, when, now, || read(deps, when == When::Now)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(value: Value) -> Row {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn each_software_lists_its_versions_and_their_fridges() {
        let rows = [
            row(json!({ "fridgeId": "CHI_1", "FRIDGE_AGENT": "1.2", "FRIDGE_HEARTBEAT": "3 2 1" })),
            row(json!({ "fridgeId": "CHI_2", "FRIDGE_AGENT": "1.2" })),
            row(json!({ "fridgeId": "CHI_3", "FRIDGE_AGENT": "1.10", "FRIDGE_UI_APPLICATION": 7 })),
            row(json!({ "FRIDGE_AGENT": "9.9" })),
        ];
        let view = group(&rows);
        assert_eq!(view.fridges, 3, "a row without an id is no fridge");
        let answer = serde_json::to_value(&view.content).unwrap();
        let types: Vec<&str> = answer.as_array().unwrap().iter().filter_map(|s| s["artifactType"].as_str()).collect();
        assert_eq!(types, ARTIFACT_TYPES, "every software, in column order, also with no versions");
        let agent = answer.as_array().unwrap().iter().find(|s| s["artifactType"] == "FRIDGE_AGENT").unwrap();
        assert_eq!(
            agent["versions"],
            json!([
                { "versionName": "1.10", "fridgesDeployedTo": ["CHI_3"] },
                { "versionName": "1.2", "fridgesDeployedTo": ["CHI_1", "CHI_2"] },
            ])
        );
        let ui = answer.as_array().unwrap().iter().find(|s| s["artifactType"] == "FRIDGE_UI_APPLICATION").unwrap();
        assert_eq!(ui["versions"], json!([]), "a version that is not text is not a version");
    }
}
