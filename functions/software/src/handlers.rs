//! Fridge software functions: parse at the boundary, then read or write
//! through `deploy`, `pilot_save` and the store (`store::Dynamo`).
use crate::artifacts::{self, Available};
use crate::deploy::{self, DeployArgs, Deployed};
use crate::pilots::{self, Pilot, PilotInput};
use crate::store::{Dynamo, Software};
use crate::{inventory, pilot_save, versions::ARTIFACT_TYPES};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::history;
use fleet_shared::snapshot::{self, Kind, When};
use fleet_shared::{ApiError, Deps};

/// Per software, the newest builds in the artifacts bucket.
pub async fn get_available_fridge_artifacts(
    deps: &'static Deps,
    _: Ctx,
    _: NoArgs,
) -> Result<Vec<Available>, ApiError> {
    artifacts::available(&Dynamo(deps)).await
}

/// Per software, each version and the fridges that run it, read from the table.
pub async fn get_fridge_artifacts(
    deps: &'static Deps,
    _: Ctx,
    _: NoArgs,
) -> Result<Vec<inventory::Software>, ApiError> {
    Ok(inventory::read(deps, false).await?.content)
}

/// `fridgeSoftwareSnapshot`: where to read the same answer, kept as a
/// snapshot, and how old it is (`url` null until the first one is built).
pub async fn fridge_software_snapshot(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<snapshot::Location, ApiError> {
    snapshot::locate(deps, Kind::FridgeSoftware).await
}

/// The scheduled rebuild of the software snapshot (mends what a deployment's own rebuild missed).
pub async fn rebuild_fridge_software_snapshot(
    deps: &'static Deps,
    ctx: Ctx,
    _: NoArgs,
) -> Result<snapshot::Rebuilt, ApiError> {
    inventory::rebuild(deps, deps, When::OlderThan(inventory::MIN_AGE_SECONDS), ctx.now).await
}

/// `updateFridgeArtifacts`: the fridges that run the version now.
pub async fn update_fridge_artifacts(
    deps: &'static Deps,
    ctx: Ctx,
    args: DeployArgs,
) -> Result<Vec<Deployed>, ApiError> {
    let request = deploy::Request::new(&args)?;
    let who = ctx.caller()?.display().to_string();
    let answer = deploy::deploy(&Dynamo(deps), &who, request, &ctx.now_text()).await?;
    // The deployment landed whatever happens next: a snapshot that cannot be
    // rebuilt now is rebuilt by the schedule, so it is logged, not refused.
    if let Err(e) = inventory::rebuild(deps, deps, When::Now, ctx.now).await {
        tracing::warn!(error = %e, "the software snapshot was not rebuilt after a deployment");
    }
    Ok(answer)
}

#[derive(Debug, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PilotsArgs {
    #[serde(default)]
    only_show_active: Option<bool>,
}

/// `getFridgeSoftwarePilots(onlyShowActive)`: newest start first.
pub async fn get_fridge_software_pilots(deps: &'static Deps, _: Ctx, args: PilotsArgs) -> Result<Vec<Pilot>, ApiError> {
    let only_active = args.only_show_active.unwrap_or(false);
    let mut all: Vec<Pilot> = Dynamo(deps).pilots().await?;
    all.retain(|p| p.active || !only_active);
    all.sort_by(|a, b| b.start_date.cmp(&a.start_date).then_with(|| a.id.cmp(&b.id)));
    Ok(all)
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct PutPilotArgs {
    input: PilotInput,
}

/// Saves a pilot (`pilot_save`): `true`, also for a retry of a save that landed.
pub async fn put_fridge_software_pilot(deps: &'static Deps, ctx: Ctx, args: PutPilotArgs) -> Result<bool, ApiError> {
    let save = pilots::parse(&args.input)?;
    let who = ctx.caller()?.display().to_string();
    pilot_save::save(&Dynamo(deps), &save, &who, &ctx.now_text()).await?;
    Ok(true)
}

/// Past deployments of one software, newest first, each listing its fridges'
/// old and new versions (what Roll back redeploys).
pub async fn fridge_software_deployments(
    deps: &'static Deps,
    _: Ctx,
    args: DeploymentsArgs,
) -> Result<history::HistoryPage, ApiError> {
    let artifact_type = args.artifact_type.as_str();
    if !ARTIFACT_TYPES.contains(&artifact_type) {
        return Err(ApiError::bad_request(format!(
            "Unknown software: {}",
            fleet_shared::limits::echoed(artifact_type)
        )));
    }
    let entity = history::entity("deployment", artifact_type);
    history::page_of(deps, &entity, args.next_token.as_deref()).await
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentsArgs {
    artifact_type: String,
    #[serde(default)]
    next_token: Option<String>,
}
