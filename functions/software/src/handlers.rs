//! Fridge software functions: parse at the boundary, then read or write
//! through `artifacts`, `deploy` and the store layer.
use crate::pilots::{self, Pilot, Verdict};
use crate::{artifacts, deploy, fleet, versions::ARTIFACT_TYPES};
use aws_sdk_dynamodb::types::AttributeValue;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::{store, ApiError, Bucket, Deps, Input, Table, TableRef};
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
    Ok(json!(deploy::deploy(deps, &who, request, &now()).await?))
}

pub async fn get_fridge_software_pilots(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let only_active = input.args.get("onlyShowActive").and_then(Value::as_bool).unwrap_or(false);
    let mut all: Vec<Pilot> = deps.table(Table::FridgeSoftwarePilots)?.scan_all().await?;
    all.retain(|p| p.active || !only_active);
    all.sort_by(|a, b| b.start_date.cmp(&a.start_date).then_with(|| a.id.cmp(&b.id)));
    Ok(json!(all))
}

/// Saves a pilot; each fridge it adds or drops gets a history record. A new
/// id must be free, and an edit must name the version it loaded (409
/// otherwise): the read gives the clear message, the write's condition
/// covers a save racing in between.
pub async fn put_fridge_software_pilot(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let save = pilots::parse(input.args.get("input").unwrap_or(&Value::Null))?;
    fleet::require_known(deps, &save.pilot.fridge_ids).await?;
    let table = deps.table(Table::FridgeSoftwarePilots)?;
    let key = || HashMap::from([("id".to_string(), store::s(&save.pilot.id))]);
    let old: Option<Pilot> = table.get(key()).await?;
    if pilots::check(&save, old.as_ref())? == Verdict::Replay {
        return Ok(json!(true));
    }
    if let Err(e) = put_pilot(table, &save).await {
        let ApiError::Conflict(_) = e else { return Err(e) };
        // Another save landed in between: answer as if it had been read first.
        let now: Option<Pilot> = table.get(key()).await?;
        return match pilots::check(&save, now.as_ref())? {
            Verdict::Replay => Ok(json!(true)), // it was this very save, retried at once
            Verdict::Write => Err(e),
        };
    }
    let pilot = &save.pilot;

    let who = input.caller()?.display().to_string();
    let at = now();
    let view = |p: &Pilot| {
        json!({ "displayName": p.display_name, "stage": p.stage, "startDate": p.start_date, "endDate": p.end_date, "active": p.active }).to_string()
    };
    let was: BTreeSet<&String> = old.iter().flat_map(|p| &p.fridge_ids).collect();
    let is: BTreeSet<&String> = pilot.fridge_ids.iter().collect();
    let records: Vec<_> = was
        .union(&is)
        .filter_map(|fridge| {
            let old_value = old.as_ref().filter(|_| was.contains(fridge)).map(view).unwrap_or_else(|| "null".into());
            let new_value = if is.contains(fridge) { view(pilot) } else { "null".into() };
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

/// Writes the pilot on condition that the stored one is still the one `save` replaces.
async fn put_pilot(table: TableRef<'_>, save: &pilots::Save) -> Result<(), ApiError> {
    let mut values = HashMap::new();
    let condition = match save.loaded {
        None => "attribute_not_exists(id)",
        // Pilots saved before versions read as version 0.
        Some(0) => "attribute_exists(id) AND (attribute_not_exists(#version) OR #version = :loaded)",
        Some(_) => "#version = :loaded",
    };
    if let Some(loaded) = save.loaded {
        values.insert(":loaded".to_string(), AttributeValue::N(loaded.to_string()));
    }
    table
        .client
        .put_item()
        .table_name(table.name)
        .set_item(Some(store::to_item(&save.pilot)?))
        .condition_expression(condition)
        .set_expression_attribute_names(
            save.loaded.map(|_| HashMap::from([("#version".to_string(), "version".to_string())])),
        )
        .set_expression_attribute_values(Some(values).filter(|v| !v.is_empty()))
        .send()
        .await?;
    Ok(())
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
