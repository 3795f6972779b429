//! Where the fleet health snapshot lives (see `crate::snapshot`): one object
//! of the Snapshots bucket, its age and size in its metadata so a HeadObject
//! answers them without a read.
use super::Dynamo;
use chrono::{DateTime, Utc};
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::{ApiError, Bucket, Table};
use std::future::Future;
use std::time::Duration;

/// The object's key in the Snapshots bucket.
pub const KEY: &str = "fleet-health.json";
const AS_OF: &str = "as-of";
const FRIDGES: &str = "fridges";

/// What the stored snapshot's metadata tells.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored {
    pub as_of: DateTime<Utc>,
    pub fridges: i64,
}

pub trait SnapshotStore: Sync {
    /// The stored snapshot's age and size; None when there is none (or its
    /// metadata is unreadable, so the next rebuild replaces it).
    fn stored(&self) -> impl Future<Output = Result<Option<Stored>, ApiError>> + Send;
    /// Every fridge's readable health record: one Scan of FridgeHealth.
    fn all_health(&self) -> impl Future<Output = Result<Vec<FridgeHealth>, ApiError>> + Send;
    /// Replaces the snapshot with `gzipped` JSON.
    fn put(&self, gzipped: Vec<u8>, as_of: &str, fridges: usize) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A GET of the snapshot that works for `seconds`.
    fn url(&self, seconds: u64) -> impl Future<Output = Result<String, ApiError>> + Send;
}

fn s3_error<E: std::error::Error + Send + Sync + 'static>(e: aws_sdk_s3::error::SdkError<E>) -> ApiError {
    ApiError::internal(aws_sdk_s3::error::DisplayErrorContext(e))
}

impl SnapshotStore for Dynamo {
    async fn stored(&self) -> Result<Option<Stored>, ApiError> {
        let b = self.0.bucket(Bucket::Snapshots)?;
        let out = match b.client.head_object().bucket(b.name).key(KEY).send().await {
            Ok(out) => out,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_not_found()) => return Ok(None),
            Err(e) => return Err(s3_error(e)),
        };
        let meta = out.metadata.unwrap_or_default();
        let as_of = meta.get(AS_OF).and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc));
        Ok(as_of.map(|as_of| Stored { as_of, fridges: meta.get(FRIDGES).and_then(|n| n.parse().ok()).unwrap_or(0) }))
    }

    async fn all_health(&self) -> Result<Vec<FridgeHealth>, ApiError> {
        let items: Vec<serde_json::Value> = self.0.table(Table::FridgeHealth)?.scan_all().await?;
        // One unreadable record must not take the whole fleet's page down: it is left out, and logged.
        Ok(items
            .into_iter()
            .filter_map(|item| match serde_json::from_value(item) {
                Ok(health) => Some(health),
                Err(e) => {
                    tracing::warn!(error = %e, "a health record the snapshot cannot read was left out");
                    None
                }
            })
            .collect())
    }

    async fn put(&self, gzipped: Vec<u8>, as_of: &str, fridges: usize) -> Result<(), ApiError> {
        let b = self.0.bucket(Bucket::Snapshots)?;
        b.client
            .put_object()
            .bucket(b.name)
            .key(KEY)
            .content_type("application/json")
            .content_encoding("gzip")
            // Each presigned URL is read once; a cached copy would hide the next minute's.
            .cache_control("no-store")
            .metadata(AS_OF, as_of)
            .metadata(FRIDGES, fridges.to_string())
            .body(gzipped.into())
            .send()
            .await
            .map_err(s3_error)?;
        Ok(())
    }

    async fn url(&self, seconds: u64) -> Result<String, ApiError> {
        let b = self.0.bucket(Bucket::Snapshots)?;
        let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(Duration::from_secs(seconds))
            .map_err(ApiError::internal)?;
        let request = b.client.get_object().bucket(b.name).key(KEY).presigned(config).await.map_err(s3_error)?;
        Ok(request.uri().to_string())
    }
}
