//! The builds offered per software: the file names under `{ARTIFACT_TYPE}/`
//! in the artifacts bucket (read through the store), filtered and ordered by
//! `versions`.
use crate::store::Software;
use crate::versions::{self, AvailableVersion, ARTIFACT_TYPES};
use fleet_shared::ApiError;
use futures::future::try_join_all;
use serde::Serialize;

#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Available {
    pub artifact_type: &'static str,
    pub available_versions: Vec<AvailableVersion>,
}

/// The versions offered for one software.
pub async fn available_for<S: Software>(store: &S, artifact_type: &'static str) -> Result<Available, ApiError> {
    let names = store.builds(artifact_type).await?;
    Ok(Available {
        artifact_type,
        available_versions: versions::newest(artifact_type, names.iter().map(String::as_str)),
    })
}

/// The versions offered for every software (the eight listings run at once).
pub async fn available<S: Software>(store: &S) -> Result<Vec<Available>, ApiError> {
    try_join_all(ARTIFACT_TYPES.iter().map(|t| available_for(store, t))).await
}
