//! Fridge software functions: parse at the boundary, then read or write
//! through `artifacts`, `deploy` and the store layer.
use crate::pilots::{self, Pilot};
use crate::{artifacts, deploy, fleet, versions::ARTIFACT_TYPES};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::{store, ApiError, Bucket, Deps, Input, Table};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

pub async fn get_available_fridge_artifacts(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    Ok(json!(artifacts::available(deps.bucket(Bucket::Artifacts)?).await?))
}

/// Per software, each version and the fridges that run it.
pub async fn get_fridge_artifacts(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    // Only what the answer needs: the rows also carry each deployment id and who updated them.
    let attributes: Vec<&str> = std::iter::once("fridgeId").chain(ARTIFACT_TYPES.iter().copied()).collect();
    let items: Vec<HashMap<String, Value>> = deps.table(Table::FridgeSoftwareVersions)?.scan_projected(&attributes).await?;
    let mut by_type: BTreeMap<&str, BTreeMap<String, Vec<String>>> = ARTIFACT_TYPES.iter().map(|t| (*t, BTreeMap::new())).collect();
    for item in &items {
        let Some(fridge) = item.get("fridgeId").and_then(Value::as_str) else { continue };
        for t in ARTIFACT_TYPES {
            if let Some(version) = item.get(t).and_then(Value::as_str) {
                by_type.get_mut(t).unwrap().entry(version.to_string()).or_default().push(fridge.to_string());
            }
        }
    }
    let answer: Vec<Value> = ARTIFACT_TYPES
        .iter()
        .map(|t| {
            let versions: Vec<Value> = by_type[t]
                .iter()
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
    Ok(json!(deploy::deploy(deps, &who, request, &now()).await?))
}

pub async fn get_fridge_software_pilots(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let only_active = input.args.get("onlyShowActive").and_then(Value::as_bool).unwrap_or(false);
    let mut all: Vec<Pilot> = deps.table(Table::FridgeSoftwarePilots)?.scan_all().await?;
    all.retain(|p| p.active || !only_active);
    all.sort_by(|a, b| b.start_date.cmp(&a.start_date).then_with(|| a.id.cmp(&b.id)));
    Ok(json!(all))
}

/// Saves a pilot; each fridge it adds or drops gets a history record.
pub async fn put_fridge_software_pilot(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let pilot = pilots::parse(input.args.get("input").unwrap_or(&Value::Null))?;
    fleet::require_known(deps, &pilot.fridge_ids).await?;
    let table = deps.table(Table::FridgeSoftwarePilots)?;
    let old: Option<Pilot> = table.get(HashMap::from([("id".to_string(), store::s(&pilot.id))])).await?;
    table.batch_put(vec![store::to_item(&pilot)?]).await?;

    let who = input.caller()?.display().to_string();
    let at = now();
    let view = |p: &Pilot| json!({ "displayName": p.display_name, "stage": p.stage, "startDate": p.start_date, "endDate": p.end_date, "active": p.active }).to_string();
    let was: BTreeSet<&String> = old.iter().flat_map(|p| &p.fridge_ids).collect();
    let is: BTreeSet<&String> = pilot.fridge_ids.iter().collect();
    let records: Vec<_> = was
        .union(&is)
        .filter_map(|fridge| {
            let old_value = old.as_ref().filter(|_| was.contains(fridge)).map(view).unwrap_or_else(|| "null".into());
            let new_value = if is.contains(fridge) { view(&pilot) } else { "null".into() };
            (old_value != new_value).then(|| {
                let change = Change { attribute: format!("pilot.{}", pilot.id), old_value, new_value, reason: None };
                Record::new(history::entity("location", fridge), &at, &who, "Fridge software pilot", vec![change])
            })
        })
        .map(|r| store::to_item(&r))
        .collect::<Result<_, _>>()?;
    deps.table(Table::History)?.batch_put(records).await?;
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
