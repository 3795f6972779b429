//! The Snapshots bucket (see `crate::snapshot`): one object per kind, its age
//! and size in its metadata so a HeadObject answers them without a read.
use crate::snapshot::{Kind, SnapshotObjects, Stored};
use crate::{ApiError, Bucket, Deps};
use chrono::{DateTime, Utc};
use std::time::Duration;

const AS_OF: &str = "as-of";
const FRIDGES: &str = "fridges";

fn s3_error<E: std::error::Error + Send + Sync + 'static>(e: aws_sdk_s3::error::SdkError<E>) -> ApiError {
    ApiError::internal(aws_sdk_s3::error::DisplayErrorContext(e))
}

impl SnapshotObjects for Deps {
    async fn stored(&self, kind: Kind) -> Result<Option<Stored>, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let out = match b.client.head_object().bucket(b.name).key(kind.key()).send().await {
            Ok(out) => out,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_not_found()) => return Ok(None),
            Err(e) => return Err(s3_error(e)),
        };
        let meta = out.metadata.unwrap_or_default();
        let as_of = meta.get(AS_OF).and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc));
        Ok(as_of.map(|as_of| Stored { as_of, fridges: meta.get(FRIDGES).and_then(|n| n.parse().ok()).unwrap_or(0) }))
    }

    async fn put(&self, kind: Kind, gzipped: Vec<u8>, as_of: &str, fridges: usize) -> Result<(), ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        b.client
            .put_object()
            .bucket(b.name)
            .key(kind.key())
            .content_type("application/json")
            .content_encoding("gzip")
            // Each presigned URL is read once; a cached copy would hide the next build.
            .cache_control("no-store")
            .metadata(AS_OF, as_of)
            .metadata(FRIDGES, fridges.to_string())
            .body(gzipped.into())
            .send()
            .await
            .map_err(s3_error)?;
        Ok(())
    }

    async fn url(&self, kind: Kind, seconds: u64) -> Result<String, ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        let config = aws_sdk_s3::presigning::PresigningConfig::expires_in(Duration::from_secs(seconds))
            .map_err(ApiError::internal)?;
        let request = b.client.get_object().bucket(b.name).key(kind.key()).presigned(config).await.map_err(s3_error)?;
        Ok(request.uri().to_string())
    }
}

impl Deps {
    /// Forgets the stored snapshot of `kind`, so the next scheduled rebuild builds one at once.
    pub async fn forget_snapshot(&self, kind: Kind) -> Result<(), ApiError> {
        let b = self.bucket(Bucket::Snapshots)?;
        b.client.delete_object().bucket(b.name).key(kind.key()).send().await.map_err(s3_error)?;
        Ok(())
    }
}
