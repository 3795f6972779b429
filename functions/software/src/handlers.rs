//! Fridge software functions: parse at the boundary, then read or write
//! through `deploy`, `pilot_save` and the store (`store::Dynamo`).
use crate::pilots::{self, Pilot};
use crate::store::{Dynamo, Software};
use crate::{artifacts, deploy, pilot_save, versions::ARTIFACT_TYPES};
use fleet_shared::history;
use fleet_shared::{fridge_time, ApiError, Deps, Input, Table};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};

pub async fn get_available_fridge_artifacts(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    Ok(json!(artifacts::available(&Dynamo(deps)).await?))
}

/// Per software, each version and the fridges that run it.
pub async fn get_fridge_artifacts(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    // Only what the answer needs: the rows also carry each deployment id and who updated them.
    let attributes: Vec<&str> = std::iter::once("fridgeId").chain(ARTIFACT_TYPES.iter().copied()).collect();
    let items: Vec<HashMap<String, Value>> =
        deps.table(Table::FridgeSoftwareVersions)?.scan_projected(&attributes).await?;
    let mut by_type: BTreeMap<&str, BTreeMap<String, Vec<String>>> =
        ARTIFACT_TYPES.iter().map(|t| (*t, BTreeMap::new())).collect();
    for item in &items {
        let Some(fridge) = item.get("fridgeId").and_then(Value::as_str) else { continue };
        for t in ARTIFACT_TYPES {
            if let (Some(version), Some(versions)) = (item.get(t).and_then(Value::as_str), by_type.get_mut(t)) {
                versions.entry(version.to_string()).or_default().push(fridge.to_string());
            }
        }
    }
    let answer: Vec<Value> = ARTIFACT_TYPES
        .iter()
        .map(|t| {
            let versions: Vec<Value> = by_type
                .get(t)
                .into_iter()
                .flatten()
                .map(|(name, fridges)| json!({ "versionName": name, "fridgesDeployedTo": fridges }))
                .collect();
            json!({ "artifactType": t, "versions": versions })
        })
        .collect();
    Ok(json!(answer))
}

pub async fn update_fridge_artifacts(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let request = deploy::Request::parse(&input.args)?;
    let who = input.caller()?.display().to_string();
    Ok(json!(deploy::deploy(&Dynamo(deps), &who, request, &fridge_time::now_text()).await?))
}

pub async fn get_fridge_software_pilots(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let only_active = input.args.get("onlyShowActive").and_then(Value::as_bool).unwrap_or(false);
    let mut all: Vec<Pilot> = Dynamo(deps).pilots().await?;
    all.retain(|p| p.active || !only_active);
    all.sort_by(|a, b| b.start_date.cmp(&a.start_date).then_with(|| a.id.cmp(&b.id)));
    Ok(json!(all))
}

/// Saves a pilot (`pilot_save`): `true`, also for a retry of a save that landed.
pub async fn put_fridge_software_pilot(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let save = pilots::parse(input.args.get("input").unwrap_or(&Value::Null))?;
    let who = input.caller()?.display().to_string();
    pilot_save::save(&Dynamo(deps), &save, &who, &fridge_time::now_text()).await?;
    Ok(json!(true))
}

/// Past deployments of one software, newest first, each listing its fridges'
/// old and new versions (what Roll back redeploys).
pub async fn fridge_software_deployments(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let artifact_type = input.args.get("artifactType").and_then(Value::as_str).unwrap_or_default();
    if !ARTIFACT_TYPES.contains(&artifact_type) {
        return Err(ApiError::bad_request(format!("Unknown software: {artifact_type}")));
    }
    let token = input.args.get("nextToken").and_then(Value::as_str);
    let secret = deps.config.paging_secret()?;
    history::page(deps.table(Table::History)?, secret, &history::entity("deployment", artifact_type), token).await
}
