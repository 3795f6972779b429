//! The artifacts bucket: builds under `{ARTIFACT_TYPE}/`, and the deployment
//! manifests under `deployments/{fridgeId}/{ARTIFACT_TYPE}.json` that each
//! fridge's agent polls.
use crate::versions::{self, AvailableVersion, ARTIFACT_TYPES};
use aws_sdk_s3::primitives::ByteStream;
use fleet_shared::{store, ApiError, BucketRef};
use futures::future::try_join_all;
use serde::Serialize;
use serde_json::Value;

/// Every object name under a prefix (ListObjectsV2, page by page).
pub async fn names_under(bucket: BucketRef<'_>, prefix: &str) -> Result<Vec<String>, ApiError> {
    let (names, _) = store::pages(None, None, |token: Option<String>, _| async move {
        let page = bucket
            .client
            .list_objects_v2()
            .bucket(bucket.name)
            .prefix(prefix)
            .set_continuation_token(token)
            .send()
            .await?;
        let names = page
            .contents()
            .iter()
            .filter_map(|o| o.key()?.strip_prefix(prefix))
            .map(str::to_string)
            .collect::<Vec<_>>();
        Ok((names, page.next_continuation_token().map(str::to_string)))
    })
    .await?;
    Ok(names)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Available {
    pub artifact_type: &'static str,
    pub available_versions: Vec<AvailableVersion>,
}

/// The versions offered for one software.
pub async fn available_for(bucket: BucketRef<'_>, artifact_type: &'static str) -> Result<Available, ApiError> {
    let names = names_under(bucket, &format!("{artifact_type}/")).await?;
    Ok(Available {
        artifact_type,
        available_versions: versions::newest(artifact_type, names.iter().map(String::as_str)),
    })
}

/// The versions offered for every software (the eight listings run at once).
pub async fn available(bucket: BucketRef<'_>) -> Result<Vec<Available>, ApiError> {
    try_join_all(ARTIFACT_TYPES.iter().map(|t| available_for(bucket, t))).await
}

pub fn manifest_key(fridge_id: &str, artifact_type: &str) -> String {
    format!("deployments/{fridge_id}/{artifact_type}.json")
}

/// Writes (or rewrites, on a retry) a fridge's deployment manifest.
pub async fn put_manifest(bucket: BucketRef<'_>, key: &str, manifest: &Value) -> Result<(), ApiError> {
    let body = serde_json::to_vec_pretty(manifest).map_err(ApiError::internal)?;
    bucket
        .client
        .put_object()
        .bucket(bucket.name)
        .key(key)
        .content_type("application/json")
        .body(ByteStream::from(body))
        .send()
        .await?;
    Ok(())
}
